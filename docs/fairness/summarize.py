"""Tables of docs/fairness.md from the JSON that `pachisi fairness --json` wrote
next to this file (one GAME-PRESET-Np.json per run):

    PYTHONPATH=src python docs/fairness/summarize.py > /tmp/tables.md      # every run
    PYTHONPATH=src python docs/fairness/summarize.py --summary 4           # standard rules, random play
    PYTHONPATH=src python docs/fairness/summarize.py --teams               # team play: the teams by turn order
"""
import json
from pathlib import Path
import sys

from pachisi.fairness import chi2_sf, ordinal
from pachisi.games import make_game
from pachisi.sim import wilson

HERE = Path(__file__).parent
ORDER = ["shishbesh", "mandavoshka", "tryasuchka", "ludo", "parchis", "parcheesi", "parques", "kimbo", "maedn"]


def uniform_p(wins):
    """Chi-square goodness of fit of win counts to equal shares: the p-value."""
    n = sum(wins)
    if not n:
        return 1.0
    e = n / len(wins)
    return chi2_sf(sum((w - e) ** 2 / e for w in wins), len(wins) - 1)


def pct(q):
    return f"{q['rate']:.1%} ({q['ci95'][0]:.1%}–{q['ci95'][1]:.1%})"


def p_text(p):
    return "<0.0001" if p < 1e-4 else f"{p:.2g}"


def rows(path):
    data = json.loads(path.read_text())
    side = data["sides"][0]
    g = make_game(side["game"], side["players"], side["preset"], side["options"])
    preset = " ".join([side["preset"]] + changed(side))
    for play in side["plays"]:
        order = [o["wins"] for o in play["turn_order"]]
        seats = [s["wins"] for s in play["seats"]]
        q = play["rolls_percentiles"]
        caps = "—" if play["captures_per_game"] is None else f"{play['captures_per_game']:.1f}"
        yield (g.title, preset, side["players"], play["play"], play["games"],
               " / ".join(pct(o) for o in play["turn_order"]), p_text(uniform_p(order)), p_text(uniform_p(seats)),
               f"{play['rolls_mean']:.0f}", f"{q['p5']} / {q['p50']} / {q['p95']}", caps,
               f"{play['cut_off_share']:.2%}")


def changed(side):
    """The options of a run that differ from its preset's for that many players (seats=6 for six players is not)."""
    base = make_game(side["game"], side["players"], side["preset"]).opts
    return [f"{k}={v}" for k, v in side["options"].items() if base.get(k) != v]


def teams():
    """Team play: each team's win rate by the turn order of its first player (partners move n/2 apart)."""
    out = ["| game | options | players | play | games | " + " | ".join(
        f"team of the {ordinal(i + 1)} to move" for i in range(4)) + " | p (teams fair) |", "|" + "---|" * 10]
    for f in sorted(HERE.glob("*-teams*.json")):
        side = json.loads(f.read_text())["sides"][0]
        for play in side["plays"]:
            n, half = side["players"], side["players"] // 2
            wins = [play["turn_order"][i]["wins"] + play["turn_order"][i + half]["wins"] for i in range(half)]
            cells = [f"{w / play['games']:.1%} ({wilson(w, play['games'])[0]:.1%}–{wilson(w, play['games'])[1]:.1%})"
                     for w in wins] + [""] * (4 - half)
            out.append("| " + " | ".join([make_game(side["game"], n).title, " ".join(changed(side)), str(n), play["play"],
                                          f"{play['games']:,}"] + cells + [p_text(uniform_p(wins))]) + " |")
    return "\n".join(out)


def summary(players):
    """Random play under each game's standard rules: one line per game."""
    places = ["1st to move", "2nd", "3rd", "4th"][:players]
    head = ["game", "games"] + places + ["p (turn order fair)", "median length (p5–p95), rolls", "captures a game"]
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for name in ORDER:
        f = HERE / f"{name}-seed-{players}p.json"
        if not f.exists() or not f.stat().st_size:
            continue
        data = json.loads(f.read_text())["sides"][0]
        play = data["plays"][0]
        q = play["rolls_percentiles"]
        cells = [make_game(name).title, f"{play['games']:,}"] + [pct(o) for o in play["turn_order"]]
        cells += [p_text(uniform_p([o["wins"] for o in play["turn_order"]])), f"{q['p50']} ({q['p5']}–{q['p95']})",
                  f"{play['captures_per_game']:.1f}"]
        out.append("| " + " | ".join(cells) + " |")
    return "\n".join(out)


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--teams":
        print(teams())
        return
    if len(sys.argv) > 1 and sys.argv[1] == "--summary":
        print(summary(int(sys.argv[2])))
        return
    header = ("game", "preset", "players", "play", "games", "win rate by turn order: " +
              " / ".join(ordinal(i + 1) for i in range(4)) + " (95% CI)", "p (turn order fair)",
              "p (seats fair)", "length, mean rolls", "p5 / p50 / p95", "captures a game", "cut off")
    out = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    files = sorted(HERE.glob("*.json"), key=lambda f: (ORDER.index(f.name.split("-")[0]), "-seed-" not in f.name,
                                                         f.name))
    for f in files:
        if f.stat().st_size:
            out += ["| " + " | ".join(map(str, r)) + " |" for r in rows(f)]
    print("\n".join(out))


if __name__ == "__main__":
    sys.exit(main())
