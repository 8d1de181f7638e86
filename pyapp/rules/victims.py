"""Who suffers: the victims of a demand, by phase, combat and the card's own words."""

from __future__ import annotations

from typing import cast, get_args

from .clauses import Certainty
from .demands import Combat, Demand, NightEating, NightNoShelter, WeatherClouds
from .errors import RulingError
from .i18n import N_, _
from .ruling import Context
from .state import FigureId, TableState
from .words import role_name

# The victims, and the step naming them: (clause or part cited, text, certainty if derived).
Why = tuple[str, str, Certainty | None]
Named = tuple[tuple[FigureId, ...], Why]
_BY_KIND = frozenset({"weather_clouds", "night_eating", "night_no_shelter", "combat"})


def victims(state: TableState, ctx: Context, demand: Demand, fight: bool = False) -> Named:
    """The figures who suffer this demand's Wounds, and the rule that says so; `fight`: the
    effect has a fight besides this demand.

    The answer depends only on the table as the request gave it, its context, whether the
    effect has a fight and the demand's `victim_key`, so the working table keeps it for the
    other demands of the effect (`Work.victims_of`)."""
    rule = demand.victims
    if rule == "first_player":
        return (state.first_player,), ("G-named-victim", _("The card names the First Player."),
                                       None)
    if rule == "resolver":
        if ctx.resolver is None and state.phase == "action":
            return UNKNOWN, ("G-named-victim", "", None)
        if ctx.resolver is None:  # no Action is being resolved now: never ask who resolves one
            raise RulingError("context.resolver", _(NAMED_RESOLVER))
        return (resolver(state, ctx),), ("G-named-victim", _(
            "The card names the character resolving the Action."), None)
    if rule in NAMED:
        return (_at_table(state, cast(FigureId, rule)),), ("G-named-victim", _(
            "The card names {who}.", who=role_name(rule)), None)
    if rule == "all":  # "each character suffers 1 Wound": the card says who, not C5's default
        return all_characters(state), ("G-named-victim", _(EACH_NAMED), None)
    if rule == "in_camp" or isinstance(demand, WeatherClouds):
        return in_camp(state), ("R10", _("Weather hurts only the characters in camp."), None)
    return _by_phase(state, ctx, demand, fight)


# "The outcome of the combat (including any unfulfilled demand)" hurts only the First Player
# in the Event Phase (C7); no rule says whether a card's other effect, beside its fight, is
# part of that outcome. The table's "outcome of an Event-Phase combat" says which reading the
# players take; either way it is a reading (rulings.md: derived, "follows from stated rules
# by reasoning no rule spells out").
BESIDE_A_FIGHT_FP = N_("The card has a fight and this other effect. No rule says where “the "
                       "outcome of the combat” ends; the table marks this as the outcome of "
                       "an Event-Phase combat, so it is read as part of the fight: only the "
                       "First Player ({who}) suffers.")
BESIDE_A_FIGHT_ALL = N_("The card has a fight and this other effect. No rule says where “the "
                        "outcome of the combat” ends; this effect is read as apart from the "
                        "fight, so the general rule applies: all characters suffer. If the "
                        "table takes it as part of the fight, mark it as the outcome of an "
                        "Event-Phase combat.")


def _by_phase(state: TableState, ctx: Context, demand: Demand, fight: bool) -> Named:
    if isinstance(demand, NightEating):
        return all_characters(state), ("G-night-eat", _("Each character needs 1 food at "
                                                        "Night."), None)
    if isinstance(demand, NightNoShelter):
        return all_characters(state), ("G-night-shelter", _("Each character spends the "
                                                            "night."), None)
    if state.phase == "action":
        if ctx.resolver is None:  # asked only if someone must suffer (Verdict.victims)
            return UNKNOWN, ("C6", "", None)
        who = resolver(state, ctx)
        if who == "friday":
            return (who,), ("R2.solo", _("Friday resolves this Action alone, so he suffers "
                                          "its consequences."), None)
        return (who,), ("C6", _("In the Action Phase only the resolving character ({who}) "
                                "suffers.", who=role_name(who)), None)
    if state.phase == "event" and fight and not isinstance(demand, Combat):
        if ctx.event_combat:
            return (state.first_player,), ("C7", _(BESIDE_A_FIGHT_FP, who=role_name(
                state.first_player)), "derived")
        return all_characters(state), ("C5", _(BESIDE_A_FIGHT_ALL), "derived")
    if state.phase == "event" and (ctx.event_combat or isinstance(demand, Combat)):
        return (state.first_player,), ("C7", _(
            "Combat in the Event Phase: only the First Player ({who}) suffers.",
            who=role_name(state.first_player)), None)
    if state.phase == "weather":
        if isinstance(demand, Combat):  # the Hungry Animals die brings the weather's fight
            return in_camp(state), ("R10", _(
                "The Hungry Animals' fight hurts all characters in camp; those outside the "
                "camp are not affected by the weather."), None)
        return in_camp(state), ("R10", _("Weather Phase: the characters in camp suffer."), None)
    if state.phase == "production":  # docs/rules/reference.md §4.1: all characters, by default [D]
        return all_characters(state), ("C5", _(
            "All characters suffer: the Production Phase has no exception of its own."),
            "derived")
    return all_characters(state), ("C5", _("All characters suffer."), None)


EACH_NAMED = N_("The card names each character.")
# The rules that name a group (every character, those in camp), not one figure: Friday, at the
# table, is left out of the group (R2), and a step says so, however few the characters are.
_GROUPS = frozenset({"C5", "R10", "G-night-eat", "G-night-shelter"})


def names_a_group(why: Why | None) -> bool:
    """Whether the rule naming the victims names a group of characters, not one figure."""
    return why is not None and (why[0] in _GROUPS or why[1] == _(EACH_NAMED))


def victim_key(demand: Demand) -> tuple[str, str]:
    """Demands with the same key have the same victims: the card's victim rule, and the few
    kinds of demand that change who suffers."""
    kind = demand.kind
    return demand.victims, kind if kind in _BY_KIND else ""


NO_RESOLVER = N_("Who resolves this Action? In the Action Phase only the character resolving "
               "it suffers, so choose them: the character whose pawn is on top, or Friday "
               "alone.")


NAMED_RESOLVER = N_("This card hurts the character who resolved its Action: choose who that "
                  "was.")


class _Unknown(tuple[FigureId, ...]):
    """The victims of an Action-Phase demand when nobody has said who resolves the Action:
    an empty tuple of its own (`()` itself is shared by every empty tuple)."""


UNKNOWN: tuple[FigureId, ...] = _Unknown()
NAMED = frozenset(get_args(FigureId))


def resolver(state: TableState, ctx: Context) -> FigureId:
    """The figure resolving the Action: the top pawn's character, or Friday alone."""
    who = ctx.resolver
    if who is None:
        raise RulingError("context.resolver", _(NO_RESOLVER))
    if who == "jenny":
        raise RulingError("context.resolver", _(
            "Jenny has no Action pawns and never resolves an Action: choose the character "
            "whose pawn is on top."))
    return _at_table(state, who, "context.resolver")


def _at_table(state: TableState, who: FigureId, loc: str = "effect.demands.victims") -> FigureId:
    if who not in state.figures():
        raise RulingError(loc, _(
            "{who} is not at the table: add them to the table or choose someone who is.",
            who=role_name(who)))
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
