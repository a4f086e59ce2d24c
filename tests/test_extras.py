"""The core install is the engine, the referee and the terminal; the rest comes in extras, and a command
that needs a missing one says in one line which to install.  `pachisi --help` and `pachisi rules` import
only what they use."""
import importlib
import pkgutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pachisi import extras, games
from pachisi.cli import app
from pachisi.games import BUILT_IN as GAMES_BUILT_IN, game_class

ROOT = Path(__file__).resolve().parents[1]


def run(*args):
    return CliRunner().invoke(app, [str(a) for a in args])


@pytest.fixture
def without(monkeypatch):
    """Make the named top-level modules look uninstalled to pachisi.extras."""
    def hide(*names):
        real = extras.find_spec
        monkeypatch.setattr(extras, "find_spec", lambda name: None if name in names else real(name))
    return hide


def test_every_extra_checked_is_declared_and_the_core_needs_no_optional_library():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    declared = project["optional-dependencies"]
    assert set(extras.MODULES) <= set(declared)
    core = " ".join(project["dependencies"]).lower()
    for name in ("matplotlib", "openskill", "fastapi", "sqlalchemy", "ray", "pettingzoo", "redis"):
        assert name not in core
    assert "pachisi[all]" in declared["test"]


def test_a_tournament_without_the_rating_extra_names_it(without):
    without("openskill")
    r = run("tournament", "--game", "ludo", "--bots", "random,greedy", "-n", 2)
    assert r.exit_code == 2
    assert "pachisi tournament needs the rating extra: pip install 'pachisi[rating]'" in r.output
    assert len(r.output.strip().splitlines()) == 1


def test_a_plot_without_the_plot_extra_names_it(without, tmp_path):
    without("matplotlib")
    r = run("tournament", "--game", "ludo", "--bots", "random,greedy", "-n", 2, "--plot", tmp_path / "p.png")
    assert r.exit_code == 2 and "pachisi tournament --plot needs the plot extra: pip install 'pachisi[plot]'" in r.output
    r = run("fairness", "--game", "ludo", "-n", 10, "--plot", tmp_path / "f.png")
    assert r.exit_code == 2 and "pachisi fairness --plot needs the plot extra: pip install 'pachisi[plot]'" in r.output
    assert not list(tmp_path.iterdir())


def test_serve_without_the_web_extra_names_it(without):
    without("fastapi")
    r = run("serve")
    assert r.exit_code == 2 and "pachisi serve needs the web extra: pip install 'pachisi[web]'" in r.output


def test_the_library_says_which_extra_too(without):
    without("pettingzoo")
    from pachisi import rl
    with pytest.raises(ImportError, match=r"pachisi.rl.env needs the rl extra: pip install 'pachisi\[rl\]'"):
        rl.env("ludo", players=2)


# modules `pachisi --help` and `pachisi rules GAME` must not wait for: the simulator and its process pools,
# the terminal game, records, progress bars, the web app, plotting, ratings, RL, Ray (typer's help draws
# its panels with rich.table itself)
NOT_AT_START = ("concurrent.futures.process", "multiprocessing.pool", "pachisi.sim", "pachisi.terminal_game",
                "pachisi.record", "pachisi.render.terminal", "pachisi.tournament", "pachisi.fairness",
                "pachisi.web", "rich.progress", "fastapi", "sqlalchemy", "matplotlib", "openskill",
                "pettingzoo", "gymnasium", "ray")


GAME_MODULES = "sorted(m for m in sys.modules if m.split('.')[:2] == ['pachisi', 'games'] and m.count('.') == 2)"


@pytest.mark.parametrize("argv", [["--help"], ["play", "--help"], ["rules", "shishbesh"], ["rules", "ludo"],
                                  ["rules", "шиш-беш"]])
def test_help_and_rules_import_only_what_they_use(argv):
    """The help (`play --help` lists the games and bots) imports no game's rules, no bot and no numpy; `rules GAME`
    imports that game's modules (and the shared race and track modules it is built on), no other game's."""
    code = ("import sys\nfrom pachisi.cli import main\nsys.argv = ['pachisi', *sys.argv[1:]]\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            f"print('LOADED', sorted(m for m in {NOT_AT_START!r} if m in sys.modules))\n"
            f"print('GAMES', {GAME_MODULES})\n"
            "print('NUMPY', 'numpy' in sys.modules, 'pachisi.bots' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    *shown, loaded, games, numpy = out.stdout.strip().splitlines()
    assert loaded == "LOADED []"
    imported = set(eval(games.removeprefix("GAMES ")))
    if argv[-1] == "--help":
        assert imported == set() and numpy == "NUMPY False False"
        if argv[0] == "play":
            assert all(name in "\n".join(shown) for name in (*GAMES_BUILT_IN, "expectimax", "level5"))
    else:
        own = game_class(argv[1]).name
        others = {f"pachisi.games.{name}{part}" for name in GAMES_BUILT_IN if name != own for part in ("", ".rules")}
        assert f"pachisi.games.{own}" in imported and not imported & others


def test_the_registry_names_every_built_in_game_as_its_class_does():
    """games.BUILT_IN (the games' names and aliases, known without importing their rules) is every module
    of pachisi.games that defines GAME, with that class's name, aliases and preset aliases."""
    found = {}
    for info in pkgutil.iter_modules(games.__path__):
        cls = getattr(importlib.import_module(f"pachisi.games.{info.name}"), "GAME", None)
        if cls is not None:
            found[info.name] = (cls.name, tuple(cls.aliases), dict(cls.preset_aliases))
    assert found == {name: (name, aliases, presets) for name, (aliases, presets) in games.BUILT_IN.items()}
    assert list(games.GAMES) == sorted(games.BUILT_IN)      # the order the help and the web app list them in
    assert games.game_class("шиш-беш") is games.GAMES["shishbesh"]
    assert games.make_game("ludo-bonus", 2).preset == "with-bonuses"


def test_the_help_names_the_bots_as_the_bots_package_does():
    from pachisi import bots, cli
    assert cli.BOT_NAMES == tuple(bots.BOTS)
    assert cli.SIMULATED_BOTS == tuple(name for name, cls in bots.BOTS.items() if cls.policy is not None)
    assert cli.LEVEL_NAMES == [f"level{k}" for k in bots.LEVELS]
