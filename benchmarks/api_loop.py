"""The library as a bot or an RL loop drives it: `roll`, `legal_actions` (or
`legal_moves`), `push` a random one, to the game's end, through the public
State API.  Prints microseconds per move (a move: one push, with the rolls
and legal lists around it) for each game.

    python benchmarks/api_loop.py [--games ludo,shishbesh] [--seconds 3] [--moves]
"""
import argparse
import random
import time

from pachisi import make_game
from pachisi.games import GAMES


def loop(game, seconds, use_moves, seed=0):
    rng = random.Random(seed)
    moves = games = 0
    cpu0 = time.process_time()
    while time.process_time() - cpu0 < seconds:
        state = game.new_state(seed=seed + games)
        rolls = 0
        while not state.is_over and rolls < 5000:
            if state.is_chance:
                state.roll()
                rolls += 1
            elif use_moves:
                state.push(rng.choice(state.legal_moves()))
                moves += 1
            else:
                state.push(rng.choice(state.legal_actions()))
                moves += 1
        games += 1
    cpu = time.process_time() - cpu0
    return moves, games, cpu


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seconds", type=float, default=3.0)
    args = ap.parse_args()
    for name in args.games.split(","):
        game = make_game(name, args.players)
        for use_moves in (False, True):
            moves, games, cpu = loop(game, args.seconds, use_moves)
            api = "legal_moves  " if use_moves else "legal_actions"
            print(f"{game.title:12s} roll/{api}/push: {cpu / moves * 1e6:6.2f} µs a move "
                  f"({moves:,} moves, {games} games, {cpu:.1f} CPU-s)", flush=True)


if __name__ == "__main__":
    main()
