"""What the race games share on the Python side: the options and notation
every race game has, and the checking of position files.  Their compiled
rules (the actions of a roll's dice, finishing, passing the turn, burning
dice, extra rolls) are in race_rules.pxd."""
import numpy as np

from ..engine import kernel as K
from ..engine.game import GameError, IllegalMove
from ..engine.options import Option
from ..i18n import Text, plural
from .race_rules import ABSENT, PIECES, POS


# -- the game side -----------------------------------------------------------------------
SEATED = "dice_lo dice_hi seat nplayers teams partner_plays places"   # the fields a four-seat game's tables begin with


def seated(game, dice_lo, dice_hi):
    """The fields SEATED of a game's tables: its dice (lowest and highest faces),
    each player's seat, the players, team play (partners opposite, and whether a finished
    player moves his partner's pieces) and the play for places (race_rules.load_players
    reads all but the dice)."""
    teams = bool(game.teams)
    return (np.array(dice_lo, np.int64), np.array(dice_hi, np.int64), np.array(game.seats, np.int64),
            game.players, int(teams), int(teams and game.opts.get("partner_plays", True)),
            int(game.opts["play_for_places"]))


PLAY_FOR_PLACES = Option("play_for_places", False, "after the winner the others play on for the places",
                         kind=bool, title="Play on for the places")
# -- teams (the family notes' proposal: partners opposite, a partner's piece is one's own for
# landing and is never captured, blocks stay one colour, the team wins when all its pieces are home)
TEAMS = Option("teams", "off", "partners sit opposite (players 1 and 3 against 2 and 4; on six seats 1 and 4, "
               "2 and 5, 3 and 6) and win together; a partner's piece is never captured and counts as one's own "
               "where a piece lands", ("off", "opposite"),
               title="Teams", names={"off": "each for himself", "opposite": "partners opposite"})
PARTNER_PLAYS = Option("partner_plays", True, "in team play a player whose pieces are all home goes on "
                       "rolling and moves his partner's pieces", kind=bool,
                       title="A finished player moves his partner's pieces")
FULL_ROLL = ("the dice must be used as fully as possible, and this move leaves a die unplayable "
             "where another play uses both")


def first_player_option(highest="sum", who="who starts"):
    """The first_player option: a roll-off (of the highest `highest`) or the first seat."""
    return Option("first_player", "rolloff", f"{who}: a roll-off (highest {highest}) or the first seat",
                  ("rolloff", "first"),
                  title="Who starts", names={"rolloff": "a roll-off", "first": "the first seat"})


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


def players_text(n):
    """"2 players" as a message says it, in every language."""
    return Text(plural("{count} player", "{count} players"), count=n)


def piece_rows(pieces, players, count, names):
    """Check that a position file's "pieces" lists every player with `count`
    places; yields (player, piece, value, where), `where` naming the piece for messages."""
    if not isinstance(pieces, list) or len(pieces) != players:
        raise GameError("pieces must list {players}, each with {places}", players=players_text(players),
                        places=Text(plural("{count} place", "{count} places"), count=count))
    for q, row in enumerate(pieces):
        if not isinstance(row, list) or len(row) != count:
            raise GameError(plural("player {player}: give exactly {count} place", "player {player}: give exactly {count} places"),
                            player=q, count=count)
        for k, value in enumerate(row):
            yield q, k, value, Text("player {player} piece {piece}", player=q, piece=names[k])


def start_places(arr, players, waiting, slots=4 * PIECES):
    """Every piece of the players in play waits off the board; the `slots` places from POS of absent
    players say so (a board of four seats has 16, a wide one 32: track_rules.pxd)."""
    arr[POS:POS + slots] = ABSENT
    arr[POS:POS + players * PIECES] = waiting
