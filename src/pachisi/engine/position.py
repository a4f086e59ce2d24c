"""Position files: a hand-writable JSON picture of a position, player-relative
(rules.md numbering), for the referee (`pachisi moves`) and for tests.

    {"game": "shishbesh", "preset": "seed", "options": {"arm": 5},
     "players": 4, "to_move": 0, "pieces": [[-1, -1, 3, "15s"], ...]}

The game reads and writes "pieces" (see docs/positions.md); the rest is common.
"""
import json

from .game import GameError, State

COMMON_KEYS = {"game", "preset", "options", "players", "to_move", "pieces", "seed"}


def load_position(data, make_game):
    """A State from a position dict (or its JSON text) at a chance node."""
    if isinstance(data, (str, bytes)):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as e:
            raise GameError("the position is not valid JSON: {error}", error=e) from None
    if not isinstance(data, dict):
        raise GameError("a position is a JSON object with game, players, to_move and pieces")
    unknown = set(data) - COMMON_KEYS
    if unknown:
        raise GameError("unknown key(s) in the position: {keys}; allowed: {allowed}", keys=", ".join(sorted(unknown)),
                        allowed=", ".join(sorted(COMMON_KEYS)))
    for key in ("game", "pieces"):
        if key not in data:
            raise GameError("the position has no {key!r}", key=key)
    players = data.get("players", len(data["pieces"]) if isinstance(data["pieces"], list) else 0)
    game = make_game(data["game"], players, data.get("preset"), data.get("options") or {})
    to_move = data.get("to_move", 0)
    if not isinstance(to_move, int) or not 0 <= to_move < game.players:
        raise GameError("to_move must be a player from 0 to {last}, not {to_move!r}", last=game.players - 1,
                        to_move=to_move)
    seed = data.get("seed", 0)
    state = game.new_state(seed=seed, first_player=to_move)
    arr = state.arr
    game.initial(arr)
    game.pieces_from_json(arr, data["pieces"])
    return State(game, arr, seed)


def dump_position(state):
    g = state.game
    return {"game": g.name, "preset": g.preset, "options": g.opts, "players": g.players,
            "to_move": state.current_player, "pieces": g.pieces_to_json(state.arr)}
