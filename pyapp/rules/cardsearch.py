"""Find the card a player holds: names rank above text; case, accents and the kind of dash do
not matter; deck filters; and a plain demand typed in ("discard 2 wood", "roof -1") is offered
first, ready to rule, followed by the cards that contain it. A card is found by its name in
every language's edition too (Polish, German, French, Spanish: its name in that language's
compiled catalogue), with the same typo tolerance; those catalogues are read by the first
search, not before. Pure Python, no index to fetch."""

from __future__ import annotations

import heapq
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from difflib import SequenceMatcher
from functools import cache
from typing import Any

from .catalogue import Card, ListedCard, card_list, catalogue
from .demands import CardPart, Choose, Demand, Effect
from .errors import SearchError
from .i18n import N_, _, current, editions, n_, translations
from .textsearch import WordIndex, allowed, distance, score_of, words
from .words import capital, fold, resource_count, track_words

FILTERS = ("event", "threat", "adventure", "mystery", "beast", "weather", "night", "morale",
           "scenario")  # the deck chips; "scenario" stands for Book, Totem and scenario rules
SCENARIO_DECKS = ("book", "totem", "scenario")
# The decks of the box's cards that a search finds without an entry, in words (the Event,
# Adventure, Mystery and scenario decks' words are the board's deck chips').
RECORD_DECKS = {"wreckage": N_("Wreckage"), "starting-item": N_("Starting Item"),
                "invention": N_("Invention"), "scenario-invention": N_("Scenario Invention"),
                "character": N_("Character"), "tile": N_("Island tile"),
                "discovery": N_("Discovery token"), "event": N_("Event"),
                "adventure-build": N_("Build"), "adventure-gather": N_("Gather"),
                "adventure-explore": N_("Explore"), "mystery-creature": N_("Creature"),
                "mystery-trap": N_("Trap"), "mystery-treasure": N_("Treasure"),
                "beast": N_("Beast"), "book": N_("Book"), "totem": N_("Totem"),
                "scenario": N_("Scenario"), "weather": N_("Weather"), "night": N_("Night"),
                "morale": N_("Morale")}
# The flags are marked for the catalogue (N_) and translated when answered (pyapp/service.py):
# the index that holds them is built once, whatever the language.
NOT_A_DEMAND = {"wounds": N_("The card's own Wounds, not unfulfilled demand"),
                "requirement": N_("A requirement or a cost, not a demand"),
                "halve_gain": N_("A smaller gain: nothing is owed"),
                "increase": N_("A raise: never a demand"),
                "place_token": N_("Placing a token: an identical one means nothing more"),
                "move_camp": N_("Moving the camp: a move, not a demand")}


def flat(demands: tuple[Demand, ...] | tuple[()]) -> tuple[Demand, ...]:
    """The plain demands of an effect, those inside its parts and choices too."""
    out: list[Demand] = []
    for d in demands:
        if isinstance(d, CardPart):
            out += flat(d.demands) + flat(d.alternative)
        elif isinstance(d, Choose):
            for option in d.options:
                out += flat(option)
        else:
            out.append(d)
    return tuple(out)


def rules_differently(card: Card) -> str:
    """A short flag on cards a player may rule wrongly: a choice, 'if possible', 'or …', not
    a demand."""
    effect = card.effect
    if any(isinstance(d, Choose) for d in effect.demands):
        return N_("The players choose: the option that costs least is suggested, the others "
                  "offered")
    if effect.alternative or any(isinstance(d, CardPart) for d in effect.demands):
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
    """One search result: a card (with its score), a card of the box that asks for nothing
    (`record`), or the typed demand itself (`card` and `record` None)."""

    score: float
    card: Card | None
    why: str  # where it matched: "name", "text", "contains the demand", "deck" (listed)
    effect: Effect | None  # None for a card of the box that asks for nothing
    label: str
    flag: str = ""  # the card's "why it rules differently", if any
    record: ListedCard | None = None  # a card of the box with no demand
    deck: str = ""  # the record's deck on the card list


@dataclass(frozen=True, slots=True)
class Found:
    query: str
    hits: tuple[Hit, ...]
    demand: Effect | None  # the plain demand read from the query, if it reads as one
    nearest: tuple[str, ...] = ()  # on a miss: the names nearest to what was typed


@dataclass(frozen=True, slots=True)
class _Indexed:
    card: Card | None
    record: ListedCard | None
    deck: str  # the card list's deck
    own: tuple[str, ...]  # the card's own name, folded words joined
    other: tuple[str, ...]  # its card-list name and aliases, folded words joined
    name_words: frozenset[str]
    text_words: frozenset[str]
    filter: str
    flag: str
    demands: tuple[tuple[str, frozenset[tuple[str, object]]], ...]  # (kind, fields) of each
    label: str
    has_demand: bool


def _fields(demand: object) -> frozenset[tuple[str, object]]:
    dumped = demand.model_dump(exclude_defaults=True)  # type: ignore[attr-defined]
    return frozenset((k, v) for k, v in dumped.items() if k != "kind")


# Small words a player types that say nothing about which card ("lose the Weapon", "the one
# where the roof loses 1").
STOP = frozenset({"the", "a", "an", "of", "to", "is", "are", "on", "in", "it", "its", "and",
                  "or", "card", "s", "one", "ones", "where", "which", "that", "when", "this",
                  "there", "what", "with", "about", "thing"})
# A loss written with a sign ("Weapon −2") is also found as words.
LOSS = re.compile(r"(?:^|\s)-\s?\d")


def _text_words(text: str) -> frozenset[str]:
    found = set(words(text))
    if LOSS.search(fold(text)):
        found |= {"lose", "loses", "minus"}
    return frozenset(found)


def _filter_of(deck: str) -> str:
    head = deck.split("-")[0]
    if deck in SCENARIO_DECKS:
        return "scenario"
    if deck == "wreckage":
        return "event"
    return head if head in FILTERS else "box"


def _in_editions(name: str) -> tuple[str, ...]:
    """The name as the other languages' editions print it, where it differs from English's
    (a name no edition is known to print is kept in brackets: the English again)."""
    found = (translations(code) for code in editions())
    said = {book.gettext(name).strip("[]") for book in found if book is not None} if name else set()
    return tuple(sorted(said - {name, ""}))


_indexed_editions: tuple[str, ...] = ()
_english_only = False


@contextmanager
def english_names_only() -> Iterator[None]:
    """Searches within the block look names up in English alone and read no other language's
    catalogue (the start-up snapshot's warm-up: an English reader's start stays as it was)."""
    global _english_only
    _english_only = True
    try:
        yield
    finally:
        _english_only = False


def _follow_editions() -> None:
    """The editions' names are read by the first search (not at start), and a language added
    since (a draft's, a test's) is searched too: the index is built again."""
    global _indexed_editions
    now = () if _english_only else editions()
    if now != _indexed_editions:
        for cached in (_index, _words_index, _by_kind):
            cached.cache_clear()
        _indexed_editions = now


@cache
def _index() -> tuple[_Indexed, ...]:
    """Every card a search finds, its names in every edition searched."""
    if not _indexed_editions:
        return _english()
    out = []
    for e in _english():
        names = ((e.card.name, e.card.listed) if e.card is not None else
                 (e.record.name,) if e.record is not None else ())
        said = tuple(" ".join(words(n)) for name in names for n in _in_editions(name))
        out.append(replace(e, other=(*e.other, *said), name_words=e.name_words | frozenset(
            w for n in said for w in n.split())))
    return tuple(out)


@cache
def _english() -> tuple[_Indexed, ...]:
    """Every card a search finds, by its English names, aliases and text."""
    listing = card_list()
    aliases: dict[tuple[str, str], tuple[str, ...]] = {
        (key, c.name): c.aliases for key, d in listing.decks.items() for c in d.cards}
    out = []
    have = set()
    for c in catalogue().cards:
        have.add((c.list_deck, c.list_name))
        other = (c.listed, *c.aliases, *aliases.get((c.list_deck, c.list_name), ()))
        more = " ".join((c.text, c.part, c.note, c.deck, c.group))
        demands = tuple((d.kind, _fields(d)) for d in
                        flat((*c.effect.demands, *(c.effect.alternative or ()))))
        own = " ".join(words(c.name))
        others = tuple(" ".join(words(o)) for o in other if o)
        out.append(_Indexed(c, None, c.list_deck, (own,), others,
                            frozenset(w for n in (own, *others) for w in n.split()),
                            _text_words(more), _filter_of(c.deck), rules_differently(c), demands,
                            c.name, True))
    for key, deck in listing.decks.items():
        for r in deck.cards:
            if (key, r.name) in have:
                continue
            own = " ".join(words(r.name))
            others = tuple(" ".join(words(a)) for a in r.aliases)
            text = " ".join((r.text, r.out, r.note, deck.title, key.replace("-", " ")))
            out.append(_Indexed(None, r, key, (own,), others,
                                frozenset(w for n in (own, *others) for w in n.split()),
                                _text_words(text), _filter_of(key), "", (), r.name, False))
    return tuple(out)


@cache
def _words_index() -> WordIndex:
    """The index's name words and text words, for the typed words (textsearch.py)."""
    return WordIndex([e.name_words for e in _index()], [e.text_words for e in _index()])


@cache
def _by_kind() -> dict[str, tuple[tuple[int, frozenset[tuple[str, object]]], ...]]:
    """Demand kind -> (entry, the demand's fields) of every entry with such a demand."""
    out: dict[str, list[tuple[int, frozenset[tuple[str, object]]]]] = {}
    for i, e in enumerate(_index()):
        for kind, fields in e.demands:
            out.setdefault(kind, []).append((i, fields))
    return {k: tuple(v) for k, v in out.items()}


PHRASE_MOST = 8  # the most the whole name typed adds (`_phrase`)


def _phrase(entry: _Indexed, phrase: str) -> float:
    """The whole name typed, or nearly (a typo or two), or its start: the card's own name
    counts more than its other names."""
    limit = min(2, max(1, len(phrase) // 6)) if phrase else 0
    for bonus, names in ((6, entry.own), (5, entry.other)):
        for name in names:
            if name == phrase:
                return bonus + 2
            if limit and abs(len(name) - len(phrase)) <= limit:
                d = distance(phrase, name, limit)
                if d <= limit:
                    return bonus - 2 * d
            if name.startswith(phrase):
                return bonus / 2
    return 0.0


def search(query: str, decks: tuple[str, ...] | list[str] = (), limit: int = 12) -> Found:
    """The best cards for `query` (names above text), restricted to `decks` if any given.
    Typos of one or two letters are forgiven; the cards of the box that ask for nothing are
    found too, and say so; on a miss, the nearest names are offered."""
    unknown = [d for d in decks if d not in FILTERS]
    if unknown:
        raise SearchError("", _("There is no deck filter {deck}; the filters are {filters}.",
                                deck=repr(unknown[0]), filters=", ".join(FILTERS)))
    _follow_editions()
    all_terms = words(query)
    terms = tuple(w for w in all_terms if w not in STOP) or all_terms
    demand = read_demand(query)
    if not terms and demand is None and decks:
        # A deck chosen with nothing typed: every card of that deck, by name.
        listed = sorted((e for e in _index() if e.filter in decks and e.card is not None),
                        key=lambda e: e.label)
        return Found(query, tuple(_hit(e, 1, "deck") for e in listed), None)
    phrase = " ".join(all_terms)
    found = _words_index()
    prepared = tuple(found.hits(t) for t in terms)
    typed = (demand.demands[0].kind, _fields(demand.demands[0])) if demand else None
    scored: list[tuple[float, bool, str, int, bool]] = []
    index = _index()
    candidates = found.candidates(prepared)
    having = frozenset(i for i, f in _by_kind().get(typed[0], ()) if typed[1] <= f
                       ) if typed is not None else frozenset()
    candidates |= having
    base: list[tuple[float, int, bool]] = []
    for i in candidates:
        if decks and index[i].filter not in decks:
            continue
        score, in_name = score_of(i, prepared) if terms else (0.0, False)
        if score > 0 or i in having:
            base.append((score + (500 if i in having else 0), i, in_name))
    # Only a card within reach of the best can be lifted into them by its whole name typed.
    room = limit - (1 if demand else 0)
    floor = (heapq.nlargest(room, (b[0] for b in base))[-1] - PHRASE_MOST
             if len(base) > room > 0 else float("-inf"))
    for score, i, in_name in base:
        e = index[i]
        if score >= floor and terms:
            score += _phrase(e, phrase)
        if e.has_demand:
            score += 0.25  # a tie goes to the card the referee rules
        # Scored alike, a card's Event effect comes before its Threat entry.
        threat = e.card is not None and e.card.deck == "threat"
        scored.append((-score, threat, e.label, i, in_name))
    hits = [Hit(1000, None, "the demand you typed", demand, _label(demand))] if demand else []
    for neg, _threat, _name, i, in_name in heapq.nsmallest(limit - len(hits), scored):
        score = -neg
        why = "contains the demand" if score >= 500 else "name" if in_name else "text"
        hits.append(_hit(index[i], score, why))
    nearest = () if hits or not terms else nearest_names(query, decks)
    return Found(query, tuple(hits), demand, nearest)


def _hit(e: _Indexed, score: float, why: str) -> Hit:
    if e.card is not None:
        return Hit(score, e.card, why, e.card.effect, e.label, e.flag)
    return Hit(score, None, why, None, e.label, "", e.record, e.deck)


def nearest_names(query: str, decks: tuple[str, ...] | list[str] = (), n: int = 3
                  ) -> tuple[str, ...]:
    """The names nearest to what was typed, for a search that found nothing: the likeness
    (difflib's ratio) of the typed words to the whole name or to one of its words."""
    _follow_editions()
    typed = " ".join(words(query))
    pool = {e.label: " ".join((*e.own, *e.other)) for e in _index()
            if not decks or e.filter in decks}
    matcher = SequenceMatcher(None, "", typed)  # what was typed is analysed once
    likeness: dict[str, float] = {}

    def like(text: str) -> float:
        if text not in likeness:
            matcher.set_seq1(text)
            likeness[text] = matcher.ratio() if matcher.real_quick_ratio() >= 0.4 else 0.0
        return likeness[text]

    ratio = {label: max(like(name), *(like(w) for w in name.split()))
             for label, name in pool.items()}
    best = sorted(ratio, key=lambda label: (-ratio[label], label))[:n]
    return tuple(label for label in best if ratio[label] >= 0.4)


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
    (rf"^morale -{NUM}$|^morale minus {NUM}$|^(?:lose|lower) {NUM} morale$"
     rf"|^(?:lose|lower) morale (?:by )?{NUM}$", "morale"),
    (rf"^(?:suffer |take )?{NUM} wounds?$", "wounds"),
    (rf"^(?:fight|combat|beast)(?: a beast)?(?: of)?(?: strength)? {NUM}$", "combat"),
    (r"^cover (?:an? |the closest |1 )?(food|wood) source$", "cover"),
    (rf"^(?:lose |halve )?half(?: the)? {TRACK}$|^halve(?: the)? {TRACK}$", "halve"),
    (r"^(?:lose|flip) (?:an|1|one) item$", "item"),
))


def read_demand(query: str) -> Effect | None:
    """The plain demand a query spells, if it spells one: "discard 2 wood", "roof -1",
    "lose 1 determination", "if possible, weapon -2"; or, in any language, the words the
    core itself gives a plain demand in the reader's language ("2 Holz abgeben")."""
    return _read_english(query) or _read_as_said(query)


def _read_english(query: str) -> Effect | None:
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


def _said_tokens(text: str) -> tuple[str, ...]:
    """Words and numbers of a demand as said or typed: folded, its punctuation a space, a
    sign kept on its number ("Dach −1", "dach-1" and "Dach - 1" read alike)."""
    text = re.sub(r"[,:;.!?()\[\]\"„“”«»]", " ", fold(text))
    text = re.sub(r"(?<=[^\s+-])([+-])(?=\d)", r" \1", text)
    return tuple(re.sub(r"([+-]) (?=\d)", r"\1", text).split())


AMOUNTS = range(1, 21)
Said = tuple[tuple[str, ...], dict[str, Any]]  # the words the core says a demand in; the demand


def _every_plain_demand() -> Iterator[dict[str, Any]]:
    """Every demand the finder reads typed, in the amounts it reads (1 to 20)."""
    for n in AMOUNTS:
        for what in ("wood", "food", "nonperishable_food", "fur"):
            yield {"kind": "discard", what: n}
        yield {"kind": "discard_determination", "amount": n}
        for track in ("roof", "palisade", "weapon"):
            yield {"kind": "reduce", "track": track, "amount": n}
            yield {"kind": "increase", "track": track, "amount": n}
        yield {"kind": "lower_morale", "amount": n}
        yield {"kind": "wounds", "amount": n}
        yield {"kind": "combat", "strength": n}
    for source in ("food", "wood"):
        yield {"kind": "cover_source", "source": source}
    for track in ("roof", "palisade", "weapon"):
        yield {"kind": "halve", "target": track}
    yield {"kind": "lose_item"}


@cache
def _as_said(language: str) -> tuple[tuple[str, ...], dict[int, list[Said]]]:
    """In `language` (the current one): the words before "If possible, …"'s demand, and
    each plain demand by the words the core says it in, grouped by their number of words."""
    lead = _said_tokens(_("If possible, {demand}", demand="\x00").partition("\x00")[0])
    by_length: dict[int, list[Said]] = {}
    for demand in _every_plain_demand():
        tokens = _said_tokens(_plain_words(demand))
        by_length.setdefault(len(tokens), []).append((tokens, demand))
        short = _without_little_words(tokens)
        if short != tokens:
            by_length.setdefault(-len(short), []).append((short, demand))
    return lead, by_length


def _without_little_words(tokens: tuple[str, ...]) -> tuple[str, ...]:
    """Without words of one or two letters ("de", "z", "o"), which players leave out."""
    return tuple(t for t in tokens if not (t.isalpha() and len(t) <= 2))


def _typed_as(typed: tuple[str, ...], said: tuple[str, ...]) -> int | None:
    """How many letters `typed` is off `said`, word by word (a typo or another form of a
    word: as many letters as the card finder forgives; numbers and signs exactly); None when
    they are not the same words."""
    off = 0
    for t, s in zip(typed, said, strict=True):
        if t == s:
            continue
        if not (t.isalpha() and s.isalpha()):
            return None
        d = distance(t, s, allowed(s))
        if d > allowed(s):
            return None
        off += d
    return off


def _read_as_said(query: str) -> Effect | None:
    """A plain demand typed as the core says it in the reader's language, a word or two
    letters off at most; "If possible" before it as the core says that too."""
    lead, by_length = _as_said(current())
    typed = _said_tokens(query)
    if_possible = False
    if lead and typed[: len(lead)] and len(typed) > len(lead) and _typed_as(
            typed[: len(lead)], lead) is not None:
        typed, if_possible = typed[len(lead):], True
    best: tuple[int, dict[str, Any]] | None = None
    short = _without_little_words(typed)
    # As said, or both without their little words (kept under minus their length).
    for words_, key in ((typed, len(typed)), (short, -len(short))):
        for said, demand in by_length.get(key, ()) if words_ else ():
            off = _typed_as(words_, said)
            if off is not None and (best is None or off < best[0]):
                best = (off, demand)
    if best is None:
        return None
    demand = dict(best[1])
    if if_possible:
        demand["if_possible"] = True
    return Effect.model_validate({"demands": [demand]}).evolve(label=_words_of(demand))


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
        return _("lose half the {what}", what=_(_HALVED[str(demand["target"])]))
    return _("lose an Item")


_HALVED = {"food": N_("food"), "wood": N_("wood"), "fur": N_("fur"), "roof": N_("roof"),
           "palisade": N_("palisade"), "weapon": N_("weapon")}
