"""The card catalogue is data, validated by the demand models, and every card can be ruled."""

from __future__ import annotations

import pytest

from pyapp.rules import Request, rule
from pyapp.rules.catalogue import catalogue
from tests.scenarios import table

CARDS = catalogue().cards


def test_catalogue_ids_are_unique() -> None:
    ids = [c.id for c in CARDS]
    assert len(ids) == len(set(ids)) and len(ids) > 60


@pytest.mark.parametrize("card", CARDS, ids=[c.id for c in CARDS])
def test_every_card_rules_on_a_table(card) -> None:  # type: ignore[no-untyped-def]
    """Each card gets a ruling in its usual phase, on a table with a Shelter and supplies."""
    state = table("cook", "explorer", phase=card.phase or "event", scenario=6, round=7,
                  shelter="built", roof=1, palisade=1, weapon=1,
                  available={"food": 3, "wood": 3})
    request = Request.model_validate({"card": card.id, "state": state,
                                      "effect": card.effect.model_dump(),
                                      "context": {"resolver": "cook"}})
    assert rule(request).steps


def test_search_by_name_or_text() -> None:
    found = {c.id for c in catalogue().search("palisade storm")}
    assert "storm-threat" in found and "termites" not in found
