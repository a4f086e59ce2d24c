# Ludo's part of the state and its reasons (ludo.py imports them from the compiled module).
from pachisi.engine.kernel cimport i64
from pachisi.games.track_rules cimport END, TrackTab

cpdef enum:
    SNAP = END                     # the places at the start of the turn (third_six = void_turn)
    SIZE = SNAP + 16               # on a wide board (six seats) SNAP + WIDE_SHIFT, 32 long (LudoTab.snap)

cpdef enum:
    STEP = 0                       # the only kind of move

cpdef enum:
    R_YARD_SIX = 20
    R_YARD_ONE_SIX = 21


cdef struct LudoTab:
    TrackTab track                 # first: the track's helpers read a LudoTab as its TrackTab
    # the option flags, in the order of LudoTab's fields in ludo/__init__.py (TrackEngine.load)
    i64 snap                       # where SNAP is: SNAP, or SNAP + WIDE_SHIFT on a wide board
    i64 blocks
    i64 capture_roll
    i64 finish_roll
    i64 cumulative
    i64 void_turn
    i64 yard_on_one                # a 1 brings a piece out of the yard too


cdef inline const LudoTab* own(const TrackTab* tab) noexcept nogil:
    """Ludo's flags, from the TrackTab its rules are given."""
    return <const LudoTab*>tab
