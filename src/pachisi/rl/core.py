"""What the PettingZoo and Gymnasium environments share: a game played
from a seeded start, the dice rolled by the environment, the legal-action
mask, the rewards and the refusal of an illegal action."""
import numpy as np

from ..engine.game import GameError
from ..engine.options import OptionError
from ..games import game_class, make_game
from .spaces import HIGH, Observer, action_codec

ILLEGAL = ("penalty", "raise")


class IllegalActionError(GameError):
    """An action the position does not allow; the message names the legal ones."""


def default_players(game, opponents):
    """An agent's game against `opponents`: one seat each and the agent's, or for one opponent spec two
    players (the game's fewest, when it needs more: a team game of four)."""
    if isinstance(opponents, (list, tuple)):
        return len(opponents) + 1
    return max(2, game_class(game).min_players)


class Table:
    """A game in play for an environment: `reset(seed)` deals a new game
    (the dice stream and the roll-off come from the seed), `play(index)`
    applies an action and rolls until a decision or the end; with
    skip_forced a decision that has a single legal action is played too."""

    def __init__(self, game, players, preset, options, max_rolls, illegal, penalty, skip_forced=False):
        self.game = make_game(game, players, preset, options)
        if illegal not in ILLEGAL:
            raise OptionError("illegal is {choices}, not {value!r}", choices=" or ".join(ILLEGAL), value=illegal)
        if isinstance(max_rolls, bool) or not isinstance(max_rolls, int) or max_rolls < 1:
            raise OptionError("max_rolls is a whole number from 1, not {value!r}", value=max_rolls)
        if isinstance(penalty, bool) or not isinstance(penalty, (int, float)):
            raise OptionError("penalty is a number, not {value!r}", value=penalty)
        if not isinstance(skip_forced, bool):
            raise OptionError("skip_forced is True or False, not {value!r}", value=skip_forced)
        self.illegal, self.penalty, self.max_rolls = illegal, float(penalty), max_rolls
        self.skip_forced = skip_forced
        self.codec = action_codec(self.game)
        self.observer = Observer(self.game)
        self.state = None
        self.captures = 0

    @property
    def n_actions(self):
        return self.codec.n

    def observation_bounds(self):
        return 0.0, HIGH, (self.observer.size,)

    def reset(self, seed):
        self.state = self.game.new_state(seed=int(seed))
        self.captures = 0
        self.settle()

    def settle(self):
        """Roll while the game waits for dice (an environment's dice are never an agent's action) and,
        with skip_forced, play each decision that has one legal action, whoever's it is."""
        s = self.state
        while not s.is_over:
            if s.is_chance:
                if s.rolls >= self.max_rolls:
                    return
                self._count(s.roll()[1])
            elif self.skip_forced and len(legal := s.legal_actions()) == 1:
                self._count(s.push(legal[0]))
            else:
                return

    def _count(self, events):
        self.captures += sum(1 for e in events if e.kind == "captured")

    @property
    def truncated(self):
        s = self.state
        return not s.is_over and s.is_chance and s.rolls >= self.max_rolls

    def mask(self, player=None):
        m = np.zeros(self.codec.n, np.int8)
        s = self.state
        if s.is_over or s.is_chance or (player is not None and player != s.current_player):
            return m
        index = self.codec._index
        for a in s.legal_actions():
            m[index[a]] = 1
        return m

    def observe(self, player):
        return self.observer(self.state, player)

    def resolve(self, index):
        """(the engine action, None) when the action index is legal now, else (None, the IllegalActionError)."""
        s = self.state
        legal = s.legal_actions()
        if not isinstance(index, (bool, np.bool_)) and isinstance(index, (int, np.integer)) \
                and 0 <= index < self.codec.n:
            action = self.codec.actions[index]
            if action in legal:
                return action, None
        listed = ", ".join(f"{self.codec.index(a)} ({self.game.describe(s.arr, a).text})" for a in legal[:40])
        more = f" and {len(legal) - 40} more" if len(legal) > 40 else ""
        return None, IllegalActionError("action {action!r} is not legal here; the legal actions are: {legal}",
                                        action=index, legal=listed + more)

    def push(self, action):
        """An engine action chosen by a bot."""
        self._count(self.state.push(action))
        self.settle()

    def rewards(self):
        """Each player's reward at the end: the winner +1, the others -1; with
        play_for_places the places from +1 (first) down to -1 (last) evenly.
        In team play the team is rewarded: partners share the reward of its place."""
        s, n = self.state, self.game.players
        out = [0.0] * n
        if not s.is_over:
            return out
        order = s.finish_order
        if self.game.teams:
            teams, graded = len(self.game.teams), self.game.opts.get("play_for_places")
            ranked = [tuple(order[i:i + 2]) for i in range(0, len(order) - 1, 2)]
            ranked += [t for t in self.game.teams if t[0] not in order]
            for place, team in enumerate(ranked):
                for p in team:
                    out[p] = 1.0 - 2.0 * place / (teams - 1) if graded else 1.0 if place == 0 else -1.0
            return out
        if self.game.opts.get("play_for_places") and len(order) >= n - 1:
            rest = [p for p in range(n) if p not in order]
            for place, p in enumerate(order + rest):
                out[p] = 1.0 - 2.0 * place / (n - 1)
            return out
        return [1.0 if p == s.winner else -1.0 for p in range(n)]

    def render(self):
        from ..render.terminal import render
        return render(self.game, self.game.view(self.state.arr))
