# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False
"""Ludo's rules, compiled (ludo.py holds the game's Python side and its rules text)."""
from pachisi.engine.kernel cimport dice_ranges, i64, a_slot, a_piece, H_DICE, H_SCORE, H_ROLL0
from pachisi.games.race_rules cimport PIECES, POS, bits, die_check, die_gen, die_potential
from pachisi.games.track_rules cimport *


# -- the rules -----------------------------------------------------------------------
cdef inline i64 dest(i64* st, const void* tab_, i64 slot, i64 k, i64 kind, i64* to) noexcept nogil:
    """Where the single-die action would take the piece: the reason (0: possible), the target in *to.
    (inline: gen's loop runs it for every piece of every roll)"""
    cdef const TrackTab* tab = <const TrackTab*>tab_
    cdef i64 d, pl, p, cap, t, m
    to[0] = 0
    m = die_step_refused(st, slot, k, kind)
    if m:
        return m
    d = st[H_DICE + slot]
    pl = mover(st, tab)
    p = st[POS + pl * PIECES + k]
    cap = 2 if own(tab).blocks else 1
    if p == YARD:
        if d != 6 and not (d == 1 and own(tab).yard_on_one):
            return R_YARD_ONE_SIX if own(tab).yard_on_one else R_YARD_SIX
        if k != first_in_yard(st, pl):
            return R_YARD_ORDER
        t = 0
    elif p == goal(tab):
        return R_IN_GOAL
    else:
        t = target(tab, p, d, True)
        if t < 0:
            return R_OVERSHOOT
        if own(tab).blocks and blocked_between(st, tab, pl, p, d, True, True):
            return R_BLOCKED
    if t == goal(tab):
        to[0] = t
        return 0
    if t >= tab.ring_size:
        to[0] = t
        if lane_count(st, pl, t) >= cap:
            return R_OWN
        return 0
    m = at(st, tab, cell(tab, pl, t))
    if bits(m & tab.team_bits[pl]) >= cap:        # a partner's piece counts as one's own
        return R_OWN
    if own(tab).blocks and has_block(m, pl):
        return R_BLOCK_LAND
    to[0] = t
    return 0


cdef i64 mixed_refusal(i64* st, const TrackTab* tab, i64 slot, i64 k) noexcept nogil:
    """Why an action dest allows is refused by a block of two partners of another team (mixed_blocks, team
    play with blocks): one stands in the way, or where it would land; 0: none.  Kept out of dest, whose
    size decides how the compiler lays out gen's hot loop."""
    cdef i64 pl = mover(st, tab)
    cdef i64 p = st[POS + pl * PIECES + k], d = st[H_DICE + slot], t
    if p == YARD or not own(tab).blocks:
        return 0
    if mixed_between(st, tab, pl, p, d, True, pl):
        return R_BLOCKED
    t = target(tab, p, d, True)
    if 0 <= t < tab.ring_size and mixed_pair(tab, at(st, tab, cell(tab, pl, t)), pl):
        return R_BLOCK_LAND
    return 0


cdef i64 check(i64* st, const void* tab, i64 slot, i64 k, i64 kind) noexcept nogil:
    cdef i64 r = die_check(dest, st, tab, slot, k, kind)
    if r == 0 and (<const TrackTab*>tab).mixed:
        r = mixed_refusal(st, <const TrackTab*>tab, slot, k)
    return r


cdef i64 gen(i64* st, const void* tab, i64* out) noexcept nogil:
    cdef i64 n = die_gen(dest, st, tab, out), i, kept = 0
    if not (<const TrackTab*>tab).mixed:
        return n
    for i in range(n):
        if mixed_refusal(st, <const TrackTab*>tab, a_slot(out[i]), a_piece(out[i])) == 0:
            out[kept] = out[i]
            kept += 1
    return kept


cdef i64 play(i64* st, const void* tab_, i64 a, i64* ev, i64 ne) noexcept nogil:
    cdef const TrackTab* tab = <const TrackTab*>tab_
    cdef i64 slot = a_slot(a), k = a_piece(a)
    cdef i64 pl = mover(st, tab)
    cdef i64 pid = pl * PIECES + k
    cdef i64 p = st[POS + pid]
    cdef i64 t = 0 if p == YARD else target(tab, p, st[H_DICE + slot], True)
    cdef i64 g
    st[H_DICE + slot] = 0
    st[H_SCORE] += 1
    lift(st, tab, pid)
    if t < tab.ring_size:
        g = cell(tab, pl, t)
        if not is_safe(tab, g):
            ne = capture_all(st, tab, foes_at(st, tab, g, pl), g, pl, ev, ne)
    put(st, tab, pid, t)
    return moved_events(st, tab, pl, k, p, t, ev, ne)


cdef i64 begin(i64* st, const void* tab_, i64* ev, i64 ne) noexcept nogil:
    cdef const TrackTab* tab = <const TrackTab*>tab_
    cdef i64 i, snap = own(tab).snap
    if start_roll(st, tab):
        for i in range(piece_slots(tab)):
            st[snap + i] = st[POS + i]
    if count_run(st, tab, st[H_DICE] == 6) == 3:
        ne = void_roll(st, tab, ev, ne)
        if own(tab).void_turn:
            for i in range(piece_slots(tab)):
                st[POS + i] = st[snap + i]
            rebuild(st, tab)
    return ne


cdef i64 finish(i64* st, const void* tab_, i64* ev, i64 ne) noexcept nogil:
    cdef const TrackTab* tab = <const TrackTab*>tab_
    cdef i64 six = 1 if st[H_ROLL0] == 6 else 0
    cdef i64 capt = st[tab.d + G_CAPT] if own(tab).capture_roll else 0
    cdef i64 goals = st[tab.d + G_GOALS] if own(tab).finish_roll else 0
    cdef i64 earned = six + capt + goals if own(tab).cumulative else min(1, six + capt + goals)
    return end_roll(st, tab, earned, ev, ne)


cdef double evaluate(i64* st, const void* tab_, i64 me) noexcept nogil:
    cdef const TrackTab* tab = <const TrackTab*>tab_
    return race_value(st, tab, me, 6, 4.0 if own(tab).blocks else 0.0)


# -- the Python face -------------------------------------------------------------------
cdef class LudoEngine(TrackEngine):
    """Ludo's rules with a game's tables frozen in."""
    cdef LudoTab tables

    def __init__(self, tab, i64 size, i64 max_actions):
        self.load(&self.tables.track, sizeof(LudoTab), tab)
        self.dest_rule = dest
        self.setup(&self.tables, check, gen, play, begin, finish, die_potential, evaluate, NULL, size, max_actions,
                   dice_ranges(tab.dice_lo, tab.dice_hi))
        self.team_up()
