"""Several server processes: one authority per room, Redis between the processes.

Every room has exactly one owner at a time: the process holding its lease, a row of `room_leases` in
PostgreSQL (owner id, expiry on the database's clock).  The owner renews the leases of the rooms it has in
memory every second; a lease lasts Cluster.TTL seconds, so a process that dies (kill -9, a lost machine)
lets go of its rooms within a few seconds, and the next request for one of them makes another process take
the lease and load the room from the database (its stored actions replayed).  Every stored action is
fenced by the lease: it is written only in a transaction that finds the writer still holding the room's
lease, so a process that lost a room (stalled past the expiry) can never apply a move the new owner does
not know of; and an action is acknowledged only after it is stored, so nothing acknowledged is lost.

A request or WebSocket for a room another process owns is forwarded to the owner through Redis pub/sub:
every process listens on its own channel; the messages of the connection (ASGI messages: the client's
actions and chat one way, state messages, chat and answers the other) travel as JSON over the two
processes' channels, and the owner runs the connection through the very same app code as a local one.
When the owner dies under a forwarded WebSocket, the WebSocket is closed with code 1012 (service restart)
and the client reconnects (the web client does by itself), landing on a live owner.
"""
import asyncio
import base64
import json
import logging
import os
import re
import secrets
import socket
import time

from sqlalchemy import text

from .db import StoreError

ROUTED = re.compile(r"^/(?:ws|api/rooms)/([A-Za-z0-9]{6})(?:/[a-z]*)?$")   # the paths of one room
NOW = "extract(epoch from clock_timestamp())"
log = logging.getLogger("pachisi.cluster")

CLAIM = text(f"""
INSERT INTO room_leases (code, owner, expires)
SELECT CAST(:code AS VARCHAR), CAST(:me AS VARCHAR), {NOW} + CAST(:ttl AS FLOAT)
WHERE EXISTS (SELECT 1 FROM rooms WHERE code = CAST(:code AS VARCHAR))
ON CONFLICT (code) DO UPDATE SET owner = excluded.owner, expires = excluded.expires
WHERE room_leases.owner = excluded.owner OR room_leases.expires < {NOW}
RETURNING owner""")
HOLDER = text(f"SELECT owner, expires > {NOW} AS live FROM room_leases WHERE code = :code")
# rows a store write is fencing at the moment are skipped, not waited for (the fence renews them, and
# waiting could deadlock with a batch of fenced writes locking rows in another order)
RENEW = text(f"UPDATE room_leases SET expires = {NOW} + :ttl WHERE code IN (SELECT code FROM room_leases "
             f"WHERE owner = :me AND code = ANY(:codes) AND expires > {NOW} FOR UPDATE SKIP LOCKED) RETURNING code")
HELD = text(f"SELECT code FROM room_leases WHERE owner = :me AND code = ANY(:codes) AND expires > {NOW}")
FENCE = text(f"UPDATE room_leases SET expires = {NOW} + :ttl WHERE code = :code AND owner = :me "
             f"AND expires > {NOW}")
RELEASE = text("DELETE FROM room_leases WHERE owner = :me AND code = ANY(:codes)")
RELEASE_ALL = text("DELETE FROM room_leases WHERE owner = :me")


def _wire(msg):
    """An ASGI message or scope as JSON: bytes as base64, header pairs as lists."""
    out, raw = {}, []
    for k, v in msg.items():
        if isinstance(v, (bytes, bytearray)):
            out[k], raw = base64.b64encode(v).decode(), raw + [k]
        elif k == "headers":
            out[k] = [[base64.b64encode(a).decode(), base64.b64encode(b).decode()] for a, b in v]
        elif isinstance(v, (str, int, float, bool, type(None), list, tuple)):
            out[k] = list(v) if isinstance(v, tuple) else v
        elif isinstance(v, dict) and k == "asgi":
            out[k] = v
    out["__raw"] = raw
    return out


def _unwire(data):
    raw = data.pop("__raw", [])
    for k in raw:
        data[k] = base64.b64decode(data[k])
    if "headers" in data:
        data["headers"] = [(base64.b64decode(a), base64.b64decode(b)) for a, b in data["headers"]]
    for k in ("client", "server"):
        if isinstance(data.get(k), list):
            data[k] = tuple(data[k])
    return data


class Draining(RuntimeError):
    """This process is stopping: it takes no room."""


class Outbox:
    """The messages to one process, published in order by one task, whatever has queued up in one
    pipeline: a sender that is cancelled never cuts a publish in half, no message of a stream overtakes
    another, and the traffic to a process takes one Redis connection however many streams it carries."""

    def __init__(self, cluster, channel):
        self.cluster, self.channel = cluster, channel
        self.queue = asyncio.Queue()
        self.task = asyncio.get_running_loop().create_task(self._run())

    def put(self, data):
        self.queue.put_nowait(json.dumps(data, separators=(",", ":")))

    async def _run(self):
        while True:
            batch = [await self.queue.get()]
            while not self.queue.empty() and len(batch) < 512:
                batch.append(self.queue.get_nowait())
            try:
                async with self.cluster.redis.pipeline(transaction=False) as pipe:
                    for text in batch:
                        pipe.publish(self.channel, text)
                    await pipe.execute()
            except Exception as e:         # noqa: BLE001 - Redis away: the streams' far ends time out
                log.warning("publishing to %s failed: %r", self.channel, e)


class Cluster:
    TTL = 5.0           # seconds a room's lease lasts without renewal: a dead owner's rooms move on after it
    RENEW = 1.0         # seconds between renewals
    QUIET = 3.0         # seconds without a word from a stream's far end before its process is looked for
    ASK = 1.0           # seconds a question to Redis may take (is a process alive, is Redis there)

    def __init__(self, store, manager, redis_url):
        import redis.asyncio as aioredis
        self.engine = store.engine
        self.manager = manager
        # publishes go through one connection a destination (Outbox); the rest is a few at a time
        from redis.asyncio.retry import Retry
        from redis.backoff import NoBackoff
        # a call to a Redis that is away fails at once (redis-py's default retries with a backoff of seconds):
        # the callers decide what to do meanwhile
        self.redis = aioredis.Redis(connection_pool=aioredis.BlockingConnectionPool.from_url(
            redis_url, max_connections=64, timeout=20, socket_connect_timeout=self.ASK,
            retry=Retry(NoBackoff(), 1)))
        self.id = f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(4)}"
        self.streams = {}           # stream id -> queue of messages from the far end
        self.outboxes = {}          # process id -> its Outbox
        self.app = None
        self._tasks = []
        self.forwarded = 0          # connections and requests forwarded to an owner (for the benchmark)
        self.redis_down = False     # Redis failed its last call (forwarding cannot work meanwhile)
        self.draining = False       # stopping: no room is taken any more

    def outbox(self, proc):
        box = self.outboxes.get(proc)
        if box is None:
            box = self.outboxes[proc] = Outbox(self, self.channel(proc))
        return box

    @staticmethod
    def channel(proc):
        return f"pachisi:proc:{proc}"

    @staticmethod
    def alive_key(proc):
        return f"pachisi:alive:{proc}"

    # -- the lifetime ----------------------------------------------------------------------------
    async def start(self, app):
        """Listen on this process's channel, renew its leases and say it is alive (`app`: the ASGI app
        forwarded connections are run through)."""
        self.app = app
        await self.redis.set(self.alive_key(self.id), "1", ex=int(self.TTL))
        self._pubsub = self.redis.pubsub()
        await self._pubsub.subscribe(self.channel(self.id))
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._listen()), loop.create_task(self._renew_forever())]

    async def close(self):
        for t in self._tasks + [box.task for box in self.outboxes.values()]:
            t.cancel()
        try:
            await asyncio.to_thread(self._sql, RELEASE_ALL, me=self.id)
            await self.redis.delete(self.alive_key(self.id))
            await self._pubsub.aclose()
        finally:
            await self.redis.aclose()

    def _sql(self, stmt, **values):
        with self.engine.begin() as conn:
            result = conn.execute(stmt, values)
            return result.fetchall() if result.returns_rows else result.rowcount

    # -- leases ----------------------------------------------------------------------------------
    async def owner(self, code):
        """Who owns room `code` now: this process's id once it holds the lease (taken if free or expired),
        another live process's id, or None when there is no such room.  A process draining takes no room
        (Draining, when no live process holds it)."""
        code = code.upper()
        if code in self.manager.rooms:
            return self.id
        if self.draining:
            held = await asyncio.to_thread(self._sql, HOLDER, code=code)
            if held and held[0].live and held[0].owner != self.id:
                return held[0].owner
            raise Draining(f"this process is stopping and does not take room {code}")
        for _ in range(3):
            got = await asyncio.to_thread(self._sql, CLAIM, code=code, me=self.id, ttl=self.TTL)
            if got:
                return self.id
            held = await asyncio.to_thread(self._sql, HOLDER, code=code)
            if not held:
                return None             # no such room
            if held[0].live:
                return held[0].owner
        return None

    async def release_all(self):
        """Hand every lease of this process over (it is stopping): the rooms move on at once."""
        await asyncio.to_thread(self._sql, RELEASE_ALL, me=self.id)

    def fenced(self, code, write):
        """`write` (a Store write) made only while this process holds room `code`'s lease (renewing it)."""
        def run(conn):
            if conn.execute(FENCE, {"code": code, "me": self.id, "ttl": self.TTL}).rowcount != 1:
                raise StoreError(f"this server process no longer holds room {code}")
            return write(conn)
        return run

    def release(self, code):
        """Let go of an unloaded room's lease (in the background)."""
        asyncio.get_running_loop().run_in_executor(None, self._sql_quiet, RELEASE, [code])

    def _sql_quiet(self, stmt, codes):
        codes = [c for c in codes if c not in self.manager.rooms]     # loaded again meanwhile: kept
        if not codes:
            return
        try:
            self._sql(stmt, me=self.id, codes=codes)
        except Exception as e:              # noqa: BLE001 - it expires anyway
            log.warning(f"releasing {codes} failed: {e!r}")

    async def _renew_forever(self):
        """Renew this process's leases in PostgreSQL every RENEW seconds, and say in Redis that it is alive.
        The two are apart: while Redis is away the leases are renewed all the same (PostgreSQL fences every
        write anyway), so an outage of Redis drops no room."""
        while True:
            await asyncio.sleep(self.RENEW)
            try:
                async with asyncio.timeout(self.ASK):
                    await self.redis.set(self.alive_key(self.id), "1", ex=int(self.TTL))
                if self.redis_down:
                    log.warning("Redis answers again")
                self.redis_down = False
            except asyncio.CancelledError:
                raise
            except Exception as e:          # noqa: BLE001 - Redis away: forwarding waits, leases do not
                if not self.redis_down:
                    log.warning(f"Redis does not answer ({e!r}): rooms forwarded between processes wait for it")
                self.redis_down = True
            try:
                await self._renew()
            except asyncio.CancelledError:
                raise
            except Exception as e:          # noqa: BLE001 - the database away for a moment
                log.warning(f"renewing leases failed: {e!r}")

    async def _renew(self):
        codes = list(self.manager.rooms)
        if not codes:
            return
        kept = {r.code for r in await asyncio.to_thread(self._sql, RENEW, me=self.id, codes=codes, ttl=self.TTL)}
        missing = [c for c in codes if c not in kept]
        if missing:             # skipped (being fenced) or lost
            kept |= {r.code for r in await asyncio.to_thread(self._sql, HELD, me=self.id, codes=missing)}
        for code in codes:
            if code not in kept:    # stalled past the expiry: another process may own it now
                log.warning("room %s: its lease was lost; dropped", code)
                self.manager.lost(code)

    async def _alive(self, proc):
        """Whether process `proc` says it is alive; False when Redis cannot be asked (nothing can be
        forwarded to it then anyway)."""
        try:
            async with asyncio.timeout(self.ASK):
                return bool(await self.redis.exists(self.alive_key(proc)))
        except asyncio.CancelledError:
            raise
        except Exception:               # noqa: BLE001 - Redis away
            return False

    # -- forwarding --------------------------------------------------------------------------------
    async def _listen(self):
        """Serve the streams forwarded to this process; when Redis goes away, subscribe again once it is
        back (the streams cut meanwhile have been closed by their far ends)."""
        while True:
            try:
                async for m in self._pubsub.listen():
                    self._heard(m)
            except asyncio.CancelledError:
                raise
            except Exception as e:          # noqa: BLE001 - Redis away: try again
                log.warning(f"listening on Redis failed ({e!r}); subscribing again")
            await asyncio.sleep(0.5)        # (a subscription that ended without an error: the same)
            try:
                await self._pubsub.aclose()
            except Exception:               # noqa: BLE001 - already gone
                pass
            try:
                self._pubsub = self.redis.pubsub()
                async with asyncio.timeout(self.ASK):
                    await self._pubsub.subscribe(self.channel(self.id))
            except asyncio.CancelledError:
                raise
            except Exception:               # noqa: BLE001 - still away: the next round tries again
                pass

    def _heard(self, m):
        if m.get("type") != "message":
            return
        try:
            data = json.loads(m["data"])
        except ValueError:
            return
        if data.get("op") == "open":        # its queue at once: the stream's next messages come right after
            self.streams[data["sid"]] = asyncio.Queue()
            self.outbox(data["from"]).put({"op": "opened", "sid": data["sid"]})     # (an opening can be lost)
            asyncio.get_running_loop().create_task(self._serve(data["sid"], data["from"], data["scope"]))
        else:
            q = self.streams.get(data.get("sid"))
            if q is not None:
                q.put_nowait(data)

    async def _serve(self, sid, origin, scope):
        """The owner's side of a forwarded connection: run it through the app."""
        q = self.streams[sid]
        out = self.outbox(origin)
        scope = _unwire(scope)
        scope["pachisi.forwarded"] = True
        gone = {"type": "websocket.disconnect", "code": 1001} if scope["type"] == "websocket" else \
            {"type": "http.disconnect"}

        async def receive():
            while True:
                try:
                    data = await asyncio.wait_for(q.get(), self.QUIET)
                except asyncio.TimeoutError:
                    if not await self._alive(origin):
                        log.warning("process %s, which forwarded a connection, is gone", origin)
                        return gone
                    continue
                if data.get("op") == "in":
                    return _unwire(data["msg"])

        async def send(msg):
            out.put({"op": "out", "sid": sid, "msg": _wire(msg)})

        try:
            await self.app(scope, receive, send)
        except Exception as e:              # noqa: BLE001 - reported; the far end sees the stream end
            log.warning(f"a forwarded connection failed: {e!r}")
        finally:
            out.put({"op": "end", "sid": sid})
            self.streams.pop(sid, None)

    async def forward(self, owner, code, scope, receive, send):
        """Run a connection for room `code` on process `owner`; False when the owner turned out dead
        before anything was answered (the caller then looks for the owner again)."""
        sid = secrets.token_hex(8)
        q = self.streams[sid] = asyncio.Queue()
        out = self.outbox(owner)
        self.forwarded += 1
        out.put({"op": "open", "sid": sid, "from": self.id, "scope": _wire(scope)})
        answered, ended, opened = False, False, False
        began = time.monotonic()
        ws = scope["type"] == "websocket"

        async def pump_in():
            nonlocal ended
            while True:
                msg = await receive()
                out.put({"op": "in", "sid": sid, "msg": _wire(msg)})
                if msg["type"] in ("websocket.disconnect", "http.disconnect"):
                    ended = True
                    return

        pump = asyncio.get_running_loop().create_task(pump_in())
        try:
            while True:
                try:
                    data = await asyncio.wait_for(q.get(), self.RENEW if not answered else self.QUIET)
                except asyncio.TimeoutError:
                    lost = not opened and time.monotonic() - began > self.QUIET     # the opening never came
                    if not lost and await self._check_redis() and await self._alive(owner) \
                            and await self._holds(owner, code):
                        continue
                    if self.redis_down or lost:
                        log.warning("room %s: its owner %s cannot be reached (Redis away, or the stream lost)", code,
                                owner)
                        if not answered:
                            await unavailable(scope, send)
                        elif ws and not ended:
                            await send({"type": "websocket.close", "code": 1012, "reason": "reconnect"})
                        return True
                    log.warning("room %s: its owner %s is gone", code, owner)
                    if not answered:
                        return False
                    if ws and not ended:
                        await send({"type": "websocket.close", "code": 1012, "reason": "the room moves on"})
                    return True
                if data.get("op") == "opened":
                    opened = True
                    continue
                if data.get("op") == "end":
                    return True
                if data.get("op") == "out":
                    opened = True
                    answered = True
                    try:
                        await send(_unwire(data["msg"]))
                    except Exception:       # noqa: BLE001 - the client went away; its disconnect follows
                        pass
        finally:
            pump.cancel()
            if not ended:
                out.put({"op": "in", "sid": sid, "msg": _wire({"type": "websocket.disconnect", "code": 1001}
                                                              if ws else {"type": "http.disconnect"})})
            self.streams.pop(sid, None)

    async def _holds(self, owner, code):
        held = await asyncio.to_thread(self._sql, HOLDER, code=code)
        return bool(held) and held[0].owner == owner and held[0].live

    async def _check_redis(self):
        """Whether Redis answers now (kept in redis_down)."""
        try:
            async with asyncio.timeout(self.ASK):
                await self.redis.ping()
            self.redis_down = False
        except asyncio.CancelledError:
            raise
        except Exception:                   # noqa: BLE001 - away
            self.redis_down = True
        return not self.redis_down


UNAVAILABLE = b'{"code":"unavailable","message":"the server cannot reach this room just now; try again in a moment"}'


async def unavailable(scope, send):
    """Answer 503 with Retry-After (an HTTP request), or close with 1013, try again later (a WebSocket)."""
    if scope["type"] == "websocket":
        await send({"type": "websocket.close", "code": 1013, "reason": "try again later"})
        return
    await send({"type": "http.response.start", "status": 503,
                "headers": [(b"content-type", b"application/json"), (b"retry-after", b"2"),
                            (b"content-length", str(len(UNAVAILABLE)).encode())]})
    await send({"type": "http.response.body", "body": UNAVAILABLE})


class Router:
    """ASGI middleware: a room's requests and WebSockets go to the room's owner (this process, or another
    one through Redis)."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        cluster = getattr(scope["app"].state, "cluster", None) if "app" in scope else None
        m = ROUTED.match(scope.get("path", "")) if scope["type"] in ("http", "websocket") else None
        if cluster is None or m is None or scope.get("pachisi.forwarded"):
            return await self.app(scope, receive, send)
        code = m.group(1).upper()
        replay = []                     # what the client said before an owner that died could answer

        async def recorded():
            msg = await receive()
            replay.append(msg)
            return msg

        started = False

        async def sending(msg):
            nonlocal started
            started = True
            await send(msg)

        while True:
            try:
                owner = await cluster.owner(code)
            except Exception as e:      # noqa: BLE001 - the database away: nobody can serve the room now
                log.warning(f"room {code}: its owner cannot be looked up: {e!r}")
                owner = "?"
            if owner is None or owner == cluster.id:
                break
            if owner == "?" or (cluster.redis_down and not await cluster._check_redis()):
                await unavailable(scope, send)
                return
            try:
                if await cluster.forward(owner, code, scope,
                                         recorded if not replay else _replaying(replay, recorded), sending):
                    return
            except Exception as e:      # noqa: BLE001 - Redis failed under the stream: never a 500
                log.warning(f"forwarding to {owner} failed: {e!r}")
                if not started:
                    await unavailable(scope, send)
                elif scope["type"] == "websocket":
                    await send({"type": "websocket.close", "code": 1012, "reason": "reconnect"})
                return
            await asyncio.sleep(0.5)    # the owner is dead: its lease expires within Cluster.TTL
        await self.app(scope, _replaying(replay, receive) if replay else receive, send)


def _replaying(messages, receive):
    pending = list(messages)

    async def again():
        if pending:
            return pending.pop(0)
        return await receive()
    return again
