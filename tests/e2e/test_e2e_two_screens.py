"""Two people, each on their own screen, each playing a team's two opposite colours (issue 24), in Chromium
with two browser contexts: the host makes a Pachisi room in the lobby holding yellow+blue and inviting
red+green; the guest opens the invitation link and takes both seats with one button; the seat lists say
each pair is one player; they roll and move by clicking, each for both colours.  In English on a 1280x900
screen and in Russian on a 390x844 touch phone (the guest's).  Chaupar with two people: the guest takes
red, then "your partner's seat too", green.  Screenshots go to /tmp."""
import pytest

from roompage import ROOM, new_page, seq, wait_after

pytestmark = pytest.mark.timeout(1800)                # a bound on a hang, not a measure of speed

SAME = {"en": "same player as", "ru": "тот же игрок, что и"}
TEAM = {"en": "Take both seats: Red and Green", "ru": "Занять оба места: Красный и Зелёный"}
PARTNER = {"en": "Take your partner's seat too: Green", "ru": "Занять и место напарника: Зелёный"}
RESIGN_BOTH = {"en": "Resign all your colours, Red and Green? Press again",
               "ru": "Сдаться за все свои цвета (Красный и Зелёный)? Нажмите ещё раз"}


def you(page):
    return page.get_attribute(ROOM, "data-you") or ""


def act(page):
    """Roll with the roll button, or click the first move offered that is not a pass."""
    before = seq(page)
    if page.get_attribute(ROOM, "data-phase") == "roll":
        page.click("button.roll")
    else:
        page.wait_for_selector(".moves button.move")
        moves = page.locator(".moves button.move:not([data-move=pass])")
        (moves if moves.count() else page.locator(".moves button.move")).first.click()
    wait_after(page, before)


def my_turn(page):
    return page.get_attribute(ROOM, "data-status") == "playing" and \
        page.get_attribute(ROOM, "data-phase") in ("roll", "move") and \
        page.get_attribute(ROOM, "data-turn") in you(page).split(",")


def play_both(host, guest, limit=120):
    """Play (each page for the seats it holds) until every seat has made a move; the seats each moved for."""
    moved = {}
    for _ in range(limit):
        if len(moved) == 4:
            return moved
        page = host if my_turn(host) else guest if my_turn(guest) else None
        if page is None:
            host.wait_for_timeout(100)
            continue
        player, phase = host.get_attribute(ROOM, "data-turn"), page.get_attribute(ROOM, "data-phase")
        before = seq(page)
        act(page)
        for p in (host, guest):
            wait_after(p, before)
        if phase == "move":
            moved.setdefault(int(player), "host" if page is host else "guest")
        assert host.inner_text(".log") == guest.inner_text(".log")
    raise AssertionError(f"not every seat moved: {moved}")


@pytest.mark.parametrize("lang,screen", [("en", "desktop"), ("ru", "phone")])
def test_two_people_play_pachisi_each_with_two_opposite_colours(browser, server, lang, screen):
    host_ctx, host = new_page(browser, lang, "desktop")
    guest_ctx, guest = new_page(browser, lang, screen)
    try:
        host.goto(server.url + "/")
        host.wait_for_selector("#create")
        host.select_option("#game", "pachisi")
        host.select_option("#players", "4")
        kinds, names = host.locator(".seat-kind"), host.locator(".seat-name")
        for i, kind in enumerate(("local", "invite", "local", "invite")):
            kinds.nth(i).select_option(kind)
        names.nth(0).fill("Ann")
        names.nth(2).fill("Ann")
        host.click("#create")
        host.wait_for_selector(".invite input.link")
        link = host.input_value(".invite input.link")
        assert host.get_attribute(ROOM, "data-status") == "waiting" and you(host) == "0,2"
        assert host.locator(".join").is_hidden()           # the host's partners' seats are both held

        guest.goto(link)
        team = guest.locator(".join button.take.team")
        team.wait_for()
        assert team.get_attribute("data-players") == "1,3" and TEAM[lang] in team.inner_text()
        assert guest.locator(".join button.take.one").count() == 2
        guest.fill(".join input.name", "Bo")
        guest.screenshot(path=f"/tmp/two-screens-join-{lang}-{screen}.png")
        team.click()
        guest.wait_for_function("() => document.querySelector('.room').dataset.you === '1,3'")
        host.wait_for_function("() => document.querySelector('.room').dataset.status === 'playing'")
        for page in (host, guest):
            page.wait_for_function("() => document.querySelectorAll('.players .same-tag').length === 4")
            players = page.inner_text(".players")
            assert players.count("Ann") == 2 and players.count("Bo") == 2 and SAME[lang] in players

        moved = play_both(host, guest)
        assert moved == {0: "host", 1: "guest", 2: "host", 3: "guest"}
        host.screenshot(path=f"/tmp/two-screens-host-{lang}-desktop.png")
        guest.click("button.resign")                       # the first press asks, naming both colours it gives up
        assert guest.inner_text("button.resign") == RESIGN_BOTH[lang]
        guest.screenshot(path=f"/tmp/two-screens-guest-{lang}-{screen}.png")
        assert not host.errors and not guest.errors
    finally:
        host_ctx.close()
        guest_ctx.close()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_two_people_play_chaupar_the_guest_taking_the_partners_seat_too(browser, server, lang):
    room = server.api("/api/rooms", {"game": "chaupar", "seats": [
        {"kind": "local", "name": "Ann"}, {"kind": "invite"}, {"kind": "local", "name": "Ann"}, {"kind": "invite"}]})
    host_ctx, host = new_page(browser, lang, "desktop", {"pachisi.tokens": {room["code"]: room["token"]}})
    guest_ctx, guest = new_page(browser, lang, "phone")
    try:
        host.goto(f"{server.url}/#/room/{room['code']}")
        host.wait_for_function("() => document.querySelector('.room') && document.querySelector('.room').dataset.you === '0,2'")
        guest.goto(server.url + room["url"])
        guest.fill(".join input.name", "Bo")
        guest.click(".join button.take.one[data-players='1']")
        guest.wait_for_function("() => document.querySelector('.room').dataset.you === '1'")
        partner = guest.locator(".join button.take.partner")     # a locator: the join box is drawn anew as states come
        partner.wait_for()
        assert partner.get_attribute("data-players") == "3" and PARTNER[lang] in partner.inner_text()
        assert guest.locator(".join input.name").count() == 0
        guest.screenshot(path=f"/tmp/two-screens-partner-{lang}-phone.png")
        partner.click()
        guest.wait_for_function("() => document.querySelector('.room').dataset.you === '1,3'")
        host.wait_for_function("() => document.querySelector('.room').dataset.status === 'playing'")
        assert guest.inner_text(".players").count("Bo") == 2 and guest.locator(".join").is_hidden()
        moved = play_both(host, guest)
        assert moved == {0: "host", 1: "guest", 2: "host", 3: "guest"}
        guest.screenshot(path=f"/tmp/two-screens-chaupar-{lang}-phone.png")
        assert not host.errors and not guest.errors
    finally:
        host_ctx.close()
        guest_ctx.close()
