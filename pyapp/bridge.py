"""The page's side of the JS <-> Python bridge (runs only in Pyodide, in PyScript's worker).

JSON text in, JSON text out: the page calls `referee_call(method, text)` (exposed through
`pyscript.sync`, so the main thread calls it asynchronously, by message) and gets the
envelope of `pyapp.service.Service.call` back. Nothing here knows any rule; the rules
core never imports this module, and only this module touches `js` / `pyscript` /
`pyodide` (static/main.py, run by PyScript, just calls `install()`).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

Call = Callable[[str, str], str]


def make_handler(call: Call) -> Call:
    """Wrap `call` so that no Python exception can cross into JS: whatever it raises is
    answered with pyapp.envelope's error, as every other shell answers it.

    Called once the rules core is imported (`install`); the envelope is imported here, not
    at the top, so that importing this module never imports the core (`install` reports a
    core that fails to import to the page)."""
    from pyapp.envelope import error_json

    def handle(method: str, text: str) -> str:
        try:
            answer = call(str(method), str(text))
            if not isinstance(answer, str):
                raise TypeError(f"the service returned {type(answer).__name__}, not str")
            return answer
        except Exception as exc:  # the bridge must answer, whatever happened
            return error_json(exc)

    return handle


def _boot_report(ok: bool, message: str = "") -> str:
    """What the page hears once the core is imported (or failed to be): how the start went,
    as the worker saw it. Times are epoch milliseconds (the page puts them on its own
    timeline): the worker's start, its performance marks (pyodide-snapshot,
    pyodide-restored, packages-loaded, pyscript-written and pyscript-imported, left by the loader,
    static/vendor/pyodide-*/pyodide-snapshot.mjs; python-main, below) and now."""
    import js  # type: ignore[import-not-found]  # provided by Pyodide
    import pyodide_js  # type: ignore[import-not-found]

    origin = float(js.performance.timeOrigin)
    timings = {"worker": origin}
    for mark in js.performance.getEntriesByType("mark"):
        timings[str(mark.name)] = origin + float(mark.startTime)
    timings["imported"] = origin + float(js.performance.now())
    try:  # Python's WebAssembly memory, for bench/load_bench.py
        wasm_bytes = int(pyodide_js._module.HEAP8.byteLength)
    except Exception:  # a private Pyodide detail: report nothing rather than fail
        wasm_bytes = 0
    return json.dumps({"ok": ok, "message": message, "timings": timings, "wasmBytes": wasm_bytes})


def hold_while_alive(name: str) -> Any:
    """Take the Web Lock `name` and never let it go: the browser releases it only when this
    worker is gone (terminated, crashed), and the page, waiting for the same lock, is granted
    it at that moment (static/app.js, "Python's death"). Returns a JS promise that resolves
    once the lock is held (rejects where the Locks API is refused)."""
    import js
    from pyodide.ffi import create_once_callable  # type: ignore[import-not-found]

    def hold(resolve: Any, reject: Any) -> None:
        def granted(_lock: Any) -> Any:
            resolve("held")
            return js.Promise.new(lambda *_: None)  # never settles: held while the worker lives

        try:
            js.navigator.locks.request(name, create_once_callable(granted)).catch(reject)
        except Exception as exc:  # no Locks API here (or refused): the page relies on deadlines
            reject(str(exc))

    return js.Promise.new(create_once_callable(hold))


def _get(url: str) -> bytes | None:
    """The file at `url`, by a synchronous request (allowed in a worker); None if there is
    none. Offline, the service worker answers it from the build's cache."""
    import js

    try:
        request = js.XMLHttpRequest.new()
        request.open("GET", url, False)
        request.responseType = "arraybuffer"
        request.send()
    except Exception:  # offline without the file, or refused
        return None
    if int(request.status) != 200:
        return None
    return bytes(js.Uint8Array.new(request.response).to_py())


def catalogues_from(base: str) -> str:
    """The page says where the build's catalogues are (static/locale/, an absolute URL: this
    worker's own is a blob:). The app wheel carries none, so that a reader downloads only
    the language they use: the core fetches a language's compiled catalogue (<code>.mo)
    the first time it speaks it or searches its card names, and the list of languages
    (languages.json) the first time it names them."""
    from pyapp.rules import i18n

    def offered() -> tuple[str, ...]:
        listed = _get(base + "languages.json")
        try:
            return tuple(str(o["code"]) for o in json.loads(listed or b"[]"))
        except (ValueError, TypeError, KeyError):
            return ()

    i18n.catalogues_from(offered, lambda code: _get(f"{base}{code}.mo"))
    return "ok"


def install() -> None:
    """Import the rules core and expose, through `pyscript.sync`, `referee_call` (the
    handler), `referee_boot` (the start-up report the page asks for first),
    `referee_catalogues` (catalogues_from: where the languages are) and `referee_hold`
    (hold_while_alive, the page's sign that this worker is gone)."""
    import os
    import random

    import js  # provided by Pyodide (its missing stub is reported once, above)
    from pyscript import sync  # type: ignore[import-not-found]  # provided by PyScript

    js.performance.mark("python-main")  # PyScript has set up; static/main.py runs
    # Python was restored from a memory snapshot (tools/snapshot.mjs), `random`'s state
    # with it: without a fresh seed every page would draw the same numbers.
    random.seed()
    # No pydantic plugins are shipped: without this, pydantic scans every installed
    # distribution's metadata for them when the first model is built.
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    try:
        # Restored from the snapshot, the rules core is imported already (tools/snapshot.mjs
        # imports it and runs pyapp.service.warm_up): this import is then a lookup. Started
        # from scratch, it is the import, pydantic building every model.
        from pyapp.service import Service

        service = Service()
    except Exception as exc:
        report = _boot_report(False, f"{type(exc).__name__}: {exc}")
    else:
        report = _boot_report(True)
        sync.referee_call = make_handler(service.call)
    sync.referee_boot = lambda: report
    sync.referee_catalogues = catalogues_from
    sync.referee_hold = hold_while_alive
