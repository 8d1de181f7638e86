"""The referee: rule on a card effect against the table, demand by demand, in order."""

from __future__ import annotations

from dataclasses import dataclass, field

from .demands import Demand
from .formats import Request
from .judge import judge
from .ruling import Choices, Context, Decision, Option, Payment, Ruling, Step, WoundReport, step
from .state import FigureId, TableState
from .work import Work
from .wounds import suffer


@dataclass
class Outcome:
    """Everything the demands of one effect came to, in order."""

    state: TableState
    steps: list[Step] = field(default_factory=list)
    payments: list[Payment] = field(default_factory=list)
    reports: list[WoundReport] = field(default_factory=list)
    decisions: list[Decision] = field(default_factory=list)
    units: int = 0


def rule(request: Request) -> Ruling:
    """The ruling on one request: pick the effect's branch, resolve it, say what follows."""
    state, ctx, choices = request.state, request.context, request.choices
    demands, opening, used_alternative = _branch(request)
    out = resolve(state, ctx, choices, demands)
    out.steps[:0] = opening
    if request.effect.alternative is not None:
        out.decisions.insert(0, _alternative_decision(choices))
    not_spent = _not_spent(out.state) if _has_loss(out) else ()
    if not_spent:
        out.steps.append(step("C4", "Not spent for you: " + ", ".join(not_spent) + ". The "
                              "players may still use them to avoid a loss."))
    return Ruling(
        state=out.state, steps=tuple(out.steps), payments=tuple(out.payments),
        wounds=_merge(out.reports), unfulfilled=out.units > 0, unfulfilled_units=out.units,
        used_alternative=used_alternative, morale_change=out.state.morale - state.morale,
        game_lost=out.state.lost is not None,
        lost_reason=out.state.lost.reason if out.state.lost else None,
        decisions=tuple(out.decisions), not_spent=not_spent)


def resolve(state: TableState, ctx: Context, choices: Choices,
            demands: tuple[Demand, ...]) -> Outcome:
    """Judge and apply each demand on the table the previous one left."""
    work = Work(state, ctx, choices)
    out = Outcome(state=state)
    for index, demand in enumerate(demands):
        if work.lost is not None:
            out.steps.append(step("G-wound-track", "The game is lost: the rest of the effect "
                                  "is not resolved.", index))
            break
        verdict = judge(work, demand, index)
        out.units += verdict.units()
        out.reports += suffer(work, verdict)
        out.steps += verdict.steps
        out.payments += verdict.payments
        out.decisions += verdict.decisions
    out.state = work.freeze()
    return out


def _branch(request: Request) -> tuple[tuple[Demand, ...], list[Step], bool]:
    """R13: the card's own alternative replaces the demand when it cannot be paid in full."""
    effect, choices = request.effect, request.choices
    if effect.alternative is None:
        return effect.demands, [], False
    if choices.use_alternative:
        return effect.alternative, [step("R13", "The players chose the card's alternative.")], True
    trial = resolve(request.state, request.context, choices, effect.demands)
    if trial.units or trial.state.lost is not None:
        return effect.alternative, [step("C1a", "The first part cannot be paid in full, so "
                                         "nothing of it is paid: the card's alternative "
                                         "applies instead.")], True
    return effect.demands, [step("R13", "The first part can be paid in full, so it is paid "
                                 "(the players may choose the alternative instead).")], False


def _alternative_decision(choices: Choices) -> Decision:
    return Decision(id="use_alternative", question="Take the card's alternative instead?",
                    options=(Option(value="false", label="Pay the demand"),
                             Option(value="true", label="Take the alternative")),
                    chosen=str(choices.use_alternative).lower(), default="false")


def _has_loss(out: Outcome) -> bool:
    return out.units > 0 or any(r.unfulfilled + r.other for r in out.reports)


def _not_spent(state: TableState) -> tuple[str, ...]:
    """C4: what could have avoided a loss; the referee never spends it for the players."""
    found = [f"Discovery token {t}" for t in state.discovery_tokens]
    found += [f"{e.name} ({e.uses_left} use(s) left)" for e in state.equipment if e.uses_left]
    found += [f"Item {i.name}" for i in state.inventions if i.built]
    found += [f"Treasure {t}" for t in state.treasures]
    return tuple(found)


def _merge(reports: list[WoundReport]) -> tuple[WoundReport, ...]:
    merged: dict[FigureId, WoundReport] = {}
    for r in reports:
        old = merged.get(r.figure)
        merged[r.figure] = r if old is None else WoundReport(
            figure=r.figure, unfulfilled=old.unfulfilled + r.unfulfilled,
            other=old.other + r.other, morale_arrows=old.morale_arrows + r.morale_arrows,
            died=old.died or r.died)
    return tuple(merged.values())
