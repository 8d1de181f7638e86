"""The game's own names, said in the active language.

A name on the table comes from the players: a Beast they fight, an Invention on the board, an
Item, a Discovery token, a Treasure, a starting Item. When it is one of the game's own (a card
of the box, by its printed name or another name it goes by; a Beast a card of the catalogue
fights), it is said as the catalogue says it in the reader's language ("Pot" is the French
edition's name for a French reader), whatever its case, accents or spacing and whichever
language it was typed in among English and the active one. A name that is not the game's
stays as the players typed it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import cache
from importlib import resources
from typing import Any

from .i18n import _, current
from .words import fold


def game_name(name: str) -> str:
    """`name` in the active language when it is one of the game's, else as typed."""
    msgid = game_msgid(name)
    return _(msgid) if msgid is not None else name


def game_msgid(name: str) -> str | None:
    """The catalogue's message (the English name) for one of the game's names, typed in
    English or in the active language; None for a name that is not the game's."""
    key = fold(name)
    return _english().get(key) or _said_in(current()).get(key)


@cache
def _english() -> dict[str, str]:
    """Each of the game's names and aliases, folded, and the English name that says it."""
    return _folded(_records())


def table_names() -> dict[str, str]:
    """`_english` for the pieces a table lists by name (Inventions and Items, starting Items,
    Treasures, Discovery tokens, Beasts): what the board says of its own lists
    (static/shared/game-names.js, written by `make schema`)."""
    return _folded(r for r in _records() if r[0] in TABLE_DECKS)


# The card list's decks whose cards a table holds by name.
TABLE_DECKS = ("invention", "scenario-invention", "starting-item", "mystery-treasure",
               "discovery", "beast")


def _folded(records: Iterator[tuple[str, str, tuple[str, ...]]]) -> dict[str, str]:
    kept = list(records)
    found: dict[str, str] = {}
    for _deck, name, _aliases in kept:
        found.setdefault(fold(name), name)
    for _deck, name, aliases in kept:  # a card's own name before another's alias
        for alias in aliases:
            found.setdefault(fold(alias), name)
    return found


@cache
def _said_in(language: str) -> dict[str, str]:
    """Each of the game's names as `language` says it, folded, and its English name (a
    language that keeps a name in English says it in brackets: "[Tiger]" is "Tiger" too)."""
    found: dict[str, str] = {}
    for name in dict.fromkeys(_english().values()):
        said = _(name)
        found.setdefault(fold(said), name)
        found.setdefault(fold(said.strip("[]")), name)
    return found


def _records() -> Iterator[tuple[str, str, tuple[str, ...]]]:
    """(deck, name, aliases) of every card of the box (pyapp/data/card_list.json), every entry
    of the catalogue (cards.json) and every Beast its cards fight (deck "beast")."""
    data = resources.files("pyapp.data")
    listing = json.loads(data.joinpath("card_list.json").read_text(encoding="utf-8"))
    for key, deck in listing["decks"].items():
        for card in deck["cards"]:
            yield key, card["name"], tuple(card.get("aliases", ()))
    cards = json.loads(data.joinpath("cards.json").read_text(encoding="utf-8"))["cards"]
    for card in cards:
        yield card["deck"], card["name"], tuple(card.get("aliases", ()))
        yield from (("beast", beast, ()) for beast in beasts(card["effect"]))


def beasts(data: Any) -> Iterator[str]:
    """The Beasts a card's effect (as JSON data) fights, by name."""
    if isinstance(data, dict):
        if data.get("kind") == "combat" and data.get("beast"):
            yield data["beast"]
        for value in data.values():
            yield from beasts(value)
    elif isinstance(data, list):
        for value in data:
            yield from beasts(value)
