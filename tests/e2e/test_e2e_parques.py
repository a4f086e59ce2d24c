"""Parqués in Chromium, in English and Russian, on a 1280x900 screen and a 390x844 touch phone: the board is
the 68-square cross with its jails, approaches and cielo, the pieces freed by a pair stand on their salida,
and a missed capture is offered for blowing (soplar) with Parqués's own words.

The positions are reached over the room's WebSocket: every seat of a hot-seat room plays the first legal move
that captures nothing (a capture missed on purpose), until the seat to move is offered the call."""
import pytest

from roompage import ROOM, new_page, play_hotseat, seq, wait_after
from test_e2e_claim import claim_or_no_capture, colour_of, is_claim, status
from test_e2e_room import EVERY, open_room

pytestmark = pytest.mark.timeout(900)

CLAIM = {"en": "Your call ({colour}): an opponent missed a capture — pick their marked piece to blow it (soplar: it "
               "goes to jail) or let it pass.",
         "ru": "Ваше решение ({colour}): соперник пропустил взятие — выберите отмеченную фишку, чтобы сдуть её "
               "(сопла́р: фишка идёт в тюрьму), или пропустите."}
CALL_WORDS = {"en": "blow the missed capture (soplar): piece {piece} goes to jail",
              "ru": "сдуть пропущенное взятие (сопла́р): фишка {piece} идёт в тюрьму"}
BLOWN = {"en": "{who} blew the missed capture (soplar): piece {piece} goes to jail",
         "ru": "{who} сдул пропущенное взятие (сопла́р): фишка {piece} идёт в тюрьму"}
JAIL = {"en": "jail", "ru": "тюрьма"}


def claim_room(server):
    """A hot-seat Parqués room of four at a soplar step, and the state there."""
    for _ in range(5):
        room = server.api("/api/rooms", {"game": "parques",
                                         "seats": [{"kind": "local", "name": f"P{i}"} for i in range(4)]})
        state = play_hotseat(server, room["code"], room["token"], claim_or_no_capture, limit=5000)
        if state["room"]["status"] != "over":
            return room, state
    raise AssertionError("five games ended without a missed capture")


@pytest.mark.parametrize("lang,screen", EVERY)
def test_the_board_and_a_missed_capture_blown(browser, server, lang, screen):
    room, state = claim_room(server)
    assert is_claim(state["moves"])
    ctx, page = open_room(browser, server, room["code"], room["token"], lang, screen)
    try:
        page.wait_for_selector(".moves button.move[data-move=nocall]")
        caller = state["turn"]["player"]
        assert status(page) == CLAIM[lang].format(colour=colour_of(state, caller, lang))
        # the cross of Parchís: 68 ring squares, four approaches of 7, and a jail per colour
        assert page.locator(".board .sq").count() >= 68 + 4 * 7
        labels = page.eval_on_selector_all(".board [aria-label]", "es => es.map((e) => e.getAttribute('aria-label'))")
        page.screenshot(path=f"/tmp/parques-board-{lang}-{screen}.png")
        assert any(JAIL[lang] in label.lower() for label in labels), labels[:5]
        offered = page.locator(".moves button.move")
        calls = [offered.nth(i).get_attribute("data-move") for i in range(offered.count())]
        call = next(t for t in calls if t.startswith("call-"))
        words = offered.nth(calls.index(call)).locator(".words").inner_text()
        assert words == CALL_WORDS[lang].format(piece=call[5:])
        page.screenshot(path=f"/tmp/parques-claim-{lang}-{screen}.png")
        before = seq(page)
        page.click(f".moves button.move[data-move='{call}']")
        wait_after(page, before)
        said = BLOWN[lang].format(who=colour_of(state, caller, lang), piece=call[5:])
        page.wait_for_function("w => [...document.querySelectorAll('.log li')].some((li) => li.textContent.includes(w))",
                               arg=said)
        assert page.get_attribute(ROOM, "data-phase") in ("roll", "move")
        page.screenshot(path=f"/tmp/parques-blown-{lang}-{screen}.png")
        assert not page.errors
    finally:
        ctx.close()


HOWTO = {"en": "How to play Parqués", "ru": "Как играть: Паркес"}


@pytest.mark.parametrize("lang,screen", EVERY)
def test_the_how_to_play_page_shows_the_jail_and_its_diagrams(browser, server, lang, screen):
    ctx, page = new_page(browser, lang, screen)
    try:
        page.set_default_timeout(60_000)
        page.goto(f"{server.url}/#/rules/parques")
        page.wait_for_selector(".rules .board .sq")
        assert page.inner_text(".rules-page h1") == HOWTO[lang]
        assert page.locator(".rules .board").count() == 3                 # the page's three diagrams
        page.screenshot(path=f"/tmp/parques-howto-{lang}-{screen}.png", full_page=True)
        assert not page.errors
    finally:
        ctx.close()
