# Compiled rules shared by the folk cross-and-circle games (folkcross.py holds
# their Python side): the player-relative numbering of the circle and the
# threats on a piece standing on it.
#
# DECISION (for every game that uses these, Шиш-беш, Мандавошка, Трясучка):
#   glob(L, Q, seat, p) takes plain scalars, no struct: the circle length L,
#   the quarter Q, the player's seat (tab.seat[player], 0..3) and the
#   relative place p.  A game calls it as  glob(t.L, t.Q, t.seat[pl], p)
#   where t is its own Tab struct (fields i64 L, i64 Q, i64 seat[MAX_PLAYERS]).
#   threatened(st, L, Q, seat, g, q) takes the same scalars and the game's
#   seat array (const i64*, indexed by player).
#   SHEL (the pieces' shelter flags) is here, a cpdef enum that folk_rules.pyx
#   gives to the Python side (folkcross.py imports it from there).
from pachisi.engine.kernel cimport i64
from pachisi.games.race_rules cimport PIECES, POS

cpdef enum:
    SHEL = POS + 16             # Шиш-беш, Мандавошка: per piece, 1 while it hides in a shelter


cdef inline i64 glob(i64 L, i64 Q, i64 seat, i64 p) noexcept nogil:
    """The global circle cell of a player's relative place p (seats a quarter apart)."""
    return (p + Q * seat) % L


cdef inline bint threatened(const i64* st, i64 L, i64 Q, const i64* seat, i64 g, i64 q) noexcept nogil:
    """A piece of player q standing (not hidden) on the circle 1..6 cells behind global cell g."""
    cdef i64 j, p, r
    for j in range(PIECES):
        p = st[POS + q * PIECES + j]
        if 0 <= p <= L and not st[SHEL + q * PIECES + j]:
            r = (g - glob(L, Q, seat[q], p)) % L
            if 1 <= r <= 6:
                return True
    return False
