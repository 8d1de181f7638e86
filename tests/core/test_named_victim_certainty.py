"""How sure a ruling is when the card itself says who suffers.

C5 ("all characters suffer") is the rule of unfulfilled demand. A card's own Wounds are not
unfulfilled demand (G-card-wounds), so when the card names nobody, dealing them to C5's
victims is a reading of the rules: `derived`. A card that says "each character suffers 1
Wound", or names the First Player or a figure, decides it itself (G-named-victim,
docs/rules/reference.md §4.1: "Card names a victim ... that one"): that step is stated, by the
card, and does not lower the ruling. Any other step that is derived or a house ruling still
does."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pyapp.__main__ import explain
from pyapp.rules import Request, Ruling, rule
from pyapp.rules.catalogue import catalogue
from pyapp.rules.faq import faq
from pyapp.rules.ruling import weakest
from tests.core.strategies import plain_demands, tables
from tests.scenarios import table

Json = dict[str, Any]


def card(card_id: str) -> Json:
    """A catalogue card's effect, as the board puts it in a request."""
    effect: Json = catalogue().card(card_id).effect.model_dump()
    return effect


def by_default(effect: Json) -> Json:
    """The same effect with every demand's victims left to the phase (the default)."""
    return {**effect, **{key: [{**d, "victims": "default"} for d in effect[key]]
                         for key in ("demands", "alternative") if effect.get(key)}}


WOUNDS_ALL = {"demands": [{"kind": "wounds", "amount": 1, "victims": "all"}]}
DISCARD_ALL = {"demands": [{"kind": "discard", "wood": 2, "victims": "all"}]}


@dataclass(frozen=True)
class Case:
    name: str
    effect: Json
    state: Json = field(default_factory=table)
    certainty: str = "stated"
    rests_on: tuple[str, ...] = ()
    by_card: bool = True  # a step says "stated by the card"
    context: Json = field(default_factory=dict)
    choices: Json = field(default_factory=dict)

    def ruling(self) -> Ruling:
        return rule(Request.model_validate({"state": self.state, "effect": self.effect,
                                            "context": self.context,
                                            "choices": self.choices}))


CASES = [
    # The card names who suffers, and every other step is stated: official.
    Case("Jaguar: each character suffers 1 Wound", card("jaguar-event")),
    Case("A Shiny Jewel: each character suffers 1 Wound in the coming Night",
         card("a-shiny-jewel"), table(phase="night", shelter="built")),
    Case("Snakebite: the First Player suffers 3 Wounds", card("snakebite")),
    Case("Cut Head: the character resolving the Action suffers 1 Wound", card("cut-head"),
         table(phase="action"), context={"resolver": "explorer"}),
    Case("A demand naming all characters in the Action Phase hurts every one (not C6)",
         DISCARD_ALL, table(phase="action"), context={"resolver": "cook"}),
    Case("Each character includes Jenny once rescued (R4, stated)", WOUNDS_ALL,
         table(scenario=3, jenny={"rescued": True})),
    Case("The Dog at the table never suffers (R3, stated)", WOUNDS_ALL, table(dog=True)),
    # Victims left to the phase: as before.
    Case("The same Jaguar Wound with victims by default: C5 by reading", by_default(
        card("jaguar-event")), certainty="derived", rests_on=("C5",), by_card=False),
    Case("Unusually Cold Night's alternative with victims by default",
         by_default(card("unusually-cold-night")), table(available={"wood": 1}),
         certainty="derived", rests_on=("R13", "C5"), by_card=False),
    Case("Unfulfilled demand with victims by default: C5 says it", by_default(DISCARD_ALL),
         by_card=False),
    Case("The Production Phase's victims by default follow from the rules",
         by_default(DISCARD_ALL), table(phase="production"), certainty="derived",
         rests_on=("C5",), by_card=False),
    # The card names who suffers, but another step is less sure: that step decides.
    Case("Each character, with Friday at the table: he is left out by R2.events", WOUNDS_ALL,
         table(friday={}), certainty="derived", rests_on=("R2.events",)),
    Case("A Shiny Jewel at Night with Friday: a card's Wound, not the Night's (R2.events)",
         card("a-shiny-jewel"), table(phase="night", shelter="built", friday={}),
         certainty="derived", rests_on=("R2.events",)),
    # The Wound hits "each character"; Friday is not a character (stated), so sparing him
    # follows from the rules: R2's derived part (rulings.md, "How sure each ruling is", R2).
    Case("Night without a Shelter, with Friday: not a character, so spared (R2.events)",
         {"demands": [{"kind": "night_no_shelter"}]}, table(phase="night", friday={}),
         certainty="derived", rests_on=("R2.events",), by_card=False),
    # The card's own alternative replaces the rule of unfulfilled demand: R13, derived.
    Case("Unusually Cold Night, 1 wood: the card's alternative wounds each character (R13)",
         card("unusually-cold-night"), table(available={"wood": 1}), certainty="derived",
         rests_on=("R13",)),
    Case("Otters, no fish to cover: the card's alternative wounds each character (R13)",
         card("otters"), certainty="derived", rests_on=("R13",)),
    # The Book's camp move has its own alternative ("if it cannot, …"): paying the part
    # rests on R13 as any card's alternative does.
    Case("Cannibal Island's Book: each character suffers 3 Wounds, then the camp moves",
         card("s5-book"), table(scenario=5), certainty="derived", rests_on=("R13",)),
    Case("Unusually Cold Night, the players choose the alternative (R13)",
         card("unusually-cold-night"), table(available={"wood": 2}), certainty="derived",
         rests_on=("R13",), choices={"use_alternative": True}),
    Case("Each character, after a Roof reduction without a Shelter (R9, house)",
         {"demands": [{"kind": "reduce", "track": "roof", "amount": 1},
                      *WOUNDS_ALL["demands"]]}, certainty="house", rests_on=("R9",)),
]


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_the_grade_when_the_card_says_who_suffers(case: Case) -> None:
    """A step naming the card's own victims is stated by the card; the ruling is as sure as
    its weakest other deciding step."""
    r = case.ruling()
    assert (r.certainty, r.rests_on) == (case.certainty, case.rests_on)
    named = [s for s in r.steps if s.by_card]
    assert bool(named) == case.by_card
    assert all(s.clause == "G-named-victim" and s.certainty == "stated" for s in named)
    assert "G-named-victim" not in r.rests_on


def test_naming_each_character_wounds_the_same_figures_as_the_default() -> None:
    """Jaguar, named or by default: the same Wounds; only the grade and the rule cited differ."""
    named = Case("", card("jaguar-event")).ruling()
    default = Case("", by_default(card("jaguar-event"))).ruling()
    assert named.wounds == default.wounds and named.state == default.state
    # The Wounds' tally cites the rule that deals them: the card's own (G-card-wounds).
    assert [s.clause for s in named.steps] == ["G-card-wounds", "G-named-victim",
                                               "G-card-wounds"]
    assert [s.clause for s in default.steps] == ["G-card-wounds", "C5", "G-card-wounds"]


def test_a_card_s_own_wounds_always_name_who_suffers() -> None:
    """The catalogue never leaves a card's own Wounds to the phase: a card that deals Wounds
    says to whom, and a card that says "each character suffers" names them all."""
    for c in catalogue().cards:
        for d in c.effect.demands + (c.effect.alternative or ()):
            if d.kind != "wounds":
                continue
            assert d.victims != "default", c.id
            if "each character suffers" in c.text.lower() and d.victims != "resolver":
                assert d.victims == "all", c.id


def test_the_faq_s_unusually_cold_night_rests_on_r13() -> None:
    """The FAQ's question on the card's own alternative, ruled live: no partial payment (C1a,
    stated), then the card's alternative instead of unfulfilled demand (R13, derived)."""
    entry = next(e for e in faq().entries if e.id == "card-alternative")
    r = rule(entry.example)
    assert (r.certainty, r.rests_on) == ("derived", ("R13",))
    assert [s.clause for s in r.steps][:2] == ["C1a", "R13"]
    assert any(s.by_card for s in r.steps)


def test_explain_says_stated_by_the_card() -> None:
    """The command line names the card as what states who suffers, step and ruling alike; a
    ruling with victims by default still says what it rests on."""
    lines = explain(Case("", card("jaguar-event")).ruling()).splitlines()
    assert "[1] G-named-victim: The card names who — The card names each character. (stated " \
           "by the card)" in lines
    assert lines[-1] == "Certainty: stated by the rules and by the card"
    lines = explain(Case("", by_default(card("jaguar-event"))).ruling()).splitlines()
    assert lines[-1] == "Certainty: derived from the rules (C5: Who suffers: all characters)"
    lines = explain(Case("", by_default(DISCARD_ALL)).ruling()).splitlines()
    assert lines[-1] == "Certainty: stated by the rules"


def test_by_card_round_trips_and_old_rulings_still_read() -> None:
    """`by_card` is in the ruling's JSON and read back; a ruling written before it existed
    (its steps without the field) still reads, each step not by the card."""
    r = Case("", card("snakebite")).ruling()
    again = Ruling.model_validate_json(r.model_dump_json())
    assert again == r and any(s.by_card for s in again.steps)
    old = r.model_dump(mode="json")
    for s in old["steps"]:
        del s["by_card"]
    assert not any(s.by_card for s in Ruling.model_validate(old).steps)


# The card's own Wounds, and unfulfilled demands, as a card could word them.
card_wounds = st.builds(lambda n: {"kind": "wounds", "amount": n}, st.integers(1, 3))


@given(tables(phase="event"), st.lists(card_wounds | plain_demands, min_size=1, max_size=3))
def test_naming_each_character_never_lowers_the_grade(state: Json, demands: list[Json]) -> None:
    """In the Event Phase "each character" is who suffers by default: naming them changes
    nobody's Wounds and no step but the one saying who (C5 becomes G-named-victim, stated by
    the card), and the ruling is as sure as the default one without its C5 steps."""
    named = [{**d, "victims": "all"} for d in demands]
    by_phase = rule(Request.model_validate({"state": state, "effect": {"demands": demands}}))
    by_card = rule(Request.model_validate({"state": state, "effect": {"demands": named}}))
    assert by_card.wounds == by_phase.wounds and by_card.state == by_phase.state
    assert len(by_card.steps) == len(by_phase.steps)
    for mine, theirs in zip(by_card.steps, by_phase.steps, strict=True):
        if theirs.clause == "C5":
            assert (mine.clause, mine.certainty, mine.by_card) == ("G-named-victim", "stated",
                                                                    True)
        else:
            assert mine == theirs
    others = [s for s in by_phase.steps if s.clause != "C5" and s.certainty != "stated"]
    assert (by_card.certainty, by_card.rests_on) == weakest(others)
