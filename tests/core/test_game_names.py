"""The game's own names in the reader's language. A Beast, an Invention, an Item, a starting
Item, a Discovery token, a Treasure, a planned Action, a token, a marker or a space of the
board is said as the catalogue says it in the active language, wherever a ruling names it;
a name the players typed that is not the game's stays as they typed it. Each case is ruled
in the pseudo-locale (the name is the catalogue's, bracketed) and in Polish, whose committed
catalogue has the Polish edition's card names."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from pydantic import ValidationError

from pyapp.rules import Request, rule
from pyapp.rules.catalogue import catalogue
from pyapp.rules.edits import ResolveAction, describe
from pyapp.rules.i18n import _, language
from pyapp.rules.joining import JoinAsk, join
from pyapp.rules.names import game_name
from pyapp.rules.plain import plain_message
from pyapp.rules.ruling import Ruling
from pyapp.rules.state import TableState
from tests.core.test_pseudo_locale import said

TABLE: dict[str, Any] = {"phase": "action", "characters": [{"role": "cook"},
                                                          {"role": "explorer"}],
                         "first_player": "cook", "weapon": 1}


@dataclass(frozen=True)
class Case:
    """A table and a demand; the game's name (the catalogue's English) a ruling on them must
    say in the reader's language, and its Polish edition's name."""

    what: str
    state: dict[str, Any]
    demands: tuple[dict[str, Any], ...]
    name: str
    polish: str
    context: dict[str, Any] | None = None


CASES = [
    Case("a Beast the card fights", {}, ({"kind": "combat", "strength": 2, "beast": "Tiger"},),
         "Tiger", "Tygrys"),
    Case("the Beast that takes off the Weapon track", {},
         ({"kind": "combat", "strength": 0, "beast": "tiger", "weapon_loss": 2},),
         "Tiger", "Tygrys"),
    Case("the Beast of the Hungry Animals die", {"phase": "weather"},
         ({"kind": "weather_phase", "hungry": "fight"},), "Hungry Animals",
         "Wygłodniałe Zwierzęta"),
    Case("an Invention card discarded", {"inventions": [{"name": "Map"}, {"name": "Knife"}]},
         ({"kind": "discard_cards", "cards": "invention", "amount": 1},), "Map", "Mapa"),
    Case("an Invention card the players may discard instead",
         {"inventions": [{"name": "Map"}, {"name": "Knife"}]},
         ({"kind": "discard_cards", "cards": "invention", "amount": 1},), "Knife", "Nóż"),
    Case("an Item not spent for the players", {"inventions": [{"name": "Pot", "built": True}]},
         ({"kind": "discard", "wood": 1},), "Pot", "Naczynia"),
    Case("a starting Item not spent", {"equipment": [{"name": "Bible"}]},
         ({"kind": "discard", "wood": 1},), "Bible", "Biblia"),
    Case("a Treasure not spent", {"treasures": ["Saber"]},
         ({"kind": "discard", "wood": 1},), "Saber", "Szabla"),
    Case("a Discovery token not spent", {"discovery_tokens": ["Candles"]},
         ({"kind": "discard", "wood": 1},), "Candles", "Świeczki"),
    Case("a Discovery token offered for a fight", {"discovery_tokens": ["Old Machete"]},
         ({"kind": "combat", "strength": 3},), "Old Machete", "Stara Maczeta"),
    Case("an Item lost, named by the card", {"inventions": [{"name": "Knife", "built": True}]},
         ({"kind": "lose_item", "item": "Knife"},), "Knife", "Nóż"),
    Case("an Item lost, the players' choice",
         {"inventions": [{"name": "Knife", "built": True}, {"name": "Map", "built": True}]},
         ({"kind": "lose_item"},), "Map", "Mapa"),
    Case("a planned Action that failed, by its kind, never its id",
         {"planned_actions": [{"id": "roof", "action": "build", "pawns": ["cook"],
                               "assigned": {"wood": 2}}]},
         ({"kind": "discard", "wood": 1},), "Build", "Budowa",
         {"resolver": "cook", "outcome": "failure"}),
    Case("a planned Action that succeeded",
         {"planned_actions": [{"id": "g1", "action": "gather", "pawns": ["cook"]}]},
         ({"kind": "discard", "wood": 1},), "Gather resources", "Zbieranie surowców",
         {"resolver": "cook", "outcome": "success"}),
]
# The game's tokens, markers and board spaces, by the ids the catalogue's cards use. Their
# words are new to the catalogue (the translators have them next): ruled in the pseudo-locale.
PIECES = [
    Case("a token", {}, ({"kind": "place_token", "space": "tile-2", "token": "reroll"},),
         "Reroll", ""),
    Case("a token the card places on a space of the board", {},
         ({"kind": "place_token", "space": "weather", "token": "rain"},), "the Weather space",
         ""),
    Case("a marker", {}, ({"kind": "place_marker", "space": "build", "marker": "black"},),
         "black", ""),
    Case("a marker on a space of the board", {},
         ({"kind": "place_marker", "space": "build", "marker": "black"},),
         "the Build Action space", ""),
    Case("a terrain a marker goes on", {},
         ({"kind": "place_marker", "space": "hills terrain", "marker": "fog"},),
         "the hills terrain", ""),
]


def ruled(case: Case) -> Ruling:
    return rule(Request.model_validate({
        "state": {**TABLE, **case.state}, "effect": {"demands": list(case.demands)},
        "context": case.context or {"resolver": "cook"}}))


def texts(ruling: Ruling) -> list[str]:
    """Every sentence of a ruling a player may read: its words, steps and choices' options."""
    assert ruling.words is not None
    return [*(text for _field, text in said(ruling.words)),
            *(s.text for s in ruling.steps),
            *(label for c in ruling.words.choices for _value, label in c.options)]


def mentions(texts: list[str], word: str) -> bool:
    return any(re.search(rf"(?<!\w){re.escape(word)}(?!\w)", t) for t in texts)


@pytest.mark.parametrize("case", CASES + PIECES, ids=lambda c: c.what)
def test_the_games_name_is_the_catalogues_in_the_pseudo_locale(case: Case) -> None:
    """The name is the catalogue's (bracketed like every message), not the English."""
    with language("x-pseudo"):
        found = texts(ruled(case))
        name = _(case.name)
    assert name.startswith("⟦")
    assert any(name in text for text in found), (name, found)
    assert not mentions(found, case.name), found


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.what)
def test_the_games_name_is_the_polish_editions_in_polish(case: Case) -> None:
    """A Polish reader reads the Polish edition's name, never the English one."""
    with language("pl"):
        found = texts(ruled(case))
    assert mentions(found, case.polish), found
    assert not mentions(found, case.name), found


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.what)
def test_in_english_the_games_name_is_the_cards(case: Case) -> None:
    """In English the name is the card's own, whatever case it was typed in."""
    assert mentions(texts(ruled(case)), case.name)


# Names the players gave things that are not the game's: said exactly as typed.
TYPED = [
    Case("an Invention of their own", {"inventions": [{"name": "Ana's raft", "built": True}]},
         ({"kind": "discard", "wood": 1},), "Ana's raft", "Ana's raft"),
    Case("a Beast of their own", {},
         ({"kind": "combat", "strength": 0, "beast": "Kraken", "weapon_loss": 1},),
         "Kraken", "Kraken"),
    Case("a token of their own", {},
         ({"kind": "place_token", "space": "Ana's hut", "token": "Lucky shell"},),
         "Lucky shell", "Lucky shell"),
    Case("a space of their own", {},
         ({"kind": "place_marker", "space": "Ana's hut", "marker": "black"},),
         "Ana's hut", "Ana's hut"),
    Case("a planned Action's label", {"planned_actions": [
        {"id": "a1", "action": "build", "label": "the big roof", "pawns": ["cook"]}]},
         ({"kind": "discard", "wood": 1},), "the big roof", "the big roof",
         {"resolver": "cook", "outcome": "failure"}),
]


@pytest.mark.parametrize("case", TYPED, ids=lambda c: c.what)
@pytest.mark.parametrize("code", ["x-pseudo", "pl", "en"])
def test_a_name_the_players_typed_stays_as_typed(case: Case, code: str) -> None:
    with language(code):
        assert mentions(texts(ruled(case)), case.name)


def test_a_planned_actions_id_is_never_said() -> None:
    """The id is the table's key for a planned Action, not a word a player reads."""
    case = CASES[-2]
    for code in ("en", "x-pseudo", "pl"):
        with language(code):
            assert not mentions(texts(ruled(case)), "roof")


def test_a_name_typed_in_the_readers_edition_is_the_same_card() -> None:
    """A Polish table's "tygrys" is the Tiger: an English reader reads "Tiger"."""
    with language("pl"):
        assert game_name("tygrys") == "Tygrys"
    assert game_name("tygrys") == "tygrys"  # English reads no Polish: not known there
    with language("pl"):
        assert game_name("TIGER") == "Tygrys"
    assert game_name("  tiger ") == "Tiger"
    assert game_name("Sabre") == "Saber"  # another name the card goes by


def test_a_card_names_own_name_before_another_cards_alias() -> None:
    """"Tiger" is the Beast; the Adventure card "Tiger!" only goes by it."""
    assert game_name("Tiger") == "Tiger"
    with language("pl"):
        assert game_name("Tiger") == _("Tiger") != _("Tiger!")


def pawn_refusal(table: dict[str, Any]) -> str:
    """The refusal's one line for players."""
    with pytest.raises(ValidationError) as refused:
        TableState.model_validate(table)
    return plain_message(refused.value.errors())


def test_a_refusal_names_a_planned_action_by_its_title() -> None:
    table = {**TABLE, "planned_actions": [{"id": "p7", "action": "explore",
                                           "pawns": ["soldier"]}]}
    for code in ("en", "pl"):
        with language(code):
            refusal, explore = pawn_refusal(table), _("Explore")
        assert mentions([refusal], explore) and not mentions([refusal], "p7"), refusal


def log_lines(code: str) -> Iterator[str]:
    table = TableState.model_validate({**TABLE, "planned_actions": [
        {"id": "p1", "action": "gather", "label": "by the river", "pawns": ["cook"]}]})
    with language(code):
        for outcome in ("success", "failure"):
            yield describe(ResolveAction(op="resolve_action", id="p1", outcome=outcome), table)


@pytest.mark.parametrize("code", ["en", "pl"])
def test_the_log_names_a_planned_action_by_its_title(code: str) -> None:
    with language(code):
        title = _("{action}: {label}", action=_("Gather resources"), label="by the river")
    for line in log_lines(code):
        assert line.startswith(title) and "p1" not in line


@pytest.mark.parametrize("code", ["en", "x-pseudo", "pl"])
def test_joining_two_cards_asks_by_their_names_in_the_readers_language(code: str) -> None:
    """"Termites is already chosen. Does Drought join it…?": each card by its name as the
    reader's edition prints it."""
    cards = {c.id: c for c in catalogue().cards}
    held, adding = cards["termites"], cards["drought"]
    with language(code):
        joined = join(JoinAsk(state=TableState.model_validate(TABLE), held=held.effect,
                              held_card=held.id, adding=adding.effect, adding_card=adding.id),
                      catalogue().cards)
        names = _(held.name), _(adding.name)
    assert all(name in joined.ask for name in names), joined.ask
    assert names[1] in joined.replace


def lost_item_steps(invention: dict[str, Any], code: str) -> list[str]:
    case = Case("", {"inventions": [invention]}, ({"kind": "lose_item"},), "", "")
    with language(code):
        return texts(ruled(case))


def test_an_items_ability_from_its_card_is_the_catalogues() -> None:
    """The Bed lost: its ability, read from its card, is said in the reader's language."""
    with language("x-pseudo"):
        ability = _("Rest heals 2 and gives 1 Determination")
    assert any(ability in text for text in lost_item_steps({"name": "Bed", "built": True},
                                                           "x-pseudo"))


@pytest.mark.parametrize("code", ["en", "x-pseudo", "pl"])
def test_an_ability_the_players_wrote_stays_as_written(code: str) -> None:
    steps = lost_item_steps({"name": "Bed", "built": True, "benefits": [
        {"kind": "ability", "text": "naps anywhere"}]}, code)
    assert mentions(steps, "naps anywhere")
