"""A game's events as its log tells them, the same in the terminal and on the web page: each a message of the
catalogue (its key, "ev.captured") with its values, for a front end to say in its reader's language.

An event says what happened; a person also wants to hear why ("rolls again: for the capture", "the third six
in a row: the roll does not count"), and that follows from the turn so far: its roll, the events before, the
run of sixes or doubles it is in.  A Teller follows a game's turns and keeps that context, so each action's
story is complete on its own and no front end works a reason out again.

A story is a dict: `kind` (the event's), `say` (the message key) and the message's values.  The values `who`,
`by`, `caller` and `partner` are players (said by their colour: "Red"), `whose` a player as an owner
("Red's"), `why` and `what` message keys (said with the same values), a list under `a` dice said together
("the 3 and the 1"); the rest are said as they are.
"""
from __future__ import annotations

from typing import Any

QUIET = frozenset({"moved", "house", "pass", "fence"})     # told by the move itself and by whose turn it is


class Teller:
    """Follows the turns of one game (a new Teller for each game of a match) and tells each action's events."""

    __slots__ = ("game", "top", "player", "dice", "seen", "run", "hit")

    def __init__(self, game, saved=None):
        self.game = game
        ranges = game.dice_ranges()
        self.top = ranges[0][1] if ranges else 6
        self._open(None)
        if saved:
            self._load(saved)

    def _open(self, player):
        """A turn of `player`'s with no roll yet, in no run."""
        self.player, self.dice, self.seen, self.run, self.hit = player, (), [], 0, False

    def _load(self, saved):
        self.player, dice, seen, self.run, self.hit = saved
        self.dice, self.seen = tuple(dice), [tuple(x) for x in seen]

    def saved(self) -> list[Any]:
        """What the teller knows of the turn, as JSON (a room's snapshot); Teller(game, saved) goes on from it."""
        return [self.player, list(self.dice), [list(x) for x in self.seen], self.run, self.hit]

    def roll(self, player, dice, events) -> list[dict[str, Any]]:
        """A roll of `player`'s: it opens a turn, one more in a run when the player rolled a six (a double) just
        before and again now."""
        dice = tuple(int(d) for d in dice)
        hit = bool(dice) and (dice[0] == self.top if len(dice) == 1 else _double(dice))
        self.run = self.run + 1 if hit and self.hit and self.player == player else 1 if hit else 0
        self.player, self.dice, self.seen, self.hit = player, dice, [], hit
        return self._tell(events)

    def move(self, player, events, move_story=None) -> list[dict[str, Any]]:
        """A move of `player`'s (a move with no roll before it, a fence's, opens a turn of its own);
        `move_story`: the move as Game.move_story tells it, whose words already say a piece brought out."""
        if player != self.player:
            self._open(player)
        return self._tell(events, move_story)

    def resign(self):
        """A player gave up: the next roll opens a new run."""
        self._open(None)

    def peek(self, player, events, move_story=None) -> list[dict[str, Any]]:
        """What a move would be told as, the turn left as it is (a list of the moves to choose from)."""
        saved = self.saved()
        try:
            return self.move(player, events, move_story)
        finally:
            self._load(saved)

    # -- telling -----------------------------------------------------------------------------------
    def _tell(self, events, move_story=None):
        out_by_move = bool(move_story) and bool(move_story.get("steps") or move_story.get("say") in
                                                ("log.out", "log.place"))
        self.seen.extend((e.kind, int(e.player), int(e.b)) for e in events)     # a bonus's reason may come after it
        told = []
        for e in events:
            kind = e.kind
            if kind in QUIET or kind == "entered" and out_by_move:
                continue
            if kind == "burned" and told and told[-1]["kind"] == "burned":
                told[-1]["a"].append(int(e.a))          # dice lost together are told together
                continue
            if kind == "won" and told and told[-1]["kind"] == "won" and told[-1]["a"] == int(e.a) \
                    and self.game.partner(told[-1]["who"]) == int(e.player):
                first = told[-1]                        # partners placed together: one sentence, "Red and Yellow win!"
                first.update(say="ev.won.team.first" if e.a == 1 else "ev.won.team",
                             who=min(first["who"], int(e.player)), partner=max(first["who"], int(e.player)))
                continue
            told.append(self._story(e))
        for s in told:
            if s["kind"] == "burned":
                self._burned(s)
        return told

    def _story(self, e):
        kind, player, a = e.kind, int(e.player), int(e.a)
        piece = self.game.piece_names[e.piece] if 0 <= e.piece < len(self.game.piece_names) else str(e.piece)
        base = {"kind": kind, "who": player, "whose": player, "piece": piece, "a": a}
        story = self.game.story
        if kind == "captured":
            return {"kind": kind, "say": "ev.captured", "by": int(e.b), "whose": player, "piece": piece}
        if kind == "extra_roll":
            why = self._why_again(player)
            return {"kind": kind, "say": "ev.extra_roll.why", "who": player, "why": why} if why else \
                {"kind": kind, "say": "ev.extra_roll", "who": player}
        if kind == "burned":
            return {"kind": kind, "say": "ev.burned", "a": [a]}
        if kind == "bonus":
            why = ("why.bonus.capture" if self._did("captured", player) else
                   "why.bonus.home" if self._did("finished", player) else None)
            return dict(base, say="ev.bonus.why", why=why) if why else dict(base, say="ev.bonus")
        if kind == "penalty":
            why = {"why": "why.penalty.missed", "caller": int(e.b)} if story["penalty"] == "missed" else \
                {"why": f"why.penalty.{story['penalty']}"}
            return dict(base, say="ev.penalty.lockup" if story["penalty_to"] == "lockup" else "ev.penalty", **why)
        if kind == "won":
            return dict(base, say="ev.won.first" if a == 1 else "ev.won")
        if kind == "claim":
            return {"kind": kind, "say": "ev.claim", "who": player, "caller": a}
        return dict(base, say=f"ev.{kind}")

    def _burned(self, s):
        """The dice lost; a third six (double) in a row that does not count says so."""
        if self.run >= 3 and self.game.story["void_runs"]:
            s.update(say="ev.burned.void", n=self.run, what="why.doubles" if _double(self.dice) else "why.sixes")
        elif len(s["a"]) > 1:
            s["say"] = "ev.burned.many"

    def _did(self, kind, player):
        """Whether `player` captured (captured: the capturer is the event's b) or brought a piece home this turn."""
        return any(k == kind and (b if kind == "captured" else p) == player for k, p, b in self.seen)

    def _why_again(self, player):
        if self._did("captured", player):
            return "why.capture"
        if self._did("finished", player):
            return "why.home"
        if self.hit:
            return "why.double" if len(self.dice) > 1 else "why.six"
        return None


def _double(dice):
    return len(dice) > 1 and all(d == dice[0] for d in dice)
