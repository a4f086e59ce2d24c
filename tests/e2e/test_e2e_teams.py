"""A team table in the browser, in English and Russian at 1280x900: the lobby offers team play beside the
number of players and shows each seat's team, the room's players list tells who plays with whom, and the
game-over screen ranks the teams, partners together.  Screenshots go to the test's tmp dir."""
import pytest

from roompage import NAMES, choose_team_table, first_team, new_page, play_team_room

pytestmark = pytest.mark.timeout(900)
WITH = {"en": "team 1, with Yellow", "ru": "команда 1, вместе с: Жёлтый"}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_team_table_from_the_lobby_to_the_teams_places(browser, server, lang, tmp_path):
    ctx, page = new_page(browser, lang, "desktop")
    try:
        page.goto(f"{server.url}/#/")
        page.wait_for_selector("#game")
        assert page.locator(".seat .team-tag").count() == 0
        choose_team_table(page, lang, "ludo")
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

    final, page, ctx = play_team_room(browser, server, lang, "ludo", {})
    try:
        order = final["order"]
        winners, losers = sorted(order[:2]), sorted({0, 1, 2, 3} - set(order[:2]))
        assert winners in ([0, 2], [1, 3])
        assert page.locator(".over-card ol.places li.team").count() + \
            page.locator(".over-card ul.places li.team").count() == 2
        assert first_team(page, lang) == winners
        title = page.locator("#over-title").inner_text()
        assert all(NAMES[p] in title for p in winners) and not any(NAMES[p] in title for p in losers)
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
        choose_team_table(page, lang, "ludo")
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
