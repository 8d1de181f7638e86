"""The card catalogue: real card effects as data, validated by the demand models, and the
list of the box's cards per deck that says which cards the catalogue covers (and why not)."""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Literal

from pydantic import Field, model_validator

from .base import Value
from .demands import Effect
from .i18n import _
from .state import Label, Name, Phase

Deck = Literal["event", "threat", "adventure", "beast", "weather", "night", "morale", "book",
               "totem", "mystery", "scenario"]
Group = Literal["", "build", "gather", "explore", "creature", "trap", "treasure"]
Certainty = Literal["stated", "fan", "uncertain"]
# The decks of the card list: a catalogue entry belongs to one (see `list_deck`).
ListDeck = Literal["event", "adventure-build", "adventure-gather", "adventure-explore",
                   "mystery-creature", "mystery-trap", "mystery-treasure", "beast", "weather",
                   "morale", "night", "book", "totem", "scenario"]


class Card(Value):
    """One card effect a player can pick instead of composing it."""

    id: str = Field(pattern=r"^[a-z0-9-]+$", max_length=60)
    name: Label
    deck: Deck
    group: Group = ""  # the Adventure deck (build/gather/explore) or Mystery kind
    listed: Label = ""  # the card's name on the card list, when the entry is one part of it
    part: Label = ""  # which part of the card: "Event effect", "Threat Action left unresolved"
    text: str = Field(max_length=300)  # the effect in our own words
    source: str = Field(max_length=60)  # source key in card_list.json
    checked: str = Field(default="", max_length=300)  # what else it was checked against
    certainty: Certainty = "fan"
    fan: bool = True  # effect transcribed by fans, not the publisher
    phase: Phase | None = None  # the phase it is usually resolved in
    event_combat: bool = False  # a fight in the Event Phase: the First Player fights
    scenario: int | None = Field(default=None, ge=1, le=7)  # a scenario's own rule or card
    aliases: tuple[Label, ...] = ()  # other names the card goes by (other translations)
    note: str = Field(default="", max_length=300)
    effect: Effect

    @model_validator(mode="after")
    def _grouped(self) -> Card:
        if (self.deck in ("adventure", "mystery")) != bool(self.group):
            raise ValueError(f"{self.id}: Adventure and Mystery cards, and only they, name "
                             "their group")
        return self

    @property
    def list_name(self) -> str:
        return self.listed or self.name

    @property
    def list_deck(self) -> str:
        if self.deck == "threat":
            return "event"
        return f"{self.deck}-{self.group}" if self.group else self.deck


class Catalogue(Value):
    format: Literal["castaway-referee/cards"] = "castaway-referee/cards"
    version: Literal[1] = 1
    cards: tuple[Card, ...]

    def card(self, card_id: str) -> Card:
        found = next((c for c in self.cards if c.id == card_id), None)
        if found is None:
            raise KeyError(card_id)
        return found


class ListedCard(Value):
    """A card of the box: covered by catalogue entries, or left out for the reason given."""

    name: Name
    aliases: tuple[Label, ...] = ()
    out: str = Field(default="", max_length=300)  # why no entry: not in scope, or uncertain
    note: str = Field(default="", max_length=300)  # what part of a covered card is left out
    source: str = Field(default="", max_length=40)  # where the name is from, if not the deck's


class ListSource(Value):
    name: str = Field(max_length=200)
    where: str = Field(max_length=300)  # a URL, or a public repository and path
    kind: Literal["fan data set", "fan implementation", "official rules app",
                  "rulebook quote"]


class ListedDeck(Value):
    title: str = Field(max_length=100)
    source: str = Field(max_length=40)
    cross_check: str = Field(default="", max_length=300)
    cards: tuple[ListedCard, ...] = Field(min_length=1)


class CardList(Value):
    format: Literal["castaway-referee/card-list"] = "castaway-referee/card-list"
    version: Literal[1] = 1
    sources: dict[str, ListSource]
    decks: dict[ListDeck, ListedDeck]

    @model_validator(mode="after")
    def _sources_known(self) -> CardList:
        for key, deck in self.decks.items():
            if deck.source not in self.sources:
                raise ValueError(f"deck {key} names an unknown source {deck.source!r}")
            for card in deck.cards:
                if card.source and card.source not in self.sources:
                    raise ValueError(f"deck {key}: {card.name} names an unknown source "
                                     f"{card.source!r}")
            names = [c.name for c in deck.cards]
            if len(names) != len(set(names)):
                raise ValueError(f"deck {key} lists a card twice")
        return self


@cache
def catalogue() -> Catalogue:
    text = resources.files("pyapp.data").joinpath("cards.json").read_text(encoding="utf-8")
    return Catalogue.model_validate_json(text)


@cache
def catalogue_in(language: str) -> Catalogue:
    """The catalogue with its cards' names, parts, texts and notes in `language` (the active
    one: the argument keys the cache)."""
    # model_copy, not evolve: the limits on a name's length are for what is read in, and a
    # translation may be longer (the pseudo-locale is, by a third).
    return catalogue().model_copy(update={"cards": tuple(c.model_copy(update={
        "name": _(c.name), "part": _(c.part) if c.part else "", "text": _(c.text),
        "note": _(c.note) if c.note else ""}) for c in catalogue().cards)})


@cache
def card_list() -> CardList:
    text = resources.files("pyapp.data").joinpath("card_list.json").read_text(encoding="utf-8")
    return CardList.model_validate_json(text)


class DeckCoverage(Value):
    deck: str
    title: str
    listed: int
    covered: tuple[str, ...]  # listed cards with at least one catalogue entry
    excluded: tuple[tuple[str, str], ...]  # (card, reason) left out on purpose
    missing: tuple[str, ...]  # listed, in scope, and without an entry: a gap
    entries: int  # catalogue entries of this deck
    unlisted: tuple[str, ...]  # entries naming a card that is not on the list: an error


def coverage() -> tuple[DeckCoverage, ...]:
    """Per deck of the card list: what the catalogue covers, leaves out (why), and misses."""
    cards, listing = catalogue().cards, card_list()
    result = []
    for key, deck in listing.decks.items():
        mine = [c for c in cards if c.list_deck == key]
        names = {c.name for c in deck.cards}
        have = {c.list_name for c in mine}
        result.append(DeckCoverage(
            deck=key, title=deck.title, listed=len(deck.cards),
            covered=tuple(c.name for c in deck.cards if c.name in have),
            excluded=tuple((c.name, c.out) for c in deck.cards if c.out and c.name not in have),
            missing=tuple(c.name for c in deck.cards if not c.out and c.name not in have),
            entries=len(mine),
            unlisted=tuple(sorted({c.list_name for c in mine} - names))))
    listed_decks = set(listing.decks)
    strays = [c for c in cards if c.list_deck not in listed_decks]
    if strays:
        result.append(DeckCoverage(deck="(none)", title="Entries of no listed deck", listed=0,
                                   covered=(), excluded=(), missing=(), entries=len(strays),
                                   unlisted=tuple(c.id for c in strays)))
    return tuple(result)


def coverage_text() -> str:
    """The coverage report `python -m pyapp cards --coverage` prints."""
    lines = []
    total = [0, 0, 0, 0, 0]
    for d in coverage():
        lines.append(f"{d.deck}: {d.title}")
        lines.append(f"  listed {d.listed}, in catalogue {len(d.covered)} ({d.entries} entries), "
                     f"left out {len(d.excluded)}, missing {len(d.missing)}")
        for name, why in d.excluded:
            lines.append(f"    left out: {name}: {why}")
        for name in d.missing:
            lines.append(f"    MISSING: {name}")
        for name in d.unlisted:
            lines.append(f"    NOT ON THE LIST: {name}")
        for i, n in enumerate((d.listed, len(d.covered), d.entries, len(d.excluded),
                               len(d.missing))):
            total[i] += n
    in_scope = total[0] - total[3]
    lines.append(f"total: listed {total[0]}, in catalogue {total[1]} ({total[2]} entries), left "
                 f"out {total[3]}, missing {total[4]}; coverage of the cards in scope "
                 f"{total[1]}/{in_scope}")
    sources = card_list().sources
    lines.append("sources: " + "; ".join(f"{k} = {s.where}" for k, s in sources.items()))
    return "\n".join(lines)
