"""The runtime where it is hostile: storage denied (a widget on another site, a private
window), a message flood, and Python dying under the page.

Storage is an optimisation, never a requirement: the widget framed by another *site* (the
site on 127.0.0.1, the host page on localhost), whose storage Chromium denies, starts and
rules; so do the widget and the board with every kind of storage made to throw, in the page,
its frames and the rules worker alike (an init script, and the worker's first module
prefixed with the same denial), since a browser may partition rather than deny.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from urllib.parse import quote, urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Frame, Request, Route

from pyapp.links import encode
from pyapp.rules.formats import Request as RefereeRequest

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
def open_denied(browser: Browser, site_url: str) -> Iterator[Callable[..., App]]:
    """Open a page in a fresh context (a private window) with all storage denied in the page,
    its frames and the rules worker; guarded and watched like conftest's pages."""
    contexts: list[BrowserContext] = []

    def open_(url: str, also_allow: tuple[str, ...] = ()) -> App:
        origins = [site_url.rstrip("/"), *(o.rstrip("/") for o in also_allow)]
        off_origin: list[str] = []
        console_errors: list[str] = []

        def guard(route: Route, request: Request) -> None:
            if any(request.url == o or request.url.startswith(o + "/") for o in origins):
                route.continue_()
            else:
                off_origin.append(request.url)
                route.abort("blockedbyclient")

        def deny_in_worker(route: Route) -> None:
            response = route.fetch()
            headers = {
                k: v
                for k, v in response.headers.items()
                if k.lower() not in ("content-encoding", "content-length")
            }
            route.fulfill(
                status=response.status, headers=headers, body=DENY_WORKER + response.text()
            )

        def on_console(msg: ConsoleMessage) -> None:
            if msg.type == "error":
                console_errors.append(f"{msg.text} @ {msg.location.get('url')}")

        context = browser.new_context()
        contexts.append(context)
        context.route("**/*", guard)
        context.route("**/pyodide-snapshot.mjs", deny_in_worker)  # runs before the guard
        context.add_init_script(WATCH_SCRIPT)
        context.add_init_script(DENY_PAGE)
        page = context.new_page()
        page.on("console", on_console)
        page.on("pageerror", lambda exc: console_errors.append(f"pageerror: {exc}"))
        document = page.goto(url)
        assert document is not None
        return App(page, url, document, off_origin, console_errors)

    yield open_
    for context in contexts:
        context.close()


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
    assert json.dumps(booted.problems()) == "[]"


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
