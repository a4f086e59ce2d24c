"""The batched environment as a Gymnasium VectorEnv (what gymnasium.make_vec gives for pachisi's ids)."""
import gymnasium
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space
import numpy as np

from ..bots import SEED_MASK
from .core import default_players
from .spaces import HIGH
from .vector import BatchEnv


class PachisiVectorEnv(VectorEnv):
    """rl.vector.BatchEnv as a Gymnasium VectorEnv: one seat per game against compiled opponents
    (levels 1-4, random, greedy), the games dealt again in the step they end (AutoresetMode.SAME_STEP:
    their last observations in infos["final_obs"], marked by infos["_final_obs"]), the masks in
    infos["action_mask"] and action_masks().  copy=False returns the environment's own buffers, which
    the next step overwrites."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

    def __init__(self, game, num_envs=8, seat=0, opponents="level3", players=None, copy=True, **kwargs):
        if players is None:
            players = default_players(game, opponents)
        self.batch = BatchEnv(game, num_envs, players, opponents=opponents, seat=seat, **kwargs)
        self.num_envs, self.copy = num_envs, copy
        self.render_mode = None
        self.single_observation_space = spaces.Box(0.0, HIGH, (self.batch.obs_size,),
                                                 np.float32)
        self.single_action_space = spaces.Discrete(self.batch.n_actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)

    def reset(self, *, seed=None, options=None):
        if seed is not None:
            self._np_random, _ = gymnasium.utils.seeding.np_random(seed if isinstance(seed, int) else seed[0])
        obs, _ = self.batch.reset(int(self.np_random.integers(SEED_MASK)))
        return self._out(obs), self._info()

    def _out(self, x):
        return x.copy() if self.copy else x

    def _info(self):
        return {"action_mask": self._out(self.batch.masks), "_action_mask": np.ones(self.num_envs, bool)}

    def step(self, actions):
        b = self.batch
        obs, rew, term, trunc, _ = b.step(actions)
        info = self._info()
        ended = term | trunc
        if ended.any():
            info["final_obs"] = b.final_observations.copy()
            info["_final_obs"] = ended.copy()
            info["final_info"] = {"episode_length": b.lengths.copy(), "_episode_length": ended.copy()}
            info["_final_info"] = ended.copy()
        return self._out(obs), rew.copy(), term.copy(), trunc.copy(), info

    def action_masks(self):
        """The legal actions of every game as bools (num_envs, actions): what sb3-contrib's MaskablePPO asks."""
        return self.batch.action_masks().copy()

    def close_extras(self, **kwargs):
        self.batch.close()


def make_vector(game, num_envs=8, **kwargs):
    """The Gymnasium VectorEnv of `game`: the registered ids' vector entry point (gymnasium.make_vec)."""
    return PachisiVectorEnv(game, num_envs, **kwargs)
