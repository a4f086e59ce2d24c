"""Шиш-беш rule scenarios: a position, a roll, the exact legal moves or result.

Positions are player-relative (rules.md §2): -1 park, 0 own start (tip),
1..47 circle, 48 own tip after the lap, 49..52 house; "9s" hides in the
shelter on 9.  Player i sits at seat i in a 4-player game."""
from functools import partial

import pytest

import helpers
from helpers import OFF as P, kinds, legal, places, refused
from pachisi import IllegalMove, make_game
from pachisi.games import shishbesh as SB

position = partial(helpers.position, "shishbesh")


# -- leaving the park -----------------------------------------------------------
def test_entry_needs_a_six_and_the_other_die_moves_any_piece():
    s = position([P, P, P, P])
    assert legal(s, (6, 2)) == {"6a", "6b", "6c", "6d"}
    s.push("6a")
    assert places(s, 0)[0] == 0
    assert legal(s) == {"2a"}
    s.push("2a")
    assert places(s, 0) == [2, -1, -1, -1]
    assert s.is_chance and s.current_player == 1


def test_no_six_no_entry_and_both_dice_burn():
    s = position([P, P, P, P])
    events = s.set_dice((5, 2))
    assert s.legal_moves() == []
    assert [(e.kind, e.a) for e in events if e.kind == "burned"] == [("burned", 5), ("burned", 2)]
    assert s.is_chance and s.current_player == 1


def test_double_six_enters_one_piece_then_moves_it_to_the_corner():
    s = position([P, P, P, P])
    assert legal(s, (6, 6)) == {"6a", "6b", "6c", "6d"}
    s.push("6b")
    assert legal(s) == {"6b"}          # the start holds an own piece: no second entry
    events = s.push("6b")
    assert places(s, 0) == [-1, 6, -1, -1]
    assert "extra_roll" in kinds(events) and s.current_player == 0


def test_own_piece_on_start_blocks_entry_until_it_moves():
    s = position([[0, -1, -1, -1], P, P, P])
    assert legal(s, (6, 1)) == {"6a", "1a"}
    with pytest.raises(IllegalMove, match="own piece stands on your start"):
        s.push("6b")
    s.push("1a")
    assert legal(s) == {"6a", "6b", "6c", "6d"}


def test_entering_captures_an_enemy_on_the_start():
    s = position([P, [36, -1, -1, -1], P, P])      # seat 1's 36 is seat 0's start
    s.set_dice((6, 2))
    events = s.push("6a")
    assert ("captured", 1, 0) in [(e.kind, e.player, e.piece) for e in events]
    assert places(s, 1)[0] == -1


# -- moving, capturing, extra rolls ---------------------------------------------
def test_landing_on_an_enemy_captures_it_and_earns_a_roll():
    s = position([[10, -1, -1, -1], P, [37, -1, -1, -1], P])   # seat 2's 37 is global 13
    s.set_dice((3, 5))
    events = s.push("3a")
    assert [(e.kind, e.player) for e in events if e.kind == "captured"] == [("captured", 2)]
    assert places(s, 2)[0] == -1
    events = s.push("5a")
    assert "extra_roll" in kinds(events)
    assert s.is_chance and s.current_player == 0


def test_pieces_pass_over_any_piece():
    s = position([[10, -1, -1, -1], P, [36, -1, -1, -1], P])   # enemy on global 12
    assert "4a" in legal(s, (4, 1))


def test_two_own_pieces_never_share_a_cell():
    s = position([[10, 13, -1, -1], P, P, P])
    assert legal(s, (3, 4)) == {"4a", "3b", "4b"}
    with pytest.raises(IllegalMove, match="own pieces cannot stand on one cell"):
        s.push("3a")
    s.push("4b")
    assert legal(s) == {"3a", "3b"}


def test_a_double_earns_a_roll_and_is_played_as_two_moves():
    s = position([[10, -1, -1, -1], P, P, P])
    assert legal(s, (3, 3)) == {"3a"}
    s.push("3a")
    events = s.push("3a")
    assert places(s, 0)[0] == 16
    assert "extra_roll" in kinds(events) and s.current_player == 0 and s.is_chance


def test_extra_rolls_are_not_cumulative_by_default():
    s = position([[10, -1, -1, -1], P, [38, -1, -1, -1], P])   # enemy on global 14
    s.set_dice((4, 4))                      # 10 -> 14 captures, and a double: one extra roll
    assert "captured" in kinds(s.push("4a"))
    s.push("4a")
    s.set_dice((1, 2))
    s.push("1a")
    s.push("2a")
    assert s.current_player == 1


def test_extra_rolls_cumulative_option_gives_two():
    s = position([[10, -1, -1, -1], P, [38, -1, -1, -1], P], extra_rolls_cumulative=True)
    s.set_dice((4, 4))
    assert "captured" in kinds(s.push("4a"))
    s.push("4a")
    s.set_dice((1, 2))
    s.push("1a")
    s.push("2a")
    assert s.current_player == 0 and s.is_chance
    s.set_dice((1, 2))
    s.push("1a")
    s.push("2a")
    assert s.current_player == 1


# -- use as many dice as possible ----------------------------------------------------
def test_must_use_both_dice_when_some_order_can():
    # 6a ends the house and 2a stops on the own start: either leaves a die unplayable,
    # while entering with the 6 first lets the 2 move too.
    s = position([[46, -1, -1, -1], P, P, P])
    assert legal(s, (6, 2)) == {"6b", "6c", "6d"}
    for text in ("6a", "2a"):
        with pytest.raises(IllegalMove, match="as fully as possible"):
            s.push(text)


def test_when_only_one_die_can_be_played_the_player_chooses_which():
    s = position([[47, -1, -1, -1], P, P, P])
    assert legal(s, (5, 4)) == {"5a", "4a"}
    events = s.push("5a")
    assert [(e.kind, e.a) for e in events if e.kind == "burned"] == [("burned", 4)]


# -- corners: jumps and the срез ----------------------------------------------------------
def test_a_one_on_a_corner_steps_or_jumps_forward_or_back():
    s = position([[6, -1, -1, -1], P, P, P])
    assert legal(s, (1, 2)) == {"1a", "1a>", "1a<", "2a"}
    targets = {m.text: m.to for m in s.legal_moves()}
    assert targets["1a"] == 7 and targets["1a>"] == 18 and targets["1a<"] == 42


def test_the_srez_jumps_back_to_the_house_door_and_the_other_die_goes_on():
    s = position([[6, -1, -1, -1], P, P, P])
    s.set_dice((1, 2))
    events = s.push("1a<")
    assert [(e.kind, e.a, e.b) for e in events if e.kind == "jumped"] == [("jumped", 6, 42)]
    s.push("2a")
    assert places(s, 0)[0] == 44


def test_a_three_on_a_corner_jumps_diagonally():
    s = position([[18, -1, -1, -1], P, P, P])
    assert legal(s, (3, 5)) == {"3a", "3a/", "5a"}
    assert {m.text: m.to for m in s.legal_moves()}["3a/"] == 42


def test_jumps_from_the_home_corner_land_on_relative_corner_indices():
    s = position([[42, -1, -1, -1], P, P, P])
    s.set_dice((1, 3))
    targets = {m.text: m.to for m in s.legal_moves()}
    assert targets["1a>"] == 6 and targets["1a<"] == 30 and targets["3a/"] == 18


def test_a_piece_reaching_a_corner_with_one_die_jumps_with_the_other():
    s = position([[5, -1, -1, -1], P, P, P])
    s.set_dice((1, 3))
    s.push("1a")
    assert legal(s) == {"3a", "3a/"}


def test_a_jump_onto_an_enemy_captures_it():
    s = position([[6, -1, -1, -1], [6, -1, -1, -1], P, P])     # seat 1's 6 is global 18
    s.set_dice((1, 4))
    events = s.push("1a>")
    assert ("captured", 1) in [(e.kind, e.player) for e in events]


def test_a_jump_onto_an_own_piece_is_illegal():
    s = position([[6, 18, -1, -1], P, P, P])
    assert "1a>" not in legal(s, (1, 4))
    with pytest.raises(IllegalMove, match="own pieces"):
        s.push("1a>")


def test_only_a_corner_allows_a_jump():
    s = position([[7, -1, -1, -1], P, P, P])
    s.set_dice((1, 3))
    with pytest.raises(IllegalMove, match="only from a corner"):
        s.push("1a>")


# -- shelters -------------------------------------------------------------------------
def test_stopping_on_a_free_shelter_hides_the_piece():
    s = position([[0, -1, -1, -1], P, P, P])
    s.set_dice((3, 1))
    events = s.push("3a")
    assert "sheltered" in kinds(events)
    assert s.game.pieces(s.arr, 0)[0] == (3, True)


def test_a_hidden_piece_cannot_be_captured_and_the_arrival_stands_on_the_cell():
    s = position([["3s", -1, -1, -1], P, P, [10, -1, -1, -1]], to_move=3)   # seat 3's 10 is global 46
    s.set_dice((5, 2))
    events = s.push("5a")                  # 46 + 5 = global 3
    assert "captured" not in kinds(events)
    assert s.game.pieces(s.arr, 0)[0] == (3, True)
    assert s.game.pieces(s.arr, 3)[0] == (15, False)


def test_a_hidden_piece_is_locked_while_a_piece_stands_on_its_cell():
    s = position([["3s", 20, -1, -1], P, P, [15, -1, -1, -1]])
    assert legal(s, (2, 4)) == {"2b", "4b"}
    with pytest.raises(IllegalMove, match="locked"):
        s.push("2a")
    free = position([["3s", 20, -1, -1], P, P, P])
    assert legal(free, (2, 4)) == {"2a", "4a", "2b", "4b"}


def test_a_piece_standing_on_an_occupied_shelter_cell_is_capturable():
    # seat 1's hidden 45 is global 9; red stops on 9 and stands there; seat 2 then captures red
    s = position([[5, -1, -1, -1], ["45s", -1, -1, -1], [31, -1, -1, -1], P])
    s.set_dice((4, 1))
    s.push("4a")
    assert s.game.pieces(s.arr, 0)[0] == (9, False)
    s2 = position([[9, -1, -1, -1], ["45s", -1, -1, -1], [31, -1, -1, -1], P], to_move=2)
    s2.set_dice((2, 1))                    # seat 2's 31 + 2 = 33 = global 9
    events = s2.push("2a")
    assert ("captured", 0) in [(e.kind, e.player) for e in events]


def test_own_piece_may_stand_above_its_hidden_piece_only_with_the_option():
    on = position([["9s", 5, -1, -1], P, P, P])
    assert "4b" in legal(on, (4, 1))
    off = position([["9s", 5, -1, -1], P, P, P], shelter_own_stack=False)
    assert "4b" not in legal(off, (4, 1))
    with pytest.raises(IllegalMove, match="shelter_own_stack"):
        off.push("4b")


def test_alternate_shelters_are_staggered():
    opposite = position([[5, -1, -1, -1], P, P, P])
    opposite.set_dice((3, 4))
    opposite.push("3a")                    # 8 is no shelter on the opposite layout
    assert opposite.game.pieces(opposite.arr, 0)[0] == (8, False)
    alternate = position([[5, -1, -1, -1], P, P, P], shelters="alternate")
    alternate.set_dice((3, 4))
    alternate.push("3a")
    assert alternate.game.pieces(alternate.arr, 0)[0] == (8, True)


# -- the house and the win -----------------------------------------------------------
def test_the_house_is_entered_by_exact_count():
    s = position([[47, -1, -1, -1], P, P, P])
    assert legal(s, (6, 5)) == {"5a", "6b", "6c", "6d"}
    s2 = position([[47, -1, -1, -1], P, P, P])
    s2.set_dice((6, 5))
    with pytest.raises(IllegalMove, match="exact count"):
        s2.push("6a")


def test_no_passing_own_pieces_in_the_house():
    s = position([[50, 47, 20, -1], P, P, P])
    assert legal(s, (4, 3)) == {"4c", "3c"}
    with pytest.raises(IllegalMove, match="cannot pass your own pieces"):
        s.push("4b")
    with pytest.raises(IllegalMove, match="own pieces cannot stand"):
        s.push("3b")


def test_pieces_move_deeper_inside_the_house():
    s = position([[49, 40, -1, -1], P, P, P])
    assert legal(s, (2, 1)) == {"2a", "1a", "2b", "1b"}


def test_four_pieces_in_the_house_win():
    s = position([[52, 51, 50, 47], P, P, P])
    s.set_dice((2, 1))
    events = s.push("2d")
    assert s.is_over and s.winner == 0
    assert ("won", 0) in [(e.kind, e.player) for e in events]
    with pytest.raises(IllegalMove, match="over"):
        s.push("1a")


def test_playing_for_places_continues_after_the_winner():
    s = position([[52, 51, 50, 47], P, P, P], play_for_places=True)
    s.set_dice((2, 1))
    s.push("2d")
    assert not s.is_over and s.winner == 0 and s.finish_order == [0]
    assert s.current_player == 1 and s.is_chance


# -- start variants and quick charge -------------------------------------------------
def test_start_on_double_enters_with_any_die_of_a_double_only():
    s = position([P, P, P, P], start="double")
    assert legal(s, (6, 2)) == set()
    s = position([P, P, P, P], start="double")
    assert legal(s, (3, 3)) == {"3a", "3b", "3c", "3d"}
    s.push("3c")
    assert legal(s) == {"3c"}


def test_six_or_double_enters_on_either():
    assert legal(position([P, P, P, P], start="both"), (6, 2)) == {"6a", "6b", "6c", "6d"}
    assert legal(position([P, P, P, P], start="both"), (2, 2)) == {"2a", "2b", "2c", "2d"}
    assert legal(position([P, P, P, P], start="both"), (4, 2)) == set()


def test_quick_charge_gives_three_rolls_while_no_piece_is_on_the_circle():
    s = position([[-1, -1, -1, 52], P, P, P], quick_charge=True)
    events = s.set_dice((5, 2))
    assert "reroll" in kinds(events) and s.current_player == 0
    s.set_dice((4, 1))
    assert s.current_player == 0
    events = s.set_dice((3, 2))
    assert "reroll" not in kinds(events) and s.current_player == 1


def test_quick_charge_third_roll_may_bring_a_piece_out():
    s = position([P, P, P, P], quick_charge=True)
    s.set_dice((5, 2))
    s.set_dice((4, 1))
    assert legal(s, (6, 3)) == {"6a", "6b", "6c", "6d"}


def test_without_quick_charge_the_turn_passes_at_once():
    s = position([P, P, P, P])
    s.set_dice((5, 2))
    assert s.current_player == 1


# -- the long field ----------------------------------------------------------------
def test_long_field_six_from_the_start_does_not_reach_the_corner():
    s = position([P, P, P, P], arm=6)
    s.set_dice((6, 6))
    s.push("6a")
    assert legal(s) == {"6a"}
    s.push("6a")
    assert places(s, 0)[0] == 6
    s.set_dice((1, 2))
    assert "1a>" not in {m.text for m in s.legal_moves()}


def test_long_field_corners_jumps_and_house():
    s = position([[7, 55, -1, -1], P, P, P], arm=6)
    s.set_dice((1, 6))
    targets = {m.text: m.to for m in s.legal_moves()}
    assert targets["1a>"] == 21 and targets["1a<"] == 49 and targets["6b"] == 61
    s2 = position([[56, -1, -1, -1], P, P, P], arm=6)     # 56 is the own start again
    assert legal(s2, (6, 5)) == {"5a"}
    s2.push("5a")
    assert places(s2, 0)[0] == 61 and legal(s2) == {"6b", "6c", "6d"}


def test_long_field_shelters_are_third_from_each_edge():
    s = position([[0, -1, -1, -1], P, P, P], arm=6)
    s.set_dice((3, 1))
    s.push("3a")
    assert s.game.pieces(s.arr, 0)[0] == (3, True)
    s2 = position([[8, -1, -1, -1], P, P, P], arm=6)
    s2.set_dice((3, 1))
    s2.push("3a")
    assert s2.game.pieces(s2.arr, 0)[0] == (11, True)


# -- seating ----------------------------------------------------------------------------
def test_two_players_sit_opposite():
    g = make_game("shishbesh", 2)
    assert g.seats == (0, 2)
    s = position([[24, -1, -1, -1], P], to_move=1)     # red on 24 is yellow's start
    s.set_dice((6, 1))
    events = s.push("6a")
    assert ("captured", 0) in [(e.kind, e.player) for e in events]


def test_three_players_take_three_arms():
    assert make_game("shishbesh", 3).seats == (0, 1, 2)
    s = position([P, P, P], to_move=2)
    s.set_dice((5, 2))
    assert s.current_player == 0


def test_the_first_player_is_decided_by_a_seeded_rolloff():
    g = make_game("shishbesh", 4)
    firsts = {g.new_state(seed=i).current_player for i in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert g.new_state(seed=5).current_player == g.new_state(seed=5).current_player
    assert make_game("shishbesh", 4, options={"first_player": "first"}).new_state(seed=5).current_player == 0


# -- refusals ------------------------------------------------------------------------------
def test_an_illegal_move_is_refused_with_its_reason_and_changes_nothing():
    s = position([[10, -1, -1, -1], P, P, P])
    s.set_dice((3, 4))
    for text, reason in [("6a", "no die"), ("3b", "only on a six"), ("1a>", "no die"), ("zz", "written")]:
        refused(s, text, reason)


def test_dice_out_of_range_are_refused():
    s = position([P, P, P, P])
    with pytest.raises(IllegalMove, match="1 to 6"):
        s.set_dice((7, 1))
    with pytest.raises(IllegalMove, match="2 dice"):
        s.set_dice((6,))


def test_an_action_of_no_kind_of_the_game_is_refused_as_such():
    """The compiled check is total: kinds beyond the four of the game read no table."""
    s = position([[10, -1, -1, -1], P, P, P])
    s.set_dice((3, 4))
    g = s.game
    assert [int(g.engine.check(s.arr, 0, 0, kind)) for kind in range(4, 8)] == [SB.R_NO_KIND] * 4
