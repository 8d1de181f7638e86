"""Issue 13's third tablet trial by a new player: what they found, each checked where they found
it (New game and the old card search, a tap on an empty Action space, the verdict bar's buttons
after Apply, the Event-Phase combat box in the Action Phase, the first words of the panel)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .board_harness import apply_cook_wood, settle, settles, table


@pytest.fixture()
def page(board_page: Page) -> Page:
    """The board page on the demo table (conftest.board_page)."""
    return board_page


def test_new_game_empties_the_card_search_and_its_deck_filter(page: Page) -> None:
    """The last game's words and deck chips would find nothing in the next game."""
    page.fill("[data-testid=demand-search]", "cold nigth")
    page.click("[data-testid=deck-night]")
    expect(page.locator("[data-testid=deck-night]")).to_have_attribute("aria-pressed", "true")
    page.click("[data-testid=new-game]")
    with settles(page):
        page.click("[data-testid=new-start]")
    expect(page.locator("[data-testid=demand-search]")).to_have_value("")
    expect(page.locator("[data-testid=deck-night]")).to_have_attribute("aria-pressed", "false")
    expect(page.locator("[data-testid=card-results] li")).to_have_count(0)


def test_a_tap_on_an_action_space_with_nothing_in_hand_says_how_to_plan_there(
    page: Page,
) -> None:
    """At the table a player puts a pawn on the space: here the pawn comes first. The tap is
    answered by the finger (and to screen readers), not with nothing; nothing changes."""
    before = table(page)
    page.click("[data-testid=space-build] .space-title")
    message = page.locator("#board-message")
    expect(message).to_have_attribute("data-kind", "hint")
    expect(message).to_contain_text("first tap a pawn on a character's card")
    expect(message).to_have_class("is-anchored")
    box = message.bounding_box()
    space = page.locator("[data-testid=space-build]").bounding_box()
    assert box and space
    assert abs(box["y"] - (space["y"] + space["height"] / 2)) < 200  # by the finger
    expect(page.locator("#board-live")).to_contain_text("first tap a pawn")
    assert table(page) == before
    page.click("[data-testid=message-ok]")


@pytest.mark.parametrize("size", [(1180, 820), (1280, 800)])
def test_the_verdict_bar_keeps_its_buttons_on_screen_after_apply(
    page: Page, size: tuple[int, int]
) -> None:
    """Why?, Undo, Share and Applied wrap inside the panel rather than run off its edge."""
    old = page.viewport_size
    page.set_viewport_size({"width": size[0], "height": size[1]})
    try:
        apply_cook_wood(page)
        bar = page.locator("[data-testid=verdict-bar]").bounding_box()
        assert bar
        buttons = page.locator("[data-testid=verdict-bar] button:visible")
        assert buttons.count() >= 3
        for i in range(buttons.count()):
            b = buttons.nth(i).bounding_box()
            assert b, i
            assert bar["x"] - 1 <= b["x"] and b["x"] + b["width"] <= bar["x"] + bar["width"] + 1, (
                buttons.nth(i).inner_text(),
                b,
                bar,
            )
            assert b["x"] + b["width"] <= size[0]
    finally:
        if old:
            page.set_viewport_size(old)


def test_the_event_phase_combat_box_is_not_offered_in_the_action_phase(page: Page) -> None:
    """A fight in the Action Phase is an Action's; the box stays only to be unticked."""
    assert table(page)["phase"] == "action"
    expect(page.locator("[data-testid=ctx-resolver]")).to_be_visible()
    expect(page.locator("[data-testid=ctx-combat]")).to_have_count(0)
    with settles(page):
        page.click("[data-testid=phase-event]")
    expect(page.locator("[data-testid=ctx-combat]")).to_be_visible()
    page.check("[data-testid=ctx-combat]")
    settle(page)
    with settles(page):
        page.click("[data-testid=phase-action]")
    expect(page.locator("[data-testid=ctx-combat]")).to_be_checked()  # shown: it is ticked
    page.click("[data-testid=ctx-combat]")  # unticked, it goes (uncheck() would wait on it)
    settle(page)
    expect(page.locator("[data-testid=ctx-combat]")).to_have_count(0)


def test_with_no_demand_the_panel_says_to_set_the_table_first(page: Page) -> None:
    """A first visit opens on a ready-made table: the panel says it must be made the players'
    own before a ruling means anything for them."""
    expect(page.locator("[data-testid=no-demand]")).to_contain_text(
        "First set the table as it is at yours"
    )
