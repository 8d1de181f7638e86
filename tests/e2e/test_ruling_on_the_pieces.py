"""The ruling on the pieces: while a ruling is previewed, the board itself shows what it would
change, in place, as the widget does with the same drawing (static/shared/change.js).

New Wounds are hatched on the wound tracks and the count reads "before → after"; the piles and
Determination read "3 → 1"; a death is marked on the figure's card (the skull and "Dies") and a
lost game above the cards, both announced. Cancelling the demand puts every piece back as the
table is. The wound dots are at least 16 CSS px on an iPad held either way."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from pyapp.links import encode
from pyapp.rules.formats import Request

from .board_harness import DEMO, axe_violations, clear_demand, set_table, settle
from .harness import App

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
    set_table(page, table_at("night", available={"food": 2}))
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


def test_a_beast_that_kills_marks_the_card_and_the_lost_game(page: Page) -> None:
    """An Event-Phase Tiger (strength 6 against Weapon 2) on the First Player, the Carpenter
    at 10 Wounds: his card says he dies (the skull and "Dies", his death space filled), the
    lost game is marked above the cards, and both are announced; cancelled, both go."""
    set_table(page, table_at("event", characters=[
        {"role": "cook", "wounds": 2, "determination": 2},
        {"role": "carpenter", "name": "Ben", "wounds": 10, "determination": 1}]))
    page.fill("[data-testid=demand-search]", "tiger")
    page.locator("[data-testid=card-beast-tiger]").tap()
    settle(page)
    page.wait_for_selector(PREVIEW)
    card = page.locator("[data-testid=char-carpenter]")
    expect(card.locator("[data-testid=dies]")).to_have_text("Dies")
    expect(card).to_have_class(lambda_has("is-dying"))
    assert card.locator(".wd-dies").count() == 1
    assert wounds(page, "carpenter") == ["10", "13", "10 → 13"]
    expect(page.locator("[data-testid=lost-preview]")).to_contain_text("The game is lost")
    expect(page.locator("[data-testid=live]")).to_contain_text("dies")
    expect(page.locator("[data-testid=live]")).to_contain_text("The game is lost")
    expect(page.locator("[data-testid=char-cook] [data-testid=dies]")).to_have_count(0)
    assert axe_violations(page, page.url.split("#")[0].rsplit("/", 1)[0] + "/", "#board") == []
    clear_demand(page)
    expect(page.locator("[data-testid=lost-preview]")).to_have_count(0)
    expect(card.locator("[data-testid=dies]")).to_have_count(0)
    assert wounds(page, "carpenter") == ["10", "10", "10"]


def lambda_has(cls: str) -> Any:
    import re

    return re.compile(rf"(^|\s){cls}(\s|$)")


def test_the_morale_phase_short_of_determination(page: Page) -> None:
    """Morale −2, the First Player (the Carpenter) holds 1 token: his Determination reads
    "1 → 0", his track "5 → 6" with one Wound hatched (on a Morale arrow: Morale "-2 → -3")."""
    set_table(page, table_at("morale", morale=-2))
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


@pytest.mark.parametrize("size", [(1180, 820), (820, 1180)], ids=["ipad", "ipad-upright"])
def test_wound_dots_are_read_at_arms_length(page: Page, size: tuple[int, int]) -> None:
    """On an iPad either way, every wound dot is at least 16 CSS px, and no card's track runs
    out of its card."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    set_table(page, table_at("night", available={"food": 2}))
    whole_night(page)
    boxes = page.eval_on_selector_all(
        "#board .wd",
        "ds => ds.map(d => { const r = d.getBoundingClientRect(); return [r.width, r.height]; })")
    assert boxes and min(min(b) for b in boxes) >= 16, boxes
    over = page.eval_on_selector_all(
        "#board .char-card",
        "cs => cs.filter(c => c.scrollWidth > c.clientWidth + 1 || [...c.querySelectorAll('.wound-dots')]"
        ".some(w => w.getBoundingClientRect().right > c.getBoundingClientRect().right + 0.5))"
        ".map(c => c.dataset.testid)")
    assert over == []
    clear_demand(page)
