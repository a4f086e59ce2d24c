"""Where numba keeps pachisi's compiled code.

numba's disk cache notices a change of a compiled function's own file only,
not of the shared modules it calls into; compiled code of an older version
could then be loaded.  So the cache lives in a folder named after a digest
of the compiled rules (engine, games, boards): any change of them compiles
afresh, and nothing stale is ever loaded.  (The bots name their compiled
copies after a digest of their own sources: bots/search.py.)  Folders of
other versions unused for a week are removed."""
import hashlib
import os
from pathlib import Path
import shutil
import time

COMPILED_PACKAGES = ("engine", "games", "boards")
WEEK = 7 * 24 * 3600


def fingerprint():
    root = Path(__file__).resolve().parent
    h = hashlib.sha1()
    for package in COMPILED_PACKAGES:
        for path in sorted((root / package).glob("*.py")):
            h.update(path.name.encode())
            h.update(path.read_bytes())
    return h.hexdigest()[:12]


def configure():
    """Point numba's cache at the folder of this version of the sources."""
    base = os.environ.get("PACHISI_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "pachisi")
    folder = os.path.join(base, f"numba-{fingerprint()}")
    for old in Path(base).glob("numba-*") if os.path.isdir(base) else ():
        if str(old) != folder and time.time() - old.stat().st_mtime > WEEK:
            shutil.rmtree(old, ignore_errors=True)
    os.makedirs(folder, exist_ok=True)
    os.utime(folder)
    os.environ["NUMBA_CACHE_DIR"] = folder
    import numba
    numba.config.CACHE_DIR = folder


configure()
