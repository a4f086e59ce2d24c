"""Every game as an OpenSpiel game: explicit chance nodes with exact probabilities, the observation
tensor of rl.spaces, serialisation, and OpenSpiel's own random_sim_test."""
from fractions import Fraction
import pickle

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from pachisi.games import GAMES  # noqa: E402
from pachisi.rl import openspiel  # noqa: E402
from pachisi.rl.spaces import Observer  # noqa: E402


@pytest.mark.parametrize("game", sorted(GAMES))
def test_random_sim_test_passes(game):
    long = GAMES[game].turn_cap < 100_000          # a game random play may wander in: fewer rolls
    fewest = max(2, GAMES[game].min_players)
    params = {"players": fewest, "max_rolls": 300} if long else {"players": fewest}
    pyspiel.random_sim_test(pyspiel.load_game(openspiel.short_name(game), params), num_sims=1 if long else 3,
                            serialize=True, verbose=False)
    if not long and GAMES[game].max_players >= 4 and fewest < 4:
        pyspiel.random_sim_test(pyspiel.load_game(openspiel.short_name(game), {"players": 4}), num_sims=1,
                                serialize=True, verbose=False)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_chance_nodes_are_the_dice_with_exact_probabilities(game):
    cls = GAMES[game]
    g = pyspiel.load_game(openspiel.short_name(game), {"players": min(max(3, cls.min_players), cls.max_players)})
    s = g.new_initial_state()
    first = s.chance_outcomes()                     # the roll-off: each player alike
    assert [a for a, _ in first] == list(range(g.num_players()))
    assert sum(Fraction(p).limit_denominator(1000) for _, p in first) == 1
    s.apply_action(1)
    assert s.state.current_player == 1
    dice = s.chance_outcomes()
    rolls = s.state.chance_outcomes()
    assert len(dice) == len(rolls) == g.max_chance_outcomes() or len(dice) == len(rolls)
    assert [p for _, p in dice] == pytest.approx([p for _, p in rolls])      # the weights' exact chances
    assert [s.action_to_string(pyspiel.PlayerId.CHANCE, a) for a, _ in dice] == \
        ["roll " + " ".join(map(str, r)) for r, _ in rolls]


def test_observation_tensor_is_the_observers_and_a_state_serialises():
    g = pyspiel.load_game("pachisi_ludo", {"players": 4, "options": "blocks:true"})
    assert g.observation_tensor_size() == Observer(g.table.game).size
    rng = np.random.default_rng(0)
    s = g.new_initial_state()
    for _ in range(200):
        if s.is_chance_node():
            acts, probs = zip(*s.chance_outcomes())
            s.apply_action(int(rng.choice(acts, p=probs)))
        else:
            p = s.current_player()
            assert np.array_equal(np.array(s.observation_tensor(p), np.float32), g.table.observer(s.state, p))
            legal = s.legal_actions()
            assert legal == sorted(g.table.codec.index(a) for a in s.state.legal_actions())
            s.apply_action(int(rng.choice(legal)))
    text = pyspiel.serialize_game_and_state(g, s)
    g2, s2 = pyspiel.deserialize_game_and_state(text)
    assert np.array_equal(s2.state.arr, s.state.arr) and s2.history() == s.history()
    assert g2.table.game.opts["blocks"] is True
    again = pickle.loads(pickle.dumps(s))
    assert np.array_equal(again.state.arr, s.state.arr)


def test_a_finished_game_pays_the_winner():
    g = pyspiel.load_game("pachisi_shishbesh", {"players": 2})
    rng = np.random.default_rng(1)
    s = g.new_initial_state()
    while not s.is_terminal():
        if s.is_chance_node():
            acts, probs = zip(*s.chance_outcomes())
            s.apply_action(int(rng.choice(acts, p=probs)))
        else:
            s.apply_action(int(rng.choice(s.legal_actions())))
    w = s.state.winner
    assert s.returns() == [1.0 if p == w else -1.0 for p in range(2)]
