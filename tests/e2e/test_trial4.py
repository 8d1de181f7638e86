"""Issue 13's tablet trials by a new player, each finding checked where it was found: the
third trial's (a reloaded table's ruling arriving under the finger, the character card's
unnamed counters, the empty "demand as JSON", rule codes that looked like browser links, a
shared link on a device with no table of its own), then the fourth's."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from .board_harness import (
    App,
    autosave_of,
    axe_violations,
    check_clean,
    discard,
    open_board,
    release,
    settle,
    settles,
    small_targets,
    table,
    wait_live,
)

RULES = "static/main.py"  # held back: the rules stay "loading" until the test lets them go
SIZES = {"tablet-landscape": (1280, 800), "tablet-portrait": (800, 1280)}


@pytest.fixture()
def page(board_page: Page) -> Page:
    """The board page on the demo table (conftest.board_page)."""
    return board_page


def top_of(page: Page, selector: str) -> float:
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    return box["y"]


def cook_discards_wood(page: Page, n: int) -> str:
    """The Cook resolves "Discard n wood", ruled (not applied): the headline shown."""
    page.select_option("[data-testid=ctx-resolver]", "cook")
    settle(page)
    discard(page, "wood", n)
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")
    settle(page)  # the ruling's headline is saved with the demand
    return page.text_content("[data-testid=headline]") or ""


# ------------------------------------------------------------ 1. the ruling after a reload


@pytest.mark.parametrize("size", list(SIZES), ids=list(SIZES))
def test_a_reloaded_ruling_lands_without_moving_the_panel(
    browser: Browser, site_url: str, page: Page, size: str
) -> None:
    """Reloaded with a demand, the bar shows the last ruling greyed ("being checked") at its
    final size, buttons and all: when the rules have ruled again, nothing below it moves."""
    said = cook_discards_wood(page, 4)
    assert "Cook (Ana) suffers 1 Wound" in said
    slow, held = open_board(
        browser, site_url, hold=RULES, storage=autosave_of(page), viewport=SIZES[size]
    )
    sp = slow.page
    try:
        sp.wait_for_selector("[data-testid=verdict-bar][data-state=pending]")
        assert sp.get_attribute("html", "data-rules-ready") == "false"
        headline = sp.locator("[data-testid=headline]")
        expect(headline).to_have_text(said)
        expect(headline).to_have_class("headline is-waiting")
        expect(sp.locator("[data-testid=bar-status]")).to_have_text("Being checked…")
        expect(sp.locator("[data-testid=apply]")).to_be_disabled()
        expect(sp.locator("[data-testid=why]")).to_be_disabled()
        before = {s: top_of(sp, s) for s in ("#panel-body", "#demand-title")}
        bar_before = sp.locator("[data-testid=verdict-bar]").bounding_box()
        assert axe_violations(sp, site_url, "[data-testid=panel]") == []
        release(sp, held, RULES)
        wait_live(sp)
        sp.wait_for_selector("[data-testid=ruling][data-state=preview]")
        expect(headline).to_have_text(said)
        expect(headline).not_to_have_class("headline is-waiting")
        expect(sp.locator("[data-testid=apply]")).to_be_enabled()
        expect(sp.locator("[data-testid=why]")).to_be_enabled()
        after = {s: top_of(sp, s) for s in before}
        bar_after = sp.locator("[data-testid=verdict-bar]").bounding_box()
        assert bar_before and bar_after
        assert abs(bar_after["height"] - bar_before["height"]) <= 2, (bar_before, bar_after)
        for selector, y in before.items():
            assert abs(after[selector] - y) <= 2, (selector, y, after[selector])
        assert axe_violations(sp, site_url, "[data-testid=panel]") == []
        check_clean(slow)
    finally:
        sp.context.close()


def test_a_save_from_before_keeps_the_bar_calm_until_the_rules_are_ready(
    browser: Browser, site_url: str, page: Page
) -> None:
    """A save written before headlines were kept: the bar says in words that the ruling comes
    once the rules are ready (never "null", never empty), then shows it."""
    cook_discards_wood(page, 2)
    storage = autosave_of(page)
    pointer = json.loads(storage["castaway-referee.v2.current"])
    head = json.loads(storage[pointer["current"]])
    head["demand"].pop("shown")
    storage[pointer["current"]] = json.dumps(head)
    slow, held = open_board(browser, site_url, hold=RULES, storage=storage, viewport=(1280, 800))
    sp = slow.page
    try:
        sp.wait_for_selector("[data-testid=verdict-bar][data-state=pending]")
        expect(sp.locator("[data-testid=headline]")).to_have_text(
            "Ruling once the rules are ready…"
        )
        expect(sp.locator("[data-testid=bar-status]")).to_have_text("Waiting for the rules")
        release(sp, held, RULES)
        wait_live(sp)
        sp.wait_for_selector("[data-testid=ruling][data-state=preview]")
        expect(sp.locator("[data-testid=headline]")).to_contain_text("Paid in full")
        check_clean(slow)
    finally:
        sp.context.close()


# ------------------------------------------------- 2. the character card's counters, named


@pytest.mark.parametrize("size", [(1280, 800), (800, 1280)], ids=["landscape", "portrait"])
def test_wounds_and_determination_are_named_on_each_card(page: Page, size: tuple[int, int]) -> None:
    """A new player saw "− 2 +" and did not know what it counts: each card names its wound
    track and its Determination in words, inside their 44 px rows (no taller card)."""
    old = page.viewport_size
    page.set_viewport_size({"width": size[0], "height": size[1]})
    try:
        for role in ("cook", "carpenter", "explorer"):
            card = page.locator(f"[data-testid=char-{role}]")
            for row, word in (("wound-row", "Wounds"), ("det-row", "Determination")):
                label = card.locator(f".{row} .count-label")
                expect(label).to_be_visible()
                assert (label.text_content() or "").replace("\u00ad", "") == word
                box, line = label.bounding_box(), card.locator(f".{row}").bounding_box()
                assert box and line
                assert (
                    line["y"] - 1 <= box["y"]
                    and box["y"] + box["height"] <= line["y"] + line["height"] + 1
                )
                assert line["height"] <= 45, (role, row, line)  # the buttons' height, no more
        if size == (1280, 800):
            for role in ("cook", "carpenter", "explorer"):
                card_box = page.locator(f"[data-testid=char-{role}]").bounding_box()
                assert card_box and card_box["height"] <= 4 * 44 + 20, card_box  # four 44 px rows
        assert small_targets(page) == []
    finally:
        if old:
            page.set_viewport_size(old)


# ------------------------------------------------------------- 3. the demand as JSON


def test_the_demand_as_json_shows_the_demand_set_and_follows_it(page: Page, site_url: str) -> None:
    """Opened with a demand set, "Advanced" shows it; a change while open shows the new one;
    importing from it works as before."""
    page.select_option("[data-testid=ctx-resolver]", "cook")
    settle(page)
    discard(page, "wood", 2)
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")
    page.click("[data-testid=advanced] > summary")
    area = page.locator("[data-testid=effect-json]")
    expect(area).not_to_have_value("")
    shown = json.loads(area.input_value())
    assert [(d["kind"], d.get("wood")) for d in shown["demands"]] == [("discard", 2)]
    page.click("[data-testid=d0-n-plus]")
    settle(page)
    expect(area).to_have_value(
        json.dumps({**shown, "demands": [{**shown["demands"][0], "wood": 3}]}, indent=1)
    )
    # Import from it, as today: a Morale demand typed in replaces the demand.
    area.fill(json.dumps({"demands": [{"kind": "lower_morale", "amount": 1}]}))
    page.click("[data-testid=effect-json-use]")
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")
    settle(page)
    expect(page.locator("[data-testid=demand-chosen]")).to_contain_text("Morale")
    assert json.loads(area.input_value())["demands"] == [{"kind": "lower_morale", "amount": 1}]
    # Text that is not an effect is refused in words; the demand stays.
    area.fill("{not json")
    page.click("[data-testid=effect-json-use]")
    expect(page.locator("[data-testid=advanced] .form-error")).to_contain_text(
        "This is not an effect"
    )
    expect(page.locator("[data-testid=demand-chosen]")).to_contain_text("Morale")
    assert axe_violations(page, site_url, "[data-testid=panel]") == []
    page.click("[data-testid=advanced] > summary")  # closed again for the next test


# ------------------------------------------------------------------ 4. rule codes as chips


def chip_style(page: Page, selector: str) -> dict[str, Any]:
    found: dict[str, Any] = page.locator(selector).first.evaluate(
        """(el) => { const s = getComputedStyle(el); const r = el.getBoundingClientRect();
          return { decoration: s.textDecorationLine, color: s.color, image: s.backgroundImage,
                   width: r.width, height: r.height }; }"""
    )
    return found


def test_rule_codes_are_chips_in_the_boards_colours(page: Page, site_url: str) -> None:
    """A ruling's codes, Settings' R1, R5, R9 and the finds' C4 are small ink chips (not blue
    underlined links), 44 px targets, with a visible focus ring from the keyboard."""
    page.set_viewport_size({"width": 1280, "height": 800})
    try:
        cook_discards_wood(page, 4)
        page.click("[data-testid=why]")
        page.click("details.house-rules > summary")
        codes = [t.strip() for t in page.locator(".rule-code-link").all_text_contents()]
        assert codes == ["R1", "R5", "R9", "C4"]
        for selector in ("[data-testid=steps] a.clause", ".rule-code-link"):
            style = chip_style(page, selector)
            assert style["decoration"] == "none", (selector, style)
            assert style["color"] == "rgb(245, 234, 208)", (selector, style)  # the parchment
            assert "gradient" in style["image"], (selector, style)  # the ink chip
            assert style["width"] >= 44 and style["height"] >= 44, (selector, style)
        # From the keyboard: the last code before the FAQ link shows the focus ring.
        page.focus("[data-testid=faq-from-ruling]")
        page.keyboard.press("Shift+Tab")
        focused = page.evaluate(
            """() => { const el = document.activeElement;
              return [el.matches("a.clause"), el.matches(":focus-visible"),
                      getComputedStyle(el).outlineStyle]; }"""
        )
        assert focused == [True, True, "solid"], focused
        assert small_targets(page) == []
        assert axe_violations(page, site_url, "[data-testid=panel]") == []
        assert axe_violations(page, site_url, ".house-rules") == []
        page.click("details.house-rules > summary")
    finally:
        page.set_viewport_size({"width": 1280, "height": 1800})


def test_a_reloaded_card_is_named_at_once_before_the_rules(
    browser: Browser, site_url: str, page: Page
) -> None:
    """Reloaded with a card's demand, the card was shown as its bare demand until the card list
    came with the rules, then by name (the fourth trial, portrait): it is named at once, and
    stays so when the rules have come."""
    page.fill("[data-testid=demand-search]", "termites")
    page.click("[data-testid=card-termites]")
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")
    settle(page)
    name = page.text_content("#chosen-title") or ""
    words = page.text_content("[data-testid=demand-chosen] .card-text") or ""
    assert name and words
    slow, held = open_board(
        browser, site_url, hold=RULES, storage=autosave_of(page), viewport=(800, 1280)
    )
    sp = slow.page
    try:
        sp.wait_for_selector("[data-testid=verdict-bar][data-state=pending]")
        assert sp.get_attribute("html", "data-rules-ready") == "false"
        expect(sp.locator("#chosen-title")).to_have_text(name)
        expect(sp.locator("[data-testid=demand-chosen] .card-text")).to_have_text(words)
        top = top_of(sp, "[data-testid=context]")
        release(sp, held, RULES)
        wait_live(sp)
        sp.wait_for_selector("[data-testid=ruling][data-state=preview]")
        expect(sp.locator("#chosen-title")).to_have_text(name)
        assert abs(top_of(sp, "[data-testid=context]") - top) <= 2
        check_clean(slow)
    finally:
        sp.context.close()


# -------------------------------------------- 5. a shared link on a device with no table


def share_link(page: Page) -> str:
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
    link = share_link(page)
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
    link = share_link(page)
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


# ------------------------------- the fourth trial (after the fixes above): a shared ruling is read

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
    """One tap on a quick chip wiped a shared ruling, with no way back but the link (the fourth
    trial). In the shared view the panel is read: its chips, the card search and its decks are
    disabled and put away (the panel opens on the card and the demand), and a line says how to
    change the demand; back on one's own table they are there and work."""
    link = share_link(page)
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


__all__ = ["App"]
