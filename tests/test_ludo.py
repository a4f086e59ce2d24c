"""Ludo rule scenarios (rules.md §6, §12) and Ludo-specific properties.

Positions are player-relative: -1 yard, 0 own start .. 50 the square below
the home column, 51..55 home column, 56 centre.  In a 4-player game player i
sits at seat i; seat s's place p is global square (p + 13 s) mod 52."""
from functools import partial
import random

from hypothesis import given, settings, strategies as st
import pytest

import helpers
from helpers import OFF as Y, kinds, legal, places, random_play, refused, ring_masks, round_trip, track_places
from pachisi import make_game
from pachisi.engine.position import load_position

SETTINGS = settings(max_examples=15, deadline=None)
position = partial(helpers.position, "ludo")


def rel(seat, g):
    """The place of seat `seat` on global square g."""
    return (g - 13 * seat) % 52


# -- entering -----------------------------------------------------------------------------
def test_a_piece_leaves_the_yard_only_on_a_six():
    s = position([[-1, -1, -1, 10], Y, Y, Y])
    assert legal(s, (5,)) == {"5d"}
    s = position([[-1, -1, -1, 10], Y, Y, Y])
    assert legal(s, (6,)) == {"6a", "6d"}          # the waiting pieces are alike: one entry is offered
    s.push("6a")
    assert places(s, 0) == [0, -1, -1, 10]


def test_yard_on_one_lets_a_1_bring_a_piece_out_but_only_a_6_rolls_again():
    s = position([[-1, -1, -1, 10], Y, Y, Y], yard_on_one=True)
    assert legal(s, (1,)) == {"1a", "1d"}
    events = s.push("1a")
    assert places(s, 0) == [0, -1, -1, 10] and "extra_roll" not in kinds(events)
    s = position([[-1, -1, -1, 10], Y, Y, Y], yard_on_one=True)
    assert legal(s, (6,)) == {"6a", "6d"}
    s = position([[-1, -1, -1, 10], Y, Y, Y], yard_on_one=True)
    assert legal(s, (3,)) == {"3d"}
    refused(s, "3a", match="only on a 1 or a 6")
    s = position([[-1, -1, -1, 10], Y, Y, Y])
    assert legal(s, (1,)) == {"1d"}                  # off (the rule text): a 1 leaves the yard closed
    refused(s, "1a", match="only on a 6")


def test_a_six_rolls_again_even_when_it_cannot_be_played():
    s = position([[56, 56, 56, 53], Y, Y, Y])
    events = s.set_dice((6,))
    assert s.legal_moves() == [] and "burned" in kinds(events) and "extra_roll" in kinds(events)
    assert s.is_chance and s.current_player == 0


def test_no_move_passes_the_turn():
    s = position([Y, Y, Y, Y])
    events = s.set_dice((3,))
    assert kinds(events) == ["burned", "pass"] and s.current_player == 1


def test_an_own_piece_on_the_start_blocks_entry():
    s = position([[-1, 0, 20, 30], Y, Y, Y])
    assert legal(s, (6,)) == {"6b", "6c", "6d"}


def test_entering_shares_the_start_with_an_opponent():
    s = position([[-1, -1, -1, -1], [rel(1, 0), -1, -1, -1], Y, Y])
    s.set_dice((6,))
    events = s.push("6a")
    assert "captured" not in kinds(events)
    assert places(s, 1)[0] == rel(1, 0) and places(s, 0)[0] == 0


# -- the third six ---------------------------------------------------------------------------
def test_the_third_six_is_not_played_and_the_first_two_stand():
    s = position([[10, 20, -1, -1], Y, Y, Y])
    s.set_dice((6,))
    s.push("6a")
    s.set_dice((6,))
    s.push("6b")
    events = s.set_dice((6,))
    assert s.legal_moves() == []
    assert kinds(events) == ["burned", "pass"] and s.current_player == 1
    assert places(s, 0) == [16, 26, -1, -1]


def test_the_six_count_resets_after_another_value_with_bonuses():
    s = position([[10, 20, -1, -1], [rel(1, 14), -1, -1, -1], Y, Y], preset="with-bonuses")
    s.set_dice((6,))
    s.push("6a")                                    # 10 -> 16
    s.set_dice((4,))
    assert "4a" in legal(s)
    s.push("4b")                                    # 20 -> 24: no capture, the turn passes
    assert s.current_player == 1
    s = position([[10, 20, -1, -1], [rel(1, 24), -1, -1, -1], Y, Y], preset="with-bonuses")
    s.set_dice((6,))
    s.push("6a")
    s.set_dice((4,))
    events = s.push("4b")                           # a capture on 24 earns a roll, the run is reset
    assert "captured" in kinds(events) and s.current_player == 0
    s.set_dice((6,))
    s.push("6a")
    s.set_dice((6,))
    s.push("6a")
    assert s.current_player == 0 and s.is_chance    # only two sixes in a row so far


def test_the_third_six_can_undo_the_whole_turn():
    s = position([[10, 20, -1, -1], [rel(1, 16), -1, -1, -1], Y, Y], third_six="void_turn")
    s.set_dice((6,))
    events = s.push("6a")                           # captures on 16
    assert "captured" in kinds(events)
    s.set_dice((6,))
    s.push("6b")
    events = s.set_dice((6,))
    assert kinds(events) == ["burned", "pass"]
    assert places(s, 0) == [10, 20, -1, -1] and places(s, 1)[0] == rel(1, 16)


# -- captures and safe squares -------------------------------------------------------------------
def test_landing_on_an_opponent_sends_it_back_to_its_yard():
    s = position([[2, -1, -1, -1], [rel(1, 5), -1, -1, -1], Y, Y])
    s.set_dice((3,))
    events = s.push("3a")
    assert [(e.kind, e.player) for e in events if e.kind == "captured"] == [("captured", 1)]
    assert places(s, 1)[0] == -1 and places(s, 0)[0] == 5
    assert s.current_player == 1                    # the seed game gives no roll for a capture


@pytest.mark.parametrize("g", [8, 13, 21])
def test_colours_share_the_safe_squares(g):
    s = position([[g - 3, -1, -1, -1], [rel(1, g), -1, -1, -1], [rel(2, g), -1, -1, -1], Y])
    s.set_dice((3,))
    events = s.push("3a")
    assert "captured" not in kinds(events)
    assert s.game.view(s.arr).squares[s.game.board.track[g]].pieces == [(0, 0, False), (1, 0, False),
                                                                         (2, 0, False)]


def test_two_own_pieces_never_share_a_square():
    s = position([[2, 5, -1, -1], Y, Y, Y])
    assert legal(s, (3,)) == {"3b"}
    assert "two of your own pieces" in s.explain("3a")


# -- the home column and the centre -------------------------------------------------------------
def test_the_track_turns_into_the_home_column_after_square_50():
    s = position([[48, -1, -1, -1], Y, Y, Y])
    s.set_dice((4,))
    events = s.push("4a")
    assert places(s, 0)[0] == 52
    assert [(e.kind, e.a, e.b) for e in events] == [("house", 48, 52), ("pass", 1, 0)]


def test_the_centre_needs_the_exact_count():
    s = position([[53, 10, -1, -1], Y, Y, Y])
    assert legal(s, (4,)) == {"4b"}
    assert "exact count" in s.explain("4a")
    s = position([[53, 10, -1, -1], Y, Y, Y])
    s.set_dice((3,))
    events = s.push("3a")
    assert places(s, 0)[0] == 56 and "finished" in kinds(events)


def test_opponents_never_enter_another_colours_home_column():
    s = position([[-1, -1, -1, -1], [rel(1, 49), -1, -1, -1], Y, Y], to_move=1)
    s.set_dice((4,))
    s.push("4a")
    assert places(s, 1)[0] == rel(1, 1)             # straight on along the track past red's column


def test_four_pieces_in_the_centre_win():
    s = position([[56, 56, 56, 55], Y, Y, Y])
    s.set_dice((1,))
    events = s.push("1d")
    assert s.is_over and s.winner == 0 and "won" in kinds(events)


# -- "with bonuses" -------------------------------------------------------------------------------
def test_with_bonuses_a_capture_earns_an_extra_roll():
    s = position([[2, -1, -1, -1], [rel(1, 5), -1, -1, -1], Y, Y], preset="with-bonuses")
    s.set_dice((3,))
    events = s.push("3a")
    assert "extra_roll" in kinds(events) and s.current_player == 0 and s.is_chance


def test_with_bonuses_reaching_the_centre_earns_an_extra_roll():
    s = position([[53, 10, -1, -1], Y, Y, Y], preset="with-bonuses")
    s.set_dice((3,))
    events = s.push("3a")
    assert "extra_roll" in kinds(events) and s.current_player == 0


def test_a_six_that_captures_earns_one_extra_roll_unless_cumulative():
    s = position([[3, -1, -1, -1], [rel(1, 9), -1, -1, -1], Y, Y], preset="with-bonuses")
    s.set_dice((6,))
    s.push("6a")
    s.set_dice((2,))
    s.push("2a")
    assert s.current_player == 1                     # one extra roll only
    s = position([[3, -1, -1, -1], [rel(1, 9), -1, -1, -1], Y, Y], preset="with-bonuses",
                 extra_rolls_cumulative=True)
    s.set_dice((6,))
    s.push("6a")
    s.set_dice((2,))
    s.push("2a")
    assert s.current_player == 0                     # the capture's roll is still banked


def test_a_block_can_be_neither_passed_nor_landed_on_by_opponents():
    s = position([[2, 10, -1, -1], [rel(1, 5), rel(1, 5), -1, -1], Y, Y], preset="with-bonuses")
    assert legal(s, (3,)) == {"3b"}                  # 2 -> 5 lands on the block
    assert "block" in s.explain("3a")
    s = position([[2, 10, -1, -1], [rel(1, 5), rel(1, 5), -1, -1], Y, Y], preset="with-bonuses")
    assert legal(s, (5,)) == {"5b"}                  # 2 -> 7 passes it
    assert "stands in the way" in s.explain("5a")


def test_own_pieces_pass_their_own_block_and_a_third_may_not_join_it():
    s = position([[2, 5, 5, -1], Y, Y, Y], preset="with-bonuses")
    assert legal(s, (3,)) == {"3b", "3c"}            # a may not become the third piece on 5
    s = position([[2, 5, 5, -1], Y, Y, Y], preset="with-bonuses")
    assert legal(s, (4,)) == {"4a", "4b", "4c"}      # a passes its own block


def test_with_bonuses_two_own_pieces_form_a_block_on_a_safe_square():
    s = position([[5, 8, -1, -1], [rel(1, 4), -1, -1, -1], Y, Y], preset="with-bonuses")
    s.set_dice((3,))
    s.push("3a")
    assert s.current_player == 1
    s.set_dice((4,))                                 # player 1 cannot land on the block on the star
    assert legal(s) == set() and s.current_player == 2 and places(s, 1)[0] == rel(1, 4)


# -- seats -----------------------------------------------------------------------------------
def test_two_players_sit_opposite_and_three_take_three_arms():
    assert make_game("ludo", 2).seats == (0, 2)
    assert make_game("ludo", 3).seats == (0, 1, 2)
    s = position([[-1, -1, -1, -1], [-1, -1, -1, -1]], to_move=1)
    s.set_dice((6,))
    s.push("6a")
    view = s.game.view(s.arr)
    assert view.squares[s.game.board.track[26]].pieces == [(1, 0, False)]


def test_an_illegal_move_is_refused_with_its_reason_and_changes_nothing():
    s = position([[10, -1, -1, -1], Y, Y, Y])
    s.set_dice((4,))
    refused(s, "4b", "leaves the yard only on a 6")
    refused(s, "9a")


def test_positions_round_trip():
    s = position([[-1, 5, 52, 56], [3, -1, -1, -1], Y, Y])
    assert round_trip(s)["pieces"][0] == [-1, 5, 52, 56]


def test_bad_positions_are_refused():
    with pytest.raises(ValueError, match="off the board"):
        position([[57, -1, -1, -1], Y, Y, Y])
    with pytest.raises(ValueError, match="share a square"):
        position([[5, -1, -1, -1], [rel(1, 5), -1, -1, -1], Y, Y])
    with pytest.raises(ValueError, match="more than 1"):
        position([[5, 5, -1, -1], Y, Y, Y])


# -- properties ----------------------------------------------------------------------------------
def occupancy_ok(state):
    g = state.game
    for p in track_places(state):
        assert -1 <= p <= g.ring_size + g.lane_size and not (g.last_ring < p < g.ring_size)
    cap = 2 if g.opts["blocks"] else 1
    for cell, m in enumerate(ring_masks(state)):
        colours = [(m >> (4 * q)) & 15 for q in range(4)]
        assert all(bin(c).count("1") <= cap for c in colours)
        if not g.is_safe(cell):
            assert sum(1 for c in colours if c) <= 1


@SETTINGS
@given(seed=st.integers(0, 2 ** 32), players=st.integers(2, 4),
       preset=st.sampled_from(["seed", "with-bonuses", "void-turn"]))
def test_random_play_keeps_ludo_occupancy_sound_and_ends(seed, players, preset):
    s = make_game("ludo", players, preset).new_state(seed)
    assert random_play(s, random.Random(seed), 20000, occupancy_ok).is_over


def test_playing_for_places_goes_on_after_the_winner():
    s = load_position({"game": "ludo", "players": 3, "pieces": [[56, 56, 56, 55], Y, [10, -1, -1, -1]],
                       "options": {"play_for_places": True}}, make_game)
    s.set_dice((1,))
    s.push("1d")
    assert not s.is_over and s.winner == 0 and s.finish_order == [0] and s.current_player == 1


def test_the_first_player_is_a_seeded_rolloff_or_the_first_seat():
    g = make_game("ludo", 4)
    starters = {g.new_state(seed).current_player for seed in range(40)}
    assert starters == {0, 1, 2, 3}
    assert g.new_state(7).current_player == g.new_state(7).current_player
    g = make_game("ludo", 4, options={"first_player": "first"})
    assert {g.new_state(seed).current_player for seed in range(10)} == {0}
