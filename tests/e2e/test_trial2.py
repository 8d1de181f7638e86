"""Issue 13's second new-player trial (a touch tablet, 1280x800 and 800x1280): a share link
that opens without showing another table first, a Night where a character outside the camp
cannot eat the camp's food, the kept-aside saves in one slim line, Share in the verdict bar,
and a track demand's words."""

from __future__ import annotations

import base64
import copy
import json
import zlib
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
def test_a_share_link_shows_its_table_and_demand_at_once_and_its_ruling_when_the_rules_come(
    browser: Browser, site_url: str, viewport: tuple[int, int]
) -> None:
    """A fresh reader on a slow device: while the rules load, the page reads the link alone and
    shows the shared table (Roof 3, 4 wood) and its demand at once, never the fresh table with
    "No demand yet". The ruling is said to be on its way, greyed, and the banner's buttons wait
    (nothing can be played before the rules have read the link too). Then the ruling, as the
    rules read it, in the same place."""
    link = encode(Request.model_validate(shared_request()))
    friend, held = open_board(browser, site_url, hold=RULES, url=f"#r={link}", viewport=viewport)
    fp = friend.page
    try:
        fp.wait_for_selector("html[data-link=checking]", state="attached")
        expect(fp.locator("[data-testid=shared-opening]")).to_be_hidden()
        banner = fp.locator("[data-testid=shared-banner]")
        expect(banner).to_be_visible()
        expect(fp.locator("[data-testid=shared-what]")).to_have_text(
            "This is the table and demand someone shared with you. Its ruling is being worked out…"
        )
        expect(fp.locator("[data-testid=shared-load]")).to_be_disabled()
        expect(fp.locator("[data-testid=shared-back]")).to_be_disabled()
        expect(fp.locator("[data-testid=track-roof]")).to_have_attribute("data-value", "3")
        headline = fp.locator("[data-testid=headline]")
        expect(headline).to_have_text("Working out the shared ruling…")
        expect(headline).to_have_class("headline is-waiting")
        expect(fp.locator("[data-testid=bar-status]")).to_have_text("Waiting for the rules")
        expect(fp.locator("[data-testid=apply]")).to_be_disabled()
        shown = fp.inner_text("body")
        assert "No demand yet" not in shown and "Discard 2 wood" in shown
        assert fp.evaluate("document.activeElement.id") == "shared-title"
        assert fp.get_attribute("html", "data-rules-ready") == "false"
        assert axe_violations(fp, site_url, "body") == []
        release(fp, held, RULES)
        wait_live(fp)
        fp.wait_for_selector("html[data-link=shared]", state="attached")
        fp.wait_for_selector("[data-testid=ruling][data-state=preview]")
        expect(headline).to_have_text("Paid in full: no one is wounded.")
        expect(headline).not_to_have_class("headline is-waiting")
        expect(fp.locator("[data-testid=shared-what]")).to_have_text(
            "This is the table, demand and ruling someone shared with you."
        )
        expect(fp.locator("[data-testid=shared-load]")).to_be_enabled()
        expect(fp.locator("[data-testid=track-roof]")).to_have_attribute("data-value", "3")
        assert axe_violations(fp, site_url, "body") == []
        check_clean(friend)
    finally:
        fp.context.close()


def test_the_widget_shows_a_links_table_and_demand_while_the_rules_load(
    browser: Browser, site_url: str
) -> None:
    """A forum's embedded ruling on a slow first visit: the widget reads the link itself and
    shows the table and the card's demand at once, with a line where the ruling will come;
    then the ruling takes that line's place."""
    link = encode(Request.model_validate(shared_request()))
    friend, held = open_board(
        browser, site_url, hold=RULES, url=f"widget.html#r={link}", viewport=(800, 700)
    )
    fp = friend.page
    try:
        coming = fp.locator("[data-testid=ruling-coming]")
        expect(coming).to_contain_text("Working out the ruling…")
        expect(coming).to_have_attribute("role", "status")
        expect(fp.locator("[data-testid=widget-view]")).to_have_attribute("data-state", "checking")
        expect(fp.locator("[data-testid=demands]")).to_contain_text("2 wood")
        expect(fp.locator("[data-testid=board]")).to_be_visible()
        assert fp.get_attribute("html", "data-rules-ready") == "false"
        release(fp, held, RULES)
        fp.wait_for_selector('html[data-ruling-shown="true"]', state="attached", timeout=120_000)
        expect(coming).to_have_count(0)
        expect(fp.locator("[data-testid=widget-view]")).to_have_attribute("data-state", "shown")
        expect(fp.locator("[data-testid=ruling]")).to_be_visible()
        check_clean(friend)
    finally:
        fp.context.close()


def raw_link(request: dict[str, Any]) -> str:
    """A link written as pyapp/links.py writes one, but of anything: the models not asked."""
    text = json.dumps(request, separators=(",", ":")).encode()
    return "1." + base64.urlsafe_b64encode(zlib.compress(text, 9)).decode().rstrip("=")


def test_a_link_the_page_can_read_but_the_rules_refuse_gives_the_own_table_back(
    browser: Browser, site_url: str
) -> None:
    """A well-formed link whose demand is one no card makes (the page's light check lets it by):
    shown at once, then, once the rules have read it, taken away with their reason, and the
    player's own table is back and playable."""
    request = shared_request()
    request["effect"] = {"demands": [{"kind": "sing_a_song"}]}
    friend, held = open_board(
        browser, site_url, hold=RULES, url=f"#r={raw_link(request)}", viewport=(1280, 800)
    )
    fp = friend.page
    try:
        fp.wait_for_selector("html[data-link=checking]", state="attached")
        expect(fp.locator("[data-testid=track-roof]")).to_have_attribute("data-value", "3")
        release(fp, held, RULES)
        wait_live(fp)
        expect(fp.locator("[data-testid=message]")).to_contain_text(
            "This share link cannot be opened"
        )
        assert fp.get_attribute("html", "data-link") == "error"
        expect(fp.locator("[data-testid=shared-banner]")).to_be_hidden()
        expect(fp.locator("[data-testid=track-roof]")).not_to_have_attribute("data-value", "3")
        expect(fp.locator("[data-testid=headline]")).to_have_text("No demand yet")
        assert fp.evaluate("document.getElementById('board').dataset.readonly") == "false"
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
            "Your earlier tables are kept on this device (1 of at most 3: after that, each New "
            "game lets the oldest go). Download one to keep it, or discard it."
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
