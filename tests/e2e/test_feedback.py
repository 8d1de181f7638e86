"""Feedback where the player looks, from the second new-player trial: what Undo did is said
under the Undo button, never over the ruling it changed."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from .board_harness import App, check_clean, discard, open_board, settles

SIZES = {"tablet-landscape": (1280, 800), "tablet-portrait": (800, 1280), "desktop": (1440, 900)}


@pytest.fixture(params=list(SIZES), ids=list(SIZES))
def tablet(request: pytest.FixtureRequest, browser: Browser, site_url: str) -> Iterator[App]:
    booted, _ = open_board(browser, site_url, viewport=SIZES[request.param])
    yield booted
    check_clean(booted)
    booted.page.context.close()


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["x"] < b["x"] + b["width"]
        and b["x"] < a["x"] + a["width"]
        and a["y"] < b["y"] + b["height"]
        and b["y"] < a["y"] + a["height"]
    )


def test_what_undo_did_shows_under_undo_not_over_the_ruling(tablet: App) -> None:
    """The trial's Undo notice sat over "Each character suffers 1 Wound": after Apply, then
    Undo in the toolbar, the notice is inside the screen and clear of the verdict bar."""
    page: Page = tablet.page
    page.tap("[data-testid=available-wood-plus]")
    discard(page, "wood", 2)
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")
    with settles(page):
        page.tap("[data-testid=apply]")
    expect(page.locator("[data-testid=bar-status]")).to_have_text("Applied to the table")
    with settles(page):
        page.tap("[data-testid=undo]")
    toast = page.locator("[data-testid=undo-toast]")
    expect(toast).to_be_visible()
    expect(toast).to_contain_text("Undone")
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")
    box = toast.bounding_box()
    view = page.viewport_size
    assert box and view
    assert box["x"] >= 0 and box["x"] + box["width"] <= view["width"], box
    for part in ("headline", "apply"):
        other = page.locator(f"[data-testid={part}]").bounding_box()
        assert other and not overlap(box, other), (part, box, other)
