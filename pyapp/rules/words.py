"""The names and lists every sentence uses, in the active language: figures, tracks,
resources, counted resources ("1 wood", "2 wood" through the language's plural rule) and
"a, b or c" lists. Marked for the catalogue with N_ and translated when said."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from functools import lru_cache

from .i18n import N_, _, current, n_

FIGURE_NAMES = {"cook": N_("Cook"), "carpenter": N_("Carpenter"), "explorer": N_("Explorer"),
                "soldier": N_("Soldier"), "friday": N_("Friday"), "jenny": N_("Jenny")}
RESOURCE_WORDS = {"food": N_("food"), "nonperishable_food": N_("non-perishable food"),
                  "perishable_food": N_("perishable food"), "wood": N_("wood"), "fur": N_("fur")}
# A number of a resource, in the form the language's plural rule picks.
RESOURCE_COUNTS: dict[str, Callable[[int], str]] = {
    "food": lambda n: n_("{n} food", "{n} food", n),
    "nonperishable_food": lambda n: n_("{n} non-perishable food", "{n} non-perishable food", n),
    "perishable_food": lambda n: n_("{n} perishable food", "{n} perishable food", n),
    "wood": lambda n: n_("{n} wood", "{n} wood", n),
    "fur": lambda n: n_("{n} fur", "{n} fur", n),
}
TRACK_WORDS = {"roof": N_("Roof"), "palisade": N_("Palisade"), "weapon": N_("Weapon"),
               "morale": N_("Morale")}
PHASE_NAMES = {"event": N_("Event"), "morale": N_("Morale"), "production": N_("Production"),
               "action": N_("Action"), "weather": N_("Weather"), "night": N_("Night")}
# What a scenario brings to the table that the board shows (New game names it by its number).
SCENARIO_NOTES = {3: N_("Jenny"), 6: N_("the children")}
# A track inside a sentence ("the roof reduction").
TRACK_LOWER = {"roof": N_("roof"), "palisade": N_("palisade"), "weapon": N_("weapon"),
               "morale": N_("morale")}


# The Actions by their kind, as a line about who resolves one names them ("the Arrange camp
# Action"), and as the board titles a planned Action ("Gather resources").
ACTION_NAMES = {"threat": N_("Threat"), "hunt": N_("Hunt"), "build": N_("Build"),
                "gather": N_("Gather"), "explore": N_("Explore"),
                "arrange_camp": N_("Arrange camp"), "rest": N_("Rest")}
ACTION_TITLES = {**ACTION_NAMES, "gather": N_("Gather resources")}
# The game's tokens and markers, and the board's spaces, by the ids the catalogue's cards use
# ("a “Reroll” token on the Build Action space"); any other is the players' own, said as typed.
TOKEN_NAMES = {"rain": N_("Rain"), "snow": N_("Snow"), "storm": N_("Storm"),
               "adventure": N_("Adventure"), "reroll": N_("Reroll"),
               "time-consuming": N_("Time-consuming Action"),
               "hungry-animals": N_("Hungry Animals"), "beast": N_("Beast")}
MARKER_NAMES = {"black": N_("black"), "fog": N_("fog")}
SPACE_NAMES = {"weather": N_("the Weather space"), "threat": N_("the Threat Action space"),
               "hunt": N_("the Hunt Action space"), "build": N_("the Build Action space"),
               "gather": N_("the Gather Action space"),
               "explore": N_("the Explore Action space"),
               "arrange_camp": N_("the Arrange camp Action space"),
               "rest": N_("the Rest Action space"),
               "hills terrain": N_("the hills terrain"), "river terrain": N_("the river terrain"),
               "grass terrain": N_("the grass terrain"),
               "unique terrain": N_("the unique terrain"),
               "terrain of the gathered tile": N_("the terrain of the gathered tile")}
DASHES = dict.fromkeys(map(ord, "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe63\uff0d"), "-")
# Letters that no accent-stripping takes to a plain one (Polish ł, German ß, French œ ...).
PLAIN = DASHES | {ord(k): v for k, v in {"ł": "l", "Ł": "L", "ß": "ss", "ẞ": "SS", "æ": "ae",
                                          "Æ": "AE", "œ": "oe", "Œ": "OE", "ø": "o", "Ø": "O",
                                          "đ": "d", "Đ": "D"}.items()}


def fold(text: str) -> str:
    """Lower case, no accents (ł as l, ß as ss), every dash and minus sign a plain hyphen,
    spaces collapsed."""
    text = unicodedata.normalize("NFKD", text.translate(PLAIN))
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).casefold()
    return " ".join(text.split())


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def role_name(figure: str) -> str:
    """A figure's name in the rules ("Cook"), without the player's name."""
    return _role_name(figure, current())


@lru_cache(maxsize=64)
def _role_name(figure: str, _language: str) -> str:
    known = FIGURE_NAMES.get(figure)
    return _(known) if known else capital(figure.replace("_", " "))


def resource_words(kind: str) -> str:
    """A resource's name ("non-perishable food")."""
    return _(RESOURCE_WORDS[kind])


def resource_count(kind: str, n: int) -> str:
    """n of a resource: "1 food", "2 non-perishable food"."""
    return RESOURCE_COUNTS[kind](n)


def track_words(track: str) -> str:
    """A track's name ("Roof")."""
    return _(TRACK_WORDS[track])


def track_lower(track: str) -> str:
    """A track's name inside a sentence ("roof")."""
    return _(TRACK_LOWER[track])


def or_list(words: list[str]) -> str:
    """"a, b or c"."""
    if len(words) < 2:
        return "".join(words)
    return _("{items} or {last}", items=", ".join(words[:-1]), last=words[-1])


def and_list(words: list[str]) -> str:
    """"a, b and c"."""
    if len(words) < 2:
        return "".join(words)
    return _("{items} and {last}", items=", ".join(words[:-1]), last=words[-1])


def and_chain(words: list[str]) -> str:
    """"a and b and c"."""
    said = words[0] if words else ""
    for word in words[1:]:
        said = _("{first} and {second}", first=said, second=word)
    return said


def or_chain(words: list[str]) -> str:
    """"a or b or c"."""
    said = words[0] if words else ""
    for word in words[1:]:
        said = _("{first} or {second}", first=said, second=word)
    return said


def action_name(action: str) -> str:
    """An Action's name by its kind ("Arrange camp")."""
    return _(ACTION_NAMES[action]) if action in ACTION_NAMES else capital(action)


def action_title(action: str, label: str = "") -> str:
    """A planned Action as the board titles it: its kind's name ("Gather resources"), and the
    label the players gave it ("Build: roof"); never its id."""
    name = _(ACTION_TITLES[action]) if action in ACTION_TITLES else capital(action)
    return _("{action}: {label}", action=name, label=label) if label else name


def token_name(token: str) -> str:
    """A token by its id ("Reroll"); one the players named as they typed it."""
    known = TOKEN_NAMES.get(fold(token))
    return _(known) if known else token


def marker_name(marker: str) -> str:
    """A marker by its id ("black"); one the players named as they typed it."""
    known = MARKER_NAMES.get(fold(marker))
    return _(known) if known else marker


def board_space(space: str) -> str | None:
    """A space of the board by its id ("the Weather space"); None for one the players named."""
    known = SPACE_NAMES.get(fold(space).replace("-", "_"))
    return _(known) if known else None


def phase_name(phase: str) -> str:
    """A phase's name as in "the Event Phase" ("Event")."""
    return _(PHASE_NAMES[phase])


# Cards by where they are discarded from, counted ("2 Invention cards", "1 card of the
# Mystery deck").
CARD_COUNTS: dict[str, Callable[[int], str]] = {
    "invention": lambda n: n_("{n} Invention card", "{n} Invention cards", n),
    "invention_deck": lambda n: n_("{n} card of the Invention deck",
                                   "{n} cards of the Invention deck", n),
    "mystery": lambda n: n_("{n} Mystery card", "{n} Mystery cards", n),
    "event": lambda n: n_("{n} card of the Event deck", "{n} cards of the Event deck", n),
    "build": lambda n: n_("{n} card of the Build Adventure deck",
                          "{n} cards of the Build Adventure deck", n),
    "gather": lambda n: n_("{n} card of the Gather Adventure deck",
                           "{n} cards of the Gather Adventure deck", n),
    "explore": lambda n: n_("{n} card of the Explore Adventure deck",
                            "{n} cards of the Explore Adventure deck", n),
    "hunting": lambda n: n_("{n} card of the Hunting deck", "{n} cards of the Hunting deck", n),
}
DECK_NAMES = {"invention": N_("Invention cards on the board"),
              "invention_deck": N_("Invention deck"), "mystery": N_("Mystery deck"),
              "event": N_("Event deck"), "build": N_("Build Adventure deck"),
              "gather": N_("Gather Adventure deck"),
              "explore": N_("Explore Adventure deck"), "hunting": N_("Hunting deck")}


def card_count(cards: str, n: int) -> str:
    """n cards from where a demand discards them: "2 Invention cards"."""
    return CARD_COUNTS[cards](n)
