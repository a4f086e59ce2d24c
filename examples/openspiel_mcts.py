"""OpenSpiel's MCTS playing pachisi's Ludo (docs/rl.md, "OpenSpiel").

OpenSpiel's own MCTSBot (open_spiel.python.algorithms.mcts) searches the game
as pachisi.rl.openspiel registers it, dice as explicit chance nodes; its
leaves are valued by rollouts that pachisi plays compiled (Engine.run_many from
the leaf's position, every seat the compiled greedy policy), so a search of a
few hundred simulations takes a fraction of a second.  It plays seat 0, then seat 1, against
OpenSpiel's uniform random bot, and the win share is printed with its 95%
Wilson interval.

    .venv/bin/python examples/openspiel_mcts.py [--games 40] [--simulations 200] [--game ludo]
"""
import argparse
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts
from open_spiel.python.bots import uniform_random

from pachisi.engine import kernel as K
from pachisi.rl import openspiel  # noqa: F401  (registers the games)
from pachisi.sim import wilson


class CompiledRollouts(mcts.Evaluator):
    """A leaf's value: the share of `n` compiled greedy playouts from it that each player wins (+1 a win,
    -1 a loss, as the game's returns)."""

    def __init__(self, n=8, seed=0):
        self.n, self.rng = n, np.random.default_rng(seed)

    def evaluate(self, state):
        if state.is_terminal():
            return np.array(state.returns())
        s = state.state
        engine, players = s.game.engine, s.game.players
        rows = engine.run_many(s.arr, int(self.rng.integers(1 << 40)), self.n, [K.POLICY_GREEDY] * players, False,
                               False, 20_000)
        winners = rows[:, 3]
        wins = np.array([(winners == p).sum() for p in range(players)], float)
        return 2.0 * wins / self.n - 1.0

    def prior(self, state):
        if state.is_chance_node():
            return state.chance_outcomes()
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


def play(game, bots, rng):
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(bots[state.current_player()].step(state))
    return state.returns()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="ludo")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--simulations", type=int, default=200)
    ap.add_argument("--rollouts", type=int, default=8)
    args = ap.parse_args()
    game = pyspiel.load_game(openspiel.short_name(args.game), {"players": 2})
    rng = np.random.default_rng(0)
    wins, t0 = 0, time.process_time()
    for i in range(args.games):
        seat = i % 2
        searcher = mcts.MCTSBot(game, uct_c=2.0, max_simulations=args.simulations,
                                evaluator=CompiledRollouts(args.rollouts, seed=i),
                                random_state=np.random.RandomState(i), solve=False)
        bots = [None, None]
        bots[seat] = searcher
        bots[1 - seat] = uniform_random.UniformRandomBot(1 - seat, np.random.RandomState(1000 + i))
        wins += play(game, bots, rng)[seat] > 0
        print(f"game {i + 1}: MCTS in seat {seat}, {wins} won so far", flush=True)
    lo, hi = wilson(wins, args.games)
    print(f"{game}: OpenSpiel MCTS ({args.simulations} simulations, {args.rollouts} compiled rollouts a leaf) "
          f"won {wins} of {args.games} against uniform random: {wins / args.games:.1%} "
          f"(95% interval {lo:.1%}-{hi:.1%}), {time.process_time() - t0:.0f} CPU-s")


if __name__ == "__main__":
    main()
