# Ludo's part of the state and its reasons (ludo.py imports them from the compiled module).
from pachisi.games.track_rules cimport END

cpdef enum:
    SNAP = END                     # the places at the start of the turn (third_six = void_turn)
    SIZE = SNAP + 16

cpdef enum:
    STEP = 0                       # the only kind of move

cpdef enum:
    R_YARD_SIX = 20
