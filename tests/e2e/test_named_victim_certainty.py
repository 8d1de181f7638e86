"""How sure the board says a ruling is when the card names who suffers: the Jaguar says "each
character suffers 1 Wound", so its ruling is official, not "Follows from the rules", and the
step naming them says it is stated by the card; the same Wound with nobody named is still a
reading of C5, and says so."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from .board_harness import DEMO, set_table, settle

# The demo table in the Event Phase, no planned Action, without Friday: the Cook, the
# Carpenter, the Explorer and the Dog.
EVENT: dict[str, Any] = {k: v for k, v in json.loads(json.dumps(DEMO)).items() if k != "friday"}
EVENT.update(phase="event", planned_actions=[])


@pytest.fixture()
def page(board_page: Page) -> Iterator[Page]:
    """The board on the Event-Phase table, no demand, Advanced closed (conftest.board_page
    checks it is clean afterwards)."""
    if board_page.locator("[data-testid=advanced]").evaluate("(d) => d.open"):
        board_page.click("[data-testid=advanced] > summary")
    set_table(board_page, json.loads(json.dumps(EVENT)))
    yield board_page


def pick_jaguar(page: Page) -> None:
    page.fill("[data-testid=demand-search]", "jaguar")
    page.click("[data-testid=card-jaguar-event]")
    settle(page)
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")


def named_step(page: Page) -> Locator:
    """The step that says who suffers because the card names them (G-named-victim)."""
    return page.locator("[data-testid=steps] > li",
                        has=page.locator("[data-clause=G-named-victim]"))


def test_the_jaguar_naming_each_character_is_official(page: Page) -> None:
    """Picked from the card search, the Jaguar's ruling is official: every deciding step is
    stated by the rules or by the card, and the step naming its victims is the card's."""
    pick_jaguar(page)
    sure = page.locator("[data-testid=ruling-certainty]")
    expect(sure).to_have_attribute("data-grade", "official")
    expect(sure).to_have_text(
        "Official. Every step that decides it is stated by the rules or by the card."
    )
    expect(named_step(page).locator(".certainty")).to_have_text("Official: stated by the card")
    expect(page.locator("[data-testid=bar-certainty]")).to_have_count(0)


def test_the_same_wound_naming_nobody_follows_from_the_rules(page: Page) -> None:
    """Typed with its victims left to the rules, the same Wound is dealt to C5's victims by
    reading: "Follows from the rules", in the panel and in the verdict bar."""
    page.click("[data-testid=advanced] > summary")
    page.fill("[data-testid=effect-json]", json.dumps({"demands": [{"kind": "wounds",
                                                                     "amount": 1}]}))
    page.click("[data-testid=effect-json-use]")
    settle(page)
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")
    sure = page.locator("[data-testid=ruling-certainty]")
    expect(sure).to_have_attribute("data-grade", "derived")
    expect(sure).to_contain_text("(C5: Who suffers: all characters)")
    expect(page.locator("[data-testid=bar-certainty]")).to_have_text("Follows from the rules")
    expect(named_step(page)).to_have_count(0)


def test_with_friday_at_the_table_the_jaguar_rests_on_r2(page: Page) -> None:
    """Friday joins: "each character" leaves him out by R2 (Event cards and effects on all
    characters do not hit him), which follows from the rules; the card's step stays the
    card's."""
    set_table(page, {**json.loads(json.dumps(EVENT)), "friday": {"wounds": 1}})
    pick_jaguar(page)
    sure = page.locator("[data-testid=ruling-certainty]")
    expect(sure).to_have_attribute("data-grade", "derived")
    expect(sure).to_contain_text("(R2: Event cards and effects on all characters)")
    expect(named_step(page).locator(".certainty")).to_have_text("Official: stated by the card")
