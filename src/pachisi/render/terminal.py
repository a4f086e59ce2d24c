"""Draw any game's BoardView in a terminal with Rich.

Every player has a colour and a symbol (colour-blind safe); a piece is its
player's symbol and its letter, upper-case while it hides in a shelter; a
number before it counts the pieces on that square.  Fences (Kimbo) are drawn
in the gaps between squares."""
from rich.text import Text

SYMBOLS = ("●", "▲", "■", "◆")
STYLES = ("bold red", "bold green", "bold yellow", "bold blue")
EMPTY = {"track": "·", "corner": "◇", "shelter": "⌂", "start": "▸", "house": "░", "goal": "★",
         "centre": " ", "bur": "✕", "safe": "☆", "entrance": "▫", "teleport": "◇"}


def seat_style(seat):
    return STYLES[seat % 4] if seat is not None else "dim"


def piece_mark(game, player, piece, hidden):
    seat = game.seats[player]
    letter = game.piece_names[piece]
    return SYMBOLS[seat % 4] + (letter.upper() if hidden else letter), seat_style(seat)


def _square_text(game, square):
    if square is None:
        return Text("   ")
    if square.pieces:
        player, piece, hidden = square.pieces[0]
        mark, style = piece_mark(game, player, piece, hidden)
        count = str(len(square.pieces)) if len(square.pieces) > 1 else " "
        return Text(count, style="bold") + Text(mark, style=style)
    char = EMPTY.get(square.kind, "·")
    style = seat_style(square.owner) if square.owner is not None else ("cyan" if square.kind != "track" else "dim")
    return Text(f" {char} ", style=style)


def render(game, view):
    """The board as Rich Text."""
    out = Text()
    if view.walls:
        return _render_with_walls(game, view)
    for r in range(view.rows):
        for c in range(view.cols):
            out += _square_text(game, view.squares.get((r, c)))
        out += "\n"
    out += legend(game, view)
    return out


def _render_with_walls(game, view):
    vertical, horizontal = {}, {}          # upper-left square of a wall -> seat
    for a, b, seat in view.walls:
        (r1, c1), (r2, c2) = sorted((tuple(a), tuple(b)))
        (vertical if r1 == r2 else horizontal)[(r1, c1)] = seat
    out = Text()
    for r in range(view.rows):
        for c in range(view.cols):
            out += _square_text(game, view.squares.get((r, c)))
            if c < view.cols - 1:
                out += Text("┃", style=seat_style(vertical[(r, c)])) if (r, c) in vertical else Text(" ")
        out += "\n"
        if r < view.rows - 1:
            for c in range(view.cols):
                out += Text("━━━", style=seat_style(horizontal[(r, c)])) if (r, c) in horizontal else Text("   ")
                if c < view.cols - 1:
                    out += " "
            out += "\n"
    out += legend(game, view)
    return out


def legend(game, view):
    out = Text()
    for player in range(game.players):
        seat = game.seats[player]
        out += Text(f"{SYMBOLS[seat % 4]} {game.player_name(player)}", style=seat_style(seat))
        extra = view.off_board.get(player, {})
        if extra:
            out += Text(" (" + ", ".join(f"{k} {v}" for k, v in extra.items()) + ")")
        out += "   "
    return out + "\n"
