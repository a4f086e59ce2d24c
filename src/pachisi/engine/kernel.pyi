"""Type stub of the compiled kernel (kernel.pyx): the state header's indices,
the action numbers, events, the Engine every game's rules subclass, and
StateCore, the compiled half of State."""
from typing import Any, Iterator

import numpy as np
import numpy.typing as npt

Array = npt.NDArray[np.int64]

H_PLAYER: int
H_PHASE: int
H_NDICE: int
H_DICE: int
MAX_DICE: int
H_SCORE: int
H_WINNER: int
H_NFIN: int
H_ORDER: int
ORDER_LO: int
MAX_PLAYERS: int
H_ORDER_HI: int
H_ROLLS: int
H_NPLAYERS: int
H_SEQ: int
H_ROLL0: int
HEADER: int
PHASE_ROLL: int
PHASE_MOVE: int
PHASE_OVER: int
MAX_ACTIONS: int
MAX_DEPTH: int
POLICY_RANDOM: int
POLICY_GREEDY: int
EV_NAMES: dict[int, str]


def order_index(i: int) -> int: ...
def encode_action(slot: int, piece: int, kind: int) -> int: ...
def decode_action(a: int) -> tuple[int, int, int]: ...
def draw_number(seed: int, counter: int, modulus: int) -> int: ...


class Event:
    """Something that happened in a step: `kind` ("moved", "captured", "burned",
    "pass", ...), the `player` and `piece` it concerns, and two numbers `a`, `b`."""
    kind: str
    player: int
    piece: int
    a: int
    b: int
    def __init__(self, kind: str, player: int, piece: int, a: int, b: int) -> None: ...
    def as_dict(self) -> dict[str, Any]: ...
    def __iter__(self) -> Iterator[Any]: ...


class Played:
    player: int
    action: int
    before: Array
    def __init__(self, player: int, action: int, before: Array) -> None: ...


class Move:
    """One single-die action, with where the piece goes (player-relative):
    `action` (its number), `player`, `die`, `piece`, `kind`, `frm`, `to` and
    `text` (its notation, also str(move)).  Immutable; equal when all fields are.
    A move of legal_moves() is described when a field other than `action` is first read."""
    @property
    def action(self) -> int: ...
    @property
    def player(self) -> int: ...
    @property
    def die(self) -> int: ...
    @property
    def piece(self) -> int: ...
    @property
    def kind(self) -> int: ...
    @property
    def frm(self) -> int: ...
    @property
    def to(self) -> int: ...
    @property
    def text(self) -> str: ...
    def __init__(self, action: int, player: int, die: int, piece: int, kind: int, frm: int, to: int,
                 text: str) -> None: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...


class Engine:
    options: Any
    def dice_faces(self) -> list[tuple[int, ...]]: ...
    def dice_weights(self) -> list[tuple[int, ...]]: ...
    def legal(self, arr: Array) -> list[int]: ...
    def legal_among(self, arr: Array, actions: list[int]) -> list[int]: ...
    def candidates(self, arr: Array) -> list[int]: ...
    def check(self, arr: Array, slot: int, piece: int, kind: int) -> int: ...
    def play(self, arr: Array, action: int) -> list[Event]: ...
    def choose(self, arr: Array, policy: int, seed: int, k: int) -> int | None: ...
    def rolloff(self, arr: Array, seed: int) -> int: ...
    def run_many(self, start: Array, seed0: int, count: int, policies: Any, rotate: bool = ...,
                 first_by_rolloff: bool = ..., max_rolls: int = ...) -> Array: ...
    def trace(self, start: Array, seed0: int, count: int, policy: int, first_by_rolloff: bool = ...,
              max_rolls: int = ...) -> list[int]: ...
    def __getattr__(self, name: str) -> Any: ...     # a game's own methods (dest, rebuild, ...)


class StateCore:
    engine: Engine
    game: Any
    seed: int
    _stack: list[Array]
    _history: list[Any]
    _written: int
    def __init__(self, game: Any, arr: Array, seed: int) -> None: ...
    @property
    def arr(self) -> Array: ...
    @arr.setter
    def arr(self, value: Array) -> None: ...
    @property
    def current_player(self) -> int:
        """The player to roll or to decide (0-based, in turn order)."""
    @property
    def is_chance(self) -> bool:
        """True at a chance node: the dice are to be rolled (roll) or set (set_dice)."""
    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
    @property
    def seq(self) -> int: ...
    @property
    def rolls(self) -> int: ...
    def next_roll(self) -> tuple[int, ...]:
        """The roll the seed's stream holds for this state (what roll() would roll)."""
    def roll(self) -> tuple[tuple[int, ...], list[Event]]:
        """Roll the dice from the seed's stream: (the roll, what it brought)."""
    def _apply_roll(self, dice: tuple[int, ...]) -> list[Event]: ...
    def legal_actions(self) -> list[int]:
        """The legal actions as numbers (the fast way): empty at a chance node or at the end."""
    def legal_moves(self) -> list[Move]:
        """The legal moves, described (Move: text, die, piece, frm, to, action), in the order
        of legal_actions(); empty at a chance node or at the end.  Each is described when
        first read, from this position, so a long list costs little more than legal_actions()."""
    def push(self, move: Any) -> list[Event]:
        """Apply a move (an action number, a Move or its notation) and return what it
        brought; an illegal one changes nothing and raises IllegalMove saying why."""
