"""In the browser: create a room and play a game against a bot to its end
(keyboard and board clicks), two browsers play online and both see every
move, a reload reconnects to the seat, and the fair-dice page checks the
finished game's rolls."""
import re

from playwright.sync_api import expect
import pytest
from roompage import ROOM, my_turn, seq, wait_after

pytestmark = pytest.mark.timeout(3600)                # a bound on a hang, not a measure of speed


def act(page, use_board=False):
    """Make this page's action: roll with the R key, move with a digit or on the board."""
    before = seq(page)
    if page.get_attribute(ROOM, "data-phase") == "roll":
        page.locator("body").press("r")
    elif use_board and page.locator(".mark.src, .tray.src").count():
        page.locator(".mark.src, .tray.src").first.click()
        page.locator(".mark.dst, .tray.dst").first.click()
        if page.locator(".chooser:not([hidden]) button.move").count():
            page.locator(".chooser:not([hidden]) button.move").first.click()
    else:
        page.locator("body").press("1")
    wait_after(page, before)


def open_lobby(page, server):
    page.goto(server.url + "/")
    page.wait_for_selector("#create")


def lobby_page(context, server):
    """A new page on the lobby, and the list its script errors are collected in."""
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    open_lobby(page, server)
    return page, errors


def test_a_game_against_a_bot_is_played_to_its_end(context, server):
    page, errors = lobby_page(context, server)
    page.select_option("#game", "shishbesh")
    page.select_option("#players", "2")
    page.fill(".seat-name", "Ann")
    page.locator(".seat-level").nth(1).select_option(index=2)
    page.click("#create")
    page.wait_for_selector(".board .sq")
    page.wait_for_function("() => document.querySelector('.room').dataset.status === 'playing'")
    code = re.search(r"#/room/(\w+)", page.url).group(1)
    used_board = 0
    for _ in range(3000):
        if page.get_attribute(ROOM, "data-status") == "over":
            break
        if my_turn(page):
            board = page.get_attribute(ROOM, "data-phase") == "move" and used_board < 15
            act(page, use_board=board)
            used_board += board
        else:
            page.wait_for_timeout(30)
    assert page.get_attribute(ROOM, "data-status") == "over"
    assert used_board > 0
    assert re.search(r"wins|Победил", page.inner_text(".status"))
    assert page.locator(".log li").count() > 10
    assert "Seed" in page.inner_text(".fair")
    # the fair-dice page re-derives every roll in the browser and asks the server too
    page.goto(f"{server.url}/#/verify/{code}")
    page.wait_for_selector("#server-verdict")
    assert "verdict ok" in page.get_attribute("#commit-verdict", "class")
    assert "verdict ok" in page.get_attribute("#rolls-verdict", "class")
    assert "verdict ok" in page.get_attribute("#server-verdict", "class")
    # and the replay page steps through the record
    record = page.evaluate(f"() => fetch('/api/rooms/{code}/record').then(r => r.text())")
    page.goto(f"{server.url}/#/replay")
    page.fill("#record", record)
    page.click("#load")
    page.wait_for_selector(".replay .board .sq")
    page.click("#next")
    page.click("#next")
    expect(page.locator(".counter")).to_contain_text("3")        # waits for the page to show the step
    assert not errors


def test_two_browsers_play_online_and_a_reload_reconnects(browser, server):
    a_ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    b_ctx = browser.new_context(viewport={"width": 400, "height": 800})       # a phone-sized screen
    try:
        a = a_ctx.new_page()
        open_lobby(a, server)
        a.select_option("#game", "ludo")
        a.select_option("#players", "2")
        a.fill(".seat-name", "Ann")
        a.locator(".seat-kind").nth(1).select_option("invite")
        a.click("#create")
        a.wait_for_selector(".invite input.link")
        link = a.input_value(".invite input.link")
        assert a.get_attribute(ROOM, "data-status") == "waiting"

        b = b_ctx.new_page()
        b.goto(link)
        b.wait_for_selector(".join button.take")
        b.fill(".join input.name", "Bob")
        b.click(".join button.take")
        b.wait_for_function("() => document.querySelector('.room').dataset.you === '1'")
        a.wait_for_function("() => document.querySelector('.room').dataset.status === 'playing'")

        for i in range(16):
            page = a if my_turn(a) else b
            if not my_turn(page):
                page.wait_for_timeout(100)
                continue
            before = seq(page)
            act(page)
            for p in (a, b):
                wait_after(p, before)
            assert a.inner_text(".log") == b.inner_text(".log")
            if i == 8:                               # Bob reloads the page: back in the seat, nothing lost
                log = b.inner_text(".log")
                b.reload()
                b.wait_for_function("() => document.querySelector('.room') && "
                                    "document.querySelector('.room').dataset.you === '1'")
                assert b.inner_text(".log") == log
                assert "Bob" in b.inner_text(".players")
        assert seq(a) == seq(b) >= 10
        assert a.inner_text(".log") == b.inner_text(".log")
        # chat goes both ways and is shown as text
        b.fill(".chat-form input", "<b>hi</b> Ann")
        b.press(".chat-form input", "Enter")
        a.wait_for_selector(".chat-list li")
        assert "<b>hi</b> Ann" in a.inner_text(".chat-list")
    finally:
        a_ctx.close()
        b_ctx.close()


def test_every_game_draws_its_board_and_the_language_switches(context, server):
    page = context.new_page()
    open_lobby(page, server)
    names = page.eval_on_selector_all("#game option", "os => os.map(o => o.value)")
    assert len(names) >= 7
    for name in names:
        page.goto(server.url + "/")
        page.wait_for_selector("#create")
        page.select_option("#game", name)
        fewest = page.eval_on_selector("#players", "s => s.options[0].value")
        page.select_option("#players", fewest)
        for seat in range(1, int(fewest)):                              # hotseat: no bot to wait for
            page.locator(".seat-kind").nth(seat).select_option("local")
        page.click("#create")
        page.wait_for_selector(".board .sq")
        assert page.locator(".board .sq").count() > 40, name
        page.goto(f"{server.url}/#/rules/{name}/full")      # every house rule and preset
        page.wait_for_selector(".rules h1, .rules p")
        assert page.locator(".rules").inner_text().strip(), name
    assert not re.search("[а-я]", page.inner_text(".rules h2"))            # the rules in English...
    page.click("[data-lang=ru]")
    page.wait_for_function("() => /[а-я]/.test((document.querySelector('.rules h2') || {}).innerText)")  # ...in Russian
    assert "все домашние правила" in page.inner_text(".rules-page h1")
    page.goto(server.url + "/#/")
    page.wait_for_selector("#create")
    assert "Новая игра" in page.inner_text("h1")
    page.click("[data-lang=en]")
    page.wait_for_selector("#create")
    assert "New game" in page.inner_text("h1")
