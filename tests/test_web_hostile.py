"""The server under attack (issue #15): uploaded records are checked off the event loop within a
budget of games, actions and seconds and a share per address; verify refuses a forged start, a web
room's record without its commitment and an unfinished match; hostile input is refused with a
reason (never a 500); bodies over the limit get 413 however they are sent; client messages are
strictly typed."""
import asyncio
from concurrent.futures import ThreadPoolExecutor
import json
import multiprocessing
import time

from fastapi.testclient import TestClient
import pytest

from pachisi import make_game, record as records
from pachisi.engine.position import dump_position
from pachisi.verify import verify_text
from pachisi.web import create_app
from pachisi.web.checking import Checker, RecordLimits, Share
from pachisi.web.schemas import ClientMessage
from helpers import no_move_record, tiny_games_record
from test_web_api import create, settings, wait_over

pytestmark = pytest.mark.timeout(3600)              # a bound on a hang, however slow the machine


@pytest.fixture(scope="module")
def client(tmp_path_factory, module_database):
    with TestClient(create_app(settings(tmp_path_factory.mktemp("hostile")))) as c:
        yield c


@pytest.fixture(scope="module")
def room_record(client):
    """A finished room's record, as the server writes it (two bots of Шиш-беш)."""
    room = create(client, seats=("bot", "bot"), wins=1)
    wait_over(client, room["code"])
    return client.get(f"/api/rooms/{room['code']}/record").text


@pytest.fixture(scope="module")
def match_record(client):
    """A finished match's record (Трясучка to two wins, two bots)."""
    room = create(client, game="tryasuchka", seats=("bot", "bot"), options={"match_wins": 2})
    wait_over(client, room["code"])
    return client.get(f"/api/rooms/{room['code']}/record").text


def _header(text, key):
    return next(line for line in text.splitlines() if line.startswith(f"[{key} "))


# -- item 6: a forged start --------------------------------------------------------------------------
def test_the_servers_record_verifies(room_record, client):
    assert verify_text(room_record).ok
    assert client.post("/api/verify", content=room_record).json()["ok"]


def test_a_position_header_in_a_record_with_a_commitment_is_refused(room_record, client):
    """The real seed, salt and commitment, but another player to start: the roll-off is not checked
    with a [Position], so a commitment forbids it."""
    head, _, moves = room_record.partition("\n\n")
    first = _header(room_record, "First").split('"')[1]
    game = make_game("shishbesh", 2)
    other = 1 - [game.player_name(p) for p in range(2)].index(first)
    seed = int(_header(room_record, "Seed").split('"')[1])
    state = game.new_state(seed, first_player=other)
    start = state.clone()
    while not state.is_over:
        state.roll() if state.is_chance else state.push(state.legal_moves()[0])
    forged_moves = records.write(state, {}, start=start).partition("\n\n")[2]
    position = json.dumps(dump_position(start), separators=(",", ":")).replace('"', '\\"')
    head = "\n".join(line for line in head.splitlines() if not line.startswith(("[First ", "[Result ")))
    forged = (f'{head}\n[Position "{position}"]\n[First "{game.player_name(other)}"]\n'
              f'[Result "{records._result(state)}"]\n\n{forged_moves}')
    assert records.load(forged)                     # a legal game, every roll the seed's...
    report = verify_text(forged)
    assert not report.ok and report.commitment == "ok"
    assert any("[Position] header is not allowed" in str(p) for p in report.problems)
    r = client.post("/api/verify", content=forged, headers={"Accept-Language": "ru"}).json()
    assert not r["ok"] and any("[Position]" in p and "недопустим" in p for p in r["problems"])


def test_a_web_rooms_record_without_its_commitment_cannot_be_verified(room_record):
    stripped = room_record.replace(_header(room_record, "DiceCommit") + "\n", "")
    assert "[DiceCommit" not in stripped and '[Site "pachisi web"]' in stripped
    report = verify_text(stripped)
    assert not report.ok and report.commitment == "absent"
    assert any("has no [DiceCommit]" in str(p) and "cannot be verified" in str(p) for p in report.problems)


def test_a_match_record_cut_after_its_first_round_is_an_unfinished_match(match_record):
    assert verify_text(match_record).ok
    cut = match_record[:match_record.index('[Game "tryasuchka"]', 1)]
    report = verify_text(cut)
    assert not report.ok and report.games == 1
    assert any("the match is unfinished: it is played to 2 wins" in str(p) for p in report.problems)


def test_a_commitment_records_game_cut_short_is_unfinished(room_record):
    lines = room_record.rstrip("\n").splitlines()
    cut = "\n".join(lines[:-3]).replace(_header(room_record, "Result"), '[Result "*"]') + "\n"
    report = verify_text(cut)
    assert not report.ok and any("is unfinished" in str(p) for p in report.problems)


# -- item 1: budgets and the event loop ---------------------------------------------------------------
def test_a_record_beyond_the_budget_is_refused_with_the_reason(tmp_path, database):
    limits = RecordLimits(workers=1, games=3, actions=500, seconds=1e-9)
    with TestClient(create_app(settings(tmp_path, records=limits))) as c:
        r = c.post("/api/verify", content=no_move_record(20_000))
        assert r.status_code == 413 and r.json()["code"] == "budget"
        assert "at most 500 are checked here" in r.json()["message"]
        r = c.post("/api/replay", content=tiny_games_record(2_000), headers={"Accept-Language": "ru"})
        assert r.status_code == 413 and r.json() == {"code": "budget", "message": "в записи партий: 29; здесь "
                                                                                   "проверяют не больше 3"}
        r = c.post("/api/verify", content=no_move_record(2_000))       # within the actions, beyond the time
        assert r.status_code == 413 and "took more than 1e-09 s; it was stopped" in r.json()["message"]
        r = c.post("/api/replay", content=no_move_record(2_000))
        assert r.status_code == 413 and r.json()["code"] == "budget"


def test_a_job_past_its_time_is_killed_and_the_pool_goes_on():
    """A job still running past its seconds and grace (here: reading a 1 MiB record, before any step)
    is killed; the next record is checked by a new worker."""
    async def scenario():
        checker = Checker(RecordLimits(workers=1, games=10 ** 6, actions=10 ** 7, seconds=1e-9, grace=0.001))
        try:
            status, body = await checker.run("verify", tiny_games_record(), "10.0.0.1")
            assert status == 413 and "it was stopped" in json.loads(body)["message"]
            checker.limits.seconds = 60
            status, body = await checker.run("verify", tiny_games_record(200), "10.0.0.1")
            assert status == 200 and json.loads(body)["games"] == 2
        finally:
            checker.close()
    asyncio.run(scenario())


def test_the_event_loop_answers_while_a_long_verify_runs(client):
    """A GET sent while a long record is being checked is answered before the check ends: the check waits
    in the worker pool (held there by the test, so no clock decides the order) and then runs there, never
    on the event loop, where it would keep the GETs waiting until it was done."""
    text = no_move_record()
    client.get("/api/lobby")
    checker = client.app.state.checker
    with multiprocessing.get_context("spawn").Manager() as manager, ThreadPoolExecutor(1) as pool:
        gate = manager.Event()
        held = [checker._pool().schedule(gate.wait) for _ in range(checker.limits.workers)]   # every worker busy
        verifying = pool.submit(client.post, "/api/verify", content=text)
        while not checker.jobs:                              # the verify is with the checker now
            assert not verifying.done(), verifying.result().text
        assert client.get("/api/lobby").status_code == 200
        assert client.get("/api/rooms").status_code == 200
        assert not verifying.done()
        gate.set()
        assert all(h.result() for h in held)
        r = verifying.result()
    assert r.status_code == 200 and r.json()["rolls"] > 60000 and not r.json()["ok"]


def test_an_address_has_a_few_records_checked_at_once_and_the_server_a_bounded_queue():
    async def scenario():
        checker = Checker(RecordLimits(workers=1, per_address=1, queue=2, seconds=3600))   # not cut by the clock
        text = no_move_record(200_000)
        try:
            first = asyncio.create_task(checker.run("verify", text, "10.0.0.1"))
            await asyncio.sleep(0)
            status, body = await checker.run("verify", text, "10.0.0.1")
            assert status == 429 and json.loads(body)["code"] == "rate"
            assert "records from your address are being checked already" in json.loads(body)["message"]
            second = asyncio.create_task(checker.run("verify", text, "10.0.0.2"))
            await asyncio.sleep(0)
            status, body = await checker.run("verify", text, "10.0.0.3")
            assert status == 503 and json.loads(body)["code"] == "busy"
            assert [(await first)[0], (await second)[0]] == [200, 200]
            assert not checker.jobs and checker.busy == 0
        finally:
            checker.close()
    asyncio.run(scenario())


def test_a_record_verified_and_replayed_again_is_answered_again_without_spending_the_share():
    """The pages of a finished game (verify, replay, the replay opened again) check one record several
    times: each kind is checked once; asked again, the answer is the one kept, and the address's share of
    the workers is not spent again (a share the first checks used up does not refuse them)."""
    async def scenario():
        checker = Checker(RecordLimits(workers=1))
        text = no_move_record(20_000)
        try:
            first = [await checker.run(kind, text, "10.0.0.1") for kind in ("verify", "replay")]
            assert [status for status, _ in first] == [200, 200]
            await checker.shares.spend("10.0.0.1", 1000.0, force=True)      # the address's share used up
            again = [await checker.run(kind, text, "10.0.0.1") for kind in ("verify", "replay", "replay")]
            assert again == [first[0], first[1], first[1]]
            status, body = await checker.run("verify", text + "\n", "10.0.0.1")     # another record: the share
            assert status == 429 and json.loads(body)["code"] == "rate"
        finally:
            checker.close()
    asyncio.run(scenario())


def test_an_address_that_used_its_share_of_the_workers_waits():
    share = Share(rate=0.5, burst=2.0)
    assert share.wait() == 0
    began = time.monotonic()
    share.spend(5.0)                        # a job overdraws it: 3 s short, 6 s to refill at 0.5 s a second
    assert 6.0 - (time.monotonic() - began) - 1e-6 <= share.wait() <= 6.0         # less the time since


# -- item 7: hostile input ------------------------------------------------------------------------------
BASE = {"game": "shishbesh", "players": 2, "to_move": 0, "pieces": [[-1] * 4, [-1] * 4]}
HOSTILE_POSITIONS = {
    "options is a list": json.dumps({**BASE, "options": [1]}),
    "options is a word": json.dumps({**BASE, "options": "x"}),
    "preset is a list": json.dumps({**BASE, "preset": [1]}),
    "the value is a list": "[1, 2]",
    "the value is a number": "7",
    "deep nesting": "[" * 5000 + "]" * 5000,
}


@pytest.mark.parametrize("what", HOSTILE_POSITIONS)
def test_a_hostile_position_in_a_record_is_refused_with_a_reason(client, what):
    escaped = HOSTILE_POSITIONS[what].replace('"', '\\"')
    text = f'[Game "shishbesh"]\n[Players "a,b"]\n[Seed "1"]\n[Position "{escaped}"]\n\n1. red [1-2]\n'
    r = client.post("/api/replay", content=text)
    assert r.status_code == 400 and r.json()["code"] == "record"
    assert r.json()["message"].startswith("the headers do not describe a game: ")
    r = client.post("/api/verify", content=text)
    assert r.status_code == 200 and not r.json()["ok"]
    assert any("the headers do not describe a game" in p for p in r.json()["problems"])


def test_the_dice_of_deeply_nested_or_malformed_options_are_refused(client):
    for options in ("[" * 5000, '{"arm": [1]}', "[1]", "{"):
        r = client.get("/api/games/shishbesh/dice", params={"options": options})
        assert r.status_code == 400 and r.json()["code"] == "options", options


# -- item 12: bodies and types ----------------------------------------------------------------------------
def test_a_chunked_body_over_the_limit_gets_413(client):
    def chunks():
        for _ in range(20):
            yield b"x" * 65536
    for path in ("/api/verify", "/api/rooms"):
        r = client.post(path, content=chunks())
        assert r.status_code == 413 and r.json()["code"] == "too_large", path


def test_deeply_nested_json_gets_a_refusal_with_code_and_message(client):
    r = client.post("/api/rooms", content="[" * 100_000, headers={"Content-Type": "application/json"})
    assert r.status_code == 400 and r.json()["code"] == "malformed" and "nested too deeply" in r.json()["message"]
    r = client.put("/api/rooms")
    assert r.status_code == 405 and r.json()["code"] == "method"


@pytest.mark.parametrize("act", [{"seq": "0"}, {"seq": True}, {"seq": 0.0}])
def test_a_move_whose_seq_is_not_an_integer_is_refused(act):
    with pytest.raises(ValueError):
        ClientMessage.validate_json(json.dumps({"type": "act", "action": "roll", **act}))
    assert ClientMessage.validate_json('{"type": "act", "action": "roll", "seq": 0}').seq == 0


def test_a_join_or_move_with_numbers_as_text_is_refused(client):
    room = create(client, seats=("local", "invite"))
    r = client.post(f"/api/rooms/{room['code']}/join", json={"player": "1", "name": "Ann"})
    assert r.status_code == 422 and r.json()["code"] == "malformed" and r.json()["message"].startswith("player")
    r = client.post(f"/api/rooms/{room['code']}/join", json={"player": True, "name": "Ann"})
    assert r.status_code == 422
    with client.websocket_connect(f"/ws/{room['code']}") as ws:
        ws.send_json({"type": "hello", "token": room["token"]})
        assert ws.receive_json()["type"] == "welcome"
        ws.receive_json()                                       # the state
        ws.send_json({"type": "act", "seq": "0", "action": "roll"})
        while (msg := ws.receive_json())["type"] != "error":
            pass
        assert msg["code"] == "malformed" and msg["message"] == "not a valid message: act.seq Input should be a valid integer"
    assert client.post(f"/api/rooms/{room['code']}/join", json={"player": 1, "name": "Ann", "key": room["key"]}).status_code == 200
