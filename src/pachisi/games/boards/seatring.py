"""The board of a track game for more than four seats (Ludo for 6, Parchís
for 6 and 8) drawn on a grid, as such boards are printed: a central field
with an arm per seat, 3 wide and `arm` long, two arms side by side on the
long sides (six seats: two on top and bottom, one left and right; eight: two
on every side), the yards in the corners between the arms.

Each arm is a period of the ring, 2 * arm + 1 squares: its tip (the middle
square of its outer end, where the seat's lane turns in), the arm's second
side running inward, then the first side of the next arm running outward;
between two arms on one side the ring steps sideways, round a corner of the
central field diagonally, as on the cross.  The lane runs up the arm's middle
column from the tip; the goal is the cell after it, in the central field.
Ring index 0 is the tip of seat 0's arm, unless `shift` moves it (Ludo's
track begins at seat 0's start, 2 squares past the tip).  Play runs
clockwise on screen; `mirror` draws it counter-clockwise (Parchís).

The grid names the squares (and is what the terminal draws); the browser
draws the board as it is printed, a star of arms round a hexagon or an
octagon with the yards between the arms (`placement`, from boards.star)."""
import functools
from dataclasses import dataclass
from functools import cached_property

from ...engine.view import Placement
from .star import Star

SIDES = {6: (2, 1, 2, 1), 8: (2, 2, 2, 2)}        # arms on the top, right, bottom and left sides


@dataclass(frozen=True)
class SeatRingBoard:
    seats: int
    arm: int                     # squares along an arm's side (6: Ludo, 8: Parchís)
    lane_cells: int
    shift: int = 0               # ring index 0 is this many squares past seat 0's tip
    mirror: bool = False

    @property
    def circle(self):
        return self.seats * (2 * self.arm + 1)

    @property
    def sides(self):
        return SIDES[self.seats]

    @property
    def width(self):
        return 2 * self.arm + 3 * max(self.sides[0], self.sides[2])

    @property
    def height(self):
        return 2 * self.arm + 3 * max(self.sides[1], self.sides[3])

    @property
    def size(self):
        return max(self.width, self.height)

    def _cell(self, side, depth, along):
        """Screen cell of a point `depth` in from the outer edge of `side`, `along` it clockwise."""
        w, h = self.width, self.height
        r, c = ((depth, along), (along, w - 1 - depth), (h - 1 - depth, w - 1 - along), (h - 1 - along, depth))[side]
        return (r, w - 1 - c) if self.mirror else (r, c)

    @cached_property
    def _arms(self):
        """(side, first `along` of the arm, whether it is the first arm of its side), clockwise from the top."""
        return [(side, self.arm + 3 * j, j == 0) for side, n in enumerate(self.sides) for j in range(n)]

    @cached_property
    def track(self):
        """Screen cell of every ring index."""
        a = self.arm
        cells = []
        for k, (side, x, _) in enumerate(self._arms):
            nside, nx, _ = self._arms[(k + 1) % self.seats]
            cells.append(self._cell(side, 0, x + 1))                                  # the tip
            cells += [self._cell(side, i, x + 2) for i in range(a)]                   # inward
            cells += [self._cell(nside, a - 1 - i, nx) for i in range(a)]             # out along the next arm
        return tuple(cells[self.shift:] + cells[:self.shift])

    def lane(self, seat):
        """A seat's lane, from the tip inward."""
        side, x, _ = self._arms[seat]
        return tuple(self._cell(side, 1 + i, x + 1) for i in range(self.lane_cells))

    def goal(self, seat):
        side, x, _ = self._arms[seat]
        return self._cell(side, 1 + self.lane_cells, x + 1)

    def centre(self):
        """The central field's squares: the goals alone (the rest of the field is not a square of the star)."""
        return tuple(self.goal(seat) for seat in range(self.seats))

    def centre_area(self):
        a = self.arm
        return a, a, self.height - 2 * a, self.width - 2 * a

    def _yard_half(self, seat):
        """(side, first along, depth) of the half corner square holding a seat's yard: the first arm of
        a side takes the corner before it, any other the corner after it; each corner is split in two
        halves along its side, the one nearer each arm."""
        side, x, first = self._arms[seat]
        half = self.arm // 2
        if first:
            prev = (side - 1) % 4
            length = self.width if prev % 2 == 0 else self.height
            return prev, length - half, half       # the corner's far half, seen from the side before
        return side, x + 3, half                   # the corner after: its near half

    def yard(self, seat):
        """The four cells of a seat's yard, a square of 2x2 in the middle of its half corner."""
        side, x, half = self._yard_half(seat)
        a0 = x + (half - 2) // 2
        d0 = self.arm // 2 - 1
        return tuple(self._cell(side, d0 + i, a0 + j) for i in range(2) for j in range(2))

    def yard_area(self, seat):
        side, x, half = self._yard_half(seat)
        corners = [self._cell(side, 0, x), self._cell(side, self.arm - 1, x + half - 1)]
        rows, cols = [r for r, _ in corners], [c for _, c in corners]
        return min(rows), min(cols), max(rows) - min(rows) + 1, max(cols) - min(cols) + 1

    @cached_property
    def placement(self):
        """The star: arm k is seat k's (its tip, lanes, home column and goal), its yard in the
        triangle toward the next seat's arm, the centre the polygon the arms stand on."""
        star = Star(self.seats, self.arm, clockwise=not self.mirror)
        (width, height), (dx, dy) = star.size

        def moved(points):
            return tuple((round(x + dx, 3), round(y + dy, 3)) for x, y in points)

        cells = {}
        for k, (side, x, _) in enumerate(self._arms):
            for depth in range(self.arm):
                for lane in range(3):
                    cells[self._cell(side, depth, x + lane)] = star.place(k, depth, lane)
            cells[self.goal(k)] = star.place(k, 1 + self.lane_cells, 1)
            cells.update(zip(self.yard(k), star.yard_spots(k)))
        cells = {rc: (round(x + dx, 3), round(y + dy, 3), round(a, 2)) for rc, (x, y, a) in cells.items()}
        shapes = {k: moved(star.yard(k)) for k in range(self.seats)}
        shapes[None] = moved(star.centre_polygon())
        return Placement(round(width, 3), round(height, 3), cells, moved(star.outline()), shapes)

    def starts(self):
        """Global indices (from seat 0's start) of the starts."""
        return tuple(q * (2 * self.arm + 1) for q in range(self.seats))

    def stars(self):
        """Global indices of Ludo's star squares, 8 after each start."""
        return tuple(8 + q * (2 * self.arm + 1) for q in range(self.seats))


@functools.lru_cache(maxsize=None)
def seat_ring_board(seats, arm, lane_cells, shift=0, mirror=False):
    """The board of these numbers (made once)."""
    return SeatRingBoard(seats, arm, lane_cells, shift, mirror)
