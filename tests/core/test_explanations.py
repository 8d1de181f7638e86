"""The steps say exactly what happened: every number, kind and name in them agrees with the
ruling's payments, Wounds, table and outcome."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from hypothesis import given, settings

from pyapp.rules import Request, Ruling, rule
from pyapp.rules.state import RESOURCE_KINDS, TableState
from tests.core.strategies import requests, wide_requests
from tests.scenarios import SCENARIOS, Scenario

LABELS = {"non-perishable food": "nonperishable_food", "food": "food", "wood": "wood",
          "fur": "fur"}
_AMOUNT = r"\d+ (?:non-perishable food|food|wood|fur)"
# "Discard what there is: 1 food and 1 non-perishable food.", "Rain: discard 1 wood.", "Cook
# eats 1 food.", "The children eat 3 food.": what left the table, kind by kind.
DISCARDED = re.compile(rf"\b(?:[Dd]iscard(?: what there is:)?|eats?) "
                       rf"({_AMOUNT}(?:(?:, | and ){_AMOUNT})*)\b")
GAINED = re.compile(rf"\bgains? ({_AMOUNT}(?:(?:, | and ){_AMOUNT})*) (?:to|in) "
                    r"(Available|Future) Resources")
NAME = r"(?:Cook|Carpenter|Explorer|Soldier|Friday|Jenny)"
SUFFER = re.compile(rf"^({NAME}(?:(?:, | and ){NAME})*) (?:suffers|each suffer) (\d+) Wounds? "
                    r"(of unfulfilled demand|.+)\.$")
MORALE = re.compile(r"\bMorale (?:goes from )?([+-]\d+) to ([+-]\d+)")
TRACK = re.compile(r"\b(Roof|Palisade|Weapon)(?: track:| goes from| rises from)? (\d+) to (\d+)")


def told_amounts(r: Ruling, pattern: re.Pattern[str]) -> Counter[str]:
    found: Counter[str] = Counter()
    for s in r.steps:
        for match in pattern.finditer(s.text):
            for amount in re.findall(_AMOUNT, match.group(1)):
                n, label = amount.split(" ", 1)
                found[LABELS[label]] += int(n)
    return found


def told_wounds(r: Ruling) -> dict[str, list[int]]:
    """Wounds per figure as the steps tell them: [of unfulfilled demand, other]."""
    found: dict[str, list[int]] = {}
    for s in r.steps:
        match = SUFFER.match(s.text)
        if not match or not s.deals:  # the steps that tally Wounds (wounds._summary)
            continue
        names, n, why = match.groups()
        for name in re.findall(NAME, names):
            found.setdefault(name.lower(), [0, 0])[why != "of unfulfilled demand"] += int(n)
    return found


def told_chain(r: Ruling, pattern: re.Pattern[str], start: dict[str, int]) -> dict[str, int]:
    """Follow every 'X a to b' the steps tell: each starts where the last one ended."""
    now = dict(start)
    for s in r.steps:
        for match in pattern.finditer(s.text):
            name, a, b = match.groups() if len(match.groups()) == 3 else ("Morale", *match.groups())
            assert int(a) == now[name], (s.text, now)
            now[name] = int(b)
    return now


def levels(state: TableState) -> dict[str, int]:
    return {"Roof": state.roof, "Palisade": state.palisade, "Weapon": state.weapon,
            "Morale": state.morale}


# A payment of resources: "food", "wood (snow)", "food for Cook", "wood or food", ...
PAID_RESOURCE = re.compile(r"^(?:non-perishable food|perishable food|food|wood|fur)\b(?! source)")


def check_payments_and_gains(r: Ruling, discarded: Counter[str], gained: Counter[str]) -> None:
    """What the steps say was discarded is what the payments paid in resources; what they
    say was gained is the ruling's gains, kind by kind and where it went."""
    paid = sum(p.paid for p in r.payments if PAID_RESOURCE.match(p.what))
    assert sum(discarded.values()) == paid, ([s.text for s in r.steps], r.payments)
    reported: Counter[str] = Counter()
    for g in r.gains:
        reported[g.what] += g.amount
    assert +gained == +reported, ([s.text for s in r.steps], r.gains)
    places = {f"{g.to.capitalize()} Resources" for g in r.gains}
    told = {m.group(2) + " Resources" for s in r.steps for m in GAINED.finditer(s.text)}
    assert told == places, ([s.text for s in r.steps], r.gains)


def check_told(request: Request, r: Ruling) -> None:
    before, after = request.state, r.state
    discarded, gained = told_amounts(r, DISCARDED), told_amounts(r, GAINED)
    check_payments_and_gains(r, discarded, gained)
    for k in RESOURCE_KINDS:
        left = (before.available.get(k) + before.future.get(k)
                - after.available.get(k) - after.future.get(k))
        assert discarded[k] - gained[k] == left, (k, [s.text for s in r.steps])
    wounds = {w.figure: [w.unfulfilled, w.other] for w in r.wounds if w.unfulfilled or w.other}
    assert told_wounds(r) == wounds, [s.text for s in r.steps]
    chain = told_chain(r, TRACK, levels(before))
    assert {k: chain[k] for k in ("Roof", "Palisade", "Weapon")} == {
        k: v for k, v in levels(after).items() if k != "Morale"}, [s.text for s in r.steps]
    assert told_chain(r, MORALE, levels(before))["Morale"] == after.morale
    texts = " ".join(s.text for s in r.steps)
    assert ("game is lost" in texts) == r.game_lost
    if r.game_lost:
        assert "so the game goes on" not in texts


@pytest.mark.parametrize("s", SCENARIOS, ids=[s.name for s in SCENARIOS])
def test_each_scenario_says_exactly_what_happened(s: Scenario) -> None:
    """Every scenario's steps tell the discards, Wounds, levels and outcome its ruling has."""
    request = Request.model_validate(s.request())
    check_told(request, rule(request))


@given(requests())
def test_any_ruling_says_exactly_what_happened(request: Request) -> None:
    """For any table and demands, the steps agree with the ruling's numbers and names."""
    check_told(request, rule(request))


@settings(max_examples=400)
@given(wide_requests())
def test_any_ruling_in_any_phase_says_exactly_what_happened(request: Request) -> None:
    """Also in the Action Phase, for scenario 6's children and scenario 7's red die, and for
    demands naming their victim: the steps agree with payments, gains, Wounds and outcome."""
    check_told(request, rule(request))


def test_non_perishable_food_is_named_when_it_pays() -> None:
    """A food demand paid with non-perishable food says so, not 'discard 1 food'."""
    request = Request.model_validate({
        "state": {"characters": [{"role": "cook"}], "first_player": "cook",
                  "available": {"nonperishable_food": 1}},
        "effect": {"demands": [{"kind": "discard", "food": 1}]}})
    texts = [s.text for s in rule(request).steps]
    assert "Discard what there is: 1 non-perishable food." in texts


def test_children_short_even_fed_first_never_says_the_game_goes_on() -> None:
    """Scenario 6, too little food for the children even fed first: the game is lost, and no
    step says otherwise."""
    s = next(s for s in SCENARIOS if s.name.startswith("scenario 6: too little food"))
    r = rule(Request.model_validate(s.request()))
    assert r.game_lost
    assert not any("goes on" in st.text for st in r.steps)


def test_the_film_crew_member_who_dies_is_the_one_named() -> None:
    """Scenario 7: the step names the lowest-numbered film-crew member, who leaves the table."""
    s = next(s for s in SCENARIOS if s.name.startswith("scenario 7: the red die takes"))
    r = rule(Request.model_validate(s.request()))
    assert "Film-crew member 2 dies." in [st.text for st in r.steps]
    assert r.state.film_crew == (3,)


def test_an_alternative_that_must_apply_leaves_nothing_to_choose() -> None:
    """Unusually Cold Night with 1 wood: the 2 wood cannot be paid, so the Wounds apply; the
    ruling offers no "Pay the demand" to pick, only what happens. With 2 wood, both."""
    from pyapp.rules import Request, rule
    from pyapp.rules.catalogue import catalogue
    from tests.scenarios import table

    card = catalogue().card("unusually-cold-night")
    for wood, options, chosen in ((1, ["true"], "true"), (2, ["false", "true"], "false")):
        ruling = rule(Request.model_validate({"state": table(available={"wood": wood}),
                                              "effect": card.effect.model_dump()}))
        decision = next(d for d in ruling.decisions if d.id == "use_alternative")
        assert [o.value for o in decision.options] == options
        assert decision.chosen == chosen == decision.default
        assert ruling.used_alternative is (wood == 1)


def test_why_the_wood_is_tied_up_comes_before_the_shortfall() -> None:
    """2 wood tied up on a planned Build, an Event demanding 1 wood: the steps say first
    why the wood cannot pay (C2), then the shortfall it leaves (C1)."""
    from pyapp.rules import Request, rule
    from tests.scenarios import table

    state = table(planned_actions=[{"id": "b", "action": "build", "pawns": ["cook"],
                                    "assigned": {"wood": 2}}])
    ruling = rule(Request.model_validate({"state": state, "effect": {"demands": [
        {"kind": "discard", "wood": 1}]}}))
    codes = [s.clause for s in ruling.steps if s.clause in ("C1", "C2")]
    assert codes[:2] == ["C2", "C1"], codes
