# A missed capture that the opponents may call (Мандавошка's claim, Parqués's
# soplar), compiled: which pieces could have captured in a full play of the
# roll, and the round of opponents asked, in turn order, to call it or let it
# pass before the next roll.  A game keeps two fields of its state for it,
# `claim` (1 + the offender while the claim is open) and `stake` (the
# offender's pieces that may be called, as bits), and two kinds of action,
# `call` (piece k) and `nocall`; what a call does to the piece is the game's.
from libc.string cimport memcpy

from pachisi.engine.kernel cimport (i64, gen_f, play_f, encode, a_piece, emit, H_PLAYER, H_SCORE, MAX_ACTIONS,
                                    EV_CLAIM)
from pachisi.games.race_rules cimport PIECES, finished

cpdef enum:
    CLAIM_STATE = 256              # the largest state the look-ahead of `capturers` copies


cdef inline i64 capturers(i64* st, const void* tab, gen_f gen, play_f play, i64 size, i64 capt) noexcept nogil:
    """The pieces that capture in some play of this roll (of one or two actions) scoring the most, that is
    using as many dice as the roll allows: the pieces a missed capture is charged to (bits).  st[capt] counts
    the roll's captures; the state is at most CLAIM_STATE long (the engines check it)."""
    cdef i64 buf[2][CLAIM_STATE]
    cdef i64 acts[2][MAX_ACTIONS]
    cdef i64 n1, n2, i, j, first, both, best = -1, mask = 0
    n1 = gen(st, tab, acts[0])
    for i in range(n1):
        memcpy(buf[0], st, size * sizeof(i64))
        play(buf[0], tab, acts[0][i], NULL, 0)
        first = ((<i64>1) << a_piece(acts[0][i])) if buf[0][capt] > st[capt] else 0
        n2 = gen(buf[0], tab, acts[1])
        if n2 == 0:
            if buf[0][H_SCORE] > best:
                best, mask = buf[0][H_SCORE], 0
            if buf[0][H_SCORE] == best:
                mask |= first
            continue
        for j in range(n2):
            memcpy(buf[1], buf[0], size * sizeof(i64))
            play(buf[1], tab, acts[1][j], NULL, 0)
            both = first | (((<i64>1) << a_piece(acts[1][j])) if buf[1][capt] > buf[0][capt] else 0)
            if buf[1][H_SCORE] > best:
                best, mask = buf[1][H_SCORE], 0
            if buf[1][H_SCORE] == best:
                mask |= both
    return mask


cdef inline i64 next_caller(const i64* st, i64 nplayers, const i64* partner, i64 after, i64 offender) noexcept nogil:
    """The next opponent after `after` in turn order who may call (never the offender's partner, in team
    play), or the offender when none is left."""
    cdef i64 q = after, i
    for i in range(nplayers):
        q = (q + 1) % nplayers
        if q == offender or (partner[q] != offender and not finished(st, q)):
            return q
    return offender


cdef inline i64 open_claim(i64* st, i64 nplayers, const i64* partner, i64 claim, i64 stake_at, i64 stake, i64* ev,
                           i64 ne) noexcept nogil:
    """The player to move missed a capture: the next opponent is asked to call it (the turn waits); his
    partner `mate` (-1: none) is not asked."""
    cdef i64 pl = st[H_PLAYER]
    cdef i64 caller = next_caller(st, nplayers, partner, pl, pl)
    st[claim] = pl + 1
    st[stake_at] = stake
    st[H_PLAYER] = caller
    return emit(ev, ne, EV_CLAIM, pl, 0, caller, stake)


cdef inline i64 answer_claim(i64* st, i64 nplayers, const i64* partner, i64 claim, i64 stake_at, bint called, i64* ev,
                             i64 ne) noexcept nogil:
    """After the caller's answer (a call's penalty already applied): when it let the claim pass and another
    opponent is left (the offender's partner `mate`, -1 none, is none), that one is asked; else the claim
    closes (st[claim] = 0) and the offender is to move."""
    cdef i64 offender = st[claim] - 1, nxt
    if not called:
        nxt = next_caller(st, nplayers, partner, st[H_PLAYER], offender)
        if nxt != offender:
            st[H_PLAYER] = nxt
            return emit(ev, ne, EV_CLAIM, offender, 0, nxt, st[stake_at])
    st[claim] = 0
    st[stake_at] = 0
    st[H_PLAYER] = offender
    return ne


cdef inline i64 claim_refused(const i64* st, i64 claim, i64 stake_at, i64 k, i64 kind, i64 call,
                              i64 r_no_call, i64 r_not_at_stake) noexcept nogil:
    """Why a call (kind `call`, piece k) or a let-pass is refused: no claim is open, the piece is not at
    stake; 0: none."""
    if st[claim] == 0:
        return r_no_call
    if kind == call and not (k < PIECES and (st[stake_at] >> k) & 1):
        return r_not_at_stake
    return 0


cdef inline i64 claim_gen(const i64* st, i64 stake_at, i64 call, i64 nocall, i64* out) noexcept nogil:
    """The answers to an open claim: call it on each piece at stake, or let it pass."""
    cdef i64 n = 0, k
    for k in range(PIECES):
        if (st[stake_at] >> k) & 1:
            out[n] = encode(0, k, call)
            n += 1
    out[n] = encode(0, 0, nocall)
    return n + 1
