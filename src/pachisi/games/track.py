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

from numba import njit

from ..boards.ring68 import Ring68Board
from ..engine import kernel as K
from ..engine.game import Game, GameError, Move
from ..engine.view import BoardView, Square
from ..i18n import Term, Text
from . import race
from .race import PIECES, POS, bits

YARD = -1
ABSENT = -9                    # places of players not in the game
RING = 68                      # the largest ring of these games

# -- the shared part of the state, after the core header and POS (race) ----------------
MASK = POS + 16                # 16 bits per global ring square, 4 squares a word (see `at`)
G_RUN = MASK + RING // 4       # sixes (doubles) rolled in a row in this turn
G_EXTRA = G_RUN + 1            # extra rolls banked
G_STAGE = G_EXTRA + 1          # 0 while the slots hold the dice, 1 while they hold bonuses
G_NPEND = G_STAGE + 1          # bonuses earned and not yet opened as a stage
G_PEND = G_NPEND + 1           # their values (MAX_DICE)
G_VOID = G_PEND + K.MAX_DICE   # this roll is void (the third six / double)
G_CAPT = G_VOID + 1            # captures in this roll
G_GOALS = G_CAPT + 1           # pieces that reached the goal in this roll
G_TROLLS = G_GOALS + 1         # rolls made in this turn
G_BLOCKS = G_TROLLS + 1        # ring squares holding a block (two pieces of one colour)
END = G_BLOCKS + 1             # a game lays out its own fields from here

# reasons a single action is refused, shared by the three games
R_OVER, R_NO_DIE, R_NO_PIECE, R_NO_KIND, R_IN_GOAL = 1, 2, 3, 4, 5
R_OVERSHOOT, R_BLOCKED, R_FULL, R_OWN, R_BLOCK_LAND = 6, 7, 8, 9, 10
R_YARD_BONUS, R_SAFE_TAKEN, R_YARD_ORDER = 11, 12, 13
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


# -- squares and steps -----------------------------------------------------------
@njit(cache=True, inline="always")
def cell(tab, pl, r):
    """Global ring square of player pl's ring place r."""
    return (r + ((tab.offsets >> (8 * pl)) & 255)) % tab.L


@njit(cache=True, inline="always")
def is_safe(tab, g):
    """Safe squares repeat every quarter: tab.safe holds the safe offsets of one quarter as bits."""
    return (tab.safe >> (g % tab.spacing)) & 1


@njit(cache=True, inline="always")
def goal(tab):
    return tab.L + tab.H


@njit(cache=True, inline="always")
def step(tab, p, turn_in):
    """The place one step ahead of ring or lane place p."""
    if p >= tab.L:
        return p + 1
    if p == tab.T and turn_in:
        return tab.L
    return (p + 1) % tab.L


@njit(cache=True, inline="always")
def target(tab, p, d, turn_in):
    """The place d steps ahead of p (turning into the lane at T when turn_in),
    or -1 when that is past the goal."""
    if p >= tab.L:
        t = p + d
    else:
        left = (tab.T - p) % tab.L
        if d <= left or not turn_in:
            return (p + d) % tab.L
        t = tab.L + d - left - 1
    return t if t <= tab.L + tab.H else -1


@njit(cache=True, inline="always")
def numbered(tab, p):
    """Place p as rules.md numbers it: -1 yard, 0 .. T ring, T+1 .. lane, T+H+1 goal, and
    T+H+2 .. for the ring squares past the turn-off (only after passing the lane)."""
    if p >= tab.L:
        return tab.T + 1 + p - tab.L
    if p > tab.T:
        return tab.T + tab.H + 1 + p - tab.T
    return p


@njit(cache=True, inline="always")
def remaining(tab, p):
    """Steps from place p to the goal (a piece in the yard: the whole way)."""
    if p == YARD:
        return tab.T + tab.H + 2
    if p >= tab.L:
        return tab.L + tab.H - p
    return (tab.T - p) % tab.L + tab.H + 1


@njit(cache=True, inline="always")
def at(st, g):
    """The pieces standing on global ring square g, as bits of piece ids."""
    return (st[MASK + (g >> 2)] >> (16 * (g & 3))) & 0xFFFF


@njit(cache=True, inline="always")
def own_bits(mask, pl):
    return (mask >> (4 * pl)) & 15


@njit(cache=True, inline="always")
def has_block(mask, skip):
    """True when the pieces in mask include two of one colour other than skip."""
    if mask & (mask - 1) == 0:
        return False
    for q in range(4):
        nib = (mask >> (4 * q)) & 15
        if q != skip and nib & (nib - 1):
            return True
    return False


@njit(cache=True, inline="always")
def lane_count(st, pl, t):
    """Own pieces of player pl standing on lane place t."""
    n = 0
    for j in range(PIECES):
        if st[POS + pl * PIECES + j] == t:
            n += 1
    return n


@njit(cache=True, inline="always")
def blocked_between(st, tab, pl, p, d, turn_in, own_passes):
    """True when a block stands on a square strictly between p and its target:
    two pieces of one colour on the ring (own ones ignored when own_passes),
    or two own pieces in the lane (unless own_passes)."""
    ring = st[G_BLOCKS] > 0
    if not ring and (own_passes or (p < tab.L and (not turn_in or d <= (tab.T - p) % tab.L))):
        return False                         # no block anywhere the path goes
    q = p
    for _ in range(d - 1):
        q = step(tab, q, turn_in)
        if q < tab.L:
            if ring and has_block(at(st, cell(tab, pl, q)), pl if own_passes else -1):
                return True
        elif not own_passes and q < tab.L + tab.H and lane_count(st, pl, q) >= 2:
            return True
    return False


@njit(cache=True, inline="always")
def in_block(st, tab, pid):
    """True when piece pid stands with another piece of its colour (a block)."""
    pl = pid // PIECES
    p = st[POS + pid]
    if p < 0 or p >= tab.L + tab.H:
        return False
    if p < tab.L:
        return bits(own_bits(at(st, cell(tab, pl, p)), pl)) >= 2
    return lane_count(st, pl, p) >= 2


@njit(cache=True)
def has_own_block(st, tab, pl):
    for j in range(PIECES):
        if in_block(st, tab, pl * PIECES + j):
            return True
    return False


@njit(cache=True, inline="always")
def first_in_yard(st, pl):
    """The waiting piece that enters (they are alike, so only one is offered), -1 none."""
    for j in range(PIECES):
        if st[POS + pl * PIECES + j] == YARD:
            return j
    return -1


@njit(cache=True, inline="always")
def yard_count(st, pl):
    n = 0
    for j in range(PIECES):
        if st[POS + pl * PIECES + j] == YARD:
            n += 1
    return n


# -- moving pieces ----------------------------------------------------------------
@njit(cache=True, inline="always")
def lift(st, tab, pid):
    p = st[POS + pid]
    if 0 <= p < tab.L:
        pl = pid // PIECES
        g = cell(tab, pl, p)
        if bits(own_bits(at(st, g), pl)) == 2:
            st[G_BLOCKS] -= 1
        st[MASK + (g >> 2)] &= ~(1 << (pid + 16 * (g & 3)))


@njit(cache=True, inline="always")
def put(st, tab, pid, t):
    st[POS + pid] = t
    if 0 <= t < tab.L:
        pl = pid // PIECES
        g = cell(tab, pl, t)
        if bits(own_bits(at(st, g), pl)) == 1:
            st[G_BLOCKS] += 1
        st[MASK + (g >> 2)] |= 1 << (pid + 16 * (g & 3))


@njit(cache=True)
def send_to_yard(st, tab, victim):
    lift(st, tab, victim)
    st[POS + victim] = YARD


@njit(cache=True)
def capture(st, tab, victim, g, captor, ev, ne):
    send_to_yard(st, tab, victim)
    st[G_CAPT] += 1
    return K.emit(ev, ne, K.EV_CAPTURED, victim // PIECES, victim % PIECES, g, captor)


@njit(cache=True, inline="always")
def foes_at(st, g, pl):
    """The pieces of pl's opponents on global ring square g, as bits."""
    return at(st, g) & ~(15 << (4 * pl))


@njit(cache=True, inline="always")
def capture_all(st, tab, foes, g, captor, ev, ne):
    """Every piece in `foes` (bits) on global ring square g goes back to its yard."""
    for victim in range(16):
        if foes >> victim & 1:
            ne = capture(st, tab, victim, g, captor, ev, ne)
    return ne


@njit(cache=True, inline="always")
def moved_events(st, tab, pl, k, p, t, ev, ne):
    """The events of piece k of pl going from p to t; counts a goal reached."""
    a, b = numbered(tab, p), numbered(tab, t)
    if p == YARD:
        ne = K.emit(ev, ne, K.EV_ENTERED, pl, k, a, b)
    elif t >= tab.L:
        ne = K.emit(ev, ne, K.EV_HOUSE, pl, k, a, b)
    else:
        ne = K.emit(ev, ne, K.EV_MOVED, pl, k, a, b)
    if t == tab.L + tab.H:
        st[G_GOALS] += 1
        ne = race.reach_home(st, tab, pl, k, a, b, tab.L + tab.H - 1, ev, ne)
    return ne


@njit(cache=True)
def rebuild(st, tab):
    """Recompute the ring masks from the places."""
    for w in range(RING // 4):
        st[MASK + w] = 0
    st[G_BLOCKS] = 0
    for pid in range(4 * PIECES):
        if st[POS + pid] != ABSENT:
            put(st, tab, pid, st[POS + pid])


# -- rolls, stages, turns -----------------------------------------------------------
@njit(cache=True)
def start_roll(st):
    """Reset the per-roll counters; True when this is the first roll of the turn."""
    st[G_TROLLS] += 1
    st[G_STAGE] = 0
    st[G_NPEND] = 0
    st[G_VOID] = 0
    st[G_CAPT] = 0
    st[G_GOALS] = 0
    return st[G_TROLLS] == 1


@njit(cache=True)
def count_run(st, hit):
    """Count a six (double) rolled in a row in this turn; any other roll resets it."""
    st[G_RUN] = st[G_RUN] + 1 if hit else 0
    return st[G_RUN]


@njit(cache=True)
def void_roll(st, ev, ne):
    """The roll is not played (the third six / double)."""
    st[G_VOID] = 1
    return race.burn_dice(st, ev, ne)


@njit(cache=True)
def earn_bonus(st, value, ev, ne):
    n = st[G_NPEND]
    if n < K.MAX_DICE:
        st[G_PEND + n] = value
        st[G_NPEND] = n + 1
    return K.emit(ev, ne, K.EV_BONUS, st[K.H_PLAYER], 0, value, 0)


CAPTURE_BONUS, GOAL_BONUS = 20, 10    # Parchís, Parcheesi: what a capture and a piece reaching the goal earn


@njit(cache=True)
def close_stage(st, ev, ne):
    """No action is left in this stage: the dice still unused are lost; when
    bonuses are pending they become the dice of a new stage (returns True)."""
    ne = race.burn_dice(st, ev, ne)
    if st[K.H_PHASE] != K.PHASE_MOVE:
        return ne, False
    n = st[G_NPEND]
    if n == 0:
        return ne, False
    for i in range(K.MAX_DICE):
        st[K.H_DICE + i] = st[G_PEND + i] if i < n else 0
    st[K.H_NDICE] = n
    st[G_NPEND] = 0
    st[G_STAGE] = 1
    st[K.H_SCORE] = 0
    return ne, True


@njit(cache=True)
def end_roll(st, tab, earned, ev, ne):
    """No action is left in this stage: open the next stage when bonuses are
    pending; else the roll is over: bank `earned` extra rolls, then roll
    again or pass."""
    ne, more = close_stage(st, ev, ne)
    if more or st[K.H_PHASE] != K.PHASE_MOVE:
        return ne
    pl = st[K.H_PLAYER]
    if st[G_VOID]:
        st[G_EXTRA] = 0
    else:
        st[G_EXTRA] += earned
    ne = race.roll_again_or_pass(st, tab.nplayers, G_EXTRA, ev, ne)
    if st[K.H_PLAYER] != pl:
        st[G_RUN] = 0
        st[G_TROLLS] = 0
    return ne


# -- evaluation ------------------------------------------------------------------------
@njit(cache=True)
def race_value(st, tab, me, reach, block_w):
    """Progress of own pieces against the opponents': distance covered, with
    pieces exposed to an enemy up to `reach` squares behind them on the ring
    (not on a safe square, not in a block) counted at a loss, blocks at a gain."""
    full = tab.T + tab.H + 2
    val = 0.0
    nopp = max(tab.nplayers - 1, 1)
    for q in range(tab.nplayers):
        worth = 0.0
        for j in range(PIECES):
            pid = q * PIECES + j
            p = st[POS + pid]
            if p == YARD:
                continue
            prog = 8.0 + full - remaining(tab, p)
            if p >= tab.L:
                prog += 6.0
                if p == tab.L + tab.H:
                    prog += 10.0
            else:
                g = cell(tab, q, p)
                if in_block(st, tab, pid):
                    prog += block_w
                elif not is_safe(tab, g):
                    for back in range(1, reach + 1):
                        m = at(st, (g - back) % tab.L) & ~(15 << (4 * q))
                        if m:
                            prog -= 0.3 * prog
                            break
            worth += prog
        val += worth if q == me else -worth / nopp
    if st[K.H_WINNER] == me:
        val += 1e6
    return val


# -- the game side ---------------------------------------------------------------------
class TrackGame(race.FirstPlayer, Game):
    """Position files, notation and drawing common to the track games.

    A subclass gives `T` (the last ring place before the lane), `ring_size`,
    `spacing`, `lane_size`, `board`, `square_label(seat, g)` and its compiled
    `dest` (a staticmethod); places in files and moves use rules.md
    numbering: -1 yard, 0..T ring, T+1.. lane, T+1+H goal."""

    T = 0
    ring_size = 0
    spacing = 0
    lane_size = 0
    ring_offset = 0              # board track index of global square 0 (seat 0's start)
    kind_marks = {}              # move kind -> notation suffix
    yard_name = "yard"
    goal_name = "goal"

    @property
    def goal_place(self):
        return self.ring_size + self.lane_size

    def state_size(self):
        return self.layout_end

    def initial(self, arr):
        race.start_places(arr, self.players, YARD, ABSENT)
        rebuild(arr, self.tab)

    def kernel_dest(self, arr, slot, k, kind):
        return self.dest(arr, self.tab, slot, k, kind)

    def is_safe(self, g):
        return bool((self.tab.safe >> (g % self.spacing)) & 1)

    def seat_cell(self, player, r):
        return (r + self.spacing * self.seats[player]) % self.ring_size

    # -- numbering ----------------------------------------------------------------
    def rel(self, p):
        """Internal place -> rules.md numbering."""
        return int(numbered(self.tab, int(p)))

    def internal(self, rel):
        top = self.T + self.lane_size + 1
        if rel > top:
            return rel - (self.T + self.lane_size + 2) + self.T + 1
        if rel > self.T:
            return self.ring_size + rel - self.T - 1
        return rel

    def goal_rel(self):
        return self.T + self.lane_size + 1

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
        slot, k, kind = K.decode(action)
        if k >= PIECES or slot >= K.MAX_DICE or kind not in self.kind_marks:
            raise GameError("action {action} is not a move of this game", action=action)
        pl = int(arr[K.H_PLAYER])
        frm = int(arr[POS + pl * PIECES + k])
        code, to = self.kernel_dest(arr, slot, k, kind)
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
        return [self.pieces(arr, q) for q in range(self.players)]

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
        for q, k, value, where in race.piece_rows(pieces, self.players, PIECES, self.piece_names):
            rel = self.parse_place(where, value)
            arr[POS + q * PIECES + k] = -1 if rel < 0 else self.internal(rel)
        rebuild(arr, self.tab)
        goal_p = self.goal_place
        for q in range(self.players):
            places = [int(arr[POS + q * PIECES + k]) for k in range(PIECES)]
            if all(p == goal_p for p in places):
                raise GameError("player {player} has already won: all pieces are in the {goal}", player=q,
                                goal=Term(self.goal_name))
            for p in set(places):
                if self.ring_size <= p < goal_p and places.count(p) > self.square_capacity():
                    raise GameError("player {player}: {count} pieces on lane place {place}", player=q,
                                    count=places.count(p), place=self.rel(p))
        for g in range(self.ring_size):
            who = [(pid // PIECES, pid % PIECES) for pid in range(16) if int(at(arr, g)) >> pid & 1]
            problem = self.square_problem(g, who)
            if problem:
                q, k = who[0]
                raise GameError("{where}, place {place}: {problem}", problem=problem,
                                where=Text("player {player} piece {piece}", player=q, piece=self.piece_names[k]),
                                place=self.rel(int(arr[POS + q * PIECES + k])))

    def square_capacity(self):
        return 2

    def square_problem(self, g, who):
        """Why the pieces `who` [(player, piece)] cannot stand together on ring square g (a Text), or None."""
        colours = {q for q, _ in who}
        if len(who) > self.square_capacity():
            return Text("{count} pieces on one square (at most {capacity})", count=len(who),
                        capacity=self.square_capacity())
        if len(colours) > 1 and not self.is_safe(g):
            return Text("pieces of different colours share a square that is not safe")
        return None

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
        for seat in range(4):
            for i, rc in enumerate(b.lane(seat)):
                squares[rc] = Square("house", seat, label=str(self.T + 1 + i))
            squares[b.goal(seat)] = Square("goal", seat)
        for rc in b.centre():
            squares.setdefault(rc, Square("centre"))
        off = {}
        for q in range(self.players):
            seat = self.seats[q]
            yard = 0
            for k in range(PIECES):
                p = int(arr[POS + q * PIECES + k])
                if p == YARD:
                    yard += 1
                elif p == self.goal_place:
                    squares[b.goal(seat)].pieces.append((q, k, False))
                elif p >= self.ring_size:
                    squares[b.lane(seat)[p - self.ring_size]].pieces.append((q, k, False))
                else:
                    rc = b.track[(self.seat_cell(q, p) + self.ring_offset) % self.ring_size]
                    squares[rc].pieces.append((q, k, False))
            off[q] = {self.yard_name: yard}
        return BoardView(b.size, b.size, squares, off)


class Ring68Game(TrackGame):
    """The 68-square ring with lanes of 7 (Parchís, Parcheesi); seat 0 starts on square 5."""
    T, ring_size, spacing, lane_size = 63, 68, 17, 7
    ring_offset = 5
    board = Ring68Board()


def safe_bits(spacing, squares):
    """The safe squares (global indices, the same in every quarter) as bits of one quarter."""
    bits = 0
    for g in squares:
        bits |= 1 << (g % spacing)
    return bits


def seat_offsets(seats, spacing):
    """Each player's start square, 8 bits a player."""
    return sum((spacing * seat) << (8 * pl) for pl, seat in enumerate(seats))
