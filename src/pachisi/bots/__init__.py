"""Bots that play any game through the State interface.

Every bot is deterministic given its seed.  `policy` names the compiled
counterpart that simulations run inside the kernel (kernel.POLICY_*)."""
import random

import numpy as np

from ..engine import kernel as K


class Bot:
    name = ""
    policy = None

    def __init__(self, seed=0):
        self.rng = random.Random(seed)

    def choose(self, state):
        """One of state's legal moves."""
        raise NotImplementedError


class RandomBot(Bot):
    """Plays a uniformly random legal move."""
    name = "random"
    policy = K.POLICY_RANDOM

    def choose(self, state):
        return self.rng.choice(state.legal_moves())


class GreedyBot(Bot):
    """Plays the move after which the game's own evaluation (progress,
    captures, safety and the game's specials) is best for it; ties at random."""
    name = "greedy"
    policy = K.POLICY_GREEDY

    def choose(self, state):
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        g, k = state.game, state.game.kernel
        me = state.current_player
        scratch = np.zeros(K.MAX_EVENTS * K.EV_WIDTH, np.int64)
        best, picks = None, []
        for m in moves:
            child = state.arr.copy()
            k.play(child, g.tab, m.action, scratch, 0)
            v = round(float(k.evaluate(child, g.tab, me)), 9)
            if best is None or v > best:
                best, picks = v, [m]
            elif v == best:
                picks.append(m)
        return self.rng.choice(picks)


BOTS = {cls.name: cls for cls in (RandomBot, GreedyBot)}


# Strength levels for people to choose from, gentle to strong: (bot, settings).
LEVELS = {1: ("random", {}), 2: ("greedy", {})}


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
