"""The Advanced area, the demand as JSON: it says what it is for; it shows the demand set from
the very tap that opens it, and follows each change; a demand pasted into it replaces the one
chosen, and text that is not an effect is refused in words."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Browser, Page, expect

from pyapp.reading import MAX_DEPTH

from .board_harness import (
    axe_violations,
    check_clean,
    discard,
    open_board,
    saved,
    settle,
    wait_live,
)

DEEP = 20_000  # levels: past the core's limit, and past what the page's stack could write out


@pytest.fixture()
def page(board_page: Page) -> Page:
    """The board page on the demo table (conftest.board_page)."""
    return board_page


def test_the_json_area_says_what_it_is_for(page: Page) -> None:
    """The Advanced area's summary says it is there to copy or paste a demand as text, and
    still says JSON, for those who look for it."""
    summary = page.locator("[data-testid=advanced] > summary")
    expect(summary).to_have_text("Advanced: copy or paste the demand as text (JSON)")


def test_the_json_box_shows_the_demand_as_it_opens(page: Page) -> None:
    """The box is filled in the very tap that opens it, so what is pasted at once stays."""
    discard(page, "wood", 2)
    shown = page.evaluate(
        """() => { document.querySelector("[data-testid=advanced] > summary").click();
                   return document.querySelector("[data-testid=effect-json]").value; }"""
    )
    assert json.loads(shown)["demands"][0]["kind"] == "discard"
    pasted = json.dumps({"demands": [{"kind": "discard", "wood": 1}]})
    page.fill("[data-testid=effect-json]", pasted)
    page.click("[data-testid=effect-json-use]")
    expect(page.locator("[data-testid=ruling][data-state=preview]")).to_be_visible()
    shown_now = page.locator("[data-testid=effect-json]").input_value()
    assert json.loads(shown_now) == json.loads(pasted)  # the box follows the demand it set
    page.click("[data-testid=advanced] > summary")


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
    expect(page.locator("[data-testid=advanced] .form-error")).to_have_text(
        "This is not a card's demand written as JSON. Paste the text “Show this demand” gives, "
        "or put the demand together with the chips above."
    )
    expect(page.locator("[data-testid=demand-chosen]")).to_contain_text("Morale")
    assert axe_violations(page, site_url, "[data-testid=panel]") == []
    page.click("[data-testid=advanced] > summary")  # closed again for the next test


def test_a_demand_nested_past_the_limit_is_refused_in_words_and_never_saved(page: Page) -> None:
    """A demand nested thousands deep pasted into the box is refused before it is parsed:
    said in words, the demand chosen stays, and nothing of it reaches the save."""
    discard(page, "wood", 2)
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")
    page.click("[data-testid=advanced] > summary")
    deep = "[" * DEEP + "]" * DEEP
    page.fill("[data-testid=effect-json]",
              '{"demands": [{"kind": "discard", "wood": 1, "x": ' + deep + "}]}")
    page.click("[data-testid=effect-json-use]")
    expect(page.locator("[data-testid=advanced] .form-error")).to_have_text(
        f"This demand cannot be used: it is nested {DEEP + 3:,} deep; at most {MAX_DEPTH} "
        "levels are allowed."
    )
    expect(page.locator("[data-testid=demand-chosen]")).to_contain_text("2 wood")
    settle(page)
    assert not any("[" * 100 in text for text in saved(page).values())
    page.click("[data-testid=advanced] > summary")


@pytest.mark.parametrize(("pasted", "said"), [
    ('{"demands":[{"kind":null,"wood":2}]}', "Demand 1 must say its kind."),
    ('{"demands":[{"kind":"discard","wood":"lots"}]}',
     "The wood of demand 1 must be a whole number."),
])
def test_a_pasted_demand_the_rules_refuse_is_said_in_their_words(
        page: Page, pasted: str, said: str) -> None:
    """No "None", no second problem never named, no "Discard what?" for a wood of "lots":
    the rules' one sentence, under the box; the demand chosen stays."""
    discard(page, "wood", 2)
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")
    page.click("[data-testid=advanced] > summary")
    page.fill("[data-testid=effect-json]", pasted)
    page.click("[data-testid=effect-json-use]")
    expect(page.locator("[data-testid=advanced] .form-error")).to_have_text(
        f"This demand cannot be used: {said}")
    expect(page.locator("[data-testid=demand-chosen]")).to_contain_text("2 wood")
    expect(page.locator("[data-testid=headline]")).not_to_have_text("Discard what?")
    page.click("[data-testid=advanced] > summary")


def test_a_save_that_already_holds_a_deep_demand_opens_without_it(
    browser: Browser, site_url: str
) -> None:
    """A save written before the box refused deep demands: the table opens, the demand is left
    out with a line saying why, and nothing throws (every reload overflowed the stack)."""
    booted, _ = open_board(browser, site_url)
    page = booted.page
    try:
        discard(page, "wood", 2)
        page.wait_for_function(
            """() => Object.keys(localStorage).some((k) => k.includes(".head.")
                 && localStorage.getItem(k).includes('"wood":2'))"""
        )
        page.evaluate(
            """(depth) => {
              for (const key of Object.keys(localStorage).filter((k) => k.includes(".head."))) {
                const text = localStorage.getItem(key);
                localStorage.setItem(key, text.replace('"wood":2',
                  '"wood":2,"x":' + "[".repeat(depth) + "]".repeat(depth)));
              }
            }""",
            DEEP,
        )
        for _ in range(2):
            page.reload()
            wait_live(page)
            expect(page.locator("[data-testid=message]")).to_contain_text(
                "The demand saved with your table was left out: it is nested more than "
                f"{MAX_DEPTH} levels deep. Your table is open; choose the demand again."
            )
        expect(page.locator("[data-testid=demand-chosen]")).not_to_contain_text("2 wood")
        check_clean(booted)
    finally:
        page.context.close()


def test_a_card_s_alternative_with_its_own_alternative_pasted_as_json(page: Page) -> None:
    """ "Discard 2 wood or 1 fur, otherwise each character suffers 2 Wounds", pasted: it is
    ruled, and the box shows it back as the core read it."""
    effect = {"demands": [{"kind": "discard", "wood": 9}], "alternative": [
        {"kind": "part", "demands": [{"kind": "discard", "fur": 1}],
         "alternative": [{"kind": "wounds", "amount": 2, "victims": "all"}]}]}
    page.select_option("[data-testid=ctx-resolver]", "cook")
    settle(page)
    page.click("[data-testid=advanced] > summary")
    page.fill("[data-testid=effect-json]", json.dumps(effect))
    page.click("[data-testid=effect-json-use]")
    expect(page.locator("[data-testid=ruling][data-state=preview]")).to_be_visible()
    expect(page.locator("[data-testid=steps]")).to_contain_text(
        "This part can be paid in full, so it is paid"
    )
    assert json.loads(page.locator("[data-testid=effect-json]").input_value()) == effect
    page.click("[data-testid=advanced] > summary")
