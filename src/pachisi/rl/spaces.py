"""The fixed-size action space and observation tensor of each game.

Actions: an engine action is `slot | piece << 3 | kind << 8`
(kernel.encode_action).  A game's action space numbers the (slot, piece,
kind) triples its rules can ever produce, block by block, so that the index
is dense and the same in every position; the legal ones are marked in a mask.

Observations: a flat float32 vector, the same layout for every position of
a game (see docs/rl.md for each game's table):

- for each seat of the board (four; six or eight on a larger board: the
  game's seat_count) a row: each player seen from the observer (the observer
  first, then the others in turn order; a colour nobody plays (a neutral one that
  every player moves) in the row after the players'; rows of absent players stay 0) and each of its
  pieces, a one-hot of the piece's place in the player's own route
  numbering (the numbering of position files: -1 the yard, the house last),
  so that an action's piece can be found; the folk games
  add a flag per piece hidden in a shelter; a grid game's places are
  the 225 grid nodes (+1: captured, waiting), and a plane of its 400 fence
  slots per player follows;
- the dice left to play in their slots (value / the game's top face, 6 for
  the six-sided games; 0 once used; bonuses of 10 and 20 points sit in the
  slots too), the roll as rolled (the same scale);
- per player seen from the observer: in the game, finished;
- the game's own turn state: banked extra rolls, an
  open claim (the offender, the pieces at stake), a fence game's stage (fence,
  pawn, placing a captured pawn).
"""
from dataclasses import dataclass
import functools

import numpy as np

from ..engine import kernel as K

DICE_SLOTS = K.MAX_DICE
HIGH = 4.0          # observation bound: a die is at most 1, a bonus of 20 points 20/6 in a dice slot


def dice_scale(game):
    """What a die's value is divided by in the observation: the game's top face, and at least 6, so a
    six-sided game's slots read value / 6 and a throw of 25 cowrie points reads 1.0, not 4.2."""
    return float(max([6] + [f for faces in game.dice_faces() for f in faces]))


@dataclass(frozen=True)
class Block:
    """Actions whose slot, piece and kind lie in these ranges."""
    slots: range
    pieces: range
    kinds: range

    @property
    def size(self):
        return len(self.slots) * len(self.pieces) * len(self.kinds)

    def index(self, slot, piece, kind):
        if slot in self.slots and piece in self.pieces and kind in self.kinds:
            return ((kind - self.kinds.start) * len(self.pieces) + piece - self.pieces.start) * len(self.slots) \
                + slot - self.slots.start
        return None

    def action(self, i):
        i, slot = divmod(i, len(self.slots))
        kind, piece = divmod(i, len(self.pieces))
        return K.encode_action(self.slots.start + slot, self.pieces.start + piece, self.kinds.start + kind)


class ActionCodec:
    """Engine actions <-> indices 0..n-1 of a game's action space (both ways by table lookup)."""

    def __init__(self, blocks):
        self.blocks = blocks
        self.n = sum(b.size for b in blocks)
        self.actions = [b.action(i) for b in blocks for i in range(b.size)]
        self._index = {a: i for i, a in enumerate(self.actions)}

    def index(self, action):
        try:
            return self._index[int(action)]
        except KeyError:
            raise ValueError(f"action {action} lies outside this game's action space") from None

    def action(self, index):
        if not 0 <= index < self.n:
            raise ValueError(f"an action index is 0 to {self.n - 1}, not {index}")
        return self.actions[index]


def action_codec(game):
    """The game's action space (the same for every option set and number of players), from the blocks
    of actions its rules can make (Game.action_blocks: slot x piece x kind for a single-die game)."""
    return _codec(type(game))


@functools.lru_cache(maxsize=None)
def _codec(cls):
    return ActionCodec([Block(*ranges) for ranges in cls.action_blocks()])


class Observer:
    """Builds the observation vector of a game's positions for a player: the parts every game has,
    with the game's own (Game.place_count, observed_places, observation_planes, turn_features)."""

    def __init__(self, game):
        self.game = game
        self.pieces = game.pieces_per_player
        self.places = game.place_count()
        self.planes = game.observation_planes()
        self.extra = list(game.turn_features)
        self.seats = game.seat_count
        self.scale = dice_scale(game)
        self.size = sum(n for _, n in self.layout())

    def layout(self):
        """(name, length) of each part of the vector, in order: for docs and users."""
        parts = [(f"player +{r}, {self.game.piece_word} {c}: one-hot place", self.places)
                 for r in range(self.seats) for c in self.game.piece_names[:self.pieces]]
        parts += self.planes
        parts += [(f"dice left (value / {self.scale:g})", DICE_SLOTS),
                  (f"dice as rolled (value / {self.scale:g})", DICE_SLOTS),
                  ("player +r in the game", self.seats), ("player +r finished", self.seats)]
        return parts + [(x, 1) for x in self.extra]

    def __call__(self, state, observer):
        g, arr, n = self.game, state.arr, self.game.players
        out = np.zeros(self.size, np.float32)
        width, per = self.places, self.pieces
        for r in range(g.colour_rows()):       # a colour nobody plays (a neutral one) keeps its row after the players'
            for c, v in enumerate(g.observed_places(arr, (observer + r) % n if r < n else r)):
                if v is not None:
                    out[(r * per + c) * width + v] = 1.0
        at = self.seats * per * width
        planes = sum(length for _, length in self.planes)
        if planes:
            g.fill_planes(state, observer, out[at:at + planes])
            at += planes
        out[at:at + DICE_SLOTS] = arr[K.H_DICE:K.H_DICE + DICE_SLOTS] / self.scale
        at += DICE_SLOTS
        if not state.is_chance:
            out[at:at + DICE_SLOTS] = arr[K.H_ROLL0:K.H_ROLL0 + DICE_SLOTS] / self.scale
        at += DICE_SLOTS
        finished = set(state.finish_order)
        for r in range(n):
            out[at + r] = 1.0
            out[at + self.seats + r] = float((observer + r) % n in finished)
        at += 2 * self.seats
        if self.extra:
            g.fill_turn_features(state, observer, out[at:])
        return out
