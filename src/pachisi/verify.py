"""Fair dice you can check: re-derive every roll of a record from its seed.

A room of the web app keeps its dice seed secret while the match lasts and
shows, from the start, the commitment

    sha256("pachisi-dice:{seed}:{salt}:{terms}")     (hex; header [DiceCommit])

where the terms are the game, its number of players, its preset and its options as the record's headers
write them ("ludo|4|standard|start=six ..."): a record whose house rules were changed after the fact does
not verify.  (Rooms made before the terms were bound committed to sha256("pachisi-dice:{seed}:{salt}");
such records still verify as they are.)

When the match ends the record reveals the seed ([Seed]; round i of a match
plays seed + i - 1) and the salt ([DiceSalt]).  `verify_text` checks that the
commitment matches, that every move is legal (the record replays), that the
first player is the seed's roll-off, and that every roll is the one the
seed's stream gives at that point (State.next_roll).  `pachisi verify RECORD`
prints the report; the web app's verify page does the same in the browser.
"""
from dataclasses import asdict, dataclass, field, replace
import hashlib

from . import record as records
from .engine.game import GameError
from .i18n import Term, Text


def terms(game):
    """What a commitment binds besides the dice: the game, its players, preset and options."""
    return f"{game.name}|{game.players}|{game.preset}|{game.option_string()}"


def recorded_terms(headers):
    """The terms as a record's headers give them (the same text as terms() of the game that wrote them)."""
    return f"{headers.get('Game')}|{len(headers.get('Players', '').split(','))}|{headers.get('Preset')}|" \
           f"{headers.get('Options', '')}"


def commitment(seed, salt, game=None, bound=None):
    """The published hash that binds a room to its dice seed and its game's terms (`game`, or `bound`:
    the terms as text; neither: the older commitment, to the seed alone)."""
    bound = terms(game) if game is not None else bound
    tail = "" if bound is None else f":{bound}"
    return hashlib.sha256(f"pachisi-dice:{int(seed)}:{salt}{tail}".encode()).hexdigest()


@dataclass
class RollCheck:
    round: int
    line: int
    player: str
    dice: list
    expected: list
    ok: bool


@dataclass
class Report:
    ok: bool = True
    games: int = 0
    rolls: int = 0
    commitment: str = "absent"          # ok, mismatch, absent (no [DiceCommit]), unrevealed (no seed or salt)
    problems: list = field(default_factory=list)
    checked: list = field(default_factory=list)

    def fail(self, template, /, **values):
        """A problem found: an English template and its values (told in any language)."""
        self.ok = False
        self.problems.append(Text(template, **values))

    def as_dict(self, lang="en"):
        return asdict(replace(self, problems=[p.message(lang) for p in self.problems]))


WEB_SITE = "pachisi web"           # the [Site] of a web room's record: it always carries its commitment


def verify_text(text, budget=None):
    """The Report of a record (one game or a match).  `budget` (record.Budget) bounds the work of
    an uploaded record: BudgetError when it is exceeded, rather than a report."""
    report = Report()
    try:
        parsed = records.parse(text)
    except GameError as e:
        report.fail("{error}", error=e)
        return report
    if budget is not None:
        budget.admit(parsed)
    base = commit = salt = None
    games = []
    committed = any("DiceCommit" in rec.headers for rec in parsed)
    if not committed and any(rec.headers.get("Site") == WEB_SITE for rec in parsed):
        report.fail("the record says it is a web room's, but it has no [DiceCommit]: a web room's record always "
                    "carries the commitment to its dice, so without it the record cannot be verified")
    for i, rec in enumerate(parsed, 1):
        h = rec.headers
        report.games += 1
        label = Text("round {round}", round=h.get("Round", i)) if len(parsed) > 1 or "Round" in h else Term("the game")
        commit = commit or h.get("DiceCommit")
        salt = salt or h.get("DiceSalt")
        if "Seed" not in h:
            report.fail("{label}: the record does not reveal its dice seed (is the game over?)", label=label)
            continue
        try:
            seed = int(h["Seed"])
            round_no = int(h.get("Round", i))
        except ValueError:
            report.fail("{label}: [Seed] and [Round] must be whole numbers", label=label)
            continue
        if base is None:
            base = seed - (round_no - 1)
        elif seed != base + round_no - 1:
            report.fail("{label}: seed {seed} is not the match's seed {base} + {later}", label=label, seed=seed,
                        base=base, later=round_no - 1)
        if committed and "Position" in h:
            report.fail("{label}: a record with a dice commitment starts from the game's first position; "
                        "a [Position] header is not allowed in it", label=label)
            continue
        checks = []

        def check(number, name, state, dice, round_no=round_no, checks=checks):
            expected = list(state.next_roll())
            checks.append(RollCheck(round_no, number, name, list(dice), expected, list(dice) == expected))

        try:
            start, final = records.replay(rec, budget, check)
        except records.BudgetError:
            raise
        except GameError as e:
            report.fail("{label}: {error}", label=label, error=e)
            continue
        games.append((rec, start, final))
        if "Position" not in h and round_no == 1:
            fresh = start.game.new_state(seed=seed)
            if fresh.current_player != start.current_player:
                name = start.game.player_name
                report.fail("{label}: {first} started, but the seed's roll-off gives {expected}", label=label,
                            first=Term(name(start.current_player)), expected=Term(name(fresh.current_player)))
        if committed and not final.is_over:
            report.fail("{label} is unfinished: a web room reveals its seed only when its game or match is over",
                        label=label)
        _add_rolls(report, checks, label)
    if len(games) == len(parsed):
        _check_match(report, games)
    if commit is None:
        report.commitment = "absent"
    elif base is None or salt is None:
        report.commitment = "unrevealed"
        report.fail("the record does not reveal the seed and salt of its commitment")
    elif commit.lower().removeprefix("sha256:") in (commitment(base, salt),
                                                     commitment(base, salt, bound=recorded_terms(parsed[0].headers))):
        report.commitment = "ok"            # bound to the record's terms (or, an older room, to the seed)
    else:
        report.commitment = "mismatch"
        report.fail("the commitment {commit} is not sha256 of seed {base} and salt {salt}", commit=commit, base=base,
                    salt=salt)
    return report


def _check_match(report, games):
    """A match's rules (who starts each game, nothing after it is won), and that it was played out."""
    try:
        match = records.match_of(games)
    except GameError as e:
        report.fail("the match: {error}", error=e)
        return
    if match is not None and not match.over:
        report.fail("the match is unfinished: it is played to {wins} wins, and the score is {score}",
                    wins=match.wins, score=match.score_text())


def _add_rolls(report, checks, label):
    for check in checks:
        report.rolls += 1
        report.checked.append(check)
        if not check.ok:
            report.fail("{label}, line {number}: {name} rolled {dice}, but the seed gives {expected}", label=label,
                        number=check.line, name=check.player, dice="-".join(map(str, check.dice)),
                        expected="-".join(map(str, check.expected)))


def summary(report):
    """A few lines for people."""
    lines = [f"{report.games} game(s), {report.rolls} roll(s) re-derived from the seed"]
    lines.append({"ok": "commitment: matches the revealed seed and salt",
                  "mismatch": "commitment: DOES NOT match the revealed seed and salt",
                  "absent": "commitment: none in the record (not a web room's record)",
                  "unrevealed": "commitment: seed or salt not revealed"}[report.commitment])
    lines += [f"problem: {p}" for p in report.problems]
    lines.append("verified: every roll is the seed's" if report.ok else "NOT verified")
    return "\n".join(lines)
