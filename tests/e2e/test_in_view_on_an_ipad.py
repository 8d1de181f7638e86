"""On an iPad held landscape (and upright, for the card just picked), what the player just did or
needs next stays in view and in place: the bar's line of what is paid, the card picked with
its text under the headline, the Wounds table inside the panel, and the cards below the
action spaces when the first Action is planned."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .board_harness import (
    TABLETS_AS_HELD,
    at,
    demo,
    discard,
    set_table,
    settle,
    settles,
    touch_drag,
    whole_in_view,
)

IPAD = (1180, 820)

VIEWPORT = IPAD  # an iPad held landscape, with touch (conftest.board_app)

SIZES = TABLETS_AS_HELD


@pytest.fixture()
def page(board_page: Page) -> Page:
    """The demo table, no demand, nothing held (conftest.board_page), at VIEWPORT."""
    at(board_page, VIEWPORT)
    return board_page



def test_the_verdict_bar_says_what_is_paid(page: Page) -> None:
    """1 wood, a demand for 2: under "Each character suffers 1 Wound" the bar says the 1 wood
    is paid and 1 is short, without "Why?"."""
    set_table(page, demo(phase="event", planned_actions=[], available={"wood": 1, "food": 2}))
    discard(page, "wood", 2)
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")
    expect(page.locator("[data-testid=bar-paid]")).to_have_text("Wood: 1 of 2 paid — 1 short")
    expect(page.locator("[data-testid=bar-paid]")).to_be_in_viewport()


def test_the_first_planned_action_moves_nothing_below_it(page: Page) -> None:
    """No Action planned, then a pawn dropped on Build: the action spaces kept a planned
    Action's height from the start, so the cards below stay where they were."""
    set_table(page, demo(phase="action", planned_actions=[]))
    top = "(el) => el.getBoundingClientRect().top + window.scrollY"  # on the page, not the screen
    card = "[data-drop-key=card-cook]"
    before = page.eval_on_selector(card, top)
    with settles(page):
        touch_drag(page, "[data-testid=pawn-card-cook-0]", "[data-testid=space-build]")
    expect(page.locator("[data-testid=space-build] [data-testid^=action-]").first).to_be_visible()
    after = page.eval_on_selector(card, top)
    assert abs(before - after) <= 1, (before, after)


def test_the_wounds_table_fits_the_ipads_panel(page: Page) -> None:
    """Three characters wounded: the table of Wounds is no wider than the panel beside an
    iPad's table (its last column, "Dies?", whole) and no header word is broken."""
    set_table(page, demo(phase="event", planned_actions=[], available={"wood": 1}))
    discard(page, "wood", 2)
    page.wait_for_selector("[data-testid=wounds]")
    wide = page.eval_on_selector(
        "[data-testid=wounds]",
        """(t) => [t.scrollWidth, t.parentElement.clientWidth,
                  [...t.querySelectorAll('thead th > span:first-child')]
                    .filter((w) => w.getBoundingClientRect().width > w.parentElement.clientWidth)
                    .map((w) => w.textContent)]""",
    )
    assert wide[0] <= wide[1] and wide[2] == [], wide


@pytest.mark.parametrize("size", list(SIZES), ids=list(SIZES))
def test_a_picked_cards_text_is_in_view_with_the_headline(page: Page, size: str) -> None:
    """Found by its words and tapped: the card's name and its text are whole in the window
    at once, under the ruling's headline, which stays in view; the search gives up the
    keyboard (upright, the iPad's own keyboard would hide the sheet)."""
    at(page, SIZES[size])
    page.tap("[data-testid=demand-search]")
    page.fill("[data-testid=demand-search]", "hungry predator attack")
    page.tap("[data-testid=card-attack-of-a-hungry-predator]")
    card = page.locator("[data-testid=demand-chosen] .demand-card")
    expect(card.locator("h3")).to_have_text("Attack of a Hungry Predator")
    whole_in_view(card.locator("h3"), card.locator(".card-text"))
    settle(page)
    whole_in_view(
        card.locator("h3"), card.locator(".card-text"), page.locator("[data-testid=headline]")
    )
    expect(page.locator("[data-testid=bar-status]")).to_have_text("Preview: not applied yet")
    assert page.evaluate("document.activeElement.id") == "chosen-title"
    assert page.evaluate("[window.scrollY, document.documentElement.scrollLeft]") == [0, 0]


def test_a_card_picked_from_a_decks_list_is_in_view_too(page: Page) -> None:
    """Upright, "Event" lists the Event deck above where the card is shown: the pick ends
    the search (the list and the deck filter go), and the card is in view."""
    at(page, SIZES["ipad-upright"])
    page.fill("[data-testid=demand-search]", "")
    page.tap("[data-testid=deck-event]")
    page.locator("[data-testid=card-unusually-cold-night]").tap()
    card = page.locator("[data-testid=demand-chosen] .demand-card")
    whole_in_view(
        card.locator("h3"), card.locator(".card-text"), page.locator("[data-testid=headline]")
    )
    expect(page.locator("[data-testid=card-results] li")).to_have_count(0)
    expect(page.locator("[data-testid=deck-event]")).to_have_attribute("aria-pressed", "false")
    settle(page)
    whole_in_view(card.locator(".card-text"), page.locator("[data-testid=headline]"))
