"""The page's one door to Python: every method answers an envelope, never an exception."""

from __future__ import annotations

import json

import pytest

from pyapp.service import Service
from tests.scenarios import SCENARIOS


def call(service: Service, method: str, payload: object) -> dict:  # type: ignore[type-arg]
    text = payload if isinstance(payload, str) else json.dumps(payload)
    answer: dict = json.loads(service.call(method, text))  # type: ignore[type-arg]
    return answer


def test_link_round_trip_through_the_service() -> None:
    service = Service()
    request = SCENARIOS[0].request()
    link = call(service, "link_encode", request)["link"]
    opened = call(service, "link_decode", link)["request"]
    assert call(service, "rule", opened)["ruling"] == call(service, "rule", request)["ruling"]


def test_errors_are_envelopes() -> None:
    service = Service()
    assert call(service, "nope", "{}")["error"]["type"] == "unknown_method"
    assert call(service, "link_decode", "9.xyz")["error"]["type"] == "link_unsupported_version"
    assert call(service, "link_encode", "{")["error"]["type"] == "invalid_json"
    assert call(service, "session", "{}")["ok"] is False


def test_catalogue_and_session() -> None:
    service = Service()
    assert len(call(service, "catalogue", "")["catalogue"]["cards"]) > 60
    snapshot = call(service, "session", {"cmd": "snapshot"})["snapshot"]
    assert snapshot["state"]["first_player"] == "cook" and snapshot["can_undo"] is False


def test_faq_examples_are_valid_and_cite_their_clause() -> None:
    """Every FAQ example rules, and its ruling cites the clause the question is about."""
    service = Service()
    entries = call(service, "faq", "")["faq"]["entries"]
    assert entries
    clauses = call(service, "clauses", "")["clauses"]
    for entry in entries:
        ruling = call(service, "rule", entry["example"])["ruling"]
        assert entry["clause"] in clauses
        assert entry["clause"] in {s["clause"] for s in ruling["steps"]}, entry["id"]


def test_the_warm_up_answers_every_kind_of_call_and_fails_loudly(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """tools/snapshot.mjs runs warm_up() in the interpreter it saves: it must go through
    every method the page calls, and a core that answers wrongly must stop the build."""
    import pyapp.service as service_module

    seen: list[str] = []
    real_call = Service.call

    def spy(self: Service, method: str, text: str) -> str:
        seen.append(method)
        return real_call(self, method, text)

    monkeypatch.setattr(Service, "call", spy)
    service_module.warm_up()
    assert set(seen) >= set(Service()._methods), seen

    monkeypatch.setattr(Service, "call", lambda self, method, text: '{"ok": false}')
    with pytest.raises(RuntimeError, match="warm-up: link_encode"):
        service_module.warm_up()
