"""Issue 13's second new-player trial (a touch tablet, 1280x800 and 800x1280): a share link
that opens without showing another table first, a Night where a character outside the camp
cannot eat the camp's food, the kept-aside saves in one slim line, Share in the verdict bar,
and a track demand's words."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from pyapp.links import encode
from pyapp.rules.formats import Request

from .board_harness import (
    DEMO,
    axe_violations,
    check_clean,
    new_game_keeping,
    open_board,
    release,
    set_table,
    settle,
    wait_live,
)

RULES = "static/main.py"  # held back: the rules stay "loading" until the test lets them go


@pytest.fixture()
def page(board_page: Page) -> Page:
    """The board page on the demo table (conftest.board_page)."""
    return board_page


def shared_request() -> dict[str, Any]:
    """Four wood on the table, Roof 3, a demand for 2 wood: unlike the fresh table in every way
    a reader would notice."""
    state = copy.deepcopy(DEMO)
    state.update(phase="event", planned_actions=[], available={"wood": 4}, roof=3)
    return {"state": state, "effect": {"demands": [{"kind": "discard", "wood": 2}]}}


@pytest.mark.parametrize("viewport", [(1280, 800), (800, 1280)])
def test_a_share_link_shows_only_that_it_is_opening_until_the_shared_table_is_drawn(
    browser: Browser, site_url: str, viewport: tuple[int, int]
) -> None:
    """While the rules load, a fresh reader sees "Opening the shared ruling…" (announced), not
    the fresh table with "No demand yet"; the table and the panel are hidden and inert. Then
    the banner, the shared table and its ruling, and the placeholder is gone."""
    link = encode(Request.model_validate(shared_request()))
    friend, held = open_board(browser, site_url, hold=RULES, url=f"#r={link}", viewport=viewport)
    fp = friend.page
    try:
        fp.wait_for_selector("html[data-link=opening]", state="attached")
        fp.wait_for_selector('html[data-board="fresh"]', state="attached")  # drawn, underneath
        opening = fp.locator("[data-testid=shared-opening]")
        expect(opening).to_be_visible()
        expect(opening).to_have_text("Opening the shared ruling…")
        expect(opening).to_have_attribute("role", "status")
        assert fp.evaluate("document.getElementById('layout').inert") is True
        for hidden in ["board", "panel", "verdict-bar", "headline"]:
            expect(fp.locator(f"[data-testid={hidden}]")).to_be_hidden()
        shown = fp.inner_text("body")  # what is drawn on screen, nothing hidden
        assert "No demand yet" not in shown and "Cook" not in shown
        assert axe_violations(fp, site_url, "body") == []
        release(fp, held, RULES)
        wait_live(fp)
        fp.wait_for_selector("html[data-link=shared]", state="attached")
        fp.wait_for_selector("[data-testid=ruling][data-state=preview]")
        expect(opening).to_be_hidden()
        expect(fp.locator("[data-testid=shared-banner]")).to_be_visible()
        expect(fp.locator("[data-testid=headline]")).to_be_visible()
        expect(fp.locator("[data-testid=track-roof]")).to_have_attribute("data-value", "3")
        assert fp.evaluate("document.getElementById('layout').inert") is False
        assert axe_violations(fp, site_url, "body") == []
        check_clean(friend)
    finally:
        fp.context.close()


def test_a_bad_share_link_says_so_and_shows_the_own_table_after_the_placeholder(
    browser: Browser, site_url: str
) -> None:
    """A damaged link opened fresh: the placeholder, then the link's plain error and the
    player's own (here the fresh) table, reachable again."""
    friend, held = open_board(
        browser, site_url, hold=RULES, url="#r=1.not!a*link", viewport=(1280, 800)
    )
    fp = friend.page
    try:
        expect(fp.locator("[data-testid=shared-opening]")).to_be_visible()
        release(fp, held, RULES)
        wait_live(fp)
        expect(fp.locator("[data-testid=message]")).to_contain_text(
            "This share link cannot be opened"
        )
        expect(fp.locator("[data-testid=shared-opening]")).to_be_hidden()
        expect(fp.locator("[data-testid=board]")).to_be_visible()
        assert fp.get_attribute("html", "data-link") == "error"
        assert fp.evaluate("document.getElementById('layout').inert") is False
        check_clean(friend)
    finally:
        fp.context.close()


def test_at_night_the_character_outside_the_camp_is_not_offered_the_camps_food(
    page: Page, site_url: str
) -> None:
    """Night, a Shelter, 1 food (short for the two in the camp), the Explorer's "In camp"
    off: "who eats" offers only the Cook and the Carpenter and says why the Explorer is not
    there; the steps say the Explorer cannot eat the camp's food. (With food enough for those
    in the camp, there is no choice to make: tests/e2e/test_trial4b.py.)"""
    state = copy.deepcopy(DEMO)
    state.update(phase="night", planned_actions=[], available={"food": 1}, future={})
    set_table(page, state)
    page.select_option("[data-testid=compose-kind]", "night_eating")
    page.click("[data-testid=compose-add]")
    settle(page)
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")
    expect(page.locator("[data-testid=headline]")).to_contain_text("Explorer (Chloé)")
    fed = page.locator("[data-decision=fed]")
    expect(fed.locator("input[type=checkbox]")).to_have_count(2)
    expect(fed.locator("[data-option=explorer]")).to_have_count(0)
    expect(fed.locator(".question")).to_contain_text("Explorer, outside the camp, cannot eat it")
    expect(page.locator("[data-testid=steps]")).to_contain_text(
        "Explorer is outside the camp: cannot eat the camp's food"
    )
    assert axe_violations(page, site_url, "[data-testid=panel]") == []


def test_earlier_tables_are_one_slim_line_in_the_header_that_the_player_may_hide(
    browser: Browser, site_url: str
) -> None:
    """After New game on a tablet: one small "Earlier tables (1)" line in the header (the
    table is not pushed down) that opens the list in player words, with Download and Discard
    per table; "Hide" is remembered after a reload, until a save is kept aside for a problem,
    which is shown in full above the table."""
    booted, _ = open_board(browser, site_url, viewport=(1280, 800))
    page = booted.page
    try:
        top = page.evaluate("document.getElementById('layout').getBoundingClientRect().top")
        new_game_keeping(page, page.tap)
        line = page.locator("#asides-slot [data-testid=asides]")
        expect(line).to_be_visible()
        expect(line).not_to_have_attribute("open", "")
        summary = line.locator("[data-testid=asides-summary]")
        expect(summary).to_have_text("Earlier tables (1)")
        assert summary.bounding_box()["height"] >= 44  # type: ignore[index]
        now = page.evaluate("document.getElementById('layout').getBoundingClientRect().top")
        assert now <= top + 1, (top, now)  # the table stays where it was
        expect(page.locator("#board-notices [data-testid=asides]")).to_have_count(0)
        page.tap("[data-testid=asides-summary]")
        expect(line.locator(".asides-say")).to_have_text(
            "Your earlier tables are kept on this device (1). Download one to keep it, or "
            "discard it."
        )
        expect(page.locator("[data-testid=aside-download-0]")).to_be_visible()
        expect(page.locator("[data-testid=aside-discard-0]")).to_be_visible()
        assert axe_violations(page, site_url, "header") == []
        page.tap("[data-testid=asides-hide]")
        expect(page.locator("[data-testid=asides]")).to_have_count(0)
        expect(page.locator("[data-testid=live]")).to_contain_text("Earlier tables hidden")
        page.reload()
        wait_live(page)
        assert page.get_attribute("html", "data-asides") == "1"  # still kept, not shown
        expect(page.locator("[data-testid=asides]")).to_have_count(0)
        # A save kept aside for a problem is shown loudly, and the Hide is forgotten.
        page.evaluate(
            """async () => {
              const board = window.castawayBoard;
              board.store.setAside(board.store.asides()[0].key, "unreadable");
              board.autosave.drawAsides();
            }"""
        )
        loud = page.locator("#board-notices [data-testid=asides]")
        expect(loud).to_have_attribute("open", "")
        expect(loud.locator("summary")).to_contain_text("Kept aside on this device: one table")
        assert (
            page.evaluate("localStorage.getItem('castaway-referee.earlier-tables-hidden')") is None
        )
        check_clean(booted)
    finally:
        page.context.close()


@pytest.mark.parametrize("viewport", [(1280, 800), (800, 1280)])
def test_share_sits_in_the_verdict_bar_beside_why_and_apply(
    browser: Browser, site_url: str, viewport: tuple[int, int]
) -> None:
    """With a ruling, Share is in the verdict bar (44 px, on screen, in landscape and in
    portrait); a tap shows the link, selected, in view; before any ruling it is under the
    demand as before."""
    booted, _ = open_board(browser, site_url, viewport=viewport)
    page = booted.page
    try:
        state = copy.deepcopy(DEMO)
        state.update(phase="event", planned_actions=[])
        set_table(page, state)
        bar = page.locator("[data-testid=verdict-bar]")
        expect(bar.locator("[data-testid=share]")).to_have_count(0)
        page.tap("[data-testid=chip-morale]")
        settle(page)
        page.wait_for_selector("[data-testid=ruling][data-state=preview]")
        share = bar.locator("[data-testid=share]")
        expect(share).to_be_visible()
        expect(page.locator("[data-testid=share]")).to_have_count(1)  # only the bar's
        names = bar.locator(".bar-actions button").all_inner_texts()
        assert names.index("Why?") < names.index("Share") < names.index("Apply"), names
        box = share.bounding_box()
        assert box is not None and box["width"] >= 44 and box["height"] >= 44, box
        assert box["y"] >= 0 and box["y"] + box["height"] <= viewport[1], box
        share.tap()
        url = page.locator("[data-testid=share-url]")
        expect(url).to_be_visible()
        expect(url).to_be_focused()
        assert "#r=1." in url.input_value()
        link = url.bounding_box()
        assert link is not None and link["y"] >= 0 and link["y"] + link["height"] <= viewport[1]
        assert axe_violations(page, site_url, "[data-testid=panel]") == []
        check_clean(booted)
    finally:
        page.context.close()


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
