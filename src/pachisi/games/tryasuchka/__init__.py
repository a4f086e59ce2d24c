"""Трясучка (the rule text «Трясучка»; docs/games/tryasuchka.md).

Two dice, an ordinary 1–6 and a special 2–7; each die is a separate move,
for two pieces or one after the other for the same piece, and the dice must
be used as fully as possible (a die that cannot be played burns).  A piece
enters from the base through its start (the hole of its colour) straight to
the hole the die shows.  Pieces run counter-clockwise round the 72-hole
circle; own pieces can be neither passed nor landed on, enemy pieces may be
passed, and landing exactly on one captures it back to its base (+1 move).
The four inner corners are teleports: a die move that ends on one jumps on
to the next corner, 18 holes ahead (+1), capturing an enemy there (+1) or
pushing own pieces there one hole on (a chain, capturing an enemy in the
way); a piece that arrived by a jump stays.  The jump from the last corner,
9 holes before the start, leads to a second lap.  After a full lap a piece
passes its start (72) to the house entrance 76 and enters the house 77–80 by
exact count, without passing own pieces; a piece that stops where it can go
no further in the house earns +1.  Doubles earn +1.  Every +1 is a further
roll, and they add up without limit.  Four pieces in the house win the game;
the first player is found by a roll-off, and a match is played to two wins,
each next game started by the next player.
"""
from collections import namedtuple
import re

import numpy as np

from .board import Cross72Board
from ...engine import kernel as K
from ...engine.game import Game, GameError, Move
from ...engine.options import Option
from ...engine.position import take_count
from ...engine.view import BoardView
from .. import folkcross, race
from ..folkcross import global_cell
from ..race import PIECES, POS
# the state layout, places and reasons (rules.pxd) and the compiled rules
from .rules import (BASE, CELL, ENTRANCE, G_EXTRA, HOUSE_END, HOUSE_END_ONLY,
                   HOUSE_STUCK, R_NO_DIE, R_NO_PIECE, R_OVER, R_OVERSHOOT, R_OWN_IN_WAY, R_OWN_PIECE, R_PARTNER_PIECE,
                   SIZE, TryasuchkaEngine)

REASONS = {
    R_NO_DIE: "no die of this roll is left with that value",
    R_NO_PIECE: "there is no such piece",
    R_OVERSHOOT: "the house is entered by exact count: this die overshoots it",
    R_OWN_IN_WAY: "your own piece stands in the way: own pieces cannot be passed",
    R_OWN_PIECE: "your own piece stands there: two pieces never share a hole",
    R_OVER: "the game is over",
    R_PARTNER_PIECE: "your partner's piece stands there: in team play it counts as your own",
}

TryasuchkaTab = namedtuple("TryasuchkaTab", folkcross.FOLK + " jump corner_capture push_bonus house_bonus")


# -- the game ------------------------------------------------------------------
class Tryasuchka(race.FirstPlayer, Game):
    name = "tryasuchka"
    title = "Трясучка"
    familiarity = 5
    move_kinds = 1              # RL: the kinds of move its rules make (rules.pxd)
    turn_features = ("extra rolls banked / 6",)
    observation_ops = (("count", G_EXTRA, 6),)      # as rl/batch.pyx writes it
    aliases = ("трясучка", "tryasuchka", "triasuchka")
    rules = TryasuchkaEngine
    reasons = REASONS
    options = (
        Option("match_wins", 2, "a match is played to this many won games", (1, 2, 3, 4, 5), int,
               title="Match to this many wins"),
        Option("corner_capture", True, "a die move that ends on a corner holding an enemy captures it "
               "(+1) before the jump; off: the enemy stays and only the jump happens", kind=bool,
               title="Capture on a corner before the jump"),
        Option("push_capture_bonus", True, "an enemy captured by a pushed chain of own pieces earns +1",
               kind=bool, title="Bonus for a capture by pushing"),
        Option("house_bonus", "stuck", "+1 for a piece stopping in the house where it can go no further "
               "(stuck: at 80 or right behind an own piece) or only at the end of the house (end)",
               ("stuck", "end"),
               title="Bonus in the house",
               names={"stuck": "when it can go no further", "end": "only at the end of the house"}),
        race.TEAMS,
        race.PARTNER_PLAYS,
        race.PLAY_FOR_PLACES,
        race.first_player_option(who="who starts the first game"),
    )
    presets = {
        "seed": {},
        "single-game": {"match_wins": 1},
        "no-corner-capture": {"corner_capture": False},
    }
    preset_titles = {
        "single-game": ("Single game", "one game instead of a match to two wins"),
        "no-corner-capture": ("No capture on corners", "a move ending on an enemy on a corner only jumps"),
    }
    quick_players = 2
    board = Cross72Board()

    @property
    def match_wins(self):
        return self.opts["match_wins"]

    def tables(self):
        b = self.board
        jump = np.full(ENTRANCE + 1, -1, np.int64)      # teleport target of each relative place
        corners = b.corners()
        for i, c in enumerate(corners):
            jump[c] = corners[i + 1] if i + 1 < len(corners) else corners[0]
        return TryasuchkaTab(*folkcross.folk_tables(self, [1, 2], [6, 7]), jump,
                             int(self.opts["corner_capture"]), int(self.opts["push_capture_bonus"]),
                             HOUSE_STUCK if self.opts["house_bonus"] == "stuck" else HOUSE_END_ONLY)

    def state_size(self):
        return SIZE

    def initial(self, arr):
        race.start_places(arr, self.players, BASE)

    # -- reading the position ----------------------------------------------------
    def pieces(self, arr, player):
        """Relative places of a player's pieces: -1 base, 1..76 circle, 77..80 house."""
        return [int(arr[POS + player * PIECES + k]) for k in range(PIECES)]

    def place_range(self):
        return -1, 80

    def fill_turn_features(self, state, observer, out):
        out[0] = min(self.extra_rolls(state.arr), 6) / 6.0

    def extra_rolls(self, arr):
        """Extra rolls the player to move has banked."""
        return int(arr[G_EXTRA])

    def describe(self, arr, action):
        slot, k, _ = K.decode_action(action)
        pl = int(self.engine.mover(arr))
        d = int(arr[K.H_DICE + slot])
        frm = int(arr[POS + pl * PIECES + k])
        to = int(self.engine.dest(arr, slot, k, 0)[1])
        if to <= ENTRANCE and self.tab.jump[to] >= 0:
            to = int(self.tab.jump[to])
        return Move(action, pl, d, k, 0, frm, to, f"{d}{self.piece_names[k]}")

    _NOTATION = re.compile(r"^([1-7])([a-d])$")

    def parse_notation(self, arr, text):
        """'7a': piece a by the die showing 7 (a jump from a corner is automatic)."""
        m = self._NOTATION.match(text)
        if not m:
            raise GameError("a move is written die and piece: 7a, 2c")
        d, k = int(m.group(1)), "abcd".index(m.group(2))
        return [(race.die_slot(arr, d), k, 0)]

    def whole_roll_reason(self):
        return race.FULL_ROLL

    # -- the moment of a turn: the +1s banked ------------------------------------------------------
    turn_keys = ("extra_rolls",)

    def turn_to_json(self, arr):
        turn = super().turn_to_json(arr)
        if turn is not None and arr[G_EXTRA]:
            turn["extra_rolls"] = int(arr[G_EXTRA])
        return turn

    def turn_from_json(self, arr, turn):
        arr[G_EXTRA] = take_count(turn, "extra_rolls")

    # -- position files (player-relative: docs/games/tryasuchka.md) ----------------------
    def pieces_to_json(self, arr):
        """Per player: -1 base, 1..76 circle (72..76 after the lap), 77..80 house."""
        return [self.pieces(arr, q) for q in range(self.players)]

    def pieces_from_json(self, arr, pieces):
        taken = {}
        for q, k, value, where in race.piece_rows(pieces, self.players, PIECES, self.piece_names):
            text = str(value).strip()
            try:
                p = BASE if text == "base" else int(text)
            except ValueError:
                raise GameError("{where}: {value!r} is not a place (-1 base, 1..76 circle, 77..80 house)",
                                where=where, value=value) from None
            if p == 0:
                raise GameError("{where}: nothing stands on the start before its lap: "
                                "a piece on its own start hole is at 72", where=where)
            if not -1 <= p <= HOUSE_END:
                raise GameError("{where}: place {place} is off the board (-1, 1..{top})", where=where, place=p,
                                top=HOUSE_END)
            arr[POS + q * PIECES + k] = p
            if p > ENTRANCE:
                spot = ("house", q, p)
            elif p > 0:
                spot = ("hole", int(global_cell(self.tab, q, p)))
                arr[CELL + spot[1]] = q * PIECES + k + 1
            else:
                continue
            if spot in taken:
                raise GameError("{where}: {other} already stands there", where=where, other=taken[spot])
            taken[spot] = where
        folkcross.refuse_won(self, arr, ENTRANCE)

    # -- drawing ------------------------------------------------------------------
    def view(self, arr):
        b = self.board
        marks = {c: ("teleport", None) for c in b.corners()}
        for s in range(4):
            marks[b.global_index(s, 0)] = ("start", s)
            marks[b.global_index(s, ENTRANCE)] = ("entrance", s)
        squares = folkcross.cross_squares(b, self.seats, marks, ENTRANCE + 1)
        off, waiting = {}, {}
        for q in range(self.players):
            waiting[q] = {"base": []}
            for k, p in enumerate(self.pieces(arr, q)):
                if p == BASE:
                    waiting[q]["base"].append((q, k, False))
                else:
                    squares[b.cell(self.seats[q], p)].pieces.append((q, k, False))
            off[q] = {"base": len(waiting[q]["base"])}
        return BoardView(b.size, b.size, squares, off, **folkcross.view_extras(b, self.seats, {"base": 0}, waiting,
                                                                                 ENTRANCE + b.house_cells))


GAME = Tryasuchka
