"""Мандавошка (seed 001; rules.md §2, §4, §12).

Four pieces each start in the player's swamp («болото») and enter on a six
onto the start, the tip of the own arm.  Two dice, each die a separate move
for any piece as in backgammon, in the order the player likes (with 6:2 the 2
may first clear the start for the 6); the dice must be used as fully as
possible.  Pieces run counter-clockwise round the 48-cell circle into the
house on the own arm, entered by exact count, one piece a house cell.
Enemy pieces cannot be passed; landing on them captures them all back to
their swamp (or, in a variant, into the captor's swamp, bought back with a
six).  Own pieces may be passed and stacked on.  From a corner («масть») a 1
jumps straight on to the next corner and a 2 diagonally to the opposite one;
a jump is optional and never runs into a second lap.

Capturing is obligatory: a player who could have captured and did not has
the piece that could have done it sent to the БУР (the centre), noticed at
once (penalty), when an opponent calls it before the next roll (claim), or
the roll must capture (forced), or nobody minds (lenient).  A piece in the
БУР is bought out with sixes: the first moves it to its owner's exit cell of
the БУР, the second to the swamp; a БУР piece blocks the jumps that fly over
it (the centre the diagonals, an exit cell the straight jump beside it).  A
piece that stops on a shelter cell («туалет») may hide there and cannot be
captured; it leaves with its next move, unless an opponent stands on its
cell.  A 1-1 sends every hidden piece back to its swamp.  A double rolls
again.  Four pieces in the house win.
"""
from collections import namedtuple
import re

import numpy as np
from numba import njit

from ..boards.cross import CrossBoard
from ..engine import kernel as K
from ..engine.game import Game, GameError, Kernel, Move
from ..engine.options import Option
from ..engine.view import BoardView, Square
from . import folkcross, race
from .folkcross import SHEL, glob
from .race import PIECES, POS

# -- state layout after the core header: POS, SHEL (folkcross), then --------------
CIRCLE = 48
CELL = SHEL + 16                 # per global circle cell: bit mask of the pieces standing there
HUT = CELL + CIRCLE              # per global circle cell: bit mask of the pieces hidden in its shelter
BUR = HUT + CIRCLE               # piece id + 1 in the centre of the БУР, 0 when empty
EXIT = BUR + 1                   # per seat: pieces on that seat's exit cell of the БУР
STAND = EXIT + 4                 # per player: bit mask of the global cells where it has pieces standing
G_EXTRA = STAND + 4              # a double: the player rolls again
G_CAPT = G_EXTRA + 1             # captures in this roll
G_MISS = G_CAPT + 1              # pieces that capture in some full play of this roll (bits)
G_CLAIM = G_MISS + 1             # 1 + the offender while a missed capture may be called
G_STAKE = G_CLAIM + 1            # the offender's pieces the caller may send to the БУР (bits)
SIZE = G_STAKE + 1

# places off the circle (the circle is 0..48, the house 49..52)
SWAMP = -1
BUR_EXIT = -2                    # the owner's exit cell of the БУР
BUR_CENTRE = -3
HELD = -4                        # HELD - c: held in player c's swamp (captured_to=captor)
ABSENT = -9                      # slots of players not in the game

STEP, HIDE, STRAIGHT, BACK, DIAGONAL, CALL, NOCALL = 0, 1, 2, 3, 4, 5, 6
PENALTY, CLAIM, FORCED, LENIENT = 0, 1, 2, 3
CENTRE = 4                       # what a diagonal jump flies over (an exit cell is a seat 0..3)

# reasons a single action is refused
(R_NO_DIE, R_NO_PIECE, R_SIX, R_START_OWN, R_LOCKED, R_OVERSHOOT, R_HOUSE_TAKEN, R_BLOCKED,
 R_NOT_CORNER, R_JUMP_DIE, R_JUMP_LAP, R_BUR_BLOCKS, R_NO_SHELTER, R_OVER, R_NO_BACK,
 R_CALLING, R_NO_CALL, R_NOT_AT_STAKE) = range(1, 19)

REASONS = {
    R_NO_DIE: "no die of this roll is left with that value",
    R_NO_PIECE: "there is no such piece",
    R_SIX: "a piece leaves the swamp or the БУР only on a six",
    R_START_OWN: "your own piece stands on your start (start_single_occupancy is on)",
    R_LOCKED: "the piece is locked in its shelter while an opponent stands on its cell",
    R_OVERSHOOT: "the house is entered by exact count: this die overshoots it",
    R_HOUSE_TAKEN: "that house cell holds your own piece",
    R_BLOCKED: "an enemy piece stands in the way, and enemy pieces cannot be passed",
    R_NOT_CORNER: "jumps are made only from a corner (масть)",
    R_JUMP_DIE: "a 1 jumps straight to the next corner and a 2 diagonally; this die cannot jump so",
    R_JUMP_LAP: "a jump may not carry the piece past its home corner into a second lap",
    R_BUR_BLOCKS: "a piece in the БУР stands where this jump would fly over",
    R_NO_SHELTER: "this move does not stop on a shelter cell with room to hide",
    R_OVER: "the game is over",
    R_NO_BACK: "jumps go forward only (corner_jump_backward is off)",
    R_CALLING: "a missed capture may be called now: call it or let it pass",
    R_NO_CALL: "there is no missed capture to call",
    R_NOT_AT_STAKE: "that piece is not one that could have captured",
}

MandavoshkaTab = namedtuple("MandavoshkaTab", "dice_lo dice_hi seat nplayers L Q start house_end mode captor "
                                   "single backward capacity places is_shelter corner")


# -- the rules, compiled ----------------------------------------------------------
@njit(cache=True, inline="always")
def own_bits(player):
    return 15 << (PIECES * player)


@njit(cache=True, inline="always")
def enemy_cells(st, pl):
    """Bit mask of the global cells where enemy pieces stand (hidden ones never
    block); no cell holds standing pieces of two players."""
    return (st[STAND] | st[STAND + 1] | st[STAND + 2] | st[STAND + 3]) & ~st[STAND + pl]


@njit(cache=True, inline="always")
def cells_ahead(tab, g, n):
    """Bit mask of the n global cells from g on, round the circle."""
    span = ((1 << n) - 1) << g
    return (span | (span >> tab.L)) & ((1 << tab.L) - 1)


@njit(cache=True, inline="always")
def room_to_hide(st, tab, g):
    return tab.is_shelter[g] and race.bits(st[HUT + g]) < tab.capacity


@njit(cache=True, inline="always")
def target(tab, p, d, kind):
    """Where a die d takes a piece from place p by this kind of move, the rules aside."""
    if kind == DIAGONAL:
        return p + 2 * tab.Q
    if kind == STRAIGHT:
        return p + tab.Q
    if kind == BACK:
        return p - tab.Q if p > tab.Q else p + 3 * tab.Q     # back from the first corner: the срез
    if p >= 0:
        return p + d
    if p == SWAMP:
        return tab.start
    return BUR_EXIT if p == BUR_CENTRE else SWAMP            # sixes buy the way out of the БУР


@njit(cache=True, inline="always")
def dest(st, tab, slot, k, kind):
    """Where the action would take the piece: (reason, target place)."""
    if st[K.H_PHASE] != K.PHASE_MOVE:
        return R_OVER, 0
    if kind >= CALL:
        if st[G_CLAIM] == 0:
            return R_NO_CALL, 0
        if kind == CALL and not (k < PIECES and (st[G_STAKE] >> k) & 1):
            return R_NOT_AT_STAKE, 0
        return 0, BUR_CENTRE
    if st[G_CLAIM]:
        return R_CALLING, 0
    if slot >= st[K.H_NDICE] or st[K.H_DICE + slot] == 0:
        return R_NO_DIE, 0
    if k >= PIECES:
        return R_NO_PIECE, 0
    d = st[K.H_DICE + slot]
    pl, pid, p = race.piece(st, k)
    big_l = tab.L
    mine = own_bits(pl)
    t = target(tab, p, d, kind)
    if kind == STEP or kind == HIDE:
        if p < 0:                               # swamp, БУР, held
            if kind == HIDE:
                return R_NO_SHELTER, 0
            if d != 6:
                return R_SIX, 0
            if p == SWAMP and tab.single and st[CELL + glob(tab, pl, tab.start)] & mine:
                return R_START_OWN, 0
            return 0, t
        if p <= big_l and st[SHEL + pid] and st[CELL + glob(tab, pl, p)] & ~mine:
            return R_LOCKED, 0
        if t > tab.house_end:
            return R_OVERSHOOT, 0
        passed = (t - 1 if t <= big_l else big_l) - p
        if passed > 0 and cells_ahead(tab, glob(tab, pl, p + 1), passed) & enemy_cells(st, pl):
            return R_BLOCKED, 0
        if t > big_l:
            for j in range(PIECES):
                if st[POS + pl * PIECES + j] == t:
                    return R_HOUSE_TAKEN, 0
            if kind == HIDE:
                return R_NO_SHELTER, 0
            return 0, t
        if kind == HIDE and not room_to_hide(st, tab, glob(tab, pl, t)):
            return R_NO_SHELTER, 0
        return 0, t
    if not at_corner(st, tab, pl, k):
        return R_NOT_CORNER, 0
    if d != (2 if kind == DIAGONAL else 1):
        return R_JUMP_DIE, 0
    i = tab.corner[glob(tab, pl, p)]
    if kind == DIAGONAL:
        over = CENTRE
    elif kind == STRAIGHT:
        over = (i + 1) % 4
    else:
        if not tab.backward:
            return R_NO_BACK, 0
        over = i
    if t > big_l:
        return R_JUMP_LAP, 0
    if (st[BUR] if over == CENTRE else st[EXIT + over]) > 0:
        return R_BUR_BLOCKS, 0
    return 0, t


check = race.die_rules("mandavoshka", dest, steps_only=False)


@njit(cache=True)
def gen(st, tab, out):
    """While a missed capture may be called: call it on a piece at stake, or
    let it pass.  Else each die a step for each piece, and a step that hides
    on a shelter with room; from a corner, a 1 or a 2 the jumps."""
    if st[K.H_PHASE] != K.PHASE_MOVE:
        return 0
    n = 0
    if st[G_CLAIM]:
        for k in range(PIECES):
            if (st[G_STAKE] >> k) & 1:
                out[n] = K.encode(0, k, CALL)
                n += 1
        out[n] = K.encode(0, 0, NOCALL)
        return n + 1
    pl = st[K.H_PLAYER]
    for slot in range(st[K.H_NDICE]):
        d = st[K.H_DICE + slot]
        if d == 0 or not K.first_slot_of_value(st, slot):
            continue
        for k in range(PIECES):
            r, t = dest(st, tab, slot, k, STEP)
            if r == 0:
                out[n] = K.encode(slot, k, STEP)
                n += 1
                if st[POS + pl * PIECES + k] >= 0 and t <= tab.L and room_to_hide(st, tab, glob(tab, pl, t)):
                    out[n] = K.encode(slot, k, HIDE)
                    n += 1
            if d <= 2 and at_corner(st, tab, pl, k):
                for kind in (STRAIGHT, BACK, DIAGONAL):
                    if dest(st, tab, slot, k, kind)[0] == 0:
                        out[n] = K.encode(slot, k, kind)
                        n += 1
    return n


@njit(cache=True, inline="always")
def at_corner(st, tab, pl, k):
    p = st[POS + pl * PIECES + k]
    return 0 <= p < tab.L and tab.corner[glob(tab, pl, p)] >= 0


@njit(cache=True)
def lift(st, tab, pid):
    """Take a piece off wherever it stands (before it moves or is sent away)."""
    q = pid // PIECES
    p = st[POS + pid]
    if 0 <= p <= tab.L:
        g = glob(tab, q, p)
        if st[SHEL + pid]:
            st[HUT + g] &= ~(1 << pid)
            st[SHEL + pid] = 0
        else:
            st[CELL + g] &= ~(1 << pid)
            if st[CELL + g] & own_bits(q) == 0:
                st[STAND + q] &= ~(1 << g)
    elif p == BUR_EXIT:
        st[EXIT + tab.seat[q]] -= 1
    elif p == BUR_CENTRE:
        st[BUR] = 0


@njit(cache=True)
def capture_at(st, tab, g, pl, ev, ne):
    """Every enemy piece standing on global cell g goes to its swamp (or the captor's)."""
    victims = st[CELL + g] & ~own_bits(pl)
    if victims == 0:
        return ne
    st[CELL + g] &= ~victims
    for v in range(PIECES * tab.nplayers):
        if (victims >> v) & 1:
            st[POS + v] = HELD - pl if tab.captor else SWAMP
            st[STAND + v // PIECES] &= ~(1 << g)
            st[G_CAPT] += 1
            ne = K.emit(ev, ne, K.EV_CAPTURED, v // PIECES, v % PIECES, g, pl)
    return ne


@njit(cache=True)
def play(st, tab, a, ev, ne):
    slot, k, kind = K.decode(a)
    if kind >= CALL:
        return close_claim(st, tab, kind, k, ev, ne)
    pl, pid, p = race.piece(st, k)
    t = target(tab, p, st[K.H_DICE + slot], kind)
    big_l = tab.L
    st[K.H_DICE + slot] = 0
    st[K.H_SCORE] += 2
    captured = st[G_CAPT]
    lift(st, tab, pid)
    st[POS + pid] = t
    if 0 <= t <= big_l:
        g = glob(tab, pl, t)
        ne = capture_at(st, tab, g, pl, ev, ne)
        if kind == HIDE:
            st[HUT + g] |= 1 << pid
            st[SHEL + pid] = 1
        else:
            st[CELL + g] |= 1 << pid
            st[STAND + pl] |= 1 << g
    elif t == BUR_EXIT:
        st[EXIT + tab.seat[pl]] += 1
    if tab.mode == FORCED and captured == 0 and st[G_CAPT] > 0:
        st[K.H_SCORE] += 1
    if p == SWAMP:
        ne = K.emit(ev, ne, K.EV_ENTERED, pl, k, p, t)
    elif kind >= STRAIGHT:
        ne = K.emit(ev, ne, K.EV_JUMPED, pl, k, p, t)
    elif t > big_l:
        ne = K.emit(ev, ne, K.EV_HOUSE, pl, k, p, t)
    else:
        ne = K.emit(ev, ne, K.EV_MOVED, pl, k, p, t)
    if kind == HIDE:
        ne = K.emit(ev, ne, K.EV_SHELTERED, pl, k, t, 0)
    if t > big_l >= p >= 0:
        ne = race.reach_home(st, tab, pl, k, p, t, big_l, ev, ne)
    return ne


@njit(cache=True)
def begin(st, tab, ev, ne):
    """A double rolls again; a 1-1 first flushes every hidden piece to its swamp."""
    st[G_EXTRA] = 1 if st[K.H_DICE] == st[K.H_DICE + 1] else 0
    st[G_CAPT] = 0
    if st[K.H_DICE] == 1 and st[K.H_DICE + 1] == 1:
        for g in range(tab.L):
            hidden = st[HUT + g]
            st[HUT + g] = 0
            for v in range(PIECES * tab.nplayers):
                if (hidden >> v) & 1:
                    st[POS + v] = SWAMP
                    st[SHEL + v] = 0
                    ne = K.emit(ev, ne, K.EV_FLUSHED, v // PIECES, v % PIECES, g, 0)
    st[G_MISS] = capturers(st, tab) if tab.mode == PENALTY or tab.mode == CLAIM else 0
    return ne


@njit(cache=True, inline="always")
def enemy_on(st, tab, pl, r):
    """An enemy piece stands on the player's relative place r of the circle."""
    return 0 <= r <= tab.L and st[CELL + glob(tab, pl, r)] & ~own_bits(pl) != 0


@njit(cache=True)
def jump_target(tab, pl, c, d, back):
    """Where a die d jumps from relative place c (back: the backward 1), or -1."""
    if c < 0 or c >= tab.L or tab.corner[glob(tab, pl, c)] < 0:
        return -1
    if back:
        return target(tab, c, d, BACK) if d == 1 and tab.backward else -1
    if d > 2:
        return -1
    t = target(tab, c, d, STRAIGHT if d == 1 else DIAGONAL)
    return t if t <= tab.L else -1


@njit(cache=True)
def die_hits(st, tab, pl, r, d):
    """One die d from relative place r, stepping or jumping, lands on an enemy."""
    if r < 0 or r >= tab.L:
        return False
    if enemy_on(st, tab, pl, r + d):
        return True
    for back in (False, True):
        if enemy_on(st, tab, pl, jump_target(tab, pl, r, d, back)):
            return True
    return False


@njit(cache=True)
def capture_in_reach(st, tab):
    """A quick test before the search: does an enemy stand where some piece
    could land with this roll (ignoring what stands in the way)?"""
    pl = st[K.H_PLAYER]
    d0 = st[K.H_DICE]
    d1 = st[K.H_DICE + 1]
    for j in range(PIECES):
        p = st[POS + pl * PIECES + j]
        if p == SWAMP and (d0 == 6 or d1 == 6):         # enter, then maybe on with the other die
            if enemy_on(st, tab, pl, tab.start) or die_hits(st, tab, pl, tab.start, d1 if d0 == 6 else d0):
                return True
        elif (p == BUR_EXIT or p <= HELD) and d0 == d1 == 6:  # back to the swamp and in at once
            if enemy_on(st, tab, pl, tab.start):
                return True
        elif 0 <= p < tab.L:
            for da, db in ((d0, d1), (d1, d0)):
                if die_hits(st, tab, pl, p, da) or die_hits(st, tab, pl, p + da, db):
                    return True
                for back in (False, True):
                    if die_hits(st, tab, pl, jump_target(tab, pl, p, da, back), db):
                        return True
    return False


@njit(cache=True)
def capturers(st, tab):
    """The pieces that capture in some play of this roll using as many dice as
    the roll allows (bit mask): the pieces a missed capture is charged to."""
    if not capture_in_reach(st, tab):
        return 0
    buf = np.empty((2, st.shape[0]), np.int64)
    acts = np.empty((2, K.MAX_ACTIONS), np.int64)
    ev = np.empty(0, np.int64)
    n1 = gen(st, tab, acts[0])
    one = 0
    two = 0
    full = False
    for i in range(n1):
        buf[0, :] = st
        play(buf[0], tab, acts[0, i], ev, 0)
        first = (1 << K.decode(acts[0, i])[1]) if buf[0, G_CAPT] > 0 else 0
        n2 = gen(buf[0], tab, acts[1])
        if n2 == 0:
            one |= first
            continue
        full = True
        two |= first
        for j in range(n2):
            buf[1, :] = buf[0]
            play(buf[1], tab, acts[1, j], ev, 0)
            if buf[1, G_CAPT] > buf[0, G_CAPT]:
                two |= 1 << K.decode(acts[1, j])[1]
    return two if full else one


@njit(cache=True)
def penalise(st, tab, owner, k, caller, ev, ne):
    """The piece goes to the centre of the БУР for a missed capture."""
    pid = owner * PIECES + k
    p = st[POS + pid]
    lift(st, tab, pid)
    st[POS + pid] = BUR_CENTRE
    st[BUR] = pid + 1
    return K.emit(ev, ne, K.EV_PENALTY, owner, k, p, caller)


@njit(cache=True)
def next_caller(st, tab, after, offender):
    """The next opponent after `after` in turn order who may call, or the offender when none is left."""
    q = after
    for _ in range(tab.nplayers):
        q = (q + 1) % tab.nplayers
        if q == offender or not race.finished(st, q):
            return q
    return offender


@njit(cache=True)
def finish(st, tab, ev, ne):
    """End of the roll: charge a missed capture, then roll again or pass."""
    ne = race.burn_dice(st, ev, ne)
    if st[K.H_PHASE] == K.PHASE_OVER:
        return ne
    pl = st[K.H_PLAYER]
    if st[G_MISS] and st[G_CAPT] == 0 and st[BUR] == 0:
        stake = 0
        best = -1
        for j in range(PIECES):                 # pieces gone into the house are out of reach
            p = st[POS + pl * PIECES + j]
            if (st[G_MISS] >> j) & 1 and (p == SWAMP or 0 <= p <= tab.L):
                stake |= 1 << j
                if best < 0 or p > st[POS + pl * PIECES + best]:
                    best = j
        if stake and tab.mode == PENALTY:
            ne = penalise(st, tab, pl, best, -1, ev, ne)
        elif stake:
            caller = next_caller(st, tab, pl, pl)
            st[G_CLAIM] = pl + 1
            st[G_STAKE] = stake
            st[K.H_PLAYER] = caller
            return K.emit(ev, ne, K.EV_CLAIM, pl, 0, caller, stake)
    return race.roll_again_or_pass(st, tab.nplayers, G_EXTRA, ev, ne)


@njit(cache=True)
def close_claim(st, tab, kind, k, ev, ne):
    """An opponent calls the missed capture (the chosen piece goes to the БУР)
    or lets it pass to the next opponent; then the offender's turn goes on."""
    offender = st[G_CLAIM] - 1
    caller = st[K.H_PLAYER]
    if kind == CALL:
        ne = penalise(st, tab, offender, k, caller, ev, ne)
    else:
        nxt = next_caller(st, tab, caller, offender)
        if nxt != offender:
            st[K.H_PLAYER] = nxt
            return K.emit(ev, ne, K.EV_CLAIM, offender, 0, nxt, st[G_STAKE])
    st[G_CLAIM] = 0
    st[G_STAKE] = 0
    st[K.H_PLAYER] = offender
    return race.roll_again_or_pass(st, tab.nplayers, G_EXTRA, ev, ne)


@njit(cache=True)
def potential(st, tab):
    bound = st[K.H_SCORE] + 2 * race.dice_left(st)
    if tab.mode == FORCED and st[G_CAPT] == 0 and st[G_CLAIM] == 0:
        bound += 1
    return bound


@njit(cache=True)
def evaluate(st, tab, me):
    """Progress of own pieces against the opponents', with safety, threats,
    the БУР, and a missed capture about to be charged."""
    big_l = tab.L
    val = 0.0
    nopp = max(tab.nplayers - 1, 1)
    for q in range(tab.nplayers):
        for j in range(PIECES):
            pid = q * PIECES + j
            p = st[POS + pid]
            if p == SWAMP:
                prog = 0.0
            elif p == BUR_EXIT:
                prog = -3.0
            elif p == BUR_CENTRE:
                prog = -6.0
            elif p < 0:
                prog = -1.0
            elif p <= big_l:
                prog = 10.0 + p - tab.start
                if st[SHEL + pid]:
                    prog += 3.0
                else:
                    g = glob(tab, q, p)
                    for q2 in range(tab.nplayers):
                        if q2 != q and folkcross.threatened(st, tab, g, q2):
                            prog -= 0.25 * (10.0 + p)
                            break
            else:
                prog = 30.0 + big_l + 2.0 * (p - big_l)
            val += prog if q == me else -prog / nopp
    if (st[K.H_PHASE] == K.PHASE_MOVE and st[G_CLAIM] == 0 and st[G_MISS] and st[G_CAPT] == 0
            and st[BUR] == 0 and race.dice_left(st) == 0):
        val += -20.0 if st[K.H_PLAYER] == me else 20.0 / nopp
    if st[K.H_WINNER] == me:
        val += 1e6
    return val


@njit(cache=True)
def insist(st, tab, a):
    """Bots always call a missed capture (seed 001, the claim mode)."""
    return (a >> 8) == CALL


KERNEL = Kernel("mandavoshka", check, gen, play, begin, finish, potential, evaluate, insist=insist)


# -- the game ------------------------------------------------------------------
class Mandavoshka(race.FirstPlayer, Game):
    name = "mandavoshka"
    title = "Мандавошка"
    aliases = ("мандавошка", "manka", "манька")
    kernel = KERNEL
    reasons = REASONS
    options = (
        Option("capture_rule", "penalty", "the obligation to capture: a miss sends the piece that could "
               "have captured to the БУР at once (penalty) or when an opponent calls it before the next "
               "roll (claim); or only capturing plays are legal (forced); or no obligation (lenient)",
               ("penalty", "claim", "forced", "lenient")),
        Option("captured_to", "own", "a captured piece goes to its own swamp, or to the captor's swamp "
               "and is bought back with a six", ("own", "captor")),
        Option("start_offset", 0, "the start: the tip of the arm (0) or the tip-row corner next to the "
               "swamp (1)", (0, 1), int),
        Option("start_single_occupancy", False, "no piece enters while an own piece stands on the start",
               kind=bool),
        Option("corner_jump_backward", False, "a 1 may also jump back to the previous corner (back from "
               "the first corner is the срез to the last)", kind=bool),
        Option("shelters", "opposite", "shelters on the 3rd cell from the edge of every lane (opposite), "
               "or the 3rd on the lane to the centre and the 4th on the lane out (alternate)",
               ("opposite", "alternate")),
        Option("shelter_capacity", 1, "pieces one shelter holds", (1, 2, 3, 4), int),
        race.PLAY_FOR_PLACES,
        race.first_player_option(),
    )
    presets = {
        "seed": {},
        "captor-swamp": {"captured_to": "captor"},
        "claim": {"capture_rule": "claim"},
        "forced": {"capture_rule": "forced"},
        "lenient": {"capture_rule": "lenient"},
    }
    board = CrossBoard(5)

    def tables(self):
        b = self.board
        corner = np.full(b.circle, -1, np.int64)
        for i, c in enumerate(b.corners()):
            corner[c] = i
        mode = {"penalty": PENALTY, "claim": CLAIM, "forced": FORCED, "lenient": LENIENT}
        return MandavoshkaTab(np.array([1, 1], np.int64), np.array([6, 6], np.int64),
                   np.array(self.seats, np.int64), self.players, b.circle, b.quarter,
                   self.opts["start_offset"], b.circle + b.house_cells, mode[self.opts["capture_rule"]],
                   int(self.opts["captured_to"] == "captor"), int(self.opts["start_single_occupancy"]),
                   int(self.opts["corner_jump_backward"]), self.opts["shelter_capacity"],
                   int(self.opts["play_for_places"]), folkcross.shelter_cells(b, self.opts["shelters"]),
                   corner)

    def state_size(self):
        return SIZE

    def initial(self, arr):
        race.start_places(arr, self.players, SWAMP, ABSENT)

    # -- reading the position ----------------------------------------------------
    def pieces(self, arr, player):
        """[(relative place, hidden in a shelter)] of a player's pieces; places
        -1 swamp, -2 the own БУР exit cell, -3 the БУР centre, -4-c held in
        player c's swamp, 0..48 circle, 49..52 house."""
        return [(int(arr[POS + player * PIECES + k]), bool(arr[SHEL + player * PIECES + k]))
                for k in range(PIECES)]

    def claim(self, arr):
        """While a missed capture may be called: (offender, pieces at stake), else None."""
        if not arr[G_CLAIM]:
            return None
        off = int(arr[G_CLAIM]) - 1
        return off, [k for k in range(PIECES) if (arr[G_STAKE] >> k) & 1]

    def describe(self, arr, action):
        slot, k, kind = K.decode(action)
        pl = int(arr[K.H_PLAYER])
        if kind == NOCALL:
            return Move(action, pl, 0, 0, kind, 0, 0, "nocall")
        if kind == CALL:
            off = int(arr[G_CLAIM]) - 1
            return Move(action, pl, 0, k, kind, int(arr[POS + off * PIECES + k]), BUR_CENTRE,
                        f"call-{self.piece_names[k]}")
        d = int(arr[K.H_DICE + slot])
        frm = int(arr[POS + pl * PIECES + k])
        to = int(dest(arr, self.tab, slot, k, kind)[1])
        suffix = {STEP: "", HIDE: "h", STRAIGHT: ">", BACK: "<", DIAGONAL: "/"}[kind]
        return Move(action, pl, d, k, kind, frm, to, f"{d}{self.piece_names[k]}{suffix}")

    _NOTATION = re.compile(r"^([1-6])([a-d])([h<>/]?)$")
    _CALL = re.compile(r"^call-([a-d])$")

    def parse_notation(self, arr, text):
        """'6a' (piece a by a 6), '3bh' (and hide in the shelter there), '1c>' (jump
        straight on), '1c<' (jump back), '2d/' (jump diagonally), 'call-a' (call a
        missed capture, piece a to the БУР), 'nocall' (let it pass)."""
        if text == "nocall":
            return [(0, 0, NOCALL)]
        m = self._CALL.match(text)
        if m:
            return [(0, "abcd".index(m.group(1)), CALL)]
        m = self._NOTATION.match(text)
        if not m:
            raise GameError("a move is written die, piece and an optional mark: 6a, 3bh (hide), "
                            "1c> (jump on), 2d/ (diagonal), 1c< (back); or call-a / nocall")
        d, k = int(m.group(1)), "abcd".index(m.group(2))
        kind = {"": STEP, "h": HIDE, ">": STRAIGHT, "<": BACK, "/": DIAGONAL}[m.group(3)]
        return [(race.die_slot(arr, d), k, kind)]

    def whole_roll_reason(self):
        if self.opts["capture_rule"] == "forced":
            return ("the dice must be used as fully as possible and, when some such play captures, "
                    "the play must capture; this move leads to no such play")
        return race.FULL_ROLL

    # -- position files (player-relative, rules.md numbering) ----------------------
    _WORDS = {"swamp": SWAMP, "bur": BUR_CENTRE, "bur-exit": BUR_EXIT}

    def pieces_to_json(self, arr):
        """Per player: -1 swamp, 0..48 circle, 49..52 house, "15s" hidden in the
        shelter on 15, "bur" the БУР centre, "bur-exit" the own exit cell of the
        БУР, "held2" held in player 2's swamp."""
        names = {v: k for k, v in self._WORDS.items() if v != SWAMP}
        out = []
        for q in range(self.players):
            row = []
            for p, hidden in self.pieces(arr, q):
                row.append(names[p] if p in names else f"held{HELD - p}" if p <= HELD
                           else f"{p}s" if hidden else p)
            out.append(row)
        return out

    def pieces_from_json(self, arr, pieces):
        b, tab = self.board, self.tab
        top = tab.house_end
        for q, k, value, where in race.piece_rows(pieces, self.players, PIECES, self.piece_names):
            pid = q * PIECES + k
            text = str(value).strip()
            hidden = text.endswith("s") and text[:-1].lstrip("-").isdigit()
            if hidden:
                text = text[:-1]
            if text in self._WORDS:
                p = self._WORDS[text]
            elif text.startswith("held") and text[4:].isdigit():
                c = int(text[4:])
                if c == q or not 0 <= c < self.players or not tab.captor:
                    raise GameError("{where}: {value!r}: a piece is held only in an opponent's swamp, "
                                    "and only with captured_to=captor", where=where, value=value)
                p = HELD - c
            else:
                try:
                    p = int(text)
                except ValueError:
                    raise GameError("{where}: {value!r} is not a place (-1 swamp, 0..{last} circle, {first}..{top} "
                                    "house, '15s' hidden, 'bur', 'bur-exit', 'held2')", where=where, value=value,
                                    last=b.circle, first=b.circle + 1, top=top) from None
                if not -1 <= p <= top:
                    raise GameError("{where}: place {place} is off the board (-1..{top})", where=where, place=p,
                                    top=top)
            arr[POS + pid] = p
            if p > b.circle and any(arr[POS + q * PIECES + j] == p for j in range(k)):
                raise GameError("{where}: two pieces on house cell {place}", where=where, place=p)
            if 0 <= p <= b.circle:
                g = int(glob(tab, q, p))
                if hidden:
                    if not tab.is_shelter[g]:
                        raise GameError("{where}: place {place} has no shelter to hide in", where=where, place=p)
                    arr[HUT + g] |= 1 << pid
                    arr[SHEL + pid] = 1
                    if race.bits(arr[HUT + g]) > tab.capacity:
                        raise GameError("{where}: the shelter on {place} is full (shelter_capacity={capacity})",
                                        where=where, place=p, capacity=tab.capacity)
                else:
                    others = arr[CELL + g] & ~own_bits(q)
                    if others:
                        raise GameError("{where}: an enemy piece stands on the same cell ({cell} in seat 0's "
                                        "numbering)", where=where, cell=g)
                    arr[CELL + g] |= 1 << pid
                    arr[STAND + q] |= 1 << g
            elif hidden:
                raise GameError("{where}: only a piece on the circle can hide", where=where)
            elif p == BUR_CENTRE:
                if arr[BUR]:
                    raise GameError("{where}: the centre of the БУР holds one piece", where=where)
                arr[BUR] = pid + 1
            elif p == BUR_EXIT:
                arr[EXIT + self.seats[q]] += 1
        folkcross.refuse_won(arr, self.players, b.circle)

    # -- drawing ------------------------------------------------------------------
    def view(self, arr):
        b, tab = self.board, self.tab
        marks = {g: ("shelter", None) for g in range(b.circle) if tab.is_shelter[g]}
        marks.update({c: ("corner", None) for c in b.corners()})
        marks.update({b.global_index(s, tab.start): ("start", s) for s in range(4)})
        squares = folkcross.cross_squares(b, self.seats, marks, b.circle + 1)
        bur = b.centre_cross()
        squares[bur[0]] = Square("bur", None, label="БУР")
        for s in range(4):
            squares[bur[1 + s]] = Square("bur", s)
        off = {q: {"swamp": 0} for q in range(self.players)}
        for q in range(self.players):
            seat = self.seats[q]
            for k, (p, hidden) in enumerate(self.pieces(arr, q)):
                if p == SWAMP:
                    off[q]["swamp"] += 1
                elif p <= HELD:
                    off[HELD - p]["captives"] = off[HELD - p].get("captives", 0) + 1
                else:
                    rc = bur[0] if p == BUR_CENTRE else bur[1 + seat] if p == BUR_EXIT else b.cell(seat, p)
                    squares[rc].pieces.append((q, k, hidden))
        return BoardView(b.size, b.size, squares, off)


GAME = Mandavoshka
