"""Hostile verifies against a live server (issue #15, item 1): how fast an unrelated request is
answered meanwhile.

Starts a server (pachisi.web.testing.LiveServer), measures the p50/p99 of GET /api/lobby alone,
then while 4 clients keep posting hostile records to /api/verify (a legal Kimbo record of 70 KB or
more, a 1 MiB Ludo record of rolls that move nothing, a record of thousands of one-roll games, and
the 1 MiB record again), then alone again.  Prints the figures and what the verifies were answered.

    PYTHONPATH=src python benchmarks/verify_flood.py [--seconds 20] [--kimbo-bytes 70000] [--server-src DIR]

--server-src serves another tree's code (its src folder), to compare before and after a change.
"""
import argparse
import os
from collections import Counter
import statistics
import tempfile
import threading
import time
import urllib.error
import urllib.request

from pachisi.web.testing import LiveServer, long_record, one_roll_games_record, rolls_record


def get_times(url, seconds, pause=0.02):
    """Milliseconds of each GET of `url` for `seconds`, one after another."""
    out, end = [], time.monotonic() + seconds
    while time.monotonic() < end:
        t = time.perf_counter()
        with urllib.request.urlopen(url, timeout=120) as r:
            r.read()
        out.append((time.perf_counter() - t) * 1000)
        time.sleep(pause)
    return out


def figures(name, times):
    times = sorted(times)
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    print(f"{name:34s} GET /api/lobby: p50 {statistics.median(times):7.1f} ms   p99 {p99:7.1f} ms   "
          f"max {times[-1]:7.1f} ms   ({len(times)} requests)", flush=True)


def flood(url, text, stop, answers, took):
    """Post `text` to /api/verify again and again until `stop`; count the answers by status."""
    body = text.encode()
    while not stop.is_set():
        t = time.perf_counter()
        request = urllib.request.Request(url + "/api/verify", data=body, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=300) as r:
                r.read()
                status = r.status
        except urllib.error.HTTPError as e:
            status = e.code
            e.read()
            if status in (429, 503):
                time.sleep(0.5)
        answers[status] += 1
        took.append(time.perf_counter() - t)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=20.0, help="of each measurement")
    ap.add_argument("--kimbo-bytes", type=int, default=70_000)
    ap.add_argument("--server-src", help="the src folder of the code to serve (default: this one's)")
    args = ap.parse_args()
    if args.server_src:
        os.environ["PYTHONPATH"] = os.path.abspath(args.server_src)
    print("building the hostile records...", flush=True)
    hostile = {"Kimbo record": long_record("kimbo", args.kimbo_bytes), "1 MiB of no-move rolls": rolls_record("ludo", (1, 2, 3, 4, 5)),
               "thousands of tiny games": one_roll_games_record("ludo", 1), "1 MiB of no-move rolls (2)": rolls_record("ludo", (1, 2, 3, 4, 5))}
    for name, text in hostile.items():
        print(f"  {name}: {len(text):,} bytes", flush=True)
    with tempfile.TemporaryDirectory() as tmp, LiveServer(f"sqlite:///{tmp}/bench.db") as srv:
        lobby = srv.url + "/api/lobby"
        get_times(lobby, 1.0)                              # warm up
        figures("before (no verify running)", get_times(lobby, args.seconds))
        stop = threading.Event()
        answers = {name: Counter() for name in hostile}
        took = {name: [] for name in hostile}
        floods = [threading.Thread(target=flood, args=(srv.url, text, stop, answers[name], took[name]))
                  for name, text in hostile.items()]
        for t in floods:
            t.start()
        time.sleep(0.5)
        figures("during 4 hostile verifies", get_times(lobby, args.seconds))
        stop.set()
        for t in floods:
            t.join()
        figures("after", get_times(lobby, args.seconds))
        for name in hostile:
            statuses = ", ".join(f"{status}: {n}" for status, n in sorted(answers[name].items()))
            slowest = max(took[name], default=0)
            print(f"  verify of {name}: answers {statuses}; slowest {slowest:.1f} s", flush=True)


if __name__ == "__main__":
    main()
