"""The web app's HTTP API and WebSocket rooms, through FastAPI's TestClient:
the lobby, rooms between people and bots, two clients in one room, refusals
(stale, duplicate, out of turn, wrong token, malformed, oversized, too fast)
that change nothing, reconnects, a restart that loses nothing, stand-in bots
for absent players, records, replays and the fair-dice check."""
import json
import time

from fastapi.testclient import TestClient
import pytest

from web_db import url_for
from pachisi.bots import LEVELS
from pachisi.games import GAMES, make_game
from pachisi.verify import verify_text
from pachisi.web import Settings, create_app
from pachisi.web.checking import RecordLimits
from pachisi.web.schemas import StateOut, Welcome

# every test on SQLite and on PostgreSQL (tests/web_db.py)
pytestmark = [pytest.mark.timeout(3600), pytest.mark.usefixtures("database")]   # a bound on a hang


# Checking a record here is bounded by its games and actions, not by the clock: on a loaded machine a
# long record may take many times its usual seconds, and an address's share of the checker's time would
# run out sooner (tests of those limits set their own).
UNTIMED_RECORDS = RecordLimits(seconds=3600, share=1e6, burst=1e9)


def settings(tmp_path, **kw):
    url = url_for(tmp_path)         # the test's database for this folder (SQLite or PostgreSQL)
    # dice_seed: the rooms roll the same dice on every run, here and in CI
    values = dict(database_url=url, bot_delay=0.0, create_rate=0.0, rate=1000.0,
                  burst=1000, dice_seed=1, records=UNTIMED_RECORDS)
    values.update(kw)
    return Settings(**values)


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(settings(tmp_path))) as c:
        yield c


GREEDY = sorted(LEVELS)[min(2, len(LEVELS) - 1)]     # a bot that plays purposefully, so games end


def create(client, game="shishbesh", seats=("local", "bot"), level=GREEDY, **kw):
    body = {"game": game, "seats": [{"kind": k, "level": level} if k == "bot" else {"kind": k, "name": f"P{i}"}
                                    for i, k in enumerate(seats)]}
    body.update(kw)
    r = client.post("/api/rooms", json=body)
    assert r.status_code == 201, r.text
    return r.json()


class Player:
    """One WebSocket client of a room."""

    def __init__(self, client, code, token=None, lang=None, **hello):
        self.cm = client.websocket_connect(f"/ws/{code}")
        self.ws = self.cm.__enter__()
        self.token = token
        self.ws.send_json({"type": "hello", "token": token} | ({"lang": lang} if lang else {}) | hello)
        self.welcome = self.ws.receive_json()
        assert self.welcome["type"] == "welcome"
        self.errors = []
        self.state = None
        self.seqs = []
        self.until(lambda m: m["type"] == "state")

    def close(self):
        self.cm.__exit__(None, None, None)

    def receive(self):
        m = self.ws.receive_json()
        if m["type"] == "state":
            if self.state is None or m["seq"] > self.state["seq"]:
                self.seqs.append(m["seq"])
            self.state = m
        elif m["type"] == "error":
            self.errors.append(m)
        return m

    def until(self, pred, limit=20000):
        for _ in range(limit):
            m = self.receive()
            if pred(m):
                return m
        raise AssertionError("the expected message did not come")

    def wait_seq(self, seq):
        if self.state["seq"] >= seq:
            return self.state
        return self.until(lambda m: m["type"] == "state" and m["seq"] >= seq)

    def error(self):
        return self.until(lambda m: m["type"] == "error")

    def send(self, data):
        self.ws.send_text(data if isinstance(data, str) else json.dumps(data))

    def act(self, action=None, seq=None, id=None):
        st = self.state
        if action is None:
            action = "roll" if st["turn"]["phase"] == "roll" else st["moves"][0]["t"]
        msg = {"type": "act", "seq": st["seq"] if seq is None else seq, "action": action}
        if id:
            msg["id"] = id
        self.send(msg)
        return action

    def step(self):
        """Make the first legal action and wait for the state after it."""
        seq = self.state["seq"]
        self.act()
        return self.wait_seq(seq + 1)


def my_turn(p):
    """p holds the seat to move (a seat it resigned is a bot's, as the browser takes it)."""
    t = p.state["turn"]
    return t["phase"] in ("roll", "move") and t["player"] in p.welcome["you"] \
        and not p.state["room"]["seats"][t["player"]].get("resigned")


def play_until(p, done, limit=5000, what="the expected state"):
    """Play p's turns (first legal move), and hear the others', until done(p)."""
    for _ in range(limit):
        if done(p):
            return p.state
        if my_turn(p):
            p.step()
        else:
            p.until(lambda m: m["type"] == "state")
    raise AssertionError(f"{what} did not come")


def play_out(p, limit=5000):
    """Play p's turns until the game is over."""
    return play_until(p, lambda p: p.state["room"]["status"] == "over", limit, "the end of the game")


def wait_over(client, code, seconds=3600):
    """The room's info once its game is over; the deadline only bounds a hang (bots on a loaded machine
    may take many times their usual time)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        info = client.get(f"/api/rooms/{code}").json()
        if info["status"] == "over":
            return info
        time.sleep(0.05)
    raise AssertionError(f"room {code} did not finish")


# -- the lobby ------------------------------------------------------------------------------------
def test_lobby_lists_every_game_with_its_options_explained_and_the_bot_levels(client):
    data = client.get("/api/lobby").json()
    assert {g["name"] for g in data["games"]} == set(GAMES)
    for g in data["games"]:
        assert g["presets"] and g["title"] and g["seating"]
        for o in g["options"]:
            assert o["help"].strip(), (g["name"], o["name"])
    assert [lv["level"] for lv in data["levels"]] == sorted(LEVELS)


def test_every_game_has_a_rules_page_in_english_and_russian(client):
    for name in GAMES:
        en = client.get(f"/api/games/{name}/rules")
        ru = client.get(f"/api/games/{name}/rules", headers={"Accept-Language": "ru"})
        assert en.status_code == ru.status_code == 200, name
        assert en.json()["lang"] == "en" and len(en.json()["html"]) > 100, name
        assert ru.json()["lang"] == "ru" and sum("а" <= ch <= "я" for ch in ru.json()["html"]) > 500, name
    missing = client.get("/api/games/nosuchgame/rules", headers={"Accept-Language": "ru"})
    assert missing.status_code == 404 and missing.json()["message"].startswith("игры 'nosuchgame' нет")


def test_a_room_with_bad_options_or_seats_is_refused_with_a_reason(client):
    r = client.post("/api/rooms", json={"game": "nosuchgame", "seats": [{"kind": "local"}, {"kind": "bot"}]})
    assert r.status_code == 400 and "unknown game" in r.json()["message"]
    r = client.post("/api/rooms", json={"game": "shishbesh", "options": {"arm": 9},
                                        "seats": [{"kind": "local"}, {"kind": "bot"}]})
    assert r.status_code == 400 and "arm" in r.json()["message"]
    r = client.post("/api/rooms", json={"game": "shishbesh", "seats": [{"kind": "local"}] * 9})
    assert r.status_code == 422 and r.json()["code"] == "malformed"
    r = client.post("/api/rooms", json={"game": "shishbesh", "seats": [{"kind": "alien"}, {"kind": "bot"}]})
    assert r.status_code == 422
    r = client.post("/api/rooms", json={"game": "shishbesh", "seats": [{"kind": "local", "name": "x" * 500},
                                                                        {"kind": "bot"}]})
    assert r.status_code == 422


def test_open_rooms_are_listed_until_every_seat_is_taken(client):
    room = create(client, seats=("local", "invite"), public=True)
    listed = client.get("/api/rooms").json()
    assert [r["open_seats"] for r in listed if r["code"] == room["code"]] == [[1]]
    r = client.post(f"/api/rooms/{room['code']}/join", json={"key": room["key"], "player": 1, "name": "Bo"})
    assert r.status_code == 200
    assert room["code"] not in [r["code"] for r in client.get("/api/rooms").json()]
    r = client.post(f"/api/rooms/{room['code']}/join", json={"key": room["key"], "player": 1, "name": "Cy"})
    assert r.status_code == 409 and r.json()["code"] == "taken"
    r = client.post(f"/api/rooms/{room['code']}/join", json={"key": room["key"], "player": 0, "name": "Cy"})
    assert r.status_code == 400


# -- playing ------------------------------------------------------------------------------------------
def test_a_person_plays_a_game_against_a_bot_to_its_end(client):
    room = create(client)
    p = Player(client, room["code"], room["token"])
    assert p.welcome["you"] == [0] and p.state["room"]["commit"]
    final = play_out(p)
    assert final["winner"] in (0, 1)
    assert final["room"]["seed"] is not None and final["room"]["salt"]
    assert not p.errors
    p.close()


def test_hotseat_one_screen_acts_for_every_local_seat(client):
    room = create(client, seats=("local", "local"))
    p = Player(client, room["code"], room["token"])
    assert p.welcome["you"] == [0, 1]
    actors = set()
    for _ in range(30):
        p.step()
        actors.add(p.state["last"]["p"])
    assert actors == {0, 1} and not p.errors
    p.close()


def test_moves_carry_the_squares_they_go_from_and_to(client):
    room = create(client, seats=("local", "local"))
    p = Player(client, room["code"], room["token"])
    layout = {f"{r},{c}" for r, c, *_ in p.state["layout"]["squares"]}
    for _ in range(200):
        if p.state["turn"]["phase"] == "move" and any(m["t"][0] == "6" for m in p.state["moves"]):
            break
        p.step()
    moves = p.state["moves"]
    assert moves and all(m["f"] and m["to"] for m in moves)
    entering = [m for m in moves if m["f"].startswith("o")]
    for m in entering:
        assert m["f"] == f"o{p.state['turn']['player']}:park" and m["to"] in layout
    for m in moves:
        assert m["f"].startswith("o") or m["f"] in layout
    p.close()


def test_two_clients_in_one_room_both_see_every_move(client):
    room = create(client, seats=("local", "invite"))
    a = Player(client, room["code"], room["token"])
    assert a.state["turn"]["phase"] == "waiting"
    r = client.post(f"/api/rooms/{room['code']}/join", json={"key": room["key"], "player": 1, "name": "Bo"}).json()
    b = Player(client, room["code"], r["token"])
    assert b.welcome["you"] == [1]
    a.until(lambda m: m["type"] == "state" and m["room"]["status"] == "playing")
    for _ in range(40):
        actor = a if my_turn(a) else b
        seq = actor.state["seq"]
        actor.act()
        a.wait_seq(seq + 1)
        b.wait_seq(seq + 1)
        assert a.state["position"] == b.state["position"] and a.state["last"] == b.state["last"]
    assert a.seqs[-40:] == b.seqs[-40:] == list(range(1, 41))
    assert not a.errors and not b.errors
    StateOut.model_validate(a.state)              # the messages follow their documented models
    Welcome.model_validate(a.welcome)
    a.close()
    b.close()


def _two_people(client):
    room = create(client, seats=("local", "invite"))
    token_b = client.post(f"/api/rooms/{room['code']}/join", json={"key": room["key"], "player": 1, "name": "Bo"}).json()["token"]
    a = Player(client, room["code"], room["token"])
    b = Player(client, room["code"], token_b)
    return room, a, b


def test_a_stale_action_is_refused_and_changes_nothing(client):
    room, a, b = _two_people(client)
    p = a if my_turn(a) else b
    seq = p.state["seq"]
    p.act()
    p.wait_seq(seq + 1)
    before = client.get(f"/api/rooms/{room['code']}/record").text
    actor = a if my_turn(a) else b
    actor.act("roll" if actor.state["turn"]["phase"] == "roll" else actor.state["moves"][0]["t"], seq=seq)
    err = actor.error()
    assert err["code"] == "stale" and err["seq"] == seq + 1 and "not applied" in err["message"]
    assert client.get(f"/api/rooms/{room['code']}/record").text == before
    a.close()
    b.close()


def test_a_duplicate_action_is_refused_and_applied_once(client):
    room, a, b = _two_people(client)
    p = a if my_turn(a) else b
    seq = p.state["seq"]
    p.act(id="once")
    p.wait_seq(seq + 1)
    p.act(seq=seq, id="once", action="roll")
    assert p.error()["code"] == "duplicate"
    rec = client.get(f"/api/rooms/{room['code']}/record").text
    assert sum(line.count("[") for line in rec.splitlines() if line[:1].isdigit()) == 1
    a.close()
    b.close()


def test_out_of_turn_and_wrong_token_and_spectators_are_refused(client):
    room, a, b = _two_people(client)
    waiting = b if my_turn(a) else a
    waiting.act("roll")
    assert waiting.error()["code"] == "turn"
    spy = Player(client, room["code"], "not-a-real-token")
    assert spy.welcome["spectator"] and spy.welcome["you"] == []
    assert spy.errors and spy.errors[0]["code"] == "token"
    spy.act("roll")
    assert spy.error()["code"] == "spectator"
    spy.send({"type": "chat", "text": "hello"})
    assert spy.error()["code"] == "spectator"
    watcher = Player(client, room["code"])
    assert watcher.welcome["spectator"] and not watcher.errors
    assert client.get(f"/api/rooms/{room['code']}").json()["status"] == "playing"
    assert watcher.state["seq"] == 0
    for c in (a, b, spy, watcher):
        c.close()


def test_illegal_moves_are_refused_with_the_engines_reason(client):
    room, a, b = _two_people(client)
    p = a if my_turn(a) else b
    p.act("6a")
    err = p.error()
    assert err["code"] == "illegal" and "roll the dice first" in err["message"]
    seq = p.state["seq"]
    p.act("roll")
    p.wait_seq(seq + 1)
    if my_turn(p) and p.state["turn"]["phase"] == "move":
        p.act("9z")
        assert p.error()["code"] == "illegal"
    a.close()
    b.close()


def test_malformed_and_oversized_messages_are_refused(client):
    room, a, b = _two_people(client)
    p = a if my_turn(a) else b
    for bad in ("not json", "[1, 2]", json.dumps({"type": "fly"}), json.dumps({"type": "act", "seq": "x"}),
                json.dumps({"type": "act", "seq": 0}), json.dumps({"type": "act", "seq": 0, "action": "roll",
                                                                   "extra": 1}),
                json.dumps({"type": "chat", "text": "x" * 201})):
        p.send(bad)
        assert p.error()["code"] == "malformed", bad
    p.send(json.dumps({"type": "chat", "text": "y" * 5000}))
    assert p.error()["code"] == "too_large"
    assert p.state["seq"] == 0
    record = client.get(f"/api/rooms/{room['code']}/record").text
    assert not [line for line in record.splitlines() if line[:1].isdigit()]      # nothing was played
    a.close()
    b.close()


def test_a_client_that_keeps_sending_oversized_messages_is_disconnected(client):
    room = create(client)
    p = Player(client, room["code"], room["token"])
    for _ in range(4):
        p.send("z" * 10000)
    with pytest.raises(Exception):
        for _ in range(20):
            p.receive()
    p.close()


def test_messages_faster_than_the_rate_are_refused(tmp_path):
    with TestClient(create_app(settings(tmp_path, rate=1e-3, burst=3))) as c:    # no token comes back in the test
        room = create(c, seats=("local", "invite"))
        p = Player(c, room["code"], room["token"])
        for _ in range(6):
            p.send({"type": "ping"})
        codes = []
        for _ in range(6):
            m = p.until(lambda m: m["type"] in ("pong", "error"))
            codes.append(m["type"] if m["type"] == "pong" else m["code"])
        p.close()
        assert codes == ["pong", "pong", "rate", "rate", "rate", "rate"]      # the hello took the first of 3


def test_chat_is_cleaned_length_limited_and_shared(client):
    room, a, b = _two_people(client)
    a.send({"type": "chat", "text": "<b>hi</b>\x00\x07 there\nfriend"})
    m = b.until(lambda m: m["type"] == "chat")
    assert m["text"] == "<b>hi</b> there friend" and m["name"] == "P0"   # markup is shown as text by the page
    assert a.until(lambda m: m["type"] == "chat")["text"] == m["text"]
    c = Player(client, room["code"], room["token"])
    assert c.state["chat"][-1]["text"] == m["text"]
    for x in (a, b, c):
        x.close()


def test_names_are_cleaned_and_limited(client):
    room = create(client, seats=("local", "invite"))
    r = client.post(f"/api/rooms/{room['code']}/join", json={"key": room["key"], "player": 1, "name": 'A,"b"\x01  c' + "x" * 40})
    assert r.status_code == 200
    name = client.get(f"/api/rooms/{room['code']}").json()["seats"][1]["name"]
    assert "," not in name and '"' not in name and "\x01" not in name and len(name) <= 24


def test_a_reload_reconnects_to_the_seat_with_everything_so_far(client):
    room, a, b = _two_people(client)
    for _ in range(6):
        actor = a if my_turn(a) else b
        seq = actor.state["seq"]
        actor.act()
        a.wait_seq(seq + 1)
        b.wait_seq(seq + 1)
    log = b.state["log"] if b.state.get("log") else None
    b.close()
    a.until(lambda m: m["type"] == "state" and not m["room"]["seats"][1]["present"])
    b2 = Player(client, room["code"], client.post(f"/api/rooms/{room['code']}/join",
                                                  json={"key": room["key"], "player": 1, "name": "x"}).json().get("token"))
    assert b2.welcome["spectator"]        # the seat is taken: a second join gets no token
    b2.close()
    b3 = Player(client, room["code"], b.token)
    assert b3.welcome["you"] == [1]
    assert b3.state["seq"] == a.state["seq"] and len(b3.state["log"]) == 6
    assert log is None or b3.state["log"][:len(log)] == log
    a.until(lambda m: m["type"] == "state" and m["room"]["seats"][1]["present"])
    a.close()
    b3.close()


# -- restarts, absent players ---------------------------------------------------------------------
def test_a_restart_mid_game_loses_nothing(tmp_path):
    s = settings(tmp_path)
    with TestClient(create_app(s)) as c:
        room, a, b = _two_people(c)
        for _ in range(25):
            actor = a if my_turn(a) else b
            seq = actor.state["seq"]
            actor.act()
            a.wait_seq(seq + 1)
        before = c.get(f"/api/rooms/{room['code']}/record").text
        seq, position = a.state["seq"], a.state["position"]
        tokens = (room["token"], b.token)
        a.close()
        b.close()
    with TestClient(create_app(s)) as c:
        assert c.get(f"/api/rooms/{room['code']}/record").text == before
        a = Player(c, room["code"], tokens[0])
        b = Player(c, room["code"], tokens[1])
        assert a.state["seq"] == seq and a.state["position"] == position and len(a.state["log"]) == seq
        actor = a if my_turn(a) else b
        actor.act()
        a.wait_seq(seq + 1)
        a.close()
        b.close()


def test_bots_play_on_after_a_restart(tmp_path):
    s = settings(tmp_path)
    with TestClient(create_app(s)) as c:
        room = create(c, seats=("local", "bot"))
        p = Player(c, room["code"], room["token"])
        while not (my_turn(p) and p.state["seq"] > 0):
            if my_turn(p):
                p.step()
            else:
                p.until(lambda m: m["type"] == "state")
        p.close()
    with TestClient(create_app(s)) as c:
        p = Player(c, room["code"], room["token"])
        play_out(p)
        p.close()


def test_an_absent_player_is_replaced_by_a_bot_until_they_return(tmp_path):
    with TestClient(create_app(settings(tmp_path, min_absent_after=0.1))) as c:
        room = create(c, seats=("local", "invite"), absent_after=0.3)
        token_b = c.post(f"/api/rooms/{room['code']}/join", json={"key": room["key"], "player": 1, "name": "Bo"}).json()["token"]
        a = Player(c, room["code"], room["token"])
        # Bo never comes: on Bo's turns the game waits 0.3 s, then a bot plays for Bo
        play_until(a, lambda a: a.state["last"] and a.state["last"]["by"] == "standin", 200, "a stand-in's move")
        assert a.state["last"]["by"] == "standin" and a.state["room"]["seats"][1]["standin"]
        b = Player(c, room["code"], token_b)
        assert not b.state["room"]["seats"][1]["standin"]
        for _ in range(400):
            if my_turn(b):
                break
            if my_turn(a):
                a.step()
            else:
                a.until(lambda m: m["type"] == "state")
            b.wait_seq(a.state["seq"])
        assert my_turn(b) and b.state["turn"]["actor"] == "person"
        a.close()
        b.close()


# -- records, replays, fair dice -------------------------------------------------------------------
@pytest.mark.timeout(7 * 3600)            # seven bot games: a bound on a hang, however slow the machine
def test_every_game_plays_to_its_end_in_a_room_and_its_record_verifies(client):
    for name in GAMES:
        room = create(client, game=name, seats=("bot",) * max(2, GAMES[name].min_players), wins=1)
        info = wait_over(client, room["code"])
        assert info["seed"] is not None and info["salt"]
        text = client.get(f"/api/rooms/{room['code']}/record").text
        report = verify_text(text)
        assert report.ok and report.commitment == "ok" and report.rolls > 0, (name, report.problems)
        frames = client.post("/api/replay", content=text).json()["frames"]
        assert frames[0]["kind"] == "start" and len(frames) > report.rolls
        # a route starts from a piece of its mover (or, a finished player moving his partner's, the partner's)
        game = make_game(name, max(2, GAMES[name].min_players))
        walked = [(a, b) for a, b in zip(frames, frames[1:]) if b.get("route")]
        assert walked and all(any(f"{r},{c}" == b["route"][0] and p in (b["player"], game.partner(b["player"]))
                                  for r, c, p, *_ in a["position"]["pieces"]) for a, b in walked), name


def test_a_match_is_played_to_its_wins_and_its_record_verifies(client):
    room = create(client, game="tryasuchka", seats=("bot", "bot"), options={"match_wins": 2})
    info = wait_over(client, room["code"])
    assert info["wins"] == 2 and max(info["score"]) == 2
    text = client.get(f"/api/rooms/{room['code']}/record").text
    assert '[Round "2"]' in text
    report = verify_text(text)
    assert report.ok and report.commitment == "ok", report.problems
    r = client.post("/api/verify", content=text).json()
    assert r["ok"] and r["games"] >= 2


def test_an_unfinished_rooms_record_keeps_the_seed_secret(client):
    room = create(client, seats=("local", "bot"))
    p = Player(client, room["code"], room["token"])
    seq = p.state["seq"]
    p.act("roll")
    p.wait_seq(seq + 1)
    text = client.get(f"/api/rooms/{room['code']}/record").text
    assert "[Seed" not in text and "DiceSalt" not in text and f'[DiceCommit "{p.state["room"]["commit"]}"]' in text
    assert p.state["room"]["seed"] is None and p.state["room"]["salt"] is None
    report = verify_text(text)
    assert not report.ok
    p.close()


def test_the_dice_endpoint_gives_each_games_dice(client):
    assert client.get("/api/games/shishbesh/dice").json()["dice"] == [[1, 2, 3, 4, 5, 6]] * 2
    assert client.get("/api/games/tryasuchka/dice", params={"players": 2}).json()["dice"] == [
        [1, 2, 3, 4, 5, 6], [2, 3, 4, 5, 6, 7]]
    assert client.get("/api/games/shishbesh/dice", params={"options": json.dumps({"arm": 9})}).status_code == 400


def test_requests_larger_than_the_limit_are_refused(client):
    r = client.post("/api/verify", content="x" * (2 << 20))
    assert r.status_code == 413 and r.json()["code"] == "too_large"


def test_a_replay_of_a_bad_record_says_why(client):
    r = client.post("/api/replay", content='[Game "shishbesh"]\n[Players "a,b"]\n\n1. red [6-1] 9z\n')
    assert r.status_code == 400 and "line 4" in r.json()["message"]


def test_the_pages_and_static_files_are_served(client):
    assert "main.js" in client.get("/").text
    assert "main.js" in client.get("/r/ABCDEF").text
    r = client.get("/static/js/board.js")
    assert r.status_code == 200 and "export class Board" in r.text
    assert "default-src 'self'" in client.get("/").headers["content-security-policy"]
    assert client.get("/api/rooms/ZZZZZZ").status_code == 404
    with client.websocket_connect("/ws/ZZZZZZ") as ws:
        assert ws.receive_json()["code"] == "room"


def test_a_dice_seed_gives_every_run_the_same_dice_and_each_room_its_own(tmp_path):
    """Settings.dice_seed (tests, demonstrations): the n-th room of a run rolls
    the same dice every run; two rooms of a run roll from different seeds."""
    def rolls(path, rooms=2, turns=6):
        path.mkdir()
        with TestClient(create_app(settings(path, dice_seed=7))) as c:
            out = []
            for _ in range(rooms):
                room = create(c, seats=("local", "local"))
                p = Player(c, room["code"], room["token"])
                seen = []
                for _ in range(turns):
                    p.act("roll")
                    st = p.wait_seq(p.state["seq"] + 1)
                    seen.append(tuple(st["turn"]["roll"]))
                    while st["turn"]["phase"] == "move":
                        p.act()
                        st = p.wait_seq(st["seq"] + 1)
                p.close()
                out.append(seen)
            return out

    first, again = rolls(tmp_path / "a"), rolls(tmp_path / "b")
    assert first == again and first[0] != first[1]
