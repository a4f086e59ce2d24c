# cython: language_level=3
"""Dash's compiled rules: each player runs two pieces down a lane of its own,
one die a roll; a piece that reaches the end of the lane (the die may
overshoot) is home, and who brings both home first wins.  Written against
pachisi's kernel (the Rules functions and Engine.setup) and race headers."""
from pachisi.engine.kernel cimport (i64, Engine, encode, a_slot, a_piece, emit, H_PLAYER, H_PHASE, H_DICE,
                                    H_SCORE, HEADER, PHASE_MOVE, EV_MOVED, EV_FINISHED)
from pachisi.games.race_rules cimport record_finish, pass_turn, die_potential

cpdef enum:
    PIECES = 2
    POS = HEADER                # place of piece k of player q at POS + q * PIECES + k: 0 start .. length home
    SIZE = POS + 4 * PIECES
    R_OVER = 1
    R_NO_DIE = 2
    R_NO_PIECE = 3
    R_HOME = 4


cdef struct DashTab:
    i64 players
    i64 length                  # squares from the start to home


cdef i64 check(i64* st, const void* tab_, i64 slot, i64 piece, i64 kind) noexcept nogil:
    cdef const DashTab* t = <const DashTab*>tab_
    if st[H_PHASE] != PHASE_MOVE:
        return R_OVER
    if slot != 0 or st[H_DICE] == 0:
        return R_NO_DIE
    if not 0 <= piece < PIECES or kind != 0:
        return R_NO_PIECE
    if st[POS + st[H_PLAYER] * PIECES + piece] >= t.length:
        return R_HOME
    return 0


cdef i64 gen(i64* st, const void* tab_, i64* out) noexcept nogil:
    cdef i64 n = 0, k
    for k in range(PIECES):
        if check(st, tab_, 0, k, 0) == 0:
            out[n] = encode(0, k, 0)
            n += 1
    return n


cdef i64 play(i64* st, const void* tab_, i64 a, i64* ev, i64 ne) noexcept nogil:
    cdef const DashTab* t = <const DashTab*>tab_
    cdef i64 pl = st[H_PLAYER], k = a_piece(a), at = POS + st[H_PLAYER] * PIECES + a_piece(a)
    cdef i64 frm = st[at], to = min(st[at] + st[H_DICE + a_slot(a)], t.length)
    st[at] = to
    st[H_DICE + a_slot(a)] = 0
    st[H_SCORE] += 1
    ne = emit(ev, ne, EV_MOVED, pl, k, frm, to)
    if to == t.length:
        ne = emit(ev, ne, EV_FINISHED, pl, k, frm, to)
        if st[POS + pl * PIECES + 1 - k] == t.length:          # both home: pl has won
            ne = record_finish(st, t.players, pl, False, ev, ne)
    return ne


cdef i64 begin(i64* st, const void* tab_, i64* ev, i64 ne) noexcept nogil:
    return ne


cdef i64 finish(i64* st, const void* tab_, i64* ev, i64 ne) noexcept nogil:
    """The roll is over (played, or no piece could move): the turn passes."""
    cdef const DashTab* t = <const DashTab*>tab_
    st[H_DICE] = 0
    if st[H_PHASE] == PHASE_MOVE:
        ne = pass_turn(st, t.players, ev, ne)
    return ne


cdef double evaluate(i64* st, const void* tab_, i64 me) noexcept nogil:
    cdef const DashTab* t = <const DashTab*>tab_
    cdef double v = 0
    cdef i64 q, k
    for q in range(t.players):
        for k in range(PIECES):
            v += st[POS + q * PIECES + k] * (1.0 if q == me else -1.0 / (t.players - 1))
    return v


cdef class DashEngine(Engine):
    cdef DashTab t

    def __init__(self, tab, i64 size, i64 max_actions):
        self.t.players, self.t.length = tab.players, tab.length
        self.setup(&self.t, check, gen, play, begin, finish, die_potential, evaluate, NULL, size, max_actions,
                   [[1, 2, 3, 4, 5, 6]])
