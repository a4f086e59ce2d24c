"""Per-game rows: gamerows plays the very games Engine.run_many plays and keeps each seat's figures;
simulate, fairness and tournament write them to Parquet (--parquet) with the totals they print."""
import json

import numpy as np
import pytest
from typer.testing import CliRunner

from pachisi import extras, gamerows, sim
from pachisi.cli import app
from pachisi.games import GAMES, make_game

pq = pytest.importorskip("pyarrow.parquet")


def run(*args):
    return CliRunner().invoke(app, [str(a) for a in args])


@pytest.mark.parametrize("game", sorted(GAMES))
def test_rows_are_run_manys_games_with_each_seats_figures(game):
    g = make_game(game, 4)
    start = g.new_state(seed=0, first_player=0).arr
    policies = [0, 1, 0, 1]
    many = g.engine.run_many(start, 40, 30, policies, True, True, 100_000)
    rows = gamerows.run_rows(g.engine, start, 40, 30, policies, True, True, 100_000)
    assert np.array_equal(rows[:, 2:7], many)
    assert rows[:, 0].tolist() == list(range(40, 70))
    assert rows[:, 1].tolist() == [g.new_state(seed=s).current_player for s in range(40, 70)]
    per = rows[:, gamerows.ROW_FIXED:].reshape(30, 4, gamerows.ROW_PER_SEAT)
    assert (per[:, :, 1].sum(1) == rows[:, 4]).all()        # every capture has its captor ...
    assert (per[:, :, 2].sum(1) == rows[:, 4]).all()        # ... and its victim
    assert (per[:, :, 3].sum(1) == rows[:, 3]).all()        # every action its player
    for row, p in zip(rows, per):
        if row[5] >= 0:
            assert p[row[5], 0] == 1                         # the winner's place is 1
            assert sorted(x for x in p[:, 0] if x) == list(range(1, 1 + sum(1 for x in p[:, 0] if x)))


def test_simulate_writes_a_row_a_game_with_the_totals_it_prints(tmp_path):
    out = tmp_path / "games.parquet"
    r = run("simulate", "--game", "ludo", "-n", 300, "--players", "random,greedy,random", "--seed", 7,
            "--chunk", 100, "--workers", 2, "--parquet", out, "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout[r.stdout.index("{"):])
    t = pq.read_table(out)
    assert t.num_rows == 300 and t.column("seed").to_pylist() == list(range(7, 307))
    assert t.schema.metadata[b"game"] == b"ludo"
    winners = t.column("winner").to_pylist()
    assert [winners.count(p) for p in range(3)] == [s["wins"] for s in data["seats"]]
    assert t.column("bots")[0].as_py() == ["random", "greedy", "random"]
    assert sum(t.column("captures").to_pylist()) / 300 == pytest.approx(data["captures_per_game"])
    places = t.column("places").to_pylist()
    assert all(row[w] == 1 for row, w in zip(places, winners))
    assert "300 games written to" in r.stderr


def test_the_rows_do_not_change_the_games():
    g = make_game("shishbesh", 2)
    kept = sim.simulate(g, 200, ["greedy", "random"], seed=3, chunk=64, keep_rows=True)
    plain = sim.simulate(g, 200, ["greedy", "random"], seed=3, chunk=64)
    assert kept.wins == plain.wins and kept.rolls == plain.rolls and kept.captures == plain.captures
    assert kept.rows.shape == (200, gamerows.ROW_FIXED + 2 * gamerows.ROW_PER_SEAT)


def test_fairness_and_tournament_write_their_games(tmp_path):
    f = tmp_path / "f.parquet"
    r = run("fairness", "--game", "parchis", "--players", 2, "-n", 60, "--greedy", 20, "--level5", 2,
            "--workers", 1, "--compare", "exit_capture=false", "--parquet", f)
    assert r.exit_code == 0, r.output
    t = pq.read_table(f)
    assert t.num_rows == 2 * (60 + 20 + 2)
    assert sorted(set(t.column("play").to_pylist())) == ["greedy", "level5", "random"]
    assert len(set(t.column("side").to_pylist())) == 2
    rows = t.to_pylist()
    assert all(r["captures"] is None for r in rows if r["play"] == "level5")     # the searching loop counts none
    assert all(r["captures"] is not None for r in rows if r["play"] != "level5")
    tf = tmp_path / "t.parquet"
    r = run("tournament", "--game", "ludo", "--bots", "random,greedy", "-n", 10, "--parquet", tf, "--json")
    assert r.exit_code == 0, r.output
    standings = {b["bot"]: b["wins"] for b in json.loads(r.stdout[r.stdout.index("{"):])["bots"]}
    t = pq.read_table(tf)
    assert t.num_rows == 10
    won = [bots[w] for bots, w in zip(t.column("bots").to_pylist(), t.column("winner").to_pylist()) if w is not None]
    assert {b: won.count(b) for b in standings} == standings


def test_parquet_is_refused_with_resume_and_without_pyarrow(tmp_path, monkeypatch):
    r = run("simulate", "--game", "ludo", "-n", 10, "--out", tmp_path / "o.jsonl", "--resume",
            "--parquet", tmp_path / "p.parquet")
    assert r.exit_code == 2 and "cannot be combined with --resume" in r.output
    real = extras.find_spec
    monkeypatch.setattr(extras, "find_spec", lambda name: None if name == "pyarrow" else real(name))
    r = run("simulate", "--game", "ludo", "-n", 10, "--parquet", tmp_path / "p.parquet")
    assert r.exit_code == 2 and "pip install 'pachisi[parquet]'" in r.output
    assert not list(tmp_path.iterdir())
