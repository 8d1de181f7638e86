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
    Frame,
    Page,
    Route,
)

from pyapp.links import encode
from pyapp.rules.formats import Request as RefereeRequest

from .board_harness import DEMO, SETTLED, board_call, set_table, table, wait_live
from .conftest import open_watched
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


def prefixed(
    prefix: str, suffix: str = "", swap: tuple[str, str] = ("", "")
) -> Callable[[Route], None]:
    """A route that serves the file with `prefix` before it and `suffix` after it, and the
    text `swap[0]` (which must be there) replaced by `swap[1]`."""

    def handler(route: Route) -> None:
        response = route.fetch()
        headers = {
            k: v
            for k, v in response.headers.items()
            if k.lower() not in ("content-encoding", "content-length")
        }
        text = response.text()
        if swap[0]:
            assert swap[0] in text, f"{swap[0]!r} is not in {route.request.url}"
            text = text.replace(swap[0], swap[1])
        route.fulfill(status=response.status, headers=headers, body=prefix + text + suffix)

    return handler


@pytest.fixture(scope="module")
def open_guarded(browser: Browser, site_url: str) -> Iterator[Callable[..., App]]:
    """Open a page in a fresh context (a private window), guarded and watched like conftest's
    pages (conftest.open_watched). `deny`: all storage denied in the page, its frames and the
    rules worker. `python`: Python code run in the rules worker after static/main.py (each
    time a worker starts). `deadline_ms`: the page's call deadline (static/app.js), shortened
    so that a test of a hung worker need not wait the real one."""
    opened: list[App] = []

    def open_(
        url: str,
        also_allow: tuple[str, ...] = (),
        *,
        deny: bool = False,
        python: str = "",
        deadline_ms: int = 0,
    ) -> App:
        def setup(context: BrowserContext) -> None:
            if deny:  # routes registered later run first
                context.route("**/pyodide-snapshot.mjs", prefixed(DENY_WORKER))
                context.add_init_script(DENY_PAGE)
            if python:
                context.route("**/static/main.py", prefixed("", "\n" + python))
            if deadline_ms:
                swap = (
                    "const CALL_DEADLINE_MS = 20_000;",
                    f"const CALL_DEADLINE_MS = {deadline_ms};",
                )
                context.route("**/static/app.js", prefixed("", "", swap))

        opened.append(open_watched(browser, [site_url, *also_allow], url, setup))
        return opened[-1]

    yield open_
    for booted in opened:
        booted.page.context.close()


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
    if (kind === "busy" && window.__flood.ruledBeforeBusy === undefined) {
      window.__flood.ruledBeforeBusy = [...window.__flood.answers.values()]
        .filter((got) => got.includes("castaway-referee:ruling")).length;
    }
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
           busyMessage: f.busyMessage || "", ruledBeforeBusy: f.ruledBeforeBusy };
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
    its ruling or, past the queue's bound, a "busy" error as it arrives (none lost silently); a
    click on the widget's own UI is handled while requests still wait, not after them all."""
    url = f"{host_origin}/embed-example.html?widget={quote(site_url + 'widget.html', safe='')}"
    host = open_page(url, also_allow=[host_origin])
    page = host.page
    page.wait_for_selector("body[data-widget-ready]", state="attached", timeout=WAIT_MS)
    frame = widget_frame(page)
    frame.evaluate(WATCH_CLICK)
    page.evaluate(FLOOD, [FLOOD_SIZE, TIED_UP])
    frame.wait_for_function(
        "() => Number(document.documentElement.dataset.messagesQueued) >= 100", timeout=WAIT_MS
    )
    frame.click("#embed-toggle")
    frame.wait_for_function("() => window.__clickSeen !== undefined")
    seen = frame.evaluate("window.__clickSeen")
    assert frame.get_attribute("#embed-toggle", "aria-expanded") == "true"
    page.wait_for_function("() => window.__flood.done", timeout=WAIT_MS)
    state = page.evaluate(FLOOD_STATE)
    # The click was handled while requests still waited to be ruled.
    assert seen["queued"] > 0 and seen["answered"] < FLOOD_SIZE, seen
    assert sorted(state["ids"]) == sorted(f"flood-{i}" for i in range(FLOOD_SIZE))
    assert state["twice"] == 0
    assert set(state["kinds"]) == {"castaway-referee:ruling", "busy"}, state["kinds"]
    assert state["kinds"]["castaway-referee:ruling"] >= 500  # the queue's bound, all ruled
    assert state["kinds"]["busy"] > 0
    assert "busy" in state["busyMessage"] and "again" in state["busyMessage"]
    # A message past the bound is answered as it arrives, not after the waiting ones are ruled.
    assert state["ruledBeforeBusy"] < 500, state["ruledBeforeBusy"]
    assert all(r == cpython_ruling(TIED_UP)["ruling"] for r in state["rulings"])
    frame.wait_for_function(
        "() => document.documentElement.dataset.messagesQueued === '0'"
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


# ---------------------------------------------------------------- a worker gone or hung

# PyScript's own handle on the rules worker: the <script type="py" worker> element's `xworker`
# (a Worker), which static/app.js adds to every page.
TERMINATE = "document.querySelector('script[type=\"py\"][worker]').xworker.terminate();"

# A move on the board, and the worker terminated in the same task: the move's call goes to a
# worker that will never answer.
MOVE_THEN_TERMINATE = (
    """async (edits) => {
  const board = window.castawayBoard;
  const move = board.edit(edits, "Morale");
  """
    + TERMINATE
    + """
  return move;
}"""
)


def morale(value: int) -> list[dict[str, Any]]:
    return [{"op": "set", "path": "morale", "value": value}]


def live_at_morale(page: Page, value: int) -> None:
    """The board live, on the demo table with one move made (Morale set to `value`)."""
    wait_live(page)
    set_table(page, DEMO)
    board_call(page, "edit", morale(value))
    page.wait_for_function(SETTLED)


def restarted(page: Page, n: int, why: str) -> None:
    """The page noticed, said so, and has a new Python that answers."""
    page.wait_for_selector(RESTARTED.format(n=n), state="attached", timeout=WAIT_MS)
    assert page.get_attribute("html", "data-rules-stopped") == why
    assert page.get_attribute("html", "data-rules-ready") == "true"
    status = page.text_content("#rules-status-text") or ""
    assert status.startswith("Rules ready again") and "table is kept" in status


def test_a_terminated_worker_is_noticed_and_the_waiting_move_is_not_lost(
    open_guarded: Callable[..., App], site_url: str
) -> None:
    """The rules worker terminated outright (no error, no answer, ever) while a move waits on
    it: the page notices at once, restarts Python with the board's table, and the move is
    sent again and done; the next move and a ruling work, and the table is intact."""
    booted = open_guarded(site_url)
    page = booted.page
    live_at_morale(page, 1)
    before = python_history(page)

    done = page.evaluate(MOVE_THEN_TERMINATE, morale(2))
    assert done is True  # the move was done, not refused
    restarted(page, 1, "gone")
    page.wait_for_function(SETTLED)
    assert table(page)["morale"] == 2
    after = python_history(page)  # the new Python has the table, and the move on top of it
    assert after["initial"] == before["initial"]
    assert after["entries"][:-1] == before["entries"][: before["cursor"]]
    assert after["entries"][-1]["edits"] == morale(2)
    assert page.get_attribute("html", "data-board") == "live"

    assert board_call(page, "edit", morale(3)) is True
    page.wait_for_function(SETTLED)
    assert table(page)["morale"] == 3
    assert call(page, "rule", TIED_UP)["envelope"]["ruling"] == cpython_ruling(TIED_UP)["ruling"]
    assert booted.problems() == []


# Run in the rules worker after static/main.py: a method that never returns (a worker that
# hangs: it still holds its lock, raises nothing, answers nothing).
HANG_IN_PYTHON = DIE_IN_PYTHON.replace(
    """    if method == "test_die":""",
    """    if method == "test_hang":
        while True:
            pass
    if method == "test_die":""",
)

HANG_THEN_RULE = """async ([request]) => {
  const settle = (p) => p.then((envelope) => ({ ok: true, envelope }),
                               (e) => ({ ok: false, type: e.type, message: e.message }));
  const hung = settle(window.referee.call("test_hang", ""));
  const after = settle(window.referee.call("rule", JSON.stringify(request)));
  return [await hung, await after];
}"""


def test_a_hung_worker_is_replaced_after_the_deadline_and_later_calls_are_answered(
    open_guarded: Callable[..., App], site_url: str
) -> None:
    """A worker that stops answering (here a call that never returns) is given up after the
    call deadline (shortened to 3 s for the test): the call it was on gets a plain error and
    is not tried again; the call queued behind it is sent to the new Python and answered."""
    booted = open_guarded(site_url, python=HANG_IN_PYTHON, deadline_ms=3000)
    page = booted.page
    live_at_morale(page, 2)
    history = python_history(page)

    hung, after = page.evaluate(HANG_THEN_RULE, [TIED_UP])
    assert hung["ok"] is False and hung["type"] == "rules_restarted", hung
    assert "stopped" in hung["message"] and "table is kept" in hung["message"]
    assert after["ok"] is True, after
    assert after["envelope"]["ruling"] == cpython_ruling(TIED_UP)["ruling"]
    restarted(page, 1, "hung")
    assert python_history(page) == history
    assert board_call(page, "edit", morale(3)) is True
    page.wait_for_function(SETTLED)
    assert table(page)["morale"] == 3
    assert booted.problems() == []


@pytest.mark.parametrize(
    ("path", "shown"),
    [
        (f"widget.html#r={encode(RefereeRequest.model_validate(TIED_UP))}", SHOWN),
        ("faq.html", 'html[data-faq-ready="true"]'),
    ],
    ids=["widget", "faq"],
)
def test_the_widget_and_the_faq_restart_a_terminated_worker(
    open_guarded: Callable[..., App], site_url: str, path: str, shown: str
) -> None:
    """The widget and the FAQ use the same runtime: a worker terminated under them is
    noticed, Python restarts, and a ruling asked in the same moment is answered."""
    booted = open_guarded(site_url + path)
    page = booted.page
    page.wait_for_selector(shown, state="attached", timeout=WAIT_MS)
    ruling = page.evaluate(
        f"async (request) => {{ {TERMINATE} return window.referee.rule(request); }}", TIED_UP
    )
    assert ruling == cpython_ruling(TIED_UP)["ruling"]
    restarted(page, 1, "gone")
    assert call(page, "rule", TIED_UP)["envelope"]["ruling"] == ruling
    assert booted.problems() == []
