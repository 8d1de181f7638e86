"""Issue 13's seventh tablet trial by a new player: the Event-Phase combat box offered at Night,
and Undo's notice swallowing taps on the controls under it."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .board_harness import App, apply_then_undo, settles, table


@pytest.fixture()
def page(board_page: Page) -> Page:
    """The board page on the demo table (conftest.board_page)."""
    return board_page


@pytest.mark.parametrize("phase", ["morale", "production", "weather", "night"])
def test_the_event_phase_combat_box_is_offered_only_in_the_event_phase(
    page: Page, phase: str
) -> None:
    """Only a fight in the Event Phase hurts the First Player alone (C7). At Night the trial
    ticked the box and nothing changed, with no word why: there it is not offered."""
    with settles(page):
        page.click(f"[data-testid=phase-{phase}]")
    assert table(page)["phase"] == phase
    expect(page.locator("[data-testid=context-line]")).to_contain_text("No one resolves")
    expect(page.locator("[data-testid=ctx-combat]")).to_have_count(0)
    with settles(page):
        page.click("[data-testid=phase-event]")
    expect(page.locator("[data-testid=ctx-combat]")).to_be_visible()
    expect(page.locator("#demand")).not_to_contain_text("null")


def test_a_tap_on_a_control_under_undo_s_notice_reaches_it(fresh: App) -> None:
    """After Undo, its notice stays a few seconds under the toolbar; a tap on the phase
    buttons under it used to hit the notice and do nothing. It is words only now: the tap
    goes through to the control under it."""
    page: Page = fresh.page
    apply_then_undo(page)
    toast = page.locator("[data-testid=undo-toast]")
    expect(toast).to_be_visible()
    under = page.evaluate(
        """() => {
          const r = document.getElementById("undo-toast").getBoundingClientRect();
          const el = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return el ? (el.closest("#undo-toast") ? "the notice" : "below it") : "nothing";
        }"""
    )
    assert under == "below it"
