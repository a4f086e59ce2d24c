"""What the lobby and the rules pages say about the games: every game of the
registry with its options (each with its sentence of help, also in the other
languages of pachisi/i18n.py), presets and colours, and its rules page
(docs/games/<name>.md when the documentation is at hand, else the game
module's own description)."""
import html
import inspect
from pathlib import Path

from markdown_it import MarkdownIt

from ..bots import LEVELS
from ..engine.options import OptionError
from ..games import GAMES, game_class, make_game
from ..i18n import translations

_MD = MarkdownIt("commonmark", {"html": False}).enable("table")


def docs_dir(configured=None):
    """The project's docs/ folder: configured, or found above the package (a source checkout)."""
    if configured:
        return Path(configured)
    here = Path(__file__).resolve()
    for parent in here.parents:
        if (parent / "docs" / "games").is_dir():
            return parent / "docs"
    return None


def _kind(option):
    return {bool: "bool", int: "int"}.get(option.kind, "str")


def _match_wins(cls):
    """Games a match is played to under the default rules (an option may change it)."""
    try:
        return int(make_game(cls.name, cls.max_players).match_wins)
    except (OptionError, ValueError, TypeError):
        return 1


def _seating(cls):
    """The seats (colours) the players take, by number of players."""
    out = {}
    for n in range(cls.min_players, cls.max_players + 1):
        try:
            out[str(n)] = [int(x) for x in make_game(cls.name, n).seats]
        except (OptionError, ValueError):
            pass
    return out


def game_info(cls, docs=None):
    return {
        "name": cls.name, "title": cls.title, "min_players": cls.min_players, "max_players": cls.max_players,
        "match_wins": _match_wins(cls), "colours": list(cls.colours), "piece_names": cls.piece_names,
        "options": [{"name": o.name, "default": o.default, "help": o.help, "translations": translations(o.help),
                     "kind": _kind(o), "choices": list(o.choices)} for o in cls.options],
        "presets": {name: dict(values) for name, values in cls.presets.items()},
        "seating": _seating(cls),
        "rules": True,
    }


def lobby(docs=None):
    return {"games": [game_info(cls, docs) for cls in GAMES.values()],
            "levels": [{"level": lv, "bot": name} for lv, (name, _) in sorted(LEVELS.items())]}


def rules_page(name, docs=None, lang="en"):
    """{name, title, lang, html} of a game's rules, in `lang` where translated
    (docs/games/<lang>/<game>.md), else in English; OptionError for an unknown game."""
    cls = game_class(name)
    folder = docs_dir(docs)
    texts = ([(lang, f"{lang}/{cls.name}.md")] if lang != "en" else []) + [("en", f"{cls.name}.md")]
    for text_lang, rel in texts if folder else ():
        path = folder / "games" / rel
        if path.is_file():
            return {"name": cls.name, "title": cls.title, "lang": text_lang,
                    "html": _MD.render(path.read_text(encoding="utf-8"))}
    module = inspect.getmodule(cls)
    text = inspect.getdoc(module) or inspect.getdoc(cls) or cls.title
    body = "".join(f"<p>{html.escape(par)}</p>" for par in text.split("\n\n"))
    body += "<h2>Options</h2><ul>" + "".join(
        f"<li><code>{html.escape(o.name)}</code> = {html.escape(str(o.default))}: {html.escape(o.help)}</li>"
        for o in cls.options) + "</ul>"
    return {"name": cls.name, "title": cls.title, "lang": "en", "html": body}


def dice_ranges(name, players=None, preset=None, options=None):
    """The dice a game with these options rolls: [[lo, hi], ...]."""
    cls = game_class(name)
    players = players or cls.max_players
    game = make_game(cls.name, players, preset, options or {})
    return {"game": cls.name, "dice": [list(r) for r in game.dice_ranges()],
            "first_player": str(game.opts.get("first_player")) if "first_player" in game.opts else None}
