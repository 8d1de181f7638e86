"""The same fast, offline start in every engine: in Firefox and in WebKit (with an iPad's
user agent, as Safari on an iPad), the page starts Python from its build-time snapshot,
rules exactly as CPython does, takes a drag by finger and a tap-to-place, rules the FAQ
live, shows a share link, a FAQ question and the FAQ's search in the widget and starts again
offline. Chromium runs the full suite (tests/e2e/); this is the smoke suite for the two
engines Playwright cannot drive."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlsplit

import pytest

from pyapp.api import rule_json
from pyapp.links import encode
from pyapp.rules.faq import faq
from pyapp.rules.formats import Request
from tests.scenarios import scenario_requests
from tools.engines import EngineError, wait
from tools.local import served

from .conftest import ENGINES, Site, fresh

READY = "document.documentElement.dataset.rulesReady === 'true'"
OFFLINE_READY = "document.documentElement.dataset.offlineReady"
SETTLED = "document.documentElement.dataset.busy === '0'"
SCENARIOS = scenario_requests()
ENTRIES = faq().entries
TIED_UP = next(e.example for e in ENTRIES if e.id == "tied-up")

# How the start went: the rules-ready mark's detail (static/app.js) holds the worker's marks;
# only an interpreter restored from the snapshot has `pyodide-restored`.
START = """
const mark = performance.getEntriesByName("rules-ready")[0];
return {
  state: document.documentElement.dataset.rulesReady,
  status: (document.getElementById("rules-status-text") || {}).textContent || "",
  at: mark ? Math.round(mark.startTime) : null,
  marks: Object.keys((mark && mark.detail && mark.detail.timings) || {}),
};
"""
RULE_ALL = """
const out = [];
for (const request of args[0]) {
  try {
    out.push({ ok: true, ruling: await window.referee.rule(request) });
  } catch (e) {
    out.push({ ok: false, structured: e instanceof window.referee.RefereeError,
               error: { type: e.type, message: e.message, details: e.details } });
  }
}
return out;
"""
BOARD = """
const board = window.castawayBoard;
return board[args[0]](...args[1]);
"""
# A drag by finger: pointer events with pointerType "touch", each on the element under the
# point, from the centre of one element to the centre of another (both brought on screen).
TOUCH_DRAG = """
const [source, target] = args.map((s) => document.querySelector(s));
const top = Math.min(source.getBoundingClientRect().top, target.getBoundingClientRect().top);
window.scrollBy(0, top - 40);
const centre = (el) => {
  const r = el.getBoundingClientRect();
  return [r.x + r.width / 2, r.y + r.height / 2];
};
const [[x0, y0], [x1, y1]] = [centre(source), centre(target)];
const fire = (type, x, y) => document.elementFromPoint(x, y).dispatchEvent(new PointerEvent(type, {
  bubbles: true, cancelable: true, composed: true, pointerId: 7, pointerType: "touch",
  isPrimary: true, clientX: x, clientY: y, button: 0, buttons: type === "pointerup" ? 0 : 1,
  width: 20, height: 20, pressure: 0.5,
}));
fire("pointerdown", x0, y0);
for (let i = 1; i <= 6; i++) {
  fire("pointermove", x0 + ((x1 - x0) * i) / 6, y0 + ((y1 - y0) * i) / 6);
}
fire("pointerup", x1, y1);
"""


def cpython_envelope(request: Any) -> dict[str, Any]:
    text = request if isinstance(request, str) else json.dumps(request)
    envelope: dict[str, Any] = json.loads(rule_json(text))
    return envelope


WHERE = """
return {
  html: { ...document.documentElement.dataset },
  status: (document.getElementById("rules-status-text") || {}).textContent || "",
  marks: performance.getEntriesByType("mark").map((m) => `${m.name}@${Math.round(m.startTime)}`),
  errors: window.__engineErrors || [],
};
"""

# The service worker's registration as the page sees it (its workers' states), and the install's
# progress as the service worker tells it (static/sw.js: files held, files being fetched).
SW = """
const sw = navigator.serviceWorker;
const state = (w) => (w ? w.state : null);
const within = (ms, promise, late) =>
  Promise.race([promise, new Promise((resolve) => setTimeout(() => resolve(late), ms))]);
const r = await within(5000, sw.getRegistration(), "no answer in 5 s");
if (!r || typeof r === "string") return { registration: r || null };
const worker = r.installing || r.waiting || r.active;
const progress = within(5000, new Promise((resolve) => {
  sw.addEventListener("message", (e) => e.data?.type === "castaway-install" && resolve(e.data));
}), "no answer in 5 s");
if (worker) worker.postMessage("install-progress");
return { controlled: Boolean(sw.controller), active: state(r.active), waiting: state(r.waiting),
         installing: state(r.installing), progress: await progress };
"""
CACHES = """
const out = {};
for (const name of await caches.keys()) out[name] = (await (await caches.open(name)).keys()).length;
return out;
"""


def boot(site: Site, path: str = "") -> dict[str, Any]:
    site.engine.open(site.url + path)
    try:
        wait(
            site.engine,
            "document.documentElement.dataset.rulesReady !== undefined && "
            "document.documentElement.dataset.rulesReady !== 'false'",
        )
    except EngineError as error:  # say where the start stopped, not only that it timed out
        raise EngineError(f"{error}; the page: {site.engine.run(WHERE)}") from error
    start: dict[str, Any] = site.engine.run(START)
    return start


def assert_restored(start: dict[str, Any]) -> None:
    assert start["state"] == "true", start["status"]
    assert "pyodide-restored" in start["marks"], f"not restored from the snapshot: {start}"
    assert "pyodide-started" not in start["marks"], start


def board(site: Site, name: str, *args: Any) -> Any:
    return site.engine.run(BOARD, name, list(args))


def pile(state: dict[str, Any], where: str) -> dict[str, int]:
    if where in ("available", "future"):
        return dict(state[where])
    action = next(a for a in state["planned_actions"] if a["id"] == where)
    return dict(action["assigned"])


def redrawn(site: Site, before: int) -> None:
    wait(site.engine, f"Number(document.documentElement.dataset.boardRev) > {before} && {SETTLED}")


def rev(site: Site) -> int:
    return int(site.engine.run("return document.documentElement.dataset.boardRev || '0';"))


# ------------------------------------------------------------------------------ tests


def test_python_is_restored_from_the_snapshot(site: Site) -> None:
    start = boot(site)
    assert_restored(start)
    print(f"{site.engine.name}: rules ready at {start['at']} ms")


def test_the_board_is_drawn_with_its_stylesheet(site: Site) -> None:
    # The first paint waits for index.html's own <style> alone (allowed by its hash in the
    # CSP); board.css is loaded for print and applied to the screen by the board before it
    # draws (static/board/main.js): in every engine the table is shown styled, and the
    # toolbar with it, on the wood that inline style lays (its image resolved from the page).
    assert_restored(boot(site))
    wait(site.engine, "document.documentElement.dataset.board === 'live'")
    shown = site.engine.run(
        "const bar = document.querySelector('[data-testid=verdict-bar]');"
        "const toolbar = document.querySelector('.toolbar');"
        "return [document.getElementById('board-style').media,"
        " getComputedStyle(bar).display, getComputedStyle(toolbar).display,"
        " document.querySelector('[data-testid=region-camp]').getBoundingClientRect().height > 0,"
        " getComputedStyle(document.body).backgroundImage.includes('/static/board/wood.png')];"
    )
    assert shown == ["all", "flex", "flex", True, True], shown


def test_rules_like_cpython(site: Site) -> None:
    got = site.engine.run(RULE_ALL, [request for _, request in SCENARIOS])
    assert len(got) == len(SCENARIOS)
    for (name, request), answer in zip(SCENARIOS, got, strict=True):
        expected = cpython_envelope(request)
        if not expected["ok"]:
            assert answer.pop("structured") is True, name
        assert answer == expected, name


def test_a_drag_by_finger_and_a_tap_to_place(site: Site) -> None:
    from tests.e2e.board_harness import DEMO

    wait(site.engine, "document.documentElement.dataset.board === 'live' && " + SETTLED)
    board(site, "command", {"cmd": "new", "state": DEMO})
    wait(site.engine, SETTLED)

    before = rev(site)
    site.engine.run(TOUCH_DRAG, "[data-testid=res-build-1-wood]", "[data-testid=pile-future] h3")
    redrawn(site, before)
    state = board(site, "state")
    assert pile(state, "build-1")["wood"] == 1 and pile(state, "future")["wood"] == 2

    site.engine.click("[data-testid=res-available-food]")
    wait(
        site.engine,
        "document.querySelector('[data-testid=res-available-food]')"
        ".getAttribute('aria-pressed') === 'true'",
    )
    before = rev(site)
    # The planned Action's "Put here" lies over its name row (it says the name): the tap goes there.
    site.engine.click("[data-testid=put-action-gather-1]")
    redrawn(site, before)
    state = board(site, "state")
    assert pile(state, "available")["food"] == 1 and pile(state, "gather-1")["food"] == 1


def test_the_faq_rules_every_example_live(site: Site) -> None:
    site.engine.open(site.url + "faq.html")
    wait(site.engine, "document.documentElement.dataset.faqReady === 'true'")
    shown = site.engine.run(
        """return [...document.querySelectorAll("[data-testid=faq-entry]")].map((e) => ({
             id: e.id, state: e.dataset.state,
             clauses: [...e.querySelectorAll("[data-testid=steps] li")]
               .map((li) => li.dataset.clause),
           }));"""
    )
    assert [e["id"] for e in shown] == [e.id for e in ENTRIES]
    for entry, seen in zip(ENTRIES, shown, strict=True):
        expected = cpython_envelope(entry.example.model_dump(mode="json"))["ruling"]
        assert seen["state"] == "ruled", entry.id
        assert seen["clauses"] == [s["clause"] for s in expected["steps"]], entry.id


def test_the_widget_shows_a_share_link(site: Site) -> None:
    site.engine.open(f"{site.url}widget.html#r={encode(Request.model_validate(TIED_UP))}")
    wait(site.engine, "document.documentElement.dataset.rulingShown === 'true'")
    shown = site.engine.run("return document.getElementById('ruling-json').textContent;")
    expected = cpython_envelope(TIED_UP.model_dump(mode="json"))["ruling"]
    assert json.loads(shown) == expected


def test_the_widget_shows_a_faq_question(site: Site) -> None:
    """widget.html#q=<id>, as a forum embeds it: the one-line answer, then the example ruled
    as CPython rules it."""
    entry = next(e for e in ENTRIES if e.id == "not-spent")
    site.engine.open(f"{site.url}widget.html#q=not-spent")
    wait(site.engine, "document.documentElement.dataset.questionShown === 'true'")
    answer = site.engine.run(
        "return document.querySelector('[data-testid=faq-answer]').textContent;"
    )
    assert answer == entry.answer
    shown = site.engine.run("return document.getElementById('ruling-json').textContent;")
    assert json.loads(shown) == cpython_envelope(entry.example.model_dump(mode="json"))["ruling"]


def test_the_widget_s_faq_finds_a_question_typed_with_a_typo(site: Site) -> None:
    site.engine.open(f"{site.url}widget.html#faq")
    wait(site.engine, "document.documentElement.dataset.faqShown === 'true'")
    site.engine.run(
        """const input = document.querySelector("[data-testid=faq-search]");
           input.value = "dicsovery tokn";
           input.dispatchEvent(new Event("input", { bubbles: true }));"""
    )
    searched = "document.getElementById('widget-view').dataset.searched === 'dicsovery tokn'"
    wait(site.engine, searched)
    found = site.engine.run(
        """return [...document.querySelectorAll("[data-testid=faq-questions] [data-question]")]
             .map((e) => e.dataset.question);"""
    )
    assert found[0] == "not-spent"


def test_starts_again_offline_from_the_snapshot(site: Site) -> None:
    """Once the service worker holds this build, the server is stopped: the reloaded page
    restores Python from the cached snapshot and rules."""
    site.engine.open(site.url)
    try:
        wait(site.engine, f"['true', 'failed'].includes({OFFLINE_READY})")
        failed = site.engine.run(f"return {OFFLINE_READY};") != "true"
    except EngineError as error:
        failed, problem = True, error
    else:
        problem = EngineError("the offline install failed")
    if failed:  # say where it stopped: the start's stage, the service worker, the server
        where = (
            f"the page: {site.engine.run(WHERE)}; {site.engine.run(SW)}; "
            f"unanswered: {site.unanswered()}; caches: {site.engine.run(CACHES)}"
        )
        raise EngineError(f"{problem}; {where}") from problem
    site.server.terminate()
    site.server.wait(timeout=10)
    site.engine.reload()
    wait(site.engine, READY)
    assert_restored(site.engine.run(START))
    name, request = SCENARIOS[0]
    assert site.engine.run(RULE_ALL, [request]) == [cpython_envelope(request)], name


def assert_started(site: Site, way: str, not_way: str, scenario: int) -> None:
    """The page's start ended on `way` (the loader's mark of how Python started), not on
    `not_way`, and the rules it started rule as CPython's, with nothing logged."""
    start = boot(site)
    assert start["state"] == "true", start["status"]
    assert way in start["marks"], start
    assert not_way not in start["marks"], start
    name, request = SCENARIOS[scenario]
    assert site.engine.run(RULE_ALL, [request]) == [cpython_envelope(request)], name
    assert site.engine.errors() == []


@pytest.mark.parametrize("kind", ENGINES)
def test_without_its_snapshot_python_is_restored_from_the_core_snapshot(kind: str) -> None:
    """snapshot.bin missing (or refused): the core snapshot, Pyodide just started, is the
    second chance in every engine, before a start from scratch."""
    with fresh(kind, "--hide", "snapshot.bin") as opened:
        assert_started(opened, "pyodide-restored-core", "pyodide-started", 2)


@pytest.mark.parametrize("kind", ENGINES)
def test_a_start_whose_snapshot_never_comes_takes_the_core_snapshot(kind: str) -> None:
    """snapshot.bin is asked for and never answered (tools/serve.py --stall): the page does not
    wait for ever. Past the full snapshot's deadline (static/app.js) it ends that worker and
    restores the core snapshot in a new one, in every engine (static/referee/start.js)."""
    with fresh(kind, "--stall", "snapshot.bin") as opened:
        assert_started(opened, "pyodide-restored-core", "pyodide-restored", 3)


@pytest.mark.parametrize("kind", ENGINES)
def test_a_warm_start_whose_snapshot_never_comes_takes_the_core_snapshot(kind: str) -> None:
    """The build is held by the service worker, but its snapshot.bin is gone from the cache and
    the server, asked for it, never answers: past the full snapshot's deadline the page starts
    a worker on the core snapshot's own loader (pyodide-snapshot-core.mjs), which asks for no
    snapshot.bin. (Named by a fragment of one loader's URL, the way was lost in WebKit, which
    gives a module its service worker answered the URL it was cached under: the new worker
    asked for snapshot.bin again, and so did the one from scratch.)"""
    with fresh(kind) as opened:
        assert_restored(boot(opened))
        wait(opened.engine, f"{OFFLINE_READY} === 'true'")
        gone = opened.engine.run(
            """
            let left = 0;
            for (const name of await caches.keys()) {
              const cache = await caches.open(name);
              for (const request of await cache.keys()) {
                if (request.url.endsWith("/snapshot.bin")) await cache.delete(request);
              }
              const keys = await cache.keys();
              left += keys.filter((r) => r.url.endsWith("/snapshot.bin")).length;
            }
            return left;
            """
        )
        assert gone == 0
        opened.server.terminate()
        opened.server.wait(timeout=10)
        port = urlsplit(opened.url).port
        with served("--port", str(port), "--stall", "snapshot.bin"):
            assert_started(opened, "pyodide-restored-core", "pyodide-restored", 4)


def test_webkit_s_own_user_agent_restores_too() -> None:
    """WebKitGTK's own user agent (not an iPad's): Pyodide then uses its WebAssembly call
    trampoline, which takes a table slot an iPad does not; the snapshot restores either way."""
    with fresh("webkit") as opened:
        assert_restored(boot(opened))
        name, request = SCENARIOS[1]
        assert opened.engine.run(RULE_ALL, [request]) == [cpython_envelope(request)], name
        assert opened.engine.errors() == []
