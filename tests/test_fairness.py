"""The fairness lab: its statistics checked by hand, its measures exact and
repeatable, and the `fairness` command."""
import json
import math

import pytest
from typer.testing import CliRunner

from pachisi import fairness as lab
from pachisi.cli import app
from pachisi.games import make_game
from pachisi.sim import simulate


def test_the_two_proportion_z_test_matches_a_hand_computation():
    z, p = lab.two_proportions(60, 100, 40, 100)      # pooled 0.5, se sqrt(0.25 * 0.02) = 0.07071
    assert z == pytest.approx(2.8284, abs=1e-4) and p == pytest.approx(0.004678, abs=1e-5)
    assert lab.two_proportions(0, 0, 3, 10) == (0.0, 1.0)


def test_chi_square_of_a_two_by_two_table():
    stat, dof, p = lab.chi_square([[10, 20], [30, 40]])  # expected 12 18 / 28 42
    assert stat == pytest.approx(4 / 12 + 4 / 18 + 4 / 28 + 4 / 42) and dof == 1
    assert p == pytest.approx(2 * lab.normal_sf(math.sqrt(stat)))
    for x, k in ((3.841459, 1), (5.991465, 2), (7.814728, 3), (9.487729, 4), (11.0705, 5)):
        assert lab.chi2_sf(x, k) == pytest.approx(0.05, abs=1e-6)       # the tables' 5% points


def test_mann_whitney_u_counts_pairs_with_ties_as_halves():
    u, z, p, prob = lab.mann_whitney({1: 1, 2: 1, 3: 1}, {2: 1, 4: 2})
    assert u == 1.5 and prob == pytest.approx(1.5 / 9)       # 2 ties 2 (1/2), 3 beats 2 (1)
    u, z, p, prob = lab.mann_whitney({5: 100}, {5: 80})
    assert (z, p) == (0.0, 1.0)
    _, z, p, _ = lab.mann_whitney({10: 50, 11: 50}, {12: 50, 13: 50})
    assert z < -8 and p < 1e-15


def test_sample_sizes_that_would_settle_a_difference():
    assert lab.n_for_proportions(0.25, 0.30) == 1248      # 2.8016**2 * (0.1875 + 0.21) / 0.05**2 = 1247.98
    assert lab.n_for_proportions(0.3, 0.3) == math.inf
    assert lab.n_for_means(100, 40, 104, 40) == math.ceil((1.959964 + 0.841621) ** 2 * 3200 / 16)


def test_holm_adjustment():
    assert lab.holm([0.01, 0.04, 0.03]) == pytest.approx([0.03, 0.06, 0.06])
    assert lab.holm([0.5, 0.9]) == pytest.approx([1.0, 1.0])


def test_random_and_greedy_measures_are_the_simulation_of_every_seat_alike():
    g = make_game("shishbesh", 3)
    m = lab.measure(g, "random", 600, seed=3)
    res = simulate(g, 600, ["random"] * 3, seed=3, max_rolls=lab.cap(g))
    assert m.result.wins == res.wins and m.result.rolls == res.rolls
    d = m.as_dict(g)
    assert d["play"] == "random" and d["cut_off_share"] == 0.0 and d["captures_per_game"] > 0


def test_level5_play_is_repeatable_and_the_same_on_two_processes():
    g = make_game("ludo", 2)
    one = lab.measure(g, "level5", 6, seed=1)
    again = lab.measure(g, "level5", 6, seed=1, workers=2)
    assert one.result.wins == again.result.wins and one.result.rolls == again.result.rolls
    assert one.result.finished == 6 and sum(one.result.wins_by_order) == 6
    assert one.as_dict(g)["captures_per_game"] is None            # the compiled search does not count them


def test_compare_finds_the_fewer_captures_of_start_on_double():
    a, b = make_game("shishbesh", 4), make_game("shishbesh", 4, "start-on-double")
    c = lab.compare(a, lab.measure(a, "random", 2000), lab.measure(b, "random", 2000))
    assert c["captures"]["significant"] and c["captures"]["b"] < c["captures"]["a"]
    assert len(c["seats"]) == 8 and all(0 <= r["p"] <= 1 for r in c["seats"])
    assert all(r["p"] >= r["p_raw"] for r in c["seats"])
    assert not c["seat_distribution"]["p"] < 0.001
    for r in c["seats"]:
        assert r["significant"] or r["games_to_settle"] > 0


def test_the_fairness_command(tmp_path):
    runner = CliRunner()
    png = tmp_path / "ludo.png"
    r = runner.invoke(app, ["fairness", "--game", "ludo", "--players", "2", "-n", "2000", "--greedy", "200",
                            "--level5", "2", "--workers", "1", "--compare", "capture_roll=true", "--plot", str(png),
                            "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output[:r.output.rindex("}") + 1])
    assert [s["options"]["capture_roll"] for s in data["sides"]] == [False, True]
    assert [p["play"] for p in data["sides"][0]["plays"]] == ["random", "greedy", "level5"]
    assert data["sides"][0]["plays"][0]["games"] == 2000
    assert {c["play"] for c in data["comparison"]} == {"random", "greedy", "level5"}
    assert png.read_bytes()[:4] == b"\x89PNG"
    r = runner.invoke(app, ["fairness", "--game", "ludo", "-n", "1000", "--level5", "0", "--workers", "1"])
    assert r.exit_code == 0 and "moved 1st" in r.output and "p5 / median / p95" in r.output
    assert "cut off" in r.output


def test_the_fairness_command_refuses_bad_input(tmp_path):
    runner = CliRunner()
    r = runner.invoke(app, ["fairness", "--game", "ludo", "-n", "0", "--greedy", "0", "--level5", "0"])
    assert r.exit_code == 2 and "nothing to play" in r.output
    r = runner.invoke(app, ["fairness", "--game", "ludo", "-n", "-5"])
    assert r.exit_code == 2 and "-n must be 0 or more" in r.output
    r = runner.invoke(app, ["fairness", "--game", "ludo", "-n", "10", "--compare", "blocks"])
    assert r.exit_code == 2 and "key=value" in r.output
    r = runner.invoke(app, ["fairness", "--game", "ludo", "-n", "10", "--compare", "dice=9"])
    assert r.exit_code == 2 and "dice" in r.output
    r = runner.invoke(app, ["fairness", "--game", "ludo", "-n", "10", "--plot", str(tmp_path / "no" / "x.png")])
    assert r.exit_code == 2 and "no directory" in r.output
