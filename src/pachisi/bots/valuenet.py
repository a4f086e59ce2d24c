"""A game's learned evaluator: the compiled network (bots/evaluator.pyx) with
its feature table and the weights shipped in bots/weights/.

The features are the game's RL observation (rl/spaces.py: each piece's place
in its route, and a flag per piece hidden in a shelter) read in C.  The
table that lets C read them is made once per Game from the game's own
observation functions: for each player and piece, the state cell its place
is kept in (the cell whose change moves that piece in the observation), and
what each value of that cell means as a place; likewise the cell of a
piece's hidden flag.  So a game declares its features once, for RL and for
the evaluator alike.  Where a cell does not say how far a piece has to go
(Kimbo's fences lengthen the way), the game's compiled rules give the places
instead (Engine.learned_places, Rules.places) and it has no table.

Weights are per game, number of players and form (the board, team play),
trained on that form's rules (`pachisi train GAME`, docs/analysis.md); a
variant whose places do not fit them has no evaluator.
"""
from __future__ import annotations

import functools
from importlib import resources

import numpy as np

from ..engine import kernel as K
from ..engine.game import GameError
from .evaluator import Net

WEIGHTS = "weights"
HIDDEN = 40
PRIOR = 3.0         # blank_weights(prior=True): the weight of pieces home and progress, in and out of its unit


class NoEvaluator(GameError):
    """A game (or variant, or number of players) that has no trained evaluator."""


def place_count(game):
    """The places of the game's features: its rules' own (Engine.learned_places) or its observation's."""
    return game.engine.learned_places or game.place_count()


def feature_table(game):
    """(cell, flag, lo, vmap) of a game: the state cell of each player's piece's place and hidden flag
    (-1: none), and vmap[v - lo] the place index of cell value v (-1: not on the observation's places).
    None for a game whose rules give the places (Engine.learned_places)."""
    n, per, places = game.players, game.pieces_per_player, game.place_count()
    if game.engine.learned_places:
        return None
    state = game.new_state(seed=0)
    base = state.arr.copy()
    seen = [game.observed_places(base, p) for p in range(n)]
    cell = -np.ones((n, per), np.int64)
    for i in range(K.HEADER, game.size):
        arr = base.copy()
        arr[i] += 1
        try:
            moved = [(p, k) for p in range(n) for k, v in enumerate(game.observed_places(arr, p)) if v != seen[p][k]]
        except (ValueError, IndexError, KeyError):
            continue
        if len(moved) == 1:
            cell[moved[0]] = i
    if (cell < 0).any():
        raise NoEvaluator("{game}: its observation does not read each piece from a cell of its own",
                          game=game.title)
    lo, hi = -8 * places, 8 * places
    maps = []
    for p in range(n):
        for k in range(per):
            m = -np.ones(hi - lo, np.int64)
            arr = base.copy()
            for v in range(lo, hi):
                arr[cell[p, k]] = v
                try:
                    x = game.observed_places(arr, p)[k]
                except (ValueError, IndexError, KeyError):
                    continue
                if x is not None and 0 <= x < places:
                    m[v - lo] = x
            maps.append(m)
    if any((m != maps[0]).any() for m in maps):
        raise NoEvaluator("{game}: its pieces' places are not read alike", game=game.title)
    used = np.flatnonzero(maps[0] >= 0)
    vmap = maps[0][used[0]:used[-1] + 1]
    return cell, _flags(game, state, base, cell), lo + int(used[0]), vmap


def _flags(game, state, base, cell):
    """The cell of each piece's hidden flag, where the game observes one per player and piece (else -1)."""
    n, per = game.players, game.pieces_per_player
    flag = -np.ones((n, per), np.int64)
    planes = game.observation_planes()
    if len(planes) != 1 or planes[0][1] != game.seat_count * per:
        return flag
    length = planes[0][1]
    out0 = np.zeros(length, np.float32)
    state.arr = base.copy()
    game.fill_planes(state, 0, out0)
    for i in range(K.HEADER, game.size):
        if i in cell:
            continue
        arr = base.copy()
        arr[i] = 1 - arr[i] if arr[i] in (0, 1) else arr[i]
        state.arr = arr
        out = np.zeros(length, np.float32)
        try:
            game.fill_planes(state, 0, out)
        except (ValueError, IndexError, KeyError):
            continue
        changed = np.flatnonzero(out != out0)
        if len(changed) == 1 and changed[0] < n * per:
            flag[divmod(int(changed[0]), per)] = i
    state.arr = base
    return flag


def weights_name(game):
    """GAME-Np.npz for the standard form; the game's form options that differ from their defaults and team
    play add their marks (ludo-6p-seats-6, maedn-4p-board-chevaux-horses-2, ludo-4p-teams)."""
    defaults = {o.name: o.default for o in game.options}
    marks = [game.name, f"{game.players}p"]
    marks += [f"{k}-{game.opts[k]}" for k in game.form_options if game.opts[k] != defaults[k]]
    if game.teams:
        marks.append("teams")
    return "-".join(marks) + ".npz"


def blank_weights(game, hidden=HIDDEN, seed=0, prior=False):
    """Small random weights for a game (the start of training).  With `prior` the first hidden unit reads the
    mover's pieces home and progress less the others' mean and counts them towards the mover's first place: the
    untrained network plays to bring pieces home, as the greedy bot does, so self-play games end where random
    weights let every player wander (Kimbo with three players: no pawn reaches the centre in 5,000 rolls)."""
    rng = np.random.default_rng(seed)
    n, places = game.players, place_count(game)
    F = Net.features_count(n, places, bool(game.engine.learned_places))
    weights = {"W1": rng.normal(0, 0.1, (F, hidden)), "b1": np.zeros(hidden),
               "W2": rng.normal(0, 0.1, (n * n, hidden)), "b2": np.zeros(n * n)}
    if prior:
        share = [PRIOR] + [-PRIOR / (n - 1)] * (n - 1)      # the mover's, less the others' mean
        for features, w in zip(Net.progress_features(n, places), share):
            weights["W1"][list(features), 0] = w
        weights["W2"][::n, 0] = share                       # towards each player's first place
    return weights


def make_net(game, weights):
    return Net(game.engine, game.players, game.pieces_per_player, place_count(game), feature_table(game),
               weights["W1"], weights["b1"], weights["W2"], weights["b2"])


def shipped_weights(game):
    """The shipped weights of the game for its number of players (None if there are none)."""
    path = resources.files(__package__) / WEIGHTS / weights_name(game)
    if not path.is_file():
        return None
    with path.open("rb") as f:
        data = np.load(f)
        return {k: data[k].astype(np.float64) for k in ("W1", "b1", "W2", "b2")}


@functools.lru_cache(maxsize=64)
def evaluator(game):
    """The game's evaluator (cached per Game: a Game is its parameters); NoEvaluator if none fits."""
    weights = shipped_weights(game)
    if weights is None:
        form = weights_name(game).removesuffix(".npz")
        if form == f"{game.name}-{game.players}p":
            raise NoEvaluator("no evaluator is trained for {game} with {players} players", game=game.title,
                              players=game.players)
        raise NoEvaluator("no evaluator is trained for {game} in this form ({form})", game=game.title, form=form)
    try:
        return make_net(game, weights)
    except ValueError:
        raise NoEvaluator("the evaluator of {game} does not fit these options", game=game.title) from None
