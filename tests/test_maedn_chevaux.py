"""Petits chevaux (preset petitschevaux of Mensch ärgere Dich nicht) rule scenarios, one or more for each
rule sentence of docs/games/maedn.md's Petits chevaux section, and its properties.

Places are player-relative: -1 stable, 0 the start (the square after the own tip) .. 55 the own tip
(the square before the ladder), 56..61 ladder steps 1..6, 62 the centre.  Two horses each: the horses
c and d are not in the game and stand in the centre.  In a 4-player game player i sits at seat i;
seat s's place p is global square (p + 14 s) mod 56."""
from functools import partial
import random

from hypothesis import given, settings, strategies as st
import numpy as np
import pytest

import helpers
from helpers import kinds, legal, places, random_play, refused
from pachisi import make_game, record as records
from pachisi.engine import GameError
from pachisi.engine.position import dump_position, load_position

SETTINGS = settings(max_examples=15, deadline=None)
C = 62                                   # the centre
S = [-1, -1, C, C]                       # both horses in the stable
position = partial(helpers.position, "maedn", preset="petitschevaux")


def rel(seat, g):
    """The place of seat `seat` on global square g."""
    return (g - 14 * seat) % 56


def round_trip(state):
    """The position file loads back to a state with the same file and the same legal moves after
    every roll (the last roll's dice are no part of a position)."""
    data = dump_position(state)
    again = load_position(data, make_game)
    assert dump_position(again) == data
    if state.is_chance:
        for d in range(1, 7):
            a, b = state.clone(), again.clone()
            assert a.set_dice((d,)) == b.set_dice((d,)) and legal(a) == legal(b)
    else:
        assert legal(state) == legal(again)


def conserved(state):
    """Two horses each, in the stable, on the track, on a ladder step or in the centre; never two horses
    on one square (the centre aside)."""
    seen = set()
    for q in range(state.game.players):
        ps = places(state, q)
        assert ps[2:] == [C, C] and all(-1 <= p <= C for p in ps)
        for p in ps[:2]:
            if 0 <= p < 56:
                cell = (p + 14 * state.game.seats[q]) % 56
                assert cell not in seen
                seen.add(cell)
        ladder = [p for p in ps[:2] if 56 <= p < C]
        assert len(ladder) == len(set(ladder))


# -- the board --------------------------------------------------------------------------------
def test_board_56_squares_clockwise_each_start_after_its_tip_and_a_ladder_of_six_to_the_centre():
    g = make_game("maedn", 4, "petitschevaux")
    b = g.board
    assert (g.ring_size, g.last_ring, g.lane_size, g.goal_place, g.spacing) == (56, 55, 6, 62, 14)
    assert len(set(b.track)) == 56 and b.size == 15
    assert all(abs(a[0] - c[0]) + abs(a[1] - c[1]) == 1 for a, c in zip(b.track, b.track[1:] + b.track[:1]))
    assert b.track[0] == (14, 6) and b.track[55] == (14, 7)       # seat 0's start left of its tip
    assert b.track[13] == (7, 0) and b.track[14] == (6, 0)       # seat 1: the left arm (clockwise), its tip, its start
    assert b.lane(0) == tuple((13 - i, 7) for i in range(6)) and b.centre() == ((7, 7),)


def test_setup_two_horses_each_in_the_stable():
    s = make_game("maedn", 4, "petitschevaux").new_state(seed=3)
    assert [places(s, q) for q in range(4)] == [S] * 4
    view = s.game.view(s.arr)
    assert view.off_board == {q: {"stable": 2} for q in range(4)}
    assert not view.squares[(7, 7)].pieces                        # the horses not in the game are not drawn


def test_setup_horses_4_gives_four_horses():
    s = make_game("maedn", 2, "petitschevaux", options={"horses": 4}).new_state(seed=3)
    assert [places(s, q) for q in range(2)] == [[-1] * 4] * 2


# -- entering ---------------------------------------------------------------------------------
def test_enter_only_a_six_brings_a_horse_out_onto_the_start():
    s = position([S, S])
    for d in range(1, 6):
        assert legal(s.clone(), (d,)) == set()
    assert legal(s, (6,)) == {"6a"}
    s.push("6a")
    assert places(s, 0)[:2] == [0, -1] and s.current_player == 0 and s.is_chance     # and it rolls again


def test_enter_is_free_a_six_may_move_a_horse_instead():
    s = position([[10, -1, C, C], S])
    assert legal(s, (6,)) == {"6a", "6b"}


def test_enter_an_own_horse_on_the_start_keeps_the_next_in_the_stable():
    s = position([[0, -1, C, C], S])
    assert legal(s, (6,)) == {"6a"}


def test_enter_onto_an_opponent_on_the_start_sends_it_to_its_stable():
    s = position([S, [rel(1, 0), -1, C, C], S, S])
    s.set_dice((6,))
    events = s.push("6a")
    assert "captured" in kinds(events) and places(s, 1)[:2] == [-1, -1]


# -- rolling ----------------------------------------------------------------------------------
def test_a_six_rolls_again_any_other_roll_passes_the_turn():
    s = position([[10, 20, C, C], S])
    s.set_dice((6,))
    s.push("6a")
    assert s.current_player == 0
    s.set_dice((3,))
    s.push("3a")
    assert s.current_player == 1


def test_no_three_tries():
    s = position([S, S])
    s.set_dice((4,))
    assert s.current_player == 1


# -- moving, capturing --------------------------------------------------------------------------
def test_landing_on_an_opponent_sends_it_to_its_stable():
    s = position([[10, -1, C, C], [rel(1, 13), -1, C, C], S, S])
    s.set_dice((3,))
    events = s.push("3a")
    assert "captured" in kinds(events) and places(s, 1)[:2] == [-1, -1] and places(s, 0)[0] == 13


def test_passing_is_free():
    s = position([[10, -1, C, C], [rel(1, 12), -1, C, C], S, S])
    assert legal(s, (5,)) == {"5a"}


def test_ending_on_an_own_horse_stops_on_the_square_behind_it():
    s = position([[10, 14, C, C], S])
    assert legal(s, (4,)) == {"4a", "4b"}
    s.push("4a")
    assert places(s, 0)[:2] == [13, 14]


def test_behind_own_a_horse_just_behind_its_own_cannot_move_onto_it():
    s = position([[13, 14, C, C], S])
    assert legal(s, (1,)) == {"1b"}


def test_behind_own_the_square_behind_may_hold_an_opponent_who_is_captured():
    s = position([[10, 14, C, C], [rel(1, 13), -1, C, C], S, S])
    s.set_dice((4,))
    events = s.push("4a")
    assert "captured" in kinds(events) and places(s, 0)[:2] == [13, 14] and places(s, 1)[:2] == [-1, -1]


def test_behind_own_off_ending_on_an_own_horse_is_not_allowed():
    s = position([[10, 14, C, C], S], behind_own=False)
    assert legal(s, (4,)) == {"4b"}
    refused(s, "4a", "own pieces")


def test_no_overtaking_a_horse_may_land_on_but_never_pass_another():
    s = position([[10, 40, C, C], [rel(1, 12), -1, C, C], S, S], no_overtaking=True)
    assert legal(s, (5,)) == {"5b"}
    refused(s, "5a", "may not pass another piece")
    s = position([[10, 40, C, C], [rel(1, 12), -1, C, C], S, S], no_overtaking=True)
    assert legal(s, (2,)) == {"2a", "2b"}
    s.push("2a")
    assert places(s, 1)[:2] == [-1, -1]


# -- the tip and the ladder ------------------------------------------------------------------------
def test_the_tip_is_reached_by_exact_count():
    s = position([[52, -1, C, C], S])
    s.set_dice((3,))
    s.push("3a")
    assert places(s, 0)[0] == 55


def test_a_roll_past_the_tip_counts_back_by_the_rest():
    s = position([[52, -1, C, C], S])           # barrywalt: needs 3, rolls 4: on 3 and back 1
    s.set_dice((4,))
    s.push("4a")
    assert places(s, 0)[0] == 54


def test_a_roll_past_the_tip_back_to_where_the_horse_stands_is_no_move():
    s = position([[54, 30, C, C], S])
    assert legal(s, (2,)) == {"2b"}
    refused(s, "2a", "back to where it stands")


def test_the_ladder_from_the_tip_a_1_to_step_1_only():
    s = position([[55, C, C, C], S])
    assert legal(s.clone(), (1,)) == {"1a"}
    for d in range(2, 7):
        assert legal(s.clone(), (d,)) == set()
    s = position([[55, 30, C, C], S])
    assert legal(s, (3,)) == {"3b"}
    refused(s, "3a", "one step a roll, with the number of the step")
    s = position([[55, C, C, C], S])
    s.set_dice((1,))
    s.push("1a")
    assert places(s, 0)[0] == 56


@pytest.mark.parametrize("step", range(1, 6))
def test_the_ladder_each_step_climbed_with_the_next_steps_number(step):
    s = position([[55 + step, C, C, C], S])
    for d in range(1, 7):
        assert legal(s.clone(), (d,)) == ({f"{d}a"} if d == step + 1 else set())


def test_the_ladder_a_6_from_step_6_enters_the_centre_and_the_horse_is_home():
    s = position([[61, 30, C, C], S])
    assert legal(s.clone(), (5,)) == {"5b"}
    s.set_dice((6,))
    events = s.push("6a")
    assert places(s, 0)[0] == C and "finished" in kinds(events)


def test_the_ladder_a_step_holds_one_horse():
    s = position([[56, 57, C, C], S])
    assert legal(s.clone(), (2,)) == set()
    assert legal(s, (3,)) == {"3b"}
    refused(s, "3a", "one step a roll")


def test_a_horse_in_the_centre_does_not_move():
    s = position([[C, 30, C, C], S])
    assert legal(s, (6,)) == {"6b"}


def test_win_all_horses_in_the_centre_and_the_others_play_on():
    s = position([[61, C, C, C], [10, -1, C, C], [20, -1, C, C]])
    s.set_dice((6,))
    s.push("6a")
    assert s.finish_order == [0] and not s.is_over and s.current_player == 1


# -- positions ----------------------------------------------------------------------------------
def test_position_a_horse_not_in_the_game_must_stand_in_the_centre():
    with pytest.raises(GameError, match="not in the game"):
        position([[10, -1, -1, C], S])


def test_position_two_horses_on_one_ladder_step_are_refused():
    with pytest.raises(GameError, match="lane place"):
        position([[57, 57, C, C], S])


def test_position_round_trips():
    s = position([[61, 14, C, C], [rel(1, 13), -1, C, C]])
    round_trip(s)


def test_position_with_a_player_home_round_trips_and_names_him_finished():
    s = position([[61, C, C, C], [10, -1, C, C], [20, -1, C, C]])
    s.set_dice((6,))
    s.push("6a")
    assert dump_position(s)["turn"] == {"finished": [0]}
    round_trip(s)
    with pytest.raises(GameError, match="player 0 has already won"):
        position([[C, C, C, C], [10, -1, C, C], [20, -1, C, C]])


# -- properties ------------------------------------------------------------------------------------
@given(seed=st.integers(0, 2 ** 31), players=st.integers(2, 4), steps=st.integers(0, 600),
       options=st.fixed_dictionaries({"horses": st.sampled_from([2, 4]), "behind_own": st.booleans(),
                                      "no_overtaking": st.booleans()}))
@SETTINGS
def test_random_play_conserves_horses_and_positions_round_trip(seed, players, steps, options):
    s = make_game("maedn", players, "petitschevaux", options=options).new_state(seed=seed)
    random_play(s, random.Random(seed), steps, check=conserved if options["horses"] == 2 else None)
    if not s.is_over:
        round_trip(s)


@given(seed=st.integers(0, 2 ** 31), players=st.integers(2, 4))
@SETTINGS
def test_every_game_ends_with_every_place(seed, players):
    s = make_game("maedn", players, "petitschevaux").new_state(seed=seed)
    random_play(s, random.Random(seed), 50_000, check=conserved)
    assert s.is_over and len(s.finish_order) == players


@given(seed=st.integers(0, 2 ** 31), steps=st.integers(1, 500), horses=st.sampled_from([2, 4]))
@SETTINGS
def test_an_illegal_move_is_refused_and_changes_nothing(seed, steps, horses):
    s = make_game("maedn", 4, "petitschevaux", options={"horses": horses}).new_state(seed=seed)
    random_play(s, random.Random(seed), steps)
    if s.is_over or s.is_chance:
        return
    allowed = {m.text for m in s.legal_moves()}
    for text in [f"{d}{p}" for d in range(1, 7) for p in "abcd"]:
        if text not in allowed:
            refused(s, text)


@given(seed=st.integers(0, 2 ** 31), players=st.integers(2, 4))
@SETTINGS
def test_replaying_a_record_gives_the_same_game(seed, players):
    start = make_game("maedn", players, "petitschevaux").new_state(seed=seed)
    s = start.clone()
    random_play(s, random.Random(seed), 800)
    (rec,) = records.parse(records.write(s, records.headers_for(s), start))
    _, again = records.replay(rec)
    assert np.array_equal(again.arr, s.arr)
