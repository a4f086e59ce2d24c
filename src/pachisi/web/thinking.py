"""Bots think in separate processes, so that a strong bot's search never
holds up the server's event loop.  A bot sees the position only: not the seed, so not the dice to come.

Thinking is scheduled, not merely queued: at most one search per process runs at
a time, and when a process is free the next search is the most urgent one
waiting — a bot playing against a connected person first, then bots of rooms
that only spectators watch, then bots of rooms nobody watches (first come,
first served within each).  A hundred all-bot rooms thus cannot make a
person wait behind their searches.  The same processes give a person's hint (hint) and analyse a finished
room's game (analyse), scheduled the same way; an analysis tells its steps as it goes, so its progress bar
moves with the work, not only with the queue."""
import asyncio
from collections import deque
from concurrent.futures import ProcessPoolExecutor
import heapq
import itertools
import multiprocessing
import os
import queue
import threading
import time

import numpy as np

_games = {}
_told = None            # in a bot process: the queue its analyses tell their steps on (Thinker.told)

PERSON, SPECTATED, UNWATCHED = 0, 1, 2      # priorities: lower thinks first
HINT_LEVEL = 6                              # the bot whose move a hint gives


def think(game, players, preset, options, arr, level, seed):
    """The move text a bot of `level` chooses in the position `arr` (runs in the worker)."""
    from ..bots import bot_for_level
    from ..engine.game import State
    state = State(_game(game, players, preset, options), np.array(arr, np.int64), 0)
    return bot_for_level(level, seed).choose(state).text


def _game(game, players, preset, options):
    from ..games import make_game
    key = (game, players, preset, tuple(sorted(options.items())))
    g = _games.get(key)
    if g is None:
        g = _games[key] = make_game(game, players, preset, options)
    return g


def hint(game, players, preset, options, arr, seed):
    """A hint for the player on turn (runs in the worker): level 6's move and, where the game has an
    evaluator, the mover's chance after it (its equity: for 3+ players the expected place reward)."""
    from ..bots import bot_for_level
    from ..bots.valuenet import NoEvaluator, evaluator
    from ..engine.game import State
    g = _game(game, players, preset, options)
    state = State(g, np.array(arr, np.int64), 0)
    move = bot_for_level(HINT_LEVEL, seed).choose(state)
    try:
        net = evaluator(g)
    except NoEvaluator:
        return {"move": move.text, "level": HINT_LEVEL, "equity": None}
    values = net.action_values(state.arr, np.array([move.action], np.int64))
    return {"move": move.text, "level": HINT_LEVEL, "equity": float(values[0, state.current_player])}


def analysis_json(text, budget=None, progress=None):
    """The analysis of every game of a record (pachisi.analysis; NoEvaluator for a game without an
    evaluator), with the dice of the whole match against fair dice and beside each marked move its best
    move as the board draws a move (boardjson.moves_json); `budget` as record.load's; progress(done,
    total) told the steps (rolls and moves) analysed of the match's.  A room's analysis and /api/analyse
    give this."""
    from .. import record as records
    from ..analysis import analyse, dice_report
    from .boardjson import moves_json
    games, _ = records.load_match(text, budget)
    lengths = [len(final.history) - len(start.history) for _, start, final in games]
    total = sum(lengths)
    analyses = []
    for i, (_, start, final) in enumerate(games):
        before = sum(lengths[:i])
        tell = None if progress is None else lambda done, before=before: progress(before + done, total)
        analyses.append(analyse(start, final.history[len(start.history):], budget, tell))
    out = []
    for (_, start, final), a in zip(games, analyses):
        state = start.clone()
        for step, (_, kind, what) in zip(a.steps, final.history[len(start.history):]):
            if kind == "roll":
                state.set_dice(tuple(int(d) for d in what))
                continue
            if step["mark"]:
                best = state.parse_move(step["best"])
                step["best_board"] = moves_json(state.game, state, [best])[0]
            state.push(state.parse_move(what))
        out.append(a.as_dict())
    return {"games": out, "dice": dice_report(analyses)}


def analyse(text, job=None):
    """A finished room's analysis (runs in the worker): analysis_json as JSON text (the room has refused a
    game without an evaluator before).  Its steps are told as (job, done, total) on the process's queue,
    about fifty times over the game."""
    import json

    def tell(done, total):
        if _told is not None and (done == total or done % max(1, total // 50) == 0):
            _told.put((job, done, total))
    data = analysis_json(text, progress=tell)
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _start_worker(parent, told):
    """A bot process's start: it tells its analyses' steps on `told` and watches its parent."""
    global _told
    _told = told
    _watch_parent(parent)


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
        self.told = None                    # the queue the bot processes tell analysis steps on
        self._jobs = itertools.count()
        self._steps = {}                    # analysis job -> (done, total) as last told; None before

    async def choose(self, game, arr, level, seed, priority=PERSON):
        """The move a bot of `level` chooses; `priority`: PERSON, SPECTATED or UNWATCHED."""
        args = (game.name, game.players, game.preset, dict(game.opts), [int(x) for x in arr], level, seed)
        return await self.run(self.fn, args, priority)

    async def hint(self, game, arr, seed):
        """hint() for the person on turn in `arr`: level 6's move and the mover's chance after it."""
        args = (game.name, game.players, game.preset, dict(game.opts), [int(x) for x in arr], seed)
        return await self.run(hint, args, PERSON)

    async def analyse(self, text, ticket=None):
        """analyse() of a finished room's record, after every bot that plays someone; `ticket` as run's
        (and steps() reads its progress by it)."""
        job = next(self._jobs)
        if ticket is not None:
            ticket["job"] = job
        self._steps[job] = None
        try:
            return await self.run(analyse, (text, job), UNWATCHED, ticket)
        finally:
            del self._steps[job]

    def steps(self, ticket):
        """(done, total): the steps of the running analysis of `ticket` as its worker last told them;
        None before it told any."""
        while self.told is not None:
            try:
                job, done, total = self.told.get_nowait()
            except queue.Empty:
                break
            if job in self._steps:          # not an analysis that has ended meanwhile
                self._steps[job] = (done, total)
        return self._steps.get(ticket.get("job"))

    def ahead(self, ticket):
        """How many jobs start before the one of `ticket` (None: it has started)."""
        key = ticket.get("key")
        if key is None or not any(e[:2] == key for e in self._waiting):
            return None
        return sum(1 for e in self._waiting if e[:2] < key)

    async def run(self, fn, args, priority, ticket=None):
        """fn(*args) in a bot process, when its turn comes by `priority`; `ticket` (a dict) is told the
        job's place in the queue, for ahead()."""
        fut = asyncio.get_running_loop().create_future()
        key = (priority, next(self._order))
        if ticket is not None:
            ticket["key"] = key
        heapq.heappush(self._waiting, (*key, fn, args, fut))
        self._dispatch()
        return await fut

    def _dispatch(self):
        loop = asyncio.get_running_loop()
        while self._running < self.workers and self._waiting:
            priority, _, fn, args, fut = heapq.heappop(self._waiting)
            if fut.done():                  # its room went away (cancelled) while it waited
                continue
            if self.pool is None:
                spawn = multiprocessing.get_context("spawn")
                self.told = spawn.Queue()
                self.pool = ProcessPoolExecutor(self.workers, mp_context=spawn, initializer=_start_worker,
                                                initargs=(os.getpid(), self.told))
            self._running += 1
            self.started.append(priority)
            job = loop.run_in_executor(self.pool, fn, *args)
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
        if self.told is not None:
            self.told.close()
            self.told = None
