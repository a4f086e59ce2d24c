"""Шиш-беш (the rule text «Правила игры шиш-беш»; docs/games/shishbesh.md).

Two dice, each die a separate move in the order the player chooses; a move is
obligatory when a die can be played, and the player must use as many dice as
possible.  A piece leaves the park on a six (or a double, or either) onto its
start, the tip of its own arm.  Landing on an enemy captures it back to its
park; a capture or a double earns another roll.  Two own pieces never share a
cell.  From a corner a 1 jumps to the adjacent corner, forward or back (back
from the first corner is the срез, straight to the house door), and a 3 jumps
diagonally.  A piece stopping on a shelter cell hides there if the shelter is
free and cannot be captured; a hidden piece is locked while anyone stands on
its cell.  The house is entered through the own tip by exact count, without
passing own pieces; four pieces in the house win.
"""
from collections import namedtuple
import re

import numpy as np

from ..boards.cross import CrossBoard
from ...engine import kernel as K
from ...engine.game import Game, GameError, Move
from ...engine.options import Option
from ...engine.position import take_count
from ...engine.view import BoardView
from ...i18n import Text
from .. import folkcross, race
from ..folk_rules import SHEL
from ..folkcross import global_cell
from ..race import PIECES, POS
# the state layout after the core header (POS, SHEL, then CELL, HUT and the roll's
# counters), the kinds of move, the entry rules and the reasons a single-die
# action is refused: rules.pxd
from .rules import (CELL, ENTRY_BOTH, ENTRY_DOUBLE, ENTRY_SIX, HUT, JUMP_BACK, JUMP_DIAGONAL,
                   JUMP_FORWARD, G_EXTRA, G_TRIES, PARK, R_JUMP_DIE, R_LOCKED, R_NO_DIE, R_NO_KIND,
                   R_NO_PIECE, R_NOT_CORNER, R_OVER, R_OVERSHOOT, R_OWN_PIECE, R_OWN_SHELTERED,
                   R_PARK_DOUBLE, R_PARK_JUMP, R_PARTNER_PIECE, R_PARTNER_SHELTERED, R_START_PARTNER, R_PARK_SIX, R_PARK_SIX_OR_DOUBLE, R_PASS_OWN_HOUSE,
                   R_START_OWN, SIZE, STEP, ShishbeshEngine)

REASONS = {
    R_NO_DIE: "no die of this roll is left with that value",
    R_NO_PIECE: "there is no such piece",
    R_PARK_SIX: "a piece leaves the park only on a six",
    R_PARK_DOUBLE: "a piece leaves the park only on a double",
    R_PARK_SIX_OR_DOUBLE: "a piece leaves the park only on a six or a double",
    R_START_OWN: "your own piece stands on your start",
    R_LOCKED: "the piece is locked in its shelter while a piece stands on its cell",
    R_OVERSHOOT: "the house is entered by exact count: this die overshoots it",
    R_PASS_OWN_HOUSE: "in the house a piece cannot pass your own pieces",
    R_OWN_PIECE: "two of your own pieces cannot stand on one cell",
    R_OWN_SHELTERED: "your own piece hides in that shelter (shelter_own_stack is off)",
    R_NOT_CORNER: "jumps are made only from a corner",
    R_JUMP_DIE: "a 1 jumps to the adjacent corner and a 3 diagonally; this die cannot jump so",
    R_PARK_JUMP: "a piece in the park can only enter",
    R_OVER: "the game is over",
    R_NO_KIND: "there is no such kind of move",
    R_START_PARTNER: "your partner's piece stands on your start",
    R_PARTNER_PIECE: "your partner's piece stands there: in team play it counts as your own",
    R_PARTNER_SHELTERED: "your partner's piece hides in that shelter (shelter_own_stack is off)",
}

ShishbeshTab = namedtuple("ShishbeshTab", folkcross.FOLK + " house_end entry quick stack cumulative is_shelter jump")


# -- the game ------------------------------------------------------------------
class ShishBesh(folkcross.HiddenPieces, race.FirstPlayer, Game):
    name = "shishbesh"
    title = "Шиш-беш"
    familiarity = 3
    move_kinds = 4              # RL: the kinds of move its rules make (rules.pxd)
    jump_kinds = frozenset((JUMP_FORWARD, JUMP_BACK, JUMP_DIAGONAL))
    kind_words = {JUMP_FORWARD: "jump on to the next corner", JUMP_BACK: "jump back",
                  JUMP_DIAGONAL: "jump across the diagonal"}
    aliases = ("шиш-беш", "shish-besh", "sheshbesh")
    rules = ShishbeshEngine
    reasons = REASONS
    options = (
        Option("arm", 5, "arm length: 5 is the normal field (circle 48, house 4), 6 the long field "
               "(circle 56, house 5)", (5, 6), int,
               title="Field size", names={5: "normal (arms of 5)", 6: "long (arms of 6)"}),
        Option("shelters", "opposite", "shelters on the 3rd cell from the edge of every lane (opposite), "
               "or staggered: 3rd on the lane to the centre, 4th on the lane out (alternate)",
               ("opposite", "alternate"),
               title="Shelters", names={"opposite": "facing each other", "alternate": "staggered"}),
        Option("start", "six", "a piece leaves the park on a six, on a double (either of its dice), "
               "or on either", ("six", "double", "both"),
               title="Leaving the park",
               names={"six": "on a six", "double": "on a double", "both": "on a six or a double"}),
        Option("quick_charge", False, "while none of a player's pieces is on the circle, three rolls a turn "
               "to get a move", kind=bool, title="Three tries to come out"),
        Option("shelter_own_stack", True, "a piece may stand on the cell above its own hidden piece",
               kind=bool, title="Stand over your own hidden piece"),
        Option("extra_rolls_cumulative", False, "a double that also captures earns two extra rolls, "
               "each capture one (off: one extra roll a roll at most)", kind=bool, title="Extra rolls add up"),
        race.TEAMS,
        race.PARTNER_PLAYS,
        race.PLAY_FOR_PLACES,
        race.first_player_option(),
    )
    presets = {
        "seed": {},
        "long": {"arm": 6},
        "start-on-double": {"start": "double"},
        "six-or-double": {"start": "both"},
        "quick-charge": {"quick_charge": True},
        "alternate-shelters": {"shelters": "alternate"},
    }
    preset_titles = {
        "long": ("Long field", "arms of 6: a circle of 56 cells and a house of 5"),
        "start-on-double": ("Out on a double", "pieces leave the park on a double instead of a six"),
        "six-or-double": ("Out on a six or a double", "pieces leave the park on a six or on a double"),
        "quick-charge": ("Three tries", "with no piece on the circle, three rolls a turn to come out"),
        "alternate-shelters": ("Staggered shelters",
                               "shelters on the 3rd cell in and the 4th cell out of each arm"),
    }

    @property
    def board(self):
        return CrossBoard(self.opts["arm"])

    def tables(self):
        b = self.board
        big_l, a = b.circle, b.arm
        is_shelter = folkcross.shelter_cells(b, self.opts["shelters"])
        jump = np.full((4, big_l + a), -1, np.int64)
        corners = b.corners()
        for i, c in enumerate(corners):
            jump[JUMP_FORWARD, c] = corners[(i + 1) % 4]
            jump[JUMP_BACK, c] = corners[(i - 1) % 4]
            jump[JUMP_DIAGONAL, c] = corners[(i + 2) % 4]
        entry = {"six": ENTRY_SIX, "double": ENTRY_DOUBLE, "both": ENTRY_BOTH}[self.opts["start"]]
        return ShishbeshTab(*folkcross.folk_tables(self, [1, 1], [6, 6]), big_l + a - 1, entry,
                            int(self.opts["quick_charge"]), int(self.opts["shelter_own_stack"]),
                            int(self.opts["extra_rolls_cumulative"]), is_shelter, jump)

    def state_size(self):
        return SIZE

    def initial(self, arr):
        race.start_places(arr, self.players, PARK)

    # -- reading the position ----------------------------------------------------
    def place_range(self):
        return -1, self.board.circle + self.board.arm - 1

    def pieces(self, arr, player):
        """[(relative place, hidden in a shelter)] of a player's pieces."""
        return [(int(arr[POS + player * PIECES + k]), bool(arr[SHEL + player * PIECES + k]))
                for k in range(PIECES)]

    def describe(self, arr, action):
        slot, k, kind = K.decode_action(action)
        pl = int(self.engine.mover(arr))
        d = int(arr[K.H_DICE + slot])
        frm = int(arr[POS + pl * PIECES + k])
        to = self.engine.dest(arr, slot, k, kind)[1]
        suffix = {STEP: "", JUMP_FORWARD: ">", JUMP_BACK: "<", JUMP_DIAGONAL: "/"}[kind]
        return Move(action, pl, d, k, kind, frm, to, f"{d}{self.piece_names[k]}{suffix}")

    _NOTATION = re.compile(r"^([1-6])([a-d])([<>/]?)$")

    def parse_notation(self, arr, text):
        """'6a' (piece a by a 6), '1b>' / '1b<' (jump forward / back), '3c/' (diagonal)."""
        m = self._NOTATION.match(text)
        if not m:
            raise GameError("a move is written die, piece and an optional jump mark: 6a, 2c, 1b>, 1b<, 3d/")
        d, k = int(m.group(1)), "abcd".index(m.group(2))
        kind = {"": STEP, ">": JUMP_FORWARD, "<": JUMP_BACK, "/": JUMP_DIAGONAL}[m.group(3)]
        return [(race.die_slot(arr, d), k, kind)]

    # -- position files (player-relative: docs/positions.md) ----------------------
    def pieces_to_json(self, arr):
        """Per player: -1 park, 0..L circle, L+1.. house; "15s" hides in the shelter on 15."""
        return [[f"{p}s" if hidden else p for p, hidden in self.pieces(arr, q)] for q in range(self.players)]

    def pieces_from_json(self, arr, pieces):
        big_l, top = self.tab.circle, self.tab.house_end
        hidden_at, standing_at = {}, {}
        for q, k, value, where in race.piece_rows(pieces, self.players, PIECES, self.piece_names):
            hidden = isinstance(value, str) and value.strip().endswith("s")
            text = str(value).strip().rstrip("s")
            if text == "park":
                text = "-1"
            try:
                p = int(text)
            except ValueError:
                raise GameError("{where}: {value!r} is not a place (-1 park, 0..{last} circle, {first}..{top} house, "
                                "'15s' hidden)", where=where, value=value, last=big_l, first=big_l + 1,
                                top=top) from None
            if not -1 <= p <= top:
                raise GameError("{where}: place {place} is off the board (-1..{top})", where=where, place=p, top=top)
            if p > big_l and any(arr[POS + q * PIECES + j] == p for j in range(k)):
                raise GameError("{where}: two pieces on house cell {place}", where=where, place=p)
            arr[POS + q * PIECES + k] = p
            if 0 <= p <= big_l:
                g = int(global_cell(self.tab, q, p))
                if hidden and not self.tab.is_shelter[g]:
                    raise GameError("{where}: place {place} has no shelter to hide in", where=where, place=p)
                (hidden_at if hidden else standing_at).setdefault(g, []).append((q, k))
            elif hidden:
                raise GameError("{where}: only a piece on the circle can hide", where=where)
        for g, who in standing_at.items():
            if self.tab.is_shelter[g] and g not in hidden_at and len(who) == 1:
                hidden_at[g] = who
                who = []
            if len(who) > 1:
                raise GameError("two pieces stand on cell {cell} (seat 0's numbering): {first} and {second}", cell=g,
                                first=self.piece_label(*who[0]), second=self.piece_label(*who[1]))
            for q, k in who:
                arr[CELL + g] = q * PIECES + k + 1
        for g, who in hidden_at.items():
            if len(who) > 1:
                raise GameError("two pieces hide in the shelter of cell {cell} (seat 0's numbering)", cell=g)
            q, k = who[0]
            arr[HUT + g] = q * PIECES + k + 1
            arr[SHEL + q * PIECES + k] = 1
            above = arr[CELL + g]
            if above and (above - 1) // PIECES == q and not self.tab.stack:
                raise GameError("player {player}: a piece stands above its own hidden piece, "
                                "but shelter_own_stack is off", player=q)
            if above and (above - 1) // PIECES == self.partner(q) and not self.tab.stack:
                raise GameError("player {player}: a piece stands above his partner's hidden piece, "
                                "but shelter_own_stack is off", player=int(above - 1) // PIECES)
        folkcross.refuse_won(self, arr, big_l)

    def piece_label(self, player, k):
        return Text("player {player} piece {piece}", player=player, piece=self.piece_names[k])

    # -- drawing ------------------------------------------------------------------
    def view(self, arr):
        b = self.board
        marks = {g: ("shelter", None) for g in range(b.circle) if self.tab.is_shelter[g]}
        marks.update({b.global_index(0, c): ("corner", None) for c in b.corners()})
        marks.update({b.global_index(s, 0): ("start", s) for s in range(4)})
        squares = folkcross.cross_squares(b, self.seats, marks, b.circle + 1)
        off, parked = {}, {}
        for q in range(self.players):
            parked[q] = {"park": []}
            for k, (p, hidden) in enumerate(self.pieces(arr, q)):
                if p == PARK:
                    parked[q]["park"].append((q, k, False))
                else:
                    squares[b.cell(self.seats[q], p)].pieces.append((q, k, hidden))
            off[q] = {"park": len(parked[q]["park"])}
        return BoardView(b.size, b.size, squares, off, **folkcross.view_extras(b, self.seats, {"park": 0}, parked,
                                                                                 b.circle + b.house_cells))

    def whole_roll_reason(self):
        return race.FULL_ROLL

    # -- the moment of a turn: extra rolls banked, the quick charge's tries --------------------
    turn_keys = ("extra_rolls", "tries_left")

    def turn_to_json(self, arr):
        turn = super().turn_to_json(arr)
        if turn is not None:
            if arr[G_EXTRA]:
                turn["extra_rolls"] = int(arr[G_EXTRA])
            if arr[G_TRIES]:
                turn["tries_left"] = max(0, 3 - int(arr[G_TRIES]))
        return turn

    def turn_from_json(self, arr, turn):
        arr[G_EXTRA] = take_count(turn, "extra_rolls")
        if "tries_left" in turn:
            if not self.tab.quick:
                raise GameError("turn: tries_left counts the quick charge's rolls: only with quick_charge=true")
            left = take_count(turn, "tries_left", 0, 3)
            pl = int(arr[K.H_PLAYER])
            if left < 3 and any(0 <= arr[POS + pl * PIECES + k] <= self.tab.circle for k in range(PIECES)):
                raise GameError("turn: tries_left counts the quick charge's rolls, which are made while none "
                                "of the player's pieces is on the circle; player {player} has one there", player=pl)
            arr[G_TRIES] = 3 - left


GAME = ShishBesh
