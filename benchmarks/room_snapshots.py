"""The load of a long finished room from the database, with and without a snapshot (issue 27), measured
(not a test).

A Kimbo room of four seats is played to its end in an SQLite database (random legal moves, as
pachisi.web.testing.finish_offline does), then loaded as the server loads a room not in memory
(RoomManager._load, which runs in a thread there):
  1. without a snapshot: every stored action replayed through the engine (the load then stores one);
  2. from a snapshot Settings.snapshot_every - 1 actions before the end (the most a room played through
     the server replays);
  3. from a snapshot at its last action (a room loaded once since it ended).
Printed: the number of actions and the median seconds of each load.

    .venv/bin/python benchmarks/room_snapshots.py
    .venv/bin/python benchmarks/room_snapshots.py --game parchis --repeat 9
"""
import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from pachisi.web import db
from pachisi.web.roomcache import RoomManager
from pachisi.web.settings import Settings
from pachisi.web.schemas import CreateRoom
from pachisi.web.testing import finish_offline


def timed(fn, repeat):
    took = []
    for _ in range(repeat):
        began = time.perf_counter()
        fn()
        took.append(time.perf_counter() - began)
    return statistics.median(took)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="kimbo")
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'web.db'}"
        store = db.Store(url)
        manager = RoomManager(store, Settings(bot_processes=1))
        every = manager.settings.snapshot_every

        async def made():
            room, _ = await manager.create(CreateRoom(game=args.game, seats=[{"kind": "local"}] * 4))
            await manager.close()
            return room.code
        code = asyncio.run(made())
        count = finish_offline(url, [code])
        drop = db.room_snapshots.delete()
        row, seats, every_row, chats, _ = store.read(lambda conn: db.load_room(conn, code))

        def without():
            store.write(lambda conn: conn.execute(drop))
            manager.settings.snapshot_every = 0         # (timed without storing the snapshot it would)
            manager._load(code)
            manager.settings.snapshot_every = every

        def snapshot_at(n):
            room = type(manager._load(code))(manager, row, seats, every_row[:n], chats)
            store.write(lambda conn: (conn.execute(drop), db.save_snapshot(room.id, n, room.snapshot())(conn)))

        full = timed(without, args.repeat)
        snapshot_at(count - (every - 1))
        near = timed(lambda: manager._load(code), args.repeat)
        snapshot_at(count)
        end = timed(lambda: manager._load(code), args.repeat)
        size = len(store.read(lambda conn: conn.execute(db.room_snapshots.select()).mappings().one())["snapshot"])
        store.close()
    print(f"{args.game}: {count} stored actions, a snapshot every {every}")
    for what, took in (("replaying every action", full), (f"from a snapshot {every - 1} actions before the end", near),
                       ("from a snapshot at the end", end)):
        print(f"  load {what + ':':<45}{took * 1000:8.1f} ms")
    print(f"  (the snapshot at the end: {size / 1024:.0f} KiB)")


if __name__ == "__main__":
    main()
