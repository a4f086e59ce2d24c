"""The cloth of Pachisi and Chaupar: a cross of four arms of 3x8 squares round the charkoni, the 3x3
centre, on the 19x19 grid of boards/ring68.py (the squares of Parchís and Parcheesi).

Every seat's pieces go the same way round, counter-clockwise, along a path of 85 places:

    0          the charkoni (Pachisi's pieces wait there);
    1 .. 7     the own arm's middle column, outward;
    8          the own arm's tip, the first square of the circuit;
    8 .. 75    the circuit: circuit square c = (p - 8 + 17 * seat) mod 68 (the outer columns of every
               arm and the tips of the other three);
    76         the own tip again (the circuit's last square);
    77 .. 83   the own middle column, inward;
    84         the charkoni: home.

The twelve castles are the tips and the fourth squares from the end of each arm's outer columns:
circuit squares 17k, 17k + 4, 17k + 13.  Partners sit opposite: players 1 and 3 against 2 and 4.
Their compiled helpers are in cloth_rules.pxd."""
from dataclasses import dataclass

from .boards.ring68 import Ring68Board
from . import race
from .cloth_rules import (CHARKONI, CIRCUIT, HOME, PATH, QUARTER, R_ALONE, R_HOME, R_NO_KIND, R_NO_PIECE, R_NOT_LOWEST,
                          R_OVER, TIP, TURN)
from .race import PIECES, POS
from ..engine.game import Game, GameError
from ..engine.view import BoardView, Square
from ..i18n import Term, Text

CASTLES = frozenset(c for k in range(4) for c in (QUARTER * k, QUARTER * k + 4, QUARTER * k + 13))
TEAMS = ((0, 2), (1, 3))
CLOTH = "nplayers places partner_throws squares castles"    # what ClothEngine.load reads, in this order
# what a cloth game says of the reasons both give alike (each adds its own wording of the rest)
REASONS = {
    R_OVER: "the game is over",
    R_NO_PIECE: "there is no such piece",
    R_NO_KIND: "this game has no such kind of move",
    R_HOME: "the piece is already home",
    R_ALONE: "not enough of your pieces stand on that place to move together",
    R_NOT_LOWEST: "pieces moving together are named by the first letter among them",
}
SEATS = 4


def circuit_square(seat, p):
    """The circuit square (0..67) of a seat's place p, None off the circuit."""
    if TIP <= p <= TURN:
        return (p - TIP + QUARTER * seat) % CIRCUIT
    return None


def square_table():
    """Each seat's circuit square of every place 0..84 (-1 off the circuit): the table the compiled
    rules look places up in."""
    return [[-1 if circuit_square(s, p) is None else circuit_square(s, p) for p in range(PATH)]
            for s in range(SEATS)]


def cloth_tables(game, partner_throws):
    """The fields CLOTH of a cloth game's tables."""
    return (game.players, int(game.opts.get("play_for_places", True)), int(partner_throws), square_table(),
            tuple(sorted(CASTLES)))


@dataclass(frozen=True)
class ClothBoard(Ring68Board):
    """The cross as players know the cloth: the circuit of the ring68 board, each arm's middle column
    a seat's own column (outward from the charkoni at the start, inward at the end)."""

    def column(self, seat, i):
        """The own middle column's i-th square from the charkoni (1..7)."""
        return self.lane(seat)[self.lane_cells - i]

    def cell(self, seat, p):
        """Screen cell of a seat's place p; None for the charkoni (0 and 84)."""
        if p in (CHARKONI, HOME):
            return None
        if p < TIP:
            return self.column(seat, p)
        if p > TURN:
            return self.column(seat, HOME - p)
        return self.track[circuit_square(seat, p)]

    def charkoni_spots(self, seat):
        """The charkoni's three cells on a seat's side (where its waiting and home pieces are drawn)."""
        m = self.size // 2
        return tuple(self.rotate(rc, seat) for rc in ((m + 1, m - 1), (m + 1, m), (m + 1, m + 1)))

    def charkoni(self):
        return self.centre()


def rel_places(arr, player):
    """A player's pieces' places (0..84)."""
    return [int(arr[POS + player * PIECES + k]) for k in range(PIECES)]


class ClothGame(race.FirstPlayer, Game):
    """What a cloth game's Python side shares: four players, partners opposite, places 0..84 in
    position files and moves, the drawing of the cloth (castles crossed, the columns in the seats'
    colours, the charkoni holding the pieces that wait and those home).  A subclass gives its rules,
    options, tables (with the castles it plays: the squares drawn as castles) and notation."""
    min_players = max_players = quick_players = 4
    colours = ("yellow", "red", "blue", "green")     # partners yellow and blue, red and green
    board = ClothBoard()
    place_help = "0 the charkoni, 1..7 own column outward, 8..76 circuit from the own tip, 77..83 own column inward, 84 home"

    @property
    def teams(self):
        return TEAMS

    def partner(self, player):
        return (player + 2) % SEATS

    def pieces(self, arr, player):
        return rel_places(arr, player)

    def place_range(self):
        return CHARKONI, HOME

    def pieces_to_json(self, arr):
        return [self.pieces(arr, q) for q in range(self.players)]

    def pieces_from_json(self, arr, pieces):
        """Places 0..84 ("charkoni" and "home" too); pieces of both teams never share a circuit square
        (one would have captured the other, or a castle refused it); a team all home has won."""
        for q, k, value, where in race.piece_rows(pieces, self.players, PIECES, self.piece_names):
            value = {"charkoni": CHARKONI, "home": HOME}.get(value, value) if isinstance(value, str) else value
            if isinstance(value, bool) or not isinstance(value, int) or not CHARKONI <= value <= HOME:
                raise GameError("{where}: {value!r} is not a place ({places})", where=where, value=value,
                                places=Term(self.place_help))
            arr[POS + q * PIECES + k] = value
        sides = {}
        for q in range(self.players):
            for p in rel_places(arr, q):
                g = circuit_square(q, p)
                if g is not None:
                    sides.setdefault(g, set()).add(q % 2)
        for g, teams in sorted(sides.items()):
            if len(teams) > 1:
                raise GameError("pieces of both teams share circuit square {square}: one would have captured the "
                                "other, or a castle refused it", square=g)
        for a, b in TEAMS:
            if all(p == HOME for q in (a, b) for p in rel_places(arr, q)):
                raise GameError("players {player} and {partner} have already won: all their pieces are home",
                                player=a, partner=b)

    # -- drawing ------------------------------------------------------------------------------
    def view(self, arr):
        b = self.board
        squares = {}
        for g, rc in enumerate(b.track):
            squares[rc] = Square("castle" if g in self.tab.castles else "track", g // QUARTER if g % QUARTER == 0 else None)
        for seat in range(SEATS):
            for i in range(1, TIP):
                squares[b.column(seat, i)] = Square("house", seat)
        for rc in b.centre():
            squares[rc] = Square("centre")
        waiting, off, stores = {}, {}, {}
        for q in range(self.players):
            waiting[q] = {"charkoni": [], "home": []}
            for k, p in enumerate(rel_places(arr, q)):
                if p == CHARKONI:
                    waiting[q]["charkoni"].append((q, k, False))
                elif p == HOME:
                    waiting[q]["home"].append((q, k, False))
                else:
                    squares[b.cell(q, p)].pieces.append((q, k, False))
            off[q] = {key: len(v) for key, v in waiting[q].items()}
            _, side, corner = b.charkoni_spots(q)
            stores[q] = {"charkoni": [side], "home": [corner]}
        paths = {q: [stores[q]["charkoni"][0]] + [b.cell(q, p) for p in range(1, HOME)] + [stores[q]["home"][0]]
                 for q in range(self.players)}
        return BoardView(b.size, b.size, squares, off, stores=stores, off_pieces=waiting, paths=paths,
                         regions=[("centre", None, *b.centre_area())], track=b.track, seats=tuple(range(SEATS)))

    # -- moving together ---------------------------------------------------------------------
    def together(self, arr, pl, k, n):
        """The letters of the n lowest pieces of player pl at piece k's place (k first)."""
        p = arr[POS + pl * PIECES + k]
        return "".join(self.piece_names[j] for j in range(PIECES) if arr[POS + pl * PIECES + j] == p)[:n]

    def together_letters(self, move):
        """The letters of the pieces a move together moves, as its notation names them."""
        return "".join(ch for ch in move.text if ch in self.piece_names)

    def together_story(self, move, steps):
        return {"say": "log.together", "pieces": "+".join(self.together_letters(move)), "n": str(steps)}

    def together_words(self, move, dice, steps):
        """Pieces moving together in plain words: the dice (or throw) that move them, `steps` each."""
        return Text("{dice} with pieces {pieces} together ({steps} each)", dice=dice,
                    pieces="+".join(self.together_letters(move)), steps=steps)

    def move_steps(self, arr, move, view=None):
        """A piece going round again (its place wraps from the tip back to the circuit's start) walks
        the circuit square by square; others as Game.move_steps."""
        if move.to >= 0 and move.frm >= TIP and move.to < move.frm:
            path = (view or self.view(arr)).paths.get(int(move.player))
            return [tuple(int(x) for x in path[p if p <= TURN else p - CIRCUIT])
                    for p in range(move.frm + 1, move.frm + move.die + 1)]
        return super().move_steps(arr, move, view)
