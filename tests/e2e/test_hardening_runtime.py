"""The runtime where it is hostile: storage denied (a widget on another site, a private
window), a message flood, and Python dying under the page.

Storage is an optimisation, never a requirement: the widget framed by another *site* (the
site on 127.0.0.1, the host page on localhost), whose storage Chromium denies, starts and
rules; so do the widget and the board with every kind of storage made to throw, in the page,
its frames and the rules worker alike (an init script, and the worker's first module
prefixed with the same denial), since a browser may partition rather than deny.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial
from typing import Any
from urllib.parse import quote, urlsplit

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    ConsoleMessage,
    Frame,
    Page,
    Request,
    Route,
)

from pyapp.links import encode
from pyapp.rules.formats import Request as RefereeRequest

from .board_harness import DEMO, SETTLED, board_call, set_table, table, wait_live
from .conftest import WATCH_SCRIPT
from .harness import App
from .test_widget import (
    ERROR,
    RULING,
    SHOWN,
    TIED_UP,
    WAIT_MS,
    as_json,
    cpython_ruling,
    host_origin,  # noqa: F401  (the fixture: the example host page on another site)
    shown,
    widget_frame,
)

READY = 'html[data-rules-ready]:not([data-rules-ready="false"])'

# Every kind of storage throws or is refused, as in a third-party frame with storage blocked
# or a strict private window: Web Storage, IndexedDB, CacheStorage, service workers.
DENY_PAGE = """(() => {
  const refuse = () => new DOMException("Storage is denied here (test).", "SecurityError");
  const denied = () => { throw refuse(); };
  for (const name of ["localStorage", "sessionStorage"]) {
    Object.defineProperty(window, name, { get: denied, configurable: true });
  }
  IDBFactory.prototype.open = denied;
  IDBFactory.prototype.deleteDatabase = denied;
  for (const name of ["open", "keys", "match", "has", "delete"]) {
    CacheStorage.prototype[name] = () => Promise.reject(refuse());
  }
  if (window.ServiceWorkerContainer) {
    ServiceWorkerContainer.prototype.register = () => Promise.reject(refuse());
  }
})();
"""

# The same in the rules worker, put before the first module it imports (the Pyodide loader,
# which PyScript imports before its own engine opens anything). Leaves a performance mark,
# which the worker's start-up report carries to the page, as proof it ran there first.
DENY_WORKER = """(() => {
  const refuse = () => new DOMException("Storage is denied here (test).", "SecurityError");
  const denied = () => { throw refuse(); };
  IDBFactory.prototype.open = denied;
  IDBFactory.prototype.deleteDatabase = denied;
  for (const name of ["open", "keys", "match", "has", "delete"]) {
    CacheStorage.prototype[name] = () => Promise.reject(refuse());
  }
  performance.mark("test-storage-denied");
})();
"""

# What the page can check of the denial, and of the worker's.
STORAGE_STATE = """async () => {
  const throws = (f) => { try { f(); return false; } catch { return true; } };
  let cachesRefused = false;
  try { await caches.open("x"); } catch { cachesRefused = true; }
  const ready = performance.getEntriesByName("rules-ready")[0];
  return {
    localStorage: throws(() => localStorage.length),
    indexedDB: throws(() => indexedDB.open("x")),
    caches: cachesRefused,
    workerDenied: Boolean(ready && "test-storage-denied" in ready.detail.timings),
  };
}"""
ALL_DENIED = {"localStorage": True, "indexedDB": True, "caches": True, "workerDenied": True}


@pytest.fixture(scope="module")
def open_guarded(browser: Browser, site_url: str) -> Iterator[Callable[..., App]]:
    """Open a page in a fresh context (a private window), guarded and watched like conftest's
    pages. `deny`: all storage denied in the page, its frames and the rules worker.
    `python`: Python code run in the rules worker after static/main.py (each time a worker
    starts)."""
    contexts: list[BrowserContext] = []

    def open_(
        url: str, also_allow: tuple[str, ...] = (), *, deny: bool = False, python: str = ""
    ) -> App:
        origins = [site_url.rstrip("/"), *(o.rstrip("/") for o in also_allow)]
        off_origin: list[str] = []
        console_errors: list[str] = []

        def guard(route: Route, request: Request) -> None:
            if any(request.url == o or request.url.startswith(o + "/") for o in origins):
                route.continue_()
            else:
                off_origin.append(request.url)
                route.abort("blockedbyclient")

        def prefixed(prefix: str, suffix: str = "") -> Callable[[Route], None]:
            def handler(route: Route) -> None:
                response = route.fetch()
                headers = {
                    k: v
                    for k, v in response.headers.items()
                    if k.lower() not in ("content-encoding", "content-length")
                }
                body = prefix + response.text() + suffix
                route.fulfill(status=response.status, headers=headers, body=body)

            return handler

        def on_console(msg: ConsoleMessage) -> None:
            if msg.type == "error":
                console_errors.append(f"{msg.text} @ {msg.location.get('url')}")

        context = browser.new_context()
        contexts.append(context)
        context.route("**/*", guard)
        context.add_init_script(WATCH_SCRIPT)
        if deny:  # routes registered later run first
            context.route("**/pyodide-snapshot.mjs", prefixed(DENY_WORKER))
            context.add_init_script(DENY_PAGE)
        if python:
            context.route("**/static/main.py", prefixed("", "\n" + python))
        page = context.new_page()
        page.on("console", on_console)
        page.on("pageerror", lambda exc: console_errors.append(f"pageerror: {exc}"))
        document = page.goto(url)
        assert document is not None
        return App(page, url, document, off_origin, console_errors)

    yield open_
    for context in contexts:
        context.close()


@pytest.fixture(scope="module")
def open_denied(open_guarded: Callable[..., App]) -> Callable[..., App]:
    return partial(open_guarded, deny=True)


def rules_state(frame: Frame) -> tuple[str | None, str | None]:
    frame.wait_for_selector(READY, state="attached", timeout=WAIT_MS)
    return frame.get_attribute("html", "data-rules-ready"), frame.text_content("#rules-status-text")


# ---------------------------------------------------------------- storage denied


def test_the_widget_rules_framed_by_another_site_with_storage_denied(
    open_denied: Callable[..., App],
    site_url: str,
    host_origin: str,  # noqa: F811
) -> None:
    """Framed by a page of another site, with every storage denied on top of the browser's
    own third-party denial, the widget loads its rules, says "ready" and answers."""
    assert urlsplit(host_origin).hostname != urlsplit(site_url).hostname  # another site
    url = f"{host_origin}/embed-example.html?widget={quote(site_url + 'widget.html', safe='')}"
    host = open_denied(url, also_allow=(host_origin,))
    page = host.page
    frame = widget_frame(page)
    assert rules_state(frame) == ("true", "Rules ready.")
    assert frame.evaluate(STORAGE_STATE) == ALL_DENIED
    page.wait_for_selector("body[data-widget-ready]", state="attached", timeout=WAIT_MS)
    assert {"type": "castaway-referee:ready", "version": 1} in page.evaluate(
        "castawayReferee.received"
    )
    answer = page.evaluate("(r) => castawayReferee.ask(r)", TIED_UP)
    assert answer["type"] == RULING and answer["ruling"] == cpython_ruling(TIED_UP)["ruling"]
    frame.wait_for_selector(SHOWN, state="attached")
    assert shown(frame) == (as_json(RefereeRequest.model_validate(TIED_UP)), answer["ruling"])
    bad = page.evaluate("(r) => castawayReferee.ask(r)", {"state": 1})
    assert bad["type"] == ERROR and bad["error"]["type"] == "validation_error"
    assert host.problems() == []


def test_the_widget_rules_in_a_private_window_with_storage_denied(
    open_denied: Callable[..., App], site_url: str
) -> None:
    """At the top level, storage denied (a strict private window): the share link's ruling
    shows, and no offline copy is attempted beyond a refused registration."""
    payload = encode(RefereeRequest.model_validate(TIED_UP))
    booted = open_denied(f"{site_url}widget.html#r={payload}")
    page = booted.page
    assert rules_state(page.main_frame) == ("true", "Rules ready.")
    page.wait_for_selector(SHOWN, state="attached", timeout=WAIT_MS)
    assert page.evaluate(STORAGE_STATE) == ALL_DENIED
    assert shown(page.main_frame)[1] == cpython_ruling(TIED_UP)["ruling"]
    assert booted.problems() == []


def test_the_board_gets_its_rules_with_storage_denied(
    open_denied: Callable[..., App], site_url: str
) -> None:
    """The board's page starts Python the same way: its rules load with storage denied."""
    booted = open_denied(site_url)
    page = booted.page
    assert rules_state(page.main_frame) == ("true", "Rules ready.")
    assert page.evaluate(STORAGE_STATE) == ALL_DENIED
    got = page.evaluate("(r) => window.referee.rule(r)", TIED_UP)
    assert got == cpython_ruling(TIED_UP)["ruling"]
    assert booted.problems() == []


# ---------------------------------------------------------------- a message flood

FLOOD_SIZE = 5000

# In the host page: send FLOOD_SIZE requests at once, and keep every answer by id.
FLOOD = """([n, request]) => {
  const frame = document.getElementById("referee");
  window.__flood = { answers: new Map(), done: false, rulings: [] };
  addEventListener("message", (event) => {
    const m = event.data;
    if (event.source !== frame.contentWindow || !m || typeof m.id !== "string"
        || !m.id.startsWith("flood-")) return;
    const kind = m.type === "castaway-referee:error" ? m.error.type : m.type;
    window.__flood.answers.set(m.id, (window.__flood.answers.get(m.id) || []).concat(kind));
    if (m.type === "castaway-referee:ruling" && window.__flood.rulings.length < 3) {
      window.__flood.rulings.push(m.ruling);
    }
    if (kind === "busy") window.__flood.busyMessage = m.error.message;
    window.__flood.done = window.__flood.answers.size === n;
  });
  for (let i = 0; i < n; i += 1) {
    frame.contentWindow.postMessage(
      { type: "castaway-referee:rule", id: `flood-${i}`, request }, castawayReferee.widgetOrigin);
  }
}"""

FLOOD_STATE = """() => {
  const f = window.__flood;
  const kinds = {};
  let twice = 0;
  for (const got of f.answers.values()) {
    twice += got.length > 1;
    for (const kind of got) kinds[kind] = (kinds[kind] || 0) + 1;
  }
  return { ids: [...f.answers.keys()], kinds, twice, rulings: f.rulings,
           busyMessage: f.busyMessage || "" };
}"""

# In the widget: what the widget's own counts said when a click reached its page.
WATCH_CLICK = """() => {
  document.addEventListener("click", () => {
    const d = document.documentElement.dataset;
    window.__clickSeen = { queued: Number(d.messagesQueued), answered: Number(d.messagesAnswered) };
  }, { capture: true, once: true });
}"""


def test_a_flood_is_ruled_in_batches_shed_past_the_bound_and_the_ui_answers(
    open_page: Callable[..., App],
    site_url: str,
    host_origin: str,  # noqa: F811
) -> None:
    """5,000 requests at once from an allowed host: every one is answered exactly once, with
    its ruling or, past the queue's bound, a "busy" error (none lost silently); a click on the
    widget's own UI is handled while requests still wait, not after them all."""
    url = f"{host_origin}/embed-example.html?widget={quote(site_url + 'widget.html', safe='')}"
    host = open_page(url, also_allow=[host_origin])
    page = host.page
    page.wait_for_selector("body[data-widget-ready]", state="attached", timeout=WAIT_MS)
    frame = widget_frame(page)
    frame.evaluate(WATCH_CLICK)
    page.evaluate(FLOOD, [FLOOD_SIZE, TIED_UP])
    frame.wait_for_function(
        "Number(document.documentElement.dataset.messagesQueued) >= 100", timeout=WAIT_MS
    )
    frame.click("#embed-toggle")
    frame.wait_for_function("window.__clickSeen !== undefined")
    seen = frame.evaluate("window.__clickSeen")
    assert frame.get_attribute("#embed-toggle", "aria-expanded") == "true"
    page.wait_for_function("window.__flood.done", timeout=WAIT_MS)
    state = page.evaluate(FLOOD_STATE)
    # The click was handled while requests still waited to be ruled.
    assert seen["queued"] > 0 and seen["answered"] < FLOOD_SIZE, seen
    assert sorted(state["ids"]) == sorted(f"flood-{i}" for i in range(FLOOD_SIZE))
    assert state["twice"] == 0
    assert set(state["kinds"]) == {"castaway-referee:ruling", "busy"}, state["kinds"]
    assert state["kinds"]["castaway-referee:ruling"] >= 500  # the queue's bound, all ruled
    assert state["kinds"]["busy"] > 0
    assert "busy" in state["busyMessage"] and "again" in state["busyMessage"]
    assert all(r == cpython_ruling(TIED_UP)["ruling"] for r in state["rulings"])
    frame.wait_for_function(
        "document.documentElement.dataset.messagesQueued === '0'"
        f" && document.documentElement.dataset.messagesAnswered === '{FLOOD_SIZE}'"
    )
    assert frame.get_attribute("html", "data-messages-shed") == str(state["kinds"]["busy"])
    # The last situation ruled is drawn, and the widget still answers one more request.
    frame.wait_for_selector(SHOWN, state="attached")
    assert shown(frame)[1] == cpython_ruling(TIED_UP)["ruling"]
    answer = page.evaluate("(r) => castawayReferee.ask(r)", TIED_UP)
    assert answer["type"] == RULING
    assert host.problems() == []


# ---------------------------------------------------------------- Python dies

# Run in the rules worker after static/main.py: a method that kills Python as deep nesting
# did before the rules core limited it (the C stack overflows in json's scanner: Pyodide's
# "fatal error", after which every call fails with "Pyodide already fatally failed").
DIE_IN_PYTHON = """
from pyscript import sync as _sync

from pyapp.bridge import make_handler
from pyapp.service import Service

_answer = make_handler(Service().call)  # as bridge.install() did, before any call


def _call_or_die(method, text):
    if method == "test_die":
        import json

        json.loads("[" * 200_000 + "]" * 200_000)
    return _answer(method, text)


_sync.referee_call = _call_or_die
"""

# What Pyodide itself logs when it dies: expected here, and nothing else.
FATAL_LOG = ("fatal error", "RangeError: Maximum call stack size exceeded")

CALL = """async ([method, payload]) => {
  try {
    return { ok: true, envelope: await window.referee.call(method, payload) };
  } catch (e) {
    return { ok: false, type: e.type, message: e.message };
  }
}"""
RESTARTED = 'html[data-rules-restarts="{n}"]:not([data-rules-restarting])'


def call(page: Page, method: str, payload: Any) -> dict[str, Any]:
    got: dict[str, Any] = page.evaluate(CALL, [method, payload])
    return got


def python_history(page: Page) -> Any:
    got = call(page, "session", {"cmd": "snapshot"})
    assert got["ok"], got
    return got["envelope"]["snapshot"]["history"]


def test_python_dies_is_restarted_and_the_table_is_kept(
    open_guarded: Callable[..., App], site_url: str
) -> None:
    """Python killed under the board: the call that killed it gets a plain error, the page
    says so and starts a new Python, which gets the board's table back; moves go on. Then a
    request nested far deeper than any table (it killed Python before the rules core had a
    depth limit; now it may be refused): either way the page goes on with its table."""
    booted = open_guarded(site_url, python=DIE_IN_PYTHON)
    page = booted.page
    wait_live(page)
    set_table(page, DEMO)
    board_call(
        page, "command", {"cmd": "edit", "edits": [{"op": "set", "path": "morale", "value": 2}]}
    )
    page.wait_for_function(SETTLED)
    history = python_history(page)
    drawn = table(page)
    assert drawn["morale"] == 2

    got = call(page, "test_die", "")
    assert got["ok"] is False and got["type"] == "rules_restarted", got
    assert "stopped" in got["message"] and "table is kept" in got["message"]
    assert "Pyodide" not in got["message"] and "Maximum" not in got["message"]
    page.wait_for_selector(RESTARTED.format(n=1), state="attached", timeout=WAIT_MS)
    assert page.get_attribute("html", "data-rules-ready") == "true"
    status = page.text_content("#rules-status-text") or ""
    assert status.startswith("Rules ready again") and "table is kept" in status
    assert python_history(page) == history  # the new Python has the board's table
    assert table(page) == drawn  # and the board never lost it

    board_call(
        page, "command", {"cmd": "edit", "edits": [{"op": "set", "path": "morale", "value": 3}]}
    )
    page.wait_for_function(SETTLED)
    assert table(page)["morale"] == 3
    assert call(page, "rule", TIED_UP)["envelope"]["ruling"] == cpython_ruling(TIED_UP)["ruling"]
    history = python_history(page)

    deep = call(page, "rule", "[" * 100_000 + "]" * 100_000)
    assert deep["ok"] is False, deep
    if deep["type"] == "rules_restarted":
        page.wait_for_selector(RESTARTED.format(n=2), state="attached", timeout=WAIT_MS)
    else:  # refused by a depth limit, Python alive
        assert deep["type"] in {"validation_error", "invalid_json", "request_error"}, deep
    assert python_history(page) == history
    assert call(page, "rule", TIED_UP)["envelope"]["ruling"] == cpython_ruling(TIED_UP)["ruling"]
    assert table(page)["morale"] == 3

    booted.console_errors[:] = [
        e for e in booted.console_errors if not any(words in e for words in FATAL_LOG)
    ]
    assert booted.problems() == []
