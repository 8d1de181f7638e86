"""What the demands of an effect come to: the ledger of a ruling, and the verdict on one demand."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .clauses import Certainty
from .errors import RulingError
from .events import Event, Gain, LoseGame
from .i18n import _
from .ruling import (
    CLAUSE_META,
    Decision,
    GainReport,
    Payment,
    PaymentKind,
    Step,
    new_payment,
    new_step,
)
from .state import FigureId, ResourceKind
from .victims import NO_RESOLVER, UNKNOWN

if TYPE_CHECKING:
    from .victims import Why
    from .work import Work


@dataclass(slots=True)
class Ledger:
    """Everything the demands of one effect came to, in order: one accumulator per resolution.

    Wounds are tallied per figure as they are suffered, [unfulfilled, other, Morale arrows,
    died], in the order the figures first suffer; the ruling reports one line per figure."""

    steps: list[Step] = field(default_factory=list)
    payments: list[Payment] = field(default_factory=list)
    gains: list[GainReport] = field(default_factory=list)
    unsure: list[Step] = field(default_factory=list)  # the steps less sure than `stated`
    decisions: list[Decision] = field(default_factory=list)
    wounds: dict[FigureId, list[int]] = field(default_factory=dict)
    units: int = 0
    lost_by: str | None = None  # the clause (or part) whose step lost the game


class Verdict:
    """The judgement of one demand. Shortfall units are unfulfilled demand; `hurt` is not.

    Steps, payments and decisions go straight into the ruling's ledger; what stays here is
    what the demand owes: who is hurt, how much, and why."""

    __slots__ = ("_victims", "decided_from", "hurt", "hurt_cite", "hurt_why", "if_possible",
                 "index", "ledger", "pending", "shortfall", "why")

    def __init__(self, ledger: Ledger, index: int, victims: tuple[FigureId, ...],
                 why: Why | None) -> None:
        self.ledger, self.index = ledger, index
        self._victims = victims
        self.why = why  # the step naming the victims; said only if someone suffers
        self.hurt_why = _("from the effect itself")
        self.hurt_cite = "G-card-wounds"  # the rule that deals the Wounds in `hurt`
        self.if_possible = False  # an 'if possible' demand: C9 cancels its shortfall
        self.shortfall: dict[FigureId, int] = {}
        self.pending = 0  # units short before anyone said who resolves the Action
        self.hurt: dict[FigureId, int] = {}
        self.decided_from = len(ledger.decisions)  # this demand's decisions start here

    @property
    def victims(self) -> tuple[FigureId, ...]:
        """Who suffers. In the Action Phase that is the resolving figure, asked for only here:
        a demand that hurts nobody needs no resolver."""
        found = self._victims
        if found is UNKNOWN:
            raise RulingError("context.resolver", _(NO_RESOLVER))
        return found

    @victims.setter
    def victims(self, figures: tuple[FigureId, ...]) -> None:
        self._victims = figures

    @property
    def decisions(self) -> list[Decision]:
        """The ruling's decisions; `decided()` tells which belong to this demand."""
        return self.ledger.decisions

    def decided(self, decision_id: str) -> bool:
        """Whether this demand has already put the decision `decision_id` to the players."""
        found = self.ledger.decisions
        return any(found[i].id == decision_id for i in range(self.decided_from, len(found)))

    def emit(self, work: Work, event: Event) -> None:
        """Apply an event to the working table at once: later parts of the demand read it."""
        work.apply(event)

    def say(self, cite: str, text: str, certainty: Certainty | None = None,
            names: tuple[FigureId, ...] = (), deals: int = 0, decides: bool = True) -> None:
        """A step citing a clause of the catalogue or a part of a ruling (`ruling.step`), for
        this demand; `certainty` only where the step combines rules (`derived`); `names`, the
        figures it names as suffering; `deals`, the Wounds a tallying step deals each of them;
        `decides`, whether it decides anything (`Step.decides`)."""
        clause, part, sure, switch, by_card = CLAUSE_META[cite]
        made = new_step(clause, text, certainty or sure, switch, self.index, part, by_card,
                        names, deals, decides)
        ledger = self.ledger
        ledger.steps.append(made)
        if made.certainty != "stated":
            ledger.unsure.append(made)

    def pay(self, what: str, wanted: int, paid: int, kind: PaymentKind = "resource") -> None:
        """What was paid towards one part of this demand (`kind`: what it takes)."""
        self.ledger.payments.append(new_payment(self.index, what, wanted, paid, kind))

    def gain(self, work: Work, kind: ResourceKind, amount: int) -> None:
        """The players gain resources: in the Action Phase they wait in Future Resources, in
        any other phase they go straight to Available Resources (docs/rules/reference.md §1.15)."""
        future = work.state.phase == "action"
        self.emit(work, Gain(kind, amount, future))
        self.ledger.gains.append(GainReport(self.index, kind, amount,
                                            "future" if future else "available"))

    def short_all(self, units: int) -> None:
        """Every victim suffers the same shortfall (C1, C5)."""
        if not units:
            return
        if self._victims is UNKNOWN:  # 'if possible' may still cancel it (`judge`)
            self.pending += units
            return
        shortfall = self.shortfall
        if not shortfall:  # the usual case: the first shortfall of the demand
            self.shortfall = dict.fromkeys(self.victims, units)
            return
        for who in self.victims:
            shortfall[who] = shortfall.get(who, 0) + units

    def short_one(self, who: FigureId, units: int) -> None:
        if units:
            self.shortfall[who] = self.shortfall.get(who, 0) + units

    def wound(self, who: FigureId, amount: int) -> None:
        if amount:
            self.hurt[who] = self.hurt.get(who, 0) + amount

    def short_say(self, cite: str, counted: str, possible: str,
                  certainty: Certainty | None = None) -> None:
        """A step on what cannot be done. The rule counts it as unfulfilled demand (`counted`),
        unless the demand applies 'if possible': then it costs nothing (C9), which is no
        unfulfilled demand (`possible`), and the step decides nothing."""
        if self.if_possible:
            self.say(cite, possible, certainty, decides=False)
        else:
            self.say(cite, counted, certainty)

    def lose(self, work: Work, reason: str, cite: str) -> None:
        """The game is lost, by the rule `cite` (the one a later step names as the cause)."""
        if work.lost is None and self.ledger.lost_by is None:
            self.ledger.lost_by = cite
        self.emit(work, LoseGame(reason))

    def units(self) -> int:
        return max(self.shortfall.values(), default=self.pending)
