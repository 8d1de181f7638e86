"""Share is one tap: the device's share sheet where the browser has one; else the link is
copied and a bubble beside the Share button says so (screen readers hear it); only a link
that could not be copied is shown, selected, to copy by hand. The raw link is never the way
a share starts."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from .board_harness import axe_violations, demo, set_table, settle

SIZES = {"ipad": (1180, 820), "ipad-upright": (820, 1180), "phone": (390, 844)}

VIEWPORT = SIZES["ipad"]

SHARE = "[data-testid=verdict-bar] [data-testid=share]"
SAID = "[data-testid=share-said]"
NO_SHARE_SHEET = """() => Object.defineProperty(navigator, "share", { configurable: true,
  value: undefined })"""


@pytest.fixture(params=list(SIZES.values()), ids=list(SIZES))
def page(request: pytest.FixtureRequest, board_page: Page) -> Iterator[Page]:
    """A ruling on show (Morale −1 at the Event Phase) at each size, the sheet folded where
    there is one; the browser's share and clipboard as they were, after the test."""
    width, height = request.param
    page = board_page
    page.bring_to_front()  # the tab in front, as a player's is (the clipboard needs its focus)
    page.set_viewport_size({"width": width, "height": height})
    set_table(page, demo(phase="event", planned_actions=[]))
    if page.locator("html[data-sheet=closed]").count():
        page.tap("[data-testid=sheet-toggle]")
    page.tap("[data-testid=chip-morale]")
    settle(page)
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")
    if page.locator("[data-testid=sheet-toggle]").is_visible():
        page.tap("[data-testid=sheet-toggle]")  # folded again: the bar alone, as a player shares
    yield page
    page.evaluate("""() => {
      delete navigator.share;
      delete navigator.clipboard.writeText;
      // a tap elsewhere dismisses the bubble
      document.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
      const bubble = document.getElementById('share-said');
      bubble.hidden = true;
      bubble.textContent = '';  // the next test waits for its own words, not these
    }""")


def beside(page: Page, selector: str, anchor: str) -> None:
    """`selector` is whole in the window and within a finger's reach of `anchor` (60 px)."""
    box, near = page.locator(selector).bounding_box(), page.locator(anchor).bounding_box()
    assert box is not None and near is not None
    size = page.viewport_size or {"width": 0, "height": 0}
    assert 0 <= box["x"] <= size["width"] - box["width"], box
    assert 0 <= box["y"] <= size["height"] - box["height"], box
    gap_y = max(near["y"] - (box["y"] + box["height"]), box["y"] - (near["y"] + near["height"]), 0)
    assert gap_y <= 60, (box, near)


def test_the_share_sheet_where_the_browser_has_one(page: Page) -> None:
    """navigator.share there: one tap hands it the link (the shared table and its demand),
    and "Shared." is said beside the button; no link field is opened."""
    page.evaluate("""() => Object.defineProperty(navigator, "share", { configurable: true,
      value: async (data) => { window.__shared = data; } })""")
    page.tap(SHARE)
    expect(page.locator(SAID)).to_have_text("Shared.")
    shared = page.evaluate("window.__shared")
    assert "#r=1." in shared["url"] and shared["title"] == "A ruling from Castaway Referee"
    beside(page, SAID, SHARE)
    expect(page.locator("[data-testid=live]")).to_have_text("Shared.")
    expect(page.locator("[data-testid=share-url]")).to_be_hidden()


def test_without_a_share_sheet_the_link_is_copied_and_said_beside_the_button(
    page: Page, site_url: str
) -> None:
    """No navigator.share: one tap copies the link; the bubble beside Share says so, screen
    readers hear it, and what was copied is the link of the panel's folded "The link"."""
    page.context.grant_permissions(
        ["clipboard-read", "clipboard-write"], origin=site_url.rstrip("/")
    )
    page.evaluate(NO_SHARE_SHEET)
    page.tap(SHARE)
    said = "Link copied: paste it in a message to share this ruling."
    expect(page.locator(SAID)).to_have_text(said)
    beside(page, SAID, SHARE)
    expect(page.locator("[data-testid=live]")).to_have_text(said)
    copied = page.evaluate("navigator.clipboard.readText()")
    assert "#r=1." in copied and copied == page.locator("[data-testid=share-url]").input_value()
    expect(page.locator("[data-testid=share-url]")).to_be_hidden()
    assert axe_violations(page, site_url, "[data-testid=panel]") == []
    page.keyboard.press("Escape")
    expect(page.locator(SAID)).to_be_hidden()  # until the next tap or key


def test_a_link_that_cannot_be_copied_is_shown_selected(page: Page) -> None:
    """No share sheet and the copy refused: the link is shown under the demand, in view,
    focused and selected, and the bubble says how to copy it."""
    page.evaluate(NO_SHARE_SHEET)
    page.evaluate("""() => {
      Object.defineProperty(navigator.clipboard, "writeText", { configurable: true,
        value: () => Promise.reject(new DOMException("refused", "NotAllowedError")) });
    }""")
    page.tap(SHARE)
    url = page.locator("[data-testid=share-url]")
    expect(url).to_be_in_viewport()
    expect(url).to_be_focused()
    assert "#r=1." in url.input_value()
    selected = page.evaluate("(({ selectionEnd: b, selectionStart: a }) => b - a)"
                             "(document.activeElement)")
    assert selected == len(url.input_value())
    expect(page.locator(SAID)).to_have_text(
        "The link is selected under the demand: copy it with your device's Copy."
    )
