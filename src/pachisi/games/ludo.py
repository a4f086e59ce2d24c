"""Ludo (seed 000, the Ludo part; rules.md §6, §12).

A 15x15 cross with a 52-square track, one die, play clockwise.  A piece
leaves the yard only on a 6, onto its own start; a 6 rolls again, but the
third 6 in a row is not played and the turn passes (the moves of the first two
stand; option: the whole turn is undone).  A piece ending on an opponent's
captures it back to its yard, except on the safe squares (the four starts and
the four stars), where colours share.  Two own pieces never share a square.
After a lap a piece turns into its own home column of 5 and reaches the
centre by exact count only; a player must move when a move is possible; all
four pieces in the centre win.

"Ludo with bonuses": a capture and a piece reaching the centre earn an extra
roll each (one extra roll per roll at most, unless extra_rolls_cumulative),
and two own pieces on a square form a block that opponents can neither pass
nor land on (a third own piece may not join it).
"""
from collections import namedtuple

import numpy as np
from numba import njit

from ..boards.ludo import LudoBoard
from ..engine import kernel as K
from ..engine.game import Kernel
from ..engine.options import Option
from ..i18n import Text
from . import race, track
from .track import POS, PIECES, YARD

SNAP = track.END                 # the places at the start of the turn (third_six = void_turn)
SIZE = SNAP + 16

STEP = 0
R_YARD_SIX = 20
REASONS = dict(track.REASONS)
REASONS[R_YARD_SIX] = "a piece leaves the yard only on a 6"

LudoTab = namedtuple("LudoTab", "dice_lo dice_hi offsets nplayers L T H spacing safe places blocks "
                                "capture_roll finish_roll cumulative void_turn")


# -- the rules, compiled -------------------------------------------------------------
@njit(cache=True)
def dest(st, tab, slot, k, kind):
    """Where the single-die action would take the piece: (reason, target)."""
    if st[K.H_PHASE] != K.PHASE_MOVE:
        return track.R_OVER, 0
    if slot >= st[K.H_NDICE] or st[K.H_DICE + slot] == 0:
        return track.R_NO_DIE, 0
    if k >= PIECES:
        return track.R_NO_PIECE, 0
    if kind != STEP:
        return track.R_NO_KIND, 0
    d = st[K.H_DICE + slot]
    pl, _, p = race.piece(st, k)
    cap = 2 if tab.blocks else 1
    if p == YARD:
        if d != 6:
            return R_YARD_SIX, 0
        if k != track.first_in_yard(st, pl):
            return track.R_YARD_ORDER, 0
        t = 0
    elif p == track.goal(tab):
        return track.R_IN_GOAL, 0
    else:
        t = track.target(tab, p, d, True)
        if t < 0:
            return track.R_OVERSHOOT, 0
        if tab.blocks and track.blocked_between(st, tab, pl, p, d, True, True):
            return track.R_BLOCKED, 0
    if t == track.goal(tab):
        return 0, t
    if t >= tab.L:
        if track.lane_count(st, pl, t) >= cap:
            return track.R_OWN, t
        return 0, t
    m = track.at(st, track.cell(tab, pl, t))
    if track.bits(track.own_bits(m, pl)) >= cap:
        return track.R_OWN, 0
    if tab.blocks and track.has_block(m, pl):
        return track.R_BLOCK_LAND, 0
    return 0, t


check, gen = race.die_rules("ludo", dest)


@njit(cache=True)
def play(st, tab, a, ev, ne):
    slot, k, kind = K.decode(a)
    pl, pid, p = race.piece(st, k)
    t = 0 if p == YARD else track.target(tab, p, st[K.H_DICE + slot], True)
    st[K.H_DICE + slot] = 0
    st[K.H_SCORE] += 1
    track.lift(st, tab, pid)
    if t < tab.L:
        g = track.cell(tab, pl, t)
        if not track.is_safe(tab, g):
            ne = track.capture_all(st, tab, track.foes_at(st, g, pl), g, pl, ev, ne)
    track.put(st, tab, pid, t)
    return track.moved_events(st, tab, pl, k, p, t, ev, ne)


@njit(cache=True)
def begin(st, tab, ev, ne):
    if track.start_roll(st):
        for i in range(16):
            st[SNAP + i] = st[POS + i]
    if track.count_run(st, st[K.H_DICE] == 6) == 3:
        ne = track.void_roll(st, ev, ne)
        if tab.void_turn:
            for i in range(16):
                st[POS + i] = st[SNAP + i]
            track.rebuild(st, tab)
    return ne


@njit(cache=True)
def finish(st, tab, ev, ne):
    six = 1 if st[K.H_ROLL0] == 6 else 0
    capt = st[track.G_CAPT] if tab.capture_roll else 0
    goals = st[track.G_GOALS] if tab.finish_roll else 0
    earned = six + capt + goals if tab.cumulative else min(1, six + capt + goals)
    return track.end_roll(st, tab, earned, ev, ne)


@njit(cache=True)
def potential(st, tab):
    return st[K.H_SCORE] + race.dice_left(st)


@njit(cache=True)
def evaluate(st, tab, me):
    return track.race_value(st, tab, me, 6, 4.0 if tab.blocks else 0.0)


KERNEL = Kernel("ludo", check, gen, play, begin, finish, potential, evaluate)


# -- the game ------------------------------------------------------------------------
class Ludo(track.TrackGame):
    """Places (rules.md §6): -1 yard, 0 own start .. 50 the square below the
    home column, 51..55 home column, 56 centre."""
    name = "ludo"
    title = "Ludo"
    aliases = ("людо", "ludo-bonus")
    kernel = KERNEL
    reasons = REASONS
    colours = ("red", "green", "yellow", "blue")
    T, ring_size, spacing, lane_size = 50, 52, 13, 5
    layout_end = SIZE
    dest = staticmethod(dest)
    kind_marks = {STEP: ""}
    goal_name = "centre"
    notation_help = "a move is written die and piece: 6a, 3c"
    place_help = "-1 yard, 0..50 track, 51..55 home column, 56 centre"
    options = (
        Option("third_six", "void_roll", "the third 6 in a row: that roll is not played (void_roll) "
               "or the whole turn is undone (void_turn); either way the turn passes",
               ("void_roll", "void_turn")),
        Option("capture_roll", False, "a capture earns an extra roll", kind=bool),
        Option("finish_roll", False, "a piece reaching the centre earns an extra roll", kind=bool),
        Option("blocks", False, "two own pieces may share a square and form a block that opponents "
               "can neither pass nor land on", kind=bool),
        Option("extra_rolls_cumulative", False, "every reason for an extra roll counts (a 6 that "
               "captures earns two); off: one extra roll a roll at most", kind=bool),
        race.PLAY_FOR_PLACES,
        race.first_player_option("die"),
    )
    presets = {
        "seed": {},
        "with-bonuses": {"capture_roll": True, "finish_roll": True, "blocks": True},
        "void-turn": {"third_six": "void_turn"},
    }
    board = LudoBoard()

    def tables(self):
        o = self.opts
        safe = track.safe_bits(self.spacing, self.board.starts() + self.board.stars())
        return LudoTab(np.array([1], np.int64), np.array([6], np.int64),
                       track.seat_offsets(self.seats, self.spacing),
                       self.players, self.ring_size, self.T, self.lane_size, self.spacing, safe,
                       int(o["play_for_places"]), int(o["blocks"]), int(o["capture_roll"]),
                       int(o["finish_roll"]), int(o["extra_rolls_cumulative"]),
                       int(o["third_six"] == "void_turn"))


    def square_capacity(self):
        return 2 if self.opts["blocks"] else 1

    def square_problem(self, g, who):
        cap = self.square_capacity()
        for q in {q for q, _ in who}:
            if sum(1 for w, _ in who if w == q) > cap:
                return Text("player {player} has more than {capacity} piece(s) there", player=q, capacity=cap)
        if len({q for q, _ in who}) > 1 and not self.is_safe(g):
            return Text("pieces of different colours share a square that is not safe")
        return None

    def square_label(self, g):
        return "*" if g in self.board.stars() else ""

    def whole_roll_reason(self):
        return "a move must be made when one is possible"


GAME = Ludo
