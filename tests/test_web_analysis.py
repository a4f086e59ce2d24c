"""A finished room's analysis and the hint, over HTTP: the analysis is made once on the bot workers
(202 while it is made, then the same answer every time, kept in the database across a restart) and
agrees with pachisi analyse; a hint gives level 6's move to the player on turn, in a hot-seat or bot
game, and at a table with invited people only if the table allows hints."""
import json
import time

from fastapi.testclient import TestClient
import pytest

from pachisi.analysis import analyse_record
from pachisi.bots import valuenet
from pachisi.web import create_app, rooms
from test_web_api import Player, create, my_turn, settings, wait_over

pytestmark = [pytest.mark.timeout(3600), pytest.mark.usefixtures("database")]


def analysis_of(client, code, seconds=600):
    """The room's analysis, asked for until it is made (the deadline bounds a hang only)."""
    deadline = time.monotonic() + seconds
    seen = []
    while time.monotonic() < deadline:
        r = client.get(f"/api/rooms/{code}/analysis")
        seen.append(r.status_code)
        if r.status_code == 200:
            return r.json(), seen
        assert r.status_code == 202, r.text
        body = r.json()
        assert body["status"] == "working" and set(body) == {"status", "ahead", "done", "total"}
        assert body["total"] is None or 0 <= body["done"] <= body["total"]
        time.sleep(0.05)
    raise AssertionError("the analysis was not made")


def test_a_finished_room_is_analysed_once_and_kept_with_the_room(tmp_path):
    with TestClient(create_app(settings(tmp_path))) as client:
        room = create(client, game="ludo", seats=("bot", "bot"), wins=1)
        code = room["code"]
        wait_over(client, code)
        data, seen = analysis_of(client, code)
        assert seen[0] == 202                     # made on the bot workers, not while the request waits
        text = client.get(f"/api/rooms/{code}/record").text
        want = [a.as_dict() for a in analyse_record(text)]
        assert [g["summary"] for g in data["games"]] == json.loads(json.dumps([g["summary"] for g in want]))
        again, seen = analysis_of(client, code)
        assert again == data and seen == [200]
        started = list(client.app.state.manager.thinker.started)
    with TestClient(create_app(settings(tmp_path))) as client:      # a restart: read back, not made again
        again, seen = analysis_of(client, code)
        assert again == data and seen == [200]
        assert not client.app.state.manager.thinker.started
    assert started


def test_an_analysis_tells_its_steps_as_it_goes(monkeypatch):
    """The bot process tells (job, done, total) about fifty times over the match's rolls and moves, the last
    at total, so the room's progress bar follows the work."""
    import queue

    from pachisi import make_game
    from pachisi import record as records
    from pachisi.web import thinking
    g = make_game("ludo", 4)
    s = g.new_state(5)
    start = s.clone()
    while not s.is_over:
        s.roll() if s.is_chance else s.push(s.legal_moves()[0])
    text = records.write(s, records.headers_for(s, ["level1"] * 4), start=start)
    told = queue.Queue()
    monkeypatch.setattr(thinking, "_told", told)
    thinking.analyse(text, job=7)
    seen = []
    while not told.empty():
        seen.append(told.get())
    total = len(s.history) - len(start.history)
    assert seen[-1] == (7, total, total) and len(seen) <= 52
    assert all(job == 7 and n == total for job, _, n in seen)
    assert [done for _, done, _ in seen] == sorted({done for _, done, _ in seen})


def test_a_room_not_over_is_not_analysed(tmp_path):
    with TestClient(create_app(settings(tmp_path))) as client:
        room = create(client, game="ludo", seats=("local", "bot"))
        r = client.get(f"/api/rooms/{room['code']}/analysis")
        assert r.status_code == 409 and r.json()["code"] == "over"


def test_a_game_without_an_evaluator_is_told_so_at_once(tmp_path, monkeypatch):
    """Refused on the first ask, before it waits in line for a worker: no progress bar to show.  (Every game
    has its weights: here they are missing.)"""
    monkeypatch.setattr(valuenet, "shipped_weights", lambda game: None)
    monkeypatch.setattr(rooms, "evaluator", valuenet.evaluator.__wrapped__)
    with TestClient(create_app(settings(tmp_path))) as client:
        room = create(client, game="ludo", seats=("bot", "bot"), wins=1)
        wait_over(client, room["code"])
        r = client.get(f"/api/rooms/{room['code']}/analysis")
        assert r.status_code == 409 and r.json()["code"] == "evaluator"
        assert "no evaluator" in r.json()["message"]


def hint_position(client, room):
    """A player of `room` at a decision with a choice (the first seat's token)."""
    p = Player(client, room["code"], room["token"])
    for _ in range(2000):
        st = p.state
        if my_turn(p) and st["turn"]["phase"] == "move" and len(st["moves"]) > 1:
            return p
        if my_turn(p):
            p.step()
        else:
            p.until(lambda m: m["type"] == "state")
    raise AssertionError("no decision with a choice came")


def test_a_hint_gives_level_6s_move_to_the_player_on_turn_in_a_bot_game(tmp_path):
    with TestClient(create_app(settings(tmp_path))) as client:
        room = create(client, game="ludo", seats=("local", "bot"))
        p = hint_position(client, room)
        r = client.post(f"/api/rooms/{room['code']}/hint", json={"token": room["token"]})
        assert r.status_code == 200, r.text
        h = r.json()
        assert h["level"] == 6 and h["move"] in {m["t"] for m in p.state["moves"]} and 0 <= h["equity"] <= 1
        r = client.post(f"/api/rooms/{room['code']}/hint", json={"token": "not-a-seat"})
        assert r.status_code == 403 and r.json()["code"] == "token"
        p.close()


def test_hints_are_off_with_invited_people_unless_the_table_allows_them(tmp_path):
    with TestClient(create_app(settings(tmp_path))) as client:
        room = create(client, game="ludo", seats=("local", "invite"))
        r = client.post(f"/api/rooms/{room['code']}/hint", json={"token": room["token"]})
        assert r.status_code == 403 and r.json()["code"] == "hint"
        allowed = create(client, game="ludo", seats=("local", "invite"), table={"hints": True})
        r = client.post(f"/api/rooms/{allowed['code']}/hint", json={"token": allowed["token"]})
        assert r.status_code == 409 and r.json()["code"] == "turn"     # allowed: only no move to choose yet
