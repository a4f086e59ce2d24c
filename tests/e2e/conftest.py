"""End-to-end tests in headless Chromium (Debian's, at /usr/bin/chromium:
.ci/run installs it) through Playwright, against a real server on a free
loopback port.  Browsers are never downloaded here: Playwright only drives the
system's Chromium."""
import os
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


@pytest.fixture(scope="module")
def server(tmp_path_factory, module_database):
    """A server for the module's tests, on SQLite and on PostgreSQL (tests/conftest.py).  Every browser of
    the module comes from one loopback address, so the per-address cap on connections (tested on its own in
    test_web_limits.py) is off: at the cap, a page's stylesheet would be refused and the board drawn unstyled."""
    from pachisi.web.testing import LiveServer
    db = module_database.url(tmp_path_factory.mktemp("e2e"))
    with LiveServer(db, bot_delay=0.05, absent_after=60, rate=50,
                    extra_args=("--dice-seed", "1", "--conns-per-address", "0")) as srv:
        yield srv


# How long a page waits for a selector, a condition or an expect(): a bound on a hang, not a measure of
# speed, so it is generous (a loaded machine may take many times the usual seconds to draw a page).
PATIENCE_MS = 300_000


class Browser:
    """The Chromium browser, whose every context waits up to PATIENCE_MS (Playwright's own default is 30 s)."""

    def __init__(self, browser):
        self._browser = browser

    def new_context(self, **options):
        ctx = self._browser.new_context(**options)
        ctx.set_default_timeout(PATIENCE_MS)
        return ctx

    def __getattr__(self, name):
        return getattr(self._browser, name)


@pytest.fixture(scope="module")
def browser():
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing: .ci/run installs Debian's chromium")
        pytest.skip(f"{CHROMIUM} is not installed (apt-get install chromium)")
    from playwright.sync_api import expect, sync_playwright
    expect.set_options(timeout=PATIENCE_MS)
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield Browser(b)
        b.close()


@pytest.fixture
def context(browser):
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    yield ctx
    ctx.close()
