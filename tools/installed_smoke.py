"""Check an installed pachisi as its user would, from outside any source tree:
the package imports from site-packages with its compiled rules, every game
answers `pachisi rules`, `pachisi moves` and `pachisi simulate`, and with
--web the web app serves its page, a static file, a game's rules and
how-to-play page, and a new room (its migrations run).  Run by tests/test_package_build.py in a fresh venv holding
the wheel built from the sdist, and by cibuildwheel on each manylinux wheel.

    python tools/installed_smoke.py [--web]

Prints each step with its wall time; exits 1 at the first step that fails."""
import argparse
from importlib.machinery import EXTENSION_SUFFIXES
import json
import os
from pathlib import Path
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

BIN = Path(sys.executable).parent


def step(what, argv, **kw):
    """Run one command of the installed `pachisi`; its output, or exit 1 naming the command."""
    t = time.perf_counter()
    run = subprocess.run([str(BIN / "pachisi"), *argv], capture_output=True, text=True, **kw)
    wall = time.perf_counter() - t
    if run.returncode != 0:
        sys.exit(f"FAILED: pachisi {' '.join(argv)} (exit {run.returncode})\n{run.stdout[-3000:]}{run.stderr[-3000:]}")
    print(f"{what}: {wall:.2f} s", flush=True)
    return run.stdout


def check_import():
    import pachisi
    from pachisi.games import GAMES, make_game
    where = Path(pachisi.__file__).resolve()
    if "site-packages" not in where.parts:
        sys.exit(f"FAILED: pachisi imported from {where}, not from the installed package")
    for name, cls in GAMES.items():
        module = sys.modules[type(make_game(name, cls.min_players).engine).__module__]
        if not module.__file__.endswith(tuple(EXTENSION_SUFFIXES)):
            sys.exit(f"FAILED: {name}'s rules are not a compiled module: {module.__file__}")
    from pachisi.i18n import render, plural
    told = render(plural("{count} player", "{count} players"), "ru", count=5)
    if told != "5 игроков":
        sys.exit(f"FAILED: the Russian catalogue says {told!r} for 5 players")
    print(f"import pachisi {pachisi.__version__} from {where.parent}: {len(GAMES)} games, compiled, "
          "the catalogues compiled", flush=True)
    return GAMES


def check_games(games, folder):
    from pachisi import dump_position, make_game
    step("pachisi --help", ["--help"])
    for name, cls in games.items():
        step(f"pachisi rules {name}", ["rules", name])
        state = make_game(name, cls.min_players).new_state(seed=1)
        while not state.is_chance:                   # Kimbo starts with its fence step
            state.push(state.legal_actions()[0])
        path = Path(folder) / f"{name}.json"
        path.write_text(json.dumps(dump_position(state)), encoding="utf-8")
        dice = ",".join(str(d) for d in state.next_roll())
        out = step(f"pachisi moves --game {name}", ["moves", "--game", name, "--position", str(path), "--dice", dice])
        if "legal move" not in out and "no legal move" not in out:
            sys.exit(f"FAILED: pachisi moves --game {name} printed no verdict:\n{out}")
        players = ",".join(["random"] * cls.min_players)
        out = step(f"pachisi simulate --game {name} -n 20", ["simulate", "--game", name, "-n", "20", "--players",
                                                             players, "--workers", "1", "--json"])
        if json.loads(out)["games"] != 20:
            sys.exit(f"FAILED: pachisi simulate --game {name} did not play 20 games:\n{out}")


def get(url, data=None):
    request = urllib.request.Request(url, data=json.dumps(data).encode() if data is not None else None,
                                     headers={"Content-Type": "application/json"} if data is not None else {})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, answer.headers.get("Content-Type", ""), answer.read()
    except urllib.error.HTTPError as e:          # an answer all the same: the caller names what it got
        return e.code, e.headers.get("Content-Type", ""), e.read()


def check_web(folder):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    base = f"http://127.0.0.1:{port}"
    t = time.perf_counter()
    server = subprocess.Popen([str(BIN / "pachisi"), "serve", "--port", str(port),
                               "--db", f"sqlite:///{Path(folder) / 'rooms.db'}"],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        deadline = time.monotonic() + 300             # a bound on a hung start, not a speed check
        while True:
            if server.poll() is not None:
                sys.exit(f"FAILED: pachisi serve exited {server.returncode}:\n{server.stdout.read()[-3000:]}")
            try:
                status, kind, body = get(base + "/")
                break
            except (urllib.error.URLError, ConnectionError):
                if time.monotonic() > deadline:
                    sys.exit("FAILED: pachisi serve did not answer")
                time.sleep(0.2)
        print(f"pachisi serve answers: {time.perf_counter() - t:.2f} s", flush=True)
        if status != 200 or "html" not in kind or b"<script" not in body:
            sys.exit(f"FAILED: GET / gave {status} {kind}")
        status, kind, body = get(base + "/static/js/main.js")
        if status != 200 or "javascript" not in kind or b"import" not in body:
            sys.exit(f"FAILED: GET /static/js/main.js gave {status} {kind}")
        status, kind, body = get(base + "/static/i18n/ru.json")       # the page's messages, compiled with the package
        if status != 200 or json.loads(body).get("room.roll") != "Бросить кубики":
            sys.exit(f"FAILED: GET /static/i18n/ru.json gave {status}: {body[:300]!r}")
        for page in ("rules", "play"):                # the rule text and how-to-play page the package carries
            status, kind, body = get(f"{base}/api/games/ludo/{page}")
            if status != 200 or "<h2" not in json.loads(body).get("html", ""):
                sys.exit(f"FAILED: GET /api/games/ludo/{page} gave {status}: {body[:300]!r}")
        status, kind, body = get(base + "/api/rooms", {"game": "ludo", "seats": [{"kind": "local"}, {"kind": "bot"}]})
        room = json.loads(body)
        if status != 201 or not room.get("code"):
            sys.exit(f"FAILED: POST /api/rooms gave {status}: {body[:500]!r}")
        status, kind, body = get(f"{base}/api/rooms/{room['code']}")
        if status != 200 or json.loads(body).get("game") != "ludo":
            sys.exit(f"FAILED: GET /api/rooms/{room['code']} gave {status}: {body[:500]!r}")
        print(f"web app: page, static file, rules, how to play and room {room['code']} served", flush=True)
    finally:
        server.terminate()
        try:
            server.wait(timeout=60)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--web", action="store_true", help="also serve the web app (needs pachisi[web])")
    args = parser.parse_args()
    games = check_import()
    with tempfile.TemporaryDirectory() as folder:
        check_games(games, folder)
        if args.web:
            check_web(folder)
    print("installed package: OK")


if __name__ == "__main__":
    os.environ.pop("PYTHONPATH", None)
    main()
