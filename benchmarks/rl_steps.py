"""Environment steps per second of pachisi.rl, for Ludo and Шиш-беш (or the
games named): the PettingZoo AEC environment (every seat an agent) and the
Gymnasium one (seat 0 against level1 bots, whose moves are part of a step).
An agent's action is a random legal one drawn from the mask; resets are
counted in.  One process, one core; the rates are per CPU-second of the
process (time.process_time), so other work on the machine slows them less.

    PYTHONPATH=src python benchmarks/rl_steps.py [--seconds 5] [--players 4] [games...]
"""
import argparse
import time

import numpy as np

from pachisi import rl


def aec_steps(game, players, seconds):
    env = rl.env(game, players=players)
    rng = np.random.default_rng(0)
    steps = episodes = 0
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        env.reset(seed=episodes)
        episodes += 1
        for _ in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
    return steps / (time.process_time() - t0), episodes


def gym_steps(game, players, seconds):
    env = rl.gym_env(game, seat=0, opponents="level1", players=players)
    rng = np.random.default_rng(0)
    steps = episodes = 0
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        _, info = env.reset(seed=episodes)
        episodes += 1
        done = False
        while not done:
            _, _, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
            done = term or trunc
            steps += 1
    return steps / (time.process_time() - t0), episodes


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("games", nargs="*", default=["ludo", "shishbesh"])
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--players", type=int, default=4)
    args = ap.parse_args()
    for game in args.games:
        rate, eps = aec_steps(game, args.players, args.seconds)
        print(f"{game}, {args.players} players, PettingZoo AEC: {rate:,.0f} steps per CPU-second ({eps} episodes)")
        rate, eps = gym_steps(game, args.players, args.seconds)
        print(f"{game}, {args.players} players, Gymnasium vs level1: {rate:,.0f} steps per CPU-second ({eps} episodes)")


if __name__ == "__main__":
    main()
