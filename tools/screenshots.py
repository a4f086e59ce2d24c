"""Screenshots of every game's board, for the docs: each game at the start
(four people at one screen, nobody has moved) and mid-game (four bots, after
some of their moves), at 1280x900, plus a few on a 390x844 phone and in
Russian.  Each picture gets a server of its own on a free port (a fresh
database in a temporary folder, dice from a fixed seed: the bot rooms of
earlier pictures would keep playing and slow the next) and Debian's Chromium.

    PYTHONPATH=src .venv/bin/python tools/screenshots.py [--out docs/screenshots] [--games ludo,kimbo]
"""
import argparse
import json
import sys
import tempfile
from pathlib import Path

from pachisi.web.testing import LiveServer

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
GAMES = ("ludo", "parchis", "parcheesi", "shishbesh", "mandavoshka", "tryasuchka", "kimbo", "maedn")
# reduced motion: no piece is caught halfway along its walk
DESKTOP = {"viewport": {"width": 1280, "height": 900}, "reduced_motion": "reduce"}
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 1,
         "reduced_motion": "reduce"}
# the extra pictures: (game, moment, context, language, file suffix)
EXTRAS = (("ludo", "mid", PHONE, "en", "phone"), ("kimbo", "start", PHONE, "en", "phone"),
          ("shishbesh", "mid", DESKTOP, "ru", "ru"), ("parchis", "mid", PHONE, "ru", "phone-ru"),
          ("maedn", "mid", DESKTOP, "ru", "ru"), ("maedn", "mid", PHONE, "en", "phone"),
          ("maedn", "mid", PHONE, "ru", "phone-ru"))


def create_room(server, game, kind, players):
    seats = [{"kind": kind, "name": f"P{i + 1}", **({"level": 1} if kind == "bot" else {})} for i in range(players)]
    return server.api("/api/rooms", {"game": game, "seats": seats, "public": False}, timeout=240)


def shoot(browser, game, moment, context, lang, path, moves, players):
    """One picture: a room of people at one screen (start) or of bots after `moves` actions (mid)."""
    with tempfile.TemporaryDirectory() as tmp, \
            LiveServer(f"sqlite:///{tmp}/web.db", bot_delay=0.1, rate=50, extra_args=("--dice-seed", "7")) as server:
        room = create_room(server, game, "local" if moment == "start" else "bot", players)
        picture(browser, server, room, moment, context, lang, path, moves)
    print(path, f"{path.stat().st_size // 1024} KB")


def picture(browser, server, room, moment, context, lang, path, moves):
    ctx = browser.new_context(**context)
    try:
        # the seat's token and the language are in the browser's storage before the page's scripts run
        ctx.add_init_script("localStorage.setItem('pachisi.tokens', JSON.stringify(%s));"
                            "localStorage.setItem('pachisi.lang', JSON.stringify(%s));"
                            % (json.dumps({room["code"]: room["token"]}), json.dumps(lang)))
        page = ctx.new_page()
        page.goto(f"{server.url}/#/room/{room['code']}")
        page.wait_for_selector(".board .sq", timeout=240000)
        if moment == "mid":
            page.wait_for_function("n => Number(document.querySelector('.room').dataset.seq) >= n "
                                   "|| document.querySelector('.room').dataset.status === 'over'", arg=moves, timeout=240000)
        page.screenshot(path=str(path))
    finally:
        ctx.close()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="docs/screenshots", type=Path)
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--moves", type=int, default=60, help="actions (rolls and moves) before the mid-game picture")
    ap.add_argument("--no-extras", action="store_true", help="only the 1280x900 English pictures")
    args = ap.parse_args(argv)
    games = [g for g in args.games.split(",") if g]
    args.out.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        players = {g: 2 if g == "kimbo" else 4 for g in GAMES}
        for game in games:
            for moment in ("start", "mid"):
                shoot(browser, game, moment, DESKTOP, "en", args.out / f"{game}-{moment}.png", args.moves,
                      players.get(game, 4))
        if not args.no_extras:
            for game, moment, context, lang, suffix in EXTRAS:
                if game in games:
                    shoot(browser, game, moment, context, lang, args.out / f"{game}-{moment}-{suffix}.png",
                          args.moves, players.get(game, 4))
        browser.close()


if __name__ == "__main__":
    sys.exit(main())
