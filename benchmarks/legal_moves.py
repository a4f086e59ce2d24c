"""`State.legal_moves()` timed by the number of moves it returns: plays
games with random legal moves (4 players, seeds 0..4 unless told) and times
every call, next to `legal_actions()` for the same position.  Kimbo's fence
step (thousands of moves) is the case to watch.  Prints microseconds a call,
by move count; --use adds what callers do with the list: pick one and read
its text (a bot, an RL loop), and read every move's text (a move list shown).

    python benchmarks/legal_moves.py [--game kimbo] [--players 4] [--seeds 5] [--repeat 3] [--use]
"""
import argparse
import random
import time

from pachisi import make_game

BUCKETS = ((1, 1), (2, 9), (10, 99), (100, 999), (1000, 10 ** 9))


def best_of(fn, repeat):
    """The fastest of `repeat` calls, in seconds (the least disturbed by other work)."""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def measure(game, seeds, repeat, use):
    """{(low, high): [calls, moves_total, moves_s, actions_s, one_s, all_s]} over the games of
    `seeds`; with `use` also random.choice(legal_moves()).text and every move's text."""
    table = {b: [0, 0, 0.0, 0.0, 0.0, 0.0] for b in BUCKETS}
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_state(seed=seed)
        while not state.is_over and state.rolls < game.turn_cap:
            if state.is_chance:
                state.roll()
                continue
            moves_s = best_of(state.legal_moves, repeat)
            actions_s = best_of(state.legal_actions, repeat)
            moves = state.legal_moves()
            n = len(moves)
            one_s = best_of(lambda: rng.choice(state.legal_moves()).text, repeat) if use else 0.0
            all_s = best_of(lambda: [m.text for m in state.legal_moves()], repeat) if use else 0.0
            row = table[next(b for b in BUCKETS if b[0] <= n <= b[1])]
            row[0] += 1
            row[1] += n
            row[2] += moves_s
            row[3] += actions_s
            row[4] += one_s
            row[5] += all_s
            state.push(rng.choice(moves))
    return table


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="kimbo")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seeds", type=int, default=5, help="seeds 0..N-1")
    ap.add_argument("--repeat", type=int, default=3, help="calls a position, the fastest counts")
    ap.add_argument("--use", action="store_true", help="also time one move's text, and every move's")
    args = ap.parse_args()
    game = make_game(args.game, args.players)
    table = measure(game, range(args.seeds), args.repeat, args.use)
    print(f"{game.title}, {args.players} players, seeds 0..{args.seeds - 1}: µs a call")
    print(f"{'moves':>11s} {'calls':>7s} {'avg n':>7s} {'legal_moves':>12s} {'legal_actions':>14s}"
          + (f" {'choice+text':>12s} {'all texts':>10s}" if args.use else ""))
    for (low, high), (calls, total, moves_s, actions_s, one_s, all_s) in table.items():
        if not calls:
            continue
        label = f"{low}" if low == high else f"{low}-{high}" if high < 10 ** 9 else f"{low}+"
        print(f"{label:>11s} {calls:7d} {total / calls:7.0f} {moves_s / calls * 1e6:12.1f} "
              f"{actions_s / calls * 1e6:14.1f}"
              + (f" {one_s / calls * 1e6:12.1f} {all_s / calls * 1e6:10.1f}" if args.use else ""))


if __name__ == "__main__":
    main()
