"""Judge one demand against the table: what is paid, what is short, who is hurt, and why."""

from __future__ import annotations

from collections.abc import Callable
from math import ceil
from typing import Any

from . import demands as d
from .clauses import certainty_of
from .errors import RulingError
from .events import (
    Cover,
    CrewDies,
    FlipItem,
    GainDetermination,
    MoveCampTo,
    Pay,
    PayDetermination,
    Place,
    SetFigure,
    SetLevel,
    SetShelter,
)
from .helps import Help, helps_at
from .morale import morale_track
from .ruling import Decision, Option, resource_label
from .state import MORALE_MIN, FigureId, PlannedAction, ResourceKind, source_space, space_words
from .verdict import Ledger, Verdict
from .victims import NO_RESOLVER, all_characters, resolver
from .words import noun, plural
from .work import Work, tokens_left
from .wounds import SIGNED, join

TRACK_NAMES = frozenset({"roof", "palisade", "weapon"})
CHILDREN_FOOD = {7: 2, 8: 2, 9: 3, 10: 3, 11: 4, 12: 4}  # R11


def judge(w: Work, ledger: Ledger, demand: d.Demand, index: int) -> Verdict:
    """Judge one demand on the working table: its victims, then what its kind asks."""
    v = Verdict(ledger, index, *w.victims_of(demand))
    JUDGES[demand.kind](w, demand, v)
    if demand.if_possible and (v.shortfall or v.pending):
        v.say("C9", f"'If possible': the {plural(v.units(), 'unit')} that could not be done "
              "cost nothing.")
        v.shortfall.clear()
        v.pending = 0
    if v.pending:  # someone must suffer, and only the resolving figure can (C6)
        raise RulingError("context.resolver", NO_RESOLVER)
    return v


def _discard(t: Work, demand: d.Discard, v: Verdict) -> None:
    payers: list[FigureId] = [w for w in v.victims if w != "jenny"] if demand.each else []
    share = len(payers) if demand.each else 1
    missing = 0
    for kind in DISCARD_ORDER:
        amount: int = getattr(demand, kind)
        if not amount:
            continue
        wanted = amount * share
        paid = _take(t, v, kind, wanted)
        v.pay(resource_label(kind), wanted, paid)  # type: ignore[arg-type]
        missing += wanted - paid
        _say_paid(t, v, kind, wanted, paid)
    if not demand.each:
        v.short_all(missing)
        return
    per_head = sum(n for _, n in demand.wanted())
    _share_shortfall(t, v, payers, per_head, missing)


# Food is discarded last, since it may be paid with either kind of food (R12).
DISCARD_ORDER: tuple[str, ...] = ("nonperishable_food", "perishable_food", "wood", "fur", "food")


MUST = "Discard what there is: {paid}."


def _take(t: Work, v: Verdict, kind: ResourceKind | str, amount: int, cite: str = "C3",
          says: str = MUST) -> int:
    """Discard up to `amount`; `food` takes either kind of food (R12). One step, citing
    `cite`, says what was discarded, kind by kind (`says` with "{paid}": "1 food and 1
    non-perishable food")."""
    if kind == "food" and t.payable("food") and t.payable("nonperishable_food"):
        _food_choice(t, v)
    if kind == "food":
        events = t.take_food(amount)
    else:  # "perishable_food": only food that spoils pays
        events = t.take("food" if kind == "perishable_food" else kind, amount)  # type: ignore[arg-type]
    if not events:
        return 0
    if len(events) == 1:  # the usual case: one kind, from Available Resources
        event: Pay = events[0]  # type: ignore[assignment]
        paid, what = event.amount, f"{event.amount} {resource_label(event.resource)}"
        either = kind == "food" and event.resource == "nonperishable_food"
    else:
        by_kind: dict[str, int] = {}
        for e in events:
            by_kind[e.resource] = by_kind.get(e.resource, 0) + e.amount  # type: ignore[union-attr]
        paid, what = sum(by_kind.values()), amounts_text(by_kind)
        either = kind == "food" and "nonperishable_food" in by_kind
    # Any food demand may be paid with either kind of food (docs/rules/reference.md §1.1, [D]).
    either = either and certainty_of(cite) == "stated"
    v.say(cite, says.replace("{paid}", what), "derived" if either else None)
    for e in events:
        if e.from_future:  # type: ignore[union-attr]
            v.say("R5", f"{e.amount} {resource_label(e.resource)} gained earlier in "  # type: ignore[union-attr]
                  "this Action pays (house rule switched on).")
    return paid


def amounts_text(by_kind: dict[str, int]) -> str:
    """{"food": 1, "wood": 2} -> "1 food and 2 wood", in the order given."""
    parts = [f"{n} {resource_label(k)}" for k, n in by_kind.items() if n]  # type: ignore[arg-type]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _food_choice(t: Work, v: Verdict) -> None:
    if v.decided("food_order"):
        return
    order = t.choices.food_order
    v.decisions.append(Decision(id="food_order", question="Which food pays?", options=(
        Option(value="perishable_first", label="Food first (it spoils at Night)"),
        Option(value="nonperishable_first", label="Non-perishable food first")),
        chosen=order, default="perishable_first"))
    v.say("R12", "The players choose which food pays: " + (
        "food first, since it spoils at Night." if order == "perishable_first"
        else "non-perishable food first, as they chose."))


def _say_paid(t: Work, v: Verdict, kind: str, wanted: int, paid: int) -> None:
    label = resource_label(kind)  # type: ignore[arg-type]
    if paid >= wanted:
        return
    # Why it cannot be paid comes first (C2, R5), then the shortfall it leaves (C1).
    pile: ResourceKind = "food" if kind == "perishable_food" else kind  # type: ignore[assignment]
    kinds: tuple[ResourceKind, ...] = (pile, "nonperishable_food") if kind == "food" else (pile,)
    tied_n = sum(t.state.tied_up(k) for k in kinds)
    if tied_n and t.state.phase == "action":
        own = _own_action(t)
        own_n = sum(own.assigned.get(k) for k in kinds) if own is not None else 0
        if tied_n > own_n:
            v.say("C2", f"{tied_n - own_n} {label} assigned to other planned Actions cannot pay.")
        if own is not None and own_n:
            # The rule names the resources of *other* planned Actions; those on the Action
            # being resolved are set aside for it (a Build's cost), which is our reading.
            name = own.action.replace("_", " ").capitalize()
            v.say("C2", f"{own_n} {label} on the Action being resolved ({name}, led by "
                  f"{own.pawns[0].capitalize()}) cannot pay either: the rule names other "
                  "planned Actions, and these are set aside for this one.", "derived")
    elif tied_n:
        # The rule ties resources up "during the Action Phase", the only phase with planned
        # Actions in the game. A table that has them in another phase is read as it shows them
        # (assigned, so not in Available Resources): that follows from the rule, it is not its
        # word. The panel asks whether the table is in fact in the Action Phase.
        # (Said alike whoever suffers: what the Action Phase would change is the victims by
        # phase, not a card's own, and the panel asks about the phase.)
        v.say("C2", f"{tied_n} {label} on planned Actions cannot pay: the rule ties up what is "
              "assigned to planned Actions in the Action Phase, and this table has planned "
              f"Actions in the {t.state.phase.capitalize()} Phase, so they are read as tied up "
              "all the same. If the table is in fact in the Action Phase, set it: the rule then "
              "applies in its own words, and who suffers is as it says.", "derived")
    if t.ctx.gained_this_action.get(pile) and not t.state.house_rules.same_action_gains_pay:
        v.say("R5", f"{label.capitalize()} gained earlier in this Action is still in Future "
              "Resources and cannot pay.")
    v.say("C1", f"{wanted - paid} {label} cannot be discarded: {plural(wanted - paid, 'unit')} "
          "of unfulfilled demand.")


def _own_action(t: Work) -> PlannedAction | None:
    """The open planned Action the resolving character leads, if exactly one: the Action being
    resolved, whose resources are its own, not another planned Action's."""
    who = t.ctx.resolver
    led = [a for a in t.state.planned_actions if not a.resolved and a.pawns[0] == who]
    return led[0] if who is not None and len(led) == 1 else None


def _share_shortfall(t: Work, v: Verdict, payers: list[FigureId], per_head: int,
                     missing: int) -> None:
    """An 'each' demand paid from a shared pile: who goes without (R1)."""
    if not missing:
        return
    if t.state.house_rules.shortfall_hurts_all:
        v.say("R1", f"House rule: every character suffers the whole shortfall of {missing}.")
        v.short_all(missing)
        return
    order = list(t.choices.short or reversed(payers))
    default = ",".join(reversed(payers))
    v.decisions.append(Decision(id="short", question="Who goes without?", options=tuple(
        Option(value=w, label=w) for w in payers), chosen=",".join(order), default=default))
    for who in order:
        if who in payers and missing:
            units = min(per_head, missing)
            v.short_one(who, units)
            missing -= units
            v.say("R1", f"{who.capitalize()} goes without and suffers {plural(units, 'Wound')}.")


def _determination(t: Work, demand: d.DiscardDetermination, v: Verdict) -> None:
    if demand.who == "each":
        payers: list[FigureId] = [w for w in v.victims if w != "jenny"]
        shorts = {w: _pay_determination(t, v, w, demand.amount) for w in payers}
        if t.state.house_rules.shortfall_hurts_all and any(shorts.values()):
            v.say("R1", "House rule: every character suffers every shortfall.")
            v.short_all(sum(shorts.values()))
            return
        for who, units in shorts.items():
            if units:
                v.say("R1", f"Only {who.capitalize()}, who is short, suffers "
                      f"{plural(units, 'Wound')}.")
            v.short_one(who, units)
        return
    holder = _holder(t, demand.who, v)
    v.victims = (holder,)
    acts_for = demand.who == "resolver" and t.state.phase != "action"
    v.why = ("G-named-victim", f"The card names who pays: {holder.capitalize()}" + (
        ", the First Player, since nobody resolves an Action in this phase." if acts_for
        else "."), "derived" if acts_for else None)
    v.short_one(holder, _pay_determination(t, v, holder, demand.amount))


def _holder(t: Work, who: str, v: Verdict) -> FigureId:
    if who == "first_player":
        holder: FigureId = t.state.first_player
    elif who == "resolver":
        # The one resolving the Action, whoever the demand's victims are (they may be
        # nobody, e.g. "in camp" with nobody there); outside the Action Phase, nobody
        # resolves an Action and the First Player acts for the group.
        holder = resolver(t.state, t.ctx) if t.state.phase == "action" else t.state.first_player
    else:
        holder = who  # type: ignore[assignment]
    if holder not in t.state.figures():
        raise RulingError(f"demands[{v.index}].who", f"{holder.capitalize()} is not at the "
                          "table: add them to the table or choose someone who is.")
    return holder


def _pay_determination(t: Work, v: Verdict, who: FigureId, amount: int) -> int:
    held = t.counter(who, "determination") if who != "jenny" else 0
    paid = min(held, amount)
    if paid:
        v.emit(t, PayDetermination(who, paid))
    v.pay(f"{who.capitalize()}'s Determination", amount, paid, "determination")
    v.say("C3" if paid == amount else "C1", f"{who.capitalize()} discards {paid} of "
          f"{plural(amount, 'Determination token')}"
          + ("." if paid == amount else f": {amount - paid} short."))
    return amount - paid


def _have_weapon(t: Work, demand: d.HaveWeapon, v: Verdict) -> None:
    level = t.level("weapon") + t.choices.weapon_bonus + _weapon_help(t, v)
    missing = max(0, demand.level - level)
    v.pay("Weapon level", demand.level, demand.level - missing, "level")
    _offer_bonus(t, v)
    # A card's "have Weapon N" is a demand like any other (C1), 1 Wound per missing level [D].
    if missing:
        v.say("C1", f"Weapon {level} of the {demand.level} demanded: "
              f"{plural(missing, 'level')} short.", "derived")
    else:
        v.say("C1", f"Weapon {level} meets the demand for {demand.level}.", "derived")
    v.short_all(missing)


def _offered(t: Work, v: Verdict, helps: list[Help]) -> list[Help]:
    """Put the helps to the players (never used for them, C4); the ones they chose to use."""
    if not helps:
        return []
    chosen = {n.strip().lower() for n in t.choices.use}
    used = [h for h in helps if h.name.lower() in chosen]
    v.decisions.append(Decision(id="use", question="Use " + " or ".join(
        f"{h.name} ({h.says})" for h in helps) + "?", options=tuple(
        Option(value=h.name, label=h.name) for h in helps),
        chosen=",".join(h.name for h in used), default=""))
    return used


def _weapon_helps(t: Work) -> list[Help]:
    """What could add to the Weapon for one fight or requirement: Old Machete and Poison (with
    the Pot built) among the Discovery tokens not used up yet, and the Saber."""
    # An Item flipped back by this effect stays usable for the rest of the round (§1.13).
    built = frozenset(i.name.strip().lower() for i in t.state.inventions if i.built)
    tokens = tokens_left(t.state.discovery_tokens, t.spent)
    return (helps_at(tokens, "discovery_tokens", "weapon", built)
            + helps_at(t.state.treasures, "treasures", "weapon", built))


def _weapon_help(t: Work, v: Verdict) -> int:
    """What the players choose to use for this fight or requirement: its Weapon bonus now; a
    Discovery token is discarded, the Saber costs 1 Wound to the one who fights and stays."""
    bonus = 0
    for h in _offered(t, v, _weapon_helps(t)):
        bonus += h.amount
        if h.spent:
            t.spent.append(next(n for n in t.state.discovery_tokens
                                if n.strip().lower() == h.name.lower()))
            v.say("G-use", f"The players use {h.name}: +{h.amount} Weapon for this; the token "
                  "is discarded.")
            continue
        who = v.victims[0] if v.victims else None
        if who is not None:
            v.wound(who, h.wounds)
            v.hurt_why = f"for using the {h.name}"
        v.say("G-use", f"The players use the {h.name}: +{h.amount} Weapon for this, and "
              + (f"{who.capitalize()} suffers {plural(h.wounds, 'Wound')} for it."
                 if who is not None else "nobody is there to suffer its Wound."))
    return bonus


def _offer_bonus(t: Work, v: Verdict) -> None:
    v.decisions.append(Decision(id="weapon_bonus", question="Use a temporary Weapon bonus "
                                "(an Item, Treasure or ability)?", options=(),
                                chosen=str(t.choices.weapon_bonus), default="0"))


def _reduce(t: Work, demand: d.Reduce, v: Verdict) -> None:
    track, amount = demand.track, demand.amount
    level = t.level(track)
    paid = min(level, amount)
    missing = amount - paid
    name = track.capitalize()
    v.pay(name, amount, paid, "track")
    if paid:
        v.emit(t, SetLevel(track, level - paid))
        v.say("C3", f"{name} goes from {level} to {level - paid}.")
    if track == "weapon":
        v.say("G-weapon-track", "The reduction comes off the board track, never off a "
              "temporary bonus.")
    if missing and track != "weapon" and not t.has_shelter():
        _reduce_without_shelter(t, demand, v, missing)
        return
    if missing:
        v.say("C1", f"{plural(missing, 'level')} cannot be removed: unfulfilled demand.")
    v.short_all(missing)


def _reduce_without_shelter(t: Work, demand: d.Reduce, v: Verdict, missing: int) -> None:
    if t.state.house_rules.no_shelter_reduction_ignored:
        v.say("R9", f"No Shelter: the {demand.track} reduction is ignored (house rule "
              "switched on).")
        return
    v.say("R9", f"No Shelter, {demand.track.capitalize()} at 0: {plural(missing, 'level')} "
          "cannot be removed, unfulfilled demand (no official ruling; this app's default).")
    v.short_all(missing)


def _increase(t: Work, demand: d.Increase, v: Verdict) -> None:
    if demand.track != "weapon" and not t.has_shelter():
        v.say("C12", f"No Shelter: the {demand.track.capitalize()} cannot rise; the instruction "
              "is ignored, with no penalty.")
        return
    level = t.level(demand.track)
    v.emit(t, SetLevel(demand.track, level + demand.amount))
    v.say("G-increase", f"{demand.track.capitalize()} rises from {level} to "
          f"{level + demand.amount}.")


def _lower_morale(t: Work, demand: d.LowerMorale, v: Verdict) -> None:
    morale = t.level("morale")
    new = max(MORALE_MIN, morale - demand.amount)
    if new != morale:
        v.emit(t, SetLevel("morale", new))
        v.say("G-morale", f"Morale goes from {SIGNED[morale]} to {SIGNED[new]}.")
    if morale - demand.amount < MORALE_MIN:
        v.say("C8", "Morale is at the lowest level: nothing more happens.")


def _camp_tile(t: Work) -> int | None:
    """The tile the camp is on: where this ruling moved it, or the tile the table marks."""
    if t.camp_tile is not None:
        return t.camp_tile
    return next((tile.id for tile in t.state.tiles if tile.camp), None)


def _cover(t: Work, demand: d.CoverSource, v: Verdict) -> None:
    kinds = ("food", "wood") if demand.source == "any" else (demand.source,)
    camp = _camp_tile(t) if demand.at_camp else None
    open_sources = [(tile.distance, tile.id, i, s.kind) for tile in t.state.tiles
                    if (tile.id == camp if demand.at_camp else demand.tile in (None, tile.id))
                    and (not demand.adjacent or tile.distance == 1)
                    for i, s in enumerate(tile.sources) if s.kind in kinds
                    and not t.is_exhausted(tile.id, i, s)]
    chosen = sorted(open_sources)[:demand.count]
    for _, tile_id, i, kind in chosen:
        v.emit(t, Cover(tile_id, i))
        v.say("C3", f"A black marker covers the {kind} source on tile {tile_id}.")
    missing = demand.count - len(chosen)
    what = "" if demand.source == "any" else f"{demand.source} "
    v.pay(f"{what}sources", demand.count, len(chosen), "source")
    if missing:
        camp_where = (f"on the camp's tile (tile {camp})" if camp else "on the camp's tile (no "
                      "tile on the table is marked as the camp)")
        where = (camp_where if demand.at_camp
                 else f"on tile {demand.tile}" if demand.tile else "on the tiles adjacent to "
                 "the camp" if demand.adjacent else "on the island")
        v.say("C14", f"No uncovered {what}source {where} for {plural(missing, 'marker')}: "
              "unfulfilled demand.")
        some = demand.count > 1 and chosen
        v.say("R16.several" if some else "R16.one", f"Each source that cannot be covered is 1 "
              f"unit of unfulfilled demand: {plural(missing, 'unit')} in all.")
    v.short_all(missing)


def _black_on_source(demand: d.PlaceMarker, space: str | None) -> d.CoverSource | None:
    """A black marker placed on a source ("tile-2-food") is that tile's source covered: it is
    ruled as `cover_source` on that tile, whether the tile is on the table or not."""
    found = source_space(space) if demand.marker == "black" else None
    if found is None:
        return None
    return d.CoverSource(kind="cover_source", source=found[1], tile=found[0],
                         if_possible=demand.if_possible, victims=demand.victims)


def _is_free(t: Work, demand: d.PlaceMarker, space: str) -> bool:
    """Whether a space can take the marker: a source's space takes a black marker while its
    source is on the table and uncovered; any other space, while it has no such marker."""
    found = source_space(space) if demand.marker == "black" else None
    if found is None:
        return demand.marker not in t.space(space).markers
    number, kind = found
    return any(tile.id == number and s.kind == kind and not t.is_exhausted(tile.id, i, s)
               for tile in t.state.tiles for i, s in enumerate(tile.sources))


def _place_token(t: Work, demand: d.PlaceToken, v: Verdict) -> None:
    if demand.token in t.space(demand.space).tokens:
        v.say("C13", f"An identical {demand.token} token is already on "
              f"{space_words(demand.space)}: no penalty.")
        return
    v.emit(t, Place(demand.space, demand.token, is_marker=False))
    v.say("G-token-place", f"The {demand.token} token goes on {space_words(demand.space)}.")


def _place_marker(t: Work, demand: d.PlaceMarker, v: Verdict) -> None:
    space = demand.space
    if space is None:  # the first eligible space without such a marker
        space = next((s for s in demand.spaces if _is_free(t, demand, s)), None)
        if space is None:
            v.say("C14", f"Every eligible space already holds a {demand.marker} marker: no "
                  "space is left, which is 1 unit of unfulfilled demand.", "derived")
            v.short_all(1)
            return
    source = _black_on_source(demand, space)
    if source is not None:  # one fact, one place: the tile's source is covered
        _cover(t, source, v)
        return
    if demand.marker in t.space(space).markers:
        v.say("C14", f"A {demand.marker} marker is already on {space_words(space)}: unlike a "
              "token, this is 1 unit of unfulfilled demand.")
        v.short_all(1)
        return
    v.emit(t, Place(space, demand.marker, is_marker=True))
    v.say("C3", f"The {demand.marker} marker goes on {space_words(space)}.")


def _lose_pawn(t: Work, demand: d.LosePawn, v: Verdict) -> None:
    losers = list(v.victims) if demand.who == "each" else [_holder(t, demand.who, v)]
    for who in losers:
        if t.state.character(who) is None:
            continue
        if t.counter(who, "pawns") <= 1:
            v.say("C10", f"{who.capitalize()} already has only 1 Action pawn: this is ignored.")
        else:
            v.emit(t, SetFigure(who, "pawns", 1))
            v.say("C3", f"{who.capitalize()} loses an Action pawn and has 1 left.")


def _lose_item(t: Work, demand: d.LoseItem, v: Verdict) -> None:
    items = [i for i in t.built_items() if not i.scenario]
    if not items:
        v.say("C1", "There is no Item to lose: 1 unit of unfulfilled demand.", "derived")
        v.short_all(1)
        return
    wanted = demand.item or t.choices.item or items[0].name
    item = next((i for i in items if i.name == wanted), None)
    if item is None:
        raise RulingError(f"demands[{v.index}].item", f"“{wanted}” is not a built Item: "
                          "choose one of the Items built on the table.")
    if demand.item is None:
        v.decisions.append(Decision(id="item", question="Which Item is lost?", options=tuple(
            Option(value=i.name, label=i.name) for i in items), chosen=item.name,
            default=items[0].name))
    v.emit(t, FlipItem(item.name))
    v.say("C11", f"{item.name} flips back to its Invention side.")
    _revert(t, item.benefits, v)


def _revert(t: Work, benefits: Any, v: Verdict) -> None:
    for b in benefits:
        if b.kind == "resource":
            label = resource_label(b.resource)
            paid = _take(t, v, b.resource, b.amount, "C11",
                         f"Revert the {b.amount} {label} it gave: discard {{paid}}.")
            v.pay(f"{label} (reverted)", b.amount, paid)
            if paid < b.amount:
                v.say("C11", f"{b.amount - paid} of the {b.amount} {label} it gave cannot be "
                      "reverted; that costs nothing more.")
        elif b.kind == "track":
            level = t.level(b.track)
            paid = min(level, b.amount)
            if paid:
                v.emit(t, SetLevel(b.track, level - paid))
            name = b.track.capitalize()
            v.pay(f"{name} (reverted)", b.amount, paid, "track")
            v.say("C11", f"Revert {name} +{b.amount}: {name} {level} to {level - paid}"
                  + ("." if paid == b.amount else "; the rest costs nothing."))
        else:
            v.say("C11", f"Its ability is gone: {b.text or 'no longer in effect'}.")


def _halve(t: Work, demand: d.Halve, v: Verdict) -> None:
    value = _value_of(t, demand.target)
    if value == 0:
        v.say("C16", f"{demand.target.capitalize()} is 0 and cannot be halved: unfulfilled "
              "demand.")
        v.say("R8.zero", "Halving 0 is 1 unit of unfulfilled demand.")
        v.short_all(1)
        return
    keep = ceil(value / 2)
    if keep == value:
        v.say("R8.keep-one", f"{demand.target.capitalize()} is 1 and stays 1: halved as "
              "instructed, no penalty.")
        return
    what = demand.target.capitalize() if demand.target in TRACK_NAMES else demand.target
    v.say("R8.round-up", f"Halve the {demand.target}: {what} {value} to {keep} (half, rounded "
          "up).")
    _lose_value(t, demand.target, value - keep, v)


def _value_of(t: Work, target: str) -> int:
    if target == "food":
        return t.food()
    if target in ("wood", "fur"):
        return t.payable(target)  # type: ignore[arg-type]
    return t.level(target)


def _lose_value(t: Work, target: str, amount: int, v: Verdict) -> None:
    if target in ("food", "wood", "fur"):
        _take(t, v, target, amount)
    else:
        v.emit(t, SetLevel(target, _value_of(t, target) - amount))  # type: ignore[arg-type]
    v.pay(target, amount, amount, "resource" if target in ("food", "wood", "fur") else "track")


def _combat(t: Work, demand: d.Combat, v: Verdict) -> None:
    weapon = t.level("weapon")
    fighting = weapon + t.choices.weapon_bonus + _weapon_help(t, v)
    wounds = max(0, demand.strength - fighting)
    _offer_bonus(t, v)
    if t.choices.weapon_bonus:
        v.say("R14", f"The players use a temporary Weapon bonus of {t.choices.weapon_bonus}: "
              f"Weapon {weapon} fights as {fighting}.")
    v.say("G-combat", f"Strength {demand.strength} against Weapon {fighting}: "
          f"{plural(wounds, 'Wound')} from the fight.")
    v.hurt_why = "from the fight and the Saber" if v.hurt else "from the fight"
    if wounds:
        for who in v.victims:
            v.wound(who, wounds)
    if demand.weapon_loss:
        _weapon_loss(t, demand, v, weapon)
    _combat_gains(t, demand, v)


def _weapon_loss(t: Work, demand: d.Combat, v: Verdict, weapon: int) -> None:
    beast = demand.beast or "The Beast"
    lost = min(weapon, demand.weapon_loss)
    missing = demand.weapon_loss - lost
    v.pay("Weapon", demand.weapon_loss, lost, "track")
    if lost:
        v.emit(t, SetLevel("weapon", weapon - lost))
    v.say("G-combat-weapon", f"{beast} takes {demand.weapon_loss} off the Weapon "
          f"track: {weapon} to {weapon - lost}" + (
              f"; {plural(missing, 'level')} short, unfulfilled demand." if missing else "."))
    v.short_all(missing)


def _combat_gains(t: Work, demand: d.Combat, v: Verdict) -> None:
    """The Beast's food and fur, after the fight (docs/rules/reference.md §3, step 4)."""
    _gain_all(t, v, {k: n for k, n in (("food", demand.food), ("fur", demand.fur)) if n})


def _gain_all(t: Work, v: Verdict, gained: dict[str, int]) -> None:
    """The players gain these resources, where the phase puts them (G-gains)."""
    gained = {k: n for k, n in gained.items() if n}
    if not gained:
        return
    for kind, amount in gained.items():
        v.gain(t, kind, amount)  # type: ignore[arg-type]
    where = ("in Future Resources: what the Action Phase gains waits there until its end"
             if t.state.phase == "action" else "in Available Resources: outside the Action "
             "Phase, gains go there at once")
    v.say("G-gains", f"The players gain {amounts_text(gained)} {where}.")


def _weather(t: Work, demand: d.WeatherClouds, v: Verdict) -> None:
    missing = 0
    if demand.snow:
        v.say("G-weather", f"Snow: {plural(demand.snow, 'cloud')}, {demand.snow} wood to discard.")
        paid = _take(t, v, "wood", demand.snow, "G-weather", "Snow: discard {paid}.")
        v.pay("wood (snow)", demand.snow, paid)
        missing += demand.snow - paid
    rain = demand.rain
    # A token used up by an earlier demand of the same card is no longer there to use.
    left = tokens_left(t.state.discovery_tokens, t.spent)
    leaves = helps_at(left, "discovery_tokens", "rain_cloud") if rain else []
    for h in _offered(t, v, leaves):
        ignored = min(rain, h.amount)
        rain -= ignored
        t.spent.append(next(n for n in t.state.discovery_tokens
                            if n.strip().lower() == h.name.lower()))
        v.say("G-use", f"The players use {h.name}: {plural(ignored, 'rain cloud')} ignored; the "
              "token is "
              "discarded.")
    clouds = rain + demand.snow
    roof = t.level("roof")
    n = max(0, clouds - roof)
    v.say("G-weather", f"Rain: {plural(clouds, 'cloud')} against Roof {roof}: {n} food and "
          f"{n} wood to discard.")
    if n:
        food = _take(t, v, "food", n, "G-weather", "Rain: discard {paid}.")
        wood = _take(t, v, "wood", n, "G-weather", "Rain: discard {paid}.")
        v.pay("food (rain)", n, food)
        v.pay("wood (rain)", n, wood)
        missing += 2 * n - food - wood
    if missing:
        v.say("C1", f"{plural(missing, 'resource')} short: unfulfilled demand.")
    v.short_all(missing)


def _night_eating(t: Work, demand: d.NightEating, v: Verdict) -> None:
    # "A character outside the camp can only eat food from their own character sheet" (Night
    # Phase, step 1 Eat; docs/rules/reference.md section 2, sources R and RB1-outside): the
    # camp's food is shared out among those in the camp only, so the choice of who eats offers
    # no one else.
    inside = tuple(who for who in v.victims if _eats_in_camp(t, who))
    outside = [who for who in v.victims if who not in inside]
    # Each eats 1 food (either kind, R12): who eats is a choice only when the camp's food is
    # short for those in the camp; with enough, everyone in the camp eats, whatever was chosen,
    # and with none, no one can, so there is nothing to choose either.
    short = 0 < t.food() < len(inside)
    eaters = [who for who in (t.choices.fed or inside) if who in inside] if short else list(inside)
    if short:
        away = ""
        if outside:
            away = f" ({join(outside)}, outside the camp, cannot eat it.)"
        v.decisions.append(Decision(
            id="fed", question=f"Who eats the camp's food, when it is short?{away}",
            options=tuple(Option(value=w, label=w) for w in inside), chosen=",".join(eaters),
            default=",".join(inside)))
    if t.state.friday is not None:
        v.say("R2.weather-night", "Friday does not eat at Night.")
    for who in outside:
        v.say("G-night-eat", f"{who.capitalize()} is outside the camp: cannot eat the camp's "
              "food, only food carried on the character sheet.")
    for who in v.victims:
        if _feed(t, who, who in eaters, v):
            continue
        v.wound(who, 2)
        v.hurt_why = "from hunger"
        v.say("C15", f"{who.capitalize()} cannot eat and suffers 2 Wounds. This is not "
              "unfulfilled demand.")


def _feed(t: Work, who: FigureId, may_eat: bool, v: Verdict) -> bool:
    found = t.state.character(who)
    if found is not None and not found.in_camp:
        carried = t.counter(who, "sheet_food")
        if carried:
            v.emit(t, SetFigure(who, "sheet_food", carried - 1))
            v.say("G-night-eat", f"{who.capitalize()}, outside the camp, eats food carried on "
                  "the sheet.")
            return True
        v.say("G-night-eat", f"{who.capitalize()} is outside the camp with no food on the "
              "character sheet, so goes hungry.")
        return False
    if may_eat and _take(t, v, "food", 1, "G-night-eat", f"{who.capitalize()} eats {{paid}}."):
        v.pay(f"food for {who.capitalize()}", 1, 1)
        return True
    return False


# The 1st edition's exception (docs/rules/reference.md, Night Phase step 3, source
# RB1-outside): the ruling follows the 2nd edition's rulebook and says where the 1st differs,
# so that a table playing the 1st edition is not told "Official" without a word on it.
FIRST_EDITION_OUTSIDE = (" In the 1st edition, a character outside the camp who explored a "
                         "tile with a Shelter this round avoids this Wound.")


def _night_no_shelter(t: Work, demand: d.NightNoShelter, v: Verdict) -> None:
    if t.has_shelter():
        _night_outside(t, v)
        return
    for who in v.victims:
        v.wound(who, 1)
    v.hurt_why = "for the night without a Shelter"
    away = any(not t.is_in_camp(who) for who in v.victims)
    v.say("G-night-shelter", "No Shelter: each character suffers 1 Wound (not unfulfilled "
          "demand)." + (FIRST_EDITION_OUTSIDE if away else ""))


def _night_outside(t: Work, v: Verdict) -> None:
    """"Characters outside the camp also take this Wound": the camp's Shelter is not theirs."""
    outside = tuple(who for who in v.victims if not t.is_in_camp(who))
    if not outside:
        v.say("G-night-shelter", "The Shelter protects everyone in the camp tonight.")
        return
    v.victims, v.why = outside, None
    for who in outside:
        v.wound(who, 1)
    v.hurt_why = "for the night outside the camp"
    names = join(list(outside))
    v.say("G-night-shelter", f"The Shelter protects only those in the camp: {names}, outside "
          "the camp, " + ("suffers" if len(outside) == 1 else "each suffer") + " 1 Wound (not "
          "unfulfilled demand)." + FIRST_EDITION_OUTSIDE)


def _children(t: Work, demand: d.ChildrenFood, v: Verdict) -> None:
    if t.state.scenario != 6:
        raise RulingError(f"demands[{v.index}]", "The children eat only in scenario 6 (Family "
                          "Robinson): set the scenario to 6.")
    need = demand.amount if demand.amount is not None else CHILDREN_FOOD.get(t.state.round, 0)
    v.victims = ()
    v.say("R11.need", f"Round {t.state.round}: the children need {need} food.")
    share = _children_share(t, v, need)
    if share < need:
        v.say("C17", f"Only {share} food for the children: the game is lost at once. No "
              "Wounds are suffered instead.")
        v.lose(t, f"The children could not be fed ({share} of {need} food).")
        return
    paid = _take(t, v, "food", need, "R11.need", "The children eat {paid}.")
    v.pay("food for the children", need, paid)


def _children_share(t: Work, v: Verdict, need: int) -> int:
    """The food left for the children after the players' chosen split (R11)."""
    eaters = sum(1 for who in all_characters(t.state) if _eats_in_camp(t, who))
    first = t.choices.children_first
    v.decisions.append(Decision(id="children_first", question="Who eats first: the children "
                                "or the characters?", options=(
        Option(value="true", label="The children (suggested)"),
        Option(value="false", label="The characters")),
        chosen=str(first).lower(), default="true"))
    food = t.food()
    if need <= food < need + eaters:
        left = food - need
        v.say("R11.split", f"{food} food cannot feed the children ({need}) and "
              f"{plural(eaters, 'character')}: " + (
                  f"the children eat first, which leaves {left} food for the characters; "
                  "each character left without food at Night suffers 2 Wounds." if first
                  else "feeding the characters first leaves the children short."))
    return food if first else max(0, food - eaters)


def _eats_in_camp(t: Work, who: FigureId) -> bool:
    found = t.state.character(who)
    return found is None or found.in_camp


def _morale_phase(t: Work, demand: d.MoralePhase, v: Verdict) -> None:
    fp = t.state.first_player
    level = t.level("morale")
    space = morale_track().space(level)
    v.victims = (fp,)
    v.why = ("G-morale-phase", f"Only the First Player ({fp.capitalize()}) is concerned.", None)
    v.say("R7", f"Morale {level:+d}: the space says {space.determination:+d} "
          f"{noun(space.determination, 'Determination token')}"
          + (f" or heal {plural(space.or_heal, 'Wound')}" if space.or_heal else "")
          + " (values from the app's Morale track data).")
    if space.determination < 0:
        v.short_one(fp, _pay_determination(t, v, fp, -space.determination))
        return
    if space.or_heal:
        _morale_top(t, v, fp, space.determination, space.or_heal)
        return
    if space.determination:
        v.emit(t, GainDetermination(fp, space.determination))
        v.say("G-morale-phase", f"{fp.capitalize()} gains "
              f"{plural(space.determination, 'Determination token')}.")


def _morale_top(t: Work, v: Verdict, fp: FigureId, tokens: int, heal: int) -> None:
    v.decisions.append(Decision(id="morale_top", question="Morale at the top: tokens or "
                                "healing?", options=(
        Option(value="tokens", label=f"Take {plural(tokens, 'Determination token')}"),
        Option(value="heal", label=f"Heal {plural(heal, 'Wound')}")),
        chosen=t.choices.morale_top, default="tokens"))
    if t.choices.morale_top == "heal":
        wounds = t.counter(fp, "wounds")
        v.emit(t, SetFigure(fp, "wounds", max(0, wounds - heal)))
        v.say("G-morale-phase", f"{fp.capitalize()} heals: Wounds {wounds} to "
              f"{max(0, wounds - heal)}.")
        return
    v.emit(t, GainDetermination(fp, tokens))
    v.say("G-morale-phase", f"{fp.capitalize()} takes {plural(tokens, 'Determination token')}.")


def _card_wounds(t: Work, demand: d.SufferWounds, v: Verdict) -> None:
    # C5 names the victims of unfulfilled demand; a card's own Wounds that name nobody follow
    # it by reading (derived). A card that names them (G-named-victim) is its own word.
    if v.why is not None and v.why[0] == "C5":
        v.why = (v.why[0], v.why[1], "derived")
    for who in v.victims:
        v.wound(who, demand.amount)
    v.hurt_why = "from the card"
    v.say("G-card-wounds", f"The card deals {plural(demand.amount, 'Wound')} to each victim; "
          "this is not unfulfilled demand.")


def _discard_any(t: Work, demand: d.DiscardAny, v: Verdict) -> None:
    """"Discard N of wood or food": the players pick which kinds pay (C3: what can be, must)."""
    picked = [k for k in t.choices.pick or () if k in demand.of]
    order = picked + [k for k in demand.of if k not in picked]
    v.decisions.append(Decision(id="pick", question="Which resources pay?", options=tuple(
        Option(value=k, label=resource_label(k)) for k in demand.of),
        chosen=",".join(order), default=",".join(demand.of)))
    v.say("C3", f"The players choose which of {_either(demand.of)} pay, in this order: "
          f"{', '.join(resource_label(k) for k in order)}.")
    left = demand.amount
    for kind in order:
        if left:
            left -= _take(t, v, kind, left)
    v.pay(_either(demand.of), demand.amount, demand.amount - left)
    if left:
        v.say("C1", f"{left} of the {demand.amount} cannot be discarded: "
              f"{plural(left, 'unit')} of unfulfilled demand.")
    v.short_all(left)


def _either(kinds: tuple[ResourceKind, ...]) -> str:
    labels = [resource_label(k) for k in kinds]
    return ", ".join(labels[:-1]) + " or " + labels[-1]


def _halve_gain(t: Work, demand: d.HalveGain, v: Verdict) -> None:
    full = {k: n for k, n in (("food", demand.food), ("wood", demand.wood),
                              ("fur", demand.fur)) if n}
    total = sum(full.values())
    half = total // 2
    v.victims = ()
    v.say("R8.gain", f"The gain is halved, rounded down: {total} becomes {half}. This is not a "
          "demand: nothing is owed.")
    _gain_all(t, v, _gain_mix(t, v, full, half))


def _gain_mix(t: Work, v: Verdict, full: dict[str, int], half: int) -> dict[str, int]:
    """What the halved gain gives: the players' mix, or by default food, then wood, then fur."""
    default: dict[str, int] = {}
    left = half
    for kind, n in full.items():
        default[kind] = min(n, left)
        left -= default[kind]
    mix = default
    chosen = t.choices.gain_mix
    if chosen is not None:
        mix = {k: chosen.get(k) for k in ("food", "wood", "fur")}  # type: ignore[arg-type]
        if sum(mix.values()) != half or any(n > full.get(k, 0) for k, n in mix.items()):
            raise RulingError("choices.gain_mix", f"The chosen mix must add up to {half}, with "
                              "no more of a kind than the full gain gives.")
    if len(full) > 1:
        v.decisions.append(Decision(id="gain_mix", question="Which resources does the halved "
                                    "gain give?", options=(), chosen=_mix_text(mix),
                                    default=_mix_text(default)))
    return mix


def _mix_text(mix: dict[str, int]) -> str:
    return ",".join(f"{k}:{n}" for k, n in mix.items() if n) or "nothing"


def _adventure(t: Work, demand: d.AdventureCard, v: Verdict) -> None:
    if t.state.phase != "action":
        raise RulingError(f"demands[{v.index}]", "An Adventure card is drawn while an Action "
                          "is resolved: set the phase to the Action Phase.")
    who = resolver(t.state, t.ctx)
    if who != "friday":
        v.say("G-adventure", f"{who.capitalize()} draws the Adventure card and resolves it: "
              "what the card asks is a new question. Drawing it is not a demand.")
        return
    v.victims, v.why = ("friday",), None
    v.wound("friday", 1)
    v.hurt_why = "instead of drawing the Adventure card"
    v.say("G-adventure", "Friday, resolving the Action alone, draws no Adventure card: he "
          "suffers 1 Wound instead. This is not unfulfilled demand.")


def _requirement(t: Work, demand: d.Requirement, v: Verdict) -> None:
    what = demand.text or (f"Weapon {demand.weapon}" if demand.weapon else "its requirement")
    met = ""
    if demand.weapon is not None:
        level = t.level("weapon")
        met = (f" The Weapon level is {level}: " + ("met." if level >= demand.weapon else
                                                   "not met, so the Action cannot be planned."))
    v.say("G-requirement", f"A planning requirement ({what}) is not a demand: an Action whose "
          f"requirement is not met cannot be planned, and nobody suffers.{met}")


def _move_camp(t: Work, demand: d.MoveCamp, v: Verdict) -> None:
    new_natural = False
    if demand.tile is not None:
        tile = next((x for x in t.state.tiles if x.id == demand.tile), None)
        if tile is None:
            raise RulingError(f"demands[{v.index}].tile", f"Tile {demand.tile} is not on the "
                              "table: add it, or leave the new camp tile unnamed.")
        new_natural = tile.natural_shelter
        v.emit(t, MoveCampTo(demand.tile))
    roof, palisade = t.level("roof"), t.level("palisade")
    if t.shelter == "natural":
        v.emit(t, SetLevel("roof", 0))
        v.emit(t, SetLevel("palisade", 0))
        v.emit(t, SetShelter("natural" if new_natural else "none"))
        v.say("G-move-camp", f"Moving the camp loses the natural Shelter: Roof {roof} to 0, "
              f"Palisade {palisade} to 0" + ("; the new tile's natural Shelter shelters the "
                                            "camp, from 0." if new_natural else "."))
    elif t.shelter == "built":
        keep_roof, keep_palisade = ceil(roof / 2), ceil(palisade / 2)
        v.emit(t, SetLevel("roof", keep_roof))
        v.emit(t, SetLevel("palisade", keep_palisade))
        v.say("G-move-camp", "The built Shelter moves with the camp; Roof and Palisade keep "
              f"half, rounded up: Roof {roof} to {keep_roof}, Palisade {palisade} to "
              f"{keep_palisade}.")
    elif new_natural:
        v.emit(t, SetShelter("natural"))
        v.say("G-move-camp", "There was no Shelter; the new tile's natural Shelter shelters "
              "the camp.")
    else:
        v.say("G-move-camp", "There is no Shelter to move: nothing is lost.")
    v.say("G-move-camp", "Moving the camp is not a demand: nobody suffers for it.")


def _s7_palisade(t: Work, demand: d.PalisadeRedDie, v: Verdict) -> None:
    if t.state.scenario != 7:
        raise RulingError(f"demands[{v.index}]", "This is scenario 7's rule (King Kong Island): "
                          "set the scenario to 7, or ask for a Palisade reduction instead.")
    level = t.level("palisade")
    paid = min(level, demand.amount)
    v.pay("Palisade", demand.amount, paid, "track")
    if paid:
        v.emit(t, SetLevel("palisade", level - paid))
        v.say("C3", f"Palisade goes from {level} to {level - paid}.")
    if paid == demand.amount:
        return
    v.victims, v.why = all_characters(t.state), None
    v.say("G-s7-palisade", "The red die would take the Palisade below 0: scenario 7 replaces "
          "the usual shortfall. Each character suffers 1 Wound, Morale falls by 1 and the "
          "lowest-numbered film-crew member dies; this still counts as unfulfilled demand.")
    v.short_all(1)
    _lower_morale(t, d.LowerMorale(kind="lower_morale", amount=1), v)
    if t.crew:
        dies = min(t.crew)
        v.emit(t, CrewDies(dies))
        v.say("G-s7-palisade", f"Film-crew member {dies} dies.")
    else:
        v.say("G-s7-palisade", "No film-crew member is left to die.")


JUDGES: dict[str, Callable[[Work, Any, Verdict], None]] = {
    "discard": _discard,
    "discard_determination": _determination,
    "have_weapon": _have_weapon,
    "reduce": _reduce,
    "increase": _increase,
    "lower_morale": _lower_morale,
    "cover_source": _cover,
    "place_token": _place_token,
    "place_marker": _place_marker,
    "lose_pawn": _lose_pawn,
    "lose_item": _lose_item,
    "halve": _halve,
    "combat": _combat,
    "weather_clouds": _weather,
    "night_eating": _night_eating,
    "night_no_shelter": _night_no_shelter,
    "children_food": _children,
    "morale_phase": _morale_phase,
    "wounds": _card_wounds,
    "discard_any": _discard_any,
    "halve_gain": _halve_gain,
    "adventure": _adventure,
    "requirement": _requirement,
    "move_camp": _move_camp,
    "s7_palisade": _s7_palisade,
}
