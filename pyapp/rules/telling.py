"""What the referee says: every sentence the board, the rule sheet, the widget and the FAQ
show about a demand or a ruling, made here and nowhere else.

The page draws these words; it never words a demand, grades a ruling or builds a headline
itself, so that one situation is never told two ways. Figures are named as on the table
("Cook (Ana)"), house-rule switches as Settings names them."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .clauses import CLAUSES, PARTS, Certainty, cite_title, cite_words
from .demands import Demand
from .ruling import (
    Choice,
    Decision,
    GainReport,
    Payment,
    Ruling,
    RulingWords,
    Step,
    Sure,
    WoundReport,
)
from .state import TableState, space_words
from .words import plural

if TYPE_CHECKING:
    from .formats import Request

# The house-rule switches (the table's `house_rules`) as Settings names them.
SWITCHES: dict[str, str] = {
    "shortfall_hurts_all": "A shortfall on “each player” hurts every character",
    "same_action_gains_pay": "Resources gained earlier in the same Action may pay",
    "no_shelter_reduction_ignored": "Reducing Roof/Palisade without a Shelter is ignored",
}
RESOURCE_WORDS = {"food": "food", "nonperishable_food": "non-perishable food",
                  "perishable_food": "perishable food", "wood": "wood", "fur": "fur"}
TRACK_WORDS = {"roof": "Roof", "palisade": "Palisade", "weapon": "Weapon", "morale": "Morale"}
GROUPS = {"each": "Each character", "first_player": "The First Player",
          "resolver": "The character resolving the Action"}
VICTIM_GROUPS = {"all": "all characters", "in_camp": "the characters in camp",
                 "first_player": "the First Player",
                 "resolver": "the character resolving the Action"}
FIGURES = ("cook", "carpenter", "explorer", "soldier", "friday", "jenny")


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def figure_name(state: TableState, figure: str) -> str:
    """A figure as the table names it: "Cook", or "Cook (Ana)" when the player named them."""
    if figure in ("friday", "jenny"):
        return capital(figure)
    for c in state.characters:
        if c.role == figure:
            return f"{capital(figure)} ({c.name})" if c.name else capital(figure)
    return capital(figure.replace("_", " "))


def switch_words(key: str) -> str:
    """A switch as Settings names it, in quotes (quotes inside it become single ones)."""
    words = SWITCHES.get(key, capital(key.replace("_", " ")))
    return "“" + words.replace("“", "‘").replace("”", "’") + "”"


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


def or_list(words: list[str]) -> str:
    return ", ".join(words[:-1]) + " or " + words[-1] if len(words) > 1 else "".join(words)


# ------------------------------------------------------------------ the demands


def demand_words(demand: Demand, state: TableState) -> str:
    """A demand in a player's words ("Discard 2 wood", "Lower the Roof by 1")."""
    text = _DEMAND_WORDS[demand.kind](demand, state)
    if demand.if_possible:
        text += ", if possible"
    if demand.victims != "default":
        group = VICTIM_GROUPS.get(demand.victims)
        text += f" (it hits {group or 'only ' + figure_name(state, demand.victims)})"
    return text


def _resources(d: Any) -> str:
    parts = [f"{getattr(d, k)} " + ("perishable food (not non-perishable)"
                                    if k == "perishable_food" else RESOURCE_WORDS[k])
             for k in ("food", "nonperishable_food", "perishable_food", "wood", "fur")
             if getattr(d, k, 0)]
    return " and ".join(parts)


def _who(state: TableState, who: str) -> str:
    return GROUPS.get(who) or figure_name(state, who)


def _cover(d: Any, _s: TableState) -> str:
    what = plural(d.count, "source of any kind" if d.source == "any" else f"{d.source} source")
    if d.source == "any" and d.count != 1:
        what = f"{d.count} sources of any kind"
    where = (f" on tile {d.tile}" if d.tile else " on the tiles next to the camp" if d.adjacent
             else " on the camp's tile" if d.at_camp else " (the closest)")
    return f"Cover {what} with a black marker{where}"


def _marker(d: Any, _s: TableState) -> str:
    if d.space:
        return f"Place a {d.marker} marker on {space_words(d.space)}"
    return (f"Place a {d.marker} marker on the first of "
            f"{or_list([space_words(s) for s in d.spaces])} without one")


def _combat(d: Any, _s: TableState) -> str:
    text = f"Fight {'the ' + d.beast if d.beast else 'a Beast'}: strength {d.strength}"
    if d.weapon_loss:
        text += f", then the Weapon loses {d.weapon_loss}"
    gives = [f"{d.food} food" if d.food else "", f"{d.fur} fur" if d.fur else ""]
    if d.food or d.fur:
        text += "; it gives " + " and ".join(g for g in gives if g)
    return text


def _clouds(d: Any, _s: TableState) -> str:
    clouds = [plural(d.rain, "rain cloud") if d.rain else "",
              plural(d.snow, "snow cloud") if d.snow else ""]
    return "Weather: " + (" and ".join(c for c in clouds if c) or "no clouds")


def _requirement(d: Any, _s: TableState) -> str:
    if d.text:
        return f"A requirement to plan the Action: {d.text}"
    return "A requirement to plan the Action" + (f" (Weapon {d.weapon})" if d.weapon else "")


def _token(d: Any, _s: TableState) -> str:
    article = "an" if d.token[:1].lower() in "aeiou" else "a"
    return f"Place {article} “{d.token}” token on {space_words(d.space)}"


# One line per kind of demand: a kind the referee knows and cannot word fails the test that
# walks every kind (tests/core/test_telling.py).
_DEMAND_WORDS: dict[str, Callable[[Any, TableState], str]] = {
    "discard": lambda d, _s: f"Discard {_resources(d)}" + (" (each character)" if d.each else ""),
    "discard_determination": lambda d, s: (f"{_who(s, d.who)} discards "
                                           f"{plural(d.amount, 'Determination token')}"),
    "have_weapon": lambda d, _s: f"Have Weapon level {d.level}",
    "reduce": lambda d, _s: f"Lower the {TRACK_WORDS[d.track]} by {d.amount}",
    "increase": lambda d, _s: f"Raise the {TRACK_WORDS[d.track]} by {d.amount}",
    "lower_morale": lambda d, _s: f"Lower Morale by {d.amount}",
    "cover_source": _cover,
    "discard_any": lambda d, _s: (f"Discard {d.amount} of "
                                  f"{or_list([RESOURCE_WORDS[k] for k in d.of])}, "
                                  "the players' pick"),
    "halve_gain": lambda d, _s: f"Gain half of {_resources(d) or 'nothing'}, rounded down",
    "adventure": lambda _d, _s: "Draw an Adventure card",
    "requirement": _requirement,
    "move_camp": lambda d, _s: f"Move the camp to tile {d.tile}" if d.tile else "Move the camp",
    "s7_palisade": lambda d, _s: f"Scenario 7: the red die takes {d.amount} off the Palisade",
    "place_token": _token,
    "place_marker": _marker,
    "lose_pawn": lambda d, s: f"{_who(s, d.who)} loses an Action pawn",
    "lose_item": lambda d, _s: (f"Lose the Item {d.item}" if d.item
                                else "Lose an Item (the players choose)"),
    "halve": lambda d, _s: f"Halve the {TRACK_WORDS.get(d.target) or RESOURCE_WORDS[d.target]}",
    "combat": _combat,
    "weather_clouds": _clouds,
    "night_eating": lambda _d, _s: "Night: each character eats 1 food",
    "night_no_shelter": lambda _d, _s: "Night without a Shelter",
    "children_food": lambda d, _s: ("Scenario 6: feed the children"
                                    + (f" ({d.amount} food)" if d.amount is not None else "")),
    "morale_phase": lambda _d, _s: ("Morale Phase: the First Player gains or discards tokens "
                                    "as Morale says"),
    "wounds": lambda d, _s: f"The card deals {plural(d.amount, 'Wound')}",
}


# ------------------------------------------------------------------ how sure


def step_sure(step: Step, state: TableState) -> str:
    """How sure one step is, in words; a house step names its switch and whether it is on."""
    part = f" ({cite_title(step.part)})" if step.part else ""
    if step.certainty == "stated":
        return "Official: stated by the card" if step.by_card else "Official: stated by the rules"
    if step.certainty == "derived":
        return f"Follows from the rules{part}"
    if not step.switch:
        return f"No official ruling{part}; this app's default, with no switch"
    on = bool(getattr(state.house_rules, step.switch, False))
    return (f"No official ruling{part}; "
            + ("house rule switched on" if on else "this app's default")
            + f" (switch: {switch_words(step.switch)} in Settings)")


def clause_sure(certainty: Certainty, switch: str | None) -> str:
    """How sure a rule of the catalogue is, in the words a step applying it would carry."""
    if certainty == "stated":
        return "Official: stated by the rules"
    if certainty == "derived":
        return "Follows from the rules: no rule says it in so many words"
    return "No official ruling: this app's default" + (
        f"; Settings has a switch for the other reading ({switch_words(switch)})" if switch
        else ", with no switch")


def ruling_sure(ruling: Ruling, state: TableState) -> Sure:
    """The ruling's certainty (its weakest deciding step, which the referee found) in words."""
    rests = ", ".join(cite_words(c) for c in ruling.rests_on)
    deciding = tuple(i for i, s in enumerate(ruling.steps)
                     if (s.part or s.clause) in ruling.rests_on
                     and s.certainty == ruling.certainty)
    within = f" ({rests})" if rests else ""
    if ruling.certainty == "stated":
        by_card = any(s.by_card and s.certainty == "stated" for s in ruling.steps)
        return Sure("official", "Official", "Every step that decides it is stated by the rules"
                    + (" or by the card." if by_card else "."))
    if ruling.certainty == "derived":
        return Sure("derived", "Follows from the rules", "No rule says it in so many words; it "
                    f"follows from stated rules{within}.", deciding)
    switches = list(dict.fromkeys(
        k for c in ruling.rests_on if (k := _switch_of(c)) is not None))
    if not switches:
        return Sure("house", "No official ruling", f"This app's default{within}, with no "
                    "switch.", deciding)
    on = any(getattr(state.house_rules, k, False) for k in switches)
    return Sure("switch", "No official ruling: house rule",
                f"This app's {'house rule, switched on' if on else 'default'}{within}; Settings "
                "has a switch for the other reading: "
                + "; ".join(switch_words(k) for k in switches) + ".", deciding)


def _switch_of(cite: str) -> str | None:
    found = PARTS.get(cite)
    clause = found[0] if found is not None else CLAUSES.get(cite)
    return clause.switch if clause is not None else None


# ------------------------------------------------------------------ the outcome


def payment_line(p: Payment) -> str:
    """One part of what is paid, with the verb that fits it ("Roof: lowered 0 of 1 — 1
    short", "Wood: 1 of 2 paid — 1 short")."""
    short = p.wanted - p.paid
    tail = f" — {short} short" if short > 0 else ""
    of = f"{p.paid} of {p.wanted}"
    what = capital(p.what)
    if p.kind == "track":
        return f"{what}: lowered {of}{tail}"
    if p.kind == "level":
        return f"{what}: {p.paid} of the {p.wanted} needed{tail}"
    if p.kind == "determination":
        return f"{what}: discarded {of}{tail}"
    if p.kind == "source":
        return f"{what}: covered {of}{tail}"
    return f"{what}: {of} paid{tail}"


def gain_line(g: GainReport) -> str:
    to = ("Future Resources (they wait there until the Action Phase ends)" if g.to == "future"
          else "Available Resources")
    return f"{capital(RESOURCE_WORDS[g.what])}: {g.amount}, to {to}"


def _total(w: WoundReport) -> int:
    return w.unfulfilled + w.other


def headline(ruling: Ruling, state: TableState) -> str:
    """The ruling in one sentence: who suffers how many Wounds, who dies, Morale, what the
    players gain, and whether the game is lost."""
    hurt = [w for w in ruling.wounds if _total(w)]
    roles = [c.role for c in state.characters]
    if (len(hurt) >= 2 and len(hurt) == len(roles) and {w.figure for w in hurt} == set(roles)
            and len({_total(w) for w in hurt}) == 1):
        text = f"Each character suffers {plural(_total(hurt[0]), 'Wound')}"
    elif hurt:
        text = "; ".join(f"{figure_name(state, w.figure)} suffers {plural(_total(w), 'Wound')}"
                         for w in hurt)
    else:
        short = sum(max(0, p.wanted - p.paid) for p in ruling.payments)
        text = (f"{short or ruling.unfulfilled_units} short, but no one is wounded"
                if ruling.unfulfilled or short else
                "Paid in full: no one is wounded" if ruling.payments else "No one is wounded")
    more = []
    dead = [figure_name(state, w.figure) for w in ruling.wounds if w.died]
    if dead:
        more.append(" and ".join(dead) + (" dies" if len(dead) == 1 else " die"))
    if ruling.morale_change:
        more.append(f"Morale {signed(ruling.morale_change)}")
    gained = [g for g in ruling.gains if g.amount > 0]
    if gained:
        more.append("the players gain " + " and ".join(
            f"{g.amount} {RESOURCE_WORDS[g.what]}" for g in gained))
    said = "; ".join([text, *more]) + "."
    return f"The game is lost. {said}" if ruling.game_lost else said


def wound_line(w: WoundReport, state: TableState) -> str:
    """One figure's Wounds: "Cook (Ana): 3 Wounds (2 of unfulfilled demand, 1 other)"."""
    parts = ([f"{w.unfulfilled} of unfulfilled demand"] if w.unfulfilled else []) + (
        [f"{w.other} other"] if w.other else [])
    line = f"{figure_name(state, w.figure)}: {plural(_total(w), 'Wound')}"
    line += f" ({', '.join(parts)})" if parts else ""
    return line + (", and dies" if w.died else "")


def follows(ruling: Ruling, chose_alternative: bool) -> tuple[str, ...]:
    """What follows from the ruling, beyond the Wounds: one sentence each ("Nothing more."
    when nothing does). What could still avoid a loss comes last (C4)."""
    items = []
    if ruling.unfulfilled:
        items.append(f"{ruling.unfulfilled_units} of what was demanded could not be paid "
                     "(the rule's unfulfilled demand).")
    if ruling.used_alternative:
        items.append("The players chose the card's alternative." if chose_alternative else
                     "The first part cannot be paid in full, so the card's alternative "
                     "applies instead.")
    if ruling.morale_change:
        items.append(f"Morale {signed(ruling.morale_change)}.")
    items += [line for line in (lost_line(ruling), not_spent_line(ruling)) if line]
    return tuple(items) or ("Nothing more.",)


def lost_line(ruling: Ruling) -> str:
    """Why the game is lost, when it is ("" when it goes on)."""
    return f"The game is lost: {ruling.lost_reason or 'a character died'}." if (
        ruling.game_lost) else ""


def not_spent_line(ruling: Ruling) -> str:
    """What the players could still use to avoid a loss (C4); "" when nothing."""
    return ("Not spent for you, but could avoid a loss: " + ", ".join(ruling.not_spent) + "."
            if ruling.not_spent else "")


def context_notes(request: Request) -> tuple[str, ...]:
    """What the request says of the moment, beside the demand."""
    ctx, state = request.context, request.state
    notes = []
    if ctx.resolver:
        notes.append(f"Resolving the Action: {figure_name(state, ctx.resolver)}")
    if ctx.event_combat:
        notes.append("This is the outcome of an Event-Phase combat")
    gained = _resources(ctx.gained_this_action)
    if gained:
        notes.append(f"Gained earlier in this Action: {gained}")
    return tuple(notes)


def choice_words(d: Decision, state: TableState) -> Choice:
    def label(text: str) -> str:
        return figure_name(state, text) if text in FIGURES else text

    labels = {o.value: label(o.label) for o in d.options}
    chosen = ", ".join(labels.get(v, label(v)) for v in d.chosen.split(",") if v) or "none"
    return Choice(d.id, d.question, tuple((o.value, label(o.label)) for o in d.options),
                  chosen, d.chosen == d.default)


def ruling_words(request: Request, ruling: Ruling) -> RulingWords:
    """The words of a ruling on `request`, figures named as on the request's table."""
    state = request.state
    paid = tuple(payment_line(p) for p in ruling.payments)
    effect = request.effect
    return RulingWords(
        headline=headline(ruling, state),
        summary=" · ".join(paid),
        clear=not ruling.game_lost and not any(_total(w) for w in ruling.wounds),
        sure=ruling_sure(ruling, state),
        demands=tuple(demand_words(d, state) for d in effect.demands),
        alternative=tuple(demand_words(d, state) for d in effect.alternative or ()),
        context=context_notes(request),
        paid=paid,
        gains=tuple(gain_line(g) for g in ruling.gains if g.amount),
        wounds=tuple(wound_line(w, state) for w in ruling.wounds),
        names=tuple(figure_name(state, w.figure) for w in ruling.wounds),
        follows=follows(ruling, request.choices.use_alternative),
        lost=lost_line(ruling),
        not_spent=not_spent_line(ruling),
        steps=tuple(step_sure(s, state) for s in ruling.steps),
        titles=tuple(cite_title(s.clause) or "" for s in ruling.steps),
        choices=tuple(choice_words(d, state) for d in ruling.decisions),
    )


# ---------------------------------------------------------------- the moment of a demand

def phase_name(phase: str) -> str:
    """A phase as the board names it: "Event", "Action"."""
    return capital(phase)


def card_phase_note(card_phase: str, table_phase: str) -> str:
    """The card is resolved in another phase than the table's."""
    return (f"This card is resolved in the {phase_name(card_phase)} Phase; the table is in "
            f"the {phase_name(table_phase)} Phase. ")


def set_phase_words(phase: str) -> str:
    return f"Set the {phase_name(phase)} Phase"


CARD_COMBAT_NOTE = "A fight in the Event Phase: the First Player fights (set below)."


def early_note(table_phase: str) -> str:
    """Actions are planned while the table still says an earlier phase."""
    return (f"Actions are planned, but the table still says the {phase_name(table_phase)} "
            "Phase. Are you in the Action Phase?")


def inferred_option(state: TableState, who: str | None) -> str:
    """The "who resolves" list's first line: the one the core takes, or nobody yet."""
    return f"{figure_name(state, who)} (leads the only open Action)" if who else "Not said yet"


def resolver_line(state: TableState, who: str | None, how: str, action: str | None,
                  asking: bool) -> str:
    """The line above "who resolves": who resolves the Action now, as the core takes it.
    `how`: "chosen", "inferred" (the lead pawn of the only open Action), "none" (no Action
    is resolved in this phase) or "ask"; `action`, the kind of the Action they resolve, when
    it is known (tapped "Resolve" on, or the only open one)."""
    if state.phase != "action":
        if how == "none":
            return (f"{phase_name(state.phase)} Phase, round {state.round} (from the table). "
                    "No one resolves an Action now.")
        return (f"{figure_name(state, who)} is the one the card calls “the character "
                "resolving”." if who else "The card names “the character resolving the "
                "Action”: who is that? Choose below.")
    if who:
        named = capital(action.replace("_", " ")) if action else ""
        what = (f"the {named} Action (its lead pawn)" if how == "inferred" and action
                else f"the {named} Action" if action else "the Action")
        return f"{figure_name(state, who)} resolves {what}."
    if asking:
        return ("Who resolves this Action? Only they suffer for it: tap “Resolve” on its "
                "planned Action, or choose below.")
    return "Action Phase: tap “Resolve” on a planned Action when you resolve it."
