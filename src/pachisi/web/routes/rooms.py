"""Rooms over HTTP: the public rooms waiting for players, "my games", making a room, its info, joining a
seat, a rematch, the record, a hint and the finished game's analysis (the live room is the WebSocket's,
protocol.py)."""
from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse, PlainTextResponse, Response

from ..deps import address_of, refusal, request_lang, room_or_refusal
from ..errors import Refusal
from ..schemas import (Created, CreateRoom, Hint, HintIn, Joined, JoinRoom, MyRoom, MyRooms, OpenRoom, Rematch,
                       RematchIn, RoomInfo)

router = APIRouter()


@router.get("/api/rooms", response_model=list[OpenRoom])
def open_rooms(request: Request):
    """Public rooms waiting for invited players."""
    return request.app.state.manager.open_rooms()


@router.post("/api/rooms/mine", response_model=list[MyRoom])
async def my_rooms(spec: MyRooms, request: Request, lang: str = Depends(request_lang)):
    """The rooms a browser holds seats in (its tokens), with whose turn it is; unknown rooms and tokens
    that hold no seat are left out, and paid for from the address's budget of lookups as a GET of an
    unknown code is.  A room a token holds a seat in is answered whatever that budget holds."""
    address, limits = address_of(request), request.app.state.limits
    out, missed = await request.app.state.manager.mine(spec.tokens)
    if missed:
        if not out and not limits.may_look_up(address):
            return refusal(Refusal("rate", "too many lookups of rooms that do not exist from here; wait a "
                                           "minute"), lang, 429)
        await limits.missed(address, missed)
    return out


@router.post("/api/rooms", response_model=Created, status_code=201)
async def create_room(spec: CreateRoom, request: Request, lang: str = Depends(request_lang)):
    refused = await request.app.state.limits.may_create(address_of(request))
    if refused:
        return refusal(refused, lang, 429)
    try:
        room, token = await request.app.state.manager.create(spec)
    except Refusal as e:
        return refusal(e, lang)
    key = room.invite_key()
    return {"code": room.code, "token": token, "url": f"/r/{room.code}?k={key}", "key": key}


@router.get("/api/rooms/{code}", response_model=RoomInfo)
async def room_info(code: str, request: Request, lang: str = Depends(request_lang)):
    # an unloaded room answers without being loaded again
    info, refused = await room_or_refusal(code, request, lang, request.app.state.manager.info)
    return refused or info


@router.post("/api/rooms/{code}/join", response_model=Joined)
async def join(code: str, spec: JoinRoom, request: Request, lang: str = Depends(request_lang)):
    """Take one open seat (`player`) or several (`players`: all or none), with `token` under the seat token
    the caller already holds here (one person playing a team's two colours)."""
    room, refused = await room_or_refusal(code, request, lang, key=spec.key, token=spec.token)
    if refused:
        return refused
    try:
        if spec.player is not None and spec.players is not None:
            raise Refusal("seat", "name the seats to take once: player or players, not both")
        players = spec.players if spec.players is not None else [] if spec.player is None else [spec.player]
        token = await room.join(players, spec.name, spec.key, spec.token)
    except Refusal as e:
        return refusal(e, lang, {"taken": 409, "key": 403, "token": 403}.get(e.code, 400))
    return {"code": room.code, "token": token, "player": players[0], "players": players}


@router.post("/api/rooms/{code}/rematch", response_model=Rematch)
async def rematch(code: str, spec: RematchIn, request: Request, lang: str = Depends(request_lang)):
    """A finished room's rematch: same game, seats and bots, new dice; every player keeps their seat
    (their token holds it there too).  Asked again by any player: the same new room."""
    room, refused = await room_or_refusal(code, request, lang)
    if refused:
        return refused
    try:
        new = await request.app.state.manager.rematch(room, spec.token)
    except Refusal as e:
        return refusal(e, lang, 403 if e.code == "token" else 409)
    return {"code": new.code, "url": f"/r/{new.code}"}


@router.get("/api/rooms/{code}/record", response_class=PlainTextResponse)
async def record(code: str, request: Request, lang: str = Depends(request_lang)):
    """The record of the room's game (match); seed and salt once it is over."""
    room, refused = await room_or_refusal(code, request, lang)
    if refused:
        return refused
    name = f"{room.game.name}-{room.code}.txt"
    return PlainTextResponse(room.record_text(), headers={
        "Content-Disposition": f'attachment; filename="{name}"'})


@router.post("/api/rooms/{code}/hint", response_model=Hint)
async def hint(code: str, spec: HintIn, request: Request, lang: str = Depends(request_lang)):
    """Level 6's move for the player on turn (the token's) and the mover's chance after it; for hot-seat
    and bot games, and at a table with invited people only if it allows hints."""
    room, refused = await room_or_refusal(code, request, lang, token=spec.token)
    if refused:
        return refused
    try:
        return await room.hint(spec.token)
    except Refusal as e:
        return refusal(e, lang, 403 if e.code in ("hint", "token") else 409)


@router.get("/api/rooms/{code}/analysis")
async def analysis(code: str, request: Request, lang: str = Depends(request_lang)):
    """The finished game's analysis (200, as `pachisi analyse --json` gives it), made once on the bot
    workers on the first ask and stored with the room; while it is being made, 202 with `ahead`: the jobs
    that start before it (null once it runs), and `done` of `total` steps (rolls and moves) analysed (total
    null until the worker tells it).  Ask again until it is there."""
    room, refused = await room_or_refusal(code, request, lang)
    if refused:
        return refused
    try:
        status, body = await room.analysis()
    except Refusal as e:
        return refusal(e, lang, 409)
    if status == "working":
        return JSONResponse({"status": "working", **body}, status_code=202, headers={"Retry-After": "1"})
    return Response(body, media_type="application/json")
