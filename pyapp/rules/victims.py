"""Who suffers: the victims of a demand, by phase, combat and the card's own words."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .demands import Combat, Demand, NightEating, NightNoShelter, WeatherClouds
from .errors import RulingError
from .ruling import Context
from .state import FigureId, TableState

if TYPE_CHECKING:
    from .work import Work


Named = tuple[tuple[FigureId, ...], tuple[str, str]]  # the victims; the clause naming them
_BY_KIND = frozenset({"weather_clouds", "night_eating", "night_no_shelter", "combat"})


def victims(w: Work, demand: Demand) -> Named:
    """The figures who suffer this demand's Wounds, and the rule that says so.

    The answer depends only on the request and the demand's `victim_key`, so the working
    table keeps it for the other demands of the effect (`Work.victims_of`)."""
    state, ctx = w.state, w.ctx
    rule = demand.victims
    if rule == "first_player":
        return (state.first_player,), ("G-named-victim", "The card names the First Player.")
    if rule == "resolver":
        return (resolver(state, ctx),), ("G-named-victim", "The card names the character "
                                          "resolving the Action.")
    if rule == "all":
        return all_characters(state), ("C5", "The card hits all characters.")
    if rule == "in_camp" or isinstance(demand, WeatherClouds):
        return in_camp(state), ("R10", "Weather hurts only the characters in camp.")
    return _by_phase(w, demand)


def _by_phase(w: Work, demand: Demand) -> Named:
    state, ctx = w.state, w.ctx
    if isinstance(demand, NightEating | NightNoShelter):
        return all_characters(state), ("C5", "Every character at the table.")
    if state.phase == "action":
        who = resolver(state, ctx)
        if who == "friday":
            return (who,), ("R2", "Friday resolves this Action alone, so he suffers its "
                            "consequences.")
        return (who,), ("C6", f"In the Action Phase only the resolving character "
                        f"({who.capitalize()}) suffers.")
    if state.phase == "event" and (ctx.event_combat or isinstance(demand, Combat)):
        return (state.first_player,), ("C7", "Combat in the Event Phase: only the First "
                                       f"Player ({state.first_player}) suffers.")
    if state.phase == "weather":
        return in_camp(state), ("R10", "Weather Phase: the characters in camp suffer.")
    return all_characters(state), ("C5", "All characters suffer.")


def victim_key(demand: Demand) -> tuple[str, str]:
    """Demands with the same key have the same victims: the card's victim rule, and the few
    kinds of demand that change who suffers."""
    kind = demand.kind
    return demand.victims, kind if kind in _BY_KIND else ""


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
