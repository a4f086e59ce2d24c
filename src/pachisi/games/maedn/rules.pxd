# Mensch ärgere Dich nicht's part of the state, its kinds of move and its reasons (maedn/__init__.py
# imports them from the compiled module).
from pachisi.engine.kernel cimport i64
from pachisi.games.track_rules cimport END, TrackTab

cpdef enum:
    G_TRIES = END                  # rolls of the three tries made in this turn
    G_MISS = G_TRIES + 1           # pieces with a capturing legal move in this roll (bits)
    G_LAST = G_MISS + 1            # 1 + the piece moved last in this turn, 0 none (third_six=penalty)
    G_FRESH = G_LAST + 1           # players still to make their first roll (bits; first_roll_enters)
    G_ENTERED = G_FRESH + 1        # 1 + the piece a 6 has just brought out (entered_moves_on), 0 none
    G_BOUND = G_ENTERED + 1        # 1 + the piece that must play this roll if it can, 0 none
    G_KEPT = G_BOUND + 1           # the sixes kept to add to the next roll (six_sum)
    G_CLAIM = G_KEPT + 1           # 1 + the offender while a missed capture may be called (must_capture=claim)
    G_STAKE = G_CLAIM + 1          # the offender's piece that may be called (bits)
    SIZE = G_STAKE + 1

cpdef enum:
    STEP = 0                       # a piece forward by the roll
    BACK = 1                       # a piece backward by the roll, to capture (backwardCapture)
    KEEP = 2                       # keep a 6 to add to the next roll instead of bringing a piece out (six_sum)
    ENTER2 = 3                     # a 6 brings two pieces out onto the A field together (six_enters_two)
    CALL = 4                       # call the missed capture: the offender's piece k goes back to B
    NOCALL = 5                     # let it pass

cpdef enum:
    # the obligation to capture (mustCapture)
    CAPTURE_OFF = 0
    CAPTURE_PENALTY = 1
    CAPTURE_FORCED = 2
    CAPTURE_CLAIM = 3              # the penalty, applied when an opponent calls it before the next roll

cpdef enum:
    # two own pieces on a field (barriers)
    BARRIER_OFF = 0
    BARRIER_ALL = 1                # nobody passes, the owner included (the Schmidt variant)
    BARRIER_WALL = 2               # other colours do not pass, the owner does (Non t'arrabbiare)

cpdef enum:
    R_YARD_SIX = 20
    R_CLEAR_START = 21
    R_MUST_ENTER = 22
    R_GOAL_JUMP = 23
    R_BACK_TARGET = 24
    R_BACK_START = 25
    R_MUST_CAPTURE = 26
    R_GOAL_END = 27
    R_YARD_FIVE = 28
    R_BOUND = 29
    R_SIX_KEPT = 30
    R_NO_KEEP = 31
    R_OWN_PASS = 32
    R_YARD_ONE_SIX = 33
    R_TWO = 34
    R_LADDER = 35
    R_TIP_BACK = 36
    R_OVERTAKE = 37
    R_CALLING = 38
    R_NO_CALL = 39
    R_NOT_AT_STAKE = 40
    R_BONUS_FORWARD = 41


cdef struct MaednTab:
    TrackTab track                 # first: the track's helpers read a MaednTab as its TrackTab
    # the option flags, in the order of MaednTab's fields in maedn/__init__.py (TrackEngine.load)
    i64 goal_jump                  # a piece may pass pieces in the goal
    i64 three_tries                # a player who cannot move rolls up to three times for a 6
    i64 must_capture               # CAPTURE_OFF, CAPTURE_PENALTY, CAPTURE_FORCED, CAPTURE_CLAIM
    i64 backward                   # a piece may move backward by the roll to capture
    i64 barriers                   # BARRIER_OFF, BARRIER_ALL, BARRIER_WALL
    i64 enter_roll                 # the roll that brings a piece out of B (6, or 5)
    i64 six_seven                  # a 6 moves 7 once no piece waits on B
    i64 third_six                  # the third 6 in a row is not played and the piece moved last goes back
    i64 own_capture                # landing on an own piece sends it back to B
    i64 first_roll                 # a player's first roll puts a piece on A and moves it by the roll
    i64 bound_entry                # the roll after a 6 that brought a piece out is played by that piece
    i64 forced_order               # rule 3: clear the A field, then enter on the entering roll
    i64 six_sum                    # a 6 not used to enter is kept and added to the next roll(s)
    i64 pass_own                   # a piece may pass own pieces
    i64 enter_one                  # a 1 brings a piece out onto the A field too
    i64 enter_two                  # a 6 brings two pieces out onto A, or one onto the field 5 on
    i64 bounce                     # a roll past the deepest free goal field counts back from it
    i64 ladder                     # Petits chevaux: the track ends at the own tip (a roll past it counts
                                   # back), the ladder is climbed a step a roll by the step's number, and
                                   # the centre beyond it holds every horse home
    i64 behind_own                 # a move ending on an own piece stops on the square before it
    i64 no_overtaking              # a piece passes no other piece (it may still land on one)
    i64 six_either                 # a 6 may bring a piece out or move one on (rule 3b does not force it)
    i64 bonus                      # a capture earns a move of 20, a piece into the goal one of 10
    i64 neutral                    # all_colours for three: the neutral colour's index (its pieces are the
                                   # actions' pieces 4..7), -1 none
    i64 neutral_order              # rule 3's order covers the neutral pieces as the mover's own


cdef inline const MaednTab* own(const TrackTab* tab) noexcept nogil:
    """Mensch ärgere Dich nicht's flags, from the TrackTab its rules are given."""
    return <const MaednTab*>tab
