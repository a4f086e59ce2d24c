"""What the server refuses: a Refusal (an action or request refused, nothing changed) with its code, told in
the client's language; every part of the server raises these, and the routes and the WebSocket protocol
answer them."""
from ..i18n import Error


class Refusal(Error):
    """An action or request the room refuses; nothing was changed.  `code` says
    what kind of refusal it is; `message(lang)` tells it in the client's language."""

    def __init__(self, code, template, /, **values):
        self.code = code
        super().__init__(template, **values)

    @classmethod
    def illegal(cls, e):
        """The refusal of a move the engine does not allow (an IllegalMove)."""
        return cls("illegal", "{error}", error=e)


DATABASE_AWAY = Refusal("unavailable", "the server cannot reach its database just now; try again in a moment")
