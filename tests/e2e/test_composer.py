"""The demand composer says what the request format can, with plain controls and no JSON: one
named victim, a combat's Beast (by name) and its food and fur, the halved gain's mix, and which
kinds a "discard N of …" may take. Each change rules again, and the ruling says it in words.
Who resolves the Action is asked only where someone must suffer for it, and the Event-Phase
combat box is offered only in the Event Phase."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .board_harness import (
    axe_violations,
    settle,
    settles,
    small_targets,
    table,
)

SETTLED = "() => document.documentElement.dataset.busy === '0'"


@pytest.fixture()
def page(board_page: Page) -> Page:
    """The board page on the demo table (conftest.board_page)."""
    return board_page


def tap(page: Page, testid: str) -> None:
    """Tap a control of the composer, then wait until the panel has its answer."""
    page.click(f"[data-testid={testid}]")
    page.wait_for_function(SETTLED)


def choose(page: Page, testid: str, value: str) -> None:
    page.select_option(f"[data-testid={testid}]", value)
    page.wait_for_function(SETTLED)


def ruled(page: Page) -> None:
    page.wait_for_function(SETTLED)
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")


def add_kind(page: Page, kind: str) -> None:
    """ "More kinds…", then Add: the composer's way to every kind beyond the quick chips."""
    page.select_option("[data-testid=compose-kind]", kind)
    tap(page, "compose-add")


def wounded(page: Page) -> dict[str, tuple[int, int]]:
    rows = page.locator("[data-testid=wounds] tbody tr")
    found = {}
    for i in range(rows.count()):
        cells = rows.nth(i).locator("td")
        found[rows.nth(i).get_attribute("data-figure") or ""] = (
            int(cells.nth(0).inner_text()),
            int(cells.nth(1).inner_text()),
        )
    return found


def test_the_cards_wounds_name_one_character_by_name(page: Page) -> None:
    """ "The Carpenter suffers 1 Wound": chosen by the name at the table, no resolver asked."""
    tap(page, "chip-wounds")
    options = page.locator("[data-testid=d0-victims] optgroup option")
    expect(options).to_have_text(
        ["Only Cook (Ana)", "Only Carpenter (Ben)", "Only Explorer (Chloé)", "Only Friday"]
    )
    choose(page, "d0-victims", "carpenter")
    ruled(page)
    expect(page.locator("[data-testid=demand-0] .demand-text")).to_have_text(
        "The card deals 1 Wound (it hits only Carpenter (Ben))"
    )
    assert wounded(page) == {"carpenter": (0, 1)}
    # (his sixth Wound reaches a Morale arrow)
    expect(page.locator("[data-testid=headline]")).to_have_text(
        "Carpenter (Ben) suffers 1 Wound; Morale −1."
    )
    choose(page, "d0-victims", "friday")  # the ruling follows the change at once
    ruled(page)
    assert wounded(page) == {"friday": (0, 1)}
    expect(page.locator("[data-testid=headline]")).to_have_text("Friday suffers 1 Wound.")


def test_a_shortfall_can_name_its_one_victim(page: Page) -> None:
    """A discard whose shortfall hurts only the Explorer (the card names her)."""
    tap(page, "chip-discard")
    tap(page, "d0-res-wood")
    for _ in range(4):
        tap(page, "d0-n-plus")  # 5 wood; 3 available, 2 tied up on the Build
    page.click("[data-testid=demand-0] summary")
    choose(page, "d0-victims", "explorer")
    ruled(page)
    assert wounded(page) == {"explorer": (2, 0)}
    expect(page.locator("[data-testid=steps]")).to_contain_text("The card names Explorer")


def test_a_combat_names_its_beast_and_reports_its_gains(page: Page) -> None:
    """The Beast by name fills in its numbers; the ruling says what the players gain and
    where it goes; a change to the gain rules again."""
    tap(page, "chip-combat")
    beasts = page.locator("[data-testid=d0-beast] option")
    expect(beasts.filter(has_text="Goats")).to_have_count(1)
    choose(page, "d0-beast", "beast-goats")
    expect(page.locator("[data-testid=demand-0] .demand-text")).to_have_text(
        "Fight the Goats: strength 4, then the Weapon loses 1; it gives 3 food and 1 fur"
    )
    for name, value in (("strength", "4"), ("weapon_loss", "1"), ("food", "3"), ("fur", "1")):
        expect(page.locator(f"[data-testid=d0-{name}]")).to_have_text(value)
    # Someone suffers and two Actions are open: the panel asks who resolves, in plain words.
    expect(page.locator("[data-testid=headline]")).to_have_text("Who resolves this Action?")
    expect(page.locator("[data-testid=context-line]")).to_contain_text("Only they suffer")
    with settles(page):
        page.click("[data-testid=resolve-build-1]")
    ruled(page)
    gains = page.locator("[data-testid=gains] li")
    expect(gains).to_have_text(
        [
            "Food: 3, to Future Resources (they wait there until the Action Phase ends)",
            "Fur: 1, to Future Resources (they wait there until the Action Phase ends)",
        ]
    )
    expect(page.locator("[data-testid=headline]")).to_contain_text(
        "the players gain 3 food and 1 fur"
    )
    tap(page, "d0-food-plus")
    ruled(page)
    expect(gains.first).to_contain_text("Food: 4")
    expect(page.locator("[data-testid=steps]")).to_contain_text("4 food")


def test_the_players_choose_what_a_halved_gain_gives(page: Page) -> None:
    """A gain of 2 food and 2 wood, halved, gives 2: food by default; the steppers trade one
    food for one wood, and the ruling gains what they chose."""
    add_kind(page, "halve_gain")
    for kind in ("food", "wood"):
        for _ in range(2):
            tap(page, f"d0-{kind}-plus")
    ruled(page)
    expect(page.locator("[data-testid=gain-food]")).to_have_text("2")
    expect(page.locator("[data-testid=gain-wood]")).to_have_text("0")
    expect(page.locator("[data-testid=gain-food-plus]")).to_be_disabled()  # 2 of 2 already
    gains = page.locator("[data-testid=gains] li")
    expect(gains).to_have_count(1)
    expect(gains.first).to_contain_text("Food: 2")
    tap(page, "gain-wood-plus")
    ruled(page)
    expect(page.locator("[data-testid=gain-food]")).to_have_text("1")
    expect(page.locator("[data-testid=gain-wood]")).to_have_text("1")
    expect(gains).to_have_count(2)
    expect(gains.nth(0)).to_contain_text("Food: 1")
    expect(gains.nth(1)).to_contain_text("Wood: 1")
    expect(page.locator("[data-testid=gain-mix]")).not_to_contain_text("(suggested)")
    expect(page.locator("[data-testid=headline]")).to_have_text(
        "The players gain 1 food and 1 wood."
    )


def test_discard_any_says_which_kinds_the_players_may_pick(page: Page) -> None:
    """ "Discard 2 of food or fur": wood taken out, fur put in; never fewer than two kinds.
    Paid in full in the Action Phase, it needs no resolver."""
    add_kind(page, "discard_any")
    expect(page.locator("[data-testid=d0-of-wood]")).to_be_disabled()  # two kinds at least
    tap(page, "d0-of-fur")
    tap(page, "d0-of-wood")
    tap(page, "d0-amount-plus")
    ruled(page)
    expect(page.locator("[data-testid=demand-0] .demand-text")).to_have_text(
        "Discard 2 of food or fur, the players' pick"
    )
    expect(page.locator("[data-testid=d0-of-food]")).to_be_disabled()
    expect(page.locator("[data-testid=steps]")).to_contain_text(
        "The players choose which of food or fur pay"
    )
    expect(page.locator("[data-testid=headline]")).to_have_text(
        "Paid in full: the players discard 2 food.")
    expect(page.locator("[data-decision=pick] input")).to_have_count(2)


def test_who_resolves_is_not_asked_outside_the_action_phase(page: Page) -> None:
    """In the Event Phase nobody resolves an Action: no "who resolves" control, and the
    demand is ruled on at once."""
    with settles(page):
        page.click("[data-testid=phase-event]")
    expect(page.locator("[data-testid=ctx-resolver]")).to_have_count(0)
    expect(page.locator("[data-testid=context-line]")).to_contain_text(
        "No one resolves an Action now"
    )
    tap(page, "chip-discard")
    tap(page, "d0-res-wood")
    for _ in range(3):
        tap(page, "d0-n-plus")
    ruled(page)
    expect(page.locator("[data-testid=headline]")).to_contain_text("Each character suffers 1 Wound")
    expect(page.locator("[data-testid=demand-panel]")).not_to_contain_text("Who resolves")
    expect(page.locator("[data-testid=ctx-resolver]")).to_have_count(0)


def test_composer_controls_are_clean_and_big_enough(page: Page, site_url: str) -> None:
    """The new controls, each open: axe finds nothing, and every target is 44 px or more."""
    tap(page, "chip-combat")
    add_kind(page, "discard_any")
    add_kind(page, "halve_gain")
    tap(page, "d2-food-plus")
    tap(page, "d2-wood-plus")
    tap(page, "chip-wounds")
    for summary in page.locator("[data-testid=demand-chosen] summary").all():
        summary.click()
    page.wait_for_function(SETTLED)
    assert axe_violations(page, site_url, "#demand") == []
    assert small_targets(page) == []


def test_discard_asks_which_resource_before_any_ruling(page: Page) -> None:
    """ "+ Discard" is not a ruling on a guessed resource: the bar asks what to discard, nothing
    can be applied or shared, and the first tap on a resource rules it."""
    tap(page, "chip-discard")
    expect(page.locator("[data-testid=headline]")).to_have_text("Discard what?")
    expect(page.locator("[data-testid=ruling]")).to_have_attribute("data-state", "none")
    expect(page.locator("[data-testid=demand-chosen]")).to_contain_text("Discard (which resource?)")
    expect(page.locator("[data-testid=share]")).to_be_disabled()
    expect(page.locator("[data-testid=verdict]")).to_have_count(0)
    tap(page, "d0-res-wood")
    ruled(page)
    expect(page.locator("[data-testid=demand-chosen]")).to_contain_text("Discard 1 wood")
    expect(page.locator("[data-testid=verdict]")).to_have_count(1)


def test_the_event_phase_combat_box_is_not_offered_in_the_action_phase(page: Page) -> None:
    """A fight in the Action Phase is an Action's; the box stays only to be unticked."""
    assert table(page)["phase"] == "action"
    expect(page.locator("[data-testid=ctx-resolver]")).to_be_visible()
    expect(page.locator("[data-testid=ctx-combat]")).to_have_count(0)
    with settles(page):
        page.click("[data-testid=phase-event]")
    expect(page.locator("[data-testid=ctx-combat]")).to_be_visible()
    page.check("[data-testid=ctx-combat]")
    settle(page)
    with settles(page):
        page.click("[data-testid=phase-action]")
    expect(page.locator("[data-testid=ctx-combat]")).to_be_checked()  # shown: it is ticked
    page.click("[data-testid=ctx-combat]")  # unticked, it goes (uncheck() would wait on it)
    settle(page)
    expect(page.locator("[data-testid=ctx-combat]")).to_have_count(0)


@pytest.mark.parametrize("phase", ["morale", "production", "weather", "night"])
def test_the_event_phase_combat_box_is_offered_only_in_the_event_phase(
    page: Page, phase: str
) -> None:
    """Only a fight in the Event Phase hurts the First Player alone (C7). Anywhere else a
    ticked box would change nothing, with no word why: there it is not offered."""
    with settles(page):
        page.click(f"[data-testid=phase-{phase}]")
    assert table(page)["phase"] == phase
    expect(page.locator("[data-testid=context-line]")).to_contain_text("No one resolves")
    expect(page.locator("[data-testid=ctx-combat]")).to_have_count(0)
    with settles(page):
        page.click("[data-testid=phase-event]")
    expect(page.locator("[data-testid=ctx-combat]")).to_be_visible()
    expect(page.locator("#demand")).not_to_contain_text("null")


def test_a_tiger_drawn_in_the_event_phase_is_told_one_way(page: Page) -> None:
    """Actions planned, the table at the Event Phase, the Tiger drawn: the note that asks
    whether it is the Action Phase goes (the card is of this phase), the combat box is ticked
    and cannot be unticked, and the ruling fights it as the First Player's (C7)."""
    with settles(page):
        page.click("[data-testid=phase-event]")
    note = page.locator("[data-testid=phase-early]")
    expect(note).to_contain_text("still says the Event Phase")
    page.fill("[data-testid=demand-search]", "tiger finds")
    page.click("[data-testid=card-the-tiger-finds-you]")
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")
    expect(note).to_have_count(0)
    expect(page.locator("[data-testid=card-phase]")).to_have_count(0)
    expect(page.locator("[data-testid=card-combat]")).to_contain_text("the First Player fights")
    box = page.locator("[data-testid=ctx-combat]")
    expect(box).to_be_checked()
    expect(box).to_be_disabled()
    expect(page.locator("[data-testid=steps] [data-clause=C7]").first).to_be_visible()


def test_the_players_choose_between_two_demands(page: Page) -> None:
    """ "Lose half the Roof or half the Palisade": the core's words for both options, one
    suggested; the other chosen, the core rules again and says it was the players' choice."""
    add_kind(page, "choose")
    ruled(page)
    expect(page.locator("[data-testid=demand-0] .demand-text")).to_have_text(
        "The players choose: Halve the Roof or Halve the Palisade"
    )
    expect(page.locator("[data-decision=option] input[type=radio]")).to_have_count(2)
    expect(page.locator("[data-testid=steps]")).to_contain_text("(suggested")
    page.locator("[data-decision=option]").get_by_role("radio", name="Halve the Palisade").check()
    ruled(page)
    expect(page.locator("[data-testid=steps]")).to_contain_text(
        "The card lets the players choose: Halve the Palisade (the players' choice)."
    )


def test_a_part_with_its_own_alternative_is_written_as_json(page: Page) -> None:
    """A part of a card and its alternative are demands inside a demand: the composer shows
    them as JSON from an example; a part that cannot be paid takes its alternative, with
    nothing to choose; one that can be paid offers its alternative to the players."""
    add_kind(page, "part")
    ruled(page)
    box = page.locator("[data-testid=d0-demands]")
    expect(box).to_have_value('[{"kind":"discard","wood":1}]')
    choose(page, "ctx-resolver", "cook")  # who would suffer a shortfall in the Action Phase
    box.fill('[{"kind": "discard", "wood": 9}]')
    box.dispatch_event("change")
    ruled(page)
    expect(page.locator("[data-testid=steps]")).to_contain_text(
        "This part cannot be paid in full, so nothing of it is paid."
    )
    expect(page.locator("[data-testid=demand-0] .demand-text")).to_contain_text(
        "Discard 9 wood; if that cannot be paid in full:"
    )
    expect(page.locator("[data-decision=part_alternative]")).to_have_count(0)  # it must apply
    box.fill('[{"kind": "discard", "wood": 1}]')
    box.dispatch_event("change")
    ruled(page)
    page.locator("[data-decision=part_alternative]").get_by_role(
        "radio", name="Take its alternative").check()
    ruled(page)
    expect(page.locator("[data-testid=steps]")).to_contain_text(
        "The players chose this part's alternative."
    )


def test_discarding_cards_is_a_kind_of_its_own(page: Page) -> None:
    """ "Discard 1 Invention card" on a table whose only Invention is built: 1 card short."""
    add_kind(page, "discard_cards")
    page.select_option("[data-testid=ctx-resolver]", "cook")
    ruled(page)
    expect(page.locator("[data-testid=demand-0] .demand-text")).to_have_text(
        "Discard 1 Invention card"
    )
    expect(page.locator("[data-testid=steps]")).to_contain_text(
        "1 card cannot be discarded: 1 unit of unfulfilled demand."
    )
