# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False
"""Compiled core shared by every game: the state header, seeded dice, the
whole-roll look-ahead that turns single-die candidates into legal moves, and
the playout loop that simulations and benchmarks run.

A state is a flat int64 array: the header (kernel.pxd), then a region each
game lays out for itself.  A game supplies its rule functions in a `Rules`
struct (kernel.pxd): check, gen, play, begin, finish, potential, evaluate and
an optional compulsory, each a C function over the state and the game's frozen
tables.  A game's `Engine` subclass fills that struct when the Game is made;
every method below is then one call into compiled code.

Every action a game plays adds to st[H_SCORE]; the legal actions of a
decision are the candidates from which the best final score of the roll is
still reachable ("use as many dice as possible" and its relatives).
"""
from libc.stdlib cimport calloc, free
from libc.string cimport memcpy

import numpy as np

EV_NAMES = {
    EV_MOVED: "moved", EV_ENTERED: "entered", EV_CAPTURED: "captured",
    EV_SHELTERED: "sheltered", EV_JUMPED: "jumped", EV_EXTRA_ROLL: "extra_roll",
    EV_BURNED: "burned", EV_FINISHED: "finished", EV_WON: "won",
    EV_HOUSE: "house", EV_PASS: "pass", EV_REROLL: "reroll",
    EV_BONUS: "bonus", EV_PENALTY: "penalty",
    EV_CLAIM: "claim", EV_PUSHED: "pushed", EV_FLUSHED: "flushed", EV_FENCE: "fence",
}


def encode_action(i64 slot, i64 piece, i64 kind):
    """An action's number: slot | piece << 3 | kind << 8."""
    return encode(slot, piece, kind)


def decode_action(i64 a):
    """(slot, piece, kind) of an action's number."""
    return a_slot(a), a_piece(a), a_kind(a)


def order_index(i64 i):
    """The index in a state of slot i of its finishing order (order_at)."""
    return order_at(i)


def draw_number(i64 seed, i64 counter, i64 modulus):
    """The counter-th number of the seed's stream, in [0, modulus)."""
    return draw(seed, counter, modulus)


# -- scratch buffers ----------------------------------------------------------------------
cdef int work_alloc(Work* W, const Rules* R) except -1:
    W.sbuf = <i64*>calloc((MAX_DEPTH + 1) * R.size, sizeof(i64))
    W.cbuf = <i64*>calloc((MAX_DEPTH + 1) * R.max_actions, sizeof(i64))
    W.vals = <i64*>calloc(R.max_actions, sizeof(i64))
    if W.sbuf == NULL or W.cbuf == NULL or W.vals == NULL:
        raise MemoryError()
    return 0


cdef void work_free(Work* W) noexcept nogil:
    free(W.sbuf)
    free(W.cbuf)
    free(W.vals)
    W.sbuf = W.cbuf = W.vals = NULL


# -- rolls ------------------------------------------------------------------------------
cdef i64 set_dice(const Rules* R, i64* st, const i64* values, i64* ev, i64 ne) noexcept nogil:
    """A chance outcome: the roll is `values` (drawn, or given by a person)."""
    cdef i64 i, v
    st[H_NDICE] = R.ndice
    for i in range(MAX_DICE):
        v = values[i] if i < R.ndice else 0
        st[H_DICE + i] = v
        st[H_ROLL0 + i] = v
    st[H_ROLLS] += 1
    st[H_SEQ] += 1
    st[H_SCORE] = 0
    st[H_PHASE] = PHASE_MOVE
    return R.begin(st, R.tab, ev, ne)


cdef i64 draw_dice(const Rules* R, i64 seed, i64 counter, i64* values) noexcept nogil:
    """The roll the seed's stream holds at `counter` (die i at counter + i); returns the sum."""
    cdef i64 i, j, total = 0
    for i in range(R.ndice):
        values[i] = draw_die(R, i, seed, counter + i, &j)
        total += values[i]
    return total


# -- the look-ahead --------------------------------------------------------------------------
cdef i64 best_score(const Rules* R, Work* W, i64 n) noexcept nogil:
    """The best final score of the roll reachable from the state in row 0 of
    the scratch states, whose n candidates are in row 0 of the candidate rows
    (iterative search; stops early once the upper bound `potential` is reached)."""
    cdef i64 size = R.size, na = R.max_actions
    cdef i64* sbuf = W.sbuf
    cdef i64* cbuf = W.cbuf
    cdef i64 cap, best, d, a
    cdef i64* child
    if n == 0:
        return sbuf[H_SCORE]
    cap = R.potential(sbuf, R.tab)
    best = -1
    W.at[0] = 0
    W.count[0] = n
    d = 0
    while d >= 0:
        if W.at[d] >= W.count[d]:
            d -= 1
            continue
        a = cbuf[d * na + W.at[d]]
        W.at[d] += 1
        child = sbuf + (d + 1) * size
        memcpy(child, sbuf + d * size, size * sizeof(i64))
        R.play(child, R.tab, a, NULL, 0)
        n = R.gen(child, R.tab, cbuf + (d + 1) * na) if d + 2 < MAX_DEPTH else 0
        if n == 0:
            if child[H_SCORE] > best:
                best = child[H_SCORE]
                if best >= cap:
                    return best
        else:
            d += 1
            W.at[d] = 0
            W.count[d] = n
    return best


cdef i64 legal(const Rules* R, Work* W, i64* st, i64* out) noexcept nogil:
    """The legal actions: candidates that keep the best roll score reachable.
    When `potential` says no action can add to the score (a decision outside
    the dice, e.g. a fence move), every candidate is legal.  When it
    says one point is left, every candidate is legal too, without a
    look-ahead: the rules' contract is that every candidate then reaches
    that bound (it plays the last die, which scores 1), so a game of one
    die a roll never looks ahead."""
    cdef i64 n, i, m, best, v
    cdef i64* vals = W.vals
    cdef i64* child = W.sbuf
    if st[H_PHASE] != PHASE_MOVE:
        return 0
    n = R.gen(st, R.tab, out)
    if n <= 1 or R.potential(st, R.tab) <= st[H_SCORE] + 1:
        return n
    for i in range(n):
        vals[i] = out[i]
    best = -1
    for i in range(n):
        memcpy(child, st, R.size * sizeof(i64))
        R.play(child, R.tab, vals[i], NULL, 0)
        v = best_score(R, W, R.gen(child, R.tab, W.cbuf))
        out[R.max_actions - 1 - i] = v
        if v > best:
            best = v
    m = 0
    for i in range(n):
        if out[R.max_actions - 1 - i] == best:
            out[m] = vals[i]
            m += 1
    return m


cdef i64 settle(const Rules* R, Work* W, i64* st, i64* ev, i64 ne, i64* out, i64* nout) noexcept nogil:
    """After a roll or an action: end the roll while no action is left.
    `finish` either ends the roll or leaves the phase at PHASE_MOVE with new
    dice slots (a stage of the same roll, e.g. bonus moves), whose actions
    are then listed; it must not do so twice without giving an action.
    Returns the event count; nout receives the number of legal actions now in out."""
    cdef i64 n = legal(R, W, st, out)
    while n == 0 and st[H_PHASE] == PHASE_MOVE:
        ne = R.finish(st, R.tab, ev, ne)     # may open a new stage of the roll (bonus moves)
        n = legal(R, W, st, out)
    nout[0] = n
    return ne


# -- playing whole games ---------------------------------------------------------------------
cdef i64 choose(const Rules* R, Work* W, i64* st, i64 policy, i64 seed, i64 k, const i64* acts, i64 n) noexcept nogil:
    """Pick one of n legal actions for a compiled bot; k numbers the choice.
    An action the game makes compulsory (`compulsory`) is taken whatever the policy."""
    cdef i64 i, me, pick
    cdef double best, v
    cdef i64* child
    if n == 1:
        return acts[0]
    if R.compulsory != NULL:
        for i in range(n):
            if R.compulsory(st, R.tab, acts[i]):
                return acts[i]
    if policy == POLICY_RANDOM:
        return acts[draw(seed ^ 0x5DEECE66DLL, k, n)]
    me = st[H_PLAYER]
    best = -1e300
    pick = acts[0]
    child = W.sbuf + MAX_DEPTH * R.size
    for i in range(n):
        memcpy(child, st, R.size * sizeof(i64))
        R.play(child, R.tab, acts[i], NULL, 0)
        v = R.evaluate(child, R.tab, me) + 1e-6 * draw(seed ^ 0x2545F491LL, k * 131 + i, 1000)
        if v > best:
            best = v
            pick = acts[i]
    return pick


cdef bint playout(const Rules* R, Work* W, i64* st, i64 seed, const i64* policies, i64 max_rolls,
                  i64* stats) noexcept nogil:
    """Play st to the end with compiled bots, dice from the seed's stream.

    stats receives: [0] rolls, [1] actions, [2] captures, [3] the winner;
    returns False when max_rolls was reached first."""
    cdef i64 ev[MAX_EVENTS * EV_WIDTH]
    cdef i64 values[MAX_DICE]
    cdef i64 k = 0, n = 0, ne, j, a
    cdef i64* acts = <i64*>calloc(R.max_actions, sizeof(i64))
    if acts == NULL:
        return False
    n = legal(R, W, st, acts)           # a game may start with a decision
    while st[H_PHASE] != PHASE_OVER:
        if st[H_PHASE] == PHASE_ROLL:
            if stats[0] >= max_rolls:
                free(acts)
                return False
            draw_dice(R, seed, st[H_ROLLS] * 8, values)
            stats[0] += 1
            ne = set_dice(R, st, values, ev, 0)
        else:
            a = choose(R, W, st, policies[st[H_PLAYER]], seed, k, acts, n)
            k += 1
            stats[1] += 1
            st[H_SEQ] += 1
            ne = R.play(st, R.tab, a, ev, 0)
        ne = settle(R, W, st, ev, ne, acts, &n)
        for j in range(min(ne, MAX_EVENTS)):
            if ev[j * EV_WIDTH] == EV_CAPTURED:
                stats[2] += 1
    stats[3] = st[H_WINNER]
    free(acts)
    return True


cdef i64 rolloff(const Rules* R, const i64* st, i64 seed) noexcept nogil:
    """Who starts: every player rolls, the highest sum starts, ties roll again."""
    cdef i64 n = st[H_NPLAYERS], p, top, left, total
    cdef i64 alive[MAX_PLAYERS]
    cdef i64 sums[MAX_PLAYERS]
    cdef i64 values[MAX_DICE]
    cdef i64 counter = (<i64>1) << 40
    for p in range(n):
        alive[p] = 1
    left = n
    while left > 1:
        top = -1
        for p in range(n):
            sums[p] = -1
            if alive[p]:
                sums[p] = draw_dice(R, seed, counter, values)
                counter += 8
                if sums[p] > top:
                    top = sums[p]
        left = 0
        for p in range(n):
            alive[p] = 1 if sums[p] == top else 0
            left += alive[p]
    for p in range(n):
        if alive[p]:
            return p
    return 0


cdef void run_many(const Rules* R, Work* W, const i64* start, i64 seed0, i64 count, const i64* policies,
                   bint rotate, bint first_by_rolloff, i64 max_rolls, i64* out) noexcept nogil:
    """Play `count` games from the position `start` with seeds seed0, seed0+1, ...

    With `rotate`, game i seats policy (j + i) mod n at player j.  Row i of out
    (5 wide) receives rolls, actions, captures, winner (-1 when max_rolls cut
    it short) and the player the winner's policy came from."""
    cdef i64 n = start[H_NPLAYERS], i, j, seed, shift
    cdef i64 pol[MAX_PLAYERS]
    cdef i64 stats[4]
    cdef bint done
    cdef i64* st = <i64*>calloc(R.size, sizeof(i64))
    if st == NULL:
        return
    for i in range(count):
        seed = seed0 + i
        shift = i % n if rotate else 0
        for j in range(n):
            pol[j] = policies[(j + shift) % n]
        memcpy(st, start, R.size * sizeof(i64))
        if first_by_rolloff:
            st[H_PLAYER] = rolloff(R, st, seed)
        stats[0] = stats[1] = stats[2] = stats[3] = 0
        done = playout(R, W, st, seed, pol, max_rolls, stats)
        out[i * 5] = stats[0]
        out[i * 5 + 1] = stats[1]
        out[i * 5 + 2] = stats[2]
        out[i * 5 + 3] = stats[3] if done else -1
        out[i * 5 + 4] = (stats[3] + shift) % n if done else -1
    free(st)


cdef inline uint64_t fold(uint64_t h, const i64* xs, i64 n) noexcept nogil:
    cdef i64 i
    h = mix64(h ^ <uint64_t>n)
    for i in range(n):
        h = mix64(h ^ <uint64_t>xs[i])
    return h


cdef uint64_t trace(const Rules* R, Work* W, i64* st, i64 seed, i64 policy, i64 max_rolls) noexcept nogil:
    """Play st to the end as `playout` does (one policy for every seat) and
    return a digest of every legal list and every state array on the way:
    two engines that agree on it agree on the whole game."""
    cdef i64 ev[MAX_EVENTS * EV_WIDTH]
    cdef i64 values[MAX_DICE]
    cdef i64 k = 0, n = 0, ne, a, rolls = 0
    cdef uint64_t h = mix64(<uint64_t>seed)
    cdef i64* acts = <i64*>calloc(R.max_actions, sizeof(i64))
    if acts == NULL:
        return 0
    n = legal(R, W, st, acts)
    h = fold(h, acts, n)
    while st[H_PHASE] != PHASE_OVER and rolls < max_rolls:
        if st[H_PHASE] == PHASE_ROLL:
            draw_dice(R, seed, st[H_ROLLS] * 8, values)
            rolls += 1
            ne = set_dice(R, st, values, ev, 0)
        else:
            a = choose(R, W, st, policy, seed, k, acts, n)
            k += 1
            st[H_SEQ] += 1
            ne = R.play(st, R.tab, a, ev, 0)
        ne = settle(R, W, st, ev, ne, acts, &n)
        h = fold(h, acts, n)
        h = fold(h, st, R.size)
    free(acts)
    return h


# -- the Python face ------------------------------------------------------------------------
cdef tuple KIND_NAMES = tuple(EV_NAMES.get(i, "event %d" % i) for i in range(max(EV_NAMES) + 1))


cdef class Event:

    def __init__(self, str kind, i64 player, i64 piece, i64 a, i64 b):
        self.kind, self.player, self.piece, self.a, self.b = kind, player, piece, a, b

    def as_dict(self):
        return {"kind": self.kind, "player": self.player, "piece": self.piece, "a": self.a, "b": self.b}

    def __iter__(self):
        return iter((self.kind, self.player, self.piece, self.a, self.b))

    def __eq__(self, other):
        return isinstance(other, Event) and tuple(self) == tuple(other)

    def __hash__(self):
        return hash(tuple(self))

    def __repr__(self):
        return "Event(kind=%r, player=%d, piece=%d, a=%d, b=%d)" % (self.kind, self.player, self.piece, self.a, self.b)

    def __reduce__(self):
        return Event, tuple(self)


cdef inline Event make_event(const i64* e):
    cdef Event x = Event.__new__(Event)
    x.kind = KIND_NAMES[e[0]] if 0 <= e[0] < len(KIND_NAMES) else "event %d" % e[0]
    x.player, x.piece, x.a, x.b = e[1], e[2], e[3], e[4]
    return x


cdef class Played:

    def __init__(self, i64 player, i64 action, before):
        self.player, self.action, self.before = player, action, before


cdef class Move:
    """One single-die action, with where the piece goes (player-relative):
    `action` (its number), `player`, `die`, `piece`, `kind`, `frm`, `to` and
    `text` (its notation, also str(move)).  Immutable; two moves are equal
    when all of these are.  legal_moves() makes each move with its number
    only and describes it when a field other than `action` is first read:
    a fence step has thousands of moves, and a caller reads a few."""

    def __init__(self, i64 action, i64 player, i64 die, i64 piece, i64 kind, i64 frm, i64 to, str text):
        self.action, self._player, self._die, self._piece, self._kind = action, player, die, piece, kind
        self._frm, self._to, self._text = frm, to, text

    cdef int _describe(self) except -1:
        """Fill the fields from the game's describe, once, and let the position go."""
        cdef Move full
        if self._text is None:
            full = self._game.describe(self._arr, self.action)
            self._player, self._die, self._piece, self._kind = full._player, full._die, full._piece, full._kind
            self._frm, self._to, self._text = full._frm, full._to, full._text
            self._game = self._arr = None
        return 0

    cdef tuple _fields(self):
        self._describe()
        return (self.action, self._player, self._die, self._piece, self._kind, self._frm, self._to, self._text)

    @property
    def player(self):
        self._describe()
        return self._player

    @property
    def die(self):
        self._describe()
        return self._die

    @property
    def piece(self):
        self._describe()
        return self._piece

    @property
    def kind(self):
        self._describe()
        return self._kind

    @property
    def frm(self):
        self._describe()
        return self._frm

    @property
    def to(self):
        self._describe()
        return self._to

    @property
    def text(self):
        self._describe()
        return self._text

    def __str__(self):
        self._describe()
        return self._text

    def __repr__(self):
        return "Move(action=%d, player=%d, die=%d, piece=%d, kind=%d, frm=%d, to=%d, text=%r)" % self._fields()

    def __eq__(self, other):
        if not isinstance(other, Move):
            return NotImplemented
        cdef Move o = other
        if o.action != self.action:
            return False
        if o._arr is not None and o._arr is self._arr:     # one list's moves: one position
            return True
        return self._fields() == o._fields()

    def __hash__(self):
        return hash(self._fields())

    def __reduce__(self):
        return Move, self._fields()


cpdef list dice_ranges(lo, hi):
    """The faces of dice that show lo[i] to hi[i] (Engine.setup's faces of the common dice)."""
    return [list(range(a, b + 1)) for a, b in zip(lo, hi)]


cdef class Engine:
    """A game's compiled rules and frozen tables.  A subclass per game calls
    `setup` with its rule functions and a pointer to its tables.
    Every method takes the state as an int64 numpy array and is one call into
    compiled code.  The tables are read only; what a call writes besides the
    state (look-ahead, legal list, events) is a Scratch of its own, so one
    Engine (one Game) serves any number of threads at once."""

    def __dealloc__(self):
        cdef Scratch* s
        while self.spare != NULL:
            s = self.spare
            self.spare = s.next
            scratch_free(s)

    cdef int setup(self, const void* tab, check_f check, gen_f gen, play_f play, stage_f begin, stage_f finish,
                   potential_f potential, evaluate_f evaluate, compulsory_f compulsory, i64 size, i64 max_actions,
                   faces, weights=None) except -1:
        """Bind a game's rule functions and frozen tables (compulsory may be NULL)
        and make one spare scratch for its state size.  Die i shows faces[i] (any
        distinct non-zero values) with `weights` their integer weights (None: each as
        likely)."""
        cdef i64 i, j, acc
        self.R.tab = tab
        self.R.check, self.R.gen, self.R.play = check, gen, play
        self.R.begin, self.R.finish = begin, finish
        self.R.potential, self.R.evaluate, self.R.compulsory = potential, evaluate, compulsory
        self.R.size = size
        self.R.max_actions = max_actions
        if weights is None:
            weights = [[1] * len(f) for f in faces]
        self.R.ndice = len(faces)
        for i in range(MAX_PLAYERS):
            self.R.mate[i] = i
        if not 0 < self.R.ndice <= MAX_DICE or len(weights) != self.R.ndice:
            raise ValueError("a game rolls 1 to 6 dice, a list of faces and of weights for each")
        for i in range(self.R.ndice):
            f, w = [int(x) for x in faces[i]], [int(x) for x in weights[i]]
            if (not 0 < len(f) <= MAX_FACES or len(w) != len(f) or len(set(f)) != len(f) or 0 in f
                    or min(w) <= 0):
                raise ValueError("die %d: 1 to %d distinct non-zero faces, each of a positive weight, not %r "
                                 "weighing %r" % (i, MAX_FACES, f, w))
            self.R.nfaces[i] = len(f)
            self.R.flat[i] = f == list(range(f[0], f[0] + len(f))) and set(w) == {1}
            acc = 0
            for j in range(len(f)):
                acc += w[j]
                self.R.faces[i * MAX_FACES + j] = f[j]
                self.R.cum[i * MAX_FACES + j] = acc
        self.give(self.take())
        return 0

    @property
    def learned_places(self):
        """How many places the rules give the learned evaluator (Rules.places); 0: it reads the state's cells."""
        return self.R.nplaces

    cdef Scratch* take(self) except NULL:
        """A scratch for one call: a spare, or a new one when every spare is
        in use (by another thread).  Called with the GIL held, which makes
        the pop atomic; give it back with give."""
        cdef Scratch* s = self.spare
        if s != NULL:
            self.spare = s.next
            return s
        s = <Scratch*>calloc(1, sizeof(Scratch))
        if s == NULL:
            raise MemoryError()
        s.out = <i64*>calloc(self.R.max_actions, sizeof(i64))
        s.ev = <i64*>calloc(MAX_EVENTS * EV_WIDTH, sizeof(i64))
        try:
            if s.out == NULL or s.ev == NULL:
                raise MemoryError()
            work_alloc(&s.W, &self.R)
        except MemoryError:
            scratch_free(s)
            raise
        return s

    cdef void give(self, Scratch* s) noexcept:
        """Hand a scratch back to the spares (with the GIL held)."""
        s.next = self.spare
        self.spare = s

    cdef i64* state(self, i64[::1] arr) except NULL:
        """The data of a state array, once its length is checked: the rules read
        and write it without bounds checks."""
        if arr.shape[0] != self.R.size:
            raise ValueError("a state of this game has %d numbers, not %d" % (self.R.size, arr.shape[0]))
        return &arr[0]

    def dice_faces(self):
        return [tuple(self.R.faces[i * MAX_FACES + j] for j in range(self.R.nfaces[i])) for i in range(self.R.ndice)]

    def dice_weights(self):
        return [tuple(face_weight(&self.R, i, j) for j in range(self.R.nfaces[i])) for i in range(self.R.ndice)]

    def legal(self, i64[::1] arr):
        """The legal actions of the state."""
        cdef i64* st = self.state(arr)
        cdef Scratch* s = self.take()
        try:
            return actions(s.out, legal(&self.R, &s.W, st, s.out))
        finally:
            self.give(s)

    def legal_among(self, i64[::1] arr, actions):
        """Those of `actions` (a few) that are legal here, in the order of the legal list."""
        cdef i64 want[64]
        cdef i64 m = 0, i, j, n
        for a in actions:
            if m < 64:
                want[m] = a
                m += 1
        cdef i64* st = self.state(arr)
        cdef Scratch* s = self.take()
        found = []
        try:
            n = legal(&self.R, &s.W, st, s.out)
            for i in range(n):
                for j in range(m):
                    if s.out[i] == want[j]:
                        found.append(s.out[i])
                        break
        finally:
            self.give(s)
        return found

    def candidates(self, i64[::1] arr):
        """The single-die actions possible now, whole-roll rules ignored."""
        cdef i64* st = self.state(arr)
        if st[H_PHASE] != PHASE_MOVE:
            return []
        cdef Scratch* s = self.take()
        try:
            return actions(s.out, self.R.gen(st, self.R.tab, s.out))
        finally:
            self.give(s)

    def check(self, i64[::1] arr, i64 slot, i64 piece, i64 kind):
        """0 if that single-die action is possible now, else the game's reason code."""
        return self.R.check(self.state(arr), self.R.tab, slot, piece, kind)

    def play(self, i64[::1] arr, i64 action):
        """Apply one action as it is (no check, no settling): previews of a move."""
        cdef i64* st = self.state(arr)
        cdef Scratch* s = self.take()
        try:
            return events(s.ev, self.R.play(st, self.R.tab, action, s.ev, 0))
        finally:
            self.give(s)

    def choose(self, i64[::1] arr, i64 policy, i64 seed, i64 k):
        """A compiled bot's choice among the legal actions (random or greedy)."""
        cdef i64* st = self.state(arr)
        cdef Scratch* s = self.take()
        cdef i64 n = legal(&self.R, &s.W, st, s.out)
        cdef i64 a = choose(&self.R, &s.W, st, policy, seed, k, s.out, n) if n else 0
        self.give(s)
        return a if n else None

    def rolloff(self, i64[::1] arr, i64 seed):
        return rolloff(&self.R, self.state(arr), seed)

    def run_many(self, i64[::1] start, i64 seed0, i64 count, policies, bint rotate=False,
                 bint first_by_rolloff=True, i64 max_rolls=1_000_000):
        """Play `count` games (see the C function): an array of count rows of
        rolls, actions, captures, winner, winning policy's seat."""
        cdef i64 pol[MAX_PLAYERS]
        cdef i64 i
        if start.shape[0] != self.R.size:
            raise ValueError("a state of this game has %d numbers" % self.R.size)
        if len(policies) < start[H_NPLAYERS]:
            raise ValueError("a policy for each of the %d players" % start[H_NPLAYERS])
        for i in range(start[H_NPLAYERS]):
            pol[i] = policies[i]
        result = np.zeros((count, 5), np.int64)
        cdef i64[:, ::1] out = result
        cdef i64* first = self.state(start)
        cdef i64* o = &out[0, 0] if count > 0 else NULL
        cdef Scratch* s = self.take()
        with nogil:
            run_many(&self.R, &s.W, first, seed0, count, pol, rotate, first_by_rolloff, max_rolls, o)
        self.give(s)
        return result

    def trace(self, i64[::1] start, i64 seed0, i64 count, i64 policy, bint first_by_rolloff=True,
              i64 max_rolls=100_000):
        """Digests (uint64 as int) of `count` games from start with seeds seed0, ...: see `trace`."""
        cdef i64 i
        cdef uint64_t h
        cdef i64* first = self.state(start)
        cdef i64* st = <i64*>calloc(self.R.size, sizeof(i64))
        if st == NULL:
            raise MemoryError()
        cdef Scratch* s = self.take()
        digests = []
        try:
            for i in range(count):
                memcpy(st, first, self.R.size * sizeof(i64))
                if first_by_rolloff:
                    st[H_PLAYER] = rolloff(&self.R, st, seed0 + i)
                with nogil:
                    h = trace(&self.R, &s.W, st, seed0 + i, policy, max_rolls)
                digests.append(h)
        finally:
            free(st)
            self.give(s)
        return digests


cdef void scratch_free(Scratch* s) noexcept nogil:
    work_free(&s.W)
    free(s.out)
    free(s.ev)
    free(s)


cdef inline list actions(const i64* out, i64 n):
    cdef i64 i
    return [out[i] for i in range(n)]


cdef inline list events(const i64* ev, i64 ne):
    cdef i64 i
    return [make_event(ev + i) for i in range(0, min(ne, MAX_EVENTS) * EV_WIDTH, EV_WIDTH)]


cdef class StateCore:
    """The compiled half of a State: the position as an int64 array and the
    steps a bot or an RL loop takes in its hot loop.  engine/game.py's State
    adds the rest (notation, refusals, undo, copies, JSON)."""

    def __init__(self, game, arr, seed):
        self.game = game
        self.engine = game.engine
        self.arr = arr
        self.seed = seed
        self._stack = []
        self._history = []
        self._written = 0       # entries of _history before this index are written out

    @property
    def arr(self):
        """The state: a flat int64 array (the header of kernel.pxd, then the game's own layout)."""
        return self._arr

    @arr.setter
    def arr(self, value):
        cdef i64[::1] view = value
        if view.shape[0] != self.engine.R.size:
            raise ValueError("a state of this game has %d numbers, not %d" % (self.engine.R.size, view.shape[0]))
        self._arr, self._view = value, view

    @property
    def current_player(self):
        return self._view[H_PLAYER]

    @property
    def is_chance(self):
        """True at a chance node: the dice are to be rolled (or set)."""
        return self._view[H_PHASE] == PHASE_ROLL

    @property
    def is_over(self):
        return self._view[H_PHASE] == PHASE_OVER

    @property
    def seq(self):
        """Rolls and actions applied so far: a stale action names an older number."""
        return self._view[H_SEQ]

    @property
    def rolls(self):
        return self._view[H_ROLLS]

    def next_roll(self):
        """The roll the seed's stream holds for this state."""
        cdef i64 values[MAX_DICE]
        cdef Engine e = self.engine
        draw_dice(&e.R, self.seed, self._view[H_ROLLS] * 8, values)
        return tuple([values[i] for i in range(e.R.ndice)])

    def roll(self):
        """Roll the dice from the seed's stream; returns the roll and its events."""
        if self._view[H_PHASE] != PHASE_ROLL:
            self.set_dice(())           # refused, saying why
        dice = self.next_roll()
        return dice, self._roll(dice)

    cdef list _roll(self, tuple dice):
        cdef Engine e = self.engine
        cdef i64 values[MAX_DICE]
        cdef i64 i, n
        for i in range(e.R.ndice):
            values[i] = dice[i]
        self._stack.append(self._arr.copy())
        self._history.append((self._view[H_PLAYER], "roll", dice))
        cdef i64* st = &self._view[0]
        cdef Scratch* s = e.take()
        cdef i64 ne = set_dice(&e.R, st, values, s.ev, 0)
        ne = settle(&e.R, &s.W, st, s.ev, ne, s.out, &n)
        try:
            return events(s.ev, ne)
        finally:
            e.give(s)

    def _apply_roll(self, tuple dice):
        """Set a roll already checked (values within the dice's ranges); returns its events."""
        return self._roll(dice)

    def legal_actions(self):
        """The legal actions (ints) of this position: empty at a chance node or at the end."""
        cdef Engine e = self.engine
        cdef Scratch* s = e.take()
        try:
            return actions(s.out, legal(&e.R, &s.W, &self._view[0], s.out))
        finally:
            e.give(s)

    def legal_moves(self):
        """The legal moves (Move: text, die, piece, frm, to, action), in the
        order of legal_actions(); empty at a chance node or at the end.  Each
        is described when first read, from this position (a copy: later pushes
        do not change it), so a list of thousands costs little more than
        legal_actions()."""
        cdef Engine e = self.engine
        cdef Scratch* s = e.take()
        cdef i64 n = legal(&e.R, &s.W, &self._view[0], s.out), i
        cdef list moves = []
        cdef Move m
        try:
            if n == 0:
                return moves
            position, game = self._arr.copy(), self.game
            for i in range(n):
                m = Move.__new__(Move)
                m.action, m._game, m._arr = s.out[i], game, position
                moves.append(m)
            return moves
        finally:
            e.give(s)

    def push(self, move):
        """Apply a move (an action number from legal_actions, a Move, or its
        notation).  The compiled rules check the action; an illegal one
        changes nothing and raises IllegalMove saying why."""
        cdef Engine e = self.engine
        cdef i64 action, i, n, ne, player
        cdef Played played
        cdef i64* st = &self._view[0]
        if type(move) is int:
            try:
                action = move
            except OverflowError:            # not even a number the rules could hold
                raise self._refusal(move, move)
        else:
            action = self._action(move)
        cdef Scratch* s = e.take()
        n = legal(&e.R, &s.W, st, s.out)
        for i in range(n):
            if s.out[i] == action:
                break
        else:
            e.give(s)
            raise self._refusal(move, action)
        try:
            before = self._arr.copy()
            player = st[H_PLAYER]
            st[H_SEQ] += 1
            ne = e.R.play(st, e.R.tab, action, s.ev, 0)
            ne = settle(&e.R, &s.W, st, s.ev, ne, s.out, &n)
            self._stack.append(before)
            played = Played.__new__(Played)
            played.player, played.action, played.before = player, action, before
            self._history.append(played)
            return events(s.ev, ne)
        finally:
            e.give(s)
