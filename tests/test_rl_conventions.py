"""pachisi.rl keeps the libraries' own conventions: an illegal action ends the
episode with a penalty (PettingZoo's classic games), action_masks() for
sb3-contrib's MaskablePPO, and the libraries' own checkers pass with
default settings."""
import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from pachisi import rl  # noqa: E402


def _illegal(mask):
    return int(np.flatnonzero(mask == 0)[0])


@pytest.mark.parametrize("bad", ["unmasked", 10_000, -1, None, 2.5])
def test_by_default_an_illegal_aec_action_ends_the_episode_the_offender_penalised(bad):
    env = rl.env("ludo", players=3)
    env.reset(seed=5)
    offender = env.agent_selection
    obs = env.observe(offender)
    env.step(_illegal(obs["action_mask"]) if bad == "unmasked" else bad)
    assert env.terminations == dict.fromkeys(env.possible_agents, True)
    assert not any(env.truncations.values())
    assert "not legal" in env.infos[offender]["illegal_action"]
    seen = {}
    for agent in env.agent_iter():                # each agent is told the end once, then leaves
        _, reward, term, trunc, _ = env.last()
        assert term and not trunc
        seen[agent] = reward
        env.step(None)
    assert seen == {a: (-1.0 if a == offender else 0.0) for a in env.possible_agents}
    assert env.agents == []


def test_by_default_an_illegal_gym_action_ends_the_episode_with_the_penalty():
    env = rl.gym_env("ludo", players=2, opponents="level1", penalty=-3)
    _, info = env.reset(seed=2)
    obs, reward, term, trunc, info = env.step(_illegal(info["action_mask"]))
    assert (reward, term, trunc) == (-3.0, True, False)
    assert "not legal" in info["illegal_action"]
    assert env.observation_space.contains(obs)


def test_illegal_raise_keeps_the_error_and_applies_nothing():
    env = rl.gym_env("ludo", illegal="raise")
    _, info = env.reset(seed=2)
    before = env.state.to_json()
    with pytest.raises(rl.IllegalActionError, match="not legal here"):
        env.step(_illegal(info["action_mask"]))
    assert env.state.to_json() == before


def test_action_masks_is_the_info_mask_as_bools():
    env = rl.gym_env("shishbesh", players=2, opponents="level1")
    _, info = env.reset(seed=4)
    done = False
    while not done:
        masks = env.action_masks()
        assert masks.dtype == np.bool_ and masks.shape == (env.action_space.n,)
        assert np.array_equal(masks, info["action_mask"].astype(bool)) and masks.any()
        _, _, term, trunc, info = env.step(int(np.flatnonzero(masks)[0]))
        done = term or trunc
    assert not env.action_masks().any()           # nothing is legal once the game is over
