"""The verdict bar: its buttons (Why?, Share, Apply, Undo) stay on screen and inside the panel;
Share sits beside Apply once there is a ruling; once applied the bar reads applied, after a
reload or a second "Resolve" too, with Undo in it."""

from __future__ import annotations

import copy

import pytest
from playwright.sync_api import Browser, Page, expect

from .board_harness import (
    DEMO,
    apply_cook_wood,
    axe_violations,
    check_clean,
    discard,
    open_board,
    saved,
    set_table,
    settle,
    settles,
    wait_live,
)


@pytest.fixture()
def page(board_page: Page) -> Page:
    """The board page on the demo table (conftest.board_page)."""
    return board_page


def rulings_in_effect(page: Page) -> int:
    return page.locator("[data-testid=log] .log-ruling:not(.is-undone)").count()


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


@pytest.mark.parametrize("viewport", [(1280, 800), (800, 1280)])
def test_share_sits_in_the_verdict_bar_beside_why_and_apply(
    browser: Browser, site_url: str, viewport: tuple[int, int]
) -> None:
    """With a ruling, Share is in the verdict bar (44 px, on screen, in landscape and in
    portrait); a tap shares the link and says so in view; before any ruling it is under the
    demand as before."""
    booted, _ = open_board(browser, site_url, viewport=viewport)
    page = booted.page
    try:
        state = copy.deepcopy(DEMO)
        state.update(phase="event", planned_actions=[])
        set_table(page, state)
        bar = page.locator("[data-testid=verdict-bar]")
        expect(bar.locator("[data-testid=share]")).to_have_count(0)
        if page.locator("html[data-sheet=closed]").count():  # upright it opens folded
            page.tap("[data-testid=sheet-toggle]")
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
        page.context.grant_permissions(
            ["clipboard-read", "clipboard-write"], origin=site_url.rstrip("/")
        )
        share.tap()
        said = page.locator("[data-testid=share-said]")  # (test_share_in_a_tap.py: the ways)
        expect(said).to_be_in_viewport()
        assert "#r=1." in page.locator("[data-testid=share-url]").input_value()
        assert axe_violations(page, site_url, "[data-testid=panel]") == []
        check_clean(booted)
    finally:
        page.context.close()


def test_an_applied_ruling_reads_applied_after_a_reload(
    browser: Browser, site_url: str, page: Page
) -> None:
    """After Apply, a reload (or Back from the FAQ) shows the ruling applied, with the
    headline as applied and Undo in the bar; Apply cannot add the Wounds a second time."""
    headline = apply_cook_wood(page)
    again, _ = open_board(browser, site_url, storage=saved(page))
    try:
        p = again.page
        wait_live(p)
        p.wait_for_selector("[data-testid=ruling][data-state=applied]")
        expect(p.locator("[data-testid=bar-status]")).to_have_text("Applied to the table")
        expect(p.locator("[data-testid=headline]")).to_have_text(headline)
        expect(p.locator("[data-testid=apply]")).to_be_disabled()
        expect(p.locator("[data-testid=bar-undo]")).to_be_visible()
        assert rulings_in_effect(p) == 1
        check_clean(again)
    finally:
        again.page.context.close()


def test_resolve_again_after_apply_keeps_it_applied(page: Page) -> None:
    """Tapping "Resolve" on the planned Action after its ruling was applied does not offer
    the same ruling again: it reads applied, and the Carpenter's Wounds are not doubled."""
    discard(page, "wood", 5)
    with settles(page):
        page.click("[data-testid=resolve-build-1]")
    settle(page)
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")
    headline = page.text_content("[data-testid=headline]") or ""
    with settles(page):
        page.click("[data-testid=apply]")
    page.click("[data-testid=resolve-build-1]")
    settle(page)
    page.wait_for_selector("[data-testid=ruling][data-state=applied]")
    expect(page.locator("[data-testid=headline]")).to_have_text(headline)
    expect(page.locator("[data-testid=apply]")).to_be_disabled()
    assert rulings_in_effect(page) == 1


def test_undo_is_in_the_verdict_bar_once_applied(page: Page) -> None:
    """Once applied, "Undo" sits in the sticky verdict bar (in view wherever the page is
    scrolled); tapping it takes the ruling back and the preview returns."""
    apply_cook_wood(page)
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    undo = page.locator("[data-testid=bar-undo]")
    expect(undo).to_be_in_viewport()
    box = undo.bounding_box()
    assert box and box["width"] >= 44 and box["height"] >= 44, box
    with settles(page):
        undo.tap()
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")
    expect(page.locator("[data-testid=apply]")).to_be_enabled()
    expect(page.locator("[data-testid=bar-undo]")).to_have_count(0)
    assert rulings_in_effect(page) == 0
