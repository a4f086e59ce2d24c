"""What the lobby and the rules pages say about the games: every game of the
registry with its options (each with a short name, its sentence of help and
named values, also in the other languages of pachisi/i18n.py), presets (named
and explained) and colours, the quick start a player expects, and its pages:
how to play (docs/play/<name>.md, with diagrams drawn by the board renderer)
and the full rules as implemented (docs/games/<name>.md when the documentation
is at hand, else the game module's own description)."""
import html
import inspect
import json
import re
from pathlib import Path

from markdown_it import MarkdownIt

from ..bots import LEVELS
from ..engine.game import GameError
from ..engine.options import OptionError
from ..engine.position import load_position
from ..games import GAMES, game_class, make_game
from ..i18n import LANGUAGES, Error, translations
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


# Short names of the house rules, of their values and of the presets, as a player would say them; the
# English is the key of pachisi/i18n.py, which has the Russian.  A value without a name shows as itself.
OPTION_TITLES = {
    "play_for_places": "Play on for the places", "first_player": "Who starts",
    "fences": "Starting fences", "centre_entry": "Overshooting the centre", "end_on_own": "Two own pawns on one square",
    "captured_to": "Where a captured piece goes", "third_six": "Third six in a row",
    "capture_roll": "Extra roll for a capture", "finish_roll": "Extra roll for reaching the centre",
    "blocks": "Blocks", "extra_rolls_cumulative": "Extra rolls add up", "capture_rule": "A missed capture",
    "start_offset": "Start cell", "start_single_occupancy": "One own piece on the start",
    "corner_jump_backward": "Jump back from a corner", "shelters": "Shelters",
    "shelter_capacity": "Pieces one shelter holds", "must_enter_on_five": "A 5 must bring a pawn out",
    "may_pass_home_row": "Go round past the home row", "three_doubles_penalty": "Third double is punished",
    "blockade_turns": "Blockade time limit", "exit_capture": "Capture when leaving home",
    "spare_corridor": "The third 6 spares the corridor", "arm": "Field size", "start": "Leaving the park",
    "quick_charge": "Three tries to come out", "shelter_own_stack": "Stand over your own hidden piece",
    "match_wins": "Match to this many wins", "corner_capture": "Capture on a corner before the jump",
    "push_capture_bonus": "Bonus for a capture by pushing", "house_bonus": "Bonus in the house",
}
VALUE_NAMES = {
    "first_player=rolloff": "a roll-off", "first_player=first": "the first seat",
    "fences=A": "closed pens (A)", "fences=B": "open corners (B)",
    "centre_entry=wall": "the entrance is a wall", "centre_entry=illegal": "the move is not allowed",
    "captured_to=own_start": "its own start squares", "captured_to=any_start": "any start square",
    "captured_to=own": "its own swamp", "captured_to=captor": "the captor's swamp",
    "third_six=void_roll": "that roll is lost", "third_six=void_turn": "the whole turn is undone",
    "capture_rule=penalty": "punished at once", "capture_rule=claim": "punished if an opponent calls it",
    "capture_rule=forced": "you must capture", "capture_rule=lenient": "no duty to capture",
    "start_offset=0": "the tip of the arm", "start_offset=1": "the corner next to the swamp",
    "shelters=opposite": "facing each other", "shelters=alternate": "staggered",
    "blockade_turns=0": "no limit", "arm=5": "normal (arms of 5)", "arm=6": "long (arms of 6)",
    "start=six": "on a six", "start=double": "on a double", "start=both": "on a six or a double",
    "house_bonus=stuck": "when it can go no further", "house_bonus=end": "only at the end of the house",
}
PRESETS = {     # preset: (name, one line of help)
    "seed": ("Standard", "the rules as the game's rule text gives them"),
    "with-bonuses": ("With bonuses", "extra rolls for a capture and for reaching the centre; two pieces form a block"),
    "void-turn": ("Third six undoes the turn", "three sixes in a row undo the whole turn"),
    "open-start": ("Open start", "the fences start open along the border (B)"),
    "captor-swamp": ("Captor's swamp", "a captured piece goes to the captor's swamp and is bought back with a six"),
    "claim": ("Call a missed capture", "a missed capture is punished only when an opponent calls it"),
    "forced": ("Forced capture", "when a capture is possible, only capturing plays are allowed"),
    "lenient": ("No duty to capture", "a missed capture is not punished"),
    "hasbro": ("Hasbro rules", "the third double sends your leading pawn home; no going round past the home row"),
    "no-exit-capture": ("No capture at the exit", "a full exit is closed: leaving home never captures"),
    "long": ("Long field", "arms of 6: a circle of 56 cells and a house of 5"),
    "start-on-double": ("Out on a double", "pieces leave the park on a double instead of a six"),
    "six-or-double": ("Out on a six or a double", "pieces leave the park on a six or on a double"),
    "quick-charge": ("Three tries", "with no piece on the circle, three rolls a turn to come out"),
    "alternate-shelters": ("Staggered shelters", "shelters on the 3rd cell in and the 4th cell out of each arm"),
    "single-game": ("Single game", "one game instead of a match to two wins"),
    "no-corner-capture": ("No capture on corners", "a move ending on an enemy on a corner only jumps"),
}
# The quick start: how many play as players of the game expect (you and bots), and the bots' level.
QUICK_PLAYERS = {"ludo": 4, "parchis": 4, "parcheesi": 4, "shishbesh": 4, "mandavoshka": 4, "tryasuchka": 2,
                 "kimbo": 2}
QUICK_LEVEL = 3


def told(text):
    """{lang: text} in every language of the interface (English where untranslated)."""
    return {lang: translations(text).get(lang, text) for lang in LANGUAGES}


def _value(option, value):
    name = VALUE_NAMES.get(f"{option.name}={value}")
    return {"value": value, "name": told(name) if name else None}


def _plain(text, option):
    """An option's help without the identifiers of its values ("... is not played (void_roll) or ..."): the
    lobby shows the values by name."""
    for c in option.choices:
        if isinstance(c, str) or f"{option.name}={c}" in VALUE_NAMES:
            text = re.sub(rf" ?\({re.escape(str(c))}\)", "", text).replace(f"({c}: ", "(")
    return text


def _option(o):
    title = OPTION_TITLES.get(o.name)
    return {"name": o.name, "default": o.default, "help": o.help, "translations": translations(o.help),
            "player_help": {lang: _plain(text, o) for lang, text in told(o.help).items()},
            "title": told(title) if title else {lang: o.name for lang in LANGUAGES},
            "kind": _kind(o), "choices": list(o.choices), "values": [_value(o, c) for c in o.choices]}


def _preset(name, values):
    title, help_ = PRESETS.get(name, (name, ""))
    return {"name": name, "title": told(title), "help": told(help_) if help_ else {}, "values": dict(values)}


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
        "options": [_option(o) for o in cls.options],
        "presets": {name: dict(values) for name, values in cls.presets.items()},
        "preset_info": [_preset(name, values) for name, values in cls.presets.items()],
        "quick": {"players": max(cls.min_players, min(QUICK_PLAYERS.get(cls.name, 4), cls.max_players)),
                  "level": QUICK_LEVEL},
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


def dice_ranges(name, players=None, preset=None, options=None):
    """The dice a game with these options rolls: [[lo, hi], ...]."""
    cls = game_class(name)
    players = players or cls.max_players
    game = make_game(cls.name, players, preset, options or {})
    return {"game": cls.name, "dice": [list(r) for r in game.dice_ranges()],
            "first_player": str(game.opts.get("first_player")) if "first_player" in game.opts else None}
