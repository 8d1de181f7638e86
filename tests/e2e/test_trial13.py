"""Issue 13's tablet trial by a new player: what they found, each checked where they found it
(an applied ruling after a reload or a "Resolve", the Night outside the camp, a shared link
after Apply, the Unusually Cold Night's choice, Undo in view, deck chips, New game, words,
layout)."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from .board_harness import (
    DEMO,
    apply_cook_wood,
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


def night_table(**changes: Any) -> dict[str, Any]:
    state = copy.deepcopy(DEMO)
    state.update(phase="night", planned_actions=[], **changes)
    return state


def test_night_outside_the_camp_hurts_who_is_marked_outside(page: Page) -> None:
    """The "Night outside the camp" card at Night: the Explorer, marked outside the camp,
    suffers its Wound; nobody is asked who resolves an Action."""
    set_table(page, night_table())
    page.fill("[data-testid=demand-search]", "night outside the camp")
    page.click("[data-testid=card-night-outside-camp]")
    settle(page)
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")
    expect(page.locator("[data-testid=headline]")).to_have_text("Explorer (Chloé) suffers 1 Wound.")
    expect(page.locator("[data-testid=demand-panel]")).not_to_contain_text(
        "Who resolves this Action"
    )
    expect(page.locator("[data-testid=verdict-bar]")).not_to_contain_text(
        "Who resolves this Action"
    )


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


def test_an_alternative_that_must_apply_is_not_offered_as_a_choice(page: Page) -> None:
    """Unusually Cold Night with 1 wood: the Wounds apply, said under "What follows"; no
    choice preset to "Pay the demand" beside it. With 3 wood the players may choose."""
    state = copy.deepcopy(DEMO)
    state.update(phase="event", planned_actions=[], available={"wood": 1})
    set_table(page, state)
    page.fill("[data-testid=demand-search]", "unusually cold night")
    page.click("[data-testid=card-unusually-cold-night]")
    settle(page)
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")
    expect(page.locator("[data-testid=follows]")).to_contain_text(
        "the card's alternative applies instead"
    )
    expect(page.locator("[data-testid=decisions]")).to_have_count(0)
    expect(page.locator("[data-testid=ruling]")).not_to_contain_text("Pay the demand")
    expect(page.locator("[data-testid=headline]")).to_contain_text("Each character suffers 1 Wound")
    with settles(page):
        page.click("[data-testid=available-wood-plus]")
    with settles(page):
        page.click("[data-testid=available-wood-plus]")
    page.wait_for_selector("[data-testid=ruling][data-state=preview] [data-testid=decisions]")
    expect(page.locator("[data-testid=decisions] select")).to_have_value("false")


def test_a_deck_chip_with_nothing_typed_lists_that_deck(page: Page) -> None:
    """Tapping "Night" with an empty search lists the Night cards, ready to pick."""
    page.fill("[data-testid=demand-search]", "")
    page.click("[data-testid=deck-night]")
    expect(page.locator("[data-testid=card-night-outside-camp]")).to_be_visible()
    page.click("[data-testid=deck-night]")  # off again: nothing typed, nothing listed
    expect(page.locator("[data-testid=card-results] li")).to_have_count(0)


def test_new_game_starts_the_panel_at_its_top(page: Page) -> None:
    """After a New game the side panel shows its top (the card search), not the old scroll."""
    page.select_option("[data-testid=ctx-resolver]", "cook")
    discard(page, "wood", 4)
    size = page.viewport_size
    page.set_viewport_size({"width": 1180, "height": 820})  # the tablet, landscape
    try:
        body = page.locator("#panel-body")
        body.evaluate("(el) => { el.scrollTop = el.scrollHeight; }")
        assert body.evaluate("(el) => el.scrollTop") > 0
        page.click("[data-testid=new-game]")
        with settles(page):
            page.click("[data-testid=new-start]")
        assert body.evaluate("(el) => el.scrollTop") == 0
    finally:
        if size:
            page.set_viewport_size(size)


def test_words_a_new_player_reads(page: Page) -> None:
    """Wounds headers in words; the history says who is outside the camp; Settings rows start
    with their words, the code after them as a link to its FAQ entry."""
    with settles(page):
        page.click("[data-testid=camp-cook]")
    expect(page.locator("[data-testid=log]")).to_contain_text("Cook (Ana): outside the camp")
    page.select_option("[data-testid=ctx-resolver]", "carpenter")
    discard(page, "wood", 4)
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")
    headers = page.locator("[data-testid=wounds] thead th > span:first-child").all_inner_texts()
    assert [t.strip() for t in headers] == [
        "Who",
        "Unmet demand",
        "Other Wounds",
        "Morale arrows",
        "Dies?",
    ]
    page.click(".house-rules summary")
    row = page.locator("[data-testid=house-row-shortfall_hurts_all]")
    assert row.inner_text().startswith("A shortfall")
    link = row.locator("a.rule-code-link")
    expect(link).to_have_text("R1")
    expect(link).to_have_attribute("href", "./faq.html#each-determination")


def test_picking_up_one_pawn_marks_only_that_pawn(page: Page) -> None:
    """Tapping one of the Cook's two pawns shows that one held, not both."""
    set_table(page, night_table())
    page.locator("[data-testid=pawn-card-cook-1]").tap()
    expect(page.locator("[data-testid=pawn-card-cook-1]")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("[data-testid=pawn-card-cook-0]")).to_have_attribute(
        "aria-pressed", "false"
    )
    page.keyboard.press("Escape")


def test_the_inferred_resolver_fits_the_panel(page: Page) -> None:
    """At 1180 px, "Carpenter (Ben) (leads the only open Action)" stays inside the panel."""
    state = copy.deepcopy(DEMO)
    state["planned_actions"] = state["planned_actions"][:1]
    state["characters"][2]["in_camp"] = True
    set_table(page, state)
    size = page.viewport_size
    page.set_viewport_size({"width": 1180, "height": 820})
    try:
        select = page.locator("[data-testid=ctx-resolver]")
        expect(select).to_contain_text("leads the only open Action")
        box = select.bounding_box()
        panel = page.locator("#panel-body").bounding_box()
        assert box and panel and box["x"] + box["width"] <= panel["x"] + panel["width"] + 0.5, (
            box,
            panel,
        )
    finally:
        if size:
            page.set_viewport_size(size)


@pytest.mark.parametrize("size", [(1180, 820), (820, 1180), (1280, 800)])
def test_resource_piles_fit_their_boxes(page: Page, size: tuple[int, int]) -> None:
    """On a tablet, each pile's − count + stays inside its own box and no resource name is
    clipped ("N-P F", "WOOD" cut off)."""
    before = page.viewport_size
    page.set_viewport_size({"width": size[0], "height": size[1]})
    try:
        faults = page.evaluate(
            """() => {
              const bad = [];
              for (const pile of document.querySelectorAll(".pile")) {
                const box = pile.getBoundingClientRect();
                for (const b of pile.querySelectorAll("button.step, .stepper button")) {
                  const r = b.getBoundingClientRect();
                  const out = r.left < box.left - 0.5 || r.right > box.right + 0.5;
                  if (out) bad.push(b.dataset.testid || b.textContent);
                }
                for (const n of pile.querySelectorAll(".kind-name")) {
                  if (n.scrollWidth > n.clientWidth + 1) bad.push(n.textContent);
                }
              }
              return bad;
            }"""
        )
        assert faults == []
    finally:
        if before:
            page.set_viewport_size(before)
