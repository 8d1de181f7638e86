"""Journeys at the table: from a fresh table to the ruling, on a 10-inch tablet held either way
and on a desktop, counting every tap, drag and key. The ruling's headline must end in view."""

from __future__ import annotations

from playwright.sync_api import expect

from .board_harness import (
    MOST_INTERACTIONS,
    App,
    Player,
    headline_in_view,
    no_problems,
)

MOST = MOST_INTERACTIONS


def test_event_phase_three_characters_discard_two_wood(fresh: App, site_url: str) -> None:
    """(a) Event Phase, 3 characters, 1 wood and 2 food: a card makes them discard 2 wood."""
    page = fresh.page
    player = Player(page)
    player.tap("add-char-carpenter")
    player.tap("available-wood-plus")
    player.tap("available-food-plus")
    player.tap("available-food-plus")
    player.tap("chip-discard")
    player.tap("d0-res-wood")
    player.tap("d0-n-plus")
    assert headline_in_view(page) == "Each character suffers 1 Wound."
    expect(page.locator("[data-testid=payments]")).to_contain_text("Wood: 1 of 2 paid — 1 short")
    expect(page.locator("[data-testid=steps]")).to_contain_text("C5")
    assert player.count == 7 + player.unfolds <= MOST
    no_problems(page, site_url)


def test_action_phase_carpenter_builds_roof_at_zero(fresh: App, site_url: str) -> None:
    """(b) Action Phase: the Carpenter resolves a Build; Roof −1 with the Roof at 0 and a built
    Shelter. The Carpenter, leading the only planned Action, is the resolver without asking."""
    page = fresh.page
    player = Player(page)
    player.tap("add-char-carpenter")
    player.tap("phase-action")
    player.tap("shelter-built")
    player.drag("pawn-card-carpenter-0", "space-build")
    player.tap("chip-track")
    resolver = page.locator("[data-testid=context-line]")
    expect(resolver).to_contain_text("Carpenter resolves the Build")
    assert headline_in_view(page) == "Carpenter suffers 1 Wound."
    expect(page.locator("[data-testid=steps]")).to_contain_text("C6")
    assert player.count == 5 + player.unfolds <= MOST
    no_problems(page, site_url)


def test_wood_tied_up_on_a_build_does_not_pay_an_event(fresh: App, site_url: str) -> None:
    """(c) 2 wood tied up on a planned Build; an Event demands 1 wood, which is short."""
    page = fresh.page
    player = Player(page)
    player.tap("available-wood-plus")
    player.tap("available-wood-plus")
    player.drag("pawn-card-cook-0", "space-build")
    player.drag("res-available-wood", "action-build-1")
    player.drag("res-available-wood", "action-build-1")
    player.tap("chip-discard")
    player.tap("d0-res-wood")
    assert headline_in_view(page) == "Each character suffers 1 Wound."
    expect(page.locator("[data-testid=payments]")).to_contain_text("Wood: 0 of 1 paid — 1 short")
    expect(page.locator("[data-testid=steps]")).to_contain_text("C2")
    assert player.count == 7 + player.unfolds <= MOST
    no_problems(page, site_url)
