"""Every game as an OpenSpiel game (pyspiel's Python games; docs/rl.md, "OpenSpiel").

    import pyspiel
    from pachisi.rl import openspiel      # registers "pachisi_<game>" for every game
    game = pyspiel.load_game("pachisi_ludo", {"players": 4})

The dice are explicit chance nodes: `chance_outcomes()` lists every roll of
the game's dice with its exact probability (from the dice's weights; outcome i is
State.chance_outcomes' i-th roll), and where the first player is found by a
roll-off, the game opens with a chance node choosing it (each player 1/n:
every player rolls the same dice, ties roll again).  A player's actions are
the game's action indices (rl.spaces); the observation tensor is
rl.spaces' Observer vector.  Parameters: players, preset, options
("key:value key:value": OpenSpiel's game strings keep = and , for
themselves), max_rolls (a game reaching it ends with 0 for everyone).
Rewards at the end as rl's environments give them."""
import functools
from types import SimpleNamespace

from ..extras import require

require("openspiel", "pachisi.rl.openspiel")

import numpy as np  # noqa: E402
import pyspiel  # noqa: E402

from ..engine.options import parse_assignments  # noqa: E402
from ..games import GAMES
from .core import Table
from .batch import FIRST_ROLLOFF
from .spaces import HIGH
from .vector import first_player_mode

PREFIX = "pachisi_"
DECISIONS_A_ROLL = 64       # a bound on the decisions one roll can bring (for max_game_length)


def short_name(game):
    return PREFIX + game


@functools.lru_cache(maxsize=None)
def _rules(name, players, preset, options, max_rolls):
    """The pachisi game, its action codec and observer for a parameter set (shared by its states)."""
    if "=" in options or "," in options:
        raise ValueError(f"options are key:value pairs separated by spaces (OpenSpiel's game strings keep = and , "
                         f"for themselves), not {options!r}")
    table = Table(name, players, preset or None,
                  parse_assignments([o.replace(":", "=", 1) for o in options.split()]) if options else None,
                  max_rolls, "raise", -1.0)
    return table


@functools.lru_cache(maxsize=None)
def _chances(key):
    """State.chance_outcomes (every roll with its exact probability, from the dice's weights): chance
    outcome i is the i-th."""
    return _rules(*key).game.new_state(0).chance_outcomes()


def _outcomes(key):
    """The rolls of the dice in State.chance_outcomes' order."""
    return [roll for roll, _ in _chances(key)]


def _game_type(name):
    cls = GAMES[name]
    return pyspiel.GameType(
        short_name=short_name(name), long_name=f"pachisi {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players, min_num_players=cls.min_players,
        provides_information_state_string=False, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification={"players": min(max(2, cls.min_players), cls.max_players), "preset": "",
                                 "options": "", "max_rolls": 2000})


class PachisiGame(pyspiel.Game):
    """One pachisi game with its parameters as an OpenSpiel game."""

    name = None                 # the pachisi game: set by the class register() makes for each

    def __init__(self, params=None):
        name = self.name
        params = dict(params or {})
        spec = _game_type(name).parameter_specification
        full = {k: params.get(k, spec[k]) for k in spec}
        self.key = (name, int(full["players"]), str(full["preset"]), str(full["options"]), int(full["max_rolls"]))
        self.table = _rules(*self.key)
        g = self.table.game
        self.outcomes = _outcomes(self.key)
        self.by_rolloff = first_player_mode(g) == FIRST_ROLLOFF
        info = pyspiel.GameInfo(num_distinct_actions=self.table.n_actions,
                                max_chance_outcomes=max(len(self.outcomes), g.players), num_players=g.players,
                                min_utility=-1.0, max_utility=1.0,
                                max_game_length=int(full["max_rolls"]) * (1 + DECISIONS_A_ROLL) + 1)
        super().__init__(_game_type(name), info, full)

    def new_initial_state(self):
        return PachisiState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        return PachisiObserver(self, params)


class PachisiState(pyspiel.State):
    """A position: before the first player is known (a chance node when a roll-off decides it), then the
    pachisi State, whose dice are set from the chance outcomes.  Its attributes are what a clone copies
    (OpenSpiel clones a Python state by deepcopy): the State (a clone of it shares the compiled game) and
    the key of the shared tables."""

    def __init__(self, game):
        super().__init__(game)
        self.key = game.key
        self.state = None if game.by_rolloff else self.table.game.new_state(0, first_player=0)

    @property
    def table(self):
        return _rules(*self.key)

    @property
    def outcomes(self):
        return _outcomes(self.key)

    def current_player(self):
        s = self.state
        if s is None or s.is_chance:
            if s is not None and s.rolls >= self.table.max_rolls:
                return pyspiel.PlayerId.TERMINAL
            return pyspiel.PlayerId.CHANCE
        if s.is_over:
            return pyspiel.PlayerId.TERMINAL
        return s.current_player

    def _legal_actions(self, player):
        index = self.table.codec._index
        return sorted(index[a] for a in self.state.legal_actions())

    def chance_outcomes(self):
        if self.state is None:
            n = self.table.game.players
            return [(p, 1.0 / n) for p in range(n)]
        return [(i, p) for i, (_, p) in enumerate(_chances(self.key))]

    def _apply_action(self, action):
        if self.state is None:
            self.state = self.table.game.new_state(0, first_player=int(action))
        elif self.state.is_chance:
            self.state.set_dice(self.outcomes[action])
        else:
            self.state.push(self.table.codec.action(int(action)))

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            if self.state is None:
                return f"first player {action}"
            return "roll " + " ".join(map(str, self.outcomes[action]))
        s = self.state
        return self.table.game.describe(s.arr, self.table.codec.action(int(action))).text

    def is_terminal(self):
        s = self.state
        return s is not None and (s.is_over or (s.is_chance and s.rolls >= self.table.max_rolls))

    def returns(self):
        if self.state is None or not self.state.is_over:
            return [0.0] * self.table.game.players
        return Table.rewards(SimpleNamespace(state=self.state, game=self.table.game))   # the shared table untouched

    def __str__(self):
        if self.state is None:
            return "the first player is to be found"
        return self.state.to_json()


class PachisiObserver:
    """rl.spaces' Observer vector as OpenSpiel's observation tensor (dict: "observation")."""

    def __init__(self, game, params):
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self.table = game.table
        self.tensor = np.zeros(self.table.observer.size, np.float32)
        self.dict = {"observation": self.tensor}
        self.high = HIGH

    def set_from(self, state, player):
        if state.state is None:
            self.tensor.fill(0)
        else:
            self.tensor[:] = self.table.observer(state.state, player)

    def string_from(self, state, player):
        return str(state)


def register():
    """Register "pachisi_<game>" for every game (once; importing this module does it)."""
    known = set(pyspiel.registered_names())
    for name in GAMES:
        if short_name(name) not in known:
            cls = type(f"PachisiGame_{name}", (PachisiGame,), {"name": name, "__module__": __name__})
            globals()[cls.__name__] = cls           # importable by name: the class pickles
            pyspiel.register_game(_game_type(name), cls)


register()

__all__ = ["PachisiGame", "PachisiState", "register", "short_name"]
