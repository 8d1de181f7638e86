"""The referee: rule on a card effect against the table, demand by demand, in order."""

from __future__ import annotations

from dataclasses import dataclass, replace

from .demands import CardPart, Choose, Demand, WeatherPhase
from .edits import end_action
from .errors import EditError, RulingError
from .formats import Request
from .i18n import _, n_
from .judge import amounts_text, judge
from .names import game_name
from .ruling import (
    Choices,
    Context,
    Decision,
    Option,
    Payment,
    Ruling,
    Step,
    WoundReport,
    new_report,
    own_lines,
    step,
    weakest,
)
from .state import PlannedAction, TableState
from .telling import alternative_question, demands_words, part_question, ruling_words
from .verdict import Ledger
from .words import action_title
from .work import Work
from .wounds import suffer


@dataclass(slots=True)
class Outcome:
    """Everything the demands of one effect came to, and the table they left."""

    state: TableState
    ledger: Ledger


def rule(request: Request) -> Ruling:
    """The ruling on one request: pick the effect's branch, resolve it, say what follows."""
    ctx, choices = request.context, request.choices
    state, ended = _action_ended(request)
    demands, opening, used_alternative, tried = _branch(request, state)
    opening = ended + opening
    out = resolve(state, ctx, choices, demands)
    ledger, new = out.ledger, out.state
    steps = opening + ledger.steps
    decisions = ledger.decisions
    if request.effect.alternative is not None:
        forced = used_alternative and not choices.use_alternative
        decisions.insert(0, _alternative_decision(request, forced))
    not_spent = _not_spent(new, choices.use) if _has_loss(ledger) else ()
    if not_spent:
        steps.append(step("C4", n_(
            "Not spent for you: {items}. The players may still use it to avoid a loss.",
            "Not spent for you: {items}. The players may still use them to avoid a loss.",
            len(not_spent), items=", ".join(not_spent))))
    lost = new.lost
    # Our rulings that change nothing here decide nothing: each is a line of its own.
    own = own_lines(steps, ledger.payments)
    steps = [replace(s, decides=False) if i in own else s for i, s in enumerate(steps)]
    certainty, rests_on = weakest([s for s in steps if s.certainty != "stated"])
    ruling: Ruling = _RULING.validate_python({
        "state": new, "steps": tuple(steps), "payments": tuple(ledger.payments),
        "gains": tuple(ledger.gains),
        "wounds": _reports(ledger), "unfulfilled": ledger.units > 0,
        "unfulfilled_units": ledger.units, "used_alternative": used_alternative,
        "morale_change": new.morale - request.state.morale, "game_lost": lost is not None,
        "lost_reason": lost.reason if lost else None, "decisions": tuple(decisions),
        "not_spent": not_spent, "certainty": certainty, "rests_on": rests_on})
    return ruling.model_copy(update={"words": ruling_words(request, ruling, tried)})


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
        _resolve_one(work, ledger, demand, index)
    return Outcome(work.freeze(), ledger)


def _resolve_one(work: Work, ledger: Ledger, demand: Demand, index: int) -> None:
    """Judge one demand and have its victims suffer; a card's part with its own alternative,
    or the players' choice between demands, resolves the demands it takes, at its place."""
    if isinstance(demand, CardPart | Choose | WeatherPhase):
        taken = (_part_taken(work, ledger, demand, index) if isinstance(demand, CardPart)
                 else demand.parts() if isinstance(demand, WeatherPhase)
                 else _option_taken(work, ledger, demand, index))
        for inner in taken:
            if work.lost is not None:
                return
            _resolve_one(work, ledger, inner, index)
        return
    verdict = judge(work, ledger, demand, index)
    if verdict.shortfall or verdict.hurt:
        ledger.units += verdict.units()
        suffer(work, verdict)


def _noted(ledger: Ledger, made: Step) -> None:
    ledger.steps.append(made)
    if made.certainty != "stated":
        ledger.unsure.append(made)


def _cannot_pay_in_full(work: Work, demands: tuple[Demand, ...]) -> bool:
    """Whether these demands, tried on the table as it stands, leave a shortfall or lose."""
    trial = resolve(work.freeze(), work.ctx, work.choices, demands)
    return bool(trial.ledger.units) or trial.state.lost is not None


def _part_taken(work: Work, ledger: Ledger, part: CardPart, index: int) -> tuple[Demand, ...]:
    """R13 for one part of a card: its alternative when the part cannot be paid in full, or
    when the players take it."""
    chosen = set(work.choices.part_alternative)
    chose = index in chosen
    forced = not chose and _cannot_pay_in_full(work, part.demands)
    if chose:
        _noted(ledger, step("R13", _("The players chose this part's alternative."), index))
    elif forced:
        _noted(ledger, step("C1a", _(
            "This part cannot be paid in full, so nothing of it is paid."), index))
        _noted(ledger, step("R13", _("Its alternative applies instead: the card's own rule, "
                                     "not unfulfilled demand."), index))
    else:
        _noted(ledger, step("R13", _(
            "This part can be paid in full, so it is paid (the players may choose its "
            "alternative instead)."), index))
    pay, alt = _places(chosen - {index}), _places(chosen | {index})
    if forced:
        ledger.decisions.append(Decision(id="part_alternative", question=_(
            "This part cannot be paid in full, so its alternative applies."), options=(
            Option(value=alt, label=_("Its alternative")),), chosen=alt, default=alt))
    else:
        ledger.decisions.append(Decision(
            id="part_alternative", question=part_question(part, work.state),
            options=(Option(value=pay, label=_("Pay this part")),
                     Option(value=alt, label=_("Take its alternative"))),
            chosen=alt if chose else pay, default=pay))
    return part.alternative if chose or forced else part.demands


def _places(places: set[int]) -> str:
    """Places of demands as a choice sends them ("0;2"; "none" for no place)."""
    return ";".join(str(p) for p in sorted(places)) or "none"


def _option_taken(work: Work, ledger: Ledger, choose: Choose, index: int) -> tuple[Demand, ...]:
    """The players' choice between demands: the one they name, else the one that costs
    least on this table (no loss, fewest deaths, Wounds and units short; the first if tied)."""
    costs = [_cost(work, option) for option in choose.options]
    suggested = costs.index(min(costs))
    taken = dict(work.choices.option or {})
    picked = taken.get(index, suggested)
    if picked >= len(choose.options):
        raise RulingError("choices.option", n_(
            "This choice has {n} option: choose it by its number, 0.",
            "This choice has {n} options: choose one by its number, 0 to {last}.",
            len(choose.options), last=len(choose.options) - 1))
    words = [demands_words(o, work.state) for o in choose.options]
    _noted(ledger, step("G-choice", _(
        "The card lets the players choose: {chosen} (suggested: it costs the least on this "
        "table).", chosen=words[picked]) if picked == suggested else _(
        "The card lets the players choose: {chosen} (the players' choice).",
        chosen=words[picked]), index))
    values = [_pairs({**taken, index: i}) for i in range(len(choose.options))]
    ledger.decisions.append(Decision(
        id="option", question=_("Which of the card's options do the players take?"),
        options=tuple(Option(value=v, label=w) for v, w in zip(values, words, strict=True)),
        chosen=values[picked], default=values[suggested]))
    return choose.options[picked]


def _pairs(option: dict[int, int]) -> str:
    """The players' options as a choice sends them ("0:1;2:0")."""
    return ";".join(f"{k}:{v}" for k, v in sorted(option.items()))


def _cost(work: Work, demands: tuple[Demand, ...]) -> tuple[int, int, int, int]:
    """What an option costs on the table as it stands: a loss, deaths, Wounds, units short
    (an option that cannot be ruled here costs the most)."""
    try:
        trial = resolve(work.freeze(), work.ctx, work.choices, demands)
    except RulingError:
        return (2, 0, 0, 0)
    tally = trial.ledger.wounds.values()
    return (int(trial.state.lost is not None), sum(bool(t[3]) for t in tally),
            sum(t[0] + t[1] for t in tally), trial.ledger.units)


def _action_ended(request: Request) -> tuple[TableState, list[Step]]:
    """The planned Action being resolved ends as the request says, before the card's demands
    are ruled, exactly as the board's `resolve_action` ends it: success spends what was
    assigned to it; failure returns it to Available Resources (R6)."""
    ctx, state = request.context, request.state
    if ctx.outcome is None:
        return state, []
    action = _ended_action(request)
    try:
        new = end_action(state, action.id, ctx.outcome)
    except EditError as exc:
        raise RulingError("context.action", exc.message) from None
    what = amounts_text(action.assigned.model_dump())
    title = action_title(action.action, action.label)
    if ctx.outcome == "failure":
        said = (_("The Action “{action}” failed: {what} assigned to it return to Available "
                  "Resources.", action=title, what=what) if what else _(
            "The Action “{action}” failed: nothing was assigned to it.", action=title))
        return new, [step("R6", said)]
    said = (_("The Action “{action}” succeeded: {what} assigned to it are spent.",
              action=title, what=what) if what else _(
        "The Action “{action}” succeeded: nothing was assigned to it.", action=title))
    return new, [step("G-action-spent", said)]


def _ended_action(request: Request) -> PlannedAction:
    """The planned Action the outcome is of: the one named, else the resolver's only open one
    (or the only open one)."""
    ctx, state = request.context, request.state
    open_ = [a for a in state.planned_actions if not a.resolved]
    if ctx.action is not None:
        found = next((a for a in open_ if a.id == ctx.action), None)
        if found is None:
            raise RulingError("context.action", _(
                "There is no open planned Action “{action}” on the table to end.",
                action=ctx.action))
        return found
    led = [a for a in open_ if ctx.resolver is not None and a.pawns[0] == ctx.resolver]
    if len(led) == 1 or (not led and len(open_) == 1):
        return (led or open_)[0]
    raise RulingError("context.action", _(
        "Which planned Action ended? The request gives its outcome: name the Action."))


def _branch(request: Request, state: TableState
            ) -> tuple[tuple[Demand, ...], list[Step], bool, tuple[Payment, ...]]:
    """R13: the card's own alternative replaces the demand when it cannot be paid in full;
    with what the demand, tried on the table, would have paid (for the words)."""
    effect, choices = request.effect, request.choices
    if effect.alternative is None:
        return effect.demands, [], False, ()
    if choices.use_alternative:
        chose = _("The players chose the card's alternative.")
        return effect.alternative, [step("R13", chose)], True, ()
    trial = resolve(state, request.context, choices, effect.demands)
    if trial.ledger.units or trial.state.lost is not None:
        return effect.alternative, [step("C1a", _(
            "The first part cannot be paid in full, so nothing of it is paid.")), step(
            "R13", _("The card's alternative applies instead: the card's own rule, not "
                     "unfulfilled demand."))], True, tuple(trial.ledger.payments)
    return effect.demands, [step("R13", _(
        "The first part can be paid in full, so it is paid (the players may choose the "
        "alternative instead)."))], False, ()


def _alternative_decision(request: Request, forced: bool) -> Decision:
    """The players may take the alternative; when the demand cannot be paid in full the
    alternative applies (C1a) and there is nothing left to choose: its one option. The
    question names the alternative."""
    effect, choices = request.effect, request.choices
    question = alternative_question(effect.demands, effect.alternative or (), request.state,
                                    forced)
    if forced:
        return Decision(id="use_alternative", question=question,
                        options=(Option(value="true", label=_("The card's alternative")),),
                        chosen="true", default="true")
    return Decision(id="use_alternative", question=question,
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
    found = [_("Discovery token {name}", name=game_name(t)) for t in state.discovery_tokens
             if t.strip().lower() not in chosen]
    found += [n_("{name} ({n} use left)", "{name} ({n} uses left)", e.uses_left,
                 name=game_name(e.name)) for e in state.equipment if e.uses_left]
    found += [_("Item {name}", name=game_name(i.name)) for i in state.inventions if i.built]
    found += [_("Treasure {name}", name=game_name(t)) for t in state.treasures
              if t.strip().lower() not in chosen]
    return tuple(found)


def _reports(ledger: Ledger) -> tuple[WoundReport, ...]:
    """One line per figure: the Wounds it suffered over the whole effect."""
    return tuple([new_report(who, unfulfilled, other, arrows, bool(died))
                  for who, (unfulfilled, other, arrows, died) in ledger.wounds.items()])
