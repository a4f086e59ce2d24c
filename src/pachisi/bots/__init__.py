"""Bots that play any game through the State interface, gentle to strong.

- random: a uniformly random legal move;
- greedy: the move after which the game's own evaluation (progress, captures,
  safety and the game's specials) is best, one ply; `blunder` makes it play a
  random move that often instead (a gentle opponent);
- expectimax: searches the rest of the roll and `depth` more rolls, averaging
  over every roll of the game's dice (sampling `samples` of them below the
  first), each player maximising its own value (max^n, any number of players);
- mcts: Monte Carlo tree search over sampled rolls with greedy rollouts, a
  budget of `iterations` simulations (or `seconds` of thinking time);
- evaluator: the learned evaluator's choice (bots/evaluator.pyx): every
  action by the best way to play the rest of the roll, valued by the
  network, the best `width` of them again `depth` rolls deeper (every roll
  of the players to come and their best answers), deepening while a search
  keeps within `budget` positions.  A game with no trained evaluator for
  its players and options is played by level 5's search instead.

The thinking is compiled once (bots/search.pyx) and calls the game's
compiled rules through its engine, so a bot knows no game in particular.
Every bot is deterministic given its seed: the same seed in the same
position makes the same choice (a time budget makes mcts depend on the
machine; the levels use iterations).
`policy` names the kernel's compiled counterpart that `simulate` runs
(kernel.POLICY_*; None for the searching bots).
"""
import time

import numpy as np

from ..engine import kernel as K
from ..engine.game import GameError
from ..i18n import Term
from . import search as S

SEED_MASK = (1 << 62) - 1


class Bot:
    name = ""
    kind = None
    policy = None
    defaults = {}

    def __init__(self, seed=0, **settings):
        unknown = set(settings) - set(self.defaults)
        if unknown:
            raise ValueError(f"{self.name} has no setting {', '.join(sorted(unknown))}; "
                             f"settings: {', '.join(self.defaults) or 'none'}")
        if not isinstance(seed, (int, np.integer)):
            raise ValueError(f"a bot's seed is a whole number, not {seed!r}")
        self.seed = int(seed) & SEED_MASK
        self.settings = {**self.defaults, **settings}
        self._check()

    def _check(self):
        """Validate self.settings."""

    def __repr__(self):
        extra = "".join(f":{k}={v}" for k, v in self.settings.items() if v != self.defaults.get(k))
        return f"{self.name}{extra}"

    def params(self):
        """The compiled bot: a row of search.NPARAMS numbers."""
        row = np.zeros(S.NPARAMS)
        row[S.P_KIND] = self.kind
        return row

    def choose(self, state):
        """One of state's legal moves."""
        acts = state.legal_actions()
        if not acts:
            why = "roll the dice first" if state.is_chance else "the game is over" if state.is_over else "no legal move"
            raise GameError("no move to choose: {why}", why=Term(why))
        if len(acts) == 1:
            return state.game.describe(state.arr, acts[0])
        a = self._decide(state, np.array(acts, np.int64))
        return state.game.describe(state.arr, int(a))

    def _decide(self, state, acts):
        return S.decide(state.game.engine, state.arr, acts, self.params(), self.seed)

    @property
    def compiled(self):
        """Whether the compiled search (the row params() gives) decides as this
        bot does, so that whole games can run compiled: true of the bots here,
        false of a subclass that decides in Python (its own choose or _decide)."""
        cls = type(self)
        return self.kind is not None and cls.choose is Bot.choose and cls._decide is Bot._decide


class RandomBot(Bot):
    """Plays a uniformly random legal move."""
    name = "random"
    kind = S.BOT_RANDOM
    policy = K.POLICY_RANDOM


class GreedyBot(Bot):
    """Plays the move after which the game's own evaluation (progress,
    captures, safety and the game's specials) is best for it; ties at random.
    With `blunder` p it plays a random move instead with probability p."""
    name = "greedy"
    kind = S.BOT_GREEDY
    policy = K.POLICY_GREEDY
    defaults = {"blunder": 0.0}

    def _check(self):
        b = self.settings["blunder"]
        if not isinstance(b, (int, float)) or not 0 <= b <= 1:
            raise ValueError(f"blunder is a probability from 0 to 1, not {b!r}")

    def params(self):
        row = super().params()
        row[S.P_BLUNDER] = self.settings["blunder"]
        return row


class ExpectimaxBot(Bot):
    """Searches the rest of the roll and `depth` more rolls: chance nodes
    weigh every roll by its probability (below the first chance node `samples`
    rolls are drawn instead when samples > 0), decisions maximise the deciding
    player's own value (max^n), leaves are the game's evaluation.  A decision
    with more than `width` legal actions searches only the best `width` of
    them by one ply deeper (0: all)."""
    name = "expectimax"
    kind = S.BOT_EXPECTIMAX
    defaults = {"depth": 1, "width": 8, "samples": 0, "work": 0}

    def _check(self):
        for key, lo in (("depth", 0), ("width", 0), ("samples", 0), ("work", 0)):
            v = self.settings[key]
            if not isinstance(v, (int, np.integer)) or v < lo:
                raise ValueError(f"{key} is a whole number >= {lo}, not {v!r}")

    def params(self):
        row = super().params()
        row[S.P_DEPTH] = self.settings["depth"]
        row[S.P_WIDTH] = self.settings["width"]
        row[S.P_SAMPLES] = self.settings["samples"]
        row[S.P_WORK] = self.settings["work"]
        return row


class MCTSBot(Bot):
    """Monte Carlo tree search.  The root shares `iterations` simulations out
    among its actions by sequential halving, every action in a round on the
    same dice (common random numbers); below it the tree grows by UCT
    (`explore`), each node's player maximising its own win rate, rolls drawn
    at chance nodes.  A simulation adds a node and plays the rest of the game
    with the greedy policy (cut after `rollout` rolls and judged by the game's
    evaluation; 0 plays to the end).  Actions are tried best first by one
    ply, at most `width` per decision (0: all).  With `seconds` it thinks
    that long instead: searches of 2x, 4x... `CHUNK` simulations while the
    next one fits, at most `iterations`."""
    name = "mcts"
    kind = S.BOT_MCTS
    defaults = {"iterations": 1000, "explore": 0.7, "rollout": 2, "width": 16, "work": 0, "seconds": None}
    CHUNK = 16

    def _check(self):
        s = self.settings
        if not isinstance(s["iterations"], (int, np.integer)) or s["iterations"] < 1:
            raise ValueError(f"iterations is a whole number >= 1, not {s['iterations']!r}")
        if not isinstance(s["explore"], (int, float)) or s["explore"] < 0:
            raise ValueError(f"explore is a number >= 0, not {s['explore']!r}")
        for key in ("rollout", "width", "work"):
            if not isinstance(s[key], (int, np.integer)) or s[key] < 0:
                raise ValueError(f"{key} is a whole number >= 0, not {s[key]!r}")
        if s["seconds"] is not None and (not isinstance(s["seconds"], (int, float)) or s["seconds"] <= 0):
            raise ValueError(f"seconds is a positive number, not {s['seconds']!r}")

    def params(self, iterations=None):
        row = super().params()
        s = self.settings
        row[S.P_ITERATIONS] = iterations or s["iterations"]
        row[S.P_EXPLORE] = s["explore"]
        row[S.P_ROLLOUT] = s["rollout"]
        row[S.P_WIDTH] = s["width"]
        row[S.P_WORK] = s["work"]
        return row

    def _decide(self, state, acts):
        limit = self.settings["iterations"]
        if self.settings["seconds"] is None:
            return super()._decide(state, acts)
        engine = state.game.engine
        t0 = time.perf_counter()
        deadline = t0 + self.settings["seconds"]
        budget, choice, spent = min(2 * self.CHUNK, limit), None, 0.0
        while True:
            t = time.perf_counter()
            choice = S.decide(engine, state.arr, acts, self.params(budget), self.seed)
            spent = time.perf_counter() - t
            if budget >= limit or time.perf_counter() + 2.2 * spent > deadline:
                return choice
            budget = min(2 * budget, limit)

    @property
    def compiled(self):
        """A time budget is spent in Python (_decide): a bot with `seconds` is not compiled."""
        cls = type(self)
        return self.settings["seconds"] is None and cls.choose is Bot.choose and cls._decide is MCTSBot._decide


class EvaluatorBot(Bot):
    """Plays the action the learned evaluator values best for it: the rest of
    the roll searched to its end, the best `width` actions again up to
    `depth` rolls more (0: by the rest of the roll alone), one roll deeper
    at a time while each action's search visits at most `budget` positions
    (counted, not timed: the same choice on every machine).  One compiled
    call a decision; without an evaluator for the game, level 5's search decides."""
    name = "evaluator"
    defaults = {"width": 4, "depth": 3, "budget": 5000}

    def _check(self):
        for key, lo, hi in (("width", 0, 16), ("depth", 0, 8), ("budget", 1, 10 ** 9)):
            v = self.settings[key]
            if not isinstance(v, (int, np.integer)) or not lo <= v <= hi:
                raise ValueError(f"{key} is a whole number from {lo} to {hi}, not {v!r}")

    def _decide(self, state, acts):
        from .valuenet import NoEvaluator, evaluator
        try:
            net = evaluator(state.game)
        except NoEvaluator:
            return S.decide(state.game.engine, state.arr, acts, bot_for_level(5).params(), self.seed)
        s = self.settings
        return net.decide(state.arr, acts, s["width"], s["depth"], s["budget"])


BOTS = {cls.name: cls for cls in (RandomBot, GreedyBot, ExpectimaxBot, MCTSBot, EvaluatorBot)}


# Strength levels for people to choose from, gentle to strong: (bot, settings).
# Each wins clearly more than the one below (docs/ladder.md).  The searching
# level's work budget keeps its slowest decisions under a second in every game
# (benchmarks/bot_speed.py); mcts plays about as well as level 5 on several
# times its work, so it is a bot to choose, not a level.  Level 6 plays on the
# learned evaluator (docs/analysis.md).
LEVELS = {
    1: ("random", {}),
    2: ("greedy", {"blunder": 0.6}),
    3: ("greedy", {"blunder": 0.2}),
    4: ("greedy", {}),
    5: ("expectimax", {"depth": 3, "width": 8, "work": 60_000}),
    6: ("evaluator", {"width": 4, "depth": 3, "budget": 5000}),
}


def make_bot(name, seed=0, **settings):
    if name not in BOTS:
        raise ValueError(f"unknown bot {name!r}; bots: {', '.join(BOTS)}")
    return BOTS[name](seed, **settings)


def bot_for_level(level, seed=0):
    """The bot that plays at a strength level (1 is the gentlest)."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; levels: {', '.join(map(str, LEVELS))}")
    name, settings = LEVELS[level]
    return make_bot(name, seed, **settings)
