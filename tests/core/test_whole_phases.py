"""Whole phases ruled at once, and parts of one phase that add up.

The Weather Phase plays snow, then rain (every cloud of the dice and the Event cards' tokens
together, against the Roof), then the Hungry Animals die, then the Storm token (docs/rules
reference.md, Weather Phase; R10 for its victims). The Weather deck's dice faces and tokens,
tapped one after another, join into that one ruling; they never take one another's place."""

from __future__ import annotations

from typing import Any

import pytest

from pyapp.rules import Request, rule
from pyapp.rules.catalogue import catalogue
from pyapp.rules.composing import WHOLE_PHASES
from pyapp.rules.demands import Effect
from pyapp.rules.errors import RulingError
from pyapp.rules.joining import JoinAsk, join
from pyapp.rules.state import TableState
from tests.scenarios import table

CARDS = {c.id: c for c in catalogue().cards}


def tapped(state: dict[str, Any], *card_ids: str) -> Effect:
    """The effect the board holds after these Weather cards are tapped, one after another."""
    held = CARDS[card_ids[0]]
    effect, held_id = held.effect, held.id
    for card_id in card_ids[1:]:
        joined = join(JoinAsk(state=TableState.model_validate(state), held=effect,
                              held_card=held_id, adding=CARDS[card_id].effect,
                              adding_card=card_id), catalogue().cards)
        assert joined.ask == "", "parts of one Weather join without asking"
        effect, held_id = joined.effect, None
    return effect


def ruled(state: dict[str, Any], effect: Effect | dict[str, Any]) -> Any:
    shown = effect.model_dump(mode="json") if isinstance(effect, Effect) else effect
    return rule(Request.model_validate({"state": state, "effect": shown}))


def wounds_each(ruling: Any) -> dict[str, int]:
    return {w.figure: w.unfulfilled + w.other for w in ruling.wounds}


# (the Weather cards tapped, Roof, food, wood, Wounds each character in camp suffers)
WEATHER_TAPS = [
    (("weather-rain-2", "weather-snow-1"), 2, 0, 0, 3),  # 1 wood (snow) + 1 food + 1 wood (rain)
    (("weather-snow-1", "weather-rain-2"), 2, 0, 0, 3),  # the order of the taps does not matter
    (("weather-rain-2", "weather-snow-1"), 0, 0, 0, 7),  # 1 wood + 3 food + 3 wood
    (("weather-rain-1", "weather-rain-token"), 1, 1, 0, 1),  # a token's cloud adds up too
    (("weather-rain-2", "weather-snow-1"), 2, 5, 5, 0),  # paid in full
]


@pytest.mark.parametrize(("cards", "roof", "food", "wood", "each"), WEATHER_TAPS)
def test_weather_cards_tapped_one_after_another_add_up(
        cards: tuple[str, ...], roof: int, food: int, wood: int, each: int) -> None:
    """Each die's face joins the others: the clouds are counted together against the Roof,
    and the ruling is the one the clouds give when entered at once."""
    state = table("cook", "explorer", phase="weather", shelter="built", roof=roof,
                  available={"food": food, "wood": wood})
    joined = ruled(state, tapped(state, *cards))
    rain = sum(d.rain for c in cards for d in CARDS[c].effect.demands)
    snow = sum(d.snow for c in cards for d in CARDS[c].effect.demands)
    at_once = ruled(state, {"demands": [{"kind": "weather_clouds", "rain": rain, "snow": snow}]})
    expected = {"cook": each, "explorer": each} if each else {}
    assert wounds_each(joined) == expected
    assert wounds_each(at_once) == expected


def test_the_whole_weather_rules_in_the_rulebooks_order() -> None:
    """Snow, then rain, then the Hungry Animals' fight, then the Storm token's Palisade −1;
    the fight hurts everyone in camp (R10), not the one outside it."""
    state = table("cook", "explorer", "carpenter", phase="weather", shelter="built", roof=1,
                  palisade=1, weapon=1, available={"food": 2, "wood": 2},
                  carpenter={"in_camp": False})
    ruling = ruled(state, {"demands": [{"kind": "weather_phase", "rain": 1, "snow": 1,
                                        "hungry": "fight", "storm": True}]})
    clauses = [s.clause for s in ruling.steps]
    snow = next(i for i, s in enumerate(ruling.steps) if s.text.startswith("Snow"))
    rain = next(i for i, s in enumerate(ruling.steps) if s.text.startswith("Rain"))
    fight = clauses.index("G-combat")
    storm = next(i for i, s in enumerate(ruling.steps) if "Palisade goes from 1 to 0" in s.text)
    assert snow < rain < fight < storm
    assert wounds_each(ruling) == {"cook": 2, "explorer": 2}  # strength 3 against Weapon 1
    assert ruling.state.palisade == 0
    assert ruling.state.available.wood == 0 and ruling.state.available.food == 1


def test_the_whole_weather_joins_the_weather_cards_after_it() -> None:
    """A die's face tapped after the whole Weather joins its steppers, not a second roll."""
    state = table("cook", "explorer", phase="weather")
    joined = join(JoinAsk(state=TableState.model_validate(state),
                          held=Effect.model_validate({"demands": [
                              {"kind": "weather_phase", "rain": 1, "storm": True}]}),
                          adding=CARDS["weather-snow-2"].effect, adding_card="weather-snow-2"),
                  catalogue().cards)
    assert joined.ask == ""
    [whole] = joined.effect.demands
    assert (whole.rain, whole.snow, whole.storm) == (1, 2, True)  # type: ignore[union-attr]


def test_a_second_card_of_another_kind_asks_first() -> None:
    """An Event card then a Weather card: the referee asks whether it joins or is ruled
    instead, naming both; joining rules both, in order."""
    state = table("cook", "explorer")
    first, second = CARDS["termites"], CARDS["storm-token"]
    joined = join(JoinAsk(state=TableState.model_validate(state), held=first.effect,
                          held_card=first.id, adding=second.effect, adding_card=second.id),
                  catalogue().cards)
    assert first.name in joined.ask and second.name in joined.ask
    assert joined.join and second.name in joined.replace
    assert joined.effect.demands[-1] == second.effect.demands[-1]


DISCARD_3_WOOD = Effect.model_validate({"demands": [{"kind": "discard", "wood": 3}]})
MORALE_1 = Effect.model_validate({"demands": [{"kind": "lower_morale", "amount": 1}]})


@pytest.mark.parametrize(("held_card", "typed", "asks"), [
    # A chip tapped after chips: the composed demand goes on, as a card's parts do.
    (None, False, False),
    # A demand typed in the card finder stands for a card of its own: asked, as a card is,
    # beside chips or beside a card.
    (None, True, True),
    ("termites", True, True),
])
def test_a_demand_typed_in_the_finder_asks_before_it_joins_what_is_chosen(
        held_card: str | None, typed: bool, asks: bool) -> None:
    state = TableState.model_validate(table("cook", "explorer"))
    held = CARDS[held_card].effect if held_card else DISCARD_3_WOOD
    joined = join(JoinAsk(state=state, held=held, held_card=held_card, adding=MORALE_1,
                          adding_typed=typed), catalogue().cards)
    assert bool(joined.ask) == asks
    if asks:
        assert "Lower Morale by 1" in joined.ask
        assert joined.replace == "Rule “Lower Morale by 1” instead"
    assert joined.effect.demands[-1] == MORALE_1.demands[0]


def test_more_demands_than_a_ruling_holds_are_refused_in_words_never_dropped() -> None:
    """Joining past what one ruling holds says so; nothing of what is chosen is dropped."""
    state = TableState.model_validate(table("cook", "explorer"))
    many = Effect(demands=tuple(CARDS["termites"].effect.demands) * 8)
    with pytest.raises(RulingError) as refused:
        join(JoinAsk(state=state, held=many, adding=CARDS["storm-token"].effect,
                     adding_card="storm-token"), catalogue().cards)
    assert "at once" in refused.value.message and "demands" in refused.value.message


@pytest.mark.parametrize(("determination", "morale", "wounds", "left"), [
    (0, -2, 2, 0),  # short of 2 tokens: 2 Wounds to the First Player
    (1, -2, 1, 0),  # 1 token discarded, 1 short
    (3, -2, 0, 1),  # paid in full
    (0, 2, 0, 2),  # Morale +2: the First Player gains 2 tokens
])
def test_the_whole_morale_phase(determination: int, morale: int, wounds: int,
                                left: int) -> None:
    """The whole Morale Phase's chip rules the First Player's tokens as the Morale track
    says; a shortfall wounds the First Player alone."""
    state = table("cook", "explorer", phase="morale", morale=morale,
                  cook={"determination": determination})
    ruling = ruled(state, {"demands": WHOLE_PHASES["morale"]["demands"]})
    assert wounds_each(ruling) == ({"cook": wounds} if wounds else {})
    assert ruling.state.characters[0].determination == left


def test_the_whole_weather_starts_from_no_clouds() -> None:
    """The chip sets nothing of its own: the steppers start at none, so the players tap each
    cloud the dice show (two taps for 2 rain clouds), and the ruling wounds no one until then."""
    state = table("cook", "explorer", phase="weather", roof=0)
    (whole,) = WHOLE_PHASES["weather"]["demands"]
    assert Effect.model_validate({"demands": [whole]}).demands[0].parts() == ()
    ruling = ruled(state, {"demands": [whole]})
    assert wounds_each(ruling) == {}
    two_rain = ruled(state, {"demands": [{**whole, "rain": whole.get("rain", 0) + 2}]})
    assert wounds_each(two_rain) == {"cook": 4, "explorer": 4}  # 2 food + 2 wood, none there


def test_at_night_only_friday_not_eating_is_ours_and_it_does_not_darken_the_verdict() -> None:
    """The Explorer outside the camp goes hungry and spends the night outside: 3 Wounds, stated
    by the rules. "Friday does not eat" is our ruling (R2), on a line of its own, and the
    food is paid in full without him, so the verdict as a whole is official and says which
    line is ours."""
    state = table("cook", "explorer", phase="night", shelter="built", available={"food": 1},
                  friday={}, explorer={"in_camp": False})
    ruling = ruled(state, {"demands": WHOLE_PHASES["night"]["demands"]})
    words = ruling.words
    assert ruling.certainty == "stated" and words.sure.grade == "official"
    assert "Friday does not eat at Night" in words.sure.text
    assert words.wounds_sure == ("rules",)
    assert "Explorer: 3 Wounds (3 other) — rules" in words.outcome
    ours = [line for line in words.outcome if line.startswith("Friday does not eat")]
    assert len(ours) == 1 and "our ruling" in ours[0] and "R2" in ours[0]


def test_a_house_point_that_changes_what_is_paid_still_marks_the_verdict() -> None:
    """A Roof lowered without a Shelter (R9, a switch): the house point decides what is paid,
    so the verdict says it is our ruling, and so does that payment's line."""
    state = table("cook", "explorer", roof=0)
    ruling = ruled(state, {"demands": [{"kind": "reduce", "track": "roof", "amount": 1}]})
    assert ruling.words.sure.grade == "switch"
    assert any("our ruling" in s for s in ruling.words.paid_sure + ruling.words.wounds_sure)
