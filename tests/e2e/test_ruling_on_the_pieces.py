"""The ruling on the pieces: while a ruling is previewed, the board itself shows what it would
change, in place, as the widget does with the same drawing (static/shared/change.js).

New Wounds are hatched on the wound tracks and the count reads "before → after"; the piles and
Determination read "3 → 1"; a death is marked on the figure's card (the skull and "Dies") and a
lost game above the cards, both announced. Cancelling the demand puts every piece back as the
table is. The wound dots are at least 16 CSS px on an iPad either way and on a phone (on the
landscape card, two rows of seven between its − and +, its four rows on one screen)."""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from pyapp.links import encode
from pyapp.rules.formats import Request

from .board_harness import DEMO, axe_violations, clear_demand, set_table, settle
from .harness import ROOT, App

pytestmark = pytest.mark.e2e

VIEWPORT = (1180, 820)  # an iPad held landscape, with touch (conftest.board_app)
PREVIEW = "[data-testid=ruling][data-state=preview]"


@pytest.fixture()
def page(board_page: Page) -> Page:
    """The demo table, no demand (conftest.board_page), at VIEWPORT."""
    board_page.set_viewport_size({"width": VIEWPORT[0], "height": VIEWPORT[1]})
    return board_page


def table_at(phase: str, **table: Any) -> dict[str, Any]:
    """The demo's characters in this phase, nothing planned, nothing in Future."""
    state: dict[str, Any] = copy.deepcopy(DEMO)
    state.update(phase=phase, planned_actions=[], future={}, **table)
    return state


# The three situations, as the widget is given them (a share link's request): the demand the
# board's chip or card composes.
TIGER = next(c for c in json.loads((ROOT / "pyapp/data/cards.json").read_text())["cards"]
             if c["id"] == "beast-tiger")
NIGHT = table_at("night", available={"food": 2})
KILLED = table_at("event", characters=[
    {"role": "cook", "wounds": 2, "determination": 2},
    {"role": "carpenter", "name": "Ben", "wounds": 10, "determination": 1}])
MORALE = table_at("morale", morale=-2)
SITUATIONS: dict[str, tuple[dict[str, Any], dict[str, Any], dict[str, Any]]] = {
    "night-outside-the-camp": (NIGHT, {"demands": [{"kind": "night_eating"},
                                                   {"kind": "night_no_shelter"}]}, {}),
    "beast-kills": (KILLED, TIGER["effect"], {"event_combat": True}),
    "morale-short-of-determination": (MORALE, {"demands": [{"kind": "morale_phase"}]}, {}),
}  # fmt: skip


def wounds(page: Page, figure: str) -> Any:
    """A figure's wound track on the board: [wounds now, wounds after, the count it reads]."""
    row = page.locator(f"[data-testid=wounds-{figure}]")
    return [row.get_attribute("data-value"), row.get_attribute("data-after"),
            row.locator(".row-mid > .count-now, .row-mid > .count-change").inner_text()]


def pile_change(page: Page, kind: str) -> Any:
    """What the Available pile's `kind` says will change ("2 → 0"), or None."""
    found = page.locator(f"[data-testid=pile-available] [data-testid=change-{kind}]")
    return found.inner_text() if found.count() else None


def hatched(page: Page, figure: str) -> int:
    return page.locator(f"[data-testid=wounds-{figure}] .wd-new").count()


def whole_night(page: Page) -> None:
    page.locator("[data-testid=chip-whole-night]").tap()
    settle(page)
    page.wait_for_selector(PREVIEW)


def test_a_night_outside_the_camp_shows_on_the_tracks_and_the_pile(page: Page) -> None:
    """The whole Night, 2 food, the Explorer (1 Wound) outside the camp: the food pile reads
    "2 → 0"; the Explorer's track "1 → 4" with 3 new Wounds hatched; cancelled, all is back."""
    set_table(page, NIGHT)
    whole_night(page)
    assert pile_change(page, "food") == "2 → 0"
    assert page.locator("[data-testid=pile-available] .cube-food.cube-spent").count() == 2
    assert wounds(page, "explorer") == ["1", "4", "1 → 4"]
    assert hatched(page, "explorer") == 3
    assert wounds(page, "cook") == ["2", "2", "2"]
    expect(page.locator("[data-testid=dies]")).to_have_count(0)
    clear_demand(page)
    assert pile_change(page, "food") is None
    assert page.locator("#board .cube-spent, #board .wd-new, #board .count-change").count() == 0
    assert wounds(page, "explorer") == ["1", "1", "1"]


def test_a_beast_that_kills_marks_the_card_and_the_lost_game(page: Page, site_url: str) -> None:
    """An Event-Phase Tiger (strength 6 against Weapon 2) on the First Player, the Carpenter
    at 10 Wounds: his card says he dies (the skull and "Dies", his death space filled), the
    lost game is marked above the cards, and both are announced; cancelled, both go."""
    set_table(page, KILLED)
    page.fill("[data-testid=demand-search]", "tiger")
    page.locator("[data-testid=card-beast-tiger]").tap()
    settle(page)
    page.wait_for_selector(PREVIEW)
    card = page.locator("[data-testid=char-carpenter]")
    expect(card.locator("[data-testid=dies]")).to_have_text("Dies")
    expect(card).to_have_class(re.compile(r"\bis-dying\b"))
    assert card.locator(".wd-dies").count() == 1
    assert wounds(page, "carpenter") == ["10", "13", "10 → 13"]
    expect(page.locator("[data-testid=lost-preview]")).to_contain_text("The game is lost")
    expect(page.locator("[data-testid=live]")).to_contain_text("dies")
    expect(page.locator("[data-testid=live]")).to_contain_text("The game is lost")
    expect(page.locator("[data-testid=char-cook] [data-testid=dies]")).to_have_count(0)
    assert axe_violations(page, site_url, "#board") == []
    clear_demand(page)
    expect(page.locator("[data-testid=lost-preview]")).to_have_count(0)
    expect(card.locator("[data-testid=dies]")).to_have_count(0)
    assert wounds(page, "carpenter") == ["10", "10", "10"]


def test_the_morale_phase_short_of_determination(page: Page) -> None:
    """Morale −2, the First Player (the Carpenter) holds 1 token: his Determination reads
    "1 → 0", his track "5 → 6" with one Wound hatched (on a Morale arrow: Morale "-2 → -3")."""
    set_table(page, MORALE)
    page.locator("[data-testid=chip-whole-morale]").tap()
    settle(page)
    page.wait_for_selector(PREVIEW)
    det = page.locator("[data-testid=det-carpenter]")
    expect(det.locator(".count-change")).to_have_text("1 → 0")
    assert det.get_attribute("data-after") == "0"
    assert wounds(page, "carpenter") == ["5", "6", "5 → 6"]
    assert hatched(page, "carpenter") == 1
    # His sixth Wound is on a Morale arrow: the Morale track reads what the core says of it.
    expect(page.locator("[data-testid=region-camp] .count-change")).to_have_text("-2 → -3")
    clear_demand(page)
    expect(det.locator(".count-change")).to_have_count(0)
    assert wounds(page, "carpenter") == ["5", "5", "5"]


@pytest.mark.parametrize("size", [(1180, 820), (820, 1180), (390, 844)],
                         ids=["ipad", "ipad-upright", "phone"])
def test_wound_dots_are_read_at_arms_length(page: Page, size: tuple[int, int]) -> None:
    """On an iPad either way (and on a phone), every wound dot is about 16 CSS px or more, no
    card's track or "before → after" runs out of its card, and the page is no wider than the
    screen."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    set_table(page, table_at("night", available={"food": 2}))
    whole_night(page)
    boxes = page.eval_on_selector_all(
        "#board .wd",
        "ds => ds.map(d => { const r = d.getBoundingClientRect(); return [r.width, r.height]; })")
    assert boxes and min(min(b) for b in boxes) >= 16, boxes
    over = page.eval_on_selector_all(
        "#board .char-card",
        "cs => cs.filter(c => c.scrollWidth > c.clientWidth + 1"
        " || [...c.querySelectorAll('.wound-dots')]"
        ".some(w => w.getBoundingClientRect().right > c.getBoundingClientRect().right + 0.5))"
        ".map(c => c.dataset.testid)")
    assert over == []
    assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
    changes = page.eval_on_selector_all(
        "#board .count-change",
        "cs => cs.filter(c => { const r = c.getBoundingClientRect(), box = c.closest('.region')"
        ".getBoundingClientRect(); return r.left < box.left || r.right > box.right; }).length")
    assert changes == 0
    clear_demand(page)


# What each situation shows in the widget: a figure's wound count ("1 → 4") and its hatched
# new Wounds, and what else is drawn on the pieces (the same marks as the board's).
IN_THE_WIDGET = {
    "night-outside-the-camp": ("explorer", "1 → 4", 3,
                               ["[data-testid=available] [data-kind=food] .cube-spent"]),
    "beast-kills": ("carpenter", "10 → 13", 3, [".figure[data-figure=carpenter] [data-testid=dies]",
                                               "[data-testid=lost-preview]"]),
    "morale-short-of-determination": ("carpenter", "5 → 6", 1, []),
}  # fmt: skip


@pytest.fixture(scope="module")
def widget(open_page: Callable[..., App], site_url: str) -> App:
    """The widget, top level, on the first situation's share link."""
    state, effect, context = SITUATIONS["night-outside-the-camp"]
    booted = open_page(f"{site_url}widget.html#r={link(state, effect, context)}")
    booted.page.wait_for_selector('html[data-ruling-shown="true"]', state="attached",
                                  timeout=120_000)
    return booted


def link(state: dict[str, Any], effect: dict[str, Any], context: dict[str, Any]) -> str:
    """A share link's payload for the situation."""
    return encode(Request.model_validate({"format": "castaway-referee/request", "version": 1,
                                          "state": state, "effect": effect, "context": context}))


@pytest.mark.parametrize("name", list(SITUATIONS))
def test_the_widget_draws_the_same_change(widget: App, site_url: str, name: str) -> None:
    """Each situation in the widget: the same hatched Wounds and "before → after", the same
    death and lost-game marks, and the death announced."""
    page = widget.page
    payload = link(*SITUATIONS[name])
    page.evaluate("(p) => { location.hash = 'r=' + p; }", payload)
    page.wait_for_function(
        "(p) => document.getElementById('open-board').href.endsWith('#r=' + p)", arg=payload)
    figure, count, new, marks = IN_THE_WIDGET[name]
    track = page.locator(f".figure[data-figure={figure}] .wound-track")
    expect(track.locator(".count-change")).to_have_text(count)
    assert track.locator(".wd-new").count() == new
    for mark in marks:
        expect(page.locator(mark).first).to_be_visible()
    live = page.locator("[data-testid=widget-live]")
    if name == "beast-kills":
        expect(live).to_contain_text("dies")
        expect(live).to_contain_text("The game is lost")
        assert axe_violations(page, site_url, "body") == []
    else:
        expect(live).to_have_text("")
    if name == "morale-short-of-determination":
        expect(page.locator(".figure[data-figure=carpenter] .figure-facts")).to_contain_text(
            "Determination 1 → 0")
