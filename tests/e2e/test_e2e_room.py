"""The room page as players use it, in Chromium, in English and Russian, on a
1280x900 screen and a 390x844 touch phone: the game told in plain words, the
game-over screen (places, figures, the seed checked in the browser, rematch,
replay), turn alerts, remembered options, the stand-in countdown, double
clicks, a bad room code, a lost connection, translated labels, keys on a
Russian layout, verifying an unfinished game, a board that does not jump, one
announcement a change, and "while you were away"."""
import json
import re
import urllib.request

import pytest
from websockets.sync.client import connect

from pachisi import make_game
from pachisi.engine.kernel import Event, Move
from pachisi.engine.story import Teller
from pachisi.render.terminal import story_sentence
from pachisi.web.testing import LiveServer
from roompage import ROOM, my_turn, new_page, seq, wait_after

pytestmark = pytest.mark.timeout(3600)                # a bound on a hang, not a measure of speed
BOTH = [("en", "desktop"), ("ru", "phone")]
EVERY = [("en", "desktop"), ("en", "phone"), ("ru", "desktop"), ("ru", "phone")]
COLOUR = {"en": {"red": "Red", "green": "Green", "yellow": "Yellow", "blue": "Blue"},
          "ru": {"red": "Красный", "green": "Зелёный", "yellow": "Жёлтый", "blue": "Синий"}}
OWNER_RU = {"red": "Красного", "green": "Зелёного", "yellow": "Жёлтого", "blue": "Синего"}

def create(server, game="ludo", seats=("local", "bot"), **kw):
    body = {"game": game, "seats": [{"kind": k, "level": 3} if k == "bot" else {"kind": k, "name": f"P{i}"}
                                    for i, k in enumerate(seats)], **kw}
    return server.api("/api/rooms", body)


def snapshot(server, code):
    """The room as the server tells it to a spectator (with its whole log)."""
    with connect(f"{server.ws_url}/ws/{code}") as ws:
        ws.send(json.dumps({"type": "hello", "token": None}))
        while True:
            m = json.loads(ws.recv())
            if m["type"] == "state":
                return m


def open_room(browser, server, code, token=None, lang="en", screen="desktop", init=""):
    ctx, page = new_page(browser, lang, screen, {"pachisi.tokens": {code: token} if token else {}}, init)
    page.goto(f"{server.url}/#/room/{code}")
    page.wait_for_selector(".board .sq")
    page.wait_for_function("() => document.querySelector('.room').dataset.seq !== undefined")
    return ctx, page


def act(page):
    before = seq(page)
    page.locator("body").press("r" if page.get_attribute(ROOM, "data-phase") == "roll" else "1")
    wait_after(page, before)


def play_to_end(page, limit=4000):
    for _ in range(limit):
        if page.get_attribute(ROOM, "data-status") == "over":
            return
        if my_turn(page):
            act(page)
        else:
            page.wait_for_timeout(30)
    raise AssertionError("the game did not end")


def roll_until_move(page):
    """Hotseat: roll (every seat is this screen's) until a roll leaves a move to make."""
    for _ in range(200):
        if page.get_attribute(ROOM, "data-phase") == "move":
            return
        act(page)
    raise AssertionError("no roll gave a move")


# -- the story and the end ---------------------------------------------------------------------------
@pytest.mark.parametrize("lang,screen", BOTH)
def test_the_log_tells_every_roll_in_plain_words_and_the_end_shows_places_figures_and_the_checked_seed(
        browser, server, lang, screen):
    room = create(server)
    code = room["code"]
    ctx, page = open_room(browser, server, code, room["token"], lang, screen)
    try:
        play_to_end(page)
        page.wait_for_selector(".over-dialog:not([hidden]) .over-card")
        final = snapshot(server, code)
        log, seats = final["log"], final["room"]["seats"]
        colour = {s["player"]: s["colour"] for s in seats}
        # one sentence a roll, nothing lost, the newest in view; colours in the page's language
        lines = page.locator(".log li > span:last-child").all_inner_texts()
        rolls = [x for x in log if x["k"] == "roll"]
        assert len(lines) == len(rolls)
        first = rolls[0]
        word = "rolled" if lang == "en" else "выбросил"
        assert lines[0].startswith(f"{COLOUR[lang][colour[first['p']]]} {word} {first['v']}")
        if lang == "ru":
            assert not re.search(r"\b(red|yellow|Red|Yellow)\b", " ".join(lines))
        # who captured whom, as the server's events say
        captures = [(x, e) for x in log for e in x["e"] if e["kind"] == "captured"]
        text = "\n".join(lines)
        for _, e in captures[:3]:
            by, victim, piece = colour[e["b"]], colour[e["player"]], "abcd"[e["piece"]]
            said = (f"{COLOUR['en'][by]} captures {COLOUR['en'][victim]}'s {piece}" if lang == "en"
                    else f"{COLOUR['ru'][by]} сбивает фишку {piece} {OWNER_RU[victim]}")
            assert said in text
        winner = final["winner"]
        assert (f"{COLOUR['en'][colour[winner]]} wins!" if lang == "en"
                else f"{COLOUR['ru'][colour[winner]]} победил!") in lines[-1]
        last_box = page.locator(".log li").last.bounding_box()
        log_box = page.locator(".log").bounding_box()
        assert last_box["y"] + last_box["height"] <= log_box["y"] + log_box["height"] + 1
        # the game-over screen: places, figures, luck, the seed checked against the commitment
        over = page.locator(".over-card")
        assert over.locator(".places li").first.get_attribute("data-player") == str(winner)
        for s in seats:
            p = s["player"]
            row = over.locator(f".figures tr[data-player='{p}'] td")
            took = sum(1 for _, e in captures if e["b"] == p)
            lost = sum(1 for _, e in captures if e["player"] == p)
            mine = [int(d) for x in rolls if x["p"] == p for d in x["v"].split("-")]
            sixes = sum(1 for x in rolls if x["p"] == p and x["v"] == "6")
            luck = sum(mine) / len(mine) - 3.5
            assert row.nth(0).inner_text() == str(took) and row.nth(1).inner_text() == str(lost)
            assert row.nth(2).inner_text() == f"{sixes} / {sum(1 for x in rolls if x['p'] == p)}"
            assert row.nth(3).inner_text() == f"{'+' if luck >= 0 else '−'}{abs(luck):.2f}"
        seed = final["room"]["seed"]
        assert isinstance(seed, str) and int(seed) > 2 ** 53              # beyond JavaScript's exact integers
        record = urllib.request.urlopen(f"{server.url}/api/rooms/{code}/record").read().decode()
        assert f'[Seed "{seed}"]' in record
        check = over.locator(".seed-check")
        assert "ok" in check.get_attribute("class") and seed in check.inner_text() and final["room"]["salt"] in check.inner_text()
        assert seed in page.inner_text(".fair .reveal")
        assert over.locator("a.to-replay").get_attribute("href") == f"#/replay/{code}"
        assert over.locator("a.to-lobby").get_attribute("href") == "#/"
        page.screenshot(path=f"/tmp/room-over-{lang}-{screen}.png")
        # a rematch: a new room, the same seats, this browser in its seat
        over.locator("button.rematch").click()
        page.wait_for_function("c => location.hash.startsWith('#/room/') && !location.hash.endsWith(c)", arg=code)
        page.wait_for_function("() => document.querySelector('.room') && document.querySelector('.room').dataset.you === '0'")
        new = re.search(r"#/room/(\w+)", page.url).group(1)
        info = json.load(urllib.request.urlopen(f"{server.url}/api/rooms/{new}"))
        assert [(s["kind"], s["name"], s["level"]) for s in info["seats"]] == \
            [(s["kind"], s["name"], s["level"]) for s in seats]
        assert page.get_attribute(ROOM, "data-status") == "playing"
        assert not page.errors
    finally:
        ctx.close()


def test_people_still_in_the_finished_room_are_offered_the_rematch(browser, server):
    room = create(server)
    code = room["code"]
    ctx, page = open_room(browser, server, code, room["token"])
    try:
        play_to_end(page)
        other = ctx.new_page()                         # the same player in another tab
        other.goto(f"{server.url}/#/room/{code}")
        other.wait_for_selector(".over-dialog:not([hidden]) button.rematch")
        assert other.inner_text(".over-dialog button.rematch") == "Rematch"
        page.click(".over-dialog button.rematch")
        other.wait_for_selector(".over-dialog .rematch-ready")
        assert other.inner_text(".over-dialog button.rematch") == "Join the rematch"
        other.click(".over-dialog button.rematch")
        other.wait_for_function("() => document.querySelector('.room') && document.querySelector('.room').dataset.you === '0'")
        page.wait_for_function("c => location.hash !== '#/room/' + c", arg=code)   # its answer may come after the news
        assert other.url.split("#/room/")[1] == page.url.split("#/room/")[1] != code
    finally:
        ctx.close()


# -- alerts and options --------------------------------------------------------------------------------
HIDDEN = """
window.__hidden = false; window.__buzz = []; window.__beeps = 0;
Object.defineProperty(document, 'hidden', { get: () => window.__hidden });
Object.defineProperty(document, 'visibilityState', { get: () => window.__hidden ? 'hidden' : 'visible' });
navigator.vibrate = (p) => { window.__buzz.push(p); return true; };
window.AudioContext = class { constructor() { this.currentTime = 0; this.destination = {}; }
  createOscillator() { window.__beeps++; return { frequency: {}, connect: (g) => g, start() {}, stop() {} }; }
  createGain() { return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (d) => d }; } };
"""


@pytest.mark.parametrize("lang,screen", BOTH)
def test_a_hidden_tab_is_told_when_it_is_your_turn(browser, server, lang, screen):
    room = create(server)
    ctx, page = open_room(browser, server, room["code"], room["token"], lang, screen, init=HIDDEN)
    try:
        page.click(".settings summary")
        page.check("[data-set=sound]")                   # turning sound on lets the player hear it once
        page.click(".settings summary")
        beeps = page.evaluate("() => window.__beeps")
        assert beeps == 1 and page.evaluate("() => window.__buzz.length") == 0
        for _ in range(50):                         # until this screen acts and the bot has the turn
            if my_turn(page):
                page.evaluate("() => { window.__hidden = true; }")
                act(page)
            if not my_turn(page):
                break
        page.wait_for_function("() => document.querySelector('.room').dataset.phase === 'roll' && "
                               "document.querySelector('.room').dataset.turn === '0'")
        title = "• Your turn — pachisi" if lang == "en" else "• Ваш ход — pachisi"
        page.wait_for_function("t => document.title === t", arg=title)
        assert page.evaluate("() => window.__beeps") == beeps + 1 and page.evaluate("() => window.__buzz.length") == 1
        page.evaluate("() => { window.__hidden = false; document.dispatchEvent(new Event('visibilitychange')); }")
        assert page.title() != title and room["code"] in page.title()
    finally:
        ctx.close()


@pytest.mark.parametrize("lang,screen", BOTH)
def test_options_are_remembered_and_auto_roll_and_auto_move_play_for_you(browser, server, lang, screen):
    room = create(server, seats=("local", "local"))
    ctx, page = open_room(browser, server, room["code"], room["token"], lang, screen)
    try:
        page.click(".settings summary")
        page.check("[data-set=autoRoll]")
        page.check("[data-set=autoMove]")
        page.select_option("[data-set=speed]", "slow")
        page.reload()
        page.wait_for_selector(".board .sq")
        assert page.is_checked("[data-set=autoRoll]") and page.is_checked("[data-set=autoMove]")
        assert page.input_value("[data-set=speed]") == "slow"
        assert not page.is_checked("[data-set=sound]")
        # the rolls make themselves, and a roll with one legal move plays it: only a choice is pressed
        pressed = 0
        while seq(page) < 40:
            if page.get_attribute(ROOM, "data-phase") == "move" and page.locator(".movelist button.move").count() > 1:
                act(page)
                pressed += 1
            else:
                page.wait_for_timeout(50)
        log = snapshot(server, room["code"])["log"]
        assert pressed < sum(1 for x in log if x["k"] == "move")
        assert all(x["by"] == "person" for x in log)
    finally:
        ctx.close()


# -- defects -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang,screen", BOTH)
def test_the_stand_in_countdown_counts_down(browser, server, lang, screen):
    room = create(server, seats=("local", "invite"), absent_after=40)
    server.api(f"/api/rooms/{room['code']}/join", {"key": room["key"], "player": 1, "name": "Bob"})     # Bob takes the seat and goes
    ctx, page = open_room(browser, server, room["code"], room["token"], lang, screen)
    try:
        for _ in range(100):
            if page.get_attribute(ROOM, "data-turn") == "1":
                break
            act(page)
        pattern = r"takes over in (\d+) s" if lang == "en" else r"через (\d+) с"
        page.wait_for_function("p => new RegExp(p).test(document.querySelector('.status').textContent)", arg=pattern)
        first = int(re.search(pattern, page.inner_text(".status")).group(1))
        page.wait_for_function("([p, n]) => Number((new RegExp(p).exec(document.querySelector('.status').textContent) || [])[1]) < n",
                               arg=[pattern, first - 1])
    finally:
        ctx.close()


@pytest.mark.parametrize("lang,screen", BOTH)
def test_a_double_click_on_roll_rolls_once_and_shows_no_error(browser, server, lang, screen):
    room = create(server, seats=("local", "local"))
    ctx, page = open_room(browser, server, room["code"], room["token"], lang, screen)
    try:
        before = seq(page)
        disabled = page.evaluate("() => { const b = document.querySelector('button.roll'); b.click(); const d = b.disabled; b.click(); return d; }")
        assert disabled
        wait_after(page, before)
        page.wait_for_timeout(500)
        assert seq(page) == before + 1
        assert page.locator(".alert").is_hidden()
    finally:
        ctx.close()


@pytest.mark.parametrize("lang,screen", EVERY)
def test_a_bad_room_code_shows_a_page_that_says_so_with_the_way_back(browser, server, lang, screen):
    ctx, page = new_page(browser, lang, screen)
    try:
        for code in ("BAD-CODE!", "ZZZZZZ"):
            page.goto(f"{server.url}/#/room/{code}")
            page.wait_for_selector(".notfound")
            assert page.inner_text(".notfound h1") == ("No such room" if lang == "en" else "Такой комнаты нет")
            assert code in page.inner_text(".notfound")
            assert page.locator(".chat-form, .board, .room").count() == 0
        page.click(".notfound a[href='#/']")
        page.wait_for_function("() => location.hash === '#/'")
    finally:
        ctx.close()


@pytest.mark.parametrize("lang,screen", BOTH)
def test_without_a_connection_the_room_greys_out_says_so_and_comes_back(browser, database, tmp_path, lang,
                                                                     screen):
    with LiveServer(database.url(tmp_path), bot_delay=0.05, rate=50) as srv:
        room = create(srv, seats=("local", "local"))
        ctx, page = open_room(browser, srv, room["code"], room["token"], lang, screen)
        try:
            page.wait_for_function("() => !document.querySelector('button.roll').disabled")
            srv.stop()
            page.wait_for_selector(".banner:not([hidden])")
            assert "reconnecting" in page.inner_text(".banner") or "переподключаемся" in page.inner_text(".banner")
            assert page.is_disabled("button.roll")
            assert "offline" in page.get_attribute(ROOM, "class")
            assert page.evaluate("() => getComputedStyle(document.querySelector('.board-host')).opacity") == "0.45"
            page.screenshot(path=f"/tmp/room-offline-{lang}-{screen}.png")
            before = seq(page)
            page.locator("body").press("r")                # nothing is sent, nothing pretends
            srv.start()
            page.wait_for_selector(".banner", state="hidden")
            assert seq(page) == before and page.is_enabled("button.roll")
            act(page)
        finally:
            ctx.close()


@pytest.mark.parametrize("lang,screen", EVERY)
def test_bots_labels_and_dice_are_named_in_the_pages_language(browser, server, lang, screen):
    room = create(server, seats=("local", "bot", "invite"))
    ctx, page = open_room(browser, server, room["code"], room["token"], lang, screen)
    try:
        players = page.inner_text(".players")
        assert "bot 3" not in players and "bot3" not in players
        assert page.get_attribute(".invite input.link", "aria-label") == ("Invitation link" if lang == "en" else "Ссылка-приглашение")
        assert page.get_attribute(".dice", "aria-label").startswith("Dice" if lang == "en" else "Кубики")
        if lang == "ru":
            assert not re.search(r"\b(Red|Green|Yellow|Blue|Bot|here|away)\b", players)
    finally:
        ctx.close()


def test_keys_work_on_a_russian_keyboard_layout(browser, server):
    room = create(server, seats=("local", "local"))
    ctx, page = open_room(browser, server, room["code"], room["token"], "ru")
    try:
        for _ in range(200):                     # R on a Russian layout types "к": the key's place counts
            before = seq(page)
            if page.get_attribute(ROOM, "data-phase") == "move":
                break
            page.evaluate("() => document.dispatchEvent(new KeyboardEvent('keydown', {key: 'к', code: 'KeyR', bubbles: true}))")
            wait_after(page, before)
        # B ("и" on a Russian layout) goes to the board: the page takes the key
        assert page.evaluate("() => !document.dispatchEvent(new KeyboardEvent('keydown', "
                             "{key: 'и', code: 'KeyB', bubbles: true, cancelable: true}))")
        before = seq(page)
        page.evaluate("() => { document.activeElement.blur(); document.dispatchEvent(new KeyboardEvent('keydown', {key: '1', code: 'Digit1', bubbles: true})); }")
        wait_after(page, before)
    finally:
        ctx.close()


@pytest.mark.parametrize("lang,screen", BOTH)
def test_verifying_an_unfinished_game_says_there_is_nothing_to_check_yet(browser, server, lang, screen):
    room = create(server, seats=("local", "local"))
    ctx, page = new_page(browser, lang, screen)
    try:
        page.goto(f"{server.url}/#/verify/{room['code']}")
        page.wait_for_selector("#commit-verdict")
        verdict = page.locator("#commit-verdict")
        assert "neutral" in verdict.get_attribute("class") and "ok" not in verdict.get_attribute("class").split()
        assert ("not finished" if lang == "en" else "не окончена") in verdict.inner_text()
        assert page.locator("#rolls-verdict").count() == 0 and "0 of 0" not in page.inner_text("main")
    finally:
        ctx.close()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_on_a_phone_no_key_hints_and_the_board_stays_put_between_roll_and_move(browser, server, lang):
    room = create(server, seats=("local", "local"))
    ctx, page = open_room(browser, server, room["code"], room["token"], lang, "phone")
    try:
        assert page.locator(".keys").is_hidden()
        assert all(not k.is_visible() for k in page.locator("kbd").all())
        top = page.locator(".board").bounding_box()["y"]
        roll_until_move(page)
        page.screenshot(path=f"/tmp/room-phone-move-{lang}.png")
        assert page.locator(".board").bounding_box()["y"] == top
        assert all(not k.is_visible() for k in page.locator("kbd").all())
        act(page)
        assert page.locator(".board").bounding_box()["y"] == top
    finally:
        ctx.close()


@pytest.mark.parametrize("lang,screen", BOTH)
def test_screen_readers_hear_each_change_once(browser, server, lang, screen):
    room = create(server, seats=("local", "local"))
    ctx, page = open_room(browser, server, room["code"], room["token"], lang, screen)
    try:
        # the status line is not a live region of its own: the announcer says each change once
        assert page.get_attribute(".status", "role") is None and page.get_attribute(".status", "aria-live") is None
        assert page.locator("#announce[aria-live]").count() == 1
        act(page)
        page.wait_for_function("() => document.getElementById('announce').textContent.length > 0")
        said = page.inner_text("#announce")
        assert ("rolls" if lang == "en" else "бросает") in said
    finally:
        ctx.close()


def test_a_player_back_after_a_while_is_told_what_happened(browser, server):
    room = create(server, seats=("local", "invite"), absent_after=1)
    bob = server.api(f"/api/rooms/{room['code']}/join", {"key": room["key"], "player": 1, "name": "Bob"})
    b_ctx, b = open_room(browser, server, room["code"], bob["token"], "ru", "phone")
    b.close()                                       # Bob saw the start, then went away
    a_ctx, a = open_room(browser, server, room["code"], room["token"])
    try:
        start = seq(a)
        while seq(a) < start + 8:                   # Ann plays; a stand-in bot plays Bob's turns
            if my_turn(a):
                act(a)
            else:
                a.wait_for_timeout(50)
        b = b_ctx.new_page()                        # Bob comes back in the same browser
        b.goto(f"{server.url}/#/room/{room['code']}")
        b.wait_for_selector(".away:not([hidden])")
        b.screenshot(path="/tmp/room-away-ru-phone.png")
        text = b.inner_text(".away")
        assert "Пока вас не было" in text
        m = re.search(r"Сделано: (\d+) (действие|действия|действий) \((\d+) (бросок|броска|бросков)\)", text)
        n = int(m.group(1))
        assert n >= 8
        for count, word, forms in ((n, m.group(2), ("действие", "действия", "действий")),
                                   (int(m.group(3)), m.group(4), ("бросок", "броска", "бросков"))):
            assert word == forms[0 if count % 10 == 1 and count % 100 != 11 else
                                 1 if 2 <= count % 10 <= 4 and not 12 <= count % 100 <= 14 else 2], (count, word)
        b.click(".away button")
        assert b.locator(".away").is_hidden()
    finally:
        a_ctx.close()
        b_ctx.close()


def serious_violations(page):
    from axe_playwright_python.sync_playwright import Axe
    found = Axe().run(page).response["violations"]
    return [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in found if v["impact"] in ("serious", "critical")]


@pytest.mark.parametrize("lang,screen", BOTH)
def test_the_room_its_menu_its_end_and_a_bad_code_pass_an_accessibility_check(browser, server, lang, screen):
    room = create(server, seats=("local", "bot"))
    ctx, page = open_room(browser, server, room["code"], room["token"], lang, screen)
    try:
        act(page)
        assert serious_violations(page) == []
        page.click(".settings summary")
        assert serious_violations(page) == []
        watched = create(server, seats=("bot", "bot"))                  # a game the bots play to its end
        for _ in range(1200):
            if json.load(urllib.request.urlopen(f"{server.url}/api/rooms/{watched['code']}"))["status"] == "over":
                break
            page.wait_for_timeout(100)
        page.goto(f"{server.url}/#/room/{watched['code']}")
        page.wait_for_selector(".over-dialog:not([hidden]) .over-card")
        assert page.locator(".over-dialog button.rematch").count() == 0          # a spectator has no seat to rematch
        assert serious_violations(page) == []
        page.goto(f"{server.url}/#/room/NOPE42")
        page.wait_for_selector(".notfound")
        assert serious_violations(page) == []
    finally:
        ctx.close()


STORY = {
    "en": ["Red rolled 6-6 and brought piece a out and moved piece b 6; Red captures Blue's c; Red rolls again: for the capture",
           "Blue rolled 3-1; the 3 and the 1 cannot be played and are lost",
           "Red rolled 5-2 and moved piece b 5; Red earns a bonus move of 10 for a piece home; Red's b is home; Red wins!",
           "Blue rolled 6-6 and moved piece d 6; Blue's d goes to the lock-up: a missed capture, called by Red; "
           "Blue missed a capture: Red may call it",
           "Red rolled 1-1; Red's a hides in a shelter; Blue's d jumps; Blue's c is pushed on; "
           "Blue's b is flushed out of its shelter; Red rolls again to get going (2 tries left); Blue finishes in place 2",
           "Red called the missed capture: piece d goes to the lock-up", "Blue let the missed capture pass",
           "Red rolled 5-3 and moved piece a 5, then 3", "Blue rolled 4-2 and moved piece c 4 and piece d 2"],
    "ru": ["Красный выбросил 6-6 и вывел фишку a и пошёл фишкой b на 6; Красный сбивает фишку c Синего; "
           "Красный бросает ещё раз: за взятие",
           "Синий выбросил 3-1; 3 и 1 не сыграть — очки сгорают",
           "Красный выбросил 5-2 и пошёл фишкой b на 5; Красный получает бонусный ход на 10 за фишку в доме; "
           "фишка b Красного дома; Красный победил!",
           "Синий выбросил 6-6 и пошёл фишкой d на 6; фишка d Синего идёт в БУР: пропущенное взятие, заметил Красный; "
           "Синий пропустил взятие: Красный может это заметить",
           "Красный выбросил 1-1; фишка a Красного прячется в укрытие; фишка d Синего прыгает; "
           "фишку c Синего подтолкнули дальше; фишку b Синего выгнали из укрытия; "
           "Красный бросает снова, чтобы выйти (попыток осталось: 2); Синий финишировал: место 2",
           "Красный поймал на зевке: фишка d идёт в БУР", "Синий не стал ловить на зевке",
           "Красный выбросил 5-3 и пошёл фишкой a на 5, потом на 3", "Синий выбросил 4-2 и пошёл фишкой c на 4 и фишкой d на 2"],
}
# Kimbo: a fence moved, the fences kept, pawns run (turning at fences), a jump, a pawn put back
KIMBO_LOG = [("move", 0, "l1e-a15e"), ("roll", 0, "4-3"), ("move", 0, "a4w"), ("move", 0, "b3sLR"),
             ("move", 1, "keep"), ("roll", 1, "3-3"), ("move", 1, "d^s"), ("move", 0, "c@a2"), ("move", 0, "keep"),
             ("roll", 0, "5-1"), ("move", 0, "c5+1nR"), ("move", 1, "a14n-h6n")]
KIMBO_STORY = {
    "en": ["Red moved the fence between l1 and m1 to between a15 and b15",
           "Red rolled 4-3 and moved pawn a 4 west and pawn b 3 south, turning left, then right at the fences",
           "Yellow kept the fences", "Yellow rolled 3-3 and jumped pawn d over the fence to the south",
           "Red put pawn c back on a2 and kept the fences",
           "Red rolled 5-1 and moved pawn c 5 + 1 north, turning right at the fence",
           "Yellow moved the fence between a14 and a15 to between h6 and h7"],
    "ru": ["Красный перенёс забор между l1 и m1 на место между a15 и b15",
           "Красный выбросил 4-3 и пошёл фишкой a на 4 на запад и фишкой b на 3 на юг, у заборов налево, потом направо",
           "Жёлтый оставил заборы на месте", "Жёлтый выбросил 3-3 и перепрыгнул фишкой d через забор на юг",
           "Красный вернул фишку c на a2 и оставил заборы на месте",
           "Красный выбросил 5-1 и пошёл фишкой c на 5 + 1 на север, у забора направо",
           "Жёлтый перенёс забор между a14 и a15 на место между h6 и h7"],
}


def story_js(browser, server, lang, expression, args):
    """`expression` of story.js (`s`) and `args` evaluated in a page in `lang`."""
    ctx, page = new_page(browser, lang, "desktop")
    try:
        page.goto(server.url + "/")
        return page.evaluate(f"""async (args) => {{
            const s = await import('/static/js/story.js');
            return {expression};
        }}""", args)
    finally:
        ctx.close()


def told(browser, server, lang, log, room):
    """The log's turns as the room's story tells them, in `lang`."""
    return story_js(browser, server, lang, "s.turnsOf(args[0]).map((tr) => s.turnSentence(tr, args[1]))", [log, room])


def events_told(browser, server, lang, stories, room):
    """Events as the page tells them (story.js storySentence), in `lang`."""
    return story_js(browser, server, lang, "args[0].map((x) => s.storySentence(x, args[1]))", [stories, room])


ANNOUNCED = {"en": ["Red brought piece a out — Red captures Blue's c", "Red kept the fences"],
             "ru": ["Красный вывел фишку a — Красный сбивает фишку c Синего", "Красный оставил заборы на месте"]}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_line_under_the_board_tells_a_move_once(browser, server, lang):
    """The announcement of one action (the room's line under the dice, the replay's caption): the move in
    words, then what it caused, a piece brought out told by the move and not again by its event."""
    ctx, page = new_page(browser, lang, "desktop")
    try:
        page.goto(server.url + "/")
        teller = Teller(make_game("ludo", 2))                  # as the room tells them
        teller.roll(0, (6,), [])
        out = {"say": "log.out", "piece": "a"}                   # as Game.move_story tells it
        stories = teller.move(0, [Event("entered", 0, 0, -1, 0), Event("captured", 1, 2, 0, 0)], out)
        said = page.evaluate("""async ([out, stories]) => {
            const s = await import('/static/js/story.js');
            const room = {game: 'ludo', piece_names: 'abcd', dice: [[1, 6]], seats: [{colour: 'red'}, {colour: 'blue'}]};
            return [[s.moveSentence(room, 0, '6a', out), ...s.describeEvents(stories, room)].join(' — '),
                    s.moveSentence(room, 0, 'keep', {say: 'log.keep'})];
        }""", [out, stories])
        assert said == ANNOUNCED[lang]
    finally:
        ctx.close()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_kimbo_moves_are_told_as_a_person_says_them(browser, server, lang):
    kimbo = make_game("kimbo", 2)
    log = [{"n": n, "r": 1, "p": p, "k": k, "v": v, "by": "person", "e": [],
            **({"d": kimbo.move_story(Move(0, p, 0, 0, 0, 0, 0, v))} if k == "move" else {})}   # as the room logs it
           for n, (k, p, v) in enumerate(KIMBO_LOG)]
    room = {"game": "kimbo", "piece_names": "abcd", "dice": [[1, 6], [1, 6]],
            "seats": [{"player": 0, "colour": "red"}, {"player": 1, "colour": "yellow"}]}
    assert told(browser, server, lang, log, room) == KIMBO_STORY[lang]


# Team play: Red's pieces are all home and he plays his partner Yellow's (Game.played_story gives `whose`); a
# Kimbo pawn of a partner's too; Yellow's own move says no owner
PARTNER_LOG = [("roll", 0, "6", None), ("move", 0, "6b", {"say": "log.out", "piece": "b", "whose": 2}),
               ("roll", 0, "5", None), ("move", 0, "5b", {"piece": "b", "steps": "5", "whose": 2}),
               ("move", 0, "3b", {"piece": "b", "steps": "3", "whose": 2}),
               ("move", 0, "a1+2nL", {"piece": "a", "n": "1 + 2", "way": "n", "turns": ["L"], "whose": 2}),
               ("roll", 2, "4", None), ("move", 2, "4b", {"piece": "b", "steps": "4"})]
PARTNER_STORY = {
    "en": ["Red rolled 6 and brought Yellow's piece b out",
           "Red rolled 5 and moved Yellow's piece b 5, then 3 and Yellow's pawn a 1 + 2 north, turning left at the fence",
           "Yellow rolled 4 and moved piece b 4"],
    "ru": ["Красный выбросил 6 и вывел фишку b Жёлтого",
           "Красный выбросил 5 и пошёл фишкой b Жёлтого на 5, потом на 3 и фишкой a Жёлтого на 1 + 2 на север, "
           "у забора налево",
           "Жёлтый выбросил 4 и пошёл фишкой b на 4"],
}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_partners_piece_is_told_with_its_owner(browser, server, lang):
    log = [{"n": n, "r": 1, "p": p, "k": k, "v": v, "by": "person", "e": [], **({"d": d} if d else {})}
           for n, (k, p, v, d) in enumerate(PARTNER_LOG)]
    room = {"game": "ludo", "piece_names": "abcd", "dice": [[1, 6]],
            "seats": [{"player": p, "colour": c} for p, c in enumerate(("red", "green", "yellow", "blue"))]}
    assert told(browser, server, lang, log, room) == PARTNER_STORY[lang]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_kind_of_event_is_told_in_words(browser, server, lang):
    """The story's sentences for every event the engine reports, from a made-up log."""
    ev = lambda kind, p, piece=0, a=0, b=0: {"kind": kind, "player": p, "piece": piece, "a": a, "b": b}  # noqa: E731
    log = [
        {"n": 0, "r": 1, "p": 0, "k": "roll", "v": "6-6", "by": "person", "e": []},
        {"n": 1, "r": 1, "p": 0, "k": "move", "v": "6a", "by": "person", "e": [ev("entered", 0, 0)]},
        {"n": 2, "r": 1, "p": 0, "k": "move", "v": "6b", "by": "person",
         "e": [ev("captured", 1, 2, 5, 0), ev("extra_roll", 0)]},
        {"n": 3, "r": 1, "p": 1, "k": "roll", "v": "3-1", "by": "bot", "e": [ev("burned", 1, 0, 3), ev("burned", 1, 0, 1)]},
        {"n": 4, "r": 1, "p": 0, "k": "roll", "v": "5-2", "by": "person", "e": []},
        {"n": 5, "r": 1, "p": 0, "k": "move", "v": "5b", "by": "person",
         "e": [ev("bonus", 0, 0, 10), ev("finished", 0, 1), ev("won", 0, 0, 1)]},
        {"n": 6, "r": 1, "p": 1, "k": "roll", "v": "6-6", "by": "bot", "e": []},
        {"n": 7, "r": 1, "p": 1, "k": "move", "v": "6d", "by": "bot",
         "e": [ev("penalty", 1, 3, 4, 0), ev("claim", 1, 0, 0, 1)]},
        {"n": 8, "r": 1, "p": 0, "k": "roll", "v": "1-1", "by": "person",
         "e": [ev("sheltered", 0, 0), ev("jumped", 1, 3), ev("pushed", 1, 2), ev("flushed", 1, 1),
               ev("reroll", 0, 0, 2), ev("won", 1, 0, 2)]},
        {"n": 9, "r": 2, "p": 0, "k": "move", "v": "call-d", "by": "person", "e": []},
        {"n": 10, "r": 2, "p": 1, "k": "move", "v": "nocall", "by": "bot", "e": []},
        {"n": 11, "r": 2, "p": 0, "k": "roll", "v": "5-3", "by": "person", "e": []},
        {"n": 12, "r": 2, "p": 0, "k": "move", "v": "5a", "by": "person", "e": []},
        {"n": 13, "r": 2, "p": 0, "k": "move", "v": "3a", "by": "person", "e": []},
        {"n": 14, "r": 2, "p": 1, "k": "roll", "v": "4-2", "by": "bot", "e": []},
        {"n": 15, "r": 2, "p": 1, "k": "move", "v": "4c", "by": "bot", "e": []},
        {"n": 16, "r": 2, "p": 1, "k": "move", "v": "2d", "by": "bot", "e": []},
    ]
    game, teller, r = make_game("mandavoshka", 2), None, None
    for x in log:                               # what the room logs of each move (Game.move_story) and event
        if x["k"] == "move":
            v = x["v"]
            x["d"] = ({"say": "log.nocall"} if v == "nocall" else {"say": "log.call", "piece": v[5:]} if v.startswith("call-")
                      else {"say": "log.out", "piece": v[-1]} if any(e["kind"] == "entered" for e in x["e"])
                      else {"piece": v[-1], "steps": v[:-1]})
        if x["r"] != r:
            teller, r = Teller(game), x["r"]                      # a new one each game, as the room's
        events = [Event(e["kind"], e["player"], e["piece"], e["a"], e["b"]) for e in x["e"]]
        x["s"] = (teller.roll(x["p"], map(int, x["v"].split("-")), events) if x["k"] == "roll"
                  else teller.move(x["p"], events, x["d"]))
    room = {"game": "mandavoshka", "piece_names": "abcd", "dice": [[1, 6], [1, 6]],
            "seats": [{"player": 0, "colour": "red"}, {"player": 1, "colour": "blue"}]}
    assert told(browser, server, lang, log, room) == STORY[lang]
    # the terminal tells every event in the same words as the page
    stories = [st for x in log for st in x["s"]]
    assert len(stories) == 14           # a piece brought out is told by its move, the two lost dice together
    seats = [{"player": p, "colour": game.player_name(p)} for p in range(game.players)]   # the game's own colours
    assert events_told(browser, server, lang, stories, dict(room, seats=seats)) == \
        [story_sentence(st, game, lang) for st in stories]
