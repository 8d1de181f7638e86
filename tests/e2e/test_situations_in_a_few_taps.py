"""The six table situations we keep, each from the board as a new player finds it (a first
visit, nothing saved) to its ruling, on an iPad held either way and on a phone: every tap,
drag and key counted, the taps that only unfold the card's sheet or open the phone's Menu
among them. Each takes at most eight; the ruling's headline is the core's own for the table
the board holds, in view when it appears; axe-core finds nothing.

  Night, a character outside the camp          the whole Night
  Event Phase, a combat with a Beast           a card of the Beast deck
  Morale Phase, short of Determination         the whole Morale Phase
  Weather Phase, rain and snow clouds          the whole Weather: 2 rain, 1 snow, Roof 2
  A shared link opened                         the ruling in view, no tap at all
  A question for the FAQ                       from the board's FAQ link to the answer"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from pyapp.links import encode, ruled_words
from pyapp.rules import Request, rule
from pyapp.rules.catalogue import catalogue
from pyapp.rules.telling import ruling_words
from tests.scenarios import table as compact_table

from .board_harness import (
    MOST_INTERACTIONS,
    App,
    Player,
    axe_violations,
    check_clean,
    headline_in_view,
    no_problems,
    open_board,
    release,
    table,
    unobscured,
    wait_live,
)

pytestmark = pytest.mark.e2e

# An iPad held landscape and upright, and a phone (its browser a mobile one).
SIZES = {"ipad": ((1180, 820), False), "ipad-upright": ((820, 1180), False),
         "phone": ((390, 844), True)}  # fmt: skip
CARDS = {card.id: card for card in catalogue().cards}
FAQ = json.loads((Path(__file__).parents[2] / "pyapp/data/faq.json").read_text("utf-8"))

# 2 rain clouds and 1 snow cloud against Roof 2, nothing in stock: 1 wood short for the snow,
# 1 food and 1 wood for the rain (3 clouds − Roof 2), so 3 Wounds each in camp.
WEATHER = {"kind": "weather_phase", "rain": 2, "snow": 1}


@pytest.fixture(params=list(SIZES), ids=list(SIZES))
def new_player(request: pytest.FixtureRequest, browser: Browser, site_url: str) -> Iterator[App]:
    """The board as it opens on a first visit, at one of the three sizes, with touch."""
    size, mobile = SIZES[request.param]
    booted, _ = open_board(browser, site_url, viewport=size, mobile=mobile)
    yield booted
    check_clean(booted)
    booted.page.context.close()


def core_headline(state: dict[str, Any], demands: list[dict[str, Any]]) -> str:
    """The core's headline for this table and these demands, asked apart from the page."""
    request = Request.model_validate({"state": state, "effect": {"demands": demands}})
    return ruling_words(request, rule(request)).headline


def ruled_as_the_core_says(page: Page, demands: list[dict[str, Any]]) -> str:
    """The board's headline, in view, and the core's for the table the board holds."""
    shown = headline_in_view(page)
    assert shown == core_headline(table(page), demands)
    return shown


def test_night_with_a_character_outside_the_camp(new_player: App, site_url: str) -> None:
    """Night, the Explorer away from the camp, no food: the whole Night, eating then sleeping,
    in one ruling."""
    page = new_player.page
    player = Player(page)
    player.tap("phase-night")
    player.tap("camp-explorer")
    player.tap("chip-whole-night")
    ruled_as_the_core_says(page, [{"kind": "night_eating"}, {"kind": "night_no_shelter"}])
    expect(page.locator("[data-testid=wounds] tbody tr[data-figure=explorer]")).to_have_count(1)
    within_reach(player)
    no_problems(page, site_url)


def test_event_phase_combat_with_a_beast(new_player: App, site_url: str) -> None:
    """The Event Phase: the Goats of the Beast deck are fought, Weapon 0."""
    page = new_player.page
    player = Player(page)
    player.tap("deck-beast")
    player.tap("card-beast-goats")
    goats = CARDS["beast-goats"].effect.model_dump(mode="json")["demands"]
    ruled_as_the_core_says(page, goats)
    within_reach(player)
    no_problems(page, site_url)


def test_the_morale_phase_short_of_determination(new_player: App, site_url: str) -> None:
    """Morale −2, the First Player holds no Determination: the whole Morale Phase wounds him
    for the tokens he cannot discard."""
    page = new_player.page
    player = Player(page)
    player.tap("phase-morale")
    player.tap("morale--2")
    player.tap("chip-whole-morale")
    ruled_as_the_core_says(page, [{"kind": "morale_phase"}])
    expect(page.locator("[data-testid=wounds] tbody tr")).to_have_count(1)
    within_reach(player)
    no_problems(page, site_url)


def test_a_weather_phase_with_rain_and_snow_clouds(new_player: App, site_url: str) -> None:
    """A built Shelter, Roof 2, nothing in stock; the dice show 2 rain clouds and 1 snow
    cloud: the whole Weather gives each character in camp 3 Wounds."""
    page = new_player.page
    player = Player(page)
    player.tap("phase-weather")
    player.tap("shelter-built")
    player.tap("track-roof-2")
    player.tap("chip-whole-weather")
    for field, clouds in (("rain", 2), ("snow", 1)):  # each stepper tapped to the dice's clouds
        while int(page.inner_text(f"[data-testid=d0-{field}]")) < clouds:
            player.tap(f"d0-{field}-plus")
        expect(page.locator(f"[data-testid=d0-{field}]")).to_have_text(str(clouds))
    ruled_as_the_core_says(page, [WEATHER])
    rows = page.eval_on_selector_all(
        "[data-testid=wounds] tbody tr",
        "rows => rows.map(r => [r.dataset.figure, Number(r.cells[1].textContent)"
        " + Number(r.cells[2].textContent)])")
    assert dict(rows) == {"cook": 3, "explorer": 3}
    within_reach(player)
    no_problems(page, site_url)


@pytest.mark.parametrize("size", list(SIZES), ids=list(SIZES))
def test_a_shared_link_opens_on_its_ruling(browser: Browser, site_url: str, size: str) -> None:
    """The Weather's table and clouds, shared: the link opens on its ruling, in view, with no
    tap (the link's words at once, then the rules'), the same ruling the board gives that
    table and those clouds."""
    state = compact_table("cook", "explorer", phase="weather", shelter="built", roof=2)
    request = Request.model_validate({"state": state, "effect": {"demands": [WEATHER]}})
    link = encode(request, ruled_words(request))  # as the page writes it: with its words
    viewport, mobile = SIZES[size]
    friend, held = open_board(browser, site_url, hold="static/main.py", url=f"#r={link}",
                              viewport=viewport, mobile=mobile)
    page = friend.page
    try:
        # The link's own words are readable before the rules are ready, then the rules'.
        page.wait_for_selector("html[data-link=checking]", state="attached")
        said = page.locator("[data-testid=headline][data-said=link]")
        expect(said).to_be_in_viewport(ratio=1)
        assert said.inner_text() == core_headline(state, [WEATHER])
        assert page.get_attribute("html", "data-rules-ready") != "true"
        release(page, held, "static/main.py")
        wait_live(page)
        page.wait_for_selector("html[data-link=shared]", state="attached")
        player = Player(page)
        assert headline_in_view(page) == core_headline(state, [WEATHER])
        assert player.count == 0
        no_problems(page, site_url)
        check_clean(friend)
    finally:
        page.context.close()


def test_a_question_for_the_faq(new_player: App, site_url: str) -> None:
    """Friday resolves an Action alone and cannot pay: who suffers? From the board's FAQ
    link, through the contents, to the answer, in view and not under the search bar."""
    page = new_player.page
    player = Player(page)
    player.tap("faq-link")
    page.wait_for_selector("html[data-faq-ready=true]", state="attached", timeout=120_000)
    if page.locator("[data-testid=toc-toggle]").is_visible():
        player.tap("toc-toggle")
    player.tap_at("[data-testid=faq-toc] a[href='#R2']")
    page.wait_for_function("() => location.hash === '#R2'")
    entry = next(e for e in FAQ["entries"] if e["id"] == "friday-alone")
    answer = page.locator("#friday-alone [data-testid=faq-answer]")
    expect(answer).to_have_text(entry["answer"])
    assert unobscured(page, "#friday-alone [data-testid=faq-answer]")
    within_reach(player)
    found = axe_violations(page, site_url, "body")
    assert found == [], json.dumps(found, indent=1)


def within_reach(player: Player) -> None:
    """At most eight interactions; the count is printed for the report (pytest -s)."""
    print(f"interactions: {player.count} ({player.unfolds} unfolding, {player.menus} Menu)")
    assert player.count <= MOST_INTERACTIONS, player.count

