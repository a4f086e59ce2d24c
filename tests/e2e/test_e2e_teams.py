"""A team table in the browser, in English and Russian at 1280x900: the lobby offers team play beside the
number of players and shows each seat's team, the room's players list tells who plays with whom, and the
game-over screen ranks the teams, partners together.  Screenshots go to the test's tmp dir."""
import pytest

from roompage import new_page, play_hotseat

pytestmark = pytest.mark.timeout(900)
TEAM = {"en": ["team 1", "team 2", "team 1", "team 2"], "ru": ["команда 1", "команда 2", "команда 1", "команда 2"]}
WITH = {"en": "team 1, with Yellow", "ru": "команда 1, вместе с: Жёлтый"}
TEAM_NAME = {"en": "Team", "ru": "Команда"}


def first_action(state):
    return "roll" if state["turn"]["phase"] == "roll" else state["moves"][0]["t"]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_team_table_from_the_lobby_to_the_teams_places(browser, server, lang, tmp_path):
    ctx, page = new_page(browser, lang, "desktop")
    try:
        page.goto(f"{server.url}/#/")
        page.wait_for_selector("#game")
        page.select_option("#game", "ludo")
        page.select_option("#players", "4")
        assert page.locator(".teams-row #opt-teams").is_visible()        # beside the players, not among the house rules
        assert page.locator(".seat .team-tag").count() == 0
        page.select_option("#opt-teams", "opposite")
        assert page.locator(".seat .team-tag").all_inner_texts() == TEAM[lang]
        page.select_option("#players", "3")                               # three cannot sit as two pairs
        assert page.locator(".teams-note").is_visible() and page.locator(".seat .team-tag").count() == 0
        page.select_option("#players", "4")
        assert not page.locator(".teams-note").is_visible()
        page.locator("form.create").screenshot(path=str(tmp_path / f"lobby-teams-{lang}.png"))
        page.click("#create")
        page.wait_for_selector(".room[data-seq] .board .sq")
        assert page.locator(".player[data-player='0'] .team-tag").inner_text() == WITH[lang]
        page.screenshot(path=str(tmp_path / f"room-teams-{lang}.png"))
        assert not page.errors
    finally:
        ctx.close()

    room = server.api("/api/rooms", {"game": "ludo", "options": {"teams": "opposite"},
                                     "seats": [{"kind": "local", "name": n} for n in ("Ann", "Bob", "Cid", "Dan")]})
    ctx, page = new_page(browser, lang, "desktop", {"pachisi.tokens": {room["code"]: room["token"]}})
    try:
        page.goto(f"{server.url}/#/room/{room['code']}")
        page.wait_for_selector(".board .sq")
        final = play_hotseat(server, room["code"], room["token"], first_action, pace=1 / 40)
        page.wait_for_selector(".over-dialog:not([hidden]) .over-card")
        order = final["order"]
        winners, losers = sorted(order[:2]), sorted({0, 1, 2, 3} - set(order[:2]))
        assert winners in ([0, 2], [1, 3])
        teams = page.locator(".over-card ol.places li.team")
        assert teams.count() + page.locator(".over-card ul.places li.team").count() == 2
        first = teams.first
        assert first.locator(".team-name").inner_text().startswith(TEAM_NAME[lang])
        assert sorted(int(x) for x in first.locator(".partners li").evaluate_all("els => els.map(e => e.dataset.player)")) == winners
        names = {0: "Ann", 1: "Bob", 2: "Cid", 3: "Dan"}
        title = page.locator("#over-title").inner_text()
        assert all(names[p] in title for p in winners) and not any(names[p] in title for p in losers)
        page.screenshot(path=str(tmp_path / f"over-teams-{lang}.png"))
        assert not page.errors
    finally:
        ctx.close()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_team_table_on_a_phone_says_who_plays_with_whom(browser, server, lang, tmp_path):
    """On a 390x844 phone the lobby's team choice and the room's partner tags stay readable."""
    ctx, page = new_page(browser, lang, "phone")
    try:
        page.goto(f"{server.url}/#/")
        page.wait_for_selector("#game")
        page.select_option("#game", "ludo")
        page.select_option("#players", "4")
        page.select_option("#opt-teams", "opposite")
        assert page.locator(".seat .team-tag").all_inner_texts() == TEAM[lang]
        page.screenshot(path=str(tmp_path / f"lobby-teams-phone-{lang}.png"), full_page=True)
        page.click("#create")
        page.wait_for_selector(".room[data-seq] .board .sq")
        tag = page.locator(".player[data-player='0'] .team-tag")
        assert tag.inner_text() == WITH[lang]
        box = tag.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390          # not cut off at the edge
        page.screenshot(path=str(tmp_path / f"room-teams-phone-{lang}.png"), full_page=True)
        assert not page.errors
    finally:
        ctx.close()
