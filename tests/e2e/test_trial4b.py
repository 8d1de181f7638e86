"""Issue 13, fourth trial, second part: what a new player found on a touch tablet.

1. At Night, "Who eats the camp's food, when it is short?" was asked with food enough for
   everyone in the camp: the core now offers that choice only when the food is short.
2. The rule drawer, opened from a step that applies one part of a ruling (R8, "Halving 0"),
   said "Stated by the rules (official)" above "No official ruling", and the step showed the
   part's id ("R8.zero"): the drawer now leads with that part's certainty, lists the other
   parts each with its own, and a part is named in words everywhere a player reads."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from pyapp.rules.clauses import PARTS

from .board_harness import DEMO, axe_violations, set_table, settle

pytestmark = pytest.mark.e2e

VIEWPORT = (1280, 800)  # a 10-inch tablet held landscape, with touch (conftest.board_app)

DRAWER = "[data-testid=rule-dialog]"
PART_ID = re.compile(r"\b[A-Z]\d+\.[a-z][a-z-]*")  # "R8.zero", never to be read by a player


@pytest.fixture()
def page(board_page: Page) -> Page:
    """The demo table, no demand, the drawer closed (conftest.board_page), at VIEWPORT."""
    return board_page


def night_eating(page: Page, food: int) -> None:
    """Night, a Shelter, `food` food in the camp, the Explorer outside the camp: the players
    compose "Night: eating" and the ruling is shown."""
    state: dict[str, Any] = copy.deepcopy(DEMO)
    state.update(phase="night", planned_actions=[], available={"food": food}, future={})
    set_table(page, state)
    page.select_option("[data-testid=compose-kind]", "night_eating")
    page.click("[data-testid=compose-add]")
    settle(page)
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")


@pytest.mark.parametrize("food", [2, 3])
def test_who_eats_is_not_asked_when_the_camps_food_is_enough(
    page: Page, site_url: str, food: int
) -> None:
    """2 or 3 food for the 2 in the camp (the Explorer outside): no "who eats" choice; the
    Cook and the Carpenter eat; the Explorer, outside with nothing carried, goes hungry."""
    night_eating(page, food)
    panel = page.locator("[data-testid=panel]")
    expect(page.locator("[data-decision=fed]")).to_have_count(0)
    expect(panel).not_to_contain_text("Who eats")
    steps = page.locator("[data-testid=steps]")
    expect(steps).to_contain_text("Cook eats 1 food")
    expect(steps).to_contain_text("Carpenter eats 1 food")
    expect(steps).to_contain_text("Explorer is outside the camp: cannot eat the camp's food")
    expect(page.locator("[data-testid=headline]")).to_contain_text(
        "Explorer (Chloé) suffers 2 Wounds"
    )
    assert axe_violations(page, site_url, "[data-testid=panel]") == []


def test_who_eats_is_asked_when_the_camps_food_is_short(page: Page, site_url: str) -> None:
    """1 food for the 2 in the camp: the choice is there, offering only those in the camp."""
    night_eating(page, 1)
    fed = page.locator("[data-decision=fed]")
    expect(fed.locator("input[type=checkbox]")).to_have_count(2)
    expect(fed.locator("[data-option=explorer]")).to_have_count(0)
    expect(fed.locator(".question")).to_contain_text("Who eats the camp's food, when it is short?")
    assert axe_violations(page, site_url, "[data-testid=panel]") == []


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
