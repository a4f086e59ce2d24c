"""Budgets per address shared by every server process through Redis (web/limits.py): a token bucket in
one Lua script on Redis's clock, a sliding hour, counts of things held; each process checks its cached
"blocked until" with no round trip and falls back to its own budget when Redis is away.  Needs
PACHISI_TEST_REDIS_URL (.ci/run sets it); the app's fallback runs without it."""
import asyncio
import http.client
import json
import logging
import math
import os
import time
from types import SimpleNamespace
import uuid

from fastapi.testclient import TestClient
import httpx
from hypothesis import given, settings as hsettings, strategies as st
import pytest
from websockets.asyncio.client import connect

from pachisi.web import create_app
from pachisi.web import limits as limits_module
from pachisi.web.checking import Checker, RecordLimits, Share
from pachisi.web.limits import SharedBuckets, SharedCounts, SharedWindow
from helpers import no_move_record
from pachisi.web.testing import LiveServer, free_port
from test_web_api import settings
import test_web_multi
from test_web_multi import Client, new_room, play

REDIS = os.environ.get("PACHISI_TEST_REDIS_URL")
needs_redis = pytest.mark.skipif(not REDIS, reason="PACHISI_TEST_REDIS_URL is not set (a Redis server for the "
                                                   "shared budgets; .ci/run starts one)")
pg = test_web_multi.pg      # a fresh PostgreSQL database beside PACHISI_TEST_REDIS_URL's Redis
NEVER = 1e-9            # a refill rate that adds nothing while a test runs


def fresh_address():
    """An address no earlier run has spent from (budget keys in a long-lived Redis outlive a run)."""
    h = uuid.uuid4().hex
    return f"2001:db8:{h[:4]}:{h[4:8]}::{h[8:12]}"


def run(scenario):
    """Run `scenario(clients)` with `n` Redis clients (processes, as far as Redis can tell), closed after."""
    async def main():
        import redis.asyncio as aioredis
        clients = [aioredis.from_url(REDIS) for _ in range(3)]
        try:
            return await scenario(clients)
        finally:
            for c in clients:
                await c.aclose()
    return asyncio.run(main())


def buckets(clients, rate, burst, name=None, kind=None):
    """One SharedBuckets per client, all on one budget `name` (a fresh one by default)."""
    name = name or f"test-{uuid.uuid4().hex[:8]}"
    out = []
    for c in clients:
        b = SharedBuckets(name, rate, burst, **({"kind": kind} if kind else {}))
        b.use(c)
        out.append(b)
    return out


class Counting:
    """A registered script that counts its calls (the round trips to Redis)."""

    def __init__(self, script):
        self.script, self.calls = script, 0

    async def __call__(self, **kw):
        self.calls += 1
        return await self.script(**kw)


# -- the token bucket ---------------------------------------------------------------------------------
@needs_redis
def test_a_shared_bucket_gives_its_burst_then_refuses_until_a_token_is_back():
    async def scenario(clients):
        (b,) = buckets(clients[:1], rate=0.01, burst=5)
        began = time.monotonic()
        spends = [await b.spend("10.0.0.1") for _ in range(6)]
        late = 0.01 * (time.monotonic() - began)                 # what refilled while they were made
        assert [taken for taken, _ in spends] == [True] * 5 + [False]
        assert [wait for _, wait in spends[:4]] == [0.0] * 4
        assert all(100 - 100 * late - 0.01 <= wait <= 100 for _, wait in spends[4:])   # one token at 0.01 a second
        assert not b.ready("10.0.0.1") and b.ready("10.0.0.2")            # the next address has its own
        assert (await b.spend("10.0.0.2"))[0]
    run(scenario)


@needs_redis
def test_the_check_before_an_action_makes_no_round_trip_to_redis():
    async def scenario(clients):
        (b,) = buckets(clients[:1], rate=NEVER, burst=2)
        b.scripts = [Counting(b.scripts[0])]
        for _ in range(100):
            assert b.ready("10.0.0.1")
        assert b.scripts[0].calls == 0                  # the normal path: local and instant
        await b.spend("10.0.0.1")
        await b.spend("10.0.0.1")                       # the budget is spent: the answer is cached
        for _ in range(100):
            assert not b.ready("10.0.0.1")
        assert b.scripts[0].calls == 2                  # one round trip a spend, none a check
    run(scenario)


@needs_redis
def test_two_processes_spend_from_one_budget_and_each_stops_within_one_spend():
    async def scenario(clients):
        a, b = buckets(clients[:2], rate=NEVER, burst=20)
        taken = [(await (a if i % 2 == 0 else b).spend("10.0.0.1"))[0] for i in range(20)]
        assert taken == [True] * 20                     # the one budget: 20 in all, not 20 each
        assert not b.ready("10.0.0.1")                  # b took the last token: it knows
        assert a.ready("10.0.0.1")                      # a has not heard yet...
        assert (await a.spend("10.0.0.1"))[0] is False  # ...its next spend finds the budget empty
        assert not a.ready("10.0.0.1")
    run(scenario)


@needs_redis
@hsettings(max_examples=30, deadline=None)
@given(order=st.lists(st.integers(0, 2), max_size=30), burst=st.integers(1, 12))
def test_spends_from_any_processes_in_any_order_take_exactly_the_one_burst(order, burst):
    async def scenario(clients):
        procs = buckets(clients, rate=NEVER, burst=burst)
        taken = [(await procs[i].spend("10.0.0.1"))[0] for i in order]
        assert sum(taken) == min(len(order), burst)
        assert taken == sorted(taken, reverse=True)     # once refused, refused from everywhere
        for i in set(order[burst:]):                    # every process refused once is blocked, locally
            assert not procs[i].ready("10.0.0.1")
    run(scenario)


@needs_redis
def test_the_bucket_refills_on_redis_clock_whatever_the_processes_clocks_say(monkeypatch):
    async def scenario(clients):
        # a token every 5 s: two spends a moment apart never see one come back, however loaded the machine
        a, b = buckets(clients[:2], rate=0.2, burst=1)
        assert (await a.spend("10.0.0.1"))[0]
        taken, wait = await a.spend("10.0.0.1")
        assert not taken and 0 < wait <= 5.0
        stored = await clients[0].hgetall(a.key("10.0.0.1"))
        seconds, micro = await clients[0].time()
        assert abs(float(stored[b"at"]) - (seconds + micro / 1e6)) < 60    # when it last spent: Redis's time
        real = time.monotonic
        monkeypatch.setattr(limits_module, "time", SimpleNamespace(monotonic=lambda: real() + 86400))  # a day on
        await asyncio.sleep(wait + 0.01)                # a token is back on Redis's clock...
        assert (await b.spend("10.0.0.1"))[0]           # ...for the process with the odd clock too
        assert not (await b.spend("10.0.0.1"))[0] and not b.ready("10.0.0.1")
    run(scenario)


@needs_redis
def test_an_overdrawn_share_of_the_record_checker_waits_until_repaid_in_every_process():
    async def scenario(clients):
        a, b = buckets(clients[:2], rate=0.5, burst=2.0, kind=Share)
        assert await a.check("10.0.0.1") == 0
        began = time.monotonic()                                       # the debt shrinks as time passes
        taken, wait = await a.spend("10.0.0.1", 5.0, force=True)      # a job overdraws it by 3 s
        assert taken and 6.0 - (time.monotonic() - began) - 0.01 <= wait <= 6.0   # 6 s at 0.5 s a second
        seen = await b.check("10.0.0.1")
        assert 6.0 - (time.monotonic() - began) - 0.01 <= seen <= 6.0    # the other process sees the debt
    run(scenario)


@needs_redis
def test_an_idle_address_is_forgotten_once_its_bucket_is_full_again():
    async def scenario(clients):
        (b,) = buckets(clients[:1], rate=1000.0, burst=1)
        key = b.key("10.0.0.1")
        assert key.startswith("pachisi:budget:test-") and key.endswith(":10.0.0.1")
        began = time.monotonic()
        await b.spend("10.0.0.1")
        ttl = await clients[0].pttl(key)
        assert ttl <= 1001              # full again after 1 ms; a second's grace...
        assert ttl > 0 or time.monotonic() - began > 1.0     # ...and gone only after it (on a loaded machine)
        while await clients[0].exists(key):
            await asyncio.sleep(0.05)
        assert (await b.spend("10.0.0.1"))[0]             # a fresh bucket, full
        assert float(await clients[0].hget(key, "tokens")) == 0
    run(scenario)


# -- the sliding hour and the counts -------------------------------------------------------------------
@needs_redis
def test_a_shared_hour_counts_the_events_of_every_process():
    async def scenario(clients):
        name = f"test-{uuid.uuid4().hex[:8]}"
        a, b = SharedWindow(name, 3, 3600.0), SharedWindow(name, 3, 3600.0)
        a.use(clients[0])
        b.use(clients[1])
        began = time.monotonic()
        waits = [await w.take("10.0.0.1") for w in (a, b, a, b)]
        assert waits[:3] == [0.0] * 3
        assert 3600 - (time.monotonic() - began) - 0.01 <= waits[3] <= 3600   # when the first leaves the hour
        assert await a.take("10.0.0.2") == 0.0
        assert 0 < await clients[0].pttl(a.key("10.0.0.1")) <= 3_600_000
    run(scenario)


@needs_redis
def test_things_held_at_once_are_capped_across_processes_and_given_back():
    async def scenario(clients):
        name = f"test-{uuid.uuid4().hex[:8]}"
        a, b = SharedCounts(name, 2, hold=30), SharedCounts(name, 2, hold=30)
        a.use(clients[0])
        b.use(clients[1])
        first, second = await a.acquire("10.0.0.1"), await b.acquire("10.0.0.1")
        assert first and second
        assert await a.acquire("10.0.0.1") is None and await b.acquire("10.0.0.1") is None
        assert a.local.n == b.local.n == {"10.0.0.1": 1}     # the refusals counted nothing
        assert 0 < await clients[0].pttl(a.key("10.0.0.1")) <= 30_000     # a dead holder's count expires
        await first()
        third = await b.acquire("10.0.0.1")
        assert third
        await second()
        await third()
        assert not await clients[0].exists(a.key("10.0.0.1")) and a.local.n == b.local.n == {}
    run(scenario)


@needs_redis
def test_the_record_checkers_of_two_processes_share_an_addresss_records_at_once_and_its_time():
    async def scenario(clients):
        # two processes' checkers: one record of an address at a time, and any job overdraws its share
        limits = RecordLimits(workers=1, per_address=1, share=NEVER, burst=NEVER, seconds=3600)   # not cut by the clock
        a, b = Checker(limits), Checker(limits)
        a.share(clients[0])
        b.share(clients[1])
        address = fresh_address()
        try:
            first = asyncio.create_task(a.run("verify", no_move_record(100_000), address))
            while not a.jobs:
                await asyncio.sleep(0.01)
            status, body = await b.run("verify", no_move_record(2_000), address)
            assert status == 429 and "records from your address are being checked already" in json.loads(body)["message"]
            assert (await first)[0] == 200
            status, body = await b.run("verify", no_move_record(2_000), address)
            assert status == 429 and "has used its share of the record checker" in json.loads(body)["message"]
            status, _ = await b.run("verify", no_move_record(2_000), fresh_address())   # another address: checked
            assert status == 200
        finally:
            a.close()
            b.close()
    run(scenario)


# -- Redis away: this process's own budget -------------------------------------------------------------
def test_with_redis_down_a_process_keeps_its_own_budget_and_warns_once_a_minute(monkeypatch, caplog):
    import redis.asyncio as aioredis
    monkeypatch.setattr(limits_module, "_last_warning", -math.inf)

    async def scenario():
        dead = aioredis.from_url(f"redis://127.0.0.1:{free_port()}/0")     # nothing listens there
        b = SharedBuckets("test", NEVER, 3)
        w = SharedWindow("test", 2, 3600.0)
        c = SharedCounts("test", 1, hold=30)
        for budget in (b, w, c):
            budget.use(dead)
        try:
            spends = [(await b.spend("10.0.0.1"))[0] for _ in range(5)]
            waits = [await w.take("10.0.0.1") for _ in range(3)]
            release = await c.acquire("10.0.0.1")
            refused = await c.acquire("10.0.0.1")
            b.down_until = w.down_until = 0                  # past the retry: Redis is tried again, and fails
            assert not (await b.spend("10.0.0.1"))[0] and await w.take("10.0.0.1") > 0
            await release()
            return spends, waits, release, refused, b.ready("10.0.0.1")
        finally:
            await dead.aclose()

    with caplog.at_level(logging.WARNING, logger="pachisi.limits"):
        spends, waits, release, refused, ready = asyncio.run(scenario())
    assert spends == [True] * 3 + [False] * 2 and not ready
    assert waits[:2] == [0.0, 0.0] and waits[2] > 3599
    assert release is not None and refused is None
    warnings = [r for r in caplog.records if r.name == "pachisi.limits"]
    assert len(warnings) == 1 and "cannot reach Redis" in warnings[0].getMessage()


@pytest.mark.usefixtures("database")
def test_with_redis_down_lookups_and_creation_are_answered_from_the_process_budget(tmp_path):
    import redis.asyncio as aioredis
    from pachisi.web.limits import LimitSettings
    app = create_app(settings(tmp_path, create_rate=NEVER, create_burst=2,
                              limits=LimitSettings(lookup_rate=NEVER, lookup_burst=3)))
    with TestClient(app) as c:
        app.state.limits.share(aioredis.from_url(f"redis://127.0.0.1:{free_port()}/0"))
        room = {"game": "ludo", "seats": [{"kind": "local"}, {"kind": "bot", "level": 1}]}
        assert [c.post("/api/rooms", json=room).status_code for _ in range(3)] == [201, 201, 429]
        assert [c.get("/api/rooms/ZZZZZZ").status_code for _ in range(4)] == [404, 404, 404, 429]


# -- end to end: `--workers 2 --redis-url` on PostgreSQL ---------------------------------------------------
def workers_of(server):
    """The pids of a `--workers N` server's processes (the children of the one started)."""
    pid = server.proc.pid
    with open(f"/proc/{pid}/task/{pid}/children") as f:
        return [int(x) for x in f.read().split()]


def serving_pid(pids, server_port, conn):
    """Which of `pids` holds the server's end of the HTTP connection `conn` (from /proc)."""
    client_port = conn.sock.getsockname()[1]
    with open("/proc/net/tcp") as f:
        rows = [line.split() for line in f.read().splitlines()[1:]]
    inodes = {r[9] for r in rows if int(r[1].split(":")[1], 16) == server_port
              and int(r[2].split(":")[1], 16) == client_port}
    for pid in pids:
        for fd in os.listdir(f"/proc/{pid}/fd"):
            try:
                if os.readlink(f"/proc/{pid}/fd/{fd}") in {f"socket:[{i}]" for i in inodes}:
                    return pid
            except OSError:
                pass
    return None


def one_connection_to_each(server, pids):
    """A keep-alive connection held by each worker process, in the order of `pids` (new connections go
    to whichever process accepts first: they are opened until each has one)."""
    held = {}
    for _ in range(200):
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        conn.request("GET", "/api/rooms")
        conn.getresponse().read()
        pid = serving_pid(pids, server.port, conn)
        if pid in held or pid is None:
            conn.close()
        else:
            held[pid] = conn
        if len(held) == len(pids):
            return [held[p] for p in pids]
    pytest.fail(f"every connection went to the same worker of {pids}")


def answer(conn, method, path, address, body=None):
    """(status, JSON body) of a request from `address` (forwarded by the trusted proxy 127.0.0.1)."""
    headers = {"X-Forwarded-For": address, "Content-Type": "application/json"}
    conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
    r = conn.getresponse()
    return r.status, json.loads(r.read() or b"null")


def ask(conn, method, path, address, body=None):
    """(status, refusal code or None) of a request from `address`."""
    status, data = answer(conn, method, path, address, body)
    return status, data["code"] if status >= 400 else None


async def refusals_in(server, codes, address, count):
    """The error codes of `count` stale actions sent from `address`, as a spectator, alternately in the
    rooms `codes`."""
    sockets = []
    for code in codes:
        ws = await connect(f"{server.ws_url}/ws/{code}", additional_headers={"X-Forwarded-For": address})
        await ws.send(json.dumps({"type": "hello", "token": None}))
        sockets.append(ws)
    out = []
    for i in range(count):
        ws = sockets[i % len(sockets)]
        await ws.send(json.dumps({"type": "act", "seq": 999, "action": "roll", "id": f"x{i}"}))
        while (m := json.loads(await ws.recv()))["type"] != "error":
            pass
        out.append(m["code"])
    for ws in sockets:
        await ws.close()
    return out


@pytest.mark.timeout(300)
def test_one_address_has_one_budget_of_lookups_and_rooms_across_the_worker_processes(pg):
    server = LiveServer(pg, rate=200, create_rate=NEVER, rooms_per_hour=5, extra_args=(
        "--workers", "2", "--redis-url", REDIS, "--dice-seed", "7", "--trusted-proxies", "127.0.0.1",
        "--lookup-rate", str(NEVER), "--lookup-burst", "20", "--refused-rate", str(NEVER))).start()
    attacker, creator, owner, refused = (fresh_address() for _ in range(4))
    try:
        pids = workers_of(server)
        assert len(pids) == 2
        conns = one_connection_to_each(server, pids)
        socks = [c.sock for c in conns]

        # lookups of rooms that do not exist, alternately through each process: the one budget of 20, and
        # the process that did not spend the last token learns it on its next miss (21), not 40
        looked = [ask(conns[i % 2], "GET", "/api/rooms/ZZZZZ" + "23456789"[i % 8], attacker)
                  for i in range(30)]
        assert looked == [(404, "room")] * 21 + [(429, "rate")] * 9

        # rooms created: 5 an hour, then the rate's burst of 20 (every attempt spends from it), both shared
        room = {"game": "ludo", "seats": [{"kind": "local", "name": "Eve"}, {"kind": "bot", "level": 1}]}
        made = [ask(conns[i % 2], "POST", "/api/rooms", creator, room) for i in range(22)]
        assert made == [(201, None)] * 5 + [(429, "rooms")] * 15 + [(429, "rate")] * 2
        assert [c.sock for c in conns] == socks          # the same two connections: both processes counted
        assert [serving_pid(pids, server.port, c) for c in conns] == pids

        # refused actions in two rooms, each owned by the process that made it: the one budget of 20
        # (refused burst), and the owner that did not spend the last token learns it on its next refusal
        rooms = [answer(c, "POST", "/api/rooms", owner, room)[1]["code"] for c in conns]
        assert asyncio.run(refusals_in(server, rooms, refused, 26)) == ["stale"] * 21 + ["rate"] * 5

        # a player from another address plays on, untouched
        code, host, key = new_room(server)
        j = httpx.post(f"{server.url}/api/rooms/{code}/join", json={"player": 1, "name": "Bob", "key": key})
        assert j.status_code == 200, j.text

        async def game():
            ann = await Client(code, host).connect(server)
            bob = await Client(code, j.json()["token"]).connect(server)
            await play([ann, bob], 12)
            return ann.errors + bob.errors, ann.latest["seq"]

        assert asyncio.run(game()) == ([], 12)
        for c in conns:
            c.close()
    finally:
        server.stop()
