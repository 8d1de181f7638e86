"""Cards that give the players a choice, or an alternative on one part, are one catalogue entry
each that asks it: the referee suggests the option that costs least on the table at hand and
offers the others. The ids of the old ready-decided entries still find the card, the search
shows one entry per card (its Event effect before its Threat), and the card's own
alternative is told in words that name it."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import pytest

from pyapp.rules import Request, Ruling, rule
from pyapp.rules.cardsearch import search
from pyapp.rules.catalogue import Catalogue, catalogue
from pyapp.service import Service
from tests.scenarios import table

Json = dict[str, Any]

ROOF_FIRST = table(shelter="built", roof=2, palisade=0)  # only the Roof can pay
PALISADE_FIRST = table(shelter="built", roof=0, palisade=2)  # only the Palisade can pay


@dataclass(frozen=True)
class Case:
    card: str
    state: Json
    suggested: int  # the option the referee suggests on this table
    after: Json  # facts of the table the suggestion leaves
    wounds: int = 0  # the Wounds of the suggestion, every figure together
    choices: Json = field(default_factory=dict)

    def ruling(self, **choices: Any) -> Ruling:
        return rule(Request.model_validate({
            "card": self.card, "state": self.state,
            "effect": catalogue().card(self.card).effect.model_dump(),
            "choices": {**self.choices, **choices}}))


ROOF_OR_PALISADE_BY_ONE = ("disaster", "storm-damage-threat", "flying-surprise",
                           "flying-surprise-threat", "haste-makes-waste", "crack-of-broken-wood")
HALF_ROOF_OR_PALISADE = ("storm-damage", "disaster-threat", "monkey-do")

CASES = [
    *(Case(c, ROOF_FIRST, 0, {"roof": 1, "palisade": 0}) for c in ROOF_OR_PALISADE_BY_ONE),
    *(Case(c, PALISADE_FIRST, 1, {"roof": 0, "palisade": 1}) for c in ROOF_OR_PALISADE_BY_ONE),
    *(Case(c, table(shelter="built", roof=3), 0, {"roof": 2, "palisade": 0})
      for c in HALF_ROOF_OR_PALISADE),
    *(Case(c, table(shelter="built", palisade=3), 1, {"roof": 0, "palisade": 2})
      for c in HALF_ROOF_OR_PALISADE),
    # Flood: an Item, Weapon −1, Palisade −1, or 1 Wound each: whichever the table can pay.
    Case("flood", table(inventions=[{"name": "Knife", "built": True}]), 0, {"weapon": 0}),
    Case("flood", table(weapon=1), 1, {"weapon": 0}),
    Case("flood", table(shelter="built", palisade=1), 2, {"palisade": 0}),
    Case("flood", table(), 3, {"weapon": 0, "palisade": 0}, wounds=2),
]


def fact(ruling: Ruling, key: str) -> Any:
    s = ruling.state
    return {"roof": s.roof, "palisade": s.palisade, "weapon": s.weapon}[key]


@pytest.mark.parametrize("case", CASES, ids=[f"{c.card}-{c.suggested}-{i}"
                                             for i, c in enumerate(CASES)])
def test_the_cheapest_option_is_suggested_and_the_others_offered(case: Case) -> None:
    """The choice is one decision: every option of the card offered, the cheapest suggested
    and taken by default, the step citing G-choice."""
    card = catalogue().card(case.card)
    (choose,) = card.effect.demands
    r = case.ruling()
    (decision,) = [d for d in r.decisions if d.id == "option"]
    assert [o.value for o in decision.options] == [
        f"0:{i}" for i in range(len(choose.options))]  # type: ignore[union-attr]
    assert decision.default == decision.chosen == f"0:{case.suggested}"
    assert "G-choice" in {s.clause for s in r.steps}
    assert sum(w.unfulfilled + w.other for w in r.wounds) == case.wounds
    assert not r.unfulfilled
    for key, want in case.after.items():
        assert fact(r, key) == want, key


@pytest.mark.parametrize("card", ROOF_OR_PALISADE_BY_ONE + HALF_ROOF_OR_PALISADE)
def test_the_players_may_take_the_dearer_option(card: str) -> None:
    """Roof at 0: the Roof, taken all the same, is 1 unit of unfulfilled demand each; the
    Palisade stays as it is."""
    r = Case(card, PALISADE_FIRST, 1, {}).ruling(option={"0": 0})
    assert (r.unfulfilled_units, r.state.palisade) == (1, 2)
    assert {w.figure: w.unfulfilled for w in r.wounds} == {"cook": 1, "explorer": 1}
    said = next(s.text for s in r.steps if s.clause == "G-choice")
    assert "the players' choice" in said


def test_flood_offers_its_four_outcomes_in_words() -> None:
    r = Case("flood", table(weapon=1), 1, {}).ruling()
    (choice,) = [c for c in r.words.choices if c.id == "option"]
    assert [label for _v, label in choice.options] == [
        "Lose an Item (the players choose)", "Lower the Weapon by 1", "Lower the Palisade by 1",
        "Each character suffers 1 Wound"]
    assert choice.chosen == "Lower the Weapon by 1"


@pytest.mark.parametrize(("card", "inventions", "units"), [
    ("depression", ["Map", "Rope"], 0),
    ("depression", ["Map"], 1),
    ("depression-threat", [], 2),
    ("council", ["Map", "Rope", "Dam"], 0),
    ("council", ["Map", "Rope"], 1),
    ("council-threat", ["Map"], 1),
])
def test_invention_cards_are_discarded_and_each_one_short_is_a_unit(
        card: str, inventions: list[str], units: int) -> None:
    """Depression and Council discard the unbuilt Invention cards on the board (C1: cards)."""
    state = table(inventions=[{"name": n} for n in inventions], morale=1,
                  cook={"determination": 1}, explorer={"determination": 1})
    r = rule(Request.model_validate({"state": state,
                                     "effect": catalogue().card(card).effect.model_dump()}))
    assert r.unfulfilled_units == units
    assert {w.figure: w.unfulfilled for w in r.wounds if w.unfulfilled} == (
        {"cook": units, "explorer": units} if units else {})
    asked = {"depression": 2, "council": 3}.get(card, 2)
    assert [i.name for i in r.state.inventions] == inventions[asked:]  # the first listed go


def test_cannibal_island_s_book_offers_its_part_s_alternative() -> None:
    """The camp moves (3 Wounds each), or, when it cannot, each character suffers 2 more."""
    effect = catalogue().card("s5-book").effect.model_dump()
    state = table(scenario=5, tiles=[{"id": 1, "camp": True}, {"id": 2}])

    def ruled(**choices: Any) -> Ruling:
        return rule(Request.model_validate({"state": state, "effect": effect,
                                            "choices": choices}))

    moves, cannot = ruled(), ruled(part_alternative=[1])
    assert {w.figure: w.other for w in moves.wounds} == {"cook": 3, "explorer": 3}
    assert {w.figure: w.other for w in cannot.wounds} == {"cook": 5, "explorer": 5}
    offered = next(d for d in moves.decisions if d.id == "part_alternative")
    assert [o.value for o in offered.options] == ["none", "1"] and offered.chosen == "none"
    assert offered.question == ("Take this part's alternative instead? Each character suffers "
                                "2 Wounds, instead of moving the camp.")


OLD_IDS = {
    "storm-damage": ["storm-damage-roof", "storm-damage-palisade"],
    "storm-damage-threat": ["storm-damage-roof-threat", "storm-damage-palisade-threat"],
    "disaster": ["disaster-roof", "disaster-palisade"],
    "disaster-threat": ["disaster-roof-threat", "disaster-palisade-threat"],
    "flying-surprise": ["flying-surprise-roof", "flying-surprise-palisade"],
    "flying-surprise-threat": ["flying-surprise-roof-threat", "flying-surprise-palisade-threat"],
    "haste-makes-waste": ["haste-makes-waste-roof", "haste-makes-waste-palisade"],
    "monkey-do": ["monkey-do-roof", "monkey-do-palisade"],
    "crack-of-broken-wood": ["crack-of-broken-wood-roof", "crack-of-broken-wood-palisade"],
    "flood": ["flood-item", "flood-weapon", "flood-palisade", "flood-wounds"],
}


@pytest.mark.parametrize(("new", "old"), [(n, o) for n, olds in OLD_IDS.items() for o in olds])
def test_an_old_id_still_finds_its_card(new: str, old: str) -> None:
    """Saves, links and players name the old ready-decided entries: they find the card."""
    assert catalogue().card(old).id == new
    assert not any(c.id == old for c in catalogue().cards)
    request = json.dumps({"state": table(), "card": old})
    moment = json.loads(Service().call("moment", request))
    assert moment["ok"], moment


def test_an_id_names_one_card_only() -> None:
    """A former id that is another card's id (or another's former id) is refused."""
    cards = json.loads(catalogue().model_dump_json())
    cards["cards"][1]["former_ids"] = [cards["cards"][0]["id"]]
    with pytest.raises(ValueError, match="names two cards"):
        Catalogue.model_validate(cards)
    with pytest.raises(KeyError):
        catalogue().card("no-such-card")


@pytest.mark.parametrize("name", ["Disaster", "Storm Damage", "Flying Surprise", "Flood",
                                  "Depression", "Council"])
def test_the_search_shows_one_entry_per_card_its_event_first(name: str) -> None:
    """Searching a card's name: its Event entry, then its Threat entry; no entry per option."""
    hits = [h for h in search(name).hits if h.card is not None and h.card.list_name == name]
    assert [h.card.deck for h in hits] == ["event", "threat"]  # type: ignore[union-attr]


def test_an_event_comes_before_its_threat_when_scored_alike() -> None:
    """Every card with both entries: its own name lists the Event first, and so does a query
    both entries match alike (words of their effects)."""
    cards = catalogue().cards
    events = {c.list_name: c for c in cards if c.deck == "event"}
    for threat in (c for c in cards if c.deck == "threat" and c.list_name in events):
        found = [h.card.id for h in search(threat.list_name, limit=40).hits
                 if h.card is not None]
        assert found.index(events[threat.list_name].id) < found.index(threat.id)
    tied = 0
    for query in ("roof palisade", "morale", "wound", "palisade"):
        hits = [h for h in search(query, limit=300).hits if h.card is not None]
        place = {(h.card.list_name, h.card.deck): (i, h.score)  # type: ignore[union-attr]
                 for i, h in enumerate(hits)}
        for (name, deck), (i, score) in place.items():
            other = place.get((name, "event"))
            if deck == "threat" and other is not None and other[1] == score:
                tied += 1
                assert other[0] < i, (query, name)
    assert tied >= 10


def test_the_disaster_choice_is_asked_in_words() -> None:
    """One Disaster: 'Roof or Palisade?' with the cheaper suggested."""
    hit = search("disaster").hits[0]
    assert hit.card is not None and hit.card.id == "disaster" and hit.flag
    r = Case("disaster", PALISADE_FIRST, 1, {}).ruling()
    (choice,) = [c for c in r.words.choices if c.id == "option"]
    assert [label for _v, label in choice.options] == ["Lower the Roof by 1",
                                                       "Lower the Palisade by 1"]
    assert choice.chosen == "Lower the Palisade by 1" and choice.suggested
    assert r.words.demands == ("The players choose: Lower the Roof by 1 or Lower the "
                               "Palisade by 1",)


# The card's own alternative, named.
COLD_NIGHT = "unusually-cold-night"


def cold_night(wood: int, **choices: Any) -> Ruling:
    return rule(Request.model_validate({
        "state": table(available={"wood": wood}),
        "effect": catalogue().card(COLD_NIGHT).effect.model_dump(), "choices": choices}))


def test_the_question_names_the_alternative() -> None:
    (choice,) = [c for c in cold_night(2).words.choices if c.id == "use_alternative"]
    assert choice.question == ("Take the card's alternative instead? Each character suffers "
                               "1 Wound, instead of discarding 2 wood.")
    assert [label for _v, label in choice.options] == ["Pay the demand", "Take the alternative"]
    assert choice.chosen == "Pay the demand" and choice.suggested


def test_the_alternative_taken_keeps_the_wood() -> None:
    r = cold_night(2, use_alternative=True)
    assert r.state.available.wood == 2
    assert "The 2 wood are kept." in r.words.follows
    assert r.words.summary == "The players take the card's alternative. The 2 wood are kept."


@pytest.mark.parametrize(("wood", "said"), [
    (1, "Only 1 of the 2 wood is there, so the card's alternative applies"),
    (0, "None of the 2 wood is there, so the card's alternative applies"),
])
def test_the_verdict_says_what_is_missing_so_the_alternative_applies(wood: int,
                                                                     said: str) -> None:
    r = cold_night(wood)
    assert r.words.summary.startswith(said), r.words.summary
    assert r.words.headline == "Each character suffers 1 Wound."
    assert r.state.available.wood == wood
    (choice,) = [c for c in r.words.choices if c.id == "use_alternative"]
    assert choice.question == ("The demand cannot be paid in full, so the card's alternative "
                               "applies: Each character suffers 1 Wound.")


@pytest.mark.parametrize(("victims", "said"), [
    ("all", "Each character suffers 1 Wound"),
    ("in_camp", "Each character in camp suffers 1 Wound"),
    ("first_player", "The First Player suffers 1 Wound"),
    ("resolver", "The character resolving the Action suffers 1 Wound"),
    ("explorer", "The card deals 1 Wound (it hits only Explorer)"),
    ("default", "The card deals 1 Wound"),
])
def test_a_card_s_own_wounds_are_said_as_the_card_says_them(victims: str, said: str) -> None:
    answer = json.loads(Service().call("effect_words", json.dumps({
        "state": table(), "effect": {"demands": [
            {"kind": "wounds", "amount": 1, "victims": victims}]}})))
    assert answer["words"]["demands"] == [said]
