"""Words a new player reads on the board: each character card names its counters; a payment
says lowered, discarded or paid, as the demand was; what could not be paid is said in the
players' words, never "unit"; the Wounds table's headers, the log and Settings speak plainly."""

from __future__ import annotations

import copy

import pytest
from playwright.sync_api import Page, expect

from .board_harness import (
    DEMO,
    axe_violations,
    discard,
    set_table,
    settle,
    settles,
    small_targets,
)


@pytest.fixture()
def page(board_page: Page) -> Page:
    """The board page on the demo table (conftest.board_page)."""
    return board_page


@pytest.mark.parametrize("size", [(1280, 800), (800, 1280)], ids=["landscape", "portrait"])
def test_wounds_and_determination_are_named_on_each_card(page: Page, size: tuple[int, int]) -> None:
    """A counter shown as "− 2 +" alone does not say what it counts: each card names its
    wound track and its Determination in words, inside their 44 px rows (no taller card)."""
    old = page.viewport_size
    page.set_viewport_size({"width": size[0], "height": size[1]})
    try:
        for role in ("cook", "carpenter", "explorer"):
            card = page.locator(f"[data-testid=char-{role}]")
            for row, word in (("wound-row", "Wounds"), ("det-row", "Determination")):
                label = card.locator(f".{row} .count-label")
                expect(label).to_be_visible()
                assert (label.text_content() or "").replace("\u00ad", "") == word
                box, line = label.bounding_box(), card.locator(f".{row}").bounding_box()
                assert box and line
                assert (
                    line["y"] - 1 <= box["y"]
                    and box["y"] + box["height"] <= line["y"] + line["height"] + 1
                )
                assert line["height"] <= 45, (role, row, line)  # the buttons' height, no more
        if size == (1280, 800):
            for role in ("cook", "carpenter", "explorer"):
                card_box = page.locator(f"[data-testid=char-{role}]").bounding_box()
                assert card_box and card_box["height"] <= 4 * 44 + 20, card_box  # four 44 px rows
        assert small_targets(page) == []
    finally:
        if old:
            page.set_viewport_size(old)


def test_a_track_demand_says_lowered_and_determination_says_discarded(
    page: Page, site_url: str
) -> None:
    """Roof −1 with the Roof at 0 under a built Shelter reads "Roof: lowered 0 of 1 — 1
    short", not "paid"; Determination is discarded; a resource is still paid."""
    state = copy.deepcopy(DEMO)
    state.update(phase="event", planned_actions=[], roof=0, available={"wood": 1})
    set_table(page, state)
    page.click("[data-testid=chip-track]")
    settle(page)
    page.select_option("[data-testid=compose-kind]", "discard_determination")
    page.click("[data-testid=compose-add]")
    settle(page)
    page.click("[data-testid=chip-discard]")
    settle(page)
    page.click("[data-testid=d2-res-wood]")
    settle(page)
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")
    lines = page.locator("[data-testid=payments] li")
    expect(lines).to_contain_text(
        [
            "Roof: lowered 0 of 1 — 1 short",
            "Carpenter's Determination: discarded 1 of 1",  # the First Player first
            "Explorer's Determination: discarded 0 of 1 — 1 short",
            "Cook's Determination: discarded 1 of 1",
            "Wood: 1 of 1 paid",
        ]
    )
    assert "paid" not in " ".join(lines.all_inner_texts()[:4])
    assert axe_violations(page, site_url, "[data-testid=payments]") == []


def test_the_ruling_says_what_could_not_be_paid_in_players_words(page: Page) -> None:
    """1 wood, a demand for 2: "What follows" says 1 of what was demanded could not be paid,
    naming the rule's term after it, and never "unit"."""
    set_table(page, {**copy.deepcopy(DEMO), "phase": "event", "planned_actions": [],
                     "available": {"wood": 1}})  # fmt: skip
    discard(page, "wood", 2)
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")
    follows = page.locator("[data-testid=follows]")
    expect(follows).to_contain_text(
        "1 of what was demanded could not be paid (the rule's unfulfilled demand)."
    )
    expect(follows).not_to_contain_text("unit")


def test_words_a_new_player_reads(page: Page) -> None:
    """Wounds headers in words; the history says who is outside the camp; Settings rows start
    with their words, the code after them as a link to its FAQ entry."""
    with settles(page):
        page.click("[data-testid=camp-cook]")
    expect(page.locator("[data-testid=log]")).to_contain_text("Cook (Ana): outside the camp")
    page.select_option("[data-testid=ctx-resolver]", "carpenter")
    discard(page, "wood", 4)
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")
    headers = page.locator("[data-testid=wounds] thead th > span:first-child").all_inner_texts()
    assert [t.strip() for t in headers] == [
        "Who",
        "Unmet demand",
        "Other Wounds",
        "Morale arrows",
        "Dies?",
    ]
    page.click(".house-rules summary")
    row = page.locator("[data-testid=house-row-shortfall_hurts_all]")
    assert row.inner_text().startswith("A shortfall")
    link = row.locator("a.rule-code-link")
    expect(link).to_have_text("R1")
    expect(link).to_have_attribute("href", "./faq.html#each-determination")
