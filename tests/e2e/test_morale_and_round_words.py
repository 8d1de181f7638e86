"""The Morale Phase at the top of its track, and round 1, as a player meets them.

At Morale +3 the players choose: 2 Determination tokens or heal 1 Wound (R7). The box that
asks fits the panel on an iPad held either way and on a phone, and the verdict says what the
First Player gains, not "No one is wounded". Round 1 has no Event Phase: at round 1's Event
Phase, or with an Event card picked in round 1, the core says so under the headline, with
the one tap to the Morale Phase where the table says the Event Phase."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .board_harness import DEMO, at, axe_violations, set_table, settle, table

pytestmark = pytest.mark.e2e

SIZES = {"ipad": (1180, 820), "ipad-upright": (820, 1180), "phone": (390, 844)}

# What sticks out of the players' choices: any part of the box, or of what it holds, past
# the box's own right edge or the window's.
STICKING_OUT = """(box) => {
  const edge = Math.min(box.getBoundingClientRect().right, document.documentElement.clientWidth);
  const out = [box, ...box.querySelectorAll("*")].filter((el) =>
    el.getBoundingClientRect().right > edge + 0.5 || el.scrollWidth > el.clientWidth + 1);
  return out.map((el) => el.tagName + "." + el.className + " " + Math.round(
    el.getBoundingClientRect().right) + " > " + Math.round(edge));
}"""


@pytest.fixture()
def page(board_page: Page) -> Page:
    """The demo table, no demand (conftest.board_page)."""
    return board_page


def demo(**changes: Any) -> dict[str, Any]:
    state: dict[str, Any] = copy.deepcopy(DEMO)
    state.update(planned_actions=[], future={}, **changes)
    return state


def whole_morale_phase(page: Page) -> None:
    page.locator("[data-testid=chip-whole-morale]").tap()
    settle(page)
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")


@pytest.mark.parametrize("size", SIZES.values(), ids=SIZES.keys())
def test_at_the_top_of_morale_the_choice_fits_and_the_verdict_says_the_gain(
        page: Page, site_url: str, size: tuple[int, int]) -> None:
    """Morale +3, the Morale Phase: the choice of 2 tokens or 1 Wound healed fits its box,
    and the headline says what the First Player (the Carpenter) gains, or heals; axe-core
    finds nothing in the box."""
    at(page, size)
    set_table(page, demo(phase="morale", round=2, morale=3))
    whole_morale_phase(page)
    box = page.locator("[data-testid=decisions]")
    expect(box).to_be_visible()
    box.scroll_into_view_if_needed()
    assert box.evaluate(STICKING_OUT) == []
    # Each option whole, one tap each (a menu cut "Take 2 Determination tokens" short).
    expect(box.locator("select")).to_have_count(0)
    expect(box.get_by_role("radio", name="Take 2 Determination tokens (suggested)")).to_be_checked()
    expect(box.get_by_role("radio", name="Heal 1 Wound")).to_be_visible()
    headline = page.locator("[data-testid=headline]")
    expect(headline).to_have_text("Carpenter (Ben) gains 2 Determination tokens.")
    expect(headline).not_to_contain_text("wounded")
    box.get_by_role("radio", name="Heal 1 Wound").check()
    settle(page)
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")
    expect(headline).to_contain_text("Carpenter (Ben) heals 1 Wound")
    assert box.evaluate(STICKING_OUT) == []
    assert axe_violations(page, site_url, "[data-testid=decisions]") == []



def pick_card(page: Page, card_id: str, search: str) -> None:
    page.fill("[data-testid=demand-search]", search)
    page.locator(f"[data-testid=card-{card_id}]").click()
    settle(page)


def test_round_one_has_no_event_phase_and_the_board_says_so(page: Page, site_url: str) -> None:
    """Round 1, the Event Phase, an Event card picked: the note under the headline says round
    1 has none, and its one tap sets the Morale Phase. The card stays an Event card, so the
    note stays, without the tap; from round 2 there is no note."""
    at(page, SIZES["ipad"])
    set_table(page, demo(phase="event", round=1))
    pick_card(page, "termites", "termites")
    note = page.locator("[data-testid=first-round]")
    expect(note).to_contain_text("Round 1 has no Event Phase")
    expect(note).to_contain_text("no Event card is drawn until round 2")
    expect(note).to_be_in_viewport()
    assert axe_violations(page, site_url, "[data-testid=first-round]") == []
    page.locator("[data-testid=first-round-set]").click()
    settle(page)
    page.wait_for_function("() => document.documentElement.dataset.busy === '0'")
    assert table(page)["phase"] == "morale"
    expect(note).to_contain_text("no Event card is drawn until round 2")
    expect(page.locator("[data-testid=first-round-set]")).to_have_count(0)
    set_table(page, demo(phase="event", round=2))
    settle(page)
    expect(page.locator("[data-testid=ruling][data-state=preview]")).to_be_visible()
    expect(note).to_have_count(0)


def test_round_one_at_the_event_phase_with_any_demand_is_pointed_out(page: Page) -> None:
    """No card, a demand composed at round 1's Event Phase: the note says the game begins
    with the Morale Phase."""
    set_table(page, demo(phase="event", round=1))
    page.locator("[data-testid=chip-discard]").click()
    settle(page)
    expect(page.locator("[data-testid=first-round]")).to_contain_text(
        "the game begins with the Morale Phase")
    expect(page.locator("[data-testid=first-round-set]")).to_have_text("Set the Morale Phase")
