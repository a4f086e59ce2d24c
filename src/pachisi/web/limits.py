"""What one client may take of the server: connections, messages, lookups.

Two layers:

* the socket layer (`server_config`): a per-address cap on open TCP connections and a
  deadline for a request's headers, so that slow or half-sent requests cannot hold the
  server's file descriptors; refused connections get a plain 429 and are closed.  Behind a
  reverse proxy (docs/web.md) the proxy's addresses are trusted: they are not capped here
  (the proxy caps its clients) and their X-Forwarded-For names the client for the app.
* the app layer (`Limits`): rates per seat (every connection of one seat shares the seat's
  chat allowance, and for its actions one connection's message rate), a budget of refused actions and of room lookups per address,
  and caps on connections per seat and spectators per room and per address.
"""
from collections import OrderedDict
from dataclasses import dataclass
import ipaddress
import time

MAX_KEYS = 20000            # remembered addresses / seats per table; the least recently used are forgotten


@dataclass
class LimitSettings:
    """The limits; `pachisi serve` sets the socket ones from its options.  0 means no limit."""
    conns_per_address: int = 64         # open TCP connections from one address (HTTP and WebSocket)
    max_connections: int = 4096         # open connections and requests in all (uvicorn's limit_concurrency)
    header_timeout: float = 10.0        # seconds a request's headers may take to arrive
    keep_alive: float = 5.0             # seconds an idle keep-alive connection stays open
    trusted_proxies: str = ""           # comma-separated addresses of reverse proxies (their clients are capped there)
    conns_per_seat: int = 4             # live WebSocket connections of one seat token in a room
    spectators_per_room: int = 200
    spectators_per_address: int = 16    # watching connections from one address, in all rooms
    refused_rate: float = 0.5           # refused actions a second one address may cause
    refused_burst: int = 20
    lookup_rate: float = 0.2            # lookups of unknown room codes a second from one address
    lookup_burst: int = 20


class Bucket:
    """A token bucket: `rate` a second, at most `burst` at once."""

    def __init__(self, rate, burst):
        self.rate, self.burst = rate, burst
        self.tokens = float(burst)
        self.at = time.monotonic()

    def _fill(self):
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now

    def ready(self):
        """Whether a take would succeed now (takes nothing)."""
        if self.rate <= 0:
            return True
        self._fill()
        return self.tokens >= 1

    def take(self):
        if self.rate <= 0:
            return True
        self._fill()
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class Buckets:
    """One Bucket per key (an address, a seat), the least recently used forgotten beyond MAX_KEYS."""

    def __init__(self, rate, burst):
        self.rate, self.burst = rate, burst
        self.table = OrderedDict()

    def __getitem__(self, key):
        bucket = self.table.get(key)
        if bucket is None:
            bucket = self.table[key] = Bucket(self.rate, self.burst)
            if len(self.table) > MAX_KEYS:
                self.table.popitem(last=False)
        else:
            self.table.move_to_end(key)
        return bucket


class Counts:
    """How many live things each key has, at most `cap` (0: no cap)."""

    def __init__(self, cap):
        self.cap = cap
        self.n = {}

    def acquire(self, key):
        if self.cap and self.n.get(key, 0) >= self.cap:
            return False
        self.n[key] = self.n.get(key, 0) + 1
        return True

    def release(self, key):
        left = self.n.get(key, 0) - 1
        if left > 0:
            self.n[key] = left
        else:
            self.n.pop(key, None)


class Limits:
    """The app's limits per seat and per address (one per app; the event loop is its only user)."""

    def __init__(self, settings):
        lim = self.settings = settings.limits
        self.chat = Buckets(settings.chat_rate, settings.chat_burst)
        self.act = Buckets(settings.rate, settings.burst)     # a seat's actions: a connection's message rate
        self.refused = Buckets(lim.refused_rate, lim.refused_burst)
        self.lookups = Buckets(lim.lookup_rate, lim.lookup_burst)
        self.seat_conns = Counts(lim.conns_per_seat)
        self.room_watchers = Counts(lim.spectators_per_room)
        self.address_watchers = Counts(lim.spectators_per_address)

    # -- room lookups: guessing codes costs; a known room costs nothing ----------------------------
    def may_look_up(self, address):
        return self.lookups[address].ready()

    def missed(self, address):
        self.lookups[address].take()

    # -- refused actions: the engine's work on a refusal is paid from the address's budget --------
    def may_be_refused(self, address):
        return self.refused[address].ready()

    def was_refused(self, address):
        self.refused[address].take()

    # -- WebSocket connections ---------------------------------------------------------------------
    def admit(self, conn, code, address, seat):
        """Count a connection that said hello: `seat` is its token's hash when it holds a seat (or is
        the host), else None (a spectator).  Returns the Refusal when a cap is reached."""
        from .rooms import Refusal
        lim = self.settings
        if seat is not None:
            if not self.seat_conns.acquire((code, seat)):
                return Refusal("connections", "this seat already has {n} connections open: close one of its tabs "
                                              "or devices first", n=lim.conns_per_seat)
            conn.chat_bucket = self.chat[(code, seat)]
            conn.act_bucket = self.act[(code, seat)]
            conn.release = lambda: self.seat_conns.release((code, seat))
            return None
        if not self.room_watchers.acquire(code):
            return Refusal("connections", "this room already has {n} spectators: try again later",
                           n=lim.spectators_per_room)
        if not self.address_watchers.acquire(address):
            self.room_watchers.release(code)
            return Refusal("connections", "too many rooms are watched from your address (at most {n})",
                           n=lim.spectators_per_address)

        def release():
            self.room_watchers.release(code)
            self.address_watchers.release(address)
        conn.release = release
        return None


# -- the socket layer ---------------------------------------------------------------------------------
REFUSED = (b"HTTP/1.1 429 Too Many Requests\r\ncontent-type: text/plain; charset=utf-8\r\nconnection: close\r\n"
           b"content-length: 46\r\n\r\ntoo many connections from your address; wait\n")


class ConnectionGuard:
    """Open TCP connections per peer address, at most `cap` each (0: no cap); trusted addresses are free."""

    def __init__(self, cap, trusted=""):
        self.cap = cap
        self.trusted = _networks(trusted)
        self.peers = {}                 # transport -> address
        self.count = {}

    def open(self, transport):
        peer = transport.get_extra_info("peername")
        address = peer[0] if isinstance(peer, tuple) and peer else None
        if address is None or not self.cap or _trusted(address, self.trusted):
            return True
        if self.count.get(address, 0) >= self.cap:
            return False
        self.peers[transport] = address
        self.count[address] = self.count.get(address, 0) + 1
        return True

    def close(self, transport):
        address = self.peers.pop(transport, None)
        if address is not None:
            left = self.count[address] - 1
            if left:
                self.count[address] = left
            else:
                del self.count[address]


def _networks(text):
    out = []
    for part in str(text or "").split(","):
        part = part.strip()
        if part == "*":
            return "*"
        if part:
            try:
                out.append(ipaddress.ip_network(part, strict=False))
            except ValueError:
                raise ValueError(f"not an address or network: {part!r}") from None
    return out


def _trusted(address, networks):
    if networks == "*":
        return True
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in n for n in networks)


def guarded_protocols(http_class, ws_class, guard, header_timeout):
    """uvicorn protocol classes that count connections in `guard` and close a connection whose
    request headers are not complete `header_timeout` seconds after it opened (or after its last
    response: a keep-alive connection trickling its next request is closed too)."""

    class GuardedHTTP(http_class):
        _header_timer = None

        def connection_made(self, transport):
            super().connection_made(transport)
            if not guard.open(transport):
                transport.write(REFUSED)
                transport.close()
                return
            self._arm()

        def _arm(self):
            if header_timeout > 0:
                self._disarm()
                self._header_timer = self.loop.call_later(header_timeout, self._headers_late)

        def _disarm(self):
            if self._header_timer is not None:
                self._header_timer.cancel()
                self._header_timer = None

        def _headers_late(self):
            self._header_timer = None
            t = self.transport
            if t.is_closing() or t.get_protocol() is not self:
                return                           # closed, or upgraded to a WebSocket
            if self.cycle is None or self.cycle.response_complete:
                t.close()                        # no request under way: its headers never came

        def on_response_complete(self):
            super().on_response_complete()
            if not self.transport.is_closing():
                self._arm()

        def connection_lost(self, exc):
            self._disarm()
            guard.close(self.transport)
            super().connection_lost(exc)

    class GuardedWS(ws_class):
        def connection_lost(self, exc):
            guard.close(self.transport)
            super().connection_lost(exc)

    return GuardedHTTP, GuardedWS


def server_config(app, host, port, limits, log_level="info"):
    """The uvicorn Config of `pachisi serve`: timeouts, connection caps, message sizes."""
    import uvicorn
    from uvicorn.protocols.http.auto import AutoHTTPProtocol
    from uvicorn.protocols.websockets.auto import AutoWebSocketsProtocol
    guard = ConnectionGuard(limits.conns_per_address, limits.trusted_proxies)
    http, ws = guarded_protocols(AutoHTTPProtocol, AutoWebSocketsProtocol, guard, limits.header_timeout)
    proxies = limits.trusted_proxies or None
    return uvicorn.Config(app, host=host, port=port, log_level=log_level, http=http, ws=ws,
                          ws_max_size=1 << 16, ws_per_message_deflate=True, timeout_graceful_shutdown=3,
                          timeout_keep_alive=limits.keep_alive, limit_concurrency=limits.max_connections or None,
                          h11_max_incomplete_event_size=16 * 1024,
                          proxy_headers=bool(proxies), forwarded_allow_ips=proxies)
