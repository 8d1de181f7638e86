"""A table reopened while the rules still load: the last ruling is drawn greyed at its final
size, so nothing moves when the rules confirm it; a save from before headlines were kept says
in words that the ruling is coming; the card is named at once."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Browser, Page, expect

from .board_harness import (
    autosave_of,
    axe_violations,
    check_clean,
    cook_discards_wood,
    open_board,
    release,
    settle,
    wait_live,
)

RULES = "static/main.py"  # held back: the rules stay "loading" until the test lets them go

SIZES = {"tablet-landscape": (1280, 800), "tablet-portrait": (800, 1280)}


@pytest.fixture()
def page(board_page: Page) -> Page:
    """The board page on the demo table (conftest.board_page)."""
    return board_page


def top_of(page: Page, selector: str) -> float:
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    return box["y"]


def unfold(page: Page) -> None:
    """Upright the sheet opens folded to its bar: the player unfolds it to see the card."""
    if page.locator("html[data-sheet=closed]").count():
        page.tap("[data-testid=sheet-toggle]")


@pytest.mark.parametrize("size", list(SIZES), ids=list(SIZES))
def test_a_reloaded_ruling_lands_without_moving_the_panel(
    browser: Browser, site_url: str, page: Page, size: str
) -> None:
    """Reloaded with a demand, the bar shows the last ruling greyed ("being checked") at its
    final size, buttons and all: when the rules have ruled again, nothing below it moves."""
    said = cook_discards_wood(page, 4)
    assert "Cook (Ana) suffers 1 Wound" in said
    slow, held = open_board(
        browser, site_url, hold=RULES, storage=autosave_of(page), viewport=SIZES[size]
    )
    sp = slow.page
    try:
        sp.wait_for_selector("[data-testid=verdict-bar][data-state=pending]")
        assert sp.get_attribute("html", "data-rules-ready") == "false"
        unfold(sp)
        headline = sp.locator("[data-testid=headline]")
        expect(headline).to_have_text(said)
        expect(headline).to_have_class("headline is-waiting")
        expect(sp.locator("[data-testid=bar-status]")).to_have_text("Being checked…")
        expect(sp.locator("[data-testid=apply]")).to_be_disabled()
        expect(sp.locator("[data-testid=why]")).to_be_disabled()
        before = {s: top_of(sp, s) for s in ("#panel-body", "#demand-title")}
        bar_before = sp.locator("[data-testid=verdict-bar]").bounding_box()
        assert axe_violations(sp, site_url, "[data-testid=panel]") == []
        release(sp, held, RULES)
        wait_live(sp)
        sp.wait_for_selector("[data-testid=ruling][data-state=preview]")
        expect(headline).to_have_text(said)
        expect(headline).not_to_have_class("headline is-waiting")
        expect(sp.locator("[data-testid=apply]")).to_be_enabled()
        expect(sp.locator("[data-testid=why]")).to_be_enabled()
        after = {s: top_of(sp, s) for s in before}
        bar_after = sp.locator("[data-testid=verdict-bar]").bounding_box()
        assert bar_before and bar_after
        assert abs(bar_after["height"] - bar_before["height"]) <= 2, (bar_before, bar_after)
        for selector, y in before.items():
            assert abs(after[selector] - y) <= 2, (selector, y, after[selector])
        assert axe_violations(sp, site_url, "[data-testid=panel]") == []
        check_clean(slow)
    finally:
        sp.context.close()


def test_a_save_from_before_keeps_the_bar_calm_until_the_rules_are_ready(
    browser: Browser, site_url: str, page: Page
) -> None:
    """A save written before headlines were kept: the bar says in words that the ruling comes
    once the rules are ready (never "null", never empty), then shows it."""
    cook_discards_wood(page, 2)
    storage = autosave_of(page)
    pointer = json.loads(storage["castaway-referee.v2.current"])
    head = json.loads(storage[pointer["current"]])
    head["demand"].pop("shown")
    storage[pointer["current"]] = json.dumps(head)
    slow, held = open_board(browser, site_url, hold=RULES, storage=storage, viewport=(1280, 800))
    sp = slow.page
    try:
        sp.wait_for_selector("[data-testid=verdict-bar][data-state=pending]")
        expect(sp.locator("[data-testid=headline]")).to_have_text(
            "Ruling once the rules are ready…"
        )
        expect(sp.locator("[data-testid=bar-status]")).to_have_text("Waiting for the rules")
        release(sp, held, RULES)
        wait_live(sp)
        sp.wait_for_selector("[data-testid=ruling][data-state=preview]")
        expect(sp.locator("[data-testid=headline]")).to_contain_text("Paid in full")
        check_clean(slow)
    finally:
        sp.context.close()


def test_a_reloaded_card_is_named_at_once_before_the_rules(
    browser: Browser, site_url: str, page: Page
) -> None:
    """Reloaded with a card's demand, the card was shown as its bare demand until the card list
    came with the rules, then by name (upright, where the card sits high in the sheet): it is
    named at once, and stays so when the rules have come."""
    page.fill("[data-testid=demand-search]", "termites")
    page.click("[data-testid=card-termites]")
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")
    settle(page)
    name = page.text_content("#chosen-title") or ""
    words = page.text_content("[data-testid=demand-chosen] .card-text") or ""
    assert name and words
    slow, held = open_board(
        browser, site_url, hold=RULES, storage=autosave_of(page), viewport=(800, 1280)
    )
    sp = slow.page
    try:
        sp.wait_for_selector("[data-testid=verdict-bar][data-state=pending]")
        assert sp.get_attribute("html", "data-rules-ready") == "false"
        unfold(sp)
        expect(sp.locator("#chosen-title")).to_have_text(name)
        expect(sp.locator("[data-testid=demand-chosen] .card-text")).to_have_text(words)
        top = top_of(sp, "[data-testid=context]")
        release(sp, held, RULES)
        wait_live(sp)
        sp.wait_for_selector("[data-testid=ruling][data-state=preview]")
        expect(sp.locator("#chosen-title")).to_have_text(name)
        assert abs(top_of(sp, "[data-testid=context]") - top) <= 2
        check_clean(slow)
    finally:
        sp.context.close()
