"""Мандавошка (the rule text «Стандартизированные правила, утверждённые Международной
Федерацией Мандавошки»; docs/games/mandavoshka.md).

Four pieces each start in the player's swamp («болото») and enter on a six
onto the start, the tip of the own arm.  Two dice, each die a separate move
for any piece as in backgammon, in the order the player likes (with 6:2 the 2
may first clear the start for the 6); the dice must be used as fully as
possible.  Pieces run counter-clockwise round the 48-cell circle into the
house on the own arm, entered by exact count, one piece a house cell.
Enemy pieces cannot be passed; landing on them captures them all back to
their swamp (or, in a variant, into the captor's swamp, bought back with a
six).  Own pieces may be passed and stacked on.  From a corner («масть») a 1
jumps straight on to the next corner and a 2 diagonally to the opposite one;
a jump is optional and never runs into a second lap.

Capturing is obligatory: a player who could have captured and did not has
the piece that could have done it sent to the БУР (the centre), noticed at
once (penalty), when an opponent calls it before the next roll (claim), or
the roll must capture (forced), or nobody minds (lenient).  A piece in the
БУР is bought out with sixes: the first moves it to its owner's exit cell of
the БУР, the second to the swamp; a БУР piece blocks the jumps that fly over
it (the centre the diagonals, an exit cell the straight jump beside it).  A
piece that stops on a shelter cell («туалет») may hide there and cannot be
captured; it leaves with its next move, unless an opponent stands on its
cell.  A 1-1 sends every hidden piece back to its swamp.  A double rolls
again.  Four pieces in the house win.
"""
from collections import namedtuple
import re

import numpy as np

from ..boards.cross import CrossBoard
from ...engine import kernel as K
from ...engine.game import Game, GameError, Move
from ...engine.options import Option
from ...engine.view import BoardView, Square
from ...i18n import Text
from .. import folkcross, race
from ..claim import CalledCapture
from ..folk_rules import SHEL
from ..folkcross import global_cell
# the state layout after the core header (POS, SHEL, then CELL, HUT, BUR, EXIT,
# STAND and the roll's counters), the places off the circle, the kinds of
# action, the capture rules and the reasons an action is refused: rules.pxd
from .rules import (BACK, BUR, BUR_CENTRE, BUR_EXIT, CALL, CELL, CIRCLE, CLAIM, DIAGONAL, EXIT,
                   FORCED, G_CLAIM, G_EXTRA, G_STAKE, HELD, HIDE, HUT, LENIENT, NOCALL, PENALTY, R_BLOCKED,
                   R_BUR_BLOCKS, R_CALLING, R_HOUSE_TAKEN, R_JUMP_DIE, R_JUMP_LAP, R_LOCKED, R_NO_BACK,
                   R_NO_CALL, R_NO_DIE, R_NO_PIECE, R_NO_SHELTER, R_NOT_AT_STAKE, R_NOT_CORNER, R_OVER,
                   R_OVERSHOOT, R_SIX, R_START_OWN, R_START_PARTNER, SIZE, STAND, STEP, STRAIGHT, SWAMP,
                   MandavoshkaEngine)
from ..race import PIECES, POS

REASONS = {
    R_NO_DIE: "no die of this roll is left with that value",
    R_NO_PIECE: "there is no such piece",
    R_SIX: "a piece leaves the swamp or the БУР only on a six",
    R_START_OWN: "your own piece stands on your start (start_single_occupancy is on)",
    R_START_PARTNER: "your partner's piece stands on your start (start_single_occupancy is on)",
    R_LOCKED: "the piece is locked in its shelter while an opponent stands on its cell",
    R_OVERSHOOT: "the house is entered by exact count: this die overshoots it",
    R_HOUSE_TAKEN: "that house cell holds your own piece",
    R_BLOCKED: "an enemy piece stands in the way, and enemy pieces cannot be passed",
    R_NOT_CORNER: "jumps are made only from a corner (масть)",
    R_JUMP_DIE: "a 1 jumps straight to the next corner and a 2 diagonally; this die cannot jump so",
    R_JUMP_LAP: "a jump may not carry the piece past its home corner into a second lap",
    R_BUR_BLOCKS: "a piece in the БУР stands where this jump would fly over",
    R_NO_SHELTER: "this move does not stop on a shelter cell with room to hide",
    R_OVER: "the game is over",
    R_NO_BACK: "jumps go forward only (corner_jump_backward is off)",
    R_CALLING: "a missed capture may be called now: call it or let it pass",
    R_NO_CALL: "there is no missed capture to call",
    R_NOT_AT_STAKE: "that piece is not one that could have captured",
}

MandavoshkaTab = namedtuple("MandavoshkaTab", folkcross.FOLK + " start house_end mode captor single backward "
                                              "capacity is_shelter corner")


def own_bits(player):
    """The bits of a player's pieces in a cell's mask (the compiled rules have their own)."""
    return 15 << (PIECES * player)


# -- the game ------------------------------------------------------------------
class Mandavoshka(CalledCapture, folkcross.HiddenPieces, race.FirstPlayer, Game):
    name = "mandavoshka"
    title = "Мандавошка"
    familiarity = 4
    story = {**Game.story, "penalty": "missed", "penalty_to": "lockup"}
    move_kinds = 7              # RL: the kinds of move its rules make (rules.pxd)
    jump_kinds = frozenset((STRAIGHT, BACK, DIAGONAL))
    kind_words = {HIDE: "and hide in the shelter", STRAIGHT: "jump on to the next corner", BACK: "jump back",
                  DIAGONAL: "jump across the diagonal"}
    observation_ops = folkcross.HiddenPieces.observation_ops + (("claim", G_CLAIM, G_STAKE),)  # rl/batch.pyx
    aliases = ("мандавошка", "manka", "манька")
    claim_at, stake_at, extra_at, call_kind, nocall_kind = G_CLAIM, G_STAKE, G_EXTRA, CALL, NOCALL
    called_to = BUR_CENTRE
    home_after = CIRCLE             # beyond the circle: the house
    claim_option = "capture_rule=claim"
    call_words = "call the missed capture: piece {piece} goes to the lock-up"
    rules = MandavoshkaEngine
    reasons = REASONS
    options = (
        Option("capture_rule", "penalty", "the obligation to capture: a miss sends the piece that could "
               "have captured to the БУР at once (penalty) or when an opponent calls it before the next "
               "roll (claim); or only capturing plays are legal (forced); or no obligation (lenient)",
               ("penalty", "claim", "forced", "lenient"),
               title="A missed capture",
               names={"penalty": "punished at once",
                      "claim": "punished if an opponent calls it",
                      "forced": "you must capture",
                      "lenient": "no duty to capture"}),
        Option("captured_to", "own", "a captured piece goes to its own swamp, or to the captor's swamp "
               "and is bought back with a six", ("own", "captor"),
               title="Where a captured piece goes",
               names={"own": "its own swamp", "captor": "the captor's swamp"}),
        Option("start_offset", 0, "the start: the tip of the arm (0) or the tip-row corner next to the "
               "swamp (1)", (0, 1), int,
               title="Start cell", names={0: "the tip of the arm", 1: "the corner next to the swamp"}),
        Option("start_single_occupancy", False, "no piece enters while an own piece stands on the start",
               kind=bool, title="One own piece on the start"),
        Option("corner_jump_backward", False, "a 1 may also jump back to the previous corner (back from "
               "the first corner is the срез to the last)", kind=bool, title="Jump back from a corner"),
        Option("shelters", "opposite", "shelters on the 3rd cell from the edge of every lane (opposite), "
               "or the 3rd on the lane to the centre and the 4th on the lane out (alternate)",
               ("opposite", "alternate"),
               title="Shelters", names={"opposite": "facing each other", "alternate": "staggered"}),
        Option("shelter_capacity", 1, "pieces one shelter holds", (1, 2, 3, 4), int,
               title="Pieces one shelter holds"),
        race.TEAMS,
        race.PARTNER_PLAYS,
        race.PLAY_FOR_PLACES,
        race.first_player_option(),
    )
    presets = {
        "seed": {},
        "captor-swamp": {"captured_to": "captor"},
        "claim": {"capture_rule": "claim"},
        "forced": {"capture_rule": "forced"},
        "lenient": {"capture_rule": "lenient"},
    }
    preset_titles = {
        "captor-swamp": ("Captor's swamp",
                         "a captured piece goes to the captor's swamp and is bought back with a six"),
        "claim": ("Call a missed capture", "a missed capture is punished only when an opponent calls it"),
        "forced": ("Forced capture", "when a capture is possible, only capturing plays are allowed"),
        "lenient": ("No duty to capture", "a missed capture is not punished"),
    }
    board = CrossBoard(5)

    def tables(self):
        b = self.board
        corner = np.full(b.circle, -1, np.int64)
        for i, c in enumerate(b.corners()):
            corner[c] = i
        mode = {"penalty": PENALTY, "claim": CLAIM, "forced": FORCED, "lenient": LENIENT}
        return MandavoshkaTab(*folkcross.folk_tables(self, [1, 1], [6, 6]),
                              self.opts["start_offset"], b.circle + b.house_cells, mode[self.opts["capture_rule"]],
                              int(self.opts["captured_to"] == "captor"), int(self.opts["start_single_occupancy"]),
                              int(self.opts["corner_jump_backward"]), self.opts["shelter_capacity"],
                              folkcross.shelter_cells(b, self.opts["shelters"]), corner)

    def state_size(self):
        return SIZE

    def initial(self, arr):
        race.start_places(arr, self.players, SWAMP)

    # -- reading the position ----------------------------------------------------
    def pieces(self, arr, player):
        """[(relative place, hidden in a shelter)] of a player's pieces; places
        -1 swamp, -2 the own БУР exit cell, -3 the БУР centre, -4-c held in
        player c's swamp, 0..48 circle, 49..52 house."""
        return [(int(arr[POS + player * PIECES + k]), bool(arr[SHEL + player * PIECES + k]))
                for k in range(PIECES)]

    def place_range(self):
        return -4 - (self.seat_count - 1), 52         # -4-c: held in player c's swamp; 49..52 the house

    def describe(self, arr, action):
        claim = self.claim_move(arr, action)
        if claim:
            return claim
        slot, k, kind = K.decode_action(action)
        pl = int(self.engine.mover(arr))
        d = int(arr[K.H_DICE + slot])
        frm = int(arr[POS + pl * PIECES + k])
        to = self.engine.dest(arr, slot, k, kind)[1]
        suffix = {STEP: "", HIDE: "h", STRAIGHT: ">", BACK: "<", DIAGONAL: "/"}[kind]
        return Move(action, pl, d, k, kind, frm, to, f"{d}{self.piece_names[k]}{suffix}")

    _NOTATION = re.compile(r"^([1-6])([a-d])([h<>/]?)$")

    def parse_notation(self, arr, text):
        """'6a' (piece a by a 6), '3bh' (and hide in the shelter there), '1c>' (jump
        straight on), '1c<' (jump back), '2d/' (jump diagonally), 'call-a' (call a
        missed capture, piece a to the БУР), 'nocall' (let it pass)."""
        claim = self.claim_notation(text)
        if claim:
            return claim
        m = self._NOTATION.match(text)
        if not m:
            raise GameError("a move is written die, piece and an optional mark: 6a, 3bh (hide), "
                            "1c> (jump on), 2d/ (diagonal), 1c< (back); or call-a / nocall")
        d, k = int(m.group(1)), "abcd".index(m.group(2))
        kind = {"": STEP, "h": HIDE, ">": STRAIGHT, "<": BACK, "/": DIAGONAL}[m.group(3)]
        return [(race.die_slot(arr, d), k, kind)]

    def where(self, move):
        """Places as position files write them: 10, "swamp", "bur", "bur-exit", "held2"; none for nocall."""
        if move.kind == NOCALL:
            return "", ""
        return self.place_name(move.frm), self.place_name(move.to)

    def place_name(self, p):
        if p <= HELD:
            return f"held{HELD - p}"
        return {SWAMP: "swamp", BUR_CENTRE: "bur", BUR_EXIT: "bur-exit"}.get(p, p)

    def whole_roll_reason(self):
        if self.opts["capture_rule"] == "forced":
            return ("the dice must be used as fully as possible and, when some such play captures, "
                    "the play must capture; this move leads to no such play")
        return race.FULL_ROLL

    # -- the moment of a turn: a missed capture that may be called ----------------------------
    turn_keys = ("claim", "extra_rolls")

    def turn_to_json(self, arr):
        return self.claim_to_json(arr) or super().turn_to_json(arr)

    def turn_from_json(self, arr, turn):
        if not self.claim_from_json(arr, turn) and "extra_rolls" in turn:
            raise GameError("turn: extra_rolls is the offender's roll again after a claim: give the claim too")

    def claim_allowed(self):
        return self.opts["capture_rule"] == "claim"

    def stake_problem(self, arr, offender, k):
        p = arr[POS + offender * PIECES + k]
        if not (p == SWAMP or 0 <= p <= self.board.circle):
            return Text("is neither in the swamp nor on the circle, so it cannot be sent to the БУР")
        return None

    # -- position files (player-relative: docs/games/mandavoshka.md) ----------------------
    _WORDS = {"swamp": SWAMP, "bur": BUR_CENTRE, "bur-exit": BUR_EXIT}

    def pieces_to_json(self, arr):
        """Per player: -1 swamp, 0..48 circle, 49..52 house, "15s" hidden in the
        shelter on 15, "bur" the БУР centre, "bur-exit" the own exit cell of the
        БУР, "held2" held in player 2's swamp."""
        return [[f"{p}s" if hidden else -1 if p == SWAMP else self.place_name(p) for p, hidden in self.pieces(arr, q)]
                for q in range(self.players)]

    def pieces_from_json(self, arr, pieces):
        b, tab = self.board, self.tab
        top = tab.house_end
        for q, k, value, where in race.piece_rows(pieces, self.players, PIECES, self.piece_names):
            pid = q * PIECES + k
            text = str(value).strip()
            hidden = text.endswith("s") and text[:-1].lstrip("-").isdigit()
            if hidden:
                text = text[:-1]
            if text in self._WORDS:
                p = self._WORDS[text]
            elif text.startswith("held") and text[4:].isdigit():
                c = int(text[4:])
                if c == q or not 0 <= c < self.players or not tab.captor:
                    raise GameError("{where}: {value!r}: a piece is held only in an opponent's swamp, "
                                    "and only with captured_to=captor", where=where, value=value)
                p = HELD - c
            else:
                try:
                    p = int(text)
                except ValueError:
                    raise GameError("{where}: {value!r} is not a place (-1 swamp, 0..{last} circle, {first}..{top} "
                                    "house, '15s' hidden, 'bur', 'bur-exit', 'held2')", where=where, value=value,
                                    last=b.circle, first=b.circle + 1, top=top) from None
                if not -1 <= p <= top:
                    raise GameError("{where}: place {place} is off the board (-1..{top})", where=where, place=p,
                                    top=top)
            arr[POS + pid] = p
            if p > b.circle and any(arr[POS + q * PIECES + j] == p for j in range(k)):
                raise GameError("{where}: two pieces on house cell {place}", where=where, place=p)
            if 0 <= p <= b.circle:
                g = int(global_cell(tab, q, p))
                if hidden:
                    if not tab.is_shelter[g]:
                        raise GameError("{where}: place {place} has no shelter to hide in", where=where, place=p)
                    arr[HUT + g] |= 1 << pid
                    arr[SHEL + pid] = 1
                    if int(arr[HUT + g]).bit_count() > tab.capacity:
                        raise GameError("{where}: the shelter on {place} is full (shelter_capacity={capacity})",
                                        where=where, place=p, capacity=tab.capacity)
                else:
                    mate = self.partner(q)
                    others = arr[CELL + g] & ~own_bits(q) & ~(own_bits(mate) if mate is not None else 0)
                    if others:
                        raise GameError("{where}: an enemy piece stands on the same cell ({cell} in seat 0's "
                                        "numbering)", where=where, cell=g)
                    arr[CELL + g] |= 1 << pid
                    arr[STAND + q] |= 1 << g
            elif hidden:
                raise GameError("{where}: only a piece on the circle can hide", where=where)
            elif p == BUR_CENTRE:
                if arr[BUR]:
                    raise GameError("{where}: the centre of the БУР holds one piece", where=where)
                arr[BUR] = pid + 1
            elif p == BUR_EXIT:
                arr[EXIT + self.seats[q]] += 1
        folkcross.refuse_won(self, arr, b.circle)

    # -- drawing ------------------------------------------------------------------
    def view(self, arr):
        b, tab = self.board, self.tab
        marks = {g: ("shelter", None) for g in range(b.circle) if tab.is_shelter[g]}
        marks.update({c: ("corner", None) for c in b.corners()})
        marks.update({b.global_index(s, tab.start): ("start", s) for s in range(4)})
        squares = folkcross.cross_squares(b, self.seats, marks, b.circle + 1)
        bur = b.centre_cross()
        squares[bur[0]] = Square("bur", None, label="БУР")
        for s in range(4):
            squares[bur[1 + s]] = Square("bur", s)
        off = {q: {"swamp": 0} for q in range(self.players)}
        kept = {q: {"swamp": [], "captives": []} for q in range(self.players)}
        for q in range(self.players):
            seat = self.seats[q]
            for k, (p, hidden) in enumerate(self.pieces(arr, q)):
                if p == SWAMP:
                    off[q]["swamp"] += 1
                    kept[q]["swamp"].append((q, k, False))
                elif p <= HELD:
                    off[HELD - p]["captives"] = off[HELD - p].get("captives", 0) + 1
                    kept[HELD - p]["captives"].append((q, k, False))
                else:
                    rc = bur[0] if p == BUR_CENTRE else bur[1 + seat] if p == BUR_EXIT else b.cell(seat, p)
                    squares[rc].pieces.append((q, k, hidden))
        return BoardView(b.size, b.size, squares, off, **folkcross.view_extras(
            b, self.seats, {"swamp": 0, "captives": 1}, kept, b.circle + b.house_cells))


GAME = Mandavoshka
