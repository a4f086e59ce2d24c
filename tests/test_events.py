"""What Event.a and Event.b mean, kind by kind, as docs/library.md's table says, checked over seeded
random games of every game."""
import pytest

from pachisi import GAMES, make_game
from pachisi.bots import make_bot

TRACK = {"moved", "house", "finished", "jumped"}


def events_of(name, players, seed, limit=4000):
    """(the player to play and the dice before, the move or None for a roll, its events, the state
    after) of a seeded game between gentle greedy bots (they finish; random ones wander in Kimbo)."""
    state = make_game(name, players).new_state(seed=seed)
    bot = make_bot("greedy", seed, blunder=0.5)
    while not state.is_over and state.seq < limit:
        before = state.current_player, state.roll_dice
        if state.is_chance:
            move, (_, events) = None, state.roll()
        else:
            move = bot.choose(state)
            events = state.push(move)
        yield before, move, events, state
        state.clear_stack()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_event_fields_mean_what_the_library_docs_say(name):
    seen = set()
    for seed in range(2):
        for before, move, events, after in events_of(name, 2 if name == "kimbo" else 4, seed):
            mover, dice = before
            roll = dice if move is not None else after.roll_dice or None
            for e in events:
                seen.add(e.kind)
                if e.kind == "pass":
                    assert e.a == after.current_player or after.is_over
                elif e.kind == "won":
                    i = after.finish_order.index(e.player)        # partners share their team's place
                    assert (i // 2 if after.game.teams else i) + 1 == e.a
                elif e.kind == "captured":
                    assert e.b == mover and e.player != mover
                elif e.kind == "entered":
                    assert e.a == -1 and e.player == mover or name == "kimbo" and e.a == -2
                elif e.kind == "bonus":
                    assert e.a in (10, 20) and e.b in (0, 1)
                elif e.kind == "burned" and roll:
                    assert e.a in (*roll, *(7 - d for d in roll), 10, 20, sum(roll))   # Parcheesi: a double's other faces
            ours = [e for e in events if e.kind in TRACK | {"entered"} and e.player == mover
                    and move is not None and e.piece == move.piece]
            if move is not None and len(ours) == 1 and name != "kimbo":
                e = ours[0]
                assert (e.a, e.b) == (move.frm, move.to) or e.kind == "entered" and e.b == move.to, (move, e)
    assert {"moved", "pass", "won"} <= seen
