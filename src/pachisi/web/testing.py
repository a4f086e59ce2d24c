"""A live server in a child process on a free loopback port, for the
end-to-end tests, the crash test and the load benchmark."""
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request


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
                     "--rate", str(rate), "--create-rate", str(create_rate), *extra_args]
        self.proc = None

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self):
        return f"ws://127.0.0.1:{self.port}"

    def start(self, timeout=60):
        self.proc = subprocess.Popen(self.args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                     env=dict(os.environ, PYTHONUNBUFFERED="1"))
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server stopped: {self.proc.stderr.read().decode(errors='replace')[-2000:]}")
            try:
                with urllib.request.urlopen(self.url + "/api/lobby", timeout=2) as r:
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
            self.proc.wait(timeout=10)

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()
        if self.proc and self.proc.stderr:
            self.proc.stderr.close()

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()
