"""Invariants every registered game keeps, whatever its options: random legal
play conserves pieces and never breaks the state, an illegal move is refused
and changes nothing, games end, and a game's record replays to the identical
state.  A game's view must count every piece once: on a square or in its
player's off-board counts."""
from fractions import Fraction
import random

from hypothesis import HealthCheck, given, reject, settings, strategies as st
import numpy as np
import pytest

from pachisi import GAMES, IllegalMove, state_from_json
from pachisi import record as records
from pachisi.engine import kernel as K
from pachisi.engine.options import OptionError

SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def option_values(option):
    if option.kind is bool:
        return st.booleans()
    if option.choices:
        return st.sampled_from(option.choices)
    if option.kind is Fraction:             # a number: any of its steps from low to high
        low, step = Fraction(option.low), Fraction(option.step)
        steps = int((Fraction(option.high) - low) / step)
        return st.integers(0, steps).map(lambda i: option.parse(low + i * step))
    return st.just(option.default)


@st.composite
def games(draw, name):
    cls = GAMES[name]
    opts = {o.name: draw(option_values(o)) for o in cls.options}
    high = min(cls.max_players, opts.get("seats", cls.max_players))
    if opts.get("teams", "off") != "off":           # partners opposite: an even number of players, four or more
        players = 2 * draw(st.integers(2, high // 2))
    else:
        players = draw(st.integers(cls.min_players, high))
    try:
        return cls(players=players, options=opts)
    except OptionError:             # options a game refuses together (their errors have tests of their own)
        reject()


def piece_count(state):
    view = state.game.view(state.arr)
    on_board = sum(len(sq.pieces) for sq in view.squares.values())
    off = sum(sum(v.values()) for v in view.off_board.values())
    return on_board + off


def walk(state, rng, max_actions, check_every=1):
    """Random legal play; checks the invariants after every step."""
    total = state.game.pieces_in_play()
    steps = 0
    while not state.is_over and steps < max_actions:
        if state.is_chance:
            state.roll()
        else:
            moves = state.legal_moves()
            assert moves, "a decision node always has a legal move"
            if steps % 7 == 0:
                _refuse_something_illegal(state, rng, moves)
            state.push(rng.choice(moves))
        steps += 1
        if steps % check_every == 0:
            assert piece_count(state) == total
    return steps


def _refuse_something_illegal(state, rng, moves):
    legal = {m.action for m in moves}
    before = state.arr.copy()
    history = list(state.history)
    for _ in range(5):
        action = rng.randrange(1 << 12)
        if action in legal:
            continue
        try:
            state.push(action)
        except (IllegalMove, IndexError, ValueError):
            pass
        else:
            raise AssertionError(f"action {action} is not legal but was accepted")
        assert np.array_equal(state.arr, before) and state.history == history


def drawn_start(data, name):
    """A game of `name` with drawn options and players, a drawn seed and its first state."""
    game = data.draw(games(name))
    seed = data.draw(st.integers(0, 2 ** 40))
    return game, seed, game.new_state(seed=seed)


@pytest.mark.parametrize("name", sorted(GAMES))
@SETTINGS
@given(data=st.data())
def test_random_play_keeps_the_state_sound_and_replays_identically(name, data):
    game, seed, state = drawn_start(data, name)
    start = state.clone()
    walk(state, random.Random(seed), max_actions=400)
    text = records.write(state, records.headers_for(state, ["random"] * game.players), start=start)
    [(_, replay_start, final)] = records.load(text)
    assert replay_start == start
    assert np.array_equal(final.arr, state.arr)
    assert state_from_json(state.to_json()) == state


@pytest.mark.parametrize("name", sorted(GAMES))
@SETTINGS
@given(data=st.data())
def test_push_then_pop_restores_the_position(name, data):
    _, seed, state = drawn_start(data, name)
    walk(state, random.Random(seed), max_actions=data.draw(st.integers(0, 150)), check_every=50)
    if state.is_over:
        return
    before = state.clone()
    if state.is_chance:
        state.roll()
    else:
        state.push(random.Random(seed).choice(state.legal_moves()))
    state.pop()
    assert state == before and state.history == before.history


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("policy", [K.POLICY_RANDOM, K.POLICY_GREEDY])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_games_end(name, policy, players):
    cls = GAMES[name]
    if not cls.min_players <= players <= cls.max_players:
        pytest.skip("not a player count of this game")
    for preset in cls.presets:
        game = cls(players=players, preset=preset)
        out = game.engine.run_many(game.new_state(0).arr, 1, 20, [policy] * 4, True, True, 50_000)
        assert (out[:, 3] >= 0).all(), f"{preset}: a game did not end within 50,000 rolls"
        assert set(out[:, 3]) <= set(range(players))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_same_seed_and_choices_give_the_same_game(name):
    game = GAMES[name](players=4 if GAMES[name].max_players >= 4 else GAMES[name].max_players)
    a, b = game.new_state(seed=99), game.new_state(seed=99)
    walk(a, random.Random(3), 300, check_every=100)
    walk(b, random.Random(3), 300, check_every=100)
    assert a == b and a.history == b.history


@pytest.mark.parametrize("name", sorted(GAMES))
def test_unknown_options_and_presets_are_refused(name):
    cls = GAMES[name]
    with pytest.raises(ValueError, match="unknown option 'no_such_rule'"):
        cls(options={"no_such_rule": 1})
    with pytest.raises(ValueError, match="unknown preset"):
        cls(preset="no-such-preset")
    with pytest.raises(ValueError, match="players"):
        cls(players=cls.max_players + 1)
