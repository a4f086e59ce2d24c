# The compiled core's interface: the state header, events, actions, the
# seeded dice stream, the rule functions a game supplies (Rules) and the
# generic loops over them.  See kernel.pyx.
from libc.stdint cimport uint64_t

ctypedef long long i64

# -- state header (st[...]) --------------------------------------------------------
cpdef enum:
    H_PLAYER = 0     # index of the player to act
    H_PHASE = 1      # PHASE_ROLL (a chance node), PHASE_MOVE, PHASE_OVER
    H_NDICE = 2      # dice slots in use in this roll
    H_DICE = 3       # MAX_DICE slots: a value, or 0 once used or burned
    MAX_DICE = 6
    MAX_FACES = 8    # faces a die may have (a cowrie throw of seven shells: 0..7 mouths up)
    H_SCORE = 9      # look-ahead score of the roll so far
    H_WINNER = 10    # winning player, -1 while none
    H_NFIN = 11      # players finished so far
    H_ORDER = 12     # finishing order: its first ORDER_LO slots (the rest: order_at)
    ORDER_LO = 4
    H_ROLLS = 16     # rolls made so far: the dice stream's counter
    H_NPLAYERS = 17
    H_SEQ = 18       # actions and rolls applied: the state's sequence number
    H_ROLL0 = 19     # the dice as rolled (MAX_DICE slots), for records and rules
    HEADER = 25
    MAX_PLAYERS = 8  # seats an engine may have (the C arrays over players are this long)
    H_ORDER_HI = HEADER + 32   # finishing order slots ORDER_LO.. of a game of more than ORDER_LO seats


cdef inline i64 order_at(i64 i) noexcept nogil:
    """Where slot i of the finishing order is kept.  The header has ORDER_LO slots,
    as it had when no board seated more than four: a game of 2-4 players keeps
    the state it always had, byte for byte (its records, positions and corpus
    stay valid).  A game of more seats (the race games' wide boards, whose
    pieces fill HEADER .. HEADER + 31) keeps the later slots after its pieces."""
    return H_ORDER + i if i < ORDER_LO else H_ORDER_HI + i - ORDER_LO

cpdef enum:
    PHASE_ROLL = 0
    PHASE_MOVE = 1
    PHASE_OVER = 2

# -- events: EV_WIDTH ints each: kind, player, piece, a, b ---------------------------
cpdef enum:
    EV_WIDTH = 5
    EV_MOVED = 1        # piece a -> b
    EV_ENTERED = 2      # piece enters the board at b
    EV_CAPTURED = 3     # player/piece captured (victim), a = where, b = captor player
    EV_SHELTERED = 4    # piece hid in the shelter at a
    EV_JUMPED = 5       # piece jumped a -> b
    EV_EXTRA_ROLL = 6   # player earned a roll
    EV_BURNED = 7       # a = die value that could not be played
    EV_FINISHED = 8     # piece reached its house / goal at b
    EV_WON = 9          # player finished all pieces; a = place (1 = winner)
    EV_HOUSE = 10       # piece moved into or within the house a -> b
    EV_PASS = 11        # the turn passes to player a
    EV_REROLL = 12      # quick charge: roll again, a = tries left
    EV_BONUS = 13       # player earned a bonus move of a points (one left unused burns like a die)
    EV_PENALTY = 14     # piece sent back from a to its yard by a penalty (third six / double)
    EV_CLAIM = 15       # player missed a capture: opponents may call it; a = who is asked, b = pieces at stake (bits)
    EV_PUSHED = 16      # own piece pushed on from a to b (a jump landed on it)
    EV_FLUSHED = 17     # piece flushed out of its shelter at a back to its swamp (a 1-1)
    EV_FENCE = 18       # fence (piece) moved from slot a to slot b
    MAX_EVENTS = 64

# -- actions: slot | piece << 3 | kind << 8; search limits --------------------------------
cpdef enum:
    MAX_ACTIONS = 128   # candidate buffer size; a game may ask for more (Engine max_actions)
    MAX_DEPTH = 16
    POLICY_RANDOM = 0
    POLICY_GREEDY = 1


cdef inline i64 encode(i64 slot, i64 piece, i64 kind) noexcept nogil:
    return slot | (piece << 3) | (kind << 8)


cdef inline i64 a_slot(i64 a) noexcept nogil:
    return a & 7


cdef inline i64 a_piece(i64 a) noexcept nogil:
    return (a >> 3) & 31


cdef inline i64 a_kind(i64 a) noexcept nogil:
    return a >> 8


cdef inline i64 emit(i64* ev, i64 ne, i64 kind, i64 player, i64 piece, i64 a, i64 b) noexcept nogil:
    """Append one event; the look-ahead passes NULL (it never reads events)."""
    cdef i64 i
    if ev != NULL and ne < MAX_EVENTS:
        i = ne * EV_WIDTH
        ev[i] = kind
        ev[i + 1] = player
        ev[i + 2] = piece
        ev[i + 3] = a
        ev[i + 4] = b
    return ne + 1


cdef inline bint die_to_list(const i64* st, i64 slot) noexcept nogil:
    """True when slot holds a die still to play and no earlier slot still shows
    its value: the dice a move list goes through, so that a double's two equal
    dice do not list every move twice."""
    cdef i64 d = st[H_DICE + slot], s
    if d == 0:
        return False
    for s in range(slot):
        if st[H_DICE + s] == d:
            return False
    return True


# -- seeded dice: a counter-based stream (splitmix64) -----------------------------
cdef inline uint64_t mix64(uint64_t x) noexcept nogil:
    cdef uint64_t z = x + <uint64_t>0x9E3779B97F4A7C15ULL
    z = (z ^ (z >> 30)) * <uint64_t>0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * <uint64_t>0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef inline i64 draw(i64 seed, i64 counter, i64 modulus) noexcept nogil:
    """The counter-th number of the seed's stream, in [0, modulus)."""
    return <i64>((mix64(mix64(<uint64_t>seed) + <uint64_t>counter)) % <uint64_t>modulus)


# -- what a game supplies ----------------------------------------------------------------
# st is the state (a flat i64 array), tab the game's frozen tables (its own struct).
ctypedef i64 (*check_f)(i64* st, const void* tab, i64 slot, i64 piece, i64 kind) noexcept nogil
ctypedef i64 (*gen_f)(i64* st, const void* tab, i64* out) noexcept nogil
ctypedef i64 (*play_f)(i64* st, const void* tab, i64 action, i64* ev, i64 ne) noexcept nogil
ctypedef i64 (*stage_f)(i64* st, const void* tab, i64* ev, i64 ne) noexcept nogil
ctypedef i64 (*potential_f)(i64* st, const void* tab) noexcept nogil
ctypedef double (*evaluate_f)(i64* st, const void* tab, i64 player) noexcept nogil
ctypedef bint (*compulsory_f)(i64* st, const void* tab, i64 action) noexcept nogil
ctypedef void (*places_f)(const i64* st, const void* tab, i64* out, double* extra, i64* memo) noexcept nogil

cdef struct Rules:
    const void* tab
    check_f check          # 0 if that single-die action is possible now, else a reason code
    gen_f gen              # the candidate actions (whole-roll rules ignored) -> how many
    play_f play            # apply one action, append events -> event count
    stage_f begin          # the dice have been set
    stage_f finish         # no action is left in this roll (may open a new stage)
    potential_f potential  # the best roll score still reachable (an upper bound)
    evaluate_f evaluate    # a heuristic value of the position for a player
    compulsory_f compulsory  # an action every bot takes when legal (a missed capture's call); NULL: none
    # each piece's place for the learned evaluator (out[player * pieces + k], -1: none), where a piece's cell
    # alone does not say how far it has to go (Kimbo: the fences); NULL: the evaluator reads the cells.  extra
    # (a number per player) is what else decides its race (Kimbo: the chance of entering
    # the centre with the next roll).  memo (twice the state's length, zeroed before the first call) keeps
    # what it may reuse from call to call
    places_f places
    i64 nplaces            # how many places `places` gives (0 to nplaces - 1); 0 without it
    i64 size               # state length
    i64 max_actions        # candidate buffer size (a legal list at most half of it)
    i64 ndice
    # die i has nfaces[i] faces: face j shows faces[i * MAX_FACES + j] and is drawn with weight
    # cum[.. + j] - cum[.. + j - 1] out of cum[.. + nfaces[i] - 1]; flat[i]: the faces are a
    # range lo..hi, each of weight 1 (drawn without a search)
    i64 nfaces[MAX_DICE]
    i64 faces[MAX_DICE * MAX_FACES]
    i64 cum[MAX_DICE * MAX_FACES]
    bint flat[MAX_DICE]
    i64 mate[MAX_PLAYERS]  # each player's partner, himself without teams (a team's win is both partners')


cdef inline bint wins(const Rules* R, const i64* st, i64 p) noexcept nogil:
    """True when player p has won: he, or in team play his partner, is the winner."""
    cdef i64 w = st[H_WINNER]
    return w >= 0 and (w == p or R.mate[w] == p)


cdef inline i64 die_total(const Rules* R, i64 i) noexcept nogil:
    """The sum of die i's face weights (its number of faces for a common die)."""
    return R.cum[i * MAX_FACES + R.nfaces[i] - 1]


cdef inline i64 face_index(const Rules* R, i64 i, i64 r) noexcept nogil:
    """The face of die i that the weight r in [0, die_total) falls on."""
    cdef i64 j = 0
    if R.flat[i]:
        return r
    while R.cum[i * MAX_FACES + j] <= r:
        j += 1
    return j


cdef inline i64 face_weight(const Rules* R, i64 i, i64 j) noexcept nogil:
    return R.cum[i * MAX_FACES + j] - (R.cum[i * MAX_FACES + j - 1] if j else 0)


cdef inline i64 n_outcomes(const Rules* R) noexcept nogil:
    """The rolls the dice can show, as State.chance_outcomes lists them."""
    cdef i64 t = 1, i
    for i in range(R.ndice):
        t *= R.nfaces[i]
    return t


cdef inline i64 outcome_total(const Rules* R) noexcept nogil:
    """The sum of the weights of every roll (n_outcomes when every face weighs 1)."""
    cdef i64 t = 1, i
    for i in range(R.ndice):
        t *= die_total(R, i)
    return t


cdef inline i64 outcome(const Rules* R, i64 idx, i64* values) noexcept nogil:
    """The idx-th roll in State.chance_outcomes order (the last die fastest); returns its
    weight (its probability is weight / outcome_total)."""
    cdef i64 i, r, j, w = 1
    for i in range(R.ndice - 1, -1, -1):
        r = R.nfaces[i]
        j = idx % r
        values[i] = R.faces[i * MAX_FACES + j]
        w *= face_weight(R, i, j)
        idx //= r
    return w


cdef inline i64 weighted_outcome(const Rules* R, i64 r, i64* values) noexcept nogil:
    """The roll a weight r in [0, outcome_total) falls on (each roll as often as its weight;
    for dice whose faces weigh 1, the r-th roll); returns its index."""
    cdef i64 i, t, j, o = 0, place = 1
    for i in range(R.ndice - 1, -1, -1):
        t = die_total(R, i)
        j = face_index(R, i, r % t)
        values[i] = R.faces[i * MAX_FACES + j]
        o += j * place
        place *= R.nfaces[i]
        r //= t
    return o


cdef inline i64 draw_die(const Rules* R, i64 i, i64 seed, i64 counter, i64* index) noexcept nogil:
    """Die i as the seed's stream holds it at counter (index: its face's number)."""
    cdef i64 j = face_index(R, i, draw(seed, counter, die_total(R, i)))
    index[0] = j
    return R.faces[i * MAX_FACES + j]


cdef struct Work:
    # scratch of the look-ahead: MAX_DEPTH + 1 states and candidate rows, values, indices
    i64* sbuf
    i64* cbuf
    i64* vals
    i64 at[MAX_DEPTH + 1]
    i64 count[MAX_DEPTH + 1]


cdef struct Scratch:
    # what one call into an Engine writes besides the state: the look-ahead's
    # scratch, the legal list and the events.  Each call takes its own from
    # the Engine's spares (Engine.take/give), so threads sharing a Game never
    # share one.
    Work W
    i64* out
    i64* ev
    Scratch* next       # the next spare


cdef int work_alloc(Work* W, const Rules* R) except -1
cdef void work_free(Work* W) noexcept nogil

cdef i64 set_dice(const Rules* R, i64* st, const i64* values, i64* ev, i64 ne) noexcept nogil
cdef i64 legal(const Rules* R, Work* W, i64* st, i64* out) noexcept nogil
cdef i64 settle(const Rules* R, Work* W, i64* st, i64* ev, i64 ne, i64* out, i64* nout) noexcept nogil
cdef i64 choose(const Rules* R, Work* W, i64* st, i64 policy, i64 seed, i64 k, const i64* acts, i64 n) noexcept nogil
cdef i64 draw_dice(const Rules* R, i64 seed, i64 counter, i64* values) noexcept nogil
cdef bint playout(const Rules* R, Work* W, i64* st, i64 seed, const i64* policies, i64 max_rolls,
                  i64* stats) noexcept nogil
cdef i64 rolloff(const Rules* R, const i64* st, i64 seed) noexcept nogil


cpdef list dice_ranges(lo, hi)


cdef class Engine:
    """A game's rules, compiled, with its tables frozen (a subclass per game
    binds them with `setup`) and spare scratch for its calls: a call takes
    one (take) and gives it back (give), so concurrent calls never share."""
    cdef Rules R
    cdef Scratch* spare
    cdef readonly object options
    cdef int setup(self, const void* tab, check_f check, gen_f gen, play_f play, stage_f begin, stage_f finish,
                   potential_f potential, evaluate_f evaluate, compulsory_f compulsory, i64 size, i64 max_actions,
                   faces, weights=*) except -1
    cdef i64* state(self, i64[::1] arr) except NULL
    cdef Scratch* take(self) except NULL
    cdef void give(self, Scratch* s) noexcept


cdef class Event:
    """Something that happened in a step: its kind (EV_NAMES), the player and
    piece it concerns, and two numbers whose meaning the kind gives."""
    cdef readonly str kind
    cdef readonly i64 player, piece, a, b


cdef class Played:
    """A move in a history whose text is not written yet: the player, its
    action and the position it was played from (the text is made when asked for)."""
    cdef readonly i64 player, action
    cdef readonly object before


cdef class Move:
    """One action of a decision, described: the action's number, then the rest
    (player, die, piece, kind, frm, to, text) given by its game's describe, at
    once or, for a move of StateCore.legal_moves, on first use (from the
    position the list was made in)."""
    cdef readonly i64 action
    cdef i64 _player, _die, _piece, _kind, _frm, _to
    cdef str _text
    cdef object _game, _arr
    cdef int _describe(self) except -1
    cdef tuple _fields(self)


cdef class StateCore:
    """The compiled half of a State (engine/game.py): the position and the
    hot steps of the API (roll, legal_actions, legal_moves, push), each one call into the rules."""
    cdef readonly Engine engine
    cdef object _arr
    cdef i64[::1] _view
    cdef public object game, seed
    cdef public list _stack, _history
    cdef public Py_ssize_t _written
    cdef list _roll(self, tuple dice)
