"""The whole Night in one ruling, not card by card (eating, then sleeping outside, as two
rulings). At Night, "The whole Night" leads the chips: every character eats, then spends the
night (without a Shelter, or outside the camp), in that order, in one ruling, with the
headline in view."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .board_harness import DEMO, axe_violations, set_table, settle

pytestmark = pytest.mark.e2e

VIEWPORT = (1280, 800)  # a 10-inch tablet held landscape, with touch (conftest.board_app)

CHIP = "[data-testid=chip-whole-night]"


@pytest.fixture()
def page(board_page: Page) -> Page:
    """The demo table, no demand, the drawer closed (conftest.board_page), at VIEWPORT."""
    return board_page


def night(page: Page, **table: Any) -> None:
    """The demo's characters at Night (the Explorer outside the camp), nothing planned."""
    state: dict[str, Any] = copy.deepcopy(DEMO)
    state.update(phase="night", planned_actions=[], future={}, **table)
    set_table(page, state)


def in_view(page: Page, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    assert box is not None and size is not None
    return box["y"] >= 0 and box["y"] + box["height"] <= size["height"]


def test_the_whole_night_is_one_ruling_eating_then_sleeping(page: Page, site_url: str) -> None:
    """No Shelter, 1 food for the two in the camp, the Explorer outside: one tap rules the
    Night. The steps eat first, then sleep; the one who goes hungry and every character
    without a roof are wounded, each for their own reason."""
    night(page, shelter="none", roof=0, palisade=0, available={"food": 1})
    chip = page.locator(CHIP)
    expect(chip).to_be_visible()
    expect(chip).to_contain_text("The whole Night")
    expect(chip).to_contain_text("eating, then sleeping")
    chip.tap()
    settle(page)
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")
    chosen = page.locator("[data-testid=demand-chosen]")
    expect(chosen).to_contain_text("Night: each character eats 1 food")
    expect(chosen).to_contain_text("Night without a Shelter")
    clauses = page.eval_on_selector_all(
        "[data-testid=steps] li [data-clause]", "links => links.map((a) => a.dataset.clause)"
    )
    eat, sleep = clauses.index("G-night-eat"), clauses.index("G-night-shelter")
    assert eat < sleep, clauses
    expect(page.locator("[data-testid=headline]")).not_to_have_text("")
    assert in_view(page, "[data-testid=headline]")
    wounded = page.eval_on_selector_all(
        "[data-testid=wounds] tbody tr", "rows => rows.map(r => r.dataset.figure)"
    )
    assert {"cook", "carpenter", "explorer"} <= set(wounded)
    assert axe_violations(page, site_url, "[data-testid=demand-panel]") == []


def test_the_whole_night_takes_the_place_of_what_was_composed(page: Page) -> None:
    """A Night is ruled once: the chip replaces a demand composed before it, never adds a
    second eating to it."""
    night(page, shelter="built", available={"food": 3})
    page.select_option("[data-testid=compose-kind]", "night_eating")
    page.click("[data-testid=compose-add]")
    settle(page)
    page.locator(CHIP).tap()
    settle(page)
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")
    items = page.locator("[data-testid=demand-chosen] li[data-testid^=demand-]")
    expect(items).to_have_count(2)


def test_the_chip_is_there_at_night_only(page: Page) -> None:
    """Set the phase away from Night and the chip goes; back to Night and it is there again,
    first among the chips."""
    night(page, shelter="built", available={"food": 3})
    expect(page.locator(CHIP)).to_be_visible()
    page.tap("[data-testid=phase-event]")
    expect(page.locator(CHIP)).to_have_count(0)
    page.tap("[data-testid=phase-night]")
    expect(page.locator(CHIP)).to_be_visible()
    first = page.locator("[data-testid=quick-chips] button").first
    expect(first).to_have_attribute("data-testid", "chip-whole-night")
