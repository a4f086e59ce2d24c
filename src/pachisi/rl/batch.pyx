"""N games of one game stepped by one compiled call: the batched environment
behind rl.vector (docs/rl.md, "The batched environment").

Each game is a row of a states array; a step takes one action index per
game, plays it, rolls the dice from the game's seeded stream, lets the
compiled opponents move until the agent's next decision (or the end), starts
a new game where one ended (its seed from the batch's seed, the game's index
and its episode count), and writes each game's observation, action mask,
reward, terminated and truncated flags into the caller's numpy buffers.  It
calls the game's rules only through its Rules struct (kernel.pxd), as the
compiled bots do, so it knows no game: the observation is written from a
Spec that rl.vector builds from what the game declares for rl.spaces' Observer,
and a test checks it byte for byte against the Observer.

The opponents are compiled policies: random, or greedy (the game's
evaluation one ply on, a win above all) with a blunder probability, which
is what the levels 1 to 4 are; with self_play every seat is the agent's."""
from libc.stdint cimport uint64_t
from libc.stdlib cimport calloc, free
from libc.string cimport memcpy, memset

import numpy as np

from pachisi.engine.kernel cimport (EV_CAPTURED, EV_WIDTH, H_DICE, H_NFIN, H_NPLAYERS, order_at, H_PHASE,
                                    H_PLAYER, H_ROLL0, H_ROLLS, H_SEQ, H_WINNER, MAX_DICE, MAX_EVENTS,
                                    MAX_PLAYERS, PHASE_MOVE, PHASE_OVER, PHASE_ROLL, Engine, Rules, Work, draw,
                                    draw_dice, i64, legal, mix64, rolloff, set_dice, settle, wins, work_alloc, work_free)

cpdef enum:
    OP_FLAGS = 1        # plane: per player +r and piece, 1.0 where st[base + player * pieces + piece] != 0
    OP_SLOTS = 2        # plane: per player +r, one-hot of st[base + seat * count + i] over `slots` (-1: none)
    OP_COUNT = 3        # feature: min(st[a], b) / b
    OP_CLAIM = 4        # features: st[a] = 1 + offender (0: none) -> a flag, the offender +r, the pieces in st[b]
    OP_STAGE = 5        # features: one-hot of min(st[a], b) while a decision is asked
    MAX_OPS = 4
    MAX_BLOCKS = 8
    KIND_RANDOM = 0
    KIND_GREEDY = 1
    KIND_AGENT = 2
    FIRST_ROLLOFF = 0
    FIRST_SEAT0 = 1

cdef double WIN = 1e7


cdef struct Op:
    i64 code, a, b, c


cdef struct Spec:
    # the observation: where each part starts in the row and what it reads
    i64 size, seats, pieces, places, pos, lut_lo, lut_span
    const i64* lut              # per player, raw place - lut_lo -> index in the one-hot, -1 none
    i64 rows                    # the colours observed: the players, then a colour nobody plays (a neutral one)
    i64 at_planes, at_dice, at_roll, at_in, at_fin, at_feat
    double dice_scale           # a die's value is divided by it (rl.spaces.dice_scale)
    i64 nplanes, nfeat
    Op planes[MAX_OPS]
    Op feat[MAX_OPS]
    i64 seat_of[MAX_PLAYERS]
    # the action space: blocks of slot x piece x kind (rl.spaces.Block)
    i64 nblocks
    i64 b_slot0[MAX_BLOCKS]
    i64 b_nslot[MAX_BLOCKS]
    i64 b_piece0[MAX_BLOCKS]
    i64 b_npiece[MAX_BLOCKS]
    i64 b_kind0[MAX_BLOCKS]
    i64 b_nkind[MAX_BLOCKS]
    i64 b_off[MAX_BLOCKS]
    i64 n_actions


cdef struct Core:
    const Rules* R
    Spec S
    i64 n, size, na, players, max_rolls, first, places_reward, skip_forced, self_play, seat, illegal_ends
    double penalty
    i64 base_seed
    i64 kind[MAX_PLAYERS]
    double blunder[MAX_PLAYERS]
    const i64* start            # the starting position (before the first player is chosen)
    const i64* actions          # action index -> engine action
    i64* st                     # n x size
    i64* acts                   # n x na: the legal actions now
    i64* nacts
    i64* marked                 # n x na: the mask entries set last, cleared before the next
    i64* nmarked
    i64* gseed                  # the game's dice seed
    i64* bseed                  # the opponents' seed this episode
    i64* episode
    i64* k                      # the opponents' decisions so far this episode
    i64* length                 # the agent's steps this episode
    i64* captures


cdef inline i64 block_index(const Spec* S, i64 a) noexcept nogil:
    """The action index of an engine action, -1 outside the space."""
    cdef i64 slot = a & 7, piece = (a >> 3) & 31, kind = a >> 8, b, s, p, q
    for b in range(S.nblocks):
        s = slot - S.b_slot0[b]
        p = piece - S.b_piece0[b]
        q = kind - S.b_kind0[b]
        if 0 <= s < S.b_nslot[b] and 0 <= p < S.b_npiece[b] and 0 <= q < S.b_nkind[b]:
            return S.b_off[b] + (q * S.b_npiece[b] + p) * S.b_nslot[b] + s
    return -1


cdef void observe(const Spec* S, const i64* st, i64 me, float* out) noexcept nogil:
    """rl.spaces.Observer's vector of st seen from player me (the same bytes)."""
    cdef i64 n = st[H_NPLAYERS], r, q, c, v, i, j, at, w, s, off
    cdef const Op* op
    memset(out, 0, S.size * sizeof(float))
    for r in range(S.rows):
        q = (me + r) % n if r < n else r        # a colour nobody plays keeps its row after the players'
        for c in range(S.pieces):
            v = st[S.pos + q * S.pieces + c] - S.lut_lo
            if 0 <= v < S.lut_span:
                j = S.lut[q * S.lut_span + v]
                if j >= 0:
                    out[(r * S.pieces + c) * S.places + j] = 1.0
    at = S.at_planes
    for i in range(S.nplanes):
        op = &S.planes[i]
        if op.code == OP_FLAGS:
            for r in range(n):
                q = (me + r) % n
                for c in range(S.pieces):
                    out[at + r * S.pieces + c] = 1.0 if st[op.a + q * S.pieces + c] != 0 else 0.0
            at += S.seats * S.pieces
        else:                   # OP_SLOTS: a = base, b = count per seat, c = slots
            for r in range(n):
                q = (me + r) % n
                for j in range(op.b):
                    s = st[op.a + S.seat_of[q] * op.b + j]
                    if s >= 0:
                        out[at + r * op.c + s] = 1.0
            at += S.seats * op.c
    for i in range(MAX_DICE):
        out[S.at_dice + i] = <float>(st[H_DICE + i] / S.dice_scale)
    if st[H_PHASE] != PHASE_ROLL:
        for i in range(MAX_DICE):
            out[S.at_roll + i] = <float>(st[H_ROLL0 + i] / S.dice_scale)
    for r in range(n):
        out[S.at_in + r] = 1.0
        q = (me + r) % n
        for i in range(st[H_NFIN]):
            if st[order_at(i)] == q:
                out[S.at_fin + r] = 1.0
    at = S.at_feat
    for i in range(S.nfeat):
        op = &S.feat[i]
        if op.code == OP_COUNT:
            out[at] = <float>(min(st[op.a], op.b) / <double>op.b)
            at += 1
        elif op.code == OP_CLAIM:
            if st[op.a]:
                out[at] = 1.0
                off = st[op.a] - 1
                out[at + 1 + ((off - me) % n + n) % n] = 1.0
                for c in range(S.pieces):
                    if (st[op.b] >> c) & 1:
                        out[at + 1 + S.seats + c] = 1.0
            at += 1 + S.seats + S.pieces
        else:                   # OP_STAGE
            if st[H_PHASE] == PHASE_MOVE:
                out[at + min(st[op.a], op.b)] = 1.0
            at += op.b + 1


cdef i64 unfinished_below(const i64* st, i64 p) noexcept nogil:
    """The players before p in seat order who have not finished (the unfinished are placed in seat order)."""
    cdef i64 q, i, n = 0
    cdef bint done
    for q in range(p):
        done = False
        for i in range(st[H_NFIN]):
            if st[order_at(i)] == q:
                done = True
        if not done:
            n += 1
    return n


cdef double team_reward(const Core* C, const i64* st, i64 p) noexcept nogil:
    """rl.core.Table.rewards in team play: partners share their team's reward; the teams are ranked as
    they finished (the finishing order holds partners side by side), the rest after them in team order."""
    cdef i64 n = st[H_NPLAYERS], nfin = st[H_NFIN], teams = n // 2, mate = C.R.mate[p], i, place = -1
    for i in range(nfin):
        if st[order_at(i)] == p or st[order_at(i)] == mate:
            place = i // 2
            break
    if place < 0:                       # team q is (q, q + teams): the unfinished teams in team order
        place = nfin // 2 + unfinished_below(st, min(p, mate))
    if C.places_reward:
        return 1.0 - 2.0 * place / (teams - 1)
    return 1.0 if place == 0 else -1.0


cdef double final_reward(const Core* C, const i64* st, i64 p) noexcept nogil:
    """rl.core.Table.rewards for player p: the winner +1, the others -1; with play_for_places the places;
    in team play the team's."""
    cdef i64 n = st[H_NPLAYERS], nfin = st[H_NFIN], i
    if st[H_PHASE] != PHASE_OVER:
        return 0.0
    if C.R.mate[p] != p:
        return team_reward(C, st, p)
    if C.places_reward and nfin >= n - 1:
        for i in range(nfin):
            if st[order_at(i)] == p:
                return 1.0 - 2.0 * i / (n - 1)
        return 1.0 - 2.0 * (nfin + unfinished_below(st, p)) / (n - 1)
    return 1.0 if st[H_WINNER] == p else -1.0


cdef i64 bot_choice(Core* C, Work* W, i64 i, i64* st, const i64* acts, i64 n) noexcept nogil:
    """A compiled opponent's pick: a compulsory action if any, else random or greedy (with its blunders);
    a win of its team counts as its own."""
    cdef const Rules* R = C.R
    cdef i64 me = st[H_PLAYER], j, m, pick, kk
    cdef i64 seed = C.bseed[i]
    cdef double best, v, tol
    cdef i64* child
    if n == 1:
        return acts[0]
    if R.compulsory != NULL:
        for j in range(n):
            if R.compulsory(st, R.tab, acts[j]):
                return acts[j]
    kk = C.k[i]
    C.k[i] += 1
    if C.kind[me] == KIND_RANDOM or (C.blunder[me] > 0 and
                                     draw(seed, 3 * kk, (<i64>1) << 30) < C.blunder[me] * ((<i64>1) << 30)):
        return acts[draw(seed, 3 * kk + 1, n)]
    child = W.sbuf + R.size
    best = -1e300
    for j in range(n):
        memcpy(child, st, R.size * sizeof(i64))
        R.play(child, R.tab, acts[j], NULL, 0)
        v = R.evaluate(child, R.tab, me) + (WIN if wins(R, child, me) else 0.0)
        W.vals[j] = j
        if v > best:
            best = v
        (<double*>W.cbuf)[j] = v
    tol = 1e-9 * max(1.0, abs(best))
    m = 0
    for j in range(n):
        if (<double*>W.cbuf)[j] >= best - tol:
            W.vals[m] = j
            m += 1
    pick = W.vals[draw(seed, 3 * kk + 2, m)]
    return acts[pick]


cdef void apply(Core* C, Work* W, i64 i, i64 a, i64* ev) noexcept nogil:
    """Play engine action a in game i and settle (the legal actions after it go to its acts)."""
    cdef const Rules* R = C.R
    cdef i64* st = C.st + i * C.size
    cdef i64 ne, j
    st[H_SEQ] += 1
    ne = R.play(st, R.tab, a, ev, 0)
    ne = settle(R, W, st, ev, ne, C.acts + i * C.na, &C.nacts[i])
    for j in range(min(ne, MAX_EVENTS)):
        if ev[j * EV_WIDTH] == EV_CAPTURED:
            C.captures[i] += 1


cdef bint advance(Core* C, Work* W, i64 i, i64* ev) noexcept nogil:
    """Roll and let the opponents move until the agent decides or the game ends;
    False when max_rolls cut the game short (truncated)."""
    cdef const Rules* R = C.R
    cdef i64* st = C.st + i * C.size
    cdef i64* acts = C.acts + i * C.na
    cdef i64 values[MAX_DICE]
    cdef i64 ne, j, p
    while st[H_PHASE] != PHASE_OVER:
        if st[H_PHASE] == PHASE_ROLL:
            if st[H_ROLLS] >= C.max_rolls:
                return False
            draw_dice(R, C.gseed[i], st[H_ROLLS] * 8, values)
            ne = set_dice(R, st, values, ev, 0)
            ne = settle(R, W, st, ev, ne, acts, &C.nacts[i])
            for j in range(min(ne, MAX_EVENTS)):
                if ev[j * EV_WIDTH] == EV_CAPTURED:
                    C.captures[i] += 1
            continue
        p = st[H_PLAYER]
        if C.self_play or p == C.seat:
            if C.skip_forced and C.nacts[i] == 1:
                apply(C, W, i, acts[0], ev)
                continue
            return True
        apply(C, W, i, bot_choice(C, W, i, st, acts, C.nacts[i]), ev)
    return True


cdef inline i64 episode_seed(i64 base, i64 i, i64 e, i64 salt) noexcept nogil:
    return <i64>(mix64(mix64(mix64(<uint64_t>base) + <uint64_t>i) + <uint64_t>e * 4 + <uint64_t>salt) >> 2)


cdef void new_game(Core* C, Work* W, i64 i, i64* ev) noexcept nogil:
    """Deal game i's next episode: its seeds, the start, the first player, the rolls up to a decision.
    A deal that ends, or reaches max_rolls, before the agent ever decides is no episode: the next is dealt."""
    cdef i64* st = C.st + i * C.size
    cdef i64 tries
    for tries in range(1000):
        C.gseed[i] = episode_seed(C.base_seed, i, C.episode[i], 0)
        C.bseed[i] = episode_seed(C.base_seed, i, C.episode[i], 1)
        C.episode[i] += 1
        C.k[i] = 0
        C.length[i] = 0
        C.captures[i] = 0
        memcpy(st, C.start, C.size * sizeof(i64))
        st[H_PLAYER] = 0 if C.first == FIRST_SEAT0 else rolloff(C.R, st, C.gseed[i])
        C.nacts[i] = legal(C.R, W, st, C.acts + i * C.na)
        if advance(C, W, i, ev) and st[H_PHASE] == PHASE_MOVE:
            return


cdef void write_out(Core* C, i64 i, float* obs, signed char* mask, i64* player) noexcept nogil:
    """Game i's observation (seen by the player to decide, or the agent's seat) and mask."""
    cdef i64* st = C.st + i * C.size
    cdef i64* acts = C.acts + i * C.na
    cdef i64* marked = C.marked + i * C.na
    cdef signed char* row = mask + i * C.S.n_actions
    cdef i64 me = st[H_PLAYER] if C.self_play else C.seat, j, x
    cdef bint asks = st[H_PHASE] == PHASE_MOVE and st[H_PLAYER] == me
    observe(&C.S, st, me, obs + i * C.S.size)
    for j in range(C.nmarked[i]):
        row[marked[j]] = 0
    C.nmarked[i] = 0
    if asks:
        for j in range(C.nacts[i]):
            x = block_index(&C.S, acts[j])
            if x >= 0:
                row[x] = 1
                marked[C.nmarked[i]] = x
                C.nmarked[i] += 1
    player[i] = me


cdef void step_one(Core* C, Work* W, i64 i, i64 index, float* obs, signed char* mask, float* reward, signed char* term,
                   signed char* trunc, signed char* illegal, i64* player, float* final_obs, float* final_rewards,
                   i64* lengths, i64* ev) noexcept nogil:
    cdef i64* st = C.st + i * C.size
    cdef i64* acts = C.acts + i * C.na
    cdef i64 a = -1, j, me, p
    cdef bint ok = False, cut = False, over
    me = st[H_PLAYER] if C.self_play else C.seat
    reward[i] = 0.0
    term[i] = trunc[i] = illegal[i] = 0
    if 0 <= index < C.S.n_actions and st[H_PHASE] == PHASE_MOVE:
        a = C.actions[index]
        for j in range(C.nacts[i]):
            if acts[j] == a:
                ok = True
                break
    if not ok:
        illegal[i] = 1
        if not C.illegal_ends:
            return              # the Python side raises; the game stays as it was
    C.length[i] += 1
    if not ok:
        reward[i] = <float>C.penalty
        over = True
        term[i] = 1
        if final_rewards != NULL:
            for p in range(C.players):
                final_rewards[i * C.players + p] = <float>C.penalty if p == me else 0.0
    else:
        apply(C, W, i, a, ev)
        cut = not advance(C, W, i, ev)
        over = st[H_PHASE] == PHASE_OVER
        if over:
            term[i] = 1
            reward[i] = <float>final_reward(C, st, me)
        elif cut:
            trunc[i] = 1
        if (over or cut) and final_rewards != NULL:
            for p in range(C.players):
                final_rewards[i * C.players + p] = <float>final_reward(C, st, p)
    if over or cut:
        if final_obs != NULL:
            observe(&C.S, st, me, final_obs + i * C.S.size)
        lengths[i] = C.length[i]
        new_game(C, W, i, ev)
    write_out(C, i, obs, mask, player)


cdef class BatchCore:
    """The compiled half of rl.vector.BatchEnv: the games, their seeds and the spec (built there)."""
    cdef Core C
    cdef Work* works
    cdef i64 nworks
    cdef object engine, _keep
    cdef readonly object states, acts, nacts, game_seeds, episodes, captures

    def __cinit__(self):
        self.works = NULL
        self.nworks = 0

    def __init__(self, Engine engine, i64 n, start, actions, lut, i64 lut_lo, dict layout, list planes,
                 list feats, seats, list blocks, kinds, blunders, i64 seat, bint self_play, i64 first,
                 bint places_reward, bint skip_forced, i64 max_rolls, bint illegal_ends, double penalty,
                 i64 threads):
        cdef Core* C = &self.C
        cdef Spec* S = &C.S
        cdef i64 i
        self.engine = engine
        C.R = &engine.R
        C.n, C.size, C.na = n, engine.R.size, engine.R.max_actions
        start = np.ascontiguousarray(start, np.int64)
        actions = np.ascontiguousarray(actions, np.int64)
        lut = np.ascontiguousarray(lut, np.int64)
        if start.shape[0] != C.size:
            raise ValueError("a state of this game has %d numbers, not %d" % (C.size, start.shape[0]))
        C.players = start[H_NPLAYERS]
        self.states = np.zeros((n, C.size), np.int64)
        self.acts = np.zeros((n, C.na), np.int64)
        self.nacts = np.zeros(n, np.int64)
        marked, nmarked = np.zeros((n, C.na), np.int64), np.zeros(n, np.int64)
        self.game_seeds = np.zeros(n, np.int64)
        bseed, self.episodes, k, length = (np.zeros(n, np.int64) for _ in range(4))
        self.captures = np.zeros(n, np.int64)
        self._keep = (start, actions, lut, marked, nmarked, bseed, k, length)
        C.start, C.actions = <const i64*><size_t>start.ctypes.data, <const i64*><size_t>actions.ctypes.data
        C.st, C.acts = <i64*><size_t>self.states.ctypes.data, <i64*><size_t>self.acts.ctypes.data
        C.nacts, C.marked = <i64*><size_t>self.nacts.ctypes.data, <i64*><size_t>marked.ctypes.data
        C.nmarked, C.gseed = <i64*><size_t>nmarked.ctypes.data, <i64*><size_t>self.game_seeds.ctypes.data
        C.bseed, C.episode = <i64*><size_t>bseed.ctypes.data, <i64*><size_t>self.episodes.ctypes.data
        C.k, C.length = <i64*><size_t>k.ctypes.data, <i64*><size_t>length.ctypes.data
        C.captures = <i64*><size_t>self.captures.ctypes.data
        S.lut = <const i64*><size_t>lut.ctypes.data
        S.lut_lo, S.lut_span, S.rows = lut_lo, lut.shape[1], lut.shape[0]
        S.size, S.seats, S.pieces, S.places, S.pos = (layout["size"], layout["seats"], layout["pieces"],
                                                      layout["places"], layout["pos"])
        S.at_planes, S.at_dice, S.at_roll = layout["at_planes"], layout["at_dice"], layout["at_roll"]
        S.at_in, S.at_fin, S.at_feat = layout["at_in"], layout["at_fin"], layout["at_feat"]
        S.dice_scale = layout["dice_scale"]
        if len(planes) > MAX_OPS or len(feats) > MAX_OPS or len(blocks) > MAX_BLOCKS:
            raise ValueError("too many observation parts or action blocks for the batched environment")
        S.nplanes, S.nfeat = len(planes), len(feats)
        for i, (code, a, b, c) in enumerate(planes):
            S.planes[i].code, S.planes[i].a, S.planes[i].b, S.planes[i].c = code, a, b, c
        for i, (code, a, b, c) in enumerate(feats):
            S.feat[i].code, S.feat[i].a, S.feat[i].b, S.feat[i].c = code, a, b, c
        for i in range(MAX_PLAYERS):
            S.seat_of[i] = seats[i] if i < len(seats) else 0
        S.nblocks = len(blocks)
        S.n_actions = 0
        for i, (s0, ns, p0, np_, k0, nk) in enumerate(blocks):
            S.b_slot0[i], S.b_nslot[i], S.b_piece0[i], S.b_npiece[i] = s0, ns, p0, np_
            S.b_kind0[i], S.b_nkind[i], S.b_off[i] = k0, nk, S.n_actions
            S.n_actions += ns * np_ * nk
        if S.n_actions != actions.shape[0]:
            raise ValueError("the action blocks make %d actions, the codec %d" % (S.n_actions, actions.shape[0]))
        for i in range(MAX_PLAYERS):
            C.kind[i] = kinds[i] if i < len(kinds) else KIND_AGENT
            C.blunder[i] = blunders[i] if i < len(blunders) else 0.0
        C.seat, C.self_play, C.first, C.places_reward = seat, self_play, first, places_reward
        C.skip_forced, C.max_rolls, C.illegal_ends, C.penalty = skip_forced, max_rolls, illegal_ends, penalty
        C.base_seed = 0
        self.nworks = max(1, threads)
        self.works = <Work*>calloc(self.nworks, sizeof(Work))
        if self.works == NULL:
            raise MemoryError()
        for i in range(self.nworks):
            work_alloc(&self.works[i], C.R)

    def __dealloc__(self):
        cdef i64 i
        if self.works != NULL:
            for i in range(self.nworks):
                work_free(&self.works[i])
            free(self.works)

    @property
    def obs_size(self):
        return self.C.S.size

    @property
    def n_actions(self):
        return self.C.S.n_actions

    def reset(self, i64 seed, i64 lo, i64 hi, i64 worker, float[:, ::1] obs, signed char[:, ::1] mask,
              i64[::1] player):
        """Deal a new episode to games lo..hi-1 (every game's episode count restarts with the seed)."""
        cdef Core* C = &self.C
        cdef Work* W = &self.works[worker]
        cdef i64 ev[MAX_EVENTS * EV_WIDTH]
        cdef i64 i
        C.base_seed = seed
        with nogil:
            for i in range(lo, hi):
                C.episode[i] = 0
                new_game(C, W, i, ev)
                write_out(C, i, &obs[0, 0], &mask[0, 0], &player[0])

    def step(self, const i64[::1] actions, i64 lo, i64 hi, i64 worker, float[:, ::1] obs, signed char[:, ::1] mask,
             float[::1] reward, signed char[::1] term, signed char[::1] trunc, signed char[::1] illegal, i64[::1] player,
             float[:, ::1] final_obs, float[:, ::1] final_rewards, i64[::1] lengths):
        """Step games lo..hi-1 with their actions; final_obs / final_rewards may be None."""
        cdef Core* C = &self.C
        cdef Work* W = &self.works[worker]
        cdef i64 ev[MAX_EVENTS * EV_WIDTH]
        cdef float* fo = &final_obs[0, 0] if final_obs is not None else NULL
        cdef float* fr = &final_rewards[0, 0] if final_rewards is not None else NULL
        cdef i64 i
        with nogil:
            for i in range(lo, hi):
                step_one(C, W, i, actions[i], &obs[0, 0], &mask[0, 0], &reward[0], &term[0], &trunc[0],
                         &illegal[0], &player[0], fo, fr, &lengths[0], ev)

    def observe(self, const i64[::1] arr, i64 me, float[::1] out):
        """The observation of any position of this game seen by player me (a test compares it to Observer's)."""
        if arr.shape[0] != self.C.size or out.shape[0] != self.C.S.size:
            raise ValueError("a state of %d numbers and a row of %d floats" % (self.C.size, self.C.S.size))
        observe(&self.C.S, &arr[0], me, &out[0])

    def action_index(self, i64 action):
        """The action index of an engine action (-1: outside the space)."""
        return block_index(&self.C.S, action)

    def dump(self):
        """The games in play (their states, legal lists, seeds and counters): what pickling keeps."""
        start, actions, lut, marked, nmarked, bseed, k, length = self._keep
        return {"base_seed": self.C.base_seed, "states": self.states.copy(), "acts": self.acts.copy(),
                "nacts": self.nacts.copy(), "marked": marked.copy(), "nmarked": nmarked.copy(),
                "game_seeds": self.game_seeds.copy(), "bseed": bseed.copy(), "episodes": self.episodes.copy(),
                "k": k.copy(), "length": length.copy(), "captures": self.captures.copy()}

    def load(self, dict data):
        """Put back what dump gave (into the same buffers)."""
        start, actions, lut, marked, nmarked, bseed, k, length = self._keep
        own = {"states": self.states, "acts": self.acts, "nacts": self.nacts, "marked": marked,
               "nmarked": nmarked, "game_seeds": self.game_seeds, "bseed": bseed, "episodes": self.episodes,
               "k": k, "length": length, "captures": self.captures}
        for name, arr in own.items():
            arr[...] = data[name]
        self.C.base_seed = data["base_seed"]
