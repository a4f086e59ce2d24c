"""A bot of your own, in Python, in a tournament against the built-in bots.

A bot is a `pachisi.bots.Bot` subclass with a `name` and a `choose(state)`
that returns one of `state.legal_moves()`; `tournament.run` asks it for every
decision of its games, on the same dice as the other bots meet (docs/library.md,
"Writing a bot").  Run it from the repository with the project's Python:

    .venv/bin/python examples/my_bot.py [GAMES]
"""
import random
import sys

from pachisi import make_game
from pachisi.bots import Bot
from pachisi.tournament import markdown, parse_bot, run


class Hunter(Bot):
    """Captures whenever it can, then brings a piece home, then brings a new
    piece into play, else takes the move that lands furthest along its own run
    (`move.to`, a place of the player's run); ties broken at random."""
    name = "hunter"

    def __init__(self, seed=0):
        super().__init__(seed)
        self.rng = random.Random(self.seed)

    def choose(self, state):
        scored = []
        for move in state.legal_moves():
            events = state.push(move)            # try the move, see what it brings, take it back
            state.pop()
            kinds = [e.kind for e in events]
            score = (kinds.count("captured"), kinds.count("finished"), kinds.count("entered"), move.to)
            scored.append((score, move))
        best = max(score for score, _ in scored)
        return self.rng.choice([move for score, move in scored if score == best])


def main(games=200):
    game = make_game("ludo", players=2)
    result = run(game, [Hunter(seed=1), parse_bot("random"), parse_bot("greedy")], games, seed=7)
    print(markdown(result))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
