"""Трясучка rule scenarios (seed 002, rules.md §5 and §12): a position, a roll,
the exact legal moves or the exact result; the match; then invariants over
random games.

Positions are player-relative: -1 base, 1..71 the first lap, 72 own start
after the lap, 73..76 up to the house entrance, 77..80 house.  Corners are
9, 27, 45, 63 for everyone.  Player i sits at seat i in a 4-player game, so
player q's place r is player 0's place r + 18q."""
from functools import partial
import random

from hypothesis import HealthCheck, given, settings, strategies as st
import numpy as np
import pytest

import helpers
from helpers import OFF as B, kinds, legal, places, play, random_play, refused
from pachisi import GameError, IllegalMove, make_game
from pachisi.engine.match import Match
from pachisi.engine.position import dump_position
from pachisi.games import tryasuchka as T

position = partial(helpers.position, "tryasuchka")


def mine(q, r):
    """Player q's own place for the hole at player 0's place r (4 players, first lap)."""
    return (r - 18 * q) % 72


# -- the dice ---------------------------------------------------------------------------
def test_the_dice_are_a_1_to_6_and_a_2_to_7():
    g = make_game("tryasuchka")
    assert g.dice_ranges() == [(1, 6), (2, 7)]
    for bad in ((1, 1), (7, 2), (0, 4)):
        with pytest.raises(IllegalMove, match="a die shows"):
            g.new_state(0).set_dice(bad)
    s = position([B, B, B, B])
    assert legal(s, (1, 7)) == {"1a", "1b", "1c", "1d", "7a", "7b", "7c", "7d"}


def test_doubles_are_2_2_to_6_6_and_earn_a_roll():
    s = position([[20, 50, -1, -1], B, B, B])
    s.set_dice((4, 4))
    events = play(s, "4a", "4a")
    assert "extra_roll" in kinds(events) and s.current_player == 0 and s.is_chance


# -- entering and moving ------------------------------------------------------------------
def test_a_piece_enters_with_any_die_through_its_start():
    s = position([B, B, B, B])
    assert legal(s, (3, 5)) == {"3a", "3b", "3c", "3d", "5a", "5b", "5c", "5d"}
    events = s.push("3a")
    assert ("entered", -1, 3) in [(e.kind, e.a, e.b) for e in events]
    s.push("5a")
    assert places(s, 0) == [8, -1, -1, -1]


def test_only_own_pieces_on_the_way_from_the_start_block_the_entry():
    s = position([[72, -1, -1, -1], B, B, B])                 # an own piece on the start itself
    assert {"3b", "5b"} <= legal(s, (3, 5))
    s = position([[74, -1, -1, -1], B, B, B])                 # 74 is the hole 2 past the start
    assert legal(s, (1, 3)) == {"1a", "3a", "1b", "1c", "1d"}
    with pytest.raises(IllegalMove, match="own piece stands in the way"):
        s.push("3b")
    s = position([[-1, -1, -1, -1], [mine(1, 2), -1, -1, -1], B, B])   # an enemy there is passed
    assert "3a" in legal(s, (1, 3))


def test_own_pieces_can_be_neither_passed_nor_landed_on():
    s = position([[10, 12, 50, 60], B, B, B])
    assert legal(s, (2, 3)) == {"2b", "3b", "2c", "3c", "2d", "3d"}
    with pytest.raises(IllegalMove, match="two pieces never share a hole"):
        s.push("2a")
    with pytest.raises(IllegalMove, match="own piece stands in the way"):
        s.push("3a")
def test_enemy_pieces_are_passed_and_an_exact_landing_captures_with_plus_one():
    s = position([[10, 50, 51, 52], [mine(1, 12), mine(1, 14), -1, -1], B, B])
    s.set_dice((4, 3))
    events = s.push("4a")                                       # passes the enemy on 12, takes the one on 14
    assert [(e.kind, e.player, e.piece) for e in events if e.kind == "captured"] == [("captured", 1, 1)]
    assert places(s, 1) == [mine(1, 12), -1, -1, -1]
    events = s.push("3a")
    assert "extra_roll" in kinds(events) and s.current_player == 0


def test_a_die_that_cannot_be_played_burns():
    s = position([[75, 79, 80, 78], B, B, B])
    events = s.set_dice((6, 7))
    assert kinds(events).count("burned") == 2 and s.current_player == 1
def test_pieces_after_the_lap_are_still_on_the_common_circle():
    s = position([[14, 50, 51, 52], [74, -1, -1, -1], B, B])   # player 1's 74 is player 0's hole 20
    s.set_dice((6, 2))
    events = s.push("6a")
    assert ("captured", 1, 0) in [(e.kind, e.player, e.piece) for e in events]


# -- the corners --------------------------------------------------------------------------
def test_a_die_move_ending_on_a_corner_jumps_18_on_with_plus_one():
    s = position([[5, 50, 51, 52], B, B, B])
    s.set_dice((4, 3))
    [m] = [m for m in s.legal_moves() if m.text == "4a"]
    assert (m.frm, m.to) == (5, 27)
    events = s.push("4a")
    assert ("jumped", 9, 27) in [(e.kind, e.a, e.b) for e in events]
    assert places(s, 0)[0] == 27                                  # the jump does not chain
    s.push("3a")
    assert places(s, 0)[0] == 30 and s.current_player == 0 and s.is_chance


def test_a_corner_passed_over_does_nothing():
    s = position([[5, 50, 51, 52], B, B, B])
    s.set_dice((6, 3))
    s.push("6a")
    assert places(s, 0)[0] == 11


def test_an_enemy_on_the_target_corner_is_captured_for_another_plus_one():
    s = position([[5, 50, 51, 52], [mine(1, 27), -1, -1, -1], B, B])
    s.set_dice((4, 3))
    events = play(s, "4a", "3a")
    assert places(s, 1)[0] == -1
    assert [e.a for e in events if e.kind == "extra_roll"] == [1]   # two earned, one taken
    assert s.game.extra_rolls(s.arr) == 1


def test_an_enemy_on_the_corner_landed_on_is_captured_before_the_jump():
    s = position([[5, 50, 51, 52], [mine(1, 9), -1, -1, -1], B, B])
    s.set_dice((4, 3))
    s.push("4a")
    assert places(s, 1)[0] == -1 and places(s, 0)[0] == 27
    s = position([[5, 50, 51, 52], [mine(1, 9), -1, -1, -1], B, B], corner_capture=False)
    s.set_dice((4, 3))
    s.push("4a")
    assert places(s, 1)[0] == mine(1, 9) and places(s, 0)[0] == 27


def test_own_pieces_on_the_target_corner_are_pushed_on_as_a_chain():
    s = position([[5, 27, 28, 52], B, B, B])
    s.set_dice((4, 3))
    events = s.push("4a")
    assert [(e.piece, e.a, e.b) for e in events if e.kind == "pushed"] == [(2, 28, 29), (1, 27, 28)]
    assert places(s, 0) == [27, 28, 29, 52]


def test_a_pushed_chain_captures_an_enemy_beyond_it():
    s = position([[5, 27, 28, 52], [mine(1, 29), -1, -1, -1], B, B])
    s.set_dice((4, 3))
    s.push("4a")
    assert places(s, 1)[0] == -1 and places(s, 0) == [27, 28, 29, 52]
    assert s.game.extra_rolls(s.arr) == 2                         # the jump and the capture
    s = position([[5, 27, 28, 52], [mine(1, 29), -1, -1, -1], B, B], push_capture_bonus=False)
    s.set_dice((4, 3))
    s.push("4a")
    assert places(s, 1)[0] == -1 and s.game.extra_rolls(s.arr) == 1


def test_a_corner_holding_an_own_piece_cannot_be_landed_on():
    s = position([[5, 9, 51, 52], B, B, B])
    s.set_dice((4, 3))
    with pytest.raises(IllegalMove, match="never share a hole"):
        s.push("4a")


def test_the_last_corner_jumps_into_a_second_lap():
    s = position([[60, 50, 51, 52], B, B, B])
    s.set_dice((3, 2))
    events = s.push("3a")
    assert ("jumped", 63, 9) in [(e.kind, e.a, e.b) for e in events]
    assert places(s, 0)[0] == 9
    s.push("2a")
    assert places(s, 0)[0] == 11


def test_the_last_corner_is_avoided_only_when_another_play_exists():
    s = position([[60, 80, 79, 78], B, B, B])
    assert legal(s, (3, 7)) == {"3a", "7a"}                        # the 7 first steps past it
    s = position([[60, 80, 79, 78], B, B, B])
    assert legal(s, (3, 3)) == {"3a"}                              # no other play: into the second lap
    s.push("3a")
    assert places(s, 0)[0] == 9


# -- extra moves add up ---------------------------------------------------------------------
def test_extra_moves_accumulate_without_limit():
    s = position([[3, 50, 51, 52], [mine(1, 27), -1, -1, -1], B, B])
    s.set_dice((6, 6))
    events = play(s, "6a", "6a")                # double +1, jump +1, capture on the target corner +1
    assert [e.a for e in events if e.kind == "extra_roll"] == [2]
    for left in (1, 0, None):
        events = s.set_dice((1, 2))
        while not s.is_chance:
            events += s.push(s.legal_moves()[0])
        assert [e.a for e in events if e.kind == "extra_roll"] == ([] if left is None else [left])
    assert s.current_player == 1


# -- the house ----------------------------------------------------------------------------------
def test_the_house_entrance_is_76_on_the_circle_and_the_house_77_to_80():
    s = position([[70, 20, 80, 79], B, B, B])
    s.set_dice((6, 7))
    [six] = [m for m in s.legal_moves() if m.text == "6a"]
    [seven] = [m for m in s.legal_moves() if m.text == "7a"]
    assert (six.to, seven.to) == (76, 77)
    events = s.push("7a")
    assert "finished" in kinds(events)
    b = s.game.board
    assert b.cell(0, 76) == b.track[4] and b.cell(0, 77) == (15, 9)


def test_a_piece_on_the_entrance_blocks_its_own_entries_beyond_it():
    s = position([[76, -1, -1, -1], B, B, B])                     # 76 is the hole 4 past the start
    assert legal(s, (3, 5)) == {"3a"}          # 3b then no 5 fits; 3a into the house frees the way
    s.push("3a")
    assert legal(s) == {"5b", "5c", "5d"}


def test_the_house_is_exact_and_own_pieces_there_are_not_passed():
    s = position([[78, 76, -1, -1], B, B, B])
    s.set_dice((3, 3))
    with pytest.raises(IllegalMove, match="exact count"):
        s.push("3a")
    with pytest.raises(IllegalMove, match="in the way"):
        s.push("3b")


def test_a_piece_that_can_go_no_further_in_the_house_earns_plus_one():
    s = position([[77, 10, -1, -1], B, B, B])
    s.set_dice((3, 2))
    s.push("3a")                                                    # to 80, the end
    assert s.game.extra_rolls(s.arr) == 1
    s = position([[76, 79, 10, -1], B, B, B])
    s.set_dice((2, 5))
    s.push("2a")                                                    # to 78, right behind its own 79
    assert s.game.extra_rolls(s.arr) == 1
    s = position([[76, 79, 10, -1], B, B, B], house_bonus="end")
    s.set_dice((2, 5))
    s.push("2a")
    assert s.game.extra_rolls(s.arr) == 0
    s = position([[75, 10, -1, -1], B, B, B])
    s.set_dice((2, 5))
    s.push("2a")                                                    # plain entry: nothing
    assert s.game.extra_rolls(s.arr) == 0


def test_four_in_the_house_win_the_game():
    s = position([[76, 80, 79, 78], B, B, B])
    s.set_dice((1, 3))
    events = s.push("1a")
    assert "won" in kinds(events) and s.is_over and s.winner == 0


# -- who starts, and the match ---------------------------------------------------------------------
def test_the_first_player_is_found_by_a_roll_off():
    g = make_game("tryasuchka")
    starters = {g.new_state(seed).current_player for seed in range(40)}
    assert starters == {0, 1, 2, 3}
    for seed in range(5):
        assert g.new_state(seed).current_player == int(g.engine.rolloff(g.new_state(seed, 0).arr, seed))
    assert {make_game("tryasuchka", options={"first_player": "first"}).new_state(s).current_player
            for s in range(10)} == {0}


def test_a_match_is_played_to_two_wins_each_game_started_by_the_next_player():
    g = make_game("tryasuchka", 2)
    assert g.match_wins == 2 and make_game("tryasuchka", preset="single-game").match_wins == 1
    m = Match(g, seed=5)
    firsts = []
    rng = random.Random(1)
    while not m.over:
        start = m.new_game()
        firsts.append(start.current_player)
        state = start.clone()
        while not state.is_over:
            if state.is_chance:
                state.roll()
            else:
                state.push(rng.choice(state.legal_moves()))
        m.add(start, state)
    assert max(m.score) == 2 and 2 <= len(m.rounds) <= 3
    for a, b in zip(firsts, firsts[1:]):
        assert b == (a + 1) % 2


# -- notation, positions, view, seating ---------------------------------------------------------
def test_notation_round_trips_and_bad_text_is_explained():
    s = position([[5, 20, -1, 78], B, B, B])
    s.set_dice((4, 7))
    for m in s.legal_moves():
        assert s.parse_move(m.text) == m
    with pytest.raises(IllegalMove, match="die and piece"):
        s.push("4a>")
    with pytest.raises(IllegalMove, match="no die"):
        s.push("5a")


def test_positions_round_trip_and_bad_positions_are_refused():
    pieces = [[72, 9, 80, -1], [3, -1, -1, 77], B, B]
    assert dump_position(position(pieces))["pieces"] == pieces
    with pytest.raises(GameError, match="start"):
        position([[0, -1, -1, -1], B, B, B])
    with pytest.raises(GameError, match="already stands there"):
        position([[20, -1, -1, -1], [2, -1, -1, -1], B, B])
    with pytest.raises(GameError, match="already stands there"):
        position([[78, 78, -1, -1], B, B, B])
    with pytest.raises(GameError, match="off the board"):
        position([[81, -1, -1, -1], B, B, B])


def test_the_view_shows_teleports_starts_entrances_and_houses():
    s = position([[9, 76, 77, -1], B, B, B])
    g = s.game
    view = g.view(s.arr)
    b = g.board
    assert (view.rows, view.cols) == (19, 19)
    assert view.squares[b.cell(0, 9)].kind == "teleport" and view.squares[b.cell(0, 9)].pieces == [(0, 0, False)]
    assert view.squares[b.cell(1, 0)].kind == "start" and view.squares[b.cell(1, 0)].owner == 1
    assert view.squares[b.cell(2, 76)].kind == "entrance" and view.squares[b.cell(2, 76)].owner == 2
    assert view.squares[b.cell(0, 77)].kind == "house" and view.squares[b.cell(0, 77)].label == "77"
    assert view.off_board == {0: {"base": 1}, 1: {"base": 4}, 2: {"base": 4}, 3: {"base": 4}}
    assert sum(1 for sq in view.squares.values() if sq.kind != "house") == 72


def test_two_players_sit_opposite_and_three_in_a_row():
    assert make_game("tryasuchka", 2).seats == (0, 2) and make_game("tryasuchka", 3).seats == (0, 1, 2)
    s = position([[10, -1, -1, -1], [(14 - 36) % 72, -1, -1, -1]])
    s.set_dice((4, 2))
    assert "captured" in kinds(s.push("4a"))


# -- invariants over random games -------------------------------------------------------
OPTIONS = st.fixed_dictionaries({
    "corner_capture": st.booleans(), "push_capture_bonus": st.booleans(),
    "house_bonus": st.sampled_from(["stuck", "end"]), "play_for_places": st.booleans()})


def check_board(state):
    g, arr, tab = state.game, state.arr, state.game.tab
    cells = np.zeros(72, np.int64)
    for q in range(g.players):
        house = set()
        for k, p in enumerate(g.pieces(arr, q)):
            if p > 76:
                assert p <= 80 and p not in house
                house.add(p)
            elif p >= 1:
                c = int(T.global_cell(tab, q, p))
                assert cells[c] == 0, "one piece a hole"
                cells[c] = q * 4 + k + 1
            else:
                assert p == -1
    assert np.array_equal(cells, arr[T.CELL:T.CELL + 72])
    assert arr[T.G_EXTRA] >= 0


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=OPTIONS, players=st.integers(2, 4), seed=st.integers(0, 2 ** 40))
def test_random_games_keep_the_board_sound_and_refuse_illegal_moves(options, players, seed):
    state = make_game("tryasuchka", players, options=options).new_state(seed=seed)

    def probe(state, step, moves):
        texts = {m.text for m in moves}
        assert len(texts) == len(moves)
        for bad in ("7a", "1b", "4c", "6d") if step % 5 == 0 else ():
            if bad not in texts:
                assert str(refused(state, bad)).startswith(bad + ":")

    random_play(state, random.Random(seed), 700, check_board, probe)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_compiled_games_end_with_a_winner(players):
    g = make_game("tryasuchka", players)
    out = g.engine.run_many(g.new_state(0).arr, 7, 30, np.array([0, 1, 0, 1]), True, True, 20_000)
    assert (out[:, 3] >= 0).all() and set(out[:, 3]) <= set(range(players))
