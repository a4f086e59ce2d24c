# Compiled rules Pachisi and Chaupar share (cloth.py holds their Python side and describes the
# places): the cloth's path of 85 places a seat, its circuit squares and castles, what stands on a
# square, pieces moving together and blockades, the teams (partners opposite), passing the throw past
# a player whose pieces are all home (or letting him throw for his partner), a team coming home, pieces
# sent back, the evaluation.
# The constants (cpdef enums) are exported to Python by cloth_rules.pyx, which also holds ClothEngine.
from pachisi.engine.kernel cimport (i64, emit, order_at, H_PLAYER, H_PHASE, H_WINNER, H_NFIN, PHASE_ROLL,
                                    PHASE_OVER, MAX_PLAYERS, EV_WON, EV_PASS, EV_FINISHED, EV_CAPTURED, EV_MOVED,
                                    EV_HOUSE)
from pachisi.games.race_rules cimport PIECES, POS, RaceEngine, all_past, finished

cpdef enum:
    CHARKONI = 0                   # the centre: where Pachisi's pieces wait
    TIP = 8                        # the own tip, where the circuit begins
    TURN = 76                      # the own tip again, where a piece turns into its column
    HOME = 84                      # the charkoni again, home
    PATH = 85                      # places 0 .. HOME
    CIRCUIT = 68                   # circuit squares (the ring68 board's ring)
    QUARTER = 17                   # circuit squares a seat
    OFF = 255                      # the square of a place off the circuit (charkoni, own column)
    CLOTH_END = POS + 4 * PIECES   # a game lays out its own fields from here

cpdef enum:                        # why a cloth move is refused: the reasons both games give
    R_OVER = 1
    R_NO_DIE = 2
    R_NO_PIECE = 3
    R_NO_KIND = 4
    R_HOME = 5
    R_OVERSHOOT = 6
    R_CASTLE = 7
    R_ALONE = 8                    # fewer pieces on the place than move together
    R_NOT_LOWEST = 9               # pieces moving together are named by the lowest
    R_CLOTH_END = 10               # a game numbers its own reasons from here


cdef struct ClothTab:
    # the cloth and its seats; a game's own struct begins with a ClothTab and follows it with its
    # option flags, one i64 each (ClothEngine.load fills both)
    i64 nplayers
    i64 places                     # play on for the places (with two teams: the losers are placed second)
    i64 partner_throws             # a player whose pieces are all home throws for his partner
    i64 partner[MAX_PLAYERS]       # each player's partner (opposite)
    i64 team_bits[MAX_PLAYERS]     # the piece bits of a player and his partner
    unsigned char square[MAX_PLAYERS][PATH]  # circuit square 0..67 of a player's place, OFF off the circuit
    unsigned char castle[CIRCUIT]            # 1 on a castle


cdef class ClothEngine(RaceEngine):
    cdef ClothTab* c               # the head of the game's own struct, which the engine holds
    cdef int load(self, ClothTab* c, size_t size, tab) except -1


# -- squares ------------------------------------------------------------------------------
cdef inline i64 square_of(const ClothTab* c, i64 pl, i64 p) noexcept nogil:
    """The circuit square (0..67) of player pl's place p, OFF off the circuit."""
    if 0 <= p < PATH:
        return c.square[pl][p]
    return OFF


cdef inline bint is_castle(const ClothTab* c, i64 g) noexcept nogil:
    return 0 <= g < CIRCUIT and c.castle[g] != 0


cdef inline i64 pieces_on(const i64* st, const ClothTab* c, i64 g) noexcept nogil:
    """The pieces standing on circuit square g, as bits of piece ids (player * 4 + k)."""
    cdef i64 m = 0, pid, q
    if g == OFF:
        return 0
    for pid in range(c.nplayers * PIECES):
        q = pid // PIECES
        if square_of(c, q, st[POS + pid]) == g:
            m |= (<i64>1) << pid
    return m


cdef inline i64 foes_on(const i64* st, const ClothTab* c, i64 g, i64 pl) noexcept nogil:
    """The pieces of pl's opponents (not his partner's) on circuit square g, as bits."""
    return pieces_on(st, c, g) & ~c.team_bits[pl]


cdef inline i64 own_count(const i64* st, i64 pl, i64 p) noexcept nogil:
    """How many of pl's pieces stand on his place p."""
    cdef i64 n = 0, j
    for j in range(PIECES):
        if st[POS + pl * PIECES + j] == p:
            n += 1
    return n


cdef inline bint all_home(const i64* st, i64 pl) noexcept nogil:
    return all_past(st, pl, HOME - 1)


# -- teams, turns ---------------------------------------------------------------------------
cdef inline i64 cloth_mover(const i64* st, const ClothTab* c) noexcept nogil:
    """Whose pieces the player to act moves: his own, or once all of his are home (partner_throws)
    his partner's."""
    cdef i64 pl = st[H_PLAYER]
    if c.partner_throws and all_home(st, pl):
        return c.partner[pl]
    return pl


cdef inline bint still_throws(const i64* st, const ClothTab* c, i64 q) noexcept nogil:
    """Player q still throws: some of his pieces are out, or his partner's and he throws for him."""
    if not all_home(st, q):
        return True
    return c.partner_throws != 0 and not all_home(st, c.partner[q])


cdef inline i64 cloth_pass(i64* st, const ClothTab* c, i64* ev, i64 ne) noexcept nogil:
    """The throw goes to the next player (counter-clockwise) who still throws."""
    cdef i64 pl = st[H_PLAYER], nxt = st[H_PLAYER], i
    for i in range(c.nplayers):
        nxt = (nxt + 1) % c.nplayers
        if still_throws(st, c, nxt):
            break
    st[H_PLAYER] = nxt
    st[H_PHASE] = PHASE_ROLL
    return emit(ev, ne, EV_PASS, pl, 0, nxt, 0)


cdef inline i64 cloth_home(i64* st, const ClothTab* c, i64 pl, i64 k, i64 a, i64* ev, i64 ne) noexcept nogil:
    """Piece k of pl has come home from place a.  Once his and his partner's eight are home, their team
    has won: both take the first place (pl first), the other team the second, and the game is over."""
    cdef i64 mate = c.partner[pl], q, n = 0
    ne = emit(ev, ne, EV_FINISHED, pl, k, a, HOME)
    if not (all_home(st, pl) and all_home(st, mate)):
        return ne
    st[order_at(0)] = pl
    st[order_at(1)] = mate
    n = 2
    st[H_WINNER] = pl
    ne = emit(ev, ne, EV_WON, pl, 0, 1, 0)
    ne = emit(ev, ne, EV_WON, mate, 0, 1, 0)
    for q in range(c.nplayers):
        if q != pl and q != mate:
            st[order_at(n)] = q
            n += 1
    st[H_NFIN] = n
    st[H_PHASE] = PHASE_OVER
    return ne


cdef inline i64 send_back(i64* st, i64 victims, i64 g, i64 captor, i64 to, i64* ev, i64 ne) noexcept nogil:
    """Every piece in `victims` (bits of piece ids) on circuit square g goes back to its place `to`
    (Pachisi: the charkoni; Chaupar: its start square), the lowest piece id first."""
    cdef i64 pid = 0
    while victims:
        if victims & 1:
            st[POS + pid] = to
            ne = emit(ev, ne, EV_CAPTURED, pid // PIECES, pid % PIECES, g, captor)
        victims >>= 1
        pid += 1
    return ne


# -- pieces moving together, blockades ---------------------------------------------------------
# why piece k of mv cannot lead n pieces of its place moving together (cloth_rules.pyx)
cdef i64 together_reason(const i64* st, i64 mv, i64 k, i64 n) noexcept nogil


cdef inline i64 move_together(i64* st, const ClothTab* c, i64 mv, i64 k, i64 n, i64 t, i64* ev, i64 ne) noexcept nogil:
    """Piece k of mv and the n - 1 lowest other pieces of its place go to place t (n = 1: k alone),
    with their events: moved, into the own column, or home (the last piece's cloth_home tells whether
    the team is home)."""
    cdef i64 p = st[POS + mv * PIECES + k], j, moved = 1
    cdef i64 ids[PIECES]
    if n == 1:                               # the common case, kept short: play runs in every look-ahead
        st[POS + mv * PIECES + k] = t
        if t == HOME:
            return cloth_home(st, c, mv, k, p, ev, ne)
        return emit(ev, ne, EV_HOUSE if t > TURN else EV_MOVED, mv, k, p, t)
    ids[0] = k
    for j in range(PIECES):
        if moved < n and j != k and st[POS + mv * PIECES + j] == p:
            ids[moved] = j
            moved += 1
    for j in range(moved):
        st[POS + mv * PIECES + ids[j]] = t
    for j in range(moved):
        if t != HOME:
            ne = emit(ev, ne, EV_HOUSE if t > TURN else EV_MOVED, mv, ids[j], p, t)
        elif j < moved - 1:
            ne = emit(ev, ne, EV_FINISHED, mv, ids[j], p, HOME)
        else:
            ne = cloth_home(st, c, mv, ids[j], p, ev, ne)
    return ne


# a blockade on the walk of a single piece of pl from place p by d places (cloth_rules.pyx)
cdef bint blockade_in_way(const i64* st, const ClothTab* c, i64 pl, i64 p, i64 d, bint round_) noexcept nogil


# -- evaluation -------------------------------------------------------------------------------
cdef inline double cloth_value(const i64* st, const ClothTab* c, i64 me, i64 reach) noexcept nogil:
    """The team's progress against the other team's: places covered (home worth more), a piece on
    an open circuit square with an enemy up to `reach` squares behind it counted at a loss."""
    cdef double val = 0.0, prog
    cdef i64 q, j, p, g, back, h, pid
    for q in range(c.nplayers):
        for j in range(PIECES):
            p = st[POS + q * PIECES + j]
            prog = <double>p
            if p == HOME:
                prog += 12.0
            elif p > TURN:
                prog += 4.0
            g = square_of(c, q, p)
            if g != OFF and not is_castle(c, g):
                for back in range(1, reach + 1):
                    h = g - back
                    if h < 0:
                        h += CIRCUIT
                    if foes_on(st, c, h, q):
                        prog -= 0.25 * prog
                        break
            if q == me or q == c.partner[me]:
                val += prog
            else:
                val -= prog
    if st[H_WINNER] >= 0 and (st[H_WINNER] == me or st[H_WINNER] == c.partner[me]):
        val += 1e6
    return val
