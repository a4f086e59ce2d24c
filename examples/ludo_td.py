"""A linear evaluation learned by TD(0) beats `level1` (random moves) at Ludo.

The agent plays seat 0 of a 2-player Ludo game in pachisi's Gymnasium
environment.  At each decision it looks at every legal action's afterstate
(the position after the move, before the next roll: env.state cloned and
pushed), scores it with a linear value V = w · f, and plays the best
(exploring at random with probability epsilon while it learns).  The
features f are the observation vector of the afterstate folded over
pieces: for the agent and for its opponent, how many pieces stand on each
place of their route (yard, track squares, home column, home), plus a bias.
After each of its decisions it moves V(previous afterstate) towards
V(this afterstate), and at the end towards the reward (+1 won, -1 lost).
No framework: numpy only.

    PYTHONPATH=src python examples/ludo_td.py          # about two CPU-minutes

It prints the learning curve and the final evaluation (2,000 games against
level1 on fresh seeds, the win rate with its 95% Wilson interval) and saves
the curve to examples/ludo_td_curve.png.
"""
import argparse
from pathlib import Path

import matplotlib
import numpy as np

from pachisi import rl
from pachisi.sim import wilson

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


class TDAgent:
    def __init__(self, env, alpha=0.005, epsilon=0.1, seed=0):
        self.env = env
        obs = env.table.observer
        self.places, self.pieces = obs.places, obs.pieces
        self.w = np.zeros(2 * self.places + 1)
        self.alpha, self.epsilon = alpha, epsilon
        self.rng = np.random.default_rng(seed)

    def features(self, state):
        o = self.env.observation_of(state)[:4 * self.pieces * self.places]
        counts = o.reshape(4, self.pieces, self.places).sum(axis=1)[:2]    # the agent, its opponent
        return np.concatenate([counts.ravel(), [1.0]])

    def choose(self, info, explore):
        """The action index whose afterstate is valued best (and that afterstate's features)."""
        legal = np.flatnonzero(info["action_mask"])
        options = []
        for i in legal:
            after = self.env.state.clone()
            after.push(self.env.action_of(i))
            options.append((i, self.features(after)))
        if explore and self.rng.random() < self.epsilon:
            return options[self.rng.integers(len(options))]
        values = [self.w @ f for _, f in options]
        return options[int(np.argmax(values))]

    def play(self, seed, learn):
        """One game; True when the agent won."""
        _, info = self.env.reset(seed=seed)
        before = None
        done = False
        while not done:
            index, f = self.choose(info, explore=learn)
            if learn and before is not None:
                self.w += self.alpha * (self.w @ f - self.w @ before) * before
            before = f
            _, reward, done, truncated, info = self.env.step(index)
            done = done or truncated
        if learn:                                  # the last afterstate moves towards the result: +1 won, -1 lost
            self.w += self.alpha * (reward - self.w @ before) * before
        return reward > 0


def evaluate(agent, games, seed):
    wins = sum(agent.play(seed + i, learn=False) for i in range(games))
    return wins, wilson(wins, games)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--train", type=int, default=3000, help="training games")
    ap.add_argument("--every", type=int, default=250, help="training games between points of the curve")
    ap.add_argument("--curve-games", type=int, default=300, help="evaluation games a point of the curve")
    ap.add_argument("--eval", type=int, default=2000, help="games of the final evaluation")
    ap.add_argument("--plot", type=Path, default=Path(__file__).with_name("ludo_td_curve.png"))
    args = ap.parse_args()

    env = rl.gym_env("ludo", seat=0, opponents="level1", players=2)
    agent = TDAgent(env)
    curve = []
    untrained = evaluate(agent, args.curve_games, 10_000_000)
    curve.append((0, *untrained))
    print(f"{0:6d} training games: won {untrained[0]}/{args.curve_games}")
    for start in range(0, args.train, args.every):
        for i in range(start, min(start + args.every, args.train)):
            agent.play(seed=i, learn=True)
        done = min(start + args.every, args.train)
        point = evaluate(agent, args.curve_games, 10_000_000)      # the same seeds at every point
        curve.append((done, *point))
        print(f"{done:6d} training games: won {point[0]}/{args.curve_games} "
              f"({point[0] / args.curve_games:.1%}, 95% CI {point[1][0]:.1%}–{point[1][1]:.1%})")

    wins, (lo, hi) = evaluate(agent, args.eval, 20_000_000)
    print(f"final: {wins} of {args.eval} games won against level1 = {wins / args.eval:.1%} "
          f"(95% Wilson interval {lo:.1%}–{hi:.1%}); {'above' if lo > 0.5 else 'NOT above'} 50%")

    xs = [c[0] for c in curve]
    rates = np.array([c[1] / args.curve_games for c in curve])
    los = np.array([c[2][0] for c in curve])
    his = np.array([c[2][1] for c in curve])
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.fill_between(xs, los, his, alpha=0.25, label="95% interval")
    ax.plot(xs, rates, marker="o", label=f"win rate ({args.curve_games} games a point)")
    ax.axhline(0.5, color="grey", lw=1, ls="--")
    ax.set_xlabel("training games")
    ax.set_ylabel("win rate against level1")
    ax.set_title(f"Ludo, 2 players: TD(0) linear afterstate value; final {wins / args.eval:.1%} "
                 f"({lo:.1%}–{hi:.1%}) in {args.eval} games", fontsize=9)
    ax.set_ylim(0, 1)
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(args.plot, dpi=110)
    print(f"curve saved to {args.plot}")


if __name__ == "__main__":
    main()
