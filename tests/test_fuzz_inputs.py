"""Fuzzed position files and records (issue #15, item 7): valid ones mutated (a value replaced by a
list, an object, a number, a word or deep nesting; a key dropped; the text truncated or bytes put in)
bring out only the package's own errors: a position or record refused names its problem, verify
reports it, and the API answers with a refusal or a report, never a 500."""
import json
import random

from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings as hsettings, strategies as st
import pytest

from pachisi import make_game, record as records
from pachisi.engine.position import dump_position, load_position
from pachisi.i18n import Error
from pachisi.verify import verify_text
from pachisi.web import create_app
from pachisi.web.checking import replay_frames
from test_web_api import settings

pytestmark = pytest.mark.timeout(900)
GAMES = [("shishbesh", 2), ("ludo", 4), ("parchis", 4), ("parcheesi", 4), ("kimbo", 4), ("tryasuchka", 2),
         ("mandavoshka", 4)]


def _played(name, players, steps, seed=0):
    """A state `steps` rolls and moves into a game (random legal moves), and its start."""
    rng = random.Random(seed)
    state = make_game(name, players).new_state(seed)
    start = state.clone()
    for _ in range(steps):
        if state.is_over:
            break
        state.roll() if state.is_chance else state.push(rng.choice(state.legal_moves()))
    return start, state


POSITIONS = []
RECORDS = []
for _name, _players in GAMES:
    for _steps in (0, 7, 40):
        _start, _state = _played(_name, _players, _steps, seed=_steps)
        if not _state.is_over:
            POSITIONS.append(dump_position(_state))
    _start, _state = _played(_name, _players, 25)
    RECORDS.append(records.write(_state, records.headers_for(_state, ["a", "b", "c", "d"][:_players]), start=_start))

JUNK = st.one_of(
    st.lists(st.integers(-3, 60), max_size=5),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
    st.integers(-10 ** 20, 10 ** 20), st.floats(allow_nan=False), st.text(max_size=12), st.booleans(), st.none(),
    st.integers(1, 300).map(lambda n: _nested(n, lambda inner: [inner])),
    st.integers(1, 300).map(lambda n: _nested(n, lambda inner: {"a": inner})),
)


def _nested(depth, wrap):
    value = 1
    for _ in range(depth):
        value = wrap(value)
    return value


def _paths(value, prefix=()):
    """Every place in a JSON value: a key of an object or an index of a list."""
    yield prefix
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, child in items:
        yield from _paths(child, prefix + (key,))


@st.composite
def mutated_positions(draw):
    data = json.loads(json.dumps(draw(st.sampled_from(POSITIONS))))
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(list(_paths(data))))
        if not path:
            data = draw(JUNK)
            continue
        parent = data
        for key in path[:-1]:
            parent = parent[key]
        if isinstance(parent, dict) and draw(st.booleans()) and draw(st.booleans()):
            del parent[path[-1]]
        else:
            parent[path[-1]] = draw(JUNK)
        if not isinstance(data, (dict, list)):
            break
    return data


def _text_mutations(text):
    """A text truncated, with bytes put in, or with a piece of JSON junk put in."""
    return st.one_of(
        st.integers(0, len(text)).map(lambda n: text[:n]),
        st.tuples(st.integers(0, len(text)), st.text(max_size=8)).map(lambda p: text[:p[0]] + p[1] + text[p[0]:]),
        st.tuples(st.integers(0, len(text)), JUNK).map(lambda p: text[:p[0]] + json.dumps(p[1]) + text[p[0]:]),
        st.tuples(st.integers(0, len(text)), st.integers(1, 5000)).map(lambda p: text[:p[0]] + "[" * p[1]
                                                                      + text[p[0]:]))


def _only_our_errors(action):
    try:
        action()
    except Error:
        pass


@hsettings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_positions())
def test_a_mutated_position_is_loaded_or_refused_with_the_packages_error(data):
    _only_our_errors(lambda: load_position(data, make_game))


@hsettings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(POSITIONS).map(json.dumps).flatmap(_text_mutations), st.booleans())
def test_a_mutated_position_text_is_loaded_or_refused_with_the_packages_error(text, as_bytes):
    raw = text.encode("utf-8", "surrogatepass") + b"\xff" if as_bytes else text
    _only_our_errors(lambda: load_position(raw, make_game))


@st.composite
def mutated_records(draw):
    text = draw(st.sampled_from(RECORDS))
    if draw(st.booleans()):                 # a header's value: a hostile [Position], [Seed], [Options]...
        key = draw(st.sampled_from(["Position", "Seed", "Options", "Players", "Preset", "Game", "First",
                                    "Result", "Match", "Round", "DiceCommit"]))
        value = draw(mutated_positions()) if key == "Position" else draw(JUNK)
        value = json.dumps(value) if key == "Position" or not isinstance(value, str) else value
        head, _, rest = text.partition("\n\n")
        head = "\n".join(line for line in head.splitlines() if not line.startswith(f"[{key} "))
        text = f'{head}\n[{key} "{records._escape(value)}"]\n\n{rest}'
    return draw(_text_mutations(text))


@hsettings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_records())
def test_a_mutated_record_replays_or_is_refused_and_verify_reports_it(text):
    _only_our_errors(lambda: records.load_match(text))
    _only_our_errors(lambda: replay_frames(text, records.Budget(40, 100_000, 60)))
    report = verify_text(text)
    assert report.ok or report.problems


@pytest.fixture(scope="module")
def client(tmp_path_factory, module_database):
    with TestClient(create_app(settings(tmp_path_factory.mktemp("fuzz")))) as c:
        yield c


@hsettings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                   HealthCheck.function_scoped_fixture])
@given(mutated_records(), mutated_positions())
def test_the_api_answers_mutated_records_and_options_without_a_500(client, text, options):
    for path in ("/api/verify", "/api/replay"):
        r = client.post(path, content=text.encode("utf-8", "surrogatepass"))
        assert r.status_code in (200, 400), (path, r.status_code, r.text)
        if r.status_code == 400:
            assert set(r.json()) == {"code", "message"} and r.json()["message"]
    r = client.get("/api/games/shishbesh/dice", params={"options": json.dumps(options)})
    assert r.status_code in (200, 400) and (r.status_code == 200 or r.json()["message"])


BASE = {"game": "shishbesh", "players": 2, "to_move": 0, "pieces": [[-1] * 4, [-1] * 4]}
HOSTILE_FILES = {
    "not UTF-8": (b"\xff\xfe{\"game\"", "the position is not UTF-8 text"),
    "deeply nested": (b"[" * 5000, "the position nests deeper than 16 levels"),
    "options is a word": (json.dumps({**BASE, "options": "x"}).encode(), "options is an object of house rules"),
    "preset is a list": (json.dumps({**BASE, "preset": [1]}).encode(), "preset is the name of a preset, not [1]"),
}


@pytest.mark.parametrize("what", HOSTILE_FILES)
def test_the_referee_refuses_a_hostile_position_file_in_one_line(tmp_path, what):
    from typer.testing import CliRunner
    from pachisi.cli import app
    raw, reason = HOSTILE_FILES[what]
    path = tmp_path / "position.json"
    path.write_bytes(raw)
    r = CliRunner().invoke(app, ["moves", "--game", "shishbesh", "--position", str(path), "--dice", "6,1"])
    assert r.exit_code == 2, r.output
    assert reason in r.output and "Traceback" not in r.output
    assert len(r.output.strip().splitlines()) == 1 and r.output.startswith("error: ")
