"""Random-move 4-player Ludo: pachisi against LUDOpy, side by side in one run.

    pip install -e '.[bench]'        # LUDOpy is a benchmark extra, never a runtime dependency
    python benchmarks/ludo_vs_ludopy.py [--seconds 20] [--rounds 5]

The two engines take turns in short rounds so that both see the same machine
load; each side's games/s is its games over its own time (wall clock, and the
process CPU time beside it).  pachisi plays whole games in its compiled core
(`run_many`, random policy, the seed preset); LUDOpy's games are driven by its
documented loop (get_observation / answer_observation) with a random choice
among the movable pieces.  The rules are not identical (LUDOpy has its own
globe and star rules), but both are complete 4-player games with one die.
"""
import argparse
import random
import time

import numpy as np

from pachisi import make_game
from pachisi.engine import kernel as K


def pachisi_games(game, count, seed):
    out = np.zeros((count, 5), np.int64)
    policies = np.full(4, K.POLICY_RANDOM, np.int64)
    game.kernel.run_many(game.new_state(0).arr, game.tab, seed, count, policies, True, True, 1_000_000, out)
    assert (out[:, 3] >= 0).all()
    return count


def ludopy_games(ludopy, count, rng):
    g = ludopy.Game()
    for _ in range(count):
        g.reset()
        over = False
        while not over:
            (dice, movable, pieces, enemies, won, over), player = g.get_observation()
            g.answer_observation(movable[rng.randrange(len(movable))] if len(movable) else -1)
    return count


def timed(fn, *args):
    w, c = time.perf_counter(), time.process_time()
    n = fn(*args)
    return n, time.perf_counter() - w, time.process_time() - c


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=20.0, help="rough total time of the measurement")
    ap.add_argument("--rounds", type=int, default=5, help="alternating rounds")
    args = ap.parse_args()
    try:
        import ludopy
    except ImportError:
        raise SystemExit("LUDOpy is not installed: pip install -e '.[bench]'  (or pip install ludopy)")

    game = make_game("ludo", 4)
    rng = random.Random(0)
    pachisi_games(game, 20, 0)                    # compile (or load the cache) outside the clock
    ludopy_games(ludopy, 1, rng)
    # size the rounds: about half of each round's time for each engine
    _, w_p, _ = timed(pachisi_games, game, 200, 1)
    _, w_l, _ = timed(ludopy_games, ludopy, 5, rng)
    per_round = args.seconds / args.rounds / 2
    n_p = max(50, int(per_round / (w_p / 200)))
    n_l = max(2, int(per_round / (w_l / 5)))

    tot = {"pachisi": [0, 0.0, 0.0], "LUDOpy": [0, 0.0, 0.0]}
    seed = 1000
    for _ in range(args.rounds):
        for name, fn, fargs in (("pachisi", pachisi_games, (game, n_p, seed)),
                                ("LUDOpy", ludopy_games, (ludopy, n_l, rng))):
            n, w, c = timed(fn, *fargs)
            tot[name][0] += n
            tot[name][1] += w
            tot[name][2] += c
        seed += n_p
    rate = {name: (n / w, n / c) for name, (n, w, c) in tot.items()}
    for name, (n, w, c) in tot.items():
        print(f"{name:8s} {n:7d} games  {rate[name][0]:9.1f} games/s wall  {rate[name][1]:9.1f} games/s CPU")
    print(f"ratio pachisi / LUDOpy: {rate['pachisi'][0] / rate['LUDOpy'][0]:.1f}x wall, "
          f"{rate['pachisi'][1] / rate['LUDOpy'][1]:.1f}x CPU")


if __name__ == "__main__":
    main()
