"""The compiled rules: rules.pyx cimports pachisi's kernel and race headers
(the .pxd files pachisi ships), which Cython finds on sys.path."""
from Cython.Build import cythonize
from setuptools import Extension, setup

setup(ext_modules=cythonize([Extension("pachisi_dash.rules", ["src/pachisi_dash/rules.pyx"])],
                            compiler_directives={"language_level": 3, "boundscheck": False, "wraparound": False}))
