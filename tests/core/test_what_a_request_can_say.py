"""Situations a table meets that a request says in its own shapes: discarding cards, how the
Action being resolved ended (R6), a card's alternative with an alternative of its own, an
alternative on one part of a card, and the players' choice between demands. Each is ruled
as the rules say, with the clause that decides it and its certainty."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyapp.rules import Request, Ruling, rule
from pyapp.rules.edits import ResolveAction, apply_edits
from pyapp.rules.errors import RulingError
from pyapp.rules.state import TableState
from tests.core.strategies import plain_demands, tables

Json = dict[str, Any]
TWO = [{"role": "cook"}, {"role": "explorer"}]


def table(**more: Any) -> Json:
    return {"phase": "event", "characters": TWO, "first_player": "cook", **more}


def build(wood: int, **more: Any) -> Json:
    """The Action Phase, the Cook resolving a Build with `wood` assigned to it."""
    return table(phase="action", planned_actions=[
        {"id": "roof", "action": "build", "pawns": ["cook"], "assigned": {"wood": wood}}],
        **more)


@dataclass
class Case:
    name: str
    state: Json
    effect: Json
    wounds: dict[str, int]  # every figure's Wounds, of unfulfilled demand and other
    cites: tuple[str, ...]  # clauses (or ruling parts) the ruling must cite
    certainty: str = "stated"
    units: int = 0
    context: Json = field(default_factory=dict)
    choices: Json = field(default_factory=dict)
    after: Json = field(default_factory=dict)  # facts of the new table (see `fact`)

    def ruling(self) -> Ruling:
        return rule(Request.model_validate({"state": self.state, "effect": self.effect,
                                            "context": self.context,
                                            "choices": self.choices}))


def fact(state: TableState, key: str) -> Any:
    """One fact of the table a ruling leaves, by a short name."""
    facts = {"wood": state.available.wood, "fur": state.available.fur,
             "roof": state.roof, "palisade": state.palisade,
             "inventions": [i.name for i in state.inventions],
             "mystery": state.decks.mystery,
             "actions": [a.id for a in state.planned_actions],
             "camp": next((t.id for t in state.tiles if t.camp), None)}
    return facts[key]


DISCARD_INVENTIONS = {"demands": [{"kind": "discard_cards", "cards": "invention", "amount": 2}]}
# "Discard 2 wood or 1 fur, otherwise each character suffers 2 Wounds".
WOOD_OR_FUR = {"demands": [{"kind": "discard", "wood": 2}], "alternative": [
    {"kind": "part", "demands": [{"kind": "discard", "fur": 1}],
     "alternative": [{"kind": "wounds", "amount": 2, "victims": "all"}]}]}
# Scenario 5's Book, with no village burned and no Shelter: each character suffers 3
# Wounds, then the camp must move; if it cannot, each character suffers 2 Wounds.
BOOK = {"demands": [{"kind": "wounds", "amount": 3, "victims": "all"},
                    {"kind": "part", "demands": [{"kind": "move_camp", "blocked": True}],
                     "alternative": [{"kind": "wounds", "amount": 2, "victims": "all"}]}]}
BOOK_TO_TILE_2 = {"demands": [BOOK["demands"][0], {
    "kind": "part", "demands": [{"kind": "move_camp", "tile": 2}],
    "alternative": [{"kind": "wounds", "amount": 2, "victims": "all"}]}]}
ROOF_OR_PALISADE = {"demands": [{"kind": "choose", "options": [
    [{"kind": "halve", "target": "roof"}], [{"kind": "halve", "target": "palisade"}]]}]}

CASES = [
    # Discarding cards: "discard resources, cards or Determination tokens" (C1).
    Case("2 Invention cards asked, 1 unbuilt on the board: 1 unit, every character",
         table(inventions=[{"name": "Map"}, {"name": "Pot", "built": True}]),
         DISCARD_INVENTIONS, {"cook": 1, "explorer": 1}, ("C1", "C3", "C5"), units=1,
         after={"inventions": ["Pot"]}),
    Case("a scenario sheet's Invention is no card to discard",
         table(inventions=[{"name": "Raft", "scenario": True}]), DISCARD_INVENTIONS,
         {"cook": 2, "explorer": 2}, ("C1",), units=2, after={"inventions": ["Raft"]}),
    Case("the players choose which Invention cards go",
         table(inventions=[{"name": "Map"}, {"name": "Rope"}, {"name": "Dam"}]),
         DISCARD_INVENTIONS, {}, ("C3",), choices={"cards": ["Dam", "Rope"]},
         after={"inventions": ["Map"]}),
    Case("the Mystery deck holds 1 card of the 2 asked",
         table(decks={"mystery": 1}),
         {"demands": [{"kind": "discard_cards", "cards": "mystery", "amount": 2}]},
         {"cook": 1, "explorer": 1}, ("C1",), units=1, after={"mystery": 0}),
    Case("cards discarded in the Action Phase hurt only who resolves (C6)",
         table(phase="action", inventions=[{"name": "Map"}]), DISCARD_INVENTIONS,
         {"explorer": 1}, ("C1", "C6"), units=1, context={"resolver": "explorer"}),
    # How the Action being resolved ended (R6): before the card's demands are ruled.
    Case("a failed Build's 2 wood come back and pay the card's 2 wood (R6)", build(2),
         {"demands": [{"kind": "discard", "wood": 2}]}, {}, ("R6", "C3"), "derived",
         context={"resolver": "cook", "outcome": "failure"}, after={"wood": 0, "actions": []}),
    Case("a Build that succeeded spends its wood: the card's 1 wood is short", build(2),
         {"demands": [{"kind": "discard", "wood": 1}]}, {"cook": 1}, ("G-action-spent", "C1"),
         units=1, context={"resolver": "cook", "outcome": "success"},
         after={"wood": 0, "actions": []}),
    Case("no outcome said: the wood stays on the Action and cannot pay (C2), as before",
         build(2), {"demands": [{"kind": "discard", "wood": 1}]}, {"cook": 1}, ("C2",),
         "derived", units=1, context={"resolver": "cook"}, after={"wood": 0, "actions": ["roof"]}),
    Case("the Action named by its id fails, another resolver", build(1, available={"wood": 1}),
         {"demands": [{"kind": "discard", "wood": 2}]}, {}, ("R6",), "derived",
         context={"resolver": "cook", "action": "roof", "outcome": "failure"},
         after={"wood": 0}),
    # A card's alternative with its own alternative.
    Case("2 wood: the first part is paid", table(available={"wood": 2, "fur": 1}),
         WOOD_OR_FUR, {}, ("R13",), "derived", after={"wood": 0, "fur": 1}),
    Case("1 wood, 1 fur: no partial payment, the fur pays instead",
         table(available={"wood": 1, "fur": 1}), WOOD_OR_FUR, {}, ("C1a", "R13"),
         "derived", after={"wood": 1, "fur": 0}),
    Case("1 wood, no fur: the alternative's alternative, 2 Wounds each, not unfulfilled demand",
         table(available={"wood": 1}), WOOD_OR_FUR, {"cook": 2, "explorer": 2},
         ("C1a", "R13", "G-card-wounds"), "derived", after={"wood": 1}),
    Case("the players take both alternatives though they could pay",
         table(available={"wood": 2, "fur": 1}), WOOD_OR_FUR, {"cook": 2, "explorer": 2},
         ("R13",), "derived", choices={"use_alternative": True, "part_alternative": [0]},
         after={"wood": 2, "fur": 1}),
    # An alternative on one part of a card: Scenario 5's Book.
    Case("the camp cannot move: its part's alternative, 3 + 2 Wounds each",
         table(scenario=5), BOOK, {"cook": 5, "explorer": 5}, ("C1a", "R13"), "derived"),
    Case("the camp moves: only the Book's 3 Wounds each",
         table(scenario=5, tiles=[{"id": 1, "camp": True}, {"id": 2}]), BOOK_TO_TILE_2,
         {"cook": 3, "explorer": 3}, ("R13", "G-move-camp"), "derived", after={"camp": 2}),
    Case("a camp that cannot move, with no alternative on the card: 1 unit (C1, derived)",
         table(), {"demands": [{"kind": "move_camp", "blocked": True}]},
         {"cook": 1, "explorer": 1}, ("C1",), "derived", units=1),
    # The players' choice between demands.
    Case("half the Roof or half the Palisade, Palisade at 0: the Roof, suggested",
         table(shelter="built", roof=3), ROOF_OR_PALISADE, {}, ("G-choice", "R8.round-up"),
         "house", after={"roof": 2, "palisade": 0}),
    Case("the players halve the Palisade at 0 instead: 1 unit (R8.zero)",
         table(shelter="built", roof=3), ROOF_OR_PALISADE, {"cook": 1, "explorer": 1},
         ("G-choice", "R8.zero"), "house", units=1, choices={"option": {"0": 1}},
         after={"roof": 3}),
    Case("Roof at 0, Palisade at 2: the Palisade, suggested",
         table(shelter="built", palisade=2), ROOF_OR_PALISADE, {}, ("G-choice",), "house",
         after={"roof": 0, "palisade": 1}),
    Case("the choice as the page sends it ('0:0')", table(shelter="built", roof=1, palisade=2),
         ROOF_OR_PALISADE, {}, ("G-choice", "R8.keep-one"), choices={"option": "0:0"},
         after={"roof": 1, "palisade": 2}),
]


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_situation(case: Case) -> None:
    """Who suffers, what is short, what it cites, how sure, and the table it leaves."""
    r = case.ruling()
    assert {w.figure: w.unfulfilled + w.other for w in r.wounds} == case.wounds
    cited = {s.clause for s in r.steps} | {s.part for s in r.steps if s.part}
    assert set(case.cites) <= cited, [s.clause for s in r.steps]
    assert r.certainty == case.certainty, r.rests_on
    assert r.unfulfilled_units == case.units
    for key, want in case.after.items():
        assert fact(r.state, key) == want, key


def test_a_card_s_own_alternative_rests_on_r13() -> None:
    """No partial payment (C1a, stated), then the card's alternative instead of the rule of
    unfulfilled demand (R13, derived): the ruling rests on R13, never on nothing."""
    r = CASES[11].ruling()
    assert r.rests_on == ("R13",)
    assert all(s.certainty == "derived" for s in r.steps if s.clause == "R13")
    assert not any(w.unfulfilled for w in r.wounds) and not r.unfulfilled


def test_the_choice_between_demands_is_offered_with_its_suggestion() -> None:
    """The players' choice is a decision: both options offered, the cheaper one suggested."""
    r = next(c for c in CASES if c.name.startswith("the players halve")).ruling()
    (decision,) = [d for d in r.decisions if d.id == "option"]
    assert [o.value for o in decision.options] == ["0:0", "0:1"]
    assert (decision.chosen, decision.default) == ("0:1", "0:0")
    assert [label for _value, label in r.words.choices[0].options] == [
        "Halve the Roof", "Halve the Palisade"]


def test_a_part_s_alternative_is_offered_or_forced() -> None:
    """A part that can be paid offers its alternative; one that cannot has only that option."""
    can = next(c for c in CASES if c.name.startswith("the camp moves")).ruling()
    cannot = next(c for c in CASES if c.name.startswith("the camp cannot")).ruling()
    offered = next(d for d in can.decisions if d.id == "part_alternative")
    forced = next(d for d in cannot.decisions if d.id == "part_alternative")
    assert [o.value for o in offered.options] == ["none", "1"] and offered.chosen == "none"
    assert can.words.choices[-1].chosen == "Pay this part"
    assert [o.value for o in forced.options] == ["1"] and forced.chosen == "1"


@pytest.mark.parametrize("outcome", ["success", "failure"])
def test_an_action_ends_as_the_board_s_resolve_action_ends_it(outcome: str) -> None:
    """One implementation: the table a request's outcome leaves is the board's edit's table."""
    state = TableState.model_validate(build(2, available={"wood": 1}))
    ruled = rule(Request.model_validate({
        "state": state.model_dump(), "effect": {"demands": [{"kind": "requirement"}]},
        "context": {"resolver": "cook", "outcome": outcome}})).state
    assert ruled == apply_edits(state, (ResolveAction(id="roof", outcome=outcome),))


@pytest.mark.parametrize(("state", "context", "choices", "says"), [
    (table(), {}, {}, "How many cards are left in the Mystery deck?"),
    (build(1), {"resolver": "cook", "action": "hut", "outcome": "failure"}, {},
     "There is no open planned Action “hut”"),
    (table(phase="action", planned_actions=[
        {"id": "a", "action": "build", "pawns": ["cook"]},
        {"id": "b", "action": "gather", "pawns": ["explorer"]}]),
     {"outcome": "failure"}, {}, "Which planned Action ended?"),
    (table(shelter="built", roof=2), {}, {"option": {"0": 3}}, "This choice has 2 options"),
])
def test_what_cannot_be_ruled_asks_in_the_table_s_words(
        state: Json, context: Json, choices: Json, says: str) -> None:
    """A deck nobody counted, an Action not on the table, two open Actions and no name, an
    option the card does not have: one plain question, no field path."""
    effect = (ROOF_OR_PALISADE if "option" in choices else
              {"demands": [{"kind": "discard_cards", "cards": "mystery"}]})
    with pytest.raises(RulingError) as raised:
        rule(Request.model_validate({"state": state, "effect": effect, "context": context,
                                     "choices": choices}))
    assert says in raised.value.message and raised.value.loc not in raised.value.message


# Properties over generated tables: a part and a choice rule exactly as the demands they take.
def _ruled(state: Json, demands: list[Json], **more: Any) -> Ruling | None:
    """The ruling on these demands, or None when the table cannot be ruled on as it is."""
    try:
        return rule(Request.model_validate({"state": state, "effect": {"demands": demands},
                                            **more}))
    except RulingError:
        return None


def _outcome(r: Ruling) -> tuple[Any, ...]:
    return (r.state, {w.figure: (w.unfulfilled, w.other, w.died) for w in r.wounds},
            r.unfulfilled_units, r.game_lost)


@settings(max_examples=60)
@given(tables(), plain_demands, plain_demands)
def test_a_part_rules_as_its_demands_or_else_as_its_alternative(
        state: Json, first: Json, instead: Json) -> None:
    """R13 on one part: its demands when they can be paid in full, else its alternative, to
    the same table and Wounds as either alone; never a unit short of the part it replaced."""
    part = _ruled(state, [{"kind": "part", "demands": [first], "alternative": [instead]}])
    alone = _ruled(state, [first])
    if part is None or alone is None:
        return
    payable = not alone.unfulfilled_units and not alone.game_lost
    other = alone if payable else _ruled(state, [instead])
    assert other is not None
    assert _outcome(part) == _outcome(other)
    assert "R13" in {s.clause for s in part.steps} and part.certainty != "stated"


@settings(max_examples=60)
@given(tables(), plain_demands, plain_demands)
def test_a_choice_rules_as_the_option_taken_and_suggests_the_cheapest(
        state: Json, one: Json, two: Json) -> None:
    """The players' choice: each option taken rules as that option alone; the suggested one
    costs no more than the other (a loss, then deaths, Wounds, units short)."""
    choose = [{"kind": "choose", "options": [[one], [two]]}]
    options = [_ruled(state, [one]), _ruled(state, [two])]
    if None in options:
        return
    for i, alone in enumerate(options):
        taken = _ruled(state, choose, choices={"option": {"0": i}})
        assert taken is not None and alone is not None
        assert _outcome(taken) == _outcome(alone)
    suggested = _ruled(state, choose)
    assert suggested is not None

    def cost(r: Ruling) -> tuple[int, int, int, int]:
        return (int(r.game_lost), sum(w.died for w in r.wounds),
                sum(w.unfulfilled + w.other for w in r.wounds), r.unfulfilled_units)

    assert cost(suggested) == min(cost(r) for r in options if r is not None)


@settings(max_examples=40)
@given(tables("action"), st.sampled_from(["success", "failure"]))
def test_an_action_s_outcome_leaves_the_board_s_table(state: Json, outcome: str) -> None:
    """Any table: a request's outcome and the board's `resolve_action` leave the same table."""
    table_ = TableState.model_validate(state)
    ruled = _ruled(state, [{"kind": "requirement"}],
                   context={"action": "a1", "outcome": outcome})
    assert ruled is not None
    assert ruled.state == apply_edits(table_, (ResolveAction(id="a1", outcome=outcome),))
