"""The board's first frame waits for none of the rules' own modules: the table is drawn from
its save, or fresh, while static/app.js (window.referee and Python's start) has not even
loaded; what asks the rules waits for them, and the table goes live once they come."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from .board_harness import autosave_of, board_call, check_clean, open_board, release, wait_live

APP = "static/app.js"  # held back: the rules' modules have not loaded until the test lets them


@pytest.fixture()
def page(board_page: Page) -> Page:
    """The board page on the demo table (conftest.board_page)."""
    return board_page


def test_a_saved_table_opens_on_itself_before_the_rules_modules_load(
    browser: Browser, site_url: str, page: Page
) -> None:
    """Reloaded, the board draws the saved table (its castaways by name) with app.js held
    back, and keeps it when the rules come: no other table is ever drawn first."""
    storage = autosave_of(page)
    slow, held = open_board(browser, site_url, hold=APP, storage=storage, viewport=(1280, 800),
                              until="commit")
    sp = slow.page
    try:
        sp.wait_for_selector('html[data-board="saved"][data-board-rev]', state="attached")
        assert sp.evaluate("() => window.referee === undefined")
        board = sp.locator("[data-testid=board]")
        for name in ("Ana", "Ben", "Chloé"):
            expect(board).to_contain_text(name)
        assert board_call(sp, "state")["round"] == 4
        release(sp, held, APP)
        wait_live(sp)
        assert board_call(sp, "state")["round"] == 4
        for name in ("Ana", "Ben", "Chloé"):
            expect(board).to_contain_text(name)
        check_clean(slow)
    finally:
        sp.context.close()


def test_a_fresh_table_is_drawn_before_the_rules_modules_load(
    browser: Browser, site_url: str
) -> None:
    """A first visit: the fresh table is drawn with app.js held back, then goes live."""
    slow, held = open_board(browser, site_url, hold=APP, viewport=(1280, 800), until="commit")
    sp = slow.page
    try:
        sp.wait_for_selector('html[data-board="fresh"][data-board-rev]', state="attached")
        assert sp.evaluate("() => window.referee === undefined")
        expect(sp.locator("[data-testid=region-characters]")).to_be_visible()
        release(sp, held, APP)
        wait_live(sp)
        check_clean(slow)
    finally:
        sp.context.close()
