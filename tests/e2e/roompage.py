"""Opening a page the way the tests do (a fresh browser at a screen size, in a language) and reading a room
page: its position number, whose turn it is (the data attributes the room sets for scripts), and waiting for
the next position."""
import json
import time

from websockets.sync.client import connect

ROOM = ".room"
DESKTOP = {"viewport": {"width": 1280, "height": 900}}
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
SCREENS = {"desktop": DESKTOP, "phone": PHONE}


def new_page(browser, lang, screen, storage=None, init="", **context):
    """A fresh browser (nothing remembered but the language and `storage`, each set unless the page has
    changed it) and its page, with its script errors in page.errors; `init` more script before the page's
    own, `context` more of Playwright's context options."""
    ctx = browser.new_context(**SCREENS[screen], **context)
    values = {"pachisi.lang": lang, **(storage or {})}
    ctx.add_init_script("".join(f"if (localStorage.getItem({json.dumps(k)}) === null) "
                                f"localStorage.setItem({json.dumps(k)}, {json.dumps(json.dumps(v))});"
                                for k, v in values.items()) + init)
    page = ctx.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    return ctx, page


def seq(page):
    return int(page.get_attribute(ROOM, "data-seq") or -1)


def wait_after(page, before):
    page.wait_for_function("s => Number(document.querySelector('.room').dataset.seq) > s", arg=before)


def my_turn(page):
    you = (page.get_attribute(ROOM, "data-you") or "").split(",")
    return page.get_attribute(ROOM, "data-status") == "playing" and page.get_attribute(ROOM, "data-turn") in you \
        and page.get_attribute(ROOM, "data-phase") in ("roll", "move")


def play_hotseat(server, code, token, choose, pace=0.0, limit=100000):
    """Play every seat of `token` (a hotseat room: all of them) over the room's WebSocket: `choose(state)` is
    the action of the seat to move, or None to stop there.  Returns the state it stopped at, or the finished
    game's.  A refusal for the server's rate: the same action again a moment later (the rate limit's pace,
    not a wait for the page); `pace` seconds before each action."""
    with connect(f"{server.ws_url}/ws/{code}") as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        you, state, sent = [], None, -1
        for _ in range(limit):
            m = json.loads(ws.recv())
            if m["type"] == "welcome":
                you = m["you"]
            if m["type"] == "error" and m["code"] == "rate":
                time.sleep(0.5)
                sent = -1
            elif m["type"] != "state" or (state and m["seq"] < state["seq"]):
                continue
            else:
                state = m
            if state["room"]["status"] == "over":
                return state
            turn = state["turn"]
            if turn["player"] not in you or turn["phase"] not in ("roll", "move") or state["seq"] <= sent:
                continue
            action = choose(state)
            if action is None:
                return state
            time.sleep(pace)
            ws.send(json.dumps({"type": "act", "seq": state["seq"], "action": action}))
            sent = state["seq"]
    raise AssertionError("the messages read reached neither the state looked for nor the end")


TEAM_TAGS = {"en": ["team 1", "team 2", "team 1", "team 2"], "ru": ["команда 1", "команда 2", "команда 1", "команда 2"]}
TEAM_NAME = {"en": "Team", "ru": "Команда"}
NAMES = ("Ann", "Bob", "Cid", "Dan")


def first_action(state):
    """The first thing the seat on turn can do: roll, or its first legal move."""
    return "roll" if state["turn"]["phase"] == "roll" else state["moves"][0]["t"]


def play_team_room(browser, server, lang, game, options):
    """A hot-seat team room of `game` (four local players, NAMES) played out while a desktop page in `lang`
    watches, to its game-over screen; returns (the final state, the page, its context: the caller closes it)."""
    room = server.api("/api/rooms", {"game": game, "options": {"teams": "opposite", **options},
                                     "seats": [{"kind": "local", "name": n} for n in NAMES]})
    ctx, page = new_page(browser, lang, "desktop", {"pachisi.tokens": {room["code"]: room["token"]}})
    try:
        page.goto(f"{server.url}/#/room/{room['code']}")
        page.wait_for_selector(".board .sq")
        final = play_hotseat(server, room["code"], room["token"], first_action, pace=1 / 40)
        page.wait_for_selector(".over-dialog:not([hidden]) .over-card")
    except BaseException:
        ctx.close()
        raise
    return final, page, ctx


def first_team(page, lang):
    """The players of the game-over screen's first team, checking that its row is named as a team."""
    first = page.locator(".over-card ol.places li.team").first
    assert first.locator(".team-name").inner_text().startswith(TEAM_NAME[lang])
    return sorted(int(x) for x in first.locator(".partners li").evaluate_all("els => els.map(e => e.dataset.player)"))


def choose_team_table(page, lang, game):
    """In the lobby: `game` for four, partners opposite (offered beside the number of players), each seat
    tagged with its team."""
    page.select_option("#game", game)
    page.select_option("#players", "4")
    assert page.locator(".teams-row #opt-teams").is_visible()        # beside the players, not among the house rules
    page.select_option("#opt-teams", "opposite")
    assert page.locator(".seat .team-tag").all_inner_texts() == TEAM_TAGS[lang]


def open_hotseat(browser, server, lang, screen, game, players, **spec):
    """A room of `game` whose `players` seats are all this screen's (spec: its preset, options), opened in a
    fresh page at `screen`: (room, context, page), the page's script errors in page.errors."""
    room = server.api("/api/rooms", {"game": game, **spec,
                                     "seats": [{"kind": "local", "name": f"P{i}"} for i in range(players)]})
    ctx, page = new_page(browser, lang, screen, {"pachisi.tokens": {room["code"]: room["token"]}})
    page.goto(f"{server.url}/#/room/{room['code']}")
    page.wait_for_selector(".room[data-seq] .board .sq")
    return room, ctx, page


def play_own_turns(page, turns):
    """Up to `turns` of the person's own turns by the keyboard (r rolls, 1 plays the first move offered),
    waiting for each while bots play; stops when the game is over."""
    for _ in range(turns):
        page.wait_for_function("() => { const r = document.querySelector('.room'); return r.dataset.status "
                               "=== 'over' || ['roll', 'move'].includes(r.dataset.phase) && "
                               "(r.dataset.you || '').split(',').includes(r.dataset.turn); }")
        if not my_turn(page):
            return
        before = seq(page)
        page.locator("body").press("r" if page.get_attribute(ROOM, "data-phase") == "roll" else "1")
        wait_after(page, before)
