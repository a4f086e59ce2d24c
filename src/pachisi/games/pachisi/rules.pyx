# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False
"""Pachisi's rules, compiled (pachisi/__init__.py holds the game's Python side and its rules text):
one cowrie throw at a time, moving one piece by its whole value or left unused; graces and captures
throw again; entering from the charkoni, castles closed to the other team, home by exact throw, a
second circuit, and a finished player's throws for his partner."""
from pachisi.engine.kernel cimport (i64, encode, a_slot, a_piece, a_kind, emit, H_PLAYER, H_PHASE, H_NDICE,
                                    H_DICE, H_SCORE, PHASE_MOVE, PHASE_ROLL, EV_ENTERED, EV_HOUSE, EV_MOVED,
                                    EV_EXTRA_ROLL)
from pachisi.games.race_rules cimport PIECES, POS, burn_dice, die_potential
from pachisi.games.cloth_rules cimport *


# -- the rules ------------------------------------------------------------------------------
cdef inline bint has(i64 bitset, i64 value) noexcept nogil:
    return 0 <= value < 63 and (bitset >> value) & 1


cdef inline bint fresh(const i64* st, i64 pl) noexcept nogil:
    """No piece of pl has entered yet (his first enters with any throw, first_free)."""
    return (st[G_FRESH] >> pl) & 1


cdef inline i64 first_waiting(const i64* st, i64 pl) noexcept nogil:
    """The waiting piece that enters (they are alike, so only one is offered), -1 none."""
    cdef i64 j
    for j in range(PIECES):
        if st[POS + pl * PIECES + j] == CHARKONI:
            return j
    return -1


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


cdef i64 dest(i64* st, const void* tab_, i64 slot, i64 k, i64 kind, i64* to) noexcept nogil:
    """Where the single action would take the piece: the reason (0: possible), the target in *to."""
    cdef const ClothTab* c = <const ClothTab*>tab_
    cdef i64 pl, p, d, t
    to[0] = 0
    if st[H_PHASE] != PHASE_MOVE:
        return R_OVER
    if slot != 0 or st[H_DICE] == 0:
        return R_NO_DIE
    if kind > PASS:
        return R_NO_KIND
    if k >= PIECES:
        return R_NO_PIECE
    d = st[H_DICE]
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
        if k != first_waiting(st, pl):
            return R_ENTER_ORDER
        if own(c).first_free and fresh(st, pl):
            t = d
        elif has(own(c).enters, d):
            t = d if own(c).enter_counts else 1
        else:
            return R_NO_ENTRY
        to[0] = t
        return landing(st, c, pl, t)
    if p == CHARKONI:
        return R_WAITS
    if kind == ROUND:
        if not own(c).second_circuit:
            return R_NO_KIND
        if p > TURN or p + d <= TURN:
            return R_NO_ROUND
        t = p + d - CIRCUIT
        to[0] = t
        return landing(st, c, pl, t)
    if p == HOME - 1 and has(own(c).bear_off, d):
        to[0] = HOME
        return 0
    t = p + d
    if t > HOME:
        return R_OVERSHOOT
    to[0] = t
    return landing(st, c, pl, t)


cdef i64 check(i64* st, const void* tab, i64 slot, i64 k, i64 kind) noexcept nogil:
    cdef i64 to
    return dest(st, tab, slot, k, kind, &to)


cdef i64 gen(i64* st, const void* tab_, i64* out) noexcept nogil:
    """Each piece's step (or its round again), the first waiting piece's entry, and, when some move
    exists and moving is not compulsory, leaving the throw unused."""
    cdef i64 n = 0, k, kind, to
    if st[H_PHASE] != PHASE_MOVE or st[H_DICE] == 0:
        return 0
    for k in range(PIECES):
        for kind in range(PASS):
            if dest(st, tab_, 0, k, kind, &to) == 0:
                out[n] = encode(0, k, kind)
                n += 1
    if n and dest(st, tab_, 0, 0, PASS, &to) == 0:
        out[n] = encode(0, 0, PASS)
        n += 1
    return n


cdef i64 play(i64* st, const void* tab_, i64 a, i64* ev, i64 ne) noexcept nogil:
    cdef const ClothTab* c = <const ClothTab*>tab_
    cdef i64 k = a_piece(a), kind = a_kind(a), pl, p, t, g, foes
    st[H_SCORE] += 1
    if kind == PASS:
        st[H_DICE] = 0
        return ne
    pl = cloth_mover(st, c)
    p = st[POS + pl * PIECES + k]
    dest(st, tab_, 0, k, kind, &t)
    st[H_DICE] = 0
    if kind == ENTER:
        st[G_FRESH] &= ~((<i64>1) << pl)
    g = square_of(c, pl, t)
    if g != OFF and not is_castle(c, g):
        foes = foes_on(st, c, g, pl)
        if foes:
            ne = send_back(st, foes, g, st[H_PLAYER], CHARKONI, ev, ne)
            if own(c).capture_rethrow:
                st[G_AGAIN] = 1
    st[POS + pl * PIECES + k] = t
    if kind == ENTER:
        ne = emit(ev, ne, EV_ENTERED, pl, k, -1, t)          # from off the path, as the events say it
    elif t == HOME:
        return cloth_home(st, c, pl, k, p, ev, ne)
    elif t > TURN:
        ne = emit(ev, ne, EV_HOUSE, pl, k, p, t)
    else:
        ne = emit(ev, ne, EV_MOVED, pl, k, p, t)
    return ne


cdef i64 begin(i64* st, const void* tab_, i64* ev, i64 ne) noexcept nogil:
    """A throw: a grace throws again (one that enters nothing, with grace_needs_piece, only while a
    piece of the mover is out)."""
    cdef const ClothTab* c = <const ClothTab*>tab_
    cdef i64 d = st[H_DICE], pl = cloth_mover(st, c)
    st[G_AGAIN] = 0
    if has(own(c).graces, d):
        if not (own(c).grace_needs_piece and not has(own(c).enters, d) and not pieces_out(st, pl)):
            st[G_AGAIN] = 1
    return ne


cdef i64 finish(i64* st, const void* tab_, i64* ev, i64 ne) noexcept nogil:
    """The throw is played (or could not be): throw again after a grace or a capture, else the next
    player who still throws; a player whose pieces have all come home stops throwing."""
    cdef const ClothTab* c = <const ClothTab*>tab_
    cdef i64 pl = st[H_PLAYER]
    ne = burn_dice(st, ev, ne)
    if st[H_PHASE] != PHASE_MOVE:
        return ne
    if st[G_AGAIN] and still_throws(st, c, pl):
        st[G_AGAIN] = 0
        st[H_PHASE] = PHASE_ROLL
        return emit(ev, ne, EV_EXTRA_ROLL, pl, 0, 0, 0)
    st[G_AGAIN] = 0
    return cloth_pass(st, c, ev, ne)


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
        self.setup(&self.tables, check, gen, play, begin, finish, die_potential, evaluate, NULL, size,
                   max_actions, [min(tab.faces)], [max(tab.faces)], [tab.faces], [tab.weights])
        self.team_up()
