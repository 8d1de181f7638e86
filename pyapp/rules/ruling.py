"""The question put to the referee (context, choices) and its answer (the ruling).

The records inside a ruling (steps, payments, Wounds, decisions) are frozen dataclasses: the
referee makes dozens per ruling, and pydantic validates them whenever a ruling is parsed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import Field

from .base import Value
from .clauses import CLAUSES, Certainty, certainty_of
from .state import Count, FigureId, Label, Name, ResourceKind, Resources, TableState


class Context(Value):
    """Who is resolving, and whether this is the outcome of a combat in the Event Phase."""

    resolver: FigureId | None = None
    event_combat: bool = False
    gained_this_action: Resources = Resources()  # still in Future Resources (R5)


class Choices(Value):
    """Decisions that belong to the players; each has a suggested default."""

    food_order: Literal["perishable_first", "nonperishable_first"] = "perishable_first"
    use_alternative: bool = False
    weapon_bonus: Count = 0  # a temporary Weapon bonus the players choose to use in combat
    fed: tuple[FigureId, ...] | None = None  # who eats when food is short
    children_first: bool = True  # scenario 6: feed the children before the characters
    item: Name | None = None  # which Item is lost
    short: tuple[FigureId, ...] | None = None  # who goes without on an "each" demand
    morale_top: Literal["tokens", "heal"] = "tokens"  # Morale at the top: 2 tokens or heal 1


@dataclass(frozen=True, slots=True)
class Step:
    """One thing the referee did, the rule it applied, and how sure that rule is."""

    clause: str
    text: str
    certainty: Certainty
    switch: str | None = None
    demand: int | None = None  # index of the demand in the effect; None for the whole ruling


def step(clause: str, text: str, demand: int | None = None,
         certainty: Certainty | None = None) -> Step:
    """A step citing a clause of the catalogue; house rulings name their switch."""
    stated, switch = CLAUSE_META[clause]
    return Step(clause, text, certainty or stated, switch, demand)


CLAUSE_META: dict[str, tuple[Certainty, str | None]] = {  # clause id -> certainty, switch
    cid: (certainty_of(cid), c.switch) for cid, c in CLAUSES.items()}


@dataclass(frozen=True, slots=True)
class Payment:
    """What was paid towards one part of a demand, and what could not be."""

    demand: int
    what: str
    wanted: int
    paid: int


@dataclass(frozen=True, slots=True)
class WoundReport:
    """The Wounds one figure suffers: of unfulfilled demand, and from the effect itself."""

    figure: FigureId
    unfulfilled: int = 0
    other: int = 0
    morale_arrows: int = 0
    died: bool = False


@dataclass(frozen=True, slots=True)
class Option:
    value: str
    label: str


@dataclass(frozen=True, slots=True)
class Decision:
    """A choice the players make; the ruling shows which option it used."""

    id: Literal["food_order", "use_alternative", "weapon_bonus", "fed", "children_first",
                "item", "short", "morale_top"]
    question: str
    options: tuple[Option, ...]
    chosen: str
    default: str


class Ruling(Value):
    """The referee's answer: the new table, the ordered steps, Wounds, and what follows."""

    format: Literal["castaway-referee/ruling"] = "castaway-referee/ruling"
    version: Literal[1] = 1
    state: TableState
    steps: tuple[Step, ...]
    payments: tuple[Payment, ...] = ()
    wounds: tuple[WoundReport, ...] = ()
    unfulfilled: bool = False
    unfulfilled_units: Count = 0
    used_alternative: bool = False
    morale_change: int = 0
    game_lost: bool = False
    lost_reason: Label | None = None
    decisions: tuple[Decision, ...] = ()
    not_spent: tuple[Annotated[str, Field(max_length=200)], ...] = Field(
        default=(), description="C4: what could avoid a loss")


def resource_label(kind: ResourceKind) -> str:
    return _RESOURCE_LABELS[kind]


_RESOURCE_LABELS: dict[str, str] = {"food": "food", "nonperishable_food": "non-perishable food",
                                    "wood": "wood", "fur": "fur"}
