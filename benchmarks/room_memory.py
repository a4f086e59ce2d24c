"""Memory of a server that many rooms were created in and abandoned: the
server's resident memory (RSS) after creating N rooms (a mix of every game,
Kimbo included: one person and bots, nobody ever connecting), then after
asking for the info of 500 of them again.  Rooms nobody is connected to are
unloaded beyond --max-rooms (least recently used first) and once idle, so the
figure stays under a bound that does not grow with N.

    PYTHONPATH=src python benchmarks/room_memory.py [--rooms 10000] [--bound 600]
"""
import argparse
from concurrent.futures import ThreadPoolExecutor
import sys
import tempfile
import time

from pachisi.web.testing import LiveServer, api, rss_mib

GAMES = ("kimbo", "ludo", "mandavoshka", "parcheesi", "parchis", "shishbesh", "tryasuchka", "kimbo")
def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rooms", type=int, default=10000)
    ap.add_argument("--max-rooms", type=int, default=200, help="the server's --max-rooms")
    ap.add_argument("--bound", type=float, default=600.0, help="MiB the server's RSS must stay under")
    ap.add_argument("--clients", type=int, default=4)
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        srv = LiveServer(f"sqlite:///{folder}/rooms.db", bot_delay=0.8,
                         extra_args=("--max-rooms", str(a.max_rooms), "--bot-processes", "1"))
        srv.start()
        try:
            pid = srv.proc.pid
            start = rss_mib(pid)
            t0 = time.perf_counter()

            def make(i):
                seats = [{"kind": "local"}] + [{"kind": "bot", "level": 1}] * (1 if i % 3 else 3)
                return api(f"{srv.url}/api/rooms", {"game": GAMES[i % len(GAMES)], "seats": seats})["code"]

            with ThreadPoolExecutor(a.clients) as pool:
                codes = list(pool.map(make, range(a.rooms)))
            made = time.perf_counter() - t0
            after = rss_mib(pid)
            t0 = time.perf_counter()
            for code in codes[:500]:
                api(f"{srv.url}/api/rooms/{code}")
            looked = time.perf_counter() - t0
            again = rss_mib(pid)
        finally:
            srv.stop()
    peak = max(after, again)
    print(f"rooms created and abandoned: {a.rooms} in {made:.0f} s ({a.rooms / made:.0f}/s), server --max-rooms "
          f"{a.max_rooms}")
    print(f"server RSS: {start:.0f} MiB at start, {after:.0f} MiB after creating them, {again:.0f} MiB after "
          f"asking for 500 old rooms' info ({looked:.1f} s)")
    print(f"bound {a.bound:.0f} MiB: {'held' if peak < a.bound else 'EXCEEDED'}")
    sys.exit(0 if peak < a.bound else 1)


if __name__ == "__main__":
    main()
