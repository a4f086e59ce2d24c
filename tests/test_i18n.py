"""The interface in Russian (issue #6): every reason a game gives for refusing a
move, every whole-roll reason and every house rule's help has its Russian text
in the one catalogue (locale/ru/LC_MESSAGES/pachisi.po), so a rule or an option added without
one fails here by name; the engine's refusals keep their English message and
can be told in Russian; a WebSocket client that says hello in Russian gets its
refusals in Russian, one in English in English, and HTTP refusals follow the
request's Accept-Language."""
import ast
import json
import pathlib
import re
from string import Formatter

from fastapi.testclient import TestClient
import pytest

import helpers

import pachisi
from pachisi import IllegalMove, make_game
from pachisi.engine.game import GameError
from pachisi.engine.options import OptionError
from pachisi.engine.position import load_position
from pachisi.games import GAMES
from babel.messages.pofile import read_po

from pachisi.i18n import DOMAIN, LANGUAGES, LOCALE, negotiate, plural, render, translate
from pachisi.web import create_app
from test_web_api import Player, create, my_turn, settings

pytestmark = pytest.mark.timeout(600)


def _po(lang):
    with open(LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po", "rb") as f:
        return read_po(f)


RU = [m for m in _po("ru") if m.id]


def _variants(cls):
    """The game under every preset, and under every value of every choice and bool option."""
    changes = [{}] + [{o.name: v} for o in cls.options
                      for v in (o.choices or ((True, False) if o.kind is bool else ()))]
    for preset in cls.presets:
        for change in changes:
            yield make_game(cls.name, min(cls.max_players, change.get("seats", cls.max_players)), preset, change)


def _untranslated(texts):
    return sorted({f"{where}: {text!r}" for where, text in texts if translate(text, "ru") == text})


def test_every_reason_of_every_game_has_its_russian_text():
    missing = _untranslated((f"{cls.name} reason {code}", text)
                            for cls in GAMES.values() for code, text in cls.reasons.items())
    assert not missing, "no Russian for:\n" + "\n".join(missing)


def test_every_whole_roll_reason_has_its_russian_text():
    missing = _untranslated((f"{cls.name} whole_roll_reason", game.whole_roll_reason())
                            for cls in GAMES.values() for game in _variants(cls))
    assert not missing, "no Russian for:\n" + "\n".join(missing)


def test_every_house_rule_has_its_help_in_russian():
    missing = _untranslated((f"{cls.name} option {o.name}", o.help) for cls in GAMES.values() for o in cls.options)
    assert not missing, "no Russian for:\n" + "\n".join(missing)


def test_every_notation_and_place_help_has_its_russian_text():
    missing = _untranslated((f"{cls.name} {attr}", getattr(game, attr)) for cls in GAMES.values()
                            for game in _variants(cls) for attr in ("notation_help", "place_help")
                            if hasattr(game, attr))
    assert not missing, "no Russian for:\n" + "\n".join(missing)


SRC = pathlib.Path(pachisi.__file__).parent
TOLD = {"GameError", "IllegalMove", "RecordError", "OptionError", "Error", "Text"}


def _told_in_source():
    """(file:line, first argument) of every error raised with a message and every
    Text made in the package's source (and every report.fail of the verifier)."""
    for path in sorted(SRC.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        ours = {a.asname or a.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
                and node.module and node.module.split(".")[-1] in ("i18n", "game", "options", "record")
                for a in node.names} | {node.name for node in ast.walk(tree) if isinstance(node, ast.ClassDef)}
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and node.args):
                continue
            f = node.func
            if isinstance(f, ast.Name) and f.id == "plural":         # a message with a count: its singular is the key
                yield f"{path.relative_to(SRC)}:{node.lineno}", node.args[0]
                continue
            if (isinstance(f, ast.Name) and f.id in TOLD & ours) or \
                    (isinstance(f, ast.Attribute) and f.attr == "fail" and path.name == "verify.py"):
                yield f"{path.relative_to(SRC)}:{node.lineno}", node.args[0]


def test_every_message_the_package_raises_is_a_template_with_russian():
    """A message built with an f-string or + cannot be translated; a template
    with words in it must have its Russian text (one made only of fields, such
    as "{label}: {error}", is told by its parts)."""
    built, missing = [], []
    for where, arg in _told_in_source():
        if isinstance(arg, (ast.JoinedStr, ast.BinOp)):
            built.append(f"{where}: {ast.unparse(arg)}")
        elif isinstance(arg, ast.Constant) and isinstance(arg.value, str):
            words = re.sub(r"\{[^{}]*\}", "", arg.value)
            if re.search(r"[A-Za-z]{2}", words) and translate(arg.value, "ru") == arg.value:
                missing.append(f"{where}: {arg.value!r}")
    assert not built, "not a template:\n" + "\n".join(built)
    assert not missing, "no Russian for:\n" + "\n".join(missing)


def _fields(text):
    return sorted(name for _, name, _, _ in Formatter().parse(text) if name is not None)


def _forms(said):
    return list(said) if isinstance(said, (tuple, list)) else [said]


def test_every_translation_fills_the_same_fields_as_its_english():
    wrong = [m.id for m in RU if any(_fields(_forms(m.id)[0]) != _fields(form) for form in _forms(m.string) + _forms(m.id))]
    assert not wrong


def test_a_message_with_a_count_has_russian_s_three_forms():
    forms = [m for m in RU if m.pluralizable]
    assert forms and all(len(m.string) == 3 for m in forms)


def test_no_message_is_missing_in_either_language():
    """Every message of the catalogue has its Russian (every form of one with a count), the page's compiled
    messages are the catalogue's in both languages, and every key the page asks for by name is there."""
    assert LANGUAGES == ("en", "ru")
    untranslated = [(m.context, m.id) for m in RU if not all(_forms(m.string))]
    assert not untranslated
    keys = {m.context for m in RU if m.context}
    static = SRC / "web" / "static"
    for lang in LANGUAGES:
        assert set(json.loads((static / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))) == keys, lang
    asked = set()
    for path in [*static.glob("js/*.js"), *static.glob("*.html")]:
        text = path.read_text(encoding="utf-8")
        asked |= set(re.findall(r"""\bt\(\s*["']([^"'$]+)["']""", text))
        asked |= set(re.findall(r"""data-i18n["']?\s*[:=]\s*["']([^"'$]+)["']""", text))
    assert asked and not sorted(asked - keys)


COUNTS = (1, 2, 5, 11, 21, 22, 25)


@pytest.mark.parametrize("n, word", list(zip(COUNTS, ["фишка", "фишки", "фишек", "фишек", "фишка", "фишки", "фишек"])))
def test_a_count_takes_its_form_in_russian(n, word):
    """Russian says 1, 21 фишка; 2, 22 фишки; 5, 11, 25 фишек (and after "больше": 1, 21 фишки, else фишек)."""
    square = plural("{count} piece on one square (at most {capacity})", "{count} pieces on one square (at most {capacity})")
    assert render(square, "ru", count=n, capacity=1) == f"{n} {word} на одной клетке (можно не больше 1)"
    assert render(square, "en", count=n, capacity=1) == f"{n} piece{'' if n == 1 else 's'} on one square (at most 1)"
    more = plural("player {player} has more than {capacity} piece there",
                  "player {player} has more than {capacity} pieces there", "capacity")
    assert render(more, "ru", player=0, capacity=n) == f"у игрока 0 там больше {n} {'фишки' if word == 'фишка' else 'фишек'}"
    players = plural("{count} player", "{count} players")
    assert render(players, "ru", count=n) == f"{n} " + {"фишка": "игрок", "фишки": "игрока", "фишек": "игроков"}[word]


def test_six_pieces_on_one_square_of_a_parchis_position_are_told_as_russian_counts_them():
    # two pieces each of red, green and yellow on one ring square (37, 20 and 3 from their exits)
    bad = {"game": "parchis", "players": 4, "pieces": [[37, 37, -1, -1], [20, 20, -1, -1], [3, 3, -1, -1], [-1] * 4]}
    with pytest.raises(GameError) as err:
        load_position(bad, make_game)
    assert "6 фишек на одной клетке" in err.value.message("ru"), err.value.message("ru")
    assert "6 pieces on one square" in str(err.value)


def test_a_text_the_catalogue_lacks_stays_english():
    assert translate("a sentence nobody translated", "ru") == "a sentence nobody translated"
    assert translate("the game is over", "en") == "the game is over"
    assert translate("the game is over", "xx") == "the game is over"
    assert translate("the game is over", "ru") == "игра окончена"
    assert render("seat {player} is already taken", "ru", player=2) == "место 2 уже занято"
    assert render("no such move", "ru", "9z") == "9z: такого хода нет"


def test_the_accept_language_header_picks_the_language():
    assert negotiate(None) == "en"
    assert negotiate("") == "en"
    assert negotiate("ru") == "ru"
    assert negotiate("ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7") == "ru"
    assert negotiate("en-GB,en;q=0.9,ru;q=0.8") == "en"
    assert negotiate("de-DE,ru;q=0.5") == "ru"
    assert negotiate("fr, de") == "en"
    assert negotiate("en;q=0.2, ru;q=bad") == "en"


def test_a_refusal_keeps_its_english_message_and_tells_it_in_russian():
    state = make_game("ludo", 2).new_state(seed=1)
    with pytest.raises(IllegalMove) as err:
        state.parse_move("6a")
    assert str(err.value) == "6a: roll the dice first"
    assert (err.value.move, err.value.reason) == ("6a", "roll the dice first")
    assert err.value.message("ru") == "6a: сначала бросьте кубики"
    assert state.explain("6a") == "6a: roll the dice first"
    state.set_dice((6,))
    assert state.explain("6b") == "6b: the pieces waiting to enter are alike: the first of them (lowest letter) enters"
    assert state.explain("6b", "ru") == "6b: ждущие выхода фишки одинаковы: выходит первая из них (с младшей буквой)"
    with pytest.raises(IllegalMove) as err:
        state.push(99999)
    assert str(err.value) == "action 99999 is not a move of this game"
    assert err.value.message("ru") == "действие 99999 — не ход этой игры"


def test_a_typed_move_naming_what_the_roll_lacks_is_told_in_russian():
    state = helpers.position("shishbesh", [[10, -1, -1, -1], helpers.OFF, helpers.OFF, helpers.OFF])
    state.set_dice((3, 4))
    assert state.explain("5a") == "5a: no die of this roll is left showing 5"
    assert state.explain("5a", "ru") == "5a: в этом броске не осталось кубика с числом 5"
    kimbo = make_game("kimbo", 2).new_state(seed=1, first_player=0)
    assert kimbo.explain("a1n-a2n", "ru") == "a1n-a2n: на a1n нет вашего забора"


def test_the_whole_roll_reason_is_told_in_russian():
    game = make_game("mandavoshka", 2, options={"capture_rule": "forced"})
    reason = game.whole_roll_reason()
    assert "рубить обязательно" in render(reason, "ru")


# -- the web app -------------------------------------------------------------------------------------
@pytest.fixture
def client(tmp_path, database):
    with TestClient(create_app(settings(tmp_path))) as c:
        yield c


def test_websocket_refusals_come_in_the_language_of_the_hello(client):
    room = create(client, game="ludo", seats=("local", "invite"))
    token_b = client.post(f"/api/rooms/{room['code']}/join", json={"key": room["key"], "player": 1, "name": "Bo"}).json()["token"]
    ru = Player(client, room["code"], room["token"], "ru")
    en = Player(client, room["code"], token_b)          # no lang in its hello: English
    oracle = make_game("ludo", 2).new_state(seed=1)
    oracle.set_dice((6,))          # every piece waits in the yard and a 6 is to play, as in the room below

    def say(p, english, russian):
        assert p.error()["message"] == (russian if p is ru else english)

    first = ru if my_turn(ru) else en
    first.act("6a")
    say(first, "6a: roll the dice first", "6a: сначала бросьте кубики")
    other = en if first is ru else ru
    other.act("roll")
    seat = first.state["room"]["seats"][first.state["turn"]["player"]]
    say(other, f"it is {seat['colour']}'s turn ({seat['name']}), not yours",
        f"сейчас ходит {translate(seat['colour'], 'ru')} ({seat['name']}), а не вы")

    untested, seq = {ru, en}, 0
    while untested and seq < 2000:
        ru.wait_seq(seq)
        en.wait_seq(seq)
        p = ru if my_turn(ru) else en
        if p.state["turn"]["phase"] == "move" and p in untested:
            p.act("6b")                 # the first six: its pieces are all in the yard, and "a" enters first
            err = p.error()
            assert err["code"] == "illegal" and err["message"] == oracle.explain("6b", "ru" if p is ru else "en")
            untested.discard(p)
        p.act()
        seq += 1
    assert not untested
    ru.close()
    en.close()


def test_a_hello_in_an_unknown_language_is_refused(client):
    room = create(client)
    cm = client.websocket_connect(f"/ws/{room['code']}")
    ws = cm.__enter__()
    ws.send_json({"type": "hello", "token": room["token"], "lang": "xx"})
    err = ws.receive_json()
    assert err["code"] == "malformed" and "lang" in err["message"]
    cm.__exit__(None, None, None)


def test_http_refusals_follow_accept_language(client):
    room = create(client, seats=("local", "invite"))
    url = f"/api/rooms/{room['code']}/join"
    key = room["key"]
    assert client.post(url, json={"key": key, "player": 1, "name": "Bo"}).status_code == 200
    taken = client.post(url, json={"key": key, "player": 1, "name": "Al"}, headers={"Accept-Language": "ru-RU,ru;q=0.9"})
    assert taken.status_code == 409 and taken.json() == {"code": "taken", "message": "место 1 уже занято"}
    taken = client.post(url, json={"key": key, "player": 1, "name": "Al"})
    assert taken.json()["message"] == "seat 1 is already taken"
    missing = client.get("/api/rooms/ZZZZZZ", headers={"Accept-Language": "ru"})
    assert missing.status_code == 404 and missing.json()["message"] == "комнаты ZZZZZZ нет"


def test_the_lobby_brings_the_house_rules_help_in_russian(client):
    games = client.get("/api/lobby").json()["games"]
    for info in games:
        for option in info["options"]:
            assert option["translations"] == {"ru": translate(option["help"], "ru")} != {"ru": option["help"]}, \
                (info["name"], option["name"])


# -- records, the verifier and position files ---------------------------------------------------------
def test_a_position_file_error_names_the_piece_in_russian_too():
    bad = {"game": "ludo", "players": 2, "pieces": [[0, 0, -1, -1], [-1, -1, -1, -1]]}
    with pytest.raises(GameError) as err:
        load_position(bad, make_game)
    assert str(err.value) == "player 0 piece a, place 0: player 0 has more than 1 piece there"
    assert err.value.message("ru") == "игрок 0, фишка a, место 0: у игрока 0 там больше 1 фишки"
    bad = {"game": "kimbo", "players": 2, "pieces": [{"pawns": ["z9", "C", "C", "C"]}, {"pawns": ["a1", "C", "C", "C"]}]}
    with pytest.raises(GameError) as err:
        load_position(bad, make_game)
    assert err.value.message("ru") == "игрок 0, пешка a: 'z9' — не поле (a1 .. o15 или C — центр)"
    with pytest.raises(OptionError) as err:
        make_game("shishbesh", 2, options={"arm": 7})
    assert err.value.message("ru") == "правило 'arm' — одно из 5, 6, а не 7"


def test_an_uploaded_record_with_an_illegal_roll_is_refused_in_russian(client):
    text = '[Game "shishbesh"]\n[Players "a,b"]\n[First "red"]\n1. red [6-9]\n'
    en = client.post("/api/replay", content=text.encode())
    ru = client.post("/api/replay", content=text.encode(), headers={"Accept-Language": "ru"})
    assert en.status_code == ru.status_code == 400
    assert en.json() == {"code": "record", "message": "line 4: a die shows 1 to 6, not 9"}
    assert ru.json() == {"code": "record", "message": "строка 4: на кубике от 1 до 6, а не 9"}


def test_the_verifier_reports_its_problems_in_russian(client):
    text = '[Game "shishbesh"]\n[Players "a,b"]\n'
    ru = client.post("/api/verify", content=text.encode(), headers={"Accept-Language": "ru"}).json()
    en = client.post("/api/verify", content=text.encode()).json()
    assert not ru["ok"] and ru["problems"] == ["партия: запись не раскрывает зерно кубиков (игра окончена?)"]
    assert en["problems"] == ["the game: the record does not reveal its dice seed (is the game over?)"]
