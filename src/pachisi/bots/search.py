"""The bots' thinking, compiled: one-ply greedy choice, expectimax over the
dice for any number of players, Monte Carlo tree search with greedy
rollouts, and a game loop that lets compiled bots play whole games.

Like the kernel's loops these are templates: `for_game` compiles a copy for
each game with that game's `play`/`evaluate` and the core's
`set_dice`/`settle` as globals, so the bots know nothing of any game's rules
and work for every registered game.  They work on copies of the state array
and never see the game's own dice stream.

A bot is a row of NPARAMS numbers (see `P_*`), so that every kind of bot goes
through the same compiled `decide`.  A bot's randomness comes from its seed
mixed with a hash of the position: the same seed in the same position gives
the same choice.  Budgets are counted in work units (one action or roll
applied, or one evaluation of a position for one player), never in time,
so that a search is the same on every machine.

Search terms.  A decision node is a state in PHASE_MOVE: its player picks one
single-die action, and a roll is usually several decisions in a row by the
same player.  A chance node is a state in PHASE_ROLL: every roll of the
game's dice is equally likely (State.chance_outcomes).  A leaf is valued by
the game's `evaluate` for every player, a win above everything (max^n: each
player maximises its own value).  Positions with a single legal action are
played through at once.
"""
import hashlib
import math
from pathlib import Path
import sys
import types

import numpy as np
from numba import njit

from ..engine import kernel as K
from ..engine.kernel import (H_NPLAYERS, H_PHASE, H_PLAYER, H_ROLLS, H_SEQ, H_WINNER, MAX_PLAYERS,
                             PHASE_MOVE, PHASE_OVER, PHASE_ROLL, draw, mix64)

# -- a bot as a row of parameters --------------------------------------------------
BOT_RANDOM, BOT_GREEDY, BOT_EXPECTIMAX, BOT_MCTS = 0, 1, 2, 3
P_KIND = 0          # BOT_*
P_BLUNDER = 1       # greedy: chance of playing a random move instead
P_DEPTH = 2         # expectimax: rolls searched after the current one
P_WIDTH = 3         # actions searched per decision, the best by one ply (0: all)
P_SAMPLES = 4       # expectimax: rolls drawn per chance node below the first (0: every roll)
P_ITERATIONS = 5    # mcts: simulations
P_EXPLORE = 6       # mcts: UCT exploration constant (on values scaled to 0..1 among siblings)
P_ROLLOUT = 7       # mcts: rolls a rollout plays before the game's evaluation judges it (0: to the end)
P_WORK = 8          # expectimax, mcts: work units a decision may use (0: no limit)
NPARAMS = 9

WIN_VALUE = 1e7     # added to a winner's evaluation at a leaf
LEVELS_MAX = 64     # levels of one expectimax search (decisions and rolls)
ROLLOUT_CAP = 64    # a rollout's greedy move looks at this many actions at most (a sample of the rest)

# search node kinds, and the steps of the iterative expectimax
N_DECISION, N_CHANCE, N_OVER = 0, 1, 2
ENTER, STEP, ABSORB = 0, 1, 2


# -- helpers ----------------------------------------------------------------------------
@njit(cache=True)
def position_seed(st, seed):
    """The bot's seed mixed with the position: its random stream in that position."""
    h = mix64(seed)
    for i in range(st.shape[0]):
        h = mix64(h ^ np.uint64(st[i] & 0x7FFFFFFFFFFFFFFF))
    return np.int64(h >> np.uint64(2))


@njit(cache=True)
def sub_seed(seed, k):
    """The k-th seed derived from seed."""
    return np.int64(mix64(seed + k * 0x632BE59BD9B4E019) >> np.uint64(2))


@njit(cache=True)
def n_outcomes(tab):
    t = 1
    for i in range(tab.dice_lo.shape[0]):
        t *= tab.dice_hi[i] - tab.dice_lo[i] + 1
    return t


@njit(cache=True)
def outcome(tab, idx, values):
    """The idx-th roll in State.chance_outcomes order (the last die fastest)."""
    for i in range(values.shape[0] - 1, -1, -1):
        r = tab.dice_hi[i] - tab.dice_lo[i] + 1
        values[i] = tab.dice_lo[i] + idx % r
        idx //= r


@njit(cache=True)
def dice_of(tab, seed, st, values):
    """The roll that seed's stream holds for st (drawn as State.next_roll and
    the kernel's playout draw it); returns its chance outcome index."""
    r = st[H_ROLLS]
    o = 0
    for i in range(values.shape[0]):
        span = tab.dice_hi[i] - tab.dice_lo[i] + 1
        d = draw(seed, r * 8 + i, span)
        values[i] = tab.dice_lo[i] + d
        o = o * span + d
    return o


@njit(cache=True)
def pick_best(vals, n, seed):
    """Index of the best of vals[:n], ties (to 1e-9) broken by the seed."""
    best = vals[0]
    for i in range(1, n):
        if vals[i] > best:
            best = vals[i]
    tol = 1e-9 * max(1.0, abs(best))
    m = 0
    for i in range(n):
        if vals[i] >= best - tol:
            m += 1
    j = draw(seed, 7, m)
    for i in range(n):
        if vals[i] >= best - tol:
            if j == 0:
                return i
            j -= 1
    return 0


# -- applying actions and rolls (W: the core's scratch buffers and an event buffer) --------------
def new_work(size):
    sbuf, cbuf, ebuf, vals, idx = K.new_work(size, MAX_ACTIONS)
    return sbuf, cbuf, ebuf, vals, idx, np.zeros(K.MAX_EVENTS * K.EV_WIDTH, np.int64)


def settled(st, tab, acts, W):
    """Settle st after an action or a roll and play through single legal
    actions; the number of legal actions in acts (0 unless PHASE_MOVE)."""
    sbuf, cbuf, ebuf, vals, idx, ev = W
    n = settle(st, tab, ev, 0, acts, sbuf, cbuf, ebuf, vals, idx)[1]
    guard = 0
    while n == 1 and st[H_PHASE] == PHASE_MOVE and guard < 1000:
        st[H_SEQ] += 1
        play(st, tab, acts[0], ev, 0)
        n = settle(st, tab, ev, 0, acts, sbuf, cbuf, ebuf, vals, idx)[1]
        guard += 1
    return n


def act(st, tab, a, acts, W, cnt):
    """Play action a on st; the legal actions after it go to acts."""
    cnt[0] += 1
    st[H_SEQ] += 1
    play(st, tab, a, W[5], 0)
    return settled(st, tab, acts, W)


def roll(st, tab, values, acts, W, cnt):
    """The chance outcome `values` on st; the legal actions after it go to acts."""
    cnt[0] += 1
    set_dice(st, tab, values, W[5], 0)
    return settled(st, tab, acts, W)


def leaf(st, tab, res, cnt):
    """Every player's value of st: the game's evaluation, and a win above all
    (a work unit per player evaluated)."""
    cnt[0] += st[H_NPLAYERS]
    w = st[H_WINNER]
    for p in range(st[H_NPLAYERS]):
        res[p] = evaluate(st, tab, p) + (WIN_VALUE if w == p else 0.0)


# -- one ply --------------------------------------------------------------------------------------
def one_ply(st, tab, acts, n, cap, seed, child, f, W, cnt):
    """The action after which the game's evaluation is best for the mover,
    as the kernel's compiled greedy policy judges it (just after the action);
    with cap > 0 and more actions than that, the best of the first cap/2 and
    cap/2 others drawn from the seed."""
    me = st[H_PLAYER]
    m = n if cap <= 0 or n <= cap else cap
    for j in range(m):
        i = j if m == n or j < cap // 2 else cap // 2 + draw(seed, 100 + j, n - cap // 2)
        child[:] = st
        play(child, tab, acts[i], W[5], 0)
        cnt[0] += 1
        f[j] = evaluate(child, tab, me) + (WIN_VALUE if child[H_WINNER] == me else 0.0)
    j = pick_best(f, m, seed)
    return acts[j if m == n or j < cap // 2 else cap // 2 + draw(seed, 100 + j, n - cap // 2)]


def greedy(st, tab, acts, n, blunder, seed):
    """The greedy bot: one ply over every action; with probability `blunder`
    a random action instead."""
    if blunder > 0 and draw(seed, 1, 1 << 30) < blunder * (1 << 30):
        return acts[draw(seed, 2, n)]
    W = new_work(st.shape[0])
    return one_ply(st, tab, acts, n, 0, seed, st.copy(), np.empty(n), W, np.zeros(2, np.int64))


def best_first(st, tab, acts, n, keep, child, scratch, f, res, W, cnt):
    """Order acts[:n] by the mover's value one ply on (after settling), best
    first, and keep the best `keep` of them (0: all); returns how many."""
    me = st[H_PLAYER]
    for i in range(n):
        child[:] = st
        act(child, tab, acts[i], scratch, W, cnt)
        leaf(child, tab, res, cnt)
        f[i] = -res[me]
    order = np.argsort(f[:n], kind="mergesort")
    m = n if keep <= 0 or keep > n else keep
    for i in range(m):
        scratch[i] = acts[order[i]]
    for i in range(m):
        acts[i] = scratch[i]
    return m


# -- expectimax -----------------------------------------------------------------------------------
def new_search(size, ndice):
    """Per level: states, legal actions, values per player, dice, scratch
    values, the frame (kind, children, next child, depth, roller), best so far."""
    return (np.empty((LEVELS_MAX + 1, size), np.int64),
            np.empty((LEVELS_MAX + 1, MAX_ACTIONS), np.int64),
            np.zeros((LEVELS_MAX + 1, MAX_PLAYERS)),
            np.empty((LEVELS_MAX + 1, ndice), np.int64),
            np.empty((LEVELS_MAX + 1, MAX_ACTIONS)),
            np.zeros((LEVELS_MAX + 1, 5), np.int64),
            np.zeros(LEVELS_MAX + 1))


def emax(tab, n, depth, roller, lv0, full_depth, width, samples, seed, budget, T, W, cnt):
    """Values of T's state S[lv0] for every player into R[lv0] (max^n
    expectimax; its n legal actions are in A[lv0]).  Iterative, one frame a
    level.  Returns False when the work budget ran out first.

    `depth` counts the chance nodes still to expand; once it is 0 the search
    stops at the next roll, or as soon as a player other than `roller` (whose
    roll this is) is to decide.  Chance nodes with depth `full_depth` weigh
    every roll, deeper ones draw `samples` rolls (0: every roll), the same
    ones at every node of a depth."""
    S, A, R, V, F, FI, FB = T
    t = n_outcomes(tab)
    lv = lv0
    mode = ENTER
    while True:
        if budget > 0 and cnt[0] > budget:
            return False
        if mode == ENTER:
            st = S[lv]
            phase = st[H_PHASE]
            if (phase == PHASE_OVER or lv + 1 >= LEVELS_MAX
                    or (depth == 0 and (phase == PHASE_ROLL or st[H_PLAYER] != roller))):
                leaf(st, tab, R[lv], cnt)
                if lv == lv0:
                    return True
                lv -= 1
                mode = ABSORB
                continue
            FI[lv, 2] = 0
            FI[lv, 3] = depth
            FI[lv, 4] = roller
            if phase == PHASE_ROLL:
                FI[lv, 0] = N_CHANCE
                FI[lv, 1] = t if samples <= 0 or samples >= t or depth == full_depth else samples
                for p in range(MAX_PLAYERS):
                    R[lv, p] = 0.0
            else:
                if width > 0 and n > width:
                    n = best_first(st, tab, A[lv], n, width, S[lv + 1], A[lv + 1], F[lv], R[lv + 1], W, cnt)
                FI[lv, 0] = N_DECISION
                FI[lv, 1] = n
                FB[lv] = -np.inf
            mode = STEP
            continue
        if mode == ABSORB:
            if FI[lv, 0] == N_CHANCE:
                for p in range(MAX_PLAYERS):
                    R[lv, p] += R[lv + 1, p] / FI[lv, 1]
            else:
                me = S[lv, H_PLAYER]
                if R[lv + 1, me] > FB[lv]:
                    FB[lv] = R[lv + 1, me]
                    for p in range(MAX_PLAYERS):
                        R[lv, p] = R[lv + 1, p]
            mode = STEP
            continue
        i = FI[lv, 2]
        if i >= FI[lv, 1]:
            if lv == lv0:
                return True
            lv -= 1
            mode = ABSORB
            continue
        FI[lv, 2] = i + 1
        child = S[lv + 1]
        child[:] = S[lv]
        if FI[lv, 0] == N_CHANCE:
            if FI[lv, 1] == t:
                outcome(tab, i, V[lv])
            else:
                # the same rolls at every chance node of this depth: siblings are
                # compared on equal luck
                outcome(tab, draw(seed, 1000 * FI[lv, 3] + i, t), V[lv])
            n = roll(child, tab, V[lv], A[lv + 1], W, cnt)
            depth = FI[lv, 3] - 1
            roller = S[lv, H_PLAYER]
        else:
            n = act(child, tab, A[lv, i], A[lv + 1], W, cnt)
            depth = FI[lv, 3]
            roller = FI[lv, 4]
        lv += 1
        mode = ENTER


def expectimax(st, tab, acts, n, depth, width, samples, budget, seed):
    """The action of st's player that is best by expectimax to `depth` rolls,
    deepening one roll at a time: a depth whose search passes `budget` work
    units (0: no limit) is abandoned for the last one completed, and one
    that would, growing as much as the last depth grew, is not begun (the
    rest of the current roll is always searched).
    Returns (action, depth completed, work used)."""
    T = new_search(st.shape[0], tab.dice_lo.shape[0])
    S, A, R, V, F, FI, FB = T
    W = new_work(st.shape[0])
    cnt = np.zeros(2, np.int64)
    me = st[H_PLAYER]
    S[0, :] = st
    root = A[0]
    for i in range(n):
        root[i] = acts[i]
    if width > 0 and n > width:
        n = best_first(st, tab, root, n, width, S[1], A[1], F[0], R[1], W, cnt)
    scores = np.empty(n)
    choice = root[0]
    done = -1
    last = 0
    prev = 0
    for d in range(depth + 1):
        if d >= 2 and budget > 0 and cnt[0] + last * (last / max(prev, 1)) > budget:
            break                       # the next depth would not fit: it grows as the last did
        prev = last
        last = cnt[0]
        complete = True
        for i in range(n):
            S[1, :] = st
            n2 = act(S[1], tab, root[i], A[1], W, cnt)
            if not emax(tab, n2, d, me, 1, d, width, samples, seed, budget if d > 0 else 0, T, W, cnt):
                complete = False
                break
            scores[i] = R[1, me]
        if not complete:
            break
        last = cnt[0] - last
        choice = root[pick_best(scores, n, seed)]
        done = d
    return choice, done, cnt[0]


# -- Monte Carlo tree search ------------------------------------------------------------------------
@njit(cache=True)
def mcts_tree(nodes, edges):
    """An empty tree: node arrays (kind, player, visits, first edge, edge count,
    children made, value sums per player), edge arrays (action, or roll index
    at a chance node; child node or -1) and the counts (nodes, edges)."""
    return (np.zeros(nodes, np.int64), np.zeros(nodes, np.int64), np.zeros(nodes, np.int64),
            np.zeros(nodes, np.int64), np.zeros(nodes, np.int64), np.zeros(nodes, np.int64),
            np.zeros((nodes, MAX_PLAYERS)),
            np.zeros(edges, np.int64), np.full(edges, -1, np.int64),
            np.zeros(2, np.int64))


def mcts_add(tree, st, tab, acts, n):
    """Add the node of st, whose n legal actions are in acts (best first);
    -1 when the tree is full."""
    kind, player, visits, first, nedge, made, total, eact, echild, count = tree
    phase = st[H_PHASE]
    k = N_OVER if phase == PHASE_OVER else N_CHANCE if phase == PHASE_ROLL else N_DECISION
    m = n if k == N_DECISION else n_outcomes(tab) if k == N_CHANCE else 0
    if count[0] >= kind.shape[0] or count[1] + m > eact.shape[0]:
        return -1
    node = count[0]
    count[0] += 1
    kind[node] = k
    player[node] = st[H_PLAYER]
    first[node] = count[1]
    nedge[node] = m
    for i in range(m):
        eact[count[1] + i] = acts[i] if k == N_DECISION else i
    count[1] += m
    return node


def new_mcts_work(size, ndice):
    """Scratch of one search: two states, actions, values, the path, dice."""
    return (np.empty(size, np.int64), np.empty(size, np.int64), np.empty(MAX_ACTIONS, np.int64),
            np.empty(MAX_ACTIONS, np.int64), np.empty(MAX_ACTIONS), np.zeros(MAX_PLAYERS),
            np.empty(4096, np.int64), np.empty(ndice, np.int64))


def rollout(st, tab, n, acts, rolls, first_roll, seed, M, W, cnt):
    """Play on from st (n legal actions in acts) with the greedy policy for
    `rolls` rolls (0: to the end of the game): the first roll is the chance
    outcome numbered first_roll (when >= 0), later ones come from seed's
    stream (as in State.roll, so that rollouts on one seed meet the same dice)."""
    child, _, _, _, f, _, _, values = M
    made = 0
    k = 0
    while st[H_PHASE] != PHASE_OVER:
        if st[H_PHASE] == PHASE_ROLL:
            if rolls > 0 and made >= rolls:
                return
            if first_roll >= 0 and made == 0:
                outcome(tab, first_roll, values)
            else:
                dice_of(tab, seed, st, values)
            n = roll(st, tab, values, acts, W, cnt)
            made += 1
        else:
            k += 1
            n = act(st, tab, one_ply(st, tab, acts, n, ROLLOUT_CAP, sub_seed(seed, k), child, f, W, cnt),
                    acts, W, cnt)


def simulate(tree, node, st, n, tab, explore, rolls, width, seed, first_roll, M, W, cnt):
    """One simulation from `node`, whose state is st (changed; n legal
    actions in M's action buffer): down the tree by UCT, each node's player
    maximising its own value; the first roll is the chance outcome numbered
    `first_roll`, later ones come from seed's stream; one node added; a
    greedy rollout; the values at its end backed up the path."""
    kind, player, visits, first, nedge, made, total, eact, echild, count = tree
    child, _, acts, scratch, f, res, path, values = M
    path[0] = node
    plen = 1
    while plen < path.shape[0]:
        k = kind[node]
        if k == N_OVER:
            break
        e0 = first[node]
        if k == N_CHANCE:
            if first_roll >= 0:
                o = first_roll
                outcome(tab, o, values)
                first_roll = -1
            else:
                o = dice_of(tab, seed, st, values)
            n = roll(st, tab, values, acts, W, cnt)
            e = e0 + o
        elif made[node] < nedge[node]:
            e = e0 + made[node]          # a new child: the next action in best-first order
            n = act(st, tab, eact[e], acts, W, cnt)
        else:
            # UCT on the children's mean values for this node's player, scaled
            # to 0..1 between the worst and the best child (values are in the
            # game's evaluation units)
            me = player[node]
            lo = np.inf
            hi = -np.inf
            for j in range(e0, e0 + made[node]):
                q = total[echild[j], me] / visits[echild[j]]
                lo = min(lo, q)
                hi = max(hi, q)
            span = hi - lo if hi > lo else 1.0
            lnn = math.log(max(visits[node], 1))
            best = -np.inf
            e = e0
            for j in range(e0, e0 + made[node]):
                c = echild[j]
                u = (total[c, me] / visits[c] - lo) / span + explore * math.sqrt(lnn / visits[c])
                if u > best:
                    best = u
                    e = j
            n = act(st, tab, eact[e], acts, W, cnt)
            node = echild[e]
            path[plen] = node
            plen += 1
            continue
        c = echild[e]
        if c < 0:
            if st[H_PHASE] == PHASE_MOVE:
                n = best_first(st, tab, acts, n, width, child, scratch, f, res, W, cnt)
            c = mcts_add(tree, st, tab, acts, n)
            if c >= 0:
                echild[e] = c
                if k == N_DECISION:
                    made[node] += 1
                path[plen] = c
                plen += 1
            break
        node = c
        path[plen] = c
        plen += 1
    rollout(st, tab, n, acts, rolls, first_roll, seed, M, W, cnt)
    leaf(st, tab, res, cnt)
    for i in range(plen):
        nd = path[i]
        visits[nd] += 1
        for p in range(MAX_PLAYERS):
            total[nd, p] += res[p]


def root_order(st, tab, acts, n, width):
    """The root's actions best first by one ply, the best `width` of them (0: all)."""
    order = np.empty(MAX_ACTIONS, np.int64)
    order[:n] = acts[:n]
    M = new_mcts_work(st.shape[0], tab.dice_lo.shape[0])
    m = best_first(st, tab, order, n, width, M[0], M[3], M[4], M[5], new_work(st.shape[0]), np.zeros(2, np.int64))
    return order[:m].copy()


def mcts(st, tab, acts, n, iterations, explore, rolls, width, budget, seed):
    """Monte Carlo tree search from st, whose n legal actions are in acts
    (best first).  The root shares `iterations` simulations out by sequential
    halving: in each round every surviving action gets the same simulations,
    on the same dice (common random numbers: actions are compared on equal
    luck), and the worse half is dropped.  The first roll of a round's j-th
    simulation is the j-th chance outcome, so that with as many simulations
    as rolls each action meets every roll once.  A round stops early once it
    has used its share of the work budget (0: no limit).  Below the root the
    tree grows by UCT.  Returns the action left at the end and the work used."""
    nodes = iterations + n + 2
    per_node = max(n_outcomes(tab), width if width > 0 else 64)
    tree = mcts_tree(nodes, n + nodes * per_node)
    kind, player, visits, first, nedge, made, total, eact, echild, count = tree
    M = new_mcts_work(st.shape[0], tab.dice_lo.shape[0])
    child, base, buf, scratch, f, res, path, values = M
    W = new_work(st.shape[0])
    cnt = np.zeros(2, np.int64)
    mcts_add(tree, st, tab, acts, n)
    me = st[H_PLAYER]
    t = n_outcomes(tab)
    alive = np.arange(n)
    score = np.zeros(n)
    rounds = 1
    while (1 << rounds) < n:
        rounds += 1
    left = iterations
    r = 0
    start = 0
    while alive.shape[0] > 1:
        m = alive.shape[0]
        per = max(1, (left // max(rounds - r, 1)) // m)
        share = (budget - cnt[0]) // max(rounds - r, 1)
        used = cnt[0]
        for j in range(per):
            for i in range(m):
                e = alive[i]
                base[:] = st
                n2 = act(base, tab, eact[e], buf, W, cnt)
                if echild[e] < 0:
                    if base[H_PHASE] == PHASE_MOVE:
                        n2 = best_first(base, tab, buf, n2, width, child, scratch, f, res, W, cnt)
                    echild[e] = mcts_add(tree, base, tab, buf, n2)
                simulate(tree, echild[e], base, n2, tab, explore, rolls, width,
                         sub_seed(seed, start + j), (start + j) % t, M, W, cnt)
            left -= m
            if budget > 0 and cnt[0] - used > share:
                break
        start += per
        for i in range(m):
            c = echild[alive[i]]
            score[i] = total[c, me] / max(visits[c], 1)
        r += 1
        keep = (m + 1) // 2
        order = np.argsort(-score[:m], kind="mergesort")
        nxt = np.empty(keep, np.int64)
        for i in range(keep):
            nxt[i] = alive[order[i]]
        alive = nxt
    return eact[first[0] + alive[0]], cnt[0]


# -- any bot, and whole games between bots --------------------------------------------------------
def decide(st, tab, acts, n, bot, seed):
    """The action that the bot described by the parameter row `bot` plays in st."""
    if n == 1:
        return acts[0]
    if INSISTS:                 # a constant of the compiled copy (see kernel.choose)
        for i in range(n):
            if insist(st, tab, acts[i]):
                return acts[i]
    s = position_seed(st, seed)
    kind = int(bot[P_KIND])
    if kind == BOT_RANDOM:
        return acts[draw(s, 0, n)]
    if kind == BOT_GREEDY:
        return greedy(st, tab, acts, n, bot[P_BLUNDER], s)
    if kind == BOT_EXPECTIMAX:
        return expectimax(st, tab, acts, n, int(bot[P_DEPTH]), int(bot[P_WIDTH]), int(bot[P_SAMPLES]),
                          int(bot[P_WORK]), s)[0]
    order = root_order(st, tab, acts, n, int(bot[P_WIDTH]))
    return mcts(st, tab, order, order.shape[0], int(bot[P_ITERATIONS]), bot[P_EXPLORE], int(bot[P_ROLLOUT]),
                int(bot[P_WIDTH]), int(bot[P_WORK]), s)[0]


def play_game(st, tab, dice_seed, bots, seats, bot_seeds, max_rolls, out):
    """Play st to its end: bots[seats[p]] decides for player p with seed
    bot_seeds[p]; dice from dice_seed's stream (as State.roll).
    out receives rolls, decisions, then the finishing order (-1 padded)."""
    sbuf, cbuf, ebuf, vals, idx, ev = new_work(st.shape[0])
    acts = np.zeros(MAX_ACTIONS, np.int64)
    values = np.zeros(tab.dice_lo.shape[0], np.int64)
    out[:] = -1
    out[0] = 0
    out[1] = 0
    n = settle(st, tab, ev, 0, acts, sbuf, cbuf, ebuf, vals, idx)[1]    # a game may start with a decision
    while st[H_PHASE] != PHASE_OVER and out[0] < max_rolls:
        if st[H_PHASE] == PHASE_ROLL:
            dice_of(tab, dice_seed, st, values)
            out[0] += 1
            set_dice(st, tab, values, ev, 0)
        else:
            p = st[H_PLAYER]
            a = decide(st, tab, acts, n, bots[seats[p]], bot_seeds[p])
            out[1] += 1
            st[H_SEQ] += 1
            play(st, tab, a, ev, 0)
        n = settle(st, tab, ev, 0, acts, sbuf, cbuf, ebuf, vals, idx)[1]
    for i in range(st[K.H_NFIN]):
        out[2 + i] = st[K.H_ORDER + i]
    if st[K.H_NFIN] == 0 and st[H_WINNER] >= 0:
        out[2] = st[H_WINNER]


TEMPLATES = (new_work, settled, act, roll, leaf, one_ply, greedy, best_first, new_search, emax, expectimax,
             mcts_add, new_mcts_work, rollout, simulate, root_order, mcts, decide, play_game)
_compiled = {}


def _fingerprint(game):
    """A digest of the sources the game's compiled bots are made of: numba's
    cache notices changes of a function's own file only, so the digest is
    part of each compiled copy's name and a changed rule recompiles the bots.
    The sources: this file, and every pachisi module the game's module
    reaches through its globals."""
    seen, todo = set(), [sys.modules[__name__], sys.modules[type(game).__module__], K]
    while todo:
        mod = todo.pop()
        if mod.__name__ in seen or not mod.__name__.startswith("pachisi."):
            continue
        seen.add(mod.__name__)
        for value in vars(mod).values():
            name = value.__name__ if isinstance(value, types.ModuleType) else getattr(value, "__module__", None)
            if isinstance(name, str) and name.startswith("pachisi.") and name in sys.modules:
                todo.append(sys.modules[name])
    h = hashlib.sha1()
    for name in sorted(seen):
        h.update(Path(sys.modules[name].__file__).read_bytes())
    return h.hexdigest()[:10]


def for_game(game):
    """The bots' compiled functions for a game (compiled once per game and
    version of its rules, cached on disk)."""
    k = game.kernel
    got = _compiled.get(id(k))
    if got is not None and got[0] is k:
        return got[1]
    tag = f"{game.name}_{_fingerprint(game)}".replace("-", "_")
    space = K.specialise(tag, k.max_actions, templates=TEMPLATES, namespace=globals(), play=k.play,
                         evaluate=k.evaluate, set_dice=k.set_dice, settle=k.settle, insist=k.insist,
                         INSISTS=k.insists)
    _compiled[id(k)] = (k, space)
    return space
