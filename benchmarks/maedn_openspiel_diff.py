"""Where Mensch ärgere Dich nicht's presets and OpenSpiel's `maedn` differ (a benchmark, not a test).

OpenSpiel's games are played with random moves; at every roll its position and die are loaded
into our engine under a preset (default: schmidt) and the two legal move sets compared.  Each move one
side has and the other lacks is counted under our refusal's reason (a move OpenSpiel lacks: "theirs
lacks").  tests/test_maedn_openspiel.py plays the preset that matches OpenSpiel (schmidt-base with all
pieces on B) in lockstep, where no difference is allowed.

    PYTHONPATH=src python benchmarks/maedn_openspiel_diff.py [--preset schmidt] [--games 60]
"""
import argparse
from collections import Counter
import random

import pyspiel

from pachisi import make_game
from pachisi.engine.position import load_position


def their_moves(state):
    out = set()
    for a in state.legal_actions():
        text = state.action_to_string(state.current_player(), a)
        out.add("in" if "brings in" in text else "pass" if "passes" in text else int(text.rsplit(" ", 1)[1]))
    return out


def their_places(state, player):
    tensor = state.observation_tensor(player)
    mine = [i for i in range(40) if tensor[4 * i + player] == 1]
    goal = [40 + i for i in range(4) if tensor[160 + 4 * i + player] == 1]
    return sorted([-1] * int(tensor[160 + 64]) + mine + goal)


def probe_pass(players, preset, player, pieces, die, place):
    """Why we have no move where OpenSpiel moves the piece on `place`: the option that, switched to
    OpenSpiel's rule, gives that move back."""
    for option, value in (("goal_jump", True), ("forced_order", False), ("start_on_a", False)):
        s = load_position({"game": "maedn", "players": players, "preset": preset, "to_move": player, "pieces": pieces,
                           "options": {"first_player": "first", option: value}}, make_game)
        s.set_dice((die,))
        if not s.is_chance and place in {("in" if m.frm < 0 else m.frm) for m in s.legal_moves()}:
            return f"{option}={str(value).lower()} gives it back"
    return "unexplained"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--preset", default="schmidt")
    ap.add_argument("--games", type=int, default=60)
    args = ap.parse_args()
    for players in (2, 3, 4):
        diff, n, differing = Counter(), 0, 0
        for seed in range(args.games):
            rng = random.Random(seed)
            theirs = pyspiel.load_game("maedn", {"players": players}).new_initial_state()
            while not theirs.is_terminal():
                die = rng.randint(1, 6)
                theirs.apply_action(die - 1)
                player = theirs.current_player()
                expected = their_moves(theirs) - {"pass"}
                pieces = [their_places(theirs, q) for q in range(players)]
                ours = load_position({"game": "maedn", "players": players, "preset": args.preset, "to_move": player,
                                      "pieces": pieces, "options": {"first_player": "first"}}, make_game)
                ours.set_dice((die,))
                mine = {("in" if m.frm < 0 else m.frm): m.text for m in ours.legal_moves()} if not ours.is_chance else {}
                n += 1
                if set(mine) != expected:
                    differing += 1
                    for f in expected - set(mine):
                        probe = load_position({"game": "maedn", "players": players, "preset": args.preset,
                                               "to_move": player, "pieces": pieces,
                                               "options": {"first_player": "first"}}, make_game)
                        probe.set_dice((die,))
                        k = pieces[player].index(f if f != "in" else -1)
                        diff[probe.refusal(f"{die}{'abcd'[k]}").template if not probe.is_chance
                             else "no legal move: we pass; " + probe_pass(players, args.preset, player, pieces, die, f)] += 1
                    for f in set(mine) - expected:
                        diff["theirs lacks"] += 1
                action = rng.choice(theirs.legal_actions())
                theirs.apply_action(action)
        print(f"{players} players, preset {args.preset}: {n} rolls compared, {differing} with other legal moves "
              f"({100 * differing / max(n, 1):.2f}%)")
        for why, count in diff.most_common():
            print(f"  {count:6}  {why}")


if __name__ == "__main__":
    main()
