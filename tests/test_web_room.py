"""The room's server side for the players' page: 64-bit seeds as strings, a log
that keeps every event that tells the story (who captured whom, extra rolls,
penalties...), and the rematch of a finished room (same seats, new dice)."""
from fastapi.testclient import TestClient
import pytest

from pachisi.web import create_app
from pachisi.engine.story import QUIET
from test_web_api import Player, create, play_out, settings

pytestmark = [pytest.mark.timeout(1800), pytest.mark.usefixtures("database")]   # a bound on a hang


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(settings(tmp_path))) as c:
        yield c


def finished(client, game="ludo"):
    room = create(client, game=game, seats=("local", "bot"))
    p = Player(client, room["code"], room["token"])
    final = play_out(p)
    return room, p, final


def test_a_revealed_seed_above_2_53_is_sent_as_a_string_with_every_digit(client):
    room, p, final = finished(client)
    seed = final["room"]["seed"]
    assert isinstance(seed, str) and int(seed) > 2 ** 53
    record = client.get(f"/api/rooms/{room['code']}/record").text
    assert f'[Seed "{seed}"]' in record
    assert client.get(f"/api/rooms/{room['code']}").json()["seed"] == seed
    p.close()


def test_the_log_keeps_the_events_that_tell_the_story_after_a_reconnect(client):
    room, p, final = finished(client)
    p.close()
    again = Player(client, room["code"], room["token"])
    log = again.state["log"]
    assert len(log) == again.state["seq"]
    kinds = {e["kind"] for entry in log for e in entry["e"]}
    assert "won" in kinds and "finished" in kinds
    assert not kinds & QUIET
    assert {entry["by"] for entry in log} == {"person", "bot"}
    won = [e for entry in log for e in entry["e"] if e["kind"] == "won"]
    assert won[0]["player"] == final["winner"] and won[0]["a"] == 1
    for entry in log:                      # a capture says who was taken (player, piece) and by whom (b)
        for e in entry["e"]:
            if e["kind"] == "captured":
                assert e["b"] == entry["p"] != e["player"]
    again.close()


def test_a_rematch_keeps_the_seats_bots_and_names_and_each_player_their_seat(client):
    room, p, final = finished(client)
    code = room["code"]
    r = client.post(f"/api/rooms/{code}/rematch", json={"token": room["token"]})
    assert r.status_code == 200, r.text
    new = r.json()["code"]
    assert new != code and r.json()["url"] == f"/r/{new}"
    # the old room tells everyone in it where the rematch is
    state = p.until(lambda m: m["type"] == "state" and m["room"]["rematch"] == new)
    assert state["room"]["status"] == "over"
    old, info = client.get(f"/api/rooms/{code}").json(), client.get(f"/api/rooms/{new}").json()
    assert info["status"] == "playing" and info["seed"] is None and info["commit"] != old["commit"]
    assert [(s["kind"], s["name"], s["level"]) for s in info["seats"]] == \
        [(s["kind"], s["name"], s["level"]) for s in old["seats"]]
    assert (info["game"], info["preset"], info["options"], info["wins"]) == \
        (old["game"], old["preset"], old["options"], old["wins"])
    # asked again: the same room; the same token holds the same seat there
    assert client.post(f"/api/rooms/{code}/rematch", json={"token": room["token"]}).json()["code"] == new
    q = Player(client, new, room["token"])
    assert q.welcome["you"] == [0]
    q.close()
    p.close()


def test_a_rematch_is_refused_before_the_end_and_to_people_without_a_seat(client):
    room = create(client, game="ludo", seats=("local", "bot"))
    r = client.post(f"/api/rooms/{room['code']}/rematch", json={"token": room["token"]})
    assert r.status_code == 409 and r.json()["code"] == "playing"
    r = client.post(f"/api/rooms/{room['code']}/rematch", json={"token": "not-a-seat"},
                    headers={"Accept-Language": "ru"})
    assert r.status_code == 403 and r.json()["message"] == "реванш может попросить только игрок этой комнаты"
    assert client.post("/api/rooms/ZZZZZZ/rematch", json={"token": "x"}).status_code == 404
    assert client.post(f"/api/rooms/{room['code']}/rematch", json={}).status_code == 422


def test_a_rematch_survives_a_restart(tmp_path):
    with TestClient(create_app(settings(tmp_path))) as c:
        room, p, _ = finished(c)
        new = c.post(f"/api/rooms/{room['code']}/rematch", json={"token": room["token"]}).json()["code"]
        p.close()
    with TestClient(create_app(settings(tmp_path))) as c:
        assert c.get(f"/api/rooms/{room['code']}").json()["rematch"] == new
        assert c.get(f"/api/rooms/{new}").json()["rematch"] is None


def test_the_record_of_a_rematch_is_its_own_game(client):
    room, p, _ = finished(client)
    new = client.post(f"/api/rooms/{room['code']}/rematch", json={"token": room["token"]}).json()["code"]
    text = client.get(f"/api/rooms/{new}/record").text
    assert f'[Room "{new}"]' in text and not [line for line in text.splitlines() if line[:1].isdigit()]
    p.close()
