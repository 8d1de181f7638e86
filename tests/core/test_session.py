"""The board's session: commands in JSON, snapshots out; refused commands change nothing."""

from __future__ import annotations

import json
from typing import Any

from pyapp.rules.clauses import certainty_of
from pyapp.rules.history import History
from pyapp.rules.state import TableState
from pyapp.service import Service
from pyapp.session import Session
from tests.scenarios import table

BUILD = {"id": "roof", "action": "build", "pawns": ["cook"], "assigned": {}}


def session() -> Session:
    state = TableState.model_validate(table(phase="action", available={"wood": 3},
                                            planned_actions=[BUILD]))
    return Session(History(initial=state))


def send(s: Session, **command: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(s.handle_json(json.dumps(command)))
    return answer


def test_drag_two_wood_onto_the_build_action_ties_them_up() -> None:
    """2 wood moved from Available onto the Build action are no longer available."""
    s = session()
    answer = send(s, cmd="edit", summary="2 wood onto Build", edits=[
        {"op": "move_resource", "kind": "wood", "amount": 2, "source": "available",
         "target": "roof"}])
    state = answer["snapshot"]["state"]
    assert state["available"]["wood"] == 1
    assert state["planned_actions"][0]["assigned"]["wood"] == 2
    ruling = send(s, cmd="preview", effect={"demands": [{"kind": "discard", "wood": 3}]},
                  context={"resolver": "explorer"})["ruling"]
    assert ruling["wounds"] == [{"figure": "explorer", "unfulfilled": 2, "other": 0,
                                 "morale_arrows": 0, "died": False}]


def test_refused_move_names_the_reason_and_changes_nothing() -> None:
    s = session()
    before = send(s, cmd="snapshot")["snapshot"]
    answer = send(s, cmd="edit", edits=[{"op": "move_resource", "kind": "wood", "amount": 5,
                                         "source": "available", "target": "roof"}])
    assert answer["ok"] is False and answer["error"]["type"] == "edit_refused"
    assert answer["error"]["message"] == "Only 3 wood there to move."
    assert send(s, cmd="snapshot")["snapshot"] == before


def test_invalid_value_is_refused_by_the_model() -> None:
    s = session()
    answer = send(s, cmd="edit", edits=[{"op": "set", "path": "roof", "value": 2}])
    assert answer["ok"] is False and "Shelter" in answer["error"]["message"]


def test_pawns_cannot_exceed_what_a_character_has() -> None:
    s = session()
    ok = send(s, cmd="edit", edits=[{"op": "move_pawn", "figure": "cook", "target": "roof"}])
    assert ok["ok"]
    refused = send(s, cmd="edit", edits=[{"op": "move_pawn", "figure": "cook",
                                          "target": "roof"}])
    assert refused["ok"] is False and "no Action pawn left" in refused["error"]["message"]


def test_apply_undo_redo_and_log() -> None:
    s = session()
    applied = send(s, cmd="apply", card="storm", effect={"demands": [
        {"kind": "discard", "wood": 4}]}, context={"resolver": "cook"})
    assert applied["snapshot"]["state"]["available"]["wood"] == 0
    assert applied["snapshot"]["log"][0]["card"] == "storm"
    undone = send(s, cmd="undo")["snapshot"]
    assert undone["state"]["available"]["wood"] == 3 and undone["can_redo"]
    assert send(s, cmd="redo")["snapshot"]["state"]["available"]["wood"] == 0


def test_autosaved_history_loads_back() -> None:
    s = session()
    send(s, cmd="edit", edits=[{"op": "set", "path": "morale", "value": 2}])
    saved = send(s, cmd="snapshot")["snapshot"]["history"]
    other = session()
    assert send(other, cmd="load", history=saved)["snapshot"]["state"]["morale"] == 2


def test_malformed_commands_get_errors() -> None:
    s = session()
    for text in ["{", "[]", '{"cmd": "dance"}', '{"cmd": "edit", "edits": []}',
                 '{"cmd": "load", "history": {"initial": {}}}']:
        answer = json.loads(s.handle_json(text))
        assert answer["ok"] is False and answer["error"]["message"], text


def test_a_failed_action_returns_its_resources() -> None:
    """R6: resources assigned to an Action that fails go back to Available Resources."""
    s = session()
    send(s, cmd="edit", edits=[{"op": "move_resource", "kind": "wood", "amount": 2,
                                "source": "available", "target": "roof"}])
    failed = send(s, cmd="edit", edits=[{"op": "resolve_action", "id": "roof",
                                         "outcome": "failure"}])["snapshot"]
    assert failed["state"]["available"]["wood"] == 3 and failed["state"]["planned_actions"] == []
    assert "R6" in failed["log"][-1]["summary"]
    send(s, cmd="undo")
    done = send(s, cmd="edit", edits=[{"op": "resolve_action", "id": "roof",
                                       "outcome": "success"}])["snapshot"]
    assert done["state"]["available"]["wood"] == 1


def test_a_new_action_cannot_use_pawns_a_character_does_not_have() -> None:
    """Planning a new Action checks the pawns placed against the pawns owned."""
    s = session()
    two_more = {"id": "rest", "action": "rest", "pawns": ["cook", "cook"]}
    refused = send(s, cmd="edit", edits=[{"op": "insert", "path": "planned_actions",
                                          "value": two_more}])
    assert refused["ok"] is False and "Cook has 2 Action pawns" in refused["error"]["message"]
    fewer = send(s, cmd="edit", edits=[{"op": "set", "path": "characters/0/pawns", "value": 1},
                                       {"op": "insert", "path": "planned_actions",
                                        "value": {"id": "rest", "action": "rest",
                                                  "pawns": ["explorer"]}}])
    assert fewer["ok"] is True


def test_r6_is_as_sure_as_rulings_md_says() -> None:
    """R6 (a failed Action's resources return) follows from the rules: derived, in the
    catalogue the page shows, and the log entry that applies it names it."""
    assert certainty_of("R6") == "derived"
    shown = json.loads(Service().call("clauses", ""))["clauses"]["R6"]
    assert shown["certainty"] == "derived" and shown["switch"] is None
    s = session()
    send(s, cmd="edit", edits=[{"op": "move_resource", "kind": "wood", "amount": 1,
                                "source": "available", "target": "roof"}])
    failed = send(s, cmd="edit", edits=[{"op": "resolve_action", "id": "roof",
                                         "outcome": "failure"}])["snapshot"]
    assert failed["log"][-1]["summary"].endswith("(R6)")


def test_a_preview_of_the_demand_just_applied_says_it_is_applied() -> None:
    """The demand that is the last step in effect previews as applied, with the ruling as it
    was applied (not a second Wound on top); another context, an undo or a later edit
    previews it afresh."""
    s = session()
    ask = {"effect": {"demands": [{"kind": "discard", "wood": 4}]},
           "context": {"resolver": "explorer"}}
    first = send(s, cmd="preview", **ask)
    assert first["applied"] is False
    applied = send(s, cmd="apply", **ask)
    again = send(s, cmd="preview", **ask)
    assert again["applied"] is True
    assert again["ruling"] == applied["ruling"] == first["ruling"]
    assert again["table_before"]["available"]["wood"] == 3  # the table it was applied to
    other = send(s, cmd="preview", effect=ask["effect"], context={"resolver": "cook"})
    assert other["applied"] is False
    send(s, cmd="undo")
    assert send(s, cmd="preview", **ask)["applied"] is False
    send(s, cmd="redo")
    assert send(s, cmd="preview", **ask)["applied"] is True
    send(s, cmd="edit", edits=[{"op": "set", "path": "round", "value": 2}])
    later = send(s, cmd="preview", **ask)
    assert later["applied"] is False
    assert later["ruling"]["wounds"][0]["unfulfilled"] == 4
