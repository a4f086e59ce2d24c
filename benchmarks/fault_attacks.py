"""Slow request bodies and "my games" naming long finished rooms, beside a person playing (issue 27),
measured (not a test).

One server (`python -m pachisi.web`, its default limits, SQLite, a free loopback port) with ten long
finished Kimbo rooms of one browser (played in its database beforehand, not in memory).  A person (from
an address of their own) plays Ludo against a level-1 bot: calm, then while
  1. slow bodies: SLOW connections from 16 addresses each POST a 1 MiB record a byte a second (reopened
     when closed), and
  2. my games: a client posts `/api/rooms/mine` with the ten rooms' tokens and 190 random codes in a loop.
Printed: the p50/p95/p99/max of the person's actions in each phase, what each attack got, and the
server's memory before, during and after the slow bodies.

    .venv/bin/python benchmarks/fault_attacks.py              # about a minute
    .venv/bin/python benchmarks/fault_attacks.py --seconds 10 --slow 200
"""
import argparse
import asyncio
import collections
import os
import secrets
import statistics
import tempfile
import time

import httpx

from load_attack import client, player
from pachisi.web.testing import LiveServer, api, finish_offline, rss_mib

SLOW_FROM = [f"127.0.1.{n}" for n in range(1, 17)]
MINE = "127.0.0.20"


async def slow_bodies(port, until, n, tally):
    async def one(address):
        while time.monotonic() < until:
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(address, 0))
                writer.write(b"POST /api/verify HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\n"
                             b"Content-Length: 1048576\r\n\r\n")
                tally["slow opened"] += 1
                while time.monotonic() < until and not reader.at_eof():
                    writer.write(b"1")
                    await writer.drain()
                    try:
                        chunk = await asyncio.wait_for(reader.read(1024), 1.0)
                    except asyncio.TimeoutError:
                        continue
                    tally["slow closed: " + (chunk.split(b"\r\n")[0].decode() if chunk else "no answer")] += 1
                    break
                writer.close()
            except OSError:
                tally["slow connect failed"] += 1
                await asyncio.sleep(0.5)
    await asyncio.gather(*(one(SLOW_FROM[i % len(SLOW_FROM)]) for i in range(n)))


async def my_games(url, until, tokens, tally):
    async with client(url, MINE) as http:
        while time.monotonic() < until:
            body = dict(tokens, **{"".join(secrets.choice("ABCDEFGHJKMNPQRSTUVWXYZ23456789") for _ in range(6)):
                                   "x" for _ in range(190)})
            t = time.perf_counter()
            r = await http.post("/api/rooms/mine", json={"tokens": body})
            tally[f"mine {r.status_code}"] += 1
            tally["mine seconds"] += time.perf_counter() - t


def figures(name, xs):
    if len(xs) < 2:
        return f"{name}: {len(xs)} actions"
    q = statistics.quantiles([x * 1000 for x in xs], n=100, method="inclusive")
    return (f"{name}: {len(xs)} actions, p50 {q[49]:.1f} ms, p95 {q[94]:.1f} ms, p99 {q[98]:.1f} ms, "
            f"max {max(xs) * 1000:.1f} ms")


async def main(args):
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{tmp}/web.db"
        seats = [{"kind": "local", "name": "Ann"}] + [{"kind": "bot", "level": 1}] * 3
        with LiveServer(url, bot_delay=600) as srv:
            made = [srv.api("/api/rooms", {"game": "kimbo", "seats": seats}) for _ in range(10)]
        tokens = {r["code"]: r["token"] for r in made}
        n = finish_offline(url, list(tokens))
        print(f"ten finished Kimbo rooms of {n} actions each")
        with LiveServer(url, bot_delay=0.3, rate=8, create_rate=0.5) as srv:
            api(srv.url + "/api/lobby")
            tally = collections.Counter()
            calm, slow, mine = [], [], []
            await player(srv.url, srv.ws_url, time.monotonic() + args.calm, calm, [])
            before = rss_mib(srv.proc.pid)
            until = time.monotonic() + args.seconds
            await asyncio.gather(player(srv.url, srv.ws_url, until, slow, []),
                                 slow_bodies(srv.port, until, args.slow, tally))
            during = rss_mib(srv.proc.pid)
            await asyncio.sleep(2)
            after = rss_mib(srv.proc.pid)
            until = time.monotonic() + args.seconds
            await asyncio.gather(player(srv.url, srv.ws_url, until, mine, []), my_games(srv.url, until, tokens, tally))
        print(f"load average {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} (cores: {os.cpu_count()})")
        for name, xs in (("calm", calm), ("slow bodies", slow), ("my games of long rooms", mine)):
            print(figures(name, xs))
        print(f"server RSS: {before:.0f} MiB before the slow bodies, {during:.0f} MiB at their end, "
              f"{after:.0f} MiB 2 s after")
        if tally["mine 200"]:
            tally["mine seconds"] = round(tally["mine seconds"] / (tally["mine 200"] + tally["mine 429"]), 3)
            tally["mine seconds (mean)"] = tally.pop("mine seconds")
        for key, v in sorted(tally.items()):
            print(f"  {key}: {v}")


if __name__ == "__main__":
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seconds", type=float, default=20, help="seconds of each attack")
    p.add_argument("--calm", type=float, default=10, help="seconds of play measured before the attacks")
    p.add_argument("--slow", type=int, default=300, help="slow-body connections")
    asyncio.run(main(p.parse_args()))
