# cython: language_level=3
"""The race games' shared compiled rules: their constants for the Python side,
the loading of who sits where (load_players), and RaceEngine, the Python face
of a game whose actions are single-die moves.  The rule helpers themselves are
the inline functions of race_rules.pxd."""
import numpy as np


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


cdef int load_fields(void* into, size_t size, tab, fields, arrays=None) except -1:
    """The values of a game's tables (a namedtuple) named by `fields`, in order, into the `size` bytes at
    `into`, one i64 each, or for a field in `arrays` ({name: (shape, pad)}) its array in row order, padded
    with `pad` to the struct's shape: a game's tables are declared once, as its tables' field list, and
    its struct holds them in the same order.  A struct of another length, or an array larger than its
    place in the struct, is refused by name."""
    cdef i64* at = <i64*>into
    cdef Py_ssize_t i
    arrays = arrays or {}
    values = []
    for name in fields:
        if name not in arrays:
            values.append(np.array([getattr(tab, name)], np.int64))
            continue
        shape, pad = arrays[name]
        given = np.asarray(getattr(tab, name), np.int64)
        if given.ndim != len(shape) or any(g > d for g, d in zip(given.shape, shape)):
            raise ValueError("%s.%s: an array of shape %s, but the compiled struct holds %s" % (
                type(tab).__name__, name, given.shape, tuple(shape)))
        full = np.full(shape, pad, np.int64)
        full[tuple(slice(0, g) for g in given.shape)] = given
        values.append(full.ravel())
    flat = np.concatenate(values) if values else np.zeros(0, np.int64)
    if size != flat.shape[0] * sizeof(i64):
        raise ValueError("%s: %d values (%s), but the compiled struct holds %d" % (
            type(tab).__name__, flat.shape[0], " ".join(fields), size // sizeof(i64)))
    for i in range(flat.shape[0]):
        at[i] = flat[i]
    return 0


cdef class RaceEngine(Engine):
    """A race game's engine whose actions are single-die moves: a subclass sets
    `dest_rule` to its dest and binds its rules with the kernel's `setup`."""

    def dest(self, i64[::1] arr, i64 slot, i64 k, i64 kind):
        """(reason, target) of a single action: reason 0 when it is possible now."""
        cdef i64 to = 0
        cdef i64 reason = self.dest_rule(self.state(arr), self.R.tab, slot, k, kind, &to)
        return reason, to
