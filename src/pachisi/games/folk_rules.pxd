# Compiled rules shared by the folk cross-and-circle games (folkcross.py holds
# their Python side): the player-relative numbering of the circle, the threats
# on a piece standing on it, the cells one piece holds (Шиш-беш, Трясучка), the
# house entered past own pieces by exact count, and the events of a move.
#
# DECISION (for every game that uses these, Шиш-беш, Мандавошка, Трясучка):
#   global_cell(circle, quarter, seat, p) takes plain scalars, no struct: the
#   circle's length, the quarter (cells between two seats' starts), the player's
#   seat (t.players.seat[player], 0..3) and the relative place p.  A game calls
#   it as  global_cell(t.circle, t.quarter, t.players.seat[pl], p)  where t is
#   its own Tab struct (fields Players players, i64 circle, i64 quarter).
#   threatened(st, circle, quarter, seat, g, q) takes the same scalars and the game's
#   seat array (const i64*, indexed by player).
#   SHEL (the pieces' shelter flags) is here, a cpdef enum that folk_rules.pyx
#   gives to the Python side (folkcross.py imports it from there).
from pachisi.engine.kernel cimport i64, emit, EV_CAPTURED, EV_ENTERED, EV_JUMPED, EV_HOUSE, EV_MOVED, EV_SHELTERED
from pachisi.games.race_rules cimport PIECES, POS, Players, arrive_home

cpdef enum:
    SHEL = POS + 16             # Шиш-беш, Мандавошка: per piece, 1 while it hides in a shelter


cdef inline i64 global_cell(i64 circle, i64 quarter, i64 seat, i64 p) noexcept nogil:
    """The global circle cell of a player's relative place p (seats a quarter apart)."""
    return (p + quarter * seat) % circle


cdef inline bint threatened(const i64* st, i64 circle, i64 quarter, const i64* seat, i64 g, i64 q) noexcept nogil:
    """A piece of player q standing (not hidden) on the circle 1..6 cells behind global cell g."""
    cdef i64 j, p, r
    for j in range(PIECES):
        p = st[POS + q * PIECES + j]
        if 0 <= p <= circle and not st[SHEL + q * PIECES + j]:
            r = (g - global_cell(circle, quarter, seat[q], p)) % circle
            if 1 <= r <= 6:
                return True
    return False


# -- cells that hold one piece (Шиш-беш, Трясучка): st[cell] = piece id + 1, 0 empty ---------
cdef inline i64 owner(i64 occ) noexcept nogil:
    """The player of a cell's occupant (occ = piece id + 1), -1 when empty."""
    return (occ - 1) // PIECES if occ else -1


cdef inline i64 side_refused(i64 occ, const Players* players, i64 pl, i64 r_own, i64 r_partner) noexcept nogil:
    """Why pl may not land on a cell whose occupant is occ (piece id + 1; 0 empty) where one piece stands:
    r_own when it is his own, r_partner his partner's (team play: counted as his own); 0: empty or an enemy."""
    cdef i64 o = owner(occ)
    if o == pl:
        return r_own
    if o >= 0 and players.partner[pl] == o:
        return r_partner
    return 0


cdef inline i64 capture_on(i64* st, i64 cell, i64 g, i64 back, i64 captor, i64* ev, i64 ne) noexcept nogil:
    """The piece on state cell `cell` (global circle cell g) is captured by
    player captor and goes back to place `back` (its park, its base)."""
    cdef i64 victim = st[cell] - 1
    st[POS + victim] = back
    st[cell] = 0
    return emit(ev, ne, EV_CAPTURED, victim // PIECES, victim % PIECES, g, captor)


# -- the house and the events of a move ---------------------------------------------------------
cdef inline i64 own_in_house(const i64* st, i64 pl, i64 lo, i64 t) noexcept nogil:
    """The place of the first own piece of pl (in piece order) beyond place lo up
    to t: what a move into the house from lo to t would pass or land on; -1 none."""
    cdef i64 j, q
    for j in range(PIECES):
        q = st[POS + pl * PIECES + j]
        if lo < q <= t:
            return q
    return -1


cdef inline i64 moved_events(i64* st, const Players* players, i64 pl, i64 k, i64 p, i64 t, i64 last,
                             bint entered, bint jumped, bint hidden, i64* ev, i64 ne) noexcept nogil:
    """The events of piece k of pl going from p to t (beyond place `last`: into
    its house) when it entered, jumped or stepped, and hid in a shelter; a piece
    coming into the house from the circle may finish pl (in team play, his team)."""
    if entered:
        ne = emit(ev, ne, EV_ENTERED, pl, k, p, t)
    elif jumped:
        ne = emit(ev, ne, EV_JUMPED, pl, k, p, t)
    elif t > last:
        ne = emit(ev, ne, EV_HOUSE, pl, k, p, t)
    else:
        ne = emit(ev, ne, EV_MOVED, pl, k, p, t)
    if hidden:
        ne = emit(ev, ne, EV_SHELTERED, pl, k, t, 0)
    if t > last >= p >= 0:
        ne = arrive_home(st, players, pl, k, p, t, last, ev, ne)
    return ne
