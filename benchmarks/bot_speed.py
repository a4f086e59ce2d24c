"""How long each bot level thinks per move, game by game (a benchmark, not a test).

    .venv/bin/python benchmarks/bot_speed.py                      # every game, every level, 2 and 4 players
    .venv/bin/python benchmarks/bot_speed.py --game shishbesh --levels 4,5 --positions 60

Positions are taken from games between greedy bots (fixed seeds), every
decision with more than one legal move, spread over the whole game; each
level chooses a move in each of them after one warm-up choice.
Prints the mean, median, 95th percentile and worst time per decision; the
strongest level must stay under one second.
"""
import argparse
import statistics
import time

from pachisi import GAMES, make_game
from pachisi.bots import LEVELS, bot_for_level, make_bot

LIMIT = 1.0     # seconds the strongest level may think


def positions(game, count, seed=0):
    """count decision positions with a choice, spread over greedy games."""
    found, s = [], seed
    bots = [make_bot("greedy", 100 + p) for p in range(game.players)]
    while len(found) < 4 * count:
        state = game.new_state(seed=s)
        while not state.is_over and state.rolls < 5000:
            if state.is_chance:
                state.roll()
                continue
            if len(state.legal_actions()) > 1:
                found.append(state.clone())
            state.push(bots[state.current_player].choose(state))
        s += 1
    step = len(found) / count
    return [found[int(i * step)] for i in range(count)]


def measure(bot, states):
    bot.choose(states[0])                     # warm-up
    times = []
    for st in states:
        t0 = time.perf_counter()
        bot.choose(st)
        times.append(time.perf_counter() - t0)
    times.sort()
    return {"mean": statistics.fmean(times), "median": statistics.median(times),
            "p95": times[min(len(times) - 1, int(0.95 * len(times)))], "max": times[-1]}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", action="append", help="a game (repeatable; default: every registered game)")
    ap.add_argument("--players", default="2,4", help="player counts, comma-separated")
    ap.add_argument("--levels", default=",".join(map(str, LEVELS)), help="levels, comma-separated")
    ap.add_argument("--positions", type=int, default=30, help="positions per game")
    ap.add_argument("--preset", help="a named set of rules (with one --game)")
    args = ap.parse_args()
    levels = [int(x) for x in args.levels.split(",")]
    top = max(LEVELS)
    worst = 0.0
    print(f"{'game':12} {'pl':>2} {'level':>5} {'bot':28} {'mean ms':>8} {'median':>8} {'p95':>8} {'max ms':>8}")
    for name in args.game or sorted(GAMES):
        cls = GAMES[name]
        for players in (int(x) for x in args.players.split(",")):
            if not cls.min_players <= players <= cls.max_players:
                continue
            game = make_game(name, players, args.preset)
            states = positions(game, args.positions)
            for level in levels:
                bot = bot_for_level(level, seed=level)
                r = measure(bot, states)
                if level == top:
                    worst = max(worst, r["max"])
                print(f"{name:12} {players:2} {level:5} {bot!r:28} {1000 * r['mean']:8.1f} {1000 * r['median']:8.1f} "
                      f"{1000 * r['p95']:8.1f} {1000 * r['max']:8.1f}", flush=True)
    if top in levels:
        verdict = "within" if worst < LIMIT else "OVER"
        print(f"\nlevel {top}: worst decision {worst:.3f} s — {verdict} the {LIMIT:.0f} s limit")


if __name__ == "__main__":
    main()
