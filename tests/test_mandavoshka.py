"""Мандавошка rule scenarios (seed 001, rules.md §4 and §12): a position, a
roll, the exact legal moves or the exact result; then invariants over random
games.

Positions are player-relative: -1 swamp, 0 own start (the tip), 1..47 the
circle, 48 own tip after the lap, 49..52 house; "15s" hides in the shelter on
15, "bur" / "bur-exit" the centre / own exit cell of the БУР, "held2" held in
player 2's swamp.  Player i sits at seat i in a 4-player game, so player q's
place r is player 0's place r + 12q."""
from functools import partial
import random

from hypothesis import HealthCheck, given, settings, strategies as st
import numpy as np
import pytest

import helpers
from helpers import OFF as S, kinds, legal, places, play, random_play, refused
from pachisi import GameError, IllegalMove, make_game
from pachisi.bots import make_bot
from pachisi.engine import kernel as K
from pachisi.engine.position import dump_position
from pachisi.games import mandavoshka as M

position = partial(helpers.position, "mandavoshka")


def mine(q, r):
    """Player q's own place for player 0's place r (4 players)."""
    return (r - 12 * q) % 48


# -- entering from the swamp ------------------------------------------------------
def test_a_six_brings_a_piece_to_the_start_and_the_other_die_moves_any_piece():
    s = position([S, S, S, S])
    assert legal(s, (6, 2)) == {"6a", "6b", "6c", "6d"}
    events = s.push("6c")
    assert ("entered", 0, 2, -1, 0) in [(e.kind, e.player, e.piece, e.a, e.b) for e in events]
    assert legal(s) == {"2c"}
    s.push("2c")
    assert places(s, 0) == [-1, -1, 2, -1] and s.is_chance and s.current_player == 1


def test_without_a_six_nothing_leaves_the_swamp():
    s = position([S, S, S, S])
    events = s.set_dice((5, 3))
    assert s.legal_moves() == [] and kinds(events).count("burned") == 2
    assert s.current_player == 1
    s = position([[-1, 10, -1, -1], S, S, S])
    s.set_dice((5, 3))
    with pytest.raises(IllegalMove, match="only on a six"):
        s.push("5a")


def test_with_6_2_the_two_may_clear_the_start_first():
    s = position([[0, -1, -1, -1], S, S, S], start_single_occupancy=True)
    assert legal(s, (6, 2)) == {"2a", "6a"}
    with pytest.raises(IllegalMove, match="own piece stands on your start"):
        s.push("6b")
    s.push("2a")
    assert legal(s) == {"6a", "6b", "6c", "6d"}


def test_own_pieces_stack_on_the_start_so_6_6_brings_out_two():
    s = position([S, S, S, S])
    legal(s, (6, 6))
    s.push("6a")
    assert legal(s) == {"6a", "6b", "6c", "6d"}
    s.push("6b")
    assert places(s, 0) == [0, 0, -1, -1]
    assert s.current_player == 0 and s.is_chance          # a double rolls again


def test_entering_captures_every_enemy_on_the_start():
    s = position([S, [mine(1, 0), mine(1, 0), -1, -1], S, S])
    s.set_dice((6, 1))
    events = s.push("6a")
    assert [(e.player, e.piece) for e in events if e.kind == "captured"] == [(1, 0), (1, 1)]
    assert places(s, 1) == [-1, -1, -1, -1]


def test_start_offset_one_enters_on_the_tip_row_corner():
    s = position([S, S, S, S], start_offset=1)
    s.set_dice((6, 3))
    s.push("6a")
    assert places(s, 0)[0] == 1
    s.push("3a")
    assert places(s, 0)[0] == 4


# -- moving, blocking, capturing --------------------------------------------------------
def test_enemy_pieces_cannot_be_passed_but_own_can():
    s = position([[10, 12, -1, -1], [mine(1, 16), -1, -1, -1], S, S])
    assert legal(s, (5, 1)) == {"5a", "5ah", "1a", "1b"}
    with pytest.raises(IllegalMove, match="enemy piece stands in the way"):
        s.push("5b")                                       # 12 + 5 would pass the enemy on 16
    s.push("5a")                                           # a passes its own b on 12
    assert places(s, 0)[:2] == [15, 12]


def test_landing_on_an_enemy_stack_captures_it_all_and_earns_no_roll():
    s = position([[10, -1, -1, -1], [mine(1, 13), mine(1, 13), 25, -1], S, S])
    s.set_dice((3, 5))
    events = s.push("3a")
    assert [e.kind for e in events].count("captured") == 2
    s.push("5a")
    assert places(s, 1) == [-1, -1, 25, -1]
    assert s.current_player == 1                           # no extra roll for a capture


def test_own_pieces_share_a_cell():
    s = position([[10, 12, -1, -1], S, S, S])
    s.set_dice((2, 4))
    s.push("2a")
    assert places(s, 0)[:2] == [12, 12]
    assert legal(s) == {"4a", "4b"}


def test_a_double_is_two_moves_and_rolls_again():
    s = position([[10, -1, -1, -1], S, S, S])
    legal(s, (3, 3))
    s.push("3a")
    events = s.push("3a")
    assert places(s, 0)[0] == 16 and "extra_roll" in kinds(events)
    assert s.is_chance and s.current_player == 0


def test_as_many_dice_as_possible_are_used():
    # 6a first (46 -> 52) leaves the 5 unplayable; 5a then 6b, or 6b then 5, use both dice
    s = position([[46, -1, 49, 50], S, S, S])
    assert legal(s, (6, 5)) == {"5a", "6b"}
    with pytest.raises(IllegalMove, match="as fully as possible"):
        s.push("6a")
    s.push("6b")
    assert legal(s) == {"5a", "5b"}


# -- jumps from the corners (масть) ------------------------------------------------------
def test_a_one_on_a_corner_steps_or_jumps_straight_on():
    s = position([[6, 50, 51, 52], S, S, S])
    assert legal(s, (1, 4)) == {"1a", "1a>", "4a"}
    s.push("1a>")
    assert places(s, 0)[0] == 18
    assert legal(s) == {"4a"}


def test_a_two_on_a_corner_jumps_diagonally():
    s = position([[18, 50, 51, 52], S, S, S])
    assert legal(s, (2, 5)) == {"2a", "2a/", "5a"}
    events = s.push("2a/")
    assert ("jumped", 18, 42) in [(e.kind, e.a, e.b) for e in events]


def test_jumps_never_run_into_a_second_lap():
    s = position([[42, 50, 51, 52], S, S, S])
    legal(s, (1, 2))
    assert {m.text for m in s.legal_moves()} == {"1a", "2a"}
    with pytest.raises(IllegalMove, match="second lap"):
        s.push("1a>")
    s = position([[30, 50, 51, 52], S, S, S])
    assert legal(s, (1, 2)) == {"1a", "1a>", "2a"}


def test_backward_jumps_only_with_the_option_and_the_srez():
    s = position([[18, 50, 51, 52], S, S, S])
    s.set_dice((1, 3))
    with pytest.raises(IllegalMove, match="forward only"):
        s.push("1a<")
    s = position([[6, 50, 51, 52], S, S, S], corner_jump_backward=True)
    assert legal(s, (1, 3)) == {"1a", "1a>", "1a<", "3a", "3ah"}
    s.push("1a<")
    assert places(s, 0)[0] == 42                           # the срез: from the first corner to the last


def test_a_corner_reached_with_one_die_jumps_with_the_other():
    s = position([[4, 50, 51, 52], S, S, S])
    legal(s, (2, 1))
    s.push("2a")
    assert legal(s) == {"1a", "1a>"}


def test_a_jump_captures_an_enemy_and_stacks_on_an_own_piece():
    s = position([[6, 18, 50, 51], [mine(1, 30), -1, -1, -1], S, S])
    legal(s, (2, 1))
    events = s.push("2a/")
    assert ("captured", 1, 0) in [(e.kind, e.player, e.piece) for e in events]
    s = position([[6, 18, 50, 51], S, S, S])
    legal(s, (1, 5))
    s.push("1a>")
    assert places(s, 0)[:2] == [18, 18]


def test_the_bur_centre_blocks_diagonal_jumps():
    s = position([[6, 50, 51, 52], ["bur", -1, -1, -1], S, S])
    assert legal(s, (2, 1)) == {"2a", "1a", "1a>"}
    with pytest.raises(IllegalMove, match="БУР stands where this jump would fly over"):
        s.push("2a/")


def test_a_bur_exit_cell_blocks_only_the_straight_jump_beside_it():
    # 6 -> 18 flies over seat 1's exit cell; seat 3's exit cell is elsewhere
    s = position([[6, 50, 51, 52], ["bur-exit", -1, -1, -1], S, S])
    assert legal(s, (1, 2)) == {"1a", "2a", "2a/"}
    s = position([[6, 50, 51, 52], S, S, ["bur-exit", -1, -1, -1]])
    assert legal(s, (1, 2)) == {"1a", "1a>", "2a", "2a/"}
    s = position([[18, 50, 51, 52], ["bur-exit", -1, -1, -1], S, S])   # 18 -> 30 is seat 2's side
    assert "1a>" in legal(s, (1, 2))


# -- the obligation to capture and the БУР -----------------------------------------------
def miss_position(**options):
    """Player 0: a on 10 could capture on 13 with the 3; the full play 3b 4b does not."""
    return position([[10, 20, -1, -1], [mine(1, 13), -1, -1, -1], S, S], **options)


def test_penalty_a_missed_capture_sends_the_piece_to_the_bur_at_once():
    s = miss_position()
    assert legal(s, (3, 4)) == {"3a", "3b", "4b"}
    s.push("3b")
    events = s.push("4b")
    assert ("penalty", 0, 0, 10, -1) in [(e.kind, e.player, e.piece, e.a, e.b) for e in events]
    assert places(s, 0) == [M.BUR_CENTRE, 27, -1, -1]
    assert s.is_chance and s.current_player == 1


def test_penalty_is_not_charged_when_a_capture_was_made():
    s = miss_position()
    s.set_dice((3, 4))
    events = play(s, "3a", "4b")
    assert "penalty" not in kinds(events) and "captured" in kinds(events)


def test_penalty_charges_the_most_advanced_piece_that_could_capture():
    s = position([[10, 20, 30, -1], [mine(1, 13), mine(1, 23), -1, -1], S, S])
    s.set_dice((3, 1))
    play(s, "3c", "1c")
    assert places(s, 0) == [10, M.BUR_CENTRE, 34, -1]


def test_no_penalty_while_the_bur_centre_is_occupied():
    s = position([[10, 20, -1, -1], [mine(1, 13), -1, -1, -1], ["bur", -1, -1, -1], S])
    s.set_dice((3, 4))
    events = play(s, "3b", "4b")
    assert "penalty" not in kinds(events) and places(s, 0)[0] == 10


def test_forced_only_plays_with_a_capture_are_legal():
    s = miss_position(capture_rule="forced")
    assert legal(s, (3, 4)) == {"3a", "4b"}
    s.push("4b")
    assert legal(s) == {"3a"}
    with pytest.raises(IllegalMove, match="the play must capture"):
        s.push("3b")


def dice_first_position(**options):
    """a on the corner 6: 1a takes the enemy on 7 but then the 5 is blocked by the enemy on 10;
    only the jump 1a> and then 5a use both dice."""
    return position([[6, 50, 51, 52], [mine(1, 7), mine(1, 10), -1, -1], S, S], **options)


def test_forced_still_uses_as_many_dice_as_possible_first():
    s = dice_first_position(capture_rule="forced")
    assert legal(s, (1, 5)) == {"1a>"}


def test_no_penalty_when_only_a_shorter_play_would_capture():
    s = dice_first_position()
    s.set_dice((1, 5))
    events = play(s, "1a>", "5a")
    assert "penalty" not in kinds(events) and places(s, 0)[0] == 23


def test_lenient_nobody_minds_a_missed_capture():
    s = miss_position(capture_rule="lenient")
    s.set_dice((3, 4))
    events = play(s, "3b", "4b")
    assert "penalty" not in kinds(events) and places(s, 0)[0] == 10


def test_claim_the_opponents_are_asked_in_turn_and_a_call_sends_the_piece():
    s = miss_position(capture_rule="claim")
    s.set_dice((3, 4))
    events = play(s, "3b", "4b")
    assert ("claim", 0, 1) in [(e.kind, e.player, e.a) for e in events]
    assert not s.is_chance and s.current_player == 1
    assert legal(s) == {"call-a", "nocall"}
    assert s.game.claim(s.arr) == (0, [0])
    s.push("nocall")
    assert s.current_player == 2 and legal(s) == {"call-a", "nocall"}
    events = s.push("call-a")
    assert ("penalty", 0, 0, 10, 2) in [(e.kind, e.player, e.piece, e.a, e.b) for e in events]
    assert places(s, 0)[0] == M.BUR_CENTRE
    assert s.is_chance and s.current_player == 1            # the offender's turn passes as usual


def test_claim_nobody_calls_and_the_miss_goes_unpunished():
    s = miss_position(capture_rule="claim")
    s.set_dice((3, 4))
    play(s, "3b", "4b", "nocall", "nocall", "nocall")
    assert places(s, 0)[0] == 10 and s.is_chance and s.current_player == 1


def test_claim_after_a_double_the_offender_rolls_again():
    s = position([[10, 20, -1, -1], [mine(1, 13), -1, -1, -1], S, S], capture_rule="claim")
    s.set_dice((3, 3))
    play(s, "3b", "3b")
    assert s.current_player == 1
    s.push("call-a")
    assert s.is_chance and s.current_player == 0


def test_claim_the_caller_chooses_among_the_pieces_that_could_capture():
    s = position([[10, 20, 30, -1], [mine(1, 13), mine(1, 23), -1, -1], S, S], capture_rule="claim")
    s.set_dice((3, 1))
    play(s, "3c", "1c")
    assert legal(s) == {"call-a", "call-b", "nocall"}
    s.push("call-a")
    assert places(s, 0) == [M.BUR_CENTRE, 20, 34, -1]


def test_claim_moves_are_refused_outside_the_window_and_die_moves_inside_it():
    s = miss_position(capture_rule="claim")
    s.set_dice((3, 4))
    with pytest.raises(IllegalMove, match="no missed capture"):
        s.push("call-a")
    play(s, "3b", "4b")
    with pytest.raises(IllegalMove):
        s.push("4b")
    with pytest.raises(IllegalMove, match="not one that could have captured"):
        s.push("call-c")


def test_a_missed_capture_by_entering_charges_a_swamp_piece():
    s = position([[-1, 20, 49, 50], [mine(1, 0), -1, -1, -1], S, S])
    s.set_dice((6, 1))
    play(s, "6b", "1b")
    assert places(s, 0)[0] == M.BUR_CENTRE


def test_the_bur_is_bought_out_with_two_sixes():
    s = position([["bur", 20, 51, 52], S, S, S])
    assert legal(s, (6, 3)) == {"6a", "6b", "3b"}
    s.push("6a")
    assert places(s, 0)[0] == M.BUR_EXIT
    s.push("3b")
    s = position([["bur-exit", 20, 51, 52], S, S, S])
    legal(s, (6, 6))
    s.push("6a")
    assert places(s, 0)[0] == -1
    s.push("6a")
    assert places(s, 0)[0] == 0                              # and a further six to enter


def test_a_bur_piece_moves_only_on_a_six():
    s = position([["bur", 20, 51, 52], S, S, S])
    s.set_dice((5, 3))
    with pytest.raises(IllegalMove, match="only on a six"):
        s.push("5a")


# -- shelters (туалет) ------------------------------------------------------------------
def test_a_piece_stopping_on_a_shelter_cell_may_hide_or_stay():
    s = position([[1, 50, 51, 52], S, S, S])
    assert legal(s, (2, 5)) == {"2a", "2ah", "5a"}
    events = s.push("2ah")
    assert "sheltered" in kinds(events) and s.game.pieces(s.arr, 0)[0] == (3, True)
    assert legal(s) == {"5a"}                                # it leaves with its next move, for free
    s.push("5a")
    assert s.game.pieces(s.arr, 0)[0] == (8, False)


def test_a_hidden_piece_cannot_be_captured_and_does_not_block():
    s = position([[10, 50, 51, 52], [f"{mine(1, 15)}s", -1, -1, -1], S, S])
    legal(s, (5, 6))
    events = s.push("5a")                                    # lands on 15 above the hidden enemy
    assert "captured" not in kinds(events)
    s = position([[12, 50, 51, 52], [f"{mine(1, 15)}s", -1, -1, -1], S, S])
    assert "6a" in legal(s, (6, 1))                          # passes over it


def test_a_hidden_piece_is_locked_while_an_opponent_stands_on_its_cell():
    s = position([["15s", 30, 51, 52], [mine(1, 15), -1, -1, -1], S, S])
    assert legal(s, (2, 3)) == {"2b", "3b", "3bh"}
    with pytest.raises(IllegalMove, match="locked"):
        s.push("2a")
    s = position([["15s", 15, 51, 52], S, S, S])             # an own piece on the cell does not lock
    assert "2a" in legal(s, (2, 3))


def test_a_full_shelter_takes_no_more_pieces():
    s = position([[1, 50, 51, 52], ["{}s".format(mine(1, 3)), -1, -1, -1], S, S])
    assert legal(s, (2, 5)) == {"2a", "5a"}
    s = position([[1, 50, 51, 52], ["{}s".format(mine(1, 3)), -1, -1, -1], S, S], shelter_capacity=2)
    assert legal(s, (2, 5)) == {"2a", "2ah", "5a"}


def test_a_1_1_flushes_every_hidden_piece_to_its_swamp():
    s = position([["15s", 30, 49, 50], [f"{mine(1, 3)}s", 7, -1, -1], S, S], to_move=2)
    events = s.set_dice((1, 1))
    assert sorted((e.player, e.piece) for e in events if e.kind == "flushed") == [(0, 0), (1, 0)]
    assert places(s, 0)[0] == -1 and places(s, 1)[0] == -1
    assert not s.game.pieces(s.arr, 0)[0][1]


def test_alternate_shelters():
    s = position([[1, 50, 51, 52], S, S, S], shelters="alternate")
    assert legal(s, (2, 5)) == {"2a", "2ah", "5a"}
    s = position([[2, 50, 51, 52], S, S, S], shelters="alternate")
    assert legal(s, (6, 1)) == {"6a", "6ah", "1a", "1ah"}    # 8 = the 4th from the edge on the lane out


# -- the house ----------------------------------------------------------------------------
def test_the_house_is_entered_by_exact_count():
    s = position([[47, 20, 51, 52], S, S, S])
    s.set_dice((6, 6))
    with pytest.raises(IllegalMove, match="exact count"):
        s.push("6a")
    s = position([[48, 50, 51, 52], S, S, S])
    assert legal(s, (2, 3)) == set()                         # the last piece waits for a one
    s = position([[48, 50, 51, 52], S, S, S])
    assert legal(s, (1, 3)) == {"1a"}


def test_house_cells_hold_one_piece_but_own_pieces_there_may_be_passed():
    s = position([[47, 50, -1, -1], S, S, S])
    s.set_dice((3, 4))
    with pytest.raises(IllegalMove, match="holds your own piece"):
        s.push("3a")
    s.push("4a")
    assert places(s, 0)[:2] == [51, 50]


def test_an_enemy_on_the_own_tip_blocks_the_way_into_the_house():
    s = position([[46, 50, 51, 52], [mine(1, 48), -1, -1, -1], S, S])
    assert legal(s, (6, 6)) == set()


def test_four_in_the_house_win():
    s = position([[48, 50, 51, 52], S, S, S])
    s.set_dice((1, 3))
    events = s.push("1a")
    assert "won" in kinds(events) and s.is_over and s.winner == 0


def test_playing_for_places_goes_on():
    s = position([[48, 50, 51, 52], S, S, S], play_for_places=True)
    s.set_dice((1, 3))
    s.push("1a")
    assert not s.is_over and s.winner == 0 and s.current_player == 1


# -- captured to the captor's swamp ------------------------------------------------------
def test_captor_swamp_a_captured_piece_is_held_and_bought_back_with_a_six():
    s = position([[10, -1, -1, -1], [mine(1, 13), -1, -1, -1], S, S], captured_to="captor")
    s.set_dice((3, 5))
    play(s, "3a", "5a")
    assert places(s, 1)[0] == M.HELD - 0
    assert s.game.pieces_to_json(s.arr)[1][0] == "held0"
    view = s.game.view(s.arr)
    assert view.off_board[0]["captives"] == 1
    assert legal(s, (6, 6)) == {"6a", "6b", "6c", "6d"}
    s.push("6a")
    assert places(s, 1)[0] == -1                             # home in its own swamp, not yet on the start
    s.push("6a")
    assert places(s, 1)[0] == 0


# -- notation, positions, view, seating ---------------------------------------------------------
def test_notation_round_trips_and_bad_text_is_explained():
    s = position([[6, 1, -1, 49], S, S, S], corner_jump_backward=True)
    s.set_dice((1, 2))
    for m in s.legal_moves():
        assert s.parse_move(m.text) == m
    with pytest.raises(IllegalMove, match="a move is written"):
        s.push("1 a")
    with pytest.raises(IllegalMove, match="no die"):
        s.push("5a")


def test_positions_round_trip_and_bad_positions_are_refused():
    pieces = [["15s", "bur", 50, -1], ["bur-exit", 3, 3, 52], S, S]
    s = position(pieces)
    assert dump_position(s)["pieces"] == [["15s", "bur", 50, -1], ["bur-exit", 3, 3, 52], S, S]
    with pytest.raises(GameError, match="no shelter"):
        position([["14s", -1, -1, -1], S, S, S])
    with pytest.raises(GameError, match="enemy piece stands on the same cell"):
        position([[13, -1, -1, -1], [1, -1, -1, -1], S, S])
    with pytest.raises(GameError, match="one piece"):
        position([["bur", -1, -1, -1], ["bur", -1, -1, -1], S, S])
    with pytest.raises(GameError, match="captured_to=captor"):
        position([["held1", -1, -1, -1], S, S, S])
    with pytest.raises(GameError, match="house cell"):
        position([[50, 50, -1, -1], S, S, S])


def test_the_view_shows_the_bur_shelters_corners_and_houses():
    s = position([["bur", "bur-exit", "15s", 49], S, S, S])
    g = s.game
    view = g.view(s.arr)
    b = g.board
    centre, *exits = b.centre_cross()
    assert view.squares[centre].kind == "bur" and view.squares[centre].pieces == [(0, 0, False)]
    assert [view.squares[rc].owner for rc in exits] == [0, 1, 2, 3]
    assert view.squares[exits[0]].pieces == [(0, 1, False)]
    assert view.squares[b.cell(0, 15)].kind == "shelter"
    assert view.squares[b.cell(0, 15)].pieces == [(0, 2, True)]
    assert view.squares[b.cell(0, 6)].kind == "corner"
    assert view.squares[b.cell(0, 0)].kind == "start" and view.squares[b.cell(1, 0)].owner == 1
    assert view.squares[b.cell(0, 49)].kind == "house" and view.squares[b.cell(0, 49)].pieces
    assert view.off_board == {0: {"swamp": 0}, 1: {"swamp": 4}, 2: {"swamp": 4}, 3: {"swamp": 4}}


def test_two_players_sit_opposite_and_three_in_a_row():
    g = make_game("mandavoshka", 2)
    assert g.seats == (0, 2)
    s = position([[10, -1, -1, -1], [(13 - 24) % 48, -1, -1, -1]])
    s.set_dice((3, 1))
    assert "captured" in kinds(s.push("3a"))
    assert make_game("mandavoshka", 3).seats == (0, 1, 2)


def test_presets_follow_the_seed_first():
    g = make_game("mandavoshka")
    assert g.preset == "seed" and g.opts["capture_rule"] == "penalty" and g.opts["captured_to"] == "own"
    assert make_game("mandavoshka", preset="captor-swamp").opts["captured_to"] == "captor"
    assert make_game("mandavoshka", preset="claim").opts["capture_rule"] == "claim"


# -- invariants over random games -------------------------------------------------------
OPTIONS = st.fixed_dictionaries({
    "capture_rule": st.sampled_from(["penalty", "claim", "forced", "lenient"]),
    "captured_to": st.sampled_from(["own", "captor"]), "start_offset": st.sampled_from([0, 1]),
    "start_single_occupancy": st.booleans(), "corner_jump_backward": st.booleans(),
    "shelters": st.sampled_from(["opposite", "alternate"]), "shelter_capacity": st.sampled_from([1, 2]),
    "play_for_places": st.booleans()})


def check_board(state):
    """Every piece is where the tables say; a cell's standing pieces are one
    player's; shelters within capacity; house cells single; the БУР centre single."""
    g, arr, tab = state.game, state.arr, state.game.tab
    cells = np.zeros(48, np.int64)
    huts = np.zeros(48, np.int64)
    exits = np.zeros(4, np.int64)
    bur = 0
    for q in range(g.players):
        house = set()
        for k, (p, hidden) in enumerate(g.pieces(arr, q)):
            pid = q * 4 + k
            if p > 48:
                assert p <= 52 and p not in house
                house.add(p)
            elif p >= 0:
                c = int(M.global_cell(tab, q, p))
                if hidden:
                    assert tab.is_shelter[c]
                    huts[c] |= 1 << pid
                else:
                    cells[c] |= 1 << pid
            elif p == M.BUR_CENTRE:
                assert bur == 0
                bur = pid + 1
            elif p == M.BUR_EXIT:
                exits[g.seats[q]] += 1
            elif p <= M.HELD:
                assert tab.captor and M.HELD - p != q
            else:
                assert p == M.SWAMP
    assert np.array_equal(cells, arr[M.CELL:M.CELL + 48]) and np.array_equal(huts, arr[M.HUT:M.HUT + 48])
    assert arr[M.BUR] == bur and np.array_equal(exits, arr[M.EXIT:M.EXIT + 4])
    for c in range(48):
        owners = {v // 4 for v in range(16) if cells[c] >> v & 1}
        assert len(owners) <= 1, "pieces of two players stand on one cell"
        assert bin(int(huts[c])).count("1") <= tab.capacity
    for q in range(g.players):
        stand = sum(1 << c for c in range(48) if cells[c] & (15 << 4 * q))
        assert arr[M.STAND + q] == stand


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=OPTIONS, players=st.integers(2, 4), seed=st.integers(0, 2 ** 40))
def test_random_games_keep_the_board_sound_and_refuse_illegal_moves(options, players, seed):
    state = make_game("mandavoshka", players, options=options).new_state(seed=seed)

    def probe(state, step, moves):
        texts = {m.text for m in moves}
        assert len(texts) == len(moves)
        for bad in ("6a", "1a>", "2b/", "3ch", "call-d", "nocall", "4d<") if step % 5 == 0 else ():
            if bad not in texts:
                assert str(refused(state, bad)).startswith(bad + ":")

    random_play(state, random.Random(seed), 700, check_board, probe)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("rule", ["penalty", "claim", "forced", "lenient"])
def test_compiled_games_end_with_a_winner(players, rule):
    g = make_game("mandavoshka", players, options={"capture_rule": rule})
    out = g.engine.run_many(g.new_state(0).arr, 7, 30, [0, 1, 0, 1], True, True, 20_000)
    assert (out[:, 3] >= 0).all() and set(out[:, 3]) <= set(range(players))


@pytest.mark.parametrize("bot, settings", [("random", {}), ("greedy", {"blunder": 1.0}), ("greedy", {}),
                                           ("expectimax", {}), ("mcts", {"iterations": 50})])
def test_claim_bots_always_call_a_missed_capture(bot, settings):
    s = miss_position(capture_rule="claim")
    s.set_dice((3, 4))
    play(s, "3b", "4b")
    assert legal(s) == {"call-a", "nocall"}
    assert {make_bot(bot, seed, **settings).choose(s).text for seed in range(20)} == {"call-a"}


@pytest.mark.parametrize("policy", [K.POLICY_RANDOM, K.POLICY_GREEDY])
def test_claim_compiled_policies_always_call_a_missed_capture(policy):
    s = miss_position(capture_rule="claim")
    s.set_dice((3, 4))
    play(s, "3b", "4b")
    g = s.game
    picks = {g.describe(s.arr, g.engine.choose(s.arr, policy, seed, 0)).text for seed in range(20)}
    assert picks == {"call-a"}


def _after(state, move):
    c = state.clone()
    c.push(move)
    return c.arr
