"""What a table offers beyond the moves: how fast its bots play, a turn clock, resigning, undo at a
hot-seat table and quick reactions.

Bot speed: every connection says the speed its player chose (hello's and pace's `speed`); a bot waits,
before each roll and move, Settings.bot_delay times that speed's factor, the slowest of the seated
people's choices (so that every player can follow), else of the spectators', else the server's
default.  "instant": the bot acts as soon as it has chosen.

Turn clock (a table option, off unless asked for): a person on turn has `clock` seconds for each
decision; then the server plays for them what the room's stand-in bot would (the roll, or its move),
told in the log as played "by clock".  After `misses` turns in a row missed so, `then` says what
follows: "bot", a bot plays their seat until they say they are back; "forfeit", they resign.  The
clock lives on the server (Settings.now is its time) and is distinct from the stand-in for an absent
player, who waits `absent_after` seconds whether or not the table has a clock.

Resigning: a person gives up a seat they hold, and with it the other seats that are theirs (an invited
person's every seat; at the host's screen, the seat's team partners); a bot of the room's stand-in level
plays each to the end, so the game goes on for the others as its rules are written (no rule text of the
family provides for a player's pieces leaving the board mid-game, and the record must replay by the rules).  The log and the
seat say who resigned.

Undo: at a hot-seat table (every seat a person at one screen, no bot, nobody invited) the last move is
taken back, with the rolls after it, as the command line's `undo`: the stored actions after it are
deleted and the room replays the rest (the dice follow from the seed, so the same roll comes again).
Anywhere else it is refused: it would take back other people's moves.

Reactions: a few emoji, from players and spectators alike, told to everyone in the room and not kept;
they are paid from the chat allowance of the seat (or the spectator's connection).
"""
import asyncio
import json

from ..i18n import Term
from . import db
from .errors import Refusal
from .schemas import REACTIONS, SPEEDS as SPEED_NAMES, TableOptions

MESSAGES = frozenset({"resign", "back", "undo", "react"})     # the client messages handle() takes

# a speed's factor of Settings.bot_delay (the "normal" pace)
SPEEDS = dict(zip(SPEED_NAMES, (0.0, 0.3, 1.0, 2.0)))


def bot_delay(room):
    """Seconds a bot of `room` waits before its next action, by the speeds its people chose."""
    seated = [c.speed for c in room.conns if c.players]
    chosen = seated or [c.speed for c in room.conns]
    factor = max((SPEEDS[s] for s in chosen), default=1.0)
    return room.settings.bot_delay * factor


def table_options(text):
    """A room's stored table options (JSON; empty for a room made before them), every field filled in."""
    return TableOptions.model_validate(json.loads(text or "{}")).model_dump()


def missed_turns(log, player):
    """How many of `player`'s last turns in a row the clock played (any of their decisions in them): a
    turn in which the person decided something themselves ends the count."""
    count, counted = 0, False
    for e in reversed(log):
        if e["p"] != player or e["k"] == "resign":
            continue
        if e["by"] != "clock":
            break
        if not counted:
            count, counted = count + 1, True
        if e["k"] == "roll":            # the turn began here: an earlier clocked decision is another turn
            counted = False
    return count


class TurnClock:
    """A room's turn clock: when the decision on turn began, and what a time-out does."""

    def __init__(self, room):
        self.room = room
        self._seq = None            # the position whose decision is being timed
        self._start = 0.0

    def due(self):
        """Seconds left for the decision of the person on turn (None: no clock is running)."""
        room = self.room
        seconds = room.table["clock"]
        actor = room._actor()
        if not seconds or actor is None or actor[1] != "person":
            self._seq = None
            return None
        now = room.settings.now()
        if self._seq != room.seq:
            self._seq, self._start = room.seq, now
        return max(0.0, self._start + seconds - now)

    async def time_out(self):
        """The time is up: play the stand-in's choice for the person; after too many turns so, `then`."""
        room = self.room
        player, seq = room.state.current_player, room.seq
        action = await room.choice(player, room.standin_level)
        async with room.lock:
            if room.seq != seq or room._actor() != (player, "person"):
                return                  # they decided meanwhile
            await room._commit(action, "clock")
            if missed_turns(room.log, player) < room.table["misses"] or room.status != "playing":
                return
            if room.table["then"] == "forfeit":
                await _resign(room, player, "clock")
            else:
                room.seats[player].standin = True
                room.broadcast_state()


def back(room, conn):
    """A person says they are back: the bot that played for them (clock or absence) stops."""
    if not conn.players:
        raise Refusal("spectator", "you are watching: take a seat to play")
    for p in conn.players:
        room.seats[p].standin = False
    room.broadcast_state()
    room._changed.set()


# -- resigning ---------------------------------------------------------------------------------------------
async def resign(room, conn, player):
    """`conn`'s person gives up seat `player` and the seats that are theirs with it (together); bots play
    them on."""
    if player not in conn.players:
        raise Refusal("token", "you hold no seat {player} here", player=player)
    async with room.lock:
        if room.status == "waiting":
            raise Refusal("waiting", "the game starts when every invited player has taken a seat")
        if room.status == "over":
            raise Refusal("over", "the game is over")
        for p in together(room, conn.players, player):
            await _resign(room, p, "person")


def together(room, held, player):
    """The seats a resignation of `player` gives up, of the seats `held` by one token: a person resigns
    every seat they hold.  An invited person's token is one person: all its invited seats.  The host's
    local seats may seat several people at one screen: the seat and its team partners held there."""
    if room.seats[player].kind == "invite":
        same = [p for p in held if room.seats[p].kind == "invite"]
    else:
        team = next((t for t in room.game.teams if player in t), (player,))
        same = [p for p in held if p in team and room.seats[p].kind == "local"]
    return [player] + [p for p in same if p != player]


async def _resign(room, player, why):
    """Store and tell a resignation (the room lock is held); its connections no longer act for the seat,
    so the state that tells it already goes to them without the seat's moves."""
    holders = [c for c in room.conns if player in c.players]
    for c in holders:
        c.players.remove(player)
    try:
        await room._commit(None, why, checked=("resign", f"{player} clock" if why == "clock" else str(player)))
    except BaseException:
        for c in holders:           # not stored: the seat is still theirs
            c.players.append(player)
            c.players.sort()
        raise


# -- undo ----------------------------------------------------------------------------------------------------
def hotseat(room):
    """Every seat a person at one screen (one token holds them all), no bot and nobody invited."""
    hashes = {s.token_hash for s in room.seats}
    return all(s.kind == "local" and not s.resigned for s in room.seats) and len(hashes) == 1 and None not in hashes


async def undo(room, conn, seq):
    """Take back the last move of the game under way, with the rolls after it (a hot-seat table only)."""
    if not hotseat(room):
        raise Refusal("undo", "undo is for hot-seat games (every seat a person at this screen): here it would "
                              "take back moves of {who}",
                      who=Term("bots") if any(s.kind == "bot" or s.resigned for s in room.seats)
                      else Term("other people"))
    if not conn.players:
        raise Refusal("spectator", "you are watching: take a seat to play")
    async with room.lock:
        if seq != room.seq:
            raise Refusal("stale", "your action was made on position {seq}, but the game is at position "
                                   "{now}: it was not applied", seq=seq, now=room.seq)
        if room.status != "playing":
            raise Refusal("over", "the game is over")
        game = len(room.match.rounds) + 1
        moves = [e["n"] for e in room.log if e["k"] == "move" and e["r"] == game]
        if not moves:
            raise Refusal("undo", "nothing to undo in this game")
        keep = moves[-1]
        write = db.delete_actions_from(room.id, keep)
        if room.manager.cluster is not None:
            write = room.manager.cluster.fenced(room.code, write)
        try:
            await asyncio.wrap_future(room.store.submit(write))
        except db.StoreError as e:
            raise Refusal("storage", "the move could not be stored, so it was not made: {problem}",
                          problem=str(e)) from None
        undone = room.log[keep]["v"]
        room._replay([{"n": e["n"], "kind": e["k"], "value": e["v"], "by": e["by"], "client_id": None}
                      for e in room.log[:keep]])
        room._moves = room._legal = None
        room.broadcast_state(snapshot=True, undone=undone)
        room._changed.set()


# -- reactions -----------------------------------------------------------------------------------------------
def react(room, conn, emoji):
    """Tell everyone in the room a player's (or a spectator's) quick reaction."""
    if emoji not in REACTIONS:
        raise Refusal("malformed", "not a reaction: {emoji}", emoji=emoji)
    if not conn.chat_bucket.take():
        raise Refusal("rate", "you are chatting too fast; wait a moment")
    room.broadcast({"type": "react", "emoji": emoji, "player": conn.players[0] if conn.players else None})


async def handle(room, conn, msg):
    """One of the table's messages (MESSAGES) from `conn`.  A resignation or an undo, once begun, runs to
    its end even if the sender goes away meanwhile (as a move does: Room.act)."""
    if msg.type == "react":
        return react(room, conn, msg.emoji)
    if msg.type == "back":
        return back(room, conn)
    work = resign(room, conn, msg.player) if msg.type == "resign" else undo(room, conn, msg.seq)
    task = asyncio.ensure_future(work)
    task.add_done_callback(lambda t: t.cancelled() or t.exception())
    return await asyncio.shield(task)
