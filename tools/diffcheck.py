"""Differential check of the engine against an older checkout of pachisi
(the numba engine): both play the same games (same seeds, random or greedy
compiled bots) and digest every legal list and every state array on the way;
the digests must be equal game for game.

    python tools/diffcheck.py --old /work/old --game ludo --preset seed --players 4 -n 10000 --policy random
    python tools/diffcheck.py --old /work/old --all -n 1000           # every game, preset, player count

The old side runs in the old checkout's own venv (OLD/.venv/bin/python), with
a numba copy of kernel.pyx's `trace` made from its templates; an old checkout
with the compiled engine (OLD/src/pachisi/engine/kernel.pyx, built in place)
runs its own `Engine.trace` (--old-python: the interpreter to run it with)."""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

OLD_SIDE = r'''
import json, sys
import numpy as np
from numba import uint64
from pachisi import make_game
from pachisi.engine import kernel as K

def fold(h, xs, n):
    h = K.mix64(h ^ uint64(n))
    for i in range(n):
        h = K.mix64(h ^ uint64(xs[i]))
    return h

def trace(st, tab, seed, policy, max_rolls, out):
    sbuf, cbuf, ebuf, vals, idx = new_work(st.shape[0], MAX_ACTIONS)
    ev = np.zeros(MAX_EVENTS * EV_WIDTH, np.int64)
    acts = np.zeros(MAX_ACTIONS, np.int64)
    values = np.zeros(tab.dice_lo.shape[0], np.int64)
    h = mix64(uint64(seed))
    k = 0
    rolls = 0
    n = legal(st, tab, acts, sbuf, cbuf, ebuf, vals, idx)
    h = fold(h, acts, n)
    while st[H_PHASE] != PHASE_OVER and rolls < max_rolls:
        if st[H_PHASE] == PHASE_ROLL:
            r = st[H_ROLLS]
            for i in range(values.shape[0]):
                values[i] = tab.dice_lo[i] + draw(seed, r * 8 + i, tab.dice_hi[i] - tab.dice_lo[i] + 1)
            rolls += 1
            ne = set_dice(st, tab, values, ev, 0)
        else:
            a = choose(st, tab, policy, seed, k, acts, n, sbuf, ebuf)
            k += 1
            st[H_SEQ] += 1
            ne = play(st, tab, a, ev, 0)
        ne, n = settle(st, tab, ev, ne, acts, sbuf, cbuf, ebuf, vals, idx)
        h = fold(h, acts, n)
        h = fold(h, st, st.shape[0])
    out[0] = h

job = json.loads(sys.argv[1])
g = make_game(job["game"], job["players"], job["preset"])
kern = g.kernel
from numba import njit
ns = dict(vars(K))
ns["uint64"] = uint64
ns["fold"] = njit(fold)
fns = K.specialise("difftrace_" + job["game"], kern.max_actions, templates=(trace,), namespace=ns,
                   check=kern.check, gen=kern.gen, play=kern.play, begin=kern.begin, finish=kern.finish,
                   potential=kern.potential, evaluate=kern.evaluate, insist=kern.insist, INSISTS=kern.insists,
                   set_dice=kern.set_dice, legal=kern.legal, settle=kern.settle, choose=kern.choose)
start = g.new_state(seed=0).arr
rolloff = g.opts.get("first_player", "rolloff") != "first"
out = np.zeros(1, np.uint64)
digests = []
for i in range(job["n"]):
    seed = job["seed0"] + i
    st = start.copy()
    if rolloff:
        st[K.H_PLAYER] = kern.rolloff(st, g.tab, seed)
    fns.trace(st, g.tab, seed, job["policy"], job["max_rolls"], out)
    digests.append(int(out[0]))
print(json.dumps(digests))
'''


COMPILED_OLD_SIDE = r'''
import json, sys
from pachisi import make_game
job = json.loads(sys.argv[1])
g = make_game(job["game"], job["players"], job["preset"])
start = g.new_state(seed=0).arr
rolloff = g.opts.get("first_player", "rolloff") != "first"
print(json.dumps([int(h) for h in g.engine.trace(start, job["seed0"], job["n"], job["policy"], rolloff,
                                                 job["max_rolls"])]))
'''


def new_side(job):
    from pachisi import make_game
    g = make_game(job["game"], job["players"], job["preset"])
    start = g.new_state(seed=0).arr
    rolloff = g.opts.get("first_player", "rolloff") != "first"
    return g.engine.trace(start, job["seed0"], job["n"], job["policy"], rolloff, job["max_rolls"])


def old_side(old, job, python=None):
    if (Path(old) / "src/pachisi/engine/kernel.pyx").exists():
        run = subprocess.run([python or str(Path(old) / ".venv/bin/python"), "-c", COMPILED_OLD_SIDE, json.dumps(job)],
                             cwd=str(Path(old) / "src"), capture_output=True, text=True,
                             env=dict(os.environ, PYTHONPATH=str(Path(old) / "src")))
        if run.returncode:
            raise SystemExit(f"old side failed:\n{run.stderr[-3000:]}")
        return json.loads(run.stdout.strip().splitlines()[-1])
    script = Path(tempfile.gettempdir()) / "pachisi_diffcheck_old_side.py"    # numba caches only code from a file
    if not script.exists() or script.read_text() != OLD_SIDE:
        script.write_text(OLD_SIDE)
    run = subprocess.run([str(Path(old) / ".venv/bin/python"), str(script), json.dumps(job)],
                         cwd=str(Path(old) / "src"), capture_output=True, text=True)
    if run.returncode:
        raise SystemExit(f"old side failed:\n{run.stderr[-3000:]}")
    return json.loads(run.stdout.strip().splitlines()[-1])


def jobs(args):
    from pachisi.games import GAMES
    games = list(GAMES) if args.all else [args.game]
    for name in games:
        cls = GAMES[name]
        presets = list(cls.presets) if args.all or args.preset is None else [args.preset]
        top = min(cls.max_players, 4)       # an old checkout's boards seat four: larger boards have no old side
        counts = range(cls.min_players, top + 1) if args.all or args.players is None else [args.players]
        for preset in presets:
            for players in counts:
                for policy in ([0, 1] if args.policy == "both" else [{"random": 0, "greedy": 1}[args.policy]]):
                    yield {"game": name, "preset": preset, "players": players, "policy": policy,
                           "n": args.n if policy == 0 else max(1, args.n // 10), "seed0": args.seed0,
                           "max_rolls": args.max_rolls}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--old", required=True, help="an older checkout with its numba engine installed in OLD/.venv")
    ap.add_argument("--old-python", help="the interpreter of the old side (default: OLD/.venv/bin/python)")
    ap.add_argument("--game")
    ap.add_argument("--preset")
    ap.add_argument("--players", type=int)
    ap.add_argument("--all", action="store_true", help="every game, preset and player count")
    ap.add_argument("-n", type=int, default=1000, help="random games per case (greedy: a tenth)")
    ap.add_argument("--policy", default="both", choices=("random", "greedy", "both"))
    ap.add_argument("--seed0", type=int, default=1)
    ap.add_argument("--max-rolls", type=int, default=20000)
    args = ap.parse_args()
    total = bad = 0
    for job in jobs(args):
        t = time.time()
        new = new_side(job)
        old = old_side(args.old, job, args.old_python)
        diff = [job["seed0"] + i for i, (a, b) in enumerate(zip(new, old)) if a != b]
        total += len(new)
        bad += len(diff)
        pol = ("random", "greedy")[job["policy"]]
        print(f"{job['game']:12} {job['preset']:20} {job['players']}p {pol:7} games {len(new):7}  "
              f"differences {len(diff):5}{'  first seeds ' + str(diff[:5]) if diff else ''}  ({time.time() - t:.0f} s)",
              flush=True)
    print(f"total: {total} games, {bad} differences")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
