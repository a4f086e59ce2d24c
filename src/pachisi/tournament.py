"""Tournaments between bots: who wins how often, with 95% confidence
intervals, and ratings.

Games are played in deals: a deal is one dice seed (seed + deal number),
played once per rotation of the seats, so every bot sits in every seat and
meets the same dice; with more bots than players the deals go round every
set of bots that fits the table.  Games between the library's bots run
compiled (search.play_game); a game with a bot that decides in Python at the
table is played move by move through its choose(state).

Ratings: an Elo scale fitted to every game at once (Bradley-Terry maximum
likelihood: in a game the winner beats every other bot, or with
play_for_places every bot beats those placed below it; every pair that met
gets a virtual half win each way so that a clean sweep stays finite; the
mean rating is 1500), and an OpenSkill Plackett-Luce rating (mu, sigma)
updated game by game in the order played.
"""
import copy
from dataclasses import dataclass, field
import hashlib
import itertools
import re
import time

import numpy as np

from .bots import BOTS, LEVELS, make_bot
from .bots import search as S
from .engine import kernel as K
from .extras import require
from .engine.game import GameError
from .sim import wilson

MAX_ROLLS = 100_000
_LEVEL = re.compile(r"^(?:level|l)([0-9]+)$", re.I)


@dataclass
class Entrant:
    label: str
    bot: object          # a Bot: its settings, compiled as a parameter row


def parse_bot(spec):
    """An entrant from its text: a bot name (random, greedy, expectimax, mcts),
    a level (level3 or L3), each optionally with settings:
    mcts:iterations=200:explore=0.5."""
    name, *pairs = [p.strip() for p in str(spec).strip().split(":")]
    settings = {}
    m = _LEVEL.match(name)
    if m:
        level = int(m.group(1))
        if level not in LEVELS:
            raise ValueError(f"unknown level {level}; levels: {', '.join(map(str, LEVELS))}")
        name, base = LEVELS[level]
        settings.update(base)
    if name not in BOTS:
        raise ValueError(f"unknown bot {name!r}; bots: {', '.join(BOTS)}, or a level: "
                         + ", ".join(f"level{k}" for k in LEVELS))
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise ValueError(f"a bot setting is key=value, not {pair!r} (in {spec!r})")
        settings[key.strip()] = _number(value.strip())
    make_bot(name, 0, **settings)          # validates the settings
    return Entrant(str(spec).strip(), make_bot(name, 0, **settings))


def _number(text):
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    if text.lower() in ("none", ""):
        return None
    raise ValueError(f"a bot setting is a number, not {text!r}")


def lineups(nbots, players, n):
    """Who sits where in each of n games: a tuple of bot indices per game
    (player j of game i plays bot lineup[i][j]) and the deal of each game."""
    if nbots >= players:
        tables = list(itertools.combinations(range(nbots), players))
    else:
        tables = [tuple(j % nbots for j in range(players))]
    out = []
    for i in range(n):
        deal, r = divmod(i, players)
        table = tables[deal % len(tables)]
        out.append((tuple(table[(j + r) % players] for j in range(players)), deal))
    return out


def _seed(*parts):
    digest = hashlib.blake2b(":".join(map(str, parts)).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little") & ((1 << 62) - 1)


@dataclass
class GameResult:
    lineup: tuple        # bot index of each player
    deal: int
    order: list          # players in finishing order (the winner first); empty when unfinished
    rolls: int
    decisions: int

    @property
    def winner(self):
        return self.order[0] if self.order else None


@dataclass
class TournamentResult:
    game: object
    entrants: list
    seed: int
    games: list = field(default_factory=list)
    seconds: float = 0.0

    def standings(self):
        """Per bot: games, wins, win rate, 95% CI, Elo, OpenSkill mu/sigma."""
        elo = elo_ratings(self.placings(), len(self.entrants))
        skill = openskill_ratings(self.placings(), len(self.entrants))
        rows = []
        for b, e in enumerate(self.entrants):
            played = [g for g in self.games if g.order and b in g.lineup]
            wins = sum(1 for g in played if g.lineup[g.winner] == b)
            rate = wins / len(played) if played else 0.0
            lo, hi = _interval(wins, len(played))
            rows.append({"bot": e.label, "settings": repr(e.bot), "games": len(played), "wins": wins,
                         "rate": rate, "ci95": [lo, hi],
                         "elo": elo[b], "mu": skill[b][0], "sigma": skill[b][1],
                         "ordinal": skill[b][0] - 3 * skill[b][1]})
        return rows

    def placings(self):
        """Each finished game as a list of bot indices, best placed first; bots
        not told apart (the losers when only the winner is known) share the
        last group: [[winner], [others...]] or [[1st], [2nd], ...]."""
        out = []
        for g in self.games:
            if not g.order:
                continue
            groups, seen = [], set()
            for p in g.order:
                b = g.lineup[p]
                if b not in seen:
                    groups.append([b])
                    seen.add(b)
            rest = sorted(set(g.lineup) - seen)
            if rest:
                groups.append(rest)
            out.append(groups)
        return out

    def as_dict(self):
        g = self.game
        finished = [x for x in self.games if x.order]
        return {
            "game": g.name, "preset": g.preset, "options": g.opts, "players": g.players, "seed": self.seed,
            "games": len(self.games), "finished": len(finished), "seconds": self.seconds,
            "rolls_mean": float(np.mean([x.rolls for x in finished])) if finished else 0.0,
            "bots": self.standings(),
            "head_to_head": self.head_to_head(),
        }

    def head_to_head(self):
        """For every pair of bots that met: games between them (both at the
        table) and how often the first finished ahead of the second."""
        out = []
        for a, b in itertools.combinations(range(len(self.entrants)), 2):
            met = ahead = 0
            for groups in self.placings():
                rank = {x: i for i, grp in enumerate(groups) for x in grp}
                if a in rank and b in rank and rank[a] != rank[b]:
                    met += 1
                    ahead += rank[a] < rank[b]
            if met:
                lo, hi = _interval(ahead, met)
                out.append({"bot": self.entrants[a].label, "opponent": self.entrants[b].label, "games": met,
                            "ahead": ahead, "rate": ahead / met, "ci95": [lo, hi]})
        return out


def _interval(k, n):
    """The Wilson 95% interval, held around the rate against rounding at 0 and 1."""
    lo, hi = wilson(k, n)
    rate = k / n if n else 0.0
    return min(lo, rate), max(hi, rate)


def run(game, entrants, n, seed=0, progress=None, workers=1, ray=None, chunk=20):
    """Play n games between the entrants (Entrants, or bots named by their
    `name`; see the module docstring); with
    workers > 1 (processes) or `ray` (a Ray cluster's address, or "local") the
    games are shared out in chunks of `chunk` by their number: every game has
    its own seeds, so the results are those of one process.

    A bot that decides in Python (a Bot subclass with its own choose, any
    object with a choose(state) method, mcts with `seconds`) really plays:
    the games it sits in are played in this process, its choose called for
    every decision, on the same dice as the compiled games."""
    entrants = [e if isinstance(e, Entrant) else Entrant(str(getattr(e, "name", "") or type(e).__name__), e)
                for e in entrants]
    if len(entrants) < 2:
        raise ValueError("a tournament needs at least two bots")
    if n < 1:
        raise ValueError("play at least one game")
    from .sim import run_sharded
    for e in entrants:
        if not callable(getattr(e.bot, "choose", None)):
            raise ValueError(f"{e.label}: a bot has a choose(state) method that returns a legal move")
    compiled = [bool(getattr(e.bot, "compiled", False)) for e in entrants]
    table = np.array([e.bot.params() if c else np.zeros(S.NPARAMS) for e, c in zip(entrants, compiled)])
    res = TournamentResult(game, entrants, seed)
    spec = (game.name, game.players, game.preset, game.opts)
    games = list(enumerate(lineups(len(entrants), game.players, n)))
    in_python = [g for g in games if not all(compiled[b] for b in g[1][0])]
    games = [g for g in games if all(compiled[b] for b in g[1][0])]
    jobs = [(spec, table, seed, games[i:i + chunk]) for i in range(0, len(games), chunk)]
    played = [None] * n
    t0 = time.perf_counter()
    done = 0
    for part in itertools.chain(run_sharded(_play_games, jobs, workers, ray),
                                (_play_in_python(game, entrants, seed, g) for g in in_python)):
        for i, result in part:
            played[i] = result
        done += len(part)
        if progress:
            progress(done)
    res.games = played
    res.seconds = time.perf_counter() - t0
    return res


def rows_table(res):
    """The tournament's games as a pyarrow Table, a row each (sim.parquet_table: the deal's dice seed, the
    bot of each seat, places, rolls and decisions; captures are not counted by the searching bots' loop)."""
    from .sim import game_rows, parquet_table
    g, n = res.game, res.game.players
    rows, bots, deals = [], [], []
    for i, r in enumerate(res.games):
        dice_seed = (res.seed + r.deal) & ((1 << 62) - 1)
        first = g.new_state(seed=dice_seed).current_player
        rows.append(game_rows(n, dice_seed, first, r.rolls, r.decisions, list(r.order)))
        bots.append([res.entrants[b].label for b in r.lineup])
        deals.append(r.deal)
    table = parquet_table(g, np.array(rows), bots)
    return table.append_column("game_number", pa_int64(range(len(rows)))).append_column("deal", pa_int64(deals))


def pa_int64(values):
    import pyarrow as pa
    return pa.array(list(values), pa.int64())


def _play_games(spec, table, seed, games):
    """Play the numbered games [(i, (lineup, deal)), ...] of a tournament: [(i, GameResult)]."""
    from .bots import search
    from .games import make_game
    game = make_game(*spec)
    out = np.zeros(2 + K.MAX_PLAYERS, np.int64)
    results = []
    for i, (lineup, deal) in games:
        dice_seed = (seed + deal) & ((1 << 62) - 1)
        state = game.new_state(seed=dice_seed)
        seeds = np.array([_seed(seed, i, j) for j in range(game.players)], np.int64)
        search.play_game(game.engine, state.arr, dice_seed, table, np.array(lineup, np.int64), seeds, MAX_ROLLS, out)
        order = [int(x) for x in out[2:2 + game.players] if x >= 0]
        results.append((i, GameResult(lineup, deal, order, int(out[0]), int(out[1]))))
    return results


def _play_in_python(game, entrants, seed, numbered):
    """Play game i of a tournament with a bot at the table that decides in Python:
    (i, GameResult).  The dice are those the compiled games roll (the deal's
    seed); each bot's choose(state) is called in this process, on the entrant's
    own object, so what a bot keeps (a count, a table it learns) stays with the
    caller's bot.  The library's bots at the table play as copies seeded like
    their compiled counterparts, one seed per game and seat."""
    i, (lineup, deal) = numbered
    dice_seed = (seed + deal) & ((1 << 62) - 1)
    state = game.new_state(seed=dice_seed)
    seats = []
    for j, b in enumerate(lineup):
        bot = entrants[b].bot
        if getattr(bot, "compiled", False):
            bot = copy.copy(bot)
            bot.seed = _seed(seed, i, j)
        seats.append(bot)
    decisions = 0
    while not state.is_over and state.rolls < MAX_ROLLS:
        if state.is_chance:
            state.roll()
            continue
        player = state.current_player
        move = seats[player].choose(state)
        try:
            state.push(move)
        except GameError as e:
            raise ValueError(f"{entrants[lineup[player]].label} chose {move!r}, which is not legal here: {e}") from None
        decisions += 1
    order = state.finish_order                  # as search.play_game gives it
    if not order and state.winner is not None:
        order = [state.winner]
    return [(i, GameResult(lineup, deal, order, int(state.rolls), decisions))]


# -- ratings -------------------------------------------------------------------------------
def pairwise(placings, nbots):
    """wins[a, b]: how often bot a was placed above bot b."""
    wins = np.zeros((nbots, nbots))
    for groups in placings:
        for i, upper in enumerate(groups):
            for lower in groups[i + 1:]:
                for a in upper:
                    for b in lower:
                        wins[a, b] += 1
    return wins


def elo_ratings(placings, nbots, prior=0.5, iterations=2000):
    """Bradley-Terry strengths by maximum likelihood (Hunter's MM algorithm)
    on the pairwise results, with `prior` virtual wins each way for every
    pair that met, as Elo points: 400 log10(strength), mean 1500."""
    wins = pairwise(placings, nbots)
    met = (wins + wins.T) > 0
    wins = wins + prior * met
    games = wins + wins.T
    gamma = np.ones(nbots)
    for _ in range(iterations):
        new = gamma.copy()
        for a in range(nbots):
            denom = sum(games[a, b] / (gamma[a] + gamma[b]) for b in range(nbots) if games[a, b])
            if denom:
                new[a] = wins[a].sum() / denom
        new /= np.exp(np.mean(np.log(new)))
        if np.allclose(new, gamma, rtol=1e-12, atol=0):
            gamma = new
            break
        gamma = new
    elo = 400 * np.log10(gamma)
    return [float(x) for x in 1500 + elo - elo.mean()]


def openskill_ratings(placings, nbots):
    """OpenSkill Plackett-Luce (mu, sigma) per bot after every game in turn."""
    require("rating", "OpenSkill ratings")
    from openskill.models import PlackettLuce
    model = PlackettLuce()
    ratings = [model.rating() for _ in range(nbots)]
    for groups in placings:
        teams, ranks = [], []
        for rank, grp in enumerate(groups, 1):
            for b in grp:
                teams.append([ratings[b]])
                ranks.append(rank)
        new = model.rate(teams, ranks=ranks)
        for team, (b,) in zip(new, [[b] for grp in groups for b in grp]):
            ratings[b] = team[0]
    return [(float(r.mu), float(r.sigma)) for r in ratings]


# -- output ------------------------------------------------------------------------------------
def markdown(result):
    """The standings as a Markdown table, and the head-to-head results."""
    d = result.as_dict()
    g = result.game
    lines = [f"**{g.title}** (preset {g.preset}{', ' + g.option_string() if g.preset != 'seed' else ''}): "
             f"{d['games']} games ({d['finished']} finished), {d['players']} players, seats rotated, "
             f"seed {d['seed']}, {d['seconds']:.1f} s", "",
             "| bot | settings | games | wins | win rate | 95% CI | Elo | OpenSkill mu ± sigma |",
             "|---|---|---:|---:|---:|---|---:|---|"]
    for r in d["bots"]:
        lines.append(f"| {r['bot']} | `{r['settings']}` | {r['games']} | {r['wins']} | {r['rate']:.3f} | "
                     f"{r['ci95'][0]:.3f}–{r['ci95'][1]:.3f} | {r['elo']:.0f} | {r['mu']:.1f} ± {r['sigma']:.1f} |")
    return "\n".join(lines) + "\n"


def plot_path(path):
    """Where plot(result, path) writes: matplotlib adds .png to a name without a
    suffix.  A ValueError names what is wrong with the place (checked before a
    tournament is played, not after)."""
    import os
    from pathlib import Path
    require("plot", "a plot")
    import matplotlib
    matplotlib.use("Agg")
    from matplotlib.figure import Figure
    path = Path(path)
    if not path.suffix:
        path = path.with_name(path.name + ".png")
    kinds = Figure().canvas.get_supported_filetypes()
    if path.suffix[1:].lower() not in kinds:
        raise ValueError(f"a plot is saved as one of {', '.join(sorted(kinds))}, not {path.suffix!r}")
    folder = path.parent
    if path.is_dir():
        raise ValueError(f"{path} is a folder")
    if not folder.is_dir():
        raise ValueError(f"the folder {folder} does not exist")
    if not os.access(folder, os.W_OK) or path.exists() and not os.access(path, os.W_OK):
        raise ValueError(f"{path} cannot be written (no permission)")
    return path


def plot(result, path):
    """A PNG (or the format the suffix names): each bot's win rate with its 95% CI, and its ratings."""
    require("plot", "a plot")
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    rows = result.standings()
    labels = [r["bot"] for r in rows]
    x = np.arange(len(rows))
    fig, (left, right) = plt.subplots(1, 2, figsize=(4 + 1.6 * len(rows), 4.2))
    rate = np.array([r["rate"] for r in rows])
    lo = np.array([r["ci95"][0] for r in rows])
    hi = np.array([r["ci95"][1] for r in rows])
    left.bar(x, rate, yerr=[rate - lo, hi - rate], capsize=4, color="tab:blue")
    left.axhline(1 / result.game.players, color="grey", lw=0.8, ls="--")
    left.set_xticks(x, labels, rotation=20)
    left.set_ylim(0, 1)
    left.set_title("win rate, 95% CI")
    mu = np.array([r["mu"] for r in rows])
    sigma = np.array([r["sigma"] for r in rows])
    right.errorbar(x, mu, yerr=2 * sigma, fmt="o", capsize=4, color="tab:orange")
    for xi, r in zip(x, rows):
        right.annotate(f"Elo {r['elo']:.0f}", (xi, r["mu"]), textcoords="offset points", xytext=(6, 4),
                       fontsize=8)
    right.set_xticks(x, labels, rotation=20)
    right.set_title("OpenSkill mu ± 2 sigma")
    fig.suptitle(f"{result.game.title}: {len(result.games)} games, {result.game.players} players")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def entrants_from(spec):
    """Entrants from a comma-separated list of bot texts; a bot listed more
    than once is that many entrants, told apart as random#1, random#2."""
    entrants = [parse_bot(s) for s in str(spec).split(",") if s.strip()]
    counts = {}
    for e in entrants:
        counts[e.label] = counts.get(e.label, 0) + 1
    seen = {}
    for e in entrants:
        if counts[e.label] > 1:
            seen[e.label] = seen.get(e.label, 0) + 1
            e.label = f"{e.label}#{seen[e.label]}"
    return entrants


def default_players(game_class, nbots):
    """As many players as bots when the game seats them, else two."""
    return nbots if game_class.min_players <= nbots <= game_class.max_players else max(2, game_class.min_players)

