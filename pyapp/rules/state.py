"""The table: everything on the board that a ruling on unfulfilled demand can read or change."""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import Field, StringConstraints, ValidationInfo, field_validator, model_validator

from .base import Value
from .i18n import _, n_
from .words import action_title, board_space, resource_words, role_name

Phase = Literal["event", "morale", "production", "action", "weather", "night"]
Role = Literal["cook", "carpenter", "explorer", "soldier"]
FigureId = Literal["cook", "carpenter", "explorer", "soldier", "friday", "jenny"]
ResourceKind = Literal["food", "nonperishable_food", "wood", "fur"]
Track = Literal["roof", "palisade", "weapon"]
ShelterKind = Literal["none", "built", "natural"]
SourceKind = Literal["food", "wood"]
ActionKind = Literal["threat", "hunt", "build", "gather", "explore", "arrange_camp", "rest"]

Count = Annotated[int, Field(ge=0, le=99)]
# Text a player types never holds a control character: C0 (line breaks, ESC), DEL, C1, the
# line and paragraph separators, or the marks that turn text around (U+061C, U+200E/F,
# U+202A-E, U+2066-9: a name with U+202E would print the rest of a line backwards). The
# pattern is written with escapes, read alike by pydantic's Rust regex, Python and JS.
PLAIN_TEXT = r"^[^\x00-\x1F\x7F-\x9F\u061C\u200E\u200F\u2028-\u202E\u2066-\u2069]*$"
Label = Annotated[str, StringConstraints(max_length=60, strip_whitespace=True,
                                         pattern=PLAIN_TEXT)]
Name = Annotated[str, StringConstraints(min_length=1, max_length=60, strip_whitespace=True,
                                        pattern=PLAIN_TEXT)]
Summary = Annotated[str, StringConstraints(max_length=500, pattern=PLAIN_TEXT)]

# How many of each thing a table holds, at most: the box's count where it has one, with room
# for expansions and house variants, so that no list a real table needs is refused and no
# input can make the board draw thousands of pieces (a short link can unpack to 62,000
# Discovery tokens). The game has 11 island tiles, about 25 Discovery tokens, 9 + 4 personal + 26
# further Invention cards, a few Equipment cards and Treasures per scenario.
MAX_TILES = 30
MAX_SOURCES = 4  # a tile shows at most 2
MAX_SPACES = 60
MAX_PIECES = 60  # tokens or markers on one space; Discovery tokens; Treasures
MAX_CARDS = 60  # Inventions, Equipment
MAX_BENEFITS = 8
MAX_PLANNED = 20  # 4 characters x 2 pawns, Friday and the dog: at most 10 Actions at once
MAX_PAWNS = 12


def at_most(count: int, **more: Any) -> Any:
    """A list field of at most `count` items. Its validation stops at the first bad item
    (pydantic's fail_fast): a list of 62,000 bad items costs one error, not 62,000."""
    return Field(max_length=count, fail_fast=True, **more)

RESOURCE_KINDS: tuple[ResourceKind, ...] = ("food", "nonperishable_food", "wood", "fur")
ROLES: tuple[Role, ...] = ("cook", "carpenter", "explorer", "soldier")
MORALE_MIN, MORALE_MAX = -3, 3


class Resources(Value):
    """A pile of resource cubes: Available, Future, or assigned to one planned Action."""

    food: Count = 0
    nonperishable_food: Count = 0
    wood: Count = 0
    fur: Count = 0

    def get(self, kind: ResourceKind) -> int:
        return int(getattr(self, kind))



class WoundTrack(Value):
    """A figure's wound track: Wounds that kill, and the spaces that carry a Morale arrow."""

    death_at: int = Field(ge=1, le=30)
    morale_arrows: tuple[int, ...] = at_most(30, default=())

    @field_validator("morale_arrows")
    @classmethod
    def _arrows_on_track(cls, arrows: tuple[int, ...], info: ValidationInfo) -> tuple[int, ...]:
        death_at = info.data.get("death_at", 0)
        for arrow in arrows:
            if not 1 <= arrow < death_at:
                raise ValueError(_("Morale arrow at {arrow} is off the track (1..{last})",
                                   arrow=arrow, last=death_at - 1))
        if list(arrows) != sorted(set(arrows)):
            raise ValueError(_("Morale arrows must be listed once each, in increasing order"))
        return arrows


# The sources give no track lengths (reference §1.7, [U]); the board lets players match their sheet.
CHARACTER_TRACK = WoundTrack(death_at=13, morale_arrows=(3, 6, 9, 12))
FRIDAY_TRACK = WoundTrack(death_at=4, morale_arrows=())
JENNY_TRACK = WoundTrack(death_at=10, morale_arrows=())


class Figure(Value):
    """Anything with a wound track."""

    track: WoundTrack
    wounds: Count = 0

    @field_validator("wounds")
    @classmethod
    def _wounds_on_track(cls, wounds: int, info: ValidationInfo) -> int:
        track = info.data.get("track")
        if track is not None and wounds > track.death_at:
            raise ValueError(n_("{n} Wound is past the death space ({death})",
                                "{n} Wounds are past the death space ({death})", wounds,
                                death=track.death_at))
        return wounds

    def is_dead(self) -> bool:
        return self.wounds >= self.track.death_at


class Character(Figure):
    """A player's character card."""

    role: Role
    name: Label = ""
    track: WoundTrack = CHARACTER_TRACK
    determination: Count = 0
    pawns: int = Field(default=2, ge=1, le=2)
    in_camp: bool = True
    sheet_food: Count = 0  # food a character outside the camp carries on their sheet

    @property
    def figure(self) -> FigureId:
        return self.role


class Friday(Figure):
    """Friday: a helper with his own wound track; not a character, never First Player."""

    track: WoundTrack = FRIDAY_TRACK
    determination: Count = 0
    in_camp: bool = True


class Jenny(Figure):
    """Jenny (scenario 3): a character for every 'all characters' effect once rescued."""

    rescued: bool = False
    track: WoundTrack = JENNY_TRACK
    in_camp: bool = True


class PlannedAction(Value):
    """A planned Action: its pawns (the first leads and resolves it) and resources tied to it."""

    id: Name
    action: ActionKind
    label: Label = ""
    pawns: tuple[FigureId, ...] = at_most(MAX_PAWNS, min_length=1)
    assigned: Resources = Resources()
    resolved: bool = False


class Source(Value):
    kind: SourceKind
    exhausted: bool = False  # covered by a black marker


class Tile(Value):
    """An Island tile: its sources, distance from the camp, and whether the camp is on it."""

    id: int = Field(ge=1, le=99)
    terrain: Label = ""
    distance: int = Field(default=0, ge=0, le=20)
    camp: bool = False
    natural_shelter: bool = False
    sources: tuple[Source, ...] = at_most(MAX_SOURCES, default=())


class Space(Value):
    """A place on the board that holds cardboard tokens and wooden markers."""

    id: Name
    tokens: tuple[Name, ...] = at_most(MAX_PIECES, default=())
    markers: tuple[Name, ...] = at_most(MAX_PIECES, default=())


SOURCE_SPACE = re.compile(r"^tile-(\d{1,2})-(food|wood)$")


def source_space(space_id: str | None) -> tuple[int, SourceKind] | None:
    """The tile and the kind of source a space names ("tile-2-food": tile 2's food source)."""
    found = SOURCE_SPACE.match(space_id or "")
    if found is None or not 1 <= int(found[1]) <= 99:
        return None
    return int(found[1]), found[2]  # type: ignore[return-value]


def space_words(space_id: str) -> str:
    """A space as the players say it: "tile-2-food" is "tile 2's food source", "tile-2" is
    "tile 2" and "weather" is "the Weather space"; a space the players named keeps their
    name."""
    found = source_space(space_id)
    if found is not None:
        return _("tile {tile}'s {kind} source", tile=found[0], kind=resource_words(found[1]))
    tile = re.fullmatch(r"tile-(\d{1,2})", space_id)
    return _("tile {tile}", tile=tile[1]) if tile else board_space(space_id) or space_id


def _is_black_on_source(space: Space) -> bool:
    return "black" in space.markers and source_space(space.id) is not None


def _covered(tile: Tile, kind: SourceKind) -> Tile:
    """The tile with its source of this kind covered: the first one if none is yet; a source
    of this kind, covered, if the tile showed none."""
    sources = tile.sources
    if any(s.kind == kind and s.exhausted for s in sources):
        return tile
    at = next((i for i, s in enumerate(sources) if s.kind == kind), None)
    if at is None:
        return tile.evolve(sources=(*sources, Source(kind=kind, exhausted=True)))
    return tile.evolve(sources=tuple(Source(kind=kind, exhausted=True) if i == at else s
                                     for i, s in enumerate(sources)))


class Benefit(Value):
    """One thing an Item gives while it is built; losing the Item reverts it as far as possible."""

    kind: Literal["resource", "track", "ability"]
    resource: ResourceKind | None = None
    track: Track | None = None
    amount: int = Field(default=0, ge=0, le=20)
    text: Label = ""

    @model_validator(mode="after")
    def _target(self) -> Benefit:
        if self.kind == "resource" and self.resource is None:
            raise ValueError(_("a resource benefit names its resource"))
        if self.kind == "track" and self.track is None:
            raise ValueError(_("a track benefit names its track"))
        return self


class Invention(Value):
    """An Invention card; built, it is an Item giving its benefits."""

    name: Name
    built: bool = False
    scenario: bool = False  # scenario-sheet Items are never flipped back
    benefits: tuple[Benefit, ...] = at_most(MAX_BENEFITS, default=())


class Equipment(Value):
    name: Name
    uses_left: int = Field(default=2, ge=0, le=2)


class Decks(Value):
    """How many cards the players could still discard from each deck, when they count them
    (None: not counted; a demand to discard from it then asks). A deck that runs out is gone
    (discarded cards leave the game); the Mystery deck counts its discard pile too, since it
    is shuffled again when the deck runs out."""

    invention_deck: Count | None = None
    mystery: Count | None = None
    event: Count | None = None
    build: Count | None = None
    gather: Count | None = None
    explore: Count | None = None
    hunting: Count | None = None


class HouseRules(Value):
    """Switches for the product's rulings where the rules are silent (docs/rules/rulings.md)."""

    shortfall_hurts_all: bool = False  # R1
    same_action_gains_pay: bool = False  # R5
    no_shelter_reduction_ignored: bool = False  # R9


class Loss(Value):
    reason: Label


class TableState(Value):
    """The whole table, as the players set it up."""

    round: int = Field(default=1, ge=1, le=12)
    phase: Phase = "event"
    scenario: int = Field(default=1, ge=1, le=7)
    house_rules: HouseRules = HouseRules()
    characters: tuple[Character, ...] = at_most(4, min_length=1)
    first_player: Role
    friday: Friday | None = None
    dog: bool = False
    jenny: Jenny | None = None
    available: Resources = Resources()
    future: Resources = Resources()
    planned_actions: tuple[PlannedAction, ...] = at_most(MAX_PLANNED, default=())
    shelter: ShelterKind = "none"
    roof: Count = 0
    palisade: Count = 0
    weapon: Count = 0
    morale: int = Field(default=0, ge=MORALE_MIN, le=MORALE_MAX)
    tiles: tuple[Tile, ...] = at_most(MAX_TILES, default=())
    spaces: tuple[Space, ...] = at_most(MAX_SPACES, default=())
    discovery_tokens: tuple[Name, ...] = at_most(MAX_PIECES, default=())
    equipment: tuple[Equipment, ...] = at_most(MAX_CARDS, default=())
    inventions: tuple[Invention, ...] = at_most(MAX_CARDS, default=())
    treasures: tuple[Name, ...] = at_most(MAX_PIECES, default=())
    decks: Decks = Decks()  # cards left in each deck, where the players counted them
    film_crew: tuple[Annotated[int, Field(ge=1, le=10)], ...] = Field(
        default=(), max_length=10)  # scenario 7: the living film-crew members, by number
    lost: Loss | None = None

    @model_validator(mode="after")
    def _consistent(self) -> TableState:
        """Check the table as a whole.

        An after-validator, not a wrap: a wrap would have pydantic turn request JSON into
        Python objects before validating it, a quarter slower to read a request. The price
        is that pydantic runs it again on a finished table passed on as it is (the Ruling
        skips that, `Ruling._table`), so it is kept short."""
        roles = {c.role for c in self.characters}
        if len(roles) != len(self.characters):
            raise ValueError(_("each character may be at the table only once"))
        if self.first_player not in roles:
            raise ValueError(_("the First Player ({who}) is not at the table",
                               who=self.first_player))
        if self.jenny is not None and self.scenario != 3:
            raise ValueError(_("Jenny is only in scenario 3"))
        if self.shelter == "none" and (self.roof or self.palisade):
            raise ValueError(_("Roof and Palisade need a Shelter"))
        if self.planned_actions:
            self._check_actions(roles)
        tiles = self.tiles
        if len(tiles) > 1 and len({t.id for t in tiles}) != len(tiles):
            raise ValueError(_("two tiles have the same number"))
        if self.spaces and any(_is_black_on_source(s) for s in self.spaces):
            return self._black_markers_on_tiles()
        return self

    def _black_markers_on_tiles(self) -> TableState:
        """One fact, one place: a black marker on a source's space ("tile-2-food") is that
        tile's source covered. The table keeps it on the tile (the source `exhausted`), once:
        the tile and the source are added if the table lacks them; a second marker on a
        source already covered is the same fact."""
        tiles = {t.id: t for t in self.tiles}
        for space in self.spaces:
            if _is_black_on_source(space):
                number, kind = source_space(space.id)  # type: ignore[misc]
                tiles[number] = _covered(tiles.get(number) or Tile(id=number), kind)
        spaces = tuple(s.evolve(markers=tuple(m for m in s.markers if m != "black"))
                       if _is_black_on_source(s) else s for s in self.spaces)
        return self.evolve(tiles=tuple(tiles.values()), spaces=tuple(
            s for s in spaces if s.tokens or s.markers))

    def _check_actions(self, roles: set[Role]) -> None:
        present: set[str] = set(roles)
        if self.friday is not None:
            present.add("friday")
        if self.jenny is not None:
            present.add("jenny")
        actions = self.planned_actions
        for action in actions:
            for pawn in action.pawns:
                if pawn not in present:
                    raise ValueError(_("planned Action “{action}”: {who} is not at the table",
                                       action=action_title(action.action, action.label),
                                       who=role_name(pawn)))
        if len({a.id for a in actions}) != len(actions):
            raise ValueError(_("two planned Actions have the same name"))

    def figures(self) -> tuple[FigureId, ...]:
        """Every figure with a wound track at the table."""
        found: list[FigureId] = [c.role for c in self.characters]
        if self.friday is not None:
            found.append("friday")
        if self.jenny is not None:
            found.append("jenny")
        return tuple(found)

    def character(self, role: str) -> Character | None:
        return next((c for c in self.characters if c.role == role), None)

    def figure(self, fid: FigureId) -> Figure:
        if fid == "friday" and self.friday is not None:
            return self.friday
        if fid == "jenny" and self.jenny is not None:
            return self.jenny
        found = self.character(fid)
        if found is None:
            raise KeyError(fid)
        return found

    def has_shelter(self) -> bool:
        return self.shelter != "none"

    def tied_up(self, kind: ResourceKind) -> int:
        """How much of one resource is assigned to planned Actions not yet resolved."""
        return sum(a.assigned.get(kind) for a in self.planned_actions if not a.resolved)

    def turn_order(self) -> tuple[Role, ...]:
        """Characters in seat order, starting with the First Player."""
        roles = [c.role for c in self.characters]
        start = roles.index(self.first_player)
        return tuple(roles[start:] + roles[:start])

    def space(self, space_id: str) -> Space:
        return next((s for s in self.spaces if s.id == space_id), Space(id=space_id))
