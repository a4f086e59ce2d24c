# Parchís's part of the state and its reasons (parchis.py imports them from the compiled module).
from pachisi.engine.kernel cimport i64
from pachisi.games.track_rules cimport END, TrackTab

cpdef enum:
    STAMP = END                    # when each piece last arrived on its square (exit captures)
    G_CLOCK = STAMP + 16
    G_LAST = G_CLOCK + 1           # the piece moved last in this turn, -1 none
    G_DUTY = G_LAST + 1            # what this roll's die must do: DUTY_*
    SIZE = G_DUTY + 1              # on a wide board (6, 8 seats): STAMP 32 long, all WIDE_SHIFT on (ParchisTab)

cpdef enum:
    STEP = 0                       # the only kind of move

cpdef enum:
    DUTY_NONE = 0
    DUTY_EXIT = 1
    DUTY_OPEN = 2

cpdef enum:
    R_YARD_FIVE = 20
    R_EXIT_BARRIER = 21


cdef struct ParchisTab:
    TrackTab track                 # first: the track's helpers read a ParchisTab as its TrackTab
    # the option flags, in the order of ParchisTab's fields in parchis/__init__.py (TrackEngine.load)
    i64 stamp                      # where STAMP is: STAMP, or STAMP + WIDE_SHIFT on a wide board
    i64 clock                      # where G_CLOCK is (G_LAST, G_DUTY follow it)
    i64 exit_capture
    i64 spare_corridor


cdef inline const ParchisTab* own(const TrackTab* tab) noexcept nogil:
    """Parchís's flags, from the TrackTab its rules are given."""
    return <const ParchisTab*>tab
