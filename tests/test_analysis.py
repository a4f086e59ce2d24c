"""Analysis of a finished game (pachisi.analysis, `pachisi analyse`): GNU Backgammon's accounting of luck and
skill sums to the result, a planted blunder is marked ??, the dice are tested against fair dice."""
import json

import numpy as np
import pytest
from typer.testing import CliRunner

from helpers import position
from pachisi import analysis, make_game
from pachisi import record as records
from pachisi.bots import bot_for_level
from pachisi.cli import app


def bot_game(name, players, seed, levels=(4, 2)):
    """A finished game between bots: (start, final state)."""
    s = make_game(name, players).new_state(seed=seed)
    start = s.clone()
    bots = [bot_for_level(levels[p % len(levels)], seed + p) for p in range(players)]
    while not s.is_over:
        if s.is_chance:
            s.roll()
        else:
            s.push(bots[s.current_player].choose(s))
    return start, s


@pytest.mark.parametrize("name,players", [("ludo", 2), ("ludo", 4), ("shishbesh", 2), ("parchis", 3), ("chaupar", 4)])
def test_luck_skill_and_drift_sum_to_the_result_for_every_player(name, players):
    """GNU Backgammon: result = equity at the start + the luck of every roll + the skill of every move (each a
    difference of the evaluator's value V), plus here the evaluator's drift at each roll (average over the
    rolls minus V before it, zero for a perfect evaluator).  So the luck-adjusted result is the start plus
    skill plus drift."""
    start, final = bot_game(name, players, seed=3)
    a = analysis.analyse(start, final.history)
    assert a.result == pytest.approx([1.0 if p == final.winner else 0.0 for p in range(players)]) or players > 2
    for p in a.players():
        total = p["start"] + p["luck"] + p["skill"] + p["drift"]
        assert total == pytest.approx(p["result"], abs=1e-9)
        assert p["luck_adjusted"] == pytest.approx(p["start"] + p["skill"] + p["drift"], abs=1e-9)


def test_the_movers_skill_is_minus_the_equity_it_lost():
    """With the rest of the roll searched to its end, V before a decision is the V of its best action, so a
    move's skill term for its mover is exactly the equity lost (negated)."""
    start, final = bot_game("ludo", 2, seed=4)
    a = analysis.analyse(start, final.history)
    moves = [s for s in a.steps if s["kind"] == "move"]
    assert any(s["lost"] > 0 for s in moves)
    for s in moves:
        assert s["skill"][s["player"]] == pytest.approx(-s["lost"], abs=1e-9)
        assert s["mark"] == analysis.mark(s["lost"])


def test_a_roll_luck_is_the_value_after_it_against_the_average_of_every_roll():
    start, final = bot_game("ludo", 2, seed=5)
    a = analysis.analyse(start, final.history[:1])
    net = analysis.evaluator(start.game)
    rows = net.roll_values(start.arr)
    after = start.clone()
    after.set_dice(final.history[0][2])
    assert a.steps[0]["luck"] == pytest.approx((net.value(after.arr) - rows.mean(axis=0)).tolist())
    assert sum(a.steps[0]["luck"]) == pytest.approx(0, abs=1e-9)       # two players: one's luck is the other's loss


def capture_or_not():
    """Ludo, 2 players: red's a on 19 can take yellow's last piece on the track (its 50, the square below its home
    column: global 24) with a 5; yellow's other three are home, as are two of red's.  Red's b on 50 could
    move up its home column instead."""
    s = position("ludo", [[19, 50, 56, 56], [50, 56, 56, 56]])
    s.set_dice((5,))
    assert {m.text for m in s.legal_moves()} == {"5a", "5b"}
    return s


def test_a_planted_blunder_is_marked_double_question():
    s = capture_or_not()
    start = s.clone()
    s.push("5b")                        # lets yellow's last piece walk home: a race red cannot win
    a = analysis.analyse(start, s.history[len(start.history):])
    step = a.steps[-1]
    assert step["move"] == "5b" and step["best"] == "5a"
    assert step["lost"] >= analysis.VERY_BAD and step["mark"] == "??"
    assert a.players()[0]["??"] == 1 and a.players()[0]["decisions"] == 1


def test_the_best_move_is_not_marked():
    s = capture_or_not()
    start = s.clone()
    s.push("5a")
    a = analysis.analyse(start, s.history[len(start.history):])
    assert a.steps[-1]["lost"] == 0 and a.steps[-1]["mark"] == ""


def test_marks_follow_the_stated_thresholds():
    assert [analysis.mark(x) for x in (0.0, 0.019, 0.02, 0.039, 0.04, 0.079, 0.08, 0.5)] == \
        ["", "", "?!", "?!", "?", "?", "??", "??"]


def test_dice_counts_and_the_chi_square_test():
    start, final = bot_game("shishbesh", 2, seed=6)
    a = analysis.analyse(start, final.history)
    report = analysis.dice_report([a])
    for p, d in enumerate(report):
        rolls = [s["dice"] for s in a.steps if s["kind"] == "roll" and s["player"] == p]
        assert d["rolls"] == len(rolls)
        assert sum(sum(k["counts"]) for k in d["dice"]) == 2 * len(rolls)
        if d["test"] is not None:
            assert 0 <= d["test"]["p"] <= 1 and d["test"]["dof"] == 5
    short = analysis.analyse(start, final.history[:6])
    assert all(d["test"] is None for d in analysis.dice_report([short]))     # too few rolls to test


def test_pachisi_analyse_prints_marks_luck_and_the_dice(tmp_path):
    start, final = bot_game("ludo", 2, seed=7)
    path = tmp_path / "game.txt"
    path.write_text(records.write(final, records.headers_for(final, ["level4", "level2"]), start=start), encoding="utf-8")
    run = CliRunner().invoke(app, ["analyse", str(path), "--json"])
    assert run.exit_code == 0, run.output
    data = json.loads(run.output)[0]
    assert data["game"] == "ludo" and data["thresholds"] == {"?!": 0.02, "?": 0.04, "??": 0.08}
    assert len(data["equity"]) == len(data["steps"]) == len(final.history)
    assert {p["player"] for p in data["summary"]} == {"red", "yellow"}
    text = CliRunner().invoke(app, ["analyse", str(path), "--plot", str(tmp_path / "eq.png")])
    assert text.exit_code == 0, text.output
    assert "luck-adjusted" in text.output and "chi-square" in text.output and "no proof" in text.output
    assert (tmp_path / "eq.png").stat().st_size > 10_000


def test_pachisi_analyse_refuses_a_bad_record(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text('[Game "ludo"]\n[Players "a,b"]\n[First "red"]\n\n1. red [9]\n', encoding="utf-8")
    run = CliRunner().invoke(app, ["analyse", str(path)])
    assert run.exit_code == 2 and "die shows 1 to 6" in run.output


@pytest.mark.usefixtures("database")
def test_the_web_app_analyses_a_record_on_its_checking_workers_once(tmp_path):
    from fastapi.testclient import TestClient
    from pachisi.web import create_app
    from test_web_api import settings
    start, final = bot_game("ludo", 2, seed=8)
    text = records.write(final, records.headers_for(final, ["level4", "level2"]), start=start)
    with TestClient(create_app(settings(tmp_path))) as client:
        r = client.post("/api/analyse", content=text.encode())
        assert r.status_code == 200, r.text
        game = r.json()["games"][0]
        assert game["game"] == "ludo" and len(game["steps"]) == len(final.history)
        assert client.app.state.checker.answers               # kept: the same record is not analysed again
        again = client.post("/api/analyse", content=text.encode())
        assert again.json() == r.json()
        bad = client.post("/api/analyse", content=b'[Game "ludo"]\n[Players "a,b"]\n[First "red"]\n\n1. red [9]\n')
        assert bad.status_code == 400 and "die shows 1 to 6" in bad.json()["message"]
