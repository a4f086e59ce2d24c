"""Bots think in separate processes, so that a strong bot's search never
holds up the server's event loop.  A bot sees the position only: not the seed, so not the dice to come.

Thinking is scheduled, not merely queued: at most one search per process runs at
a time, and when a process is free the next search is the most urgent one
waiting — a bot playing against a connected person first, then bots of rooms
that only spectators watch, then bots of rooms nobody watches (first come,
first served within each).  A hundred all-bot rooms thus cannot make a
person wait behind their searches."""
import asyncio
from collections import deque
from concurrent.futures import ProcessPoolExecutor
import heapq
import itertools
import multiprocessing
import os
import threading
import time

import numpy as np

_games = {}

PERSON, SPECTATED, UNWATCHED = 0, 1, 2      # priorities: lower thinks first


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


def default_workers():
    """One bot process per core, at most four: the event loop keeps a core's share."""
    return max(1, min(4, os.cpu_count() or 1))


class Thinker:
    """A pool of bot processes (started on first use) fed by a priority queue.

    `executor` and `fn` are for tests (a thread pool and a stand-in for `think`)."""

    def __init__(self, workers=None, executor=None, fn=think):
        self.workers = workers or default_workers()
        self.pool = executor
        self.fn = fn
        self._waiting = []                  # heap of (priority, order, args, future)
        self._order = itertools.count()
        self._running = 0
        self.started = deque(maxlen=1000)   # priorities in the order their searches began (tests, figures)

    async def choose(self, game, arr, level, seed, priority=PERSON):
        """The move a bot of `level` chooses; `priority`: PERSON, SPECTATED or UNWATCHED."""
        fut = asyncio.get_running_loop().create_future()
        args = (game.name, game.players, game.preset, dict(game.opts), [int(x) for x in arr], level, seed)
        heapq.heappush(self._waiting, (priority, next(self._order), args, fut))
        self._dispatch()
        return await fut

    def _dispatch(self):
        loop = asyncio.get_running_loop()
        while self._running < self.workers and self._waiting:
            priority, _, args, fut = heapq.heappop(self._waiting)
            if fut.done():                  # its room went away (cancelled) while it waited
                continue
            if self.pool is None:
                self.pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"),
                                                initializer=_watch_parent, initargs=(os.getpid(),))
            self._running += 1
            self.started.append(priority)
            job = loop.run_in_executor(self.pool, self.fn, *args)
            job.add_done_callback(lambda j, fut=fut: self._done(j, fut))

    def _done(self, job, fut):
        self._running -= 1
        if not fut.done():
            if job.cancelled():
                fut.cancel()
            elif job.exception() is not None:
                fut.set_exception(job.exception())
            else:
                fut.set_result(job.result())
        elif not job.cancelled():
            job.exception()                 # retrieved: a search nobody waits for any more is no error
        self._dispatch()

    def close(self):
        for *_, fut in self._waiting:
            fut.cancel()
        self._waiting.clear()
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)
            self.pool = None
