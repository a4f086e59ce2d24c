"""Parchís (seed 000, the Парчис part; rules.md §7, §12).

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

import numpy as np
from numba import njit

from ..engine import kernel as K
from ..engine.game import Kernel
from ..engine.options import Option
from . import race, track
from .track import POS, PIECES, YARD

# -- this game's part of the state ------------------------------------------------------
STAMP = track.END                # when each piece last arrived on its square (exit captures)
G_CLOCK = STAMP + 16
G_LAST = G_CLOCK + 1             # the piece moved last in this turn, -1 none
G_DUTY = G_LAST + 1              # what this roll's die must do: DUTY_*
SIZE = G_DUTY + 1

STEP = 0
DUTY_NONE, DUTY_EXIT, DUTY_OPEN = 0, 1, 2

R_YARD_FIVE, R_EXIT_BARRIER = 20, 21
REASONS = dict(track.REASONS)
REASONS[R_YARD_FIVE] = "a piece leaves home only on a 5"
REASONS[R_EXIT_BARRIER] = "your own barrier closes your exit"
REASONS[track.R_BLOCKED] = "a barrier (two pieces of one colour) stands in the way: nobody passes it"

SEGUROS = (5, 12, 17, 22, 29, 34, 39, 46, 51, 56, 63, 68)      # square numbers

ParchisTab = namedtuple("ParchisTab", "dice_lo dice_hi offsets nplayers L T H spacing safe places "
                                      "exit_capture spare_corridor")


# -- the rules, compiled -------------------------------------------------------------------
@njit(cache=True)
def dest(st, tab, slot, k, kind):
    """Where the single action would take the piece: (reason, target)."""
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
    if p == YARD:
        if st[track.G_STAGE]:
            return track.R_YARD_BONUS, 0
        if d != 5:
            return R_YARD_FIVE, 0
        if k != track.first_in_yard(st, pl):
            return track.R_YARD_ORDER, 0
        m = track.at(st, track.cell(tab, pl, 0))
        if track.bits(m) >= 2:
            if track.bits(track.own_bits(m, pl)) == 2:
                return R_EXIT_BARRIER, 0
            if not tab.exit_capture:
                return track.R_FULL, 0
        return 0, 0
    if p == track.goal(tab):
        return track.R_IN_GOAL, 0
    t = track.target(tab, p, d, True)
    if t < 0:
        return track.R_OVERSHOOT, 0
    if track.blocked_between(st, tab, pl, p, d, True, False):
        return track.R_BLOCKED, 0
    if t == track.goal(tab):
        return 0, t
    if t >= tab.L:
        return (track.R_FULL if track.lane_count(st, pl, t) >= 2 else 0), t
    if track.bits(track.at(st, track.cell(tab, pl, t))) >= 2:
        return track.R_FULL, t
    return 0, t


check, gen = race.die_rules("parchis", dest)


@njit(cache=True)
def _exit_victim(st, tab, pl, g):
    """The foreign piece a piece leaving home captures on its exit square g:
    of two foreign pieces the last to arrive."""
    foes = track.foes_at(st, g, pl)
    victim = -1
    for pid in range(16):
        if foes >> pid & 1 and (victim < 0 or st[STAMP + pid] > st[STAMP + victim]):
            victim = pid
    return victim


@njit(cache=True)
def play(st, tab, a, ev, ne):
    slot, k, kind = K.decode(a)
    pl, pid, p = race.piece(st, k)
    t = 0 if p == YARD else track.target(tab, p, st[K.H_DICE + slot], True)
    st[K.H_DICE + slot] = 0
    st[K.H_SCORE] += 1
    duty = st[G_DUTY] if st[track.G_STAGE] == 0 else DUTY_NONE
    if (duty == DUTY_EXIT and p == YARD) or (duty == DUTY_OPEN and track.in_block(st, tab, pid)):
        st[K.H_SCORE] += 1
    track.lift(st, tab, pid)
    captured = False
    if t < tab.L:
        g = track.cell(tab, pl, t)
        foes = track.foes_at(st, g, pl)
        if p == YARD and track.bits(track.at(st, g)) >= 2 and foes:
            ne = track.capture(st, tab, _exit_victim(st, tab, pl, g), g, pl, ev, ne)
            captured = True
        elif foes and not track.is_safe(tab, g):
            ne = track.capture_all(st, tab, foes, g, pl, ev, ne)
            captured = True
    track.put(st, tab, pid, t)
    st[G_CLOCK] += 1
    st[STAMP + pid] = st[G_CLOCK]
    st[G_LAST] = pid
    ne = track.moved_events(st, tab, pl, k, p, t, ev, ne)
    if st[K.H_PHASE] == K.PHASE_MOVE:
        if captured:
            ne = track.earn_bonus(st, track.CAPTURE_BONUS, ev, ne)
        if t == track.goal(tab):
            ne = track.earn_bonus(st, track.GOAL_BONUS, ev, ne)
    return ne


@njit(cache=True)
def begin(st, tab, ev, ne):
    pl = st[K.H_PLAYER]
    if track.start_roll(st):
        st[G_LAST] = -1
    d = st[K.H_DICE]
    st[G_DUTY] = DUTY_NONE
    if track.count_run(st, d == 6) == 3:
        last = st[G_LAST]
        if last >= 0:
            p = st[POS + last]
            if p < tab.L or (p < track.goal(tab) and not tab.spare_corridor):
                track.send_to_yard(st, tab, last)
                ne = K.emit(ev, ne, K.EV_PENALTY, pl, last % PIECES, track.numbered(tab, p), 0)
        return track.void_roll(st, ev, ne)
    if d == 6 and track.yard_count(st, pl) == 0:
        st[K.H_DICE] = 7
    if d == 5 and track.yard_count(st, pl) > 0:
        st[G_DUTY] = DUTY_EXIT
    elif d == 6 and track.has_own_block(st, tab, pl):
        st[G_DUTY] = DUTY_OPEN
    return ne


@njit(cache=True)
def finish(st, tab, ev, ne):
    return track.end_roll(st, tab, 1 if st[K.H_ROLL0] == 6 else 0, ev, ne)


@njit(cache=True)
def potential(st, tab):
    return st[K.H_SCORE] + 2 * race.dice_left(st)


@njit(cache=True)
def evaluate(st, tab, me):
    return track.race_value(st, tab, me, 7, 3.0)


KERNEL = Kernel("parchis", check, gen, play, begin, finish, potential, evaluate)


# -- the game ------------------------------------------------------------------------------
class Parchis(track.Ring68Game):
    """Places (rules.md §7): -1 home, 0 own exit .. 63 own corridor entry
    square, 64..70 corridor, 71 meta."""
    name = "parchis"
    title = "Parchís"
    aliases = ("парчис", "parchís")
    kernel = KERNEL
    reasons = REASONS
    colours = ("yellow", "blue", "red", "green")
    layout_end = SIZE
    dest = staticmethod(dest)
    kind_marks = {STEP: ""}
    yard_name = "home"
    goal_name = "meta"
    notation_help = "a move is written die (7 for a 6 counting 7) or bonus, then piece: 5a, 7c, 20b, 10d"
    place_help = "-1 home, 0..63 ring from the own exit, 64..70 corridor, 71 meta"
    options = (
        Option("exit_capture", True, "a piece leaving home onto its exit where two pieces stand, one of "
               "another colour, captures that one (off: a full exit is closed)", kind=bool),
        Option("spare_corridor", True, "the third 6 spares the last-moved piece when it is already in "
               "the corridor (off: only the meta spares it)", kind=bool),
        race.PLAY_FOR_PLACES,
        race.first_player_option("die"),
    )
    presets = {
        "seed": {},
        "no-exit-capture": {"exit_capture": False},
    }

    def tables(self):
        o = self.opts
        safe = track.safe_bits(self.spacing, [(n - 5) % 68 for n in SEGUROS])
        return ParchisTab(np.array([1], np.int64), np.array([6], np.int64),
                          track.seat_offsets(self.seats, self.spacing),
                          self.players, self.ring_size, self.T, self.lane_size, self.spacing, safe,
                          int(o["play_for_places"]), int(o["exit_capture"]), int(o["spare_corridor"]))

    def pieces_from_json(self, arr, pieces):
        super().pieces_from_json(arr, pieces)
        for pid in range(16):                # arrival order on shared squares: listing order
            arr[STAMP + pid] = pid + 1
        arr[G_CLOCK] = 16
        arr[G_LAST] = -1

    def square_label(self, g):
        return str((g + 4) % 68 + 1)

    def whole_roll_reason(self):
        return ("the die must be played when it can be; a 5 must bring a piece out of home when it can, "
                "and a 6 must open a barrier when it can")


GAME = Parchis
