"""The learned evaluator (bots/evaluator.pyx, bots/valuenet.py), its training and level 6."""
import itertools

import numpy as np
import pytest

from pachisi import make_game, training
from pachisi.bots import BOTS, LEVELS, bot_for_level, valuenet
from pachisi.bots.evaluator import Net
from pachisi.engine.options import OptionError
from pachisi.games import GAMES
from pachisi.rl.spaces import Observer

# the games with an evaluator for 2, 3 and 4 players each for himself (kimbo has none: docs/analysis.md)
RACE = [name for name in GAMES if name != "kimbo" and not GAMES[name](GAMES[name].max_players).teams]


def every_form():
    """(game, players, options) of every form a game has (docs/analysis.md), Kimbo's aside: each number of
    players with each choice of the options that make a form (Game.form_options) and of team play."""
    out = {}
    for name, cls in GAMES.items():
        if name == "kimbo":
            continue
        options = {o.name: o for o in cls.options}
        keys = [k for k in (*cls.form_options, "teams") if k in options]
        values = [options[k].choices or (False, True) for k in keys]
        for combo in itertools.product(*values):
            for players in range(cls.min_players, cls.max_players + 1):
                try:
                    game = make_game(name, players, None, dict(zip(keys, combo)))
                except OptionError:
                    continue
                out.setdefault(valuenet.weights_name(game), (name, players, dict(zip(keys, combo))))
    return out


# the other forms: more seats, other boards, team play, and the games played in teams
FORMS = [form for file, form in every_form().items() if file != f"{form[0]}-{form[1]}p.npz"]


def positions(game, count, seed=0):
    """States along a game between greedy bots, every third step, chance nodes and decisions alike."""
    s = game.new_state(seed=seed)
    bot = bot_for_level(3, seed)
    out = []
    while not s.is_over and len(out) < count:
        if s.is_chance:
            s.roll()
        else:
            s.push(bot.choose(s))
        if len(out) * 3 <= s.seq:
            out.append(s.clone())
    return out


@pytest.mark.parametrize("name", RACE)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_compiled_features_are_the_games_observation_folded_over_pieces(name, players):
    """The C features hold, for each player from the mover on, the share of its pieces on each place of the
    RL observation and the share hidden in a shelter: the observation summed over a player's pieces."""
    game = make_game(name, players)
    net = valuenet.make_net(game, valuenet.blank_weights(game))
    obs = Observer(game)
    per, L = game.pieces_per_player, obs.places
    for s in positions(game, 40):
        x = net.features(s.arr)
        o = obs(s, s.current_player)
        places = o[:obs.seats * per * L].reshape(obs.seats, per, L).sum(axis=1)[:players] / per
        assert np.allclose(x[:players * L].reshape(players, L), places)
        if obs.planes:
            hidden = o[obs.seats * per * L:][:obs.seats * per].reshape(obs.seats, per).sum(axis=1)
            assert np.allclose(x[players * L:players * L + players], hidden[:players] / per)


@pytest.mark.parametrize("name", RACE)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_weights_are_shipped_for_every_race_game_and_number_of_players(name, players):
    game = make_game(name, players)
    net = valuenet.evaluator(game)
    s = game.new_state(seed=1)
    p = net.place_probs(s.arr)
    assert p.shape == (players, players) and np.allclose(p.sum(axis=1), 1)
    v = net.value(s.arr)
    assert ((0 <= v) & (v <= 1)).all()


@pytest.mark.parametrize("name,players,options", FORMS)
def test_weights_are_shipped_for_the_other_boards_team_play_and_the_games_played_in_teams(name, players, options):
    """Each form has weights of its own; in team play partners share their equity."""
    game = make_game(name, players, None, options)
    net = valuenet.evaluator(game)
    s = game.new_state(seed=1)
    for _ in range(40):
        s.roll() if s.is_chance else s.push(bot_for_level(3, 0).choose(s))
    v = net.value(s.arr)
    assert v.shape == (players,) and ((0 <= v) & (v <= 1)).all()
    for a, b in game.teams:
        assert v[a] == pytest.approx(v[b])


def test_the_shipped_weights_are_a_few_megabytes_at_most():
    from importlib import resources
    files = list((resources.files("pachisi.bots") / "weights").iterdir())
    assert {f.name for f in files if f.name.endswith(".npz")} == set(every_form())
    assert sum(f.stat().st_size for f in files) < 6_000_000


def test_a_finished_game_is_valued_by_its_result():
    game = make_game("ludo", 2)
    s = game.new_state(seed=2)
    bot = bot_for_level(4, 0)
    while not s.is_over:
        s.roll() if s.is_chance else s.push(bot.choose(s))
    net = valuenet.evaluator(game)
    assert net.value(s.arr).tolist() == [1.0 if p == s.winner else 0.0 for p in range(2)]


def test_a_decision_is_worth_its_best_action_and_a_roll_the_average_is_a_roll_away():
    game = make_game("shishbesh", 2)
    net = valuenet.evaluator(game)
    checked = 0
    for s in positions(game, 60, seed=3):
        if s.is_chance:
            rows = net.roll_values(s.arr)
            assert rows.shape == (36, 2)
        elif not s.is_over and len(s.legal_actions()) > 1:
            acts = np.array(s.legal_actions(), np.int64)
            vals = net.action_values(s.arr, acts)
            me = s.current_player
            assert net.value(s.arr)[me] == pytest.approx(vals[:, me].max())
            checked += 1
    assert checked > 3


def test_an_evaluator_refuses_weights_and_positions_that_do_not_fit():
    game = make_game("ludo", 2)
    cell, flag, lo, vmap = valuenet.feature_table(game)
    w = valuenet.blank_weights(game)
    with pytest.raises(ValueError, match="weights do not fit"):
        Net(game.engine, 2, 4, game.place_count(), cell, flag, lo, vmap, w["W1"][1:], w["b1"], w["W2"], w["b2"])
    with pytest.raises(ValueError, match="outside the game's state"):
        Net(game.engine, 2, 4, game.place_count(), cell + 1000, flag, lo, vmap, w["W1"], w["b1"], w["W2"], w["b2"])
    net = valuenet.make_net(game, w)
    with pytest.raises(ValueError, match="89 numbers"):
        net.value(np.zeros(5, np.int64))
    with pytest.raises(ValueError, match="roll values are for a position where the dice are to be rolled"):
        s = game.new_state(seed=0)
        s.set_dice((6,))
        net.roll_values(s.arr)


def test_a_game_without_an_evaluator_says_so(monkeypatch):
    with pytest.raises(valuenet.NoEvaluator, match="no evaluator is trained for Kimbo with 2 players"):
        valuenet.evaluator(make_game("kimbo", 2))
    monkeypatch.setattr(valuenet, "shipped_weights", lambda game: None)    # a form whose file is missing
    with pytest.raises(valuenet.NoEvaluator, match=r"Ludo in this form \(ludo-3p-seats-6\)"):
        valuenet.evaluator.__wrapped__(make_game("ludo", 3, options={"seats": 6}))


def test_a_form_has_weights_of_its_own():
    assert valuenet.weights_name(make_game("ludo", 4)) == "ludo-4p.npz"
    assert valuenet.weights_name(make_game("ludo", 6, options={"seats": 6, "teams": "opposite"})) == \
        "ludo-6p-seats-6-teams.npz"
    assert valuenet.weights_name(make_game("maedn", 3, "petitschevaux")) == "maedn-3p-board-chevaux-horses-2.npz"
    assert valuenet.weights_name(make_game("pachisi", 4)) == "pachisi-4p-teams.npz"


def test_in_team_play_partners_share_the_teams_result_and_level6_plays_for_the_team():
    """A finished team game is worth 1 to both winners and 0 to both losers (the team's probability of
    winning, the two teams' places shared by the partners); level 6 decides by the team's evaluator."""
    game = make_game("ludo", 4, options={"teams": "opposite"})
    net = valuenet.evaluator(game)
    s = game.new_state(seed=2)
    bot = bot_for_level(4, 0)
    while not s.is_over:
        s.roll() if s.is_chance else s.push(bot.choose(s))
    won = s.result()["teams"][0]
    assert net.value(s.arr).tolist() == [1.0 if p in won else 0.0 for p in range(4)]
    assert net.place_probs(s.arr)[won[0]].tolist() == [0.5, 0.5, 0.0, 0.0]
    s = game.new_state(seed=3)
    for _ in range(60):
        if s.is_chance:
            s.roll()
            continue
        acts = np.array(s.legal_actions(), np.int64)
        vals = net.action_values(s.arr, acts)
        me = s.current_player
        assert np.allclose(vals[:, me], vals[:, game.partner(me)])
        move = bot_for_level(6, 1).choose(s)
        if len(acts) > 1:
            assert move.action == net.decide(s.arr, acts, **LEVELS[6][1])
        s.push(move)


def test_calibration_of_a_team_game_is_the_teams():
    game = make_game("ludo", 4, options={"teams": "opposite"})
    c = training.calibrate(game, valuenet.evaluator(game), positions=60)
    assert 0 <= c["brier"] < c["brier_uniform"] and set(c["won"]) == {0.0, 1.0}


def test_training_is_reproducible_from_its_seed():
    game = make_game("ludo", 2)
    a, info = training.train(game, games=64, seed=5)
    b, _ = training.train(game, games=64, seed=5)
    c, _ = training.train(game, games=64, seed=6)
    assert all(np.array_equal(a[k], b[k]) for k in a) and not np.array_equal(a["W1"], c["W1"])
    assert info["games"] == 64 and info["rolls"] > 64


def test_pachisi_self_play_plays_every_throw_and_its_games_end():
    """Pachisi's throws may be declined; self-play that may decline learns to decline them all and stalls, so
    it plays under must_move (Game.self_play_options), and the weights are those of the game's own form."""
    game = make_game("pachisi", 4)
    assert not game.opts["must_move"] and training.self_play_game(game).opts["must_move"]
    assert training.self_play_game(make_game("ludo", 2)) == make_game("ludo", 2)
    weights, info = training.train(game, games=4, seed=1)
    assert info["file"] == "pachisi-4p-teams.npz" and info["self_play_options"] == {"must_move": True}
    net = valuenet.make_net(training.self_play_game(game), weights)
    start = game.new_state(seed=3).arr
    assert all(net.sample(start, seed, 0.0)[3] for seed in range(4))


def test_level6_is_the_evaluator_bot_and_plays_legal_moves_in_every_game():
    assert LEVELS[6][0] == "evaluator" and "evaluator" in BOTS
    for name in GAMES:
        game = make_game(name, max(2, GAMES[name].min_players))
        s = game.new_state(seed=4)
        bot = bot_for_level(6, 1)
        for _ in range(30):
            if s.is_over:
                break
            if s.is_chance:
                s.roll()
                continue
            move = bot.choose(s)
            assert move.action in s.legal_actions()
            assert bot_for_level(6, 1).choose(s).action == move.action     # the same seed, the same choice
            s.push(move)


def test_calibration_reports_a_brier_score_and_a_reliability_table():
    game = make_game("ludo", 2)
    c = training.calibrate(game, valuenet.evaluator(game), positions=60)
    assert len(c["predicted"]) == 60 and 0 <= c["brier"] < c["brier_uniform"]
    assert sum(r["positions"] for r in c["reliability"]) == 60


def test_calibration_stops_with_an_error_when_its_games_do_not_end(monkeypatch):
    """Games cut off before they end give no outcome: after ten times as many games as positions asked
    for, calibration says so instead of playing on."""
    monkeypatch.setattr(training, "MAX_ROLLS", 20)
    game = make_game("ludo", 2)
    with pytest.raises(ValueError, match="Ludo: only 0 of 30 games between its evaluators ended within 20 rolls"):
        training.calibrate(game, valuenet.evaluator(game), positions=3)


def test_pachisi_train_writes_a_forms_weights_under_its_name(tmp_path):
    from typer.testing import CliRunner
    from pachisi.cli import app
    r = CliRunner().invoke(app, ["train", "ludo", "-p", "4", "-o", "teams=opposite", "--games", "64", "--out",
                                 str(tmp_path)])
    assert r.exit_code == 0, r.output
    assert [f.name for f in tmp_path.iterdir()] == ["ludo-4p-teams.npz"]
    r = CliRunner().invoke(app, ["train", "ludo", "-p", "3", "-o", "teams=opposite", "--games", "64"])
    assert r.exit_code != 0 and "teams" in r.output
