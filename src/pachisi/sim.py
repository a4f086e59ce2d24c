"""Simulation: many games between compiled bots, and the statistics that
answer "which seat, which variant is fair?"."""
from dataclasses import dataclass
import math
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


def simulate(game, n, bots, seed=0, max_rolls=100_000, chunk=500, progress=None):
    """Play n games in the kernel; `progress(done)` is called after each chunk."""
    policies = policies_for(bots, game.players)
    k = game.kernel
    start = game.new_state(seed=seed, first_player=0).arr
    by_rolloff = game.opts.get("first_player", "rolloff") != "first"
    out = np.zeros((n, 5), np.int64)
    t0 = time.perf_counter()
    done = 0
    while done < n:
        m = min(chunk, n - done)
        k.run_many(start, game.tab, seed + done, m, policies, False, by_rolloff, max_rolls, out[done:done + m])
        done += m
        if progress:
            progress(done)
    ok = out[:, 3] >= 0
    wins = [int((out[ok, 3] == p).sum()) for p in range(game.players)]
    return SimResult(n, int(ok.sum()), wins, out[ok, 0], out[ok, 1], out[ok, 2], time.perf_counter() - t0)


def bench(game, seconds=5.0, policy="random", max_rolls=None, seed=0):
    """Complete games per second between compiled bots on one core (after
    compiling), with moves and rolls (turns) per second.  Games longer than
    max_rolls (default: the game's `turn_cap`) are cut off and not counted
    as finished; chunks grow until each takes about a fifth of a second."""
    policies = np.full(4, BOTS[policy].policy, np.int64)
    cap = max_rolls or game.turn_cap
    k = game.kernel
    start = game.new_state(seed=seed, first_player=0).arr
    k.run_many(start, game.tab, seed, 1, policies, False, True, cap, np.zeros((1, 5), np.int64))
    games = finished = actions = rolls = 0
    chunk = 1
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        out = np.zeros((chunk, 5), np.int64)
        t1 = time.perf_counter()
        k.run_many(start, game.tab, seed + games, chunk, policies, False, True, cap, out)
        games += chunk
        finished += int((out[:, 3] >= 0).sum())
        rolls += int(out[:, 0].sum())
        actions += int(out[:, 1].sum())
        if time.perf_counter() - t1 < 0.2:
            chunk *= 2
    dt = time.perf_counter() - t0
    return {"game": game.name, "players": game.players, "policy": policy, "games": games,
            "finished": finished, "cap": cap, "seconds": dt, "games_per_s": games / dt,
            "finished_per_s": finished / dt, "moves_per_s": actions / dt, "rolls_per_s": rolls / dt}
