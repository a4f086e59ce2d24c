"""The core objects: a Game (rules + options + players) and its State.

In the spirit of python-chess and OpenSpiel: a State knows whose turn it is,
whether it waits for dice (a chance node) or for a decision, its legal moves,
and how to push and pop one; dice are chance outcomes, drawn from the game's
seeded stream or set by hand.  The hot work happens in compiled kernels
(`kernel.pyx` and each game's `rules.pyx`, built when the package is
installed), the State only wraps a flat int array.
"""
from __future__ import annotations

import itertools
import json
import math
import secrets
from fractions import Fraction
from typing import Any, Iterable

import numpy as np
import numpy.typing as npt

from . import GameError, IllegalMove, draw_boards_with  # noqa: F401 (the engine's errors, re-exported)
from .. import engine as _hooks
from . import kernel as K
from .kernel import Move      # compiled: legal_moves() makes thousands, each described when first read
from .options import OptionError, resolve, written
from ..i18n import Term, Text


Array = npt.NDArray[np.int64]           # a state: the kernel's header, then the game's own layout


def fresh_seed() -> int:
    """A dice seed from the operating system's entropy (below 2**62, the range
    the bots' and tournaments' seeds keep to)."""
    return secrets.randbits(62)


Event = K.Event



def faces_text(faces: Iterable[int]) -> Text:
    """What a die shows, told: "1 to 6" for a range of faces, else their list ("1, 2, 5 or 6")."""
    f = sorted(faces)
    if f == list(range(f[0], f[0] + len(f))):
        return Text("{low} to {high}", low=f[0], high=f[-1])
    return Text("{faces} or {last}", faces=", ".join(map(str, f[:-1])), last=f[-1])

class Game:
    """A game is its parameters: name, option values and the number of players.

    Subclasses give `name`, `title`, `options`, `presets`, `rules` (the
    game's compiled Engine class), and build the tables (`tables`), the state
    layout and the notation.  The tables are frozen into the engine once, when
    the Game is made."""

    name = ""
    title = ""
    aliases: tuple[str, ...] = ()
    # another name for the game played with one of its presets: {"ludo-bonus": "with-bonuses"}
    preset_aliases: dict[str, str] = {}
    options: tuple = ()
    presets: dict[str, dict[str, Any]] = {"seed": {}}
    # a preset's name and one line of help as the lobby shows them (a game declares its own presets';
    # preset_title finds them up the classes): the English is the catalogue's key
    preset_titles: dict[str, tuple[str, str]] = {"seed": ("Standard", "the rules as the game's rule text gives them")}
    quick_players = 4           # how many play a quick start (you and bots), as the game's players expect
    familiarity = 100           # how widely the game is known: the lobby lists the quick starts of the best known first
    # What the log (engine.story's Teller) needs to tell why an event happened: whether a third six or double in a row
    # voids the roll (void_runs), what a penalty is for ("sixes", "doubles", "missed": a missed capture called)
    # and where it sends the piece ("back", "lockup")
    story: dict[str, Any] = {"void_runs": False, "penalty": "sixes", "penalty_to": "back"}
    # Its layout for reinforcement learning (pachisi.rl.spaces reads it): the kinds of single-die move its
    # rules make (the action space numbers slot x piece x kind), what a piece is called there, and the
    # names of the features of its own turn state (filled by fill_turn_features)
    move_kinds: int | None = None
    piece_word = "piece"
    # The options that make another form of the game for its learned evaluator (another board, another number
    # of pieces): each form, and team play, has weights of its own (bots/valuenet.weights_name)
    form_options: tuple[str, ...] = ()
    # The rules its evaluator's self-play follows where the game's own let every player stand still (Pachisi's
    # throws may be declined: self-play that may decline learns to decline them all, and its games never end)
    self_play_options: dict[str, Any] = {}
    turn_features: tuple[str, ...] = ()
    min_players = 2
    max_players = 4
    piece_names = "abcd"
    pieces_per_player = 4
    match_wins = 1              # games to win for a match
    turn_cap = 1_000_000        # rolls after which a benchmark or simulation stops a game
    colours = ("red", "green", "yellow", "blue")
    rules: Any = None           # the game's kernel.Engine subclass: its compiled rules
    max_actions = K.MAX_ACTIONS  # candidate buffer size (a legal list at most half of it)
    reasons: dict[int, str] = {}

    @classmethod
    def preset_title(cls, preset: str) -> tuple[str, str]:
        """A preset's (name, help) as declared by the game or a class it builds on; (preset, "") if none."""
        for c in cls.__mro__:
            titles: dict[str, tuple[str, str]] = vars(c).get("preset_titles", {})
            if preset in titles:
                return titles[preset]
        return preset, ""

    @classmethod
    def action_blocks(cls) -> list[tuple[range, range, range]]:
        """RL: the (slots, pieces, kinds) ranges of every action the rules can make, block by block."""
        if cls.move_kinds is None:
            raise ValueError(f"no action space is defined for {cls.name}")
        return [(range(K.MAX_DICE), range(cls.pieces_per_player), range(cls.move_kinds))]

    def pieces(self, arr: Any, player: int) -> list[Any]:
        """The places of a player's pieces (each game says what its numbers mean)."""
        raise NotImplementedError

    def place_range(self) -> tuple[int, int]:
        """RL: (lowest, highest) place number of its pieces as pieces() gives them."""
        raise ValueError(f"no observation is defined for {self.name}")

    def place_count(self) -> int:
        """RL: the length of a piece's one-hot of places."""
        lo, hi = self.place_range()
        return hi - lo + 1

    def observed_places(self, arr: Any, player: int) -> list[int | None]:
        """RL: each of a player's pieces' index in its one-hot of places (None: marked nowhere)."""
        lo = self.place_range()[0]
        return [v - lo for v in self.pieces(arr, player)]

    def observation_planes(self) -> list[tuple[str, int]]:
        """RL: (name, length) of the game's own parts of the observation after the pieces' places."""
        return []

    def fill_planes(self, state: Any, observer: int, out: Any) -> None:
        """RL: write the parts observation_planes names into `out` (zeros), seen from `observer`."""

    def fill_turn_features(self, state: Any, observer: int, out: Any) -> None:
        """RL: write the features turn_features names into `out` (zeros), seen from `observer`."""

    def __init__(self, players: int = 4, preset: str | None = None, options: dict[str, Any] | None = None) -> None:
        """The rules of a game for `players` players: a preset's option values
        (None: the seed's rules) with `options` overriding some of them;
        OptionError names what is not allowed."""
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise OptionError("{game} is played by {low} to {high} players, not {players!r}", game=self.title,
                              low=self.min_players, high=self.max_players, players=players)
        self.players = players
        self.preset, self.opts = resolve(self.options, self.presets, preset, options)
        self.fit_board(players, options or {})
        if players > self.seat_count:
            raise OptionError("{game}: this board seats {low} to {seats} players, not {players}; a larger "
                              "board: the seats option", game=self.title,
                              seats=self.seat_count, low=self.min_players, players=players)
        if self.opts.get("teams", "off") != "off" and (players < 4 or players % 2):
            raise OptionError("teams: partners sit opposite, so a team game needs an even number of players, "
                              "four or more, not {players}", players=players)
        self.seats = self.seating(players)
        self.colours = self.seat_colours()
        self.tab = self.tables()
        self.size = self.state_size()
        self.engine = self.rules(self.tab, self.size, self.max_actions)

    # -- a game is its parameters: pickled as them, equal when they are -------------
    def __reduce__(self):
        """Pickled as its class and parameters: loading makes the game again
        (its compiled engine is built, not copied)."""
        return type(self), (self.players, self.preset, dict(self.opts))

    def __copy__(self) -> Game:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        """The game itself: it does not change once made (and one Game serves any number of threads)."""
        return self

    def __eq__(self, other: object) -> bool:
        return (type(other) is type(self) and other.players == self.players and other.preset == self.preset
                and other.opts == self.opts)

    def __hash__(self) -> int:
        return hash((type(self), self.players, self.preset, tuple(sorted(self.opts.items()))))

    # -- what a game module provides ---------------------------------------
    @property
    def seat_count(self) -> int:
        """The seats of the game's board (a game with a seats option: the board chosen)."""
        return 4

    def fit_board(self, players, given):
        """More players than the default board seats, and no board asked for (a game with a seats
        option): the smallest board that seats them all is taken, as a table would be chosen."""
        seats = next((o for o in self.options if o.name == "seats"), None)
        if seats is None or "seats" in given or "seats" in self.presets.get(self.preset, {}) or players <= self.seat_count:
            return
        self.opts["seats"] = min((n for n in seats.choices if n >= players), default=self.opts["seats"])

    def seat_colours(self):
        """The colour of every seat of the board (the class's `colours`: a board of four)."""
        return type(self).colours

    def seating(self, players):
        """Physical seats of the players, in turn order: spread round the board as evenly as the
        seats allow, player i at seat floor(i * seats / players) (on four seats: 0 2, 0 1 2, 0 1 2 3),
        so that no player has more open road behind him than the spacing forces."""
        n = self.seat_count
        return tuple(i * n // players for i in range(players))

    @property
    def teams(self) -> tuple[tuple[int, int], ...]:
        """The teams, partners opposite ((0, 2), (1, 3) for four players), or () when each plays for himself."""
        if self.opts.get("teams", "off") == "off":
            return ()
        half = self.players // 2
        return tuple((q, q + half) for q in range(half))

    def partner(self, player: int) -> int | None:
        """The player's partner, None without teams."""
        return (player + self.players // 2) % self.players if self.teams else None

    def tables(self):
        raise NotImplementedError

    def state_size(self):
        raise NotImplementedError

    def initial(self, arr):
        """Fill a fresh state array with the starting position."""
        raise NotImplementedError

    def describe(self, arr, action):
        """The Move for an action in the position arr."""
        raise NotImplementedError

    def parse_notation(self, arr, text):
        """[(slot, piece, kind)] the move written `text` may name; GameError (the notation's help) if none."""
        raise NotImplementedError

    def whole_roll_reason(self):
        """Why a move each die allows is refused by the rules of the whole roll."""
        raise NotImplementedError

    def pieces_to_json(self, arr):
        """The "pieces" of a position file (docs/positions.md)."""
        raise NotImplementedError

    def pieces_from_json(self, arr, pieces):
        """Set the pieces a position file gives; GameError names what the rules do not allow."""
        raise NotImplementedError

    def view(self, arr):
        """The BoardView the terminal and the web draw."""
        raise NotImplementedError

    def first_player(self, seed, arr):
        """Who starts: a roll-off on the seed's stream (highest sum, ties roll again)."""
        return int(self.engine.rolloff(arr, seed))

    # -- the public surface ---------------------------------------------------
    def option_string(self) -> str:
        """The option values as `-o` takes them: "arm=5 quick_charge=false ..."."""
        return " ".join(f"{k}={written(v)}" for k, v in self.opts.items())

    def new_state(self, seed: int | None = None, first_player: int | None = None) -> State:
        """The starting position.  `seed` decides the dice (and the roll-off);
        None draws a fresh one (fresh_seed), which `state.seed` tells, so the
        game can be replayed; `first_player` (a player index) skips the roll-off."""
        if seed is None:
            seed = fresh_seed()
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2 ** 63:
            raise GameError("a seed is a whole number from 0 to 2**63-1, not {seed!r}", seed=seed)
        arr = np.zeros(self.size, np.int64)
        arr[K.H_NPLAYERS] = self.players
        arr[K.H_WINNER] = -1
        self.initial(arr)
        if first_player is None:
            first_player = self.first_player(seed, arr)
        if not 0 <= first_player < self.players:
            raise GameError("player {player} does not exist in a {players}-player game", player=first_player,
                            players=self.players)
        arr[K.H_PLAYER] = first_player
        return State(self, arr, seed)

    def pieces_in_play(self) -> int:
        """The pieces the game is played with, every player's (a game may leave some of its
        pieces_per_player out of it: its board draws only these)."""
        return self.players * self.pieces_per_player

    def dice_faces(self) -> list[tuple[int, ...]]:
        """The faces of each die the game rolls (a cowrie throw's points, a long die's 1, 2, 5, 6)."""
        return self.engine.dice_faces()

    def dice_weights(self) -> list[tuple[int, ...]]:
        """How often each face of each die comes, as integer weights (all 1 for a fair die)."""
        return self.engine.dice_weights()

    def dice_marks(self) -> list[dict[int, str]] | None:
        """What a face shows besides its number, per die ({25: "○○○○○○"}: how many cowries fell mouth up,
        one sign a shell), for the web's dice; None: the number (or its pips) says it all."""
        return None

    def dice_ranges(self) -> list[tuple[int, int]]:
        """(lowest, highest) face of each die the game rolls."""
        return [(min(f), max(f)) for f in self.dice_faces()]

    def roll_probabilities(self) -> list[tuple[tuple[int, ...], Fraction]]:
        """Every roll, in chance-outcome order (the last die fastest), with its exact probability."""
        dice = [[(f, Fraction(w, sum(ws))) for f, w in zip(fs, ws)]
                for fs, ws in zip(self.dice_faces(), self.dice_weights())]
        return [(tuple(f for f, _ in roll), math.prod((p for _, p in roll), start=Fraction(1)))
                for roll in itertools.product(*dice)]

    def player_name(self, player: int) -> str:
        """The colour of a player (0-based, in turn order)."""
        return self.colours[self.seat_of(player)]

    def colour_rows(self) -> int:
        """The colours whose pieces a position lists: one a player, and a game's colour nobody plays (a
        neutral one) after them."""
        return self.players

    def seat_of(self, who: int) -> int:
        """The seat of a player, or of a colour of the board nobody plays (a game's neutral one)."""
        return self.seats[who]

    def reason(self, code: int) -> str:
        """The English reason of a refusal code of the compiled rules."""
        return self.reasons.get(code, f"not allowed (reason {code})")

    # -- the moment of a turn in a position file (engine/position.py, docs/positions.md) --
    turn_keys: tuple = ()       # the game's own "turn" fields, in the order the docs give them

    def turn_to_json(self, arr):
        """The "turn" fields of a state at a chance node (what this turn has
        brought so far), or of a decision that needs no roll (a fence step, a
        pending bonus, a missed capture to call); defaults are left out.  None
        in the middle of a roll: the position file then gives the roll's start,
        the roll and the moves played (position.dump_position)."""
        return {} if arr[K.H_PHASE] == K.PHASE_ROLL else None

    def turn_from_json(self, arr, turn):
        """Set the turn state a position file gives, popping from `turn` the
        fields the game knows (the rest are refused by the caller); a field
        that contradicts the position or another field raises GameError."""

    def same_move(self, text, written):
        """Whether `text` is another valid spelling of the legal move the notation writes
        `written` (the dice of a sum in either order, an extra turn letter); the parser named it."""
        return False

    def spellings(self, text, legal_moves):
        """The legal moves `text` may mean when it is not written in full (a turn
        letter left out), to name in the refusal; `legal_moves()` lists the moves. None here."""
        return []

    def piece_letter(self, move):
        """The moving piece's letter ("a"); empty for a move that moves no piece."""
        return self.piece_names[move.piece] if 0 <= move.piece < len(self.piece_names) else ""

    def where(self, move):
        """(from, to) of a move as a person reads them: the player-relative
        places (numbers) here; a grid game names squares and fence slots."""
        return move.frm, move.to

    def move_cells(self, arr, move):
        """Which board element `move` picks up and where it puts it, so a person
        can make it on the board: (source, target), each ("square", (r, c)),
        ("wall", ((r1, c1), (r2, c2))), ("off", player, key) or None; or
        (None, None, label) for a move that changes nothing on the board,
        offered as a button.  None (the default): the board finds out itself by
        comparing the views before and after the move."""
        return None

    jump_kinds: frozenset[int] = frozenset()    # move kinds that jump over the route (drawn straight)
    kind_words: dict[int, str] = {}              # what a move kind adds to a move's words ("jump back")

    def move_story(self, move, dice=None):
        """A played move as the game's log tells it, for the browser to say in its words: the message
        ids and values of its phrase ({"say": "log.out", "piece": "b"}: "brought piece b out"), or of
        a step to share a verb with the next ({"piece": "a", "steps": "5"}: "moved piece a 5");
        `dice` as for move_words."""
        piece = self.piece_letter(move)
        if move.frm < 0:
            return {"say": "log.out", "piece": piece}
        return {"piece": piece, "steps": str(move.die) if dice is None else dice}

    def played_story(self, move, player):
        """move_story as the log of `player`'s turn keeps it: a piece not his own (a partner's, once his own are
        all home) is told with its owner (`whose`), which neither the notation nor the turn's name says."""
        told = self.move_story(move)
        if told is not None and int(move.player) != int(player) and ("piece" in told or "pieces" in told):
            told = dict(told, whose=int(move.player))
        return told

    def move_words(self, move, dice=None):
        """A move in plain words, a Text the catalogue tells in every language: "bring piece b out
        (6)", "5 with piece b", with what its kind adds (kind_words); `dice`: what it plays, when
        that is not its die (a sum)."""
        dice = str(move.die) if dice is None else dice
        piece = self.piece_letter(move)
        words = (Text("bring piece {piece} out ({dice})", piece=piece, dice=dice) if move.frm < 0
                 else Text("{dice} with piece {piece}", dice=dice, piece=piece))
        said = self.kind_words.get(move.kind)
        return Text("{move}, {then}", move=words, then=Term(said)) if said else words

    def move_steps(self, arr, move, view=None):
        """The squares (row, col) the moving piece steps onto, in order, the last where it lands,
        so that the board walks it as the rules move it: here its route's places after move.frm
        up to move.to (from place 0 when it enters); None when it does not walk along its route
        (a jump, a piece leaving the board, a fence): the board moves it straight.  `view`: the
        position's view, when the caller has it."""
        if move.kind in self.jump_kinds or move.to < 0 or move.to <= move.frm:
            return None
        path = (view or self.view(arr)).paths.get(int(move.player))
        if not path or move.to >= len(path):
            return None
        return [tuple(int(x) for x in rc) for rc in path[max(move.frm + 1, 0):move.to + 1]]


class State(K.StateCore):
    """A position of a game, with push/pop of moves and dice.  The hot steps
    (roll, legal_actions, legal_moves, push, is_chance, current_player, ...) are compiled
    in kernel.StateCore; the rest is here."""

    __slots__ = ()

    @property
    def history(self) -> list[tuple[int, str, Any]]:
        """(player, "roll", dice) and (player, "move", text), for records."""
        h = self._history
        for i in range(self._written, len(h)):
            e = h[i]
            if type(e) is K.Played:
                h[i] = (e.player, "move", self.game.describe(e.before, e.action).text)
        self._written = len(h)
        return h

    # -- what the position is ------------------------------------------------
    @property
    def winner(self) -> int | None:
        """The player who won, None while nobody has."""
        w = int(self.arr[K.H_WINNER])
        return None if w < 0 else w

    @property
    def finish_order(self) -> list[int]:
        """The players who have finished, first to last."""
        return [int(self.arr[K.order_index(i)]) for i in range(int(self.arr[K.H_NFIN]))]

    @property
    def dice(self) -> tuple[int, ...]:
        """The dice still to play in this roll."""
        n = self.arr[K.H_NDICE]
        return tuple(int(d) for d in self.arr[K.H_DICE:K.H_DICE + n] if d)

    @property
    def roll_dice(self) -> tuple[int, ...]:
        """The dice as rolled (empty at a chance node)."""
        if self.is_chance:
            return ()
        return tuple(int(d) for d in self.arr[K.H_ROLL0:K.H_ROLL0 + self.arr[K.H_NDICE]])

    @property
    def team_order(self) -> list[tuple[int, int]]:
        """Team play: the teams that have finished, first to last (each as in Game.teams)."""
        order = self.finish_order
        pairs = [sorted(order[i:i + 2]) for i in range(0, len(order) - 1, 2)]
        return [(a, b) for a, b in pairs]

    def result(self) -> dict[str, Any]:
        """{"winner", "order", "over"}: the outcome so far; in team play also "teams", the teams
        finished first to last (a team's players share its place)."""
        res: dict[str, Any] = {"winner": self.winner, "order": self.finish_order, "over": bool(self.is_over)}
        if self.game.teams:
            res["teams"] = [list(t) for t in self.team_order]
        return res

    # -- chance steps ----------------------------------------------------------
    def chance_outcomes(self) -> list[tuple[tuple[int, ...], float]]:
        """Every roll with its probability (the product of its faces' weights over the total)."""
        return [(roll, float(p)) for roll, p in self.game.roll_probabilities()]

    def set_dice(self, dice: Iterable[int]) -> list[Event]:
        """A chance outcome given by hand (a real roll, one value a die); returns
        what it brought (a roll that leaves no move burns and the turn passes
        at once).  IllegalMove when the dice are not expected now or are out of range."""
        if not self.is_chance:
            raise IllegalMove("the dice are already rolled: a move is expected" if not self.is_over
                              else "the game is over")
        faces = self.game.dice_faces()
        dice = tuple(dice)
        if len(dice) != len(faces):
            raise IllegalMove("this game rolls {count} dice, not {given}", count=len(faces), given=len(dice))
        for d, shows in zip(dice, faces):
            if isinstance(d, bool) or not isinstance(d, (int, np.integer)) or d not in shows:
                raise IllegalMove("a die shows {faces}, not {value!r}", faces=faces_text(shows), value=d)
        return self._apply_roll(tuple(int(d) for d in dice))

    # -- decisions ---------------------------------------------------------------
    def parse_move(self, text: str) -> Move:
        """A move from its notation, checked against the position.  The
        notation names the candidate actions, so only they are written out to
        compare (a fence step has thousands of legal moves); a move the
        parser cannot name is still found among all the legal ones."""
        text = str(text).strip()
        move = self._find(text)
        if move is None:
            raise self.refusal(text)
        return move

    def _find(self, text: str) -> Move | None:
        """The legal Move written `text`, or None (parse_move without the refusal)."""
        g, arr = self.game, self.arr
        try:
            named = [K.encode_action(slot, piece, kind) for slot, piece, kind in g.parse_notation(arr, text)]
        except (GameError, OverflowError):
            named = []
        for a in g.engine.legal_among(arr, named):
            m = g.describe(arr, a)
            if m.text == text or g.same_move(text, m.text):
                return m
        for a in g.engine.legal(arr):
            m = g.describe(arr, a)
            if m.text == text:
                return m
        return None

    def is_legal(self, move: Move | int | str) -> bool:
        """Whether push would accept `move` (a Move, an action number or its
        notation): a yes/no to ask before pushing, so anything else (a stale
        or foreign action, junk, a chance node, the end) is False, never an error."""
        if isinstance(move, Move):
            action = move.action
        elif isinstance(move, (int, np.integer)) and not isinstance(move, (bool, np.bool_)):
            action = move
        elif isinstance(move, str):
            return self._find(move.strip()) is not None
        else:
            return False
        if isinstance(action, bool) or not isinstance(action, (int, np.integer)):
            return False
        return int(action) in self.legal_actions()

    def explain(self, text: str, lang: str = "en") -> str:
        """Why the move written `text` is not legal here, in `lang`."""
        return self.refusal(text).message(lang)

    def refusal(self, text: str) -> IllegalMove:
        """The IllegalMove saying why the move written `text` is not legal here."""
        if self.is_over:
            return IllegalMove("the game is over", text)
        if self.is_chance:
            return IllegalMove("roll the dice first", text)
        g = self.game
        try:
            slot_piece_kinds = g.parse_notation(self.arr, text)
        except GameError as e:               # a template with its values: it can be translated
            return IllegalMove(e.template, text, **e.values)
        spellings = g.spellings(text, self.legal_moves)
        if spellings:
            return IllegalMove("the move is not written in full: write {spellings}", text,
                               spellings=" or ".join(spellings))
        reasons = []
        candidates = set(g.engine.candidates(self.arr))
        for slot, piece, kind in slot_piece_kinds:
            code = int(g.engine.check(self.arr, slot, piece, kind))
            if code == 0 and K.encode_action(slot, piece, kind) in candidates:
                return IllegalMove(g.whole_roll_reason(), text)
            reasons.append(g.reason(code))
        return IllegalMove(reasons[0] if reasons else "no such move", text)

    def _action(self, move: Move | int | str) -> int:
        """The action of a move given as a Move or its notation (push's slow path)."""
        if isinstance(move, Move):
            return move.action
        if isinstance(move, (int, np.integer)) and not isinstance(move, (bool, np.bool_)):
            return int(move)
        return self.parse_move(str(move)).action

    def _refusal(self, move: Any, action: Any) -> IllegalMove:
        if isinstance(move, str):
            return self.refusal(move)
        try:
            text = self.game.describe(self.arr, action).text
        except (KeyError, IndexError, ValueError, OverflowError, TypeError):
            return IllegalMove("action {action} is not a move of this game", action=action)
        return self.refusal(text)

    def pop(self) -> None:
        """Undo the last push or roll (GameError when there is nothing to undo)."""
        if not self._stack:
            raise GameError("nothing to undo")
        self.arr = self._stack.pop().copy()     # a stacked array may be a clone's too: it is never written
        self._history.pop()
        self._written = min(self._written, len(self._history))

    def clear_stack(self) -> None:
        """Forget what pop would undo: a long game that never undoes (a server's room)
        keeps no copy of every earlier position.  The history stays."""
        self.history                          # noqa: B018 (writes out the moves while their positions are known)
        self._stack.clear()

    # -- copies, comparison, JSON --------------------------------------------------
    def clone(self) -> State:
        """An independent copy, in the time of the position's copy however long the game: the undo stack's
        arrays and the history's entries are shared, as nothing writes them once stacked (push stacks a
        copy, pop takes one back), and the moves are written out in words only when a history is read.
        The game (its parameters and compiled engine) is shared: it does not change."""
        s = State(self.game, self.arr.copy(), self.seed)
        s._stack = self._stack.copy()
        s._history = self._history.copy()
        s._written = self._written
        return s

    def __copy__(self) -> State:
        """copy.copy gives a clone: a shallow copy would share the array and the
        undo stack, so a push on one would move the other (python-chess copies too)."""
        return self.clone()

    def __deepcopy__(self, memo: dict[int, Any]) -> State:
        """copy.deepcopy gives a clone too: the Game is immutable and holds the
        compiled engine, so it is shared rather than copied."""
        s = memo[id(self)] = self.clone()
        return s

    def __reduce__(self):
        """Pickled as its game, position, seed (the dice stream's position is in
        the array), undo stack and history: a loaded state plays on, and pops, identically."""
        return _restore_state, (type(self), self.game, self.arr, self.seed, self._stack, list(self.history))

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, State) and other.game.name == self.game.name
                and other.game.opts == self.game.opts and other.seed == self.seed
                and np.array_equal(other.arr, self.arr))

    def __hash__(self) -> int:
        return hash((self.game.name, self.seed, self.arr.tobytes()))

    def to_json(self) -> str:
        """The whole state as JSON text (game, options, seed and the array); games.state_from_json reads it."""
        g = self.game
        return json.dumps({"game": g.name, "preset": g.preset, "options": g.opts, "players": g.players,
                           "seed": self.seed, "state": [int(x) for x in self.arr]})

    def __repr__(self) -> str:
        return f"<{self.game.name} state seq={self.seq} player={self.current_player} dice={self.dice}>"

    def __str__(self) -> str:
        """The board as text (the drawer a front end registered with
        draw_boards_with, none: no board) and whose turn it is: print(state)."""
        g = self.game
        drawer = _hooks.board_text
        board = drawer(g, g.view(self.arr)) if drawer is not None else ""
        if self.is_over:
            winner = self.winner
            turn = "game over" + (f": {g.player_name(winner)} wins" if winner is not None else "")
        elif self.is_chance:
            turn = f"{g.player_name(self.current_player)} to roll"
        else:
            dice = "-".join(map(str, self.dice))
            turn = f"{g.player_name(self.current_player)} to move" + (f" with {dice}" if dice else "")
        return f"{board}{turn}\n"


def _restore_state(cls: type[State], game: Game, arr: Array, seed: Any, stack: list[Array],
                   history: list[tuple[int, str, Any]]) -> State:
    """A pickled State loaded again (State.__reduce__)."""
    state = cls(game, arr, seed)
    state._stack, state._history, state._written = stack, history, len(history)
    return state
