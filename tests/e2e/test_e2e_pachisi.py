"""Pachisi in Chromium, in English and Russian, on a 1280x900 screen and a 390x844 touch phone: the cloth (the
cross of the ring68 board with its twelve crossed castles, each arm's middle column in its colour, the
charkoni holding the pieces that wait and those home), the throw as its points over its cowries mouth up, a
throw's moves offered with leaving it unused, a move
made from the list, two pieces moved together (blockades) picked on the board, and the how-to-play page with
its three diagrams.  Screenshots go to /tmp.

The position is reached over the room's WebSocket: every seat of a hot-seat room plays its first move that
is not "pass" for a number of throws."""
import re

import pytest

from roompage import ROOM, new_page, play_hotseat, seq, wait_after
from test_e2e_room import EVERY, open_room

pytestmark = pytest.mark.timeout(900)


def busy_room(server, throws=60):
    """A hot-seat Pachisi room of four after `throws` throws, at a throw that leaves moves."""
    room = server.api("/api/rooms", {"game": "pachisi",
                                     "seats": [{"kind": "local", "name": f"P{i}"} for i in range(4)]})
    count = {"throws": 0}

    def choose(state):
        if state["turn"]["phase"] == "roll":
            count["throws"] += 1
            return "roll"
        moves = [m["t"] for m in state["moves"]]
        if count["throws"] >= throws and len(moves) > 2:
            return None
        return next((t for t in moves if t != "pass"), moves[0])

    state = play_hotseat(server, room["code"], room["token"], choose, limit=20000)
    assert state["room"]["status"] != "over"
    return room, state


@pytest.mark.parametrize("lang,screen", EVERY)
def test_the_cloth_its_castles_and_a_throw_played(browser, server, lang, screen):
    room, state = busy_room(server)
    ctx, page = open_room(browser, server, room["code"], room["token"], lang, screen)
    try:
        page.wait_for_selector(".moves button.move[data-move=pass]")
        assert page.locator(".board .sq.kind-castle").count() == 12
        assert page.locator(".board .sq.kind-castle .glyph").first.text_content() == "✕"
        assert page.locator(".board .sq.kind-house").count() == 4 * 7
        assert page.locator(".board .sq.kind-track").count() == 68 - 12
        assert page.locator(".board .piece").count() == 16
        # the throw shows its points over its cowries, one sign a shell (● mouth up)
        die = page.locator(".dice .die.marked").first
        value, mark = int(die.locator("b").text_content()), die.locator(".die-mark").text_content()
        assert len(mark) == 6 and mark.count("●") == (25, 10, 2, 3, 4, 5, 6).index(value)
        page.screenshot(path=f"/tmp/pachisi-board-{lang}-{screen}.png")
        offered = page.locator(".moves button.move")
        texts = [offered.nth(i).get_attribute("data-move") for i in range(offered.count())]
        assert set(texts) == {m["t"] for m in state["moves"]} and "pass" in texts
        move = next(t for t in texts if t != "pass")
        before = seq(page)
        page.click(f".moves button.move[data-move='{move}']")
        wait_after(page, before)
        assert page.get_attribute(ROOM, "data-phase") in ("roll", "move")
        page.screenshot(path=f"/tmp/pachisi-moved-{lang}-{screen}.png")
        assert not page.errors
    finally:
        ctx.close()


PAIR = re.compile(r"^\d+[a-d]{2}\*?$")
TOGETHER = {"en": "{d} with pieces {p} together ({n} each)", "ru": "{d} фишками {p} вместе (каждая на {n})"}
TOLD = {"en": "moved pieces {p} together {n}", "ru": "провёл фишки {p} вместе на {n}"}


def stack_or_pair(state):
    """Roll; stop where two pieces may move together as a single piece of theirs may (one source, one
    target); else a move landing on an own piece, else the first that is not pass."""
    if state["turn"]["phase"] == "roll":
        return "roll"
    moves = state["moves"]
    singles = {(m["f"], m["to"]) for m in moves if not PAIR.match(m["t"])}
    if any(PAIR.match(m["t"]) and m["f"] and (m["f"], m["to"]) in singles for m in moves):
        return None
    stands = {m["f"] for m in moves}
    return next((m["t"] for m in moves if m["to"] in stands and m["to"] != m["f"]),
                next((m["t"] for m in moves if m["t"] != "pass"), moves[0]["t"]))


@pytest.mark.parametrize("lang,screen", EVERY)
def test_two_pieces_moving_together_are_picked_on_the_board(browser, server, lang, screen):
    room = server.api("/api/rooms", {"game": "pachisi", "options": {"blockades": True},
                                     "seats": [{"kind": "local", "name": f"P{i}"} for i in range(4)]})
    state = play_hotseat(server, room["code"], room["token"], stack_or_pair, limit=20000)
    assert state["room"]["status"] != "over"
    pair = next(m for m in state["moves"] if PAIR.match(m["t"]) and any(
        (x["f"], x["to"]) == (m["f"], m["to"]) for x in state["moves"] if not PAIR.match(x["t"])))
    ctx, page = open_room(browser, server, room["code"], room["token"], lang, screen)
    try:
        page.wait_for_selector(f".moves button.move[data-move='{pair['t']}']")
        src = page.locator(f".mark.src[data-ref='{pair['f']}']")
        if screen == "phone" and not page.locator("svg.board.zoomed").count():
            src.tap()                                                # the first tap on the dense board zooms in
        src.click()
        page.click(f".mark.dst[data-ref='{pair['to']}']")
        chooser = page.locator(".chooser:not([hidden])")
        chooser.wait_for()
        d, letters = re.match(r"(\d+)([a-d]{2})", pair["t"]).groups()
        n = re.search(r"\((\d+) each\)", pair["words"]["en"]).group(1)     # how far each goes
        said = TOGETHER[lang].format(d=d, p="+".join(letters), n=n)
        button = chooser.locator(f"button.move[data-move='{pair['t']}']")
        assert button.inner_text().startswith(said), button.inner_text()
        assert chooser.locator("button.move").count() >= 2           # the single piece's move is offered beside it
        page.screenshot(path=f"/tmp/pachisi-together-{lang}-{screen}.png")
        before = seq(page)
        button.click()
        wait_after(page, before)
        page.wait_for_function("w => [...document.querySelectorAll('.log li')].some((li) => li.textContent.includes(w))",
                               arg=TOLD[lang].format(p="+".join(letters), n=n))
        page.wait_for_function("ref => document.querySelectorAll(`.board .piece[data-ref='${ref}']`).length >= 2",
                               arg=pair["to"])                        # both stand on the target
        page.wait_for_function("() => !document.querySelector('.board .piece.moving')")     # and have walked there
        page.screenshot(path=f"/tmp/pachisi-together-after-{lang}-{screen}.png")
        assert not page.errors
    finally:
        ctx.close()


HOWTO = {"en": "How to play Pachisi", "ru": "Как играть: Пачиси"}


@pytest.mark.parametrize("lang,screen", EVERY)
def test_the_how_to_play_page_shows_the_cloth_and_its_diagrams(browser, server, lang, screen):
    ctx, page = new_page(browser, lang, screen)
    try:
        page.set_default_timeout(60_000)
        page.goto(f"{server.url}/#/rules/pachisi")
        page.wait_for_selector(".rules .board .sq")
        assert page.inner_text(".rules-page h1") == HOWTO[lang]
        assert page.locator(".rules .board").count() == 3                 # the page's three diagrams
        page.screenshot(path=f"/tmp/pachisi-howto-{lang}-{screen}.png", full_page=True)
        assert not page.errors
    finally:
        ctx.close()
