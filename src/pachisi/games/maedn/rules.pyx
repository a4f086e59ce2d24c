# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False
"""Mensch ärgere Dich nicht's rules, compiled (maedn/__init__.py holds the game's Python side and
docs/games/maedn.md the rules): the order of the forced moves (clear the A field, enter on a 6,
else any move), the goal fields counted one by one, the three tries, the obligation to capture,
the backward capture, the barriers and walls, Non t'arrabbiare's entering on a 5, 6 that
counts 7, third 6 and bonus moves, Mens erger je niet's first roll, own captures and bound entry,
Chińczyk's sixes kept and added to the next roll and safe start fields, Fia's entries, own pieces never
passed and bounce, and a missed capture called by an opponent (claim_rules.pxd)."""
from pachisi.engine.kernel cimport (dice_ranges, i64, encode, a_slot, a_piece, a_kind, emit, die_to_list, H_PLAYER, H_PHASE, H_WINNER,
                                    H_NDICE, H_DICE, H_SCORE, H_ROLL0, PHASE_MOVE, PHASE_ROLL, EV_ENTERED,
                                    EV_HOUSE, EV_MOVED, EV_PENALTY, EV_REROLL)
from pachisi.games.race_rules cimport (PIECES, POS, bits, die_potential, die_refused, reach_home, burn_dice,
                                       roll_again_or_pass, all_past, finished, record_finish, partner_mover)
from pachisi.games.track_rules cimport *
from pachisi.games.claim_rules cimport open_claim, answer_claim, claim_refused, claim_gen

cdef enum:
    CLEAR = 1                      # the piece on the own A field while pieces wait on B (rule 3a)
    ENTER = 2                      # a piece entering from B (rule 3b)
    CAPTURES = 4                   # the move lands on an opponent
    BOUND = 8                      # the piece a 6 has just brought out (entered_moves_on)
    FREE = 16                      # a neutral piece's move outside rule 3's order (neutral_order off): it
                                   # passes CLEAR and ENTER and asks neither of the other moves
    MOST = (4 * PIECES + 1) * 6    # candidates a roll can have (own and neutral pieces, two kinds each, and
                                   # a kept 6, every die slot)


cdef inline i64 home_after(const TrackTab* tab) noexcept nogil:
    """The last place before home: the field before the goal (every goal field is home), or on the Petits
    chevaux board the ladder's top step (the centre is)."""
    return tab.ring_size + tab.lane_size - 1 if own(tab).ladder else tab.ring_size - 1


cdef inline i64 moving(const i64* st, const TrackTab* tab) noexcept nogil:
    """Whose pieces the player to act moves: his own, or his partner's once his own are home (teams with
    partner_plays)."""
    if tab.partner_plays:
        return partner_mover(st, tab.partner, st[H_PLAYER], home_after(tab))
    return st[H_PLAYER]


cdef inline i64 whose(const i64* st, const TrackTab* tab, i64 k) noexcept nogil:
    """Whose piece an action's piece k (0..7) moves: k 4..7 the neutral colour's (all_colours for three),
    else the mover's own (or his partner's: moving)."""
    if k >= PIECES:
        return own(tab).neutral
    return moving(st, tab)


cdef inline i64 action_pieces(const TrackTab* tab) noexcept nogil:
    """The pieces an action may name: the own four, and with a neutral colour its four (4..7)."""
    return 2 * PIECES if own(tab).neutral >= 0 else PIECES


# -- the rules -----------------------------------------------------------------------
cdef inline i64 last_goal(const TrackTab* tab) noexcept nogil:
    """The place of goal field d (the goal fields are the lane; there is no place beyond)."""
    return tab.ring_size + tab.lane_size - 1


cdef inline bint barrier_behind(const i64* st, const TrackTab* tab, i64 pl, i64 p, i64 d) noexcept nogil:
    """A barrier (a wall of another colour) stands on a field strictly between ring place p and p - d
    (a backward move)."""
    cdef i64 i, skip = pl if own(tab).barriers == BARRIER_WALL else -1
    for i in range(1, d):
        if has_block(at(st, tab, cell(tab, pl, p - i)), skip):
            return True
    return False


cdef inline bint fresh(const i64* st, i64 pl) noexcept nogil:
    """The player has yet to make its first roll (first_roll_enters)."""
    return (st[G_FRESH] >> pl) & 1


cdef inline bint own_between(const i64* st, i64 pl, i64 k, i64 a, i64 b) noexcept nogil:
    """Another piece of pl than k stands on one of its places a..b (ring and goal places of one
    player only grow along its way, so they compare)."""
    cdef i64 j, q
    for j in range(PIECES):
        if j != k:
            q = st[POS + pl * PIECES + j]
            if a <= q <= b:
                return True
    return False


cdef inline i64 deepest_free(const i64* st, const TrackTab* tab, i64 pl, i64 k) noexcept nogil:
    """The deepest goal field no other own piece stands on (bounce)."""
    cdef i64 q = last_goal(tab)
    while q >= tab.ring_size and own_between(st, pl, k, q, q):
        q -= 1
    return q


cdef inline i64 centre(const TrackTab* tab) noexcept nogil:
    """The place of the centre beyond the ladder (ladder): every horse home stands there."""
    return tab.ring_size + tab.lane_size


cdef inline i64 tip_walk(const TrackTab* tab, i64 p, i64 i) noexcept nogil:
    """Ring place p after i steps toward the own tip, counting back from it by what is left (ladder)."""
    cdef i64 q = p + i
    return 2 * tab.last_ring - q if q > tab.last_ring else q


cdef inline bint own_on(const i64* st, const TrackTab* tab, i64 pl, i64 q) noexcept nogil:
    """A piece of pl, or one it treats as its own (kin_on), stands on its ring place q."""
    cdef i64 m = at(st, tab, cell(tab, pl, q))
    return own_bits(m, pl) != 0 or kin_on(st, tab, pl, m)


cdef i64 chevaux(const i64* st, const TrackTab* tab, i64 pl, i64 k, i64 p, i64 d, i64* to) noexcept nogil:
    """A horse's move on the Petits chevaux board (ladder): from the tip and up the ladder one step a
    roll, by the number of the step it goes to (a 6 from step 6 into the centre); on the track the
    roll counts to the own tip and back by the rest; ending on an own horse, it stops on the square
    before it (behind_own); with no_overtaking it passes no horse."""
    cdef i64 t, j, i, q
    if p == centre(tab):
        return R_IN_GOAL
    if p >= tab.last_ring:
        if d != min(p - tab.last_ring + 1, 6):
            return R_LADDER
        t = p + 1
        if t < centre(tab) and own_between(st, pl, k, t, t):
            return R_OWN
        to[0] = t
        return 0
    j = d
    while tip_walk(tab, p, j) != p and own_on(st, tab, pl, tip_walk(tab, p, j)):
        if not own(tab).behind_own:
            return R_OWN
        j -= 1
    t = tip_walk(tab, p, j)
    if t == p:
        return R_OWN if j < d else R_TIP_BACK
    if own(tab).no_overtaking:
        for i in range(1, j):
            q = tip_walk(tab, p, i)
            if q != p and at(st, tab, cell(tab, pl, q)):
                return R_OVERTAKE
    to[0] = t
    return 0


cdef inline bint kin_on(const i64* st, const TrackTab* tab, i64 pl, i64 m) noexcept nogil:
    """Pieces in the mask m that a piece of colour pl treats as its own though they are another colour's: the
    player's other colour (all_colours), a partner's (teams), or for a neutral piece the mover's."""
    return (m & tab.team_bits[pl] & ~((<i64>15) << (4 * pl))) != 0 or (pl == own(tab).neutral
                                                                        and own_bits(m, st[H_PLAYER]) != 0)


cdef inline i64 base(i64* st, const TrackTab* tab, i64 slot, i64 k, i64 kind, i64* to) noexcept nogil:
    """Whether the action's piece k (0..7: 4..7 the neutral colour's) can make the move by itself, the order
    of rule 3 aside: the reason (0: it can), the target in *to."""
    if PIECES <= k < action_pieces(tab):
        return piece_move(st, tab, own(tab).neutral, slot, k - PIECES, k, kind, to)
    return piece_move(st, tab, moving(st, tab), slot, k, k, kind, to)


cdef i64 piece_move(i64* st, const TrackTab* tab, i64 pl, i64 slot, i64 k, i64 a, i64 kind, i64* to) noexcept nogil:
    """base for piece k of colour pl (the action's piece a): the neutral colour's pieces move by the same
    rules as one's own."""
    cdef i64 d, p, t, m, q, cap
    to[0] = 0
    m = die_refused(st, slot, k, R_OVER, R_NO_DIE, R_NO_PIECE)
    if m:
        return m
    if (kind != STEP and not (kind == BACK and own(tab).backward) and not (kind == KEEP and own(tab).six_sum)
            and not (kind == ENTER2 and own(tab).enter_two)):
        return R_NO_KIND
    d = st[H_DICE + slot]
    cap = 2 if own(tab).barriers else 1
    if st[G_STAGE] and (kind != STEP or st[POS + pl * PIECES + k] == YARD):
        return R_BONUS_FORWARD         # a bonus moves a piece on the track or in the goal forward
    if kind == KEEP:                   # offered beside bringing a piece out; otherwise the 6 is kept anyway
        if d != 6 or a != 0:
            return R_NO_KEEP
        k = first_in_yard(st, pl)
        if k < 0 or piece_move(st, tab, pl, slot, k, k, STEP, to) != 0:
            return R_NO_KEEP
        to[0] = 0
        return 0
    p = st[POS + pl * PIECES + k]
    if own(tab).six_sum and d == 6 and p != YARD:
        return R_SIX_KEPT
    if kind == ENTER2:                 # two pieces onto the A field, none of one's own there
        if p != YARD or d != 6 or yard_count(st, pl) < 2:
            return R_TWO
        if k != first_in_yard(st, pl):
            return R_YARD_ORDER
        if own_between(st, pl, k, 0, 0) or (kin_on(st, tab, pl, at(st, tab, cell(tab, pl, 0)))
                                            and not own(tab).own_capture):
            return R_OWN
        to[0] = 0
        return 0
    if p == YARD:
        if kind == BACK:
            return R_BACK_START
        if d != own(tab).enter_roll and not fresh(st, pl) and not (d == 1 and own(tab).enter_one):
            return (R_YARD_ONE_SIX if own(tab).enter_one else R_YARD_SIX if own(tab).enter_roll == 6
                    else R_YARD_FIVE)
        if k != first_in_yard(st, pl):
            return R_YARD_ORDER
        t = d if fresh(st, pl) else 5 if d == 6 and own(tab).enter_two else 0
        if t > 0 and not own(tab).pass_own and own_between(st, pl, k, 0, t - 1):
            return R_OWN_PASS
    elif kind == BACK:
        if p >= tab.ring_size or p - d <= 0:
            return R_BACK_START
        t = p - d
        if st[G_BLOCKS] and own(tab).barriers and barrier_behind(st, tab, pl, p, d):
            return R_BLOCKED
        m = at(st, tab, cell(tab, pl, t))
        if foes_at(st, tab, cell(tab, pl, t), pl) == 0 or is_safe(tab, cell(tab, pl, t)):
            return R_BACK_TARGET
        if own(tab).barriers and has_block(m, pl):
            return R_BLOCK_LAND
        to[0] = t
        return 0
    elif own(tab).ladder:
        return chevaux(st, tab, pl, k, p, d, to)
    else:
        t = p + d                  # the ring's last place is L - 1: the goal fields follow on
        if t > last_goal(tab) and own(tab).bounce:
            q = deepest_free(st, tab, pl, k)
            if q <= p:
                return R_GOAL_END
            t = 2 * q - t          # on to the deepest free goal field, back by the rest
            if t < tab.ring_size <= p:
                return R_GOAL_END      # a piece in the goal does not bounce out of it
            if not own(tab).pass_own and (own_between(st, pl, k, p + 1, q) or own_between(st, pl, k, t + 1, q - 1)):
                return R_OWN_PASS
        elif t > last_goal(tab):
            return R_GOAL_END if p >= tab.ring_size else R_OVERSHOOT
        elif not own(tab).pass_own and own_between(st, pl, k, p + 1, t - 1):
            return R_OWN_PASS
        if t > tab.ring_size and not own(tab).goal_jump:
            for q in range(max(p + 1, tab.ring_size), t):
                if lane_count(st, pl, q):
                    return R_GOAL_JUMP
        if own(tab).no_overtaking:         # any piece on the way forward, on the track or in the goal
            for q in range(p + 1, min(p + d, last_goal(tab) + 1)):
                if at(st, tab, cell(tab, pl, q)) if q < tab.ring_size else lane_count(st, pl, q):
                    return R_OVERTAKE
        if st[G_BLOCKS] and own(tab).barriers and blocked_between(st, tab, pl, p, d, True,
                                                                  own(tab).barriers == BARRIER_WALL):
            return R_BLOCKED
    if t >= tab.ring_size:
        if own_between(st, pl, k, t, t):
            return R_OWN
        to[0] = t
        return 0
    m = at(st, tab, cell(tab, pl, t))
    if is_safe(tab, cell(tab, pl, t)):     # safe_starts: any number of pieces, nobody captured
        to[0] = t
        return 0
    if m and (bits(own_bits(m, pl)) >= cap or kin_on(st, tab, pl, m)) and not own(tab).own_capture:
        return R_OWN                       # all_colours: the player's other colour counts as his own; a neutral
                                           # piece never lands on the mover's; teams: a partner's is one's own
    if own(tab).barriers and has_block(m, pl):
        return R_BLOCK_LAND
    to[0] = t
    return 0


cdef inline bint takes(const i64* st, const TrackTab* tab, i64 pl, i64 t) noexcept nogil:
    """A piece of pl ending on ring place t captures an opponent there (none is captured on a safe start)."""
    cdef i64 g = cell(tab, pl, t)
    return foes_at(st, tab, g, pl) != 0 and not is_safe(tab, g)


cdef inline i64 colour_candidates(i64* st, const TrackTab* tab, i64 pl, i64 first, i64* out, i64* cls,
                                  i64 n) noexcept nogil:
    """The moves the pieces of colour pl (the actions' pieces first..first+3) can make by themselves, added
    from out[n] on, with what rule 3 and the capture rule ask of each (CLEAR, ENTER, CAPTURES bits in cls)."""
    cdef i64 slot, k, kind, to, p
    cdef i64 kinds = 4 if own(tab).enter_two else 3 if own(tab).six_sum else 2 if own(tab).backward else 1
    cdef bint waiting = yard_count(st, pl) > 0
    for slot in range(st[H_NDICE]):
        if not die_to_list(st, slot):
            continue
        for k in range(PIECES):
            for kind in range(kinds):
                if piece_move(st, tab, pl, slot, k, first + k, kind, &to) != 0:
                    continue
                p = st[POS + pl * PIECES + k] if kind != KEEP else -2      # keeping a 6 is no piece's move
                out[n] = encode(slot, first + k, kind)
                cls[n] = ((CLEAR if p == 0 and waiting and kind != ENTER2 else 0) | (ENTER if p == YARD else 0)
                          | (BOUND if st[G_BOUND] == first + k + 1 else 0)
                          | (CAPTURES if to < tab.ring_size and takes(st, tab, pl, to) else 0))
                if first and not own(tab).neutral_order:
                    cls[n] |= FREE | CLEAR | ENTER
                n += 1
    return n


cdef inline i64 candidates(i64* st, const TrackTab* tab, i64* out, i64* cls) noexcept nogil:
    """Every move the pieces can make by themselves: the mover's (or his partner's, teams), then the neutral
    colour's, of which rule 3 asks the same."""
    cdef i64 n = colour_candidates(st, tab, moving(st, tab), 0, out, cls, 0)
    if own(tab).neutral >= 0:
        n = colour_candidates(st, tab, own(tab).neutral, PIECES, out, cls, n)
    return n


cdef inline i64 narrowing(const i64* st, const TrackTab* tab, const i64* cls, i64 n) noexcept nogil:
    """The class every legal move must have (0: none) and the reason a move without it is refused:
    rule 3a clears the A field, then 3b enters on a 6 (a 6 may move instead with six_either), then
    mustCapture=forced captures; a bonus (a later stage of the roll) only the last."""
    cdef i64 i, seen = 0
    for i in range(n):
        seen |= cls[i] & ~(CLEAR | ENTER) if cls[i] & FREE else cls[i]
    if st[G_STAGE]:
        seen &= CAPTURES
    if seen & BOUND:
        return BOUND
    if seen & CLEAR and own(tab).forced_order:
        return CLEAR
    if seen & ENTER and own(tab).forced_order and not (own(tab).six_either and st[H_ROLL0] == 6):
        return ENTER
    if seen & CAPTURES and own(tab).must_capture == CAPTURE_FORCED:
        return CAPTURES
    return 0


cdef inline i64 dest(i64* st, const void* tab_, i64 slot, i64 k, i64 kind, i64* to) noexcept nogil:
    """Where the single-die action would take the piece: the reason (0: legal), the target in *to."""
    cdef const TrackTab* tab = <const TrackTab*>tab_
    cdef i64 out[MOST]
    cdef i64 cls[MOST]
    cdef i64 m, n, i, need, a = encode(slot, k, kind)
    if kind == CALL or kind == NOCALL:
        to[0] = YARD
        return R_OVER if st[H_PHASE] != PHASE_MOVE else claim_refused(st, G_CLAIM, G_STAKE, k, kind, CALL,
                                                                        R_NO_CALL, R_NOT_AT_STAKE)
    if st[G_CLAIM]:
        to[0] = 0
        return R_CALLING
    m = base(st, tab, slot, k, kind, to)
    if m:
        return m
    n = candidates(st, tab, out, cls)
    need = narrowing(st, tab, cls, n)
    for i in range(n):
        if out[i] == a and cls[i] & need != need:
            return (R_BOUND if need == BOUND else R_CLEAR_START if need == CLEAR else R_MUST_ENTER if need == ENTER
                    else R_MUST_CAPTURE)
    return 0


cdef i64 check(i64* st, const void* tab, i64 slot, i64 k, i64 kind) noexcept nogil:
    cdef i64 to
    return dest(st, tab, slot, k, kind, &to)


cdef i64 gen(i64* st, const void* tab_, i64* out) noexcept nogil:
    """The legal moves: the candidates narrowed by rule 3's order and the capture rule."""
    cdef const TrackTab* tab = <const TrackTab*>tab_
    cdef i64 cls[MOST]
    cdef i64 n, need, i, m = 0
    if st[H_PHASE] != PHASE_MOVE:
        return 0
    if st[G_CLAIM]:
        return claim_gen(st, G_STAKE, CALL, NOCALL, out)
    n = candidates(st, tab, out, cls)
    need = narrowing(st, tab, cls, n)
    if need == 0:
        return n
    for i in range(n):
        if cls[i] & need:
            out[m] = out[i]
            m += 1
    return m


cdef i64 neutral_home(i64* st, const TrackTab* tab, i64 pl, i64 who, i64 k, i64 a, i64 b, i64 last, i64* ev,
                      i64 ne) noexcept nogil:
    """Piece k of `who` (pl's own or the neutral colour's) has come home, pl moving it: a player whose own
    four are home has finished only once the neutral four are home too; the move that completes both places
    every player then done, pl first, then the others in turn order."""
    cdef i64 i, q
    ne = emit(ev, ne, EV_FINISHED, who, k, a, b)
    if not all_past(st, own(tab).neutral, last):
        return ne
    for i in range(tab.nplayers):
        q = (pl + i) % tab.nplayers
        if st[H_PHASE] == PHASE_MOVE and all_past(st, q, last) and not finished(st, q):
            ne = record_finish(st, tab.nplayers, q, tab.places, ev, ne)
    return ne


cdef inline i64 home_in(i64* st, const TrackTab* tab, i64 pl, i64 who, i64 k, i64 p, i64 t, i64 last, i64* ev,
                        i64 ne) noexcept nogil:
    """Piece k of `who` has come home, pl moving it (every place past `last` is home): the player, or
    with all_colours the player's two colours together, his team (teams), or with the neutral colour the
    players done, may have finished."""
    st[G_GOALS] += 1
    if tab.teams:
        return team_home(st, tab.nplayers, tab.places, tab.partner, tab.team_first, who, k, p, t, last, ev, ne)
    if own(tab).neutral >= 0:
        return neutral_home(st, tab, pl, who, k, p, t, last, ev, ne)
    return reach_home(st, tab.nplayers, tab.places, who, k, p, t, last, ev, ne)


cdef i64 play(i64* st, const void* tab_, i64 a, i64* ev, i64 ne) noexcept nogil:
    cdef const TrackTab* tab = <const TrackTab*>tab_
    cdef i64 slot = a_slot(a), k = a_piece(a), kind = a_kind(a)
    cdef i64 pl = st[H_PLAYER], who, pid, p, d = st[H_DICE + slot]
    cdef i64 t, g, k2, foes = 0
    if kind == CALL or kind == NOCALL:
        if kind == CALL:
            who = st[G_CLAIM] - 1              # the offender, or the partner whose pieces he moved
            if tab.partner_plays and all_past(st, who, home_after(tab)):
                who = tab.partner[who]
            ne = punish(st, tab, who, k, pl, ev, ne)
        ne = answer_claim(st, tab.nplayers, tab.partner, G_CLAIM, G_STAKE, kind == CALL, ev, ne)
        return ne if st[G_CLAIM] else turn_on(st, tab, ev, ne)
    base(st, tab, slot, k, kind, &t)
    st[H_DICE + slot] = 0
    st[H_SCORE] += 1
    if kind == KEEP:
        st[G_KEPT] += d
        return ne
    st[G_LAST] = k + 1
    who = whose(st, tab, k)
    k &= PIECES - 1
    pid = who * PIECES + k
    p = st[POS + pid]
    lift(st, tab, pid)
    if t < tab.ring_size and not is_safe(tab, cell(tab, who, t)):
        g = cell(tab, who, t)
        foes = foes_at(st, tab, g, who)
        ne = capture_all(st, tab, at(st, tab, g) if own(tab).own_capture else foes, g, pl, ev, ne)
    put(st, tab, pid, t)
    if kind == ENTER2:
        ne = emit(ev, ne, EV_ENTERED, who, k, p, t)
        k2 = first_in_yard(st, who)
        put(st, tab, who * PIECES + k2, t)
        st[G_LAST] = k2 + 1 + (a_piece(a) & PIECES)
        k = k2
    if p == YARD:
        st[G_FRESH] &= ~((<i64>1) << pl)
        if own(tab).bound_entry and st[H_ROLL0] == 6:
            st[G_ENTERED] = k + 1 + (a_piece(a) & PIECES)
    if p == YARD:
        ne = emit(ev, ne, EV_ENTERED, who, k, p, t)
    elif t >= tab.ring_size:
        ne = emit(ev, ne, EV_HOUSE, who, k, p, t)
    else:
        ne = emit(ev, ne, EV_MOVED, who, k, p, t)
    if own(tab).ladder:
        if t == centre(tab):               # the horse is home
            ne = home_in(st, tab, pl, who, k, p, t, t - 1, ev, ne)
    elif t >= tab.ring_size > p:
        ne = home_in(st, tab, pl, who, k, p, t, tab.ring_size - 1, ev, ne)
        if own(tab).bonus and st[H_PHASE] == PHASE_MOVE and not all_past(st, who, tab.ring_size - 1):
            ne = earn_bonus(st, tab, GOAL_BONUS, ev, ne)
    if foes and own(tab).bonus:
        ne = earn_bonus(st, tab, CAPTURE_BONUS, ev, ne)
    return ne


cdef i64 capturers(i64* st, const TrackTab* tab) noexcept nogil:
    """The pieces with a capturing legal move in this roll (bits): whom a missed capture is charged to."""
    cdef i64 out[MOST]
    cdef i64 cls[MOST]
    cdef i64 n = candidates(st, tab, out, cls), need = narrowing(st, tab, cls, n), i, miss = 0
    for i in range(n):
        if cls[i] & CAPTURES and cls[i] & need == need and a_piece(out[i]) < PIECES:
            miss |= (<i64>1) << a_piece(out[i])     # a neutral piece is nobody's: its missed capture is not charged
    return miss


cdef i64 begin(i64* st, const void* tab_, i64* ev, i64 ne) noexcept nogil:
    """The third 6 in a row (third_six): not played, the piece moved last goes back to B unless it is
    in the goal; a 6 counts 7 once no piece waits on B (six_counts_seven); note who could capture."""
    cdef const TrackTab* tab = <const TrackTab*>tab_
    cdef i64 pl = st[H_PLAYER], last, p, who
    if start_roll(st, tab):
        st[G_LAST] = 0
    st[G_MISS] = 0
    st[G_BOUND] = st[G_ENTERED]
    st[G_ENTERED] = 0
    if own(tab).third_six and count_run(st, tab, st[H_DICE] == 6) == 3:
        last = st[G_LAST] - 1
        if last >= 0:
            who = whose(st, tab, last)         # the piece moved last may be a neutral one (or a partner's)
            last &= PIECES - 1
            p = st[POS + who * PIECES + last]
            if 0 <= p < tab.ring_size:
                send_to_yard(st, tab, who * PIECES + last)
                ne = emit(ev, ne, EV_PENALTY, who, last, p, 0)
        return void_roll(st, tab, ev, ne)
    if st[H_DICE] == 6 and own(tab).six_seven and yard_count(st, moving(st, tab)) == 0:
        st[H_DICE] = 7
    if st[H_DICE] != 6 and st[G_KEPT]:
        st[H_DICE] += st[G_KEPT]           # the sixes kept and this roll move one piece together
        st[G_KEPT] = 0
    if own(tab).must_capture == CAPTURE_PENALTY or own(tab).must_capture == CAPTURE_CLAIM:
        st[G_MISS] = capturers(st, tab)
    return ne


cdef bint stuck(const i64* st, const TrackTab* tab, i64 pl) noexcept nogil:
    """Rule 6: a piece waits on B, no piece is on the track, and no goal piece could advance by a 1, 2 or
    3 (a colour with every piece home, waiting for the other colour of its player, rolls once); with the
    neutral colour, the player's own pieces and the neutral ones together."""
    cdef i64 nn = own(tab).neutral
    if nn < 0:
        return yard_count(st, pl) > 0 and idle(st, tab, pl)
    return yard_count(st, pl) + yard_count(st, nn) > 0 and idle(st, tab, pl) and idle(st, tab, nn)


cdef bint idle(const i64* st, const TrackTab* tab, i64 pl) noexcept nogil:
    """No piece of pl is on the track, and none in the goal could advance by a 1, 2 or 3."""
    cdef i64 j, p, t, q
    cdef bint free
    for j in range(PIECES):
        p = st[POS + pl * PIECES + j]
        if 0 <= p < tab.ring_size:
            return False
        if p < tab.ring_size:
            continue
        if own(tab).ladder:
            if p < centre(tab):                # a horse on the ladder climbs on some roll
                return False
            continue
        for t in range(p + 1, min(p + 3, last_goal(tab)) + 1):
            free = lane_count(st, pl, t) == 0
            if free and not own(tab).goal_jump:
                for q in range(p + 1, t):
                    if lane_count(st, pl, q):
                        free = False
            if free:
                return False
    return True


cdef i64 most_advanced(const i64* st, const TrackTab* tab, i64 pl, i64 miss) noexcept nogil:
    """Whom a missed capture is charged to: the most advanced piece that could have captured and is
    still on the track, -1 none."""
    cdef i64 best = -1, j, p
    for j in range(PIECES):
        p = st[POS + pl * PIECES + j]
        if (miss >> j) & 1 and 0 <= p < tab.ring_size and (best < 0 or p > st[POS + pl * PIECES + best]):
            best = j
    return best


cdef i64 punish(i64* st, const TrackTab* tab, i64 pl, i64 k, i64 caller, i64* ev, i64 ne) noexcept nogil:
    """A missed capture: piece k of pl goes back to its B fields (caller -1: at once, the penalty)."""
    cdef i64 p = st[POS + pl * PIECES + k]
    send_to_yard(st, tab, pl * PIECES + k)
    return emit(ev, ne, EV_PENALTY, pl, k, p, caller)


cdef i64 finish(i64* st, const void* tab_, i64* ev, i64 ne) noexcept nogil:
    """No action is left in this stage: bonuses earned are played as the next stage (bonus); else the
    roll is over: a player who is stuck rolls up to three times; a missed capture is charged at once
    (penalty) or opens the opponents' call (claim); a 6 rolls again (not once the last piece is home);
    else the turn passes."""
    cdef const TrackTab* tab = <const TrackTab*>tab_
    cdef i64 pl = st[H_PLAYER], best, who = moving(st, tab)
    cdef bint six = st[H_ROLL0] == 6 and not st[G_VOID], more
    if six and own(tab).six_sum and st[H_SCORE] == 0 and st[G_STAGE] == 0:
        st[G_KEPT] += 6                    # a 6 that brought no piece out is kept for the next roll
        st[H_DICE] = 0
    ne = close_stage(st, tab, ev, ne, &more)
    if more:
        return ne
    st[G_FRESH] &= ~((<i64>1) << pl)
    if st[H_PHASE] != PHASE_MOVE:
        return ne
    st[G_EXTRA] = 1 if six else 0
    if (not six and not st[G_VOID] and st[H_SCORE] == 0 and st[G_STAGE] == 0 and own(tab).three_tries
            and stuck(st, tab, who)):
        st[G_TRIES] += 1
        if st[G_TRIES] < 3:
            st[H_PHASE] = PHASE_ROLL
            return emit(ev, ne, EV_REROLL, pl, 0, 3 - st[G_TRIES], 0)
    if st[G_MISS] and st[G_CAPT] == 0:
        best = most_advanced(st, tab, who, st[G_MISS])
        if best >= 0 and own(tab).must_capture == CAPTURE_CLAIM:
            return open_claim(st, tab.nplayers, tab.partner, G_CLAIM, G_STAKE, (<i64>1) << best, ev, ne)
        if best >= 0:
            ne = punish(st, tab, who, best, -1, ev, ne)
    return turn_on(st, tab, ev, ne)


cdef i64 turn_on(i64* st, const TrackTab* tab, i64* ev, i64 ne) noexcept nogil:
    """The roll is over: roll again after a 6 (st[G_EXTRA]), else the turn passes."""
    cdef i64 pl = st[H_PLAYER]
    ne = roll_again_or_pass(st, tab.nplayers, G_EXTRA, ev, ne)
    if st[H_PLAYER] != pl:
        st[G_TURN_ROLLS] = 0
        st[G_TRIES] = 0
        st[G_RUN] = 0
        st[G_ENTERED] = 0
        st[G_KEPT] = 0
    return ne


cdef double chevaux_value(const i64* st, const TrackTab* tab, i64 me) noexcept nogil:
    """race_value with the ladder counted as it plays (ladder): each step waits for one number, six
    rolls on average, in which the track is 21 squares, so a step is worth 21 squares; a horse on the
    track is counted at a loss when an opponent stands up to 6 squares behind it."""
    cdef double val = 0.0, worth, prog
    cdef i64 nopp = max(tab.nplayers - 1, 1)
    cdef i64 q, j, p, g, back
    for q in range(tab.nplayers):
        worth = 0.0
        for j in range(PIECES):
            p = st[POS + q * PIECES + j]
            if p == YARD:
                continue
            if p > tab.last_ring:
                prog = 8.0 + tab.ring_size + 21.0 * (p - tab.last_ring) + (10.0 if p == centre(tab) else 0.0)
            else:
                prog = 9.0 + p
                g = cell(tab, q, p)
                for back in range(1, 7):
                    if at(st, tab, wrap(g - back, tab.ring_size)) & ~((<i64>15) << (4 * q)):
                        prog -= 0.3 * prog
                        break
            worth += prog
        val += worth if q == me else -worth / nopp
    if st[H_WINNER] == me:
        val += 1e6
    return val


cdef double evaluate(i64* st, const void* tab_, i64 me) noexcept nogil:
    cdef const TrackTab* tab = <const TrackTab*>tab_
    if own(tab).ladder:
        return chevaux_value(st, tab, me)
    return race_value(st, tab, me, 7 if own(tab).six_seven else 6, 4.0 if own(tab).barriers else 0.0)


cdef bint compulsory(i64* st, const void* tab, i64 a) noexcept nogil:
    """Bots always call a missed capture (must_capture=claim)."""
    return a_kind(a) == CALL


# -- the Python face -------------------------------------------------------------------
cdef class MaednEngine(TrackEngine):
    """Mensch ärgere Dich nicht's rules with a game's tables frozen in."""
    cdef MaednTab tables

    def __init__(self, tab, i64 size, i64 max_actions):
        self.load(&self.tables.track, sizeof(MaednTab), tab)
        self.dest_rule = dest
        self.setup(&self.tables, check, gen, play, begin, finish, die_potential, evaluate, compulsory, size,
                   max_actions, dice_ranges(tab.dice_lo, tab.dice_hi))
        self.team_up()

    def mover(self, i64[::1] arr):
        """Whose pieces the player to act moves (a partner's once his own are all home, in team play)."""
        return moving(self.state(arr), self.t)
