"""Mensch ärgere Dich nicht in the browser, in English and Russian: the 40-field cross (preset schmidt)
and the Petits chevaux board (preset petitschevaux: 56 squares, each colour's ladder numbered 1 to 6
and the centre, two horses each in its stable) at 1280x900, and on a 390x844 touch phone, where after
the first tap every piece and square a finger taps is at least 44 px.  The lobby offers the house rules
of issue 24, and a missed capture under must_capture=claim is called in the room.  Screenshots go to the
test's tmp dir."""
import json

import pytest

from roompage import ROOM, open_hotseat, play_hotseat, play_own_turns, seq, wait_after
from test_e2e_touch import MARKS, PHONE, small

pytestmark = pytest.mark.timeout(900)
DESKTOP = {"viewport": {"width": 1280, "height": 900}}
# preset -> (pieces drawn, the labels of the squares of one colour's goal way)
BOARDS = {"schmidt": (16, ["a", "b", "c", "d"]), "petitschevaux": (8, ["1", "2", "3", "4", "5", "6"])}


def roll_to_a_move(page):
    for _ in range(300):                         # roll until a roll leaves a move (Petits chevaux: a 6)
        if page.get_attribute(ROOM, "data-phase") == "move":
            return
        before = seq(page)
        page.locator("button.roll").click()
        wait_after(page, before)
    raise AssertionError("no roll left a move")


def labels(page, kind):
    return page.eval_on_selector_all(f".room svg.board .sq.kind-{kind} .house-name", "ts => ts.map(t => t.textContent)")


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("preset", sorted(BOARDS))
def test_the_board_shows_at_1280(browser, server, preset, lang, tmp_path):
    pieces, lane = BOARDS[preset]
    _, ctx, page = open_hotseat(browser, server, lang, "desktop", "maedn", 4, preset=preset)
    try:
        page.screenshot(path=str(tmp_path / f"maedn-{preset}-{lang}-1280.png"))
        board = page.locator(".room svg.board").bounding_box()
        assert board["width"] > 600 and board["x"] + board["width"] <= 1280
        assert page.locator(".room svg.board .piece").count() == pieces      # the horses not in the game are not drawn
        assert sorted(labels(page, "house")) == sorted(lane * 4)
        assert page.locator(".room svg.board .sq.kind-start").count() == 4
        roll_to_a_move(page)
        page.screenshot(path=str(tmp_path / f"maedn-{preset}-{lang}-1280-move.png"))
        assert page.locator(".room svg.board .mark.src").count() >= 1
        assert not page.errors
    finally:
        ctx.close()


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("preset", sorted(BOARDS))
def test_the_board_is_tappable_on_a_phone(browser, server, preset, lang, tmp_path):
    _, ctx, page = open_hotseat(browser, server, lang, "phone", "maedn", 4, preset=preset)
    try:
        roll_to_a_move(page)
        page.screenshot(path=str(tmp_path / f"maedn-{preset}-{lang}-390.png"))
        page.locator(".room svg.board .mark.src").first.tap()       # the first tap zooms in around it
        marks = page.evaluate(MARKS, ".mark.src")
        assert marks and not small(marks), small(marks)
        page.locator(".room svg.board .mark.src").first.tap()       # a piece picked: where it may go
        targets = page.evaluate(MARKS, ".mark.dst")
        assert targets and not small(targets), small(targets)
        page.screenshot(path=str(tmp_path / f"maedn-{preset}-{lang}-390-zoomed.png"))
        before = seq(page)
        page.locator(".room svg.board .mark.dst").first.tap()       # and the move is made
        wait_after(page, before)
        assert not page.errors
    finally:
        ctx.close()


@pytest.mark.parametrize("device", ["1280", "390"])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_how_to_play_page_draws_both_boards(browser, server, lang, device, tmp_path):
    """The page's diagrams: the 40-field cross's four, then Petits chevaux's three on its own board (the
    ladder's steps numbered 1-6 in every colour)."""
    ctx = browser.new_context(**(DESKTOP if device == "1280" else PHONE))
    ctx.add_init_script(f"localStorage.setItem('pachisi.lang', JSON.stringify({json.dumps(lang)}));")
    try:
        page = ctx.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{server.url}/#/rules/maedn")
        page.wait_for_selector("figure.diagram svg .sq")
        figures = page.locator("figure.diagram")
        assert figures.count() == 7
        chevaux = figures.nth(6)
        chevaux.scroll_into_view_if_needed()
        assert sorted(chevaux.locator(".house-name").all_text_contents()) == sorted([str(i) for i in range(1, 7)] * 4)
        assert sorted(figures.nth(0).locator(".house-name").all_text_contents()) == sorted(list("abcd") * 4)
        page.screenshot(path=str(tmp_path / f"maedn-rules-{lang}-{device}.png"), full_page=True)
        assert not errors
    finally:
        ctx.close()


@pytest.mark.parametrize("device", ["1280", "390"])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_quick_start_plays_mensch_against_three_bots_and_links_its_how_to_play(browser, server, lang, device,
                                                                                   tmp_path):
    ctx = browser.new_context(**(DESKTOP if device == "1280" else PHONE))
    ctx.add_init_script(f"localStorage.setItem('pachisi.lang', JSON.stringify({json.dumps(lang)}));")
    try:
        page = ctx.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server.url + "/")
        card = page.locator(".quick-card[data-game=maedn]")
        assert card.locator("a.howto").get_attribute("href") == "#/rules/maedn"
        assert ("4 players: you and bots (Medium)" if lang == "en" else "Игроков: 4 — вы и боты (Средний)") \
            in card.inner_text()
        card.locator(".quick-play").click()
        page.wait_for_selector(".room[data-seq] .board .sq")
        code = page.url.rsplit("/", 1)[1]
        info = server.api(f"/api/rooms/{code}")
        assert info["game"] == "maedn" and info["preset"] == "schmidt" and info["status"] == "playing"
        assert [(s["kind"], s["level"]) for s in info["seats"]] == [("local", None)] + [("bot", 3)] * 3
        play_own_turns(page, 6)              # the person's own turns
        page.screenshot(path=str(tmp_path / f"maedn-quick-{lang}-{device}.png"))
        assert not errors
    finally:
        ctx.close()


# the house rules of issue 24 as the lobby names them, and the claim step's words
NEW_OPTIONS = {"en": {"safe_starts": "Safe start fields", "six_enters_or_moves": "A 6 enters or moves",
                      "bonus20_10": "Bonus 20 and 10", "all_colours": "All four colours"},
               "ru": {"safe_starts": "Безопасные поля старта", "six_enters_or_moves": "Шестёрка выводит или ходит",
                      "bonus20_10": "Бонус 20 и 10", "all_colours": "Все четыре цвета"}}
CLAIM_CHOICE = {"en": "it goes back if an opponent calls it", "ru": "возвращается, если соперник поймает"}
CLAIM_STATUS = {"en": "pick their marked piece to call it (it goes back to B) or let it pass.",
                "ru": "чтобы поймать его на зевке (фишка возвращается в домик), или пропустите."}
CALLED = {"en": "called the missed capture: piece {piece} goes back to B",
          "ru": "поймал на зевке: фишка {piece} возвращается в домик"}


@pytest.mark.parametrize("device", ["1280", "390"])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_lobby_offers_the_new_house_rules(browser, server, lang, device, tmp_path):
    ctx = browser.new_context(**(DESKTOP if device == "1280" else PHONE))
    ctx.add_init_script(f"localStorage.setItem('pachisi.lang', JSON.stringify({json.dumps(lang)}));")
    try:
        page = ctx.new_page()
        page.goto(server.url + "/")
        page.select_option("#game", "maedn")
        page.locator("details.house summary").first.click()
        for name, title in NEW_OPTIONS[lang].items():
            assert page.locator(f"label[for=opt-{name}]").inner_text() == title
            assert not page.locator(f"#opt-{name}").is_checked()
        assert CLAIM_CHOICE[lang] in page.eval_on_selector_all("#opt-must_capture option", "os => os.map(o => o.textContent)")
        page.locator("label[for=opt-safe_starts]").scroll_into_view_if_needed()
        page.screenshot(path=str(tmp_path / f"maedn-lobby-options-{lang}-{device}.png"))
    finally:
        ctx.close()


def claim_or_no_capture(state):
    """Roll, or play the first move that captures nothing (a capture missed on purpose); None at a call."""
    if state["turn"]["phase"] == "roll":
        return "roll"
    moves = state["moves"]
    if all(m["t"] == "nocall" or m["t"].startswith("call-") for m in moves):
        return None
    return next((m for m in moves if ", captures " not in m["words"]["en"]), moves[0])["t"]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_missed_capture_is_called_and_the_piece_goes_back_to_b(browser, server, lang, tmp_path):
    for _ in range(5):
        room = server.api("/api/rooms", {"game": "maedn", "options": {"must_capture": "claim"},
                                         "seats": [{"kind": "local", "name": f"P{i}"} for i in range(4)]})
        state = play_hotseat(server, room["code"], room["token"], claim_or_no_capture, limit=3000)
        if state["room"]["status"] != "over":
            break
    call = next(m["t"] for m in state["moves"] if m["t"].startswith("call-"))
    ctx = browser.new_context(**DESKTOP)
    ctx.add_init_script(f"localStorage.setItem('pachisi.lang', JSON.stringify({json.dumps(lang)}));"
                        f"localStorage.setItem('pachisi.tokens', JSON.stringify({json.dumps({room['code']: room['token']})}));")
    try:
        page = ctx.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{server.url}/#/room/{room['code']}")
        page.wait_for_selector(".moves button.move[data-move=nocall]")
        assert page.inner_text(".status").endswith(CLAIM_STATUS[lang])
        page.screenshot(path=str(tmp_path / f"maedn-claim-{lang}-1280.png"))
        before = seq(page)
        page.locator(f".moves button.move[data-move='{call}']").click()
        wait_after(page, before)
        assert CALLED[lang].format(piece=call[5:]) in page.locator(".log li").last.inner_text()
        assert not errors
    finally:
        ctx.close()
