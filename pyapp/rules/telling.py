"""What the referee says: every sentence the board, the rule sheet, the widget and the FAQ
show about a demand or a ruling, made here and nowhere else.

The page draws these words; it never words a demand, grades a ruling or builds a headline
itself, so that one situation is never told two ways. Figures are named as on the table
("Cook (Ana)"), house-rule switches as Settings names them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from .clauses import CLAUSES, PARTS, Certainty, Clause, cite_title, cite_words
from .demands import Demand, Effect
from .happening import what_happens
from .i18n import N_, _, current, n_
from .names import game_name
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
    weakest,
)
from .state import TableState, space_words
from .words import (
    RESOURCE_COUNTS,
    TOKEN_NAMES,
    TRACK_WORDS,
    action_name,
    and_chain,
    capital,
    card_count,
    fold,
    marker_name,
    or_list,
    phase_name,
    resource_words,
    role_name,
    token_name,
    track_words,
)

if TYPE_CHECKING:
    from .formats import Request

# The words below are marked for the catalogue (N_) and translated where they are said (_).
# The house-rule switches (the table's `house_rules`) as Settings names them.
SWITCHES: dict[str, str] = {
    "shortfall_hurts_all": N_("A shortfall on “each player” hurts every character"),
    "same_action_gains_pay": N_("Resources gained earlier in the same Action may pay"),
    "no_shelter_reduction_ignored": N_("Reducing Roof/Palisade without a Shelter is ignored"),
}
GROUPS = {"each": N_("Each character"), "first_player": N_("The First Player"),
          "resolver": N_("The character resolving the Action")}
VICTIM_GROUPS = {"all": N_("all characters"), "in_camp": N_("the characters in camp"),
                 "first_player": N_("the First Player"),
                 "resolver": N_("the character resolving the Action")}
FIGURES = ("cook", "carpenter", "explorer", "soldier", "friday", "jenny")


def figure_name(state: TableState, figure: str) -> str:
    """A figure as the table names it: "Cook", or "Cook (Ana)" when the player named them."""
    for c in state.characters:
        if c.role == figure and c.name:
            return _("{figure} ({name})", figure=role_name(figure), name=c.name)
    return role_name(figure)


def switch_words(key: str) -> str:
    """A switch as Settings names it, in quotes (quotes inside it become single ones)."""
    words = _(SWITCHES[key]) if key in SWITCHES else capital(key.replace("_", " "))
    return _("“{switch}”", switch=words.replace("“", "‘").replace("”", "’"))


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


# ------------------------------------------------------------------ the demands


def _suffer(victims: str, n: int) -> str:
    """A card's own Wounds on a group, as the card says it ("Each character suffers 1
    Wound"); "" for a figure or the phase's victims."""
    if victims == "all":
        return n_("Each character suffers {n} Wound", "Each character suffers {n} Wounds", n)
    if victims == "in_camp":
        return n_("Each character in camp suffers {n} Wound",
                  "Each character in camp suffers {n} Wounds", n)
    if victims == "first_player":
        return n_("The First Player suffers {n} Wound", "The First Player suffers {n} Wounds", n)
    if victims == "resolver":
        return n_("The character resolving the Action suffers {n} Wound",
                  "The character resolving the Action suffers {n} Wounds", n)
    return ""


def demand_words(demand: Demand, state: TableState) -> str:
    """A demand in a player's words ("Discard 2 wood", "Lower the Roof by 1")."""
    said = _suffer(demand.victims, demand.amount) if demand.kind == "wounds" else ""
    if said:
        return _("{demand}, if possible", demand=said) if demand.if_possible else said
    text = _DEMAND_WORDS[demand.kind](demand, state)
    if demand.if_possible:
        text = _("{demand}, if possible", demand=text)
    if demand.victims != "default":
        group = VICTIM_GROUPS.get(demand.victims)
        text = (_("{demand} (it hits {group})", demand=text, group=_(group)) if group else
                _("{demand} (it hits only {figure})", demand=text,
                  figure=figure_name(state, demand.victims)))
    return text


def _resources(d: Any) -> str:
    parts = [n_("{n} perishable food (not non-perishable)",
                "{n} perishable food (not non-perishable)", getattr(d, k))
             if k == "perishable_food" else RESOURCE_COUNTS[k](getattr(d, k))
             for k in ("food", "nonperishable_food", "perishable_food", "wood", "fur")
             if getattr(d, k, 0)]
    return and_chain(parts)


def _who(state: TableState, who: str) -> str:
    group = GROUPS.get(who)
    return _(group) if group else figure_name(state, who)


def _sources(d: Any) -> str:
    if d.source == "any":
        return n_("{n} source of any kind", "{n} sources of any kind", d.count)
    if d.source == "food":
        return n_("{n} food source", "{n} food sources", d.count)
    return n_("{n} wood source", "{n} wood sources", d.count)


def _cover(d: Any, _s: TableState) -> str:
    what = _sources(d)
    if d.tile:
        return _("Cover {what} with a black marker on tile {tile}", what=what, tile=d.tile)
    if d.adjacent:
        return _("Cover {what} with a black marker on the tiles next to the camp", what=what)
    if d.at_camp:
        return _("Cover {what} with a black marker on the camp's tile", what=what)
    return _("Cover {what} with a black marker (the closest)", what=what)


def _marker(d: Any, _s: TableState) -> str:
    if d.space:
        return _("Place a {marker} marker on {space}", marker=marker_name(d.marker),
                 space=space_words(d.space))
    return _("Place a {marker} marker on the first of {spaces} without one",
             marker=marker_name(d.marker),
             spaces=or_list([space_words(s) for s in d.spaces]))


def _combat(d: Any, _s: TableState) -> str:
    text = (_("Fight the {beast}: strength {strength}", beast=game_name(d.beast),
              strength=d.strength)
            if d.beast else _("Fight a Beast: strength {strength}", strength=d.strength))
    if d.weapon_loss:
        text = _("{fight}, then the Weapon loses {loss}", fight=text, loss=d.weapon_loss)
    gives = [RESOURCE_COUNTS[k](getattr(d, k)) for k in ("food", "fur") if getattr(d, k)]
    if gives:
        text = _("{fight}; it gives {gains}", fight=text, gains=and_chain(gives))
    return text


def _cloud_words(d: Any) -> str:
    """"2 rain clouds and 1 snow cloud", or "" for none."""
    clouds = [n_("{n} rain cloud", "{n} rain clouds", d.rain) if d.rain else "",
              n_("{n} snow cloud", "{n} snow clouds", d.snow) if d.snow else ""]
    return and_chain([c for c in clouds if c])


def _clouds(d: Any, _s: TableState) -> str:
    said = _cloud_words(d)
    return _("Weather: {clouds}", clouds=said) if said else _("Weather: no clouds")


def _weather_phase(d: Any, s: TableState) -> str:
    """"The whole Weather: 2 rain clouds and 1 snow cloud; …" (its clouds not called
    "Weather" a second time)."""
    parts = d.parts()
    if not parts:
        return _("The whole Weather: nothing to rule yet")
    said = [_cloud_words(p) or demand_words(p, s) if p.kind == "weather_clouds"
            else demand_words(p, s) for p in parts]
    return _("The whole Weather: {demands}", demands="; ".join(said))


def _requirement(d: Any, _s: TableState) -> str:
    if d.text:
        return _("A requirement to plan the Action: {text}", text=d.text)
    if d.weapon:
        return _("A requirement to plan the Action (Weapon {weapon})", weapon=d.weapon)
    return _("A requirement to plan the Action")


def _token(d: Any, _s: TableState) -> str:
    space, token = space_words(d.space), token_name(d.token)
    # English's "a" or "an" goes by the token's English name.
    english = TOKEN_NAMES.get(fold(d.token), d.token)
    if english[:1].lower() in "aeiou":
        return _("Place an “{token}” token on {space}", token=token, space=space)
    return _("Place a “{token}” token on {space}", token=token, space=space)


def _halve(d: Any, _s: TableState) -> str:
    what = track_words(d.target) if d.target in TRACK_WORDS else resource_words(d.target)
    return _("Halve the {what}", what=what)


def _children(d: Any, _s: TableState) -> str:
    if d.amount is None:
        return _("Scenario 6: feed the children")
    return _("Scenario 6: feed the children ({food})", food=RESOURCE_COUNTS["food"](d.amount))


def _discard_any(d: Any, _s: TableState) -> str:
    return _("Discard {amount} of {what}, the players' pick", amount=d.amount,
             what=or_list([resource_words(k) for k in d.of]))


def _part(d: Any, s: TableState) -> str:
    return _("{demands}; if that cannot be paid in full: {alternative}",
             demands=demands_words(d.demands, s), alternative=demands_words(d.alternative, s))


def _choose(d: Any, s: TableState) -> str:
    return _("The players choose: {options}", options=or_list(
        [demands_words(o, s) for o in d.options]))


def demands_words(demands: Any, state: TableState) -> str:
    """Several demands in one line, in order ("Discard 2 wood; Lower the Roof by 1")."""
    return "; ".join(demand_words(x, state) for x in demands)


def effect_notes(effect: Effect, state: TableState) -> tuple[str, ...]:
    """What a card's own words mean for the players, beside its demands: its alternative
    (R13) and its "if possible" (C9)."""
    notes = []
    if effect.alternative:
        notes.append(_("Or, the card's alternative: {alternative}. If the first part cannot be "
                       "paid in full, the alternative applies.",
                       alternative=demands_words(effect.alternative, state)))
    if any(d.if_possible for d in effect.demands):
        notes.append(_("“If possible”: what cannot be paid is not a shortfall, so no one is "
                       "wounded for it."))
    return tuple(notes)


def _doing(demand: Demand, state: TableState) -> str:
    """A demand as what the players would be doing ("discarding 2 wood"), for "… instead of
    discarding 2 wood"; a kind without such words is quoted as it is said."""
    d: Any = demand
    kind = demand.kind
    if kind == "discard" and not d.each:
        return _("discarding {what}", what=_resources(d))
    if kind == "discard_cards":
        return _("discarding {cards}", cards=card_count(d.cards, d.amount))
    if kind == "discard_determination" and d.who == "each":
        return n_("each character discarding {n} Determination token",
                  "each character discarding {n} Determination tokens", d.amount)
    if kind == "reduce":
        return _("lowering the {track} by {amount}", track=track_words(d.track), amount=d.amount)
    if kind == "lower_morale":
        return _("lowering Morale by {amount}", amount=d.amount)
    if kind == "cover_source":
        return _("covering {what}", what=_sources(d))
    if kind == "halve":
        return _("halving the {what}", what=track_words(d.target) if d.target in TRACK_WORDS
                 else resource_words(d.target))
    if kind == "move_camp":
        return _("moving the camp")
    return _("“{demand}”", demand=demand_words(demand, state))


def alternative_question(demands: Any, alternative: Any, state: TableState,
                         forced: bool) -> str:
    """The card's own alternative, named, as the players are asked it ("Take the card's
    alternative instead? Each character suffers 1 Wound, instead of discarding 2 wood."), or,
    when the demand cannot be paid in full, as what applies."""
    instead = demands_words(alternative, state)
    if forced:
        return _("The demand cannot be paid in full, so the card's alternative applies: "
                 "{alternative}.", alternative=instead)
    return _("Take the card's alternative instead? {alternative}, instead of {demand}.",
             alternative=instead, demand=and_chain([_doing(d, state) for d in demands]))


def part_question(part: Any, state: TableState) -> str:
    """A part of a card with its own alternative, as the players are asked it ("Take this
    part's alternative instead? Each character suffers 2 Wounds, instead of moving the
    camp.")."""
    return _("Take this part's alternative instead? {alternative}, instead of {demand}.",
             alternative=demands_words(part.alternative, state),
             demand=and_chain([_doing(d, state) for d in part.demands]))


def _kept(demands: Any, state: TableState) -> str:
    """What the players keep when the alternative replaces these demands ("The 2 wood are
    kept.")."""
    kept = [_resources(d) for d in demands if d.kind == "discard" and not d.each]
    if kept and len(kept) == len(demands):
        return n_("The {what} is kept.", "The {what} are kept.",
                  sum(n for d in demands for _k, n in d.wanted()), what=and_chain(kept))
    return capital(_("Nothing of {demand} is paid.",
                     demand=and_chain([_doing(d, state) for d in demands])))


def _short_there(p: Payment) -> str:
    """One thing the demand asks that the table lacks ("only 1 of the 2 wood is there")."""
    if p.kind == "resource" and not p.paid:
        return _("none of the {wanted} {what} is there", wanted=p.wanted,
                 what=resource_words(p.what) if p.what in RESOURCE_COUNTS else p.what)
    if p.kind == "resource":
        return n_("only {have} of the {wanted} {what} is there",
                  "only {have} of the {wanted} {what} are there", p.paid, have=p.paid,
                  wanted=p.wanted, what=resource_words(p.what) if p.what in RESOURCE_COUNTS
                  else p.what)
    return _("only {have} of the {wanted} ({what}) can be paid", have=p.paid,
             wanted=p.wanted, what=p.what)


def instead_words(request: Request, ruling: Ruling,
                  tried: tuple[Payment, ...]) -> tuple[str, str]:
    """Why the card's alternative was taken, for the verdict's summary, and what it leaves,
    for what follows: what the table lacks of the demand (`tried`: its payments, tried on
    the table), or that the players took it and what they keep. ("", "") when it was not
    taken."""
    effect, state = request.effect, request.state
    if not ruling.used_alternative or effect.alternative is None:
        return "", ""
    if request.choices.use_alternative:
        kept = _kept(effect.demands, state)
        return _("The players take the card's alternative. {kept}", kept=kept), kept
    short = [_short_there(p) for p in tried if p.paid < p.wanted]
    if not short:
        return _("The demand cannot be paid in full, so the card's alternative applies; "
                 "nothing of the demand is paid."), ""
    return capital(_("{short}, so the card's alternative applies; nothing of the demand is "
                     "paid.", short=and_chain(short))), ""


# One line per kind of demand: a kind the referee knows and cannot word fails the test that
# walks every kind (tests/core/test_telling.py).
_DEMAND_WORDS: dict[str, Callable[[Any, TableState], str]] = {
    "discard": lambda d, _s: (_("Discard {what} (each character)", what=_resources(d)) if d.each
                              else _("Discard {what}", what=_resources(d))),
    "discard_determination": lambda d, s: n_(
        "{who} discards {n} Determination token", "{who} discards {n} Determination tokens",
        d.amount, who=_who(s, d.who)),
    "have_weapon": lambda d, _s: _("Have Weapon level {level}", level=d.level),
    "reduce": lambda d, _s: _("Lower the {track} by {amount}", track=track_words(d.track),
                              amount=d.amount),
    "increase": lambda d, _s: _("Raise the {track} by {amount}", track=track_words(d.track),
                                amount=d.amount),
    "lower_morale": lambda d, _s: _("Lower Morale by {amount}", amount=d.amount),
    "cover_source": _cover,
    "discard_any": _discard_any,
    "discard_cards": lambda d, _s: _("Discard {cards}", cards=card_count(d.cards, d.amount)),
    "part": _part,
    "weather_phase": _weather_phase,
    "choose": _choose,
    "halve_gain": lambda d, _s: (_("Gain half of {what}, rounded down", what=_resources(d))
                                 if _resources(d) else _("Gain half of nothing, rounded down")),
    "adventure": lambda _d, _s: _("Draw an Adventure card"),
    "requirement": _requirement,
    "move_camp": lambda d, _s: (_("Move the camp to tile {tile}", tile=d.tile) if d.tile
                                else _("Move the camp (it cannot move)") if d.blocked
                                else _("Move the camp")),
    "s7_palisade": lambda d, _s: _("Scenario 7: the red die takes {amount} off the Palisade",
                                   amount=d.amount),
    "place_token": _token,
    "place_marker": _marker,
    "lose_pawn": lambda d, s: _("{who} loses an Action pawn", who=_who(s, d.who)),
    "lose_item": lambda d, _s: (_("Lose the Item {item}", item=game_name(d.item)) if d.item
                                else _("Lose an Item (the players choose)")),
    "halve": _halve,
    "combat": _combat,
    "weather_clouds": _clouds,
    "night_eating": lambda _d, _s: _("Night: each character eats 1 food"),
    "night_no_shelter": lambda _d, _s: _("Night without a Shelter"),
    "children_food": _children,
    "morale_phase": lambda _d, _s: _("Morale Phase: the First Player gains or discards tokens "
                                     "as Morale says"),
    "wounds": lambda d, _s: n_("The card deals {n} Wound", "The card deals {n} Wounds",
                               d.amount),
}


# ------------------------------------------------------------------ how sure


def step_sure(step: Step, state: TableState) -> str:
    """How sure one step is, in words; a house step names its switch and whether it is on."""
    on = bool(step.switch and getattr(state.house_rules, step.switch, False))
    return _step_sure(step.certainty, step.by_card, step.part, step.switch, on, current())


@lru_cache(maxsize=512)
def _step_sure(certainty: str, by_card: bool, cite: str | None, switch_key: str | None,
               on: bool, _language: str) -> str:
    """The words of `step_sure`, the same for every step alike (kept: a ruling has dozens)."""
    part = cite_title(cite) if cite else ""
    if certainty == "stated":
        return (_("Official: stated by the card") if by_card
                else _("Official: stated by the rules"))
    if certainty == "derived":
        return _("Follows from the rules ({part})", part=part) if part else _(
            "Follows from the rules")
    if not switch_key:
        return (_("No official ruling ({part}); this app's default, with no switch", part=part)
                if part else _("No official ruling; this app's default, with no switch"))
    switch = switch_words(switch_key)
    if part:
        return (_("No official ruling ({part}); house rule switched on (switch: {switch} in "
                  "Settings)", part=part, switch=switch) if on else
                _("No official ruling ({part}); this app's default (switch: {switch} in "
                  "Settings)", part=part, switch=switch))
    return (_("No official ruling; house rule switched on (switch: {switch} in Settings)",
              switch=switch) if on else
            _("No official ruling; this app's default (switch: {switch} in Settings)",
              switch=switch))


def clause_sure(certainty: Certainty, switch: str | None) -> str:
    """How sure a rule of the catalogue (or one part of it) is, as the rule sheet says it."""
    if certainty == "stated":
        return _("Stated by the rules (official).")
    if certainty == "derived":
        return _("Follows from stated rules; no rule says it in so many words.")
    if switch:
        return _("No official ruling: this app's default, and a switch in Settings takes the "
                 "other reading.")
    return _("No official ruling: this app's default.")


def _part_sure(certainty: Certainty) -> str:
    return {"stated": _("stated by the rules"), "derived": _("follows from the rules"),
            "house": _("no official ruling (this app's default)")}[certainty]


def clause_note(clause: Clause) -> str:
    """The note beside a rule's text where it is not simply stated: each part with how sure it
    is, or that it is this app's default (and its switch)."""
    if clause.parts:
        return _(" In parts: {parts}.", parts="; ".join(
            _("{title}, {sure}", title=_(p.title), sure=_part_sure(p.certainty))
            for p in clause.parts))
    if clause.certainty != "house":
        return ""
    if clause.switch:
        return _(" No official ruling; this app's default (switch: {switch}).",
                 switch=switch_words(clause.switch))
    return _(" No official ruling; this app's default.")


def clause_words(clause: Clause) -> dict[str, object]:
    """How sure a rule is, in words: the rule's own (`sure`), its note beside its text
    (`note`), each part's (`parts`, by part id), and whether some of it is this app's own
    reading (`own`: not all of it stated), which its sources then say."""
    return {"sure": clause_sure(clause.certainty, clause.switch), "note": clause_note(clause),
            "parts": {p.id: clause_sure(p.certainty, clause.switch) for p in clause.parts},
            "own": clause.certainty != "stated" or any(
                p.certainty != "stated" for p in clause.parts)}


def ruling_sure(ruling: Ruling, state: TableState) -> Sure:
    """The ruling's certainty (its weakest deciding step, which the referee found) in words."""
    rests = ", ".join(cite_words(c) for c in ruling.rests_on)
    deciding = tuple(i for i, s in enumerate(ruling.steps)
                     if s.decides and (s.part or s.clause) in ruling.rests_on
                     and s.certainty == ruling.certainty)
    if ruling.certainty == "stated":
        by_card = any(s.by_card and s.certainty == "stated" for s in ruling.steps)
        return Sure("official", _("Official"), _(
            "Every step that decides it is stated by the rules or by the card.") if by_card
            else _("Every step that decides it is stated by the rules."))
    if ruling.certainty == "derived":
        return Sure("derived", _("Follows from the rules"), _(
            "No rule says it in so many words; it follows from stated rules ({rests}).",
            rests=rests) if rests else _(
            "No rule says it in so many words; it follows from stated rules."), deciding)
    switches = list(dict.fromkeys(
        k for c in ruling.rests_on if (k := _switch_of(c)) is not None))
    if not switches:
        return Sure("house", _("No official ruling"), _(
            "This app's default ({rests}), with no switch.", rests=rests) if rests else _(
            "This app's default, with no switch."), deciding)
    on = any(getattr(state.house_rules, k, False) for k in switches)
    named = "; ".join(switch_words(k) for k in switches)
    return Sure("switch", _("No official ruling: house rule"),
                _house_words(on, rests, named), deciding)


def _house_words(on: bool, rests: str, switches: str) -> str:
    if on and rests:
        return _("This app's house rule, switched on ({rests}); Settings has a switch for the "
                 "other reading: {switches}.", rests=rests, switches=switches)
    if on:
        return _("This app's house rule, switched on; Settings has a switch for the other "
                 "reading: {switches}.", switches=switches)
    if rests:
        return _("This app's default ({rests}); Settings has a switch for the other reading: "
                 "{switches}.", rests=rests, switches=switches)
    return _("This app's default; Settings has a switch for the other reading: {switches}.",
             switches=switches)


def _switch_of(cite: str) -> str | None:
    found = PARTS.get(cite)
    clause = found[0] if found is not None else CLAUSES.get(cite)
    return clause.switch if clause is not None else None


# ------------------------------------------------------------------ the outcome


def payment_line(p: Payment) -> str:
    """One part of what is paid, with the verb that fits it ("Roof: lowered 0 of 1 — 1
    short", "Wood: 1 of 2 paid — 1 short")."""
    short = p.wanted - p.paid
    said = _PAYMENT_WORDS.get(p.kind, _PAYMENT_WORDS["resource"])(
        capital(p.what), p.paid, p.wanted)
    return _("{paid} — {short} short", paid=said, short=short) if short > 0 else said


_PAYMENT_WORDS: dict[str, Callable[[str, int, int], str]] = {
    "track": lambda what, paid, wanted: _("{what}: lowered {paid} of {wanted}", what=what,
                                          paid=paid, wanted=wanted),
    "level": lambda what, paid, wanted: _("{what}: {paid} of the {wanted} needed", what=what,
                                          paid=paid, wanted=wanted),
    "determination": lambda what, paid, wanted: _("{what}: discarded {paid} of {wanted}",
                                                  what=what, paid=paid, wanted=wanted),
    "source": lambda what, paid, wanted: _("{what}: covered {paid} of {wanted}", what=what,
                                           paid=paid, wanted=wanted),
    "resource": lambda what, paid, wanted: _("{what}: {paid} of {wanted} paid", what=what,
                                             paid=paid, wanted=wanted),
}


def gain_line(g: GainReport) -> str:
    what = capital(resource_words(g.what))
    if g.to == "future":
        return _("{what}: {amount}, to Future Resources (they wait there until the Action "
                 "Phase ends)", what=what, amount=g.amount)
    return _("{what}: {amount}, to Available Resources", what=what, amount=g.amount)


def _total(w: WoundReport) -> int:
    return w.unfulfilled + w.other


def headline(ruling: Ruling, state: TableState) -> str:
    """The ruling in one sentence: who suffers how many Wounds, who dies, Morale, what the
    players gain, and whether the game is lost. Where no one is wounded, what happens to the
    table instead ("Cook gains 2 Determination tokens"); "No one is wounded" only where
    nothing does."""
    more = []
    dead = [figure_name(state, w.figure) for w in ruling.wounds if w.died]
    if dead:
        more.append(n_("{who} dies", "{who} die", len(dead), who=and_chain(dead)))
    if ruling.morale_change:
        more.append(_("Morale {change}", change=signed(ruling.morale_change)))
    gained = [g for g in ruling.gains if g.amount > 0]
    if gained:
        more.append(_("the players gain {gains}", gains=and_chain(
            [RESOURCE_COUNTS[g.what](g.amount) for g in gained])))
    first = _wounds_said(ruling, state)
    parts = [first, *more] if first else _unhurt_said(ruling, state, more)
    said = _("{sentence}.", sentence=capital("; ".join(parts)))
    return _("The game is lost. {said}", said=said) if ruling.game_lost else said


def _wounds_said(ruling: Ruling, state: TableState) -> str:
    """Who suffers how many Wounds; "" when no one does."""
    hurt = [w for w in ruling.wounds if _total(w)]
    roles = [c.role for c in state.characters]
    if (len(hurt) >= 2 and len(hurt) == len(roles) and {w.figure for w in hurt} == set(roles)
            and len({_total(w) for w in hurt}) == 1):
        return n_("Each character suffers {n} Wound", "Each character suffers {n} Wounds",
                  _total(hurt[0]))
    return "; ".join(n_("{who} suffers {n} Wound", "{who} suffers {n} Wounds", _total(w),
                        who=figure_name(state, w.figure)) for w in hurt)


def _unhurt_said(ruling: Ruling, state: TableState, more: list[str]) -> list[str]:
    """No one is wounded: what happens instead, and what was short if anything was."""
    gained: dict[str, int] = {}
    for g in ruling.gains:
        gained[g.what] = gained.get(g.what, 0) + g.amount
    happens = what_happens(state, ruling.state, gained, figure_name) + more
    short = sum(max(0, p.wanted - p.paid) for p in ruling.payments)
    if ruling.unfulfilled or short:
        return [*happens, _("{short} short, but no one is wounded",
                            short=short or ruling.unfulfilled_units)]
    if not happens:
        return [_("Paid in full: no one is wounded") if ruling.payments
                else _("No one is wounded")]
    if ruling.payments:
        return [_("Paid in full: {what}", what="; ".join(happens))]
    return happens


def wound_line(w: WoundReport, state: TableState) -> str:
    """One figure's Wounds: "Cook (Ana): 3 Wounds (2 of unfulfilled demand, 1 other)"."""
    parts = ([_("{n} of unfulfilled demand", n=w.unfulfilled)] if w.unfulfilled else []) + (
        [_("{n} other", n=w.other)] if w.other else [])
    line = n_("{who}: {n} Wound", "{who}: {n} Wounds", _total(w),
              who=figure_name(state, w.figure))
    if parts:
        line = _("{wounds} ({parts})", wounds=line, parts=", ".join(parts))
    return _("{wounds}, and dies", wounds=line) if w.died else line


def follows(ruling: Ruling, chose_alternative: bool, instead: str = "") -> tuple[str, ...]:
    """What follows from the ruling, beyond the Wounds: one sentence each ("Nothing more."
    when nothing does); `instead`, what the card's alternative leaves (`instead_words`), after
    the line that says it applies. What could still avoid a loss comes last (C4)."""
    items = []
    if ruling.unfulfilled:
        items.append(_("{units} of what was demanded could not be paid (the rule's unfulfilled "
                       "demand).", units=ruling.unfulfilled_units))
    if ruling.used_alternative:
        items.append(_("The players chose the card's alternative.") if chose_alternative else
                     _("The first part cannot be paid in full, so the card's alternative "
                       "applies instead."))
        if instead:
            items.append(instead)
    if ruling.morale_change:
        items.append(_("Morale {change}.", change=signed(ruling.morale_change)))
    items += [line for line in (lost_line(ruling), not_spent_line(ruling)) if line]
    return tuple(items) or (_("Nothing more."),)


def lost_line(ruling: Ruling) -> str:
    """Why the game is lost, when it is ("" when it goes on)."""
    if not ruling.game_lost:
        return ""
    if ruling.lost_reason:
        return _("The game is lost: {reason}.", reason=ruling.lost_reason)
    return _("The game is lost: a character died.")


def not_spent_line(ruling: Ruling) -> str:
    """What the players could still use to avoid a loss (C4); "" when nothing."""
    return (_("Not spent for you, but could avoid a loss: {items}.",
              items=", ".join(ruling.not_spent)) if ruling.not_spent else "")


def context_notes(request: Request) -> tuple[str, ...]:
    """What the request says of the moment, beside the demand."""
    ctx, state = request.context, request.state
    notes = []
    if ctx.resolver:
        notes.append(_("Resolving the Action: {who}", who=figure_name(state, ctx.resolver)))
    if ctx.event_combat:
        notes.append(_("This is the outcome of an Event-Phase combat"))
    gained = _resources(ctx.gained_this_action)
    if gained:
        notes.append(_("Gained earlier in this Action: {gains}", gains=gained))
    if ctx.outcome is not None:
        notes.append(_("The Action being resolved succeeded") if ctx.outcome == "success"
                     else _("The Action being resolved failed"))
    return tuple(notes)


def choice_words(d: Decision, state: TableState) -> Choice:
    def label(text: str) -> str:
        return figure_name(state, text) if text in FIGURES else text

    labels = {o.value: label(o.label) for o in d.options}
    chosen = ", ".join(labels.get(v, label(v)) for v in d.chosen.split(",") if v) or _("none")
    return Choice(d.id, d.question, tuple((o.value, label(o.label)) for o in d.options),
                  chosen, d.chosen == d.default)


def _own_lines(ruling: Ruling) -> list[int]:
    """Our rulings that change nothing here (`own_lines`, marked deciding nothing by the
    referee): each is a line of its own."""
    return [i for i, s in enumerate(ruling.steps) if not s.decides and s.certainty == "house"
            and (s.part or s.clause).startswith("R2.")]


def line_sure(steps: list[Step], state: TableState) -> str:
    """How sure one outcome line is, in a few words: as its weakest deciding step."""
    certainty, rests = weakest([s for s in steps if s.certainty != "stated"])
    if certainty == "stated":
        return (_("the card") if any(s.by_card for s in steps if s.decides)
                else _("rules"))
    cited = ", ".join(cite_words(c) for c in rests)
    if certainty == "derived":
        return _("follows from the rules ({rests})", rests=cited)
    switches = [k for c in rests if (k := _switch_of(c)) is not None]
    if not switches:
        return _("our ruling ({rests}; no switch)", rests=cited)
    return _("our ruling ({rests}; switch: {switch} in Settings)", rests=cited,
             switch="; ".join(switch_words(k) for k in dict.fromkeys(switches)))


def outcome_sure(ruling: Ruling, state: TableState) -> tuple[
        tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """How sure each payment and each figure's Wounds is, and the lines of our own rulings
    that change nothing here ("Friday does not eat at Night — our ruling (…)")."""
    own = _own_lines(ruling)
    deciding = [s for i, s in enumerate(ruling.steps) if s.decides and i not in own]
    paid = tuple(line_sure([s for s in deciding if s.demand == p.demand and not s.names],
                           state) for p in ruling.payments)
    wounds = tuple(line_sure([s for s in deciding if w.figure in s.names], state)
                   for w in ruling.wounds)
    lines = tuple(_("{line} — {sure}", line=ruling.steps[i].text.rstrip("."),
                    sure=line_sure([replace(ruling.steps[i], decides=True)], state))
                  for i in own)
    return paid, wounds, tuple(dict.fromkeys(lines))


def headline_sure(ruling: Ruling, state: TableState) -> Sure:
    """How sure the headline is (`ruling_sure`); where one of our rulings is a line of its
    own that changes nothing here, it says so, and which line."""
    sure = ruling_sure(ruling, state)
    lines = list(dict.fromkeys(ruling.steps[i].text.rstrip(".")
                               for i in _own_lines(ruling)))
    if not lines:
        return sure
    return Sure(sure.grade, sure.label, n_(
        "{sure} One line is our own ruling and changes nothing here: {lines}.",
        "{sure} {n} lines are our own rulings and change nothing here: {lines}.",
        len(lines), sure=sure.text, lines="; ".join(lines)), sure.steps)


def ruling_words(request: Request, ruling: Ruling,
                 tried: tuple[Payment, ...] = ()) -> RulingWords:
    """The words of a ruling on `request`, figures named as on the request's table; `tried`,
    what the card's first part would have paid when its alternative applies instead."""
    state = request.state
    paid = tuple(payment_line(p) for p in ruling.payments)
    effect = request.effect
    instead, left = instead_words(request, ruling, tried)
    wounds = tuple(wound_line(w, state) for w in ruling.wounds)
    paid_sure, wounds_sure, own = outcome_sure(ruling, state)
    return RulingWords(
        headline=headline(ruling, state),
        summary=" · ".join((instead, *paid) if instead else paid),
        clear=not ruling.game_lost and not any(_total(w) for w in ruling.wounds),
        sure=headline_sure(ruling, state),
        demands=tuple(demand_words(d, state) for d in effect.demands),
        alternative=tuple(demand_words(d, state) for d in effect.alternative or ()),
        notes=effect_notes(effect, state),
        context=context_notes(request),
        paid=paid,
        gains=tuple(gain_line(g) for g in ruling.gains if g.amount),
        wounds=wounds,
        paid_sure=paid_sure,
        wounds_sure=wounds_sure,
        outcome=(*(_("{line} — {sure}", line=a, sure=b)
                   for a, b in zip(paid + wounds, paid_sure + wounds_sure, strict=True)),
                 *own),
        names=tuple(figure_name(state, w.figure) for w in ruling.wounds),
        follows=follows(ruling, request.choices.use_alternative, left),
        lost=lost_line(ruling),
        not_spent=not_spent_line(ruling),
        steps=tuple(step_sure(s, state) for s in ruling.steps),
        titles=tuple(cite_title(s.clause) or "" for s in ruling.steps),
        choices=tuple(choice_words(d, state) for d in ruling.decisions),
    )


# ---------------------------------------------------------------- the moment of a demand


def card_phase_note(card_phase: str, table_phase: str) -> str:
    """The card is resolved in another phase than the table's."""
    return _("This card is resolved in the {card} Phase; the table is in the {table} Phase. ",
             card=phase_name(card_phase), table=phase_name(table_phase))


def set_phase_words(phase: str) -> str:
    return _("Set the {phase} Phase", phase=phase_name(phase))


def card_combat_note() -> str:
    return _("A fight in the Event Phase: the First Player fights (set below).")


def first_round_note(event_card: bool) -> str:
    """Round 1 has no Event Phase (the rules' round sequence skips it in the first round)."""
    if event_card:
        return _("Round 1 has no Event Phase: the rules skip it in the first round, so no "
                 "Event card is drawn until round 2. Check the round on the board.")
    return _("Round 1 has no Event Phase: the rules skip it in the first round, and the game "
             "begins with the Morale Phase. The first Event card is drawn in round 2.")


def early_note(table_phase: str) -> str:
    """Actions are planned while the table still says an earlier phase."""
    return _("Actions are planned, but the table still says the {phase} Phase. Are you in the "
             "Action Phase?", phase=phase_name(table_phase))


def inferred_option(state: TableState, who: str | None) -> str:
    """The "who resolves" list's first line: the one the core takes, or nobody yet."""
    if not who:
        return _("Not said yet")
    return _("{name} (leads the only open Action)", name=figure_name(state, who))


def resolver_line(state: TableState, who: str | None, how: str, action: str | None,
                  asking: bool) -> str:
    """The line above "who resolves": who resolves the Action now, as the core takes it.
    `how`: "chosen", "inferred" (the lead pawn of the only open Action), "none" (no Action
    is resolved in this phase) or "ask"; `action`, the kind of the Action they resolve, when
    it is known (tapped "Resolve" on, or the only open one)."""
    if state.phase != "action":
        if how == "none":
            return _("{phase} Phase, round {round} (from the table). No one resolves an Action "
                     "now.", phase=phase_name(state.phase), round=state.round)
        if who:
            return _("{name} is the one the card calls “the character resolving”.",
                     name=figure_name(state, who))
        return _("The card names “the character resolving the Action”: who is that? Choose "
                 "below.")
    if who:
        name = figure_name(state, who)
        if not action:
            return _("{name} resolves the Action.", name=name)
        named = action_name(action)
        if how == "inferred":
            return _("{name} resolves the {action} Action (its lead pawn).", name=name,
                     action=named)
        return _("{name} resolves the {action} Action.", name=name, action=named)
    if asking:
        return _("Who resolves this Action? Only they suffer for it: tap “Resolve” on its "
                 "planned Action, or choose below.")
    return _("Action Phase: tap “Resolve” on a planned Action when you resolve it.")
