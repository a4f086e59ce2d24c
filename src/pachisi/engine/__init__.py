"""The rules engine.  This package's own module holds what needs no numpy and
no compiled rules: the engine's errors and the hook through which str(state)
draws a board, so that the command line's help and its error handling import
neither (pachisi.engine.game re-exports the errors)."""
from __future__ import annotations

from typing import Any, Callable

from ..i18n import Error, render


class GameError(Error):
    """Something asked of a game that its rules or its state do not allow
    (an English template and its values, so it can be told in any language)."""


class IllegalMove(GameError):
    """A move the position does not allow; the message says why, in English.

    The parts stay apart so that the refusal can be told in another language
    without parsing the message: `move` (the move's text, or None), `reason`
    (the English sentence, a template when `values` fill its {fields})."""

    def __init__(self, reason: str, move: str | None = None, /, **values: Any) -> None:
        self.reason, self.move = reason, move
        super().__init__(reason, **values)

    def message(self, lang: str = "en") -> str:
        """The refusal in `lang` ("6a: roll the dice first")."""
        return render(self.reason, lang, self.move, **self.values)


board_text: Callable[[Any, Any], str] | None = None


def draw_boards_with(drawer: Callable[[Any, Any], str] | None) -> None:
    """Let str(state) draw the board: drawer(game, view) is the board as plain
    text (pachisi's package registers the terminal renderer's; the engine
    imports no front end)."""
    global board_text
    board_text = drawer
