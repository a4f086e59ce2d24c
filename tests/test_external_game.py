"""A game from outside: the example package examples/dash, installed into a
fresh venv (which sees this one's packages), adds Dash through the
"pachisi.games" entry point; it is then played through the CLI, the web
app's API and both RL environments like a built-in game."""
import json
import os
import shutil
from pathlib import Path
import subprocess
import sys
import sysconfig

import pytest

import pachisi

ROOT = Path(__file__).resolve().parents[1]
SOURCE = str(Path(pachisi.__file__).resolve().parents[1])      # the pachisi on trial (and its .pxd headers)

CLI = "from pachisi.cli import main; main()"

pytestmark = pytest.mark.timeout(900)


@pytest.fixture(scope="module")
def venv(tmp_path_factory):
    """A venv made from this one with --system-site-packages, this venv's packages added by a .pth
    (pachisi, Cython, FastAPI ...), and the example installed with pip --no-build-isolation."""
    folder = tmp_path_factory.mktemp("dash") / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", "--without-pip", str(folder)], check=True)
    python = folder / "bin" / "python"
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    Path(site, "shared_venv.pth").write_text(f"import site; site.addsitedir({sysconfig.get_paths()['purelib']!r})\n")
    env = dict(os.environ, PYTHONPATH=SOURCE)
    example = shutil.copytree(ROOT / "examples" / "dash", folder.parent / "dash",      # built there, not in the tree
                              ignore=shutil.ignore_patterns("build", "*.egg-info", "*.c", "*.so"))
    build = subprocess.run([str(python), "-m", "pip", "install", "--no-build-isolation", "--no-index", "-q",
                            str(example)], capture_output=True, text=True, env=env,
                           cwd=str(folder.parent))
    assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-3000:]
    return python, env, folder.parent


def run(venv, *args):
    python, env, cwd = venv
    done = subprocess.run([str(python), *args], capture_output=True, text=True, env=env, cwd=str(cwd))
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return done.stdout


def test_an_installed_game_named_like_a_built_in_one_is_left_out_with_a_warning(monkeypatch):
    from importlib import metadata
    from pachisi.games import BUILT_IN, _Games

    def points(group):
        assert group == "pachisi.games"
        return [metadata.EntryPoint("ludo", "fake_ludo:GAME", group), metadata.EntryPoint("dash", "dash:GAME", group)]

    monkeypatch.setattr(metadata, "entry_points", points)
    games = _Games()
    with pytest.warns(UserWarning, match=r"the installed game 'ludo' \(fake_ludo:GAME\) is left out: a built-in"):
        names = list(games)
    assert names == [*BUILT_IN, "dash"]
    assert games["ludo"].__module__ == "pachisi.games.ludo"         # the built-in game, not the installed one


def test_an_installed_game_is_listed_beside_the_built_in_ones(venv):
    names = json.loads(run(venv, "-c", "import json; from pachisi.games import GAMES; print(json.dumps(list(GAMES)))"))
    assert names[-1] == "dash" and set(names) > {"ludo", "kimbo"}


def test_an_installed_game_plays_through_the_cli(venv):
    out = run(venv, "-c", CLI, "simulate", "--game", "dash", "-n", "300", "--players", "random,greedy",
              "--workers", "1")
    assert "Dash" in out and "300" in out
    position = Path(venv[2], "dash.json")
    position.write_text(json.dumps({"game": "dash", "players": 2, "to_move": 0,
                                    "pieces": [[0, 6], [3, 8]]}))
    out = json.loads(run(venv, "-c", CLI, "moves", "--game", "dash", "--position", str(position),
                         "--dice", "2", "--json"))
    assert [(m["move"], m["from"], m["to"]) for m in out["moves"]] == [("2a", 0, 2), ("2b", 6, 8)]


def test_an_installed_game_plays_through_the_web_api_and_the_rl_environments(venv):
    out = json.loads(run(venv, str(ROOT / "tests" / "external" / "play_dash.py"), str(venv[2])).splitlines()[-1])
    assert "dash" in out["lobby"]
    assert out["web"]["over"] and out["web"]["winner"] in (0, 1) and out["web"]["moves"] >= 4
    assert not out["web"]["errors"]
    assert out["gym"]["steps"] >= 1 and out["gym"]["reward"] in (-1.0, 1.0)
    assert out["aec"]["winner"] in (0, 1, 2)
