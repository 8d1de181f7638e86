"""The table is checked as a whole when it is made, and a ruling's new table is checked too."""

from __future__ import annotations

import json
from typing import Any

import pytest

from pyapp.api import rule_json
from pyapp.rules import Request, rule

WOOD = [{"kind": "discard", "wood": 1}]


def table(**overrides: Any) -> dict[str, Any]:
    state: dict[str, Any] = {"phase": "event", "first_player": "cook",
                             "characters": [{"role": "cook"}, {"role": "explorer"}]}
    return {**state, **overrides}


def answer(state: dict[str, Any], demands: list[dict[str, Any]]) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(rule_json(json.dumps(
        {"state": state, "effect": {"demands": demands}})))
    return found


@pytest.mark.parametrize(("state", "words"), [
    (table(characters=[{"role": "cook"}, {"role": "cook"}]), "only once"),
    (table(first_player="soldier"), "the First Player (soldier) is not at the table"),
    (table(jenny={"rescued": True}), "Jenny is only in scenario 3"),
    (table(roof=1), "Roof and Palisade need a Shelter"),
    (table(planned_actions=[{"id": "a", "action": "build", "pawns": ["soldier"]}]),
     "planned Action “Build”: Soldier is not at the table"),
    (table(planned_actions=[{"id": "a", "action": "build", "pawns": ["cook"]},
                            {"id": "a", "action": "rest", "pawns": ["cook"]}]),
     "two planned Actions have the same name"),
    (table(tiles=[{"id": 1}, {"id": 1}]), "two tiles have the same number"),
])
def test_an_inconsistent_table_is_refused(state: dict[str, Any], words: str) -> None:
    """Each whole-table rule names what is wrong, at the table's own place."""
    error = answer(state, WOOD)["error"]
    assert error["type"] == "validation_error"
    assert error["details"][0]["loc"] == "state"
    assert words in error["details"][0]["msg"]


def test_helpers_may_hold_planned_pawns() -> None:
    """Friday and a Jenny at the table are figures that may be placed on an Action."""
    state = table(scenario=3, friday={}, jenny={},
                  planned_actions=[{"id": "a", "action": "build", "pawns": ["friday", "jenny"]}])
    assert answer(state, WOOD)["ok"] is True


@pytest.mark.parametrize(("state", "demands", "loc"), [
    (table(phase="morale", morale=2, characters=[{"role": "cook", "determination": 99}]),
     [{"kind": "morale_phase"}], "determination"),
    (table(shelter="built", roof=95), [{"kind": "increase", "track": "roof", "amount": 10}],
     "roof"),
])
def test_a_new_table_out_of_bounds_names_the_part(state: dict[str, Any],
                                                  demands: list[dict[str, Any]],
                                                  loc: str) -> None:
    """A ruling that would push a counter past its bound is refused, naming that counter."""
    error = answer(state, demands)["error"]
    assert error["type"] == "validation_error"
    assert error["details"][0]["loc"] == loc


def test_the_new_table_is_checked_and_kept() -> None:
    """The ruling's table is a checked table, and a request built on it keeps that very table."""
    r = rule(Request.model_validate({"state": table(available={"wood": 0}),
                                     "effect": {"demands": WOOD}}))
    assert [c.wounds for c in r.state.characters] == [1, 1]
    assert Request.model_validate({"state": r.state, "effect": {"demands": WOOD}}).state \
        is r.state
