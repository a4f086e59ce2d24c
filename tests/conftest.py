"""Fixtures shared by the test modules."""
import pytest

import web_db


@pytest.fixture(params=web_db.BACKENDS)
def database(request):
    """This test's fresh databases, on SQLite and on PostgreSQL (tests/web_db.py): a web test module
    marked usefixtures("database") runs every test on both; web_db.url_for(tmp_path) is its URL."""
    with web_db.databases(request.param, active=True) as dbs:
        yield dbs


@pytest.fixture(scope="module", params=web_db.BACKENDS)
def module_database(request):
    """Fresh databases for a module's shared server or client, on SQLite and on PostgreSQL: a module marked
    usefixtures("module_database") runs every test on both, and web_db.url_for(folder) hands them out."""
    with web_db.databases(request.param, active=True) as dbs:
        yield dbs
