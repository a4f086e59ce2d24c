"""Kimbo, the game of fences (the rule text «КИМБО»; docs/games/kimbo.md).

A 15x15 grid whose 3x3 centre is one field with an entrance on each side.
Every player has four pawns, one in each corner on a start square of its
colour, and six fences of its colour standing in slots on the lines between
squares.

A turn: the player may first move one fence of its colour to any free slot,
but never so that a square from which the centre could be reached is cut off
from it; then rolls two dice (obligatory) and moves one pawn by the sum, or
two different pawns one die each, using as much of the roll as can be used.
A pawn runs straight, orthogonally; meeting a fence, a fixed wall or the
border it turns 90 degrees left or right (the player's choice when both are
open) and runs on; in a square fenced on three sides it turns back for the
points it has left.  Other pawns never block.  The centre is entered through
an open entrance on the last point only.  Ending on an opponent captures it:
its owner puts it back on a free start square of its colour.  Two own pawns
never share a square.  On a double a pawn standing at a fence may instead jump
over it to the square beyond, and that is the whole turn.  Four pawns in the
centre win.  With three players the fences of the missing colour are removed
and one of them closes its side's entrance; with two, two opposite entrances.
Teams (teams=opposite, four players): partners opposite, a partner's pawn is
one's own where a pawn ends and is never captured, fences stay personal, the
team wins with its eight pawns in the centre, and a player whose four are in
moves his partner's (partner_plays; off: he sits out).
"""
from collections import namedtuple
import re

import numpy as np

from . import board as grid
from .board import BOARD, CENTRE, NODES
from ...engine import kernel as K
from ...engine.game import Game, GameError, IllegalMove, Move
from ...engine.options import Option
from ...engine.view import BoardView, Square
from ...i18n import Term, Text, plural
from .. import race
from ..race import ABSENT
# the state layout, action slots and reasons (rules.pxd) and the compiled rules
from .rules import (CHOICES, DIE0, DIE1, FEN, FENCE, FENCES, G_MOVED, G_STAGE,
                          JUMP, KEEP, PAWNS, PENDING, PLACE, POS, R_CAPTURED, R_CUTS_OFF, R_IN_CENTRE,
                          R_JUMP_CENTRE, R_NO_DIE, R_NO_FENCE, R_NO_OWN_FENCE, R_NO_PAWN, R_NO_ROUTE, R_NO_WAY,
                          R_NOT_DOUBLE, R_NOT_NOW, R_NOT_START, R_OVER, R_OWN_PAWN, R_PARTNER_PAWN, R_SAME_PAWN,
                          R_SLOT_TAKEN,
                          R_SURPLUS, SIZE, SLOTS, STAGE_FENCE, SUM, WALL, KimboEngine)

MAX_ACTIONS = 8192

REASONS = {
    R_OVER: "the game is over",
    R_NOT_NOW: "that is not what is decided now (fence move, pawn move or placing a captured pawn)",
    R_NO_DIE: "no die of this roll is left with that value",
    R_NO_PAWN: "there is no such pawn",
    R_SAME_PAWN: "the two dice move two different pawns (one pawn moves by the sum)",
    R_IN_CENTRE: "the pawn is already in the centre",
    R_CAPTURED: "the pawn is waiting to be put back on a start square",
    R_NO_WAY: "that side of the pawn's square is closed",
    R_NO_ROUTE: "the pawn has no such route: the turns written do not match the fences met",
    R_OWN_PAWN: "the move ends on your own pawn",
    R_NOT_DOUBLE: "a pawn jumps a fence only on a double, as the whole turn",
    R_NO_FENCE: "there is no fence on that side of the pawn to jump",
    R_JUMP_CENTRE: "a pawn cannot jump into the centre",
    R_NO_OWN_FENCE: "you have no fence there to move",
    R_SLOT_TAKEN: "that slot is not free",
    R_CUTS_OFF: "that fence would cut squares off from the centre",
    R_NOT_START: "a captured pawn goes on a free start square of its colour",
    R_SURPLUS: "the centre is entered on the last point only (centre_entry=illegal)",
    R_PARTNER_PAWN: "the move ends on your partner's pawn: in team play it counts as your own",
}

KimboTab = namedtuple("KimboTab", race.SEATED + " nb slots start entry_wall own_stack any_start")


# -- the game ------------------------------------------------------------------------
def _slot_sides(slot):
    """The squares either side of a fence slot by name ("l1e": l1 and m1 east of it, "h6n": h6 and h7)."""
    file, rank = slot[0], int(slot[1:-1])
    return (f"{file}{rank}", f"{chr(ord(file) + 1)}{rank}" if slot.endswith("e") else f"{file}{rank + 1}")


WAYS = {"n": "north", "e": "east", "s": "south", "w": "west"}     # a run's first direction, in words
TURNS = {"L": "left", "R": "right"}


class Kimbo(race.FirstPlayer, Game):
    name = "kimbo"
    title = "Kimbo"
    familiarity = 6
    piece_word = "pawn"         # RL's layout
    turn_features = ("stage: fence", "stage: pawn", "stage: place")
    observation_ops = (("slots", FEN, FENCES, SLOTS), ("stage", G_STAGE, 2))  # as rl/batch.pyx writes them
    turn_cap = 5000             # random play may wander: benchmarks cut a game off here
    aliases = ("кимбо",)
    rules = KimboEngine
    max_actions = MAX_ACTIONS
    reasons = REASONS
    options = (
        Option("fences", "A", "initial fences: A closes the 3x3 pen of each corner with its seat's six "
               "fences; B stands them on the inner boundary of the 4x4 corner block, open along the border",
               ("A", "B"), title="Starting fences", names={"A": "closed pens (A)", "B": "open corners (B)"}),
        Option("centre_entry", "wall", "an entrance met with points left over is a wall (wall), or the "
               "move may not run into it (illegal)", ("wall", "illegal"),
               title="Overshooting the centre",
               names={"wall": "the entrance is a wall", "illegal": "the move is not allowed"}),
        Option("end_on_own", False, "a pawn may end on an own pawn and share its square (an opponent "
               "ending there captures both)", kind=bool, title="Two own pawns on one square"),
        Option("captured_to", "own_start", "a captured pawn goes on a free start square of its colour "
               "(own_start) or on any free start square (any_start); its owner chooses",
               ("own_start", "any_start"),
               title="Where a captured piece goes",
               names={"own_start": "its own start squares", "any_start": "any start square"}),
        race.TEAMS,
        race.PARTNER_PLAYS,
        race.PLAY_FOR_PLACES,
        race.first_player_option(),
    )
    presets = {
        "seed": {},
        "open-start": {"fences": "B"},
    }
    preset_titles = {
        "open-start": ("Open start", "the fences start open along the border (B)"),
    }
    quick_players = 2

    def tables(self):
        b = BOARD
        start = np.array([[b.start_square(c, corner) for corner in range(4)] for c in range(4)], np.int64)
        return KimboTab(*race.seated(self, [1, 1], [6, 6]), b.neighbour, b.slot_table, start,
                        int(self.opts["centre_entry"] == "wall"), int(self.opts["end_on_own"]),
                        int(self.opts["captured_to"] == "any_start"))

    def state_size(self):
        return SIZE

    def initial(self, arr):
        """Pawn k of every player in the corner k seats on from its own, fences as
        the layout says; missing colours leave one fence closing their entrance."""
        b = BOARD
        arr[POS:POS + 16] = ABSENT
        for q, seat in enumerate(self.seats):
            for k in range(PAWNS):
                arr[POS + q * PAWNS + k] = b.start_square(seat, (seat + k) % 4)
        fences = {}
        for seat in range(4):
            if seat in self.seats:
                fences[seat] = list(b.layout(self.opts["fences"], seat))
            else:
                fences[seat] = [b.entrance_slot(seat)]
        self._set_fences(arr, fences)
        arr[K.H_PHASE] = K.PHASE_MOVE
        arr[K.H_NDICE] = 0
        arr[G_STAGE] = STAGE_FENCE
        arr[G_MOVED] = -1

    def _set_fences(self, arr, fences):
        arr[FEN:FEN + 24] = -1
        arr[WALL:WALL + NODES] = BOARD.fixed_mask
        for seat, slots in fences.items():
            for i, s in enumerate(slots):
                arr[FEN + seat * FENCES + i] = s
                self.engine.set_slot(arr, s, True)

    # -- its layout for RL: runs, jumps, placings and fence moves; pawns on the grid's nodes, fences ------
    @classmethod
    def action_blocks(cls):
        return [(range(DIE0, SUM + 1), range(PAWNS), range(4 << CHOICES)),   # pawn runs: direction | turns
                (range(JUMP, JUMP + 1), range(PAWNS), range(4)),                 # jumps over a fence
                (range(PLACE, PLACE + 1), range(PAWNS), range(NODES)),           # a captured pawn put back
                (range(FENCE, FENCE + 1), range(FENCES), range(SLOTS)),          # a fence moved
                (range(FENCE, FENCE + 1), range(KEEP, KEEP + 1), range(1))]      # every fence kept

    def place_count(self):
        return NODES + 1                # the nodes, then "captured, waiting"

    def observed_places(self, arr, player):
        return [v if v >= 0 else NODES if v == PENDING else None
                for v in arr[POS + player * PAWNS:POS + (player + 1) * PAWNS]]

    def observation_planes(self):
        return [(f"player +{r}: fence slots taken", SLOTS) for r in range(self.seat_count)]

    def fill_planes(self, state, observer, out):
        for r in range(self.players):
            seat = self.seats[(observer + r) % self.players]
            for s in state.arr[FEN + seat * FENCES:FEN + (seat + 1) * FENCES]:
                if s >= 0:
                    out[r * SLOTS + s] = 1.0

    def fill_turn_features(self, state, observer, out):
        if not state.is_chance and not state.is_over:
            out[min(int(state.arr[G_STAGE]), 2)] = 1.0

    # -- reading the position ---------------------------------------------------------
    def pawns(self, arr, player):
        """Square names of a player's pawns (C in the centre, x while captured)."""
        return [_place_name(int(arr[POS + player * PAWNS + k])) for k in range(PAWNS)]

    pieces = pawns              # Game.pieces: a player's pieces are his pawns

    def fences(self, arr, player):
        """Slot names of a player's fences."""
        seat = self.seats[player]
        return [BOARD.slot_name(int(s)) for s in arr[FEN + seat * FENCES:FEN + (seat + 1) * FENCES] if s >= 0]

    def describe(self, arr, action):
        slot, k, kind = K.decode_action(int(action))
        pl = int(arr[K.H_PLAYER])           # fences are one's own; a pawn move may move a partner's pawn
        if slot == FENCE:
            if k == KEEP and kind == 0:
                return Move(action, pl, 0, k, kind, -1, -1, "keep")
            s0 = int(arr[FEN + self.seats[pl] * FENCES + k]) if k < FENCES else -1
            if s0 < 0 or not 0 <= kind < SLOTS:
                raise ValueError(f"action {action} is not a fence move")
            return Move(action, pl, 0, k, kind, s0, kind, f"{BOARD.slot_name(s0)}-{BOARD.slot_name(kind)}")
        if k >= PAWNS:
            raise ValueError(f"action {action} names no pawn")
        letter = self.piece_names[k]
        if slot == PLACE:
            if not 0 <= kind < NODES or kind == CENTRE:
                raise ValueError(f"action {action} names no square")
            return Move(action, pl, 0, k, kind, PENDING, kind, f"{letter}@{grid.square_name(kind)}")
        pl = int(self.engine.mover(arr))
        v = int(arr[POS + pl * PAWNS + k])
        reason, end = (int(x) for x in self.engine.pawn_check(arr, slot, k, kind)) if slot <= JUMP else (0, -1)
        if slot == JUMP:
            if kind > 3:
                raise ValueError(f"action {action} is not a jump")
            return Move(action, pl, 0, k, kind, v, end, f"{letter}^{grid.DIRECTIONS[kind]}")
        if slot not in (DIE0, DIE1, SUM) or not 0 <= kind < 4 << CHOICES:
            raise ValueError(f"action {action} is not a pawn move")
        d0, d1 = int(arr[K.H_DICE]), int(arr[K.H_DICE + 1])
        points = d0 + d1 if slot == SUM else (d0, d1)[slot]
        if points == 0 or (slot == SUM and 0 in (d0, d1)):
            raise ValueError(f"action {action} uses a die that is not there")
        bits = kind >> 2
        made = bits.bit_length()
        if 0 <= v != CENTRE:
            ran, _, made_run = self.engine.run(arr, v, points, kind)
            if ran >= 0:
                made = int(made_run)
        dice = f"{d0}+{d1}" if slot == SUM else str(points)
        turns = "".join("R" if (bits >> i) & 1 else "L" for i in range(made))
        return Move(action, pl, points, k, kind, v, end, f"{letter}{dice}{grid.DIRECTIONS[kind & 3]}{turns}")

    _FENCE = re.compile(r"^([a-o]\d+[ne])-([a-o]\d+[ne])$")
    _PLACE = re.compile(r"^([a-d])@(\w+)$")
    _JUMP = re.compile(r"^([a-d])\^([nesw])$")
    _PAWN = re.compile(r"^([a-d])([1-6])(?:\+([1-6]))?([nesw])([LR]*)$")

    def parse_notation(self, arr, text):
        """keep, a fence move "m3n-h6n", a pawn move "a5n", "b3+4eLR", a jump
        "c^w", a captured pawn put back "a@o1"."""
        b = BOARD
        if text == "keep":
            return [(FENCE, KEEP, 0)]
        m = self._FENCE.match(text)
        if m:
            s0, s1 = b.parse_slot(m.group(1)), b.parse_slot(m.group(2))
            seat = self.seats[int(arr[K.H_PLAYER])]
            own = [int(s) for s in arr[FEN + seat * FENCES:FEN + (seat + 1) * FENCES]]
            if s0 not in own:
                raise IllegalMove("no fence of yours stands on {slot}", slot=m.group(1))
            return [(FENCE, own.index(s0), s1)]
        m = self._PLACE.match(text)
        if m:
            v = grid.parse_square(m.group(2))
            return [(PLACE, "abcd".index(m.group(1)), v)]
        m = self._JUMP.match(text)
        if m:
            return [(JUMP, "abcd".index(m.group(1)), grid.DIRECTIONS.index(m.group(2)))]
        m = self._PAWN.match(text)
        if not m:
            raise GameError("a move is keep, a fence move (m3n-h6n), a pawn, its dice, its direction and "
                            "its turns (a5n, b3+4eLR), a jump on a double (c^w) or a captured pawn put back (a@o1)")
        k = "abcd".index(m.group(1))
        kind = grid.DIRECTIONS.index(m.group(4))
        for i, t in enumerate(m.group(5)):
            kind |= (t == "R") << (2 + i)
        dice = [int(arr[K.H_DICE]), int(arr[K.H_DICE + 1])] if arr[K.H_NDICE] else [0, 0]
        if m.group(3):
            if sorted(dice) != sorted((int(m.group(2)), int(m.group(3)))):
                raise IllegalMove("the sum {a}+{b} is not the roll left to play", a=m.group(2), b=m.group(3))
            return [(SUM, k, kind)]
        d = int(m.group(2))
        if d not in dice:
            raise IllegalMove("no die of this roll is left showing {value}", value=d)
        return [(dice.index(d), k, kind)]

    def piece_letter(self, move):
        """No letter for a fence move or keep: they move no pawn."""
        return "" if K.decode_action(int(move.action))[0] == FENCE else super().piece_letter(move)

    def where(self, move):
        """Squares ("c5", "C"; "x" while captured) for a pawn, slots ("l1e") for a fence, "" for keep."""
        slot = K.decode_action(int(move.action))[0]
        if slot == FENCE:
            return ("", "") if move.piece == KEEP else (BOARD.slot_name(move.frm), BOARD.slot_name(move.to))
        return _place_name(move.frm), _place_name(move.to)

    def _pawn_parts(self, text):
        """(pawn, sorted dice, direction, turns) of a pawn move's text, or None."""
        m = self._PAWN.match(text)
        if not m:
            return None
        dice = sorted(int(d) for d in (m.group(2), m.group(3)) if d)
        return m.group(1), dice, m.group(4), m.group(5)

    def same_move(self, text, written):
        """The dice of a sum in either order (a3+2e is a2+3e), and L letters past the last
        choice of the route (a turn to the left is what an unwritten choice means)."""
        a, b = self._pawn_parts(text), self._pawn_parts(written)
        if a is None or b is None or a[:3] != b[:3]:
            return False
        turns, made = a[3], b[3]
        return turns[:len(made)] == made and set(turns[len(made):]) <= {"L"}

    def spellings(self, text, legal_moves):
        """A route written without all its turns (a5n where the route chooses): the legal
        routes of that pawn, dice and direction that begin with the turns written."""
        parts = self._pawn_parts(text)
        if parts is None:
            return []
        out = []
        for m in legal_moves():
            other = self._pawn_parts(m.text)
            if other and other[:3] == parts[:3] and other[3].startswith(parts[3]) and other[3] != parts[3]:
                out.append(m.text)
        return out

    def move_steps(self, arr, move, view=None):
        """A pawn's run as its compiled rules make it (turns and bounces included), square by square;
        into the centre through the centre square beside its entrance to the pawn's own spot there."""
        slot = K.decode_action(int(move.action))[0]
        if slot not in (DIE0, DIE1, SUM):
            return None
        nodes = self.engine.run_path(arr, move.frm, move.die, move.kind)
        if not nodes:
            return None
        cells = [grid.square_of(v) for v in nodes if v != CENTRE]
        if nodes[-1] == CENTRE:                     # (the spot is a corner of the centre, never beside)
            r, c = cells[-1] if cells else grid.square_of(move.frm)
            cells += [(min(max(r, 6), 8), min(max(c, 6), 8)), grid.rotate((8, 8), self.seats[int(move.player)])]
        return cells

    def move_story(self, move, dice=None):
        """Keeping, a fence moved between the squares either side of its slots, a pawn put back, a jump
        and a run with its direction and turns, as the log says them."""
        text = move.text
        if text == "keep":
            return {"say": "log.keep"}
        m = self._FENCE.match(text)
        if m:
            (a, b), (c, d) = (_slot_sides(slot) for slot in m.groups())
            return {"say": "log.fence", "a": a, "b": b, "c": c, "d": d}
        m = self._PLACE.match(text)
        if m:
            return {"say": "log.place", "piece": m.group(1), "where": m.group(2)}
        m = self._JUMP.match(text)
        if m:
            return {"say": "log.jump", "piece": m.group(1), "way": m.group(2)}
        pawn, d0, d1, way, turns = self._PAWN.match(text).groups()
        return {"piece": pawn, "n": f"{d0} + {d1}" if d1 else d0, "way": way, "turns": list(turns)}

    def move_words(self, move, dice=None):
        """"a: 5 north", "b: 4 + 2 east, at the fence left, then right", "d: jump the fence south",
        "move the fence l1e to h6n", "put pawn a back on c3", "keep the fences"."""
        text = move.text
        if text == "keep":
            return Text("keep the fences")
        m = self._FENCE.match(text)
        if m:
            return Text("move the fence {fence} to {slot}", fence=m.group(1), slot=m.group(2))
        m = self._PLACE.match(text)
        if m:
            return Text("put pawn {pawn} back on {square}", pawn=m.group(1), square=m.group(2))
        m = self._JUMP.match(text)
        if m:
            return Text("{pawn}: jump the fence {direction}", pawn=m.group(1), direction=Term(WAYS[m.group(2)]))
        pawn, d0, d1, way, turns = self._PAWN.match(text).groups()
        words = Text("{pawn}: {dice} {direction}", pawn=pawn, dice=f"{d0} + {d1}" if d1 else d0,
                     direction=Term(WAYS[way]))
        for i, turn in enumerate(turns):
            words = Text("{move}, at the fence {turn}" if i == 0 else "{move}, then {turn}", move=words,
                         turn=Term(TURNS[turn]))
        return words

    def move_cells(self, arr, move):
        """A fence move: the slot it leaves and the slot it takes (cheap, for the
        thousands of them); keeping every fence is a button; pawns: the default."""
        slot = K.decode_action(int(move.action))[0]
        if slot != FENCE:
            return super().move_cells(arr, move)
        if move.piece == KEEP:
            return None, None, "keep the fences"
        return ("wall", BOARD.slot_pairs[move.frm]), ("wall", BOARD.slot_pairs[move.to])

    def whole_roll_reason(self):
        return ("the roll must be used as fully as it can be: this move leaves a die unplayable "
                "where another play uses both")

    # -- the moment of a turn: the fence step before the roll ------------------------------------
    turn_keys = ("step",)

    def turn_to_json(self, arr):
        if arr[K.H_PHASE] == K.PHASE_MOVE and arr[G_STAGE] == STAGE_FENCE:
            return {}                        # the pieces say so: {"turn": "fence", "players": rows}
        return super().turn_to_json(arr)

    def turn_from_json(self, arr, turn):
        if "step" not in turn:
            return
        step = turn.pop("step")
        if step not in ("fence", "roll"):
            raise GameError("turn: step is fence (before the fence move) or roll (the fence move is made), "
                            "not {value}", value=step)
        fence_now = arr[K.H_PHASE] == K.PHASE_MOVE
        if fence_now and step == "roll":
            raise GameError("turn: step roll contradicts pieces, which give the turn at its fence step")
        if step == "fence":
            arr[K.H_PHASE] = K.PHASE_MOVE
            arr[K.H_NDICE] = 0
            arr[G_STAGE] = STAGE_FENCE

    # -- position files -----------------------------------------------------------------
    def pieces_to_json(self, arr):
        """Per player: {"pawns": four squares ("c3", "C"), "fences": six slots ("h6n")};
        before the fence move {"turn": "fence", "players": those rows}."""
        rows = [{"pawns": self.pawns(arr, q), "fences": self.fences(arr, q)} for q in range(self.players)]
        if arr[K.H_PHASE] == K.PHASE_MOVE and arr[G_STAGE] == STAGE_FENCE:
            return {"turn": "fence", "players": rows}
        return rows

    def pieces_from_json(self, arr, pieces):
        """Rows as pieces_to_json writes them.  A list of rows is a position
        before the roll (the fence move of the turn is made or given up);
        {"turn": "fence", "players": rows} is one before the fence move."""
        if isinstance(pieces, dict):
            if set(pieces) - {"turn", "players"} or pieces.get("turn", "fence") not in ("fence", "roll"):
                raise GameError('pieces is a list of rows, or {"turn": "fence", "players": rows}')
            fence_move = pieces.get("turn", "fence") == "fence"
            pieces = pieces.get("players")
        else:
            fence_move = False
        if not isinstance(pieces, list) or len(pieces) != self.players:
            raise GameError("pieces must list {players}, each with pawns and fences",
                            players=race.players_text(self.players))
        if not fence_move:
            arr[K.H_PHASE] = K.PHASE_ROLL
        b = BOARD
        fences = {}
        for seat in range(4):
            if seat not in self.seats:
                fences[seat] = [b.entrance_slot(seat)]
        seen_slots = {s: Term("a fixed fence") for slots in fences.values() for s in slots}
        squares = {}
        for q, row in enumerate(pieces):
            if isinstance(row, list):
                row = {"pawns": row}
            if not isinstance(row, dict) or set(row) - {"pawns", "fences"} or "pawns" not in row:
                raise GameError("player {player}: give {{\"pawns\": [4 squares], \"fences\": [6 slots]}}", player=q)
            pawns = row["pawns"]
            if not isinstance(pawns, list) or len(pawns) != PAWNS:
                raise GameError(plural("player {player}: give exactly {count} pawn square",
                                       "player {player}: give exactly {count} pawn squares"), player=q, count=PAWNS)
            for k, text in enumerate(pawns):
                try:
                    v = grid.parse_square(text)
                except GameError as e:
                    raise GameError("player {player} pawn {pawn}: {error}", player=q, pawn=self.piece_names[k],
                                    error=e) from None
                if v != CENTRE:
                    other = squares.setdefault(v, q)
                    if other not in (q, self.partner(q)) or (any(arr[POS + q * PAWNS + j] == v for j in range(k))
                                                             and not self.opts["end_on_own"]):
                        raise GameError("player {player} pawn {pawn}: {square} already holds a pawn", player=q,
                                        pawn=self.piece_names[k], square=text)
                    if other != q and not self.opts["end_on_own"]:
                        raise GameError("player {player} pawn {pawn}: {square} already holds his partner's pawn, "
                                        "and partners' pawns share a square only with end_on_own", player=q,
                                        pawn=self.piece_names[k], square=text)
                arr[POS + q * PAWNS + k] = v
            if all(arr[POS + q * PAWNS + k] == CENTRE for k in range(PAWNS)) and not self.teams:
                raise GameError("player {player} has already won: all pawns are in the centre", player=q)
            slots = row.get("fences", [b.slot_name(s) for s in b.layout(self.opts["fences"], self.seats[q])])
            if not isinstance(slots, list) or len(slots) != FENCES:
                raise GameError(plural("player {player}: give exactly {count} fence slot",
                                       "player {player}: give exactly {count} fence slots"), player=q, count=FENCES)
            fences[self.seats[q]] = []
            for text in slots:
                try:
                    s = b.parse_slot(str(text))
                except GameError as e:
                    raise GameError("player {player}: {error}", player=q, error=e) from None
                if s in seen_slots:
                    raise GameError("player {player}: slot {slot} already holds {other}", player=q, slot=text,
                                    other=seen_slots[s])
                seen_slots[s] = Text("a fence of player {player}", player=q)
                fences[self.seats[q]].append(s)
        self._set_fences(arr, fences)
        self._refuse_team_home(arr)

    def _refuse_team_home(self, arr):
        """Team play: one partner's pawns all in the centre is a game under way (he moves his partner's,
        or sits out without partner_plays: the turn is then not his); both partners' is a game won."""
        home = [all(arr[POS + q * PAWNS + k] == CENTRE for k in range(PAWNS)) for q in range(self.players)]
        for a, b in self.teams:
            if home[a] and home[b]:
                raise GameError("players {player} and {partner} have already won: all their pawns are in the centre",
                                player=a, partner=b)
        q = int(arr[K.H_PLAYER])
        if self.teams and home[q] and not self.opts["partner_plays"]:
            raise GameError("player {player} sits out, his pawns all in the centre (partner_plays is off): the "
                            "turn cannot be his", player=q)

    # -- drawing ------------------------------------------------------------------------
    def view(self, arr):
        b = BOARD
        squares = {}
        for r in range(grid.SIZE):
            for c in range(grid.SIZE):
                kind = "centre" if grid.in_centre((r, c)) else \
                    "entrance" if (r, c) in grid.ENTRANCE_SQUARES else "track"
                squares[(r, c)] = Square(kind)
        for colour in range(4):
            for corner in range(4):
                squares[grid.square_of(b.start_square(colour, corner))] = Square("start", colour)
        off = {}
        for q in range(self.players):
            captured = 0
            seat = self.seats[q]
            for k in range(PAWNS):
                v = int(arr[POS + q * PAWNS + k])
                if v == PENDING:
                    captured += 1
                    continue
                rc = grid.rotate((8, 8), seat) if v == CENTRE else grid.square_of(v)
                squares[rc].pieces.append((q, k, False))
            off[q] = {"captured": captured} if captured else {}
        walls = [(a, c, None) for a, c in b.fixed_walls]
        for f in range(24):
            s = int(arr[FEN + f])
            if s >= 0:
                a, c = b.slot_pairs[s]
                walls.append((a, c, f // FENCES))
        pens = [("pen", seat, *self._pen_area(seat)) for seat in range(4)]
        return BoardView(grid.SIZE, grid.SIZE, squares, off, walls, regions=pens + [("centre", None, 6, 6, 3, 3)],
                         coords="chess")

    @staticmethod
    def _pen_area(seat):
        """A seat's corner block (3x3, where its fences stand at the start): (row, col, height, width)."""
        a, b = grid.rotate((12, 12), seat), grid.rotate((14, 14), seat)
        return min(a[0], b[0]), min(a[1], b[1]), 3, 3


def _place_name(v):
    return "x" if v == PENDING else grid.square_name(v)


GAME = Kimbo
