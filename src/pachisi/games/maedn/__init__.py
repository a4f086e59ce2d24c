"""Mensch ärgere Dich nicht (the Schmidt Spiele leaflet «Mensch ärgere Dich nicht – Spielanleitung»;
docs/games/maedn.md).

An 11x11 cross with a 40-field track, one die, play clockwise.  Each player has four pieces: one starts
on its A field (the start), three on its B fields.  A 6 rolls again, however often, except the 6 that
brings the last piece home.  The moves are forced in this order: a player with pieces on B must clear
the own A field while the piece there can move; else a 6 must enter a piece from B onto A; else any
piece moves by the roll.  Pieces passed stay put; ending on an opponent captures it back to its B
fields; two own pieces never share a field; there are no safe fields.  After a lap a piece moves into
its own goal fields a-d by exact count and may move on inside them, never passing a piece there
(goal_jump off).  A player with no piece on the track who cannot move in the goal rolls up to three
times for a 6.  Four pieces in the goal win; the others play on for the places.

Presets: schmidt (the above), schmidt-base (the leaflet's base rule: pieces jump in the goal, one roll
a turn), nontarrabbiare (the Italian form: out on a 5, a 6 counts 7 once all are out, the third 6 sends
the piece moved last back, compulsory capture, walls), menserger (the Dutch form: the first roll brings a
piece out, the roll after a 6 that brought a piece out moves it, own pieces are captured too), chinczyk (the
Polish form: sixes added to the next roll), fia (the Swedish form: out on a 1 or a 6, a bounce in the goal) and
petitschevaux (the French form on its own board, board=chevaux: 56 squares to the own tip by exact count, a
ladder of 6 steps climbed by their numbers, the centre; two horses each).  Options: the leaflet's variants
(backward capture, barriers, the obligation to capture, called by an opponent too) and the national forms'
rules (safe start fields, bonus moves of 20 and 10, a 6 that may enter or move), and all four colours
played (all_colours): two colours each for two players, or for three a fourth, neutral colour that every
player may move (its pieces are the actions' pieces 4..7, written na..nd)."""
from collections import namedtuple
import re

from .board import ChevauxBoard, MaednBoard
from ...engine import kernel as K
from ...engine.game import GameError, Move
from ...engine.options import Option, OptionError
from ...engine.position import take_count
from ...engine.view import BoardView, Square
from ...i18n import Term, Text, plural
from .. import race, track
from ..claim import CalledCapture
from ..race import PIECES, POS
from ..track_rules import G_EXTRA, G_TURN_ROLLS, YARD
from ...engine.position import take_piece
from ..track_rules import G_RUN
from .rules import (BACK, BARRIER_ALL, BARRIER_OFF, BARRIER_WALL, CALL, CAPTURE_CLAIM, CAPTURE_FORCED, CAPTURE_OFF,
                    CAPTURE_PENALTY, ENTER2, G_CLAIM, G_ENTERED, G_FRESH, G_KEPT, G_LAST, G_STAKE, G_TRIES, KEEP, NOCALL,
                    R_BACK_START, R_BACK_TARGET, R_BONUS_FORWARD, R_BOUND, R_CALLING, R_CLEAR_START, R_GOAL_END,
                    R_GOAL_JUMP, R_LADDER, R_MUST_CAPTURE, R_MUST_ENTER, R_NO_CALL, R_NO_KEEP, R_NOT_AT_STAKE,
                    R_OVERTAKE, R_OWN_PASS, R_SIX_KEPT, R_TIP_BACK, R_TWO, R_YARD_FIVE, R_YARD_ONE_SIX, R_YARD_SIX,
                    SIZE, STEP, MaednEngine)

REASONS = dict(track.REASONS)
REASONS.update({
    R_YARD_SIX: "a piece leaves its B fields only on a 6",
    R_CLEAR_START: "the piece on your A field must move on first while pieces wait on your B fields",
    R_MUST_ENTER: "this roll must bring a piece out of your B fields onto your A field",
    R_YARD_FIVE: "a piece leaves its B fields only on a 5",
    R_BOUND: "the piece a 6 has just brought out must play this roll",
    R_OWN_PASS: "a piece may not pass an own piece (pass_own is off)",
    R_YARD_ONE_SIX: "a piece leaves its B fields only on a 1 or a 6",
    R_TWO: "two pieces come out together only on a 6, with two waiting on B",
    R_SIX_KEPT: "a 6 is added to the next roll (six_sum): by itself it only brings a piece out",
    R_NO_KEEP: "a 6 is kept instead of bringing a piece out: there is no 6 to keep, or no piece could come out",
    R_GOAL_JUMP: "a piece may not pass a piece in the goal (goal_jump is off)",
    R_BACK_TARGET: "a piece moves backward only to capture, and no opponent stands there",
    R_BACK_START: "a piece moves backward only on the track, never onto or past its own A field",
    R_MUST_CAPTURE: "a capture is possible, and capturing is compulsory (must_capture=forced)",
    R_GOAL_END: "the goal fields end at d: this move goes beyond it",
    R_LADDER: "a horse climbs the ladder one step a roll, with the number of the step it goes to (a 6 from "
              "step 6 into the centre)",
    R_TIP_BACK: "counted to the tip and back, this roll brings the horse back to where it stands",
    R_OVERTAKE: "a piece may not pass another piece (no_overtaking)",
    R_CALLING: "a missed capture may be called now: call it or let it pass",
    R_NO_CALL: "there is no missed capture to call",
    R_NOT_AT_STAKE: "that piece could not have captured, or is out of reach",
    R_BONUS_FORWARD: "a bonus moves a piece on the track or in the goal forward",
})

MaednTab = namedtuple("MaednTab", track.TRACK + " goal_jump three_tries must_capture backward barriers enter_roll "
                                                "six_seven third_six own_capture first_roll bound_entry forced_order six_sum "
                                                "pass_own enter_one enter_two bounce ladder behind_own no_overtaking six_either "
                                                "bonus neutral neutral_order")
CAPTURE = {"off": CAPTURE_OFF, "penalty": CAPTURE_PENALTY, "claim": CAPTURE_CLAIM, "forced": CAPTURE_FORCED}


class Maedn(CalledCapture, track.TrackGame):
    """Places (docs/games/maedn.md): -1 B fields, 0 own A field .. 39 the field before the goal,
    40..43 goal fields a..d; on the Petits chevaux board -1 stable, 0 start .. 55 the own tip, 56..61
    the ladder's steps 1..6, 62 the centre."""
    name = "maedn"
    title = "Mensch ärgere Dich nicht"
    familiarity = 1
    move_kinds = 6              # RL: the kinds of move its rules make (rules.pxd: STEP, BACK, KEEP, ENTER2, CALL, NOCALL)
    form_options = ("board", "horses", "all_colours")

    observation_ops = (("count", G_TRIES, 3), ("count", G_RUN, 2), ("count", G_KEPT, 18),
                       ("claim", G_CLAIM, G_STAKE))  # as rl/batch.pyx writes them
    claim_at, stake_at, extra_at, call_kind, nocall_kind = G_CLAIM, G_STAKE, G_EXTRA, CALL, NOCALL
    called_to = -1
    claim_option = "must_capture=claim"
    call_words = "call the missed capture: piece {piece} goes back to B"
    aliases = ("mensch", "mädn")
    rules = MaednEngine
    reasons = REASONS
    colours = ("yellow", "green", "red", "blue")
    turn_back = 1               # the ring's last place is the field before the goal (the tip, on the long board)
    finished_in_turn = True     # turn_from_json checks the players home against the turn's "finished"
    layout_end = SIZE
    kind_marks = {STEP: "", BACK: "<", ENTER2: "+"}
    kind_words = {BACK: "backward, to capture", ENTER2: "and the next piece with it"}
    notation_help = ("a move is written die and piece: 6a, 3c (3c< moves piece c back to capture); a missed capture "
                     "call-a (call it) or nocall")
    options = (
        Option("start_on_a", True, "each player starts with one piece on its A field and three on its B "
               "fields; off: all four on B (older rule texts, OpenSpiel)", kind=bool,
               title="One piece starts on A"),
        Option("three_tries", True, "a player with no piece on the track whose goal pieces cannot move "
               "rolls up to three times for a 6", kind=bool, title="Three tries"),
        Option("goal_jump", False, "a piece may pass pieces in the goal; off: it may not (the last piece "
               "enters only on a)", kind=bool, title="Jumping in the goal"),
        Option("must_capture", "off", "a possible capture: free to skip (off); the piece that could "
               "have captured goes back to B (penalty), or does so only when an opponent calls it before the next "
               "roll (claim); or only capturing moves are legal (forced)",
               tuple(CAPTURE), title="Obligation to capture",
               names={"off": "no obligation", "penalty": "the piece that missed goes back",
                      "claim": "it goes back if an opponent calls it", "forced": "only capturing moves"}),
        Option("backward_capture", False, "a piece may move backward by the roll to capture (never onto "
               "or past its own A field)", kind=bool, title="Backward capture"),
        Option("barriers", "off", "two own pieces may share a field: off; they form a barrier that nobody, "
               "the owner included, may pass or capture (barrier); or a wall that other colours may not pass or "
               "capture (wall)", ("off", "barrier", "wall"), title="Barriers",
               names={"off": "two own pieces never share a field", "barrier": "nobody passes",
                      "wall": "other colours do not pass"}),
        Option("enter_on", 6, "the roll that brings a piece out of the B fields onto the A field", (6, 5), int,
               title="Out of B on"),
        Option("six_counts_seven", False, "a 6 moves a piece 7 fields once no piece waits on B", kind=bool,
               title="A 6 counts 7"),
        Option("third_six", "free", "the third 6 in a row: rolled and played as any 6 (free), or not played, "
               "the piece moved last going back to B unless it is in the goal (penalty)", ("free", "penalty"),
               title="Third six in a row",
               names={"free": "no limit", "penalty": "the piece moved last goes back"}),
        Option("own_capture", False, "landing on an own piece sends it back to B as well", kind=bool,
               title="Capturing own pieces"),
        Option("first_roll_enters", False, "a player's first roll puts a piece on A and moves it by the roll, "
               "whatever it is", kind=bool, title="The first roll brings a piece out"),
        Option("entered_moves_on", False, "the roll after a 6 that brought a piece out is played by that piece "
               "when it can move", kind=bool, title="The piece brought out moves on"),
        Option("forced_order", True, "the moves are forced in this order: while pieces wait on B the piece "
               "on the A field moves first, then the entering roll must bring a piece out; off: any move",
               kind=bool, title="Forced order of moves"),
        Option("six_sum", False, "a 6 not used to bring a piece out is kept and added to the next roll(s); "
               "the total moves one piece", kind=bool, title="Sixes added up"),
        Option("pass_own", True, "a piece may pass own pieces; off: it may neither pass nor land on them",
               kind=bool, title="Passing own pieces"),
        Option("enter_on_one", False, "a 1 brings a piece out onto the A field too (it rolls no more)", kind=bool,
               title="Out of B on a 1 too"),
        Option("six_enters_two", False, "a 6 brings two pieces out onto the A field together, or one onto the "
               "field 5 on", kind=bool, title="A 6 brings two out"),
        Option("bounce", False, "a roll past the deepest free goal field counts on to it and back by the rest; "
               "off: the goal is reached by exact count", kind=bool, title="Bounce in the goal"),
        Option("board", "mensch", "the board: the 40-field cross with its goal fields a-d, or the Petits "
               "chevaux board, 56 squares to the own tip, a ladder of 6 steps climbed by their numbers and the "
               "centre", ("mensch", "chevaux"), title="Board",
               names={"mensch": "40 fields and the goal fields", "chevaux": "56 squares, the ladder and the centre"}),
        Option("horses", 4, "the pieces each player plays with", (4, 2), int, title="Pieces each"),
        Option("behind_own", False, "a move ending on an own piece stops on the square before it; off: such a "
               "move is not allowed", kind=bool, title="Stop behind an own piece"),
        Option("no_overtaking", False, "a piece may not pass any other piece (it may still land on one)",
               kind=bool, title="No overtaking"),
        Option("safe_starts", False, "the A fields hold any number of pieces, of any colours, and nobody is "
               "captured there", kind=bool, title="Safe start fields"),
        Option("six_enters_or_moves", False, "a 6 may bring a piece out of B or move a piece on (it still "
               "rolls again); off: with pieces on B a 6 must bring one out", kind=bool,
               title="A 6 enters or moves"),
        Option("bonus20_10", False, "a capture earns a move of 20 fields and a piece brought into the goal one of "
               "10, played by any piece after the roll's move", kind=bool, title="Bonus 20 and 10"),
        Option("all_colours", False, "all four colours are played: with four seats, two players hold two "
               "opposite colours each (seats 1 and 3 one player's, 2 and 4 the other's); each colour rolls and "
               "moves on its own turn, never lands on nor captures the player's other colour, and a player wins "
               "when both colours are home; with three players the fourth colour is neutral (grey): on his turn a "
               "player moves an own or a neutral piece, neutral pieces capture and are captured, and a player "
               "wins once his own four and the neutral four are home", kind=bool, title="All four colours"),
        Option("neutral_order", True, "with the neutral colour (all_colours for three), the forced order of moves "
               "covers the neutral pieces as one's own: a neutral piece clears the neutral A field, a 6 may have to "
               "bring a neutral piece out; off: it concerns one's own pieces only, and a neutral piece may always "
               "move instead", kind=bool, title="Neutral pieces in the forced order"),
        Option("play_for_places", True, "after the winner the others play on for the places", kind=bool,
               title="Play on for the places"),
        race.first_player_option("die"),
        race.TEAMS,
        race.PARTNER_PLAYS,
    )
    presets = {
        "schmidt": {},
        "schmidt-base": {"three_tries": False, "goal_jump": True},
        "nontarrabbiare": {"enter_on": 5, "six_counts_seven": True, "third_six": "penalty",
                           "must_capture": "forced", "barriers": "wall"},
        "chinczyk": {"start_on_a": False, "goal_jump": True, "forced_order": False, "six_sum": True},
        "fia": {"start_on_a": False, "forced_order": False, "three_tries": False, "pass_own": False,
                "enter_on_one": True, "six_enters_two": True, "bounce": True},
        "menserger": {"start_on_a": False, "goal_jump": True, "own_capture": True, "first_roll_enters": True,
                      "entered_moves_on": True},
        "petitschevaux": {"board": "chevaux", "horses": 2, "start_on_a": False, "forced_order": False,
                          "three_tries": False, "behind_own": True},
    }
    preset_titles = {
        "schmidt": ("Schmidt", "the leaflet with the variants most tables play: three tries, no jumping "
                    "in the goal"),
        "schmidt-base": ("Schmidt, base rule", "the leaflet's base rule exactly: one roll a turn, pieces "
                         "jump in the goal"),
        "nontarrabbiare": ("Non t'arrabbiare", "the Italian form: out of B on a 5, a 6 counts 7 once all are "
                           "out, the third 6 sends the piece moved last back, capturing is compulsory, walls"),
        "chinczyk": ("Chińczyk", "the Polish form: all start on B, bringing a piece out is free, a 6 is added to "
                     "the next roll and the total moves one piece, pieces jump in the goal"),
        "fia": ("Fia med knuff", "the Swedish form: a 1 brings one piece out, a 6 two (or one five fields on), "
                "own pieces are never passed, a roll past the goal bounces back"),
        "menserger": ("Mens erger je niet", "the Dutch form: the first roll brings a piece out, the roll after a "
                      "6 that brought a piece out moves that piece, own pieces are captured too"),
        "petitschevaux": ("Petits chevaux", "the French form on its own board: two horses each, out on a 6, "
                          "56 squares to the own tip by exact count (a roll past it counts back), a horse ending on "
                          "its own stops behind it, the ladder climbed step by step with each step's number"),
    }
    boards = {"mensch": MaednBoard(), "chevaux": ChevauxBoard()}

    def fit_board(self, players, given):
        super().fit_board(players, given)
        if self.opts["all_colours"] and self.opts["teams"] != "off":
            raise OptionError("all_colours and teams: with all four colours played a player's two colours are "
                              "already a team of one person; choose one of them")
        if self.opts["all_colours"] and players not in (3, 4):
            raise OptionError("all_colours: two players play the four colours, a game of four seats (each person "
                              "holds two opposite ones), or three share the fourth, neutral colour; not {players}",
                              players=players)

    @property
    def teams(self):
        """all_colours: the colours of one player, opposite each other, are played as a team; teams=opposite:
        partners opposite."""
        return ((0, 2), (1, 3)) if self.opts["all_colours"] and self.players == 4 else super().teams

    @property
    def neutral(self):
        """all_colours for three: the neutral colour's index (after the players'; its pieces are the actions'
        pieces 4..7, written na..nd), None without it."""
        return self.players if self.opts["all_colours"] and self.players == 3 else None

    @property
    def neutral_seat(self):
        """The seat of the neutral colour: the one the three players leave free."""
        return min(set(range(4)) - set(self.seats))

    def seat_colours(self):
        """With the neutral colour its seat is grey: a colour nobody owns."""
        colours = type(self).colours
        if self.opts["all_colours"] and self.players == 3:
            seat = min(set(range(4)) - set(self.seats))
            return colours[:seat] + ("grey",) + colours[seat + 1:]
        return colours

    def colour_rows(self):
        """The rows of pieces a position lists: each player's, and the neutral colour's last."""
        return self.players + (self.neutral is not None)

    def action_piece_names(self):
        """The names of the pieces an action may move: a-d, and na-nd for the neutral colour's."""
        return list(self.piece_names) + ([f"n{c}" for c in self.piece_names] if self.neutral is not None else [])

    def seat_of(self, who):
        """The seat of a player, or of the neutral colour."""
        return self.neutral_seat if who == self.neutral else self.seats[who]

    def team_flags(self):
        """A player's two colours (all_colours) or two partners (teams) win together, once both are home; a
        colour plays its own pieces, a partner whose pieces are home his partner's (partner_plays)."""
        if not self.teams:
            return 0, 0, 0, 0
        return 1, 0, int(self.opts["teams"] != "off" and self.opts["partner_plays"]), 0

    def sides(self, who):
        """The colours on a field: a player's two colours never share one either."""
        return {q for q, _ in who}

    @property
    def ladder(self):
        """The Petits chevaux board: the track ends at the own tip, a ladder of 6 steps and the centre."""
        return self.opts["board"] == "chevaux"

    @property
    def board(self):
        return self.boards[self.opts["board"]]

    @property
    def spacing(self):
        return self.board.quarter

    @property
    def lane_size(self):
        return self.board.lane_cells

    @property
    def goal_name(self):
        return "centre" if self.ladder else "goal"

    @property
    def yard_name(self):
        return "stable" if self.ladder else "yard"

    @property
    def place_help(self):
        if self.ladder:
            return "-1 stable, 0 start .. 55 the own tip, 56..61 ladder steps 1..6, 62 the centre"
        return "-1 B fields, 0 own A field .. 39 the field before the goal, 40..43 goal fields a..d"

    def tables(self):
        o = self.opts
        barriers = {"off": BARRIER_OFF, "barrier": BARRIER_ALL, "wall": BARRIER_WALL}[o["barriers"]]
        safe = (0,) if o["safe_starts"] else ()
        head = list(self.track_tables(1, safe))
        if self.neutral is not None:           # the neutral colour's start, after the players'
            head[MaednTab._fields.index("offsets")] = track.seat_offsets((*self.seats, self.neutral_seat), self.spacing)
        return MaednTab(*head, int(o["goal_jump"]), int(o["three_tries"]),
                        CAPTURE[o["must_capture"]], int(o["backward_capture"]), barriers, int(o["enter_on"]),
                        int(o["six_counts_seven"]),
                        int(o["third_six"] == "penalty"), int(o["own_capture"]), int(o["first_roll_enters"]),
                        int(o["entered_moves_on"]), int(o["forced_order"]), int(o["six_sum"]), int(o["pass_own"]),
                        int(o["enter_on_one"]), int(o["six_enters_two"]), int(o["bounce"]), int(self.ladder),
                        int(o["behind_own"]), int(o["no_overtaking"]), int(o["six_enters_or_moves"]),
                        int(o["bonus20_10"]), -1 if self.neutral is None else self.neutral,
                        int(o["neutral_order"]))

    @property
    def story(self):
        """What the log tells of a penalty: a missed capture (must_capture=penalty) or the third 6."""
        return {**track.TrackGame.story, "void_runs": self.opts["third_six"] == "penalty",
                "penalty": "missed" if self.opts["must_capture"] in ("penalty", "claim") else "sixes"}

    def initial(self, arr):
        race.start_places(arr, self.colour_rows(), YARD)
        for q in range(self.colour_rows()):
            if self.opts["start_on_a"]:
                arr[POS + q * PIECES] = 0
            for k in range(self.horses, PIECES):      # horses not in the game: home from the start
                arr[POS + q * PIECES + k] = self.goal_place
        self.engine.rebuild(arr)
        arr[G_FRESH] = (1 << self.players) - 1 if self.opts["first_roll_enters"] else 0

    # -- places ---------------------------------------------------------------------
    @property
    def horses(self):
        """The pieces each player plays with (the others are not in the game and stand home)."""
        return int(self.opts["horses"])

    def pieces_in_play(self):
        return self.colour_rows() * self.horses

    @classmethod
    def action_blocks(cls):
        """RL: the own pieces' moves of every kind, then the neutral colour's pieces (4..7) moved forward,
        backward to capture, or two brought out together (kinds STEP..ENTER2; all_colours for three)."""
        return [(range(K.MAX_DICE), range(PIECES), range(cls.move_kinds)),
                (range(K.MAX_DICE), range(PIECES, 2 * PIECES), range(ENTER2 + 1))]

    def max_rel(self):
        return self.ring_size + self.lane_size - (0 if self.ladder else 1)

    def parse_place(self, where, value):
        if value == self.goal_name:
            raise GameError("{where}: {value!r} is not a place ({places})", where=where, value=value,
                            places=Term(self.place_help))
        return super().parse_place(where, value)

    def square_capacity(self):
        return 1 if self.opts["barriers"] == "off" and not self.opts["six_enters_two"] else 2

    def square_problem(self, g, who):
        """A safe start field (safe_starts) holds any pieces."""
        return None if self.is_safe(g) else super().square_problem(g, who)

    # -- a missed capture called (must_capture=claim) ----------------------------------------
    def claim_allowed(self):
        return self.opts["must_capture"] == "claim"

    @property
    def home_after(self):
        """The last place before home, for whose pieces a finished player moves (claim.stake_player): the
        field before the goal (every goal field is home), or on the Petits chevaux board the ladder's top."""
        return self.ring_size + self.lane_size - 1 if self.ladder else self.ring_size - 1

    def stake_problem(self, arr, offender, k):
        if not 0 <= int(arr[POS + self.stake_player(arr, offender) * PIECES + k]) < self.ring_size:
            return Text("is not on the track, so it cannot be called")
        return None

    def square_label(self, g):
        return "A" if g % self.spacing == 0 and not self.ladder else ""

    def pieces_from_json(self, arr, pieces):
        """The pieces, each goal field holding one; a player with all four in the goal must be named
        in the turn's "finished" (turn_from_json checks it); with the neutral colour its row comes last."""
        if self.neutral is not None and (not isinstance(pieces, list) or len(pieces) != self.colour_rows()):
            raise GameError("pieces must list the {players}, then a last row of the neutral colour's four places",
                            players=race.players_text(self.players))
        super().pieces_from_json(arr, pieces)
        for q in range(self.colour_rows()):
            places = [int(arr[POS + q * PIECES + k]) for k in range(PIECES)]
            for k in range(self.horses, PIECES):
                if places[k] != self.goal_place:
                    raise GameError("player {player} piece {piece}: with {count} pieces each, the others are "
                                    "not in the game and stand in the {goal}", player=q, piece=self.piece_names[k],
                                    count=self.horses, goal=Term(self.goal_name))
            for p in set(places):
                if (0 < p < self.ring_size and places.count(p) > 1 and self.opts["barriers"] == "off"
                        and not self.is_safe(self.seat_cell(q, p))):
                    raise GameError(plural("player {player}: {count} piece on place {place} (only a 6's two "
                                           "pieces share, on the A field)",
                                           "player {player}: {count} pieces on place {place} (only a 6's two "
                                           "pieces share, on the A field)"), player=q, count=places.count(p),
                                    place=p)
                if self.ring_size <= p < self.goal_place and places.count(p) > 1:
                    raise GameError(plural("player {player}: {count} piece on lane place {place}",
                                           "player {player}: {count} pieces on lane place {place}"), player=q,
                                    count=places.count(p), place=p)

    def home(self, arr, q):
        home = self.goal_place if self.ladder else self.ring_size
        return all(arr[POS + q * PIECES + k] >= home for k in range(PIECES))

    def whole_roll_reason(self):
        return "a move must be made when one is possible"

    # -- the moment of a turn: the three tries made, the players finished ----------------------
    turn_keys = ("tries_left", "sixes", "last_moved", "entered", "first_roll", "kept", "bonus", "claim", "extra_rolls",
                 "finished")

    def rolled_run(self, roll):
        """A 6 continues the run of sixes the state counts (third_six=penalty)."""
        return roll[0] == 6 and self.opts["third_six"] == "penalty"

    def turn_to_json(self, arr):
        return self.claim_to_json(arr) or super().turn_to_json(arr)

    def run_to_json(self, arr):
        turn = {"tries_left": 3 - int(arr[G_TRIES])} if arr[G_TRIES] else {}
        if arr[G_RUN]:
            turn["sixes"] = int(arr[G_RUN])
            if arr[G_LAST]:
                turn["last_moved"] = self.action_piece_names()[int(arr[G_LAST]) - 1]
        if arr[G_ENTERED]:
            turn["entered"] = self.action_piece_names()[int(arr[G_ENTERED]) - 1]
        if arr[G_FRESH]:
            turn["first_roll"] = [q for q in range(self.players) if arr[G_FRESH] >> q & 1]
        if arr[G_KEPT]:
            turn["kept"] = int(arr[G_KEPT])
        if arr[K.H_NFIN]:
            turn["finished"] = [int(q) for q in arr[K.H_ORDER:K.H_ORDER + arr[K.H_NFIN]]]
        return turn

    def turn_from_json(self, arr, turn):
        finished = turn.pop("finished", [])
        if (not isinstance(finished, list) or len(set(finished)) != len(finished)
                or any(isinstance(q, bool) or not isinstance(q, int) or not 0 <= q < self.players for q in finished)):
            raise GameError("turn: finished lists the players who have brought all pieces home, first to last, "
                            "not {value}", value=finished)
        home = [q for q in range(self.players) if self.home(arr, q)]
        if self.teams:
            done = [q for q in home if self.partner(q) in home]
            if done:
                raise GameError("players {player} and {partner} have already won: all their pieces are in the "
                                "{goal}", player=done[0], partner=self.partner(done[0]), goal=Term(self.goal_name))
            home = []                      # a colour home waits for the player's other colour: nobody has finished
        if self.neutral is not None and not self.home(arr, self.neutral):
            home = []                      # a player home waits for the neutral colour: nobody has finished
        if sorted(finished) != home:
            q = min(set(home) ^ set(finished))
            if q in home:
                raise GameError("player {player} has already won: all pieces are in the {goal}", player=q,
                                goal=Term(self.goal_name))
            raise GameError("turn: finished names player {player}, whose pieces are not all in the goal", player=q)
        if finished and not self.opts["play_for_places"]:
            raise GameError("player {player} has already won: all pieces are in the {goal}", player=finished[0],
                            goal=Term(self.goal_name))
        if len(finished) >= self.players - 1:
            raise GameError("turn: finished names every player but one: the game is over")
        if int(arr[K.H_PLAYER]) in finished:
            raise GameError("turn: player {player} has finished and has no turn", player=int(arr[K.H_PLAYER]))
        arr[K.H_ORDER:K.H_ORDER + len(finished)] = finished
        arr[K.H_NFIN] = len(finished)
        arr[K.H_WINNER] = finished[0] if finished else -1
        if "bonus" in turn and not self.opts["bonus20_10"]:
            raise GameError("turn: bonus lists the bonus moves to play now: only with bonus20_10=true")
        if "extra_rolls" in turn and "claim" not in turn:
            raise GameError("turn: extra_rolls is the offender's roll again after a claim: give the claim too")
        if self.claim_from_json(arr, turn):
            arr[G_TURN_ROLLS] = 1
        self.sixes_from_json(arr, turn)
        self.entries_from_json(arr, turn)
        if "kept" in turn:
            if not self.opts["six_sum"]:
                raise GameError("turn: kept adds the sixes kept to the next roll: only with six_sum=true")
            kept = take_count(turn, "kept", 6)
            if kept % 6:
                raise GameError("turn: kept is the sum of the sixes kept, 6, 12, 18 ..., not {value}", value=kept)
            arr[G_KEPT] = kept
            arr[G_TURN_ROLLS] = 1
        if "bonus" in turn:
            self.bonus_from_json(arr, turn, int(arr[G_RUN]))
            arr[G_TURN_ROLLS] = 1
        if "tries_left" not in turn:
            return
        if not self.opts["three_tries"]:
            raise GameError("turn: tries_left counts the three tries: only with three_tries=true")
        left = take_count(turn, "tries_left", 1, 3)       # a 6 in the tries brings a piece out: those made count on
        arr[G_TRIES] = 3 - left
        if arr[G_TRIES]:
            arr[G_TURN_ROLLS] = 1

    def entries_from_json(self, arr, turn):
        """The piece a 6 has just brought out (entered_moves_on) and the players still to make their first
        roll (first_roll_enters); a fresh position has none."""
        entered = take_piece(turn, "entered", self.action_piece_names())
        if entered >= 0:
            if not self.opts["entered_moves_on"]:
                raise GameError("turn: entered names the piece that must play the next roll: only with "
                                "entered_moves_on=true")
            came_to = {0, *((6,) if self.opts["first_roll_enters"] else ()), *((5,) if self.opts["six_enters_two"] else ())}
            if arr[self.piece_at(arr, entered)] not in came_to:      # a 6 of six_enters_two brings one to field 5
                raise GameError("turn: the piece {piece} a 6 has just brought out stands on the A field (a first "
                                "roll of 6 brings it out and 6 fields on)", piece=self.action_piece_names()[entered])
            arr[G_ENTERED] = entered + 1
            arr[G_TURN_ROLLS] = 1
        arr[G_FRESH] = 0
        first = turn.pop("first_roll", [])
        if first and not self.opts["first_roll_enters"]:
            raise GameError("turn: first_roll lists the players still to make their first roll: only with "
                            "first_roll_enters=true")
        if (not isinstance(first, list) or len(set(first)) != len(first)
                or any(isinstance(q, bool) or not isinstance(q, int) or not 0 <= q < self.players for q in first)):
            raise GameError("turn: first_roll lists the players still to make their first roll, not {value}",
                            value=first)
        for q in first:
            if any(arr[POS + q * PIECES + k] != YARD for k in range(PIECES)):
                raise GameError("turn: player {player} has a piece out, so has made its first roll", player=q)
            arr[G_FRESH] |= 1 << q

    def sixes_from_json(self, arr, turn):
        """The sixes rolled in a row in this turn and the piece moved last (third_six=penalty)."""
        if "sixes" not in turn and "last_moved" not in turn:
            return
        if self.opts["third_six"] != "penalty":
            raise GameError("turn: sixes and last_moved count the sixes in a row: only with third_six=penalty")
        arr[G_RUN] = take_count(turn, "sixes", 0, 2)
        last = take_piece(turn, "last_moved", self.action_piece_names())
        if last >= 0:
            if not arr[G_RUN]:
                raise GameError("turn: last_moved names a piece moved earlier in this turn, but no six has been "
                                "rolled in it (sixes is 0)")
            if arr[self.piece_at(arr, last)] == YARD:
                raise GameError("turn: the last-moved piece {piece} is at home: a piece that has moved is on the "
                                "board", piece=self.action_piece_names()[last])
            arr[G_LAST] = last + 1
        if arr[G_RUN]:
            arr[G_TURN_ROLLS] = 1

    def piece_at(self, arr, k):
        """Where in the state the action's piece k (0..7: na..nd are the neutral colour's) stands."""
        who = self.neutral if k >= PIECES else int(self.engine.mover(arr))
        return POS + who * PIECES + k % PIECES

    def describe(self, arr, action):
        slot, k, kind = K.decode_action(action)
        if kind not in (KEEP, CALL, NOCALL) and self.neutral is not None and PIECES <= k < 2 * PIECES:
            frm = int(arr[self.piece_at(arr, k)])
            code, to = self.engine.dest(arr, slot, k, kind)
            return Move(action, self.neutral, self.slot_value(arr, slot), k, kind, self.rel(frm),
                        self.rel(to if code == 0 else frm), self.move_text(arr, slot, k, kind))
        if kind != KEEP:
            return self.claim_move(arr, action) or super().describe(arr, action)
        return Move(action, int(arr[K.H_PLAYER]), self.slot_value(arr, slot), 0, KEEP, 0, 0, "keep")

    def parse_notation(self, arr, text):
        """'6a' (piece a by six, or out of B), '3c<' (back to capture), 'keep' (keep the 6 for the next roll)."""
        if text == "keep":
            return [(race.die_slot(arr, 6), 0, KEEP)]
        neutral = self._NEUTRAL.match(text) if self.neutral is not None else None
        if neutral:
            (slot, k, kind), = super().parse_notation(arr, neutral.group(1) + neutral.group(2))
            return [(slot, k + PIECES, kind)]
        return self.claim_notation(text) or super().parse_notation(arr, text)

    _NEUTRAL = re.compile(r"^(\d{1,2})n([a-d]\S?)$")

    def move_text(self, arr, slot, k, kind):
        """'6a'; a neutral piece's move '6na'."""
        if k < PIECES:
            return super().move_text(arr, slot, k, kind)
        return f"{self.slot_value(arr, slot)}n{self.piece_names[k - PIECES]}{self.kind_marks.get(kind, '')}"

    def move_cells(self, arr, move):
        """Keeping a 6 changes nothing on the board: a button, not a piece to pick."""
        if move.kind == KEEP:
            return None, None, "keep the 6 for the next roll"
        return super().move_cells(arr, move)

    def move_story(self, move, dice=None):
        if move.kind == KEEP:
            return {"say": "log.keepsix"}
        if move.kind == CALL:
            return {"say": "log.call.back", "piece": self.piece_letter(move)}
        if move.kind != NOCALL and move.piece >= PIECES:          # a neutral piece: said so
            letter = self.piece_names[move.piece - PIECES]
            if move.frm < 0:
                return {"say": "log.neutral.out", "piece": letter}
            return {"say": "log.neutral.step", "piece": letter, "n": str(move.die) if dice is None else dice}
        return super().move_story(move, dice)

    def move_words(self, move, dice=None):
        if move.kind == KEEP:
            return Text("keep the 6 for the next roll")
        if move.kind in (CALL, NOCALL) or move.piece < PIECES:
            return super().move_words(move, dice)
        dice = str(move.die) if dice is None else dice      # a neutral piece: said so
        letter = self.piece_names[move.piece - PIECES]
        words = (Text("bring the neutral piece {piece} out ({dice})", piece=letter, dice=dice) if move.frm < 0
                 else Text("{dice} with the neutral piece {piece}", dice=dice, piece=letter))
        said = self.kind_words.get(move.kind)
        return Text("{move}, {then}", move=words, then=Term(said)) if said else words

    def where(self, move):
        return ("", "") if move.kind in (KEEP, NOCALL) else super().where(move)

    def piece_letter(self, move):
        if move.kind not in (KEEP, CALL, NOCALL) and move.piece >= PIECES:
            return self.action_piece_names()[move.piece]
        return "" if move.kind == KEEP else super().piece_letter(move)

    @property
    def turn_features(self):
        return ("three tries made / 3", "sixes in a row / 2", "sixes kept / 18", *self.claim_features())

    def fill_turn_features(self, state, observer, out):
        out[0] = min(int(state.arr[G_TRIES]), 3) / 3.0
        out[1] = min(int(state.arr[G_RUN]), 2) / 2.0
        out[2] = min(int(state.arr[G_KEPT]), 18) / 18.0
        CalledCapture.fill_turn_features(self, state, observer, out[3:])

    # -- drawing ----------------------------------------------------------------------
    def view(self, arr):
        """The coloured board: the 40 track fields with each seat's A field, its goal fields a-d and
        its four B fields; the centre stays empty.  The neutral colour is drawn as a player's would be,
        in grey, after the players."""
        b = self.board
        squares = {}
        rows = range(self.colour_rows())
        seat_of = [self.seat_of(q) for q in rows]
        starts = {(self.spacing * seat_of[q]) % self.ring_size: seat_of[q] for q in rows}
        for g in range(self.ring_size):
            rc = b.track[g]
            squares[rc] = (Square("start", starts[g], label="A") if g in starts
                           else Square("track", label=self.square_label(g)))
        for seat in range(4):
            for i, rc in enumerate(b.lane(seat)):
                squares[rc] = Square("house", seat, label=str(i + 1) if self.ladder else "abcd"[i])
        for rc in b.centre():
            squares[rc] = Square("centre")
        off, waiting = {}, {}
        for q in rows:
            seat = seat_of[q]
            waiting[q] = {self.yard_name: []}
            for k in range(self.horses):
                p = int(arr[POS + q * PIECES + k])
                if p == YARD:
                    waiting[q][self.yard_name].append((q, k, False))
                elif p == self.goal_place:
                    squares[b.centre()[0]].pieces.append((q, k, False))
                elif p >= self.ring_size:
                    squares[b.lane(seat)[p - self.ring_size]].pieces.append((q, k, False))
                else:
                    squares[b.track[(p + self.spacing * seat) % self.ring_size]].pieces.append((q, k, False))
            off[q] = {self.yard_name: len(waiting[q][self.yard_name])}
        return BoardView(b.size, b.size, squares, off,
                         stores={q: {self.yard_name: b.yard(seat_of[q])} for q in rows},
                         off_pieces=waiting,
                         paths={q: [b.track[(p + self.spacing * seat_of[q]) % self.ring_size] for p in range(self.ring_size)]
                                + list(b.lane(seat_of[q])) + (list(b.centre()) if self.ladder else []) for q in rows},
                         regions=[(self.yard_name, seat, *b.yard_area(seat)) for seat in range(4)]
                         + ([("centre", None, *b.centre_area())] if self.ladder else []),
                         track=b.track, seats=tuple(seat_of))


GAME = Maedn
