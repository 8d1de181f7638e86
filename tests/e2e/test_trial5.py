"""Issue 13's fifth new-player trial (an iPad, 1180x820 and upright): the verdict bar says what
is paid, the first planned Action moves nothing, a cube picked up with no Action planned says
how to tie it to one, planned Actions before the Action Phase are explained, and the Wounds
table fits the iPad's panel."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .board_harness import (
    DEMO,
    discard,
    new_game_keeping,
    set_table,
    settles,
    touch_drag,
)

pytestmark = pytest.mark.e2e

IPAD = (1180, 820)
VIEWPORT = IPAD  # an iPad held landscape, with touch (conftest.board_app)


@pytest.fixture()
def page(board_page: Page) -> Page:
    """The demo table, no demand, the drawer closed (conftest.board_page), at VIEWPORT."""
    return board_page


def demo(**table: Any) -> dict[str, Any]:
    state: dict[str, Any] = copy.deepcopy(DEMO)
    state.update(**table)
    return state


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


def test_a_cube_with_no_action_planned_says_how_to_tie_it(page: Page) -> None:
    """Picking up a wood cube with no Action planned offers only the other pile; a note by the
    finger says to put a pawn on the Action's space first. Put back, the note goes."""
    set_table(page, demo(phase="action", planned_actions=[], available={"wood": 2}))
    page.tap("[data-testid=res-available-wood]")
    hint = page.locator("[data-testid=message]")
    expect(hint).to_contain_text("first put a character's pawn on that Action's space")
    expect(page.locator("[data-testid=live]")).to_contain_text("first put a character's pawn")
    page.keyboard.press("Escape")
    expect(page.locator("[data-put]")).to_have_count(0)
    expect(hint).not_to_contain_text("first put a character's pawn")


def test_planned_actions_before_the_action_phase_are_explained(page: Page) -> None:
    """The Event Phase with a planned Build on the table: a line under the headline says the
    Actions are planned while the table says the Event Phase, and asks whether it is the
    Action Phase (it was under the card, below the fold, until the seventh trial:
    test_trial7_panel). In the Action Phase it does not."""
    set_table(page, demo(phase="event"))
    note = page.locator("[data-testid=verdict-bar] [data-testid=phase-early]")
    expect(note).to_contain_text("Actions are planned, but the table still says the Event Phase.")
    with settles(page):
        page.tap("[data-testid=phase-action]")
    expect(note).to_have_count(0)


def test_the_wounds_table_fits_the_ipads_panel(page: Page) -> None:
    """Three characters wounded: the table of Wounds is no wider than the panel beside an
    iPad's table (its last column, "Dies?", was cut off) and no header word is broken."""
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


def test_earlier_tables_keep_the_header_on_one_line(page: Page) -> None:
    """After a New game the header gains "Earlier tables (n)": on the iPad it stays one line
    (the tagline gives way), so the table does not move down under the players' fingers."""
    top = "document.getElementById('layout').getBoundingClientRect().top + window.scrollY"
    page.evaluate("window.scrollTo(0, 0)")
    before = page.evaluate(top)
    new_game_keeping(page, page.tap)
    expect(page.locator("[data-testid=asides-summary]")).to_be_visible()
    assert abs(page.evaluate(top) - before) <= 1
    expect(page.locator(".site-header .tagline")).to_be_hidden()
