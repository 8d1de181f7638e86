"""The question put to the referee (context, choices) and its answer (the ruling).

The records inside a ruling (steps, payments, Wounds, decisions) are frozen dataclasses: the
referee makes dozens per ruling, and pydantic validates them whenever a ruling is parsed."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Annotated, Any, Literal

from pydantic import Field, ValidatorFunctionWrapHandler, field_validator

from .base import Value
from .clauses import CERTAINTY_RANK, CLAUSES, PARTS, Certainty
from .state import (
    MAX_PIECES,
    Count,
    FigureId,
    Label,
    Name,
    ResourceKind,
    Resources,
    TableState,
    at_most,
)
from .words import resource_words

# Steps that only inform: they decide nothing that is paid, suffered or follows.
INFORMING = frozenset({"C4"})
Place = Annotated[int, Field(ge=0, le=20)]  # a demand's place in the effect, from 0


class Context(Value):
    """Who is resolving, and whether this is the outcome of a combat in the Event Phase."""

    resolver: FigureId | None = None
    event_combat: bool = False
    gained_this_action: Resources = Resources()  # still in Future Resources (R5)
    # How the planned Action being resolved ended, when the request says so: it ends before
    # the card's demands are ruled, as the board's `resolve_action` ends it (R6 on failure).
    outcome: Literal["success", "failure"] | None = None
    action: Name | None = None  # which planned Action (None: the resolver's only open one)


class Choices(Value):
    """Decisions that belong to the players; each has a suggested default."""

    food_order: Literal["perishable_first", "nonperishable_first"] = "perishable_first"
    pick: tuple[ResourceKind, ...] | None = at_most(4, default=None)  # which kinds pay
    # "N of wood or food", in order
    gain_mix: Resources | None = None  # what a halved gain gives, when the players choose
    # Discovery tokens and Treasures the players choose to use (C4)
    use: tuple[Name, ...] = at_most(MAX_PIECES, default=())
    use_alternative: bool = False
    weapon_bonus: Count = 0  # a temporary Weapon bonus the players choose to use in combat
    fed: tuple[FigureId, ...] | None = at_most(6, default=None)  # who eats when
    # food is short
    children_first: bool = True  # scenario 6: feed the children before the characters
    item: Name | None = None  # which Item is lost
    short: tuple[FigureId, ...] | None = at_most(6, default=None)  # who goes
    # without on an "each" demand
    morale_top: Literal["tokens", "heal"] = "tokens"  # Morale at the top: 2 tokens or heal 1
    cards: tuple[Name, ...] | None = at_most(MAX_PIECES, default=None)  # which Invention
    # cards are discarded, in order
    # The option the players take of each `choose` demand, by the demand's place in the
    # effect ({"0": 1}: the first demand's second option); the page sends "0:1". At most 21
    # places (0-20), so its size needs no bound of its own.
    option: dict[Place, Annotated[int, Field(ge=0, le=3)]] | None = None
    # The `part` demands (by place) whose alternative the players take; the page sends "0;2"
    # ("none": no part's).
    part_alternative: tuple[Place, ...] = at_most(20, default=())

    @field_validator("option", mode="before")
    @classmethod
    def _option_pairs(cls, value: Any) -> Any:
        """"0:1;2:0" (as a page's choice sends it) is {0: 1, 2: 0}."""
        if isinstance(value, str):
            pairs = [p.split(":", 1) for p in re.split(r"[,;]", value) if p.strip()]
            return {k.strip(): v.strip() for k, v in pairs} if all(
                len(p) == 2 for p in pairs) else value
        return value

    @field_validator("part_alternative", mode="before")
    @classmethod
    def _places(cls, value: Any) -> Any:
        """"0;2" (as a page's choice sends it) is (0, 2); "none" is no place."""
        if isinstance(value, str):
            return tuple(p.strip() for p in re.split(r"[,;]", value)
                         if p.strip() and p.strip() != "none")
        return value


@dataclass(frozen=True, slots=True)
class Step:
    """One thing the referee did, the rule it applied, and how sure that rule is."""

    clause: str
    text: str
    certainty: Certainty
    switch: str | None = None
    demand: int | None = None  # index of the demand in the effect; None for the whole ruling
    part: str | None = None  # the part of a ruling it applies ("R8.zero"), when it has parts
    by_card: bool = False  # it applies the card's own words (who suffers): stated by the card
    # The figures the step names as suffering Wounds ("Cook goes without and suffers 1 Wound").
    names: tuple[FigureId, ...] = ()
    # On a step that tallies Wounds (one line of who suffers what): the Wounds it deals to each
    # figure it names; 0 on every other step.
    deals: int = 0
    # Whether the step decides what is paid, who suffers or what follows; one that decides
    # nothing (what could still avoid a loss, C4; an 'if possible' shortfall that C9 cancels)
    # does not make the ruling less sure.
    decides: bool = True


def step(cite: str, text: str, demand: int | None = None,
         certainty: Certainty | None = None) -> Step:
    """A step citing a clause of the catalogue, or one part of a ruling ("R8.zero"); it
    carries that clause's or part's certainty, unless it combines rules (`derived`)."""
    clause, part, sure, switch, by_card = CLAUSE_META[cite]
    return new_step(clause, text, certainty or sure, switch, demand, part, by_card,
                    decides=clause not in INFORMING)


# What a step may cite -> (clause id, part id, certainty, switch, by_card): every clause, every
# part.
CLAUSE_META: dict[str, tuple[str, str | None, Certainty, str | None, bool]] = {
    cid: (cid, None, c.certainty, c.switch, c.by_card) for cid, c in CLAUSES.items()}
CLAUSE_META.update({pid: (c.id, pid, p.certainty, c.switch, c.by_card)
                    for pid, (c, p) in PARTS.items()})


# What a payment takes: resources (paid), a track's levels (lowered), a level the table must
# have (needed), a figure's Determination tokens (discarded), sources (covered).
PaymentKind = Literal["resource", "track", "level", "determination", "source"]


@dataclass(frozen=True, slots=True)
class Payment:
    """What was paid towards one part of a demand, and what could not be."""

    demand: int
    what: str
    wanted: int
    paid: int
    kind: PaymentKind = "resource"  # which verb fits it: paid, lowered, needed, discarded, covered


@dataclass(frozen=True, slots=True)
class GainReport:
    """What the players gained from one demand (a Beast's food and fur), and where it went."""

    demand: int
    what: ResourceKind
    amount: int
    to: Literal["available", "future"]


@dataclass(frozen=True, slots=True)
class WoundReport:
    """The Wounds one figure suffers: of unfulfilled demand, and from the effect itself."""

    figure: FigureId
    unfulfilled: int = 0
    other: int = 0
    morale_arrows: int = 0
    died: bool = False


# Quick constructors for the records the referee makes by the dozen in every ruling. A frozen
# dataclass's `__init__` sets each field with `object.__setattr__`, to get past its own guard;
# setting the slots through their descriptors does the same work in about half the time. The
# records are the same frozen values: nothing else can change them.
def _slot_setters(cls: type, names: str) -> tuple[Callable[[object, object], None], ...]:
    """The setters of a frozen, slotted dataclass's fields, which must be `names`, in order."""
    if names.split() != [f.name for f in fields(cls)]:
        raise TypeError(f"{cls.__name__} has other fields than {names!r}")
    return tuple(getattr(cls, name).__set__ for name in names.split())


_new = object.__new__
_STEP = _slot_setters(Step, "clause text certainty switch demand part by_card names deals "
                      "decides")
_PAYMENT = _slot_setters(Payment, "demand what wanted paid kind")
_REPORT = _slot_setters(WoundReport, "figure unfulfilled other morale_arrows died")


def new_step(clause: str, text: str, certainty: Certainty, switch: str | None,
             demand: int | None, part: str | None = None, by_card: bool = False,
             names: tuple[FigureId, ...] = (), deals: int = 0, decides: bool = True) -> Step:
    """`Step(clause, text, certainty, switch, demand, part, by_card, names, deals, decides)`,
    made quickly."""
    made: Step = _new(Step)
    (set_clause, set_text, set_certainty, set_switch, set_demand, set_part, set_by_card,
     set_names, set_deals, set_decides) = _STEP
    set_clause(made, clause)
    set_text(made, text)
    set_certainty(made, certainty)
    set_switch(made, switch)
    set_demand(made, demand)
    set_part(made, part)
    set_by_card(made, by_card)
    set_names(made, names)
    set_deals(made, deals)
    set_decides(made, decides)
    return made


def new_payment(demand: int, what: str, wanted: int, paid: int,
                kind: PaymentKind = "resource") -> Payment:
    """`Payment(demand, what, wanted, paid, kind)`, made quickly."""
    made: Payment = _new(Payment)
    set_demand, set_what, set_wanted, set_paid, set_kind = _PAYMENT
    set_demand(made, demand)
    set_what(made, what)
    set_wanted(made, wanted)
    set_paid(made, paid)
    set_kind(made, kind)
    return made


def new_report(figure: FigureId, unfulfilled: int, other: int, morale_arrows: int,
               died: bool) -> WoundReport:
    """`WoundReport(figure, unfulfilled, other, morale_arrows, died)`, made quickly."""
    made: WoundReport = _new(WoundReport)
    set_figure, set_unfulfilled, set_other, set_arrows, set_died = _REPORT
    set_figure(made, figure)
    set_unfulfilled(made, unfulfilled)
    set_other(made, other)
    set_arrows(made, morale_arrows)
    set_died(made, died)
    return made


@dataclass(frozen=True, slots=True)
class Option:
    value: str
    label: str


@dataclass(frozen=True, slots=True)
class Decision:
    """A choice the players make; the ruling shows which option it used."""

    id: Literal["food_order", "use_alternative", "weapon_bonus", "fed", "children_first",
                "item", "short", "morale_top", "pick", "gain_mix", "use", "cards",
                "option", "part_alternative"]
    question: str
    options: tuple[Option, ...]
    chosen: str
    default: str


@dataclass(frozen=True, slots=True)
class Sure:
    """How sure a ruling is as a whole, for a player: a grade the page colours ("official",
    "derived", "switch", "house"), its label, a sentence, and the steps that decide it."""

    grade: str
    label: str
    text: str
    steps: tuple[int, ...] = ()  # the deciding steps that are that sure (indexes)


@dataclass(frozen=True, slots=True)
class Choice:
    """A decision in words: its question, its options (a figure by its name) and the one
    this ruling took, said option by option."""

    id: str
    question: str
    options: tuple[tuple[str, str], ...]  # (value, label)
    chosen: str
    suggested: bool


@dataclass(frozen=True, slots=True)
class RulingWords:
    """Everything the page shows about one ruling, worded by the core."""

    headline: str
    summary: str  # what is paid, in one line ("Wood: 1 of 2 paid — 1 short · …")
    clear: bool  # no one is wounded and the game goes on
    sure: Sure
    demands: tuple[str, ...]
    alternative: tuple[str, ...]
    notes: tuple[str, ...]  # what the card's words mean here (its alternative, "if possible")
    context: tuple[str, ...]
    paid: tuple[str, ...]
    gains: tuple[str, ...]
    wounds: tuple[str, ...]  # one line per figure, as `ruling.wounds`
    names: tuple[str, ...]  # each figure of `ruling.wounds` by its name at the table
    # How sure each line is, in a few words ("rules", "our ruling (R2…; no switch)"): each
    # payment, as `paid`; each figure's Wounds, as `wounds`.
    paid_sure: tuple[str, ...]
    wounds_sure: tuple[str, ...]
    # Every outcome line with how sure it is ("Explorer: 3 Wounds — rules"), and, last, each
    # of our rulings that changes nothing here on a line of its own ("Friday does not eat at
    # Night — our ruling (…)").
    outcome: tuple[str, ...]
    follows: tuple[str, ...]  # what follows, one sentence each; `lost` and `not_spent` among them
    lost: str  # why the game is lost ("" when it goes on)
    not_spent: str  # what could still avoid a loss, C4 ("" when nothing)
    steps: tuple[str, ...]  # how sure each step is, as `ruling.steps`
    titles: tuple[str, ...]  # each step's rule in words ("What can be discarded must be")
    choices: tuple[Choice, ...]


class Ruling(Value):
    """The referee's answer: the new table, the ordered steps, Wounds, and what follows."""

    format: Literal["castaway-referee/ruling"] = "castaway-referee/ruling"
    version: Literal[1] = 1
    state: TableState
    steps: tuple[Step, ...]
    payments: tuple[Payment, ...] = ()
    gains: tuple[GainReport, ...] = ()
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
    certainty: Certainty = Field(default="stated", description="as sure as the weakest step "
                                 "that decides what is paid, who suffers or what follows")
    rests_on: tuple[str, ...] = Field(default=(), description="the clauses (or parts of a "
                                      "ruling) of the deciding steps that are that sure; "
                                      "empty when the ruling is stated")
    words: RulingWords | None = Field(default=None, description="everything a page shows "
                                      "of this ruling, worded by the core (pyapp/rules/"
                                      "telling.py); the page draws it and words nothing")

    @field_validator("state", mode="wrap")
    @classmethod
    def _table(cls, table: Any, handler: ValidatorFunctionWrapHandler) -> TableState:
        """The referee's new table was checked as a whole when it was made; pydantic would
        run that check again on it here. Any other table (a ruling read from JSON) is
        validated as usual."""
        if type(table) is TableState:
            return table
        validated: TableState = handler(table)
        return validated


def own_lines(steps: list[Step] | tuple[Step, ...],
              payments: list[Payment] | tuple[Payment, ...]) -> frozenset[int]:
    """The steps that are a line of their own: one of our rulings that leaves a figure out
    (R2: Friday does not eat, the weather does not hurt him), naming no one who suffers, in a
    demand paid in full. It changes nothing that is paid or suffered, so the ruling as a whole
    does not rest on it; its own line says how sure it is."""
    short = {p.demand for p in payments if p.paid < p.wanted}
    return frozenset(i for i, s in enumerate(steps)
                     if s.decides and s.certainty == "house" and not s.names and not s.deals
                     and (s.part or s.clause).startswith("R2.") and s.demand not in short)


def weakest(unsure: list[Step]) -> tuple[Certainty, tuple[str, ...]]:
    """The certainty of a ruling: its weakest deciding step's, and what those steps cite;
    `unsure` are its steps less sure than `stated` (the referee keeps them aside as it goes).
    A ruling that is all `stated` rests on nothing weaker."""
    if not unsure:
        return "stated", ()
    rank, cited = 2, list[str]()
    for s in unsure:
        if not s.decides:
            continue
        r = CERTAINTY_RANK[s.certainty]
        if r < rank:
            rank, cited = r, list[str]()
        if r == rank:
            cite = s.part or s.clause
            if cite not in cited:
                cited.append(cite)
    return _BY_RANK[rank], tuple(cited)


_BY_RANK: tuple[Certainty, ...] = ("house", "derived", "stated")


def resource_label(kind: ResourceKind) -> str:
    """A resource's name in the active language ("non-perishable food")."""
    return resource_words(kind)
