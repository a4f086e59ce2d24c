"""What the lobby and the how-to-play pages get from the server: every house rule, value and preset
named in English and Russian, a quick start per game, the how-to-play pages with their diagrams (each a
legal move of a real position), "my games", private rooms, and the pages for addresses that are not there."""
import re

import pytest
from fastapi.testclient import TestClient

from pachisi.games import BUILT_IN, GAMES
from pachisi.i18n import Error
from pachisi.web import create_app
from pachisi.web.catalogue import render_play
from test_web_api import GREEDY, create, settings

pytestmark = pytest.mark.usefixtures("database")


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(settings(tmp_path))) as c:
        yield c


def test_every_house_rule_value_and_preset_has_a_name_in_both_languages(client):
    for game in client.get("/api/lobby").json()["games"]:
        for o in game["options"]:
            assert o["title"]["en"] != o["name"] and o["title"]["ru"] != o["title"]["en"], (game["name"], o["name"])
            for v in o["values"]:
                if isinstance(v["value"], str) and len(v["value"]) > 1:
                    assert v["name"] and v["name"]["ru"] != v["name"]["en"], (game["name"], o["name"], v)
            for text in o["player_help"].values():      # the values are shown by name
                assert not any(re.search(rf"\({re.escape(str(c))}\b", text) for c in o["choices"]
                               if isinstance(c, str) and len(c) > 1), text
        assert [p["name"] for p in game["preset_info"]] == list(game["presets"])
        for p in game["preset_info"]:
            assert p["title"]["en"] and p["title"]["ru"] != p["title"]["en"] and p["help"]["ru"], p
        assert game["min_players"] <= game["quick"]["players"] <= game["max_players"]
    ludo = next(g for g in client.get("/api/lobby").json()["games"] if g["name"] == "ludo")
    third = next(o for o in ludo["options"] if o["name"] == "third_six")
    assert third["title"] == {"en": "Third six in a row", "ru": "Третья шестёрка подряд"}
    assert [v["name"]["en"] for v in third["values"]] == ["that roll is lost", "the whole turn is undone"]
    assert ludo["quick"] == {"players": 4, "level": 3}


def test_a_number_option_comes_with_its_range_and_step_for_the_lobby(client):
    pachisi = next(g for g in client.get("/api/lobby").json()["games"] if g["name"] == "pachisi")
    p = next(o for o in pachisi["options"] if o["name"] == "cowrie_p")
    assert (p["kind"], p["default"], p["min"], p["max"], p["step"]) == ("number", "0.5", "0.01", "0.99", "0.01")


def test_a_game_declares_the_titles_of_its_own_options_values_and_presets():
    for name in BUILT_IN:
        cls = GAMES[name]
        for o in cls.options:
            assert o.title, (name, o.name)
            assert {v for v, _ in o.names} <= set(o.choices), (name, o.name)
        for preset in cls.presets:
            assert cls.preset_title(preset) != (preset, ""), (name, preset)
    assert GAMES["kimbo"].quick_players == 2 and GAMES["ludo"].quick_players == 4


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_has_a_how_to_play_page_with_diagrams_for_players(client, game, lang):
    r = client.get(f"/api/games/{game}/play", headers={"Accept-Language": lang})
    assert r.status_code == 200
    page = r.json()
    assert page["lang"] == lang
    assert len(page["diagrams"]) >= 3
    assert page["html"].count("<figure class=\"diagram\"") == len(page["diagrams"])
    assert not re.search(r"rules\.md|\.\./shared|§|seeds|\.py\b|src/", page["html"])
    for d in page["diagrams"]:
        assert d["layout"]["squares"] and d["before"]["pieces"] and d["caption"]
        if d["move"]:
            assert d["after"] != d["before"] and d["move"]["t"]
    if lang == "ru":
        assert re.search("[а-я]{5}", page["html"])


def test_a_diagram_must_be_a_legal_move_of_a_valid_position():
    good = '```diagram\n{"position": {"players": 2, "pieces": [[10, -1, -1, -1], [40, -1, -1, -1]]}, ' \
           '"dice": [4], "move": "4a", "caption": "a capture"}\n```\n'
    html, diagrams = render_play("# Ludo\n\n" + good, "ludo")
    d = diagrams[0]
    kinds = {(r, c): (kind, label) for r, c, kind, _owner, label, *_ in d["layout"]["squares"]}
    blue = [kinds[r, c] for r, c, player, *_ in d["after"]["pieces"] if player == 1]
    assert d["move"]["t"] == "4a" and blue == [("store", "yard")] * 4      # the captured piece is back in its yard
    with pytest.raises(Error, match=r"page, diagram at line 3: 5a is not a legal move there; legal: 4a"):
        render_play("# Ludo\n\n" + good.replace('"move": "4a"', '"move": "5a"'), "ludo")
    with pytest.raises(Error, match="diagram at line 1"):
        render_play('```diagram\n{"position": {"pieces": [[60, 0, 0, 0]]}}\n```\n', "ludo")


def test_the_play_page_of_an_unknown_game_is_a_404(client):
    r = client.get("/api/games/chess/play", headers={"Accept-Language": "ru"})
    assert r.status_code == 404 and r.json()["code"] == "game"


def test_a_room_with_invited_seats_is_private_unless_listed(client):
    private = create(client, seats=("local", "invite"))
    listed = create(client, seats=("local", "invite"), public=True)
    codes = [r["code"] for r in client.get("/api/rooms").json()]
    assert listed["code"] in codes and private["code"] not in codes


def test_my_rooms_are_the_rooms_a_browser_holds_seats_in_with_whose_turn_it_is(client):
    hotseat = create(client, seats=("local", "local"))
    waiting = create(client, seats=("local", "invite"))
    stranger = create(client)
    withbot = create(client)
    tokens = {hotseat["code"]: hotseat["token"], waiting["code"]: waiting["token"], withbot["code"]: withbot["token"],
              stranger["code"]: "not-its-token", "ZZZZZZ": "gone", "bad!": "x"}
    rooms = {r["code"]: r for r in client.post("/api/rooms/mine", json={"tokens": tokens}).json()}
    assert set(rooms) == {hotseat["code"], waiting["code"], withbot["code"]}
    assert rooms[withbot["code"]]["kinds"] == ["local", "bot"] and rooms[withbot["code"]]["levels"] == [None, GREEDY]
    assert rooms[hotseat["code"]]["you"] == [0, 1] and rooms[hotseat["code"]]["status"] == "playing"
    assert rooms[hotseat["code"]]["turn"] in (0, 1) and rooms[hotseat["code"]]["winner"] is None
    assert rooms[waiting["code"]]["you"] == [0] and rooms[waiting["code"]]["turn"] is None
    assert rooms[waiting["code"]]["kinds"] == ["local", "invite"]
    assert client.post("/api/rooms/mine", json={"tokens": {str(i): "t" for i in range(201)}}).status_code == 422


def test_an_address_that_is_not_there_is_a_404_page_and_the_api_says_so_in_json(client):
    assert client.get("/r/bad-code!").status_code == 404
    assert "<main id=\"app\"" in client.get("/r/bad-code!").text           # the page that says so
    assert client.get("/r/ABC234").status_code == 200
    assert client.get("/somewhere/else").status_code == 404
    r = client.get("/api/nothing", headers={"Accept-Language": "ru"})
    assert r.status_code == 404 and r.json() == {"code": "missing", "message": "по адресу /api/nothing ничего нет"}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_russian_how_to_play_page_shows_the_same_diagrams(client, game):
    en, ru = (client.get(f"/api/games/{game}/play", headers={"Accept-Language": lang}).json()["diagrams"]
              for lang in ("en", "ru"))
    assert [(d["before"], d["move"], d["dice"]) for d in en] == [(d["before"], d["move"], d["dice"]) for d in ru]
    assert all(re.search("[а-я]", d["caption"]) for d in ru)
