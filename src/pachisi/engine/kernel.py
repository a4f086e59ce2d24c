"""Compiled core shared by every game: the state header, seeded dice, the
whole-roll look-ahead that turns single-die candidates into legal moves, and
the playout loop that simulations and benchmarks run.

A state is a flat int64 array: the header below, then a region each game lays
out for itself.  A game supplies compiled functions with one signature each:

    check(st, tab, slot, piece, kind) -> 0 if that single-die action is
        possible now, else a reason code (the referee explains refusals with it);
    gen(st, tab, out) -> n: the candidate actions (whole-roll rules ignored);
    play(st, tab, action, ev, ne) -> ne: apply one action, append events;
    begin(st, tab, ev, ne) -> ne: the dice have been set;
    finish(st, tab, ev, ne) -> ne: no action is left in this roll;
    potential(st, tab) -> the best roll score still reachable (an upper bound);
    evaluate(st, tab, player) -> a heuristic value of the position for player.

The generic loops below (set_dice .. run_many) are templates: `specialise`
compiles a copy of them for each game with that game's functions as globals,
so that the calls inline and the compiled code is cached on disk.

Every action a game plays adds to st[H_SCORE]; the legal actions of a
decision are the candidates from which the best final score of the roll is
still reachable ("use as many dice as possible" and its relatives).
"""
import types

import numpy as np
from numba import njit, uint64

# -- state header --------------------------------------------------------
H_PLAYER = 0     # index of the player to act
H_PHASE = 1      # PHASE_ROLL (a chance node), PHASE_MOVE, PHASE_OVER
H_NDICE = 2      # dice slots in use in this roll
H_DICE = 3       # MAX_DICE slots: a value, or 0 once used or burned
MAX_DICE = 6
H_SCORE = 9      # look-ahead score of the roll so far
H_WINNER = 10    # winning player, -1 while none
H_NFIN = 11      # players finished so far
H_ORDER = 12     # finishing order, MAX_PLAYERS slots
MAX_PLAYERS = 4
H_ROLLS = 16     # rolls made so far: the dice stream's counter
H_NPLAYERS = 17
H_SEQ = 18       # actions and rolls applied: the state's sequence number
H_ROLL0 = 19     # the dice as rolled (MAX_DICE slots), for records and rules
HEADER = 25

PHASE_ROLL = 0
PHASE_MOVE = 1
PHASE_OVER = 2

# -- events: EV_WIDTH ints each: kind, player, piece, a, b ------------------
EV_WIDTH = 5
EV_MOVED = 1        # piece a -> b
EV_ENTERED = 2      # piece enters the board at b
EV_CAPTURED = 3     # player/piece captured (victim), a = where, b = captor player
EV_SHELTERED = 4    # piece hid in the shelter at a
EV_JUMPED = 5       # piece jumped a -> b
EV_EXTRA_ROLL = 6   # player earned a roll
EV_BURNED = 7       # a = die value that could not be played
EV_FINISHED = 8     # piece reached its house / goal at b
EV_WON = 9          # player finished all pieces; a = place (1 = winner)
EV_HOUSE = 10       # piece moved into or within the house a -> b
EV_PASS = 11        # the turn passes to player a
EV_REROLL = 12      # quick charge: roll again, a = tries left
EV_BONUS = 13       # player earned a bonus move of a points (one left unused burns like a die)
EV_PENALTY = 14     # piece sent back from a to its yard by a penalty (third six / double)
EV_CLAIM = 15       # player missed a capture: opponents may call it; a = who is asked, b = pieces at stake (bits)
EV_PUSHED = 16      # own piece pushed on from a to b (a jump landed on it)
EV_FLUSHED = 17     # piece flushed out of its shelter at a back to its swamp (a 1-1)
EV_FENCE = 18       # fence (piece) moved from slot a to slot b (Kimbo)
EV_NAMES = {
    EV_MOVED: "moved", EV_ENTERED: "entered", EV_CAPTURED: "captured",
    EV_SHELTERED: "sheltered", EV_JUMPED: "jumped", EV_EXTRA_ROLL: "extra_roll",
    EV_BURNED: "burned", EV_FINISHED: "finished", EV_WON: "won",
    EV_HOUSE: "house", EV_PASS: "pass", EV_REROLL: "reroll",
    EV_BONUS: "bonus", EV_PENALTY: "penalty",
    EV_CLAIM: "claim", EV_PUSHED: "pushed", EV_FLUSHED: "flushed", EV_FENCE: "fence",
}
MAX_EVENTS = 64

# -- actions: slot | piece << 3 | kind << 8 --------------------------------
MAX_ACTIONS = 128   # candidate buffer size; a game may ask for more (Kernel max_actions)
MAX_DEPTH = 16


@njit(cache=True, inline="always")
def encode(slot, piece, kind):
    return slot | (piece << 3) | (kind << 8)


@njit(cache=True, inline="always")
def decode(a):
    return a & 7, (a >> 3) & 31, a >> 8


@njit(cache=True, inline="always")
def emit(ev, ne, kind, player, piece, a, b):
    """Append one event; the look-ahead passes a scratch buffer it never reads."""
    if ne < ev.shape[0] // EV_WIDTH:
        i = ne * EV_WIDTH
        ev[i] = kind
        ev[i + 1] = player
        ev[i + 2] = piece
        ev[i + 3] = a
        ev[i + 4] = b
    return ne + 1


@njit(cache=True, inline="always")
def first_slot_of_value(st, slot):
    """True when no earlier unused slot shows the same value, so that a
    double's two equal dice do not list every move twice."""
    d = st[H_DICE + slot]
    for s in range(slot):
        if st[H_DICE + s] == d:
            return False
    return True


# -- seeded dice: a counter-based stream (splitmix64) ----------------------
_GOLDEN = uint64(0x9E3779B97F4A7C15)
_M1 = uint64(0xBF58476D1CE4E5B9)
_M2 = uint64(0x94D049BB133111EB)


@njit(cache=True)
def mix64(x):
    z = uint64(x) + _GOLDEN
    z = (z ^ (z >> uint64(30))) * _M1
    z = (z ^ (z >> uint64(27))) * _M2
    return z ^ (z >> uint64(31))


@njit(cache=True)
def draw(seed, counter, modulus):
    """The counter-th number of the seed's stream, in [0, modulus)."""
    return np.int64(mix64(mix64(uint64(seed)) + uint64(counter)) % uint64(modulus))


def set_dice(st, tab, values, ev, ne):
    """A chance outcome: the roll is `values` (drawn, or given by a person)."""
    st[H_NDICE] = values.shape[0]
    for i in range(MAX_DICE):
        v = values[i] if i < values.shape[0] else 0
        st[H_DICE + i] = v
        st[H_ROLL0 + i] = v
    st[H_ROLLS] += 1
    st[H_SEQ] += 1
    st[H_SCORE] = 0
    st[H_PHASE] = PHASE_MOVE
    return begin(st, tab, ev, ne)


# -- the look-ahead ----------------------------------------------------------
def _best(root, tab, sbuf, cbuf, ebuf, idx):
    """The best final score of the roll reachable from root (iterative search;
    stops early once the upper bound `potential` is reached)."""
    sbuf[0, :] = root
    idx[1, 0] = gen(sbuf[0], tab, cbuf[0])
    if idx[1, 0] == 0:
        return root[H_SCORE]
    cap = potential(root, tab)
    best = -1
    idx[0, 0] = 0
    d = 0
    while d >= 0:
        if idx[0, d] >= idx[1, d]:
            d -= 1
            continue
        a = cbuf[d, idx[0, d]]
        idx[0, d] += 1
        child = sbuf[d + 1]
        child[:] = sbuf[d]
        play(child, tab, a, ebuf, 0)
        n = gen(child, tab, cbuf[d + 1]) if d + 2 < MAX_DEPTH else 0
        if n == 0:
            if child[H_SCORE] > best:
                best = child[H_SCORE]
                if best >= cap:
                    return best
        else:
            d += 1
            idx[0, d] = 0
            idx[1, d] = n
    return best


@njit(cache=True)
def new_work(size, nactions=MAX_ACTIONS):
    """Scratch buffers for the look-ahead: states, candidates, events, values, indices."""
    return (np.zeros((MAX_DEPTH + 1, size), np.int64),
            np.zeros((MAX_DEPTH + 1, nactions), np.int64),
            np.zeros(MAX_EVENTS * EV_WIDTH, np.int64),
            np.zeros(nactions, np.int64),
            np.zeros((2, MAX_DEPTH + 1), np.int64))


def legal(st, tab, out, sbuf, cbuf, ebuf, vals, idx):
    """The legal actions: candidates that keep the best roll score reachable.
    When `potential` says no action can add to the score (a decision outside
    the dice, e.g. Kimbo's fence move), every candidate is legal."""
    if st[H_PHASE] != PHASE_MOVE:
        return 0
    n = gen(st, tab, out)
    if n <= 1 or potential(st, tab) <= st[H_SCORE]:
        return n
    for i in range(n):
        vals[i] = out[i]
    best = -1
    child = sbuf[MAX_DEPTH]
    for i in range(n):
        child[:] = st
        play(child, tab, vals[i], ebuf, 0)
        v = _best(child, tab, sbuf, cbuf, ebuf, idx)
        out[MAX_ACTIONS - 1 - i] = v
        if v > best:
            best = v
    m = 0
    for i in range(n):
        if out[MAX_ACTIONS - 1 - i] == best:
            out[m] = vals[i]
            m += 1
    return m


def settle(st, tab, ev, ne, out, sbuf, cbuf, ebuf, vals, idx):
    """After a roll or an action: end the roll while no action is left.
    `finish` either ends the roll or leaves the phase at PHASE_MOVE with new
    dice slots (a stage of the same roll, e.g. bonus moves), whose actions
    are then listed; it must not do so twice without giving an action.
    Returns the event count and the number of legal actions now in out."""
    n = legal(st, tab, out, sbuf, cbuf, ebuf, vals, idx)
    while n == 0 and st[H_PHASE] == PHASE_MOVE:
        ne = finish(st, tab, ev, ne)     # may open a new stage of the roll (bonus moves)
        n = legal(st, tab, out, sbuf, cbuf, ebuf, vals, idx)
    return ne, n


# -- playing whole games -------------------------------------------------------
POLICY_RANDOM = 0
POLICY_GREEDY = 1


@njit(cache=True)
def never(st, tab, action):
    """The default `insist`: no action is one that every bot takes."""
    return False


def choose(st, tab, policy, seed, k, acts, n, sbuf, ebuf):
    """Pick one of n legal actions for a compiled bot; k numbers the choice.
    An action the game insists on (`insist`) is taken whatever the policy."""
    if n == 1:
        return acts[0]
    if INSISTS:                 # a constant of the compiled copy: a game without `insist` pays nothing
        for i in range(n):
            if insist(st, tab, acts[i]):
                return acts[i]
    if policy == POLICY_RANDOM:
        return acts[draw(seed ^ 0x5DEECE66D, k, n)]
    me = st[H_PLAYER]
    best = -1e300
    pick = acts[0]
    child = sbuf[MAX_DEPTH]
    for i in range(n):
        child[:] = st
        play(child, tab, acts[i], ebuf, 0)
        v = evaluate(child, tab, me) + 1e-6 * draw(seed ^ 0x2545F491, k * 131 + i, 1000)
        if v > best:
            best = v
            pick = acts[i]
    return pick


def playout(st, tab, seed, policies, max_rolls, stats):
    """Play st to the end with compiled bots, dice from the seed's stream.

    stats receives: [0] rolls, [1] actions, [2] captures, [3] the winner;
    returns False when max_rolls was reached first.
    """
    sbuf, cbuf, ebuf, vals, idx = new_work(st.shape[0], MAX_ACTIONS)
    ev = np.zeros(MAX_EVENTS * EV_WIDTH, np.int64)
    acts = np.zeros(MAX_ACTIONS, np.int64)
    values = np.zeros(tab.dice_lo.shape[0], np.int64)
    k = 0
    n = legal(st, tab, acts, sbuf, cbuf, ebuf, vals, idx)   # a game may start with a decision
    while st[H_PHASE] != PHASE_OVER:
        if st[H_PHASE] == PHASE_ROLL:
            if stats[0] >= max_rolls:
                return False
            r = st[H_ROLLS]
            for i in range(values.shape[0]):
                values[i] = tab.dice_lo[i] + draw(seed, r * 8 + i, tab.dice_hi[i] - tab.dice_lo[i] + 1)
            stats[0] += 1
            ne = set_dice(st, tab, values, ev, 0)
        else:
            a = choose(st, tab, policies[st[H_PLAYER]], seed, k, acts, n, sbuf, ebuf)
            k += 1
            stats[1] += 1
            st[H_SEQ] += 1
            ne = play(st, tab, a, ev, 0)
        ne, n = settle(st, tab, ev, ne, acts, sbuf, cbuf, ebuf, vals, idx)
        for j in range(min(ne, MAX_EVENTS)):
            if ev[j * EV_WIDTH] == EV_CAPTURED:
                stats[2] += 1
    stats[3] = st[H_WINNER]
    return True


def rolloff(st, tab, seed):
    """Who starts: every player rolls, the highest sum starts, ties roll again."""
    n = st[H_NPLAYERS]
    alive = np.ones(n, np.int64)
    counter = 1 << 40
    while alive.sum() > 1:
        sums = np.full(n, -1, np.int64)
        for p in range(n):
            if alive[p]:
                total = 0
                for i in range(tab.dice_lo.shape[0]):
                    total += tab.dice_lo[i] + draw(seed, counter + i, tab.dice_hi[i] - tab.dice_lo[i] + 1)
                sums[p] = total
                counter += 8
        top = sums.max()
        for p in range(n):
            alive[p] = 1 if sums[p] == top else 0
    return np.argmax(alive)


def run_many(start, tab, seed0, count, policies, rotate, first_by_rolloff, max_rolls, out):
    """Play `count` games from the position `start` with seeds seed0, seed0+1, ...

    With `rotate`, game i seats policy (j + i) mod n at player j.  out[i]
    receives rolls, actions, captures, winner (-1 when max_rolls cut it short)
    and the player the winner's policy came from."""
    n = start[H_NPLAYERS]
    pol = np.zeros(n, np.int64)
    stats = np.zeros(4, np.int64)
    for i in range(count):
        seed = seed0 + i
        shift = i % n if rotate else 0
        for j in range(n):
            pol[j] = policies[(j + shift) % n]
        st = start.copy()
        if first_by_rolloff:
            st[H_PLAYER] = rolloff(st, tab, seed)
        stats[:] = 0
        done = playout(st, tab, seed, pol, max_rolls, stats)
        out[i, 0] = stats[0]
        out[i, 1] = stats[1]
        out[i, 2] = stats[2]
        out[i, 3] = stats[3] if done else -1
        out[i, 4] = (stats[3] + shift) % n if done else -1


TEMPLATES = (set_dice, _best, legal, settle, choose, playout, rolloff, run_many)


def specialise(tag, max_actions=MAX_ACTIONS, templates=TEMPLATES, namespace=None, **funcs):
    """Compile generic loops (`templates`, written with the names of
    `namespace`) for one game, whose functions are `funcs`; candidate buffers
    hold max_actions (a legal list at most half of it).  The copies are named
    after `tag`, so that each game's are cached on disk on their own."""
    ns = dict(namespace if namespace is not None else globals())
    ns.update(funcs)
    ns["MAX_ACTIONS"] = max_actions
    compiled = {}
    for f in templates:
        g = types.FunctionType(f.__code__, ns, f.__name__, f.__defaults__)
        g.__qualname__ = f"{f.__name__}__{tag}"
        g.__doc__ = f.__doc__
        compiled[f.__name__] = njit(cache=True)(g)
    ns.update(compiled)
    return types.SimpleNamespace(**compiled)
