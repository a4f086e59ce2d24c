"""Every game's room on a 390x844 touch phone, in English and Russian: everything a finger taps is at least
44x44 px, measured from the bounding boxes — the buttons, menus, fields and links of the page, the settings'
checkboxes (their whole row), Roll and the moves, and the board's squares, pieces and fences (a first tap on
a dense board zooms in around it, and a piece picked there keeps where it may go in view); a stack's letters
are drawn larger; the room opens at its board."""
import json

import pytest

from roompage import ROOM, seq, wait_after

pytestmark = pytest.mark.timeout(900)
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
GAMES = ("ludo", "parchis", "parcheesi", "shishbesh", "mandavoshka", "tryasuchka", "kimbo", "pachisi")
SEATS = {"pachisi": 4}                          # a game of four seats: two people, two colours each
MIN = 44 - 0.5          # px (sub-pixel rounding of rem sizes)

# the page's controls (links in running text aside: a sentence's link is as tall as its line)
CONTROLS = """() => [...document.querySelectorAll(
    'button, select, input:not([type=checkbox]), summary, a.button, header a, .settings-body label.set, .tray')]
  .filter((el) => { const r = el.getBoundingClientRect(), st = getComputedStyle(el);
                    return r.width > 0 && r.height > 0 && st.visibility !== 'hidden' && !el.closest('[hidden]'); })
  .map((el) => { const r = el.getBoundingClientRect();
                 return { what: el.tagName.toLowerCase() + '.' + [...el.classList].join('.') + ' ' + (el.textContent || '').trim().slice(0, 30),
                          w: r.width, h: r.height }; })"""

# the board's marks that lie in the board's visible part
MARKS = """(sel) => { const svg = document.querySelector('.room svg.board'), b = svg.getBoundingClientRect();
  return [...svg.querySelectorAll(sel)].map((el) => el.getBoundingClientRect())
    .filter((r) => r.x >= b.x - 1 && r.y >= b.y - 1 && r.right <= b.right + 1 && r.bottom <= b.bottom + 1)
    .map((r) => ({ w: r.width, h: r.height })); }"""


def small(found):
    return [x for x in found if x["w"] < MIN or x["h"] < MIN]


def open_hotseat(browser, server, game, lang):
    names = ("Ann", "Bob") * (SEATS.get(game, 2) // 2)
    room = server.api("/api/rooms", {"game": game, "seats": [{"kind": "local", "name": n} for n in names]})
    ctx = browser.new_context(**PHONE)
    ctx.add_init_script(f"localStorage.setItem('pachisi.lang', JSON.stringify({json.dumps(lang)}));"
                        f"localStorage.setItem('pachisi.tokens', JSON.stringify({json.dumps({room['code']: room['token']})}));")
    page = ctx.new_page()
    page.goto(f"{server.url}/#/room/{room['code']}")
    page.wait_for_selector(".room[data-seq] .board .sq")
    for _ in range(100):                         # roll until a roll leaves a move (every seat is this screen's)
        if page.get_attribute(ROOM, "data-phase") == "move":
            break
        before = seq(page)
        page.tap("button.roll")
        wait_after(page, before)
    assert page.get_attribute(ROOM, "data-phase") == "move"
    return ctx, page


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("game", GAMES)
def test_everything_tappable_in_a_room_on_a_phone_is_at_least_44_px(browser, server, game, lang):
    ctx, page = open_hotseat(browser, server, game, lang)
    try:
        page.tap(".settings summary")
        controls = page.evaluate(CONTROLS)
        assert len(controls) > 10 and not small(controls), small(controls)
        page.tap(".settings summary")
        assert page.evaluate(MARKS, ".mark.src"), "nothing to pick on the board"
        # the first tap on a dense board zooms in around it: then its squares, pieces and fences are a finger's size
        page.locator(".room svg.board .mark.src").first.tap()
        marks = page.evaluate(MARKS, ".mark.src")
        assert marks and not small(marks), small(marks)
        page.locator(".room svg.board .mark.src").first.tap()          # a piece picked: where it may go
        targets = page.evaluate(MARKS, ".mark.dst")
        assert targets and not small(targets), small(targets)
        # a stack's letters stay readable: drawn larger than a lone piece's
        assert page.evaluate("""() => { const el = document.createElementNS('http://www.w3.org/2000/svg', 'g');
            el.setAttribute('class', 'piece stacked'); const tx = document.createElementNS('http://www.w3.org/2000/svg', 'text');
            tx.setAttribute('class', 'letter'); el.append(tx); document.querySelector('.room svg.board').append(el);
            const size = parseFloat(getComputedStyle(tx).fontSize); el.remove(); return size; }""") >= 19
    finally:
        ctx.close()
