"""The command line: every command works, and bad input gets a clear error."""
import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pachisi.cli import app

DOCS = Path(__file__).resolve().parent.parent / "docs" / "positions"
runner = CliRunner()


def run(*args, input=None):
    return runner.invoke(app, [str(a) for a in args], input=input)


def test_every_command_has_help():
    for cmd in ("play", "moves", "simulate", "replay", "bench", "rules"):
        r = run(cmd, "--help")
        assert r.exit_code == 0 and "Usage" in r.output


def test_help_shows_values_as_they_are_written():
    """A flag takes no value, so its help shows none (not <bool>); a house rule shows <key=value>."""
    import typer
    commands = [[]] + [[name] for name in typer.main.get_command(app).commands]
    assert len(commands) > 8
    for cmd in commands:
        r = run(*cmd, "--help")
        assert r.exit_code == 0, cmd
        assert "<bool>" not in r.output and "list[" not in r.output, (cmd, r.output)
    assert "<key=value>" in run("simulate", "--help").output


def test_rules_lists_options_and_presets():
    r = run("rules", "shishbesh")
    assert r.exit_code == 0
    assert "quick_charge" in r.output and "long" in r.output


def test_play_between_bots_saves_a_record_that_replays(tmp_path):
    r = run("play", "shishbesh", "--players", "greedy,random,random", "--seed", 11, "--record-dir", tmp_path)
    assert r.exit_code == 0, r.output
    assert "wins." in r.output
    [path] = tmp_path.iterdir()
    text = path.read_text(encoding="utf-8")
    assert '[Game "shishbesh"]' in text and '[Seed "11"]' in text
    r = run("replay", "-q", path)
    assert r.exit_code == 0 and "all moves legal" in r.output


def test_a_person_plays_by_number_or_notation_and_may_quit(tmp_path):
    # red starts (first_player=first): roll with the seed's dice, pick move 1 while there are moves.
    answers = "\n" + "1\n" * 3 + "q\n" + "q\n" * 5
    r = run("play", "shishbesh", "--players", "human,random", "--seed", 4, "-o", "first_player=first",
            "-o", "start=both", "--record-dir", tmp_path, input=answers)
    assert r.exit_code == 0, r.output
    assert "Red (human) rolls" in r.output
    assert "record saved" in r.output and len(list(tmp_path.iterdir())) == 1


def test_play_refuses_unknown_games_options_and_players(tmp_path):
    r = run("play", "chess", "--players", "random,random")
    assert r.exit_code == 2 and "unknown game 'chess'" in r.output
    r = run("play", "shishbesh", "--players", "random,random", "-o", "arm=7")
    assert r.exit_code == 2 and "option 'arm' takes one of 5, 6" in r.output
    r = run("play", "shishbesh", "--players", "random,random", "-o", "colour=blue")
    assert r.exit_code == 2 and "unknown option 'colour'" in r.output
    r = run("play", "shishbesh", "--players", "random,wizard")
    assert r.exit_code == 2 and "unknown player 'wizard'" in r.output
    r = run("play", "shishbesh", "--players", "random")
    assert r.exit_code == 2 and "2 to 4 players" in r.output
    r = run("play", "shishbesh", "--players", "random,random", "-o", "arm")
    assert r.exit_code == 2 and "key=value" in r.output


def test_moves_lists_the_legal_moves_of_a_position():
    r = run("moves", "--game", "shishbesh", "--position", DOCS / "shishbesh-corner.json", "--dice", "1,3",
            "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert {m["move"] for m in data["moves"]} == {"1a", "1a>", "1a<", "1b", "3a", "3a/", "3b"}


def test_moves_checks_one_move_and_says_why_it_is_illegal():
    r = run("moves", "--game", "shishbesh", "--position", DOCS / "shishbesh-corner.json", "--dice", "1,3",
            "--try", "3c")
    assert r.exit_code == 1 and "only on a six" in r.output
    r = run("moves", "--game", "shishbesh", "--position", DOCS / "shishbesh-long-field.json", "--dice", "6,1",
            "--try", "6d")
    assert r.exit_code == 0 and "6d: legal" in r.output


@pytest.mark.parametrize("content, message", [
    ("{not json", "not valid JSON"),
    ('{"game": "shishbesh", "pieces": [[-1,-1,-1,-1]]}', "2 to 4 players"),
    ('{"game": "shishbesh", "pieces": [[-1,-1,-1],[-1,-1,-1,-1]]}', "exactly 4 places"),
    ('{"game": "shishbesh", "pieces": [[99,-1,-1,-1],[-1,-1,-1,-1]]}', "off the board"),
    ('{"game": "shishbesh", "pieces": [["x",-1,-1,-1],[-1,-1,-1,-1]]}', "not a place"),
    ('{"game": "shishbesh", "pieces": [[5,5,-1,-1],[-1,-1,-1,-1]]}', "two pieces stand"),
    ('{"game": "shishbesh", "pieces": [["5s",-1,-1,-1],[-1,-1,-1,-1]]}', "no shelter"),
    ('{"game": "shishbesh", "pieces": [[-1,-1,-1,-1],[-1,-1,-1,-1]], "to_move": 5}', "to_move"),
    ('{"game": "shishbesh", "pieces": [[-1,-1,-1,-1],[-1,-1,-1,-1]], "colour": 1}', "unknown key"),
    ('{"game": "shishbesh", "options": {"arm": 4}, "pieces": [[-1,-1,-1,-1],[-1,-1,-1,-1]]}', "option 'arm'"),
    ('{"game": "shishbesh", "pieces": [[49,50,51,52],[-1,-1,-1,-1]]}', "already won"),
])
def test_moves_refuses_a_malformed_position(tmp_path, content, message):
    f = tmp_path / "p.json"
    f.write_text(content)
    r = run("moves", "--game", "shishbesh", "--position", f, "--dice", "6,1")
    assert r.exit_code == 2 and message in r.output, r.output


def test_moves_refuses_bad_dice_and_a_missing_file(tmp_path):
    pos = DOCS / "shishbesh-corner.json"
    r = run("moves", "--game", "shishbesh", "--position", pos, "--dice", "7,1")
    assert r.exit_code == 2 and "1 to 6" in r.output
    r = run("moves", "--game", "shishbesh", "--position", pos, "--dice", "six")
    assert r.exit_code == 2 and "dice must be numbers" in r.output
    r = run("moves", "--game", "shishbesh", "--position", tmp_path / "none.json", "--dice", "6,1")
    assert r.exit_code == 2 and "cannot read" in r.output
    r = run("moves", "--game", "nope", "--position", pos, "--dice", "6,1")
    assert r.exit_code == 2 and "unknown game" in r.output


def test_simulate_reports_seat_win_rates_with_confidence_intervals():
    r = run("simulate", "--game", "shishbesh", "-n", 300, "--players", "greedy,random,random,random", "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["games"] == 300 and data["finished"] == 300
    assert sum(s["wins"] for s in data["seats"]) == 300
    lo, hi = data["seats"][0]["ci95"]
    assert lo <= data["seats"][0]["rate"] <= hi
    assert data["seats"][0]["rate"] > 0.4            # greedy beats three random bots clearly
    assert data["rolls_mean"] > 0 and data["captures_per_game"] > 0
    r = run("simulate", "--game", "shishbesh", "-n", 50, "--players", "random,random")
    assert r.exit_code == 0 and "95% CI" in r.output


def test_simulate_refuses_bad_input():
    assert "unknown player 'human'" in run("simulate", "--game", "shishbesh", "--players", "human,random").output
    r = run("simulate", "--game", "shishbesh", "--players", "mcts,random")
    assert r.exit_code == 2 and "unknown player 'mcts'" in r.output
    r = run("simulate", "--game", "shishbesh", "-n", 0)
    assert r.exit_code == 2 and "at least 1" in r.output
    r = run("simulate", "--game", "shishbesh", "--preset", "short")
    assert r.exit_code == 2 and "unknown preset 'short'" in r.output


def test_replay_names_the_line_of_a_bad_move(tmp_path):
    f = tmp_path / "bad.txt"
    f.write_text('[Game "shishbesh"]\n[Players "random,random"]\n[Seed "1"]\n[First "red"]\n\n'
                 "1. red [6-2] 6a 2a\n2. yellow [6-1] 6a 7b\n")
    r = run("replay", f)
    assert r.exit_code == 2 and "line 7" in r.output and "7b" in r.output


@pytest.mark.parametrize("text, message", [
    ("", "empty"),
    ('[Game "shishbesh"]\nnonsense here\n', "line 2"),
    ('1. red [6-2] 6a\n', "before any header"),
    ('[Game "shishbesh"]\n[Players "a,b"]\n[First "red"]\n1. yellow [6-2] 6a\n', "line 4: it is red's turn"),
    ('[Game "shishbesh"]\n[Players "a,b"]\n[First "red"]\n1. red [6-9]\n', "line 4: a die shows 1 to 6"),
    ('[Game "go"]\n[Players "a,b"]\n', "unknown game 'go'"),
    ('[Players "a,b"]\n', "no [Game] header"),
    ('[Game "shishbesh"]\n[Players "a,b"]\n[Options "arm=9"]\n', "option 'arm'"),
    ('[Game "shishbesh"]\n[Players "a,b"]\n[First "red"]\n[Result "red"]\n1. red [6-2] 6a 2a\n', "Result"),
])
def test_replay_refuses_malformed_records(tmp_path, text, message):
    f = tmp_path / "r.txt"
    f.write_text(text)
    r = run("replay", f)
    assert r.exit_code == 2 and message in r.output, r.output


def test_bench_prints_games_and_moves_per_second():
    r = run("bench", "--game", "shishbesh", "--players", 2, "--seconds", 0.2)
    assert r.exit_code == 0 and "games/s" in r.output and "moves/s" in r.output
    assert run("bench", "--game", "shishbesh", "--players", 5).exit_code == 2


def test_serve_refuses_an_unknown_sqlite_sync():
    r = run("serve", "--sqlite-sync", "sometimes")
    assert r.exit_code != 0 and "--sqlite-sync is NORMAL or FULL, not 'sometimes'" in r.output


def _moves_of(record_dir):
    """The move text of the one record in record_dir (headers, which name the players, left out)."""
    [path] = record_dir.iterdir()
    return [line for line in path.read_text(encoding="utf-8").splitlines() if not line.startswith("[")]


def test_play_seats_bots_by_level(tmp_path, monkeypatch):
    """`play` takes the levels the README offers; a level's seat plays as bots.bot_for_level makes it."""
    import pachisi.bots as bots         # the CLI imports the bots when a seat needs one
    asked = []

    def spy(level, seed=0):
        asked.append((level, seed))
        return real(level, seed)

    real = bots.bot_for_level
    monkeypatch.setattr(bots, "bot_for_level", spy)
    r = run("play", "shishbesh", "--players", "level3,level2", "--seed", 11, "--record-dir", tmp_path / "a")
    assert r.exit_code == 0, r.output
    assert asked == [(3, 11), (2, 12)] and "wins." in r.output
    assert '[Players "level3,level2"]' in next((tmp_path / "a").iterdir()).read_text(encoding="utf-8")
    # level4 is greedy and level1 random with their default settings: the very same game
    r = run("play", "shishbesh", "--players", "level4,level1", "--seed", 7, "--record-dir", tmp_path / "b")
    assert r.exit_code == 0, r.output
    r = run("play", "shishbesh", "--players", "greedy,random", "--seed", 7, "--record-dir", tmp_path / "c")
    assert r.exit_code == 0, r.output
    assert _moves_of(tmp_path / "b") == _moves_of(tmp_path / "c")
    r = run("play", "shishbesh", "--players", "random,level9")
    assert r.exit_code == 2 and "unknown player 'level9'" in r.output and "level5" in r.output


def test_version_option_prints_the_version():
    """`pachisi --version` prints pachisi.__version__ and runs no command; --help is unchanged."""
    import pachisi
    r = run("--version")
    assert r.exit_code == 0 and r.output.strip() == f"pachisi {pachisi.__version__}"
    r = run("--help")
    assert r.exit_code == 0 and "--version" in r.output and "cross-and-circle dice race games" in r.output
    assert "play" in r.output and "tournament" in r.output
    assert run("rules", "shishbesh").exit_code == 0


ENGLISH = re.compile(r"\b(to move|legal|illegal|rolls next|moves next|rolled|Options|Presets|players|the dice|"
                     r"position|cannot|must|give|error)\b")


@pytest.mark.parametrize("args", [
    ["rules", "parchis"],
    ["moves", "--game", "parchis", "--position", DOCS / "parchis-bonus.json", "--try", "20a"],
    ["moves", "--game", "parchis", "--position", DOCS / "parchis-third-six.json", "--dice", "6"],
    ["moves", "--game", "shishbesh", "--position", DOCS / "shishbesh-corner.json", "--dice", "1,3", "--try", "1a 3z"],
    ["moves", "--game", "kimbo", "--position", DOCS / "kimbo-fence.json", "--try", "c7n-h6n"],
    ["moves", "--game", "parchis", "--position", DOCS / "parchis-third-six.json"],
    ["moves", "--game", "parchis", "--position", DOCS / "parchis-bonus.json", "--dice", "6"],
    ["moves", "--game", "ludo", "--position", DOCS / "parchis-bonus.json"],
    ["moves", "--game", "parchis", "--position", DOCS / "nowhere.json"],
    ["simulate", "--game", "ludo", "-n", "0"],
    ["play", "ludo", "--players", "nobody,greedy"],
])
def test_with_lang_ru_moves_rules_and_errors_speak_russian(args):
    """Everything the CLI itself says is Russian with --lang ru (the notation, file names and option
    names stay as they are written)."""
    r = run("--lang", "ru", *args)
    text = "\n".join(line for line in r.output.splitlines() if not line.startswith(("  ", "■", "●", "▸", "┃")))
    said = re.sub(r"\S*(/|\.json)\S*|--?[a-z][\w-]*|\b[a-z_]+=\S*", "", text)    # paths, options, house rules
    assert re.search("[а-яё]", said), r.output
    assert not ENGLISH.search(said), (ENGLISH.search(said), r.output)


def test_moves_lists_the_boards_squares_and_the_places_of_the_players_run():
    """Parchís's board is labelled with the ring's squares (1-68); its moves say both, so the list and
    the board agree."""
    r = run("moves", "--game", "parchis", "--position", DOCS / "parchis-bonus.json")
    assert "  20a    15 → 35   (10 → 30)" in r.output and "  20b    25 → 45   (20 → 40)" in r.output
    assert "squares are named by their numbers" in r.output and "as position files number them" in r.output
