"""The 68-square ring of Parchís and Parcheesi on a 19x19
cross: arms 8 long and 3 wide around a 3x3 centre.

Each quarter is the tip square (the middle of an arm's end) and 8 squares up
the right-hand lane of that arm, then, after a diagonal step round the inner
corner, 8 squares out along the lower lane of the next arm: 17 squares.
Movement is counter-clockwise on screen.  Ring index i = 0 is the tip of the
bottom arm (Parchís square 68, Parcheesi space 0); index i is Parchís square
i (68 for 0) and Parcheesi space i.  Seat 0 owns the bottom arm: its entry
(exit) is i = 5, its lane runs up the middle column from the tip to the
centre; seat s+1 owns the arm a quarter turn counter-clockwise."""
from dataclasses import dataclass
from functools import cached_property

from .geometry import SquareBoard


@dataclass(frozen=True)
class Ring68Board(SquareBoard):
    size: int = 19
    arm: int = 8
    lane_cells: int = 7

    quarter = 17
    circle = 68

    @cached_property
    def track(self):
        """Screen cell of ring index 0..67."""
        n, a = self.size, self.arm
        quarter = [(n - 1, n // 2)]
        quarter += [(n - 1 - i, n // 2 + 1) for i in range(a)]
        quarter += [(n // 2 + 1, n // 2 + 2 + i) for i in range(a)]
        return tuple(self.rotate(rc, q) for q in range(4) for rc in quarter)

    def lane(self, seat):
        """A seat's lane (pasillo, home row), from the ring inward."""
        n = self.size
        return tuple(self.rotate((n - 2 - i, n // 2), seat) for i in range(self.lane_cells))

    def goal(self, seat):
        """Where a seat's finished pieces stand: the centre square before its lane."""
        n = self.size
        return self.rotate((n // 2 + 1, n // 2), seat)

    def centre(self):
        m = self.size // 2
        return tuple((r, c) for r in range(m - 1, m + 2) for c in range(m - 1, m + 2))

    def nest(self, seat):
        """The four cells of a seat's home (nest): the corner right of its arm."""
        return tuple(self.rotate(rc, seat) for rc in ((14, 14), (14, 15), (15, 14), (15, 15)))

    def yard(self, seat):
        """Where a seat's pieces at home are drawn (the track games' name for it)."""
        return self.nest(seat)

    def centre_area(self):
        return self.size // 2 - 1, self.size // 2 - 1, 3, 3

    def yard_area(self, seat):
        """The coloured 8x8 corner of a seat's nest: (row, col, height, width)."""
        return self.rotate_rect(11, 11, 18, 18, seat)
