"""On an upright tablet and on a phone the card's sheet opens folded to its verdict bar, on
the first visit and after every New game; unfolded, its top edge cuts no row of the table,
and the piece in hand stays in view. Held landscape there is no sheet: the panel is beside
the table, whole."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from .board_harness import (
    axe_violations,
    check_clean,
    demo,
    discard,
    open_board,
    set_table,
    settle,
    settles,
)

UPRIGHT = {"ipad-upright": (820, 1180), "phone": (390, 844)}
LANDSCAPE = (1180, 820)

VIEWPORT = UPRIGHT["phone"]


def box(page: Page, selector: str) -> dict[str, float]:
    """The element's box on screen."""
    found: dict[str, float] = page.eval_on_selector(
        selector,
        "(el) => { const r = el.getBoundingClientRect();"
        " return {top: r.top, bottom: r.bottom, height: r.height}; }",
    )
    return found


def folded(page: Page) -> None:
    """The sheet shows its verdict bar alone, and its toggle says it is folded."""
    expect(page.locator("html")).to_have_attribute("data-sheet", "closed")
    expect(page.locator("[data-testid=verdict-bar]")).to_be_in_viewport()
    expect(page.locator("#panel-body")).to_be_hidden()
    expect(page.locator("[data-testid=sheet-toggle]")).to_have_attribute("aria-expanded", "false")


@pytest.mark.parametrize("size", list(UPRIGHT.values()), ids=list(UPRIGHT))
def test_the_first_visit_opens_the_sheet_folded(
    browser: Browser, site_url: str, size: tuple[int, int]
) -> None:
    """A first visit, upright: the table in view, the sheet folded to its bar, nothing that
    axe-core finds."""
    booted, _ = open_board(browser, site_url, viewport=size)
    page = booted.page
    try:
        folded(page)
        assert axe_violations(page, site_url, "body") == []
        check_clean(booted)
    finally:
        page.context.close()


def test_landscape_has_no_sheet_to_fold(browser: Browser, site_url: str) -> None:
    """Held landscape the panel stands beside the table, its card search in view; nothing
    that axe-core finds."""
    booted, _ = open_board(browser, site_url, viewport=LANDSCAPE)
    page = booted.page
    try:
        expect(page.locator("[data-testid=sheet-toggle]")).to_be_hidden()
        expect(page.locator("[data-testid=demand-search]")).to_be_in_viewport()
        assert axe_violations(page, site_url, "body") == []
        check_clean(booted)
    finally:
        page.context.close()


@pytest.fixture()
def page(board_page: Page) -> Page:
    """The demo table, no demand (conftest.board_page), at a phone's size."""
    board_page.set_viewport_size({"width": VIEWPORT[0], "height": VIEWPORT[1]})
    board_page.evaluate("window.scrollTo(0, 0)")
    return board_page


def unfold(page: Page) -> None:
    if page.locator("html[data-sheet=closed]").count():
        page.tap("[data-testid=sheet-toggle]")
    expect(page.locator("[data-testid=sheet-toggle]")).to_have_attribute("aria-expanded", "true")


@pytest.mark.parametrize("size", list(UPRIGHT.values()), ids=list(UPRIGHT))
def test_new_game_folds_the_sheet_again(page: Page, size: tuple[int, int]) -> None:
    """Unfolded, then New game: the new table is in view, the sheet folded to its bar."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    unfold(page)
    if page.locator("[data-testid=toolbar-menu]").is_visible():
        page.tap("[data-testid=toolbar-menu]")
    page.tap("[data-testid=new-game]")
    with settles(page):
        page.click("[data-testid=new-start]")
    folded(page)


def test_unfolded_upright_the_sheet_cuts_no_camp_row(page: Page) -> None:
    """An iPad upright, the page at its top: the unfolded sheet's edge falls between two of
    the camp's rows (or below them all), never across one; the Morale track is above it."""
    page.set_viewport_size({"width": 820, "height": 1180})
    page.evaluate("window.scrollTo(0, 0)")
    unfold(page)
    edge = box(page, "[data-testid=panel]")["top"]
    rows = page.eval_on_selector_all(
        "[data-testid=region-camp] .camp-row",
        "(els) => els.map((el) => {"
        " const r = el.getBoundingClientRect(); return [r.top, r.bottom]; })",
    )
    assert rows and all(bottom <= edge or top >= edge for top, bottom in rows), (rows, edge)
    assert box(page, "[data-testid=morale]")["bottom"] <= edge


def test_unfolding_keeps_the_piece_in_hand_in_view(page: Page) -> None:
    """A phone, the Cook's pawn picked up near the bottom of the table: the sheet folds; the
    toggle unfolds it, and the pawn is scrolled clear above it."""
    pawn = "[data-testid=pawn-card-cook-0]"
    page.eval_on_selector(
        pawn, "(el) => scrollBy(0, el.getBoundingClientRect().bottom - innerHeight * 0.8)"
    )
    page.tap(pawn)
    folded(page)
    page.tap("[data-testid=sheet-toggle]")
    expect(page.locator("#panel-body")).to_be_visible()
    assert box(page, pawn)["bottom"] <= box(page, "[data-testid=panel]")["top"]
    expect(page.locator(pawn)).to_be_in_viewport()
    page.keyboard.press("Escape")


def test_on_a_phone_the_header_and_the_bar_are_small(page: Page, site_url: str) -> None:
    """A phone: the header is one line (under 8% of the height), and with a ruling on show
    the verdict bar takes at most a third of the unfolded sheet, its buttons on one row."""
    assert box(page, ".site-header")["height"] <= 0.08 * VIEWPORT[1]
    set_table(page, demo(phase="event", planned_actions=[], available={"wood": 1}))
    unfold(page)
    discard(page, "wood", 2)
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")
    settle(page)
    bar, sheet = box(page, "[data-testid=verdict-bar]"), box(page, "[data-testid=panel]")
    assert bar["height"] <= sheet["height"] / 3, (bar, sheet)
    tops = page.eval_on_selector_all(
        "[data-testid=verdict-bar] .bar-actions > button",
        "(els) => els.map((b) => Math.round(b.getBoundingClientRect().top))",
    )
    assert len(set(tops)) == 1, tops
    assert axe_violations(page, site_url, "body") == []
