"""What the game tests share: a position from its pieces, the legal moves of a
roll, places and events, playing moves, random play and refused moves."""
import random

import numpy as np
import pytest

from pachisi import IllegalMove, make_game
from pachisi import record as records
from pachisi.engine.position import dump_position, load_position
from pachisi.games import track

OFF = [-1, -1, -1, -1]          # a player whose pieces all wait to enter (park, swamp, yard, base ...)


def position(game, pieces, to_move=0, preset=None, **options):
    """A state of `game` from the places of every player's pieces (rules.md numbering)."""
    return load_position({"game": game, "players": len(pieces), "to_move": to_move, "preset": preset,
                          "pieces": pieces, "options": options}, make_game)


def legal(state, dice=None):
    """The texts of the legal moves, after setting `dice` when given."""
    if dice is not None:
        state.set_dice(dice)
    return {m.text for m in state.legal_moves()}


def places(state, player):
    """The places of a player's pieces (without whether a piece hides in a shelter)."""
    return [p[0] if isinstance(p, tuple) else p for p in state.game.pieces(state.arr, player)]


def kinds(events):
    return [e.kind for e in events]


def play(state, *moves):
    """Push the moves in turn; all their events."""
    events = []
    for m in moves:
        events += state.push(m)
    return events


def random_play(state, rng, steps, check=None, probe=None):
    """Roll and push random legal moves for `steps` steps or to the end;
    check(state) after every step, probe(state, step, moves) before a move."""
    for step in range(steps):
        if state.is_over:
            break
        if state.is_chance:
            state.roll()
        else:
            moves = state.legal_moves()
            if probe:
                probe(state, step, moves)
            state.push(rng.choice(moves))
        if check:
            check(state)
    return state


def random_team_game(game, seed, limit=60000):
    """A random game of team play from game.new_state(seed) to its end, checking after every move that no
    capture took a partner's piece and that every player keeps his pieces; returns (start, final) and checks
    that the record of it replays to the same end.  Partners finish side by side in the finishing order."""
    start = game.new_state(seed)
    s = start.clone()
    rng = random.Random(seed)
    for _ in range(limit):
        if s.is_over:
            break
        if s.is_chance:
            s.roll()
            continue
        for e in s.push(rng.choice(s.legal_moves())):
            if e.kind == "captured":
                assert e.b not in (e.player, game.partner(e.player)), "a partner was captured"
        assert all(len(game.pieces(s.arr, q)) == game.pieces_per_player for q in range(game.players))
    assert s.is_over
    order = s.finish_order
    assert order and len(order) % 2 == 0
    assert all(order[i + 1] == game.partner(order[i]) for i in range(0, len(order), 2))
    [(_, _, final)] = records.load(records.write(s, records.headers_for(s, ["random"] * game.players), start=start))
    assert final.result() == s.result() and (final.arr == s.arr).all()
    return start, s


def random_game_refusing(game, seed, sound, bad, steps=30000):
    """A random game from game.new_state(seed) to its end, checked by sound(state) after every step; every
    seventh step the first of the moves `bad` that is not legal there is pushed, refused and changes nothing.
    The game's record replays to the same start and end."""
    start = game.new_state(seed)
    s = start.clone()

    def probe(state, step, moves):
        if step % 7 == 0:
            before = state.arr.copy()
            texts = {m.text for m in moves}
            for text in bad:
                if text not in texts:
                    with pytest.raises(ValueError):
                        state.push(text)
                    assert np.array_equal(state.arr, before)
                    break

    assert random_play(s, random.Random(seed), steps, sound, probe).is_over
    [(_, replay_start, final)] = records.load(records.write(s, records.headers_for(s, ["random"] * game.players),
                                                            start=start))
    assert replay_start == start and final == s
    return s


def refused(state, move, match=None):
    """Pushing `move` raises IllegalMove (matching `match`) and changes nothing; returns the error."""
    before = state.arr.copy()
    with pytest.raises(IllegalMove, match=match) as err:
        state.push(move)
    assert np.array_equal(state.arr, before)
    return err.value


def round_trip(state):
    """The state's position file loads back to the same state; returns the file."""
    data = dump_position(state)
    assert load_position(data, make_game).arr.tolist() == state.arr.tolist()
    return data


def ring68_place(seat, n):
    """The place of a piece of seat `seat` on square number n of the 68-square
    ring (Parchís, Parcheesi: seat 0 enters on 5), before its turn-off."""
    p = ((n - 5) % 68 - 17 * seat) % 68
    assert p <= 63, "that seat reaches this square only past its turn-off"
    return p


def track_places(state):
    """The internal places of every piece of a track game (Ludo, Parchís, Parcheesi)."""
    return [int(state.arr[track.POS + pid]) for pid in range(state.game.players * 4)]


def ring_masks(state):
    """The pieces on each ring square of a track game (bits of piece ids), from
    the places; checks that the state's masks agree and that no lane place
    holds more than two pieces."""
    g = state.game
    masks = np.zeros(g.ring_size, np.int64)
    lanes = {}
    for pid, p in enumerate(track_places(state)):
        if 0 <= p < g.ring_size:
            masks[g.seat_cell(pid // 4, p)] |= 1 << pid
        elif g.ring_size <= p < g.goal_place:
            lanes[(pid // 4, p)] = lanes.get((pid // 4, p), 0) + 1
    assert [int(m) for m in masks] == [g.engine.at(state.arr, c) for c in range(g.ring_size)]
    assert all(n <= 2 for n in lanes.values())
    return [int(m) for m in masks]


def no_move_record(size=1 << 20):
    """A Ludo record of about `size` bytes of rolls that move nothing (no six: no piece leaves the yard)."""
    from pachisi.web.testing import rolls_record
    return rolls_record("ludo", (1, 2, 3, 4, 5), size)


def tiny_games_record(size=1 << 20):
    """A record of as many one-roll Ludo games as fit in `size` bytes."""
    from pachisi.web.testing import one_roll_games_record
    return one_roll_games_record("ludo", 1, size)
