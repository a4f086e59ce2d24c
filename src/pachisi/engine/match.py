"""Matches: games played until a player (in team play, a team) has won `wins` of them (a game that is
played to two wins says so: Game.match_wins).  The first game starts by the roll-off; every further
game is started by the player after the one who started the game before."""
from ..i18n import Term
from .game import GameError


class Match:
    def __init__(self, game, wins=None, seed=0):
        wins = game.match_wins if wins is None else wins
        if not isinstance(wins, int) or wins < 1:
            raise GameError("a match is played to at least one win, not {wins!r}", wins=wins)
        self.game = game
        self.wins = wins
        self.seed = seed
        self.rounds = []            # (start state, final state) of every game so far
        self.score = [0] * game.players

    @property
    def over(self):
        return max(self.score) >= self.wins

    @property
    def winner(self):
        return self.score.index(max(self.score)) if self.over else None

    def next_first_player(self):
        if not self.rounds:
            return None                      # the roll-off of the first game's seed
        return (self.rounds[-1][0].current_player + 1) % self.game.players

    def new_game(self):
        """The next game's starting state; game i uses seed + i."""
        if self.over:
            raise GameError("the match is over")
        return self.game.new_state(seed=self.seed + len(self.rounds), first_player=self.next_first_player())

    def add(self, start, final):
        """A game of the match has been played from start to final."""
        if not final.is_over:
            raise GameError("only a finished game counts in a match")
        expected = self.next_first_player()
        if expected is not None and start.current_player != expected:
            name = self.game.player_name
            raise GameError("game {number} must be started by {expected}, not {first}", number=len(self.rounds) + 1,
                            expected=Term(name(expected)), first=Term(name(start.current_player)))
        self.rounds.append((start, final))
        for p in {final.winner, self.game.partner(final.winner)} - {None}:     # a team's win is both partners'
            self.score[p] += 1

    def score_text(self):
        return ", ".join(f"{self.game.player_name(p)} {w}" for p, w in enumerate(self.score))
