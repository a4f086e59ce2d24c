"""A drawing-neutral picture of a position: which squares a board has, what
stands on each, and what is off the board.  The terminal renderer and the web
front end both draw from it, so a game describes its board once."""
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
