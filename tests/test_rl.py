"""pachisi.rl: the PettingZoo and Gymnasium environments of every game."""
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

from pachisi import rl  # noqa: E402
from pachisi.engine.options import OptionError  # noqa: E402
from pachisi.games import GAMES  # noqa: E402

GAME_NAMES = sorted(GAMES)


def fit(game, players):
    """`players`, or the game's fewest when it needs more (a team game of four)."""
    return max(players, GAMES[game].min_players)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_aec_environment_passes_pettingzoos_api_test(game):
    api_test(rl.env(game, players=4), num_cycles=60)
    api_test(rl.env(game, players=fit(game, 2)), num_cycles=20)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_gym_environment_passes_gymnasiums_checker(game):
    # the checker steps with unmasked random actions: the default penalty ends such an episode
    check_env(rl.gym_env(game, opponents="level1"), skip_render_check=True)


def _play_aec(env, seed, steps=400):
    """Masked random actions from a seeded generator: the observations, agents and rewards seen."""
    env.reset(seed=seed)
    rng = np.random.default_rng(99)
    trace = []
    for agent in env.agent_iter(max_iter=steps):
        obs, reward, term, trunc, _ = env.last()
        trace.append((agent, obs["observation"].tobytes(), reward))
        if term or trunc:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return trace


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_same_seed_gives_the_same_episode(game):
    a = _play_aec(rl.env(game, players=fit(game, 3)), seed=7)
    b = _play_aec(rl.env(game, players=fit(game, 3)), seed=7)
    c = _play_aec(rl.env(game, players=fit(game, 3)), seed=8)
    assert a == b and a != c
    g1, g2 = rl.gym_env(game, opponents="level3"), rl.gym_env(game, opponents="level3")
    (o1, i1), (o2, i2) = g1.reset(seed=3), g2.reset(seed=3)
    for _ in range(30):
        assert np.array_equal(o1, o2) and np.array_equal(i1["action_mask"], i2["action_mask"])
        act = int(np.flatnonzero(i1["action_mask"])[0])
        o1, r1, t1, _, i1 = g1.step(act)
        o2, r2, t2, _, i2 = g2.step(act)
        assert r1 == r2 and t1 == t2
        if t1:
            break


@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_legal_action_has_a_place_in_the_fixed_action_space(game):
    """Whole games of every preset: each legal action maps to an index and back, observations stay in their space."""
    cls = GAMES[game]
    for preset in cls.presets:
        for players in (cls.min_players, cls.max_players):
            env = rl.env(game, players=players, preset=preset, max_rolls=300)
            env.reset(seed=len(preset) + players)
            codec, space = env.table.codec, env.observation_space("player_0")["observation"]
            rng = np.random.default_rng(1)
            for agent in env.agent_iter(max_iter=300):
                obs, _, term, trunc, _ = env.last()
                assert space.contains(obs["observation"]), (preset, players)
                if term or trunc:
                    env.step(None)
                    continue
                legal = env.table.state.legal_actions()
                assert sorted(codec.action(codec.index(a)) for a in legal) == sorted(legal)
                assert sorted(np.flatnonzero(obs["action_mask"])) == sorted(codec.index(a) for a in legal)
                env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


def test_the_ludo_observation_at_the_start_shows_every_piece_in_its_yard():
    env = rl.env("ludo", players=2)
    env.reset(seed=1)
    agent = env.agent_selection
    obs = env.observe(agent)["observation"]
    places = env.table.observer.places                  # -1 (yard) ... 56 (home)
    assert places == 58
    pieces = obs[:16 * places].reshape(4, 4, places)    # player +r, piece, place
    assert (pieces[:2, :, 0] == 1.0).all()              # all four pieces of both players on place -1
    assert pieces.sum() == 8.0 and not pieces[2:].any()  # seats +2, +3 absent
    at = 16 * places
    dice = obs[at:at + 6]
    assert 1 / 6 <= dice[0] <= 1 and not dice[1:].any()    # Ludo rolls one die
    present = obs[at + 12:at + 16]
    assert list(present) == [1, 1, 0, 0]


def test_a_die_is_read_as_its_share_of_the_games_top_face():
    """A six-sided die reads value / 6; a cowrie throw of 25 reads 1.0 (not 25 / 6), so no slot passes 1."""
    from pachisi.rl.spaces import Observer
    for name, value, top in (("ludo", 6, 6), ("pachisi", 25, 25), ("chaupar", 5, 6)):
        game = GAMES[name]()
        observer = Observer(game)
        state = game.new_state(1)
        at = sum(n for _, n in observer.layout()[:-(4 + len(observer.extra))])
        state.set_dice([value] * len(game.dice_faces()))
        obs = observer(state, state.current_player)
        assert obs[at] == value / top and obs.max() <= 1.0


def test_rewards_are_win_and_lose_or_places_with_play_for_places():
    env = rl.env("ludo", players=3)
    trace = _play_aec(env, seed=2, steps=20_000)
    assert env.table.state.is_over
    winner = f"player_{env.table.state.winner}"
    finals = {a: r for a, _, r in trace[-3:]}
    assert finals[winner] == 1.0 and sorted(finals.values()) == [-1.0, -1.0, 1.0]
    env = rl.env("ludo", players=4, options={"play_for_places": True})
    _play_aec(env, seed=2, steps=40_000)
    order = env.table.state.finish_order
    assert sorted(order) == [0, 1, 2, 3]
    rewards = env.table.rewards()
    assert [rewards[p] for p in order] == pytest.approx([1.0, 1 / 3, -1 / 3, -1.0])
    assert sum(rewards) == pytest.approx(0.0)


def test_a_gym_episode_ends_with_the_seats_result():
    env = rl.gym_env("ludo", seat=1, opponents=["level1"], players=2)
    obs, info = env.reset(seed=11)
    total, done, steps = 0.0, False, 0
    while not done:
        obs, reward, done, trunc, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        total += reward
        steps += 1
        assert not trunc
    assert total in (1.0, -1.0)
    assert (total == 1.0) == (env.table.state.winner == 1)
    assert not info["action_mask"].any()


def test_an_illegal_action_is_refused_naming_the_legal_ones_with_illegal_raise():
    env = rl.env("ludo", players=2, illegal="raise")
    env.reset(seed=5)
    mask = env.observe(env.agent_selection)["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(rl.IllegalActionError) as e:
        env.step(bad)
    text = str(e.value)
    assert f"action {bad} is not legal here" in text
    for i in np.flatnonzero(mask):
        assert f"{i} (" in text
    assert env.table.state.legal_actions()                 # nothing was applied
    with pytest.raises(rl.IllegalActionError, match="not legal"):
        env.step(10_000)


def test_an_illegal_action_ends_the_episode_with_the_penalty():
    env = rl.env("shishbesh", players=4, illegal="penalty", penalty=-5)
    env.reset(seed=5)
    agent = env.agent_selection
    bad = int(np.flatnonzero(env.observe(agent)["action_mask"] == 0)[0])
    env.step(bad)
    assert all(env.terminations.values())
    assert env.rewards[agent] == -5 and sum(env.rewards.values()) == -5
    assert "not legal" in env.infos[agent]["illegal_action"]
    g = rl.gym_env("shishbesh")                          # the default
    _, info = g.reset(seed=1)
    _, reward, term, trunc, info = g.step(int(np.flatnonzero(info["action_mask"] == 0)[0]))
    assert (reward, term, trunc) == (-1.0, True, False) and "illegal_action" in info


def test_bad_constructor_arguments_are_refused_with_the_engines_option_errors():
    with pytest.raises(OptionError, match="unknown game 'chess'"):
        rl.env("chess")
    with pytest.raises(OptionError, match="2 to 6 players"):
        rl.env("ludo", players=7)
    with pytest.raises(OptionError, match="preset"):
        rl.env("ludo", preset="nope")
    with pytest.raises(OptionError, match="arm"):
        rl.gym_env("shishbesh", options={"arm": 9})
    with pytest.raises(OptionError, match="seat is a player from 0 to 1"):
        rl.gym_env("ludo", seat=2)
    with pytest.raises(OptionError, match="an opponent is a level"):
        rl.gym_env("ludo", opponents="grandmaster")
    with pytest.raises(OptionError, match="unknown bot level 9"):
        rl.gym_env("ludo", opponents="level9")
    with pytest.raises(OptionError, match="one opponent per other seat: 3, not 2"):
        rl.gym_env("ludo", players=4, opponents=["level1", "level2"])
    with pytest.raises(OptionError, match="illegal is penalty or raise"):
        rl.env("ludo", illegal="ignore")
    with pytest.raises(OptionError, match="render_mode"):
        rl.env("ludo", render_mode="rgb_array")


def test_render_draws_the_board_as_text():
    env = rl.env("ludo", players=2, render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert isinstance(text, str) and len(text.splitlines()) > 10


def test_the_worked_example_runs_and_reports_its_interval(tmp_path):
    import runpy
    import sys
    png = tmp_path / "curve.png"
    argv = sys.argv
    sys.argv = ["ludo_td.py", "--train", "20", "--every", "10", "--curve-games", "4", "--eval", "10", "--plot", str(png)]
    try:
        runpy.run_path(str(Path(__file__).parent.parent / "examples" / "ludo_td.py"), run_name="__main__")
    finally:
        sys.argv = argv
    assert png.read_bytes()[:4] == b"\x89PNG"
