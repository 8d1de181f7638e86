"""What the board's composer offers for each kind of demand: its name, its fields in the
players' words, and their bounds and defaults, read from the demand models themselves.

tools/board_schema.py writes this into static/shared/demand-kinds.js at build time, so the
page lists no kind and copies no bound: a new kind of demand is added here, in demands.py and
in telling.py, and the composer offers it (tests/core/test_telling.py walks every kind)."""

from __future__ import annotations

import typing
from typing import Any

from .demands import Demand, DemandBase
from .i18n import N_
from .ruling import Choices
from .telling import GROUPS
from .words import DECK_NAMES, TRACK_WORDS

# Every label is marked for the catalogue (N_): the page translates it when it draws it.
# Each kind: its name in the composer, then (field, label, how it is drawn, default) for the
# fields it offers; the kind of control and its bounds come from the model where not said.
Offered = tuple[str, str, str | None, Any]
COMPOSER: dict[str, tuple[str, tuple[Offered, ...]]] = {
    # Drawn as one resource and how many (panel/fields.js), these labels beside them.
    "discard": (N_("Discard"), (
        ("food", N_("Food"), None, 0), ("nonperishable_food", N_("Non-perishable food"), None, 0),
        ("perishable_food", N_("Perishable food only"), None, 0), ("wood", N_("Wood"), None, 0),
        ("fur", N_("Fur"), None, 0))),
    "discard_determination": (N_("Discard Determination tokens"), (
        ("amount", N_("Tokens"), None, 1), ("who", N_("Who"), None, "each"))),
    "have_weapon": (N_("Have a Weapon level"), (("level", N_("Level"), None, 1),)),
    "reduce": (N_("Reduce a track"), (("track", N_("Track"), None, "roof"),
                                       ("amount", N_("By"), None, 1))),
    "increase": (N_("Raise a track"), (("track", N_("Track"), None, "roof"),
                                       ("amount", N_("By"), None, 1))),
    "lower_morale": (N_("Lower Morale"), (("amount", N_("By"), None, 1),)),
    "discard_any": (N_("Discard some of wood or food (the players pick)"), (
        ("amount", N_("How many in all"), None, 1),
        ("of", N_("The players may pick from"), "kinds", None))),
    "cover_source": (N_("Cover a source"), (
        ("source", N_("Source"), None, "food"), ("count", N_("How many"), None, 1),
        ("adjacent", N_("Only on tiles next to the camp"), None, None))),
    "combat": (N_("Combat"), (
        ("beast", N_("The Beast"), "beast", None), ("strength", N_("Strength"), None, 3),
        ("weapon_loss", N_("Weapon track loses"), None, 0),
        ("food", N_("Food it gives"), None, 0),
        ("fur", N_("Fur it gives"), None, 0))),
    "wounds": (N_("The card's own Wounds"), (("amount", N_("Wounds"), None, 1),)),
    "lose_pawn": (N_("Lose an Action pawn"), (("who", N_("Who"), None, "resolver"),)),
    "lose_item": (N_("Lose an Item"), (
        ("item", N_("Item (blank: the players choose)"), None, None),)),
    "halve": (N_("Halve"), (("target", N_("What"), None, "food"),)),
    "place_token": (N_("Place a token"), (("space", N_("Space"), None, None),
                                      ("token", N_("Token"), None, None))),
    "place_marker": (N_("Place a marker"), (
        ("space", N_("Space (several, with commas: the first without one)"), "spaces", None),
        ("marker", N_("Marker"), None, None))),
    "weather_clouds": (N_("Weather clouds"), (("rain", N_("Rain clouds"), None, 0),
                                          ("snow", N_("Snow clouds"), None, 0))),
    "weather_phase": (N_("The whole Weather"), (
        ("rain", N_("Rain clouds (dice)"), None, 0), ("snow", N_("Snow clouds (dice)"), None, 0),
        ("rain_tokens", N_("Rain tokens (Event cards)"), None, 0),
        ("snow_tokens", N_("Snow tokens (Event cards)"), None, 0),
        ("hungry", N_("Hungry Animals die"), None, "none"),
        ("storm", N_("A Storm token"), None, None))),
    "night_eating": (N_("Night: eating"), ()),
    "night_no_shelter": (N_("Night: no Shelter"), ()),
    "children_food": (N_("Scenario 6: the children eat"), ()),
    "morale_phase": (N_("The Morale Phase"), ()),
    "adventure": (N_("Draw an Adventure card"), ()),
    "requirement": (N_("A requirement to plan an Action (never a demand)"), (
        ("weapon", N_("Weapon level it needs"), None, 1),
        ("text", N_("What it asks for (optional)"), None, None))),
    "move_camp": (N_("Move the camp"), (("tile", N_("To tile (0: not named)"), None, None),
                                         ("blocked", N_("It cannot move"), None, None))),
    "halve_gain": (N_("A gain halved (rounded down)"), (
        ("food", N_("Food it would give"), None, 0), ("wood", N_("Wood it would give"), None, 0),
        ("fur", N_("Fur it would give"), None, 0))),
    "s7_palisade": (N_("Scenario 7: the red die hits the Palisade"), (
        ("amount", N_("Palisade levels"), None, 1),)),
    "discard_cards": (N_("Discard cards"), (
        ("cards", N_("Which cards"), None, "invention"), ("amount", N_("How many"), None, 1))),
    # Demands inside a demand are written as JSON (drawn "demands"), starting from an example.
    "part": (N_("One part with its own alternative"), (
        ("demands", N_("Its demands (JSON)"), "demands", ({"kind": "discard", "wood": 1},)),
        ("alternative", N_("If they cannot be paid in full (JSON)"), "demands",
         ({"kind": "wounds", "amount": 1, "victims": "all"},)))),
    "choose": (N_("The players choose between demands"), (
        ("options", N_("The options, a list of demands each (JSON)"), "demands",
         (({"kind": "halve", "target": "roof"},), ({"kind": "halve", "target": "palisade"},))),)),
}
# The quick chips: the kinds a card asks for most, each with the demand it starts from.
CHIPS: tuple[tuple[str, str, dict[str, Any]], ...] = (
    ("discard", N_("Discard"), {"kind": "discard"}),  # which resource: the player taps it next
    ("track", N_("Roof / Palisade / Weapon −"),
     {"kind": "reduce", "track": "roof", "amount": 1}),
    ("morale", N_("Lower Morale"), {"kind": "lower_morale", "amount": 1}),
    ("cover", N_("Cover a source"), {"kind": "cover_source", "source": "food", "count": 1}),
    ("combat", N_("Combat: strength"), {"kind": "combat", "strength": 3, "weapon_loss": 0}),
    ("wounds", N_("Wounds"), {"kind": "wounds", "amount": 1}),
)
# A whole phase as one chip, in the phase it belongs to: its name, what it rules in a few
# words, what is said when it is chosen, and its demands in the order the phase plays them.
WHOLE_PHASES: dict[str, dict[str, Any]] = {
    "night": {"label": N_("The whole Night"), "what": N_("eating, then sleeping"),
              "said": N_("The whole Night: every character eats, then spends the night without "
                         "a Shelter or outside the camp. Ruling…"),
              "demands": [{"kind": "night_eating"}, {"kind": "night_no_shelter"}]},
    "weather": {"label": N_("The whole Weather"),
                "what": N_("clouds, Hungry Animals, Storm"),
                "said": N_("The whole Weather: set the clouds, the Hungry Animals die and the "
                           "Storm token below; they are ruled in the rulebook's order. Ruling…"),
                # Nothing set: the players tap each cloud the dice show, from none.
                "demands": [{"kind": "weather_phase"}]},
    "morale": {"label": N_("The whole Morale Phase"),
               "what": N_("the First Player's Determination tokens"),
               "said": N_("The whole Morale Phase: the First Player gains or discards "
                          "Determination tokens as the Morale track says. Ruling…"),
               "demands": [{"kind": "morale_phase"}]},
}
# What a choice of a field is called in the composer.
CHOICE_NAMES = {**TRACK_WORDS, "food": N_("Food"),
                "nonperishable_food": N_("Non-perishable food"),
                "perishable_food": N_("Perishable food"), "wood": N_("Wood"), "fur": N_("Fur"),
                "any": N_("Any kind"), "none": N_("Not rolled, or a blank face"),
                "fight": N_("Fight strength 3"), "each": N_("Each character"),
                "first_player": N_("The First Player"), "resolver": N_("Who resolves"),
                **DECK_NAMES}
assert set(GROUPS) <= set(CHOICE_NAMES)


# Controls of their own: a Beast from the catalogue, resource kinds in paying order (at
# least two), one space or several, demands inside a demand (as JSON).
DRAWN: dict[str, dict[str, Any]] = {"beast": {"optional": True},
                                    "kinds": {"min": 2, "optional": True}, "spaces": {},
                                    "demands": {}}


def demand_classes() -> dict[str, type[DemandBase]]:
    """Every kind of demand the referee reads, by its tag, from the one union of them."""
    union = typing.get_args(typing.get_args(Demand)[0])
    return {typing.get_args(cls.model_fields["kind"].annotation)[0]: cls for cls in union}


def _control(annotation: Any, drawn: str | None, optional: bool) -> dict[str, Any]:
    """How a field is drawn, from its type: a stepper with its bounds, a choice, a toggle."""
    args = [a for a in typing.get_args(annotation) if a is not type(None)]
    if drawn is not None:
        return {"type": drawn, **DRAWN.get(drawn, {})}
    if annotation is bool:
        return {"type": "bool", "optional": True}
    literal = [a for a in args if typing.get_origin(a) is typing.Literal] or (
        [annotation] if typing.get_origin(annotation) is typing.Literal else [])
    flat = [v for lit in literal for v in _literal_values(lit)]
    if flat:
        return {"type": "choice", "options": flat,
                "names": {v: CHOICE_NAMES[v] for v in flat if v in CHOICE_NAMES}}
    if annotation is str or str in args:
        return {"type": "text", "optional": optional}
    return {"type": "number", "optional": type(None) in typing.get_args(annotation)}


def _literal_values(lit: Any) -> list[str]:
    found: list[str] = []
    for v in typing.get_args(lit):
        found += _literal_values(v) if typing.get_origin(v) is typing.Literal else [v]
    return found


def _bounds(info: Any) -> dict[str, int]:
    found = {"min": 0, "max": 20}
    for m in info.metadata:  # pydantic's Ge and Le constraints
        for bound, key in (("ge", "min"), ("le", "max")):
            if isinstance(getattr(m, bound, None), int):
                found[key] = getattr(m, bound)
    return found


def composer_kinds() -> dict[str, dict[str, Any]]:
    """Each kind of demand as the composer offers it: {title, fields}."""
    hints = {k: typing.get_type_hints(cls, include_extras=False)
             for k, cls in demand_classes().items()}
    kinds: dict[str, dict[str, Any]] = {}
    for kind, (title, offered) in COMPOSER.items():
        cls = demand_classes()[kind]
        fields = []
        for name, label, drawn, dflt in offered:
            info = cls.model_fields[name]
            control = _control(hints[kind][name], drawn, not info.is_required())
            if control["type"] == "number":
                control.update(_bounds(info))
                # A number the card may leave unsaid: 0 means "not said" (left out).
                control["optional"] = dflt is None and control["optional"]
                if control["optional"]:
                    control["min"], control["max"], dflt = 0, 99, 0
            model_default = None if info.is_required() else info.get_default()
            shown = dflt if dflt is not None else model_default
            fields.append({"name": name, "label": label, **control, "dflt": _listed(shown)})
        kinds[kind] = {"title": title, "fields": fields}
    return kinds


def _listed(value: Any) -> Any:
    """A default as JSON has it: tuples, nested too, are lists."""
    return [_listed(v) for v in value] if isinstance(value, tuple) else value


def choice_defaults() -> dict[str, Any]:
    """The players' choices that are not empty when unset, with their defaults."""
    return {name: info.get_default() for name, info in Choices.model_fields.items()
            if info.get_default() not in (None, (), False, 0)}
