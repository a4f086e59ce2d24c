"""The Kimbo board: a 15x15 grid with fences on the lines between squares
(the grid of «КИМБО», read as docs/games/kimbo.md says).

The 3x3 centre (rows and columns 6..8) is one field, the node CENTRE; of the
twelve lines around it the middle one of each side is an entrance slot, the
other eight are fixed walls.  A fence slot is any line between two ordinary
squares, or an entrance: 420 - 12 - 8 = 400 slots.  The border and the fixed
centre walls are permanent walls.

Nodes are r * 15 + c, with every centre square standing for CENTRE (the
middle one, 112).  Directions 0..3 are north, east, south, west; a turn to the
left is d + 3, to the right d + 1 (mod 4).  Seat 0 sits at the bottom and
seats follow counter-clockwise on screen: seat s's corner is the bottom-right
corner turned s times (BR, TR, TL, BL), its side the bottom side turned s
times (S, E, N, W).

Squares are written like a chess board: files a..o left to right, ranks 1..15
bottom to top (c3, h6, o15); the centre is C.  A slot is written by the square
south or west of it and the side: "h6n" is the line north of h6 (the south
entrance), "f8e" the line east of f8 (the west entrance).
"""
from functools import cached_property
import re

import numpy as np

from ...engine.game import GameError
from ..boards.geometry import quarter_turn
# the grid's size, nodes, directions and the compiled searches (grid_rules.pxd); UNREACHABLE and
# distances are the Python face of the compiled distances, for tests and tools
from .board_rules import CENTRE, EAST, NODES, SIZE, SOUTH, UNREACHABLE  # noqa: F401
from .board_rules import py_distances as distances  # noqa: F401

DIRECTIONS = "nesw"
DR = (-1, 0, 1, 0)
DC = (0, 1, 0, -1)

# Initial fences of the top-left corner (seat 2) in the grid's own coordinates;
# the other corners are these turned by 90 degrees.
LAYOUTS = {
    # A: the six lines around the corner's 3x3 block: a closed pen.
    "A": tuple(((r, 2), (r, 3)) for r in range(3)) + tuple(((2, c), (3, c)) for c in range(3)),
    # B: the inner boundary of the 4x4 block without its two outermost lines: open along the border.
    "B": tuple(((r, 3), (r, 4)) for r in range(1, 4)) + tuple(((3, c), (4, c)) for c in range(1, 4)),
}
LAYOUT_SEAT = 2
# Start squares in seat 0's corner, by (colour seat - corner seat) mod 4: the
# own colour in the very corner, each other colour on the side facing its own corner.
START_PATTERN = ((14, 14), (13, 14), (13, 13), (14, 13))
ENTRANCE_SQUARES = ((5, 7), (7, 9), (9, 7), (7, 5))     # in front of the N, E, S, W entrances

_SQUARE = re.compile(r"^([a-o])([1-9]|1[0-5])$")


def rotate(rc, times=1):
    """Turn a square 90 degrees counter-clockwise on screen, `times` times."""
    return quarter_turn(rc, SIZE, times)


def in_centre(rc):
    return 6 <= rc[0] <= 8 and 6 <= rc[1] <= 8


def node(rc):
    return CENTRE if in_centre(rc) else rc[0] * SIZE + rc[1]


def square_of(v):
    return divmod(int(v), SIZE)


def square_name(v):
    if v == CENTRE:
        return "C"
    r, c = square_of(v)
    return f"{'abcdefghijklmno'[c]}{SIZE - r}"


def parse_square(text):
    """The node of a square name ("c3", "C"); GameError if there is none."""
    text = str(text).strip()
    if text == "C":
        return CENTRE
    m = _SQUARE.match(text)
    if not m:
        raise GameError("{text!r} is not a square (a1 .. o15, or C for the centre)", text=text)
    rc = (SIZE - int(m.group(2)), "abcdefghijklmno".index(m.group(1)))
    if in_centre(rc):
        raise GameError("{text} lies in the centre: write C", text=text)
    return node(rc)


class GridBoard:
    """Geometry and tables of the Kimbo grid."""

    @cached_property
    def slot_pairs(self):
        """Every fence slot as its two squares ((r, c) north or west first)."""
        out = []
        for r in range(SIZE):
            for c in range(SIZE):
                for d in (EAST, SOUTH):
                    a, b = (r, c), (r + DR[d], c + DC[d])
                    if b[0] >= SIZE or b[1] >= SIZE or (in_centre(a) and in_centre(b)):
                        continue
                    if in_centre(a) != in_centre(b) and not self._is_entrance(a, b):
                        continue
                    out.append((a, b))
        return tuple(out)

    @cached_property
    def slots(self):
        """Every fence slot as (u, d, v): the line on side d of node u, v beyond it."""
        return tuple((node(a), EAST if a[0] == b[0] else SOUTH, node(b)) for a, b in self.slot_pairs)

    @staticmethod
    def _is_entrance(a, b):
        outside = b if in_centre(a) else a
        return outside in ENTRANCE_SQUARES

    @cached_property
    def fixed_walls(self):
        """The eight permanent lines of the centre, as square pairs."""
        out = []
        for r in range(SIZE):
            for c in range(SIZE):
                for d in (EAST, SOUTH):
                    a, b = (r, c), (r + DR[d], c + DC[d])
                    if in_centre(a) != in_centre(b) and not self._is_entrance(a, b):
                        out.append((a, b))
        return tuple(out)

    @cached_property
    def slot_index(self):
        """(node, direction) -> slot number, both sides of every line."""
        out = {}
        for i, (u, d, v) in enumerate(self.slots):
            out[(u, d)] = i
            out[(v, (d + 2) % 4)] = i
        return out

    def slot_between(self, a, b):
        """The slot between two adjacent squares given as (r, c)."""
        for d in range(4):
            if (a[0] + DR[d], a[1] + DC[d]) == tuple(b):
                return self.slot_index.get((node(a), d))
        return None

    def entrance_slot(self, seat):
        """The entrance on the side of a seat (S, E, N, W for seats 0..3)."""
        r, c = rotate((9, 7), seat)
        return self.slot_between((r, c), rotate((8, 7), seat))

    def start_square(self, colour, corner):
        """The start square of colour (a seat) in the corner of seat `corner`."""
        return node(rotate(START_PATTERN[(colour - corner) % 4], corner))

    def layout(self, name, seat):
        """The six slots of a seat's colour in initial layout `name`."""
        return tuple(self.slot_between(rotate(a, seat - LAYOUT_SEAT), rotate(b, seat - LAYOUT_SEAT))
                     for a, b in LAYOUTS[name])

    # -- names ------------------------------------------------------------------
    def slot_name(self, s):
        """A slot by the square south or west of it: "h6n", "f8e"."""
        a, b = self.slot_pairs[s]
        if a[0] == b[0]:
            return f"{'abcdefghijklmno'[a[1]]}{SIZE - a[0]}e"
        return f"{'abcdefghijklmno'[b[1]]}{SIZE - b[0]}n"

    @cached_property
    def slot_names(self):
        return {self.slot_name(s): s for s in range(len(self.slots))}

    def parse_slot(self, text):
        if text not in self.slot_names:
            raise GameError("{text!r} is not a fence slot: a square and the side n or e of it "
                            "(h6n is the line north of h6), never a border or a fixed centre wall", text=text)
        return self.slot_names[text]

    # -- compiled tables --------------------------------------------------------
    @cached_property
    def neighbour(self):
        """nb[v, d]: the node beyond side d of v, -1 at the border or a fixed wall."""
        nb = np.full((NODES, 4), -1, np.int64)
        for u, d, v in self.slots:
            nb[u, d] = v
            nb[v, (d + 2) % 4] = u
        return nb

    @cached_property
    def slot_table(self):
        """(3, 400): u, d, v of every slot."""
        return np.array(self.slots, np.int64).T.copy()

    @cached_property
    def fixed_mask(self):
        """Per node, the bit mask of its sides that are permanent walls (border, centre)."""
        mask = np.zeros(NODES, np.int64)
        nb = self.neighbour
        for v in range(NODES):
            r, c = square_of(v)
            if in_centre((r, c)) and v != CENTRE:
                continue
            for d in range(4):
                if nb[v, d] < 0:
                    mask[v] |= 1 << d
        return mask


BOARD = GridBoard()

