"""On a phone the toolbar folds behind one Menu button: it says whether it is open
(aria-expanded), opens by touch and by keyboard, the arrow keys go through its items, Escape
folds it and gives the focus back to the button, and a tap elsewhere folds it. On a tablet,
either way up, the items stand in the header and there is no Menu button."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .board_harness import axe_violations

PHONE = (390, 844)
TABLETS = {"ipad": (1180, 820), "ipad-upright": (820, 1180)}

VIEWPORT = PHONE

MENU = "[data-testid=toolbar-menu]"
ITEMS = ["undo", "redo", "new-game", "export", "import", "faq-link"]


@pytest.fixture()
def page(board_page: Page) -> Page:
    """The demo table at a phone's size, the menu folded."""
    board_page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    if board_page.get_attribute(MENU, "aria-expanded") == "true":
        board_page.keyboard.press("Escape")
    return board_page


def focused_testid(page: Page) -> str | None:
    found: str | None = page.evaluate("document.activeElement?.dataset.testid")
    return found


def test_the_toolbar_is_folded_behind_the_menu_button(page: Page) -> None:
    """Folded: only the Menu button is shown, and it says so."""
    expect(page.locator(MENU)).to_be_visible()
    expect(page.locator(MENU)).to_have_attribute("aria-expanded", "false")
    expect(page.locator(MENU)).to_have_attribute("aria-controls", "toolbar-items")
    for item in ITEMS:
        expect(page.locator(f"[data-testid={item}]")).to_be_hidden()


def test_a_tap_opens_it_and_escape_gives_the_focus_back(page: Page, site_url: str) -> None:
    """Tapped: expanded, every item in view, the first enabled one focused, nothing axe-core
    finds; Escape folds it and the focus is on the Menu button again."""
    page.tap(MENU)
    expect(page.locator(MENU)).to_have_attribute("aria-expanded", "true")
    for item in ITEMS:
        expect(page.locator(f"[data-testid={item}]")).to_be_in_viewport()
    assert focused_testid(page) == "new-game"  # (Undo and Redo: nothing to undo yet)
    assert axe_violations(page, site_url, "header") == []
    page.keyboard.press("Escape")
    expect(page.locator(MENU)).to_have_attribute("aria-expanded", "false")
    expect(page.locator("[data-testid=new-game]")).to_be_hidden()
    expect(page.locator(MENU)).to_be_focused()


def test_the_keyboard_opens_it_and_walks_its_items(page: Page) -> None:
    """Enter on the button opens it; the arrow keys go down and round; Escape folds it."""
    page.focus(MENU)
    page.keyboard.press("Enter")
    expect(page.locator(MENU)).to_have_attribute("aria-expanded", "true")
    walked = [focused_testid(page)]
    for _ in range(4):
        page.keyboard.press("ArrowDown")
        walked.append(focused_testid(page))
    assert walked == ["new-game", "export", "import", "faq-link", "new-game"], walked
    page.keyboard.press("ArrowUp")
    assert focused_testid(page) == "faq-link"
    page.keyboard.press("Escape")
    expect(page.locator(MENU)).to_be_focused()


def test_an_item_used_folds_it(page: Page) -> None:
    """New game from the menu: the menu folds and the dialog opens; cancelled, the focus
    comes back to the Menu button."""
    page.tap(MENU)
    page.tap("[data-testid=new-game]")
    expect(page.locator("[data-testid=new-dialog]")).to_be_visible()
    expect(page.locator(MENU)).to_have_attribute("aria-expanded", "false")
    page.keyboard.press("Escape")
    expect(page.locator("[data-testid=new-dialog]")).to_be_hidden()
    expect(page.locator(MENU)).to_be_focused()


def test_a_tap_elsewhere_folds_it(page: Page) -> None:
    """Open, then a tap on the table: folded, and the tap did what it does."""
    page.tap(MENU)
    page.tap("[data-testid=region-game]", position={"x": 12, "y": 12})  # left of the open menu
    expect(page.locator(MENU)).to_have_attribute("aria-expanded", "false")


@pytest.mark.parametrize("size", list(TABLETS.values()), ids=list(TABLETS))
def test_on_a_tablet_the_toolbar_stands_in_the_header(page: Page, size: tuple[int, int]) -> None:
    """A tablet either way up: no Menu button, every item in view in the header."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.evaluate("window.scrollTo(0, 0)")
    expect(page.locator(MENU)).to_be_hidden()
    for item in ITEMS:
        expect(page.locator(f"[data-testid={item}]")).to_be_in_viewport()
