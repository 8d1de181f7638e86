"""Night eating with a character outside the camp: "A character outside the camp can only eat
food from their own character sheet" (the Night Phase's Eat step, docs/rules/reference.md section 2,
RB1-outside). The camp's food is never offered to them, and the ruling says why they go
hungry."""

from __future__ import annotations

from typing import Any

import pytest

from pyapp.rules import Request, rule
from tests.scenarios import table

EATING = {"demands": [{"kind": "night_eating"}]}


def night(food: int, **explorer: Any) -> dict[str, Any]:
    return table(
        "cook",
        "carpenter",
        "explorer",
        phase="night",
        shelter="built",
        available={"food": food},
        explorer={"in_camp": False, **explorer},
    )


def ruled(state: dict[str, Any], **choices: Any) -> Any:
    return rule(Request.model_validate({"state": state, "effect": EATING, "choices": choices}))


def test_the_camps_food_is_offered_only_to_those_in_the_camp() -> None:
    """1 food, the Explorer outside with nothing carried: "who eats" offers only the two in
    the camp and says why the Explorer is not there."""
    ruling = ruled(night(1))
    fed = next(d for d in ruling.decisions if d.id == "fed")
    assert [o.value for o in fed.options] == ["cook", "carpenter"]
    # 1 food feeds one: the choice names only the Cook, who eats (not the Carpenter, who
    # goes hungry)
    assert fed.default == "cook" and fed.chosen == "cook"
    assert "Explorer, outside the camp, cannot eat it" in fed.question
    hurt = {w.figure: w.other for w in ruling.wounds if w.other}
    assert hurt == {"carpenter": 2, "explorer": 2}


def test_the_camps_food_left_over_is_not_for_the_character_outside() -> None:
    """3 food, the Explorer outside with nothing carried: the Cook and the Carpenter eat (no
    choice: the food is not short for them), the Explorer goes hungry (2 Wounds)."""
    ruling = ruled(night(3))
    assert [d for d in ruling.decisions if d.id == "fed"] == []
    hurt = {w.figure: w.other for w in ruling.wounds if w.other}
    assert hurt == {"explorer": 2}
    assert ruling.state.available.food == 1  # the camp's third food is not the Explorer's
    texts = [s.text for s in ruling.steps]
    assert (
        "Explorer is outside the camp: cannot eat the camp's food, only food carried on "
        "the character sheet."
    ) in texts
    assert any("no food on the character sheet" in t for t in texts)


def test_choosing_the_character_outside_feeds_no_one_from_the_camp() -> None:
    """A stale or hand-made choice naming the Explorer changes nothing: only those in the
    camp can be chosen; the Cook, left out, goes hungry; the Explorer still cannot eat."""
    ruling = ruled(night(1), fed=["explorer", "carpenter"])
    fed = next(d for d in ruling.decisions if d.id == "fed")
    assert fed.chosen == "carpenter"
    hurt = {w.figure: w.other for w in ruling.wounds if w.other}
    assert hurt == {"cook": 2, "explorer": 2}
    assert ruling.state.available.food == 0


@pytest.mark.parametrize("carried", [1, 2])
def test_food_carried_on_the_sheet_feeds_the_character_outside(carried: int) -> None:
    ruling = ruled(night(0, sheet_food=carried))
    hurt = {w.figure: w.other for w in ruling.wounds if w.other}
    assert hurt == {"cook": 2, "carpenter": 2}
    explorer = next(c for c in ruling.state.characters if c.role == "explorer")
    assert explorer.sheet_food == carried - 1


def test_with_everyone_outside_there_is_nothing_to_choose() -> None:
    state = table(
        "cook",
        "explorer",
        phase="night",
        shelter="built",
        available={"food": 2},
        cook={"in_camp": False},
        explorer={"in_camp": False},
    )
    ruling = ruled(state)
    assert [d for d in ruling.decisions if d.id == "fed"] == []
    assert {w.figure for w in ruling.wounds if w.other} == {"cook", "explorer"}
    assert ruling.state.available.food == 2
