"""simulate and tournament at scale: sharding by seed over processes and a Ray
cluster, results streamed to JSON lines and resumed, the totals by turn order."""
import json
import os

import numpy as np
import pytest
from typer.testing import CliRunner

from pachisi.cli import app
from pachisi.games import make_game
from pachisi.sim import Tally, hist_stats, simulate
from pachisi.tournament import entrants_from, run

BOTS = ["greedy", "random", "random"]


def _same(a, b):
    assert (a.games, a.finished, a.wins, a.wins_by_order, a.rolls, a.captures, a.actions) == \
        (b.games, b.finished, b.wins, b.wins_by_order, b.rolls, b.captures, b.actions)


def test_the_turn_order_tally_counts_who_moved_first():
    g = make_game("ludo", 3)
    res = simulate(g, 300, BOTS, seed=4, chunk=100)
    start = g.new_state(seed=0, first_player=0).arr
    rows = g.engine.run_many(start, 4, 300, [1, 0, 0], False, True, 100_000)
    firsts = [g.engine.rolloff(start, 4 + i) for i in range(300)]
    by_order = [0, 0, 0]
    for row, first in zip(rows, firsts):
        by_order[(row[3] - first) % 3] += 1
    assert res.wins_by_order == by_order and sum(by_order) == 300
    assert res.wins == [int((rows[:, 3] == p).sum()) for p in range(3)]
    d = res.as_dict(g)
    assert [o["wins"] for o in d["turn_order"]] == by_order
    assert d["rolls_percentiles"]["p50"] == int(np.sort(rows[:, 0])[149])     # nearest rank: the 150th of 300


def test_with_the_first_seat_starting_turn_order_is_seat_order():
    g = make_game("ludo", 2, options={"first_player": "first"})
    res = simulate(g, 200, ["random", "random"], seed=1)
    assert res.wins == res.wins_by_order


def test_percentiles_of_a_histogram_are_nearest_rank():
    stats = hist_stats({10: 5, 20: 90, 30: 5})
    assert (stats["p5"], stats["p50"], stats["p95"]) == (10, 20, 20)
    stats = hist_stats({1: 1, 2: 1, 3: 1, 4: 1})
    assert (stats["p5"], stats["p50"], stats["p95"], stats["mean"]) == (1, 2, 4, 2.5)
    assert stats["sd"] == pytest.approx(np.std([1, 2, 3, 4], ddof=1))


def test_a_tally_survives_its_json_line():
    g = make_game("shishbesh", 3)
    res = simulate(g, 50, BOTS, seed=2)
    t = Tally(3)
    t.games, t.finished, t.wins, t.wins_by_order = res.games, res.finished, res.wins, res.wins_by_order
    t.rolls, t.captures, t.actions = res.rolls, res.captures, res.actions
    back = Tally.from_json(json.loads(json.dumps(t.to_json())), 3)
    assert back.to_json() == t.to_json()


def test_a_stopped_run_resumes_without_replaying_and_totals_equal_one_run(tmp_path):
    g = make_game("ludo", 3, "with-bonuses")
    whole = simulate(g, 1000, BOTS, seed=5, chunk=100)
    out = tmp_path / "run.jsonl"
    first = simulate(g, 1000, BOTS, seed=5, chunk=100, out=out, stop_after=3)        # interrupted after 3 chunks
    assert first.games == 300
    lines = out.read_text().splitlines()
    assert json.loads(lines[0])["run"]["n"] == 1000 and len(lines) == 4
    with open(out, "a") as f:
        f.write('{"seed": 305, "games": 100, "tal')                                 # a line torn by the kill
    seen = []
    rest = simulate(g, 1000, BOTS, seed=5, chunk=100, out=out, resume=True, progress=seen.append)
    assert rest.resumed == 300 and seen[0] == 300 and seen[-1] == 1000
    _same(rest, whole)
    lines = out.read_text().splitlines()
    assert len(lines) == 11 and all(json.loads(x) for x in lines)
    assert sorted(json.loads(x)["seed"] for x in lines[1:]) == list(range(5, 1005, 100))
    again = simulate(g, 1000, BOTS, seed=5, chunk=100, out=out, resume=True)         # nothing left to play
    assert again.resumed == 1000
    _same(again, whole)


def test_resuming_refuses_another_runs_file_and_a_fresh_run_refuses_to_overwrite(tmp_path):
    g = make_game("ludo", 3)
    out = tmp_path / "run.jsonl"
    simulate(g, 200, BOTS, seed=5, chunk=100, out=out)
    with pytest.raises(ValueError, match="already holds results: add --resume"):
        simulate(g, 200, BOTS, seed=5, chunk=100, out=out)
    with pytest.raises(ValueError, match="seed 5 here, 6 asked"):
        simulate(g, 200, BOTS, seed=6, chunk=100, out=out, resume=True)


def test_the_simulate_command_streams_resumes_and_reports_turn_order(tmp_path):
    runner = CliRunner()
    out = tmp_path / "r.jsonl"
    args = ["simulate", "--game", "shishbesh", "-n", "400", "--chunk", "100", "--workers", "1",
            "--players", "random,random,random,random", "--out", str(out)]
    r = runner.invoke(app, args + ["--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert sum(o["wins"] for o in data["turn_order"]) == data["finished"] == 400
    assert set(data["rolls_percentiles"]) == {"p5", "p50", "p95"}
    r = runner.invoke(app, args)
    assert r.exit_code == 2 and "--resume" in r.output
    r = runner.invoke(app, args + ["--resume"])
    assert r.exit_code == 0 and "by turn order" in r.output and "400 read back" in r.output
    assert "median" in r.output and "p95" in r.output
    r = runner.invoke(app, ["simulate", "--game", "ludo", "--resume"])
    assert r.exit_code == 2 and "give --out" in r.output


def test_processes_give_the_totals_of_one():
    g = make_game("parchis", 2)
    one = simulate(g, 400, ["greedy", "random"], seed=3, chunk=50, workers=1)
    two = simulate(g, 400, ["greedy", "random"], seed=3, chunk=50, workers=2)
    _same(one, two)
    t1 = run(make_game("shishbesh", 2), entrants_from("greedy,random"), 12, seed=1, chunk=5)
    t2 = run(make_game("shishbesh", 2), entrants_from("greedy,random"), 12, seed=1, chunk=5, workers=2)
    assert t1.games == t2.games


@pytest.fixture(scope="module")
def local_ray():
    ray = pytest.importorskip("ray")
    os.environ.setdefault("RAY_ENABLE_UV_RUN_RUNTIME_ENV", "0")
    src = os.path.join(os.path.dirname(os.path.dirname(__file__)), "src")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
             runtime_env={"env_vars": {"PYTHONPATH": src}})
    yield ray
    ray.shutdown()


def test_a_local_ray_cluster_gives_the_totals_of_one_process(local_ray):
    g = make_game("ludo", 3, "with-bonuses")
    one = simulate(g, 600, BOTS, seed=11, chunk=100)
    on_ray = simulate(g, 600, BOTS, seed=11, chunk=100, ray="local")
    _same(one, on_ray)
    entrants = entrants_from("greedy,random,level2")
    t1 = run(make_game("shishbesh", 3), entrants, 9, seed=2, chunk=3)
    t2 = run(make_game("shishbesh", 3), entrants, 9, seed=2, chunk=3, ray="local")
    assert t1.games == t2.games and t1.standings() == t2.standings()


def test_the_commands_take_a_ray_address(local_ray):
    runner = CliRunner()
    args = ["simulate", "--game", "shishbesh", "-n", "300", "--chunk", "100", "--players", "greedy,random", "--json"]
    one = json.loads(runner.invoke(app, args + ["--workers", "1"]).output)
    r = runner.invoke(app, args + ["--ray", "local"])
    assert r.exit_code == 0, r.output
    on_ray = json.loads(r.output)
    for key in ("seats", "turn_order", "rolls_mean", "rolls_percentiles", "captures_per_game"):
        assert on_ray[key] == one[key]
    args = ["tournament", "--game", "ludo", "--bots", "greedy,random", "-n", "6", "--json"]
    one = json.loads(runner.invoke(app, args).output)
    r = runner.invoke(app, args + ["--ray", "local"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["bots"] == one["bots"]


def test_a_ray_address_nobody_answers_at_stops_the_run_with_one_line_or_falls_back_when_asked():
    pytest.importorskip("ray")
    runner = CliRunner()
    args = ["simulate", "--game", "shishbesh", "-n", "200", "--chunk", "100", "--players", "greedy,random", "--json"]
    r = runner.invoke(app, args + ["--ray", "127.0.0.1:1"])
    assert r.exit_code != 0
    assert r.output.strip().splitlines() == ["error: no Ray cluster answers at 127.0.0.1:1: Connection refused"]
    r = runner.invoke(app, args + ["--ray", "here"])
    assert r.output.strip() == "error: --ray here: give host:port, local or auto"
    one = json.loads(runner.invoke(app, args + ["--workers", "1"]).output)
    r = runner.invoke(app, args + ["--ray", "127.0.0.1:1", "--ray-fallback", "--workers", "2"])
    assert r.exit_code == 0, r.output
    said, _, rest = r.output.partition("\n")
    assert said == "no Ray cluster answers at 127.0.0.1:1: Connection refused; playing in 2 local processes instead"
    assert json.loads(rest)["seats"] == one["seats"]
