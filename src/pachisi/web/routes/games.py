"""The games as the lobby and the rules pages read them: every game with its options, presets and bot
levels, a game's rules and how-to-play page, and the dice it rolls (catalogue.py says them)."""
from fastapi import APIRouter, Depends, Request

from ...engine.game import GameError
from ...engine.options import OptionError
from ...engine.position import options_object
from .. import catalogue
from ..deps import refusal, request_lang
from ..errors import Refusal
from ..schemas import DiceFaces, Lobby, PlayPage, RulesPage

router = APIRouter()


@router.get("/api/lobby", response_model=Lobby)
def lobby(request: Request):
    """Every game with its options and presets, and the bot levels."""
    return catalogue.lobby(request.app.state.settings.docs_dir)


@router.get("/api/games/{name}/rules", response_model=RulesPage)
def rules(name: str, request: Request, lang: str = Depends(request_lang)):
    try:
        return catalogue.rules_page(name, request.app.state.settings.docs_dir, lang)
    except OptionError as e:
        return refusal(Refusal("game", "{error}", error=e), lang, 404)


@router.get("/api/games/{name}/play", response_model=PlayPage)
def play(name: str, request: Request, lang: str = Depends(request_lang)):
    """How to play the game, for players, with its diagrams (404 when the page is not at hand)."""
    try:
        page = catalogue.play_page(name, request.app.state.settings.docs_dir, lang)
    except OptionError as e:
        return refusal(Refusal("game", "{error}", error=e), lang, 404)
    if page is None:
        return refusal(Refusal("game", "no how-to-play page for {game}", game=name), lang, 404)
    return page


@router.get("/api/games/{name}/dice", response_model=DiceFaces)
def dice(name: str, players: int | None = None, preset: str | None = None, options: str | None = None,
         lang: str = Depends(request_lang)):
    """The dice the game rolls with these options (for checking rolls in the browser)."""
    try:
        return catalogue.dice_faces(name, players, preset, options_object(options) if options else {})
    except (OptionError, GameError, ValueError) as e:
        return refusal(Refusal("options", "{error}", error=e), lang)
