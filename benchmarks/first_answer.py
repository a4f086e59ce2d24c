"""A new user's first commands, timed as whole processes: `pachisi --help`
and the first `pachisi moves` of every game (import included), each in a new
process.

    python benchmarks/first_answer.py
"""
import json
from pathlib import Path
import subprocess
import sys
import tempfile
import time

from pachisi.engine.position import dump_position
from pachisi.games import GAMES, make_game


def timed(argv):
    t = time.perf_counter()
    run = subprocess.run(argv, capture_output=True, text=True)
    wall = time.perf_counter() - t
    if run.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(argv)} failed:\n{run.stderr[-2000:]}")
    return wall


def main():
    cli = [sys.executable, "-c", "from pachisi.cli import main; main()"]
    wall = timed(cli + ["--help"])
    print(f"pachisi --help: {wall:.2f} s")
    with tempfile.TemporaryDirectory() as folder:
        for name, cls in GAMES.items():
            state = make_game(name, cls.min_players).new_state(seed=1)
            while not state.is_chance:                   # Kimbo starts with its fence step
                state.push(state.legal_actions()[0])
            dice = ",".join(str(d) for d in state.next_roll())
            path = Path(folder) / f"{name}.json"
            path.write_text(json.dumps(dump_position(state)))
            wall = timed(cli + ["moves", "--game", name, "--position", str(path), "--dice", dice])
            print(f"pachisi moves --game {name:12s}: {wall:.2f} s")


if __name__ == "__main__":
    main()
