"""Mensch ärgere Dich nicht in teams (teams=opposite) in the browser, in English and Russian at 1280x900:
the lobby offers team play for it beside the number of players, the room's players list tells who plays
with whom, and a team game is played on the board.  Screenshots go to the test's tmp dir."""
import pytest

from roompage import choose_team_table, new_page, play_own_turns

pytestmark = pytest.mark.timeout(900)
WITH = {"en": "team 1, with Red", "ru": "команда 1, вместе с: Красный"}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_mensch_team_table_from_the_lobby_to_the_board(browser, server, lang, tmp_path):
    ctx, page = new_page(browser, lang, "desktop")
    try:
        page.goto(f"{server.url}/#/")
        page.wait_for_selector("#game")
        choose_team_table(page, lang, "maedn")
        page.locator("form.create").screenshot(path=str(tmp_path / f"lobby-maedn-teams-{lang}.png"))
        page.click("#create")
        page.wait_for_selector(".room[data-seq] .board .sq")
        assert page.locator(".player[data-player='0'] .team-tag").inner_text() == WITH[lang]
        play_own_turns(page, 8)              # the person's own turns
        page.screenshot(path=str(tmp_path / f"room-maedn-teams-{lang}.png"))
        assert not page.errors
    finally:
        ctx.close()
