"""Boards of more than four seats: Ludo for 6 (family notes §5.1) and Parchís
for 6 and 8 (§5.2), their rule scenarios, and properties over any seat count.

Ludo on n seats: a ring of 13n squares, seat k starts on global 13k, stars
on 13k + 8; places -1 yard, 0 .. 13n - 2 ring, 13n - 1 .. 13n + 3 home
column, 13n + 4 centre.  Parchís on n seats: squares 1 .. 17n, seat k exits
on 17k + 5 and turns into its corridor after 17k, seguros 17k + 5, 17k + 12,
17k + 17; places -1 home, 0 .. 17n - 5 ring, then 7 corridor places and the
meta (139 on 8 seats)."""
import random

from hypothesis import given, settings, strategies as st
import pytest

import helpers
from helpers import OFF, legal, places, random_play, refused, ring_masks
from pachisi import OptionError, make_game
from pachisi import record as records
from pachisi.engine import kernel as K
from pachisi.engine.position import dump_position, load_position
from pachisi.games.race import ABSENT, POS

SETTINGS = settings(max_examples=12, deadline=None)


def ludo6(pieces, to_move=0, **options):
    return helpers.position("ludo", pieces, to_move, seats=6, **options)


def parchis(seats, pieces, to_move=0, **options):
    return helpers.position("parchis", pieces, to_move, seats=seats, **options)


def parques(seats, pieces, to_move=0, **options):
    return helpers.position("parques", pieces, to_move, seats=seats, **options)


def lrel(seat, g, n=6):
    """Ludo: the place of seat's piece on global square g."""
    return (g - 13 * seat) % (13 * n)


def prel(seat, square, n=8):
    """Parchís: the place of seat's piece on square number `square` (before its turn-off)."""
    p = ((square - 5) % (17 * n) - 17 * seat) % (17 * n)
    assert p <= 17 * n - 5
    return p


# -- the boards' numbers ---------------------------------------------------------------------
def test_ludo_for_six_has_a_ring_of_78_with_twelve_safe_squares():
    g = make_game("ludo", 6, options={"seats": 6})
    assert (g.ring_size, g.last_ring, g.goal_rel()) == (78, 76, 82)
    assert sorted(s for s in range(78) if g.is_safe(s)) == sorted([13 * k for k in range(6)] + [13 * k + 8 for k in range(6)])
    assert g.colours == ("red", "green", "yellow", "blue", "purple", "orange")


@pytest.mark.parametrize("seats,squares,meta", [(6, 102, 105), (8, 136, 139)])
def test_parchis_for_more_seats_has_17_squares_a_seat_and_three_seguros_each(seats, squares, meta):
    g = make_game("parchis", seats, options={"seats": seats})
    assert (g.ring_size, g.goal_rel()) == (squares, meta)
    seguros = {int(g.square_label(c)) for c in range(squares) if g.is_safe(c)}
    assert seguros == {17 * k + d for k in range(seats) for d in (5, 12, 17)}
    assert len(seguros) == 3 * seats
    assert [g.square_label(g.seat_cell(q, 0)) for q in range(seats)] == [str(17 * k + 5) for k in range(seats)]
    assert g.colours[:6] == ("yellow", "blue", "red", "green", "orange", "purple")


@pytest.mark.parametrize("game,seats,players,expected", [
    ("ludo", 6, 2, (0, 3)), ("ludo", 6, 3, (0, 2, 4)), ("ludo", 6, 4, (0, 1, 3, 4)), ("ludo", 6, 5, (0, 1, 2, 3, 4)),
    ("parchis", 8, 2, (0, 4)), ("parchis", 8, 4, (0, 2, 4, 6)), ("parchis", 8, 3, (0, 2, 5)),
    ("parchis", 6, 3, (0, 2, 4)), ("ludo", 4, 3, (0, 1, 2)), ("ludo", 4, 2, (0, 2))])
def test_fewer_players_than_seats_sit_spread_evenly(game, seats, players, expected):
    assert make_game(game, players, options={"seats": seats}).seats == expected


def test_more_players_than_the_default_board_seats_take_the_smallest_board_that_seats_them():
    assert make_game("ludo", 5).opts["seats"] == 6
    assert make_game("parchis", 7).opts["seats"] == 8
    assert make_game("parchis", 5).opts["seats"] == 6


# -- Ludo for 6 --------------------------------------------------------------------------------
def test_ludo6_a_six_brings_a_piece_onto_its_start():
    s = ludo6([[-1, -1, -1, -1]] + [OFF] * 5)
    assert legal(s, (6,)) == {"6a"}
    s.push("6a")
    assert places(s, 0) == [0, -1, -1, -1]


def test_ludo6_the_ring_wraps_from_78_to_0_and_captures_there():
    s = ludo6([[lrel(0, 1), -1, -1, -1], OFF, OFF, OFF, OFF, [lrel(5, 75), -1, -1, -1]], to_move=5)
    assert legal(s, (4,)) == {"4a"}
    events = s.push("4a")
    assert [(e.kind, e.player) for e in events if e.kind == "captured"] == [("captured", 0)]
    assert places(s, 0)[0] == -1 and places(s, 5)[0] == lrel(5, 1)


def test_ludo6_a_star_of_the_sixth_arm_is_safe():
    star = 13 * 5 + 8
    s = ludo6([[lrel(0, star), -1, -1, -1], OFF, OFF, [lrel(3, star - 4), -1, -1, -1], OFF, OFF], to_move=3)
    s.set_dice((4,))
    events = s.push("4a")
    assert "captured" not in [e.kind for e in events]
    assert places(s, 0)[0] == lrel(0, star)


def test_ludo6_turns_into_the_home_column_after_76_and_finishes_exactly_on_82():
    s = ludo6([[75, 80, 81, -1]] + [OFF] * 5)
    s.set_dice((3,))
    assert {m.text: m.to for m in s.legal_moves()} == {"3a": 78}
    s = ludo6([[75, 80, 81, -1]] + [OFF] * 5)
    assert legal(s, (2,)) == {"2a", "2b"}
    s.push("2b")
    assert places(s, 0) == [75, 82, 81, -1]


def test_ludo6_overshooting_the_centre_is_refused():
    s = ludo6([[81, 10, -1, -1]] + [OFF] * 5)
    s.set_dice((3,))
    assert "overshoots" in s.explain("3a")
    refused(s, "3a")


# -- Parchís for 8 (and 6) -------------------------------------------------------------------
def test_parchis8_a_five_leaves_home_onto_the_seats_exit():
    s = parchis(8, [OFF] * 6 + [[-1, 10, -1, -1], OFF], to_move=6)
    assert legal(s, (5,)) == {"5a"}
    s.push("5a")
    g = s.game
    assert places(s, 6)[0] == 0 and g.square_label(g.seat_cell(6, 0)) == "107"


def test_parchis8_the_ring_wraps_from_136_to_1_and_captures_there():
    pieces = [OFF] * 8
    pieces[1] = [prel(1, 3), -1, -1, -1]
    pieces[7] = [prel(7, 135), -1, -1, -1]
    s = parchis(8, pieces, to_move=7)
    assert legal(s, (4,)) == {"4a"}
    events = s.push("4a")
    assert [(e.kind, e.player) for e in events if e.kind == "captured"] == [("captured", 1)]
    assert [e.a for e in events if e.kind == "bonus"] == [20]
    assert places(s, 7)[0] == prel(7, 3)


def test_parchis8_a_seguro_17k_plus_12_protects():
    pieces = [OFF] * 8
    pieces[1] = [prel(1, 12), -1, -1, -1]
    pieces[7] = [prel(7, 8), -1, -1, -1]
    s = parchis(8, pieces, to_move=7)
    s.set_dice((4,))
    events = s.push("4a")
    assert "captured" not in [e.kind for e in events]
    assert places(s, 1)[0] == prel(1, 12) and places(s, 7)[0] == prel(7, 12)


def test_parchis8_turns_into_the_corridor_after_its_entry_square_17k():
    pieces = [OFF] * 8
    pieces[3] = [prel(3, 49), -1, -1, -1]
    assert pieces[3][0] == 129
    s = parchis(8, pieces, to_move=3)
    s.set_dice((4,))
    assert {m.text: m.to for m in s.legal_moves()} == {"4a": 133}


def test_parchis8_reaches_the_meta_exactly_and_earns_ten():
    pieces = [OFF] * 8
    pieces[0] = [138, 137, -1, -1]
    s = parchis(8, pieces)
    assert legal(s, (2,)) == {"2b"}
    s = parchis(8, pieces)
    s.set_dice((1,))
    events = s.push("1a")
    assert places(s, 0)[0] == 139 and [e.a for e in events if e.kind == "bonus"] == [10]


def test_parchis8_a_barrier_stops_every_piece():
    pieces = [OFF] * 8
    pieces[2] = [prel(2, 60), prel(2, 60), -1, -1]
    pieces[1] = [prel(1, 58), prel(1, 30), -1, -1]
    s = parchis(8, pieces, to_move=1)
    s.set_dice((4,))
    assert "barrier" in s.explain("4a")
    refused(s, "4a")


def test_parchis6_wraps_from_102_to_1():
    pieces = [OFF] * 6
    pieces[5] = [prel(5, 101, 6), -1, -1, -1]
    s = parchis(6, pieces, to_move=5)
    s.set_dice((3,))
    s.push("3a")
    assert s.game.square_label(s.game.seat_cell(5, places(s, 5)[0])) == "2"


# -- Parqués for 8 (and 6): Parchís's board, its seguros and salidas --------------------------------
def test_parques8_a_pair_frees_pieces_onto_the_seats_salida_and_jails_the_opponent_there():
    pieces = [OFF] * 8
    pieces[2] = [prel(2, 107), -1, -1, -1]            # on seat 6's salida, square 17 * 6 + 5
    pieces[6] = [-1, -1, 10, -1]
    s = parques(8, pieces, to_move=6)
    assert legal(s, (3, 3)) == {"3a+", "3c"}
    events = s.push("3a+")
    assert [(e.kind, e.player) for e in events if e.kind == "captured"] == [("captured", 2)]
    assert places(s, 6) == [0, 0, 10, -1] and places(s, 2)[0] == -1
    g = s.game
    assert g.square_label(g.seat_cell(6, 0)) == "107" and g.ring_size == 136


def test_parques8_wraps_from_136_to_1_and_captures_off_the_seguros():
    pieces = [OFF] * 8
    pieces[1] = [prel(1, 2), -1, -1, -1]
    pieces[7] = [prel(7, 134), 40, -1, -1]
    s = parques(8, pieces, to_move=7)
    s.set_dice((4, 1))
    events = s.push("4a")
    assert [(e.kind, e.player) for e in events if e.kind == "captured"] == [("captured", 1)]
    assert places(s, 7)[0] == prel(7, 2) and places(s, 1)[0] == -1


def test_parques8_the_seguros_of_the_far_seats_protect():
    pieces = [OFF] * 8
    pieces[0] = [prel(0, 17 * 7 + 12), -1, -1, -1]   # square 131, a seguro of seat 7's arm
    pieces[3] = [prel(3, 129), 40, -1, -1]
    s = parques(8, pieces, to_move=3)
    s.set_dice((2, 1))
    events = s.push("2a")
    assert "captured" not in [e.kind for e in events] and places(s, 0)[0] == prel(0, 131)


def test_parques8_turns_into_the_approach_after_its_tip_and_reaches_cielo_exactly():
    s = parques(8, [[130, 20, -1, -1]] + [OFF] * 7)
    s.set_dice((3, 6))
    assert {m.text: m.to for m in s.legal_moves() if m.piece == 0} == {"3a": 133, "6a": 136}
    s = parques(8, [[136, 20, -1, -1]] + [OFF] * 7)
    assert legal(s, (3, 4)) == {"3a", "3b", "4b"}
    s.push("3a")
    assert places(s, 0)[0] == 139


def test_parques8_a_missed_capture_of_the_eighth_player_is_blown_by_the_next_opponent():
    pieces = [OFF] * 8
    pieces[7] = [10, 40, -1, -1]
    pieces[0] = [prel(0, 6), -1, -1, -1]            # seat 7 plays 5a to square 3 (place 15): a 3 captures on 6
    s = parques(8, pieces, to_move=7)
    s.set_dice((3, 5))
    s.push("5a")
    s.push("3b")
    assert s.current_player == 0 and legal(s) == {"call-a", "nocall"}
    assert dump_position(s)["turn"]["claim"] == {"offender": 7, "pieces": ["a"]}
    events = s.push("call-a")
    assert [(e.kind, e.player) for e in events if e.kind == "penalty"] == [("penalty", 7)]
    assert places(s, 7)[:2] == [-1, 43]


def test_parques6_wraps_from_102_to_1():
    pieces = [OFF] * 6
    pieces[5] = [prel(5, 101, 6), 30, -1, -1]
    s = parques(6, pieces, to_move=5)
    s.set_dice((3, 1))
    s.push("3a")
    assert s.game.square_label(s.game.seat_cell(5, places(s, 5)[0])) == "2"


# -- a game of more than four players to its end ----------------------------------------------
@pytest.mark.parametrize("game,seats", [("ludo", 6), ("parchis", 8), ("parques", 6)])
def test_playing_for_places_ranks_every_player_of_a_full_large_board(game, seats):
    g = make_game(game, seats, options={"seats": seats, "play_for_places": True})
    s = random_play(g.new_state(seed=3), random.Random(3), 400000)
    assert s.is_over and sorted(s.finish_order) == list(range(seats))
    assert [int(s.arr[K.order_index(i)]) for i in range(seats)] == s.finish_order
    assert s.finish_order[0] == s.winner


# -- properties over seat counts ----------------------------------------------------------------
BOARDS = st.sampled_from([("ludo", 6, 2), ("ludo", 6, 6), ("ludo", 6, 4), ("parchis", 6, 5), ("parchis", 8, 8),
                          ("parchis", 8, 3), ("parques", 6, 6), ("parques", 8, 5)])


def sound(state):
    g = state.game
    pid_places = state.arr[POS:POS + g.slots]
    assert (pid_places[g.players * 4:] == ABSENT).all()                     # absent seats stay absent
    assert ((pid_places[:g.players * 4] >= -1) & (pid_places[:g.players * 4] <= g.goal_place)).all()
    ring_masks(state)


@SETTINGS
@given(board=BOARDS, seed=st.integers(0, 2 ** 31))
def test_random_play_on_large_boards_keeps_the_pieces_ends_and_replays(board, seed):
    name, seats, players = board
    g = make_game(name, players, options={"seats": seats})
    start = g.new_state(seed)
    s = random_play(start.clone(), random.Random(seed), 200000, sound)
    assert s.is_over
    text = records.write(s, records.headers_for(s, ["random"] * players), start=start)
    [(_, _, final)] = records.load(text)
    assert final.arr.tolist() == s.arr.tolist()


@SETTINGS
@given(board=BOARDS, seed=st.integers(0, 2 ** 31), steps=st.integers(0, 300))
def test_positions_of_large_boards_round_trip_and_illegal_moves_change_nothing(board, seed, steps):
    name, seats, players = board
    s = random_play(make_game(name, players, options={"seats": seats}).new_state(seed), random.Random(seed), steps)
    data = dump_position(s)
    back = load_position(data, make_game)
    assert dump_position(back) == data and back.legal_actions() == s.legal_actions()
    assert data["options"]["seats"] == seats and len(data["pieces"]) == players
    if not s.is_over and not s.is_chance:
        legal_texts = {m.text for m in s.legal_moves()}
        for text in ("1a", "2b", "3c", "4d", "5a", "6b"):
            if text not in legal_texts:
                refused(s, text)


# -- bad input --------------------------------------------------------------------------------
def test_a_seat_count_a_board_does_not_have_is_refused_in_both_languages():
    with pytest.raises(OptionError, match=r"option 'seats' takes one of 4, 6, not 8") as err:
        make_game("ludo", 4, options={"seats": 8})
    assert "seats" in err.value.message("ru")
    with pytest.raises(OptionError, match="takes one of 4, 6, 8, not 5"):
        make_game("parchis", 4, options={"seats": 5})


def test_more_players_than_the_chosen_board_seats_is_refused_in_both_languages():
    with pytest.raises(OptionError, match="this board seats 2 to 4 players, not 5") as err:
        make_game("ludo", 5, options={"seats": 4})
    assert "за этой доской играют от 2 до 4 игроков, а не 5" in err.value.message("ru")
    with pytest.raises(OptionError, match="2 to 8 players, not 9"):
        make_game("parchis", 9)


def test_a_position_with_too_many_players_for_its_board_is_refused():
    with pytest.raises(OptionError, match="this board seats 2 to 4 players, not 6"):
        load_position({"game": "parchis", "players": 6, "pieces": [OFF] * 6, "options": {"seats": 4}}, make_game)


def test_a_position_with_a_place_off_the_large_board_is_refused():
    with pytest.raises(Exception, match="off the board"):
        ludo6([[83, -1, -1, -1]] + [OFF] * 5)


def test_four_seat_states_keep_their_length():
    for name, size in (("ludo", 89), ("parchis", 92)):
        for players in (2, 3, 4):
            assert make_game(name, players).size == size
