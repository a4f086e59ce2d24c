"""Team play in the Russian folk games (the family notes §5.5, `teams=opposite`): Шиш-беш, Мандавошка,
Трясучка.

Partners sit opposite: players 0 and 2 against 1 and 3.  A partner's piece counts as one's own where a
piece lands (Шиш-беш and Трясучка: it may not be landed on; Мандавошка: it shares the cell) and is never
captured; capture obligations (Мандавошка's called capture) concern enemies only and are called by
opponents only; extra rolls stay the roller's; a team wins when all its eight pieces are home, and a
player whose pieces are all home moves his partner's (`partner_plays`).  Places are player-relative:
Шиш-беш and Мандавошка -1 park/swamp, 0 own start, 1..47 circle, 49..52 house, player q's place r is
player 0's place r + 12q; Трясучка -1 base, 1..76 circle, 77..80 house, player q's place r is player
0's place r + 18q."""
import random

from hypothesis import given, settings, strategies as st
import pytest

import helpers
from helpers import OFF as P, kinds, legal, places, play, random_team_game, refused
from pachisi import GameError, OptionError, make_game
from pachisi.engine.match import Match
from pachisi.engine.position import dump_position, load_position
from pachisi.games import mandavoshka as M

FOLK = ("shishbesh", "mandavoshka", "tryasuchka")
HOME = {"shishbesh": [49, 50, 51, 52], "mandavoshka": [49, 50, 51, 52], "tryasuchka": [77, 78, 79, 80]}


def team(game, pieces, to_move=0, **options):
    return helpers.position(game, pieces, to_move, teams="opposite", **options)


def mine(q, r, quarter=12, circle=48):
    """Player q's own place for player 0's place r (4 players)."""
    return (r - quarter * q) % circle


def tmine(q, r):
    return mine(q, r, 18, 72)


def captured(events):
    return [(e.player, e.piece) for e in events if e.kind == "captured"]


# -- options and positions --------------------------------------------------------------
@pytest.mark.parametrize("game", FOLK)
def test_partners_sit_opposite_and_teams_are_off_by_default(game):
    assert make_game(game, 4).teams == ()
    g = make_game(game, 4, options={"teams": "opposite"})
    assert g.teams == ((0, 2), (1, 3)) and g.partner(0) == 2 and g.partner(3) == 1


@pytest.mark.parametrize("game", FOLK)
@pytest.mark.parametrize("players", [2, 3])
def test_teams_need_four_players(game, players):
    with pytest.raises(OptionError, match="even number of players, four or more, not %d" % players):
        make_game(game, players, options={"teams": "opposite"})


@pytest.mark.parametrize("game", FOLK)
def test_an_unknown_team_mode_is_refused(game):
    with pytest.raises(OptionError, match="teams"):
        make_game(game, 4, options={"teams": "pairs"})


@pytest.mark.parametrize("game", FOLK)
def test_position_with_a_whole_team_home_is_refused(game):
    with pytest.raises(GameError, match="players 0 and 2 have already won"):
        team(game, [HOME[game], P, HOME[game], P])


@pytest.mark.parametrize("game", FOLK)
def test_position_with_one_partner_home_is_a_game_under_way(game):
    s = team(game, [HOME[game], P, P, P])
    assert not s.is_over and s.game.pieces_to_json(s.arr)[0] == HOME[game]


def test_mandavoshka_position_with_partners_on_one_cell_is_allowed_with_an_enemy_refused():
    s = team("mandavoshka", [[13, -1, -1, -1], P, [mine(2, 13), -1, -1, -1], P])
    assert places(s, 0)[0] == 13 and places(s, 2)[0] == mine(2, 13)
    with pytest.raises(GameError, match="an enemy piece stands on the same cell"):
        team("mandavoshka", [[13, -1, -1, -1], [mine(1, 13), -1, -1, -1], [mine(2, 13), -1, -1, -1], P])


def test_shishbesh_position_standing_above_a_partners_hidden_piece_needs_shelter_own_stack():
    pieces = [[9, -1, -1, -1], P, ["%ds" % mine(2, 9), -1, -1, -1], P]
    assert places(team("shishbesh", pieces), 2)[0] == mine(2, 9)
    with pytest.raises(GameError, match="above his partner's hidden piece"):
        team("shishbesh", pieces, shelter_own_stack=False)


# -- Шиш-беш -----------------------------------------------------------------------------
def test_shishbesh_a_partners_piece_is_not_landed_on_an_enemy_is_captured_and_the_roll_is_the_captors():
    s = team("shishbesh", [[10, 50, 51, 52], [mine(1, 14), -1, -1, -1], [mine(2, 13), -1, -1, -1], P])
    assert legal(s, (3, 4)) == {"4a"}
    refused(s, "3a", "your partner's piece stands there")
    events = s.push("4a")
    assert captured(events) == [(1, 0)]
    s.push("3a")
    assert places(s, 0)[0] == 17 and places(s, 2)[0] == mine(2, 13)
    assert s.is_chance and s.current_player == 0            # the capture's extra roll is the captor's


def test_shishbesh_a_partners_piece_on_ones_start_closes_it():
    s = team("shishbesh", [[-1, 20, -1, -1], P, [mine(2, 0), -1, -1, -1], P])
    assert legal(s, (6, 2)) == {"6b", "2b"}
    refused(s, "6a", "your partner's piece stands on your start")


def test_shishbesh_a_partners_hidden_piece_is_stood_over_only_with_shelter_own_stack():
    pieces = [[7, 50, 51, 52], P, ["%ds" % mine(2, 9), -1, -1, -1], P]
    assert legal(team("shishbesh", pieces), (2, 5)) == {"2a", "5a"}
    s = team("shishbesh", pieces, shelter_own_stack=False)
    assert legal(s, (2, 5)) == {"5a"}
    refused(s, "2a", "your partner's piece hides in that shelter")


def test_shishbesh_one_partner_home_does_not_win_the_second_wins_for_both():
    s = team("shishbesh", [P, P, [47, 50, 51, 52], P], to_move=2)
    s.set_dice((2, 3))
    s.push("2a")
    assert not s.is_over and s.current_player == 3          # the 3 cannot be played
    s = team("shishbesh", [[47, 50, 51, 52], P, HOME["shishbesh"], P])
    s.set_dice((2, 3))
    s.push("2a")
    assert s.is_over and s.result()["teams"] == [[0, 2]] and s.result()["winner"] == 2


def test_shishbesh_a_finished_player_moves_his_partners_pieces():
    s = team("shishbesh", [HOME["shishbesh"], P, [47, 50, 51, 52], P])
    assert legal(s, (2, 3)) == {"2a"}
    [m] = s.legal_moves()
    assert m.player == 2 and (m.frm, m.to) == (47, 49)
    s.push("2a")
    assert s.is_over and s.result()["teams"] == [[0, 2]]


def test_shishbesh_partner_plays_off_a_finished_players_roll_is_lost():
    s = team("shishbesh", [HOME["shishbesh"], P, [47, 50, 51, 52], P], partner_plays=False)
    events = s.set_dice((2, 3))
    assert kinds(events).count("burned") == 2 and s.current_player == 1


# -- Мандавошка --------------------------------------------------------------------------
def test_mandavoshka_a_partners_piece_shares_the_cell_and_is_never_captured():
    s = team("mandavoshka", [[10, 50, 51, 52], [mine(1, 20), -1, -1, -1], [mine(2, 13), -1, -1, -1], P])
    assert legal(s, (3, 4)) == {"3a", "4a"}
    events = play(s, "3a", "4a")
    assert captured(events) == [] and "penalty" not in kinds(events)
    assert places(s, 0)[0] == 17 and places(s, 2)[0] == mine(2, 13)


def test_mandavoshka_a_partners_piece_does_not_block_the_way_an_enemys_does():
    s = team("mandavoshka", [[10, 50, 51, 52], P, [mine(2, 12), -1, -1, -1], P])
    assert legal(s, (4, 1)) == {"4a", "1a"}
    s = team("mandavoshka", [[10, 50, 51, 52], [mine(1, 12), -1, -1, -1], P, P])
    assert legal(s, (4, 1)) == {"1a"}


def test_mandavoshka_a_partners_piece_on_the_start_closes_it_with_single_occupancy():
    s = team("mandavoshka", [[-1, 20, -1, -1], P, [mine(2, 0), -1, -1, -1], P], start_single_occupancy=True)
    assert legal(s, (6, 2)) == {"6b", "2b"}
    refused(s, "6a", "your partner's piece stands on your start")


def test_mandavoshka_a_partner_in_reach_is_no_missed_capture():
    s = team("mandavoshka", [[10, 20, -1, -1], P, [mine(2, 13), -1, -1, -1], P])
    s.set_dice((3, 4))
    events = play(s, "3b", "4b")
    assert "penalty" not in kinds(events) and places(s, 0)[:2] == [10, 27]


def test_mandavoshka_a_missed_capture_of_an_enemy_is_still_charged():
    s = team("mandavoshka", [[10, 20, -1, -1], [mine(1, 13), -1, -1, -1], P, P])
    s.set_dice((3, 4))
    play(s, "3b", "4b")
    assert places(s, 0)[0] == M.BUR_CENTRE


def test_mandavoshka_only_opponents_are_asked_to_call_a_missed_capture():
    s = team("mandavoshka", [[10, 20, -1, -1], [mine(1, 13), -1, -1, -1], P, P], capture_rule="claim")
    s.set_dice((3, 4))
    play(s, "3b", "4b")
    assert s.current_player == 1 and legal(s) == {"call-a", "nocall"}
    s.push("nocall")
    assert s.current_player == 3 and legal(s) == {"call-a", "nocall"}   # the partner (2) is skipped
    s.push("nocall")
    assert s.is_chance and s.current_player == 1 and places(s, 0)[0] == 10


def test_mandavoshka_a_finished_players_missed_capture_with_his_partners_piece_sends_that_piece():
    s = team("mandavoshka", [HOME["mandavoshka"], [mine(1, 37), -1, -1, -1], [10, 20, -1, -1], P],
             capture_rule="claim")
    s.set_dice((3, 4))
    play(s, "3b", "4b")                                     # player 0 moves his partner's pieces
    assert s.current_player == 1 and s.game.claim(s.arr) == (0, [0])
    [call] = [m for m in s.legal_moves() if m.text == "call-a"]
    assert call.frm == 10
    s.push("call-a")
    assert places(s, 2)[:2] == [M.BUR_CENTRE, 27] and places(s, 0) == HOME["mandavoshka"]


# -- Трясучка -----------------------------------------------------------------------------
def test_tryasuchka_a_partners_piece_is_passed_but_not_landed_on():
    s = team("tryasuchka", [[10, 78, 79, 80], [tmine(1, 14), -1, -1, -1], [tmine(2, 12), -1, -1, -1], P])
    assert legal(s, (2, 4)) == {"4a"}
    refused(s, "2a", "your partner's piece stands there")
    events = s.push("4a")                                   # over the partner on 12, onto the enemy on 14
    assert captured(events) == [(1, 0)]
    s.push("2a")
    assert places(s, 0)[0] == 16 and places(s, 2)[0] == tmine(2, 12)
    assert s.is_chance and s.current_player == 0


def test_tryasuchka_a_partners_piece_on_the_target_corner_is_pushed_on_and_the_enemy_beyond_captured():
    s = team("tryasuchka", [[5, 78, 79, 80], [tmine(1, 28), -1, -1, -1], [tmine(2, 27), -1, -1, -1], P])
    s.set_dice((4, 3))
    events = s.push("4a")
    assert captured(events) == [(1, 0)]
    assert ("pushed", 2, 0, tmine(2, 27), tmine(2, 28)) in [(e.kind, e.player, e.piece, e.a, e.b) for e in events]
    assert places(s, 0)[0] == 27 and places(s, 2)[0] == tmine(2, 28)


def test_tryasuchka_a_finished_player_brings_his_partner_home_and_the_team_wins():
    s = team("tryasuchka", [HOME["tryasuchka"], P, [74, 78, 79, 80], P])
    assert legal(s, (3, 5)) == {"3a"}
    s.push("3a")
    assert s.is_over and s.result()["teams"] == [[0, 2]]


def test_tryasuchka_a_match_counts_a_teams_win_for_both_partners():
    g = make_game("tryasuchka", 4, options={"teams": "opposite"})
    match = Match(g, seed=3)
    start = match.new_game()
    final = start.clone()
    rng = random.Random(3)
    while not final.is_over:
        final.roll() if final.is_chance else final.push(rng.choice(final.legal_moves()))
    match.add(start, final)
    w = final.winner
    assert match.score[w] == match.score[g.partner(w)] == 1 and sum(match.score) == 2 and not match.over


# -- properties -------------------------------------------------------------------------
@settings(max_examples=6, deadline=None)
@given(game=st.sampled_from(FOLK), partner_plays=st.booleans(), seed=st.integers(0, 2 ** 31))
def test_random_team_games_end_with_a_whole_team_never_capture_a_partner_and_replay(game, partner_plays, seed):
    g = make_game(game, 4, options={"teams": "opposite", "partner_plays": partner_plays})
    _, s = random_team_game(g, seed)
    order = s.finish_order
    assert len(order) == 2
    home = HOME[game][0]
    assert all(p >= home for q in order for p in places(s, q))


@settings(max_examples=6, deadline=None)
@given(game=st.sampled_from(FOLK), seed=st.integers(0, 2 ** 31))
def test_team_positions_round_trip(game, seed):
    g = make_game(game, 4, options={"teams": "opposite"})
    s = g.new_state(seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(40, 600)):
        if s.is_over:
            break
        if s.is_chance:
            s.roll()
        else:
            s.push(rng.choice(s.legal_moves()))
    if s.is_over or not s.is_chance:
        return
    back = load_position(dump_position(s), make_game)
    assert back.game.teams == g.teams and back.current_player == s.current_player
    assert back.game.pieces_to_json(back.arr) == g.pieces_to_json(s.arr)
