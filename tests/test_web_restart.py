"""A crash loses no acknowledged move: a real server process (loopback, a free
port) is killed with SIGKILL mid-game and started again on the same
database; every move a client saw acknowledged is still there and the game
goes on from it."""
import json
import urllib.request

import pytest
from websockets.sync.client import connect

from pachisi.web.testing import LiveServer
from web_db import url_for

pytestmark = [pytest.mark.timeout(1800), pytest.mark.usefixtures("database")]   # a bound on a hang

def get_text(url):
    with urllib.request.urlopen(url, timeout=300) as r:
        return r.read().decode()


class Client:
    def __init__(self, srv, code, token):
        self.cm = connect(f"{srv.ws_url}/ws/{code}", open_timeout=300)
        self.ws = self.cm.__enter__()
        self.ws.send(json.dumps({"type": "hello", "token": token}))
        self.welcome = json.loads(self.ws.recv(timeout=300))
        self.state = None
        self.next_state()

    def close(self):
        self.cm.__exit__(None, None, None)

    def next_state(self):
        while True:
            m = json.loads(self.ws.recv(timeout=300))
            if m["type"] == "state":
                self.state = m
                return m
            assert m["type"] != "error", m

    def play(self, n):
        """Make n actions (hotseat: every seat is ours); the acknowledged sequence numbers."""
        acked = []
        for _ in range(n):
            st = self.state
            action = "roll" if st["turn"]["phase"] == "roll" else st["moves"][0]["t"]
            self.ws.send(json.dumps({"type": "act", "seq": st["seq"], "action": action}))
            while self.next_state()["seq"] <= st["seq"]:
                pass
            acked.append((self.state["seq"], self.state["last"]["v"]))
        return acked


def test_a_crash_mid_game_loses_no_acknowledged_move(tmp_path):
    db = url_for(tmp_path)
    srv = LiveServer(db, rate=200, extra_args=("--dice-seed", "1")).start()
    try:
        room = srv.api("/api/rooms", {"game": "shishbesh", "seats": [{"kind": "local"}, {"kind": "local"}]}, timeout=300)
        c = Client(srv, room["code"], room["token"])
        acked = c.play(30)
        record = get_text(f"{srv.url}/api/rooms/{room['code']}/record")
        srv.kill()
        c.close()                                   # no shutdown, no flush
    finally:
        srv.stop()
    srv2 = LiveServer(db, rate=200, extra_args=("--dice-seed", "1")).start()
    try:
        assert get_text(f"{srv2.url}/api/rooms/{room['code']}/record") == record
        c2 = Client(srv2, room["code"], room["token"])
        assert c2.welcome["you"] == [0, 1]
        assert c2.state["seq"] == acked[-1][0] == 30
        assert [e["v"] for e in c2.state["log"]] == [v for _, v in acked]
        more = c2.play(5)
        assert [s for s, _ in more] == [31, 32, 33, 34, 35]
        c2.close()
    finally:
        srv2.stop()
