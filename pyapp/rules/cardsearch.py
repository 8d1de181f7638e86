"""Find the card a player holds: names rank above text; case, accents and the kind of dash do
not matter; deck filters; and a plain demand typed in ("discard 2 wood", "roof -1") is offered
first, ready to rule, followed by the cards that contain it. Pure Python, no index to fetch."""

from __future__ import annotations

import heapq
import re
import unicodedata
from dataclasses import dataclass
from functools import cache
from typing import Any

from .catalogue import Card, catalogue
from .demands import Effect
from .errors import SearchError
from .i18n import N_, _, n_
from .words import capital, resource_count, track_words

DASHES = dict.fromkeys(map(ord, "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe63\uff0d"), "-")
FILTERS = ("event", "threat", "adventure", "mystery", "beast", "weather", "night", "morale",
           "scenario")  # the deck chips; "scenario" stands for Book, Totem and scenario rules
SCENARIO_DECKS = ("book", "totem", "scenario")
# The flags are marked for the catalogue (N_) and translated when answered (pyapp/service.py):
# the index that holds them is built once, whatever the language.
NOT_A_DEMAND = {"wounds": N_("The card's own Wounds, not unfulfilled demand"),
                "requirement": N_("A requirement or a cost, not a demand"),
                "halve_gain": N_("A smaller gain: nothing is owed"),
                "increase": N_("A raise: never a demand"),
                "place_token": N_("Placing a token: an identical one means nothing more"),
                "move_camp": N_("Moving the camp: a move, not a demand")}


def fold(text: str) -> str:
    """Lower case, no accents, every dash and minus sign a plain hyphen, spaces collapsed."""
    text = unicodedata.normalize("NFKD", text.translate(DASHES))
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).casefold()
    return " ".join(text.split())


def words(text: str) -> tuple[str, ...]:
    return tuple(w for w in re.split(r"[^a-z0-9+]+", fold(text).replace("-", " ")) if w)


def rules_differently(card: Card) -> str:
    """A short flag on cards a player may rule wrongly: 'if possible', 'or …', not a demand."""
    effect = card.effect
    if effect.alternative:
        return N_("Has its own “or …”: if the first part can't be paid in full, the other "
                  "applies")
    if any(d.if_possible for d in effect.demands):
        return N_("“If possible”: what can't be paid is simply skipped, no Wounds")
    kinds = {d.kind for d in effect.demands}
    for kind, flag in NOT_A_DEMAND.items():
        if kinds == {kind} or (kinds and kinds <= set(NOT_A_DEMAND) and kind in kinds):
            return flag
    return ""


@dataclass(frozen=True, slots=True)
class Hit:
    """One search result: a card (with its score), or the typed demand itself (`card` None)."""

    score: float
    card: Card | None
    why: str  # where it matched: "name", "text", "contains the demand", "deck" (listed)
    effect: Effect
    label: str
    flag: str = ""  # the card's "why it rules differently", if any


@dataclass(frozen=True, slots=True)
class Found:
    query: str
    hits: tuple[Hit, ...]
    demand: Effect | None  # the plain demand read from the query, if it reads as one


@dataclass(frozen=True, slots=True)
class _Indexed:
    card: Card
    name: tuple[str, ...]  # words of the name, the card-list name and the aliases
    name_text: str
    text: tuple[str, ...]  # words of the effect, the part, the note and the deck
    filter: str
    names: str  # " w1 w2 … ": the name words between spaces, for fast whole-word tests
    texts: str
    flag: str
    demands: tuple[tuple[str, frozenset[tuple[str, object]]], ...]  # (kind, fields) of each


def _fields(demand: object) -> frozenset[tuple[str, object]]:
    dumped = demand.model_dump(exclude_defaults=True)  # type: ignore[attr-defined]
    return frozenset((k, v) for k, v in dumped.items() if k != "kind")


@cache
def _index() -> tuple[_Indexed, ...]:
    out = []
    for c in catalogue().cards:
        names = " ".join((c.name, c.listed, *c.aliases))
        more = " ".join((c.text, c.part, c.note, c.deck, c.group))
        demands = tuple((d.kind, _fields(d)) for d in
                        (*c.effect.demands, *(c.effect.alternative or ())))
        name_words, text_words = words(names), words(more)
        out.append(_Indexed(c, name_words, " ".join(name_words), text_words,
                            "scenario" if c.deck in SCENARIO_DECKS else c.deck,
                            f" {' '.join(name_words)} ", f" {' '.join(text_words)} ",
                            rules_differently(c), demands))
    return tuple(out)


def _score(entry: _Indexed, terms: tuple[tuple[str, str, str], ...], phrase: str) -> float:
    """Each term must be found: a whole name word 4, the start of one 3, inside one 2, else
    the start of a word of the text 1. (`names`/`texts` are " w1 w2 ": C string searches;
    each term comes as (term, " term ", " term"), made once per query.)"""
    total = 0.0
    names, texts = entry.names, entry.texts
    for t, whole, start in terms:
        if whole in names:
            total += 4
        elif start in names:
            total += 3
        elif t in names:
            total += 2
        elif start in texts:
            total += 1
        else:
            return 0
    if phrase and entry.name_text.startswith(phrase):
        total += 6 if entry.name_text == phrase else 3
    return total


def search(query: str, decks: tuple[str, ...] | list[str] = (), limit: int = 12) -> Found:
    """The best cards for `query` (names above text), restricted to `decks` if any given."""
    unknown = [d for d in decks if d not in FILTERS]
    if unknown:
        raise SearchError("", _("There is no deck filter {deck}; the filters are {filters}.",
                                deck=repr(unknown[0]), filters=", ".join(FILTERS)))
    terms = words(query)
    demand = read_demand(query)
    if not terms and demand is None and decks:
        # A deck chosen with nothing typed: every card of that deck, by name.
        listed = sorted((e for e in _index() if e.filter in decks), key=lambda e: e.card.name)
        return Found(query, tuple(Hit(1, e.card, "deck", e.card.effect, e.card.name, e.flag)
                                  for e in listed), None)
    phrase = " ".join(terms)
    variants = tuple((t, f" {t} ", f" {t}") for t in terms)
    typed = (demand.demands[0].kind, _fields(demand.demands[0])) if demand else None
    scored: list[tuple[float, str, int]] = []
    for i, e in enumerate(_index()):
        if decks and e.filter not in decks:
            continue
        score = _score(e, variants, phrase) if terms else 0
        if typed is not None and any(k == typed[0] and typed[1] <= f for k, f in e.demands):
            score += 500
        if score > 0:
            scored.append((-score, e.card.name, i))
    index = _index()
    hits = [Hit(1000, None, "the demand you typed", demand, _label(demand))] if demand else []
    for neg, name, i in heapq.nsmallest(limit - len(hits), scored):
        score = -neg
        why = ("contains the demand" if score >= 500 else
               "name" if score >= 2 * len(terms) else "text")
        hits.append(Hit(score, index[i].card, why, index[i].card.effect, name, index[i].flag))
    return Found(query, tuple(hits), demand)


def cards_matching(query: str) -> tuple[Card, ...]:
    """The catalogue's cards found for these words, best first; no words, every card (the
    command line's `cards` listing)."""
    if not query.strip():
        return catalogue().cards
    return tuple(hit.card for hit in search(query).hits if hit.card is not None)


def _label(effect: Effect) -> str:
    return effect.label or _("The demand you typed")


# ---------------------------------------------------------------- plain demands

MAYBE_DEMAND = re.compile(r"\d|\b(?:an?|one|two|three|four|five|cover|half|halve|item)\b")
NUM = r"(\d{1,2}|an?|one|two|three|four|five)"
NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
RESOURCE = {"wood": "wood", "food": "food", "fur": "fur", "furs": "fur", "hide": "fur",
            "hides": "fur", "non perishable food": "nonperishable_food",
            "nonperishable food": "nonperishable_food", "dry food": "nonperishable_food"}
TRACK = r"(roof|palisade|weapon)"
PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(p), k) for p, k in (
    (rf"^(?:discard|lose|pay) {NUM} (non perishable food|nonperishable food|dry food|wood|food"
     r"|furs?|hides?)$", "discard"),
    (rf"^(?:discard|lose) {NUM} determination(?: tokens?)?$", "determination"),
    (rf"^{TRACK} -{NUM}$|^{TRACK} minus {NUM}$|^(?:lose|reduce) {NUM} {TRACK}$"
     rf"|^-{NUM} {TRACK}$", "reduce"),
    (rf"^{TRACK} \+{NUM}$|^{TRACK} plus {NUM}$|^(?:gain|raise) {NUM} {TRACK}$", "increase"),
    (rf"^morale -{NUM}$|^morale minus {NUM}$|^(?:lose|lower) {NUM} morale$", "morale"),
    (rf"^(?:suffer |take )?{NUM} wounds?$", "wounds"),
    (rf"^(?:fight|combat|beast)(?: a beast)?(?: of)?(?: strength)? {NUM}$", "combat"),
    (r"^cover (?:an? |the closest |1 )?(food|wood) source$", "cover"),
    (rf"^(?:lose |halve )?half(?: the)? {TRACK}$|^halve(?: the)? {TRACK}$", "halve"),
    (r"^(?:lose|flip) (?:an|1|one) item$", "item"),
))


def read_demand(query: str) -> Effect | None:
    """The plain demand a query spells, if it spells one: "discard 2 wood", "roof -1",
    "lose 1 determination", "if possible, weapon -2"."""
    text = fold(query).replace(",", " ").replace(":", " ")
    if not MAYBE_DEMAND.search(text):  # most queries are card names: no regex to try
        return None
    text = re.sub(r"\s+", " ", re.sub(r"(?<=[a-z])-(?=\d)", " -", text)).strip()
    if_possible = False
    for lead in ("if possible ", "if possible"):
        if text.startswith(lead):
            text, if_possible = text[len(lead):].strip(), True
    text = re.sub(r"(?<=[a-z]) ?- ?(?=\d)", " -", text).replace("- ", "-")
    for pattern, kind in PATTERNS:
        m = pattern.match(text)
        if m:
            groups = [g for g in m.groups() if g is not None]
            demand = _demand(kind, groups)
            if demand is None:
                return None
            if if_possible:
                demand["if_possible"] = True
            effect = Effect.model_validate({"demands": [demand]})
            return effect.evolve(label=_words_of(demand))
    return None


def _n(token: str) -> int:
    return NUMBERS.get(token) or int(token)


def _demand(kind: str, g: list[str]) -> dict[str, object] | None:
    if kind == "cover":
        return {"kind": "cover_source", "source": g[0]}
    if kind == "halve":
        return {"kind": "halve", "target": g[0]}
    if kind == "item":
        return {"kind": "lose_item"}
    nums = [_n(x) for x in g if x.isdigit() or x in NUMBERS]
    if not nums or not 1 <= nums[0] <= 20:
        return None
    n = nums[0]
    words_ = [x for x in g if not (x.isdigit() or x in NUMBERS)]
    if kind == "discard":
        return {"kind": "discard", RESOURCE[words_[0]]: n}
    if kind == "determination":
        return {"kind": "discard_determination", "amount": n}
    if kind in ("reduce", "increase"):
        return {"kind": kind, "track": words_[0], "amount": n}
    if kind == "morale":
        return {"kind": "lower_morale", "amount": n}
    if kind == "wounds":
        return {"kind": "wounds", "amount": n}
    if kind == "combat":
        return {"kind": "combat", "strength": n}
    return None


def _words_of(demand: dict[str, Any]) -> str:
    text = _plain_words(demand)
    if demand.get("if_possible"):
        return _("If possible, {demand}", demand=text)[:60]
    return capital(text)[:60]


def _plain_words(demand: dict[str, Any]) -> str:
    """A typed plain demand in words, as inside a sentence ("discard 2 wood")."""
    kind = demand["kind"]
    if kind == "discard":
        what, n = next((k, v) for k, v in demand.items() if k not in ("kind", "if_possible"))
        return _("discard {what}", what=resource_count(what, n))
    if kind == "discard_determination":
        return _("each character discards {n} Determination", n=demand["amount"])
    if kind == "reduce":
        return _("{track} −{n}", track=track_words(demand["track"]), n=demand["amount"])
    if kind == "increase":
        return _("{track} +{n}", track=track_words(demand["track"]), n=demand["amount"])
    if kind == "lower_morale":
        return _("Morale −{n}", n=demand["amount"])
    if kind == "wounds":
        return n_("each character suffers {n} Wound", "each character suffers {n} Wounds",
                  int(demand["amount"]))
    if kind == "combat":
        return _("fight a Beast of strength {n}", n=demand["strength"])
    if kind == "cover_source":
        return (_("cover the closest food source") if demand["source"] == "food"
                else _("cover the closest wood source"))
    if kind == "halve":
        return _("lose half the {what}", what=_HALVED[str(demand["target"])])
    return _("lose an Item")


_HALVED = {"food": N_("food"), "wood": N_("wood"), "fur": N_("fur"), "roof": N_("roof"),
           "palisade": N_("palisade"), "weapon": N_("weapon")}
