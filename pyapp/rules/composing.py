"""What the board's composer offers for each kind of demand: its name, its fields in the
players' words, and their bounds and defaults, read from the demand models themselves.

tools/board_schema.py writes this into static/shared/demand-kinds.js at build time, so the
page lists no kind and copies no bound: a new kind of demand is added here, in demands.py and
in telling.py, and the composer offers it (tests/core/test_telling.py walks every kind)."""

from __future__ import annotations

import typing
from typing import Any

from .demands import Demand, DemandBase
from .ruling import Choices
from .telling import GROUPS, RESOURCE_WORDS, TRACK_WORDS

# Each kind: its name in the composer, then (field, label, how it is drawn, default) for the
# fields it offers; the kind of control and its bounds come from the model where not said.
Offered = tuple[str, str, str | None, Any]
COMPOSER: dict[str, tuple[str, tuple[Offered, ...]]] = {
    "discard": ("Discard", ()),  # drawn as one resource and how many (static/board/panel/fields.js)
    "discard_determination": ("Discard Determination tokens", (
        ("amount", "Tokens", None, 1), ("who", "Who", None, "each"))),
    "have_weapon": ("Have a Weapon level", (("level", "Level", None, 1),)),
    "reduce": ("Reduce a track", (("track", "Track", None, "roof"), ("amount", "By", None, 1))),
    "increase": ("Raise a track", (("track", "Track", None, "roof"), ("amount", "By", None, 1))),
    "lower_morale": ("Lower Morale", (("amount", "By", None, 1),)),
    "discard_any": ("Discard some of wood or food (the players pick)", (
        ("amount", "How many in all", None, 1),
        ("of", "The players may pick from", "kinds", None))),
    "cover_source": ("Cover a source", (
        ("source", "Source", None, "food"), ("count", "How many", None, 1),
        ("adjacent", "Only on tiles next to the camp", None, None))),
    "combat": ("Combat", (
        ("beast", "The Beast", "beast", None), ("strength", "Strength", None, 3),
        ("weapon_loss", "Weapon track loses", None, 0), ("food", "Food it gives", None, 0),
        ("fur", "Fur it gives", None, 0))),
    "wounds": ("The card's own Wounds", (("amount", "Wounds", None, 1),)),
    "lose_pawn": ("Lose an Action pawn", (("who", "Who", None, "resolver"),)),
    "lose_item": ("Lose an Item", (("item", "Item (blank: the players choose)", None, None),)),
    "halve": ("Halve", (("target", "What", None, "food"),)),
    "place_token": ("Place a token", (("space", "Space", None, None),
                                      ("token", "Token", None, None))),
    "place_marker": ("Place a marker", (
        ("space", "Space (several, with commas: the first without one)", "spaces", None),
        ("marker", "Marker", None, None))),
    "weather_clouds": ("Weather clouds", (("rain", "Rain clouds", None, 0),
                                          ("snow", "Snow clouds", None, 0))),
    "night_eating": ("Night: eating", ()),
    "night_no_shelter": ("Night: no Shelter", ()),
    "children_food": ("Scenario 6: the children eat", ()),
    "morale_phase": ("The Morale Phase", ()),
    "adventure": ("Draw an Adventure card", ()),
    "requirement": ("A requirement to plan an Action (never a demand)", (
        ("weapon", "Weapon level it needs", None, 1),
        ("text", "What it asks for (optional)", None, None))),
    "move_camp": ("Move the camp", (("tile", "To tile (0: not named)", None, None),)),
    "halve_gain": ("A gain halved (rounded down)", (
        ("food", "Food it would give", None, 0), ("wood", "Wood it would give", None, 0),
        ("fur", "Fur it would give", None, 0))),
    "s7_palisade": ("Scenario 7: the red die hits the Palisade", (
        ("amount", "Palisade levels", None, 1),)),
}
# The quick chips: the kinds a card asks for most, each with the demand it starts from.
CHIPS: tuple[tuple[str, str, dict[str, Any]], ...] = (
    ("discard", "Discard", {"kind": "discard"}),  # which resource: the player taps it next
    ("track", "Roof / Palisade / Weapon −", {"kind": "reduce", "track": "roof", "amount": 1}),
    ("morale", "Lower Morale", {"kind": "lower_morale", "amount": 1}),
    ("cover", "Cover a source", {"kind": "cover_source", "source": "food", "count": 1}),
    ("combat", "Combat: strength", {"kind": "combat", "strength": 3, "weapon_loss": 0}),
    ("wounds", "Wounds", {"kind": "wounds", "amount": 1}),
)
# What a choice of a field is called in the composer.
CHOICE_NAMES = {**TRACK_WORDS, **{k: v.capitalize() for k, v in RESOURCE_WORDS.items()},
                "any": "Any kind", "each": "Each character", "first_player": "The First Player",
                "resolver": "Who resolves"}
assert set(GROUPS) <= set(CHOICE_NAMES)


# Controls of their own: a Beast from the catalogue, resource kinds in paying order (at
# least two), one space or several.
DRAWN: dict[str, dict[str, Any]] = {"beast": {"optional": True},
                                    "kinds": {"min": 2, "optional": True}, "spaces": {}}


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
            fields.append({"name": name, "label": label, **control,
                           "dflt": list(shown) if isinstance(shown, tuple) else shown})
        kinds[kind] = {"title": title, "fields": fields}
    return kinds


def choice_defaults() -> dict[str, Any]:
    """The players' choices that are not empty when unset, with their defaults."""
    return {name: info.get_default() for name, info in Choices.model_fields.items()
            if info.get_default() not in (None, (), False, 0)}
