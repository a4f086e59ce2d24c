"""Team play in the Russian folk games in the browser, at 1280x900: the lobby offers `teams` for
Шиш-беш, Мандавошка and Трясучка beside the number of players, and a team game plays to the game-over
screen, which ranks the teams, partners together.  Screenshots go to the test's tmp dir."""
import pytest

from roompage import new_page, play_hotseat

pytestmark = pytest.mark.timeout(900)
FOLK = ("shishbesh", "mandavoshka", "tryasuchka")
TEAM = {"en": ["team 1", "team 2", "team 1", "team 2"], "ru": ["команда 1", "команда 2", "команда 1", "команда 2"]}
TEAM_NAME = {"en": "Team", "ru": "Команда"}


def first_action(state):
    return "roll" if state["turn"]["phase"] == "roll" else state["moves"][0]["t"]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_lobby_offers_teams_for_the_folk_games(browser, server, lang, tmp_path):
    ctx, page = new_page(browser, lang, "desktop")
    try:
        page.goto(f"{server.url}/#/")
        page.wait_for_selector("#game")
        for game in FOLK:
            page.select_option("#game", game)
            page.select_option("#players", "4")
            assert page.locator(".teams-row #opt-teams").is_visible()
            page.select_option("#opt-teams", "opposite")
            assert page.locator(".seat .team-tag").all_inner_texts() == TEAM[lang]
            page.select_option("#opt-teams", "off")
        assert not page.errors
    finally:
        ctx.close()


@pytest.mark.parametrize("game,lang", [("shishbesh", "en"), ("mandavoshka", "ru"), ("tryasuchka", "en"),
                                       ("tryasuchka", "ru")])
def test_a_folk_team_game_plays_to_the_teams_places(browser, server, game, lang, tmp_path):
    options = {"teams": "opposite", **({"match_wins": 1} if game == "tryasuchka" else {})}    # one game, not a match
    room = server.api("/api/rooms", {"game": game, "options": options,
                                     "seats": [{"kind": "local", "name": n} for n in ("Ann", "Bob", "Cid", "Dan")]})
    ctx, page = new_page(browser, lang, "desktop", {"pachisi.tokens": {room["code"]: room["token"]}})
    try:
        page.goto(f"{server.url}/#/room/{room['code']}")
        page.wait_for_selector(".board .sq")
        final = play_hotseat(server, room["code"], room["token"], first_action, pace=1 / 40)
        page.wait_for_selector(".over-dialog:not([hidden]) .over-card")
        winners = sorted(final["order"][:2])
        assert winners in ([0, 2], [1, 3])
        first = page.locator(".over-card ol.places li.team").first
        assert first.locator(".team-name").inner_text().startswith(TEAM_NAME[lang])
        assert sorted(int(x) for x in first.locator(".partners li").evaluate_all(
            "els => els.map(e => e.dataset.player)")) == winners
        page.screenshot(path=str(tmp_path / f"over-teams-{game}-{lang}.png"))
        assert not page.errors
    finally:
        ctx.close()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_team_match_of_tryasuchka_is_won_by_both_partners(browser, server, lang, tmp_path):
    """Трясучка is a match to two wins: a team's game counts for both partners, and the match's winners
    are named together."""
    room = server.api("/api/rooms", {"game": "tryasuchka", "options": {"teams": "opposite"},
                                     "seats": [{"kind": "local", "name": n} for n in ("Ann", "Bob", "Cid", "Dan")]})
    ctx, page = new_page(browser, lang, "desktop", {"pachisi.tokens": {room["code"]: room["token"]}})
    try:
        page.goto(f"{server.url}/#/room/{room['code']}")
        page.wait_for_selector(".board .sq")
        final = play_hotseat(server, room["code"], room["token"], first_action, pace=1 / 40)
        page.wait_for_selector(".over-dialog:not([hidden]) .over-card")
        score = final["room"]["score"]
        w = score.index(max(score))
        assert max(score) == 2 and score[w] == score[(w + 2) % 4]
        names = ("Ann", "Bob", "Cid", "Dan")
        title = page.locator("#over-title").inner_text()
        assert names[w] in title and names[(w + 2) % 4] in title
        assert names[(w + 1) % 4] not in title and names[(w + 3) % 4] not in title
        first = page.locator(".over-card ol.places li.team").first
        assert first.locator(".team-name").inner_text().startswith(TEAM_NAME[lang])
        assert sorted(int(x) for x in first.locator(".partners li").evaluate_all(
            "els => els.map(e => e.dataset.player)")) == sorted([w, (w + 2) % 4])
        page.screenshot(path=str(tmp_path / f"over-team-match-{lang}.png"))
        assert not page.errors
    finally:
        ctx.close()
