"""pachisi: the cross-and-circle family of dice race games."""
from .engine.game import Event, GameError, IllegalMove, Move, State
from .engine.options import OptionError
from .games import GAMES, make_game, state_from_json

__all__ = ["Event", "GameError", "IllegalMove", "Move", "State", "OptionError", "GAMES", "make_game",
           "state_from_json"]
