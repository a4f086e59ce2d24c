"""The server under attack (issue 15): what one client may take of it.

Slow clients cannot hold its sockets (a header deadline, a per-address cap on
connections); one seat's many connections share one allowance of chat and actions;
connections per seat and spectators per room and address are capped; a malformed move
is refused without the engine; refused actions and guesses of room codes are paid from
a budget per address; private rooms' seats need the invitation key; names that look
blank or like a bot's are not taken."""
from contextlib import contextmanager
import socket
import threading
import time

from fastapi.testclient import TestClient
import pytest

from pachisi.engine.game import State
from pachisi.web import create_app
from pachisi.web.limits import LimitSettings, server_config
from pachisi.web.testing import free_port
from test_web_api import Player, create, my_turn, play_until, settings

pytestmark = [pytest.mark.timeout(1800), pytest.mark.usefixtures("database")]   # a bound on a hang


@contextmanager
def app_client(tmp_path, address="testclient", limits=None, **kw):
    s = settings(tmp_path, limits=limits or LimitSettings(), **kw)
    with TestClient(create_app(s), client=(address, 50000)) as c:
        yield c


# -- the socket layer: a live uvicorn with `pachisi serve`'s configuration -----------------------------
@contextmanager
def live_server(tmp_path, **limits):
    import uvicorn
    lim = LimitSettings(**limits)
    port = free_port()
    server = uvicorn.Server(server_config(create_app(settings(tmp_path, limits=lim)), "127.0.0.1", port, lim,
                                          "warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 600                 # a bound on a hang: a loaded machine starts it slowly
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    try:
        yield port
    finally:
        server.should_exit = True
        thread.join(20)


def connect(port, source="127.0.0.1"):
    s = socket.socket()
    s.settimeout(300)                           # a bound on a hang, not a measure of speed
    s.bind((source, 0))
    s.connect(("127.0.0.1", port))
    return s


def read_all(s):
    out = b""
    while True:
        chunk = s.recv(65536)
        if not chunk:
            return out
        out += chunk


def test_a_half_sent_request_is_closed_when_its_headers_are_late(tmp_path):
    with live_server(tmp_path, header_timeout=0.5) as port:
        s = connect(port)
        s.sendall(b"GET /api/lobby HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        assert read_all(s) == b""              # closed by the server, with no answer (a timeout would raise)
        s.close()
        # a keep-alive connection that trickles its next request is closed too
        s = connect(port)
        s.sendall(b"GET /api/rooms HTTP/1.1\r\nHost: x\r\n\r\n")
        first = s.recv(65536)
        assert first.startswith(b"HTTP/1.1 200")
        s.sendall(b"GET /api/rooms HTTP/1.1\r\nHo")
        assert b"HTTP/1.1" not in read_all(s)
        s.close()


def test_beyond_the_per_address_cap_new_connections_are_refused_while_another_address_is_served(tmp_path):
    with live_server(tmp_path, conns_per_address=3, header_timeout=60) as port:
        held = [connect(port) for _ in range(3)]
        for s in held:                          # each is open and served
            s.sendall(b"GET /api/rooms HTTP/1.1\r\nHost: x\r\n\r\n")
            assert s.recv(65536).startswith(b"HTTP/1.1 200")
        extra = connect(port)
        answer = read_all(extra)
        assert answer.startswith(b"HTTP/1.1 429") and b"too many connections from your address" in answer
        other = connect(port, source="127.0.0.2")
        other.sendall(b"GET /api/rooms HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        assert read_all(other).startswith(b"HTTP/1.1 200")
        held.pop().close()                      # one closed: the address may open one again
        deadline = time.monotonic() + 300       # once the server has seen it closed (a bound on a hang)
        while True:
            again = connect(port)
            again.sendall(b"GET /api/rooms HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            answer = read_all(again)
            again.close()
            if not answer.startswith(b"HTTP/1.1 429") or time.monotonic() > deadline:
                break
            time.sleep(0.05)
        assert answer.startswith(b"HTTP/1.1 200")
        for s in held + [extra, other]:
            s.close()


def test_one_host_many_addresses_cannot_fill_the_server_beyond_its_prefix_cap(tmp_path):
    """Caps per /24 (and /64): a host with many addresses is held to its prefix's share, another network
    is served."""
    with live_server(tmp_path, conns_per_address=3, conns_per_prefix=4, header_timeout=60) as port:
        held = [connect(port) for _ in range(3)] + [connect(port, source="127.0.0.2")]
        for s in held:
            s.sendall(b"GET /api/rooms HTTP/1.1\r\nHost: x\r\n\r\n")
            assert s.recv(65536).startswith(b"HTTP/1.1 200")
        neighbour = connect(port, source="127.0.0.3")       # the same /24: refused
        assert read_all(neighbour).startswith(b"HTTP/1.1 429")
        other = connect(port, source="127.0.1.3")           # another /24: served
        other.sendall(b"GET /api/rooms HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        assert read_all(other).startswith(b"HTTP/1.1 200")
        for s in held + [neighbour, other]:
            s.close()


def test_the_prefix_of_an_address_is_its_slash_24_or_slash_64():
    from pachisi.web.limits import prefix_of
    assert prefix_of("203.0.113.77") == "203.0.113.0/24"
    assert prefix_of("::ffff:203.0.113.77") == "203.0.113.0/24"
    assert prefix_of("2001:db8:1:2:aaaa::1") == prefix_of("2001:db8:1:2:ffff::9") == "2001:db8:1:2::/64"


def slow_post(port, length=100_000):
    s = connect(port)
    s.sendall(b"POST /api/verify HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\n"
              b"Content-Length: %d\r\n\r\n" % length + b"[Game")
    return s


def test_a_body_trickling_below_the_rate_floor_is_closed_with_408(tmp_path):
    with live_server(tmp_path, body_rate=1000, body_grace=0.5, body_timeout=0) as port:
        s = slow_post(port)
        answer = read_all(s)                # the body stops after 5 bytes: closed (a timeout would raise)
        assert answer.startswith(b"HTTP/1.1 408") and b"too slowly" in answer
        s.close()


def test_a_body_that_keeps_coming_but_never_ends_is_closed_at_its_deadline(tmp_path):
    with live_server(tmp_path, body_rate=0, body_timeout=1.5) as port:
        s = slow_post(port, 10_000_000 // 10)
        stop = threading.Event()

        def trickle():
            while not stop.wait(0.05):
                try:
                    s.sendall(b" " * 64)
                except OSError:
                    return
        sender = threading.Thread(target=trickle, daemon=True)
        sender.start()
        answer = read_all(s)
        stop.set()
        sender.join(5)
        assert answer.startswith(b"HTTP/1.1 408")
        s.close()


def test_a_large_body_is_spooled_while_it_arrives_not_held_in_memory():
    """BodyLimit keeps at most its spool's size of a body in memory (the rest on disk) until the app
    reads it; the app gets every byte."""
    import asyncio
    import tracemalloc
    from pachisi.web.app import BodyLimit
    size, piece = 1 << 20, 32 * 1024
    seen = {}

    async def app(scope, receive, send):
        seen["held"] = tracemalloc.get_traced_memory()[0] - seen["base"]
        body = b""
        while True:
            m = await receive()
            body += m["body"]
            if not m["more_body"]:
                break
        seen["body"] = body

    async def main():
        sent = 0

        async def receive():
            nonlocal sent
            sent += piece
            return {"type": "http.request", "body": bytes([sent % 251]) * piece, "more_body": sent < size}
        tracemalloc.start()
        seen["base"] = tracemalloc.get_traced_memory()[0]
        try:
            await BodyLimit(app, size)({"type": "http", "headers": []}, receive, None)
        finally:
            tracemalloc.stop()
    asyncio.run(main())
    assert seen["held"] < 3 * BodyLimit.SPOOL, seen["held"]
    assert len(seen["body"]) == size and seen["body"][-1] == size % 251


# -- the app layer ----------------------------------------------------------------------------------------
def test_twenty_connections_of_one_seat_chat_no_more_than_one(tmp_path):
    with app_client(tmp_path, limits=LimitSettings(conns_per_seat=20), chat_rate=0.0001, chat_burst=5) as client:
        room = create(client)
        players = [Player(client, room["code"], room["token"]) for _ in range(20)]
        for i, p in enumerate(players):
            for j in range(5):
                p.send({"type": "chat", "text": f"line {i}.{j}"})
        for p in players:
            p.send({"type": "ping"})
            p.until(lambda m: m["type"] == "pong")
        watcher = Player(client, room["code"])
        for p in players + [watcher]:
            p.close()
        assert len(watcher.state["chat"]) == 5            # one connection alone may send 5
        refused = [e for p in players for e in p.errors if e["code"] == "rate"]
        assert len(refused) == 95


def refused_hello(client, code, token=None):
    """A connection that says hello and is refused: its error message and the close code."""
    with client.websocket_connect(f"/ws/{code}") as ws:
        ws.send_json({"type": "hello", "token": token})
        error = ws.receive_json()
        closed = ws.receive()
    return error, closed


def test_the_fifth_connection_of_a_seat_is_refused_with_a_clear_message(tmp_path):
    with app_client(tmp_path) as client:
        room = create(client)
        players = [Player(client, room["code"], room["token"]) for _ in range(4)]
        error, closed = refused_hello(client, room["code"], room["token"])
        assert error["code"] == "connections"
        assert error["message"] == ("this seat already has 4 connections open: close one of its tabs or devices "
                                    "first")
        assert closed == {"type": "websocket.close", "code": 4429, "reason": ""}
        players.pop().close()                   # one gone: a new one is let in
        players.append(Player(client, room["code"], room["token"]))
        assert players[-1].welcome["you"] == [0]
        for p in players:
            p.close()


def test_spectators_are_capped_per_address(tmp_path):
    with app_client(tmp_path, limits=LimitSettings(spectators_per_address=3, spectators_per_room=50)) as client:
        room = create(client)
        code = room["code"]
        watchers = [Player(client, code) for _ in range(3)]
        error, _ = refused_hello(client, code)
        assert error == {"type": "error", "code": "connections", "seq": None, "id": None,
                         "message": "too many rooms are watched from your address (at most 3)"}
        player = Player(client, code, room["token"])        # a seat's connection is no spectator
        assert player.welcome["you"] == [0]
        for p in watchers + [player]:
            p.close()


def test_spectators_are_capped_per_room(tmp_path):
    with app_client(tmp_path, limits=LimitSettings(spectators_per_address=50, spectators_per_room=2)) as client:
        room = create(client)
        code = room["code"]
        watchers = [Player(client, code) for _ in range(2)]
        error, _ = refused_hello(client, code)
        assert error["code"] == "connections"
        assert error["message"] == "this room already has 2 spectators: try again later"
        watchers.pop().close()                              # one leaves: another may watch
        watchers.append(Player(client, code))
        for p in watchers:
            p.close()


def move_turn(p):
    """Play p's turns until it is to move (not roll) with a choice of moves."""
    play_until(p, lambda p: my_turn(p) and p.state["turn"]["phase"] == "move" and p.state["moves"], 500,
               "a move turn")


def test_a_malformed_move_is_refused_without_the_engine_and_a_listed_one_is_parsed_only_to_be_played(tmp_path, monkeypatch):
    with app_client(tmp_path) as client:
        room = create(client, game="kimbo", seats=("local", "bot"))
        p = Player(client, room["code"], room["token"])
        move_turn(p)
        calls = []
        parse = State.parse_move
        monkeypatch.setattr(State, "parse_move", lambda self, text: calls.append(text) or parse(self, text))
        seq = p.state["seq"]
        for junk in ("\u2603" * 30, "x" * 70, "{}", "a1\u00a0-b2"):
            p.act(junk)
            e = p.error()
            assert e["code"] == "illegal" and e["seq"] == seq and "is not a move here" in e["message"]
        assert calls == []                  # refused without the engine's parser
        listed = p.state["moves"][0]["t"]
        p.act(listed)
        p.wait_seq(seq + 1)
        assert calls == [listed]            # checked against the list, parsed once: to be played
        p.close()


def test_refused_actions_are_paid_from_the_address_budget(tmp_path):
    with app_client(tmp_path, limits=LimitSettings(refused_rate=0.0001, refused_burst=3)) as client:
        room = create(client)
        p = Player(client, room["code"], room["token"])
        codes = []
        for _ in range(5):
            p.act("roll", seq=999)
            codes.append(p.error()["code"])
        assert codes == ["stale"] * 3 + ["rate"] * 2
        assert p.errors[-1]["message"] == "too many refused actions from your address; wait a little"
        p.close()


def test_a_seats_actions_share_one_allowance(tmp_path):
    with app_client(tmp_path, rate=0.0001, burst=3) as client:       # 3 messages a connection, 3 actions a seat
        room = create(client)
        a, b = Player(client, room["code"], room["token"]), Player(client, room["code"], room["token"])
        for p in (a, b, a, b):
            p.act("roll", seq=999)
        assert [a.error()["code"], b.error()["code"], a.error()["code"], b.error()["code"]] == \
            ["stale", "stale", "stale", "rate"]
        assert b.errors[-1]["message"] == "too many actions from this seat; slow down"
        a.close()
        b.close()


def test_guessing_room_codes_is_refused_after_the_budget_everywhere_and_other_addresses_go_on(tmp_path):
    with app_client(tmp_path, limits=LimitSettings(lookup_rate=0.0001, lookup_burst=3)) as client:
        room = create(client)
        code = room["code"]
        assert client.get(f"/api/rooms/{code}").status_code == 200        # known rooms cost nothing
        assert [client.get(f"/api/rooms/{guess}").status_code for guess in ("AAAAAA", "BBBBBB", "CCCCCC")] == \
            [404] * 3
        r = client.get(f"/api/rooms/{code}", headers={"Accept-Language": "ru"})
        assert r.status_code == 429 and r.json() == {
            "code": "rate", "message": "отсюда слишком часто спрашивают несуществующие комнаты; подождите минуту"}
        assert client.post(f"/api/rooms/{code}/join", json={"player": 1, "key": "wrong"}).status_code == 429
        with client.websocket_connect(f"/ws/{code}") as ws:
            ws.send_json({"type": "hello", "token": "not a seat's"})
            assert ws.receive_json()["code"] == "rate"
            assert ws.receive()["code"] == 4429
        with TestClient(client.app, client=("10.0.0.9", 1)) as other:
            assert other.get(f"/api/rooms/{code}").status_code == 200


def test_a_neighbour_who_spent_the_lookup_budget_does_not_lock_a_player_out_of_their_own_room(tmp_path):
    """The budget of unknown codes is the address's; a lookup that carries the room's seat token or
    invitation key is one's own and is answered whatever it holds."""
    with app_client(tmp_path, limits=LimitSettings(lookup_rate=0.0001, lookup_burst=3)) as client:
        room = create(client, seats=("local", "invite"))
        code = room["code"]
        for guess in ("AAAAAA", "BBBBBB", "CCCCCC"):        # a hostile page at the same address
            client.get(f"/api/rooms/{guess}")
        assert client.get(f"/api/rooms/{code}").status_code == 429
        host = Player(client, code, room["token"])           # the player's own room opens
        assert host.welcome["you"] == [0]
        r = client.post(f"/api/rooms/{code}/join", json={"player": 1, "name": "Bo", "key": room["key"]})
        assert r.status_code == 200                           # the invitation vouches too
        mine = client.post("/api/rooms/mine", json={"tokens": {code: room["token"]}})
        assert [g["code"] for g in mine.json()] == [code]
        host.close()


def test_an_open_seat_of_a_private_room_needs_the_invitation_key(tmp_path):
    with app_client(tmp_path) as client:
        room = create(client, seats=("local", "invite"))
        code, key = room["code"], room["key"]
        assert room["url"] == f"/r/{code}?k={key}" and len(key) >= 16
        for wrong in ({}, {"key": ""}, {"key": key[:-1] + ("A" if key[-1] != "A" else "B")}):
            r = client.post(f"/api/rooms/{code}/join", json={"player": 1, "name": "Eve", **wrong})
            assert r.status_code == 403 and r.json()["code"] == "key"
        assert client.get(f"/api/rooms/{code}").json()["seats"][1]["open"]
        host = Player(client, code, room["token"])
        watcher = Player(client, code)
        assert host.welcome["key"] == key and watcher.welcome["key"] is None
        r = client.post(f"/api/rooms/{code}/join", json={"player": 1, "name": "Bo", "key": key})
        assert r.status_code == 200
        bo = Player(client, code, r.json()["token"])
        assert bo.welcome["you"] == [1] and bo.welcome["key"] == key
        for p in (host, watcher, bo):
            p.close()
        public = create(client, seats=("local", "invite"), public=True)
        r = client.post(f"/api/rooms/{public['code']}/join", json={"player": 1, "name": "Cy"})
        assert r.status_code == 200                    # a public room's seats are open to the lobby


BLANK = ["\u3164\u3164", "\u0301\u0302\u0303", "\u200b\u200d", "\u2800\u2800", "\u115f\u1160", "\uffa0",
         "\u3000\u2003", "\u034f\u180e"]
BOTLIKE = ["bot 5", "Bot5", "BOT", "Master", "master bot", "level 3", "бот 2", "Мастер", "Лёгкий", "Новичок",
           "Средний", "сильный", "Beginner", "Hard", "b\u00f3t 4", "bot-5", "\uff42\uff4f\uff54 \uff15"]


@pytest.mark.parametrize("name", BLANK)
def test_a_blank_looking_name_is_no_name(tmp_path, name):
    with app_client(tmp_path) as client:
        room = create(client, seats=("local", "invite"))
        r = client.post(f"/api/rooms/{room['code']}/join", json={"player": 1, "name": name, "key": room["key"]})
        assert r.status_code == 200
        assert client.get(f"/api/rooms/{room['code']}").json()["seats"][1]["name"] == "Player 2"
        r = client.post("/api/rooms", json={"game": "ludo", "seats": [{"kind": "local", "name": name},
                                                                       {"kind": "bot", "level": 1}]})
        assert client.get(f"/api/rooms/{r.json()['code']}").json()["seats"][0]["name"] == "Player 1"


@pytest.mark.parametrize("name", BOTLIKE)
def test_a_name_that_passes_for_a_bot_is_refused(tmp_path, name):
    with app_client(tmp_path) as client:
        room = create(client, seats=("local", "invite"))
        r = client.post(f"/api/rooms/{room['code']}/join", json={"player": 1, "name": name, "key": room["key"]})
        assert r.status_code == 400 and r.json()["code"] == "name"
        assert "reads like a bot's" in r.json()["message"]
        assert client.get(f"/api/rooms/{room['code']}").json()["seats"][1]["open"]
        r = client.post("/api/rooms", json={"game": "ludo", "seats": [{"kind": "local", "name": name},
                                                                       {"kind": "bot", "level": 1}]},
                        headers={"Accept-Language": "ru"})
        assert r.status_code == 400 and "похоже на имя бота" in r.json()["message"]


@pytest.mark.parametrize("name", ["Robert", "Bottom", "Masterchef", "Анна", "Медведь", "Abbot", "Player 1", "R2D2"])
def test_ordinary_names_are_kept(tmp_path, name):
    with app_client(tmp_path) as client:
        room = create(client, seats=("local", "invite"))
        r = client.post(f"/api/rooms/{room['code']}/join", json={"player": 1, "name": name, "key": room["key"]})
        assert r.status_code == 200
        assert client.get(f"/api/rooms/{room['code']}").json()["seats"][1]["name"] == name


@pytest.mark.parametrize("name", ["Вот 5", "Маster", "ΒΟΤ 3", "bоt"])
def test_a_bot_name_written_with_cyrillic_or_greek_look_alikes_is_refused_too(name):
    from pachisi.web.names import bot_like
    assert bot_like(name)
    assert not bot_like("Вова") and not bot_like("Маша") and not bot_like("Botond")


def test_zalgo_and_variation_selectors_are_taken_out_of_names():
    from pachisi.web.rooms import clean_name
    zalgo = "Z" + "\u0336\u0335\u0334\u0321\u0322" * 6 + "oe"
    assert clean_name(zalgo, "x") == "Z\u0336\u0335oe"
    assert clean_name("Ann\ufe0f\u2764\ufe0e", "x") == "Ann\u2764"
    assert clean_name("Nguyễn", "x") == "Nguyễn"                     # two marks on a letter are kept


def test_the_invitation_key_stays_out_of_the_access_log_and_of_referers(tmp_path):
    import logging
    from pachisi.web.limits import Unkeyed
    record = logging.LogRecord("uvicorn.access", logging.INFO, "", 0, '%s - "%s %s HTTP/%s" %d',
                               ("1.2.3.4:5", "GET", "/r/ABCDEF?k=s3cret&lang=ru", "1.1", 200), None)
    Unkeyed().filter(record)
    assert "s3cret" not in record.getMessage() and "/r/ABCDEF?k=…&lang=ru" in record.getMessage()
    with app_client(tmp_path) as client:
        r = client.get("/r/ABCDEF?k=s3cret")
        assert r.headers["referrer-policy"] == "no-referrer"
        csp = dict(part.strip().split(" ", 1) for part in r.headers["content-security-policy"].split(";"))
        assert csp["connect-src"] == "'self'"                         # WebSockets to this host only
        assert client.get("/api/docs").status_code == 404           # no Swagger page from a CDN the CSP refuses
        assert client.get("/api/openapi.json").status_code == 200
