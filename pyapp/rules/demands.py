"""Demands as data: what a card asks of the table, one tagged value per instruction."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from .base import Value
from .i18n import _
from .state import Count, FigureId, Label, Name, ResourceKind, SourceKind, Track, at_most

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
    perishable_food: Count = 0  # "discard N food (not non-perishable)": only perishable pays
    wood: Count = 0
    fur: Count = 0
    each: bool = False  # "each player discards 1 food": the amounts are per victim (R1)

    @model_validator(mode="after")
    def _something(self) -> Discard:
        if not (self.food or self.nonperishable_food or self.perishable_food or self.wood
                or self.fur):
            raise ValueError(_("a discard names at least one resource to discard"))
        return self

    def wanted(self) -> tuple[tuple[str, int], ...]:
        pairs: tuple[tuple[str, int], ...] = (
            ("food", self.food),
            ("nonperishable_food", self.nonperishable_food),
            ("perishable_food", self.perishable_food),
            ("wood", self.wood),
            ("fur", self.fur),
        )
        return tuple((k, n) for k, n in pairs if n)


class DiscardAny(DemandBase):
    """"Discard N of wood or food": the players pick which kinds pay (a decision, `pick`)."""

    kind: Literal["discard_any"]
    amount: Amount
    of: tuple[ResourceKind, ...] = at_most(4, default=("wood", "food"), min_length=2)

    @model_validator(mode="after")
    def _distinct(self) -> DiscardAny:
        if len(set(self.of)) != len(self.of):
            raise ValueError(_("name each kind of resource once"))
        return self


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
    """Cover a source with a black marker: the closest of its kind (or of any kind), one on a
    named tile, one on the tiles adjacent to the camp, or one on the camp's own tile."""

    kind: Literal["cover_source"]
    source: SourceKind | Literal["any"]
    count: Amount = 1
    tile: int | None = Field(default=None, ge=1, le=99)
    adjacent: bool = False  # only on the tiles adjacent to the camp (distance 1)
    at_camp: bool = False  # only on the tile the camp is on, wherever the camp stands

    @model_validator(mode="after")
    def _one_place(self) -> CoverSource:
        if self.at_camp and (self.tile is not None or self.adjacent):
            raise ValueError(_("a source on the camp's tile cannot also be on a named tile or "
                               "next to the camp"))
        return self


class PlaceToken(DemandBase):
    kind: Literal["place_token"]
    space: Name
    token: Name


class PlaceMarker(DemandBase):
    """Place a wooden marker: on `space`, or on the first of the eligible `spaces` without one."""

    kind: Literal["place_marker"]
    space: Name | None = None
    spaces: tuple[Name, ...] = at_most(20, default=())
    marker: Name

    @model_validator(mode="after")
    def _where(self) -> PlaceMarker:
        if (self.space is None) == (not self.spaces):
            raise ValueError(_("name the space, or the eligible spaces, but not both"))
        return self


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


class HalveGain(DemandBase):
    """A gain halved (Raging River's Production): half the total, rounded down, is gained;
    the players choose the mix (`gain_mix`). Not a demand (R8)."""

    kind: Literal["halve_gain"]
    food: Count = 0
    wood: Count = 0
    fur: Count = 0


class AdventureCard(DemandBase):
    """Draw an Adventure card (the die or a token says so): Friday, resolving alone, suffers
    1 Wound instead; this is not unfulfilled demand."""

    kind: Literal["adventure"]


class Requirement(DemandBase):
    """A Threat Action's (or another Action's) planning requirement: never a demand."""

    kind: Literal["requirement"]
    weapon: int | None = Field(default=None, ge=1, le=20)
    text: Label = ""


class MoveCamp(DemandBase):
    """Move the camp: Roof and Palisade keep half, rounded up; a natural Shelter is lost."""

    kind: Literal["move_camp"]
    tile: int | None = Field(default=None, ge=1, le=99)  # the new camp tile
    # The camp cannot move (no tile it may go to): the card's alternative for this part
    # applies (`part`); a card that states none makes it 1 unit of unfulfilled demand.
    blocked: bool = False

    @model_validator(mode="after")
    def _blocked_goes_nowhere(self) -> MoveCamp:
        if self.blocked and self.tile is not None:
            raise ValueError(_("a camp that cannot move has no new tile"))
        return self


class PalisadeRedDie(DemandBase):
    """Scenario 7: the red die takes the Palisade down; below 0, each character takes 1 Wound,
    Morale −1, and the lowest-numbered film-crew member dies (still unfulfilled demand)."""

    kind: Literal["s7_palisade"]
    amount: Amount = 1


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


DeckKind = Literal["invention", "invention_deck", "mystery", "event", "build", "gather",
                   "explore", "hunting"]


class DiscardCards(DemandBase):
    """Discard cards ("discard 2 Invention cards"): the unbuilt Invention cards on the board
    (`invention`; the players choose which, `choices.cards`), or cards from a deck, counted in
    `state.decks`. Each card that cannot be discarded is 1 unit of unfulfilled demand (C1:
    "discard resources, cards or Determination tokens")."""

    kind: Literal["discard_cards"]
    cards: DeckKind = "invention"
    amount: Amount = 1


class SufferWounds(DemandBase):
    """A card's own Wounds ("each character suffers 1 Wound"): not unfulfilled demand."""

    kind: Literal["wounds"]
    amount: Amount


class _Composite(DemandBase):
    """A demand made of demands: it names no victims of its own and is never 'if possible'
    as a whole (each of its demands says so for itself)."""

    @model_validator(mode="after")
    def _no_own_victims(self) -> _Composite:
        if self.if_possible or self.victims != "default":
            raise ValueError(_("say 'if possible' and who suffers on the demands inside it, "
                               "not on the part or the choice itself"))
        return self


class CardPart(_Composite):
    """One part of a card with its own alternative ("the camp must move; if it cannot, …",
    "… or 1 fur, otherwise each character suffers 2 Wounds"): its demands, or, when they
    cannot be paid in full, its alternative instead (R13, no partial payment; the players may
    also choose the alternative, `choices.part_alternative`)."""

    kind: Literal["part"]
    demands: tuple[Demand, ...] = at_most(8, min_length=1)
    alternative: tuple[Demand, ...] = at_most(8, min_length=1)


class Choose(_Composite):
    """The players choose one of several demands ("lose half the Roof or half the Palisade"):
    each option is a list of demands; the referee suggests the one that costs least
    (`choices.option` takes another)."""

    kind: Literal["choose"]
    options: tuple[tuple[Demand, ...], ...] = Field(min_length=2, max_length=4)

    @model_validator(mode="after")
    def _options_say_something(self) -> Choose:
        if any(not 1 <= len(o) <= 8 for o in self.options):
            raise ValueError(_("each option of a choice names 1 to 8 demands"))
        return self


HungryAnimals = Literal["none", "food", "palisade", "fight"]


class WeatherPhase(_Composite):
    """The whole Weather Phase as the dice and tokens show it, ruled in the rulebook's order:
    snow and rain clouds (the dice's and the Event cards' tokens together, against the Roof),
    then the Hungry Animals die, then the Storm token (Palisade −1, after all other steps)."""

    kind: Literal["weather_phase"]
    rain: Count = 0  # rain clouds on the dice
    snow: Count = 0  # snow clouds on the dice
    rain_tokens: Count = 0  # rain tokens the Event cards placed
    snow_tokens: Count = 0  # snow tokens the Event cards placed
    hungry: HungryAnimals = "none"  # the Hungry Animals die's face
    storm: bool = False  # a Storm token on the Weather space

    def parts(self) -> tuple[Demand, ...]:
        """Its demands, in the order the rulebook plays them."""
        found: list[Demand] = []
        rain, snow = self.rain + self.rain_tokens, self.snow + self.snow_tokens
        if rain or snow:
            found.append(WeatherClouds(kind="weather_clouds", rain=rain, snow=snow))
        if self.hungry == "food":
            found.append(Discard(kind="discard", food=1))
        elif self.hungry == "palisade":
            found.append(Reduce(kind="reduce", track="palisade", amount=1))
        elif self.hungry == "fight":
            found.append(Combat(kind="combat", strength=3, beast="Hungry Animals"))
        if self.storm:
            found.append(Reduce(kind="reduce", track="palisade", amount=1))
        return tuple(found)


Demand = Annotated[
    Discard
    | DiscardCards
    | CardPart
    | Choose
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
    | WeatherPhase
    | NightEating
    | NightNoShelter
    | ChildrenFood
    | MoralePhase
    | SufferWounds
    | DiscardAny
    | HalveGain
    | AdventureCard
    | Requirement
    | MoveCamp
    | PalisadeRedDie,
    Field(discriminator="kind"),
]


class Effect(Value):
    """A card effect: demands resolved in order, and the card's own alternative if it states one."""

    label: Label = ""
    demands: tuple[Demand, ...] = at_most(8, min_length=1)
    alternative: tuple[Demand, ...] | None = at_most(8, default=None, min_length=1)


CardPart.model_rebuild()
Choose.model_rebuild()
WeatherPhase.model_rebuild()
Effect.model_rebuild()
