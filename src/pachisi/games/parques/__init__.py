"""Parqués, Colombia's game of the family (docs/games/parques.md; the readings of es.wikipedia «Parqués»,
kiddle/gamicus/fandom «Parqués», beharhome «Las reglas del parqués», 3dparques and facilycotidiano).

The 68-square ring of Parchís with its twelve seguros, approaches of seven and cielo in the centre; two
dice.  Every piece starts in the cárcel (jail) and leaves it only with a pair: 1-1 and 6-6 free every jailed
piece, the other pairs two (super_pairs; off: every pair frees all), onto the own salida, whose opponents go
to jail.  Freeing two or more uses both dice; freeing one uses one die, and the other must move another
piece when one can.  With pieces out, freeing is optional.  While no piece is on the track the player
throws up to three times for a pair.  Each die moves a piece (one piece may take both, landing on the
middle square); the dice must be used when they can, a die no piece can use is lost.  Ending on an
opponent's piece off the seguros sends it to jail; pieces share squares freely, nothing blocks.  Cielo by
exact count.  Every pair throws again; the third pair in a row is not played: a piece of the player's
choice (on the track, else a jailed one) goes straight to cielo and the turn ends.  A player who could
have captured and did not may be blown (soplar): an opponent sends the piece that could have captured to
jail (soplar=claim; or at once, only capturing plays, or never).  Four pieces in cielo win.
"""
from collections import namedtuple

from ...engine import kernel as K
from ...engine.game import Move
from ...engine.options import Option
from ...engine.position import take_count
from ...i18n import Text
from .. import race, track
from ..claim import CalledCapture
from ..race import PIECES, POS
from ..track_rules import G_EXTRA, G_RUN, G_TURN_ROLLS
from .rules import (CALL, CIELO, EXIT, G_CLAIM, G_STAKE, G_TRIES, NOCALL, R_CALLING, R_CIELO_JAILED,
                    R_FREED_WAITS, R_JAILED, R_NO_CALL, R_NO_PAIR, R_NOT_AT_STAKE, R_NOT_JAILED, R_NOT_THIRD,
                    R_THIRD, SIZE, SOPLAR_AUTO, SOPLAR_CLAIM, SOPLAR_FORCED, SOPLAR_OFF, STEP, ParquesEngine)

REASONS = dict(track.REASONS)
REASONS.update({
    R_JAILED: "a piece in jail leaves only when a pair frees it (a move written like 3a+)",
    R_NO_PAIR: "pieces leave jail only with a pair, both dice still unused",
    R_NOT_JAILED: "that piece is not in jail",
    R_FREED_WAITS: "the piece freed alone waits: the other die must move another piece",
    R_THIRD: "the third pair in a row is not played: send a piece straight to cielo",
    R_NOT_THIRD: "a piece goes straight to cielo only on the third pair in a row",
    R_CIELO_JAILED: "a piece on the track goes to cielo, not one in jail",
    R_CALLING: "a missed capture may be blown now: blow it or let it pass",
    R_NO_CALL: "there is no missed capture to blow",
    R_NOT_AT_STAKE: "that piece could not have captured, or is out of reach",
})

ParquesTab = namedtuple("ParquesTab", track.TRACK + " super_pairs eleven_pair tries soplar")
SOPLAR = {"off": SOPLAR_OFF, "claim": SOPLAR_CLAIM, "auto": SOPLAR_AUTO, "forced": SOPLAR_FORCED}


class Parques(CalledCapture, track.SeatedRing68Game):
    """Places (docs/games/parques.md): -1 jail, 0 own salida .. 63 own tip, 64..70 approach, 71 cielo."""
    name = "parques"
    title = "Parqués"
    familiarity = 3
    story = {**track.Ring68Game.story, "void_runs": False, "penalty": "missed"}
    move_kinds = 5              # RL: the kinds of move its rules make (rules.pxd)
    aliases = ("паркес", "parqués", "parques-co")
    rules = ParquesEngine
    reasons = REASONS
    colours = ("yellow", "blue", "red", "green")
    layout_end = SIZE
    kind_marks = {STEP: "", EXIT: "+"}
    yard_name = "jail"
    goal_name = "cielo"
    notation_help = ("a move is written die and piece (3a), a pair freeing pieces from jail die, piece and + (3a+), "
                     "the third pair's piece to cielo cielo-a; a missed capture call-a (blow it) or nocall")
    place_help = "-1 jail, 0..63 ring from the own salida, 64..70 approach, 71 cielo"
    call_kind, nocall_kind = CALL, NOCALL
    called_to = -1
    claim_option = "soplar=claim"
    call_words = "blow the missed capture (soplar): piece {piece} goes to jail"
    options = (
        Option("super_pairs", True, "1-1 and 6-6 free every jailed piece, the other pairs two (off: every pair "
               "frees all)", kind=bool, title="1-1 and 6-6 free all"),
        Option("eleven_is_pair", False, "a 5-6 counts as a pair (it frees two pieces and throws again)",
               kind=bool, title="5-6 is a pair"),
        Option("tries", 3, "throws for a pair while no own piece is on the track", (1, 2, 3), int,
               title="Tries for a pair"),
        Option("soplar", "claim", "a player who could have captured and did not: an opponent may send the piece "
               "that could have captured to jail before the next throw (claim), it goes at once (auto), only "
               "capturing plays are legal (forced), or nothing happens (off)", tuple(SOPLAR),
               title="Blowing a missed capture (soplar)",
               names={"claim": "an opponent may blow it", "auto": "blown at once",
                      "forced": "you must capture", "off": "no duty to capture"}),
        Option("play_for_places", True, "after the winner the others play on for the places", kind=bool,
               title="Play on for the places"),
        race.first_player_option(),
        track.SEATS,
    )
    presets = {
        "seed": {},
        "tournament": {"super_pairs": False, "eleven_is_pair": True},
        "no-soplar": {"soplar": "off"},
    }
    preset_titles = {
        "tournament": ("Tournament rules", "every pair frees all jailed pieces, and 5-6 counts as a pair"),
        "no-soplar": ("No soplar", "a missed capture is not punished"),
    }

    def tables(self):
        o = self.opts
        return ParquesTab(*self.track_tables(2, self.safe_squares()), int(o["super_pairs"]),
                          int(o["eleven_is_pair"]), int(o["tries"]), SOPLAR[o["soplar"]])

    @property
    def claim_at(self):
        return G_CLAIM + self.shift

    @property
    def stake_at(self):
        return G_STAKE + self.shift

    @property
    def extra_at(self):
        return G_EXTRA + self.shift

    @property
    def observation_ops(self):
        return (("claim", self.claim_at, self.stake_at),)    # as rl/batch.pyx writes it

    def claim_allowed(self):
        return self.opts["soplar"] == "claim"

    def stake_problem(self, arr, offender, k):
        p = int(arr[POS + offender * PIECES + k])
        if not 0 < p < self.ring_size:
            return Text("is not on the ring off its salida, so it cannot be blown")
        return None

    def claim_place(self, p):
        return self.rel(p)

    def move_story(self, move, dice=None):
        if move.kind == CALL:
            return {"say": "log.soplar", "piece": self.piece_letter(move)}
        if move.kind == CIELO:
            return {"say": "log.cielo", "piece": self.piece_letter(move)}
        return super().move_story(move, dice)

    def move_words(self, move, dice=None):
        if move.kind == CIELO:
            return Text("the third pair: piece {piece} straight to cielo", piece=self.piece_letter(move))
        return super().move_words(move, dice)

    def square_capacity(self):
        return 16

    def square_problem(self, g, who):
        if len({q for q, _ in who}) > 1 and not self.is_safe(g):
            return Text("pieces of different colours share a square that is not safe")
        return None

    # -- moves ------------------------------------------------------------------------------
    def move_text(self, arr, slot, k, kind):
        if kind == CIELO:
            return f"cielo-{self.piece_names[k]}"
        return super().move_text(arr, slot, k, kind)

    def describe(self, arr, action):
        slot, k, kind = K.decode_action(action)
        if kind == CIELO and k < PIECES:
            pl = int(arr[K.H_PLAYER])
            return Move(action, pl, 0, k, kind, self.rel(arr[POS + pl * PIECES + k]), self.goal_rel(),
                        self.move_text(arr, slot, k, kind))
        return self.claim_move(arr, action) or super().describe(arr, action)

    def parse_notation(self, arr, text):
        claim = self.claim_notation(text)
        if claim:
            return claim
        if text.startswith("cielo-") and text[6:] in self.piece_names:
            return [(0, self.piece_names.index(text[6:]), CIELO)]
        return super().parse_notation(arr, text)

    def where(self, move):
        if move.kind == NOCALL:
            return "", ""
        return super().where(move)

    def whole_roll_reason(self):
        if self.opts["soplar"] == "forced":
            return ("the dice must be used when they can and, when some such play captures, the play must "
                    "capture; this move leads to no such play")
        return "the dice must be used when they can: this move leaves a die unplayed where another play uses both"

    # -- the moment of a turn: pairs in a row, tries, a missed capture that may be blown -------
    turn_keys = ("pairs", "extra_rolls", "tries", "claim")
    run_name = "pairs"

    def rolled_run(self, roll):
        return roll[0] == roll[1] or (self.opts["eleven_is_pair"] and sum(roll) == 11)

    def run_to_json(self, arr):
        turn = super().run_to_json(arr)
        if arr[self.shift + G_TRIES]:
            turn["tries"] = int(arr[self.shift + G_TRIES])
        return turn

    def turn_to_json(self, arr):
        claim = self.claim_to_json(arr)
        if claim is None:
            return super().turn_to_json(arr)
        turn = self.run_to_json(arr)
        turn.update(claim)
        return turn

    def turn_from_json(self, arr, turn):
        tries = take_count(turn, "tries", 0, self.opts["tries"])
        opened = self.claim_from_json(arr, turn)
        if not opened:
            super().turn_from_json(arr, turn)
        else:
            arr[self.shift + G_RUN] = take_count(turn, self.run_name, 0, self.run_limit())
        arr[self.shift + G_TRIES] = tries
        if tries or opened:
            arr[self.shift + G_TURN_ROLLS] = 1


GAME = Parques
