# Мандавошка: the state layout after the core header, the places off the
# circle, kinds of move, capture modes and refusal reasons, shared by the
# compiled rules (mandavoshka_rules.pyx) and the Python side (mandavoshka.py
# imports them from the compiled module).
from pachisi.games.folk_rules cimport SHEL

cpdef enum:
    CIRCLE = 48
    # -- state layout: POS, SHEL (folk_rules), then
    CELL = SHEL + 16            # per global circle cell: bit mask of the pieces standing there
    HUT = CELL + CIRCLE         # per global circle cell: bit mask of the pieces hidden in its shelter
    BUR = HUT + CIRCLE          # piece id + 1 in the centre of the БУР, 0 when empty
    EXIT = BUR + 1              # per seat: pieces on that seat's exit cell of the БУР
    STAND = EXIT + 4            # per player: bit mask of the global cells where it has pieces standing
    G_EXTRA = STAND + 4         # a double: the player rolls again
    G_CAPT = G_EXTRA + 1        # captures in this roll
    G_MISS = G_CAPT + 1         # pieces that capture in some full play of this roll (bits)
    G_CLAIM = G_MISS + 1        # 1 + the offender while a missed capture may be called
    G_STAKE = G_CLAIM + 1       # the offender's pieces the caller may send to the БУР (bits)
    SIZE = G_STAKE + 1

cpdef enum:
    # places off the circle (the circle is 0..48, the house 49..52)
    SWAMP = -1
    BUR_EXIT = -2               # the owner's exit cell of the БУР
    BUR_CENTRE = -3
    HELD = -4                   # HELD - c: held in player c's swamp (captured_to=captor)

cpdef enum:
    # kinds of action
    STEP = 0
    HIDE = 1
    STRAIGHT = 2
    BACK = 3
    DIAGONAL = 4
    CALL = 5
    NOCALL = 6

cpdef enum:
    # the capture rule
    PENALTY = 0
    CLAIM = 1
    FORCED = 2
    LENIENT = 3
    CENTRE = 4                  # what a diagonal jump flies over (an exit cell is a seat 0..3)

cpdef enum:
    # reasons a single action is refused
    R_NO_DIE = 1
    R_NO_PIECE = 2
    R_SIX = 3
    R_START_OWN = 4
    R_LOCKED = 5
    R_OVERSHOOT = 6
    R_HOUSE_TAKEN = 7
    R_BLOCKED = 8
    R_NOT_CORNER = 9
    R_JUMP_DIE = 10
    R_JUMP_LAP = 11
    R_BUR_BLOCKS = 12
    R_NO_SHELTER = 13
    R_OVER = 14
    R_NO_BACK = 15
    R_CALLING = 16
    R_NO_CALL = 17
    R_NOT_AT_STAKE = 18
    R_START_PARTNER = 19
