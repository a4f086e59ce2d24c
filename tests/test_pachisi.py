"""Pachisi rule scenarios (docs/games/pachisi.md: every rule sentence there) and Pachisi properties.

Places are a player's own: 0 the charkoni (waiting), 1..7 the own column outward, 8 the own tip, 8..76 the
circuit (76: the own tip again), 77..83 the own column inward, 84 home.  Player i sits at seat i; circuit
square c is place (c - 17 i) mod 68 + 8 of player i (`sq`).  Castles: circuit squares 17k, 17k + 4, 17k + 13."""
from fractions import Fraction
from functools import partial
from math import comb
import random

from hypothesis import given, settings, strategies as st
import pytest

import helpers
from helpers import kinds, legal, places, refused, round_trip
from pachisi import make_game
from pachisi.engine import kernel as K
from pachisi.engine.options import OptionError
from pachisi.engine.position import dump_position, load_position
from pachisi.games.cloth import CASTLES, ClothBoard, circuit_square
from pachisi.games.pachisi import cowrie_weights

SETTINGS = settings(max_examples=12, deadline=None)
position = partial(helpers.position, "pachisi")
W = [0, 0, 0, 0]            # four pieces waiting in the charkoni
HOME = [84, 84, 84, 84]


def sq(player, c):
    """Player's place of circuit square c."""
    return (c - 17 * player) % 68 + 8


def started(pieces, to_move=0, preset=None, **options):
    """A position in which every player's first piece has entered (no free entry is left)."""
    return load_position({"game": "pachisi", "players": 4, "to_move": to_move, "preset": preset, "pieces": pieces,
                          "turn": {"fresh": []}, "options": options}, make_game)


# -- 3.1 the cloth ----------------------------------------------------------------------------
def test_the_path_goes_down_the_own_column_round_the_circuit_and_back_up():
    b = ClothBoard()
    assert [b.cell(0, p) for p in (1, 7, 8, 9, 16, 75, 76, 77, 83)] == [
        (11, 9), (17, 9), (18, 9), (18, 10), (11, 10), (18, 8), (18, 9), (17, 9), (11, 9)]
    assert b.cell(0, 0) is None and b.cell(0, 84) is None           # the charkoni
    assert [b.cell(1, 8), b.cell(2, 8), b.cell(3, 8)] == [(9, 18), (0, 9), (9, 0)]   # counter-clockwise


def test_twelve_castles_the_tips_and_the_fourth_squares_from_each_arms_end():
    assert sorted(CASTLES) == [0, 4, 13, 17, 21, 30, 34, 38, 47, 51, 55, 64]
    assert [p for p in range(8, 77) if circuit_square(0, p) in CASTLES] == [8, 12, 21, 25, 29, 38, 42, 46, 55,
                                                                             59, 63, 72, 76]


def test_partners_sit_opposite_and_four_play():
    g = make_game("pachisi")
    assert g.teams == ((0, 2), (1, 3)) and g.partner(1) == 3
    with pytest.raises(Exception, match="4"):
        make_game("pachisi", players=2)


# -- 3.2 the cowries ------------------------------------------------------------------------------
def test_six_cowries_mouth_up_give_the_modern_values_with_binomial_chances():
    g = make_game("pachisi")
    assert g.throw_values() == (25, 10, 2, 3, 4, 5, 6)
    assert g.tab.weights == (1, 6, 15, 20, 15, 6, 1)
    chances = dict(g.new_state(seed=1).chance_outcomes())
    assert {v[0]: round(p * 64, 9) for v, p in chances.items()} == {25: 1, 10: 6, 2: 15, 3: 20, 4: 15, 5: 6, 6: 1}


@pytest.mark.parametrize("table, values, weights", [
    ("herklots", (6, 10, 2, 3, 4, 25, 12), (1, 6, 15, 20, 15, 6, 1)),
    ("jones7", (7, 10, 2, 3, 4, 25, 35, 14), (1, 7, 21, 35, 35, 21, 7, 1)),
    ("herklots7", (6, 10, 2, 3, 4, 25, 30, 12), (1, 7, 21, 35, 35, 21, 7, 1)),
])
def test_the_other_cowrie_tables(table, values, weights):
    g = make_game("pachisi", options={"cowrie_table": table})
    assert g.throw_values() == values and g.tab.weights == weights


def test_cowrie_p_weights_the_shells():
    assert cowrie_weights(6, Fraction(1, 4)) == tuple(
        int(Fraction(1, 4) ** k * Fraction(3, 4) ** (6 - k) * 4 ** 6) * comb(6, k)
        for k in range(7))
    g = make_game("pachisi", options={"cowrie_p": "0.25"})
    assert g.tab.weights == (729, 1458, 1215, 540, 135, 18, 1)
    for bad in ("0", "1", "x", "1.5", "0.333"):                  # strictly between 0 and 1, in hundredths
        with pytest.raises(OptionError, match="cowrie_p"):
            make_game("pachisi", options={"cowrie_p": bad})
    g = make_game("pachisi", options={"cowrie_p": 0.3})            # a number from the lobby: exactly 3/10
    assert g.opts["cowrie_p"] == "0.3" and g.tab.weights == tuple(comb(6, k) * 3 ** k * 7 ** (6 - k) for k in range(7))


# -- 3.3 rules ------------------------------------------------------------------------------------
def test_1_all_sixteen_pieces_start_in_the_charkoni():
    s = make_game("pachisi").new_state(seed=3)
    assert all(places(s, q) == [0, 0, 0, 0] for q in range(4))


def test_2_a_grace_throws_again_and_another_throw_ends_the_turn():
    s = started([[20, 0, 0, 0], [84, 84, 84, 30], W, W])
    s.set_dice((25,))
    s.push("25a")
    assert s.is_chance and s.current_player == 0
    s.set_dice((3,))
    s.push("3a")
    assert s.is_chance and s.current_player == 1


def test_2_each_throw_moves_one_piece_by_its_whole_value_successive_throws_other_pieces():
    s = started([[20, 30, 0, 0], [84, 84, 84, 31], W, W])
    assert legal(s, (10,)) == {"10a", "10b", "10c+", "pass"}
    s.push("10a")
    assert places(s, 0)[0] == 30
    assert legal(s, (4,)) == {"4a", "4b", "pass"}
    s.push("4b")
    assert places(s, 0)[:2] == [30, 34]


def test_3_the_first_piece_enters_with_any_throw_moved_by_its_value():
    s = position([W, W, W, W])
    assert legal(s, (3,)) == {"3a+", "pass"}
    s.push("3a+")
    assert places(s, 0) == [3, 0, 0, 0] and s.current_player == 1
    assert legal(s, (25,)) == {"25a+", "pass"}


def test_3_later_pieces_need_a_grace_spent_putting_them_on_place_1_then_throw_again():
    s = started([[3, 0, 0, 0], W, W, W])
    assert legal(s, (4,)) == {"4a", "pass"}
    s = started([[3, 0, 0, 0], W, W, W])
    assert legal(s, (10,)) == {"10a", "10b+", "pass"}
    events = s.push("10b+")
    assert places(s, 0) == [3, 1, 0, 0] and "entered" in kinds(events)
    assert s.is_chance and s.current_player == 0


def test_3_a_captured_piece_needs_a_grace_even_with_none_out():
    s = started([W, [10, 0, 0, 0], W, W])
    assert legal(s, (4,)) == set() and s.current_player == 1       # nothing to play: the throw is lost


def test_4_moving_is_optional_and_must_move_makes_it_compulsory():
    s = started([[20, 0, 0, 0], [84, 84, 84, 31], W, W])
    assert "pass" in legal(s, (3,))
    s.push("pass")
    assert places(s, 0)[0] == 20 and s.current_player == 1
    s = started([[20, 0, 0, 0], [84, 84, 84, 31], W, W], must_move=True)
    assert legal(s, (3,)) == {"3a"}
    refused(s, "pass", "must_move")


def test_5_own_and_partner_pieces_share_any_square():
    c = circuit_square(0, 20)
    s = started([[20, 17, 0, 0], [84, 84, 84, 31], [sq(2, c), 0, 0, 0], W])
    assert "3b" in legal(s, (3,))
    s.push("3b")
    assert places(s, 0)[:2] == [20, 20] and places(s, 2)[0] == sq(2, c)


def test_6_ending_on_an_open_square_captures_every_enemy_piece_there_and_throws_again():
    c = circuit_square(0, 20)
    s = started([[17, 0, 0, 0], [sq(1, c), sq(1, c), 0, 0], W, [sq(3, c), 0, 0, 0]])
    s.set_dice((3,))
    events = s.push("3a")
    assert kinds(events).count("captured") == 3
    assert places(s, 1) == [0, 0, 0, 0] and places(s, 3) == [0, 0, 0, 0]
    assert s.is_chance and s.current_player == 0                    # the capture throws again


def test_6_without_capture_rethrow_a_capture_ends_the_turn():
    c = circuit_square(0, 20)
    s = started([[17, 0, 0, 0], [sq(1, c), 0, 0, 0], W, W], capture_rethrow=False)
    s.set_dice((3,))
    s.push("3a")
    assert places(s, 1)[0] == 0 and s.current_player == 1


def test_7_a_castle_holding_the_other_team_is_closed_passing_it_is_free():
    c = circuit_square(0, 21)                                       # a castle
    assert c in CASTLES
    s = started([[17, 18, 0, 0], [sq(1, c), 0, 0, 0], W, W])
    assert legal(s, (4,)) == {"4b", "pass"}                         # 17 + 4 = 21 is closed; 18 + 4 passes it
    assert "castle" in s.explain("4a")


def test_7_own_and_partner_pieces_may_end_on_a_castle():
    c = circuit_square(0, 21)
    s = started([[17, 0, 0, 0], [84, 84, 84, 30], [sq(2, c), 0, 0, 0], W])
    assert "4a" in legal(s, (4,))


def test_8_pieces_in_the_own_column_are_out_of_every_enemy_reach():
    assert circuit_square(0, 77) is None and circuit_square(0, 3) is None
    s = started([[77, 0, 0, 0], [sq(1, 0) - 3, 0, 0, 0], W, W], to_move=1)
    s.set_dice((3,))
    events = s.push("3a")                                           # onto player 0's tip, beside the column
    assert "captured" not in kinds(events) and places(s, 0)[0] == 77


def test_9_home_by_exact_throw():
    s = started([[80, 0, 0, 0], [84, 84, 84, 30], W, W])
    assert legal(s, (4,)) == {"4a", "pass"}
    s = started([[80, 0, 0, 0], [84, 84, 84, 30], W, W])
    assert legal(s, (5,)) == set()
    s = started([[80, 0, 0, 0], [84, 84, 84, 30], W, W])
    s.set_dice((4,))
    events = s.push("4a")
    assert places(s, 0)[0] == 84 and "finished" in kinds(events)


def test_9_a_grace_bears_off_a_piece_stuck_on_the_last_square():
    s = started([[83, 0, 0, 0], [84, 84, 84, 30], W, W])
    assert "6a" in legal(s, (6,)) and legal(started([[83, 0, 0, 0], [84, 84, 84, 30], W, W]), (3,)) == set()
    s.push("6a")
    assert places(s, 0)[0] == 84


def test_9_second_circuit_at_the_tip_a_piece_may_go_round_again():
    s = started([[72, 0, 0, 0], [84, 84, 84, 30], W, W])
    assert legal(s, (10,)) == {"10a", "10a*", "10b+", "pass"}
    s.push("10a*")
    assert places(s, 0)[0] == 72 + 10 - 68
    s = started([[72, 0, 0, 0], [84, 84, 84, 30], W, W], second_circuit=False)
    assert legal(s, (10,)) == {"10a", "10b+", "pass"}
    s = started([[70, 0, 0, 0], [84, 84, 84, 30], W, W])
    assert legal(s, (25,)) == {"25a*", "25b+", "pass"}              # turning in would overshoot home


def test_10_a_player_whose_pieces_are_all_home_stops_throwing():
    s = started([[84, 84, 84, 80], [30, 0, 0, 0], [20, 0, 0, 0], [40, 0, 0, 0]])
    s.set_dice((4,))
    s.push("4d")
    assert not s.is_over and s.current_player == 1
    s.set_dice((3,)); s.push("3a")
    s.set_dice((3,)); s.push("3a")
    s.set_dice((3,)); s.push("3a")
    assert s.current_player == 1                                     # player 0 is skipped


def test_10_the_team_whose_eight_pieces_are_home_first_wins():
    s = started([[84, 84, 84, 80], [30, 0, 0, 0], HOME, [40, 0, 0, 0]])
    s.set_dice((4,))
    s.push("4d")
    assert s.is_over and s.result()["teams"] == [[0, 2], [1, 3]] and s.winner == 0


def test_10_finished_throws_for_partner_moves_the_partners_pieces():
    s = started([[84, 84, 84, 80], [30, 0, 0, 0], [20, 0, 0, 0], [40, 0, 0, 0]],
                finished_throws_for_partner=True)
    s.set_dice((4,))
    s.push("4d")
    for _ in range(3):
        s.set_dice((3,)); s.push("3a")
    assert s.current_player == 0
    assert legal(s, (3,)) == {"3a", "pass"}
    s.push("3a")
    assert places(s, 2)[0] == 26                                     # 20, 3 of its own, 3 of player 0's


# -- 3.3 rule 11: blockades ---------------------------------------------------------------------------
def blockaded(pieces, to_move=0, **options):
    return started(pieces, to_move, blockades=True, **options)


def test_11_without_blockades_two_pieces_block_nothing_and_never_move_together():
    c = circuit_square(0, 33)                                       # an open square
    s = started([[30, 30, 84, 84], [sq(1, c), sq(1, c), 0, 0], W, W])
    assert legal(s, (5,)) == {"5a", "5b", "pass"}                   # passing the two, no pair move
    s = started([[30, 30, 84, 84], [sq(1, c), sq(1, c), 0, 0], W, W])
    s.set_dice((3,))
    assert kinds(s.push("3a")).count("captured") == 2               # a single captures both
    s = started([[30, 30, 84, 84], [84, 84, 84, 20], W, W])
    s.set_dice((5,))
    refused(s, "5ab", "no such kind")


def test_11_a_blockade_bars_single_pieces_of_anyone_from_passing_or_landing():
    c = circuit_square(0, 33)
    enemy = [sq(1, c), sq(1, c), 0, 0]                              # an enemy blockade 3 ahead of piece a
    assert legal(blockaded([[30, 84, 84, 84], enemy, W, W]), (2,)) == {"2a", "pass"}
    assert legal(blockaded([[30, 84, 84, 84], enemy, W, W]), (3,)) == set()     # the throw is lost
    s = blockaded([[30, 20, 84, 84], enemy, W, W])
    assert legal(s, (3,)) == {"3b", "pass"}                         # landing on it
    assert "blockade" in s.explain("3a")
    s = blockaded([[30, 20, 84, 84], enemy, W, W])
    assert legal(s, (4,)) == {"4b", "pass"}                         # passing it
    assert "blockade" in s.explain("4a")
    s = blockaded([[30, 20, 84, 84], [84, 84, 84, 20], [sq(2, c), sq(2, c), 0, 0], W])
    assert legal(s, (5,)) == {"5b", "pass"}                         # the partner's blockade bars too
    s = blockaded([[30, 33, 33, 84], [84, 84, 84, 20], W, W])
    assert legal(s, (4,)) == {"4b", "4c", "4bc", "pass"}            # and the owner's own single piece


def test_11_a_blockade_is_two_pieces_of_one_player_not_of_two_partners():
    c = circuit_square(0, 33)
    s = blockaded([[30, 84, 84, 84], [sq(1, c), 0, 0, 0], W, [sq(3, c), 0, 0, 0]])
    s.set_dice((3,))
    events = s.push("3a")                                           # two partners' singles: captured, both
    assert kinds(events).count("captured") == 2 and places(s, 0)[0] == 33
    s = blockaded([[30, 84, 84, 84], [84, 84, 84, 20], [sq(2, c), 0, 0, 0], W])
    s.set_dice((5,))
    assert "5a" in legal(s)                                         # an own piece and a partner's: no blockade


def test_11_the_entering_piece_walks_from_the_charkoni_and_a_blockade_bars_it():
    c = circuit_square(0, 20)
    s = helpers.position("pachisi", [W, [sq(1, c), sq(1, c), 0, 0], W, W], blockades=True)
    assert legal(s, (25,)) == set()                                 # the first piece's free entry passes 20
    s = helpers.position("pachisi", [W, [sq(1, c), sq(1, c), 0, 0], W, W], blockades=True)
    assert legal(s, (10,)) == {"10a+", "pass"}


def test_11_two_pieces_of_a_place_may_move_together_on_one_throw_passing_blockades():
    c = circuit_square(0, 33)
    s = blockaded([[30, 30, 30, 84], [sq(1, c), sq(1, c), 0, 0], W, W])
    assert legal(s, (5,)) == {"5ab", "pass"}                        # the singles may not pass the blockade
    move = s.parse_move("5ab")
    assert (move.frm, move.to, move.kind) == (30, 35, 4)
    assert s.game.move_words(move).message("en") == "5 with pieces a+b together (5 each)"
    events = s.push("5ab")
    assert places(s, 0) == [35, 35, 30, 84]                         # two move; the third stays
    assert [(e.kind, e.piece) for e in events if e.kind == "moved"] == [("moved", 0), ("moved", 1)]


def test_11_pieces_moving_together_are_named_by_the_two_lowest_letters():
    s = blockaded([[30, 30, 84, 84], [84, 84, 84, 20], W, W])
    assert legal(s, (5,)) == {"5a", "5b", "5ab", "pass"}
    refused(s, "5ba")
    refused(s, "5ab+")
    s = blockaded([[30, 31, 84, 84], [84, 84, 84, 20], W, W])
    s.set_dice((5,))
    assert "not enough" in s.explain("5ab")


def test_11_a_blockade_is_captured_only_by_two_landing_together_and_all_go_back():
    c = circuit_square(0, 35)
    s = blockaded([[30, 30, 84, 84], [sq(1, c), sq(1, c), sq(1, c), 0], W, W])
    assert legal(s, (5,)) == {"5ab", "pass"}
    events = s.push("5ab")
    assert kinds(events).count("captured") == 3 and places(s, 1) == [0, 0, 0, 0]
    assert places(s, 0)[:2] == [35, 35]
    assert s.is_chance and s.current_player == 0                    # the capture throws again
    s = blockaded([[30, 30, 84, 84], [sq(1, c), 0, 0, 0], W, W])
    s.set_dice((5,))
    assert kinds(s.push("5ab")).count("captured") == 1              # a pair captures singles too


def test_11_a_castle_holding_the_other_team_stays_closed_to_pieces_moving_together():
    c = circuit_square(0, 38)
    assert c in CASTLES
    s = blockaded([[33, 33, 20, 84], [sq(1, c), sq(1, c), 0, 0], W, W])
    assert legal(s, (5,)) == {"5c", "pass"}
    assert "castle" in s.explain("5ab")
    s = blockaded([[33, 33, 84, 84], [84, 84, 84, 20], [sq(2, c), sq(2, c), 0, 0], W])
    assert "5ab" in legal(s, (5,))                                  # onto the partner's blockade on a castle


def test_11_a_pair_turns_in_goes_round_again_and_comes_home_together():
    s = blockaded([[72, 72, 84, 84], [84, 84, 84, 20], W, W])
    assert {"6ab", "6ab*"} <= legal(s, (6,))
    s.push("6ab*")
    assert places(s, 0)[:2] == [10, 10]
    s = blockaded([[80, 80, 0, 0], [84, 84, 84, 20], W, W])
    s.set_dice((4,))
    events = s.push("4ab")
    assert places(s, 0)[:2] == [84, 84] and kinds(events).count("finished") == 2
    s = blockaded([[83, 83, 84, 84], [84, 84, 84, 20], W, W])
    s.set_dice((25,))
    events = s.push("25ab")                                         # a grace bears both off the last square
    assert places(s, 0) == HOME and kinds(events).count("finished") == 2


# -- 3.4 presets ----------------------------------------------------------------------------------
def test_tylor_only_das_and_pachisi_start_a_man_moved_by_the_throw():
    s = position([W, W, W, W], preset="tylor1879")
    assert legal(s, (12,)) == set()
    s = position([W, W, W, W], preset="tylor1879")
    assert legal(s, (10,)) == {"10a+", "pass"}
    s.push("10a+")
    assert places(s, 0)[0] == 10 and s.is_chance and s.current_player == 0
    assert legal(s, (25,)) == {"25a", "25b+", "pass"}
    s.push("25b+")
    assert places(s, 0)[:2] == [10, 25]


def test_tylor_das_and_pachisi_bear_off_a_piece_stuck_on_the_last_square():
    s = started([[83, 10, 0, 0], [84, 84, 84, 30], W, W], preset="tylor1879")
    assert legal(s, (12,)) == {"12b", "pass"}
    s = started([[83, 10, 0, 0], [84, 84, 84, 30], W, W], preset="tylor1879")
    assert "10a" in legal(s, (10,))


def test_jones7_only_10_25_35_bring_a_piece_out_onto_place_1():
    s = position([W, W, W, W], preset="jones7")
    assert legal(s, (14,)) == set()
    s = position([W, W, W, W], preset="jones7")
    assert legal(s, (35,)) == {"35a+", "pass"}
    s.push("35a+")
    assert places(s, 0)[0] == 1 and s.current_player == 0


def test_jones7_seven_and_fourteen_throw_again_only_with_a_piece_out():
    s = position([W, W, W, W], preset="jones7")
    s.set_dice((7,))
    assert s.current_player == 1                                     # lost, and no throw again
    s = started([[20, 0, 0, 0], W, W, W], preset="jones7")
    s.set_dice((7,))
    s.push("7a")
    assert s.current_player == 0 and s.is_chance


# -- the game's surfaces ------------------------------------------------------------------------
def test_bad_moves_are_refused_by_name():
    s = started([[20, 0, 0, 0], [84, 84, 84, 30], W, W])
    s.set_dice((3,))
    refused(s, "3c", "charkoni")
    refused(s, "3a+", "not in the charkoni")
    refused(s, "4a", "showing 4")
    refused(s, "xyz")


def test_position_files_round_trip_and_refuse_two_teams_on_a_square():
    s = started([[20, 0, 84, 0], [84, 84, 84, 30], W, W])
    round_trip(s)
    c = circuit_square(0, 20)
    with pytest.raises(Exception, match="both teams"):
        started([[20, 0, 0, 0], [sq(1, c), 0, 0, 0], W, W])
    with pytest.raises(Exception, match="already won"):
        started([HOME, W, HOME, W])


def test_view_draws_castles_columns_and_the_charkoni():
    s = started([[20, 0, 84, 77], W, W, W])
    v = s.game.view(s.arr)
    assert sum(1 for q in v.squares.values() if q.kind == "castle") == 12
    assert sum(1 for q in v.squares.values() if q.kind == "house") == 28
    assert len(v.off_pieces[0]["charkoni"]) == 1 and len(v.off_pieces[0]["home"]) == 1


# -- properties -----------------------------------------------------------------------------------
@SETTINGS
@given(st.integers(0, 2 ** 32), st.sampled_from(["modern", "tylor1879", "jones7", "herklots1832"]),
       st.sampled_from(["each", "collect"]), st.booleans())
def test_random_games_keep_sixteen_pieces_and_replay(seed, preset, mode, blockades):
    g = make_game("pachisi", preset=preset, options={"throw_mode": mode, "blockades": blockades})
    s = g.new_state(seed=seed)
    rng = random.Random(seed)

    def check(state):
        for q in range(4):
            assert all(0 <= p <= 84 for p in places(state, q))
        sides = {}
        for q in range(4):
            for p in places(state, q):
                c = circuit_square(q, p)
                if c is not None:
                    sides.setdefault(c, set()).add(q % 2)
        assert all(len(v) == 1 for v in sides.values())

    helpers.random_play(s, rng, 400, check)
    data = dump_position(s)
    again = load_position(data, make_game)
    assert dump_position(again) == data and again.legal_actions() == s.legal_actions()


# -- the dice stream --------------------------------------------------------------------------
# chi-square critical values at 0.9999 (scipy.stats.chi2.ppf(0.9999, df)): df 6 and 7
CRITICAL = {6: 27.856, 7: 29.878}


@pytest.mark.parametrize("table, p", [("modern", "0.5"), ("jones7", "0.5"), ("modern", "0.3")])
def test_the_seeded_throws_follow_the_cowrie_chances(table, p):
    """64,000 throws of the seed's stream against C(n,k) p^k (1-p)^(n-k): a chi-square test."""
    g = make_game("pachisi", options={"cowrie_table": table, "cowrie_p": p})
    s = g.new_state(seed=2026)
    faces, weights = g.throw_values(), g.tab.weights
    counts = dict.fromkeys(faces, 0)
    n = 64_000
    for i in range(n):
        s.arr[K.H_ROLLS] = i
        counts[s.next_roll()[0]] += 1
    total = sum(weights)
    expected = [n * w / total for w in weights]
    chi2 = sum((counts[f] - e) ** 2 / e for f, e in zip(faces, expected))
    assert chi2 < CRITICAL[len(faces) - 1], (chi2, counts)


# -- throw_mode=collect (Herklots) ------------------------------------------------------------------
def test_collect_a_grace_is_kept_and_the_throws_are_played_in_any_order():
    s = started([[20, 30, 0, 0], [84, 84, 84, 31], W, W], throw_mode="collect")
    s.set_dice((25,))
    assert s.is_chance and s.current_player == 0 and legal(s) == set()     # kept: throw again
    assert s.game.turn_to_json(s.arr) == {"fresh": [], "kept": [25]}
    assert legal(s, (3,)) == {"3a", "3b", "25a", "25b", "25c+", "pass3", "pass25"}
    s = started([[20, 30, 0, 0], [84, 84, 84, 31], W, W], throw_mode="collect")
    s.set_dice((10,))
    s.set_dice((3,))
    assert legal(s) == {"3a", "3b", "10a", "10b", "10c+", "pass3", "pass10"}
    s.push("3b")
    assert legal(s) == {"10a", "10b", "10c+", "pass10"}
    s.push("10c+")
    assert places(s, 0) == [20, 33, 1, 0] and s.current_player == 1        # the turn is over


def test_collect_a_sixth_grace_in_a_row_is_played_and_the_throwing_goes_on():
    s = started([[20, 0, 0, 0], [84, 84, 84, 31], W, W], throw_mode="collect")
    for _ in range(5):
        s.set_dice((6,))
    s.set_dice((10,))
    assert sorted(s.dice) == [6, 6, 6, 6, 6, 10]
    while not s.is_chance:
        s.push("pass6" if "pass6" in legal(s) else "pass10")
    assert s.current_player == 0                                             # the sixth grace's throw


def test_collect_positions_keep_the_kept_throws():
    s = load_position({"game": "pachisi", "players": 4, "to_move": 0, "pieces": [[20, 0, 0, 0], [84, 84, 84, 31], W, W],
                       "turn": {"fresh": [], "kept": [25, 10]}, "options": {"throw_mode": "collect"}}, make_game)
    assert legal(s, (4,)) == {"4a", "10a", "10b+", "25a", "25b+", "pass4", "pass10", "pass25"}
    s.push("pass4")
    data = dump_position(s)
    assert dump_position(load_position(data, make_game)) == data
    with pytest.raises(Exception, match="throw_mode=collect"):
        load_position({"game": "pachisi", "players": 4, "pieces": [W, W, W, W], "turn": {"kept": [25]}}, make_game)
    with pytest.raises(Exception, match="graces"):
        load_position({"game": "pachisi", "players": 4, "pieces": [W, W, W, W], "turn": {"kept": [3]},
                       "options": {"throw_mode": "collect"}}, make_game)



# -- herklots1832 -----------------------------------------------------------------------------------
def test_herklots_a_pachisi_adds_a_move_of_1_the_only_way_in():
    s = position([W, W, W, W], preset="herklots1832")
    s.set_dice((10,))
    assert s.is_chance and s.current_player == 0                            # a grace: kept
    assert legal(s, (2,)) == set()                                          # 10 and 2 bring nothing out
    s = position([W, W, W, W], preset="herklots1832")
    s.set_dice((25,))
    assert legal(s, (3,)) == {"1a+", "pass3", "pass25", "pass1"}           # only the 25's 1 brings a piece out
    s.push("1a+")
    assert places(s, 0)[0] == 1
    assert legal(s) == {"3a", "25a", "pass3", "pass25"}                     # the 1 is spent
    s.push("25a")
    s.push("3a")
    assert places(s, 0)[0] == 29 and s.current_player == 1


def test_herklots_three_equal_throws_in_a_row_do_not_count():
    s = started([[20, 0, 0, 0], [84, 84, 84, 31], W, W], preset="herklots1832")
    s.set_dice((6,))
    s.set_dice((6,))
    s.set_dice((6,))
    assert "kept" not in s.game.turn_to_json(s.arr)
    assert s.is_chance and s.current_player == 0                            # none counts; a grace throws again
    assert legal(s, (4,)) == {"4a", "pass"}
