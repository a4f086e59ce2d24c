# Kimbo's state layout, action slots and reason codes, shared by the
# compiled rules (kimbo_rules.pyx) and the Python game (kimbo.py imports
# them from the compiled module).
from pachisi.engine.kernel cimport HEADER
from pachisi.games.kimbo.board_rules cimport NODES

cpdef enum:
    PAWNS = 4
    FENCES = 6
    SLOTS = 400                 # fence slots of the grid (len(BOARD.slots), checked when the tables are frozen)
    MOST_POINTS = 12            # the most points one roll gives: the two dice's sum
    CHOICES = MOST_POINTS       # turn choices a route can make: one per point at most
    LEARNED_PLACES = 40         # the learned evaluator's places: captured, steps from the centre (38..1), in it

# -- state layout after the core header --------------------------------------------
cpdef enum:
    POS = HEADER                # node of each pawn (player * 4 + k)
    FEN = POS + 16              # slot of each fence (colour seat * 6 + i), -1 off the board
    WALL = FEN + 24             # per node: bit d set while side d is closed (fence or permanent)
    G_STAGE = WALL + NODES      # what the decision in PHASE_MOVE is about
    G_MOVER = G_STAGE + 1       # the player whose turn it is (a victim may be deciding)
    G_MOVED = G_MOVER + 1       # pawn moved by the first die, -1
    G_DOUBLE = G_MOVED + 1      # the roll is a double
    SIZE = G_DOUBLE + 1

cpdef enum:
    PENDING = -2                # a captured pawn waiting to be put on a start square (ABSENT: race_rules)

cpdef enum:
    STAGE_FENCE = 0
    STAGE_PAWN = 1
    STAGE_PLACE = 2

# action slots (encode(slot, piece, kind)); kind of a pawn move = direction | turn bits << 2
cpdef enum:
    DIE0 = 0
    DIE1 = 1
    SUM = 2
    JUMP = 3
    PLACE = 6
    FENCE = 7
    KEEP = 31                   # the "piece" of the fence action that leaves every fence standing

# reasons an action is refused
cpdef enum:
    R_OVER = 1
    R_NOT_NOW = 2
    R_NO_DIE = 3
    R_NO_PAWN = 4
    R_SAME_PAWN = 5
    R_IN_CENTRE = 6
    R_CAPTURED = 7
    R_NO_WAY = 8
    R_NO_ROUTE = 9
    R_OWN_PAWN = 10
    R_NOT_DOUBLE = 11
    R_NO_FENCE = 12
    R_JUMP_CENTRE = 13
    R_NO_OWN_FENCE = 14
    R_SLOT_TAKEN = 15
    R_CUTS_OFF = 16
    R_NOT_START = 17
    R_SURPLUS = 18
    R_PARTNER_PAWN = 19
