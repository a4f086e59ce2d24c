"""Мандавошка's claim step in Chromium, in English and Russian, on a 1280x900 screen and a 390x844 touch
phone (issue 21, point 9): when a player missed a capture under the house rule capture_rule=claim, the
next opponent is asked to call it or to let it pass.  The status line says so (not "pick a piece"), the
choices offered are the call and the let-pass, and the one chosen is applied and told in the log in words.

The claim step is reached over the room's WebSocket: every seat of a hot-seat room is played the first
legal move that captures nothing (a capture missed on purpose), until the seat to move is offered the
call; then the page opens the room at that step."""
import pytest

from roompage import ROOM, play_hotseat, seq, wait_after
from test_e2e_room import BOTH, COLOUR, EVERY, open_room, snapshot

pytestmark = pytest.mark.timeout(900)

CLAIM = {"en": "Your call ({colour}): an opponent missed a capture — pick their marked piece to call it (it goes "
               "to the lock-up) or let it pass.",
         "ru": "Ваше решение ({colour}): соперник пропустил взятие — выберите отмеченную фишку, чтобы поймать "
               "его на зевке (фишка идёт в БУР), или пропустите."}
CALLED = {"en": "{who} called the missed capture: piece {piece} goes to the lock-up",
          "ru": "{who} поймал на зевке: фишка {piece} идёт в БУР"}
LET_PASS = {"en": "{who} let the missed capture pass", "ru": "{who} не стал ловить на зевке"}
CALL_WORDS = {"en": "call the missed capture: piece {piece} goes to the lock-up",
              "ru": "поймать на зевке: фишка {piece} идёт в БУР"}
PASS_WORDS = {"en": "let the missed capture pass", "ru": "не ловить на зевке"}


def is_claim(moves):
    return bool(moves) and all(m["t"] == "nocall" or m["t"].startswith("call-") for m in moves)


def claim_or_no_capture(state):
    """The first legal move that captures nothing (its words say ", captures" when it would), or None at the
    call of a missed capture."""
    if state["turn"]["phase"] == "roll":
        return "roll"
    moves = state["moves"]
    if is_claim(moves):
        return None
    return next((m for m in moves if ", captures " not in m["words"]["en"]), moves[0])["t"]


def claim_room(server):
    """A hot-seat Мандавошка room of four (capture_rule=claim, every seat this one token's) at a claim step,
    and the state there.  The room's dice follow from the server's --dice-seed and the room's number; a game
    that ends without a missed capture (rare with four players) is followed by another room."""
    for _ in range(5):
        room = server.api("/api/rooms", {"game": "mandavoshka", "options": {"capture_rule": "claim"},
                                         "seats": [{"kind": "local", "name": f"P{i}"} for i in range(4)]})
        state = play_hotseat(server, room["code"], room["token"], claim_or_no_capture, limit=3000)
        if state["room"]["status"] != "over":
            return room, state
    raise AssertionError("five games ended without a missed capture")


def colour_of(state, player, lang):
    return COLOUR[lang][state["room"]["seats"][player]["colour"]]


def status(page):
    return page.inner_text(".status")


def last_log_line(page):
    return page.locator(".log li > span:last-child").last.inner_text()


def open_at_claim(browser, server, lang, screen):
    """The page of a room at its claim step, once it shows the step: (context, page, state there)."""
    room, state = claim_room(server)
    ctx, page = open_room(browser, server, room["code"], room["token"], lang, screen)
    page.wait_for_selector(".moves button.move[data-move=nocall]")
    caller = state["turn"]["player"]
    assert page.get_attribute(ROOM, "data-turn") == str(caller) and page.get_attribute(ROOM, "data-phase") == "move"
    assert status(page) == CLAIM[lang].format(colour=colour_of(state, caller, lang))
    # the choices are the call of each piece at stake and the let-pass, in words, and nothing else
    offered = page.locator(".moves button.move")
    texts = [offered.nth(i).get_attribute("data-move") for i in range(offered.count())]
    assert texts == [m["t"] for m in state["moves"]]
    calls = [t for t in texts if t.startswith("call-")]
    assert calls and texts[-1] == "nocall" and len(texts) == len(calls) + 1
    for i, text in enumerate(texts):
        words = offered.nth(i).locator(".words").inner_text()
        assert words == (PASS_WORDS[lang] if text == "nocall" else CALL_WORDS[lang].format(piece=text[5:]))
    # letting it pass changes nothing on the board: a button by the status, not a piece to pick
    assert page.locator(".board-actions button").all_inner_texts() == [PASS_WORDS[lang]]
    page.screenshot(path=f"/tmp/claim-{lang}-{screen}.png")
    return ctx, page, state


def choose(page, move, said):
    """Click the listed move `move`, then wait for the next position and a log line that says `said`."""
    before = seq(page)
    page.click(f".moves button.move[data-move='{move}']")
    wait_after(page, before)
    page.wait_for_function("w => [...document.querySelectorAll('.log li')].some((li) => li.textContent.includes(w))",
                           arg=said)


@pytest.mark.parametrize("lang,screen", EVERY)
def test_the_claim_step_asks_to_call_the_missed_capture_and_calling_it_sends_the_piece_to_the_lock_up(
        browser, server, lang, screen):
    ctx, page, state = open_at_claim(browser, server, lang, screen)
    try:
        caller, code = state["turn"]["player"], state["room"]["code"]
        call = next(m["t"] for m in state["moves"] if m["t"].startswith("call-"))
        said = CALLED[lang].format(who=colour_of(state, caller, lang), piece=call[5:])
        choose(page, call, said)
        assert last_log_line(page).startswith(said)
        assert {"en": "sent back", "ru": "отправлена назад"}[lang] not in last_log_line(page)    # to the lock-up
        # the server applied it: the caller's action is the call, and the offender's piece is in the БУР
        log = snapshot(server, code)["log"]
        assert (log[-1]["k"], log[-1]["p"], log[-1]["v"]) == ("move", caller, call)
        assert any(e["kind"] == "penalty" for e in log[-1]["e"])
        page.wait_for_function("() => !document.querySelector('.moves button.move[data-move=nocall]')")
        assert "missed a capture" not in status(page) and "пропустил взятие" not in status(page)
        page.screenshot(path=f"/tmp/claim-called-{lang}-{screen}.png")
        assert not page.errors
    finally:
        ctx.close()


@pytest.mark.parametrize("lang,screen", BOTH)
def test_a_missed_capture_let_pass_is_told_and_the_next_opponent_or_the_offender_plays_on(
        browser, server, lang, screen):
    ctx, page, state = open_at_claim(browser, server, lang, screen)
    try:
        caller, code = state["turn"]["player"], state["room"]["code"]
        said = LET_PASS[lang].format(who=colour_of(state, caller, lang))
        choose(page, "nocall", said)
        after = snapshot(server, code)
        log = after["log"]
        assert (log[-1]["k"], log[-1]["p"], log[-1]["v"]) == ("move", caller, "nocall")
        assert not any(e["kind"] == "penalty" for e in log[-1]["e"])
        # with four players the call passes on to the next opponent, who is asked the same in their colour
        nxt = after["turn"]["player"]
        assert nxt != caller
        page.wait_for_function("p => document.querySelector('.room').dataset.turn === p", arg=str(nxt))
        if any(e["kind"] == "claim" for e in log[-1]["e"]):
            page.wait_for_selector(".moves button.move[data-move=nocall]")
            assert status(page) == CLAIM[lang].format(colour=colour_of(after, nxt, lang))
        else:
            assert "missed a capture" not in status(page) and "пропустил взятие" not in status(page)
        assert not page.errors
    finally:
        ctx.close()
