"""The referee: rule on a card effect against the table, demand by demand, in order."""

from __future__ import annotations

from dataclasses import dataclass

from .demands import Demand
from .formats import Request
from .i18n import _, n_
from .judge import judge
from .ruling import (
    Choices,
    Context,
    Decision,
    Option,
    Ruling,
    Step,
    WoundReport,
    new_report,
    step,
    weakest,
)
from .state import TableState
from .telling import ruling_words
from .verdict import Ledger
from .work import Work
from .wounds import suffer


@dataclass(slots=True)
class Outcome:
    """Everything the demands of one effect came to, and the table they left."""

    state: TableState
    ledger: Ledger


def rule(request: Request) -> Ruling:
    """The ruling on one request: pick the effect's branch, resolve it, say what follows."""
    state, ctx, choices = request.state, request.context, request.choices
    demands, opening, used_alternative = _branch(request)
    out = resolve(state, ctx, choices, demands)
    ledger, new = out.ledger, out.state
    steps = opening + ledger.steps
    decisions = ledger.decisions
    if request.effect.alternative is not None:
        forced = used_alternative and not choices.use_alternative
        decisions.insert(0, _alternative_decision(choices, forced))
    not_spent = _not_spent(new, choices.use) if _has_loss(ledger) else ()
    if not_spent:
        steps.append(step("C4", n_(
            "Not spent for you: {items}. The players may still use it to avoid a loss.",
            "Not spent for you: {items}. The players may still use them to avoid a loss.",
            len(not_spent), items=", ".join(not_spent))))
    lost = new.lost
    certainty, rests_on = weakest(
        [s for s in opening if s.certainty != "stated"] + ledger.unsure)
    ruling: Ruling = _RULING.validate_python({
        "state": new, "steps": tuple(steps), "payments": tuple(ledger.payments),
        "gains": tuple(ledger.gains),
        "wounds": _reports(ledger), "unfulfilled": ledger.units > 0,
        "unfulfilled_units": ledger.units, "used_alternative": used_alternative,
        "morale_change": new.morale - state.morale, "game_lost": lost is not None,
        "lost_reason": lost.reason if lost else None, "decisions": tuple(decisions),
        "not_spent": not_spent, "certainty": certainty, "rests_on": rests_on})
    return ruling.model_copy(update={"words": ruling_words(request, ruling)})


_RULING = Ruling.__pydantic_validator__  # `Ruling(**fields)`, without keyword arguments


def resolve(state: TableState, ctx: Context, choices: Choices,
            demands: tuple[Demand, ...]) -> Outcome:
    """Judge and apply each demand on the table the previous one left."""
    work = Work(state, ctx, choices, demands)
    ledger = Ledger()
    for index, demand in enumerate(demands):
        if work.lost is not None:
            ledger.steps.append(step(ledger.lost_by or "G-wound-track", _(
                "The game is lost: the rest of the effect is not resolved."), index))
            break
        verdict = judge(work, ledger, demand, index)
        if verdict.shortfall or verdict.hurt:
            ledger.units += verdict.units()
            suffer(work, verdict)
    return Outcome(work.freeze(), ledger)


def _branch(request: Request) -> tuple[tuple[Demand, ...], list[Step], bool]:
    """R13: the card's own alternative replaces the demand when it cannot be paid in full."""
    effect, choices = request.effect, request.choices
    if effect.alternative is None:
        return effect.demands, [], False
    if choices.use_alternative:
        chose = _("The players chose the card's alternative.")
        return effect.alternative, [step("R13", chose)], True
    trial = resolve(request.state, request.context, choices, effect.demands)
    if trial.ledger.units or trial.state.lost is not None:
        return effect.alternative, [step("C1a", _(
            "The first part cannot be paid in full, so nothing of it is paid: the card's "
            "alternative applies instead."))], True
    return effect.demands, [step("R13", _(
        "The first part can be paid in full, so it is paid (the players may choose the "
        "alternative instead)."))], False


def _alternative_decision(choices: Choices, forced: bool) -> Decision:
    """The players may take the alternative; when the demand cannot be paid in full the
    alternative applies (C1a) and there is nothing left to choose: its one option."""
    if forced:
        return Decision(id="use_alternative", question=_(
            "The demand cannot be paid in full, so the card's alternative applies."),
                        options=(Option(value="true", label=_("The card's alternative")),),
                        chosen="true", default="true")
    return Decision(id="use_alternative", question=_("Take the card's alternative instead?"),
                    options=(Option(value="false", label=_("Pay the demand")),
                             Option(value="true", label=_("Take the alternative"))),
                    chosen=str(choices.use_alternative).lower(), default="false")


def _has_loss(ledger: Ledger) -> bool:
    return ledger.units > 0 or any(t[0] + t[1] for t in ledger.wounds.values())


def _not_spent(state: TableState, used: tuple[str, ...]) -> tuple[str, ...]:
    """C4: what could have avoided a loss; the referee never spends it for the players (what
    they chose to use in this ruling is not listed)."""
    if not (state.discovery_tokens or state.equipment or state.inventions or state.treasures):
        return ()
    chosen = {n.strip().lower() for n in used}
    found = [_("Discovery token {name}", name=t) for t in state.discovery_tokens
             if t.strip().lower() not in chosen]
    found += [n_("{name} ({n} use left)", "{name} ({n} uses left)", e.uses_left, name=e.name)
              for e in state.equipment if e.uses_left]
    found += [_("Item {name}", name=i.name) for i in state.inventions if i.built]
    found += [_("Treasure {name}", name=t) for t in state.treasures
              if t.strip().lower() not in chosen]
    return tuple(found)


def _reports(ledger: Ledger) -> tuple[WoundReport, ...]:
    """One line per figure: the Wounds it suffered over the whole effect."""
    return tuple([new_report(who, unfulfilled, other, arrows, bool(died))
                  for who, (unfulfilled, other, arrows, died) in ledger.wounds.items()])
