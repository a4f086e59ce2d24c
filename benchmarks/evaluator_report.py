"""The evaluator's figures for docs/analysis.md: calibration (Brier score, reliability plots), level 6's
decision times, and the CPU time of analysing a game.

    PYTHONPATH=src python benchmarks/evaluator_report.py calibration --positions 1000 --plots docs/analysis
    PYTHONPATH=src python benchmarks/evaluator_report.py speed --games 3
    PYTHONPATH=src python benchmarks/evaluator_report.py analysis
    PYTHONPATH=src python benchmarks/evaluator_report.py calibration --form ludo:6:seats=6 --form chaupar:4 ...
    PYTHONPATH=src python benchmarks/evaluator_report.py calibration --form ludo:3:seats=6 ... --plot-tag seats-6

A --form is GAME:PLAYERS[:KEY=VALUE,...] (preset=NAME for a preset): the other boards, team play and
the games played in teams, each with weights of its own (valuenet.weights_name).

Calibration: `positions` fresh games per game and number of players, the evaluator deciding for everyone;
one position drawn from each; the mover's predicted probability of winning against whether it won
(pachisi.training.calibrate).  Speed: level 6 decides in every position with a choice of games between
level-4 bots (one core, CPU time).  Analysis: a game between level 4 and level 2, analysed whole.
"""
import argparse
import json
import time
from pathlib import Path

import numpy as np

from pachisi import analysis, make_game, training
from pachisi.bots import bot_for_level, valuenet
from pachisi.games import GAMES

RACE = [name for name in GAMES if not GAMES[name](GAMES[name].max_players).teams]


def form(text):
    """The Game of a --form GAME:PLAYERS[:KEY=VALUE,...]."""
    name, players, *rest = text.split(":")
    options = dict(kv.split("=", 1) for kv in rest[0].split(",")) if rest else {}
    return make_game(name, int(players), options.pop("preset", None), options)


def forms(args):
    """(name, [Game, ...]) for each game: its 2, 3 and 4 players, or the --form games grouped by game."""
    if args.form:
        games = [form(f) for f in args.form]
        return [(name, [g for g in games if g.name == name]) for name in dict.fromkeys(g.name for g in games)]
    return [(name, [make_game(name, n) for n in (2, 3, 4)]) for name in args.game or RACE]


def marks(game):
    """A form's marks beyond its players, as its weights are named: "seats 6 teams", "all colours"."""
    return " ".join(valuenet.weights_name(game).removesuffix(".npz").split("-")[2:]).replace(
        "all_colours True", "all colours")


def label(game):
    """A form's name in a table: its title and its marks."""
    return game.title + (f" ({marks(game)})" if marks(game) else "")


def calibration(args):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    rows = []
    for name, games in forms(args):
        below = len(games) > 3                   # many forms: their legend below the plot, not over it
        fig, ax = plt.subplots(figsize=(4.2, 4.2 + (0.2 * len(games) if below else 0)))
        ax.plot([0, 1], [0, 1], color="grey", lw=0.8, ls="--")
        for game in games:
            n = game.players
            t = time.process_time()
            c = training.calibrate(game, valuenet.evaluator(game), args.positions)
            rows.append((label(game), n, c["brier"], c["brier_uniform"], args.positions, time.process_time() - t))
            table = [r for r in c["reliability"] if r["positions"]]
            ax.plot([r["predicted"] for r in table], [r["observed"] for r in table], "o-", ms=3,
                    label=" ".join(filter(None, (f"{n} players", marks(game), f"(Brier {c['brier']:.3f})"))))
            print(json.dumps({k: v for k, v in c.items() if k not in ("predicted", "won")}), flush=True)
        side = "the mover (its team)" if any(g.teams for g in games) else "the mover"
        ax.set_xlabel(f"predicted probability that {side} wins", fontsize=9)
        ax.set_ylabel("share of those positions it won")
        ax.set_title(f"{game.title}: reliability")
        if below:
            ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(-0.2, -0.16), frameon=False)
        else:
            ax.legend(fontsize=8, loc="upper left")
        fig.tight_layout()
        if args.plots:
            Path(args.plots).mkdir(parents=True, exist_ok=True)
            tag = f"-{args.plot_tag}" if args.plot_tag else "-forms" if args.form else ""
            fig.savefig(Path(args.plots) / f"calibration-{name}{tag}.png", dpi=100)
        plt.close(fig)
    print("| game | players | Brier | Brier of guessing | positions | CPU s |")
    print("|---|---|---|---|---|---|")
    for title, n, b, u, k, s in rows:
        print(f"| {title} | {n} | {b:.3f} | {u:.3f} | {k} | {s:.0f} |")


def speed(args):
    print("| game | players | decisions | median ms | 99th percentile ms | max ms |")
    print("|---|---|---|---|---|---|")
    for _, games in forms(args):
        for game in games if args.form else games[::2]:
            n = game.players
            valuenet.evaluator(game)
            times = []
            for seed in range(args.games):
                s = game.new_state(seed=seed)
                bot, other = bot_for_level(6, seed), bot_for_level(4, seed)
                while not s.is_over:
                    if s.is_chance:
                        s.roll()
                        continue
                    if len(s.legal_actions()) > 1:
                        t = time.process_time()
                        bot.choose(s)
                        times.append(time.process_time() - t)
                    s.push(other.choose(s))
            t = np.array(times) * 1000
            print(f"| {label(game)} | {n} | {len(t)} | {np.median(t):.2f} | {np.percentile(t, 99):.1f} | "
                  f"{t.max():.1f} |", flush=True)


def analysis_time(args):
    print("| game | players | rolls | moves | CPU s |")
    print("|---|---|---|---|---|")
    for name in args.game or RACE:
        for n in (2, 4):
            game = make_game(name, n)
            valuenet.evaluator(game)
            s = game.new_state(seed=11)
            start = s.clone()
            bots = [bot_for_level(4 if p % 2 == 0 else 2, p) for p in range(n)]
            while not s.is_over:
                s.roll() if s.is_chance else s.push(bots[s.current_player].choose(s))
            t = time.process_time()
            a = analysis.analyse(start, s.history)
            cpu = time.process_time() - t
            rolls = sum(1 for x in a.steps if x["kind"] == "roll")
            print(f"| {game.title} | {n} | {rolls} | {len(a.steps) - rolls} | {cpu:.2f} |", flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("what", choices=("calibration", "speed", "analysis"))
    ap.add_argument("--game", action="append")
    ap.add_argument("--form", action="append", help="GAME:PLAYERS[:KEY=VALUE,...] (instead of --game)")
    ap.add_argument("--positions", type=int, default=1000)
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--plots")
    ap.add_argument("--plot-tag", help="the plots' names end -TAG (calibration-ludo-seats-6.png; with --form "
                    "the default is -forms)")
    args = ap.parse_args()
    {"calibration": calibration, "speed": speed, "analysis": analysis_time}[args.what](args)


if __name__ == "__main__":
    main()
