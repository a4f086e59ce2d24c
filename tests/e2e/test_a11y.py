"""Accessibility: axe-core (through axe-playwright-python, which bundles it) checks every page of the web
app — the lobby, the rules list, each game's how-to-play page, a room in play, a replay, the fair-dice
page and the not-found page — in English and Russian, on a 1280x900 screen and a 390x844 touch phone:
no serious or critical violation."""
import json

import pytest

pytestmark = pytest.mark.timeout(3600)                # a bound on a hang, not a measure of speed

VIEWPORTS = {"desktop": dict(viewport={"width": 1280, "height": 900}),
             "phone": dict(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)}
GAMES = ("ludo", "parchis", "parcheesi", "shishbesh", "mandavoshka", "tryasuchka", "kimbo")

@pytest.fixture(scope="module")
def room(server):
    """A hotseat room in play (two people on one screen: nothing moves while axe looks)."""
    return server.api("/api/rooms", {"game": "ludo", "seats": [{"kind": "local", "name": "Ann"},
                                                                   {"kind": "local", "name": "Bob"}]})


def serious(page):
    from axe_playwright_python.sync_playwright import Axe
    found = Axe().run(page).response["violations"]
    return [f"{v['id']} ({v['impact']}): {v['help']} — " + "; ".join(n["target"][0] if isinstance(n["target"][0], str)
                                                                    else str(n["target"]) for n in v["nodes"][:4])
            for v in found if v["impact"] in ("serious", "critical")]


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", list(VIEWPORTS))
def test_every_page_has_no_serious_accessibility_violation(browser, server, room, lang, size):
    ctx = browser.new_context(**VIEWPORTS[size])
    ctx.add_init_script(f"localStorage.setItem('pachisi.lang', '\"{lang}\"');"
                        f"localStorage.setItem('pachisi.tokens', '{json.dumps({room['code']: room['token']})}');")
    page = ctx.new_page()
    pages = [("/", "#create"), ("/#/rules", ".rules-index"), ("/r/bad-code!", "#back"),
             ("/#/verify", "#verify"), (f"/#/room/{room['code']}", ".board .sq"),
             (f"/#/replay/{room['code']}", ".replay .board .sq")]
    pages += [(f"/#/rules/{g}", "figure.diagram svg .sq") for g in GAMES]
    problems = {}
    try:
        for path, ready in pages:
            page.goto(server.url + path)
            page.wait_for_selector(ready)
            page.wait_for_timeout(200)          # let the last transitions settle
            found = serious(page)
            if found:
                problems[path] = found
    finally:
        ctx.close()
    assert not problems, json.dumps(problems, indent=1, ensure_ascii=False)
