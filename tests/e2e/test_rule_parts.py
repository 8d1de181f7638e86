"""A rule whose parts differ in certainty (R8, halving: "Halving 0" is no official ruling): the
step names the part it applies in words, and the rule drawer leads with that part's certainty,
then lists the other parts, each with its own. No part id ("R8.zero") is ever shown."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from pyapp.rules.clauses import PARTS

from .board_harness import (
    DEMO,
    axe_violations,
    set_table,
    settle,
)

pytestmark = pytest.mark.e2e

VIEWPORT = (1280, 800)  # a 10-inch tablet held landscape, with touch (conftest.board_app)

DRAWER = "[data-testid=rule-dialog]"

PART_ID = re.compile(r"\b[A-Z]\d+\.[a-z][a-z-]*")  # "R8.zero", never to be read by a player


@pytest.fixture()
def page(board_page: Page) -> Page:
    """The demo table, no demand, the drawer closed (conftest.board_page), at VIEWPORT."""
    return board_page


def collapse_on_roof_zero(page: Page) -> None:
    """A Shelter with the Roof at 0; the player searches "roof", picks Collapse ("Lose half
    the Roof") and rules: halving 0 is 1 unit of unfulfilled demand (R8, part "Halving 0")."""
    state: dict[str, Any] = copy.deepcopy(DEMO)
    state.update(phase="event", planned_actions=[], roof=0)
    set_table(page, state)
    page.fill("[data-testid=demand-search]", "roof")
    page.locator("[data-testid=card-collapse]").tap()
    settle(page)
    preview = page.locator("[data-testid=preview]")
    if preview.is_enabled():
        preview.tap()
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")


def test_a_step_names_the_part_it_applies_in_words(page: Page) -> None:
    collapse_on_roof_zero(page)
    step = page.locator("[data-testid=steps] li", has=page.locator("a.clause[data-clause=R8]"))
    expect(step.first).to_be_visible()
    expect(step.first.locator(".certainty")).to_contain_text("Halving 0")
    expect(step.first.locator(".certainty")).to_contain_text("No official ruling")
    text = page.locator("[data-testid=panel]").inner_text()
    assert not PART_ID.search(text), PART_ID.findall(text)


def test_the_drawer_leads_with_the_certainty_of_the_part_that_applies(
    page: Page, site_url: str
) -> None:
    """Tapping R8 in that step: the drawer's banner is the part's (no official ruling), never
    "Stated by the rules (official)"; the other parts follow, each with its own certainty,
    in words; no part id anywhere in the drawer."""
    collapse_on_roof_zero(page)
    link = page.locator("[data-testid=steps] a.clause[data-clause=R8]").first
    expect(link).to_have_attribute("data-part", "R8.zero")
    link.scroll_into_view_if_needed()
    link.tap()
    drawer = page.locator(DRAWER)
    expect(drawer).to_be_visible()
    expect(drawer).to_have_attribute("data-code", "R8")
    expect(drawer).to_have_attribute("data-part", "R8.zero")
    banner = drawer.locator("[data-testid=rule-certainty]")
    expect(banner).to_have_count(1)
    expect(banner).to_contain_text("Halving 0")
    expect(banner).to_contain_text("No official ruling")
    expect(banner).not_to_contain_text("official).")
    # The banner comes first, then the other parts, then the rule's text.
    order = drawer.locator(
        "[data-testid=rule-certainty], [data-testid=clause-text], [data-testid=rule-parts]"
    ).evaluate_all("(nodes) => nodes.map((n) => n.dataset.testid)")
    assert order == ["rule-certainty", "rule-parts", "clause-text"], order
    others = drawer.locator("[data-testid=rule-parts] [data-testid=rule-part]")
    want = [p for pid, (c, p) in PARTS.items() if c.id == "R8" and pid != "R8.zero"]
    expect(others).to_have_count(len(want))
    words = {
        "stated": "Stated by the rules (official).",
        "derived": "Follows from stated rules",
        "house": "No official ruling",
    }
    for i, part in enumerate(want):
        expect(others.nth(i)).to_have_attribute("data-part", part.id)
        expect(others.nth(i)).to_contain_text(part.title)
        expect(others.nth(i)).to_contain_text(words[part.certainty])
    # The rule's own text carries no rule-wide "No official ruling" above its parts.
    expect(drawer.locator("[data-testid=clause-text]")).not_to_contain_text("No official ruling")
    expect(page.locator("[data-testid=live]")).to_contain_text("This step applies “Halving 0”")
    section = drawer.locator("[data-testid=rule-entry]").first
    expect(section).to_have_attribute("data-state", "ruled")
    text = drawer.inner_text()
    assert not PART_ID.search(text), PART_ID.findall(text)
    assert axe_violations(page, site_url, DRAWER) == []
    drawer.locator("[data-testid=rule-close]").tap()
    expect(drawer).to_be_hidden()
