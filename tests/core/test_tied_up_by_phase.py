"""Resources on planned Actions, phase by phase.

The rule ties resources up "during the Action Phase": what is assigned to other planned
Actions cannot pay (C2, stated). Planned Actions exist only in that phase in the game; a
table that has them in another phase (a fresh table starts at the Event Phase) is read as
it shows them, assigned, so they still cannot pay. That reading follows from the rule
(derived) and the ruling says so, and to set the Action Phase if that is where the table
is. It only matters when the tie-up leaves the demand short."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from pyapp.rules import Request, Ruling, rule
from tests.scenarios import table

Json = dict[str, Any]
BUILD = {"id": "build-1", "action": "build", "pawns": ["carpenter"], "assigned": {"wood": 1}}
THREE = [{"role": "carpenter"}, {"role": "cook"}, {"role": "explorer"}]


@dataclass(frozen=True)
class Case:
    name: str
    phase: str
    available_wood: int
    wanted: int
    certainty: str
    wounds: dict[str, int]
    context: Json = field(default_factory=dict)

    def ruling(self) -> Ruling:
        state = table(phase=self.phase, characters=THREE, available={"wood": self.available_wood},
                      planned_actions=[BUILD])
        return rule(Request.model_validate({
            "state": state, "effect": {"demands": [{"kind": "discard", "wood": self.wanted}]},
            "context": self.context}))


CASES = [
    Case("Action Phase: the Carpenter's Build's wood is tied up, the Cook resolving another "
         "Action suffers (stated)", "action", 1, 2, "stated", {"cook": 1}, {"resolver": "cook"}),
    Case("Event Phase: the Build's wood is read as tied up; each character suffers (derived)",
         "event", 1, 2, "derived", {"carpenter": 1, "cook": 1, "explorer": 1}),
    Case("Night Phase, the same: derived", "night", 0, 1, "derived",
         {"carpenter": 1, "cook": 1, "explorer": 1}),
    Case("Event Phase, Available pays it all: the tie-up does not matter (official)",
         "event", 2, 2, "stated", {}),
]


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_resources_on_planned_actions_by_phase(case: Case) -> None:
    r = case.ruling()
    wounded = {w.figure: w.unfulfilled + w.other for w in r.wounds if w.unfulfilled + w.other}
    assert wounded == case.wounds
    assert r.certainty == case.certainty
    c2 = [s for s in r.steps if s.clause == "C2"]
    if not case.wounds:
        assert not c2  # said only when the tie-up leaves the demand short
        return
    (step,) = c2
    if case.phase == "action":
        assert step.certainty == "stated" and "C2" not in r.rests_on
    else:
        assert step.certainty == "derived" and r.rests_on == ("C2",)
        assert f"in the {case.phase.capitalize()} Phase" in step.text
        assert "If the table is in fact in the Action Phase, set it" in step.text


def test_c2_says_the_rule_s_own_words_and_r2_names_its_public_sources() -> None:
    """C2 quotes the rule's "during the Action Phase"; R2, whose Event part rests on the
    rulebook and the official Q&A (Friday is not a character), names those before the app's
    own rulings (not "no public source" under a ruling that rests on public ones)."""
    from pyapp.rules.clauses import CLAUSES

    assert "during the Action Phase" in CLAUSES["C2"].text
    assert CLAUSES["R2"].source.split(", ") == ["DZ-Friday", "DZ-Q-who", "rulings.md"]


def test_the_resolving_action_s_own_resources_are_a_reading_other_actions_are_the_rule() -> None:
    """The rule ties up what is assigned to *other* planned Actions (stated). The wood on the
    Build that the resolving Cook leads is set aside for that Build: it cannot pay either, by
    our reading (derived), and the step says which Action it is."""
    own = {"id": "b", "action": "build", "pawns": ["cook"], "assigned": {"wood": 2}}
    other = {"id": "g", "action": "gather", "pawns": ["explorer"], "assigned": {"wood": 1}}
    for planned, grades in (([own], ["derived"]), ([other], ["stated"]),
                            ([own, other], ["stated", "derived"])):
        state = table(phase="action", available={"wood": 0}, planned_actions=planned)
        r = rule(Request.model_validate({
            "state": state, "effect": {"demands": [{"kind": "discard", "wood": 1}]},
            "context": {"resolver": "cook"}}))
        c2 = [s for s in r.steps if s.clause == "C2"]
        assert [s.certainty for s in c2] == grades
        assert {w.figure: w.unfulfilled for w in r.wounds if w.unfulfilled} == {"cook": 1}
        if "derived" in grades:
            assert "Action being resolved (Build, led by Cook)" in c2[-1].text
        if "stated" in grades:
            assert c2[0].text.startswith(("1 wood assigned to other planned Actions",))
