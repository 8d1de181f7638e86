"""Share links: a link opens its own table and demand at once, even while the rules still load
(on the board and in the widget), never another table first; a link the rules refuse, or
cannot read, gives the player's own table back; the banner's buttons say what each does to
one's own table; a shared ruling is read, not edited, from its panel; a link made after Apply
carries the table as it was before the ruling."""

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
    TABLETS_AS_HELD,
    apply_cook_wood,
    at_event,
    autosave_of,
    axe_violations,
    check_clean,
    cook_discards_wood,
    open_board,
    release,
    settle,
    settles,
    table,
    wait_live,
    whole_in_view,
)

RULES = "static/main.py"  # held back: the rules stay "loading" until the test lets them go

IPAD = (1180, 820)  # an iPad held landscape
SIZES = TABLETS_AS_HELD


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


@pytest.mark.parametrize("viewport", [(1280, 800), (800, 1280), (390, 844)])
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
        # What the card asks, in the bar at once (upright the sheet is folded to it).
        expect(fp.locator("[data-testid=bar-paid]")).to_have_text("Discard: Wood 2")
        expect(fp.locator("[data-testid=bar-paid]")).to_be_in_viewport()
        expect(fp.locator("[data-testid=apply]")).to_be_disabled()
        shown = fp.inner_text("body")
        # Before the rules: the demand as the core describes its kind ("Discard: Wood 2").
        assert "No demand yet" not in shown and "Discard: Wood 2" in shown
        assert fp.evaluate("document.activeElement.id") == "shared-title"
        assert fp.get_attribute("html", "data-rules-ready") == "false"
        assert axe_violations(fp, site_url, "body") == []
        release(fp, held, RULES)
        wait_live(fp)
        fp.wait_for_selector("html[data-link=shared]", state="attached")
        fp.wait_for_selector("[data-testid=ruling][data-state=preview]", state="attached")
        expect(headline).to_have_text("Paid in full: the players discard 2 wood.")
        expect(headline).to_be_in_viewport()
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
        expect(fp.locator("[data-testid=demands]")).to_contain_text("Discard: Wood 2")
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


def link_to_the_cooks_ruling(page: Page) -> str:
    cook_discards_wood(page, 4)
    page.click("[data-testid=share]")
    link = page.locator("[data-testid=share-url]").input_value()
    assert "#r=1." in link
    return link


def test_a_shared_link_on_a_device_with_no_table_says_so(
    browser: Browser, site_url: str, page: Page
) -> None:
    """Nothing saved on this device: the banner says there is no table of one's own yet (not
    that it is "saved and untouched"), and its buttons say what they do here; playing the
    shared table asks nothing, as nothing is replaced."""
    link = link_to_the_cooks_ruling(page)
    shared_table = table(page)
    friend, _ = open_board(browser, site_url, url=link.removeprefix(site_url), viewport=(800, 1280))
    fp = friend.page
    try:
        banner = fp.locator("[data-testid=shared-banner]")
        expect(banner).to_be_visible()
        expect(fp.locator("[data-testid=shared-own]")).to_have_text(
            "You have no table of your own on this device yet."
        )
        expect(banner).not_to_contain_text("saved and untouched")
        expect(fp.locator("[data-testid=shared-load]")).to_have_text("Play this table")
        expect(fp.locator("[data-testid=shared-back]")).to_have_text("Set up my own table")
        assert axe_violations(fp, site_url, "body") == []
        with settles(fp):
            fp.tap("[data-testid=shared-load]")
        expect(fp.locator("#confirm-dialog[open], dialog[open]")).to_have_count(0)
        expect(banner).to_be_hidden()
        assert table(fp)["characters"] == shared_table["characters"]
        check_clean(friend)
    finally:
        fp.context.close()


def test_a_shared_link_on_a_device_with_its_own_table_says_it_is_kept(
    browser: Browser, site_url: str, page: Page
) -> None:
    """With a table saved on the device, the banner keeps its words and asks before replacing."""
    link = link_to_the_cooks_ruling(page)
    friend, _ = open_board(
        browser, site_url, url=link.removeprefix(site_url), storage=autosave_of(page)
    )
    fp = friend.page
    try:
        expect(fp.locator("[data-testid=shared-own]")).to_have_text(
            "Your own table is saved and untouched."
        )
        expect(fp.locator("[data-testid=shared-load]")).to_have_text(
            "Play this table instead of mine…"
        )
        expect(fp.locator("[data-testid=shared-back]")).to_have_text("Back to my table")
        fp.click("[data-testid=shared-back]")
        expect(fp.locator("[data-testid=shared-banner]")).to_be_hidden()
        settle(fp)
        check_clean(friend)
    finally:
        fp.context.close()


LOCKED = (
    "chip-discard",
    "chip-track",
    "compose-kind",
    "compose-add",
    "demand-search",
    "deck-event",
)


def test_a_shared_ruling_cannot_be_changed_from_its_panel(
    browser: Browser, site_url: str, page: Page
) -> None:
    """One tap on a quick chip would wipe a shared ruling, with no way back but the link. In
    the shared view the panel is read: its chips, the card search and its decks are
    disabled and put away (the panel opens on the card and the demand), and a line says how to
    change the demand; back on one's own table they are there and work."""
    link = link_to_the_cooks_ruling(page)
    friend, _ = open_board(browser, site_url, url=link.removeprefix(site_url), viewport=(1280, 800))
    fp = friend.page
    try:
        expect(fp.locator("[data-testid=shared-banner]")).to_be_visible()
        headline = fp.locator("[data-testid=headline]")
        # The link's own ruling, once the rules have read it (until then the headline says
        # "Working out the shared ruling…", and what a tap must not change is that ruling).
        expect(fp.locator("[data-testid=ruling]")).to_have_attribute("data-state", "preview")
        expect(headline).not_to_have_text("")
        shown = headline.text_content() or ""
        note = fp.locator("[data-testid=demand-locked]")
        expect(note).to_be_visible()
        expect(note).to_contain_text("To change them, first play this table")
        for testid in LOCKED:
            expect(fp.locator(f"[data-testid={testid}]")).to_be_disabled()
            expect(fp.locator(f"[data-testid={testid}]")).to_be_hidden()
        expect(fp.locator("[data-testid=demand-chosen]")).to_be_visible()
        expect(fp.locator("[data-testid=export]")).to_be_disabled()  # it would export another table
        fp.locator("[data-testid=chip-discard]").dispatch_event("click")  # the tap that wiped it
        expect(headline).to_have_text(shown)
        expect(fp.locator("[data-testid=ruling]")).to_have_attribute("data-state", "preview")
        assert axe_violations(fp, site_url, "body") == []
        fp.tap("[data-testid=shared-back]")
        expect(fp.locator("[data-testid=shared-banner]")).to_be_hidden()
        expect(note).to_be_hidden()
        for testid in (*LOCKED, "export"):
            expect(fp.locator(f"[data-testid={testid}]")).to_be_enabled()
            expect(fp.locator(f"[data-testid={testid}]")).to_be_visible()
        check_clean(friend)
    finally:
        fp.context.close()


def test_a_link_shared_after_apply_carries_the_table_before_the_ruling(
    browser: Browser, site_url: str, page: Page
) -> None:
    """A link made after Apply opens the table as it was before the ruling: the recipient
    sees the Cook's 2 Wounds and the shared ruling adding 1, not the Wound already there."""
    headline = apply_cook_wood(page)
    page.click("[data-testid=share]")
    expect(page.locator("[data-testid=share-box] label")).to_contain_text("before this ruling")
    link = page.locator("[data-testid=share-url]").input_value()
    friend, _ = open_board(browser, site_url, url=link.removeprefix(site_url))
    try:
        fp = friend.page
        fp.wait_for_selector("html[data-link=shared]", state="attached")
        expect(fp.locator("[data-testid=shared-banner]")).to_be_visible()
        fp.wait_for_selector("[data-testid=ruling][data-state=preview]")
        expect(fp.locator("[data-testid=headline]")).to_have_text(headline)
        cook = fp.evaluate(
            """async () => {
              const board = window.castawayBoard;
              return board.state().characters.find((c) => c.role === "cook").wounds;
            }"""
        )
        assert cook == 2
        check_clean(friend)
    finally:
        friend.page.context.close()


def link_at_the_event_phase() -> str:
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
        browser,
        site_url,
        url=link_at_the_event_phase(),
        storage=autosave_of(page),
        viewport=SIZES[size],
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
    friend, _ = open_board(
        browser, site_url, url=link_at_the_event_phase(), viewport=SIZES["ipad-upright"]
    )
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


def link_to_a_short_table() -> str:
    state = copy.deepcopy(DEMO)
    state.update(phase="event", planned_actions=[], available={"wood": 1})
    request = {"state": state, "effect": {"demands": [{"kind": "discard", "wood": 2}]}}
    return encode(Request.model_validate(request))


def outline(page: Page) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate(
        """() => { const el = document.activeElement; const s = getComputedStyle(el);
          return { id: el.id, testid: el.dataset.testid || "", style: s.outlineStyle,
                   width: parseFloat(s.outlineWidth) }; }"""
    )
    return found


def test_a_share_link_focuses_its_heading_with_no_ring_and_keys_still_show_one(
    browser: Browser, site_url: str
) -> None:
    """A share link opened on an iPad: its banner's heading has the focus (a screen reader
    starts there) but shows no focus ring, as nobody pressed a key; Tab then reaches the
    banner's first button, which shows its ring."""
    friend, _ = open_board(browser, site_url, url=f"#r={link_to_a_short_table()}", viewport=IPAD)
    fp = friend.page
    try:
        fp.wait_for_selector("html[data-link=shared]", state="attached")
        expect(fp.locator("[data-testid=shared-load]")).to_be_enabled()
        ring = outline(fp)
        assert ring["id"] == "shared-title"
        assert ring["style"] == "none" or ring["width"] == 0, ring
        fp.keyboard.press("Tab")
        ring = outline(fp)
        assert ring["testid"] == "shared-load", ring
        assert ring["style"] != "none" and ring["width"] >= 2, ring
        check_clean(friend)
    finally:
        fp.context.close()
