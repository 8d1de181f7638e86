"""Actions planned while the table still says an earlier phase (a fresh table starts at the
Event Phase): a note under the headline, in view with it, says so and sets the Action Phase in
one tap; "Resolve" on a planned Action moves the phase to Action with it. In the Action Phase
neither changes anything."""

from __future__ import annotations

import copy

import pytest
from playwright.sync_api import Page, expect

from .board_harness import (
    DEMO,
    TABLETS_AS_HELD,
    at,
    at_event,
    axe_violations,
    demo,
    discard,
    set_table,
    settle,
    settles,
    small_targets,
    table,
    whole_in_view,
)

VIEWPORT = (1180, 820)  # an iPad held landscape, with touch (conftest.board_app)

SIZES = TABLETS_AS_HELD

UPRIGHT = 1000  # narrower than this, the panel is a bottom sheet (index.html)


@pytest.fixture()
def page(board_page: Page) -> Page:
    """The demo table, no demand, nothing held (conftest.board_page), at VIEWPORT."""
    at(board_page, VIEWPORT)
    return board_page



@pytest.mark.parametrize("size", list(SIZES), ids=list(SIZES))
def test_planned_actions_at_the_event_phase_are_pointed_out_under_the_headline(
    page: Page, size: str
) -> None:
    """Actions planned and the table still at the Event Phase, a card ruled: under the
    headline, in view with it (upright, in the sheet open and folded), a line says so and
    offers to set the Action Phase. One tap sets it (said, and in the log); the line goes;
    Undo takes the phase back, and the line with it."""
    at(page, SIZES[size])
    set_table(page, at_event())
    discard(page, "wood", 5)
    headline = page.locator("[data-testid=headline]")
    expect(headline).to_contain_text("Each character")  # the Event's: everyone (C2 unchanged)
    note = page.locator("[data-testid=verdict-bar] [data-testid=phase-early]")
    button = note.locator("[data-testid=phase-early-set]")
    expect(note).to_contain_text("Actions are planned, but the table still says the Event Phase")
    whole_in_view(headline, note, button)
    box = button.bounding_box()
    assert box and box["width"] >= 44 and box["height"] >= 44, box
    assert small_targets(page) == []
    if SIZES[size][0] < UPRIGHT:
        page.tap("[data-testid=sheet-toggle]")  # folded down to its bar: the table in view
        expect(page.locator("html")).to_have_attribute("data-sheet", "closed")
        whole_in_view(headline, note, button)
        # The taller bar hides neither the table's end nor a message: both stand above it.
        bar, toasts, room = page.evaluate(
            """() => [document.getElementById("verdict-bar").getBoundingClientRect().top,
                      document.querySelector(".toasts").getBoundingClientRect().bottom,
                      innerHeight - parseFloat(getComputedStyle(
                        document.getElementById("layout")).paddingBottom)]"""
        )
        assert toasts <= bar and room <= bar, (bar, toasts, room)
        page.tap("[data-testid=sheet-toggle]")
    with settles(page):
        button.tap()
    settle(page)
    assert table(page)["phase"] == "action"
    expect(page.locator("[data-testid=phase-action]")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("[data-testid=phase-early]")).to_have_count(0)
    expect(page.locator("[data-testid=live]")).to_contain_text("The phase is now the Action Phase.")
    log = page.locator("[data-testid=log] li").first
    expect(log).to_contain_text("Phase: Action (Actions are planned)")
    expect(page.locator("[data-testid=headline]")).not_to_contain_text("Each character")
    whole_in_view(page.locator("[data-testid=headline]"))
    with settles(page):
        page.tap("[data-testid=undo]")
    settle(page)
    assert table(page)["phase"] == "event"
    expect(note).to_be_visible()


def test_the_note_needs_planned_actions_and_an_earlier_phase(page: Page, site_url: str) -> None:
    """No demand yet, no Action planned at the Event Phase: no note. A planned Action at the
    Morale Phase: the note, naming that phase. In the Action Phase: none."""
    note = page.locator("[data-testid=phase-early]")
    expect(note).to_have_count(0)  # the demo table is in the Action Phase
    with settles(page):
        page.tap("[data-testid=phase-event]")
    expect(note).to_contain_text("still says the Event Phase")
    set_table(page, at_event(planned_actions=[]))
    expect(note).to_have_count(0)
    set_table(page, at_event(phase="morale"))
    expect(note).to_contain_text("still says the Morale Phase")
    assert axe_violations(page, site_url, "#verdict-bar") == []
    with settles(page):
        page.tap("[data-testid=phase-early-set]")
    expect(note).to_have_count(0)


def test_planned_actions_before_the_action_phase_are_explained(page: Page) -> None:
    """The Event Phase with a planned Build on the table: a line under the headline says the
    Actions are planned while the table says the Event Phase, and asks whether it is the
    Action Phase (in the verdict bar, not under the card below the fold:
    test_planned_actions_at_the_event_phase_are_pointed_out_under_the_headline). In the Action
    Phase it does not."""
    set_table(page, demo(phase="event"))
    note = page.locator("[data-testid=verdict-bar] [data-testid=phase-early]")
    expect(note).to_contain_text("Actions are planned, but the table still says the Event Phase.")
    with settles(page):
        page.tap("[data-testid=phase-action]")
    expect(note).to_have_count(0)


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
