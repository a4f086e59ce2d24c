"""What a table offers beyond the moves (web/table.py), through the WebSocket: bots at the speed the
players chose, down to "instant"."""
from fastapi.testclient import TestClient
import pytest

from pachisi.web import create_app
from pachisi.web.table import bot_delay, missed_turns
from test_web_api import Player, create, my_turn, play_until, settings

pytestmark = [pytest.mark.timeout(600), pytest.mark.usefixtures("database")]


def room_of(client, code):
    return client.app.state.manager.rooms[code]


def log_of(client, code):
    """The room's whole log, as a spectator's snapshot tells it."""
    watcher = Player(client, code)
    watcher.close()
    return watcher.state["log"]


def pace(p, speed):
    """Choose a bot speed, and wait until the server has read it (a ping after it is answered after it)."""
    p.send({"type": "pace", "speed": speed})
    p.send({"type": "ping"})
    p.until(lambda m: m["type"] == "pong")


def test_bots_wait_by_the_slowest_seated_players_choice_down_to_instant(tmp_path):
    with TestClient(create_app(settings(tmp_path, bot_delay=0.8))) as client:
        room = create(client, game="ludo", seats=("invite", "invite", "bot"))
        code = room["code"]
        a = client.post(f"/api/rooms/{code}/join", json={"player": 0, "key": room["key"]}).json()["token"]
        b = client.post(f"/api/rooms/{code}/join", json={"player": 1, "key": room["key"]}).json()["token"]
        pa, pb = Player(client, code, a), Player(client, code, b)
        r = room_of(client, code)
        assert bot_delay(r) == pytest.approx(0.8)          # nobody chose: the normal pace
        pace(pa, "instant")
        assert bot_delay(r) == pytest.approx(0.8)          # the other player still follows at the normal pace
        pace(pb, "instant")
        assert bot_delay(r) == 0.0                         # everyone chose instant: the bots act at once
        watcher = Player(client, code)
        pace(watcher, "slow")
        assert bot_delay(r) == 0.0                         # a spectator does not slow the players' game
        pace(pb, "slow")
        assert bot_delay(r) == pytest.approx(1.6)
        pa.close()
        pb.close()
        assert bot_delay(r) == pytest.approx(1.6)          # only spectators: theirs
        watcher.close()


def test_a_hello_says_the_speed_and_an_unknown_speed_is_refused(client):
    room = create(client, game="ludo", seats=("local", "bot"))
    p = Player(client, room["code"], room["token"], speed="instant")
    conn = next(iter(room_of(client, room["code"]).conns))
    assert conn.speed == "instant"
    p.send({"type": "pace", "speed": "warp"})
    assert p.error()["code"] == "malformed"
    assert conn.speed == "instant"
    p.close()


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(settings(tmp_path))) as c:
        yield c


# -- the turn clock ------------------------------------------------------------------------------------------
class Time:
    """The turn clock's time in a test: it moves only when the test says (Settings.now)."""

    def __init__(self):
        self.t = 1000.0

    def __call__(self):
        return self.t


def run_out(client, code, clock, seconds):
    """Let `seconds` pass on the clock, and wake the room to see it (no real waiting)."""
    clock.t += seconds
    room = room_of(client, code)
    client.portal.call(room._changed.set)


def clocked(tmp_path):
    clock = Time()
    return clock, TestClient(create_app(settings(tmp_path, now=clock)))


def test_the_turn_clock_is_off_unless_the_table_asks_and_gives_at_least_5_seconds(client):
    room = create(client, game="ludo", seats=("local", "bot"))
    p = Player(client, room["code"], room["token"])
    assert p.state["room"]["table"] == {"clock": 0, "misses": 3, "then": "bot", "hints": False} and p.state["turn"]["clock_in"] is None
    p.close()
    body = {"game": "ludo", "seats": [{"kind": "local"}, {"kind": "bot"}], "table": {"clock": 3}}
    r = client.post("/api/rooms", json=body)
    assert r.status_code == 422 and "at least 5 seconds" in r.json()["message"]
    body["table"] = {"clock": 20, "then": "leave"}
    assert client.post("/api/rooms", json=body).status_code == 422


def test_on_time_out_the_server_plays_for_the_person_and_after_n_missed_turns_a_bot_plays_until_they_are_back(
        tmp_path):
    clock, c = clocked(tmp_path)
    with c as client:
        room = create(client, game="ludo", seats=("local", "bot"), table={"clock": 30, "misses": 2, "then": "bot"})
        code = room["code"]
        p = Player(client, code, room["token"])
        assert p.state["room"]["table"] == {"clock": 30, "misses": 2, "then": "bot", "hints": False}
        assert my_turn(p) and p.state["turn"]["clock_in"] == 30
        seq = p.state["seq"]
        run_out(client, code, clock, 29)               # not yet
        run_out(client, code, clock, 2)                # the time is up: the server rolls for the person
        p.wait_seq(seq + 1)
        assert p.state["last"]["by"] == "clock" and p.state["last"]["k"] == "roll"
        assert log_of(client, code)[seq]["by"] == "clock"
        # the clock plays every decision of the person's turns until two turns in a row are missed
        while not p.state["room"]["seats"][0]["standin"]:
            if my_turn(p) and p.state["turn"]["actor"] == "person":
                seq = p.state["seq"]
                run_out(client, code, clock, 31)
                p.wait_seq(seq + 1)
            else:
                p.until(lambda m: m["type"] == "state")
        # then a bot plays the seat (no clock runs for it) until the person says they are back
        play_until(p, lambda p: p.state["last"]["p"] == 0 and p.state["last"]["by"] == "standin", 200)
        log = log_of(client, code)
        mine = [e for e in log if e["p"] == 0]
        timed = mine[:[e["by"] for e in mine].index("standin")]
        assert timed and all(e["by"] == "clock" for e in timed)
        assert missed_turns(timed, 0) == 2 and sum(1 for e in timed if e["k"] == "roll") == 2
        p.send({"type": "back"})
        p.until(lambda m: m["type"] == "state" and not m["room"]["seats"][0]["standin"])
        play_until(p, my_turn, 200)
        assert p.state["turn"]["actor"] == "person" and p.state["turn"]["clock_in"] == 30
        p.close()


def test_a_table_can_make_a_player_who_keeps_missing_forfeit_and_a_bot_plays_on(tmp_path):
    clock, c = clocked(tmp_path)
    with c as client:
        room = create(client, game="ludo", seats=("local", "bot", "bot"), table={"clock": 10, "misses": 1,
                                                                                 "then": "forfeit"})
        code = room["code"]
        p = Player(client, code, room["token"])
        play_until(p, my_turn, 200)                    # the clock runs from the person's turn on
        run_out(client, code, clock, 11)
        p.until(lambda m: m["type"] == "state" and m["room"]["seats"][0]["resigned"])
        resign = [e for e in log_of(client, code) if e["k"] == "resign"]
        assert [(e["p"], e["v"], e["by"]) for e in resign] == [(0, "0 clock", "clock")]
        # the seat is a bot's now: its token holds no seat to act for, and the game goes on to its end
        again = Player(client, code, room["token"])
        assert again.welcome["you"] == [] and again.welcome["spectator"]
        again.close()
        final = play_until(p, lambda p: p.state["room"]["status"] == "over", 5000)
        assert {e["by"] for e in log_of(client, code) if e["p"] == 0 and e["k"] != "resign"} \
            <= {"clock", "bot"}
        assert final["room"]["seats"][0]["resigned"]
        p.close()


# -- resigning -----------------------------------------------------------------------------------------------
def test_a_player_resigns_a_bot_plays_their_seat_to_the_end_and_a_restart_keeps_it(tmp_path):
    with TestClient(create_app(settings(tmp_path))) as client:
        room = create(client, game="ludo", seats=("local", "invite", "bot"))
        code = room["code"]
        bo = client.post(f"/api/rooms/{code}/join", json={"player": 1, "name": "Bo", "key": room["key"]}).json()["token"]
        a, b = Player(client, code, room["token"]), Player(client, code, bo, lang="ru")
        b.send({"type": "resign", "player": 0})
        assert b.error()["message"] == "вы не занимаете здесь место 0"
        b.send({"type": "resign", "player": 1})
        state = a.until(lambda m: m["type"] == "state" and m["room"]["seats"][1]["resigned"])
        assert state["last"]["k"] == "resign" and state["last"]["v"] == "1" and state["last"]["by"] == "person"
        assert state["room"]["seats"][1]["level"] == state["room"]["standin_level"]
        b.send({"type": "chat", "text": "bye"})
        assert b.error()["code"] == "spectator"               # the connection holds no seat now
        final = play_until(a, lambda p: p.state["room"]["status"] == "over", 5000)
        log = log_of(client, code)
        after = [e for e in log if e["p"] == 1 and e["n"] > state["last"]["n"]]
        assert after and {e["by"] for e in after} == {"bot"}
        assert final["room"]["seats"][1]["resigned"]
        a.close()
        b.close()
    with TestClient(create_app(settings(tmp_path))) as client:
        info = client.get(f"/api/rooms/{code}").json()
        assert [s["resigned"] for s in info["seats"]] == [False, True, False]
        again = Player(client, code, bo)
        assert again.welcome["you"] == []
        again.close()


# -- undo --------------------------------------------------------------------------------------------------
def test_undo_at_a_hot_seat_table_takes_back_the_last_move_and_a_restart_keeps_it_undone(tmp_path):
    with TestClient(create_app(settings(tmp_path))) as client:
        room = create(client, game="ludo", seats=("local", "local"))
        code = room["code"]
        p = Player(client, code, room["token"], lang="ru")
        p.send({"type": "undo", "seq": 0})
        assert p.error()["message"] == "в этой партии нечего отменять"
        while p.state["turn"]["phase"] != "move":
            p.step()
        before = p.state
        move = p.state["moves"][0]["t"]
        p.step()                                             # the move, and perhaps a burned roll after it
        while p.state["turn"]["phase"] == "roll" and p.state["seq"] < before["seq"] + 3:
            p.step()
        p.send({"type": "undo", "seq": p.state["seq"] - 1})
        assert p.error()["code"] == "stale"
        p.send({"type": "undo", "seq": p.state["seq"]})
        undone = p.until(lambda m: m["type"] == "state" and m.get("undone"))
        assert undone["undone"] == move
        assert undone["seq"] == before["seq"] and undone["position"] == before["position"]
        assert undone["turn"]["dice"] == before["turn"]["dice"] and len(undone["log"]) == before["seq"]
        p.close()
    with TestClient(create_app(settings(tmp_path))) as client:
        again = Player(client, code, room["token"])
        assert again.state["seq"] == before["seq"] and again.state["position"] == before["position"]
        again.close()


def test_undo_is_refused_with_the_reason_where_bots_or_other_people_play(client):
    room = create(client, game="ludo", seats=("local", "bot"))
    p = Player(client, room["code"], room["token"], lang="ru")
    p.send({"type": "undo", "seq": p.state["seq"]})
    e = p.error()
    assert e["code"] == "undo" and e["message"].endswith("ходы, которые сделали боты")
    p.close()
    room = create(client, game="ludo", seats=("local", "invite"))
    p = Player(client, room["code"], room["token"])
    p.send({"type": "undo", "seq": p.state["seq"]})
    assert p.error()["message"].endswith("take back moves of other people")
    p.close()


# -- reactions -----------------------------------------------------------------------------------------------
def test_players_and_spectators_react_everyone_hears_it_and_the_chat_allowance_limits_it(client):
    room = create(client, game="ludo", seats=("local", "bot"))
    p, watcher = Player(client, room["code"], room["token"]), Player(client, room["code"])
    p.send({"type": "react", "emoji": "👍"})
    assert watcher.until(lambda m: m["type"] == "react") == {"type": "react", "emoji": "👍", "player": 0}
    watcher.send({"type": "react", "emoji": "😂"})
    assert p.until(lambda m: m["type"] == "react" and m["emoji"] == "😂")["player"] is None
    watcher.send({"type": "react", "emoji": "💩"})
    assert watcher.error()["code"] == "malformed"
    for _ in range(10):                                     # a spectator's allowance: chat_burst at once
        watcher.send({"type": "react", "emoji": "😮"})
    assert watcher.error()["code"] == "rate"
    p.close()
    watcher.close()
