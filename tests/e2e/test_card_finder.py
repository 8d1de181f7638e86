"""The board's card finder: the search runs in the rules core (names above text; case, accents
and dashes ignored; a typo or two forgiven; aliases and words of the effect found); deck chips
filter, and list their deck with nothing typed; a plain demand is offered first, ready to rule;
a card of the box that asks for nothing says so; a miss offers the nearest names; picking a
card fills in the demand and what the card tells of its context; New game empties the
search."""

from __future__ import annotations

import copy

import pytest
from playwright.sync_api import Page, expect

from .board_harness import (
    DEMO,
    apply_cook_wood,
    at,
    board_call,
    discard,
    set_table,
    settle,
    settles,
    small_targets,
    table,
)
from .harness import ROOT

pytestmark = pytest.mark.e2e

RESULTS = "[data-testid=card-results] li"


@pytest.fixture()
def page(board_page: Page) -> Page:
    """The board page on the demo table (conftest.board_page), the search empty and no deck
    chip pressed."""
    board_page.fill("[data-testid=demand-search]", "")
    for chip in board_page.locator("[data-testid^=deck-][aria-pressed=true]").all():
        chip.click()
    return board_page


def first_result(page: Page) -> str:
    return page.locator(RESULTS).first.inner_text()


def test_a_plain_demand_comes_first_and_is_ready_to_rule(page: Page) -> None:
    page.fill("[data-testid=demand-search]", "Roof \u22121")
    expect(page.locator(RESULTS).first.locator("[data-testid=card-demand]")).to_be_visible()
    expect(page.locator(RESULTS).nth(1)).to_contain_text("Contains that demand")
    page.click("[data-testid=card-demand]")
    expect(page.locator("[data-testid=demand-chosen]")).to_contain_text("Lower the Roof by 1")
    expect(page.locator("[data-testid=demand-search]")).to_have_value("")


SEARCH = "[data-testid=demand-search]"
CHOSEN = "[data-testid=demand-chosen]"
DEMANDS = "[data-testid=demand-chosen] li[data-testid^=demand-]"


def test_enter_in_the_search_box_picks_its_first_result(page: Page) -> None:
    """Typed, then Enter (the tablet keyboard's Go): the demand typed is chosen, as a tap on
    it would; no result has to be tapped."""
    page.fill(SEARCH, "roof -1")
    page.press(SEARCH, "Enter")
    expect(page.locator(CHOSEN)).to_contain_text("Lower the Roof by 1")
    expect(page.locator(SEARCH)).to_have_value("")
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")


def test_a_demand_typed_beside_a_chosen_one_asks_whether_it_joins(page: Page) -> None:
    """A demand typed in the finder stands for a card of its own: beside "Discard 1 wood",
    already chosen, the referee asks whether it joins or is ruled instead, as for a card."""
    discard(page, "wood", 1)
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")
    page.fill(SEARCH, "morale -1")
    page.click("[data-testid=card-demand]")
    ask = page.locator("[data-testid=join-ask]")
    expect(ask).to_contain_text("Lower Morale by 1")
    expect(page.locator(DEMANDS)).to_have_count(1)  # nothing joined before the answer
    page.click("[data-testid=join-replace]")
    expect(ask).to_have_count(0)
    expect(page.locator(DEMANDS)).to_have_count(1)
    expect(page.locator(CHOSEN)).to_contain_text("Lower Morale by 1")
    expect(page.locator(CHOSEN)).not_to_contain_text("wood")


@pytest.mark.parametrize("next_demand", ["typed", "chip"])
def test_once_applied_the_next_demand_is_ruled_on_its_own(page: Page, next_demand: str) -> None:
    """"Discard 4 wood" applied is done: the demand chosen next, typed or tapped, is ruled on
    its own, never joined to it (its wood would be paid a second time) and without asking."""
    apply_cook_wood(page)
    if next_demand == "typed":
        page.fill(SEARCH, "morale -1")
        page.click("[data-testid=card-demand]")
    else:
        page.click("[data-testid=chip-morale]")
    expect(page.locator("[data-testid=join-ask]")).to_have_count(0)
    expect(page.locator(DEMANDS)).to_have_count(1)
    expect(page.locator(CHOSEN)).to_contain_text("Lower Morale by 1")
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")
    expect(page.locator("[data-testid=headline]")).not_to_contain_text("wood")


@pytest.mark.parametrize("query", ["MÔNKEY do", "monkey\u2013do"])
def test_names_are_found_whatever_the_case_accents_or_dash(page: Page, query: str) -> None:
    page.fill("[data-testid=demand-search]", query)
    expect(page.locator(RESULTS).first).to_contain_text("Monkey Do")


@pytest.mark.parametrize(("typed", "found"), [
    ("ravishing windstrom", "Ravishing Windstorm"),
    ("nestlngs", "Angry Bird!"),  # the Nestlings card's shuffled half
    ("unusualy cold night", "Unusually Cold Night"),
    ("Monkeys watch you", "Monkey Do"),  # Monkey See, whose other name this is
    ("Tools break", "Broken Tool"),
    ("food rots", "Night: eating"),
])
def test_what_players_type_finds_their_card_first_a_tap_away(
        page: Page, typed: str, found: str) -> None:
    page.fill("[data-testid=demand-search]", typed)
    first = page.locator(RESULTS).first
    expect(first).to_contain_text(found)
    expect(first.locator("button.card-pick")).to_be_visible()


def test_a_part_of_a_card_names_the_card_it_is_part_of(page: Page) -> None:
    """Nestlings is found by its shuffled half, Angry Bird!, which says whose half it is."""
    page.fill("[data-testid=demand-search]", "nestlngs")
    expect(page.locator(RESULTS).first.locator("[data-testid=card-part-of]")).to_have_text(
        "Part of the card Nestlings")


def test_a_card_that_asks_for_nothing_is_found_and_says_so(page: Page) -> None:
    page.fill("[data-testid=demand-search]", "Food Crates")
    first = page.locator(RESULTS).first
    expect(first.locator("[data-testid=card-nothing]")).to_contain_text("Food Crates")
    expect(first).to_contain_text("This card asks for nothing the referee rules on.")
    expect(first).to_contain_text("Wreckage")


def test_a_card_that_asks_for_nothing_is_picked_and_puts_the_ruling_away(page: Page) -> None:
    """Unusually Cold Night is ruled; a search for Food Crates leaves that ruling in view but
    not to be applied; picking Food Crates puts it away and the bar says nothing is ruled."""
    page.fill("[data-testid=demand-search]", "unusually cold night")
    page.click("[data-testid=card-unusually-cold-night]")
    expect(page.locator("[data-testid=apply]")).to_be_enabled()
    page.fill("[data-testid=demand-search]", "Food Crates")
    nothing = page.locator(RESULTS).first.locator("[data-testid=card-nothing]")
    expect(nothing).to_contain_text("Food Crates")
    expect(page.locator("[data-testid=apply]")).to_be_disabled()
    status = page.locator("[data-testid=bar-status]")
    expect(status).to_contain_text("Searching for another card")
    assert status.evaluate("el => getComputedStyle(el).textTransform") == "none"  # a sentence
    assert nothing.evaluate("el => el.tagName") == "BUTTON"
    nothing.click()
    expect(page.locator("[data-testid=headline]")).to_have_text(
        "This card asks for nothing the referee rules on.")
    expect(page.locator("[data-testid=bar-status]")).to_have_text("Food Crates")
    expect(page.locator("[data-testid=apply]")).to_be_disabled()
    expect(page.locator("[data-testid=chosen-nothing]")).to_contain_text("Food Crates")
    expect(page.locator("[data-testid=demand-search]")).to_have_value("")


def test_a_miss_offers_the_nearest_names_a_tap_away(page: Page) -> None:
    page.fill("[data-testid=demand-search]", "balloon crash landing")
    expect(page.locator("[data-testid=card-miss]")).to_have_text(
        "No card matches “balloon crash landing”. The nearest names:")
    expect(page.locator("[data-testid=near-name]").first).to_have_text("Wrecked Balloon")
    expect(page.locator("[data-testid=card-results]")).not_to_contain_text("Or tap")
    page.locator("[data-testid=near-name]").first.click()
    expect(page.locator("[data-testid=demand-search]")).to_have_value("Wrecked Balloon")
    expect(page.locator(RESULTS).first).to_contain_text("Wrecked Balloon")
    assert small_targets(page) == []


def test_deck_chips_keep_the_search_to_their_decks(page: Page) -> None:
    page.fill("[data-testid=demand-search]", "storm")
    expect(page.locator(RESULTS).first).to_contain_text("Storm")
    page.click("[data-testid=deck-threat]")
    expect(page.locator("[data-testid=deck-threat]")).to_have_attribute("aria-pressed", "true")
    expect(page.locator(RESULTS).first).to_contain_text("(Threat)")
    for text in page.locator(RESULTS).all_inner_texts():
        assert "THREAT" in text.upper()
    page.click("[data-testid=deck-threat]")
    expect(page.locator("[data-testid=deck-threat]")).to_have_attribute("aria-pressed", "false")
    assert small_targets(page) == []


def test_if_possible_cards_carry_the_rules_differently_flag(page: Page) -> None:
    page.fill("[data-testid=demand-search]", "termites")
    expect(page.locator("[data-testid=card-termites] .card-flag")).to_contain_text("If possible")


def test_picking_a_card_fills_in_its_context(page: Page) -> None:
    """The Tiger that finds the camp is an Event-Phase fight: combat is ticked, and the card
    offers to set the Event Phase (the demo table is in the Action Phase)."""
    page.fill("[data-testid=demand-search]", "tiger finds")
    page.click("[data-testid=card-the-tiger-finds-you]")
    expect(page.locator("[data-testid=ctx-combat]")).to_be_checked()
    expect(page.locator("[data-testid=card-phase]")).to_contain_text("Event Phase")
    with settles(page):
        page.click("[data-testid=card-set-phase]")
    assert table(page)["phase"] == "event"
    expect(page.locator("[data-testid=card-phase]")).to_have_count(0)
    page.click("[data-testid=preview]")
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")
    expect(page.locator("[data-testid=steps]")).to_contain_text("C7")


def test_a_card_limited_to_the_camps_tile_says_so_when_picked(page: Page) -> None:
    """Attack of a Hungry Predator covers only the camp tile's food source (at_camp): the
    chosen demand says where, and its alternative is shown."""
    page.fill("[data-testid=demand-search]", "hungry predator attack")
    page.click("[data-testid=card-attack-of-a-hungry-predator]")
    chosen = page.locator("[data-testid=demand-chosen]")
    expect(chosen).to_contain_text("Cover 1 food source with a black marker on the camp's tile")
    expect(chosen).to_contain_text("Each character suffers 1 Wound")


def test_a_deck_chip_with_nothing_typed_lists_that_deck(page: Page) -> None:
    """Tapping "Night" with an empty search lists the Night cards, ready to pick."""
    page.fill("[data-testid=demand-search]", "")
    page.click("[data-testid=deck-night]")
    expect(page.locator("[data-testid=card-night-outside-camp]")).to_be_visible()
    page.click("[data-testid=deck-night]")  # off again: nothing typed, nothing listed
    expect(page.locator("[data-testid=card-results] li")).to_have_count(0)


def test_new_game_empties_the_card_search_and_its_deck_filter(page: Page) -> None:
    """The last game's words and deck chips would find nothing in the next game."""
    page.fill("[data-testid=demand-search]", "cold nigth")
    page.click("[data-testid=deck-night]")
    expect(page.locator("[data-testid=deck-night]")).to_have_attribute("aria-pressed", "true")
    page.click("[data-testid=new-game]")
    with settles(page):
        page.click("[data-testid=new-start]")
    expect(page.locator("[data-testid=demand-search]")).to_have_value("")
    expect(page.locator("[data-testid=deck-night]")).to_have_attribute("aria-pressed", "false")
    expect(page.locator("[data-testid=card-results] li")).to_have_count(0)


def test_one_disaster_asks_roof_or_palisade_with_the_cheaper_suggested(page: Page) -> None:
    """Disaster is one card, its Event before its Threat; picked, it asks the players' choice,
    the Palisade suggested when the Roof is at 0."""
    set_table(page, {**copy.deepcopy(DEMO), "phase": "event", "planned_actions": [],
                     "shelter": "built", "roof": 0, "palisade": 2})
    page.fill("[data-testid=demand-search]", "disaster")
    expect(page.locator(RESULTS)).to_have_count(2)
    expect(page.locator(RESULTS).first).to_contain_text("Disaster")
    expect(page.locator(RESULTS).nth(1)).to_contain_text("Disaster (Threat)")
    page.click("[data-testid=card-disaster]")
    settle(page)
    page.wait_for_selector("[data-testid=ruling][data-state=preview] [data-testid=decisions]")
    decisions = page.locator("[data-testid=decisions]")
    expect(decisions).to_contain_text("Which of the card's options do the players take?")
    expect(decisions.locator("input:checked")).to_have_value("0:1")


def test_a_log_entry_naming_an_old_id_shows_the_card_s_name(page: Page) -> None:
    """A game saved when Disaster was split into 'disaster-roof' and 'disaster-palisade':
    Undo names the card, not the old id."""
    state = {**copy.deepcopy(DEMO), "phase": "event", "planned_actions": [],
             "shelter": "built", "roof": 2}
    entry = {"kind": "ruling", "card": "disaster-roof", "summary": "Roof 2 to 1",
             "effect": {"demands": [{"kind": "reduce", "track": "roof", "amount": 1}]}}
    board_call(page, "command", {"cmd": "load", "history": {
        "initial": state, "entries": [entry], "cursor": 1}})
    page.wait_for_function("() => document.documentElement.dataset.busy === '0'")
    with settles(page):
        page.click("[data-testid=undo]")
    expect(page.locator("[data-testid=undo-toast]")).to_contain_text(
        "Undone: Disaster: Roof 2 to 1")


def test_the_card_s_alternative_is_named_where_the_players_choose(page: Page) -> None:
    """Unusually Cold Night with 2 wood: the choice says what the alternative is; taken, the
    verdict says the wood is kept."""
    set_table(page, {**copy.deepcopy(DEMO), "phase": "event", "planned_actions": [],
                     "available": {"wood": 2}})
    page.fill("[data-testid=demand-search]", "unusually cold night")
    page.click("[data-testid=card-unusually-cold-night]")
    settle(page)
    page.wait_for_selector("[data-testid=ruling][data-state=preview] [data-testid=decisions]")
    decisions = page.locator("[data-testid=decisions]")
    expect(decisions).to_contain_text(
        "Take the card's alternative instead? Each character suffers 1 Wound, instead of "
        "discarding 2 wood.")
    page.locator("[data-decision=use_alternative]").get_by_role(
        "radio", name="Take the alternative").check()
    expect(page.locator("[data-testid=follows]")).to_contain_text("The 2 wood are kept.")

def test_on_a_phone_the_first_result_comes_right_under_the_search_box(page: Page) -> None:
    """Upright on a phone, the deck chips fold into one row (scrolled sideways): the first
    card found is in view, just under the box, not pushed below the screen."""
    at(page, (390, 844))
    try:
        page.fill("[data-testid=demand-search]", "cold night")
        first = page.locator(RESULTS).first
        expect(first).to_contain_text("Cold")
        chip = page.locator("[data-testid=deck-event]").bounding_box()
        box = page.locator("[data-testid=demand-search]").bounding_box()
        decks = page.locator("[data-testid=deck-chips]").bounding_box()
        assert chip and box and decks
        assert decks["height"] < 2 * chip["height"], "the deck chips are one row"
        top = first.bounding_box()
        assert top and top["y"] - (box["y"] + box["height"]) < 2 * chip["height"]
        assert top["y"] + 40 < 844, "the first result starts on the screen"
        scroll = page.locator("[data-testid=deck-chips]").evaluate(
            "el => el.scrollWidth > el.clientWidth")
        assert scroll, "the other decks are a sideways scroll away"
    finally:
        at(page, (1280, 1800))


def edition_name(lang: str) -> tuple[str, str]:
    """(English name, the edition's) of the first card, by English name, that the language's
    catalogue names otherwise and no other card shares."""
    from babel.messages.pofile import read_po

    from pyapp.rules.catalogue import catalogue

    with (ROOT / "locale" / f"{lang}.po").open("rb") as f:
        po = read_po(f, locale=lang)
    names = sorted({c.name for c in catalogue().cards})
    said = {n: str(m.string) for n in names if (m := po.get(n)) is not None and m.string}
    counts = {s.casefold(): list(said.values()).count(s) for s in said.values()}
    return next((n, s) for n, s in said.items()
                if s.strip("[]") != n and counts[s.casefold()] == 1)


EDITIONS = sorted(p.stem for p in (ROOT / "locale").glob("*.po"))


@pytest.mark.parametrize("lang", EDITIONS or [pytest.param("", marks=pytest.mark.skip(
    reason="no locale/<lang>.po yet: tests/core/test_card_search_editions.py uses a fixture"))])
def test_a_card_is_found_by_its_name_in_another_edition(page: Page, lang: str) -> None:
    """An English board finds the card by the name another language's edition prints (the
    rules core fetches that language's catalogue for its first search)."""
    english, said = edition_name(lang)
    page.fill("[data-testid=demand-search]", said.lower())
    expect(page.locator(RESULTS).first).to_contain_text(english)
