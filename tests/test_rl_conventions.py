"""pachisi.rl keeps the libraries' own conventions: an illegal action ends the
episode with a penalty (PettingZoo's classic games), action_masks() for
sb3-contrib's MaskablePPO, and the libraries' own checkers pass with
default settings."""
import copy
import pickle
import subprocess
import sys

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402
from pettingzoo.utils import OrderEnforcingWrapper  # noqa: E402

from pachisi import rl  # noqa: E402
from pachisi.games import GAMES  # noqa: E402
from pachisi.rl.envs import PachisiEnv, PachisiGymEnv  # noqa: E402


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


CASES = [(game, players) for game, cls in GAMES.items() for players in range(cls.min_players, cls.max_players + 1)]


def test_every_game_has_a_gymnasium_id_registered_on_import():
    ids = {spec.id for spec in gymnasium.registry.values() if spec.namespace == "pachisi"}
    assert ids == {rl.gym_id(game) for game in GAMES}
    assert rl.gym_id("ludo") == "pachisi/Ludo-v0" and rl.gym_id("shishbesh") == "pachisi/Shishbesh-v0"


def test_a_fresh_process_makes_an_id_that_names_the_module():
    """Nothing imported pachisi.rl: gymnasium imports the module named before the colon, which registers."""
    code = "import gymnasium; print(gymnasium.make('pachisi.rl:pachisi/Kimbo-v0').unwrapped.table.game.name)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["kimbo"]


def test_pettingzoo_make_serves_every_game_by_the_same_ids():
    pettingzoo = pytest.importorskip("pettingzoo")
    if not hasattr(pettingzoo, "aec_registry"):
        pytest.skip("this PettingZoo has no registry (1.27 added pettingzoo.make)")
    assert {i for i in pettingzoo.aec_registry if i.startswith("pachisi/")} == {rl.gym_id(game) for game in GAMES}
    env = pettingzoo.make("aec", "pachisi/Parchis-v0", players=3, preset=None, skip_forced=True)
    assert isinstance(env, OrderEnforcingWrapper) and isinstance(env.unwrapped, PachisiEnv)
    raw = env.unwrapped
    assert (raw.table.game.name, raw.table.game.players, raw.table.skip_forced) == ("parchis", 3, True)


def test_gym_make_passes_the_options_as_keyword_arguments():
    env = gymnasium.make("pachisi/Shishbesh-v0", players=3, seat=2, opponents=["level1", "random"],
                         options={"arm": 6}, max_rolls=50)
    raw = env.unwrapped
    assert isinstance(raw, PachisiGymEnv) and env.spec.id == "pachisi/Shishbesh-v0"
    assert (raw.seat, raw.table.game.players, raw.table.game.opts["arm"], raw.table.max_rolls) == (2, 3, 6, 50)
    _, info = env.reset(seed=1)
    assert np.array_equal(env.get_wrapper_attr("action_masks")(), info["action_mask"].astype(bool))


def test_gym_make_vec_steps_four_games_side_by_side():
    envs = gymnasium.make_vec("pachisi/Ludo-v0", num_envs=4, vectorization_mode="sync")
    obs, info = envs.reset(seed=3)
    assert obs.shape == (4, 948) and info["action_mask"].shape == (4, 24)
    ended = np.zeros(4, bool)
    for _ in range(3000):                          # long enough for each game to end at least once
        masks = envs.call("action_masks")
        acts = np.array([np.flatnonzero(m)[0] if m.any() else 0 for m in masks])
        obs, reward, term, trunc, info = envs.step(acts)
        assert envs.observation_space.contains(obs)
        assert set(reward[term]) <= {1.0, -1.0} and not reward[~term].any()
        ended |= term
        if ended.all():
            break
    assert ended.all()
    envs.close()


@pytest.mark.filterwarnings("ignore:.*is different from the unwrapped version")   # checked wrapped on purpose
@pytest.mark.parametrize("game,players", CASES)
def test_gymnasiums_checker_passes_with_default_settings(game, players):
    check_env(gymnasium.make(rl.gym_id(game), players=players).unwrapped)
    check_env(gymnasium.make(rl.gym_id(game), players=players, seat=players - 1))


@pytest.mark.parametrize("game,players", CASES)
def test_pettingzoos_api_and_seed_tests_pass_with_default_settings(game, players):
    api_test(rl.env(game, players=players), num_cycles=15)
    seed_test(lambda: rl.env(game, players=players), num_cycles=15)


def test_rl_env_is_wrapped_as_pettingzoos_own_and_raw_env_is_not():
    wrapped, raw = rl.env("ludo", players=2), rl.raw_env("ludo", players=2)
    assert isinstance(wrapped, OrderEnforcingWrapper) and isinstance(wrapped.unwrapped, PachisiEnv)
    assert isinstance(raw, PachisiEnv)
    with pytest.raises(AttributeError, match="before reset"):
        wrapped.agent_selection


@pytest.mark.parametrize("make", [lambda: rl.env("ludo", players=3), lambda: gymnasium.make("pachisi/Ludo-v0")],
                         ids=["aec", "gym.make"])
def test_the_made_environments_pickle_and_play_on_identically(make):
    env = make()
    env.reset(seed=6)
    for loaded in (pickle.loads(pickle.dumps(env)), copy.deepcopy(env)):
        assert _trace(loaded) == _trace(copy.deepcopy(env))


def _trace(env, steps=40):
    """What `steps` first-legal actions give."""
    out = []
    for _ in range(steps):
        if isinstance(env, gymnasium.Env):
            obs, reward, term, trunc, _ = env.step(int(np.flatnonzero(env.get_wrapper_attr("action_masks")())[0]))
            out.append((obs.tobytes(), reward, term, trunc))
            if term or trunc:
                break
        else:
            obs, reward, term, trunc, _ = env.last()
            out.append((env.agent_selection, obs["observation"].tobytes(), reward))
            env.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[0]))
    return out


def _first_legal_aec(env, seed):
    """Every agent plays its first legal action: the decisions asked and the rewards each agent was told."""
    env.reset(seed=seed)
    asked, told = [], {}
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        if term or trunc:
            told[agent] = reward
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        asked.append(len(legal))
        env.step(int(legal[0]))
    return asked, told


@pytest.mark.parametrize("game", sorted(GAMES))
def test_skip_forced_plays_the_single_legal_actions_and_the_game_stays_the_same(game):
    """A player of the first legal action plays the same game with and without skip_forced (a forced
    decision's one action is its first): the same moves, end and rewards, only the forced ones not asked."""
    n = max(2, GAMES[game].min_players)
    plain, skipping = rl.env(game, players=n, max_rolls=400), rl.env(game, players=n, max_rolls=400,
                                                                      skip_forced=True)
    asked, told = _first_legal_aec(plain, seed=9)
    asked_skipping, told_skipping = _first_legal_aec(skipping, seed=9)
    assert skipping.table.state.history == plain.table.state.history
    assert told_skipping == told and set(told) == set(plain.possible_agents)
    assert min(asked_skipping) >= 2                                  # no forced decision was asked
    assert len(asked_skipping) == sum(1 for n in asked if n >= 2)


def test_skip_forced_in_the_gym_env_asks_only_real_choices_and_keeps_the_result():
    results = []
    for skip in (False, True):
        env = rl.gym_env("ludo", players=2, opponents="level2", skip_forced=skip)
        _, info = env.reset(seed=21)
        asked, total, done = [], 0.0, False
        while not done:
            legal = np.flatnonzero(env.action_masks())
            asked.append(len(legal))
            _, reward, term, trunc, info = env.step(int(legal[0]))
            total += reward
            done = term or trunc
        results.append((env.state.history, total, asked))
    (history, total, asked), (history_s, total_s, asked_s) = results
    assert history_s == history and total_s == total and total in (1.0, -1.0)
    assert min(asked_s) >= 2 and len(asked_s) == sum(1 for n in asked if n >= 2) < len(asked)


def test_skip_forced_is_a_bool():
    from pachisi.engine.options import OptionError
    with pytest.raises(OptionError, match="skip_forced is True or False, not 1"):
        rl.env("ludo", skip_forced=1)
