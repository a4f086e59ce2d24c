"""What a table offers beyond the moves, in Chromium, in English and Russian, on a 1280x900 screen and a
390x844 touch phone: bot speed down to "at once", the match length on the quick-start card."""
import json

import pytest

from test_e2e_room import BOTH, SCREENS, create, open_room

pytestmark = pytest.mark.timeout(900)


def sent(page):
    """The WebSocket messages the page sends from now on (a list that fills as they go)."""
    out = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda payload: out.append(json.loads(payload))))
    return out


def wait_sent(page, frames, pred):
    """The first message sent that `pred` accepts, once it has gone."""
    for _ in range(200):
        found = [f for f in frames if pred(f)]
        if found:
            return found[0]
        page.wait_for_timeout(50)
    raise AssertionError(f"no such message was sent: {frames}")


@pytest.mark.parametrize("lang,screen", BOTH)
def test_bots_play_at_once_when_the_player_asks_and_the_server_is_told(browser, server, lang, screen):
    room = create(server, seats=("local", "bot", "bot", "bot"))
    ctx, page = open_room(browser, server, room["code"], room["token"], lang, screen)
    try:
        page.click(".settings summary")
        option = page.locator("[data-set=speed] option[value=instant]")
        assert option.inner_text() == {"en": "at once", "ru": "сразу"}[lang]
        frames = sent(page)
        page.select_option("[data-set=speed]", "instant")
        assert wait_sent(page, frames, lambda f: f["type"] == "pace")["speed"] == "instant"
        frames = sent(page)
        page.reload()                       # the choice is remembered, and the new connection's hello says it
        page.wait_for_selector(".board .sq")
        assert wait_sent(page, frames, lambda f: f["type"] == "hello")["speed"] == "instant"
        assert page.input_value("[data-set=speed]") == "instant"
        assert not page.errors
    finally:
        ctx.close()


@pytest.mark.parametrize("lang,screen", BOTH)
def test_the_quick_start_card_of_a_match_says_how_many_wins_it_is_to(browser, server, lang, screen):
    ctx = browser.new_context(**SCREENS[screen])
    ctx.add_init_script(f"localStorage.setItem('pachisi.lang', JSON.stringify({json.dumps(lang)}));")
    page = ctx.new_page()
    try:
        page.goto(server.url + "/")
        card = page.locator(".quick-card[data-game=tryasuchka]")
        assert card.locator(".match").inner_text() == {"en": ", a match to 2 wins", "ru": ", матч до 2 побед"}[lang]
        assert not page.locator(".quick-card[data-game=ludo] .match").count()
    finally:
        ctx.close()
