"""Reinforcement-learning environments of every pachisi game (docs/rl.md).

    from pachisi import rl
    env = rl.env("ludo", players=4)                 # PettingZoo AEC: every seat an agent
    gym = rl.gym_env("shishbesh", seat=0, opponents="level3")   # Gymnasium: one seat against bots

    import gymnasium, pettingzoo
    gym = gymnasium.make("pachisi/Ludo-v0", opponents="level1")  # the registered ids (gym_id)
    envs = gymnasium.make_vec("pachisi/Ludo-v0", num_envs=256)   # the batched, compiled environment
    batch = rl.batch_env("ludo", num_envs=1024, opponents="level3")  # the same, PufferLib/EnvPool style
    env = pettingzoo.make("aec", "pachisi/Ludo-v0", players=4)    # PettingZoo 1.27+

Needs the `rl` extra (pettingzoo, gymnasium).
"""
from ..extras import require
from ..games import GAMES
from .core import IllegalActionError
from .spaces import ActionCodec, Observer, action_codec

NAMESPACE = "pachisi"


def raw_env(game, players=4, preset=None, options=None, **kwargs):
    """A PettingZoo AEC environment of `game` without wrappers (max_rolls,
    illegal="penalty" or "raise", penalty, skip_forced, render_mode: see
    PachisiEnv)."""
    require("rl", "pachisi.rl.env")
    from .envs import PachisiEnv
    return PachisiEnv(game, players, preset, options, **kwargs)


def env(game, players=4, preset=None, options=None, **kwargs):
    """raw_env wrapped as PettingZoo's own environments are: the order of
    calls enforced (reset before step, no attributes before reset)."""
    e = raw_env(game, players, preset, options, **kwargs)
    from pettingzoo.utils import OrderEnforcingWrapper
    return OrderEnforcingWrapper(e)


def gym_env(game, seat=0, opponents="level3", players=None, preset=None, options=None, **kwargs):
    """A Gymnasium environment of one seat of `game`, the other seats played
    by `opponents` (a level, a bot name, a Bot, or one per other seat);
    players defaults to one more than the opponents listed, else 2."""
    require("rl", "pachisi.rl.gym_env")
    from .envs import PachisiGymEnv
    return PachisiGymEnv(game, seat, opponents, players, preset, options, **kwargs)


def batch_env(game, num_envs=64, players=2, preset=None, options=None, **kwargs):
    """num_envs games of `game` stepped by one compiled call, PufferLib/EnvPool style: reset(seed) and
    step(actions) write into and return preallocated numpy buffers (opponents, seat, skip_forced,
    max_rolls, illegal, penalty, threads: see rl.vector.BatchEnv)."""
    from .vector import BatchEnv
    return BatchEnv(game, num_envs, players, preset, options, **kwargs)


def vector_env(game, num_envs=8, **kwargs):
    """The batched environment as a Gymnasium VectorEnv (gymnasium.make_vec of a registered id gives it):
    gym_env's keyword arguments, the opponents compiled ones (levels 1-4, random, greedy)."""
    require("rl", "pachisi.rl.vector_env")
    from .vecenv import PachisiVectorEnv
    return PachisiVectorEnv(game, num_envs, **kwargs)


def gym_id(game):
    """The Gymnasium (and PettingZoo) id of a game: "pachisi/Ludo-v0" for "ludo"."""
    return f"{NAMESPACE}/{game[:1].upper()}{game[1:]}-v0"


def _register():
    """An id per game, installed ones too: gymnasium.make(gym_id(game), **gym_env's keyword arguments),
    gymnasium.make_vec(gym_id(game), num_envs) the batched environment (vectorization_mode="sync": gym_env's)
    and, where PettingZoo has a registry (1.27+), pettingzoo.make("aec", gym_id(game), **env's).
    Neither loads plugins by entry points: importing pachisi.rl is what registers them."""
    try:
        import gymnasium
    except ImportError:
        gymnasium = None
    try:
        import pettingzoo
    except ImportError:
        pettingzoo = None
    aec = getattr(pettingzoo, "aec_registry", None)
    for game in GAMES:
        name = gym_id(game)
        if gymnasium is not None and name not in gymnasium.registry:
            gymnasium.register(name, entry_point="pachisi.rl.envs:PachisiGymEnv",
                               vector_entry_point="pachisi.rl.vecenv:make_vector", kwargs={"game": game})
        if aec is not None and name not in aec:
            pettingzoo.register("aec", name, entry_point="pachisi.rl:env", kwargs={"game": game})


_register()

__all__ = ["env", "raw_env", "gym_env", "batch_env", "vector_env", "gym_id", "IllegalActionError", "ActionCodec", "Observer",
           "action_codec"]
