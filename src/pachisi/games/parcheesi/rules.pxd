# Parcheesi's part of the state (its board has four seats: the narrow layout of track_rules,
# whose fields it reads at their own indices), its kinds of move and its reasons (parcheesi.py imports
# them from the compiled module).
from pachisi.games.race_rules cimport PIECES
from pachisi.engine.kernel cimport i64
from pachisi.games.track_rules cimport END, TrackTab

cpdef enum:
    PARTNER = END                  # per own pawn: its blockade partner when the roll began, -1 none
    BPLACE = PARTNER + PIECES      # per own pawn: where it stood when the roll began
    G_PAIRED = BPLACE + PIECES     # 1 when the roll began with an own blockade
    AGE = G_PAIRED + 1             # per pawn: its owner's turns it has stood in the same blockade
    TSTART = AGE + 16              # per own pawn: where it stood when the turn began
    DUE = TSTART + PIECES          # per own pawn: its blockade has stood too long (blockade_turns)
    SIZE = DUE + PIECES

cpdef enum:
    STEP = 0
    GO_ROUND = 1
    SUM = 2

cpdef enum:
    R_NEST_FIVE = 20
    R_NO_SUM = 21
    R_NO_PASSING = 22
    R_NOT_PAST = 23
    R_TWO_PAWNS = 24               # team play: two pawns not of one colour (partners', or an opposing pair)


cdef struct ParcheesiTab:
    TrackTab track                 # first: the track's helpers read a ParcheesiTab as its TrackTab
    # the option flags, in the order of ParcheesiTab's fields in parcheesi/__init__.py (TrackEngine.load)
    i64 must_enter
    i64 may_pass
    i64 three_doubles
    i64 blockade_turns


cdef inline const ParcheesiTab* own(const TrackTab* tab) noexcept nogil:
    """Parcheesi's flags, from the TrackTab its rules are given."""
    return <const ParcheesiTab*>tab
