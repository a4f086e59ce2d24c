# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False
"""The compiled side every track game (Ludo, Parchís, Parcheesi) shares:
the layout constants of track_rules.pxd (exported to Python from here) and
TrackEngine, the Python face of a track game's rules beyond RaceEngine's:
the ring masks, the numbering of files and moves.  The rule
helpers themselves are the `cdef inline` functions of track_rules.pxd."""
from libc.string cimport memset


# -- team play (declared in track_rules.pxd) ------------------------------------------------
cdef bint mixed_pair(const TrackTab* tab, i64 m, i64 skip) noexcept nogil:
    """True when the pieces in mask m hold pieces of both partners of a team other than skip's (-1: any)."""
    cdef i64 q
    for q in range(tab.nplayers):
        if q < tab.partner[q] and (skip < 0 or not same_team(tab, q, skip)) and own_bits(m, q) \
                and own_bits(m, tab.partner[q]):
            return True
    return False


cdef bint mixed_between(const i64* st, const TrackTab* tab, i64 pl, i64 p, i64 d, bint turn_in,
                        i64 skip) noexcept nogil:
    """True when a block of two partners (mixed) of a team other than skip's (-1: any) stands on a ring
    square strictly between ring or lane place p and its target d steps on."""
    cdef i64 q = p, i
    for i in range(d - 1):
        q = step(tab, q, turn_in)
        if q < tab.ring_size and mixed_pair(tab, at(st, tab, cell(tab, pl, q)), skip):
            return True
    return False


cdef class TrackEngine(RaceEngine):
    """A track game's engine: a subclass fills `t` (through `load`, then its
    own option flags), `dest_rule`, and binds its rules with the kernel's `setup`."""

    cdef int load(self, TrackTab* t, size_t size, tab) except -1:
        """The game's struct `t` (`size` bytes: a TrackTab, then the game's option flags) from its
        tables' namedtuple: the fields every track game has (TRACK, up to places), the tables derived
        from them, and then the flags, its fields after places in their order (load_fields)."""
        cdef i64 pl, r
        if not 0 < tab.ring_size <= RING or tab.spacing <= 0:
            raise ValueError("a track game's ring has 1 to %d squares, its quarters at least 1" % RING)
        memset(t, 0, size)
        self.t = t
        load_fields(<char*>t + sizeof(TrackTab), size - sizeof(TrackTab), tab,
                    tab._fields[tab._fields.index("places") + 1:])
        self.t.offsets, self.t.nplayers, self.t.places = tab.offsets, tab.nplayers, tab.places
        self.t.ring_size, self.t.last_ring, self.t.lane_size = tab.ring_size, tab.last_ring, tab.lane_size
        self.t.spacing, self.t.safe = tab.spacing, tab.safe
        self.t.wide = 1 if tab.wide else 0
        self.t.teams, self.t.team_first, self.t.partner_plays = tab.teams, tab.team_first, tab.partner_plays
        self.t.mixed = tab.mixed
        if tab.teams and (tab.nplayers < 4 or tab.nplayers % 2):
            raise ValueError("teams need an even number of players, four or more")
        for pl in range(MAX_PLAYERS):
            self.t.partner[pl] = (pl + tab.nplayers // 2) % tab.nplayers if tab.teams and pl < tab.nplayers else pl
            self.t.team_bits[pl] = (<i64>15 << (4 * pl)) | (<i64>15 << (4 * self.t.partner[pl]))
        self.t.d = WIDE_SHIFT if tab.wide else 0
        if not tab.wide and tab.ring_size > NARROW_RING:
            raise ValueError("a board of four seats has a ring of %d squares at most" % NARROW_RING)
        for r in range(RING):
            for pl in range(MAX_PLAYERS):
                self.t.cells[pl][r] = (r + ((tab.offsets >> (8 * pl)) & 255)) % tab.ring_size
            self.t.safe_at[r] = (tab.safe >> (r % tab.spacing)) & 1
            self.t.to_turn[r] = (tab.last_ring - r) % tab.ring_size
        return 0

    def team_up(self):
        """Tell the search who plays with whom (called once the rules are bound)."""
        cdef i64 pl
        for pl in range(MAX_PLAYERS):
            self.R.mate[pl] = self.t.partner[pl]

    def mover(self, i64[::1] arr):
        """Whose pieces the player to act moves (a partner's once his own are all home, in team play)."""
        return mover(self.state(arr), self.t)

    def rebuild(self, i64[::1] arr):
        """Recompute the ring masks from the places."""
        rebuild(self.state(arr), self.t)

    def numbered(self, i64 p):
        """Place p as files and moves number it."""
        return numbered(self.t, p)

    def at(self, i64[::1] arr, i64 g):
        """The pieces standing on global ring square g, as bits of piece ids."""
        return at(self.state(arr), self.t, g)
