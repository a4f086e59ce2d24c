"""Team play in the Russian folk games in the browser, at 1280x900: the lobby offers `teams` for
Шиш-беш, Мандавошка and Трясучка beside the number of players, and a team game plays to the game-over
screen, which ranks the teams, partners together.  Screenshots go to the test's tmp dir."""
import pytest

from roompage import NAMES, choose_team_table, first_team, new_page, play_team_room

pytestmark = pytest.mark.timeout(900)
FOLK = ("shishbesh", "mandavoshka", "tryasuchka")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_lobby_offers_teams_for_the_folk_games(browser, server, lang, tmp_path):
    ctx, page = new_page(browser, lang, "desktop")
    try:
        page.goto(f"{server.url}/#/")
        page.wait_for_selector("#game")
        for game in FOLK:
            choose_team_table(page, lang, game)
            page.select_option("#opt-teams", "off")
        assert not page.errors
    finally:
        ctx.close()


@pytest.mark.parametrize("game,lang", [("shishbesh", "en"), ("mandavoshka", "ru"), ("tryasuchka", "en"),
                                       ("tryasuchka", "ru")])
def test_a_folk_team_game_plays_to_the_teams_places(browser, server, game, lang, tmp_path):
    options = {"match_wins": 1} if game == "tryasuchka" else {}    # one game, not a match
    final, page, ctx = play_team_room(browser, server, lang, game, options)
    try:
        winners = sorted(final["order"][:2])
        assert winners in ([0, 2], [1, 3])
        assert first_team(page, lang) == winners
        page.screenshot(path=str(tmp_path / f"over-teams-{game}-{lang}.png"))
        assert not page.errors
    finally:
        ctx.close()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_team_match_of_tryasuchka_is_won_by_both_partners(browser, server, lang, tmp_path):
    """Трясучка is a match to two wins: a team's game counts for both partners, and the match's winners
    are named together."""
    final, page, ctx = play_team_room(browser, server, lang, "tryasuchka", {})
    try:
        score = final["room"]["score"]
        w = score.index(max(score))
        assert max(score) == 2 and score[w] == score[(w + 2) % 4]
        title = page.locator("#over-title").inner_text()
        assert NAMES[w] in title and NAMES[(w + 2) % 4] in title
        assert NAMES[(w + 1) % 4] not in title and NAMES[(w + 3) % 4] not in title
        assert first_team(page, lang) == sorted([w, (w + 2) % 4])
        page.screenshot(path=str(tmp_path / f"over-team-match-{lang}.png"))
        assert not page.errors
    finally:
        ctx.close()
