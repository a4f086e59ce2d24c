"""What the folk cross-and-circle games share beyond the race helpers: the
player-relative numbering of the circle, the shelter cells of the folk cross
and the threats on its pieces (Шиш-беш, Мандавошка), the drawing of a cross
board's circle and houses (CrossBoard and the 72-hole cross), and the checking
of the "pieces" rows of a position file.  The compiled global_cell and threatened
are in folk_rules.pxd."""
import numpy as np

from ..engine.game import GameError
from ..engine.view import Square
from . import race
from .folk_rules import SHEL
from .race import PIECES, POS

FOLK = race.SEATED + " circle quarter"      # the fields a folk cross game's tables begin with


class HiddenPieces:
    """Mixed into a folk game whose pieces() are (place, hidden in a shelter): RL observes the places and,
    after them, a flag per piece hidden."""

    observation_ops = (("flags", SHEL),)    # the flags as rl's batched environment writes them (rl/batch.pyx)

    def observed_places(self, arr, player):
        lo = self.place_range()[0]
        return [v - lo for v, _ in self.pieces(arr, player)]

    def observation_planes(self):
        return [("hidden in a shelter, per player +r and piece", self.seat_count * self.pieces_per_player)]

    def fill_planes(self, state, observer, out):
        for r in range(self.players):
            for c, (_, hidden) in enumerate(self.pieces(state.arr, (observer + r) % self.players)):
                out[r * self.pieces_per_player + c] = float(hidden)


def folk_tables(game, dice_lo, dice_hi):
    """The fields FOLK of a folk cross game's tables: race.seated's, then the
    circle's cells L and the cells Q between two seats' starts."""
    return race.seated(game, dice_lo, dice_hi) + (game.board.circle, game.board.quarter)


def global_cell(tab, player, p):
    """The global circle cell of the player's relative place p (seats a quarter
    apart): the Python side's copy of folk_rules.global_cell, for position files and views."""
    return (p + tab.quarter * tab.seat[player]) % tab.circle


def shelter_cells(board, layout):
    """1 for every global circle cell with a shelter: the 3rd
    cell from the edge of every lane ("opposite"), or the 3rd on the lane
    toward the centre and the 4th on the lane out ("alternate")."""
    q = board.quarter
    lane_out = 4 if layout == "alternate" else 3
    cells = np.zeros(board.circle, np.int64)
    for g in range(board.circle):
        if g % q == 3 or g % q == q - lane_out:
            cells[g] = 1
    return cells


def cross_squares(board, seats, marks, house_first):
    """The squares of a cross board: every circle cell a "track" square unless
    `marks` gives it as {global index: (kind, owner seat)}, and the houses of
    the seats in play, labelled with their places from `house_first` on."""
    squares = {}
    for g, rc in enumerate(board.track):
        kind, owner = marks.get(g, ("track", None))
        squares[rc] = Square(kind, owner)
    for seat in seats:
        for i, rc in enumerate(board.house(seat)):
            squares[rc] = Square("house", seat, label=str(house_first + i))
    return squares


def view_extras(board, seats, stores, pieces, last):
    """A cross board's view beyond its squares: per player the cells of its stores
    (`stores`: key -> 0 the middle of its corner, 1 the outer end), the pieces in them,
    its route from its tip (place 0) to place `last`, its corner, and the circle."""
    return {"stores": {q: {key: board.store_cells(seat, which) for key, which in stores.items()}
                       for q, seat in enumerate(seats)},
            "off_pieces": pieces,
            "paths": {q: [board.cell(seat, p) for p in range(last + 1)] for q, seat in enumerate(seats)},
            "regions": [(next(iter(stores)), seat, *board.corner_area(seat)) for seat in seats],
            "track": board.track, "seats": tuple(seats)}


def refuse_won(game, arr, last):
    """A position file may not list a player whose pieces all stand beyond `last` (home), nor in team
    play a team whose pieces do (one partner home is a position: he plays on, or moves his partner's)."""
    home = [all(arr[POS + q * PIECES + k] > last for k in range(PIECES)) for q in range(game.players)]
    for q in range(game.players):
        mate = game.partner(q)
        if home[q] and mate is None:
            raise GameError("player {player} has already won: all pieces are in the house", player=q)
        if home[q] and home[mate] and q < mate:
            raise GameError("players {player} and {partner} have already won: all their pieces are in the house",
                            player=q, partner=mate)
