"""python -m pachisi.web [--port N] [--db URL] ...: the web app (as `pachisi serve`)."""
import argparse
import os

from .app import run
from .limits import LimitSettings
from .rooms import Settings


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m pachisi.web", description=__doc__)
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--db", dest="database_url", default=None, help="an SQLAlchemy URL (default: DATABASE_URL or SQLite)")
    p.add_argument("--bot-delay", type=float, default=0.8)
    p.add_argument("--absent-after", type=float, default=60.0)
    p.add_argument("--min-absent-after", type=float, default=20.0,
                   help="the least wait before a stand-in that a room may ask for (0 always allowed: never)")
    p.add_argument("--rate", type=float, default=8.0, help="messages a second a connection may send")
    p.add_argument("--create-rate", type=float, default=0.5, help="rooms a second one address may create (0: unlimited)")
    p.add_argument("--rooms-per-hour", type=int, default=60, help="rooms one address may create in an hour (0: unlimited)")
    p.add_argument("--room-idle", type=float, default=300.0,
                   help="seconds a room nobody is connected to stays in memory after its last use")
    p.add_argument("--max-rooms", type=int, default=200, help="rooms nobody is connected to kept in memory at most")
    p.add_argument("--bot-processes", type=int, default=None, help="processes the bots think in (default: one a core, "
                   "at most four)")
    p.add_argument("--sqlite-sync", default="NORMAL", choices=("FULL", "NORMAL"),
                   help="SQLite: FULL syncs every commit to disk (survives a power cut), NORMAL survives a crash "
                        "of the server but not of the machine")
    p.add_argument("--dice-seed", type=int, default=None,
                   help="derive every room's dice from this seed (tests, demonstrations: the dice are predictable)")
    p.add_argument("--conns-per-address", type=int, default=64, help="open connections one address may hold")
    p.add_argument("--header-timeout", type=float, default=10.0, help="seconds a request's headers may take")
    p.add_argument("--trusted-proxies", default="", help="addresses of reverse proxies in front")
    p.add_argument("--lookup-rate", type=float, default=0.2,
                   help="lookups of unknown room codes a second one address may make (0: unlimited)")
    p.add_argument("--lookup-burst", type=int, default=20, help="...and at most at once")
    p.add_argument("--refused-rate", type=float, default=0.5,
                   help="refused actions a second one address may cause (0: unlimited)")
    p.add_argument("--refused-burst", type=int, default=20, help="...and at most at once")
    p.add_argument("--redis-url", default=os.environ.get("REDIS_URL"),
                   help="Redis between several server processes (default: REDIS_URL; needs PostgreSQL)")
    p.add_argument("--workers", type=int, default=1, help="server processes (more than one: PostgreSQL and Redis)")
    p.add_argument("--log-level", default="warning")
    a = p.parse_args(argv)
    settings = Settings(database_url=a.database_url, bot_delay=a.bot_delay, absent_after=a.absent_after,
                        min_absent_after=a.min_absent_after, rate=a.rate, create_rate=a.create_rate,
                        rooms_per_hour=a.rooms_per_hour, room_idle=a.room_idle, max_rooms=a.max_rooms,
                        bot_processes=a.bot_processes, sqlite_sync=a.sqlite_sync, dice_seed=a.dice_seed,
                        redis_url=a.redis_url, workers=a.workers,
                        limits=LimitSettings(conns_per_address=a.conns_per_address, header_timeout=a.header_timeout,
                                             trusted_proxies=a.trusted_proxies, lookup_rate=a.lookup_rate,
                                             lookup_burst=a.lookup_burst, refused_rate=a.refused_rate,
                                             refused_burst=a.refused_burst))
    if settings.problem():
        p.error(settings.problem())
    run(a.host, a.port, settings, log_level=a.log_level)


if __name__ == "__main__":
    main()
