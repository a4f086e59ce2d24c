# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
"""The learned evaluator, compiled: every player's chances in a position of
any game, from a small network over features read straight from the state.

Features (seen from the player to move, the others in turn order after it):
for each player, how many of its pieces stand on each place of its route
(the places of the game's RL observation, rl/spaces.py, read from the
state's cells through a table made once per Game: bots/valuenet.py; or,
where a cell alone does not say how far a piece has to go, the places its
compiled rules give, Rules.places: Kimbo's steps left round the fences), the
share of its pieces hidden in a shelter, the mean progress of its pieces,
whether it has finished, and where the rules give the places the number
they give beside them (Kimbo: the chance of entering the centre with the
next roll); the dice still to play (a count per face, the
bonuses together) and whether a roll is being played.

Network: one hidden layer (tanh); for each player a softmax over the places
1st..nth.  A player's equity is its expected place reward, (n-1-k)/(n-1)
for place k (0: first): with two players its probability of winning.  In
team play partners share places and equity: a finished game gives both the
mean of their two rows (the finishing order holds partners side by side),
place k is the team's place k // 2, rewarded (t-1-k//2)/(t-1) among t teams
(with two teams the team's probability of winning), and a position's
equity is the mean of the partners'.

The value of a position V(s): the exact result once the game is over; the
network's at a roll (a chance node); in the middle of a roll the value of
the mover's best way to play the rest of it (a search over its own
decisions with the network at the roll's end, `turn`).  So V of a decision
is the V of its best action: what analysis calls equity.

Training (TD(lambda) as TD-Gammon, the forward view): self-play games
whose decisions are the evaluator's own (epsilon-greedy; a decision with
more than SAMPLE actions, as Kimbo's thousands of fence moves, weighs an
evenly spread SAMPLE of them, so a game costs what a race game's does); after each game
every roll's position moves towards its lambda-return by one SGD step on
the cross-entropy of the place distributions.  Everything here runs
without the GIL, one call per game, decision or analysis step.
"""
from libc.math cimport tanh, exp, INFINITY
from libc.stdlib cimport malloc, calloc, free
from libc.string cimport memcpy, memset

from pachisi.engine.kernel cimport (
    Engine, Rules, Work, i64, work_alloc, work_free, set_dice, settle, legal, draw, draw_dice, n_outcomes, outcome,
    outcome_total,
    H_DICE, H_NDICE, H_NFIN, H_NPLAYERS, order_at, H_PHASE, H_PLAYER, H_ROLLS, H_SEQ, H_WINNER,
    MAX_DICE, MAX_PLAYERS, PHASE_MOVE, PHASE_OVER, PHASE_ROLL)

import numpy as np

cpdef enum:
    LV = 48             # levels of one search (a roll's decisions, then a roll and the reply)
    DICE_FEATURES = 8   # faces 1..6, bonuses, "a roll is being played"
    MAX_PIECES = 32
    NODE_CAP = 4000     # positions a roll's search visits before the rest are valued as they stand
    SAMPLE = 128        # actions a self-play decision weighs at most


cdef struct Ctx:
    const Rules* R
    Work W
    i64 size, na, n, F, H, NO, places, pieces
    i64 teams           # the number of teams of two (0: each plays for himself)
    const i64* cell
    const i64* flag
    const i64* vmap
    i64 lo, span
    i64* where          # each piece's place from the rules (Rules.places)
    double* extra       # each player's number beside them (Rules.places)
    i64 nextra          # features of those: n where the rules give places, else 0
    i64* memo           # what Rules.places keeps from call to call
    const double* W1
    const double* b1
    const double* W2
    const double* b2
    double* x
    double* h
    double* o
    i64* S
    i64* A
    i64* NA
    double* V
    i64 nodes
    i64 cap
    bint cut
    bint deeper         # a roll was valued by the network for want of depth: one roll more would differ
    bint oom


cdef inline bint before_roll(const i64* st) noexcept nogil:
    """A decision before its roll (Kimbo's fence move, no dice in play) opens a turn: the rest of a roll
    never reaches into it."""
    return st[H_PHASE] == PHASE_MOVE and st[H_NDICE] == 0


# -- features and the network -------------------------------------------------------------------------
cdef void features(Ctx* C, const i64* st) noexcept nogil:
    """The feature vector of st, seen from its player to move, into C.x."""
    cdef i64 n = C.n, P = C.pieces, L = C.places, m = st[H_PLAYER], r, p, k, v, pl, at, i, d
    cdef double inv = 1.0 / P, prog
    memset(C.x, 0, C.F * sizeof(double))
    if C.R.places != NULL:
        C.R.places(st, C.R.tab, C.where, C.extra, C.memo)
    at = n * L
    for r in range(n):
        p = (m + r) % n
        prog = 0.0
        for k in range(P):
            if C.R.places != NULL:
                pl = C.where[p * P + k]
            else:
                v = st[C.cell[p * P + k]] - C.lo
                pl = C.vmap[v] if 0 <= v < C.span else -1
            if pl >= 0:
                C.x[r * L + pl] += inv
                prog += pl
            if C.flag[p * P + k] >= 0 and st[C.flag[p * P + k]] != 0:
                C.x[at + r] += inv
        C.x[at + n + r] = prog * inv / (L - 1)
        for i in range(st[H_NFIN]):
            if st[order_at(i)] == p:
                C.x[at + 2 * n + r] = 1.0
        if C.nextra:
            C.x[at + 3 * n + r] = C.extra[p]
    at += 3 * n + C.nextra
    if st[H_PHASE] == PHASE_MOVE and not before_roll(st):
        for i in range(MAX_DICE):
            d = st[H_DICE + i]
            if 1 <= d <= 6:
                C.x[at + d - 1] += 0.5
            elif d > 6:
                C.x[at + 6] += 0.5
        C.x[at + 7] = 1.0


cdef void forward(Ctx* C) noexcept nogil:
    """C.x -> hidden C.h -> per-player place distributions C.o (relative rows)."""
    cdef i64 F = C.F, H = C.H, n = C.n, f, j, r, k
    cdef double xf, s, mx
    cdef const double* w
    for j in range(H):
        C.h[j] = C.b1[j]
    for f in range(F):
        xf = C.x[f]
        if xf != 0.0:
            w = C.W1 + f * H
            for j in range(H):
                C.h[j] += xf * w[j]
    for j in range(H):
        C.h[j] = tanh(C.h[j])
    for r in range(n * n):
        s = C.b2[r]
        w = C.W2 + r * H
        for j in range(H):
            s += w[j] * C.h[j]
        C.o[r] = s
    for r in range(n):
        mx = -INFINITY
        for k in range(n):
            mx = max(mx, C.o[r * n + k])
        s = 0.0
        for k in range(n):
            C.o[r * n + k] = exp(C.o[r * n + k] - mx)
            s += C.o[r * n + k]
        for k in range(n):
            C.o[r * n + k] /= s


cdef inline double place_reward(const Ctx* C, i64 k) noexcept nogil:
    if C.teams:
        return (C.teams - 1 - k // 2) / <double>(C.teams - 1)
    return (C.n - 1 - k) / <double>(C.n - 1)


cdef void result_places(const Ctx* C, const i64* st, double* pl) noexcept nogil:
    """The place distribution (absolute rows, n x n) of a finished game: the
    finishing order, the players not placed sharing the places left evenly;
    partners share the mean of their rows."""
    cdef i64 n = C.n, i, p, k, nf = st[H_NFIN]
    cdef bint placed[MAX_PLAYERS]
    for p in range(n):
        placed[p] = False
    for i in range(n * n):
        pl[i] = 0.0
    if nf == 0 and st[H_WINNER] >= 0:
        pl[st[H_WINNER] * n] = 1.0
        placed[st[H_WINNER]] = True
        nf = 1
    else:
        for i in range(nf):
            pl[st[order_at(i)] * n + i] = 1.0
            placed[st[order_at(i)]] = True
    for p in range(n):
        if not placed[p]:
            for k in range(nf, n):
                pl[p * n + k] = 1.0 / (n - nf)
    share(C, pl)


cdef void share(const Ctx* C, double* pl) noexcept nogil:
    """In team play partners share the mean of their place rows (absolute rows, n x n)."""
    cdef i64 n = C.n, p, q, k
    cdef double a
    if not C.teams:
        return
    for p in range(n):
        q = C.R.mate[p]
        if p < q:
            for k in range(n):
                a = 0.5 * (pl[p * n + k] + pl[q * n + k])
                pl[p * n + k] = a
                pl[q * n + k] = a


cdef void places_of(Ctx* C, const i64* st, double* pl) noexcept nogil:
    """Place distributions (absolute rows) of st: exact once over, else the network's; partners share theirs."""
    cdef i64 n = C.n, m = st[H_PLAYER], r, k
    if st[H_PHASE] == PHASE_OVER:
        result_places(C, st, pl)
        return
    features(C, st)
    forward(C)
    for r in range(n):
        for k in range(n):
            pl[((m + r) % n) * n + k] = C.o[r * n + k]
    share(C, pl)


cdef void leaf(Ctx* C, const i64* st, double* out) noexcept nogil:
    """Every player's equity in st as it stands (out[p], p < n; partners' alike: their rows are shared)."""
    cdef double pl[MAX_PLAYERS * MAX_PLAYERS]
    cdef i64 n = C.n, p, k
    places_of(C, st, pl)
    for p in range(n):
        out[p] = 0.0
        for k in range(n):
            out[p] += pl[p * n + k] * place_reward(C, k)


# -- playing on copies ------------------------------------------------------------------------------
cdef i64 listed(Ctx* C, i64* st, i64* acts) noexcept nogil:
    """The kernel's settle, but a decision before its roll is left unlisted (-1): the search values it as
    it stands, and listing Kimbo's thousands of fence moves would cost more than the rest of the search."""
    cdef i64 n
    if before_roll(st):
        return -1
    n = legal(C.R, &C.W, st, acts)
    while n == 0 and st[H_PHASE] == PHASE_MOVE:
        C.R.finish(st, C.R.tab, NULL, 0)
        if before_roll(st):
            return -1
        n = legal(C.R, &C.W, st, acts)
    return n


cdef i64 settled(Ctx* C, i64* st, i64* acts) noexcept nogil:
    """Settle st and play through single legal actions (as search.pyx does); -1 at a decision before its
    roll (listed)."""
    cdef i64 n, guard = 0
    n = listed(C, st, acts)
    while n == 1 and st[H_PHASE] == PHASE_MOVE and guard < 1000:
        st[H_SEQ] += 1
        C.R.play(st, C.R.tab, acts[0], NULL, 0)
        n = listed(C, st, acts)
        guard += 1
    return n


cdef i64 act(Ctx* C, i64* st, i64 a, i64* acts) noexcept nogil:
    st[H_SEQ] += 1
    C.R.play(st, C.R.tab, a, NULL, 0)
    return settled(C, st, acts)


# -- the value of a roll's rest: the mover's best way to play it, and rolls beyond -----------------------
cdef void turn(Ctx* C, i64 lv, i64 depth, double* out) noexcept nogil:
    """V of the state C.S[lv] (its legal actions in C.A[lv], C.NA[lv] of them):
    the mover maximises its equity over the rest of its roll; a roll reached
    with depth > 0 is expanded (`chance`, depth - 1), else valued by the
    network.  Past C.cap positions visited, positions are valued as they stand
    (and C.cut is set)."""
    cdef i64 size = C.size, n = C.n, i, me
    cdef i64* st = C.S + lv * size
    cdef i64* child
    cdef double* v = C.V + (lv + 1) * MAX_PLAYERS
    cdef double best = -INFINITY
    C.nodes += 1
    if st[H_PHASE] == PHASE_ROLL and depth > 0 and lv + 2 < LV and C.nodes <= C.cap:
        chance(C, lv, depth - 1, out)
        return
    if st[H_PHASE] != PHASE_MOVE or lv + 1 >= LV or C.nodes > C.cap or C.NA[lv] <= 0:
        if C.nodes > C.cap:
            C.cut = True
        if st[H_PHASE] == PHASE_ROLL and depth == 0:
            C.deeper = True
        leaf(C, st, out)
        return
    me = st[H_PLAYER]
    if C.R.compulsory != NULL:
        for i in range(C.NA[lv]):
            if C.R.compulsory(st, C.R.tab, C.A[lv * C.na + i]):
                C.A[lv * C.na] = C.A[lv * C.na + i]
                C.NA[lv] = 1
                break
    for i in range(C.NA[lv]):
        child = C.S + (lv + 1) * size
        memcpy(child, st, size * sizeof(i64))
        C.NA[lv + 1] = act(C, child, C.A[lv * C.na + i], C.A + (lv + 1) * C.na)
        if ((child[H_PHASE] == PHASE_MOVE and child[H_PLAYER] == me and not before_roll(child))
                or (child[H_PHASE] == PHASE_ROLL and depth > 0)):
            turn(C, lv + 1, depth, v)
        else:
            if child[H_PHASE] == PHASE_ROLL:
                C.deeper = True
            leaf(C, child, v)
        if v[me] > best:
            best = v[me]
            memcpy(out, v, n * sizeof(double))


cdef void chance(Ctx* C, i64 lv, i64 depth, double* out) noexcept nogil:
    """The average over every roll of the state C.S[lv] (at a roll) of V after
    it (its roller's rest of the roll searched, `depth` rolls more beyond)."""
    cdef i64 t = n_outcomes(C.R), o, p, n = C.n
    cdef double w, total = outcome_total(C.R)
    cdef i64 values[MAX_DICE]
    cdef double* v = C.V + (lv + 1) * MAX_PLAYERS
    cdef double acc[MAX_PLAYERS]
    cdef i64* child = C.S + (lv + 1) * C.size
    for p in range(n):
        acc[p] = 0.0
    for o in range(t):
        w = outcome(C.R, o, values)
        memcpy(child, C.S + lv * C.size, C.size * sizeof(i64))
        set_dice(C.R, child, values, NULL, 0)
        C.NA[lv + 1] = settled(C, child, C.A + (lv + 1) * C.na)
        turn(C, lv + 1, depth, v)
        for p in range(n):
            acc[p] += v[p] * w / total
    for p in range(n):
        out[p] = acc[p]


cdef void value_at(Ctx* C, i64 lv, const i64* st, double* out) noexcept nogil:
    """V(st) with the search's state at level lv (its legal actions listed here)."""
    cdef i64* s = C.S + lv * C.size
    memcpy(s, st, C.size * sizeof(i64))
    C.NA[lv] = 0
    if s[H_PHASE] == PHASE_MOVE:
        settle(C.R, &C.W, s, NULL, 0, C.A + lv * C.na, &C.NA[lv])     # a decision is worth its best action
    C.nodes = 0
    C.cap = NODE_CAP
    turn(C, lv, 0, out)


cdef void after_action(Ctx* C, const i64* st, i64 a, i64 depth, i64 cap, double* out) noexcept nogil:
    """V after the mover's action a in st, searched `depth` rolls beyond its roll within cap positions.
    Where the action ends the turn at a decision before the next roll (Kimbo's fence move), the position
    is valued as it stands, as the search values a roll it does not expand."""
    cdef i64* child = C.S + C.size
    memcpy(child, st, C.size * sizeof(i64))
    C.NA[1] = act(C, child, a, C.A + C.na)
    C.nodes = 0
    C.cap = cap
    C.cut = False
    if before_roll(child):
        leaf(C, child, out)
        return
    turn(C, 1, depth, out)


cdef i64 best_action(Ctx* C, const i64* st, const i64* acts, i64 n, i64 width, i64 depth, i64 budget,
                     double* vals) noexcept nogil:
    """Index of the mover's best action: every action by the rest of its roll
    (vals[i * MAX_PLAYERS + p]); then the best `width` of them again one roll
    deeper at a time, up to `depth` rolls beyond this one, while a depth's
    search of each keeps within `budget` positions (a depth cut short is
    dropped for the last one completed) and left a roll unexpanded."""
    cdef i64 me = st[H_PLAYER], i, j, best = 0, k, d, pick
    cdef double v[MAX_PLAYERS]
    cdef double b
    cdef i64 top[16]
    cdef double topv[16]
    if C.R.compulsory != NULL:
        for i in range(n):
            if C.R.compulsory(<i64*>st, C.R.tab, acts[i]):
                return i
    for i in range(n):
        after_action(C, st, acts[i], 0, NODE_CAP, vals + i * MAX_PLAYERS)
        if vals[i * MAX_PLAYERS + me] > vals[best * MAX_PLAYERS + me]:
            best = i
    if width <= 0 or depth <= 0 or n == 1:
        return best
    width = min(width, 16, n)
    k = 0
    for i in range(n):     # the best `width` by the rest of the roll, kept in order
        j = k
        while j > 0 and vals[i * MAX_PLAYERS + me] > topv[j - 1]:
            if j < width:
                top[j] = top[j - 1]
                topv[j] = topv[j - 1]
            j -= 1
        if j < width:
            top[j] = i
            topv[j] = vals[i * MAX_PLAYERS + me]
            if k < width:
                k += 1
    for d in range(1, depth + 1):
        b = -INFINITY
        pick = best
        C.deeper = False
        for j in range(k):
            after_action(C, st, acts[top[j]], d, budget, v)
            if C.cut:
                return best
            if v[me] > b:
                b = v[me]
                pick = top[j]
        best = pick
        if not C.deeper:    # no roll was left unexpanded (Kimbo: each search ends at the next fence decision)
            break
    return best


# -- training --------------------------------------------------------------------------------------
cdef i64 choose(Ctx* C, const i64* st, const i64* acts, i64 n, double eps, i64 seed, i64 k, double* vals) noexcept nogil:
    cdef i64 some[SAMPLE]
    cdef i64 j, first
    if n == 1:
        return acts[0]
    if eps > 0 and draw(seed, 3 * k + 1, 1 << 30) < eps * (1 << 30):
        return acts[draw(seed, 3 * k + 2, n)]
    if n > SAMPLE:          # every (n / SAMPLE)-th action from a drawn first
        first = draw(seed, 3 * k, n)
        for j in range(SAMPLE):
            some[j] = acts[(first + j * n // SAMPLE) % n]
        return some[best_action(C, st, some, SAMPLE, 0, 0, 0, vals)]
    return acts[best_action(C, st, acts, n, 0, 0, 0, vals)]


cdef i64 play(Ctx* C, i64* st, i64 seed, double eps, i64 max_rolls, float* X, i64* obs, i64 cap) noexcept nogil:
    """Self-play st to its end (or max_rolls): the features of every position
    at a roll go to X (cap rows), its player to move to obs; returns how many."""
    cdef i64 values[MAX_DICE]
    cdef i64 n, T = 0, k = 0, i, rolls = 0
    cdef double* vals = <double*>malloc(C.na * MAX_PLAYERS * sizeof(double))
    cdef i64* acts = <i64*>malloc(C.na * sizeof(i64))
    if vals == NULL or acts == NULL:
        C.oom = True
        free(vals)
        free(acts)
        return 0
    settle(C.R, &C.W, st, NULL, 0, acts, &n)
    while st[H_PHASE] != PHASE_OVER and rolls < max_rolls:
        if st[H_PHASE] == PHASE_ROLL:
            if T < cap:
                features(C, st)
                for i in range(C.F):
                    X[T * C.F + i] = <float>C.x[i]
                obs[T] = st[H_PLAYER]
                T += 1
            for i in range(MAX_DICE):
                values[i] = 0
            draw_dice(C.R, seed, st[H_ROLLS] * 8, values)
            set_dice(C.R, st, values, NULL, 0)
            rolls += 1
        else:
            k += 1
            st[H_SEQ] += 1
            C.R.play(st, C.R.tab, choose(C, st, acts, n, eps, seed, k, vals), NULL, 0)
        settle(C.R, &C.W, st, NULL, 0, acts, &n)
    free(vals)
    free(acts)
    return T


cdef void learn(Ctx* C, double* W1, double* b1, double* W2, double* b2, const float* X, const i64* obs, i64 T,
                const double* final, double lam, double alpha, double* gh) noexcept nogil:
    """One pass of TD(lambda) (forward view) over a game's T positions, last first:
    targets G_t = (1-lam) V(t+1) + lam G_(t+1), G_T = the result (absolute rows, n x n)."""
    cdef i64 n = C.n, NO = C.NO, F = C.F, H = C.H, t, r, k, j, f, m
    cdef double G[MAX_PLAYERS * MAX_PLAYERS]
    cdef double Vn[MAX_PLAYERS * MAX_PLAYERS]
    cdef double d, xf
    cdef double* w
    memcpy(G, final, NO * sizeof(double))
    memcpy(Vn, final, NO * sizeof(double))
    t = T - 1
    while t >= 0:
        for r in range(NO):
            G[r] = (1.0 - lam) * Vn[r] + lam * G[r]
        for f in range(F):
            C.x[f] = X[t * F + f]
        forward(C)
        m = obs[t]
        for r in range(n):          # this position's value before its step: the next target's V(t+1)
            for k in range(n):
                Vn[((m + r) % n) * n + k] = C.o[r * n + k]
        for j in range(H):
            gh[j] = 0.0
        for r in range(n):
            for k in range(n):
                d = C.o[r * n + k] - G[((m + r) % n) * n + k]
                w = W2 + (r * n + k) * H
                for j in range(H):
                    gh[j] += d * w[j]
                    w[j] -= alpha * d * C.h[j]
                b2[r * n + k] -= alpha * d
        for j in range(H):
            gh[j] *= 1.0 - C.h[j] * C.h[j]
            b1[j] -= alpha * gh[j]
        for f in range(F):
            xf = C.x[f]
            if xf != 0.0:
                w = W1 + f * H
                for j in range(H):
                    w[j] -= alpha * xf * gh[j]
        t -= 1


# -- the Python face ------------------------------------------------------------------------------
cdef class Net:
    """A game's evaluator: its feature table and network weights, bound to
    the game's compiled engine.  Calls take their own scratch (thread-safe)."""
    cdef Engine engine
    cdef readonly i64 n, pieces, places, lo, span, F, H
    cdef readonly object cell, flag, vmap, W1, b1, W2, b2
    cdef i64[::1] _cell, _flag, _vmap
    cdef double[::1] _W1, _b1, _W2, _b2

    def __init__(self, Engine engine not None, i64 players, i64 pieces, i64 places, table, W1, b1, W2, b2):
        """table: (cell, flag, lo, vmap) (valuenet.feature_table), or None where the rules give the places."""
        cdef i64 lo = 0
        if not 2 <= players <= MAX_PLAYERS or not 1 <= pieces <= MAX_PIECES or places < 2:
            raise ValueError("an evaluator is for 2 to %d players with 1 to %d pieces each" % (MAX_PLAYERS, MAX_PIECES))
        if (table is None) != (engine.R.places != NULL):
            raise ValueError("this game's rules give the places: it has no feature table" if table is not None else
                             "this game's evaluator reads the state's cells: it needs a feature table")
        if table is None:       # the rules fill C.where: no cells to read
            cell = flag = np.full(players * pieces, -1, np.int64)
            vmap = np.full(1, -1, np.int64)
        else:
            cell, flag, lo, vmap = table
        self.engine = engine
        self.n, self.pieces, self.places, self.lo = players, pieces, places, lo
        self.cell = np.ascontiguousarray(cell, np.int64).ravel()
        self.flag = np.ascontiguousarray(flag, np.int64).ravel()
        self.vmap = np.ascontiguousarray(vmap, np.int64)
        self.span = self.vmap.shape[0]
        if self.cell.shape[0] != players * pieces or self.flag.shape[0] != players * pieces:
            raise ValueError("a state cell and a flag cell (or -1) for every piece of every player")
        if ((table is not None and (self.cell < 0).any()) or (self.cell >= engine.R.size).any()
                or (self.flag >= engine.R.size).any()):
            raise ValueError("the feature table names cells outside the game's state")
        if (self.vmap >= places).any():
            raise ValueError("the feature table names places beyond the game's %d" % places)
        self.F = self.features_count(players, places, engine.R.places != NULL)
        self.W1 = np.ascontiguousarray(W1, np.float64)
        self.H = self.W1.shape[1]
        self.b1 = np.ascontiguousarray(b1, np.float64).ravel()
        self.W2 = np.ascontiguousarray(W2, np.float64)
        self.b2 = np.ascontiguousarray(b2, np.float64).ravel()
        if (self.W1.shape[0] != self.F or self.b1.shape[0] != self.H or self.W2.shape[0] != players * players
                or self.W2.shape[1] != self.H or self.b2.shape[0] != players * players):
            raise ValueError("the weights do not fit %d features, %d players" % (self.F, players))
        self._cell, self._flag, self._vmap = self.cell, self.flag, self.vmap
        self._W1, self._b1 = self.W1.ravel(), self.b1
        self._W2, self._b2 = self.W2.ravel(), self.b2

    @staticmethod
    def features_count(i64 players, i64 places, bint extra=False):
        """Features of a game: `extra` where its rules give the places (and a number per player beside them)."""
        return players * places + (4 if extra else 3) * players + DICE_FEATURES

    @staticmethod
    def progress_features(i64 players, i64 places):
        """The features that say how far each player has come, the mover's first, the others' in turn order:
        its share of pieces in the last place (home; Kimbo's centre) and their mean place."""
        return [(r * places + places - 1, players * places + players + r) for r in range(players)]

    cdef int open(self, Ctx* C) except -1:
        cdef const Rules* R = &self.engine.R
        C.R = R
        C.size, C.na, C.n, C.F, C.H, C.NO = R.size, R.max_actions, self.n, self.F, self.H, self.n * self.n
        C.places, C.pieces, C.lo, C.span = self.places, self.pieces, self.lo, self.span
        C.teams = self.n // 2 if self.n >= 4 and R.mate[0] != 0 else 0
        C.cell, C.flag, C.vmap = &self._cell[0], &self._flag[0], &self._vmap[0]
        C.W1, C.b1, C.W2, C.b2 = &self._W1[0], &self._b1[0], &self._W2[0], &self._b2[0]
        C.nodes = 0
        C.cap = NODE_CAP
        C.cut = False
        C.oom = False
        C.W.sbuf = C.W.cbuf = C.W.vals = NULL
        C.x = <double*>calloc(C.F, sizeof(double))
        C.h = <double*>calloc(C.H, sizeof(double))
        C.o = <double*>calloc(C.NO, sizeof(double))
        C.where = <i64*>calloc(C.n * C.pieces, sizeof(i64))
        C.memo = <i64*>calloc(2 * C.size, sizeof(i64))
        C.extra = <double*>calloc(C.n, sizeof(double))
        C.nextra = C.n if R.places != NULL else 0
        C.S = <i64*>calloc(LV * C.size, sizeof(i64))
        C.A = <i64*>calloc(LV * C.na, sizeof(i64))
        C.NA = <i64*>calloc(LV, sizeof(i64))
        C.V = <double*>calloc((LV + 1) * MAX_PLAYERS, sizeof(double))
        if (C.x == NULL or C.h == NULL or C.o == NULL or C.where == NULL or C.memo == NULL or C.extra == NULL
                or C.S == NULL or C.A == NULL or C.NA == NULL or C.V == NULL):
            self.close(C)
            raise MemoryError()
        work_alloc(&C.W, R)
        return 0

    cdef void close(self, Ctx* C) noexcept:
        work_free(&C.W)
        free(C.x); free(C.h); free(C.o); free(C.where); free(C.memo); free(C.extra); free(C.S); free(C.A); free(C.NA); free(C.V)

    cdef i64* state(self, i64[::1] arr) except NULL:
        cdef i64* st = self.engine.state(arr)
        if st[H_NPLAYERS] != self.n:
            raise ValueError("this evaluator is for %d players, the position has %d" % (self.n, st[H_NPLAYERS]))
        return st

    def features(self, i64[::1] arr):
        """The feature vector of a position (seen from its player to move)."""
        cdef Ctx C
        cdef i64* st = self.state(arr)
        self.open(&C)
        try:
            features(&C, st)
            return np.array(<double[:C.F]>C.x)
        finally:
            self.close(&C)

    def place_probs(self, i64[::1] arr):
        """Each player's probabilities of each place (n x n, row p = player p) of the position as it stands
        (exact once the game is over)."""
        cdef Ctx C
        cdef i64* st = self.state(arr)
        out = np.zeros((self.n, self.n))
        cdef double[:, ::1] o = out
        self.open(&C)
        try:
            places_of(&C, st, &o[0, 0])
        finally:
            self.close(&C)
        return out

    def value(self, i64[::1] arr):
        """V of the position: every player's equity (at a decision: after the mover's best rest of the roll)."""
        cdef Ctx C
        cdef i64* st = self.state(arr)
        out = np.zeros(MAX_PLAYERS)
        cdef double[::1] o = out
        self.open(&C)
        try:
            with nogil:
                value_at(&C, 0, st, &o[0])
        finally:
            self.close(&C)
        return out[:self.n]

    def action_values(self, i64[::1] arr, const i64[::1] acts):
        """V after each of the mover's actions (rows: actions; columns: players)."""
        cdef Ctx C
        cdef i64* st = self.state(arr)
        cdef i64 n = acts.shape[0], i
        out = np.zeros((max(n, 1), MAX_PLAYERS))
        cdef double[:, ::1] o = out
        if st[H_PHASE] != PHASE_MOVE or n == 0:
            raise ValueError("action values are for a position where a move is to be chosen")
        self.open(&C)
        try:
            with nogil:
                for i in range(n):
                    after_action(&C, st, acts[i], 0, NODE_CAP, &o[i, 0])
        finally:
            self.close(&C)
        return out[:n, :self.n]

    def roll_values(self, i64[::1] arr):
        """V after each roll of the game's dice from a position at a roll (rows in State.chance_outcomes order)."""
        cdef Ctx C
        cdef i64* st = self.state(arr)
        cdef i64 t, o
        cdef i64 values[MAX_DICE]
        if st[H_PHASE] != PHASE_ROLL:
            raise ValueError("roll values are for a position where the dice are to be rolled")
        self.open(&C)
        t = n_outcomes(C.R)
        out = np.zeros((t, MAX_PLAYERS))
        cdef double[:, ::1] res = out
        try:
            with nogil:
                for o in range(t):
                    outcome(C.R, o, values)
                    memcpy(C.S + C.size, st, C.size * sizeof(i64))
                    set_dice(C.R, C.S + C.size, values, NULL, 0)
                    C.NA[1] = settled(&C, C.S + C.size, C.A + C.na)
                    C.nodes = 0
                    C.cap = NODE_CAP
                    turn(&C, 1, 0, &res[o, 0])
        finally:
            self.close(&C)
        return out[:, :self.n]

    def decide(self, i64[::1] arr, const i64[::1] acts, i64 width, i64 depth=1, i64 budget=20000):
        """The mover's best action among acts by the rest of its roll, the best `width` again by `depth`
        rolls more (deepening one roll at a time while a search keeps within `budget` positions)."""
        cdef Ctx C
        cdef i64* st = self.state(arr)
        cdef i64 n = acts.shape[0], pick
        if not 0 < n <= self.engine.R.max_actions:
            raise ValueError("a bot chooses among 1 to %d actions, not %d" % (self.engine.R.max_actions, n))
        vals = np.zeros(n * MAX_PLAYERS)
        cdef double[::1] v = vals
        self.open(&C)
        try:
            with nogil:
                pick = best_action(&C, st, &acts[0], n, width, depth, budget, &v[0])
            if C.oom:
                raise MemoryError()
        finally:
            self.close(&C)
        return acts[pick]

    def train(self, i64[:, ::1] starts, i64[::1] seeds, double eps, double lam, double alpha, i64 max_rolls=5000):
        """TD(lambda) self-play: one game from each start position (rows) with dice from its seed; the
        weights change in place.  Returns the rolls of each game."""
        cdef Ctx C
        cdef i64 g, T, cap = max_rolls, i
        cdef double final[MAX_PLAYERS * MAX_PLAYERS]
        cdef i64* st
        if starts.shape[1] != self.engine.R.size or seeds.shape[0] != starts.shape[0]:
            raise ValueError("a start state and a seed per game")
        X = np.zeros((cap, self.F), np.float32)
        obs = np.zeros(cap, np.int64)
        gh = np.zeros(self.H)
        rolls = np.zeros(starts.shape[0], np.int64)
        cdef float[:, ::1] Xv = X
        cdef i64[::1] ov = obs, rv = rolls
        cdef double[::1] ghv = gh
        cdef i64[::1] row
        self.open(&C)
        try:
            for g in range(starts.shape[0]):
                row = starts[g]
                st = self.state(row)
                with nogil:
                    T = play(&C, st, seeds[g], eps, max_rolls, &Xv[0, 0], &ov[0], cap)
                    rv[g] = T
                    if st[H_PHASE] == PHASE_OVER:
                        result_places(&C, st, final)
                    else:                   # cut short: its last position's own value is the target
                        places_of(&C, st, final)
                    learn(&C, &self._W1[0], &self._b1[0], &self._W2[0], &self._b2[0], &Xv[0, 0], &ov[0], T,
                          final, lam, alpha, &ghv[0])
                if C.oom:
                    raise MemoryError()
        finally:
            self.close(&C)
        return rolls

    def sample(self, i64[::1] start, i64 seed, double eps, i64 max_rolls=5000):
        """Play one self-play game (weights unchanged): (the place probabilities of every position at a roll,
        T x players x places with row p for player p, who was to roll at each, the final place distribution,
        whether the game ended)."""
        cdef Ctx C
        cdef i64* st = self.state(start)
        cdef i64 T, t, p, k, n = self.n, m
        X = np.zeros((max_rolls, self.F), np.float32)
        obs = np.zeros(max_rolls, np.int64)
        cdef float[:, ::1] Xv = X
        cdef i64[::1] ov = obs
        final = np.zeros((n, n))
        cdef double[:, ::1] fv = final
        self.open(&C)
        try:
            with nogil:
                T = play(&C, st, seed, eps, max_rolls, &Xv[0, 0], &ov[0], max_rolls)
                result_places(&C, st, &fv[0, 0])
            probs = np.zeros((T, n, n))
            for t in range(T):
                for k in range(self.F):
                    C.x[k] = Xv[t, k]
                forward(&C)
                m = ov[t]
                for p in range(n):
                    for k in range(n):
                        probs[t, (m + p) % n, k] = C.o[p * n + k]
            if C.oom:
                raise MemoryError()
        finally:
            self.close(&C)
        return probs, obs[:T].copy(), final, st[H_PHASE] == PHASE_OVER
