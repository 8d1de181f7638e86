"""What the pieces show of a ruling comes from the ruling itself: the table after (each
figure's Wounds and Determination, the piles, the tracks), who dies (`wounds[].died`) and
whether the game is lost (`game_lost`, worded in `words.lost`). The board and the widget draw
these and work nothing out (static/shared/change.js); these tests hold the ruling to them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import given

from pyapp.rules import Request, Ruling, rule
from pyapp.rules.state import TableState
from tests.core.strategies import requests
from tests.scenarios import table


@dataclass(frozen=True)
class Case:
    """A table and a demand, and what its ruling leaves on the pieces."""

    name: str
    state: dict[str, Any]
    demands: list[dict[str, Any]]
    context: dict[str, Any] = field(default_factory=dict)
    wounds: dict[str, int] = field(default_factory=dict)  # Wounds after, by figure
    determination: dict[str, int] = field(default_factory=dict)  # Determination after
    available: dict[str, int] = field(default_factory=dict)  # Available after, by kind
    morale: int | None = None
    dies: tuple[str, ...] = ()
    lost: str = ""


CASES = [
    Case("the Night under a Shelter, one outside the camp, 2 food",
         table("cook", "explorer", explorer={"in_camp": False, "wounds": 1}, phase="night",
               shelter="built", available={"food": 2}),
         [{"kind": "night_eating"}, {"kind": "night_no_shelter"}],
         wounds={"cook": 0, "explorer": 4}, available={"food": 1}),
    Case("a Tiger in the Event Phase kills the First Player",
         table("carpenter", "cook", carpenter={"wounds": 10}, weapon=2),
         [{"kind": "combat", "strength": 6, "weapon_loss": 2, "beast": "Tiger", "food": 5,
           "fur": 2}],
         context={"event_combat": True}, wounds={"carpenter": 13, "cook": 0},
         available={"food": 5, "fur": 2}, dies=("carpenter",),
         lost="The game is lost: Carpenter died."),
    Case("the Morale Phase at −2, one token short",
         table("carpenter", "cook", carpenter={"wounds": 5, "determination": 1}, phase="morale",
               morale=-2),
         [{"kind": "morale_phase"}],
         wounds={"carpenter": 6}, determination={"carpenter": 0}, morale=-3),
]  # fmt: skip


def figure(state: TableState, figure_id: str) -> Any:
    if figure_id == "friday":
        return state.friday
    if figure_id == "jenny":
        return state.jenny
    return next(c for c in state.characters if c.role == figure_id)


def ruled(case: Case) -> Ruling:
    return rule(Request.model_validate({"state": case.state, "effect": {"demands": case.demands},
                                        "context": case.context}))


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_the_ruling_says_what_each_piece_becomes(case: Case) -> None:
    r = ruled(case)
    for who, n in case.wounds.items():
        assert figure(r.state, who).wounds == n, who
    for who, n in case.determination.items():
        assert figure(r.state, who).determination == n, who
    for kind, n in case.available.items():
        assert r.state.available.get(kind) == n, kind
    if case.morale is not None:
        assert r.state.morale == case.morale
    assert tuple(w.figure for w in r.wounds if w.died) == case.dies
    assert r.game_lost == bool(case.lost)
    assert r.words is not None and r.words.lost == case.lost


@given(requests())
def test_a_death_is_on_the_death_space_and_a_lost_game_is_worded(request: Request) -> None:
    """Whoever the ruling says dies stands on the death space of the table after, having not
    before; anyone who comes to it dies; a lost game has its words, and each figure's Wounds
    have their line (the page announces a death in that line)."""
    r = rule(request)
    assert r.words is not None
    reports = {w.figure: w for w in r.wounds}
    for who, report in reports.items():
        before, after = figure(request.state, who), figure(r.state, who)
        reached = after.wounds >= after.track.death_at and before.wounds < before.track.death_at
        assert report.died == reached, who
    for who in ("friday", "jenny", *(c.role for c in request.state.characters)):
        before, after = figure(request.state, who), figure(r.state, who)
        if before is not None and after is not None and who not in reports:
            assert after.wounds == before.wounds, who
    assert bool(r.words.lost) == r.game_lost
    assert len(r.words.wounds) == len(r.wounds)
