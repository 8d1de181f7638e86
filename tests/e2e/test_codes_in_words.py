"""Rule codes, switches and spaces in words a new player can read: every rule code comes with
its words and opens its rule (the board's panel, the rule drawer, the widget,
the FAQ); "Rule again" says when and why to press it; the Advanced JSON area shows no
repository path; and no page shows a part id ("R8.zero"), a house-rule switch's key, a space's
id, "null" or "undefined"."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from pyapp.api import parse_request
from pyapp.links import encode

from .board_harness import (
    App,
    axe_violations,
    check_clean,
    clear_demand,
    next_round,
    set_table,
    settle,
    settles,
    small_targets,
)

# A part's id as the core writes it: "R8.zero", "R2.weather".
PART_ID = re.compile(r"\b[A-Z]{1,3}\d*(\.[a-z]+)\b")
# Other words a player should never read: a key of the table's data (snake_case), a space's
# id, a repository path, and what JavaScript writes for a missing value.
CRYPTIC = re.compile(r"\b[a-z]+_[a-z_]+\b|\btile-\d|docs/|\.md\b|\bnull\b|\bundefined\b")
SWITCHES = ("shortfall_hurts_all", "same_action_gains_pay", "no_shelter_reduction_ignored")

# Two characters in the Event Phase, a Shelter with its Roof at 0, and things the players
# could spend (never spent for them: C4).
TABLE: dict[str, Any] = {
    "phase": "event",
    "characters": [{"role": "cook"}, {"role": "carpenter"}],
    "first_player": "cook",
    "shelter": "built",
    "roof": 0,
    "available": {"wood": 1},
    "discovery_tokens": ["Nourishing larvae"],
    "treasures": ["Saber"],
    "house_rules": {"same_action_gains_pay": True},
}
# The card's own Wound (G-card-wounds), then "halve the Roof" at 0 (R8's part "Halving 0").
CARD = {"demands": [{"kind": "wounds", "amount": 1}, {"kind": "halve", "target": "roof"}]}
SPACES = [{"id": "tile-2", "markers": ["fog"]}, {"id": "tile-3", "markers": []}]


def visible_text(page: Page, selector: str = "body") -> str:
    text: str = page.inner_text(selector)
    return text


def assert_readable(text: str, where: str) -> None:
    """No part id and nothing cryptic in what a player reads."""
    assert not PART_ID.search(text), (where, PART_ID.findall(text))
    assert not CRYPTIC.search(text), (where, CRYPTIC.findall(text))


def clauses(page: Page) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate("async () => (await referee.call('clauses', '')).clauses")
    return found


@pytest.fixture()
def page(board_app: App) -> Iterator[Page]:
    """The table above, no demand, the drawer and Advanced closed."""
    p = board_app.page
    if p.locator("[data-testid=rule-dialog]").is_visible():
        p.click("[data-testid=rule-close]")
    if p.locator("[data-testid=advanced]").evaluate("(d) => d.open"):
        p.click("[data-testid=advanced] > summary")
    set_table(p, json.loads(json.dumps(TABLE)))
    clear_demand(p)
    yield p
    check_clean(board_app)


def use_json(page: Page, effect: dict[str, Any]) -> None:
    """The card's demand typed under Advanced, then "Use this JSON"; Advanced closed again."""
    page.click("[data-testid=advanced] > summary")
    page.fill("[data-testid=effect-json]", json.dumps(effect))
    page.click("[data-testid=effect-json-use]")
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")
    settle(page)
    page.click("[data-testid=advanced] > summary")


# ------------------------------------------------------------------ the board's panel


def test_each_code_in_the_panel_comes_with_its_words(page: Page, site_url: str) -> None:
    """Each step's code is followed by its rule's title, G-card-wounds as "The card's own
    Wounds"; the ruling's certainty names R8's part as "R8: Halving 0"; tapping G-card-wounds
    opens its rule beside the table."""
    use_json(page, CARD)
    titles = {code: c["title"] for code, c in clauses(page).items()}
    steps = page.eval_on_selector_all(
        "[data-testid=steps] > li",
        """(items) => items.map((li) => { const a = li.querySelector("a.clause");
             const name = a.nextElementSibling;
             return [a.dataset.clause, a.textContent, name && name.matches(".clause-name")
                     ? name.textContent : null]; })""",
    )
    # The card's Wound, the halving's unfulfilled demand, then the line that totals the card's
    # Wounds, cited by the rule that caused them (the card's own), not the wound track.
    assert [code for code, _, _ in steps][:3] == ["G-card-wounds", "C5", "G-card-wounds"]
    for code, chip, words in steps:
        assert chip == code
        assert words == f" {titles[code]}:", (code, words)
    has_card = page.locator("a[data-clause=G-card-wounds]")
    card = page.locator("[data-testid=steps] > li", has=has_card)
    expect(card.first).to_contain_text("G-card-wounds The card's own Wounds:")
    expect(page.locator("[data-testid=ruling-certainty]")).to_contain_text("(R8: Halving 0)")
    assert_readable(visible_text(page, "[data-testid=panel]"), "panel")
    link = page.locator("[data-testid=steps] a.clause[data-clause=G-card-wounds]").first
    assert "The card's own Wounds" in (link.get_attribute("aria-label") or "")
    link.scroll_into_view_if_needed()
    link.tap()
    drawer = page.locator("[data-testid=rule-dialog]")
    expect(drawer).to_have_attribute("data-code", "G-card-wounds")
    expect(page.locator("#rule-title")).to_contain_text("The card's own Wounds")
    assert_readable(visible_text(page, "[data-testid=rule-dialog]"), "drawer")
    assert axe_violations(page, site_url, "[data-testid=steps]") == []


def test_what_follows_names_c4_with_its_words_and_its_rule(page: Page) -> None:
    """ "Not spent for you" cites C4 as a code with its words, a link to the rule."""
    use_json(page, {"demands": [{"kind": "discard", "wood": 3}]})
    line = page.locator("[data-testid=not-spent]")
    expect(line).to_contain_text("C4 Nothing is spent for you:")
    expect(line).to_contain_text("Not spent for you, but could avoid a loss: Discovery token")
    expect(line.locator("a.clause[data-clause=C4]")).to_have_count(1)
    assert "(C4)" not in visible_text(page, "[data-testid=follows]")
    line.locator("a.clause").tap()
    expect(page.locator("[data-testid=rule-dialog]")).to_have_attribute("data-code", "C4")


def test_the_drawers_back_names_the_rule_in_words(page: Page) -> None:
    """From one rule to another in the drawer, "Back" says where it goes in words."""
    use_json(page, {"demands": [{"kind": "discard", "wood": 3}]})
    page.locator("[data-testid=steps] a.clause[data-clause=C5]").first.tap()
    drawer = page.locator("[data-testid=rule-dialog]")
    section = drawer.locator("[data-testid=rule-entry]").first
    expect(section).to_have_attribute("data-state", "ruled")
    other = section.locator("[data-testid=rule-example-steps] li:not([data-clause='C5']) a")
    target = other.first.evaluate("(a) => a.closest('[data-clause]').dataset.clause")
    other.first.tap()
    expect(drawer).to_have_attribute("data-code", target)
    expect(drawer.locator("[data-testid=rule-back]")).to_have_text(
        f"Back to C5: {clauses(page)['C5']['title']}"
    )
    assert_readable(visible_text(page, "[data-testid=rule-dialog]"), "drawer")


# ------------------------------------------------------------------ "Rule again"


def test_rule_again_says_when_and_why_to_press_it(page: Page) -> None:
    """Beside "Rule again", a line says what it does as the ruling stands: not needed while
    the ruling follows the table; after Apply, for the same card again; once the table has
    changed, the same card on the table as it is. The button stays a 44 px target."""
    use_json(page, {"demands": [{"kind": "discard", "wood": 3}]})
    button = page.locator("[data-testid=preview]")
    why = page.locator("[data-testid=rule-again-why]")
    expect(button).to_have_attribute("aria-describedby", "rule-again-why")
    expect(why).to_be_visible()
    expect(why).to_contain_text("the ruling follows every change to the table by itself")
    box = button.bounding_box()
    assert box and box["width"] >= 44 and box["height"] >= 44
    with settles(page):
        page.click("[data-testid=apply]")
    expect(page.locator("[data-testid=ruling]")).to_have_attribute("data-state", "applied")
    expect(why).to_contain_text("If this card comes up again")
    with settles(page):
        next_round(page)  # the table changes after the Apply
    expect(page.locator("[data-testid=ruling]")).to_have_attribute("data-state", "stale")
    expect(why).to_contain_text("The table has changed since this ruling was applied")
    expect(button).to_have_text("Rule again on this table")
    expect(page.locator("[data-testid=bar-rule-again]")).to_have_attribute(
        "aria-describedby", "rule-again-why"
    )
    page.locator("[data-testid=bar-rule-again]").tap()
    expect(page.locator("[data-testid=ruling]")).to_have_attribute("data-state", "preview")
    expect(why).to_contain_text("follows every change")
    assert small_targets(page) == []


# ------------------------------------------------------------------ Advanced


def test_the_advanced_area_speaks_plainly(page: Page, site_url: str) -> None:
    """The JSON box says what the JSON is and what to do with it, with no repository path."""
    use_json(page, {"demands": [{"kind": "discard", "wood": 1}]})
    page.click("[data-testid=advanced] > summary")
    text = visible_text(page, "[data-testid=advanced]")
    assert "docs/" not in text and ".md" not in text and "effect" not in text.lower()
    assert "Paste another one here" in text and "export the whole request" in text
    area = page.locator("[data-testid=effect-json]")
    expect(area).to_have_attribute("aria-describedby", "effect-json-how")
    expect(area).not_to_have_value("")
    assert axe_violations(page, site_url, "[data-testid=advanced]") == []
    page.click("[data-testid=advanced] > summary")


def test_spaces_are_said_in_words_on_the_board_ruling(page: Page) -> None:
    """A marker on a tile's source: the step names "tile 2's food source", not its id."""
    set_table(page, {**json.loads(json.dumps(TABLE)), "spaces": SPACES})
    use_json(page, {"demands": [{"kind": "place_marker", "space": "tile-3", "marker": "fog"}]})
    expect(page.locator("[data-testid=steps]")).to_contain_text("The fog marker goes on tile 3.")
    assert_readable(visible_text(page, "[data-testid=panel]"), "panel")


# ------------------------------------------------------------------ the widget and the FAQ


def test_the_widget_says_each_code_and_switch_in_words(
    open_page: Callable[..., App], site_url: str
) -> None:
    """The widget on the same situation: each step's code has its rule's title beside it and
    in its link's name; the house rule that is on is named in words; nothing cryptic shows."""
    request = {"state": {**TABLE, "spaces": SPACES}, "effect": CARD}
    booted = open_page(f"{site_url}widget.html#r={encode(parse_request(json.dumps(request)))}")
    page = booted.page
    page.wait_for_selector("html[data-ruling-shown=true]", state="attached", timeout=120_000)
    step = page.locator("[data-testid=steps] li[data-clause=G-card-wounds]").first
    expect(step.locator(".clause-title")).to_have_text("The card's own Wounds")
    expect(step.locator("a.clause-link")).to_contain_text("The card's own Wounds")
    board = visible_text(page, "[data-testid=board]")
    assert "House rule on: “Resources gained earlier in the same Action may pay”" in board
    assert "Tile 2: fog marker" in board
    expect(page.locator("[data-testid=ruling-certainty]")).to_contain_text("(R8: Halving 0)")
    text = visible_text(page)
    for key in SWITCHES:
        assert key not in text
    assert_readable(text, "widget")
    assert booted.problems() == []


def test_the_faq_shows_no_part_id_switch_key_or_file_name(
    open_page: Callable[..., App], site_url: str
) -> None:
    """The whole FAQ, every example ruled: every code with its words, switches in words, our
    own rulings' source without its file name, spaces in words."""
    booted = open_page(site_url + "faq.html")
    page = booted.page
    page.wait_for_selector('html[data-faq-ready="true"]', state="attached", timeout=300_000)
    text = visible_text(page)
    for key in SWITCHES:
        assert key not in text
    assert "rulings.md" not in text
    assert "“Reducing Roof/Palisade without a Shelter is ignored”" in text
    assert "A shortfall on \u2018each player\u2019 hurts every character" in text
    assert_readable(text, "faq")
    assert booted.problems() == []


@pytest.mark.parametrize(
    ("opener", "code"),
    [("details.house-rules > summary", "R5"), (None, "C4")],
    ids=["a switch in Settings", "the finds"],
)
def test_the_boards_own_codes_open_their_rule_beside_the_table(
    page: Page, opener: str | None, code: str
) -> None:
    """A code on the board itself (a switch's ruling in Settings, C4 over the Discovery tokens
    and Items) opens its rule in the drawer, as a ruling's codes do: the board is not left for
    the FAQ page, and the code says in words what it is."""
    url = page.url
    if opener:
        page.locator(opener).tap()
    link = page.locator(f"[data-testid=board] a.rule-code-link[data-clause={code}]")
    expect(link).to_have_count(1)
    assert PART_ID.search(link.get_attribute("aria-label") or "") is None
    assert len(link.get_attribute("aria-label") or "") > len(code) + 10  # words, not the code alone
    link.tap()
    drawer = page.locator("[data-testid=rule-dialog]")
    expect(drawer).to_have_attribute("data-code", code)
    expect(drawer.locator("#rule-title")).to_contain_text(clauses(page)[code]["title"])
    assert page.url == url
    page.click("[data-testid=rule-close]")
    if opener:
        page.locator(opener).tap()
