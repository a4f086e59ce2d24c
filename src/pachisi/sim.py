"""Simulation: many games between compiled bots, and the statistics that
answer "which seat, which variant is fair?"."""
from collections import Counter
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import dataclass
import itertools
import json
import math
import os
from pathlib import Path
from typing import Any
import socket
import time

import numpy as np

from .bots import BOTS
from .engine import kernel as K

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
    policies = [n for n, b in BOTS.items() if b.policy is not None]
    for name in names:
        if not isinstance(name, str) or name not in BOTS:
            raise ValueError(f"simulate plays compiled policies, named: {', '.join(policies)}, not {name!r}; "
                             "a bot that searches or decides in Python plays in tournament.run")
        if BOTS[name].policy is None:
            raise ValueError(f"{name} searches and has no compiled policy to simulate with "
                             f"({', '.join(policies)}); it plays in tournament.run")
        codes.append(BOTS[name].policy)
    return np.array(codes + [0] * (K.MAX_PLAYERS - len(codes)), np.int64)


class Tally:
    """What a batch of finished and cut-off games adds up to, kept as counts
    (wins by player and by turn order, histograms of length and captures) so
    that tallies of chunks played anywhere merge exactly, and 10**8 games take
    no more memory than 10**3."""

    def __init__(self, players):
        self.players = players
        self.games = 0
        self.finished = 0
        self.wins = [0] * players           # per player (seat in turn order)
        self.wins_by_order = [0] * players  # by the winner's place in the turn order: who moved first, second...
        self.rolls = Counter()              # finished games by length in rolls
        self.captures = Counter()           # finished games by captures
        self.actions = 0                    # moves played in finished games

    def add_rows(self, rows, first):
        """Rows of Engine.run_many (rolls, actions, captures, winner, ...) and
        each game's first player."""
        ok = rows[:, 3] >= 0
        self.games += len(rows)
        self.finished += int(ok.sum())
        for p in range(self.players):
            self.wins[p] += int((rows[ok, 3] == p).sum())
            self.wins_by_order[p] += int((((rows[ok, 3] - first[ok]) % self.players) == p).sum())
        self.rolls.update(_counts(rows[ok, 0]))
        self.captures.update(_counts(rows[ok, 2]))
        self.actions += int(rows[ok, 1].sum())
        return self

    def add_game(self, winner, first, rolls, captures=None, actions=0):
        """One game (winner None: cut off); captures None when not counted."""
        self.games += 1
        if winner is None:
            return self
        self.finished += 1
        self.wins[winner] += 1
        self.wins_by_order[(winner - first) % self.players] += 1
        self.rolls[int(rolls)] += 1
        if captures is not None:
            self.captures[int(captures)] += 1
        self.actions += int(actions)
        return self

    def merge(self, other):
        self.games += other.games
        self.finished += other.finished
        self.wins = [a + b for a, b in zip(self.wins, other.wins)]
        self.wins_by_order = [a + b for a, b in zip(self.wins_by_order, other.wins_by_order)]
        self.rolls.update(other.rolls)
        self.captures.update(other.captures)
        self.actions += other.actions
        return self

    def to_json(self):
        return {"games": self.games, "finished": self.finished, "wins": self.wins,
                "wins_by_order": self.wins_by_order, "rolls": sorted(self.rolls.items()),
                "captures": sorted(self.captures.items()), "actions": self.actions}

    @classmethod
    def from_json(cls, data, players):
        t = cls(players)
        t.games, t.finished, t.actions = int(data["games"]), int(data["finished"]), int(data["actions"])
        t.wins, t.wins_by_order = [int(x) for x in data["wins"]], [int(x) for x in data["wins_by_order"]]
        if len(t.wins) != players or len(t.wins_by_order) != players:
            raise ValueError(f"a chunk of a {players}-player run has {players} win counts")
        t.rolls = Counter({int(k): int(v) for k, v in data["rolls"]})
        t.captures = Counter({int(k): int(v) for k, v in data["captures"]})
        return t


def _counts(values):
    values = np.asarray(values, np.int64)
    if not len(values):
        return {}
    u, c = np.unique(values, return_counts=True)
    return dict(zip(u.tolist(), c.tolist()))


def hist_stats(hist):
    """Mean, standard deviation and the nearest-rank percentiles p5, p50, p95
    (the smallest value with at least that share of games at or below it) of
    a histogram {value: count}."""
    n = sum(hist.values())
    if not n:
        return {"mean": 0.0, "sd": 0.0, "p5": 0, "p50": 0, "p95": 0, "min": 0, "max": 0}
    values = np.array(sorted(hist), np.float64)
    counts = np.array([hist[v] for v in sorted(hist)], np.float64)
    mean = float((values * counts).sum() / n)
    var = float((counts * (values - mean) ** 2).sum() / (n - 1)) if n > 1 else 0.0
    cum = np.cumsum(counts)
    pct = {f"p{q}": int(values[np.searchsorted(cum, math.ceil(q / 100 * n))]) for q in (5, 50, 95)}
    return {"mean": mean, "sd": math.sqrt(var), **pct, "min": int(values[0]), "max": int(values[-1])}


@dataclass
class SimResult:
    """The totals of a simulation: `wins` per player (seat in turn order) and
    `wins_by_order` by the winner's place in the turn order of its game;
    `rolls` and `captures` count finished games by their length in rolls and
    by their captures ({value: games})."""
    games: int
    finished: int
    wins: list
    wins_by_order: list
    rolls: Counter
    captures: Counter
    actions: int
    seconds: float
    resumed: int = 0          # games read back from the results file rather than played
    rows: Any = None          # with simulate(keep_rows=True): each game's row (gamerows' layout)

    @classmethod
    def of(cls, tally, seconds, resumed=0):
        return cls(tally.games, tally.finished, tally.wins, tally.wins_by_order, tally.rolls, tally.captures,
                   tally.actions, seconds, resumed)

    def _rates(self, counts):
        out = []
        for w in counts:
            lo, hi = wilson(w, self.finished)
            out.append({"wins": int(w), "rate": w / self.finished if self.finished else 0.0, "ci95": [lo, hi]})
        return out

    def seat_rates(self):
        return self._rates(self.wins)

    def order_rates(self):
        return self._rates(self.wins_by_order)

    def team_rates(self, game):
        """In team play, each team's wins (a game is its winner's, whichever partner finished first)."""
        return self._rates([sum(self.wins[p] for p in team) for team in game.teams])

    def team_order_rates(self, game):
        """In team play, the wins of the team of the 1st mover (and his partner), of the 2nd..."""
        return self._rates([sum(self.wins_by_order[p] for p in team) for team in game.teams])

    def as_dict(self, game):
        length = hist_stats(self.rolls)
        caps = hist_stats(self.captures)
        return {
            "game": game.name, "preset": game.preset, "options": game.opts, "players": game.players,
            "games": self.games, "finished": self.finished, "cut_off": self.games - self.finished,
            "seats": [dict(player=game.player_name(i), **r) for i, r in enumerate(self.seat_rates())],
            "turn_order": [dict(place=i + 1, **r) for i, r in enumerate(self.order_rates())],
            **({"teams": [dict(players=[game.player_name(p) for p in team], **r)
                          for team, r in zip(game.teams, self.team_rates(game))],
                "team_order": [dict(places=[p + 1 for p in team], **r)
                               for team, r in zip(game.teams, self.team_order_rates(game))]} if game.teams else {}),
            "rolls_mean": length["mean"], "rolls_sd": length["sd"],
            "rolls_percentiles": {k: length[k] for k in ("p5", "p50", "p95")},
            "captures_per_game": caps["mean"],
            "actions_mean": self.actions / self.finished if self.finished else 0.0,
            "seconds": self.seconds, "resumed_games": self.resumed,
        }


def default_workers():
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


# -- sharding by seed: the same chunks on one core, many processes or a Ray cluster ---------------
def run_sharded(func, jobs, workers=1, ray=None):
    """Call func(*job) for every job and yield the results as they finish
    (in any order): in this process (workers 1), in `workers` processes, or
    as tasks on the Ray cluster at address `ray` ("local" starts one on this
    machine; a running ray.init() is used as it is).  func must be a
    module-level function, so that other processes can import it; at most a
    few jobs per worker are in flight, so a run of millions of chunks does
    not queue them all at once."""
    jobs = list(jobs)
    if ray:
        yield from _run_on_ray(func, jobs, ray, workers)
    elif workers <= 1 or len(jobs) <= 1:
        for job in jobs:
            yield func(*job)
    else:
        window = 4 * workers
        with ProcessPoolExecutor(max_workers=workers) as pool:
            todo, running = iter(jobs), set()
            for job in itertools.islice(todo, window):
                running.add(pool.submit(func, *job))
            while running:
                done, running = wait(running, return_when=FIRST_COMPLETED)
                for job in itertools.islice(todo, len(done)):
                    running.add(pool.submit(func, *job))
                for f in done:
                    yield f.result()


class RayUnavailable(RuntimeError):
    """Ray cannot be used: not installed, nothing answers at the address, or it would not start; one line."""


RAY_TRIES = 3           # starts of a local Ray on a loaded machine may miss their own deadlines: try again


def connect_ray(address, workers=None, tries=RAY_TRIES):
    """Join the Ray cluster at `address` ("local": start one here with `workers` CPUs, or every core; "auto":
    the one this machine runs), starting again up to `tries` times; RayUnavailable when it cannot."""
    try:
        import ray
    except ImportError:
        raise RayUnavailable("--ray needs the ray package: pip install 'pachisi[ray]'") from None
    if address not in ("local", "auto"):
        _answers(address)
    if ray.is_initialized():
        return ray
    problem = ""
    for attempt in range(tries):
        try:
            if address == "local":
                ray.init(num_cpus=workers or None, include_dashboard=False, log_to_driver=False)
            else:
                ray.init(address=address, log_to_driver=False)
            return ray
        except Exception as e:          # Ray's start-up raises many kinds (RuntimeError, ConnectionError, ...)
            problem = (str(e).strip().splitlines() or [type(e).__name__])[0]
            ray.shutdown()
            time.sleep(1 + attempt)
    raise RayUnavailable(f"Ray did not start at {address} in {tries} tries: {problem}")


def _answers(address):
    """RayUnavailable at once when nothing listens at host:port (Ray itself would retry for minutes)."""
    host, _, port = address.removeprefix("ray://").rpartition(":")
    if not port.isdigit():
        raise RayUnavailable(f"--ray {address}: give host:port, local or auto")
    try:
        socket.create_connection((host or "127.0.0.1", int(port)), timeout=10).close()
    except OSError as e:
        raise RayUnavailable(f"no Ray cluster answers at {address}: {e.strerror or e}") from None


def _run_on_ray(func, jobs, address, workers):
    ray = connect_ray(address, workers)
    task = ray.remote(func)
    window = 4 * max(1, int(ray.cluster_resources().get("CPU", 1)))
    todo = iter(jobs)
    running = [task.remote(*job) for job in itertools.islice(todo, window)]
    while running:
        done, running = ray.wait(running, num_returns=1)
        running += [task.remote(*job) for job in itertools.islice(todo, len(done))]
        for ref in done:
            yield ray.get(ref)


# -- simulation -----------------------------------------------------------------------------------
def _play_chunk(spec, seed, count, policies, by_rolloff, max_rolls, keep_rows=False):
    """Play `count` games from seed on (one shard): (seed, count, its Tally as JSON, and with keep_rows
    each game's row (gamerows.run_rows: the same games), else None)."""
    from .games import make_game
    game = make_game(*spec)
    start = game.new_state(seed=0, first_player=0).arr
    if keep_rows:
        from .gamerows import run_rows
        table = run_rows(game.engine, start, seed, count, policies, False, by_rolloff, max_rolls)
        return seed, count, Tally(game.players).add_rows(table[:, 2:7], table[:, 1]).to_json(), table
    rows = game.engine.run_many(start, seed, count, policies, False, by_rolloff, max_rolls)
    if by_rolloff:
        first = np.array([game.engine.rolloff(start, seed + i) for i in range(count)], np.int64)
    else:
        first = np.zeros(count, np.int64)
    return seed, count, Tally(game.players).add_rows(rows, first).to_json(), None


# -- per-game rows as Parquet ---------------------------------------------------------------------
def game_rows(players, seed, first, rolls, actions, order, winner=None, captures=None):
    """One game's row in gamerows' layout, for games played elsewhere (the searching bots' loop):
    the finishing order gives the places; captures None: not counted (-1, null in Parquet)."""
    from .gamerows import ROW_FIXED, ROW_PER_SEAT
    row = np.zeros(ROW_FIXED + ROW_PER_SEAT * players, np.int64)
    win = order[0] if order else (-1 if winner is None else winner)
    row[:ROW_FIXED] = seed, first, rolls, actions, -1 if captures is None else captures, win, win
    per = row[ROW_FIXED:].reshape(players, ROW_PER_SEAT)
    per[:, 1:3] = -1
    per[:, 3] = -1
    for place, p in enumerate(order, 1):
        per[p, 0] = place
    return row


def parquet_table(game, rows, bots, **constants):
    """Games' rows (gamerows' layout, one per game) as a pyarrow Table, a row per game: game, players,
    seed, first_player, rolls, actions, captures (null: not counted), winner (null: cut off), finished, and
    per seat (lists in seat order): bots (each game's, or one list for all), places (null: unfinished),
    captures_made, pieces_captured, actions_by (null: not counted); `constants` add a column each."""
    import pyarrow as pa
    from .gamerows import ROW_FIXED, ROW_PER_SEAT
    n = game.players
    rows = np.asarray(rows, np.int64).reshape(-1, ROW_FIXED + ROW_PER_SEAT * n)
    count = len(rows)
    per = rows[:, ROW_FIXED:].reshape(count, n, ROW_PER_SEAT)

    def seats(values, null, kind):
        flat = values.reshape(-1)
        return pa.FixedSizeListArray.from_arrays(pa.array(flat, kind, mask=null.reshape(-1)), n)

    bots = np.asarray(bots, dtype=object)
    if bots.ndim == 1:
        bots = np.broadcast_to(bots, (count, n))
    columns = {
        "game": pa.array([game.name] * count, pa.string()).dictionary_encode(),
        "players": pa.array(np.full(count, n), pa.int8()),
        "seed": pa.array(rows[:, 0], pa.int64()),
        "first_player": pa.array(rows[:, 1], pa.int8()),
        "rolls": pa.array(rows[:, 2], pa.int64()),
        "actions": pa.array(rows[:, 3], pa.int64()),
        "captures": pa.array(rows[:, 4], pa.int32(), mask=rows[:, 4] < 0),
        "winner": pa.array(rows[:, 5], pa.int8(), mask=rows[:, 5] < 0),
        "finished": pa.array(rows[:, 5] >= 0, pa.bool_()),
        "bots": pa.FixedSizeListArray.from_arrays(pa.array(bots.reshape(-1).tolist(), pa.string()), n),
        "places": seats(per[:, :, 0], per[:, :, 0] <= 0, pa.int8()),
        "captures_made": seats(per[:, :, 1], per[:, :, 1] < 0, pa.int32()),
        "pieces_captured": seats(per[:, :, 2], per[:, :, 2] < 0, pa.int32()),
        "actions_by": seats(per[:, :, 3], per[:, :, 3] < 0, pa.int64()),
    }
    for name, value in constants.items():
        columns[name] = pa.array([value] * count, pa.string()).dictionary_encode()
    meta = {"game": game.name, "players": str(n), "preset": str(game.preset or ""),
            "options": json.dumps(game.opts, ensure_ascii=False, default=str)}
    return pa.table(columns, metadata=meta)


def write_parquet(path, tables):
    """Write the tables (parquet_table's; of one game, several sides or plays) as one Parquet file."""
    import pyarrow as pa
    import pyarrow.parquet as pq
    tables = list(tables)
    table = pa.concat_tables(tables, promote_options="permissive") if len(tables) > 1 else tables[0]
    pq.write_table(table, path)
    return table.num_rows


class ResultsFile:
    """A run's results streamed to a JSON-lines file: a first line saying
    what the run is, then one line per finished chunk (its first seed, its
    games and its tally), appended and flushed as each chunk ends.  Reopened
    with resume, it gives back the chunks already played (a line cut short
    by an interruption is dropped) so that only the others are played."""

    def __init__(self, path, header, resume=False):
        self.path = Path(path)
        self.header = header
        self.done = {}
        if resume and self.path.exists() and self.path.stat().st_size:
            keep = self._read()
            with open(self.path, "r+b") as f:   # drop a torn last line before appending
                f.truncate(keep)
        elif self.path.exists() and self.path.stat().st_size and not resume:
            raise ValueError(f"{self.path} already holds results: add --resume to continue that run, "
                             "or write to another file")
        else:
            with open(self.path, "w", encoding="utf-8") as f:
                f.write(json.dumps({"run": header}, ensure_ascii=False) + "\n")
        self._f = open(self.path, "a", encoding="utf-8")

    def _read(self):
        keep = 0
        with open(self.path, "rb") as f:
            for number, raw in enumerate(f):
                try:
                    line = json.loads(raw)
                except ValueError:
                    if raw.endswith(b"\n"):
                        raise ValueError(f"{self.path}, line {number + 1}: not a JSON line") from None
                    break                                  # the torn last line of an interrupted run
                if not raw.endswith(b"\n"):
                    break
                if number == 0:
                    if line.get("run") != self.header:
                        raise ValueError(f"{self.path} holds another run ({_differs(line.get('run'), self.header)}); "
                                         "resume it with the same arguments")
                else:
                    self.done[int(line["seed"])] = (int(line["games"]), line["tally"])
                keep += len(raw)
        return keep

    def write(self, seed, count, tally):
        self._f.write(json.dumps({"seed": seed, "games": count, "tally": tally}) + "\n")
        self._f.flush()

    def close(self):
        self._f.close()


def _differs(old, new):
    if not isinstance(old, dict):
        return "no run header"
    keys = [k for k in new if old.get(k) != new[k]]
    return ", ".join(f"{k} {old.get(k)!r} here, {new[k]!r} asked" for k in keys) or "another header"


def simulate(game, n, bots, seed=0, max_rolls=100_000, chunk=2000, progress=None, workers=1, ray=None,
             out=None, resume=False, stop_after=None, keep_rows=False):
    """Play n games between compiled bots, game i with seed `seed + i`,
    sharded by seed into chunks; `progress(done)` is called as chunks finish.
    With workers > 1 the chunks are played in that many processes, with
    `ray` (an address, or "local") on a Ray cluster: the games, and so the
    totals, are exactly those of one worker.  With `out` each chunk's tally
    is appended to that JSON-lines file as it ends; `resume` reads back the
    chunks a stopped run wrote and plays only the rest.  `stop_after` stops
    after that many chunks (what an interruption does; for tests).  keep_rows: the result's `rows` hold
    every game played in this run, a row each (gamerows' layout, in seed order; for parquet_table)."""
    policies = [int(c) for c in policies_for(bots, game.players)]
    by_rolloff = game.opts.get("first_player", "rolloff") != "first"
    spec = (game.name, game.players, game.preset, game.opts)
    t0 = time.perf_counter()
    chunks = [(seed + i, min(chunk, n - i)) for i in range(0, n, chunk)]
    total = Tally(game.players)
    results = None
    resumed = 0
    if out is not None:
        header = {"game": game.name, "preset": game.preset, "options": game.opts, "players": game.players,
                  "bots": list(bots), "seed": seed, "n": n, "chunk": chunk, "max_rolls": max_rolls}
        results = ResultsFile(out, header, resume)
        for s, (m, tally) in results.done.items():
            total.merge(Tally.from_json(tally, game.players))
            resumed += m
        chunks = [(s, m) for s, m in chunks if s not in results.done]
    done = resumed
    if progress and done:
        progress(done)
    jobs = [(spec, s, m, policies, by_rolloff, max_rolls, keep_rows) for s, m in chunks[:stop_after]]
    kept = {}
    try:
        for s, m, tally, table in run_sharded(_play_chunk, jobs, workers, ray):
            if keep_rows:
                kept[s] = table
            if results:
                results.write(s, m, tally)
            total.merge(Tally.from_json(tally, game.players))
            done += m
            if progress:
                progress(done)
    finally:
        if results:
            results.close()
    result = SimResult.of(total, time.perf_counter() - t0, resumed)
    if keep_rows:
        result.rows = np.concatenate([kept[s] for s in sorted(kept)]) if kept else None
    return result


def bench(game, seconds=5.0, policy="random", max_rolls=None, seed=0):
    """Complete games per second between compiled bots on one core, with
    moves and rolls (turns) per second, and the CPU time they took.  Games
    longer than max_rolls (default: the game's `turn_cap`) are cut off and
    not counted as finished; chunks grow until each takes about a fifth of a
    second."""
    policies = [BOTS[policy].policy] * game.players
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
