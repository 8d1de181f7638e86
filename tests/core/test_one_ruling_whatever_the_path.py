"""One table, one Weather, one ruling, whichever way the players enter it.

The Weather deck's dice faces and tokens (clouds, the Hungry Animals die, the Storm token)
tapped one after another in any order, the clouds entered at once, "The whole Weather" with
its steppers, and "The whole Weather" with the faces tapped after it: the same table and the
same Weather give the same new table, the same Wounds, the same certainty and the same
headline, and no face asks whether it joins the others (the rules reference, Weather Phase:
snow, then rain, every cloud against the Roof together, then the Hungry Animals, then the
Storm)."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from pyapp.rules import Request, rule
from pyapp.rules.catalogue import catalogue
from pyapp.rules.demands import Effect, WeatherClouds
from pyapp.rules.joining import JoinAsk, join
from pyapp.rules.state import TableState
from pyapp.rules.telling import ruling_words
from tests.scenarios import table

CARDS = {c.id: c for c in catalogue().cards}
DICE = ("weather-rain-1", "weather-rain-2", "weather-snow-1", "weather-snow-2")
TOKENS = ("weather-rain-token", "weather-snow-token")
HUNGRY = {"food": "hungry-animals-food", "palisade": "hungry-animals-palisade",
          "fight": "hungry-animals-fight"}


def joined(state: dict[str, Any], held: Effect, held_card: str | None,
           card_ids: list[str]) -> Effect:
    """The effect the board holds once these cards are tapped after `held`."""
    effect, held_id = held, held_card
    for card_id in card_ids:
        together = join(JoinAsk(state=TableState.model_validate(state), held=effect,
                                held_card=held_id, adding=CARDS[card_id].effect,
                                adding_card=card_id), catalogue().cards)
        assert together.ask == "", "parts of one Weather join without asking"
        effect, held_id = together.effect, None
    return effect


def outcome(state: dict[str, Any], effect: Effect | dict[str, Any]) -> tuple[Any, ...]:
    """What the ruling changes and says: the new table, each figure's Wounds, whether the game
    is lost, how sure it is, and its headline."""
    shown = effect.model_dump(mode="json") if isinstance(effect, Effect) else effect
    request = Request.model_validate({"state": state, "effect": shown})
    ruling = rule(request)
    wounds = sorted((w.figure, w.unfulfilled + w.other) for w in ruling.wounds)
    return (ruling.state, wounds, ruling.game_lost, ruling.certainty,
            ruling_words(request, ruling).headline)


def clouds(card_ids: list[str]) -> tuple[int, int]:
    """The rain and snow clouds these dice faces or tokens show."""
    shown = [d for c in card_ids for d in CARDS[c].effect.demands if isinstance(d, WeatherClouds)]
    return sum(d.rain for d in shown), sum(d.snow for d in shown)


@given(
    dice=st.lists(st.sampled_from(DICE), min_size=1, max_size=3),
    tokens=st.lists(st.sampled_from(TOKENS), max_size=2),
    roof=st.integers(0, 4),
    food=st.integers(0, 6),
    wood=st.integers(0, 6),
    outside=st.booleans(),
    hungry=st.sampled_from(["none", *HUNGRY]),
    storm=st.booleans(),
    palisade=st.integers(0, 2),
    weapon=st.integers(0, 3),
)
def test_every_way_of_entering_the_weather_gives_one_ruling(
        dice: list[str], tokens: list[str], roof: int, food: int, wood: int,
        outside: bool, hungry: str, storm: bool, palisade: int, weapon: int) -> None:
    state = table("cook", "explorer", phase="weather", shelter="built" if roof else "none",
                  roof=roof, available={"food": food, "wood": wood}, weapon=weapon,
                  palisade=palisade if roof else 0,
                  explorer={"in_camp": not outside})
    faces = dice + tokens + ([HUNGRY[hungry]] if hungry in HUNGRY else []) + (
        ["storm-token"] if storm else [])
    rain, snow = clouds(dice)
    rain_tokens, snow_tokens = clouds(tokens)
    whole = {"kind": "weather_phase", "rain": rain, "snow": snow,
             "rain_tokens": rain_tokens, "snow_tokens": snow_tokens,
             "hungry": hungry, "storm": storm}
    at_once = joined(state, Effect.model_validate({"demands": [
        {"kind": "weather_clouds", "rain": rain + rain_tokens, "snow": snow + snow_tokens}]}),
        None, faces[len(dice) + len(tokens):])
    first = CARDS[faces[0]]
    tapped = joined(state, first.effect, first.id, faces[1:])
    backwards = joined(state, CARDS[faces[-1]].effect, faces[-1], faces[-2::-1])
    empty_whole = Effect.model_validate(
        {"demands": [{"kind": "weather_phase", "rain": 0, "snow": 0}]})
    whole_then_tapped = joined(state, empty_whole, None, faces)
    expected = outcome(state, {"demands": [whole]})
    for path in (tapped, backwards, at_once, whole_then_tapped):
        assert outcome(state, path) == expected, path
