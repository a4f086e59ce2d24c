"""Builds the compiled rules: every .pyx under src/pachisi becomes a C
extension module when the package is installed, so nothing compiles while a
user waits.  PACHISI_ONLY=name,name builds only the modules whose dotted name
contains one of the names (a quick rebuild while working on one game)."""
import os
from pathlib import Path

from Cython.Build import cythonize
from setuptools import Extension, setup

ROOT = Path(__file__).parent / "src"
only = [n for n in os.environ.get("PACHISI_ONLY", "").split(",") if n]
extensions = []
for path in sorted(ROOT.glob("pachisi/**/*.pyx")):
    name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
    if only and not any(n in name for n in only):
        continue
    extensions.append(Extension(name, [str(path.relative_to(Path(__file__).parent))],
                                extra_compile_args=["-O3", "-Wno-unused-function"]))

setup(ext_modules=cythonize(extensions, include_path=[str(ROOT)], nthreads=os.cpu_count() or 1,
                            compiler_directives={"language_level": 3, "boundscheck": False, "wraparound": False,
                                                 "initializedcheck": False, "embedsignature": True}))
