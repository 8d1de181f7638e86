"""The page's side of the JS <-> Python bridge (runs only in Pyodide, in static/worker.js).

JSON text in, JSON text out: JS calls `handle(method, text)` and gets the envelope of
`pyapp.service.Service.call` back. Nothing here knows any rule; the rules core never
imports this module, and only this module touches `js` / `pyodide`.
"""

from __future__ import annotations

import json
from collections.abc import Callable

Call = Callable[[str, str], str]


def _error_envelope(type_: str, message: str) -> str:
    """The same error shape as pyapp.api's."""
    error = {"type": type_, "message": message, "details": [{"loc": "", "msg": message}]}
    return json.dumps({"ok": False, "error": error})


def make_handler(call: Call) -> Call:
    """Wrap `call` so that no Python exception can cross into JS."""

    def handle(method: str, text: str) -> str:
        try:
            answer = call(str(method), str(text))
            if not isinstance(answer, str):
                raise TypeError(f"the service returned {type(answer).__name__}, not str")
            return answer
        except Exception as exc:  # the bridge must answer, whatever happened
            return _error_envelope("internal_error", f"{type(exc).__name__}: {exc}")

    return handle


def install() -> None:
    """Import the rules core and hand `handle` to the worker (self.refereeBridge), which
    answers the page's messages with it."""
    import js  # type: ignore[import-not-found]  # provided by Pyodide
    from pyodide.ffi import create_proxy  # type: ignore[import-not-found]

    bridge = js.refereeBridge  # `js` is the worker's global scope
    try:
        from pyapp.service import Service

        service = Service()
    except Exception as exc:
        bridge.fail(f"{type(exc).__name__}: {exc}")
        return
    # create_proxy keeps the function alive after this call returns.
    bridge.attach(create_proxy(make_handler(service.call)))
