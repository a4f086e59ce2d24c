# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False
"""Chaupar's rules, compiled (chaupar/__init__.py holds the game's Python side and its rules text).

A piece's place p is Pachisi's (cloth.py): 6, 7 up the own middle column outward, 8 the own tip, 8..75
the circuit, 76 the own tip again, 77..83 the middle column inward, 84 home.  Each die moves one piece
(STEP); two equal dice may move two own pieces of one place together twice the die (PAIR); a 6-6-6 or
2-2-2, as the roll's first play, three together 12 or 4 (TRIPLE).  The most dice that can be played
must be: every action scores a point a die, and the kernel's look-ahead keeps the actions from which
the roll's best score is still reachable."""
from pachisi.engine.kernel cimport (encode, a_slot, a_piece, a_kind, die_to_list, H_PLAYER, H_PHASE, H_NDICE,
                                    H_DICE, H_SCORE, PHASE_MOVE)
from pachisi.games.race_rules cimport PIECES, POS, burn_dice, dice_left, first_at
from pachisi.games.cloth_rules cimport *


# -- single actions -------------------------------------------------------------------------------
cdef inline i64 triple_steps(const ChauparTab* tab, i64 d) noexcept nogil:
    if d == 2:
        return tab.triple_two
    if d == 6:
        return tab.triple_six
    return 0


cdef inline i64 mate_slot(const i64* st, i64 slot) noexcept nogil:
    """Another unplayed die showing the value of die `slot` (-1: none)."""
    cdef i64 s
    for s in range(st[H_NDICE]):
        if s != slot and st[H_DICE + s] == st[H_DICE + slot]:
            return s
    return -1


cdef i64 landing(const i64* st, const ClothTab* c, i64 mv, i64 p, i64 t) noexcept nogil:
    """Why pieces of mv at place p cannot go to place t (0: they can): home already, past home, or a
    castle holding a piece of the other side."""
    cdef i64 g
    if p == HOME:
        return R_HOME
    if t > HOME:
        return R_OVERSHOOT
    g = square_of(c, mv, t)
    if is_castle(c, g) and foes_on(st, c, g, mv):
        return R_CASTLE
    return 0


cdef i64 dest(i64* st, const void* tab_, i64 slot, i64 k, i64 kind, i64* to) noexcept nogil:
    """Where the action would take its piece (or pieces): the reason (0: possible), the place in *to."""
    cdef const ChauparTab* tab = <const ChauparTab*>tab_
    cdef const ClothTab* c = &tab.cloth
    cdef i64 mv, p, d, s, t
    to[0] = 0
    if st[H_PHASE] != PHASE_MOVE:
        return R_OVER
    if kind > TRIPLE or kind < 0:
        return R_NO_KIND
    if k >= PIECES:
        return R_NO_PIECE
    if slot >= st[H_NDICE] or st[H_DICE + slot] == 0:
        return R_NO_DIE
    mv = cloth_mover(st, c)
    p = st[POS + mv * PIECES + k]
    d = st[H_DICE + slot]
    if kind == STEP:
        t = p + d
    elif kind == PAIR:
        if mate_slot(st, slot) < 0:
            return R_NO_PAIR
        t = p + 2 * d
    else:
        if st[H_NDICE] != 3 or triple_steps(tab, d) == 0:
            return R_NO_TRIPLE
        for s in range(3):
            if st[H_DICE + s] != d:
                return R_NOT_FIRST if st[H_DICE + s] == 0 else R_NO_TRIPLE
        t = p + triple_steps(tab, d)
    if kind != STEP and p != HOME:
        s = together_reason(st, mv, k, kind + 1)
        if s:
            return s
    s = landing(st, c, mv, p, t)
    if s == 0:
        to[0] = t
    return s


cdef i64 check(i64* st, const void* tab, i64 slot, i64 k, i64 kind) noexcept nogil:
    cdef i64 to
    return dest(st, tab, slot, k, kind, &to)


cdef i64 gen(i64* st, const void* tab, i64* out) noexcept nogil:
    """Each die for each piece; two equal dice for each place holding two own pieces; a triple (on
    the first die) for each place holding three."""
    cdef i64 n = 0, slot, k, kind, to
    if st[H_PHASE] != PHASE_MOVE:
        return 0
    for slot in range(st[H_NDICE]):
        if not die_to_list(st, slot):
            continue
        for kind in range(TRIPLE + 1 if slot == 0 else PAIR + 1):
            for k in range(PIECES):
                if dest(st, tab, slot, k, kind, &to) == 0:
                    out[n] = encode(slot, k, kind)
                    n += 1
    return n


# -- playing ----------------------------------------------------------------------------------
cdef i64 capture(i64* st, const ClothTab* c, i64 mv, i64 g, i64* ev, i64 ne) noexcept nogil:
    """Pieces of mv have landed on circuit square g: an enemy player's piece standing there alone goes
    back to its start (the captor: the player who threw); two or more of one player are safe (a
    partner's two are two singles)."""
    cdef i64 foes, victims = 0, q, nib
    if g == OFF or is_castle(c, g):
        return ne
    foes = foes_on(st, c, g, mv)
    for q in range(c.nplayers):
        nib = (foes >> (4 * q)) & 15
        if nib and nib & (nib - 1) == 0:
            victims |= nib << (4 * q)
    return send_back(st, victims, g, st[H_PLAYER], START, ev, ne)


cdef i64 play(i64* st, const void* tab_, i64 a, i64* ev, i64 ne) noexcept nogil:
    cdef const ChauparTab* tab = <const ChauparTab*>tab_
    cdef const ClothTab* c = &tab.cloth
    cdef i64 slot = a_slot(a), k = a_piece(a), kind = a_kind(a)
    cdef i64 mv = cloth_mover(st, c)
    cdef i64 p = st[POS + mv * PIECES + k], d = st[H_DICE + slot], t, s, n = kind + 1
    if kind == STEP:
        t = p + d
    elif kind == PAIR:
        t = p + 2 * d
        st[H_DICE + mate_slot(st, slot)] = 0
    else:
        t = p + triple_steps(tab, d)
        for s in range(3):
            st[H_DICE + s] = 0
    st[H_DICE + slot] = 0
    st[H_SCORE] += n
    ne = capture(st, c, mv, square_of(c, mv, t), ev, ne)
    return move_together(st, c, mv, first_at(st, mv, p), n, t, ev, ne)    # the place's n lowest pieces


cdef i64 begin(i64* st, const void* tab, i64* ev, i64 ne) noexcept nogil:
    """A throw opens nothing of its own: no counters, no stages."""
    return ne


cdef i64 finish(i64* st, const void* tab_, i64* ev, i64 ne) noexcept nogil:
    """No die is left that can be played: the rest are lost and the throw passes (none again)."""
    ne = burn_dice(st, ev, ne)
    if st[H_PHASE] != PHASE_MOVE:
        return ne
    return cloth_pass(st, <const ClothTab*>tab_, ev, ne)


cdef i64 potential(i64* st, const void* tab) noexcept nogil:
    """A point a die still to play."""
    return st[H_SCORE] + dice_left(st)


cdef double evaluate(i64* st, const void* tab, i64 me) noexcept nogil:
    return cloth_value(st, <const ClothTab*>tab, me, 12)


# -- the Python face -------------------------------------------------------------------------
cdef class ChauparEngine(ClothEngine):
    """Chaupar's rules with a game's tables frozen in."""
    cdef ChauparTab tables

    def __init__(self, tab, i64 size, i64 max_actions):
        if size != SIZE:
            raise ValueError("the state does not fit the compiled rules")
        self.load(&self.tables.cloth, sizeof(ChauparTab), tab)
        self.dest_rule = dest
        self.setup(&self.tables, check, gen, play, begin, finish, potential, evaluate, NULL, size, max_actions,
                   tab.faces)
        self.team_up()
