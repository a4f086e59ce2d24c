"""The board as players see it, in the browser (1280x900 and a 390x844 touch
phone, English and Russian): every game's board with its yards, nests, parks
and pens holding the pieces at home; a six lights the piece in the yard and
its start square; pieces walk their route square by square (not with reduced
motion); a picked piece shows its route and landing square; squares are
named for screen readers, Escape keeps the focus on the board; every seat's
marks have a contrast of at least 3:1; Kimbo's fence stage asks for a fence,
lights only that fence's legal slots, and gives a finger 44 px targets; the
sound toggle is remembered; the dice roll."""
import re
import urllib.request

import pytest

from test_e2e_web import ROOM, seq, wait_after

pytestmark = pytest.mark.timeout(3600)                # a bound on a hang, not a measure of speed
DESKTOP = {"viewport": {"width": 1280, "height": 900}}
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
SCREENS = [pytest.param(DESKTOP, "en", id="desktop-en"), pytest.param(PHONE, "ru", id="phone-ru")]
CYRILLIC = re.compile("[А-Яа-яЁё]")
STORES = {"ludo": "yard", "parchis": "home", "parcheesi": "nest", "shishbesh": "park", "mandavoshka": "swamp",
          "tryasuchka": "base"}
STORE_RU = {"yard": "двор", "home": "дом", "nest": "гнездо", "park": "парк", "swamp": "болото", "base": "база"}


def create(server, game, players, kind="local"):
    seats = [{"kind": kind, "name": f"P{i + 1}", **({"level": 1} if kind == "bot" else {})} for i in range(players)]
    return server.api("/api/rooms", {"game": game, "seats": seats, "public": False}, timeout=300)


def open_room(browser, server, game, players, screen, lang, kind="local", **extra):
    """A new page on a fresh room whose seats are all this browser's (hotseat); its errors list."""
    room = create(server, game, players, kind)
    ctx = browser.new_context(**screen, **extra)
    page = ctx.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "/")
    page.evaluate("([code, token, lang]) => { localStorage.setItem('pachisi.tokens', JSON.stringify({[code]: token}));"
                  " localStorage.setItem('pachisi.lang', JSON.stringify(lang)); }", [room["code"], room["token"], lang])
    page.goto(f"{server.url}/#/room/{room['code']}")
    page.reload()                                     # the language is read when the page loads
    page.wait_for_function("() => document.querySelector('.room') && document.querySelector('.room').dataset.status === 'playing'"
                           " && document.querySelector('.board .sq')")
    return ctx, page, errors, room["code"]


def roll_until_move(page, tries=80):
    """Roll (R) until this screen has a move on the board to make."""
    for _ in range(tries):
        if page.get_attribute(ROOM, "data-phase") == "move" and page.locator(".mark.src").count():
            return
        before = seq(page)
        page.locator("body").press("r" if page.get_attribute(ROOM, "data-phase") == "roll" else "1")
        wait_after(page, before)
    raise AssertionError("no move came")


def tap(page, selector, screen):
    """Pick the mark `selector` as the screen's player would: on a phone the first tap on the dense board
    zooms in around it (the zoom goes once a move is played), the next picks."""
    if screen is PHONE and not page.locator("svg.board.zoomed").count():
        page.locator(selector).first.tap()
    page.locator(selector).first.click()


def svg_texts(page):
    return page.eval_on_selector_all(".board text, .board title", "ts => ts.map(t => t.textContent).join(' ')")


def aria_labels(page):
    return page.eval_on_selector_all(".board [aria-label], .board-tools [aria-label]", "es => es.map(e => e.getAttribute('aria-label'))")


@pytest.mark.parametrize("screen,lang", SCREENS)
@pytest.mark.parametrize("game", ["ludo", "parchis", "parcheesi", "shishbesh", "mandavoshka", "tryasuchka", "kimbo"])
def test_each_board_is_drawn_as_players_know_it(browser, server, game, screen, lang):
    players = 2 if game == "kimbo" else 4
    ctx, page, errors, _ = open_room(browser, server, game, players, screen, lang)
    try:
        pieces = page.locator(".board .piece")
        assert pieces.count() == 4 * players                      # every piece is on the board, none in a tray
        assert page.locator(".trays .tray").count() == 0
        if game == "kimbo":
            assert page.locator(".overlay .pen").count() == 4
            # six fences a player; with two, the missing colours' fences close the east and west entrances
            assert page.locator(".walls line.wall:not(.fixed)").count() == 6 * players + 2
            assert page.locator(".region-centre .centre-star").count() == 1
        else:
            store = STORES[game]
            assert page.locator(f".board .sq.kind-store[data-store={store}]").count() == 4 * players
            at_home = page.eval_on_selector_all(".board .piece", "ps => ps.map(p => p.dataset.ref)")
            spots = set(page.eval_on_selector_all(f".board .sq.kind-store[data-store={store}]", "ss => ss.map(s => s.dataset.ref)"))
            assert set(at_home) == spots                           # the pieces at home stand on their spots
            if game in ("ludo", "parchis", "parcheesi"):
                assert page.locator(f".region-{store} .yard-outer").count() == 4
                assert page.locator(".region-centre .home-triangle").count() == 4
                assert page.locator(".board .sq.kind-house").count() == 4 * (5 if game == "ludo" else 7)
            else:
                names = page.eval_on_selector_all(".region-name", "ts => ts.map(t => t.textContent)")
                assert names == [store if lang == "en" else STORE_RU[store]] * players
                assert page.locator(".board .sq.kind-house").count() == 4 * players
                kinds = {"shishbesh": ("corner", "shelter"), "mandavoshka": ("corner", "shelter", "bur"),
                         "tryasuchka": ("teleport", "entrance")}[game]
                for kind in kinds:
                    assert page.locator(f".board .sq.kind-{kind}").count() >= 4, kind
        assert page.get_attribute("svg.board", "aria-label") == ("Board" if lang == "en" else "Доска")
        if lang == "en":                                          # no Russian in the English board (БУР, заборы)
            assert not CYRILLIC.search(svg_texts(page)), svg_texts(page)
            assert not any(CYRILLIC.search(a) for a in aria_labels(page))
        assert not errors
    finally:
        ctx.close()


@pytest.mark.parametrize("screen,lang", SCREENS)
def test_a_six_lights_the_piece_in_the_yard_and_it_walks_its_route(browser, server, screen, lang):
    ctx, page, errors, _ = open_room(browser, server, "ludo", 2, screen, lang)
    try:
        roll_until_move(page)                                     # all at home: only a 6 gives a move
        src = page.locator(".mark.src").first
        ref = src.get_attribute("data-ref")
        assert page.locator(f'.sq.kind-store[data-ref="{ref}"]').count() == 1       # the piece in the yard
        label = src.get_attribute("aria-label")
        assert ("yard" if lang == "en" else "двор") in label and not re.search(r"\d+:\d+", label)
        if screen is DESKTOP:                                     # hovering shows where it would go
            src.hover()
            assert page.locator(".routes .landing").count() == 1
        else:                                                     # a first tap on the dense board zooms in
            src.tap()
            assert page.locator("svg.board.zoomed").count() == 1 and page.locator(".mark.dst").count() == 0
        src.click() if screen is DESKTOP else src.tap()
        dst = page.locator(".mark.dst")
        assert dst.count() == 1
        start = dst.get_attribute("data-ref")
        assert page.locator(f'.sq.kind-start[data-ref="{start}"]').count() == 1     # ... and its start square
        assert page.locator(f'.routes .landing[data-ref="{start}"]').count() == 1
        assert ("start" if lang == "en" else "старт") in dst.get_attribute("aria-label")
        mover = page.locator(f'.piece[data-ref="{ref}"]')
        key = (mover.get_attribute("data-player"), mover.get_attribute("data-piece"))
        before = seq(page)
        dst.click()
        wait_after(page, before)
        piece = page.locator(f'.piece[data-player="{key[0]}"][data-piece="{key[1]}"]')
        assert piece.get_attribute("data-ref") == start
        # the same player rolls again after a six: move the piece on and watch it walk
        for _ in range(20):
            roll_until_move(page)
            moves = page.eval_on_selector_all(".mark.src", "ms => ms.map(m => m.dataset.ref)")
            if start in moves and page.get_attribute(ROOM, "data-turn") == key[0]:
                break
            before = seq(page)
            tap(page, ".mark.src", screen)
            page.locator(".mark.dst").first.click()
            wait_after(page, before)
        else:
            pytest.skip("the dice never moved the piece on")
        tap(page, f'.mark.src[data-ref="{start}"]', screen)
        target = page.locator(".mark.dst").first.get_attribute("data-ref")
        before = seq(page)
        page.locator(".mark.dst").first.click()
        wait_after(page, before)
        walk = piece.get_attribute("data-walk").split()
        assert walk[0] == start and walk[-1] == target and len(walk) >= 2
        for a, b in zip(walk, walk[1:]):                         # square by square: each step to a neighbour
            (r1, c1), (r2, c2) = (map(int, x.split(",")) for x in (a, b))
            assert max(abs(r1 - r2), abs(c1 - c2)) == 1, walk
        assert not errors
    finally:
        ctx.close()


def test_no_walk_with_reduced_motion(browser, server):
    ctx, page, errors, _ = open_room(browser, server, "shishbesh", 2, DESKTOP, "en", reduced_motion="reduce")
    try:
        for _ in range(6):
            roll_until_move(page)
            before = seq(page)
            page.locator(".mark.src").first.click()
            page.locator(".mark.dst").first.click()
            wait_after(page, before)
        assert page.locator(".piece[data-walk]").count() == 0
        assert page.locator(".piece.moving").count() == 0
        assert not errors
    finally:
        ctx.close()


@pytest.mark.parametrize("screen,lang", SCREENS)
def test_escape_keeps_the_focus_on_the_board_and_squares_are_named(browser, server, screen, lang):
    ctx, page, errors, _ = open_room(browser, server, "shishbesh", 2, screen, lang)
    try:
        roll_until_move(page)
        page.locator("body").press("b")
        page.wait_for_function("() => document.activeElement.matches('.mark.src')")
        picked = page.evaluate("() => document.activeElement.dataset.ref")
        page.keyboard.press("Enter")
        page.wait_for_function("() => document.activeElement.matches('.mark.dst')")
        label = page.evaluate("() => document.activeElement.getAttribute('aria-label')")
        assert re.search(r"square \d+|клетка \d+|start|старт", label) and not re.search(r"\d+:\d+", label), label
        page.keyboard.press("Escape")
        assert page.evaluate("() => document.activeElement.closest('svg.board') !== null")
        assert page.evaluate("() => document.activeElement.dataset.ref") == picked
        assert page.locator(".mark.dst").count() == 0
        page.keyboard.press("Escape")                            # and again: still on the board
        assert page.evaluate("() => document.activeElement.closest('svg.board') !== null")
        page.locator("body").press("b")                          # a move made with the keys: the focus stays
        page.keyboard.press("Enter")
        before = seq(page)
        page.keyboard.press("Enter")
        if page.locator(".chooser:not([hidden])").count():
            page.keyboard.press("Enter")
        wait_after(page, before)
        assert page.evaluate("() => document.activeElement.closest('svg.board') !== null")
        assert not errors
    finally:
        ctx.close()


CONTRAST = """([fg, bg]) => {
  const rgb = (c) => { const x = document.createElement('canvas').getContext('2d'); x.fillStyle = c; const h = x.fillStyle;
    return [1, 3, 5].map(i => parseInt(h.slice(i, i + 2), 16) / 255); };
  const lum = (c) => { const [r, g, b] = rgb(c).map(v => v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05);
}"""
# a tint (the colour at `opacity`) over the board's paper, as the browser composes it
BLEND = """([c, o, paper]) => { const x = document.createElement('canvas').getContext('2d');
  x.fillStyle = paper; x.fillRect(0, 0, 1, 1); x.globalAlpha = o; x.fillStyle = c; x.fillRect(0, 0, 1, 1);
  const d = x.getImageData(0, 0, 1, 1).data; return '#' + [d[0], d[1], d[2]].map(v => v.toString(16).padStart(2, '0')).join(''); }"""


def contrast(page, fg, bg):
    return page.evaluate(CONTRAST, [fg, bg])


# The stylesheets a page links that are not applied (not loaded, or failed: a sheet whose rules cannot be read).
UNSTYLED = """() => [...document.querySelectorAll('link[rel=stylesheet]')].filter((l) => {
  try { return !(l.sheet && l.sheet.cssRules.length); } catch (e) { return true; } }).map((l) => l.getAttribute('href'))"""
# Every colour the test measures, read in one go (one moment of one page): the board's paper, each
# seat mark with the tint under it, each fence's casing, the players' symbols.
COLOURS = """() => {
  const css = (e, p) => getComputedStyle(e)[p];
  return {
    paper: css(document.querySelector('.board-bg'), 'fill'),
    marks: [...document.querySelectorAll('.sq .owner-mark')].map((m) => { const t = m.parentNode.querySelector('.tint');
      return [css(m, 'fill'), css(t, 'fill'), Number(css(t, 'opacity'))]; }),
    cases: [...document.querySelectorAll('.walls .wall-case')].map((w) => css(w, 'stroke')),
    symbols: [...document.querySelectorAll('.players .sym')].map((x) => [css(x, 'color'), css(x, 'backgroundColor')]),
  };
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("game", ["ludo", "kimbo"])
def test_every_seat_mark_has_a_contrast_of_three(browser, server, game, scheme, request):
    """Measured on the styled page only: the board is drawn once the page's stylesheets have arrived, but
    one that failed to load leaves the board unstyled, its paper the browser's default black, and a
    fence's dark casing then reads 2.7:1 (the PostgreSQL run's rgb(138, 60, 0), 7.2:1 on the real paper).
    In dark mode too: the board keeps its own paper, the symbols in the lists sit on a chip of it."""
    if request.node.callspec.params.get("module_database") == "postgresql":
        pytest.skip("colours do not depend on the database: measured once, on SQLite")
    ctx, page, errors, _ = open_room(browser, server, game, 4 if game == "ludo" else 2, DESKTOP, "en",
                                     color_scheme=scheme)
    try:
        unstyled = page.evaluate(UNSTYLED)
        assert not unstyled, f"{unstyled} did not load: the page's colours cannot be measured"
        seen = page.evaluate(COLOURS)
        paper = seen["paper"]
        assert paper == "rgb(251, 247, 238)", paper                # board.css's paper, not an unstyled default
        if game == "ludo":
            assert len(seen["marks"]) >= 16
            for fill, tint, opacity in seen["marks"]:
                under = page.evaluate(BLEND, [tint, opacity, "#fffdf8"])
                assert contrast(page, fill, under) >= 3, (fill, under)
                assert contrast(page, fill, "#ffffff") >= 3, fill
        else:
            assert len(seen["cases"]) == 14
            for stroke in seen["cases"]:
                assert contrast(page, stroke, paper) >= 3, (stroke, paper)
        assert seen["symbols"]
        assert page.get_attribute("html", "data-theme") == scheme
        for colour, chip in seen["symbols"]:                      # the seat symbols in the players' list
            under = "#ffffff" if chip in ("rgba(0, 0, 0, 0)", "transparent") else chip
            assert scheme == "light" or under != "#ffffff", "in dark mode a symbol sits on its chip"
            assert contrast(page, colour, under) >= 3, (colour, under)
        assert not errors
    finally:
        ctx.close()


def to_fence_stage(page):
    for _ in range(40):
        if page.get_attribute(ROOM, "data-phase") == "move" and page.locator(".mark.wallmark.src").count():
            return
        before = seq(page)
        page.locator("body").press("r" if page.get_attribute(ROOM, "data-phase") == "roll" else "1")
        wait_after(page, before)
    raise AssertionError("no fence stage came")


def legal_slots(server, code, src):
    """The slots the fence at `src` may move to, as the rules engine says (from the room's record)."""
    from pachisi import record as records
    from pachisi.web.boardjson import moves_json
    with urllib.request.urlopen(f"{server.url}/api/rooms/{code}/record", timeout=60) as r:
        text = r.read().decode()
    games, _ = records.load_match(text)
    _, _, final = games[-1]
    return {m["to"] for m in moves_json(final.game, final) if m["f"] == src}


@pytest.mark.parametrize("screen,lang", SCREENS)
def test_kimbo_fence_stage_asks_for_a_fence_and_lights_its_slots_only(browser, server, screen, lang):
    ctx, page, errors, code = open_room(browser, server, "kimbo", 2, screen, lang)
    try:
        to_fence_stage(page)
        status = page.inner_text(".status")
        assert ("pick a fence" if lang == "en" else "выберите забор") in status
        assert ("piece" if lang == "en" else "фишку") not in status
        keep = page.locator(".board-actions button.action")
        assert keep.inner_text() == ("keep the fences" if lang == "en" else "оставить заборы")
        fence = page.locator(".mark.wallmark.src").first
        src = fence.get_attribute("data-ref")
        if screen is PHONE:
            box = page.locator("svg.board").bounding_box()
            whole = page.get_attribute("svg.board", "viewBox")
            fence.tap()                                          # a first tap zooms in around the fence
            assert page.get_attribute("svg.board", "viewBox") != whole
            assert page.locator(".zoom-out").is_visible()
            fence = page.locator(f'.mark.wallmark.src[data-ref="{src}"]')
            fence.tap()
        else:
            fence.click()
        shown = set(page.eval_on_selector_all(".mark.wallmark.dst", "ms => ms.map(m => m.dataset.ref)"))
        assert shown == legal_slots(server, code, src)
        if screen is PHONE:                                      # every target in sight is a finger wide
            box = page.locator("svg.board").bounding_box()
            sizes = page.eval_on_selector_all(".mark.wallmark", """(ms, b) => ms.map(m => m.getBoundingClientRect())
                .filter(r => r.left >= b.x && r.right <= b.x + b.width && r.top >= b.y && r.bottom <= b.y + b.height)
                .map(r => [r.width, r.height])""", box)
            assert len(sizes) >= 4
            assert all(w >= 44 and h >= 44 for w, h in sizes), sizes
            page.locator(".zoom-out").tap()
            assert page.locator(".zoom-out").is_hidden()
        assert not errors
    finally:
        ctx.close()


def test_the_sound_toggle_is_off_by_default_and_remembered(browser, server):
    ctx, page, errors, _ = open_room(browser, server, "ludo", 2, DESKTOP, "ru")
    try:
        toggle = page.locator(".sound-toggle")
        assert toggle.get_attribute("aria-pressed") == "false"
        assert toggle.get_attribute("aria-label") == "Звук"
        toggle.click()
        assert toggle.get_attribute("aria-pressed") == "true"
        assert page.evaluate("() => localStorage.getItem('pachisi.sound')") == "on"
        page.reload()
        page.wait_for_selector(".sound-toggle")
        assert page.get_attribute(".sound-toggle", "aria-pressed") == "true"
        assert not errors
    finally:
        ctx.close()


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_the_dice_roll_and_show_their_pips(browser, server, motion):
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, reduced_motion=motion)
    try:
        page = ctx.new_page()
        page.goto(server.url + "/")
        page.wait_for_selector("#create")
        out = page.evaluate("""async () => {
            const { rollDice } = await import('/static/js/anim.js');
            const el = document.createElement('div'); document.body.append(el);
            const p = rollDice(el, [3, 5, 20]);
            const tumbling = el.classList.contains('rolling');
            await p;
            return [tumbling, el.classList.contains('rolling'), el.querySelectorAll('svg.die').length,
                    el.querySelectorAll('.pip').length, el.querySelector('.die-number').textContent,
                    [...el.querySelectorAll('svg.die')].map(d => d.getAttribute('aria-label'))];
        }""")
        assert out[0] == (motion == "no-preference") and out[1] is False
        assert out[2:5] == [3, 8, "20"]
        assert out[5][0] == "die showing 3"
    finally:
        ctx.close()


STILL = """async () => {
    const { Board } = await import('/static/js/board.js');
    const host = document.createElement('div'); document.body.append(host);
    const board = new Board(host, { toolbar: false });
    const track = [1, 2, 3, 4, 5].map(c => [0, c, 'track', null, '', c]);
    board.setup({ rows: 1, cols: 7, coords: '', regions: [],
                  squares: [[0, 0, 'store', 0, 'yard', null], ...track, [0, 6, 'store', 1, 'yard', null]],
                  paths: { 0: ['0,1', '0,2', '0,3', '0,4', '0,5'], 1: ['0,5', '0,4', '0,3', '0,2', '0,1'] } },
                ['red', 'green', 'yellow', 'blue']);
    const players = [{ player: 0, seat: 0, colour: 'red' }, { player: 1, seat: 1, colour: 'green' }];
    board.update({ pieces: [[0, 1, 0, 0, 0], [0, 4, 1, 0, 0]], off: {}, walls: [] }, players);
    const first = [...host.querySelectorAll('.piece[data-walk]')].length;
    // red a walks 1 -> 4 along the route the server gives, and takes green a, which slides back to its yard
    board.update({ pieces: [[0, 4, 0, 0, 0], [0, 6, 1, 0, 0]], off: {}, walls: [] }, players,
                 { k: 'move', v: '3a', route: ['0,1', '0,2', '0,3', '0,4'] });
    const walk = (p) => host.querySelector(`.piece[data-player="${p}"]`).dataset.walk;
    const red = walk(0), green = walk(1);
    // a move without a route (a jump) goes straight
    board.update({ pieces: [[0, 1, 0, 0, 0], [0, 6, 1, 0, 0]], off: {}, walls: [] }, players, { k: 'move', v: '3a<' });
    const jump = walk(0);
    // a still picture: a move drawn with its route and landing square
    board.preview({ t: '3a', p: 0, f: '0,1', to: '0,4' });
    const straight = host.querySelector('.routes polyline').getAttribute('points');
    board.preview({ t: '3a', p: 0, f: '0,1', to: '0,4', r: ['0,1', '0,2', '0,3', '0,4'] });
    return { first, red, green, jump, straight,
             route: host.querySelector('.routes polyline').getAttribute('points'),
             landing: host.querySelector('.routes .landing').dataset.ref, tools: host.querySelectorAll('.sound-toggle').length,
             label: host.querySelector('.piece[data-player="0"]').getAttribute('aria-label') };
}"""


def test_pieces_walk_their_route_and_captured_ones_slide_home(browser, server):
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = ctx.new_page()
        page.goto(server.url + "/")
        page.wait_for_selector("#create")
        out = page.evaluate(STILL)
        assert out["first"] == 0                                  # nothing walks onto a fresh board
        assert out["red"] == "0,1 0,2 0,3 0,4"                    # square by square along the route given
        assert out["green"] == "0,4 0,6"                          # straight back home
        assert out["jump"] == "0,4 0,1"                           # no route: straight
        assert out["straight"] == "60,20 180,20"                  # a preview without a route: straight
        assert out["route"] == "60,20 100,20 140,20 180,20" and out["landing"] == "0,4"
        assert out["tools"] == 0
        assert out["label"] == "Red a, square 1"                   # back on 1 after the jump
    finally:
        ctx.close()


def test_kimbo_pawns_walk_their_runs_in_a_game(browser, server):
    """Each pawn move of a game walks one square a point, from where it stood to where the server put it."""
    ctx, page, errors, _ = open_room(browser, server, "kimbo", 2, DESKTOP, "en")
    run = re.compile(r"^([a-d])(\d+)(?:\+(\d+))?[nesw][LR]*$")
    checked = 0
    try:
        for _ in range(150):
            if checked >= 10:
                break
            phase = page.get_attribute(ROOM, "data-phase")
            before = seq(page)
            if phase == "roll":
                page.locator("body").press("r")
            elif page.locator(".board-actions button.action").count():
                page.locator(".board-actions button.action").click()          # keep the fences
            else:
                text = page.locator(".movelist button.move").first.get_attribute("data-move")
                m = run.match(text)
                player = page.get_attribute(ROOM, "data-turn")
                pawn = page.locator(f'.piece[data-player="{player}"][data-piece="{"abcd".index(text[0])}"]')
                start = pawn.get_attribute("data-ref") if pawn.count() else None
                page.locator("body").press("1")
                wait_after(page, before)
                end = pawn.get_attribute("data-ref") if pawn.count() else None
                if m and start and end and end != start:
                    walk = pawn.get_attribute("data-walk").split()
                    # into the centre: on through its square beside the entrance to the pawn's spot there
                    inside = [i for i, ref in enumerate(walk) if all(6 <= int(x) <= 8 for x in ref.split(","))]
                    steps = walk[:inside[0] + 1] if inside else walk
                    assert walk[0] == start and walk[-1] == end, (text, walk)
                    assert len(steps) == int(m.group(2)) + int(m.group(3) or 0) + 1, (text, walk)
                    for a, b in zip(steps, steps[1:]):
                        (r1, c1), (r2, c2) = (map(int, x.split(",")) for x in (a, b))
                        assert abs(r1 - r2) + abs(c1 - c2) == 1, (text, walk)
                    checked += 1
                continue
            wait_after(page, before)
        assert checked >= 5
        assert not errors
    finally:
        ctx.close()


@pytest.mark.parametrize("screen,lang", SCREENS)
def test_the_board_has_no_serious_accessibility_violations(browser, server, screen, lang):
    """axe-core on the board with its pieces lit (Ludo) and with a fence picked (Kimbo)."""
    from axe_playwright_python.sync_playwright import Axe
    for game in ("ludo", "kimbo"):
        ctx, page, errors, _ = open_room(browser, server, game, 2, screen, lang)
        try:
            if game == "ludo":
                roll_until_move(page)
                page.locator(".mark.src").first.click()
            else:
                to_fence_stage(page)
                page.locator(".mark.wallmark.src").first.click()
                if page.locator(".zoom-out").is_visible():
                    page.locator(".mark.wallmark.src").first.click()
            result = Axe().run(page, context={"include": [[".board-host"], [".board-actions"]]})
            bad = [(v["id"], v["impact"], v["nodes"][0]["target"]) for v in result.response["violations"]
                   if v["impact"] in ("serious", "critical")]
            assert not bad, (game, bad)
            assert not errors
        finally:
            ctx.close()


PLURALS = """async () => {
    const i18n = await import('/static/js/i18n.js');
    const out = {};
    for (const lang of ['ru', 'en']) {
        i18n.setLang(lang);
        out[lang] = [1, 2, 5, 11, 21, 22, 25].map(n => i18n.t('room.away.rolls', { n }));
        out[lang + '-void'] = [3, 4, 5].map(n => i18n.t('ev.burned.void', { n, what: '6' }));
    }
    return out;
}"""


def test_the_browser_says_a_count_in_the_form_its_language_gives_it(browser, server):
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = ctx.new_page()
        page.goto(server.url + "/")
        page.wait_for_selector("#create")
        out = page.evaluate(PLURALS)
        assert out["ru"] == ["1 бросок", "2 броска", "5 бросков", "11 бросков", "21 бросок", "22 броска", "25 бросков"]
        assert out["en"] == ["1 roll", "2 rolls", "5 rolls", "11 rolls", "21 rolls", "22 rolls", "25 rolls"]
        assert [x.split(" подряд")[0] for x in out["ru-void"]] == ["6 3 раза", "6 4 раза", "6 5 раз"]
    finally:
        ctx.close()
