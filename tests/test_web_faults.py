"""The server under faults and slow clients (issue 27): what clients see, and that nothing acknowledged is
lost or applied twice, when a part of it fails or a client is slow or greedy.

* `mine` naming many long finished rooms: their replays happen off the event loop, a few per request,
  the rest answered from stored summaries; an unrelated request is not held up meanwhile.
* (slow request bodies are in test_web_limits: the deadline, the rate floor, the spool, the caps per
  address prefix)
* the multi-process faults (Redis stopped, an owner stopped with SIGSTOP, a worker killed, SIGTERM,
  PostgreSQL restarted) need PACHISI_TEST_DATABASE_URL and redis-server (`source .ci/services;
  start_services`): each test runs its own Redis so that it can stop it."""
import json
import random
import threading
import time

import pytest
from sqlalchemy import create_engine, insert, select, update
from sqlalchemy.pool import NullPool

from pachisi.engine.match import Match
from pachisi.games import make_game
from pachisi.web import db
from pachisi.web.testing import LiveServer, api

pytestmark = [pytest.mark.timeout(600)]


def finish_offline(url, codes, seed=0):
    """Play a whole match in the database for each room of `codes`, as their server would have (the first
    room's dice, given to every one of them, and random legal moves): long finished rooms that are in no
    server's memory.  The number of actions of each."""
    engine = create_engine(url, poolclass=NullPool)
    with engine.begin() as conn:
        row = conn.execute(select(db.rooms).where(db.rooms.c.code == codes[0])).mappings().one()
        game = make_game(row["game"], row["players"], row["preset"], json.loads(row["options"]))
        match, rng, played = Match(game, row["wins"], int(row["seed"])), random.Random(seed), []
        state = match.new_game()
        start = state.clone()
        while True:
            if state.is_over:
                match.add(start, state)
                if match.over:
                    break
                state = match.new_game()
                start = state.clone()
            player = state.current_player
            if state.is_chance:
                dice = state.next_roll()
                state.set_dice(dice)
                kind, value = "roll", "-".join(map(str, dice))
            else:
                kind, value = "move", rng.choice(state.legal_moves()).text
                state.push(value)
            played.append({"n": len(played), "kind": kind, "value": value, "player": player, "by": "bot",
                           "client_id": None, "at": time.time()})
        for code in codes:
            room_id = conn.execute(select(db.rooms.c.id).where(db.rooms.c.code == code)).scalar_one()
            conn.execute(insert(db.actions), [dict(a, room_id=room_id) for a in played])
            conn.execute(update(db.rooms).where(db.rooms.c.id == room_id).values(status="over", seed=row["seed"]))
    engine.dispose()
    return len(played)


def timed_get(url):
    began = time.perf_counter()
    api(url)
    return time.perf_counter() - began


def test_my_games_naming_many_long_finished_rooms_does_not_hold_up_an_unrelated_request(tmp_path):
    url = f"sqlite:///{tmp_path / 'web.db'}"
    seats = [{"kind": "local", "name": "Ann"}] + [{"kind": "bot", "level": 1}] * 3
    with LiveServer(url, bot_delay=600) as srv:         # the bots wait: the test plays the games itself
        made = [srv.api("/api/rooms", {"game": "kimbo", "seats": seats}) for _ in range(10)]
    tokens = {r["code"]: r["token"] for r in made}
    assert finish_offline(url, list(tokens)) > 1500
    with LiveServer(url) as srv:                        # restarted: no room in memory
        baseline = sorted(timed_get(srv.url + "/api/lobby") for _ in range(5))[2]
        answer, took = {}, {}
        asked = threading.Event()

        def ask():
            began = time.perf_counter()
            asked.set()
            answer["rooms"] = srv.api("/api/rooms/mine", {"tokens": tokens})
            took["mine"] = time.perf_counter() - began
        t = threading.Thread(target=ask)
        t.start()
        asked.wait()
        during = []
        while t.is_alive():                             # unrelated requests while "my games" is answered
            during.append(timed_get(srv.url + "/api/lobby"))
        t.join()
        rooms = {r["code"]: r for r in answer["rooms"]}
        assert set(rooms) == set(tokens), rooms
        assert all(r["you"] == [0] and r["status"] == "over" for r in rooms.values()), rooms
        # the slowest unrelated request waited a small part of the whole answer (on the event loop it
        # would wait for the replays it arrived during)
        assert max(during) < max(took["mine"] / 4, 20 * baseline), (max(during), took, baseline)
        # what was not rebuilt at once is rebuilt meanwhile: every room's winner is told
        for _ in range(200):
            rooms = {r["code"]: r for r in srv.api("/api/rooms/mine", {"tokens": tokens})}
            if all(r["winner"] is not None for r in rooms.values()):
                break
            time.sleep(0.1)
        assert all(r["winner"] is not None and r["turn"] is None for r in rooms.values())
