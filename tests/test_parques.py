"""Parqués rule scenarios (docs/games/parques.md: every rule sentence there) and Parqués properties.

Positions are player-relative: -1 jail, 0 own salida .. 63 own tip, 64..70 approach, 71 cielo.  In a
4-player game player i sits at seat i (salidas on squares 5, 22, 39, 56); `rel(seat, n)` is the place of a
seat's piece on square number n.  Seguros: squares 5, 12, 17 and the same in every quarter."""
from functools import partial

from hypothesis import given, settings, strategies as st
import pytest

import helpers
from helpers import OFF as H, kinds, legal, places, refused, ring68_place as rel, round_trip, track_places
from pachisi import make_game
from pachisi.engine.position import dump_position, load_position
from pachisi.bots import bot_for_level

SETTINGS = settings(max_examples=12, deadline=None)
position = partial(helpers.position, "parques")


def with_turn(pieces, turn, to_move=0, **options):
    return load_position({"game": "parques", "players": len(pieces), "to_move": to_move, "pieces": pieces,
                          "turn": turn, "options": options}, make_game)


# -- 1. two dice, jail, who starts ------------------------------------------------------------
def test_all_pieces_start_in_jail_and_two_dice_are_thrown():
    s = make_game("parques").new_state(seed=4)
    assert all(places(s, q) == [-1, -1, -1, -1] for q in range(4))
    dice, _ = s.roll()
    assert len(dice) == 2


def test_the_turn_passes_to_the_right_as_in_parchis():
    s = position([[10, -1, -1, -1], [10, -1, -1, -1], H, H])
    s.set_dice((3, 1))
    s.push("3a")
    s.push("1a")
    assert s.is_chance and s.current_player == 1


# -- 2. leaving jail only with a pair -------------------------------------------------------------
def test_a_piece_leaves_jail_only_with_a_pair():
    s = position([H, [10, -1, -1, -1], H, H])
    assert legal(s, (3, 2)) == set()
    s = position([[-1, -1, 10, -1], H, H, H])
    assert legal(s, (3, 2)) == {"3c", "2c"}
    assert "only with a pair" in s.explain("3a+")
    assert "leaves only when a pair frees it" in s.explain("3a")


def test_one_one_and_six_six_free_every_jailed_piece():
    for d in (1, 6):
        s = position([H, [10, -1, -1, -1], H, H])
        assert legal(s, (d, d)) == {f"{d}a+"}
        s.push(f"{d}a+")
        assert places(s, 0) == [0, 0, 0, 0]


def test_the_other_pairs_free_two_using_both_dice():
    s = position([H, [10, -1, -1, -1], H, H])
    assert legal(s, (3, 3)) == {"3a+"}
    events = s.push("3a+")
    assert places(s, 0) == [0, 0, -1, -1]
    assert kinds(events)[:2] == ["entered", "entered"] and s.is_chance      # both dice used; a pair throws again


def test_without_super_pairs_every_pair_frees_all():
    s = position([H, [10, -1, -1, -1], H, H], super_pairs=False)
    s.set_dice((4, 4))
    s.push("4a+")
    assert places(s, 0) == [0, 0, 0, 0]


def test_five_six_is_a_pair_only_with_eleven_is_pair():
    s = position([H, [10, -1, -1, -1], H, H])
    assert legal(s, (5, 6)) == set()
    s = position([H, [10, -1, -1, -1], H, H], eleven_is_pair=True)
    assert legal(s, (5, 6)) == {"5a+"}
    s.push("5a+")
    assert places(s, 0) == [0, 0, -1, -1] and s.is_chance and s.current_player == 0


def test_freed_pieces_send_opponents_on_the_salida_to_jail():
    s = position([H, [rel(1, 5), -1, -1, -1], H, H])
    s.set_dice((2, 2))
    events = s.push("2a+")
    assert [(e.kind, e.player) for e in events if e.kind == "captured"] == [("captured", 1)]
    assert places(s, 1)[0] == -1 and places(s, 0) == [0, 0, -1, -1]


# -- 3. the dice of a freeing pair ------------------------------------------------------------------
def test_freeing_one_piece_uses_one_die_and_the_other_must_move_another_piece():
    s = position([[-1, 20, 30, 71], H, H, H])
    assert legal(s, (4, 4)) == {"4a+", "4b", "4c"}
    s.push("4a+")
    assert places(s, 0) == [0, 20, 30, 71] and s.dice == (4,)
    assert legal(s) == {"4b", "4c"}
    assert "freed alone waits" in s.explain("4a")


def test_the_freed_piece_takes_the_other_die_when_it_is_the_only_piece_out():
    s = position([[-1, 71, 71, 71], H, H, H])
    assert legal(s, (3, 3)) == {"3a+"}
    s.push("3a+")
    assert legal(s) == {"3a"}


def test_freeing_one_piece_with_five_six_uses_the_die_chosen():
    s = position([[-1, 71, 71, 71], H, H, H], eleven_is_pair=True)
    assert legal(s, (5, 6)) == {"5a+", "6a+"}
    s.push("6a+")
    assert s.dice == (5,) and legal(s) == {"5a"}


def test_with_pieces_out_freeing_is_optional():
    s = position([[-1, -1, 10, 20], H, H, H])
    assert legal(s, (2, 2)) == {"2a+", "2c", "2d"}


# -- 4. three tries -----------------------------------------------------------------------------------
def test_three_tries_for_a_pair_while_no_piece_is_on_the_track():
    s = position([[-1, -1, 71, 71], H, H, H])
    events = s.set_dice((3, 2))
    assert [(e.kind, e.a) for e in events if e.kind == "reroll"] == [("reroll", 2)]
    assert s.current_player == 0
    s.set_dice((4, 1))
    assert s.current_player == 0 and s.is_chance
    s.set_dice((6, 2))
    assert s.current_player == 1


def test_a_pair_ends_the_tries_and_throws_again():
    s = position([H, H, H, H])
    s.set_dice((3, 2))
    s.set_dice((5, 5))
    s.push("5a+")
    assert s.current_player == 0 and s.is_chance
    s.set_dice((1, 2))           # pieces are out now: the roll is played, then the turn passes
    s.push("1a")
    s.push("2a")
    assert s.current_player == 1


def test_one_throw_only_with_a_piece_on_the_track():
    s = position([[-1, -1, -1, 69], H, H, H])
    s.set_dice((6, 5))
    assert s.current_player == 1


def test_the_tries_option_limits_the_throws():
    s = position([H, H, H, H], tries=1)
    s.set_dice((3, 2))
    assert s.current_player == 1


# -- 5. pairs throw again; the third pair sends a piece to cielo --------------------------------------
def test_every_pair_throws_again():
    s = position([[10, 20, -1, -1], H, H, H])
    s.set_dice((2, 2))
    events = s.push("2a") + s.push("2b")
    assert "extra_roll" in kinds(events) and s.current_player == 0 and s.is_chance


def test_the_third_pair_in_a_row_sends_a_piece_of_the_players_choice_to_cielo():
    s = with_turn([[-1, 10, 66, 71], H, H, H], {"pairs": 2})
    assert legal(s, (4, 4)) == {"cielo-b", "cielo-c"}
    assert "third pair" in s.explain("4b")
    events = s.push("cielo-b")
    assert places(s, 0) == [-1, 71, 66, 71] and "finished" in kinds(events)
    assert s.current_player == 1                    # the turn ends


def test_the_third_pair_takes_a_jailed_piece_when_none_is_on_the_track():
    s = with_turn([[-1, -1, 71, 71], H, H, H], {"pairs": 2})
    assert legal(s, (2, 2)) == {"cielo-a", "cielo-b"}


def test_the_third_pair_can_win_the_game():
    s = with_turn([[-1, 71, 71, 71], [10, -1, -1, -1]], {"pairs": 2})
    s.set_dice((6, 6))
    events = s.push("cielo-a")
    assert "won" in kinds(events) and s.is_over and s.finish_order[0] == 0


# -- 6. moving: each die, one piece both dice, must move, a die lost ------------------------------------
def test_each_die_moves_a_piece_or_one_piece_takes_both():
    s = position([[10, 20, -1, -1], H, H, H])
    assert legal(s, (5, 2)) == {"5a", "5b", "2a", "2b"}
    s.push("5a")
    assert legal(s) == {"2a", "2b"}
    s.push("2a")
    assert places(s, 0)[:2] == [17, 20]


def test_the_middle_square_is_a_real_landing_that_captures():
    s = position([[10, -1, -1, -1], H, [rel(2, 18), -1, -1, -1], H])      # square 18: not a seguro
    s.set_dice((3, 4))
    events = s.push("3a")
    assert "captured" in kinds(events) and places(s, 2)[0] == -1


def test_a_die_no_piece_can_use_is_lost():
    s = position([[69, -1, -1, -1], [10, -1, -1, -1], H, H])
    assert legal(s, (5, 1)) == {"1a"}
    events = s.push("1a")
    assert [e.a for e in events if e.kind == "burned"] == [5]


def test_the_dice_must_be_used_when_they_can():
    s = position([[66, -1, -1, -1], [10, -1, -1, -1], H, H])       # 5 to cielo: 4 then 1, not 1 then 4 ... both fit
    assert legal(s, (4, 1)) == {"4a", "1a"}
    s = position([[67, 30, -1, -1], [10, -1, -1, -1], H, H])       # 4 to cielo: the 6 moves b, the 4 a or b
    assert legal(s, (6, 4)) == {"6b", "4a", "4b"}


# -- 7. capture, seguros, sharing ------------------------------------------------------------------------
def test_a_capture_sends_the_piece_to_jail_without_a_bonus():
    s = position([[10, 40, -1, -1], H, [rel(2, 19), -1, -1, -1], H])
    s.set_dice((4, 3))
    events = s.push("4a")
    assert "captured" in kinds(events) and "bonus" not in kinds(events)
    assert s.dice == (3,)


def test_nobody_is_captured_on_a_seguro_or_a_salida():
    s = position([[5, 12, -1, -1], [rel(1, 12), rel(1, 22), -1, -1], H, H])     # squares 12 (seguro), 22 (salida)
    s.set_dice((2, 5))
    s.push("2a")
    s.push("5b")
    assert places(s, 1)[:2] == [rel(1, 12), rel(1, 22)] and places(s, 0)[:2] == [7, 17]


def test_any_number_of_pieces_share_a_square_and_nothing_blocks():
    s = position([[10, 10, 10, -1], H, [rel(2, 13), -1, -1, -1], H], to_move=2)
    s.set_dice((5, 3))
    s.push("5a")                                    # passes the three yellow pieces on square 15
    assert places(s, 2)[0] == rel(2, 18)
    s = position([[10, 10, 10, 8], H, H, H])
    s.set_dice((2, 1))
    s.push("2d")
    assert places(s, 0) == [10, 10, 10, 10]


# -- 8. cielo by exact count ----------------------------------------------------------------------------
def test_cielo_by_exact_count_with_one_die_or_both():
    s = position([[66, 30, -1, -1], H, H, H])
    s.set_dice((3, 2))
    s.push("3a")
    s.push("2a")
    assert places(s, 0)[0] == 71
    s = position([[68, 30, -1, -1], H, H, H])
    assert legal(s, (5, 2)) == {"5b", "2a", "2b"}


# -- 9. winning and places ----------------------------------------------------------------------------
def test_four_in_cielo_win_and_the_others_play_on_for_places():
    s = position([[71, 71, 71, 70], [10, -1, -1, -1], [10, -1, -1, -1]])
    s.set_dice((1, 3))
    events = s.push("1d")
    assert "won" in kinds(events) and not s.is_over and s.finish_order == [0]


def test_without_play_for_places_the_first_to_finish_ends_the_game():
    s = position([[71, 71, 71, 70], [10, -1, -1, -1], [10, -1, -1, -1]], play_for_places=False)
    s.set_dice((1, 3))
    s.push("1d")
    assert s.is_over


# -- 2.3 soplar -------------------------------------------------------------------------------------------
MISS = [[10, 40, -1, -1], H, [rel(2, 18), -1, -1, -1], H]     # a 3 from a (square 15) captures on 18


def miss(**options):
    s = position(MISS, **options)
    s.set_dice((3, 5))
    s.push("5a")
    return s


def test_a_missed_capture_may_be_blown_by_the_next_opponent():
    s = miss()
    s.push("3b")                                    # b plays the 3: nothing captured
    assert s.current_player == 1 and not s.is_chance
    assert legal(s) == {"call-a", "nocall"}
    events = s.push("call-a")
    assert [(e.kind, e.player, e.b) for e in events if e.kind == "penalty"] == [("penalty", 0, 1)]
    assert places(s, 0)[:2] == [-1, 43]
    assert s.current_player == 1 and s.is_chance     # the offender's turn was over: the next player throws


def test_a_missed_capture_let_pass_goes_to_the_next_opponent_then_the_turn_goes_on():
    s = miss()
    s.push("3b")
    s.push("nocall")
    assert s.current_player == 2 and legal(s) == {"call-a", "nocall"}
    s.push("nocall")
    assert s.current_player == 3
    s.push("nocall")
    assert places(s, 0)[:2] == [15, 43] and s.current_player == 1 and s.is_chance


def test_capturing_leaves_nothing_to_blow():
    s = position(MISS)
    s.set_dice((3, 5))
    s.push("3a")
    s.push("5b")
    assert s.current_player == 1 and s.is_chance


def test_soplar_auto_blows_at_once():
    s = miss(soplar="auto")
    events = s.push("3b")
    assert "penalty" in kinds(events) and places(s, 0)[0] == -1 and s.current_player == 1


def test_soplar_forced_allows_only_capturing_plays():
    s = position(MISS, soplar="forced")
    assert legal(s, (3, 5)) == {"3a", "5b"}         # 5a leaves no capture
    s.push("5b")
    assert legal(s) == {"3a"}


def test_soplar_off_lets_a_miss_pass():
    s = miss(soplar="off")
    s.push("3b")
    assert s.current_player == 1 and s.is_chance


def test_a_piece_on_its_salida_or_in_the_approach_cannot_be_blown():
    s = position([[60, 0, -1, -1], [rel(1, 67), rel(1, 7), -1, -1], H, H])
    s.set_dice((2, 5))
    s.push("5a")                                    # a (a 2 would capture on square 67) goes into the approach
    s.push("2a")                                    # b (a 2 would capture on square 7) stays on the salida
    assert s.current_player == 1 and s.is_chance    # a is out of reach, b (on the salida) too


def test_bots_always_blow():
    s = miss()
    s.push("3b")
    for level in (1, 3, 5):
        assert bot_for_level(level, seed=1).choose(s).text == "call-a"


# -- bad input, records, properties ---------------------------------------------------------------------
def test_an_illegal_move_is_refused_and_changes_nothing():
    s = position([[10, -1, -1, -1], H, H, H])
    s.set_dice((4, 2))
    refused(s, "4b", "in jail")
    refused(s, "4b+", "only with a pair")
    refused(s, "cielo-a", "third pair")
    refused(s, "call-a", "no missed capture")
    refused(s, "9z")


def test_positions_round_trip_and_bad_ones_are_refused():
    s = position([[-1, 5, 66, 71], [3, 3, 3, -1], H, H])
    assert round_trip(s)["pieces"][0] == [-1, 5, 66, 71]
    assert round_trip(with_turn([[10, -1, -1, -1], H, H, H], {"pairs": 2, "extra_rolls": 1}))
    with pytest.raises(ValueError, match="not safe"):
        position([[6, -1, -1, -1], [rel(1, 11), -1, -1, -1], H, H])
    with pytest.raises(ValueError, match="tries"):
        with_turn([H, H, H, H], {"tries": 7})
    with pytest.raises(ValueError, match="cannot be blown"):
        with_turn([[0, -1, -1, -1], H], {"claim": {"offender": 0, "pieces": ["a"]}}, to_move=1)
    with pytest.raises(ValueError, match="soplar=claim"):
        with_turn([[10, -1, -1, -1], H], {"claim": {"offender": 0, "pieces": ["a"]}}, to_move=1, soplar="off")
    with pytest.raises(ValueError, match="soplar"):
        make_game("parques", options={"soplar": "maybe"})


def test_an_open_claim_round_trips_through_a_position_file():
    s = miss()
    s.push("3b")
    data = dump_position(s)
    assert data["turn"] == {"claim": {"offender": 0, "pieces": ["a"]}}
    again = load_position(data, make_game)
    assert dump_position(again) == data and legal(again) == {"call-a", "nocall"}
    again.push("call-a")
    assert places(again, 0)[0] == -1


def sound(state):
    g = state.game
    ps = track_places(state)
    assert len(ps) == 4 * g.players and all(-1 <= p <= g.goal_place for p in ps)     # pieces conserved, on the board
    masks = [0] * 68
    for pid, p in enumerate(ps):
        if 0 <= p < 68:
            masks[g.seat_cell(pid // 4, p)] |= 1 << pid
    assert masks == [g.engine.at(state.arr, c) for c in range(68)]
    for cell, m in enumerate(masks):
        if not g.is_safe(cell):
            assert sum(1 for q in range(4) if (m >> (4 * q)) & 15) <= 1


@SETTINGS
@given(seed=st.integers(0, 2 ** 32), players=st.integers(2, 4), soplar=st.sampled_from(["claim", "auto", "forced", "off"]),
       tournament=st.booleans())
def test_random_games_stay_sound_end_and_replay_the_same(seed, players, soplar, tournament):
    g = make_game("parques", players, "tournament" if tournament else None, {"soplar": soplar})
    helpers.random_game_refusing(g, seed, sound, ("cielo-d", "6d+", "nocall", "1a"))
