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
    players.teams = getattr(tab, "teams", 0)
    players.partner_plays = getattr(tab, "partner_plays", 0) if players.teams else 0
    if players.teams and (players.n < 4 or players.n % 2):
        raise ValueError("teams need an even number of players, four or more")
    for i in range(MAX_PLAYERS):
        players.partner[i] = (i + players.n // 2) % players.n if players.teams and i < players.n else i
    return 0


# -- team play (declared in race_rules.pxd) ------------------------------------------------
cdef i64 partner_mover(const i64* st, const i64* partner, i64 pl, i64 last) noexcept nogil:
    """pl, or once all his pieces stand beyond `last` (home) his partner (team play with partner_plays)."""
    if all_past(st, pl, last):
        return partner[pl]
    return pl


cdef i64 record_team(i64* st, i64 nplayers, bint places, const i64* partner, i64 a, i64 b, i64* ev,
                     i64 ne) noexcept nogil:
    """The team of a and b has finished (a first): both take the team's place; the game ends
    when the winners are known (or, playing for places, when one team is left, placed last)."""
    cdef i64 nfin = st[H_NFIN], left, q
    st[order_at(nfin)] = a
    st[order_at(nfin + 1)] = b
    st[H_NFIN] = nfin + 2
    if nfin == 0:
        st[H_WINNER] = a
    ne = emit(ev, ne, EV_WON, a, 0, nfin // 2 + 1, 0)
    ne = emit(ev, ne, EV_WON, b, 0, nfin // 2 + 1, 0)
    left = nplayers - nfin - 2
    if places and left > 2:
        return ne
    if places and left == 2:
        for q in range(nplayers):
            if not finished(st, q):
                st[order_at(nfin + 2)] = q
                st[order_at(nfin + 3)] = partner[q]
                st[H_NFIN] = nfin + 4
                break
    st[H_PHASE] = PHASE_OVER
    return ne


cdef i64 team_home(i64* st, i64 nplayers, bint places, const i64* partner, bint team_first, i64 pl, i64 k,
                   i64 a, i64 b, i64 last, i64* ev, i64 ne) noexcept nogil:
    """Piece k of pl has come home (a -> b in the event).  Team play: once all of pl's pieces stand
    beyond `last` his team has finished when the first partner home wins it (team_first), else when
    his partner's are home too (the partner then was home first)."""
    cdef i64 mate = partner[pl]
    ne = emit(ev, ne, EV_FINISHED, pl, k, a, b)
    if not all_past(st, pl, last):
        return ne
    if team_first:
        return record_team(st, nplayers, places, partner, pl, mate, ev, ne)
    if all_past(st, mate, last):
        return record_team(st, nplayers, places, partner, mate, pl, ev, ne)
    return ne


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

    cdef void seat_teams(self, const Players* players, i64 last):
        """Keep the game's players (whose pieces a player moves: `mover`) and tell the search who plays
        with whom; called once the rules are bound (the kernel's setup seats each player alone)."""
        cdef i64 pl
        self.players = players
        self.last = last
        for pl in range(MAX_PLAYERS):
            self.R.mate[pl] = players.partner[pl]

    def mover(self, i64[::1] arr):
        """Whose pieces the player to act moves (a partner's once his own are all home, in team play)."""
        if self.players == NULL:
            return int(arr[H_PLAYER])
        return mover(self.state(arr), self.players, self.last)

    def dest(self, i64[::1] arr, i64 slot, i64 k, i64 kind):
        """(reason, target) of a single action: reason 0 when it is possible now."""
        cdef i64 to = 0
        cdef i64 reason = self.dest_rule(self.state(arr), self.R.tab, slot, k, kind, &to)
        return reason, to
