"""The moment a demand is resolved in: who resolves the Action and how the core knows it,
whether the fight is the Event Phase's, and what the board says of the phase.

One referee says one thing: the panel draws these answers beside the ruling, so that the
"who resolves" line, the Event-Phase combat box and the phase notes never tell another
story than the ruling does (victims.py: an Event-Phase fight hurts the First Player, C7)."""

from __future__ import annotations

from typing import Literal

from .base import Value
from .catalogue import Card
from .demands import Combat, Effect
from .ruling import Context
from .state import FigureId, Label, Name, Phase, PlannedAction, TableState
from .telling import (
    card_combat_note,
    card_phase_note,
    early_note,
    first_round_note,
    inferred_option,
    resolver_line,
    set_phase_words,
)

PHASES: tuple[Phase, ...] = ("event", "morale", "production", "action", "weather", "night")
FIRST_PHASE: Phase = "morale"  # round 1 begins here: it has no Event Phase (DZ-EventPh)
How = Literal["chosen", "inferred", "none", "ask"]


class Resolver(Value):
    """Who resolves the Action: `chosen` by the players ("Resolve", or the list), `inferred`
    (the lead pawn of the only open planned Action), `none` (no Action is resolved in this
    phase) or `ask` (the players must say)."""

    who: FigureId | None = None
    how: How
    action: Name | None = None  # the planned Action they resolve, when known


class CombatBox(Value):
    """The Event-Phase combat box: whether it is `offered`, `ticked`, and `fixed` (ticked by
    the effect itself, a fight drawn in the Event Phase: the box cannot untick it)."""

    offered: bool
    ticked: bool
    fixed: bool


class Moment(Value):
    """What the panel says of the moment, beside the ruling (words from telling.py)."""

    resolver: Resolver
    choose_resolver: bool  # the "who resolves" list is shown
    line: str  # the line above it
    line_asking: str  # the line above it once the core has asked who resolves
    first_option: str  # the list's first line: the one the core takes, or nobody yet
    combat: CombatBox
    card_phase: str  # the card is resolved in another phase ("" when not)
    set_phase: Phase | None  # the phase the card's note offers to set
    set_phase_label: Label
    card_combat: str  # the card is a fight of the Event Phase ("" when not)
    early: str  # Actions are planned before the Action Phase ("" when not)
    first_round: str = ""  # round 1 and the Event Phase or an Event card: round 1 has none
    first_round_set: Phase | None = None  # the phase the note offers: round 1 starts there
    first_round_set_label: Label = ""


def open_actions(state: TableState) -> tuple[PlannedAction, ...]:
    """Planned Actions not resolved yet, with a pawn on them."""
    return tuple(a for a in state.planned_actions if not a.resolved and a.pawns)


def resolver_of(state: TableState, ctx: Context, resolving: str | None) -> Resolver:
    """The resolver the core is told: the one chosen, else the lead pawn of the only open
    Action; outside the Action Phase, nobody unless chosen."""
    if ctx.resolver and ctx.resolver in state.figures():
        action = next((a.id for a in state.planned_actions if a.id == resolving), None)
        return Resolver(who=ctx.resolver, how="chosen", action=action)
    if state.phase != "action":
        return Resolver(how="none")
    found = open_actions(state)
    if len(found) == 1:
        return Resolver(who=found[0].pawns[0], how="inferred", action=found[0].id)
    return Resolver(how="ask")


def is_event_fight(state: TableState, effect: Effect | None) -> bool:
    """A fight in the Event Phase whose victims the rules decide: the First Player's (C7),
    ticked or not (victims.py)."""
    return state.phase == "event" and effect is not None and any(
        isinstance(d, Combat) and d.victims == "default" for d in effect.demands)


def moment(state: TableState, effect: Effect | None, card: Card | None, ctx: Context,
           resolving: str | None = None) -> Moment:
    """The moment of `effect` (of `card`, if one was picked) on `state`: `resolving` is the
    planned Action the players tapped "Resolve" on. Who resolves is asked for (the list
    shown, `line_asking`) also when the ruling is refused for want of it."""
    r = resolver_of(state, ctx, resolving)
    choose = state.phase == "action" or ctx.resolver is not None
    action = next((a for a in state.planned_actions if a.id == r.action), None)
    kind = action.action if action else None
    fixed = is_event_fight(state, effect)
    offered = state.phase == "event" or ctx.event_combat
    # A Beast drawn in the Event Phase is fought there (C7): its card's own phase is no
    # reason to send the table elsewhere.
    event_fight = fixed or (state.phase == "event" and ctx.event_combat)
    no_event = is_first_round_event(state, card)
    off_phase = (card is not None and card.phase is not None and card.phase != state.phase
                 and not event_fight and not no_event)
    of_this_phase = fixed or (card is not None and card.phase == state.phase)
    early = (PHASES.index(state.phase) < PHASES.index("action") and bool(open_actions(state))
             and not of_this_phase)
    return Moment(
        resolver=r, choose_resolver=choose,
        line=resolver_line(state, r.who, r.how, kind, asking=False),
        line_asking=resolver_line(state, r.who, "ask" if r.how == "none" else r.how, kind,
                                  asking=True),
        first_option=inferred_option(state, r.who if r.how == "inferred" else None),
        combat=CombatBox(offered=offered, ticked=ctx.event_combat or fixed, fixed=fixed),
        card_phase=card_phase_note(card.phase, state.phase) if off_phase and card and card.phase
        else "",
        set_phase=card.phase if off_phase and card else None,
        set_phase_label=set_phase_words(card.phase) if off_phase and card and card.phase else "",
        card_combat=card_combat_note() if card is not None and card.event_combat else "",
        early=early_note(state.phase) if early else "",
        first_round=first_round_note(card is not None and card.phase == "event")
        if no_event else "",
        first_round_set=FIRST_PHASE if no_event and state.phase == "event" else None,
        first_round_set_label=set_phase_words(FIRST_PHASE) if no_event
        and state.phase == "event" else "",
    )


def is_first_round_event(state: TableState, card: Card | None) -> bool:
    """Round 1 has no Event Phase (docs/rules/reference.md §2, DZ-EventPh): the table says
    round 1 and the Event Phase, or the card picked is an Event card."""
    return state.round == 1 and (state.phase == "event"
                                 or (card is not None and card.phase == "event"))
