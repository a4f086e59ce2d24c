"""Pachisi, India's game of the cross and the cowries (docs/games/pachisi.md; the readings of Tylor 1879,
boardgamesoftheworld, baronyofthreemountains, onlinewizz, Parlett's summary and Ludii's Pachisi).

The cloth: a cross of four arms of 3x8 squares round the charkoni, twelve castles (the tips and the
fourth squares from the end of every arm's outer columns).  Four players, partners opposite (1 and 3
against 2 and 4); two people play two opposite colours each.  Each throws six cowries; the shells
mouth up give the throw: 0 up 25, 1 up 10 (both graces), 2 to 5 up their number, 6 up 6 (a grace).
A turn is a sequence of throws: each moves one piece by its whole value, or is left unused (moving is
not compulsory), and a grace throws again.  All sixteen pieces start in the charkoni: a player's first
piece enters with any throw, moved by its value; every later piece, and a captured one, needs a grace,
spent putting it on the first square of its column.  Pieces go down their own column, counter-clockwise
round the circuit and back up the column to the charkoni, home by exact throw (no throw is 1: a grace
bears off a piece on the last square); at its tip a piece may go round again.  Ending on an open square holding enemy pieces captures them all (back to the
charkoni) and throws again; a castle holding a piece of the other team is closed to it.  A player whose
pieces are all home stops throwing; the team whose eight are home first wins.  With blockades (off: onlinewizz,
doubted by Parlett) two or more pieces of one player on a circuit square bar every single piece from passing or
landing; two pieces of a place may move together by one throw, pass blockades, and alone capture one.

Presets: modern (the above), tylor1879 (Tylor's values 6, 10, 2, 3, 4, 25, 12: only das (10) and
pachisi (25) bring a piece out, moved by that throw; they also bear off a piece stuck on its last
square) and jones7 (seven cowries: only 10, 25 and 35 bring a piece out; 7 and 14 throw again only
with a piece out), herklots1832 (Herklots: the Tylor values thrown until a throw that is not a grace
(throw_mode=collect), then played in any order; a pachisi adds a move of 1, the only way in; three equal
throws in a row do not count)."""
from collections import namedtuple
from fractions import Fraction
from math import comb, gcd
import re

from ...engine import kernel as K
from ...engine.game import GameError, IllegalMove, Move
from ...engine.options import Option
from ...i18n import Text
from .. import race
from .. import cloth
from ..cloth import CLOTH, ClothGame, cloth_tables
from ..cloth_rules import CHARKONI, R_CASTLE, R_NO_DIE, R_OVERSHOOT
from ..race import PIECES, POS
from .rules import (ENTER, G_FRESH, G_KEPT, G_NKEPT, PAIR, PAIR_ROUND, PASS, R_BLOCKADE, R_ENTER_ORDER, R_MUST_MOVE,
                    R_NO_ENTRY, R_NO_ROUND, R_NOT_WAITING, R_WAITS, ROUND, SIZE, STEP, PachisiEngine)

REASONS = {
    **cloth.REASONS,
    R_NO_DIE: "no throw is left to play",
    R_OVERSHOOT: "home is reached by exact throw: this throw overshoots it",
    R_CASTLE: "a castle holding a piece of the other team is closed to you",
    R_WAITS: "a piece in the charkoni has to enter first (a move written like 25a+)",
    R_NOT_WAITING: "that piece is not in the charkoni",
    R_NO_ROUND: "a piece goes round again only from the circuit, past its own tip",
    R_MUST_MOVE: "a throw some piece can play must be played (must_move)",
    R_ENTER_ORDER: "the pieces in the charkoni are alike: the first of them (lowest letter) enters",
    R_NO_ENTRY: "this throw brings no piece out of the charkoni",
    R_BLOCKADE: "a blockade (two pieces of one player on a square) bars single pieces: it may be neither passed nor "
                "landed on",
}

# the cowrie tables: a throw's value by the shells mouth up (0, 1, ... n), and the graces
TABLES = {
    "modern": ((25, 10, 2, 3, 4, 5, 6), (25, 10, 6)),
    "herklots": ((6, 10, 2, 3, 4, 25, 12), (6, 10, 25, 12)),
    "jones7": ((7, 10, 2, 3, 4, 25, 35, 14), (7, 10, 25, 35, 14)),
    "herklots7": ((6, 10, 2, 3, 4, 25, 30, 12), (6, 10, 25, 30, 12)),
}
ENTERS = {"graces": None, "das_pachisi": (10, 25), "big": (10, 25, 35), "one": (1,)}

PachisiTab = namedtuple("PachisiTab", "faces weights " + CLOTH + " graces enters enter_counts first_free must_move "
                                      "capture_rethrow second_circuit bear_off grace_needs_piece collect pachisi_one "
                                      "three_void blockades")


def bitset(values):
    return sum(1 << v for v in set(values))


def cowrie_weights(shells, p):
    """The throw's weights by shells mouth up: C(n, k) p^k (1 - p)^(n - k) as whole numbers (p an exact
    Fraction), divided by their common factor."""
    a, b = p.numerator, p.denominator
    weights = [comb(shells, k) * a ** k * (b - a) ** (shells - k) for k in range(shells + 1)]
    g = gcd(*weights)
    return tuple(w // g for w in weights)


class Pachisi(ClothGame):
    """Places (docs/games/pachisi.md): 0 the charkoni (waiting), 1..7 the own column outward, 8 the own
    tip, 8..76 the circuit (76: the own tip again), 77..83 the own column inward, 84 home."""
    name = "pachisi"
    title = "Pachisi"
    familiarity = 5
    aliases = ("пачиси",)
    rules = PachisiEngine
    reasons = REASONS
    move_kinds = 6              # RL: STEP, ENTER, ROUND, PASS, PAIR, PAIR_ROUND (rules.pxd)
    self_play_options = {"must_move": True}
    kind_marks = {STEP: "", ENTER: "+", ROUND: "*", PAIR: "", PAIR_ROUND: "*"}
    notation_help = ("a throw is written value and piece (25a), a piece leaving the charkoni value, piece and + "
                     "(10b+), a piece going round again at its tip value, piece and * (6a*), two pieces of a place "
                     "moving together (blockades) value and both letters (25ab, 6ab*), a throw left unused pass (of "
                     "several collected throws pass and the value: pass25)")
    options = (
        Option("cowrie_table", "modern", "what the cowries mouth up are worth, and which throws are graces (throw "
               "again): modern 25 10 2 3 4 5 6 (graces 25, 10, 6); herklots (Tylor) 6 10 2 3 4 25 12 (graces 6, 10, "
               "25, 12); jones7, seven shells, 7 10 2 3 4 25 35 14 (graces 7, 10, 25, 35, 14); herklots7, seven "
               "shells, 6 10 2 3 4 25 30 12 (graces 6, 10, 25, 30, 12)", tuple(TABLES),
               title="Cowrie values", names={"modern": "modern (six shells)", "herklots": "Tylor, Herklots (six shells)",
                                             "jones7": "seven shells, 35 high", "herklots7": "seven shells, 30 high"}),
        Option("cowrie_p", "0.5", "the chance that a shell falls mouth up (a number between 0 and 1, in "
               "hundredths; the texts measure none, and every program uses 0.5)", kind=Fraction, low="0.01",
               high="0.99", step="0.01", title="A shell falls mouth up"),
        Option("throw_mode", "each", "each throw is played as it comes (each), or the player throws until a "
               "throw that is not a grace and then plays all the throws in any order (collect: Herklots)",
               ("each", "collect"), title="Playing the throws",
               names={"each": "each as it comes", "collect": "collected, then in any order"}),
        Option("enter_with", "graces", "the throws that bring a piece out of the charkoni: any grace, only das and "
               "pachisi (10, 25), 10, 25 and 35, or only the extra move of 1 a pachisi brings, with "
               "pachisi_one", tuple(ENTERS), title="Entering throws",
               names={"graces": "any grace", "das_pachisi": "10 and 25", "big": "10, 25 and 35",
                      "one": "the pachisi's extra 1"}),
        Option("pachisi_one", False, "a pachisi (25) brings an extra move of 1, to move any piece a square or, "
               "with enter_with=one, to bring a piece out (Herklots)", kind=bool, title="A pachisi adds a move of 1"),
        Option("three_void", False, "three equal throws in a row (kept with throw_mode=collect) do not count "
               "(Herklots)", kind=bool, title="Three equal throws do not count"),
        Option("enter_counts", False, "the entering throw moves the piece by its value from the charkoni (off: it "
               "puts the piece on the first square of its column)", kind=bool, title="The entering throw counts"),
        Option("first_free", True, "a player's first piece enters with any throw, moved by its value", kind=bool,
               title="The first piece enters free"),
        Option("must_move", False, "a throw some piece can play must be played (off: any throw may be left "
               "unused)", kind=bool, title="Moving is compulsory"),
        Option("capture_rethrow", True, "a capture throws again", kind=bool, title="A capture throws again"),
        Option("second_circuit", True, "at its own tip a piece may go round the circuit again instead of turning "
               "in", kind=bool, title="Second circuit"),
        Option("finished_throws_for_partner", False, "a player whose four pieces are home goes on throwing and "
               "moves his partner's pieces (off: he stops throwing)", kind=bool,
               title="A finished player throws for his partner"),
        Option("bear_off", "graces", "the throws that bear off a piece on its last square, which no throw of "
               "the cowries reaches home by count: any grace (as Ludii), or only das and pachisi (10, 25; Tylor)",
               ("graces", "das_pachisi"), title="Bearing off from the last square",
               names={"graces": "any grace", "das_pachisi": "10 and 25"}),
        Option("grace_needs_piece", False, "a grace that cannot bring a piece out (7, 14) throws again only while "
               "a piece of the player is out", kind=bool, title="Small graces need a piece out"),
        Option("blockades", False, "two or more pieces of one player on a circuit square are a blockade: no "
               "single piece, of any player, may pass it or end on it; two pieces of one place may move together "
               "by one throw, passing blockades, and only such a pair landing on a blockade captures it",
               kind=bool, title="Blockades"),
        race.first_player_option("throw"),
    )
    presets = {
        "modern": {},
        "tylor1879": {"cowrie_table": "herklots", "enter_with": "das_pachisi", "enter_counts": True,
                      "first_free": False, "bear_off": "das_pachisi"},
        "jones7": {"cowrie_table": "jones7", "enter_with": "big", "first_free": False, "grace_needs_piece": True},
        "herklots1832": {"cowrie_table": "herklots", "throw_mode": "collect", "enter_with": "one", "first_free": False,
                         "pachisi_one": True, "three_void": True},
    }
    preset_titles = {
        "modern": ("Modern", "six cowries 25 10 2 3 4 5 6, the first piece free, graces bring pieces out"),
        "tylor1879": ("Tylor 1879", "six cowries 6 10 2 3 4 25 12; only das and pachisi bring a piece out, "
                                    "moved by the throw"),
        "jones7": ("Seven cowries", "seven cowries 7 10 2 3 4 25 35 14; only 10, 25 and 35 bring a piece out"),
        "herklots1832": ("Herklots 1832", "six cowries 6 10 2 3 4 25 12 thrown until a 2, 3 or 4, then played in any "
                                          "order; a 25 adds a move of 1, the only way in; three equal throws void"),
    }

    def tables(self):
        o = self.opts
        values, graces = TABLES[o["cowrie_table"]]
        weights = cowrie_weights(len(values) - 1, Option.number(o["cowrie_p"]))
        enters = ENTERS[o["enter_with"]]
        return PachisiTab(values, weights, *cloth_tables(self, o["finished_throws_for_partner"]), bitset(graces),
                          bitset(graces if enters is None else enters), int(o["enter_counts"]),
                          int(o["first_free"]), int(o["must_move"]), int(o["capture_rethrow"]),
                          int(o["second_circuit"]), bitset(graces if o["bear_off"] == "graces" else (10, 25)),
                          int(o["grace_needs_piece"]), int(o["throw_mode"] == "collect"), int(o["pachisi_one"]),
                          int(o["three_void"]), int(o["blockades"]))

    def state_size(self):
        return SIZE

    def throw_values(self):
        """The throw's values by shells mouth up (0, 1, ...)."""
        return TABLES[self.opts["cowrie_table"]][0]

    def dice_marks(self):
        """The cowries of a throw: one sign a shell, ● mouth up, ○ mouth down."""
        values = self.throw_values()
        n = len(values) - 1
        return [{v: "●" * k + "○" * (n - k) for k, v in enumerate(values)}]

    def shells_up(self, value):
        """How many shells fell mouth up for a throw of `value`."""
        return self.throw_values().index(value)

    def initial(self, arr):
        arr[POS:POS + 4 * PIECES] = CHARKONI
        arr[G_FRESH] = 15 if self.opts["first_free"] else 0

    # -- moves ----------------------------------------------------------------------------
    def move_text(self, value, letters, kind, throws=1):
        if kind == PASS:
            return "pass" if throws == 1 else f"pass{value}"
        return f"{value}{letters}{self.kind_marks.get(kind, '')}"

    def describe(self, arr, action):
        slot, k, kind = K.decode_action(action)
        if k >= PIECES or slot >= K.MAX_DICE or kind > PAIR_ROUND:
            raise GameError("action {action} is not a move of this game", action=action)
        pl = int(self.engine.mover(arr))
        value = int(arr[K.H_DICE + slot]) or int(arr[K.H_ROLL0 + slot])
        frm = int(arr[POS + pl * PIECES + k])
        code, to = self.engine.dest(arr, slot, k, kind)
        if kind == PASS:
            frm = to = -1
        elif code:
            to = frm
        letters = self.together(arr, pl, k, 2) if kind in (PAIR, PAIR_ROUND) else self.piece_names[k]
        return Move(action, pl, value, k, kind, frm, int(to), self.move_text(value, letters, kind, int(arr[K.H_NDICE])))

    _NOTATION = re.compile(r"^(\d{1,2})([a-d]{1,2})([+*]?)$")
    _PASS = re.compile(r"^pass(\d{1,2})?$")

    def parse_notation(self, arr, text):
        m = self._PASS.match(text)
        if m:
            if m.group(1) is None:
                if arr[K.H_PHASE] == K.PHASE_MOVE and arr[K.H_NDICE] > 1:
                    raise IllegalMove("several throws are to play: name the one left unused (pass25)")
                return [(0, 0, PASS)]
            return [(race.die_slot(arr, int(m.group(1))), 0, PASS)]
        m = self._NOTATION.match(text)
        if not m:
            raise GameError(self.notation_help)
        value, letters, mark = int(m.group(1)), m.group(2), m.group(3)
        if len(letters) == 2 and mark == "+":
            raise GameError(self.notation_help)
        kind = {"": STEP, "+": ENTER, "*": ROUND}[mark] if len(letters) == 1 else {"": PAIR, "*": PAIR_ROUND}[mark]
        return [(race.die_slot(arr, value), "abcd".index(letters[0]), kind)]

    def whole_roll_reason(self):
        return "a throw is played by one piece as a whole"

    def where(self, move):
        if move.kind == PASS:
            return "", ""
        return move.frm, move.to

    def move_story(self, move, dice=None):
        if move.kind == PASS:
            return {"say": "log.unused", "dice": str(move.die)}
        if move.kind == ENTER:
            return {"say": "log.out", "piece": self.piece_letter(move)}
        if move.kind in (PAIR, PAIR_ROUND):
            return self.together_story(move, self.together_steps(move))
        return super().move_story(move, dice)

    def move_words(self, move, dice=None):
        if move.kind == PASS:
            return Text("leave the throw {dice} unused", dice=move.die)
        if move.kind == ENTER:
            return Text("bring piece {piece} out ({dice})", piece=self.piece_letter(move), dice=move.die)
        if move.kind == ROUND:
            return Text("{dice} with piece {piece}, round the circuit again", dice=move.die,
                        piece=self.piece_letter(move))
        if move.kind in (PAIR, PAIR_ROUND):
            return self.together_words(move, str(move.die), self.together_steps(move))
        return super().move_words(move, dice)

    @staticmethod
    def together_steps(move):
        """How far each piece of a pair goes: the throw round the circuit again, else to its target."""
        return move.die if move.kind == PAIR_ROUND else move.to - move.frm

    # -- position files ---------------------------------------------------------------------
    def pieces_from_json(self, arr, pieces):
        super().pieces_from_json(arr, pieces)
        arr[G_FRESH] = sum(1 << q for q in range(self.players) if self.opts["first_free"]
                           and all(arr[POS + q * PIECES + k] == CHARKONI for k in range(PIECES)))

    turn_keys = ("fresh", "kept")

    def turn_to_json(self, arr):
        if arr[K.H_PHASE] != K.PHASE_ROLL:
            return None
        turn = {}
        derived = sum(1 << q for q in range(self.players) if self.opts["first_free"]
                      and all(arr[POS + q * PIECES + k] == CHARKONI for k in range(PIECES)))
        if int(arr[G_FRESH]) != derived:
            turn["fresh"] = [q for q in range(self.players) if arr[G_FRESH] >> q & 1]
        if arr[G_NKEPT]:
            turn["kept"] = [int(v) for v in arr[G_KEPT:G_KEPT + arr[G_NKEPT]]]
        return turn

    def turn_from_json(self, arr, turn):
        if "kept" in turn:
            self.kept_from_json(arr, turn.pop("kept"))
        if "fresh" not in turn:
            return
        fresh = turn.pop("fresh")
        if (not isinstance(fresh, list) or any(isinstance(q, bool) or q not in range(self.players) for q in fresh)
                or len(set(fresh)) != len(fresh)):
            raise GameError("turn: fresh lists the players whose first piece has not entered yet, not {value}",
                            value=fresh)
        for q in fresh:
            if not self.opts["first_free"] or any(arr[POS + q * PIECES + k] != CHARKONI for k in range(PIECES)):
                raise GameError("turn: player {player} cannot be waiting for a first free entry: a piece of his "
                                "has entered, or the first piece is not free here", player=q)
        arr[G_FRESH] = sum(1 << q for q in fresh)

    def kept_from_json(self, arr, kept):
        """throw_mode=collect: the graces thrown in this turn and kept to play with the next throws."""
        graces = TABLES[self.opts["cowrie_table"]][1]
        if self.opts["throw_mode"] != "collect":
            raise GameError("turn: kept throws are only with throw_mode=collect")
        one = self.opts["pachisi_one"]
        room = K.MAX_DICE - (2 if one else 1)          # the slots the throw to come (and its 1) need left
        if (not isinstance(kept, list) or any(isinstance(v, bool) or v not in graces for v in kept)
                or len(kept) + (kept.count(25) if one else 0) > room):
            raise GameError("turn: kept lists the graces of the table ({graces}) kept in this turn, as many as the "
                            "throws to play hold, not {value}", graces=" ".join(map(str, graces)), value=kept)
        if self.opts["three_void"] and any(kept[i] == kept[i + 1] == kept[i + 2] for i in range(len(kept) - 2)):
            raise GameError("turn: three equal throws in a row do not count, so they are not kept: {value}",
                            value=kept)
        arr[G_KEPT:G_KEPT + len(kept)] = kept
        arr[G_NKEPT] = len(kept)


GAME = Pachisi
