"""From `pachisi serve` to the first room of every game: seconds from the
start of the process until the server has created one room of each game (and
answered its first state), and the server's resident memory then.

    python benchmarks/serve_start.py [--port 8765]
"""
import argparse
import subprocess
import sys
import tempfile
import time
import urllib.request

from pachisi.web.testing import api, rss_mib

GAMES = ("kimbo", "ludo", "mandavoshka", "parcheesi", "parchis", "shishbesh", "tryasuchka")
def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--port", type=int, default=8765)
    args = ap.parse_args()
    base = f"http://127.0.0.1:{args.port}"
    with tempfile.TemporaryDirectory() as folder:
        t0 = time.perf_counter()
        server = subprocess.Popen([sys.executable, "-m", "pachisi.web", "--port", str(args.port),
                                   "--db", f"sqlite:///{folder}/rooms.db"],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            while True:
                try:
                    urllib.request.urlopen(base + "/api/lobby", timeout=1).read()
                    break
                except OSError:
                    if time.perf_counter() - t0 > 60 or server.poll() is not None:
                        raise SystemExit("the server did not start")
                    time.sleep(0.02)
            up = time.perf_counter() - t0
            times = {}
            for name in GAMES:
                created = api(base + "/api/rooms", {"game": name, "seats": [{"kind": "local"}, {"kind": "local"}]})
                urllib.request.urlopen(f"{base}/api/rooms/{created['code']}", timeout=30).read()
                times[name] = time.perf_counter() - t0
            print(f"server answering {up:.2f} s after start")
            for name, t in times.items():
                print(f"  a room of {name:12s} created and read {t:.2f} s after start")
            print(f"resident memory with a room of every game: {rss_mib(server.pid):.0f} MB")
        finally:
            server.terminate()
            server.wait(10)


if __name__ == "__main__":
    main()
