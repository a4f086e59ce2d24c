# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False
"""Parcheesi's rules, compiled (parcheesi.py holds the game's Python side and its rules text)."""
from pachisi.engine.kernel cimport (dice_ranges, i64, a_slot, a_piece, a_kind, emit, encode, die_to_list, H_PLAYER,
                                    H_PHASE, H_NDICE, H_DICE, H_SCORE, H_ROLL0, PHASE_MOVE, EV_PENALTY)
from pachisi.games.race_rules cimport PIECES, POS, bits, die_check
from pachisi.games.track_rules cimport *

# the roll's score: blockades moved together, then entries, then blockades broken that stood
# too long, then mini-moves, then pips
cdef enum:
    W_BLOCKADE = 100000
    W_ENTRY = 2000
    W_BREAK = 500
    W_MOVE = 100


# -- the rules ---------------------------------------------------------------------------------
cdef inline i64 entry(const i64* st, const TrackTab* tab, i64 pl) noexcept nogil:
    """Can a pawn of pl enter onto its entry space now: the reason (0: yes).  In team play a
    partner's pawn stacks as an own one: with it the space is full."""
    cdef i64 m = at(st, tab, cell(tab, pl, 0))
    cdef i64 own = bits(own_bits(m, pl))
    if own >= 2:
        return R_FULL
    if bits(m) >= 2:
        return R_BLOCK_LAND if has_block(m, -1) else R_TWO_PAWNS
    return 0


cdef inline bint sum_ready(const i64* st) noexcept nogil:
    return (st[G_STAGE] == 0 and st[H_NDICE] == 2 and st[H_DICE] and st[H_DICE + 1]
            and st[H_DICE] + st[H_DICE + 1] == 5)


cdef inline i64 reach(const i64* st, const TrackTab* tab, i64 pl, i64 p, i64 d, bint turn_in,
                      i64* to) noexcept nogil:
    """The reason (0: possible) a pawn of pl on the board at p cannot move d; the target in *to."""
    cdef i64 t = target(tab, p, d, turn_in)
    cdef i64 m, n
    to[0] = 0
    if t < 0:
        return R_OVERSHOOT
    if blocked_between(st, tab, pl, p, d, turn_in, False):
        return R_BLOCKED
    to[0] = t
    if t == goal(tab):
        return 0
    if t >= tab.ring_size:
        return R_FULL if lane_count(st, pl, t) >= 2 else 0
    m = at(st, tab, cell(tab, pl, t))
    n = bits(m)
    if n >= 2:
        return R_BLOCK_LAND if has_block(m, -1) else R_TWO_PAWNS
    if n == 1 and m & ~tab.team_bits[pl] and is_safe(tab, cell(tab, pl, t)):
        return R_SAFE_TAKEN
    return 0


cdef inline i64 dest(i64* st, const void* tab_, i64 slot, i64 k, i64 kind, i64* to) noexcept nogil:
    """Where the single action would take the pawn: the reason (0: possible), the target in *to."""
    cdef const TrackTab* tab = <const TrackTab*>tab_
    cdef i64 pl, p, d
    to[0] = 0
    if st[H_PHASE] != PHASE_MOVE:
        return R_OVER
    if k >= PIECES:
        return R_NO_PIECE
    pl = mover(st, tab)
    p = st[POS + pl * PIECES + k]
    if kind == SUM:
        if slot != 0 or not sum_ready(st) or p != YARD:
            return R_NO_SUM
        if k != first_in_yard(st, pl):
            return R_YARD_ORDER
        return entry(st, tab, pl)
    if kind > SUM:
        return R_NO_KIND
    if slot >= st[H_NDICE] or st[H_DICE + slot] == 0:
        return R_NO_DIE
    d = st[H_DICE + slot]
    if p == YARD:
        if st[G_STAGE]:
            return R_YARD_BONUS
        if d != 5:
            return R_NEST_FIVE
        if kind != STEP:
            return R_NOT_PAST
        if k != first_in_yard(st, pl):
            return R_YARD_ORDER
        return entry(st, tab, pl)
    if p == goal(tab):
        return R_IN_GOAL
    if kind == GO_ROUND:
        if not own(tab).may_pass:
            return R_NO_PASSING
        if p >= tab.ring_size or d <= turn_off(tab, p):
            return R_NOT_PAST
    return reach(st, tab, pl, p, d, kind == STEP, to)


cdef i64 check(i64* st, const void* tab, i64 slot, i64 k, i64 kind) noexcept nogil:
    return die_check(dest, st, tab, slot, k, kind)


cdef i64 gen(i64* st, const void* tab_, i64* out) noexcept nogil:
    """Each die: a 5 enters a pawn, else a step for each pawn and, past the
    home row, round again; then entering on the sum of both dice."""
    cdef const TrackTab* tab = <const TrackTab*>tab_
    cdef i64 n = 0, pl, slot, d, k, p, to
    if st[H_PHASE] != PHASE_MOVE:
        return 0
    pl = mover(st, tab)
    for slot in range(st[H_NDICE]):
        if not die_to_list(st, slot):
            continue
        d = st[H_DICE + slot]
        for k in range(PIECES):                  # dest's checks, without those gen makes sure of
            p = st[POS + pl * PIECES + k]
            if p == YARD:
                if d == 5 and st[G_STAGE] == 0 and k == first_in_yard(st, pl) and entry(st, tab, pl) == 0:
                    out[n] = encode(slot, k, STEP)
                    n += 1
                continue
            if p == goal(tab):
                continue
            if reach(st, tab, pl, p, d, True, &to) == 0:
                out[n] = encode(slot, k, STEP)
                n += 1
            if (own(tab).may_pass and p < tab.ring_size and d > turn_off(tab, p)
                    and reach(st, tab, pl, p, d, False, &to) == 0):
                out[n] = encode(slot, k, GO_ROUND)
                n += 1
    if sum_ready(st):
        k = first_in_yard(st, pl)
        if k >= 0 and entry(st, tab, pl) == 0:
            out[n] = encode(0, k, SUM)
            n += 1
    return n


cdef inline i64 together(const i64* st, const TrackTab* tab, i64 pl) noexcept nogil:
    """Blockades of the roll's start whose two pawns now stand together on a new space."""
    cdef i64 n = 0, k, j, p
    if st[G_PAIRED] == 0:
        return 0
    for k in range(PIECES):
        j = st[PARTNER + k]
        if j > k:
            p = st[POS + pl * PIECES + k]
            if p == st[POS + pl * PIECES + j] and p != st[BPLACE + k] and 0 <= p < goal(tab):
                n += 1
    return n


cdef inline bint intact(const i64* st, i64 pl, i64 k) noexcept nogil:
    """The blockade pawn k stood in when the roll began is still there."""
    cdef i64 j = st[PARTNER + k]
    cdef i64 b = st[BPLACE + k]
    return j >= 0 and st[POS + pl * PIECES + k] == b and st[POS + pl * PIECES + j] == b


cdef inline i64 due(const i64* st, i64 pl) noexcept nogil:
    """Blockades due to be broken (blockade_turns) and still standing."""
    cdef i64 n = 0, k
    if st[G_PAIRED] == 0:
        return 0
    for k in range(PIECES):
        if st[DUE + k] and st[PARTNER + k] > k and intact(st, pl, k):
            n += 1
    return n


cdef i64 play(i64* st, const void* tab_, i64 a, i64* ev, i64 ne) noexcept nogil:
    cdef const TrackTab* tab = <const TrackTab*>tab_
    cdef i64 slot = a_slot(a), k = a_piece(a), kind = a_kind(a)
    cdef i64 pl = mover(st, tab)
    cdef i64 pid = pl * PIECES + k
    cdef i64 p = st[POS + pid]
    cdef i64 t = 0 if p == YARD else target(tab, p, st[H_DICE + slot], kind == STEP)
    cdef i64 used, pips, before = 0, g, foes
    cdef bint dice_stage, captured
    if kind == SUM:
        used = 2
        pips = st[H_DICE] + st[H_DICE + 1]
        st[H_DICE] = 0
        st[H_DICE + 1] = 0
    else:
        used = 1
        pips = st[H_DICE + slot]
        st[H_DICE + slot] = 0
    dice_stage = st[G_STAGE] == 0
    if dice_stage:
        before = together(st, tab, pl)
        st[H_SCORE] += W_MOVE * used + pips + (W_ENTRY if p == YARD and own(tab).must_enter else 0)
        if st[DUE + k] and intact(st, pl, k):
            st[H_SCORE] += W_BREAK
    else:
        st[H_SCORE] += 1
    lift(st, tab, pid)
    captured = False
    if t < tab.ring_size:
        g = cell(tab, pl, t)
        foes = foes_at(st, tab, g, pl)
        if foes:
            ne = capture_all(st, tab, foes, g, pl, ev, ne)
            captured = True
    put(st, tab, pid, t)
    ne = moved_events(st, tab, pl, k, p, t, ev, ne)
    if st[H_PHASE] == PHASE_MOVE:
        if captured:
            ne = earn_bonus(st, tab, CAPTURE_BONUS, ev, ne)
        if t == goal(tab):
            ne = earn_bonus(st, tab, GOAL_BONUS, ev, ne)
    if dice_stage:
        st[H_SCORE] -= W_BLOCKADE * (together(st, tab, pl) - before)
    if tab.partner_plays and mover(st, tab) != pl:
        mark_blockades(st, tab, mover(st, tab))     # the rest of the roll moves the partner's pawns
    return ne


cdef i64 farthest(const i64* st, const TrackTab* tab, i64 pl) noexcept nogil:
    """The pawn closest to Home that is neither in the nest nor Home, -1 none."""
    cdef i64 best = 1 << 30, pick = -1, k, p, r
    for k in range(PIECES):
        p = st[POS + pl * PIECES + k]
        if p != YARD and p != goal(tab):
            r = remaining(tab, p)
            if r < best:
                best = r
                pick = k
    return pick


cdef void mark_blockades(i64* st, const TrackTab* tab, i64 pl) noexcept nogil:
    """Note pl's blockades as the roll (or, once his partner's pawns are his to move, the rest of
    it) begins: their places, pairs, and which stood too long (blockade_turns)."""
    cdef i64 k, j, p
    st[G_PAIRED] = 0
    for k in range(PIECES):
        p = st[POS + pl * PIECES + k]
        st[BPLACE + k] = p
        st[PARTNER + k] = -1
        for j in range(PIECES):
            if j != k and 0 <= p < goal(tab) and st[POS + pl * PIECES + j] == p:
                st[PARTNER + k] = j
                st[G_PAIRED] = 1
    for k in range(PIECES):
        j = st[PARTNER + k]
        st[DUE + k] = 1 if (own(tab).blockade_turns > 0 and j >= 0 and min(
            st[AGE + pl * PIECES + k], st[AGE + pl * PIECES + j]) >= own(tab).blockade_turns) else 0


cdef i64 begin(i64* st, const void* tab_, i64* ev, i64 ne) noexcept nogil:
    cdef const TrackTab* tab = <const TrackTab*>tab_
    cdef i64 pl = mover(st, tab)
    cdef i64 d, k, p
    cdef bint dbl
    if start_roll(st, tab):
        for k in range(PIECES):
            st[TSTART + k] = st[POS + pl * PIECES + k]
    st[H_SCORE] = 2 * W_BLOCKADE          # room for the penalty: scores stay positive
    d = st[H_DICE]
    dbl = d == st[H_DICE + 1]
    if count_run(st, tab, dbl) == 3 and own(tab).three_doubles:
        k = farthest(st, tab, pl)
        if k >= 0:
            p = st[POS + pl * PIECES + k]
            send_to_yard(st, tab, pl * PIECES + k)
            ne = emit(ev, ne, EV_PENALTY, pl, k, numbered(tab, p), 0)
        return void_roll(st, tab, ev, ne)
    if dbl and yard_count(st, pl) == 0:
        st[H_DICE + 2] = 7 - d
        st[H_DICE + 3] = 7 - d
        st[H_NDICE] = 4
    mark_blockades(st, tab, pl)
    return ne


cdef i64 finish(i64* st, const void* tab_, i64* ev, i64 ne) noexcept nogil:
    cdef const TrackTab* tab = <const TrackTab*>tab_
    cdef i64 pl = st[H_PLAYER]
    cdef i64 k, pid
    cdef bint still
    ne = end_roll(st, tab, 1 if st[H_ROLL0] == st[H_ROLL0 + 1] else 0, ev, ne)
    if st[H_PLAYER] != pl:                 # the turn is over: blockades that stood it grow older
        for k in range(PIECES):
            pid = pl * PIECES + k
            still = st[POS + pid] == st[TSTART + k] and in_block(st, tab, pid)
            st[AGE + pid] = st[AGE + pid] + 1 if still else 0
    return ne


cdef i64 potential(i64* st, const void* tab_) noexcept nogil:
    cdef const TrackTab* tab = <const TrackTab*>tab_
    cdef i64 left = 0, pips = 0, fives = 0, slot, d, pl, entries
    for slot in range(st[H_NDICE]):
        d = st[H_DICE + slot]
        if d:
            left += 1
            pips += d
            if d == 5:
                fives += 1
    if st[G_STAGE]:
        return st[H_SCORE] + left
    if sum_ready(st):
        fives += 1
    pl = mover(st, tab)
    entries = 0
    if own(tab).must_enter and fives and entry(st, tab, pl) != R_BLOCK_LAND:
        entries = min(fives, yard_count(st, pl))      # an opponent's blockade stays all roll
    return (st[H_SCORE] + W_BLOCKADE * together(st, tab, pl) + W_ENTRY * entries
            + W_BREAK * due(st, pl) + W_MOVE * left + pips)


cdef double evaluate(i64* st, const void* tab_, i64 me) noexcept nogil:
    return race_value(st, <const TrackTab*>tab_, me, 12, 3.0)


# -- the Python face ---------------------------------------------------------------------------
cdef class ParcheesiEngine(TrackEngine):
    """Parcheesi's rules with a game's tables frozen in."""
    cdef ParcheesiTab tables

    def __init__(self, tab, i64 size, i64 max_actions):
        self.load(&self.tables.track, sizeof(ParcheesiTab), tab)
        self.dest_rule = dest
        self.setup(&self.tables, check, gen, play, begin, finish, potential, evaluate, NULL, size, max_actions,
                   dice_ranges(tab.dice_lo, tab.dice_hi))
        self.team_up()
