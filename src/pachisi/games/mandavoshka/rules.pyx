# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False
"""Мандавошка's compiled rules (mandavoshka.py holds the game's Python side
and docs/games/mandavoshka.md the rules): each die a step of a piece (or a step
that hides in a shelter), from a corner a 1 or a 2 a jump; captures of every
enemy on the cell, the БУР, the obligation to capture (penalty, claim,
forced, lenient) with its look-ahead, the 1-1 flush, a double rolls again."""
from pachisi.engine.kernel cimport (dice_ranges, i64, encode, a_slot, a_piece, a_kind, emit, die_to_list, H_PLAYER, H_PHASE,
                                    H_NDICE, H_DICE, H_SCORE, H_WINNER, PHASE_MOVE, PHASE_OVER, MAX_ACTIONS,
                                    EV_CAPTURED, EV_FLUSHED, EV_PENALTY)
from pachisi.games.race_rules cimport (PIECES, POS, Players, RaceEngine, load_players, bits, die_check, finished,
                                       load_fields, burn_dice, dice_left, roll_again_or_pass, mover, foe,
                                       team_bits, opponents, partner_mover)
from pachisi.games.folk_rules cimport SHEL, global_cell, threatened, moved_events
from pachisi.games.claim_rules cimport CLAIM_STATE, capturers, open_claim, answer_claim, claim_refused, claim_gen

cdef struct MandavoshkaTab:
    Players players
    i64 circle                  # the circle's cells
    i64 quarter                 # cells between two seats' starts
    i64 start
    i64 house_end
    i64 mode
    i64 captor
    i64 single
    i64 backward
    i64 capacity
    i64 is_shelter[CIRCLE]
    i64 corner[CIRCLE]


# -- the rules ------------------------------------------------------------------------
cdef inline i64 cell_of(const MandavoshkaTab* t, i64 player, i64 p) noexcept nogil:
    """global_cell with this game's tables: the global circle cell of the player's place p."""
    return global_cell(t.circle, t.quarter, t.players.seat[player], p)


cdef inline i64 own_bits(i64 player) noexcept nogil:
    return (<i64>15) << (PIECES * player)


cdef inline i64 moving(const i64* st, const MandavoshkaTab* t) noexcept nogil:
    """Whose pieces the player to act moves (race_rules.mover: a partner's once his own are home)."""
    return mover(st, &t.players, t.circle)


cdef inline i64 enemy_cells(const i64* st, const MandavoshkaTab* t, i64 pl) noexcept nogil:
    """Bit mask of the global cells where enemy pieces stand (hidden ones never
    block, nor do a partner's); no cell holds standing pieces of two sides."""
    return ((st[STAND] | st[STAND + 1] | st[STAND + 2] | st[STAND + 3]) & ~st[STAND + pl]
            & ~st[STAND + t.players.partner[pl]])


cdef inline i64 cells_ahead(const MandavoshkaTab* t, i64 g, i64 n) noexcept nogil:
    """Bit mask of the n global cells from g on, round the circle."""
    cdef i64 span = (((<i64>1) << n) - 1) << g
    return (span | (span >> t.circle)) & (((<i64>1) << t.circle) - 1)


cdef inline bint room_to_hide(const i64* st, const MandavoshkaTab* t, i64 g) noexcept nogil:
    return t.is_shelter[g] and bits(st[HUT + g]) < t.capacity


cdef inline i64 target(const MandavoshkaTab* t, i64 p, i64 d, i64 kind) noexcept nogil:
    """Where a die d takes a piece from place p by this kind of move, the rules aside."""
    if kind == DIAGONAL:
        return p + 2 * t.quarter
    if kind == STRAIGHT:
        return p + t.quarter
    if kind == BACK:
        return p - t.quarter if p > t.quarter else p + 3 * t.quarter     # back from the first corner: the срез
    if p >= 0:
        return p + d
    if p == SWAMP:
        return t.start
    return BUR_EXIT if p == BUR_CENTRE else SWAMP       # sixes buy the way out of the БУР


cdef inline bint at_corner(const i64* st, const MandavoshkaTab* t, i64 pl, i64 k) noexcept nogil:
    cdef i64 p = st[POS + pl * PIECES + k]
    return 0 <= p < t.circle and t.corner[cell_of(t, pl, p)] >= 0


cdef inline i64 dest(i64* st, const void* tab, i64 slot, i64 k, i64 kind, i64* to) noexcept nogil:
    """Where the action would take the piece: the reason (0: possible), the target place in *to."""
    cdef const MandavoshkaTab* t = <const MandavoshkaTab*>tab
    cdef i64 d, pl, pid, p, big_l, mine, tt, passed, j, i, over, m
    to[0] = 0
    if st[H_PHASE] != PHASE_MOVE:
        return R_OVER
    if kind >= CALL:
        m = claim_refused(st, G_CLAIM, G_STAKE, k, kind, CALL, R_NO_CALL, R_NOT_AT_STAKE)
        if m == 0:
            to[0] = BUR_CENTRE
        return m
    if st[G_CLAIM]:
        return R_CALLING
    if slot >= st[H_NDICE] or st[H_DICE + slot] == 0:
        return R_NO_DIE
    if k >= PIECES:
        return R_NO_PIECE
    d = st[H_DICE + slot]
    pl = moving(st, t)
    pid = pl * PIECES + k
    p = st[POS + pid]
    big_l = t.circle
    mine = team_bits(&t.players, pl)
    tt = target(t, p, d, kind)
    if kind == STEP or kind == HIDE:
        if p < 0:                               # swamp, БУР, held
            if kind == HIDE:
                return R_NO_SHELTER
            if d != 6:
                return R_SIX
            if p == SWAMP and t.single and st[CELL + cell_of(t, pl, t.start)] & mine:
                return R_START_OWN if st[CELL + cell_of(t, pl, t.start)] & own_bits(pl) else R_START_PARTNER
            to[0] = tt
            return 0
        if p <= big_l and st[SHEL + pid] and st[CELL + cell_of(t, pl, p)] & ~mine:
            return R_LOCKED
        if tt > t.house_end:
            return R_OVERSHOOT
        passed = (tt - 1 if tt <= big_l else big_l) - p
        if passed > 0 and cells_ahead(t, cell_of(t, pl, p + 1), passed) & enemy_cells(st, t, pl):
            return R_BLOCKED
        if tt > big_l:
            for j in range(PIECES):
                if st[POS + pl * PIECES + j] == tt:
                    return R_HOUSE_TAKEN
            if kind == HIDE:
                return R_NO_SHELTER
            to[0] = tt
            return 0
        if kind == HIDE and not room_to_hide(st, t, cell_of(t, pl, tt)):
            return R_NO_SHELTER
        to[0] = tt
        return 0
    if not at_corner(st, t, pl, k):
        return R_NOT_CORNER
    if d != (2 if kind == DIAGONAL else 1):
        return R_JUMP_DIE
    i = t.corner[cell_of(t, pl, p)]
    if kind == DIAGONAL:
        over = CENTRE
    elif kind == STRAIGHT:
        over = (i + 1) % 4
    else:
        if not t.backward:
            return R_NO_BACK
        over = i
    if tt > big_l:
        return R_JUMP_LAP
    if (st[BUR] if over == CENTRE else st[EXIT + over]) > 0:
        return R_BUR_BLOCKS
    to[0] = tt
    return 0


cdef i64 check(i64* st, const void* tab, i64 slot, i64 k, i64 kind) noexcept nogil:
    return die_check(dest, st, tab, slot, k, kind)


cdef i64 gen(i64* st, const void* tab, i64* out) noexcept nogil:
    """While a missed capture may be called: call it on a piece at stake, or
    let it pass.  Else each die a step for each piece, and a step that hides
    on a shelter with room; from a corner, a 1 or a 2 the jumps."""
    cdef const MandavoshkaTab* t = <const MandavoshkaTab*>tab
    cdef i64 n = 0, k, pl, slot, d, r, to, kind
    if st[H_PHASE] != PHASE_MOVE:
        return 0
    if st[G_CLAIM]:
        return claim_gen(st, G_STAKE, CALL, NOCALL, out)
    pl = moving(st, t)
    for slot in range(st[H_NDICE]):
        if not die_to_list(st, slot):
            continue
        d = st[H_DICE + slot]
        for k in range(PIECES):
            r = dest(st, t, slot, k, STEP, &to)
            if r == 0:
                out[n] = encode(slot, k, STEP)
                n += 1
                if st[POS + pl * PIECES + k] >= 0 and to <= t.circle and room_to_hide(st, t, cell_of(t, pl, to)):
                    out[n] = encode(slot, k, HIDE)
                    n += 1
            if d <= 2 and at_corner(st, t, pl, k):
                for kind in range(STRAIGHT, DIAGONAL + 1):
                    if dest(st, t, slot, k, kind, &to) == 0:
                        out[n] = encode(slot, k, kind)
                        n += 1
    return n


cdef void lift(i64* st, const MandavoshkaTab* t, i64 pid) noexcept nogil:
    """Take a piece off wherever it stands (before it moves or is sent away)."""
    cdef i64 q = pid // PIECES, p = st[POS + pid], g
    if 0 <= p <= t.circle:
        g = cell_of(t, q, p)
        if st[SHEL + pid]:
            st[HUT + g] &= ~((<i64>1) << pid)
            st[SHEL + pid] = 0
        else:
            st[CELL + g] &= ~((<i64>1) << pid)
            if st[CELL + g] & own_bits(q) == 0:
                st[STAND + q] &= ~((<i64>1) << g)
    elif p == BUR_EXIT:
        st[EXIT + t.players.seat[q]] -= 1
    elif p == BUR_CENTRE:
        st[BUR] = 0


cdef i64 capture_at(i64* st, const MandavoshkaTab* t, i64 g, i64 pl, i64* ev, i64 ne) noexcept nogil:
    """Every enemy piece standing on global cell g goes to its swamp (or the captor's); a partner's stays."""
    cdef i64 victims = st[CELL + g] & ~team_bits(&t.players, pl), v
    if victims == 0:
        return ne
    st[CELL + g] &= ~victims
    for v in range(PIECES * t.players.n):
        if (victims >> v) & 1:
            st[POS + v] = HELD - pl if t.captor else SWAMP
            st[STAND + v // PIECES] &= ~((<i64>1) << g)
            st[G_CAPT] += 1
            ne = emit(ev, ne, EV_CAPTURED, v // PIECES, v % PIECES, g, pl)
    return ne


cdef i64 play(i64* st, const void* tab, i64 a, i64* ev, i64 ne) noexcept nogil:
    cdef const MandavoshkaTab* t = <const MandavoshkaTab*>tab
    cdef i64 slot = a_slot(a), k = a_piece(a), kind = a_kind(a)
    cdef i64 pl, pid, p, tt, big_l, captured, g
    if kind >= CALL:
        return close_claim(st, t, kind, k, ev, ne)
    pl = moving(st, t)
    pid = pl * PIECES + k
    p = st[POS + pid]
    tt = target(t, p, st[H_DICE + slot], kind)
    big_l = t.circle
    st[H_DICE + slot] = 0
    st[H_SCORE] += 2
    captured = st[G_CAPT]
    lift(st, t, pid)
    st[POS + pid] = tt
    if 0 <= tt <= big_l:
        g = cell_of(t, pl, tt)
        ne = capture_at(st, t, g, pl, ev, ne)
        if kind == HIDE:
            st[HUT + g] |= (<i64>1) << pid
            st[SHEL + pid] = 1
        else:
            st[CELL + g] |= (<i64>1) << pid
            st[STAND + pl] |= (<i64>1) << g
    elif tt == BUR_EXIT:
        st[EXIT + t.players.seat[pl]] += 1
    if t.mode == FORCED and captured == 0 and st[G_CAPT] > 0:
        st[H_SCORE] += 1
    return moved_events(st, &t.players, pl, k, p, tt, big_l, p == SWAMP, kind >= STRAIGHT, kind == HIDE, ev, ne)


cdef i64 begin(i64* st, const void* tab, i64* ev, i64 ne) noexcept nogil:
    """A double rolls again; a 1-1 first flushes every hidden piece to its swamp."""
    cdef const MandavoshkaTab* t = <const MandavoshkaTab*>tab
    cdef i64 g, hidden, v
    st[G_EXTRA] = 1 if st[H_DICE] == st[H_DICE + 1] else 0
    st[G_CAPT] = 0
    if st[H_DICE] == 1 and st[H_DICE + 1] == 1:
        for g in range(t.circle):
            hidden = st[HUT + g]
            st[HUT + g] = 0
            for v in range(PIECES * t.players.n):
                if (hidden >> v) & 1:
                    st[POS + v] = SWAMP
                    st[SHEL + v] = 0
                    ne = emit(ev, ne, EV_FLUSHED, v // PIECES, v % PIECES, g, 0)
    st[G_MISS] = capturers_now(st, t) if t.mode == PENALTY or t.mode == CLAIM else 0
    return ne


cdef inline bint enemy_on(const i64* st, const MandavoshkaTab* t, i64 pl, i64 r) noexcept nogil:
    """An enemy piece stands on the player's relative place r of the circle."""
    return 0 <= r <= t.circle and (st[CELL + cell_of(t, pl, r)] & ~team_bits(&t.players, pl)) != 0


cdef i64 jump_target(const MandavoshkaTab* t, i64 pl, i64 c, i64 d, bint back) noexcept nogil:
    """Where a die d jumps from relative place c (back: the backward 1), or -1."""
    cdef i64 tt
    if c < 0 or c >= t.circle or t.corner[cell_of(t, pl, c)] < 0:
        return -1
    if back:
        return target(t, c, d, BACK) if d == 1 and t.backward else -1
    if d > 2:
        return -1
    tt = target(t, c, d, STRAIGHT if d == 1 else DIAGONAL)
    return tt if tt <= t.circle else -1


cdef bint die_hits(const i64* st, const MandavoshkaTab* t, i64 pl, i64 r, i64 d) noexcept nogil:
    """One die d from relative place r, stepping or jumping, lands on an enemy."""
    cdef bint back
    if r < 0 or r >= t.circle:
        return False
    if enemy_on(st, t, pl, r + d):
        return True
    for back in (False, True):
        if enemy_on(st, t, pl, jump_target(t, pl, r, d, back)):
            return True
    return False


cdef bint capture_in_reach(const i64* st, const MandavoshkaTab* t) noexcept nogil:
    """A quick test before the search: does an enemy stand where some piece
    could land with this roll (ignoring what stands in the way)?"""
    cdef i64 pl = moving(st, t), d0 = st[H_DICE], d1 = st[H_DICE + 1], j, p, order, da, db
    cdef bint back
    for j in range(PIECES):
        p = st[POS + pl * PIECES + j]
        if p == SWAMP and (d0 == 6 or d1 == 6):         # enter, then maybe on with the other die
            if enemy_on(st, t, pl, t.start) or die_hits(st, t, pl, t.start, d1 if d0 == 6 else d0):
                return True
        elif (p == BUR_EXIT or p <= HELD) and d0 == d1 == 6:  # back to the swamp and in at once
            if enemy_on(st, t, pl, t.start):
                return True
        elif 0 <= p < t.circle:
            for order in range(2):                      # (d0, d1), then (d1, d0)
                da = d0 if order == 0 else d1
                db = d1 if order == 0 else d0
                if die_hits(st, t, pl, p, da) or die_hits(st, t, pl, p + da, db):
                    return True
                for back in (False, True):
                    if die_hits(st, t, pl, jump_target(t, pl, p, da, back), db):
                        return True
    return False


cdef i64 capturers_now(i64* st, const MandavoshkaTab* t) noexcept nogil:
    """The pieces that capture in some full play of this roll (claim_rules.capturers), after a quick test."""
    if not capture_in_reach(st, t):
        return 0
    return capturers(st, t, gen, play, SIZE, G_CAPT)


cdef i64 penalise(i64* st, const MandavoshkaTab* t, i64 owner, i64 k, i64 caller, i64* ev, i64 ne) noexcept nogil:
    """The piece goes to the centre of the БУР for a missed capture."""
    cdef i64 pid = owner * PIECES + k, p = st[POS + owner * PIECES + k]
    lift(st, t, pid)
    st[POS + pid] = BUR_CENTRE
    st[BUR] = pid + 1
    return emit(ev, ne, EV_PENALTY, owner, k, p, caller)


cdef i64 finish(i64* st, const void* tab, i64* ev, i64 ne) noexcept nogil:
    """End of the roll: charge a missed capture, then roll again or pass."""
    cdef const MandavoshkaTab* t = <const MandavoshkaTab*>tab
    cdef i64 pl, stake, best, j, p
    ne = burn_dice(st, ev, ne)
    if st[H_PHASE] == PHASE_OVER:
        return ne
    pl = moving(st, t)
    if st[G_MISS] and st[G_CAPT] == 0 and st[BUR] == 0:
        stake = 0
        best = -1
        for j in range(PIECES):                 # pieces gone into the house are out of reach
            p = st[POS + pl * PIECES + j]
            if (st[G_MISS] >> j) & 1 and (p == SWAMP or 0 <= p <= t.circle):
                stake |= (<i64>1) << j
                if best < 0 or p > st[POS + pl * PIECES + best]:
                    best = j
        if stake and t.mode == PENALTY:
            ne = penalise(st, t, pl, best, -1, ev, ne)
        elif stake:
            return open_claim(st, t.players.n, t.players.partner, G_CLAIM, G_STAKE, stake, ev, ne)
    return roll_again_or_pass(st, t.players.n, G_EXTRA, ev, ne)


cdef i64 close_claim(i64* st, const MandavoshkaTab* t, i64 kind, i64 k, i64* ev, i64 ne) noexcept nogil:
    """An opponent calls the missed capture (the chosen piece, of the pieces the offender moved, goes
    to the БУР) or lets it pass to the next opponent; then the offender's turn goes on."""
    cdef i64 offender = st[G_CLAIM] - 1
    if kind == CALL:
        if t.players.partner_plays:
            offender = partner_mover(st, t.players.partner, offender, t.circle)
        ne = penalise(st, t, offender, k, st[H_PLAYER], ev, ne)
    ne = answer_claim(st, t.players.n, t.players.partner, G_CLAIM, G_STAKE, kind == CALL, ev, ne)
    if st[G_CLAIM]:
        return ne
    return roll_again_or_pass(st, t.players.n, G_EXTRA, ev, ne)


cdef i64 potential(i64* st, const void* tab) noexcept nogil:
    cdef const MandavoshkaTab* t = <const MandavoshkaTab*>tab
    cdef i64 bound = st[H_SCORE] + 2 * dice_left(st)
    if t.mode == FORCED and st[G_CAPT] == 0 and st[G_CLAIM] == 0:
        bound += 1
    return bound


cdef double evaluate(i64* st, const void* tab, i64 me) noexcept nogil:
    """Progress of own pieces against the opponents', with safety, threats,
    the БУР, and a missed capture about to be charged; a partner's pieces count as one's own."""
    cdef const MandavoshkaTab* t = <const MandavoshkaTab*>tab
    cdef i64 big_l = t.circle, nopp = opponents(&t.players), q, j, pid, p, g, q2
    cdef double val = 0.0, prog
    for q in range(t.players.n):
        for j in range(PIECES):
            pid = q * PIECES + j
            p = st[POS + pid]
            if p == SWAMP:
                prog = 0.0
            elif p == BUR_EXIT:
                prog = -3.0
            elif p == BUR_CENTRE:
                prog = -6.0
            elif p < 0:
                prog = -1.0
            elif p <= big_l:
                prog = 10.0 + p - t.start
                if st[SHEL + pid]:
                    prog += 3.0
                else:
                    g = cell_of(t, q, p)
                    for q2 in range(t.players.n):
                        if foe(&t.players, q2, q) and threatened(st, t.circle, t.quarter, t.players.seat, g, q2):
                            prog -= 0.25 * (10.0 + p)
                            break
            else:
                prog = 30.0 + big_l + 2.0 * (p - big_l)
            val += -prog / nopp if foe(&t.players, q, me) else prog
    if (st[H_PHASE] == PHASE_MOVE and st[G_CLAIM] == 0 and st[G_MISS] and st[G_CAPT] == 0
            and st[BUR] == 0 and dice_left(st) == 0):
        val += 20.0 / nopp if foe(&t.players, st[H_PLAYER], me) else -20.0
    if st[H_WINNER] >= 0 and not foe(&t.players, st[H_WINNER], me):
        val += 1e6
    return val


cdef bint compulsory(i64* st, const void* tab, i64 a) noexcept nogil:
    """Bots always call a missed capture (seed 001, the claim mode)."""
    return a_kind(a) == CALL


# -- the engine ------------------------------------------------------------------------
cdef class MandavoshkaEngine(RaceEngine):
    """Мандавошка's rules with a game's tables (a MandavoshkaTab namedtuple) frozen in."""
    cdef MandavoshkaTab t

    def __init__(self, tab, i64 size, i64 max_actions):
        if tab.circle != CIRCLE or len(tab.is_shelter) != CIRCLE or len(tab.corner) != CIRCLE:
            raise ValueError("Мандавошка's circle has 48 cells")
        if size != SIZE or size > CLAIM_STATE or max_actions > MAX_ACTIONS:
            raise ValueError("the state or the candidate buffer does not fit the compiled look-ahead")
        load_players(&self.t.players, tab)
        load_fields(&self.t.circle, sizeof(MandavoshkaTab) - sizeof(Players), tab, tab._fields[tab._fields.index("places") + 1:],
                    {"is_shelter": ((CIRCLE,), 0), "corner": ((CIRCLE,), 0)})
        self.dest_rule = dest
        self.setup(&self.t, check, gen, play, begin, finish, potential, evaluate, compulsory, size, max_actions,
                   dice_ranges(tab.dice_lo, tab.dice_hi))
        self.seat_teams(&self.t.players, self.t.circle)
