"""Uploaded records are checked off the event loop.

/api/verify, /api/replay and /api/analyse replay a record move by move, and a long record costs
seconds of CPU: on the event loop that would stall every room.  So they run in a
small pool of worker processes (threads would still hold the GIL), at a lower
priority than the server, each record within a Budget of games, rolls and moves,
and seconds (a job still running a little after that is killed).  One address has
a few records checked at a time and a share of the workers' time; the server a
bounded queue.  Beyond any of these the answer is a refusal that says which.  Several server
processes (cluster.py) share an address's share and its records at once through Redis (`share`);
the queue is each process's own, as its pool is.

    checker = Checker(RecordLimits())                 # the app's lifespan
    status, body = await checker.run("verify", text, address, lang)
    checker.close()
"""
import asyncio
from concurrent.futures import TimeoutError as JobTimeout
from concurrent.futures.process import BrokenProcessPool
from collections import OrderedDict
from dataclasses import dataclass
import hashlib
import json
import multiprocessing
import os
import time

from pebble import ProcessExpired, ProcessPool

from .. import record as records
from ..engine.game import GameError
from ..engine.story import Teller
from ..i18n import Error
from .boardjson import events_json, last_route, layout_json, layout_signature, position_json
from .limits import Bucket, SharedBuckets, SharedCounts

MAX_FRAMES = 20000


@dataclass
class RecordLimits:
    """What checking one uploaded record may cost, and how much of it one address may ask for."""
    workers: int = 2            # processes that check records
    games: int = 40             # games in one record (a match to 9 wins among 4 players has at most 33)
    actions: int = 100_000      # rolls and moves in one record (the longest games have about 4,000)
    seconds: float = 10.0       # of a worker's CPU time for one record
    grace: float = 5.0          # seconds before a job that overran (a step that never ended) is killed...
    slack: float = 3.0          # ...past `seconds` times this of the clock (a busy machine gives a worker less than a core)
    per_address: int = 2        # records of one address checked or waiting at once
    queue: int = 8              # records checked or waiting on the whole server
    share: float = 0.5          # worker-seconds a second one address may use on average...
    burst: float = 30.0         # ...and at most at once


class Share(Bucket):
    """An address's share of the workers' time: `rate` seconds a second, at most `burst` saved.  A job
    may overdraw it; the address then waits until it is positive again."""
    need = 0.0

    def spend(self, seconds, force=True):
        return super().spend(seconds, force)


ANSWERS_BYTES = 32 << 20        # of checked records' answers kept (Checker.answers)


def _body(value):
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()


def _refusal(code, error, lang):
    return _body({"code": code, "message": error.message(lang)})


def check(kind, text, games, actions, seconds, lang):
    """(HTTP status, JSON body, CPU seconds taken) of verifying, replaying or analysing a record (runs in a
    worker)."""
    from ..verify import verify_text
    began = time.process_time()
    budget = records.Budget(games, actions, seconds)
    try:
        if kind == "verify":
            status, body = 200, _body(verify_text(text, budget).as_dict(lang))
        elif kind == "analyse":
            from .thinking import analysis_json
            status, body = 200, _body(analysis_json(text, budget))
        else:
            status, body = 200, _body(replay_frames(text, budget))
    except records.BudgetError as e:
        status, body = 413, _refusal("budget", e, lang)
    except GameError as e:
        status, body = 400, _refusal("record", e, lang)
    return status, body, time.process_time() - began


def _start_worker(parent):
    """A checking worker: behind the server for the CPU, and gone when the server is."""
    from .thinking import _watch_parent
    try:
        os.nice(10)
    except OSError:
        pass
    _watch_parent(parent)


class Checker:
    """The worker pool (started on first use) and the limits on who may use it."""

    def __init__(self, limits=None):
        self.limits = limits or RecordLimits()
        self.pool = None
        self.busy = 0               # records checked or waiting
        lim = self.limits
        self.held = SharedCounts("checking", lim.per_address, hold=lim.seconds * lim.slack + lim.grace + 60)
        self.shares = SharedBuckets("share", lim.share, lim.burst, kind=Share)
        # the answers for the records checked last: a room's record verified, replayed, then replayed again
        # (the pages of a finished game, each opened more than once) is checked once, and costs no share again
        self.answers = OrderedDict()

    def share(self, redis):
        """Keep the budgets per address in `redis`, shared with the other server processes."""
        self.held.use(redis)
        self.shares.use(redis)

    @property
    def jobs(self):
        """address -> its records checked or waiting in this process"""
        return self.held.local.n

    def refused_now(self, address, lang="en"):
        """(status, JSON body) of the refusal a record from `address` gets now for a full queue or its
        records under way in this process, or None: asked before its body is read into memory."""
        if self.busy >= self.limits.queue:
            return 503, _refusal("busy", Error("the server is checking too many records; try again in a moment"),
                                 lang)
        if self.jobs.get(address, 0) >= self.limits.per_address:
            return 429, _refusal("rate", Error("{count} records from your address are being checked already; "
                                               "wait for them", count=self.limits.per_address), lang)
        return None

    async def run(self, kind, text, address, lang="en"):
        """(status, JSON body) of checking `text` for `address`: the report or frames, or a refusal."""
        lim = self.limits
        key = (kind, lang, hashlib.sha256(text.encode()).digest())
        if key in self.answers:
            self.answers.move_to_end(key)
            return 200, self.answers[key]
        wait = await self.shares.check(address)
        if wait > 0:
            return 429, _refusal("rate", Error("your address has used its share of the record checker; try again "
                                               "in {seconds} s", seconds=int(wait) + 1), lang)
        if self.busy >= lim.queue:
            return 503, _refusal("busy", Error("the server is checking too many records; try again in a moment"),
                                 lang)
        release = await self.held.acquire(address)
        if release is None:
            return 429, _refusal("rate", Error("{count} records from your address are being checked already; "
                                               "wait for them", count=lim.per_address), lang)
        self.busy += 1
        spent = lim.seconds + lim.grace
        try:
            future = self._pool().schedule(check, (kind, text, lim.games, lim.actions, lim.seconds, lang),
                                           timeout=lim.seconds * lim.slack + lim.grace)
            status, body, spent = await asyncio.wrap_future(future)
            if status == 200:
                self.remember(key, body)
            return status, body
        except JobTimeout:
            return 413, _refusal("budget", Error("checking the record took more than {seconds} s; it was stopped",
                                                 seconds=lim.seconds), lang)
        except ProcessExpired as e:
            return 400, _refusal("record", Error("the record could not be checked: its checker stopped ({problem})",
                                                 problem=str(e)), lang)
        except BrokenProcessPool:
            self.close()                    # its workers cannot start: a new pool for the next record
            return 503, _refusal("busy", Error("the record checker is restarting; try again in a moment"), lang)
        finally:
            self.busy -= 1
            await release()
            await self.shares.spend(address, spent, force=True)

    def remember(self, key, body):
        """Keep an answer, the newest first out of ANSWERS_BYTES."""
        self.answers[key] = body
        while sum(len(b) for b in self.answers.values()) > ANSWERS_BYTES and len(self.answers) > 1:
            self.answers.popitem(last=False)

    def _pool(self):
        if self.pool is None:
            self.pool = ProcessPool(self.limits.workers, context=multiprocessing.get_context("spawn"),
                                    initializer=_start_worker, initargs=(os.getpid(),))
        return self.pool

    def close(self):
        if self.pool is not None:
            self.pool.stop()
            self.pool.join(timeout=5)
            self.pool = None


def replay_frames(text, budget=None):
    """Every game of a record as frames: the start, then one frame per roll and move."""
    games, _ = records.load_match(text, budget)
    frames, headers = [], []
    game = None
    for round_no, (rec, start, final) in enumerate(games, 1):
        headers.append(dict(rec.headers))
        game = start.game
        state = start.clone()
        teller = Teller(game)
        last_layout = None

        def frame(kind, value, player, events, stories=(), move_story=None, route=None):
            nonlocal last_layout
            view = game.view(state.arr)
            out = {"round": round_no, "player": player, "kind": kind, "value": value, "dice": list(state.dice),
                   "events": events_json(events), "s": list(stories), "position": position_json(view)}
            if move_story is not None:
                out["d"] = move_story
            if route:
                out["route"] = route
            sig = layout_signature(view)          # the layout itself only when it changed (it seldom does)
            if sig != last_layout:
                out["layout"] = layout_json(view)
                last_layout = sig
            if len(frames) >= MAX_FRAMES:
                raise records.BudgetError("the record is too long to replay here (more than {limit} steps)",
                                          limit=MAX_FRAMES)
            frames.append(out)

        frame("start", "", state.current_player, [])
        for _, _, tokens in rec.turns:
            for token in tokens:
                if budget is not None:
                    budget.step()
                player = state.current_player
                m = records.DICE.match(token)
                if m:
                    dice = tuple(int(d) for d in m.group(1).split("-"))
                    events = state.set_dice(dice)
                    frame("roll", m.group(1), player, events, teller.roll(player, dice, events))
                else:
                    move = state.parse_move(token)
                    route = last_route(game, state.arr, move)
                    told = game.played_story(move, player)
                    events = state.push(move)
                    frame("move", token, player, events, teller.move(player, events, told), told, route)
    return {"game": game.name, "title": game.title, "players": game.players,
            "colours": [game.player_name(p) for p in range(game.players)], "seat_colours": list(game.colours),
            "seats": [int(x) for x in game.seats], "dice": [list(f) for f in game.dice_faces()],
            "weights": [list(w) for w in game.dice_weights()],
            "piece_names": game.piece_names, "headers": headers, "frames": frames}
