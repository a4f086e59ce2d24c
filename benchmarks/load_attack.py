"""The server under attack (issue 15), measured (not a test).

One server (`python -m pachisi.web`, its default limits, SQLite, a free loopback port)
is flooded at once by
  1. uploads: 4 clients posting 1 MiB records to /api/verify and /api/replay in a loop;
  2. idle rooms: a client creating rooms nobody plays in, as fast as it is let;
  3. slowloris: SLOW connections sending half a request each, reopened when closed;
  4. chat and move floods: 20 connections of one seat sending chat lines and junk moves;
  5. all-bot rooms: 20 rooms of four level-5 Parcheesi bots (from another address);
while a normal player (from a third address) plays Ludo against a level-1 bot.  Printed:
the p50/p95/p99/max of the player's actions (sending an action to receiving the new
state), what each flood got, and the load average (the machine may be shared).

    .venv/bin/python benchmarks/load_attack.py               # 40 s
    .venv/bin/python benchmarks/load_attack.py --seconds 20 --slow 300
"""
import argparse
import asyncio
import collections
import json
import os
import statistics
import tempfile
import time

import httpx
from websockets.asyncio.client import connect

from pachisi.web.testing import LiveServer

PLAYER, BOTS, ATTACKER = "127.0.0.3", "127.0.0.2", "127.0.0.1"


def client(url, address, **kw):
    return httpx.AsyncClient(base_url=url, transport=httpx.AsyncHTTPTransport(local_address=address),
                             timeout=60, **kw)


async def player(url, ws_url, until, latencies):
    """A person playing Ludo against a level-1 bot: every action's round trip."""
    async with client(url, PLAYER) as http:
        r = await http.post("/api/rooms", json={"game": "ludo", "seats": [{"kind": "local", "name": "Ann"},
                                                                           {"kind": "bot", "level": 1}]})
        room = r.json()
    async with connect(f"{ws_url}/ws/{room['code']}", max_size=2 ** 22, ping_interval=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": room["token"]}))
        state = None
        while time.monotonic() < until:
            msg = json.loads(await ws.recv())
            if msg["type"] != "state":
                continue
            state = msg
            if state["room"]["status"] == "over":
                return
            turn = state["turn"]
            if turn["player"] != 0 or turn["phase"] not in ("roll", "move"):
                continue
            action = "roll" if turn["phase"] == "roll" else state["moves"][0]["t"]
            t = time.perf_counter()
            await ws.send(json.dumps({"type": "act", "seq": state["seq"], "action": action}))
            while True:
                m = json.loads(await ws.recv())
                if m["type"] == "state" and m["seq"] > state["seq"]:
                    latencies.append(time.perf_counter() - t)
                    await ws.send(json.dumps({"type": "ping"}))     # let the state after it come as usual
                    break
                if m["type"] == "error":
                    break


async def uploads(url, until, tally):
    body = ("[Game \"ludo\"]\n[Players \"a, b\"]\n\n" + "1. 6 a0 " * 120000)[: 1 << 20]
    async with client(url, ATTACKER) as http:
        while time.monotonic() < until:
            for path in ("/api/verify", "/api/replay"):
                try:
                    r = await http.post(path, content=body.encode())
                    tally[f"upload {r.status_code}"] += 1
                except httpx.HTTPError as e:
                    tally[f"upload {type(e).__name__}"] += 1


async def idle_rooms(url, until, tally):
    async with client(url, ATTACKER) as http:
        while time.monotonic() < until:
            r = await http.post("/api/rooms", json={"game": "kimbo", "seats": [{"kind": "local"}, {"kind": "invite"}]})
            tally[f"create {r.status_code}"] += 1


async def slowloris(port, until, n, tally):
    async def one():
        while time.monotonic() < until:
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", port)
                writer.write(b"GET /api/lobby HTTP/1.1\r\nHost: x\r\nX-a: ")
                tally["slow opened"] += 1
                while time.monotonic() < until:
                    writer.write(b"b")
                    await writer.drain()
                    await asyncio.sleep(1.0)
                    if reader.at_eof():
                        break
                    try:
                        chunk = await asyncio.wait_for(reader.read(1024), 0.01)
                    except asyncio.TimeoutError:
                        continue
                    if not chunk or chunk.startswith(b"HTTP/1.1 429"):
                        tally["slow closed by server" if not chunk else "slow refused 429"] += 1
                        break
                writer.close()
            except OSError:
                tally["slow connect failed"] += 1
                await asyncio.sleep(0.5)
    await asyncio.gather(*(one() for _ in range(n)))


async def floods(url, ws_url, until, tally):
    async with client(url, ATTACKER) as http:
        r = await http.post("/api/rooms", json={"game": "kimbo", "seats": [{"kind": "local"}, {"kind": "bot", "level": 1}]})
        if r.status_code != 201:
            tally[f"flood room {r.status_code}"] += 1
            return
        room = r.json()

    async def conn(i):
        try:
            async with connect(f"{ws_url}/ws/{room['code']}", ping_interval=None) as ws:
                await ws.send(json.dumps({"type": "hello", "token": room["token"]}))
                seq = 0
                while time.monotonic() < until:
                    await ws.send(json.dumps({"type": "chat", "text": f"spam {i}"}))
                    await ws.send(json.dumps({"type": "act", "seq": seq, "action": "zz" * 20}))
                    try:
                        while True:
                            m = json.loads(await asyncio.wait_for(ws.recv(), 0.05))
                            tally[f"flood {m['type']} {m.get('code', '')}".strip()] += 1
                            if m["type"] == "state":
                                seq = m["seq"]
                    except asyncio.TimeoutError:
                        pass
        except Exception as e:          # noqa: BLE001 - refused or closed: counted
            tally[f"flood conn {type(e).__name__}"] += 1
    await asyncio.gather(*(conn(i) for i in range(20)))


async def bot_rooms(url, tally):
    async with client(url, BOTS) as http:
        for _ in range(20):
            r = await http.post("/api/rooms", json={"game": "parcheesi", "seats": [{"kind": "bot", "level": 5}] * 4})
            tally[f"bot room {r.status_code}"] += 1


async def main(args):
    with tempfile.TemporaryDirectory() as tmp, \
            LiveServer(f"sqlite:///{tmp}/web.db", bot_delay=0.3, rate=8, create_rate=0.5) as srv:
        tally = collections.Counter()
        latencies = []
        calm_until = time.monotonic() + args.calm
        await player(srv.url, srv.ws_url, calm_until, calm := [])
        until = time.monotonic() + args.seconds
        await asyncio.gather(
            player(srv.url, srv.ws_url, until, latencies),
            *(uploads(srv.url, until, tally) for _ in range(4)),
            idle_rooms(srv.url, until, tally), slowloris(srv.port, until, args.slow, tally),
            floods(srv.url, srv.ws_url, until, tally), bot_rooms(srv.url, tally))
        print(f"load average {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} (cores: {os.cpu_count()})")
        for name, xs in (("calm", calm), ("under attack", latencies)):
            if len(xs) < 2:
                print(f"{name}: {len(xs)} actions")
                continue
            q = statistics.quantiles([x * 1000 for x in xs], n=100)
            print(f"{name}: {len(xs)} actions, p50 {q[49]:.1f} ms, p95 {q[94]:.1f} ms, p99 {q[98]:.1f} ms, "
                  f"max {max(xs) * 1000:.1f} ms")
        for key, n in sorted(tally.items()):
            print(f"  {key}: {n}")


if __name__ == "__main__":
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seconds", type=float, default=40)
    p.add_argument("--calm", type=float, default=10, help="seconds of play measured before the attack")
    p.add_argument("--slow", type=int, default=200, help="slowloris connections")
    asyncio.run(main(p.parse_args()))
