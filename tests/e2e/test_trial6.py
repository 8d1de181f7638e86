"""What the sixth new-player trial found (an iPad by touch, 1180x820 and upright, and a
10-inch tablet at 1280x800): "Resolve" tapped on a fresh table, still at the Event Phase,
left the card ruled as the Event's, on everyone; a tap that just missed a "Put here" hit the
planned Action's Cancel (x) and cancelled it; upright, the place a held cube could go lay under the
card's sheet; and the JSON box could lose what was pasted into it as it opened."""

from __future__ import annotations

import copy
import json

import pytest
from playwright.sync_api import Page, expect

from .board_harness import DEMO, discard, set_table, settle, settles

VIEWPORT = (1180, 820)  # an iPad held landscape, with touch (conftest.board_app)


@pytest.fixture()
def page(board_page: Page) -> Page:
    """The demo table, no demand, nothing held (conftest.board_page), at VIEWPORT."""
    return board_page


def test_resolve_at_the_event_phase_moves_the_table_to_the_action_phase(page: Page) -> None:
    """A fresh table starts at the Event Phase; a player who plans a Build and taps "Resolve"
    is resolving it: the phase becomes Action with that tap, and only the Carpenter, who
    leads the Build, suffers for the card. Undo takes the phase back."""
    at_event = copy.deepcopy(DEMO)
    at_event["phase"] = "event"
    set_table(page, at_event)
    discard(page, "wood", 5)
    expect(page.locator("[data-testid=headline]")).to_contain_text("Each character")
    with settles(page):
        page.tap("[data-testid=resolve-build-1]")
    settle(page)
    expect(page.locator("[data-testid=phase-action]")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("[data-testid=resolve-build-1]")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("[data-testid=headline]")).to_contain_text("Carpenter")
    expect(page.locator("[data-testid=headline]")).not_to_contain_text("Each character")
    with settles(page):
        page.tap("[data-testid=undo]")
    expect(page.locator("[data-testid=phase-event]")).to_have_attribute("aria-pressed", "true")


def test_resolve_in_the_action_phase_leaves_the_phase_alone(page: Page) -> None:
    discard(page, "wood", 5)
    with settles(page):
        page.tap("[data-testid=resolve-build-1]")
    settle(page)
    expect(page.locator("[data-testid=phase-action]")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("[data-testid=headline]")).to_contain_text("Carpenter")


def test_a_held_piece_puts_the_planned_actions_cancel_away(page: Page) -> None:
    """While a piece is held, a planned Action's Cancel (x) keeps its place but takes no tap: a
    finger that just missed "Put here" beside it cancelled the whole Action."""
    cancel = page.locator("[data-testid=cancel-build-1]")
    expect(cancel).to_be_visible()
    page.tap("[data-testid=res-available-wood]")
    expect(page.locator("[data-testid=put-action-build-1]")).to_be_visible()
    expect(cancel).to_be_hidden()
    box = page.locator("[data-testid=action-build-1]").bounding_box()
    page.tap("[data-testid=res-available-wood]")  # tapped again: put back
    expect(cancel).to_be_visible()
    assert page.locator("[data-testid=action-build-1]").bounding_box() == box  # nothing moved


def test_upright_a_held_cube_shows_the_table_under_the_sheet(page: Page) -> None:
    """Upright, the card's panel is a sheet over the screen's lower half: picking a cube up
    folds it down to its verdict bar, so the planned Build it may go to is in view, and
    tappable; the headline stays in view."""
    page.set_viewport_size({"width": 820, "height": 1180})
    page.evaluate("window.scrollTo(0, 0)")
    discard(page, "wood", 1)
    expect(page.locator("html")).not_to_have_attribute("data-sheet", "closed")
    page.tap("[data-testid=res-available-wood]")
    expect(page.locator("html")).to_have_attribute("data-sheet", "closed")
    put = page.locator("[data-testid=put-action-build-1]")
    put.scroll_into_view_if_needed()
    box = put.bounding_box()
    assert box
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    on_top = "([x, y]) => document.elementFromPoint(x, y).closest('[data-put]')?.dataset.testid"
    assert page.evaluate(on_top, [x, y]) == "put-action-build-1"
    expect(page.locator("[data-testid=headline]")).to_be_in_viewport()
    with settles(page):
        put.tap()
    expect(page.locator("[data-testid=action-build-1]")).to_contain_text("3")
    page.set_viewport_size({"width": VIEWPORT[0], "height": VIEWPORT[1]})


def test_the_json_box_shows_the_demand_as_it_opens(page: Page) -> None:
    """The box is filled in the very tap that opens it, so what is pasted at once stays."""
    discard(page, "wood", 2)
    shown = page.evaluate(
        """() => { document.querySelector("[data-testid=advanced] > summary").click();
                   return document.querySelector("[data-testid=effect-json]").value; }"""
    )
    assert json.loads(shown)["demands"][0]["kind"] == "discard"
    pasted = json.dumps({"demands": [{"kind": "discard", "wood": 1}]})
    page.fill("[data-testid=effect-json]", pasted)
    page.click("[data-testid=effect-json-use]")
    expect(page.locator("[data-testid=ruling][data-state=preview]")).to_be_visible()
    shown_now = page.locator("[data-testid=effect-json]").input_value()
    assert json.loads(shown_now) == json.loads(pasted)  # the box follows the demand it set
    page.click("[data-testid=advanced] > summary")
