"""The ruling's change on the pieces is in view as soon as it is ruled, at every size: upright
and on a phone, where the card's sheet covers the lower half of the table, the table scrolls so
that what the ruling changes lies above the sheet's edge, the sheet left open and its headline
shown (no "Show the table" tap). A death is unmistakable on the pieces: the skull and "Dies"
on the card, the lost game in the core's words above the cards, both announced."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from .board_harness import DEMO, axe_violations, clear_demand, set_table, settle, unfold_sheet

pytestmark = pytest.mark.e2e

PREVIEW = "[data-testid=ruling][data-state=preview]"
SIZES = {"ipad": (1180, 820), "ipad-upright": (820, 1180), "phone": (390, 844)}


def table_at(phase: str, **table: Any) -> dict[str, Any]:
    """The demo's characters in this phase, nothing planned, nothing in Future."""
    state: dict[str, Any] = copy.deepcopy(DEMO)
    state.update(phase=phase, planned_actions=[], future={}, **table)
    return state


# The whole Night with 2 food: the Explorer (1 Wound), outside the camp, suffers 3 more.
NIGHT = table_at("night", available={"food": 2})
# An Event-Phase Tiger on the First Player, the Carpenter at 10 Wounds: he dies, the game is lost.
KILLED = table_at("event", characters=[
    {"role": "cook", "wounds": 2, "determination": 2},
    {"role": "carpenter", "name": "Ben", "wounds": 10, "determination": 1}])  # fmt: skip


@pytest.fixture()
def page(board_page: Page) -> Page:
    """The demo table, no demand (conftest.board_page)."""
    return board_page


def at(page: Page, size: str) -> None:
    page.set_viewport_size({"width": SIZES[size][0], "height": SIZES[size][1]})
    page.evaluate("window.scrollTo(0, 0)")


def in_view(page: Page, mark: Locator) -> None:
    """`mark` whole on screen, under the header and above the card's sheet (or beside it)."""
    expect(mark).to_be_in_viewport(ratio=1)
    box = mark.bounding_box()
    panel = page.locator("#panel").bounding_box()
    header = page.locator(".site-header").bounding_box()
    assert box and panel and header
    assert box["y"] >= header["y"] + header["height"] - 1, (box, header)
    beside = panel["x"] >= box["x"] + box["width"]  # landscape: the panel is a column
    assert beside or box["y"] + box["height"] <= panel["y"] + 1, (box, panel)


def headline_shown(page: Page) -> None:
    expect(page.locator("[data-testid=verdict-bar] .headline")).to_be_in_viewport()
    expect(page.locator("[data-testid=verdict-bar] .headline")).not_to_be_empty()


@pytest.mark.parametrize("size", ["ipad-upright", "phone"])
def test_the_change_is_in_view_above_the_open_sheet(page: Page, size: str) -> None:
    """The whole Night tapped with the sheet unfolded and the table at its top: with no other
    tap, the Explorer's card (its track "1 → 4", 3 new Wounds hatched) lies above the sheet's
    edge; the sheet is still open, its headline shown."""
    at(page, size)
    set_table(page, NIGHT)
    unfold_sheet(page)
    page.evaluate("window.scrollTo(0, 0)")
    page.locator("[data-testid=chip-whole-night]").tap()
    settle(page)
    page.wait_for_selector(PREVIEW, state="attached")
    track = page.locator("[data-testid=wounds-explorer]")
    expect(track.locator(".count-change")).to_have_text("1 → 4")
    in_view(page, page.locator("[data-testid=char-explorer]"))
    assert track.locator(".wd-new").count() == 3
    expect(page.locator("html")).not_to_have_attribute("data-sheet", "closed")
    headline_shown(page)
    clear_demand(page)


@pytest.mark.parametrize("size", ["ipad", "phone"])
def test_a_death_is_unmistakable_on_the_pieces(page: Page, site_url: str, size: str) -> None:
    """The Tiger kills the Carpenter: on his card the skull and "Dies" (his death space filled,
    the card marked), the lost game in the core's words above the cards, both in view with the
    headline, both announced; the Cook's card untouched; nothing axe-core finds. On a phone,
    where the lost game and the dying card do not both fit above the open sheet, the card is
    brought into view, and the headline says the game is lost."""
    at(page, size)
    set_table(page, KILLED)
    unfold_sheet(page)
    page.evaluate("window.scrollTo(0, 0)")
    page.fill("[data-testid=demand-search]", "tiger")
    page.locator("[data-testid=card-beast-tiger]").tap()
    settle(page)
    page.wait_for_selector(PREVIEW, state="attached")
    card = page.locator("[data-testid=char-carpenter]")
    dies = card.locator("[data-testid=dies]")
    expect(dies).to_have_text("Dies")
    expect(card).to_have_class(re.compile(r"\bis-dying\b"))
    assert card.locator(".wd-dies").count() == 1
    lost = page.locator("[data-testid=lost-preview]")
    expect(lost).to_contain_text("The game is lost")
    in_view(page, dies)
    if size == "phone":
        expect(page.locator("[data-testid=verdict-bar] .headline")).to_contain_text(
            "The game is lost")
    else:
        in_view(page, lost)
    headline_shown(page)
    live = page.locator("[data-testid=live]")
    expect(live).to_contain_text("dies")
    expect(live).to_contain_text("The game is lost")
    expect(page.locator("[data-testid=char-cook] [data-testid=dies]")).to_have_count(0)
    assert axe_violations(page, site_url, "#board") == []
    assert axe_violations(page, site_url, "#panel") == []
    clear_demand(page)
    expect(lost).to_have_count(0)
    expect(dies).to_have_count(0)
