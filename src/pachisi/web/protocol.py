"""The WebSocket protocol of a live room (docs/web.md, "Messages"): a client says hello with its seat
token (or none, to watch), then sends actions, chat and the table's messages; each is a pydantic model
(schemas.ClientMessage) of bounded size, within the connection's rate, and refused with an error message
that changes nothing when it is not.  The room (rooms.py) referees what is accepted."""
import asyncio
import json

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import ValidationError

from . import table
from .connections import Connection
from .db import UNREACHABLE, StoreUnavailable
from .deps import address_of, look_up
from .errors import DATABASE_AWAY, Refusal
from .rooms import token_hash
from .schemas import ClientMessage, ErrorOut, Pong, Welcome

router = APIRouter()


@router.websocket("/ws/{code}")
async def room_socket(ws: WebSocket, code: str):
    """A live room: hello (with a seat token, or none to watch), then actions, chat and the table's messages;
    every message the room sends back is queued on the connection and sent by its own loop."""
    await ws.accept()
    settings, limits, manager = ws.app.state.settings, ws.app.state.limits, ws.app.state.manager
    address = address_of(ws)
    first = token = None
    if not limits.may_look_up(address):     # the budget spent here: the hello's seat token may vouch
        try:
            first = await asyncio.wait_for(ws.receive(), settings.limits.header_timeout or None)
            hello = json.loads(first.get("text") or "{}")
            token = hello.get("token") if isinstance(hello, dict) and hello.get("type") == "hello" else None
        except (asyncio.TimeoutError, ValueError, WebSocketDisconnect, RuntimeError):
            first = None
        if first is not None and first.get("type") == "websocket.disconnect":
            return
    try:
        room = await look_up(ws.app, code, address, token=token if isinstance(token, str) else None)
    except Refusal as e:
        await ws.send_text(_error(e))
        await ws.close(code=4429 if e.code == "rate" else 4404)
        return
    except (StoreUnavailable, *UNREACHABLE):     # the room cannot be read now: the client tries again
        await ws.send_text(_error(DATABASE_AWAY))
        await ws.close(code=1013)
        return
    if room.closed:                 # served by another process (or by none while this one stops)
        await ws.close(code=1012)
        return
    conn = Connection(settings)
    sender = asyncio.create_task(_send_loop(conn, ws))
    attached = False
    close_code = 1000
    try:
        while not conn.closed:
            message, first = first or await ws.receive(), None
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            if text is None:
                raw = message.get("bytes") or b""
                text = raw.decode("utf-8", "replace")
            if len(text.encode("utf-8")) > settings.max_message:
                conn.push(_error(Refusal("too_large", "a message is at most {limit} bytes",
                                         limit=settings.max_message), conn.lang))
                conn.strikes += 1
                if conn.strikes > 3:
                    break
                continue
            if not conn.bucket.take():
                conn.push(_error(Refusal("rate", "too many messages; slow down"), conn.lang))
                conn.strikes += 1
                if conn.strikes > 50:
                    break
                continue
            try:
                msg = ClientMessage.validate_json(text)
            except ValidationError as e:
                error = e.errors()[0]
                where = ".".join(str(x) for x in error.get("loc", ()))
                problem = f"{where} {error.get('msg', '')}".strip()
                conn.push(_error(Refusal("malformed", "not a valid message: {problem}", problem=problem),
                                 conn.lang))
                continue
            if msg.type == "hello":
                if attached:
                    conn.push(_error(Refusal("malformed", "hello was already said"), conn.lang))
                    continue
                conn.lang, conn.speed = msg.lang, msg.speed
                room = await manager.get(room.code) or room     # the room in memory now (it may have
                if room.closed:                                    # been unloaded since the connection came)
                    close_code = 1012
                    break
                h = token_hash(msg.token) if msg.token else None
                seat = h if h and (room.seats_of(msg.token) or h == room.host_hash) else None
                full = limits.admit(conn, room.code, address, seat)
                if full:
                    await ws.send_text(_error(full, conn.lang))
                    close_code = 4429
                    break
                problem = room.attach(conn, msg.token)
                attached = True
                key = room.invite_key() if conn.players or conn.host else None
                conn.push(Welcome(code=room.code, you=conn.players, spectator=not conn.players, host=conn.host,
                                  resigns=[table.together(room, conn.players, p) for p in conn.players],
                                  key=key).model_dump_json())
                if problem:
                    conn.push(_error(problem, conn.lang))
                conn.push(room.state_message(snapshot=True, conn=conn))
                if conn.players:
                    room.broadcast_state()
                continue
            if not attached:
                conn.push(_error(Refusal("hello", "say hello first (with your seat token, or none to watch)"),
                                 conn.lang))
                continue
            if msg.type == "ping":
                conn.push(Pong(seq=room.seq).model_dump_json())
                continue
            if msg.type == "pace":
                conn.speed = msg.speed
                continue
            try:
                if msg.type == "act":
                    if not conn.act_bucket.take():
                        raise Refusal("rate", "too many actions from this seat; slow down")
                    if not limits.may_be_refused(address):
                        raise Refusal("rate", "too many refused actions from your address; wait a little")
                    try:
                        await room.act(conn, msg.seq, msg.action, msg.id)
                    except Refusal:
                        await limits.was_refused(address)
                        raise
                elif msg.type in table.MESSAGES:
                    if not conn.act_bucket.take():
                        raise Refusal("rate", "too many actions from this seat; slow down")
                    await table.handle(room, conn, msg)
                else:
                    await room.say(conn, msg.text)
            except Refusal as e:
                conn.push(_error(e, conn.lang, room.seq, getattr(msg, "id", None)))
    except WebSocketDisconnect:
        pass
    finally:
        if attached:
            room.detach(conn)
        conn.release()
        conn.closed = True
        sender.cancel()
        try:
            await ws.close(code=close_code)
        except Exception:             # noqa: BLE001 - already closed
            pass


async def _send_loop(conn, ws):
    try:
        while True:
            text = await conn.queue.get()
            if text is None:                # Connection.end: closed with its code
                await ws.close(code=conn.close_code)
                return
            await ws.send_text(text)
    except asyncio.CancelledError:
        pass
    except Exception:                     # noqa: BLE001 - the client went away
        conn.closed = True


def _error(e, lang="en", seq=None, client_id=None):
    """A Refusal as the WebSocket error message, told in `lang`."""
    return ErrorOut(code=e.code, message=e.message(lang), seq=seq, id=client_id).model_dump_json()
