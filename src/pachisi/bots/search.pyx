# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False
"""The bots' thinking, compiled: one-ply greedy choice, expectimax over the
dice for any number of players, Monte Carlo tree search with greedy
rollouts, and a game loop that lets compiled bots play whole games.

The bots call the game's rules only through its `Rules` struct (the game's
`Engine`, kernel.pxd) and the core's `set_dice`/`settle`, so they know
nothing of any game's rules and work for every registered game.  They work
on copies of the state array and never see the game's own dice stream.

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
from libc.math cimport INFINITY, log, sqrt, isnan
from libc.stdint cimport uint64_t
from libc.stdlib cimport calloc, free, malloc, realloc
from libc.string cimport memcpy

from pachisi.engine.kernel cimport (
    Engine, Rules, Work, i64, wins, work_alloc, work_free, set_dice, settle, legal, draw, mix64,
    draw_die, n_outcomes, outcome, outcome_total, weighted_outcome,
    H_NPLAYERS, H_NFIN, order_at, H_PHASE, H_PLAYER, H_ROLLS, H_SEQ, H_WINNER, MAX_DICE, MAX_PLAYERS,
    PHASE_MOVE, PHASE_OVER, PHASE_ROLL)

# -- a bot as a row of parameters --------------------------------------------------
cpdef enum:
    BOT_RANDOM = 0
    BOT_GREEDY = 1
    BOT_EXPECTIMAX = 2
    BOT_MCTS = 3

cpdef enum:
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

cpdef enum:
    LEVELS_MAX = 64     # levels of one expectimax search (decisions and rolls)
    ROLLOUT_CAP = 64    # a rollout's greedy move looks at this many actions at most (a sample of the rest)
    PATH_MAX = 4096     # nodes on one simulation's path down the tree
    EDGES_MAX = 1 << 21 # edges an MCTS tree may grow to (16 bytes each)

cdef double WIN = 1e7   # added to a winner's evaluation at a leaf
WIN_VALUE = WIN

# search node kinds, and the steps of the iterative expectimax
cdef enum:
    N_DECISION = 0
    N_CHANCE = 1
    N_OVER = 2
    ENTER = 0
    STEP = 1
    ABSORB = 2


# -- helpers ----------------------------------------------------------------------------
cdef i64 position_seed(const i64* st, i64 size, i64 seed) noexcept nogil:
    """The bot's seed mixed with the position: its random stream in that position."""
    cdef uint64_t h = mix64(<uint64_t>seed)
    cdef i64 i
    for i in range(size):
        h = mix64(h ^ <uint64_t>(st[i] & 0x7FFFFFFFFFFFFFFFLL))
    return <i64>(h >> 2)


cdef inline i64 sub_seed(i64 seed, i64 k) noexcept nogil:
    """The k-th seed derived from seed."""
    return <i64>(mix64(<uint64_t>seed + <uint64_t>k * <uint64_t>0x632BE59BD9B4E019ULL) >> 2)


cdef i64 dice_of(const Rules* R, i64 seed, const i64* st, i64* values) noexcept nogil:
    """The roll that seed's stream holds for st (drawn as State.next_roll and
    the kernel's playout draw it); returns its chance outcome index."""
    cdef i64 r = st[H_ROLLS], o = 0, i, j
    for i in range(R.ndice):
        values[i] = draw_die(R, i, seed, r * 8 + i, &j)
        o = o * R.nfaces[i] + j
    return o


cdef i64 pick_best(const double* vals, i64 n, i64 seed) noexcept nogil:
    """Index of the best of vals[:n], ties (to 1e-9) broken by the seed."""
    cdef double best = vals[0], tol
    cdef i64 i, m, j
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


cdef inline bint before(double a, double b) noexcept nogil:
    """a sorts before b (numpy's order: NaN last)."""
    return a < b or (isnan(b) and not isnan(a))


cdef void stable_argsort(const double* keys, i64 n, i64* order) noexcept nogil:
    """order[:n]: the indices of keys[:n] ascending, equal keys in index order
    (as numpy's stable argsort)."""
    cdef i64 i, j, x
    for i in range(n):
        x = i
        j = i
        while j > 0 and before(keys[x], keys[order[j - 1]]):
            order[j] = order[j - 1]
            j -= 1
        order[j] = x


# -- a search's context: the rules, the core's look-ahead scratch, the work units used --------
cdef struct Ctx:
    const Rules* R
    Work W
    i64 cnt             # work units used
    i64* order          # best_first's sort indices (max_actions)
    bint oom            # an allocation failed
    i64* legal_buf      # when not NULL (a test's checked search): act() checks each action against
    i64 illegal         # the state's own legal actions, and counts those that are not


cdef int ctx_init(Ctx* C, const Rules* R) except -1:
    C.R = R
    C.cnt = 0
    C.oom = False
    C.legal_buf = NULL
    C.illegal = 0
    C.W.sbuf = C.W.cbuf = C.W.vals = NULL
    C.order = <i64*>calloc(R.max_actions, sizeof(i64))
    if C.order == NULL:
        raise MemoryError()
    work_alloc(&C.W, R)
    return 0


cdef void ctx_free(Ctx* C) noexcept nogil:
    work_free(&C.W)
    free(C.order)
    free(C.legal_buf)
    C.order = C.legal_buf = NULL


# -- applying actions and rolls ---------------------------------------------------------------
cdef i64 settled(Ctx* C, i64* st, i64* acts) noexcept nogil:
    """Settle st after an action or a roll and play through single legal
    actions; the number of legal actions in acts (0 unless PHASE_MOVE)."""
    cdef const Rules* R = C.R
    cdef i64 n, guard = 0
    settle(R, &C.W, st, NULL, 0, acts, &n)
    while n == 1 and st[H_PHASE] == PHASE_MOVE and guard < 1000:
        st[H_SEQ] += 1
        R.play(st, R.tab, acts[0], NULL, 0)
        settle(R, &C.W, st, NULL, 0, acts, &n)
        guard += 1
    return n


cdef i64 act(Ctx* C, i64* st, i64 a, i64* acts) noexcept nogil:
    """Play action a on st; the legal actions after it go to acts."""
    cdef i64 i, n
    if C.legal_buf != NULL:
        n = legal(C.R, &C.W, st, C.legal_buf)
        for i in range(n):
            if C.legal_buf[i] == a:
                break
        else:
            C.illegal += 1
    C.cnt += 1
    st[H_SEQ] += 1
    C.R.play(st, C.R.tab, a, NULL, 0)
    return settled(C, st, acts)


cdef i64 roll(Ctx* C, i64* st, const i64* values, i64* acts) noexcept nogil:
    """The chance outcome `values` on st; the legal actions after it go to acts."""
    C.cnt += 1
    set_dice(C.R, st, values, NULL, 0)
    return settled(C, st, acts)


cdef void leaf(Ctx* C, i64* st, double* res) noexcept nogil:
    """Every player's value of st: the game's evaluation, and a win above all
    (a work unit per player evaluated)."""
    cdef i64 p
    C.cnt += st[H_NPLAYERS]
    for p in range(st[H_NPLAYERS]):
        res[p] = C.R.evaluate(st, C.R.tab, p) + (WIN if wins(C.R, st, p) else 0.0)


# -- one ply --------------------------------------------------------------------------------------
cdef inline i64 ply_index(i64 j, i64 m, i64 n, i64 cap, i64 seed) noexcept nogil:
    return j if m == n or j < cap // 2 else cap // 2 + draw(seed, 100 + j, n - cap // 2)


cdef i64 one_ply(Ctx* C, const i64* st, const i64* acts, i64 n, i64 cap, i64 seed, i64* child,
                 double* f) noexcept nogil:
    """The action after which the game's evaluation is best for the mover,
    as the kernel's compiled greedy policy judges it (just after the action);
    with cap > 0 and more actions than that, the best of the first cap/2 and
    cap/2 others drawn from the seed."""
    cdef const Rules* R = C.R
    cdef i64 me = st[H_PLAYER], m, j, i
    m = n if cap <= 0 or n <= cap else cap
    for j in range(m):
        i = ply_index(j, m, n, cap, seed)
        memcpy(child, st, R.size * sizeof(i64))
        R.play(child, R.tab, acts[i], NULL, 0)
        C.cnt += 1
        f[j] = R.evaluate(child, R.tab, me) + (WIN if wins(R, child, me) else 0.0)
    j = pick_best(f, m, seed)
    return acts[ply_index(j, m, n, cap, seed)]


cdef i64 greedy(Ctx* C, const i64* st, const i64* acts, i64 n, double blunder, i64 seed) noexcept nogil:
    """The greedy bot: one ply over every action; with probability `blunder`
    a random action instead."""
    cdef i64 pick
    if blunder > 0 and draw(seed, 1, (<i64>1) << 30) < blunder * ((<i64>1) << 30):
        return acts[draw(seed, 2, n)]
    cdef i64* child = <i64*>malloc(C.R.size * sizeof(i64))
    cdef double* f = <double*>malloc(n * sizeof(double))
    if child == NULL or f == NULL:
        free(child)
        free(f)
        C.oom = True
        return acts[0]
    pick = one_ply(C, st, acts, n, 0, seed, child, f)
    free(child)
    free(f)
    return pick


cdef i64 best_first(Ctx* C, const i64* st, i64* acts, i64 n, i64 keep, i64* child, i64* scratch,
                    double* f, double* res) noexcept nogil:
    """Order acts[:n] by the mover's value one ply on (after settling), best
    first, and keep the best `keep` of them (0: all); returns how many."""
    cdef i64 me = st[H_PLAYER], i, m
    cdef i64* order = C.order
    for i in range(n):
        memcpy(child, st, C.R.size * sizeof(i64))
        act(C, child, acts[i], scratch)
        leaf(C, child, res)
        f[i] = -res[me]
    stable_argsort(f, n, order)
    m = n if keep <= 0 or keep > n else keep
    for i in range(m):
        scratch[i] = acts[order[i]]
    for i in range(m):
        acts[i] = scratch[i]
    return m


# -- expectimax -----------------------------------------------------------------------------------
cdef struct Search:
    # per level: states, legal actions, values per player, dice, scratch values,
    # the frame (kind, children, next child, depth, roller), best so far; the root's scores
    i64 size
    i64 na
    i64* S
    i64* A
    double* V
    i64* D
    double* F
    i64* FI
    double* FB
    double* scores


cdef bint search_alloc(Search* T, const Rules* R) noexcept nogil:
    T.size = R.size
    T.na = R.max_actions
    T.S = <i64*>calloc((LEVELS_MAX + 1) * R.size, sizeof(i64))
    T.A = <i64*>calloc((LEVELS_MAX + 1) * R.max_actions, sizeof(i64))
    T.V = <double*>calloc((LEVELS_MAX + 1) * MAX_PLAYERS, sizeof(double))
    T.D = <i64*>calloc((LEVELS_MAX + 1) * MAX_DICE, sizeof(i64))
    T.F = <double*>calloc((LEVELS_MAX + 1) * R.max_actions, sizeof(double))
    T.FI = <i64*>calloc((LEVELS_MAX + 1) * 5, sizeof(i64))
    T.FB = <double*>calloc(LEVELS_MAX + 1, sizeof(double))
    T.scores = <double*>calloc(R.max_actions, sizeof(double))
    return not (T.S == NULL or T.A == NULL or T.V == NULL or T.D == NULL or T.F == NULL or T.FI == NULL
                or T.FB == NULL or T.scores == NULL)


cdef void search_free(Search* T) noexcept nogil:
    free(T.S)
    free(T.A)
    free(T.V)
    free(T.D)
    free(T.F)
    free(T.FI)
    free(T.FB)
    free(T.scores)


cdef bint emax(Ctx* C, Search* T, i64 n, i64 depth, i64 roller, i64 lv0, i64 full_depth, i64 width,
               i64 samples, i64 seed, i64 budget) noexcept nogil:
    """Values of T's state S[lv0] for every player into V[lv0] (max^n
    expectimax; its n legal actions are in A[lv0]).  Iterative, one frame a
    level.  Returns False when the work budget ran out first.

    `depth` counts the chance nodes still to expand; once it is 0 the search
    stops at the next roll, or as soon as a player other than `roller` (whose
    roll this is) is to decide.  Chance nodes with depth `full_depth` weigh
    every roll, deeper ones draw `samples` rolls (0: every roll), the same
    ones at every node of a depth."""
    cdef i64 size = T.size, na = T.na
    cdef i64 t = n_outcomes(C.R), total = outcome_total(C.R)
    cdef i64 lv = lv0, mode = ENTER, phase, p, me, i
    cdef double den
    cdef i64* st
    cdef i64* child
    cdef i64* FI
    cdef double* V = T.V
    while True:
        if budget > 0 and C.cnt > budget:
            return False
        if mode == ENTER:
            st = T.S + lv * size
            phase = st[H_PHASE]
            if (phase == PHASE_OVER or lv + 1 >= LEVELS_MAX
                    or (depth == 0 and (phase == PHASE_ROLL or st[H_PLAYER] != roller))):
                leaf(C, st, V + lv * MAX_PLAYERS)
                if lv == lv0:
                    return True
                lv -= 1
                mode = ABSORB
                continue
            FI = T.FI + lv * 5
            FI[2] = 0
            FI[3] = depth
            FI[4] = roller
            if phase == PHASE_ROLL:
                FI[0] = N_CHANCE
                FI[1] = t if samples <= 0 or samples >= t or depth == full_depth else samples
                for p in range(MAX_PLAYERS):
                    V[lv * MAX_PLAYERS + p] = 0.0
            else:
                if width > 0 and n > width:
                    n = best_first(C, st, T.A + lv * na, n, width, T.S + (lv + 1) * size, T.A + (lv + 1) * na,
                                   T.F + lv * na, V + (lv + 1) * MAX_PLAYERS)
                FI[0] = N_DECISION
                FI[1] = n
                T.FB[lv] = -INFINITY
            mode = STEP
            continue
        FI = T.FI + lv * 5
        if mode == ABSORB:
            if FI[0] == N_CHANCE:
                # every roll weighed by its probability, or drawn as often as it comes
                den = total if FI[1] == t else FI[1]
                for p in range(MAX_PLAYERS):
                    V[lv * MAX_PLAYERS + p] += V[(lv + 1) * MAX_PLAYERS + p] * T.FB[lv] / den
            else:
                me = T.S[lv * size + H_PLAYER]
                if V[(lv + 1) * MAX_PLAYERS + me] > T.FB[lv]:
                    T.FB[lv] = V[(lv + 1) * MAX_PLAYERS + me]
                    for p in range(MAX_PLAYERS):
                        V[lv * MAX_PLAYERS + p] = V[(lv + 1) * MAX_PLAYERS + p]
            mode = STEP
            continue
        i = FI[2]
        if i >= FI[1]:
            if lv == lv0:
                return True
            lv -= 1
            mode = ABSORB
            continue
        FI[2] = i + 1
        child = T.S + (lv + 1) * size
        memcpy(child, T.S + lv * size, size * sizeof(i64))
        if FI[0] == N_CHANCE:
            if FI[1] == t:
                T.FB[lv] = outcome(C.R, i, T.D + lv * MAX_DICE)
            else:
                # the same rolls at every chance node of this depth: siblings are
                # compared on equal luck
                weighted_outcome(C.R, draw(seed, 1000 * FI[3] + i, total), T.D + lv * MAX_DICE)
                T.FB[lv] = 1.0
            n = roll(C, child, T.D + lv * MAX_DICE, T.A + (lv + 1) * na)
            depth = FI[3] - 1
            roller = T.S[lv * size + H_PLAYER]
        else:
            n = act(C, child, T.A[lv * na + i], T.A + (lv + 1) * na)
            depth = FI[3]
            roller = FI[4]
        lv += 1
        mode = ENTER


cdef i64 _expectimax(Ctx* C, const i64* st, const i64* acts, i64 n, i64 depth, i64 width, i64 samples,
                    i64 budget, i64 seed, i64* depth_done) noexcept nogil:
    """The action of st's player that is best by expectimax to `depth` rolls,
    deepening one roll at a time: a depth whose search passes `budget` work
    units (0: no limit) is abandoned for the last one completed, and one
    that would, growing as much as the last depth grew, is not begun (the
    rest of the current roll is always searched).
    Returns the action; depth_done receives the depth completed (C.cnt: the work used)."""
    cdef Search T
    cdef i64 size = C.R.size, na = C.R.max_actions
    cdef i64 me = st[H_PLAYER], i, d, n2, choice, done, last, prev
    cdef i64* root
    cdef bint complete
    depth_done[0] = -1
    if not search_alloc(&T, C.R):
        search_free(&T)
        C.oom = True
        return acts[0]
    memcpy(T.S, st, size * sizeof(i64))
    root = T.A
    for i in range(n):
        root[i] = acts[i]
    if width > 0 and n > width:
        n = best_first(C, st, root, n, width, T.S + size, T.A + na, T.F, T.V + MAX_PLAYERS)
    choice = root[0]
    done = -1
    last = 0
    prev = 0
    for d in range(depth + 1):
        if d >= 2 and budget > 0 and <double>C.cnt + <double>last * (<double>last / <double>max(prev, 1)) > <double>budget:
            break                       # the next depth would not fit: it grows as the last did
        prev = last
        last = C.cnt
        complete = True
        for i in range(n):
            memcpy(T.S + size, st, size * sizeof(i64))
            n2 = act(C, T.S + size, root[i], T.A + na)
            if not emax(C, &T, n2, d, me, 1, d, width, samples, seed, budget if d > 0 else 0):
                complete = False
                break
            T.scores[i] = T.V[MAX_PLAYERS + me]
        if not complete:
            break
        last = C.cnt - last
        choice = root[pick_best(T.scores, n, seed)]
        done = d
    search_free(&T)
    depth_done[0] = done
    return choice


# -- Monte Carlo tree search ------------------------------------------------------------------------
cdef struct Tree:
    # nodes: kind, player, visits, first edge, edge count, children made, value sums per player;
    # edges: action (or roll index at a chance node), child node or -1; the counts
    i64 nodes
    i64 edges
    i64* kind
    i64* player
    i64* visits
    i64* first
    i64* nedge
    i64* made
    double* total
    i64* eact
    i64* echild
    i64 nnodes
    i64 nedges
    i64 edges_max       # the edge pool grows up to this
    bint full           # a node could not be added: the tree grows no more


cdef bint tree_alloc(Tree* tr, i64 nodes, i64 edges, i64 edges_max) noexcept nogil:
    cdef i64 i
    tr.nodes = nodes
    tr.edges = edges
    tr.edges_max = max(edges, edges_max)
    tr.nnodes = tr.nedges = 0
    tr.full = False
    tr.kind = <i64*>calloc(nodes, sizeof(i64))
    tr.player = <i64*>calloc(nodes, sizeof(i64))
    tr.visits = <i64*>calloc(nodes, sizeof(i64))
    tr.first = <i64*>calloc(nodes, sizeof(i64))
    tr.nedge = <i64*>calloc(nodes, sizeof(i64))
    tr.made = <i64*>calloc(nodes, sizeof(i64))
    tr.total = <double*>calloc(nodes * MAX_PLAYERS, sizeof(double))
    tr.eact = <i64*>calloc(edges, sizeof(i64))
    tr.echild = <i64*>malloc(edges * sizeof(i64))
    if (tr.kind == NULL or tr.player == NULL or tr.visits == NULL or tr.first == NULL or tr.nedge == NULL
            or tr.made == NULL or tr.total == NULL or tr.eact == NULL or tr.echild == NULL):
        return False
    for i in range(edges):
        tr.echild[i] = -1
    return True


cdef void tree_free(Tree* tr) noexcept nogil:
    free(tr.kind)
    free(tr.player)
    free(tr.visits)
    free(tr.first)
    free(tr.nedge)
    free(tr.made)
    free(tr.total)
    free(tr.eact)
    free(tr.echild)


cdef bint tree_room(Tree* tr, i64 m) noexcept nogil:
    """Whether a node of m edges fits, the edge pool doubling (up to edges_max)
    when it must; once one does not, the tree is full for good."""
    cdef i64 size, i
    cdef i64* eact
    cdef i64* echild
    if tr.full:
        return False
    if tr.nnodes < tr.nodes and tr.nedges + m > tr.edges and tr.nedges + m <= tr.edges_max:
        size = min(max(2 * tr.edges, tr.nedges + m), tr.edges_max)
        eact = <i64*>realloc(tr.eact, size * sizeof(i64))
        if eact != NULL:
            tr.eact = eact
            echild = <i64*>realloc(tr.echild, size * sizeof(i64))
            if echild != NULL:
                tr.echild = echild
                for i in range(tr.edges, size):
                    echild[i] = -1
                tr.edges = size
    tr.full = tr.nnodes >= tr.nodes or tr.nedges + m > tr.edges
    return not tr.full


cdef i64 n_edges(const Rules* R, const i64* st, i64 n) noexcept nogil:
    """The edges of st's node: its n actions at a decision, every roll at a chance node."""
    return n if st[H_PHASE] == PHASE_MOVE else n_outcomes(R) if st[H_PHASE] == PHASE_ROLL else 0


cdef i64 mcts_add(Ctx* C, Tree* tr, const i64* st, const i64* acts, i64 n) noexcept nogil:
    """Add the node of st, whose n legal actions are in acts (best first);
    -1 when the tree is full."""
    cdef i64 phase = st[H_PHASE], k, m = n_edges(C.R, st, n), node, i
    k = N_OVER if phase == PHASE_OVER else N_CHANCE if phase == PHASE_ROLL else N_DECISION
    if not tree_room(tr, m):
        return -1
    node = tr.nnodes
    tr.nnodes += 1
    tr.kind[node] = k
    tr.player[node] = st[H_PLAYER]
    tr.first[node] = tr.nedges
    tr.nedge[node] = m
    for i in range(m):
        tr.eact[tr.nedges + i] = acts[i] if k == N_DECISION else i
    tr.nedges += m
    return node


cdef struct MWork:
    # scratch of one search: two states, actions, values, the path, dice
    i64* child
    i64* base
    i64* acts
    i64* scratch
    double* f
    double res[MAX_PLAYERS]
    i64* path
    i64 values[MAX_DICE]


cdef bint mwork_alloc(MWork* M, const Rules* R) noexcept nogil:
    cdef i64 p
    M.child = <i64*>calloc(R.size, sizeof(i64))
    M.base = <i64*>calloc(R.size, sizeof(i64))
    M.acts = <i64*>calloc(R.max_actions, sizeof(i64))
    M.scratch = <i64*>calloc(R.max_actions, sizeof(i64))
    M.f = <double*>calloc(R.max_actions, sizeof(double))
    M.path = <i64*>calloc(PATH_MAX, sizeof(i64))
    for p in range(MAX_PLAYERS):
        M.res[p] = 0.0
    return not (M.child == NULL or M.base == NULL or M.acts == NULL or M.scratch == NULL or M.f == NULL
                or M.path == NULL)


cdef void mwork_free(MWork* M) noexcept nogil:
    free(M.child)
    free(M.base)
    free(M.acts)
    free(M.scratch)
    free(M.f)
    free(M.path)


cdef void rollout(Ctx* C, i64* st, i64 n, i64* acts, i64 rolls, i64 first_roll, i64 seed, MWork* M) noexcept nogil:
    """Play on from st (n legal actions in acts) with the greedy policy for
    `rolls` rolls (0: to the end of the game): the first roll is the chance
    outcome numbered first_roll (when >= 0), later ones come from seed's
    stream (as in State.roll, so that rollouts on one seed meet the same dice)."""
    cdef i64 made = 0, k = 0
    while st[H_PHASE] != PHASE_OVER:
        if st[H_PHASE] == PHASE_ROLL:
            if rolls > 0 and made >= rolls:
                return
            if first_roll >= 0 and made == 0:
                outcome(C.R, first_roll, M.values)
            else:
                dice_of(C.R, seed, st, M.values)
            n = roll(C, st, M.values, acts)
            made += 1
        else:
            k += 1
            n = act(C, st, one_ply(C, st, acts, n, ROLLOUT_CAP, sub_seed(seed, k), M.child, M.f), acts)


cdef i64 expand(Ctx* C, Tree* tr, i64* st, i64* n, i64 width, MWork* M) noexcept nogil:
    """The new node of st, whose n[0] legal actions are in M.acts (at a
    decision first ordered best first and cut to the best `width`), or -1 when
    the tree has no room for it: st is then judged without a node, by the
    rollout from its own legal actions, as standard MCTS does."""
    cdef i64 m = n_edges(C.R, st, n[0])
    if st[H_PHASE] == PHASE_MOVE and 0 < width < m:
        m = width
    if not tree_room(tr, m):
        return -1
    if st[H_PHASE] == PHASE_MOVE:
        n[0] = best_first(C, st, M.acts, n[0], width, M.child, M.scratch, M.f, M.res)
    return mcts_add(C, tr, st, M.acts, n[0])


cdef void simulate(Ctx* C, Tree* tr, i64 node, i64* st, i64 n, double explore, i64 rolls, i64 width, i64 seed,
                   i64 first_roll, MWork* M) noexcept nogil:
    """One simulation from `node` (-1: none, the tree was full), whose state
    is st (changed; n legal actions in M's action buffer): down the tree by
    UCT, each node's player maximising its own value; the first roll is the
    chance outcome numbered `first_roll`, later ones come from seed's stream;
    one node added while the tree has room; a greedy rollout from the state
    reached; the values at its end (M.res) backed up the path."""
    cdef i64* acts = M.acts
    cdef i64* path = M.path
    cdef i64 plen = 0, k, e0, e, o, me, j, c, i, nd, p
    cdef double lo, hi, q, span, lnn, best, u
    if node >= 0:
        path[0] = node
        plen = 1
    while node >= 0 and plen < PATH_MAX:
        k = tr.kind[node]
        if k == N_OVER:
            break
        e0 = tr.first[node]
        if k == N_CHANCE:
            if first_roll >= 0:
                o = first_roll
                outcome(C.R, o, M.values)
                first_roll = -1
            else:
                o = dice_of(C.R, seed, st, M.values)
            n = roll(C, st, M.values, acts)
            e = e0 + o
        elif tr.made[node] < tr.nedge[node] and not (tr.full and tr.made[node] > 0):
            e = e0 + tr.made[node]          # a new child: the next action in best-first order
            n = act(C, st, tr.eact[e], acts)
        else:
            # UCT on the children's mean values for this node's player, scaled
            # to 0..1 between the worst and the best child (values are in the
            # game's evaluation units)
            me = tr.player[node]
            lo = INFINITY
            hi = -INFINITY
            for j in range(e0, e0 + tr.made[node]):
                c = tr.echild[j]
                q = tr.total[c * MAX_PLAYERS + me] / tr.visits[c]
                lo = min(lo, q)
                hi = max(hi, q)
            span = hi - lo if hi > lo else 1.0
            lnn = log(<double>max(tr.visits[node], 1))
            best = -INFINITY
            e = e0
            for j in range(e0, e0 + tr.made[node]):
                c = tr.echild[j]
                u = (tr.total[c * MAX_PLAYERS + me] / tr.visits[c] - lo) / span + explore * sqrt(lnn / tr.visits[c])
                if u > best:
                    best = u
                    e = j
            n = act(C, st, tr.eact[e], acts)
            node = tr.echild[e]
            path[plen] = node
            plen += 1
            continue
        c = tr.echild[e]
        if c < 0:
            c = expand(C, tr, st, &n, width, M)
            if c >= 0:
                tr.echild[e] = c
                if k == N_DECISION:
                    tr.made[node] += 1
                path[plen] = c
                plen += 1
            break
        node = c
        path[plen] = c
        plen += 1
    rollout(C, st, n, acts, rolls, first_roll, seed, M)
    leaf(C, st, M.res)
    for i in range(plen):
        nd = path[i]
        tr.visits[nd] += 1
        for p in range(MAX_PLAYERS):
            tr.total[nd * MAX_PLAYERS + p] += M.res[p]


cdef i64 root_order(Ctx* C, const i64* st, const i64* acts, i64 n, i64 width, i64* order) noexcept nogil:
    """The root's actions best first by one ply into order, the best `width`
    of them (0: all); returns how many.  Its work is not counted."""
    cdef MWork M
    cdef i64 i, m, cnt = C.cnt
    for i in range(n):
        order[i] = acts[i]
    if not mwork_alloc(&M, C.R):
        mwork_free(&M)
        C.oom = True
        return n
    m = best_first(C, st, order, n, width, M.child, M.scratch, M.f, M.res)
    mwork_free(&M)
    C.cnt = cnt
    return m


cdef i64 _mcts(Ctx* C, const i64* st, const i64* acts, i64 n, i64 iterations, double explore, i64 rolls,
              i64 width, i64 budget, i64 seed, i64 nodes, i64 edges, i64* made) noexcept nogil:
    """Monte Carlo tree search from st, whose n legal actions are in acts
    (best first).  The root shares `iterations` simulations out by sequential
    halving: in each round every surviving action gets the same simulations,
    on the same dice (common random numbers: actions are compared on equal
    luck), and the worse half is dropped.  The first roll of a round's j-th
    simulation is the j-th chance outcome, so that with as many simulations
    as rolls each action meets every roll once.  A round stops early once it
    has used its share of the work budget (0: no limit).  Below the root the
    tree grows by UCT.  An action is judged by the simulations through it,
    counted at the root (a root child the full tree cannot hold is judged by
    its rollouts alone).

    The tree holds a node per simulation: the rounds run at most iterations
    + 2n of them (a round gives every survivor at least one), so by default
    (`nodes` 0) it never runs out of nodes; its edges (`edges` 0: as many as
    `width` needs per node) double when a wider node comes, up to EDGES_MAX.
    A full tree grows no more: a simulation then ends at the first state
    without a node and judges it by a rollout from its own legal actions.
    Returns the action left at the end (C.cnt: the work used; made: the
    nodes and edges made, and 1 if the tree filled)."""
    cdef i64 t = n_outcomes(C.R)
    cdef i64 per_node = max(t, width if width > 0 else 64)
    cdef i64 me = st[H_PLAYER], rounds, left, r, start, m, per, share, used, j, i, e, n2, c, keep, pick
    cdef Tree tr
    cdef MWork M
    cdef i64* alive = <i64*>malloc(max(n, 1) * sizeof(i64))
    cdef i64* nxt = <i64*>malloc(max(n, 1) * sizeof(i64))
    cdef i64* order = <i64*>malloc(max(n, 1) * sizeof(i64))
    cdef double* score = <double*>calloc(max(n, 1), sizeof(double))
    cdef double* neg = <double*>calloc(max(n, 1), sizeof(double))
    cdef double* rsum = <double*>calloc(max(n, 1), sizeof(double))
    cdef i64* rcount = <i64*>calloc(max(n, 1), sizeof(i64))
    if nodes <= 0:
        nodes = iterations + 3 * n + 2
    cdef bint ok = tree_alloc(&tr, nodes, edges if edges > 0 else n + nodes * per_node,
                              edges if edges > 0 else EDGES_MAX)
    ok = mwork_alloc(&M, C.R) and ok
    if (not ok or alive == NULL or nxt == NULL or order == NULL or score == NULL or neg == NULL
            or rsum == NULL or rcount == NULL):
        C.oom = True
        pick = acts[0]
    else:
        mcts_add(C, &tr, st, acts, n)
        for i in range(n):
            alive[i] = i
        m = n
        rounds = 1
        while ((<i64>1) << rounds) < n:
            rounds += 1
        left = iterations
        r = 0
        start = 0
        while m > 1:
            per = max(1, (left // max(rounds - r, 1)) // m)
            share = (budget - C.cnt) // max(rounds - r, 1)
            used = C.cnt
            for j in range(per):
                for i in range(m):
                    e = alive[i]
                    memcpy(M.base, st, C.R.size * sizeof(i64))
                    n2 = act(C, M.base, tr.eact[e], M.acts)
                    if tr.echild[e] < 0:
                        c = expand(C, &tr, M.base, &n2, width, &M)     # may move tr.echild: then store
                        tr.echild[e] = c
                    simulate(C, &tr, tr.echild[e], M.base, n2, explore, rolls, width,
                             sub_seed(seed, start + j), (start + j) % t, &M)
                    rsum[e] += M.res[me]
                    rcount[e] += 1
                left -= m
                if budget > 0 and C.cnt - used > share:
                    break
            start += per
            for i in range(m):
                score[i] = rsum[alive[i]] / max(rcount[alive[i]], 1)
            r += 1
            keep = (m + 1) // 2
            for i in range(m):
                neg[i] = -score[i]
            stable_argsort(neg, m, order)
            for i in range(keep):
                nxt[i] = alive[order[i]]
            for i in range(keep):
                alive[i] = nxt[i]
            m = keep
        pick = tr.eact[tr.first[0] + alive[0]]
    made[0], made[1], made[2] = tr.nnodes, tr.nedges, tr.full
    tree_free(&tr)
    mwork_free(&M)
    free(alive)
    free(nxt)
    free(order)
    free(score)
    free(neg)
    free(rsum)
    free(rcount)
    return pick


# -- any bot, and whole games between bots --------------------------------------------------------
cdef i64 _decide(Ctx* C, const i64* st, const i64* acts, i64 n, const double* bot, i64 seed) noexcept nogil:
    """The action that the bot described by the parameter row `bot` plays in st."""
    cdef const Rules* R = C.R
    cdef i64 i, s, kind, m, pick
    cdef i64 done
    cdef i64 made[3]
    cdef i64* order
    if n == 1:
        return acts[0]
    if R.compulsory != NULL:
        for i in range(n):
            if R.compulsory(<i64*>st, R.tab, acts[i]):
                return acts[i]
    s = position_seed(st, R.size, seed)
    kind = <i64>bot[P_KIND]
    if kind == BOT_RANDOM:
        return acts[draw(s, 0, n)]
    if kind == BOT_GREEDY:
        return greedy(C, st, acts, n, bot[P_BLUNDER], s)
    C.cnt = 0
    if kind == BOT_EXPECTIMAX:
        return _expectimax(C, st, acts, n, <i64>bot[P_DEPTH], <i64>bot[P_WIDTH], <i64>bot[P_SAMPLES],
                          <i64>bot[P_WORK], s, &done)
    order = <i64*>malloc(R.max_actions * sizeof(i64))
    if order == NULL:
        C.oom = True
        return acts[0]
    m = root_order(C, st, acts, n, <i64>bot[P_WIDTH], order)
    pick = _mcts(C, st, order, m, <i64>bot[P_ITERATIONS], bot[P_EXPLORE], <i64>bot[P_ROLLOUT],
                <i64>bot[P_WIDTH], <i64>bot[P_WORK], s, 0, 0, made)
    free(order)
    return pick


cdef void _play_game(Ctx* C, i64* st, i64 dice_seed, const double* bots, const i64* seats, const i64* bot_seeds,
                    i64 max_rolls, i64* out, i64 nout, i64* acts) noexcept nogil:
    """Play st to its end: row seats[p] of bots decides for player p with seed
    bot_seeds[p]; dice from dice_seed's stream (as State.roll).
    out receives rolls, decisions, then the finishing order (-1 padded)."""
    cdef const Rules* R = C.R
    cdef i64 values[MAX_DICE]
    cdef i64 n, i, p, a
    for i in range(nout):
        out[i] = -1
    out[0] = 0
    out[1] = 0
    settle(R, &C.W, st, NULL, 0, acts, &n)      # a game may start with a decision
    while st[H_PHASE] != PHASE_OVER and out[0] < max_rolls:
        if st[H_PHASE] == PHASE_ROLL:
            dice_of(R, dice_seed, st, values)
            out[0] += 1
            set_dice(R, st, values, NULL, 0)
        else:
            p = st[H_PLAYER]
            a = _decide(C, st, acts, n, bots + seats[p] * NPARAMS, bot_seeds[p])
            if C.oom:
                return
            out[1] += 1
            st[H_SEQ] += 1
            R.play(st, R.tab, a, NULL, 0)
        settle(R, &C.W, st, NULL, 0, acts, &n)
    for i in range(st[H_NFIN]):
        out[2 + i] = st[order_at(i)]
    if st[H_NFIN] == 0 and st[H_WINNER] >= 0:
        out[2] = st[H_WINNER]


# -- the Python face ------------------------------------------------------------------------
cdef const Rules* rules_of(Engine engine, i64[::1] arr) except NULL:
    """The game's rules, once arr is checked to be a state of the game."""
    engine.state(arr)
    return &engine.R


cdef i64* copy_acts(const Rules* R, const i64[::1] acts) except NULL:
    """acts in a buffer of the game's max_actions (freed by the caller)."""
    cdef i64 n = acts.shape[0], i
    if not 0 < n <= R.max_actions:
        raise ValueError("a bot chooses among 1 to %d actions, not %d" % (R.max_actions, n))
    cdef i64* buf = <i64*>calloc(R.max_actions, sizeof(i64))
    if buf == NULL:
        raise MemoryError()
    for i in range(n):
        buf[i] = acts[i]
    return buf


def decide(Engine engine not None, i64[::1] arr, const i64[::1] acts, const double[::1] bot, i64 seed):
    """The action that the bot described by the parameter row `bot` (NPARAMS
    numbers) plays in the state arr among its legal actions `acts`; arr is left
    as it was."""
    cdef const Rules* R = rules_of(engine, arr)
    cdef Ctx C
    cdef i64 pick, n = acts.shape[0]
    if bot.shape[0] < NPARAMS:
        raise ValueError("a bot is a row of %d numbers" % NPARAMS)
    cdef i64* buf = copy_acts(R, acts)
    try:
        ctx_init(&C, R)
        with nogil:
            pick = _decide(&C, &arr[0], buf, n, &bot[0], seed)
        if C.oom:
            raise MemoryError()
    finally:
        ctx_free(&C)
        free(buf)
    return pick


def expectimax(Engine engine not None, i64[::1] arr, const i64[::1] acts, i64 depth, i64 width, i64 samples,
               i64 budget, i64 seed):
    """The expectimax bot's search (see the C function) with the seed as it
    is (not mixed with the position): (action, depth completed, work used)."""
    cdef const Rules* R = rules_of(engine, arr)
    cdef Ctx C
    cdef i64 pick, done, n = acts.shape[0]
    cdef i64* buf = copy_acts(R, acts)
    try:
        ctx_init(&C, R)
        with nogil:
            pick = _expectimax(&C, &arr[0], buf, n, depth, width, samples, budget, seed, &done)
        if C.oom:
            raise MemoryError()
    finally:
        ctx_free(&C)
        free(buf)
    return pick, done, C.cnt


def mcts(Engine engine not None, i64[::1] arr, const i64[::1] acts, i64 iterations, double explore, i64 rolls,
         i64 width, i64 budget, i64 seed, i64 nodes=0, i64 edges=0, bint checked=False):
    """The MCTS bot's search (see the C function) on acts as given (not
    ordered first) with the seed as it is: (action, work used, tree), tree
    {"nodes", "edges": made, "full": whether a node found no room, "illegal":
    actions played that were not legal where they were played}.  `nodes`
    and `edges` (0: the search's own sizes; edges then grow) make a smaller
    tree, to see a full one at work; `checked` checks every action the
    search plays against the legal actions of its state (else "illegal" is 0)."""
    cdef const Rules* R = rules_of(engine, arr)
    cdef Ctx C
    cdef i64 pick, n = acts.shape[0]
    cdef i64 made[3]
    if nodes < 0 or edges < 0 or 0 < edges < n:
        raise ValueError("a tree holds at least its root: nodes >= 1, edges >= %d (0: the search's own sizes)" % n)
    cdef i64* buf = copy_acts(R, acts)
    try:
        ctx_init(&C, R)
        if checked:
            C.legal_buf = <i64*>calloc(R.max_actions, sizeof(i64))
            if C.legal_buf == NULL:
                raise MemoryError()
        with nogil:
            pick = _mcts(&C, &arr[0], buf, n, iterations, explore, rolls, width, budget, seed, nodes, edges, made)
        if C.oom:
            raise MemoryError()
    finally:
        ctx_free(&C)
        free(buf)
    return pick, C.cnt, {"nodes": made[0], "edges": made[1], "full": bool(made[2]), "illegal": C.illegal}


def play_game(Engine engine not None, i64[::1] arr, i64 dice_seed, const double[:, ::1] bots,
              const i64[::1] seats, const i64[::1] bot_seeds, i64 max_rolls, i64[::1] out):
    """Play the state arr (changed) to its end: row seats[p] of `bots` decides
    for player p with seed bot_seeds[p]; dice from dice_seed's stream (as
    State.roll).  out (2 + MAX_PLAYERS numbers) receives rolls, decisions,
    then the finishing order (-1 padded)."""
    cdef const Rules* R = rules_of(engine, arr)
    cdef Ctx C
    cdef i64 np_ = arr[H_NPLAYERS], p
    if bots.shape[1] != NPARAMS:
        raise ValueError("a bot is a row of %d numbers" % NPARAMS)
    if out.shape[0] < 2 + MAX_PLAYERS:
        raise ValueError("out holds 2 + MAX_PLAYERS numbers")
    if seats.shape[0] < np_ or bot_seeds.shape[0] < np_:
        raise ValueError("a seat and a seed for every player")
    for p in range(np_):
        if not 0 <= seats[p] < bots.shape[0]:
            raise ValueError("seat %d: no bot %d" % (p, seats[p]))
    cdef i64* acts = <i64*>calloc(R.max_actions, sizeof(i64))
    if acts == NULL:
        raise MemoryError()
    try:
        ctx_init(&C, R)
        with nogil:
            _play_game(&C, &arr[0], dice_seed, &bots[0, 0], &seats[0], &bot_seeds[0], max_rolls,
                      &out[0], out.shape[0], acts)
        if C.oom:
            raise MemoryError()
    finally:
        ctx_free(&C)
        free(acts)
    return out
