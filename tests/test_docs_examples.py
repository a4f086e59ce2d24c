"""Every code block of the README and the docs runs: Python blocks are run
(a `print(...)  # text` line must print the start of its comment), `pachisi`
commands that answer offline and quickly are run through the CLI, and every
JSON block that is a position loads."""
import contextlib
import io
import json
import os
from pathlib import Path
import re
import shlex

from markdown_it import MarkdownIt
import pytest
from typer.testing import CliRunner

from pachisi import load_position
from pachisi.cli import app

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
QUICK = {"rules", "moves", "replay", "verify"}       # commands that answer offline in a moment


def blocks(language):
    """(file:line, code) of every fenced block in `language` of the docs."""
    for path in DOCS:
        for token in MarkdownIt().parse(path.read_text(encoding="utf-8")):
            if token.type == "fence" and token.info.strip() == language:
                yield pytest.param(token.content, id=f"{path.relative_to(ROOT)}:{token.map[0] + 1}")


def commands():
    """The quick `pachisi ...` lines of the shell blocks whose files are in the repository
    (`pachisi replay` of the reader's own record is left out)."""
    for param in blocks("sh"):
        for line in param.values[0].replace("\\\n", " ").splitlines():     # a command continued with \
            line = line.split("  #")[0].strip()
            if not line.startswith("pachisi "):
                continue
            args = shlex.split(line)[1:]
            files = [a for a in args if a.endswith((".txt", ".json"))]
            if args and args[0] in QUICK and all((ROOT / f).exists() for f in files):
                yield pytest.param(args, id=f"{param.id}: {' '.join(args)}")


@pytest.fixture(autouse=True)
def at_the_root():
    """Paths in the docs are written from the repository's root."""
    here = os.getcwd()
    os.chdir(ROOT)
    yield
    os.chdir(here)


@pytest.mark.parametrize("code", list(blocks("python")))
def test_python_blocks_run_and_print_what_they_say(code):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "<docs>", "exec"), {"__name__": "__docs__"})
    printed = out.getvalue().splitlines()
    said = [m.group(1).strip() for m in re.finditer(r"^\s*print\(.*\)\s+# (.*)$", code, re.M)]
    at = 0                                       # each comment matches a later printed line than the last
    for expected in said:
        found = next((i for i in range(at, len(printed)) if printed[i] and expected.startswith(printed[i])), None)
        assert found is not None, (expected, printed[at:])
        at = found + 1


@pytest.mark.parametrize("args", list(commands()))
def test_shell_examples_answer(args):
    r = CliRunner().invoke(app, args)
    legal_or_not = "--try" in args and r.exit_code == 1
    assert r.exit_code == 0 or legal_or_not, r.output
    assert "error" not in r.output.lower(), r.output


@pytest.mark.parametrize("text", list(blocks("json")))
def test_json_positions_load(text):
    data = json.loads(text)
    if isinstance(data, dict) and "pieces" in data:
        load_position(data)


def test_the_runner_finds_the_examples():
    assert len(list(blocks("python"))) >= 6 and len(list(commands())) >= 6


def test_the_docs_stand_on_their_own():
    """No path outside the repository, no section of a file it does not hold."""
    texts = [*DOCS, *(ROOT / "src" / "pachisi").rglob("*.py"), *(ROOT / "src" / "pachisi").rglob("*.pyx"),
             *(ROOT / "src" / "pachisi").rglob("*.pxd"), *(ROOT / "src" / "pachisi" / "web" / "static").rglob("*.js")]
    found = [f"{p.relative_to(ROOT)}: {word}" for p in texts for word in ("shared/", "rules.md", "§")
             if word in p.read_text(encoding="utf-8")]
    assert not found


def test_the_package_docstring_example_runs():
    import doctest

    import pachisi
    assert doctest.testmod(pachisi).failed == 0
