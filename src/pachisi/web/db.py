"""Storage of rooms, seats, actions and chat through SQLAlchemy.

The default database is an embedded SQLite file; DATABASE_URL (or the
`database_url` argument) selects another one, e.g.
postgresql+psycopg://user:pass@host/db.  Every acknowledged action is
committed before anyone is told of it, so a restart or a crash loses no
acknowledged move: a room is rebuilt by replaying its stored actions from its
seed (the engine is deterministic).

Writes go through one writer thread that commits whatever has queued up in
one transaction (group commit), so that the event loop never waits on the
disk and a busy server pays one fsync for many actions.

The tables are managed by Alembic (the migrations package beside this file):
on start the server upgrades its database to this version's tables, so a
database made by an older version upgrades in place.
"""
from concurrent.futures import Future
import os
from pathlib import Path
import queue
import threading
import time

from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy import exc
from sqlalchemy import (BigInteger, Boolean, Column, Float, ForeignKey, Integer, MetaData, String, Table,
                        Text, UniqueConstraint, create_engine, delete, event, func, insert, inspect, select, text,
                        update)
from sqlalchemy.pool import StaticPool

metadata = MetaData()

rooms = Table(
    "rooms", metadata,
    Column("id", Integer, primary_key=True),
    Column("code", String(16), nullable=False, unique=True),
    Column("game", String(40), nullable=False),
    Column("preset", String(60), nullable=False),
    Column("options", Text, nullable=False),          # JSON of the option values
    Column("players", Integer, nullable=False),
    Column("wins", Integer, nullable=False),          # a match to this many wins
    Column("seed", BigInteger, nullable=False),       # secret until the match ends
    Column("salt", String(64), nullable=False),       # secret until the match ends
    Column("commit", String(64), nullable=False),     # sha256 shown from the start
    Column("public", Boolean, nullable=False, default=True),
    Column("absent_after", Float, nullable=False),    # seconds before a bot stands in (0: never)
    Column("standin_level", Integer, nullable=False),
    Column("status", String(12), nullable=False),     # waiting, playing, over
    Column("host_hash", String(64), nullable=False),  # sha256 of the creator's token
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
    Column("table_options", Text, nullable=False, server_default="{}"),   # JSON: the turn clock (table.py)
)

seats = Table(
    "seats", metadata,
    Column("id", Integer, primary_key=True),
    Column("room_id", Integer, ForeignKey("rooms.id"), nullable=False, index=True),
    Column("player", Integer, nullable=False),
    Column("kind", String(8), nullable=False),        # local, invite, bot
    Column("name", String(40), nullable=False),
    Column("level", Integer),                         # bot level
    Column("token_hash", String(64)),                 # who holds the seat (None: open)
    UniqueConstraint("room_id", "player"),
)

actions = Table(
    "actions", metadata,
    Column("id", Integer, primary_key=True),
    Column("room_id", Integer, ForeignKey("rooms.id"), nullable=False),
    Column("n", Integer, nullable=False),             # the room's sequence number before it
    Column("kind", String(8), nullable=False),        # roll, move
    Column("value", String(80), nullable=False),      # dice "6-2" or the move's notation
    Column("player", Integer, nullable=False),
    Column("by", String(8), nullable=False),          # person, bot, standin
    Column("client_id", String(40)),
    Column("at", Float, nullable=False),
    UniqueConstraint("room_id", "n"),
)

rematches = Table(                                    # a finished room -> the room of its rematch
    "rematches", metadata,
    Column("room_id", Integer, ForeignKey("rooms.id"), primary_key=True),
    Column("code", String(16), nullable=False),
)

room_leases = Table(                                  # several processes: a room's one authority (cluster.py)
    "room_leases", metadata,
    Column("code", String(16), primary_key=True),
    Column("owner", String(64), nullable=False),      # the process's id
    Column("expires", Float, nullable=False),         # the database's clock, seconds since the epoch
)

room_summaries = Table(                               # "my games" of a room not in memory, as of action n
    "room_summaries", metadata,
    Column("room_id", Integer, ForeignKey("rooms.id"), primary_key=True),
    Column("n", Integer, nullable=False),             # the room's sequence number it was taken at
    Column("summary", Text, nullable=False),          # JSON of Room.summary() without "you"
)

room_snapshots = Table(                               # a room's state as of action n (Room.snapshot)
    "room_snapshots", metadata,
    Column("room_id", Integer, ForeignKey("rooms.id"), primary_key=True),
    Column("n", Integer, nullable=False),             # the room's sequence number it was taken at
    Column("snapshot", Text, nullable=False),         # JSON: the match's states, the log, the last action
)

room_analyses = Table(                                # a finished room's analysis (pachisi.analysis), made once
    "room_analyses", metadata,
    Column("room_id", Integer, ForeignKey("rooms.id"), primary_key=True),
    Column("analysis", Text, nullable=False),         # JSON: {"games": [Analysis.as_dict(), ...]}
)

chats = Table(
    "chats", metadata,
    Column("id", Integer, primary_key=True),
    Column("room_id", Integer, ForeignKey("rooms.id"), nullable=False, index=True),
    Column("player", Integer, nullable=False),
    Column("name", String(40), nullable=False),
    Column("text", String(400), nullable=False),
    Column("at", Float, nullable=False),
)


def default_url():
    """DATABASE_URL, else an SQLite file in the user's data folder."""
    url = os.environ.get("DATABASE_URL")
    if url:
        return url
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "pachisi"
    base.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{base / 'web.sqlite3'}"


def make_engine(url, sqlite_sync="NORMAL"):
    if sqlite_sync not in ("FULL", "NORMAL"):
        raise ValueError(f"sqlite_sync is FULL or NORMAL, not {sqlite_sync!r}")
    if url.startswith("sqlite"):
        memory = url in ("sqlite://", "sqlite:///:memory:")
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30},
                               poolclass=StaticPool if memory else None)

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn, _record):
            cur = dbapi_conn.cursor()
            if not memory:
                cur.execute("PRAGMA journal_mode=WAL")
            cur.execute(f"PRAGMA synchronous={sqlite_sync}")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()
        return engine
    return create_engine(url, pool_pre_ping=True)


class StoreError(RuntimeError):
    """The database refused or failed a write, or cannot be brought to this version's tables."""


class StoreUnavailable(StoreError):
    """The database cannot be reached (down, restarting, its connection cut): a moment later it may be."""


# what SQLAlchemy raises when the database is away (a refused or cut connection), as opposed to a refusal
UNREACHABLE = (exc.OperationalError, exc.InterfaceError)


MIGRATIONS = Path(__file__).with_name("migrations")
# databases made before migrations existed have no alembic_version: the newest table (or table.column)
# each one has tells its revision (the first release's tables are the baseline; `rematches` came with 0002)
UNVERSIONED = (("room_analyses", "0007"), ("room_snapshots", "0006"), ("rooms.table_options", "0005"), ("room_summaries", "0004"), ("room_leases", "0003"),
               ("rematches", "0002"), ("rooms", "0001"))
MIGRATION_LOCK = 0x70616368697369        # PostgreSQL advisory lock: one process migrates at a time


def alembic_config(connection=None):
    """Alembic's configuration for our migrations, run on `connection` (see migrations/env.py)."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.attributes["connection"] = connection
    return cfg


def migrate(engine):
    """Upgrade the database to this version's tables (Alembic's head); the revision it is at now.

    An empty database gets every table; an older one is upgraded in place; one made before migrations
    existed is first stamped with the revision its tables match. Several processes starting at once on
    PostgreSQL take turns (an advisory lock held until the upgrade commits)."""
    with engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        cfg = alembic_config(conn)
        script = ScriptDirectory.from_config(cfg)
        tables = set(inspect(conn).get_table_names())
        if "alembic_version" in tables:
            known = {r.revision for r in script.walk_revisions()}
            unknown = [r for r in conn.execute(text("SELECT version_num FROM alembic_version")).scalars()
                       if r not in known]
            if unknown:
                raise StoreError(f"the database is at revision {', '.join(unknown)}, which this version of "
                                 f"pachisi does not know (its newest is {script.get_current_head()}): "
                                 f"it was upgraded by a newer version")
        else:
            def has(name):
                table, _, column = name.partition(".")
                return table in tables and (not column or column in {c["name"] for c in inspect(conn).get_columns(table)})
            found = next((rev for name, rev in UNVERSIONED if has(name)), None)
            if found:
                command.stamp(cfg, found)
        command.upgrade(cfg, "head")
        return script.get_current_head()


class Store:
    """The database, with a writer thread that group-commits queued writes."""

    def __init__(self, url=None, sqlite_sync="NORMAL"):
        self.url = url or default_url()
        self.engine = make_engine(self.url, sqlite_sync)
        try:
            migrate(self.engine)
        except BaseException:
            self.engine.dispose()
            raise
        self._queue = queue.Queue()
        self._thread = threading.Thread(target=self._writer, name="pachisi-db-writer", daemon=True)
        self._thread.start()
        self.commits = 0

    # -- writes -------------------------------------------------------------------
    def submit(self, fn):
        """Queue fn(connection) to run in a committed transaction; a Future of its result."""
        fut = Future()
        self._queue.put((fn, fut))
        return fut

    def write(self, fn):
        """Run fn(connection) in a committed transaction and wait for it (blocking)."""
        return self.submit(fn).result()

    def _writer(self):
        while True:
            item = self._queue.get()
            if item is None:
                return
            batch = [item]
            while len(batch) < 256:
                try:
                    nxt = self._queue.get_nowait()
                except queue.Empty:
                    break
                if nxt is None:
                    self._queue.put(None)
                    break
                batch.append(nxt)
            # a write whose waiter was cancelled before it ran (a server shutting down) is not made
            batch = [(fn, fut) for fn, fut in batch if fut.set_running_or_notify_cancel()]
            if batch:
                self._commit(batch)

    def _commit(self, batch):
        try:
            with self.engine.begin() as conn:
                results = [fn(conn) for fn, _ in batch]
        except Exception as e:               # noqa: BLE001 - reported to the waiting caller
            if len(batch) > 1:               # isolate the failing write: the others commit one by one
                for one in batch:
                    self._commit([one])
            else:
                # (what the driver says of a connection names hosts and ports: not for the clients)
                batch[0][1].set_exception(StoreUnavailable("the database cannot be reached just now")
                                          if isinstance(e, UNREACHABLE) else
                                          StoreError(f"the database refused the write: {e}"))
            return
        self.commits += 1
        for (_, fut), res in zip(batch, results):
            fut.set_result(res)

    def close(self):
        self._queue.put(None)
        self._thread.join(timeout=10)
        self.engine.dispose()

    # -- reads --------------------------------------------------------------------
    def read(self, fn):
        with self.engine.connect() as conn:
            return fn(conn)


# -- the statements the rooms use ---------------------------------------------------
def insert_room(values, seat_rows):
    def run(conn):
        room_id = conn.execute(insert(rooms).values(**values)).inserted_primary_key[0]
        for row in seat_rows:
            conn.execute(insert(seats).values(room_id=room_id, **row))
        return room_id
    return run


def insert_action(room_id, n, kind, value, player, by, client_id, status=None):
    def run(conn):
        now = time.time()
        conn.execute(insert(actions).values(room_id=room_id, n=n, kind=kind, value=value, player=player,
                                            by=by, client_id=client_id, at=now))
        if status:
            conn.execute(update(rooms).where(rooms.c.id == room_id).values(status=status, updated=now))
    return run


def set_status(room_id, status):
    def run(conn):
        conn.execute(update(rooms).where(rooms.c.id == room_id).values(status=status, updated=time.time()))
    return run


def claim_seats(room_id, players, name, token_hash, status=None):
    """Give the open seats `players` to `token_hash`, all or none (False: one was taken meanwhile).

    One UPDATE claims the seats that are still open; when another writer (another process) took one of
    them first, the seats this UPDATE did claim are given back in the same transaction, so nobody ever
    sees a part of the list claimed.  (No savepoint: SQLite's driver does not keep them reliably.)"""
    players = list(players)

    def run(conn):
        before = {r.player: r.name for r in conn.execute(
            select(seats.c.player, seats.c.name).where(seats.c.room_id == room_id, seats.c.player.in_(players),
                                                       seats.c.token_hash.is_(None)))}
        res = conn.execute(update(seats).where(seats.c.room_id == room_id, seats.c.player.in_(players),
                                               seats.c.token_hash.is_(None))
                           .values(name=name, token_hash=token_hash))
        if res.rowcount != len(players):
            for player, old in before.items():
                conn.execute(update(seats).where(seats.c.room_id == room_id, seats.c.player == player,
                                                 seats.c.token_hash == token_hash)
                             .values(name=old, token_hash=None))
            return False
        if status:
            conn.execute(update(rooms).where(rooms.c.id == room_id).values(status=status, updated=time.time()))
        return True
    return run


def link_rematch(room_id, code):
    def run(conn):
        conn.execute(insert(rematches).values(room_id=room_id, code=code))
    return run


def rematch_of(conn, room_id):
    """The code of the rematch of room `room_id`, or None."""
    row = conn.execute(select(rematches.c.code).where(rematches.c.room_id == room_id)).first()
    return row[0] if row else None


def delete_actions_from(room_id, n):
    """Delete a room's actions from number `n` on (an undo at a hot-seat table: web/table.py)."""
    def run(conn):
        conn.execute(delete(actions).where(actions.c.room_id == room_id, actions.c.n >= n))
        conn.execute(delete(room_snapshots).where(room_snapshots.c.room_id == room_id, room_snapshots.c.n > n))
    return run


def insert_chat(room_id, player, name, text):
    def run(conn):
        conn.execute(insert(chats).values(room_id=room_id, player=player, name=name, text=text, at=time.time()))
    return run


def load_room(conn, code):
    """(room row, seat rows, action rows, last chats, snapshot row or None) or None: the action rows are
    those after the room's latest snapshot (all of them without one)."""
    room = conn.execute(select(rooms).where(rooms.c.code == code)).mappings().first()
    if room is None:
        return None
    seat_rows = conn.execute(select(seats).where(seats.c.room_id == room["id"]).order_by(seats.c.player)) \
        .mappings().all()
    snapshot = conn.execute(select(room_snapshots).where(room_snapshots.c.room_id == room["id"])).mappings().first()
    if snapshot is not None and snapshot["n"] and conn.execute(select(actions.c.id).where(
            actions.c.room_id == room["id"], actions.c.n == snapshot["n"] - 1)).first() is None:
        snapshot = None                               # ahead of the stored actions: not theirs
    action_rows = conn.execute(select(actions).where(actions.c.room_id == room["id"],
                                                     actions.c.n >= (snapshot["n"] if snapshot else 0))
                               .order_by(actions.c.n)).mappings().all()
    chat_rows = conn.execute(select(chats).where(chats.c.room_id == room["id"]).order_by(chats.c.id.desc())
                             .limit(50)).mappings().all()
    return dict(room), [dict(s) for s in seat_rows], [dict(a) for a in action_rows], \
        [dict(c) for c in reversed(chat_rows)], dict(snapshot) if snapshot else None


def load_actions(conn, room_id):
    """Every stored action of a room, in order (a load whose snapshot cannot be used replays them all)."""
    return [dict(a) for a in conn.execute(select(actions).where(actions.c.room_id == room_id)
                                          .order_by(actions.c.n)).mappings()]


def save_snapshot(room_id, n, snapshot):
    """Store a room's snapshot as of its sequence number `n` (replacing the one before)."""
    def run(conn):
        conn.execute(delete(room_snapshots).where(room_snapshots.c.room_id == room_id))
        conn.execute(insert(room_snapshots).values(room_id=room_id, n=n, snapshot=snapshot))
    return run


def save_summary(room_id, n, summary):
    """Store a room's summary as of its sequence number `n` (replacing the one before)."""
    def run(conn):
        conn.execute(delete(room_summaries).where(room_summaries.c.room_id == room_id))
        conn.execute(insert(room_summaries).values(room_id=room_id, n=n, summary=summary))
    return run


def save_analysis(room_id, analysis):
    """Store a finished room's analysis (JSON text); a room is analysed once."""
    def run(conn):
        conn.execute(delete(room_analyses).where(room_analyses.c.room_id == room_id))
        conn.execute(insert(room_analyses).values(room_id=room_id, analysis=analysis))
    return run


def load_analysis(conn, room_id):
    """A room's stored analysis (JSON text), or None."""
    return conn.execute(select(room_analyses.c.analysis).where(room_analyses.c.room_id == room_id)).scalar()


def room_heads(conn, codes):
    """What "my games" needs of rooms not in memory, without their actions: code -> (room row, seat rows,
    stored summary row or None, number of stored actions)."""
    found = conn.execute(select(rooms).where(rooms.c.code.in_(list(codes)))).mappings().all()
    if not found:
        return {}
    ids = [r["id"] for r in found]
    seat_rows, summaries, counts = {}, {}, {}
    for s in conn.execute(select(seats).where(seats.c.room_id.in_(ids)).order_by(seats.c.player)).mappings():
        seat_rows.setdefault(s["room_id"], []).append(dict(s))
    for s in conn.execute(select(room_summaries).where(room_summaries.c.room_id.in_(ids))).mappings():
        summaries[s["room_id"]] = dict(s)
    for room_id, n in conn.execute(select(actions.c.room_id, func.count()).where(actions.c.room_id.in_(ids))
                                   .group_by(actions.c.room_id)):
        counts[room_id] = n
    return {r["code"]: (dict(r), seat_rows.get(r["id"], []), summaries.get(r["id"]), counts.get(r["id"], 0))
            for r in found}


def open_rooms(conn, limit=50):
    """Public rooms still waiting for invited players, newest first."""
    rows = conn.execute(select(rooms.c.code, rooms.c.game, rooms.c.preset, rooms.c.players, rooms.c.created,
                               rooms.c.id)
                        .where(rooms.c.status == "waiting", rooms.c.public.is_(True))
                        .order_by(rooms.c.created.desc()).limit(limit)).mappings().all()
    out = []
    for r in rows:
        s = conn.execute(select(seats.c.player, seats.c.kind, seats.c.name, seats.c.token_hash)
                         .where(seats.c.room_id == r["id"]).order_by(seats.c.player)).mappings().all()
        out.append((dict(r), [dict(x) for x in s]))
    return out


def code_taken(conn, code):
    return conn.execute(select(rooms.c.id).where(rooms.c.code == code)).first() is not None
