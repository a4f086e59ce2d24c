"""Several server processes sharing one PostgreSQL and one Redis (cluster.py): the clients of one room
connected to different processes see the same game, and when the process that owns a room dies (kill -9)
in the middle of a game, the room goes on in another process with no acknowledged move lost and none
applied twice.  Needs PACHISI_TEST_DATABASE_URL and PACHISI_TEST_REDIS_URL (.ci/run sets both)."""
import asyncio
import json
import os
import time

import httpx
import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.pool import NullPool
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

import web_db
from pachisi.web import Settings
from pachisi.web.__main__ import main as serve
from pachisi.web.testing import LiveServer

REDIS = os.environ.get("PACHISI_TEST_REDIS_URL")
pytestmark = pytest.mark.timeout(1800)                # a bound on a hang


@pytest.fixture
def pg(tmp_path):
    """A fresh PostgreSQL database, beside PACHISI_TEST_REDIS_URL's Redis (skipped without either)."""
    if not os.environ.get(web_db.ENV) or not REDIS:
        pytest.skip("several server processes need PACHISI_TEST_DATABASE_URL (PostgreSQL) and "
                    "PACHISI_TEST_REDIS_URL (Redis); .ci/run starts both")
    with web_db.databases("postgresql") as dbs:
        yield dbs.url(tmp_path)


def servers(url, n):
    return [LiveServer(url, rate=200, extra_args=("--redis-url", REDIS, "--dice-seed", "7")).start()
            for _ in range(n)]


class Client:
    """A WebSocket client of a room on one server process: the states it saw, the actions acknowledged
    to it (a state whose last action carries its id)."""

    def __init__(self, code, token=None):
        self.code, self.token = code, token
        self.states = {}            # seq -> the state message
        self.latest = None
        self.made = set()           # ids of the actions it sent
        self.acked = []
        self.errors = []
        self.changed = asyncio.Event()
        self.ws = self.task = None

    async def connect(self, server):
        self.latest = None
        self.ws = await connect(f"{server.ws_url}/ws/{self.code}", open_timeout=300)
        await self.ws.send(json.dumps({"type": "hello", "token": self.token}))
        self.task = asyncio.create_task(self._read())
        await self.until(lambda: self.latest is not None)
        return self

    async def _read(self):
        try:
            async for raw in self.ws:
                m = json.loads(raw)
                if m["type"] == "state":
                    self.latest = self.states[m["seq"]] = m
                    last = m.get("last") or {}
                    if last.get("id") in self.made and last["id"] not in self.acked:
                        self.acked.append(last["id"])
                elif m["type"] == "error":
                    self.errors.append(m)
                self.changed.set()
        except ConnectionClosed:
            pass
        finally:
            self.changed.set()

    async def until(self, done, timeout=600):
        async def wait():
            while not done():
                self.changed.clear()
                await self.changed.wait()
        await asyncio.wait_for(wait(), timeout)

    @property
    def closed(self):
        return self.task is not None and self.task.done()

    async def act(self, action, seq, action_id):
        self.made.add(action_id)
        await self.ws.send(json.dumps({"type": "act", "seq": seq, "action": action, "id": action_id}))


def same(state):
    """What every client of a room must agree on at one sequence number (presence aside; the legal moves
    go to the seat to move only)."""
    return state["position"], state["last"], state["turn"]["player"], state["turn"]["phase"]


async def play(players, count):
    """`count` actions, each made by whoever's turn it is (a roll, or the first legal move) and waited for
    until its maker has it acknowledged."""
    for _ in range(count):
        st = max((c.latest for c in players), key=lambda s: s["seq"])
        turn, seq = st["turn"], st["seq"]
        assert turn["phase"] in ("roll", "move"), turn
        maker = players[turn["player"]]
        await maker.until(lambda: seq in maker.states)          # only the seat to move is sent its moves
        action = "roll" if turn["phase"] == "roll" else maker.states[seq]["moves"][0]["t"]
        await maker.act(action, seq, f"a{seq}")
        await maker.until(lambda: f"a{seq}" in maker.acked)
        for c in players:
            await c.until(lambda: c.latest["seq"] > seq)


def new_room(server):
    """A two-player Ludo room made on `server`: its code, the host's token (seat 0) and the invitation
    key of seat 1 (taken through another process, so that the join is forwarded too)."""
    r = httpx.post(server.url + "/api/rooms", json={"game": "ludo", "seats": [{"kind": "local", "name": "Ann"},
                                                                              {"kind": "invite"}]})
    assert r.status_code == 201, r.text
    return r.json()["code"], r.json()["token"], r.json()["key"]


def stored(url, code):
    engine = create_engine(url, poolclass=NullPool)
    with engine.connect() as conn:
        actions = conn.execute(text("SELECT a.n, a.kind, a.value, a.client_id FROM actions a JOIN rooms r "
                                    "ON r.id = a.room_id WHERE r.code = :c ORDER BY a.n"), {"c": code}).all()
        leases = conn.execute(text("SELECT owner, expires > extract(epoch from clock_timestamp()) FROM "
                                   "room_leases WHERE code = :c"), {"c": code}).all()
    engine.dispose()
    return [tuple(a) for a in actions], [tuple(x) for x in leases]


def test_clients_of_one_room_on_three_processes_see_the_same_game(pg):
    a, b, c = servers(pg, 3)
    try:
        code, host, key = new_room(a)
        j = httpx.post(f"{c.url}/api/rooms/{code}/join", json={"player": 1, "name": "Bob", "key": key})
        assert j.status_code == 200, j.text

        async def main():
            ann = await Client(code, host).connect(b)
            bob = await Client(code, j.json()["token"]).connect(c)
            watcher = await Client(code).connect(a)
            await play([ann, bob], 16)
            await watcher.until(lambda: watcher.latest["seq"] == 16)
            for seq in range(1, 17):
                assert same(ann.states[seq]) == same(bob.states[seq]) == same(watcher.states[seq])
            assert [s["present"] for s in watcher.latest["room"]["seats"]] == [True, True]
            assert ann.errors == bob.errors == []
            return ann.acked + bob.acked

        acked = asyncio.run(main())
        actions, leases = stored(pg, code)
        assert [n for n, *_ in actions] == list(range(16))
        assert sorted(a[3] for a in actions) == sorted(acked) == sorted(f"a{n}" for n in range(16))
        assert len(leases) == 1 and leases[0][1]       # one owner, its lease alive
        records = {httpx.get(f"{s.url}/api/rooms/{code}/record").text for s in (a, b, c)}
        assert len(records) == 1
    finally:
        for s in (a, b, c):
            s.stop()


def test_the_owner_killed_mid_game_hands_its_room_over_with_nothing_acknowledged_lost(pg):
    a, b, c = servers(pg, 3)
    try:
        code, host, key = new_room(a)            # a made the room: a owns it
        j = httpx.post(f"{c.url}/api/rooms/{code}/join", json={"player": 1, "name": "Bob", "key": key})
        assert j.status_code == 200, j.text

        async def main():
            ann = await Client(code, host).connect(b)
            bob = await Client(code, j.json()["token"]).connect(c)
            players = [ann, bob]
            await play(players, 10)
            before, (owner,) = stored(pg, code)
            assert len(before) == 10
            # an action in flight as its room's owner dies: stored and acknowledged, or neither
            maker = players[max(ann.latest, bob.latest, key=lambda s: s["seq"])["turn"]["player"]]
            st = maker.latest               # the mover's own state: the one with the legal moves
            action = "roll" if st["turn"]["phase"] == "roll" else st["moves"][0]["t"]
            await maker.act(action, st["seq"], "in-flight")
            killed = time.monotonic()
            a.kill()
            for p in players:
                await p.until(lambda: p.closed, timeout=600)   # told to reconnect (1012) once a is seen dead
            acked_before = ann.acked + bob.acked
            await ann.connect(b)
            await bob.connect(c)
            now = ann.latest["seq"]
            assert bob.latest["seq"] == now in (10, 11)
            if now == 10:                   # not stored before the crash: made again, once
                await maker.act(action, st["seq"], "in-flight")
            else:                           # stored: the same action again is refused as a duplicate
                await maker.act(action, st["seq"], "in-flight")
                await maker.until(lambda: maker.errors)
                assert maker.errors[-1]["code"] == "duplicate"
            await maker.until(lambda: maker.latest["seq"] == 11)
            print(f"\nowner SIGKILL: every client plays again {time.monotonic() - killed:.1f} s after the kill")
            await play(players, 10)
            return before, owner, acked_before, ann.acked + bob.acked

        before, owner, acked_before, acked = asyncio.run(main())
        after, leases = stored(pg, code)
        assert after[:10] == before                          # the record before the crash, unchanged
        assert [n for n, *_ in after] == list(range(21))     # every move once, in order
        ids = [x[3] for x in after]
        assert len(set(ids)) == len(ids) == 21 and "in-flight" in ids
        assert set(acked_before) <= set(ids) and set(acked) <= set(ids)
        assert len(leases) == 1 and leases[0][0] != owner[0] and leases[0][1]   # a new owner, alive
        rec = httpx.get(f"{b.url}/api/rooms/{code}/record")
        assert rec.status_code == 200 and code in rec.text
    finally:
        for s in (a, b, c):
            s.stop()


def test_several_processes_are_refused_on_sqlite_and_without_redis(tmp_path, capsys):
    sqlite = f"sqlite:///{tmp_path / 'web.db'}"
    pg_url = "postgresql+psycopg://u@127.0.0.1/pachisi"
    assert Settings(database_url=sqlite).problem() is None           # one process on SQLite: as ever
    for settings in (Settings(database_url=sqlite, workers=2), Settings(database_url=sqlite, redis_url="redis://x")):
        assert settings.problem() == ("several server processes share their rooms through PostgreSQL: --workers "
                                      "above 1 and --redis-url need --db postgresql+psycopg://... (SQLite serves "
                                      "one process)")
    assert Settings(database_url=pg_url, workers=2).problem() == \
        "several server processes talk through Redis: --workers above 1 needs --redis-url (or REDIS_URL)"
    assert Settings(database_url=pg_url, workers=0).problem() == "--workers is 1 or more, not 0"
    assert Settings(database_url=pg_url, workers=4, redis_url="redis://127.0.0.1/0").problem() is None
    with pytest.raises(SystemExit) as stop:
        serve(["--db", sqlite, "--workers", "2"])
    assert stop.value.code == 2 and "SQLite serves one process" in capsys.readouterr().err
