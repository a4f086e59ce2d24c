"""The registry of games: every module of this package that defines GAME is a
game, so adding a game is adding its module; an installed package adds one
through an entry point in the group "pachisi.games" (ENTRY_POINTS) naming
its Game subclass (docs/library.md)."""
from __future__ import annotations

import importlib
from importlib.metadata import entry_points
import json
import pkgutil
from typing import Any
import warnings

import numpy as np

from ..engine.game import Game, GameError, State
from ..engine.options import OptionError


def _discover() -> dict[str, type[Game]]:
    found = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        module = importlib.import_module(f"{__name__}.{info.name}")
        cls = getattr(module, "GAME", None)
        if cls is not None:
            found[cls.name] = cls
    return found


ENTRY_POINTS = "pachisi.games"


def _installed(known: dict[str, type[Game]]) -> dict[str, type[Game]]:
    """The games installed packages add (entry points of the group "pachisi.games",
    each naming a Game subclass).  One that cannot be loaded, is no Game or takes
    a name already used is left out with a warning: it does not stop pachisi."""
    found: dict[str, type[Game]] = {}
    for point in sorted(entry_points(group=ENTRY_POINTS), key=lambda p: p.name):
        try:
            cls = point.load()
        except Exception as e:              # a third party's import error of any kind
            warnings.warn(f"the game {point.name!r} ({point.value}) cannot be loaded: {e!r}", stacklevel=2)
            continue
        if not (isinstance(cls, type) and issubclass(cls, Game) and cls.name):
            warnings.warn(f"the entry point {point.name!r} ({point.value}) names no Game subclass", stacklevel=2)
        elif cls.name in known or cls.name in found:
            warnings.warn(f"the game {cls.name!r} of {point.value} is left out: a game of that name exists",
                          stacklevel=2)
        else:
            found[cls.name] = cls
    return found


GAMES = _discover()
GAMES.update(_installed(GAMES))
ALIASES = {alias: cls.name for cls in GAMES.values() for alias in (*cls.aliases, *cls.preset_aliases)}
PRESET_ALIASES = {alias: preset for cls in GAMES.values() for alias, preset in cls.preset_aliases.items()}


def game_class(name: str) -> type[Game]:
    """The Game class of a game's name or alias ("ludo", "шиш-беш"); OptionError if there is none."""
    key = str(name).lower()
    key = ALIASES.get(key, key)
    if key not in GAMES:
        raise OptionError("unknown game {name!r}; games: {games}", name=name, games=", ".join(GAMES))
    return GAMES[key]


def make_game(name: str, players: int = 4, preset: str | None = None,
              options: dict[str, Any] | None = None) -> Game:
    """The rules of a game: its name or alias, the number of players, a preset
    (None: the seed's rules, or the preset an alias such as "ludo-bonus" names)
    and house-rule overrides ({"arm": 6}; values may be text, as a command line
    gives them).  OptionError names what is not allowed; `pachisi rules GAME`
    lists the options and presets."""
    if preset is None:
        preset = PRESET_ALIASES.get(str(name).lower())
    return game_class(name)(players=players, preset=preset, options=options)


def state_from_json(text: str) -> State:
    """Load a state saved by State.to_json (GameError if the text is not one)."""
    try:
        data = json.loads(text)
        game = make_game(data["game"], data["players"], data["preset"], data["options"])
        arr = np.array(data["state"], np.int64)
        seed = int(data["seed"])
    except (KeyError, TypeError, ValueError) as e:
        raise GameError("not a saved state: {error}", error=e) from None
    if arr.shape != (game.size,):
        raise GameError("not a saved {game} state: {found} numbers, expected {size}", game=game.name,
                        found=arr.shape[0], size=game.size)
    return State(game, arr, seed)
