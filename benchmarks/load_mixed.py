"""People playing beside many all-bot rooms (issue 27's load figure; not a test).

One server (`python -m pachisi.web`, its default bot speed of 0.8 s an action) holds BOT_ROOMS rooms of
four bots (Ludo, levels 1-5 in turn, nobody watching) and PEOPLE people, each from a loopback address of
its own, each playing Ludo against a level-1 bot game after game.  Printed: the p50/p95/p99/max of a
person's action (sending it to receiving the new state), the actions stored meanwhile (people's and
bots'), and the load average (the machine may be shared).

    .venv/bin/python benchmarks/load_mixed.py                     # 200 bot rooms, 50 people, 300 s
    .venv/bin/python benchmarks/load_mixed.py --workers 2 \\
        --db-url postgresql+psycopg://... --redis-url redis://...  # two server processes
"""
import argparse
import asyncio
import os
import statistics
import tempfile
import time
import uuid

import httpx
from sqlalchemy import create_engine, text
from sqlalchemy.pool import NullPool

from load_attack import player
from pachisi.web.testing import LiveServer


async def bot_rooms(url, n):
    async with httpx.AsyncClient(base_url=url, timeout=120,
                                 transport=httpx.AsyncHTTPTransport(local_address="127.0.0.2")) as http:
        for i in range(n):
            r = await http.post("/api/rooms", json={"game": "ludo", "seats": [{"kind": "bot", "level": 1 + i % 5}] * 4})
            r.raise_for_status()


def stored_actions(engine):
    with engine.connect() as c:
        return c.execute(text("SELECT count(*) FROM actions")).scalar()


async def measure(srv, args):
    await bot_rooms(srv.url, args.bot_rooms)
    until = time.monotonic() + args.seconds
    latencies, errors = [], []
    await asyncio.gather(*(player(srv.url, srv.ws_url, until, latencies, [], address=f"127.0.1.{n + 1}", errors=errors)
                           for n in range(args.people)))
    return latencies, errors


def main(args):
    extra = ["--workers", str(args.workers)]
    with tempfile.TemporaryDirectory() as tmp:
        if args.workers > 1:
            name = f"load_{uuid.uuid4().hex[:8]}"
            admin = create_engine(args.db_url, isolation_level="AUTOCOMMIT", poolclass=NullPool)
            with admin.connect() as c:
                c.execute(text(f"CREATE DATABASE {name}"))
            db_url = args.db_url.rsplit("/", 1)[0] + "/" + name
            extra += ["--redis-url", args.redis_url]
        else:
            db_url = f"sqlite:///{tmp}/web.db"
        try:
            with LiveServer(db_url, bot_delay=0.8, extra_args=extra) as srv:
                engine = create_engine(db_url, poolclass=NullPool)
                before = stored_actions(engine)
                t0 = time.monotonic()
                latencies, errors = asyncio.run(measure(srv, args))
                made = stored_actions(engine) - before
                elapsed = time.monotonic() - t0
                engine.dispose()
        finally:
            if args.workers > 1:
                with admin.connect() as c:
                    c.execute(text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                admin.dispose()
    print(f"{args.workers} server process(es), {args.bot_rooms} bot rooms, {args.people} people, {elapsed:.0f} s; "
          f"load average {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} (cores: {os.cpu_count()})")
    print(f"actions stored: {made} ({made / elapsed:.0f}/s, people's and bots')")
    if len(latencies) > 1:
        q = statistics.quantiles([x * 1000 for x in latencies], n=100, method="inclusive")
        print(f"a person's action: {len(latencies)} actions, p50 {q[49]:.1f} ms, p95 {q[94]:.1f} ms, "
              f"p99 {q[98]:.1f} ms, max {max(latencies) * 1000:.1f} ms")
    print(f"errors: {len(errors)} {sorted(set(errors))[:5]}")


if __name__ == "__main__":
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--bot-rooms", type=int, default=200)
    p.add_argument("--people", type=int, default=50)
    p.add_argument("--seconds", type=float, default=300)
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--db-url", default=os.environ.get("PACHISI_TEST_DATABASE_URL"),
                   help="PostgreSQL server for --workers above 1 (a database is made there and dropped after)")
    p.add_argument("--redis-url", default=os.environ.get("PACHISI_TEST_REDIS_URL"))
    args = p.parse_args()
    if args.workers > 1 and not (args.db_url and args.redis_url):
        p.error("--workers above 1 needs --db-url (PostgreSQL) and --redis-url, or PACHISI_TEST_DATABASE_URL and "
                "PACHISI_TEST_REDIS_URL")
    main(args)
