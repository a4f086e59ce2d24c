"""What the board's JSON tells the browser: the stores' cells and the pieces
on them, each player's route, the coloured areas, the squares' numbers, and
the moves in plain words with alike pieces' same moves offered once."""
import random

import pytest
from hypothesis import given, settings, strategies as st

from pachisi.engine.kernel import Move
from pachisi.games import GAMES
from pachisi.web.boardjson import layout_json, move_words, moves_json, position_json

from helpers import random_play


def game_of(name, players=4):
    return GAMES[name](players=2 if name == "kimbo" else players)


def squares_by_ref(layout):
    return {f"{r},{c}": (kind, owner, label, n) for r, c, kind, owner, label, n in layout["squares"]}


def test_ludo_layout_has_yards_routes_numbers_and_the_centre():
    g = game_of("ludo")
    st_ = g.new_state(seed=1)
    layout = layout_json(g.view(st_.arr))
    sq = squares_by_ref(layout)
    stores = [ref for ref, (kind, *_rest) in sq.items() if kind == "store"]
    assert len(stores) == 16 and {sq[r][2] for r in stores} == {"yard"}
    assert sorted(k for k, *_ in layout["regions"]) == ["centre", "yard", "yard", "yard", "yard"]
    for player, path in layout["paths"].items():
        assert len(path) == 57                                   # 51 track squares, 5 in the column, the centre
        assert sq[path[0]][0] == "start" and sq[path[0]][1] == g.seats[int(player)]
        assert [sq[r][0] for r in path[51:56]] == ["house"] * 5 and [sq[r][3] for r in path[51:56]] == [1, 2, 3, 4, 5]
        assert sq[path[-1]][0] == "goal"
    numbers = sorted(n for kind, _o, _l, n in sq.values() if kind in ("track", "safe", "start"))
    assert numbers == list(range(1, 53))
    assert sq[layout["paths"]["0"][0]][3] == 1                   # seat 0's start is square 1


def test_pieces_at_home_stand_on_their_spots_and_keep_them():
    g = game_of("shishbesh")
    st_ = g.new_state(seed=1)
    view = g.view(st_.arr)
    layout, pos = layout_json(view), position_json(view)
    sq = squares_by_ref(layout)
    assert len(pos["pieces"]) == 16 and pos["off"] == {}
    spots = {}
    for r, c, player, piece, _hidden in pos["pieces"]:
        assert sq[f"{r},{c}"][:3] == ("store", g.seats[player], "park")
        spots[(player, piece)] = (r, c)
    assert len(set(spots.values())) == 16                        # one piece a spot


def test_a_six_offers_one_of_four_alike_pieces_with_the_others_as_the_same():
    g = game_of("shishbesh", 2)
    st_ = g.new_state(seed=1, first_player=0)
    st_.set_dice((6, 3))
    moves = moves_json(g, st_)
    out = [m for m in moves if m["t"].startswith("6")]
    assert len(out) == 1
    m = out[0]
    assert m["t"] == "6a" and m["same"] == ["6b", "6c", "6d"]
    assert m["words"] == {"en": "bring piece a out (6)", "ru": "вывести фишку a (6)"}
    layout = layout_json(g.view(st_.arr))
    sq = squares_by_ref(layout)
    assert sq[m["f"]][0] == "store" and m["to"] == layout["paths"]["0"][0]     # from the park to the start
    for played in ["6a", *m["same"]]:                            # typing any of them still works
        assert st_.parse_move(played)


def test_moves_in_plain_words():
    def M(text, frm=3, die=0, piece=0, kind=0):                 # a Move as the game describes it
        return Move(0, 0, die, piece, kind, frm, frm + die, text)
    g = game_of("parcheesi")
    from pachisi.games.parcheesi import GO_ROUND, SUM
    assert move_words(g, M("2+3b", frm=-1, piece=1, kind=SUM)) == {"en": "bring piece b out (2 + 3)",
                                                                  "ru": "вывести фишку b (2 + 3)"}
    assert move_words(g, M("4c>", die=4, piece=2, kind=GO_ROUND))["en"] == "4 with piece c, go round again"
    assert move_words(g, M("5a", die=5), home=True)["ru"] == "5 фишкой a, домой"
    assert move_words(g, M("6d", die=6, piece=3), captured=[(1, 0)]) == {
        "en": f"6 with piece d, captures {g.player_name(1)}'s a", "ru": "6 фишкой d, сбивает фишку a (красный)"}
    k = game_of("kimbo")
    assert move_words(k, M("a5n")) == {"en": "a: 5 north", "ru": "a: 5 на север"}
    assert move_words(k, M("b4+2eLR")) == {"en": "b: 4 + 2 east, at the fence left, then right",
                                            "ru": "b: 4 + 2 на восток, у забора налево, потом направо"}
    assert move_words(k, M("d^s"))["en"] == "d: jump the fence south"
    assert move_words(k, M("l1e-h6n"))["ru"] == "перенести забор l1e на h6n"
    assert move_words(k, M("keep")) == {"en": "keep the fences", "ru": "оставить заборы"}
    m = game_of("mandavoshka")
    from pachisi.games.mandavoshka import CALL, HIDE
    assert move_words(m, M("3bh", die=3, piece=1, kind=HIDE))["en"] == "3 with piece b, and hide in the shelter"
    called = move_words(m, M("call-a", kind=CALL))
    assert "БУР" not in called["en"] and called["ru"] == "поймать на зевке: фишка a идёт в БУР"


@settings(max_examples=14, deadline=None)
@given(name=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 2**31), plies=st.integers(0, 120))
def test_every_piece_and_move_is_on_the_drawn_board(name, seed, plies):
    """Pieces stand on drawn squares, every move's source and target is a drawn square or a
    fence slot, each says itself in both languages, and routes run over drawn squares."""
    g = game_of(name)
    state = g.new_state(seed=seed)
    rng = random.Random(seed)
    random_play(state, rng, plies)
    view = g.view(state.arr)
    layout, pos = layout_json(view), position_json(view)
    sq = squares_by_ref(layout)
    for r, c, *_ in pos["pieces"]:
        assert f"{r},{c}" in sq
    for path in layout["paths"].values():
        assert all(ref in sq for ref in path)
    if state.is_chance or state.is_over:
        return
    for m in moves_json(g, state):
        assert m["words"]["en"] and m["words"]["ru"]
        for ref in (m["f"], m["to"]):
            assert ref is None or ref[0] in "wo" or ref in sq, (m, ref)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_seat_colours_of_stores_and_regions_are_seats(name):
    g = game_of(name)
    layout = layout_json(g.view(g.new_state(seed=2).arr))
    for kind, seat, r, c, h, w in layout["regions"]:
        assert seat is None or 0 <= seat < 4
        assert 0 <= r and r + h <= layout["rows"] and 0 <= c and c + w <= layout["cols"]
