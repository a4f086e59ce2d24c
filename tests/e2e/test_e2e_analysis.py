"""The analysis in the browser, in English and Russian, on a 1280x900 screen and a 390x844 phone: the
game-over card shows each player's error rate, luck and dice against fair dice once the server has made the
analysis, with the provably-fair line and a button to the analysis; the replay shows the win-probability
graph, the marks on the moves and the best move beside a marked one; the lobby says the dice are provably
fair; a hint at a bot game draws level 6's move on the board.  Screenshots go to $PACHISI_SHOTS if set."""
import os
from pathlib import Path

import pytest

from roompage import new_page, play_hotseat

pytestmark = pytest.mark.timeout(900)

EVERY = [("en", "desktop"), ("en", "phone"), ("ru", "desktop"), ("ru", "phone")]


def shot(page, name):
    folder = os.environ.get("PACHISI_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"))


def first_action(state):
    return "roll" if state["turn"]["phase"] == "roll" else state["moves"][0]["t"]


def last_action(state):
    """The last legal move (a roll when rolling): far from the best often enough to make marked moves."""
    return "roll" if state["turn"]["phase"] == "roll" else state["moves"][-1]["t"]


@pytest.mark.parametrize("lang,screen", EVERY)
def test_the_game_over_card_and_the_replay_show_the_analysis(browser, server, lang, screen):
    room = server.api("/api/rooms", {"game": "ludo", "seats": [{"kind": "local", "name": "Ann"},
                                                                {"kind": "local", "name": "Bob"}]})
    code = room["code"]
    ctx, page = new_page(browser, lang, screen, {"pachisi.tokens": {code: room["token"]}})
    try:
        page.goto(f"{server.url}/#/room/{code}")
        page.wait_for_selector(".board .sq")
        play_hotseat(server, code, room["token"], last_action)
        card = page.wait_for_selector(".over-dialog:not([hidden]) .over-card")
        page.wait_for_selector(".analysis-figures tbody tr")
        rates = page.locator(".analysis-figures td.error-rate").all_inner_texts()
        assert len(rates) == 2 and all(r.endswith("%") for r in rates)
        assert page.locator(".dice-table tbody tr").count() == 2
        overflow = page.evaluate("() => [...document.querySelectorAll('.over-card .figures-wrap')].map((e) => "
                                 "e.scrollWidth - e.clientWidth)")
        assert len(overflow) == 3 and max(overflow) <= 0        # every table fits the card: no sideways scroll
        assert page.locator(".over-card .fair-line a").get_attribute("href") == f"#/verify/{code}"
        words = card.inner_text()
        assert ("Error rate" if lang == "en" else "Доля ошибок") in words
        assert ("no proof of loaded dice" if lang == "en" else "ничего не доказывает") in words
        shot(page, f"over-{lang}-{screen}")
        page.locator(".over-card .to-analysis").click()
        page.wait_for_selector(".equity-graph polyline.eq-line")
        assert page.locator(".equity-graph polyline.eq-line").count() == 2
        marked = page.locator(".replay-moves button.step[data-mark]")
        marked.first.wait_for()
        assert page.locator(".replay-moves button.step[data-mark='??']").count() >= 1
        page.locator(".replay-moves button.step[data-mark='??']").first.click()
        best = page.wait_for_selector(".best-move .mark")
        assert best.inner_text().startswith("??") and ("best:" if lang == "en" else "лучше:") in best.inner_text()
        page.locator(".best-move .show-best").click()
        page.wait_for_selector(".routes .landing")
        shot(page, f"replay-{lang}-{screen}")
        assert not page.errors, page.errors
    finally:
        ctx.close()


@pytest.mark.parametrize("lang,screen", [("en", "desktop"), ("ru", "phone")])
def test_the_lobby_says_the_dice_are_provably_fair(browser, server, lang, screen):
    ctx, page = new_page(browser, lang, screen)
    try:
        page.goto(f"{server.url}/#/")
        link = page.wait_for_selector(".fair-line a")
        assert link.get_attribute("href") == "#/verify"
        assert ("provably fair" if lang == "en" else "доказуемо честные") in page.locator(".fair-line").inner_text()
        shot(page, f"lobby-{lang}-{screen}")
    finally:
        ctx.close()


@pytest.mark.parametrize("lang,screen", [("en", "desktop"), ("ru", "phone")])
def test_a_hint_draws_level_6s_move_in_a_bot_game(browser, server, lang, screen):
    room = server.api("/api/rooms", {"game": "ludo", "seats": [{"kind": "local", "name": "Ann"},
                                                                {"kind": "bot", "level": 3}]})
    code = room["code"]
    ctx, page = new_page(browser, lang, screen, {"pachisi.tokens": {code: room["token"]}})
    try:
        page.goto(f"{server.url}/#/room/{code}")
        page.wait_for_selector(".board .sq")
        # Ann plays (over the room's WebSocket, the bot plays for itself) until she has a move to choose
        def until_a_choice(state):
            if state["turn"]["phase"] == "move" and len(state["moves"]) > 1:
                return None
            return first_action(state)
        play_hotseat(server, code, room["token"], until_a_choice)
        page.wait_for_selector("button.hint:not([hidden]):not([disabled])")
        page.locator("button.hint").click()
        page.wait_for_function("(w) => document.querySelector('.last').textContent.startsWith(w)",
                               arg="Hint" if lang == "en" else "Подсказка")
        page.wait_for_selector(".routes .landing")
        shot(page, f"hint-{lang}-{screen}")
        assert not page.errors, page.errors
    finally:
        ctx.close()


@pytest.mark.parametrize("game_name,lang,screen", [("ludo", "en", "desktop"), ("ludo", "ru", "phone"),
                                                   ("kimbo", "en", "desktop"), ("kimbo", "ru", "phone")])
def test_a_pasted_record_is_replayed_with_its_analysis(browser, server, game_name, lang, screen):
    """Kimbo's too, fence moves and all: its best move is shown on the board like any other."""
    from pachisi import make_game, record as records
    from pachisi.bots import bot_for_level
    game = make_game(game_name, 2)
    state = game.new_state(seed=8)
    start = state.clone()
    bots = [bot_for_level(4, 0), bot_for_level(1, 1)]           # a random mover: marked moves to show
    while not state.is_over:
        state.roll() if state.is_chance else state.push(bots[state.current_player].choose(state))
    text = records.write(state, records.headers_for(state, ["level4", "level1"]), start=start)
    ctx, page = new_page(browser, lang, screen)
    try:
        page.goto(f"{server.url}/#/replay")
        page.fill("#record", text)
        page.click("#load")
        page.wait_for_selector(".equity-graph polyline.eq-line")
        marked = page.locator(".replay-moves button.step[data-mark]")
        marked.first.wait_for()
        marked.last.click()
        page.locator(".best-move .show-best").click()
        page.wait_for_selector(".best-shown")
        shot(page, f"pasted-{game_name}-{lang}-{screen}")
        assert not page.errors, page.errors
    finally:
        ctx.close()
