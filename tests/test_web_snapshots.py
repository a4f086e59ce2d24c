"""Room snapshots (issue 27): every Settings.snapshot_every stored actions a room stores its state, and a
load starts from the latest snapshot and replays only the actions after it.  A room so loaded is the room
a replay of every action gives: its position, its match's earlier games, its log, its last action, its
record and its resigned seats; an undo at a hot-seat table takes back snapshots past it; a snapshot of
another version of pachisi is not used."""
import asyncio
import json

import pytest

from pachisi.games import GAMES
from pachisi.web import db, table
from pachisi.web.connections import Connection
from pachisi.web.roomcache import RoomManager
from pachisi.web.settings import Settings
from pachisi.web.schemas import CreateRoom

pytestmark = pytest.mark.timeout(600)


def fingerprint(room):
    """Everything a room tells or keeps of its game (as the clients read it: JSON)."""
    rounds = [(a.to_json(), b.to_json(), b.history) for a, b in room.match.rounds]
    info = room.info()
    for seat in info["seats"]:
        del seat["present"]                 # who is connected: not the game's
    return {"seq": room.seq, "status": room.status, "state": room.state.to_json(), "history": room.state.history,
            "start": room.start.to_json(), "rounds": rounds, "score": list(room.match.score),
            "log": json.dumps(room.log), "last": json.dumps(room.last), "record": room.record_text(),
            "resigned": [s.resigned for s in room.seats], "info": json.dumps(info),
            "moves": json.dumps(room._moves_json()), "next": room.state.next_roll() if room.state.is_chance else None}


def loaded(manager, code):
    """(the room as loaded, from its snapshot; the room replayed from every action; the snapshot's n)."""
    row, seats, after, chats, snap = manager.store.read(lambda conn: db.load_room(conn, code))
    every = manager.store.read(lambda conn: db.load_actions(conn, row["id"]))
    if snap is not None:
        assert [a["n"] for a in after] == list(range(snap["n"], len(every)))   # only what came after it
    return manager._load(code), type(manager._load(code))(manager, row, seats, every, chats), snap and snap["n"]


async def play(room, count):
    for _ in range(count):
        if room.status == "over":
            return
        async with room.lock:
            await room._commit("roll" if room.state.is_chance else room._moves_json()[0]["t"], "person")


def test_a_room_loaded_from_its_snapshot_is_the_room_replayed_from_every_action(tmp_path):
    async def main():
        store = db.Store(f"sqlite:///{tmp_path / 'web.db'}")
        manager = RoomManager(store, Settings(snapshot_every=7, bot_processes=1, dice_seed=3))
        try:
            room, token = await manager.create(CreateRoom(game="tryasuchka", seats=[{"kind": "local"}] * 2))
            code = room.code
            while not room.match.rounds:            # into the match's second game
                await play(room, 1)
            await play(room, 10)
            while room.seq % 7 != 3:                # some actions after the latest snapshot
                await play(room, 1)
            await asyncio.wrap_future(store.submit(lambda conn: None))    # the queued writes are in
            fast, full, n = loaded(manager, code)
            assert n == room.seq - 3
            assert fingerprint(fast) == fingerprint(full) == fingerprint(room)

            conn = Connection(manager.settings)          # an undo past the latest snapshot
            conn.players = [0, 1]
            room.conns.add(conn)
            while room.seq % 7 != 1:
                await play(room, 1)
            await table.undo(room, conn, room.seq)
            await asyncio.wrap_future(store.submit(lambda conn: None))
            fast, full, n = loaded(manager, code)
            assert n is None or n <= room.seq
            assert fingerprint(fast) == fingerprint(full) == fingerprint(room)

            await table.resign(room, conn, 1)            # a resigned seat, then a snapshot after it
            await play(room, 8)
            await asyncio.wrap_future(store.submit(lambda conn: None))
            fast, full, n = loaded(manager, code)
            assert any(e["k"] == "resign" and e["n"] < n for e in room.log)
            assert fingerprint(fast) == fingerprint(full) == fingerprint(room) and fast.seats[1].resigned

            # another version's snapshot is not used: every action is replayed instead
            row = store.read(lambda c: c.execute(db.room_snapshots.select()).mappings().one())
            other = json.loads(row["snapshot"])
            other.update(version="0.0.0", log=[])
            store.write(lambda c: c.execute(db.room_snapshots.update().values(snapshot=json.dumps(other))))
            assert fingerprint(manager._load(code)) == fingerprint(room)
        finally:
            await manager.close()
            store.close()
    asyncio.run(main())


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_loaded_from_a_snapshot_mid_game_is_its_replayed_room(tmp_path, game):
    async def main():
        store = db.Store(f"sqlite:///{tmp_path / 'web.db'}")
        manager = RoomManager(store, Settings(snapshot_every=5, bot_processes=1, dice_seed=11))
        try:
            room, _ = await manager.create(CreateRoom(game=game, seats=[{"kind": "local"}] * 4))
            await play(room, 63)
            await asyncio.wrap_future(store.submit(lambda conn: None))
            fast, full, n = loaded(manager, room.code)
            assert n == room.seq - room.seq % 5
            assert fingerprint(fast) == fingerprint(full) == fingerprint(room)
        finally:
            await manager.close()
            store.close()
    asyncio.run(main())
