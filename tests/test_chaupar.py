"""Chaupar rule scenarios (docs/games/chaupar.md: every rule sentence there) and Chaupar properties.

Places are the player's own: 6, 7 own middle column outward, 8 own tip, 8..75 the circuit, 76 own tip
again, 77..83 own middle column inward, 84 home.  In a 4-player game player q sits at seat q; the
circuit square of place p is (p - 8 + 17 q) mod 68, and `at(q, g)` is the place of player q's piece on
square g.  Castles: squares 0, 4, 13 and the same in every quarter (17 squares)."""
from functools import partial

from hypothesis import given, settings, strategies as st
import pytest

import helpers
from helpers import kinds, legal, places, refused, round_trip
from pachisi import GameError, IllegalMove, make_game
from pachisi.engine import kernel as K
from pachisi.engine.options import OptionError
from pachisi.games.cloth import circuit_square

SETTINGS = settings(max_examples=12, deadline=None)
position = partial(helpers.position, "chaupar")
AWAY = [84, 84, 84, 80]        # a player out of the way: three pieces home, one in his own middle column
HOME = [84, 84, 84, 84]


def at(q, g):
    """Player q's place on circuit square g (4 players)."""
    return (g - 17 * q) % 68 + 8


# -- 1. board, seats, teams, start ------------------------------------------------------------------
def test_every_piece_starts_on_the_board_on_places_6_7_9_10():
    s = make_game("chaupar").new_state(seed=3)
    assert all(places(s, q) == [6, 7, 9, 10] for q in range(4))
    s = make_game("chaupar", options={"start": "6-7-23-24"}).new_state(seed=3)
    assert all(places(s, q) == [6, 7, 23, 24] for q in range(4))


def test_four_players_play_in_teams_partners_opposite():
    assert make_game("chaupar").teams == ((0, 2), (1, 3))
    with pytest.raises(OptionError, match="4 to 4 players"):
        make_game("chaupar", 2)


def test_the_path_goes_out_round_the_circuit_and_up_the_own_middle_column():
    g = make_game("chaupar")
    b = g.board
    path = g.view(g.new_state(seed=1).arr).paths[0]
    assert path[6] == b.lane(0)[1] and path[7] == b.lane(0)[0] and path[8] == path[76] == b.track[0]
    assert path[9] == b.track[1] and path[75] == b.track[67]
    assert path[77:84] == list(b.lane(0)) and path[84] in b.charkoni()
    assert g.view(g.new_state(seed=1).arr).paths[1][8] == b.track[17]          # seat 1's tip


# -- 2. dice and the turn ---------------------------------------------------------------------------------
def test_three_long_dice_marked_1_2_5_6_or_two_marked_1_3_4_6():
    g = make_game("chaupar")
    assert g.dice_faces() == [(1, 2, 5, 6)] * 3 and g.dice_weights() == [(1, 1, 1, 1)] * 3
    outcomes = g.new_state(seed=1).chance_outcomes()
    assert len(outcomes) == 64 and sum(p for _, p in outcomes) == pytest.approx(1)
    assert sum(sum(r) * p for r, p in outcomes) == pytest.approx(10.5)
    assert len([r for r, _ in outcomes if r[0] == r[1] == r[2]]) == 4
    assert make_game("chaupar", options={"long_dice": "two1346"}).dice_faces() == [(1, 3, 4, 6)] * 2
    s = position([[35, 84, 84, 84], AWAY, HOME, AWAY])
    with pytest.raises(IllegalMove):
        s.set_dice((3, 1, 2))


def test_the_long_dice_stream_is_uniform_over_the_64_throws():
    """A chi-square test of 64,000 seeded throws against 1/64 each (63 degrees of freedom: the 0.1% critical
    value is 103.4)."""
    s = make_game("chaupar").new_state(seed=2026)
    counts = {}
    for _ in range(64_000):
        dice = s.next_roll()
        counts[dice] = counts.get(dice, 0) + 1
        s.arr[K.H_ROLLS] += 1
    assert len(counts) == 64 and set(v for r in counts for v in r) == {1, 2, 5, 6}
    chi2 = sum((c - 1000) ** 2 / 1000 for c in counts.values())
    assert chi2 < 103.4


def test_each_die_moves_one_piece_and_one_piece_may_take_several_dice():
    s = position([[35, 84, 84, 84], AWAY, HOME, AWAY])
    assert legal(s, (5, 1, 2)) == {"5a", "1a", "2a"}
    helpers.play(s, "5a", "1a")
    assert places(s, 0)[0] == 41 and legal(s) == {"2a"}
    events = s.push("2a")
    assert places(s, 0)[0] == 43
    assert kinds(events)[-1] == "pass" and s.is_chance and s.current_player == 1     # no throw again


def test_every_die_that_can_be_played_must_be():
    s = position([[74, 83, 84, 84], AWAY, HOME, AWAY])
    assert legal(s, (1, 5, 5)) == {"1b", "5a"}
    refused(s, "1a", "every die that can be played must be")


def test_an_unplayable_die_is_lost():
    s = position([[80, 84, 84, 84], AWAY, HOME, AWAY])
    assert legal(s, (5, 6, 1)) == {"1a"}
    events = s.push("1a")
    assert [e.a for e in events if e.kind == "burned"] == [5, 6] and s.current_player == 1


# -- 3. capture ---------------------------------------------------------------------------------------
def test_ending_on_a_single_enemy_piece_sends_it_back_to_place_6():
    s = position([[35, 84, 84, 84], [at(1, 32), 84, 84, 80], HOME, AWAY])
    s.set_dice((5, 1, 1))
    events = s.push("5a")
    assert places(s, 1)[0] == 6 and [(e.kind, e.player, e.piece) for e in events] == [("captured", 1, 0), ("moved", 0, 0)]


def test_two_pieces_of_one_player_cannot_be_captured():
    s = position([[35, 84, 84, 84], [at(1, 32), at(1, 32), 84, 80], HOME, AWAY])
    s.set_dice((5, 1, 1))
    assert "captured" not in kinds(s.push("5a"))
    assert places(s, 1)[:2] == [at(1, 32)] * 2 and places(s, 0)[0] == 40


def test_a_partner_pair_is_two_singles_and_both_are_captured():
    s = position([[35, 84, 84, 84], [at(1, 32), 84, 84, 80], HOME, [at(3, 32), 84, 84, 80]])
    s.set_dice((5, 1, 1))
    events = s.push("5a")
    assert sorted((e.player, e.piece) for e in events if e.kind == "captured") == [(1, 0), (3, 0)]
    assert places(s, 1)[0] == places(s, 3)[0] == 6


def test_a_partners_piece_is_never_captured():
    s = position([[35, 84, 84, 84], AWAY, [at(2, 32), 84, 84, 84], AWAY])
    s.set_dice((5, 1, 1))
    assert "captured" not in kinds(s.push("5a")) and places(s, 2)[0] == at(2, 32)


# -- 4. castles ----------------------------------------------------------------------------------------
def test_an_enemy_may_not_end_on_a_castle_holding_a_piece_of_the_other_side():
    s = position([[37, 84, 84, 84], [at(1, 34), 84, 84, 80], HOME, AWAY])
    assert legal(s, (5, 1, 1)) == {"1a"}
    refused(s, "5a", "castle holding a piece of the other side")


def test_a_partner_shares_a_castle_and_passing_a_castle_is_free():
    s = position([[37, 84, 84, 84], AWAY, [at(2, 34), 84, 84, 84], AWAY])
    assert legal(s, (5, 1, 1)) == {"5a", "1a"}
    s = position([[33, 84, 84, 84], [at(1, 34), 84, 84, 80], HOME, AWAY])
    assert "6a" in legal(s, (6, 1, 1))


def test_the_castles_are_drawn_only_when_the_rules_have_them():
    for castles, count in (("pachisi", 12), ("none", 0)):
        g = make_game("chaupar", options={"castles": castles})
        assert sum(sq.kind == "castle" for sq in g.view(g.new_state(seed=1).arr).squares.values()) == count


def test_without_castles_a_piece_on_a_castle_square_is_captured():
    s = position([[37, 84, 84, 84], [at(1, 34), 84, 84, 80], HOME, AWAY], castles="none")
    s.set_dice((5, 1, 1))
    assert "captured" in kinds(s.push("5a"))


# -- 5. stacks moving together -------------------------------------------------------------------------------
def test_two_equal_dice_move_two_pieces_of_one_place_together_twice_the_die():
    s = position([[40, 40, 84, 84], AWAY, HOME, AWAY])
    assert legal(s, (5, 5, 1)) == {"5a", "5b", "1a", "1b", "5ab"}
    events = s.push("5ab")
    assert places(s, 0)[:2] == [50, 50] and s.dice == (1,)
    assert [(e.kind, e.piece, e.a, e.b) for e in events] == [("moved", 0, 40, 50), ("moved", 1, 40, 50)]


def test_a_pair_move_is_a_single_action_named_by_its_first_piece():
    s = position([[40, 40, 84, 84], AWAY, HOME, AWAY])
    s.set_dice((5, 5, 1))
    [m] = [m for m in s.legal_moves() if m.text == "5ab"]
    assert (m.kind, m.piece, m.die, m.frm, m.to) == (1, 0, 5, 40, 50)
    assert "named by the first letter" in s.explain("5ba")


def test_pieces_move_together_from_one_place_not_from_both_ends_of_the_tip():
    s = position([[8, 76, 84, 84], AWAY, HOME, AWAY])
    assert legal(s, (5, 5, 1)) == {"5a", "5b", "1a", "1b"}


def test_a_pair_move_captures_a_single_enemy_where_it_lands():
    s = position([[30, 30, 84, 84], [at(1, 32), 84, 84, 80], HOME, AWAY])
    s.set_dice((5, 5, 2))
    assert "captured" in kinds(s.push("5ab"))


def test_one_piece_alone_or_unequal_dice_give_no_move_together():
    s = position([[40, 41, 84, 84], AWAY, HOME, AWAY])
    assert legal(s, (5, 5, 1)) == {"5a", "5b", "1a", "1b"}
    assert "not enough of your pieces" in s.explain("5ab")
    s = position([[40, 40, 84, 84], AWAY, HOME, AWAY])
    s.set_dice((5, 6, 1))
    assert "two equal dice" in s.explain("5ab")


def test_a_triple_moves_three_pieces_of_one_place_together_as_the_first_play():
    s = position([[40, 40, 40, 84], AWAY, HOME, AWAY])
    assert legal(s, (6, 6, 6)) == {"6a", "6b", "6c", "6ab", "6abc"}
    s.push("6abc")
    assert places(s, 0)[:3] == [52, 52, 52] and s.is_chance            # 6-6-6 moves them 12, all three dice
    s = position([[40, 40, 40, 84], AWAY, HOME, AWAY])
    s.set_dice((2, 2, 2))
    s.push("2abc")
    assert places(s, 0)[:3] == [44, 44, 44]


def test_one_one_one_and_five_five_five_give_no_triple_move():
    for d in (1, 5):
        s = position([[40, 40, 40, 84], AWAY, HOME, AWAY])
        assert f"{d}abc" not in legal(s, (d, d, d)) and f"{d}ab" in legal(s)
        assert "only on 6-6-6 or 2-2-2" in s.explain(f"{d}abc")


def test_a_triple_is_not_played_after_a_first_play():
    s = position([[40, 40, 40, 40], AWAY, HOME, AWAY])
    s.set_dice((6, 6, 6))
    s.push("6d")
    assert "6abc" not in legal(s) and "as the roll's first play" in s.explain("6abc")


# -- 6. finish, partner, win -----------------------------------------------------------------------------------
def test_home_is_reached_by_exact_count_up_the_own_middle_column():
    s = position([[82, 84, 84, 84], AWAY, HOME, AWAY])
    assert legal(s, (5, 6, 2)) == {"2a"}
    events = s.push("2a")
    assert ("finished", 0, 0) in [(e.kind, e.player, e.piece) for e in events]
    s = position([[82, 84, 84, 84], AWAY, HOME, AWAY])
    s.set_dice((5, 6, 2))
    assert "overshoots" in s.explain("5a")


def test_a_piece_in_the_own_middle_column_is_out_of_every_enemys_reach():
    assert all(circuit_square(0, p) is None for p in (6, 7, *range(77, 85)))
    assert circuit_square(0, 8) == circuit_square(0, 76) == 0


def test_a_player_whose_pieces_are_all_home_throws_and_moves_his_partners():
    s = position([HOME, AWAY, [40, 84, 84, 84], AWAY])
    assert legal(s, (5, 1, 2)) == {"5a", "1a", "2a"}
    assert {m.player for m in s.legal_moves()} == {2}
    helpers.play(s, "5a", "1a", "2a")
    assert places(s, 2)[0] == 48 and s.current_player == 1


def test_two_pieces_home_together_both_finish_and_win_for_the_side():
    s = position([[80, 80, 84, 84], AWAY, HOME, AWAY])
    s.set_dice((2, 2, 5))
    events = s.push("2ab")
    assert [(e.kind, e.piece) for e in events if e.kind in ("finished", "won")] == \
        [("finished", 0), ("finished", 1), ("won", 0), ("won", 0)]
    assert s.is_over and s.result()["teams"] == [[0, 2], [1, 3]]


def test_the_side_whose_eight_pieces_are_home_first_wins():
    s = position([[83, 84, 84, 84], AWAY, HOME, AWAY])
    s.set_dice((1, 5, 6))
    events = s.push("1a")
    assert s.is_over and s.winner in (0, 2) and s.result()["teams"] == [[0, 2], [1, 3]]
    assert [e.player for e in events if e.kind == "won"] == [0, 2]


# -- 7. notation, position files, options ------------------------------------------------------------------------
def test_bad_notation_and_bad_positions_are_refused_by_name():
    s = position([[40, 84, 84, 84], AWAY, HOME, AWAY])
    s.set_dice((5, 1, 2))
    refused(s, "7a", "die and piece")
    refused(s, "6a", "no die of this roll")
    with pytest.raises(GameError, match="off the board"):
        position([[5, 84, 84, 84], AWAY, HOME, AWAY])
    with pytest.raises(GameError, match="share a castle"):
        position([[at(0, 4), 84, 84, 84], [at(1, 4), 84, 84, 80], HOME, AWAY])
    with pytest.raises(GameError, match="already won"):
        position([HOME, AWAY, HOME, AWAY])


def test_a_position_file_round_trips():
    s = position([[40, 40, 12, 84], [6, 7, 9, 10], [77, 84, 84, 84], AWAY], castles="none")
    round_trip(s)
    s.set_dice((5, 5, 1))
    s.push("5ab")
    round_trip(s)


# -- 8. properties -------------------------------------------------------------------------------------------------
def sound(state):
    g = state.game
    for q in range(g.players):
        assert all(6 <= p <= 84 for p in places(state, q))                 # pieces conserved, on the board
    if g.opts["castles"] == "pachisi":
        for c in sorted(g.tab.castles):
            sides = {q % 2 for q in range(g.players) for p in places(state, q) if circuit_square(q, p) == c}
            assert len(sides) <= 1


@SETTINGS
@given(seed=st.integers(0, 2 ** 32), preset=st.sampled_from(["seed", "parlett", "ludii"]))
def test_random_games_stay_sound_end_and_replay_the_same(seed, preset):
    g = make_game("chaupar", 4, preset)
    helpers.random_game_refusing(g, seed, sound, ("6abc", "1ab", "5d", "2c"))
