"""Random-move 4-player Ludo: pachisi against LUDOpy, side by side in one run.

    pip install -e '.[bench]'        # LUDOpy is a benchmark extra, never a runtime dependency
    python benchmarks/ludo_vs_ludopy.py [--seconds 20] [--rounds 5]

Two comparisons, each with the engines taking turns in short rounds so that
both see the same machine load; each side's figure is over its own time (wall
clock, and the process CPU time beside it):
- API with API: pachisi driven through its public State API as a bot or an RL
  loop drives it (`roll`, `legal_actions`, `push` a random one), against
  LUDOpy's documented loop (get_observation / answer_observation with a random
  choice among the movable pieces); games per second and microseconds a move;
- playout with playout: pachisi's compiled core (`run_many`, random policy)
  against the same LUDOpy loop, LUDOpy having nothing faster.
The rules are not identical (LUDOpy has its own globe and star rules), but
both are complete 4-player games with one die.
"""
import argparse
import random
import time

from pachisi import make_game
from pachisi.engine import kernel as K


def pachisi_games(game, count, seed):
    """Whole games in the compiled core; returns (games, moves)."""
    out = game.engine.run_many(game.new_state(0).arr, seed, count, [K.POLICY_RANDOM] * 4, True, True, 1_000_000)
    assert (out[:, 3] >= 0).all()
    return count, int(out[:, 1].sum())


def pachisi_api_games(game, count, seed):
    """Whole games through the State API; returns (games, moves)."""
    rng = random.Random(seed)
    moves = 0
    for i in range(count):
        state = game.new_state(seed=seed + i)
        while not state.is_over:
            if state.is_chance:
                state.roll()
            else:
                state.push(rng.choice(state.legal_actions()))
                moves += 1
    return count, moves


def ludopy_games(ludopy, count, rng):
    """Whole games through LUDOpy's loop; returns (games, moves)."""
    g = ludopy.Game()
    moves = 0
    for _ in range(count):
        g.reset()
        over = False
        while not over:
            (dice, movable, pieces, enemies, won, over), player = g.get_observation()
            if len(movable):
                moves += 1
            g.answer_observation(movable[rng.randrange(len(movable))] if len(movable) else -1)
    return count, moves


def timed(fn, *args):
    w, c = time.perf_counter(), time.process_time()
    n, moves = fn(*args)
    return n, moves, time.perf_counter() - w, time.process_time() - c


def compare(title, ours, ludopy, game, rounds, seconds, rng):
    """Alternate rounds of `ours` and LUDOpy; print games/s, µs a move and the ratio."""
    _, _, w_p, _ = timed(ours, game, 20, 1)
    _, _, w_l, _ = timed(ludopy_games, ludopy, 5, rng)
    per_round = seconds / rounds / 2
    n_p = max(20, int(per_round / (w_p / 20)))
    n_l = max(2, int(per_round / (w_l / 5)))
    tot = {"pachisi": [0, 0, 0.0, 0.0], "LUDOpy": [0, 0, 0.0, 0.0]}
    seed = 1000
    for _ in range(rounds):
        for name, fn, fargs in (("pachisi", ours, (game, n_p, seed)), ("LUDOpy", ludopy_games, (ludopy, n_l, rng))):
            n, moves, w, c = timed(fn, *fargs)
            for i, x in enumerate((n, moves, w, c)):
                tot[name][i] += x
        seed += n_p
    print(title)
    rate = {name: (n / w, n / c) for name, (n, _, w, c) in tot.items()}
    for name, (n, moves, w, c) in tot.items():
        print(f"  {name:8s} {n:7d} games  {rate[name][0]:9.1f} games/s wall  {rate[name][1]:9.1f} games/s CPU  "
              f"{c / moves * 1e6:7.2f} µs a move (CPU)")
    print(f"  ratio pachisi / LUDOpy: {rate['pachisi'][0] / rate['LUDOpy'][0]:.1f}x wall, "
          f"{rate['pachisi'][1] / rate['LUDOpy'][1]:.1f}x CPU")


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
    compare("API with API (pachisi: roll, legal_actions, push)", pachisi_api_games, ludopy, game, args.rounds,
            args.seconds, rng)
    compare("playout with playout (pachisi: compiled run_many)", pachisi_games, ludopy, game, args.rounds,
            args.seconds, rng)


if __name__ == "__main__":
    main()
