"""What the lobby and the rules pages say about the games: every game of the
registry with its options (each with a short name, its sentence of help and
named values, also in the other languages of the catalogue, locale/), presets (named
and explained) and colours, the quick start a player expects, and its pages:
how to play (docs/play/<name>.md, with diagrams drawn by the board renderer)
and the full rules as implemented (docs/games/<name>.md when the documentation
is at hand, else the game module's own description)."""
import html
import inspect
import json
import re
from fractions import Fraction
from pathlib import Path

from markdown_it import MarkdownIt

from ..bots import LEVELS
from ..engine.game import GameError
from ..engine.options import OptionError
from ..engine.position import load_position
from ..games import DEFAULT_GAME, GAMES, game_class, make_game
from ..i18n import LANGUAGES, Error, in_every_language
from .boardjson import layout_json, moves_json, position_json

_MD = MarkdownIt("commonmark", {"html": False}).enable("table")


def docs_dir(configured=None):
    """The project's docs/ folder: configured, the copy an installed package carries (setup.py), or
    found above the package (a source checkout)."""
    if configured:
        return Path(configured)
    here = Path(__file__).resolve()
    if (here.parent / "docs" / "games").is_dir():
        return here.parent / "docs"
    for parent in here.parents:
        if (parent / "docs" / "games").is_dir():
            return parent / "docs"
    return None


# The quick start's bots' level (how many play is the game's quick_players).
QUICK_LEVEL = 3


def _value(option, value):
    name = option.value_name(value)
    return {"value": value, "name": in_every_language(name) if name else None}


def _plain(text, option):
    """An option's help without the identifiers of its values ("... is not played (void_roll) or ..."): the
    lobby shows the values by name."""
    for c in option.choices:
        if isinstance(c, str) or option.value_name(c):
            text = re.sub(rf" ?\({re.escape(str(c))}\)", "", text).replace(f"({c}: ", "(")
    return text


def _option(o):
    title = o.title
    helps = in_every_language(o.help)
    return {"name": o.name, "default": o.default, "help": o.help,
            "translations": {lang: said for lang, said in helps.items() if said != o.help},
            "player_help": {lang: _plain(text, o) for lang, text in helps.items()},
            "title": in_every_language(title) if title else {lang: o.name for lang in LANGUAGES},
            "kind": _kind(o), "choices": list(o.choices), "values": [_value(o, c) for c in o.choices],
            **({"min": o.low, "max": o.high, "step": o.step} if o.kind is Fraction else {})}


def _preset(cls, name, values):
    title, help_ = cls.preset_title(name)
    return {"name": name, "title": in_every_language(title), "help": in_every_language(help_) if help_ else {},
            "values": dict(values)}


def _kind(option):
    return {bool: "bool", int: "int", Fraction: "number"}.get(option.kind, "str")


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


def _colours(cls):
    """The seats' colours of the largest board (the seating of more players than four indexes them)."""
    try:
        return list(make_game(cls.name, cls.max_players).colours)
    except (OptionError, ValueError):
        return list(cls.colours)


def game_info(cls, docs=None):
    return {
        "name": cls.name, "title": cls.title, "min_players": cls.min_players, "max_players": cls.max_players,
        "match_wins": _match_wins(cls), "colours": _colours(cls), "piece_names": cls.piece_names,
        "options": [_option(o) for o in cls.options],
        "presets": {name: dict(values) for name, values in cls.presets.items()},
        "preset_info": [_preset(cls, name, values) for name, values in cls.presets.items()],
        "quick": {"players": max(cls.min_players, min(cls.quick_players, cls.max_players)),
                  "level": QUICK_LEVEL},
        "seating": _seating(cls),
        "rules": True, "familiarity": cls.familiarity,
    }


def lobby(docs=None):
    return {"games": [game_info(cls, docs) for cls in GAMES.values()], "default": DEFAULT_GAME,
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


def play_page(name, docs=None, lang="en"):
    """{name, title, lang, html, diagrams} of a game's "how to play" page (docs/play/<lang>/<game>.md, else
    docs/play/<game>.md); each ```diagram block becomes a <figure data-diagram="i"> and diagrams[i] the
    board to draw in it.  OptionError for an unknown game; None when the page is not at hand."""
    cls = game_class(name)
    folder = docs_dir(docs)
    texts = ([(lang, f"{lang}/{cls.name}.md")] if lang != "en" else []) + [("en", f"{cls.name}.md")]
    for text_lang, rel in texts if folder else ():
        path = folder / "play" / rel
        if path.is_file():
            page_html, diagrams = render_play(path.read_text(encoding="utf-8"), cls.name, f"play/{rel}")
            return {"name": cls.name, "title": cls.title, "lang": text_lang, "html": page_html,
                    "diagrams": diagrams}
    return None


def render_play(text, game_name, where="page"):
    """Markdown with ```diagram blocks -> (html, diagrams).  A diagram that does not load is an Error naming
    the block, so a wrong picture never reaches a player."""
    tokens = _MD.parse(text)
    diagrams = []
    for token in tokens:
        if token.type == "fence" and token.info.strip() == "diagram":
            try:
                diagrams.append(diagram(json.loads(token.content), game_name))
            except (ValueError, GameError, OptionError, KeyError, TypeError) as e:
                raise Error("{where}, diagram at line {line}: {error}", where=where, line=token.map[0] + 1,
                            error=e) from None
            token.type, token.tag, token.nesting = "html_block", "", 0
            caption = html.escape(diagrams[-1]["caption"])
            token.content = (f'<figure class="diagram" data-diagram="{len(diagrams) - 1}">'
                             f"<figcaption>{caption}</figcaption></figure>\n")
    return _MD.renderer.render(tokens, _MD.options, {}), diagrams


def diagram(spec, game_name):
    """A diagram block {position, dice, move, caption} as the board renderer draws it: the layout, the
    position before and after the move, the move's source and target, and the players' colours."""
    position = {"game": game_name, **spec["position"]}
    state = load_position(position, make_game)
    game = state.game
    before = game.view(state.arr)
    move = None
    if spec.get("dice"):
        state.set_dice(tuple(int(d) for d in spec["dice"]))
    if spec.get("move"):
        legal = state.legal_moves()
        found = [m for m in legal if m.text == spec["move"]]
        if not found:
            raise GameError("{move} is not a legal move there; legal: {legal}", move=spec["move"],
                            legal=" ".join(m.text for m in legal) or "none")
        move = moves_json(game, state, found)[0]
        state.push(spec["move"])
    after = game.view(state.arr)
    return {"layout": layout_json(before), "before": position_json(before), "after": position_json(after),
            "move": move, "dice": list(spec.get("dice") or []), "caption": str(spec.get("caption", "")),
            "seat_colours": list(game.colours), "piece_names": game.piece_names,
            "players": [{"player": p, "seat": int(game.seats[p]), "colour": game.player_name(p)}
                        for p in range(game.players)]}


def dice_faces(name, players=None, preset=None, options=None):
    """The dice a game with these options rolls: each die's faces and their weights."""
    cls = game_class(name)
    players = players or cls.max_players
    game = make_game(cls.name, players, preset, options or {})
    return {"game": cls.name, "dice": [list(f) for f in game.dice_faces()],
            "weights": [list(w) for w in game.dice_weights()],
            "first_player": str(game.opts.get("first_player")) if "first_player" in game.opts else None}
