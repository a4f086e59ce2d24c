"""Builds the compiled rules: every .pyx under src/pachisi becomes a C
extension module when a wheel is built or the package installed, so nothing
compiles while a user waits.

Cython runs inside build_ext, not when setup.py is read: an sdist carries the
.pyx/.pxd sources (MANIFEST.in) and no generated C, and the C goes to
build/cython, never into the package.  Cython regenerates a module's C only
when its .pyx or a .pxd it cimports changed, and build_ext recompiles only
the C that changed, so `setup.py build_ext --inplace` after an edit rebuilds
what depends on it.

PACHISI_ONLY=name,name builds only the modules whose dotted name contains one
of the names (a quick rebuild while working on one game).
PACHISI_NO_EXTENSIONS=1 builds none: `make` compiles in place with
build_ext --inplace (keeping build/ for the next incremental build), so the
editable install it then makes need not compile everything a second time in
a throwaway folder."""
import os
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

HERE = Path(__file__).parent
ROOT = HERE / "src"
DIRECTIVES = {"language_level": 3, "boundscheck": False, "wraparound": False, "initializedcheck": False,
              "embedsignature": True}


def extensions():
    if os.environ.get("PACHISI_NO_EXTENSIONS"):
        return []
    only = [n for n in os.environ.get("PACHISI_ONLY", "").split(",") if n]
    found = []
    for path in sorted(ROOT.glob("pachisi/**/*.pyx")):
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        if only and not any(n in name for n in only):
            continue
        found.append(Extension(name, [path.relative_to(HERE).as_posix()],
                               # -g0: no debug information, five sixths of a module's size
                               extra_compile_args=["-O3", "-g0", "-Wno-unused-function"]))
    return found


class cythonize_then_build_ext(build_ext):
    """build_ext that turns the .pyx sources into C first (only the stale ones)."""

    def finalize_options(self):
        from Cython.Build import cythonize
        if self.parallel is None:            # pip and build give no -j: one compile a core
            self.parallel = os.cpu_count() or 1
        exts = self.distribution.ext_modules
        if exts and any(src.endswith(".pyx") for ext in exts for src in ext.sources):
            self.distribution.ext_modules = cythonize(
                exts, include_path=[str(ROOT)], build_dir="build/cython", nthreads=int(self.parallel or 1),
                compiler_directives=DIRECTIVES)
        super().finalize_options()


class build_py_with_docs(build_py):
    """Also copies the games' rule texts and how-to-play pages (docs/games, docs/play) into the package, as
    pachisi/web/docs, where an installed web app finds them (a source checkout reads docs/ itself)."""

    def run(self):
        super().run()
        for part in ("games", "play"):
            for page in sorted((HERE / "docs" / part).rglob("*.md")):
                target = Path(self.build_lib, "pachisi", "web", "docs", part, page.relative_to(HERE / "docs" / part))
                self.mkpath(str(target.parent))
                self.copy_file(str(page), str(target))


setup(ext_modules=extensions(), cmdclass={"build_ext": cythonize_then_build_ext, "build_py": build_py_with_docs})
