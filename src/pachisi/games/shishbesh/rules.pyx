# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False
"""Шиш-беш's compiled rules (shishbesh.py holds the game's Python side and
docs/games/shishbesh.md the rules): each die a step of a piece, or from a corner a 1 or
a 3 a jump; captures, shelters, the house by exact count, extra rolls."""
from pachisi.engine.kernel cimport (dice_ranges, i64, encode, a_slot, a_piece, a_kind, emit, die_to_list, H_PLAYER,
                                    H_PHASE, H_DICE, H_NDICE, H_SCORE, H_WINNER, PHASE_MOVE, PHASE_ROLL,
                                    PHASE_OVER, EV_EXTRA_ROLL, EV_REROLL)
from pachisi.games.race_rules cimport (PIECES, POS, Players, RaceEngine, load_players, die_refused, die_check,
                                       load_fields, burn_dice, pass_turn, die_potential, mover, foe, opponents)
from pachisi.games.folk_rules cimport (SHEL, global_cell, threatened, owner, capture_on, own_in_house, moved_events,
                                       side_refused)

cdef enum:
    MAX_L = 56                  # the circle of the long field
    MAX_JUMP = MAX_L + 6        # jump table columns: circle + arm

cdef struct ShishbeshTab:
    Players players
    i64 circle                  # the circle's cells
    i64 quarter                 # cells between two seats' starts
    i64 house_end
    i64 entry
    i64 quick
    i64 stack
    i64 cumulative
    i64 is_shelter[MAX_L]
    i64 jump[4][MAX_JUMP]


# -- the rules ------------------------------------------------------------------------
cdef i64 dest(i64* st, const void* tab, i64 slot, i64 k, i64 kind, i64* to) noexcept nogil:
    """Where the single-die action would take the piece: the reason (0: possible), the target in *to."""
    cdef const ShishbeshTab* t = <const ShishbeshTab*>tab
    cdef i64 why, d, pl, pid, p, big_l, q, tt, g
    cdef bint double
    to[0] = 0
    why = die_refused(st, slot, k, R_OVER, R_NO_DIE, R_NO_PIECE)
    if why:
        return why
    if kind > JUMP_DIAGONAL:
        return R_NO_KIND
    d = st[H_DICE + slot]
    pl = mover(st, &t.players, t.circle)
    pid = pl * PIECES + k
    p = st[POS + pid]
    big_l = t.circle
    if p == PARK:
        if kind != STEP:
            return R_PARK_JUMP
        double = st[G_DOUBLE] == 1
        if t.entry == ENTRY_SIX and d != 6:
            return R_PARK_SIX
        if t.entry == ENTRY_DOUBLE and not double:
            return R_PARK_DOUBLE
        if t.entry == ENTRY_BOTH and d != 6 and not double:
            return R_PARK_SIX_OR_DOUBLE
        return side_refused(st[CELL + global_cell(t.circle, t.quarter, t.players.seat[pl], 0)], &t.players, pl,
                            R_START_OWN, R_START_PARTNER)
    if st[SHEL + pid] and st[CELL + global_cell(t.circle, t.quarter, t.players.seat[pl], p)]:
        return R_LOCKED
    if kind == STEP:
        tt = p + d
        if tt > t.house_end:
            return R_OVERSHOOT
        if tt > big_l:
            q = own_in_house(st, pl, max(p, big_l), tt)
            if q >= 0:
                return R_OWN_PIECE if q == tt else R_PASS_OWN_HOUSE
            to[0] = tt
            return 0
    else:
        tt = t.jump[kind][p] if p < big_l else -1
        if tt < 0:
            return R_NOT_CORNER
        if d != (3 if kind == JUMP_DIAGONAL else 1):
            return R_JUMP_DIE
    g = global_cell(t.circle, t.quarter, t.players.seat[pl], tt)
    why = side_refused(st[CELL + g], &t.players, pl, R_OWN_PIECE, R_PARTNER_PIECE)
    if why:
        return why
    if kind == STEP and t.is_shelter[g] and not t.stack:
        why = side_refused(st[HUT + g], &t.players, pl, R_OWN_SHELTERED, R_PARTNER_SHELTERED)
        if why:
            return why
    to[0] = tt
    return 0


cdef i64 check(i64* st, const void* tab, i64 slot, i64 k, i64 kind) noexcept nogil:
    return die_check(dest, st, tab, slot, k, kind)


cdef i64 gen(i64* st, const void* tab, i64* out) noexcept nogil:
    """Each die a step for each piece; from a corner, a 1 or a 3 the jumps."""
    cdef const ShishbeshTab* t = <const ShishbeshTab*>tab
    cdef i64 n = 0, pl, slot, d, k, p, kind, to
    if st[H_PHASE] != PHASE_MOVE:
        return 0
    pl = mover(st, &t.players, t.circle)
    for slot in range(st[H_NDICE]):
        if not die_to_list(st, slot):
            continue
        d = st[H_DICE + slot]
        for k in range(PIECES):
            if dest(st, t, slot, k, STEP, &to) == 0:
                out[n] = encode(slot, k, STEP)
                n += 1
            if d == 1 or d == 3:
                p = st[POS + pl * PIECES + k]
                if 0 <= p < t.circle and t.jump[JUMP_FORWARD][p] >= 0:
                    for kind in range(JUMP_FORWARD, JUMP_DIAGONAL + 1):
                        if dest(st, t, slot, k, kind, &to) == 0:
                            out[n] = encode(slot, k, kind)
                            n += 1
    return n


cdef i64 play(i64* st, const void* tab, i64 a, i64* ev, i64 ne) noexcept nogil:
    cdef const ShishbeshTab* t = <const ShishbeshTab*>tab
    cdef i64 slot = a_slot(a), k = a_piece(a), kind = a_kind(a)
    cdef i64 to, pl, pid, p, big_l, g0, g
    dest(st, t, slot, k, kind, &to)
    pl = mover(st, &t.players, t.circle)
    pid = pl * PIECES + k
    p = st[POS + pid]
    big_l = t.circle
    st[H_DICE + slot] = 0
    st[H_SCORE] += 1
    st[G_PLAYED] += 1
    if 0 <= p <= big_l:                     # lift the piece off its cell or shelter
        g0 = global_cell(t.circle, t.quarter, t.players.seat[pl], p)
        if st[SHEL + pid]:
            st[HUT + g0] = 0
            st[SHEL + pid] = 0
        else:
            st[CELL + g0] = 0
    if to <= big_l:
        g = global_cell(t.circle, t.quarter, t.players.seat[pl], to)
        if st[CELL + g]:                     # an enemy (never a partner): captured back to its park
            ne = capture_on(st, CELL + g, g, PARK, pl, ev, ne)
            st[G_CAPT] += 1
        if kind == STEP and t.is_shelter[g] and st[HUT + g] == 0:
            st[HUT + g] = pid + 1
            st[SHEL + pid] = 1
        else:
            st[CELL + g] = pid + 1
    st[POS + pid] = to
    return moved_events(st, &t.players, pl, k, p, to, big_l, p == PARK, kind != STEP, st[SHEL + pid], ev, ne)


cdef i64 begin(i64* st, const void* tab, i64* ev, i64 ne) noexcept nogil:
    st[G_DOUBLE] = 1 if st[H_DICE] == st[H_DICE + 1] else 0
    st[G_CAPT] = 0
    st[G_PLAYED] = 0
    return ne


cdef inline bint none_on_circle(const i64* st, const ShishbeshTab* t, i64 pl) noexcept nogil:
    cdef i64 j, p
    for j in range(PIECES):
        p = st[POS + pl * PIECES + j]
        if 0 <= p <= t.circle:
            return False
    return True


cdef i64 finish(i64* st, const void* tab, i64* ev, i64 ne) noexcept nogil:
    cdef const ShishbeshTab* t = <const ShishbeshTab*>tab
    cdef i64 pl
    cdef bint again
    ne = burn_dice(st, ev, ne)
    if st[H_PHASE] == PHASE_OVER:
        return ne
    st[H_PHASE] = PHASE_ROLL
    pl = st[H_PLAYER]
    if t.cumulative:
        st[G_EXTRA] += st[G_DOUBLE] + st[G_CAPT]
    elif st[G_DOUBLE] or st[G_CAPT]:
        st[G_EXTRA] += 1
    again = False
    if st[G_EXTRA] > 0:
        st[G_EXTRA] -= 1
        again = True
        ne = emit(ev, ne, EV_EXTRA_ROLL, pl, 0, st[G_EXTRA], 0)
    if st[G_PLAYED] == 0 and t.quick and none_on_circle(st, t, mover(st, &t.players, t.circle)):
        st[G_TRIES] += 1                     # quick charge: up to three rolls to get going
        if not again and st[G_TRIES] < 3:
            again = True
            ne = emit(ev, ne, EV_REROLL, pl, 0, 3 - st[G_TRIES], 0)
    elif st[G_PLAYED]:
        st[G_TRIES] = 0
    if not again:
        st[G_TRIES] = 0
        st[G_EXTRA] = 0
        ne = pass_turn(st, t.players.n, ev, ne)
    return ne


cdef double evaluate(i64* st, const void* tab, i64 me) noexcept nogil:
    """Progress of own pieces (and a partner's) against the opponents', with safety and threats."""
    cdef const ShishbeshTab* t = <const ShishbeshTab*>tab
    cdef i64 big_l = t.circle, nopp = opponents(&t.players), q, j, p, g, q2
    cdef double val = 0.0, prog
    for q in range(t.players.n):
        for j in range(PIECES):
            p = st[POS + q * PIECES + j]
            if p == PARK:
                prog = 0.0
            elif p <= big_l:
                prog = 10.0 + p
                if st[SHEL + q * PIECES + j]:
                    prog += 3.0
                else:                        # each enemy 1..6 cells behind threatens it
                    g = global_cell(t.circle, t.quarter, t.players.seat[q], p)
                    for q2 in range(t.players.n):
                        if foe(&t.players, q2, q) and threatened(st, t.circle, t.quarter, t.players.seat, g, q2):
                            prog -= 0.25 * (10.0 + p)
            else:
                prog = 30.0 + big_l + 2.0 * (p - big_l)
            val += -prog / nopp if foe(&t.players, q, me) else prog
    if st[H_WINNER] >= 0 and not foe(&t.players, st[H_WINNER], me):
        val += 1e6
    return val


# -- the engine ------------------------------------------------------------------------
cdef class ShishbeshEngine(RaceEngine):
    """Шиш-беш's rules with a game's tables (a ShishbeshTab namedtuple) frozen in."""
    cdef ShishbeshTab t

    def __init__(self, tab, i64 size, i64 max_actions):
        load_players(&self.t.players, tab)
        load_fields(&self.t.circle, sizeof(ShishbeshTab) - sizeof(Players), tab, tab._fields[tab._fields.index("places") + 1:],
                    {"is_shelter": ((MAX_L,), 0), "jump": ((4, MAX_JUMP), -1)})
        self.dest_rule = dest
        self.setup(&self.t, check, gen, play, begin, finish, die_potential, evaluate, NULL, size, max_actions,
                   dice_ranges(tab.dice_lo, tab.dice_hi))
        self.seat_teams(&self.t.players, self.t.circle)
