"""The FAQ's examples (pyapp/data/faq.json): one for every kind of demand the format can say,
shown in the page's order, each ruling on what its question asks about."""

from __future__ import annotations

import json
from typing import Any, get_args

from pyapp.api import rule_json
from pyapp.rules.clauses import CLAUSES
from pyapp.rules.demands import Demand
from pyapp.rules.faq import faq

ENTRIES = faq().entries
KINDS = {
    get_args(model.model_fields["kind"].annotation)[0] for model in get_args(get_args(Demand)[0])
}


def ruling(entry_id: str) -> Any:
    entry = next(e for e in ENTRIES if e.id == entry_id)
    answer: Any = json.loads(rule_json(entry.example.model_dump_json()))["ruling"]
    return answer


def test_every_kind_of_demand_has_an_example() -> None:
    """Each kind of demand of the format is asked about by at least one question."""
    asked = {d.kind for e in ENTRIES for d in e.example.effect.demands}
    assert asked == KINDS, sorted(KINDS - asked)


def test_the_variants_of_a_kind_have_examples_too() -> None:
    """Covering a source of any kind or next to the camp, perishable food only, and a Discovery
    token or Treasure the players choose to use are each asked about."""
    demands = [d for e in ENTRIES for d in e.example.effect.demands]
    assert any(d.kind == "cover_source" and d.source == "any" for d in demands)
    assert any(d.kind == "cover_source" and d.adjacent for d in demands)
    assert any(d.kind == "discard" and d.perishable_food for d in demands)
    assert any(d.kind == "place_marker" and d.spaces for d in demands)
    used = {name for e in ENTRIES for name in e.example.choices.model_dump().get("use") or ()}
    assert {"Large Leaves", "Saber"} <= used


def test_entries_come_in_the_order_the_page_shows_them() -> None:
    """The page groups questions by rule, in the catalogue's order (rule, around it, our
    rulings); a rule with several questions shows them together, in the data's order."""
    group = {"C": 0, "G": 1, "R": 2}
    order = list(CLAUSES)
    keys = [(group[e.clause[0]], order.index(e.clause)) for e in ENTRIES]
    assert keys == sorted(keys)


def test_ids_are_unique() -> None:
    ids = [e.id for e in ENTRIES]
    assert len(ids) == len(set(ids))


def test_new_kinds_rule_as_their_questions_say() -> None:
    """Friday takes 1 Wound instead of the Adventure card, not as unfulfilled demand; a
    planning requirement and a moved camp hurt nobody; a marker with no space left is short."""
    adventure = ruling("adventure-friday")
    assert adventure["unfulfilled"] is False
    assert [(w["figure"], w["other"]) for w in adventure["wounds"]] == [("friday", 1)]
    assert ruling("threat-requirement")["wounds"] == []
    assert ruling("move-camp")["state"]["roof"] == 2
    assert ruling("no-space-for-marker")["unfulfilled_units"] == 1
    assert ruling("halved-gain")["state"]["available"]["food"] == 1
    leaves = ruling("large-leaves")
    assert leaves["wounds"] == [] and leaves["state"]["discovery_tokens"] == ["Goat"]


def test_beast_gains_no_resolver_and_hungry_animals_questions_rule_as_they_say() -> None:
    """A Beast's gains wait in Future Resources in the Action Phase; an Action-Phase effect
    that hurts nobody needs no resolver; the Hungry Animals' fight hurts the characters in
    camp, not the one away from it (R10: the weather does not reach them), with no victims
    typed in."""
    gains = ruling("beast-gains")
    assert gains["gains"] == [{"demand": 0, "what": "food", "amount": 3, "to": "future"},
                              {"demand": 0, "what": "fur", "amount": 1, "to": "future"}]
    assert gains["wounds"] == []
    nobody = ruling("no-resolver-needed")
    assert nobody["state"]["roof"] == 1 and nobody["wounds"] == []
    assert next(e for e in ENTRIES if e.id == "no-resolver-needed").example.context.resolver \
        is None
    animals = ruling("hungry-animals")
    assert {w["figure"]: w["other"] for w in animals["wounds"]} == {"cook": 3}
    assert all(d.victims == "default" for e in ENTRIES if e.id == "hungry-animals"
               for d in e.example.effect.demands)
