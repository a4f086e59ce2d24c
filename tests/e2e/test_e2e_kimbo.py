"""Kimbo's fence stage on the board, in the browser: a fence is moved with two
clicks (or with the keyboard: b, Enter, arrows, Enter) and is drawn in its new
slot; the "keep the fences" button keeps them all."""
import pytest

from test_e2e_web import ROOM, lobby_page, seq, wait_after

pytestmark = pytest.mark.timeout(3600)                # a bound on a hang, not a measure of speed
SRC, DST = ".mark.wallmark.src", ".mark.wallmark.dst"


def hotseat_kimbo(context, server):
    page, errors = lobby_page(context, server)
    page.select_option("#game", "kimbo")
    page.select_option("#players", "2")
    page.locator(".seat-kind").nth(1).select_option("local")
    page.click("#create")
    # a fresh server may first compile Kimbo's rules (a minute or two on a busy machine)
    page.wait_for_function("() => document.querySelector('.room') && "
                           "document.querySelector('.room').dataset.status === 'playing'")
    return page, errors


def to_fence_stage(page):
    """Roll and play the first listed pawn move until a fence may be moved."""
    for _ in range(40):
        if page.get_attribute(ROOM, "data-phase") == "move" and page.locator(SRC).count():
            return
        before = seq(page)
        page.locator("body").press("r" if page.get_attribute(ROOM, "data-phase") == "roll" else "1")
        wait_after(page, before)
    raise AssertionError("no fence stage came")


def walls(page):
    """Slot reference -> seat of every fence drawn."""
    return page.eval_on_selector_all(".walls line.wall", "ls => Object.fromEntries(ls.map(l => [l.dataset.ref, l.dataset.seat]))")


def test_a_fence_is_moved_by_two_clicks_and_drawn_in_its_new_slot(context, server):
    page, errors = hotseat_kimbo(context, server)
    to_fence_stage(page)
    before_walls = walls(page)
    fence = page.locator(SRC).first
    src = fence.get_attribute("data-ref")
    assert before_walls[src] != ""                     # a coloured fence, not a fixed wall
    assert page.locator(DST).count() == 0
    fence.click()
    targets = page.locator(DST)
    assert targets.count() > 50
    assert all(ref not in before_walls for ref in targets.evaluate_all("ms => ms.map(m => m.dataset.ref)"))
    target = targets.nth(targets.count() // 2)
    dst = target.get_attribute("data-ref")
    before = seq(page)
    target.click()
    wait_after(page, before)
    after = walls(page)
    assert after[dst] == before_walls[src] and src not in after
    assert page.get_attribute(ROOM, "data-phase") == "roll"
    assert not errors


def test_a_fence_is_moved_with_the_keyboard(context, server):
    page, errors = hotseat_kimbo(context, server)
    to_fence_stage(page)
    before_walls = walls(page)
    page.locator("body").press("b")
    page.wait_for_function("() => document.activeElement.matches('.mark.wallmark.src')")
    src = page.evaluate("() => document.activeElement.dataset.ref")
    page.keyboard.press("Enter")                       # pick the fence: its nearest free slot gets the focus
    page.wait_for_function("() => document.activeElement.matches('.mark.wallmark.dst')")
    first = page.evaluate("() => document.activeElement.dataset.ref")
    assert page.locator(f'{DST}[data-ref="{first}"]').count() == 1
    focused = "() => { const e = document.activeElement; return [e.dataset.ref, e.getAttribute('class')]; }"
    for key in ["ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"] * 2:    # arrows go from mark to mark
        page.keyboard.press(key)
        dst, cls = page.evaluate(focused)
        assert "mark" in cls.split()
        if "dst" in cls.split() and dst != first:
            break
    assert page.locator(f'{DST}[data-ref="{dst}"]').count() == 1 and dst != first
    before = seq(page)
    page.keyboard.press("Enter")
    wait_after(page, before)
    after = walls(page)
    assert after[dst] == before_walls[src] and src not in after
    assert not errors


def test_keep_the_fences_leaves_them_all(context, server):
    page, errors = hotseat_kimbo(context, server)
    to_fence_stage(page)
    before_walls = walls(page)
    keep = page.locator(".board-actions button.action")
    assert keep.count() == 1 and keep.inner_text() == "keep the fences"
    before = seq(page)
    keep.click()
    wait_after(page, before)
    assert walls(page) == before_walls
    assert page.get_attribute(ROOM, "data-phase") == "roll"
    assert page.locator(".board-actions button").count() == 0
    assert not errors
