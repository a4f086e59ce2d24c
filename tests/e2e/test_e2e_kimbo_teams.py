"""Kimbo in teams (teams=opposite) in the browser, in English and Russian at 1280x900: the lobby offers
team play for it beside the number of players, and a team game of four bots, watched on the board, ends
on the game-over screen, which ranks the teams, partners together.  Screenshots go to the test's tmp dir."""
import pytest

from roompage import NAMES, choose_team_table, first_team, new_page

pytestmark = pytest.mark.timeout(900)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_lobby_offers_teams_for_kimbo(browser, server, lang, tmp_path):
    ctx, page = new_page(browser, lang, "desktop")
    try:
        page.goto(f"{server.url}/#/")
        page.wait_for_selector("#game")
        choose_team_table(page, lang, "kimbo")
        page.locator("form.create").screenshot(path=str(tmp_path / f"lobby-kimbo-teams-{lang}.png"))
        assert not page.errors
    finally:
        ctx.close()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_kimbo_team_game_of_bots_ends_with_the_teams_places(browser, server, lang, tmp_path):
    room = server.api("/api/rooms", {"game": "kimbo", "options": {"teams": "opposite"},
                                     "seats": [{"kind": "bot", "name": n, "level": 4} for n in NAMES]})
    ctx, page = new_page(browser, lang, "desktop", {"pachisi.room.settings": {"speed": "instant"}})   # bots do not wait
    try:
        page.goto(f"{server.url}/#/room/{room['code']}")
        page.wait_for_selector(".board .sq")
        page.wait_for_selector(".over-dialog:not([hidden]) .over-card")
        assert first_team(page, lang) in ([0, 2], [1, 3])
        page.screenshot(path=str(tmp_path / f"over-kimbo-teams-{lang}.png"))
        assert not page.errors
    finally:
        ctx.close()
