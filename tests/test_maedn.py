"""Mensch ärgere Dich nicht rule scenarios, one or more for each rule sentence of the Schmidt leaflet
as the project reads it (docs/games/maedn.md), and its properties.

Positions are player-relative: -1 B fields, 0 own A field .. 39 the field before the goal, 40..43 goal
fields a..d.  In a 4-player game player i sits at seat i; seat s's place p is global field (p + 10 s) mod 40."""
from functools import partial
import random

from hypothesis import given, settings, strategies as st
import numpy as np
import pytest

import helpers
from helpers import OFF as B, kinds, legal, places, random_play, refused
from pachisi import make_game
from pachisi.engine.position import dump_position, load_position
from pachisi.games.maedn.rules import G_TRIES

SETTINGS = settings(max_examples=15, deadline=None)
position = partial(helpers.position, "maedn")


def round_trip(state):
    """The state's position file loads back to a state with the same pieces, player, turn and legal
    moves after every roll (the last roll's dice, kept in the state, are no part of a position)."""
    data = dump_position(state)
    again = load_position(data, make_game)
    assert dump_position(again) == data
    if state.is_chance:
        for d in range(1, 7):
            a, b = state.clone(), again.clone()
            assert a.set_dice((d,)) == b.set_dice((d,)) and legal(a) == legal(b)
    else:
        assert legal(state) == legal(again)
    return data


def rel(seat, g):
    """The place of seat `seat` on global field g."""
    return (g - 10 * seat) % 40


# -- 1. setup ---------------------------------------------------------------------------------
def test_rule_1_one_piece_starts_on_a_and_three_on_b():
    s = make_game("maedn", 4).new_state(seed=1)
    assert [places(s, q) for q in range(4)] == [[0, -1, -1, -1]] * 4


def test_rule_1_start_on_a_off_puts_all_four_on_b():
    s = make_game("maedn", 2, options={"start_on_a": False}).new_state(seed=1)
    assert [places(s, q) for q in range(2)] == [[-1, -1, -1, -1]] * 2


def test_rule_1_the_highest_single_roll_starts():
    g = make_game("maedn", 4)
    starters = {g.new_state(seed=seed).current_player for seed in range(40)}
    assert starters == {0, 1, 2, 3}
    assert g.dice_ranges() == [(1, 6)]


def test_rule_1_play_goes_clockwise_and_each_a_field_is_ten_fields_on():
    s = position([[0, -1, -1, -1], [rel(1, 15), -1, -1, -1], B, B])
    assert rel(1, 10) == 0 and s.game.board.track[10] == (0, 6)      # seat 1's A field: the top arm
    s.set_dice((5,))
    events = s.push("5a")
    assert s.current_player == 1 and "captured" not in kinds(events)


# -- 2. rolling ----------------------------------------------------------------------------
def test_rule_2_a_six_rolls_again_however_often():
    s = position([[5, 20, 30, 1], B, B, B])
    for _ in range(4):
        s.set_dice((6,))
        s.push("6a")
        assert s.is_chance and s.current_player == 0
    s.set_dice((2,))
    s.push("2c")
    assert s.current_player == 1


def test_rule_2_the_six_that_brings_the_last_piece_home_does_not_roll_again():
    s = position([[41, 42, 43, 34], B, B])
    s.set_dice((6,))
    events = s.push("6d")
    assert "extra_roll" not in kinds(events) and s.current_player == 1 and s.finish_order == [0]


def test_rule_2_a_six_that_cannot_be_played_still_rolls_again():
    s = position([[40, 41, 42, 38], B, B, B], goal_jump=True)
    events = s.set_dice((6,))
    assert s.legal_moves() == [] and "burned" in kinds(events) and "extra_roll" in kinds(events)
    assert s.is_chance and s.current_player == 0


# -- 3. the order of the forced moves -------------------------------------------------------
def test_rule_3a_the_piece_on_a_must_move_while_pieces_wait_on_b():
    s = position([[0, -1, -1, 20], B, B, B])
    assert legal(s, (3,)) == {"3a"}
    refused(s, "3d", match="A field must move on first")


def test_rule_3a_applies_to_a_six_too():
    s = position([[0, -1, -1, 20], B, B, B])
    assert legal(s, (6,)) == {"6a"}


def test_rule_3a_a_piece_on_a_blocked_by_an_own_piece_frees_the_choice():
    s = position([[0, -1, -1, 3], [rel(1, 25), -1, -1, -1], B, B])
    assert legal(s, (3,)) == {"3d"}


def test_rule_3a_without_pieces_on_b_any_piece_moves():
    s = position([[0, 12, 20, 30], B, B, B])
    assert legal(s, (3,)) == {"3a", "3b", "3c", "3d"}


def test_rule_3b_a_six_must_enter_a_piece():
    s = position([[-1, -1, 12, 20], B, B, B])
    assert legal(s, (6,)) == {"6a"}
    refused(s, "6c", match="must bring a piece out")


def test_rule_3b_entering_captures_a_foreign_piece_on_a():
    s = position([[-1, -1, 12, 20], [rel(1, 0), -1, -1, -1], B, B])
    s.set_dice((6,))
    events = s.push("6a")
    assert "captured" in kinds(events) and places(s, 1)[0] == -1 and places(s, 0)[0] == 0


def test_rule_3c_else_any_piece_moves_and_only_a_six_enters():
    s = position([[-1, 5, 12, 20], B, B, B])
    assert legal(s, (4,)) == {"4b", "4c", "4d"}
    refused(s, "4a", match="only on a 6")


def test_rule_3d_nothing_legal_loses_the_roll():
    s = position([[-1, -1, 39, 43], B, B, B], three_tries=False)
    events = s.set_dice((5,))
    assert kinds(events) == ["burned", "pass"] and s.current_player == 1


# -- 4. moving and capturing ---------------------------------------------------------------------
def test_rule_4_pieces_passed_stay_and_the_end_field_captures():
    s = position([[10, -1, -1, -1], [rel(1, 12), rel(1, 14), -1, -1], B, B])
    s.set_dice((4,))
    events = s.push("4a")
    assert [e.kind for e in events if e.kind == "captured"] == ["captured"]
    assert places(s, 1) == [rel(1, 12), -1, -1, -1]


def test_rule_4_two_own_pieces_never_share_a_field():
    s = position([[10, 14, -1, -1], B, B, B])
    assert legal(s, (4,)) == {"4b"}
    refused(s, "4a", match="two of your own pieces")


def test_rule_4_capturing_is_not_compulsory():
    s = position([[10, 20, 5, 30], [rel(1, 14), -1, -1, -1], B, B])
    assert legal(s, (4,)) == {"4a", "4b", "4c", "4d"}


def test_rule_4_there_are_no_safe_fields_not_even_an_a_field():
    s2 = position([[7, 12, 20, 30], [0, 8, -1, -1], B, B])
    s2.set_dice((3,))
    events = s2.push("3a")                           # global 10: player 1's own A field
    assert "captured" in kinds(events) and places(s2, 1)[0] == -1


# -- 5. the goal ---------------------------------------------------------------------------------
def test_rule_5_goal_fields_count_one_by_one():
    s = position([[39, 12, 20, 30], B, B, B])
    s.set_dice((1,))
    s.push("1a")
    assert places(s, 0)[0] == 40
    s = position([[39, 12, 20, 30], B, B, B])
    s.set_dice((2,))
    s.push("2a")
    assert places(s, 0)[0] == 41


def test_rule_5_exact_count_never_beyond_d():
    s = position([[38, 12, 20, 30], B, B, B])
    assert legal(s, (6,)) == {"6b", "6c", "6d"}
    s = position([[38, 12, 20, 30], B, B, B])
    s.set_dice((6,))
    refused(s, "6a", match="overshoots")


def test_rule_5_goal_pieces_move_on_inside_the_goal():
    s = position([[40, 12, 20, 30], B, B, B])
    assert legal(s, (3,)) == {"3a", "3b", "3c", "3d"}
    s = position([[42, 12, 20, 30], B, B, B])
    s.set_dice((2,))
    refused(s, "2a", match="goal fields end at d")


def test_rule_5_goal_jump_off_a_piece_may_not_pass_one_in_the_goal():
    s = position([[38, 41, 20, 30], B, B, B])
    assert legal(s, (5,)) == {"5c", "5d"}
    s = position([[38, 41, 20, 30], B, B, B])
    s.set_dice((5,))
    refused(s, "5a", match="may not pass a piece in the goal")
    s = position([[40, 42, 20, 30], B, B, B])
    assert legal(s, (3,)) == {"3c", "3d"}           # a on 40 cannot jump b on 42


def test_rule_5_schmidt_base_lets_pieces_jump_in_the_goal():
    s = position([[38, 41, 20, 30], B, B, B], preset="schmidt-base")
    assert legal(s, (5,)) == {"5a", "5c", "5d"}


def test_rule_5_foreign_goals_are_closed():
    s = position([[8, 13, 20, 30], B, B, B])        # passes global 9, where player 1 turns into its goal
    s.set_dice((4,))
    s.push("4a")
    assert places(s, 0)[0] == 12


# -- 6. three tries ------------------------------------------------------------------------------
def test_rule_6_three_tries_with_no_piece_on_the_track():
    s = position([B, B, B, B])
    events = s.set_dice((3,))
    assert "reroll" in kinds(events) and s.current_player == 0 and s.is_chance
    events = s.set_dice((2,))
    assert "reroll" in kinds(events) and s.current_player == 0
    events = s.set_dice((5,))
    assert "reroll" not in kinds(events) and s.current_player == 1


def test_rule_6_the_first_six_enters_and_rolls_again():
    """The tries made before the 6 count on (after three non-6 rolls in the turn it passes), and the
    position after the 6 says so."""
    s = position([B, B, B, B])
    s.set_dice((1,))
    assert legal(s, (6,)) == {"6a"}
    s.push("6a")
    assert s.current_player == 0 and s.is_chance and int(s.arr[G_TRIES]) == 1
    assert round_trip(s)["turn"]["tries_left"] == 2
    s.set_dice((2,))
    s.push("2a")
    assert s.current_player == 1 and int(s.arr[G_TRIES]) == 0


def test_rule_6_a_piece_on_c_that_can_move_gives_no_three_tries():
    s = position([[42, -1, -1, -1], B, B, B])             # the leaflet's example: c moves with a 1
    events = s.set_dice((3,))
    assert "reroll" not in kinds(events) and s.current_player == 1


def test_rule_6_pieces_packed_at_the_end_of_the_goal_give_three_tries():
    s = position([[43, 42, -1, -1], B, B, B])
    events = s.set_dice((3,))
    assert "reroll" in kinds(events) and s.current_player == 0


def test_rule_6_schmidt_base_rolls_once():
    s = position([B, B, B, B], preset="schmidt-base")
    events = s.set_dice((3,))
    assert "reroll" not in kinds(events) and s.current_player == 1


def test_rule_6_the_tries_made_are_kept_in_a_position_file():
    s = position([B, B, B, B])
    s.set_dice((3,))
    data = round_trip(s)
    assert data["turn"] == {"tries_left": 2}


# -- 7. winning and places ----------------------------------------------------------------------
def test_rule_7_the_first_with_four_in_the_goal_wins_and_the_others_play_on():
    s = position([[41, 42, 43, 39], [0, -1, -1, -1], [0, -1, -1, -1]])
    s.set_dice((1,))
    events = s.push("1d")
    assert "won" in kinds(events) and s.winner == 0 and not s.is_over and s.current_player == 1


# -- 8. seats --------------------------------------------------------------------------------------
def test_rule_8_two_players_sit_opposite():
    g = make_game("maedn", 2)
    assert g.seats == (0, 2)
    s = position([[15, -1, -1, -1], [rel(2, 20), -1, -1, -1]])   # player 1 on its own A field
    assert places(s, 1) == [0, -1, -1, -1]
    s.set_dice((5,))
    assert "captured" in kinds(s.push("5a"))


def test_rule_8_all_colours_is_two_players_on_four_seats():
    with pytest.raises(Exception, match="four seats"):
        make_game("maedn", 2, options={"all_colours": True})
    assert make_game("maedn", 4, options={"all_colours": True}).teams == ((0, 2), (1, 3))


def test_rule_8_all_colours_a_player_never_lands_on_nor_captures_his_other_colour():
    s = position([[10, 20, -1, -1], [rel(1, 16), -1, -1, -1], [rel(2, 14), -1, -1, -1], B], all_colours=True)
    assert legal(s, (4,)) == {"4b"}                         # a would land on seat 2's piece, the same player's
    refused(s, "4a", match="own pieces")
    s = position([[10, 20, 30, 5], [rel(1, 16), -1, -1, -1], [rel(2, 14), -1, -1, -1], B], all_colours=True)
    assert legal(s, (6,)) == {"6a", "6b", "6c", "6d"}
    assert "captured" in kinds(s.push("6a"))                 # the other player's colour is captured as usual


def test_rule_8_all_colours_a_missed_capture_is_never_called_by_the_player_s_other_colour():
    s = position([[10, 20, 5, 30], [rel(1, 16), -1, -1, -1], [rel(2, 35), -1, -1, -1], [rel(3, 38), -1, -1, -1]],
                 all_colours=True, must_capture="claim")
    s.set_dice((6,))
    s.push("6b")
    assert s.current_player == 1 and legal(s) == {"call-a", "nocall"}
    s.push("nocall")
    assert s.current_player == 3 and legal(s) == {"call-a", "nocall"}       # seat 2 is the offender's own colour
    s.push("nocall")
    assert s.current_player == 0 and s.is_chance


def test_rule_8_all_colours_a_player_wins_when_both_colours_are_home():
    s = position([[38, 41, 42, 43], [rel(1, 16), -1, -1, -1], [39, 41, 42, 43], B], all_colours=True)
    s.set_dice((2,))
    assert kinds(s.push("2a")) == ["house", "finished", "pass"]   # colour 0 is home, colour 2 is not
    assert not s.is_over and s.current_player == 1
    s.set_dice((1,))
    s.push("1a")
    s.set_dice((1,))                                           # colour 2's turn: it moves by itself
    assert legal(s) == {"1a"}
    s.push("1a")
    assert s.is_over and s.result()["teams"] == [[0, 2], [1, 3]]


def three(pieces, neutral, to_move=0, turn=None, **options):
    """A game of three with the neutral colour (all_colours): players at seats 0, 1, 2, the neutral colour at
    seat 3 (its place p is global field (p + 30) mod 40), its row last."""
    data = {"game": "maedn", "players": 3, "to_move": to_move, "pieces": [*pieces, neutral],
            "options": {"all_colours": True, **options}}
    return load_position({**data, "turn": turn} if turn else data, make_game)


N = 3                                                       # the neutral colour's row


def test_rule_8_neutral_three_players_share_the_fourth_colour_which_is_grey_and_nobody_s():
    g = make_game("maedn", 3, options={"all_colours": True})
    assert g.seats == (0, 1, 2) and g.neutral == 3 and g.neutral_seat == 3 and g.teams == ()
    assert g.colours == ("yellow", "green", "red", "grey") and g.player_name(N) == "grey"
    s = g.new_state(seed=1)
    assert [places(s, q) for q in range(4)] == [[0, -1, -1, -1]] * 4      # the neutral colour starts as any
    assert len(s.result()["order"]) == 0 and dump_position(s)["pieces"][N] == [0, -1, -1, -1]


def test_rule_8_neutral_a_player_moves_an_own_or_a_neutral_piece():
    s = three([[12, 20, -1, -1], [rel(1, 25), -1, -1, -1], [rel(2, 2), -1, -1, -1]], [rel(3, 35), -1, -1, -1])
    assert legal(s, (3,)) == {"3a", "3b", "3na"}
    s.push("3na")
    assert places(s, N) == [8, -1, -1, -1] and s.current_player == 1


def test_rule_8_neutral_a_six_must_enter_an_own_or_a_neutral_piece_and_the_mover_rolls_again():
    s = three([[12, -1, -1, -1], [rel(1, 25), -1, -1, -1], [rel(2, 2), -1, -1, -1]], [rel(3, 35), -1, -1, -1])
    assert legal(s, (6,)) == {"6b", "6nb"}                  # rule 3b: a piece waiting on B, own or neutral
    s.push("6nb")
    assert places(s, N) == [5, 0, -1, -1]                   # onto the neutral A field
    assert s.current_player == 0 and s.is_chance            # the extra roll is the mover's


def test_rule_8_neutral_the_piece_on_the_neutral_a_field_must_clear_it():
    s = three([[12, -1, -1, -1], [rel(1, 25), -1, -1, -1], [rel(2, 2), -1, -1, -1]], [0, -1, -1, -1])
    assert legal(s, (3,)) == {"3na"}
    refused(s, "3a", match="A field")
    s = three([[0, -1, -1, -1], [rel(1, 25), -1, -1, -1], [rel(2, 2), -1, -1, -1]], [0, -1, -1, -1])
    assert legal(s, (3,)) == {"3a", "3na"}                  # both A fields to clear: the player picks


def test_rule_8_neutral_order_off_leaves_the_neutral_pieces_out_of_rule_3():
    s = three([[12, -1, -1, -1], [rel(1, 25), -1, -1, -1], [rel(2, 2), -1, -1, -1]], [0, -1, -1, -1],
              neutral_order=False)
    assert legal(s, (3,)) == {"3a", "3na"}                  # the neutral A field need not be cleared
    s = three([[12, -1, -1, -1], [rel(1, 25), -1, -1, -1], [rel(2, 2), -1, -1, -1]], [rel(3, 35), -1, -1, -1],
              neutral_order=False)
    assert legal(s, (6,)) == {"6b", "6na", "6nb"}           # own: bring b out; a neutral piece moves freely
    s = three([[0, -1, -1, -1], [rel(1, 25), -1, -1, -1], [rel(2, 2), -1, -1, -1]], [rel(3, 35), -1, -1, -1],
              neutral_order=False)
    assert legal(s, (3,)) == {"3a", "3na"}                  # own a must clear A, unless a neutral piece moves


def test_rule_8_neutral_pieces_capture_but_never_land_on_the_mover_s_own():
    start = three([[37, -1, -1, -1], [rel(1, 38), -1, -1, -1], [rel(2, 2), -1, -1, -1]], [rel(3, 35), -1, -1, -1])
    s = start.clone()
    assert legal(s, (2,)) == {"2a"}                         # the neutral a would land on the mover's own a
    refused(s, "2na", match="own pieces")
    s = start.clone()
    assert legal(s, (3,)) == {"3a", "3na"}
    events = s.push("3na")
    assert "captured" in kinds(events) and places(s, 1) == [-1, -1, -1, -1] and places(s, N)[0] == 8


def test_rule_8_neutral_a_neutral_piece_lands_on_another_player_s_piece_moved_by_him_too():
    s = three([[37, -1, -1, -1], [rel(1, 38), -1, -1, -1], [rel(2, 2), -1, -1, -1]], [rel(3, 35), -1, -1, -1],
              to_move=1)
    assert "2na" in legal(s, (2,))                          # player 1 moves it onto player 0's piece
    assert "captured" in kinds(s.push("2na")) and places(s, 0) == [-1, -1, -1, -1]


def test_rule_8_neutral_pieces_are_captured_like_any_foreign_piece():
    s = three([[33, -1, -1, -1], [rel(1, 25), -1, -1, -1], [rel(2, 2), -1, -1, -1]], [rel(3, 35), -1, -1, -1])
    assert legal(s, (2,)) == {"2a", "2na"}
    assert "captured" in kinds(s.push("2a")) and places(s, N) == [-1, -1, -1, -1]


def test_rule_8_neutral_a_player_with_all_own_pieces_home_wins_only_with_the_neutral_four_home():
    home = [40, 41, 42, 43]
    s = three([home, [rel(1, 15), -1, -1, -1], [rel(2, 2), -1, -1, -1]], [38, 41, 42, 43])
    assert not s.is_over and s.result()["order"] == []     # done, but the neutral four are not home
    assert legal(s, (1,)) == {"1na"}                        # he plays on with the neutral pieces
    s.push("1na")
    assert not s.is_over and s.current_player == 1
    s = three([home, [rel(1, 15), -1, -1, -1], [rel(2, 2), -1, -1, -1]], [38, 41, 42, 43])
    s.set_dice((2,))
    s.push("2na")
    assert s.result()["winner"] == 0 and s.result()["order"] == [0]


def last_neutral_home(by):
    """Players 0 and 1 done, the neutral four one field short of home: `by` brings the last one in."""
    home = [40, 41, 42, 43]
    s = three([home, home, [rel(2, 2), -1, -1, -1]], [39, 41, 42, 43], to_move=by)
    s.set_dice((1,))
    s.push("1na")
    return s


def test_rule_8_neutral_whoever_brings_the_last_neutral_piece_home_wins_when_several_are_done():
    s = last_neutral_home(by=1)
    assert s.is_over and s.result()["order"] == [1, 0, 2]


def test_rule_8_neutral_brought_home_by_a_player_not_done_the_done_ones_win_in_turn_order_from_him():
    s = last_neutral_home(by=2)
    assert s.is_over and s.result()["order"] == [0, 1, 2]


def test_rule_8_neutral_a_player_done_finishes_once_the_neutral_four_are_home():
    s = three([[39, 41, 42, 43], [rel(1, 15), -1, -1, -1], [rel(2, 2), -1, -1, -1]], [40, 41, 42, 43])
    s.set_dice((1,))
    s.push("1a")
    assert s.result()["order"] == [0] and not s.is_over and s.current_player == 1


def test_rule_8_neutral_three_tries_when_neither_own_nor_neutral_pieces_are_on_the_track():
    s = three([B, [rel(1, 15), -1, -1, -1], [rel(2, 2), -1, -1, -1]], B)
    assert "reroll" in kinds(s.set_dice((3,))) and s.current_player == 0
    s = three([B, [rel(1, 15), -1, -1, -1], [rel(2, 2), -1, -1, -1]], [5, -1, -1, -1])
    assert legal(s, (3,)) == {"3na"}                        # a neutral piece on the track: one roll
    s.push("3na")
    assert s.current_player == 1


def test_rule_8_neutral_a_missed_capture_by_a_neutral_piece_is_nobody_s():
    s = three([[10, -1, -1, -1], [rel(1, 38), -1, -1, -1], [rel(2, 2), -1, -1, -1]], [rel(3, 35), -1, -1, -1],
              must_capture="penalty")
    assert legal(s, (3,)) == {"3a", "3na"}
    assert "penalty" not in kinds(s.push("3a")) and places(s, N)[0] == 5


def test_rule_8_neutral_the_piece_entered_may_be_neutral_and_positions_say_so():
    s = three([[12, -1, -1, -1], [rel(1, 25), -1, -1, -1], [rel(2, 2), -1, -1, -1]], B, entered_moves_on=True)
    s.set_dice((6,))
    s.push("6na")
    assert round_trip(s)["turn"] == {"entered": "na"}
    assert legal(s, (4,)) == {"4na"}                        # the roll after is the entered piece's


def test_rule_8_neutral_positions_list_the_neutral_row_and_refuse_a_shared_field():
    with pytest.raises(Exception, match="3 players, then a last row of the neutral colour's"):
        load_position({"game": "maedn", "players": 3, "options": {"all_colours": True},
                       "pieces": [[12, -1, -1, -1], B, B]}, make_game)
    with pytest.raises(Exception, match="2 pieces on one square"):
        three([[35, -1, -1, -1], B, B], [5, -1, -1, -1])
    with pytest.raises(Exception, match="already won"):
        three([[40, 41, 42, 43], B, B], [40, 41, 42, 43])


def test_rule_8_neutral_moves_are_refused_without_the_neutral_colour():
    s = position([[12, -1, -1, -1], B, B])
    s.set_dice((3,))
    with pytest.raises(Exception):
        s.push("3na")


def test_rule_8_neutral_pieces_are_observed_in_the_row_after_the_players_and_their_moves_are_actions():
    """RL: the neutral pieces' places fill the observation's fourth row, the same in the batched env."""
    from test_rl_batch import check_rows, random_legal
    from pachisi import rl
    from pachisi.rl.spaces import Observer
    s = three([[12, -1, -1, -1], [rel(1, 25), -1, -1, -1], [rel(2, 2), -1, -1, -1]], [5, -1, -1, -1])
    obs, g = Observer(s.game)(s, 1), s.game
    places = g.place_count()
    assert obs[(3 * 4 + 0) * places + 5 - g.place_range()[0]] == 1.0        # neutral a on its place 5
    env = rl.batch_env("maedn", num_envs=4, players=3, options={"all_colours": True}, opponents="self")
    rng = np.random.default_rng(3)
    env.reset(seed=3)
    for _ in range(200):
        check_rows(env)
        env.step(random_legal(env, rng))
        assert not env.illegal.any()


def test_rule_8_all_colours_is_for_three_or_four_players():
    with pytest.raises(Exception, match="neutral"):
        make_game("maedn", 2, options={"all_colours": True})


# -- teams (the family notes' proposal for every game: partners opposite) ---------------------------------
team = partial(position, teams="opposite")


def test_teams_partners_sit_opposite_and_need_four_players():
    assert make_game("maedn", 4, options={"teams": "opposite"}).teams == ((0, 2), (1, 3))
    with pytest.raises(Exception, match="even number of players"):
        make_game("maedn", 3, options={"teams": "opposite"})
    with pytest.raises(Exception, match="choose one"):
        make_game("maedn", 4, options={"teams": "opposite", "all_colours": True})


def test_teams_a_partner_s_piece_is_one_s_own_for_landing_and_never_captured():
    start = team([[10, 30, -1, -1], [rel(1, 16), -1, -1, -1], [rel(2, 14), -1, -1, -1], B])
    s = start.clone()
    assert legal(s, (4,)) == {"4b"}                         # a would land on the partner's piece
    refused(s, "4a", match="own pieces")
    s = start.clone()
    assert legal(s, (6,)) == {"6c"}                         # rule 3b: a 6 brings a piece out
    s = team([[10, 30, 0, 5], [rel(1, 16), -1, -1, -1], [rel(2, 14), -1, -1, -1], B])
    assert legal(s, (6,)) == {"6a", "6b", "6c", "6d"}
    assert "captured" in kinds(s.push("6a"))                 # the opponents' pieces are captured as usual


def test_teams_own_capture_sends_a_partner_s_piece_home_as_one_s_own():
    s = team([[10, 30, -1, -1], [rel(1, 26), -1, -1, -1], [rel(2, 14), -1, -1, -1], B], own_capture=True)
    assert legal(s, (4,)) == {"4a", "4b"}
    assert "captured" in kinds(s.push("4a")) and places(s, 2) == [-1, -1, -1, -1]


def test_teams_an_obligation_to_capture_concerns_enemy_pieces_only():
    s = team([[10, 20, -1, -1], [rel(1, 25), -1, -1, -1], [rel(2, 14), -1, -1, -1], B], must_capture="forced")
    assert legal(s, (5,)) == {"5b"}                         # b captures the opponent on 25
    s = team([[10, 20, -1, -1], [rel(1, 33), -1, -1, -1], [rel(2, 14), -1, -1, -1], B], must_capture="forced",
             own_capture=True)
    assert legal(s, (4,)) == {"4a", "4b"}                   # sending the partner's piece home is no capture


def test_teams_a_finished_player_moves_his_partner_s_pieces_and_rolls_again_himself():
    s = team([[40, 41, 42, 43], [rel(1, 16), -1, -1, -1], [20, 41, 42, 43], B])
    assert legal(s, (6,)) == {"6a"}                         # the partner's piece a
    s.push("6a")
    assert places(s, 2)[0] == 26 and s.current_player == 0 and s.is_chance


def test_teams_without_partner_plays_a_finished_player_only_rolls():
    s = team([[40, 41, 42, 43], [rel(1, 16), -1, -1, -1], [20, 41, 42, 43], B], partner_plays=False)
    s.set_dice((3,))
    assert s.current_player == 1


def test_teams_three_tries_with_the_partner_s_pieces():
    s = team([[40, 41, 42, 43], [rel(1, 16), -1, -1, -1], B, B])
    assert "reroll" in kinds(s.set_dice((3,))) and s.current_player == 0
    assert legal(s, (6,)) == {"6a"} and s.push("6a") and places(s, 2) == [0, -1, -1, -1]


def test_teams_the_team_wins_when_all_eight_are_home():
    s = team([[38, 41, 42, 43], [rel(1, 16), -1, -1, -1], [39, 41, 42, 43], B], partner_plays=False)
    s.set_dice((2,))
    assert kinds(s.push("2a")) == ["house", "finished", "pass"]   # player 0 is home, his partner is not
    assert not s.is_over and s.result()["order"] == []
    s = team([[40, 41, 42, 43], [rel(1, 16), -1, -1, -1], [39, 41, 42, 43], B])
    s.set_dice((1,))
    s.push("1a")
    assert s.is_over and s.result()["teams"] == [[0, 2], [1, 3]] and s.result()["winner"] == 0


def test_teams_on_the_petits_chevaux_board_a_horse_stops_behind_a_partner_s_as_behind_its_own():
    s = team([[10, -1, 62, 62], [-1, -1, 62, 62], [(14 - 28) % 56, -1, 62, 62], [-1, -1, 62, 62]],
             preset="petitschevaux")
    s.set_dice((4,))
    s.push("4a")
    assert places(s, 0)[0] == 13 and places(s, 2)[0] == 42


def test_teams_a_partner_never_calls_a_missed_capture():
    s = team([[10, 20, 5, 30], [rel(1, 16), -1, -1, -1], [rel(2, 35), -1, -1, -1], [rel(3, 38), -1, -1, -1]],
             must_capture="claim")
    s.set_dice((6,))
    s.push("6b")
    assert s.current_player == 1 and legal(s) == {"call-a", "nocall"}
    s.push("nocall")
    assert s.current_player == 3 and legal(s) == {"call-a", "nocall"}       # player 2 is the partner
    s.push("nocall")
    assert s.current_player == 0 and s.is_chance                           # the 6's roll again


def test_teams_a_finished_player_s_missed_capture_with_his_partner_s_piece_is_called_and_saved():
    s = team([[40, 41, 42, 43], [rel(1, 36), -1, -1, -1], [10, 20, 42, 43], B], must_capture="claim")
    s.set_dice((6,))
    assert kinds(s.push("6b")) == ["moved", "claim"]        # the partner's a on 10 could have taken 36
    assert legal(s) == {"call-a", "nocall"}
    assert round_trip(s)["turn"] == {"claim": {"offender": 0, "pieces": ["a"]}, "extra_rolls": 1}
    call = next(m for m in s.legal_moves() if m.text == "call-a")
    assert (call.frm, call.to) == (10, -1)
    s.push("call-a")
    assert places(s, 2) == [-1, 26, 42, 43]


# -- 9. the leaflet's other variants -----------------------------------------------------------
def test_rule_9_backward_capture_only_to_capture():
    foe = [rel(1, 16), -1, -1, -1]
    s = position([[20, 12, 25, 30], foe, B, B], backward_capture=True)
    assert legal(s, (4,)) == {"4a", "4a<", "4b", "4c", "4d"}
    s = position([[20, 12, 25, 30], foe, B, B], backward_capture=True)
    s.set_dice((4,))
    assert "captured" in kinds(s.push("4a<"))
    s = position([[20, 12, 25, 30], foe, B, B], backward_capture=True)
    s.set_dice((3,))
    refused(s, "3a<", match="only to capture")
    s = position([[20, 12, 25, 30], foe, B, B])
    s.set_dice((4,))
    refused(s, "4a<", match="no such kind")


def test_rule_9_backward_capture_never_onto_or_past_the_own_a_field():
    s = position([[3, 12, 25, 30], [rel(1, 38), -1, -1, -1], B, B], backward_capture=True)
    s.set_dice((5,))
    refused(s, "5a<", match="never onto or past")


def test_rule_9_barriers_share_a_field_and_nobody_passes():
    s = position([[10, 14, 20, 30], B, B, B], barriers="barrier")
    s.set_dice((4,))
    s.push("4a")
    assert places(s, 0)[:2] == [14, 14]
    s = position([[12, 14, 14, 30], [rel(1, 10), -1, -1, -1], B, B], barriers="barrier", to_move=1)
    assert legal(s, (5,)) == set()                  # player 1 cannot pass the barrier on 14
    s = position([[12, 14, 14, 30], B, B, B], barriers="barrier")
    assert legal(s, (4,)) == {"4b", "4c", "4d"}     # the owner cannot pass it either


def test_rule_9_must_capture_forced_leaves_only_captures():
    s = position([[10, 20, 5, 30], [rel(1, 14), -1, -1, -1], B, B], must_capture="forced")
    assert legal(s, (4,)) == {"4a"}
    s = position([[10, 20, 5, 30], [rel(1, 14), -1, -1, -1], B, B], must_capture="forced")
    s.set_dice((4,))
    refused(s, "4b", match="compulsory")


def test_rule_9_must_capture_penalty_sends_the_piece_that_missed_back():
    s = position([[10, 20, 5, 30], [rel(1, 14), -1, -1, -1], B, B], must_capture="penalty")
    s.set_dice((4,))
    events = s.push("4b")
    assert "penalty" in kinds(events) and places(s, 0) == [-1, 24, 5, 30]


def test_rule_9_must_capture_penalty_takes_the_most_advanced_of_several():
    s = position([[10, 20, 5, 33], [rel(1, 14), rel(1, 24), -1, -1], B, B], must_capture="penalty")
    s.set_dice((4,))
    s.push("4d")
    assert places(s, 0) == [10, -1, 5, 37]


def test_rule_9_must_capture_penalty_spares_a_capture_made():
    s = position([[10, 20, 5, 30], [rel(1, 14), -1, -1, -1], B, B], must_capture="penalty")
    s.set_dice((4,))
    assert "penalty" not in kinds(s.push("4a"))


def test_rule_9_must_capture_claim_is_called_by_the_next_opponent_before_the_next_roll():
    s = position([[10, 20, 5, 30], [rel(1, 14), -1, -1, -1], B, B], must_capture="claim")
    s.set_dice((4,))
    events = s.push("4b")
    assert kinds(events) == ["moved", "claim"] and s.current_player == 1 and not s.is_chance
    assert legal(s) == {"call-a", "nocall"}                    # the most advanced piece that missed: a on 10
    assert round_trip(s)["turn"] == {"claim": {"offender": 0, "pieces": ["a"]}}
    refused(s, "call-c", match="could not have captured")
    call = next(m for m in s.legal_moves() if m.text == "call-a")
    assert s.game.move_story(call) == {"say": "log.call.back", "piece": "a"}       # back to B, not a lock-up
    events = s.push("call-a")
    assert "penalty" in kinds(events) and places(s, 0) == [-1, 24, 5, 30]
    assert s.is_chance and s.current_player == 1                # the 4 rolls no more: the turn passes


def test_rule_9_must_capture_claim_let_pass_by_every_opponent_changes_nothing():
    s = position([[10, 20, 5, 30], [rel(1, 16), -1, -1, -1], B, B], must_capture="claim")
    s.set_dice((6,))
    s.push("6b")
    s.push("nocall")
    assert s.current_player == 2 and legal(s) == {"call-a", "nocall"}
    s.push("nocall")
    s.push("nocall")
    assert places(s, 0) == [10, 26, 5, 30] and s.current_player == 0 and s.is_chance   # the 6 rolls again


def test_rule_9_must_capture_claim_no_call_when_the_capture_is_made():
    s = position([[10, 20, 5, 30], [rel(1, 14), -1, -1, -1], B, B], must_capture="claim")
    s.set_dice((4,))
    assert "claim" not in kinds(s.push("4a")) and s.is_chance and s.current_player == 1


def test_rule_9_must_capture_claim_bots_always_call():
    s = position([[10, 20, 5, 30], [rel(1, 14), -1, -1, -1], B, B], must_capture="claim")
    s.set_dice((4,))
    s.push("4b")
    from pachisi.bots import make_bot
    assert make_bot("greedy", seed=1).choose(s).text == "call-a"


def test_rule_9_walls_stop_other_colours_but_not_their_owner():
    s = position([[12, 14, 14, 30], B, B, B], barriers="wall")
    assert legal(s, (4,)) == {"4a", "4b", "4c", "4d"}        # a passes its own wall on 14
    s = position([[12, 14, 14, 30], [rel(1, 10), -1, -1, -1], B, B], barriers="wall", to_move=1)
    s.set_dice((5,))
    assert s.legal_moves() == [] and s.current_player == 2


# -- Non t'arrabbiare (Editrice Giochi) ------------------------------------------------------------
nontarrabbiare = partial(position, preset="nontarrabbiare")


def test_nontarrabbiare_a_piece_leaves_b_on_a_5_and_must():
    s = nontarrabbiare([[-1, -1, 12, 20], B, B, B])
    assert legal(s, (5,)) == {"5a"}
    s = nontarrabbiare([[-1, -1, 12, 20], B, B, B])
    s.set_dice((6,))
    refused(s, "6a", match="only on a 5")
    assert legal(s) == {"6c", "6d"}


def test_nontarrabbiare_entering_comes_before_the_compulsory_capture():
    s = nontarrabbiare([[-1, 10, 20, 30], [rel(1, 15), -1, -1, -1], B, B])
    assert legal(s, (5,)) == {"5a"}
    s = nontarrabbiare([[0, 10, 20, 30], [rel(1, 14), -1, -1, -1], B, B])
    assert legal(s, (4,)) == {"4b"}                         # nobody waits on B: the capture is compulsory


def test_nontarrabbiare_bonus20_10_a_capture_earns_a_move_of_20_after_the_roll():
    s = nontarrabbiare([[0, 10, 37, 30], [rel(1, 14), -1, -1, -1], B, B], bonus20_10=True)
    assert legal(s, (4,)) == {"4b"}
    events = s.push("4b")
    assert kinds(events) == ["captured", "moved", "bonus"] and s.current_player == 0
    assert legal(s) == {"20a", "20b"}                       # c and d would go past goal field d
    assert round_trip(s)["turn"] == {"bonus": [20], "roll": [4]}
    refused(s, "4a", match="no die")
    s.push("20b")
    assert places(s, 0) == [0, 34, 37, 30] and s.is_chance and s.current_player == 1


def test_nontarrabbiare_bonus20_10_a_piece_into_the_goal_earns_10_and_bonuses_chain():
    s = nontarrabbiare([[0, 10, 37, 30], B, B, B], bonus20_10=True)
    s.set_dice((4,))
    assert kinds(s.push("4c"))[-1] == "bonus"
    assert legal(s) == {"10a", "10b", "10d"}
    assert kinds(s.push("10d"))[-1] == "bonus"              # d into goal field a: another 10
    assert legal(s) == {"10a", "10b"}
    s.push("10a")
    assert places(s, 0) == [10, 10, 41, 40] and s.current_player == 1        # a and b: a wall


def test_nontarrabbiare_bonus20_10_is_off_by_default():
    s = nontarrabbiare([[0, 10, 37, 30], B, B, B])
    s.set_dice((4,))
    assert "bonus" not in kinds(s.push("4c")) and s.current_player == 1


def test_nontarrabbiare_a_six_counts_seven_once_all_are_out():
    s = nontarrabbiare([[0, 10, 20, 30], B, B, B])
    assert legal(s, (6,)) == {"7a", "7b", "7c", "7d"}
    s.push("7b")
    assert places(s, 0) == [0, 17, 20, 30] and s.current_player == 0 and s.is_chance
    s = nontarrabbiare([[-1, 10, 20, 30], B, B, B])
    assert legal(s, (6,)) == {"6b", "6c", "6d"}


def test_nontarrabbiare_the_third_six_sends_the_piece_moved_last_back():
    s = nontarrabbiare([[-1, 10, 20, 30], B, B, B])
    s.set_dice((6,))
    s.push("6b")
    s.set_dice((6,))
    s.push("6c")
    assert round_trip(s)["turn"] == {"sixes": 2, "last_moved": "c"}
    events = s.set_dice((6,))
    assert "penalty" in kinds(events) and places(s, 0) == [-1, 16, -1, 30] and s.current_player == 1


def test_nontarrabbiare_the_third_six_spares_a_piece_in_the_goal():
    s = nontarrabbiare([[-1, 10, 37, 30], B, B, B])
    s.set_dice((6,))
    s.push("6b")
    s.set_dice((6,))
    s.push("6c")
    events = s.set_dice((6,))
    assert "penalty" not in kinds(events) and places(s, 0) == [-1, 16, 43, 30] and s.current_player == 1


# -- Chińczyk --------------------------------------------------------------------------------------
def chinczyk(pieces, **kw):
    return position(pieces, preset="chinczyk", **kw)


def test_chinczyk_all_start_on_b_and_no_move_is_forced():
    s = make_game("maedn", 2, "chinczyk").new_state(seed=3)
    assert [places(s, q) for q in range(2)] == [[-1] * 4] * 2
    assert legal(chinczyk([[0, -1, -1, 20], B]), (3,)) == {"3a", "3d"}


def test_chinczyk_a_six_brings_a_piece_out_or_is_kept():
    s = chinczyk([[-1, -1, 10, 20], B])
    assert legal(s, (6,)) == {"6a", "keep"}
    refused(s, "6c", match="added to the next roll")
    s.push("keep")
    assert s.is_chance and s.current_player == 0 and round_trip(s)["turn"] == {"kept": 6}
    assert legal(s, (5,)) == {"11c", "11d"}
    s.push("11c")
    assert places(s, 0) == [-1, -1, 21, 20] and s.current_player == 1


def test_chinczyk_sixes_add_up_until_another_roll_and_one_piece_moves_the_total():
    s = chinczyk([[0, 10, 20, 30], B])
    for _ in range(2):
        events = s.set_dice((6,))                   # nobody waits on B: the 6 is kept by itself
        assert "burned" not in kinds(events) and s.is_chance and s.current_player == 0
    assert legal(s, (2,)) == {"14a", "14b", "14c"}  # d on 30 would go past the goal


def test_chinczyk_a_total_no_piece_can_play_is_lost():
    s = chinczyk([[36, 42, 41, 40], B])
    s.set_dice((6,))
    events = s.set_dice((5,))
    assert "burned" in kinds(events) and s.current_player == 1


def test_chinczyk_entering_uses_that_six_and_keeps_the_sixes_kept_before():
    s = chinczyk([[-1, -1, 10, 20], B])
    s.set_dice((6,))
    s.push("keep")
    s.set_dice((6,))
    s.push("6a")
    assert places(s, 0) == [0, -1, 10, 20]
    assert legal(s, (1,)) == {"7a", "7c", "7d"}


# -- Fia med knuff -------------------------------------------------------------------------------------
def fia(pieces, **kw):
    return position(pieces, preset="fia", **kw)


def test_chinczyk_safe_starts_hold_any_pieces_and_nobody_is_captured_there():
    s = chinczyk([[20, 30, -1, -1], [rel(1, 16), rel(1, 27), -1, -1], B, B], safe_starts=True, to_move=1)
    assert legal(s, (4,)) == {"4a", "4b"}
    events = s.push("4a")                                   # onto seat 2's A field, where player 0's a stands
    assert "captured" not in kinds(events) and places(s, 0) == [20, 30, -1, -1]
    s = chinczyk([[20, 30, -1, -1], [rel(1, 20), rel(1, 27), -1, -1], B, B], safe_starts=True, to_move=1)
    assert round_trip(s)
    s.set_dice((3,))
    s.push("3b")                                            # own pieces share a start field too
    assert places(s, 1) == [rel(1, 20), rel(1, 30), -1, -1]
    s = chinczyk([[20, 30, -1, -1], [rel(1, 16), rel(1, 27), -1, -1], B, B], to_move=1)
    s.set_dice((4,))
    assert "captured" in kinds(s.push("4a"))                # off: the A fields are no safer than others


def test_fia_a_one_brings_one_piece_out_and_rolls_no_more():
    s = fia([B, B])
    assert legal(s, (1,)) == {"1a"}
    s.push("1a")
    assert places(s, 0) == [0, -1, -1, -1] and s.current_player == 1


def test_fia_a_six_brings_two_pieces_out_or_one_five_fields_on():
    s = fia([B, B])
    assert legal(s, (6,)) == {"6a", "6a+"}
    s.push("6a+")
    assert places(s, 0) == [0, 0, -1, -1] and s.current_player == 0 and s.is_chance
    s = fia([B, B])
    s.set_dice((6,))
    s.push("6a")
    assert places(s, 0) == [5, -1, -1, -1]
    assert legal(fia([[0, 0, 12, 30], B]), (3,)) == {"3a", "3b", "3c", "3d"}   # the pair on A moves apart


def test_fia_bringing_pieces_out_is_free():
    assert legal(fia([[-1, -1, 10, 20], B]), (6,)) == {"6a", "6a+", "6c", "6d"}


def test_fia_own_pieces_are_never_passed_nor_landed_on():
    s = fia([[10, 12, -1, -1], B])
    assert legal(s, (3,)) == {"3b"}
    refused(s, "3a", match="may not pass an own piece")
    assert legal(fia([[0, 3, -1, -1], B]), (6,)) == {"6b"}   # one piece onto field 5 would pass b


def test_fia_a_roll_past_the_goal_bounces_back_from_the_deepest_free_field():
    s = fia([[38, 20, -1, -1], B])
    s.set_dice((6,))
    s.push("6a")
    assert places(s, 0)[0] == 42                     # on to d, back one
    s = fia([[38, 43, -1, -1], B])
    s.set_dice((6,))
    s.push("6a")
    assert places(s, 0)[0] == 40                     # d is taken: on to c, back two
    s = fia([[38, 41, 20, -1], B])
    s.set_dice((6,))
    refused(s, "6a", match="may not pass an own piece")


def test_fia_a_piece_in_the_goal_does_not_bounce_out_of_it():
    s = fia([[41, 20, -1, -1], B])
    s.set_dice((6,))
    refused(s, "6a", match="goal fields end at d")


# -- Mens erger je niet ------------------------------------------------------------------------------
def menserger(pieces, **kw):
    return position(pieces, preset="menserger", **kw)


def test_menserger_all_start_on_b_and_the_first_roll_brings_a_piece_out_and_on():
    s = make_game("maedn", 2, "menserger").new_state(seed=3, first_player=0)
    assert [places(s, q) for q in range(2)] == [[-1] * 4] * 2
    assert round_trip(s)["turn"] == {"first_roll": [0, 1]}
    assert legal(s, (4,)) == {"4a"}
    s.push("4a")
    assert places(s, 0) == [4, -1, -1, -1] and s.current_player == 1
    assert legal(s, (2,)) == {"2a"}
    s.push("2a")
    assert legal(s, (4,)) == {"4a"}                         # player 0's first roll is made: a 4 brings none out
    s.push("4a")
    assert places(s, 0) == [8, -1, -1, -1]


def test_menserger_the_roll_after_a_six_that_brought_a_piece_out_moves_that_piece():
    s = menserger([[-1, -1, 5, 20], B])
    s.set_dice((6,))
    s.push("6a")
    assert round_trip(s)["turn"] == {"entered": "a"}
    assert legal(s, (3,)) == {"3a"}
    s = menserger([[-1, 10, 5, 20], B])
    s.set_dice((6,))
    s.push("6a")
    s.set_dice((5,))
    refused(s, "5b", match="just brought out")
    events = s.push("5a")                                  # even onto an own piece, which goes back to B
    assert "captured" in kinds(events) and places(s, 0) == [5, 10, -1, 20]


def test_menserger_landing_on_an_own_piece_captures_it():
    s = menserger([[10, 14, -1, -1], B])
    assert legal(s, (4,)) == {"4a", "4b"}
    s.push("4a")
    assert places(s, 0) == [14, -1, -1, -1]


def test_menserger_six_enters_or_moves_a_six_need_not_bring_a_piece_out():
    assert legal(menserger([[-1, -1, 5, 20], B]), (6,)) == {"6a"}
    s = menserger([[-1, -1, 5, 20], B], six_enters_or_moves=True)
    assert legal(s, (6,)) == {"6a", "6c", "6d"}
    s.push("6c")
    assert places(s, 0) == [-1, -1, 11, 20] and s.is_chance and s.current_player == 0     # and rolls again
    assert legal(menserger([[-1, -1, 0, 20], B], six_enters_or_moves=True), (6,)) == {"6c"}  # A is cleared first


def test_menserger_pieces_jump_in_the_goal():
    s = menserger([[38, 41, -1, -1], B])
    assert legal(s, (5,)) == {"5a"}


# -- positions, records and properties ------------------------------------------------------------
def test_bad_positions_are_refused_by_name():
    with pytest.raises(Exception, match="off the board"):
        position([[44, -1, -1, -1], B])
    with pytest.raises(Exception, match="2 pieces on lane place 41"):
        position([[41, 41, -1, -1], B])
    with pytest.raises(Exception, match="already won"):
        position([[40, 41, 42, 43], B])
    with pytest.raises(Exception, match="more than|on one square"):
        position([[10, 10, -1, -1], B])
    with pytest.raises(Exception, match="2 pieces on one square"):
        position([[10, -1, -1, -1], [rel(2, 10), -1, -1, -1]])


def test_bad_turns_of_the_claim_and_the_bonus_are_refused_by_name():
    def load(turn, **options):
        return load_position({"game": "maedn", "players": 2, "to_move": 1, "pieces": [[10, 20, -1, 30], B],
                              "options": options, "turn": turn}, make_game)
    with pytest.raises(Exception, match="only with bonus20_10=true"):
        load({"bonus": [20], "roll": [4]})
    with pytest.raises(Exception, match="no piece can play the bonus"):
        load({"bonus": [20], "roll": [4]}, bonus20_10=True)              # player 1 has every piece on B
    with pytest.raises(Exception, match="only with must_capture=claim"):
        load({"claim": {"offender": 0, "pieces": ["a"]}})
    with pytest.raises(Exception, match="piece c is not on the track"):
        load({"claim": {"offender": 0, "pieces": ["c"]}}, must_capture="claim")
    with pytest.raises(Exception, match="give the claim too"):
        load({"extra_rolls": 1}, must_capture="claim")
    assert load({"claim": {"offender": 0, "pieces": ["a"]}}, must_capture="claim").legal_moves()


def test_an_unknown_option_is_refused():
    with pytest.raises(Exception, match="must_capture"):
        make_game("maedn", 2, options={"must_capture": "sometimes"})


def conserved(state):
    """Every player keeps four pieces, each on B, the track or the goal; no two of one colour share a
    field (barriers off) and no two of different colours ever do, but on a safe start field (safe_starts)."""
    g = state.game
    seen = {}
    for q in range(g.colour_rows()):                        # the neutral colour's too
        ps = places(state, q)
        assert len(ps) == 4 and all(-1 <= p <= 43 for p in ps)
        goal = [p for p in ps if p >= 40]
        assert len(goal) == len(set(goal))
        for p in ps:
            if 0 <= p < 40:
                cell = (p + 10 * g.seat_of(q)) % 40
                if g.opts["safe_starts"] and cell % 10 == 0:
                    continue
                assert seen.get(cell, q) == q, (q, p, seen)
                if g.opts["barriers"] == "off" and p != 0:
                    assert cell not in seen
                seen[cell] = q


@given(seed=st.integers(0, 2 ** 31), players=st.integers(2, 4),
       preset=st.sampled_from(["schmidt", "schmidt-base", "nontarrabbiare", "menserger", "chinczyk", "fia"]), steps=st.integers(0, 600))
@SETTINGS
def test_random_play_conserves_pieces_and_positions_round_trip(seed, players, preset, steps):
    s = make_game("maedn", players, preset).new_state(seed=seed)
    random_play(s, random.Random(seed), steps, check=conserved)
    if not s.is_over:
        round_trip(s)


@given(seed=st.integers(0, 2 ** 31), players=st.integers(2, 4),
       options=st.fixed_dictionaries({"must_capture": st.sampled_from(["off", "penalty", "claim", "forced"]),
                                      "barriers": st.sampled_from(["off", "barrier", "wall"]),
                                      "enter_on": st.sampled_from([6, 5]), "six_counts_seven": st.booleans(),
                                      "third_six": st.sampled_from(["free", "penalty"]),
                                      "own_capture": st.booleans(), "first_roll_enters": st.booleans(),
                                      "entered_moves_on": st.booleans(), "forced_order": st.booleans(),
                                      "six_sum": st.booleans(), "pass_own": st.booleans(),
                                      "enter_on_one": st.booleans(), "six_enters_two": st.booleans(),
                                      "bounce": st.booleans(), "safe_starts": st.booleans(),
                                      "six_enters_or_moves": st.booleans(), "bonus20_10": st.booleans(),
                                      "backward_capture": st.booleans(), "goal_jump": st.booleans(),
                                      "start_on_a": st.booleans(), "three_tries": st.booleans()}))
@SETTINGS
def test_every_game_ends(seed, players, options):
    s = make_game("maedn", players, options=options).new_state(seed=seed)
    random_play(s, random.Random(seed), 20_000, check=conserved)
    assert s.is_over and len(s.finish_order) == players


@given(seed=st.integers(0, 2 ** 31), preset=st.sampled_from(["schmidt", "nontarrabbiare", "menserger", "chinczyk"]),
       claim=st.booleans())
@SETTINGS
def test_all_colours_games_end_with_a_player_s_two_colours_home(seed, preset, claim):
    options = {"all_colours": True, **({"must_capture": "claim"} if claim else {})}
    s = make_game("maedn", 4, preset, options=options).new_state(seed=seed)
    random_play(s, random.Random(seed), 20_000, check=conserved)
    assert s.is_over and sorted(map(sorted, s.result()["teams"])) == [[0, 2], [1, 3]]
    winner, partner = s.result()["teams"][0]
    assert all(p >= 40 for q in (winner, partner) for p in places(s, q))


@given(seed=st.integers(0, 2 ** 31), preset=st.sampled_from(["schmidt", "schmidt-base", "nontarrabbiare", "menserger",
                                                              "chinczyk", "fia"]),
       options=st.fixed_dictionaries({"must_capture": st.sampled_from(["off", "penalty", "claim", "forced"]),
                                      "third_six": st.sampled_from(["free", "penalty"]),
                                      "entered_moves_on": st.booleans(), "backward_capture": st.booleans(),
                                      "bonus20_10": st.booleans(), "three_tries": st.booleans(),
                                      "neutral_order": st.booleans()}),
       steps=st.integers(0, 600))
@SETTINGS
def test_neutral_games_conserve_pieces_round_trip_and_end_with_the_neutral_four_home(seed, preset, options, steps):
    s = make_game("maedn", 3, preset, options={"all_colours": True, **options}).new_state(seed=seed)
    rng = random.Random(seed)
    random_play(s, rng, steps, check=conserved)
    if not s.is_over:
        round_trip(s)
    random_play(s, rng, 30_000, check=conserved)
    assert s.is_over and len(s.finish_order) == 3
    assert all(p >= 40 for q in (s.finish_order[0], N) for p in places(s, q))


@given(seed=st.integers(0, 2 ** 31), preset=st.sampled_from(["schmidt", "schmidt-base", "nontarrabbiare", "menserger",
                                                              "chinczyk", "fia"]),
       options=st.fixed_dictionaries({"must_capture": st.sampled_from(["off", "penalty", "claim", "forced"]),
                                      "partner_plays": st.booleans(), "third_six": st.sampled_from(["free", "penalty"]),
                                      "backward_capture": st.booleans(), "bonus20_10": st.booleans(),
                                      "barriers": st.sampled_from(["off", "barrier", "wall"])}),
       steps=st.integers(0, 600))
@SETTINGS
def test_team_games_conserve_pieces_round_trip_and_end_with_a_team_s_eight_home(seed, preset, options, steps):
    s = make_game("maedn", 4, preset, options={"teams": "opposite", **options}).new_state(seed=seed)
    rng = random.Random(seed)
    random_play(s, rng, steps, check=conserved)
    if not s.is_over:
        round_trip(s)
    random_play(s, rng, 30_000, check=conserved)
    assert s.is_over and sorted(map(sorted, s.result()["teams"])) == [[0, 2], [1, 3]]
    assert all(p >= 40 for q in s.result()["teams"][0] for p in places(s, q))


@given(seed=st.integers(0, 2 ** 31), steps=st.integers(1, 300))
@SETTINGS
def test_an_illegal_neutral_move_is_refused_and_changes_nothing(seed, steps):
    s = make_game("maedn", 3, options={"all_colours": True, "backward_capture": True}).new_state(seed=seed)
    random_play(s, random.Random(seed), steps)
    if s.is_over or s.is_chance:
        return
    allowed = {m.text for m in s.legal_moves()}
    for text in [f"{d}{n}{p}{mark}" for d in range(1, 8) for n in ("", "n") for p in "abcd" for mark in ("", "<")]:
        if text not in allowed:
            refused(s, text)


@given(seed=st.integers(0, 2 ** 31), steps=st.integers(1, 300))
@SETTINGS
def test_an_illegal_move_is_refused_and_changes_nothing(seed, steps):
    s = make_game("maedn", 4, options={"must_capture": "claim", "bonus20_10": True}).new_state(seed=seed)
    random_play(s, random.Random(seed), steps)
    if s.is_over or s.is_chance:
        return
    allowed = {m.text for m in s.legal_moves()}
    for text in ([f"{d}{p}{mark}" for d in (*range(1, 8), 10, 20) for p in "abcd" for mark in ("", "<", "+")]
                 + ["keep", "nocall"] + [f"call-{p}" for p in "abcd"]):
        if text not in allowed:
            refused(s, text)


@given(seed=st.integers(0, 2 ** 31), players=st.integers(2, 4))
@SETTINGS
def test_replaying_a_record_gives_the_same_game(seed, players):
    from pachisi import record as records
    start = make_game("maedn", players, options={"barriers": "barrier"}).new_state(seed=seed)
    s = start.clone()
    random_play(s, random.Random(seed), 400)
    text = records.write(s, records.headers_for(s), start)
    (rec,) = records.parse(text)
    _, again = records.replay(rec)
    assert np.array_equal(again.arr, s.arr)


def test_barriers_conserve_pieces_too():
    for seed in range(20):
        s = make_game("maedn", 4, options={"barriers": "barrier"}).new_state(seed=seed)
        random_play(s, random.Random(seed), 3000)
        for q in range(4):
            assert len(places(s, q)) == 4


def test_chinczyk_no_overtaking_the_old_edition_passes_no_piece():
    """The PRL edition's «no jumping» (staregraty) is no_overtaking: no piece, of any colour, is passed on
    the track or in the goal; landing on one still captures it."""
    s = position([[10, 20, 41, -1], [rel(1, 13), -1, -1, -1], B, B], preset="chinczyk", no_overtaking=True)
    assert legal(s, (5,)) == {"5b"}
    refused(s, "5a", match="may not pass another piece")
    s = position([[10, 20, 41, -1], [rel(1, 13), -1, -1, -1], B, B], preset="chinczyk", no_overtaking=True)
    assert legal(s, (3,)) == {"3a", "3b"}
    s.push("3a")
    assert places(s, 1) == [-1, -1, -1, -1]
    s = position([[39, 20, 42, -1], B, B, B], preset="chinczyk", no_overtaking=True)
    assert legal(s, (4,)) == {"4b"}                       # a to goal field d would pass c
