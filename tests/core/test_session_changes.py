"""The session's `reply: "changes"`: a copy of the log kept from the changes alone is the
session's own log, and a move's answer does not grow with the log."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pyapp.rules.history as history_module
from pyapp.rules.edits import parse_edits
from pyapp.rules.history import EditEntry, History
from pyapp.rules.state import TableState
from pyapp.session import Session
from tests.scenarios import table

START = TableState.model_validate(table(available={"wood": 3}, shelter="built"))
MOVES: dict[str, dict[str, Any]] = {
    "edit": {"cmd": "edit", "edits": [{"op": "set", "path": "morale", "value": 1}]},
    "roof": {"cmd": "edit", "edits": [{"op": "set", "path": "roof", "value": 2}]},
    "apply": {"cmd": "apply", "effect": {"demands": [{"kind": "discard", "wood": 1}]}},
    "refused": {"cmd": "edit", "edits": [{"op": "set", "path": "round", "value": 99}]},
    "undo": {"cmd": "undo"}, "redo": {"cmd": "redo"},
    "preview": {"cmd": "preview", "effect": {"demands": [{"kind": "discard", "wood": 1}]}},
    "new": {"cmd": "new", "state": START.model_dump(mode="json")},
}


class Copy:
    """What the board keeps: the log rebuilt from `changes` alone, as service.py says."""

    def __init__(self) -> None:
        self.initial: Any = None
        self.entries: list[Any] = []
        self.log: list[Any] = []
        self.cursor = 0

    def take(self, changes: dict[str, Any]) -> None:
        if "initial" in changes:
            self.initial = changes["initial"]
        del self.entries[: changes["dropped"]], self.log[: changes["dropped"]]
        del self.entries[changes["keep"]:], self.log[changes["keep"]:]
        self.entries += changes["entries"]
        self.log += changes["log"]
        self.cursor = changes["cursor"]
        assert len(self.entries) == changes["length"]

    def history(self) -> dict[str, Any]:
        return {"initial": self.initial, "entries": self.entries, "cursor": self.cursor}


def send(session: Session, command: dict[str, Any], reply: str = "changes") -> dict[str, Any]:
    found: dict[str, Any] = json.loads(session.handle_json(json.dumps({**command,
                                                                        "reply": reply})))
    return found


def check_copy(session: Session, copy: Copy) -> None:
    full = send(session, {"cmd": "snapshot"}, reply="full")["snapshot"]
    assert copy.history() == full["history"]
    applied = [{**line, "applied": i < copy.cursor} for i, line in enumerate(copy.log)]
    assert applied == full["log"]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(sorted(MOVES)), max_size=25))
def test_a_copy_kept_from_the_changes_is_the_log(moves: list[str]) -> None:
    """Any run of moves, undos, refusals and new games: the copy equals the full export."""
    session = Session(History(initial=START))
    copy = Copy()
    copy.take(send(session, {"cmd": "snapshot"})["changes"])
    for move in moves:
        answer = send(session, MOVES[move])
        if answer["ok"]:
            copy.take(answer["changes"])
        check_copy(session, copy)


def test_a_full_log_folds_its_oldest_entry_into_the_starting_table(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Past MAX_ENTRIES the oldest entry can no longer be undone; the table stays right."""
    monkeypatch.setattr(history_module, "MAX_ENTRIES", 4)
    session = Session(History(initial=START))
    copy = Copy()
    copy.take(send(session, {"cmd": "snapshot"})["changes"])
    for value in (1, 2, 3, -1, -2, 0, 3):
        answer = send(session, {"cmd": "edit", "edits": [
            {"op": "set", "path": "morale", "value": value}]})
        copy.take(answer["changes"])
    assert len(session.history.entries) == 4 and session.table.morale == 3
    assert answer["changes"]["dropped"] == 1 and "initial" in answer["changes"]
    assert session.history.table() == session.table and session.history.initial.morale == 3
    check_copy(session, copy)


def long_session(entries: int) -> Session:
    edits = [parse_edits([{"op": "set", "path": "morale", "value": v}]) for v in (0, 1)]
    log = tuple(EditEntry(edits=edits[i % 2], summary="Morale") for i in range(entries))
    return Session(History(initial=START, entries=log, cursor=entries))


def test_a_moves_answer_does_not_grow_with_the_log() -> None:
    """With `changes`, one move's answer is as long with 3,000 entries as with 3."""
    sizes: dict[int, str] = {}
    for entries in (3, 3_000):
        answer = long_session(entries).handle_json(json.dumps({**MOVES["roof"],
                                                                "reply": "changes"}))
        sizes[entries] = re.sub(r"\d+", "0", answer)  # the cursor's and length's digits
    assert sizes[3] == sizes[3_000]


def test_the_full_reply_is_unchanged_and_export_gives_the_history() -> None:
    """Old callers (no `reply`) still get the whole log and history with every snapshot."""
    session = Session(History(initial=START))
    snapshot = json.loads(session.handle_json(json.dumps(MOVES["edit"])))["snapshot"]
    assert set(snapshot) == {"state", "log", "can_undo", "can_redo", "history"}
    exported = json.loads(session.handle_json('{"cmd": "export"}'))
    assert exported["history"] == snapshot["history"] and "snapshot" not in exported


def test_a_log_longer_than_any_kept_is_refused_in_words() -> None:
    """An import of more than MAX_ENTRIES entries: refused, the table kept."""
    session = Session(History(initial=START))
    entry = {"kind": "edit", "edits": [{"op": "set", "path": "morale", "value": 1}]}
    text = json.dumps({"cmd": "load", "history": {"initial": START.model_dump(mode="json"),
                       "entries": [entry] * (history_module.MAX_ENTRIES + 1)}})
    answer = json.loads(session.handle_json(text))
    most = history_module.MAX_ENTRIES
    assert answer["error"]["message"] == (f"The log entries have too many items: {most + 1:,} "
                                          f"(at most {most:,}).")
    assert session.history.entries == ()


def test_a_session_keeps_few_tables_and_replays_the_others(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Only the last RECENT tables and a checkpoint every CHECKPOINT entries are kept; undoing
    all the way back still shows each table the log says, through folds of a full log."""
    import pyapp.session as session_module

    monkeypatch.setattr(session_module, "RECENT", 4)
    monkeypatch.setattr(session_module, "CHECKPOINT", 3)
    monkeypatch.setattr(history_module, "MAX_ENTRIES", 30)
    session = Session(History(initial=START))
    for i in range(45):
        send(session, {"cmd": "edit", "edits": [
            {"op": "set", "path": "morale", "value": i % 7 - 3},
            {"op": "set", "path": "available/food", "value": i}]})
        assert len(session._tables) <= 4 + 30 // 3 + 2
    replayed = session.history.tables()
    for cursor in range(len(session.history.entries), -1, -1):
        assert session.table == replayed[cursor]
        send(session, {"cmd": "undo"})
    for cursor in range(1, len(session.history.entries) + 1):
        send(session, {"cmd": "redo"})
        assert session.table == replayed[cursor]
