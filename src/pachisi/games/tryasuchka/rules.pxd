# Трясучка: the state layout after the core header, the places of a piece's
# run, the house bonus rules and refusal reasons, shared by the compiled rules
# (tryasuchka_rules.pyx) and the Python side (tryasuchka.py imports them from
# the compiled module).
from pachisi.games.race_rules cimport POS

cpdef enum:
    # -- state layout: POS (race_rules), then
    CIRCLE = 72
    CELL = POS + 16             # per global hole: piece id + 1 standing there
    G_EXTRA = CELL + CIRCLE     # extra rolls earned and not yet taken
    SIZE = G_EXTRA + 1

cpdef enum:
    BASE = -1
    ENTRANCE = 76               # the last hole of the circle: the house door
    HOUSE_END = 80

cpdef enum:
    HOUSE_STUCK = 0
    HOUSE_END_ONLY = 1

cpdef enum:
    # reasons a die move is refused
    R_NO_DIE = 1
    R_NO_PIECE = 2
    R_OVERSHOOT = 3
    R_OWN_IN_WAY = 4
    R_OWN_PIECE = 5
    R_OVER = 6
    R_PARTNER_PIECE = 7
