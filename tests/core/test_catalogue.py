"""The card catalogue is data, validated by the demand models; it covers the card list of the
box, deck by deck; every card can be ruled on a fresh table, a stocked one and a short one;
and the search finds the right card."""

from __future__ import annotations

import json
from typing import Any

import pytest

from pyapp.rules import Request, i18n, rule
from pyapp.rules.cardsearch import FILTERS, fold, read_demand, rules_differently, search
from pyapp.rules.catalogue import Card, card_list, catalogue, coverage
from pyapp.service import STARTING_TABLE, Service
from tests.scenarios import table

CARDS = catalogue().cards
IDS = [c.id for c in CARDS]


def test_catalogue_ids_are_unique() -> None:
    assert len(IDS) == len(set(IDS)) and len(IDS) > 200


def test_every_entry_names_a_listed_card_of_its_deck_and_a_known_source() -> None:
    listing = card_list()
    for c in CARDS:
        names = {x.name for x in listing.decks[c.list_deck].cards}  # type: ignore[index]
        assert c.list_name in names, f"{c.id}: {c.list_name!r} is not on the {c.list_deck} list"
        assert c.source in listing.sources, f"{c.id}: unknown source {c.source!r}"


def test_every_listed_card_in_scope_has_an_entry_or_a_stated_reason() -> None:
    decks = [d for d in coverage() if not d.summary]
    assert {d.deck for d in decks} == set(card_list().decks)
    for d in decks:
        assert not d.missing, f"{d.deck}: no entry and no reason for {d.missing}"
        assert not d.unlisted, f"{d.deck}: entries for cards not on the list: {d.unlisted}"
        assert all(why.strip() for _, why in d.excluded)
        assert len(d.covered) + len(d.excluded) == d.listed


def test_a_listed_card_with_an_entry_gives_no_reason_to_leave_it_out() -> None:
    have = {(c.list_deck, c.list_name) for c in CARDS}
    for key, deck in card_list().decks.items():
        for listed in deck.cards:
            assert not (listed.out and (key, listed.name) in have), listed.name


def test_every_deck_of_the_box_is_listed_and_recorded() -> None:
    wanted = {"event", "wreckage", "adventure-build", "adventure-gather", "adventure-explore",
              "mystery-creature", "mystery-trap", "mystery-treasure", "beast", "weather",
              "morale", "night", "book", "totem", "scenario", "starting-item", "invention",
              "scenario-invention", "character", "tile", "discovery"}
    assert wanted == set(card_list().decks)
    assert all(d.covered or d.excluded for d in coverage() if not d.summary)


def _rule(card: Card, state: dict[str, Any]) -> Any:
    """Rule the card as the board does once it is picked: its scenario and its context."""
    if card.scenario is not None:
        state = state | {"scenario": card.scenario}
        if card.scenario == 3:
            state["jenny"] = {}
        if card.scenario == 7:
            state["film_crew"] = [1, 2]
    elif state.get("scenario") in (3, 7):
        state = state | {"scenario": 1}
    context: dict[str, Any] = {"event_combat": card.event_combat}
    names_resolver = any("resolver" in (d.victims, getattr(d, "who", None))
                         for d in (*card.effect.demands, *(card.effect.alternative or ())))
    if state["phase"] == "action" or names_resolver:  # the board asks who, as players would
        context["resolver"] = state["characters"][0]["role"]
    request = Request.model_validate({"card": card.id, "state": state,
                                      "effect": card.effect.model_dump(), "context": context})
    return rule(request)


def _phase(card: Card) -> str:
    return card.phase or "event"


@pytest.mark.parametrize("card", CARDS, ids=IDS)
def test_every_card_rules_on_a_fresh_table(card: Card) -> None:
    """The board's starting table (nothing built, nothing stored), in the card's phase."""
    state = STARTING_TABLE.model_dump(mode="json") | {"phase": _phase(card)}
    assert _rule(card, state).steps


@pytest.mark.parametrize("card", CARDS, ids=IDS)
def test_every_card_rules_on_a_stocked_table(card: Card) -> None:
    state = table("cook", "explorer", phase=_phase(card), scenario=6, round=7,
                  shelter="built", roof=2, palisade=2, weapon=3,
                  available={"food": 6, "wood": 6, "fur": 2},
                  cook={"determination": 3}, explorer={"determination": 3},
                  tiles=[{"id": 1, "camp": True, "sources": [{"kind": "food"}, {"kind": "wood"}]},
                         {"id": 2, "distance": 1,
                          "sources": [{"kind": "food"}, {"kind": "wood"}]}])
    ruling = _rule(card, state)
    assert ruling.steps


@pytest.mark.parametrize("card", CARDS, ids=IDS)
def test_every_card_rules_on_a_table_where_it_falls_short(card: Card) -> None:
    """Nothing to pay with: no resources, levels at 0, no Shelter, no tokens, no sources;
    a card that asks for something (and is not 'if possible') then wounds somebody."""
    state = table("cook", "explorer", phase=_phase(card), scenario=3, round=2,
                  shelter="none", roof=0, palisade=0, weapon=0, morale=-3)
    ruling = _rule(card, state)
    assert ruling.steps
    asks = {"discard", "discard_any", "discard_determination", "reduce", "cover_source"}
    first = card.effect.demands[0]
    if (first.kind in asks and not first.if_possible and card.effect.alternative is None
            and first.kind != "reduce"):
        assert ruling.wounds, f"{card.id}: short of everything, yet nobody is wounded"


def test_search_names_rank_above_text() -> None:
    hits = search("storm").hits
    assert hits[0].card is not None and "storm" in fold(hits[0].card.name)
    # "crack" is in one card's name and in others' text only: the named card comes first
    assert search("crack").hits[0].card.id in ("crack", "crack-of-broken-wood-roof",  # type: ignore[union-attr]
                                               "crack-of-broken-wood-palisade")


@pytest.mark.parametrize("query", ["MONKEY DO", "mônkéy dö", "monkey-do", "Monkey\u2013Do"])
def test_search_ignores_case_accents_and_dashes(query: str) -> None:
    assert search(query).hits[0].card.id.startswith("monkey-do")  # type: ignore[union-attr]


@pytest.mark.parametrize("query", ["roof -1", "Roof −1", "roof \u2013 1", "ROOF minus 1"])
def test_a_plain_demand_is_offered_first_and_cards_containing_it_follow(query: str) -> None:
    found = search(query)
    assert found.hits[0].card is None
    assert found.hits[0].effect.demands[0].model_dump(exclude_defaults=True) == {
        "kind": "reduce", "track": "roof", "amount": 1}
    assert found.hits[1].why == "contains the demand"
    second = found.hits[1].card
    assert second is not None and any(
        d.kind == "reduce" and d.track == "roof" and d.amount == 1
        for d in second.effect.demands)


@pytest.mark.parametrize(("query", "demand"), [
    ("discard 2 wood", {"kind": "discard", "wood": 2}),
    ("lose 1 determination", {"kind": "discard_determination", "amount": 1}),
    ("if possible, weapon -2", {"kind": "reduce", "track": "weapon", "amount": 2,
                                "if_possible": True}),
    ("morale -2", {"kind": "lower_morale", "amount": 2}),
    ("lower morale 1", {"kind": "lower_morale", "amount": 1}),
    ("Lower Morale by 2", {"kind": "lower_morale", "amount": 2}),
    ("fight strength 4", {"kind": "combat", "strength": 4}),
    ("cover a food source", {"kind": "cover_source", "source": "food"}),
    ("half the palisade", {"kind": "halve", "target": "palisade"}),
])
def test_plain_demands_read_as_demands_that_rule(query: str, demand: dict[str, Any]) -> None:
    effect = read_demand(query)
    assert effect is not None and effect.label
    assert effect.demands[0].model_dump(exclude_defaults=True) == demand
    state = table("cook", "explorer")
    assert rule(Request.model_validate({"state": state, "effect": effect.model_dump()})).steps


@pytest.mark.parametrize(("language", "query", "demand", "label"), [
    # As the core says the demand in the reader's language, its case and accents aside...
    ("de", "2 Holz abgeben", {"kind": "discard", "wood": 2}, "2 Holz abgeben"),
    ("de", "dach-1", {"kind": "reduce", "track": "roof", "amount": 1}, "Dach −1"),
    ("de", "Falls möglich: 2 Holz abgeben", {"kind": "discard", "wood": 2, "if_possible": True},
     "Falls möglich: 2 Holz abgeben"),
    ("de", "jeder Charakter erleidet 1 Wunde", {"kind": "wounds", "amount": 1},
     "Jeder Charakter erleidet 1 Wunde"),
    ("de", "die Hälfte von Palisade verlieren", {"kind": "halve", "target": "palisade"},
     "Die Hälfte von Palisade verlieren"),
    ("fr", "defausser 2 bois", {"kind": "discard", "wood": 2}, "Défausser 2 bois"),
    ("fr", "Si possible, toit - 2", {"kind": "reduce", "track": "roof", "amount": 2,
                                     "if_possible": True}, "Si possible, Toit −2"),
    ("es", "cubrir la fuente de comida más cercana", {"kind": "cover_source", "source": "food"},
     "Cubrir la fuente de comida más cercana"),
    ("pl", "walcz z Bestią o sile 3", {"kind": "combat", "strength": 3},
     "Walcz z Bestią o sile 3"),
    # ... another form of a word, a typo, or without its little words ...
    ("de", "3 Fell abgeben", {"kind": "discard", "fur": 3}, "3 Felle abgeben"),
    ("pl", "odrzuc 2 drewno", {"kind": "discard", "wood": 2}, "Odrzuć 2 drewna"),
    ("es", "descartar 2 madera", {"kind": "discard", "wood": 2}, "Descartar 2 de madera"),
    # ... and English in any language, said back in the reader's.
    ("de", "discard 2 wood", {"kind": "discard", "wood": 2}, "2 Holz abgeben"),
    ("en", "each character suffers 2 Wounds", {"kind": "wounds", "amount": 2},
     "Each character suffers 2 Wounds"),
])
def test_a_plain_demand_is_read_in_the_readers_language_as_the_core_says_it(
        language: str, query: str, demand: dict[str, Any], label: str) -> None:
    with i18n.language(language):
        effect = read_demand(query)
        assert effect is not None
        assert effect.demands[0].model_dump(exclude_defaults=True) == demand
        assert effect.label == label
        found = search(query)
    assert found.hits[0].card is None and found.hits[0].effect == effect


@pytest.mark.parametrize(("language", "query"), [
    ("de", "Termiten"), ("de", "Holz abgeben"), ("de", "2"), ("de", "Dach 1"),
    ("fr", "bois"), ("pl", "odrzuć drewna"), ("es", "Techo"),
])
def test_words_that_are_no_whole_demand_in_the_readers_language_read_as_none(
        language: str, query: str) -> None:
    with i18n.language(language):
        assert read_demand(query) is None


@pytest.mark.parametrize("query", ["termites", "discard wood", "roof", "palisade -0", "", "2"])
def test_words_that_are_not_a_whole_demand_read_as_none(query: str) -> None:
    assert read_demand(query) is None


def test_deck_filters_keep_to_their_decks() -> None:
    for deck in FILTERS:
        for hit in search("e", [deck]).hits:
            if hit.card is None:  # a card of the box that asks for nothing, of that deck
                assert hit.record is not None and hit.deck.split("-")[0] in (
                    deck, "wreckage", "book", "totem", "scenario")
                continue
            assert (hit.card.deck in ("book", "totem", "scenario") if deck == "scenario"
                    else hit.card.deck == deck)
    with pytest.raises(ValueError, match="no deck filter"):
        search("storm", ["nowhere"])


def test_if_possible_and_alternative_cards_carry_a_flag() -> None:
    cat = catalogue()
    assert "If possible" in rules_differently(cat.card("termites"))
    assert "“or …”" in rules_differently(cat.card("unusually-cold-night"))
    assert "not a demand" in rules_differently(cat.card("dangerous-night-requirement"))
    assert rules_differently(cat.card("broken-lever")) == ""


def test_the_service_answers_a_search_and_refuses_bad_input_in_words() -> None:
    service = Service()
    answer = json.loads(service.call("card_search", json.dumps({"query": "discard 2 wood"})))
    assert answer["ok"] and answer["results"][0]["card"] is None
    assert answer["results"][0]["effect"]["demands"] == [{"kind": "discard", "wood": 2}]
    assert answer["results"][1]["card"] == "unusually-cold-night"
    assert answer["results"][1]["flag"]
    for bad, words in (("nope", "not JSON"), ('{"query": 3}', "query in words"),
                       ('{"query": "x", "decks": "event"}', "list of deck names"),
                       ('{"query": "x", "decks": ["moon"]}', "no deck filter")):
        refused = json.loads(service.call("card_search", bad))
        assert not refused["ok"] and words in refused["error"]["message"]


def test_faq_examples_that_name_a_card_use_its_catalogue_effect() -> None:
    from pyapp.rules.faq import faq

    named = [e for e in faq().entries if e.example.card is not None]
    assert len(named) >= 6
    cat = catalogue()
    for entry in named:
        card = cat.card(entry.example.card)  # type: ignore[arg-type]
        assert entry.example.effect == card.effect, entry.id
        names = (card.list_name, card.name.split(":")[0].split(" (")[0])
        assert any(n in entry.question for n in names), f"{entry.id}: the question names no card"


def test_the_coverage_command_prints_every_deck_against_the_box_with_its_source(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Per deck: the box's count with the public source of that count, the catalogue's
    count, and each card missing by name (none is, but the box's cards no public source
    names are said as such)."""
    from pyapp.__main__ import main

    assert main(["cards", "--coverage"]) == 0
    out = capsys.readouterr().out
    listing = card_list()
    for key, deck in listing.decks.items():
        block = f"\n{out}".split(f"\n{key}: ")[1]
        head = block.split("\n")[1]
        assert head.startswith(f"  box {deck.box} (source: {deck.box_source} = ")
        assert listing.sources[deck.box_source].where in head
    assert "MISSING:" not in out and "NOT ON THE LIST" not in out
    unnamed = [d for d in coverage() if d.unnamed]
    assert out.count("NOT NAMED BY ANY PUBLIC SOURCE") == len(unnamed)
    assert out.rstrip().endswith(f"missing {sum(d.unnamed for d in unnamed)}")
    assert main(["cards", "--coverage", "--details"]) == 0
    assert "no demand: Weakness:" in capsys.readouterr().out  # the reason it asks nothing


PREDATOR = next(c for c in CARDS if c.id == "attack-of-a-hungry-predator")


def _predator_table(camp_sources: list[dict[str, Any]]) -> dict[str, Any]:
    """Weapon 2 (below 3), the camp on tile 1, and an open food source on the next tile."""
    return table("cook", "explorer", weapon=2, tiles=[
        {"id": 1, "camp": True, "sources": camp_sources},
        {"id": 2, "distance": 1, "sources": [{"kind": "food"}]}])


def test_the_hungry_predator_covers_the_camp_tiles_food_source_only() -> None:
    """CD's Tracks of a Predator: the camp tile's food source, never a neighbour's."""
    ruling = _rule(PREDATOR, _predator_table([{"kind": "wood"}, {"kind": "food"}]))
    tiles = {t.id: t for t in ruling.state.tiles}
    assert [s.exhausted for s in tiles[1].sources] == [False, True]
    assert not tiles[2].sources[0].exhausted
    assert not ruling.used_alternative and not ruling.wounds


@pytest.mark.parametrize("camp_sources", [[{"kind": "wood"}],
                                          [{"kind": "food", "exhausted": True}]])
def test_the_hungry_predator_wounds_everyone_when_the_camp_tile_has_no_food_to_cover(
        camp_sources: list[dict[str, Any]]) -> None:
    """No open food source on the camp's tile: each character takes 1 Wound, and the
    neighbouring tile's food source stays uncovered (it is not the camp's)."""
    ruling = _rule(PREDATOR, _predator_table(camp_sources))
    assert ruling.used_alternative
    assert {(w.figure, w.unfulfilled + w.other) for w in ruling.wounds} == {
        ("cook", 1), ("explorer", 1)}
    assert not next(t for t in ruling.state.tiles if t.id == 2).sources[0].exhausted
    alone = rule(Request.model_validate({"state": _predator_table(camp_sources), "effect": {
        "demands": [PREDATOR.effect.demands[0].model_dump()]}}))
    assert alone.unfulfilled_units == 1
    assert any("No uncovered food source on the camp's tile (tile 1)" in s.text
               for s in alone.steps)


def test_a_source_on_the_camps_tile_follows_the_camp_when_the_ruling_moves_it() -> None:
    """at_camp reads the camp where it stands at that point of the ruling."""
    state = table("cook", tiles=[{"id": 1, "camp": True, "sources": [{"kind": "wood"}]},
                                 {"id": 2, "distance": 1, "sources": [{"kind": "food"}]}])
    request = Request.model_validate({"state": state, "effect": {"demands": [
        {"kind": "move_camp", "tile": 2},
        {"kind": "cover_source", "source": "food", "at_camp": True}]}})
    ruling = rule(request)
    assert next(t for t in ruling.state.tiles if t.id == 2).sources[0].exhausted


def test_a_source_on_the_camps_tile_without_a_camp_on_the_table_says_so() -> None:
    state = table("cook", tiles=[{"id": 2, "distance": 1, "sources": [{"kind": "food"}]}])
    ruling = rule(Request.model_validate({"state": state, "effect": {"demands": [
        {"kind": "cover_source", "source": "food", "at_camp": True}]}}))
    assert ruling.unfulfilled and not ruling.state.tiles[0].sources[0].exhausted
    assert any("no tile on the table is marked as the camp" in s.text for s in ruling.steps)


@pytest.mark.parametrize("where", [{"tile": 2}, {"adjacent": True}])
def test_the_camps_tile_and_another_place_at_once_is_refused_in_plain_words(
        where: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match="camp's tile cannot also be"):
        Request.model_validate({"state": table("cook"), "effect": {"demands": [
            {"kind": "cover_source", "source": "food", "at_camp": True, **where}]}})


def test_a_listed_card_may_name_its_own_source_and_it_must_be_a_known_one() -> None:
    listing = card_list()
    gather = listing.decks["adventure-gather"]  # type: ignore[index]
    tracks = next(c for c in gather.cards if c.name == "Tracks of a Predator")
    assert tracks.source == "CD-locale" and gather.source == "GT-gather"
    bad = json.loads(listing.model_dump_json())
    bad["decks"]["adventure-gather"]["cards"][0]["source"] = "nowhere"
    with pytest.raises(ValueError, match="names an unknown source 'nowhere'"):
        type(listing).model_validate(bad)


@pytest.mark.parametrize("card_id", ["night-outside-camp", "lost", "wrong-track",
                                     "lost-in-the-thicket"])
def test_a_night_outside_the_camp_hurts_those_marked_outside_and_asks_nothing(
        card_id: str) -> None:
    """At Night, with a Shelter, the card's Wound goes to each character whose "In camp" box
    is off; nobody is asked who resolves an Action (none is being resolved at Night)."""
    card = next(c for c in CARDS if c.id == card_id)
    state = table("cook", "carpenter", "explorer", phase="night", shelter="built",
                  explorer={"in_camp": False})
    ruling = rule(Request.model_validate({"state": state, "effect": card.effect.model_dump()}))
    hurt = {w.figure: w.unfulfilled + w.other for w in ruling.wounds if w.unfulfilled + w.other}
    assert hurt == {"explorer": 1}


def test_a_card_naming_the_resolver_outside_the_action_phase_asks_plainly() -> None:
    """A card that hurts "the character resolving", ruled at Night with nobody named, asks who
    that was in words that do not pretend an Action is being resolved now."""
    state = table("cook", "explorer", phase="night")
    answer = json.loads(Service().call("rule", json.dumps({"state": state, "effect": {
        "demands": [{"kind": "wounds", "amount": 1, "victims": "resolver"}]}})))
    message = answer["error"]["message"]
    assert "choose who that was" in message
    assert "Action Phase" not in message and "Who resolves this Action" not in message


def test_a_deck_chosen_with_nothing_typed_lists_that_deck() -> None:
    """Night chosen, nothing typed: every Night card, by name; nothing from another deck."""
    found = search("", ["night"])
    names = [h.card.name for h in found.hits if h.card is not None]
    expected = sorted(c.name for c in CARDS if c.deck == "night")
    assert names == expected and len(names) >= 2
    assert search("", []).hits == ()
