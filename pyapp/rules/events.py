"""Events: what a verdict changes on the table; `Work.apply` applies them mechanically.

Named tuples, since a ruling makes many: `Work.apply` dispatches on the exact type, never on
equality (two kinds of event with the same fields compare equal as tuples)."""

from __future__ import annotations

from typing import Literal, NamedTuple

from .state import FigureId, ResourceKind


class Pay(NamedTuple):
    resource: ResourceKind
    amount: int
    from_future: bool = False


class Gain(NamedTuple):
    """Resources the players gain: to Future Resources, or straight to Available ones."""

    resource: ResourceKind
    amount: int
    to_future: bool


class SetLevel(NamedTuple):
    field: Literal["roof", "palisade", "weapon", "morale"]
    value: int


class PayDetermination(NamedTuple):
    figure: FigureId
    amount: int


class GainDetermination(NamedTuple):
    figure: FigureId
    amount: int


class Cover(NamedTuple):
    tile: int
    source: int  # index of the source on the tile


class Place(NamedTuple):
    space: str
    thing: str
    is_marker: bool


class FlipItem(NamedTuple):
    name: str


class SetFigure(NamedTuple):
    """Set a counter on a figure's card: Wounds, Action pawns, or food carried on the sheet."""

    figure: FigureId
    field: Literal["wounds", "pawns", "sheet_food"]
    value: int


class MoveWounds(NamedTuple):
    """Move the wound markers of the figures a demand hurts: (figure, new Wounds) each."""

    markers: tuple[tuple[FigureId, int], ...]


class SetShelter(NamedTuple):
    shelter: Literal["none", "built", "natural"]


class MoveCampTo(NamedTuple):
    tile: int


class CrewDies(NamedTuple):
    """Scenario 7: a film-crew member dies."""

    number: int


class DiscardCard(NamedTuple):
    """Cards leave the table: an unbuilt Invention card by its name, or `amount` cards from a
    deck (`deck`, as `state.decks` names it)."""

    deck: str
    amount: int = 1
    name: str = ""


class LoseGame(NamedTuple):
    reason: str


Event = (Pay | Gain | SetLevel | PayDetermination | GainDetermination | Cover | Place | FlipItem
         | SetFigure | MoveWounds | LoseGame | SetShelter | MoveCampTo | CrewDies | DiscardCard)

