"""Game records: a readable text in the spirit of chess PGN.

    [Game "shishbesh"]
    [Preset "seed"]
    [Options "arm=5 shelters=opposite start=six ..."]
    [Players "human,greedy,random,random"]
    [Seed "42"]
    [Date "2026.11.29"]
    [First "green"]
    [Result "green"]

    1. green [6-2] 6a 2a
    2. green [3-3] 3a 3a
    3. yellow [5-1]

One line per roll: the player, the dice in brackets, then the moves in the
game's notation; moves made before a roll (a fence step) stand before the
brackets.  Loading a record replays it and re-checks every move, so a record
that loads is a legal game.  A match is several records one after another,
each with [Match] and [Round] headers.
"""
from __future__ import annotations

from dataclasses import dataclass, field
import datetime
import json
import re
import time
from typing import Callable, Iterator

from .engine.game import GameError, State
from .engine.match import Match
from .engine.options import parse_assignments
from .engine.position import dump_position, load_position, position_object
from .games import make_game

HEADER = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]$')
LINE = re.compile(r"^(\d+)\.\s+(\S+)\s*(.*)$")
DICE = re.compile(r"^\[(\d{1,4}(?:-\d{1,4})*)\]$")


class RecordError(GameError):
    """A record that is malformed or holds an illegal move; names its line."""


class BudgetError(RecordError):
    """A record that costs more to check than a Budget allows (a server's limit, not a fault of the game)."""


class Budget:
    """Limits on the work of replaying an uploaded record: games, actions (rolls and moves) and seconds
    of CPU time (of the checking process: a busy machine does not make a legal record too long).  A server
    checks records from anyone; these keep one record from taking a worker for long."""

    def __init__(self, games: int | None = None, actions: int | None = None, seconds: float | None = None):
        self.games, self.actions, self.seconds = games, actions, seconds
        self.deadline: float | None = None

    def admit(self, records: list[Record]) -> None:
        """Refuse a parsed record beyond the games and actions allowed, before any replay; start the clock."""
        if self.games is not None and len(records) > self.games:
            raise BudgetError("the record holds {count} games; at most {limit} are checked here", count=len(records),
                              limit=self.games)
        count = sum(len(tokens) for r in records for _, _, tokens in r.turns)
        if self.actions is not None and count > self.actions:
            raise BudgetError("the record holds {count} rolls and moves; at most {limit} are checked here",
                              count=count, limit=self.actions)
        if self.seconds is not None:
            self.deadline = time.process_time() + self.seconds

    def step(self) -> None:
        if self.deadline is not None and time.process_time() > self.deadline:
            raise BudgetError("checking the record took more than {seconds} s; it was stopped", seconds=self.seconds)


@dataclass
class Record:
    """A record as read: its headers ({"Game": "ludo", ...}) and its lines (line number, player, tokens)."""
    headers: dict[str, str] = field(default_factory=dict)
    turns: list[tuple[int, str, list[str]]] = field(default_factory=list)

    def positions(self) -> Iterator[tuple[str, State]]:
        """Walk the game: (token, state) for every roll and move in order, `state`
        being the position the token is played in (a copy of its own) and the
        token the record's text: a roll "[6-2]" or a move "6a" (state.parse_move
        gives its Move).  Every step is checked as record.load checks it: a
        RecordError names the line that is wrong, when the walk reaches it."""
        state = _start(self)
        for _, _, token, _ in _walk(self, state):
            yield token, state.clone()


def _escape(text):
    return str(text).replace("\\", "\\\\").replace('"', '\\"')


def _unescape(text):
    return re.sub(r"\\(.)", r"\1", text)


def headers_for(state: State, players: list[str] | None = None, date: datetime.date | None = None,
                extra: dict[str, str] | None = None) -> dict[str, str]:
    """The headers of a record of `state`'s game: game, preset, options, the
    players' names (bots or people), seed and date (default today), and `extra`."""
    g = state.game
    h = {"Game": g.name, "Preset": g.preset, "Options": g.option_string(),
         "Players": ",".join(players) if players else ",".join(["?"] * g.players),
         "Seed": str(state.seed), "Date": (date or datetime.date.today()).strftime("%Y.%m.%d")}
    h.update(extra or {})
    return h


def write(state: State, headers: dict[str, str], start: State | None = None) -> str:
    """The record text of a game played from `start` (its first state; None:
    `state`'s own history from the beginning) to `state`, with `headers`
    (headers_for); [First] and [Result] are added from the game."""
    g = state.game
    h = dict(headers)
    first = start if start is not None else state
    if start is not None and not start.history and _is_custom(start):
        position = {k: v for k, v in dump_position(start).items() if k != "seed"}   # [Seed] tells it (or hides it)
        h["Position"] = json.dumps(position, ensure_ascii=False, separators=(",", ":"))
    first_player = _first_player(state, first)
    h["First"] = g.player_name(first_player)
    h["Result"] = _result(state)
    out = [f'[{k} "{_escape(v)}"]' for k, v in h.items()]
    out.append("")
    lines: list[list] = []
    for player, kind, value in state.history[len(first.history):]:
        name = g.player_name(player)
        if kind == "roll":
            if not (lines and lines[-1][0] == name and not lines[-1][2]):
                lines.append([name, [], False])
            lines[-1][1].append("[" + "-".join(str(d) for d in value) + "]")
            lines[-1][2] = True
        else:
            if not (lines and lines[-1][0] == name):
                lines.append([name, [], False])
            lines[-1][1].append(value)
    for i, (name, tokens, _) in enumerate(lines, 1):
        out.append(f"{i}. {name} {' '.join(tokens)}".rstrip())
    return "\n".join(out) + "\n"


def _is_custom(state):
    fresh = state.game.new_state(seed=state.seed, first_player=state.current_player)
    return not (fresh.arr == state.arr).all()


def _first_player(state, first):
    for player, _, _ in state.history[len(first.history):]:
        return player
    return first.current_player


def _result(state):
    if not state.is_over:
        return "*"
    return ", ".join(state.game.player_name(p) for p in state.finish_order)


def parse(text: str) -> list[Record]:
    """Split a record text into its games (a match has several)."""
    records = []
    current = None
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith(";"):
            continue
        m = HEADER.match(line)
        if m:
            if current is None or current.turns:
                current = Record()
                records.append(current)
            current.headers[m.group(1)] = _unescape(m.group(2))
            continue
        m = LINE.match(line)
        if not m:
            raise RecordError("line {number}: not a header [Key \"value\"] nor a turn 'N. player ...': {line!r}",
                              number=number, line=line)
        if current is None:
            raise RecordError("line {number}: a turn before any header", number=number)
        current.turns.append((number, m.group(2), m.group(3).split()))
    if not records:
        raise RecordError("the record is empty")
    return records


def replay(record: Record, budget: Budget | None = None,
           on_roll: Callable[[int, str, State, tuple[int, ...]], None] | None = None) -> tuple[State, State]:
    """Re-play a parsed record move by move; returns (start state, final state).
    `budget` (admitted) limits the time; `on_roll(line, player, state, dice)` sees each roll before it is made."""
    state = _start(record)
    start = state.clone()
    for number, name, _, dice in _walk(record, state, budget):
        if dice is not None and on_roll is not None:
            on_roll(number, name, state, dice)
    return start, state


def _start(record: Record) -> State:
    """The first state of a record, from its headers (a [Position], or the game's start)."""
    h = record.headers
    for key in ("Game", "Players"):
        if key not in h:
            raise RecordError("the record has no [{key}] header", key=key)
    try:
        nplayers = len(h["Players"].split(","))
        options = parse_assignments(h.get("Options", "").split())
        if "Position" in h:
            data = position_object(h["Position"])
            data.setdefault("game", h["Game"])
            data.setdefault("players", nplayers)
            data.setdefault("options", options)
            data.setdefault("preset", h.get("Preset"))
            data["seed"] = int(h.get("Seed", 0))
            return load_position(data, make_game)
        game = make_game(h["Game"], nplayers, h.get("Preset"), options)
        names = [game.player_name(p) for p in range(game.players)]
        first = h.get("First")
        if first is not None and first not in names:
            raise RecordError("[First] names {first!r}, not a player of this game ({names})", first=first,
                              names=", ".join(names))
        return game.new_state(seed=int(h.get("Seed", 0)), first_player=names.index(first) if first else None)
    except (ValueError, json.JSONDecodeError) as e:
        raise RecordError("the headers do not describe a game: {error}", error=e) from None


def _walk(record: Record, state: State,
          budget: Budget | None = None) -> Iterator[tuple[int, str, str, tuple[int, ...] | None]]:
    """Play the record's rolls and moves on `state` (changed), checking each: yields
    (line, player, token, the dice of a roll or None) before the token is played,
    and checks [Result] at the end."""
    game = state.game
    for number, name, tokens in record.turns:
        if state.is_over:
            raise RecordError("line {number}: the game is already over", number=number)
        expected = game.player_name(state.current_player)
        if name != expected:
            raise RecordError("line {number}: it is {expected}'s turn, not {name}'s", number=number,
                              expected=expected, name=name)
        for token in tokens:
            if budget is not None:
                budget.step()
            m = DICE.match(token)
            dice = tuple(int(d) for d in m.group(1).split("-")) if m else None
            yield number, name, token, dice
            try:
                if dice is not None:
                    state.set_dice(dice)
                else:
                    state.push(token)
            except GameError as e:
                raise RecordError("line {number}: {error}", number=number, error=e) from None
    result = record.headers.get("Result", "*")
    if result != "*" and result != _result(state):
        raise RecordError("the [Result] header says {result!r}, but the moves give {moves!r}", result=result,
                          moves=_result(state))


def load(text: str, budget: Budget | None = None) -> list[tuple[Record, State, State]]:
    """Replay every game of a record text, re-checking every move; returns
    [(record, start, final state)].  RecordError names a malformed line or an illegal move;
    BudgetError a record beyond `budget`."""
    parsed = parse(text)
    if budget is not None:
        budget.admit(parsed)
    return [(r, *replay(r, budget)) for r in parsed]


def write_match(match: Match, players: list[str], date: datetime.date | None = None) -> str:
    """The record of a match: its games one after another, with [Match] and [Round]."""
    parts = []
    for i, (start, final) in enumerate(match.rounds, 1):
        extra = {"Match": f"first to {match.wins} wins", "Round": str(i)}
        parts.append(write(final, headers_for(final, players, date, extra), start=start))
    return "\n".join(parts)


def load_match(text: str, budget: Budget | None = None) -> tuple[list[tuple[Record, State, State]], Match | None]:
    """Replay a record that may hold a match; returns (games, match or None).

    A match's games must follow its rules: each later game started by the
    player after the previous game's starter, and no game after the match is won."""
    games = load(text, budget)
    return games, match_of(games)


def match_of(games: list[tuple[Record, State, State]]) -> Match | None:
    """The match replayed games make (None: the record is of one game, without [Match]); RecordError
    where they break a match's rules.  A match whose last game is unfinished is returned unfinished."""
    first = games[0][0].headers.get("Match")
    if first is None:
        return None
    m = re.match(r"first to (\d{1,3}) wins?$", first)
    if not m:
        raise RecordError("[Match] says {first!r}; write it as \"first to N wins\"", first=first)
    match = Match(games[0][2].game, int(m.group(1)), seed=games[0][1].seed)
    for i, (rec, start, final) in enumerate(games, 1):
        if match.over:
            raise RecordError("round {round}: the match was already won", round=i)
        if not final.is_over:
            if i != len(games):
                raise RecordError("round {round} is unfinished but more rounds follow", round=i)
            break
        try:
            match.add(start, final)
        except GameError as e:
            raise RecordError("round {round}: {error}", round=i, error=e) from None
    return match
