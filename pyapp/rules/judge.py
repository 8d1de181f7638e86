"""Judge one demand against the table: what is paid, what is short, who is hurt, and why."""

from __future__ import annotations

from collections.abc import Callable
from math import ceil
from typing import Any

from . import demands as d
from .catalogue import invention_card
from .clauses import certainty_of
from .errors import RulingError
from .events import (
    Cover,
    CrewDies,
    DiscardCard,
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
from .i18n import N_, _, n_
from .morale import morale_track
from .names import game_name
from .ruling import Decision, Option, resource_label
from .state import MORALE_MIN, FigureId, PlannedAction, ResourceKind, source_space, space_words
from .verdict import Ledger, Verdict
from .victims import NO_RESOLVER, all_characters, resolver
from .words import (
    DECK_NAMES,
    and_list,
    capital,
    card_count,
    marker_name,
    or_chain,
    or_list,
    phase_name,
    resource_count,
    resource_words,
    role_name,
    token_name,
    track_lower,
    track_words,
)
from .work import Work, tokens_left
from .wounds import SIGNED, join

TRACK_NAMES = frozenset({"roof", "palisade", "weapon"})
CHILDREN_FOOD = {7: 2, 8: 2, 9: 3, 10: 3, 11: 4, 12: 4}  # R11


def judge(w: Work, ledger: Ledger, demand: d.Demand, index: int) -> Verdict:
    """Judge one demand on the working table: its victims, then what its kind asks."""
    v = Verdict(ledger, index, *w.victims_of(demand))
    v.if_possible = demand.if_possible
    JUDGES[demand.kind](w, demand, v)
    if demand.if_possible and (v.shortfall or v.pending):
        v.say("C9", n_("'If possible': the {n} unit that could not be done cost nothing.",
                       "'If possible': the {n} units that could not be done cost nothing.",
                       v.units()))
        v.shortfall.clear()
        v.pending = 0
    if v.pending:  # someone must suffer, and only the resolving figure can (C6)
        raise RulingError("context.resolver", _(NO_RESOLVER))
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
    if not demand.each or v.if_possible:  # 'if possible': C9 cancels it (`judge`)
        v.short_all(missing)
        return
    per_head = sum(n for _kind, n in demand.wanted())
    _share_shortfall(t, v, payers, per_head, missing)


# Food is discarded last, since it may be paid with either kind of food (R12).
DISCARD_ORDER: tuple[str, ...] = ("nonperishable_food", "perishable_food", "wood", "fur", "food")


def _must(paid: str) -> str:
    return _("Discard what there is: {paid}.", paid=paid)


def _take(t: Work, v: Verdict, kind: ResourceKind | str, amount: int, cite: str = "C3",
          says: Callable[[str], str] = _must) -> int:
    """Discard up to `amount`; `food` takes either kind of food (R12). One step, citing
    `cite`, says what was discarded, kind by kind (`says` is given it: "1 food and 1
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
        paid, what = event.amount, resource_count(event.resource, event.amount)
        either = kind == "food" and event.resource == "nonperishable_food"
    else:
        by_kind: dict[str, int] = {}
        for e in events:
            by_kind[e.resource] = by_kind.get(e.resource, 0) + e.amount  # type: ignore[union-attr]
        paid, what = sum(by_kind.values()), amounts_text(by_kind)
        either = kind == "food" and "nonperishable_food" in by_kind
    # Any food demand may be paid with either kind of food (docs/rules/reference.md §1.1, [D]).
    either = either and certainty_of(cite) == "stated"
    v.say(cite, says(what), "derived" if either else None)
    for e in events:
        if e.from_future:  # type: ignore[union-attr]
            v.say("R5", _("{what} gained earlier in this Action pays (house rule switched on).",
                          what=resource_count(e.resource, e.amount)))  # type: ignore[union-attr]
    return paid


def amounts_text(by_kind: dict[str, int]) -> str:
    """{"food": 1, "wood": 2} -> "1 food and 2 wood", in the order given."""
    return and_list([resource_count(k, n) for k, n in by_kind.items() if n])


def _food_choice(t: Work, v: Verdict) -> None:
    if v.decided("food_order"):
        return
    order = t.choices.food_order
    v.decisions.append(Decision(id="food_order", question=_("Which food pays?"), options=(
        Option(value="perishable_first", label=_("Food first (it spoils at Night)")),
        Option(value="nonperishable_first", label=_("Non-perishable food first"))),
        chosen=order, default="perishable_first"))
    v.say("R12", _("The players choose which food pays: food first, since it spoils at Night.")
          if order == "perishable_first" else
          _("The players choose which food pays: non-perishable food first, as they chose."))


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
            v.say("C2", _("{n} {what} assigned to other planned Actions cannot pay.",
                          n=tied_n - own_n, what=label))
        if own is not None and own_n:
            # The rule names the resources of *other* planned Actions; those on the Action
            # being resolved are set aside for it (a Build's cost), which is our reading.
            name = own.action.replace("_", " ").capitalize()
            v.say("C2", _("{n} {what} on the Action being resolved ({action}, led by {who}) "
                          "cannot pay either: the rule names other planned Actions, and these "
                          "are set aside for this one.", n=own_n, what=label, action=name,
                          who=role_name(own.pawns[0])), "derived")
    elif tied_n:
        # The rule ties resources up "during the Action Phase", the only phase with planned
        # Actions in the game. A table that has them in another phase is read as it shows them
        # (assigned, so not in Available Resources): that follows from the rule, it is not its
        # word. The panel asks whether the table is in fact in the Action Phase.
        # (Said alike whoever suffers: what the Action Phase would change is the victims by
        # phase, not a card's own, and the panel asks about the phase.)
        v.say("C2", _("{n} {what} on planned Actions cannot pay: the rule ties up what is "
                      "assigned to planned Actions in the Action Phase, and this table has "
                      "planned Actions in the {phase} Phase, so they are read as tied up all "
                      "the same. If the table is in fact in the Action Phase, set it: the rule "
                      "then applies in its own words, and who suffers is as it says.",
                      n=tied_n, what=label, phase=phase_name(t.state.phase)), "derived")
    if t.ctx.gained_this_action.get(pile) and not t.state.house_rules.same_action_gains_pay:
        v.say("R5", _("{what} gained earlier in this Action is still in Future Resources and "
                      "cannot pay.", what=label.capitalize()))
    v.short_say("C1", n_("{n} {what} cannot be discarded: {n} unit of unfulfilled demand.",
                         "{n} {what} cannot be discarded: {n} units of unfulfilled demand.",
                         wanted - paid, what=label),
                _("{n} {what} cannot be discarded.", n=wanted - paid, what=label))


def _own_action(t: Work) -> PlannedAction | None:
    """The open planned Action the resolving character leads, if exactly one: the Action being
    resolved, whose resources are its own, not another planned Action's."""
    who = t.ctx.resolver
    led = [a for a in t.state.planned_actions if not a.resolved and a.pawns[0] == who]
    return led[0] if who is not None and len(led) == 1 else None


def _share_shortfall(t: Work, v: Verdict, payers: list[FigureId], per_head: int,
                     missing: int) -> None:
    """An 'each' demand paid from a shared pile: who goes without (R1). 'If possible', no one
    does: C9 cancels the shortfall (`judge`)."""
    if not missing or v.if_possible:
        return
    if t.state.house_rules.shortfall_hurts_all:
        v.say("R1", _("House rule: every character suffers the whole shortfall of {n}.",
                      n=missing))
        v.short_all(missing)
        return
    order = list(t.choices.short or reversed(payers))
    default = ",".join(reversed(payers))
    v.decisions.append(Decision(id="short", question=_("Who goes without?"), options=tuple(
        Option(value=w, label=w) for w in payers), chosen=",".join(order), default=default))
    for who in order:
        if who in payers and missing:
            units = min(per_head, missing)
            v.short_one(who, units)
            missing -= units
            v.say("R1", n_("{who} goes without and suffers {n} Wound.",
                           "{who} goes without and suffers {n} Wounds.", units,
                           who=role_name(who)), names=(who,))


def _determination(t: Work, demand: d.DiscardDetermination, v: Verdict) -> None:
    if demand.who == "each":
        payers: list[FigureId] = [w for w in v.victims if w != "jenny"]
        shorts = {w: _pay_determination(t, v, w, demand.amount) for w in payers}
        if v.if_possible:  # C9 cancels the shortfall (`judge`): no one suffers for it
            v.short_all(sum(shorts.values()))
            return
        if t.state.house_rules.shortfall_hurts_all and any(shorts.values()):
            v.say("R1", _("House rule: every character suffers every shortfall."))
            v.short_all(sum(shorts.values()))
            return
        for who, units in shorts.items():
            if units:
                v.say("R1", n_("Only {who}, who is short, suffers {n} Wound.",
                               "Only {who}, who is short, suffers {n} Wounds.", units,
                               who=role_name(who)), names=(who,))
            v.short_one(who, units)
        return
    holder = _holder(t, demand.who, v)
    v.victims = (holder,)
    acts_for = demand.who == "resolver" and t.state.phase != "action"
    v.why = ("G-named-victim", _(
        "The card names who pays: {who}, the First Player, since nobody resolves an Action "
        "in this phase.", who=role_name(holder)) if acts_for else _(
        "The card names who pays: {who}.", who=role_name(holder)),
        "derived" if acts_for else None)
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
        raise RulingError(f"demands[{v.index}].who", _(
            "{who} is not at the table: add them to the table or choose someone who is.",
            who=role_name(holder)))
    return holder


def _pay_determination(t: Work, v: Verdict, who: FigureId, amount: int) -> int:
    held = t.counter(who, "determination") if who != "jenny" else 0
    paid = min(held, amount)
    if paid:
        v.emit(t, PayDetermination(who, paid))
    v.pay(_("{who}'s Determination", who=role_name(who)), amount, paid, "determination")
    v.say("C3" if paid == amount else "C1", n_(
        "{who} discards {paid} of {n} Determination token.",
        "{who} discards {paid} of {n} Determination tokens.", amount, who=role_name(who),
        paid=paid) if paid == amount else n_(
        "{who} discards {paid} of {n} Determination token: {short} short.",
        "{who} discards {paid} of {n} Determination tokens: {short} short.", amount,
        who=role_name(who), paid=paid, short=amount - paid))
    return amount - paid


def _have_weapon(t: Work, demand: d.HaveWeapon, v: Verdict) -> None:
    level = t.level("weapon") + t.choices.weapon_bonus + _weapon_help(t, v)
    missing = max(0, demand.level - level)
    v.pay(_("Weapon level"), demand.level, demand.level - missing, "level")
    _offer_bonus(t, v)
    # A card's "have Weapon N" is a demand like any other (C1), 1 Wound per missing level [D].
    if missing:
        v.say("C1", n_("Weapon {level} of the {wanted} demanded: {n} level short.",
                       "Weapon {level} of the {wanted} demanded: {n} levels short.", missing,
                       level=level, wanted=demand.level), "derived")
    else:
        v.say("C1", _("Weapon {level} meets the demand for {wanted}.", level=level,
                      wanted=demand.level), "derived")
    v.short_all(missing)


def _offered(t: Work, v: Verdict, helps: list[Help]) -> list[Help]:
    """Put the helps to the players (never used for them, C4); the ones they chose to use."""
    if not helps:
        return []
    chosen = {n.strip().lower() for n in t.choices.use}
    used = [h for h in helps if h.name.lower() in chosen]
    v.decisions.append(Decision(id="use", question=_("Use {helps}?", helps=or_chain(
        [_("{name} ({says})", name=game_name(h.name), says=_(h.says)) for h in helps])),
        options=tuple(Option(value=h.name, label=game_name(h.name)) for h in helps),
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
            v.say("G-use", _("The players use {name}: +{n} Weapon for this; the token is "
                             "discarded.", name=game_name(h.name), n=h.amount))
            continue
        who = v.victims[0] if v.victims else None
        if who is None:
            v.say("G-use", _("The players use the {name}: +{bonus} Weapon for this, and nobody "
                             "is there to suffer its Wound.", name=game_name(h.name),
                             bonus=h.amount))
            continue
        v.wound(who, h.wounds)
        v.hurt_why = _("for using the {name}", name=game_name(h.name))
        v.hurt_cite = "G-use"
        v.say("G-use", n_("The players use the {name}: +{bonus} Weapon for this, and {who} "
                          "suffers {n} Wound for it.",
                          "The players use the {name}: +{bonus} Weapon for this, and {who} "
                          "suffers {n} Wounds for it.", h.wounds, name=game_name(h.name),
                          bonus=h.amount, who=role_name(who)), names=(who,))
    return bonus


def _offer_bonus(t: Work, v: Verdict) -> None:
    v.decisions.append(Decision(id="weapon_bonus", question=_(
        "Use a temporary Weapon bonus (an Item, Treasure or ability)?"), options=(),
                                chosen=str(t.choices.weapon_bonus), default="0"))


def _reduce(t: Work, demand: d.Reduce, v: Verdict) -> None:
    track, amount = demand.track, demand.amount
    level = t.level(track)
    paid = min(level, amount)
    missing = amount - paid
    name = track_words(track)
    v.pay(name, amount, paid, "track")
    if paid:
        v.emit(t, SetLevel(track, level - paid))
        v.say("C3", _("{track} goes from {level} to {new}.", track=name, level=level,
                      new=level - paid))
    if track == "weapon":
        v.say("G-weapon-track", _("The reduction comes off the board track, never off a "
                                  "temporary bonus."))
    if missing and track != "weapon" and not t.has_shelter():
        _reduce_without_shelter(t, demand, v, missing)
        return
    if missing:
        v.short_say("C1", n_("{n} level cannot be removed: unfulfilled demand.",
                             "{n} levels cannot be removed: unfulfilled demand.", missing),
                    n_("{n} level cannot be removed.", "{n} levels cannot be removed.", missing))
    v.short_all(missing)


def _reduce_without_shelter(t: Work, demand: d.Reduce, v: Verdict, missing: int) -> None:
    if t.state.house_rules.no_shelter_reduction_ignored:
        v.say("R9", _("No Shelter: the {track} reduction is ignored (house rule switched on).",
                      track=track_lower(demand.track)))
        return
    v.short_say("R9", n_("No Shelter, {track} at 0: {n} level cannot be removed, unfulfilled "
                         "demand (no official ruling; this app's default).",
                         "No Shelter, {track} at 0: {n} levels cannot be removed, unfulfilled "
                         "demand (no official ruling; this app's default).", missing,
                         track=track_words(demand.track)),
                n_("No Shelter, {track} at 0: {n} level cannot be removed.",
                   "No Shelter, {track} at 0: {n} levels cannot be removed.", missing,
                   track=track_words(demand.track)))
    v.short_all(missing)


def _increase(t: Work, demand: d.Increase, v: Verdict) -> None:
    if demand.track != "weapon" and not t.has_shelter():
        v.say("C12", _("No Shelter: the {track} cannot rise; the instruction is ignored, with "
                       "no penalty.", track=track_words(demand.track)))
        return
    level = t.level(demand.track)
    v.emit(t, SetLevel(demand.track, level + demand.amount))
    v.say("G-increase", _("{track} rises from {level} to {new}.",
                          track=track_words(demand.track), level=level,
                          new=level + demand.amount))


def _lower_morale(t: Work, demand: d.LowerMorale, v: Verdict) -> None:
    morale = t.level("morale")
    new = max(MORALE_MIN, morale - demand.amount)
    if new != morale:
        v.emit(t, SetLevel("morale", new))
        v.say("G-morale", _("Morale goes from {level} to {new}.", level=SIGNED[morale],
                            new=SIGNED[new]))
    if morale - demand.amount < MORALE_MIN:
        v.say("C8", _("Morale is at the lowest level: nothing more happens."))


def _camp_tile(t: Work) -> int | None:
    """The tile the camp is on: where this ruling moved it, or the tile the table marks."""
    if t.camp_tile is not None:
        return t.camp_tile
    return next((tile.id for tile in t.state.tiles if tile.camp), None)


def _cover(t: Work, demand: d.CoverSource, v: Verdict) -> None:
    kinds = ("food", "wood") if demand.source == "any" else (demand.source,)
    camp = _camp_tile(t) if demand.at_camp else None
    in_scope = [(tile.distance, tile.id, i, s.kind, t.is_exhausted(tile.id, i, s))
                for tile in t.state.tiles
                if (tile.id == camp if demand.at_camp else demand.tile in (None, tile.id))
                and (not demand.adjacent or tile.distance == 1)
                for i, s in enumerate(tile.sources) if s.kind in kinds]
    open_sources = [(dist, tid, i, kind) for dist, tid, i, kind, covered in in_scope
                    if not covered]
    # A source already under a black marker is a marker with the same meaning already there
    # (C14); a source that is not there at all is a demand that cannot be done (C1). R16
    # counts either as 1 unit.
    marked = any(covered for *_rest, covered in in_scope)
    chosen = sorted(open_sources)[:demand.count]
    for _distance, tile_id, i, kind in chosen:
        v.emit(t, Cover(tile_id, i))
        v.say("C3", _("A black marker covers the {kind} source on tile {tile}.",
                      kind=resource_words(kind), tile=tile_id))
    missing = demand.count - len(chosen)
    v.pay(_(_SOURCES[demand.source]), demand.count, len(chosen), "source")
    if missing:
        said = dict(source=_(_SOURCE[demand.source]), where=_where(demand, camp))
        v.short_say("C14" if marked else "C1", n_(
            "No uncovered {source} {where} for {n} marker: unfulfilled demand.",
            "No uncovered {source} {where} for {n} markers: unfulfilled demand.", missing,
            **said), n_("No uncovered {source} {where} for {n} marker.",
                        "No uncovered {source} {where} for {n} markers.", missing, **said))
        some = demand.count > 1 and chosen
        v.short_say("R16.several" if some else "R16.one", n_(
            "Each source that cannot be covered is 1 unit of unfulfilled demand: {n} unit in "
            "all.", "Each source that cannot be covered is 1 unit of unfulfilled demand: {n} "
            "units in all.", missing), n_(
            "{n} source cannot be covered.", "{n} sources cannot be covered.", missing))
    v.short_all(missing)


_SOURCES = {"any": N_("sources"), "food": N_("food sources"), "wood": N_("wood sources")}
_SOURCE = {"any": N_("source"), "food": N_("food source"), "wood": N_("wood source")}


def _where(demand: d.CoverSource, camp: int | None) -> str:
    """Where a source was looked for: "on tile 3", "on the island"."""
    if demand.at_camp:
        return (_("on the camp's tile (tile {tile})", tile=camp) if camp else
                _("on the camp's tile (no tile on the table is marked as the camp)"))
    if demand.tile:
        return _("on tile {tile}", tile=demand.tile)
    return _("on the tiles adjacent to the camp") if demand.adjacent else _("on the island")


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


# The names a table gives the additional-food token ("+food", "+1 food", "additional food"),
# spaces, dashes, underscores and a "1" or "token" left out; and the names of the camp's tile.
FOOD_TOKENS = frozenset({"+food", "food+", "additionalfood", "extrafood", "plusfood"})
CAMP_SPACES = frozenset({"camp", "camp-tile", "camp_tile", "tile-camp"})


def _is_food_token(token: str) -> bool:
    plain = "".join(c for c in token.lower() if c not in " -_1\t").removesuffix("token")
    return plain in FOOD_TOKENS


def _stacks_on_camp(t: Work, demand: d.PlaceToken) -> bool:
    """Scenario 6: several +food tokens may sit on the camp tile (docs/rules/reference.md §5,
    DZ-S6), so C13's identical token does not refuse a second one there."""
    camp = _camp_tile(t)
    on_camp = demand.space.lower() in CAMP_SPACES or (
        camp is not None and demand.space == f"tile-{camp}")
    return t.state.scenario == 6 and on_camp and _is_food_token(demand.token)


def _place_token(t: Work, demand: d.PlaceToken, v: Verdict) -> None:
    if demand.token in t.space(demand.space).tokens and _stacks_on_camp(t, demand):
        v.emit(t, Place(demand.space, demand.token, is_marker=False))
        v.say("G-s6-food-tokens", _("Scenario 6: several {token} tokens may sit on the camp "
                                    "tile, so another goes on {space}.",
                                    token=token_name(demand.token),
                                    space=space_words(demand.space)))
        return
    if demand.token in t.space(demand.space).tokens:
        v.say("C13", _("An identical {token} token is already on {space}: no penalty.",
                       token=token_name(demand.token), space=space_words(demand.space)))
        return
    v.emit(t, Place(demand.space, demand.token, is_marker=False))
    v.say("G-token-place", _("The {token} token goes on {space}.", token=token_name(demand.token),
                             space=space_words(demand.space)))


def _place_marker(t: Work, demand: d.PlaceMarker, v: Verdict) -> None:
    space = demand.space
    if space is None:  # the first eligible space without such a marker
        space = next((s for s in demand.spaces if _is_free(t, demand, s)), None)
        if space is None:
            v.short_say("C14", _("Every eligible space already holds a {marker} marker: no "
                                 "space is left, which is 1 unit of unfulfilled demand.",
                                 marker=marker_name(demand.marker)),
                        _("Every eligible space already holds a {marker} marker: no space is "
                          "left.", marker=marker_name(demand.marker)), "derived")
            v.short_all(1)
            return
    source = _black_on_source(demand, space)
    if source is not None:  # one fact, one place: the tile's source is covered
        _cover(t, source, v)
        return
    if demand.marker in t.space(space).markers:
        v.short_say("C14", _("A {marker} marker is already on {space}: unlike a token, this "
                             "is 1 unit of unfulfilled demand.", marker=marker_name(demand.marker),
                             space=space_words(space)),
                    _("A {marker} marker is already on {space}.", marker=marker_name(demand.marker),
                      space=space_words(space)))
        v.short_all(1)
        return
    v.emit(t, Place(space, demand.marker, is_marker=True))
    v.say("G-marker-place", _("The {marker} marker goes on {space}.",
                              marker=marker_name(demand.marker), space=space_words(space)))


def _lose_pawn(t: Work, demand: d.LosePawn, v: Verdict) -> None:
    losers = list(v.victims) if demand.who == "each" else [_holder(t, demand.who, v)]
    for who in losers:
        if t.state.character(who) is None:
            continue
        if t.counter(who, "pawns") <= 1:
            v.say("C10", _("{who} already has only 1 Action pawn: this is ignored.",
                           who=role_name(who)))
        else:
            v.emit(t, SetFigure(who, "pawns", 1))
            v.say("C3", _("{who} loses an Action pawn and has 1 left.", who=role_name(who)))


def _lose_item(t: Work, demand: d.LoseItem, v: Verdict) -> None:
    items = [i for i in t.built_items() if not i.scenario]
    if not items:
        v.short_say("C1", _("There is no Item to lose: 1 unit of unfulfilled demand."),
                    _("There is no Item to lose."), "derived")
        v.short_all(1)
        return
    wanted = demand.item or t.choices.item or items[0].name
    item = next((i for i in items if i.name == wanted), None)
    if item is None:
        raise RulingError(f"demands[{v.index}].item", _(
            "“{item}” is not a built Item: choose one of the Items built on the table.",
            item=game_name(wanted)))
    if demand.item is None:
        v.decisions.append(Decision(id="item", question=_("Which Item is lost?"), options=tuple(
            Option(value=i.name, label=game_name(i.name)) for i in items), chosen=item.name,
            default=items[0].name))
    v.emit(t, FlipItem(item.name))
    v.say("C11", _("{item} flips back to its Invention side.", item=game_name(item.name)))
    benefits, from_card = item.benefits, False
    card = None if benefits else invention_card(item.name)
    if card is not None and card.benefits:
        benefits, from_card = card.benefits, True
        v.say("C11", _("What {item} gave is read from its card in the catalogue.",
                       item=game_name(item.name)),
              "stated" if card.certainty == "stated" else "derived")
    _revert(t, benefits, v, from_card)


def _reverting(gave: str) -> Callable[[str], str]:
    def says(paid: str) -> str:
        return _("Revert the {gave} it gave: discard {paid}.", gave=gave, paid=paid)
    return says


def _revert(t: Work, benefits: Any, v: Verdict, from_card: bool) -> None:
    """Undo what an Item gave; an ability's words are the catalogue's when they are the
    card's (`from_card`), the players' own as they typed them."""
    for b in benefits:
        if b.kind == "resource":
            label = resource_label(b.resource)
            gave = resource_count(b.resource, b.amount)
            paid = _take(t, v, b.resource, b.amount, "C11", _reverting(gave))
            v.pay(_("{what} (reverted)", what=label), b.amount, paid)
            if paid < b.amount:
                v.say("C11", _("{n} of the {gave} it gave cannot be reverted, with no "
                               "further penalty.", n=b.amount - paid, gave=gave))
        elif b.kind == "track":
            level = t.level(b.track)
            paid = min(level, b.amount)
            if paid:
                v.emit(t, SetLevel(b.track, level - paid))
            name = track_words(b.track)
            v.pay(_("{what} (reverted)", what=name), b.amount, paid, "track")
            v.say("C11", _("Revert {track} +{n}: {track} {level} to {new}.", track=name,
                           n=b.amount, level=level, new=level - paid) if paid == b.amount else
                  _("Revert {track} +{n}: {track} {level} to {new}; the other {rest} cannot "
                    "be reverted, with no further penalty.", track=name, n=b.amount,
                    level=level, new=level - paid, rest=b.amount - paid))
        else:
            ability = _(b.text) if from_card else b.text
            v.say("C11", _("Its ability is gone: {ability}.", ability=ability) if b.text else
                  _("Its ability is gone: no longer in effect."))


def _halve(t: Work, demand: d.Halve, v: Verdict) -> None:
    value = _value_of(t, demand.target)
    if value == 0:
        what = _target(demand.target).capitalize()
        v.short_say("C16", _("{what} is 0 and cannot be halved: unfulfilled demand.", what=what),
                    _("{what} is 0 and cannot be halved.", what=what))
        v.short_say("R8.zero", _("Halving 0 is 1 unit of unfulfilled demand."),
                    _("Halving 0 cannot be done."))
        v.short_all(1)
        return
    keep = ceil(value / 2)
    if keep == value:
        v.say("R8.keep-one", _("{what} is 1 and stays 1: halved as instructed, no penalty.",
                               what=_target(demand.target).capitalize()))
        return
    what = track_words(demand.target) if demand.target in TRACK_NAMES else _target(
        demand.target)
    v.say("R8.round-up", _("Halve the {target}: {what} {value} to {keep} (half, rounded up).",
                           target=_target(demand.target), what=what, value=value, keep=keep))
    _lose_value(t, demand.target, value - keep, v)


def _target(target: str) -> str:
    """What is halved, inside a sentence ("food", "roof")."""
    return track_lower(target) if target in TRACK_NAMES else resource_words(target)


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
    v.pay(_target(target), amount, amount,
          "resource" if target in ("food", "wood", "fur") else "track")


def _combat(t: Work, demand: d.Combat, v: Verdict) -> None:
    weapon = t.level("weapon")
    fighting = weapon + t.choices.weapon_bonus + _weapon_help(t, v)
    wounds = max(0, demand.strength - fighting)
    _offer_bonus(t, v)
    if t.choices.weapon_bonus:
        v.say("R14", _("The players use a temporary Weapon bonus of {bonus}: Weapon {weapon} "
                       "fights as {fighting}.", bonus=t.choices.weapon_bonus, weapon=weapon,
                       fighting=fighting))
    v.say("G-combat", n_("Strength {strength} against Weapon {weapon}: {n} Wound from the "
                         "fight.", "Strength {strength} against Weapon {weapon}: {n} Wounds "
                         "from the fight.", wounds, strength=demand.strength, weapon=fighting))
    if wounds:  # with no Wounds from the fight, a Saber's Wound is only the Saber's
        v.hurt_why = _("from the fight and the Saber") if v.hurt else _("from the fight")
        v.hurt_cite = "G-combat"
        for who in v.victims:
            v.wound(who, wounds)
    if demand.weapon_loss:
        _weapon_loss(t, demand, v, weapon)
    _combat_gains(t, demand, v)


def _weapon_loss(t: Work, demand: d.Combat, v: Verdict, weapon: int) -> None:
    beast = game_name(demand.beast) if demand.beast else _("The Beast")
    lost = min(weapon, demand.weapon_loss)
    missing = demand.weapon_loss - lost
    v.pay(track_words("weapon"), demand.weapon_loss, lost, "track")
    if lost:
        v.emit(t, SetLevel("weapon", weapon - lost))
    said = dict(beast=beast, loss=demand.weapon_loss, weapon=weapon, new=weapon - lost)
    if missing:
        v.short_say("G-combat-weapon", n_(
            "{beast} takes {loss} off the Weapon track: {weapon} to {new}; {n} level short, "
            "unfulfilled demand.", "{beast} takes {loss} off the Weapon track: {weapon} to "
            "{new}; {n} levels short, unfulfilled demand.", missing, **said), n_(
            "{beast} takes {loss} off the Weapon track: {weapon} to {new}; {n} level short.",
            "{beast} takes {loss} off the Weapon track: {weapon} to {new}; {n} levels short.",
            missing, **said))
    else:
        v.say("G-combat-weapon", _("{beast} takes {loss} off the Weapon track: {weapon} to "
                                   "{new}.", **said))
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
    if t.state.phase == "action":
        v.say("G-gains", _("The players gain {gains} in Future Resources: what the Action Phase "
                           "gains waits there until its end.", gains=amounts_text(gained)))
    else:
        v.say("G-gains", _("The players gain {gains} in Available Resources: outside the Action "
                           "Phase, gains go there at once.", gains=amounts_text(gained)))


def _weather(t: Work, demand: d.WeatherClouds, v: Verdict) -> None:
    missing = 0
    if demand.snow:
        v.say("G-weather", n_("Snow: {n} cloud, {n} wood to discard.",
                              "Snow: {n} clouds, {n} wood to discard.", demand.snow))
        paid = _take(t, v, "wood", demand.snow, "G-weather",
                     lambda what: _("Snow: discard {paid}.", paid=what))
        v.pay(_("wood (snow)"), demand.snow, paid)
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
        v.say("G-use", n_("The players use {name}: {n} rain cloud ignored; the token is "
                          "discarded.", "The players use {name}: {n} rain clouds ignored; the "
                          "token is discarded.", ignored, name=game_name(h.name)))
    clouds = rain + demand.snow
    roof = t.level("roof")
    n = max(0, clouds - roof)
    v.say("G-weather", n_("Rain: {n} cloud against Roof {roof}: {discard} food and {discard} "
                          "wood to discard.", "Rain: {n} clouds against Roof {roof}: {discard} "
                          "food and {discard} wood to discard.", clouds, roof=roof, discard=n))
    if n:
        food = _take(t, v, "food", n, "G-weather", _rain)
        wood = _take(t, v, "wood", n, "G-weather", _rain)
        v.pay(_("food (rain)"), n, food)
        v.pay(_("wood (rain)"), n, wood)
        missing += 2 * n - food - wood
    if missing:
        v.short_say("C1", n_("{n} resource short: unfulfilled demand.",
                             "{n} resources short: unfulfilled demand.", missing),
                    n_("{n} resource short.", "{n} resources short.", missing))
    v.short_all(missing)


def _rain(paid: str) -> str:
    return _("Rain: discard {paid}.", paid=paid)


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
    food = t.food()
    short = 0 < food < len(inside)
    # Who eats: as many as the food feeds, in the order the players chose (the choice lists
    # only those who do eat).
    eaters = [who for who in (t.choices.fed or inside) if who in inside][:food] if short \
        else list(inside)
    if short:
        question = _("Who eats the camp's food, when it is short? ({away}, outside the camp, "
                     "cannot eat it.)", away=join(outside)) if outside else _(
            "Who eats the camp's food, when it is short?")
        v.decisions.append(Decision(
            id="fed", question=question,
            options=tuple(Option(value=w, label=w) for w in inside), chosen=",".join(eaters),
            default=",".join(inside[:food])))
    if t.state.friday is not None:
        v.say("R2.weather-night", _("Friday does not eat at Night."))
    for who in outside:
        v.say("G-night-eat", _("{who} is outside the camp: cannot eat the camp's food, only food "
                               "carried on the character sheet.", who=role_name(who)))
    for who in v.victims:
        if _feed(t, who, who in eaters, v):
            continue
        v.wound(who, 2)
        v.hurt_why = _("from hunger")
        v.hurt_cite = "C15"
        v.say("C15", _("{who} cannot eat and suffers 2 Wounds. This is not unfulfilled demand.",
                       who=role_name(who)), names=(who,))


def _feed(t: Work, who: FigureId, may_eat: bool, v: Verdict) -> bool:
    found = t.state.character(who)
    if found is not None and not found.in_camp:
        carried = t.counter(who, "sheet_food")
        if carried:
            v.emit(t, SetFigure(who, "sheet_food", carried - 1))
            v.say("G-night-eat", _("{who}, outside the camp, eats food carried on the sheet.",
                                   who=role_name(who)))
            return True
        v.say("G-night-eat", _("{who} is outside the camp with no food on the character sheet, "
                               "so goes hungry.", who=role_name(who)))
        return False
    if may_eat and _take(t, v, "food", 1, "G-night-eat", lambda what: _(
            "{who} eats {paid}.", who=role_name(who), paid=what)):
        v.pay(_("food for {who}", who=role_name(who)), 1, 1)
        return True
    return False


# The 1st edition's exception (docs/rules/reference.md, Night Phase step 3, source
# RB1-outside): the ruling follows the 2nd edition's rulebook and says where the 1st differs,
# so that a table playing the 1st edition is not told "Official" without a word on it.
FIRST_EDITION_OUTSIDE = N_("In the 1st edition, a character outside the camp who explored a "
                           "tile with a Shelter this round avoids this Wound.")


def _night_no_shelter(t: Work, demand: d.NightNoShelter, v: Verdict) -> None:
    if t.has_shelter():
        _night_outside(t, v)
        return
    for who in v.victims:
        v.wound(who, 1)
    v.hurt_why = _("for the night without a Shelter")
    v.hurt_cite = "G-night-shelter"
    away = any(not t.is_in_camp(who) for who in v.victims)
    said = _("No Shelter: each character suffers 1 Wound (not unfulfilled demand).")
    v.say("G-night-shelter", _("{said} {first}", said=said, first=_(FIRST_EDITION_OUTSIDE))
          if away else said, names=v.victims)


def _night_outside(t: Work, v: Verdict) -> None:
    """"Characters outside the camp also take this Wound": the camp's Shelter is not theirs."""
    outside = tuple(who for who in v.victims if not t.is_in_camp(who))
    if not outside:
        v.say("G-night-shelter", _("The Shelter protects everyone in the camp tonight."))
        return
    v.victims, v.why = outside, None
    for who in outside:
        v.wound(who, 1)
    v.hurt_why = _("for the night outside the camp")
    v.hurt_cite = "G-night-shelter"
    said = n_("The Shelter protects only those in the camp: {names}, outside the camp, suffers "
              "1 Wound (not unfulfilled demand).", "The Shelter protects only those in the "
              "camp: {names}, outside the camp, each suffer 1 Wound (not unfulfilled demand).",
              len(outside), names=join(list(outside)))
    v.say("G-night-shelter", _("{said} {first}", said=said, first=_(FIRST_EDITION_OUTSIDE)),
          names=outside)


def _children(t: Work, demand: d.ChildrenFood, v: Verdict) -> None:
    if t.state.scenario != 6:
        raise RulingError(f"demands[{v.index}]", _(
            "The children eat only in scenario 6 (Family Robinson): set the scenario to 6."))
    need = demand.amount if demand.amount is not None else CHILDREN_FOOD.get(t.state.round, 0)
    v.victims = ()
    v.say("R11.need", _("Round {round}: the children need {food}.", round=t.state.round,
                        food=resource_count("food", need)))
    share = _children_share(t, v, need)
    if share < need:
        v.say("C17", _("Only {food} for the children: the game is lost at once. No Wounds are "
                       "suffered instead.", food=resource_count("food", share)))
        v.lose(t, _("The children could not be fed ({share} of {food}).", share=share,
                    food=resource_count("food", need)), "C17")
        return
    paid = _take(t, v, "food", need, "R11.need",
                 lambda what: _("The children eat {paid}.", paid=what))
    v.pay(_("food for the children"), need, paid)


def _children_share(t: Work, v: Verdict, need: int) -> int:
    """The food left for the children after the players' chosen split (R11)."""
    eaters = sum(1 for who in all_characters(t.state) if _eats_in_camp(t, who))
    first = t.choices.children_first
    v.decisions.append(Decision(id="children_first", question=_(
        "Who eats first: the children or the characters?"), options=(
        Option(value="true", label=_("The children (suggested)")),
        Option(value="false", label=_("The characters"))),
        chosen=str(first).lower(), default="true"))
    food = t.food()
    if need <= food < need + eaters:
        left = food - need
        said = dict(food=resource_count("food", food), need=need)
        v.say("R11.split", n_(
            "{food} cannot feed the children ({need}) and {n} character: the children eat "
            "first, which leaves {left} for the characters; each character left without food "
            "at Night suffers 2 Wounds.", "{food} cannot feed the children ({need}) and {n} "
            "characters: the children eat first, which leaves {left} for the characters; each "
            "character left without food at Night suffers 2 Wounds.", eaters,
            left=resource_count("food", left), **said) if first else n_(
            "{food} cannot feed the children ({need}) and {n} character: feeding the "
            "characters first leaves the children short.", "{food} cannot feed the children "
            "({need}) and {n} characters: feeding the characters first leaves the children "
            "short.", eaters, **said))
    if first and need <= food < need + eaters:
        _warn_deaths(t, v, food - need)
    return food if first else max(0, food - eaters)


def _warn_deaths(t: Work, v: Verdict, left: int) -> None:
    """R11's warning: the children fed first, the food left feeds only some of those in the
    camp; a character whom 2 Wounds of hunger would kill dies, and the game is lost."""
    inside = [w for w in all_characters(t.state) if _eats_in_camp(t, w)]
    fed = [w for w in (t.choices.fed or inside) if w in inside][:left]
    dying = [w for w in inside if w not in fed and w in t.cards
             and t.counter(w, "wounds") + 2 >= t.cards[w].track.death_at]
    if dying:
        v.say("R11.split", n_(
            "Warning: with the children fed first, {names} goes without food at Night and "
            "dies of the 2 Wounds: the game is lost. Choose who eats so that someone who "
            "survives 2 Wounds goes without, if anyone can.", "Warning: with the children fed "
            "first, {names} go without food at Night and die of the 2 Wounds: the game is "
            "lost. Choose who eats so that someone who survives 2 Wounds goes without, if "
            "anyone can.",
            len(dying), names=join(dying)))


def _eats_in_camp(t: Work, who: FigureId) -> bool:
    found = t.state.character(who)
    return found is None or found.in_camp


def _morale_phase(t: Work, demand: d.MoralePhase, v: Verdict) -> None:
    fp = t.state.first_player
    level = t.level("morale")
    space = morale_track().space(level)
    v.victims = (fp,)
    v.why = ("G-morale-phase", _("Only the First Player ({who}) is concerned.",
                                 who=role_name(fp)), None)
    tokens = n_("{signed} Determination token", "{signed} Determination tokens",
                abs(space.determination), signed=f"{space.determination:+d}")
    v.say("R7", n_("Morale {level}: the space says {tokens} or heal {n} Wound (values from the "
                   "app's Morale track data).", "Morale {level}: the space says {tokens} or "
                   "heal {n} Wounds (values from the app's Morale track data).",
                   space.or_heal, level=f"{level:+d}", tokens=tokens) if space.or_heal else _(
        "Morale {level}: the space says {tokens} (values from the app's Morale track data).",
        level=f"{level:+d}", tokens=tokens))
    if space.determination < 0:
        v.short_one(fp, _pay_determination(t, v, fp, -space.determination))
        return
    if space.or_heal:
        _morale_top(t, v, fp, space.determination, space.or_heal)
        return
    if space.determination:
        v.emit(t, GainDetermination(fp, space.determination))
        v.say("G-morale-phase", n_("{who} gains {n} Determination token.",
                                   "{who} gains {n} Determination tokens.",
                                   space.determination, who=role_name(fp)))


def _morale_top(t: Work, v: Verdict, fp: FigureId, tokens: int, heal: int) -> None:
    v.decisions.append(Decision(id="morale_top", question=_(
        "Morale at the top: tokens or healing?"), options=(
        Option(value="tokens", label=n_("Take {n} Determination token",
                                        "Take {n} Determination tokens", tokens)),
        Option(value="heal", label=n_("Heal {n} Wound", "Heal {n} Wounds", heal))),
        chosen=t.choices.morale_top, default="tokens"))
    if t.choices.morale_top == "heal":
        wounds = t.counter(fp, "wounds")
        v.emit(t, SetFigure(fp, "wounds", max(0, wounds - heal)))
        v.say("G-morale-phase", _("{who} heals: Wounds {wounds} to {new}.", who=role_name(fp),
                                  wounds=wounds, new=max(0, wounds - heal)))
        return
    v.emit(t, GainDetermination(fp, tokens))
    v.say("G-morale-phase", n_("{who} takes {n} Determination token.",
                               "{who} takes {n} Determination tokens.", tokens,
                               who=role_name(fp)))


def _card_wounds(t: Work, demand: d.SufferWounds, v: Verdict) -> None:
    # C5 names the victims of unfulfilled demand; a card's own Wounds that name nobody follow
    # it by reading (derived). A card that names them (G-named-victim) is its own word.
    if v.why is not None and v.why[0] == "C5":
        v.why = (v.why[0], v.why[1], "derived")
    for who in v.victims:
        v.wound(who, demand.amount)
    v.hurt_why = _("from the card")
    v.hurt_cite = "G-card-wounds"
    v.say("G-card-wounds", n_("The card deals {n} Wound to each victim; this is not "
                              "unfulfilled demand.", "The card deals {n} Wounds to each "
                              "victim; this is not unfulfilled demand.", demand.amount),
          names=v.victims)


def _discard_any(t: Work, demand: d.DiscardAny, v: Verdict) -> None:
    """"Discard N of wood or food": the players pick which kinds pay (C3: what can be, must)."""
    picked = [k for k in t.choices.pick or () if k in demand.of]
    order = picked + [k for k in demand.of if k not in picked]
    v.decisions.append(Decision(id="pick", question=_("Which resources pay?"), options=tuple(
        Option(value=k, label=resource_label(k)) for k in demand.of),
        chosen=",".join(order), default=",".join(demand.of)))
    v.say("C3", _("The players choose which of {kinds} pay, in this order: {order}.",
                  kinds=_either(demand.of),
                  order=", ".join(resource_label(k) for k in order)))
    left = demand.amount
    for kind in order:
        if left:
            left -= _take(t, v, kind, left)
    v.pay(_either(demand.of), demand.amount, demand.amount - left)
    if left:
        v.short_say("C1", n_("{n} of the {amount} cannot be discarded: {n} unit of unfulfilled "
                             "demand.", "{n} of the {amount} cannot be discarded: {n} units of "
                             "unfulfilled demand.", left, amount=demand.amount),
                    _("{n} of the {amount} cannot be discarded.", n=left,
                      amount=demand.amount))
    v.short_all(left)


def _either(kinds: tuple[ResourceKind, ...]) -> str:
    return or_list([resource_label(k) for k in kinds])


def _halve_gain(t: Work, demand: d.HalveGain, v: Verdict) -> None:
    full = {k: n for k, n in (("food", demand.food), ("wood", demand.wood),
                              ("fur", demand.fur)) if n}
    total = sum(full.values())
    half = total // 2
    v.victims = ()
    v.say("R8.gain", _("The gain is halved, rounded down: {total} becomes {half}. This is not "
                       "a demand: nothing is owed.", total=total, half=half))
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
            raise RulingError("choices.gain_mix", _(
                "The chosen mix must add up to {half}, with no more of a kind than the full "
                "gain gives.", half=half))
    if len(full) > 1:
        v.decisions.append(Decision(id="gain_mix", question=_(
            "Which resources does the halved gain give?"), options=(), chosen=_mix_text(mix),
                                    default=_mix_text(default)))
    return mix


def _mix_text(mix: dict[str, int]) -> str:
    return ",".join(f"{k}:{n}" for k, n in mix.items() if n) or "nothing"


def _adventure(t: Work, demand: d.AdventureCard, v: Verdict) -> None:
    if t.state.phase != "action":
        raise RulingError(f"demands[{v.index}]", _(
            "An Adventure card is drawn while an Action is resolved: set the phase to the "
            "Action Phase."))
    who = resolver(t.state, t.ctx)
    if who != "friday":
        v.say("G-adventure", _("{who} draws the Adventure card and resolves it: what the card "
                               "asks is a new question. Drawing it is not a demand.",
                               who=role_name(who)))
        return
    v.victims, v.why = ("friday",), None
    v.wound("friday", 1)
    v.hurt_why = _("instead of drawing the Adventure card")
    v.hurt_cite = "G-adventure"
    v.say("G-adventure", _("Friday, resolving the Action alone, draws no Adventure card: he "
                           "suffers 1 Wound instead. This is not unfulfilled demand."),
          names=("friday",))


def _requirement(t: Work, demand: d.Requirement, v: Verdict) -> None:
    what = demand.text or (_("Weapon {level}", level=demand.weapon) if demand.weapon
                           else _("its requirement"))
    said = _("A planning requirement ({what}) is not a demand: an Action whose requirement is "
             "not met cannot be planned, and nobody suffers.", what=what)
    if demand.weapon is not None:
        level = t.level("weapon")
        said = _("{said} The Weapon level is {level}: met.", said=said, level=level) if (
            level >= demand.weapon) else _("{said} The Weapon level is {level}: not met, so the "
                                           "Action cannot be planned.", said=said, level=level)
    v.say("G-requirement", said)


def _camp_cannot_move(t: Work, v: Verdict) -> None:
    """A card that moves the camp, when it cannot move and the card states no alternative:
    a demand that cannot be fulfilled, 1 unit (C1's "and so on": our reading)."""
    v.short_say("C1", _("The camp cannot move, and the card says nothing else for it: 1 unit "
                        "of unfulfilled demand."),
                _("The camp cannot move, and the card says nothing else for it."), "derived")
    v.short_all(1)


def _move_camp(t: Work, demand: d.MoveCamp, v: Verdict) -> None:
    if demand.blocked:
        _camp_cannot_move(t, v)
        return
    new_natural = False
    if demand.tile is not None:
        tile = next((x for x in t.state.tiles if x.id == demand.tile), None)
        if tile is None:
            raise RulingError(f"demands[{v.index}].tile", _(
                "Tile {tile} is not on the table: add it, or leave the new camp tile unnamed.",
                tile=demand.tile))
        new_natural = tile.natural_shelter
        v.emit(t, MoveCampTo(demand.tile))
    roof, palisade = t.level("roof"), t.level("palisade")
    if t.shelter == "natural":
        v.emit(t, SetLevel("roof", 0))
        v.emit(t, SetLevel("palisade", 0))
        v.emit(t, SetShelter("natural" if new_natural else "none"))
        v.say("G-move-camp", _("Moving the camp loses the natural Shelter: Roof {roof} to 0, "
                               "Palisade {palisade} to 0; the new tile's natural Shelter "
                               "shelters the camp, from 0.", roof=roof, palisade=palisade)
              if new_natural else _("Moving the camp loses the natural Shelter: Roof {roof} to "
                                    "0, Palisade {palisade} to 0.", roof=roof,
                                    palisade=palisade))
    elif t.shelter == "built":
        keep_roof, keep_palisade = ceil(roof / 2), ceil(palisade / 2)
        v.emit(t, SetLevel("roof", keep_roof))
        v.emit(t, SetLevel("palisade", keep_palisade))
        v.say("G-move-camp", _("The built Shelter moves with the camp; Roof and Palisade keep "
                               "half, rounded up: Roof {roof} to {keep_roof}, Palisade "
                               "{palisade} to {keep_palisade}.", roof=roof, keep_roof=keep_roof,
                               palisade=palisade, keep_palisade=keep_palisade))
    elif new_natural:
        v.emit(t, SetShelter("natural"))
        v.say("G-move-camp", _("There was no Shelter; the new tile's natural Shelter shelters "
                               "the camp."))
    else:
        v.say("G-move-camp", _("There is no Shelter to move: nothing is lost."))
    v.say("G-move-camp", _("Moving the camp is not a demand: nobody suffers for it."))


def _s7_palisade(t: Work, demand: d.PalisadeRedDie, v: Verdict) -> None:
    if t.state.scenario != 7:
        raise RulingError(f"demands[{v.index}]", _(
            "This is scenario 7's rule (King Kong Island): set the scenario to 7, or ask for a "
            "Palisade reduction instead."))
    level = t.level("palisade")
    paid = min(level, demand.amount)
    v.pay(track_words("palisade"), demand.amount, paid, "track")
    if paid:
        v.emit(t, SetLevel("palisade", level - paid))
        v.say("C3", _("{track} goes from {level} to {new}.", track=track_words("palisade"),
                      level=level, new=level - paid))
    if paid == demand.amount:
        return
    v.victims, v.why = all_characters(t.state), None
    v.say("G-s7-palisade", _("The red die would take the Palisade below 0: scenario 7 replaces "
                             "the usual shortfall. Each character suffers 1 Wound, Morale falls "
                             "by 1 and the lowest-numbered film-crew member dies; this still "
                             "counts as unfulfilled demand."))
    v.short_all(1)
    _lower_morale(t, d.LowerMorale(kind="lower_morale", amount=1), v)
    if t.crew:
        dies = min(t.crew)
        v.emit(t, CrewDies(dies))
        v.say("G-s7-palisade", _("Film-crew member {n} dies.", n=dies))
    else:
        v.say("G-s7-palisade", _("No film-crew member is left to die."))


def _discard_cards(t: Work, demand: d.DiscardCards, v: Verdict) -> None:
    """"Discard resources, cards or Determination tokens" (C1): what can be discarded must be
    (C3); each card short is 1 unit of unfulfilled demand."""
    if demand.cards == "invention":
        paid = _discard_inventions(t, demand, v)
    else:
        left = t.cards_left(demand.cards)
        if left is None:
            raise RulingError(f"state.decks.{demand.cards}", _(
                "How many cards are left in the {deck}? Count them and enter the number on the "
                "table: the demand discards from it.", deck=_(DECK_NAMES[demand.cards])))
        paid = min(left, demand.amount)
        if paid:
            v.emit(t, DiscardCard(demand.cards, paid))
            v.say("C3", _must(card_count(demand.cards, paid)))
    v.pay(capital(card_count(demand.cards, demand.amount)), demand.amount, paid,
          "determination")
    short = demand.amount - paid
    if short:
        v.short_say("C1", n_("{n} card cannot be discarded: {n} unit of unfulfilled demand.",
                             "{n} cards cannot be discarded: {n} units of unfulfilled demand.",
                             short),
                    n_("{n} card cannot be discarded.", "{n} cards cannot be discarded.", short))
    v.short_all(short)


def _discard_inventions(t: Work, demand: d.DiscardCards, v: Verdict) -> int:
    """The players choose which unbuilt Invention cards go (suggested: the first listed)."""
    cards = [i.name for i in t.invention_cards()]
    picked = [n for n in t.choices.cards or () if n in cards]
    order = (picked + [n for n in cards if n not in picked])[:demand.amount]
    if len(cards) > demand.amount:
        v.decisions.append(Decision(id="cards", question=n_(
            "Which Invention card is discarded?", "Which Invention cards are discarded?",
            demand.amount), options=tuple(Option(value=n, label=game_name(n)) for n in cards),
            chosen=",".join(order), default=",".join(cards[:demand.amount])))
    for name in order:
        v.emit(t, DiscardCard("invention", 1, name))
    if order:
        v.say("C3", _must(_("{cards} ({names})", cards=card_count("invention", len(order)),
                            names=", ".join(game_name(n) for n in order))))
    return len(order)


JUDGES: dict[str, Callable[[Work, Any, Verdict], None]] = {
    "discard_cards": _discard_cards,
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
