"""What `State.clone()` costs as a game grows: microseconds a clone at move 10, 100, 300 and 1,000 (moves and
rolls played, the undo stack kept), against a fresh State made from the position's array, the least a copy
can cost.  A look-ahead agent (docs/rl.md) clones at every decision, so this should not grow with the game.

    python benchmarks/clone_cost.py [--game ludo] [--players 4] [--repeat 2000]
"""
import argparse
import time

from pachisi import make_game
from pachisi.engine.game import State


def at_step(game, steps, seed=1):
    """A state after `steps` rolls and moves (the last legal move each time), or as far as the game goes."""
    s = game.new_state(seed=seed)
    done = 0
    while done < steps and not s.is_over:
        s.roll() if s.is_chance else s.push(s.legal_moves()[-1])
        done += 1
    return s, done


def per_call(fn, repeat):
    t0 = time.process_time()
    for _ in range(repeat):
        fn()
    return (time.process_time() - t0) / repeat * 1e6


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="ludo")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--repeat", type=int, default=2000)
    a = ap.parse_args()
    game = make_game(a.game, a.players)
    print(f"{game.title}, {a.players} players: microseconds a call (CPU time)")
    for steps in (10, 100, 300, 1000):
        s, done = at_step(game, steps)
        clone = per_call(s.clone, a.repeat)
        fresh = per_call(lambda: State(game, s.arr.copy(), s.seed), a.repeat)
        print(f"  after {done:5,} steps (stack {len(s._stack):5,}): clone {clone:7.2f} µs   "
              f"fresh State from the array {fresh:5.2f} µs")


if __name__ == "__main__":
    main()
