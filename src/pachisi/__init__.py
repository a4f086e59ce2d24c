"""pachisi: the cross-and-circle family of dice race games.

    >>> from pachisi import make_game
    >>> state = make_game("ludo", players=2).new_state(seed=1)

`make_game` gives a Game (the rules), `Game.new_state` a State (a position
with roll/set_dice, legal_moves/legal_actions, push/pop, is_legal, clone);
`load_position`/`dump_position` read and write position files (any moment of
a turn), `pachisi.record` game records.  docs/library.md has the tour.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any, Callable
from .engine import GameError, IllegalMove, draw_boards_with
from .engine.options import OptionError
from .games import GAMES, make_game, state_from_json

if TYPE_CHECKING:
    from .engine.game import Event, Game, Move, State
    from .engine.position import dump_position

# names imported on first use: they load numpy and the compiled kernel, which `pachisi --help` does without
_LAZY = {"Event": "engine.game", "Game": "engine.game", "Move": "engine.game", "State": "engine.game",
         "dump_position": "engine.position"}

__all__ = ["Event", "Game", "GameError", "IllegalMove", "Move", "State", "OptionError", "GAMES", "make_game",
           "state_from_json", "load_position", "dump_position", "__version__"]


def load_position(data: dict | str | bytes, make_game: Callable[..., Game] = make_game) -> State:
    """A State from a position dict or its JSON text (docs/positions.md).  The
    engine's load_position takes the game factory as an argument (it sits below
    pachisi.games); here it defaults to make_game so a caller need not pass it."""
    from .engine import position
    return position.load_position(data, make_game)


def _board_text(game: Game, view: Any) -> str:
    """str(state)'s board: the terminal's drawing without colours (imported when first drawn)."""
    from .render.terminal import render
    return render(game, view, signs=False).plain


draw_boards_with(_board_text)


def _version() -> str:
    """The installed distribution's version; from a source tree that was never
    installed (tests run on src/), the version pyproject.toml declares."""
    from importlib.metadata import PackageNotFoundError, version
    try:
        return str(version("pachisi"))
    except PackageNotFoundError:
        pass
    import tomllib
    from pathlib import Path
    try:
        with open(Path(__file__).resolve().parents[2] / "pyproject.toml", "rb") as f:
            project = tomllib.load(f).get("project", {})
    except (OSError, tomllib.TOMLDecodeError):
        return "0+unknown"
    return str(project.get("version", "0+unknown")) if project.get("name") == "pachisi" else "0+unknown"


def __getattr__(name: str) -> Any:
    """`__version__` is looked up on first use: reading package metadata scans
    sys.path, which every `pachisi --help` would otherwise pay for; the engine's
    classes are imported on first use (_LAZY)."""
    if name == "__version__":
        value = globals()["__version__"] = _version()
        return value
    if name in _LAZY:
        value = globals()[name] = getattr(importlib.import_module(f"{__name__}.{_LAZY[name]}"), name)
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
