# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False
"""The compiled side Pachisi and Chaupar share: the constants of cloth_rules.pxd (exported to Python
from here) and ClothEngine, the Python face of a cloth game's rules.  The rule helpers themselves are
the `cdef inline` functions of cloth_rules.pxd."""
from libc.string cimport memset

from pachisi.games.race_rules cimport load_fields


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
