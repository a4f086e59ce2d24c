"""A game's BoardView and legal moves as JSON for the browser.

The front end draws every game with one SVG renderer from the view alone:
the grid size, the squares (kind, owner seat, label), the pieces on them,
what is off the board, and the fences between squares.

To let a person pick a piece and see where it can go, every legal move gets a
source and a target *reference*, in screen terms:

    "r,c"             a square
    "w r1,c1,r2,c2"   the slot between two squares (a fence)
    "o p:key"         player p's off-board store `key` (park, yard, home...)

The game answers first (`Game.move_cells`): Kimbo gives the slots of its
thousands of fence moves cheaply.  Where it does not, the move is played on a
copy of the position and the two views are compared: where the moving piece
was and where it ends up (a fence: which slot was freed and which taken; a
pawn that runs round a pen back to its own square: that square twice);
positions with very many such moves are listed without references (the move
list and typed notation still work).  A move that changes nothing on the board
(Kimbo's "keep") carries the game's label `b`, shown as a button.
"""
from collections import Counter

DIFF_LIMIT = 200            # more legal moves than this: no references unless the game gives them


def square_ref(rc):
    return f"{int(rc[0])},{int(rc[1])}"


def wall_ref(a, b):
    (r1, c1), (r2, c2) = sorted((tuple(int(x) for x in a), tuple(int(x) for x in b)))
    return f"w{r1},{c1},{r2},{c2}"


def off_ref(player, key):
    return f"o{int(player)}:{key}"


def layout_json(view):
    """The fixed part of the picture: grid size and squares [r, c, kind, owner, label]."""
    return {"rows": int(view.rows), "cols": int(view.cols),
            "squares": [[int(r), int(c), sq.kind, None if sq.owner is None else int(sq.owner), str(sq.label)]
                        for (r, c), sq in sorted(view.squares.items())]}


def position_json(view):
    """What changes: pieces [r, c, player, piece, hidden], off-board counts and fences."""
    pieces = []
    for (r, c), sq in sorted(view.squares.items()):
        for player, piece, hidden in sq.pieces:
            pieces.append([int(r), int(c), int(player), int(piece), 1 if hidden else 0])
    off = {str(int(p)): {str(k): int(v) for k, v in counts.items()} for p, counts in view.off_board.items()}
    walls = []
    for a, b, seat in view.walls:
        (r1, c1), (r2, c2) = sorted((tuple(int(x) for x in a), tuple(int(x) for x in b)))
        walls.append([r1, c1, r2, c2, None if seat is None else int(seat)])
    return {"pieces": pieces, "off": off, "walls": walls}


def _where(view):
    """(player, piece) -> (reference, hidden) of every piece on the board."""
    out = {}
    for rc, sq in view.squares.items():
        for player, piece, hidden in sq.pieces:
            out[(int(player), int(piece))] = (square_ref(rc), bool(hidden))
    return out


def _walls(view):
    return Counter(wall_ref(a, b) + f"/{seat}" for a, b, seat in view.walls)


def _off_change(before, after, player, sign):
    """The off-board store of `player` whose count moved by `sign` (-1 left it, +1 entered it)."""
    b, a = before.get(player, {}), after.get(player, {})
    for key in set(b) | set(a):
        if (a.get(key, 0) - b.get(key, 0)) * sign > 0:
            return off_ref(player, key)
    return off_ref(player, "")


def _hook_ref(ref):
    if ref is None:
        return None
    if ref[0] == "square":
        return square_ref(ref[1])
    if ref[0] == "wall":
        return wall_ref(*ref[1])
    if ref[0] == "off":
        return off_ref(ref[1], ref[2])
    raise ValueError(f"move_cells gave {ref!r}: a cell is ('square', ...), ('wall', ...) or ('off', ...)")


class _Diff:
    """Source and target of moves, by comparing the views before and after each."""

    def __init__(self, game, arr):
        self.game, self.arr = game, arr
        self.view = game.view(arr)
        self.where = _where(self.view)
        self.walls = _walls(self.view)

    def refs(self, move):
        g = self.game
        child = self.arr.copy()
        g.engine.play(child, move.action)
        after = g.view(child)
        where = _where(after)
        changed = [key for key in set(self.where) | set(where) if self.where.get(key) != where.get(key)]
        mover = (int(move.player), int(move.piece))
        if mover in changed:
            key = mover
        else:
            on_board = [k for k in sorted(changed) if k in where]
            key = on_board[0] if on_board else (sorted(changed)[0] if changed else None)
        if key is not None:
            src = self.where[key][0] if key in self.where else _off_change(self.view.off_board, after.off_board,
                                                                            key[0], -1)
            dst = where[key][0] if key in where else _off_change(self.view.off_board, after.off_board, key[0], +1)
            return src, dst
        walls = _walls(after)
        gone, new = self.walls - walls, walls - self.walls
        if gone or new:
            src = next(iter(gone)).split("/")[0] if gone else None
            dst = next(iter(new)).split("/")[0] if new else None
            return src, dst
        if mover in self.where:         # a run that comes back to its own square (round a Kimbo pen)
            return self.where[mover][0], self.where[mover][0]
        return None, None


def moves_json(game, state, moves=None):
    """The legal moves [{t: notation, p: piece, f: source, to: target}], with b: the button label of
    a move that changes nothing on the board."""
    moves = state.legal_moves() if moves is None else moves
    out = []
    diff = None
    for m in moves:
        cells = game.move_cells(state.arr, m)
        label = None
        if cells is not None:
            src, dst = _hook_ref(cells[0]), _hook_ref(cells[1])
            label = cells[2] if len(cells) > 2 else None
        elif len(moves) <= DIFF_LIMIT:
            diff = diff or _Diff(game, state.arr)
            src, dst = diff.refs(m)
        else:
            src = dst = None
        out.append({"t": m.text, "p": int(m.piece), "f": src, "to": dst})
        if label:
            out[-1]["b"] = label
    return out


def events_json(events):
    return [e.as_dict() for e in events]
