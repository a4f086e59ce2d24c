"""Fair dice you can check: `pachisi verify RECORD` re-derives every roll of a
finished room's record from its revealed seed and checks the commitment; a
changed roll, seed or commitment is caught."""
import re

import pytest
from typer.testing import CliRunner

from pachisi import make_game, record as records
from pachisi.cli import app
from pachisi.verify import commitment, verify_text

runner = CliRunner()
SEED, SALT = 123456789, "00ff" * 8


def finished_record(game="shishbesh", players=2, seed=SEED, salt=SALT, reveal=True, bound=True, **options):
    """A record as a web room writes it: first legal move every time, dice from the seed, the commitment
    bound to the game's terms (`bound`; else as rooms made before that committed, to the seed alone)."""
    g = make_game(game, players, options=options or None)
    state = g.new_state(seed)
    start = state.clone()
    while not state.is_over:
        if state.is_chance:
            state.roll()
        else:
            state.push(state.legal_moves()[0])
    extra = {"DiceCommit": commitment(seed, salt, g if bound else None)}
    if reveal:
        extra["DiceSalt"] = salt
    headers = records.headers_for(state, ["a", "b", "c", "d"][:players], extra=extra)
    if not reveal:
        headers.pop("Seed")
    return records.write(state, headers, start=start)


@pytest.fixture(scope="module")
def text():
    return finished_record()


def test_a_finished_rooms_record_verifies(text, tmp_path):
    report = verify_text(text)
    assert report.ok and report.commitment == "ok" and report.rolls > 20 and not report.problems
    path = tmp_path / "game.txt"
    path.write_text(text, encoding="utf-8")
    r = runner.invoke(app, ["verify", str(path)])
    assert r.exit_code == 0, r.output
    assert "every roll is the seed's" in r.output and "matches" in r.output


def test_a_changed_roll_is_caught(text, tmp_path):
    lines = text.splitlines()
    # change the first roll to another that keeps the game legal: the next-roll check names its line
    def all_burned(line):          # a roll without a six or a double: every die burned, the turn passed
        m = re.match(r"^\d+\. \w+ \[(\d)-(\d)\]$", line)
        return m and m.group(1) != m.group(2) and "6" not in m.group(0)
    i = next(k for k, line in enumerate(lines) if all_burned(line))
    d = re.search(r"\[(\d)-(\d)\]", lines[i])
    a, b = int(d.group(1)), int(d.group(2))
    other = next((x, y) for x in range(1, 6) for y in range(1, 6) if x != y and (x, y) != (a, b) and 6 not in (x, y)
                 and x != a)
    lines[i] = lines[i].replace(d.group(0), f"[{other[0]}-{other[1]}]")
    bad = "\n".join(lines) + "\n"
    report = verify_text(bad)
    assert not report.ok
    assert any(f"line {i + 1}" in str(p) for p in report.problems)
    path = tmp_path / "bad.txt"
    path.write_text(bad, encoding="utf-8")
    r = runner.invoke(app, ["verify", str(path)])
    assert r.exit_code == 1 and "NOT verified" in r.output


def test_a_wrong_commitment_or_seed_is_caught(text):
    game = make_game("shishbesh", 2)
    bad = text.replace(commitment(SEED, SALT, game), commitment(SEED + 1, SALT, game))
    report = verify_text(bad)
    assert not report.ok and report.commitment == "mismatch"
    other_seed = finished_record(seed=SEED + 1)
    forged = other_seed.replace(commitment(SEED + 1, SALT, game), commitment(SEED, SALT, game))
    assert verify_text(forged).commitment == "mismatch"


def test_an_unrevealed_record_is_not_verified():
    report = verify_text(finished_record(reveal=False))
    assert not report.ok and report.commitment == "unrevealed"


def test_a_record_without_commitment_still_has_its_rolls_checked():
    g = make_game("shishbesh", 2)
    state = g.new_state(5)
    start = state.clone()
    for _ in range(10):
        state.roll() if state.is_chance else state.push(state.legal_moves()[0])
    text = records.write(state, records.headers_for(state, ["a", "b"]), start=start)
    report = verify_text(text)
    assert report.commitment == "absent" and report.ok and report.rolls >= 5


def test_verify_reports_json_and_unreadable_files(text, tmp_path):
    path = tmp_path / "g.txt"
    path.write_text(text, encoding="utf-8")
    r = runner.invoke(app, ["verify", "--json", str(path)])
    assert r.exit_code == 0 and '"commitment": "ok"' in r.output
    r = runner.invoke(app, ["verify", str(tmp_path / "missing.txt")])
    assert r.exit_code == 2 and "cannot read" in r.output
    (tmp_path / "junk.txt").write_text("no record here\n", encoding="utf-8")
    r = runner.invoke(app, ["verify", str(tmp_path / "junk.txt")])
    assert r.exit_code == 1


def test_the_commitment_binds_the_house_rules_and_an_older_record_verifies_as_it_is():
    text = finished_record("ludo", 2, capture_roll=False)
    assert verify_text(text).commitment == "ok" and verify_text(text).ok
    changed = text.replace("capture_roll=false", "capture_roll=true")       # a house rule changed after the game
    assert changed != text
    report = verify_text(changed)
    assert report.commitment == "mismatch" and not report.ok
    older = finished_record("ludo", 2, bound=False, capture_roll=False)     # committed to the seed alone
    assert verify_text(older).commitment == "ok" and verify_text(older).ok


def test_the_record_budget_counts_cpu_time_not_the_clock():
    """A busy machine (here: a worker asleep) does not make a legal record too long; work does."""
    import time
    budget = records.Budget(seconds=0.05)
    budget.admit([])
    time.sleep(0.2)                     # no CPU spent: the budget holds
    budget.step()
    began = time.process_time()
    with pytest.raises(records.BudgetError, match="more than 0.05 s"):
        while time.process_time() - began < 5:
            budget.step()
