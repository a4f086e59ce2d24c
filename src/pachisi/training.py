"""Training the evaluator (bots/evaluator.pyx) by self-play, and measuring its calibration.

`train` plays self-play games in chunks, each one compiled call (TD(lambda), the forward view, as
TD-Gammon: every position at a roll moves towards its lambda-return), the learning rate falling
linearly to a tenth.  Everything random comes from the seed: the start positions (who begins) and
the dice of game g are drawn from seed's stream.

`calibrate` plays fresh games with the evaluator deciding for everyone (no exploration) and, from one
position drawn per game, compares the mover's predicted probability of winning with whether it won:
the Brier score, the same for the constant 1/players guess, and the reliability table (predicted
against observed in ten bins).
"""
from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Callable

import numpy as np

from .bots import valuenet
from .games import make_game

CHUNK = 64
MAX_ROLLS = 5000        # a self-play game still going after this many rolls is cut off (Net.train, Net.sample)


def _starts(game, seed, first, count):
    """The start positions of games first..first+count of a run (who begins by the seed's roll-off)."""
    return np.stack([game.new_state(seed=_draw(seed, 0, first + g)).arr for g in range(count)])


def _seeds(seed, first, count):
    return np.array([_draw(seed, 1, first + g) for g in range(count)], np.int64)


def _draw(seed, stream, k):
    """The k-th number of a stream of the seed (numpy's SeedSequence), below 2**62."""
    return int(np.random.default_rng([seed, stream, k]).integers(1 << 62))


def train(game, seconds: float = 60.0, games: int | None = None, seed: int = 0, hidden: int = valuenet.HIDDEN,
          lam: float = 0.7, alpha: float = 0.02, epsilon: float = 0.05,
          progress: Callable[[int, int], None] | None = None, prior: bool = False):
    """Weights for the game trained by self-play for `games` games (or as many as `seconds` of CPU
    allow); returns (weights, info).  progress(done, total) after each chunk (total: games or seconds*1000).
    prior: start from weights that play to bring pieces home (valuenet.blank_weights)."""
    form, game = game, self_play_game(game)
    net = valuenet.make_net(game, valuenet.blank_weights(form, hidden, seed, prior))
    t0 = time.process_time()
    played, rolls = 0, 0
    while True:
        spent = time.process_time() - t0
        if (games is not None and played >= games) or (games is None and spent >= seconds):
            break
        frac = played / games if games else spent / seconds
        count = CHUNK if games is None else min(CHUNK, games - played)
        rolls += int(net.train(_starts(game, seed, played, count), _seeds(seed, played, count), epsilon, lam,
                               alpha * (1 - 0.9 * frac), MAX_ROLLS).sum())
        played += count
        if progress:
            progress(played if games else int(1000 * min(spent, seconds)), games or int(1000 * seconds))
    info = {"game": game.name, "players": game.players, "file": valuenet.weights_name(form), "games": played,
            "rolls": rolls, "seed": seed, "hidden": net.H, "lambda": lam, "alpha": alpha, "epsilon": epsilon,
            "cpu_seconds": round(time.process_time() - t0, 1), "self_play_options": form.self_play_options,
            "prior": prior}
    return {"W1": net.W1, "b1": net.b1, "W2": net.W2, "b2": net.b2}, info


def self_play_game(game):
    """The game under the rules its self-play follows (Game.self_play_options): the same board and
    pieces, so the weights it learns are the game's own."""
    if not game.self_play_options:
        return game
    return make_game(game.name, game.players, game.preset, {**game.opts, **game.self_play_options})


def save(weights, info, folder: Path):
    """The weights as the package ships them (float32, compressed, with how they were made)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / info["file"]
    np.savez_compressed(path, **{k: np.asarray(v, np.float32) for k, v in weights.items()},
                        info=np.array(json.dumps(info)))
    return path


def calibrate(game, net, positions: int = 1000, seed: int = 1):
    """Brier score of the mover's win probability over `positions` positions, one drawn from each of as
    many evaluator-played games (dice and draws from `seed`, different from training's).  In team play
    it is the team's: the first two places, the mean of the partners' rows."""
    rng = np.random.default_rng(seed)
    top = 2 if game.teams else 1
    predicted, won = [], []
    g = 0
    while len(predicted) < positions:
        if g >= 10 * positions:
            raise ValueError(f"{game.title}: only {len(predicted)} of {g} games between its evaluators ended "
                             f"within {MAX_ROLLS:,} rolls")
        start = _starts(game, seed + 7919, g, 1)[0]
        probs, movers, final, over = net.sample(start, int(_seeds(seed + 7919, g, 1)[0]), 0.0, MAX_ROLLS)
        g += 1
        if not over or len(probs) == 0:
            continue
        t = int(rng.integers(len(probs)))
        mover = int(movers[t])
        team = [mover, game.partner(mover) if game.teams else mover]
        predicted.append(probs[t, team, :top].sum() / 2)
        won.append(final[team[0], :top].sum() == 1.0)
    predicted, won = np.array(predicted), np.array(won, float)
    bins = np.minimum((predicted * 10).astype(int), 9)
    table = [{"bin": f"{b / 10:.1f}-{(b + 1) / 10:.1f}", "positions": int((bins == b).sum()),
              "predicted": float(predicted[bins == b].mean()) if (bins == b).any() else None,
              "observed": float(won[bins == b].mean()) if (bins == b).any() else None} for b in range(10)]
    return {"game": game.name, "players": game.players, "positions": positions,
            "brier": float(np.mean((predicted - won) ** 2)),
            "brier_uniform": float(np.mean((top / game.players - won) ** 2)),
            "reliability": table, "predicted": predicted.tolist(), "won": won.tolist()}
