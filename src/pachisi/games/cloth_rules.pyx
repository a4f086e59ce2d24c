# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False
"""The compiled side Pachisi and Chaupar share: the constants of cloth_rules.pxd (exported to Python
from here), the check of pieces moving together, the blockade walk, and ClothEngine, the Python face
of a cloth game's rules.  The other rule helpers are the `cdef inline` functions of cloth_rules.pxd."""
from libc.string cimport memset

from pachisi.games.race_rules cimport first_at, load_fields
from pachisi.games.track_rules cimport has_block


cdef i64 together_reason(const i64* st, i64 mv, i64 k, i64 n) noexcept nogil:
    """Why piece k of mv cannot lead n pieces of its place moving together (0: it can): fewer than n
    stand there (R_ALONE), or k is not the lowest of them (R_NOT_LOWEST).  Not inline: only moves
    together call it, and the games' dest stays small."""
    cdef i64 p = st[POS + mv * PIECES + k]
    if own_count(st, mv, p) < n:
        return R_ALONE
    if first_at(st, mv, p) != k:
        return R_NOT_LOWEST
    return 0


cdef inline void occupancy(const i64* st, const ClothTab* c, i64* on) noexcept nogil:
    """on[g]: the pieces standing on each circuit square g, as bits of piece ids (one pass over the
    pieces, for a walk over many squares)."""
    cdef i64 pid, g
    for g in range(CIRCUIT):
        on[g] = 0
    for pid in range(c.nplayers * PIECES):
        g = square_of(c, pid // PIECES, st[POS + pid])
        if g != OFF:
            on[g] |= (<i64>1) << pid


cdef bint blockade_in_way(const i64* st, const ClothTab* c, i64 pl, i64 p, i64 d, bint round_) noexcept nogil:
    """True when a blockade (two or more pieces of one player, track_rules' block) stands on a circuit
    square a single piece of pl walks over from place p by d places, its target included; round_: past
    its tip it goes on round the circuit instead of turning in.  Not inline: only blockades=on calls it."""
    cdef i64 on[CIRCUIT]
    cdef i64 i, q, g
    occupancy(st, c, on)
    for i in range(1, d + 1):
        q = p + i
        if round_ and q > TURN:
            q -= CIRCUIT
        g = square_of(c, pl, q)
        if g != OFF and has_block(on[g], -1):
            return True
    return False


cdef class ClothEngine(RaceEngine):
    """A cloth game's engine: a subclass fills `c` (through `load`, then its own option flags),
    `dest_rule`, and binds its rules with the kernel's `setup`, then calls `team_up`."""

    cdef int load(self, ClothTab* c, size_t size, tab) except -1:
        """The game's struct `c` (`size` bytes: a ClothTab, then the game's option flags) from its
        tables' namedtuple: the fields cloth.CLOTH (nplayers .. castles), then the flags in order."""
        cdef i64 pl, p
        if tab.nplayers != 4:
            raise ValueError("the cloth seats four players")
        memset(c, 0, size)
        self.c = c
        load_fields(<char*>c + sizeof(ClothTab), size - sizeof(ClothTab), tab,
                    tab._fields[tab._fields.index("castles") + 1:])
        c.nplayers, c.places, c.partner_throws = tab.nplayers, tab.places, tab.partner_throws
        for pl in range(MAX_PLAYERS):
            c.partner[pl] = (pl + 2) % 4 if pl < 4 else pl
            c.team_bits[pl] = (<i64>15 << (4 * pl)) | (<i64>15 << (4 * c.partner[pl]))
            for p in range(PATH):
                c.square[pl][p] = tab.squares[pl][p] if pl < 4 and tab.squares[pl][p] >= 0 else OFF
        for p in range(CIRCUIT):
            c.castle[p] = 1 if p in tab.castles else 0
        return 0

    def team_up(self):
        """Tell the search who plays with whom (called once the rules are bound)."""
        cdef i64 pl
        for pl in range(MAX_PLAYERS):
            self.R.mate[pl] = self.c.partner[pl]

    def mover(self, i64[::1] arr):
        """Whose pieces the player to act moves (his partner's once his own are all home, partner_throws)."""
        return cloth_mover(self.state(arr), self.c)

    def on(self, i64[::1] arr, i64 g):
        """The pieces standing on circuit square g, as bits of piece ids."""
        return pieces_on(self.state(arr), self.c, g)
