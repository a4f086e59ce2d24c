"""Uploaded records: verified (every roll re-derived from the revealed seed), turned into replay frames or
analysed (pachisi.analysis: each move's equity lost, each roll's luck, the dice), each checked in the worker
pool within its address's budget (checking.py), and a record's answer kept, so it is worked out once."""
from fastapi import APIRouter, Depends, Request
from fastapi.responses import Response

from ..deps import address_of, refusal, request_lang
from ..errors import Refusal
from ..schemas import ReplayOut, VerifyReport

router = APIRouter()


async def _body_text(request):
    raw = await request.body()
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return None


async def _checked(kind, request, lang):
    """A record checked in the worker pool: its answer, or the refusal of its budget."""
    checker, who = request.app.state.checker, address_of(request)
    early = checker.refused_now(who, lang)        # before the body is read into memory
    if early is not None:
        status, body = early
    else:
        text = await _body_text(request)
        if text is None:
            return refusal(Refusal("malformed", "a record is UTF-8 text"), lang)
        status, body = await checker.run(kind, text, who, lang)
    headers = {"Retry-After": "5"} if status in (429, 503) else None
    return Response(body, status_code=status, media_type="application/json", headers=headers)


@router.post("/api/verify", response_model=VerifyReport)
async def verify(request: Request, lang: str = Depends(request_lang)):
    """Re-derive every roll of a record (the request body) from its revealed seed."""
    return await _checked("verify", request, lang)


@router.post("/api/replay", response_model=ReplayOut)
async def replay(request: Request, lang: str = Depends(request_lang)):
    """A record (the request body) as frames to step through."""
    return await _checked("replay", request, lang)


@router.post("/api/analyse")
async def analyse(request: Request, lang: str = Depends(request_lang)):
    """A finished game's analysis (the request body: its record), as `pachisi analyse --json` gives it."""
    return await _checked("analyse", request, lang)
