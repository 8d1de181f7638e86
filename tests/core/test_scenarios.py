"""Every clause of the rule and every ruling, as a table of scenarios."""

from __future__ import annotations

from typing import Any

import pytest

from pyapp.rules import Request, Ruling, rule
from pyapp.rules.clauses import CLAUSES, PARTS, certainty_of
from tests.scenarios import SCENARIOS, Scenario


def ruling_for(s: Scenario) -> Ruling:
    return rule(Request.model_validate(s.request()))


@pytest.mark.parametrize("s", SCENARIOS, ids=[s.name for s in SCENARIOS])
def test_scenario(s: Scenario) -> None:
    """The referee rules as the rulebook says, and cites the clause that decides it."""
    r = ruling_for(s)
    assert {w.figure: w.unfulfilled + w.other for w in r.wounds} == s.expect["wounds"]
    assert s.clause in cited(r), [st.clause for st in r.steps]
    for key, want in s.expect.items():
        assert observed(r, key, want) == want, key


def cited(r: Ruling) -> set[str]:
    """The clauses a ruling cites, and the parts of rulings it applies ("R8.zero")."""
    return {st.clause for st in r.steps} | {st.part for st in r.steps if st.part}


def observed(r: Ruling, key: str, want: Any) -> Any:
    """What the ruling shows for one expectation key, shaped like the expectation."""
    state = r.state
    figures = {c.role: c for c in state.characters}
    simple = {"wounds": want, "units": r.unfulfilled_units, "unfulfilled": r.unfulfilled,
              "lost": r.game_lost, "alternative": r.used_alternative, "morale": state.morale,
              "roof": state.roof, "palisade": state.palisade, "weapon": state.weapon,
              "shelter": state.shelter, "film_crew": list(state.film_crew),
              "camp": next((t.id for t in state.tiles if t.camp), None),
              "discovery_tokens": list(state.discovery_tokens),
              "assigned_wood": sum(a.assigned.wood for a in state.planned_actions)}
    if key in simple:
        return simple[key]
    if key in ("available", "future"):
        pile = getattr(state, key)
        return {k: pile.get(k) for k in want}
    if key in ("pawns", "determination"):
        return {who: getattr(figures[who], key) for who in want}
    if key == "built":
        return {i.name: i.built for i in state.inventions if i.name in want}
    if key in ("tokens", "markers"):
        return {s.id: list(getattr(s, key)) for s in state.spaces if s.id in want}
    if key == "says":  # words the steps must say (those of `want` they do say)
        text = " ".join(st.text for st in r.steps)
        return [words for words in want if words in text]
    if key == "exhausted":
        tiles = {t.id: t for t in state.tiles}
        return {(t, i): tiles[t].sources[i].exhausted for t, i in want}
    raise KeyError(key)


def test_every_clause_and_ruling_has_a_scenario() -> None:
    """The table covers each clause C1–C17 and each ruling the core implements."""
    shown = {s.clause.partition(".")[0] for s in SCENARIOS}
    for cid in [f"C{n}" for n in range(1, 18)] + ["C1a", "R1", "R2", "R3", "R4", "R5", "R7",
                                                  "R8", "R9", "R10", "R11", "R12", "R13",
                                                  "R14", "R16"]:
        assert cid in shown, cid
    # R6 (a failed Action's resources) is a board edit: tests/core/test_session.py.
    # R15 (the wound track) is the stated rule G-wound-track: the death and arrow scenarios.


def test_cited_clauses_exist() -> None:
    """Every clause a ruling cites is in the catalogue, with its switch; a step carries the
    certainty of the clause or ruling part it applies, or `derived` where it combines rules;
    a ruling with parts is always cited by part."""
    for s in SCENARIOS:
        for st in ruling_for(s).steps:
            clause = CLAUSES[st.clause]
            assert st.switch == clause.switch
            assert (st.part is not None) == bool(clause.parts), st
            if st.part is not None:
                assert PARTS[st.part][0] is clause
            assert st.certainty in (certainty_of(st.part or st.clause), "derived"), st


RULING_PARTS = [p.id for c in CLAUSES.values() if c.id.startswith("R") for p in c.parts] + [
    c.id for c in CLAUSES.values() if c.id.startswith("R") and not c.parts
    and c.id not in ("R6", "R15")]  # R6: a board edit (test_session); R15: G-wound-track


@pytest.mark.parametrize("cite", RULING_PARTS)
def test_each_ruling_part_carries_its_own_certainty(cite: str) -> None:
    """docs/rules/rulings.md, "How sure each ruling is": a step applying a ruling, or one part of
    it, says exactly that part's certainty; and the scenario table shows every part at work."""
    want = certainty_of(cite)
    steps = [st for s in SCENARIOS for st in ruling_for(s).steps if cite in (st.part, st.clause)]
    assert steps, f"no scenario applies {cite}"
    assert {st.certainty for st in steps} == {want}


@pytest.mark.parametrize("s", SCENARIOS, ids=[s.name for s in SCENARIOS])
def test_a_ruling_is_as_sure_as_its_weakest_deciding_step(s: Scenario) -> None:
    """The ruling's certainty is its weakest deciding step's, and names what it rests on."""
    r = ruling_for(s)
    # What decides nothing (C4 informs; one of our rulings that changes nothing here, such as
    # "Friday does not eat at Night" where the food is paid in full, is a line of its own)
    # does not make the ruling less sure.
    deciding = [st for st in r.steps if st.decides]
    rank = {"house": 0, "derived": 1, "stated": 2}
    weakest = min((st.certainty for st in deciding), key=rank.__getitem__, default="stated")
    assert r.certainty == weakest
    assert set(r.rests_on) == ({st.part or st.clause for st in deciding
                                if st.certainty == weakest} if weakest != "stated" else set())


def test_house_verdicts_name_their_switch() -> None:
    """A verdict resting on a ruling with a switch names it, so players can change it."""
    s = next(s for s in SCENARIOS if s.clause == "R9")
    steps = [st for st in ruling_for(s).steps if st.clause == "R9"]
    assert steps and all(st.switch == "no_shelter_reduction_ignored" for st in steps)
    assert "no official ruling" in steps[0].text


def test_long_names_fit_in_the_ruling() -> None:
    """What the referee did not spend is named in full, however long the players' names."""
    long_name = "N" * 60
    s = SCENARIOS[0]
    request = Request.model_validate({**s.request(), "state": {
        **s.state, "discovery_tokens": [long_name], "treasures": [long_name],
        "equipment": [{"name": long_name}]}})
    assert any(long_name in item for item in rule(request).not_spent)
