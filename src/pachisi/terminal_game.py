"""A game in the terminal (`pachisi play`): people at this keyboard against
bots or each other.

On a terminal the screen is redrawn in place before each decision: the board
(the last move shaded), the latest things that happened, then the dice and
the choices.  When the output is not a terminal (a file, a pipe) everything
is appended instead, the board only when it has changed.  A person types the
dice of a real roll or lets the program roll, picks a move by its number or
in the game's notation, and may ask for `help`, a `hint` (the strongest
bot's choice and how often greedy playouts win after it) or, when every seat
is a person here, `undo`.
"""
import itertools
import re

import numpy as np
from rich.text import Text

from .bots import bot_for_level
from .engine import kernel as K
from .engine.game import GameError
from .engine.story import Teller
from .i18n import colour_name, owner_name, plural, render as tr, translate
from .render.terminal import MoveTrace, piece_mark, render, seat_style, tell_stories

MAX_LISTED = 40        # legal moves listed by number; more are typed in notation
MANY = 200             # beyond this many (a fence step: thousands) only the first few are listed
FEW = 6
LOG_LINES = 8          # what happened lately, under the board on a redrawn screen (more: since one's last move)
LOG_MOST = 16
HINT_LEVEL = 5
HINT_PLAYOUTS = 400
SLOW_BOTS = ("expectimax", "mcts")   # bots that may think long enough to deserve a "thinking…" line


class Quit(Exception):
    """A person typed q: stop and save what was played."""


class TerminalGame:
    """One person's (or several people's) view of a game or match at this terminal."""

    def __init__(self, console, game, seats, bots, lang="en"):
        self.console, self.game, self.seats, self.bots, self.lang = console, game, seats, bots, lang
        self.live = console.is_terminal and "human" in seats
        self.hotseat = all(s == "human" for s in seats)
        self.header = Text()
        self.log = []
        self.last = ()               # squares of the last move, shaded
        self.shown = None            # the board last printed (appended output)
        self.seen = 0                # log lines up to a person's last decision
        self.teller = Teller(game)   # tells the events, with why, from the turn so far
        self.told = {}               # the teller before the action at each length of the history (undo)

    def _(self, template, **values):
        return tr(template, self.lang, **values)

    # -- output ------------------------------------------------------------------------------
    def say(self, text):
        """Something that happened: kept for the redrawn screen, printed at once when appending."""
        text = text if isinstance(text, Text) else Text(text)
        self.log.append(text)
        if not self.live:
            self.console.print(text)

    def board(self, state, force=False):
        """The board; appended output explains its signs the first time only."""
        view = state.game.view(state.arr)
        drawn = render(self.game, view, self.last, self.lang, signs=self.live or self.shown is None)
        if force or drawn.plain != self.shown:
            self.console.print(drawn)
            self.shown = drawn.plain

    def screen(self, state):
        """Before a person decides: the whole screen redrawn (terminal), or the board if it changed."""
        if self.live:
            self.console.clear()
            self.console.print(self.header)
            self.board(state, force=True)
            first = max(0, len(self.log) - LOG_MOST, min(self.seen, len(self.log) - LOG_LINES))
            for line in self.log[first:]:
                self.console.print(line)
            self.seen = len(self.log)
        else:
            self.board(state)

    def who(self, player):
        seat = self.game.seats[player]
        seat_kind = self.seats[player] if self.seats[player] != "human" else translate("human", self.lang)
        return Text(f"{colour_name(self.game.player_name(player), self.lang)} ({seat_kind})",
                    style=seat_style(self.game, seat))

    def ask(self, prompt):
        try:
            return self.console.input(prompt).strip()
        except EOFError:
            return "q"

    # -- a game --------------------------------------------------------------------------------
    def play(self, state):
        """Play one game to its end; raises Quit if a person quits."""
        start_len = len(state.history)
        self.teller, self.told = Teller(self.game), {}
        while not state.is_over:
            p = state.current_player
            self.told[len(state.history)] = self.teller.saved()
            if state.is_chance:
                dice, events = self.roll(state, p, start_len) if p not in self.bots else state.roll()
                if dice is None:
                    continue
                said = tell_stories(self.teller.roll(p, dice, events), self.game, self.lang)
                self.say(Text.assemble(self.who(p), " ", self._("rolls"), " ", ("-".join(map(str, dice)), "bold"),
                                       " — " + said if said else ""))
                continue
            if p in self.bots:
                move = self.think(state, p)
            else:
                move = self.decide(state, p, start_len)
                if move is None:
                    continue
            trace = MoveTrace(state, move, self.lang)
            state.push(move)
            self.last = trace.cells
            self.say(self.move_line(p, trace))

    def move_line(self, player, trace):
        said = trace.consequences(self.teller, self.lang, played=True)
        owner = int(trace.move.player)          # a partner's piece, once the player's own are all home
        whose = "" if owner == player else " " + self._("with {whose} piece", whose=owner_name(
            self.game.player_name(owner), self.lang))
        return Text.assemble("  ", self.who(player), " ", self._("plays"), " ", (trace.move.text, "bold"), whose,
                             f": {trace.frm} → {trace.to}" if trace.frm or trace.to else "",
                             " — " + said if said else "")

    def think(self, state, player):
        bot = self.bots[player]
        if self.live and bot.name in SLOW_BOTS:
            with self.console.status(self._("{player} is thinking…", player=colour_name(
                    self.game.player_name(player), self.lang))):
                return bot.choose(state)
        return bot.choose(state)

    # -- a person's roll ---------------------------------------------------------------------------
    def roll(self, state, player, start_len):
        """A person's roll: Enter rolls, or the dice of a real roll are typed.
        (dice, events), or (None, None) when the state changed otherwise (undo)."""
        example = dice_example(self.game)
        if self.live:                  # appended output shows the board once, with the moves
            self.screen(state)
        while True:
            prompt = Text.assemble(self.who(player), ": ", self._(
                "Enter rolls the dice, or type a real roll (e.g. {example}); {commands}: ", example=example,
                commands="help, undo, q" if self.hotseat else "help, q"))
            answer = self.ask(prompt)
            low = answer.lower()
            if low in ("q", "quit"):
                raise Quit
            if low in ("help", "?", "h"):
                self.console.print(Text(self.help(state)))
                continue
            if low == "undo":
                if self.undo(state, start_len):
                    return None, None
                continue
            if not answer:
                return state.roll()
            try:
                dice = parse_dice(self.game, answer)
                return dice, state.set_dice(dice)
            except GameError as e:
                self.console.print(Text(e.message(self.lang), style="red"))

    # -- a person's move ------------------------------------------------------------------------------
    def decide(self, state, player, start_len):
        """A person's move (None when undo changed the state)."""
        moves = state.legal_moves()
        self.screen(state)
        self.console.print(self.choices(state, player, moves))
        while True:
            answer = self.ask(self._("your move (number or notation; {commands}): ",
                                     commands="help, hint, undo, q" if self.hotseat else "help, hint, q"))
            low = answer.lower()
            if low in ("q", "quit"):
                raise Quit
            if low in ("help", "?", "h"):
                self.console.print(Text(self.help(state)))
            elif low == "hint":
                self.console.print(self.hint(state))
            elif low == "undo":
                if self.undo(state, start_len):
                    return None
            elif low in ("", "list", "moves"):
                self.console.print(self.choices(state, player, moves))
            elif answer.isdigit():
                if 1 <= int(answer) <= len(moves):
                    return moves[int(answer) - 1]
                self.console.print(Text(self._("no move number {number}; moves are 1–{last}", number=answer,
                                               last=len(moves)), style="red"))
            else:
                move = find_move(state, moves, answer)
                if move is not None:
                    return move
                self.console.print(Text(state.explain(answer, self.lang), style="red"))

    def choices(self, state, player, moves):
        """The dice left and the legal moves by number, each with its squares and what it does;
        many moves are laid out in columns, so the list fits under the board."""
        dice = "-".join(map(str, state.dice))
        out = Text.assemble(self.who(player), ", ", self._("dice left {dice}", dice=dice) if dice
                            else self._("before the roll"), ":\n")
        listed = moves[:MAX_LISTED if len(moves) <= MANY else FEW]
        width = max((len(m.text) for m in listed), default=0) + 1
        entries = []
        for i, m in enumerate(listed, 1):
            trace = MoveTrace(state, m, self.lang)
            entry = Text.assemble(f"{i:2}. ", (f"{m.text:{width}}", "bold"))
            if 0 <= m.piece < len(self.game.piece_names) and (trace.frm or trace.to):
                mark, style = piece_mark(self.game, m.player, m.piece)
                entry += Text.assemble((mark, style), f" {trace.frm} → {trace.to}")
            said = trace.consequences(self.teller, self.lang)
            if said:
                entry += Text("  " + said, style="italic")
            entries.append(entry)
        out += _columns(entries, self.console.width)
        if len(moves) > len(listed):
            out += self._("  … and {count} more: type any of them in the game's notation",
                          count=len(moves) - len(listed)) + "\n"
            if len(moves) > MANY:
                out += "  " + notation_help(state, self.lang) + "\n"
        return out

    def help(self, state):
        """The notation of this game and the commands."""
        g = self.game
        notation = notation_help(state, self.lang)
        lines = [self._("Notation: {help}", help=notation) if notation else "",
                 self._("A move is chosen by its number in the list or typed in notation (capitals or not)."),
                 self._("Commands: help (this), hint (the strongest bot's choice), undo (hot-seat games: "
                        "take back to the last decision), list (the moves again), q (quit and save the record)."),
                 self._("At the roll: Enter rolls the dice; typing a real roll ({example}) plays it.",
                        example=dice_example(g))]
        return "\n".join(line for line in lines if line)

    def hint(self, state):
        """The level-5 bot's choice, and how often greedy playouts from there win for the player."""
        bot = bot_for_level(HINT_LEVEL, state.seed)
        move = bot.choose(state)
        after = state.clone()
        after.push(move)
        me = state.current_player
        if after.is_over:
            rate = 1.0 if after.winner == me else 0.0
        else:
            policies = [K.POLICY_GREEDY] * self.game.players
            games = self.game.engine.run_many(after.arr, state.seed, HINT_PLAYOUTS, policies, False, False)
            rate = float(np.mean(games[:, 3] == me))
        return Text(self._("hint: {move} (level {level}); after it greedy playouts win {rate:.0%} for you",
                           move=move.text, level=HINT_LEVEL, rate=rate), style="cyan")

    def undo(self, state, start_len):
        """Hot-seat only: take back moves and rolls to the last decision made."""
        if not self.hotseat:
            self.console.print(Text(self._("undo is for hot-seat games (every seat a person at this terminal)"),
                                    style="red"))
            return False
        history = state.history
        if not any(kind == "move" for _, kind, _ in history[start_len:]):
            self.console.print(Text(self._("nothing to undo"), style="red"))
            return False
        while True:
            _, kind, value = state.history[-1]
            state.pop()
            if kind == "move" and not state.is_chance:
                break
        self.last = ()
        self.teller = Teller(self.game, self.told[len(state.history)])
        self.say(Text(self._("undone: back to before {move}", move=value), style="cyan"))
        return True


def _columns(entries, width, short=12):
    """Entries one a line, or in columns (down, then across) when there are many and the width allows."""
    cell = max((len(e) for e in entries), default=0) + 3
    ncols = max(1, min((width - 2) // cell, -(-len(entries) // short))) if len(entries) > short else 1
    rows = -(-len(entries) // ncols) if entries else 0
    out = Text()
    for r in range(rows):
        out += "  "
        for c in range(ncols):
            i = c * rows + r
            if i < len(entries):
                out += entries[i]
                if c < ncols - 1 and i + rows < len(entries):
                    out += " " * (cell - len(entries[i]))
        out += "\n"
    return out


def notation_help(state, lang="en"):
    """How this game writes a move: what its parser says to text that is no move at all."""
    if state.is_chance or state.is_over:
        return ""
    try:
        state.game.parse_notation(state.arr, "?")
    except GameError as e:
        return e.message(lang)
    return ""


def dice_example(game):
    """A roll of this game written as a person types it: 6, or 6-2 (each a face of its die)."""
    faces = [sorted(f) for f in game.dice_faces()]
    return "-".join(str(f[-1] if i == 0 else f[min(1, len(f) - 1)]) for i, f in enumerate(faces))


_DICE = re.compile(r"^\s*\d+(\s*[-, ]\s*\d+)*\s*$")


def parse_dice(game, text):
    """The dice typed by a person: numbers separated by -, comma or space, in
    any order that fits the game's dice (a 2–7 die may come second)."""
    faces = game.dice_faces()
    n = len(faces)
    example = dice_example(game)
    if not _DICE.match(text):
        raise GameError("type the dice as numbers, e.g. {example}, or press Enter to roll", example=example)
    values = tuple(int(x) for x in re.split(r"[-, ]+", text.strip()))
    if len(values) != n:
        if n == 1:
            raise GameError("this game rolls one die: type one number, e.g. {example}", example=example)
        raise GameError(plural("this game rolls {count} die: type {count} number, e.g. {example}",
                               "this game rolls {count} dice: type {count} numbers, e.g. {example}"), count=n,
                        example=example)
    fits = {p for p in itertools.permutations(values) if all(d in f for d, f in zip(p, faces))}
    if values in fits:
        return values
    if len(fits) == 1:
        return fits.pop()
    spans = ", ".join(f"{min(f)}–{max(f)}" if len(f) == max(f) - min(f) + 1 else "/".join(map(str, sorted(f)))
                      for f in faces)
    raise GameError("{dice} is not a roll of this game (its dice show {spans})", dice=text, spans=spans)


def find_move(state, moves, text):
    """The legal move a person typed: as written, or in other capitals when only one move reads so."""
    try:
        return state.parse_move(text)
    except GameError:
        pass
    same = [m for m in moves if m.text.lower() == text.lower()]
    if len(same) == 1:
        return same[0]
    if text != text.lower():
        try:
            return state.parse_move(text.lower())
        except GameError:
            pass
    return None
