"""What one demand comes to before it is applied: events, steps, payments and Wounds owed."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .events import Event, LoseGame
from .ruling import Decision, Payment, Step, step
from .state import FigureId

if TYPE_CHECKING:
    from .work import Work


@dataclass(slots=True)
class Verdict:
    """The judgement of one demand. Shortfall units are unfulfilled demand; `hurt` is not."""

    index: int
    victims: tuple[FigureId, ...] = ()
    hurt_why: str = "from the effect itself"
    why: Step | None = None  # the rule that names the victims; said only if someone suffers
    events: list[Event] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    payments: list[Payment] = field(default_factory=list)
    shortfall: dict[FigureId, int] = field(default_factory=dict)
    hurt: dict[FigureId, int] = field(default_factory=dict)
    decisions: list[Decision] = field(default_factory=list)

    def emit(self, work: Work, *events: Event) -> None:
        """Record events and apply them to the working table at once."""
        for event in events:
            work.apply(event)
            self.events.append(event)

    def record(self, events: list[Event]) -> None:
        """Record events the working table has already applied."""
        self.events.extend(events)

    def say(self, clause: str, text: str, certainty: str | None = None) -> None:
        self.steps.append(step(clause, text, self.index, certainty))  # type: ignore[arg-type]

    def pay(self, what: str, wanted: int, paid: int) -> None:
        self.payments.append(Payment(demand=self.index, what=what, wanted=wanted, paid=paid))

    def short_all(self, units: int) -> None:
        """Every victim suffers the same shortfall (C1, C5)."""
        if units:
            for who in self.victims:
                self.shortfall[who] = self.shortfall.get(who, 0) + units

    def short_one(self, who: FigureId, units: int) -> None:
        if units:
            self.shortfall[who] = self.shortfall.get(who, 0) + units

    def wound(self, who: FigureId, amount: int) -> None:
        if amount:
            self.hurt[who] = self.hurt.get(who, 0) + amount

    def lose(self, work: Work, reason: str) -> None:
        self.emit(work, LoseGame(reason))

    def units(self) -> int:
        return max(self.shortfall.values(), default=0)

    def is_lost(self) -> bool:
        return any(isinstance(e, LoseGame) for e in self.events)
