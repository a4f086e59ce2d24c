"""The registry of games: the built-in games are the modules of this package
named in BUILT_IN, each defining GAME; an installed package adds one through
an entry point in the group "pachisi.games" (ENTRY_POINTS) naming its Game
subclass (docs/library.md).  A game's module is imported when its class is
first asked for, so listing the games (`pachisi --help`) imports none of them."""
from __future__ import annotations

from collections.abc import Iterator, Mapping
import importlib
import json
from typing import TYPE_CHECKING, Any
import warnings

from ..engine.options import OptionError

if TYPE_CHECKING:
    from ..engine.game import Game, State

# The built-in games (each the module pachisi.games.<name>): name -> (aliases, preset aliases -> preset).
# The names are here so that they are known without importing the rules; tests/test_extras.py checks the
# table against the classes' own name, aliases and preset_aliases.
BUILT_IN: dict[str, tuple[tuple[str, ...], dict[str, str]]] = {
    "chaupar": (("чаупар", "chaupad"), {}),
    "kimbo": (("кимбо",), {}),
    "ludo": (("людо",), {"ludo-bonus": "with-bonuses"}),
    "maedn": (("mensch", "mädn"), {}),
    "mandavoshka": (("мандавошка", "manka", "манька"), {}),
    "pachisi": (("пачиси",), {}),
    "parcheesi": (("pachisi-us",), {}),
    "parchis": (("парчис", "parchís"), {}),
    "parques": (("паркес", "parqués", "parques-co"), {}),
    "shishbesh": (("шиш-беш", "shish-besh", "sheshbesh"), {}),
    "tryasuchka": (("трясучка", "tryasuchka", "triasuchka"), {}),
}

ENTRY_POINTS = "pachisi.games"
DEFAULT_GAME = "shishbesh"          # the game a new player is offered first (the lobby's form)

ALIASES = {alias: name for name, (aliases, presets) in BUILT_IN.items() for alias in (*aliases, *presets)}
PRESET_ALIASES = {alias: preset for _, presets in BUILT_IN.values() for alias, preset in presets.items()}


class _Games(Mapping[str, "type[Game]"]):
    """GAMES: game name -> Game class, the built-in games (sorted) then the installed ones (sorted by
    their entry point's name, which is the game's name).  A class is imported on first access; an
    installed game that cannot be loaded, is no Game, or whose class names another game is left out
    with a warning when it is first loaded, one that takes a built-in game's name when the games are first
    listed: it does not stop pachisi."""

    def __init__(self) -> None:
        self._classes: dict[str, type[Game]] = {}
        self._points: dict[str, Any] | None = None      # the installed games' entry points, found on first use

    def _installed(self) -> dict[str, Any]:
        if self._points is None:
            from importlib.metadata import entry_points
            self._points = {}
            for p in sorted(entry_points(group=ENTRY_POINTS), key=lambda p: p.name):
                if p.name in BUILT_IN:
                    warnings.warn(f"the installed game {p.name!r} ({p.value}) is left out: a built-in game has "
                                  "that name", stacklevel=3)
                else:
                    self._points[p.name] = p
        return self._points

    def __iter__(self) -> Iterator[str]:
        yield from BUILT_IN
        yield from list(self._installed())

    def __len__(self) -> int:
        return len(BUILT_IN) + len(self._installed())

    def __contains__(self, name: object) -> bool:
        return name in BUILT_IN or name in self._installed()

    def __getitem__(self, name: str) -> type[Game]:
        if name in self._classes:
            return self._classes[name]
        if name in BUILT_IN:
            cls = importlib.import_module(f"{__name__}.{name}").GAME
        elif name in self._installed():
            cls = self._load(self._installed()[name])
        else:
            raise KeyError(name)
        self._classes[name] = cls
        return cls

    def _load(self, point: Any) -> type[Game]:
        """An installed game's class, its aliases added to ALIASES; KeyError (after a warning) if unusable."""
        from ..engine.game import Game
        try:
            cls = point.load()
        except Exception as e:              # a third party's import error of any kind
            problem = f"the game {point.name!r} ({point.value}) cannot be loaded: {e!r}"
        else:
            if not (isinstance(cls, type) and issubclass(cls, Game) and cls.name):
                problem = f"the entry point {point.name!r} ({point.value}) names no Game subclass"
            elif cls.name != point.name:
                problem = f"the game {cls.name!r} of {point.value} is left out: its entry point is named {point.name!r}"
            else:
                problem = ""
        if problem:
            warnings.warn(problem, stacklevel=3)
            del self._installed()[point.name]           # no longer listed
            raise KeyError(point.name)
        for alias, preset in cls.preset_aliases.items():
            PRESET_ALIASES.setdefault(alias, preset)
        for alias in (*cls.aliases, *cls.preset_aliases):
            ALIASES.setdefault(alias, cls.name)
        return cls

    def _load_all(self) -> None:
        """Load every installed game (so that their aliases are known and the broken ones left out)."""
        for name in list(self._installed()):
            try:
                self[name]
            except KeyError:
                pass

    def values(self):
        self._load_all()
        return super().values()

    def items(self):
        self._load_all()
        return super().items()

    def __repr__(self) -> str:
        return f"GAMES({', '.join(self)})"


GAMES = _Games()


def game_class(name: str) -> type[Game]:
    """The Game class of a game's name or alias ("ludo", "шиш-беш"); OptionError if there is none."""
    key = str(name).lower()
    if key not in ALIASES and key not in GAMES:
        GAMES._load_all()                   # an installed game's alias is known once it is loaded
    key = ALIASES.get(key, key)
    try:
        return GAMES[key]
    except KeyError:
        raise OptionError("unknown game {name!r}; games: {games}", name=name, games=", ".join(GAMES)) from None


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


def state_from_json(text: str, history: list[tuple[int, str, Any]] | None = None) -> State:
    """Load a state saved by State.to_json (GameError if the text is not one); `history`, the
    State.history it had, carries its record on (a room's snapshot: web/rooms.py)."""
    import numpy as np
    from ..engine.game import GameError, State, _restore_state
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
    if history is not None:
        return _restore_state(State, game, arr, seed, [], list(history))
    return State(game, arr, seed)
