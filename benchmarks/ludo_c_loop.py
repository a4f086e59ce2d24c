"""Compiled random playouts of 4-player Ludo: pachisi against a minimal C
loop of the same rules (ludo_c_loop.c, built here with gcc), side by side.

    python benchmarks/ludo_c_loop.py [--seconds 20] [--rounds 5]

Both play the very same games (the same dice and random choices from the same
seeded streams), which the benchmark checks game by game; each side's figure
is games per CPU-second of its own rounds, the rounds alternating so that both
see the same machine load."""
import argparse
import ctypes
from pathlib import Path
import subprocess
import tempfile
import time

import numpy as np

from pachisi import make_game
from pachisi.engine import kernel as K

HERE = Path(__file__).resolve().parent


def build(folder):
    lib = Path(folder) / "ludo_c_loop.so"
    subprocess.run(["gcc", "-O2", "-shared", "-fPIC", "-o", str(lib), str(HERE / "ludo_c_loop.c")], check=True)
    c = ctypes.CDLL(str(lib))
    c.play_many.restype = ctypes.c_int64
    c.play_many.argtypes = [ctypes.c_int64, ctypes.c_int64, ctypes.c_void_p, ctypes.c_void_p]
    return c


def c_games(c, seed, count):
    rolls, winners = np.zeros(count, np.int64), np.zeros(count, np.int64)
    c.play_many(seed, count, rolls.ctypes.data, winners.ctypes.data)
    return rolls, winners


def pachisi_games(game, start, seed, count):
    out = game.engine.run_many(start, seed, count, [K.POLICY_RANDOM] * 4, False, True, 1_000_000)
    return out[:, 0], out[:, 3]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=20.0, help="rough total time of the measurement")
    ap.add_argument("--rounds", type=int, default=5, help="alternating rounds")
    args = ap.parse_args()
    game = make_game("ludo", 4)
    start = game.new_state(seed=0, first_player=0).arr
    with tempfile.TemporaryDirectory() as folder:
        c = build(folder)
        a, b = pachisi_games(game, start, 1, 2000), c_games(c, 1, 2000)
        if not (np.array_equal(a[0], b[0]) and np.array_equal(a[1], b[1])):
            raise SystemExit("the C loop and pachisi played different games: the rules differ")
        t0 = time.process_time()
        c_games(c, 1, 2000)
        per_game = (time.process_time() - t0) / 2000
        count = max(1000, int(args.seconds / args.rounds / 2 / max(per_game, 1e-7) / 3))
        tot = {"pachisi": [0, 0.0, 0], "C loop": [0, 0.0, 0]}
        seed = 10_000
        for _ in range(args.rounds):
            for name, fn, first in (("pachisi", pachisi_games, (game, start)), ("C loop", c_games, (c,))):
                t = time.process_time()
                rolls, _ = fn(*first, seed, count)
                tot[name][0] += count
                tot[name][1] += time.process_time() - t
                tot[name][2] += int(rolls.sum())
            seed += count
    rate = {name: n / cpu for name, (n, cpu, _) in tot.items()}
    for name, (n, cpu, rolls) in tot.items():
        print(f"{name:8s} {n:9,d} games  {rate[name]:10,.0f} games per CPU-second  "
              f"mean length {rolls / n:.2f} rolls")
    print(f"pachisi / C loop: {rate['pachisi'] / rate['C loop']:.2f}x  (the same games, checked)")


if __name__ == "__main__":
    main()
