"""What lessens a demand (Large Leaves, Old Machete, Poison, the Saber): offered, never used for
the players (C4), listed among what could still be used, and one choice away."""

from __future__ import annotations

from typing import Any

import pytest

from pyapp.rules import Request, Ruling, rule
from tests.scenarios import table

COMBAT = {"kind": "combat", "strength": 4}
RAIN = {"kind": "weather_clouds", "rain": 2}
CASES: list[tuple[str, str, dict[str, Any], dict[str, Any]]] = [
    # help, where it lies on the table, the demand, what else the table needs
    ("Large Leaves", "discovery_tokens", RAIN, {"phase": "weather", "shelter": "built"}),
    ("Old Machete", "discovery_tokens", COMBAT, {}),
    ("Poison", "discovery_tokens", COMBAT, {"inventions": [{"name": "Pot", "built": True}]}),
    ("Saber", "treasures", COMBAT, {}),
]


def ruled(name: str, where: str, demand: dict[str, Any], extra: dict[str, Any],
          use: list[str]) -> Ruling:
    state = table("cook", weapon=1, **{where: [name]}, **extra)
    return rule(Request.model_validate({"state": state, "effect": {"demands": [demand]},
                                        "choices": {"use": use}}))


def hurt(r: Ruling) -> int:
    return sum(w.unfulfilled + w.other for w in r.wounds)


@pytest.mark.parametrize(("name", "where", "demand", "extra"), CASES, ids=[c[0] for c in CASES])
def test_offered_never_used_and_listed(name: str, where: str, demand: dict[str, Any],
                                       extra: dict[str, Any]) -> None:
    """Not chosen: offered as the 'use' decision (default none), left on the table, and listed
    among what could still be used to avoid the loss."""
    r = ruled(name, where, demand, extra, [])
    use = next(d for d in r.decisions if d.id == "use")
    assert [o.value for o in use.options] == [name] and use.default == "" and use.chosen == ""
    assert name in getattr(r.state, where)
    assert any(name in n for n in r.not_spent)


@pytest.mark.parametrize(("name", "where", "demand", "extra"), CASES, ids=[c[0] for c in CASES])
def test_one_choice_away(name: str, where: str, demand: dict[str, Any],
                         extra: dict[str, Any]) -> None:
    """Chosen: the same table rules with it used, and fewer Wounds than without it; a
    Discovery token is discarded, the Saber stays."""
    without = ruled(name, where, demand, extra, [])
    used = ruled(name, where, demand, extra, [name])
    assert hurt(used) < hurt(without)
    assert any(s.clause == "G-use" and name in s.text for s in used.steps)
    assert (name in getattr(used.state, where)) == (where == "treasures")
    assert not any(name in n for n in used.not_spent)


def test_poison_needs_the_pot() -> None:
    """Poison is offered only with the Pot built (docs/rules/reference.md §1.12)."""
    r = ruled("Poison", "discovery_tokens", COMBAT, {}, ["Poison"])
    assert not any(d.id == "use" for d in r.decisions)
    assert "Poison" in r.state.discovery_tokens


def test_a_token_used_once_is_gone_for_the_next_demand() -> None:
    """Old Machete used in the fight is discarded: the card's next Weapon demand cannot use it."""
    state = table("cook", weapon=0, discovery_tokens=["Old Machete"])
    r = rule(Request.model_validate({"state": state, "effect": {"demands": [
        {"kind": "have_weapon", "level": 1}, {"kind": "have_weapon", "level": 1}]},
        "choices": {"use": ["Old Machete"]}}))
    assert [w.unfulfilled for w in r.wounds] == [1]
    assert r.state.discovery_tokens == ()
