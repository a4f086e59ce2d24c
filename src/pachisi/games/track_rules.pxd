# Compiled rules shared by the track games, Ludo, Parchís and Parcheesi
# (track.py holds their Python side and describes the places): squares and
# steps, the ring masks, moving and capturing pieces, rolls, stages and
# turns, and the evaluation.  The layout constants (cpdef enums) are
# exported to Python by track_rules.pyx, which also holds TrackEngine: the
# Python face every track game's engine shares.
cimport cython
from pachisi.engine.kernel cimport (i64, emit, order_at, H_ORDER_HI, H_PLAYER, H_PHASE, H_NDICE, H_DICE, H_SCORE,
                                    H_WINNER, H_NFIN, PHASE_OVER, EV_WON, EV_FINISHED,
                                    MAX_DICE, MAX_PLAYERS, PHASE_MOVE, EV_CAPTURED, EV_ENTERED, EV_HOUSE, EV_MOVED,
                                    EV_BONUS)
from pachisi.games.race_rules cimport (PIECES, POS, ABSENT, RaceEngine, bits, die_refused, reach_home, burn_dice, team_home,
                                       roll_again_or_pass, load_fields, all_past, finished, first_at, partner_mover)

cpdef enum:
    YARD = -1
    RING = 136                     # the largest ring of these games (Parchís for 8)
    NARROW_RING = 68               # the largest ring of a board of four seats

# -- the shared part of the state, after the core header and POS (race) ----------------
# A board of four seats (narrow) keeps the layout below, unchanged since the games had
# no other boards.  A board of more seats (wide: TrackTab.wide) has 32 piece places
# from POS, the finishing order's later slots (H_ORDER_HI) after them, a mask of
# 32 bits a square (WIDE_MASK) and every field from G_RUN on (the game's own too)
# WIDE_SHIFT further on: the rules read those fields at tab.d + G_..., d = 0 or WIDE_SHIFT.
cpdef enum:
    MASK = POS + 16                # 16 bits per global ring square, 4 squares a word (see `at`)
    G_RUN = MASK + (NARROW_RING >> 2)  # sixes (doubles) rolled in a row in this turn
    G_EXTRA = G_RUN + 1            # extra rolls banked
    G_STAGE = G_EXTRA + 1          # 0 while the slots hold the dice, 1 while they hold bonuses
    G_NPEND = G_STAGE + 1          # bonuses earned and not yet opened as a stage
    G_PEND = G_NPEND + 1           # their values (MAX_DICE)
    G_VOID = G_PEND + MAX_DICE     # this roll is void (the third six / double)
    G_CAPT = G_VOID + 1            # captures in this roll
    G_GOALS = G_CAPT + 1           # pieces that reached the goal in this roll
    G_TURN_ROLLS = G_GOALS + 1     # rolls made in this turn
    G_BLOCKS = G_TURN_ROLLS + 1    # ring squares holding a block (two pieces of one colour)
    END = G_BLOCKS + 1             # a game lays out its own fields from here
    WIDE_MASK = H_ORDER_HI + 4     # wide boards: 32 bits per ring square, 2 squares a word
    WIDE_SHIFT = WIDE_MASK + (RING >> 1) - G_RUN

# reasons a single action is refused, shared by the three games (texts: track.REASONS)
cpdef enum:
    R_OVER = 1
    R_NO_DIE = 2
    R_NO_PIECE = 3
    R_NO_KIND = 4
    R_IN_GOAL = 5
    R_OVERSHOOT = 6
    R_BLOCKED = 7
    R_FULL = 8
    R_OWN = 9
    R_BLOCK_LAND = 10
    R_YARD_BONUS = 11
    R_SAFE_TAKEN = 12
    R_YARD_ORDER = 13

cpdef enum:
    CAPTURE_BONUS = 20             # Parchís, Parcheesi: what a capture earns
    GOAL_BONUS = 10                # ... and a piece reaching the goal


cdef inline i64 die_step_refused(const i64* st, i64 slot, i64 k, i64 kind) noexcept nogil:
    """Why a game whose only action is a piece stepped by one die (Ludo, Parchís) refuses the
    action before looking at the board: the game is over, no such die, piece or kind; 0: none."""
    cdef i64 m = die_refused(st, slot, k, R_OVER, R_NO_DIE, R_NO_PIECE)
    if m:
        return m
    return R_NO_KIND if kind != 0 else 0


cdef struct TrackTab:
    # the tables of the family: the board and seats; a game's own struct begins with a TrackTab and
    # follows it with its option flags (TrackEngine.load fills both)
    i64 offsets                    # each player's start square, 8 bits a player
    i64 nplayers
    i64 ring_size                  # ring squares (L)
    i64 last_ring                  # the last ring place before the lane, where it turns off (T)
    i64 lane_size                  # lane places (H)
    i64 spacing                    # squares between two seats' starts
    i64 safe                       # safe offsets of one quarter, as bits
    i64 places                     # play on for the places
    i64 wide                       # more than four seats: the wide layout (above)
    i64 d                          # where the fields from G_RUN on are moved to: 0, or WIDE_SHIFT when wide
    i64 teams                      # team play: partners sit opposite (player q and q + n/2)
    i64 team_first                 # the team of the first player home wins (Parchís's pair_win=first_partner)
    i64 partner_plays              # a player whose pieces are all home plays his partner's
    i64 mixed                      # team play: a piece and a partner's on one ring square form a block too
    i64 partner[MAX_PLAYERS]       # each player's partner (himself without teams)
    i64 team_bits[MAX_PLAYERS]     # the piece bits of a player and his partner (his own without teams)
    # tables derived from the above once, by TrackEngine.load, so that the hot
    # loops divide by nothing; each covers [0, RING) and repeats a formula below
    unsigned char cells[MAX_PLAYERS][RING]   # cell(pl, r)
    unsigned char safe_at[RING]              # is_safe(g)
    unsigned char to_turn[RING]              # turn_off(p)


cdef class TrackEngine(RaceEngine):
    cdef TrackTab* t               # the head of the game's own struct, which the engine holds
    cdef int load(self, TrackTab* t, size_t size, tab) except -1


# team play's rules, compiled once in track_rules.pyx (not inline: the games' hot loops keep their size)
cdef bint mixed_pair(const TrackTab* tab, i64 m, i64 skip) noexcept nogil
cdef bint mixed_between(const i64* st, const TrackTab* tab, i64 pl, i64 p, i64 d, bint turn_in,
                        i64 skip) noexcept nogil


cdef extern from *:
    int __builtin_ctzll(unsigned long long x) nogil


cdef inline i64 lowest_bit(i64 mask) noexcept nogil:
    """The index of the lowest set bit of mask (mask != 0)."""
    return __builtin_ctzll(<unsigned long long>mask)


# -- squares and steps -----------------------------------------------------------
@cython.cdivision(True)
cdef inline i64 pymod(i64 x, i64 n) noexcept nogil:
    """x % n as Python computes it, for n > 0 (the moduli here are L and
    spacing, checked by TrackEngine.load): no zero check, no error path."""
    cdef i64 m = x % n
    return m + n if m < 0 else m


cdef inline i64 wrap(i64 x, i64 n) noexcept nogil:
    """x % n as Python computes it (n > 0), without a division when -n <= x < 2n
    (a place a few steps off the ring)."""
    if x >= n:
        if x < 2 * n:
            return x - n
    elif x >= 0:
        return x
    elif x >= -n:
        return x + n
    return pymod(x, n)


cdef inline i64 cell(const TrackTab* tab, i64 pl, i64 r) noexcept nogil:
    """Global ring square of player pl's ring place r: (r + pl's start) % L."""
    if 0 <= r < RING:
        return tab.cells[pl][r]
    return pymod(r + ((tab.offsets >> (8 * pl)) & 255), tab.ring_size)


cdef inline i64 is_safe(const TrackTab* tab, i64 g) noexcept nogil:
    """Safe squares repeat every quarter: tab.safe holds the safe offsets of one quarter as bits."""
    if 0 <= g < RING:
        return tab.safe_at[g]
    return (tab.safe >> pymod(g, tab.spacing)) & 1


cdef inline i64 turn_off(const TrackTab* tab, i64 p) noexcept nogil:
    """Steps from ring place p to T, the place where the lane turns off: (T - p) % L."""
    if 0 <= p < RING:
        return tab.to_turn[p]
    return pymod(tab.last_ring - p, tab.ring_size)


cdef inline i64 goal(const TrackTab* tab) noexcept nogil:
    return tab.ring_size + tab.lane_size


cdef inline i64 step(const TrackTab* tab, i64 p, bint turn_in) noexcept nogil:
    """The place one step ahead of ring or lane place p."""
    if p >= tab.ring_size:
        return p + 1
    if p == tab.last_ring and turn_in:
        return tab.ring_size
    return wrap(p + 1, tab.ring_size)


cdef inline i64 target(const TrackTab* tab, i64 p, i64 d, bint turn_in) noexcept nogil:
    """The place d steps ahead of p (turning into the lane at T when turn_in),
    or -1 when that is past the goal."""
    cdef i64 t, left
    if p >= tab.ring_size:
        t = p + d
    else:
        left = turn_off(tab, p)
        if d <= left or not turn_in:
            return wrap(p + d, tab.ring_size)
        t = tab.ring_size + d - left - 1
    return t if t <= tab.ring_size + tab.lane_size else -1


cdef inline i64 numbered(const TrackTab* tab, i64 p) noexcept nogil:
    """Place p as files and moves number it: -1 yard, 0 .. T ring, T+1 .. lane, T+H+1 goal, and
    T+H+2 .. for the ring squares past the turn-off (only after passing the lane)."""
    if p >= tab.ring_size:
        return tab.last_ring + 1 + p - tab.ring_size
    if p > tab.last_ring:
        return tab.last_ring + tab.lane_size + 1 + p - tab.last_ring
    return p


cdef inline i64 remaining(const TrackTab* tab, i64 p) noexcept nogil:
    """Steps from place p to the goal (a piece in the yard: the whole way)."""
    if p == YARD:
        return tab.last_ring + tab.lane_size + 2
    if p >= tab.ring_size:
        return tab.ring_size + tab.lane_size - p
    return turn_off(tab, p) + tab.lane_size + 1


cdef inline i64 at(const i64* st, const TrackTab* tab, i64 g) noexcept nogil:
    """The pieces standing on global ring square g, as bits of piece ids."""
    if tab.wide:
        return (st[WIDE_MASK + (g >> 1)] >> (32 * (g & 1))) & ((<i64>1 << 32) - 1)
    return (st[MASK + (g >> 2)] >> (16 * (g & 3))) & 0xFFFF


cdef inline i64 mask_word(const TrackTab* tab, i64 g) noexcept nogil:
    """Where the mask word holding global ring square g is."""
    return WIDE_MASK + (g >> 1) if tab.wide else MASK + (g >> 2)


cdef inline i64 piece_slots(const TrackTab* tab) noexcept nogil:
    """The places the state keeps from POS: 4 seats' pieces (narrow) or 8 seats' (wide)."""
    return 8 * PIECES if tab.wide else 4 * PIECES


cdef inline i64 own_bits(i64 mask, i64 pl) noexcept nogil:
    return (mask >> (4 * pl)) & 15


cdef inline bint has_block(i64 mask, i64 skip) noexcept nogil:
    """True when the pieces in mask include two of one colour other than skip."""
    cdef i64 q, nib
    if mask & (mask - 1) == 0:
        return False
    for q in range(8 if mask >> 16 else 4):     # seats 4..7 only on a wide board
        nib = (mask >> (4 * q)) & 15
        if q != skip and nib & (nib - 1):
            return True
    return False


cdef inline i64 lane_count(const i64* st, i64 pl, i64 t) noexcept nogil:
    """Own pieces of player pl standing on lane place t."""
    cdef i64 n = 0, j
    for j in range(PIECES):
        if st[POS + pl * PIECES + j] == t:
            n += 1
    return n


cdef inline bint blocked_between(const i64* st, const TrackTab* tab, i64 pl, i64 p, i64 d, bint turn_in,
                                 bint own_passes) noexcept nogil:
    """True when a block stands on a square strictly between p and its target:
    two pieces of one colour on the ring (own and a partner's ignored when own_passes),
    or two own pieces in the lane (unless own_passes)."""
    cdef bint ring = st[tab.d + G_BLOCKS] > 0
    cdef i64 q, i
    if not ring and (own_passes or (p < tab.ring_size and (not turn_in or d <= turn_off(tab, p)))):
        return False                         # no block anywhere the path goes
    q = p
    for i in range(d - 1):
        q = step(tab, q, turn_in)
        if q < tab.ring_size:
            if ring and has_block(at(st, tab, cell(tab, pl, q)) & ~tab.team_bits[pl] if own_passes
                                  else at(st, tab, cell(tab, pl, q)), -1):
                return True
        elif not own_passes and q < tab.ring_size + tab.lane_size and lane_count(st, pl, q) >= 2:
            return True
    return False


cdef inline bint in_block(const i64* st, const TrackTab* tab, i64 pid) noexcept nogil:
    """True when piece pid stands with another piece of its colour (a block)."""
    cdef i64 pl = pid // PIECES
    cdef i64 p = st[POS + pid]
    if p < 0 or p >= tab.ring_size + tab.lane_size:
        return False
    if p < tab.ring_size:
        return bits(own_bits(at(st, tab, cell(tab, pl, p)), pl)) >= 2
    return lane_count(st, pl, p) >= 2


cdef inline bint has_own_block(const i64* st, const TrackTab* tab, i64 pl) noexcept nogil:
    cdef i64 j
    for j in range(PIECES):
        if in_block(st, tab, pl * PIECES + j):
            return True
    return False


cdef inline i64 first_in_yard(const i64* st, i64 pl) noexcept nogil:
    """The waiting piece that enters (they are alike, so only one is offered), -1 none."""
    return first_at(st, pl, YARD)


cdef inline i64 yard_count(const i64* st, i64 pl) noexcept nogil:
    cdef i64 n = 0, j
    for j in range(PIECES):
        if st[POS + pl * PIECES + j] == YARD:
            n += 1
    return n


# -- moving pieces ----------------------------------------------------------------
cdef inline i64 bit(const TrackTab* tab, i64 pid, i64 g) noexcept nogil:
    """Piece pid's bit in the mask word of global ring square g (bit 63 for pid 15 on a 4th square,
    or for pid 31 on a 2nd square of a wide board)."""
    if tab.wide:
        return <i64>((<unsigned long long>1) << (pid + 32 * (g & 1)))
    return <i64>((<unsigned long long>1) << (pid + 16 * (g & 3)))


cdef inline void lift(i64* st, const TrackTab* tab, i64 pid) noexcept nogil:
    cdef i64 p = st[POS + pid], pl, g
    if 0 <= p < tab.ring_size:
        pl = pid // PIECES
        g = cell(tab, pl, p)
        if bits(own_bits(at(st, tab, g), pl)) == 2:
            st[tab.d + G_BLOCKS] -= 1
        st[mask_word(tab, g)] &= ~bit(tab, pid, g)


cdef inline void put(i64* st, const TrackTab* tab, i64 pid, i64 t) noexcept nogil:
    cdef i64 pl, g
    st[POS + pid] = t
    if 0 <= t < tab.ring_size:
        pl = pid // PIECES
        g = cell(tab, pl, t)
        if bits(own_bits(at(st, tab, g), pl)) == 1:
            st[tab.d + G_BLOCKS] += 1
        st[mask_word(tab, g)] |= bit(tab, pid, g)


cdef inline void send_to_yard(i64* st, const TrackTab* tab, i64 victim) noexcept nogil:
    lift(st, tab, victim)
    st[POS + victim] = YARD


cdef inline i64 capture(i64* st, const TrackTab* tab, i64 victim, i64 g, i64 captor, i64* ev, i64 ne) noexcept nogil:
    send_to_yard(st, tab, victim)
    st[tab.d + G_CAPT] += 1
    return emit(ev, ne, EV_CAPTURED, victim // PIECES, victim % PIECES, g, captor)


cdef inline i64 foes_at(const i64* st, const TrackTab* tab, i64 g, i64 pl) noexcept nogil:
    """The pieces of pl's opponents (not his partner's) on global ring square g, as bits."""
    return at(st, tab, g) & ~tab.team_bits[pl]


cdef inline i64 capture_all(i64* st, const TrackTab* tab, i64 foes, i64 g, i64 captor, i64* ev,
                            i64 ne) noexcept nogil:
    """Every piece in `foes` (bits of piece ids) on global ring square g goes
    back to its yard, the lowest piece id first."""
    while foes:
        ne = capture(st, tab, lowest_bit(foes), g, captor, ev, ne)
        foes &= foes - 1
    return ne


cdef inline i64 moved_events(i64* st, const TrackTab* tab, i64 pl, i64 k, i64 p, i64 t, i64* ev,
                             i64 ne) noexcept nogil:
    """The events of piece k of pl going from p to t; counts a goal reached."""
    cdef i64 a = numbered(tab, p), b = numbered(tab, t)
    if p == YARD:
        ne = emit(ev, ne, EV_ENTERED, pl, k, a, b)
    elif t >= tab.ring_size:
        ne = emit(ev, ne, EV_HOUSE, pl, k, a, b)
    else:
        ne = emit(ev, ne, EV_MOVED, pl, k, a, b)
    if t == tab.ring_size + tab.lane_size:
        st[tab.d + G_GOALS] += 1
        if tab.teams:
            ne = team_home(st, tab.nplayers, tab.places, tab.partner, tab.team_first, pl, k, a, b,
                               tab.ring_size + tab.lane_size - 1, ev, ne)
        else:
            ne = reach_home(st, tab.nplayers, tab.places, pl, k, a, b, tab.ring_size + tab.lane_size - 1, ev, ne)
    return ne


# -- teams -------------------------------------------------------------------------------
cdef inline i64 mover(const i64* st, const TrackTab* tab) noexcept nogil:
    """Whose pieces the player to act moves: his own, or (team play, partner_plays) once all of
    his are home, his partner's (partner_mover: out of line, so the games' move checks keep their size)."""
    if tab.partner_plays:
        return partner_mover(st, tab.partner, st[H_PLAYER], tab.ring_size + tab.lane_size - 1)
    return st[H_PLAYER]


cdef inline bint same_team(const TrackTab* tab, i64 a, i64 b) noexcept nogil:
    return a == b or tab.partner[a] == b


cdef inline void rebuild(i64* st, const TrackTab* tab) noexcept nogil:
    """Recompute the ring masks from the places."""
    cdef i64 w, pid
    for w in range(RING >> 1 if tab.wide else NARROW_RING >> 2):
        st[(WIDE_MASK if tab.wide else MASK) + w] = 0
    st[tab.d + G_BLOCKS] = 0
    for pid in range(piece_slots(tab)):
        if st[POS + pid] != ABSENT:
            put(st, tab, pid, st[POS + pid])


# -- rolls, stages, turns -----------------------------------------------------------
cdef inline bint start_roll(i64* st, const TrackTab* tab) noexcept nogil:
    """Reset the per-roll counters; True when this is the first roll of the turn."""
    cdef i64* g = st + tab.d
    g[G_TURN_ROLLS] += 1
    g[G_STAGE] = 0
    g[G_NPEND] = 0
    g[G_VOID] = 0
    g[G_CAPT] = 0
    g[G_GOALS] = 0
    return g[G_TURN_ROLLS] == 1


cdef inline i64 count_run(i64* st, const TrackTab* tab, bint hit) noexcept nogil:
    """Count a six (double) rolled in a row in this turn; any other roll resets it."""
    cdef i64* g = st + tab.d
    g[G_RUN] = g[G_RUN] + 1 if hit else 0
    return g[G_RUN]


cdef inline i64 void_roll(i64* st, const TrackTab* tab, i64* ev, i64 ne) noexcept nogil:
    """The roll is not played (the third six / double)."""
    st[tab.d + G_VOID] = 1
    return burn_dice(st, ev, ne)


cdef inline i64 earn_bonus(i64* st, const TrackTab* tab, i64 value, i64* ev, i64 ne) noexcept nogil:
    cdef i64* g = st + tab.d
    cdef i64 n = g[G_NPEND]
    if n < MAX_DICE:
        g[G_PEND + n] = value
        g[G_NPEND] = n + 1
    return emit(ev, ne, EV_BONUS, st[H_PLAYER], 0, value, 0)


cdef inline i64 close_stage(i64* st, const TrackTab* tab, i64* ev, i64 ne, bint* more) noexcept nogil:
    """No action is left in this stage: the dice still unused are lost; when
    bonuses are pending they become the dice of a new stage (*more = True)."""
    cdef i64* g = st + tab.d
    cdef i64 n, i
    ne = burn_dice(st, ev, ne)
    more[0] = False
    if st[H_PHASE] != PHASE_MOVE:
        return ne
    n = g[G_NPEND]
    if n == 0:
        return ne
    for i in range(MAX_DICE):
        st[H_DICE + i] = g[G_PEND + i] if i < n else 0
    st[H_NDICE] = n
    g[G_NPEND] = 0
    g[G_STAGE] = 1
    st[H_SCORE] = 0
    more[0] = True
    return ne


cdef inline i64 end_roll(i64* st, const TrackTab* tab, i64 earned, i64* ev, i64 ne) noexcept nogil:
    """No action is left in this stage: open the next stage when bonuses are
    pending; else the roll is over: bank `earned` extra rolls, then roll
    again or pass."""
    cdef i64* g = st + tab.d
    cdef bint more
    cdef i64 pl
    ne = close_stage(st, tab, ev, ne, &more)
    if more or st[H_PHASE] != PHASE_MOVE:
        return ne
    pl = st[H_PLAYER]
    if g[G_VOID]:
        g[G_EXTRA] = 0
    else:
        g[G_EXTRA] += earned
    ne = roll_again_or_pass(st, tab.nplayers, tab.d + G_EXTRA, ev, ne)
    if st[H_PLAYER] != pl:
        g[G_RUN] = 0
        g[G_TURN_ROLLS] = 0
    return ne


# -- evaluation ------------------------------------------------------------------------
cdef inline double race_value(const i64* st, const TrackTab* tab, i64 me, i64 reach, double block_w) noexcept nogil:
    """Progress of own pieces (and a partner's) against the opponents': distance covered, with
    pieces exposed to an enemy up to `reach` squares behind them on the ring
    (not on a safe square, not in a block) counted at a loss, blocks at a gain."""
    cdef i64 full = tab.last_ring + tab.lane_size + 2
    cdef double val = 0.0, worth, prog
    cdef i64 nopp = max(tab.nplayers - (2 if tab.teams else 1), 1)
    cdef i64 q, j, pid, p, g, back, m
    for q in range(tab.nplayers):
        worth = 0.0
        for j in range(PIECES):
            pid = q * PIECES + j
            p = st[POS + pid]
            if p == YARD:
                continue
            prog = 8.0 + full - remaining(tab, p)
            if p >= tab.ring_size:
                prog += 6.0
                if p == tab.ring_size + tab.lane_size:
                    prog += 10.0
            else:
                g = cell(tab, q, p)
                if in_block(st, tab, pid):
                    prog += block_w
                elif not is_safe(tab, g):
                    for back in range(1, reach + 1):
                        m = at(st, tab, wrap(g - back, tab.ring_size)) & ~tab.team_bits[q]
                        if m:
                            prog -= 0.3 * prog
                            break
            worth += prog
        val += worth if same_team(tab, me, q) else -worth / nopp
    if st[H_WINNER] >= 0 and same_team(tab, me, st[H_WINNER]):
        val += 1e6
    return val
