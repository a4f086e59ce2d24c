"""What the folk cross-and-circle games share beyond the race helpers: the
shelter cells of the folk cross (Шиш-беш, Мандавошка), the drawing of a cross
board's circle and houses (CrossBoard and the 72-hole cross), and the checking
of the "pieces" rows of a position file."""
import numpy as np

from ..engine.game import GameError
from ..engine.view import Square


def shelter_cells(board, layout):
    """1 for every global circle cell with a shelter (rules.md §3.1): the 3rd
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


def piece_rows(pieces, players, count, names):
    """Check that "pieces" lists every player with `count` places; yields
    (player, piece, value, where) with a name of the piece for messages."""
    if not isinstance(pieces, list) or len(pieces) != players:
        raise GameError(f"pieces must list {players} players, each with {count} places")
    for q, row in enumerate(pieces):
        if not isinstance(row, list) or len(row) != count:
            raise GameError(f"player {q}: give exactly {count} places")
        for k, value in enumerate(row):
            yield q, k, value, f"player {q} piece {names[k]}"
