"""A shared link opens to a readable ruling at once: the link carries the ruling's words as the
core said them when it was shared, and the board (and the widget) draws them in the headline's
place before the rules are ready, as text, marked as being checked; the rules' own ruling then
takes their place, and says so when it differs from what the link said. On a phone, "Link
copied" never covers the headline and goes by itself."""

from __future__ import annotations

import base64
import json
import zlib
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from pyapp.links import encode, ruled_words
from pyapp.rules.formats import Request

from .board_harness import axe_violations, check_clean, open_board, release, settle, wait_live
from .test_shared_links import RULES, shared_request

HEADLINE = "[data-testid=headline]"
PAID_IN_FULL = "Paid in full: the players discard 2 wood."
CHECKING = "The link's ruling, being checked by the rules…"
DIFFERS = "When it was shared, this link said otherwise; the ruling shown is the rules' own now."
SIZES = {"phone": (390, 844), "ipad": (1180, 820), "ipad-upright": (820, 1180)}


def worded_link() -> str:
    """The link as the page writes it now: with the ruling's words, in English."""
    request = Request.model_validate(shared_request())
    return encode(request, ruled_words(request))


def forged_link(said: dict[str, Any]) -> str:
    """A link written by hand, its words anything at all."""
    data = {**shared_request(), "said": said}
    text = json.dumps(data, ensure_ascii=False).encode()
    return "1." + base64.urlsafe_b64encode(zlib.compress(text)).decode().rstrip("=")


def rules_not_ready(page: Page) -> None:
    assert page.get_attribute("html", "data-rules-ready") != "true"


@pytest.mark.parametrize("size", list(SIZES), ids=list(SIZES))
def test_the_links_ruling_is_in_view_before_the_rules_and_theirs_after(
    browser: Browser, site_url: str, size: str
) -> None:
    friend, held = open_board(browser, site_url, hold=RULES, url=f"#r={worded_link()}",
                              viewport=SIZES[size])
    page = friend.page
    try:
        page.wait_for_selector("html[data-link=checking]", state="attached")
        headline = page.locator(HEADLINE)
        expect(headline).to_have_text(PAID_IN_FULL)
        expect(headline).to_be_in_viewport()
        expect(headline).to_have_attribute("data-said", "link")
        expect(headline).to_have_class("headline is-waiting")
        expect(headline).not_to_have_attribute("lang", "en")  # the reader's own language
        expect(page.locator("[data-testid=bar-status]")).to_have_text(CHECKING)
        expect(page.locator("[data-testid=bar-said] li")).to_have_text(
            ["Wood: 2 of 2 paid — rules"])
        expect(page.locator("[data-testid=apply]")).to_be_disabled()
        rules_not_ready(page)
        assert axe_violations(page, site_url, "body") == []
        release(page, held, RULES)
        wait_live(page)
        page.wait_for_selector("html[data-link=shared]", state="attached")
        page.wait_for_selector("[data-testid=ruling][data-state=preview]", state="attached")
        expect(headline).to_have_text(PAID_IN_FULL)
        expect(headline).not_to_have_attribute("data-said", "link")
        expect(headline).not_to_have_class("headline is-waiting")
        expect(headline).to_be_in_viewport()
        expect(page.locator("[data-testid=bar-status]")).to_have_text("The shared ruling")
        expect(page.locator("[data-testid=bar-said]")).to_have_count(0)
        check_clean(friend)
    finally:
        page.context.close()


def test_a_forged_links_words_are_shown_as_text_marked_and_replaced(
    browser: Browser, site_url: str
) -> None:
    """Words a hand-edited link says in another language, with markup in them: drawn as the
    very text they are, marked with their language, then the rules' ruling in their place and
    one line saying the link said otherwise."""
    forged = "<img src=x data-forged onerror=alert(1)> Niemand wird verwundet."
    link = forged_link({"lang": "de", "headline": forged, "outcome": ["<b data-forged>fett</b>"]})
    friend, held = open_board(browser, site_url, hold=RULES, url=f"#r={link}", viewport=(390, 844))
    page = friend.page
    try:
        page.wait_for_selector("html[data-link=checking]", state="attached")
        headline = page.locator(HEADLINE)
        expect(headline).to_have_text(forged)
        expect(headline).to_have_attribute("lang", "de")
        expect(page.locator("[data-testid=bar-said]")).to_have_attribute("lang", "de")
        expect(page.locator("[data-testid=bar-said] li")).to_have_text(["<b data-forged>fett</b>"])
        expect(page.locator("[data-forged]")).to_have_count(0)
        rules_not_ready(page)
        release(page, held, RULES)
        wait_live(page)
        page.wait_for_selector("[data-testid=ruling][data-state=preview]", state="attached")
        expect(headline).to_have_text(PAID_IN_FULL)
        expect(headline).not_to_have_attribute("lang", "de")
        expect(page.locator("[data-testid=bar-status]")).to_have_text(DIFFERS)
        expect(page.locator("[data-forged]")).to_have_count(0)
        check_clean(friend)
    finally:
        page.context.close()


@pytest.mark.parametrize(("said", "why"), [
    ({"lang": "en", "headline": "x" * 301}, "a headline too long"),
    ({"lang": "en", "headline": 7}, "a headline that is no text"),
    ({"lang": "en", "headline": "Fine.", "outcome": "not a list"}, "malformed lines"),
])
def test_words_a_link_cannot_carry_leave_it_waiting_for_the_rules(
    browser: Browser, site_url: str, said: dict[str, Any], why: str
) -> None:
    friend, held = open_board(browser, site_url, hold=RULES, url=f"#r={forged_link(said)}",
                              viewport=(1180, 820))
    page = friend.page
    try:
        page.wait_for_selector("html[data-link=checking]", state="attached")
        expect(page.locator(HEADLINE)).to_have_text("Working out the shared ruling…"), why
        release(page, held, RULES)
        wait_live(page)
        page.wait_for_selector("[data-testid=ruling][data-state=preview]", state="attached")
        expect(page.locator(HEADLINE)).to_have_text(PAID_IN_FULL)
        expect(page.locator("[data-testid=bar-status]")).to_have_text("The shared ruling")
        check_clean(friend)
    finally:
        page.context.close()


def test_the_widget_draws_the_links_ruling_then_the_rules(browser: Browser, site_url: str) -> None:
    friend, held = open_board(browser, site_url, hold=RULES, url=f"widget.html#r={worded_link()}",
                              viewport=(800, 700), wait=False)
    page = friend.page
    try:
        coming = page.locator("[data-testid=ruling-coming]")
        expect(coming).to_contain_text(CHECKING)
        expect(page.locator("[data-testid=link-headline]")).to_have_text(PAID_IN_FULL)
        expect(page.locator("[data-testid=link-outcome] li")).to_have_text(
            ["Wood: 2 of 2 paid — rules"])
        rules_not_ready(page)
        release(page, held, RULES)
        page.wait_for_selector('html[data-ruling-shown="true"]', state="attached",
                               timeout=120_000)
        expect(coming).to_have_count(0)
        expect(page.locator("[data-testid=ruling-differs]")).to_have_count(0)
        expect(page.locator("[data-testid=ruling]")).to_be_visible()
        check_clean(friend)
    finally:
        page.context.close()


def test_the_widget_says_when_the_links_words_no_longer_hold(
    browser: Browser, site_url: str
) -> None:
    link = forged_link({"lang": "en", "headline": "No one is wounded."})
    friend, held = open_board(browser, site_url, hold=RULES, url=f"widget.html#r={link}",
                              viewport=(800, 700), wait=False)
    page = friend.page
    try:
        expect(page.locator("[data-testid=link-headline]")).to_have_text("No one is wounded.")
        expect(page.locator("[data-testid=link-headline]")).not_to_have_attribute("lang", "en")
        release(page, held, RULES)
        page.wait_for_selector('html[data-ruling-shown="true"]', state="attached",
                               timeout=120_000)
        expect(page.locator("[data-testid=ruling-differs]")).to_have_text(DIFFERS)
        check_clean(friend)
    finally:
        page.context.close()


def test_on_a_phone_link_copied_leaves_the_headline_clear_and_goes_by_itself(
    browser: Browser, site_url: str
) -> None:
    """Share on a phone, no share sheet: the bubble is beside the bar, not over the headline,
    is said to screen readers, and goes without a tap."""
    friend, _ = open_board(browser, site_url, url=f"#r={worded_link()}", viewport=(390, 844),
                           mobile=True)
    page = friend.page
    try:
        page.wait_for_selector("html[data-link=shared]", state="attached")
        page.wait_for_selector("[data-testid=ruling][data-state=preview]", state="attached")
        settle(page)
        page.context.grant_permissions(["clipboard-read", "clipboard-write"],
                                       origin=site_url.rstrip("/"))
        page.evaluate("() => Object.defineProperty(navigator, 'share', { configurable: true,"
                      " value: undefined })")
        page.tap("[data-testid=verdict-bar] [data-testid=share]")
        said = "Link copied: paste it in a message to share this ruling."
        bubble = page.locator("[data-testid=share-said]")
        expect(bubble).to_have_text(said)
        expect(page.locator("[data-testid=live]")).to_have_text(said)
        box, line = bubble.bounding_box(), page.locator(HEADLINE).bounding_box()
        assert box is not None and line is not None
        apart = (box["y"] + box["height"] <= line["y"] or line["y"] + line["height"] <= box["y"]
                 or box["x"] + box["width"] <= line["x"] or line["x"] + line["width"] <= box["x"])
        assert apart, (box, line)
        assert box["y"] >= 0 and box["y"] + box["height"] <= 844, box
        expect(bubble).to_be_hidden(timeout=15_000)  # by itself: no tap, no key
        check_clean(friend)
    finally:
        page.context.close()
