"""What the budgets per address shared through Redis cost a player (not a test).

A server process started with --redis-url (a fresh PostgreSQL database under --db-url, and --redis-url's
Redis), and the same server without Redis (its budgets in memory) for comparison; one room of two seats
held by one WebSocket client.  Measured, each as the round trip from sending the action to its answer:

* a normal action (the roll or the first legal move; answered by the new state): its check of the
  address's budget of refused actions is local, so Redis should see no script call;
* a refused action (a stale sequence number; answered by the error): it spends from the shared budget,
  one EVALSHA.

The Redis calls are counted by Redis itself (INFO commandstats) around each phase.  Then, in this process,
the check itself (Limits.may_be_refused) and a refusal's spend (Limits.was_refused) per call.

    .venv/bin/python benchmarks/shared_budget.py --actions 300 \\
        --db-url postgresql+psycopg://... --redis-url redis://...     (default: the tests' variables)
"""
import argparse
import asyncio
import json
import os
import statistics
import sys
import time
import uuid

import httpx
from sqlalchemy import create_engine, text
from sqlalchemy.pool import NullPool
from websockets.asyncio.client import connect

from pachisi.web.limits import LimitSettings, Limits
from pachisi.web.settings import Settings
from pachisi.web.testing import LiveServer


def pct(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(p / 100 * len(values)))]


def figures(ms):
    return f"p50 {statistics.median(ms):6.2f} ms  p95 {pct(ms, 95):6.2f} ms  (n={len(ms)})"


async def script_calls(redis):
    stats = await redis.info("commandstats")
    return sum(stats.get(f"cmdstat_{c}", {}).get("calls", 0) for c in ("evalsha", "eval"))


class Player:
    """One WebSocket client holding both seats of a two-seat Ludo room."""

    def __init__(self, server):
        self.server = server

    async def open(self):
        r = httpx.post(self.server.url + "/api/rooms", json={"game": "ludo", "seats": [{"kind": "local"},
                                                                                      {"kind": "local"}]})
        r.raise_for_status()
        self.ws = await connect(f"{self.server.ws_url}/ws/{r.json()['code']}")
        await self.ws.send(json.dumps({"type": "hello", "token": r.json()["token"]}))
        self.state = None
        while self.state is None:
            m = json.loads(await self.ws.recv())
            if m["type"] == "state":
                self.state = m

    async def answer(self, seq, kind):
        """Send an action on position `seq`; the milliseconds until its answer of `kind` comes."""
        st = self.state
        action = "roll" if st["turn"]["phase"] == "roll" else st["moves"][0]["t"]
        began = time.perf_counter()
        await self.ws.send(json.dumps({"type": "act", "seq": seq, "action": action, "id": uuid.uuid4().hex}))
        while True:
            m = json.loads(await self.ws.recv())
            if m["type"] == "state" and m["seq"] > self.state["seq"]:
                self.state = m
                if kind == "state":
                    return (time.perf_counter() - began) * 1000
            elif m["type"] == "error" and kind == "error":
                assert m["code"] == "stale", m
                return (time.perf_counter() - began) * 1000

    async def normal(self):
        if self.state["turn"]["phase"] not in ("roll", "move"):        # the game is over: a new room
            await self.ws.close()
            await self.open()
        return await self.answer(self.state["seq"], "state")

    async def refused(self):
        return await self.answer(self.state["seq"] - 1 if self.state["seq"] else 999, "error")


async def over_websocket(server, redis, n):
    player = Player(server)
    await player.open()
    for _ in range(20):                 # warm up: the room loaded, the script cached
        await player.normal()
        await player.refused()
    out = {}
    for kind in ("normal", "refused"):
        before = await script_calls(redis)
        ms = [await getattr(player, kind)() for _ in range(n)]
        out[kind] = ms, await script_calls(redis) - before
    await player.ws.close()
    return out


async def in_process(redis_url, n):
    import redis.asyncio as aioredis
    out = {}
    for shared in (True, False):
        limits = Limits(Settings(limits=LimitSettings(refused_rate=1.0, refused_burst=10 ** 6)))
        client = aioredis.from_url(redis_url) if shared else None
        if shared:
            limits.share(client)
        await limits.was_refused("warm-up")
        began = time.perf_counter()
        for i in range(n * 100):
            limits.may_be_refused(f"10.0.{i % 250}.{i % 7}")
        check = (time.perf_counter() - began) / (n * 100) * 1e6
        began = time.perf_counter()
        for i in range(n):
            await limits.was_refused(f"10.1.{i % 250}.{i % 7}")
        spend = (time.perf_counter() - began) / n * 1000
        out[shared] = check, spend
        if client is not None:
            await client.delete(*[k async for k in client.scan_iter("pachisi:budget:refused:10.*")])
            await client.aclose()
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--actions", type=int, default=300, help="normal and refused actions measured, each")
    ap.add_argument("--db-url", default=os.environ.get("PACHISI_TEST_DATABASE_URL"))
    ap.add_argument("--redis-url", default=os.environ.get("PACHISI_TEST_REDIS_URL"))
    args = ap.parse_args()
    if not args.db_url or not args.redis_url:
        sys.exit("needs --db-url (PostgreSQL) and --redis-url (or PACHISI_TEST_DATABASE_URL and PACHISI_TEST_REDIS_URL)")
    import redis.asyncio as aioredis

    admin = create_engine(args.db_url, isolation_level="AUTOCOMMIT", poolclass=NullPool)
    name = f"pachisi_bench_{uuid.uuid4().hex[:12]}"
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    db_url = admin.url.set(database=name).render_as_string(hide_password=False)
    knobs = ("--refused-rate", "1", "--refused-burst", "1000000", "--dice-seed", "7")
    try:
        for label, extra in (("budgets shared through Redis", ("--redis-url", args.redis_url)),
                             ("budgets in memory (no Redis)", ())):
            async def run():
                redis = aioredis.from_url(args.redis_url)
                try:
                    return await over_websocket(server, redis, args.actions)
                finally:
                    await redis.aclose()
            with LiveServer(db_url, rate=1e6, extra_args=knobs + extra) as server:
                out = asyncio.run(run())
            print(f"{label}, over a WebSocket on PostgreSQL:")
            for kind, (ms, calls) in out.items():
                print(f"  {kind:8} action  {figures(ms)}  Redis script calls: {calls}")
        print("in process, per call:")
        for shared, (check, spend) in asyncio.run(in_process(args.redis_url, args.actions)).items():
            print(f"  {'shared' if shared else 'memory':6}  the check before an action {check:6.2f} µs   "
                  f"a refusal's spend {spend:6.3f} ms")
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


if __name__ == "__main__":
    main()
