"""Parcheesi rule scenarios (rules.md §8, §12) and Parcheesi-specific properties.

Positions are player-relative: -1 nest, 0 own entry space .. 63 own turn-off,
64..70 home row, 71 Home, 72..75 ring spaces past the turn-off (after passing
the home row).  In a 4-player game player i sits at seat i (green entry 5,
red 22, blue 39, yellow 56); `rel(seat, k)` is the place of a seat's pawn on
space k."""
from functools import partial
import random

from hypothesis import given, settings, strategies as st
import pytest

import helpers
from helpers import (OFF as N, kinds, legal, places, random_play, refused, ring68_place as rel, ring_masks,
                     round_trip, track_places)
from pachisi import make_game
from pachisi.engine.position import load_position

SETTINGS = settings(max_examples=12, deadline=None)
position = partial(helpers.position, "parcheesi")


# -- entering -----------------------------------------------------------------------------------
def test_a_five_enters_a_pawn_before_anything_else():
    s = position([[-1, -1, -1, -1], N, N, N])
    assert legal(s, (5, 3)) == {"5a"}
    s.push("5a")
    assert legal(s) == {"3a"}


def test_the_five_may_wait_for_the_other_die_but_must_enter():
    s = position([[-1, 10, -1, -1], N, N, N])
    assert legal(s, (5, 6)) == {"5a", "6b"}
    s.push("6b")
    assert legal(s) == {"5a"}
    assert "a 5 must enter a pawn" in s.explain("5b")


def test_a_sum_of_five_enters_with_both_dice():
    s = position([[-1, 10, -1, -1], N, N, N])
    assert legal(s, (2, 3)) == {"2+3a"}
    s.push("2+3a")
    assert places(s, 0) == [0, 10, -1, -1] and s.current_player == 1


def test_without_the_entry_obligation_the_sum_is_a_choice():
    s = position([[-1, 10, -1, -1], N, N, N], must_enter_on_five=False)
    assert legal(s, (3, 2)) == {"2+3a", "2b", "3b"}


def test_double_five_enters_two_pawns_and_gives_no_bottoms_while_pawns_wait():
    s = position([[-1, -1, -1, 20], N, N, N])
    s.set_dice((5, 5))
    assert s.dice == (5, 5)
    s.push("5a")
    assert legal(s) == {"5b"}
    s.push("5b")
    assert places(s, 0) == [0, 0, -1, 20] and s.current_player == 0 and s.is_chance


def test_an_opponent_blockade_on_the_entry_space_keeps_pawns_in_the_nest():
    s = position([[-1, 10, -1, -1], [rel(1, 5), rel(1, 5), -1, -1], N, N])
    assert legal(s, (5, 1)) == {"1b", "5b"}
    s = position([[-1, 10, -1, -1], [rel(1, 5), rel(1, 5), -1, -1], N, N])
    s.set_dice((5, 1))
    assert "blockade stands there" in s.explain("5a")


def test_entering_captures_a_lone_opponent_on_the_entry_space():
    s = position([[-1, 30, -1, -1], [rel(1, 5), -1, -1, -1], N, N])
    s.set_dice((5, 2))
    events = s.push("5a")
    assert [e.player for e in events if e.kind == "captured"] == [1]
    assert s.dice == (2,)                         # the bonus waits until the dice are played
    s.push("2b")
    assert s.dice == (20,) and legal(s) == {"20a", "20b"}


# -- using the dice ---------------------------------------------------------------------------------
def test_when_only_one_die_can_be_used_it_must_be_the_larger():
    s = position([[64, 71, 71, 71], N, N, N])
    assert legal(s, (3, 5)) == {"5a"}
    s.push("5a")
    assert places(s, 0)[0] == 69 and s.current_player == 1


def test_all_dice_must_be_used_when_possible():
    s = position([[68, 30, 71, 71], N, N, N])
    assert legal(s, (4, 5)) == {"4b", "5b"}       # a (3 from Home) can use neither: b takes both


def test_a_sum_move_is_stopped_halfway_by_a_blockade():
    s = position([[10, 71, 71, 71], N, N, [rel(3, 19), rel(3, 19), -1, -1]])
    # space 19 is place 14: a 3 reaches 13, the 4 would pass the blockade; a 4 would land on it
    assert legal(s, (3, 4)) == {"3a"}
    events = s.push("3a")
    assert [e.a for e in events if e.kind == "burned"] == [4]
    assert places(s, 0)[0] == 13


def test_a_sum_move_captures_on_the_way():
    s = position([[10, 71, 71, 71], N, N, [rel(3, 18), -1, -1, -1]])
    s.set_dice((3, 2))
    events = s.push("3a")                           # stops on space 18 on the way to 20
    assert "captured" in kinds(events)
    s.push("2a")
    assert places(s, 0)[0] == 15 and s.dice == (20,)


def test_nobody_passes_a_blockade_its_owner_included():
    s = position([[10, 12, 12, 71], N, N, N])
    assert legal(s, (6, 1)) == {"1a", "1b", "1c", "6b", "6c"}


def test_a_pawn_may_not_land_on_an_opponent_on_a_safe_space():
    s = position([[4, 71, 71, 71], [rel(1, 12), -1, -1, -1], N, N])
    s.set_dice((3, 1))
    assert "safe square" in s.explain("3a")
    assert legal(s) == {"1a"}


# -- doubles ---------------------------------------------------------------------------------------
def test_doubles_once_all_pawns_are_out_give_the_bottoms_too():
    s = position([[10, 20, 30, 71], N, N, N])
    s.set_dice((2, 2))
    assert s.dice == (2, 2, 5, 5)
    for text in ("2a", "2a", "5b", "5c"):
        s.push(text)
    assert places(s, 0) == [14, 25, 35, 71] and s.current_player == 0 and s.is_chance


def test_doubles_with_a_pawn_in_the_nest_give_the_tops_only():
    s = position([[10, 20, 30, -1], N, N, N])
    s.set_dice((2, 2))
    assert s.dice == (2, 2)


def test_doubles_that_cannot_all_be_used_use_as_many_then_the_most_pips():
    s = position([[64, 71, 71, 71], N, N, N])
    s.set_dice((1, 1))                            # 1, 1, 6, 6 for a pawn 7 from Home
    assert legal(s) == {"1a", "6a"}
    s.push("6a")
    assert legal(s) == {"1a"}
    s.push("1a")
    assert places(s, 0)[0] == 71


def test_a_blockade_may_not_move_on_together_with_a_double():
    s = position([[10, 10, -1, -1], N, N, N])
    assert legal(s, (3, 3)) == {"3a", "3b"}
    s.push("3a")
    assert legal(s) == {"3a"}                     # b joining a on 13 would move the blockade
    s.push("3a")
    assert places(s, 0)[:2] == [16, 10]


def test_the_third_double_sends_the_pawn_farthest_along_back_hasbro():
    s = position([[10, 66, 30, -1], N, N, N], preset="hasbro")
    for dice in ((1, 1), (2, 2)):
        s.set_dice(dice)
        while not s.is_chance:
            s.push(sorted(m.text for m in s.legal_moves())[0])
    assert s.current_player == 0
    before = places(s, 0)
    events = s.set_dice((3, 3))
    assert [e.kind for e in events if e.kind == "penalty"] == ["penalty"]
    far = max((p for p in before if p not in (-1, 71)))
    after = places(s, 0)
    assert after.count(-1) == before.count(-1) + 1 and far not in after
    assert s.current_player == 1


def test_the_seed_preset_has_no_three_doubles_penalty():
    s = position([[10, 20, 30, -1], N, N, N])
    for dice in ((1, 1), (2, 2), (3, 3)):
        s.set_dice(dice)
        while not s.is_chance:
            s.push(sorted(m.text for m in s.legal_moves())[0])
    assert s.current_player == 0 and places(s, 0)[3] == -1 and sum(places(s, 0)[:3]) == 60 + 12


# -- the home row -----------------------------------------------------------------------------------
def test_a_pawn_may_pass_its_home_row_and_go_round_again():
    s = position([[60, 71, 71, 71], N, N, N])
    assert legal(s, (5, 1)) == {"5a", "5a>", "1a"}
    s.push("5a>")
    assert places(s, 0)[0] == 73                    # ring space 65 of its own numbering
    s.push("1a")
    assert places(s, 0)[0] == 74


def test_a_pawn_past_its_turn_off_comes_round_to_its_entry_space():
    s = position([[74, 71, 71, 71], N, N, N])
    s.set_dice((3, 4))
    s.push("3a")
    assert places(s, 0)[0] == 1


def test_hasbro_rules_forbid_passing_the_home_row():
    s = position([[60, 71, 71, 71], N, N, N], preset="hasbro")
    assert legal(s, (5, 1)) == {"5a", "1a"}
    assert "may not pass its home row" in s.explain("5a>")


def test_home_needs_the_exact_count_and_earns_ten():
    s = position([[66, 30, 71, 71], N, N, N])
    s.set_dice((5, 1))
    events = s.push("5a")
    assert places(s, 0)[0] == 71 and "finished" in kinds(events)
    s.push("1b")
    assert s.dice == (10,) and legal(s) == {"10b"}


# -- bonuses ----------------------------------------------------------------------------------------
def test_a_bonus_that_cannot_be_used_is_lost():
    s = position([[55, 71, 71, 71], [rel(1, 62), -1, -1, -1], N, N], may_pass_home_row=False)
    s.set_dice((2, 1))
    s.push("2a")                                   # captures on space 62
    events = s.push("1a")                           # 20 from 58 overshoots Home
    assert [e.a for e in events if e.kind == "burned"] == [20]
    assert s.current_player == 1
    s = position([[55, 71, 71, 71], [rel(1, 62), -1, -1, -1], N, N])
    s.set_dice((2, 1))
    s.push("2a")
    s.push("1a")
    assert legal(s) == {"20a>"}                    # where passing the home row is allowed, it goes round


def test_bonuses_are_played_after_the_dice_and_chain():
    s = position([[8, 40, 71, 71], N, N, [rel(3, 18), rel(3, 38), -1, -1]])
    s.set_dice((5, 1))
    s.push("5a")                                   # 8 -> 13 captures on space 18
    assert s.dice == (1,)
    s.push("1b")
    assert s.dice == (20,) and legal(s) == {"20a", "20b"}
    events = s.push("20a")                          # 13 -> 33 captures on space 38: another 20
    assert [e.a for e in events if e.kind == "bonus"] == [20] and s.dice == (20,)


def test_two_bonuses_are_both_played_when_they_can_be():
    s = position([[8, 65, 71, 71], N, N, [rel(3, 18), -1, -1, -1]])
    s.set_dice((5, 6))
    s.push("5a")                                   # captures: +20
    s.push("6b")                                   # 65 + 6 = Home: +10
    assert s.dice == (20, 10) and legal(s) == {"20a", "10a"}
    s.push("10a")
    s.push("20a")
    assert places(s, 0)[0] == 43 and s.current_player == 1 and places(s, 3)[0] == -1


def test_an_illegal_move_is_refused_and_changes_nothing():
    s = position([[10, -1, 71, 71], N, N, N])
    s.set_dice((4, 3))
    refused(s, "4b", "only on a 5")
    refused(s, "20a")


def test_two_and_three_players():
    assert make_game("parcheesi", 2).seats == (0, 2)
    assert make_game("parcheesi", 3).seats == (0, 1, 2)
    s = position([[-1, -1, -1, -1], [-1, -1, -1, -1]], to_move=1)
    s.set_dice((5, 1))
    s.push("5a")
    sq = s.game.view(s.arr).squares[s.game.board.track[39]]
    assert sq.pieces == [(1, 0, False)] and sq.label == "39"


def test_positions_round_trip_and_bad_ones_are_refused():
    s = position([[-1, 5, 66, 73], [3, -1, -1, -1], N, N])
    assert round_trip(s)["pieces"][0] == [-1, 5, 66, 73]
    with pytest.raises(ValueError, match="never share"):
        position([[7, -1, -1, -1], [rel(1, 12), -1, -1, -1], N, N])
    with pytest.raises(ValueError, match="off the board"):
        position([[73, -1, -1, -1], N, N, N], preset="hasbro")


# -- properties ----------------------------------------------------------------------------------------
def occupancy_ok(state):
    assert all(-1 <= p <= 75 for p in track_places(state))
    for m in ring_masks(state):
        assert bin(m).count("1") <= 2
        assert sum(1 for q in range(4) if (m >> (4 * q)) & 15) <= 1


@SETTINGS
@given(seed=st.integers(0, 2 ** 32), players=st.integers(2, 4), preset=st.sampled_from(["seed", "hasbro"]),
       must_enter=st.booleans())
def test_random_play_keeps_parcheesi_occupancy_sound_and_ends(seed, players, preset, must_enter):
    s = make_game("parcheesi", players, preset, {"must_enter_on_five": must_enter}).new_state(seed)
    assert random_play(s, random.Random(seed), 20000, occupancy_ok).is_over


def test_playing_for_places_goes_on_after_the_winner():
    s = load_position({"game": "parcheesi", "players": 3, "pieces": [[71, 71, 71, 67], N, [10, -1, -1, -1]],
                       "options": {"play_for_places": True}}, make_game)
    s.set_dice((4, 1))
    s.push("4d")
    assert not s.is_over and s.finish_order == [0] and s.current_player == 1


def test_the_first_seat_may_start():
    g = make_game("parcheesi", 4, options={"first_player": "first"})
    assert {g.new_state(seed).current_player for seed in range(10)} == {0}


def test_a_blockade_limit_makes_a_blockade_that_stood_too_long_break():
    for limit, after_c in ((1, {"2a", "2b"}), (0, {"2a", "2b", "2c"})):
        s = position([[10, 10, 30, 71], N, N, N], blockade_turns=limit)
        s.set_dice((1, 2))
        s.push("1c")
        s.push("2c")                                # the blockade stands through the turn
        for _ in range(3):
            s.set_dice((1, 2))                      # the others have nothing to move
        assert s.current_player == 0
        s.set_dice((1, 2))
        s.push("1c")
        assert legal(s) == after_c


def test_a_blockade_formed_in_the_turn_is_not_yet_due():
    s = position([[10, 9, 30, 71], N, N, N], blockade_turns=1)
    s.set_dice((1, 2))
    s.push("1b")                                    # a blockade forms on 10
    s.push("2c")
    for _ in range(3):
        s.set_dice((1, 2))
    s.set_dice((1, 2))
    s.push("1c")
    assert legal(s) == {"2a", "2b", "2c"}
