"""The core words every ruling and every demand itself: one headline, one certainty, one name
for each figure, in the same words wherever the page shows them."""

from __future__ import annotations

import typing
from typing import Any

import pytest
from hypothesis import given, settings

from pyapp.rules import Request, rule
from pyapp.rules.demands import Demand
from pyapp.rules.ruling import Ruling
from pyapp.rules.state import TableState
from pyapp.rules.telling import demand_words, figure_name, headline, payment_line, ruling_words
from tests.core.strategies import requests

TABLE = {"characters": [{"role": "cook", "name": "Ana"}, {"role": "explorer"}],
         "first_player": "cook"}


def ruled(state: dict[str, Any], *demands: dict[str, Any], **extra: Any) -> Ruling:
    return rule(Request.model_validate({"state": {**TABLE, **state},
                                        "effect": {"demands": list(demands)}, **extra}))


def demand_kinds() -> list[str]:
    """Every kind of demand the referee reads, from the one list of them (demands.py)."""
    union = typing.get_args(typing.get_args(Demand)[0])
    return [typing.get_args(cls.model_fields["kind"].annotation)[0] for cls in union]


SMALLEST = {"discard": {"wood": 1}, "discard_any": {"amount": 1},
            "discard_determination": {"amount": 1}, "have_weapon": {"level": 1},
            "reduce": {"track": "roof", "amount": 1}, "increase": {"track": "roof", "amount": 1},
            "lower_morale": {"amount": 1}, "cover_source": {"source": "food"},
            "place_token": {"space": "tile-2", "token": "Beast"},
            "place_marker": {"space": "tile-2", "marker": "black"}, "halve": {"target": "food"},
            "combat": {"strength": 3}, "wounds": {"amount": 1},
            "part": {"demands": [{"kind": "discard", "wood": 1}],
                     "alternative": [{"kind": "wounds", "amount": 1}]},
            "choose": {"options": [[{"kind": "halve", "target": "roof"}],
                                   [{"kind": "halve", "target": "palisade"}]]}}


@pytest.mark.parametrize("kind", demand_kinds())
def test_every_kind_of_demand_words_itself(kind: str) -> None:
    """A new kind of demand needs its words in the core, and nowhere else."""
    demand = Request.model_validate({"state": TABLE, "effect": {"demands": [
        {"kind": kind, **SMALLEST.get(kind, {})}]}}).effect.demands[0]
    words = demand_words(demand, TableState.model_validate(TABLE))
    assert words and words[0].isupper() and "_" not in words


@pytest.mark.parametrize(("demand", "words"), [
    ({"kind": "discard", "wood": 2}, "Discard 2 wood"),
    ({"kind": "reduce", "track": "roof", "amount": 1}, "Lower the Roof by 1"),
    ({"kind": "discard_determination", "amount": 2, "who": "cook"},
     "Cook (Ana) discards 2 Determination tokens"),
    ({"kind": "wounds", "amount": 1, "victims": "explorer"},
     "The card deals 1 Wound (it hits only Explorer)"),
    ({"kind": "lower_morale", "amount": 1, "if_possible": True}, "Lower Morale by 1, if possible"),
    ({"kind": "cover_source", "source": "any", "count": 2, "adjacent": True},
     "Cover 2 sources of any kind with a black marker on the tiles next to the camp"),
])
def test_a_demand_in_a_players_words(demand: dict[str, Any], words: str) -> None:
    assert ruled({"available": {"wood": 5}}, demand).words.demands == (words,)


def test_a_figure_has_one_name_everywhere() -> None:
    """"Cook (Ana)": the same on the board, in the headline, the Wounds and the choices."""
    r = ruled({}, {"kind": "wounds", "amount": 1})
    assert figure_name(TableState.model_validate(TABLE), "cook") == "Cook (Ana)"
    assert r.words.names == ("Cook (Ana)", "Explorer")
    assert r.words.headline == "Each character suffers 1 Wound."
    assert r.words.wounds[0] == "Cook (Ana): 1 Wound (1 other)"


@pytest.mark.parametrize(("state", "demands", "said"), [
    ({"available": {"wood": 3}}, [{"kind": "discard", "wood": 2}],
     "Paid in full: the players discard 2 wood."),
    ({}, [{"kind": "discard", "wood": 1}], "Each character suffers 1 Wound."),
    ({}, [{"kind": "lower_morale", "amount": 1}], "Morale −1."),
    ({"characters": [{"role": "cook", "wounds": 12}], "first_player": "cook"},
     [{"kind": "wounds", "amount": 1}], "The game is lost. Cook suffers 1 Wound; Cook dies."),
])
def test_the_headline(state: dict[str, Any], demands: list[dict[str, Any]], said: str) -> None:
    assert ruled(state, *demands).words.headline == said


SHELTER = {"shelter": "built", "roof": 2, "palisade": 1}
CAMP_TILES = [{"id": 1, "camp": True, "sources": [{"kind": "food"}]},
              {"id": 2, "distance": 1, "sources": [{"kind": "food"}]}]
MORALE = {"kind": "morale_phase"}


@pytest.mark.parametrize(("state", "demands", "choices", "said"), [
    # The Morale Phase: the space's tokens, or its healing at the top (R7, one table each).
    ({"morale": 3}, [MORALE], {}, "Cook (Ana) gains 2 Determination tokens."),
    ({"morale": 3, "characters": [{"role": "cook", "name": "Ana", "wounds": 2},
                                  {"role": "explorer"}]},
     [MORALE], {"morale_top": "heal"}, "Cook (Ana) heals 1 Wound."),
    ({"morale": 1}, [MORALE], {}, "Cook (Ana) gains 1 Determination token."),
    ({"morale": -2, "characters": [{"role": "cook", "name": "Ana", "determination": 3},
                                   {"role": "explorer"}]},
     [MORALE], {}, "Paid in full: Cook (Ana) discards 2 Determination tokens."),
    ({"morale": 0}, [MORALE], {}, "No one is wounded."),
    # A track that moves, resources that go, pieces placed, a pawn lost.
    (SHELTER, [{"kind": "increase", "track": "palisade", "amount": 2}], {},
     "The Palisade goes from 1 to 3."),
    (SHELTER, [{"kind": "reduce", "track": "roof", "amount": 1}], {},
     "Paid in full: the Roof goes from 2 to 1."),
    ({"available": {"food": 1, "wood": 2}}, [{"kind": "discard", "food": 1, "wood": 2}], {},
     "Paid in full: the players discard 1 food and 2 wood."),
    ({"available": {"wood": 1}}, [{"kind": "discard", "wood": 3, "if_possible": True}], {},
     "The players discard 1 wood; 2 short, but no one is wounded."),
    ({"tiles": CAMP_TILES}, [{"kind": "cover_source", "source": "food"}], {},
     "Paid in full: 1 source is covered with a black marker."),
    ({}, [{"kind": "place_token", "space": "tile-2", "token": "Beast"}], {},
     "1 token is placed."),
    ({"phase": "action"}, [{"kind": "lose_pawn", "who": "first_player"}], {},
     "Cook (Ana) loses 1 Action pawn."),
    ({"decks": {"mystery": 5}}, [{"kind": "discard_cards", "cards": "mystery", "amount": 2}],
     {}, "Paid in full: the players discard 2 Mystery cards."),
    ({}, [{"kind": "lower_morale", "amount": 1}, {"kind": "halve_gain", "food": 2}], {},
     "Morale −1; the players gain 1 food."),
    # Nothing happens: then, and only then, "No one is wounded".
    ({"roof": 0}, [{"kind": "increase", "track": "roof", "amount": 1}], {},
     "No one is wounded."),
])
def test_a_verdict_where_no_one_is_wounded_says_what_happens(
        state: dict[str, Any], demands: list[dict[str, Any]], choices: dict[str, Any],
        said: str) -> None:
    r = ruled(state, *demands, choices=choices)
    assert r.words.headline == said
    assert r.words.clear


def test_what_is_paid_has_the_verb_that_fits_it() -> None:
    r = ruled({"roof": 0, "available": {"wood": 1}}, {"kind": "discard", "wood": 2},
              {"kind": "reduce", "track": "roof", "amount": 1}, {"kind": "have_weapon", "level": 2})
    assert r.words.paid == ("Wood: 1 of 2 paid — 1 short", "Roof: lowered 0 of 1 — 1 short",
                            "Weapon level: 0 of the 2 needed — 2 short")
    assert r.words.summary == " · ".join(r.words.paid)
    assert [payment_line(p) for p in r.payments] == list(r.words.paid)


def test_a_house_ruling_names_its_switch_and_says_when_it_is_on() -> None:
    off = ruled({"roof": 0}, {"kind": "reduce", "track": "roof", "amount": 1})
    on = ruled({"roof": 0, "house_rules": {"no_shelter_reduction_ignored": True}},
               {"kind": "reduce", "track": "roof", "amount": 1})
    assert off.words.sure.grade == "switch"
    assert "Reducing Roof/Palisade without a Shelter is ignored" in off.words.sure.text
    assert "default" in off.words.sure.text
    assert on.certainty == "house" and "switched on" in on.words.sure.text


@settings(max_examples=150, deadline=None)
@given(requests())
def test_the_ruling_and_its_steps_never_disagree_on_how_sure(data: dict[str, Any]) -> None:
    """The ruling's grade is its weakest deciding step's, and the steps it names as deciding
    carry that very grade in their own words."""
    r = rule(Request.model_validate(data))
    words = r.words
    assert words is not None
    grade = {"stated": "official", "derived": "derived", "house": ("house", "switch")}
    assert words.sure.grade in grade[r.certainty]
    prefix = {"stated": "Official", "derived": "Follows from the rules",
              "house": "No official ruling"}[r.certainty]
    for i in words.sure.steps:
        assert words.steps[i].startswith(prefix)
    if r.certainty != "stated":
        assert words.sure.steps, "a ruling that is not official names the step that decides it"
    assert len(words.steps) == len(r.steps) == len(words.titles)
    assert len(words.wounds) == len(r.wounds) == len(words.names)
    assert words.headline == headline(r, Request.model_validate(data).state)


def test_the_composer_offers_every_kind_of_demand() -> None:
    """The board's composer lists the core's kinds, each field a field of its model."""
    from pyapp.rules.composing import composer_kinds, demand_classes

    kinds = composer_kinds()
    assert set(kinds) == set(demand_kinds())
    for kind, offered in kinds.items():
        model = demand_classes()[kind].model_fields
        assert offered["title"]
        for f in offered["fields"]:
            assert f["name"] in model and f["label"]
            if f["type"] == "choice":
                assert f["dflt"] in f["options"]


def test_a_step_naming_the_cards_own_victims_is_stated_by_the_card() -> None:
    """The card names who suffers: stated by the card, and the ruling says so."""
    r = ruled({}, {"kind": "wounds", "amount": 1, "victims": "explorer"})
    by_card = [i for i, s in enumerate(r.steps) if s.by_card]
    assert by_card and all(r.words.steps[i] == "Official: stated by the card" for i in by_card)
    assert r.words.sure.text == "Every step that decides it is stated by the rules or by the card."


def test_a_house_step_says_its_switch_in_settings_words_never_its_key() -> None:
    for rules in ({}, {"no_shelter_reduction_ignored": True}):
        r = ruled({"house_rules": rules}, {"kind": "reduce", "track": "roof", "amount": 1})
        house = [t for t in r.words.steps if t.startswith("No official ruling")]
        assert house and all("“Reducing Roof/Palisade without a Shelter is ignored”" in t
                              and "no_shelter_reduction_ignored" not in t for t in house)


def test_the_demands_are_worded_even_without_a_ruling() -> None:
    """Who resolves is not said yet: no ruling, but the panel still reads the demands."""
    import json

    from pyapp.service import Service

    request = {"state": {**TABLE, "phase": "action", "planned_actions": [
        {"id": "a", "action": "build", "pawns": ["cook"]},
        {"id": "b", "action": "gather", "pawns": ["explorer"]}]},
        "effect": {"demands": [{"kind": "wounds", "amount": 2}],
                   "alternative": [{"kind": "discard", "wood": 1}]}}
    service = Service()
    assert json.loads(service.call("rule", json.dumps(request)))["ok"] is False
    answer = json.loads(service.call("effect_words", json.dumps(request)))
    assert answer == {"ok": True, "words": {
        "demands": ["The card deals 2 Wounds"], "alternative": ["Discard 1 wood"],
        "notes": ["Or, the card's alternative: Discard 1 wood. If the first part cannot be paid "
                  "in full, the alternative applies."]}}


@pytest.mark.parametrize(("effect", "notes"), [
    ({"demands": [{"kind": "discard", "wood": 2}]}, ()),
    ({"demands": [{"kind": "discard", "wood": 2}],
      "alternative": [{"kind": "wounds", "amount": 1}]},
     ("Or, the card's alternative: The card deals 1 Wound. If the first part cannot be paid in "
      "full, the alternative applies.",)),
    ({"demands": [{"kind": "reduce", "track": "weapon", "amount": 2, "if_possible": True}]},
     ("“If possible”: what cannot be paid is not a shortfall, so no one is wounded for it.",)),
])
def test_the_card_s_own_words_are_explained_by_the_core(effect: dict[str, Any],
                                                         notes: tuple[str, ...]) -> None:
    """Its alternative (R13) and its "if possible" (C9) are said beside the demands, in the
    ruling's words as in the words without a ruling: the page adds none of its own."""
    request = Request.model_validate({"state": TABLE, "effect": effect})
    assert ruling_words(request, rule(request)).notes == notes


def test_a_rule_says_how_sure_it_is_in_the_words_a_step_applying_it_would() -> None:
    """The rule sheet's words for a rule agree with the rule's certainty, part by part, and
    a rule all stated is never called our own."""
    from pyapp.rules.clauses import CLAUSES
    from pyapp.rules.telling import clause_words

    for clause in CLAUSES.values():
        words = clause_words(clause)
        start = {"stated": "Stated", "derived": "Follows", "house": "No official"}
        assert str(words["sure"]).startswith(start[clause.certainty]), clause.id
        for part in clause.parts:
            assert words["parts"][part.id].startswith(start[part.certainty]), part.id
        stated = clause.certainty == "stated" and all(
            p.certainty == "stated" for p in clause.parts)
        assert words["own"] is not stated, clause.id
