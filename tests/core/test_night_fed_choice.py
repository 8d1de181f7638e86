"""Night, step 1 Eat: "who eats the camp's food" is a choice only when the camp's food is short
for those in the camp (docs/rules/reference.md, Night Phase step 1: each character eats 1 food,
either kind, R12; a character outside the camp eats only what is carried on the sheet). With
enough food, or none, there is nothing to choose and the ruling is otherwise unchanged: everyone
in the camp who can eat does."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from pyapp.rules import Request, rule
from tests.scenarios import table

EATING = {"demands": [{"kind": "night_eating"}]}


@dataclass(frozen=True)
class Case:
    name: str
    available: dict[str, int]
    outside: tuple[str, ...]  # of the Cook, the Carpenter and the Explorer
    offered: tuple[str, ...] | None  # the options of "who eats", None when not asked
    hungry: tuple[str, ...]  # those who suffer 2 Wounds
    food_left: int  # food of both kinds left in the camp
    choices: dict[str, Any] = field(default_factory=dict)


CASES = [
    Case(
        "short: 2 food for 3 in the camp",
        {"food": 2},
        (),
        ("cook", "carpenter", "explorer"),
        ("explorer",),
        0,
    ),
    Case(
        "short, with the players' choice",
        {"food": 2},
        (),
        ("cook", "carpenter", "explorer"),
        ("cook",),
        0,
        {"fed": ["carpenter", "explorer"]},
    ),
    Case(
        "short, one outside: only those in the camp are offered",
        {"food": 1},
        ("explorer",),
        ("cook", "carpenter"),
        ("carpenter", "explorer"),
        0,
    ),
    Case("exactly enough", {"food": 3}, (), None, (), 0),
    Case(
        "exactly enough, counting non-perishable food",
        {"food": 1, "nonperishable_food": 2},
        (),
        None,
        (),
        0,
    ),
    Case("plenty", {"food": 7}, (), None, (), 4),
    Case(
        "plenty, one outside with nothing carried",
        {"food": 3},
        ("explorer",),
        None,
        ("explorer",),
        1,
    ),
    Case(
        "exactly enough for the two in the camp", {"food": 2}, ("explorer",), None, ("explorer",), 0
    ),
    Case("enough: a stale choice changes nothing", {"food": 3}, (), None, (), 0, {"fed": ["cook"]}),
    Case(
        "no food at all: no one can eat, nothing to choose",
        {},
        (),
        None,
        ("cook", "carpenter", "explorer"),
        0,
    ),
]


def ruled(case: Case) -> Any:
    outside = {who: {"in_camp": False} for who in case.outside}
    state = table(
        "cook",
        "carpenter",
        "explorer",
        phase="night",
        shelter="built",
        available=case.available,
        **outside,
    )
    return rule(Request.model_validate({"state": state, "effect": EATING, "choices": case.choices}))


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_who_eats_is_asked_only_when_the_camps_food_is_short(case: Case) -> None:
    ruling = ruled(case)
    fed = [d for d in ruling.decisions if d.id == "fed"]
    if case.offered is None:
        assert fed == []
        assert not any("Who eats" in d.question for d in ruling.decisions)
    else:
        (decision,) = fed
        assert tuple(o.value for o in decision.options) == case.offered
        # The suggestion, and the choice, list only those the food feeds: the first in the camp,
        # or those the players chose, as many as there is food for.
        food = sum(case.available.values())
        assert decision.default == ",".join(case.offered[:food])
        eaters = [w for w in case.offered if w not in case.hungry]
        assert sorted(decision.chosen.split(",")) == sorted(eaters)
        for who in case.outside:
            assert f"{who.capitalize()}, outside the camp, cannot eat it" in decision.question
    hurt = {w.figure: w.other for w in ruling.wounds if w.other}
    assert hurt == {who: 2 for who in case.hungry}
    left = ruling.state.available
    assert left.food + left.nonperishable_food == case.food_left
    assert not ruling.unfulfilled  # going hungry is not unfulfilled demand (C15)


def test_someone_outside_is_never_offered_the_camps_food() -> None:
    """Whatever the food, the one outside the camp is never among those who may eat it."""
    for food in range(0, 5):
        case = Case("", {"food": food}, ("carpenter",), None, (), 0)
        for d in ruled(case).decisions:
            if d.id == "fed":
                assert "carpenter" not in [o.value for o in d.options]
