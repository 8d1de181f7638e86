"""Two parts of what the table must rule, joined: a second card or chip never silently takes
the place of the first.

Parts of one phase join at once, as the phase plays them: the Weather deck's dice faces and
tokens add up (their clouds are counted together against the Roof, then the Hungry Animals
die, then the Storm token), and the chips of a composed demand follow one another. Where
joining is not plainly meant (a second card beside a card of another kind, or a demand typed
in the card finder beside what is chosen), the referee asks whether the new card joins the
first or is ruled instead, in its own words."""

from __future__ import annotations

from pydantic import Field

from .base import Value
from .catalogue import Card
from .demands import CardPart, Demand, Effect, WeatherClouds, WeatherPhase
from .errors import RulingError
from .i18n import N_, _, n_
from .state import TableState
from .telling import demands_words

COMPOSED = N_("Composed demand")
MAX_JOINED = 8  # as many demands as an effect holds (Effect.demands)
# The Weather deck's faces that are a field of the whole Weather, not clouds: the Hungry
# Animals die's faces and the Storm token. Joined, they become that field, so that what they
# make stays one Weather (joined again without asking) and is ruled in the rulebook's order.
_PHASE_FIELDS: dict[str, dict[str, object]] = {
    "hungry-animals-food": {"hungry": "food"},
    "hungry-animals-palisade": {"hungry": "palisade"},
    "hungry-animals-fight": {"hungry": "fight"},
    "storm-token": {"storm": True},
}


class JoinAsk(Value):
    """What the page sends: what is held (a card's id, or none for composed demands), what
    is added (likewise; `adding_typed` when it is a demand typed in the card finder, which
    stands for a card of its own), and the table."""

    state: TableState
    held: Effect
    held_card: str | None = Field(default=None, max_length=60)
    adding: Effect
    adding_card: str | None = Field(default=None, max_length=60)
    adding_typed: bool = False


class Joined(Value):
    """The effect the two make together, and, where joining is not plainly meant, the
    question to ask first (`ask`, with the words of its two answers)."""

    effect: Effect
    said: str
    ask: str = ""
    join: str = ""
    replace: str = ""


def _weather_piece(card: Card | None, effect: Effect) -> bool:
    """A die's face or a weather token: a part of the one Weather Phase."""
    if card is not None:
        return card.deck == "weather"
    return all(d.kind in ("weather_clouds", "weather_phase") for d in effect.demands)


def _as_weather(card: Card | None, effect: Effect) -> Effect:
    """A Hungry Animals face or the Storm token as the whole Weather's field it stands for."""
    fields = _PHASE_FIELDS.get(card.id, {}) if card is not None else {}
    if not fields:
        return effect
    return Effect(demands=(WeatherPhase.model_validate({"kind": "weather_phase", **fields}),))


def _merged(first: WeatherPhase, other: WeatherPhase) -> WeatherPhase | None:
    """Two whole Weathers as one, unless both name a Hungry Animals face."""
    if "none" not in (first.hungry, other.hungry):
        return None
    return first.model_copy(update={
        "rain": first.rain + other.rain, "snow": first.snow + other.snow,
        "rain_tokens": first.rain_tokens + other.rain_tokens,
        "snow_tokens": first.snow_tokens + other.snow_tokens,
        "hungry": other.hungry if first.hungry == "none" else first.hungry,
        "storm": first.storm or other.storm})


def _own(effect: Effect) -> tuple[Demand, ...]:
    """An effect's demands as one part: a card's own alternative stays with its demands."""
    if effect.alternative:
        return (CardPart(kind="part", demands=effect.demands, alternative=effect.alternative),)
    return effect.demands


def _clouds_together(demands: tuple[Demand, ...]) -> tuple[Demand, ...]:
    """The clouds of every die and token counted once against the Roof: all weather clouds
    join the first whole Weather (or the first clouds), which comes first, as snow and rain
    come first in the Weather Phase."""
    clouds = [d for d in demands if isinstance(d, WeatherClouds)]
    whole = [d for d in demands if isinstance(d, WeatherPhase)]
    rest: list[Demand] = [d for d in demands
                          if not isinstance(d, WeatherClouds | WeatherPhase)]
    rain = sum(d.rain for d in clouds)
    snow = sum(d.snow for d in clouds)
    first: list[Demand] = []
    if whole:
        w = whole[0]
        for other in whole[1:]:
            both = _merged(w, other)
            if both is None:
                rest.insert(0, other)
            else:
                w = both
        first.append(w.model_copy(update={"rain": w.rain + rain, "snow": w.snow + snow}))
    elif clouds:
        first.append(WeatherClouds(kind="weather_clouds", rain=rain, snow=snow))
    return (*first, *rest)


def join(asked: JoinAsk, cards: tuple[Card, ...]) -> Joined:
    """The held effect and the added one, joined; with the question to ask when a card would
    otherwise take another's place."""
    by_id = {c.id: c for c in cards}
    held_card = by_id.get(asked.held_card or "")
    adding_card = by_id.get(asked.adding_card or "")
    weather = (_weather_piece(held_card, asked.held)
               and _weather_piece(adding_card, asked.adding))
    held_effect, adding_effect = asked.held, asked.adding
    if weather:
        held_effect = _as_weather(held_card, held_effect)
        adding_effect = _as_weather(adding_card, adding_effect)
    both = (*_own(held_effect), *_own(adding_effect))
    demands = _clouds_together(both) if weather else both
    if len(demands) > MAX_JOINED:
        raise RulingError("", n_(
            "Only {n} demand can be ruled at once; rule this card on its own.",
            "Only {n} demands can be ruled at once; rule this card on its own, or clear "
            "what is chosen first.", MAX_JOINED, n=MAX_JOINED))
    effect = Effect(label=COMPOSED, demands=demands)
    words = demands_words(effect.demands, asked.state)
    if weather or (held_card is None and adding_card is None and not asked.adding_typed):
        return Joined(effect=effect, said=_("Joined: {demands}. Ruling…", demands=words))
    held = _(held_card.name) if held_card else demands_words(asked.held.demands, asked.state)
    adding = (_(adding_card.name) if adding_card
              else demands_words(asked.adding.demands, asked.state))
    return Joined(
        effect=effect, said=_("Joined: {demands}. Ruling…", demands=words),
        ask=_("“{held}” is already chosen. Does “{adding}” join it, to be ruled after it, "
              "or is it ruled instead?", held=held, adding=adding),
        join=_("Join: rule both, in order"), replace=_("Rule “{adding}” instead", adding=adding))
