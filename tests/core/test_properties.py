"""Invariants that hold for any table and any demand."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from pyapp.rules import Request, Ruling, rule
from pyapp.rules.state import RESOURCE_KINDS
from tests.core.strategies import plain_demands, requests


@given(requests())
def test_nothing_goes_below_zero(request: Request) -> None:
    """No resource, level or counter is ever negative; Morale stays on its track."""
    state = rule(request).state
    assert all(state.available.get(k) >= 0 and state.future.get(k) >= 0 for k in RESOURCE_KINDS)
    assert min(state.roof, state.palisade, state.weapon) >= 0
    assert -3 <= state.morale <= 3
    assert all(c.determination >= 0 and c.pawns >= 1 for c in state.characters)


@given(requests())
def test_assigned_resources_are_never_touched(request: Request) -> None:
    """Resources tied up in planned Actions are not available for discarding (C2)."""
    assert rule(request).state.planned_actions == request.state.planned_actions


@given(requests(demands=plain_demands, phase="event"))
def test_wounds_equal_the_unmet_units_per_victim(request: Request) -> None:
    """Outside the Action Phase, every character suffers 1 Wound per unmet unit (C1, C5)."""
    r = rule(request)
    if r.game_lost:
        return
    roles = {c.role for c in request.state.characters}
    unfulfilled = {w.figure: w.unfulfilled for w in r.wounds}
    for role in roles:
        assert unfulfilled.get(role, 0) == r.unfulfilled_units
    assert set(unfulfilled) <= roles


@given(requests(demands=plain_demands, phase="action"), st.data())
def test_action_phase_hurts_only_the_resolver(request: Request, data: st.DataObject) -> None:
    """In the Action Phase only the resolving character suffers (C6)."""
    resolver = data.draw(st.sampled_from([c.role for c in request.state.characters]))
    r = rule(request.evolve(context={"resolver": resolver}))
    assert {w.figure for w in r.wounds} <= {resolver}


@given(requests())
def test_if_possible_never_wounds(request: Request) -> None:
    """'If possible' demands that cannot be done cost nothing (C9)."""
    demands = tuple(d.evolve(if_possible=True) for d in request.effect.demands)
    r = rule(request.evolve(effect=request.effect.evolve(demands=demands)))
    assert r.unfulfilled_units == 0
    assert all(w.unfulfilled == 0 for w in r.wounds)


@given(requests())
def test_json_round_trip(request: Request) -> None:
    """A request and its ruling survive JSON unchanged."""
    assert Request.model_validate_json(request.model_dump_json()) == request
    r = rule(request)
    assert Ruling.model_validate_json(r.model_dump_json()) == r


@given(requests())
def test_same_input_same_ruling(request: Request) -> None:
    """The referee is deterministic, and never changes the table it was given."""
    before = request.model_dump_json()
    assert rule(request) == rule(request)
    assert request.model_dump_json() == before


def test_a_discovery_token_is_used_once_per_card() -> None:
    """One Large Leaves token and a card with two rain demands: the players may use it
    once; the second demand finds it gone, and the table never loses a token it lacks."""
    request = Request.model_validate({
        "state": {"phase": "weather", "characters": [{"role": "cook"}], "first_player": "cook",
                  "available": {"food": 2, "wood": 2}, "discovery_tokens": ["Large Leaves"]},
        "effect": {"demands": [{"kind": "weather_clouds", "rain": 1},
                               {"kind": "weather_clouds", "rain": 1}]},
        "choices": {"use": ["Large Leaves"]},
    })  # fmt: skip
    ruling = rule(request)
    assert ruling.state.discovery_tokens == ()
    used = [s for s in ruling.steps if s.clause == "G-use"]
    assert len(used) == 1
