# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False
"""Pachisi's rules, compiled (pachisi/__init__.py holds the game's Python side and its rules text):
one cowrie throw at a time, moving one piece by its whole value or left unused; graces and captures
throw again; entering from the charkoni, castles closed to the other team, home by exact throw, a
second circuit, a finished player's throws for his partner, and blockades (two pieces of a player on
a circuit square bar single pieces; two of a place may move together, and only such a pair captures a
blockade)."""
from pachisi.engine.kernel cimport (i64, encode, a_slot, a_piece, a_kind, emit, die_to_list, H_PLAYER, H_PHASE,
                                    H_NDICE, H_DICE, H_ROLL0, H_SCORE, MAX_DICE, PHASE_MOVE, PHASE_ROLL, EV_ENTERED,
                                    EV_EXTRA_ROLL)
from pachisi.games.race_rules cimport PIECES, POS, burn_dice, die_potential, first_at
from pachisi.games.cloth_rules cimport *


# -- the rules ------------------------------------------------------------------------------
cdef inline bint has(i64 bitset, i64 value) noexcept nogil:
    return 0 <= value < 63 and (bitset >> value) & 1


cdef inline bint fresh(const i64* st, i64 pl) noexcept nogil:
    """No piece of pl has entered yet (his first enters with any throw, first_free)."""
    return (st[G_FRESH] >> pl) & 1


cdef inline bint pieces_out(const i64* st, i64 pl) noexcept nogil:
    """Some piece of pl is on the cloth (neither waiting nor home)."""
    cdef i64 j, p
    for j in range(PIECES):
        p = st[POS + pl * PIECES + j]
        if p != CHARKONI and p != HOME:
            return True
    return False


cdef inline i64 landing(const i64* st, const ClothTab* c, i64 pl, i64 t) noexcept nogil:
    """Why a piece of pl cannot end on its place t (0: it can): a castle holding the other team."""
    cdef i64 g = square_of(c, pl, t)
    if g != OFF and is_castle(c, g) and foes_on(st, c, g, pl):
        return R_CASTLE
    return 0


cdef inline i64 dest(i64* st, const void* tab_, i64 slot, i64 k, i64 kind, i64* to) noexcept nogil:
    """Where the single action would take the piece (or the two moving together): the reason (0:
    possible), the target in *to.  With blockades a single piece may neither pass nor end on one;
    pieces moving together may.  Inline: gen's loop over the kinds of a single piece then has it
    specialised by the compiler (a sixth of the game's speed)."""
    cdef const ClothTab* c = <const ClothTab*>tab_
    cdef i64 pl, p, d, t, r
    cdef bint pair = kind == PAIR or kind == PAIR_ROUND, round_ = kind == ROUND or kind == PAIR_ROUND
    to[0] = 0
    if st[H_PHASE] != PHASE_MOVE:
        return R_OVER
    if slot >= st[H_NDICE] or st[H_DICE + slot] == 0:
        return R_NO_DIE
    if kind > PAIR_ROUND or (pair and not own(c).blockades):
        return R_NO_KIND
    if k >= PIECES:
        return R_NO_PIECE
    d = st[H_DICE + slot]
    pl = cloth_mover(st, c)
    if kind == PASS:
        if own(c).must_move:
            return R_MUST_MOVE
        if k != 0:
            return R_NO_PIECE
        to[0] = -1
        return 0
    p = st[POS + pl * PIECES + k]
    if p == HOME:
        return R_HOME
    if kind == ENTER:
        if p != CHARKONI:
            return R_NOT_WAITING
        if k != first_at(st, pl, CHARKONI):
            return R_ENTER_ORDER
        if own(c).first_free and fresh(st, pl):
            t = d
        elif has(own(c).enters, d):
            t = d if own(c).enter_counts else 1
        else:
            return R_NO_ENTRY
        d = t                           # the walk from the charkoni
    elif p == CHARKONI:
        return R_WAITS
    else:
        if pair:
            r = together_reason(st, pl, k, 2)
            if r:
                return r
        if round_:
            if not own(c).second_circuit:
                return R_NO_KIND
            if p > TURN or p + d <= TURN:
                return R_NO_ROUND
            t = p + d - CIRCUIT
        elif p == HOME - 1 and has(own(c).bear_off, d):
            to[0] = HOME
            return 0
        else:
            t = p + d
            if t > HOME:
                return R_OVERSHOOT
    to[0] = t
    r = landing(st, c, pl, t)
    if r == 0 and own(c).blockades and not pair and blockade_in_way(st, c, pl, p, d, round_):
        return R_BLOCKADE
    return r


cdef i64 check(i64* st, const void* tab, i64 slot, i64 k, i64 kind) noexcept nogil:
    cdef i64 to
    return dest(st, tab, slot, k, kind, &to)


cdef i64 gen(i64* st, const void* tab_, i64* out) noexcept nogil:
    """For each throw to play (a throw's equal twin once): each piece's step (or its round again), the
    first waiting piece's entry and, with blockades, two pieces of a place moving together; and, when
    some move exists and moving is not compulsory, leaving each throw unused."""
    cdef i64 n = 0, slot, k, kind, to, moves
    if st[H_PHASE] != PHASE_MOVE:
        return 0
    for slot in range(st[H_NDICE]):
        if not die_to_list(st, slot):
            continue
        for k in range(PIECES):
            for kind in range(PASS):
                if dest(st, tab_, slot, k, kind, &to) == 0:
                    out[n] = encode(slot, k, kind)
                    n += 1
            if own(<const ClothTab*>tab_).blockades:
                for kind in range(PAIR, PAIR_ROUND + 1):
                    if dest(st, tab_, slot, k, kind, &to) == 0:
                        out[n] = encode(slot, k, kind)
                        n += 1
    moves = n
    for slot in range(st[H_NDICE]):
        if moves and die_to_list(st, slot) and dest(st, tab_, slot, 0, PASS, &to) == 0:
            out[n] = encode(slot, 0, PASS)
            n += 1
    return n


cdef i64 play(i64* st, const void* tab_, i64 a, i64* ev, i64 ne) noexcept nogil:
    cdef const ClothTab* c = <const ClothTab*>tab_
    cdef i64 slot = a_slot(a), k = a_piece(a), kind = a_kind(a), pl, t, g, foes
    st[H_SCORE] += 1
    if kind == PASS:
        st[H_DICE + slot] = 0
        return ne
    pl = cloth_mover(st, c)
    dest(st, tab_, slot, k, kind, &t)
    st[H_DICE + slot] = 0
    g = square_of(c, pl, t)
    if g != OFF and not is_castle(c, g):
        foes = foes_on(st, c, g, pl)
        if foes:
            ne = send_back(st, foes, g, st[H_PLAYER], CHARKONI, ev, ne)
            if own(c).capture_rethrow:
                st[G_AGAIN] = 1
    if kind == ENTER:
        st[G_FRESH] &= ~((<i64>1) << pl)
        st[POS + pl * PIECES + k] = t
        return emit(ev, ne, EV_ENTERED, pl, k, -1, t)          # from off the path, as the events say it
    return move_together(st, c, pl, k, 2 if kind == PAIR or kind == PAIR_ROUND else 1, t, ev, ne)


cdef inline i64 ones(const ClothTab* c, const i64* st, i64 d) noexcept nogil:
    """The extra moves of 1 the throws kept and d bring (pachisi_one: one a pachisi, 25)."""
    cdef i64 n = 0, i
    if not own(c).pachisi_one:
        return 0
    for i in range(st[G_NKEPT]):
        if st[G_KEPT + i] == 25:
            n += 1
    return n + (1 if d == 25 else 0)


cdef i64 begin(i64* st, const void* tab_, i64* ev, i64 ne) noexcept nogil:
    """A throw: a grace throws again (one that enters nothing, with grace_needs_piece, only while a
    piece of the mover is out); a pachisi (25) brings an extra move of 1 (pachisi_one).  With
    throw_mode=collect a grace is kept and nothing is played yet; the first throw that is not a grace is
    played with the kept ones, in any order; the throws are kept while the dice slots hold them and what
    may follow (else the grace is played with them and the throwing goes on after); three equal throws
    in a row do not count (three_void)."""
    cdef const ClothTab* c = <const ClothTab*>tab_
    cdef i64 d = st[H_DICE], pl = cloth_mover(st, c), n, i, extra
    st[G_AGAIN] = 0
    if has(own(c).graces, d):
        if not (own(c).grace_needs_piece and not has(own(c).enters, d) and not pieces_out(st, pl)):
            st[G_AGAIN] = 1
    if not own(c).collect:
        if own(c).pachisi_one and d == 25:
            st[H_DICE + 1] = 1
            st[H_ROLL0 + 1] = 1
            st[H_NDICE] = 2
        return ne
    n = st[G_NKEPT]
    if own(c).three_void and n >= 2 and st[G_KEPT + n - 1] == d and st[G_KEPT + n - 2] == d:
        st[G_KEPT + n - 1] = 0
        st[G_KEPT + n - 2] = 0
        st[G_NKEPT] = n - 2
        st[H_DICE] = 0                  # none of the three counts; a grace still throws again
        return ne
    if st[G_AGAIN] and n + 1 + ones(c, st, d) + (2 if own(c).pachisi_one else 1) <= MAX_DICE:
        st[G_KEPT + n] = d
        st[G_NKEPT] = n + 1
        st[H_DICE] = 0                  # nothing to play yet: finish throws again
        return ne
    extra = ones(c, st, d)
    for i in range(n):                  # the throw first (as rolled), then the kept graces, then the 1s
        st[H_DICE + 1 + i] = st[G_KEPT + i]
        st[H_ROLL0 + 1 + i] = st[G_KEPT + i]
        st[G_KEPT + i] = 0
    for i in range(extra):
        st[H_DICE + 1 + n + i] = 1
        st[H_ROLL0 + 1 + n + i] = 1
    st[H_NDICE] = n + 1 + extra
    st[G_NKEPT] = 0
    return ne


cdef i64 finish(i64* st, const void* tab_, i64* ev, i64 ne) noexcept nogil:
    """The throw is played (or could not be): throw again after a grace or a capture, else the next
    player who still throws; a player whose pieces have all come home stops throwing."""
    cdef const ClothTab* c = <const ClothTab*>tab_
    cdef i64 pl = st[H_PLAYER]
    ne = burn_dice(st, ev, ne)
    if st[H_PHASE] != PHASE_MOVE:
        return ne
    if (st[G_NKEPT] or st[G_AGAIN]) and still_throws(st, c, pl):
        st[G_AGAIN] = 0
        st[H_PHASE] = PHASE_ROLL
        return emit(ev, ne, EV_EXTRA_ROLL, pl, 0, 0, 0)
    st[G_AGAIN] = 0
    return cloth_pass(st, c, ev, ne)


cdef i64 potential(i64* st, const void* tab_) noexcept nogil:
    """Moving optional: any throw may be left unused, so every candidate is legal (no look-ahead); with
    must_move the throws are played as fully as possible: one point a throw still to play."""
    if own(<const ClothTab*>tab_).must_move:
        return die_potential(st, tab_)
    return st[H_SCORE]


cdef double evaluate(i64* st, const void* tab_, i64 me) noexcept nogil:
    return cloth_value(st, <const ClothTab*>tab_, me, 10)


# -- the Python face -------------------------------------------------------------------------
cdef class PachisiEngine(ClothEngine):
    """Pachisi's rules with a game's tables frozen in."""
    cdef PachisiTab tables

    def __init__(self, tab, i64 size, i64 max_actions):
        if size != SIZE:
            raise ValueError("the state does not fit the compiled rules")
        self.load(&self.tables.cloth, sizeof(PachisiTab), tab)
        self.dest_rule = dest
        self.setup(&self.tables, check, gen, play, begin, finish, potential, evaluate, NULL, size,
                   max_actions, [tab.faces], [tab.weights])
        self.team_up()
