"""Team play (the family notes §5.3-5.5): Parchís por parejas, Ludo team-up and the `teams` option.

Partners sit opposite: players 0 and 2 against 1 and 3 (on six seats 0 3, 1 4, 2 5).  A partner's
piece is never captured and counts as one's own where a piece lands; blocks and barriers stay one
colour (a partner's block lets a Ludo piece by as one's own does); a team wins when all its pieces
are home (Parchís: `pair_win`, by default when the first partner is), the team's players share its
place; a player whose pieces are all home goes on rolling and moves his partner's
(`partner_plays`).  Ludo places: -1 yard, 0..50 ring from the own start (seat k starts on global
13k), 51..55 home column, 56 centre.  Parchís: -1 home, 0..63 ring from the own exit (seat k exits
on square 17k + 5), 64..70 corridor, 71 meta.  Parcheesi: the same places (nest, home row, Home),
space numbers as Parchís's squares (helpers.ring68_place)."""
import random

from hypothesis import given, settings, strategies as st
import pytest

import helpers
from helpers import legal, places, random_team_game, refused, ring68_place as space
from pachisi import OptionError, make_game
from pachisi.bots import make_bot
from pachisi.engine.game import GameError
from pachisi.engine.position import dump_position, load_position

SETTINGS = settings(max_examples=10, deadline=None)
Y = [-1, -1, -1, -1]


def ludo(pieces, to_move=0, **options):
    return helpers.position("ludo", pieces, to_move, teams="opposite", **options)


def parchis(pieces, to_move=0, **options):
    return helpers.position("parchis", pieces, to_move, teams="opposite", **options)


def parcheesi(pieces, to_move=0, **options):
    return helpers.position("parcheesi", pieces, to_move, teams="opposite", **options)


def lplace(seat, g):
    """Ludo: the place of seat's piece on global square g (four seats)."""
    return (g - 13 * seat) % 52


def pplace(seat, square):
    """Parchís: the place of seat's piece on square number `square` (four seats)."""
    return ((square - 5) % 68 - 17 * seat) % 68


# -- who plays with whom ---------------------------------------------------------------------------
@pytest.mark.parametrize("game,players,seats,teams", [
    ("ludo", 4, 4, ((0, 2), (1, 3))), ("ludo", 6, 6, ((0, 3), (1, 4), (2, 5))),
    ("parchis", 8, 8, ((0, 4), (1, 5), (2, 6), (3, 7))), ("parchis", 4, 8, ((0, 2), (1, 3)))])
def test_partners_sit_opposite(game, players, seats, teams):
    g = make_game(game, players, options={"teams": "opposite", "seats": seats})
    assert g.teams == teams
    for a, b in teams:
        assert (g.seats[b] - g.seats[a]) % seats == seats // 2


def test_each_plays_for_himself_by_default():
    assert make_game("ludo", 4).teams == () and make_game("parchis", 8).teams == ()
    assert make_game("parchis", 4, options={"teams": "opposite"}).partner(1) == 3


# -- bad input -----------------------------------------------------------------------------------
@pytest.mark.parametrize("game,players", [("parchis", 2), ("parchis", 3), ("parchis", 5), ("parcheesi", 3)])
def test_teams_need_an_even_number_of_players_four_or_more(game, players):
    with pytest.raises(OptionError, match="even number of players, four or more, not %d" % players):
        make_game(game, players, options={"teams": "opposite"})


def test_parcheesi_blockade_turns_is_refused_in_team_play():
    with pytest.raises(OptionError, match="blockade_turns"):
        make_game("parcheesi", 4, options={"teams": "opposite", "blockade_turns": 2})


def test_parcheesi_position_with_opposing_pawns_on_one_space_is_refused():
    with pytest.raises(GameError, match="pawns of opposing teams never share a space"):
        parcheesi([[space(0, 15), -1, -1, -1], [space(1, 15), -1, -1, -1], Y, Y])
    assert places(parcheesi([[space(0, 15), -1, -1, -1], Y, [space(2, 15), -1, -1, -1], Y]), 2)[0] == 44


def test_a_seat_count_the_board_lacks_is_refused():
    with pytest.raises(OptionError, match="seats"):
        make_game("ludo", 4, options={"teams": "opposite", "seats": 8})


def test_an_unknown_team_mode_is_refused():
    with pytest.raises(OptionError, match="teams"):
        make_game("ludo", 4, options={"teams": "adjacent"})


def test_position_partners_on_one_square_without_blocks_is_refused():
    with pytest.raises(GameError, match="partners 0 and 2 have more than 1 piece there"):
        ludo([[10, -1, -1, -1], Y, [lplace(2, 10), -1, -1, -1], Y])


def test_position_partners_sharing_an_unsafe_square_with_blocks_is_allowed():
    s = ludo([[10, -1, -1, -1], Y, [lplace(2, 10), -1, -1, -1], Y], blocks=True)
    assert places(s, 2)[0] == 36


def test_position_with_a_whole_team_home_is_refused():
    with pytest.raises(GameError, match="players 0 and 2 have already won"):
        ludo([[56] * 4, Y, [56] * 4, Y])


def test_position_with_one_partner_home_is_a_game_under_way():
    s = ludo([[56] * 4, Y, [10, -1, -1, -1], Y])
    assert not s.is_over


def test_position_with_a_parchis_pair_partner_home_is_refused_when_the_first_wins():
    with pytest.raises(GameError, match="player 1 has already won for the team"):
        parchis([Y, [71] * 4, Y, Y])
    assert not parchis([Y, [71] * 4, Y, Y], pair_win="both_partners").is_over


# -- a partner's piece ---------------------------------------------------------------------------------
def test_ludo_a_partners_piece_is_not_captured_and_is_landed_on_as_ones_own():
    # player 2's piece on global 13 (a 3 from player 0's piece a), player 3's on global 12
    pieces = [[10, 20, -1, -1], Y, [lplace(2, 13), -1, -1, -1], [lplace(3, 12), -1, -1, -1]]
    assert legal(ludo(pieces), [3]) == {"3b"}
    assert legal(helpers.position("ludo", pieces, 0), [3]) == {"3a", "3b"}
    s = ludo(pieces)
    s.set_dice([3])
    refused(s, "3a", "two of your own pieces")


def test_ludo_an_opponents_piece_is_still_captured():
    s = ludo([[10, 20, -1, -1], Y, [lplace(2, 13), -1, -1, -1], [lplace(3, 12), -1, -1, -1]])
    assert legal(s, [2]) == {"2a", "2b"}
    s.push("2a")
    assert places(s, 3) == [-1, -1, -1, -1]


def test_ludo_a_partners_block_is_passed_as_ones_own_an_opponents_is_not():
    partner_block = [[10, -1, -1, -1], Y, [lplace(2, 12)] * 2 + [-1, -1], Y]
    assert legal(ludo(partner_block, blocks=True), [4]) == {"4a"}
    foe_block = [[10, -1, -1, -1], Y, Y, [lplace(3, 12)] * 2 + [-1, -1]]
    assert legal(ludo(foe_block, blocks=True), [4]) == set()


def test_parchis_a_partners_piece_is_not_captured_and_shares_an_unsafe_square():
    # square 10 is no seguro; player 2's piece there, player 0's piece on 7 (place 2) moves 3
    s = parchis([[pplace(0, 7), -1, -1, -1], Y, [pplace(2, 10), -1, -1, -1], Y])
    assert legal(s, [3]) == {"3a"}
    s.push("3a")
    assert places(s, 2)[0] == pplace(2, 10) and places(s, 0)[0] == pplace(0, 10)


def test_parchis_a_square_of_a_piece_and_a_partners_is_full():
    s = parchis([[pplace(0, 7), pplace(0, 10), -1, -1], Y, [pplace(2, 10), -1, -1, -1], Y])
    assert legal(s, [3]) == {"3b"}


def test_parchis_mixed_pair_is_no_barrier():
    # player 0's piece b and player 2's piece on square 10: player 0's piece a passes them
    s = parchis([[pplace(0, 7), pplace(0, 10), -1, -1], Y, [pplace(2, 10), -1, -1, -1], Y])
    assert legal(s, [4]) == {"4a", "4b"}


def test_parchis_mixed_barrier_on_a_piece_and_a_partners_form_a_barrier():
    s = parchis([[pplace(0, 7), pplace(0, 10), -1, -1], Y, [pplace(2, 10), -1, -1, -1], Y], mixed_barrier=True)
    assert legal(s, [4]) == {"4b"}


def test_ludo_mixed_blocks_partners_block_an_opponent_together():
    # players 0 and 2 share global 12; player 3's piece on global 10 may neither pass nor land there
    pieces = [[12, -1, -1, -1], Y, [lplace(2, 12), -1, -1, -1], [lplace(3, 10), -1, -1, -1]]
    assert legal(ludo(pieces, 3, blocks=True), [4]) == set()
    assert legal(ludo(pieces, 3, blocks=True), [2]) == set()
    assert legal(ludo(pieces, 3, blocks=True, mixed_blocks=False), [4]) == {"4a"}
    s = ludo(pieces, 3, blocks=True, mixed_blocks=False)
    assert legal(s, [2]) == {"2a"}
    s.push("2a")
    assert places(s, 0)[0] == -1 and places(s, 2)[0] == -1


def test_parchis_a_partners_barrier_blocks_as_any_barrier():
    s = parchis([[pplace(0, 7), 30, -1, -1], Y, [pplace(2, 10)] * 2 + [-1, -1], Y])
    assert legal(s, [4]) == {"4b"}


def test_parchis_leaving_home_onto_own_and_partners_piece_is_closed():
    s = parchis([[0, 30, -1, -1], Y, [pplace(2, 5), -1, -1, -1], Y])
    assert legal(s, [5]) == {"5a", "5b"}          # piece c may not leave home


def test_parchis_leaving_home_captures_the_opponent_not_the_partner():
    s = parchis([[20, -1, -1, -1], [pplace(1, 5), -1, -1, -1], [pplace(2, 5), -1, -1, -1], Y])
    assert legal(s, [5]) == {"5b"}
    s.push("5b")
    assert places(s, 1)[0] == -1 and places(s, 2)[0] == pplace(2, 5)


def test_parcheesi_a_partners_pawn_is_not_captured_and_stacks_as_ones_own():
    # space 15 is not safe: player 2's pawn there, player 0's pawn on 12 moves 3
    pieces = [[space(0, 12), -1, -1, -1], Y, [space(2, 15), -1, -1, -1], Y]
    s = parcheesi(pieces)
    assert legal(s, [3, 1]) == {"3a", "1a"}
    s.push("3a")
    assert places(s, 2)[0] == space(2, 15) and places(s, 0)[0] == space(0, 15)
    assert legal(s) == {"1a"}                     # no capture: no bonus of 20
    alone = helpers.position("parcheesi", pieces, 0)
    alone.set_dice([3, 1])
    alone.push("3a")
    assert places(alone, 2)[0] == -1


def test_parcheesi_a_partners_pawn_may_be_joined_on_a_safe_space():
    pieces = [[space(0, 9), -1, -1, -1], Y, [space(2, 12), -1, -1, -1], Y]
    assert legal(parcheesi(pieces), [3, 1]) == {"3a", "1a"}
    assert legal(helpers.position("parcheesi", pieces, 0), [3, 1]) == {"1a"}


def test_parcheesi_a_space_of_a_pawn_and_a_partners_is_full():
    s = parcheesi([[space(0, 12), space(0, 15), -1, -1], Y, [space(2, 15), -1, -1, -1], Y])
    assert legal(s, [3, 1]) == {"1a", "1b", "3b"}
    refused(s, "3a", "two pawns already stand there")


def test_parcheesi_a_pair_of_partners_is_no_blockade():
    # players 1 and 3 (partners) share space 15: player 0's pawn passes them, may not land there
    pair = [[space(0, 12), -1, -1, -1], [space(1, 15), -1, -1, -1], Y, [space(3, 15), -1, -1, -1]]
    assert legal(parcheesi(pair), [4, 2]) == {"4a", "2a"}
    assert legal(parcheesi(pair), [3, 6]) == {"6a"}
    s = parcheesi(pair)
    s.set_dice([3, 6])
    refused(s, "3a", "two pawns already stand there")
    blockade = [[space(0, 12), -1, -1, -1], [space(1, 15)] * 2 + [-1, -1], Y, Y]
    assert legal(parcheesi(blockade), [4, 2]) == {"2a"}


def test_parcheesi_entering_joins_a_partners_pawn_and_captures_an_opponents():
    s = parcheesi([Y, Y, [space(2, 5), -1, -1, -1], Y])
    assert legal(s, [5, 2]) == {"5a"}
    s.push("5a")
    assert places(s, 2)[0] == space(2, 5) and places(s, 0)[0] == 0
    s = parcheesi([Y, [space(1, 5), -1, -1, -1], Y, Y])
    s.set_dice([5, 2])
    s.push("5a")
    assert places(s, 1)[0] == -1


def test_parcheesi_the_entry_space_with_a_pawn_and_a_partners_is_full():
    s = parcheesi([[0, -1, -1, -1], Y, [space(2, 5), -1, -1, -1], Y])
    assert legal(s, [5, 2]) == {"2a"}              # then the 5 enters pawn b
    refused(s, "5b", "two pawns already stand there")
    s.push("2a")
    assert legal(s) == {"5b"}


# -- the team's win and places --------------------------------------------------------------------------
def test_ludo_one_partner_home_does_not_win():
    s = ludo([[56, 56, 56, 55], Y, [10, -1, -1, -1], Y])
    assert legal(s, [1]) == {"1d"}
    s.push("1d")
    assert not s.is_over and s.finish_order == [] and s.winner is None


def test_ludo_the_second_partner_home_wins_for_both_the_first_named_winner():
    s = ludo([[56] * 4, Y, [56, 56, 56, 55], Y], to_move=2)
    assert legal(s, [1]) == {"1d"}
    s.push("1d")
    assert s.is_over
    assert s.winner == 0 and s.finish_order == [0, 2]
    assert s.result() == {"winner": 0, "order": [0, 2], "over": True, "teams": [[0, 2]]}


def test_ludo_playing_for_places_the_last_team_takes_second_place():
    s = ludo([[56] * 4, Y, [56, 56, 56, 55], Y], to_move=2, play_for_places=True)
    s.set_dice([1])
    s.push("1d")
    assert s.is_over and s.finish_order == [0, 2, 1, 3] and s.result()["teams"] == [[0, 2], [1, 3]]


def test_parchis_pair_win_first_partner_the_pair_of_the_first_home_wins():
    s = parchis([[71, 71, 71, 70], Y, [10, -1, -1, -1], Y])
    assert legal(s, [1]) == {"1d"}
    s.push("1d")
    assert s.is_over and s.winner == 0 and s.finish_order == [0, 2]


def test_parchis_pair_win_both_partners_waits_for_the_partner():
    s = parchis([[71, 71, 71, 70], Y, [10, -1, -1, -1], Y], pair_win="both_partners")
    s.set_dice([1])
    s.push("1d")
    assert not s.is_over and s.finish_order == []


def test_parchis_six_seats_three_pairs_play_on_for_places():
    g = make_game("parchis", 6, options={"teams": "opposite", "seats": 6, "play_for_places": True})
    s = load_position({"game": "parchis", "players": 6, "to_move": 0, "pieces": [
        [105, 105, 105, 104], Y, Y, Y, Y, Y], "options": dict(g.opts)}, make_game)
    s.set_dice([1])
    s.push("1d")
    assert not s.is_over and s.finish_order == [0, 3] and s.result()["teams"] == [[0, 3]]


# -- a finished player moves his partner's pieces -------------------------------------------------------
def test_ludo_a_finished_player_moves_his_partners_pieces():
    s = ludo([[56] * 4, Y, [10, -1, -1, -1], Y])
    assert legal(s, [6]) == {"6a", "6b"}
    moves = {m.text: m for m in s.legal_moves()}
    assert moves["6a"].player == 2 and (moves["6a"].frm, moves["6a"].to) == (10, 16)
    s.push("6a")
    assert places(s, 2) == [16, -1, -1, -1]


def test_ludo_partner_plays_off_a_finished_players_roll_is_lost():
    s = ludo([[56] * 4, Y, [10, -1, -1, -1], Y], partner_plays=False)
    assert legal(s, [6]) == set()


def test_parchis_both_partners_a_finished_player_moves_his_partners_pieces():
    s = parchis([[71] * 4, Y, [10, -1, -1, -1], Y], pair_win="both_partners")
    assert legal(s, [3]) == {"3a"}
    s = parchis([[71] * 4, Y, [10, -1, -1, -1], Y], pair_win="both_partners")
    assert legal(s, [5]) == {"5b"}                # the partner's 5 must bring his piece out


def test_parcheesi_one_partner_home_does_not_win_his_dice_and_bonus_move_his_partners_pawns():
    s = parcheesi([[71, 71, 71, 70], Y, [space(2, 15), -1, -1, -1], Y])
    assert legal(s, [1, 2]) == {"1d"}
    s.push("1d")
    assert not s.is_over
    moves = {m.text: m for m in s.legal_moves()}
    assert set(moves) == {"2a"} and moves["2a"].player == 2
    s.push("2a")
    assert legal(s) == {"10a"}                     # the bonus for Home, played with the partner's pawn
    s.push("10a")
    assert places(s, 2)[0] == space(2, 15) + 12


def test_parcheesi_the_team_wins_when_all_eight_pawns_are_home():
    s = parcheesi([[71] * 4, Y, [71, 71, 71, 70], Y], to_move=2)
    assert legal(s, [1, 2]) == {"1d"}
    s.push("1d")
    assert s.is_over and s.winner == 0 and s.finish_order == [0, 2]
    assert s.result()["teams"] == [[0, 2]]


def test_parcheesi_a_partners_blockade_may_not_move_on_together_in_the_rest_of_the_roll():
    # 2-2 gives 2, 2, 5, 5: the 2s bring player 0's last pawns Home, the 5s then move player 2's pawns,
    # whose blockade on place 10 may not end the roll together on 15
    s = parcheesi([[71, 71, 69, 69], Y, [10, 10, 71, 71], Y])
    assert legal(s, [2, 2]) == {"2c", "2d"}
    s.push("2c")
    s.push("2d")
    assert legal(s) == {"5a", "5b"}
    s.push("5a")
    assert legal(s) == {"5a"}


def test_parcheesi_three_doubles_sends_back_the_partners_pawn_farthest_along_when_he_moves_them():
    s = load_position({"game": "parcheesi", "players": 4, "to_move": 0, "preset": "hasbro",
                               "options": {"teams": "opposite"}, "turn": {"doubles": 2},
                               "pieces": [[71] * 4, Y, [10, 40, -1, -1], Y]}, make_game)
    events = s.set_dice((3, 3))
    assert [(e.kind, e.player) for e in events if e.kind == "penalty"] == [("penalty", 2)]
    assert places(s, 2) == [10, -1, -1, -1] and places(s, 0) == [71] * 4 and s.current_player == 1


def test_parcheesi_partner_plays_off_a_finished_players_roll_is_lost():
    assert legal(parcheesi([[71] * 4, Y, [10, -1, -1, -1], Y], partner_plays=False), [3, 1]) == set()
    assert legal(parcheesi([[71] * 4, Y, [10, -1, -1, -1], Y]), [3, 1]) == {"3a", "1a"}


# -- bots play for their team --------------------------------------------------------------------------------
def test_greedy_scores_the_team_not_the_seat():
    # a 4: piece a takes the opponent (player 3) sitting three squares behind the partner's piece on
    # global 17, or piece b takes a further advanced piece of the same opponent on global 35; for
    # the seat alone the further piece is worth more, for the team the partner's safety is
    pieces = [[10, 31, -1, -1], Y, [lplace(2, 17), -1, -1, -1], [lplace(3, 14), lplace(3, 35), -1, -1]]
    s = ludo(pieces)
    s.set_dice([4])
    assert make_bot("greedy", seed=1).choose(s).text == "4a"
    alone = helpers.position("ludo", pieces, 0)
    alone.set_dice([4])
    assert make_bot("greedy", seed=1).choose(alone).text == "4b"


# -- properties -----------------------------------------------------------------------------------------------
CASES = [("ludo", 4, {}), ("ludo", 6, {"seats": 6}), ("parchis", 4, {}), ("parchis", 8, {"seats": 8}),
         ("parchis", 4, {"pair_win": "both_partners"}), ("ludo", 4, {"blocks": True, "play_for_places": True}),
         ("parcheesi", 4, {}), ("parcheesi", 4, {"partner_plays": False, "play_for_places": True}),
         ("parcheesi", 4, {"three_doubles_penalty": True, "may_pass_home_row": False})]


@SETTINGS
@given(case=st.sampled_from(CASES), seed=st.integers(0, 2 ** 31))
def test_random_team_games_end_with_a_whole_team_and_never_capture_a_partner(case, seed):
    name, n, opts = case
    g = make_game(name, n, options={"teams": "opposite", **opts})
    _, s = random_team_game(g, seed)
    winners = set(s.finish_order[:2])
    goal = g.goal_rel()
    if g.tab.team_first:
        assert any(all(p == goal for p in places(s, q)) for q in winners)
    else:
        assert all(p == goal for q in winners for p in places(s, q))


@SETTINGS
@given(seed=st.integers(0, 2 ** 31))
def test_team_positions_round_trip(seed):
    g = make_game("parchis", 4, options={"teams": "opposite"})
    s = g.new_state(seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(40, 400)):
        if s.is_over:
            break
        if s.is_chance:
            s.roll()
        else:
            s.push(rng.choice(s.legal_moves()))
    if not s.is_over and not s.is_chance:
        return
    back = load_position(dump_position(s), make_game)
    assert back.game.teams == g.teams and places(back, 0) == places(s, 0)


# -- the RL env rewards the team -------------------------------------------------------------------------------
@pytest.mark.parametrize("options,expected", [
    ({"teams": "opposite"}, [1.0, 1.0]),
    ({"teams": "opposite", "seats": 6, "play_for_places": True}, [1.0, 1.0, 0.0, 0.0, -1.0, -1.0])])
def test_the_rl_env_rewards_the_team(options, expected):
    pytest.importorskip("gymnasium")
    from pachisi.rl.core import Table
    players = 6 if options.get("seats") == 6 else 4
    t = Table("ludo", players, None, options, 100000, "raise", 0.0)
    t.reset(5)
    rng = random.Random(5)
    while not t.state.is_over:
        t.push(rng.choice(t.state.legal_actions()))
    order = t.state.finish_order
    rewards = t.rewards()
    assert [rewards[p] for p in order] == expected
    assert all(rewards[p] == rewards[t.game.partner(p)] for p in range(players)) and sum(rewards) == 0


def test_ludo_mixed_blocks_refusal_names_the_block():
    pieces = [[12, -1, -1, -1], Y, [lplace(2, 12), -1, -1, -1], [lplace(3, 10), -1, 20, -1]]
    s = ludo(pieces, 3, blocks=True)
    s.set_dice([4])
    refused(s, "4a", "block")


def test_simulate_counts_a_team_win_once_for_the_team_and_by_its_partners_turn_order():
    from pachisi.sim import simulate
    g = make_game("ludo", 4, options={"teams": "opposite"})
    res = simulate(g, 300, ["random"] * 4, seed=3, workers=1)
    d = res.as_dict(g)
    assert [t["players"] for t in d["teams"]] == [["red", "yellow"], ["green", "blue"]]
    assert sum(t["wins"] for t in d["teams"]) == res.finished == sum(t["wins"] for t in d["team_order"])
    assert d["teams"][0]["wins"] == res.wins[0] + res.wins[2]
    assert [t["places"] for t in d["team_order"]] == [[1, 3], [2, 4]]
    assert "teams" not in simulate(make_game("ludo", 4), 10, ["random"] * 4, workers=1).as_dict(make_game("ludo", 4))
