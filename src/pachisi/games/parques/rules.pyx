# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False
"""Parqués's rules, compiled (parques/__init__.py holds the game's Python side and its rules text)."""
from pachisi.engine.kernel cimport (dice_ranges, i64, encode, a_slot, a_piece, a_kind, emit, die_to_list, H_PLAYER, H_PHASE,
                                    H_NDICE, H_DICE, H_SCORE, PHASE_MOVE, PHASE_ROLL, EV_PENALTY, EV_ENTERED,
                                    EV_REROLL)
from pachisi.games.race_rules cimport PIECES, POS, burn_dice, dice_left, reach_home, roll_again_or_pass
from pachisi.games.track_rules cimport *
from pachisi.games.claim_rules cimport (CLAIM_STATE, capturers, open_claim, answer_claim, claim_refused,
                                        claim_gen)


# -- the rules -------------------------------------------------------------------------------
cdef inline bint on_track(const i64* st, const TrackTab* tab, i64 pl) noexcept nogil:
    """A piece of pl is on the ring or in its approach (neither in jail nor in cielo)."""
    cdef i64 j, p
    for j in range(PIECES):
        p = st[POS + pl * PIECES + j]
        if p != YARD and p != goal(tab):
            return True
    return False


cdef inline i64 freed(const i64* st, const TrackTab* tab, i64 pl) noexcept nogil:
    """How many jailed pieces this roll's pair frees: all on 1-1 and 6-6 (every pair without
    super_pairs), two on the other pairs."""
    cdef i64 jailed = yard_count(st, pl)
    cdef i64 d = st[H_DICE]
    if own(tab).super_pairs and not (d == st[H_DICE + 1] and (d == 1 or d == 6)):
        return min(jailed, 2)
    return jailed


cdef inline bint other_moves(const i64* st, const TrackTab* tab, i64 pl, i64 k, i64 d) noexcept nogil:
    """A piece of pl other than k, on the track, can move d."""
    cdef i64 j, p
    for j in range(PIECES):
        p = st[POS + pl * PIECES + j]
        if j != k and p != YARD and p != goal(tab) and target(tab, p, d, True) >= 0:
            return True
    return False


cdef i64 dest(i64* st, const void* tab_, i64 slot, i64 k, i64 kind, i64* to) noexcept nogil:
    """Where the single action would take the piece: the reason (0: possible), the target in *to."""
    cdef const TrackTab* tab = <const TrackTab*>tab_
    cdef i64 pl, p, d, t, m
    to[0] = 0
    if st[H_PHASE] != PHASE_MOVE:
        return R_OVER
    if kind == CALL or kind == NOCALL:
        m = claim_refused(st, tab.d + G_CLAIM, tab.d + G_STAKE, k, kind, CALL, R_NO_CALL, R_NOT_AT_STAKE)
        to[0] = YARD
        return m
    if st[tab.d + G_CLAIM]:
        return R_CALLING
    if kind > NOCALL:
        return R_NO_KIND
    if k >= PIECES:
        return R_NO_PIECE
    pl = st[H_PLAYER]
    p = st[POS + pl * PIECES + k]
    if kind == CIELO:
        if not st[tab.d + G_THIRD]:
            return R_NOT_THIRD
        if not dice_left(st):
            return R_NO_DIE
        if p == goal(tab):
            return R_IN_GOAL
        if p == YARD and on_track(st, tab, pl):
            return R_CIELO_JAILED
        to[0] = goal(tab)
        return 0
    if st[tab.d + G_THIRD]:
        return R_THIRD
    if slot >= st[H_NDICE] or st[H_DICE + slot] == 0:
        return R_NO_DIE
    d = st[H_DICE + slot]
    if kind == EXIT:
        if p != YARD:
            return R_NOT_JAILED
        if not st[tab.d + G_PAIR] or not (st[H_DICE] and st[H_DICE + 1]):
            return R_NO_PAIR
        if k != first_in_yard(st, pl):
            return R_YARD_ORDER
        return 0
    if p == YARD:
        return R_JAILED
    if p == goal(tab):
        return R_IN_GOAL
    t = target(tab, p, d, True)
    if t < 0:
        return R_OVERSHOOT
    if st[tab.d + G_FREED] == pl * PIECES + k and other_moves(st, tab, pl, k, d):
        return R_FREED_WAITS
    to[0] = t
    return 0


cdef i64 check(i64* st, const void* tab, i64 slot, i64 k, i64 kind) noexcept nogil:
    cdef i64 to
    return dest(st, tab, slot, k, kind, &to)


cdef i64 gen(i64* st, const void* tab_, i64* out) noexcept nogil:
    """An open claim: its answers.  The third pair: each piece that may go to cielo.  Else each die for
    each piece, and a pair with both dice unused frees from jail (one die's value each way when it frees
    a single piece)."""
    cdef const TrackTab* tab = <const TrackTab*>tab_
    cdef i64 n = 0, pl, slot, k, to
    if st[H_PHASE] != PHASE_MOVE:
        return 0
    if st[tab.d + G_CLAIM]:
        return claim_gen(st, tab.d + G_STAKE, CALL, NOCALL, out)
    if st[tab.d + G_THIRD]:
        for k in range(PIECES):
            if dest(st, tab, 0, k, CIELO, &to) == 0:
                out[n] = encode(0, k, CIELO)
                n += 1
        return n
    for slot in range(st[H_NDICE]):
        if not die_to_list(st, slot):
            continue
        for k in range(PIECES):
            if dest(st, tab, slot, k, STEP, &to) == 0:
                out[n] = encode(slot, k, STEP)
                n += 1
    pl = st[H_PLAYER]
    k = first_in_yard(st, pl)
    if st[tab.d + G_PAIR] and st[H_DICE] and st[H_DICE + 1] and k >= 0:
        for slot in range(1 if freed(st, tab, pl) >= 2 else 2):
            if die_to_list(st, slot):
                out[n] = encode(slot, k, EXIT)
                n += 1
    return n


cdef inline void capture_bonus(i64* st, const TrackTab* tab, i64 before) noexcept nogil:
    """A move scores 2 a die; with soplar forced the roll's first capture 1 more, so that of the plays
    using the most dice a capturing one is required."""
    if own(tab).soplar == SOPLAR_FORCED and before == 0 and st[tab.d + G_CAPT] > 0:
        st[H_SCORE] += 1


cdef i64 free_pieces(i64* st, const TrackTab* tab, i64 slot, i64 k, i64* ev, i64 ne) noexcept nogil:
    """A pair frees jailed pieces onto the salida, whose opponents go to jail: two or more use both dice,
    a single piece the die in `slot` (the other must then move another piece when one can)."""
    cdef i64 pl = st[H_PLAYER]
    cdef i64 n = freed(st, tab, pl), g = cell(tab, pl, 0), foes, j, i = 0
    foes = foes_at(st, tab, g, pl)
    if foes:
        ne = capture_all(st, tab, foes, g, pl, ev, ne)
    if n >= 2:
        st[H_DICE] = 0
        st[H_DICE + 1] = 0
        st[H_SCORE] += 4
    else:
        st[H_DICE + slot] = 0
        st[H_SCORE] += 2
        st[tab.d + G_FREED] = pl * PIECES + k
    for j in range(PIECES):
        if i < n and st[POS + pl * PIECES + j] == YARD:
            put(st, tab, pl * PIECES + j, 0)
            ne = emit(ev, ne, EV_ENTERED, pl, j, -1, 0)
            i += 1
    return ne


cdef i64 blow(i64* st, const TrackTab* tab, i64 owner, i64 k, i64 caller, i64* ev, i64 ne) noexcept nogil:
    """Soplar: the piece that could have captured goes to jail (caller -1: applied at once)."""
    cdef i64 pid = owner * PIECES + k, p = st[POS + pid]
    send_to_yard(st, tab, pid)
    return emit(ev, ne, EV_PENALTY, owner, k, numbered(tab, p), caller)


cdef i64 play(i64* st, const void* tab_, i64 a, i64* ev, i64 ne) noexcept nogil:
    cdef const TrackTab* tab = <const TrackTab*>tab_
    cdef i64 slot = a_slot(a), k = a_piece(a), kind = a_kind(a)
    cdef i64 pl = st[H_PLAYER]
    cdef i64 pid = pl * PIECES + k
    cdef i64 p = st[POS + pid]
    cdef i64 before = st[tab.d + G_CAPT], t, g, foes, s
    if kind == CALL or kind == NOCALL:
        if kind == CALL:
            ne = blow(st, tab, st[tab.d + G_CLAIM] - 1, k, pl, ev, ne)
        ne = answer_claim(st, tab.nplayers, tab.partner, tab.d + G_CLAIM, tab.d + G_STAKE, kind == CALL, ev, ne)
        if st[tab.d + G_CLAIM]:
            return ne
        return turn_on(st, tab, ev, ne)
    if kind == CIELO:
        st[H_SCORE] += 2 * dice_left(st)
        for s in range(st[H_NDICE]):
            st[H_DICE + s] = 0
        lift(st, tab, pid)
        st[POS + pid] = goal(tab)
        st[tab.d + G_GOALS] += 1
        return reach_home(st, tab.nplayers, tab.places, pl, k, numbered(tab, p), numbered(tab, goal(tab)),
                          goal(tab) - 1, ev, ne)
    if kind == EXIT:
        ne = free_pieces(st, tab, slot, k, ev, ne)
        capture_bonus(st, tab, before)
        return ne
    t = target(tab, p, st[H_DICE + slot], True)
    st[H_DICE + slot] = 0
    st[H_SCORE] += 2
    lift(st, tab, pid)
    if t < tab.ring_size:
        g = cell(tab, pl, t)
        foes = foes_at(st, tab, g, pl)
        if foes and not is_safe(tab, g):
            ne = capture_all(st, tab, foes, g, pl, ev, ne)
    put(st, tab, pid, t)
    ne = moved_events(st, tab, pl, k, p, t, ev, ne)
    capture_bonus(st, tab, before)
    return ne


cdef bint capture_in_reach(const i64* st, const TrackTab* tab) noexcept nogil:
    """A quick test before the search: does an opponent stand where this roll could capture it (on the
    own salida with a pair and a piece in jail, or off the seguros a die or both dice ahead)?"""
    cdef i64 pl = st[H_PLAYER], d0 = st[H_DICE], d1 = st[H_DICE + 1], j, p, i, t, g
    cdef i64 steps[3]
    steps[0] = d0
    steps[1] = d1
    steps[2] = d0 + d1
    if st[tab.d + G_PAIR] and yard_count(st, pl) > 0:
        if foes_at(st, tab, cell(tab, pl, 0), pl):
            return True
        for i in range(2):
            g = cell(tab, pl, steps[i])
            if foes_at(st, tab, g, pl) and not is_safe(tab, g):
                return True
    for j in range(PIECES):
        p = st[POS + pl * PIECES + j]
        if p == YARD or p >= tab.ring_size:
            continue
        for i in range(3):
            t = target(tab, p, steps[i], True)
            if 0 <= t < tab.ring_size:
                g = cell(tab, pl, t)
                if foes_at(st, tab, g, pl) and not is_safe(tab, g):
                    return True
    return False


cdef i64 begin(i64* st, const void* tab_, i64* ev, i64 ne) noexcept nogil:
    cdef const TrackTab* tab = <const TrackTab*>tab_
    cdef i64 pl = st[H_PLAYER], d0 = st[H_DICE], d1 = st[H_DICE + 1]
    start_roll(st, tab)
    st[tab.d + G_FREED] = -1
    st[tab.d + G_THIRD] = 0
    st[tab.d + G_MISS] = 0
    st[tab.d + G_PAIR] = 1 if d0 == d1 or (own(tab).eleven_pair and d0 + d1 == 11) else 0
    st[tab.d + G_NONE_OUT] = 0 if on_track(st, tab, pl) else 1
    if count_run(st, tab, st[tab.d + G_PAIR]) == 3:
        st[tab.d + G_THIRD] = 1
        st[tab.d + G_VOID] = 1
        return ne
    if ((own(tab).soplar == SOPLAR_CLAIM or own(tab).soplar == SOPLAR_AUTO)
            and capture_in_reach(st, tab)):
        st[tab.d + G_MISS] = capturers(st, tab, gen, play, SIZE + tab.d, tab.d + G_CAPT)
    return ne


cdef i64 turn_on(i64* st, const TrackTab* tab, i64* ev, i64 ne) noexcept nogil:
    """The roll is over: throw again (a pair, or another try for a pair), or pass the turn."""
    cdef i64 pl = st[H_PLAYER]
    if st[tab.d + G_RETRY] and not st[tab.d + G_EXTRA]:
        st[tab.d + G_RETRY] = 0
        st[H_PHASE] = PHASE_ROLL
        return emit(ev, ne, EV_REROLL, pl, 0, own(tab).tries - st[tab.d + G_TRIES], 0)
    st[tab.d + G_RETRY] = 0
    ne = roll_again_or_pass(st, tab.nplayers, tab.d + G_EXTRA, ev, ne)
    if st[H_PLAYER] != pl:
        st[tab.d + G_RUN] = 0
        st[tab.d + G_TURN_ROLLS] = 0
        st[tab.d + G_TRIES] = 0
    return ne


cdef i64 finish(i64* st, const void* tab_, i64* ev, i64 ne) noexcept nogil:
    """End of the roll: a pair throws again (the third ends the turn), a try for a pair that failed
    throws again while tries are left; a missed capture is blown at once or may be blown by an opponent."""
    cdef const TrackTab* tab = <const TrackTab*>tab_
    cdef i64 pl, stake, best, j, p
    ne = burn_dice(st, ev, ne)
    if st[H_PHASE] != PHASE_MOVE:
        return ne
    pl = st[H_PLAYER]
    if st[tab.d + G_THIRD]:
        st[tab.d + G_EXTRA] = 0
        return turn_on(st, tab, ev, ne)
    if st[tab.d + G_PAIR]:
        st[tab.d + G_EXTRA] += 1
        st[tab.d + G_TRIES] = own(tab).tries
    elif st[tab.d + G_NONE_OUT] and st[tab.d + G_TRIES] < own(tab).tries:
        st[tab.d + G_TRIES] += 1
        if st[tab.d + G_TRIES] < own(tab).tries:
            st[tab.d + G_RETRY] = 1
    if st[tab.d + G_MISS] and st[tab.d + G_CAPT] == 0:
        stake = 0
        best = -1
        for j in range(PIECES):             # on the salida, in the approach or in cielo: out of reach
            p = st[POS + pl * PIECES + j]
            if (st[tab.d + G_MISS] >> j) & 1 and 0 < p < tab.ring_size:
                stake |= (<i64>1) << j
                if best < 0 or p > st[POS + pl * PIECES + best]:
                    best = j
        if stake and own(tab).soplar == SOPLAR_AUTO:
            ne = blow(st, tab, pl, best, -1, ev, ne)
        elif stake:
            return open_claim(st, tab.nplayers, tab.partner, tab.d + G_CLAIM, tab.d + G_STAKE, stake, ev, ne)
    return turn_on(st, tab, ev, ne)


cdef i64 potential(i64* st, const void* tab_) noexcept nogil:
    """2 a die still to play, and 1 for a first capture when soplar is forced."""
    cdef const TrackTab* tab = <const TrackTab*>tab_
    cdef i64 bound = st[H_SCORE] + 2 * dice_left(st)
    if own(tab).soplar == SOPLAR_FORCED and st[tab.d + G_CAPT] == 0 and st[tab.d + G_CLAIM] == 0 and not st[tab.d + G_THIRD]:
        bound += 1
    return bound


cdef double evaluate(i64* st, const void* tab_, i64 me) noexcept nogil:
    return race_value(st, <const TrackTab*>tab_, me, 12, 0.0)


cdef bint compulsory(i64* st, const void* tab, i64 a) noexcept nogil:
    """Bots always blow a missed capture (the soplar of the Parqués texts: docs/games/parques.md)."""
    return a_kind(a) == CALL


# -- the Python face -------------------------------------------------------------------------
cdef class ParquesEngine(TrackEngine):
    """Parqués's rules with a game's tables frozen in."""
    cdef ParquesTab tables

    def __init__(self, tab, i64 size, i64 max_actions):
        self.load(&self.tables.track, sizeof(ParquesTab), tab)
        if size != SIZE + self.tables.track.d or size > CLAIM_STATE:
            raise ValueError("the state does not fit the compiled look-ahead")
        self.dest_rule = dest
        self.setup(&self.tables, check, gen, play, begin, finish, potential, evaluate, compulsory, size,
                   max_actions, dice_ranges(tab.dice_lo, tab.dice_hi))
