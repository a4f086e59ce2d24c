"""What one update of a Kimbo room costs: the bytes each connection receives for the update that brings a
fence stage (the seat to move, the other seat, a spectator), and the time from a click to the page drawn
after it in Chromium (the clicks whose answer brings the next fence stage, and the others).

    python benchmarks/kimbo_update.py [--turns 12] [--no-browser]

Run it against another tree (PYTHONPATH=/other/src) to compare before and after."""
import argparse
from contextlib import ExitStack
import json
from pathlib import Path
import statistics
import tempfile
import time

from websockets.sync.client import connect

from pachisi.web.testing import LiveServer

CHROMIUM = "/usr/bin/chromium"


def hello(srv, code, token, stack):
    ws = stack.enter_context(connect(f"{srv.ws_url}/ws/{code}", max_size=None))
    ws.send(json.dumps({"type": "hello", "token": token}))
    return ws


def latest(ws, seq, limit=5.0):
    """(the state of sequence `seq`, its size in bytes) from `ws`, the messages before it skipped."""
    deadline = time.monotonic() + limit
    while True:
        raw = ws.recv(timeout=max(0.01, deadline - time.monotonic()))
        m = json.loads(raw)
        if m["type"] == "state" and m["seq"] >= seq:
            return m, len(raw.encode())


def fence_stage(state):
    return state["turn"]["phase"] == "move" and any("g" in m or "-" in m["t"] for m in state["moves"])


def bytes_per_update(srv, turns):
    room = srv.api("/api/rooms", {"game": "kimbo", "seats": [{"kind": "local", "name": "Ann"}, {"kind": "invite"}]})
    bob = srv.api(f"/api/rooms/{room['code']}/join", {"player": 1, "name": "Bob", "key": room["key"]})
    stack = ExitStack()
    conns = {"ann": hello(srv, room["code"], room["token"], stack), "bob": hello(srv, room["code"], bob["token"], stack),
             "spectator": hello(srv, room["code"], None, stack)}
    tokens = {"ann": 0, "bob": 1}
    states = {k: latest(ws, 0)[0] for k, ws in conns.items()}
    sizes = {"mover": [], "other seat": [], "spectator": []}
    answer = []
    seq = states["ann"]["seq"]
    fences = 0
    while fences < turns:
        player = states["ann"]["turn"]["player"]
        who = next(k for k, p in tokens.items() if p == player)
        st = states[who]
        action = "roll" if st["turn"]["phase"] == "roll" else \
            ("keep" if fence_stage(st) else st["moves"][0]["t"])
        began = time.perf_counter()
        conns[who].send(json.dumps({"type": "act", "seq": seq, "action": action}))
        seq += 1
        got = {k: latest(ws, seq) for k, ws in conns.items()}
        answer.append(time.perf_counter() - began)
        states = {k: m for k, (m, _) in got.items()}
        mover = next(k for k, p in tokens.items() if p == states["ann"]["turn"]["player"])
        if states[mover]["turn"]["phase"] == "move" and fence_stage(states[mover]):
            fences += 1
            other = "bob" if mover == "ann" else "ann"
            sizes["mover"].append(got[mover][1])
            sizes["other seat"].append(got[other][1])
            sizes["spectator"].append(got["spectator"][1])
        time.sleep(0.03)
    stack.close()
    return sizes, answer


def click_to_update(srv, turns):
    """Median ms from a click on a move (or Roll) to the page drawn after the server's answer, in a hotseat
    Kimbo room: the answers that bring the next fence stage, and the others."""
    from playwright.sync_api import sync_playwright
    room = srv.api("/api/rooms", {"game": "kimbo", "seats": [{"kind": "local", "name": "Ann"},
                                                             {"kind": "local", "name": "Bob"}]})
    times = {"to a fence stage": [], "other": []}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox"])
        ctx = browser.new_context(viewport={"width": 1280, "height": 900})
        ctx.add_init_script(f"localStorage.setItem('pachisi.tokens', JSON.stringify({json.dumps({room['code']: room['token']})}));")
        page = ctx.new_page()
        page.goto(f"{srv.url}/#/room/{room['code']}")
        page.wait_for_selector(".room[data-seq] .board .sq")
        while len(times["to a fence stage"]) < turns:
            ms = page.evaluate("""async () => {
              const room = document.querySelector('.room'), seq = room.dataset.seq;
              const b = room.dataset.phase === 'roll' ? room.querySelector('button.roll')
                : room.querySelector('.board-actions button.action, .movelist button.move');
              const t0 = performance.now();
              b.click();
              await new Promise((done) => new MutationObserver((_, o) => { if (room.dataset.seq !== seq) { o.disconnect(); done(); } })
                .observe(room, { attributes: true }));
              await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
              return [performance.now() - t0, room.querySelectorAll('.board .wallmark.src').length > 0];
            }""")
            times["to a fence stage" if ms[1] else "other"].append(ms[0])
            page.wait_for_timeout(30)
        browser.close()
    return times


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--turns", type=int, default=12, help="fence stages to measure")
    ap.add_argument("--no-browser", action="store_true", help="bytes and the server's answer only")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as d, LiveServer(f"sqlite:///{d}/bench.db", rate=50,
                                                        extra_args=("--dice-seed", "1", "--conns-per-address", "0")) as srv:
        sizes, answer = bytes_per_update(srv, args.turns)
        print(f"bytes of the update bringing a fence stage (median of {args.turns}):")
        for who, values in sizes.items():
            print(f"  {who:12} {statistics.median(values):>9,.0f}")
        print(f"server's answer to an action, at every connection: median {statistics.median(answer) * 1000:.0f} ms")
        if not args.no_browser and Path(CHROMIUM).exists():
            for kind, values in click_to_update(srv, args.turns).items():
                if values:
                    print(f"click to update in Chromium, {kind}: median {statistics.median(values):.0f} ms "
                          f"({len(values)} clicks)")


if __name__ == "__main__":
    main()
