# cython: language_level=3
"""The race games' shared compiled rules: their constants for the Python side,
the loading of who sits where (load_players), and RaceEngine, the Python face
of a game whose actions are single-die moves.  The rule helpers themselves are
the inline functions of race_rules.pxd."""


cdef int load_players(Players* players, tab) except -1:
    """The players, their seats and the play for places, from a game's tables
    (a namedtuple with nplayers, seat and places)."""
    cdef i64 i
    if len(tab.seat) > MAX_PLAYERS:
        raise ValueError("a board seats %d players at most" % MAX_PLAYERS)
    players.n = tab.nplayers
    for i in range(MAX_PLAYERS):
        players.seat[i] = tab.seat[i] if i < len(tab.seat) else 0
    players.places = tab.places
    return 0


cdef int load_fields(void* into, size_t size, tab, fields) except -1:
    """The values of a game's tables (a namedtuple) named by `fields`, in order, into the `size` bytes at
    `into`, one i64 each: a game's option flags are declared once, as its tables' field list, and its
    struct holds them in the same order.  A struct of another length is refused by name."""
    cdef i64* at = <i64*>into
    cdef Py_ssize_t i
    if size != len(fields) * sizeof(i64):
        raise ValueError("%s: %d fields (%s), but the compiled struct holds %d" % (
            type(tab).__name__, len(fields), " ".join(fields), size // sizeof(i64)))
    for i, name in enumerate(fields):
        at[i] = getattr(tab, name)
    return 0


cdef class RaceEngine(Engine):
    """A race game's engine whose actions are single-die moves: a subclass sets
    `dest_rule` to its dest and binds its rules with the kernel's `setup`."""

    def dest(self, i64[::1] arr, i64 slot, i64 k, i64 kind):
        """(reason, target) of a single action: reason 0 when it is possible now."""
        cdef i64 to = 0
        cdef i64 reason = self.dest_rule(self.state(arr), self.R.tab, slot, k, kind, &to)
        return reason, to
