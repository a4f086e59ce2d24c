"""The databases the web tests run on: SQLite always, PostgreSQL when
PACHISI_TEST_DATABASE_URL names a server (.ci/run starts one and sets it).

Every test gets databases of its own: an SQLite file in its folder, or a
PostgreSQL database created for it (the URL's role must be allowed to create
databases) and dropped after it. A test that restarts its server asks for the
same folder again and gets the same database."""
from contextlib import contextmanager
import os
from pathlib import Path
import uuid

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.pool import NullPool

BACKENDS = ("sqlite", "postgresql")
ENV = "PACHISI_TEST_DATABASE_URL"
_servers = {}          # URL -> an engine that creates and drops the test databases there
_active = None         # the Databases of the running test (the `database` fixture)


def server():
    """The PostgreSQL server of PACHISI_TEST_DATABASE_URL (skips, or fails in CI, without it)."""
    url = os.environ.get(ENV)
    if not url:
        if os.environ.get("CI"):
            pytest.fail(f"{ENV} is not set: .ci/run starts a PostgreSQL server and sets it")
        pytest.skip(f"{ENV} is not set (a PostgreSQL server to run the web tests on too; .ci/run starts one)")
    if make_url(url).get_backend_name() != "postgresql":
        pytest.fail(f"{ENV} must name a PostgreSQL database (postgresql+psycopg://...), not {url!r}")
    if url not in _servers:
        _servers[url] = create_engine(url, isolation_level="AUTOCOMMIT", poolclass=NullPool)
    return _servers[url]


class Databases:
    """Fresh databases on one backend: `url(folder)` is the same database for the same folder."""

    def __init__(self, backend):
        if backend not in BACKENDS:
            raise ValueError(f"the backends are {BACKENDS}, not {backend!r}")
        self.backend = backend
        self.server = server() if backend == "postgresql" else None
        self.made = {}

    def url(self, folder):
        key = str(folder)
        if key not in self.made:
            self.made[key] = self._create() if self.server else f"sqlite:///{Path(folder) / 'web.db'}"
        return self.made[key]

    def _create(self):
        name = f"pachisi_test_{uuid.uuid4().hex[:16]}"
        with self.server.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{name}"'))
        return self.server.url.set(database=name).render_as_string(hide_password=False)

    def drop(self):
        """Drop the PostgreSQL databases made (an SQLite file goes with its test's folder)."""
        if self.server:
            with self.server.connect() as conn:
                for url in self.made.values():
                    conn.execute(text(f'DROP DATABASE IF EXISTS "{make_url(url).database}" WITH (FORCE)'))
        self.made.clear()


@contextmanager
def databases(backend, active=False):
    """Databases for a test or a module, dropped after; `active`: the ones url_for hands out."""
    global _active
    dbs, outer = Databases(backend), _active
    if active:
        _active = dbs
    try:
        yield dbs
    finally:
        if active:
            _active = outer         # a test's databases inside a module's: the module's again after the test
        dbs.drop()


def url_for(folder):
    """The running test's database for `folder` (a test's tmp_path) on the backend it runs on."""
    if _active is None:
        raise RuntimeError("no database for this test: its module needs pytest.mark.usefixtures('database')")
    return _active.url(folder)
