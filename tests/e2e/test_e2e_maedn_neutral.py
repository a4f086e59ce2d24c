"""Mensch ärgere Dich nicht for three with the neutral colour (all_colours) in the browser, in English and
Russian at 1280x900 and on a 390x844 phone: the fourth colour is drawn grey (its A field, goal, B fields
and its four pieces), the legend lists it, and a neutral piece is moved from the board like one's own.
Screenshots go to the test's tmp dir."""
import json

import pytest

from roompage import play_hotseat, seq, wait_after
from test_e2e_touch import PHONE

pytestmark = pytest.mark.timeout(900)
DESKTOP = {"viewport": {"width": 1280, "height": 900}}
GREY = "#9a9a9a"


def open_room(browser, server, lang, device):
    room = server.api("/api/rooms", {"game": "maedn", "options": {"all_colours": True},
                                     "seats": [{"kind": "local", "name": f"P{i}"} for i in range(3)]})
    ctx = browser.new_context(**device)
    ctx.add_init_script(f"localStorage.setItem('pachisi.lang', JSON.stringify({json.dumps(lang)}));"
                        f"localStorage.setItem('pachisi.tokens', JSON.stringify({json.dumps({room['code']: room['token']})}));")
    page = ctx.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.url}/#/room/{room['code']}")
    page.wait_for_selector(".room[data-seq] .board .sq")
    return room, ctx, page, errors


def to_a_neutral_move(server, room):
    """Play the room on (first moves) until the player to move may move a neutral piece."""
    def choose(state):
        if state["turn"]["phase"] == "roll":
            return "roll"
        texts = [m["t"] for m in state["moves"]]
        if any("n" in t for t in texts):
            return None
        return texts[0]
    return play_hotseat(server, room["code"], room["token"], choose)


@pytest.mark.parametrize("device", ["1280", "390"])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_neutral_colour_is_grey_and_its_pieces_are_moved_from_the_board(browser, server, lang, device, tmp_path):
    room, ctx, page, errors = open_room(browser, server, lang, DESKTOP if device == "1280" else PHONE)
    try:
        assert page.locator(".room svg.board .piece").count() == 16          # three players' and the neutral four
        assert page.locator(f".room svg.board .piece .body[fill='{GREY}']").count() == 4
        page.screenshot(path=str(tmp_path / f"maedn-neutral-{lang}-{device}.png"))
        state = to_a_neutral_move(server, room)
        page.wait_for_function("s => Number(document.querySelector('.room').dataset.seq) >= s", arg=state["seq"])
        neutral = [m for m in state["moves"] if "n" in m["t"]][0]
        page.screenshot(path=str(tmp_path / f"maedn-neutral-{lang}-{device}-move.png"))
        button = page.locator(f".room button.move[data-move='{neutral['t']}']")
        assert ("neutral piece" if lang == "en" else "нейтральн") in button.inner_text()
        before = seq(page)
        button.click()
        wait_after(page, before)
        page.screenshot(path=str(tmp_path / f"maedn-neutral-{lang}-{device}-moved.png"))
        assert not errors
    finally:
        ctx.close()
