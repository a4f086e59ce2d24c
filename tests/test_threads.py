"""One Game shared by several threads plays every game exactly as it plays
alone: the compiled engine's tables are read only and every call into it
writes into scratch of its own (kernel.pyx Engine.take), also while the
playout loops run without the GIL."""
import random
import sys
import threading

import pytest

from pachisi.games import GAMES, make_game

CASES = [(name, preset) for name, cls in GAMES.items() for preset in cls.presets]
THREADS = 3
RANDOM_ROLLS, GREEDY_ROLLS = 300, 40     # rolls played of each game (a greedy Kimbo roll weighs thousands of fence moves)


def api_loop(game, seed, moves=150):
    """A random game through the Python API (roll, legal_moves/legal_actions, push): its history and position."""
    rng = random.Random(seed)
    state = game.new_state(seed=seed)
    for i in range(moves):
        if state.is_over:
            break
        if state.is_chance:
            state.roll()
        elif i % 2:
            state.push(rng.choice(state.legal_moves()))
        else:
            state.push(rng.choice(state.legal_actions()))
    return state.history, state.arr.tobytes()


def traces(game, seed0, count, policy):
    start = game.new_state(seed=0).arr
    return game.engine.trace(start, seed0, count, policy, True, GREEDY_ROLLS if policy else RANDOM_ROLLS)


def playouts(game, seed0, count, policy):
    start = game.new_state(seed=0).arr
    return game.engine.run_many(start, seed0, count, [policy] * game.players, True, True, GREEDY_ROLLS).tolist()


def work(game, k):
    """Thread k's share: compiled playouts (random and greedy, trace and run_many) and Python API games."""
    seed0 = 1 + 1000 * k
    return (traces(game, seed0, 10, 0), traces(game, seed0, 4, 1), playouts(game, seed0, 4, 1),
            [api_loop(game, seed0)])


@pytest.fixture(autouse=True)
def fast_switching():
    """Switch threads often, so that the Python loops interleave with each other and with the compiled playouts."""
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-4)
    yield
    sys.setswitchinterval(old)


@pytest.mark.parametrize("name,preset", CASES)
def test_threads_sharing_one_game_play_as_it_plays_alone(name, preset):
    game = make_game(name, GAMES[name].max_players, preset)
    alone = [work(game, k) for k in range(THREADS)]
    together = [None] * THREADS
    barrier = threading.Barrier(THREADS)

    def run(k):
        barrier.wait()
        together[k] = work(game, k)

    threads = [threading.Thread(target=run, args=(k,)) for k in range(THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for k in range(THREADS):
        for part, a, b in zip(("random traces", "greedy traces", "greedy playouts", "API games"), alone[k], together[k]):
            assert a == b, f"thread {k}: {part} differ"
