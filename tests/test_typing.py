"""The public API is typed (the package ships py.typed) and mypy agrees with
its annotations, and with a program that uses it."""
from pathlib import Path

from mypy import api
import pytest

ROOT = Path(__file__).resolve().parent.parent
CONFIG = str(ROOT / "pyproject.toml")

USER = '''
from pachisi import Move, State, dump_position, load_position, make_game
from pachisi import record

game = make_game("ludo", players=2)
state: State = game.new_state(seed=1)
dice, events = state.roll()
moves: list[Move] = state.legal_moves()
actions: list[int] = state.legal_actions()
ok: bool = state.is_legal("6a")
copy: State = state.clone()
data: dict = dump_position(state)
back: State = load_position(data)
text: str = record.write(state, record.headers_for(state))
kinds: list[str] = [e.kind for e in events]
'''


def mypy(*args):
    out, err, status = api.run(["--config-file", CONFIG, "--no-incremental", "--cache-dir=/dev/null", *args])
    return out + err, status


@pytest.fixture(autouse=True)
def at_the_root(monkeypatch):
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("MYPYPATH", str(ROOT / "src"))


def test_the_package_ships_its_types():
    assert (ROOT / "src" / "pachisi" / "py.typed").exists()
    assert (ROOT / "src" / "pachisi" / "engine" / "kernel.pyi").exists()


def test_mypy_accepts_the_public_modules():
    out, status = mypy()
    assert status == 0, out


def test_a_program_using_the_api_type_checks_and_a_wrong_one_does_not(tmp_path):
    good = tmp_path / "good.py"
    good.write_text(USER)
    out, status = mypy(str(good))
    assert status == 0, out
    bad = tmp_path / "bad.py"
    bad.write_text(USER + 'state.new_state()\nwrong: str = state.legal_actions()\nmake_game("ludo", players="2")\n')
    out, status = mypy(str(bad))
    assert status == 1
    assert '"State" has no attribute "new_state"' in out
    assert 'incompatible type "list[int]"' in out.replace("expression has type", "incompatible type")
    assert 'Argument "players" to "make_game" has incompatible type "str"' in out
