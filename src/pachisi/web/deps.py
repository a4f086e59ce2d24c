"""What every route and the WebSocket protocol need: the request's address and language, a refusal as an
answer, and a room looked up by its code within the address's budget of unknown codes.  The app's parts
(settings, limits, the room cache) are on app.state, set by create_app."""
from fastapi import Request
from fastapi.responses import JSONResponse

from ..i18n import negotiate
from .errors import Refusal


def address_of(request):
    """The client's address (behind a trusted proxy, the one it forwards)."""
    return request.client.host if request.client else "?"


def refusal(e, lang="en", status=400):
    """A Refusal as the answer to a request, told in `lang`."""
    return JSONResponse({"code": e.code, "message": e.message(lang)}, status_code=status)


def request_lang(request: Request) -> str:
    """The language of a request's refusals: its Accept-Language (the web client sends the one picked)."""
    return negotiate(request.headers.get("accept-language"))


async def look_up(app, code, address, fetch=None, token=None, key=None):
    """The room of `code` (or what `fetch` gives of it), or the Refusal to answer: guessing codes is
    paid from the address's budget of unknown codes; once it is spent, every lookup from there waits
    (429), but one that carries a seat token of the room (or its invitation key) is answered: a
    neighbour at the same address who spent the budget does not lock a player out of their own room."""
    limits, manager = app.state.limits, app.state.manager
    if not limits.may_look_up(address) and not await manager.vouches(code, token, key):
        raise Refusal("rate", "too many lookups of rooms that do not exist from here; wait a minute")
    found = await (fetch or manager.get)(code)
    if found is None:
        await limits.missed(address)
        raise Refusal("room", "no room {code}", code=code)
    return found


async def room_or_refusal(code, request, lang, fetch=None, token=None, key=None):
    """(room, None) or (None, the response refusing the lookup)."""
    try:
        return await look_up(request.app, code, address_of(request), fetch, token, key), None
    except Refusal as e:
        return None, refusal(e, lang, 429 if e.code == "rate" else 404)
