"""The web server's parts import one another one way (issue #22): the settings, the refusals, the
connections, the room referee, the room cache, the routes and the WebSocket protocol are modules of their
own with no import circle among them, counting imports inside functions too; and the engine imports no
front end (web, render, the CLI, the terminal game)."""
import ast
import pathlib

import pachisi

SRC = pathlib.Path(pachisi.__file__).parent


def _module(path):
    return ".".join(path.relative_to(SRC.parent).with_suffix("").parts).removesuffix(".__init__")


def _imports(path):
    """The pachisi modules `path` imports, anywhere in it."""
    name, out = _module(path), set()
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = package.split(".")
            base = base[:len(base) - node.level + 1] if node.level else []
            target = ".".join(base + ([node.module] if node.module else []))
            for alias in node.names:
                full = f"{target}.{alias.name}"
                out.add(full if (SRC.parent / full.replace(".", "/")).with_suffix(".py").exists()
                        or (SRC.parent / full.replace(".", "/") / "__init__.py").exists() else target)
        elif isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
    return {m for m in out if m.startswith("pachisi")}


def _graph(folder):
    return {_module(p): _imports(p) for p in sorted((SRC / folder).rglob("*.py"))}


def test_the_web_server_s_modules_import_one_another_without_a_circle():
    graph = _graph("web")
    assert {"pachisi.web.settings", "pachisi.web.errors", "pachisi.web.connections", "pachisi.web.rooms",
            "pachisi.web.roomcache", "pachisi.web.protocol", "pachisi.web.routes.rooms"} <= set(graph)
    done, path = set(), []

    def visit(m):
        if m in path:
            raise AssertionError("import circle: " + " -> ".join(path[path.index(m):] + [m]))
        if m in done or m not in graph:
            return
        path.append(m)
        for n in sorted(graph[m]):
            if n != m and not m.startswith(n + "."):        # a module's own package is not a circle
                visit(n)
        path.pop()
        done.add(m)

    for m in graph:
        visit(m)


def test_the_engine_imports_no_front_end():
    fronts = ("pachisi.web", "pachisi.render", "pachisi.cli", "pachisi.terminal_game")
    found = {(m, n) for m, deps in _graph("engine").items() for n in deps if n.startswith(fronts)}
    assert not found, sorted(found)
