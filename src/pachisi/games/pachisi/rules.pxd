# Pachisi's part of the state, its kinds of move and its reasons (pachisi/__init__.py imports them
# from the compiled module).
from pachisi.engine.kernel cimport i64, MAX_DICE
from pachisi.games.cloth_rules cimport CLOTH_END, R_CLOTH_END, ClothTab

cpdef enum:
    G_AGAIN = CLOTH_END            # this throw gives another (a grace, or a capture with capture_rethrow)
    G_FRESH = G_AGAIN + 1          # players whose first piece has not entered yet (bits; first_free)
    G_NKEPT = G_FRESH + 1          # throw_mode=collect: graces thrown in this turn and kept to play later
    G_KEPT = G_NKEPT + 1           # ... their values (MAX_DICE - 1 slots)
    SIZE = G_KEPT + MAX_DICE - 1

cpdef enum:
    STEP = 0                       # a piece moves by the whole throw (turning in at its tip)
    ENTER = 1                      # a piece leaves the charkoni
    ROUND = 2                      # at its tip a piece goes round the circuit again (second_circuit)
    PASS = 3                       # the throw is left unused
    PAIR = 4                       # two pieces of one place move together by the throw (blockades)
    PAIR_ROUND = 5                 # ... and at their tip go round the circuit again together

cpdef enum:                        # Pachisi's own reasons, after the cloth's (cloth_rules.pxd)
    R_WAITS = R_CLOTH_END
    R_NOT_WAITING = R_CLOTH_END + 1
    R_NO_ROUND = R_CLOTH_END + 2
    R_MUST_MOVE = R_CLOTH_END + 3
    R_ENTER_ORDER = R_CLOTH_END + 4
    R_NO_ENTRY = R_CLOTH_END + 5
    R_BLOCKADE = R_CLOTH_END + 6


cdef struct PachisiTab:
    ClothTab cloth                 # first: the cloth's helpers read a PachisiTab as its ClothTab
    # the option flags, in the order of PachisiTab's fields in pachisi/__init__.py (ClothEngine.load)
    i64 graces                     # the throws that throw again, as bits of their values
    i64 enters                     # the throws that bring a piece out of the charkoni, as bits
    i64 enter_counts               # the entering throw moves the piece by its value (else onto place 1)
    i64 first_free                 # a player's first piece enters with any throw, moved by its value
    i64 must_move                  # a throw some piece can play must be played
    i64 capture_rethrow            # a capture throws again
    i64 second_circuit             # at its tip a piece may go round again
    i64 bear_off                   # the throws that bear off a piece on its last square (83), as bits
    i64 grace_needs_piece          # a grace that enters nothing throws again only with a piece out
    i64 collect                    # throw until a throw that is not a grace, then play the throws in any order
    i64 pachisi_one                # a pachisi (25) brings an extra move of 1
    i64 three_void                 # three equal throws in a row (collected) do not count
    i64 blockades                  # two pieces of one player block single pieces and may move together


cdef inline const PachisiTab* own(const ClothTab* c) noexcept nogil:
    """Pachisi's flags, from the ClothTab its rules are given."""
    return <const PachisiTab*>c
