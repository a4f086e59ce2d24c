# Parqués's part of the state, its kinds of move and its reasons (parques/__init__.py imports
# them from the compiled module).
from pachisi.engine.kernel cimport i64
from pachisi.games.track_rules cimport END, TrackTab

cpdef enum:
    G_PAIR = END                   # this roll is a pair
    G_NONE_OUT = G_PAIR + 1        # the roll was thrown with no own piece on the track (a try)
    G_TRIES = G_NONE_OUT + 1       # tries for a pair thrown in this turn (tries: a pair ends them)
    G_RETRY = G_TRIES + 1          # the roll is over: throw again for a pair
    G_FREED = G_RETRY + 1          # the piece freed alone by one die of this roll, -1 none
    G_THIRD = G_FREED + 1          # the third pair in a row: a piece goes straight to cielo
    G_MISS = G_THIRD + 1           # pieces that capture in some full play of this roll (bits)
    G_CLAIM = G_MISS + 1           # 1 + the offender while a missed capture may be blown (soplar)
    G_STAKE = G_CLAIM + 1          # the offender's pieces that may be blown (bits)
    SIZE = G_STAKE + 1

cpdef enum:
    STEP = 0                       # a piece moved by one die
    EXIT = 1                       # a pair frees pieces from jail onto the salida
    CIELO = 2                      # the third pair: a piece goes straight to cielo
    CALL = 3                       # blow (soplar) the missed capture: piece k goes to jail
    NOCALL = 4                     # let it pass

cpdef enum:
    SOPLAR_OFF = 0
    SOPLAR_CLAIM = 1
    SOPLAR_AUTO = 2
    SOPLAR_FORCED = 3

cpdef enum:
    R_JAILED = 20
    R_NO_PAIR = 21
    R_NOT_JAILED = 22
    R_FREED_WAITS = 23
    R_THIRD = 24
    R_NOT_THIRD = 25
    R_CIELO_JAILED = 26
    R_CALLING = 27
    R_NO_CALL = 28
    R_NOT_AT_STAKE = 29


cdef struct ParquesTab:
    TrackTab track                 # first: the track's helpers read a ParquesTab as its TrackTab
    # the option flags, in the order of ParquesTab's fields in parques/__init__.py (TrackEngine.load)
    i64 super_pairs
    i64 eleven_pair
    i64 tries
    i64 soplar


cdef inline const ParquesTab* own(const TrackTab* tab) noexcept nogil:
    """Parqués's flags, from the TrackTab its rules are given."""
    return <const ParquesTab*>tab
