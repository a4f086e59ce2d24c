"""Builds the compiled rules: every .pyx under src/pachisi becomes a C
extension module when a wheel is built or the package installed, so nothing
compiles while a user waits.

Cython runs inside build_ext, not when setup.py is read: an sdist carries the
.pyx/.pxd sources (MANIFEST.in) and no generated C, and the C goes to
build/cython, never into the package.  Cython regenerates a module's C only
when its .pyx or a .pxd it cimports changed, and build_ext recompiles only
the C that changed, so `setup.py build_ext --inplace` after an edit rebuilds
what depends on it.

The message catalogues are compiled there too (compile_catalogues): each
language's .po into the .mo Python's gettext reads and the web page's JSON.

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

    def run(self):
        super().run()
        if self.inplace:                     # `make`: the catalogues beside their sources, as an install has them
            compile_catalogues(ROOT / "pachisi")


def compile_catalogues(into):
    """Each language's catalogue (pachisi/locale/<lang>/LC_MESSAGES/pachisi.po) compiled for its two readers,
    under the package folder `into`: the .mo beside it for Python's gettext, and web/static/i18n/<lang>.json for
    the page: the entries with a context (the key the page asks by), a count's forms named by the categories
    Intl.PluralRules gives (one, few, many, other), so the page chooses them as gettext's rule does here.
    en.json holds the keys' English, from the msgids."""
    import gettext
    import json

    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    package, pages = ROOT / "pachisi", {}
    for po in sorted(package.glob("locale/*/LC_MESSAGES/*.po")):
        with open(po, "rb") as f:
            catalog = read_po(f)
        mo = Path(into, po.relative_to(package)).with_suffix(".mo")
        mo.parent.mkdir(parents=True, exist_ok=True)
        with open(mo, "wb") as f:
            write_mo(f, catalog)
        lang = str(catalog.locale)
        pages[lang] = _page_texts(catalog, lang, [m.string for m in catalog], gettext.c2py(catalog.plural_expr))
        pages.setdefault("en", _page_texts(catalog, "en", [m.id for m in catalog], lambda n: int(n != 1)))
    folder = Path(into, "web", "static", "i18n")
    folder.mkdir(parents=True, exist_ok=True)
    for lang, texts in pages.items():
        (folder / f"{lang}.json").write_text(json.dumps(texts, ensure_ascii=False, sort_keys=True), encoding="utf-8")


def _page_texts(catalog, lang, strings, form_of):
    """{key: text, or {category: form}} of the page's entries in one language (an empty msgstr: untranslated,
    left out, the page says it in English)."""
    from babel import Locale

    rule, categories = Locale.parse(lang).plural_form, {}
    for n in range(200):
        categories.setdefault(rule(n), form_of(n))
    texts = {}
    for message, said in zip(catalog, strings):
        if not message.context:
            continue
        if isinstance(said, (tuple, list)):
            if all(said):
                texts[message.context] = {category: said[i] for category, i in categories.items()}
        elif said:
            texts[message.context] = said
    return texts


class build_py_with_docs(build_py):
    """Also copies the games' rule texts and how-to-play pages (docs/games, docs/play) into the package, as
    pachisi/web/docs, where an installed web app finds them (a source checkout reads docs/ itself), and compiles
    the message catalogues into the package."""

    def run(self):
        super().run()
        compile_catalogues(Path(self.build_lib, "pachisi"))
        for part in ("games", "play"):
            for page in sorted((HERE / "docs" / part).rglob("*.md")):
                target = Path(self.build_lib, "pachisi", "web", "docs", part, page.relative_to(HERE / "docs" / part))
                self.mkpath(str(target.parent))
                self.copy_file(str(page), str(target))


setup(ext_modules=extensions(), cmdclass={"build_ext": cythonize_then_build_ext, "build_py": build_py_with_docs})
