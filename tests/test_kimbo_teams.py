"""Kimbo in teams (`teams=opposite`; the project's rulings, since no Kimbo text has teams).

Four players, partners opposite: red (player 0) and yellow (player 2) against green (1) and blue (3).
A partner's pawn counts as one's own where a pawn ends (with `end_on_own` they share the square) and is
never captured, by a run or by a jump; fences stay personal; a team wins with its eight pawns in the
centre; a player whose four are in moves his partner's pawns (`partner_plays`; off: he sits out).
Squares as in test_kimbo.py (files a..o, ranks 1..15, C the centre).  Fences not used by a scenario are
parked along the borders, away from the pawns."""
import random

from hypothesis import given, settings, strategies as st
import pytest

from helpers import random_team_game
from pachisi import GameError, IllegalMove, OptionError, make_game
from pachisi.bots import make_bot
from pachisi.engine.position import dump_position, load_position

PARK = [["m15e", "n15e", "m14e", "n14e", "m13e", "n13e"], ["b1n", "b2n", "b3n", "c1n", "c2n", "c3n"],
        ["m1e", "n1e", "m2e", "n2e", "m3e", "n3e"], ["b13n", "b12n", "b11n", "c13n", "c12n", "c11n"]]
AWAY = [["k3", "C", "C", "C"], ["a15", "C", "C", "C"], ["a14", "C", "C", "C"], ["o8", "C", "C", "C"]]


def team(pawns=None, fences=None, to_move=0, fence_move=False, **options):
    """A team game of four: the pawns of each player (AWAY where None), the fences each has moved off
    its parking, player to_move before his roll (or his fence move)."""
    pawns = [list(p) if p else AWAY[q] for q, p in enumerate(pawns or [None] * 4)]
    fences = fences or {}
    rows = [{"pawns": pawns[q], "fences": list(fences.get(q, ())) + PARK[q][len(fences.get(q, ())):]}
            for q in range(4)]
    return load_position({"game": "kimbo", "players": 4, "to_move": to_move,
                          "options": {"teams": "opposite", **options},
                          "pieces": {"turn": "fence", "players": rows} if fence_move else rows}, make_game)


def rolled(state, dice):
    state.set_dice(dice)
    return state


def single(state, prefix):
    """The single-die moves whose text starts with prefix, with the player whose pawn each moves."""
    return {(m.text, m.player) for m in state.legal_moves() if m.text.startswith(prefix) and "+" not in m.text}


def captures(events):
    return [(e.player, e.piece) for e in events if e.kind == "captured"]


# -- the options ---------------------------------------------------------------------------------
def test_partners_sit_opposite_and_teams_are_off_by_default():
    assert make_game("kimbo", 4).teams == ()
    g = make_game("kimbo", 4, options={"teams": "opposite"})
    assert g.teams == ((0, 2), (1, 3)) and g.partner(0) == 2 and g.partner(1) == 3
    assert g.opts["partner_plays"] is True


@pytest.mark.parametrize("players", [2, 3])
def test_teams_need_four_players(players):
    with pytest.raises(OptionError, match="even number of players, four or more, not %d" % players):
        make_game("kimbo", players, options={"teams": "opposite"})


def test_an_unknown_team_mode_is_refused():
    with pytest.raises(OptionError, match="teams"):
        make_game("kimbo", 4, options={"teams": "pairs"})


# -- a partner's pawn is one's own where a pawn ends ------------------------------------------------
def test_a_run_may_not_end_on_a_partners_pawn():
    s = rolled(team([["e3", "k3", "C", "C"], None, ["e7", "C", "C", "C"], None]), (4, 2))
    assert single(s, "a4") == {("a4e", 0), ("a4sL", 0), ("a4sR", 0), ("a4w", 0)}
    with pytest.raises(IllegalMove, match="ends on your partner's pawn: in team play it counts as your own"):
        s.push("a4n")


def test_a_run_ending_on_an_opponents_pawn_captures_it():
    s = rolled(team([["e3", "k3", "C", "C"], ["e7", "C", "C", "C"], None, None]), (4, 2))
    assert single(s, "a4") == {("a4e", 0), ("a4n", 0), ("a4sL", 0), ("a4sR", 0), ("a4w", 0)}
    assert captures(s.push("a4n")) == [(1, 0)]


def test_with_end_on_own_partners_share_a_square_and_neither_is_captured():
    s = rolled(team([["e3", "k3", "C", "C"], None, ["e7", "C", "C", "C"], None], end_on_own=True), (4, 2))
    assert ("a4n", 0) in single(s, "a4")
    assert captures(s.push("a4n")) == []
    assert s.game.pawns(s.arr, 0)[0] == "e7" and s.game.pawns(s.arr, 2)[0] == "e7"


def test_a_jump_onto_a_partners_pawn_is_refused_as_one_onto_an_own_pawn():
    s = rolled(team([["e5", "k3", "C", "C"], None, ["e6", "C", "C", "C"], None], {0: ["e5n"]}), (3, 3))
    assert "a^n" not in {m.text for m in s.legal_moves()}
    with pytest.raises(IllegalMove, match="ends on your partner's pawn"):
        s.push("a^n")


def test_a_jump_onto_an_opponents_pawn_captures_it():
    s = rolled(team([["e5", "k3", "C", "C"], ["e6", "C", "C", "C"], None, None], {0: ["e5n"]}), (3, 3))
    assert "a^n" in {m.text for m in s.legal_moves()}
    assert captures(s.push("a^n")) == [(1, 0)]


# -- fences stay personal ------------------------------------------------------------------------------
def test_a_player_moves_only_his_own_fences():
    s = team(fence_move=True)
    moved = {m.text.split("-")[0] for m in s.legal_moves() if m.text != "keep"}
    assert moved == set(PARK[0])
    with pytest.raises(IllegalMove, match="no fence of yours stands on m1e"):
        s.push("m1e-h5n")


def test_a_partners_fence_is_jumped_as_any_fence():
    s = rolled(team([["e5", "k3", "C", "C"], None, None, None], {2: ["e5n"]}), (3, 3))
    assert "a^n" in {m.text for m in s.legal_moves()}
    s.push("a^n")
    assert s.game.pawns(s.arr, 0)[0] == "e6"


# -- a finished player moves his partner's pawns, and the team wins with all eight ---------------------------
def test_a_player_whose_pawns_are_all_in_moves_his_own_fences_and_his_partners_pawns():
    s = team([["C", "C", "C", "C"], None, ["e3", "k3", "C", "C"], None], fence_move=True)
    assert {m.text.split("-")[0] for m in s.legal_moves() if m.text != "keep"} == set(PARK[0])
    s.push("keep")
    s.set_dice((4, 2))
    moves = s.legal_moves()
    assert {m.player for m in moves} == {2}
    assert single(s, "a4") == {("a4e", 2), ("a4n", 2), ("a4sL", 2), ("a4sR", 2), ("a4w", 2)}
    s.push("a4n")
    assert s.game.pawns(s.arr, 2)[0] == "e7"


def test_the_board_offers_a_finished_players_moves_from_his_partners_pawns_to_the_partners_centre_spot():
    from pachisi.web.boardjson import moves_json
    s = rolled(team([["C", "C", "C", "C"], None, ["h4", "e3", "C", "C"], None]), (3, 5))
    moves = {m["t"]: m for m in moves_json(s.game, s)}
    assert {m["f"] for m in moves.values()} == {"11,7", "12,4"}       # yellow's h4 and e3
    assert moves["a3n"]["to"] == "6,6"                                  # yellow's corner of the centre


def test_the_last_own_pawn_in_hands_the_die_left_to_the_partners_pawns_and_the_team_wins_with_all_eight():
    s = rolled(team([["h6", "C", "C", "C"], None, ["h4", "C", "C", "C"], None]), (1, 3))
    s.push("a1n")                                   # red's last pawn in: his die 3 moves yellow's pawn a
    assert single(s, "") == {("a3n", 2), ("a3e", 2), ("a3s", 2), ("a3w", 2)}    # (a pawn a of his own moved)
    events = s.push("a3n")
    assert [(e.kind, e.player) for e in events if e.kind == "won"] == [("won", 0), ("won", 2)]
    assert s.is_over and s.result() == {"winner": 0, "order": [0, 2], "over": True, "teams": [[0, 2]]}


def test_one_partner_all_in_does_not_end_the_game():
    s = rolled(team([["h6", "k3", "C", "C"], None, ["e3", "C", "C", "C"], None]), (1, 2))
    s.push("b2n")
    s.push("a1n")
    assert not s.is_over and s.finish_order == []


def test_without_partner_plays_a_player_whose_pawns_are_all_in_sits_out():
    s = rolled(team([["C", "C", "C", "C"], None, ["e3", "C", "C", "C"], ["o8", "e10", "C", "C"]], to_move=3,
                    partner_plays=False), (4, 2))
    s.push(s.legal_moves()[0].text)
    s.push(s.legal_moves()[0].text)
    assert s.current_player == 1                    # red (0) is passed over
    assert not s.is_over


def test_without_partner_plays_the_turn_of_a_player_sitting_out_is_refused():
    with pytest.raises(GameError, match="player 0 sits out, his pawns all in the centre"):
        team([["C", "C", "C", "C"], None, ["e3", "C", "C", "C"], None], partner_plays=False)


# -- positions ---------------------------------------------------------------------------------------
def test_a_position_with_partners_pawns_on_one_square_is_refused_without_end_on_own():
    with pytest.raises(GameError, match="player 2 pawn a: e7 already holds his partner's pawn, and partners' "
                                        "pawns share a square only with end_on_own"):
        team([["e7", "k3", "C", "C"], None, ["e7", "C", "C", "C"], None])
    s = team([["e7", "k3", "C", "C"], None, ["e7", "C", "C", "C"], None], end_on_own=True)
    assert s.game.pawns(s.arr, 2)[0] == "e7"


def test_a_position_with_opponents_on_one_square_is_refused():
    with pytest.raises(GameError, match="player 1 pawn a: e7 already holds a pawn"):
        team([["e7", "k3", "C", "C"], ["e7", "C", "C", "C"], None, None], end_on_own=True)


def test_a_position_with_a_whole_team_in_the_centre_is_refused():
    with pytest.raises(GameError, match="players 0 and 2 have already won: all their pawns are in the centre"):
        team([["C", "C", "C", "C"], None, ["C", "C", "C", "C"], None], to_move=1)


def test_a_position_with_one_partner_all_in_is_a_game_under_way_and_round_trips():
    s = team([["C", "C", "C", "C"], None, ["e3", "C", "C", "C"], None])
    assert not s.is_over
    again = load_position(dump_position(s), make_game)
    assert (again.arr == s.arr).all()


# -- properties -----------------------------------------------------------------------------------------
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2 ** 31), partner_plays=st.booleans())
def test_random_team_games_end_keep_their_pawns_never_capture_a_partner_and_replay(seed, partner_plays):
    g = make_game("kimbo", 4, options={"teams": "opposite", "partner_plays": partner_plays})
    _, final = random_team_game(g, seed)
    assert final.result()["teams"][0] in ([0, 2], [1, 3])


# -- bots and the RL env play for the team --------------------------------------------------------------
def test_the_greedy_bot_moving_its_partners_pawns_brings_them_in():
    s = rolled(team([["C", "C", "C", "C"], None, ["h4", "e3", "C", "C"], None]), (3, 5))
    assert make_bot("greedy", seed=1).choose(s).text == "a3n"       # yellow's pawn a into the centre


def test_the_rl_table_rewards_both_partners_alike():
    pytest.importorskip("gymnasium")
    from pachisi.rl.core import Table
    t = Table("kimbo", 4, None, {"teams": "opposite"}, 100000, "raise", 0.0)
    t.reset(5)
    rng = random.Random(5)
    while not t.state.is_over:
        t.push(rng.choice(t.state.legal_actions()))
    rewards = t.rewards()
    assert [rewards[p] for p in t.state.finish_order] == [1.0, 1.0]
    assert all(rewards[p] == rewards[t.game.partner(p)] for p in range(4)) and sum(rewards) == 0
