"""The fairness lab: is a seat favoured, does a house rule make a game fairer
or longer?  For random, greedy and level-5 play (every seat the same bot)
it measures win rates per seat and per turn order with 95% Wilson intervals,
game length (mean, percentiles), captures and the share of games cut off;
`compare` sets two option sets side by side with proper tests: a chi-square
test of the seat distribution, two-proportion z-tests per seat and per turn
order (Holm-adjusted within each family), Welch's t
for captures and the Mann–Whitney U test (normal approximation with the tie
correction) for lengths, each with its p-value and, when it is not
significant, the games per arm that would settle a difference of the size
seen (5% level, power 80%).
"""
from dataclasses import dataclass
import math
import time

import numpy as np

from .bots import LEVELS, make_bot
from .engine import kernel as K
from .extras import require
from .sim import SimResult, Tally, game_rows, hist_stats, run_sharded, simulate

PLAYS = ("random", "greedy", "level5")
ALPHA = 0.05
Z_ALPHA = 1.959963984540054      # two-sided 5%
Z_POWER = 0.8416212335729143     # power 80%


def cap(game):
    """Rolls after which a game counts as cut off."""
    return min(game.turn_cap, 100_000)


@dataclass
class Measure:
    play: str
    result: SimResult
    captures_counted: bool = True

    def as_dict(self, game):
        d = self.result.as_dict(game)
        d["play"] = self.play
        d["cut_off_share"] = d["cut_off"] / d["games"] if d["games"] else 0.0
        if not self.captures_counted:
            d["captures_per_game"] = None
        return d


def _level5_chunk(spec, seed, count, max_rolls, keep_rows=False):
    """`count` games from seed on with level 5 in every seat: (seed, count, Tally as JSON, with keep_rows
    their rows (sim.game_rows: captures not counted) else None)."""
    from .bots import search
    from .games import make_game
    game = make_game(*spec)
    name, settings = LEVELS[5]
    table = np.array([make_bot(name, 0, **settings).params()])
    out = np.zeros(2 + K.MAX_PLAYERS, np.int64)
    seats = np.zeros(game.players, np.int64)
    tally = Tally(game.players)
    rows = []
    for s in range(seed, seed + count):
        state = game.new_state(seed=s)
        first = state.current_player
        bot_seeds = np.array([(s * 7919 + j) & ((1 << 62) - 1) for j in range(game.players)], np.int64)
        search.play_game(game.engine, state.arr, s, table, seats, bot_seeds, max_rolls, out)
        winner = int(out[2]) if out[2] >= 0 else None
        tally.add_game(winner, first, int(out[0]), None, int(out[1]))
        if keep_rows:
            order = [int(x) for x in out[2:2 + game.players] if x >= 0]
            rows.append(game_rows(game.players, s, first, int(out[0]), int(out[1]), order, winner))
    return seed, count, tally.to_json(), (np.array(rows) if keep_rows else None)


def measure(game, play, n, seed=0, workers=1, ray=None, progress=None, keep_rows=False):
    """n games of `play` (random, greedy or level5 in every seat); keep_rows: each game's row in the
    result's `rows` (sim.parquet_table)."""
    if play not in PLAYS:
        raise ValueError(f"unknown play {play!r}; plays: {', '.join(PLAYS)}")
    if play in ("random", "greedy"):
        res = simulate(game, n, [play] * game.players, seed=seed, max_rolls=cap(game), workers=workers, ray=ray,
                       chunk=2000 if play == "random" else 500, progress=progress, keep_rows=keep_rows)
        return Measure(play, res)
    t0 = time.perf_counter()
    spec = (game.name, game.players, game.preset, game.opts)
    chunk = 5
    jobs = [(spec, s, min(chunk, seed + n - s), cap(game), keep_rows) for s in range(seed, seed + n, chunk)]
    total, done, kept = Tally(game.players), 0, {}
    for s, m, tally, rows in run_sharded(_level5_chunk, jobs, workers, ray):
        kept[s] = rows
        total.merge(Tally.from_json(tally, game.players))
        done += m
        if progress:
            progress(done)
    result = SimResult.of(total, time.perf_counter() - t0)
    if keep_rows and kept:
        result.rows = np.concatenate([kept[s] for s in sorted(kept)])
    return Measure(play, result, captures_counted=False)


# -- tests ---------------------------------------------------------------------------------------
def normal_sf(z):
    """P(Z > z) of a standard normal."""
    return 0.5 * math.erfc(z / math.sqrt(2))


def chi2_sf(x, k):
    """P(X > x) of a chi-square with k degrees of freedom (the closed forms for whole k)."""
    if x <= 0:
        return 1.0
    if k % 2 == 0:
        term = total = 1.0
        for i in range(1, k // 2):
            term *= x / (2 * i)
            total += term
        return min(1.0, math.exp(-x / 2) * total)
    term = math.sqrt(x) * math.sqrt(2 / math.pi) * math.exp(-x / 2)
    total = 0.0
    for i in range(1, (k + 1) // 2):
        total += term
        term *= x / (2 * i + 1)
    return min(1.0, 2 * normal_sf(math.sqrt(x)) + total)


def two_proportions(k1, n1, k2, n2):
    """Two-sided two-proportion z-test: (z, p)."""
    if not n1 or not n2:
        return 0.0, 1.0
    p = (k1 + k2) / (n1 + n2)
    se = math.sqrt(p * (1 - p) * (1 / n1 + 1 / n2))
    if se == 0:
        return 0.0, 1.0
    z = (k1 / n1 - k2 / n2) / se
    return z, 2 * normal_sf(abs(z))


def n_for_proportions(p1, p2):
    """Games per arm for a 5%-level test to find p1 != p2 with power 80%."""
    if p1 == p2:
        return math.inf
    return math.ceil((Z_ALPHA + Z_POWER) ** 2 * (p1 * (1 - p1) + p2 * (1 - p2)) / (p1 - p2) ** 2)


def n_for_means(m1, s1, m2, s2):
    if m1 == m2:
        return math.inf
    return math.ceil((Z_ALPHA + Z_POWER) ** 2 * (s1 ** 2 + s2 ** 2) / (m1 - m2) ** 2)


def chi_square(table):
    """Pearson's chi-square test of independence of a table of counts: (statistic, dof, p)."""
    t = np.asarray(table, np.float64)
    t = t[:, t.sum(axis=0) > 0]
    expected = t.sum(axis=1, keepdims=True) * t.sum(axis=0, keepdims=True) / t.sum()
    stat = float(((t - expected) ** 2 / np.where(expected > 0, expected, 1)).sum())
    dof = (t.shape[0] - 1) * (t.shape[1] - 1)
    return stat, dof, chi2_sf(stat, dof) if dof else 1.0


def welch(h1, h2):
    """Welch's t-test of the means of two histograms {value: count} (normal approximation): (t, p)."""
    a, b = hist_stats(h1), hist_stats(h2)
    n1, n2 = sum(h1.values()), sum(h2.values())
    if n1 < 2 or n2 < 2:
        return 0.0, 1.0
    se = math.sqrt(a["sd"] ** 2 / n1 + b["sd"] ** 2 / n2)
    if se == 0:
        return 0.0, 1.0
    t = (a["mean"] - b["mean"]) / se
    return t, 2 * normal_sf(abs(t))


def mann_whitney(h1, h2):
    """Mann–Whitney U test of two histograms {value: count}, normal approximation with
    the tie correction: (U of the first, z, p, P(first > second) + P(tie)/2)."""
    n1, n2 = sum(h1.values()), sum(h2.values())
    if not n1 or not n2:
        return 0.0, 0.0, 1.0, 0.5
    values = sorted(set(h1) | set(h2))
    c1 = np.array([h1.get(v, 0) for v in values], np.float64)
    c2 = np.array([h2.get(v, 0) for v in values], np.float64)
    tied = c1 + c2
    below = np.cumsum(tied) - tied
    ranks = below + (tied + 1) / 2                # the mid-rank of each value
    u1 = float((c1 * ranks).sum() - n1 * (n1 + 1) / 2)
    n = n1 + n2
    mu = n1 * n2 / 2
    var = n1 * n2 / 12 * ((n + 1) - float((tied ** 3 - tied).sum()) / (n * (n - 1)))
    z = (u1 - mu) / math.sqrt(var) if var > 0 else 0.0
    return u1, z, 2 * normal_sf(abs(z)), u1 / (n1 * n2)


def compare(game, a, b):
    """The differences between two measures of the same play (of two rule sets for
    `game`'s players), with their tests."""
    ra, rb = a.result, b.result
    players = game.players
    out = {"play": a.play, "seats": [], "significant": []}
    stat, dof, p = chi_square([ra.wins, rb.wins])
    out["seat_distribution"] = {"chi2": stat, "dof": dof, "p": p}
    stat, dof, p = chi_square([ra.wins_by_order, rb.wins_by_order])
    out["order_distribution"] = {"chi2": stat, "dof": dof, "p": p}
    for family in ([(game.player_name(i), ra.wins[i], rb.wins[i]) for i in range(players)],
                   [(f"moved {ordinal(i + 1)}", ra.wins_by_order[i], rb.wins_by_order[i]) for i in range(players)]):
        rows = []
        for label, ka, kb in family:
            pa, pb = ka / ra.finished if ra.finished else 0.0, kb / rb.finished if rb.finished else 0.0
            z, p = two_proportions(ka, ra.finished, kb, rb.finished)
            rows.append({"what": label, "a": pa, "b": pb, "z": z, "p_raw": p})
        for row, p in zip(rows, holm([r["p_raw"] for r in rows])):
            row.update(p=p, significant=p < ALPHA)
            if p >= ALPHA:
                # the games a side for this difference alone, at the level the Holm step would ask of it
                row["games_to_settle"] = n_for_proportions(row["a"], row["b"])
        out["seats"] += rows
    la, lb = hist_stats(ra.rolls), hist_stats(rb.rolls)
    u, z, p, prob = mann_whitney(ra.rolls, rb.rolls)
    out["length"] = {"a": la, "b": lb, "mann_whitney_u": u, "z": z, "p": p, "p_a_longer": prob,
                     "significant": p < ALPHA}
    if p >= ALPHA:
        out["length"]["games_to_settle"] = n_for_means(la["mean"], la["sd"], lb["mean"], lb["sd"])
    if a.captures_counted and b.captures_counted:
        ca, cb = hist_stats(ra.captures), hist_stats(rb.captures)
        t, p = welch(ra.captures, rb.captures)
        out["captures"] = {"a": ca["mean"], "b": cb["mean"], "t": t, "p": p, "significant": p < ALPHA}
        if p >= ALPHA:
            out["captures"]["games_to_settle"] = n_for_means(ca["mean"], ca["sd"], cb["mean"], cb["sd"])
    cut_a, cut_b = ra.games - ra.finished, rb.games - rb.finished
    z, p = two_proportions(cut_a, ra.games, cut_b, rb.games)
    out["cut_off"] = {"a": cut_a / ra.games, "b": cut_b / rb.games, "z": z, "p": p, "significant": p < ALPHA}
    if p >= ALPHA:
        out["cut_off"]["games_to_settle"] = n_for_proportions(cut_a / ra.games, cut_b / rb.games)
    return out


def holm(ps):
    """Holm–Bonferroni adjusted p-values of a family of tests (the per-seat tests are several
    looks at one table: unadjusted, one in twenty would be 'significant' by chance)."""
    order = sorted(range(len(ps)), key=lambda i: ps[i])
    out, running = [0.0] * len(ps), 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (len(ps) - rank) * ps[i]))
        out[i] = running
    return out


def ordinal(k):
    return f"{k}{'st' if k == 1 else 'nd' if k == 2 else 'rd' if k == 3 else 'th'}"


# -- plot -----------------------------------------------------------------------------------------
def plot(path, sides):
    """Seat advantage (win rate minus the fair share, with 95% intervals; by seat and by turn
    order) and the length distribution, for each (label, game, [Measure]) side."""
    require("plot", "a plot")
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    plays = [m.play for m in sides[0][2]]
    fig, axes = plt.subplots(1, 3, figsize=(14, 4.2))
    colours = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    width = 0.8 / (len(plays) * len(sides))
    k = 0
    for label, game, measures in sides:
        fair = 1 / game.players
        for m in measures:
            r = m.result
            name = f"{m.play}" + (f" ({label})" if len(sides) > 1 else "") + f", {r.finished:,} games"
            for ax, rates in ((axes[0], r.seat_rates()), (axes[1], r.order_rates())):
                x = np.arange(game.players) - 0.4 + width * (k + 0.5)
                y = np.array([q["rate"] - fair for q in rates]) * 100
                lo = y - np.array([q["ci95"][0] - fair for q in rates]) * 100
                hi = np.array([q["ci95"][1] - fair for q in rates]) * 100 - y
                ax.bar(x, y, width, yerr=[lo, hi], capsize=2, color=colours[k % len(colours)],
                       label=name if ax is axes[0] else None)
            if r.rolls:
                values = np.array(sorted(r.rolls))
                share = np.cumsum([r.rolls[v] for v in values]) / r.finished
                axes[2].step(values, share, where="post", color=colours[k % len(colours)], label=name)
            k += 1
    game = sides[0][1]
    axes[0].set_xticks(range(game.players), [game.player_name(i) for i in range(game.players)],
                       rotation=30 if game.players > 6 else 0)      # eight colours' names would run together
    axes[1].set_xticks(range(game.players), [ordinal(i + 1) for i in range(game.players)])
    for ax, title in ((axes[0], "by seat"), (axes[1], "by turn order (who moved first, second…)")):
        ax.axhline(0, color="grey", lw=1)
        ax.set_ylabel(f"win rate − fair share (1/{game.players}), points")
        ax.set_title(title, fontsize=10)
    axes[2].set_title("game length (cumulative)", fontsize=10)
    axes[2].set_xlabel("rolls in the game")
    axes[2].set_ylabel("share of games at most this long")
    axes[2].grid(alpha=0.3)
    axes[0].legend(fontsize=7)
    axes[2].legend(fontsize=7)
    title = f"{game.title}, {game.players} players" + ("" if len(sides) > 1 else f", preset {game.preset}")
    fig.suptitle(title if len(sides) == 1 else title + ": " + " vs ".join(label for label, _, _ in sides))
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
