"""Mensch ärgere Dich nicht in teams (teams=opposite) in the browser, in English and Russian at 1280x900:
the lobby offers team play for it beside the number of players, the room's players list tells who plays
with whom, and a team game is played on the board.  Screenshots go to the test's tmp dir."""
import pytest

from roompage import ROOM, my_turn, new_page, seq, wait_after

pytestmark = pytest.mark.timeout(900)
TEAM = {"en": ["team 1", "team 2", "team 1", "team 2"], "ru": ["команда 1", "команда 2", "команда 1", "команда 2"]}
WITH = {"en": "team 1, with Red", "ru": "команда 1, вместе с: Красный"}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_mensch_team_table_from_the_lobby_to_the_board(browser, server, lang, tmp_path):
    ctx, page = new_page(browser, lang, "desktop")
    try:
        page.goto(f"{server.url}/#/")
        page.wait_for_selector("#game")
        page.select_option("#game", "maedn")
        page.select_option("#players", "4")
        assert page.locator(".teams-row #opt-teams").is_visible()
        page.select_option("#opt-teams", "opposite")
        assert page.locator(".seat .team-tag").all_inner_texts() == TEAM[lang]
        page.locator("form.create").screenshot(path=str(tmp_path / f"lobby-maedn-teams-{lang}.png"))
        page.click("#create")
        page.wait_for_selector(".room[data-seq] .board .sq")
        assert page.locator(".player[data-player='0'] .team-tag").inner_text() == WITH[lang]
        for _ in range(8):                           # the person's own turns: roll, and move when a move is offered
            page.wait_for_function("() => { const r = document.querySelector('.room'); return r.dataset.status "
                                   "=== 'over' || ['roll', 'move'].includes(r.dataset.phase) && "
                                   "(r.dataset.you || '').split(',').includes(r.dataset.turn); }")
            if not my_turn(page):
                break
            before = seq(page)
            page.locator("body").press("r" if page.get_attribute(ROOM, "data-phase") == "roll" else "1")
            wait_after(page, before)
        page.screenshot(path=str(tmp_path / f"room-maedn-teams-{lang}.png"))
        assert not page.errors
    finally:
        ctx.close()
