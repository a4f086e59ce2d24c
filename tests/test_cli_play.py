"""pachisi play, replay and tournament as a person meets them: prompts, refusals,
help/hint/undo, records kept on every way out, paths checked first, languages."""
import io
import re

import pytest
from rich.console import Console
from typer.testing import CliRunner

from pachisi.bots import bot_for_level, make_bot
from pachisi.cli import app, environment_language
from pachisi.games import make_game
from pachisi.terminal_game import TerminalGame, dice_example, parse_dice

runner = CliRunner()
BOARD_TOP = re.compile(r"^ {4}a {3}b {3}c", re.M)     # the files line, twice a board


def run(*args, input=None, env=None):
    return runner.invoke(app, [str(a) for a in args], input=input, env=env)


def play(game, players, *extra, input="", tmp_path, seed=4):
    return run("play", game, "--players", players, "--seed", seed, "-o", "first_player=first",
               "--record-dir", tmp_path, *extra, input=input)


def record_of(tmp_path):
    [path] = tmp_path.iterdir()
    return path.read_text(encoding="utf-8")


# -- the roll prompt -------------------------------------------------------------------------------
def test_a_typed_roll_that_burns_is_echoed_with_its_dice(tmp_path):
    r = play("shishbesh", "human,random", input="1-5\nq\n", tmp_path=tmp_path)
    assert r.exit_code == 0, r.output
    assert "Red (human) rolls 1-5 — the 1 and the 5 cannot be played and are lost" in r.output
    assert "1. red [1-5]" in record_of(tmp_path)


def test_junk_at_the_roll_prompt_gets_a_clear_message(tmp_path):
    r = play("shishbesh", "human,random", input="zz\n7-7\n6\nq\n", tmp_path=tmp_path)
    assert r.exit_code == 0, r.output
    assert "invalid literal" not in r.output and "Traceback" not in r.output
    assert "type the dice as numbers, e.g. 6-2, or press Enter to roll" in r.output
    assert "7-7 is not a roll of this game (its dice show 1–6, 1–6)" in r.output
    assert "this game rolls 2 dice: type 2 numbers, e.g. 6-2" in r.output


def test_ludo_asks_for_one_die(tmp_path):
    r = play("ludo", "human,random", input="6-2\nq\n", tmp_path=tmp_path)
    assert "(e.g. 6)" in r.output
    assert "this game rolls one die: type one number, e.g. 6" in r.output
    assert "1 dice" not in r.output


def test_tryasuchka_takes_its_dice_in_either_order(tmp_path):
    g = make_game("tryasuchka", 2)
    assert parse_dice(g, "7-2") == (2, 7) and parse_dice(g, "2-7") == (2, 7) and parse_dice(g, "3 4") == (3, 4)
    assert dice_example(g) == "6-3"
    r = play("tryasuchka", "human,random", input="7-2\nq\n", tmp_path=tmp_path)
    assert "Red (human) rolls 2-7" in r.output
    assert "[2-7]" in record_of(tmp_path)


# -- the move prompt -------------------------------------------------------------------------------------
def test_move_numbers_out_of_range_capitals_help_and_hint(tmp_path):
    r = play("ludo", "human,greedy", input="6\n99\n0\n?\nhelp\nhint\n6A\nq\n", tmp_path=tmp_path)
    assert r.exit_code == 0, r.output
    assert r.output.count("no move number 99; moves are 1–1") == 1
    assert "no move number 0; moves are 1–1" in r.output
    assert r.output.count("Notation: a move is written die and piece: 6a, 3c") == 2
    assert "Commands: help" in r.output and "hint" in r.output and "undo" in r.output
    assert re.search(r"hint: 6a \(level 5\); after it greedy playouts win \d+% for you", r.output)
    assert "Red (human) plays 6a: yard → b9 — Red rolls again: a six" in r.output
    assert "1. red [6] 6a" in record_of(tmp_path)


def test_the_move_list_names_squares_and_what_a_move_does(tmp_path):
    r = play("ludo", "human,greedy", input="6\n", tmp_path=tmp_path)
    assert re.search(r" 1\. 6a\s+●a yard → b9  Red rolls again: a six", r.output)


def test_undo_is_for_hot_seat_games_only(tmp_path):
    r = play("ludo", "human,greedy", input="6\nundo\nq\n", tmp_path=tmp_path)
    assert "undo is for hot-seat games" in r.output


def test_undo_takes_back_to_the_last_decision(tmp_path):
    # red: 6 → 6a, 6 → 6a, 6 (the third six burns); yellow is at the roll prompt and undoes:
    # back before red's second 6a, with its 6 still to play
    r = play("ludo", "human,human", input="6\n1\n6\n1\n6\nundo\nq\n", tmp_path=tmp_path)
    assert r.exit_code == 0, r.output
    assert "undone: back to before 6a" in r.output
    assert record_of(tmp_path).rstrip().endswith("1. red [6] 6a\n2. red [6]")


def test_a_piped_game_draws_the_board_once_per_decision(tmp_path):
    answers = "\n1\n" * 200
    r = play("ludo", "human,greedy", input=answers, tmp_path=tmp_path)
    decisions = r.output.count("your move (number or notation")
    boards = len(BOARD_TOP.findall(r.output)) // 2
    assert decisions > 10
    assert boards <= decisions + 1
    assert r.output.count("squares are named by file and rank") == 1     # the signs explained once


# -- records on every way out, paths checked before playing ------------------------------------------------------
def test_ctrl_c_saves_the_record_and_says_where(tmp_path, monkeypatch):
    answers = iter(["6", "1"])

    def ask(self, prompt):
        try:
            return next(answers)
        except StopIteration:
            raise KeyboardInterrupt from None
    monkeypatch.setattr(TerminalGame, "ask", ask)
    r = play("ludo", "human,greedy", tmp_path=tmp_path)
    assert r.exit_code == 130
    [path] = tmp_path.iterdir()
    assert f"record saved to {path}" in r.output
    assert "1. red [6] 6a" in path.read_text(encoding="utf-8")


def test_an_unwritable_record_dir_is_refused_before_the_game(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    r = run("play", "ludo", "--players", "random,random", "--record-dir", blocker / "records")
    assert r.exit_code == 2
    assert f"cannot write records to {blocker / 'records'}" in r.output
    assert "wins" not in r.output and "Traceback" not in r.output


def test_a_record_that_cannot_be_written_at_the_end_is_printed(tmp_path, monkeypatch):
    folder = tmp_path / "records"

    def ask(self, prompt):
        folder.rmdir()
        folder.write_text("now a file")           # the folder is gone by the time the game is saved
        return "q"
    monkeypatch.setattr(TerminalGame, "ask", ask)
    r = play("ludo", "human,greedy", tmp_path=folder)
    assert r.exit_code == 1
    assert "cannot write records to" in r.output and "here is the record:" in r.output
    assert '[Game "ludo"]' in r.output


def test_a_plot_path_is_checked_before_the_tournament_and_named_as_written(tmp_path):
    r = run("tournament", "--game", "ludo", "--bots", "random,greedy", "-n", 4,
            "--plot", tmp_path / "missing" / "plot.png")
    assert r.exit_code == 2 and "the folder" in r.output and "does not exist" in r.output
    assert "games" not in r.output
    r = run("tournament", "--game", "ludo", "--bots", "random,greedy", "-n", 4, "--plot", tmp_path / "x.nope")
    assert r.exit_code == 2 and "'.nope'" in r.output
    r = run("tournament", "--game", "ludo", "--bots", "random,greedy", "-n", 4, "--plot", tmp_path / "noext")
    assert r.exit_code == 0, r.output
    assert f"plot saved to {tmp_path / 'noext.png'}" in r.output
    assert (tmp_path / "noext.png").stat().st_size > 1000


# -- tournament and replay output ---------------------------------------------------------------------------------
def test_a_bot_listed_twice_is_two_entrants(tmp_path):
    r = run("tournament", "--game", "ludo", "--bots", "random,random,greedy", "-n", 6, "--json")
    import json
    rows = json.loads(r.output)["bots"]
    assert [row["bot"] for row in rows] == ["random#1", "random#2", "greedy"]
    assert all(row["games"] == 6 for row in rows)


def test_markdown_names_the_game():
    r = run("tournament", "--game", "parchis", "--bots", "random,greedy", "-n", 2, "--markdown")
    assert r.output.startswith("**Parchís** (preset seed)")


def test_wide_output_is_not_wrapped_in_a_file():
    r = run("tournament", "--game", "ludo", "--bots", "greedy:blunder=0.25,random", "-n", 2, "--players", 2)
    assert r.exit_code == 0, r.output
    title = next(line for line in r.output.splitlines() if "seats rotated" in line)
    assert "Ludo: 2 games (2 finished), 2 players, seats rotated," in title
    assert any("greedy:blunder=0.25" in line for line in r.output.splitlines())


def test_the_ludo_bonus_alias_plays_the_with_bonuses_preset(tmp_path):
    r = run("play", "ludo-bonus", "--players", "random,random", "--seed", 2, "--record-dir", tmp_path)
    assert r.exit_code == 0, r.output
    assert "preset with-bonuses" in r.output
    assert '[Preset "with-bonuses"]' in record_of(tmp_path)


def test_replay_numbers_rolls_as_the_record_does(tmp_path):
    run("play", "kimbo", "--players", "greedy,greedy", "--seed", 3, "--record-dir", tmp_path)
    [path] = tmp_path.iterdir()
    record = path.read_text(encoding="utf-8")
    rolls = len(re.findall(r"\[\d-\d\]", record))
    r = run("replay", path)
    assert r.exit_code == 0, r.output
    first = next(line for line in r.output.splitlines() if re.match(r"\s+\d+\. ", line))
    assert first.startswith("   1. Red ")
    assert not re.search(r"\b\d{3}\b →", r.output)                  # square names, never node numbers
    assert re.search(r"\(([a-o]\d{1,2}|C|captured) → ([a-o]\d{1,2}|C)\)", r.output)
    assert f"Kimbo, {rolls} rolls, all moves legal" in r.output


# -- languages -------------------------------------------------------------------------------------------------------
def test_the_language_comes_from_the_locale_or_lang():
    assert environment_language({"LANG": "ru_RU.UTF-8"}) == "ru"
    assert environment_language({"LC_ALL": "en_GB.UTF-8", "LANG": "ru_RU.UTF-8"}) == "en"
    assert environment_language({"LC_MESSAGES": "ru_RU", "LANG": "C"}) == "ru"
    assert environment_language({"LANG": "de_DE.UTF-8"}) == "en"
    assert environment_language({}) == "en"


def test_play_speaks_russian_by_locale_and_by_option(tmp_path):
    env = {"LANG": "ru_RU.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""}
    r = run("play", "ludo", "--players", "human,greedy", "--seed", 4, "-o", "first_player=first",
            "--record-dir", tmp_path / "ru", input="zz\n6\n99\nq\n", env=env)
    assert r.exit_code == 0, r.output
    for text in ("Красный (человек)", "введите кубики числами", "бросает 6", "хода с номером 99 нет",
                 "ваш ход", "во дворе", "запись сохранена в", "стартовая клетка"):
        assert text in r.output, text
    r = run("--lang", "ru", "play", "ludo", "--players", "random,random", "--seed", 2,
            "--record-dir", tmp_path / "ru2", env={"LANG": "C", "LC_ALL": "", "LC_MESSAGES": ""})
    assert "побеждает" in r.output and "запись сохранена" in r.output


def test_errors_replay_and_tournament_in_russian(tmp_path):
    r = run("--lang", "ru", "play", "chess", "--players", "random,random")
    assert r.exit_code == 2 and "ошибка:" in r.output
    run("play", "ludo", "--players", "random,random", "--seed", 2, "--record-dir", tmp_path)
    [path] = tmp_path.iterdir()
    r = run("--lang", "ru", "replay", "-q", path)
    assert "все ходы законны" in r.output and "бросков" in r.output
    r = run("--lang", "ru", "tournament", "--game", "ludo", "--bots", "random,greedy", "-n", 2)
    assert "доля побед" in r.output and "места по кругу" in r.output
    r = run("--lang", "xx", "rules", "ludo")
    assert r.exit_code == 2 and "--lang is one of en, ru" in r.output


# -- on a terminal: redrawn in place, "thinking…" for slow bots ------------------------------------------------------
class Screen(Console):
    """A terminal console that remembers the status lines it was asked to show."""

    def __init__(self):
        super().__init__(file=io.StringIO(), force_terminal=True, width=120, color_system="standard")
        self.statuses = []

    def status(self, message, **kw):
        self.statuses.append(str(message))
        return super().status(message, **kw)


def _decision_of(state, player):
    """Play greedy moves until `player` has a move to choose."""
    greedy = make_bot("greedy", 0)
    while state.is_chance or state.current_player != player or len(state.legal_moves()) < 2:
        if state.is_chance:
            state.roll()
        else:
            state.push(greedy.choose(state))
    return state


def test_slow_bots_show_a_thinking_line_on_a_terminal():
    g = make_game("ludo", 2)
    screen = Screen()
    tg = TerminalGame(screen, g, ["greedy", "expectimax", ], {0: make_bot("greedy", 0), 1: make_bot("expectimax", 1)})
    tg.live = True                                   # as with a person at the terminal
    state = _decision_of(g.new_state(seed=4), 0)
    tg.think(state, 0)
    assert screen.statuses == []                     # greedy answers at once
    state = _decision_of(state, 1)
    tg.think(state, 1)
    assert screen.statuses == ["Yellow is thinking…"]


def test_on_a_terminal_each_decision_redraws_one_screen():
    g = make_game("ludo", 2)
    screen = Screen()
    bots = {1: bot_for_level(4, 1)}
    tg = TerminalGame(screen, g, ["human", "level4"], bots)
    answers = iter(["6", "1", "", "1", "", "1"])
    tg.ask = lambda prompt: next(answers, "q")
    state = g.new_state(seed=4, first_player=0)
    with pytest.raises(Exception):
        tg.play(state)
    out = screen.file.getvalue()
    screens = out.count("\x1b[2J")                 # cleared before each decision
    assert screens >= 4
    assert len(BOARD_TOP.findall(re.sub(r"\x1b\[[\d;]*m", "", out))) == 2 * screens


@pytest.mark.parametrize("lang, said", [("en", "Red (level1) plays 6b with Yellow's piece"),
                                        ("ru", "Красный (level1) ходит 6b фишкой Жёлтого")])
def test_a_partners_piece_moved_by_a_finished_player_is_said_to_be_the_partners(lang, said):
    """Ludo in teams: Red's pieces are all home, so he moves his partner Yellow's, and the line says whose."""
    from pachisi.engine.position import load_position
    from pachisi.render.terminal import MoveTrace
    state = load_position({"game": "ludo", "options": {"teams": "opposite"}, "players": 4,
                           "pieces": [["centre"] * 4, ["yard"] * 4, [10, "yard", "yard", "yard"], ["yard"] * 4]},
                          make_game)
    state.set_dice((6,))
    tg = TerminalGame(Console(file=io.StringIO()), state.game, ["level1"] * 4, {}, lang)
    assert tg.move_line(0, MoveTrace(state, state.parse_move("6b"), lang)).plain.strip().startswith(said)
