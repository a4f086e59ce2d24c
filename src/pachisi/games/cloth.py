"""The cloth of Pachisi and Chaupar: a cross of four arms of 3x8 squares round the charkoni, the 3x3
centre, on the 19x19 grid of boards/ring68.py (the squares of Parchís and Parcheesi).

Every seat's pieces go the same way round, counter-clockwise, along a path of 85 places:

    0          the charkoni (Pachisi's pieces wait there);
    1 .. 7     the own arm's middle column, outward;
    8          the own arm's tip, the first square of the circuit;
    8 .. 75    the circuit: circuit square c = (p - 8 + 17 * seat) mod 68 (the outer columns of every
               arm and the tips of the other three);
    76         the own tip again (the circuit's last square);
    77 .. 83   the own middle column, inward;
    84         the charkoni: home.

The twelve castles are the tips and the fourth squares from the end of each arm's outer columns:
circuit squares 17k, 17k + 4, 17k + 13.  Partners sit opposite: players 1 and 3 against 2 and 4.
Their compiled helpers are in cloth_rules.pxd."""
from dataclasses import dataclass

from .boards.ring68 import Ring68Board
from .cloth_rules import CHARKONI, CIRCUIT, HOME, PATH, QUARTER, TIP, TURN
from .race import PIECES, POS

CASTLES = frozenset(c for k in range(4) for c in (QUARTER * k, QUARTER * k + 4, QUARTER * k + 13))
TEAMS = ((0, 2), (1, 3))
CLOTH = "nplayers places partner_throws squares castles"    # what ClothEngine.load reads, in this order
SEATS = 4


def circuit_square(seat, p):
    """The circuit square (0..67) of a seat's place p, None off the circuit."""
    if TIP <= p <= TURN:
        return (p - TIP + QUARTER * seat) % CIRCUIT
    return None


def square_table():
    """Each seat's circuit square of every place 0..84 (-1 off the circuit): the table the compiled
    rules look places up in."""
    return [[-1 if circuit_square(s, p) is None else circuit_square(s, p) for p in range(PATH)]
            for s in range(SEATS)]


def cloth_tables(game, partner_throws):
    """The fields CLOTH of a cloth game's tables."""
    return (game.players, int(game.opts.get("play_for_places", True)), int(partner_throws), square_table(),
            tuple(sorted(CASTLES)))


@dataclass(frozen=True)
class ClothBoard(Ring68Board):
    """The cross as players know the cloth: the circuit of the ring68 board, each arm's middle column
    a seat's own column (outward from the charkoni at the start, inward at the end)."""

    def column(self, seat, i):
        """The own middle column's i-th square from the charkoni (1..7)."""
        return self.lane(seat)[self.lane_cells - i]

    def cell(self, seat, p):
        """Screen cell of a seat's place p; None for the charkoni (0 and 84)."""
        if p in (CHARKONI, HOME):
            return None
        if p < TIP:
            return self.column(seat, p)
        if p > TURN:
            return self.column(seat, HOME - p)
        return self.track[circuit_square(seat, p)]

    def charkoni_spots(self, seat):
        """The charkoni's three cells on a seat's side (where its waiting and home pieces are drawn)."""
        m = self.size // 2
        return tuple(self.rotate(rc, seat) for rc in ((m + 1, m - 1), (m + 1, m), (m + 1, m + 1)))

    def charkoni(self):
        return self.centre()


def rel_places(arr, player):
    """A player's pieces' places (0..84)."""
    return [int(arr[POS + player * PIECES + k]) for k in range(PIECES)]
