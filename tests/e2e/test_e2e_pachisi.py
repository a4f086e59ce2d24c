"""Pachisi in Chromium, in English and Russian, on a 1280x900 screen and a 390x844 touch phone: the cloth (the
cross of the ring68 board with its twelve crossed castles, each arm's middle column in its colour, the
charkoni holding the pieces that wait and those home), a throw's moves offered with leaving it unused, a move
made from the list, and the how-to-play page with its three diagrams.  Screenshots go to /tmp.

The position is reached over the room's WebSocket: every seat of a hot-seat room plays its first move that
is not "pass" for a number of throws."""
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
