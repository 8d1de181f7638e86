"""A ruling's working copy of the table: events change it while one effect resolves; then
it is frozen back into a validated `TableState`. The state given to the referee never changes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import ValidationError

from .demands import Demand
from .events import (
    Cover,
    CrewDies,
    DiscardCard,
    Event,
    FlipItem,
    Gain,
    GainDetermination,
    LoseGame,
    MoveCampTo,
    MoveWounds,
    Pay,
    PayDetermination,
    Place,
    SetFigure,
    SetLevel,
    SetShelter,
)
from .ruling import Choices, Context
from .state import (
    MORALE_MIN,
    RESOURCE_KINDS,
    Character,
    Figure,
    FigureId,
    Friday,
    Invention,
    Jenny,
    Loss,
    ResourceKind,
    Resources,
    Source,
    Space,
    TableState,
    Tile,
)
from .victims import Named, victim_key, victims

_NOTHING_GAINED = dict.fromkeys(RESOURCE_KINDS, 0)
FOOD_ORDER: dict[str, tuple[ResourceKind, ResourceKind]] = {
    "perishable_first": ("food", "nonperishable_food"),
    "nonperishable_first": ("nonperishable_food", "food"),
}


class Work:
    """The table while an effect resolves: the original state, plus what has changed so far."""

    def __init__(self, state: TableState, ctx: Context, choices: Choices) -> None:
        self.state, self.ctx, self.choices = state, ctx, choices
        self.pile, self.future = _amounts(state.available), _amounts(state.future)
        self.gained = dict(_NOTHING_GAINED)
        if state.house_rules.same_action_gains_pay and state.phase == "action":
            self.gained = {k: min(ctx.gained_this_action.get(k), self.future[k])
                           for k in RESOURCE_KINDS}
        self.levels = {"roof": state.roof, "palisade": state.palisade,
                       "weapon": state.weapon, "morale": state.morale}
        self._levels = dict(self.levels)  # as the table had them
        self.cards: dict[FigureId, Figure] = {c.role: c for c in state.characters}
        if state.friday is not None:
            self.cards["friday"] = state.friday
        if state.jenny is not None:
            self.cards["jenny"] = state.jenny
        self.figures: dict[FigureId, dict[str, int]] = {}  # counters changed so far
        self.covered: set[tuple[int, int]] = set()
        self.placed: dict[str, Space] = {}
        self.flipped: set[str] = set()
        self.lost = state.lost.reason if state.lost else None
        self.shelter, self.crew = state.shelter, state.film_crew
        self.spent: list[str] = []  # Discovery tokens the players used up
        self.camp_tile: int | None = None
        self.cards_gone: dict[str, int] = {}  # cards discarded from each deck
        self.inventions_gone: list[str] = []  # unbuilt Invention cards discarded
        self._victims: dict[tuple[str, str], Named] = {}

    def victims_of(self, demand: Demand) -> Named:
        """Who suffers a demand, and why: worked out once per `victim_key` in a ruling."""
        key = victim_key(demand)
        found = self._victims.get(key)
        if found is None:
            found = self._victims[key] = victims(self.state, self.ctx, demand)
        return found

    # Reading the table as it stands now.
    def level(self, name: str) -> int:
        return self.levels[name]

    def counter(self, who: FigureId, name: str) -> int:
        changed = self.figures.get(who)
        if changed is not None and name in changed:
            return changed[name]
        value: int = getattr(self.cards[who], name)  # a counter: validated as an int
        return value

    def payable(self, kind: ResourceKind) -> int:
        return self.pile[kind] + self.gained[kind]

    def food(self) -> int:
        return self.payable("food") + self.payable("nonperishable_food")

    def is_exhausted(self, tile: int, index: int, source: Source) -> bool:
        return source.exhausted or (tile, index) in self.covered

    def space(self, space_id: str) -> Space:
        return self.placed.get(space_id) or self.state.space(space_id)

    def has_shelter(self) -> bool:
        return self.shelter != "none"

    def is_in_camp(self, who: FigureId) -> bool:
        """Whether a figure spends the night in the camp (Friday and Jenny have a mark too)."""
        return bool(getattr(self.cards[who], "in_camp", True))

    def invention_cards(self) -> list[Invention]:
        """The Invention cards on the board that can be discarded: not built, not printed on
        the scenario sheet, not discarded yet."""
        return [i for i in self.state.inventions
                if not i.built and not i.scenario and i.name not in self.inventions_gone]

    def cards_left(self, deck: str) -> int | None:
        """Cards the players could still discard from a deck (None: not counted)."""
        held: int | None = getattr(self.state.decks, deck)
        return None if held is None else held - self.cards_gone.get(deck, 0)

    def built_items(self) -> list[Invention]:
        return [i for i in self.state.inventions if i.built and i.name not in self.flipped]

    # Changing it: every change is an event.
    def apply(self, event: Event) -> None:
        """Apply one event to the working copy, mechanically."""
        _APPLY[type(event)](self, event)

    def take(self, kind: ResourceKind, amount: int) -> list[Event]:
        """Discard up to `amount` of one kind: Available first, then same-Action gains (R5)."""
        from_pile = min(amount, self.pile[kind])
        from_gained = min(amount - from_pile, self.gained[kind])
        self.gained[kind] -= from_gained
        events: list[Event] = []
        if from_pile:
            events.append(Pay(kind, from_pile))
        if from_gained:
            events.append(Pay(kind, from_gained, from_future=True))
        for event in events:
            self.apply(event)
        return events

    def take_food(self, amount: int) -> list[Event]:
        """Discard food of either kind, in the order the players chose (R12)."""
        events: list[Event] = []
        for kind in FOOD_ORDER[self.choices.food_order]:
            events += self.take(kind, amount - _paid(events))
        return events

    def freeze(self) -> TableState:
        """The new table: the original and what changed, validated as a whole in one pass.

        Changed piles and figures go in as plain data, so the one pass validates them too.
        Should it fail, they are validated again one by one, in order, so that the error
        names the part that broke ('determination', not 'characters.0.determination')."""
        s = self.state
        changes = self._changes()
        if not changes:
            return s
        try:
            table: TableState = _TABLE.validate_python({**s.__dict__, **changes})
        except ValidationError:
            _validate_parts(changes)
            raise
        return table

    def _changes(self) -> dict[str, Any]:
        """What the effect changed, field by field; changed piles and figures as plain data."""
        s = self.state
        changes: dict[str, Any] = {}
        if self.pile != s.available.__dict__:
            changes["available"] = self.pile
        if self.future != s.future.__dict__:
            changes["future"] = self.future
        if self.levels != self._levels:
            changes.update({k: v for k, v in self.levels.items() if self._levels[k] != v})
        if self.figures:
            self._changed_figures(changes)
        if self.covered:
            changes["tiles"] = tuple(self._covered_tile(t) for t in s.tiles)
        if self.placed:
            changes["spaces"] = _merge_spaces(s.spaces, self.placed)
        if self.flipped:
            changes["inventions"] = tuple(i.evolve(built=False) if i.name in self.flipped
                                          else i for i in s.inventions)
        if self.shelter != s.shelter:
            changes["shelter"] = self.shelter
        if self.camp_tile is not None:
            changes["tiles"] = tuple(t.evolve(camp=t.id == self.camp_tile)
                                     for t in changes.get("tiles", s.tiles))
        if self.spent:
            changes["discovery_tokens"] = tokens_left(s.discovery_tokens, self.spent)
        if self.inventions_gone:
            changes["inventions"] = tuple(i for i in changes.get("inventions", s.inventions)
                                          if i.name not in self.inventions_gone or i.built)
        if self.cards_gone:
            changes["decks"] = s.decks.evolve(**{k: self.cards_left(k) for k in self.cards_gone})
        if self.crew != s.film_crew:
            changes["film_crew"] = self.crew
        if self.lost and s.lost is None:
            changes["lost"] = Loss(reason=self.lost)
        return changes

    def _changed_figures(self, changes: dict[str, Any]) -> None:
        s, changed = self.state, self.figures
        if changed.keys() - _HELPERS:  # a character changed
            changes["characters"] = tuple([
                c if c.role not in changed else {**c.__dict__, **changed[c.role]}
                for c in s.characters])
        if "friday" in changed and s.friday is not None:
            changes["friday"] = {**s.friday.__dict__, **changed["friday"]}
        if "jenny" in changed and s.jenny is not None:
            changes["jenny"] = {**s.jenny.__dict__, **changed["jenny"]}

    def _covered_tile(self, tile: Tile) -> Tile:
        if not any(t == tile.id for t, _ in self.covered):
            return tile
        return tile.evolve(sources=tuple(
            Source(kind=src.kind, exhausted=True) if (tile.id, i) in self.covered else src
            for i, src in enumerate(tile.sources)))


def _validate_parts(changes: dict[str, Any]) -> None:
    """Validate the changed piles and figures one by one, raising the first error found."""
    for name, value in changes.items():
        if name in ("available", "future"):
            Resources.model_validate(value)
        elif name == "characters":
            for c in value:
                if type(c) is dict:
                    Character.model_validate(c)
        elif name == "friday":
            Friday.model_validate(value)
        elif name == "jenny":
            Jenny.model_validate(value)


_HELPERS = frozenset({"friday", "jenny"})
_TABLE = TableState.__pydantic_validator__  # `TableState.model_validate`, for the hot path


def tokens_left(names: tuple[str, ...], spent: list[str]) -> tuple[str, ...]:
    """The names left once each spent one is taken away (once each)."""
    left = list(names)
    for name in spent:
        left.remove(name)
    return tuple(left)


def _paid(events: list[Event]) -> int:
    return sum(e.amount for e in events if isinstance(e, Pay))


def _place(space: Space, thing: str, is_marker: bool) -> Space:
    if is_marker:
        return space.evolve(markers=(*space.markers, thing))
    return space.evolve(tokens=(*space.tokens, thing))


def _merge_spaces(spaces: tuple[Space, ...], placed: dict[str, Space]) -> tuple[Space, ...]:
    kept = tuple(placed.get(s.id, s) for s in spaces)
    known = {s.id for s in spaces}
    return kept + tuple(s for sid, s in placed.items() if sid not in known)


def _amounts(pile: Resources) -> dict[str, int]:
    """A pile's counts by kind (its fields, which are all counts), to change while resolving."""
    return dict(pile.__dict__)


def _pay(w: Work, e: Pay) -> None:
    (w.future if e.from_future else w.pile)[e.resource] -= e.amount


def _gain(w: Work, e: Gain) -> None:
    (w.future if e.to_future else w.pile)[e.resource] += e.amount


def _set_level(w: Work, e: SetLevel) -> None:
    w.levels[e.field] = max(e.value, MORALE_MIN if e.field == "morale" else 0)


def _pay_determination(w: Work, e: PayDetermination) -> None:
    held = w.counter(e.figure, "determination")
    w.figures.setdefault(e.figure, {})["determination"] = held - e.amount


def _gain_determination(w: Work, e: GainDetermination) -> None:
    held = w.counter(e.figure, "determination")
    w.figures.setdefault(e.figure, {})["determination"] = held + e.amount


def _set_figure(w: Work, e: SetFigure) -> None:
    w.figures.setdefault(e.figure, {})[e.field] = e.value


def _move_wounds(w: Work, e: MoveWounds) -> None:
    figures = w.figures
    for who, wounds in e.markers:
        figures.setdefault(who, {})["wounds"] = wounds


def _cover_source(w: Work, e: Cover) -> None:
    w.covered.add((e.tile, e.source))


def _place_thing(w: Work, e: Place) -> None:
    w.placed[e.space] = _place(w.space(e.space), e.thing, e.is_marker)


def _flip_item(w: Work, e: FlipItem) -> None:
    w.flipped.add(e.name)


def _set_shelter(w: Work, e: SetShelter) -> None:
    w.shelter = e.shelter


def _move_camp(w: Work, e: MoveCampTo) -> None:
    w.camp_tile = e.tile


def _crew_dies(w: Work, e: CrewDies) -> None:
    w.crew = tuple(n for n in w.crew if n != e.number)


def _discard_card(w: Work, e: DiscardCard) -> None:
    if e.name:
        w.inventions_gone.append(e.name)
    else:
        w.cards_gone[e.deck] = w.cards_gone.get(e.deck, 0) + e.amount


def _lose_game(w: Work, e: LoseGame) -> None:
    w.lost = w.lost or e.reason


_APPLY: dict[type, Callable[[Work, Any], None]] = {
    Pay: _pay, Gain: _gain, SetLevel: _set_level, PayDetermination: _pay_determination,
    GainDetermination: _gain_determination,
    SetFigure: _set_figure, MoveWounds: _move_wounds, Cover: _cover_source,
    Place: _place_thing, FlipItem: _flip_item,
    LoseGame: _lose_game, SetShelter: _set_shelter, MoveCampTo: _move_camp,
    CrewDies: _crew_dies, DiscardCard: _discard_card,
}
