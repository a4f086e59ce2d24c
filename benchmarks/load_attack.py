"""The server under attack (issue 15), measured (not a test).

One server (`python -m pachisi.web`, its default limits, SQLite, a free loopback port)
is flooded at once by
  1. uploads: 4 clients posting costly records to /api/verify and /api/replay in a loop (a legal
     70 KB Kimbo record, 1 MiB of rolls that move nothing twice, a record of thousands of tiny games);
  2. idle rooms: a client creating rooms nobody plays in, as fast as it is let;
  3. slowloris: SLOW connections sending half a request each, reopened when closed;
  4. chat and move floods: 20 connections of one seat sending chat lines and junk moves;
  5. all-bot rooms: 20 rooms of four level-5 Parcheesi bots;
each from a loopback address of its own, while a normal player (from another) plays Ludo
against a level-1 bot.  Printed:
the p50/p95/p99/max of the player's actions (sending an action to receiving the new
state) and of the bot's (from the state before it, the room's bot delay of 0.3 s included), what
each flood got, and the load average (the machine may be shared).

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

from pachisi.web.testing import LiveServer, long_record, one_roll_games_record, rolls_record

# each flood from an address of its own (one address's connection cap would otherwise stop the others)
PLAYER, BOTS, UPLOADER, ROOMS, SLOW, FLOODER = (f"127.0.0.{n}" for n in (3, 2, 10, 11, 12, 13))


def client(url, address, **kw):
    return httpx.AsyncClient(base_url=url, transport=httpx.AsyncHTTPTransport(local_address=address),
                             timeout=60, **kw)


async def player(url, ws_url, until, latencies, bot_waits, address=PLAYER, errors=None):
    """A person (from `address`) playing Ludo against a level-1 bot, game after game: every action's round
    trip, and how long each of the bot's actions took to come (from the state before it); what the server
    refused goes to `errors`."""
    while time.monotonic() < until:
        await one_game(url, ws_url, until, latencies, bot_waits, address, [] if errors is None else errors)


async def one_game(url, ws_url, until, latencies, bot_waits, address, errors):
    async with client(url, address) as http:
        r = await http.post("/api/rooms", json={"game": "ludo", "seats": [{"kind": "local", "name": "Ann"},
                                                                           {"kind": "bot", "level": 1}]})
        if r.status_code != 201:
            errors.append(f"create {r.status_code}")
            await asyncio.sleep(1)
            return
        room = r.json()
    async with connect(f"{ws_url}/ws/{room['code']}", max_size=2 ** 22, ping_interval=None,
                       local_addr=(address, 0)) as ws:

        async def state_after(seq):
            """The next state message newer than `seq` (None when time is up or the server refused)."""
            asked = time.perf_counter()
            while time.monotonic() < until:
                try:
                    m = json.loads(await asyncio.wait_for(ws.recv(), max(0.1, until - time.monotonic())))
                except asyncio.TimeoutError:
                    return None
                if m["type"] == "state" and m["seq"] > seq:
                    if seq >= 0 and (m.get("last") or {}).get("by") == "bot":
                        bot_waits.append(time.perf_counter() - asked)
                    return m
                if m["type"] == "error" and seq >= 0:
                    errors.append(f"error {m.get('code')}")
                    return None
            return None

        await ws.send(json.dumps({"type": "hello", "token": room["token"]}))
        state = await state_after(-1)
        while state and state["room"]["status"] != "over":
            turn = state["turn"]
            if turn["player"] != 0 or turn["phase"] not in ("roll", "move"):
                state = await state_after(state["seq"])
                continue
            action = "roll" if turn["phase"] == "roll" else state["moves"][0]["t"]
            t = time.perf_counter()
            await ws.send(json.dumps({"type": "act", "seq": state["seq"], "action": action}))
            state = await state_after(state["seq"])
            if state:
                latencies.append(time.perf_counter() - t)


async def uploads(url, until, tally, body):
    async with client(url, UPLOADER) as http:
        while time.monotonic() < until:
            for path in ("/api/verify", "/api/replay"):
                try:
                    r = await http.post(path, content=body)
                    tally[f"upload {r.status_code}"] += 1
                except httpx.HTTPError as e:
                    tally[f"upload {type(e).__name__}"] += 1


async def idle_rooms(url, until, tally):
    async with client(url, ROOMS) as http:
        while time.monotonic() < until:
            try:
                r = await http.post("/api/rooms", json={"game": "kimbo", "seats": [{"kind": "local"}, {"kind": "invite"}]})
                tally[f"create {r.status_code}"] += 1
            except httpx.HTTPError as e:        # the address is at its connection cap
                tally[f"create {type(e).__name__}"] += 1
                await asyncio.sleep(0.1)


async def slowloris(port, until, n, tally):
    async def one():
        while time.monotonic() < until:
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(SLOW, 0))
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
    async with client(url, FLOODER) as http:
        for _ in range(100):                    # the address may be at its connection cap for a while
            try:
                r = await http.post("/api/rooms", json={"game": "kimbo", "seats": [{"kind": "local"},
                                                                                   {"kind": "bot", "level": 1}]})
                break
            except httpx.HTTPError as e:
                tally[f"flood room {type(e).__name__}"] += 1
                await asyncio.sleep(0.2)
        else:
            return
        if r.status_code != 201:
            tally[f"flood room {r.status_code}"] += 1
            return
        room = r.json()

    async def conn(i):
        while time.monotonic() < until:         # closed by the server (too many refusals): back again
            try:
                async with connect(f"{ws_url}/ws/{room['code']}", ping_interval=None,
                                   local_addr=(FLOODER, 0)) as ws:
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
                await asyncio.sleep(0.2)
    await asyncio.gather(*(conn(i) for i in range(20)))


async def bot_rooms(url, tally):
    async with client(url, BOTS) as http:
        for _ in range(20):
            r = await http.post("/api/rooms", json={"game": "parcheesi", "seats": [{"kind": "bot", "level": 5}] * 4})
            tally[f"bot room {r.status_code}"] += 1


async def main(args):
    with tempfile.TemporaryDirectory() as tmp, \
            LiveServer(f"sqlite:///{tmp}/web.db", bot_delay=0.3, rate=8, create_rate=0.5) as srv:
        records = [long_record("kimbo"), rolls_record("ludo", (1, 2, 3, 4, 5)), one_roll_games_record("ludo", 1), rolls_record("ludo", (1, 2, 3, 4, 5))]
        tally = collections.Counter()
        latencies, bot_waits = [], []
        calm_until = time.monotonic() + args.calm
        await player(srv.url, srv.ws_url, calm_until, calm := [], calm_bot := [])
        until = time.monotonic() + args.seconds
        await asyncio.gather(
            player(srv.url, srv.ws_url, until, latencies, bot_waits),
            *(uploads(srv.url, until, tally, body.encode()) for body in records),
            idle_rooms(srv.url, until, tally), slowloris(srv.port, until, args.slow, tally),
            floods(srv.url, srv.ws_url, until, tally), bot_rooms(srv.url, tally))
        print(f"load average {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} (cores: {os.cpu_count()})")
        for name, xs in (("calm", calm), ("under attack", latencies), ("the bot's actions, calm", calm_bot),
                         ("the bot's actions, under attack", bot_waits)):
            if len(xs) < 2:
                print(f"{name}: {len(xs)} actions")
                continue
            q = statistics.quantiles([x * 1000 for x in xs], n=100, method="inclusive")
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
