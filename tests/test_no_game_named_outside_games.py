"""Outside games/ no code names a game (issue #22): the CLI, the web server and page, the terminal, the
bots, rl/ and the engine read what the games declare.  The names are every built-in game's name, aliases
and title, in any case; the catalogue (locale/) says the games' names, and comments and docstrings may
give a game as an example, so only code is read: Python without its comments and docstrings, JavaScript
and CSS without their comments, HTML as it is.  One game shares the project's name (Pachisi): that word is
the package, the program and the site everywhere outside games/, so it is the one name not looked for (its
other names are)."""
import ast
import io
import pathlib
import re
import tokenize

import pachisi
from pachisi.games import BUILT_IN, GAMES

SRC = pathlib.Path(pachisi.__file__).parent
NAMES = sorted({n.lower() for name, (aliases, presets) in BUILT_IN.items()
                for n in (name, GAMES[name].title, *aliases, *presets)} - {pachisi.__name__}, key=len, reverse=True)
NAMED = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, NAMES)) + r")(?![\w-])", re.IGNORECASE)


def _python_code(text):
    """The source's tokens but its comments and docstrings."""
    docstrings = {(node.body[0].value.lineno, node.body[0].value.col_offset)
                  for node in ast.walk(ast.parse(text))
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body
                  and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)
                  and isinstance(node.body[0].value.value, str)}
    out = []
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type == tokenize.COMMENT or (tok.type == tokenize.STRING and tok.start in docstrings):
            continue
        out.append((tok.start[0], tok.string))
    return out


def _script_code(text):
    """JavaScript or CSS without its comments (a // inside a string or a URL is kept)."""
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    return [(i, re.sub(r"(^|[^:\"'`\\w])//.*", r"\1", line)) for i, line in enumerate(text.splitlines(), 1)]


def _code(path):
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".py":
        return _python_code(text)
    if path.suffix in (".pyx", ".pxd"):          # Cython: its docstrings and comments out by pattern
        text = re.sub(r'""".*?"""', lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
        return [(i, line.split("#", 1)[0]) for i, line in enumerate(text.splitlines(), 1)]
    if path.suffix in (".js", ".css"):
        return _script_code(text)
    return list(enumerate(text.splitlines(), 1))


def test_no_code_outside_the_games_names_a_game():
    assert len(NAMES) > 20 and "ludo" in NAMES and "шиш-беш" in NAMES
    found = []
    for path in sorted(SRC.rglob("*")):
        part = path.relative_to(SRC).parts[0]
        if part in ("games", "locale") or path.suffix not in (".py", ".pyx", ".pxd", ".js", ".css", ".html"):
            continue
        for line, code in _code(path):
            if NAMED.search(code):
                found.append(f"{path.relative_to(SRC)}:{line}: {code.strip()[:120]}")
    assert not found, "game names outside games/:\n" + "\n".join(found)
