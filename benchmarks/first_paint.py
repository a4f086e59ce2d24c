"""How soon a room's board is on the screen: Chromium opens a room (a fresh page each time, the server
already warm) and the figure is the time from the navigation's start to the first square of the board
in the page (performance.now() when `.board .sq` appears), median and max over --rounds, at 1280x900
and on a 390x844 phone.

    python benchmarks/first_paint.py                        # Ludo 4 and 6, Parchís 8
    python benchmarks/first_paint.py --table ludo:6 --rounds 20
"""
import argparse
import statistics
import tempfile

from pachisi.web.testing import LiveServer

CHROMIUM = "/usr/bin/chromium"
SCREENS = {"1280x900": {"viewport": {"width": 1280, "height": 900}},
           "390x844": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--table", action="append", help="GAME:PLAYERS (repeatable; default ludo:4 ludo:6 parchis:8)")
    ap.add_argument("--rounds", type=int, default=10)
    args = ap.parse_args()
    tables = [(g, int(n)) for g, n in (t.split(":") for t in args.table or ("ludo:4", "ludo:6", "parchis:8"))]
    from playwright.sync_api import sync_playwright
    with tempfile.TemporaryDirectory() as folder, LiveServer(f"sqlite:///{folder}/web.sqlite3") as srv, \
            sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox"])
        for game, players in tables:
            seats = [{"kind": "local", "name": f"P{i + 1}"} for i in range(players)]
            options = {"seats": players} if players > 4 else {}
            room = srv.api("/api/rooms", {"game": game, "options": options, "seats": seats, "public": False})
            for screen, context in SCREENS.items():
                times = [paint(browser, context, srv, room) for _ in range(args.rounds + 1)][1:]   # the first warms
                print(f"{game} for {players} at {screen}: first square of the board after "
                      f"{statistics.median(times):.0f} ms (median of {args.rounds}), max {max(times):.0f} ms")
        browser.close()


def paint(browser, context, srv, room):
    """Milliseconds from the navigation's start to the board's first square, in a fresh page."""
    ctx = browser.new_context(**context)
    ctx.add_init_script(f"localStorage.setItem('pachisi.tokens', JSON.stringify({{{room['code']!r}: "
                        f"{room['token']!r}}}))")
    page = ctx.new_page()
    page.goto(f"{srv.url}/#/room/{room['code']}", wait_until="commit")
    page.wait_for_selector(".board .sq")
    ms = page.evaluate("performance.now()")
    ctx.close()
    return ms


if __name__ == "__main__":
    main()
