"""Whole phases on the board, and parts of one phase that add up.

The Weather deck's dice faces, tapped one after another, join into one Weather ruling (their
clouds counted together against the Roof): a second never silently takes the first one's
place. "The whole Weather" and "The whole Morale Phase" are chips of their phase, as "The
whole Night" is. Each outcome line says how sure it is; at Night, "Friday does not eat" is
our ruling on a line of its own, and the verdict as a whole stays official."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .board_harness import DEMO, set_table, settle

pytestmark = pytest.mark.e2e

VIEWPORT = (1280, 800)  # a 10-inch tablet held landscape, with touch (conftest.board_app)


@pytest.fixture()
def page(board_page: Page) -> Page:
    """The demo table, no demand, the drawer closed (conftest.board_page), at VIEWPORT."""
    return board_page


def phase(page: Page, name: str, **table: Any) -> None:
    """The demo's characters in this phase, nothing planned."""
    state: dict[str, Any] = copy.deepcopy(DEMO)
    state.update(phase=name, planned_actions=[], future={}, **table)
    set_table(page, state)


def pick_weather_card(page: Page, card_id: str) -> None:
    """The Weather deck's chip lists its cards; a tap picks one."""
    page.tap("[data-testid=deck-weather]")
    card = page.locator(f"[data-testid=card-{card_id}]")
    expect(card).to_be_visible()
    card.tap()
    settle(page)


def wounds_by_figure(page: Page) -> dict[str, str]:
    """Each wounded figure's row: its Wounds (unmet demand + other), as the table shows."""
    rows = page.eval_on_selector_all(
        "[data-testid=wounds] tbody tr",
        "rows => rows.map(r => [r.dataset.figure, Number(r.cells[1].textContent)"
        " + Number(r.cells[2].textContent)])")
    return {figure: n for figure, n in rows}


def test_rain_then_snow_add_up_to_three_wounds_each_in_camp(page: Page) -> None:
    """Roof 2, nothing in stock: "Rain: 2 rain clouds" then "Snow: 1 snow cloud". The snow
    joins the rain (3 clouds against Roof 2): 1 wood for the snow, 1 food and 1 wood for the
    rain, none there, so each character in camp suffers 3 Wounds, and the one outside none."""
    phase(page, "weather", roof=2, available={}, friday=None)
    pick_weather_card(page, "weather-rain-2")
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")
    pick_weather_card(page, "weather-snow-1")
    chosen = page.locator("[data-testid=demand-chosen]")
    expect(chosen).to_contain_text("2 rain clouds and 1 snow cloud")
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")
    expect(page.locator("[data-testid=verdict]")).not_to_contain_text("no one is wounded")
    expect(page.locator("[data-testid=wounds] tbody tr")).to_have_count(2)
    assert wounds_by_figure(page) == {"cook": 3, "carpenter": 3}
    expect(page.locator("[data-testid=ruling-certainty]")).to_have_attribute(
        "data-grade", "official")
    for sure in page.locator("[data-testid=wound-sure]").all():
        expect(sure).to_have_text("rules")


def test_a_second_card_of_another_kind_asks_before_it_replaces(page: Page) -> None:
    """A Storm token picked while a rain cloud is held joins it (both are the Weather's: one
    whole Weather, ruled in the rulebook's order); an Event card picked then asks, in the
    referee's words, whether it joins or is ruled instead, each answer a button a finger can
    hit. "Rule it instead" rules the Event card alone."""
    phase(page, "weather", roof=2, available={})
    pick_weather_card(page, "weather-rain-1")
    pick_weather_card(page, "storm-token")
    items = page.locator("[data-testid=demand-chosen] li[data-testid^=demand-]")
    expect(items).to_have_count(1)
    expect(items).to_contain_text("The whole Weather")
    page.fill("[data-testid=demand-search]", "Termites")
    page.locator("[data-testid=card-termites]").tap()
    asked = page.locator("[data-testid=join-ask]")
    expect(asked).to_be_visible()
    expect(asked).to_contain_text("Termites")
    expect(items).to_have_count(1)  # nothing replaced yet
    expect(items).to_contain_text("The whole Weather")
    for answer in ("join-both", "join-replace"):  # each answer a full-size target for a finger
        box = page.locator(f"[data-testid={answer}]").bounding_box()
        assert box is not None and box["height"] >= 44 and box["width"] >= 44, (answer, box)
    page.tap("[data-testid=join-replace]")
    settle(page)
    expect(asked).to_have_count(0)
    expect(page.locator("#chosen-title")).to_have_text("Termites")


def test_the_whole_weather_rules_storm_and_hungry_animals_in_order(page: Page) -> None:
    """The whole Weather's chip, then its steppers: 1 rain cloud, the Hungry Animals' fight
    and a Storm token. The steps go rain, then the fight, then the Storm's Palisade −1."""
    phase(page, "weather", roof=1, palisade=2, weapon=1, available={"food": 5, "wood": 5})
    chip = page.locator("[data-testid=chip-whole-weather]")
    expect(chip).to_contain_text("The whole Weather")
    chip.tap()
    settle(page)
    expect(page.locator("[data-testid=d0-rain]")).to_have_text("0")  # the dice's clouds, from none
    page.tap("[data-testid=d0-rain-plus]")
    settle(page)
    page.tap("[data-testid=d0-hungry-fight]")
    settle(page)
    page.tap("[data-testid=d0-storm]")
    settle(page)
    expect(page.locator("[data-testid=demand-chosen]")).to_contain_text("Palisade")
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")
    expect(page.locator("[data-testid=steps]")).to_contain_text("Palisade goes from 2 to 1")
    texts = page.eval_on_selector_all("[data-testid=steps] li",
                                      "lis => lis.map(l => l.textContent)")
    rain = next(i for i, x in enumerate(texts) if "Rain:" in x)
    fight = next(i for i, x in enumerate(texts) if "Strength 3 against Weapon 1" in x)
    storm = next(i for i, x in enumerate(texts) if "Palisade goes from 2 to 1" in x)
    assert rain < fight < storm, texts
    assert wounds_by_figure(page) == {"cook": 2, "carpenter": 2}


def test_the_whole_morale_phase_is_a_chip_of_its_phase(page: Page) -> None:
    """Morale −2, the First Player (the Carpenter) holds 1 token: the whole Morale Phase
    discards it and wounds him once for the one missing."""
    phase(page, "morale", morale=-2)
    chip = page.locator("[data-testid=chip-whole-morale]")
    expect(chip).to_contain_text("The whole Morale Phase")
    chip.tap()
    settle(page)
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")
    assert wounds_by_figure(page) == {"carpenter": 1}


def test_at_night_only_friday_not_eating_is_ours(page: Page) -> None:
    """Enough food for the camp, the Explorer outside: her 3 Wounds are the rules'; "Friday
    does not eat" is our ruling, on its own line, and the verdict is official."""
    phase(page, "night", available={"food": 2})
    page.locator("[data-testid=chip-whole-night]").tap()
    settle(page)
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")
    expect(page.locator("[data-testid=ruling-certainty]")).to_have_attribute(
        "data-grade", "official")
    expect(page.locator("[data-testid=ruling-certainty]")).to_contain_text(
        "Friday does not eat at Night")
    expect(page.locator("[data-testid=bar-certainty]")).to_have_count(0)
    own = page.locator("[data-testid=own-rulings]")
    expect(own).to_contain_text("Friday does not eat at Night — our ruling")
    expect(page.locator("[data-testid=wounds] tbody tr[data-figure=explorer] "
                        "[data-testid=wound-sure]")).to_have_text("rules")
