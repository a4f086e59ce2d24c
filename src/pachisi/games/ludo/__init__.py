"""Ludo (the Людо part of the rule text «Правила игры шиш-беш»; docs/games/ludo.md).

A 15x15 cross with a 52-square track, one die, play clockwise.  A piece
leaves the yard only on a 6, onto its own start; a 6 rolls again, but the
third 6 in a row is not played and the turn passes (the moves of the first two
stand; option: the whole turn is undone).  A piece ending on an opponent's
captures it back to its yard, except on the safe squares (the four starts and
the four stars), where colours share.  Two own pieces never share a square.
After a lap a piece turns into its own home column of 5 and reaches the
centre by exact count only; a player must move when a move is possible; all
four pieces in the centre win.

"Ludo with bonuses": a capture and a piece reaching the centre earn an extra
roll each (one extra roll per roll at most, unless extra_rolls_cumulative),
and two own pieces on a square form a block that opponents can neither pass
nor land on (a third own piece may not join it).
"""
from collections import namedtuple

from .board import LudoBoard
from ..boards.seatring import seat_ring_board
from ...engine.options import Option
from ...i18n import Text, plural
from .. import race, track
from ...engine import kernel as K
from ...engine.game import GameError
from .rules import R_YARD_ONE_SIX, R_YARD_SIX, SIZE, SNAP, STEP, LudoEngine
from ..track_rules import G_TURN_ROLLS

CROSS = LudoBoard()
REASONS = dict(track.REASONS)
REASONS[R_YARD_SIX] = "a piece leaves the yard only on a 6"
REASONS[R_YARD_ONE_SIX] = "a piece leaves the yard only on a 1 or a 6"

LudoTab = namedtuple("LudoTab", track.TRACK + " snap blocks capture_roll finish_roll cumulative void_turn yard_on_one")


# -- the game ------------------------------------------------------------------------
class Ludo(track.TrackGame):
    """Places (docs/games/ludo.md): -1 yard, 0 own start .. 50 the square below the
    home column, 51..55 home column, 56 centre."""
    name = "ludo"
    title = "Ludo"
    familiarity = 0
    move_kinds = 1              # RL: the kinds of move its rules make (rules.pxd)
    aliases = ("людо",)
    preset_aliases = {"ludo-bonus": "with-bonuses"}
    rules = LudoEngine
    reasons = REASONS
    max_players = 6
    form_options = ("seats",)
    spacing, turn_back, lane_size = 13, 2, 5
    layout_end = SIZE
    per_piece_fields = 1        # SNAP
    kind_marks = {STEP: ""}
    mixed_option = "mixed_blocks"
    goal_name = "centre"
    notation_help = "a move is written die and piece: 6a, 3c"
    place_help = "-1 yard, 0..50 track, 51..55 home column, 56 centre"
    options = (
        Option("third_six", "void_roll", "the third 6 in a row: that roll is not played (void_roll) "
               "or the whole turn is undone (void_turn); either way the turn passes",
               ("void_roll", "void_turn"),
               title="Third six in a row",
               names={"void_roll": "that roll is lost", "void_turn": "the whole turn is undone"}),
        Option("capture_roll", False, "a capture earns an extra roll", kind=bool,
               title="Extra roll for a capture"),
        Option("finish_roll", False, "a piece reaching the centre earns an extra roll", kind=bool,
               title="Extra roll for reaching the centre"),
        Option("blocks", False, "two own pieces may share a square and form a block that opponents "
               "can neither pass nor land on", kind=bool, title="Blocks"),
        Option("yard_on_one", False, "a 1 also brings a piece out of the yard (the extra roll stays the 6's)",
               kind=bool, title="Out of the yard on a 1 too"),
        Option("extra_rolls_cumulative", False, "every reason for an extra roll counts (a 6 that "
               "captures earns two); off: one extra roll a roll at most", kind=bool, title="Extra rolls add up"),
        race.PLAY_FOR_PLACES,
        race.first_player_option("die"),
        Option("seats", 4, "the board: four arms (52 squares) or six (78 squares); fewer players than seats "
               "sit spread round it as evenly as it allows", (4, 6), kind=int,
               title="Seats at the board", names={4: "four", 6: "six"}),
        race.TEAMS,
        race.PARTNER_PLAYS,
        Option("mixed_blocks", True, "with blocks, in team play a piece and a partner's on one square form a "
               "block too", kind=bool, title="Partners block together"),
    )
    presets = {
        "seed": {},
        "with-bonuses": {"capture_roll": True, "finish_roll": True, "blocks": True},
        "void-turn": {"third_six": "void_turn"},
    }
    preset_titles = {
        "with-bonuses": ("With bonuses",
                         "extra rolls for a capture and for reaching the centre; two pieces form a block"),
        "void-turn": ("Third six undoes the turn", "three sixes in a row undo the whole turn"),
    }
    colours = ("red", "green", "yellow", "blue")

    def seat_colours(self):
        """Clockwise; the six-seat star adds purple and orange (our choice: no source names them)."""
        return ("red", "green", "yellow", "blue", "purple", "orange")[:self.seat_count]

    @property
    def board(self):
        return CROSS if self.seat_count == 4 else seat_ring_board(self.seat_count, 6, self.lane_size, shift=2)

    @property
    def snap(self):
        """Where the places at the start of the turn are kept (SNAP, moved on a wide board)."""
        return SNAP + self.shift

    def tables(self):
        o = self.opts
        return LudoTab(*self.track_tables(1, self.board.starts() + self.board.stars()), self.snap,
                       int(o["blocks"]), int(o["capture_roll"]),
                       int(o["finish_roll"]), int(o["extra_rolls_cumulative"]),
                       int(o["third_six"] == "void_turn"), int(o["yard_on_one"]))


    def square_capacity(self):
        return 2 if self.opts["blocks"] else 1

    def square_problem(self, g, who):
        cap = self.square_capacity()
        for q in {q for q, _ in who}:
            if sum(1 for w, _ in who if w == q) > cap:
                return Text(plural("player {player} has more than {capacity} piece there",
                                   "player {player} has more than {capacity} pieces there", "capacity"),
                            player=q, capacity=cap)
            if self.teams and sum(1 for w, _ in who if w in (q, self.partner(q))) > cap:
                return Text(plural("partners {player} and {partner} have more than {capacity} piece there (a "
                                   "partner's piece counts as one's own)",
                                   "partners {player} and {partner} have more than {capacity} pieces there (a "
                                   "partner's piece counts as one's own)", "capacity"),
                            player=min(q, self.partner(q)), partner=max(q, self.partner(q)), capacity=cap)
        if len(self.sides(who)) > 1 and not self.is_safe(g):
            return Text("pieces of different colours share a square that is not safe")
        return None

    def square_label(self, g):
        return "*" if g in self.board.stars() else ""

    def whole_roll_reason(self):
        return "a move must be made when one is possible"

    # -- the moment of a turn: sixes rolled, extra rolls banked, where the turn began ----------
    turn_keys = ("sixes", "extra_rolls", "turn_start")

    def turn_to_json(self, arr):
        turn = super().turn_to_json(arr)
        if turn is not None and self.opts["third_six"] == "void_turn" and arr[self.shift + G_TURN_ROLLS]:
            turn["turn_start"] = self.rows_of(arr, self.snap)
        return turn

    def turn_from_json(self, arr, turn):
        if "turn_start" in turn and self.opts["third_six"] != "void_turn":
            raise GameError("turn: turn_start matters only with third_six=void_turn (the third six undoes the turn)")
        super().turn_from_json(arr, turn)
        if self.pieces_at_turn_start(arr, turn, "turn_start", self.snap):
            arr[self.shift + G_TURN_ROLLS] = 1
        elif arr[K.H_PHASE] == K.PHASE_ROLL and arr[self.shift + G_TURN_ROLLS] and self.opts["third_six"] == "void_turn":
            raise GameError("turn: with third_six=void_turn a turn under way needs its turn_start "
                            "(where the pieces stood when it began)")


GAME = Ludo
