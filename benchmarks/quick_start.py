"""How long a quick-start game against bots lasts in the browser, played to its end: a server with the
default bot delay (0.8 s at the "normal" speed), Chromium with the room's bot speed set (default
"instant") and auto-roll on; the person's moves are the first listed, made as soon as they are offered
(so the figure is the game's own length, without a person's thinking).

    python benchmarks/quick_start.py --game ludo --level 3
    python benchmarks/quick_start.py --game kimbo --level 1 --api

--api plays through the WebSocket instead of the browser (the server's share of the time alone).
"""
import argparse
import json
import tempfile
import time

from pachisi.games import game_class
from pachisi.web.testing import LiveServer

CHROMIUM = "/usr/bin/chromium"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="ludo")
    ap.add_argument("--level", type=int, default=3, help="the bots' level (3: Medium, the quick start's)")
    ap.add_argument("--speed", default="instant", choices=("instant", "fast", "normal", "slow"))
    ap.add_argument("--bot-delay", type=float, default=0.8, help="the server's delay at the normal speed")
    ap.add_argument("--api", action="store_true", help="play through the WebSocket, without a browser")
    args = ap.parse_args()
    players = game_class(args.game).quick_players
    seats = [{"kind": "local", "name": "Me"}] + [{"kind": "bot", "level": args.level}] * (players - 1)
    with tempfile.TemporaryDirectory() as folder, \
            LiveServer(f"sqlite:///{folder}/web.sqlite3", bot_delay=args.bot_delay, rate=50,
                       extra_args=("--conns-per-address", "0")) as srv:
        how = api_game if args.api else browser_game
        wall, actions, chosen = how(srv, args, seats)
    print(f"{args.game}, you and {players - 1} bot(s) of level {args.level}, bot speed {args.speed} "
          f"(server bot delay {args.bot_delay:g} s at normal), {'WebSocket' if args.api else 'Chromium'}: "
          f"{wall:.1f} s to the end, {actions} rolls and moves, {chosen} of them chosen by the person")


def api_game(srv, args, seats):
    """The game through the WebSocket: (seconds, actions, the person's moves)."""
    from websockets.sync.client import connect
    start = time.perf_counter()
    room = srv.api("/api/rooms", {"game": args.game, "seats": seats, "public": False})
    chosen = 0
    with connect(f"{srv.ws_url}/ws/{room['code']}", max_size=None) as ws:
        ws.send(json.dumps({"type": "hello", "token": room["token"], "speed": args.speed}))
        you, acted = [], -1
        while True:
            m = json.loads(ws.recv())
            if m["type"] == "welcome":
                you = m["you"]
            if m["type"] == "error" and m["code"] == "rate":     # faster than a connection may send: again
                time.sleep(0.25)
                ws.send(sent)
            if m["type"] != "state":
                continue
            if m["room"]["status"] == "over":
                return time.perf_counter() - start, m["seq"], chosen
            turn = m["turn"]
            if turn["player"] in you and turn["phase"] in ("roll", "move") and m["seq"] > acted:
                acted = m["seq"]            # once a position (a state is told again when someone comes or goes)
                action = "roll" if turn["phase"] == "roll" else m["moves"][0]["t"]
                chosen += action != "roll"
                sent = json.dumps({"type": "act", "seq": m["seq"], "action": action})
                ws.send(sent)


def browser_game(srv, args, seats):
    """The game in Chromium, auto-roll on, the first listed move clicked: (seconds, actions, person's moves)."""
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox"])
        ctx = browser.new_context(viewport={"width": 1280, "height": 900})
        settings = {"autoRoll": True, "autoMove": True, "sound": False, "speed": args.speed}
        ctx.add_init_script(f"localStorage.setItem('pachisi.room.settings', {json.dumps(json.dumps(settings))});")
        page = ctx.new_page()
        page.goto(srv.url + "/")
        start = time.perf_counter()
        room = srv.api("/api/rooms", {"game": args.game, "seats": seats, "public": False})
        page.evaluate("([c, t]) => localStorage.setItem('pachisi.tokens', JSON.stringify({[c]: t}))",
                      [room["code"], room["token"]])
        page.goto(f"{srv.url}/#/room/{room['code']}")
        page.wait_for_selector(".board .sq")
        chosen = 0
        while page.get_attribute(".room", "data-status") != "over":
            mine = page.get_attribute(".room", "data-you") == page.get_attribute(".room", "data-turn")
            button = page.locator(".movelist button.move:not([disabled])").first
            if mine and page.get_attribute(".room", "data-phase") == "move" and button.count():
                seq = page.get_attribute(".room", "data-seq")
                button.click()
                chosen += 1
                page.wait_for_function("s => document.querySelector('.room').dataset.seq !== s", arg=seq,
                                       timeout=120000)
            else:
                page.wait_for_timeout(20)
        wall = time.perf_counter() - start
        actions = int(page.get_attribute(".room", "data-seq"))
        browser.close()
    return wall, actions, chosen


if __name__ == "__main__":
    main()
