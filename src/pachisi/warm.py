"""Compile ahead: every game's rules and bots into numba's disk cache.

The rules and the bots are compiled on first use, some seconds a game, and
again after every new version (pachisi/_cache.py).  `pachisi serve` runs this
in a background process at start, so that the first room of a game opens at
once instead of holding up the server; with the cache already filled it
takes a second or two.  `python -m pachisi.warm` runs it by hand."""
import os
import time

from .bots import LEVELS, bot_for_level
from .games import GAMES


def play_rules(game, at_decision=None, plies=40):
    """Play some turns of `game` by its first legal moves, so that its compiled
    rules are compiled (or loaded from the cache) in this process; call
    at_decision(state, n) at the n-th decision."""
    state = game.new_state(seed=1)
    decisions = 0
    for _ in range(plies):                  # a few turns, so that most kinds of positions are met
        if state.is_over:
            break
        if state.is_chance:
            state.roll()
            continue
        moves = state.legal_moves()
        if at_decision is not None:
            at_decision(state, decisions)
        decisions += 1
        state.push(moves[0])


def warm_game(name):
    """Use every compiled path the web app uses for game `name`: the rules and every bot level."""
    def bots(state, n):
        if n < 2:                           # a bot's compiled search is the same in any position
            for level in LEVELS:
                bot_for_level(level, seed=1).choose(state)

    cls = GAMES[name]
    play_rules(cls(players=cls.max_players), bots)


def main():
    if hasattr(os, "nice"):
        os.nice(10)                         # behind the server and its bots, whose work is wanted now
    for name, cls in GAMES.items():
        start = time.perf_counter()
        warm_game(name)
        print(f"pachisi: {cls.title} compiled and ready ({time.perf_counter() - start:.1f} s)", flush=True)


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:               # Ctrl-C stops the server, and this with it: nothing to report
        pass
