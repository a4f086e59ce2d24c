"""What Ludo, Parchís and Parcheesi share: a ring of squares with a private
lane per colour, blocks of two same-colour pieces, runs of sixes or doubles,
extra rolls, and bonus moves played as a later stage of the roll.

A piece's place is player-relative:

    YARD (-1)          before it enters (yard, home, nest);
    0 .. L-1           on the ring, counted from its own start square;
    L .. L+H-1         in its own lane (home column, pasillo, home row);
    L+H                in the goal (centre, meta, Home).

The ring turns into the lane after the player's turn-off square T.  A piece
that may go round again (Parcheesi) passes T and comes back to 0 .. T, so the
ring place is always taken modulo L.  Per global ring square the state keeps a
bit mask of the pieces standing there (piece id = player * 4 + k, 4 bits a
player), so occupancy, blocks and captures are read in one look.

Bonus moves (+20, +10) are extra dice slots.  They are earned during a stage
of the roll and kept pending; when the stage has no action left, `close_stage`
opens the next stage with the pending bonuses as its dice, so that a bonus
never changes which die moves are legal and the whole-roll look-ahead of each
stage is about its own dice.
"""
import re

import numpy as np

from .boards.ring68 import Ring68Board
from .boards.seatring import seat_ring_board
from ..engine import kernel as K
from ..engine.game import Game, GameError, Move
from ..engine.options import Option
from ..engine.position import set_roll, take_count, take_roll
from ..engine.view import BoardView, Square
from ..i18n import Term, Text, plural
from . import race
from .race import PIECES, POS
from .track_rules import (YARD, WIDE_SHIFT, G_EXTRA, G_NPEND, G_RUN, G_STAGE, G_TURN_ROLLS, CAPTURE_BONUS, GOAL_BONUS,
                          R_OVER, R_NO_DIE, R_NO_PIECE, R_NO_KIND, R_IN_GOAL, R_OVERSHOOT,
                          R_BLOCKED, R_FULL, R_OWN, R_BLOCK_LAND, R_YARD_BONUS, R_SAFE_TAKEN, R_YARD_ORDER)

# The compiled rules the three games share, and the layout of the shared part
# of the state (after the core header and POS), are in track_rules.pxd.

# reasons a single action is refused, shared by the three games
REASONS = {
    R_OVER: "the game is over",
    R_NO_DIE: "no die (or bonus) of this roll is left with that value",
    R_NO_PIECE: "there is no such piece",
    R_NO_KIND: "this game has no such kind of move",
    R_IN_GOAL: "the piece has already reached the goal",
    R_OVERSHOOT: "the goal is reached by exact count: this move overshoots it",
    R_BLOCKED: "a block (two pieces of one colour) stands in the way and cannot be passed",
    R_FULL: "the square already holds two pieces",
    R_OWN: "two of your own pieces cannot stand on one square",
    R_BLOCK_LAND: "a block (two pieces of one colour) stands there",
    R_YARD_BONUS: "a piece in the yard can only enter, not take a bonus",
    R_SAFE_TAKEN: "an opponent's piece stands on that safe square",
    R_YARD_ORDER: "the pieces waiting to enter are alike: the first of them (lowest letter) enters",
}


# -- the game side ---------------------------------------------------------------------
TRACK = ("dice_lo dice_hi offsets nplayers ring_size last_ring lane_size spacing safe wide teams team_first partner_plays "
         "mixed places")     # what TrackEngine.load reads


class TrackGame(race.FirstPlayer, Game):
    """Position files, notation and drawing common to the track games.

    A subclass gives `last_ring` (T: the last ring place before the lane), `ring_size`,
    `spacing`, `lane_size`, `board`, `square_label(seat, g)` and `rules`, its
    compiled engine (a track_rules.TrackEngine: `dest`, `rebuild`, `numbered`,
    `at`); places in files and moves use the
    player-relative numbering: -1 yard, 0..T ring, T+1.. lane, T+1+H goal."""

    spacing = 0                  # ring squares a seat: the ring has spacing * seat_count
    turn_back = 0                # T = the ring's length - turn_back
    lane_size = 0
    ring_offset = 0              # board track index of global square 0 (seat 0's start)
    per_piece_fields = 0         # the game's own fields with a place per piece (16 narrow, 32 wide)
    kind_marks = {}              # move kind -> notation suffix
    yard_name = "yard"
    goal_name = "goal"
    story = {**Game.story, "void_runs": True}       # a third six in a row: the roll does not count
    finished_in_turn = False     # a position's turn names the players with every piece home ("finished")

    @property
    def seat_count(self):
        return int(self.opts.get("seats", 4))

    @property
    def ring_size(self):
        return self.spacing * self.seat_count

    @property
    def last_ring(self):
        return self.ring_size - self.turn_back

    @property
    def wide(self):
        """A board of more than four seats keeps the wide layout of the state (track_rules.pxd)."""
        return self.seat_count > 4

    @property
    def shift(self):
        """How far the fields from G_RUN on (the game's own too) stand from their narrow place."""
        return WIDE_SHIFT if self.wide else 0

    @property
    def slots(self):
        """Piece places the state keeps from POS: four seats' or eight seats'."""
        return (8 if self.wide else 4) * PIECES

    @property
    def goal_place(self):
        return self.ring_size + self.lane_size

    def state_size(self):
        return self.layout_end + self.shift + (self.slots - 4 * PIECES) * self.per_piece_fields

    def track_tables(self, ndice, safe_squares):
        """The fields TRACK a track game's tables begin with: its dice (1..6), each
        player's start, the ring, the lane, the safe squares (global indices, the same
        in every quarter) and the play for places; the game's own flags follow them."""
        return (np.ones(ndice, np.int64), np.full(ndice, 6, np.int64), seat_offsets(self.seats, self.spacing),
                self.players, self.ring_size, self.last_ring, self.lane_size, self.spacing,
                safe_bits(self.spacing, safe_squares), int(self.wide), *self.team_flags(),
                int(self.opts["play_for_places"]))

    def team_flags(self):
        """teams, team_first, partner_plays, mixed of the tables: team play, the first partner home wins
        it for the team, a player whose pieces are home plays his partner's, partners' pieces form a
        block together (the game's option of it: mixed_option)."""
        if not self.teams:
            return 0, 0, 0, 0
        first = self.opts.get("pair_win", "both_partners") == "first_partner"
        return (1, int(first), int(not first and self.opts.get("partner_plays", True)),
                int(bool(self.opts.get(self.mixed_option, False))))

    mixed_option = ""            # the game's option: a piece and a partner's form a block (barrier) together

    def initial(self, arr):
        race.start_places(arr, self.players, YARD, self.slots)
        self.engine.rebuild(arr)

    def is_safe(self, g):
        return bool((self.tab.safe >> (g % self.spacing)) & 1)

    def seat_cell(self, player, r):
        return (r + self.spacing * self.seats[player]) % self.ring_size

    # -- numbering ----------------------------------------------------------------
    def rel(self, p):
        """Internal place -> the player-relative numbering of files and moves."""
        return self.engine.numbered(int(p))

    def internal(self, rel):
        top = self.last_ring + self.lane_size + 1
        if rel > top:
            return rel - (self.last_ring + self.lane_size + 2) + self.last_ring + 1
        if rel > self.last_ring:
            return self.ring_size + rel - self.last_ring - 1
        return rel

    def goal_rel(self):
        return self.last_ring + self.lane_size + 1

    def place_range(self):
        return -1, self.max_rel()

    def max_rel(self):
        """The highest place number a position file may use."""
        return self.goal_rel()

    def pieces(self, arr, player):
        return [self.rel(arr[POS + player * PIECES + k]) for k in range(PIECES)]

    # -- moves ----------------------------------------------------------------------
    def slot_value(self, arr, slot):
        return int(arr[K.H_DICE + slot])

    def move_text(self, arr, slot, k, kind):
        return f"{self.slot_value(arr, slot)}{self.piece_names[k]}{self.kind_marks.get(kind, '')}"

    def describe(self, arr, action):
        slot, k, kind = K.decode_action(action)
        if k >= PIECES or slot >= K.MAX_DICE or kind not in self.kind_marks:
            raise GameError("action {action} is not a move of this game", action=action)
        pl = int(self.engine.mover(arr))
        frm = int(arr[POS + pl * PIECES + k])
        code, to = self.engine.dest(arr, slot, k, kind)
        to = int(to) if code == 0 else frm
        return Move(action, pl, self.slot_value(arr, slot), k, kind, self.rel(frm), self.rel(to),
                    self.move_text(arr, slot, k, kind))

    _NOTATION = re.compile(r"^(\d{1,2})([a-d])(\S?)$")

    def parse_notation(self, arr, text):
        m = self._NOTATION.match(text)
        marks = {}
        for kind, mark in self.kind_marks.items():
            marks.setdefault(mark, kind)
        if not m or m.group(3) not in marks:
            raise GameError(self.notation_help)
        value, k, kind = int(m.group(1)), "abcd".index(m.group(2)), marks[m.group(3)]
        return [(race.die_slot(arr, value, bonus=True), k, kind)]

    # -- position files -------------------------------------------------------------
    def pieces_to_json(self, arr):
        return [self.pieces(arr, q) for q in range(self.colour_rows())]

    def parse_place(self, where, value):
        if value in (self.yard_name, "yard"):
            return -1
        if value == self.goal_name:
            return self.goal_rel()
        if isinstance(value, bool) or not isinstance(value, int):
            raise GameError("{where}: {value!r} is not a place ({places})", where=where, value=value,
                            places=Term(self.place_help))
        if not -1 <= value <= self.max_rel():
            raise GameError("{where}: place {value} is off the board ({places})", where=where, value=value,
                            places=Term(self.place_help))
        return value

    def pieces_from_json(self, arr, pieces):
        for q, k, value, where in race.piece_rows(pieces, self.colour_rows(), PIECES, self.piece_names):
            rel = self.parse_place(where, value)
            arr[POS + q * PIECES + k] = -1 if rel < 0 else self.internal(rel)
        self.engine.rebuild(arr)
        goal_p = self.goal_place
        home = [all(int(arr[POS + q * PIECES + k]) == goal_p for k in range(PIECES)) for q in range(self.players)]
        for q in range(self.players):
            places = [int(arr[POS + q * PIECES + k]) for k in range(PIECES)]
            if home[q] and self.teams and self.tab.team_first:
                raise GameError("player {player} has already won for the team: all pieces are in the {goal}",
                                player=q, goal=Term(self.goal_name))
            if home[q] and self.teams and home[self.partner(q)]:
                raise GameError("players {player} and {partner} have already won: all their pieces are in the "
                                "{goal}", player=min(q, self.partner(q)), partner=max(q, self.partner(q)),
                                goal=Term(self.goal_name))
            if home[q] and not self.teams and not self.finished_in_turn:
                raise GameError("player {player} has already won: all pieces are in the {goal}", player=q,
                                goal=Term(self.goal_name))
            for p in set(places):
                if self.ring_size <= p < goal_p and places.count(p) > self.square_capacity():
                    raise GameError(plural("player {player}: {count} piece on lane place {place}",
                                           "player {player}: {count} pieces on lane place {place}"), player=q,
                                    count=places.count(p), place=self.rel(p))
        at = self.engine.at
        for g in range(self.ring_size):
            who = [(pid // PIECES, pid % PIECES) for pid in range(self.slots) if at(arr, g) >> pid & 1]
            problem = self.square_problem(g, who)
            if problem:
                q, k = who[0]
                raise GameError("{where}, place {place}: {problem}", problem=problem,
                                where=Text("player {player} piece {piece}", player=q, piece=self.piece_names[k]),
                                place=self.rel(int(arr[POS + q * PIECES + k])))

    def square_capacity(self):
        return 2

    def sides(self, who):
        """The sides [(player, piece)] belong to: the players, or in team play the teams (their first player)."""
        return {min(q, self.partner(q)) if self.teams else q for q, _ in who}

    def square_problem(self, g, who):
        """Why the pieces `who` [(player, piece)] cannot stand together on ring square g (a Text), or None."""
        colours = self.sides(who)
        if len(who) > self.square_capacity():
            return Text(plural("{count} piece on one square (at most {capacity})",
                               "{count} pieces on one square (at most {capacity})"), count=len(who),
                        capacity=self.square_capacity())
        if len(colours) > 1 and not self.is_safe(g):
            return Text("pieces of different colours share a square that is not safe")
        return None

    # -- the moment of a turn (docs/positions.md) ------------------------------------------
    run_name = "sixes"           # what a run of rolls in a turn counts: sixes, or doubles (Parcheesi)

    def run_limit(self):
        """The longest run a position before a roll can hold (the next one is the penalised third)."""
        return 2

    def rolled_run(self, roll):
        """Whether a roll continues the run (a six, a double)."""
        return roll[0] == 6

    def turn_to_json(self, arr):
        phase = arr[K.H_PHASE]
        if phase == K.PHASE_MOVE and arr[self.shift + G_STAGE] == 1 and arr[self.shift + G_NPEND] == 0 and "bonus" in self.turn_keys:
            turn = self.run_to_json(arr)
            turn["bonus"] = [int(d) for d in arr[K.H_DICE:K.H_DICE + arr[K.H_NDICE]] if d]
            turn["roll"] = [int(d) for d in arr[K.H_ROLL0:K.H_ROLL0 + len(self.dice_ranges())]]
            return turn
        if phase != K.PHASE_ROLL:
            return None
        return self.run_to_json(arr)

    def run_to_json(self, arr):
        """The turn fields the rules keep between the rolls of a turn (defaults left out)."""
        turn = {}
        if arr[self.shift + G_RUN]:
            turn[self.run_name] = int(arr[self.shift + G_RUN])
        if arr[self.shift + G_EXTRA] and "extra_rolls" in self.turn_keys:
            turn["extra_rolls"] = int(arr[self.shift + G_EXTRA])
        return turn

    def turn_from_json(self, arr, turn):
        run = take_count(turn, self.run_name, 0, self.run_limit())
        arr[self.shift + G_RUN] = run
        if "extra_rolls" in self.turn_keys:
            arr[self.shift + G_EXTRA] = take_count(turn, "extra_rolls")
        if "bonus" in turn and "bonus" in self.turn_keys:
            self.bonus_from_json(arr, turn, run)
        if run or arr[self.shift + G_EXTRA] or arr[self.shift + G_STAGE]:
            arr[self.shift + G_TURN_ROLLS] = 1                # not the turn's first roll: what the turn began with is kept

    def bonus_from_json(self, arr, turn, run):
        """A pending bonus: the roll is played out and its bonuses are the moves to make now."""
        bonus = turn.pop("bonus")
        if (not isinstance(bonus, list) or not bonus or len(bonus) > K.MAX_DICE
                or any(b not in (CAPTURE_BONUS, GOAL_BONUS) or isinstance(b, bool) for b in bonus)):
            raise GameError("turn: bonus lists the bonuses to play now, each {capture} (a capture) or {goal} "
                            "(a piece reaching the {place}), not {value}", capture=CAPTURE_BONUS, goal=GOAL_BONUS,
                            place=Term(self.goal_name), value=bonus)
        roll = take_roll(turn, self)
        if self.rolled_run(roll) != (run > 0):
            raise GameError("turn: the roll {roll} and {run} {count} contradict each other: {run} counts this "
                            "roll too", roll=roll, run=self.run_name, count=run)
        set_roll(arr, roll)
        arr[K.H_PHASE] = K.PHASE_MOVE
        arr[K.H_DICE:K.H_DICE + K.MAX_DICE] = 0
        arr[K.H_DICE:K.H_DICE + len(bonus)] = bonus
        arr[K.H_NDICE] = len(bonus)
        arr[K.H_SCORE] = 0
        arr[self.shift + G_STAGE] = 1
        if not self.engine.legal(arr):
            raise GameError("turn: no piece can play the bonus {bonus} here: it is lost, and the position is "
                            "the one after it", bonus=bonus)

    def pieces_at_turn_start(self, arr, turn, key, into):
        """Pop `key`, the pieces where they stood when the turn began (rows like "pieces"),
        into the state slots from `into` (self.slots of them); absent: where they stand now."""
        n = self.slots
        rows = turn.pop(key, None)
        if rows is None:
            arr[into:into + n] = arr[POS:POS + n]
            return False
        scratch = arr.copy()
        try:
            self.pieces_from_json(scratch, rows)
        except GameError as e:
            raise GameError("{where}: {error}", where=f"turn: {key}", error=e) from None
        arr[into:into + n] = scratch[POS:POS + n]
        return True

    def rows_of(self, arr, start):
        """Rows like "pieces" of the places stored from `start`."""
        return [[self.rel(arr[start + q * PIECES + k]) for k in range(PIECES)] for q in range(self.players)]

    # -- drawing ----------------------------------------------------------------------
    def view(self, arr):
        b = self.board
        squares = {}
        starts = {self.seat_cell(q, 0): self.seats[q] for q in range(self.players)}
        for g in range(self.ring_size):
            rc = b.track[(g + self.ring_offset) % self.ring_size]
            if g in starts:
                squares[rc] = Square("start", starts[g], label=self.square_label(g))
            else:
                squares[rc] = Square("safe" if self.is_safe(g) else "track", label=self.square_label(g))
        for seat in range(self.seat_count):
            for i, rc in enumerate(b.lane(seat)):
                squares[rc] = Square("house", seat, label=str(self.last_ring + 1 + i))
            squares[b.goal(seat)] = Square("goal", seat)
        for rc in b.centre():
            squares.setdefault(rc, Square("centre"))
        off, waiting = {}, {}
        for q in range(self.players):
            seat = self.seats[q]
            waiting[q] = {self.yard_name: []}
            for k in range(PIECES):
                p = int(arr[POS + q * PIECES + k])
                if p == YARD:
                    waiting[q][self.yard_name].append((q, k, False))
                elif p == self.goal_place:
                    squares[b.goal(seat)].pieces.append((q, k, False))
                elif p >= self.ring_size:
                    squares[b.lane(seat)[p - self.ring_size]].pieces.append((q, k, False))
                else:
                    squares[self.ring_cell(q, p)].pieces.append((q, k, False))
            off[q] = {self.yard_name: len(waiting[q][self.yard_name])}
        seats = range(self.players)
        return BoardView(getattr(b, "height", b.size), getattr(b, "width", b.size), squares, off,
                         stores={q: {self.yard_name: b.yard(self.seats[q])} for q in seats},
                         off_pieces=waiting,
                         paths={q: [self.ring_cell(q, p) for p in range(self.last_ring + 1)] + list(b.lane(self.seats[q]))
                                + [b.goal(self.seats[q])] for q in seats},
                         regions=[(self.yard_name, seat, *b.yard_area(seat)) for seat in range(self.seat_count)]
                         + [("centre", None, *b.centre_area())],
                         track=b.track[self.ring_offset:] + b.track[:self.ring_offset], seats=tuple(self.seats),
                         placement=b.placement)

    def ring_cell(self, player, p):
        """Screen cell of a player's ring place p."""
        return self.board.track[(self.seat_cell(player, p) + self.ring_offset) % self.ring_size]


class Ring68Game(TrackGame):
    """The 68-square ring with lanes of 7 (Parchís, Parcheesi); seat 0 starts on square 5."""
    spacing, turn_back, lane_size = 17, 5, 7
    ring_offset = 5
    board = Ring68Board()


SEATS = Option("seats", 4, "the board: 4, 6 or 8 seats (68, 102 or 136 squares, 17 a seat); fewer players "
               "than seats sit spread round it as evenly as it allows", (4, 6, 8), kind=int,
               title="Seats at the board", names={4: "four", 6: "six", 8: "eight"})


class SeatedRing68Game(Ring68Game):
    """Parchís's board and Parqués's for 4, 6 or 8 seats (the `seats` option; docs/games/parchis.md): 17
    squares a seat, each seat's exit 5 squares past its tip, seguros on the exits, 7 squares on and
    on the tips."""
    max_players = 8
    form_options = ("seats",)

    def seat_colours(self):
        """Ring order: amarillo, azul, rojo, verde, then naranja and morado on six seats, and on eight
        our choice, rosa and gris (no source names them)."""
        return ("yellow", "blue", "red", "green", "orange", "purple", "pink", "grey")[:self.seat_count]

    @property
    def board(self):
        if self.seat_count == 4:
            return Ring68Game.board
        return seat_ring_board(self.seat_count, 8, self.lane_size, mirror=True)

    def seguros(self):
        """The seguros' square numbers: 17k + 5, 17k + 12, 17k + 17 for every seat k."""
        return tuple(sorted(17 * k + d for k in range(self.seat_count) for d in (5, 12, 17)))

    def safe_squares(self):
        """The seguros as ring places (square 5, seat 0's exit, is place 0)."""
        return [(n - 5) % self.ring_size for n in self.seguros()]

    def square_label(self, g):
        return str((g + 4) % self.ring_size + 1)


def safe_bits(spacing, squares):
    """The safe squares (global indices, the same in every quarter) as bits of one quarter."""
    bits = 0
    for g in squares:
        bits |= 1 << (g % spacing)
    return bits


def seat_offsets(seats, spacing):
    """Each player's start square, 8 bits a player."""
    return sum((spacing * seat) << (8 * pl) for pl, seat in enumerate(seats))
