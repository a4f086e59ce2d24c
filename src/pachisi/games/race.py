"""Compiled rules shared by the race games: the actions of a roll's dice,
recording a player who has brought every piece home, passing the turn past
finished players, burning dice that cannot be played, and taking earned
extra rolls; and the options and notation every race game has."""
from numba import njit

from ..engine import kernel as K
from ..engine.game import GameError, IllegalMove
from ..engine.options import Option
from ..i18n import Text

PIECES = 4                       # pieces a player
POS = K.HEADER                   # every race game keeps piece k of player q at POS + q * PIECES + k


# -- the actions of the dice -----------------------------------------------------------
def check(st, tab, slot, k, kind):
    return dest(st, tab, slot, k, kind)[0]


def gen(st, tab, out):
    if st[K.H_PHASE] != K.PHASE_MOVE:
        return 0
    n = 0
    for slot in range(st[K.H_NDICE]):
        if st[K.H_DICE + slot] == 0 or not K.first_slot_of_value(st, slot):
            continue
        for k in range(PIECES):
            if dest(st, tab, slot, k, 0)[0] == 0:
                out[n] = K.encode(slot, k, 0)
                n += 1
    return n


def die_rules(tag, dest, steps_only=True):
    """A game's compiled `check` (the reason part of its `dest(st, tab, slot,
    k, kind)` -> (reason, target) of a single-die action) and, for a game
    whose only kind of move (0) is a piece moved by a die, its `gen`: each
    unused die value (a double's equal dice once) for each piece.  A game
    with more kinds lists them in a `gen` of its own (steps_only=False):
    numba compiles a per-piece callback here markedly slower."""
    rules = K.specialise(tag, templates=(check, gen) if steps_only else (check,), namespace=globals(),
                         dest=dest)
    return (rules.check, rules.gen) if steps_only else rules.check


@njit(cache=True, inline="always")
def piece(st, k):
    """The player to move, the id and the place of its piece k."""
    pl = st[K.H_PLAYER]
    pid = pl * PIECES + k
    return pl, pid, st[POS + pid]


@njit(cache=True, inline="always")
def bits(x):
    """How many bits of x are set."""
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


@njit(cache=True, inline="always")
def all_past(st, pl, last):
    """True when every piece of player pl stands beyond place `last` (home)."""
    for j in range(PIECES):
        if st[POS + pl * PIECES + j] <= last:
            return False
    return True


@njit(cache=True)
def finished(st, q):
    """True once player q has finished (is in the finishing order)."""
    for i in range(st[K.H_NFIN]):
        if st[K.H_ORDER + i] == q:
            return True
    return False


@njit(cache=True)
def record_finish(st, nplayers, pl, play_for_places, ev, ne):
    """Player pl has brought all pieces home: note the place, end the game
    when the winner is known (or, playing for places, when one player is left)."""
    nfin = st[K.H_NFIN]
    st[K.H_ORDER + nfin] = pl
    st[K.H_NFIN] = nfin + 1
    if nfin == 0:
        st[K.H_WINNER] = pl
    ne = K.emit(ev, ne, K.EV_WON, pl, 0, nfin + 1, 0)
    left = nplayers - nfin - 1
    if not play_for_places or left <= 1:
        if play_for_places and left == 1:
            for q in range(nplayers):
                if not finished(st, q):
                    st[K.H_ORDER + nfin + 1] = q
                    st[K.H_NFIN] = nfin + 2
        st[K.H_PHASE] = K.PHASE_OVER
    return ne


@njit(cache=True)
def reach_home(st, tab, pl, k, a, b, last, ev, ne):
    """Piece k of pl has come home (a -> b in the event): once every piece of
    pl stands beyond place `last`, pl has finished."""
    ne = K.emit(ev, ne, K.EV_FINISHED, pl, k, a, b)
    if all_past(st, pl, last):
        ne = record_finish(st, tab.nplayers, pl, tab.places, ev, ne)
    return ne


@njit(cache=True)
def burn_dice(st, ev, ne):
    """The dice left in the roll cannot be played: they are lost."""
    pl = st[K.H_PLAYER]
    for slot in range(st[K.H_NDICE]):
        if st[K.H_DICE + slot]:
            ne = K.emit(ev, ne, K.EV_BURNED, pl, 0, st[K.H_DICE + slot], 0)
            st[K.H_DICE + slot] = 0
    return ne


@njit(cache=True)
def pass_turn(st, nplayers, ev, ne):
    """The turn goes to the next player who has not finished."""
    pl = st[K.H_PLAYER]
    nxt = pl
    for _ in range(nplayers):
        nxt = (nxt + 1) % nplayers
        if not finished(st, nxt):
            break
    st[K.H_PLAYER] = nxt
    st[K.H_PHASE] = K.PHASE_ROLL
    return K.emit(ev, ne, K.EV_PASS, pl, 0, nxt, 0)


@njit(cache=True)
def dice_left(st):
    """How many dice of the roll are still to play."""
    n = 0
    for slot in range(st[K.H_NDICE]):
        if st[K.H_DICE + slot]:
            n += 1
    return n


@njit(cache=True)
def roll_again_or_pass(st, nplayers, extra, ev, ne):
    """The roll is over: the player rolls again while extra rolls are banked
    in st[extra] (taking one), else the turn passes.  A player who has just
    brought the last piece home passes and loses what was banked."""
    pl = st[K.H_PLAYER]
    if st[extra] > 0 and not finished(st, pl):
        st[extra] -= 1
        st[K.H_PHASE] = K.PHASE_ROLL
        return K.emit(ev, ne, K.EV_EXTRA_ROLL, pl, 0, st[extra], 0)
    st[extra] = 0
    return pass_turn(st, nplayers, ev, ne)


# -- the game side -----------------------------------------------------------------------
PLAY_FOR_PLACES = Option("play_for_places", False, "after the winner the others play on for the places",
                         kind=bool)
FULL_ROLL = ("the dice must be used as fully as possible, and this move leaves a die unplayable "
             "where another play uses both")


def first_player_option(highest="sum", who="who starts"):
    """The first_player option: a roll-off (of the highest `highest`) or the first seat."""
    return Option("first_player", "rolloff", f"{who}: a roll-off (highest {highest}) or the first seat",
                  ("rolloff", "first"))


class FirstPlayer:
    """Mixed into a Game with the first_player option: "first" seats the first player to start."""

    def first_player(self, seed, arr):
        return 0 if self.opts["first_player"] == "first" else super().first_player(seed, arr)


def die_slot(arr, value, bonus=False):
    """The first unused dice slot showing `value`: notation names a die (or a bonus) by its value."""
    for s in range(int(arr[K.H_NDICE])):
        if arr[K.H_DICE + s] == value:
            return s
    if bonus:
        raise IllegalMove("no die or bonus of this roll is left showing {value}", value=value)
    raise IllegalMove("no die of this roll is left showing {value}", value=value)


def piece_rows(pieces, players, count, names):
    """Check that a position file's "pieces" lists every player with `count`
    places; yields (player, piece, value, where), `where` naming the piece for messages."""
    if not isinstance(pieces, list) or len(pieces) != players:
        raise GameError("pieces must list {players} players, each with {count} places", players=players, count=count)
    for q, row in enumerate(pieces):
        if not isinstance(row, list) or len(row) != count:
            raise GameError("player {player}: give exactly {count} places", player=q, count=count)
        for k, value in enumerate(row):
            yield q, k, value, Text("player {player} piece {piece}", player=q, piece=names[k])


def start_places(arr, players, waiting, absent):
    """Every piece of the players in play waits off the board; slots of absent players say so."""
    arr[POS:POS + K.MAX_PLAYERS * PIECES] = absent
    arr[POS:POS + players * PIECES] = waiting
