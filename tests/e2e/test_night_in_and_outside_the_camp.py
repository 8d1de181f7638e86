"""At Night, who is in the camp matters: the camp's food is offered only to those in it, and
"who eats" is asked only when it is short for them; the card "Night outside the camp" hurts
whoever is marked outside, and nobody is asked who resolves an Action."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .board_harness import (
    DEMO,
    axe_violations,
    set_table,
    settle,
)

pytestmark = pytest.mark.e2e

VIEWPORT = (1280, 800)  # a 10-inch tablet held landscape, with touch (conftest.board_app)


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


def test_at_night_the_character_outside_the_camp_is_not_offered_the_camps_food(
    page: Page, site_url: str
) -> None:
    """Night, a Shelter, 1 food (short for the two in the camp), the Explorer's "In camp"
    off: "who eats" offers only the Cook and the Carpenter and says why the Explorer is not
    there; the steps say the Explorer cannot eat the camp's food. (With food enough for those
    in the camp, there is no choice to make: see
    test_who_eats_is_not_asked_when_the_camps_food_is_enough.)"""
    state = copy.deepcopy(DEMO)
    state.update(phase="night", planned_actions=[], available={"food": 1}, future={})
    set_table(page, state)
    page.select_option("[data-testid=compose-kind]", "night_eating")
    page.click("[data-testid=compose-add]")
    settle(page)
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")
    expect(page.locator("[data-testid=headline]")).to_contain_text("Explorer (Chloé)")
    fed = page.locator("[data-decision=fed]")
    expect(fed.locator("input[type=checkbox]")).to_have_count(2)
    expect(fed.locator("[data-option=explorer]")).to_have_count(0)
    expect(fed.locator(".question")).to_contain_text("Explorer, outside the camp, cannot eat it")
    expect(page.locator("[data-testid=steps]")).to_contain_text(
        "Explorer is outside the camp: cannot eat the camp's food"
    )
    assert axe_violations(page, site_url, "[data-testid=panel]") == []


def night_table(**changes: Any) -> dict[str, Any]:
    state = copy.deepcopy(DEMO)
    state.update(phase="night", planned_actions=[], **changes)
    return state


def test_night_outside_the_camp_hurts_who_is_marked_outside(page: Page) -> None:
    """The "Night outside the camp" card at Night: the Explorer, marked outside the camp,
    suffers its Wound; nobody is asked who resolves an Action."""
    set_table(page, night_table())
    page.fill("[data-testid=demand-search]", "night outside the camp")
    page.click("[data-testid=card-night-outside-camp]")
    settle(page)
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")
    expect(page.locator("[data-testid=headline]")).to_have_text("Explorer (Chloé) suffers 1 Wound.")
    expect(page.locator("[data-testid=demand-panel]")).not_to_contain_text(
        "Who resolves this Action"
    )
    expect(page.locator("[data-testid=verdict-bar]")).not_to_contain_text(
        "Who resolves this Action"
    )
