"""The card catalogue: real card effects as data, validated by the demand models."""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Literal

from pydantic import Field

from .base import Value
from .demands import Effect
from .state import Label, Phase

Deck = Literal["event", "threat", "adventure", "beast", "weather", "night", "morale", "book",
               "totem", "mystery"]


class Card(Value):
    """One card effect a player can pick instead of composing it."""

    id: str = Field(pattern=r"^[a-z0-9-]+$", max_length=60)
    name: Label
    deck: Deck
    text: str = Field(max_length=300)
    source: str = Field(max_length=60)  # source key in reference.md
    fan: bool = True  # effect transcribed by fans, not the publisher
    phase: Phase | None = None  # the phase it is usually resolved in
    note: str = Field(default="", max_length=300)
    effect: Effect


class Catalogue(Value):
    format: Literal["castaway-referee/cards"] = "castaway-referee/cards"
    version: Literal[1] = 1
    cards: tuple[Card, ...]

    def card(self, card_id: str) -> Card:
        found = next((c for c in self.cards if c.id == card_id), None)
        if found is None:
            raise KeyError(card_id)
        return found

    def search(self, words: str) -> tuple[Card, ...]:
        """Cards whose name or text holds every word, case-insensitive."""
        terms = words.lower().split()
        return tuple(c for c in self.cards
                     if all(t in f"{c.name} {c.text}".lower() for t in terms))


@cache
def catalogue() -> Catalogue:
    text = resources.files("pyapp.data").joinpath("cards.json").read_text(encoding="utf-8")
    return Catalogue.model_validate_json(text)
