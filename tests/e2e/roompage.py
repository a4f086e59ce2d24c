"""Reading a room page the way the tests do: its position number, whose turn it is (the data attributes
the room sets for scripts), and waiting for the next position."""
ROOM = ".room"


def seq(page):
    return int(page.get_attribute(ROOM, "data-seq") or -1)


def wait_after(page, before):
    page.wait_for_function("s => Number(document.querySelector('.room').dataset.seq) > s", arg=before)


def my_turn(page):
    you = (page.get_attribute(ROOM, "data-you") or "").split(",")
    return page.get_attribute(ROOM, "data-status") == "playing" and page.get_attribute(ROOM, "data-turn") in you \
        and page.get_attribute(ROOM, "data-phase") in ("roll", "move")
