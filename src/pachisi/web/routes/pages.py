"""The front end's pages and the process's health: the page itself (at /, at an invitation /r/CODE, and as
the not-found page of any other address), /healthz and /readyz."""
import asyncio
from pathlib import Path

from fastapi import APIRouter, Depends, Request
from fastapi.responses import FileResponse, JSONResponse
from sqlalchemy import text

from ..deps import refusal, request_lang
from ..errors import Refusal
from ..rooms import CODE_ALPHABET, CODE_LENGTH

STATIC = Path(__file__).resolve().parents[1] / "static"

router = APIRouter()
# registered after every other route: what no route answers
fallback = APIRouter()


def index(status=200):
    return FileResponse(STATIC / "index.html", status_code=status, headers={"Cache-Control": "no-cache"})


@router.get("/healthz", include_in_schema=False)
def healthz():
    """Liveness: the process answers (its event loop runs)."""
    return {"status": "ok"}


@router.get("/readyz", include_in_schema=False)
async def readyz(request: Request):
    """Readiness: the process takes rooms (not draining) and reaches its database (and Redis, with
    several processes); else 503 naming what is missing."""
    state, problems = request.app.state, []
    if state.draining:
        problems.append("draining")
    try:
        await asyncio.wait_for(asyncio.to_thread(state.store.read, lambda c: c.execute(text("SELECT 1"))), 2)
    except Exception:                   # noqa: BLE001 - reported as not ready
        problems.append("database")
    if state.cluster is not None and not await state.cluster._check_redis():
        problems.append("redis")
    if problems:
        return JSONResponse({"status": "unready", "problems": problems}, status_code=503,
                            headers={"Retry-After": "2"})
    return {"status": "ready"}


@router.get("/r/{code}", include_in_schema=False)
def invitation(code: str):
    """The room's page; a code that cannot be a room's is the page that says so, with status 404."""
    known = len(code) == CODE_LENGTH and all(ch in CODE_ALPHABET for ch in code.upper())
    return index(200 if known else 404)


@router.get("/", include_in_schema=False)
def home():
    return index()


@fallback.get("/{path:path}", include_in_schema=False)
def elsewhere(path: str, lang: str = Depends(request_lang)):
    """Any other address: a page that says it is not there (the API's own answer is JSON)."""
    if path.startswith(("api/", "ws/", "static/")):
        return refusal(Refusal("missing", "nothing at /{path}", path=path), lang, 404)
    return index(404)
