"""Kimbo rule scenarios and properties (seed 003; rules.md §1).

Squares are written like a chess board: files a..o left to right, ranks 1..15
bottom to top, C the centre; a fence slot is the square south or west of the
line and its side (c7n: the line north of c7; b7e: the line east of b7).
Most scenarios are two-player games: red (player 0, seat 0) and yellow
(player 1, seat 2); of the green and blue fences one each is left, closing
the east (i8e) and the west (f8e) entrance.  Fences not used by a scenario are parked at
the right-hand border, away from the pawns."""
import random

from hypothesis import given, settings, strategies as st
import numpy as np
import pytest

from helpers import random_play
from pachisi import IllegalMove, make_game
from pachisi.bots import make_bot
from pachisi.games.kimbo import board as grid
from pachisi.games.kimbo.board import BOARD
from pachisi.engine import kernel as K
from pachisi.engine.position import dump_position, load_position
from pachisi.games import kimbo as KM

RED_PARK = ["m15e", "n15e", "m14e", "n14e", "m13e", "n13e"]
YELLOW_PARK = ["m1e", "n1e", "m2e", "n2e", "m3e", "n3e"]


def two_players(red, yellow=("C", "C", "C", "a15"), red_fences=(), yellow_fences=(), fence_move=False,
                **options):
    """Red to move; red's pawns, yellow's pawns, and the fences each has moved
    off its parking; before the roll, or before the fence move."""
    rows = [{"pawns": list(red), "fences": list(red_fences) + RED_PARK[len(red_fences):]},
            {"pawns": list(yellow), "fences": list(yellow_fences) + YELLOW_PARK[len(yellow_fences):]}]
    return load_position({"game": "kimbo", "players": 2, "to_move": 0, "options": options,
                          "pieces": {"turn": "fence", "players": rows} if fence_move else rows}, make_game)


def rolled(state, dice):
    state.set_dice(dice)
    return state


def routes(state, prefix):
    """Legal moves starting with prefix -> the square each ends on."""
    return {m.text: grid.square_name(m.to) for m in state.legal_moves() if m.text.startswith(prefix)}


def only_die(state, pawn, die):
    """The single-die routes of a pawn (not its sums)."""
    return {t: sq for t, sq in routes(state, f"{pawn}{die}").items() if "+" not in t}


# -- running ----------------------------------------------------------------------------
def test_a_pawn_runs_straight_and_the_border_turns_it_left_or_right():
    s = rolled(two_players(["c5", "m8", "C", "C"]), (4, 2))
    assert only_die(s, "a", 4) == {"a4n": "c9", "a4e": "g5", "a4s": "c1", "a4wL": "a3", "a4wR": "a7"}


def test_a_fence_ahead_with_both_sides_open_gives_the_choice_of_turn():
    s = rolled(two_players(["c5", "m8", "C", "C"], red_fences=["c7n"]), (4, 2))
    assert {t: sq for t, sq in only_die(s, "a", 4).items() if t.startswith("a4n")} == {"a4nL": "a7", "a4nR": "e7"}


def test_a_fence_ahead_with_one_side_open_turns_the_pawn_that_way():
    s = rolled(two_players(["c5", "m8", "C", "C"], red_fences=["c7n", "b7e"]), (4, 2))
    assert {t: sq for t, sq in only_die(s, "a", 4).items() if t.startswith("a4n")} == {"a4n": "e7"}


def test_a_pawn_turns_again_at_every_fence_it_meets():
    s = rolled(two_players(["c5", "m8", "C", "C"], red_fences=["c7n", "b7e", "e7e"]), (6, 2))
    # c6 c7, turn right: d7 e7, fence: north (e8) or south (e6)
    assert {t: sq for t, sq in only_die(s, "a", 6).items() if t.startswith("a6n")} == {"a6nL": "e9", "a6nR": "e5"}


def test_a_square_fenced_on_three_sides_sends_the_pawn_back_for_the_points_left():
    s = rolled(two_players(["c5", "m8", "C", "C"], red_fences=["c7n", "b7e", "c7e"]), (5, 2))
    assert only_die(s, "a", 5)["a5n"] == "c4"       # c6 c7, pocket: back c6 c5 c4
    assert only_die(s, "a", 2)["a2n"] == "c7"       # entered on the last point: it stays


def test_the_corner_of_the_board_turns_the_pawn_the_only_open_way():
    s = rolled(two_players(["a3", "m8", "C", "C"]), (4, 1))
    assert only_die(s, "a", 4)["a4s"] == "c1"       # a2 a1, the corner: east b1 c1


def test_other_pawns_never_block_and_a_move_may_not_end_on_an_own_pawn():
    s = rolled(two_players(["c5", "c11", "C", "C"], yellow=("C", "C", "c7", "a15")), (4, 2))
    assert only_die(s, "a", 4)["a4n"] == "c9"       # over yellow's pawn on c7
    assert "a4+2n" not in routes(s, "a4+2")         # would end on its own pawn b
    with pytest.raises(IllegalMove, match="ends on your own pawn"):
        s.push("a4+2n")


def test_the_two_dice_move_two_different_pawns():
    s = rolled(two_players(["c5", "m8", "C", "C"]), (4, 2))
    s.push("a4n")
    assert s.dice == (2,)
    assert {m.text[0] for m in s.legal_moves()} == {"b"}
    with pytest.raises(IllegalMove, match="two different pawns"):
        s.push("a2n")


def test_a_lone_pawn_moves_by_the_sum():
    s = rolled(two_players(["c5", "C", "C", "C"]), (4, 2))
    assert all("+" in m.text for m in s.legal_moves())
    assert routes(s, "a4+2n") == {"a4+2n": "c11"}
    with pytest.raises(IllegalMove, match="as fully as it can be"):
        s.push("a4n")


def test_one_die_alone_when_the_whole_roll_cannot_be_played():
    # a corridor h5-h6 open only towards the south entrance; surplus may not run in
    # (b is shut in the corner o1)
    s = rolled(two_players(["h5", "o1", "C", "C"], red_fences=["h5e", "g5e", "h4n", "h6e", "g6e", "o1n"],
                           centre_entry="illegal"), (2, 5))
    assert [m.text for m in s.legal_moves()] == ["a2n"]
    events = s.push("a2n")
    assert [e.kind for e in events][:2] == ["moved", "finished"]
    assert ("burned", 5) in [(e.kind, e.a) for e in events]


def walk(state, text):
    """The squares the board walks a pawn move over (Game.move_steps), by name; C r,c: a centre square."""
    steps = state.game.move_steps(state.arr, state.parse_move(text))
    return None if steps is None else " ".join(f"C{r},{c}" if grid.in_centre((r, c)) else grid.square_name(grid.node((r, c)))
                                               for r, c in steps)


def test_the_board_walks_a_pawn_along_its_run_bounces_included():
    s = rolled(two_players(["c5", "m8", "C", "C"], red_fences=["c7n", "b7e", "c7e"]), (5, 2))
    assert walk(s, "a5n") == "c6 c7 c6 c5 c4"       # the pocket sends it back
    s = rolled(two_players(["c5", "m8", "C", "C"], red_fences=["c7n", "b7e", "e7e"]), (6, 2))
    assert walk(s, "a6nR") == "c6 c7 d7 e7 e6 e5"


def test_the_board_walks_a_pawn_into_the_centre_to_its_own_spot_there():
    s = rolled(two_players(["h3", "m8", "C", "C"]), (4, 1))
    assert walk(s, "a4n") == "h4 h5 h6 C8,7 C8,8"    # red's spot is the centre's corner by its seat


def test_with_surplus_not_allowed_an_entrance_is_no_wall_and_the_turn_letters_say_so():
    """The browser's own reading of a run (the entrance a wall unless on the last point, whatever the
    rule) once took a5eRL to g3: the entrance beside h6 is open under this rule, so the fence east of
    h6 offers a choice (R: south), and the fence under h3 the next one (L: east)."""
    s = rolled(two_players(["g6", "m8", "C", "C"], red_fences=["h6e", "h2n"], centre_entry="illegal"), (5, 1))
    assert routes(s, "a5e") == {"a5eRL": "i3", "a5eRR": "g3"}
    assert walk(s, "a5eRL") == "h6 h5 h4 h3 i3"
    s = rolled(two_players(["g6", "m8", "C", "C"], red_fences=["h6e", "h2n"]), (5, 1))
    assert routes(s, "a5e") == {"a5eL": "i3", "a5eR": "g3"}
    assert walk(s, "a5eL") == "h6 h5 h4 h3 i3"


def test_fence_moves_and_keeping_walk_nothing():
    s = two_players(["c5", "m8", "C", "C"], fence_move=True)
    assert walk(s, "keep") is None and walk(s, "m15e-c7n") is None


@pytest.mark.parametrize("options", [{}, {"centre_entry": "illegal"}])
def test_every_walked_run_goes_square_by_square_to_where_the_rules_put_the_pawn(options):
    for seed in range(4):
        g = make_game("kimbo", players=3, options=options)
        s, rng, runs = g.new_state(seed=seed), random.Random(seed), 0
        while not s.is_over and runs < 300:
            if s.is_chance:
                s.roll()
                continue
            moves = s.legal_moves()
            for m in moves:
                steps = g.move_steps(s.arr, m)
                if steps is None:
                    continue
                runs += 1
                cells = [grid.square_of(m.frm)] + steps
                end = grid.square_of(m.to) if m.to != grid.CENTRE else grid.rotate((8, 8), g.seats[m.player])
                assert steps[-1] == end, m.text
                on_board = cells if m.to != grid.CENTRE else cells[:-1]
                assert len(on_board) == m.die + 1, m.text
                assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in zip(on_board, on_board[1:])), m.text
            s.push(rng.choice(moves))
        assert runs >= 300


# -- the centre ---------------------------------------------------------------------------
def test_the_centre_is_entered_by_exact_count():
    s = rolled(two_players(["h3", "m8", "C", "C"]), (4, 1))
    assert only_die(s, "a", 4)["a4n"] == "C"
    s = rolled(two_players(["h3", "m8", "C", "C"]), (5, 1))
    assert {t: sq for t, sq in only_die(s, "a", 5).items() if t.startswith("a5n")} == {"a5nL": "f6", "a5nR": "j6"}


def test_with_surplus_not_allowed_a_run_into_an_entrance_is_illegal():
    s = rolled(two_players(["h3", "m8", "C", "C"], centre_entry="illegal"), (5, 1))
    assert not [t for t in only_die(s, "a", 5) if t.startswith("a5n")]
    with pytest.raises(IllegalMove, match="last point only"):
        s.push("a5nL")


def test_a_closed_entrance_is_a_wall():
    s = rolled(two_players(["h3", "m8", "C", "C"], red_fences=["h6n"]), (4, 1))
    assert {t: sq for t, sq in only_die(s, "a", 4).items() if t.startswith("a4n")} == {"a4nL": "g6", "a4nR": "i6"}


def test_four_pawns_in_the_centre_win():
    s = rolled(two_players(["h2", "C", "C", "C"]), (4, 1))
    events = s.push("a4+1n")
    assert [e.kind for e in events][-2:] == ["finished", "won"]
    assert s.is_over and s.winner == 0


# -- doubles ------------------------------------------------------------------------------
def test_on_a_double_a_pawn_at_a_fence_may_jump_it_as_the_whole_turn():
    s = rolled(two_players(["c7", "m8", "C", "C"], red_fences=["c7n", "b7e"]), (3, 3))
    assert {t for t in routes(s, "a^")} == {"a^n", "a^w"}
    assert routes(s, "a^n") == {"a^n": "c8"}
    events = s.push("a^n")
    assert "jumped" in [e.kind for e in events]
    assert s.current_player == 1 and not s.is_chance and s.dice == ()


def test_no_jump_without_a_double_nor_over_the_border_nor_into_the_centre():
    s = rolled(two_players(["c7", "m8", "C", "C"], red_fences=["c7n"]), (3, 4))
    assert not routes(s, "a^")
    with pytest.raises(IllegalMove, match="only on a double"):
        s.push("a^n")
    s = rolled(two_players(["a7", "h6", "C", "C"], red_fences=["h6n"]), (2, 2))
    assert not routes(s, "a^") and not routes(s, "b^")
    with pytest.raises(IllegalMove, match="no fence on that side"):
        s.push("a^w")
    with pytest.raises(IllegalMove, match="cannot jump into the centre"):
        s.push("b^n")


# -- captures --------------------------------------------------------------------------------
def test_ending_on_an_opponent_captures_it_and_its_owner_puts_it_on_a_start_square():
    s = rolled(two_players(["c5", "m8", "C", "C"], yellow=("C", "C", "c9", "a15")), (4, 2))
    events = s.push("a4n")
    assert ("captured", 1, 2) in [(e.kind, e.player, e.piece) for e in events]
    assert s.game.pawns(s.arr, 1)[2] == "x"
    s.push("b2n")
    # yellow's start squares: n2, n15, a15 (taken by its own pawn), a2
    assert s.current_player == 1 and {m.text for m in s.legal_moves()} == {"c@n2", "c@n15", "c@a2"}
    s.push("c@a2")
    assert s.game.pawns(s.arr, 1) == ["C", "C", "a2", "a15"]
    assert s.current_player == 1 and {"keep"} <= {m.text for m in s.legal_moves()}


def test_a_captured_pawn_with_one_free_start_square_goes_there_at_once():
    s = rolled(two_players(["c5", "m8", "n15", "n2"], yellow=("C", "C", "c9", "a15")), (4, 2))
    s.push("a4n")
    s.push("b2n")
    assert s.game.pawns(s.arr, 1) == ["C", "C", "a2", "a15"]
    assert s.current_player == 1 and s.legal_moves()[0].text == "keep"


def test_any_start_option_lets_the_owner_choose_any_free_start_square():
    s = rolled(two_players(["c5", "m8", "C", "C"], yellow=("C", "C", "c9", "a15"), captured_to="any_start"),
               (4, 2))
    s.push("a4n")
    s.push("b2n")
    assert len(s.legal_moves()) == 15                  # 16 start squares, a15 is taken


def test_end_on_own_option_lets_own_pawns_share_and_both_are_captured():
    s = rolled(two_players(["c5", "c9", "C", "C"], end_on_own=True), (4, 2))
    assert only_die(s, "a", 4)["a4n"] == "c9"
    s = rolled(two_players(["c5", "m8", "C", "C"], yellow=("c9", "c9", "C", "a15"), end_on_own=True), (4, 2))
    events = s.push("a4n")
    assert [e.piece for e in events if e.kind == "captured"] == [0, 1]


# -- fences -----------------------------------------------------------------------------------
def test_a_fence_goes_to_any_free_slot_before_the_roll():
    s = two_players(["c5", "m8", "C", "C"], fence_move=True)
    moves = {m.text for m in s.legal_moves()}
    assert "keep" in moves and "m15e-c7n" in moves
    assert "m15e-n15e" not in moves                   # taken by another fence
    assert "m15e-f8e" not in moves                    # the fixed fence closing the west entrance
    events = s.push("m15e-c7n")
    assert [(e.kind, e.a, e.b) for e in events] == [("fence", BOARD.parse_slot("m15e"), BOARD.parse_slot("c7n"))]
    assert s.is_chance and "c7n" in s.game.fences(s.arr, 0)


def test_a_fence_that_would_close_the_last_way_to_the_centre_is_refused():
    s = two_players(["c5", "m8", "C", "C"], red_fences=["h9n"], fence_move=True)      # north closed; east, west fixed
    moves = {m.text for m in s.legal_moves()}
    assert "n13e-h6n" not in moves
    assert "h9n-h6n" in moves                         # moving the north fence there opens the north
    with pytest.raises(IllegalMove, match="cut squares off from the centre"):
        s.push("n13e-h6n")


def test_a_fence_that_would_shut_a_square_in_is_refused():
    s = two_players(["c5", "m8", "C", "C"], red_fences=["c7n", "b7e", "c7e"], fence_move=True)
    assert "n13e-c6n" not in {m.text for m in s.legal_moves()}
    with pytest.raises(IllegalMove, match="cut squares off"):
        s.push("n13e-c6n")
    s.push("c7n-c6n")                                 # the pocket opens northwards instead


def test_only_own_fences_move():
    s = two_players(["c5", "m8", "C", "C"], fence_move=True)
    with pytest.raises(IllegalMove, match="no fence of yours stands on m1e"):
        s.push("m1e-c7n")


# -- players and layouts -------------------------------------------------------------------
@pytest.mark.parametrize("players, closed", [(4, []), (3, ["f8e"]), (2, ["i8e", "f8e"])])
def test_missing_colours_leave_their_fences_off_and_close_entrances(players, closed):
    g = make_game("kimbo", players)
    s = g.new_state(0, first_player=0)
    walls = g.view(s.arr).walls
    fences = [w for w in walls if w[2] is not None]
    assert len(fences) == 6 * players + len(closed)
    assert sorted(BOARD.slot_name(BOARD.slot_between(a, b)) for a, b, seat in fences
                  if seat not in g.seats) == sorted(closed)
    assert len([w for w in walls if w[2] is None]) == 8
    for q in range(players):
        assert len(g.fences(s.arr, q)) == 6


def test_layout_a_pens_every_corner_and_layout_b_leaves_them_open():
    g = make_game("kimbo", 4)
    s = g.new_state(0, first_player=0)
    assert sorted(g.fences(s.arr, 2)) == ["a12n", "b12n", "c12n", "c13e", "c14e", "c15e"]
    assert s.legal_moves()[0].text == "keep"
    s.push("keep")
    s.set_dice((6, 5))
    assert all(in_corner(m.to, 3) for m in s.legal_moves())           # nobody leaves a pen
    g = make_game("kimbo", 4, preset="open-start")
    s = g.new_state(0, first_player=0)
    assert sorted(g.fences(s.arr, 2)) == ["b11n", "c11n", "d11n", "d12e", "d13e", "d14e"]
    s.push("keep")
    s.set_dice((6, 5))
    assert not all(in_corner(m.to, 4) for m in s.legal_moves())


def in_corner(v, size):
    r, c = grid.square_of(v)
    return min(r, 14 - r) < size and min(c, 14 - c) < size


def test_every_player_has_one_pawn_in_every_corner():
    g = make_game("kimbo", 4)
    s = g.new_state(0, first_player=0)
    assert g.pawns(s.arr, 0) == ["o1", "o14", "b14", "b1"]
    squares = [grid.parse_square(sq) for q in range(4) for sq in g.pawns(s.arr, q)]
    assert len(set(squares)) == 16 and all(in_corner(v, 2) for v in squares)
    for q in range(4):                    # one pawn in every corner
        assert len({(grid.square_of(v)[0] < 7, grid.square_of(v)[1] < 7) for v in squares[4 * q:4 * q + 4]}) == 4


# -- notation, positions, view ------------------------------------------------------------------
def test_move_texts_are_unique_and_parse_back():
    s = rolled(two_players(["c5", "m8", "h3", "C"], red_fences=["c7n", "b7e", "e7e"]), (3, 3))
    moves = s.legal_moves()
    assert len({m.text for m in moves}) == len(moves)
    for m in moves:
        assert s.parse_move(m.text).action == m.action
        assert " " not in m.text and "[" not in m.text


@pytest.mark.parametrize("fence_move", [False, True])
def test_a_position_file_round_trips(fence_move):
    s = two_players(["c5", "m8", "h3", "C"], red_fences=["c7n"], fence_move=fence_move)
    assert s.is_chance != fence_move
    data = dump_position(s)
    rows = data["pieces"]["players"] if fence_move else data["pieces"]
    assert rows[0] == {"pawns": ["c5", "m8", "h3", "C"], "fences": ["c7n"] + RED_PARK[1:]}
    again = load_position(data, make_game)
    assert np.array_equal(again.arr, s.arr)


@pytest.mark.parametrize("pieces, message", [
    ([{"pawns": ["c5", "c5", "C", "C"]}, {"pawns": ["C", "C", "C", "a1"]}], "already holds a pawn"),
    ([{"pawns": ["C", "C", "C", "C"]}, {"pawns": ["C", "C", "C", "a1"]}], "already won"),
    ([{"pawns": ["h8", "a2", "C", "C"]}, {"pawns": ["C", "C", "C", "a1"]}], "write C"),
    ([{"pawns": ["a1", "a2", "C", "C"], "fences": ["f8e"] * 6}, {"pawns": ["C", "C", "C", "a3"]}], "fixed fence"),
    ([{"pawns": ["a1", "a2", "C", "C"], "fences": ["a1w"] * 6}, {"pawns": ["C", "C", "C", "a3"]}], "not a fence slot"),
])
def test_bad_positions_are_refused(pieces, message):
    with pytest.raises(ValueError, match=message):
        load_position({"game": "kimbo", "players": 2, "pieces": pieces}, make_game)


def test_the_view_draws_pawns_fences_and_the_centre():
    s = rolled(two_players(["c5", "m8", "C", "C"], yellow=("C", "C", "c9", "a15")), (4, 2))
    s.push("a4n")
    view = s.game.view(s.arr)
    assert view.off_board[1] == {"captured": 1}
    assert sum(len(sq.pieces) for sq in view.squares.values()) == 7
    assert view.squares[(8, 8)].pieces == [(0, 2, False), (0, 3, False)]     # red's pawns in the centre
    assert ((0, 12), (0, 13), 0) in view.walls and view.squares[(7, 5)].kind == "entrance"


# -- the greedy bot's evaluation -----------------------------------------------------------------
def test_greedy_enters_the_centre_and_captures_when_it_can():
    s = rolled(two_players(["h3", "m8", "C", "C"], yellow=("C", "C", "m10", "a15")), (4, 2))
    bot = make_bot("greedy", 0)
    assert bot.choose(s).text == "a4n"
    s.push("a4n")
    assert bot.choose(s).text == "b2n"                 # m8 to m10 captures


# -- properties ----------------------------------------------------------------------------------
def reachable(arr, game):
    dist = np.empty(grid.NODES, np.int64)
    grid.distances(arr[KM.WALL:KM.WALL + grid.NODES], game.tab.nb, dist, np.empty(grid.NODES, np.int64))
    return dist < grid.UNREACHABLE


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2 ** 32), players=st.integers(2, 4), layout=st.sampled_from(["A", "B"]))
def test_after_any_legal_fence_move_the_centre_stays_reachable(seed, players, layout):
    game = make_game("kimbo", players, options={"fences": layout})
    rng = random.Random(seed)

    def check(state, step, moves):
        if state.arr[KM.G_STAGE] != KM.STAGE_FENCE:
            return
        before = reachable(state.arr, game)
        legal = {m.action for m in moves}
        base = KM.FEN + game.seats[state.current_player] * KM.FENCES
        for i in range(KM.FENCES):
            for s1 in rng.sample(range(KM.SLOTS), 40):
                u, d, _ = game.tab.slots[:, s1]
                if (state.arr[KM.WALL + u] >> d) & 1:
                    continue
                arr = state.arr.copy()
                game.engine.set_slot(arr, arr[base + i], False)
                game.engine.set_slot(arr, s1, True)
                keeps = not (before & ~reachable(arr, game)).any()
                assert keeps == (K.encode_action(KM.FENCE, i, s1) in legal)

    random_play(game.new_state(seed), rng, 120, probe=check)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2 ** 32), players=st.integers(2, 4), end_on_own=st.booleans())
def test_pawns_are_conserved_and_never_share_a_square_with_another_colour(seed, players, end_on_own):
    game = make_game("kimbo", players, options={"end_on_own": end_on_own})
    state = game.new_state(seed)
    rng = random.Random(seed)
    for _ in range(300):
        random_play(state, rng, 1)
        where = {}
        for q in range(players):
            pawns = game.pawns(state.arr, q)
            assert len(pawns) == 4
            for sq in pawns:
                if sq not in ("C", "x"):
                    where.setdefault(sq, []).append(q)
        for sq, owners in where.items():
            assert len(set(owners)) == 1 and (end_on_own or len(owners) == 1), (sq, owners)
        if state.is_over:
            break


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2 ** 32), action=st.integers(0, 1 << 22))
def test_an_illegal_move_is_refused_with_a_reason_and_changes_nothing(seed, action):
    state = make_game("kimbo", 3).new_state(seed)
    random_play(state, random.Random(seed), 25)
    if state.is_over or state.is_chance or action in state.legal_actions():
        return
    before = state.arr.copy()
    with pytest.raises(IllegalMove) as refusal:
        state.push(action)
    assert str(refusal.value) and "reason 0" not in str(refusal.value)
    assert np.array_equal(state.arr, before)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("preset", ["seed", "open-start"])
def test_random_games_end(players, preset):
    game = make_game("kimbo", players, preset)
    out = game.engine.run_many(game.new_state(0).arr, 7, 10, np.zeros(4, np.int64), True, True, 50_000)
    assert (out[:, 3] >= 0).all() and set(out[:, 3]) <= set(range(players))


@pytest.mark.parametrize("players", [2, 4])
def test_greedy_games_end_and_greedy_beats_random(players):
    game = make_game("kimbo", players)
    out = game.engine.run_many(game.new_state(0).arr, 3, 3, np.array([1, 0, 0, 0]), True, True, 5_000)
    assert (out[:, 3] >= 0).all()
    assert (out[:, 4] == 0).sum() >= 2
