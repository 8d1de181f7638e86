"""Hostile JSON through the page's door to Python (window.referee, in Pyodide): refused in
words before it is parsed, and Python lives on (3,500 levels would kill it)."""

from __future__ import annotations

import base64
import json
import zlib
from typing import Any

from .harness import App

CALL = """async ([method, text]) => {
  try { return await window.referee.call(method, text); }
  catch (e) { return { ok: false, error: { type: e.type, message: e.message } }; }
}"""
WOOD = {"state": {"characters": [{"role": "cook"}], "first_player": "cook"},
        "effect": {"demands": [{"kind": "discard", "wood": 1}]}}


def call(app: App, method: str, text: str) -> dict[str, Any]:
    answer: dict[str, Any] = app.page.evaluate(CALL, [method, text])
    return answer


def test_deep_nesting_is_refused_and_python_lives_on(app: App) -> None:
    """A link of under 60 characters nested 4,000 deep, a 100,000-deep request, a deep session
    command: each a plain validation_error; then a ruling is given as usual."""
    deep = "[" * 4000 + "]" * 4000
    link = "1." + base64.urlsafe_b64encode(zlib.compress(deep.encode(), 9)).decode().rstrip("=")
    assert len(link) < 60
    for method, text, depth in (
        ("link_decode", link, 4000),
        ("rule", "[" * 100_000 + "]" * 100_000, 100_000),
        ("session", '{"cmd": "edit", "edits": [{"op": "set", "path": "morale", "value": '
         + "[" * 3500 + "]" * 3500 + "}]}", 3503),
    ):
        error = call(app, method, text)["error"]
        assert error["type"] in ("validation_error", "link_validation_error"), error
        assert f"nested {depth:,} deep; at most 64 levels are allowed." in error["message"]
    ruling = call(app, "rule", json.dumps(WOOD))
    assert ruling["ok"] is True and ruling["ruling"]["state"]["available"]["wood"] == 0


def test_a_5000_digit_number_is_refused_in_words(app: App) -> None:
    error = call(app, "rule", '{"state": ' + "7" * 5000 + "}")["error"]
    assert error["message"] == "A number in the request is too long (5,000 digits; at most 40)."
