# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False
"""Трясучка's compiled rules (tryasuchka.py holds the game's Python side and
docs/games/tryasuchka.md the rules): each die a move of a piece, captures, the teleport
corners with their pushed chains, the house by exact count, extra rolls."""
from pachisi.engine.kernel cimport (dice_ranges, i64, a_slot, a_piece, emit, H_PLAYER, H_PHASE, H_DICE, H_SCORE, H_WINNER,
                                    PHASE_OVER, EV_PUSHED, EV_ENTERED, EV_MOVED, EV_JUMPED, EV_HOUSE)
from pachisi.games.race_rules cimport (PIECES, POS, Players, RaceEngine, load_players, die_refused, die_check,
                                       load_fields, die_gen, arrive_home, burn_dice, roll_again_or_pass,
                                       die_potential, mover, foe, opponents)
from pachisi.games.folk_rules cimport global_cell, owner, capture_on, own_in_house, side_refused


cdef struct TryasuchkaTab:
    Players players
    i64 circle                  # the circle's cells
    i64 quarter                 # cells between two seats' starts
    i64 jump[ENTRANCE + 1]      # teleport target of each relative place, -1 if none
    i64 corner_capture
    i64 push_bonus
    i64 house_bonus


# -- the rules ------------------------------------------------------------------------
cdef inline i64 target(const i64* st, i64 slot, i64 p) noexcept nogil:
    """The hole the die takes the piece at p to (from the base: through the start)."""
    return (0 if p == BASE else p) + st[H_DICE + slot]


cdef i64 dest(i64* st, const void* tab, i64 slot, i64 k, i64 kind, i64* to) noexcept nogil:
    """Where the die moves the piece before any jump: the reason (0: possible),
    the place in *to; a die move is the only kind of move.  A partner's piece (team play) may be
    passed, like an enemy's, but not landed on, like an own one."""
    cdef const TryasuchkaTab* t = <const TryasuchkaTab*>tab
    cdef i64 why, pl, p, start, tt, r, q
    to[0] = 0
    why = die_refused(st, slot, k, R_OVER, R_NO_DIE, R_NO_PIECE)
    if why:
        return why
    pl = mover(st, &t.players, ENTRANCE)
    p = st[POS + pl * PIECES + k]
    start = 0 if p == BASE else p
    tt = target(st, slot, p)
    if tt > HOUSE_END:
        return R_OVERSHOOT
    for r in range(start + 1, min(tt, ENTRANCE) + 1):
        if owner(st[CELL + global_cell(t.circle, t.quarter, t.players.seat[pl], r)]) == pl:
            return R_OWN_PIECE if r == tt else R_OWN_IN_WAY
    if tt <= ENTRANCE:
        why = side_refused(st[CELL + global_cell(t.circle, t.quarter, t.players.seat[pl], tt)], &t.players, pl,
                           R_OWN_PIECE, R_PARTNER_PIECE)
        if why:
            return why
    if tt > ENTRANCE:
        q = own_in_house(st, pl, max(start, ENTRANCE), tt)
        if q >= 0:
            return R_OWN_PIECE if q == tt else R_OWN_IN_WAY
    to[0] = tt
    return 0


cdef i64 check(i64* st, const void* tab, i64 slot, i64 k, i64 kind) noexcept nogil:
    return die_check(dest, st, tab, slot, k, kind)


cdef i64 gen(i64* st, const void* tab, i64* out) noexcept nogil:
    return die_gen(dest, st, tab, out)


cdef i64 capture(i64* st, const TryasuchkaTab* t, i64 g, i64 pl, i64 bonus, i64* ev, i64 ne) noexcept nogil:
    """The enemy on global hole g goes back to its base; the captor earns `bonus` rolls."""
    st[G_EXTRA] += bonus
    return capture_on(st, CELL + g, g, BASE, pl, ev, ne)


cdef i64 clear_corner(i64* st, const TryasuchkaTab* t, i64 pl, i64 c, i64* ev, i64 ne) noexcept nogil:
    """Make room on the jump's target corner c: an enemy there is captured
    (+1); own pieces there (and a partner's, in team play) are pushed one hole
    on, as a chain, and the chain captures an enemy standing just beyond it."""
    cdef i64 seat = t.players.seat[pl]
    cdef i64 g = global_cell(t.circle, t.quarter, seat, c)
    cdef i64 run, beyond, i, a, b, pid, o
    if owner(st[CELL + g]) < 0:
        return ne
    if foe(&t.players, owner(st[CELL + g]), pl):
        return capture(st, t, g, pl, 1, ev, ne)
    run = 0
    while True:
        o = owner(st[CELL + global_cell(t.circle, t.quarter, seat, c + run)])
        if o < 0 or foe(&t.players, o, pl):
            break
        run += 1
    beyond = global_cell(t.circle, t.quarter, seat, c + run)
    if st[CELL + beyond]:
        ne = capture(st, t, beyond, pl, t.push_bonus, ev, ne)
    for i in range(run - 1, -1, -1):
        a = global_cell(t.circle, t.quarter, seat, c + i)
        b = global_cell(t.circle, t.quarter, seat, c + i + 1)
        pid = st[CELL + a] - 1
        st[CELL + b] = pid + 1
        st[CELL + a] = 0
        st[POS + pid] += 1
        if pid // PIECES == pl:
            ne = emit(ev, ne, EV_PUSHED, pl, pid % PIECES, c + i, c + i + 1)
        else:                                 # a partner's piece, in its own numbering
            ne = emit(ev, ne, EV_PUSHED, pid // PIECES, pid % PIECES, st[POS + pid] - 1, st[POS + pid])
    return ne


cdef inline bint own_at(const i64* st, i64 pl, i64 place) noexcept nogil:
    cdef i64 j
    for j in range(PIECES):
        if st[POS + pl * PIECES + j] == place:
            return True
    return False


cdef i64 play(i64* st, const void* tab, i64 a, i64* ev, i64 ne) noexcept nogil:
    cdef const TryasuchkaTab* t = <const TryasuchkaTab*>tab
    cdef i64 slot = a_slot(a), k = a_piece(a)
    cdef i64 pl = mover(st, &t.players, ENTRANCE)
    cdef i64 pid = pl * PIECES + k
    cdef i64 p = st[POS + pid]
    cdef i64 tt = target(st, slot, p)
    cdef i64 g, corner
    st[H_DICE + slot] = 0
    st[H_SCORE] += 1
    if p != BASE and p <= ENTRANCE:
        st[CELL + global_cell(t.circle, t.quarter, t.players.seat[pl], p)] = 0
    if tt <= ENTRANCE:
        g = global_cell(t.circle, t.quarter, t.players.seat[pl], tt)
        corner = t.jump[tt]
        if st[CELL + g] and (corner < 0 or t.corner_capture):   # an enemy: dest refuses own and partners'
            ne = capture(st, t, g, pl, 1, ev, ne)
        ne = emit(ev, ne, EV_ENTERED if p == BASE else EV_MOVED, pl, k, p, tt)
        if corner >= 0:                       # a teleport: jump on at once (+1)
            ne = clear_corner(st, t, pl, corner, ev, ne)
            st[G_EXTRA] += 1
            ne = emit(ev, ne, EV_JUMPED, pl, k, tt, corner)
            tt = corner
            g = global_cell(t.circle, t.quarter, t.players.seat[pl], tt)
        st[CELL + g] = pid + 1
        st[POS + pid] = tt
        return ne
    st[POS + pid] = tt
    ne = emit(ev, ne, EV_HOUSE, pl, k, p, tt)
    if tt == HOUSE_END or (t.house_bonus == HOUSE_STUCK and own_at(st, pl, tt + 1)):
        st[G_EXTRA] += 1                      # can go no further in the house: +1
    if p <= ENTRANCE:
        ne = arrive_home(st, &t.players, pl, k, p, tt, ENTRANCE, ev, ne)
    return ne


cdef i64 begin(i64* st, const void* tab, i64* ev, i64 ne) noexcept nogil:
    """A double earns +1 (2-2 .. 6-6: the dice share only those values)."""
    if st[H_DICE] == st[H_DICE + 1]:
        st[G_EXTRA] += 1
    return ne


cdef i64 finish(i64* st, const void* tab, i64* ev, i64 ne) noexcept nogil:
    cdef const TryasuchkaTab* t = <const TryasuchkaTab*>tab
    ne = burn_dice(st, ev, ne)
    if st[H_PHASE] == PHASE_OVER:
        return ne
    return roll_again_or_pass(st, t.players.n, G_EXTRA, ev, ne)


cdef double evaluate(i64* st, const void* tab, i64 me) noexcept nogil:
    """Progress (own and a partner's) against the opponents', threats from enemies up to 7 holes
    behind, and the extra rolls banked by the player to move."""
    cdef const TryasuchkaTab* t = <const TryasuchkaTab*>tab
    cdef double val = 0.0, prog, banked
    cdef i64 nopp = opponents(&t.players)
    cdef i64 q, j, p, g, back, o
    for q in range(t.players.n):
        for j in range(PIECES):
            p = st[POS + q * PIECES + j]
            if p == BASE:
                prog = 0.0
            elif p <= ENTRANCE:
                prog = 10.0 + p
                g = global_cell(t.circle, t.quarter, t.players.seat[q], p)
                for back in range(1, 8):
                    o = owner(st[CELL + (g - back) % t.circle])
                    if o >= 0 and foe(&t.players, o, q):
                        prog -= 0.3 * (10.0 + p)
                        break
            else:
                prog = 100.0 + 3.0 * (p - ENTRANCE)
            val += -prog / nopp if foe(&t.players, q, me) else prog
    banked = 6.0 * st[G_EXTRA]
    val += -banked / nopp if foe(&t.players, st[H_PLAYER], me) else banked
    if st[H_WINNER] >= 0 and not foe(&t.players, st[H_WINNER], me):
        val += 1e6
    return val


# -- the Python face -------------------------------------------------------------------
cdef class TryasuchkaEngine(RaceEngine):
    """Трясучка's rules with a game's tables (a TryasuchkaTab namedtuple) frozen in."""
    cdef TryasuchkaTab t

    def __init__(self, tab, i64 size, i64 max_actions):
        if tab.circle > CIRCLE or len(tab.jump) != ENTRANCE + 1:
            raise ValueError("the board does not fit the compiled tables")
        load_players(&self.t.players, tab)
        load_fields(&self.t.circle, sizeof(TryasuchkaTab) - sizeof(Players), tab, tab._fields[tab._fields.index("places") + 1:],
                    {"jump": ((ENTRANCE + 1,), -1)})
        self.dest_rule = dest                 # the Python side's dest: the place before any jump
        self.setup(&self.t, check, gen, play, begin, finish, die_potential, evaluate, NULL, size, max_actions,
                   dice_ranges(tab.dice_lo, tab.dice_hi))
        self.seat_teams(&self.t.players, ENTRANCE)
