"""The batched, compiled environment (rl.vector.BatchEnv, rl.vecenv): the
same observations and masks as rl.spaces' Observer and the engine's legal
actions, the same games as the Python State, the libraries' conventions."""
import pickle

import numpy as np
import pytest

pytest.importorskip("gymnasium")
import gymnasium  # noqa: E402

from pachisi import rl  # noqa: E402
from pachisi.engine.game import State  # noqa: E402
from pachisi.games import GAMES  # noqa: E402
from pachisi.rl.core import IllegalActionError  # noqa: E402
from pachisi.engine.options import OptionError  # noqa: E402

CASES = [(g, n) for g in GAMES for n in (2, 3, 4) if GAMES[g].min_players <= n <= GAMES[g].max_players] + \
    [("ludo", 6), ("parchis", 8), ("parques", 8)]                   # the larger boards' wide state


def random_legal(env, rng):
    return np.array([rng.choice(np.flatnonzero(m)) for m in env.masks])


def check_rows(env):
    """Every game's observation equals Observer's for its state (byte for byte) and its mask the legal actions."""
    game, observer, codec = env.game, env.table.observer, env.table.codec
    for i in range(env.num_envs):
        state = State(game, env.states[i].copy(), int(env.game_seeds[i]))
        me = int(env.players[i])
        assert observer(state, me).tobytes() == env.observations[i].tobytes(), (i, state.arr.tolist())
        legal = sorted(codec.index(a) for a in state.legal_actions())
        assert state.current_player == me and not state.is_chance and not state.is_over
        assert np.flatnonzero(env.masks[i]).tolist() == legal


@pytest.mark.parametrize("game,players", CASES)
def test_observation_and_mask_equal_the_observers_in_every_game(game, players):
    for opponents in ("level3", "self"):
        env = rl.batch_env(game, num_envs=6, players=players, opponents=opponents, seat=players - 1
                           if opponents != "self" else 0)
        rng = np.random.default_rng(players)
        env.reset(seed=players)
        ended = 0
        for _ in range(120 if game != "kimbo" else 40):
            check_rows(env)
            env.step(random_legal(env, rng))
            ended += int(env.terminals.sum())
            assert not env.illegal.any()
        if opponents != "self":          # play on to an end, so rows after an ended game's reset are checked too
            for _ in range(5000):
                if ended:
                    break
                env.step(random_legal(env, rng))
                ended += int(env.terminals.sum())
            assert ended > 0
            check_rows(env)


def alongside(env, rng, steps, ended):
    """Step a self-play env with random legal actions for `steps` steps (or until `ended` says stop),
    playing the same actions and rolls on Python States dealt from each game's seed: the positions
    stay equal, and each game that ends is checked by ended(i, state, movers) (True: stop)."""
    codec = env.table.codec

    def dealt(i):
        s = env.game.new_state(int(env.game_seeds[i]))
        while s.is_chance:
            s.roll()
        return s

    states = [dealt(i) for i in range(env.num_envs)]
    for _ in range(steps):
        acts = random_legal(env, rng)
        movers = env.players.copy()
        env.step(acts)
        for i, s in enumerate(states):
            s.push(codec.action(int(acts[i])))
            while s.is_chance:
                s.roll()
            if env.terminals[i]:
                assert s.is_over
                env.table.state = s
                if ended(i, s, movers):
                    return
                states[i] = dealt(i)
            else:
                assert np.array_equal(s.arr, env.states[i])


@pytest.mark.parametrize("game", sorted(GAMES))
def test_self_play_is_the_python_states_game(game):
    """Every seat the agent's: replaying the same actions and rolling on a State dealt from the game's
    seed gives the same positions, and an ended game the rewards of rl's Table."""
    env = rl.batch_env(game, num_envs=3, players=max(2, GAMES[game].min_players), opponents="self")
    env.reset(seed=11)
    finished = []

    def ended(i, s, movers):
        assert env.final_rewards[i].tolist() == pytest.approx(env.table.rewards())
        assert env.rewards[i] == env.final_rewards[i][movers[i]]       # the mover's
        finished.append(i)

    alongside(env, np.random.default_rng(0), 60 if game == "kimbo" else 1500 if GAMES[game].min_players > 2 else 500,
              ended)
    assert finished or game == "kimbo"


def test_the_reward_is_the_movers_and_the_game_is_dealt_again():
    env = rl.batch_env("ludo", num_envs=4, players=2, opponents="level1")
    env.reset(seed=5)
    rng = np.random.default_rng(1)
    seen = 0
    while seen < 8:
        seeds = env.game_seeds.copy()
        env.step(random_legal(env, rng))
        for i in np.flatnonzero(env.terminals):
            seen += 1
            assert env.rewards[i] in (1.0, -1.0)
            assert env.final_rewards[i, 0] == env.rewards[i] and env.final_rewards[i, 1] == -env.rewards[i]
            assert env.game_seeds[i] != seeds[i]          # a new deal, from the next episode's seed
            assert env.lengths[i] > 0
        assert not env.truncations.any()


def test_the_same_seed_gives_the_same_episodes_in_one_thread_or_two():
    runs = []
    for threads in (1, 2, 1):
        env = rl.batch_env("shishbesh", num_envs=10, players=4, opponents=["level1", "level3", "level4"],
                           threads=threads)
        env.reset(seed=9)
        rng = np.random.default_rng(2)
        trace = []
        for _ in range(150):
            env.step(random_legal(env, rng))
            trace.append((env.observations.copy(), env.rewards.copy(), env.terminals.copy()))
        runs.append(trace)
        env.close()
    for a, b in zip(runs[0], runs[1]):
        assert all(np.array_equal(x, y) for x, y in zip(a, b))
    assert all(np.array_equal(x, y) for a, b in zip(runs[0], runs[2]) for x, y in zip(a, b))


def test_greedy_opponents_win_more_than_random_ones():
    def agent_wins(opponents):
        env = rl.batch_env("ludo", num_envs=64, players=2, opponents=opponents)
        env.reset(seed=1)
        rng = np.random.default_rng(3)
        wins = games = 0
        while games < 400:
            env.step(random_legal(env, rng))
            games += int(env.terminals.sum())
            wins += int((env.rewards > 0).sum())
        return wins / games
    level1, level4 = agent_wins("level1"), agent_wins("level4")
    assert 0.4 < level1 < 0.6 and level4 < 0.3, (level1, level4)


def test_an_illegal_action_ends_the_game_with_the_penalty_or_raises():
    env = rl.batch_env("ludo", num_envs=2, players=2, opponents="level1", penalty=-2.0)
    env.reset(seed=1)
    acts = np.array([np.flatnonzero(env.masks[0] == 0)[0] if (env.masks[0] == 0).any() else -1, -1])
    seeds = env.game_seeds.copy()
    env.step(acts)
    assert env.illegal.all() and env.terminals.all() and env.rewards.tolist() == [-2.0, -2.0]
    assert (env.game_seeds != seeds).all()
    strict = rl.batch_env("ludo", num_envs=2, players=2, opponents="level1", illegal="raise")
    strict.reset(seed=1)
    before = strict.states.copy()
    with pytest.raises(IllegalActionError, match="not legal here"):
        strict.step(np.array([999, 999]))
    assert np.array_equal(strict.states, before)


def test_max_rolls_truncates():
    env = rl.batch_env("ludo", num_envs=3, players=4, opponents="level1", max_rolls=20)
    env.reset(seed=2)
    rng = np.random.default_rng(0)
    for _ in range(40):
        env.step(random_legal(env, rng))
        if env.truncations.any():
            break
    assert env.truncations.any() and not (env.truncations & env.terminals).any()


def test_bad_settings_are_refused_by_name():
    with pytest.raises(OptionError, match="levels 1-4, random, greedy"):
        rl.batch_env("ludo", opponents="mcts")
    with pytest.raises(OptionError, match="levels 1-4"):
        rl.batch_env("ludo", opponents="level5")
    with pytest.raises(OptionError, match="num_envs"):
        rl.batch_env("ludo", num_envs=0)
    with pytest.raises(OptionError, match="one opponent per other seat"):
        rl.batch_env("ludo", players=3, opponents=["level1"])
    env = rl.batch_env("ludo", num_envs=2)
    with pytest.raises(OptionError, match="reset"):
        env.step(np.zeros(2, np.int64))
    env.reset(seed=0)
    with pytest.raises(OptionError, match="one action per game"):
        env.step(np.zeros(3, np.int64))


def test_a_batch_env_pickles_mid_game_and_plays_on_alike():
    env = rl.batch_env("mandavoshka", num_envs=5, players=3, opponents="level3")
    env.reset(seed=4)
    rng = np.random.default_rng(4)
    for _ in range(30):
        env.step(random_legal(env, rng))
    twin = pickle.loads(pickle.dumps(env))
    for _ in range(60):
        acts = random_legal(env, rng)
        a, b = env.step(acts), twin.step(acts)
        assert all(np.array_equal(x, y) for x, y in zip(a[:4], b[:4]))


def test_make_vec_gives_the_batched_vector_env():
    envs = gymnasium.make_vec("pachisi/Parchis-v0", num_envs=8, opponents="level2", players=3)
    assert type(envs).__name__ == "PachisiVectorEnv"
    obs, info = envs.reset(seed=3)
    assert obs.shape == (8, envs.single_observation_space.shape[0]) and obs in envs.observation_space
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(300):
        masks = envs.action_masks()
        assert np.array_equal(masks, info["action_mask"].astype(bool))
        obs, rew, term, trunc, info = envs.step(np.array([rng.choice(np.flatnonzero(m)) for m in masks]))
        if term.any():
            ended += int(term.sum())
            assert np.array_equal(info["_final_obs"], term | trunc)
            assert info["final_obs"].shape == obs.shape
    assert ended > 0
    twin = pickle.loads(pickle.dumps(envs))
    acts = np.array([np.flatnonzero(m)[0] for m in envs.action_masks()])
    assert np.array_equal(envs.step(acts)[0], twin.step(acts)[0])
    envs.close()
    sync = gymnasium.make_vec("pachisi/Ludo-v0", num_envs=2, vectorization_mode="sync")
    assert type(sync).__name__ == "SyncVectorEnv"


@pytest.mark.parametrize("options", [{"teams": "opposite"}, {"teams": "opposite", "play_for_places": False}])
def test_a_team_game_rewards_the_team_as_the_python_table_does(options):
    env = rl.batch_env("ludo", num_envs=4, players=4, options=options, opponents="self")
    env.reset(seed=5)
    finished = []

    def ended(i, s, movers):
        rewards = env.table.rewards()
        assert env.final_rewards[i].tolist() == pytest.approx(rewards)
        assert rewards[0] == rewards[2] and rewards[1] == rewards[3] and rewards[0] == -rewards[1]
        finished.append(i)
        return len(finished) == 4

    alongside(env, np.random.default_rng(1), 10 ** 6, ended)
    assert len(finished) == 4
