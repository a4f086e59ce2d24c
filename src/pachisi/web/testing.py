"""A live server in a child process on a free loopback port, for the
end-to-end tests, the crash test and the load benchmark."""
import json
import os
from pathlib import Path
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request


def api(url, body=None, timeout=300):
    """The JSON answer of a GET of `url`, or of a POST of `body`: the tests', benchmarks' and tools' client."""
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data, {"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout) as r:
        return json.loads(r.read())


def rss_mib(pid):
    """Resident memory of process `pid`, in MiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LiveServer:
    """`with LiveServer(db_url) as srv: srv.url ...`; srv.kill() simulates a crash."""

    def __init__(self, database_url, port=None, bot_delay=0.0, absent_after=60.0, rate=8.0, create_rate=0.0,
                 min_absent_after=0.0, rooms_per_hour=0, extra_args=()):
        # the tests' knobs: no limit on rooms created, and stand-ins as quick as a test wants them
        self.database_url = database_url
        self.port = port or free_port()
        self.args = [sys.executable, "-m", "pachisi.web", "--host", "127.0.0.1", "--port", str(self.port),
                     "--db", database_url, "--bot-delay", str(bot_delay), "--absent-after", str(absent_after),
                     "--min-absent-after", str(min_absent_after), "--rooms-per-hour", str(rooms_per_hour),
                     "--rate", str(rate), "--create-rate", str(create_rate), "--log-level", "warning", *extra_args]
        self.proc = None
        self.log = None

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}"

    def api(self, path, body=None, timeout=300):
        """api() of this server's `path`."""
        return api(self.url + path, body, timeout)

    @property
    def ws_url(self):
        return f"ws://127.0.0.1:{self.port}"

    def start(self, timeout=600):
        # the log goes to a file: a pipe nobody reads fills under load and blocks the server; the timeouts
        # bound a hang (a loaded machine may take minutes to start it), they do not measure speed
        self.log = tempfile.TemporaryFile()
        self.proc = subprocess.Popen(self.args, stdout=subprocess.DEVNULL, stderr=self.log,
                                     env=dict(os.environ, PYTHONUNBUFFERED="1"))
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server stopped: {self.log_tail()}")
            try:
                with urllib.request.urlopen(self.url + "/api/lobby", timeout=30) as r:
                    if r.status == 200:
                        return self
            except OSError:
                time.sleep(0.1)
        self.stop()
        raise RuntimeError("the server did not start in time")

    def kill(self):
        """Stop at once, as a crash would (SIGKILL: no shutdown, no flush)."""
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(timeout=120)

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=120)
            except subprocess.TimeoutExpired:
                self.kill()
        if self.log:
            self.log.close()
            self.log = None

    def log_tail(self, size=2000):
        """The end of the server's log, for a failure's message."""
        self.log.seek(0, os.SEEK_END)
        self.log.seek(max(0, self.log.tell() - size))
        return self.log.read().decode(errors="replace")

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()


# -- records that cost the server much to check (tests and benchmarks/verify_flood.py) -----------------
def rolls_record(game, rolls, size=1 << 20, players=4):
    """A record of `game` of about `size` bytes of rolls only, each player's turn a roll of `rolls` in turn
    (rolls that move nothing when the game lets no piece out on them): legal, but every roll is replayed
    and checked."""
    from ..games import make_game
    g = make_game(game, players)
    names = [g.player_name(p) for p in range(players)]
    head = f'[Game "{game}"]\n[Players "{",".join("abcdefgh"[:players])}"]\n[Seed "1"]\n[First "{names[0]}"]\n\n'
    lines, total, n = [head], len(head), 0
    while True:
        line = f"{n + 1}. {names[n % players]} [{rolls[n % len(rolls)]}]\n"
        if total + len(line) > size:
            return "".join(lines)
        lines.append(line)
        total += len(line)
        n += 1


def one_roll_games_record(game, roll, size=1 << 20):
    """A record of as many two-player games of `game` of one roll each as fit in `size` bytes (each game a new
    game to set up)."""
    from ..games import make_game
    first = make_game(game, 2).player_name(0)
    one = f'[Game "{game}"]\n[Players "a,b"]\n[Seed "1"]\n[First "{first}"]\n\n1. {first} [{roll}]\n\n'
    return one * (size // len(one))


def finish_offline(url, codes, seed=0):
    """Play a whole match in the database for each room of `codes`, as their server would have (the first
    room's dice, given to every one of them, and random legal moves): long finished rooms that are in no
    server's memory.  The number of actions of each."""
    import random
    from sqlalchemy import create_engine, insert, select, update
    from sqlalchemy.pool import NullPool
    from ..engine.match import Match
    from ..games import make_game
    from . import db
    engine = create_engine(url, poolclass=NullPool)
    with engine.begin() as conn:
        row = conn.execute(select(db.rooms).where(db.rooms.c.code == codes[0])).mappings().one()
        game = make_game(row["game"], row["players"], row["preset"], json.loads(row["options"]))
        match, rng, played = Match(game, row["wins"], int(row["seed"])), random.Random(seed), []
        state = match.new_game()
        start = state.clone()
        while True:
            if state.is_over:
                match.add(start, state)
                if match.over:
                    break
                state = match.new_game()
                start = state.clone()
            player = state.current_player
            if state.is_chance:
                dice = state.next_roll()
                state.set_dice(dice)
                kind, value = "roll", "-".join(map(str, dice))
            else:
                kind, value = "move", rng.choice(state.legal_moves()).text
                state.push(value)
            played.append({"n": len(played), "kind": kind, "value": value, "player": player, "by": "bot",
                           "client_id": None, "at": time.time()})
        for code in codes:
            room_id = conn.execute(select(db.rooms.c.id).where(db.rooms.c.code == code)).scalar_one()
            conn.execute(insert(db.actions), [dict(a, room_id=room_id) for a in played])
            conn.execute(update(db.rooms).where(db.rooms.c.id == room_id).values(status="over", seed=row["seed"]))
    engine.dispose()
    return len(played)


def long_record(game, size=70_000, seed=0, players=4):
    """A legal record of `game` of at least `size` bytes: games of `players` making random legal moves, one after
    another, from `seed`."""
    import random
    from .. import make_game, record as records
    g, parts, total = make_game(game, players), [], 0
    while total < size:
        state, rng = g.new_state(seed), random.Random(seed)
        start = state.clone()
        while not state.is_over:
            if state.is_chance:
                state.roll()
            else:
                state.push(rng.choice(state.legal_moves()))
        parts.append(records.write(state, records.headers_for(state, list("abcdefgh"[:players])), start=start))
        total += len(parts[-1])
        seed += 1
    return "\n".join(parts)
