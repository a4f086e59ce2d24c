"""The folk cross-and-circle board of the Russian cross games.

Arms A cells long and 3 wide around a 3x3 centre; the circle runs through the
outer lanes, the tip of each arm and the four inner corners of the centre:
2A+2 cells a quarter.  Seat 0 is the bottom arm; movement is counter-clockwise
on screen and seat s+1 is the arm reached next.  A piece's place is written
player-relative: -1 park, 0 its own tip (start), L its own tip after the lap,
L+1 .. L+A-1 its house up the middle column of its arm.
"""
from dataclasses import dataclass
from functools import cached_property

from .geometry import SquareBoard


@dataclass(frozen=True)
class CrossBoard(SquareBoard):
    arm: int = 5

    @property
    def size(self):
        return 2 * self.arm + 3

    @property
    def mid(self):
        return self.arm + 1

    @property
    def quarter(self):
        return 2 * self.arm + 2

    @property
    def circle(self):
        return 4 * self.quarter

    @property
    def house_cells(self):
        return self.arm - 1

    @cached_property
    def track(self):
        """Screen cell (row, col) of every global circle index, seat 0's tip first."""
        n, m, a = self.size, self.mid, self.arm
        quarter = [(n - 1, m)]
        quarter += [(n - 1 - i, m + 1) for i in range(a)]
        quarter += [(m + 1, m + 1)]
        quarter += [(m + 1, m + 2 + i) for i in range(a)]
        return tuple(self.rotate(rc, q) for q in range(4) for rc in quarter)

    def corners(self):
        """Relative indices of the four inner corners ("углы", "масть")."""
        return tuple(self.arm + 1 + q * self.quarter for q in range(4))

    def house(self, seat):
        """Screen cells of a seat's house, from its entrance inward."""
        n, m = self.size, self.mid
        return tuple(self.rotate((n - 2 - i, m), seat) for i in range(self.house_cells))

    def cell(self, seat, p):
        """Screen cell of relative place p (0 <= p <= L + A - 1) of a seat."""
        big_l = self.circle
        if p <= big_l:
            return self.track[(p + self.quarter * seat) % big_l]
        return self.house(seat)[p - big_l - 1]

    def global_index(self, seat, p):
        return (p + self.quarter * seat) % self.circle

    def corner_area(self, seat):
        """The empty corner right of a seat's arm, where its park is drawn: (row, col, height, width)."""
        n, m = self.size, self.mid
        return self.rotate_rect(m + 2, m + 2, n - 1, n - 1, seat)

    def store_cells(self, seat, which=0):
        """Four cells (2x2) in a seat's corner for pieces off the circle: which=0 the middle
        of the corner (park, base, swamp), 1 its outer end (pieces it holds captive)."""
        n, m = self.size, self.mid
        r0 = m + 2 + (self.arm - 2) // 2 if which == 0 else n - 2
        return tuple(self.rotate((r0 + i, r0 + j), seat) for i in range(2) for j in range(2))

    def centre_cross(self):
        """The centre and its four edge-middles (unused by some games, a lock-up (БУР) in another)."""
        m = self.mid
        return ((m, m), (m + 1, m), (m, m + 1), (m - 1, m), (m, m - 1))
