# Parchís's part of the state and its reasons (parchis.py imports them from the compiled module).
from pachisi.games.track_rules cimport END

cpdef enum:
    STAMP = END                    # when each piece last arrived on its square (exit captures)
    G_CLOCK = STAMP + 16
    G_LAST = G_CLOCK + 1           # the piece moved last in this turn, -1 none
    G_DUTY = G_LAST + 1            # what this roll's die must do: DUTY_*
    SIZE = G_DUTY + 1

cpdef enum:
    STEP = 0                       # the only kind of move

cpdef enum:
    DUTY_NONE = 0
    DUTY_EXIT = 1
    DUTY_OPEN = 2

cpdef enum:
    R_YARD_FIVE = 20
    R_EXIT_BARRIER = 21
