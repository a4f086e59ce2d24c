"""Chaupar in Chromium, in English and Russian, on a 1280x900 screen and a 390x844 touch phone: the cross of
Pachisi with its twelve castles and every piece on the board from the start, and a move of two pieces
together, offered as one move with Chaupar's own words, told in the log as one.

The position is reached over the room's WebSocket: every seat of a hot-seat room plays a move that lands on
an own piece when it can (stacks form), until the seat to move is offered a move together."""
import pytest

from roompage import ROOM, new_page, play_hotseat, seq, wait_after
from test_e2e_room import EVERY, open_room

pytestmark = pytest.mark.timeout(900)

TOGETHER = {"en": "{d}-{d} with pieces {p} together ({n} each)", "ru": "{d}-{d} фишками {p} вместе (каждая на {n})"}
TOLD = {"en": "moved pieces {p} together {n}", "ru": "провёл фишки {p} вместе на {n}"}


def stack_or_together(state):
    """Roll; stop at a move together; else a move landing on an own piece, else the first."""
    if state["turn"]["phase"] == "roll":
        return "roll"
    moves = state["moves"]
    if any(len(m["t"]) > 2 for m in moves):
        return None
    stands = {m["f"] for m in moves}
    return next((m["t"] for m in moves if m["to"] in stands and m["to"] != m["f"]), moves[0]["t"])


def together_room(server):
    for _ in range(5):
        room = server.api("/api/rooms", {"game": "chaupar",
                                         "seats": [{"kind": "local", "name": f"P{i}"} for i in range(4)]})
        state = play_hotseat(server, room["code"], room["token"], stack_or_together, limit=5000)
        if state["room"]["status"] != "over":
            return room, state
    raise AssertionError("five games ended without a move together")


@pytest.mark.parametrize("lang,screen", EVERY)
def test_the_cross_and_a_move_of_two_pieces_together(browser, server, lang, screen):
    room, state = together_room(server)
    ctx, page = open_room(browser, server, room["code"], room["token"], lang, screen)
    try:
        pair = next(m for m in state["moves"] if len(m["t"]) == 3)
        page.wait_for_selector(f".moves button.move[data-move='{pair['t']}']")
        # the cross: 68 circuit squares, a middle column of 7 per arm; 16 pieces, all on the board
        assert page.locator(".board .sq").count() >= 68 + 4 * 7
        assert page.locator(".board .piece").count() == 16
        assert page.locator(".board .sq.kind-castle").count() == 12
        d, p = pair["t"][0], "+".join(pair["t"][1:])
        button = page.locator(f".moves button.move[data-move='{pair['t']}']")
        n = 2 * int(d)
        assert button.locator(".words").inner_text() == TOGETHER[lang].format(d=d, p=p, n=n)
        page.screenshot(path=f"/tmp/chaupar-together-{lang}-{screen}.png")
        before = seq(page)
        button.click()
        wait_after(page, before)
        page.wait_for_function("w => [...document.querySelectorAll('.log li')].some((li) => li.textContent.includes(w))",
                               arg=TOLD[lang].format(p=p, n=n))
        assert page.get_attribute(ROOM, "data-phase") in ("roll", "move")
        page.screenshot(path=f"/tmp/chaupar-after-{lang}-{screen}.png")
        assert not page.errors
    finally:
        ctx.close()


HOWTO = {"en": "How to play Chaupar", "ru": "Как играть: Чаупар"}


@pytest.mark.parametrize("lang,screen", EVERY)
def test_the_how_to_play_page_shows_its_diagrams(browser, server, lang, screen):
    ctx, page = new_page(browser, lang, screen)
    try:
        page.set_default_timeout(60_000)
        page.goto(f"{server.url}/#/rules/chaupar")
        page.wait_for_selector(".rules .board .sq")
        assert page.inner_text(".rules-page h1") == HOWTO[lang]
        assert page.locator(".rules .board").count() == 6                 # the page's six diagrams
        page.screenshot(path=f"/tmp/chaupar-howto-{lang}-{screen}.png", full_page=True)
        assert not page.errors
    finally:
        ctx.close()
