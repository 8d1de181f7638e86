"""The session says whether the demand on show is applied, and whether the table has changed
since it was applied: the `ruled` block of a preview's and an apply's answer."""

from __future__ import annotations

from typing import Any

from tests.core.test_session import send, session

ASK: dict[str, Any] = {"effect": {"demands": [{"kind": "discard", "wood": 4}]},
                       "context": {"resolver": "explorer"}}
ROUND_2 = [{"op": "set", "path": "round", "value": 2}]


def test_a_demand_never_applied_is_neither_applied_nor_stale() -> None:
    """A first preview: nothing in the log applied it."""
    ruled = send(session(), cmd="preview", **ASK)["ruled"]
    assert ruled == {"at": None, "applied": False, "stale": False}


def test_apply_answers_the_step_it_became() -> None:
    """Apply says where the demand now stands in the log: the last step, applied."""
    s = session()
    send(s, cmd="edit", edits=ROUND_2)
    assert send(s, cmd="apply", **ASK)["ruled"] == {"at": 1, "applied": True, "stale": False}


def test_a_later_move_makes_the_applied_demand_stale() -> None:
    """Applied, then the table changes: still applied at the same step, and stale."""
    s = session()
    send(s, cmd="apply", **ASK)
    send(s, cmd="edit", edits=ROUND_2)
    assert send(s, cmd="preview", **ASK)["ruled"] == {"at": 0, "applied": False, "stale": True}


def test_undo_takes_applied_away_and_redo_brings_it_back() -> None:
    """Undone, the demand is not in effect; redone, it is the last step again."""
    s = session()
    send(s, cmd="apply", **ASK)
    send(s, cmd="undo")
    assert send(s, cmd="preview", **ASK)["ruled"] == {"at": None, "applied": False,
                                                       "stale": False}
    send(s, cmd="redo")
    assert send(s, cmd="preview", **ASK)["ruled"] == {"at": 0, "applied": True, "stale": False}


def test_another_resolver_is_the_same_demand_but_not_the_step_on_the_table() -> None:
    """The same demand and choices with someone else resolving: the log did apply it (`at`),
    but not this ruling, so it is not shown applied."""
    s = session()
    send(s, cmd="apply", **ASK)
    other = send(s, cmd="preview", effect=ASK["effect"], context={"resolver": "cook"})
    assert other["ruled"] == {"at": 0, "applied": False, "stale": False}


def test_the_card_name_does_not_make_another_demand_but_choices_do() -> None:
    """The effect's label aside, the same demands are the same card; other choices are not."""
    s = session()
    send(s, cmd="apply", **ASK)
    named = {**ASK, "effect": {**ASK["effect"], "label": "A card"}}
    assert send(s, cmd="preview", **named)["ruled"]["applied"] is True
    chosen = send(s, cmd="preview", **ASK, choices={"food_order": "nonperishable_first"})
    assert chosen["ruled"]["at"] is None


def test_the_last_application_is_the_one_told() -> None:
    """Applied twice, with a move between: `at` is the later step."""
    s = session()
    send(s, cmd="apply", **ASK)
    send(s, cmd="edit", edits=ROUND_2)
    send(s, cmd="apply", **ASK)
    assert send(s, cmd="preview", **ASK)["ruled"] == {"at": 2, "applied": True, "stale": False}
