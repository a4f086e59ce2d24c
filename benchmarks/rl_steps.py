"""Environment steps per second of pachisi.rl, for Ludo and Шиш-беш (or the
games named): the PettingZoo AEC environment (every seat an agent) and the
Gymnasium one (seat 0 against level1 bots, whose moves are part of a step);
the AEC one as rl.env gives it (in PettingZoo's OrderEnforcingWrapper) and
as rl.raw_env does (without).
An agent's action is a random legal one drawn from the mask; resets are
counted in.  One process, one core; the rates are per CPU-second of the
process (time.process_time), so other work on the machine slows them less.

    PYTHONPATH=src python benchmarks/rl_steps.py [--seconds 5] [--players 4] [--skip-forced] [games...]

--skip-forced: the environments play the decisions that have a single legal
action themselves (a step is then a real choice).
"""
import argparse
import time

import numpy as np

from pachisi import rl


def aec_steps(game, players, seconds, skip_forced=False, make=rl.env):
    env = make(game, players=players, skip_forced=skip_forced)
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
    cpu = time.process_time() - t0
    return steps / cpu, episodes / cpu


def gym_steps(game, players, seconds, skip_forced=False):
    env = rl.gym_env(game, seat=0, opponents="level1", players=players, skip_forced=skip_forced)
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
    cpu = time.process_time() - t0
    return steps / cpu, episodes / cpu


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("games", nargs="*", default=["ludo", "shishbesh"])
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--skip-forced", action="store_true")
    args = ap.parse_args()
    how = ", skip_forced" if args.skip_forced else ""
    for game in args.games:
        for name, run in (("PettingZoo AEC (rl.env)", aec_steps),
                          ("PettingZoo AEC (rl.raw_env, unwrapped)", lambda *a: aec_steps(*a, make=rl.raw_env)),
                          ("Gymnasium vs level1", gym_steps)):
            rate, eps = run(game, args.players, args.seconds, args.skip_forced)
            print(f"{game}, {args.players} players{how}, {name}: {rate:,.0f} steps, {eps:,.1f} episodes "
                  "per CPU-second")


if __name__ == "__main__":
    main()
