"""Simulation: many games between compiled bots, and the statistics that
answer "which seat, which variant is fair?"."""
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
import math
import os
import time

import numpy as np

from .bots import BOTS

Z95 = 1.959963984540054


def wilson(wins, n, z=Z95):
    """95% Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def policies_for(names, players):
    """Compiled policy codes for bot names (one per player)."""
    if len(names) != players:
        raise ValueError(f"give one bot per player: {players} names, not {len(names)}")
    codes = []
    for name in names:
        if name not in BOTS:
            raise ValueError(f"unknown bot {name!r} for simulation; bots: {', '.join(BOTS)}")
        codes.append(BOTS[name].policy)
    return np.array(codes + [0] * (4 - len(codes)), np.int64)


@dataclass
class SimResult:
    games: int
    finished: int
    wins: list            # per player (seat in turn order)
    rolls: np.ndarray     # per finished game
    actions: np.ndarray
    captures: np.ndarray
    seconds: float

    def seat_rates(self):
        out = []
        for w in self.wins:
            lo, hi = wilson(w, self.finished)
            out.append({"wins": int(w), "rate": w / self.finished if self.finished else 0.0,
                        "ci95": [lo, hi]})
        return out

    def as_dict(self, game):
        return {
            "game": game.name, "preset": game.preset, "options": game.opts, "players": game.players,
            "games": self.games, "finished": self.finished,
            "seats": [dict(player=game.player_name(i), **r) for i, r in enumerate(self.seat_rates())],
            "rolls_mean": float(self.rolls.mean()) if len(self.rolls) else 0.0,
            "rolls_sd": float(self.rolls.std(ddof=1)) if len(self.rolls) > 1 else 0.0,
            "captures_per_game": float(self.captures.mean()) if len(self.captures) else 0.0,
            "actions_mean": float(self.actions.mean()) if len(self.actions) else 0.0,
            "seconds": self.seconds,
        }


def _play_chunk(spec, seed, count, policies, by_rolloff, max_rolls):
    """Play `count` games from seed on (a worker's share): rows of run_many."""
    from .games import make_game
    game = make_game(*spec)
    start = game.new_state(seed=0, first_player=0).arr
    return seed, game.engine.run_many(start, seed, count, policies, False, by_rolloff, max_rolls)


def default_workers():
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def simulate(game, n, bots, seed=0, max_rolls=100_000, chunk=2000, progress=None, workers=1):
    """Play n games between compiled bots, game i with seed `seed + i`;
    `progress(done)` is called as chunks finish.  With workers > 1 the chunks
    are played in that many processes: the games, and so the totals, are
    exactly those of one worker."""
    policies = [int(c) for c in policies_for(bots, game.players)]
    by_rolloff = game.opts.get("first_player", "rolloff") != "first"
    spec = (game.name, game.players, game.preset, game.opts)
    out = np.zeros((n, 5), np.int64)
    t0 = time.perf_counter()
    chunks = [(seed + i, min(chunk, n - i)) for i in range(0, n, chunk)]
    done = 0
    if workers <= 1 or len(chunks) == 1:
        start = game.new_state(seed=0, first_player=0).arr
        for s, m in chunks:
            out[s - seed:s - seed + m] = game.engine.run_many(start, s, m, policies, False, by_rolloff, max_rolls)
            done += m
            if progress:
                progress(done)
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            jobs = [pool.submit(_play_chunk, spec, s, m, policies, by_rolloff, max_rolls) for s, m in chunks]
            for job in as_completed(jobs):
                s, rows = job.result()
                out[s - seed:s - seed + len(rows)] = rows
                done += len(rows)
                if progress:
                    progress(done)
    ok = out[:, 3] >= 0
    wins = [int((out[ok, 3] == p).sum()) for p in range(game.players)]
    return SimResult(n, int(ok.sum()), wins, out[ok, 0], out[ok, 1], out[ok, 2], time.perf_counter() - t0)


def bench(game, seconds=5.0, policy="random", max_rolls=None, seed=0):
    """Complete games per second between compiled bots on one core, with
    moves and rolls (turns) per second, and the CPU time they took.  Games
    longer than max_rolls (default: the game's `turn_cap`) are cut off and
    not counted as finished; chunks grow until each takes about a fifth of a
    second."""
    policies = [BOTS[policy].policy] * 4
    cap = max_rolls or game.turn_cap
    start = game.new_state(seed=seed, first_player=0).arr
    games = finished = actions = rolls = 0
    chunk = 1
    t0, c0 = time.perf_counter(), time.process_time()
    while time.perf_counter() - t0 < seconds:
        t1 = time.perf_counter()
        out = game.engine.run_many(start, seed + games, chunk, policies, False, True, cap)
        games += chunk
        finished += int((out[:, 3] >= 0).sum())
        rolls += int(out[:, 0].sum())
        actions += int(out[:, 1].sum())
        if time.perf_counter() - t1 < 0.2:
            chunk *= 2
    dt, cpu = time.perf_counter() - t0, time.process_time() - c0
    return {"game": game.name, "players": game.players, "policy": policy, "games": games,
            "finished": finished, "cap": cap, "seconds": dt, "cpu_seconds": cpu, "games_per_s": games / dt,
            "games_per_cpu_s": games / cpu if cpu else 0.0,
            "finished_per_s": finished / dt, "moves_per_s": actions / dt, "rolls_per_s": rolls / dt}


def _bench_worker(spec, seconds, policy, max_rolls, seed):
    from .games import make_game
    return bench(make_game(*spec), seconds, policy, max_rolls, seed)


def bench_all_cores(game, workers, seconds=5.0, policy="random", max_rolls=None):
    """The same benchmark in `workers` processes at once: their games per second added up."""
    spec = (game.name, game.players, game.preset, game.opts)
    with ProcessPoolExecutor(max_workers=workers) as pool:
        runs = list(pool.map(_bench_worker, [spec] * workers, [seconds] * workers, [policy] * workers,
                             [max_rolls] * workers, [1_000_000 * i for i in range(workers)]))
    total = {key: sum(r[key] for r in runs) for key in ("games", "finished", "games_per_s", "finished_per_s",
                                                      "moves_per_s", "rolls_per_s")}
    return dict(total, workers=workers, game=game.name, players=game.players, policy=policy)
