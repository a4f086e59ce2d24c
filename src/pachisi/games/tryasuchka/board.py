"""The 72-hole cross of Трясучка: a 19x19 cross, arms 3 wide
and 8 long around a 3x3 centre.

The circle is the folk cross's (pachisi.games.boards.cross) with arms of 8: a quarter is
the middle of an arm's tip row (that seat's start), the tip-row corner, seven
holes toward the centre, the inner corner, seven holes outward and the next
tip-row corner: 18 holes, 72 in all.  The inner corners 9, 27, 45, 63 are the
teleports.  A piece passes its own start again at 72 and turns into its house
at the entrance 76, the 4th hole past the start (3rd of the lane toward the
centre); the house 77..80 runs up the arm's middle column beside it.
"""
from dataclasses import dataclass

from ..boards.cross import CrossBoard


@dataclass(frozen=True)
class Cross72Board(CrossBoard):
    arm: int = 8
    entrance_place = 76

    @property
    def house_cells(self):
        return 4

    def house(self, seat):
        """Screen cells of a seat's house 77..80, from beside the entrance inward."""
        r, _ = self.track[self.entrance_place - self.circle]
        return tuple(self.rotate((r - i, self.mid), seat) for i in range(self.house_cells))

    def cell(self, seat, p):
        """Screen cell of relative place p (0..76 the circle, 77..80 the house)."""
        if p <= self.entrance_place:
            return self.track[(p + self.quarter * seat) % self.circle]
        return self.house(seat)[p - self.entrance_place - 1]
