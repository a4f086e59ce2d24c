"""What one client may take of the server: connections, messages, lookups.

Two layers:

* the socket layer (`server_config`): caps on open TCP connections per address and per address
  prefix (a /24 of IPv4, a /64 of IPv6: one host's many addresses), a deadline for a request's
  headers, and a deadline and a rate floor for its body, so that slow or half-sent requests cannot
  hold the server's file descriptors; refused connections get a plain 429 and are closed.  Behind a
  reverse proxy (docs/web.md) the proxy's addresses are trusted: they are not capped here
  (the proxy caps its clients) and their X-Forwarded-For names the client for the app.
* the app layer (`Limits`): rates per seat (every connection of one seat shares the seat's
  chat allowance, and for its actions one connection's message rate), budgets per address
  (refused actions, lookups of unknown rooms, rooms created: a rate and a number an hour),
  and caps on connections per seat and spectators per room and per address.

Several server processes (cluster.py) share every BUDGET per address through Redis
(`SharedBuckets`, `SharedWindow`, `SharedCounts`: one address has one budget however many
processes it reaches); one process keeps them in its memory.  Rates are token buckets; the rooms
an address may create in an hour are a sliding hour (a sorted set of creation times), as one process
counts them, rather than a bucket of n/3600 a second that would let 2n through in a first hour.  The
CAPS on connections (TCP connections per address, spectators per address and per room, connections
per seat) guard a process's own file descriptors and memory: they stay per process.
"""
from collections import OrderedDict, deque
from dataclasses import dataclass
import asyncio
import ipaddress
import logging
import math
import re
import secrets
import time

from .errors import Refusal

MAX_KEYS = 20000            # remembered addresses / seats per table; the least recently used are forgotten
log = logging.getLogger("pachisi.limits")


@dataclass
class LimitSettings:
    """The limits; `pachisi serve` sets the socket ones from its options.  0 means no limit."""
    conns_per_address: int = 64         # open TCP connections from one address (HTTP and WebSocket)
    conns_per_prefix: int = 256         # ... from one /24 (IPv4) or /64 (IPv6): one host's many addresses
    max_connections: int = 4096         # open connections and requests in all (uvicorn's limit_concurrency)
    header_timeout: float = 10.0        # seconds a request's headers may take to arrive
    body_timeout: float = 30.0          # seconds a request's body may take to arrive, after its headers
    body_rate: float = 4096.0           # bytes a second a body must average once its first seconds are over
    body_grace: float = 3.0             # seconds of a body before its rate is checked
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
    """A token bucket: `rate` a second, at most `burst` at once (rate 0: no limit).  A take is allowed
    while at least `need` tokens are there."""
    need = 1.0

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
        return self.wait() == 0

    def wait(self):
        """Seconds until a take may succeed (0: now)."""
        if self.rate <= 0:
            return 0.0
        self._fill()
        return shortfall(self.tokens, self.need, self.rate)

    def take(self):
        return self.spend()[0]

    def spend(self, cost=1.0, force=False):
        """Take `cost` tokens if there are as many (with `force`, anyway: the bucket may go below zero);
        (whether taken, the tokens left)."""
        if self.rate <= 0:
            return True, float(self.burst)
        self._fill()
        taken = force or self.tokens >= cost
        if taken:
            self.tokens -= cost
        return taken, self.tokens


def shortfall(tokens, need, rate):
    """Seconds until a bucket holding `tokens` refilled at `rate` holds `need`."""
    return 0.0 if tokens >= need else (need - tokens) / rate


class Buckets:
    """One Bucket per key (an address, a seat), the least recently used forgotten beyond MAX_KEYS."""

    def __init__(self, rate, burst, kind=Bucket):
        self.rate, self.burst, self.kind = rate, burst, kind
        self.table = OrderedDict()

    def __getitem__(self, key):
        bucket = self.table.get(key)
        if bucket is None:
            bucket = self.table[key] = self.kind(self.rate, self.burst)
            if len(self.table) > MAX_KEYS:
                self.table.popitem(last=False)
        else:
            self.table.move_to_end(key)
        return bucket


class Window:
    """At most `n` events per key in any `span` seconds (0: no limit), in this process's memory."""

    def __init__(self, n, span):
        self.n, self.span = n, span
        self.times = {}

    def take(self, key):
        """Count an event of `key`: 0 when counted, else the seconds until one is allowed."""
        now = time.monotonic()
        times = self.times.setdefault(key, deque())
        while times and now - times[0] > self.span:
            times.popleft()
        if len(times) >= self.n:
            return self.span - (now - times[0])
        times.append(now)
        if len(self.times) > 5 * MAX_KEYS:      # forget the keys whose span is over
            self.times = {k: t for k, t in self.times.items() if t and now - t[-1] <= self.span}
        return 0.0


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


# -- budgets shared by every server process through Redis ----------------------------------------------
# Every script reads Redis's own clock (TIME), so processes whose clocks disagree spend from one budget
# alike, and gives its key an expiry: an address that stays away is forgotten.
BUCKET_LUA = """
local rate, burst, cost = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local t = redis.call('TIME')
local now = tonumber(t[1]) + tonumber(t[2]) / 1000000
local v = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens, at = tonumber(v[1]) or burst, tonumber(v[2]) or now
if now > at then tokens = math.min(burst, tokens + (now - at) * rate) end
local taken = 0
if ARGV[4] == '1' or tokens >= cost then
  taken = 1
  if cost ~= 0 then
    tokens = tokens - cost
    redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', string.format('%.6f', now))
    redis.call('PEXPIRE', KEYS[1], math.ceil((burst - tokens) / rate * 1000) + 1000)
  end
end
return {taken, tostring(tokens)}
"""
WINDOW_LUA = """
local n, span = tonumber(ARGV[1]), tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) + tonumber(t[2]) / 1000000
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - span)
if redis.call('ZCARD', KEYS[1]) >= n then
  local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return tostring(tonumber(first[2]) + span - now)
end
redis.call('ZADD', KEYS[1], now, ARGV[3])
redis.call('PEXPIRE', KEYS[1], math.ceil(span * 1000))
return '0'
"""
ACQUIRE_LUA = """
local n = redis.call('INCR', KEYS[1])
if n > tonumber(ARGV[1]) then
  redis.call('DECR', KEYS[1])
  return 0
end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
"""
RELEASE_LUA = """
if redis.call('DECR', KEYS[1]) <= 0 then redis.call('DEL', KEYS[1]) end
return 1
"""
_last_warning = -math.inf


def _redis_failed(name, error):
    """Warn that Redis failed (at most once a minute in a process: it may fail for every request)."""
    global _last_warning
    now = time.monotonic()
    if now - _last_warning >= 60:
        _last_warning = now
        log.warning("the shared budgets cannot reach Redis (%s: %r); each process keeps its own budgets "
                    "until it answers", name, error)


class Shared:
    """A budget per address kept in Redis under `pachisi:budget:<name>:<address>` once `use(redis)` is
    called (several processes), else in this process's memory.  When Redis fails or is slower than
    TIMEOUT, the process spends from its own in-memory budget for RETRY seconds and tries again:
    a limiter that is down never fails a player's request."""
    TIMEOUT = 0.5       # seconds a call to Redis may take
    RETRY = 5.0         # seconds a process keeps to its own budgets after Redis failed
    SCRIPTS = ()

    def __init__(self, name):
        self.name = name
        self.redis = None
        self.scripts = ()
        self.down_until = -math.inf

    def use(self, redis):
        """Share the budget through `redis` (a redis.asyncio client): its scripts go by EVALSHA."""
        self.redis = redis
        self.scripts = [redis.register_script(lua) for lua in self.SCRIPTS]

    def key(self, address):
        return f"pachisi:budget:{self.name}:{address}"

    async def _run(self, n, address, *args):
        """Script `n` of SCRIPTS on `address`'s key: its answer, or None when Redis is not to be used now
        (the caller then spends from this process's budget)."""
        if self.redis is None or time.monotonic() < self.down_until:
            return None
        try:
            async with asyncio.timeout(self.TIMEOUT):
                return await self.scripts[n](keys=[self.key(address)], args=list(args))
        except asyncio.CancelledError:
            raise
        except Exception as e:          # noqa: BLE001 - any failure of Redis: this process's own budget
            self.down_until = time.monotonic() + self.RETRY
            _redis_failed(self.name, e)
            return None


class SharedBuckets(Shared):
    """A token bucket per address (`kind`: Bucket, or a kind with its own `need`), shared by every
    process.  Its check, `wait`, is local and instant: only a spend goes to Redis, and its answer (the
    tokens left) is kept here as the time the address is blocked until.  So an address is stopped on
    every process within one spend per process once its shared budget is gone."""
    SCRIPTS = (BUCKET_LUA,)

    def __init__(self, name, rate, burst, kind=Bucket):
        super().__init__(name)
        self.rate, self.burst, self.need = rate, burst, kind.need
        self.local = Buckets(rate, burst, kind)
        self.until = OrderedDict()      # address -> time.monotonic() until which its shared budget is spent

    def wait(self, address):
        """Seconds until `address` may spend again (0: now), as this process knows it (no Redis)."""
        if self.rate <= 0:
            return 0.0
        if self.redis is None:
            return self.local[address].wait()
        until = self.until.get(address)
        if until is None:
            return 0.0
        left = until - time.monotonic()
        if left <= 0:
            del self.until[address]
            return 0.0
        return left

    def ready(self, address):
        return self.wait(address) == 0

    async def spend(self, address, cost=1.0, force=False):
        """Spend `cost` from `address`'s budget if it holds as much (with `force`, anyway: it may go below
        zero, to be repaid); (whether spent, seconds until it may spend again)."""
        if self.rate <= 0:
            return True, 0.0
        got = await self._run(0, address, self.rate, self.burst, cost, int(force))
        if got is None:
            taken, tokens = self.local[address].spend(cost, force)
        else:
            taken, tokens = bool(int(got[0])), float(got[1])
        wait = shortfall(tokens, self.need, self.rate)
        if self.redis is not None:
            if wait > 0:
                self.until[address] = time.monotonic() + wait
                self.until.move_to_end(address)
                if len(self.until) > MAX_KEYS:
                    self.until.popitem(last=False)
            else:
                self.until.pop(address, None)
        return taken, wait

    async def check(self, address):
        """Seconds until `address` may spend (0: now), asked of Redis (for the rare, costly requests)."""
        return (await self.spend(address, 0.0))[1] if self.redis is not None else self.wait(address)


class SharedWindow(Shared):
    """At most `n` events per address in any `span` seconds, counted in a sorted set of their times
    (by every process alike), or in this process's memory."""
    SCRIPTS = (WINDOW_LUA,)

    def __init__(self, name, n, span):
        super().__init__(name)
        self.n, self.span = n, span
        self.local = Window(n, span)

    async def take(self, address):
        """Count an event of `address`: 0 when counted, else the seconds until one is allowed."""
        if self.n <= 0:
            return 0.0
        got = await self._run(0, address, self.n, self.span, secrets.token_hex(8))
        return self.local.take(address) if got is None else float(got)


class SharedCounts(Shared):
    """Live things per address (records being checked), at most `cap` across every process.  A count
    in Redis expires `hold` seconds after the last acquire: a process that died holding one gives it
    back by then."""
    SCRIPTS = (ACQUIRE_LUA, RELEASE_LUA)

    def __init__(self, name, cap, hold):
        super().__init__(name)
        self.cap, self.hold = cap, hold
        self.local = Counts(cap)            # this process's own: its share, and the cap when alone

    async def acquire(self, address):
        """A coroutine function that gives the thing back, or None when `address` holds `cap` already."""
        if not self.local.acquire(address):
            return None
        got = await self._run(0, address, self.cap, math.ceil(self.hold * 1000)) if self.cap else None
        if got is not None and not int(got):
            self.local.release(address)
            return None

        async def release():
            self.local.release(address)
            if got is not None:
                await self._run(1, address)
        return release


class Limits:
    """The app's limits per seat and per address (one per app; the event loop is its only user).  The
    budgets per address are shared by every process once `share(redis)` is called; the caps stay here."""

    def __init__(self, settings):
        lim = self.settings = settings.limits
        self.chat = Buckets(settings.chat_rate, settings.chat_burst)
        self.act = Buckets(settings.rate, settings.burst)     # a seat's actions: a connection's message rate
        self.refused = SharedBuckets("refused", lim.refused_rate, lim.refused_burst)
        self.lookups = SharedBuckets("lookups", lim.lookup_rate, lim.lookup_burst)
        self.created = SharedBuckets("create", settings.create_rate, settings.create_burst)
        self.hourly = SharedWindow("rooms", settings.rooms_per_hour, 3600.0)
        self.seat_conns = Counts(lim.conns_per_seat)
        self.room_watchers = Counts(lim.spectators_per_room)
        self.address_watchers = Counts(lim.spectators_per_address)

    def share(self, redis):
        """Keep the budgets per address in `redis`, shared with the other server processes."""
        for budget in (self.refused, self.lookups, self.created, self.hourly):
            budget.use(redis)

    # -- room lookups: guessing codes costs; a known room costs nothing ----------------------------
    def may_look_up(self, address):
        return self.lookups.ready(address)

    async def missed(self, address, n=1):
        """`n` lookups from `address` found no room (the budget may go below zero: it is repaid)."""
        await self.lookups.spend(address, n, force=True)

    # -- refused actions: the engine's work on a refusal is paid from the address's budget --------
    def may_be_refused(self, address):
        return self.refused.ready(address)

    async def was_refused(self, address):
        await self.refused.spend(address)

    # -- rooms created: a rate and a number an hour ------------------------------------------------
    async def may_create(self, address):
        """None when `address` may create a room now (the room is counted), else the Refusal."""
        if not (await self.created.spend(address))[0]:
            return Refusal("rate", "too many rooms created from here; wait a little")
        wait = await self.hourly.take(address)
        if wait > 0:
            return Refusal("rooms", "{n} rooms were created from this address in the last hour, the most allowed; "
                                    "try again in {minutes} min", n=self.hourly.n, minutes=(int(wait) + 60) // 60)
        return None

    # -- WebSocket connections ---------------------------------------------------------------------
    def admit(self, conn, code, address, seat):
        """Count a connection that said hello: `seat` is its token's hash when it holds a seat (or is
        the host), else None (a spectator).  Returns the Refusal when a cap is reached."""
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
BODY_LATE = (b"HTTP/1.1 408 Request Timeout\r\ncontent-type: text/plain; charset=utf-8\r\nconnection: close\r\n"
             b"content-length: 41\r\n\r\nthe request body came too slowly; closed\n")


def prefix_of(address):
    """The network an address shares with its host's other addresses: its /24 (IPv4) or /64 (IPv6)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if ip.version == 6 and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return str(ipaddress.ip_network(f"{ip}/{24 if ip.version == 4 else 64}", strict=False))


class ConnectionGuard:
    """Open TCP connections per peer address, at most `cap` each, and per address prefix (prefix_of), at
    most `prefix_cap` (0: no cap); trusted addresses are free.  So neither one address nor one host's
    many addresses (a /64 holds 2^64) can fill the server's global cap."""

    def __init__(self, cap, trusted="", prefix_cap=0):
        self.cap, self.prefix_cap = cap, prefix_cap
        self.trusted = _networks(trusted)
        self.peers = {}                 # transport -> (address, prefix)
        self.count = {}                 # address or prefix -> its open connections

    def open(self, transport):
        peer = transport.get_extra_info("peername")
        address = peer[0] if isinstance(peer, tuple) and peer else None
        if address is None or not (self.cap or self.prefix_cap) or _trusted(address, self.trusted):
            return True
        prefix = prefix_of(address)
        if (self.cap and self.count.get(address, 0) >= self.cap) or \
                (self.prefix_cap and prefix != address and self.count.get(prefix, 0) >= self.prefix_cap):
            return False
        keys = (address, prefix) if prefix != address else (address,)
        self.peers[transport] = keys
        for key in keys:
            self.count[key] = self.count.get(key, 0) + 1
        return True

    def close(self, transport):
        for key in self.peers.pop(transport, ()):
            left = self.count[key] - 1
            if left:
                self.count[key] = left
            else:
                del self.count[key]


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


def guarded_protocols(http_class, ws_class, guard, limits):
    """uvicorn protocol classes that count connections in `guard`, close a connection whose request
    headers are not complete `limits.header_timeout` seconds after it opened (or after its last response:
    a keep-alive connection trickling its next request is closed too), and one whose request body is not
    complete `limits.body_timeout` seconds after its headers, or arrives slower than `limits.body_rate`
    bytes a second once its first `limits.body_grace` seconds are over (answered 408 when nothing was
    answered yet)."""
    header_timeout = limits.header_timeout

    class GuardedHTTP(http_class):
        _header_timer = None
        _body_timer = None
        _body_cycle = None
        _body_began = 0.0
        _body_bytes = 0

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

        def data_received(self, data):
            if self._body_cycle is not None and self._body_cycle is self.cycle:
                self._body_bytes += len(data)
            super().data_received(data)
            cycle = self.cycle
            if cycle is not None and cycle is not self._body_cycle and cycle.more_body \
                    and not cycle.response_complete and (limits.body_timeout > 0 or limits.body_rate > 0):
                self._body_cycle, self._body_began, self._body_bytes = cycle, self.loop.time(), 0
                self._watch_body()

        def _watch_body(self):
            self._body_timer = None
            cycle, t = self._body_cycle, self.transport
            if cycle is not self.cycle or not cycle.more_body or cycle.response_complete or t.is_closing() \
                    or t.get_protocol() is not self:
                return                           # the body came, or the request is over or upgraded
            took = self.loop.time() - self._body_began
            late = 0 < limits.body_timeout <= took
            slow = took >= limits.body_grace and not self.flow.read_paused and \
                self._body_bytes < limits.body_rate * (took - limits.body_grace)
            if late or slow:
                if not cycle.response_started:
                    t.write(BODY_LATE)
                t.close()
                return
            self._body_timer = self.loop.call_later(1.0, self._watch_body)

        def on_response_complete(self):
            super().on_response_complete()
            if not self.transport.is_closing():
                self._arm()

        def connection_lost(self, exc):
            self._disarm()
            if self._body_timer is not None:
                self._body_timer.cancel()
            self._body_cycle = None
            guard.close(self.transport)
            super().connection_lost(exc)

    class GuardedWS(ws_class):
        def connection_lost(self, exc):
            guard.close(self.transport)
            super().connection_lost(exc)

    return GuardedHTTP, GuardedWS


SECRET_QUERY = re.compile(r"([?&]k=)[^&\s]*")


class Unkeyed(logging.Filter):
    """Keeps invitation keys (?k=...) out of uvicorn's access log: whoever reads the log cannot take seats."""

    def filter(self, record):
        if isinstance(record.args, tuple):
            record.args = tuple(SECRET_QUERY.sub(r"\1…", a) if isinstance(a, str) else a for a in record.args)
        return True


def server_config(app, host, port, limits, log_level="info"):
    """The uvicorn Config of `pachisi serve`: timeouts, connection caps, message sizes."""
    import uvicorn
    access = logging.getLogger("uvicorn.access")
    if not any(isinstance(f, Unkeyed) for f in access.filters):
        access.addFilter(Unkeyed())
    from uvicorn.protocols.http.auto import AutoHTTPProtocol
    from uvicorn.protocols.websockets.auto import AutoWebSocketsProtocol
    guard = ConnectionGuard(limits.conns_per_address, limits.trusted_proxies, limits.conns_per_prefix)
    http, ws = guarded_protocols(AutoHTTPProtocol, AutoWebSocketsProtocol, guard, limits)
    proxies = limits.trusted_proxies or None
    return uvicorn.Config(app, host=host, port=port, log_level=log_level, http=http, ws=ws,
                          ws_max_size=1 << 16, ws_per_message_deflate=True, timeout_graceful_shutdown=3,
                          timeout_keep_alive=limits.keep_alive, limit_concurrency=limits.max_connections or None,
                          h11_max_incomplete_event_size=16 * 1024,
                          proxy_headers=bool(proxies), forwarded_allow_ips=proxies)
