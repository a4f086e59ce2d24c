"""The lobby, the how-to-play pages, the replay and the error pages in the browser, in English and Russian,
on a 1280x900 screen and a 390x844 touch phone: a one-click game against the computer, house rules and
bot levels by name, rooms private unless listed, "my games", pages that say what they wait for and what
failed, a page for a room that is not there, the replay's board at the top and its keys anywhere."""
import json
import re

from playwright.sync_api import expect
import pytest

from test_e2e_web import act, my_turn, seq

pytestmark = pytest.mark.timeout(3600)                # a bound on a hang, not a measure of speed

VIEWPORTS = {"desktop": dict(viewport={"width": 1280, "height": 900}),
             "phone": dict(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)}
BOTH = [("en", "desktop"), ("en", "phone"), ("ru", "desktop"), ("ru", "phone")]
TWO = [("en", "desktop"), ("ru", "phone")]


def each(combos):
    """Run a test in each (language, screen) of `combos`."""
    return pytest.mark.parametrize("ui", combos, indirect=True, ids=lambda c: "-".join(c))
IDENTIFIERS = re.compile(r"\b(third_six|void_roll|void_turn|capture_roll|finish_roll|play_for_places|first_player|"
                         r"rolloff|with-bonuses|seed|extra_rolls_cumulative)\b")


def row(code):
    """The selector of a room's line in "my games"."""
    return f".my-game[data-code='{code}']"

@pytest.fixture
def ui(browser, request):
    """A page in the language and on the screen of the test's parameters, and the list of its script errors."""
    lang, size = request.param

    def make(storage=None):
        ctx = browser.new_context(**VIEWPORTS[size])
        values = {"pachisi.lang": lang, **(storage or {})}
        ctx.add_init_script("".join(f"localStorage.setItem({json.dumps(k)}, {json.dumps(json.dumps(v))});"
                                    for k, v in values.items()))
        page = ctx.new_page()
        page.errors = []
        page.on("pageerror", lambda e: page.errors.append(str(e)))
        contexts.append(ctx)
        return page

    contexts = []
    make.lang, make.size = lang, size
    yield make
    for ctx in contexts:
        ctx.close()


def en_ru(ui, en, ru):
    return en if ui.lang == "en" else ru


@each(BOTH)
def test_one_click_starts_a_game_against_middling_bots_at_once(ui, server):
    page = ui()
    page.goto(server.url + "/")
    button = page.locator(".quick-play[data-game=ludo]")
    assert button.inner_text().strip() == en_ru(ui, "Play Ludo against the computer", "Играть с компьютером: Лудо")
    assert en_ru(ui, "4 players: you and bots (Medium)", "Игроков: 4 — вы и боты (Средний)") in \
        page.inner_text(".quick-card[data-game=ludo]")
    button.click()
    page.wait_for_selector(".board .sq")
    code = re.search(r"#/room/(\w+)", page.url).group(1)
    info = server.api(f"/api/rooms/{code}")
    assert info["status"] == "playing" and info["preset"] == "seed" and info["public"] is False
    assert [(s["kind"], s["level"]) for s in info["seats"]] == [("local", None)] + [("bot", 3)] * 3
    assert json.loads(page.evaluate("localStorage.getItem('pachisi.tokens')"))[code]
    assert not page.errors


@each([("en", "desktop"), ("ru", "phone")])
def test_the_game_over_screens_new_game_opens_the_lobby_set_for_that_game(ui, server):
    page = ui()
    page.goto(server.url + "/#/?game=kimbo")            # the "new game" link of a finished Kimbo room
    page.wait_for_selector("#create")
    assert page.input_value("#game") == "kimbo" and not page.locator(".notfound").count()
    assert not page.errors


def wait_held(page, held):
    """Until the lobby has asked for its data (held back by the test's route): the page asks once its
    messages are loaded."""
    for _ in range(1500):
        if held:
            return
        page.wait_for_timeout(20)
    raise AssertionError("the lobby never asked for /api/lobby")


@each([("en", "desktop")])
def test_a_lobby_still_loading_never_draws_over_the_page_opened_meanwhile(ui, server):
    page = ui()
    held = []
    page.route("**/api/lobby", lambda route: held.append(route))     # the lobby's data is held back ...
    page.goto(server.url + "/")
    wait_held(page, held)
    page.evaluate("location.hash = '#/verify'")         # ... while the player goes elsewhere
    page.wait_for_selector(".verify, textarea")
    with page.expect_response("**/api/lobby"):          # then it comes
        held[0].continue_()
    page.wait_for_load_state("networkidle")
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => setTimeout(done)))")   # and is handled
    assert page.locator(".verify, textarea").count()
    assert not page.locator("#create, .quick-play").count()


def house_rules(ui, server, game):
    """A lobby page with `game` chosen and its house rules open."""
    page = ui()
    page.goto(server.url + "/")
    page.wait_for_selector("#create")
    page.select_option("#game", game)
    page.click("details.house summary")
    return page


@each(BOTH)
def test_presets_house_rules_values_and_bot_levels_have_names_in_the_language(ui, server):
    page = house_rules(ui, server, "ludo")
    form = page.inner_text("form.create")
    assert not IDENTIFIERS.search(form), IDENTIFIERS.search(form)
    assert page.inner_text("label[for=opt-third_six]") == en_ru(ui, "Third six in a row", "Третья шестёрка подряд")
    assert page.eval_on_selector_all("#opt-third_six option", "os => os.map(o => o.textContent)") == \
        en_ru(ui, ["that roll is lost", "the whole turn is undone"], ["бросок пропадает", "весь ход отменяется"])
    assert page.get_attribute("#opt-capture_roll", "type") == "checkbox"
    assert en_ru(ui, "a capture earns an extra roll", "рубка даёт лишний бросок") in page.inner_text("form.create")
    assert page.eval_on_selector_all("#preset option", "os => os.map(o => o.textContent)") == \
        en_ru(ui, ["Standard", "With bonuses", "Third six undoes the turn"],
              ["Стандартные", "С бонусами", "Третья шестёрка отменяет ход"])
    page.select_option("#preset", "with-bonuses")
    assert en_ru(ui, "Extra roll for a capture: on", "Лишний бросок за рубку: вкл.") in page.inner_text("#preset-help")
    assert page.is_checked("#opt-capture_roll")
    names = page.eval_on_selector_all(".seat-level >> nth=0 >> option", "os => os.map(o => o.textContent.split(' — ')[0])")
    assert names == en_ru(ui, ["Beginner", "Easy", "Medium", "Hard", "Master", "Grandmaster"],
                          ["Новичок", "Лёгкий", "Средний", "Сильный", "Мастер", "Гроссмейстер"])
    # the house rules chosen reach the room
    page.uncheck("#opt-blocks")
    page.select_option("#opt-third_six", "void_turn")
    page.click("#create")
    page.wait_for_selector(".board .sq")
    info = server.api("/api/rooms/" + re.search(r"#/room/(\w+)", page.url).group(1))
    assert info["preset"] == "with-bonuses"
    assert (info["options"]["blocks"], info["options"]["capture_roll"], info["options"]["third_six"]) == \
        (False, True, "void_turn")
    assert not page.errors


@each(BOTH)
def test_a_number_house_rule_is_a_number_box_kept_to_its_range_and_step(ui, server):
    page = house_rules(ui, server, "pachisi")
    box = page.locator("#opt-cowrie_p")
    assert [box.get_attribute(a) for a in ("type", "min", "max", "step")] == ["number", "0.01", "0.99", "0.01"]
    assert box.input_value() == "0.5"
    assert page.inner_text("label[for=opt-cowrie_p]") == en_ru(ui, "A shell falls mouth up", "Раковина падает ртом вверх")
    box.scroll_into_view_if_needed()
    page.screenshot(path=f"/tmp/lobby-pachisi-{ui.lang}-{ui.size}.png")
    box.fill("1.5")
    assert page.evaluate("() => document.querySelector('#opt-cowrie_p').validity.rangeOverflow")
    box.fill("0.30")
    page.click("#create")
    page.wait_for_selector(".board .sq")
    info = server.api("/api/rooms/" + re.search(r"#/room/(\w+)", page.url).group(1))
    assert info["options"]["cowrie_p"] == "0.3"                   # exact hundredths, as the server keeps them
    assert not page.errors


def test_a_room_with_invited_seats_is_private_unless_its_creator_lists_it(server):
    seats = [{"kind": "local", "name": "Ann"}, {"kind": "invite"}]
    private = server.api("/api/rooms", {"game": "ludo", "seats": seats})
    listed = server.api("/api/rooms", {"game": "ludo", "seats": seats, "public": True})
    codes = [r["code"] for r in server.api("/api/rooms")]
    assert listed["code"] in codes and private["code"] not in codes
    assert server.api(f"/api/rooms/{private['code']}")["public"] is False


@each(TWO)
def test_the_list_in_the_lobby_checkbox_is_offered_for_invited_seats_and_off(ui, server):
    page = ui()
    page.goto(server.url + "/")
    page.wait_for_selector("#create")
    assert not page.is_visible("#public")                       # no invited seat: nothing to list
    page.locator(".seat-kind").nth(1).select_option("invite")
    assert page.is_visible("#public") and not page.is_checked("#public")
    page.click("#create")
    page.wait_for_selector(".room")
    code = re.search(r"#/room/(\w+)", page.url).group(1)
    assert code not in [r["code"] for r in server.api("/api/rooms")]


@each(BOTH)
def test_my_games_lists_the_rooms_of_this_browser_with_whose_turn_it_is(ui, server):
    mine = server.api("/api/rooms", {"game": "parchis", "seats": [{"kind": "local", "name": "Ann"},
                                                                    {"kind": "local", "name": "Bob"}]})
    theirs = server.api("/api/rooms", {"game": "kimbo", "seats": [{"kind": "local", "name": "Ann"},
                                                                    {"kind": "invite"}]})
    other = server.api("/api/rooms", {"game": "ludo", "seats": [{"kind": "local", "name": "Cy"}, {"kind": "bot"}]})
    page = ui({"pachisi.tokens": {mine["code"]: mine["token"], theirs["code"]: theirs["token"], "ZZZZZZ": "gone"}})
    page.goto(server.url + "/")
    page.wait_for_selector(".my-game")
    rows = page.locator(".my-game")
    assert rows.count() == 2 and other["code"] not in page.inner_text(".my-games")
    first = page.locator(row(mine["code"]) )
    assert "yourturn" in first.get_attribute("class")                       # hotseat: always your turn
    assert en_ru(ui, "Your turn", "Ваш ход") in first.inner_text()
    assert en_ru(ui, "Parchís", "Парчис") in first.inner_text()
    waiting = page.locator(row(theirs["code"]) )
    assert en_ru(ui, "Waiting for players", "Ждём игроков") in waiting.inner_text()
    assert en_ru(ui, "with open seat (Yellow)", "с: свободное место (Жёлтый)") in waiting.inner_text()
    assert rows.first.get_attribute("data-code") == mine["code"]               # your turn comes first
    assert "ZZZZZZ" not in page.evaluate("localStorage.getItem('pachisi.tokens')")   # a room gone is forgotten
    # resume
    first.locator("a.button").click()
    page.wait_for_function("() => document.querySelector('.room') && document.querySelector('.room').dataset.you === '0,1'")
    # forget
    page.goto(server.url + "/#/")
    page.wait_for_selector(row(theirs["code"]) )
    page.locator(row(theirs["code"]) + " button.forget").click()
    assert page.locator(row(theirs["code"]) ).count() == 0
    assert theirs["code"] not in page.evaluate("localStorage.getItem('pachisi.tokens')")
    assert not page.errors


@each(TWO)
def test_my_games_marks_a_finished_game_and_its_winner(ui, server):
    """A game played to its end takes minutes (test_e2e_web plays one): here the server's answer for a
    finished room is given to the page as it would come."""
    room = server.api("/api/rooms", {"game": "ludo", "seats": [{"kind": "local", "name": "Ann"}, {"kind": "bot"}]})
    summary = {"code": room["code"], "game": "ludo", "title": "Ludo", "status": "over", "you": [0],
               "names": ["Ann", "bot 1"], "colours": ["red", "yellow"], "kinds": ["local", "bot"], "levels": [None, 1],
               "turn": None,
               "winner": 1, "round": 1, "score": [0, 1]}
    page = ui({"pachisi.tokens": {room["code"]: room["token"]}})
    page.route("**/api/rooms/mine", lambda route: route.fulfill(json=[summary]))
    page.goto(server.url + "/")
    row = page.wait_for_selector(".my-game.over")
    assert en_ru(ui, "Beginner bot won · Finished", "Победил бот «Новичок» · Окончена") in row.inner_text()
    assert row.query_selector("a.button").inner_text() == en_ru(ui, "View", "Смотреть")


@each(BOTH)
def test_a_bad_room_link_and_an_unknown_page_say_so_with_a_way_back(ui, server):
    page = ui()
    response = page.goto(server.url + "/r/bad-code!")
    assert response.status == 404
    page.wait_for_selector("#back")
    assert page.inner_text("h1") == en_ru(ui, "No such room", "Такой комнаты нет")
    assert "bad-code!" in page.inner_text(".notfound")
    page.click("#back")
    page.wait_for_selector("#create")
    assert page.url.rstrip("/").endswith("/#")
    page.goto(server.url + "/#/nowhere")
    page.wait_for_selector("#back")
    assert page.inner_text("h1") == en_ru(ui, "Page not found", "Страница не найдена")
    page.goto(server.url + "/r/abc234")                  # a good code, typed in small letters, opens the room
    page.wait_for_function("() => location.hash === '#/room/ABC234'")
    assert not page.errors


@each(BOTH)
def test_creating_a_room_tells_a_network_failure_from_a_refusal_and_retries(ui, server):
    page = ui()
    page.goto(server.url + "/")
    page.wait_for_selector("#create")
    page.route("**/api/rooms", lambda route: route.abort() if route.request.method == "POST" else route.continue_())
    page.click("#create")
    alert = page.wait_for_selector(".create-status .failure")
    assert alert.get_attribute("data-kind") == "network"
    assert en_ru(ui, "Could not reach the server", "Не удаётся связаться с сервером") in alert.inner_text()
    assert "Failed to fetch" not in alert.inner_text()
    page.unroute("**/api/rooms")
    page.fill("#absent", "999999")                         # the server refuses a wait longer than a day
    page.click(".create-status .failure button.retry")
    alert = page.wait_for_selector(".create-status .failure[data-kind=refused]")
    assert en_ru(ui, "The server refused: absent_after", "Сервер отказал: absent_after") in alert.inner_text()
    page.fill("#absent", "60")
    page.click(".create-status .failure button.retry")
    page.wait_for_selector(".board .sq")
    assert not page.errors


@each(TWO)
def test_a_wait_shows_what_it_is_doing(ui, server):
    page = ui()
    held = []
    page.route("**/api/lobby", lambda route: held.append(route))
    page.goto(server.url + "/")
    wait_held(page, held)
    spinner = page.wait_for_selector(".loading[role=status]")
    assert spinner.inner_text().strip() == en_ru(ui, "Loading the games…", "Загружаем игры…")
    held[0].continue_()
    page.wait_for_selector("#create")


@each(BOTH)
def test_how_to_play_pages_draw_their_diagrams_and_link_the_full_rules(ui, server):
    page = ui()
    for game, title in (("ludo", en_ru(ui, "How to play Ludo", "Как играть: Лудо")),
                        ("shishbesh", en_ru(ui, "How to play Шиш-беш (Shish-besh)", "Как играть: Шиш-беш")),
                        ("mandavoshka", None), ("tryasuchka", None), ("parchis", None), ("parcheesi", None),
                        ("kimbo", en_ru(ui, "How to play Kimbo", "Как играть: Кимбо"))):
        page.goto(f"{server.url}/#/rules/{game}")
        page.wait_for_selector("figure.diagram svg .sq")
        if title:
            assert page.inner_text("h1") == title
        text = page.inner_text(".rules")
        assert not re.search(r"rules\.md|\.\./shared|§|\.py\b|seeds", text), game
        assert bool(re.search("[а-я]{4}", page.inner_text(".rules h2"))) == (ui.lang == "ru"), game
        figures = page.locator("figure.diagram")
        assert figures.count() >= 3, game
        for i in range(figures.count()):
            assert figures.nth(i).locator(".sq").count() > 40 and figures.nth(i).locator("figcaption").inner_text()
        # the move of the first diagram with a move: its path shown, then played at a button's press
        fig = page.locator("figure.diagram:has(button.play-move)").first
        assert fig.locator(".preview").count() >= 1
        before = fig.locator("svg.board").inner_html()
        fig.locator("button.play-move").click()
        assert fig.locator("button.play-move").get_attribute("aria-pressed") == "true"
        assert fig.locator("svg.board").inner_html() != before
    page.click("#full-rules")
    page.wait_for_function("() => location.hash === '#/rules/kimbo/full'")
    full = en_ru(ui, "Kimbo: every house rule", "Кимбо: все домашние правила")
    # the how-to-play page's own h2 may still be there: wait for the new page's title
    page.wait_for_function("t => document.querySelector('h1') && document.querySelector('h1').innerText === t", arg=full)
    page.wait_for_selector(".rules h2")
    # a page for players: every house rule by the lobby's names, no commands, option values or file links
    assert page.inner_text("h1") == full
    assert page.is_visible(".rules .more a[href='#/rules/kimbo']")
    text = page.inner_text(".rules")
    assert not re.search(r"pachisi |\.md\b|\.py\b|`|=", text) and not IDENTIFIERS.search(text)
    assert page.locator(".rules .house-list li").count() >= 5
    assert not page.errors


def _played_room(page, server):
    """A Ludo room against a bot with a few actions played; its code."""
    page.goto(server.url + "/")
    page.locator(".quick-play[data-game=ludo]").click()
    page.wait_for_function("() => document.querySelector('.room') && document.querySelector('.room').dataset.status === 'playing'")
    while seq(page) < 6:
        if my_turn(page):
            act(page)
        else:
            page.wait_for_timeout(50)
    return re.search(r"#/room/(\w+)", page.url).group(1)


@each(BOTH)
def test_replay_of_a_room_shows_the_board_at_the_top_and_the_keys_work_after_a_click_on_it(ui, server):
    page = ui()
    code = _played_room(page, server)
    page.goto(f"{server.url}/#/replay/{code}")
    page.wait_for_selector(".replay .board .sq")
    assert code in page.inner_text("h1")
    box = page.locator(".replay svg.board").bounding_box()
    height = VIEWPORTS[ui.size]["viewport"]["height"]
    assert box["y"] < height / 3 and box["y"] + min(box["height"], 300) < height     # on the first screen
    if ui.size == "desktop":
        assert box["y"] + box["height"] <= height                                # the whole board
        controls = page.locator(".replay .controls").bounding_box()
        assert controls["y"] < height and controls["x"] > box["x"] + box["width"] - 1   # beside it
    counter = page.locator(".counter")                 # expect() waits for the page to show each step
    expect(counter).to_have_text(re.compile(r"^(Step|Шаг) 1 "))
    page.locator(".replay svg.board").click()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(counter).to_have_text(re.compile(r"^(Step|Шаг) 3 "))
    page.keyboard.press("ArrowLeft")
    expect(counter).to_have_text(re.compile(r"^(Step|Шаг) 2 "))
    page.keyboard.press("End")
    expect(counter).to_have_text(re.compile(r"^\S+ (\d+) \D+ \1$"))      # "Step 212 of 212"
    assert not page.errors


@each([("en", "desktop"), ("ru", "phone")])
def test_verify_says_what_it_waits_for_and_what_failed(ui, server):
    page = ui()
    page.route("**/api/verify", lambda route: (page.wait_for_timeout(800), route.continue_()))
    page.goto(server.url + "/#/verify/ZZZZZZ")          # a room that does not exist
    page.wait_for_selector(".alert.failure")
    assert en_ru(ui, "The record of room ZZZZZZ could not be fetched.",
                 "Не удалось загрузить запись комнаты ZZZZZZ.") in page.inner_text(".alert.failure")
    assert page.locator(".alert.failure button.retry").count() == 1
    page.fill("#record", "[Game \"ludo\"]\n")
    page.click("#verify")
    page.wait_for_selector(".verify-out .loading")        # the server's replay is awaited with a label
    assert en_ru(ui, "The server replays every move", "Сервер переигрывает все ходы") in page.inner_text(".verify-out")
    page.wait_for_selector("#server-verdict, .verify-out .alert")
    assert page.get_attribute("#record", "aria-label") == en_ru(ui, "Record", "Запись")
    assert not page.errors
