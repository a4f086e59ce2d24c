"""The second game: what a player meets after a finished game, in English and Russian, on a 1280x900 screen
and a 390x844 touch phone.  The lobby is usable after the game-over screen's Lobby and New game buttons
(no dialog style of the room reaches a lobby row), the places list only who really placed, a private
room offers its spectators no seat and no keyless link, the Russian wording says what the settings do."""
import json
import re

import pytest
from websockets.sync.client import connect

from roompage import new_page, play_hotseat

pytestmark = pytest.mark.timeout(900)

EVERY = [("en", "desktop"), ("en", "phone"), ("ru", "desktop"), ("ru", "phone")]
TWO = [("en", "desktop"), ("ru", "phone")]


def first_action(state):
    return "roll" if state["turn"]["phase"] == "roll" else state["moves"][0]["t"]


def finished_hotseat_room(browser, server, lang, screen, game="shishbesh"):
    """A fresh browser whose player made a hotseat room and played it to its end: the page on its game-over screen."""
    room = server.api("/api/rooms", {"game": game, "seats": [{"kind": "local", "name": "Ann"},
                                                             {"kind": "local", "name": "Bob"}]})
    ctx, page = new_page(browser, lang, screen, {"pachisi.tokens": {room["code"]: room["token"]}})
    page.goto(f"{server.url}/#/room/{room['code']}")
    page.wait_for_selector(".board .sq")
    room["final"] = play_hotseat(server, room["code"], room["token"], first_action, pace=1 / 40)
    page.wait_for_selector(".over-dialog:not([hidden]) .over-card")
    return ctx, page, room


def clickable(page, selector):
    """Whether a click at the middle of `selector` lands on it (nothing drawn over it takes the click)."""
    return page.eval_on_selector(selector, """el => { el.scrollIntoView({ block: "center" });
        const r = el.getBoundingClientRect(), at = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return !!at && (at === el || el.contains(at)); }""")


def new_room_game(page, server, old, ready):
    """The game of the room the page went on to (not `old`), once `ready` shows it."""
    page.wait_for_url(re.compile(r"#/room/(?!" + old["code"] + r")\w+$"))
    page.wait_for_selector(ready)
    code = re.search(r"#/room/(\w+)", page.url).group(1)
    return server.api(f"/api/rooms/{code}")["game"]


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
        assert new_room_game(page, server, room, ".room[data-status=playing] .board .sq") == "ludo"
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
        assert new_room_game(page, server, room, ".room .board .sq") == "shishbesh"
        assert not page.errors
    finally:
        ctx.close()


# -- 5. places ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang,screen", TWO)
def test_the_places_list_only_who_finished_and_the_others_without_a_place(browser, server, lang, screen):
    ctx, page, room = finished_hotseat_room(browser, server, lang, screen)
    try:
        final = room["final"]
        placed = page.locator(".over-dialog ol.places li")
        unplaced = page.locator(".over-dialog ul.places.unplaced li")
        assert placed.count() == 1 and unplaced.count() == 1         # play stops at the winner
        assert placed.first.get_attribute("data-player") == str(final["winner"])
        assert unplaced.first.inner_text().endswith("did not finish" if lang == "en" else "без места")
        assert "2." not in page.inner_text(".over-dialog .places.unplaced")
        # the game-over buttons in even columns (9: the Lobby and Replay buttons no longer take the lobby's grids),
        # the Analysis button among them
        widths = page.eval_on_selector_all(".over-dialog .over-actions > *", "bs => bs.map(b => b.getBoundingClientRect().width)")
        assert len(widths) == 6 and max(widths) - min(widths) < 1, widths
    finally:
        ctx.close()


# -- 2. the room opens on its play, wherever the lobby was scrolled ---------------------------------------------
def play_in_view(page):
    """The status, the turn bar (Roll) and the board's top are on the screen."""
    page.wait_for_selector(".room[data-seq] .board .sq")
    height = page.viewport_size["height"]
    for selector in (".room .status", ".room .turnbar"):
        box = page.locator(selector).bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= height, (selector, box)
    assert 0 <= page.locator(".room .board-host").bounding_box()["y"] < height * 0.6


@pytest.mark.parametrize("lang,screen", EVERY)
def test_every_quick_start_and_create_the_room_opens_the_room_at_its_board(browser, server, lang, screen):
    ctx, page = new_page(browser, lang, screen)
    try:
        for game in ("ludo", "mandavoshka", "kimbo"):
            page.goto(server.url + "/")
            page.wait_for_selector("#create")
            page.locator(f".quick-play[data-game={game}]").scroll_into_view_if_needed()
            page.click(f".quick-play[data-game={game}]")
            page.wait_for_url(re.compile(r"#/room/\w+$"))
            play_in_view(page)
        page.goto(server.url + "/")
        page.wait_for_selector("#create")
        page.select_option("#game", "mandavoshka")
        page.locator("#create").scroll_into_view_if_needed()
        assert page.evaluate("scrollY") > 200
        page.click("#create")
        page.wait_for_url(re.compile(r"#/room/\w+$"))
        play_in_view(page)
        assert not page.errors
    finally:
        ctx.close()


@pytest.mark.parametrize("lang,screen", EVERY)
def test_a_guest_sees_take_seat_without_scrolling_and_then_the_board(browser, server, lang, screen):
    room = server.api("/api/rooms", {"game": "mandavoshka", "seats": [{"kind": "local", "name": "Ann"},
                                                                      {"kind": "invite"}]})
    ctx, page = new_page(browser, lang, screen)
    try:
        page.goto(server.url + room["url"])
        take = page.wait_for_selector("button.take")
        box = take.bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= page.viewport_size["height"]
        take.click()
        page.wait_for_function("() => document.querySelector('.room').dataset.you === '1'")
        play_in_view(page)
        assert page.locator(".room .player").nth(1).inner_text().find("Игрок 2" if lang == "ru" else "Player 2") >= 0
        assert not page.errors
    finally:
        ctx.close()


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("game", ["shishbesh", "mandavoshka", "tryasuchka", "kimbo"])
def test_the_settings_menu_opens_wholly_on_a_phones_screen(browser, server, lang, game):
    room = server.api("/api/rooms", {"game": game, "seats": [{"kind": "local", "name": "Ann"}, {"kind": "local"}]})
    ctx, page = new_page(browser, lang, "phone", {"pachisi.tokens": {room["code"]: room["token"]}})
    try:
        page.goto(f"{server.url}/#/room/{room['code']}")
        page.wait_for_selector(".board .sq")
        page.tap(".settings summary")
        # the menu is moved into view by the details' toggle event, which comes just after the tap
        page.wait_for_function("""() => { const r = document.querySelector(".settings-body").getBoundingClientRect();
                                          return r.width > 0 && r.left >= 0 && r.right <= 390; }""", timeout=10000)
        box = page.locator(".settings-body").bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, box
        for name in ("autoRoll", "autoMove", "sound"):
            assert clickable(page, f".settings-body input[data-set={name}]"), name
        page.tap(".settings-body input[data-set=autoMove]")
        assert page.is_checked(".settings-body input[data-set=autoMove]")
    finally:
        ctx.close()


# -- 7. private rooms ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang,screen", TWO)
def test_a_spectator_of_a_private_room_is_offered_no_seat_and_no_link(browser, server, lang, screen):
    room = server.api("/api/rooms", {"game": "ludo", "seats": [{"kind": "local", "name": "Ann"}, {"kind": "invite"}]})
    ctx, page = new_page(browser, lang, screen)
    try:
        page.goto(f"{server.url}/#/room/{room['code']}")             # the code without the invitation's key
        page.wait_for_function("() => document.querySelector('.room')?.dataset.seq === '0'")
        assert page.locator("button.take").count() == 0 or not page.is_visible("button.take")
        assert not page.is_visible(".invite")
        page.goto(server.url + room["url"])                          # the invitation, key and all
        page.wait_for_selector("button.take")
        link = page.input_value(".invite input.link") if page.is_visible(".invite") else None
        assert link is None or "k=" in link
        assert not page.errors
    finally:
        ctx.close()


# -- 8. the words -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_russian_settings_say_what_they_do_the_default_name_and_one_name_a_bot_level(browser, server, screen):
    ctx, page = new_page(browser, "ru", screen)
    try:
        page.goto(server.url + "/")
        page.click(".quick-play[data-game=ludo]")
        page.wait_for_selector(".room[data-seq] .board .sq")
        page.click(".settings summary")
        settings = page.inner_text(".settings-body")
        assert "за меня автоматически" in settings and "самому" not in settings
        players = page.inner_text(".players")
        assert "Игрок 1" in players and "Player" not in players
        assert players.count("Средний") == 3 and "уровн" not in players
        assert page.locator(".standin-rule").count() == 0    # nobody invited: no stand-in to tell of
        page.goto(server.url + "/")
        page.wait_for_selector("#create")
        levels = page.eval_on_selector_all("#standin option", "os => os.map(o => o.textContent.split(' — ')[0])")
        assert levels == ["Новичок", "Лёгкий", "Средний", "Сильный", "Мастер", "Гроссмейстер"]
        assert "Средний" in page.inner_text(".quick-card[data-game=ludo]")
    finally:
        ctx.close()


# -- 9. smaller things ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang,screen", TWO)
def test_the_stand_in_rule_shows_only_with_invited_seats_and_a_refusal_never_moves_the_board(browser, server, lang,
                                                                                               screen):
    room = server.api("/api/rooms", {"game": "ludo", "seats": [{"kind": "local", "name": "Ann"}, {"kind": "invite"}],
                                     "standin_level": 3, "absent_after": 60})
    ctx, page = new_page(browser, lang, screen, {"pachisi.tokens": {room["code"]: room["token"]}})
    try:
        page.goto(f"{server.url}/#/room/{room['code']}")
        page.wait_for_selector(".standin-rule")
        assert ("the Medium bot plays" if lang == "en" else "бот «Средний»") in page.inner_text(".standin-rule")
        assert page.evaluate("getComputedStyle(document.querySelector('.room .alert')).position") == "fixed"
    finally:
        ctx.close()


@pytest.mark.parametrize("lang,screen", TWO)
def test_kimbos_first_decision_is_a_sentence_and_keep_not_a_list_of_fence_moves(browser, server, lang, screen):
    room = server.api("/api/rooms", {"game": "kimbo", "seats": [{"kind": "local", "name": "Ann"},
                                                                {"kind": "local", "name": "Bob"}]})
    ctx, page = new_page(browser, lang, screen, {"pachisi.tokens": {room["code"]: room["token"]}})
    try:
        page.goto(f"{server.url}/#/room/{room['code']}")
        page.wait_for_selector(".moves .fence-summary")
        assert page.locator(".moves button.move").count() <= 2                   # keep the fences
        assert re.search(r"\d[\d,  ]*\d", page.inner_text(".moves .fence-summary"))
        with connect(f"{server.ws_url}/ws/{room['code']}") as ws:                  # a fence move's notation
            ws.send(json.dumps({"type": "hello", "token": room["token"]}))
            state = next(m for m in iter(lambda: json.loads(ws.recv()), None) if m["type"] == "state")
        notation = next(m for m in state["moves"] if "g" in m)["g"][0][0]
        page.fill(".moves input.filter", notation)                                 # typing a fence move lists it
        page.wait_for_selector(f".moves button.move[data-move='{notation}']")
        assert not page.errors
    finally:
        ctx.close()
