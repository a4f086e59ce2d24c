"""A game's BoardView and legal moves as JSON for the browser.

The front end draws every game with one SVG renderer from the view alone:
the grid size, the squares (kind, owner seat, label, number), the coloured
areas (yards, nests, parks, pens, the centre), each player's route, the
pieces on the squares, and the fences between squares.  Pieces a game keeps
off its track (a yard, a park, a swamp) are drawn on their store's cells,
squares of kind "store", so they are picked like any other piece; a store
without cells (captured pawns) stays a count beside the board.
A board not drawn as a grid (the stars of six and eight seats) adds its
`placement`: where each square sits, the board's outline and its areas'.

To let a person pick a piece and see where it can go, every legal move gets a
source and a target *reference*, in screen terms:

    "r,c"             a square
    "w r1,c1,r2,c2"   the slot between two squares (a fence)
    "o p:key"         player p's off-board store `key` (park, yard, home...)

The game answers first (`Game.move_cells`): a fence game gives the slots of its
thousands of fence moves cheaply.  Where it does not, the move is played on a
copy of the position and the two views are compared: where the moving piece
was and where it ends up (a fence: which slot was freed and which taken; a
pawn that runs round a pen back to its own square: that square twice);
positions with very many such moves are listed without references (the move
list and typed notation still work).  A move that changes nothing on the board
("keep the fences") carries the game's label `b`, shown as a button.  A move
whose piece walks carries its route `r`, the squares from its source to its
target as the game's rules move it (`Game.move_steps`: a pawn's run
with its turns and bounces); the browser walks and previews that route and
works none out itself.  Every move
is said in plain words too (`words`: English and Russian), and moves with the
same effect (a six for any of four alike pieces in the park) are offered once,
the others kept in `same` so typing them still works.
"""
from ..engine import kernel as K
from ..engine.view import MoveEffects, fences, store_places, whereabouts
from ..i18n import LANGUAGES, Term, Text

DIFF_LIMIT = 200            # more legal moves than this: no references unless the game gives them


def square_ref(rc):
    return f"{int(rc[0])},{int(rc[1])}"


def wall_ref(a, b):
    (r1, c1), (r2, c2) = sorted((tuple(int(x) for x in a), tuple(int(x) for x in b)))
    return f"w{r1},{c1},{r2},{c2}"


def off_ref(player, key):
    return f"o{int(player)}:{key}"


def layout_signature(view):
    """What decides whether the layout changed (its squares): cheaper to compare than layout_json."""
    return tuple((rc, sq.kind, sq.owner, sq.label) for rc, sq in view.squares.items())


def layout_json(view):
    """The fixed part of the picture: grid size, squares [r, c, kind, owner, label, number], the
    coloured areas, each player's route (squares "r,c", place 0 first) and the naming of squares."""
    numbers = {tuple(rc): i + 1 for i, rc in enumerate(view.track)}
    houses = {}
    for rc, sq in view.squares.items():
        if sq.kind == "house" and sq.label.isdigit():
            houses.setdefault(sq.owner, []).append((int(sq.label), rc))
    house_no = {rc: i + 1 for lane in houses.values() for i, (_, rc) in enumerate(sorted(lane))}

    def number(rc, sq):
        if sq.kind == "house":
            return house_no.get(rc)
        if sq.label.isdigit() and rc in numbers:
            return int(sq.label)
        return numbers.get(rc)

    squares = [[int(r), int(c), sq.kind, None if sq.owner is None else int(sq.owner), str(sq.label), number((r, c), sq)]
               for (r, c), sq in sorted(view.squares.items())]
    for holder, stores in sorted(view.stores.items()):
        seat = int(view.seats[holder]) if view.seats else int(holder)
        for key, cells in stores.items():
            squares += [[int(r), int(c), "store", seat, str(key), None] for r, c in cells]
    out = {"rows": int(view.rows), "cols": int(view.cols), "squares": squares,
           "regions": [[kind, None if seat is None else int(seat), int(r), int(c), int(h), int(w)]
                       for kind, seat, r, c, h, w in view.regions],
           "paths": {str(int(q)): [square_ref(rc) for rc in cells] for q, cells in view.paths.items()},
           "coords": view.coords}
    if view.placement is not None:
        out["placement"] = placement_json(view)
    return out


def placement_json(view):
    """Where the squares of a board not drawn as a grid sit: {size: [width, height], cells: {"r,c": [x, y,
    degrees]}, outline: the board's edge, shapes: each region's outline (null: its grid rectangle)}, in
    cell units."""
    pl = view.placement
    return {"size": [float(pl.width), float(pl.height)],
            "cells": {square_ref(rc): [float(x), float(y), float(a)] for rc, (x, y, a) in pl.cells.items()},
            "outline": [[float(x), float(y)] for x, y in pl.outline],
            "shapes": [[[float(x), float(y)] for x, y in pl.shapes[seat]] if seat in pl.shapes else None
                       for _kind, seat, *_ in view.regions]}


def position_json(view):
    """What changes: pieces [r, c, player, piece, hidden] (those in stores on the store's cells),
    the counts of stores without cells, and fences."""
    pieces = []
    for (r, c), sq in sorted(view.squares.items()):
        for player, piece, hidden in sq.pieces:
            pieces.append([int(r), int(c), int(player), int(piece), 1 if hidden else 0])
    for (player, piece), (r, c) in sorted(store_places(view).items()):
        pieces.append([r, c, player, piece, 0])
    off = {}
    for p, counts in view.off_board.items():
        cells = view.stores.get(p, {})
        kept = {str(k): int(v) for k, v in counts.items() if not cells.get(k)}
        if kept:
            off[str(int(p))] = kept
    walls = []
    for a, b, seat in view.walls:
        (r1, c1), (r2, c2) = sorted((tuple(int(x) for x in a), tuple(int(x) for x in b)))
        walls.append([r1, c1, r2, c2, None if seat is None else int(seat)])
    return {"pieces": pieces, "off": off, "walls": walls}


def place_ref(place):
    """A place of the board (engine.view) as the browser's reference; None stays None."""
    if place is None:
        return None
    if place[0] == "square":
        return square_ref(place[1])
    if place[0] == "store":
        return square_ref(place[3]) if place[3] is not None else off_ref(place[1], place[2])
    if place[0] == "wall":
        return wall_ref(*place[1])
    raise ValueError(f"no such place {place!r}")


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


def _signature(view, arr):
    """What a move leaves, with alike pieces of a player not told apart: where each player's
    pieces stand, the stores' counts, the fences, and the state's header (whose turn, the dice)."""
    spots = sorted((square_ref(rc), int(player), bool(hidden)) for rc, sq in view.squares.items()
                   for player, _piece, hidden in sq.pieces)
    off = sorted((int(p), str(k), int(n)) for p, counts in view.off_board.items() for k, n in counts.items())
    return tuple(spots), tuple(off), tuple(sorted(fences(view).elements(), key=str)), arr[:K.HEADER].tobytes()


# -- moves in plain words -----------------------------------------------------------------------------
def move_words(game, move, captured=(), home=False):
    """A move in plain words in every language, {"en": ..., "ru": ...}, as the game says it
    (Game.move_words); `captured` [(player, piece)] the pieces it sends back, `home` whether it ends
    its piece's route."""
    words = game.move_words(move)
    if home:
        words = Text("{move}, home", move=words)
    for q, k in captured:
        words = Text("{move}, {then}", move=words, then=Text("captures {player}'s {piece}",
                                                             player=Term(game.player_name(q)),
                                                             piece=game.piece_names[k]))
    return {lang: words.message(lang) for lang in LANGUAGES}


def route_refs(game, arr, move, src, view=None):
    """The squares a move walks its piece over, `src` first, as references; None when it does not
    walk (the board moves it straight)."""
    steps = game.move_steps(arr, move, view) if src else None
    return [src] + [square_ref(rc) for rc in steps] if steps else None


def last_route(game, arr, move):
    """The route of `move` played from `arr`, for the board to walk it once played; None: straight."""
    view = game.view(arr)
    where = whereabouts(view).get((int(move.player), int(move.piece)))
    return route_refs(game, arr, move, where and place_ref(where[0]), view)


def moves_json(game, state, moves=None):
    """The legal moves [{t: notation, p: piece, f: source, to: target, words: {en, ru}}], with b: the
    button label of a move that changes nothing on the board, r: the route of a piece that walks,
    and same: the notations of other moves with the same effect (offered once, under the first)."""
    moves = state.legal_moves() if moves is None else moves
    out = []
    diff = None
    by_effect = {}
    view = None
    for m in moves:
        cells = game.move_cells(state.arr, m)
        label, sent, sig = None, (), None
        if cells is not None:
            src, dst = _hook_ref(cells[0]), _hook_ref(cells[1])
            label = cells[2] if len(cells) > 2 else None
        elif len(moves) <= DIFF_LIMIT:
            diff = diff or MoveEffects(game, state.arr)
            effect = diff.of(m)
            src, dst, sent = place_ref(effect.source), place_ref(effect.target), effect.captured
            sig = _signature(effect.after, effect.arr)
        else:
            src = dst = None
        first = by_effect.get(sig)
        if first is not None and first["p"] != int(m.piece):     # an alike piece doing the same
            first.setdefault("same", []).append(m.text)
            continue
        if view is None:
            view = diff.view if diff else game.view(state.arr)
        path = view.paths.get(int(m.player))
        home = bool(path) and dst == square_ref(path[-1]) and src != dst
        out.append({"t": m.text, "p": int(m.piece), "f": src, "to": dst,
                    "words": move_words(game, m, sent, home)})
        if label:
            out[-1]["b"] = label
        route = route_refs(game, state.arr, m, src, view) if dst else None
        if route:
            out[-1]["r"] = route
        if sig is not None and sig not in by_effect:
            by_effect[sig] = out[-1]
    return out


def compact_moves(moves):
    """`moves_json`'s list as a room sends it to the seat to move: the moves of one fence (a fence
    stage: about 2,300 moves, 300 KB of JSON in full) as one group {p, f, g: [[notation, target], ...]},
    their words left to the browser (which says a fence move from its notation, story.js fenceMoveWords);
    every other move as it is."""
    out, groups = [], {}
    for m in moves:
        if m["f"] and m["to"] and m["f"][0] == m["to"][0] == "w" and not m.get("same") and "b" not in m:
            group = groups.get((m["p"], m["f"]))
            if group is None:
                group = groups[(m["p"], m["f"])] = {"p": m["p"], "f": m["f"], "g": []}
                out.append(group)
            group["g"].append([m["t"], m["to"]])
        else:
            out.append(m)
    return out


def events_json(events):
    return [e.as_dict() for e in events]
