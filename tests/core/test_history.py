"""Applying a ruling is one step that can be undone; replaying the log rebuilds the table."""

from __future__ import annotations

from pyapp.rules import Request
from pyapp.rules.edits import parse_edits
from pyapp.rules.history import History
from tests.scenarios import table

STORM = {"demands": [{"kind": "discard", "wood": 2}]}


def start() -> tuple[History, Request]:
    request = Request.model_validate({"state": table(available={"wood": 3}), "effect": STORM})
    return History(initial=request.state), request


def test_apply_undo_redo() -> None:
    history, request = start()
    history, ruling = history.apply_ruling(request)
    assert history.table() == ruling.state and history.table().available.wood == 1
    history, second = history.apply_ruling(request)
    assert second.wounds and history.table().available.wood == 0
    assert history.undo().table() == ruling.state
    assert history.undo().undo().table() == request.state
    assert history.undo().redo().table() == history.table()


def test_new_entry_drops_the_undone_ones() -> None:
    history, request = start()
    history, _ = history.apply_ruling(request)
    history = history.undo()
    edits = parse_edits([{"op": "set", "path": "morale", "value": 2}])
    history, table = history.edit(edits, "Morale set to +2")
    assert table.morale == 2
    assert len(history.entries) == 1 and history.table().morale == 2
    assert not history.can_redo()


def test_replaying_the_log_rebuilds_the_table() -> None:
    """The history survives JSON, and replaying it gives the same table."""
    history, request = start()
    for _ in range(3):
        history, _ = history.apply_ruling(request)
    copy = History.model_validate_json(history.model_dump_json())
    assert copy.table() == history.table()
    assert "Wound" in history.entries[-1].summary


def test_the_log_speaks_plainly() -> None:
    """A ruling's log line names the figure and its Wounds as players say it."""
    history, request = start()
    history, ruling = history.apply_ruling(request)
    summary = history.entries[-1].summary
    assert "(s)" not in summary
    for w in ruling.wounds:
        n = w.unfulfilled + w.other
        assert f"{w.figure.capitalize()}: {n} Wound{'' if n == 1 else 's'}" in summary


def test_the_log_says_what_could_not_be_paid_then_the_rules_term() -> None:
    """2 wood demanded with 1 left: the log says 1 of it could not be paid, then the rule's
    term (never "1 unit", which meant nothing at the table)."""
    history, request = start()
    history, _ = history.apply_ruling(request)
    history, ruling = history.apply_ruling(request)
    assert ruling.unfulfilled_units == 1
    summary = history.entries[-1].summary
    assert "1 of what was demanded could not be paid (unfulfilled demand)" in summary
    assert "unit" not in summary
