"""The rules are C extension modules built when the package is installed
(setup.py): nothing compiles while a user waits, and no run-time compiler is
even imported."""
from collections import namedtuple
from importlib.machinery import EXTENSION_SUFFIXES
import subprocess
import sys

import numpy as np
import pytest

from pachisi.games import GAMES, make_game


def test_every_games_rules_are_a_compiled_extension_module():
    for name, cls in GAMES.items():
        engine = make_game(name, cls.min_players).engine
        module = sys.modules[type(engine).__module__]
        assert module.__file__.endswith(tuple(EXTENSION_SUFFIXES)), f"{name}: {module.__file__}"


def test_playing_every_game_imports_no_compiler():
    code = ("import sys\nfrom pachisi.games import GAMES, make_game\nfrom pachisi.bots import bot_for_level\n"
            "for name, cls in GAMES.items():\n"
            "    s = make_game(name, cls.min_players).new_state(seed=1)\n"
            "    for _ in range(30):\n"
            "        if s.is_over: break\n"
            "        if s.is_chance: s.roll()\n"
            "        else: s.push(bot_for_level(3, 1).choose(s))\n"
            "print(sorted(m for m in ('numba', 'llvmlite', 'Cython', 'pyximport') if m in sys.modules))\n")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=1800)   # a bound on a hang
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "[]"


@pytest.mark.parametrize("name", ["ludo", "parchis", "parcheesi"])
def test_a_track_games_flags_are_loaded_from_its_tables_field_list_and_a_struct_that_differs_is_refused(name):
    game = make_game(name, 4)
    fields = type(game.tab)._fields
    own = fields[fields.index("places") + 1:]
    assert own                                  # the game's option flags follow the track's fields
    longer = namedtuple(type(game.tab).__name__, fields + ("one_more",))(*game.tab, 1)
    with pytest.raises(ValueError, match=rf"{type(game.tab).__name__}: {len(own) + 1} values .*one_more.* holds {len(own)}"):
        game.rules(longer, game.size, game.max_actions)


@pytest.mark.parametrize("name", ["shishbesh", "mandavoshka", "tryasuchka", "kimbo"])
def test_a_board_games_tables_are_loaded_from_its_field_list_arrays_padded_and_a_misfit_refused(name):
    game = make_game(name, 2)
    tab = game.tab
    cls = type(tab)
    fields = cls._fields
    array = next(f for f in fields[fields.index("places") + 1:] if np.ndim(getattr(tab, f)) > 0)
    wider = np.asarray(getattr(tab, array))
    wider = np.concatenate([wider, np.zeros(wider.shape[:-1] + (999,), wider.dtype)], axis=-1)
    # refused by the loader, or first by the game's own check of its board's size
    refusal = rf"{cls.__name__}\.{array}: an array of shape .* the compiled struct holds|does not fit|has 48 cells"
    with pytest.raises(ValueError, match=refusal):
        game.rules(tab._replace(**{array: wider}), game.size, game.max_actions)
    longer = namedtuple(cls.__name__, fields + ("one_more",))(*tab, 1)
    with pytest.raises(ValueError, match=rf"{cls.__name__}: \d+ values .*one_more.* holds \d+"):
        game.rules(longer, game.size, game.max_actions)
