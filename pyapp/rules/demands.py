"""Demands as data: what a card asks of the table, one tagged value per instruction."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from .base import Value
from .state import Count, FigureId, Label, Name, ResourceKind, SourceKind, Track

Who = Literal["each", "first_player", "resolver"] | FigureId
# Who suffers: by phase ("default"), a group, or one figure the card names ("carpenter").
VictimRule = Literal["default", "all", "in_camp", "first_player", "resolver"] | FigureId
Amount = Annotated[int, Field(ge=1, le=20)]


class DemandBase(Value):
    """What every demand may say: 'if possible', and whom it names as the victim."""

    if_possible: bool = False
    victims: VictimRule = "default"


class Discard(DemandBase):
    """Discard resources, several kinds at once. `food` may be paid with either kind of food."""

    kind: Literal["discard"]
    food: Count = 0
    nonperishable_food: Count = 0
    wood: Count = 0
    fur: Count = 0
    each: bool = False  # "each player discards 1 food": the amounts are per victim (R1)

    @model_validator(mode="after")
    def _something(self) -> Discard:
        if not (self.food or self.nonperishable_food or self.wood or self.fur):
            raise ValueError("a discard names at least one resource to discard")
        return self

    def wanted(self) -> tuple[tuple[ResourceKind, int], ...]:
        pairs: tuple[tuple[ResourceKind, int], ...] = (
            ("food", self.food),
            ("nonperishable_food", self.nonperishable_food),
            ("wood", self.wood),
            ("fur", self.fur),
        )
        return tuple((k, n) for k, n in pairs if n)


class DiscardDetermination(DemandBase):
    kind: Literal["discard_determination"]
    amount: Amount
    who: Who = "each"


class HaveWeapon(DemandBase):
    kind: Literal["have_weapon"]
    level: Amount


class Reduce(DemandBase):
    kind: Literal["reduce"]
    track: Track
    amount: Amount


class Increase(DemandBase):
    kind: Literal["increase"]
    track: Track
    amount: Amount


class LowerMorale(DemandBase):
    kind: Literal["lower_morale"]
    amount: Amount


class CoverSource(DemandBase):
    """Cover a source with a black marker: the closest of its kind, or one on a named tile."""

    kind: Literal["cover_source"]
    source: SourceKind
    count: Amount = 1
    tile: int | None = Field(default=None, ge=1, le=99)


class PlaceToken(DemandBase):
    kind: Literal["place_token"]
    space: Name
    token: Name


class PlaceMarker(DemandBase):
    kind: Literal["place_marker"]
    space: Name
    marker: Name


class LosePawn(DemandBase):
    kind: Literal["lose_pawn"]
    who: Who = "resolver"


class LoseItem(DemandBase):
    kind: Literal["lose_item"]
    item: Name | None = None  # None: the players choose which Item


class Halve(DemandBase):
    """Halve a value the players lose: keep half, rounded up (R8)."""

    kind: Literal["halve"]
    target: Literal["food", "wood", "fur", "roof", "palisade", "weapon"]


class Combat(DemandBase):
    """Fight a Beast: Wounds for strength above Weapon, then the Weapon track loses its value;
    then the players gain the Beast's food and fur (Future Resources in the Action Phase)."""

    kind: Literal["combat"]
    strength: int = Field(ge=0, le=20)
    weapon_loss: Count = 0
    beast: Label = ""
    food: Count = 0
    fur: Count = 0


class WeatherClouds(DemandBase):
    """Weather: discard 1 wood per snow cloud, then N food and N wood, N = clouds − Roof."""

    kind: Literal["weather_clouds"]
    rain: Count = 0
    snow: Count = 0


class NightEating(DemandBase):
    kind: Literal["night_eating"]


class NightNoShelter(DemandBase):
    kind: Literal["night_no_shelter"]


class ChildrenFood(DemandBase):
    """Scenario 6: the children eat at Night; short of food, the game is lost."""

    kind: Literal["children_food"]
    amount: int | None = Field(default=None, ge=0, le=20)  # None: by round (R11)


class MoralePhase(DemandBase):
    """The Morale Phase: the First Player gains or discards tokens as the Morale space says."""

    kind: Literal["morale_phase"]


class SufferWounds(DemandBase):
    """A card's own Wounds ("each character suffers 1 Wound"): not unfulfilled demand."""

    kind: Literal["wounds"]
    amount: Amount


Demand = Annotated[
    Discard
    | DiscardDetermination
    | HaveWeapon
    | Reduce
    | Increase
    | LowerMorale
    | CoverSource
    | PlaceToken
    | PlaceMarker
    | LosePawn
    | LoseItem
    | Halve
    | Combat
    | WeatherClouds
    | NightEating
    | NightNoShelter
    | ChildrenFood
    | MoralePhase
    | SufferWounds,
    Field(discriminator="kind"),
]


class Effect(Value):
    """A card effect: demands resolved in order, and the card's own alternative if it states one."""

    label: Label = ""
    demands: tuple[Demand, ...] = Field(min_length=1, max_length=8)
    alternative: tuple[Demand, ...] | None = Field(default=None, min_length=1, max_length=8)
