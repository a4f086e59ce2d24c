# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False
"""Kimbo's rules, compiled (kimbo.py holds the game's Python side and the
rule text): running a pawn round fences, the fence moves that keep every
square able to reach the centre, captured pawns put back, team play (the
partners' helpers are race_rules'), and the evaluation of the greedy bot."""
from pachisi.engine.kernel cimport (dice_ranges, i64, Engine, encode, a_slot, a_piece, a_kind, emit, H_PLAYER, H_PHASE,
                                    H_NDICE, H_DICE, H_SCORE, H_WINNER, PHASE_MOVE, PHASE_ROLL, PHASE_OVER,
                                    EV_FENCE, EV_ENTERED, EV_CAPTURED, EV_JUMPED, EV_MOVED,
                                    EV_FINISHED, MAX_PLAYERS)
from libc.string cimport memcmp, memcpy
from pachisi.games.kimbo cimport board_rules as grid
from pachisi.games.kimbo.board_rules cimport NODES, CENTRE, UNREACHABLE
from pachisi.games.race_rules cimport (Players, load_players, load_fields, record_finish, record_team, burn_dice,
                                       pass_turn, die_potential, foe, opponents)


cdef struct KimboTab:
    Players players             # a player's seat is the colour of its pawns and fences
    i64 nb[NODES][4]            # the node beyond side d of v, -1 at the border or a fixed wall
    i64 slots[3][SLOTS]         # u, d, v of every slot
    i64 start[4][4]             # start square of colour c in the corner of seat `corner`
    i64 entry_wall
    i64 own_stack
    i64 any_start
    i64 cap                     # routes listed at most: half the candidate buffer


# -- running a pawn -------------------------------------------------------------
cdef inline bint is_open(const i64* st, const KimboTab* tab, i64 v, i64 d, i64 left) noexcept nogil:
    """Can a pawn with `left` points step over side d of v?  With the default
    rule an entrance is a wall unless this is the last point."""
    if (st[WALL + v] >> d) & 1:
        return False
    return not (tab.entry_wall and left > 1 and tab.nb[v][d] == CENTRE)


cdef inline i64 open_turns(const i64* st, const KimboTab* tab, i64 v, i64 d, i64 left) noexcept nogil:
    """Where a pawn heading d that meets a fence on v runs on, as a mask of directions: left and right where
    open (the player chooses when both are), else back for the points left (a pocket)."""
    cdef i64 lt = (d + 3) & 3, rt = (d + 1) & 3, ways = 0
    if is_open(st, tab, v, lt, left):
        ways |= 1 << lt
    if is_open(st, tab, v, rt, left):
        ways |= 1 << rt
    return ways if ways else 1 << ((d + 2) & 3)


cdef i64 run(const i64* st, const KimboTab* tab, i64 v, i64 points, i64 kind, i64* why, i64* made_,
             i64* path) noexcept nogil:
    """Run a pawn from v by `points` with the initial direction and the turn
    choices in kind: the end node or -1; the reason and the turn choices made
    through why and made_; the nodes it steps onto, in order, through path
    (room for `points` of them; NULL: not wanted), so that the board walks the
    run as the rules made it, bounces included."""
    cdef i64 direction = kind & 3
    cdef i64 bits = kind >> 2
    cdef i64 left, made, lt, rt, ways
    if not is_open(st, tab, v, direction, points):
        why[0] = R_NO_WAY
        made_[0] = 0
        return -1
    left = points
    made = 0
    while left > 0:
        if is_open(st, tab, v, direction, left):
            v = tab.nb[v][direction]
            if path != NULL:
                path[points - left] = v
            left -= 1
            if v == CENTRE and left > 0:
                why[0] = R_SURPLUS
                made_[0] = made
                return -1
            continue
        ways = open_turns(st, tab, v, direction, left)
        lt = (direction + 3) & 3
        rt = (direction + 1) & 3
        if (ways >> lt) & 1 and (ways >> rt) & 1:
            direction = rt if (bits >> made) & 1 else lt
            made += 1
        else:
            direction = lt if (ways >> lt) & 1 else rt if (ways >> rt) & 1 else (direction + 2) & 3
    made_[0] = made
    if bits >> made:
        why[0] = R_NO_ROUTE
        return -1
    why[0] = 0
    return v


cdef inline bint taken(const i64* st, i64 v) noexcept nogil:
    """A pawn stands on ordinary square v."""
    cdef i64 pid
    for pid in range(4 * PAWNS):
        if st[POS + pid] == v:
            return True
    return False


# -- team play: whose pawns a player moves -------------------------------------------
cdef inline bint all_in(const i64* st, i64 pl) noexcept nogil:
    """Every pawn of player pl is in the centre."""
    cdef i64 j
    for j in range(PAWNS):
        if st[POS + pl * PAWNS + j] != CENTRE:
            return False
    return True


cdef inline i64 moving(const i64* st, const KimboTab* tab) noexcept nogil:
    """Whose pawns the player to act moves: his own, or once they are all in the centre his partner's
    (teams with partner_plays; the centre is no place beyond the others, so race_rules' mover, which
    reads home as a place past the last, does not fit)."""
    cdef i64 pl = st[H_PLAYER]
    if tab.players.partner_plays and all_in(st, pl):
        return tab.players.partner[pl]
    return pl


cdef i64 end_refused(const i64* st, const KimboTab* tab, i64 pid, i64 v) noexcept nogil:
    """Why a move of pawn pid may not end on v (0: it may): an own pawn stands there, or in team play a
    partner's, which counts as one's own (end_on_own: they share the square); the centre takes all."""
    cdef i64 pl, j, q
    if v == CENTRE or tab.own_stack:
        return 0
    pl = pid // PAWNS
    for j in range(PAWNS):
        q = pl * PAWNS + j
        if q != pid and st[POS + q] == v:
            return R_OWN_PAWN
    if tab.players.teams:
        q = tab.players.partner[pl] * PAWNS
        for j in range(PAWNS):
            if st[POS + q + j] == v:
                return R_PARTNER_PAWN
    return 0


cdef i64 add_routes(const i64* st, const KimboTab* tab, i64* out, i64 n, i64 slot, i64 pl, i64 k, i64 v,
                    i64 points) noexcept nogil:
    """Append every route of player pl's pawn k from v by `points` (each
    initial direction, each sequence of turn choices) that may end where it ends."""
    cdef i64 pid = pl * PAWNS + k
    cdef i64 cap = tab.cap
    cdef i64 direction, bits, end, why, made, i
    for direction in range(4):
        if not is_open(st, tab, v, direction, points):
            continue
        bits = 0
        while True:
            end = run(st, tab, v, points, direction | (bits << 2), &why, &made, NULL)
            if end >= 0 and end_refused(st, tab, pid, end) == 0 and n < cap:    # (cap: never reached in play)
                out[n] = encode(slot, k, direction | (bits << 2))
                n += 1
            i = made - 1                 # next route: the last left turn becomes a right one
            while i >= 0 and (bits >> i) & 1:
                i -= 1
            if i < 0:
                break
            bits = (bits & (((<i64>1) << i) - 1)) | ((<i64>1) << i)
    return n


cdef i64 pawn_check(const i64* st, const KimboTab* tab, i64 slot, i64 k, i64 kind, i64* end_) noexcept nogil:
    """Reason (0 if none) the pawn action cannot be played; where it ends through end_ (-1 if it cannot)."""
    cdef i64 d0, d1, points, pid, v, direction, end, why, made
    end_[0] = -1
    if st[G_STAGE] != STAGE_PAWN or slot > JUMP:
        return R_NOT_NOW
    if k >= PAWNS:
        return R_NO_PAWN
    d0 = st[H_DICE]
    d1 = st[H_DICE + 1]
    if slot == DIE0 or slot == DIE1:
        points = st[H_DICE + slot]
        if points == 0:
            return R_NO_DIE
    elif slot == SUM:
        if d0 == 0 or d1 == 0:
            return R_NO_DIE
        points = d0 + d1
    else:
        if st[G_DOUBLE] == 0 or d0 == 0 or d1 == 0:
            return R_NOT_DOUBLE
        points = 0
    pid = moving(st, tab) * PAWNS + k
    v = st[POS + pid]
    if v == CENTRE:
        return R_IN_CENTRE
    if v < 0:
        return R_CAPTURED
    if st[G_MOVED] == k:
        return R_SAME_PAWN
    if kind < 0 or kind >= 4 << CHOICES:
        return R_NO_ROUTE
    if slot == JUMP:
        direction = kind & 3
        if kind > 3:
            return R_NO_ROUTE
        end = tab.nb[v][direction]       # -1 beyond the border or a fixed wall
        if end < 0 or not (st[WALL + v] >> direction) & 1:
            return R_NO_FENCE
        if end == CENTRE:
            return R_JUMP_CENTRE
    else:
        end = run(st, tab, v, points, kind, &why, &made, NULL)
        if end < 0:
            return why
    why = end_refused(st, tab, pid, end)
    if why:
        return why
    end_[0] = end
    return 0


# -- fences ------------------------------------------------------------------------
cdef i64 fence_targets(const i64* st, const KimboTab* tab, i64 first, i64 last, i64* out, i64 n) noexcept nogil:
    """Append the moves of own fences first..last-1 to free slots.  Every
    square from which the centre can be reached now must still reach it
    (docs/games/kimbo.md): a slot is refused when closing it cuts such squares off,
    unless the line the fence leaves joins them back."""
    cdef const i64* nb = &tab.nb[0][0]
    cdef const i64* walls = st + WALL
    cdef i64 dist[NODES]
    cdef i64 need[NODES]
    cdef i64 disc[NODES]
    cdef i64 low[NODES]
    cdef i64 parent[NODES]
    cdef i64 end[NODES]
    cdef i64 below[NODES]
    cdef i64 cut[SLOTS]
    cdef i64 v, s, u, d, base, i, s0, u0, v0, c
    grid.distances(walls, nb, dist, disc)                 # disc serves as the queue
    for v in range(NODES):
        need[v] = 1 if dist[v] < UNREACHABLE and v != CENTRE else 0
    grid.cut_search(walls, nb, need, disc, low, parent, end, below, dist)    # dist as the stack
    for s in range(SLOTS):
        u, d, v = tab.slots[0][s], tab.slots[1][s], tab.slots[2][s]
        cut[s] = -2 if (walls[u] >> d) & 1 else grid.cut_child(u, v, disc, low, parent, below)
    base = FEN + tab.players.seat[st[H_PLAYER]] * FENCES
    for i in range(first, last):
        s0 = st[base + i]
        if s0 < 0:
            continue
        u0, v0 = tab.slots[0][s0], tab.slots[2][s0]
        for s in range(SLOTS):
            c = cut[s]
            if c == -2 or (c >= 0 and not grid.rejoins(u0, v0, c, disc, end)):
                continue
            out[n] = encode(FENCE, i, s)
            n += 1
    return n


cdef i64 fence_check(const i64* st, const KimboTab* tab, i64 i, i64 s1) noexcept nogil:
    cdef i64 out[SLOTS]
    cdef i64 u, d, n, j
    if st[G_STAGE] != STAGE_FENCE:
        return R_NOT_NOW
    if i == KEEP:
        return 0 if s1 == 0 else R_NO_OWN_FENCE
    if i >= FENCES or st[FEN + tab.players.seat[st[H_PLAYER]] * FENCES + i] < 0:
        return R_NO_OWN_FENCE
    if s1 < 0 or s1 >= SLOTS or s1 == st[FEN + tab.players.seat[st[H_PLAYER]] * FENCES + i]:
        return R_SLOT_TAKEN
    u, d = tab.slots[0][s1], tab.slots[1][s1]
    if (st[WALL + u] >> d) & 1:
        return R_SLOT_TAKEN
    n = fence_targets(st, tab, i, i + 1, out, 0)
    for j in range(n):
        if out[j] == encode(FENCE, i, s1):
            return 0
    return R_CUTS_OFF


cdef inline void set_slot(i64* st, const KimboTab* tab, i64 s, bint closed) noexcept nogil:
    cdef i64 u = tab.slots[0][s], d = tab.slots[1][s], v = tab.slots[2][s]
    if closed:
        st[WALL + u] |= (<i64>1) << d
        st[WALL + v] |= (<i64>1) << ((d + 2) & 3)
    else:
        st[WALL + u] &= ~((<i64>1) << d)
        st[WALL + v] &= ~((<i64>1) << ((d + 2) & 3))


# -- captured pawns -----------------------------------------------------------------
cdef i64 start_squares(const i64* st, const KimboTab* tab, i64 q, i64* out) noexcept nogil:
    """Free start squares a captured pawn of player q may be put on: those of
    its colour (any_start: any), or, if all of them are taken, any free one."""
    cdef i64 n = 0, colour = tab.players.seat[q], c, corner, v
    for c in range(4):
        for corner in range(4):
            if c != colour and not tab.any_start:
                continue
            v = tab.start[c][corner]
            if not taken(st, v):
                out[n] = v
                n += 1
    if n == 0:
        for c in range(4):
            for corner in range(4):
                v = tab.start[c][corner]
                if not taken(st, v):
                    out[n] = v
                    n += 1
    return n


cdef i64 first_pending(const i64* st) noexcept nogil:
    cdef i64 pid
    for pid in range(4 * PAWNS):
        if st[POS + pid] == PENDING:
            return pid
    return -1


cdef i64 put_back(i64* st, const KimboTab* tab, i64 pid, i64 v, i64* ev, i64 ne) noexcept nogil:
    st[POS + pid] = v
    return emit(ev, ne, EV_ENTERED, pid // PAWNS, pid % PAWNS, PENDING, v)


cdef i64 end_of_roll(i64* st, const KimboTab* tab, i64* ev, i64 ne) noexcept nogil:
    """Captured pawns go back (their owners choose where when there is a
    choice), then the turn passes and the next player may move a fence."""
    cdef i64 squares[16]
    cdef i64 pid
    while True:
        pid = first_pending(st)
        if pid < 0:
            break
        if start_squares(st, tab, pid // PAWNS, squares) > 1:
            st[H_PLAYER] = pid // PAWNS
            st[G_STAGE] = STAGE_PLACE
            return ne
        ne = put_back(st, tab, pid, squares[0], ev, ne)
    st[H_PLAYER] = st[G_MOVER]
    ne = pass_turn(st, tab.players.n, ev, ne)
    if tab.players.teams and not tab.players.partner_plays:
        while all_in(st, st[H_PLAYER]):      # his pawns are in: he sits out until his team is done
            ne = pass_turn(st, tab.players.n, ev, ne)
    st[H_PHASE] = PHASE_MOVE
    st[H_NDICE] = 0
    st[G_STAGE] = STAGE_FENCE
    st[G_MOVER] = st[H_PLAYER]
    return ne


# -- the kernel interface ---------------------------------------------------------
cdef i64 check(i64* st, const void* tab_, i64 slot, i64 piece, i64 kind) noexcept nogil:
    cdef const KimboTab* tab = <const KimboTab*>tab_
    cdef i64 squares[16]
    cdef i64 pid, j, end
    if st[H_PHASE] != PHASE_MOVE:
        return R_OVER
    if slot == FENCE:
        return fence_check(st, tab, piece, kind)
    if slot == PLACE:
        if st[G_STAGE] != STAGE_PLACE:
            return R_NOT_NOW
        pid = first_pending(st)
        if piece != pid % PAWNS:
            return R_NO_PAWN
        for j in range(start_squares(st, tab, pid // PAWNS, squares)):
            if squares[j] == kind:
                return 0
        return R_NOT_START
    return pawn_check(st, tab, slot, piece, kind, &end)


cdef i64 gen(i64* st, const void* tab_, i64* out) noexcept nogil:
    cdef const KimboTab* tab = <const KimboTab*>tab_
    cdef i64 squares[16]
    cdef i64 stage, pid, m, j, n, pl, d0, d1, k, v, direction, end
    if st[H_PHASE] != PHASE_MOVE:
        return 0
    stage = st[G_STAGE]
    if stage == STAGE_FENCE:
        out[0] = encode(FENCE, KEEP, 0)
        return fence_targets(st, tab, 0, FENCES, out, 1)
    if stage == STAGE_PLACE:
        pid = first_pending(st)
        m = start_squares(st, tab, pid // PAWNS, squares)
        for j in range(m):
            out[j] = encode(PLACE, pid % PAWNS, squares[j])
        return m
    n = 0
    pl = moving(st, tab)
    d0 = st[H_DICE]
    d1 = st[H_DICE + 1]
    for k in range(PAWNS):
        v = st[POS + pl * PAWNS + k]
        if v < 0 or v == CENTRE or st[G_MOVED] == k:
            continue
        if d0:
            n = add_routes(st, tab, out, n, DIE0, pl, k, v, d0)
        if d1 and d1 != d0:              # a double lists its first die only
            n = add_routes(st, tab, out, n, DIE1, pl, k, v, d1)
        if d0 and d1:
            n = add_routes(st, tab, out, n, SUM, pl, k, v, d0 + d1)
            if st[G_DOUBLE]:
                for direction in range(4):
                    if pawn_check(st, tab, JUMP, k, direction, &end) == 0:
                        out[n] = encode(JUMP, k, direction)
                        n += 1
    return n


cdef i64 play(i64* st, const void* tab_, i64 a, i64* ev, i64 ne) noexcept nogil:
    cdef const KimboTab* tab = <const KimboTab*>tab_
    cdef i64 slot = a_slot(a), k = a_piece(a), kind = a_kind(a)
    cdef i64 pl = st[H_PLAYER]
    cdef i64 f, s0, end, pid, v, victim, mate
    if slot == FENCE:
        if k != KEEP:
            f = tab.players.seat[pl] * FENCES + k
            s0 = st[FEN + f]
            set_slot(st, tab, s0, False)
            set_slot(st, tab, kind, True)
            st[FEN + f] = kind
            ne = emit(ev, ne, EV_FENCE, pl, f, s0, kind)
        st[H_PHASE] = PHASE_ROLL
        return ne
    if slot == PLACE:
        ne = put_back(st, tab, pl * PAWNS + k, kind, ev, ne)
        return end_of_roll(st, tab, ev, ne)
    pawn_check(st, tab, slot, k, kind, &end)
    pl = moving(st, tab)                     # whose pawn: the player's, or his partner's once his are in
    pid = pl * PAWNS + k
    v = st[POS + pid]
    if slot == DIE0 or slot == DIE1:
        st[H_DICE + slot] = 0
        st[H_SCORE] += 1
        st[G_MOVED] = k
    else:
        st[H_DICE] = 0
        st[H_DICE + 1] = 0
        st[H_SCORE] += 2
    if end != CENTRE:
        for victim in range(4 * PAWNS):
            if st[POS + victim] == end and foe(&tab.players, pl, victim // PAWNS):
                st[POS + victim] = PENDING
                ne = emit(ev, ne, EV_CAPTURED, victim // PAWNS, victim % PAWNS, end, pl)
    st[POS + pid] = end
    ne = emit(ev, ne, EV_JUMPED if slot == JUMP else EV_MOVED, pl, k, v, end)
    if end == CENTRE:
        ne = emit(ev, ne, EV_FINISHED, pl, k, v, end)
        if not all_in(st, pl):
            return ne
        if not tab.players.teams:
            return record_finish(st, tab.players.n, pl, tab.players.places, ev, ne)
        mate = tab.players.partner[pl]
        if all_in(st, mate):                 # the team's eight are in: both take its place, the first in first
            return record_team(st, tab.players.n, tab.players.places, tab.players.partner, mate, pl, ev, ne)
        st[G_MOVED] = -1                     # a die left moves any of his partner's pawns (partner_plays)
    return ne


cdef i64 begin(i64* st, const void* tab_, i64* ev, i64 ne) noexcept nogil:
    st[G_STAGE] = STAGE_PAWN
    st[G_MOVER] = st[H_PLAYER]
    st[G_MOVED] = -1
    st[G_DOUBLE] = 1 if st[H_DICE] == st[H_DICE + 1] else 0
    return ne


cdef i64 finish(i64* st, const void* tab_, i64* ev, i64 ne) noexcept nogil:
    cdef const KimboTab* tab = <const KimboTab*>tab_
    ne = burn_dice(st, ev, ne)
    if st[H_PHASE] == PHASE_OVER:
        return ne
    return end_of_roll(st, tab, ev, ne)


cdef double evaluate(i64* st, const void* tab_, i64 me) noexcept nogil:
    """Each pawn's progress is how few steps (through open lines) it has
    left to the centre; a pawn in the centre is worth most, a pawn that an
    opponent could hit in a straight run loses a little.  Own progress (and a
    partner's) against the opponents' average; a partner's win is one's own."""
    cdef const KimboTab* tab = <const KimboTab*>tab_
    cdef i64 dist[NODES]
    cdef i64 queue[NODES]
    cdef double val = 0.0, total
    cdef i64 nopp = opponents(&tab.players)
    cdef i64 q, k, v, steps, corner
    grid.distances(st + WALL, &tab.nb[0][0], dist, queue)
    for q in range(tab.players.n):
        total = 0.0
        for k in range(PAWNS):
            v = st[POS + q * PAWNS + k]
            if v == CENTRE:
                total += 40.0
                continue
            if v == PENDING:             # on its way back: the nearest start of its colour
                steps = UNREACHABLE
                for corner in range(4):
                    steps = min(steps, dist[tab.start[tab.players.seat[q]][corner]])
            else:
                steps = dist[v]
            total += 30.0 - min(steps, 40) * 0.75
            if v >= 0 and threatened(st, tab, q, v):
                total -= 2.0
        val += -total / nopp if foe(&tab.players, q, me) else total
    if st[H_WINNER] >= 0 and not foe(&tab.players, st[H_WINNER], me):
        val += 1e6
    return val


cdef bint reaches(const i64* st, const KimboTab* tab, const i64* dist, i64 v, i64 d, i64 left) noexcept nogil:
    """Can a pawn on v heading d with `left` points end in the centre, as run() would move it with some turn
    choices?  dist (steps through open lines) prunes the ways that cannot get there in time."""
    cdef i64 ways, t
    if dist[v] > left:
        return False
    if is_open(st, tab, v, d, left):
        if tab.nb[v][d] == CENTRE:
            return left == 1
        return reaches(st, tab, dist, tab.nb[v][d], d, left - 1)
    ways = open_turns(st, tab, v, d, left)
    for t in range(4):
        if (ways >> t) & 1 and reaches(st, tab, dist, v, t, left):
            return True
    return False


cdef double entry_chance(const i64* st, const KimboTab* tab, const i64* dist, i64 pl) noexcept nogil:
    """The chance that player pl's next roll, the fences as they stand, can bring one of its pawns into the
    centre by one die or by the sum: what decides a race of last pawns, which steps alone do not tell.
    One die alone counts only while another pawn is out to play the other: a last pawn must take the sum.
    A pawn's steps through open lines (dist) are the fewest its runs can take."""
    cdef i64 mask = 0, out = 0, k, v, points, d, a, b, hits = 0
    for k in range(PAWNS):
        v = st[POS + pl * PAWNS + k]
        out += v >= 0 and v != CENTRE
        if v < 0 or v == CENTRE or dist[v] > MOST_POINTS:
            continue
        for points in range(dist[v], MOST_POINTS + 1):
            if not (mask >> points) & 1:
                for d in range(4):
                    if is_open(st, tab, v, d, points) and reaches(st, tab, dist, v, d, points):
                        mask |= (<i64>1) << points
                        break
    if mask == 0:
        return 0.0
    for a in range(1, 7):
        for b in range(1, 7):
            if (mask >> (a + b)) & 1 or (out > 1 and ((mask >> a) & 1 or (mask >> b) & 1)):
                hits += 1
    return hits / 36.0


cdef void learned_places(const i64* st, const void* tab_, i64* out, double* extra, i64* memo) noexcept nogil:
    """Each pawn's place for the learned evaluator: how few steps through open lines it has left to the
    centre (so a fence that lengthens a pawn's way moves it back), 0 while captured, the last in the centre;
    and per player its chance of entering the centre with its next roll (entry_chance).  memo keeps the
    walls and distances of the last call: pawn moves leave the walls as they were."""
    cdef const KimboTab* tab = <const KimboTab*>tab_
    cdef i64* walls = memo
    cdef i64* dist = memo + NODES
    cdef i64 queue[NODES]
    cdef i64 pid, v, q
    if memcmp(walls, st + WALL, NODES * sizeof(i64)) != 0:      # never at first: the border is walled
        memcpy(walls, st + WALL, NODES * sizeof(i64))
        grid.distances(walls, &tab.nb[0][0], dist, queue)
    for pid in range(tab.players.n * PAWNS):
        v = st[POS + pid]
        if v == CENTRE:
            out[pid] = LEARNED_PLACES - 1
        elif v == PENDING:
            out[pid] = 0
        elif v >= 0:
            out[pid] = max(1, LEARNED_PLACES - 1 - dist[v])
        else:
            out[pid] = -1
    for q in range(tab.players.n):
        extra[q] = entry_chance(st, tab, dist, q)


cdef bint threatened(const i64* st, const KimboTab* tab, i64 q, i64 v) noexcept nogil:
    """An opponent pawn (never a partner's) stands within one roll's points of v in a straight open line."""
    cdef i64 r = v // grid.SIZE, c = v % grid.SIZE
    cdef i64 pid, w, r2, c2, d, x
    for pid in range(4 * PAWNS):
        w = st[POS + pid]
        if not foe(&tab.players, pid // PAWNS, q) or w < 0 or w == CENTRE:
            continue
        r2 = w // grid.SIZE
        c2 = w % grid.SIZE
        if r2 == r and 0 < abs(c2 - c) <= MOST_POINTS:
            d = grid.WEST if c2 > c else grid.EAST
        elif c2 == c and 0 < abs(r2 - r) <= MOST_POINTS:
            d = grid.NORTH if r2 > r else grid.SOUTH
        else:
            continue
        x = w
        while x != v and x != CENTRE and not (st[WALL + x] >> d) & 1:
            x = tab.nb[x][d]
        if x == v:
            return True
    return False


# -- the engine ------------------------------------------------------------------------
cdef class KimboEngine(Engine):
    """Kimbo's compiled rules with its tables frozen, and the rule functions
    the Python side calls (describing a move, laying out the fences)."""
    cdef KimboTab t

    def __init__(self, tab, i64 size, i64 max_actions):
        cdef i64 pl
        if tab.slots.shape[1] != SLOTS or tab.nb.shape[0] != NODES:
            raise ValueError("Kimbo's tables do not fit its compiled rules")
        load_players(&self.t.players, tab)
        # the tables' fields after places, up to cap (which the candidate buffer sets)
        load_fields(&self.t.nb[0][0], <size_t>(<char*>&self.t.cap - <char*>&self.t.nb[0][0]), tab,
                    tab._fields[tab._fields.index("places") + 1:],
                    {"nb": ((NODES, 4), -1), "slots": ((3, SLOTS), -1), "start": ((4, 4), -1)})
        self.t.cap = max_actions // 2
        self.setup(&self.t, check, gen, play, begin, finish, die_potential, evaluate, NULL, size, max_actions,
                   dice_ranges(tab.dice_lo, tab.dice_hi))
        for pl in range(MAX_PLAYERS):        # the search counts a partner's win as one's own
            self.R.mate[pl] = self.t.players.partner[pl]
        self.R.places = learned_places
        self.R.nplaces = LEARNED_PLACES

    def mover(self, i64[::1] arr):
        """Whose pawns the player to act moves when he moves pawns (his partner's once his own are all in
        the centre, in team play with partner_plays)."""
        return moving(self.state(arr), &self.t)

    def run(self, i64[::1] arr, i64 v, i64 points, i64 kind):
        """Run a pawn from node v by `points` with the direction and turn
        choices of kind: (end node or -1, reason, turn choices made)."""
        cdef i64* st = self.state(arr)
        cdef i64 why, made, end
        if not 0 <= v < NODES:
            raise ValueError("no such node")
        end = run(st, &self.t, v, points, kind, &why, &made, NULL)
        return end, why, made

    def run_path(self, i64[::1] arr, i64 v, i64 points, i64 kind):
        """The nodes a run from node v by `points` (as run) steps onto, in order; () when it cannot be run."""
        cdef i64* st = self.state(arr)
        cdef i64 why, made, end
        cdef i64 path[64]
        if not 0 <= v < NODES:
            raise ValueError("no such node")
        if not 0 < points <= 64:
            raise ValueError("a run is 1 to 64 points")
        end = run(st, &self.t, v, points, kind, &why, &made, path)
        return () if end < 0 else tuple(path[i] for i in range(points))

    def pawn_check(self, i64[::1] arr, i64 slot, i64 k, i64 kind):
        """(reason, end): the reason (0 if none) a pawn action cannot be played, and where it ends."""
        cdef i64* st = self.state(arr)
        cdef i64 end
        if k < 0:
            raise ValueError("no such pawn")
        cdef i64 reason = pawn_check(st, &self.t, slot, k, kind, &end)
        return reason, end

    def set_slot(self, i64[::1] arr, i64 s, bint closed):
        """Close (or open) fence slot s: the wall bits of both its squares."""
        cdef i64* st = self.state(arr)
        if not 0 <= s < SLOTS:
            raise ValueError("no such slot")
        set_slot(st, &self.t, s, closed)
