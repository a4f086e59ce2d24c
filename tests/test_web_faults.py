"""The server under faults and slow clients (issue 27): what clients see, and that nothing acknowledged is
lost or applied twice, when a part of it fails or a client is slow or greedy.

* `mine` naming many long finished rooms: their replays happen off the event loop, a few per request,
  the rest answered from stored summaries; an unrelated request is not held up meanwhile.
* (slow request bodies are in test_web_limits: the deadline, the rate floor, the spool, the caps per
  address prefix)
* the multi-process faults (Redis stopped, an owner stopped with SIGSTOP, a worker killed, SIGTERM,
  PostgreSQL restarted) need PACHISI_TEST_DATABASE_URL and redis-server (`source .ci/services;
  start_services`): each test runs its own Redis so that it can stop it."""
import asyncio
import json
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time
from pathlib import Path

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

import web_db
from pachisi.web.testing import LiveServer, api, finish_offline, free_port
from test_web_multi import Client as MultiClient, new_room, stored

pytestmark = [pytest.mark.timeout(600)]


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


# -- several processes: PostgreSQL beneath, a Redis of the test's own between them -------------------------
class RedisServer:
    """A redis-server on a free loopback port that a test may stop and start again on the same port."""

    def __init__(self, folder):
        self.port, self.folder, self.proc = free_port(), folder, None

    @property
    def url(self):
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self):
        self.proc = subprocess.Popen(["redis-server", "--bind", "127.0.0.1", "--port", str(self.port), "--save", "",
                                      "--appendonly", "no", "--dir", str(self.folder)],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def stop(self):
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)


@pytest.fixture
def cluster(tmp_path):
    """(PostgreSQL URL of a fresh database, a RedisServer started): skipped without PostgreSQL or Redis."""
    if not os.environ.get(web_db.ENV) or not shutil.which("redis-server"):
        pytest.skip("several server processes need PACHISI_TEST_DATABASE_URL (PostgreSQL) and redis-server; "
                    "`source .ci/services; start_services` gives both")
    redis = RedisServer(tmp_path).start()
    try:
        with web_db.databases("postgresql") as dbs:
            yield dbs.url(tmp_path), redis
    finally:
        redis.stop()


def processes(url, redis, n):
    return [LiveServer(url, rate=200, extra_args=("--redis-url", redis.url, "--dice-seed", "7")).start()
            for _ in range(n)]


class Client(MultiClient):
    """A client of a room that reconnects as the web page does when its socket closes, and closes a
    socket by its own deadline when the server stops answering its pings."""

    def __init__(self, code, token=None, servers=()):
        super().__init__(code, token)
        self.servers, self.closes, self.connects = list(servers), [], 0

    async def connect(self, server=None, ping=None):
        for attempt in range(200):
            target = server or self.servers[attempt % len(self.servers)]
            try:
                self.latest = None
                self.ws = await connect(f"{target.ws_url}/ws/{self.code}", open_timeout=10,
                                        ping_interval=ping, ping_timeout=ping)
                await self.ws.send(json.dumps({"type": "hello", "token": self.token}))
                self.task = asyncio.create_task(self._read())
                await self.until(lambda: self.latest is not None or self.closed, timeout=30)
                if self.latest is not None:
                    self.connects += 1
                    return self
            except (OSError, InvalidStatus, ConnectionClosed, asyncio.TimeoutError):
                pass
            await asyncio.sleep(0.3)
        raise AssertionError("the client could not connect again")

    async def _read(self):
        await super()._read()
        self.closes.append(self.ws.close_code)


async def play_on(players, count, servers):
    """`count` actions, whoever's turn it is; a player whose socket closed reconnects first (to any of
    `servers`), as the web page does.  The seconds until the first action after a fault was acknowledged."""
    for _ in range(count):
        for p in players:
            if p.closed:
                await p.connect(ping=2)
        st = max((c.latest for c in players), key=lambda s: s["seq"])
        seq = st["seq"]
        maker = players[st["turn"]["player"]]
        if st["turn"]["phase"] != "roll":       # only the seat to move is sent its moves
            try:
                await maker.until(lambda: maker.closed or maker.latest["seq"] >= seq, timeout=30)
            except asyncio.TimeoutError:
                pass
            if maker.closed or maker.latest["seq"] != seq:
                continue
        action = "roll" if st["turn"]["phase"] == "roll" else maker.latest["moves"][0]["t"]
        try:
            await maker.act(action, seq, f"a{seq}")
        except ConnectionClosed:                # closed just now: the next round reconnects
            continue

        def refused():
            return any(e.get("id") == f"a{seq}" for e in maker.errors)
        try:
            await maker.until(lambda: f"a{seq}" in maker.acked or maker.closed or refused() or
                              (maker.latest or {}).get("seq", 0) > seq, timeout=30)
        except asyncio.TimeoutError:
            pass
        if refused():                           # nothing changed: the next round tries again
            await asyncio.sleep(0.2)
            continue
        for c in players:
            if not c.closed:
                try:
                    await c.until(lambda: c.latest["seq"] > seq or c.closed, timeout=30)
                except asyncio.TimeoutError:
                    pass


def owned_room(a, c):
    """A two-player room made on `a` (its owner) and joined through `c`: its code and the two seats' tokens."""
    code, host, key = new_room(a)
    j = httpx.post(f"{c.url}/api/rooms/{code}/join", json={"player": 1, "name": "Bob", "key": key})
    assert j.status_code == 200, j.text
    return code, host, j.json()["token"]


async def ann_and_bob(code, host, guest, procs, ann_servers=None):
    """Ann on the owner procs[0] itself (reconnecting to `ann_servers`, else the other two), Bob forwarded to it
    through procs[2], and 8 actions played."""
    a, b, c = procs
    ann = await Client(code, host, ann_servers or [b, c]).connect(a, ping=2)
    bob = await Client(code, guest, [c, b]).connect(ping=2)
    await play_on([ann, bob], 8, procs)
    return ann, bob


def check_stored(url, code, acked):
    """Every stored action once, in order; every acknowledged one among them."""
    actions, leases = stored(url, code)
    assert [n for n, *_ in actions] == list(range(len(actions)))
    ids = [a[3] for a in actions]
    assert len(set(ids)) == len(ids), "an action applied twice"
    assert set(acked) <= set(ids), "an acknowledged action lost"
    return actions, leases


def test_redis_stopped_under_three_processes_drops_no_room_and_leaves_no_client_silent(cluster):
    url, redis = cluster
    a, b, c = procs = processes(url, redis, 3)
    try:
        code, host, guest = owned_room(a, c)

        async def main():
            ann, bob = await ann_and_bob(code, host, guest, procs, [a])
            _, (owner,) = stored(url, code)
            redis.stop()
            # a forwarded client is told to reconnect; none stays on a silent socket
            await bob.until(lambda: bob.closed, timeout=30)
            statuses = set()
            for _ in range(12):                     # twice a lease's lifetime without Redis
                for s in (b, c):
                    r = httpx.get(f"{s.url}/api/rooms/{code}", timeout=30)
                    assert r.status_code in (200, 503), r.text
                    if r.status_code == 503:
                        assert r.headers["retry-after"] and r.json()["code"] == "unavailable"
                    statuses.add(r.status_code)
                await asyncio.sleep(1)
            assert not ann.closed                   # the owner's own client still plays
            redis.start()
            back = time.monotonic()
            await bob.connect(ping=2)
            await play_on([ann, bob], 1, procs)
            took = time.monotonic() - back
            await play_on([ann, bob], 7, procs)
            return owner, ann.acked + bob.acked, statuses, took

        owner, acked, statuses, took = asyncio.run(main())
        actions, leases = check_stored(url, code, acked)
        assert len(actions) >= 16
        assert leases == [owner]                    # the lease survived the outage: the same owner
        assert 503 in statuses
        print(f"\nRedis outage: every client plays again {took:.1f} s after Redis is back")
    finally:
        for s in procs:
            s.stop()


def test_an_owner_stopped_with_sigstop_has_its_room_taken_over_and_every_client_plays_on(cluster):
    url, redis = cluster
    a, b, c = procs = processes(url, redis, 3)
    try:
        code, host, guest = owned_room(a, c)

        async def main():
            ann, bob = await ann_and_bob(code, host, guest, procs)
            _, (owner,) = stored(url, code)
            a.proc.send_signal(signal.SIGSTOP)
            stopped = time.monotonic()
            try:
                # the client on the stalled owner closes by its own ping deadline; the forwarded one is told
                await ann.until(lambda: ann.closed, timeout=60)
                await bob.until(lambda: bob.closed, timeout=60)
                await play_on([ann, bob], 1, procs)     # both reconnect: the room moves to b or c
                took = time.monotonic() - stopped
                await play_on([ann, bob], 7, procs)
            finally:
                a.proc.send_signal(signal.SIGCONT)
            await play_on([ann, bob], 4, procs)          # the owner back: it lets go, nothing changes
            return owner, ann.acked + bob.acked, took, bob.closes

        owner, acked, took, closes = asyncio.run(main())
        actions, leases = check_stored(url, code, acked)
        assert len(actions) >= 20
        assert len(leases) == 1 and leases[0][0] != owner[0] and leases[0][1]     # a new owner, alive
        assert 1012 in closes
        print(f"\nowner SIGSTOP: every client plays again {took:.1f} s after the stop")
    finally:
        for s in procs:
            s.stop()


def test_health_and_readiness_and_a_draining_process_is_not_ready(tmp_path):
    from fastapi.testclient import TestClient
    from pachisi.web import Settings, create_app
    with TestClient(create_app(Settings(database_url=f"sqlite:///{tmp_path / 'web.db'}"))) as client:
        assert client.get("/healthz").json() == {"status": "ok"}
        assert client.get("/readyz").json() == {"status": "ready"}
        client.portal.call(client.app.state.drain)
        r = client.get("/readyz")
        assert r.status_code == 503 and r.json()["problems"] == ["draining"] and r.headers["retry-after"]
        assert client.get("/healthz").status_code == 200


def children_of(pid):
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid and fields[0] != "Z":
            out.append(int(stat.parent.name))
    return sorted(out)


def test_a_worker_killed_with_sigkill_is_replaced_and_the_server_plays_on(cluster):
    url, redis = cluster
    srv = LiveServer(url, rate=200, extra_args=("--redis-url", redis.url, "--workers", "2")).start()
    try:
        for _ in range(300):
            workers = children_of(srv.proc.pid)
            if len(workers) == 2:
                break
            time.sleep(0.1)
        assert len(workers) == 2
        os.kill(workers[0], signal.SIGKILL)
        for _ in range(300):                    # a new worker in its place (the dead one reaped, no zombie)
            now = children_of(srv.proc.pid)
            if len(now) == 2 and workers[0] not in now:
                break
            time.sleep(0.1)
        assert len(now) == 2 and workers[0] not in now and not Path(f"/proc/{workers[0]}").exists()
        for _ in range(300):
            try:
                if httpx.get(srv.url + "/readyz").status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        code, host, _ = new_room(srv)

        async def main():
            ann = await Client(code, host, [srv]).connect(ping=2)
            await ann.until(lambda: ann.latest["turn"]["phase"] == "waiting")
        asyncio.run(main())
    finally:
        srv.stop()


def test_sigterm_drains_the_owner_its_players_told_and_its_leases_handed_over(cluster):
    url, redis = cluster
    a, b, c = procs = processes(url, redis, 3)
    try:
        code, host, guest = owned_room(a, c)

        async def main():
            ann, bob = await ann_and_bob(code, host, guest, procs)
            _, (owner,) = stored(url, code)
            a.proc.send_signal(signal.SIGTERM)
            stopped = time.monotonic()
            await ann.until(lambda: ann.closed, timeout=60)
            await bob.until(lambda: bob.closed, timeout=60)
            await play_on([ann, bob], 1, procs)
            took = time.monotonic() - stopped
            await play_on([ann, bob], 7, procs)
            assert a.proc.wait(30) in (0, -signal.SIGTERM)     # uvicorn ends by the signal it drained for
            return owner, ann.acked + bob.acked, took, ann.closes, bob.closes

        owner, acked, took, ann_closes, bob_closes = asyncio.run(main())
        actions, leases = check_stored(url, code, acked)
        assert len(actions) >= 16
        assert ann_closes[0] == bob_closes[0] == 1012           # both told to reconnect
        assert len(leases) == 1 and leases[0][0] != owner[0] and leases[0][1]
        print(f"\nowner SIGTERM: every client plays again {took:.1f} s after the signal")
    finally:
        for s in procs:
            s.stop()


# -- PostgreSQL restarted under the processes --------------------------------------------------------------
class PostgresServer:
    """A PostgreSQL server of this test's own (a fresh cluster on a free port), to stop and start again while
    the suite's shared server goes on serving the other tests.  As root it runs as the user postgres (root
    may not run PostgreSQL), in a folder of its own that that user owns."""

    def __init__(self):
        bins = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"), key=lambda p: int(p.parts[-3]))
        if not bins:
            pytest.skip("PostgreSQL's server programs are not installed (apt-get install postgresql)")
        self.bin = bins[-1].parent
        self.folder = Path(tempfile.mkdtemp(prefix="pachisi-pg-"))
        self.as_owner = []
        if os.getuid() == 0:
            shutil.chown(self.folder, "postgres")
            self.as_owner = [shutil.which("runuser") or "/usr/sbin/runuser", "-u", "postgres", "--"]
        self.data = self.folder / "data"
        subprocess.run(self.as_owner + [str(self.bin / "initdb"), "-D", str(self.data), "-U", "pachisi", "-A", "trust",
                                        "-E", "UTF8", "--no-locale", "--no-sync"],
                       check=True, stdout=subprocess.DEVNULL, cwd="/")
        port = free_port()
        self.options = (f"-c listen_addresses=127.0.0.1 -p {port} -k {self.folder} -c max_connections=100 "
                        "-c fsync=off -c synchronous_commit=off -c full_page_writes=off")
        self.url = f"postgresql+psycopg://pachisi@127.0.0.1:{port}/postgres"
        self.running = False
        self.start()

    def _ctl(self, *args):
        subprocess.run(self.as_owner + [str(self.bin / "pg_ctl"), "-D", str(self.data), "-w", "-t", "120", *args],
                       check=True, stdout=subprocess.DEVNULL, cwd="/")

    def stop(self):
        self._ctl("-m", "fast", "stop")
        self.running = False

    def start(self):
        self._ctl("-l", str(self.folder / "server.log"), "-o", self.options, "start")
        self.running = True

    def remove(self):
        if self.running:
            self._ctl("-m", "immediate", "stop")
            self.running = False
        shutil.rmtree(self.folder, ignore_errors=True)


def test_postgresql_restarted_mid_game_refuses_actions_clearly_and_every_client_plays_again(cluster):
    _, redis = cluster
    pg = PostgresServer()                   # its own: the shared server goes on serving the other tests
    url = pg.url
    a, b, c = procs = processes(url, redis, 3)
    try:
        rooms = []
        for owner, far in ((a, c), (b, a), (c, b)):     # each process owns a room; its guest is forwarded
            code, host, key = new_room(owner)
            j = httpx.post(f"{far.url}/api/rooms/{code}/join", json={"player": 1, "name": "Bob", "key": key})
            assert j.status_code == 200, j.text
            rooms.append((code, host, j.json()["token"], owner, far))

        async def main():
            tables = []
            for code, host, guest, owner, far in rooms:
                ann = await Client(code, host, procs).connect(owner, ping=2)
                bob = await Client(code, guest, procs).connect(far, ping=2)
                tables.append([ann, bob])
            await asyncio.gather(*(play_on(t, 8, procs) for t in tables))
            stopped_at = [max(p.latest["seq"] for p in t) for t in tables]
            pg.stop()
            refusals, statuses = [], set()
            try:
                for players in tables:          # an action while the database is away: refused, and said so
                    st = max((p.latest for p in players), key=lambda s: s["seq"])
                    maker = players[st["turn"]["player"]]
                    seq = st["seq"]
                    await maker.until(lambda: maker.latest["seq"] == seq, timeout=30)
                    action = "roll" if st["turn"]["phase"] == "roll" else maker.latest["moves"][0]["t"]
                    try:
                        await maker.act(action, seq, f"down{seq}")
                        await maker.until(lambda: any(e.get("id") == f"down{seq}" for e in maker.errors)
                                          or maker.closed, timeout=60)
                    except ConnectionClosed:
                        pass
                    # the refusal, or else the socket closed with a code the client reconnects on
                    refusals.append(next((e for e in maker.errors if e.get("id") == f"down{seq}"),
                                         {"closed": maker.ws.close_code}))
                for s in procs:                 # what else a client asks meanwhile: answered or 503, never 500
                    for path in (f"/api/rooms/{rooms[0][0]}", "/api/lobby", "/api/rooms"):
                        r = httpx.get(s.url + path, timeout=60)
                        assert r.status_code in (200, 404, 503), (path, r.status_code, r.text)
                        if r.status_code == 503:
                            assert r.headers["retry-after"] and r.json()["code"] == "unavailable", r.text
                        statuses.add(r.status_code)
                    r = httpx.post(s.url + "/api/rooms/mine", json={"tokens": {rooms[1][0]: rooms[1][1]}}, timeout=60)
                    assert r.status_code in (200, 503), r.text
                    statuses.add(r.status_code)
                    r = httpx.post(s.url + "/api/rooms", json={"game": "ludo", "seats": [{"kind": "local"}] * 2},
                                   timeout=60)
                    assert r.status_code == 503 and r.json()["code"] == "unavailable", r.text
                await asyncio.sleep(6)          # longer than a lease lasts: every lease has expired meanwhile
            finally:
                pg.start()
            back = time.monotonic()
            await asyncio.gather(*(play_on(t, 2, procs) for t in tables))
            took = time.monotonic() - back
            await asyncio.gather(*(play_on(t, 6, procs) for t in tables))
            for t in tables:                    # every client on a live socket, at the room's latest position
                for p in t:
                    await p.until(lambda: p.latest["seq"] == max(q.latest["seq"] for q in t), timeout=30)
                    assert not p.closed
            return tables, refusals, statuses, took, stopped_at

        tables, refusals, statuses, took, stopped_at = asyncio.run(main())
        assert any("code" in r for r in refusals), refusals
        for refusal in refusals:
            if "closed" in refusal:             # the owner let go of the room first: told to reconnect
                assert refusal["closed"] in (1012, 1013), refusal
                continue
            assert refusal["code"] == "storage" and "could not be stored" in refusal["message"], refusal
            assert "cannot be reached" in refusal["message"] and "127.0.0.1" not in refusal["message"], refusal
        lost = 0
        for (code, *_), players, before in zip(rooms, tables, stopped_at):
            acked = [i for p in players for i in p.acked]
            assert not any(i.startswith("down") for i in acked), "an action refused was stored after all"
            actions, leases = check_stored(url, code, acked)
            assert len(leases) == 1 and leases[0][1]
            lost += len(set(acked) - {x[3] for x in actions})
            for p in players:                   # every client has played again
                assert p.latest["seq"] == len(actions)
                assert any(int(i[1:]) >= before for i in p.acked), (code, p.acked, before)
        print(f"\nPostgreSQL restart (stopped {6:d}+ s): every client plays again {took:.1f} s after it is back; "
              f"{sum(len(p.acked) for t in tables for p in t)} actions acknowledged, {lost} lost, 0 applied twice; "
              f"HTTP answers while it was away: {sorted(statuses)}")
    finally:
        for s in procs:
            s.stop()
        pg.remove()
