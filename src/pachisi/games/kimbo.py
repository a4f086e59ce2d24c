"""Kimbo, the game of fences (seed 003; rules.md §1).

A 15x15 grid whose 3x3 centre is one field with an entrance on each side.
Every player has four pawns, one in each corner on a start square of its
colour, and six fences of its colour standing in slots on the lines between
squares.

A turn: the player may first move one fence of its colour to any free slot,
but never so that a square from which the centre could be reached is cut off
from it; then rolls two dice (obligatory) and moves one pawn by the sum, or
two different pawns one die each, using as much of the roll as can be used.
A pawn runs straight, orthogonally; meeting a fence, a fixed wall or the
border it turns 90 degrees left or right (the player's choice when both are
open) and runs on; in a square fenced on three sides it turns back for the
points it has left.  Other pawns never block.  The centre is entered through
an open entrance on the last point only.  Ending on an opponent captures it:
its owner puts it back on a free start square of its colour.  Two own pawns
never share a square.  On a double a pawn standing at a fence may instead jump
over it to the square beyond, and that is the whole turn.  Four pawns in the
centre win.  With three players the fences of the missing colour are removed
and one of them closes its side's entrance; with two, two opposite entrances.
"""
from collections import namedtuple
import re

import numpy as np
from numba import njit

from ..boards import grid
from ..boards.grid import BOARD, CENTRE, NODES, UNREACHABLE
from ..engine import kernel as K
from ..engine.game import Game, GameError, IllegalMove, Kernel, Move
from ..engine.options import Option
from ..engine.view import BoardView, Square
from ..i18n import Term, Text
from . import race

PAWNS = 4
FENCES = 6
SLOTS = len(BOARD.slots)
CHOICES = 12                   # turn choices a route can make: one per point at most

# -- state layout after the core header -------------------------------------------
POS = K.HEADER                 # node of each pawn (player * 4 + k)
FEN = POS + 16                 # slot of each fence (colour seat * 6 + i), -1 off the board
WALL = FEN + 24                # per node: bit d set while side d is closed (fence or permanent)
G_STAGE = WALL + NODES         # what the decision in PHASE_MOVE is about
G_MOVER = G_STAGE + 1          # the player whose turn it is (a victim may be deciding)
G_MOVED = G_MOVER + 1          # pawn moved by the first die, -1
G_DOUBLE = G_MOVED + 1         # the roll is a double
SIZE = G_DOUBLE + 1

PENDING = -2                   # a captured pawn waiting to be put on a start square
ABSENT = -9                    # pawns of players not in the game

STAGE_FENCE, STAGE_PAWN, STAGE_PLACE = 0, 1, 2

# action slots (K.encode(slot, piece, kind)); kind of a pawn move = direction | turn bits << 2
DIE0, DIE1, SUM, JUMP, PLACE, FENCE = 0, 1, 2, 3, 6, 7
KEEP = 31                      # the "piece" of the fence action that leaves every fence standing
MAX_ACTIONS = 8192

R_OVER, R_NOT_NOW, R_NO_DIE, R_NO_PAWN, R_SAME_PAWN, R_IN_CENTRE = 1, 2, 3, 4, 5, 6
R_CAPTURED, R_NO_WAY, R_NO_ROUTE, R_OWN_PAWN, R_NOT_DOUBLE, R_NO_FENCE = 7, 8, 9, 10, 11, 12
R_JUMP_CENTRE, R_NO_OWN_FENCE, R_SLOT_TAKEN, R_CUTS_OFF, R_NOT_START, R_SURPLUS = 13, 14, 15, 16, 17, 18
REASONS = {
    R_OVER: "the game is over",
    R_NOT_NOW: "that is not what is decided now (fence move, pawn move or placing a captured pawn)",
    R_NO_DIE: "no die of this roll is left with that value",
    R_NO_PAWN: "there is no such pawn",
    R_SAME_PAWN: "the two dice move two different pawns (one pawn moves by the sum)",
    R_IN_CENTRE: "the pawn is already in the centre",
    R_CAPTURED: "the pawn is waiting to be put back on a start square",
    R_NO_WAY: "that side of the pawn's square is closed",
    R_NO_ROUTE: "the pawn has no such route: the turns written do not match the fences met",
    R_OWN_PAWN: "the move ends on your own pawn",
    R_NOT_DOUBLE: "a pawn jumps a fence only on a double, as the whole turn",
    R_NO_FENCE: "there is no fence on that side of the pawn to jump",
    R_JUMP_CENTRE: "a pawn cannot jump into the centre",
    R_NO_OWN_FENCE: "you have no fence there to move",
    R_SLOT_TAKEN: "that slot is not free",
    R_CUTS_OFF: "that fence would cut squares off from the centre",
    R_NOT_START: "a captured pawn goes on a free start square of its colour",
    R_SURPLUS: "the centre is entered on the last point only (centre_entry=illegal)",
}

KimboTab = namedtuple("KimboTab", "dice_lo dice_hi seat nplayers places nb slots start "
                                  "entry_wall own_stack any_start")


# -- running a pawn -------------------------------------------------------------
@njit(cache=True, inline="always")
def is_open(st, nb, entry_wall, v, d, left):
    """Can a pawn with `left` points step over side d of v?  With the default
    rule an entrance is a wall unless this is the last point."""
    if (st[WALL + v] >> d) & 1:
        return False
    return not (entry_wall and left > 1 and nb[v, d] == CENTRE)


@njit(cache=True)
def run(st, nb, entry_wall, v, points, kind):
    """Run a pawn from v by `points` with the initial direction and the turn
    choices in kind: (end node or -1, reason, turn choices made)."""
    direction = kind & 3
    bits = kind >> 2
    if not is_open(st, nb, entry_wall, v, direction, points):
        return -1, R_NO_WAY, 0
    left = points
    made = 0
    while left > 0:
        if is_open(st, nb, entry_wall, v, direction, left):
            v = nb[v, direction]
            left -= 1
            if v == CENTRE and left > 0:
                return -1, R_SURPLUS, made
            continue
        lt = (direction + 3) & 3
        rt = (direction + 1) & 3
        lo = is_open(st, nb, entry_wall, v, lt, left)
        ro = is_open(st, nb, entry_wall, v, rt, left)
        if lo and ro:
            direction = rt if (bits >> made) & 1 else lt
            made += 1
        elif lo:
            direction = lt
        elif ro:
            direction = rt
        else:                    # fenced on three sides: back for the points left
            direction = (direction + 2) & 3
    if bits >> made:
        return -1, R_NO_ROUTE, made
    return v, 0, made


@njit(cache=True, inline="always")
def taken(st, v):
    """A pawn stands on ordinary square v."""
    for pid in range(4 * PAWNS):
        if st[POS + pid] == v:
            return True
    return False


@njit(cache=True)
def may_end(st, tab, pid, v):
    """A move of pawn pid may end on v: the centre, or not on an own pawn."""
    if v == CENTRE or tab.own_stack:
        return True
    pl = pid // PAWNS
    for j in range(PAWNS):
        q = pl * PAWNS + j
        if q != pid and st[POS + q] == v:
            return False
    return True


@njit(cache=True)
def add_routes(st, tab, out, n, slot, k, v, points):
    """Append every route of pawn k from v by `points` (each initial
    direction, each sequence of turn choices) that may end where it ends."""
    pid = st[K.H_PLAYER] * PAWNS + k
    cap = out.shape[0] // 2
    nb = tab.nb
    entry_wall = tab.entry_wall
    for direction in range(4):
        if not is_open(st, nb, entry_wall, v, direction, points):
            continue
        bits = 0
        while True:
            end, why, made = run(st, nb, entry_wall, v, points, direction | (bits << 2))
            if end >= 0 and may_end(st, tab, pid, end) and n < cap:    # (cap: never reached in play)
                out[n] = K.encode(slot, k, direction | (bits << 2))
                n += 1
            i = made - 1                 # next route: the last left turn becomes a right one
            while i >= 0 and (bits >> i) & 1:
                i -= 1
            if i < 0:
                break
            bits = (bits & ((1 << i) - 1)) | (1 << i)
    return n


@njit(cache=True)
def pawn_check(st, tab, slot, k, kind):
    """Reason (0 if none) the pawn action cannot be played, and where it ends."""
    if st[G_STAGE] != STAGE_PAWN or slot > JUMP:
        return R_NOT_NOW, -1
    if k >= PAWNS:
        return R_NO_PAWN, -1
    d0 = st[K.H_DICE]
    d1 = st[K.H_DICE + 1]
    if slot == DIE0 or slot == DIE1:
        points = st[K.H_DICE + slot]
        if points == 0:
            return R_NO_DIE, -1
    elif slot == SUM:
        if d0 == 0 or d1 == 0:
            return R_NO_DIE, -1
        points = d0 + d1
    else:
        if st[G_DOUBLE] == 0 or d0 == 0 or d1 == 0:
            return R_NOT_DOUBLE, -1
        points = 0
    pid = st[K.H_PLAYER] * PAWNS + k
    v = st[POS + pid]
    if v == CENTRE:
        return R_IN_CENTRE, -1
    if v < 0:
        return R_CAPTURED, -1
    if st[G_MOVED] == k:
        return R_SAME_PAWN, -1
    if kind < 0 or kind >= 4 << CHOICES:
        return R_NO_ROUTE, -1
    if slot == JUMP:
        direction = kind & 3
        if kind > 3:
            return R_NO_ROUTE, -1
        end = tab.nb[v, direction]       # -1 beyond the border or a fixed wall
        if end < 0 or not (st[WALL + v] >> direction) & 1:
            return R_NO_FENCE, -1
        if end == CENTRE:
            return R_JUMP_CENTRE, -1
    else:
        end, why, made = run(st, tab.nb, tab.entry_wall, v, points, kind)
        if end < 0:
            return why, -1
    if not may_end(st, tab, pid, end):
        return R_OWN_PAWN, -1
    return 0, end


# -- fences ------------------------------------------------------------------------
@njit(cache=True)
def fence_targets(st, tab, first, last, out, n):
    """Append the moves of own fences first..last-1 to free slots.  Every
    square from which the centre can be reached now must still reach it
    (rules.md §1.4): a slot is refused when closing it cuts such squares off,
    unless the line the fence leaves joins them back."""
    nb = tab.nb
    slots = tab.slots
    walls = st[WALL:WALL + NODES]
    work = np.empty((7, NODES), np.int64)
    dist, need = work[0], work[1]
    disc, low, parent, end, below = work[2], work[3], work[4], work[5], work[6]
    grid.distances(walls, nb, dist, disc)                 # disc serves as the queue
    for v in range(NODES):
        need[v] = 1 if dist[v] < UNREACHABLE and v != CENTRE else 0
    grid.cut_search(walls, nb, need, disc, low, parent, end, below, dist)    # dist as the stack
    cut = np.empty(slots.shape[1], np.int64)
    for s in range(slots.shape[1]):
        u, d, v = slots[0, s], slots[1, s], slots[2, s]
        cut[s] = -2 if (walls[u] >> d) & 1 else grid.cut_child(u, v, disc, low, parent, below)
    base = FEN + tab.seat[st[K.H_PLAYER]] * FENCES
    for i in range(first, last):
        s0 = st[base + i]
        if s0 < 0:
            continue
        u0, v0 = slots[0, s0], slots[2, s0]
        for s in range(slots.shape[1]):
            c = cut[s]
            if c == -2 or (c >= 0 and not grid.rejoins(u0, v0, c, disc, end)):
                continue
            out[n] = K.encode(FENCE, i, s)
            n += 1
    return n


@njit(cache=True)
def fence_check(st, tab, i, s1):
    if st[G_STAGE] != STAGE_FENCE:
        return R_NOT_NOW
    if i == KEEP:
        return 0 if s1 == 0 else R_NO_OWN_FENCE
    if i >= FENCES or st[FEN + tab.seat[st[K.H_PLAYER]] * FENCES + i] < 0:
        return R_NO_OWN_FENCE
    if s1 >= tab.slots.shape[1] or s1 == st[FEN + tab.seat[st[K.H_PLAYER]] * FENCES + i]:
        return R_SLOT_TAKEN
    u, d = tab.slots[0, s1], tab.slots[1, s1]
    if (st[WALL + u] >> d) & 1:
        return R_SLOT_TAKEN
    out = np.empty(SLOTS, np.int64)
    n = fence_targets(st, tab, i, i + 1, out, 0)
    for j in range(n):
        if out[j] == K.encode(FENCE, i, s1):
            return 0
    return R_CUTS_OFF


@njit(cache=True, inline="always")
def set_slot(st, tab, s, closed):
    u, d, v = tab.slots[0, s], tab.slots[1, s], tab.slots[2, s]
    if closed:
        st[WALL + u] |= 1 << d
        st[WALL + v] |= 1 << ((d + 2) & 3)
    else:
        st[WALL + u] &= ~(1 << d)
        st[WALL + v] &= ~(1 << ((d + 2) & 3))


# -- captured pawns -----------------------------------------------------------------
@njit(cache=True)
def start_squares(st, tab, q, out):
    """Free start squares a captured pawn of player q may be put on: those of
    its colour (any_start: any), or, if all of them are taken, any free one."""
    n = 0
    colour = tab.seat[q]
    for c in range(4):
        for corner in range(4):
            if c != colour and not tab.any_start:
                continue
            v = tab.start[c, corner]
            if not taken(st, v):
                out[n] = v
                n += 1
    if n == 0:
        for c in range(4):
            for corner in range(4):
                v = tab.start[c, corner]
                if not taken(st, v):
                    out[n] = v
                    n += 1
    return n


@njit(cache=True)
def first_pending(st):
    for pid in range(4 * PAWNS):
        if st[POS + pid] == PENDING:
            return pid
    return -1


@njit(cache=True)
def put_back(st, tab, pid, v, ev, ne):
    st[POS + pid] = v
    return K.emit(ev, ne, K.EV_ENTERED, pid // PAWNS, pid % PAWNS, PENDING, v)


@njit(cache=True)
def end_of_roll(st, tab, ev, ne):
    """Captured pawns go back (their owners choose where when there is a
    choice), then the turn passes and the next player may move a fence."""
    squares = np.empty(16, np.int64)
    while True:
        pid = first_pending(st)
        if pid < 0:
            break
        if start_squares(st, tab, pid // PAWNS, squares) > 1:
            st[K.H_PLAYER] = pid // PAWNS
            st[G_STAGE] = STAGE_PLACE
            return ne
        ne = put_back(st, tab, pid, squares[0], ev, ne)
    st[K.H_PLAYER] = st[G_MOVER]
    ne = race.pass_turn(st, tab.nplayers, ev, ne)
    st[K.H_PHASE] = K.PHASE_MOVE
    st[K.H_NDICE] = 0
    st[G_STAGE] = STAGE_FENCE
    st[G_MOVER] = st[K.H_PLAYER]
    return ne


# -- the kernel interface ---------------------------------------------------------
@njit(cache=True)
def check(st, tab, slot, piece, kind):
    if st[K.H_PHASE] != K.PHASE_MOVE:
        return R_OVER
    if slot == FENCE:
        return fence_check(st, tab, piece, kind)
    if slot == PLACE:
        if st[G_STAGE] != STAGE_PLACE:
            return R_NOT_NOW
        pid = first_pending(st)
        if piece != pid % PAWNS:
            return R_NO_PAWN
        squares = np.empty(16, np.int64)
        for j in range(start_squares(st, tab, pid // PAWNS, squares)):
            if squares[j] == kind:
                return 0
        return R_NOT_START
    return pawn_check(st, tab, slot, piece, kind)[0]


@njit(cache=True)
def gen(st, tab, out):
    if st[K.H_PHASE] != K.PHASE_MOVE:
        return 0
    stage = st[G_STAGE]
    if stage == STAGE_FENCE:
        out[0] = K.encode(FENCE, KEEP, 0)
        return fence_targets(st, tab, 0, FENCES, out, 1)
    if stage == STAGE_PLACE:
        pid = first_pending(st)
        squares = np.empty(16, np.int64)
        m = start_squares(st, tab, pid // PAWNS, squares)
        for j in range(m):
            out[j] = K.encode(PLACE, pid % PAWNS, squares[j])
        return m
    n = 0
    pl = st[K.H_PLAYER]
    d0 = st[K.H_DICE]
    d1 = st[K.H_DICE + 1]
    for k in range(PAWNS):
        v = st[POS + pl * PAWNS + k]
        if v < 0 or v == CENTRE or st[G_MOVED] == k:
            continue
        if d0:
            n = add_routes(st, tab, out, n, DIE0, k, v, d0)
        if d1 and d1 != d0:              # a double lists its first die only
            n = add_routes(st, tab, out, n, DIE1, k, v, d1)
        if d0 and d1:
            n = add_routes(st, tab, out, n, SUM, k, v, d0 + d1)
            if st[G_DOUBLE]:
                for direction in range(4):
                    if pawn_check(st, tab, JUMP, k, direction)[0] == 0:
                        out[n] = K.encode(JUMP, k, direction)
                        n += 1
    return n


@njit(cache=True)
def play(st, tab, a, ev, ne):
    slot, k, kind = K.decode(a)
    pl = st[K.H_PLAYER]
    if slot == FENCE:
        if k != KEEP:
            f = tab.seat[pl] * FENCES + k
            s0 = st[FEN + f]
            set_slot(st, tab, s0, False)
            set_slot(st, tab, kind, True)
            st[FEN + f] = kind
            ne = K.emit(ev, ne, K.EV_FENCE, pl, f, s0, kind)
        st[K.H_PHASE] = K.PHASE_ROLL
        return ne
    if slot == PLACE:
        ne = put_back(st, tab, pl * PAWNS + k, kind, ev, ne)
        return end_of_roll(st, tab, ev, ne)
    end = pawn_check(st, tab, slot, k, kind)[1]
    pid = pl * PAWNS + k
    v = st[POS + pid]
    if slot == DIE0 or slot == DIE1:
        st[K.H_DICE + slot] = 0
        st[K.H_SCORE] += 1
        st[G_MOVED] = k
    else:
        st[K.H_DICE] = 0
        st[K.H_DICE + 1] = 0
        st[K.H_SCORE] += 2
    if end != CENTRE:
        for victim in range(4 * PAWNS):
            if st[POS + victim] == end and victim // PAWNS != pl:
                st[POS + victim] = PENDING
                ne = K.emit(ev, ne, K.EV_CAPTURED, victim // PAWNS, victim % PAWNS, end, pl)
    st[POS + pid] = end
    ne = K.emit(ev, ne, K.EV_JUMPED if slot == JUMP else K.EV_MOVED, pl, k, v, end)
    if end == CENTRE:
        ne = K.emit(ev, ne, K.EV_FINISHED, pl, k, v, end)
        done = True
        for j in range(PAWNS):
            if st[POS + pl * PAWNS + j] != CENTRE:
                done = False
        if done:
            ne = race.record_finish(st, tab.nplayers, pl, tab.places, ev, ne)
    return ne


@njit(cache=True)
def begin(st, tab, ev, ne):
    st[G_STAGE] = STAGE_PAWN
    st[G_MOVER] = st[K.H_PLAYER]
    st[G_MOVED] = -1
    st[G_DOUBLE] = 1 if st[K.H_DICE] == st[K.H_DICE + 1] else 0
    return ne


@njit(cache=True)
def finish(st, tab, ev, ne):
    ne = race.burn_dice(st, ev, ne)
    if st[K.H_PHASE] == K.PHASE_OVER:
        return ne
    return end_of_roll(st, tab, ev, ne)


@njit(cache=True)
def potential(st, tab):
    return st[K.H_SCORE] + race.dice_left(st)


@njit(cache=True)
def evaluate(st, tab, me):
    """Each pawn's progress is how few steps (through open lines) it has
    left to the centre; a pawn in the centre is worth most, a pawn that an
    opponent could hit in a straight run loses a little.  Own progress
    against the opponents' average."""
    dist = np.empty(NODES, np.int64)
    queue = np.empty(NODES, np.int64)
    grid.distances(st[WALL:WALL + NODES], tab.nb, dist, queue)
    val = 0.0
    nopp = max(tab.nplayers - 1, 1)
    for q in range(tab.nplayers):
        total = 0.0
        for k in range(PAWNS):
            v = st[POS + q * PAWNS + k]
            if v == CENTRE:
                total += 40.0
                continue
            if v == PENDING:             # on its way back: the nearest start of its colour
                steps = UNREACHABLE
                for corner in range(4):
                    steps = min(steps, dist[tab.start[tab.seat[q], corner]])
            else:
                steps = dist[v]
            total += 30.0 - min(steps, 40) * 0.75
            if v >= 0 and threatened(st, tab, q, v):
                total -= 2.0
        val += total if q == me else -total / nopp
    if st[K.H_WINNER] == me:
        val += 1e6
    return val


@njit(cache=True)
def threatened(st, tab, q, v):
    """An opponent pawn stands within 12 points of v in a straight open line."""
    r, c = divmod(v, grid.SIZE)
    for pid in range(4 * PAWNS):
        w = st[POS + pid]
        if pid // PAWNS == q or w < 0 or w == CENTRE:
            continue
        r2, c2 = divmod(w, grid.SIZE)
        if r2 == r and 0 < abs(c2 - c) <= 12:
            d = grid.WEST if c2 > c else grid.EAST
        elif c2 == c and 0 < abs(r2 - r) <= 12:
            d = grid.NORTH if r2 > r else grid.SOUTH
        else:
            continue
        x = w
        while x != v and x != CENTRE and not (st[WALL + x] >> d) & 1:
            x = tab.nb[x, d]
        if x == v:
            return True
    return False


KERNEL = Kernel("kimbo", check, gen, play, begin, finish, potential, evaluate, MAX_ACTIONS)


# -- the game ------------------------------------------------------------------------
class Kimbo(Game):
    name = "kimbo"
    title = "Kimbo"
    turn_cap = 5000             # random play may wander: benchmarks cut a game off here
    aliases = ("кимбо",)
    kernel = KERNEL
    reasons = REASONS
    options = (
        Option("fences", "A", "initial fences: A closes the 3x3 pen of each corner with its seat's six "
               "fences; B stands them on the inner boundary of the 4x4 corner block, open along the border",
               ("A", "B")),
        Option("centre_entry", "wall", "an entrance met with points left over is a wall (wall), or the "
               "move may not run into it (illegal)", ("wall", "illegal")),
        Option("end_on_own", False, "a pawn may end on an own pawn and share its square (an opponent "
               "ending there captures both)", kind=bool),
        Option("captured_to", "own_start", "a captured pawn goes on a free start square of its colour "
               "(own_start) or on any free start square (any_start); its owner chooses",
               ("own_start", "any_start")),
        Option("play_for_places", False, "after the winner the others play on for the places", kind=bool),
        Option("first_player", "rolloff", "who starts: a roll-off (highest sum) or the first seat",
               ("rolloff", "first")),
    )
    presets = {
        "seed": {},
        "open-start": {"fences": "B"},
    }

    def tables(self):
        b = BOARD
        start = np.array([[b.start_square(c, corner) for corner in range(4)] for c in range(4)], np.int64)
        return KimboTab(np.array([1, 1], np.int64), np.array([6, 6], np.int64),
                        np.array(self.seats, np.int64), self.players, int(self.opts["play_for_places"]),
                        b.neighbour, b.slot_table, start,
                        int(self.opts["centre_entry"] == "wall"), int(self.opts["end_on_own"]),
                        int(self.opts["captured_to"] == "any_start"))

    def state_size(self):
        return SIZE

    def first_player(self, seed, arr):
        return 0 if self.opts["first_player"] == "first" else super().first_player(seed, arr)

    def initial(self, arr):
        """Pawn k of every player in the corner k seats on from its own, fences as
        the layout says; missing colours leave one fence closing their entrance."""
        b = BOARD
        arr[POS:POS + 16] = ABSENT
        for q, seat in enumerate(self.seats):
            for k in range(PAWNS):
                arr[POS + q * PAWNS + k] = b.start_square(seat, (seat + k) % 4)
        fences = {}
        for seat in range(4):
            if seat in self.seats:
                fences[seat] = list(b.layout(self.opts["fences"], seat))
            else:
                fences[seat] = [b.entrance_slot(seat)]
        self._set_fences(arr, fences)
        arr[K.H_PHASE] = K.PHASE_MOVE
        arr[K.H_NDICE] = 0
        arr[G_STAGE] = STAGE_FENCE
        arr[G_MOVED] = -1

    def _set_fences(self, arr, fences):
        arr[FEN:FEN + 24] = -1
        arr[WALL:WALL + NODES] = BOARD.fixed_mask
        for seat, slots in fences.items():
            for i, s in enumerate(slots):
                arr[FEN + seat * FENCES + i] = s
                set_slot(arr, self.tab, s, True)

    # -- reading the position ---------------------------------------------------------
    def pawns(self, arr, player):
        """Square names of a player's pawns (C in the centre, x while captured)."""
        return [_place_name(int(arr[POS + player * PAWNS + k])) for k in range(PAWNS)]

    def fences(self, arr, player):
        """Slot names of a player's fences."""
        seat = self.seats[player]
        return [BOARD.slot_name(int(s)) for s in arr[FEN + seat * FENCES:FEN + (seat + 1) * FENCES] if s >= 0]

    def describe(self, arr, action):
        slot, k, kind = K.decode(int(action))
        pl = int(arr[K.H_PLAYER])
        if slot == FENCE:
            if k == KEEP and kind == 0:
                return Move(action, pl, 0, k, kind, -1, -1, "keep")
            s0 = int(arr[FEN + self.seats[pl] * FENCES + k]) if k < FENCES else -1
            if s0 < 0 or not 0 <= kind < SLOTS:
                raise ValueError(f"action {action} is not a fence move")
            return Move(action, pl, 0, k, kind, s0, kind, f"{BOARD.slot_name(s0)}-{BOARD.slot_name(kind)}")
        if k >= PAWNS:
            raise ValueError(f"action {action} names no pawn")
        letter = self.piece_names[k]
        if slot == PLACE:
            if not 0 <= kind < NODES or kind == CENTRE:
                raise ValueError(f"action {action} names no square")
            return Move(action, pl, 0, k, kind, PENDING, kind, f"{letter}@{grid.square_name(kind)}")
        v = int(arr[POS + pl * PAWNS + k])
        reason, end = (int(x) for x in pawn_check(arr, self.tab, slot, k, kind)) if slot <= JUMP else (0, -1)
        if slot == JUMP:
            if kind > 3:
                raise ValueError(f"action {action} is not a jump")
            return Move(action, pl, 0, k, kind, v, end, f"{letter}^{grid.DIRECTIONS[kind]}")
        if slot not in (DIE0, DIE1, SUM) or not 0 <= kind < 4 << CHOICES:
            raise ValueError(f"action {action} is not a pawn move")
        d0, d1 = int(arr[K.H_DICE]), int(arr[K.H_DICE + 1])
        points = d0 + d1 if slot == SUM else (d0, d1)[slot]
        if points == 0 or (slot == SUM and 0 in (d0, d1)):
            raise ValueError(f"action {action} uses a die that is not there")
        bits = kind >> 2
        made = bits.bit_length()
        if 0 <= v != CENTRE:
            ran, _, made_run = run(arr, self.tab.nb, self.tab.entry_wall, v, points, kind)
            if ran >= 0:
                made = int(made_run)
        dice = f"{d0}+{d1}" if slot == SUM else str(points)
        turns = "".join("R" if (bits >> i) & 1 else "L" for i in range(made))
        return Move(action, pl, points, k, kind, v, end, f"{letter}{dice}{grid.DIRECTIONS[kind & 3]}{turns}")

    _FENCE = re.compile(r"^([a-o]\d+[ne])-([a-o]\d+[ne])$")
    _PLACE = re.compile(r"^([a-d])@(\w+)$")
    _JUMP = re.compile(r"^([a-d])\^([nesw])$")
    _PAWN = re.compile(r"^([a-d])([1-6])(?:\+([1-6]))?([nesw])([LR]*)$")

    def parse_notation(self, arr, text):
        """keep, a fence move "m3n-h6n", a pawn move "a5n", "b3+4eLR", a jump
        "c^w", a captured pawn put back "a@o1"."""
        b = BOARD
        if text == "keep":
            return [(FENCE, KEEP, 0)]
        m = self._FENCE.match(text)
        if m:
            s0, s1 = b.parse_slot(m.group(1)), b.parse_slot(m.group(2))
            seat = self.seats[int(arr[K.H_PLAYER])]
            own = [int(s) for s in arr[FEN + seat * FENCES:FEN + (seat + 1) * FENCES]]
            if s0 not in own:
                raise IllegalMove("no fence of yours stands on {slot}", slot=m.group(1))
            return [(FENCE, own.index(s0), s1)]
        m = self._PLACE.match(text)
        if m:
            v = grid.parse_square(m.group(2))
            return [(PLACE, "abcd".index(m.group(1)), v)]
        m = self._JUMP.match(text)
        if m:
            return [(JUMP, "abcd".index(m.group(1)), grid.DIRECTIONS.index(m.group(2)))]
        m = self._PAWN.match(text)
        if not m:
            raise GameError("a move is keep, a fence move (m3n-h6n), a pawn, its dice, its direction and "
                            "its turns (a5n, b3+4eLR), a jump on a double (c^w) or a captured pawn put back (a@o1)")
        k = "abcd".index(m.group(1))
        kind = grid.DIRECTIONS.index(m.group(4))
        for i, t in enumerate(m.group(5)):
            kind |= (t == "R") << (2 + i)
        dice = [int(arr[K.H_DICE]), int(arr[K.H_DICE + 1])] if arr[K.H_NDICE] else [0, 0]
        if m.group(3):
            if sorted(dice) != sorted((int(m.group(2)), int(m.group(3)))):
                raise IllegalMove("the sum {a}+{b} is not the roll left to play", a=m.group(2), b=m.group(3))
            return [(SUM, k, kind)]
        d = int(m.group(2))
        if d not in dice:
            raise IllegalMove("no die of this roll is left showing {value}", value=d)
        return [(dice.index(d), k, kind)]

    def move_cells(self, arr, move):
        """A fence move: the slot it leaves and the slot it takes (cheap, for the
        thousands of them); keeping every fence is a button; pawns: the default."""
        slot = K.decode(int(move.action))[0]
        if slot != FENCE:
            return super().move_cells(arr, move)
        if move.piece == KEEP:
            return None, None, "keep the fences"
        return ("wall", BOARD.slot_pairs[move.frm]), ("wall", BOARD.slot_pairs[move.to])

    def whole_roll_reason(self):
        return ("the roll must be used as fully as it can be: this move leaves a die unplayable "
                "where another play uses both")

    # -- position files -----------------------------------------------------------------
    def pieces_to_json(self, arr):
        """Per player: {"pawns": four squares ("c3", "C"), "fences": six slots ("h6n")};
        before the fence move {"turn": "fence", "players": those rows}."""
        rows = [{"pawns": self.pawns(arr, q), "fences": self.fences(arr, q)} for q in range(self.players)]
        if arr[K.H_PHASE] == K.PHASE_MOVE and arr[G_STAGE] == STAGE_FENCE:
            return {"turn": "fence", "players": rows}
        return rows

    def pieces_from_json(self, arr, pieces):
        """Rows as pieces_to_json writes them.  A list of rows is a position
        before the roll (the fence move of the turn is made or given up);
        {"turn": "fence", "players": rows} is one before the fence move."""
        if isinstance(pieces, dict):
            if set(pieces) - {"turn", "players"} or pieces.get("turn", "fence") not in ("fence", "roll"):
                raise GameError('pieces is a list of rows, or {"turn": "fence", "players": rows}')
            fence_move = pieces.get("turn", "fence") == "fence"
            pieces = pieces.get("players")
        else:
            fence_move = False
        if not isinstance(pieces, list) or len(pieces) != self.players:
            raise GameError("pieces must list {players} players, each with pawns and fences", players=self.players)
        if not fence_move:
            arr[K.H_PHASE] = K.PHASE_ROLL
        b = BOARD
        fences = {}
        for seat in range(4):
            if seat not in self.seats:
                fences[seat] = [b.entrance_slot(seat)]
        seen_slots = {s: Term("a fixed fence") for slots in fences.values() for s in slots}
        squares = {}
        for q, row in enumerate(pieces):
            if isinstance(row, list):
                row = {"pawns": row}
            if not isinstance(row, dict) or set(row) - {"pawns", "fences"} or "pawns" not in row:
                raise GameError("player {player}: give {{\"pawns\": [4 squares], \"fences\": [6 slots]}}", player=q)
            pawns = row["pawns"]
            if not isinstance(pawns, list) or len(pawns) != PAWNS:
                raise GameError("player {player}: give exactly {count} pawn squares", player=q, count=PAWNS)
            for k, text in enumerate(pawns):
                try:
                    v = grid.parse_square(text)
                except GameError as e:
                    raise GameError("player {player} pawn {pawn}: {error}", player=q, pawn=self.piece_names[k],
                                    error=e) from None
                if v != CENTRE:
                    other = squares.setdefault(v, q)
                    if other != q or (any(arr[POS + q * PAWNS + j] == v for j in range(k))
                                      and not self.opts["end_on_own"]):
                        raise GameError("player {player} pawn {pawn}: {square} already holds a pawn", player=q,
                                        pawn=self.piece_names[k], square=text)
                arr[POS + q * PAWNS + k] = v
            if all(arr[POS + q * PAWNS + k] == CENTRE for k in range(PAWNS)):
                raise GameError("player {player} has already won: all pawns are in the centre", player=q)
            slots = row.get("fences", [b.slot_name(s) for s in b.layout(self.opts["fences"], self.seats[q])])
            if not isinstance(slots, list) or len(slots) != FENCES:
                raise GameError("player {player}: give exactly {count} fence slots", player=q, count=FENCES)
            fences[self.seats[q]] = []
            for text in slots:
                try:
                    s = b.parse_slot(str(text))
                except GameError as e:
                    raise GameError("player {player}: {error}", player=q, error=e) from None
                if s in seen_slots:
                    raise GameError("player {player}: slot {slot} already holds {other}", player=q, slot=text,
                                    other=seen_slots[s])
                seen_slots[s] = Text("a fence of player {player}", player=q)
                fences[self.seats[q]].append(s)
        self._set_fences(arr, fences)

    # -- drawing ------------------------------------------------------------------------
    def view(self, arr):
        b = BOARD
        squares = {}
        for r in range(grid.SIZE):
            for c in range(grid.SIZE):
                kind = "centre" if grid.in_centre((r, c)) else \
                    "entrance" if (r, c) in grid.ENTRANCE_SQUARES else "track"
                squares[(r, c)] = Square(kind)
        for colour in range(4):
            for corner in range(4):
                squares[grid.square_of(b.start_square(colour, corner))] = Square("start", colour)
        off = {}
        for q in range(self.players):
            captured = 0
            seat = self.seats[q]
            for k in range(PAWNS):
                v = int(arr[POS + q * PAWNS + k])
                if v == PENDING:
                    captured += 1
                    continue
                rc = grid.rotate((8, 8), seat) if v == CENTRE else grid.square_of(v)
                squares[rc].pieces.append((q, k, False))
            off[q] = {"captured": captured} if captured else {}
        walls = [(a, c, None) for a, c in b.fixed_walls]
        for f in range(24):
            s = int(arr[FEN + f])
            if s >= 0:
                a, c = b.slot_pairs[s]
                walls.append((a, c, f // FENCES))
        return BoardView(grid.SIZE, grid.SIZE, squares, off, walls)


def _place_name(v):
    return "x" if v == PENDING else grid.square_name(v)


GAME = Kimbo
