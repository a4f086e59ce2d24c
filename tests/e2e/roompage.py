"""Opening a page the way the tests do (a fresh browser at a screen size, in a language) and reading a room
page: its position number, whose turn it is (the data attributes the room sets for scripts), and waiting for
the next position."""
import json

ROOM = ".room"
DESKTOP = {"viewport": {"width": 1280, "height": 900}}
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
SCREENS = {"desktop": DESKTOP, "phone": PHONE}


def new_page(browser, lang, screen, storage=None, init="", **context):
    """A fresh browser (nothing remembered but the language and `storage`, each set unless the page has
    changed it) and its page, with its script errors in page.errors; `init` more script before the page's
    own, `context` more of Playwright's context options."""
    ctx = browser.new_context(**SCREENS[screen], **context)
    values = {"pachisi.lang": lang, **(storage or {})}
    ctx.add_init_script("".join(f"if (localStorage.getItem({json.dumps(k)}) === null) "
                                f"localStorage.setItem({json.dumps(k)}, {json.dumps(json.dumps(v))});"
                                for k, v in values.items()) + init)
    page = ctx.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    return ctx, page


def seq(page):
    return int(page.get_attribute(ROOM, "data-seq") or -1)


def wait_after(page, before):
    page.wait_for_function("s => Number(document.querySelector('.room').dataset.seq) > s", arg=before)


def my_turn(page):
    you = (page.get_attribute(ROOM, "data-you") or "").split(",")
    return page.get_attribute(ROOM, "data-status") == "playing" and page.get_attribute(ROOM, "data-turn") in you \
        and page.get_attribute(ROOM, "data-phase") in ("roll", "move")
