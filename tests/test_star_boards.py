"""The boards of six and eight seats drawn as they are printed (family notes §5.1, §5.2): a star of arms
round a hexagon or an octagon, each seat's yard in the triangle between its arm and the next.  The
browser draws them from the layout's placement; these tests hold its geometry: every square placed,
none on another, every step of a route to a square beside it, the yards clear of the arms, the arms
evenly round the centre.  Boards of four seats keep their grid and carry no placement."""
import math
import pickle
import random

import pytest

from pachisi import make_game
from pachisi.games import GAMES
from pachisi.web.boardjson import layout_json, moves_json, position_json

from helpers import random_play

STARS = [("ludo", 6), ("parchis", 6), ("parchis", 8), ("parques", 6), ("parques", 8)]


def star(name, seats, players=None):
    return make_game(name, players=players or seats, options={"seats": seats})


def layout_of(game):
    return layout_json(game.view(game.new_state(seed=3).arr))


def inside(p, poly):
    """Whether point p lies inside the polygon (ray casting)."""
    x, y = p
    hit = False
    for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


def distance_to_edge(p, poly):
    """The distance from p to the polygon's nearest side."""
    best = math.inf
    for a, b in zip(poly, poly[1:] + poly[:1]):
        ax, ay, bx, by = *a, *b
        t = max(0.0, min(1.0, ((p[0] - ax) * (bx - ax) + (p[1] - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)))
        best = min(best, math.dist(p, (ax + t * (bx - ax), ay + t * (by - ay))))
    return best


@pytest.mark.parametrize("name,seats", STARS)
def test_every_square_of_a_star_board_has_a_place_on_the_board(name, seats):
    layout = layout_of(star(name, seats))
    placed = layout["placement"]
    width, height = placed["size"]
    cells = placed["cells"]
    assert {f"{r},{c}" for r, c, *_ in layout["squares"]} == set(cells)
    for x, y, turn in cells.values():
        assert 0 < x < width and 0 < y < height and -45 <= turn < 45
        assert inside((x, y), [tuple(p) for p in placed["outline"]])


@pytest.mark.parametrize("name,seats", STARS)
def test_no_two_squares_of_a_star_board_overlap(name, seats):
    points = [tuple(v[:2]) for v in layout_of(star(name, seats))["placement"]["cells"].values()]
    assert min(math.dist(a, b) for i, a in enumerate(points) for b in points[i + 1:]) >= 0.99


@pytest.mark.parametrize("name,seats", STARS)
def test_every_step_of_a_route_goes_to_a_square_beside_it_on_screen(name, seats):
    layout = layout_of(star(name, seats))
    cells = layout["placement"]["cells"]
    assert len(layout["paths"]) == seats
    for path in layout["paths"].values():
        for a, b in zip(path, path[1:]):
            assert 0.99 <= math.dist(cells[a][:2], cells[b][:2]) <= 1.4, (a, b)


@pytest.mark.parametrize("name,seats", STARS)
def test_the_yards_lie_between_the_arms_and_hold_their_spots(name, seats):
    layout = layout_of(star(name, seats))
    placed = layout["placement"]
    cells = placed["cells"]
    yards = {seat: [tuple(p) for p in shape] for (kind, seat, *_), shape in zip(layout["regions"], placed["shapes"])
             if kind != "centre"}
    assert sorted(yards) == list(range(seats))
    for r, c, kind, owner, *_ in layout["squares"]:
        p = tuple(cells[f"{r},{c}"][:2])
        if kind == "store":                  # a yard's spot: inside its yard, a whole spot from its edge
            assert inside(p, yards[owner]) and distance_to_edge(p, yards[owner]) >= 0.45
            assert not any(inside(p, yard) for seat, yard in yards.items() if seat != owner)
        else:                                # a square of an arm or the centre: clear of every yard
            for yard in yards.values():
                assert not inside(p, yard) and distance_to_edge(p, yard) >= 0.5, (r, c, kind)


@pytest.mark.parametrize("name,seats", STARS)
def test_a_seats_yard_lies_beside_its_start(name, seats):
    layout = layout_of(star(name, seats))
    cells = layout["placement"]["cells"]
    spots = {}
    for r, c, kind, owner, *_ in layout["squares"]:
        if kind == "store":
            spots.setdefault(owner, []).append(cells[f"{r},{c}"][:2])
    for player, path in layout["paths"].items():
        start = cells[path[0]][:2]
        near = min(spots, key=lambda seat: min(math.dist(start, s) for s in spots[seat]))
        assert near == int(player)


@pytest.mark.parametrize("name,seats", STARS)
def test_the_arms_stand_evenly_round_the_centre(name, seats):
    layout = layout_of(star(name, seats))
    placed = layout["placement"]
    centre_shape = next(shape for (kind, *_), shape in zip(layout["regions"], placed["shapes"]) if kind == "centre")
    assert len(centre_shape) == seats
    mid = (placed["size"][0] / 2, placed["size"][1] / 2)
    goals = {owner: placed["cells"][f"{r},{c}"][:2] for r, c, kind, owner, *_ in layout["squares"] if kind == "goal"}
    radii = [math.dist(mid, g) for g in goals.values()] + [math.dist(mid, p) for p in centre_shape]
    angles = sorted(math.degrees(math.atan2(g[1] - mid[1], g[0] - mid[0])) % 360 for g in goals.values())
    assert len(goals) == seats
    assert max(radii[:seats]) - min(radii[:seats]) < 0.01 and max(radii[seats:]) - min(radii[seats:]) < 0.01
    gaps = [(b - a) % 360 for a, b in zip(angles, angles[1:] + angles[:1])]
    assert all(abs(g - 360 / seats) < 0.1 for g in gaps)
    assert all(inside(g, [tuple(p) for p in centre_shape]) for g in goals.values())


@pytest.mark.parametrize("name,seats", [("ludo", 6), ("parchis", 8)])
def test_pieces_and_moves_of_random_play_stand_on_placed_squares(name, seats):
    g = star(name, seats)
    state = g.new_state(seed=11)
    rng = random.Random(11)
    cells = layout_of(g)["placement"]["cells"]

    def on_placed_squares(state, step, moves):
        for m in moves_json(g, state):
            for ref in [m["f"], m["to"], *m.get("r", [])]:
                assert ref is None or ref[0] == "o" or ref in cells, (m, ref)
    random_play(state, rng, 150, probe=on_placed_squares)
    for r, c, *_ in position_json(g.view(state.arr))["pieces"]:
        assert f"{r},{c}" in cells


@pytest.mark.parametrize("name", sorted(GAMES))
def test_boards_of_four_seats_keep_their_grid(name):
    g = GAMES[name](players=2 if name == "kimbo" else 4)
    assert "placement" not in layout_of(g)


def test_a_star_boards_view_pickles_with_its_placement():
    g = star("parchis", 8)
    view = g.view(g.new_state(seed=1).arr)
    again = pickle.loads(pickle.dumps(view))
    assert again.placement == view.placement and layout_json(again) == layout_json(view)
