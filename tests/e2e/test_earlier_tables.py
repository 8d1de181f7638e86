"""The tables a New game replaced: one slim "Earlier tables (n)" line in the header, which moves
the table down by nothing (on an iPad the tagline gives way), opens the list in player words,
and may be hidden until a table is kept aside for a problem."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from .board_harness import (
    axe_violations,
    check_clean,
    new_game_keeping,
    open_board,
    wait_live,
)

VIEWPORT = (1180, 820)  # an iPad held landscape, with touch (conftest.board_app)


@pytest.fixture()
def page(board_page: Page) -> Page:
    """The demo table, no demand, the drawer closed (conftest.board_page), at VIEWPORT."""
    return board_page


def test_earlier_tables_keep_the_header_on_one_line(page: Page) -> None:
    """After a New game the header gains "Earlier tables (n)": on the iPad it stays one line
    (the tagline gives way), so the table does not move down under the players' fingers."""
    top = "document.getElementById('layout').getBoundingClientRect().top + window.scrollY"
    page.evaluate("window.scrollTo(0, 0)")
    before = page.evaluate(top)
    new_game_keeping(page, page.tap)
    expect(page.locator("[data-testid=asides-summary]")).to_be_visible()
    assert abs(page.evaluate(top) - before) <= 1
    expect(page.locator(".site-header .tagline")).to_be_hidden()


def test_earlier_tables_are_one_slim_line_in_the_header_that_the_player_may_hide(
    browser: Browser, site_url: str
) -> None:
    """After New game on a tablet: one small "Earlier tables (1)" line in the header (the
    table is not pushed down) that opens the list in player words, with Download and Discard
    per table; "Hide" is remembered after a reload, until a save is kept aside for a problem,
    which is shown in full above the table."""
    booted, _ = open_board(browser, site_url, viewport=(1280, 800))
    page = booted.page
    try:
        top = page.evaluate("document.getElementById('layout').getBoundingClientRect().top")
        new_game_keeping(page, page.tap)
        line = page.locator("#asides-slot [data-testid=asides]")
        expect(line).to_be_visible()
        expect(line).not_to_have_attribute("open", "")
        summary = line.locator("[data-testid=asides-summary]")
        expect(summary).to_have_text("Earlier tables (1)")
        assert summary.bounding_box()["height"] >= 44  # type: ignore[index]
        now = page.evaluate("document.getElementById('layout').getBoundingClientRect().top")
        assert now <= top + 1, (top, now)  # the table stays where it was
        expect(page.locator("#board-notices [data-testid=asides]")).to_have_count(0)
        page.tap("[data-testid=asides-summary]")
        expect(line.locator(".asides-say")).to_have_text(
            "Your earlier tables are kept on this device (1 of at most 3: after that, each New "
            "game lets the oldest go). Download one to keep it, or discard it."
        )
        expect(page.locator("[data-testid=aside-download-0]")).to_be_visible()
        expect(page.locator("[data-testid=aside-discard-0]")).to_be_visible()
        assert axe_violations(page, site_url, "header") == []
        page.tap("[data-testid=asides-hide]")
        expect(page.locator("[data-testid=asides]")).to_have_count(0)
        expect(page.locator("[data-testid=live]")).to_contain_text("Earlier tables hidden")
        page.reload()
        wait_live(page)
        assert page.get_attribute("html", "data-asides") == "1"  # still kept, not shown
        expect(page.locator("[data-testid=asides]")).to_have_count(0)
        # A save kept aside for a problem is shown loudly, and the Hide is forgotten.
        page.evaluate(
            """async () => {
              const board = window.castawayBoard;
              board.store.setAside(board.store.asides()[0].key, "unreadable");
              board.autosave.drawAsides();
            }"""
        )
        loud = page.locator("#board-notices [data-testid=asides]")
        expect(loud).to_have_attribute("open", "")
        expect(loud.locator("summary")).to_contain_text("Kept aside on this device: one table")
        assert (
            page.evaluate("localStorage.getItem('castaway-referee.earlier-tables-hidden')") is None
        )
        check_clean(booted)
    finally:
        page.context.close()
