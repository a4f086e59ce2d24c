"""The second game: what a player meets after a finished game, in English and Russian, on a 1280x900 screen
and a 390x844 touch phone.  The lobby is usable after the game-over screen's Lobby and New game buttons
(no dialog style of the room reaches a lobby row), the places list only who really placed, a private
room offers its spectators no seat and no keyless link, the Russian wording says what the settings do."""
import json
import re
import time

import pytest
from websockets.sync.client import connect

pytestmark = pytest.mark.timeout(900)

SCREENS = {"desktop": {"viewport": {"width": 1280, "height": 900}},
           "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}}
EVERY = [("en", "desktop"), ("en", "phone"), ("ru", "desktop"), ("ru", "phone")]
TWO = [("en", "desktop"), ("ru", "phone")]


def new_page(browser, lang, screen, storage=None):
    """A fresh browser (nothing remembered but the language and `storage`) and its page, with its script errors."""
    ctx = browser.new_context(**SCREENS[screen])
    values = {"pachisi.lang": lang, **(storage or {})}
    ctx.add_init_script("".join(f"if (localStorage.getItem({json.dumps(k)}) === null) "
                                f"localStorage.setItem({json.dumps(k)}, {json.dumps(json.dumps(v))});"
                                for k, v in values.items()))
    page = ctx.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    return ctx, page


def play_out(server, code, token):
    """Play every seat of `token` (a hotseat game: all of them) to the end over the room's WebSocket, the first
    legal action each time, at the pace the server's rate limit allows (a refusal for the rate: the same
    action again a moment later): the game as fast as the server answers, while the browser watches it."""
    with connect(f"{server.ws_url}/ws/{code}") as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        you, state, sent = [], None, -1
        while True:
            m = json.loads(ws.recv())
            if m["type"] == "welcome":
                you = m["you"]
            if m["type"] == "error" and m["code"] == "rate":
                time.sleep(0.5)
                sent = -1
            elif m["type"] != "state" or (state and m["seq"] < state["seq"]):
                continue
            else:
                state = m
            if state["room"]["status"] == "over":
                return state
            turn = state["turn"]
            if turn["player"] in you and turn["phase"] in ("roll", "move") and state["seq"] > sent:
                action = "roll" if turn["phase"] == "roll" else state["moves"][0]["t"]
                time.sleep(1 / 40)
                ws.send(json.dumps({"type": "act", "seq": state["seq"], "action": action}))
                sent = state["seq"]


def finished_hotseat_room(browser, server, lang, screen, game="shishbesh"):
    """A fresh browser whose player made a hotseat room and played it to its end: the page on its game-over screen."""
    room = server.api("/api/rooms", {"game": game, "seats": [{"kind": "local", "name": "Ann"},
                                                             {"kind": "local", "name": "Bob"}]})
    ctx, page = new_page(browser, lang, screen, {"pachisi.tokens": {room["code"]: room["token"]}})
    page.goto(f"{server.url}/#/room/{room['code']}")
    page.wait_for_selector(".board .sq")
    play_out(server, room["code"], room["token"])
    page.wait_for_selector(".over-dialog:not([hidden]) .over-card")
    return ctx, page, room


def clickable(page, selector):
    """Whether a click at the middle of `selector` lands on it (nothing drawn over it takes the click)."""
    return page.eval_on_selector(selector, """el => { el.scrollIntoView({ block: "center" });
        const r = el.getBoundingClientRect(), at = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return !!at && (at === el || el.contains(at)); }""")


# -- 1. the lobby after a finished game -----------------------------------------------------------------
@pytest.mark.parametrize("lang,screen", EVERY)
def test_after_a_finished_game_the_lobby_button_leads_to_a_lobby_that_starts_the_next_game(browser, server, lang,
                                                                                           screen):
    ctx, page, room = finished_hotseat_room(browser, server, lang, screen)
    try:
        page.click(".over-dialog a.to-lobby")
        page.wait_for_selector(f".my-game[data-code='{room['code']}'][data-status=over]")
        assert page.locator(".over-dialog").count() == 0
        for selector in (".quick-play[data-game=ludo]", f".my-game[data-code='{room['code']}'] a.button", "#create"):
            assert clickable(page, selector), f"{selector} is covered"
        page.click(".quick-play[data-game=ludo]")
        page.wait_for_url(re.compile(r"#/room/(?!" + room["code"] + r")\w+$"))
        page.wait_for_selector(".room[data-status=playing] .board .sq")
        code = re.search(r"#/room/(\w+)", page.url).group(1)
        assert server.api(f"/api/rooms/{code}")["game"] == "ludo"
        assert not page.errors
    finally:
        ctx.close()


@pytest.mark.parametrize("lang,screen", TWO)
def test_after_a_finished_game_the_new_game_button_sets_a_table_that_can_be_created(browser, server, lang, screen):
    ctx, page, room = finished_hotseat_room(browser, server, lang, screen)
    try:
        page.click(".over-dialog a.newgame")
        page.wait_for_selector("#create")
        page.wait_for_selector(f".my-game[data-code='{room['code']}']")
        assert page.input_value("#game") == "shishbesh"
        assert clickable(page, "#create") and clickable(page, ".quick-play[data-game=ludo]")
        page.click("#create")
        page.wait_for_url(re.compile(r"#/room/(?!" + room["code"] + r")\w+$"))
        page.wait_for_selector(".room .board .sq")
        code = re.search(r"#/room/(\w+)", page.url).group(1)
        assert server.api(f"/api/rooms/{code}")["game"] == "shishbesh"
        assert not page.errors
    finally:
        ctx.close()
