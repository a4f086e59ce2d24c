"""How the server behaves: the Settings `pachisi serve` sets from its options, read by every part of it."""
from dataclasses import dataclass, field
from typing import Callable
import logging
import sys
import time

from .checking import RecordLimits
from .limits import LimitSettings


@dataclass
class Settings:
    """How the server behaves; `pachisi serve` sets these from its options."""
    database_url: str | None = None
    sqlite_sync: str = "NORMAL"     # NORMAL (WAL): a commit survives a crash of the server; FULL: a power cut too
    snapshot_every: int = 200       # a room's state is stored every this many actions (0: never; Room.snapshot)
    bot_delay: float = 0.8          # seconds a bot waits before each roll or move at the "normal" speed (table.py)
    absent_after: float = 60.0      # default seconds before a bot stands in for an absent person
    min_absent_after: float = 20.0  # the least wait a room may ask for (0, never, is always allowed)
    max_message: int = 4096         # bytes of one WebSocket message
    rate: float = 8.0               # messages a second a connection may send, on average
    burst: int = 30
    chat_rate: float = 0.5          # chat lines a second
    chat_burst: int = 5
    create_rate: float = 0.5        # rooms a second one address may create (0: unlimited)
    create_burst: int = 20
    rooms_per_hour: int = 60        # rooms one address may create in an hour (0: unlimited)
    room_idle: float = 300.0        # seconds an unwatched room stays in memory after its last use
    max_rooms: int = 200            # unwatched rooms kept in memory at most (the least recently used go first)
    max_upload: int = 1 << 20       # bytes of an uploaded record
    records: RecordLimits = field(default_factory=RecordLimits)   # checking uploaded records (checking.py)
    send_queue: int = 512           # messages waiting for a slow client before it is dropped
    bot_processes: int | None = None  # processes the bots think in (None: one a core, at most four)
    redis_url: str | None = None    # several processes (cluster.py): Redis between them, PostgreSQL beneath
    workers: int = 1                # server processes `pachisi serve` starts (more than one: PostgreSQL and Redis)
    dice_seed: int | None = None    # set: every room's dice follow from it (tests, demonstrations; never for real play)
    now: Callable[[], float] = time.monotonic   # the turn clock's time (tests give their own: no real waiting)
    docs_dir: str | None = None
    limits: LimitSettings = field(default_factory=LimitSettings)
    extra: dict = field(default_factory=dict)

    def problem(self):
        """What is wrong with these settings (for `pachisi serve` to refuse), or None."""
        if 0 < self.absent_after < self.min_absent_after:
            return (f"--absent-after {self.absent_after:g} is shorter than --min-absent-after "
                    f"{self.min_absent_after:g} (0: a bot never stands in)")
        if self.max_rooms < 0 or self.room_idle < 0 or self.rooms_per_hour < 0:
            return "--max-rooms, --room-idle and --rooms-per-hour are 0 or more"
        if self.workers < 1:
            return f"--workers is 1 or more, not {self.workers}"
        if self.workers > 1 or self.redis_url:
            from .db import default_url
            if not (self.database_url or default_url()).startswith("postgresql"):
                return ("several server processes share their rooms through PostgreSQL: --workers above 1 and "
                        "--redis-url need --db postgresql+psycopg://... (SQLite serves one process)")
            if not self.redis_url:
                return "several server processes talk through Redis: --workers above 1 needs --redis-url (or REDIS_URL)"
        return None


def warn_predictable_dice(settings):
    """Say loudly, on stderr and in the server's log (uvicorn's, where it is set up), that the dice follow
    from a known seed."""
    if settings.dice_seed is None:
        return
    text = (f"--dice-seed {settings.dice_seed}: every room's dice follow from this seed and anyone who knows it "
            f"can foresee every roll. For tests and demonstrations only, never for real play.")
    print(f"WARNING: {text}", file=sys.stderr, flush=True)
    log = logging.getLogger("uvicorn.error")
    if log.handlers:
        log.warning(text)
