"""Games, states and both RL environments pickle and deep-copy: a Game as
its parameters, a State as its game, position, seed, undo stack and
history; what is loaded plays on exactly as the original does."""
import copy
import multiprocessing
import pickle
import random

from hypothesis import HealthCheck, given, settings, strategies as st
import numpy as np
import pytest

from pachisi.games import GAMES, make_game
from pachisi.rl.envs import PachisiEnv, PachisiGymEnv

from helpers import random_play

CASES = [(name, preset, players) for name, cls in GAMES.items() for preset in cls.presets
         for players in range(cls.min_players, cls.max_players + 1)]


def same(a, b):
    assert a == b and a.game == b.game and a.history == b.history and a.seed == b.seed
    assert a.legal_actions() == b.legal_actions() and len(a._stack) == len(b._stack)


@pytest.mark.parametrize("name,preset,players", CASES)
def test_a_game_pickles_as_its_parameters(name, preset, players):
    game = make_game(name, players, preset)
    for loaded in (pickle.loads(pickle.dumps(game)), copy.deepcopy(game), copy.copy(game)):
        assert loaded == game and hash(loaded) == hash(game)
        assert (loaded.name, loaded.players, loaded.preset, loaded.opts) == (name, players, preset, game.opts)
        assert np.array_equal(loaded.new_state(seed=3).arr, game.new_state(seed=3).arr)
    assert len(pickle.dumps(game)) < 1000             # the parameters, not the tables


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=st.sampled_from(CASES), seed=st.integers(0, 2 ** 63 - 1), before=st.integers(0, 120),
       after=st.integers(1, 80), choices=st.integers(0, 2 ** 32))
def test_a_pickled_or_deep_copied_state_plays_on_identically(case, seed, before, after, choices):
    name, preset, players = case
    state = random_play(make_game(name, players, preset).new_state(seed=seed), random.Random(choices), before)
    for load in (lambda s: pickle.loads(pickle.dumps(s)), copy.deepcopy):
        loaded = load(state)
        same(loaded, state)
        if state._stack:                           # the undo stack came along
            popped, original = load(state), state.clone()
            popped.pop()
            original.pop()
            same(popped, original)
        same(random_play(loaded, random.Random(choices + 1), after),
             random_play(state.clone(), random.Random(choices + 1), after))


def _play_on(state, choices, steps):
    return random_play(state, random.Random(choices), steps).to_json(), state.history


def test_a_state_sent_to_another_process_plays_on_identically():
    state = random_play(make_game("parchis", 4).new_state(seed=11), random.Random(1), 60)
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        there = pool.apply(_play_on, (state, 5, 200))
    assert there == _play_on(state.clone(), 5, 200)


def _steps(env, n, gym):
    """n steps of the first legal action; what each returned."""
    out = []
    for _ in range(n):
        if gym:
            obs, reward, term, trunc, info = env.step(int(np.flatnonzero(info_mask(env))[0]))
            out.append((obs.tolist(), reward, term, trunc))
            if term or trunc:
                break
        else:
            agent = env.agent_selection
            if env.terminations[agent] or env.truncations[agent]:
                break
            mask = env.observe(agent)["action_mask"]
            env.step(int(np.flatnonzero(mask)[0]))
            out.append((agent, env.observe(agent)["observation"].tolist(), dict(env.rewards)))
    return out


def info_mask(env):
    return env.table.mask(env.seat)


@pytest.mark.parametrize("name", list(GAMES))
def test_the_rl_environments_pickle_and_deep_copy(name):
    cls = GAMES[name]
    for gym in (True, False):
        env = PachisiGymEnv(name, opponents="level2") if gym else PachisiEnv(name, players=cls.min_players)
        env.reset(seed=4)
        _steps(env, 3, gym)
        for loaded in (pickle.loads(pickle.dumps(env)), copy.deepcopy(env)):
            assert loaded.table.state == env.table.state
            assert _steps(loaded, 20, gym) == _steps(copy.deepcopy(env), 20, gym)
