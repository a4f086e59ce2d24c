"""The learned evaluator (bots/evaluator.pyx, bots/valuenet.py), its training and level 6."""
import itertools
import json
from pathlib import Path

import numpy as np
import pytest

from pachisi import make_game, training
from pachisi.bots import BOTS, LEVELS, bot_for_level, valuenet
from pachisi.bots.evaluator import Net
from pachisi.engine.options import OptionError
from pachisi.engine.position import load_position
from pachisi.games import GAMES, kimbo as KM
from pachisi.games.kimbo import board as KB
from pachisi.games.kimbo.rules import LEARNED_PLACES
from pachisi.rl.spaces import Observer

# the games whose features are their RL observation's places, for 2, 3 and 4 players each for himself (Kimbo's
# places are its rules' own: steps left round the fences)
RACE = [name for name, cls in GAMES.items() if not (g := cls(cls.max_players)).engine.learned_places and not g.teams]


DOCS = Path(__file__).parent.parent / "docs" / "positions"


def every_form():
    """(game, players, options) of every form a game has (docs/analysis.md): each number of players with each
    choice of the options that make a form (Game.form_options) and of team play."""
    out = {}
    for name, cls in GAMES.items():
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


@pytest.mark.parametrize("name,players", [*itertools.product(RACE, [2, 3, 4]), ("kimbo", 2), ("kimbo", 4)])
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
        Net(game.engine, 2, 4, game.place_count(), (cell, flag, lo, vmap), w["W1"][1:], w["b1"], w["W2"], w["b2"])
    with pytest.raises(ValueError, match="outside the game's state"):
        Net(game.engine, 2, 4, game.place_count(), (cell + 1000, flag, lo, vmap), w["W1"], w["b1"], w["W2"], w["b2"])
    with pytest.raises(ValueError, match="reads the state's cells: it needs a feature table"):
        Net(game.engine, 2, 4, game.place_count(), None, w["W1"], w["b1"], w["W2"], w["b2"])
    net = valuenet.make_net(game, w)
    with pytest.raises(ValueError, match="89 numbers"):
        net.value(np.zeros(5, np.int64))
    with pytest.raises(ValueError, match="roll values are for a position where the dice are to be rolled"):
        s = game.new_state(seed=0)
        s.set_dice((6,))
        net.roll_values(s.arr)


def test_a_game_without_an_evaluator_says_so(monkeypatch):
    monkeypatch.setattr(valuenet, "shipped_weights", lambda game: None)    # a form whose file is missing
    with pytest.raises(valuenet.NoEvaluator, match="no evaluator is trained for Kimbo with 3 players"):
        valuenet.evaluator.__wrapped__(make_game("kimbo", 3))
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


# -- Kimbo: places round the fences, and decisions before the roll ---------------------------------------
def kimbo_places(arr, game, player):
    """Each pawn's place as Kimbo's rules give it: captured 0, in the centre the last, else 39 less its
    steps to the centre through open lines (at least 1: shut in, or farther than 38)."""
    dist = np.empty(KB.NODES, np.int64)
    KB.distances(arr[KM.WALL:KM.WALL + KB.NODES], game.tab.nb, dist, np.empty(KB.NODES, np.int64))
    last = LEARNED_PLACES - 1
    return sorted(last if v == KB.CENTRE else 0 if v == KM.PENDING else max(1, last - int(dist[v]))
                  for v in arr[KM.POS + player * 4:KM.POS + player * 4 + 4])


def places_in(x, player, players):
    """The places of a player's four pawns read back from the features (shares of a quarter per place)."""
    L = LEARNED_PLACES
    row = x[player * L:(player + 1) * L] * 4
    return sorted(p for p in range(L) for _ in range(round(row[p])))


def test_kimbo_pawns_places_are_their_steps_left_round_the_fences():
    """A Kimbo pawn's place is how few steps it has to go through open lines (Rules.places), so a fence that
    lengthens its way moves it back; the mover's rows come first."""
    game = make_game("kimbo", 2)
    net = valuenet.make_net(game, valuenet.blank_weights(game))
    s = load_position(json.loads((DOCS / "kimbo-fence.json").read_text()), make_game)
    x = net.features(s.arr)
    assert places_in(x, 0, 2) == kimbo_places(s.arr, game, 0)
    assert places_in(x, 1, 2) == kimbo_places(s.arr, game, 1)
    assert places_in(x, 0, 2)[-2:] == [39, 39]                  # two pawns in the centre
    assert x[2 * LEARNED_PLACES + 4 * 2:].sum() == 0             # before the roll: no dice, no roll in play
    moved = 0
    for m in s.legal_moves():
        t = s.clone()
        t.push(m)
        after = places_in(net.features(t.arr), 0, 2)             # red is still to move: to roll
        assert after == kimbo_places(t.arr, game, 0)
        moved += after != places_in(x, 0, 2)
    assert moved > 0                                            # some fence moves lengthen red's own way


def incount(arr, player):
    return sum(v == KB.CENTRE for v in arr[KM.POS + player * 4:KM.POS + player * 4 + 4])


def rules_entry_chance(s):
    """The share of the 36 rolls with which the rules let the player to roll bring a pawn into the centre."""
    me, hits = s.current_player, 0
    for a, b in itertools.product(range(1, 7), repeat=2):
        t = s.clone()
        t.set_dice((a, b))
        for m in t.legal_moves():
            u = t.clone()
            u.push(m)
            if incount(u.arr, me) > incount(s.arr, me):
                hits += 1
                break
    return hits / 36


def test_kimbo_features_give_each_players_chance_to_enter_the_centre_with_its_next_roll():
    """Beside the places, a Kimbo player's feature is the share of rolls that can bring a pawn into the centre
    as the fences stand: what decides a race of last pawns.  It is the rules' own (a last pawn must take the
    sum) in every position along four games."""
    game = make_game("kimbo", 2)
    net = valuenet.make_net(game, valuenet.blank_weights(game))
    at = 2 * LEARNED_PLACES + 3 * 2
    seen = []
    for seed in range(4):
        s = game.new_state(seed=seed)
        bots = [bot_for_level(2, seed=2 * seed + j) for j in range(2)]
        while not s.is_over and s.rolls < 240:
            if s.is_chance:
                if s.rolls % 4 == 0:
                    x = net.features(s.arr)
                    seen.append(x[at])
                    assert x[at] == pytest.approx(rules_entry_chance(s))
                s.roll()
            else:
                s.push(bots[s.current_player].choose(s))
    assert len(seen) > 100 and 0 < sum(v > 0 for v in seen) < len(seen)


def test_kimbo_self_play_weighs_a_sample_of_its_fence_moves_and_its_games_end():
    game = make_game("kimbo", 2)
    net = valuenet.evaluator(game)
    probs, movers, final, over = net.sample(game.new_state(seed=4).arr, 4, 0.0)
    assert over and len(probs) > 10 and sorted(final.sum(axis=0)) == [1.0, 1.0]


def test_weights_that_start_by_playing_for_progress_end_kimbos_three_player_self_play():
    """From random weights no Kimbo pawn of three players reaches the centre in thousands of rolls, and a game
    cut off teaches nothing; weights that start by counting the mover's pawns in the centre and progress
    towards its first place (blank_weights(prior=True), `pachisi train --prior`) end their games."""
    game = make_game("kimbo", 3)
    net = valuenet.make_net(game, valuenet.blank_weights(game, prior=True))
    s = game.new_state(seed=0)
    ahead = s.arr.copy()
    ahead[KM.POS + 4 * s.current_player] = KB.CENTRE
    assert net.place_probs(ahead)[s.current_player, 0] > net.place_probs(s.arr)[s.current_player, 0] + 0.05
    for seed in range(4):
        probs, movers, final, over = net.sample(game.new_state(seed=seed).arr, seed, 0.0, 2000)
        assert over and sorted(final.sum(axis=0)) == [1.0, 1.0, 1.0]
    weights, info = training.train(game, games=2, seed=0, prior=True)
    assert info["prior"] and info["games"] == 2


def test_a_kimbo_move_that_ends_the_turn_is_valued_before_the_next_players_fence_move():
    """The rest of a roll never reaches into the next player's fence move: after a move that ends the turn
    the position is valued as it stands (the network's), as an unexpanded roll is."""
    game = make_game("kimbo", 2)
    net = valuenet.evaluator(game)
    s = load_position(json.loads((DOCS / "kimbo-fence.json").read_text()), make_game)
    s.push("keep")
    s.set_dice((4, 2))
    ends = [m for m in s.legal_moves() if "+" in m.text]        # one pawn by the sum: the whole roll
    assert ends
    for m in ends:
        t = s.clone()
        t.push(m)
        assert t.current_player == 1 and not t.is_chance         # yellow's fence move, before his roll
        v = net.action_values(s.arr, np.array([m.action], np.int64))[0]
        assert v[0] == pytest.approx(net.place_probs(t.arr)[0, 0])
