"""Kimbo's fence moves in a web room: every legal one carries the slot its
fence leaves and the slot it takes (so the board can offer them as two
clicks), sent in one group a fence and to the seat to move only (spectators
and the other seats get no moves), keeping the fences is a labelled button,
and pawn moves still carry their squares."""
import json

from fastapi.testclient import TestClient
import pytest

from pachisi.games.kimbo.board import BOARD
from pachisi.games import make_game
from pachisi.web import create_app
from pachisi.web.boardjson import moves_json, square_ref, wall_ref
from test_web_api import Player, create, settings

pytestmark = [pytest.mark.timeout(1800), pytest.mark.usefixtures("database")]   # a bound on a hang


def slot_ref(name):
    return wall_ref(*BOARD.slot_pairs[BOARD.parse_slot(name)])


@pytest.fixture
def player(tmp_path):
    with TestClient(create_app(settings(tmp_path))) as client:
        room = create(client, game="kimbo", seats=("local", "local"))
        p = Player(client, room["code"], room["token"])
        yield p
        p.close()


def spread(moves):
    """The moves as the browser spreads them (room.js spreadMoves): a fence's group one move each."""
    return [{"t": t, "p": m["p"], "f": m["f"], "to": to} for m in moves if "g" in m for t, to in m["g"]] + \
        [m for m in moves if "g" not in m]


def walls_of(state, seat):
    return {f"w{r1},{c1},{r2},{c2}" for r1, c1, r2, c2, s in state["position"]["walls"] if s == seat}


def test_fence_moves_carry_the_slots_they_leave_and_take(player):
    st = player.state
    assert st["turn"]["phase"] == "move"
    seat = st["room"]["seats"][st["turn"]["player"]]["seat"]
    own = walls_of(st, seat)
    taken = {f"w{r1},{c1},{r2},{c2}" for r1, c1, r2, c2, _ in st["position"]["walls"]}
    moves = spread(st["moves"])
    keep = [m for m in moves if m["t"] == "keep"]
    fences = [m for m in moves if m["t"] != "keep"]
    assert len(keep) == 1 and keep[0]["b"] == "keep the fences" and keep[0]["f"] is keep[0]["to"] is None
    assert len(fences) > 1000
    for m in fences:
        frm, to = m["t"].split("-")
        assert (m["f"], m["to"]) == (slot_ref(frm), slot_ref(to)), m
        assert m["f"] in own and m["to"] not in taken and "b" not in m
    assert {m["f"] for m in fences} == own
    assert len([m for m in st["moves"] if "g" in m]) == len(own)        # one group a fence

    move = fences[len(fences) // 2]
    seq = st["seq"]
    player.act(move["t"])
    after = player.wait_seq(seq + 1)
    assert walls_of(after, seat) == own - {move["f"]} | {move["to"]}
    assert after["turn"]["phase"] == "roll" and not player.errors


def test_only_the_seat_to_move_is_sent_the_moves_and_in_a_compact_form(tmp_path):
    with TestClient(create_app(settings(tmp_path))) as client:
        room = create(client, game="kimbo", seats=("local", "invite"))
        joined = client.post(f"/api/rooms/{room['code']}/join", json={"player": 1, "name": "Bob",
                                                                         "key": room["key"]}).json()
        players = [Player(client, room["code"], room["token"]), Player(client, room["code"], joined["token"]),
                   Player(client, room["code"])]
        try:
            ann, bob, watcher = players
            mover, other = (ann, bob) if ann.state["turn"]["player"] == 0 else (bob, ann)
            assert ann.state["room"]["status"] == "playing" and ann.state["turn"]["phase"] == "move"
            assert watcher.state["moves"] == [] and other.state["moves"] == []
            game = make_game("kimbo", 2)
            full = json.dumps(moves_json(game, game.new_state(0)), ensure_ascii=False, separators=(",", ":"))
            sent = json.dumps(mover.state["moves"], ensure_ascii=False, separators=(",", ":"))
            assert len(spread(mover.state["moves"])) > 1000 and len(sent) * 3 < len(full)
        finally:
            for p in players:
                p.close()


def test_keep_leaves_every_fence_and_pawn_moves_still_carry_squares(player):
    st = player.state
    squares = {f"{r},{c}" for r, c, *_ in st["layout"]["squares"]}
    walls = st["position"]["walls"]
    player.act("keep")
    st = player.wait_seq(st["seq"] + 1)
    assert st["position"]["walls"] == walls and st["turn"]["phase"] == "roll"
    player.act("roll")
    st = player.wait_seq(st["seq"] + 1)
    pawns = st["moves"]
    assert pawns and all(m["f"] in squares and m["to"] in squares and "b" not in m for m in pawns)
    assert not player.errors


def test_a_run_round_the_pen_back_to_its_own_square_is_offered_on_that_square():
    """In a closed pen a pawn on the corner that plays 4+4 runs the pen's eight
    squares round and stops where it began: the move is legal and the board
    offers it as that square to that square."""
    g = make_game("kimbo", players=2)
    s = g.new_state(0, first_player=0)
    s.push(s.parse_move("keep"))
    s.set_dice((4, 4))
    here = {m["t"]: m for m in moves_json(g, s)}
    corner = next(square_ref(rc) for rc, sq in g.view(s.arr).squares.items() if (0, 0, False) in sq.pieces)
    assert {m: (here[m]["f"], here[m]["to"]) for m in ("a4+4n", "a4+4w")} == {
        "a4+4n": (corner, corner), "a4+4w": (corner, corner)}
    assert all(m["f"] and m["to"] for m in here.values())
