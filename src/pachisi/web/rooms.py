"""The room referee: a game (or a match) played by people and bots, refereed by the server.  The rooms in
memory and the ways to find them are roomcache.py's; a room's clients are connections.py's.

The server is authoritative.  It rolls the dice from the room's secret seed
through the engine, checks every action with the engine, and refuses, with a
clear message and changing nothing, an action that is out of turn, for a seat
whose token the sender lacks, made on a stale position (every action carries
the sequence number of the position it was made on), or illegal.  An accepted
action is committed to the database before anyone hears of it; then every
client of the room gets the new state.

Fair dice: the seed is secret while the match lasts; from the start the room
shows the commitment sha256("pachisi-dice:{seed}:{salt}:{terms}") (verify.py); when the match
ends it reveals seed and salt, and every roll can be re-derived
(`pachisi verify`, pachisi/verify.py).

Absent players: a person whose seat has no live connection holds up the game
on their turn; after the room's `absent_after` seconds (while someone else is
there to wait; at least Settings.min_absent_after, so that the stand-in is no
free help) a bot of the room's stand-in level plays the seat until its person
comes back.  Every player sees the stand-in's level and each move it made.

Memory: a room lives in memory while someone uses it.  A room nobody is
connected to is unloaded once idle (Settings.room_idle), at once when its game
is over, and beyond Settings.max_rooms the least recently used go first; it is
loaded again from the database when asked for.  Loading a room never starts its
bots: they play on when someone connects (a new room's bots start at once).
"""
import asyncio
from dataclasses import dataclass
import base64
import hashlib
import hmac
import json
import re
import secrets
import time

from ..bots import LEVELS
from ..bots.valuenet import NoEvaluator, evaluator
from ..engine.game import GameError, IllegalMove
from ..engine.match import Match
from ..engine.story import QUIET, Teller
from ..games import make_game, state_from_json
from ..i18n import Term
from .. import record as records
from ..verify import terms
from . import db, table
from .errors import Refusal
from .names import bot_like, looks_blank, tidy
from .boardjson import (compact_moves, events_json, last_route, layout_json, layout_signature, moves_json,
                        position_json)
from .schemas import NAME_MAX, CHAT_MAX
from .thinking import PERSON, SPECTATED, UNWATCHED

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
SYMBOLS = ("●", "▲", "■", "◆")
# what a move's notation can look like (in any game); anything else is refused before the engine parses it
MOVE_SHAPE = re.compile(r"[A-Za-z0-9 .,:;+*/<>=()\[\]#@!?~_^'-]{1,64}")


def token_hash(token):
    return hashlib.sha256(f"pachisi-seat:{token}".encode()).hexdigest()


def invite_key(host_hash, code):
    """Room `code`'s invitation key (Room.invite_key), from its host's token hash."""
    mac = hmac.new((host_hash or "").encode(), f"pachisi-invite:{code}".encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(mac.digest()[:12]).decode()


def clean_text(text, limit):
    """Printable text without control characters, whitespace collapsed, cut to `limit`."""
    text = "".join(ch if ch.isprintable() else " " for ch in str(text))
    return " ".join(text.split())[:limit]


def clean_name(text, default):
    # a record's Players header is comma separated: names carry no commas or quotes
    name = clean_text(tidy(str(text)).replace(",", " ").replace('"', "'"), NAME_MAX)
    if looks_blank(name):
        return default
    if bot_like(name):
        raise Refusal("name", "the name {name} reads like a bot's: pick another, so that nobody takes you for a bot",
                      name=name)
    return name


def bot_level(level):
    """`level` when there is a bot of that level, else the Refusal naming the levels there are."""
    if level not in LEVELS:
        raise Refusal("options", "unknown bot level {level}; levels: {levels}", level=level,
                      levels=", ".join(map(str, LEVELS)))
    return level


@dataclass
class Seat:
    player: int
    kind: str                       # local, invite, bot
    name: str
    level: int | None
    token_hash: str | None
    gone_since: float = 0.0         # when the seat's last connection closed
    standin: bool = False           # a bot plays for the absent person
    resigned: bool = False          # its person resigned (table.py): a bot plays it to the end


class Room:
    def __init__(self, manager, row, seat_rows, action_rows, chat_rows, snapshot=None):
        self.manager = manager
        self.store = manager.store
        self.settings = manager.settings
        self.id = row["id"]
        self.code = row["code"]
        self.game = make_game(row["game"], row["players"], row["preset"], json.loads(row["options"]))
        self.seed, self.salt, self.commit = int(row["seed"]), row["salt"], row["commit"]
        self.public = bool(row["public"])
        self.absent_after = float(row["absent_after"])
        self.standin_level = int(row["standin_level"])
        self.table = table.table_options(row.get("table_options"))
        self.status = row["status"]
        self.host_hash = row["host_hash"]
        now = time.time()
        self.seats = [Seat(s["player"], s["kind"], s["name"], s["level"], s["token_hash"], gone_since=now)
                      for s in seat_rows]
        self.wins = int(row["wins"])
        self.last_change = now
        self.chat = [{"type": "chat", "player": c["player"], "name": c["name"], "text": c["text"], "at": c["at"]}
                     for c in chat_rows]
        if snapshot is None or not self._restore(snapshot, action_rows):
            if snapshot is not None:        # unusable (another version's): every action replayed instead
                action_rows = manager.store.read(lambda conn: db.load_actions(conn, self.id))
            self._replay(action_rows)
        self.replayed = len(action_rows)    # the actions replayed to load it
        self.rematch = manager.store.read(lambda conn: db.rematch_of(conn, self.id))
        self.lock = asyncio.Lock()
        self.conns = set()
        self.bot_seed = secrets.randbelow(2 ** 31) if manager.settings.dice_seed is None else self.seed % 2 ** 31
        self._layout = None
        self._moves = None
        self._legal = None
        self._changed = asyncio.Event()
        self._pump = None
        self.closed = False
        self.used = time.monotonic()    # when someone last asked for the room (its place in the LRU)
        self.clock = table.TurnClock(self)
        self._analysis = None           # the finished game's analysis (JSON text), once made or loaded
        self._analysing = None          # the task making it
        self._analysis_ticket = {}      # its place in the bot workers' queue (Thinker.ahead)

    def _replay(self, action_rows):
        """The match from its start, through the stored actions (a room's loading; table.undo)."""
        self.match = Match(self.game, self.wins, self.seed)
        self.state = self.match.new_game()
        self.start = self.state.clone()
        self.seq = 0
        self.log = []
        self.last = None
        self.teller = Teller(self.game)
        for seat in self.seats:
            seat.resigned = False
        self._apply_rows(action_rows)

    def _apply_rows(self, action_rows):
        for a in action_rows:
            if a["n"] != self.seq:
                raise GameError("room {code}: stored action {n} out of sequence (expected {seq})", code=self.code,
                                n=a["n"], seq=self.seq)
            self._apply(a["kind"], a["value"], a["by"], a["client_id"])

    # -- snapshots ------------------------------------------------------------------
    def snapshot(self):
        """The room's state as JSON (every Settings.snapshot_every actions): the match's states with their
        histories (the record), the log and the last action, so that a load replays only what came after."""
        def state(st):
            return {"state": json.loads(st.to_json()), "history": [list(h) for h in st.history]}
        return json.dumps({"version": _version(), "seq": self.seq, "status": self.status,
                           "rounds": [[state(a), state(b)] for a, b in self.match.rounds],
                           "score": list(self.match.score), "start": state(self.start), "now": state(self.state),
                           "log": self.log, "last": self.last, "teller": self.teller.saved(),
                           "resigned": [s.player for s in self.seats if s.resigned]},
                          ensure_ascii=False, separators=(",", ":"))

    def _restore(self, row, action_rows):
        """The room from its snapshot and the actions after it; False when the snapshot is not usable
        (taken by another version of pachisi, whose states may differ) and nothing was changed."""
        data = json.loads(row["snapshot"])
        if data.get("version") != _version() or data["seq"] != row["n"] or \
                (action_rows and action_rows[0]["n"] != row["n"]):
            return False

        def state(d):
            return state_from_json(json.dumps(d["state"]),
                                   [(p, k, tuple(v) if k == "roll" else v) for p, k, v in d["history"]])
        try:
            rounds = [(state(a), state(b)) for a, b in data["rounds"]]
            start, now = state(data["start"]), state(data["now"])
        except GameError:
            return False
        self.match = Match(self.game, self.wins, self.seed)
        self.match.rounds, self.match.score = rounds, list(data["score"])
        self.start, self.state = start, now
        self.seq, self.log, self.last = data["seq"], data["log"], data["last"]
        self.teller = Teller(self.game, data["teller"])
        if data["status"] == "over":
            self.status = "over"
        for seat in self.seats:
            seat.resigned = seat.player in data["resigned"]
        self._apply_rows(action_rows)
        return True

    # -- applying actions -----------------------------------------------------------
    def _check(self, action):
        """(kind, value) of a legal action in this position, or Refusal."""
        st = self.state
        if self.status == "waiting":
            raise Refusal("waiting", "the game starts when every invited player has taken a seat")
        if self.status == "over" or st.is_over:
            raise Refusal("over", "the game is over")
        if action == "roll":
            if not st.is_chance:
                raise Refusal("illegal", "the dice are already rolled: a move is expected")
            return "roll", "-".join(str(d) for d in st.next_roll())
        if action not in self.legal_texts():
            if not MOVE_SHAPE.fullmatch(action):
                raise Refusal("illegal", "{move!r} is not a move here", move=action[:40])
            try:                            # another spelling of a legal move, or why it is refused
                move = st.parse_move(action)
            except IllegalMove as e:
                raise Refusal.illegal(e) from None
            return "move", move.text
        return "move", action

    def legal_texts(self):
        """The notations of the legal moves here, from the list the players are sent: a move the web
        page sends is checked without the engine's parser."""
        moves = self._moves_json()
        if self._legal is None:
            self._legal = {m["t"] for m in moves} | {t for m in moves for t in m.get("same", ())}
        return self._legal

    def _apply(self, kind, value, by, client_id):
        """Apply a checked (or stored) action; returns its log entry with events."""
        if kind == "resign":
            return self._resign(value, by, client_id)
        st = self.state
        player = st.current_player
        entry = {"n": self.seq, "r": len(self.match.rounds) + 1, "p": player, "k": kind, "v": value, "by": by}
        if kind == "roll":
            dice = tuple(int(d) for d in value.split("-"))
            if dice != st.next_roll():
                raise GameError("room {code}: stored roll {value} is not the seed's roll {roll}", code=self.code,
                                value=value, roll="-".join(map(str, st.next_roll())))
            events = st.set_dice(dice)
            stories = self.teller.roll(player, dice, events)
            route = None
        else:
            move = st.parse_move(value)
            route = last_route(self.game, st.arr, move)
            entry["d"] = self.game.played_story(move, player)          # the log says it from this, not from the notation
            events = st.push(move)
            stories = self.teller.move(player, events, entry["d"])
        self.seq += 1
        said = events_json(events)
        # the log keeps what a move's notation does not say (captures, extra rolls, penalties, bonuses...) and
        # how the events are told (engine.story), so that a page opened later can still tell the whole story
        entry["e"] = [e for e in said if e["kind"] not in QUIET]
        entry["s"] = stories
        self.log.append(entry)
        self.last = dict(entry, events=said, id=client_id)
        if route:
            self.last["route"] = route          # the board walks the piece along it
        self.last_change = time.time()
        if st.is_over:
            self.match.add(self.start, st)
            if self.match.over:
                self.status = "over"
            else:
                self.state = self.match.new_game()
                self.start = self.state.clone()
                self.teller = Teller(self.game)
        self._moves = self._legal = None
        st.clear_stack()        # the web undoes by replaying the stored actions (table.undo)
        return entry

    def _resign(self, value, by, client_id):
        """A person gives up their seat ("P", or "P clock": forfeited on the turn clock); a bot plays it on."""
        player = int(value.split()[0])
        seat = self.seats[player]
        seat.resigned, seat.standin = True, False
        self.teller.resign()
        entry = {"n": self.seq, "r": len(self.match.rounds) + 1, "p": player, "k": "resign", "v": value, "by": by,
                 "e": [], "s": []}
        self.seq += 1
        self.log.append(entry)
        self.last = dict(entry, events=[], id=client_id)
        self.last_change = time.time()
        self._moves = self._legal = None
        return entry

    async def _commit(self, action, by, client_id=None, checked=None):
        """Check (unless `checked` gives its kind and value), store, apply and announce one action (the room
        lock is held)."""
        kind, value = checked or self._check(action)
        player = int(value.split()[0]) if kind == "resign" else self.state.current_player
        write = db.insert_action(self.id, self.seq, kind, value, player, by, client_id)
        if self.manager.cluster is not None:        # several processes: stored only while this one owns the room
            write = self.manager.cluster.fenced(self.code, write)
        fut = self.store.submit(write)
        try:
            await asyncio.wrap_future(fut)
        except db.StoreError as e:
            raise Refusal("storage", "the move could not be stored, so it was not made: {problem}",
                          problem=str(e)) from None
        self._apply(kind, value, by, client_id)
        if self.status == "over":            # replaying the actions would tell it too; this is for the lobby
            self.store.submit(db.set_status(self.id, "over"))
        every = self.settings.snapshot_every
        if every and self.seq % every == 0:  # a later load replays only the actions after this
            self.save_snapshot()
        if self.conns:
            self.broadcast_state()
        self._changed.set()

    def save_snapshot(self):
        """Store the room's snapshot (in the background; with several processes only by its owner)."""
        write = db.save_snapshot(self.id, self.seq, self.snapshot())
        if self.manager.cluster is not None:
            write = self.manager.cluster.fenced(self.code, write)
        self.store.submit(write)

    # -- people ------------------------------------------------------------------------------
    async def act(self, conn, seq, action, client_id=None):
        """A person's action.  Once begun it runs to its end even if the sender goes
        away meanwhile, so that the database and the room never disagree."""
        task = asyncio.ensure_future(self._act(conn, seq, action, client_id))
        task.add_done_callback(lambda t: t.cancelled() or t.exception())
        return await asyncio.shield(task)

    async def _act(self, conn, seq, action, client_id):
        async with self.lock:
            if client_id and self.last and self.last.get("id") == client_id and seq == self.seq - 1:
                raise Refusal("duplicate", "action {id} was already applied (position {seq})", id=client_id, seq=seq)
            if seq != self.seq:
                raise Refusal("stale", "your action was made on position {seq}, but the game is at position "
                                       "{now}: it was not applied", seq=seq, now=self.seq)
            if self.status == "over" or self.state.is_over:
                raise Refusal("over", "the game is over")
            if self.status == "waiting":
                raise Refusal("waiting", "the game starts when every invited player has taken a seat")
            player = self.state.current_player
            seat = self.seats[player]
            if not conn.players:
                raise Refusal("spectator", "you are watching: take a seat to play")
            if player not in conn.players:
                who = Term("a bot") if seat.kind == "bot" else seat.name
                raise Refusal("turn", "it is {colour}'s turn ({who}), not yours",
                              colour=Term(self.game.player_name(player)), who=who)
            if seat.standin:
                seat.standin = False
            await self._commit(action, "person", client_id)

    async def say(self, conn, text):
        if not conn.players:
            raise Refusal("spectator", "spectators cannot chat: take a seat to talk")
        text = clean_text(text, CHAT_MAX)
        if not text:
            raise Refusal("malformed", "an empty chat line")
        if not conn.chat_bucket.take():
            raise Refusal("rate", "you are chatting too fast; wait a moment")
        player = conn.players[0]
        name = self.seats[player].name
        await asyncio.wrap_future(self.store.submit(db.insert_chat(self.id, player, name, text)))
        msg = {"type": "chat", "player": player, "name": name, "text": text, "at": time.time()}
        self.chat = (self.chat + [msg])[-50:]
        self.broadcast(json.dumps(msg, ensure_ascii=False))

    def invite_key(self):
        """The secret of the room's invitation link (derived from the host's token hash, which never
        leaves the server): an open seat of a private room is taken only with it, not with the code."""
        return invite_key(self.host_hash, self.code)

    async def join(self, players, name, key=None, token=None):
        """An invited person takes open seats (a team's seats, say), all or none; with `token`, their seat
        token here, the seats join the ones it holds (one person, one name).  Returns the seat token."""
        held = self.seats_of(token) if token else []
        if token and not held and not secrets.compare_digest(token_hash(str(token)), self.host_hash or ""):
            raise Refusal("token", "this token holds no seat in this room: join without it to take a seat")
        if not held and not token and not self.public and not hmac.compare_digest(str(key or ""), self.invite_key()):
            raise Refusal("key", "this room is private: its seats are taken through the invitation link "
                                 "(ask whoever invited you for it)")
        self._check_seats(players)
        async with self.lock:
            for player in players:
                seat = self.seats[player]
                if seat.kind != "invite":
                    raise Refusal("seat", "seat {player} is not open to invited players", player=player)
                if seat.token_hash is not None:
                    raise Refusal("taken", "seat {player} is already taken", player=player)
            if held:
                name = self.seats[held[0]].name
            else:
                name = clean_name(name, f"Player {players[0] + 1}")
                token = token or secrets.token_urlsafe(24)
            h = token_hash(str(token))
            full = all(s.token_hash is not None or s.kind != "invite" or s.player in players for s in self.seats)
            ok = await asyncio.wrap_future(self.store.submit(
                db.claim_seats(self.id, players, name, h, status="playing" if full else None)))
            if not ok:
                raise Refusal("taken", "one of the seats {players} was taken meanwhile: none was taken for you",
                              players=", ".join(map(str, players)))
            now = time.time()
            for player in players:
                seat = self.seats[player]
                seat.token_hash, seat.name, seat.gone_since = h, name, now
            for c in self.conns:            # a connection of the token acts for its new seats at once
                if c.token_hash == h:
                    c.players = sorted(set(c.players) | set(players))
            if full and self.status == "waiting":
                self.status = "playing"
                self.last_change = now
            self.broadcast_state()
            self._changed.set()
            return token

    def _check_seats(self, players):
        """Refuse a list of seats to take that is empty, names a seat twice or names no seat of the room."""
        if not players:
            raise Refusal("seat", "name the seats to take: player, or players (a list)")
        for player in players:
            if not 0 <= player < len(self.seats):
                raise Refusal("seat", "this room has players 0 to {last}", last=len(self.seats) - 1)
        twice = sorted({p for p in players if players.count(p) > 1})
        if twice:
            raise Refusal("seat", "seat {player} is named twice", player=twice[0])

    def attach(self, conn, token):
        """A connection says hello; returns a Refusal for a token that holds no seat (it watches)."""
        problem = None
        if token:
            h = token_hash(token)
            conn.token_hash = h
            conn.players = [s.player for s in self.seats if s.token_hash == h and not s.resigned]
            conn.host = secrets.compare_digest(h, self.host_hash)
            if not conn.players and not conn.host:
                problem = Refusal("token", "this token holds no seat in this room: you are watching as a spectator")
        self.conns.add(conn)
        self.used = time.monotonic()
        for p in conn.players:
            self.seats[p].standin = False
        self._changed.set()
        self.start_pump()               # a room loaded while nobody watched plays on now
        return problem

    def detach(self, conn):
        self.conns.discard(conn)
        self.used = time.monotonic()
        conn.closed = True
        now = time.time()
        changed = False
        for p in conn.players:
            if not self._present(p):
                self.seats[p].gone_since = now
                changed = True
        if changed and not self.closed:
            self.broadcast_state()
            self._changed.set()

    def _present(self, player):
        return any(player in c.players for c in self.conns)

    def priority(self):
        """How urgent this room's bots are: PERSON when a seated person is connected, SPECTATED when only
        spectators are, UNWATCHED when nobody is."""
        if any(c.players for c in self.conns):
            return PERSON
        return SPECTATED if self.conns else UNWATCHED

    def idle(self):
        """Whether the room may be unloaded: nobody connected and nothing under way."""
        return not self.conns and not self.lock.locked()

    # -- bots and stand-ins ------------------------------------------------------------------
    def _actor(self):
        """Who acts now: (player, kind) with kind person, bot or standin; None when nobody can."""
        if self.status != "playing" or self.state.is_over:
            return None
        p = self.state.current_player
        seat = self.seats[p]
        if seat.kind == "bot" or seat.resigned:
            return p, "bot"
        return p, "standin" if seat.standin else "person"

    def _standin_due(self):
        """Seconds until a bot stands in for the absent person on turn (None: not due)."""
        actor = self._actor()
        if actor is None or actor[1] != "person" or self.absent_after <= 0:
            return None
        p = actor[0]
        if self._present(p):
            return None
        others = any(c.players and p not in c.players for c in self.conns)
        if not others:
            return None
        since = max(self.seats[p].gone_since, self.last_change)
        return max(0.0, since + self.absent_after - time.time())

    def start_pump(self):
        if self._pump is None and self.status != "over":
            self._pump = asyncio.get_running_loop().create_task(self._run_pump())

    async def _run_pump(self):
        """Play the bots' and stand-ins' turns, and start stand-ins when they are due."""
        while not self.closed and self.status != "over":
            self._changed.clear()
            actor = self._actor()
            if actor is not None and actor[1] != "person":
                try:
                    await self._bot_turn(*actor)
                except asyncio.CancelledError:
                    raise
                except Exception as e:          # noqa: BLE001 - a failing bot must not stop the room
                    self.manager.log(f"room {self.code}: the bot of player {actor[0]} failed: {e!r}")
                    await asyncio.sleep(1.0)
                continue
            due = self._standin_due()
            if due is not None and due <= 0:
                self.seats[actor[0]].standin = True
                self.broadcast_state()
                continue
            clock = self.clock.due()
            if clock is not None and clock <= 0:
                await self.clock.time_out()
                continue
            if clock is not None:
                due = clock if due is None else min(due, clock)
            try:
                await asyncio.wait_for(self._changed.wait(), due)
            except asyncio.TimeoutError:
                pass

    async def _bot_turn(self, player, kind):
        delay = table.bot_delay(self)
        if delay > 0:
            await asyncio.sleep(delay)
        seq = self.seq
        if self._actor() != (player, kind):
            return
        seat = self.seats[player]
        action = await self.choice(player, seat.level if seat.kind == "bot" else self.standin_level)
        async with self.lock:
            if self.seq != seq or self._actor() != (player, kind):
                return
            try:
                await self._commit(action, kind)
            except Refusal:
                await asyncio.sleep(1.0)      # storage trouble: try again later

    async def choice(self, player, level):
        """The action a bot of `level` takes for `player` now: the roll, or the move it chooses."""
        if self.state.is_chance:
            return "roll"
        seed = (self.bot_seed + 7919 * player + self.seq) & 0x3FFFFFFF
        return await self.manager.thinker.choose(self.game, self.state.arr, level, seed, self.priority())

    # -- hints and the analysis -------------------------------------------------------------------
    def hints_allowed(self):
        """A hint is for hot-seat and bot games; with invited people at the table only if it allows them."""
        return self.table.get("hints", False) or not any(s.kind == "invite" for s in self.seats)

    async def hint(self, token):
        """Level 6's move for the player on turn, who must be the token's, and the mover's chance after it."""
        if not self.hints_allowed():
            raise Refusal("hint", "hints are off at this table: it has invited players")
        if self.status != "playing" or self.state.is_chance:
            raise Refusal("turn", "a hint is for a move to choose, and there is none now")
        if self.state.current_player not in self.seats_of(token):
            raise Refusal("token", "a hint is for the player on turn")
        seed = (self.bot_seed + 104729 + self.seq) & 0x3FFFFFFF
        return await self.manager.thinker.hint(self.game, self.state.arr, seed)

    async def analysis(self):
        """("done", JSON text) of the finished game's analysis, or ("working", {"ahead": jobs ahead of it or
        None when it runs, "done"/"total": its steps analysed, once it tells them}): made once on the bot
        workers, on the first ask, and stored with the room.  A game without an evaluator is refused at once,
        before it waits in line."""
        if self.status != "over":
            raise Refusal("over", "a game is analysed once it is over")
        if self._analysis is None and self._analysing is None:
            self._analysis = await asyncio.to_thread(self.store.read, lambda conn: db.load_analysis(conn, self.id))
        if self._analysis is not None:
            return "done", self._analysis
        if self._analysing is None:
            try:
                await asyncio.to_thread(evaluator, self.game)
            except NoEvaluator as e:
                raise Refusal("evaluator", e.template, **e.values) from None
            if self._analysing is None:     # another ask may have started it while this one waited
                self._analysing = asyncio.create_task(self._analyse())
        thinker = self.manager.thinker
        done, total = thinker.steps(self._analysis_ticket) or (0, None)
        return "working", {"ahead": thinker.ahead(self._analysis_ticket), "done": done, "total": total}

    async def _analyse(self):
        try:
            text = await self.manager.thinker.analyse(self.record_text(), self._analysis_ticket)
        except Exception as e:          # noqa: BLE001 (a worker that died): the next ask tries again
            self.manager.log(f"room {self.code}: its analysis failed: {e!r}")
            self._analysing = None
            return
        self.store.submit(db.save_analysis(self.id, text))
        self._analysis = text

    # -- what the clients see ---------------------------------------------------------------------
    def broadcast(self, text):
        if isinstance(text, dict):
            text = json.dumps(text, ensure_ascii=False, separators=(",", ":"))
        for c in list(self.conns):
            c.push(text)

    def info(self):
        g = self.game
        over = self.status == "over"
        first = {}                      # a seat token's first seat: the holder the seat list names
        for s in self.seats:
            if s.token_hash is not None:
                first.setdefault(s.token_hash, s.player)
        return {
            "code": self.code, "game": g.name, "title": g.title, "preset": g.preset, "options": g.opts,
            "players": g.players, "wins": self.match.wins, "score": list(self.match.score),
            "round": len(self.match.rounds) + (0 if over else 1), "status": self.status,
            "commit": self.commit, "terms": terms(g), "seed": str(self.seed) if over else None, "salt": self.salt if over else None,
            "public": self.public, "absent_after": self.absent_after, "piece_names": g.piece_names,
            "rematch": self.rematch, "standin_level": self.standin_level,
            "colours": list(g.colours),
            "more_colours": [g.player_name(q) for q in range(g.players, g.colour_rows())],
            "teams": [list(t) for t in g.teams],
            "dice": [list(f) for f in g.dice_faces()],
            "weights": [list(w) for w in g.dice_weights()],
            "marks": [{str(v): m for v, m in die.items()} for die in g.dice_marks() or ()],
            "seats": [{"player": s.player, "colour": g.player_name(s.player), "seat": int(g.seats[s.player]),
                       "kind": s.kind, "name": s.name, "level": self.standin_level if s.resigned else s.level,
                       "open": s.kind == "invite" and s.token_hash is None,
                       "present": s.kind == "bot" or self._present(s.player), "standin": s.standin,
                       "resigned": s.resigned, "holder": first.get(s.token_hash)}
                      for s in self.seats],
            "table": self.table, "hotseat": table.hotseat(self), "hints": self.hints_allowed(),
        }

    def seats_of(self, token):
        """The players a seat token holds here ([] for a token of no seat)."""
        h = token_hash(str(token))
        return [s.player for s in self.seats if s.token_hash is not None and secrets.compare_digest(s.token_hash, h)]

    def summary(self, you):
        """The room as "my games" in the lobby lists it: who plays, whose turn it is."""
        g, turn = self.game, self._turn()
        return {"code": self.code, "game": g.name, "title": g.title, "status": self.status, "you": you,
                "names": [s.name for s in self.seats], "colours": [g.player_name(s.player) for s in self.seats],
                "kinds": [s.kind for s in self.seats], "levels": [s.level for s in self.seats], "turn": turn["player"],
                "winner": self.match.winner if self.status == "over" else None,
                "round": len(self.match.rounds) + (0 if self.status == "over" else 1), "score": list(self.match.score)}

    def _turn(self):
        st = self.state
        if self.status == "waiting":
            return {"player": None, "phase": "waiting", "dice": [], "roll": [], "actor": "none"}
        if self.status == "over" or st.is_over:
            return {"player": None, "phase": "over", "dice": [], "roll": list(st.roll_dice), "actor": "none"}
        actor = self._actor()
        due = self._standin_due()
        return {"player": st.current_player, "phase": "roll" if st.is_chance else "move",
                "dice": list(st.dice), "roll": list(st.roll_dice), "actor": actor[1],
                "absent": actor[1] != "bot" and not self._present(actor[0]), "standin_in": due,
                "clock_in": self.clock.due()}

    def _moves_json(self):
        if self._moves is None:
            st = self.state
            self._moves = [] if (st.is_chance or st.is_over or self.status != "playing") else \
                moves_json(self.game, st)
        return self._moves

    def broadcast_state(self, snapshot=False, **extra):
        """The state after a change to every connection: the legal moves (compact_moves) only to the
        connections of the seat to move; spectators and the other seats get none. `extra` fields
        (an undo's "undone") go to everyone."""
        msg = {**self._state(snapshot), **extra}
        mover = self.state.current_player if self._moves_json() else None
        texts = {}
        for c in list(self.conns):
            mine = mover is not None and mover in c.players
            if mine not in texts:
                texts[mine] = self._text(msg, mine)
            c.push(texts[mine])

    def state_message(self, snapshot=False, conn=None):
        """The state as JSON text, with the legal moves when `conn` holds the seat to move."""
        return self._text(self._state(snapshot), conn is not None and self.state.current_player in conn.players)

    def _text(self, msg, moves):
        msg["moves"] = compact_moves(self._moves_json()) if moves else []
        return json.dumps(msg, ensure_ascii=False, separators=(",", ":"))

    def _state(self, snapshot=False):
        g, st = self.game, self.state
        view = g.view(st.arr)
        msg = {"type": "state", "seq": self.seq, "room": self.info(), "turn": self._turn(),
               "winner": self.match.winner if self.status == "over" else st.winner,
               "order": st.finish_order, "position": position_json(view), "moves": [],
               "last": self.last}
        sig = layout_signature(view)
        if snapshot or sig != self._layout:
            msg["layout"] = layout_json(view)
        if snapshot:
            msg["log"] = self.log
            msg["chat"] = self.chat
        else:
            self._layout = sig
        return msg

    # -- records ------------------------------------------------------------------------------------
    def record_text(self):
        """The record of the match so far; seed and salt only once it is over."""
        revealed = self.status == "over"
        names = [s.name if s.kind != "bot" else f"bot{s.level}" for s in self.seats]
        rounds = list(self.match.rounds)
        if not self.state.is_over:
            rounds.append((self.start, self.state))
        parts = []
        for i, (start, final) in enumerate(rounds, 1):
            extra = {"Site": "pachisi web", "Room": self.code, "DiceCommit": self.commit}
            if revealed:
                extra["DiceSalt"] = self.salt
            if self.match.wins > 1:
                extra.update({"Match": f"first to {self.match.wins} wins", "Round": str(i)})
            headers = records.headers_for(final, names, extra=extra)
            if not revealed:
                headers.pop("Seed")
            parts.append(records.write(final, headers, start=start))
        return "\n".join(parts)

    def unload(self):
        """Stop the room's bots; the room is dropped from memory (the database keeps it)."""
        self.closed = True
        self._changed.set()
        if self._pump is not None:
            self._pump.cancel()

    async def close(self):
        self.unload()
        if self._pump is not None:
            try:
                await self._pump
            except (asyncio.CancelledError, Exception):   # noqa: BLE001
                pass


def _version():
    """pachisi's version: a snapshot is used only by the version that took it."""
    from .. import __version__
    return __version__
