# Chaupar's kinds of move, its reasons and its frozen tables (chaupar/__init__.py imports the constants
# from the compiled module).  The cloth it is played on (places 0..84, circuit squares, castles, teams)
# is Pachisi's: cloth_rules.pxd.
from pachisi.engine.kernel cimport i64
from pachisi.games.cloth_rules cimport CLOTH_END, R_CLOTH_END, ClothTab

cpdef enum:
    START = 6                      # where a captured piece starts again
    SIZE = CLOTH_END               # the places of the 16 pieces: nothing else is kept between actions

cpdef enum:
    STEP = 0                       # one die moves one piece
    PAIR = 1                       # two equal dice move two own pieces of one place together, twice the die
    TRIPLE = 2                     # a triple (6-6-6, 2-2-2) as the roll's first play moves three together

cpdef enum:                        # Chaupar's own reasons, after the cloth's (cloth_rules.pxd)
    R_NO_PAIR = R_CLOTH_END
    R_NO_TRIPLE = R_CLOTH_END + 1
    R_NOT_FIRST = R_CLOTH_END + 2


cdef struct ChauparTab:
    ClothTab cloth                 # first: the cloth's helpers read a ChauparTab as its ClothTab
    # the option values, in the order of ChauparTab's fields in chaupar/__init__.py (ClothEngine.load)
    i64 triple_two                 # how far 2-2-2 moves three pieces together (0: no such move)
    i64 triple_six                 # how far 6-6-6 does
