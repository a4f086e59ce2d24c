"""Position files: a hand-writable JSON picture of any moment of a game,
player-relative, for the referee (`pachisi moves`), for tests and for
library users (docs/positions.md).

    {"game": "parchis", "players": 4, "to_move": 0,
     "pieces": [[10, 20, -1, -1], ...],
     "turn": {"sixes": 2, "last_moved": "b"}}

The game reads and writes "pieces" and its own "turn" fields (what has
happened so far in this turn: sixes or doubles rolled, extra rolls banked,
a pending bonus, a fence step, ...); the rest is common.  A moment in
the middle of a roll is written as the position when the roll began, the
roll and the moves already played in it ("roll", "played"), so every state
a game reaches can be written down and read back.
"""
from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Callable

from .game import GameError, IllegalMove, State, faces_text, fresh_seed
from . import kernel as K

if TYPE_CHECKING:
    from .game import Game

COMMON_KEYS = {"game", "preset", "options", "players", "to_move", "pieces", "seed", "rolls", "turn"}
ROLL_KEYS = ("roll", "played")        # the turn fields every game has: the roll under way
MAX_DEPTH = 16                        # nesting of a position's JSON: the deepest game needs 4


def position_object(data: str | bytes) -> dict:
    """The JSON object of a position's text; GameError when it is not JSON, nests deeper than any
    position does, or is not an object."""
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError as e:
            raise GameError("the position is not UTF-8 text: {error}", error=str(e)) from None
    try:
        value = json.loads(data)
    except json.JSONDecodeError as e:
        raise GameError("the position is not valid JSON: {error}", error=str(e)) from None
    except RecursionError:
        raise GameError("the position nests deeper than {depth} levels", depth=MAX_DEPTH) from None
    if not isinstance(value, dict):
        raise GameError("a position is a JSON object with game, players, to_move and pieces")
    return value


def json_depth(value: Any, limit: int = MAX_DEPTH) -> int:
    """How deep lists and objects nest in `value` (0: a scalar), counted level by level without
    recursion, and no further than limit + 1."""
    depth, level = 0, [value]
    while depth <= limit:
        level = [x for x in level if isinstance(x, (dict, list))]
        if not level:
            break
        depth += 1
        level = [v for x in level for v in (x.values() if isinstance(x, dict) else x)]
    return depth


def _check_common(data: dict) -> None:
    """The common keys' types, before any game reads them (a game expects a name, a number, an object)."""
    if json_depth(data) > MAX_DEPTH:
        raise GameError("the position nests deeper than {depth} levels", depth=MAX_DEPTH)
    if not isinstance(data["game"], str):
        raise GameError("game is the name of a game, not {value}", value=data["game"])
    preset = data.get("preset")
    if preset is not None and not isinstance(preset, str):
        raise GameError("preset is the name of a preset, not {value}", value=preset)
    check_options(data.get("options"))


def check_options(options: Any) -> None:
    """House-rule overrides as JSON gives them: an object of names to true, false, whole numbers or words."""
    if options is not None and not (isinstance(options, dict) and all(
            isinstance(v, (bool, int, str)) and not (isinstance(v, int) and abs(v) > 10 ** 9)
            for v in options.values())):
        raise GameError("options is an object of house rules, each true, false, a whole number or a word, "
                        "not {value}", value=options)


def options_object(text: str) -> dict:
    """The house-rule overrides of a JSON text (a web request's `options`); GameError naming the problem."""
    try:
        options = json.loads(text)
    except json.JSONDecodeError as e:
        raise GameError("options is not valid JSON: {error}", error=str(e)) from None
    except RecursionError:
        raise GameError("options nest deeper than {depth} levels", depth=MAX_DEPTH) from None
    if json_depth(options) > MAX_DEPTH:
        raise GameError("options nest deeper than {depth} levels", depth=MAX_DEPTH)
    check_options(options)
    return options or {}


def load_position(data: dict | str | bytes, make_game: Callable[..., Game]) -> State:
    """A State from a position (a dict or its JSON text; docs/positions.md).
    `make_game(name, players, preset, options)` makes the game (pachisi.load_position
    passes pachisi.make_game).  Anything the rules do not allow, or a turn
    field that contradicts another, raises GameError naming it."""
    if isinstance(data, (str, bytes)):
        data = position_object(data)
    if not isinstance(data, dict):
        raise GameError("a position is a JSON object with game, players, to_move and pieces")
    unknown = set(data) - COMMON_KEYS
    if unknown:
        raise GameError("unknown key(s) in the position: {keys}; allowed: {allowed}", keys=", ".join(sorted(unknown)),
                        allowed=", ".join(sorted(COMMON_KEYS)))
    for key in ("game", "pieces"):
        if key not in data:
            raise GameError("the position has no {key!r}", key=key)
    _check_common(data)
    players = data.get("players", len(data["pieces"]) if isinstance(data["pieces"], list) else 0)
    game = make_game(data["game"], players, data.get("preset"), data.get("options") or {})
    to_move = data.get("to_move", 0)
    if isinstance(to_move, bool) or not isinstance(to_move, int) or not 0 <= to_move < game.players:
        raise GameError("to_move must be a player from 0 to {last}, not {to_move!r}", last=game.players - 1,
                        to_move=to_move)
    turn = data.get("turn", {})
    if not isinstance(turn, dict):
        raise GameError("turn is an object of the turn's fields ({allowed}), not {value}",
                        allowed=", ".join(turn_keys(game)), value=turn)
    seed = data["seed"] if "seed" in data else fresh_seed()
    rolls = data.get("rolls", 0)
    if isinstance(rolls, bool) or not isinstance(rolls, int) or not 0 <= rolls < 2 ** 59:
        raise GameError("rolls is the number of rolls made so far, a whole number from 0 up, not {value!r}",
                        value=rolls)
    state = game.new_state(seed=seed, first_player=to_move)
    arr = state.arr
    game.initial(arr)
    arr[K.H_ROLLS] = rolls                      # where the seed's stream of dice goes on
    game.pieces_from_json(arr, data["pieces"])
    turn = dict(turn)
    if "bonus" in turn and "played" in turn:
        raise GameError("turn: a pending bonus is the moment after the roll's moves: write it without played")
    game.turn_from_json(arr, turn)              # takes the fields it knows (a bonus takes the roll too)
    roll, played = turn.pop("roll", None), turn.pop("played", None)
    if turn:
        raise GameError("unknown turn field(s) for {game}: {keys}; allowed: {allowed}", game=game.title,
                        keys=", ".join(sorted(turn)), allowed=", ".join(turn_keys(game)))
    state = State(game, arr, seed)
    if roll is None:
        if played is not None:
            raise GameError("turn: played lists the moves of a roll: give the roll too")
        return state
    return _replay_roll(state, roll, played)


def _replay_roll(state: State, roll: Any, played: Any) -> State:
    """The position after `roll` and the moves `played` in it, from the position before the roll."""
    if not state.is_chance:
        raise GameError("turn: a roll is given, but the position is at a decision before any roll")
    if not isinstance(roll, list) or not all(isinstance(d, int) and not isinstance(d, bool) for d in roll):
        raise GameError("turn: roll is a list of the dice rolled, like [6, 2], not {value}", value=roll)
    try:
        state.set_dice(tuple(roll))
    except GameError as e:
        raise GameError("turn: roll {dice}: {error}", dice=roll, error=e) from None
    if played is None:
        played = []
    if not isinstance(played, list):
        raise GameError("turn: played is a list of the moves already made in this roll, like [\"6a\"]")
    for number, move in enumerate(played, 1):
        if not isinstance(move, str):
            raise GameError("turn: played move {number} is not a move's text: {value}", number=number,
                            value=move)
        try:
            state.push(move)
        except IllegalMove as e:
            raise GameError("turn: played move {number} is not legal: {error}", number=number, error=e) from None
    return state


def dump_position(state: State) -> dict:
    """The position file of a state (docs/positions.md): load_position reads it
    back to a state with the same legal moves, now and after any roll, and with
    the same dice to come (its seed and the rolls made so far).  A game
    that is over is no position to ask about (GameError)."""
    g, arr = state.game, state.arr
    if state.is_over:
        raise GameError("the game is over: a position file holds a game still in play")
    turn = g.turn_to_json(arr)
    if turn is None:                             # in the middle of a roll: its start, the roll, the moves
        start, roll, played = roll_start(state)
        out = dump_position(start)
        out["turn"] = {**out.get("turn", {}), "roll": list(roll), "played": played}
        return out
    out = {"game": g.name, "preset": g.preset, "options": dict(g.opts), "players": g.players,
           "to_move": int(state.current_player), "seed": int(state.seed), "pieces": g.pieces_to_json(arr)}
    if arr[K.H_ROLLS]:
        out["rolls"] = int(arr[K.H_ROLLS])
    if turn:
        out["turn"] = turn
    return out


def roll_start(state: State) -> tuple[State, tuple, list[str]]:
    """(the state before the roll under way, the roll, the moves played since), from the history
    and the undo stack; GameError when the stack no longer reaches back to the roll."""
    history = state.history
    stack = state._stack
    for i in range(len(history) - 1, -1, -1):
        if history[i][1] == "roll":
            break
    else:
        i = -1
    j = i - (len(history) - len(stack))
    if i < 0 or j < 0:
        raise GameError("this moment of a roll cannot be written: the position before the roll is not known "
                        "(it was loaded, or its undo stack was cleared, after the roll)")
    start = State(state.game, stack[j].copy(), state.seed)
    return start, tuple(history[i][2]), [h[2] for h in history[i + 1:]]


def turn_keys(game: Game) -> list[str]:
    """The turn fields a position of this game may have, in the order the docs give them."""
    return [*game.turn_keys, *ROLL_KEYS]


# -- reading turn fields: what the games share -------------------------------------------------------
def take_count(turn: dict, key: str, low: int = 0, high: int | None = None, default: int = 0) -> int:
    """Pop the whole number `key` of a turn (default when absent), within low..high."""
    value = turn.pop(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or value < low or (high is not None and value > high):
        if high is None:
            raise GameError("turn: {key} is a whole number from {low} up, not {value}", key=key, low=low,
                            value=value)
        raise GameError("turn: {key} is a whole number from {low} to {high}, not {value}", key=key, low=low,
                        high=high, value=value)
    return value


def take_piece(turn: dict, key: str, names: str) -> int:
    """Pop the piece letter `key` of a turn: its index, or -1 when absent or null."""
    value = turn.pop(key, None)
    if value is None:
        return -1
    if not isinstance(value, str) or value not in names:
        raise GameError("turn: {key} is a piece letter ({letters}) or null, not {value}", key=key,
                        letters=", ".join(names), value=value)
    return names.index(value)


def take_roll(turn: dict, game: Game) -> tuple[int, ...]:
    """Pop the turn's roll (required here): the dice as rolled, each one of its die's faces."""
    roll = turn.pop("roll", None)
    faces = game.dice_faces()
    if (not isinstance(roll, list) or len(roll) != len(faces)
            or not all(isinstance(d, int) and not isinstance(d, bool) and d in f for d, f in zip(roll, faces))):
        raise GameError("turn: roll gives the dice rolled, {count} of them, each {faces}, not {value}",
                        count=len(faces), faces=faces_text(faces[0]), value=roll)
    return tuple(roll)


def set_roll(arr: Any, dice: tuple[int, ...]) -> None:
    """Write the dice as rolled into the header (the rules read them when the roll ends)."""
    arr[K.H_ROLL0:K.H_ROLL0 + K.MAX_DICE] = 0
    for i, d in enumerate(dice):
        arr[K.H_ROLL0 + i] = d
