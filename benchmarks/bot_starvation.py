"""A person's bot opponent while many all-bot rooms play: the seconds a
level-1 bot takes to move against a connected person (after its bot delay)
while N rooms of four level-5 Parcheesi bots, watched by nobody, play on the
same server.  Bot searches are scheduled by who waits for them: the person's
opponent thinks first.

    PYTHONPATH=src python benchmarks/bot_starvation.py [--rooms 100] [--moves 20]
"""
import argparse
import json
import statistics
import tempfile
import time

from websockets.sync.client import connect

from pachisi.web.testing import LiveServer, api

DELAY = 0.2

def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rooms", type=int, default=100)
    ap.add_argument("--moves", type=int, default=20, help="the opponent's moves to time")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as folder, \
            LiveServer(f"sqlite:///{folder}/rooms.db", bot_delay=DELAY, rate=100) as srv:
        for _ in range(a.rooms):
            api(f"{srv.url}/api/rooms", {"game": "parcheesi", "seats": [{"kind": "bot", "level": 5}] * 4})
        time.sleep(2.0)                      # the all-bot rooms are under way
        room = api(f"{srv.url}/api/rooms", {"game": "parcheesi",
                                             "seats": [{"kind": "local"}, {"kind": "bot", "level": 1}]})
        times = []
        with connect(f"{srv.ws_url}/ws/{room['code']}", open_timeout=30) as ws:
            ws.send(json.dumps({"type": "hello", "token": room["token"]}))
            state, since = None, time.perf_counter()
            while len(times) < a.moves:
                m = json.loads(ws.recv(timeout=600))
                if m["type"] != "state":
                    continue
                now = time.perf_counter()
                last = m.get("last") or {}
                if last.get("by") == "bot" and last.get("k") == "move":
                    times.append(now - since - DELAY)
                since, state = now, m
                if state["room"]["status"] == "over":
                    break
                t = state["turn"]
                if t["player"] == 0 and t["phase"] in ("roll", "move"):
                    action = "roll" if t["phase"] == "roll" else state["moves"][0]["t"]
                    ws.send(json.dumps({"type": "act", "seq": state["seq"], "action": action}))
    times.sort()
    print(f"{a.rooms} all-bot level-5 Parcheesi rooms nobody watches; the person's level-1 opponent, "
          f"{len(times)} moves: median {statistics.median(times):.3f} s, "
          f"p90 {times[int(0.9 * (len(times) - 1))]:.3f} s, max {times[-1]:.3f} s (after its {DELAY} s bot delay)")


if __name__ == "__main__":
    main()
