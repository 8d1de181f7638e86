"""Events: what a verdict changes on the table; `Work.apply` applies them mechanically."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .state import FigureId, ResourceKind


@dataclass(frozen=True, slots=True)
class Pay:
    resource: ResourceKind
    amount: int
    from_future: bool = False


@dataclass(frozen=True, slots=True)
class SetLevel:
    field: Literal["roof", "palisade", "weapon", "morale"]
    value: int


@dataclass(frozen=True, slots=True)
class PayDetermination:
    figure: FigureId
    amount: int


@dataclass(frozen=True, slots=True)
class GainDetermination:
    figure: FigureId
    amount: int


@dataclass(frozen=True, slots=True)
class Cover:
    tile: int
    source: int  # index of the source on the tile


@dataclass(frozen=True, slots=True)
class Place:
    space: str
    thing: str
    is_marker: bool


@dataclass(frozen=True, slots=True)
class FlipItem:
    name: str


@dataclass(frozen=True, slots=True)
class SetFigure:
    """Set a counter on a figure's card: Wounds, Action pawns, or food carried on the sheet."""

    figure: FigureId
    field: Literal["wounds", "pawns", "sheet_food"]
    value: int


@dataclass(frozen=True, slots=True)
class LoseGame:
    reason: str


Event = (Pay | SetLevel | PayDetermination | GainDetermination | Cover | Place | FlipItem
         | SetFigure | LoseGame)

