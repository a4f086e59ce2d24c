"""A drawing-neutral picture of a position: which squares a board has, what
stands on each, and what is off the board.  The terminal renderer and the web
front end both draw from it, so a game describes its board once.

Beyond the squares, a view may say what a picture of the real board needs:
where the pieces kept off the track are drawn (a yard's four spots, a park),
which of them wait there, each player's route square by square (so a piece
can be walked along it), the coloured areas (yards, nests, parks, pens, the
centre) and the circle in its numbering order (to name a square "square 18").
A board not drawn as a grid (a star of six or eight arms) adds where each
square sits and the outline of each area (`Placement`); its squares keep their
grid cells as names, and the terminal still draws the grid."""
from collections import Counter
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Square:
    kind: str                      # track, corner, shelter, start, house, goal, centre, bur, safe, ...
    owner: int | None = None       # the seat whose colour marks it (starts, houses)
    pieces: list = field(default_factory=list)   # (player, piece, hidden) standing here
    label: str = ""                # a short mark: a number, a shelter sign


@dataclass(frozen=True)
class Placement:
    """Where the squares of a board drawn other than as a grid sit, in cell units from the top left corner."""
    width: float
    height: float
    cells: dict                    # (row, col) -> (x, y, degrees): a square's centre and its turn
    outline: tuple                 # the board's edge, points (x, y)
    shapes: dict                   # seat -> the outline of its region (yard); None -> the centre's


@dataclass
class BoardView:
    rows: int
    cols: int
    squares: dict                  # (row, col) -> Square
    off_board: dict                # player -> {"park": n, "home": n, ...}
    walls: list = field(default_factory=list)    # fences: ((r1, c1), (r2, c2), seat or None)
    stores: dict = field(default_factory=dict)   # player -> {key: [(row, col), ...]}: where its off pieces are drawn
    off_pieces: dict = field(default_factory=dict)   # player -> {key: [(player, piece, hidden), ...]}
    paths: dict = field(default_factory=dict)    # player -> [(row, col), ...]: its route, place 0 first
    regions: list = field(default_factory=list)  # (kind, seat or None, row, col, height, width): yards, pens...
    track: tuple = ()              # the circle's squares in numbering order (square 1 first)
    seats: tuple = ()              # player -> seat (whose colour its stores wear)
    coords: str = ""               # "chess": squares are named a1..o15
    placement: Placement | None = None   # where the squares sit, when not on the grid



# -- what a move does on the board ---------------------------------------------------------------------
# Where a piece stands, as a place of the board: ("square", (r, c)), ("store", player, key, (r, c) or None)
# for one kept off the track (drawn on the store's cell, where the store has cells), ("wall", ((r1, c1),
# (r2, c2))) for a fence's slot.

def _stored(view):
    """(player, piece, holder, key, (row, col)) of every piece in a store with cells: a player's own
    piece k on the k-th cell (it keeps its spot while the others come and go), another player's (a
    captive) on the cells in turn."""
    for holder, stores in view.off_pieces.items():
        for key, pieces in stores.items():
            cells = view.stores.get(holder, {}).get(key)
            for i, (player, piece, _hidden) in enumerate(pieces if cells else ()):
                spot = piece if player == holder else i
                yield int(player), int(piece), int(holder), str(key), tuple(int(x) for x in cells[spot % len(cells)])


def store_places(view):
    """(player, piece) -> (row, col) of every piece in a store with cells."""
    return {(player, piece): rc for player, piece, _holder, _key, rc in _stored(view)}


def whereabouts(view):
    """(player, piece) -> (place, hidden) of every piece on the board, those in stores with cells too."""
    out = {}
    for rc, sq in view.squares.items():
        for player, piece, hidden in sq.pieces:
            out[(int(player), int(piece))] = (("square", tuple(int(x) for x in rc)), bool(hidden))
    for player, piece, holder, key, rc in _stored(view):
        out[(player, piece)] = (("store", holder, key, rc), False)
    return out


def fences(view):
    """The fences as a multiset of (slot, seat), a slot being its two squares in order."""
    return Counter((tuple(sorted(tuple(int(x) for x in rc) for rc in (a, b))), seat) for a, b, seat in view.walls)


def _store_moved(before, after, player, sign):
    """The store of `player` a piece left (sign -1) or entered (+1): the one whose count moved that way."""
    b, a = before.off_board.get(player, {}), after.off_board.get(player, {})
    for key in set(b) | set(a):
        if (a.get(key, 0) - b.get(key, 0)) * sign > 0:
            return ("store", int(player), str(key), None)
    return ("store", int(player), "", None)


@dataclass
class MoveEffect:
    source: tuple | None           # where the moving piece (or fence) was: a place, None if nothing moved
    target: tuple | None           # where it is now
    captured: list                 # [(player, piece)] of other players it moved (sent back)
    after: "BoardView"             # the view after the move
    arr: Any                       # the state after the move


class MoveEffects:
    """What each move of one position does on the board, found by playing it on a copy of the state
    and comparing the views: the one way the web board and the terminal tell where a move goes."""

    def __init__(self, game, arr, view=None):
        self.game, self.arr = game, arr
        self.view = view or game.view(arr)
        self.where = whereabouts(self.view)
        self.fences = fences(self.view)

    def of(self, move, after_arr=None):
        """The move's MoveEffect; `after_arr`: the state after it, when the caller has played it.  The
        mover is the piece of `move` when it moved, else the first piece that did (a call moves the
        offender's piece), else a fence, else a piece that ran back to its own square."""
        if after_arr is None:
            after_arr = self.arr.copy()
            self.game.engine.play(after_arr, move.action)
        after = self.game.view(after_arr)
        where = whereabouts(after)
        changed = sorted(key for key in set(self.where) | set(where) if self.where.get(key) != where.get(key))
        mover = (int(move.player), int(move.piece))
        captured = [k for k in changed if k[0] != mover[0] and k in self.where]
        if mover in changed:
            key = mover
        else:
            on_board = [k for k in changed if k in where]
            key = on_board[0] if on_board else (changed[0] if changed else None)
        if key is not None:
            captured = [k for k in captured if k != key]     # the piece a call moves is the move's own
            src = self.where[key][0] if key in self.where else _store_moved(self.view, after, key[0], -1)
            dst = where[key][0] if key in where else _store_moved(self.view, after, key[0], +1)
            return MoveEffect(src, dst, captured, after, after_arr)
        now = fences(after)
        gone, new = self.fences - now, now - self.fences
        if gone or new:
            src = ("wall", next(iter(gone))[0]) if gone else None
            dst = ("wall", next(iter(new))[0]) if new else None
            return MoveEffect(src, dst, captured, after, after_arr)
        if mover in self.where:         # a run that comes back to its own square (round a pen)
            return MoveEffect(self.where[mover][0], self.where[mover][0], captured, after, after_arr)
        return MoveEffect(None, None, captured, after, after_arr)
