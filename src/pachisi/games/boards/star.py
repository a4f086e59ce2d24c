"""A star of arms, as boards for six and eight are printed: each seat's arm, 3
lanes wide and `arm` squares long, radiates from a central polygon (a hexagon,
an octagon) at 360/n degrees, and its yard fills the triangle between it and
the next seat's arm.  Seat 0's arm points down the screen; the next seat's
arm is the next one clockwise (counter-clockwise with `clockwise` false).

A square of an arm is named in the arm's own frame: `depth` squares in from
its outer end (0 .. arm - 1; arm: the goal, just inside the central polygon)
and `lane` 0 .. 2 across it, lane 2 beside the next seat's arm.  Places are in
cell units, (0, 0) the board's centre, y down the screen: a square's centre
and its turn in degrees, kept within 45 degrees of upright so its number
reads."""
import math
from dataclasses import dataclass
from functools import cached_property

WIDTH = 3          # lanes an arm has
YARD_INSET = 0.12  # cells between a yard's edge and the arms beside it


def _upright(degrees):
    """A square's turn brought within [-45, 45): a square looks the same turned a quarter."""
    return (degrees + 45) % 90 - 45


@dataclass(frozen=True)
class Star:
    seats: int
    arm: int
    clockwise: bool = True

    @property
    def inner(self):
        """How far an arm's inner end is from the centre: the central polygon's apothem."""
        return WIDTH / 2 / math.tan(math.pi / self.seats)

    def angle(self, k):
        """The screen angle (degrees, clockwise from east) arm k points along, outward."""
        return 90 + (1 if self.clockwise else -1) * 360 * k / self.seats

    def axes(self, k):
        """Arm k's outward unit vector and its across one (toward the next seat's arm)."""
        a = math.radians(self.angle(k))
        s = 1 if self.clockwise else -1
        return (math.cos(a), math.sin(a)), (-s * math.sin(a), s * math.cos(a))

    def point(self, k, out, across):
        """The point `out` cells from the centre along arm k's axis and `across` toward the next arm."""
        (dx, dy), (px, py) = self.axes(k % self.seats)
        return out * dx + across * px, out * dy + across * py

    def place(self, k, depth, lane):
        """(x, y, degrees) of the square `depth` in from arm k's outer end, in lane `lane`."""
        x, y = self.point(k, self.inner + self.arm - depth - 0.5, lane - (WIDTH - 1) / 2)
        return x, y, _upright(self.angle(k) - 90)

    def centre_polygon(self):
        """The central polygon, a corner between each two arms."""
        return tuple(self.point(k, self.inner, WIDTH / 2) for k in range(self.seats))

    def outline(self):
        """The board's edge: every arm's outer end and, between two arms, the outer side of the yard."""
        tip = self.inner + self.arm
        return tuple(p for k in range(self.seats) for p in (self.point(k, tip, -WIDTH / 2), self.point(k, tip, WIDTH / 2)))

    def wedge(self, k):
        """The triangle between arm k and the next: its corner on the central polygon, then the two arms' outer corners."""
        tip = self.inner + self.arm
        return self.point(k, self.inner, WIDTH / 2), self.point(k, tip, WIDTH / 2), self.point(k + 1, tip, -WIDTH / 2)

    def _incircle(self, k):
        a, b, c = self.wedge(k)
        la, lb, lc = math.dist(b, c), math.dist(a, c), math.dist(a, b)
        p = la + lb + lc
        centre = ((la * a[0] + lb * b[0] + lc * c[0]) / p, (la * a[1] + lb * b[1] + lc * c[1]) / p)
        area = abs((b[0] - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (b[1] - a[1])) / 2
        return centre, 2 * area / p

    def yard(self, k):
        """The yard between arm k and the next: the wedge, its sides kept off the arms."""
        (cx, cy), r = self._incircle(k)
        f = (r - YARD_INSET) / r
        return tuple((cx + (x - cx) * f, cy + (y - cy) * f) for x, y in self.wedge(k))

    def yard_spots(self, k):
        """Four places (x, y, degrees), 2x2 round the yard's middle, square to the line from the centre."""
        (cx, cy), _ = self._incircle(k)
        a = math.atan2(cy, cx)
        u, v = (math.cos(a), math.sin(a)), (-math.sin(a), math.cos(a))
        turn = _upright(math.degrees(a) - 90)
        return tuple((cx + (i - 0.5) * u[0] + (j - 0.5) * v[0], cy + (i - 0.5) * u[1] + (j - 0.5) * v[1], turn)
                     for i in range(2) for j in range(2))

    @cached_property
    def size(self):
        """(width, height) of the board in cells, and the shift that puts its top left corner at (0, 0)."""
        xs, ys = [x for x, _ in self.outline()], [y for _, y in self.outline()]
        return (max(xs) - min(xs), max(ys) - min(ys)), (-min(xs), -min(ys))
