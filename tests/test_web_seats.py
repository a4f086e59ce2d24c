"""One person, several seats, on their own screen (issue 24): an invited person takes a team's two seats
in one join (or one more seat under the token they hold), all or none; a bad list of seats is refused by
name; the person acts for each seat they hold, is present or away in both, and resigns both."""
from fastapi.testclient import TestClient
import pytest

from pachisi.web import create_app, db
from pachisi.web.schemas import Joined, RoomInfo
from test_web_api import Player, create, settings

pytestmark = [pytest.mark.timeout(600), pytest.mark.usefixtures("database")]

TWO_BY_TWO = ("local", "invite", "local", "invite")     # the host plays yellow+blue, the guest red+green


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(settings(tmp_path))) as c:
        yield c


def join(client, room, **body):
    return client.post(f"/api/rooms/{room['code']}/join", json={"key": room["key"], **body})


def info(client, room):
    return client.get(f"/api/rooms/{room['code']}").json()


@pytest.mark.parametrize("game", ["pachisi", "chaupar"])
def test_a_guest_takes_both_seats_of_a_team_and_plays_each_of_them(client, game):
    room = create(client, game=game, seats=TWO_BY_TWO)
    r = join(client, room, players=[1, 3], name="Bo")
    assert r.status_code == 200, r.text
    joined = Joined.model_validate(r.json())
    assert joined.players == [1, 3] and joined.player == 1
    seen = RoomInfo.model_validate(info(client, room))
    assert seen.status == "playing"
    assert [(s.name, s.holder) for s in seen.seats] == [("P0", 0), ("Bo", 1), ("P2", 0), ("Bo", 1)]
    host, guest = Player(client, room["code"], room["token"]), Player(client, room["code"], joined.token)
    assert host.welcome["you"] == [0, 2] and guest.welcome["you"] == [1, 3]
    assert guest.welcome["resigns"] == [[1, 3], [3, 1]]      # resigning either seat gives up both (the button says)
    assert host.welcome["resigns"] == [[0, 2], [2, 0]]       # the host's local team seats at one screen
    assert [s["present"] for s in guest.state["room"]["seats"]] == [True] * 4
    acted = {}
    for _ in range(400):
        mover = host.state["turn"]["player"]
        actor = host if mover in (0, 2) else guest
        seq = actor.state["seq"]
        actor.act()
        host.wait_seq(seq + 1)
        guest.wait_seq(seq + 1)
        acted.setdefault(host.state["last"]["p"], set()).add(host.state["last"]["by"])
        if len(acted) == 4:
            break
    assert acted == {p: {"person"} for p in range(4)}
    assert not host.errors and not guest.errors
    host.close()
    guest.close()


def test_a_seated_guest_takes_their_partners_seat_too_under_the_same_token(client):
    room = create(client, game="pachisi", seats=("local", "invite", "invite", "invite"))
    first = join(client, room, player=1, name="Bo").json()
    guest = Player(client, room["code"], first["token"])
    assert guest.welcome["you"] == [1]
    # no key needed (the token vouches); one person has one name
    r = client.post(f"/api/rooms/{room['code']}/join", json={"players": [3], "token": first["token"], "name": "Al"})
    assert r.status_code == 200, r.text
    assert r.json()["token"] == first["token"] and r.json()["players"] == [3]
    seats = info(client, room)["seats"]
    assert [(s["name"], s["holder"], s["open"]) for s in seats[1:]] == [("Bo", 1, False), ("P2", None, True), ("Bo", 1, False)]
    assert info(client, room)["status"] == "waiting"            # seat 2 is still open
    again = Player(client, room["code"], first["token"])
    assert again.welcome["you"] == [1, 3]
    guest.close()
    again.close()


def test_a_list_with_one_taken_seat_takes_none_of_them(client):
    room = create(client, game="pachisi", seats=("local", "invite", "invite", "invite"))
    join(client, room, player=3, name="Cy")
    r = join(client, room, players=[1, 3], name="Bo")
    assert r.status_code == 409 and r.json()["code"] == "taken" and "3" in r.json()["message"]
    seats = info(client, room)["seats"]
    assert [(s["name"], s["open"]) for s in seats] == [("P0", False), ("P1", True), ("P2", True), ("Cy", False)]


def test_the_database_claims_a_list_of_seats_all_or_none_when_another_process_took_one_first(client):
    room = create(client, game="pachisi", seats=("local", "invite", "invite", "invite"))
    store = client.app.state.manager.store
    room_id = client.app.state.manager.rooms[room["code"]].id
    # another process took seat 3 meanwhile: this process's room does not know it yet
    assert store.write(db.claim_seats(room_id, [3], "Cy", "hash-of-cy")) is True
    assert store.write(db.claim_seats(room_id, [1, 2, 3], "Bo", "hash-of-bo", status="playing")) is False
    rows = store.read(lambda conn: conn.execute(db.select(db.seats.c.player, db.seats.c.name, db.seats.c.token_hash)
                                                .where(db.seats.c.room_id == room_id)
                                                .order_by(db.seats.c.player)).all())
    assert [tuple(r)[1:] for r in rows[1:]] == [("P1", None), ("P2", None), ("Cy", "hash-of-cy")]
    assert store.read(lambda conn: conn.execute(db.select(db.rooms.c.status)
                                                .where(db.rooms.c.id == room_id)).scalar()) == "waiting"


@pytest.mark.parametrize("body, status, code, says", [
    ({"players": []}, 400, "seat", "name the seats to take"),
    ({}, 400, "seat", "name the seats to take"),
    ({"players": [1, 3, 1]}, 400, "seat", "seat 1 is named twice"),
    ({"players": [1, 7]}, 400, "seat", "players 0 to 3"),
    ({"players": [1, -1]}, 400, "seat", "players 0 to 3"),
    ({"players": [1, 3] * 10}, 422, "malformed", "players"),
    ({"players": [1, 3], "player": 1}, 400, "seat", "not both"),
    ({"players": [0, 1]}, 400, "seat", "seat 0 is not open to invited players"),
    ({"players": [1], "token": "not-a-seat-token"}, 403, "token", "holds no seat"),
    ({"players": ["one"]}, 422, "malformed", "players"),
])
def test_a_bad_list_of_seats_is_refused_by_name_and_takes_nothing(client, body, status, code, says):
    room = create(client, game="pachisi", seats=TWO_BY_TWO)
    r = join(client, room, name="Bo", **body)
    assert (r.status_code, r.json()["code"]) == (status, code), r.text
    assert says in r.json()["message"]
    assert [s["open"] for s in info(client, room)["seats"]] == [False, True, False, True]


def test_a_private_rooms_seats_need_the_key_or_a_seat_token_of_the_room(client):
    room = create(client, game="pachisi", seats=TWO_BY_TWO)
    r = client.post(f"/api/rooms/{room['code']}/join", json={"players": [1, 3]})
    assert r.status_code == 403 and r.json()["code"] == "key"
    r = client.post(f"/api/rooms/{room['code']}/join", json={"players": [1, 3], "token": room["token"]})
    assert r.status_code == 200 and r.json()["token"] == room["token"]    # the host takes them to their screen
    assert [s["holder"] for s in info(client, room)["seats"]] == [0, 0, 0, 0]


def two_screens(client):
    """The host's and a guest's connections to a Pachisi room where the guest holds the seats 1 and 3."""
    room = create(client, game="pachisi", seats=TWO_BY_TWO)
    token = join(client, room, players=[1, 3], name="Bo").json()["token"]
    return Player(client, room["code"], room["token"]), Player(client, room["code"], token)


def test_a_guest_who_resigns_resigns_every_seat_they_hold(client):
    host, guest = two_screens(client)
    guest.send({"type": "resign", "player": 3})
    state = host.until(lambda m: m["type"] == "state" and m["room"]["seats"][1]["resigned"])
    assert [s["resigned"] for s in state["room"]["seats"]] == [False, True, False, True]
    assert (state["last"]["k"], state["last"]["v"], state["last"]["by"]) == ("resign", "1", "person")   # after 3's
    guest.send({"type": "chat", "text": "bye"})
    assert guest.error()["code"] == "spectator"                 # the connection holds no seat now
    host.close()
    guest.close()


def test_the_host_who_resigns_a_local_seat_resigns_its_partner_at_that_screen_too(client):
    host, guest = two_screens(client)
    host.send({"type": "resign", "player": 2})
    state = guest.until(lambda m: m["type"] == "state" and m["room"]["seats"][0]["resigned"])
    assert [s["resigned"] for s in state["room"]["seats"]] == [True, False, True, False]
    host.close()
    guest.close()


def test_a_guest_away_from_both_seats_is_stood_in_for_and_back_in_both(tmp_path):
    with TestClient(create_app(settings(tmp_path, min_absent_after=0.1))) as c:
        room = create(c, game="pachisi", seats=TWO_BY_TWO, absent_after=0.2)
        token = join(c, room, players=[1, 3], name="Bo").json()["token"]
        host = Player(c, room["code"], room["token"])
        assert [s["present"] for s in host.state["room"]["seats"]] == [True, False, True, False]
        by = {}
        for _ in range(2000):
            if {1, 3} <= set(by):
                break
            if host.state["turn"]["player"] in (0, 2):
                host.step()
            else:
                host.until(lambda m: m["type"] == "state")
            last = host.state["last"]
            if last and last["p"] in (1, 3):
                by.setdefault(last["p"], set()).add(last["by"])
        assert by == {1: {"standin"}, 3: {"standin"}}
        guest = Player(c, room["code"], token)
        seats = guest.state["room"]["seats"]
        assert [s["present"] for s in seats] == [True] * 4 and not any(s["standin"] for s in seats)
        host.close()
        guest.close()


def test_a_guest_with_two_seats_may_ask_for_a_hint_for_either_when_the_table_allows_hints(client):
    room = create(client, game="pachisi", seats=TWO_BY_TWO, table={"hints": True})
    token = join(client, room, players=[1, 3], name="Bo").json()["token"]
    host, guest = Player(client, room["code"], room["token"]), Player(client, room["code"], token)
    asked = set()
    for _ in range(2000):
        if asked == {1, 3}:
            break
        turn = host.state["turn"]
        if turn["player"] in (1, 3) and turn["phase"] == "move" and len(guest.wait_seq(host.state["seq"])["moves"]) > 1 \
                and turn["player"] not in asked:
            r = client.post(f"/api/rooms/{room['code']}/hint", json={"token": token})
            assert r.status_code == 200, r.text
            assert r.json()["move"] in {m["t"] for m in guest.state["moves"]} | {t for m in guest.state["moves"]
                                                                                 for t in m.get("same", ())}
            r = client.post(f"/api/rooms/{room['code']}/hint", json={"token": room["token"]})
            assert r.status_code == 403
            asked.add(turn["player"])
        actor = host if turn["player"] in (0, 2) else guest
        seq = host.state["seq"]
        actor.wait_seq(seq)
        actor.step()
        host.wait_seq(seq + 1)
        guest.wait_seq(seq + 1)
    assert asked == {1, 3}
    host.close()
    guest.close()


def test_a_rematch_keeps_both_seats_of_each_person_under_their_token(client):
    room = create(client, game="ludo", seats=TWO_BY_TWO, options={"teams": "opposite"}, standin_level=1)
    token = join(client, room, players=[1, 3], name="Bo").json()["token"]
    host, guest = Player(client, room["code"], room["token"]), Player(client, room["code"], token)
    guest.send({"type": "resign", "player": 1})
    host.send({"type": "resign", "player": 0})              # and blue with it: bots play the game out
    over = host.until(lambda m: m["type"] == "state" and m["room"]["status"] == "over")
    assert all(s["resigned"] for s in over["room"]["seats"])
    r = client.post(f"/api/rooms/{room['code']}/rematch", json={"token": token})
    assert r.status_code == 200, r.text
    code = r.json()["code"]
    seats = client.get(f"/api/rooms/{code}").json()["seats"]
    assert [(s["name"], s["holder"], s["resigned"]) for s in seats] == \
        [("P0", 0, False), ("Bo", 1, False), ("P2", 0, False), ("Bo", 1, False)]
    again = Player(client, code, token)
    assert again.welcome["you"] == [1, 3]
    for p in (host, guest, again):
        p.close()
