"""Every code block of the README and the docs runs: Python blocks are run
(a `print(...)  # text` line must print the start of its comment), every
`pachisi` command of a shell block is run through the CLI (NOT_RUN lists the
few that are not, with the reason; long runs are run with fewer games) and
prints the lines of the ```text block shown after it, and every JSON block
that is a position loads."""
import contextlib
import io
import json
import os
from pathlib import Path
import re
import shlex
import subprocess
import sys

from markdown_it import MarkdownIt
import pytest
from typer.testing import CliRunner

from pachisi import load_position
from pachisi.cli import app

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
# Commands the docs show that are not run here, each with its reason.
NOT_RUN = {
    "play": "plays interactively: it waits for a person at the keyboard (tests/test_cli.py and "
            "tests/test_cli_play.py drive it with bots and typed input)",
    "serve": "starts the web server, which runs until it is stopped (the tests/test_web_*.py start it)",
}
TEMPLATE = re.compile(r"\b(GAME|levelK|N)\b")        # a command written with placeholders, not one to run
# Commands shown with the counts of a long run (a ladder's 400 games, 10**8 simulated ones) run here with
# fewer: the same command, options and files, at most these many games of each kind; `bench` measures
# for a moment. The figures the docs give come from the full runs.
FEWER = {"-n": 2000, "--greedy": 20, "--level5": 1, "--seconds": 0.2}
FEWER_GAMES = {"tournament": 2}          # -n of a tournament: searching bots think for every move
DEFAULTS = {"fairness": ["-n", "2000", "--greedy", "20", "--level5", "1"], "bench": ["--seconds", "0.2"]}
WRITES = {"--plot", "--out", "--parquet"}              # a file the command writes: made in the test's folder instead
EXAMPLES_NOT_RUN = {
    "examples/ludo_td.py": "trains for about two CPU-minutes (its output is kept in examples/ludo_td_output.txt)",
    "examples/ludo_ppo.py": "trains with PyTorch (the rl-example extra, not the test one) for up to an hour of "
                            "CPU (its output is kept in examples/ludo_ppo_output.txt, its curve in "
                            "examples/ludo_ppo_curve.json)",
}


def blocks(language):
    """(file:line, code) of every fenced block in `language` of the docs."""
    for path in DOCS:
        for token in MarkdownIt().parse(path.read_text(encoding="utf-8")):
            if token.type == "fence" and token.info.strip() == language:
                yield pytest.param(token.content, id=f"{path.relative_to(ROOT)}:{token.map[0] + 1}")


def command_blocks():
    """Every shell block of the docs that shows a `pachisi` command (or runs an example with the
    project's Python), with the output shown right after it in a ```text block, if any: (id, lines, shown)."""
    for path in DOCS:
        tokens = [t for t in MarkdownIt().parse(path.read_text(encoding="utf-8")) if t.type == "fence"]
        for i, token in enumerate(tokens):
            if token.info.strip() not in ("sh", ""):
                continue
            lines = [command_line(line) for line in token.content.replace("\\\n", " ").splitlines()]
            lines = [line for line in lines if line]
            if not lines:
                continue
            after = tokens[i + 1] if i + 1 < len(tokens) else None
            shown = after.content if after is not None and after.info.strip() == "text" \
                and after.map[0] <= token.map[1] + 4 else None
            yield pytest.param(lines, shown, id=f"{path.relative_to(ROOT)}:{token.map[0] + 1}")


def command_line(line):
    """The command of a shell line without its comment, prompt and environment settings: a `pachisi`
    command or `.venv/bin/python examples/...`; None for any other line."""
    line = line.split("  #")[0].strip().removeprefix("$ ")
    if not re.match(r"^(?:[A-Z_]+=\S+\s+)*(?:pachisi|\.venv/bin/python)\s", line):
        return None
    words = shlex.split(line)
    while words and re.match(r"^[A-Z_]+=", words[0]):
        words = words[1:]
    if words and (words[0] == "pachisi" or words[0] == ".venv/bin/python" and words[1:2]
                  and words[1].startswith("examples/")):
        return words
    return None


def reason_not_run(words):
    """Why a command is not run here (NOT_RUN, a template, a long example), or None."""
    if words[0] != "pachisi":
        return EXAMPLES_NOT_RUN.get(words[1])
    if TEMPLATE.search(" ".join(words)):
        return "a template: GAME, K and N stand for values"
    command = next((w for w in words[1:] if not w.startswith("-")), None)
    if command == "tournament" and "kimbo" in words and "level5" in " ".join(words):
        return ("a Kimbo game of level 5 (a second's search a move over thousands of fence moves a turn) "
                "takes about a CPU-minute; level 5 runs here in the other games' ladders")
    return NOT_RUN.get(command)


def runnable(words, folder):
    """The arguments to run a `pachisi` command with here: fewer games (FEWER), the files it writes
    and a record of the reader's own (a path that is not in the repository) in `folder`, and no
    shell redirection."""
    if ">" in words:
        words = words[:words.index(">")]
    args, command = [], None
    for i, word in enumerate(words[1:]):
        before = args[-1] if args else None
        if command is None and not word.startswith("-") and before not in ("--lang",):
            command = word
        if before in FEWER and not word.startswith("-"):
            cap = FEWER_GAMES.get(command, FEWER[before]) if before == "-n" else FEWER[before]
            word = str(min(type(cap)(word), cap))
        elif before in WRITES:
            word = str(folder / Path(word).name)
        elif word.endswith(".txt") and not (ROOT / word).exists():
            word = str(reader_record(folder / Path(word).name))
        args.append(word)
    given = set(args)
    for option, value in zip(DEFAULTS.get(command, [])[::2], DEFAULTS.get(command, [])[1::2]):
        if option not in given:
            args += [option, value]
    return args


def reader_record(path):
    """A finished game's record at `path` (a record the docs suppose the reader has), made once."""
    if not path.exists():
        from pachisi import make_game, record
        from pachisi.bots import make_bot
        state = make_game("shishbesh", 2).new_state(seed=7)
        start, bots = state.clone(), [make_bot("greedy", 1), make_bot("random", 2)]
        while not state.is_over:
            state.roll() if state.is_chance else state.push(bots[state.current_player].choose(state))
        path.write_text(record.write(state, record.headers_for(state, ["greedy", "random"]), start=start),
                        encoding="utf-8")
    return path


def check_shown(output, shown, where):
    """Each line of the output the docs show is a line of the output, in the same order."""
    lines = [line.rstrip() for line in output.splitlines()]
    at = 0
    for expected in (line.rstrip() for line in shown.splitlines() if line.strip()):
        found = next((i for i in range(at, len(lines)) if lines[i] == expected), None)
        assert found is not None, f"{where}: the docs show {expected!r}; the output is\n{output}"
        at = found + 1


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


@pytest.mark.parametrize("lines, shown", list(command_blocks()))
def test_every_command_in_the_docs_runs_and_prints_what_they_show(lines, shown, tmp_path):
    """Every command a shell block shows runs (those NOT_RUN say why), in order, and prints the lines
    of the ```text block after it."""
    ran = []
    for words in lines:
        if reason_not_run(words):
            continue
        if words[0] == "pachisi":
            r = CliRunner().invoke(app, runnable(words, tmp_path))
            output, code = r.output, r.exit_code
            refused = "--try" in words and code == 1 and "illegal" in output
            assert code == 0 and "error" not in output.lower() or refused, (words, output)
        else:
            env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT / "src"),
                                                                              os.environ.get("PYTHONPATH")]))}
            r = subprocess.run([sys.executable, *words[1:]], cwd=ROOT, env=env, capture_output=True, text=True,
                               timeout=600)
            output = r.stdout
            assert r.returncode == 0, (words, r.stderr)
        ran.append(output)
    if shown is not None:
        assert ran, "a block whose output is shown runs"
        check_shown(ran[-1], shown, " ".join(lines[-1]))


def test_what_is_not_run_is_only_what_cannot_be():
    """The commands left out are the interactive, serving, template and long-training ones."""
    left_out = [" ".join(w) for param in command_blocks() for w in param.values[0] if reason_not_run(w)]
    assert all(w.split()[1] in NOT_RUN or w.split()[1] in EXAMPLES_NOT_RUN or TEMPLATE.search(w)
               or w.startswith("pachisi tournament --game kimbo --bots level5") for w in left_out), left_out
    run = [w for param in command_blocks() for w in param.values[0] if not reason_not_run(w)]
    assert {w[1] for w in run if w[0] == "pachisi"} >= {"rules", "moves", "simulate", "fairness", "replay", "bench",
                                                         "tournament", "verify"}


@pytest.mark.parametrize("text", list(blocks("json")))
def test_json_positions_load(text):
    data = json.loads(text)
    if isinstance(data, dict) and "pieces" in data:
        load_position(data)


def test_the_runner_finds_the_examples():
    assert len(list(blocks("python"))) >= 6 and len(list(command_blocks())) >= 20


def test_every_link_in_the_docs_leads_to_a_file_there():
    """A relative link names a file or folder of the repository (web links and anchors aside)."""
    broken = []
    for path in DOCS:
        for token in MarkdownIt().parse(path.read_text(encoding="utf-8")):
            for child in token.children or ():
                href = child.attrGet("href") if child.type == "link_open" else None
                if href and not re.match(r"^[a-z]+:|^#", href):
                    target = (path.parent / href.split("#")[0]).resolve()
                    if not target.exists():
                        broken.append(f"{path.relative_to(ROOT)}: {href}")
    assert not broken


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
