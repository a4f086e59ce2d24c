"""pachisi installs like a library: the sdist carries every source the build
needs, the wheel built from it holds every compiled module (and the .pxd
headers a game from outside cimports, but no .pyx and no generated C), and
that wheel, installed into a new venv on a PATH with no compiler, plays every
game from the command line and serves the web app (tools/installed_smoke.py).

One test, because it compiles the rules once (minutes): `python -m build`
without isolation (this venv's setuptools and Cython: no download), then pip
installs the wheel with its web extra from the package index."""
import os
from pathlib import Path
import shutil
import subprocess
import sys
import tarfile
import zipfile

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "pachisi"
# a working tree's build products and caches: the build must not see them (a fresh clone has none)
NOT_SOURCES = shutil.ignore_patterns(".git", ".venv", "build", "dist", "records", "*.so", "*.c", "*.mo", "i18n", "*.egg-info",
                                     "__pycache__", ".pytest_cache", ".hypothesis", "node_modules")


def run(argv, **kw):
    done = subprocess.run(argv, capture_output=True, text=True, timeout=3600, **kw)
    assert done.returncode == 0, f"{' '.join(map(str, argv))}\n{done.stdout[-4000:]}\n{done.stderr[-4000:]}"
    return done.stdout


def in_package(paths, prefix=""):
    """Paths inside the pachisi package, relative to it."""
    mark = prefix + "pachisi/"
    return {p.split(mark, 1)[1] for p in paths if mark in p}


def test_the_sdist_builds_a_wheel_that_installs_without_a_compiler_and_plays_and_serves(tmp_path):
    tree = tmp_path / "clone"
    shutil.copytree(ROOT, tree, ignore=NOT_SOURCES)
    dist = tmp_path / "dist"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PACHISI_ONLY", "PACHISI_NO_EXTENSIONS")}
    run([sys.executable, "-m", "build", "--no-isolation", "--outdir", dist, tree], env=env)   # sdist, then wheel from it
    [sdist] = dist.glob("*.tar.gz")
    [wheel] = dist.glob("*.whl")

    sources = {p.relative_to(PACKAGE).as_posix() for p in PACKAGE.rglob("*") if p.suffix in (".pyx", ".pxd")}
    web_files = {p.relative_to(PACKAGE).as_posix() for folder in ("web/static", "web/migrations")
                 for p in (PACKAGE / folder).rglob("*") if p.is_file() and "__pycache__" not in p.parts
                 and "i18n" not in p.parts}                  # the compiled catalogues: built, not sources
    catalogues = {p.relative_to(PACKAGE).as_posix() for p in PACKAGE.glob("locale/*/LC_MESSAGES/*.po")}
    compiled_catalogues = {"web/static/i18n/en.json", "web/static/i18n/ru.json", "locale/ru/LC_MESSAGES/pachisi.mo"}
    pages = {p.relative_to(ROOT).as_posix() for part in ("games", "play") for p in (ROOT / "docs" / part).rglob("*.md")}
    with tarfile.open(sdist) as tar:
        names = tar.getnames()
    in_sdist = in_package(names, "src/")
    assert sources <= in_sdist, sorted(sources - in_sdist)
    assert web_files <= in_sdist, sorted(web_files - in_sdist)
    assert catalogues and catalogues <= in_sdist and not in_sdist & compiled_catalogues
    in_root = {n.split("/", 1)[1] for n in names if "/" in n}          # below pachisi-VERSION/
    assert pages <= in_root, sorted(pages - in_root)
    assert any(n.endswith("/setup.py") for n in names) and any(n.endswith("/LICENSE") for n in names)
    assert not [n for n in names if n.endswith((".c", ".so"))]

    tag = f"cp{sys.version_info.major}{sys.version_info.minor}"
    assert f"-{tag}-{tag}-linux_" in wheel.name, wheel.name      # a platform wheel, not py3-none-any
    with zipfile.ZipFile(wheel) as whl:
        in_wheel = in_package(whl.namelist())
    compiled = {p.rsplit(".", 2)[0] for p in in_wheel if p.endswith(".so")}
    assert compiled == {s[:-len(".pyx")] for s in sources if s.endswith(".pyx")}
    assert {s for s in sources if s.endswith(".pxd")} <= in_wheel
    assert web_files <= in_wheel, sorted(web_files - in_wheel)
    assert compiled_catalogues <= in_wheel, sorted(compiled_catalogues - in_wheel)
    weights = {p.relative_to(PACKAGE).as_posix() for p in PACKAGE.glob("bots/weights/*.npz")}
    assert weights and weights <= in_wheel and weights <= in_sdist      # the evaluator's, shipped: no download
    assert {"web/" + p for p in pages} <= in_wheel          # docs/games/ludo.md as pachisi/web/docs/games/ludo.md
    assert not [p for p in in_wheel if p.endswith((".c", ".pyx"))]

    venv = tmp_path / "venv"
    run([sys.executable, "-m", "venv", venv])
    bin_ = venv / "bin"
    # a user's machine without a compiler: nothing but the venv on PATH, and no CC to fall back on
    user = {**env, "PATH": str(bin_), "CC": "/nonexistent/cc", "VIRTUAL_ENV": str(venv)}
    assert shutil.which("gcc", path=user["PATH"]) is None and shutil.which("cc", path=user["PATH"]) is None
    run([bin_ / "python", "-m", "pip", "install", "-q", f"{wheel}[web]"], env=user, cwd=tmp_path)
    out = run([bin_ / "python", ROOT / "tools" / "installed_smoke.py", "--web"], env=user, cwd=tmp_path)
    assert "installed package: OK" in out
