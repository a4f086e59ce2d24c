# Parcheesi's part of the state, its kinds of move and its reasons (parcheesi.py imports
# them from the compiled module).
from pachisi.games.race_rules cimport PIECES
from pachisi.games.track_rules cimport END

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
