"""The web app: HTTP API, WebSocket rooms and the static front end.

    create_app(Settings(database_url=..., bot_delay=...)) -> FastAPI

`pachisi serve` runs it with uvicorn; docs/web.md describes the API and the
messages.  Everything a client sends is a pydantic model with bounded sizes;
a WebSocket message larger than Settings.max_message, sent faster than the
rate allows, or malformed, gets an error message and changes nothing.
"""
from contextlib import asynccontextmanager
import asyncio
import gc
import json
import os
import signal
import socket
import sys
import tempfile
import time
from pathlib import Path

from fastapi import Depends, FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import ValidationError
from sqlalchemy import text
from starlette.exceptions import HTTPException as StarletteHTTPException

from ..engine.game import GameError
from ..engine.options import OptionError
from ..engine.position import options_object
from ..i18n import negotiate
from . import catalogue, table
from .checking import Checker
from .db import UNREACHABLE, Store, StoreUnavailable
from .limits import Limits, server_config
from .rooms import (CODE_ALPHABET, CODE_LENGTH, Connection, Refusal, RoomManager, Settings, token_hash,
                    warn_predictable_dice)
from .schemas import (ClientMessage, Created, CreateRoom, DiceRanges, ErrorOut, Joined, JoinRoom, Lobby, MyRoom,
                      MyRooms, OpenRoom, PlayPage, Pong, Rematch, RematchIn, ReplayOut, RoomInfo, RulesPage,
                      VerifyReport, Welcome)

STATIC = Path(__file__).resolve().parent / "static"
CSP = ("default-src 'self'; connect-src 'self'; img-src 'self' data:; style-src 'self'; "
       "script-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'")


class BodyLimit:
    """Refuse request bodies larger than `limit` bytes (413), however they are sent: the body is read
    here, up to the limit, before the app sees it (a chunked body has no Content-Length to trust).  It
    is spooled meanwhile, in memory up to SPOOL bytes and on disk beyond: a slow client sending a large
    body holds a file, not the server's memory (the socket layer's body deadline, limits.py, closes it
    if it is too slow)."""
    SPOOL = 64 * 1024
    CHUNK = 64 * 1024

    def __init__(self, app, limit):
        self.app, self.limit = app, limit

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        headers = dict(scope.get("headers") or [])
        declared = headers.get(b"content-length")
        lang = negotiate(headers.get(b"accept-language", b"").decode("latin-1"))
        if declared is not None and declared.isdigit() and int(declared) > self.limit:
            return await _too_large(send, self.limit, lang)
        with tempfile.SpooledTemporaryFile(self.SPOOL) as spool:
            seen = 0
            while True:
                message = await receive()
                if message["type"] != "http.request":
                    return                                  # the client went away
                chunk = message.get("body", b"")
                seen += len(chunk)
                if seen > self.limit:
                    return await _too_large(send, self.limit, lang)
                spool.write(chunk)
                if not message.get("more_body"):
                    break
            spool.seek(0)
            done = False

            async def replay():
                nonlocal done
                if done:
                    return await receive()
                chunk = spool.read(self.CHUNK)
                done = spool.tell() >= seen
                return {"type": "http.request", "body": chunk, "more_body": not done}

            await self.app(scope, replay, send)


async def _too_large(send, limit, lang):
    e = Refusal("too_large", "the request is larger than {limit} bytes", limit=limit)
    body = json.dumps({"code": e.code, "message": e.message(lang)}, ensure_ascii=False).encode()
    await send({"type": "http.response.start", "status": 413,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


def address_of(request):
    """The client's address (behind a trusted proxy, the one it forwards)."""
    return request.client.host if request.client else "?"


DATABASE_AWAY = Refusal("unavailable", "the server cannot reach its database just now; try again in a moment")


def refusal(e, lang="en", status=400):
    """A Refusal as the answer to a request, told in `lang`."""
    return JSONResponse({"code": e.code, "message": e.message(lang)}, status_code=status)


def request_lang(request: Request) -> str:
    """The language of a request's refusals: its Accept-Language (the web client sends the one picked)."""
    return negotiate(request.headers.get("accept-language"))


def create_app(settings=None):
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app):
        store = Store(settings.database_url, settings.sqlite_sync)
        manager = RoomManager(store, settings)
        app.state.store, app.state.manager = store, manager
        app.state.checker = Checker(settings.records)
        app.state.cluster = None
        if settings.redis_url:          # several processes: rooms leased in PostgreSQL, Redis between them
            if store.engine.dialect.name != "postgresql":
                store.close()
                raise RuntimeError("several server processes share their rooms through PostgreSQL: "
                                   "--redis-url needs --db postgresql+psycopg://...")
            from .cluster import Cluster
            manager.cluster = app.state.cluster = Cluster(store, manager, settings.redis_url)
            await manager.cluster.start(app)
            limits.share(app.state.cluster.redis)       # one budget per address across the processes
            app.state.checker.share(app.state.cluster.redis)
        warn_predictable_dice(settings)
        manager.start()     # rooms under way load when first asked for: the server answers at once
        # the rules and the libraries are hundreds of thousands of long-lived objects: keep them out of
        # the cyclic collector's full passes, which would otherwise pause every room now and then
        gc.collect()
        gc.freeze()
        try:
            yield
        finally:
            await manager.close()
            if app.state.cluster is not None:
                await app.state.cluster.close()
            app.state.checker.close()
            store.close()

    # no Swagger page: it loads its scripts from a CDN the CSP refuses; the description is /api/openapi.json
    app = FastAPI(title="pachisi", version="1", lifespan=lifespan, docs_url=None,
                  openapi_url="/api/openapi.json", redoc_url=None)
    app.add_middleware(BodyLimit, limit=settings.max_upload)
    if settings.redis_url:
        from .cluster import Router
        app.add_middleware(Router)      # outermost: a room's requests go to the process that owns the room
    limits = Limits(settings)
    app.state.limits = limits

    @app.middleware("http")
    async def headers(request, call_next):
        response = await call_next(request)
        response.headers.setdefault("Content-Security-Policy", CSP)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        # an invitation's key (?k=) never leaves in a Referer, not even to the page's own subresources
        response.headers.setdefault("Referrer-Policy", "no-referrer")
        return response

    @app.exception_handler(RequestValidationError)
    async def invalid(request, exc):
        first = exc.errors()[0] if exc.errors() else {}
        where = ".".join(str(x) for x in first.get("loc", ()) if x != "body")
        return refusal(Refusal("malformed", f"{where}: {first.get('msg', 'invalid request')}".strip(": ")),
                       request_lang(request), 422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request, exc):
        """FastAPI's own refusals (a body it cannot parse, a method not allowed) as {code, message} too."""
        lang = request_lang(request)
        if exc.status_code == 400:
            e = Refusal("malformed", "the request body is not JSON that can be read (is it nested too deeply?)")
        elif exc.status_code == 405:
            e = Refusal("method", "{method} is not allowed at {path}", method=request.method, path=request.url.path)
        else:
            e = Refusal("http", "{detail}", detail=str(exc.detail))
        response = refusal(e, lang, exc.status_code)
        response.headers.update(getattr(exc, "headers", None) or {})
        return response

    async def database_away(request, exc):
        """The database cannot be reached (restarting, say): 503 with Retry-After, never a 500."""
        response = refusal(DATABASE_AWAY, request_lang(request), 503)
        response.headers["Retry-After"] = "2"
        return response

    for away in (StoreUnavailable, *UNREACHABLE):
        app.add_exception_handler(away, database_away)

    def manager() -> RoomManager:
        return app.state.manager

    async def look_up(code, address, fetch=None, token=None, key=None):
        """The room of `code` (or what `fetch` gives of it), or the Refusal to answer: guessing codes is
        paid from the address's budget of unknown codes; once it is spent, every lookup from there waits
        (429), but one that carries a seat token of the room (or its invitation key) is answered: a
        neighbour at the same address who spent the budget does not lock a player out of their own room."""
        if not limits.may_look_up(address) and not await manager().vouches(code, token, key):
            raise Refusal("rate", "too many lookups of rooms that do not exist from here; wait a minute")
        found = await (fetch or manager().get)(code)
        if found is None:
            await limits.missed(address)
            raise Refusal("room", "no room {code}", code=code)
        return found

    async def room_or_refusal(code, request, lang, fetch=None, token=None, key=None):
        """(room, None) or (None, the response refusing the lookup)."""
        try:
            return await look_up(code, address_of(request), fetch, token, key), None
        except Refusal as e:
            return None, refusal(e, lang, 429 if e.code == "rate" else 404)

    # -- health ---------------------------------------------------------------------------
    @app.get("/healthz", include_in_schema=False)
    def healthz():
        """Liveness: the process answers (its event loop runs)."""
        return {"status": "ok"}

    @app.get("/readyz", include_in_schema=False)
    async def readyz():
        """Readiness: the process takes rooms (not draining) and reaches its database (and Redis, with
        several processes); else 503 naming what is missing."""
        problems = []
        if app.state.draining:
            problems.append("draining")
        try:
            await asyncio.wait_for(asyncio.to_thread(app.state.store.read, lambda c: c.execute(text("SELECT 1"))), 2)
        except Exception:                   # noqa: BLE001 - reported as not ready
            problems.append("database")
        if app.state.cluster is not None and not await app.state.cluster._check_redis():
            problems.append("redis")
        if problems:
            return JSONResponse({"status": "unready", "problems": problems}, status_code=503,
                                headers={"Retry-After": "2"})
        return {"status": "ready"}

    async def drain():
        """SIGTERM: take no room any more, tell every player to reconnect (1012: they find the rooms on
        another process), and hand the rooms' leases over at once instead of letting them expire."""
        app.state.draining = True
        if app.state.cluster is not None:
            app.state.cluster.draining = True
        await app.state.manager.drain()
        if app.state.cluster is not None:
            await app.state.cluster.release_all()
    app.state.drain = drain
    app.state.draining = False

    # -- pages ----------------------------------------------------------------------------
    def index(status=200):
        return FileResponse(STATIC / "index.html", status_code=status, headers={"Cache-Control": "no-cache"})

    @app.get("/r/{code}", include_in_schema=False)
    def invitation(code: str):
        """The room's page; a code that cannot be a room's is the page that says so, with status 404."""
        known = len(code) == CODE_LENGTH and all(ch in CODE_ALPHABET for ch in code.upper())
        return index(200 if known else 404)

    app.get("/", include_in_schema=False)(lambda: index())
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    # -- games ------------------------------------------------------------------------------
    @app.get("/api/lobby", response_model=Lobby)
    def lobby():
        """Every game with its options and presets, and the bot levels."""
        return catalogue.lobby(settings.docs_dir)

    @app.get("/api/games/{name}/rules", response_model=RulesPage)
    def rules(name: str, lang: str = Depends(request_lang)):
        try:
            return catalogue.rules_page(name, settings.docs_dir, lang)
        except OptionError as e:
            return refusal(Refusal("game", "{error}", error=e), lang, 404)

    @app.get("/api/games/{name}/play", response_model=PlayPage)
    def play(name: str, lang: str = Depends(request_lang)):
        """How to play the game, for players, with its diagrams (404 when the page is not at hand)."""
        try:
            page = catalogue.play_page(name, settings.docs_dir, lang)
        except OptionError as e:
            return refusal(Refusal("game", "{error}", error=e), lang, 404)
        if page is None:
            return refusal(Refusal("game", "no how-to-play page for {game}", game=name), lang, 404)
        return page

    @app.get("/api/games/{name}/dice", response_model=DiceRanges)
    def dice(name: str, players: int | None = None, preset: str | None = None, options: str | None = None,
             lang: str = Depends(request_lang)):
        """The dice the game rolls with these options (for checking rolls in the browser)."""
        try:
            return catalogue.dice_ranges(name, players, preset, options_object(options) if options else {})
        except (OptionError, GameError, ValueError) as e:
            return refusal(Refusal("options", "{error}", error=e), lang)

    # -- rooms ------------------------------------------------------------------------------
    @app.get("/api/rooms", response_model=list[OpenRoom])
    def open_rooms():
        """Public rooms waiting for invited players."""
        return manager().open_rooms()

    @app.post("/api/rooms/mine", response_model=list[MyRoom])
    async def my_rooms(spec: MyRooms, request: Request, lang: str = Depends(request_lang)):
        """The rooms a browser holds seats in (its tokens), with whose turn it is; unknown rooms and tokens
        that hold no seat are left out, and paid for from the address's budget of lookups as a GET of an
        unknown code is.  A room a token holds a seat in is answered whatever that budget holds."""
        address = address_of(request)
        out, missed = await manager().mine(spec.tokens)
        if missed:
            if not out and not limits.may_look_up(address):
                return refusal(Refusal("rate", "too many lookups of rooms that do not exist from here; wait a "
                                               "minute"), lang, 429)
            await limits.missed(address, missed)
        return out

    @app.post("/api/rooms", response_model=Created, status_code=201)
    async def create_room(spec: CreateRoom, request: Request, lang: str = Depends(request_lang)):
        refused = await limits.may_create(address_of(request))
        if refused:
            return refusal(refused, lang, 429)
        try:
            room, token = await manager().create(spec)
        except Refusal as e:
            return refusal(e, lang)
        key = room.invite_key()
        return {"code": room.code, "token": token, "url": f"/r/{room.code}?k={key}", "key": key}

    @app.get("/api/rooms/{code}", response_model=RoomInfo)
    async def room_info(code: str, request: Request, lang: str = Depends(request_lang)):
        # an unloaded room answers without being loaded again
        info, refused = await room_or_refusal(code, request, lang, manager().info)
        return refused or info

    @app.post("/api/rooms/{code}/join", response_model=Joined)
    async def join(code: str, spec: JoinRoom, request: Request, lang: str = Depends(request_lang)):
        room, refused = await room_or_refusal(code, request, lang, key=spec.key)
        if refused:
            return refused
        try:
            token = await room.join(spec.player, spec.name, spec.key)
        except Refusal as e:
            return refusal(e, lang, {"taken": 409, "key": 403}.get(e.code, 400))
        return {"code": room.code, "token": token, "player": spec.player}

    @app.post("/api/rooms/{code}/rematch", response_model=Rematch)
    async def rematch(code: str, spec: RematchIn, request: Request, lang: str = Depends(request_lang)):
        """A finished room's rematch: same game, seats and bots, new dice; every player keeps their seat
        (their token holds it there too).  Asked again by any player: the same new room."""
        room, refused = await room_or_refusal(code, request, lang)
        if refused:
            return refused
        try:
            new = await manager().rematch(room, spec.token)
        except Refusal as e:
            return refusal(e, lang, 403 if e.code == "token" else 409)
        return {"code": new.code, "url": f"/r/{new.code}"}

    @app.get("/api/rooms/{code}/record", response_class=PlainTextResponse)
    async def record(code: str, request: Request, lang: str = Depends(request_lang)):
        """The record of the room's game (match); seed and salt once it is over."""
        room, refused = await room_or_refusal(code, request, lang)
        if refused:
            return refused
        name = f"{room.game.name}-{room.code}.txt"
        return PlainTextResponse(room.record_text(), headers={
            "Content-Disposition": f'attachment; filename="{name}"'})

    # -- records ------------------------------------------------------------------------------
    async def body_text(request):
        raw = await request.body()
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            return None

    async def checked(kind, request, lang):
        """A record checked in the worker pool (checking.py): its answer, or the refusal of its budget."""
        who = request.client.host if request.client else "?"
        early = app.state.checker.refused_now(who, lang)        # before the body is read into memory
        if early is not None:
            status, body = early
        else:
            text = await body_text(request)
            if text is None:
                return refusal(Refusal("malformed", "a record is UTF-8 text"), lang)
            status, body = await app.state.checker.run(kind, text, who, lang)
        headers = {"Retry-After": "5"} if status in (429, 503) else None
        return Response(body, status_code=status, media_type="application/json", headers=headers)

    @app.post("/api/verify", response_model=VerifyReport)
    async def verify(request: Request, lang: str = Depends(request_lang)):
        """Re-derive every roll of a record (the request body) from its revealed seed."""
        return await checked("verify", request, lang)

    @app.post("/api/replay", response_model=ReplayOut)
    async def replay(request: Request, lang: str = Depends(request_lang)):
        """A record (the request body) as frames to step through."""
        return await checked("replay", request, lang)

    # -- live rooms ------------------------------------------------------------------------------
    @app.websocket("/ws/{code}")
    async def room_socket(ws: WebSocket, code: str):
        await ws.accept()
        address = address_of(ws)
        first = token = None
        if not limits.may_look_up(address):     # the budget spent here: the hello's seat token may vouch
            try:
                first = await asyncio.wait_for(ws.receive(), settings.limits.header_timeout or None)
                hello = json.loads(first.get("text") or "{}")
                token = hello.get("token") if isinstance(hello, dict) and hello.get("type") == "hello" else None
            except (asyncio.TimeoutError, ValueError, WebSocketDisconnect, RuntimeError):
                first = None
            if first is not None and first.get("type") == "websocket.disconnect":
                return
        try:
            room = await look_up(code, address, token=token if isinstance(token, str) else None)
        except Refusal as e:
            await ws.send_text(_error(e))
            await ws.close(code=4429 if e.code == "rate" else 4404)
            return
        except (StoreUnavailable, *UNREACHABLE):     # the room cannot be read now: the client tries again
            await ws.send_text(_error(DATABASE_AWAY))
            await ws.close(code=1013)
            return
        if room.closed:                 # served by another process (or by none while this one stops)
            await ws.close(code=1012)
            return
        conn = Connection(settings)
        sender = asyncio.create_task(_send_loop(conn, ws))
        attached = False
        close_code = 1000
        try:
            while not conn.closed:
                message, first = first or await ws.receive(), None
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if text is None:
                    raw = message.get("bytes") or b""
                    text = raw.decode("utf-8", "replace")
                if len(text.encode("utf-8")) > settings.max_message:
                    conn.push(_error(Refusal("too_large", "a message is at most {limit} bytes",
                                             limit=settings.max_message), conn.lang))
                    conn.strikes += 1
                    if conn.strikes > 3:
                        break
                    continue
                if not conn.bucket.take():
                    conn.push(_error(Refusal("rate", "too many messages; slow down"), conn.lang))
                    conn.strikes += 1
                    if conn.strikes > 50:
                        break
                    continue
                try:
                    msg = ClientMessage.validate_json(text)
                except ValidationError as e:
                    error = e.errors()[0]
                    where = ".".join(str(x) for x in error.get("loc", ()))
                    problem = f"{where} {error.get('msg', '')}".strip()
                    conn.push(_error(Refusal("malformed", "not a valid message: {problem}", problem=problem),
                                     conn.lang))
                    continue
                if msg.type == "hello":
                    if attached:
                        conn.push(_error(Refusal("malformed", "hello was already said"), conn.lang))
                        continue
                    conn.lang, conn.speed = msg.lang, msg.speed
                    room = await manager().get(room.code) or room     # the room in memory now (it may have
                    if room.closed:                                    # been unloaded since the connection came)
                        close_code = 1012
                        break
                    h = token_hash(msg.token) if msg.token else None
                    seat = h if h and (room.seats_of(msg.token) or h == room.host_hash) else None
                    full = limits.admit(conn, room.code, address, seat)
                    if full:
                        await ws.send_text(_error(full, conn.lang))
                        close_code = 4429
                        break
                    problem = room.attach(conn, msg.token)
                    attached = True
                    key = room.invite_key() if conn.players or conn.host else None
                    conn.push(Welcome(code=room.code, you=conn.players, spectator=not conn.players,
                                      host=conn.host, key=key).model_dump_json())
                    if problem:
                        conn.push(_error(problem, conn.lang))
                    conn.push(room.state_message(snapshot=True, conn=conn))
                    if conn.players:
                        room.broadcast_state()
                    continue
                if not attached:
                    conn.push(_error(Refusal("hello", "say hello first (with your seat token, or none to watch)"),
                                     conn.lang))
                    continue
                if msg.type == "ping":
                    conn.push(Pong(seq=room.seq).model_dump_json())
                    continue
                if msg.type == "pace":
                    conn.speed = msg.speed
                    continue
                try:
                    if msg.type == "act":
                        if not conn.act_bucket.take():
                            raise Refusal("rate", "too many actions from this seat; slow down")
                        if not limits.may_be_refused(address):
                            raise Refusal("rate", "too many refused actions from your address; wait a little")
                        try:
                            await room.act(conn, msg.seq, msg.action, msg.id)
                        except Refusal:
                            await limits.was_refused(address)
                            raise
                    elif msg.type in table.MESSAGES:
                        if not conn.act_bucket.take():
                            raise Refusal("rate", "too many actions from this seat; slow down")
                        await table.handle(room, conn, msg)
                    else:
                        await room.say(conn, msg.text)
                except Refusal as e:
                    conn.push(_error(e, conn.lang, room.seq, getattr(msg, "id", None)))
        except WebSocketDisconnect:
            pass
        finally:
            if attached:
                room.detach(conn)
            conn.release()
            conn.closed = True
            sender.cancel()
            try:
                await ws.close(code=close_code)
            except Exception:             # noqa: BLE001 - already closed
                pass

    @app.get("/{path:path}", include_in_schema=False)
    def elsewhere(path: str, lang: str = Depends(request_lang)):
        """Any other address: a page that says it is not there (the API's own answer is JSON)."""
        if path.startswith(("api/", "ws/", "static/")):
            return refusal(Refusal("missing", "nothing at /{path}", path=path), lang, 404)
        return index(404)

    return app


async def _send_loop(conn, ws):
    try:
        while True:
            text = await conn.queue.get()
            if text is None:                # Connection.end: closed with its code
                await ws.close(code=conn.close_code)
                return
            await ws.send_text(text)
    except asyncio.CancelledError:
        pass
    except Exception:                     # noqa: BLE001 - the client went away
        conn.closed = True


def _error(e, lang="en", seq=None, client_id=None):
    """A Refusal as the WebSocket error message, told in `lang`."""
    return ErrorOut(code=e.code, message=e.message(lang), seq=seq, id=client_id).model_dump_json()


class DrainingServer:
    """uvicorn's Server, which on SIGTERM first stops taking connections and drains the app (app.state.drain:
    players told to reconnect, rooms' leases handed over), then shuts down as uvicorn does."""

    def __new__(cls, config, app):
        import uvicorn

        class Server(uvicorn.Server):
            async def shutdown(self, sockets=None):
                for server in self.servers:
                    server.close()          # no new connections here: the other processes take them
                try:
                    await app.state.drain()
                except Exception as e:      # noqa: BLE001 - a drain that failed still shuts down
                    print(f"draining failed: {e!r}", file=sys.stderr, flush=True)
                await super().shutdown(sockets)
        return Server(config)


def serve_here(host, port, settings, log_level, sockets=None):
    """One server process: the app under DrainingServer with `pachisi serve`'s socket limits."""
    app = create_app(settings)
    DrainingServer(server_config(app, host, port, settings.limits, log_level), app).run(sockets=sockets)


def run(host="127.0.0.1", port=8000, settings=None, log_level="info"):
    """Serve the app with uvicorn, with the socket limits of settings.limits (limits.server_config): in
    this process, or in Settings.workers processes sharing the port (each the authority of its own rooms;
    cluster.py), supervised: a worker that dies is replaced, and SIGTERM or SIGINT drains every worker."""
    settings = settings or Settings()
    if settings.workers <= 1:
        serve_here(host, port, settings, log_level)
        return
    sock = socket.create_server((host, port), reuse_port=False, backlog=2048)
    children, stopping = {}, False

    def spawn():
        pid = os.fork()
        if pid == 0:            # each child builds its own app, loop and database connections
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            code = 0
            try:
                serve_here(host, port, settings, log_level, sockets=[sock])
            except BaseException:       # noqa: BLE001 - reported by uvicorn; the parent sees the exit code
                code = 1
            os._exit(code)
        children[pid] = time.monotonic()

    def stop(signum, frame):
        nonlocal stopping
        stopping = True
        for pid in children:
            try:
                os.kill(pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    for _ in range(settings.workers):
        spawn()
    while children:
        try:
            pid, status = os.wait()
        except ChildProcessError:
            break
        began = children.pop(pid, None)
        if began is None or stopping:
            continue
        print(f"pachisi: worker {pid} ended ({_ended(status)}); starting another", file=sys.stderr, flush=True)
        if time.monotonic() - began < 5:
            time.sleep(1)       # one that dies as it starts is not restarted in a busy loop
        if not stopping:
            spawn()


def _ended(status):
    if os.WIFSIGNALED(status):
        return f"signal {os.WTERMSIG(status)}"
    return f"exit code {os.WEXITSTATUS(status)}"


__all__ = ["create_app", "run", "Settings"]
