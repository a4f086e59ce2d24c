"""Tournaments: seats and deals, statistics checked against hand-computed
examples, greedy clearly ahead of random, the same seed the same games, and
the `pachisi tournament` command."""
import json
import math

import pytest
from typer.testing import CliRunner

from pachisi import make_game
from pachisi.bots import Bot, GreedyBot
from pachisi.cli import app
from pachisi.tournament import (Entrant, GameResult, TournamentResult, elo_ratings, entrants_from, lineups,
                                openskill_ratings, pairwise, parse_bot, run)

runner = CliRunner()


def test_seats_rotate_within_a_deal():
    assert lineups(2, 2, 4) == [((0, 1), 0), ((1, 0), 0), ((0, 1), 1), ((1, 0), 1)]
    assert [lu for lu, _ in lineups(4, 4, 4)] == [(0, 1, 2, 3), (1, 2, 3, 0), (2, 3, 0, 1), (3, 0, 1, 2)]


def test_more_bots_than_seats_go_round_every_table():
    assert [lu for lu, _ in lineups(3, 2, 6)] == [(0, 1), (1, 0), (0, 2), (2, 0), (1, 2), (2, 1)]
    assert [deal for _, deal in lineups(3, 2, 6)] == [0, 0, 1, 1, 2, 2]


def test_fewer_bots_than_seats_repeat_round_the_table():
    assert [lu for lu, _ in lineups(2, 4, 2)] == [(0, 1, 0, 1), (1, 0, 1, 0)]


def two_bot_result():
    """A beats B three times out of four; one game was cut short."""
    g = make_game("shishbesh", 2)
    res = TournamentResult(g, entrants_from("greedy,random"), seed=0)
    res.games = [GameResult((0, 1), 0, [0, 1], 70, 100), GameResult((1, 0), 0, [1, 0], 70, 100),
                 GameResult((0, 1), 1, [1, 0], 70, 100), GameResult((1, 0), 1, [1, 0], 70, 100),
                 GameResult((0, 1), 2, [], 100_000, 0)]
    return res


def test_statistics_by_hand():
    rows = two_bot_result().standings()
    a, b = rows
    assert (a["games"], a["wins"], b["games"], b["wins"]) == (4, 3, 4, 1)
    assert a["rate"] == 0.75 and b["rate"] == 0.25
    # Wilson 95%: p = 3/4, n = 4, z = 1.96: centre (p + z²/8) / (1 + z²/4) = 0.6275,
    # half width z sqrt(p(1-p)/4 + z²/64) / (1 + z²/4) = 0.3269
    assert a["ci95"] == pytest.approx([0.3006, 0.9544], abs=1e-3)
    assert b["ci95"] == pytest.approx([0.0456, 0.6994], abs=1e-3)
    # Elo: 3 wins + 0.5 virtual against 1 + 0.5: 400 log10(3.5 / 1.5) = 147.2 points apart, mean 1500
    assert a["elo"] == pytest.approx(1500 + 147.19 / 2, abs=0.05)
    assert b["elo"] == pytest.approx(1500 - 147.19 / 2, abs=0.05)
    h2h = two_bot_result().head_to_head()
    assert h2h == [{"bot": "greedy", "opponent": "random", "games": 4, "ahead": 3, "rate": 0.75,
                    "ci95": pytest.approx([0.3006, 0.9544], abs=1e-3)}]


def test_openskill_rating_of_one_game_by_hand():
    # Plackett-Luce (Weng-Lin), mu 25, sigma 25/3, beta 25/6, tau 25/300:
    # sigma² = (25/3)² + tau² = 69.451, c = sqrt(2 (sigma² + beta²)) = 13.1767, p(win) = 1/2:
    # mu += sigma²/c (1 - 1/2) = 2.6354; sigma² *= 1 - (sigma/c) (sigma²/c²) p(1-p) -> sigma 8.0659
    (mu_a, sig_a), (mu_b, sig_b) = openskill_ratings([[[0], [1]]], 2)
    assert mu_a == pytest.approx(27.6354, abs=1e-3) and mu_b == pytest.approx(22.3646, abs=1e-3)
    assert sig_a == pytest.approx(8.0659, abs=1e-3) and sig_b == pytest.approx(8.0659, abs=1e-3)


def test_places_count_when_the_game_plays_for_them():
    g = make_game("shishbesh", 3)
    res = TournamentResult(g, entrants_from("greedy,random,expectimax"), seed=0)
    res.games = [GameResult((0, 1, 2), 0, [2, 0, 1], 90, 150),     # player 2 (expectimax) first, then greedy
                 GameResult((1, 2, 0), 0, [1], 90, 150)]            # only the winner known: expectimax
    assert res.placings() == [[[2], [0], [1]], [[2], [0, 1]]]
    wins = pairwise(res.placings(), 3)
    assert wins[2, 0] == 2 and wins[2, 1] == 2 and wins[0, 1] == 1 and wins[1, 0] == 0
    rows = res.standings()
    assert [r["wins"] for r in rows] == [0, 0, 2]
    assert rows[2]["elo"] > rows[0]["elo"] > rows[1]["elo"]


def test_elo_of_equal_bots_is_equal():
    assert elo_ratings([[[0], [1]], [[1], [0]]], 2) == pytest.approx([1500, 1500])


def test_bot_texts():
    e = parse_bot("mcts:iterations=50:explore=0.5")
    assert e.bot.settings["iterations"] == 50 and e.bot.settings["explore"] == 0.5
    assert parse_bot("level1").bot.name == "random"
    assert parse_bot("L4").label == "L4"
    with pytest.raises(ValueError, match="unknown bot"):
        parse_bot("deep-blue")
    with pytest.raises(ValueError, match="unknown level"):
        parse_bot("level9")
    with pytest.raises(ValueError, match="key=value"):
        parse_bot("mcts:fast")


def test_greedy_beats_random_clearly():
    res = run(make_game("shishbesh", 2), entrants_from("greedy,random"), 40, seed=1)
    greedy, rand = res.standings()
    assert greedy["games"] == 40 and greedy["wins"] + rand["wins"] == 40
    assert greedy["rate"] >= 0.75 and greedy["ci95"][0] > 0.5


def test_a_game_that_opens_with_a_decision_is_played_from_its_first_move():
    """Kimbo's turn opens with the fence decision, before any roll."""
    res = run(make_game("kimbo", 2), entrants_from("random,greedy:blunder=0.6"), 2, seed=1)
    assert all(g.order and g.decisions > 0 for g in res.games)


def test_same_seed_same_tournament():
    g = make_game("shishbesh", 2)
    bots = "greedy:blunder=0.5,mcts:iterations=8:rollout=2"
    first = run(g, entrants_from(bots), 4, seed=9).games
    again = run(g, entrants_from(bots), 4, seed=9).games
    assert first == again
    assert run(g, entrants_from(bots), 4, seed=10).games != first


def test_the_command_reports_rates_ratings_and_a_plot(tmp_path):
    png = tmp_path / "ratings.png"
    r = runner.invoke(app, ["tournament", "--game", "shishbesh", "--bots", "greedy,random", "-n", "6",
                            "--seed", "3", "--json", "--plot", str(png)])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["games"] == 6 and [b["bot"] for b in data["bots"]] == ["greedy", "random"]
    assert sum(b["wins"] for b in data["bots"]) == data["finished"]
    assert all(0 <= b["ci95"][0] <= b["rate"] <= b["ci95"][1] <= 1 for b in data["bots"])
    assert not any(math.isnan(b["elo"]) for b in data["bots"])
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_command_prints_a_table_and_markdown():
    r = runner.invoke(app, ["tournament", "--game", "shishbesh", "--bots", "level1,level3", "-n", "2"])
    assert r.exit_code == 0, r.output
    assert "win rate" in r.output and "level3" in r.output
    r = runner.invoke(app, ["tournament", "--game", "shishbesh", "--bots", "level1,level3", "-n", "2",
                            "--markdown"])
    assert r.exit_code == 0 and "| bot |" in r.output


def test_the_command_refuses_bad_bots():
    r = runner.invoke(app, ["tournament", "--game", "shishbesh", "--bots", "greedy,oracle", "-n", "2"])
    assert r.exit_code == 2 and "unknown bot" in r.output
    r = runner.invoke(app, ["tournament", "--game", "shishbesh", "--bots", "greedy", "-n", "2"])
    assert r.exit_code == 2 and "two bots" in r.output


class CountingBot(Bot):
    """A Python bot: the first legal move, counting its decisions."""
    name = "counting"

    def __init__(self):
        super().__init__()
        self.calls = 0

    def choose(self, state):
        self.calls += 1
        return state.legal_moves()[0]


def test_a_python_bot_really_plays_its_games():
    """A Bot subclass with its own choose is asked for every decision of its games (in this process,
    on the entrant's own object), not replaced by a compiled bot under its name."""
    one, two = CountingBot(), CountingBot()
    res = run(make_game("ludo", 2), [Entrant("one", one), Entrant("two", two)], 40, seed=3)
    assert len(res.games) == 40 and all(g.order for g in res.games)
    assert one.calls > 0 and two.calls > 0
    assert one.calls + two.calls == sum(g.decisions for g in res.games)
    alone = CountingBot()
    mixed = run(make_game("ludo", 2), [Entrant("counting", alone), parse_bot("random")], 40, seed=3)
    twin = CountingBot()
    again = run(make_game("ludo", 2), [Entrant("counting", twin), parse_bot("random")], 40, seed=3)
    assert 0 < alone.calls < sum(g.decisions for g in mixed.games)
    assert [g.order for g in again.games] == [g.order for g in mixed.games] and twin.calls == alone.calls


def test_a_python_subclass_of_a_compiled_bot_plays_its_own_choose():
    class Last(GreedyBot):
        calls = 0

        def choose(self, state):
            Last.calls += 1
            return state.legal_moves()[-1]
    assert not Last().compiled and GreedyBot().compiled
    run(make_game("shishbesh", 2), [Entrant("last", Last()), parse_bot("greedy")], 4)
    assert Last.calls > 0


def test_a_bot_that_chooses_an_illegal_move_is_named():
    class Wrong(Bot):
        name = "wrong"

        def choose(self, state):
            return "6z"
    with pytest.raises(ValueError, match="wrong chose '6z', which is not legal here"):
        run(make_game("shishbesh", 2), [Entrant("wrong", Wrong()), parse_bot("random")], 2)


def test_something_without_choose_is_no_bot():
    with pytest.raises(ValueError, match="choose"):
        run(make_game("ludo", 2), [Entrant("rock", object()), parse_bot("random")], 2)


@pytest.mark.parametrize("bots", [["expectimax", "random"], [CountingBot(), "random"], ["nobody", "random"]])
def test_simulate_refuses_what_it_cannot_play_and_says_where_it_plays(bots):
    """simulate runs compiled policies only: a searching or Python bot is refused, pointing to tournaments."""
    from pachisi.sim import simulate
    with pytest.raises(ValueError, match="tournament.run"):
        simulate(make_game("ludo", 2), 10, bots)
