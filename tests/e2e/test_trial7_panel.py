"""What the seventh new-player trial found in the panel (an iPad by touch, 1180x820 and upright
at 820x1180, where the panel is a bottom sheet, and a 10-inch tablet at 1280x800): planned
Actions on a table still at the Event Phase were explained below the fold; a shared link's
two buttons did not say what each does to one's own table; and a card just picked showed
its text only below the fold."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from pyapp.links import encode
from pyapp.rules.formats import Request

from .board_harness import (
    DEMO,
    TRIAL_TABLETS,
    autosave_of,
    axe_violations,
    check_clean,
    discard,
    open_board,
    set_table,
    settle,
    settles,
    small_targets,
    table,
)

VIEWPORT = (1180, 820)  # an iPad held landscape, with touch (conftest.board_app)
SIZES = TRIAL_TABLETS
UPRIGHT = 1000  # narrower than this, the panel is a bottom sheet (index.html)


@pytest.fixture()
def page(board_page: Page) -> Page:
    """The demo table, no demand, nothing held (conftest.board_page), at VIEWPORT."""
    at(board_page, VIEWPORT)
    return board_page


def at(page: Page, size: tuple[int, int]) -> None:
    """The window at `size`, scrolled to its top, the card's sheet open where there is one."""
    if page.locator("html[data-sheet=closed]").count():  # (upright: opened before turning)
        page.tap("[data-testid=sheet-toggle]")
    expect(page.locator("html")).not_to_have_attribute("data-sheet", "closed")
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.evaluate("window.scrollTo(0, 0)")


def whole_in_view(*locators: Locator) -> None:
    """Each is entirely inside the window (and not scrolled out of its panel)."""
    for locator in locators:
        expect(locator).to_be_visible()
        expect(locator).to_be_in_viewport(ratio=1)


def at_event(**changes: Any) -> dict[str, Any]:
    """The demo table (a Build planned with 2 wood on it, a Gather) still at the Event Phase,
    as a fresh table starts."""
    state = copy.deepcopy(DEMO)
    state.update({"phase": "event", **changes})
    return state


# ------------------------------------------------------- 1. planned Actions at the Event Phase


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


# ------------------------------------------------------- 2. a shared link's two ways out


def share_link() -> str:
    """A link to the demo table at the Event Phase, with 2 wood demanded."""
    request = {"state": at_event(), "effect": {"demands": [{"kind": "discard", "wood": 2}]}}
    return "#r=" + encode(Request.model_validate(request))


def said_beside(page: Page, button: str, words: str) -> None:
    """The words are shown, whole in the window, just under `button` and lined up with it,
    and are what a screen reader hears as its description."""
    then = page.locator(f"[data-testid={button}-then]")
    expect(then).to_have_text(words)
    whole_in_view(page.locator(f"[data-testid={button}]"), then)
    b, t = page.locator(f"[data-testid={button}]").bounding_box(), then.bounding_box()
    assert b and t and 0 <= t["y"] - (b["y"] + b["height"]) <= 12, (b, t)
    assert abs(t["x"] - b["x"]) <= 2, (b, t)
    described = page.locator(f"[data-testid={button}]").get_attribute("aria-describedby")
    assert described == then.get_attribute("id")


@pytest.mark.parametrize("size", list(SIZES), ids=list(SIZES))
def test_a_shared_links_buttons_say_what_each_does_to_my_table(
    browser: Browser, site_url: str, page: Page, size: str
) -> None:
    """A friend with a table of their own opens a shared ruling: beside "Play this table
    instead of mine…" it says the table becomes theirs and theirs is kept under "Earlier
    tables"; beside "Back to my table", that their own comes back as they left it. Both in
    view. What it says holds: played, their own table is under "Earlier tables"."""
    with settles(page):
        page.tap("[data-testid=available-wood-plus]")  # a table of one's own, saved
    friend, _ = open_board(
        browser, site_url, url=share_link(), storage=autosave_of(page), viewport=SIZES[size]
    )
    fp = friend.page
    try:
        fp.wait_for_selector("html[data-link=shared]", state="attached")
        expect(fp.locator("[data-testid=shared-load]")).to_be_enabled()
        said_beside(
            fp,
            "shared-load",
            "This table and its card become yours to play and change. Yours is kept on this"
            " device, under “Earlier tables”; you are asked first.",
        )
        said_beside(
            fp,
            "shared-back",
            "Your own table comes back as you left it. This shared one closes; the link"
            " still opens it.",
        )
        expect(fp.locator("[data-testid=phase-early]")).to_have_count(0)  # it cannot change
        fp.tap("[data-testid=shared-load]")
        expect(fp.locator("#confirm-text")).to_contain_text("Earlier tables")
        with settles(fp):
            fp.tap("[data-testid=confirm-ok]")
        expect(fp.locator("[data-testid=shared-banner]")).to_be_hidden()
        expect(fp.locator("[data-testid=asides-summary]")).to_have_text("Earlier tables (1)")
        check_clean(friend)
    finally:
        fp.context.close()


def test_with_no_table_of_ones_own_the_buttons_say_so(browser: Browser, site_url: str) -> None:
    """Nothing saved on the device (upright): "Play this table" makes it one's own; "Set up
    my own table" gives a fresh one. No word of a table that is not there."""
    friend, _ = open_board(browser, site_url, url=share_link(), viewport=SIZES["ipad-upright"])
    fp = friend.page
    try:
        fp.wait_for_selector("html[data-link=shared]", state="attached")
        said_beside(fp, "shared-load", "This table and its card become yours to play and change.")
        said_beside(
            fp,
            "shared-back",
            "A fresh table, to set up as it is at yours. This shared one closes; the link"
            " still opens it.",
        )
        assert axe_violations(fp, site_url, "[data-testid=shared-banner]") == []
        check_clean(friend)
    finally:
        fp.context.close()


# ------------------------------------------------------- 3. the card just picked, in view


@pytest.mark.parametrize("size", list(SIZES), ids=list(SIZES))
def test_a_picked_cards_text_is_in_view_with_the_headline(page: Page, size: str) -> None:
    """Found by its words and tapped: the card's name and its text are whole in the window
    at once, under the ruling's headline, which stays in view; the search gives up the
    keyboard (upright, the iPad's own keyboard would hide the sheet)."""
    at(page, SIZES[size])
    page.tap("[data-testid=demand-search]")
    page.fill("[data-testid=demand-search]", "hungry predator attack")
    page.tap("[data-testid=card-attack-of-a-hungry-predator]")
    card = page.locator("[data-testid=demand-chosen] .demand-card")
    expect(card.locator("h3")).to_have_text("Attack of a Hungry Predator")
    whole_in_view(card.locator("h3"), card.locator(".card-text"))
    settle(page)
    whole_in_view(
        card.locator("h3"), card.locator(".card-text"), page.locator("[data-testid=headline]")
    )
    expect(page.locator("[data-testid=bar-status]")).to_have_text("Preview: not applied yet")
    assert page.evaluate("document.activeElement.id") == "chosen-title"
    assert page.evaluate("[window.scrollY, document.documentElement.scrollLeft]") == [0, 0]


def test_a_card_picked_from_a_decks_list_is_in_view_too(page: Page) -> None:
    """Upright, "Event" lists the Event deck above where the card is shown: the pick ends
    the search (the list and the deck filter go), and the card is in view."""
    at(page, SIZES["ipad-upright"])
    page.fill("[data-testid=demand-search]", "")
    page.tap("[data-testid=deck-event]")
    page.locator("[data-testid=card-unusually-cold-night]").tap()
    card = page.locator("[data-testid=demand-chosen] .demand-card")
    whole_in_view(
        card.locator("h3"), card.locator(".card-text"), page.locator("[data-testid=headline]")
    )
    expect(page.locator("[data-testid=card-results] li")).to_have_count(0)
    expect(page.locator("[data-testid=deck-event]")).to_have_attribute("aria-pressed", "false")
    settle(page)
    whole_in_view(card.locator(".card-text"), page.locator("[data-testid=headline]"))
