# Compiled rules shared by the race games (race.py holds their Python side):
# who sits where, the actions of a roll's dice, recording a player who has
# brought every piece home, passing the turn past finished players, burning
# dice that cannot be played, and taking earned extra rolls.  The Python face
# of a game whose actions are single-die moves is RaceEngine (race_rules.pyx).
from pachisi.engine.kernel cimport (i64, Engine, encode, emit, die_to_list, H_PLAYER, H_PHASE, H_NDICE,
                                    H_DICE, H_SCORE, H_WINNER, H_NFIN, order_at, MAX_PLAYERS, PHASE_MOVE,
                                    PHASE_ROLL, PHASE_OVER, HEADER, EV_WON, EV_FINISHED, EV_BURNED, EV_PASS,
                                    EV_EXTRA_ROLL)

cpdef enum:
    PIECES = 4                  # pieces a player
    POS = HEADER                # every race game keeps piece k of player q at POS + q * PIECES + k
    ABSENT = -9                 # the places of the pieces of players not in the game


cdef struct Players:
    # who plays, where they sit, and whether the game goes on past the winner: the
    # tables of the games on a four-seat board begin with it (load_players fills it)
    i64 n                       # players in the game
    i64 seat[MAX_PLAYERS]       # each player's seat 0..3 (0 past the last player)
    i64 places                  # 1: after the winner the others play on for the places
    i64 teams                   # team play: partners sit opposite (player q and q + n/2), win together
    i64 partner_plays           # team play: a player whose pieces are all home plays his partner's
    i64 partner[MAX_PLAYERS]    # each player's partner (himself without teams)


cdef int load_players(Players* players, tab) except -1
cdef int load_fields(void* into, size_t size, tab, fields, arrays=*) except -1


# dest(st, tab, slot, k, kind, &to): the reason (0: possible) a single-die action is refused, and its target
ctypedef i64 (*dest_f)(i64* st, const void* tab, i64 slot, i64 k, i64 kind, i64* to) noexcept nogil


cdef class RaceEngine(Engine):
    cdef dest_f dest_rule       # the game's dest, for the Python side's `dest`
    cdef const Players* players # the game's players (a folk game's; NULL: the game keeps its own)
    cdef i64 last               # the last place before home (with `players`: whose pieces a player moves)
    cdef void seat_teams(self, const Players* players, i64 last)


# team play's rules, compiled once in race_rules.pyx (not inline: the games' hot loops keep their size)
cdef i64 team_home(i64* st, i64 nplayers, bint places, const i64* partner, bint team_first, i64 pl, i64 k,
                   i64 a, i64 b, i64 last, i64* ev, i64 ne) noexcept nogil
cdef i64 partner_mover(const i64* st, const i64* partner, i64 pl, i64 last) noexcept nogil
cdef i64 record_team(i64* st, i64 nplayers, bint places, const i64* partner, i64 a, i64 b, i64* ev,
                     i64 ne) noexcept nogil


cdef inline i64 die_refused(const i64* st, i64 slot, i64 k, i64 r_over, i64 r_no_die, i64 r_no_piece) noexcept nogil:
    """Why a single-die action is refused before the board is looked at, in the
    game's own reason codes: the game is over, no such die or piece; 0: none."""
    if st[H_PHASE] != PHASE_MOVE:
        return r_over
    if slot >= st[H_NDICE] or st[H_DICE + slot] == 0:
        return r_no_die
    if k >= PIECES:
        return r_no_piece
    return 0


cdef inline i64 die_check(dest_f dest, i64* st, const void* tab, i64 slot, i64 k, i64 kind) noexcept nogil:
    """A game's `check`: the reason part of its dest."""
    cdef i64 to
    return dest(st, tab, slot, k, kind, &to)


cdef inline i64 die_gen(dest_f dest, i64* st, const void* tab, i64* out) noexcept nogil:
    """A game's `gen` when its only kind of move (0) is a piece moved by a die:
    each unused die value (a double's equal dice once) for each piece."""
    cdef i64 n = 0, slot, k, to
    if st[H_PHASE] != PHASE_MOVE:
        return 0
    for slot in range(st[H_NDICE]):
        if not die_to_list(st, slot):
            continue
        for k in range(PIECES):
            if dest(st, tab, slot, k, 0, &to) == 0:
                out[n] = encode(slot, k, 0)
                n += 1
    return n


cdef inline i64 bits(i64 x) noexcept nogil:
    """How many bits of x are set."""
    cdef i64 n = 0
    while x:
        x &= x - 1
        n += 1
    return n


cdef inline i64 first_at(const i64* st, i64 pl, i64 place) noexcept nogil:
    """The lowest piece of player pl at `place`, -1 none: a place's pieces are alike, so a move of one of
    them (entering from the yard, a stack moving together) is offered once, named by it."""
    cdef i64 j
    for j in range(PIECES):
        if st[POS + pl * PIECES + j] == place:
            return j
    return -1


cdef inline bint all_past(const i64* st, i64 pl, i64 last) noexcept nogil:
    """True when every piece of player pl stands beyond place `last` (home)."""
    cdef i64 j
    for j in range(PIECES):
        if st[POS + pl * PIECES + j] <= last:
            return False
    return True


cdef inline bint finished(const i64* st, i64 q) noexcept nogil:
    """True once player q has finished (is in the finishing order)."""
    cdef i64 i
    for i in range(st[H_NFIN]):
        if st[order_at(i)] == q:
            return True
    return False


cdef inline i64 record_finish(i64* st, i64 nplayers, i64 pl, bint play_for_places, i64* ev, i64 ne) noexcept nogil:
    """Player pl has brought all pieces home: note the place, end the game
    when the winner is known (or, playing for places, when one player is left)."""
    cdef i64 nfin = st[H_NFIN], left, q
    st[order_at(nfin)] = pl
    st[H_NFIN] = nfin + 1
    if nfin == 0:
        st[H_WINNER] = pl
    ne = emit(ev, ne, EV_WON, pl, 0, nfin + 1, 0)
    left = nplayers - nfin - 1
    if not play_for_places or left <= 1:
        if play_for_places and left == 1:
            for q in range(nplayers):
                if not finished(st, q):
                    st[order_at(nfin + 1)] = q
                    st[H_NFIN] = nfin + 2
        st[H_PHASE] = PHASE_OVER
    return ne


cdef inline i64 reach_home(i64* st, i64 nplayers, bint places, i64 pl, i64 k, i64 a, i64 b, i64 last,
                           i64* ev, i64 ne) noexcept nogil:
    """Piece k of pl has come home (a -> b in the event): once every piece of
    pl stands beyond place `last`, pl has finished."""
    ne = emit(ev, ne, EV_FINISHED, pl, k, a, b)
    if all_past(st, pl, last):
        ne = record_finish(st, nplayers, pl, places, ev, ne)
    return ne


cdef inline i64 arrive_home(i64* st, const Players* players, i64 pl, i64 k, i64 a, i64 b, i64 last,
                            i64* ev, i64 ne) noexcept nogil:
    """Piece k of pl has come home (a -> b): pl (or in team play his team, once both partners' pieces are
    home) may have finished."""
    if players.teams:
        return team_home(st, players.n, players.places, players.partner, False, pl, k, a, b, last, ev, ne)
    return reach_home(st, players.n, players.places, pl, k, a, b, last, ev, ne)


cdef inline i64 mover(const i64* st, const Players* players, i64 last) noexcept nogil:
    """Whose pieces the player to act moves: his own, or (team play, partner_plays) once all of his
    stand beyond `last` (home), his partner's."""
    if players.partner_plays:
        return partner_mover(st, players.partner, st[H_PLAYER], last)
    return st[H_PLAYER]


cdef inline bint foe(const Players* players, i64 a, i64 b) noexcept nogil:
    """Players a and b play against each other (neither the same nor partners)."""
    return a != b and players.partner[a] != b


cdef inline i64 team_bits(const Players* players, i64 pl) noexcept nogil:
    """The piece bits (piece id = player * PIECES + k) of pl and his partner."""
    return ((<i64>15) << (PIECES * pl)) | ((<i64>15) << (PIECES * players.partner[pl]))


cdef inline i64 opponents(const Players* players) noexcept nogil:
    """How many players play against each one (an evaluation shares their weight)."""
    return max(players.n - (2 if players.teams else 1), 1)


cdef inline i64 burn_dice(i64* st, i64* ev, i64 ne) noexcept nogil:
    """The dice left in the roll cannot be played: they are lost."""
    cdef i64 pl = st[H_PLAYER], slot
    for slot in range(st[H_NDICE]):
        if st[H_DICE + slot]:
            ne = emit(ev, ne, EV_BURNED, pl, 0, st[H_DICE + slot], 0)
            st[H_DICE + slot] = 0
    return ne


cdef inline i64 pass_turn(i64* st, i64 nplayers, i64* ev, i64 ne) noexcept nogil:
    """The turn goes to the next player who has not finished."""
    cdef i64 pl = st[H_PLAYER], nxt = st[H_PLAYER], i
    for i in range(nplayers):
        nxt = (nxt + 1) % nplayers
        if not finished(st, nxt):
            break
    st[H_PLAYER] = nxt
    st[H_PHASE] = PHASE_ROLL
    return emit(ev, ne, EV_PASS, pl, 0, nxt, 0)


cdef inline i64 dice_left(const i64* st) noexcept nogil:
    """How many dice of the roll are still to play."""
    cdef i64 n = 0, slot
    for slot in range(st[H_NDICE]):
        if st[H_DICE + slot]:
            n += 1
    return n


cdef inline i64 die_potential(i64* st, const void* tab) noexcept nogil:
    """A game's `potential` when each die played scores 1: the score so far and the dice left."""
    return st[H_SCORE] + dice_left(st)


cdef inline i64 roll_again_or_pass(i64* st, i64 nplayers, i64 extra, i64* ev, i64 ne) noexcept nogil:
    """The roll is over: the player rolls again while extra rolls are banked
    in st[extra] (taking one), else the turn passes.  A player who has just
    brought the last piece home passes and loses what was banked."""
    cdef i64 pl = st[H_PLAYER]
    if st[extra] > 0 and not finished(st, pl):
        st[extra] -= 1
        st[H_PHASE] = PHASE_ROLL
        return emit(ev, ne, EV_EXTRA_ROLL, pl, 0, st[extra], 0)
    st[extra] = 0
    return pass_turn(st, nplayers, ev, ne)
