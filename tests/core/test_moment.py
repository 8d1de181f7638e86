"""The moment of a demand: who resolves the Action and how the core knows, the Event-Phase
combat box, and the phase notes, said by the core so that they agree with the ruling."""

from __future__ import annotations

import json
from typing import Any

import pytest

from pyapp.rules.catalogue import catalogue
from pyapp.rules.demands import Effect
from pyapp.rules.formats import Request
from pyapp.rules.moment import moment
from pyapp.rules.referee import rule
from pyapp.rules.ruling import Context
from pyapp.rules.state import TableState
from pyapp.service import Service
from tests.scenarios import table

BUILD = {"id": "roof", "action": "build", "pawns": ["explorer"], "assigned": {}}
HUNT = {"id": "hunt", "action": "hunt", "pawns": ["cook"], "assigned": {}}
TIGER = catalogue().card("the-tiger-finds-you")
DISCARD = Effect.model_validate({"demands": [{"kind": "discard", "wood": 1}]})


def state(phase: str = "action", planned: tuple[dict[str, Any], ...] = (BUILD,),
          round_: int = 1) -> TableState:
    return TableState.model_validate(table(phase=phase, planned_actions=list(planned),
                                           round=round_))


@pytest.mark.parametrize(("phase", "planned", "ctx", "who", "how"), [
    ("action", (BUILD,), {}, "explorer", "inferred"),
    ("action", (BUILD, HUNT), {}, None, "ask"),
    ("action", (), {}, None, "ask"),
    ("action", (BUILD, HUNT), {"resolver": "cook"}, "cook", "chosen"),
    ("event", (BUILD,), {}, None, "none"),
    ("event", (), {"resolver": "cook"}, "cook", "chosen"),
])
def test_who_resolves_and_how_the_core_knows(phase: str, planned: tuple[dict[str, Any], ...],
                                             ctx: dict[str, Any], who: str | None,
                                             how: str) -> None:
    """Chosen beats inferred; the only open Action's lead pawn is inferred; outside the
    Action Phase nobody resolves unless chosen; otherwise the players are asked."""
    found = moment(state(phase, planned), DISCARD, None, Context.model_validate(ctx)).resolver
    assert (found.who, found.how) == (who, how)


def test_the_inferred_resolver_is_named_with_its_action() -> None:
    """The line and the list's first line say whose lead pawn it is."""
    m = moment(state(), DISCARD, None, Context())
    assert m.line.endswith("resolves the Build Action (its lead pawn).")
    assert m.first_option.endswith("(leads the only open Action)")
    assert m.choose_resolver


def test_a_resolved_action_is_not_open() -> None:
    """A planned Action already resolved does not resolve the demand."""
    done = {**BUILD, "resolved": True}
    assert moment(state("action", (done,)), DISCARD, None, Context()).resolver.how == "ask"


@pytest.mark.parametrize(("phase", "ctx", "offered", "ticked"), [
    ("event", {}, True, False),
    ("event", {"event_combat": True}, True, True),
    ("action", {}, False, False),
    ("action", {"event_combat": True}, True, True),  # shown only to untick it
    ("night", {}, False, False),
])
def test_the_combat_box_is_offered_in_the_event_phase(phase: str, ctx: dict[str, Any],
                                                      offered: bool, ticked: bool) -> None:
    """Only an Event-Phase fight hurts the First Player alone (C7)."""
    box = moment(state(phase, ()), DISCARD, None, Context.model_validate(ctx)).combat
    assert (box.offered, box.ticked, box.fixed) == (offered, ticked, False)


def test_the_tiger_in_the_event_phase_says_one_thing() -> None:
    """The Tiger at the Event Phase, Actions planned: the box is ticked (fixed: the ruling
    applies C7 whatever the box says), no note sends the table to the Action Phase, and the
    ruling agrees: the First Player fights."""
    table_ = state("event", (BUILD,))
    m = moment(table_, TIGER.effect, TIGER, Context())
    assert (m.combat.offered, m.combat.ticked, m.combat.fixed) == (True, True, True)
    assert m.early == "" and m.card_phase == "" and m.set_phase is None
    assert m.card_combat.startswith("A fight in the Event Phase")
    ruling = rule(Request(state=table_, effect=TIGER.effect))
    assert any(s.clause == "C7" for s in ruling.steps)


def test_a_card_of_another_phase_offers_to_set_it() -> None:
    """A card resolved in the Event Phase on a table at the Action Phase says so (from round
    2: round 1 has none)."""
    m = moment(state("action", (), round_=2), TIGER.effect, TIGER, Context())
    assert m.card_phase.startswith("This card is resolved in the Event Phase; the table is "
                                   "in the Action Phase.")
    assert (m.set_phase, m.set_phase_label) == ("event", "Set the Event Phase")
    assert not m.combat.fixed


TERMITES = catalogue().card("termites")
BEAST = catalogue().card("beast-tiger")


@pytest.mark.parametrize(("round_", "phase", "card", "note", "sets"), [
    # Round 1 has no Event Phase (DZ-EventPh): at the Event Phase, whatever is picked...
    (1, "event", None, "the game begins with the Morale Phase", "Set the Morale Phase"),
    (1, "event", TERMITES, "no Event card is drawn until round 2", "Set the Morale Phase"),
    (1, "event", BEAST, "the game begins with the Morale Phase", "Set the Morale Phase"),
    # ... and an Event card at any phase of round 1, which is no card to set the phase for.
    (1, "morale", TERMITES, "no Event card is drawn until round 2", ""),
    (1, "action", TIGER, "no Event card is drawn until round 2", ""),
    # Nothing to say: round 1 past the Event Phase with another card, or any later round.
    (1, "morale", None, "", ""),
    (1, "action", BEAST, "", ""),
    (2, "event", TERMITES, "", ""),
    (2, "event", None, "", ""),
    (12, "action", TIGER, "", ""),
])
def test_round_one_has_no_event_phase_and_the_core_says_so(
        round_: int, phase: str, card: Any, note: str, sets: str) -> None:
    m = moment(state(phase, (), round_), card.effect if card else DISCARD, card, Context())
    assert (note in m.first_round) if note else m.first_round == ""
    assert m.first_round_set_label == sets
    assert m.first_round_set == ("morale" if sets else None)
    if note:  # never a note sending the table to the Event Phase that round 1 has not
        assert m.set_phase != "event" and m.card_phase == ""


def test_a_fresh_table_begins_where_round_1_does_with_nothing_to_correct() -> None:
    """The table a new player starts from is round 1 at its first phase, the Morale Phase:
    its moment with no card, or with a card of that phase, carries no round-1 note."""
    fresh = Service().session.history.initial
    assert (fresh.round, fresh.phase) == (1, "morale")
    for card in (None, BEAST):
        m = moment(fresh, card.effect if card else DISCARD, card, Context())
        assert m.first_round == "" and m.first_round_set is None
        assert m.set_phase != "event"


@pytest.mark.parametrize(("phase", "planned", "early"), [
    ("event", (BUILD,), True), ("morale", (BUILD,), True), ("event", (), False),
    ("action", (BUILD,), False), ("night", (BUILD,), False),
])
def test_planned_actions_before_the_action_phase_are_pointed_out(
        phase: str, planned: tuple[dict[str, Any], ...], early: bool) -> None:
    """With no card: Actions planned at an earlier phase bring the note, naming the phase."""
    m = moment(state(phase, planned), None, None, Context())
    assert bool(m.early) is early
    if early:
        assert f"still says the {phase.capitalize()} Phase" in m.early


def test_the_service_answers_the_moment() -> None:
    """`moment` by name: the card found by its id, the words with the answer."""
    asked = {"state": state("event", (BUILD,)).model_dump(mode="json"),
             "card": TIGER.id, "effect": TIGER.effect.model_dump(mode="json")}
    answer = json.loads(Service().call("moment", json.dumps(asked)))
    assert answer["ok"] is True
    assert answer["moment"]["combat"] == {"offered": True, "ticked": True, "fixed": True}
    assert json.loads(Service().call("moment", "{}"))["ok"] is False


def test_once_the_core_asks_who_resolves_the_line_asks_too() -> None:
    """Refused for want of a resolver: in the Action Phase the line asks; outside it, it
    asks who "the character resolving" is."""
    assert moment(state("action", (BUILD, HUNT)), DISCARD, None,
                  Context()).line_asking.startswith("Who resolves this Action?")
    assert "who is that?" in moment(state("night", ()), DISCARD, None, Context()).line_asking


def test_a_beast_fought_in_the_event_phase_is_not_sent_to_the_action_phase() -> None:
    """The Beast deck's Tiger drawn by an Event at the Event Phase: the box is ticked and the
    card's own phase (the Action Phase's Hunt) is no note telling the table to move on."""
    beast = catalogue().card("beast-tiger")
    m = moment(state("event", ()), beast.effect, beast, Context())
    assert m.combat.ticked and m.card_phase == "" and m.set_phase is None
