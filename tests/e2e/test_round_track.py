"""The round as the game board's round track: a square a round, from the first to the last the
core allows, the current one under the round marker. One tap on a square sets the round, as any
change does: announced, undone by Undo, and the ruling follows it (round 1's note on the Event
Phase goes). The keyboard walks it as a radio group. It fits an iPad either way and a phone."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .board_harness import axe_violations, demo, set_table, settle, settles, table

pytestmark = pytest.mark.e2e

SIZES = {"ipad": (1180, 820), "ipad-upright": (820, 1180), "phone": (390, 844)}
# The squares' least size: 44 px where the table scrolls (upright, a phone); 24 px beside the
# ruling in landscape, where the whole table keeps its one screen (WCAG 2.5.8's minimum).
LEAST = {"ipad": 24, "ipad-upright": 44, "phone": 44}


@pytest.fixture()
def page(board_page: Page) -> Page:
    """The demo table at round 1's Event Phase, no demand (conftest.board_page)."""
    set_table(board_page, demo(phase="event", round=1))
    return board_page


def squares(page: Page) -> list[dict[str, float | str]]:
    """Each square of the round track: its number, name, box and whether it is the current one."""
    found: list[dict[str, float | str]] = page.eval_on_selector_all(
        "[data-testid=round] input[type=radio]",
        """els => els.map((el) => { const r = el.closest("label").getBoundingClientRect();
          return { value: el.value, name: el.getAttribute("aria-label"),
                   checked: String(el.checked),
                   left: r.left, right: r.right, top: r.top, bottom: r.bottom,
                   width: r.width, height: r.height }; })""",
    )
    return found


def undo(page: Page) -> None:
    """Undo, from the toolbar (on a phone, behind its Menu)."""
    menu = page.locator("[data-testid=toolbar-menu]")
    if menu.is_visible():
        menu.tap()
    page.locator("[data-testid=undo]").tap()


@pytest.mark.parametrize("size", list(SIZES), ids=list(SIZES))
def test_one_tap_on_a_square_sets_the_round(page: Page, site_url: str, size: str) -> None:
    """Twelve squares named "Round 1" to "Round 12", round 1 marked; a tap on 6 sets round 6
    in one change (announced, the round-1 note gone); Undo puts round 1 back. Every square is
    big enough to tap and on screen, and nothing axe-core finds."""
    page.set_viewport_size({"width": SIZES[size][0], "height": SIZES[size][1]})
    page.evaluate("window.scrollTo(0, 0)")
    track = squares(page)
    assert [s["value"] for s in track] == [str(n) for n in range(1, 13)]
    assert [s["name"] for s in track] == [f"Round {n}" for n in range(1, 13)]
    assert [s["value"] for s in track if s["checked"] == "true"] == ["1"]
    width = page.evaluate("window.innerWidth")
    for square in track:
        assert min(float(square["width"]), float(square["height"])) >= LEAST[size], square
        assert float(square["left"]) >= 0 and float(square["right"]) <= width, square
    rows = {round(float(s["top"])) for s in track}
    assert len(rows) <= 2  # one row of twelve, or two of six
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    expect(page.locator("[data-testid=first-round]")).to_be_visible()
    assert axe_violations(page, site_url, "[data-testid=region-game]") == []

    with settles(page):
        page.locator("[data-testid=round-6]").tap()
    assert table(page)["round"] == 6
    expect(page.locator("[data-testid=round]")).to_have_attribute("data-value", "6")
    expect(page.locator("[data-testid=round-6]")).to_be_checked()
    expect(page.locator("[data-testid=live]")).to_contain_text("Round: 6")
    expect(page.locator("[data-testid=first-round]")).to_have_count(0)
    assert axe_violations(page, site_url, "[data-testid=region-game]") == []

    with settles(page):
        undo(page)
    assert table(page)["round"] == 1
    expect(page.locator("[data-testid=round-1]")).to_be_checked()
    expect(page.locator("[data-testid=first-round]")).to_be_visible()


def test_the_keyboard_walks_the_track_as_a_radio_group(page: Page) -> None:
    """Focus on the current square; the right arrow sets the next round, the left one the
    round before, the focus staying on the square set (the track is drawn again each time)."""
    page.set_viewport_size({"width": 1180, "height": 820})
    page.locator("[data-testid=round-1]").focus()
    with settles(page):
        page.keyboard.press("ArrowRight")
    assert table(page)["round"] == 2
    expect(page.locator("[data-testid=round-2]")).to_be_focused()
    for _ in range(2):
        with settles(page):
            page.keyboard.press("ArrowRight")
    assert table(page)["round"] == 4
    with settles(page):
        page.keyboard.press("ArrowLeft")
    settle(page)
    assert table(page)["round"] == 3
    expect(page.locator("[data-testid=round-3]")).to_be_focused()
    expect(page.locator("[data-testid=live]")).to_have_text(re.compile("Round: 3"))
