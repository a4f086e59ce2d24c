"""A drawing-neutral picture of a position: which squares a board has, what
stands on each, and what is off the board.  The terminal renderer and the web
front end both draw from it, so a game describes its board once.

Beyond the squares, a view may say what a picture of the real board needs:
where the pieces kept off the track are drawn (a yard's four spots, a park),
which of them wait there, each player's route square by square (so a piece
can be walked along it), the coloured areas (yards, nests, parks, pens, the
centre) and the circle in its numbering order (to name a square "square 18")."""
from dataclasses import dataclass, field


@dataclass
class Square:
    kind: str                      # track, corner, shelter, start, house, goal, centre, bur, safe, ...
    owner: int | None = None       # the seat whose colour marks it (starts, houses)
    pieces: list = field(default_factory=list)   # (player, piece, hidden) standing here
    label: str = ""                # a short mark: a number, a shelter sign


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
    coords: str = ""               # "chess": squares are named a1..o15 (Kimbo)

