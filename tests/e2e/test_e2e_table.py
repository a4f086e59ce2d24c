"""What a table offers beyond the moves, in Chromium, in English and Russian, on a 1280x900 screen and a
390x844 touch phone: bot speed down to "at once", the match length on the quick-start card, the turn
clock, resigning, undo at a hot-seat table, quick reactions, dark mode and the replay's autoplay and list
of moves."""
import re
import time

import pytest

from roompage import ROOM, new_page
from test_e2e_room import BOTH, act, create, open_room, roll_until_move, snapshot

pytestmark = pytest.mark.timeout(900)


# every message the page sends over its WebSocket, kept in window.sentMessages for the test to read
RECORD_SENT = ("window.sentMessages = []; const send = WebSocket.prototype.send;"
               "WebSocket.prototype.send = function (d) { window.sentMessages.push(JSON.parse(d)); return send.call(this, d); };")


def wait_sent(page, kind):
    """The last message of type `kind` the page has sent, once it has gone."""
    page.wait_for_function("k => window.sentMessages.some((m) => m.type === k)", arg=kind)
    return page.evaluate("k => window.sentMessages.filter((m) => m.type === k).pop()", kind)


@pytest.mark.parametrize("lang,screen", BOTH)
def test_bots_play_at_once_when_the_player_asks_and_the_server_is_told(browser, server, lang, screen):
    room = create(server, seats=("local", "bot", "bot", "bot"))
    ctx, page = open_room(browser, server, room["code"], room["token"], lang, screen, init=RECORD_SENT)
    try:
        assert wait_sent(page, "hello")["speed"] == "normal"
        page.click(".settings summary")
        option = page.locator("[data-set=speed] option[value=instant]")
        assert option.inner_text() == {"en": "at once", "ru": "сразу"}[lang]
        page.select_option("[data-set=speed]", "instant")
        assert wait_sent(page, "pace")["speed"] == "instant"
        page.reload()                       # the choice is remembered, and the new connection's hello says it
        page.wait_for_selector(".board .sq")
        assert wait_sent(page, "hello")["speed"] == "instant"
        assert page.input_value("[data-set=speed]") == "instant"
        assert not page.errors
    finally:
        ctx.close()


@pytest.mark.parametrize("lang,screen", BOTH)
def test_the_quick_start_card_of_a_match_says_how_many_wins_it_is_to(browser, server, lang, screen):
    ctx, page = new_page(browser, lang, screen)
    try:
        page.goto(server.url + "/")
        card = page.locator(".quick-card[data-game=tryasuchka]")
        assert card.locator(".match").inner_text() == {"en": ", a match to 2 wins", "ru": ", матч до 2 побед"}[lang]
        assert not page.locator(".quick-card[data-game=ludo] .match").count()
    finally:
        ctx.close()


def shot(page, name, lang, screen):
    page.screenshot(path=f"/tmp/table-{name}-{lang}-{screen}.png")


# -- the turn clock ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang,screen", BOTH)
def test_the_turn_clock_counts_down_on_the_seat_to_move_and_plays_for_a_player_out_of_time(
        browser, server, lang, screen):
    room = create(server, seats=("local", "bot"), table={"clock": 5, "misses": 1, "then": "bot"})
    ctx, page = open_room(browser, server, room["code"], room["token"], lang, screen)
    try:
        page.wait_for_selector(".clock-badge:not([hidden])")
        left = int(page.inner_text(".clock-badge").split()[0])
        assert 0 <= left <= 5
        turn = page.get_attribute(ROOM, "data-turn")
        assert page.locator(f".players li[data-player='{turn}'] .clock").count() == 1
        label = page.get_attribute(".clock-badge", "aria-label")
        assert ("s left for this decision" if lang == "en" else "осталось") in label
        shot(page, "clock", lang, screen)
        # nobody plays: the server plays for the person (the log says so), and a bot takes the seat
        said = {"en": "out of time", "ru": "время вышло"}[lang]
        page.wait_for_function("w => [...document.querySelectorAll('.log li')].some((li) => li.textContent.includes(w))",
                               arg=said, timeout=60000)
        page.wait_for_selector(".back-box:not([hidden]) button.back", timeout=60000)
        shot(page, "back", lang, screen)
        page.click(".back-box button.back")
        page.wait_for_selector(".back-box", state="hidden")
        assert not page.errors
    finally:
        ctx.close()


@pytest.mark.parametrize("lang,screen", BOTH)
def test_a_table_set_by_hand_can_have_a_turn_clock(browser, server, lang, screen):
    ctx, page = new_page(browser, lang, screen)
    try:
        page.goto(server.url + "/")
        page.wait_for_selector("#create")
        page.click(".clock-options summary")
        assert page.locator("#misses").is_hidden()           # the rest shows once there is a clock
        page.fill("#clock", "20")
        page.fill("#misses", "2")
        page.select_option("#then", "forfeit")
        assert page.inner_text("label[for=clock]") == {"en": "Seconds for each decision (0: no clock)",
                                                       "ru": "Секунд на каждое решение (0 — без часов)"}[lang]
        page.locator(".clock-options").scroll_into_view_if_needed()
        shot(page, "lobby-clock", lang, screen)
        page.click("#create")
        page.wait_for_selector(".board .sq")
        code = re.search(r"#/room/(\w+)", page.url).group(1)
        assert server.api(f"/api/rooms/{code}")["table"] == {"clock": 20, "misses": 2, "then": "forfeit", "hints": False}
        assert not page.errors
    finally:
        ctx.close()


# -- resigning -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang,screen", BOTH)
def test_a_player_resigns_a_bot_plays_on_and_the_end_says_who_resigned(browser, server, lang, screen):
    room = create(server, seats=("local", "bot", "bot"))
    ctx, page = open_room(browser, server, room["code"], room["token"], lang, screen)
    try:
        button = page.locator("button.resign")
        assert button.inner_text() == {"en": "Resign", "ru": "Сдаться"}[lang]
        button.click()
        assert button.inner_text() == {"en": "Really resign? Press again", "ru": "Точно сдаться? Нажмите ещё раз"}[lang]
        button.click()
        gone = {"en": "resigned, a bot plays on", "ru": "сдался, за него играет бот"}[lang]
        page.wait_for_selector(f".players li[data-player='0'] .pkind:has-text('{gone}')")
        said = {"en": "resigned: a bot plays on for them", "ru": "сдался: дальше за него играет бот"}[lang]
        page.wait_for_function("w => [...document.querySelectorAll('.log li')].some((li) => li.textContent.includes(w))",
                               arg=said)
        page.wait_for_function("() => document.querySelector('.room').dataset.you === ''")
        assert button.is_hidden()
        shot(page, "resigned", lang, screen)
        page.wait_for_selector(".over-dialog:not([hidden]) .over-card", timeout=300000)     # the bots play it out
        assert page.locator(".over-card .places li[data-player='0'] .resigned").count() == 1
        log = snapshot(server, room["code"])["log"]
        assert [(e["k"], e["p"], e["v"]) for e in log if e["k"] == "resign"] == [("resign", 0, "0")]
        assert {e["by"] for e in log if e["p"] == 0 and e["n"] > next(e["n"] for e in log if e["k"] == "resign")} <= {"bot"}
        assert not page.errors
    finally:
        ctx.close()


# -- undo at a hot-seat table ------------------------------------------------------------------------------
@pytest.mark.parametrize("lang,screen", BOTH)
def test_undo_takes_back_the_last_move_at_a_hot_seat_table_only(browser, server, lang, screen):
    room = create(server, seats=("local", "local"))
    ctx, page = open_room(browser, server, room["code"], room["token"], lang, screen)
    try:
        undo = page.locator("button.undo")
        assert undo.is_visible() and undo.is_disabled()        # nothing to undo yet
        roll_until_move(page)
        before = snapshot(server, room["code"])
        act(page)                                               # the move
        page.wait_for_selector("button.undo:not([disabled])")
        undo.click()
        page.wait_for_function("s => Number(document.querySelector('.room').dataset.seq) === s", arg=before["seq"])
        assert page.inner_text(".last").startswith({"en": "Undone: back to before", "ru": "Отменено: назад, до хода"}[lang])
        after = snapshot(server, room["code"])
        assert after["seq"] == before["seq"] and after["position"] == before["position"]
        assert after["turn"]["dice"] == before["turn"]["dice"]           # the same roll: the dice follow from the seed
        assert len(page.locator(".log li").all()) == len([t for t in after["log"] if t["k"] == "roll"])
        shot(page, "undo", lang, screen)
        assert not page.errors
    finally:
        ctx.close()
    room = create(server, seats=("local", "bot"))
    ctx, page = open_room(browser, server, room["code"], room["token"], lang, screen)
    try:
        assert page.locator("button.undo").is_hidden()          # a table with a bot: undo is not offered
    finally:
        ctx.close()


# -- quick reactions ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang,screen", BOTH)
def test_players_and_spectators_react_and_everyone_sees_it_over_the_board(browser, server, lang, screen):
    room = create(server, seats=("local", "invite"), absent_after=0)
    ctx, page = open_room(browser, server, room["code"], room["token"], lang, screen)
    ctx2, watcher = open_room(browser, server, room["code"], None, lang, screen)
    try:
        page.click("button.react[data-emoji='👍']")
        watcher.wait_for_selector(".bubble[data-emoji='👍']")
        assert watcher.inner_text(".bubble .who") == {"en": "Red", "ru": "Красный"}[lang]
        shot(watcher, "reaction", lang, screen)
        watcher.click("button.react[data-emoji='😂']")
        page.wait_for_selector(".bubble[data-emoji='😂']")
        assert page.inner_text(".bubble[data-emoji='😂'] .who") == {"en": "A spectator", "ru": "Зритель"}[lang]
        box = page.locator("button.react").first.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44
        page.wait_for_selector(".bubble[data-emoji='😂']", state="detached")      # shown briefly
        assert not page.errors and not watcher.errors
    finally:
        ctx.close()
        ctx2.close()


# -- dark mode ------------------------------------------------------------------------------------------------
TEXT_CONTRAST = """() => {
  const rgb = (c) => c.match(/\\d+(\\.\\d+)?/g).slice(0, 3).map((v) => Number(v) / 255);
  const lum = (c) => { const [r, g, b] = rgb(c).map(v => v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const ratio = (f, b) => { const [x, y] = [lum(f), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const bg = (el) => { for (let e = el; e; e = e.parentElement) { const c = getComputedStyle(e).backgroundColor;
    if (!/rgba\\(0, 0, 0, 0\\)|transparent/.test(c)) return c; } return 'rgb(255, 255, 255)'; };
  return [...document.querySelectorAll('.status, .panel h2, .player .pname, .log li span, .muted, button, a')]
    .filter((e) => e.offsetParent && getComputedStyle(e).visibility !== 'hidden' && e.textContent.trim())
    .map((e) => [e.className || e.tagName, ratio(getComputedStyle(e).color, bg(e))]);
}"""


@pytest.mark.parametrize("lang,screen", BOTH)
def test_dark_mode_follows_the_system_and_the_toggle_is_remembered(browser, server, lang, screen):
    room = create(server, seats=("local", "bot"))
    for scheme, other in (("dark", "light"), ("light", "dark")):
        ctx, page = new_page(browser, lang, screen, {"pachisi.tokens": {room["code"]: room["token"]}},
                             color_scheme=scheme)
        try:
            page.goto(f"{server.url}/#/room/{room['code']}")
            page.wait_for_selector(".board .sq")
            assert page.get_attribute("html", "data-theme") == scheme
            toggle = page.locator("header .theme-toggle")
            assert toggle.get_attribute("aria-label") == {"en": "Dark mode", "ru": "Тёмная тема"}[lang]
            assert toggle.get_attribute("aria-pressed") == str(scheme == "dark").lower()
            if scheme == "dark":                                           # a line in the log, its symbol too
                page.locator("body").press("r")
                page.wait_for_selector(".log li .sym")
            # every text of the room reads against what is under it (4.5:1; the board keeps its own colours)
            low = [(what, round(r, 2)) for what, r in page.evaluate(TEXT_CONTRAST) if r < 4.5]
            assert not low, low
            page.screenshot(path=f"/tmp/table-theme-{scheme}-{lang}-{screen}.png")
            toggle.click()
            assert page.get_attribute("html", "data-theme") == other
            page.reload()
            page.wait_for_selector(".board .sq")
            assert page.get_attribute("html", "data-theme") == other        # remembered in this browser
            page.click("header .theme-toggle")                             # back to the system's: forgotten
            assert page.evaluate("localStorage.getItem('pachisi.theme')") is None
            assert not page.errors
        finally:
            ctx.close()


# -- the replay: autoplay and the list of moves ---------------------------------------------------------
def finished_room(server):
    """A room of bots, played to its end by the server."""
    room = create(server, seats=("bot", "bot"))
    for _ in range(600):
        if server.api(f"/api/rooms/{room['code']}")["status"] == "over":
            return room["code"]
        time.sleep(0.1)
    raise AssertionError("the bots' game did not end")


def step_of(page):
    return int(re.search(r"\d+", page.inner_text(".counter")).group(0))


@pytest.mark.parametrize("lang,screen", BOTH)
def test_the_replay_plays_by_itself_at_the_speed_chosen_and_lists_every_step_to_click(browser, server, lang, screen):
    code = finished_room(server)
    ctx, page = new_page(browser, lang, screen)
    try:
        page.goto(f"{server.url}/#/replay/{code}")
        page.wait_for_selector(".replay .board .sq")
        n = int(re.search(r"(\d+)$", page.inner_text(".counter")).group(1))
        steps = page.locator(".replay-moves button.step")
        assert steps.count() == n
        assert steps.nth(1).inner_text().split()[1] == {"en": "rolls", "ru": "бросает:"}[lang]
        steps.nth(5).click()                                   # a click on a step shows the board there
        assert step_of(page) == 6 and steps.nth(5).get_attribute("aria-current") == "step"
        play = page.locator("#play")
        assert play.inner_text() == {"en": "Play", "ru": "Играть"}[lang]
        page.select_option("#replay-speed", "4")
        play.click()
        assert play.get_attribute("aria-pressed") == "true"
        assert play.inner_text() == {"en": "Pause", "ru": "Пауза"}[lang]
        page.wait_for_function("() => Number(document.querySelector('.counter').textContent.match(/\\d+/)[0]) >= 10")
        page.screenshot(path=f"/tmp/table-replay-{lang}-{screen}.png")
        play.click()
        assert play.get_attribute("aria-pressed") == "false"
        at = step_of(page)
        current = page.locator(".replay-moves button.step[aria-current]")
        assert current.count() == 1 and current.get_attribute("data-step") == str(at - 1)
        shown, box = current.bounding_box(), page.locator(".replay-moves").bounding_box()
        assert box["y"] <= shown["y"] and shown["y"] + shown["height"] <= box["y"] + box["height"] + 1   # in view
        page.locator(".replay svg.board").click()
        page.keyboard.press(" ")                               # Space plays and pauses too
        assert play.get_attribute("aria-pressed") == "true"
        page.keyboard.press("End")                             # a step by hand pauses it
        assert play.get_attribute("aria-pressed") == "false" and step_of(page) == n
        assert not page.errors
    finally:
        ctx.close()


# -- the win celebration -------------------------------------------------------------------------------------
@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
@pytest.mark.parametrize("lang,screen", BOTH)
def test_a_game_that_ends_before_your_eyes_celebrates_the_winner_without_motion_if_asked(
        browser, server, lang, screen, motion):
    room = create(server, seats=("bot", "bot"))
    ctx, page = new_page(browser, lang, screen, {"pachisi.room.settings": {"speed": "instant", "sound": False}},
                         reduced_motion=motion)
    try:
        page.goto(f"{server.url}/#/room/{room['code']}")
        page.wait_for_selector(".over-dialog:not([hidden]) .over-card", timeout=300000)
        if page.locator(".over-card").get_attribute("style") is None:        # celebrate() gives it the winner's colour
            pytest.skip("the bots finished before the page saw the game under way")
        if motion == "reduce":
            assert not page.locator(".confetti").count()
            assert "won-still" in page.get_attribute(".over-card", "class")
        else:
            assert page.locator(".confetti i").count() > 10
            page.screenshot(path=f"/tmp/table-celebrate-{lang}-{screen}.png")
            page.wait_for_selector(".confetti", state="detached")           # only a moment
        assert not page.errors
    finally:
        ctx.close()
