"""Mensch ärgere Dich nicht for three with the neutral colour (all_colours) in the browser, in English and
Russian at 1280x900 and on a 390x844 phone: the fourth colour is drawn grey (its A field, goal, B fields
and its four pieces), the legend and the players list name it, and a neutral piece is moved from the board like one's own.
Screenshots go to the test's tmp dir."""
import pytest

from roompage import open_hotseat, play_hotseat, seq, wait_after

pytestmark = pytest.mark.timeout(900)
GREY = "#9a9a9a"
NEUTRAL_ROW = {"en": "◆Grey — neutral: every player may move it", "ru": "◆Серый — нейтральный: им может ходить каждый игрок"}


def to_a_neutral_move(server, room):
    """Play the room on (first moves) until the player to move may move a neutral piece."""
    def choose(state):
        if state["turn"]["phase"] == "roll":
            return "roll"
        texts = [m["t"] for m in state["moves"]]
        if any("n" in t for t in texts):
            return None
        return texts[0]
    return play_hotseat(server, room["code"], room["token"], choose)


@pytest.mark.parametrize("device", ["1280", "390"])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_neutral_colour_is_grey_and_its_pieces_are_moved_from_the_board(browser, server, lang, device, tmp_path):
    room, ctx, page = open_hotseat(browser, server, lang, "desktop" if device == "1280" else "phone", "maedn", 3,
                                   options={"all_colours": True})
    try:
        assert page.locator(".room svg.board .piece").count() == 16          # three players' and the neutral four
        assert page.locator(f".room svg.board .piece .body[fill='{GREY}']").count() == 4
        neutral_row = page.locator(".players li.player.neutral")                # the players list names it too
        assert neutral_row.inner_text() == NEUTRAL_ROW[lang]
        page.screenshot(path=str(tmp_path / f"maedn-neutral-{lang}-{device}.png"))
        state = to_a_neutral_move(server, room)
        page.wait_for_function("s => Number(document.querySelector('.room').dataset.seq) >= s", arg=state["seq"])
        neutral = [m for m in state["moves"] if "n" in m["t"]][0]
        page.screenshot(path=str(tmp_path / f"maedn-neutral-{lang}-{device}-move.png"))
        button = page.locator(f".room button.move[data-move='{neutral['t']}']")
        assert ("neutral piece" if lang == "en" else "нейтральн") in button.inner_text()
        before = seq(page)
        button.click()
        wait_after(page, before)
        page.screenshot(path=str(tmp_path / f"maedn-neutral-{lang}-{device}-moved.png"))
        assert not page.errors
    finally:
        ctx.close()
