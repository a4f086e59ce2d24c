"""Parcheesi (seed 004; rules.md §8, §12).

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
may stand.
"""
from collections import namedtuple
import re

import numpy as np
from numba import njit

from ..engine import kernel as K
from ..engine.game import Kernel
from ..engine.options import Option
from ..i18n import Text
from . import race, track
from .track import POS, PIECES, YARD

# -- this game's part of the state ------------------------------------------------------------
PARTNER = track.END              # per own pawn: its blockade partner when the roll began, -1 none
BPLACE = PARTNER + PIECES        # per own pawn: where it stood when the roll began
G_PAIRED = BPLACE + PIECES       # 1 when the roll began with an own blockade
AGE = G_PAIRED + 1               # per pawn: its owner's turns it has stood in the same blockade
TSTART = AGE + 16                # per own pawn: where it stood when the turn began
DUE = TSTART + PIECES            # per own pawn: its blockade has stood too long (blockade_turns)
SIZE = DUE + PIECES

STEP, GO_ROUND, SUM = 0, 1, 2

# the roll's score: blockades moved together, then entries, then blockades broken that stood
# too long, then mini-moves, then pips
W_BLOCKADE, W_ENTRY, W_BREAK, W_MOVE = 100000, 2000, 500, 100

R_NEST_FIVE, R_NO_SUM, R_NO_PASSING, R_NOT_PAST = 20, 21, 22, 23
REASONS = dict(track.REASONS)
REASONS.update({
    R_NEST_FIVE: "a pawn leaves the nest only on a 5 or a sum of 5",
    R_NO_SUM: "entering on the sum needs both dice of this roll unused and summing to 5, "
              "and the pawn in the nest",
    R_NO_PASSING: "a pawn may not pass its home row (may_pass_home_row is off)",
    R_NOT_PAST: "this move does not reach past the pawn's home-row turn-off",
    track.R_BLOCKED: "a blockade stands in the way: nobody passes it, its owner included",
    track.R_FULL: "two own pawns already stand there",
    track.R_BLOCK_LAND: "a blockade stands there",
    track.R_YARD_BONUS: "a pawn in the nest can only enter, not take a bonus",
})

SAFETIES = (0, 5, 12, 17, 22, 29, 34, 39, 46, 51, 56, 63)      # space numbers

ParcheesiTab = namedtuple("ParcheesiTab", "dice_lo dice_hi offsets nplayers L T H spacing safe places "
                                          "must_enter may_pass three_doubles blockade_turns")


# -- the rules, compiled -----------------------------------------------------------------------
@njit(cache=True, inline="always")
def _entry(st, tab, pl):
    """Can a pawn of pl enter onto its entry space now: (reason, 0)."""
    m = track.at(st, track.cell(tab, pl, 0))
    own = track.bits(track.own_bits(m, pl))
    if own >= 2:
        return track.R_FULL, 0
    if track.bits(m) - own >= 2:
        return track.R_BLOCK_LAND, 0
    return 0, 0


@njit(cache=True)
def _sum_ready(st):
    return (st[track.G_STAGE] == 0 and st[K.H_NDICE] == 2 and st[K.H_DICE] and st[K.H_DICE + 1]
            and st[K.H_DICE] + st[K.H_DICE + 1] == 5)


@njit(cache=True, inline="always")
def dest(st, tab, slot, k, kind):
    """Where the single action would take the pawn: (reason, target)."""
    if st[K.H_PHASE] != K.PHASE_MOVE:
        return track.R_OVER, 0
    if k >= PIECES:
        return track.R_NO_PIECE, 0
    pl, _, p = race.piece(st, k)
    if kind == SUM:
        if slot != 0 or not _sum_ready(st) or p != YARD:
            return R_NO_SUM, 0
        if k != track.first_in_yard(st, pl):
            return track.R_YARD_ORDER, 0
        return _entry(st, tab, pl)
    if kind > SUM:
        return track.R_NO_KIND, 0
    if slot >= st[K.H_NDICE] or st[K.H_DICE + slot] == 0:
        return track.R_NO_DIE, 0
    d = st[K.H_DICE + slot]
    if p == YARD:
        if st[track.G_STAGE]:
            return track.R_YARD_BONUS, 0
        if d != 5:
            return R_NEST_FIVE, 0
        if kind != STEP:
            return R_NOT_PAST, 0
        if k != track.first_in_yard(st, pl):
            return track.R_YARD_ORDER, 0
        return _entry(st, tab, pl)
    if p == track.goal(tab):
        return track.R_IN_GOAL, 0
    if kind == GO_ROUND:
        if not tab.may_pass:
            return R_NO_PASSING, 0
        if p >= tab.L or d <= (tab.T - p) % tab.L:
            return R_NOT_PAST, 0
    return _reach(st, tab, pl, p, d, kind == STEP)


@njit(cache=True, inline="always")
def _reach(st, tab, pl, p, d, turn_in):
    """(reason, target) of a pawn of pl on the board at p moving d."""
    t = track.target(tab, p, d, turn_in)
    if t < 0:
        return track.R_OVERSHOOT, 0
    if track.blocked_between(st, tab, pl, p, d, turn_in, False):
        return track.R_BLOCKED, 0
    if t == track.goal(tab):
        return 0, t
    if t >= tab.L:
        return (track.R_FULL if track.lane_count(st, pl, t) >= 2 else 0), t
    m = track.at(st, track.cell(tab, pl, t))
    n = track.bits(m)
    if n >= 2:
        return track.R_BLOCK_LAND, t
    if n == 1 and not track.own_bits(m, pl) and track.is_safe(tab, track.cell(tab, pl, t)):
        return track.R_SAFE_TAKEN, t
    return 0, t


check = race.die_rules("parcheesi", dest, steps_only=False)


@njit(cache=True)
def gen(st, tab, out):
    """Each die: a 5 enters a pawn, else a step for each pawn and, past the
    home row, round again; then entering on the sum of both dice."""
    if st[K.H_PHASE] != K.PHASE_MOVE:
        return 0
    n = 0
    pl = st[K.H_PLAYER]
    for slot in range(st[K.H_NDICE]):
        d = st[K.H_DICE + slot]
        if d == 0 or not K.first_slot_of_value(st, slot):
            continue
        for k in range(PIECES):                  # dest's checks, without those gen makes sure of
            p = st[POS + pl * PIECES + k]
            if p == YARD:
                if d == 5 and st[track.G_STAGE] == 0 and k == track.first_in_yard(st, pl) \
                        and _entry(st, tab, pl)[0] == 0:
                    out[n] = K.encode(slot, k, STEP)
                    n += 1
                continue
            if p == track.goal(tab):
                continue
            if _reach(st, tab, pl, p, d, True)[0] == 0:
                out[n] = K.encode(slot, k, STEP)
                n += 1
            if (tab.may_pass and p < tab.L and d > (tab.T - p) % tab.L
                    and _reach(st, tab, pl, p, d, False)[0] == 0):
                out[n] = K.encode(slot, k, GO_ROUND)
                n += 1
    if _sum_ready(st):
        k = track.first_in_yard(st, pl)
        if k >= 0 and _entry(st, tab, pl)[0] == 0:
            out[n] = K.encode(0, k, SUM)
            n += 1
    return n


@njit(cache=True, inline="always")
def _together(st, tab, pl):
    """Blockades of the roll's start whose two pawns now stand together on a new space."""
    n = 0
    if st[G_PAIRED] == 0:
        return 0
    for k in range(PIECES):
        j = st[PARTNER + k]
        if j > k:
            p = st[POS + pl * PIECES + k]
            if p == st[POS + pl * PIECES + j] and p != st[BPLACE + k] and 0 <= p < track.goal(tab):
                n += 1
    return n


@njit(cache=True, inline="always")
def _intact(st, pl, k):
    """The blockade pawn k stood in when the roll began is still there."""
    j = st[PARTNER + k]
    b = st[BPLACE + k]
    return j >= 0 and st[POS + pl * PIECES + k] == b and st[POS + pl * PIECES + j] == b


@njit(cache=True, inline="always")
def _due(st, pl):
    """Blockades due to be broken (blockade_turns) and still standing."""
    n = 0
    if st[G_PAIRED] == 0:
        return 0
    for k in range(PIECES):
        if st[DUE + k] and st[PARTNER + k] > k and _intact(st, pl, k):
            n += 1
    return n


@njit(cache=True)
def play(st, tab, a, ev, ne):
    slot, k, kind = K.decode(a)
    pl, pid, p = race.piece(st, k)
    t = 0 if p == YARD else track.target(tab, p, st[K.H_DICE + slot], kind == STEP)
    if kind == SUM:
        used, pips = 2, st[K.H_DICE] + st[K.H_DICE + 1]
        st[K.H_DICE] = 0
        st[K.H_DICE + 1] = 0
    else:
        used, pips = 1, st[K.H_DICE + slot]
        st[K.H_DICE + slot] = 0
    dice_stage = st[track.G_STAGE] == 0
    if dice_stage:
        before = _together(st, tab, pl)
        st[K.H_SCORE] += W_MOVE * used + pips + (W_ENTRY if p == YARD and tab.must_enter else 0)
        if st[DUE + k] and _intact(st, pl, k):
            st[K.H_SCORE] += W_BREAK
    else:
        st[K.H_SCORE] += 1
    track.lift(st, tab, pid)
    captured = False
    if t < tab.L:
        g = track.cell(tab, pl, t)
        foes = track.foes_at(st, g, pl)
        for victim in range(16):
            if foes >> victim & 1:
                ne = track.capture(st, tab, victim, g, pl, ev, ne)
                captured = True
    track.put(st, tab, pid, t)
    ne = track.moved_events(st, tab, pl, k, p, t, ev, ne)
    if st[K.H_PHASE] == K.PHASE_MOVE:
        if captured:
            ne = track.earn_bonus(st, track.CAPTURE_BONUS, ev, ne)
        if t == track.goal(tab):
            ne = track.earn_bonus(st, track.GOAL_BONUS, ev, ne)
    if dice_stage:
        st[K.H_SCORE] -= W_BLOCKADE * (_together(st, tab, pl) - before)
    return ne


@njit(cache=True)
def _farthest(st, tab, pl):
    """The pawn closest to Home that is neither in the nest nor Home, -1 none."""
    best, pick = 1 << 30, -1
    for k in range(PIECES):
        p = st[POS + pl * PIECES + k]
        if p != YARD and p != track.goal(tab):
            r = track.remaining(tab, p)
            if r < best:
                best, pick = r, k
    return pick


@njit(cache=True)
def begin(st, tab, ev, ne):
    pl = st[K.H_PLAYER]
    if track.start_roll(st):
        for k in range(PIECES):
            st[TSTART + k] = st[POS + pl * PIECES + k]
    st[K.H_SCORE] = 2 * W_BLOCKADE          # room for the penalty: scores stay positive
    d = st[K.H_DICE]
    double = d == st[K.H_DICE + 1]
    if track.count_run(st, double) == 3 and tab.three_doubles:
        k = _farthest(st, tab, pl)
        if k >= 0:
            p = st[POS + pl * PIECES + k]
            track.send_to_yard(st, tab, pl * PIECES + k)
            ne = K.emit(ev, ne, K.EV_PENALTY, pl, k, track.numbered(tab, p), 0)
        return track.void_roll(st, ev, ne)
    if double and track.yard_count(st, pl) == 0:
        st[K.H_DICE + 2] = 7 - d
        st[K.H_DICE + 3] = 7 - d
        st[K.H_NDICE] = 4
    st[G_PAIRED] = 0
    for k in range(PIECES):
        p = st[POS + pl * PIECES + k]
        st[BPLACE + k] = p
        st[PARTNER + k] = -1
        for j in range(PIECES):
            if j != k and 0 <= p < track.goal(tab) and st[POS + pl * PIECES + j] == p:
                st[PARTNER + k] = j
                st[G_PAIRED] = 1
    for k in range(PIECES):
        j = st[PARTNER + k]
        due = (tab.blockade_turns > 0 and j >= 0
               and min(st[AGE + pl * PIECES + k], st[AGE + pl * PIECES + j]) >= tab.blockade_turns)
        st[DUE + k] = 1 if due else 0
    return ne


@njit(cache=True)
def finish(st, tab, ev, ne):
    pl = st[K.H_PLAYER]
    ne = track.end_roll(st, tab, 1 if st[K.H_ROLL0] == st[K.H_ROLL0 + 1] else 0, ev, ne)
    if st[K.H_PLAYER] != pl:                 # the turn is over: blockades that stood it grow older
        for k in range(PIECES):
            pid = pl * PIECES + k
            still = st[POS + pid] == st[TSTART + k] and track.in_block(st, tab, pid)
            st[AGE + pid] = st[AGE + pid] + 1 if still else 0
    return ne


@njit(cache=True)
def potential(st, tab):
    left = 0
    pips = 0
    fives = 0
    for slot in range(st[K.H_NDICE]):
        d = st[K.H_DICE + slot]
        if d:
            left += 1
            pips += d
            if d == 5:
                fives += 1
    if st[track.G_STAGE]:
        return st[K.H_SCORE] + left
    if _sum_ready(st):
        fives += 1
    pl = st[K.H_PLAYER]
    entries = 0
    if tab.must_enter and fives and _entry(st, tab, pl)[0] != track.R_BLOCK_LAND:
        entries = min(fives, track.yard_count(st, pl))      # an opponent's blockade stays all roll
    return (st[K.H_SCORE] + W_BLOCKADE * _together(st, tab, pl) + W_ENTRY * entries
            + W_BREAK * _due(st, pl) + W_MOVE * left + pips)


@njit(cache=True)
def evaluate(st, tab, me):
    return track.race_value(st, tab, me, 12, 3.0)


KERNEL = Kernel("parcheesi", check, gen, play, begin, finish, potential, evaluate)


# -- the game ------------------------------------------------------------------------------------
class Parcheesi(track.Ring68Game):
    """Places (rules.md §8): -1 nest, 0 own entry space .. 63 own turn-off,
    64..70 home row, 71 Home; 72..75 are the ring spaces past the turn-off,
    reached only by a pawn that passed its home row."""
    name = "parcheesi"
    title = "Parcheesi"
    aliases = ("pachisi-us",)
    kernel = KERNEL
    reasons = REASONS
    colours = ("green", "red", "blue", "yellow")
    layout_end = SIZE
    dest = staticmethod(dest)
    kind_marks = {STEP: "", GO_ROUND: ">", SUM: ""}
    yard_name = "nest"
    goal_name = "home"
    notation_help = ("a move is written die (or bonus) and pawn, '>' to go round past the home row, "
                     "or the two dice of a sum entry: 5a, 3b, 4c>, 20d, 2+3a")
    place_help = "-1 nest, 0..63 ring from the own entry space, 64..70 home row, 71 Home, 72..75 ring past the turn-off"
    options = (
        Option("must_enter_on_five", True, "a 5 (or a sum of 5) must bring a pawn out of the nest "
               "when entry is possible, before anything else", kind=bool),
        Option("may_pass_home_row", True, "a pawn may pass its home row and go round again", kind=bool),
        Option("three_doubles_penalty", False, "the third double in a row is not played and the pawn "
               "farthest along (home row included) goes back to the nest", kind=bool),
        Option("blockade_turns", 0, "a local limit: a blockade that has stood through this many of its "
               "owner's turns must be broken when the roll can break it (0: no limit)", (0, 1, 2, 3), int),
        race.PLAY_FOR_PLACES,
        race.first_player_option(),
    )
    presets = {
        "seed": {},
        "hasbro": {"three_doubles_penalty": True, "may_pass_home_row": False},
    }

    def tables(self):
        o = self.opts
        safe = track.safe_bits(self.spacing, [(n - 5) % 68 for n in SAFETIES])
        return ParcheesiTab(np.array([1, 1], np.int64), np.array([6, 6], np.int64),
                            track.seat_offsets(self.seats, self.spacing), self.players, self.ring_size, self.T,
                            self.lane_size, self.spacing, safe, int(o["play_for_places"]),
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

    def parse_notation(self, arr, text):
        m = self._SUM.match(text)
        if m:
            return [(0, "abcd".index(m.group(3)), SUM)]
        return super().parse_notation(arr, text)

    def square_problem(self, g, who):
        if len({q for q, _ in who}) > 1:
            return Text("pawns of different colours never share a space")
        if len(who) > 2:
            return Text("{count} pawns on one space (at most 2)", count=len(who))
        return None

    def square_label(self, g):
        return str((g + 5) % 68)

    def whole_roll_reason(self):
        return ("a 5 must enter a pawn when it can; then the roll must use as many dice as possible "
                "(the larger when only one can be used), and a blockade may not move on together")


GAME = Parcheesi
