"""Bots: legal moves only, in random positions of every registered game;
the same seed makes the same choices; the levels; the search plans a whole
roll of consecutive decisions.  Searching bots get tiny budgets here."""
import random

from hypothesis import HealthCheck, given, settings, strategies as st
import numpy as np
import pytest

from pachisi import GAMES, make_game
from pachisi.bots import BOTS, LEVELS, MCTSBot, bot_for_level, make_bot
from pachisi.engine import kernel as K
from pachisi.engine.position import load_position

SMALL = {
    "random": {},
    "greedy": {"blunder": 0.3},
    "expectimax": {"depth": 2, "width": 3, "samples": 2, "work": 20_000},
    "mcts": {"iterations": 12, "rollout": 2, "width": 4, "work": 50_000},
}


def position(name, players, seed, steps):
    """A decision position reached by `steps` random moves (and the rolls between)."""
    g = make_game(name, players)
    state = g.new_state(seed=seed)
    rng = random.Random(seed)
    done = 0
    while not state.is_over:
        if state.is_chance:
            state.roll()
            continue
        if done >= steps and len(state.legal_actions()) > 1:
            return state
        state.push(rng.choice(state.legal_moves()))
        done += 1
    return None


@pytest.mark.parametrize("name", sorted(GAMES))
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2 ** 31), steps=st.integers(0, 120), players=st.integers(2, 4))
def test_bots_only_play_legal_moves_and_leave_the_position_alone(name, seed, steps, players):
    cls = GAMES[name]
    players = max(cls.min_players, min(players, cls.max_players))
    state = position(name, players, seed, steps)
    if state is None:
        return
    legal = {m.text for m in state.legal_moves()}
    before = state.arr.copy()
    for bot_name, settings_ in SMALL.items():
        move = make_bot(bot_name, seed, **settings_).choose(state)
        assert move.text in legal, f"{bot_name} chose {move.text}, legal: {sorted(legal)}"
        assert np.array_equal(state.arr, before), f"{bot_name} changed the position"


@pytest.mark.parametrize("name", ["random", "greedy", "expectimax", "mcts"])
def test_same_seed_same_choices(name):
    states = [s for s in (position("shishbesh", 2, seed, 20 + seed) for seed in range(6)) if s is not None]
    first = [make_bot(name, 7, **SMALL[name]).choose(s).text for s in states]
    again = [make_bot(name, 7, **SMALL[name]).choose(s).text for s in states]
    assert first == again
    bot = make_bot(name, 7, **SMALL[name])
    assert [bot.choose(s).text for s in states] == first      # a bot does not depend on its past calls


def test_random_bot_seeds_differ():
    state = position("shishbesh", 4, 3, 40)
    choices = {make_bot("random", s).choose(state).text for s in range(40)}
    assert len(choices) > 1


def shishbesh_roll(pieces, dice):
    state = load_position({"game": "shishbesh", "players": len(pieces), "to_move": 0, "pieces": pieces}, make_game)
    state.set_dice(dice)
    return state


def play_roll(state, bot):
    """The bot plays its whole roll (consecutive decisions); the texts it played."""
    me, texts = state.current_player, []
    while not state.is_chance and not state.is_over and state.current_player == me:
        move = bot.choose(state)
        texts.append(move.text)
        state.push(move)
    return texts


def test_expectimax_plans_the_whole_roll_of_consecutive_decisions():
    # 3 and 5 take piece a from 11 to 19, where the enemy stands (its 43);
    # one die at a time the greedy bot prefers 5b first and cannot capture
    pieces = [[11, 2, -1, -1], [43, 31, -1, -1]]
    greedy = shishbesh_roll(pieces, (3, 5))
    play_roll(greedy, make_bot("greedy", 1))
    assert greedy.game.pieces(greedy.arr, 1)[0][0] == 43
    for bot in (make_bot("expectimax", 1, depth=0), make_bot("expectimax", 1, depth=1)):
        state = shishbesh_roll(pieces, (3, 5))
        texts = play_roll(state, bot)
        assert sorted(texts) == ["3a", "5a"]
        assert state.game.pieces(state.arr, 1)[0][0] == -1          # captured back to its park


def test_mcts_takes_a_capture():
    # a 3 takes piece a from 16 onto the enemy on 19 (its 43): a sign error in
    # the search would play 2a first and miss it
    state = shishbesh_roll([[16, -1, -1, -1], [43, 31, -1, -1]], (3, 2))
    texts = play_roll(state, make_bot("mcts", 2, iterations=60, rollout=4))
    assert texts[0] == "3a" and state.game.pieces(state.arr, 1)[0][0] == -1


def test_a_time_budget_still_returns_a_legal_move():
    state = position("shishbesh", 2, 5, 30)
    move = MCTSBot(3, seconds=0.05, iterations=200, rollout=2).choose(state)
    assert move.text in {m.text for m in state.legal_moves()}


def test_levels_from_gentle_to_strong():
    assert sorted(LEVELS) == [1, 2, 3, 4, 5, 6]
    state = position("shishbesh", 2, 1, 10)
    for level in LEVELS:
        bot = bot_for_level(level, seed=level)
        assert bot.name == LEVELS[level][0]
        assert bot.choose(state).text in {m.text for m in state.legal_moves()}
    with pytest.raises(ValueError, match="unknown bot level"):
        bot_for_level(9)


def test_bots_registry_and_settings():
    assert {"random", "greedy", "expectimax", "mcts"} <= set(BOTS)
    assert BOTS["random"].policy == K.POLICY_RANDOM and BOTS["greedy"].policy == K.POLICY_GREEDY
    assert make_bot("greedy", 3).seed == 3
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("oracle")
    with pytest.raises(ValueError, match="no setting"):
        make_bot("greedy", 0, depth=2)
    with pytest.raises(ValueError, match="iterations"):
        make_bot("mcts", 0, iterations=0)
    with pytest.raises(ValueError, match="blunder"):
        make_bot("greedy", 0, blunder=2)


def test_a_bot_refuses_to_choose_at_a_chance_node():
    state = make_game("shishbesh", 2).new_state(seed=1)
    with pytest.raises(ValueError, match="roll the dice first"):
        make_bot("greedy").choose(state)


def test_a_work_budget_falls_back_to_the_last_depth_completed():
    from pachisi.bots import search
    state = position("shishbesh", 2, 4, 30)
    g = state.game
    acts = np.array(state.legal_actions(), np.int64)
    action, depth, work = search.expectimax(g.engine, state.arr, acts, 2, 8, 0, 50, 1)
    assert depth == 0 and int(action) in set(acts.tolist())
    action, depth, work = search.expectimax(g.engine, state.arr, acts, 1, 8, 0, 0, 1)
    assert depth == 1 and work > 50


def mcts_search(state, acts, iterations, width, **tree):
    """The MCTS search on acts with every action it plays checked: (action, work, tree)."""
    from pachisi.bots import search
    return search.mcts(state.game.engine, state.arr, np.array(acts, np.int64), iterations, 0.7, 2, width, 0, 1,
                       checked=True, **tree)


@pytest.mark.parametrize("tree", [{"nodes": 1}, {"nodes": 2}, {"nodes": 5}, {"edges": 12}])
def test_a_full_mcts_tree_still_plays_only_the_states_own_legal_actions(tree):
    """A tree too small for the search (too few nodes; too few edges for a
    wide node) fills up: the search then ends each simulation at the first
    state without a node and judges it by a rollout from that state's own
    legal actions, never from another node's."""
    state = position("shishbesh", 2, 5, 30)
    acts = state.legal_actions()
    before = state.arr.copy()
    action, work, made = mcts_search(state, acts, 50, 4, **tree)
    assert made["full"] and made["illegal"] == 0
    assert made["nodes"] <= tree.get("nodes", made["nodes"]) and made["edges"] <= tree.get("edges", made["edges"])
    assert action in acts and np.array_equal(state.arr, before)


def test_the_mcts_check_counts_an_action_that_is_not_legal_where_it_is_played():
    """The checked search of the test above does catch an illegal action (here one slipped in at the root)."""
    state = position("shishbesh", 2, 5, 30)
    acts = state.legal_actions()
    other = next(a for a in range(1 << 12) if a not in acts)
    assert mcts_search(state, acts, 8, 4)[2]["illegal"] == 0
    assert mcts_search(state, [*acts, other], 8, 4)[2]["illegal"] > 0


def test_the_mcts_tree_holds_every_simulation_of_its_budget():
    """By default the tree is sized for the search: fewer iterations than
    root actions (every action still gets a simulation a round) and wide
    nodes (width 0 in Kimbo, whose turns open with thousands of fence moves:
    the edges grow) leave it room."""
    state = position("shishbesh", 2, 5, 30)
    acts = state.legal_actions()
    action, work, made = mcts_search(state, acts, 2, 4)
    assert not made["full"] and made["nodes"] > 1 + len(acts) and made["illegal"] == 0
    state = position("kimbo", 2, 0, 3)           # 28 pawn moves, then the next turn's fence step
    acts = state.legal_actions()
    from pachisi.bots import search
    action, work, made = search.mcts(state.game.engine, state.arr, np.array(acts, np.int64), 1, 0.7, 1, 0, 0, 1)
    assert not made["full"] and made["edges"] > 1000 and action in acts
