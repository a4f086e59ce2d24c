"""Position files at any moment of a turn (docs/positions.md): the turn fields
of every game, their contradictions refused, and every state a random game
reaches written down and read back."""
import json
import random

from hypothesis import HealthCheck, given, settings, strategies as st
import pytest
from typer.testing import CliRunner

from pachisi.engine import kernel as K
from pachisi import GameError, dump_position, load_position, make_game
from pachisi.cli import app

from helpers import random_play

EMPTY = [-1, -1, -1, -1]


def parchis(turn, pieces=([10, 20, -1, -1], EMPTY, EMPTY, EMPTY)):
    return load_position({"game": "parchis", "players": 4, "to_move": 0, "pieces": [list(r) for r in pieces],
                          "turn": turn})


# -- Parchís: the third six, a pending bonus --------------------------------------------------------
def test_a_third_six_sends_the_last_moved_piece_home_and_offers_no_move():
    s = parchis({"sixes": 2, "last_moved": "b"})
    events = s.set_dice((6,))
    assert [(e.kind, e.player, e.piece, e.a) for e in events] == [
        ("penalty", 0, 1, 20), ("burned", 0, 0, 6), ("pass", 0, 0, 1)]
    assert s.game.pieces(s.arr, 0) == [10, -1, -1, -1] and s.current_player == 1 and s.is_chance


def test_without_the_sixes_the_same_six_is_an_ordinary_move():
    s = parchis({})
    s.set_dice((6,))
    assert sorted(m.text for m in s.legal_moves()) == ["6a", "6b"]      # pieces at home: a 6 counts 6


def test_a_pending_bonus_is_a_decision_that_needs_no_roll():
    s = parchis({"bonus": [20], "roll": [3]})
    assert not s.is_chance
    assert [(m.text, m.frm, m.to) for m in s.legal_moves()] == [("20a", 10, 30), ("20b", 20, 40)]
    s.push("20b")
    assert s.is_chance and s.current_player == 1          # a 3 earns no roll again


def test_a_bonus_after_a_six_rolls_again():
    s = parchis({"sixes": 1, "bonus": [10], "roll": [6], "last_moved": "a"})
    s.push("10b")
    assert s.is_chance and s.current_player == 0


def test_parcheesi_bonus_and_doubles():
    pieces = [[10, 20, -1, -1], EMPTY, EMPTY, EMPTY]
    s = load_position({"game": "parcheesi", "players": 4, "pieces": pieces,
                       "turn": {"doubles": 1, "bonus": [20, 10], "roll": [4, 4]}})
    assert sorted(m.text for m in s.legal_moves()) == ["10a", "10b", "20a", "20b"]
    s = load_position({"game": "parcheesi", "preset": "hasbro", "players": 4, "pieces": pieces,
                       "turn": {"doubles": 2}})
    events = s.set_dice((3, 3))
    assert [e.kind for e in events][:1] == ["penalty"] and s.game.pieces(s.arr, 0)[1] == -1


@pytest.mark.parametrize("turn, message", [
    ({"sixes": 3}, "sixes is a whole number from 0 to 2, not 3"),
    ({"sixes": True}, "not true"),
    ({"last_moved": "b"}, "no six has been rolled in it"),
    ({"sixes": 1, "last_moved": "c"}, "the last-moved piece c is at home"),
    ({"sixes": 1, "last_moved": "z"}, "a piece letter"),
    ({"bonus": [20]}, "roll gives the dice rolled"),
    ({"bonus": [20], "roll": [6]}, "contradict each other"),
    ({"bonus": [15], "roll": [3]}, r"each 20 \(a capture\) or 10"),
    ({"doubles": 1}, "unknown turn field"),
    ({"played": ["5a"]}, "give the roll too"),
    ({"roll": [6], "played": ["6c"]}, "played move 1 is not legal"),
    ({"bonus": [20], "roll": [3], "played": ["3a"]}, "write it without played"),
    ({"roll": [6, 1]}, r"turn: roll \[6, 1\]: this game rolls"),
])
def test_contradictory_or_malformed_turn_fields_are_refused(turn, message):
    with pytest.raises(GameError, match=message):
        parchis(turn)


def test_a_bonus_no_piece_can_play_is_refused():
    with pytest.raises(GameError, match="no piece can play the bonus"):
        parchis({"bonus": [20], "roll": [2]}, pieces=([70, 71, 71, -1], EMPTY, EMPTY, EMPTY))


# -- the other games ---------------------------------------------------------------------------------
def test_kimbo_documented_fence_position_works_without_dice():
    rows = [{"pawns": ["c5", "m8", "C", "C"], "fences": ["c7n", "b7e", "e7e", "n14e", "m13e", "n13e"]},
            {"pawns": ["C", "C", "c9", "a15"]}]
    for data in ({"game": "kimbo", "players": 2, "pieces": {"turn": "fence", "players": rows}},
                 {"game": "kimbo", "players": 2, "pieces": rows, "turn": {"step": "fence"}}):
        s = load_position(data)
        moves = {m.text for m in s.legal_moves()}
        assert not s.is_chance and "keep" in moves and "c7n-h6n" in moves
        s.push("keep")
        assert s.is_chance
    with pytest.raises(GameError, match="step is fence"):
        load_position({"game": "kimbo", "players": 2, "pieces": rows, "turn": {"step": "pawn"}})


def test_ludo_sixes_extra_rolls_and_the_turn_start():
    pieces = [[5, -1, -1, -1], [-1] * 4]
    s = load_position({"game": "ludo", "players": 2, "pieces": pieces, "turn": {"sixes": 2}})
    events = s.set_dice((6,))
    assert [e.kind for e in events] == ["burned", "pass"]
    s = load_position({"game": "ludo", "preset": "void-turn", "players": 2, "pieces": pieces,
                       "turn": {"sixes": 2, "turn_start": [[-1, -1, -1, -1], [-1] * 4]}})
    s.set_dice((6,))
    assert s.game.pieces(s.arr, 0) == [-1, -1, -1, -1]          # the whole turn is undone
    with pytest.raises(GameError, match="needs its turn_start"):
        load_position({"game": "ludo", "preset": "void-turn", "players": 2, "pieces": pieces, "turn": {"sixes": 1}})
    with pytest.raises(GameError, match="only with third_six=void_turn"):
        load_position({"game": "ludo", "players": 2, "pieces": pieces, "turn": {"turn_start": pieces}})


def test_shishbesh_quick_charge_tries_and_extra_rolls():
    base = {"game": "shishbesh", "preset": "quick-charge", "players": 2, "pieces": [[-1] * 4, [-1] * 4]}
    s = load_position({**base, "turn": {"tries_left": 1}})
    events = s.set_dice((2, 3))
    assert [e.kind for e in events][-1] == "pass"                 # the last try gave no move
    s = load_position({**base, "turn": {"tries_left": 2}})
    events = s.set_dice((2, 3))
    assert ("reroll", 1) in [(e.kind, e.a) for e in events] and s.current_player == 0
    with pytest.raises(GameError, match="only with quick_charge=true"):
        load_position({**base, "preset": "seed", "turn": {"tries_left": 1}})
    with pytest.raises(GameError, match="has one there"):
        load_position({**base, "pieces": [[5, -1, -1, -1], [-1] * 4], "turn": {"tries_left": 1}})
    s = load_position({**base, "preset": "seed", "turn": {"extra_rolls": 1}})
    s.set_dice((2, 3))
    assert s.current_player == 0 and s.is_chance


def test_mandavoshka_claim_is_a_decision_before_the_next_roll():
    s = load_position({"game": "mandavoshka", "preset": "claim", "players": 2, "to_move": 1,
                       "pieces": [[10, -1, -1, -1], [-1] * 4], "turn": {"claim": {"offender": 0, "pieces": ["a"]}}})
    assert sorted(m.text for m in s.legal_moves()) == ["call-a", "nocall"]
    s.push("call-a")
    assert s.game.pieces(s.arr, 0)[0] == (-3, False) and s.current_player == 1
    with pytest.raises(GameError, match="only with capture_rule=claim"):
        load_position({"game": "mandavoshka", "players": 2, "to_move": 1, "pieces": [[10, -1, -1, -1], [-1] * 4],
                       "turn": {"claim": {"offender": 0, "pieces": ["a"]}}})


def test_a_roll_under_way_is_the_roll_and_the_moves_played():
    s = load_position({"game": "shishbesh", "players": 2, "pieces": [[0, 5, -1, -1], [-1] * 4],
                       "turn": {"roll": [3, 2], "played": ["3a"]}})
    path = load_position({"game": "shishbesh", "players": 2, "pieces": [[0, 5, -1, -1], [-1] * 4]})
    path.set_dice((3, 2))
    path.push("3a")
    assert s.dice == (2,) and s.arr.tolist() == path.arr.tolist()
    data = dump_position(s)
    assert data["turn"] == {"roll": [3, 2], "played": ["3a"]} and data["pieces"][0] == [0, 5, -1, -1]


def test_a_finished_game_is_no_position():
    s = parchis({})
    s.arr[K.H_PHASE] = K.PHASE_OVER
    with pytest.raises(GameError, match="game is over"):
        dump_position(s)


# -- every state of a random game is written down and read back --------------------------------------
GAMES = [("shishbesh", 4, None, {}), ("shishbesh", 3, "quick-charge", {"extra_rolls_cumulative": True}),
         ("mandavoshka", 3, None, {}), ("mandavoshka", 4, "captor-swamp", {"capture_rule": "claim"}),
         ("tryasuchka", 2, None, {}), ("ludo", 4, None, {}),
         ("ludo", 3, "with-bonuses", {"extra_rolls_cumulative": True, "third_six": "void_turn"}),
         ("parchis", 4, None, {}), ("parchis", 2, None, {"spare_corridor": False}), ("parcheesi", 4, None, {}),
         ("parcheesi", 2, "hasbro", {"blockade_turns": 2}), ("kimbo", 2, None, {}),
         ("kimbo", 3, "open-start", {"end_on_own": True})]


def same_moment(a, b):
    """The two states face the same decision now, and after the same roll."""
    assert (a.current_player, a.is_chance, a.is_over) == (b.current_player, b.is_chance, b.is_over)
    assert sorted(m.text for m in a.legal_moves()) == sorted(m.text for m in b.legal_moves())
    if a.is_chance:
        dice = a.next_roll()
        ea, eb = a.clone().set_dice(dice), b.clone().set_dice(dice)
        assert [(e.kind, e.player, e.piece, e.a) for e in ea] == [(e.kind, e.player, e.piece, e.a) for e in eb]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 2 ** 32), steps=st.integers(0, 400))
def test_every_state_reached_round_trips(game, seed, steps):
    name, players, preset, options = game
    state = make_game(name, players, preset, options).new_state(seed=seed)
    random_play(state, random.Random(seed), steps)
    if state.is_over:
        state.pop()
    data = dump_position(state)
    back = load_position(json.loads(json.dumps(data)))
    assert dump_position(back) == data
    same_moment(state, back)


# -- the referee on the command line ---------------------------------------------------------------

def referee(tmp_path, position, *args):
    f = tmp_path / "position.json"
    f.write_text(json.dumps(position), encoding="utf-8")
    return CliRunner().invoke(app, ["moves", "--game", position["game"], "--position", str(f), *map(str, args)])


PARCHIS_2_SIXES = {"game": "parchis", "players": 4, "pieces": [[10, 20, -1, -1], EMPTY, EMPTY, EMPTY],
                   "turn": {"sixes": 2, "last_moved": "b"}}


def test_moves_names_the_roller_when_the_roll_burns_and_refuses_a_try_for_the_right_reason(tmp_path):
    r = referee(tmp_path, PARCHIS_2_SIXES, "--dice", "6", "--try", "7a")
    assert r.exit_code == 1, r.output
    assert ("Yellow rolled 6: no legal move — Yellow's b is sent back: the third six in a row; the 6 cannot be played "
            "and is lost; Blue rolls next") in r.output
    assert "7a: illegal — no move can be made with this roll: the dice burn" in r.output
    r = referee(tmp_path, PARCHIS_2_SIXES, "--dice", "6", "--json")
    data = json.loads(r.output)
    assert data["player"] == 0 and data["moves"] == [] and data["next"] == {"player": 1, "name": "blue", "step": "roll"}
    assert [e["kind"] for e in data["events"]] == ["penalty", "burned", "pass"]


def test_moves_at_a_pending_bonus_needs_no_dice(tmp_path):
    pos = {**PARCHIS_2_SIXES, "turn": {"bonus": [20], "roll": [3]}}
    r = referee(tmp_path, pos, "--json")
    assert r.exit_code == 0, r.output
    assert [(m["move"], m["from"], m["to"]) for m in json.loads(r.output)["moves"]] == [("20a", 10, 30), ("20b", 20, 40)]
    r = referee(tmp_path, pos, "--dice", "3")
    assert r.exit_code == 2 and "--dice 3: the position is at a decision that needs no roll" in r.output
    r = referee(tmp_path, PARCHIS_2_SIXES)
    assert r.exit_code == 2 and "give the roll with --dice" in r.output


def test_moves_at_kimbo_fence_step_lists_the_fence_moves_in_square_names(tmp_path):
    rows = [{"pawns": ["c5", "m8", "C", "C"], "fences": ["c7n", "b7e", "e7e", "n14e", "m13e", "n13e"]},
            {"pawns": ["C", "C", "c9", "a15"]}]
    r = referee(tmp_path, {"game": "kimbo", "players": 2, "pieces": {"turn": "fence", "players": rows}},
                "--json", "--try", "c7n-h6n")
    data = json.loads(r.output)
    assert r.exit_code == 0 and data["check"]["legal"]
    assert {"move": "c7n-h6n", "die": 0, "piece": "", "from": "c7n", "to": "h6n"} in data["moves"]
    r = referee(tmp_path, {"game": "kimbo", "players": 2, "pieces": rows}, "--dice", "6,2", "--json")
    moves = {m["move"]: (m["from"], m["to"]) for m in json.loads(r.output)["moves"]}
    assert moves["a2n"] == ("c5", "c7")


def test_try_takes_a_whole_play_and_tells_what_it_brings(tmp_path):
    pos = {"game": "shishbesh", "players": 2, "pieces": [[0, 40, -1, -1], [19, -1, -1, -1]]}
    r = referee(tmp_path, pos, "--dice", "1,3", "--try", "1a 3b")
    assert r.exit_code == 0, r.output
    assert ("1a 3b: legal — 1a g1 → h1; 3b d6 → f5 (Red captures Yellow's a; Red rolls again: for the capture); "
            "Red rolls next") in r.output
    assert "  3b     d6 → f5   (40 → 43)" in r.output          # the list gives the places of the run too
    r = referee(tmp_path, pos, "--dice", "1,3", "--try", "1a,3b", "--json")
    check = json.loads(r.output)["check"]
    assert [p["move"] for p in check["plays"]] == ["1a", "3b"] and check["next"]["step"] == "roll"
    assert check["plays"][1]["events"][0]["kind"] == "captured"
    r = referee(tmp_path, pos, "--dice", "1,3", "--try", "1a 1b")
    assert r.exit_code == 1 and "1a 1b: illegal — 1b: no die of this roll is left showing 1" in r.output


def test_kimbo_accepts_every_spelling_of_a_legal_move_and_names_a_route_written_short():
    rows = [{"pawns": ["c5", "m8", "C", "C"], "fences": ["c7n", "b7e", "e7e", "n14e", "m13e", "n13e"]},
            {"pawns": ["C", "C", "c9", "a15"]}]
    s = load_position({"game": "kimbo", "players": 2, "pieces": rows})
    s.set_dice((2, 3))
    assert s.parse_move("a3+2nL").text == "a2+3nL" and s.parse_move("a3+2nLL").text == "a2+3nL"
    assert s.parse_move("a2nL").text == "a2n" and s.is_legal("b3+2s")
    assert s.explain("a3+2n") == "a3+2n: the move is not written in full: write a2+3nL or a2+3nR"
    assert "no such route" in s.explain("a2nR")


# -- messages speak the file's language, not Python's ------------------------------------------------
@pytest.mark.parametrize("position, message", [
    ({"game": "ludo", "players": 2, "pieces": [[True, -1, -1, -1], [-1] * 4]}, "piece a: true is not a place"),
    ({"game": "ludo", "players": 2, "pieces": [[None, -1, -1, -1], [-1] * 4]}, "piece a: null is not a place"),
    ({"game": "shishbesh", "players": 2, "pieces": [[5, -1, -1, -1], [29, -1, -1, -1]]},
     r"two pieces stand on cell 5 \(seat 0's numbering\): player 0 piece a and player 1 piece a"),
    ({"game": "ludo", "players": 2, "to_move": True, "pieces": [[-1] * 4, [-1] * 4]}, "not true"),
    ({"game": "ludo", "players": 2, "pieces": [[-1] * 4, [-1] * 4], "turn": [1]}, r"not \[1\]"),
])
def test_position_messages_show_values_as_the_file_writes_them(position, message):
    with pytest.raises(GameError, match=message) as e:
        load_position(position)
    assert "True" not in str(e.value) and "None" not in str(e.value) and "(0, " not in str(e.value)


def test_rules_shows_option_values_as_o_takes_them():
    r = CliRunner().invoke(app, ["rules", "mandavoshka"])
    assert "capture_rule = penalty (penalty, claim, forced, lenient)" in r.output
    assert "start_single_occupancy = false (true, false)" in r.output and "'penalty'" not in r.output
    r = CliRunner().invoke(app, ["rules", "ludo"])
    assert "with-bonuses: capture_roll=true, finish_roll=true, blocks=true" in r.output and "True" not in r.output


def test_a_dice_mistake_is_blamed_on_dice_not_on_the_file(tmp_path):
    pos = {"game": "shishbesh", "players": 2, "pieces": [[-1] * 4, [-1] * 4]}
    r = referee(tmp_path, pos, "--dice", "7,1")
    assert r.exit_code == 2 and "--dice 7,1: a die shows 1 to 6, not 7" in r.output and "position.json" not in r.output
    r = referee(tmp_path, pos, "--dice", "6")
    assert r.exit_code == 2 and "--dice 6: this game rolls 2 dice, not 1" in r.output


def test_parchis_the_piece_that_arrived_last_on_an_exit_is_the_one_captured():
    # blue's and red's pieces share green's exit (a seguro); green leaves home with a 5 and captures one
    exit_of_green = [56 - 5 - 17 * seat for seat in range(4)]          # green's exit, in each seat's numbering
    pieces = [[-1] * 4, [exit_of_green[1], -1, -1, -1], [exit_of_green[2], -1, -1, -1], [-1] * 4]
    for later, victim in ((None, 2), ([[1, "a"]], 1)):
        turn = {"arrived_last": later} if later else {}
        s = load_position({"game": "parchis", "players": 4, "to_move": 3, "pieces": pieces, "turn": turn})
        s.set_dice((5,))
        events = s.push("5a")
        assert [(e.kind, e.player) for e in events if e.kind == "captured"] == [("captured", victim)]
        assert dump_position(load_position(json.dumps(
            {"game": "parchis", "players": 4, "to_move": 3, "pieces": pieces, "turn": turn}))).get("turn", {}) == turn
    with pytest.raises(GameError, match="arrived_last names pieces"):
        load_position({"game": "parchis", "players": 4, "pieces": pieces, "turn": {"arrived_last": [[0, "a"]]}})
