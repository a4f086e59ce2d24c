"""The web app: HTTP API, WebSocket rooms and the static front end.

    create_app(Settings(database_url=..., bot_delay=...)) -> FastAPI

Here the app is put together (its parts on app.state, the middleware, the
refusals of malformed requests, the routes of routes/ and the WebSocket
protocol of protocol.py) and served: `pachisi serve` runs it with uvicorn,
in one process or several.  docs/web.md describes the API and the
messages.  Everything a client sends is a pydantic model with bounded sizes;
a WebSocket message larger than Settings.max_message, sent faster than the
rate allows, or malformed, gets an error message and changes nothing.
"""
from contextlib import asynccontextmanager
import gc
import json
import os
import signal
import socket
import sys
import tempfile
import time

from fastapi import FastAPI
from fastapi.exceptions import RequestValidationError
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from ..i18n import negotiate
from . import protocol
from .checking import Checker
from .db import UNREACHABLE, Store, StoreUnavailable
from .deps import refusal, request_lang
from .errors import DATABASE_AWAY, Refusal
from .limits import Limits, server_config
from .roomcache import RoomManager
from .routes import games, pages, records, rooms
from .settings import Settings, warn_predictable_dice

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
    app.state.settings, app.state.limits = settings, limits

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

    # the routes, in the order they are matched: the pages, the static files, the API, the live rooms, and
    # last the not-found page of any other address
    app.include_router(pages.router)
    app.mount("/static", StaticFiles(directory=pages.STATIC), name="static")
    for part in (games, rooms, records, protocol):
        app.include_router(part.router)
    app.include_router(pages.fallback)
    return app


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
