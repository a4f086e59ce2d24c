# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False
"""Parchís's rules, compiled (parchis.py holds the game's Python side and its rules text)."""
from pachisi.engine.kernel cimport (dice_ranges, i64, a_slot, a_piece, emit, H_PLAYER, H_PHASE, H_DICE, H_SCORE, H_ROLL0,
                                    PHASE_MOVE, EV_PENALTY)
from pachisi.games.race_rules cimport PIECES, POS, bits, die_check, die_gen, dice_left
from pachisi.games.track_rules cimport *


# -- the rules -------------------------------------------------------------------------------
cdef i64 dest(i64* st, const void* tab_, i64 slot, i64 k, i64 kind, i64* to) noexcept nogil:
    """Where the single action would take the piece: the reason (0: possible), the target in *to."""
    cdef const TrackTab* tab = <const TrackTab*>tab_
    cdef i64 d, pl, p, t, m
    to[0] = 0
    m = die_step_refused(st, slot, k, kind)
    if m:
        return m
    d = st[H_DICE + slot]
    pl = mover(st, tab)
    p = st[POS + pl * PIECES + k]
    if p == YARD:
        if st[tab.d + G_STAGE]:
            return R_YARD_BONUS
        if d != 5:
            return R_YARD_FIVE
        if k != first_in_yard(st, pl):
            return R_YARD_ORDER
        m = at(st, tab, cell(tab, pl, 0))
        if bits(m) >= 2:
            if bits(own_bits(m, pl)) == 2:
                return R_EXIT_BARRIER
            if not own(tab).exit_capture or m & ~tab.team_bits[pl] == 0:     # no foe there to capture
                return R_FULL
        return 0
    if p == goal(tab):
        return R_IN_GOAL
    t = target(tab, p, d, True)
    if t < 0:
        return R_OVERSHOOT
    if blocked_between(st, tab, pl, p, d, True, False) or (tab.mixed and mixed_between(st, tab, pl, p, d, True, -1)):
        return R_BLOCKED
    to[0] = t
    if t == goal(tab):
        return 0
    if t >= tab.ring_size:
        return R_FULL if lane_count(st, pl, t) >= 2 else 0
    if bits(at(st, tab, cell(tab, pl, t))) >= 2:
        return R_FULL
    return 0


cdef i64 check(i64* st, const void* tab, i64 slot, i64 k, i64 kind) noexcept nogil:
    return die_check(dest, st, tab, slot, k, kind)


cdef i64 gen(i64* st, const void* tab, i64* out) noexcept nogil:
    return die_gen(dest, st, tab, out)


cdef i64 exit_victim(const i64* st, const TrackTab* tab, i64 pl, i64 g) noexcept nogil:
    """The foreign piece a piece leaving home captures on its exit square g:
    of two foreign pieces the last to arrive."""
    cdef i64 foes = foes_at(st, tab, g, pl)
    cdef i64 victim = -1, pid
    for pid in range(piece_slots(tab)):
        if foes >> pid & 1 and (victim < 0 or st[own(tab).stamp + pid] > st[own(tab).stamp + victim]):
            victim = pid
    return victim


cdef i64 play(i64* st, const void* tab_, i64 a, i64* ev, i64 ne) noexcept nogil:
    cdef const TrackTab* tab = <const TrackTab*>tab_
    cdef i64 slot = a_slot(a), k = a_piece(a)
    cdef i64 pl = mover(st, tab)
    cdef i64 pid = pl * PIECES + k
    cdef i64 p = st[POS + pid]
    cdef i64 t = 0 if p == YARD else target(tab, p, st[H_DICE + slot], True)
    cdef i64 duty, g, foes
    cdef bint captured
    st[H_DICE + slot] = 0
    st[H_SCORE] += 1
    duty = st[own(tab).clock + G_DUTY - G_CLOCK] if st[tab.d + G_STAGE] == 0 else DUTY_NONE
    if (duty == DUTY_EXIT and p == YARD) or (duty == DUTY_OPEN and in_block(st, tab, pid)):
        st[H_SCORE] += 1
    lift(st, tab, pid)
    captured = False
    if t < tab.ring_size:
        g = cell(tab, pl, t)
        foes = foes_at(st, tab, g, pl)
        if p == YARD and bits(at(st, tab, g)) >= 2 and foes:
            ne = capture(st, tab, exit_victim(st, tab, pl, g), g, pl, ev, ne)
            captured = True
        elif foes and not is_safe(tab, g):
            ne = capture_all(st, tab, foes, g, pl, ev, ne)
            captured = True
    put(st, tab, pid, t)
    st[own(tab).clock] += 1
    st[own(tab).stamp + pid] = st[own(tab).clock]
    st[own(tab).clock + G_LAST - G_CLOCK] = pid
    ne = moved_events(st, tab, pl, k, p, t, ev, ne)
    if st[H_PHASE] == PHASE_MOVE:
        if captured:
            ne = earn_bonus(st, tab, CAPTURE_BONUS, ev, ne)
        if t == goal(tab):
            ne = earn_bonus(st, tab, GOAL_BONUS, ev, ne)
    return ne


cdef i64 begin(i64* st, const void* tab_, i64* ev, i64 ne) noexcept nogil:
    cdef const TrackTab* tab = <const TrackTab*>tab_
    cdef i64 pl = mover(st, tab)
    cdef i64 d, last, p
    if start_roll(st, tab):
        st[own(tab).clock + G_LAST - G_CLOCK] = -1
    d = st[H_DICE]
    st[own(tab).clock + G_DUTY - G_CLOCK] = DUTY_NONE
    if count_run(st, tab, d == 6) == 3:
        last = st[own(tab).clock + G_LAST - G_CLOCK]
        if last >= 0:
            p = st[POS + last]
            if p < tab.ring_size or (p < goal(tab) and not own(tab).spare_corridor):
                send_to_yard(st, tab, last)
                ne = emit(ev, ne, EV_PENALTY, last // PIECES, last % PIECES, numbered(tab, p), 0)
        return void_roll(st, tab, ev, ne)
    if d == 6 and yard_count(st, pl) == 0:
        st[H_DICE] = 7
    if d == 5 and yard_count(st, pl) > 0:
        st[own(tab).clock + G_DUTY - G_CLOCK] = DUTY_EXIT
    elif d == 6 and has_own_block(st, tab, pl):
        st[own(tab).clock + G_DUTY - G_CLOCK] = DUTY_OPEN
    return ne


cdef i64 finish(i64* st, const void* tab_, i64* ev, i64 ne) noexcept nogil:
    return end_roll(st, <const TrackTab*>tab_, 1 if st[H_ROLL0] == 6 else 0, ev, ne)


cdef i64 potential(i64* st, const void* tab_) noexcept nogil:
    """A move scores 1, and 1 more when it does the roll's duty (`play`); the
    duty stays what `begin` set all roll, so without one each die left adds 1
    at most (and the kernel needs no look-ahead for the last die)."""
    cdef const TrackTab* tab = <const TrackTab*>tab_
    if st[tab.d + G_STAGE] == 0 and st[own(tab).clock + G_DUTY - G_CLOCK] != DUTY_NONE:
        return st[H_SCORE] + 2 * dice_left(st)
    return st[H_SCORE] + dice_left(st)


cdef double evaluate(i64* st, const void* tab_, i64 me) noexcept nogil:
    return race_value(st, <const TrackTab*>tab_, me, 7, 3.0)


# -- the Python face -------------------------------------------------------------------------
cdef class ParchisEngine(TrackEngine):
    """Parchís's rules with a game's tables frozen in."""
    cdef ParchisTab tables

    def __init__(self, tab, i64 size, i64 max_actions):
        self.load(&self.tables.track, sizeof(ParchisTab), tab)
        self.dest_rule = dest
        self.setup(&self.tables, check, gen, play, begin, finish, potential, evaluate, NULL, size, max_actions,
                   dice_ranges(tab.dice_lo, tab.dice_hi))
        self.team_up()
