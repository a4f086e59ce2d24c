"""Analysis of a finished game in the style of GNU Backgammon: skill, luck and the dice.

Equity is a player's expected place reward by the learned evaluator (bots/evaluator.pyx): with two
players its probability of winning, with more (n-1-k)/(n-1) for place k (0: first).  V(s), the value
of a position: at a roll the evaluator's; in the middle of a roll the mover's best way to play the
rest of it; at the end the result itself (1 for a win, 0 for a loss).

- A move (one die's action) loses equity against the best action there:
  lost = V(best action)[mover] - V(chosen)[mover], marked ?! from DOUBTFUL, ? from BAD, ?? from
  VERY_BAD.  A player's error rate is its mean loss per decision (decisions with a choice only).
- A roll's luck for every player: V after the roll minus the average of V after every possible roll
  (each with its probability; exact chance outcomes, not samples).  A roll's luck is its roller's.
- GNU Backgammon's accounting: the game's result for each player is the equity it started with plus
  the luck of every roll plus the skill of every move (V after minus V before, for that player: the
  mover's own moves lose what they lose, the others' may give to it) plus the evaluator's drift at
  each roll (the average over the rolls minus V before the roll: zero for a perfect evaluator).  It
  sums exactly, as each term is a difference of the same V (tests/test_analysis.py checks it).  The
  luck-adjusted result is the result minus the player's luck.
- The dice against fair dice: each player's counts per face of each kind of die, and Pearson's
  chi-square test of them against equal counts.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .bots.valuenet import evaluator
from .engine.game import State

DOUBTFUL, BAD, VERY_BAD = 0.02, 0.04, 0.08      # equity lost by a move marked ?!, ?, ??


def mark(lost: float) -> str:
    return "??" if lost >= VERY_BAD else "?" if lost >= BAD else "?!" if lost >= DOUBTFUL else ""


@dataclass
class Analysis:
    game: Any
    names: list[str]
    start: list[float]                  # every player's equity at the start
    result: list[float]                 # and at the end (the result)
    steps: list[dict] = field(default_factory=list)     # every roll and move in order
    equity: list[list[float]] = field(default_factory=list)     # V after each step, every player

    def players(self) -> list[dict]:
        """Per player: decisions, error rate, marks, luck, skill, drift, result and luck-adjusted result."""
        n = len(self.names)
        out = []
        for p in range(n):
            mine = [s for s in self.steps if s["kind"] == "move" and s["player"] == p and s["choices"] > 1]
            lost = [s["lost"] for s in mine]
            luck = sum(s["luck"][p] for s in self.steps if s["kind"] == "roll")
            own_luck = sum(s["luck"][p] for s in self.steps if s["kind"] == "roll" and s["player"] == p)
            skill = sum(s["skill"][p] for s in self.steps if s["kind"] == "move")
            drift = sum(s["drift"][p] for s in self.steps if s["kind"] == "roll")
            out.append({"player": self.names[p], "decisions": len(mine),
                        "mean_loss": float(np.mean(lost)) if lost else 0.0, "lost": float(sum(lost)),
                        "?!": sum(1 for s in mine if s["mark"] == "?!"), "?": sum(1 for s in mine if s["mark"] == "?"),
                        "??": sum(1 for s in mine if s["mark"] == "??"),
                        "luck": luck, "own_rolls_luck": own_luck, "skill": skill, "drift": drift,
                        "start": self.start[p], "result": self.result[p], "luck_adjusted": self.result[p] - luck})
        return out

    def as_dict(self) -> dict:
        return {"game": self.game.name, "players": self.names,
                "thresholds": {"?!": DOUBTFUL, "?": BAD, "??": VERY_BAD},
                "start": self.start, "result": self.result, "summary": self.players(), "steps": self.steps,
                "equity": self.equity, "dice": dice_report([self])}


def analyse(start: State, history: list[tuple[int, str, Any]], budget=None, progress=None) -> Analysis:
    """Analyse the game played from `start` through `history` (State.history: rolls and moves);
    `budget` (a record.Budget, admitted) limits the time; progress(steps done) is told after each step."""
    game = start.game
    net = evaluator(game)
    n = game.players
    state = start.clone()
    v = net.value(state.arr)
    a = Analysis(game, [game.player_name(p) for p in range(n)], v.tolist(), [])
    outcomes, weights = zip(*state.chance_outcomes())
    weights = np.array(weights, float) / sum(weights)       # a throw of cowries is not uniform
    for player, kind, what in history:
        if budget is not None:
            budget.step()
        if kind == "roll":
            dice = tuple(int(d) for d in what)
            rows = net.roll_values(state.arr)
            avg = weights @ rows
            state.set_dice(dice)
            after = net.value(state.arr)
            a.steps.append({"kind": "roll", "player": int(player), "dice": list(dice),
                            "luck": (after - avg).tolist(), "drift": (avg - v).tolist(),
                            "best_roll": list(outcomes[int(np.argmax(rows[:, player]))]),
                            "worst_roll": list(outcomes[int(np.argmin(rows[:, player]))])})
        else:
            move = state.parse_move(what)
            acts = np.array(state.legal_actions(), np.int64)
            mover = int(state.current_player)
            step = {"kind": "move", "player": mover, "move": move.text, "choices": len(acts), "lost": 0.0,
                    "mark": "", "best": move.text}
            if len(acts) > 1:
                vals = net.action_values(state.arr, acts)
                best = int(np.argmax(vals[:, mover]))
                chosen = int(np.flatnonzero(acts == move.action)[0])
                step["lost"] = float(max(vals[best, mover] - vals[chosen, mover], 0.0))
                step["mark"] = mark(step["lost"])
                step["best"] = game.describe(state.arr, int(acts[best])).text
                step["equity_before"] = float(vals[best, mover])
            state.push(move)
            after = net.value(state.arr)
            step["skill"] = (after - v).tolist()
            a.steps.append(step)
        v = after
        a.equity.append(v.tolist())
        if progress is not None:
            progress(len(a.equity))
    a.result = v.tolist()
    return a


def analyse_record(text: str, budget=None) -> list[Analysis]:
    """Every game of a record text analysed (record.load_match checks it first); `budget` as record.load's."""
    from . import record as records
    games, _ = records.load_match(text, budget)
    return [analyse(start, final.history[len(start.history):], budget) for _, start, final in games]


def dice_report(analyses: list[Analysis]) -> list[dict]:
    """Per player, over the games given (a match's together): the counts of each face of each kind of die
    it rolled, and the chi-square test's p-value against fair dice (None when too few rolls to test:
    fewer than 5 expected a face; a weighted die, as cowries, is tested against its own odds)."""
    from scipy.stats import chisquare
    a = analyses[0]
    dice = list(zip(a.game.dice_faces(), a.game.dice_weights()))
    kinds = sorted(set(dice))
    out = []
    for p, name in enumerate(a.names):
        rolls = [s["dice"] for g in analyses for s in g.steps if s["kind"] == "roll" and s["player"] == p]
        faces, stat_counts = [], []
        for kind in kinds:
            shows, weights = kind
            counts = np.zeros(len(shows), int)
            for roll in rolls:
                for d, k in zip(roll, dice):
                    if k == kind:
                        counts[shows.index(d)] += 1
            odds = np.array(weights) / sum(weights)
            faces.append({"faces": list(shows), "counts": counts.tolist(),
                          "expected": [float(x) for x in counts.sum() * odds]})
            stat_counts.append((counts, counts.sum() * odds))
        test = None
        if all(e.min() >= 5 for _, e in stat_counts):
            chi2 = sum(float(chisquare(c, e).statistic) for c, e in stat_counts)
            dof = sum(len(c) - 1 for c, _ in stat_counts)
            from scipy.stats import chi2 as chi2_dist
            test = {"chi2": chi2, "dof": dof, "p": float(chi2_dist.sf(chi2, dof))}
        out.append({"player": name, "rolls": len(rolls), "dice": faces, "test": test})
    return out


def plot(analyses: list[Analysis], path) -> None:
    """The equity graph: every player's equity after each roll and move, ?? moves marked (one panel a game)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, axes = plt.subplots(len(analyses), 1, figsize=(9, 3.2 * len(analyses)), squeeze=False)
    for ax, a in zip(axes[:, 0], analyses):
        eq = np.array([a.start] + a.equity)
        for p, name in enumerate(a.names):
            ax.plot(eq[:, p], label=name, color=_colour(name))
        for i, s in enumerate(a.steps, 1):
            if s.get("mark") == "??":
                ax.plot(i, eq[i, s["player"]], "x", color="black")
        ax.set_ylim(-0.02, 1.02)
        ax.set_xlabel("rolls and moves")
        ax.set_ylabel("equity")
        ax.legend(loc="upper left", fontsize=8)
        ax.set_title(f"{a.game.title}: equity by the learned evaluator (x: a ?? move)")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def _colour(name):
    """The player's colour for a plot (its name is a colour; else matplotlib's own)."""
    import matplotlib.colors
    return {"yellow": "goldenrod"}.get(name, name) if name in matplotlib.colors.CSS4_COLORS else None
