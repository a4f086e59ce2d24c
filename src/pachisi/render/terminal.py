"""Draw any game's BoardView in a terminal with Rich.

Every player has its own colour and a symbol (colour-blind safe); a piece is
its player's symbol and its letter, upper-case while it hides in a shelter.
Every piece on a square is drawn: a square holds two marks side by side, and
a square with more pieces than fit lists them all under the board.  Files
(letters) and ranks (numbers) run along the edges, so every square has a name
(a1 is bottom left, as in chess); numbered squares are named by their
number.  Fences are drawn in the gaps between squares.  A legend explains every sign the board shows.
"""
from rich.text import Text

from ..engine.view import MoveEffects
from ..i18n import colour_name, owner_name, render as tr, tell, translate

SYMBOLS = ("●", "▲", "■", "◆", "▼", "⬢", "✦", "✚")  # by seat, so shape tells players apart without colour
COLOUR_STYLES = {"red": "bold red", "green": "bold green", "yellow": "bold yellow", "blue": "bold blue",
                 "purple": "bold magenta", "orange": "bold dark_orange", "pink": "bold hot_pink", "grey": "bold grey62"}
EMPTY = {"track": "·", "corner": "◇", "shelter": "⌂", "start": "▸", "house": "░", "goal": "★",
         "centre": " ", "bur": "✕", "safe": "☆", "entrance": "▫", "teleport": "◇", "castle": "✕"}
KIND_WORDS = {"start": "start square", "safe": "safe square", "house": "home column", "goal": "the goal",
              "shelter": "shelter", "corner": "corner", "teleport": "corner: a piece stopping here jumps",
              "bur": "the БУР", "entrance": "entrance to the centre", "castle": "castle: closed to the other team"}
FILES = "abcdefghijklmnopqrstuvwxyz"
CELL = 4                                           # characters a square takes: room for two pieces, "●a▲b"
HIGHLIGHT = "on grey27"


def seat_style(game, seat):
    """The Rich style of a seat: the colour the game gives that seat."""
    return COLOUR_STYLES.get(game.colours[seat], "bold") if seat is not None else "dim"


def piece_mark(game, player, piece, hidden=False):
    """A piece as (text, style): its player's symbol and its letter (a capital while hidden)."""
    seat = game.seat_of(player)
    letter = game.piece_names[piece]
    return SYMBOLS[seat % len(SYMBOLS)] + (letter.upper() if hidden else letter), seat_style(game, seat)


def cell_name(view, rc, lang="en"):
    """The name of square (row, col): its number where the board prints one, the goal
    by its word, a centre "C" (as a notation writes it), else file and rank."""
    square = view.squares.get(rc)
    if square is not None and square.label.isdigit() and square.kind != "house":
        return square.label
    if square is not None and square.kind == "goal":
        return translate("the goal", lang)
    if square is not None and square.kind == "centre":
        return "C"
    r, c = rc
    return f"{FILES[c]}{view.rows - r}"


def _pieces_text(game, pieces):
    """The marks of the pieces on one square, CELL characters wide; True when not all fit."""
    marks = [piece_mark(game, *p) for p in pieces]
    if len(marks) == 1:
        mark, style = marks[0]
        return Text.assemble(" ", (mark, style), " "), False
    if len(marks) == 2:
        return Text.assemble(*marks), False
    players = {p for p, _, _ in pieces}
    if len(players) == 1 and len(marks) <= CELL - 1:       # one player's pieces: a symbol and their letters
        sym, style = marks[0][0][0], marks[0][1]
        return Text.assemble((sym + "".join(m[1:] for m, _ in marks), style), " " * (CELL - 1 - len(marks))), False
    if len(players) == 1:                                  # more of one player's pieces: symbol and count
        return Text.assemble((f"{marks[0][0][0]}×{len(marks)}", marks[0][1]), " " * (CELL - 3)), True
    out = Text()
    for mark, style in marks[:CELL - 1]:
        out += Text(mark[0], style=style)
    out += Text("+", style="bold")                        # the letters are listed under the board
    return out, True


def _square_text(game, view, rc, highlight):
    square = view.squares.get(rc)
    if square is None:
        return Text(" " * CELL), False
    if square.pieces:
        text, crowded = _pieces_text(game, square.pieces)
    else:
        crowded = False
        char = EMPTY.get(square.kind, "·")
        style = seat_style(game, square.owner) if square.owner is not None else \
            ("cyan" if square.kind not in ("track", "centre") else "dim")
        if square.label.isdigit() and square.kind != "house":
            mark = (char if square.kind != "track" else "") + square.label
            text = Text(f"{mark:<{CELL}}" if square.kind != "track" else f" {mark:<{CELL - 1}}", style=style)
        else:
            text = Text(f" {char}" + " " * (CELL - 2), style=style)
    if rc in highlight:
        text.stylize(HIGHLIGHT)
    return text, crowded


def _files_line(view, gap):
    line = "   "
    for c in range(view.cols):
        line += f" {FILES[c]}".ljust(CELL) + (" " if gap and c < view.cols - 1 else "")
    return Text(line.rstrip(), style="dim") + "\n"


def render(game, view, highlight=(), lang="en", signs=True):
    """The board as Rich Text: files and ranks, the squares, the crowded
    squares listed, and the legend (who is who; with `signs`, what every sign
    means too).  `highlight` shades squares (the last move)."""
    highlight = set(highlight)
    walls = bool(view.walls)
    vertical, horizontal = {}, {}          # upper-left square of a wall -> seat
    for a, b, seat in view.walls:
        (r1, c1), (r2, c2) = sorted((tuple(a), tuple(b)))
        (vertical if r1 == r2 else horizontal)[(r1, c1)] = seat
    right = 3 + view.cols * (CELL + walls) + 3 <= 80         # ranks on the right too, when 80 columns hold them
    out = Text()
    out += _files_line(view, walls)
    crowded = []
    for r in range(view.rows):
        out += Text(f"{view.rows - r:>2} ", style="dim")
        for c in range(view.cols):
            text, full = _square_text(game, view, (r, c), highlight)
            out += text
            if full:
                crowded.append((r, c))
            if walls and c < view.cols - 1:
                out += Text("┃", style=seat_style(game, vertical[(r, c)])) if (r, c) in vertical else Text(" ")
        out += (Text(f" {view.rows - r}", style="dim") if right else Text()) + "\n"
        if any((r, c) in horizontal for c in range(view.cols)):
            out += "   "
            for c in range(view.cols):
                out += Text("━" * CELL, style=seat_style(game, horizontal[(r, c)])) \
                    if (r, c) in horizontal else Text(" " * CELL)
                out += " "
            out += "\n"
    out += _files_line(view, walls)
    for rc in crowded:
        out += Text(f"{cell_name(view, rc, lang)}: ")
        for p in view.squares[rc].pieces:
            mark, style = piece_mark(game, *p)
            out += Text(mark, style=style) + " "
        out += "\n"
    out += legend(game, view, lang, highlight=bool(highlight), crowded=bool(crowded), signs=signs)
    return out


def legend(game, view, lang="en", highlight=False, crowded=False, signs=True):
    """Who is who (with what each has off the board), then every sign the board shows."""
    players = []
    for player in sorted(set(range(game.players)) | set(view.off_board)):   # a neutral colour's too
        seat = game.seat_of(player)
        entry = Text(f"{SYMBOLS[seat % len(SYMBOLS)]} {_who(game, player, lang)}", style=seat_style(game, seat))
        extra = view.off_board.get(player, {})
        if extra:
            entry += " (" + ", ".join(f"{translate(k, lang)} {v}" for k, v in extra.items()) + ")"
        players.append(entry)
    out = Text("   ").join(players)
    out += "\n"
    if not signs:
        return out
    kinds = {sq.kind for sq in view.squares.values()}
    signs = [Text(f"{EMPTY[k]} {translate(KIND_WORDS[k], lang)}") for k in KIND_WORDS if k in kinds
             and not (k == "teleport" and "corner" in kinds)]
    if view.walls:
        signs.append(Text("┃━ " + translate("fence (in its owner's colour)", lang)))
    pieces = [p for sq in view.squares.values() for p in sq.pieces]
    sample, style = piece_mark(game, pieces[0][0], pieces[0][1]) if pieces else piece_mark(game, 0, 0)
    signs.append(Text.assemble((sample, style), tr(": a piece (symbol and colour: its player; letter: the piece)",
                                                    lang)))
    if any(h for _, _, h in pieces) or "shelter" in kinds:
        signs.append(Text.assemble((sample.upper(), style), tr(": a capital letter hides in a shelter", lang)))
    if crowded:
        signs.append(Text(tr("+: more pieces than fit; all are listed under the board", lang)))
    if highlight:
        signs.append(Text.assemble((" ·· ", HIGHLIGHT), " " + translate("the last move", lang)))
    if any(sq.label.isdigit() and sq.kind != "house" for sq in view.squares.values()):
        signs.append(Text(translate("squares are named by their numbers, the others by file and rank", lang)))
    else:
        signs.append(Text(translate("squares are named by file and rank (a1 is bottom left)", lang)))
    line = []
    for sign in signs + [None]:
        if sign is None or line and sum(len(t) + 3 for t in line) + len(sign) > 76:
            out += Text("   ").join(line) + "\n"
            line = []
        line.append(sign)
    return out


# -- moves and events in words ----------------------------------------------------------------
def story_sentence(story, game, lang="en"):
    """One event as the log tells it (engine.story), in the words the web page uses for it: "Red captures
    Blue's c", "Red rolls again: for the capture"."""
    values = {}
    for key, value in story.items():
        if key in ("who", "by", "caller", "partner"):
            values[key] = _who(game, value, lang)
        elif key == "whose":
            values[key] = owner_name(game.player_name(value), lang)
        elif key == "a" and isinstance(value, list):
            values[key] = tell("word.and", lang).join(map(str, value))
        elif key not in ("kind", "say", "why", "what"):
            values[key] = value
    for key in ("why", "what"):
        if story.get(key):
            values[key] = tell(story[key], lang, **values)
    return tell(story["say"], lang, **values)


def _who(game, player, lang):
    return colour_name(game.player_name(player), lang)


def tell_stories(stories, game, lang="en"):
    """An action's events in words, one sentence each: "Red captures Blue's c; Red rolls again: for the capture"."""
    return "; ".join(story_sentence(s, game, lang) for s in stories)


class MoveTrace:
    """Where a move takes its piece from and to, on the board (squares to
    highlight) and in words (square names or the store off the board), and
    what it does: the move is played on a copy of the state and the views
    compared (engine.view.MoveEffects, as the web board finds it)."""

    def __init__(self, state, move, lang="en"):
        game = self.game = state.game
        self.move, self.player = move, state.current_player
        effects = MoveEffects(game, state.arr)
        self.after = state.clone()
        self.events = self.after.push(move)
        self.cells = ()
        self.frm = self.to = ""
        picked = game.move_cells(state.arr, move)
        if picked is not None:                  # a fence, or a move that changes nothing on the board
            if len(picked) == 2:
                self.cells = tuple(rc for kind, cell in picked if kind == "wall" for rc in cell)
            return
        effect = effects.of(move, self.after.arr)
        self.frm = _place_name(effects.view, effect.source, lang)
        self.to = _place_name(effect.after, effect.target, lang)
        self.cells = tuple(place[1] for place in (effect.source, effect.target) if place and place[0] == "square")

    def consequences(self, teller, lang="en", played=False):
        """What the move does, in words, told by the game's `teller` in the turn so far; `played`: the move
        is made (the teller goes on from it), else only looked at (a list of the moves to choose from)."""
        told = teller.move if played else teller.peek
        return tell_stories(told(self.player, self.events, self.game.move_story(self.move)), self.game, lang)


def _place_name(view, place, lang):
    """A place of the board in words: a square's name, a store's, a fence's squares."""
    if place is None or place[0] == "store":
        return translate(place[2] if place and place[2] else "off the board", lang)
    if place[0] == "square":
        return cell_name(view, place[1], lang)
    return "-".join(cell_name(view, rc, lang) for rc in place[1])
