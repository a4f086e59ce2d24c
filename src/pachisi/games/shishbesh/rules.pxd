# Шиш-беш: the state layout after the core header, kinds of move, entry rules
# and refusal reasons, shared by the compiled rules (shishbesh_rules.pyx) and
# the Python side (shishbesh.py imports them from the compiled module).
from pachisi.games.folk_rules cimport SHEL

cpdef enum:
    # -- state layout: POS, SHEL (folk_rules), then
    CELL = SHEL + 16            # per global circle cell: piece id + 1 standing there
    HUT = CELL + 56             # per global circle cell: piece id + 1 in its shelter
    G_EXTRA = HUT + 56          # extra rolls earned and not yet taken
    G_DOUBLE = G_EXTRA + 1      # this roll is a double
    G_CAPT = G_DOUBLE + 1       # captures in this roll
    G_TRIES = G_CAPT + 1        # quick charge: rolls this turn that gave no move
    G_PLAYED = G_TRIES + 1      # dice played in this roll
    SIZE = G_PLAYED + 1

    PARK = -1

cpdef enum:
    STEP = 0
    JUMP_FORWARD = 1
    JUMP_BACK = 2
    JUMP_DIAGONAL = 3

cpdef enum:
    ENTRY_SIX = 0
    ENTRY_DOUBLE = 1
    ENTRY_BOTH = 2

cpdef enum:
    # reasons a single-die action is refused
    R_NO_DIE = 1
    R_NO_PIECE = 2
    R_PARK_SIX = 3
    R_PARK_DOUBLE = 4
    R_PARK_SIX_OR_DOUBLE = 5
    R_START_OWN = 6
    R_LOCKED = 7
    R_OVERSHOOT = 8
    R_PASS_OWN_HOUSE = 9
    R_OWN_PIECE = 10
    R_OWN_SHELTERED = 11
    R_NOT_CORNER = 12
    R_JUMP_DIE = 13
    R_PARK_JUMP = 14
    R_OVER = 15
    R_NO_KIND = 16
    R_START_PARTNER = 17
    R_PARTNER_PIECE = 18
    R_PARTNER_SHELTERED = 19
