"""The card search a player trusts: a name typed with a typo finds its card first; aliases
and words of the effect find cards; the minus sign may be written either way; names rank
above mentions; a card of the box that asks for nothing is found and says so; and a miss
offers the nearest names."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pyapp.rules.cardsearch import distance, flat, fold, search, words
from pyapp.rules.catalogue import card_list, catalogue
from pyapp.service import Service

# Every name a player may look for: each catalogue entry's, and each card of the box that is
# recorded without an entry (it asks for nothing).
ENTRY_NAMES = sorted({c.name for c in catalogue().cards})
HAVE = {(c.list_deck, c.list_name) for c in catalogue().cards}
RECORD_NAMES = sorted({c.name for key, d in card_list().decks.items() for c in d.cards
                       if (key, c.name) not in HAVE})


def one_typo(name: str, kind: int) -> str:
    """The name with one typo in its longest word: a letter swapped with the next, dropped,
    doubled or replaced, by `kind`."""
    parts = name.split(" ")
    i = max(range(len(parts)), key=lambda k: (sum(ch.isalpha() for ch in parts[k]), -k))
    word = parts[i]
    letters = [k for k, ch in enumerate(word) if ch.isalpha()]
    at = letters[len(letters) // 2]
    if kind == 0 and at + 1 < len(word) and word[at + 1].isalpha() and word[at] != word[at + 1]:
        word = word[:at] + word[at + 1] + word[at] + word[at + 2:]
    elif kind == 1 and len(letters) > 3:
        word = word[:at] + word[at + 1:]
    elif kind == 2:
        word = word[:at] + word[at] + word[at:]
    else:
        word = word[:at] + ("x" if word[at].lower() != "x" else "z") + word[at + 1:]
    parts[i] = word
    return " ".join(parts)


def same(a: str, b: str) -> bool:
    return words(a) == words(b)


def ambiguous(typed: str, name: str) -> bool:
    """A typo as near to another card's name as to this one ("Pxt": Pot or Pit?): no search
    can tell which card was meant."""
    typed = fold(typed)
    mine = distance(typed, fold(name), 3)
    return any(distance(typed, other, mine) <= mine
               for other in FOLDED if abs(len(other) - len(typed)) <= mine
               and not same(other, name))


ALL_NAMES = ENTRY_NAMES + RECORD_NAMES
FOLDED = [fold(n) for n in ALL_NAMES]


@pytest.mark.parametrize("name", ALL_NAMES)
def test_every_card_is_found_first_by_its_name_with_one_typo(name: str) -> None:
    """A letter swapped, dropped, doubled or wrong in the name's longest word (the first of
    these, from a place the name picks, that points at this card rather than at another)."""
    start = sum(map(ord, name)) % 4
    typos = [one_typo(name, (start + k) % 4) for k in range(4)]
    usable = [t for t in typos if t != name and not ambiguous(t, name)]
    assert usable, f"every typo of {name!r} is as near to another card"
    first = search(usable[0]).hits[0]
    assert same(first.label, name), f"{usable[0]!r} found {first.label!r} first, not {name!r}"


@pytest.mark.parametrize(("typed", "found"), [
    ("ravishing windstrom", "Ravishing Windstorm"),
    ("nestlngs", "Nestlings"),
    ("unusualy cold night", "Unusually Cold Night"),
    ("Monkeys watch you", "Monkey See"),
    ("Tools break", "Broken Tool"),
    ("food rots", "Night: eating"),
    ("Food Crates", "Food Crates"),
    ("lose the Weapon", None),
])
def test_what_players_type_finds_the_card_they_hold(typed: str, found: str | None) -> None:
    """The card (or, for a card of two halves, a part of it: Nestlings' shuffled half is
    Angry Bird!, Monkey See's is Monkey Do) comes first."""
    first = search(typed).hits[0]
    if found is None:  # words of the effect: a card that lowers the Weapon (a Beast's fight
        # takes it down too)
        assert first.card is not None and any(
            (d.kind == "reduce" and d.track == "weapon")
            or (d.kind == "combat" and d.weapon_loss)
            for d in flat(first.card.effect.demands)), first.label
        return
    names = {first.label}
    if first.card is not None:
        names |= {first.card.list_name}
    assert found in names, f"{typed!r} found {first.label!r}"


def test_the_alias_tools_break_is_broken_tool_not_tools_are_breaking() -> None:
    cards = {c.id: c for c in catalogue().cards}
    assert "Tools Break" in cards["broken-tool"].aliases
    assert "Tools Break" not in cards["tools-are-breaking"].aliases
    build = card_list().decks["adventure-build"]  # type: ignore[index]
    assert next(c for c in build.cards if c.name == "Broken Tool").aliases == ("Tools Break",)


@pytest.mark.parametrize("query", ["weapon −2", "weapon -2", "weapon \u20132", "Weapon minus 2"])
def test_the_minus_sign_may_be_written_either_way(query: str) -> None:
    found = search(query)
    assert found.demand is not None
    assert found.demand.demands[0].model_dump(exclude_defaults=True) == {
        "kind": "reduce", "track": "weapon", "amount": 2}
    assert found.hits[1].card is not None and found.hits[1].why == "contains the demand"


def test_a_card_whose_name_matches_ranks_above_cards_that_only_mention_the_word() -> None:
    found = search("fire").hits
    assert words(found[0].label) == ("fire",)
    assert found[0].why == "name"
    mentions = [h for h in found if h.why == "text"]
    assert mentions and found.index(mentions[0]) > 0


def test_a_card_that_asks_for_nothing_is_found_and_says_so() -> None:
    answer = json.loads(Service().call("card_search", json.dumps({"query": "Food Crates"})))
    first = answer["results"][0]
    assert first["kind"] == "nothing" and first["name"] == "Food Crates"
    assert first["nothing"] == "This card asks for nothing the referee rules on."
    assert first["reason"] and first["deck"] == "wreckage"
    assert "miss" not in answer


def test_a_part_of_a_card_says_whose_part_it_is() -> None:
    answer = json.loads(Service().call("card_search", json.dumps({"query": "nestlngs"})))
    assert answer["results"][0]["part_of"] == "Part of the card Nestlings"
    answer = json.loads(Service().call("card_search", json.dumps({"query": "termites"})))
    assert answer["results"][0]["part_of"] == ""


def test_a_miss_offers_the_nearest_names_in_words() -> None:
    """Two of three words match no card: nothing is found, and the card whose name holds the
    third is offered first, in the core's sentence."""
    answer = json.loads(Service().call("card_search", json.dumps(
        {"query": "balloon crash landing"})))
    assert answer["results"] == []
    assert answer["nearest"][0] == "Wrecked Balloon"
    # The names are said once, as the buttons that follow the sentence.
    assert answer["miss"] == "No card matches “balloon crash landing”. The nearest names:"
    found = json.loads(Service().call("card_search", json.dumps({"query": "Wrecked Balloon"})))
    assert "miss" not in found and found["results"][0]["name"] == "Wrecked Balloon"


def test_a_deck_chip_keeps_cards_that_ask_for_nothing_to_its_deck() -> None:
    """Wreckage cards are Event cards: the Event chip finds them, the Beast chip does not."""
    assert search("food crates", ["event"]).hits[0].label == "Food Crates"
    assert all(h.label != "Food Crates" for h in search("food crates", ["beast"]).hits)


@given(st.text(alphabet="abcdefghij", max_size=9), st.text(alphabet="abcdefghij", max_size=9))
def test_the_typo_distance_is_symmetric_and_bounded(a: str, b: str) -> None:
    d = distance(a, b, 2)
    assert d == distance(b, a, 2) and 0 <= d <= 3
    assert (d == 0) == (a == b)


@pytest.mark.parametrize(("a", "b", "d"), [
    ("windstorm", "windstrom", 1), ("nestlings", "nestlngs", 1), ("cold", "cold", 0),
    ("fox", "fxo", 1), ("unusually", "unusualy", 1), ("tiger", "lion", 3)])
def test_one_swap_drop_or_wrong_letter_is_one_typo(a: str, b: str, d: int) -> None:
    assert distance(a, b, 2) == d


def test_folding_keeps_the_search_blind_to_case_accents_and_dashes() -> None:
    assert fold("Mônkéy\u2013Dö") == "monkey-do"


def test_a_card_that_asks_for_nothing_says_why_in_plain_words_once() -> None:
    """The result already says "This card asks for nothing the referee rules on."; its reason
    does not open with a code-like "None:" nor say it again, nor speak of records."""
    for deck in card_list().decks.values():
        for card in deck.cards:
            if not card.out:
                continue
            assert not card.out.startswith("None"), (card.name, card.out)
            assert "asks for nothing the referee rules on" not in card.out, card.name
            assert "record" not in card.out, card.name


@pytest.mark.parametrize("filler", ["the one where the roof loses 1", "the card with roof loses 1",
                                    "that one when the roof loses 1"])
def test_filler_words_do_not_turn_a_good_search_into_a_miss(filler: str) -> None:
    """"the one where …" finds what "roof loses 1" finds."""
    plain = [h.label for h in search("roof loses 1").hits]
    assert plain and [h.label for h in search(filler).hits] == plain
