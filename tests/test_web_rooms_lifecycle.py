"""Rooms in memory (issue #15): idle and finished rooms are unloaded and load
again from the database with the same state, without their bots playing until
someone connects; the server starts without loading any room; rooms per
address are capped; bot searches are scheduled by who is waiting for them; the
stand-in waits a sensible minimum; a dice seed warns and never repeats dice
after a restart; a match's length has one source of truth."""
import asyncio
from concurrent.futures import ThreadPoolExecutor
import logging
import threading

from fastapi.testclient import TestClient
import pytest
from typer.testing import CliRunner

from pachisi.cli import app as cli
from pachisi.web import create_app
from pachisi.web.roomcache import room_seed
from pachisi.web.settings import Settings
from pachisi.web.thinking import PERSON, SPECTATED, UNWATCHED, Thinker
from test_web_api import Player, create, my_turn, play_out, settings

pytestmark = [pytest.mark.timeout(1800), pytest.mark.usefixtures("database")]   # a bound on a hang


def manager(c):
    return c.app.state.manager


def age(c, code, seconds=10000):
    """Make a loaded room look unused for `seconds` (no waiting in tests)."""
    def run():
        manager(c).rooms[code].used -= seconds
    c.portal.call(run)


def play(p, n):
    """Make the person's next n actions (their opponent's bot plays in between)."""
    for _ in range(n):
        while not my_turn(p):
            p.until(lambda m: m["type"] == "state")
        p.step()


# -- unloading and loading again ------------------------------------------------------------------
def test_an_idle_room_is_unloaded_and_loads_again_with_the_same_state(tmp_path):
    with TestClient(create_app(settings(tmp_path, room_idle=60))) as c:
        room = create(c, seats=("local", "bot"))
        code = room["code"]
        p = Player(c, code, room["token"])
        play(p, 6)
        watcher = Player(c, code, None)                 # the whole state, log included, as a page opened now sees it
        before = watcher.state
        watcher.close()
        record = c.get(f"/api/rooms/{code}/record").text
        p.close()
        info = c.get(f"/api/rooms/{code}").json()
        c.portal.call(manager(c).sweep)
        assert code in manager(c).rooms                 # used a moment ago: it stays
        age(c, code)
        c.portal.call(manager(c).sweep)
        assert code not in manager(c).rooms and manager(c).unloaded == 1
        assert c.get(f"/api/rooms/{code}").json() == info
        assert code not in manager(c).rooms             # the room's info came without loading it
        again = Player(c, code, room["token"])
        assert code in manager(c).rooms
        for key in ("seq", "position", "log", "moves", "turn", "winner"):
            assert again.state[key] == before[key], key
        assert c.get(f"/api/rooms/{code}/record").text == record
        play(again, 2)                                  # and the game goes on
        again.close()


def test_a_finished_room_is_unloaded_without_waiting_for_the_idle_time(tmp_path):
    with TestClient(create_app(settings(tmp_path, room_idle=3600))) as c:
        room = create(c, game="ludo", seats=("local", "bot"))
        p = Player(c, room["code"], room["token"])
        final = play_out(p)
        p.close()
        age(c, room["code"], manager(c).GRACE)
        c.portal.call(manager(c).sweep)
        assert room["code"] not in manager(c).rooms
        info = c.get(f"/api/rooms/{room['code']}").json()
        assert info["status"] == "over" and info["seed"] == final["room"]["seed"]


def test_beyond_max_rooms_the_least_recently_used_are_unloaded(tmp_path):
    with TestClient(create_app(settings(tmp_path, max_rooms=3))) as c:
        codes = [create(c, seats=("local", "local"))["code"] for _ in range(5)]
        assert list(manager(c).rooms) == codes[2:]
        c.get(f"/api/rooms/{codes[2]}/record")          # used again: now the most recent
        codes.append(create(c, seats=("local", "local"))["code"])
        assert list(manager(c).rooms) == [codes[4], codes[2], codes[5]]
        p = Player(c, codes[0], None)                   # watched rooms do not count and are never unloaded
        for _ in range(3):
            create(c, seats=("local", "local"))
        assert codes[0] in manager(c).rooms and len(manager(c).rooms) == 4
        p.close()


def test_the_server_starts_without_loading_rooms_and_bots_wait_for_someone_to_connect(tmp_path):
    s = settings(tmp_path, bot_delay=3600.0)        # the bots would wait an hour before their first roll
    with TestClient(create_app(s)) as c:
        code = create(c, game="shishbesh", seats=("bot", "bot"))["code"]
        assert c.get(f"/api/rooms/{code}").json()["status"] == "playing"
    s.bot_delay = 0.0
    with TestClient(create_app(s)) as c:
        assert not manager(c).rooms                     # restored lazily: nothing loaded at start
        assert c.get(f"/api/rooms/{code}").json()["status"] == "playing"
        assert not manager(c).rooms
        first = c.get(f"/api/rooms/{code}/record").text
        room = manager(c).rooms[code]                   # loaded now, but nobody watches: its bots wait
        assert room._pump is None
        assert c.get(f"/api/rooms/{code}/record").text == first
        watcher = Player(c, code, None)                 # someone comes: the bots play on, to the end
        watcher.until(lambda m: m["type"] == "state" and m["room"]["status"] == "over")
        watcher.close()


# -- rooms per address -------------------------------------------------------------------------------
def test_an_address_may_create_only_so_many_rooms_an_hour(tmp_path):
    with TestClient(create_app(settings(tmp_path, rooms_per_hour=3))) as c:
        for _ in range(3):
            create(c, seats=("local", "bot"))
        body = {"game": "ludo", "seats": [{"kind": "local"}, {"kind": "bot"}]}
        r = c.post("/api/rooms", json=body)
        assert r.status_code == 429
        assert r.json() == {"code": "rooms", "message": "3 rooms were created from this address in the last hour, "
                                                        "the most allowed; try again in 60 min"}
        r = c.post("/api/rooms", json=body, headers={"Accept-Language": "ru"})
        assert r.status_code == 429 and "за последний час создано 3 комнат" in r.json()["message"]


# -- who the bots think for first -------------------------------------------------------------------------
def test_a_persons_opponent_thinks_before_the_bots_of_rooms_nobody_plays_in():
    gate = threading.Event()
    began = []

    def fn(name, *args):
        began.append(name)
        if name == "first":
            gate.wait(30)
        return f"move of {name}"

    class Game:
        players, preset, opts = 2, "standard", {}

        def __init__(self, name):
            self.name = name

    async def scenario():
        thinker = Thinker(1, executor=ThreadPoolExecutor(1), fn=fn)
        jobs = [asyncio.ensure_future(thinker.choose(Game("first"), [0], 5, 0, UNWATCHED))]
        await asyncio.sleep(0)
        jobs += [asyncio.ensure_future(thinker.choose(Game(f"all-bot {i}"), [0], 5, 0, UNWATCHED)) for i in range(5)]
        jobs += [asyncio.ensure_future(thinker.choose(Game(f"watched {i}"), [0], 5, 0, SPECTATED)) for i in range(2)]
        jobs.append(asyncio.ensure_future(thinker.choose(Game("person's opponent"), [0], 1, 0, PERSON)))
        await asyncio.sleep(0)
        gate.set()
        results = await asyncio.gather(*jobs)
        thinker.close()
        return results

    results = asyncio.run(scenario())
    assert began == ["first", "person's opponent", "watched 0", "watched 1"] + [f"all-bot {i}" for i in range(5)]
    assert results[-1] == "move of person's opponent" and results[1] == "move of all-bot 0"


def test_a_rooms_bots_are_as_urgent_as_who_is_connected(tmp_path):
    with TestClient(create_app(settings(tmp_path))) as c:
        room = create(c, seats=("local", "bot"))
        code = room["code"]
        loaded = manager(c).rooms[code]
        assert loaded.priority() == UNWATCHED
        watcher = Player(c, code, None)
        assert loaded.priority() == SPECTATED
        p = Player(c, code, room["token"])
        assert loaded.priority() == PERSON
        p.close()
        watcher.close()


# -- the stand-in --------------------------------------------------------------------------------------
def test_a_stand_in_waits_at_least_the_minimum(tmp_path):
    with TestClient(create_app(settings(tmp_path))) as c:
        body = {"game": "ludo", "seats": [{"kind": "local"}, {"kind": "invite"}], "standin_level": 5}
        r = c.post("/api/rooms", json=body | {"absent_after": 1e-9})
        assert r.status_code == 400 and r.json() == {
            "code": "options", "message": "absent_after: a bot stands in after at least 20 seconds (or 0: never), "
                                          "not 1e-09"}
        r = c.post("/api/rooms", json=body | {"absent_after": 19.5}, headers={"Accept-Language": "ru"})
        assert r.status_code == 400 and "не раньше чем через 20 с" in r.json()["message"]
        for ok in (0, 20, 60):
            code = c.post("/api/rooms", json=body | {"absent_after": ok}).json()["code"]
            info = c.get(f"/api/rooms/{code}").json()
            assert info["absent_after"] == ok and info["standin_level"] == 5
    assert Settings(absent_after=5).problem() and Settings(absent_after=0).problem() is None
    r = CliRunner().invoke(cli, ["serve", "--absent-after", "5"])
    assert r.exit_code == 2 and "--min-absent-after" in r.output


# -- dice seeds ------------------------------------------------------------------------------------------
def test_a_dice_seed_warns_and_rooms_after_a_restart_roll_new_dice(tmp_path, capfd):
    s = settings(tmp_path, dice_seed=7)
    with TestClient(create_app(s)) as c:
        first = create(c, seats=("local", "local"))["code"]
        seed_first = manager(c).rooms[first].seed
    log = logging.getLogger("uvicorn.error")        # as uvicorn sets its log up
    seen = CaptureLog()
    log.addHandler(seen)
    try:
        with TestClient(create_app(s)) as c:
            second = create(c, seats=("local", "local"))["code"]
            seed_second = manager(c).rooms[second].seed
    finally:
        log.removeHandler(seen)
    err = capfd.readouterr().err
    assert err.count("WARNING: --dice-seed 7: every room's dice follow from this seed") == 2
    assert len(seen.lines) == 1 and "anyone who knows it can foresee every roll" in seen.lines[0]
    assert seed_first == room_seed(7, 1) and seed_second == room_seed(7, 2) != seed_first


class CaptureLog(logging.Handler):
    def __init__(self):
        super().__init__()
        self.lines = []

    def emit(self, record):
        self.lines.append(record.getMessage())


# -- a match's length ----------------------------------------------------------------------------------------
def test_wins_and_the_match_wins_option_cannot_contradict(tmp_path):
    with TestClient(create_app(settings(tmp_path))) as c:
        seats = [{"kind": "local"}, {"kind": "bot"}]
        r = c.post("/api/rooms", json={"game": "tryasuchka", "seats": seats, "wins": 1, "options": {"match_wins": 5}})
        assert r.status_code == 400 and r.json()["message"] == \
            "wins 1 contradicts options.match_wins 5: give one of them"
        code = c.post("/api/rooms", json={"game": "tryasuchka", "seats": seats, "wins": 3}).json()["code"]
        info = c.get(f"/api/rooms/{code}").json()
        assert info["wins"] == 3 and info["options"]["match_wins"] == 3
        code = c.post("/api/rooms", json={"game": "tryasuchka", "seats": seats, "wins": 4,
                                          "options": {"match_wins": 4}}).json()["code"]
        assert c.get(f"/api/rooms/{code}").json()["wins"] == 4
        r = c.post("/api/rooms", json={"game": "tryasuchka", "seats": seats, "wins": 9})
        assert r.status_code == 400 and "match_wins" in r.json()["message"]
        code = c.post("/api/rooms", json={"game": "ludo", "seats": seats, "wins": 2}).json()["code"]
        assert c.get(f"/api/rooms/{code}").json()["wins"] == 2
