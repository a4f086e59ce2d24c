"""Environment steps per second of pachisi.rl, for Ludo and Шиш-беш (or the
games named), side by side in one run: the library loop (State.roll,
legal_actions, push a random one), the PettingZoo AEC environment (every
seat an agent) as rl.env gives it (in PettingZoo's OrderEnforcingWrapper)
and as rl.raw_env does (without), the Gymnasium one (seat 0 against level1
bots, whose moves are part of a step), and the batched compiled environment
(rl.batch_env: --envs games a call, seat 0 against level1 and level3, and in
self-play) on one thread and on one thread per core.
An agent's action is a random legal one drawn from the mask (for the
batched environment by numpy over the whole batch, counted in); resets are
counted in.  The rates are per CPU-second of the process (time.process_time),
so other work on the machine slows them less; the all-cores line also gives
steps per wall-second.

    PYTHONPATH=src python benchmarks/rl_steps.py [--seconds 5] [--players 4] [--envs 1024] [--skip-forced]
        [--only batch] [games...]

--skip-forced: the environments play the decisions that have a single legal
action themselves (a step is then a real choice).
"""
import argparse
import random
import time

import numpy as np

from pachisi import make_game, rl
from pachisi.rl.vector import default_threads


def library_steps(game, players, seconds, skip_forced=False):
    """The library loop: a step is one push (the rolls and legal lists around it counted in)."""
    g = make_game(game, players)
    rng = random.Random(0)
    steps = episodes = 0
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        state = g.new_state(seed=episodes)
        episodes += 1
        while not state.is_over:
            if state.is_chance:
                state.roll()
            else:
                state.push(rng.choice(state.legal_actions()))
                steps += 1
    cpu = time.process_time() - t0
    return steps / cpu, episodes / cpu


def batch_steps(game, players, seconds, skip_forced=False, opponents="level1", threads=1, envs=1024):
    """The batched environment: steps are games x calls; returns (per CPU-second, per wall-second, episodes
    per CPU-second)."""
    env = rl.batch_env(game, num_envs=envs, players=players, opponents=opponents, skip_forced=skip_forced,
                       threads=threads)
    rng = np.random.default_rng(0)
    env.reset(seed=0)
    steps = episodes = 0
    t0, w0 = time.process_time(), time.perf_counter()
    while time.process_time() - t0 < seconds:
        acts = (rng.random(env.masks.shape, np.float32) * env.masks).argmax(1)
        env.step(acts)
        steps += envs
        episodes += int(env.terminals.sum() + env.truncations.sum())
    cpu, wall = time.process_time() - t0, time.perf_counter() - w0
    env.close()
    return steps / cpu, steps / wall, episodes / cpu


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
    ap.add_argument("--envs", type=int, default=1024, help="games a call of the batched environment")
    ap.add_argument("--skip-forced", action="store_true")
    ap.add_argument("--only", choices=["batch"], help="only the batched environment")
    args = ap.parse_args()
    how = ", skip_forced" if args.skip_forced else ""
    cores = default_threads()
    for game in args.games:
        head = f"{game}, {args.players} players{how}"
        if not args.only:
            for name, run in (("library loop (roll, legal_actions, push)", library_steps),
                              ("PettingZoo AEC (rl.env)", aec_steps),
                              ("PettingZoo AEC (rl.raw_env, unwrapped)", lambda *a: aec_steps(*a, make=rl.raw_env)),
                              ("Gymnasium vs level1", gym_steps)):
                rate, eps = run(game, args.players, args.seconds, args.skip_forced)
                print(f"{head}, {name}: {rate:,.0f} steps, {eps:,.1f} episodes per CPU-second", flush=True)
        for opponents in ("level1", "level3", "self"):
            for threads in sorted({1, cores}):
                rate, wall, eps = batch_steps(game, args.players, args.seconds, args.skip_forced, opponents,
                                              threads, args.envs)
                where = "one core" if threads == 1 else f"{threads} threads"
                print(f"{head}, batched ({args.envs} games, vs {opponents}, {where}): {rate:,.0f} steps, "
                      f"{eps:,.1f} episodes per CPU-second; {wall:,.0f} steps per wall-second", flush=True)


if __name__ == "__main__":
    main()
