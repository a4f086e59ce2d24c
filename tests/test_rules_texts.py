"""Every game's rules are written in English (docs/games/<game>.md) and in
Russian (docs/games/ru/<game>.md), for the web app's rules pages.  The two
texts must say the same: the Russian keeps the English's structure, every
`code span` (options, notation, squares, files) and every number."""
from pathlib import Path
import re

import pytest

from pachisi.games import GAMES

DOCS = Path(__file__).resolve().parents[1] / "docs" / "games"


def _outline(text):
    """The headings' levels and the number of list items and table rows under each."""
    out = []
    for line in text.splitlines():
        stripped = line.lstrip()
        if line.startswith("#"):
            out.append([line.split(" ")[0], 0, 0])
        elif out and re.match(r"([-*]|\d+\.) ", stripped):
            out[-1][1] += 1
        elif out and stripped.startswith("|"):
            out[-1][2] += 1
    return out


def _code_and_numbers(text):
    """The code spans and blocks, and the numbers of the prose.  A command shown as the Russian reader runs
    it (`pachisi --lang ru ...`) is the same command, and what it prints is in the page's language: the
    docs examples test checks that output against the command itself."""
    text = re.sub(r"(```sh\n[^`]*?)pachisi --lang ru ", r"\1pachisi ", text)
    text = re.sub(r"(```sh\n[^`]*?```\s*)```text\n.*?```", r"\1", text, flags=re.S)
    blocks = re.findall(r"```.*?```", text, re.S)
    text = re.sub(r"```.*?```", " ", text, flags=re.S)
    code = set(re.findall(r"`([^`]+)`", text)) | set(blocks)
    prose = re.sub(r"`[^`]+`", " ", text)
    return code, set(re.findall(r"\d+(?:[.,]\d+)?", prose))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_russian_rules_say_what_the_english_say(name):
    english = (DOCS / f"{name}.md").read_text(encoding="utf-8")
    russian = (DOCS / "ru" / f"{name}.md").read_text(encoding="utf-8")
    assert _outline(russian) == _outline(english)
    code_en, numbers_en = _code_and_numbers(english)
    code_ru, numbers_ru = _code_and_numbers(russian)
    assert code_en <= code_ru, f"code spans missing in Russian: {sorted(code_en - code_ru)}"
    assert numbers_en <= numbers_ru, f"numbers missing in Russian: {sorted(numbers_en - numbers_ru)}"
