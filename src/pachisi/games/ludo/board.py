"""The Ludo board : a 15x15 cross, arms 6 long and 3 wide, a
52-square track round the arms, a home column of 5 up the middle of each arm
and the centre as the goal, yards in the four corners.

Seat 0 (red) starts on (6, 1) in the left arm and moves clockwise on screen;
seat s+1 is the arm reached next (a quarter turn clockwise).  Global track
index g counts from seat 0's start; a seat's own start is g = 13 * seat.
The step from the 5th to the 6th square of every quarter is diagonal (Ludo
has no inner-corner square)."""
from dataclasses import dataclass
from functools import cached_property

from ..boards.geometry import ClockwiseBoard


@dataclass(frozen=True)
class LudoBoard(ClockwiseBoard):
    size: int = 15
    quarter: int = 13
    lane_cells: int = 5

    @cached_property
    def track(self):
        """Screen cell of every global track index, seat 0's start first."""
        quarter = [(6, 1 + i) for i in range(5)]          # along the arm toward the centre
        quarter += [(5 - i, 6) for i in range(6)]         # diagonal step, then out along the next arm
        quarter += [(0, 7), (0, 8)]                       # round its tip
        return tuple(self.rotate(rc, q) for q in range(4) for rc in quarter)

    def lane(self, seat):
        """A seat's home column, from the track inward."""
        return tuple(self.rotate((7, 1 + i), seat) for i in range(self.lane_cells))

    def goal(self, seat):
        """The centre triangle of a seat, where its finished pieces stand."""
        return self.rotate((7, 6), seat)

    def centre(self):
        return tuple((r, c) for r in range(6, 9) for c in range(6, 9))

    def yard(self, seat):
        """The four cells of a seat's yard (the corner before its start)."""
        return tuple(self.rotate(rc, seat) for rc in ((2, 2), (2, 3), (3, 2), (3, 3)))

    def centre_area(self):
        return 6, 6, 3, 3

    def yard_area(self, seat):
        """The coloured 6x6 corner of a seat's yard: (row, col, height, width)."""
        return self.rotate_rect(0, 0, 5, 5, seat)

    def stars(self):
        """Global indices of the star squares (8 after each start)."""
        return tuple(8 + q * self.quarter for q in range(4))

    def starts(self):
        return tuple(q * self.quarter for q in range(4))
