"""The engine core: seeded dice, chance outcomes, states as values, the
statistics that simulations report."""
from fractions import Fraction
import json
import subprocess
import sys

import numpy as np
import pytest

from pachisi import GameError, IllegalMove, make_game, state_from_json
from pachisi.engine import kernel as K
from pachisi.engine.options import Option, OptionError, parse_assignments
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


def test_a_clone_shares_its_past_yet_each_undoes_and_plays_on_alone():
    """A clone shares the undo stack's arrays and the history (so it costs the position's copy, however
    long the game), but pops and pushes on either leave the other as it was."""
    g = make_game("ludo", 4)
    s = g.new_state(seed=7)
    for _ in range(120):
        if s.is_chance:
            s.roll()
        else:
            s.push(s.legal_moves()[-1])
    before = [a.copy() for a in s._stack]
    history, position = list(s.history), s.arr.copy()
    c = s.clone()
    assert c._stack[0] is s._stack[0]
    for _ in range(40):                   # the clone undoes, then plays another way
        c.pop()
    while not c.is_over and len(c.history) < 200:
        c.roll() if c.is_chance else c.push(c.legal_moves()[0])
    assert all(np.array_equal(a, b) for a, b in zip(s._stack, before)) and len(s._stack) == len(before)
    assert s.history == history and np.array_equal(s.arr, position)
    for _ in range(40):                   # and the original undoes to the same positions as before
        s.pop()
    assert np.array_equal(s.arr, before[-40])
    assert c.history[:len(history) - 40] == history[:-40]


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


def test_a_number_option_takes_decimals_in_its_range_and_steps_exactly():
    o = Option("p", "0.5", "a chance", kind=Fraction, low="0.01", high="0.99", step="0.01")
    assert [o.parse(v) for v in ("0.25", " 0.30 ", 0.3, "3/100", "0.99")] == ["0.25", "0.3", "0.3", "0.03", "0.99"]
    assert o.number(o.parse("0.1")) == Fraction(1, 10)           # exact, not the float 0.1
    for bad in ("0", "1", "0.005", "0.333", "-0.5", "2"):
        with pytest.raises(OptionError, match=r"option 'p' takes a number from 0.01 to 0.99 in steps of 0.01"):
            o.parse(bad)
    for bad in ("x", "", True, None, "1/0"):
        with pytest.raises(OptionError, match=r"option 'p' takes a number, not"):
            o.parse(bad)
    assert o.describe() == "p = 0.5 (0.01 .. 0.99, step 0.01): a chance"
    with pytest.raises(OptionError):
        Option("q", "1.5", "out of its own range", kind=Fraction, low="0", high="1", step="0.1")
    with pytest.raises(ValueError, match="low, high and step"):
        Option("q", "0.5", "no range", kind=Fraction)


def test_a_seed_must_be_a_whole_number():
    with pytest.raises(GameError, match="seed"):
        make_game("shishbesh").new_state(seed=-1)


def test_wilson_interval_matches_a_hand_computed_example():
    lo, hi = wilson(8, 10)          # p = 0.8, z = 1.96: centre 0.7167, half-width 0.2266
    assert lo == pytest.approx(0.4902, abs=1e-4) and hi == pytest.approx(0.9433, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_a_simulation_on_several_workers_plays_the_games_of_one():
    """Games are sharded by seed: any number of worker processes gives the very same games."""
    from pachisi.sim import simulate
    g = make_game("ludo", 3, "with-bonuses")
    one = simulate(g, 240, ["greedy", "random", "random"], seed=5, chunk=40, workers=1)
    two = simulate(g, 240, ["greedy", "random", "random"], seed=5, chunk=40, workers=2)
    assert one.wins == two.wins and one.finished == two.finished == 240
    assert np.array_equal(one.rolls, two.rolls) and np.array_equal(one.captures, two.captures)


def _advance(state, rng, pushes):
    """Roll and play random legal moves until `pushes` moves have been pushed (or the game ends)."""
    while pushes and not state.is_over:
        if state.is_chance:
            state.roll()
            continue
        moves = state.legal_moves()
        if moves:
            state.push(rng.choice(moves))
            pushes -= 1


def _snapshot(state):
    return state.arr.copy(), [a.copy() for a in state._stack], list(state.history)


def _assert_unchanged(state, snapshot):
    """The state still is the snapshot, and popping it all the way back gives the snapshotted positions."""
    arr, stack, history = snapshot
    assert np.array_equal(state.arr, arr) and list(state.history) == history
    assert len(state._stack) == len(stack)
    for before in reversed(stack):
        state.pop()
        assert np.array_equal(state.arr, before)


@pytest.mark.parametrize("how", ["copy", "deepcopy", "clone"])
def test_a_copy_is_independent_of_its_original_both_ways(how):
    """copy.copy, copy.deepcopy and clone share no array: pop hands a stacked array back and the
    next push writes into it, so a shared undo stack would let one state rewrite the other's past."""
    import copy
    import random
    make_copy = {"copy": copy.copy, "deepcopy": copy.deepcopy, "clone": lambda s: s.clone()}[how]
    for mover in ("copy", "original"):
        rng = random.Random(3)
        original = make_game("shishbesh", 2).new_state(seed=9)
        _advance(original, rng, 6)
        duplicate = make_copy(original)
        assert type(duplicate) is type(original) and duplicate == original and duplicate is not original
        assert duplicate.history == original.history and duplicate.game is original.game
        moved, kept = (duplicate, original) if mover == "copy" else (original, duplicate)
        snapshot = _snapshot(kept)
        moved.pop()
        moved.pop()
        _advance(moved, rng, 5)
        moved.pop()
        _advance(moved, rng, 3)
        assert not np.array_equal(moved.arr, kept.arr)
        _assert_unchanged(kept, snapshot)


def test_is_legal_answers_for_moves_actions_and_notation_and_never_raises():
    """is_legal is the question to ask before push: True exactly when push would accept the move."""
    g = make_game("shishbesh", 2, options=parse_assignments(["start=both", "first_player=first"]))
    s = g.new_state(seed=4)
    assert not s.is_legal("6a") and not s.is_legal(0)          # a chance node: no move is legal
    s.set_dice((6, 1))
    legal = s.legal_moves()
    assert legal
    for m in legal:
        assert s.is_legal(m) and s.is_legal(m.action) and s.is_legal(np.int64(m.action))
        assert s.is_legal(m.text) and s.is_legal(f"  {m.text} ")
    texts = {m.text for m in legal}
    illegal = [t for t in ("3c", "6d", "1a/", "2a", "6e") if t not in texts]
    assert illegal
    for text in illegal:
        assert not s.is_legal(text)
        with pytest.raises(IllegalMove):
            s.push(text)
    actions = set(s.legal_actions())
    assert not s.is_legal(next(a for a in range(1 << 12) if a not in actions))
    for junk in (None, "", "zzz", "99a", "a6", "6a" * 40, -1, 2 ** 100, -2 ** 70, 3.5, True, [], b"6a", object()):
        assert s.is_legal(junk) is False, junk
    seq = s.seq
    assert s.is_legal(legal[0]) and s.seq == seq                 # asking changes nothing


def test_the_package_exports_positions_and_its_version():
    """load_position / dump_position at the top level (the game factory defaults to make_game),
    and __version__ from the installed metadata, else from pyproject.toml."""
    import importlib.metadata
    from pathlib import Path
    import tomllib
    import pachisi
    from pachisi.engine import position
    assert pachisi.dump_position is position.dump_position
    s = make_game("shishbesh", 2).new_state(seed=1)
    s.set_dice((6, 6))
    s.push("6a")
    data = pachisi.dump_position(s)
    back = pachisi.load_position(data)
    assert pachisi.dump_position(back) == data
    assert pachisi.dump_position(pachisi.load_position(json.dumps(data), make_game)) == data
    with pytest.raises(GameError):
        pachisi.load_position({"game": "shishbesh"})
    try:
        expected = importlib.metadata.version("pachisi")
    except importlib.metadata.PackageNotFoundError:
        pyproject = Path(__file__).resolve().parent.parent / "pyproject.toml"
        expected = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]["version"]
    assert pachisi.__version__ == expected and "__version__" in pachisi.__all__
    assert {"load_position", "dump_position"} <= set(pachisi.__all__)


def test_the_compiled_rules_refuse_an_array_that_is_not_a_state_of_their_game():
    """The rules read the state without bounds checks: an array of another length is refused first."""
    for name in ("ludo", "shishbesh", "kimbo"):
        g = make_game(name, 2)
        for bad in (np.zeros(3, np.int64), np.zeros(g.size + 1, np.int64)):
            with pytest.raises(ValueError, match="numbers"):
                g.engine.legal(bad)
            with pytest.raises(ValueError, match="numbers"):
                g.engine.run_many(bad, 1, 1, [0, 0])
        with pytest.raises(ValueError, match="numbers"):
            g.new_state(seed=1).arr = np.zeros(3, np.int64)
    with pytest.raises(ValueError, match="numbers"):
        make_game("ludo", 2).engine.dest(np.zeros(3, np.int64), 0, 0, 0)


def test_str_of_a_state_is_its_board_and_whose_turn_it_is():
    state = make_game("ludo", players=2).new_state(seed=1)
    assert str(state).endswith(f"{state.game.player_name(state.current_player)} to roll\n")
    state.set_dice((6,))
    text = str(state)
    assert "\x1b[" not in text and text.startswith("    a   b   c")          # plain text, files on top
    assert text.endswith(f"{state.game.player_name(state.current_player)} to move with 6\n")
    assert "yard 4" in text


def test_the_engine_imports_no_front_end():
    code = ("import sys\nimport pachisi.engine.game, pachisi.engine.position, pachisi.games\n"
            "from pachisi import make_game\ns = make_game('ludo', 2).new_state(seed=1)\ns.roll(); s.legal_moves()\n"
            "print(sorted(m for m in sys.modules if m.startswith(('pachisi.render', 'pachisi.web', "
            "'pachisi.terminal', 'pachisi.cli', 'rich', 'fastapi'))))\n")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "[]"


def _rolled(state, count):
    """`count` rolls of a random-but-seeded game from state (changed): the dice, roll by roll."""
    import random
    rng, out = random.Random(0), []
    while len(out) < count and not state.is_over:
        if state.is_chance:
            out.append(state.roll()[0])
        else:
            state.push(rng.choice(state.legal_actions()))
    return out


def test_an_unseeded_state_draws_fresh_dice_and_says_its_seed_so_the_game_replays():
    g = make_game("ludo", 2)
    states = [g.new_state() for _ in range(4)]
    seeds = {s.seed for s in states}
    assert len(seeds) == 4 and all(isinstance(x, int) and 0 <= x < 2 ** 62 for x in seeds)
    assert len({tuple(_rolled(s.clone(), 30)) for s in states}) == 4      # not seed 0's dice every time
    for s in states:
        assert _rolled(g.new_state(seed=s.seed), 30) == _rolled(s, 30)
        assert g.new_state(seed=s.seed).current_player == g.new_state(seed=s.seed).current_player


def test_a_record_of_an_unseeded_game_carries_its_seed():
    from pachisi import record
    s = make_game("shishbesh", 2).new_state()
    assert record.headers_for(s)["Seed"] == str(s.seed)


@pytest.mark.parametrize("name", ["shishbesh", "ludo", "parchis", "kimbo"])
def test_a_position_keeps_the_seed_and_the_dice_to_come(name):
    """dump_position writes the seed and the rolls made so far: the state it loads back rolls the same dice."""
    from pachisi import dump_position, load_position
    s = make_game(name, 2).new_state(seed=123_456_789)
    _rolled(s, 7)
    while not s.is_chance:
        s.push(s.legal_actions()[0])
    data = dump_position(s)
    assert data["seed"] == 123_456_789 and data["rolls"] == s.rolls == 7
    back = load_position(json.loads(json.dumps(data)))
    assert back.seed == s.seed and back.rolls == s.rolls and dump_position(back) == data
    assert back.next_roll() == s.next_roll()
    assert _rolled(back.clone(), 12) == _rolled(s.clone(), 12)


def test_a_position_without_a_seed_gets_a_fresh_one():
    from pachisi import load_position
    position = {"game": "ludo", "players": 2, "pieces": [[-1] * 4, [-1] * 4]}
    seeds = {load_position(position).seed for _ in range(3)}
    assert len(seeds) == 3
    assert load_position({**position, "seed": 5}).seed == 5
    with pytest.raises(GameError, match="rolls is the number of rolls"):
        load_position({**position, "rolls": -1})
