"""Chaupar, the long-dice game of India's cross board (docs/games/chaupar.md; the readings of Ludii's
«Chaupar» and its rule summary after Abu'l Fazl, 1590, and of Parlett's account and Temple's «Legends of
the Panjab» for the long dice).

The cross of four 3x8 arms around the charkoni, as Pachisi's; four players, partners opposite (1 and 3
against 2 and 4).  Three long dice marked 1, 2, 5, 6 (long_dice=two1346: two marked 1, 3, 4, 6).  Every
piece starts on the board: the 6th and 7th squares of the own middle column and the 1st and 2nd of the
right-hand lane past the own tip (places 6, 7, 9, 10; start=6-7-23-24: Parlett's regular set).  A piece
goes out to the own tip, round the circuit counter-clockwise, back to the own tip and up the own middle
column to the charkoni, by exact count.  One throw a turn: each die moves one piece, one piece may take
several dice, and every die that can be played must be (an unplayable die is lost).  A piece ending on a
square where an enemy player has a single piece sends it back to place 6; two or more pieces of one
player cannot be captured.  Two equal dice may move two own pieces of one place together, each twice the
die; a triple as the roll's first play moves three together (6-6-6: 12, 2-2-2: 4).  Castles (the tips and
the 4th squares from the arms' ends): an enemy may not end on one holding a piece of the other side
(castles=none: no castles).  A player whose pieces are all home throws on his turn and moves his partner's.
The side whose eight pieces are home first wins."""
from collections import namedtuple
import re

from ...engine import kernel as K
from ...engine.game import GameError, Move
from ...engine.options import Option
from ...i18n import Term, Text
from .. import race
from .. import cloth
from ..cloth import CLOTH, ClothGame, circuit_square, cloth_tables
from ..cloth_rules import HOME, R_CASTLE, R_NO_DIE, R_OVERSHOOT
from ..race import PIECES, POS
from .rules import R_NO_PAIR, R_NO_TRIPLE, R_NOT_FIRST, SIZE, START, STEP, TRIPLE, ChauparEngine

REASONS = {
    **cloth.REASONS,
    R_NO_DIE: "no die of this roll is left with that value",
    R_OVERSHOOT: "home is reached by exact count: this move overshoots it",
    R_CASTLE: "a castle holding a piece of the other side cannot be entered",
    R_NO_PAIR: "pieces move together only with two equal dice of this roll",
    R_NO_TRIPLE: "three pieces move together only on 6-6-6 or 2-2-2",
    R_NOT_FIRST: "three pieces move together only as the roll's first play",
}

DICE = {"three1256": [[1, 2, 5, 6]] * 3, "two1346": [[1, 3, 4, 6]] * 2}
TRIPLES = {"three1256": (4, 12), "two1346": (0, 0)}      # how far 2-2-2 and 6-6-6 move three together
STARTS = {"6-7-9-10": (6, 7, 9, 10), "6-7-23-24": (6, 7, 23, 24)}

ChauparTab = namedtuple("ChauparTab", "faces " + CLOTH + " triple_two triple_six")


class Chaupar(ClothGame):
    """Places (cloth.py, docs/games/chaupar.md): 6, 7 own middle column outward, 8 own tip, 8..75 the
    circuit, 76 own tip again, 77..83 own middle column inward, 84 home (the charkoni)."""
    name = "chaupar"
    title = "Chaupar"
    familiarity = 12
    aliases = ("чаупар", "chaupad")
    rules = ChauparEngine
    reasons = REASONS
    move_kinds = 3              # RL: STEP, PAIR, TRIPLE (rules.pxd)
    notation_help = ("a move is written die and piece (5a); two pieces of one place moving together on two equal "
                     "dice die and both letters (5ab), three on 6-6-6 or 2-2-2 die and three letters (6abc)")
    place_help = "6, 7 own middle column, 8 own tip, 8..75 circuit, 76 own tip again, 77..83 middle column, 84 home"
    options = (
        Option("castles", "pachisi", "the twelve castles, each arm's tip and the 4th squares from its end: as in "
               "Pachisi, an enemy may not end on one holding a piece of the other side; or there are none",
               ("pachisi", "none"), title="Castles", names={"pachisi": "as in Pachisi", "none": "no castles"}),
        Option("start", "6-7-9-10", "where each player's four pieces start: the 6th and 7th squares of the own "
               "middle column and the 1st and 2nd past the own tip, or with Parlett's regular set the 15th and 16th", tuple(STARTS), title="Starting squares",
               names={"6-7-9-10": "on 6, 7, 9, 10 (the texts)", "6-7-23-24": "on 6, 7, 23, 24 (Parlett)"}),
        Option("long_dice", "three1256", "three long dice marked 1, 2, 5, 6, or Parlett's alternative: two marked "
               "1, 3, 4, 6", tuple(DICE), title="Long dice",
               names={"three1256": "three dice 1-2-5-6", "two1346": "two dice 1-3-4-6"}),
        race.first_player_option(),
    )
    presets = {
        "seed": {},
        "parlett": {"long_dice": "two1346", "start": "6-7-23-24"},
        "ludii": {"castles": "none"},
    }
    preset_titles = {
        "parlett": ("Parlett's form", "two long dice 1-3-4-6, pieces starting on 6, 7, 23, 24"),
        "ludii": ("No castles", "no square is safe, as in Ludii's Chaupar"),
    }

    def tables(self):
        o = self.opts
        cloth = cloth_tables(self, partner_throws=True)
        if o["castles"] == "none":
            cloth = cloth[:-1] + ((),)
        return ChauparTab(DICE[o["long_dice"]], *cloth, *TRIPLES[o["long_dice"]])

    def state_size(self):
        return SIZE

    def initial(self, arr):
        for q in range(self.players):
            arr[POS + q * PIECES:POS + (q + 1) * PIECES] = STARTS[self.opts["start"]]

    # -- places ----------------------------------------------------------------------------
    def place_range(self):
        """A piece never stands before its start (place 6)."""
        return START, HOME

    def pieces_from_json(self, arr, pieces):
        """Places 6..84 ("home" too).  Unlike Pachisi's, both sides may share a circuit square (two pieces of
        one player are not captured), but not a castle; a side all home has won."""
        for q, k, value, where in race.piece_rows(pieces, self.players, PIECES, self.piece_names):
            if value == "home":
                value = HOME
            if isinstance(value, bool) or not isinstance(value, int):
                raise GameError("{where}: {value!r} is not a place ({places})", where=where, value=value,
                                places=Term(self.place_help))
            if not START <= value <= HOME:
                raise GameError("{where}: place {value} is off the board ({places})", where=where, value=value,
                                places=Term(self.place_help))
            arr[POS + q * PIECES + k] = value
        home = [all(arr[POS + q * PIECES + k] == HOME for k in range(PIECES)) for q in range(self.players)]
        for q in range(self.players):
            if home[q] and home[self.partner(q)]:
                raise GameError("player {player} has already won: all pieces are home", player=q)
        for g in sorted(self.tab.castles):
            sides = {q % 2 for q in range(self.players) for k in range(PIECES)
                     if circuit_square(q, int(arr[POS + q * PIECES + k])) == g}
            if len(sides) > 1:
                raise GameError("square {square}: pieces of both sides share a castle", square=g)

    # -- moves ------------------------------------------------------------------------------
    def describe(self, arr, action):
        slot, k, kind = K.decode_action(action)
        if k >= PIECES or slot >= K.MAX_DICE or kind > TRIPLE:
            raise GameError("action {action} is not a move of this game", action=action)
        pl = int(self.engine.mover(arr))
        frm = int(arr[POS + pl * PIECES + k])
        code, to = self.engine.dest(arr, slot, k, kind)
        die = int(arr[K.H_DICE + slot])
        letters = self.together(arr, pl, k, kind + 1) if kind != STEP else self.piece_names[k]
        return Move(action, pl, die, k, kind, frm, int(to) if code == 0 else frm, f"{die}{letters}")

    _NOTATION = re.compile(r"^([1-6])([a-d]{1,3})$")

    def parse_notation(self, arr, text):
        m = self._NOTATION.match(text)
        if not m:
            raise GameError(self.notation_help)
        letters = m.group(2)
        return [(race.die_slot(arr, int(m.group(1))), "abcd".index(letters[0]), len(letters) - 1)]

    def whole_roll_reason(self):
        return "every die that can be played must be: this move leaves a die unplayed where another play uses it"

    def move_story(self, move, dice=None):
        if move.kind != STEP:
            return self.together_story(move, move.to - move.frm)
        return {"piece": self.piece_letter(move), "steps": str(move.die) if dice is None else dice}

    def move_words(self, move, dice=None):
        if move.kind != STEP:
            return self.together_words(move, "-".join([str(move.die)] * (move.kind + 1)), move.to - move.frm)
        return Text("{dice} with piece {piece}", dice=str(move.die) if dice is None else dice,
                    piece=self.piece_letter(move))

    def view(self, arr):
        """The cloth as ClothGame draws it, without a store of pieces waiting in the charkoni: none ever
        does in Chaupar (they start on the cloth, and a captured piece goes back to its start square)."""
        v = super().view(arr)
        for q in range(self.players):
            for part in (v.off_board, v.stores, v.off_pieces):
                part[q].pop("charkoni", None)
        return v


GAME = Chaupar
