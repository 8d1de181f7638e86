"""The card catalogue: real card effects as data, validated by the demand models, and the
list of the box's cards per deck that says which cards the catalogue covers (and why not)."""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Literal

from pydantic import Field, model_validator

from .base import Value
from .demands import Effect
from .i18n import N_, _
from .state import Benefit, Label, Name, Phase

Deck = Literal["event", "threat", "adventure", "beast", "weather", "night", "morale", "book",
               "totem", "mystery", "scenario"]
Group = Literal["", "build", "gather", "explore", "creature", "trap", "treasure"]
Certainty = Literal["stated", "fan", "uncertain"]
# The decks of the card list: a catalogue entry belongs to one (see `list_deck`).
ListDeck = Literal["event", "adventure-build", "adventure-gather", "adventure-explore",
                   "mystery-creature", "mystery-trap", "mystery-treasure", "beast", "weather",
                   "morale", "night", "book", "totem", "scenario", "wreckage", "starting-item",
                   "invention", "scenario-invention", "character", "tile", "discovery"]
# The plain words of a card that asks for nothing (search answers and the coverage say them).
NOTHING = N_("this card asks for nothing the referee rules on")


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
    # The ids this card had when the catalogue split it into ready-decided entries (one per
    # option): saves, share links and players still name them, and they still find it.
    former_ids: tuple[str, ...] = ()
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
        """The card with this id, or the one that took it over (`former_ids`)."""
        found = next((c for c in self.cards if c.id == card_id), None) or next(
            (c for c in self.cards if card_id in c.former_ids), None)
        if found is None:
            raise KeyError(card_id)
        return found

    @model_validator(mode="after")
    def _ids_once(self) -> Catalogue:
        seen: set[str] = set()
        for c in self.cards:
            for card_id in (c.id, *c.former_ids):
                if card_id in seen:
                    raise ValueError(f"the id {card_id} names two cards")
                seen.add(card_id)
        return self


class ListedCard(Value):
    """A card (or tile, or token) of the box: covered by catalogue entries that rule its
    demand, or recorded with its demand "none" and the reason (`out`); with what the referee
    needs of it (an Invention's benefits, a tile's terrain and sources), copies counted."""

    name: Name
    aliases: tuple[Label, ...] = ()
    copies: int = Field(default=1, ge=1, le=10)  # how many of it the box holds
    out: str = Field(default="", max_length=300)  # no entry: its demand is none, and why
    note: str = Field(default="", max_length=300)  # what part of a covered card is left out
    source: str = Field(default="", max_length=40)  # where the name is from, if not the deck's
    text: str = Field(default="", max_length=300)  # what it does, in our own words
    certainty: Certainty = "fan"
    benefits: tuple[Benefit, ...] = ()  # an Invention's Item: what losing it reverts
    terrain: str = Field(default="", max_length=20)  # an Island tile's terrain
    sources: tuple[Literal["food", "wood"], ...] = ()  # an Island tile's sources


class ListSource(Value):
    name: str = Field(max_length=200)
    where: str = Field(max_length=300)  # a URL, or a public repository and path
    kind: Literal["fan data set", "fan implementation", "official rules app",
                  "rulebook quote"]


class ListedDeck(Value):
    title: str = Field(max_length=100)
    source: str = Field(max_length=40)
    box: int = Field(ge=1, le=200)  # how many the base box holds, copies counted
    box_source: str = Field(max_length=40)  # the public source of that count
    unnamed: int = Field(default=0, ge=0, le=5)  # cards of the box no public source names
    unnamed_why: str = Field(default="", max_length=300)
    cross_check: str = Field(default="", max_length=300)
    cards: tuple[ListedCard, ...] = Field(min_length=1)

    @property
    def count(self) -> int:
        """The cards recorded, copies counted."""
        return sum(c.copies for c in self.cards)


class BoxTotal(Value):
    """A count the box's lists give for several decks together (the Mystery cards' kinds)."""

    title: str = Field(max_length=100)
    decks: tuple[ListDeck, ...] = Field(min_length=1)
    box: int = Field(ge=1, le=200)
    box_source: str = Field(max_length=40)
    why: str = Field(default="", max_length=300)  # why the decks' own counts fall short


class CardList(Value):
    format: Literal["castaway-referee/card-list"] = "castaway-referee/card-list"
    version: Literal[1] = 1
    sources: dict[str, ListSource]
    decks: dict[ListDeck, ListedDeck]
    totals: tuple[BoxTotal, ...] = ()

    @model_validator(mode="after")
    def _sources_known(self) -> CardList:
        for key, deck in self.decks.items():
            for src in (deck.source, deck.box_source):
                if src not in self.sources:
                    raise ValueError(f"deck {key} names an unknown source {src!r}")
            if deck.unnamed and not deck.unnamed_why:
                raise ValueError(f"deck {key}: unnamed cards need the reason")
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


def invention_card(name: str) -> ListedCard | None:
    """An Invention's record on the card list (Inventions and scenario Inventions), with what
    its Item gives while built, by its name whatever the case; None for a name it lacks."""
    wanted = " ".join(name.casefold().split())
    for key in ("invention", "scenario-invention"):
        for card in card_list().decks[key].cards:
            if " ".join(card.name.casefold().split()) == wanted:
                return card
    return None


class DeckCoverage(Value):
    deck: str
    title: str
    box: int  # the base box's count, copies counted
    box_source: str  # the public source of that count: "KEY = where"
    count: int  # the cards the catalogue records, copies counted
    listed: int  # distinct cards recorded
    covered: tuple[str, ...]  # recorded cards with at least one catalogue entry ruling them
    excluded: tuple[tuple[str, str], ...]  # (card, why its demand is none) recorded, no entry
    missing: tuple[str, ...]  # of the box, and neither ruled nor recorded with a reason
    unnamed: int  # cards of the box no public source names (also missing)
    unnamed_why: str
    entries: int  # catalogue entries of this deck
    unlisted: tuple[str, ...]  # entries naming a card that is not on the list: an error

    @property
    def short(self) -> int:
        """How many cards of the box the catalogue lacks."""
        return max(0, self.box - self.count) + len(self.missing)

    @property
    def summary(self) -> bool:
        """A line for several decks together (a `BoxTotal`), not a deck of its own."""
        return "+" in self.deck


def coverage() -> tuple[DeckCoverage, ...]:
    """Per deck of the box: its count and source, what the catalogue records, and what not."""
    cards, listing = catalogue().cards, card_list()
    result = []
    for key, deck in listing.decks.items():
        mine = [c for c in cards if c.list_deck == key]
        names = {c.name for c in deck.cards}
        have = {c.list_name for c in mine}
        missing = tuple(c.name for c in deck.cards if not c.out and c.name not in have)
        src = listing.sources[deck.box_source]
        result.append(DeckCoverage(
            deck=key, title=deck.title, box=deck.box, box_source=f"{deck.box_source} = {src.where}",
            count=sum(c.copies for c in deck.cards if c.name not in missing),
            listed=len(deck.cards),
            covered=tuple(c.name for c in deck.cards if c.name in have),
            excluded=tuple((c.name, c.out) for c in deck.cards if c.out and c.name not in have),
            missing=missing, unnamed=deck.unnamed, unnamed_why=deck.unnamed_why,
            entries=len(mine), unlisted=tuple(sorted({c.list_name for c in mine} - names))))
    for total in listing.totals:
        parts = [d for d in result if d.deck in total.decks]
        count = sum(d.count for d in parts)
        src = listing.sources[total.box_source]
        result.append(DeckCoverage(
            deck="+".join(total.decks), title=total.title, box=total.box,
            box_source=f"{total.box_source} = {src.where}", count=count,
            listed=sum(d.listed for d in parts), covered=(), excluded=(), missing=(),
            unnamed=max(0, total.box - count), unnamed_why=total.why,
            entries=sum(d.entries for d in parts), unlisted=()))
    listed_decks = set(listing.decks)
    strays = [c for c in cards if c.list_deck not in listed_decks]
    if strays:
        result.append(DeckCoverage(deck="(none)", title="Entries of no listed deck", box=0,
                                   box_source="", count=0, listed=0, covered=(), excluded=(),
                                   missing=(), unnamed=0, unnamed_why="", entries=len(strays),
                                   unlisted=tuple(c.id for c in strays)))
    return tuple(result)


def coverage_text(details: bool = False) -> str:
    """The coverage report `python -m pyapp cards --coverage` prints: per deck the box's count
    and its public source, the catalogue's count, and each missing card by name."""
    lines = []
    box = count = short = 0
    for d in coverage():
        lines.append(f"{d.deck}: {d.title}")
        lines.append(f"  box {d.box} (source: {d.box_source})")
        if d.summary:
            lines.append(f"  catalogue {d.count} (the decks above together), missing {d.short}")
        else:
            lines.append(f"  catalogue {d.count} ({d.listed} distinct: {len(d.covered)} ruled by "
                         f"{d.entries} entries, {len(d.excluded)} with no demand), missing "
                         f"{d.short}")
        for name in d.missing:
            lines.append(f"    MISSING: {name}")
        if d.unnamed:
            lines.append(f"    NOT NAMED BY ANY PUBLIC SOURCE: {d.unnamed} ({d.unnamed_why})")
        for name in d.unlisted:
            lines.append(f"    NOT ON THE LIST: {name}")
        if details:
            for name, why in d.excluded:
                lines.append(f"    no demand: {name}: {why}")
        if not d.summary:
            box, count, short = box + d.box, count + d.count, short + d.short
        else:  # what a count over several decks adds to theirs
            parts = [x for x in coverage() if x.deck in d.deck.split("+")]
            box += max(0, d.box - sum(x.box for x in parts))
            short += max(0, d.short - sum(x.short for x in parts))
    lines.append(f"total: box {box}, catalogue {count}, missing {short}")
    return "\n".join(lines)
