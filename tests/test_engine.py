"""The engine core: seeded dice, chance outcomes, states as values, the
statistics that simulations report."""
import json

import numpy as np
import pytest

from pachisi import GameError, IllegalMove, make_game, state_from_json
from pachisi.engine import kernel as K
from pachisi.engine.options import OptionError, parse_assignments
from pachisi.sim import wilson


def test_the_dice_stream_is_a_pure_function_of_seed_and_counter():
    values = [int(K.draw_number(42, i, 6)) for i in range(6000)]
    assert values == [int(K.draw_number(42, i, 6)) for i in range(6000)]
    assert values != [int(K.draw_number(43, i, 6)) for i in range(6000)]
    counts = np.bincount(values, minlength=6)
    assert counts.min() > 900 and counts.max() < 1100


def test_rolling_draws_the_seeds_next_roll_and_counts_it():
    g = make_game("shishbesh", 2)
    s = g.new_state(seed=7)
    expected = s.next_roll()
    dice, _ = s.roll()
    assert dice == expected and s.rolls == 1
    assert s.roll_dice == dice


def test_chance_outcomes_cover_every_roll_with_equal_probability():
    s = make_game("shishbesh", 2).new_state(seed=1)
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 36 and abs(sum(p for _, p in outcomes) - 1) < 1e-12


def test_a_move_before_the_roll_is_refused():
    s = make_game("shishbesh", 2).new_state(seed=1)
    with pytest.raises(IllegalMove, match="roll the dice first"):
        s.push("6a")
    s.roll()
    if not s.is_chance:
        with pytest.raises(IllegalMove, match="already rolled"):
            s.set_dice((1, 1))


def test_states_compare_clone_and_survive_json():
    g = make_game("shishbesh", 3, preset="long")
    s = g.new_state(seed=3)
    for _ in range(30):
        if s.is_chance:
            s.roll()
        else:
            s.push(s.legal_moves()[-1])
    c = s.clone()
    assert c == s and c is not s
    loaded = state_from_json(s.to_json())
    assert loaded == s and loaded.game.opts == g.opts
    with pytest.raises(GameError, match="not a saved state"):
        state_from_json(json.dumps({"game": "shishbesh"}))
    bad = json.loads(s.to_json())
    bad["state"] = bad["state"][:5]
    with pytest.raises(GameError, match="expected"):
        state_from_json(json.dumps(bad))


def test_pop_undoes_rolls_and_moves_and_nothing_more():
    s = make_game("shishbesh", 2).new_state(seed=5)
    with pytest.raises(GameError, match="nothing to undo"):
        s.pop()
    fresh = s.clone()
    s.set_dice((6, 6))
    s.push(s.legal_moves()[0])
    s.pop()
    s.pop()
    assert s == fresh


def test_clear_stack_forgets_the_undo_but_keeps_the_history():
    s = make_game("shishbesh", 2).new_state(seed=5)
    s.set_dice((6, 6))
    s.push(s.legal_moves()[0])
    before = s.clone()
    s.clear_stack()
    assert s == before and len(s.history) == 2
    with pytest.raises(GameError, match="nothing to undo"):
        s.pop()


def test_options_are_validated_with_what_is_allowed():
    with pytest.raises(OptionError, match="takes true or false"):
        make_game("shishbesh", options={"quick_charge": "maybe"})
    with pytest.raises(OptionError, match="takes one of six, double, both"):
        make_game("shishbesh", options={"start": "seven"})
    with pytest.raises(OptionError, match="whole number"):
        make_game("shishbesh", options={"arm": "long"})
    with pytest.raises(OptionError, match="key=value"):
        parse_assignments(["arm"])
    assert make_game("shishbesh", options={"quick-charge": "yes"}).opts["quick_charge"] is True


def test_a_seed_must_be_a_whole_number():
    with pytest.raises(GameError, match="seed"):
        make_game("shishbesh").new_state(seed=-1)


def test_wilson_interval_matches_a_hand_computed_example():
    lo, hi = wilson(8, 10)          # p = 0.8, z = 1.96: centre 0.7167, half-width 0.2266
    assert lo == pytest.approx(0.4902, abs=1e-4) and hi == pytest.approx(0.9433, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)
