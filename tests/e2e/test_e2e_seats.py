"""The boards of more than four seats in the browser (Ludo for 6, Parchís for 6 and 8, Parqués for 6), in English and
Russian: at 1280x900 the board shows as it is printed, a star of arms round a hexagon or an octagon with the yards
between the arms; on a 390x844 touch phone, after the first tap zooms in, every square and piece
a finger taps is at least 44 px, and a picked piece's target is in view even when its yard lies far
from its exit.  Screenshots go to the test's tmp dir."""
import json

import pytest

from roompage import ROOM, seq, wait_after
from test_e2e_touch import MARKS, PHONE, small

pytestmark = pytest.mark.timeout(900)
DESKTOP = {"viewport": {"width": 1280, "height": 900}}
BOARDS = [("ludo", 6), ("parchis", 6), ("parchis", 8), ("parques", 6)]
# the drawing of a star: its outline, a yard and a triangle of the centre per seat, squares turned along the arms
STAR = """() => { const svg = document.querySelector('.room svg.board');
  const turned = [...svg.querySelectorAll('.sq')].filter((g) => /rotate\(/.test(g.getAttribute('transform')));
  const box = (el) => el.getBoundingClientRect();
  const yards = [...svg.querySelectorAll('.yard-outer')].map(box), pieces = [...svg.querySelectorAll('.piece')].map(box);
  return { outline: svg.querySelectorAll('polygon.board-bg').length, yards: yards.length, turned: turned.length,
           triangles: svg.querySelectorAll('.region-centre .home-triangle').length,
           piecesInYards: pieces.filter((p) => yards.some((y) => p.x >= y.x && p.right <= y.right
                                                                 && p.y >= y.y && p.bottom <= y.bottom)).length }; }"""


def open_room(browser, server, game, seats, lang, device):
    room = server.api("/api/rooms", {"game": game, "options": {"seats": seats},
                                     "seats": [{"kind": "local", "name": f"P{i}"} for i in range(seats)]})
    ctx = browser.new_context(**device)
    ctx.add_init_script(f"localStorage.setItem('pachisi.lang', JSON.stringify({json.dumps(lang)}));"
                        f"localStorage.setItem('pachisi.tokens', JSON.stringify({json.dumps({room['code']: room['token']})}));")
    page = ctx.new_page()
    page.goto(f"{server.url}/#/room/{room['code']}")
    page.wait_for_selector(".room[data-seq] .board .sq")
    for _ in range(200):                         # roll until a roll leaves a move
        if page.get_attribute(ROOM, "data-phase") == "move":
            break
        before = seq(page)
        page.locator("button.roll").click()
        wait_after(page, before)
    assert page.get_attribute(ROOM, "data-phase") == "move"
    return ctx, page


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("game,seats", BOARDS)
def test_a_large_board_shows_at_1280(browser, server, game, seats, lang, tmp_path):
    ctx, page = open_room(browser, server, game, seats, lang, DESKTOP)
    try:
        page.screenshot(path=str(tmp_path / f"{game}{seats}-{lang}-1280.png"))
        board = page.locator(".room svg.board").bounding_box()
        assert board["width"] > 600 and board["x"] + board["width"] <= 1280
        assert page.locator(".room svg.board .piece").count() == 4 * seats      # every seat's pieces, in its yard
        drawn = page.evaluate(STAR)
        assert drawn["outline"] == 1 and drawn["yards"] == seats and drawn["triangles"] == seats, drawn
        assert drawn["turned"] > 0 and drawn["piecesInYards"] == 4 * seats, drawn
    finally:
        ctx.close()


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("game,seats", BOARDS)
def test_a_large_board_is_tappable_on_a_phone(browser, server, game, seats, lang, tmp_path):
    ctx, page = open_room(browser, server, game, seats, lang, PHONE)
    try:
        page.screenshot(path=str(tmp_path / f"{game}{seats}-{lang}-390.png"))
        page.locator(".room svg.board .mark.src").first.tap()       # the first tap zooms in around it
        page.screenshot(path=str(tmp_path / f"{game}{seats}-{lang}-390-tapped.png"))
        marks = page.evaluate(MARKS, ".mark.src")
        assert marks and not small(marks), small(marks)
        page.locator(".room svg.board .mark.src").first.tap()       # a piece picked: where it may go
        targets = page.evaluate(MARKS, ".mark.dst")
        assert targets and not small(targets), small(targets)
        page.screenshot(path=str(tmp_path / f"{game}{seats}-{lang}-390-zoomed.png"))
    finally:
        ctx.close()
