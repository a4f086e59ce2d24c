"""The registry of games: one module per game, each a Game subclass."""
import json

import numpy as np

from ..engine.game import GameError, State
from ..engine.options import OptionError
from .shishbesh import ShishBesh

GAMES = {cls.name: cls for cls in (ShishBesh,)}
ALIASES = {"шиш-беш": "shishbesh", "shish-besh": "shishbesh", "sheshbesh": "shishbesh"}


def game_class(name):
    key = ALIASES.get(str(name).lower(), str(name).lower())
    if key not in GAMES:
        raise OptionError(f"unknown game {name!r}; games: {', '.join(GAMES)}")
    return GAMES[key]


def make_game(name, players=4, preset=None, options=None):
    return game_class(name)(players=players, preset=preset, options=options)


def state_from_json(text):
    """Load a state saved by State.to_json."""
    try:
        data = json.loads(text)
        game = make_game(data["game"], data["players"], data["preset"], data["options"])
        arr = np.array(data["state"], np.int64)
        seed = int(data["seed"])
    except (KeyError, TypeError, ValueError) as e:
        raise GameError(f"not a saved state: {e}") from None
    if arr.shape != (game.size,):
        raise GameError(f"not a saved {game.name} state: {arr.shape[0]} numbers, expected {game.size}")
    return State(game, arr, seed)
