"""Bots think in a separate process, so that a strong bot's search never
holds up the server's event loop.  A bot sees the position only: not the seed, so not the dice to come."""
import asyncio
from concurrent.futures import ProcessPoolExecutor
import multiprocessing
import os
import threading
import time

import numpy as np

_games = {}


def think(game, players, preset, options, arr, level, seed):
    """The move text a bot of `level` chooses in the position `arr` (runs in the worker)."""
    from ..bots import bot_for_level
    from ..engine.game import State
    from ..games import make_game
    key = (game, players, preset, tuple(sorted(options.items())))
    g = _games.get(key)
    if g is None:
        g = _games[key] = make_game(game, players, preset, options)
    state = State(g, np.array(arr, np.int64), 0)
    return bot_for_level(level, seed).choose(state).text


def _watch_parent(parent):
    """End this worker when the server is gone, however it went (even SIGKILL)."""
    def watch():
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)
    threading.Thread(target=watch, daemon=True).start()


class Thinker:
    """A pool of bot processes (started on first use)."""

    def __init__(self, workers=1):
        self.workers = workers
        self.pool = None

    async def choose(self, game, arr, level, seed):
        if self.pool is None:
            self.pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"),
                                            initializer=_watch_parent, initargs=(os.getpid(),))
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.pool, think, game.name, game.players, game.preset, dict(game.opts),
                                          [int(x) for x in arr], level, seed)

    def close(self):
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)
            self.pool = None
