"""The page's side of the JS <-> Python bridge (runs only in Pyodide).

JSON text in, JSON text out: JS calls `handle(text)` with a request and gets the
envelope of `pyapp.api.rule_json` back. Nothing here knows any rule; the rules core
never imports this module, and only this module touches `js` / `pyodide`.
"""

from __future__ import annotations

import json
from collections.abc import Callable

RuleJson = Callable[[str], str]


def _error_envelope(type_: str, message: str) -> str:
    """The same error shape as pyapp.api.rule_json's."""
    error = {"type": type_, "message": message, "details": [{"loc": "", "msg": message}]}
    return json.dumps({"ok": False, "error": error})


def make_handler(rule_json: RuleJson) -> RuleJson:
    """Wrap `rule_json` so that no Python exception can cross into JS."""

    def handle(text: str) -> str:
        try:
            answer = rule_json(str(text))
            if not isinstance(answer, str):
                raise TypeError(f"rule_json returned {type(answer).__name__}, not str")
            return answer
        except Exception as exc:  # the bridge must answer, whatever happened
            return _error_envelope("internal_error", f"{type(exc).__name__}: {exc}")

    return handle


def install() -> None:
    """Import the rules core and hand `handle` to the page (window.refereeBridge)."""
    import js  # type: ignore[import-not-found]  # provided by Pyodide
    from pyodide.ffi import create_proxy  # type: ignore[import-not-found]

    bridge = js.window.refereeBridge
    try:
        from pyapp.api import rule_json
    except Exception as exc:
        bridge.fail(f"{type(exc).__name__}: {exc}")
        return
    # create_proxy keeps the function alive after this call returns.
    bridge.attach(create_proxy(make_handler(rule_json)))
