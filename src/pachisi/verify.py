"""Fair dice you can check: re-derive every roll of a record from its seed.

A room of the web app keeps its dice seed secret while the match lasts and
shows, from the start, the commitment

    sha256("pachisi-dice:{seed}:{salt}")     (hex; header [DiceCommit])

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


def commitment(seed, salt):
    """The published hash that binds a room to its dice seed."""
    return hashlib.sha256(f"pachisi-dice:{int(seed)}:{salt}".encode()).hexdigest()


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


def verify_text(text):
    """The Report of a record (one game or a match)."""
    report = Report()
    try:
        parsed = records.parse(text)
    except GameError as e:
        report.fail("{error}", error=e)
        return report
    base = commit = salt = None
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
        try:
            start, final = records.replay(rec)
        except GameError as e:
            report.fail("{label}: {error}", label=label, error=e)
            continue
        if "Position" not in h and round_no == 1:
            fresh = start.game.new_state(seed=seed)
            if fresh.current_player != start.current_player:
                name = start.game.player_name
                report.fail("{label}: {first} started, but the seed's roll-off gives {expected}", label=label,
                            first=Term(name(start.current_player)), expected=Term(name(fresh.current_player)))
        _check_rolls(report, rec, start.clone(), round_no, label)
    if len(parsed) > 1 or "Match" in parsed[0].headers:
        try:
            records.load_match(text)
        except GameError as e:
            report.fail("the match: {error}", error=e)
    if commit is None:
        report.commitment = "absent"
    elif base is None or salt is None:
        report.commitment = "unrevealed"
        report.fail("the record does not reveal the seed and salt of its commitment")
    elif commitment(base, salt) == commit.lower().removeprefix("sha256:"):
        report.commitment = "ok"
    else:
        report.commitment = "mismatch"
        report.fail("the commitment {commit} is not sha256 of seed {base} and salt {salt}", commit=commit, base=base,
                    salt=salt)
    return report


def _check_rolls(report, rec, state, round_no, label):
    for number, name, tokens in rec.turns:
        for token in tokens:
            m = records.DICE.match(token)
            if not m:
                state.push(token)
                continue
            dice = [int(d) for d in m.group(1).split("-")]
            expected = list(state.next_roll())
            ok = dice == expected
            report.rolls += 1
            report.checked.append(RollCheck(round_no, number, name, dice, expected, ok))
            if not ok:
                report.fail("{label}, line {number}: {name} rolled {dice}, but the seed gives {expected}", label=label,
                            number=number, name=name, dice="-".join(map(str, dice)),
                            expected="-".join(map(str, expected)))
            state.set_dice(tuple(dice))


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
