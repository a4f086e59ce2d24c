"""Parchís (the Парчис part of the rule text «Правила игры шиш-беш»;
docs/games/parchis.md).

68 numbered squares, counter-clockwise, one die.  Each colour leaves home on
its exit (5, 22, 39, 56) and only on a 5, which is obligatory while a piece is
at home and the exit is open; if two pieces already stand on the exit, one of
them another colour's, the leaving piece captures that one (of two foreign
ones, the last to arrive).  A square holds at most two pieces; two of one
colour are a barrier that nobody passes, the owner included, and on a 6 the
owner must open a barrier when one of its pieces can move.  On the 12 seguros
nobody is captured and two colours may share; elsewhere a piece ending on a
lone foreign piece captures it.  A 6 rolls again and counts 7 when none of
the player's pieces is at home; the third 6 in a row is not played and the
piece moved last goes home (unless it is already in the corridor or the
meta).  A capture earns 20 and a piece reaching the meta 10, each to be
played at once by one piece, exactly, or lost; bonuses chain.  After the
lap a piece turns into its corridor of 7 and reaches the meta by exact count;
all four in the meta win.
"""
from collections import namedtuple

from ...engine import kernel as K
from ...engine.game import GameError
from ...engine.options import Option
from ...engine.position import take_piece
from .. import race, track
from ..race import PIECES, POS
from ..track_rules import G_RUN, G_STAGE, G_TURN_ROLLS, YARD
from .rules import (G_CLOCK, G_LAST, R_EXIT_BARRIER, R_YARD_FIVE, SIZE, STAMP, STEP,
                   ParchisEngine)

REASONS = dict(track.REASONS)
REASONS[R_YARD_FIVE] = "a piece leaves home only on a 5"
REASONS[R_EXIT_BARRIER] = "your own barrier closes your exit"
REASONS[track.R_BLOCKED] = "a barrier (two pieces of one colour) stands in the way: nobody passes it"


ParchisTab = namedtuple("ParchisTab", track.TRACK + " stamp clock exit_capture spare_corridor")


# -- the game ------------------------------------------------------------------------------
class Parchis(track.SeatedRing68Game):
    """Places (docs/games/parchis.md): -1 home, 0 own exit .. 63 own corridor entry
    square, 64..70 corridor, 71 meta."""
    name = "parchis"
    title = "Parchís"
    familiarity = 1
    move_kinds = 1              # RL: the kinds of move its rules make (rules.pxd)
    aliases = ("парчис", "parchís")
    rules = ParchisEngine
    reasons = REASONS
    layout_end = SIZE
    per_piece_fields = 1        # STAMP
    kind_marks = {STEP: ""}
    mixed_option = "mixed_barrier"
    yard_name = "home"
    goal_name = "meta"
    notation_help = "a move is written die (7 for a 6 counting 7) or bonus, then piece: 5a, 7c, 20b, 10d"
    place_help = "-1 home, 0..63 ring from the own exit, 64..70 corridor, 71 meta"
    options = (
        Option("exit_capture", True, "a piece leaving home onto its exit where two pieces stand, one of "
               "another colour, captures that one (off: a full exit is closed)", kind=bool,
               title="Capture when leaving home"),
        Option("spare_corridor", True, "the third 6 spares the last-moved piece when it is already in "
               "the corridor (off: only the meta spares it)", kind=bool, title="The third 6 spares the corridor"),
        race.PLAY_FOR_PLACES,
        race.first_player_option("die"),
        track.SEATS,
        race.TEAMS,
        Option("pair_win", "first_partner", "team play: the pair of the first player to bring all four pieces "
               "to the meta wins (first_partner), or a pair wins when all its eight pieces are there "
               "(both_partners)", ("first_partner", "both_partners"), title="A pair wins",
               names={"first_partner": "with the first partner home", "both_partners": "with both partners home"}),
        race.PARTNER_PLAYS,
        Option("mixed_barrier", False, "team play: a piece and a partner's on one square form a barrier too "
               "(off: only two pieces of one colour do)", kind=bool, title="Partners' barrier"),
    )
    presets = {
        "seed": {},
        "no-exit-capture": {"exit_capture": False},
    }
    preset_titles = {
        "no-exit-capture": ("No capture at the exit", "a full exit is closed: leaving home never captures"),
    }

    colours = ("yellow", "blue", "red", "green")

    @property
    def stamp(self):
        """Where the arrival stamps are kept (STAMP, moved on a wide board)."""
        return STAMP + self.shift

    @property
    def clock(self):
        """Where G_CLOCK is (G_LAST follows it): after the stamps."""
        return self.stamp + self.slots

    def tables(self):
        o = self.opts
        return ParchisTab(*self.track_tables(1, self.safe_squares()),
                          self.stamp, self.clock, int(o["exit_capture"]), int(o["spare_corridor"]))

    def pieces_from_json(self, arr, pieces):
        super().pieces_from_json(arr, pieces)
        for pid in range(self.slots):        # arrival order on shared squares: listing order
            arr[self.stamp + pid] = pid + 1
        arr[self.clock] = self.slots
        arr[self.clock + G_LAST - G_CLOCK] = -1

    # -- the moment of a turn: sixes rolled, the piece moved last, a pending bonus ----------
    turn_keys = ("sixes", "last_moved", "bonus", "arrived_last")

    def run_to_json(self, arr):
        turn = super().run_to_json(arr)
        pl, last = int(arr[K.H_PLAYER]), int(arr[self.clock + G_LAST - G_CLOCK])
        if arr[self.shift + G_TURN_ROLLS] and last >= 0 and last // PIECES == pl:
            turn["last_moved"] = self.piece_names[last % PIECES]
        later = [[pid // PIECES, self.piece_names[pid % PIECES]] for pid in self.listed_out_of_order(arr)]
        if later:
            turn["arrived_last"] = later
        return turn

    def shared(self, arr):
        """The ring squares where two colours share (a seguro, an exit): their two pieces, in listing order."""
        for g in range(self.ring_size):
            mask = int(self.engine.at(arr, g))
            pids = [pid for pid in range(self.slots) if mask >> pid & 1]
            if len(pids) == 2 and pids[0] // PIECES != pids[1] // PIECES:
                yield pids

    def listed_out_of_order(self, arr):
        """Pieces that arrived on a shared square after the piece listed after them (a piece leaving
        home onto its exit captures the one that arrived last); listing order is the default."""
        return [a for a, b in self.shared(arr) if arr[self.stamp + a] > arr[self.stamp + b]]

    def turn_from_json(self, arr, turn):
        last = take_piece(turn, "last_moved", self.piece_names)
        later = turn.pop("arrived_last", [])
        pairs = {pid: pids for pids in self.shared(arr) for pid in pids}
        if not isinstance(later, list):
            later = [later]
        for entry in later:
            ok = (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[0], int)
                  and not isinstance(entry[0], bool) and 0 <= entry[0] < self.players
                  and isinstance(entry[1], str) and entry[1] in self.piece_names)
            pid = entry[0] * PIECES + self.piece_names.index(entry[1]) if ok else -1
            if pid not in pairs:
                raise GameError("turn: arrived_last names pieces, like [[1, \"a\"]], each sharing a square with "
                                "a piece of another colour, not {value}", value=entry)
            arr[self.clock] += 1
            arr[self.stamp + pid] = arr[self.clock]
        super().turn_from_json(arr, turn)
        if last < 0:
            return
        pl = int(arr[K.H_PLAYER])
        if not arr[self.shift + G_RUN] and not arr[self.shift + G_STAGE]:
            raise GameError("turn: last_moved names a piece moved earlier in this turn, but no six has been "
                            "rolled in it (sixes is 0)")
        if arr[POS + pl * PIECES + last] == YARD:
            raise GameError("turn: the last-moved piece {piece} is at home: a piece that has moved is on the "
                            "board", piece=self.piece_names[last])
        arr[self.clock + G_LAST - G_CLOCK] = pl * PIECES + last
        arr[self.shift + G_TURN_ROLLS] = 1

    def whole_roll_reason(self):
        return ("the die must be played when it can be; a 5 must bring a piece out of home when it can, "
                "and a 6 must open a barrier when it can")


GAME = Parchis
