"""Parcheesi (the rule text «Parcheesi stalo žaidimas»; docs/games/parcheesi.md).

The 68-space ring of Parchís with two dice.  A pawn leaves the nest onto its
entry space on a die showing 5, or on both dice summing to 5 (5-5 may bring
out two); entering comes before everything while a pawn is in the nest and
entry is possible.  Each die moves one pawn, or one pawn takes both dice in
parts, so that it may capture on the way and is stopped by a blockade on the
way.  All dice must be used; of plays using fewer, those using the most pips
(when only one die can be used, the larger).  A double gives the two top
values and, once all four pawns are out of the nest when it is rolled, the
two bottom values too (d, d, 7-d, 7-d: 14 in all), and then a roll again.

A pawn ending on a lone opponent pawn captures it, except on a safe space;
a safe space never holds two colours, but a pawn entering captures a lone
opponent pawn on its entry space.  Two pawns of one colour are a blockade:
nobody passes it, its owner included, nobody lands on it, and its two pawns
may not both move on to one new space in the same roll.  A pawn may pass its
home row and go round again (may_pass_home_row).  A capture earns 20 and a
pawn reaching Home 10, each played after all dice by one pawn, exactly, or
lost; bonuses chain.  Home by exact count; four pawns Home win.  Options: the
third double in a row is not played and the pawn farthest along goes back to
the nest (the "Hasbro standard" preset); a local limit on the turns a blockade
may stand; team play (`teams`, the family notes' general proposal): partners
opposite, a partner's pawn stacks as an own one and is never captured,
blockades stay one colour, the team wins when all eight pawns are Home, and a
finished player moves his partner's pawns (`partner_plays`).
"""
from collections import namedtuple
import re

from ...engine import kernel as K
from ...engine.game import GameError
from ...engine.options import Option, OptionError
from ...i18n import Text, plural
from .. import race, track
from ..race import PIECES, POS
from ..track_rules import G_TURN_ROLLS
from .rules import (AGE, TSTART, GO_ROUND, R_NEST_FIVE, R_NO_PASSING, R_NO_SUM, R_NOT_PAST, R_TWO_PAWNS, SIZE, STEP,
                   SUM, ParcheesiEngine)

REASONS = dict(track.REASONS)
REASONS.update({
    R_NEST_FIVE: "a pawn leaves the nest only on a 5 or a sum of 5",
    R_NO_SUM: "entering on the sum needs both dice of this roll unused and summing to 5, "
              "and the pawn in the nest",
    R_NO_PASSING: "a pawn may not pass its home row (may_pass_home_row is off)",
    R_NOT_PAST: "this move does not reach past the pawn's home-row turn-off",
    R_TWO_PAWNS: "two pawns already stand there (a pawn and its partner's, or an opposing pair)",
    track.R_BLOCKED: "a blockade stands in the way: nobody passes it, its owner included",
    track.R_FULL: "two own pawns already stand there",
    track.R_BLOCK_LAND: "a blockade stands there",
    track.R_YARD_BONUS: "a pawn in the nest can only enter, not take a bonus",
})

SAFETIES = (0, 5, 12, 17, 22, 29, 34, 39, 46, 51, 56, 63)      # space numbers

ParcheesiTab = namedtuple("ParcheesiTab", track.TRACK + " must_enter may_pass three_doubles blockade_turns")


# -- the game ------------------------------------------------------------------------------------
class Parcheesi(track.Ring68Game):
    """Places (docs/games/parcheesi.md): -1 nest, 0 own entry space .. 63 own turn-off,
    64..70 home row, 71 Home; 72..75 are the ring spaces past the turn-off,
    reached only by a pawn that passed its home row."""
    name = "parcheesi"
    title = "Parcheesi"
    familiarity = 2
    story = {**track.Ring68Game.story, "penalty": "doubles"}
    move_kinds = 3              # RL: the kinds of move its rules make (rules.pxd)
    aliases = ("pachisi-us",)
    rules = ParcheesiEngine
    reasons = REASONS
    colours = ("green", "red", "blue", "yellow")
    layout_end = SIZE
    kind_marks = {STEP: "", GO_ROUND: ">", SUM: ""}
    yard_name = "nest"
    goal_name = "home"
    notation_help = ("a move is written die (or bonus) and pawn, '>' to go round past the home row, "
                     "or the two dice of a sum entry: 5a, 3b, 4c>, 20d, 2+3a")
    place_help = "-1 nest, 0..63 ring from the own entry space, 64..70 home row, 71 Home, 72..75 ring past the turn-off"
    options = (
        Option("must_enter_on_five", True, "a 5 (or a sum of 5) must bring a pawn out of the nest "
               "when entry is possible, before anything else", kind=bool, title="A 5 must bring a pawn out"),
        Option("may_pass_home_row", True, "a pawn may pass its home row and go round again", kind=bool,
               title="Go round past the home row"),
        Option("three_doubles_penalty", False, "the third double in a row is not played and the pawn "
               "farthest along (home row included) goes back to the nest", kind=bool,
               title="Third double is punished"),
        Option("blockade_turns", 0, "a local limit: a blockade that has stood through this many of its "
               "owner's turns must be broken when the roll can break it (0: no limit)", (0, 1, 2, 3), int,
               title="Blockade time limit", names={0: "no limit"}),
        race.PLAY_FOR_PLACES,
        race.first_player_option(),
        race.TEAMS,
        race.PARTNER_PLAYS,
    )
    presets = {
        "seed": {},
        "hasbro": {"three_doubles_penalty": True, "may_pass_home_row": False},
    }
    preset_titles = {
        "hasbro": ("Hasbro rules",
                   "the third double sends your leading pawn home; no going round past the home row"),
    }

    def tables(self):
        o = self.opts
        if self.teams and o["blockade_turns"]:
            raise OptionError("blockade_turns counts the turns of a blockade's owner, and in team play a "
                              "finished player moves his partner's pawns in his own turns: play teams without it")
        return ParcheesiTab(*self.track_tables(2, [(n - 5) % 68 for n in SAFETIES]),
                            int(o["must_enter_on_five"]), int(o["may_pass_home_row"]),
                            int(o["three_doubles_penalty"]), int(o["blockade_turns"]))

    def max_rel(self):
        return self.goal_rel() + (4 if self.opts["may_pass_home_row"] else 0)

    def move_text(self, arr, slot, k, kind):
        if kind == SUM:
            a, b = sorted((int(arr[K.H_DICE]), int(arr[K.H_DICE + 1])))
            return f"{a}+{b}{self.piece_names[k]}"
        return super().move_text(arr, slot, k, kind)

    _SUM = re.compile(r"^([1-4])\+([1-4])([a-d])$")
    kind_words = {GO_ROUND: "go round again"}

    def _sum(self, move):
        """What a move plays, written as it is said: "2 + 3" for a sum entry, else None (its die)."""
        return " + ".join(self._SUM.match(move.text).groups()[:2]) if move.kind == SUM else None

    def move_words(self, move, dice=None):
        return super().move_words(move, self._sum(move))

    def move_story(self, move, dice=None):
        return super().move_story(move, self._sum(move))

    def parse_notation(self, arr, text):
        m = self._SUM.match(text)
        if m:
            return [(0, "abcd".index(m.group(3)), SUM)]
        return super().parse_notation(arr, text)

    def square_problem(self, g, who):
        if len(self.sides(who)) > 1:
            return Text("pawns of opposing teams never share a space" if self.teams
                        else "pawns of different colours never share a space")
        if len(who) > 2:
            return Text(plural("{count} pawn on one space (at most 2)", "{count} pawns on one space (at most 2)"),
                        count=len(who))
        return None

    def square_label(self, g):
        return str((g + 5) % 68)

    # -- the moment of a turn: doubles rolled, a pending bonus, blockades' ages -----------------
    turn_keys = ("doubles", "bonus", "turn_start", "blockade_age")
    run_name = "doubles"

    def run_limit(self):
        return 2 if self.opts["three_doubles_penalty"] else None

    def rolled_run(self, roll):
        return roll[0] == roll[1]

    def run_to_json(self, arr):
        turn = super().run_to_json(arr)
        if self.opts["blockade_turns"]:
            if arr[G_TURN_ROLLS]:
                turn["turn_start"] = [self.rel(arr[TSTART + k]) for k in range(PIECES)]
            ages = [[int(arr[AGE + q * PIECES + k]) for k in range(PIECES)] for q in range(self.players)]
            if any(any(row) for row in ages):
                turn["blockade_age"] = ages
        return turn

    def turn_from_json(self, arr, turn):
        if not self.opts["blockade_turns"]:
            for key in ("turn_start", "blockade_age"):
                if key in turn:
                    raise GameError("turn: {key} matters only with blockade_turns (a limit on the turns a "
                                    "blockade may stand)", key=key)
        start, ages = turn.pop("turn_start", None), turn.pop("blockade_age", None)
        super().turn_from_json(arr, turn)
        pl = int(arr[K.H_PLAYER])
        if start is None:
            arr[TSTART:TSTART + PIECES] = arr[POS + pl * PIECES:POS + (pl + 1) * PIECES]
        else:
            if not isinstance(start, list) or len(start) != PIECES:
                raise GameError(plural("turn: turn_start lists where the {count} pawn of the player to move stood "
                                       "when the turn began, not {value}",
                                       "turn: turn_start lists where the {count} pawns of the player to move stood "
                                       "when the turn began, not {value}"), count=PIECES, value=start)
            for k, value in enumerate(start):
                rel = self.parse_place(Text("turn_start pawn {piece}", piece=self.piece_names[k]), value)
                arr[TSTART + k] = -1 if rel < 0 else self.internal(rel)
            arr[G_TURN_ROLLS] = 1
        if ages is not None:
            if (not isinstance(ages, list) or len(ages) != self.players
                    or not all(isinstance(row, list) and len(row) == PIECES
                               and all(isinstance(a, int) and not isinstance(a, bool) and a >= 0 for a in row)
                               for row in ages)):
                raise GameError("turn: blockade_age lists for every player the turns each pawn has stood in "
                                "the same blockade, like [[0, 0, 2, 2], ...], not {value}", value=ages)
            for q, row in enumerate(ages):
                for k, a in enumerate(row):
                    arr[AGE + q * PIECES + k] = a

    def whole_roll_reason(self):
        return ("a 5 must enter a pawn when it can; then the roll must use as many dice as possible "
                "(the larger when only one can be used), and a blockade may not move on together")


GAME = Parcheesi
