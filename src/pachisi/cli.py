"""The `pachisi` command line: play in the terminal, ask the referee, simulate,
replay records and measure speed."""
import datetime
import json
import os
from pathlib import Path
import random
import sys
import tempfile

from rich.console import Console
from rich.text import Text
import typer

# What --help and `pachisi rules` need (the names of the games and bots its help lists) is imported here;
# each command imports the rest itself (the bots, the simulator and its process pools, the terminal game,
# records, tables and progress bars, the web app), so that `pachisi --help` does not wait for them; GAMES
# knows the games' names without importing their rules (pachisi.games).
from .engine import GameError
from .engine.options import OptionError, parse_assignments, written
from .extras import MissingExtra, require
from .games import GAMES, game_class, make_game
from .i18n import LANGUAGES, colour_name, plural, render as _render

class _Commands(typer.core.TyperGroup):
    """The commands, with help that shows values as they are written: a flag
    (which takes no value) shows none rather than <bool>, a house rule <key=value>
    rather than <list[str]>."""

    def get_params(self, ctx):
        return _readable(super().get_params(ctx))

    def get_command(self, ctx, name):
        command = super().get_command(ctx, name)
        if command is not None:
            _readable([*command.params, command.get_help_option(ctx)])
        return command


def _readable(params):
    for p in params:
        if p is None or p.metavar is not None:
            continue
        if getattr(p, "is_flag", False):
            p.metavar = ""
        elif getattr(p, "multiple", False):
            p.metavar = "<key=value>" if p.name == "option" else "<text>"
    return params


app = typer.Typer(cls=_Commands, add_completion=False, no_args_is_help=True,
                  help="pachisi: the cross-and-circle dice race games — play, referee, simulate, replay, benchmark.")
console = Console(highlight=False)
err = Console(stderr=True, highlight=False)

OPTION_HELP = "a house rule, key=value (repeatable); `pachisi rules GAME` lists them"


WIDE = 1000           # the width of output that is not a terminal (a file, a pipe): never wrapped
LANG = "en"           # the language of this invocation: --lang, else LC_ALL / LC_MESSAGES / LANG


def _(template, **values):
    """A message of the CLI in the invocation's language (i18n's catalogue; English is the key)."""
    return _render(template, LANG, **values)


def _told(error):
    """An exception's message in the invocation's language (the package's errors carry templates)."""
    return error.message(LANG) if hasattr(error, "message") else str(error)


def environment_language(environ=os.environ):
    """The language the locale asks for (POSIX order: LC_ALL, LC_MESSAGES, LANG), when the CLI speaks it."""
    for key in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(key)
        if value:
            lang = value.split("_")[0].split(".")[0].lower()
            return lang if lang in LANGUAGES else "en"
    return "en"


def fail(message):
    err.print(Text.assemble((_("error:"), "bold red"), " ", str(message)), soft_wrap=True)
    raise typer.Exit(2)


def _need(extra, what):
    """Stop with a one-line message naming the extra to install when `what` needs one that is missing."""
    try:
        require(extra, what)
    except MissingExtra as e:
        fail(str(e))


def _game(name, players, preset, option):
    try:
        return make_game(name, players, preset, parse_assignments(option))
    except (OptionError, GameError) as e:
        fail(_told(e))


def _print_version(value: bool):
    """`pachisi --version`; the version is looked up only when asked, so --help stays as quick."""
    if value:
        from . import __version__
        console.print(f"pachisi {__version__}")
        raise typer.Exit()


@app.callback()
def _options(version: bool = typer.Option(False, "--version", is_eager=True, callback=_print_version,
                                          help="print the version and exit"),
             lang: str = typer.Option(None, "--lang", help="the language of the output: " + ", ".join(LANGUAGES)
                                      + " (default: from LC_ALL, LC_MESSAGES or LANG)")):
    # no docstring: Typer(help=...) stays the app's help; this callback only carries app-wide options
    global LANG
    if lang is not None and lang.lower() not in LANGUAGES:
        LANG = "en"
        fail(_("--lang is one of {languages}, not {lang!r}", languages=", ".join(LANGUAGES), lang=lang))
    LANG = lang.lower() if lang else environment_language()
    for c in (console, err):             # a file or a pipe gets whole lines, a terminal its own width
        c.width = None if c.is_terminal else WIDE


# The bots' names (pachisi.bots.BOTS), those with a compiled policy that `simulate` plays, and the levels
# (bots.LEVELS): written here so that --help lists them without loading the bots (numpy and the compiled
# search); tests/test_extras.py checks them against pachisi.bots.
BOT_NAMES = ("random", "greedy", "expectimax", "mcts", "evaluator")
SIMULATED_BOTS = ("random", "greedy")
LEVEL_NAMES = [f"level{k}" for k in range(1, 7)]


def _seat_bot(name, seed):
    """The bot of a seat: a bot's name, or a level (level1..level6, as the README and
    `tournament` offer them) played by bots.bot_for_level."""
    from .bots import bot_for_level, make_bot
    if name in LEVEL_NAMES:
        return bot_for_level(int(name[len("level"):]), seed)
    return make_bot(name, seed)


def _players(spec, allowed):
    names = [p.strip() for p in spec.split(",") if p.strip()]
    for n in names:
        if n not in allowed:
            fail(_("unknown player {name!r}; choose from {allowed}", name=n, allowed=", ".join(sorted(allowed))))
    return names


@app.command()
def rules(game: str = typer.Argument(..., help="the game: " + ", ".join(GAMES))):
    """List a game's options and presets."""
    try:
        cls = game_class(game)
    except OptionError as e:
        fail(_told(e))
    console.print(Text(cls.title, style="bold") + " " + _("({name}), {low}-{high} players", name=cls.name,
                                                          low=cls.min_players, high=cls.max_players))
    console.print("\n" + _("[bold]Options[/] (set one with -o name=value)"))
    for o in cls.options:
        console.print("  " + o.describe(LANG), markup=False)
    console.print("\n" + _("[bold]Presets[/] (choose one with --preset name)"))
    for name, values in cls.presets.items():
        console.print(f"  {name}: " + (", ".join(f"{k}={written(v)}" for k, v in values.items())
                                       or _("the seed's rules")), markup=False)


@app.command()
def play(game: str = typer.Argument(..., help="the game: " + ", ".join(GAMES)),
         players: str = typer.Option("human,greedy,greedy,greedy", help="one per seat: human, "
                                     + ", ".join(BOT_NAMES) + ", or a level: " + ", ".join(LEVEL_NAMES)),
         preset: str = typer.Option(None, help="a named set of rules (see `pachisi rules GAME`)"),
         option: list[str] = typer.Option(None, "--option", "-o", help=OPTION_HELP),
         seed: int = typer.Option(None, help="the dice seed (default: a fresh one, printed)"),
         match: int = typer.Option(None, help="play a match to this many wins (default: the game's own, "
                                   "1 for most games)"),
         record_dir: Path = typer.Option(Path("records"), help="where the game record is saved")):
    """Play a game (or a match) in the terminal against bots or other people on this screen.
    At a prompt: help, hint, undo (hot-seat), q."""
    from .engine.match import Match
    from .terminal_game import Quit, TerminalGame
    seats = _players(players, set(BOT_NAMES) | set(LEVEL_NAMES) | {"human"})
    g = _game(game, len(seats), preset, option)
    _writable_dir(record_dir)
    if seed is None:
        seed = random.SystemRandom().randrange(2 ** 62)
    try:
        m = Match(g, match, seed)
        state = m.new_game()
    except GameError as e:
        fail(_told(e))
    bots = {i: _seat_bot(name, seed + i) for i, name in enumerate(seats) if name != "human"}
    tg = TerminalGame(console, g, seats, bots, LANG)
    tg.header = Text(_("{game} — preset {preset}, seed {seed}", game=g.title, preset=g.preset, seed=seed)
                     + (_(", a match to {wins} wins", wins=m.wins) if m.wins > 1 else "") + ".", style="bold")
    console.print(tg.header)
    start = state.clone()
    try:
        while True:
            start = state.clone()
            tg.last = ()
            who = _colour(g, state.current_player)
            tg.say(_("{player} starts by the roll-off.", player=who) if not m.rounds
                   else _("{player} starts game {number}.", player=who, number=len(m.rounds) + 1))
            tg.play(state)
            m.add(start, state)
            tg.screen(state)
            won = (_("{player} and {partner} win.", player=_colour(g, state.winner),
                     partner=_colour(g, g.partner(state.winner))) if g.teams
                   else _("{player} wins.", player=_colour(g, state.winner)))
            console.print(Text(won, style="bold")
                          + (" " + _("Match score: {score}.", score=_score(m)) if m.wins > 1 else ""))
            if m.over:
                if m.wins > 1:
                    console.print(Text(_("{player} wins the match.", player=_colour(g, m.winner)),
                                       style="bold"))
                break
            state = m.new_game()
    except (Quit, KeyboardInterrupt) as stop:
        path = _save(m, state, start, seats, record_dir)
        console.print(Text(("\n" if isinstance(stop, KeyboardInterrupt) else "")
                      + _("stopped; record saved to {path}", path=path)))
        if isinstance(stop, KeyboardInterrupt):
            raise typer.Exit(130)
        return
    path = _save(m, state, start, seats, record_dir)
    console.print(Text(_("record saved to {path}", path=path)))


def _score(match):
    return ", ".join(f"{_colour(match.game, p)} {w}" for p, w in enumerate(match.score))


def _writable_dir(folder):
    """Make sure records can be written to `folder` before a game is played into it."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as e:
        fail(_("cannot write records to {folder}: {problem}", folder=folder, problem=e.strerror or e))


def _where(move):
    return f"{move.frm} → {move.to}"


def _save(match, state, start, seats, record_dir):
    """Write the record of the games played (an unfinished last game included).
    Should the folder have become unwritable during the game, the record is
    printed instead, so it is never lost."""
    from . import record as records
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    path = record_dir / f"{state.game.name}-{stamp}-{match.seed}.txt"
    if match.wins > 1:
        text = records.write_match(match, seats)
        if not state.is_over:
            extra = {"Match": f"first to {match.wins} wins", "Round": str(len(match.rounds) + 1)}
            text += ("\n" if text else "") + records.write(state, records.headers_for(state, seats, extra=extra),
                                                          start=start)
    else:
        text = records.write(state, records.headers_for(state, seats), start=start)
    try:
        record_dir.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    except OSError as e:
        err.print(Text(_("cannot write records to {folder}: {problem}", folder=record_dir, problem=e.strerror or e)
                  + "; " + _("here is the record:")))
        console.print(text, markup=False, highlight=False, soft_wrap=True)
        raise typer.Exit(1) from None
    return path


@app.command()
def moves(game: str = typer.Option(..., help="the game: " + ", ".join(GAMES)),
          position: Path = typer.Option(..., help="a position file (JSON, see docs/positions.md)"),
          dice: str = typer.Option(None, help="the roll, e.g. 6,1 (left out at a decision that needs no roll: "
                                   "a fence step, a pending bonus, a roll already under way)"),
          try_move: str = typer.Option(None, "--try", help="check a move, or a whole play (\"1a 3a\"): legal "
                                       "and what it brings, or why not"),
          as_json: bool = typer.Option(False, "--json", help="print JSON")):
    """The referee: the legal moves of a position, for a roll or at a decision that needs none."""
    from .engine.position import load_position, position_object
    from .engine.story import Teller
    from .render.terminal import render, tell_stories
    from .terminal_game import MAX_LISTED
    try:
        data = position_object(position.read_bytes())
    except OSError as e:
        fail(_("cannot read {file}: {problem}", file=position, problem=e.strerror))
    except GameError as e:
        fail(f"{position}: {_told(e)}")
    values = _dice_option(dice) if dice is not None else None
    try:
        if isinstance(data, dict):
            data.setdefault("game", game)
            if game_class(data["game"]).name != game_class(game).name:
                fail(_("the position is of {game}, not {asked}", game=data["game"], asked=game))
        state = load_position(data, make_game)
    except (GameError, OptionError) as e:
        fail(f"{position}: {_told(e)}")
    g, roller = state.game, state.current_player
    events = []
    if values is not None:
        if not state.is_chance:
            fail(_("--dice {dice}: the position is at a decision that needs no roll ({decision}); leave out --dice",
                   dice=dice, decision=_decision(state)))
        try:
            events = state.set_dice(values)
        except GameError as e:
            fail(f"--dice {dice}: {_told(e)}")
    elif state.is_chance:
        fail(_("the position is before a roll: give the roll with --dice (e.g. --dice {example})",
               example=",".join(str(hi) for _lo, hi in g.dice_ranges())))
    teller = Teller(g)          # the roll opens the turn its moves' events are told in
    told = tell_stories(teller.roll(roller, values if values is not None else state.dice, events), g, LANG)
    burned = values is not None and (state.is_chance or state.is_over or state.current_player != roller)
    legal = [] if burned else state.legal_moves()
    verdict = _try_play(state, try_move, burned, teller) if try_move else None
    rolled = "-".join(map(str, values)) if values is not None else ""
    if as_json:
        out = {"game": g.name, "player": roller, "dice": list(values) if values is not None else list(state.dice),
               "moves": [{"move": m.text, "die": m.die, "piece": g.piece_letter(m), "from": g.where(m)[0],
                          "to": g.where(m)[1]} for m in legal],
               "events": [e.as_dict() for e in events], "next": _next_step(state)}
        if verdict:
            out["check"] = verdict
        console.print_json(json.dumps(out, ensure_ascii=False))
    else:
        console.print(render(g, g.view(state.arr), lang=LANG))
        who = _colour(g, roller)
        if burned:
            console.print(_("{player} rolled {dice}: no legal move — {what}; {next}", player=who, dice=rolled,
                            what=told or _("the dice burn"),
                            next=_next_text(state)), soft_wrap=True)
        else:
            console.print(_(plural("{decision}: {count} legal move", "{decision}: {count} legal moves"), decision=_decision(state, rolled), count=len(legal)))
            if len(legal) > MAX_LISTED:          # a fence step: thousands, in the notation only
                console.print("  " + "  ".join(m.text for m in legal))
            else:
                places = _places(state, legal)
                if places[1]:
                    console.print("  " + _("(from → to on the board; in brackets, the places of {player}'s run, "
                                           "as position files number them)", player=who))
                for m, (board, run) in zip(legal, places[0]):
                    console.print(f"  {m.text:6} {board}{f'   ({run})' if run else ''}".rstrip())
        if verdict:
            console.print(_verdict_text(verdict), soft_wrap=True)
    if verdict and not verdict["legal"]:
        raise typer.Exit(1)


def _from_to(frm, to):
    """Where a move takes its piece, in the game's own names of places (squares, fence slots);
    nothing for a move that moves none (keep, nocall)."""
    return f"{frm} → {to}" if frm != "" or to != "" else ""


def _places(state, legal):
    """([(the move's from → to in the board's names, in the places of the player's run or "")], whether any
    move has both): the board labels its squares (by their numbers, or by file and rank),
    while a position file and Game.where number the places of each player's own run; fence games' moves
    are named by squares and fence slots, as its board is."""
    from .engine.game import Game
    from .render.terminal import MoveTrace
    g, out = state.game, []
    own_names = type(g).where is not Game.where
    for m in legal:
        run = _from_to(*g.where(m))
        if own_names or not run:
            out.append((run, ""))
            continue
        trace = MoveTrace(state, m, LANG)
        board = _from_to(trace.frm, trace.to)
        out.append((board, run) if board and board != run else (run, ""))
    return out, any(run for _, run in out)


def _colour(game, player):
    """A player by its colour in the invocation's language ("Red")."""
    return colour_name(game.player_name(player), LANG)


def _ray(address, workers, fallback):
    """The `--ray` address, its cluster joined before the run (sim.connect_ray, which tries a start again); when
    Ray cannot be used, one line saying why and the run stops, or with --ray-fallback it plays in `workers`
    local processes (the same results) after saying so."""
    if not address:
        return None
    from .sim import RayUnavailable, connect_ray
    try:
        connect_ray(address, workers)
    except RayUnavailable as e:
        if not fallback:
            fail(str(e))
        err.print(_(plural("{problem}; playing in {count} local process instead",
                           "{problem}; playing in {count} local processes instead"), problem=str(e), count=workers))
        return None
    return address


def _dice_option(text):
    """The roll given with --dice: numbers separated by commas or dashes."""
    try:
        return tuple(int(x) for x in text.replace("-", ",").split(","))
    except ValueError:
        fail(_("--dice: dice must be numbers like 6,1, not {text}", text=text))


def _decision(state, rolled=""):
    """Who decides now, with what: "red to move with 6-1", "yellow to move with 20 to play"
    (a pending bonus, a roll under way), "red to move before the roll" (a fence step, a claim)."""
    dice = "-".join(map(str, state.dice))
    who = _colour(state.game, state.current_player)
    if rolled:
        return _("{player} to move with {dice}", player=who, dice=rolled)
    if dice:
        return _("{player} to move with {dice} to play", player=who, dice=dice)
    return _("{player} to move before the roll", player=who)


def _next_step(state):
    """Who acts next and how: {"player", "name", "step": roll | move | over}."""
    if state.is_over:
        return {"step": "over", "winner": state.winner}
    p = state.current_player
    return {"player": p, "name": state.game.player_name(p), "step": "roll" if state.is_chance else "move"}


def _next_text(state):
    n = _next_step(state)
    if n["step"] == "over":
        return _("the game is over, {player} wins", player=_colour(state.game, n["winner"]))
    who = _colour(state.game, n["player"])
    return _("{player} rolls next", player=who) if n["step"] == "roll" else _("{player} moves next", player=who)


def _try_play(state, text, burned, teller):
    """Check a move or a whole play (moves separated by spaces or commas) on a copy:
    each move with what it brought (told by `teller`, which goes on with the turn), then who acts next;
    or the first refusal."""
    from .render.terminal import tell_stories
    moves = text.replace(",", " ").split()
    verdict = {"move": text, "legal": True, "plays": []}
    if not moves:
        return {**verdict, "legal": False, "reason": _("no move given")}
    if burned:
        return {**verdict, "legal": False, "at": 1, "reason": _("no move can be made with this roll: the dice burn")}
    trial, g = state.clone(), state.game
    player = trial.current_player
    for number, token in enumerate(moves, 1):
        if trial.current_player != player or trial.is_chance or trial.is_over:
            return {**verdict, "legal": False, "at": number,
                    "reason": _("{move}: the roll is over after {moves}; {next}", move=token,
                                moves=" ".join(moves[:number - 1]), next=_next_text(trial))}
        try:
            move = trial.parse_move(token)
            board = _places(trial, [move])[0][0]
            events = trial.push(move)
        except GameError as e:
            return {**verdict, "legal": False, "at": number, "reason": _told(e)}
        verdict["plays"].append({"move": move.text, "from": g.where(move)[0], "to": g.where(move)[1],
                                 "board": board[0],
                                 "brings": tell_stories(teller.move(player, events, g.move_story(move)), g, LANG),
                                 "events": [e.as_dict() for e in events]})
    verdict["dice_left"] = list(trial.dice) if trial.current_player == player and not trial.is_chance else []
    verdict["next"] = _next_step(trial)
    verdict["then"] = _next_text(trial)
    return verdict


def _verdict_text(v):
    if not v["legal"]:
        return _("{move}: illegal — {reason}", move=v["move"], reason=v["reason"])
    said = "; ".join(f"{p['move']} {p['board']}".rstrip() + (f" ({p['brings']})" if p["brings"] else "")
                     for p in v["plays"])
    left = _("; dice left: {dice}", dice="-".join(map(str, v["dice_left"]))) if v["dice_left"] else ""
    return _("{move}: legal — {said}{left}; {then}", move=v["move"], said=said, left=left, then=v["then"])


PARQUET_HELP = ("write every game played to this Parquet file, a row each: seed, seats' bots, places, length, "
                "captures, per-seat captures and moves (needs pachisi[parquet])")


def _write_parquet(path, tables):
    """Write the games' rows (sim.parquet_table's tables) to a Parquet file and say so on stderr."""
    from .sim import write_parquet
    try:
        count = write_parquet(path, tables)
    except OSError as e:
        fail(_("cannot write {file}: {problem}", file=path, problem=e.strerror or str(e)))
    err.print(Text(_(plural("{count} game written to {file}", "{count} games written to {file}"), count=count,
                     file=str(path))))


@app.command()
def simulate(game: str = typer.Option(..., help="the game: " + ", ".join(GAMES)),
             n: int = typer.Option(1000, "-n", help="how many games"),
             players: str = typer.Option("random,random,random,random", help="compiled bots, one per seat: "
                                         + ", ".join(SIMULATED_BOTS)
                                         + " (searching bots play in `pachisi tournament`)"),
             preset: str = typer.Option(None, help="a named set of rules"),
             option: list[str] = typer.Option(None, "--option", "-o", help=OPTION_HELP),
             seed: int = typer.Option(0, help="seed of the first game; game i uses seed+i"),
             workers: int = typer.Option(None, help="processes to play in (default: every core); the result "
                                         "is the same for any number"),
             ray: str = typer.Option(None, "--ray", help="play the chunks on the Ray cluster at this address "
                                     "(\"local\": start one here; needs pachisi[ray]); the same totals"),
             ray_fallback: bool = typer.Option(False, "--ray-fallback", help="play in local processes when Ray "
                                               "cannot be reached or started (saying so), instead of stopping"),
             chunk: int = typer.Option(2000, help="games a chunk (the unit of sharding and of --out)"),
             out: Path = typer.Option(None, "--out", help="append each finished chunk's totals to this JSON-lines "
                                      "file as it ends"),
             resume: bool = typer.Option(False, "--resume", help="continue the run whose chunks --out already "
                                         "holds: only the missing chunks are played"),
             parquet: Path = typer.Option(None, "--parquet", help=PARQUET_HELP),
             as_json: bool = typer.Option(False, "--json", help="print JSON")):
    """Play N games between bots: win rates by seat and by turn order with 95% confidence
    intervals, game length (mean, percentiles), captures."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
    from rich.table import Table
    from .sim import default_workers, simulate as run_simulate
    if n < 1:
        fail(_("{option} must be at least 1", option="-n"))
    if workers is not None and workers < 1:
        fail(_("{option} must be at least 1", option="--workers"))
    if chunk < 1:
        fail(_("{option} must be at least 1", option="--chunk"))
    if resume and out is None:
        fail(_("--resume continues the run in an --out file: give --out"))
    if parquet:
        _need("parquet", "pachisi simulate --parquet")
        if resume:
            fail(_("--parquet writes the games this run plays: it cannot be combined with --resume"))
    bots = _players(players, set(SIMULATED_BOTS))
    g = _game(game, len(bots), preset, option)
    with Progress(TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=err, disable=as_json or not err.is_terminal) as bar:
        task = bar.add_task("games", total=n)
        ray = _ray(ray, workers or default_workers(), ray_fallback)
        try:
            res = run_simulate(g, n, bots, seed=seed, chunk=chunk, workers=workers or default_workers(), ray=ray,
                               out=out, resume=resume, progress=lambda done: bar.update(task, completed=done),
                               keep_rows=bool(parquet))
        except OSError as e:
            fail(_("cannot write {file}: {problem}", file=out, problem=e.strerror))
        except (ValueError, RuntimeError) as e:
            fail(str(e))
    if parquet:
        from .sim import parquet_table
        _write_parquet(parquet, [parquet_table(g, res.rows, bots)])
    data = res.as_dict(g)
    data["bots"] = bots
    if as_json:
        console.print_json(json.dumps(data, ensure_ascii=False))
        return
    played = f", {res.resumed} read back from {out}" if res.resumed else ""
    console.print(f"{g.title}: {n} games, {res.finished} finished{played}, {res.seconds:.1f}s")
    for title, first, rows in _simulate_rows(g, data, bots):
        t = Table(title=title)
        for col in (first, "bot" if first == "seat" else None, "wins", "win rate", "95% CI"):
            if col:
                t.add_column(col)
        for label, r, extra in rows:
            t.add_row(label, *extra, str(r["wins"]), f"{r['rate']:.3f}", f"{r['ci95'][0]:.3f}–{r['ci95'][1]:.3f}")
        console.print(t)
    q = data["rolls_percentiles"]
    console.print(f"game length: {data['rolls_mean']:.1f} rolls (sd {data['rolls_sd']:.1f}; p5 {q['p5']}, "
                  f"median {q['p50']}, p95 {q['p95']}); captures per game: {data['captures_per_game']:.2f}"
                  + (f"; {data['cut_off']} games cut off" if data["cut_off"] else ""), soft_wrap=True)


def _ordinal(k):
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(k, f"{k}th")


def _simulate_rows(g, data, bots):
    """The tables of a simulation: (title, first column, rows of (label, rate, extra cells)): by seat
    and by turn order, or, in team play, by team and by the turn order of its partners (a team's win
    counted once, whichever partner finished first)."""
    if g.teams:
        return [("by team", "team", [(" + ".join(t["players"]), t, ()) for t in data["teams"]]),
                ("by turn order", "moved", [(" + ".join(map(_ordinal, t["places"])), t, ())
                                            for t in data["team_order"]])]
    return [("by seat", "seat", [(s["player"], s, (bots[i],)) for i, s in enumerate(data["seats"])]),
            ("by turn order", "moved", [(_ordinal(o["place"]), o, ()) for o in data["turn_order"]])]


@app.command()
def fairness(game: str = typer.Option(..., help="the game: " + ", ".join(GAMES)),
             preset: str = typer.Option(None, help="a named set of rules"),
             option: list[str] = typer.Option(None, "--option", "-o", help=OPTION_HELP),
             players: int = typer.Option(4, help="number of players"),
             n: int = typer.Option(20_000, "-n", help="games of random play"),
             greedy: int = typer.Option(None, help="games of greedy play (default: n/10; 0: none)"),
             level5: int = typer.Option(100, help="games of level-5 play (0: none)"),
             compare: str = typer.Option(None, help="a second rule set to set side by side: key=value pairs "
                                         "separated by spaces, changing the first set (preset=NAME switches preset)"),
             seed: int = typer.Option(0, help="seed of the first game; game i uses seed+i (both sides the same)"),
             workers: int = typer.Option(None, help="processes to play in (default: every core)"),
             ray: str = typer.Option(None, "--ray", help="play on the Ray cluster at this address (\"local\": one "
                                     "here)"),
             ray_fallback: bool = typer.Option(False, "--ray-fallback", help="play in local processes when Ray "
                                               "cannot be reached or started (saying so), instead of stopping"),
             plot: Path = typer.Option(None, help="save seat advantage and length distribution to this PNG"),
             parquet: Path = typer.Option(None, "--parquet", help=PARQUET_HELP + "; columns play and side say "
                                          "which"),
             as_json: bool = typer.Option(False, "--json", help="print JSON")):
    """Is a seat favoured, does a house rule change the game?  Win rates per seat and per turn
    order (95% Wilson intervals), length, captures and games cut off, for random, greedy and
    level-5 play; --compare tests the differences between two rule sets."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
    from . import fairness as lab
    from .sim import default_workers
    if plot:
        _need("plot", "pachisi fairness --plot")
    if parquet:
        _need("parquet", "pachisi fairness --parquet")
    greedy = n // 10 if greedy is None else greedy
    for name, value in (("-n", n), ("--greedy", greedy), ("--level5", level5)):
        if value < 0:
            fail(_("{option} must be 0 or more", option=name))
    plan = [(p, k) for p, k in (("random", n), ("greedy", greedy), ("level5", level5)) if k]
    if not plan:
        fail(_("nothing to play: -n, --greedy and --level5 are all 0"))
    if plot and plot.suffix.lower() != ".png":
        plot = plot.with_name(plot.name + ".png")
    if plot and not plot.parent.exists():
        fail(_("cannot write {file}: no directory {folder}", file=plot, folder=plot.parent))
    sides = [("A" if compare else "", _game(game, players, preset, option))]
    if compare:
        changes = parse_assignments_or_fail(compare.replace(",", " ").split())
        other_preset = changes.pop("preset", preset)
        base = {} if other_preset != preset else parse_assignments_or_fail(option)
        sides[0] = (f"A: {preset or 'seed'}" + "".join(f" {o}" for o in option or ()), sides[0][1])
        sides.append((f"B: {compare}", _game(game, players, other_preset, [f"{k}={v}" for k, v in {**base, **changes}.items()])))
    total = sum(k for _, k in plan) * len(sides)
    ray = _ray(ray, workers or default_workers(), ray_fallback)
    measured = []
    with Progress(TextColumn("playing"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=err, disable=as_json or not err.is_terminal) as bar:
        task = bar.add_task("games", total=total)
        before = 0
        for label, g in sides:
            ms = []
            for play, count in plan:
                try:
                    ms.append(lab.measure(g, play, count, seed=seed, workers=workers or default_workers(), ray=ray,
                                          progress=lambda done, b=before: bar.update(task, completed=b + done),
                                          keep_rows=bool(parquet)))
                except RuntimeError as e:
                    fail(str(e))
                before += count
            measured.append((label, g, ms))
    data = {"sides": [{"label": label, "game": g.name, "preset": g.preset, "options": g.opts, "players": g.players,
                       "plays": [m.as_dict(g) for m in ms]} for label, g, ms in measured]}
    if compare:
        (_a, ga, ma), (_b, _gb, mb) = measured
        data["comparison"] = [lab.compare(ga, a, b) for a, b in zip(ma, mb)]
    if plot:
        lab.plot(plot, measured)
    if parquet:
        from .sim import parquet_table
        _write_parquet(parquet, [parquet_table(g, m.result.rows, [m.play] * g.players, play=m.play, side=label)
                                 for label, g, ms in measured for m in ms])
    if as_json:
        console.print_json(json.dumps(data, ensure_ascii=False, default=_json_number))
    else:
        _print_fairness(measured, data.get("comparison"))
    if plot:
        err.print(f"plot saved to {plot}")


def _json_number(x):
    return None if x == float("inf") else float(x)


def parse_assignments_or_fail(items):
    try:
        return parse_assignments(items)
    except OptionError as e:
        fail(str(e))


def _ci(q):
    return f"{q['rate']:.1%} ({q['ci95'][0]:.1%}–{q['ci95'][1]:.1%})"


def _print_fairness(measured, comparison):
    from rich.table import Table
    for label, g, ms in measured:
        rules = g.option_string()
        console.print(f"[bold]{g.title}[/], {g.players} players, preset {g.preset}"
                      + (f" (side {label})" if label else "") + f": {rules}", soft_wrap=True)
        t = Table()
        t.add_column("")
        for m in ms:
            t.add_column(f"{m.play}, {m.result.games:,} games")
        if g.teams:
            rows = [["team " + " + ".join(map(g.player_name, team))] + [_ci(m.result.team_rates(g)[i]) for m in ms]
                    for i, team in enumerate(g.teams)]
            rows += [["moved " + " + ".join(_ordinal(p + 1) for p in team)]
                     + [_ci(m.result.team_order_rates(g)[i]) for m in ms] for i, team in enumerate(g.teams)]
        else:
            rows = [[f"seat {g.player_name(i)}"] + [_ci(m.result.seat_rates()[i]) for m in ms]
                    for i in range(g.players)]
            rows += [[f"moved {_ordinal(i + 1)}"] + [_ci(m.result.order_rates()[i]) for m in ms]
                     for i in range(g.players)]
        for m in ms:
            m.d = m.as_dict(g)
        rows.append(["length, rolls: mean"] + [f"{m.d['rolls_mean']:.1f} (sd {m.d['rolls_sd']:.1f})" for m in ms])
        rows.append(["  p5 / median / p95"] + ["{p5} / {p50} / {p95}".format(**m.d["rolls_percentiles"]) for m in ms])
        rows.append(["captures a game"] + [f"{m.d['captures_per_game']:.2f}" if m.d["captures_per_game"] is not None
                                           else "not counted" for m in ms])
        rows.append(["cut off"] + [f"{m.d['cut_off_share']:.2%} ({m.d['cut_off']})" for m in ms])
        for r in rows:
            t.add_row(*r)
        console.print(t)
    if not comparison:
        return
    for c in comparison:
        t = Table(title=f"{c['play']} play: A vs B (5% level; per-seat p Holm-adjusted)")
        for col in ("", "A", "B", "p", "verdict"):
            t.add_column(col)
        sd = c["seat_distribution"]
        t.add_row("seat wins overall", "", "", f"{sd['p']:.3g}", f"chi² {sd['chi2']:.1f}, {sd['dof']} dof: "
                  + ("differ" if sd["p"] < 0.05 else "no significant difference"))
        for r in c["seats"]:
            t.add_row(r["what"], f"{r['a']:.1%}", f"{r['b']:.1%}", f"{r['p']:.3g}", _verdict(r))
        L = c["length"]
        t.add_row("length (mean rolls)", f"{L['a']['mean']:.1f}", f"{L['b']['mean']:.1f}", f"{L['p']:.3g}",
                  f"Mann–Whitney: {_verdict(L)}")
        if "captures" in c:
            C = c["captures"]
            t.add_row("captures a game", f"{C['a']:.2f}", f"{C['b']:.2f}", f"{C['p']:.3g}", f"Welch t: {_verdict(C)}")
        K = c["cut_off"]
        t.add_row("cut off", f"{K['a']:.2%}", f"{K['b']:.2%}", f"{K['p']:.3g}", _verdict(K))
        console.print(t)


def _verdict(r):
    if r["significant"]:
        return "significant"
    need = r.get("games_to_settle")
    if need is None:
        return "not significant"
    if need == float("inf"):
        return "no difference"
    return f"not significant; ~{need:,} games a side to settle"


def _record_text(file):
    """A record file's text, or a one-line error (exit code 2) when it cannot be read or is not UTF-8."""
    try:
        return file.read_text(encoding="utf-8")
    except OSError as e:
        fail(_("cannot read {file}: {problem}", file=file, problem=e.strerror))
    except UnicodeDecodeError as e:
        fail(_("{file} is not UTF-8 text: {problem}", file=file, problem=e))


@app.command()
def replay(file: Path = typer.Argument(..., help="a record file"),
           quiet: bool = typer.Option(False, "--quiet", "-q", help="only check, do not draw")):
    """Re-check a record move by move and show the game."""
    from . import record as records
    from .render.terminal import render
    text = _record_text(file)
    try:
        games, match = records.load_match(text)
    except GameError as e:
        fail(f"{file}: {_told(e)}")
    lines = text.splitlines()
    for i, (rec, start, final) in enumerate(games, 1):
        g = final.game
        if not quiet:
            last = _show_turns(rec, start, lines)
            console.print(render(g, g.view(final.arr), last, LANG))
        result = ", ".join(_colour(g, p) for p in final.finish_order) or _("unfinished")
        rolls = sum(1 for _n, _p, tokens in rec.turns for t in tokens if records.DICE.match(t))
        console.print(Text(_("{file}: {game}, {rolls} rolls, all moves legal; result: {result}", file=file,
                        game=g.title + (" " + _("round {round}", round=i) if match else ""), rolls=rolls,
                        result=result)))
    if match:
        console.print(Text(_("match to {wins} wins: {score}", wins=match.wins, score=_score(match))
                      + ("; " + _("{player} wins the match", player=_colour(match.game, match.winner))
                         if match.over else "")))


def _show_turns(rec, start, lines):
    """Each roll of a replayed game as its record numbers it, every move with
    its squares and what happened; returns the squares of the last move."""
    from . import record as records
    from .engine.story import Teller
    from .render.terminal import MoveTrace, tell_stories
    state = start.clone()
    g = state.game
    teller = Teller(g)
    last = ()
    for line_number, name, tokens in rec.turns:
        number = records.LINE.match(lines[line_number - 1].strip()).group(1)
        out = Text.assemble((f"{number:>4}. ", "dim"), (colour_name(name, LANG), _style_of(g, name)))
        for token in tokens:
            m = records.DICE.match(token)
            if m:
                player = state.current_player
                dice = tuple(int(d) for d in m.group(1).split("-"))
                out += Text.assemble(" ", (token, "bold"))
                said = tell_stories(teller.roll(player, dice, state.set_dice(dice)), g, LANG)
            else:
                trace = MoveTrace(state, state.parse_move(token), LANG)
                state.push(trace.move)
                last = trace.cells or last
                out += Text.assemble(" ", (token, "bold"),
                                     f" ({trace.frm} → {trace.to})" if trace.frm or trace.to else "")
                said = trace.consequences(teller, LANG, played=True)
            if said:
                out += Text(f" — {said}", style="italic")
        console.print(out)
    return last


def _style_of(game, colour):
    from .render.terminal import seat_style
    return seat_style(game, game.colours.index(colour)) if colour in game.colours else ""


@app.command()
def bench(game: str = typer.Option(..., help="the game: " + ", ".join(GAMES)),
          players: int = typer.Option(4, help="number of players"),
          preset: str = typer.Option(None, help="a named set of rules"),
          option: list[str] = typer.Option(None, "--option", "-o", help=OPTION_HELP),
          seconds: float = typer.Option(5.0, help="how long to measure each bot"),
          greedy: bool = typer.Option(False, help="also measure games between greedy bots"),
          max_rolls: int = typer.Option(None, help="cut a game off after this many rolls (default: the "
                                        "game's own cap)"),
          workers: int = typer.Option(None, help="processes for the all-core figure (default: every core; "
                                      "1: one core only)")):
    """Complete random-move games per second, moves and turns per second: on one core, then on every core."""
    from .sim import bench as run_bench, bench_all_cores, default_workers
    g = _game(game, players, preset, option)
    workers = workers or default_workers()
    for policy in ("random", "greedy") if greedy else ("random",):
        res = run_bench(g, seconds=seconds, policy=policy, max_rolls=max_rolls)
        cut = res["games"] - res["finished"]
        console.print(f"{g.title}, {players} players, {policy} moves, one core: {res['games_per_s']:,.0f} games/s "
                      f"({res['games_per_cpu_s']:,.0f} per CPU-second), {res['moves_per_s']:,.0f} moves/s, "
                      f"{res['rolls_per_s']:,.0f} turns (rolls)/s; {res['finished']} of {res['games']} games finished"
                      + (f", {cut} cut off at {res['cap']} rolls" if cut else "")
                      + f" ({res['seconds']:.1f}s)", soft_wrap=True)
        if workers > 1:
            every = bench_all_cores(g, workers, seconds=seconds, policy=policy, max_rolls=max_rolls)
            console.print(f"{g.title}, {players} players, {policy} moves, {workers} processes: "
                          f"{every['games_per_s']:,.0f} games/s, {every['moves_per_s']:,.0f} moves/s "
                          f"({every['games_per_s'] / res['games_per_s']:.2f}x one core)", soft_wrap=True)


@app.command()
def serve(host: str = typer.Option("127.0.0.1", help="the address to listen on"),
          port: int = typer.Option(8000, help="the port"),
          database_url: str = typer.Option(None, "--db", envvar="DATABASE_URL",
                                           help="an SQLAlchemy URL (default: an SQLite file in the user's data folder)"),
          bot_delay: float = typer.Option(0.8, help="seconds a bot waits before each roll or move at the normal speed "
                                                    "(players may choose instant, fast or slow: 0, 0.3 or 2 times)"),
          absent_after: float = typer.Option(60.0, help="default seconds before a bot plays for an absent person"),
          min_absent_after: float = typer.Option(20.0, help="the least wait before a stand-in a room may ask for "
                                                 "(0, never, is always allowed)"),
          rate: float = typer.Option(8.0, help="messages a second one connection may send (a seat's actions too)"),
          create_rate: float = typer.Option(0.5, help="rooms a second one address may create (0: unlimited)"),
          rooms_per_hour: int = typer.Option(60, help="rooms one address may create in an hour (0: unlimited)"),
          room_idle: float = typer.Option(300.0, help="seconds a room nobody is connected to stays in memory after "
                                          "its last use (it reloads from the database when asked for)"),
          max_rooms: int = typer.Option(200, help="rooms nobody is connected to kept in memory at most"),
          bot_processes: int = typer.Option(None, help="processes the bots think in (default: one a core, at most "
                                            "four)"),
          sqlite_sync: str = typer.Option("NORMAL", help="SQLite's synchronous: NORMAL (a commit survives a crash "
                                          "of the server) or FULL (a power cut too, at the disk's pace)"),
          dice_seed: int = typer.Option(None, help="derive every room's dice from this seed (tests, demonstrations: "
                                        "the dice are predictable, so never for real play)"),
          conns_per_address: int = typer.Option(64, help="open connections one address may hold (0: no cap)"),
          conns_per_prefix: int = typer.Option(256, help="open connections one /24 (IPv4) or /64 (IPv6) may hold "
                                               "(0: no cap)"),
          header_timeout: float = typer.Option(10.0, help="seconds a request's headers may take to arrive"),
          body_timeout: float = typer.Option(30.0, help="seconds a request's body may take to arrive (0: no limit)"),
          body_rate: float = typer.Option(4096.0, help="bytes a second a request's body must average after its "
                                          "first 3 s (0: no floor)"),
          max_connections: int = typer.Option(4096, help="open connections in all; beyond, new requests get 503"),
          trusted_proxies: str = typer.Option("", help="comma-separated addresses of reverse proxies in front "
                                              "(their X-Forwarded-For names the client; see docs/web.md)"),
          lookup_rate: float = typer.Option(0.2, help="lookups of unknown room codes a second one address may make "
                                            "(0: unlimited)"),
          lookup_burst: int = typer.Option(20, help="... and at most at once"),
          refused_rate: float = typer.Option(0.5, help="refused actions a second one address may cause (0: unlimited)"),
          refused_burst: int = typer.Option(20, help="... and at most at once"),
          redis_url: str = typer.Option(None, envvar="REDIS_URL", help="Redis between several server processes "
                                        "(needs PostgreSQL; see --workers)"),
          workers: int = typer.Option(1, help="server processes sharing the port, each the one authority of its "
                                      "rooms (more than one: PostgreSQL --db and --redis-url)"),
          log_level: str = typer.Option("info", help="uvicorn's log level")):
    """Start the web app: every game in the browser, on one screen and online."""
    _need("web", "pachisi serve")
    if redis_url:
        _need("scale", "pachisi serve --redis-url")
    from .web import Settings, run
    from .web.limits import LimitSettings
    if sqlite_sync.upper() not in ("NORMAL", "FULL"):
        fail(_("--sqlite-sync is NORMAL or FULL, not {value!r}", value=sqlite_sync))
    settings = Settings(database_url=database_url, bot_delay=bot_delay, absent_after=absent_after,
                        min_absent_after=min_absent_after, rate=rate, create_rate=create_rate,
                        rooms_per_hour=rooms_per_hour,
                        room_idle=room_idle, max_rooms=max_rooms, bot_processes=bot_processes,
                        sqlite_sync=sqlite_sync.upper(), dice_seed=dice_seed, redis_url=redis_url, workers=workers,
                        limits=LimitSettings(conns_per_address=conns_per_address, header_timeout=header_timeout,
                                             conns_per_prefix=conns_per_prefix, body_timeout=body_timeout,
                                             body_rate=body_rate,
                                             max_connections=max_connections, trusted_proxies=trusted_proxies,
                                             lookup_rate=lookup_rate, lookup_burst=lookup_burst,
                                             refused_rate=refused_rate, refused_burst=refused_burst))
    if settings.problem():
        fail(settings.problem())
    console.print(f"pachisi web app on http://{host}:{port}")
    run(host, port, settings, log_level=log_level)


@app.command()
def verify(file: Path = typer.Argument(..., help="a record file of a finished web room"),
           as_json: bool = typer.Option(False, "--json", help="print JSON")):
    """Fair dice: re-derive every roll of a record from its revealed seed and check the commitment."""
    from .verify import summary, verify_text
    text = _record_text(file)
    report = verify_text(text)
    if as_json:
        console.print_json(json.dumps(report.as_dict(), ensure_ascii=False))
    else:
        console.print(summary(report))
    if not report.ok:
        raise typer.Exit(1)


@app.command()
def tournament(game: str = typer.Option(..., help="the game: " + ", ".join(GAMES)),
               bots: str = typer.Option("random,greedy,expectimax,mcts",
                                        help="comma-separated bots: " + ", ".join(BOT_NAMES) + ", or a level "
                                        "(level1..level6); settings follow a colon: mcts:iterations=200"),
               n: int = typer.Option(100, "-n", help="how many games"),
               players: int = typer.Option(None, help="players a game (default: one per bot, or 2 when the "
                                           "game seats fewer)"),
               preset: str = typer.Option(None, help="a named set of rules"),
               option: list[str] = typer.Option(None, "--option", "-o", help=OPTION_HELP),
               seed: int = typer.Option(0, help="the tournament's seed (deal i rolls with seed+i)"),
               as_json: bool = typer.Option(False, "--json", help="print JSON"),
               markdown: bool = typer.Option(False, "--markdown", help="print the standings as Markdown"),
               plot: Path = typer.Option(None, help="save a PNG of the win rates and ratings here"),
               workers: int = typer.Option(1, help="processes to play in; the results are the same for any number"),
               ray: str = typer.Option(None, "--ray", help="play on the Ray cluster at this address (\"local\": "
                                       "start one here; needs pachisi[ray]); the same results"),
               ray_fallback: bool = typer.Option(False, "--ray-fallback", help="play in local processes when Ray "
                                                 "cannot be reached or started (saying so), instead of stopping"),
               parquet: Path = typer.Option(None, "--parquet", help=PARQUET_HELP.replace(
                   "captures, per-seat captures and moves", "decisions (captures are not counted)"))):
    """Bots against bots, seats rotated: win rates with 95% CIs and ratings (Elo, OpenSkill)."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
    from rich.table import Table
    from . import tournament as tour
    _need("rating", "pachisi tournament")
    if plot:
        _need("plot", "pachisi tournament --plot")
    if parquet:
        _need("parquet", "pachisi tournament --parquet")
    if n < 1:
        fail(_("-n must be at least 1"))
    try:
        entrants = tour.entrants_from(bots)
    except ValueError as e:
        fail(str(e))
    if len(entrants) < 2:
        fail(_("a tournament needs at least two bots"))
    try:
        cls = game_class(game)
    except OptionError as e:
        fail(_told(e))
    g = _game(game, players or tour.default_players(cls, len(entrants)), preset, option)
    if plot:
        try:
            plot = tour.plot_path(plot)
        except ValueError as e:
            fail(_("cannot save the plot: {problem}", problem=str(e)))
    ray = _ray(ray, max(1, workers), ray_fallback)
    with Progress(TextColumn(_("playing")), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=err, disable=as_json or markdown or not err.is_terminal) as bar:
        task = bar.add_task("games", total=n)
        try:
            res = tour.run(g, entrants, n, seed, progress=lambda done: bar.update(task, completed=done),
                           workers=max(1, workers), ray=ray)
        except RuntimeError as e:
            fail(str(e))
    if plot:
        tour.plot(res, plot)
    if parquet:
        _write_parquet(parquet, [tour.rows_table(res)])
    if as_json:
        console.print_json(json.dumps(res.as_dict(), ensure_ascii=False))
    elif markdown:
        console.print(tour.markdown(res), markup=False, highlight=False, soft_wrap=True)
    else:
        d = res.as_dict()
        t = Table(title=_("{game}: {n} games ({finished} finished), {players} players, seats rotated, {seconds}s",
                          game=g.title, n=n, finished=d["finished"], players=g.players,
                          seconds=f"{res.seconds:.1f}"))
        for col in ("bot", "games", "wins", "win rate", "95% CI", "Elo", "OpenSkill μ ± σ"):
            t.add_column(_(col))
        for r in d["bots"]:
            t.add_row(r["bot"], str(r["games"]), str(r["wins"]), f"{r['rate']:.3f}",
                      f"{r['ci95'][0]:.3f}–{r['ci95'][1]:.3f}", f"{r['elo']:.0f}",
                      f"{r['mu']:.1f} ± {r['sigma']:.1f}")
        console.print(t)
    if plot and not as_json:
        err.print(Text(_("plot saved to {path}", path=plot)))


@app.command()
def train(game: str = typer.Argument(..., help="the game: " + ", ".join(GAMES)),
          players: list[int] = typer.Option(None, "--players", "-p", help="players a game (repeatable; default: "
                                            "every number the game allows)"),
          seconds: float = typer.Option(60.0, help="CPU seconds of self-play per number of players"),
          games: int = typer.Option(None, help="self-play games per number of players (instead of --seconds: "
                                    "the same weights on every machine)"),
          seed: int = typer.Option(0, help="the seed of the start positions, the dice and the first weights"),
          prior: bool = typer.Option(False, "--prior", help="start from weights that play to bring pieces home, "
                                     "as the greedy bot does (for a game whose self-play from random weights "
                                     "never ends)"),
          preset: str = typer.Option(None, help="a named set of rules"),
          option: list[str] = typer.Option(None, "--option", "-o", help=OPTION_HELP),
          out: Path = typer.Option(None, help="the folder to write the weights to (default: the package's "
                                   "bots/weights, which the bots and analysis read)")):
    """Train the evaluator of a game by self-play (TD(lambda)) and write its weights."""
    from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn
    from importlib import resources
    from . import training
    try:
        cls = game_class(game)
    except OptionError as e:
        fail(_told(e))
    counts = players or list(range(cls.min_players, cls.max_players + 1))
    if games is not None and games < 1:
        fail(_("--games must be at least 1"))
    if seconds <= 0:
        fail(_("--seconds must be positive"))
    folder = out or Path(str(resources.files("pachisi.bots") / "weights"))
    for n in counts:
        g = _game(game, n, preset, option)
        with Progress(TextColumn(_("training {game}, {players} players", game=g.title, players=n)), BarColumn(),
                      TimeRemainingColumn(), console=err, disable=not err.is_terminal) as bar:
            task = bar.add_task("train", total=games or int(1000 * seconds))
            try:
                weights, info = training.train(g, seconds, games, seed, prior=prior,
                                               progress=lambda done, total: bar.update(task, completed=done))
            except GameError as e:
                fail(_told(e))
        path = training.save(weights, info, folder)
        console.print(Text(_("{game}, {players} players: {games} games ({rolls} rolls) in {seconds} CPU seconds; "
                             "weights in {path}", game=g.title, players=n, games=info["games"], rolls=info["rolls"],
                             seconds=info["cpu_seconds"], path=path)))


@app.command()
def analyse(file: Path = typer.Argument(..., help="a record file"),
            as_json: bool = typer.Option(False, "--json", help="print JSON"),
            plot: Path = typer.Option(None, help="save a PNG of the equity graph here")):
    """Who played well and who was lucky: each move's equity lost, each roll's luck, the dice against fair dice."""
    from . import analysis
    _need("analysis", "pachisi analyse")
    if plot:
        _need("plot", "pachisi analyse --plot")
        from . import tournament as tour
        try:
            plot = tour.plot_path(plot)
        except ValueError as e:
            fail(_("cannot save the plot: {problem}", problem=str(e)))
    try:
        done = analysis.analyse_record(_record_text(file))
    except GameError as e:
        fail(f"{file}: {_told(e)}")
    if plot:
        analysis.plot(done, plot)
    if as_json:
        console.print_json(json.dumps([a.as_dict() for a in done], ensure_ascii=False))
        return
    for a in done:
        _print_analysis(a)
    if plot:
        err.print(Text(_("plot saved to {path}", path=plot)))


def _signed(x):
    return f"{x:+.3f}"


def _print_analysis(a):
    from rich.table import Table
    from . import analysis
    g = a.game
    moves = Table(title=_("{game}: every roll's luck and every move's equity lost (the learned evaluator's)",
                          game=g.title))
    for col in ("roll", "player", "dice", "luck", "moves"):
        moves.add_column(_(col))
    number, row = 0, None
    for s in a.steps:
        if s["kind"] == "roll":
            if row:
                moves.add_row(*row)
            number += 1
            row = [str(number), colour_name(a.names[s["player"]], LANG), "-".join(map(str, s["dice"])),
                   _signed(s["luck"][s["player"]]), ""]
        else:
            if row is None:
                number += 1
                row = [str(number), colour_name(a.names[s["player"]], LANG), "", "", ""]
            said = s["move"] + s["mark"]
            if s["lost"] >= analysis.DOUBTFUL:
                said += " (" + _("{lost} lost, best {best}", lost=f"{s['lost']:.3f}", best=s["best"]) + ")"
            row[4] = (row[4] + " " + said).strip()
    if row:
        moves.add_row(*row)
    console.print(moves)
    players = Table(title=_("{game}: skill and luck (marks: ?! from {doubtful}, ? from {bad}, ?? from {very_bad} "
                            "equity lost)", game=g.title, doubtful=analysis.DOUBTFUL, bad=analysis.BAD,
                            very_bad=analysis.VERY_BAD))
    for col in ("player", "decisions", "mean loss", "?!", "?", "??", "luck", "result", "luck-adjusted"):
        players.add_column(_(col))
    for p in a.players():
        players.add_row(colour_name(p["player"], LANG), str(p["decisions"]), f"{p['mean_loss']:.4f}",
                        str(p["?!"]), str(p["?"]), str(p["??"]), _signed(p["luck"]), f"{p['result']:.2f}",
                        f"{p['luck_adjusted']:.3f}")
    console.print(players)
    for d in analysis.dice_report([a]):
        counts = "; ".join(" ".join(f"{f}:{c}" for f, c in zip(k["faces"], k["counts"])) for k in d["dice"])
        if d["test"] is None:
            verdict = _("too few rolls to test")
        else:
            verdict = _("chi-square p = {p}", p=f"{d['test']['p']:.2f}")
        console.print(Text(_("{player}'s dice, {rolls} rolls: {counts}; {verdict}", player=colour_name(d["player"], LANG),
                             rolls=d["rolls"], counts=counts, verdict=verdict)))
    console.print(Text(_("Fair dice give a p-value below 0.05 in one game in twenty, so a small p in one game is no "
                         "proof of loaded dice; the server's dice can be checked roll by roll (pachisi verify).")))


def main():
    try:
        app()
    except KeyboardInterrupt:
        sys.exit(130)
