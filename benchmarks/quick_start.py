"""How long a quick-start game against bots lasts in the browser, played to its end: a server with the
default bot delay (0.8 s at the "normal" speed), Chromium with the room's bot speed set (default
"instant") and auto-roll on; the person's moves are the first listed, made as soon as they are offered
(so the figure is the game's own length, without a person's thinking).

    python benchmarks/quick_start.py --game ludo --level 3
    python benchmarks/quick_start.py --game kimbo --level 1 --speed instant
"""
import argparse
import json
import tempfile
import time

from pachisi.web.catalogue import QUICK_PLAYERS
from pachisi.web.testing import LiveServer

CHROMIUM = "/usr/bin/chromium"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="ludo")
    ap.add_argument("--level", type=int, default=3, help="the bots' level (3: Medium, the quick start's)")
    ap.add_argument("--speed", default="instant", choices=("instant", "fast", "normal", "slow"))
    ap.add_argument("--bot-delay", type=float, default=0.8, help="the server's delay at the normal speed")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright
    with tempfile.TemporaryDirectory() as folder, \
            LiveServer(f"sqlite:///{folder}/web.sqlite3", bot_delay=args.bot_delay, rate=50,
                       extra_args=("--conns-per-address", "0")) as srv, sync_playwright() as p:
        players = QUICK_PLAYERS.get(args.game, 4)
        seats = [{"kind": "local", "name": "Me"}] + [{"kind": "bot", "level": args.level}] * (players - 1)
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
    print(f"{args.game}, you and {players - 1} bot(s) of level {args.level}, bot speed {args.speed} "
          f"(server bot delay {args.bot_delay:g} s at normal): {wall:.1f} s to the end, {actions} rolls and "
          f"moves, {chosen} of them chosen by the person")


if __name__ == "__main__":
    main()
