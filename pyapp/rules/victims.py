"""Who suffers: the victims of a demand, by phase, combat and the card's own words."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .demands import Combat, Demand, NightEating, NightNoShelter, WeatherClouds
from .errors import RulingError
from .ruling import Context, Step, step
from .state import FigureId, TableState

if TYPE_CHECKING:
    from .work import Work


def victims(w: Work, demand: Demand, index: int) -> tuple[tuple[FigureId, ...], Step]:
    """The figures who suffer this demand's Wounds, and the rule that says so."""
    state, ctx = w.state, w.ctx
    rule = demand.victims
    if rule == "first_player":
        return (state.first_player,), step("G-named-victim", "The card names the First Player.",
                                           index)
    if rule == "resolver":
        return (resolver(state, ctx),), step("G-named-victim", "The card names the character "
                                             "resolving the Action.", index)
    if rule == "all":
        return w.everyone, step("C5", "The card hits all characters.", index)
    if rule == "in_camp" or isinstance(demand, WeatherClouds):
        return w.campers, step("R10", "Weather hurts only the characters in camp.", index)
    return _by_phase(w, demand, index)


def _by_phase(w: Work, demand: Demand, index: int) -> tuple[tuple[FigureId, ...], Step]:
    state, ctx = w.state, w.ctx
    if isinstance(demand, NightEating | NightNoShelter):
        return w.everyone, step("C5", "Every character at the table.", index)
    if state.phase == "action":
        who = resolver(state, ctx)
        if who == "friday":
            return (who,), step("R2", "Friday resolves this Action alone, so he suffers its "
                                "consequences.", index)
        return (who,), step("C6", f"In the Action Phase only the resolving character "
                            f"({who.capitalize()}) suffers.", index)
    if state.phase == "event" and (ctx.event_combat or isinstance(demand, Combat)):
        return (state.first_player,), step("C7", "Combat in the Event Phase: only the First "
                                           f"Player ({state.first_player}) suffers.", index)
    if state.phase == "weather":
        return w.campers, step("R10", "Weather Phase: the characters in camp suffer.", index)
    return w.everyone, step("C5", "All characters suffer.", index)


def resolver(state: TableState, ctx: Context) -> FigureId:
    """The figure resolving the Action: the top pawn's character, or Friday alone."""
    who = ctx.resolver
    if who is None:
        raise RulingError("context.resolver", "the Action Phase needs the character resolving "
                          "the Action")
    if who == "jenny":
        raise RulingError("context.resolver", "Jenny has no Action pawns and never resolves an "
                          "Action")
    if who not in state.figures():
        raise RulingError("context.resolver", f"{who!r} is not at the table")
    return who


def all_characters(state: TableState) -> tuple[FigureId, ...]:
    """Every character, and Jenny once rescued (R4); never Friday (R2) or the Dog (R3)."""
    found: list[FigureId] = list(state.turn_order())
    if state.jenny is not None and state.jenny.rescued:
        found.append("jenny")
    return tuple(found)


def in_camp(state: TableState) -> tuple[FigureId, ...]:
    found: list[FigureId] = [r for r in state.turn_order() if _is_in_camp(state, r)]
    if state.jenny is not None and state.jenny.rescued and state.jenny.in_camp:
        found.append("jenny")
    return tuple(found)


def _is_in_camp(state: TableState, role: str) -> bool:
    found = state.character(role)
    return found is not None and found.in_camp
