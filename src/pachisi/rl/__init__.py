"""Reinforcement-learning environments of every pachisi game (docs/rl.md).

    from pachisi import rl
    env = rl.env("ludo", players=4)                 # PettingZoo AEC: every seat an agent
    gym = rl.gym_env("shishbesh", seat=0, opponents="level3")   # Gymnasium: one seat against bots

Needs the `rl` extra (pettingzoo, gymnasium).
"""
from ..extras import require
from .core import IllegalActionError
from .spaces import ActionCodec, Observer, action_codec


def env(game, players=4, preset=None, options=None, **kwargs):
    """A PettingZoo AEC environment of `game` (max_rolls, illegal="raise" or
    "penalty", penalty, render_mode: see PachisiEnv)."""
    require("rl", "pachisi.rl.env")
    from .envs import PachisiEnv
    return PachisiEnv(game, players, preset, options, **kwargs)


def gym_env(game, seat=0, opponents="level3", players=None, preset=None, options=None, **kwargs):
    """A Gymnasium environment of one seat of `game`, the other seats played
    by `opponents` (a level, a bot name, a Bot, or one per other seat);
    players defaults to one more than the opponents listed, else 2."""
    require("rl", "pachisi.rl.gym_env")
    from .envs import PachisiGymEnv
    return PachisiGymEnv(game, seat, opponents, players, preset, options, **kwargs)


__all__ = ["env", "gym_env", "IllegalActionError", "ActionCodec", "Observer", "action_codec"]
