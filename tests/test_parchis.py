"""Parchís rule scenarios (rules.md §7, §12) and Parchís-specific properties.

Positions are player-relative: -1 home, 0 own exit .. 63 own corridor entry
square, 64..70 corridor, 71 meta.  In a 4-player game player i sits at seat
i (yellow exit 5, blue 22, red 34, green 56); `rel(seat, n)` is the place of
a seat's piece on square number n."""
from functools import partial
import random

from hypothesis import given, settings, strategies as st
import pytest

import helpers
from helpers import (OFF as H, kinds, legal, places, random_play, refused, ring68_place as rel, ring_masks,
                     round_trip, track_places)
from pachisi import make_game
from pachisi.engine.position import load_position

SETTINGS = settings(max_examples=15, deadline=None)
position = partial(helpers.position, "parchis")


def bonuses(events):
    return [e.a for e in events if e.kind == "bonus"]


# -- leaving home --------------------------------------------------------------------------
def test_a_five_must_bring_a_piece_out_while_one_is_at_home():
    s = position([[-1, 10, -1, -1], H, H, H])
    assert legal(s, (5,)) == {"5a"}
    assert "a 5 must bring a piece out" in s.explain("5b")
    s.push("5a")
    assert places(s, 0) == [0, 10, -1, -1]


def test_only_a_five_leaves_home():
    s = position([[-1, 10, -1, -1], H, H, H])
    assert legal(s, (4,)) == {"4b"}
    assert "only on a 5" in s.explain("4a")


def test_an_own_barrier_on_the_exit_closes_it_and_frees_the_five():
    s = position([[-1, 0, 0, 20], H, H, H])
    assert legal(s, (5,)) == {"5b", "5c", "5d"}
    assert "own barrier closes your exit" in s.explain("5a")


def test_the_exit_capture_takes_the_foreign_piece_and_earns_twenty():
    s = position([[-1, 0, -1, -1], [rel(1, 5), -1, -1, -1], H, H])
    s.set_dice((5,))
    events = s.push("5a")
    assert [(e.kind, e.player) for e in events if e.kind == "captured"] == [("captured", 1)]
    assert bonuses(events) == [20]
    assert places(s, 0)[:2] == [0, 0] and places(s, 1)[0] == -1
    assert s.dice == (20,)
    assert legal(s) == {"20a", "20b"}


def test_of_two_foreign_pieces_on_the_exit_the_last_to_arrive_is_captured():
    s = position([[-1, -1, -1, -1], [rel(1, 2), -1, -1, -1], [rel(2, 4), -1, -1, -1], H], to_move=1)
    s.set_dice((3,))
    s.push("3a")                                   # blue reaches square 5 first
    s.set_dice((1,))
    s.push("1a")                                   # then red
    s.set_dice((4,))                               # green passes
    s.set_dice((5,))
    events = s.push("5a")
    assert [e.player for e in events if e.kind == "captured"] == [2]
    assert places(s, 1)[0] == rel(1, 5) and places(s, 2)[0] == -1


def test_without_exit_capture_a_full_exit_is_closed():
    s = position([[-1, 10, -1, -1], [rel(1, 5), -1, -1, -1], [rel(2, 5), -1, -1, -1], H],
                 exit_capture=False)
    assert legal(s, (5,)) == {"5b"}
    assert "two pieces" in s.explain("5a")


# -- seguros, captures, occupancy -----------------------------------------------------------------
def test_two_colours_share_a_seguro_without_capture():
    s = position([[3, -1, -1, -1], [rel(1, 12), -1, -1, -1], H, H])
    s.set_dice((4,))
    events = s.push("4a")
    assert "captured" not in kinds(events) and places(s, 1)[0] == rel(1, 12)
    assert s.current_player == 1


def test_a_capture_earns_twenty_for_any_one_piece():
    s = position([[3, 30, 71, 71], [rel(1, 13), -1, -1, -1], H, H])
    s.set_dice((5,))
    events = s.push("5a")
    assert bonuses(events) == [20] and places(s, 1)[0] == -1
    assert legal(s) == {"20a", "20b"}
    s.push("20b")
    assert places(s, 0)[:2] == [8, 50] and s.current_player == 1


def test_a_bonus_that_cannot_be_used_is_lost():
    s = position([[54, -1, -1, -1], [rel(1, 62), -1, -1, -1], H, H])
    s.set_dice((3,))
    events = s.push("3a")
    assert bonuses(events) == [20]
    assert [e.a for e in events if e.kind == "burned"] == [20]
    assert s.current_player == 1 and places(s, 0)[0] == 57


def test_bonuses_chain():
    s = position([[4, -1, -1, -1], [rel(1, 13), rel(1, 33), -1, -1], H, H])
    s.set_dice((4,))
    s.push("4a")                                   # captures on 13: +20
    events = s.push("20a")                          # 8 -> 28 captures on 33: another +20
    assert bonuses(events) == [20] and s.dice == (20,)
    s.push("20a")
    assert places(s, 0)[0] == 48 and s.current_player == 1


def test_reaching_the_meta_earns_ten():
    s = position([[66, 40, 71, 71], H, H, H])
    s.set_dice((5,))
    events = s.push("5a")
    assert bonuses(events) == [10] and places(s, 0)[0] == 71
    assert legal(s) == {"10b"}


def test_a_square_holds_at_most_two_pieces():
    s = position([[3, 20, -1, -1], [rel(1, 12), -1, -1, -1], [rel(2, 12), -1, -1, -1], H])
    assert legal(s, (4,)) == {"4b"}
    assert "two pieces" in s.explain("4a")


# -- barriers ---------------------------------------------------------------------------------
def test_nobody_passes_a_barrier_the_owner_included():
    s = position([[3, 20, -1, -1], [rel(1, 10), rel(1, 10), -1, -1], H, H])
    assert legal(s, (4,)) == {"4b"}
    assert "barrier" in s.explain("4a")
    s = position([[3, 5, 5, -1], H, H, H])
    assert legal(s, (4,)) == {"4b", "4c"}


def test_a_barrier_in_the_corridor_stops_its_own_pieces():
    s = position([[64, 65, 65, 71], H, H, H])
    assert legal(s, (3,)) == {"3b", "3c"}


def test_a_six_must_open_a_barrier_when_it_can():
    s = position([[10, 10, 20, -1], H, H, H])
    assert legal(s, (6,)) == {"6a", "6b"}
    assert "open a barrier" in s.explain("6c")


def test_a_six_that_cannot_open_the_barrier_moves_another_piece():
    s = position([[10, 10, 20, -1], H, [rel(2, 19), rel(2, 19), -1, -1], H])
    assert legal(s, (6,)) == {"6c"}                 # red's barrier on 19 (p 14) stops the pair


def test_a_six_counts_seven_when_no_piece_is_at_home():
    s = position([[10, 20, 71, 71], H, H, H])
    assert legal(s, (6,)) == {"7a", "7b"}
    s.push("7a")
    assert places(s, 0)[0] == 17 and s.current_player == 0 and s.is_chance


def test_a_six_rolls_again():
    s = position([[-1, 20, -1, -1], H, H, H])
    s.set_dice((6,))
    s.push("6b")
    assert s.current_player == 0 and s.is_chance


# -- the third six --------------------------------------------------------------------------------
def test_the_third_six_sends_the_piece_moved_last_home():
    s = position([[10, 20, -1, -1], H, H, H])
    for text in ("6a", "6b"):
        s.set_dice((6,))
        s.push(text)
    events = s.set_dice((6,))
    assert [(e.kind, e.piece, e.a) for e in events if e.kind == "penalty"] == [("penalty", 1, 26)]
    assert places(s, 0) == [16, -1, -1, -1] and s.current_player == 1


def test_the_third_six_spares_a_piece_in_the_corridor_unless_the_option_is_off():
    s = position([[10, 60, -1, -1], H, H, H])
    for text in ("6a", "6b"):
        s.set_dice((6,))
        s.push(text)
    s.set_dice((6,))
    assert places(s, 0) == [16, 66, -1, -1] and s.current_player == 1
    s = position([[10, 60, -1, -1], H, H, H], spare_corridor=False)
    for text in ("6a", "6b"):
        s.set_dice((6,))
        s.push(text)
    s.set_dice((6,))
    assert places(s, 0) == [16, -1, -1, -1]


def test_the_third_six_without_a_move_sends_nobody_home():
    s = position([[69, 71, 71, 71], H, H, H])
    for _ in range(3):
        s.set_dice((6,))
    assert places(s, 0) == [69, 71, 71, 71] and s.current_player == 1


# -- the corridor and the meta ---------------------------------------------------------------------
def test_the_ring_turns_into_the_corridor_after_the_entry_square():
    s = position([[61, -1, -1, -1], H, H, H])
    s.set_dice((4,))
    events = s.push("4a")
    assert places(s, 0)[0] == 65 and "house" in kinds(events)


def test_the_meta_needs_the_exact_count():
    s = position([[68, 30, -1, -1], H, H, H])
    assert legal(s, (4,)) == {"4b"}
    assert "exact count" in s.explain("4a")


def test_four_pieces_in_the_meta_win():
    s = position([[71, 71, 71, 67], H, H, H])
    s.set_dice((4,))
    events = s.push("4d")
    assert s.is_over and s.winner == 0 and "won" in kinds(events)


def test_two_players_sit_opposite():
    assert make_game("parchis", 2).seats == (0, 2)
    s = position([[-1, -1, -1, -1], [-1, -1, -1, -1]], to_move=1)
    s.set_dice((5,))
    s.push("5a")
    view = s.game.view(s.arr)
    sq = view.squares[s.game.board.track[39]]
    assert sq.pieces == [(1, 0, False)] and sq.label == "39" and sq.kind == "start"


def test_an_illegal_move_is_refused_and_changes_nothing():
    s = position([[10, -1, -1, -1], H, H, H])
    s.set_dice((4,))
    refused(s, "4b", "only on a 5")
    refused(s, "20a")


def test_positions_round_trip_and_bad_ones_are_refused():
    s = position([[-1, 5, 66, 71], [3, -1, -1, -1], H, H])
    assert round_trip(s)["pieces"][0] == [-1, 5, 66, 71]
    with pytest.raises(ValueError, match="at most 2"):
        position([[5, 5, -1, -1], [rel(1, 10), -1, -1, -1], H, H])
    with pytest.raises(ValueError, match="not safe"):
        position([[6, -1, -1, -1], [rel(1, 11), -1, -1, -1], H, H])


# -- properties ------------------------------------------------------------------------------------
def occupancy_ok(state):
    assert all(-1 <= p <= 75 and not (63 < p < 68) for p in track_places(state))
    for cell, m in enumerate(ring_masks(state)):
        assert bin(m).count("1") <= 2
        colours = sum(1 for q in range(4) if (m >> (4 * q)) & 15)
        if not state.game.is_safe(cell):
            assert colours <= 1


@SETTINGS
@given(seed=st.integers(0, 2 ** 32), players=st.integers(2, 4), exit_capture=st.booleans(),
       spare=st.booleans())
def test_random_play_keeps_parchis_occupancy_sound_and_ends(seed, players, exit_capture, spare):
    s = make_game("parchis", players, options={"exit_capture": exit_capture, "spare_corridor": spare}) \
        .new_state(seed)
    assert random_play(s, random.Random(seed), 20000, occupancy_ok).is_over


def test_playing_for_places_with_two_players_ends_with_the_order():
    s = load_position({"game": "parchis", "players": 2, "pieces": [[71, 71, 71, 67], [10, -1, -1, -1]],
                       "options": {"play_for_places": True}}, make_game)
    s.set_dice((4,))
    s.push("4d")
    assert s.is_over and s.finish_order == [0, 1]


def test_the_first_seat_may_start():
    g = make_game("parchis", 3, options={"first_player": "first"})
    assert {g.new_state(seed).current_player for seed in range(10)} == {0}
