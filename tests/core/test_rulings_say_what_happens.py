"""Situations a table meets, each ruled right, with its certainty and the clause that decides
it, and told without a word that contradicts the outcome."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from pyapp.rules import Request, Ruling, rule
from tests.scenarios import table


@dataclass(frozen=True)
class Case:
    name: str
    state: dict[str, Any]
    demands: list[dict[str, Any]]
    wounds: dict[str, int]  # Wounds per figure, of any kind
    cites: tuple[str, ...] = ()  # clauses or parts of rulings the steps must cite
    never: tuple[str, ...] = ()  # ... and must not
    certainty: str = "stated"
    rests_on: tuple[str, ...] = ()
    says: tuple[str, ...] = ()  # words some step says
    never_says: tuple[str, ...] = ()  # words no step says
    context: dict[str, Any] = field(default_factory=dict)
    choices: dict[str, Any] = field(default_factory=dict)
    lost: bool = False

    def ruling(self) -> Ruling:
        return rule(Request.model_validate({
            "state": self.state, "effect": {"demands": self.demands},
            "context": self.context, "choices": self.choices}))


CAMP = [{"id": 1, "camp": True, "sources": [{"kind": "food"}]}, {"id": 2, "distance": 1}]
EATING = {"kind": "night_eating"}
FIGHT = {"kind": "combat", "strength": 2}

CASES = [
    # Rules errors.
    Case("the Hungry Animals' fight spares a character outside the camp (R10)",
         table(phase="weather", explorer={"in_camp": False}),
         [{"kind": "combat", "strength": 3}], {"cook": 3}, cites=("R10",)),
    Case("the Hungry Animals' fight hurts Jenny in camp and not the one away",
         table("cook", "explorer", phase="weather", explorer={"in_camp": False},
               scenario=3, jenny={"rescued": True}),
         [{"kind": "combat", "strength": 1}], {"cook": 1, "jenny": 1}, cites=("R10", "R4")),
    Case("scenario 6: a second +food token goes on the camp tile",
         table(scenario=6, tiles=CAMP, spaces=[{"id": "tile-1", "tokens": ["+food"]}]),
         [{"kind": "place_token", "space": "tile-1", "token": "+food"}], {},
         cites=("G-s6-food-tokens",), never=("C13",)),
    Case("scenario 6: another “+1 food” token on the space called the camp",
         table(scenario=6, spaces=[{"id": "camp", "tokens": ["+1 food"]}]),
         [{"kind": "place_token", "space": "camp", "token": "+1 food"}], {},
         cites=("G-s6-food-tokens",), never=("C13",)),
    Case("'if possible', each discards a Determination token: no one is named as suffering",
         table(cook={"determination": 1}),
         [{"kind": "discard_determination", "amount": 1, "who": "each", "if_possible": True}],
         {}, cites=("C9",), never=("R1",)),
    Case("scenario 6: an identical token elsewhere than the camp tile is not placed (C13)",
         table(scenario=6, tiles=CAMP, spaces=[{"id": "tile-2", "tokens": ["+food"]}]),
         [{"kind": "place_token", "space": "tile-2", "token": "+food"}], {}, cites=("C13",)),
    Case("another scenario: a second +food token on the camp tile is not placed (C13)",
         table(tiles=CAMP, spaces=[{"id": "tile-1", "tokens": ["+food"]}]),
         [{"kind": "place_token", "space": "tile-1", "token": "+food"}], {}, cites=("C13",)),
    # Certainty: only the steps that decide count.
    Case("'if possible' lowering the Roof without a Shelter is as sure as not asking it",
         table(available={"wood": 1}),
         [{"kind": "discard", "wood": 1}, {"kind": "reduce", "track": "roof", "amount": 1,
                                           "if_possible": True}], {}, cites=("R9", "C9")),
    Case("'if possible' halving 0 decides nothing: the ruling stays stated",
         table(), [{"kind": "halve", "target": "wood", "if_possible": True}], {},
         cites=("R8", "C9")),
    Case("'if possible' covering a source that is not there decides nothing",
         table("cook", "explorer", tiles=CAMP, house_rules={}),
         [{"kind": "cover_source", "source": "wood", "count": 2, "if_possible": True}], {},
         cites=("R16", "C9")),
    Case("Friday spared the no-Shelter Night Wound: he is not a character (derived)",
         table(phase="night", friday={}), [{"kind": "night_no_shelter"}],
         {"cook": 1, "explorer": 1}, cites=("R2.events",), never=("R2.weather-night",),
         certainty="derived", rests_on=("R2.events",)),
    Case("a solo game with Friday, no Shelter at Night: Friday spared, derived all the same",
         table("cook", phase="night", friday={}), [{"kind": "night_no_shelter"}],
         {"cook": 1}, cites=("R2.events",), certainty="derived", rests_on=("R2.events",)),
    Case("a solo game with Friday, an Event-Phase fight: only the First Player, stated",
         table("cook", friday={}), [FIGHT], {"cook": 2}, cites=("C7",), never=("R2",)),
    Case("a fight and another effect in the Event Phase: the other effect's victims are read",
         table(available={"wood": 0}), [FIGHT, {"kind": "discard", "wood": 1}],
         {"cook": 3, "explorer": 1}, cites=("C7", "C5"), certainty="derived",
         rests_on=("C5",), says=("No rule says where “the outcome of the combat” ends",)),
    Case("a fight and another effect, marked as the outcome of the combat: the First Player",
         table(available={"wood": 0}), [FIGHT, {"kind": "discard", "wood": 1}],
         {"cook": 3}, cites=("C7",), certainty="derived", rests_on=("C7",),
         context={"event_combat": True},
         says=("No rule says where “the outcome of the combat” ends",)),
    Case("a fight alone in the Event Phase stays stated",
         table(), [FIGHT], {"cook": 2}, cites=("C7",)),
    Case("Friday's death at 4 Wounds is this app's default (no source gives it)",
         table(phase="action", friday={"wounds": 3}, available={"wood": 0}),
         [{"kind": "discard", "wood": 1}], {"friday": 1}, cites=("G-friday-track",
                                                                 "G-friday-death"),
         certainty="house", rests_on=("G-friday-track",), context={"resolver": "friday"}),
    # Explanations that agree with the outcome.
    Case("one eats, one goes hungry: no step says every character eats",
         table(phase="night", available={"food": 1}), [EATING], {"explorer": 2},
         cites=("C15",), never_says=("Every character eats",)),
    Case("R1: only the character who is short suffers, and no step says all do",
         table(cook={"determination": 1}),
         [{"kind": "discard_determination", "amount": 1, "who": "each"}], {"explorer": 1},
         cites=("R1",), never=("C5",), certainty="house", rests_on=("R1",)),
    Case("the children unfed lose the game by C17, not by the wound track",
         table(phase="night", scenario=6, round=7, available={"food": 1}),
         [{"kind": "children_food"}, EATING], {}, cites=("C17",), never=("G-wound-track",),
         lost=True),
    Case("R11: feeding the children first leaves a dying character hungry: warned",
         table(phase="night", scenario=6, round=7, available={"food": 2},
               cook={"wounds": 11}),
         [{"kind": "children_food"}, EATING], {"cook": 2, "explorer": 2},
         cites=("R11.split", "G-wound-track"), certainty="house", rests_on=("R11.split",),
         says=("Warning: with the children fed first, Cook goes without food at Night and "
               "dies",),
         lost=True),
    Case("a source that is not there: R16 and the rule of unfulfilled demand, not C14",
         table(tiles=[{"id": 1, "camp": True}]), [{"kind": "cover_source", "source": "food"}],
         {"cook": 1, "explorer": 1}, cites=("R16.one", "C1"), never=("C14",)),
    Case("a source already under a black marker: a marker with the same meaning (C14)",
         table(tiles=[{"id": 1, "camp": True, "sources": [{"kind": "food",
                                                         "exhausted": True}]}]),
         [{"kind": "cover_source", "source": "food"}], {"cook": 1, "explorer": 1},
         cites=("R16.one", "C14")),
    Case("placing a marker is not discarding: no C3",
         table(), [{"kind": "place_marker", "space": "tile-2", "marker": "fog"}], {},
         cites=("G-marker-place",), never=("C3",)),
    Case("'if possible': what cannot be discarded is never called unfulfilled demand",
         table(available={"wood": 1}), [{"kind": "discard", "wood": 3, "if_possible": True}],
         {}, cites=("C9",), never_says=("unfulfilled demand",)),
    Case("the Saber with no Wound from the fight: its Wound is the Saber's",
         table(phase="action", weapon=3, treasures=["Saber"]),
         [{"kind": "combat", "strength": 4}], {"cook": 1}, cites=("G-use",),
         context={"resolver": "cook"}, choices={"use": ["Saber"]},
         says=("Cook suffers 1 Wound for using the Saber.",),
         never_says=("from the fight and the Saber",)),
]


def cited(r: Ruling) -> set[str]:
    return {s.clause for s in r.steps} | {s.part for s in r.steps if s.part}


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_ruled_right_with_its_certainty_and_clause(case: Case) -> None:
    r = case.ruling()
    texts = [s.text for s in r.steps]
    assert {w.figure: w.unfulfilled + w.other for w in r.wounds} == case.wounds, texts
    assert set(case.cites) <= cited(r), texts
    assert not set(case.never) & cited(r), texts
    assert (r.certainty, r.rests_on) == (case.certainty, case.rests_on), texts
    for words in case.says:
        assert any(words in t for t in texts), (words, texts)
    for words in case.never_says:
        assert not any(words in t.replace("not unfulfilled demand", "") for t in texts), texts
    assert r.game_lost == case.lost
    if any(c.startswith("G-s6") for c in case.cites):  # both tokens are on the space
        (space,) = [sp for sp in r.state.spaces if sp.id == case.demands[0]["space"]]
        assert space.tokens == (case.demands[0]["token"],) * 2


def test_the_who_eats_choice_lists_only_those_who_eat() -> None:
    """1 food for three: the choice, and its suggestion, name the one who eats."""
    r = rule(Request.model_validate({"state": table("cook", "carpenter", "explorer",
                                                    phase="night", available={"food": 1}),
                                     "effect": {"demands": [EATING]},
                                     "choices": {"fed": ["explorer", "cook"]}}))
    fed = next(d for d in r.decisions if d.id == "fed")
    assert (fed.chosen, fed.default) == ("explorer", "cook")
    assert {w.figure for w in r.wounds} == {"cook", "carpenter"}


def test_the_game_lost_mid_effect_names_what_lost_it() -> None:
    """The children unfed: the rest of the effect is not resolved, by C17."""
    r = CASES[[c.name for c in CASES].index(
        "the children unfed lose the game by C17, not by the wound track")].ruling()
    rest = [s for s in r.steps if "the rest of the effect is not resolved" in s.text]
    assert [s.clause for s in rest] == ["C17"]
