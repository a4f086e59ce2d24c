"""The rooms a server process holds: an LRU of rooms in memory (those nobody is connected to are unloaded
once idle), the infos and "my games" summaries of rooms not in memory, and the ways to make a room, find
one by its code and load it from the database (rooms.py referees each)."""
import asyncio
from collections import OrderedDict
import hashlib
import hmac
import json
import secrets
import time

from ..bots import LEVELS
from ..engine.game import GameError
from ..engine.options import OptionError
from ..games import GAMES, game_class, make_game
from ..verify import commitment
from . import db
from .errors import Refusal
from .rooms import CODE_ALPHABET, CODE_LENGTH, Room, bot_level, clean_name, invite_key, token_hash
from .thinking import Thinker


def room_seed(dice_seed, room_id):
    """The dice seed of room number `room_id` under Settings.dice_seed: it follows from the database's
    room id, so the first room of a fresh database rolls the same dice every run, and a room created
    after a restart never repeats the dice of one created before it."""
    digest = hashlib.sha256(f"pachisi-rooms:{dice_seed}:{room_id}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 2


class RoomManager:
    """The rooms in memory (an LRU of those nobody is connected to) and the ways to make and find them."""

    INFOS = 10000       # room infos remembered for rooms not in memory (a few KiB each)
    GRACE = 10.0        # seconds a finished room stays after its last use (its players read the end)

    def __init__(self, store, settings):
        self.store = store
        self.settings = settings
        self.rooms = OrderedDict()      # code -> Room, least recently used first
        self.infos = OrderedDict()      # code -> info() of a room not in memory
        self._loading = {}              # code -> the task loading the room
        self._pending = {}              # codes whose summaries are to be rebuilt ("my games")
        self._rebuilder = None
        self.problems = []
        self.thinker = Thinker(settings.bot_processes)
        self.unloaded = 0
        self._sweeper = None
        self.cluster = None             # several processes: the Cluster (cluster.py) that holds the rooms' leases

    def log(self, text):
        self.problems = (self.problems + [text])[-100:]

    def start(self):
        """Start unloading idle rooms now and then (the server calls it once its loop runs)."""
        if self._sweeper is None:
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep_forever())

    async def _sweep_forever(self):
        while True:
            await asyncio.sleep(max(1.0, min(30.0, self.settings.room_idle / 4)))
            self.sweep()

    @staticmethod
    def _code(code):
        code = str(code).strip().upper()
        return code if len(code) == CODE_LENGTH and all(ch in CODE_ALPHABET for ch in code) else None

    async def get(self, code):
        """The room in memory, loaded from the database if need be (without starting its bots); None when
        there is no such room."""
        code = self._code(code)
        if code is None:
            return None
        room = self.rooms.get(code)
        if room is None:
            task = self._loading.get(code)
            if task is None:            # one load of a room at a time; other rooms load meanwhile
                task = self._loading[code] = asyncio.ensure_future(self._bring_in(code))
                task.add_done_callback(lambda t: self._loading.pop(code, None))
            room = await asyncio.shield(task)
            if room is None or room.closed:
                return room             # no such room, or a look at another process's room as stored
        room.used = time.monotonic()
        self.rooms.move_to_end(code)
        self._cap()
        return room

    async def _bring_in(self, code):
        from .cluster import Draining
        try:
            mine = self.cluster is None or await self.cluster.owner(code) == self.cluster.id
        except Draining:
            mine = False
        room = await self._read(code)
        if room is None:
            return None
        if not mine:
            room.unload()           # another process owns it: a look at it as stored, not kept
            return room
        self.rooms[code] = room
        self.infos.pop(code, None)
        return room

    def _load(self, code):
        data = self.store.read(lambda conn: db.load_room(conn, code))
        if data is None:
            return None
        room = Room(self, *data)
        every = self.settings.snapshot_every
        if every and room.replayed >= every:    # (a room played before snapshots): the next load is quick
            room.save_snapshot()
        return room

    async def _read(self, code):
        """The room as stored, rebuilt in a thread: replaying a long game is CPU work that the event loop,
        and every other room with it, must not wait on."""
        return await asyncio.to_thread(self._load, code)

    async def info(self, code):
        """A room's info() without keeping it in memory: from the room if it is loaded, else as remembered
        when it was unloaded, else read from the database once (the room is not kept)."""
        code = self._code(code)
        if code is None:
            return None
        room = self.rooms.get(code)
        if room is not None:
            room.used = time.monotonic()
            self.rooms.move_to_end(code)
            return room.info()
        info = self.infos.get(code)
        if info is None:
            room = await self._read(code)
            if room is None:
                return None
            info = room.info()
            room.unload()
            self._remember(code, info)
            self._save_summary(room)
        return info

    async def vouches(self, code, token=None, key=None):
        """Whether `token` holds a seat in room `code` (or is its host's), or `key` is its invitation key:
        such a lookup is one's own room's, answered whatever the address's lookup budget holds."""
        code = self._code(code)
        if code is None or not (token or key):
            return False
        room = self.rooms.get(code)
        if room is None:
            head = (await asyncio.to_thread(self.store.read, lambda conn: db.room_heads(conn, [code]))).get(code)
            if head is None:
                return False
            host, hashes = head[0]["host_hash"], [s["token_hash"] for s in head[1] if s["token_hash"]]
        else:
            host, hashes = room.host_hash, [s.token_hash for s in room.seats if s.token_hash]
        if token and any(secrets.compare_digest(h, token_hash(str(token))) for h in hashes + [host]):
            return True
        return bool(key) and hmac.compare_digest(str(key), invite_key(host, code))

    # -- "my games" ---------------------------------------------------------------------------
    REBUILDS = 2        # rooms one "my games" request may rebuild from their actions (the rest: as stored)

    async def mine(self, tokens):
        """The summaries of the rooms `tokens` (code -> seat token) hold seats in, and how many of its
        codes named no room or a room the token holds no seat in.  A room not in memory is answered from
        its stored summary when that is up to date; else at most REBUILDS rooms are rebuilt (in a thread)
        and the rest answered from what is stored (rebuilt in the background for the next request)."""
        out, missed, rest = [], 0, {}
        for raw, token in tokens.items():
            code = self._code(raw)
            room = self.rooms.get(code) if code else None
            if code is None:
                missed += 1
            elif room is not None:
                you = room.seats_of(token)
                if you:
                    out.append(room.summary(you))
                else:
                    missed += 1
            else:
                rest[code] = token
        heads = await asyncio.to_thread(self.store.read, lambda conn: db.room_heads(conn, rest)) if rest else {}
        rebuilt = 0
        for code, token in rest.items():
            head = heads.get(code)
            h = token_hash(str(token))
            you = [s["player"] for s in head[1] if s["token_hash"] and secrets.compare_digest(s["token_hash"], h)] \
                if head else []
            if not you:
                missed += 1
                continue
            row, seat_rows, stored, count = head
            if stored is not None and stored["n"] == count:
                summary = json.loads(stored["summary"])
            elif rebuilt < self.REBUILDS:
                rebuilt += 1
                room = await self._read(code)
                summary = room.summary([])
                room.unload()
                self._save_summary(room)
            else:
                summary = json.loads(stored["summary"]) if stored else self._as_stored(row, seat_rows)
                if summary["status"] != row["status"]:      # the row's status is kept up to date
                    summary.update(status=row["status"], turn=None)
                self._rebuild_later(code)
            out.append(dict(summary, you=you))
        return out, missed

    @staticmethod
    def _as_stored(row, seat_rows):
        """A room's summary from its rows alone (whose turn and the score are not known without a replay)."""
        g = make_game(row["game"], row["players"], row["preset"], json.loads(row["options"]))
        return {"code": row["code"], "game": g.name, "title": g.title, "status": row["status"],
                "names": [s["name"] for s in seat_rows], "colours": [g.player_name(s["player"]) for s in seat_rows],
                "kinds": [s["kind"] for s in seat_rows], "levels": [s["level"] for s in seat_rows], "turn": None,
                "winner": None, "round": 1, "score": [0] * len(seat_rows)}

    def _rebuild_later(self, code):
        """Rebuild a room's summary in the background, one room at a time, for the next "my games"."""
        if code in self._pending or len(self._pending) >= self.INFOS:
            return
        self._pending[code] = None
        if self._rebuilder is None or self._rebuilder.done():
            self._rebuilder = asyncio.get_running_loop().create_task(self._rebuild_pending())

    async def _rebuild_pending(self):
        while self._pending:
            code = next(iter(self._pending))
            try:
                if code not in self.rooms:
                    room = await self._read(code)
                    if room is not None:
                        room.unload()
                        self._save_summary(room)
            except Exception as e:      # noqa: BLE001 - a room that cannot be rebuilt: reported, skipped
                self.log(f"room {code}: its summary could not be rebuilt: {e!r}")
            self._pending.pop(code, None)

    def _save_summary(self, room):
        """Store the summary of a room leaving memory (in the background), for "my games"."""
        summary = room.summary([])
        del summary["you"]
        self.store.submit(db.save_summary(room.id, room.seq, json.dumps(summary, ensure_ascii=False)))

    def _remember(self, code, info):
        self.infos[code] = info
        self.infos.move_to_end(code)
        while len(self.infos) > self.INFOS:
            self.infos.popitem(last=False)

    def evict(self, room):
        """Drop an idle room from memory; it is loaded again from the database when asked for."""
        if self.rooms.get(room.code) is room and room.idle():
            del self.rooms[room.code]
            self._remember(room.code, room.info())
            room.unload()
            self._save_summary(room)
            self.unloaded += 1
            if self.cluster is not None:
                self.cluster.release(room.code)

    def lost(self, code):
        """Several processes: this process no longer holds the room's lease; drop it at once (its clients
        are told to reconnect, which finds the room's new owner)."""
        room = self.rooms.pop(code, None)
        if room is not None:
            room.unload()
            for conn in list(room.conns):
                conn.end(1012)

    async def drain(self):
        """Let go of every room (the server is stopping): actions under way end first, then each room's
        players are told to reconnect (1012) and the room leaves memory, its summary stored."""
        for room in list(self.rooms.values()):
            try:
                await asyncio.wait_for(room.lock.acquire(), 2)
                room.lock.release()
            except asyncio.TimeoutError:
                pass
            self.rooms.pop(room.code, None)
            room.unload()
            for conn in list(room.conns):
                conn.end(1012)
            self._save_summary(room)

    def sweep(self):
        """Unload the rooms nobody is connected to that are over or idle for Settings.room_idle."""
        now = time.monotonic()
        for room in list(self.rooms.values()):
            if room.idle() and now - room.used >= (self.GRACE if room.status == "over" else self.settings.room_idle):
                self.evict(room)

    def _cap(self):
        """Beyond Settings.max_rooms rooms nobody is connected to, unload the least recently used."""
        idle = [r for r in self.rooms.values() if r.idle()]
        for room in idle[:max(0, len(idle) - self.settings.max_rooms)]:     # least recently used first
            self.evict(room)

    async def create(self, spec):
        """A new room from a CreateRoom request; returns (room, host token)."""
        try:
            name = game_class(spec.game).name
        except OptionError as e:
            raise Refusal("options", "{error}", error=e) from None
        options = dict(spec.options)
        if spec.wins is not None and any(o.name == "match_wins" for o in game_class(name).options):
            # the game's own option is the one source of truth for the match's length
            if options.setdefault("match_wins", spec.wins) != spec.wins:
                raise Refusal("options", "wins {wins} contradicts options.match_wins {match_wins}: give one of them",
                              wins=spec.wins, match_wins=options["match_wins"])
        try:
            game = make_game(name, len(spec.seats), spec.preset, options)
        except (GameError, ValueError) as e:
            raise Refusal("options", "{error}", error=e) from None
        wins = spec.wins or game.match_wins
        seat_rows = []
        token = secrets.token_urlsafe(24)
        h = token_hash(token)
        for p, s in enumerate(spec.seats):
            if s.kind == "bot":
                level = bot_level(s.level or min(LEVELS))
                seat_rows.append({"player": p, "kind": "bot", "name": f"bot {level}", "level": level,
                                  "token_hash": None})
            else:
                name = clean_name(s.name, f"Player {p + 1}") if s.kind == "local" else clean_name(s.name, "")
                seat_rows.append({"player": p, "kind": s.kind, "name": name, "level": None,
                                  "token_hash": h if s.kind == "local" else None})
        standin = bot_level(spec.standin_level or max(LEVELS))
        absent = self.settings.absent_after if spec.absent_after is None else spec.absent_after
        if 0 < absent < self.settings.min_absent_after:
            raise Refusal("options", "absent_after: a bot stands in after at least {least} seconds (or 0: never), "
                                     "not {value}", least=f"{self.settings.min_absent_after:g}", value=f"{absent:g}")
        code = await self._insert(game, wins, seat_rows, spec.public, absent, standin, h,
                                  table_options=spec.table.model_dump())
        return await self._started(code), token

    async def _started(self, code):
        """A new room, its bots under way (its people are on their way to it)."""
        room = await self.get(code)
        room.start_pump()
        return room

    async def _insert(self, game, wins, seat_rows, public, absent_after, standin, host_hash, rematch_of=None,
                      table_options=None):
        """Store a new room with a fresh secret seed; returns its code.  `rematch_of`: the id of
        the finished room it is the rematch of (that room then points its people here)."""
        seed = secrets.randbelow(2 ** 62)
        salt = secrets.token_hex(16)
        now = time.time()
        code = self._new_code()
        values = {"code": code, "game": game.name, "preset": game.preset,
                  "options": json.dumps(game.opts), "players": game.players, "wins": wins,
                  "seed": seed, "salt": salt, "commit": commitment(seed, salt, game), "public": public,
                  "absent_after": absent_after, "standin_level": standin,
                  "status": "waiting" if any(s["kind"] == "invite" and not s["token_hash"] for s in seat_rows)
                  else "playing",
                  "host_hash": host_hash, "created": now, "updated": now, "table_options": json.dumps(table_options or {})}
        insert = db.insert_room(values, seat_rows)

        def run(conn):
            room_id = insert(conn)
            if self.settings.dice_seed is not None:
                known = room_seed(self.settings.dice_seed, room_id)
                conn.execute(db.rooms.update().where(db.rooms.c.id == room_id)
                             .values(seed=known, commit=commitment(known, salt, game)))
            if rematch_of is not None:
                db.link_rematch(rematch_of, code)(conn)
            return room_id
        await asyncio.wrap_future(self.store.submit(run))
        return code

    async def rematch(self, old, token):
        """The rematch of a finished room: a new room (new secret seed) with the same game, seats,
        bots and names, each seat held by the same person's token; asked again, the same room."""
        h = token_hash(token or "")
        if not any(s.token_hash == h for s in old.seats):
            raise Refusal("token", "only a player of this room can ask for a rematch")
        async with old.lock:
            if old.status != "over":
                raise Refusal("playing", "the game is not over yet: a rematch starts after it")
            if old.rematch is None:
                seat_rows = [{"player": s.player, "kind": s.kind, "name": s.name, "level": s.level,
                              "token_hash": s.token_hash} for s in old.seats]
                old.rematch = await self._insert(old.game, old.match.wins, seat_rows, old.public, old.absent_after,
                                                 old.standin_level, old.host_hash, rematch_of=old.id,
                                                 table_options=old.table)
                old.broadcast_state()
        return await self._started(old.rematch)

    def _new_code(self):
        for _ in range(100):
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if code not in self.rooms and not self.store.read(lambda conn: db.code_taken(conn, code)):
                return code
        raise RuntimeError("no free room code")

    def open_rooms(self):
        out = []
        for r, seat_rows in self.store.read(db.open_rooms):
            cls = GAMES.get(r["game"])
            out.append({"code": r["code"], "game": r["game"], "title": cls.title if cls else r["game"],
                        "preset": r["preset"], "players": r["players"],
                        "open_seats": [s["player"] for s in seat_rows if s["kind"] == "invite" and not s["token_hash"]],
                        "names": [s["name"] for s in seat_rows]})
        return out

    async def close(self):
        if self._sweeper is not None:
            self._sweeper.cancel()
        if self._rebuilder is not None:
            self._rebuilder.cancel()
        for room in list(self.rooms.values()):
            await room.close()
            self._save_summary(room)
        self.thinker.close()
