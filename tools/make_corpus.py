"""Make the frozen corpus of game records that tests/test_corpus.py replays.

For every game, preset and player count: games with seeds 1, 2, ..., each
played by random legal moves (a seeded Python RNG) to its end or to a cap of
rolls, saved as its record text with a digest of every legal list and every
state array met on the way.  The corpus in tests/corpus/ was made with the
numba engine (commit 7b81088), before the engine moved to compiled-at-install
code: the engine must go on replaying it identically.

    python tools/make_corpus.py -n 200 --out tests/corpus
    python tools/make_corpus.py -n 120 --game maedn --preset petitschevaux   # a new preset's rows, the rest kept
"""
from array import array
import argparse
import datetime
import hashlib
import json
import lzma
from pathlib import Path
import random

from pachisi import record as records
from pachisi.games import GAMES, make_game

MAX_ROLLS = 600


def digest_step(h, state):
    """Hash the legal list (as int64s) and the state array."""
    h.update(array("q", state.legal_actions()).tobytes())
    h.update(state.arr.tobytes())


def play(game, seed):
    rng = random.Random(seed)
    state = game.new_state(seed=seed)
    start = state.clone()
    h = hashlib.sha256()
    digest_step(h, state)
    rolls = 0
    while not state.is_over and rolls < MAX_ROLLS:
        if state.is_chance:
            state.roll()
            rolls += 1
        else:
            state.push(rng.choice(state.legal_actions()))
        digest_step(h, state)
    text = records.write(state, records.headers_for(state, date=datetime.date(2026, 12, 1)), start)
    return text, h.hexdigest()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-n", type=int, default=200, help="games per game and preset (player counts in turn)")
    ap.add_argument("--out", default="tests/corpus")
    ap.add_argument("--game", action="append", help="only these games")
    ap.add_argument("--preset", action="append", help="only these presets: their rows replace theirs in the "
                    "game's corpus, every other row is kept as it is")
    args = ap.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for name, cls in GAMES.items():
        if args.game and name not in args.game:
            continue
        rows = []
        if args.preset:
            with lzma.open(out / f"{name}.jsonl.xz", "rt", encoding="utf-8") as f:
                rows = [row for row in map(json.loads, f) if row["preset"] not in args.preset]
        counts = list(range(cls.min_players, cls.max_players + 1))
        for preset in cls.presets:
            if args.preset and preset not in args.preset:
                continue
            games = {p: make_game(name, p, preset) for p in counts}
            for i in range(args.n):
                players = counts[i % len(counts)]
                text, digest = play(games[players], i + 1)
                rows.append({"preset": preset, "players": players, "seed": i + 1, "digest": digest,
                             "record": text})
            print(name, preset, len(rows), flush=True)
        with lzma.open(out / f"{name}.jsonl.xz", "wt", encoding="utf-8", preset=9) as f:
            for row in rows:
                f.write(json.dumps(row, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
