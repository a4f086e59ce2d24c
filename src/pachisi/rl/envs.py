"""PettingZoo (AEC, every seat an agent) and Gymnasium (one seat, the others
pachisi's bots) environments of every game; see docs/rl.md."""
import gymnasium
from gymnasium import spaces
import numpy as np
from pettingzoo import AECEnv

from ..bots import BOTS, SEED_MASK, Bot, bot_for_level, make_bot
from ..engine.options import OptionError
from .core import Table, default_players

SEED_LIMIT = 1 << 62


def _dice_seed(rng):
    return int(rng.integers(SEED_LIMIT))


class PachisiEnv(AECEnv):
    """A game as a PettingZoo AEC environment: agents "player_0" ...
    (players in turn order from the first seat), one acting at a time; the
    dice are rolled by the environment.  Observations are dicts of
    "observation" (the game's vector, docs/rl.md) and "action_mask" (int8,
    1 for each legal action of the agent to move, all 0 for the others).
    An illegal action ends the episode for every agent, the offender
    rewarded `penalty` and the others 0, as PettingZoo's classic games do;
    illegal="raise" raises IllegalActionError instead.  skip_forced=True
    plays every decision that has a single legal action without asking."""

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 4, "name": "pachisi_v0",
                "is_parallelizable": False}

    def __init__(self, game, players=4, preset=None, options=None, max_rolls=10_000, illegal="penalty",
                 penalty=-1.0, render_mode=None, skip_forced=False):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise OptionError("render_mode is {modes} or None, not {value!r}",
                              modes=" or ".join(self.metadata["render_modes"]), value=render_mode)
        self.table = Table(game, players, preset, options, max_rolls, illegal, penalty, skip_forced)
        self.render_mode = render_mode
        self.metadata = dict(self.metadata, name=f"pachisi_{self.table.game.name}_v0")
        self.possible_agents = [f"player_{p}" for p in range(self.table.game.players)]
        self.agents = []
        lo, hi, shape = self.table.observation_bounds()
        obs = spaces.Dict({"observation": spaces.Box(lo, hi, shape, np.float32),
                           "action_mask": spaces.Box(0, 1, (self.table.n_actions,), np.int8)})
        self.observation_spaces = {a: obs for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.table.n_actions) for a in self.possible_agents}
        self._rng = np.random.default_rng()

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed=None, options=None):
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self.table.reset(_dice_seed(self._rng))
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._select()

    def _select(self):
        s = self.table.state
        self.agent_selection = self.possible_agents[s.current_player] if not s.is_over else self.agents[0]

    def observe(self, agent):
        p = self.possible_agents.index(agent)
        return {"observation": self.table.observe(p), "action_mask": self.table.mask(p)}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        move, refusal = self.table.resolve(action)
        if refusal is not None:
            if self.table.illegal == "raise":
                raise refusal
            self.rewards[agent] = self.table.penalty
            self.terminations = {a: True for a in self.agents}
            self.infos[agent] = {"illegal_action": str(refusal)}
        else:
            self.table.push(move)
            if self.table.state.is_over:
                self.rewards = dict(zip(self.possible_agents, self.table.rewards()))
                self.terminations = {a: True for a in self.agents}
            elif self.table.truncated:
                self.truncations = {a: True for a in self.agents}
            self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self):
        return _render(self)

    def close(self):
        pass


def _opponents(spec, count):
    """Bots for the other seats: a level ("level3" or 3), a bot's name, a Bot,
    or a list of those, one per other seat."""
    specs = list(spec) if isinstance(spec, (list, tuple)) else [spec] * count
    if len(specs) != count:
        raise OptionError("give one opponent per other seat: {count}, not {given}", count=count, given=len(specs))
    out = []
    for s in specs:
        if isinstance(s, Bot):
            out.append(s)
        elif isinstance(s, int) and not isinstance(s, bool) or isinstance(s, str) and s.startswith("level"):
            try:
                out.append(bot_for_level(int(str(s).removeprefix("level"))))
            except ValueError as e:
                raise OptionError("{error}", error=str(e)) from None
        elif isinstance(s, str) and s in BOTS:
            out.append(make_bot(s))
        else:
            raise OptionError("an opponent is a level (level1 ... level5), a bot ({bots}) or a Bot, not {value!r}",
                              bots=", ".join(BOTS), value=s)
    return out


class PachisiGymEnv(gymnasium.Env):
    """One seat of a game as a Gymnasium environment; pachisi's bots play
    the other seats and the environment rolls the dice, so every step is a
    decision of the agent.  The observation is the game's vector
    (docs/rl.md), info["action_mask"] marks the legal actions (int8), and so
    does action_masks() (bool).  An illegal action ends the episode with
    reward `penalty` (illegal="raise": IllegalActionError instead);
    skip_forced=True plays the decisions with a single legal action."""

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 4}

    def __init__(self, game, seat=0, opponents="level3", players=None, preset=None, options=None,
                 max_rolls=10_000, illegal="penalty", penalty=-1.0, render_mode=None, skip_forced=False):
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise OptionError("render_mode is {modes} or None, not {value!r}",
                              modes=" or ".join(self.metadata["render_modes"]), value=render_mode)
        if players is None:
            players = default_players(game, opponents)
        self.table = Table(game, players, preset, options, max_rolls, illegal, penalty, skip_forced)
        n = self.table.game.players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise OptionError("seat is a player from 0 to {last}, not {value!r}", last=n - 1, value=seat)
        self.seat = seat
        self.bots = _opponents(opponents, n - 1)
        self.render_mode = render_mode
        lo, hi, shape = self.table.observation_bounds()
        self.observation_space = spaces.Box(lo, hi, shape, np.float32)
        self.action_space = spaces.Discrete(self.table.n_actions)

    # -- for model-based agents (afterstates, search): the position itself --------------------------
    @property
    def state(self):
        """The pachisi State in play (clone it to look ahead; pushing to it would bypass the environment)."""
        return self.table.state

    def action_of(self, index):
        """The engine action (State.push) of an action index."""
        return self.table.codec.action(int(index))

    def index_of(self, action):
        """The action index of an engine action."""
        return self.table.codec.index(action)

    def observation_of(self, state):
        """The observation vector of any position of this game, seen from the agent's seat."""
        return self.table.observer(state, self.seat)

    def action_masks(self):
        """The legal actions now as a bool array over the action space (what sb3-contrib's MaskablePPO asks for)."""
        return self.table.mask(self.seat).astype(bool)

    def _others(self):
        """Let the bots move until the agent decides or the game ends."""
        t = self.table
        s = t.state
        while not s.is_over and not t.truncated and s.current_player != self.seat:
            bot = self.bots[(s.current_player - self.seat - 1) % len(self.table.game.seats)]
            bot.seed = (self._bot_seed + s.seq) & SEED_MASK   # each decision its own seed: a replayable episode
            t.push(bot.choose(s).action)

    def _out(self):
        return self.table.observe(self.seat), {"action_mask": self.table.mask(self.seat)}

    def reset(self, seed=None, options=None):
        super().reset(seed=seed)
        self.table.reset(_dice_seed(self.np_random))
        self._bot_seed = _dice_seed(self.np_random)
        self._ended = False
        self._others()
        return self._out()

    def step(self, action):
        t = self.table
        if t.state is None:
            raise gymnasium.error.ResetNeeded("call reset() before step()")
        if t.state.is_over or t.truncated or self._ended:
            raise gymnasium.error.ResetNeeded("the episode is over: call reset()")
        move, refusal = t.resolve(action)
        if refusal is not None:
            if t.illegal == "raise":
                raise refusal
            self._ended = True
            obs, info = self._out()
            return obs, t.penalty, True, False, dict(info, illegal_action=str(refusal))
        t.push(move)
        self._others()
        obs, info = self._out()
        reward = t.rewards()[self.seat] if t.state.is_over else 0.0
        if self.render_mode == "human":
            self.render()
        return obs, reward, bool(t.state.is_over), bool(t.truncated), info

    def render(self):
        return _render(self)


def _render(env):
    """Both environments' render(): the board as text ("ansi"), printed for "human", None without a mode."""
    if env.render_mode is None:
        gymnasium.logger.warn("render() called without a render_mode")
        return None
    text = str(env.table.render())
    if env.render_mode == "human":
        print(text)
        return None
    return text
