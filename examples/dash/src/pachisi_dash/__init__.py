"""Dash, a game added to pachisi from outside: each player runs two pieces
(a, b) down a lane of its own, one die a roll, moving one piece by the die;
a piece reaching the end of the lane (the die may overshoot) is home, and
who brings both home first wins.  Pieces never meet, so nothing is captured.

pachisi finds the game through this package's entry point in the group
"pachisi.games" (pyproject.toml); its rules are compiled (rules.pyx,
cimporting pachisi's kernel), the rest is this module."""
from collections import namedtuple
import re

import numpy as np

from pachisi.engine import kernel as K
from pachisi.engine.game import Game, GameError, Move
from pachisi.engine.options import Option
from pachisi.engine.view import BoardView, Square

from .rules import PIECES, POS, R_HOME, R_NO_DIE, R_NO_PIECE, R_OVER, SIZE, DashEngine

DashTab = namedtuple("DashTab", "players length")


class Dash(Game):
    name = "dash"
    title = "Dash"
    rules = DashEngine
    min_players = 2
    pieces_per_player = PIECES
    piece_names = "ab"
    options = (Option("length", 8, "squares from the start to home", (4, 6, 8, 10), int, title="Track length"),)
    presets = {"seed": {}, "sprint": {"length": 4}}
    reasons = {R_OVER: "the game is over", R_NO_DIE: "no die is left to play", R_NO_PIECE: "there is no such piece",
               R_HOME: "that piece is already home"}
    move_kinds = 1              # the kinds of move its rules make (RL's action space): one, a piece by the die

    def seating(self, players):
        return tuple(range(players))

    def tables(self):
        return DashTab(self.players, self.opts["length"])

    def state_size(self):
        return SIZE

    def initial(self, arr):
        arr[POS:POS + 4 * PIECES] = 0

    def pieces(self, arr, player):
        """The places of a player's pieces: 0 the start .. length home."""
        return [int(arr[POS + player * PIECES + k]) for k in range(PIECES)]

    def place_range(self):
        """The lowest and highest place (RL's observation)."""
        return 0, self.opts["length"]

    def describe(self, arr, action):
        _, k, _ = K.decode_action(action)
        pl, d = int(arr[K.H_PLAYER]), int(arr[K.H_DICE])
        frm = int(arr[POS + pl * PIECES + k])
        return Move(action, pl, d, k, 0, frm, min(frm + d, self.opts["length"]), f"{d}{self.piece_names[k]}")

    def parse_notation(self, arr, text):
        """'3a': piece a by the die showing 3."""
        m = re.fullmatch(r"([1-6])([ab])", text)
        if not m:
            raise GameError("a move is written die and piece: 3a, 5b")
        if int(m.group(1)) != arr[K.H_DICE]:
            raise GameError("the die shows {die}", die=int(arr[K.H_DICE]))
        return [(0, self.piece_names.index(m.group(2)), 0)]

    def whole_roll_reason(self):
        return "not allowed"

    def pieces_to_json(self, arr):
        return [self.pieces(arr, q) for q in range(self.players)]

    def pieces_from_json(self, arr, pieces):
        length = self.opts["length"]
        if not isinstance(pieces, list) or len(pieces) != self.players or \
                any(not isinstance(row, list) or len(row) != PIECES for row in pieces):
            raise GameError("pieces must list {players} players, each with {count} places", players=self.players,
                            count=PIECES)
        for q, row in enumerate(pieces):
            for k, p in enumerate(row):
                if isinstance(p, bool) or not isinstance(p, int) or not 0 <= p <= length:
                    raise GameError("a place is 0 to {length}, not {value!r}", length=length, value=p)
                arr[POS + q * PIECES + k] = p

    def view(self, arr):
        """A lane a row: the start, the squares, home last."""
        length = self.opts["length"]
        squares = {}
        for q in range(self.players):
            for c in range(length + 1):
                squares[(q, c)] = Square("start" if c == 0 else "goal" if c == length else "track", q)
            for k, p in enumerate(self.pieces(arr, q)):
                squares[(q, p)].pieces.append((q, k, False))
        paths = {q: [(q, c) for c in range(length + 1)] for q in range(self.players)}
        return BoardView(self.players, length + 1, squares, {q: {} for q in range(self.players)}, paths=paths,
                         seats=tuple(self.seats))


GAME = Dash
