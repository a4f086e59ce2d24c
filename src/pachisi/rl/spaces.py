"""The fixed-size action space and observation tensor of each game.

Actions: an engine action is `slot | piece << 3 | kind << 8`
(kernel.encode_action).  A game's action space numbers the (slot, piece,
kind) triples its rules can ever produce, block by block, so that the index
is dense and the same in every position; the legal ones are marked in a mask.

Observations: a flat float32 vector, the same layout for every position of
a game (see docs/rl.md for each game's table):

- for each player seen from the observer (the observer first, then the
  others in turn order; rows of absent players stay 0) and each of its
  pieces, a one-hot of the piece's place in the player's own route
  numbering (the numbering of position files: -1 the yard, the house last),
  so that an action's piece can be found; the folk games (Шиш-беш,
  Мандавошка) add a flag per piece hidden in a shelter; Kimbo's places are
  the 225 grid nodes (+1: captured, waiting), and a plane of its 400 fence
  slots per player follows;
- the dice left to play in their slots (value / 6; 0 once used; bonuses of
  10 and 20 points sit in the slots too), the roll as rolled (value / 6);
- per player seen from the observer: in the game, finished;
- the game's own turn state: Трясучка's banked extra rolls, Мандавошка's
  open claim (the offender, the pieces at stake), Kimbo's stage (fence,
  pawn, placing a captured pawn).
"""
from dataclasses import dataclass
import functools

import numpy as np

from ..engine import kernel as K

SEATS = K.MAX_PLAYERS
DICE_SLOTS = K.MAX_DICE
HIGH = 4.0          # observation bound: a bonus of 20 points is 20/6 in a dice slot


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


# kinds of move each race game's rules produce (its rules.pxd): an action space per game
RACE_KINDS = {"ludo": 1, "parchis": 1, "parcheesi": 3, "tryasuchka": 1, "shishbesh": 4, "mandavoshka": 7}


def action_codec(game):
    """The game's action space (the same for every option set and number of players).
    A game from outside whose actions are single-die moves gives `move_kinds`
    (the kinds of move its rules make) and `place_range()` (its pieces' places)."""
    return _codec(game.name, game.pieces_per_player, RACE_KINDS.get(game.name, getattr(game, "move_kinds", None)))


@functools.lru_cache(maxsize=None)
def _codec(name, pieces, kinds):
    if name == "kimbo":
        from ..games import kimbo as k
        return ActionCodec([
            Block(range(k.DIE0, k.SUM + 1), range(k.PAWNS), range(4 << k.CHOICES)),   # pawn runs: direction | turns
            Block(range(k.JUMP, k.JUMP + 1), range(k.PAWNS), range(4)),                 # jumps over a fence
            Block(range(k.PLACE, k.PLACE + 1), range(k.PAWNS), range(k.NODES)),         # a captured pawn put back
            Block(range(k.FENCE, k.FENCE + 1), range(k.FENCES), range(k.SLOTS)),        # a fence moved
            Block(range(k.FENCE, k.FENCE + 1), range(k.KEEP, k.KEEP + 1), range(1)),    # every fence kept
        ])
    if kinds is None:
        raise ValueError(f"no action space is defined for {name}")
    return ActionCodec([Block(range(DICE_SLOTS), range(pieces), range(kinds))])


def place_range(game):
    """(lowest, highest) place number of a race game's pieces (Game.pieces)."""
    if game.name in ("ludo", "parchis", "parcheesi"):
        return -1, game.max_rel()
    if game.name == "shishbesh":
        b = game.board
        return -1, b.circle + b.arm - 1
    if game.name == "mandavoshka":
        return -4 - (SEATS - 1), 52         # -4-c: held in player c's swamp; 49..52 the house
    if game.name == "tryasuchka":
        return -1, 80
    if hasattr(game, "place_range"):
        return game.place_range()
    raise ValueError(f"no observation is defined for {game.name}")


class Observer:
    """Builds the observation vector of a game's positions for a player."""

    def __init__(self, game):
        self.game = game
        self.kimbo = game.name == "kimbo"
        self.pieces = game.pieces_per_player
        if self.kimbo:
            k = self.k
            self.places = k.NODES + 1                       # the nodes, then "captured, waiting"
            self.extra = ["stage: fence", "stage: pawn", "stage: place"]
            self.folk = False
        else:
            self.lo, hi = place_range(game)
            self.places = hi - self.lo + 1
            self.folk = game.name in ("shishbesh", "mandavoshka")
            self.extra = {"tryasuchka": ["extra rolls banked / 6"],
                          "mandavoshka": ["claim open"] + [f"claim offender +{r}" for r in range(SEATS)]
                          + [f"claim: piece {c} at stake" for c in game.piece_names[:4]]}.get(game.name, [])
        self.size = sum(n for _, n in self.layout())

    @property
    def k(self):
        """Kimbo's game module, for its layout constants (looked up, not kept: an observer pickles)."""
        from ..games import kimbo
        return kimbo

    def layout(self):
        """(name, length) of each part of the vector, in order: for docs and users."""
        what = "pawn" if self.kimbo else "piece"
        parts = [(f"player +{r}, {what} {c}: one-hot place", self.places)
                 for r in range(SEATS) for c in self.game.piece_names[:self.pieces]]
        if self.folk:
            parts.append(("hidden in a shelter, per player +r and piece", SEATS * self.pieces))
        if self.kimbo:
            parts += [(f"player +{r}: fence slots taken", self.k.SLOTS) for r in range(SEATS)]
        parts += [("dice left (value / 6)", DICE_SLOTS), ("dice as rolled (value / 6)", DICE_SLOTS),
                  ("player +r in the game", SEATS), ("player +r finished", SEATS)]
        return parts + [(x, 1) for x in self.extra]

    def __call__(self, state, observer):
        g, arr, n = self.game, state.arr, self.game.players
        out = np.zeros(self.size, np.float32)
        width, per = self.places, self.pieces
        if self.kimbo:
            k = self.k
            for r in range(n):
                p = (observer + r) % n
                for c, v in enumerate(arr[k.POS + p * k.PAWNS:k.POS + (p + 1) * k.PAWNS]):
                    if v >= 0 or v == k.PENDING:
                        out[(r * per + c) * width + (v if v >= 0 else k.NODES)] = 1.0
            at = SEATS * per * width
            for r in range(n):
                seat = g.seats[(observer + r) % n]
                for s in arr[k.FEN + seat * k.FENCES:k.FEN + (seat + 1) * k.FENCES]:
                    if s >= 0:
                        out[at + r * k.SLOTS + s] = 1.0
            at += SEATS * k.SLOTS
        else:
            hidden_at = SEATS * per * width
            for r in range(n):
                for c, v in enumerate(g.pieces(arr, (observer + r) % n)):
                    if self.folk:
                        v, hidden = v
                        out[hidden_at + r * per + c] = float(hidden)
                    out[(r * per + c) * width + v - self.lo] = 1.0
            at = hidden_at + (SEATS * per if self.folk else 0)
        out[at:at + DICE_SLOTS] = arr[K.H_DICE:K.H_DICE + DICE_SLOTS] / 6.0
        at += DICE_SLOTS
        if not state.is_chance:
            out[at:at + DICE_SLOTS] = arr[K.H_ROLL0:K.H_ROLL0 + DICE_SLOTS] / 6.0
        at += DICE_SLOTS
        finished = set(state.finish_order)
        for r in range(n):
            out[at + r] = 1.0
            out[at + SEATS + r] = float((observer + r) % n in finished)
        at += 2 * SEATS
        if self.kimbo:
            if not state.is_chance and not state.is_over:
                out[at + min(int(arr[self.k.G_STAGE]), 2)] = 1.0
        elif g.name == "tryasuchka":
            out[at] = min(g.extra_rolls(arr), 6) / 6.0
        elif g.name == "mandavoshka":
            claim = g.claim(arr)
            if claim:
                offender, stake = claim
                out[at] = 1.0
                out[at + 1 + (offender - observer) % n] = 1.0
                for piece in stake:
                    out[at + 1 + SEATS + piece] = 1.0
        return out
