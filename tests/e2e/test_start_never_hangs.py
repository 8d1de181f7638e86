"""A start that never hangs: whatever a file or the network does, the page says what it waits
for and goes on. Python's start from its full snapshot that never finishes is given up for
the core snapshot; a first visit that lost the network loads the rules by itself once the
network is back, without a reload; a widget framed in a sandbox without an origin of its
own says plainly why its rules cannot run (static/referee/start.js)."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator
from urllib.parse import quote

import pytest
from playwright.sync_api import Browser, BrowserContext, Route

from pyapp.api import rule_json
from tests.scenarios import scenario_requests

from .conftest import open_watched
from .harness import App

WAIT_MS = 180_000
READY = "() => document.documentElement.dataset.rulesReady === 'true'"
# Every value <html data-rules-awaiting> took, in order, from the first byte on.
AWAITING_SCRIPT = """
window.__awaited = [];
new MutationObserver(() => {
  const now = document.documentElement.dataset.rulesAwaiting;
  if (now && window.__awaited.at(-1) !== now) window.__awaited.push(now);
  const said = document.getElementById("rules-status-text");
  window.__said = window.__said || [];
  const text = said && said.textContent;
  if (text && window.__said.at(-1) !== text) window.__said.push(text);
}).observe(document, { subtree: true, childList: true, characterData: true, attributes: true,
  attributeFilter: ["data-rules-awaiting"] });
"""
MARKS = """() => Object.keys(performance.getEntriesByName("rules-ready")[0].detail.timings)"""
STATUS = "() => document.getElementById('rules-status-text').textContent"


def app_js_with(swap: tuple[str, str]) -> Callable[[Route], None]:
    """static/app.js with the text swap[0] (which must be there) replaced by swap[1]."""

    def handler(route: Route) -> None:
        response = route.fetch()
        text = response.text()
        assert swap[0] in text, f"{swap[0]!r} is not in static/app.js"
        headers = {
            k: v
            for k, v in response.headers.items()
            if k.lower() not in ("content-encoding", "content-length")
        }
        route.fulfill(status=response.status, headers=headers, body=text.replace(*swap))

    return handler


def cpython_ruling(request: object) -> object:
    return json.loads(rule_json(json.dumps(request)))["ruling"]


@pytest.fixture(scope="module")
def opened(browser: Browser, site_url: str) -> Iterator[Callable[..., App]]:
    pages: list[App] = []

    def open_(url: str, setup: Callable[[BrowserContext], None]) -> App:
        def both(context: BrowserContext) -> None:
            context.add_init_script(AWAITING_SCRIPT)
            setup(context)

        pages.append(open_watched(browser, [site_url], url, both))
        return pages[-1]

    yield open_
    for page in pages:
        page.page.context.close()


def test_a_start_from_the_snapshot_that_never_finishes_takes_the_core_snapshot(
    opened: Callable[..., App], site_url: str
) -> None:
    """The full snapshot is asked for and never comes (the request hangs). Past its deadline
    (shortened here to 4 s) the page ends that worker and restores the core snapshot in a new
    one: the rules are ready, and the page said what it was waiting for at each stage."""
    hung: list[Route] = []

    def setup(context: BrowserContext) -> None:
        context.route("**/snapshot.bin", lambda route: hung.append(route))  # never answered
        context.route(
            "**/static/app.js",
            app_js_with(("const SNAPSHOT_START_MS = 60_000;", "const SNAPSHOT_START_MS = 4_000;")),
        )

    booted = opened(site_url, setup)
    page = booted.page
    page.wait_for_function(READY, timeout=WAIT_MS)
    assert hung, "the snapshot was never asked for"
    marks = page.evaluate(MARKS)
    assert "pyodide-restored-core" in marks and "pyodide-restored" not in marks, marks
    assert page.evaluate("window.__awaited") == ["files", "snapshot", "core"]
    # The slow step said in a player's words: no "Python", no "saved state".
    assert ("Still getting the rules ready (step 2 of 3: starting them). You can set up the "
            "table meanwhile.") in page.evaluate("window.__said")
    assert not any("Python" in said for said in page.evaluate("window.__said"))
    name, request = scenario_requests()[0]
    ruled = page.evaluate("(r) => window.referee.rule(r)", request)
    assert ruled == cpython_ruling(request), name
    assert booted.problems() == []


def test_a_first_visit_that_lost_the_network_loads_the_rules_once_it_is_back(
    opened: Callable[..., App], site_url: str
) -> None:
    """A first visit (no service worker yet) loses the network as the rules start: PyScript's
    and Pyodide's files fail to load ("Failed to fetch dynamically imported module…"). The page
    says the connection was lost; once the files can be had again, it loads the rules by
    itself, in the same page (no reload), and rules."""
    down = threading.Event()
    down.set()
    refused: list[str] = []

    def drop_while_down(route: Route) -> None:
        if down.is_set():
            refused.append(route.request.url)
            route.abort("internetdisconnected")
        else:
            route.fallback()

    def setup(context: BrowserContext) -> None:
        context.route("**/static/vendor/pyscript-*/**", drop_while_down)
        context.route("**/static/vendor/pyodide-*/**", drop_while_down)

    booted = opened(site_url, setup)
    page = booted.page
    page.wait_for_function(
        "() => document.documentElement.dataset.rulesAwaiting === 'network'", timeout=WAIT_MS
    )
    assert refused
    assert page.evaluate(STATUS) == (
        "The rules could not be loaded: the connection was lost. "
        "They will load by themselves once it is back."
    )
    assert page.get_attribute("#rules-status", "data-state") == "error"
    assert page.get_attribute("html", "data-rules-ready") != "error"
    page.evaluate("window.__samePage = true")
    down.clear()
    page.wait_for_function(READY, timeout=WAIT_MS)
    assert page.evaluate("window.__samePage") is True  # not reloaded
    assert page.evaluate(STATUS) == "Rules ready."
    name, request = scenario_requests()[1]
    ruled = page.evaluate("(r) => window.referee.rule(r)", request)
    assert ruled == cpython_ruling(request), name
    # The failed loads were logged by the browser while the network was down; nothing else.
    assert [p for p in booted.problems() if "ERR_INTERNET_DISCONNECTED" not in p] == []


def test_a_widget_framed_in_a_sandbox_without_an_origin_says_why_it_cannot_rule(
    opened: Callable[..., App], site_url: str
) -> None:
    """A host page frames the widget with sandbox="allow-scripts" (no allow-same-origin): the
    widget runs at an opaque origin, with no storage and no worker of PyScript's kind. It
    does not stay at "Loading the rules…": it says why the rules cannot run there."""
    host = f"{site_url}sandbox-host.html"
    widget = quote(f"{site_url}widget.html", safe=":/")

    def setup(context: BrowserContext) -> None:
        context.route(
            host,
            lambda route: route.fulfill(
                content_type="text/html",
                body=f'<!doctype html><iframe sandbox="allow-scripts" src="{widget}"></iframe>',
            ),
        )

    booted = opened(host, setup)
    frame = booted.page.frames[1]
    frame.wait_for_function(
        "() => document.documentElement.dataset.rulesReady === 'error'", timeout=WAIT_MS
    )
    assert frame.evaluate("origin") == "null"
    assert frame.evaluate(STATUS) == (
        "The rules could not be loaded: this page is framed in a sandbox that gives it no "
        "origin of its own, where the browser does not let the rules run. Open the referee "
        "in a tab of its own."
    )
    assert booted.problems() == []


PHONE = {"width": 390, "height": 844}
HEADER = """() => {
  const box = (s) => document.querySelector(s).getBoundingClientRect();
  const words = box("#rules-status-text"), header = box(".site-header");
  const dot = getComputedStyle(document.querySelector("#rules-status .dot"));
  return { header: header.height, headerTop: header.top, board: box("#board").top,
           top: words.top, bottom: words.bottom, left: words.left, right: words.right,
           tick: dot.transform !== "none" };
}"""


@pytest.mark.parametrize(
    ("lang", "width", "said"),
    [
        ("en", 390, "Still getting the rules ready (step 2 of 3: starting them). You can set up "
         "the table meanwhile."),
        ("de", 360, "Die Regeln werden noch vorbereitet"),
        ("de", 820, "Die Regeln werden noch vorbereitet"),  # an iPad upright
        ("en", 1180, "Still getting the rules ready"),  # an iPad on its side
    ],
)
def test_what_a_slow_start_waits_for_is_read_without_moving_the_table(
    opened: Callable[..., App], site_url: str, lang: str, width: int, said: str
) -> None:
    """The snapshot held back, on a phone and on a tablet: the status line says what the start
    waits for, whole, in a place of its own in the header (on a phone, the title's). The table
    never moves: not when the sentence comes, nor when it goes at ready (as an item of the
    header's wrapping row, it added a row and took it away again, moving the board under the
    player's finger; WebKit keeps no scroll anchor). Once the rules are ready, a tick, not only
    a colour, says so; on a phone, the header is one line."""
    held: list[Route] = []

    def setup(context: BrowserContext) -> None:
        context.route("**/snapshot.bin", lambda route: held.append(route))

    booted = opened(f"{site_url}/?lang={lang}", setup)
    page = booted.page
    page.set_viewport_size({"width": width, "height": PHONE["height"]})
    page.wait_for_selector("#board .region")
    first = page.evaluate(HEADER)
    if width < 700:
        assert first["header"] <= 0.08 * PHONE["height"], first
    page.wait_for_function(
        "() => document.getElementById('rules-status').dataset.words === 'sentence'",
        timeout=WAIT_MS,
    )
    assert page.evaluate(STATUS).startswith(said)
    slow = page.evaluate(HEADER)
    assert (slow["header"], slow["board"]) == (first["header"], first["board"]), (first, slow)
    assert slow["left"] >= 0 and slow["right"] <= width, slow
    assert slow["top"] >= slow["headerTop"] and slow["bottom"] <= slow["header"], slow
    whole = "(e) => e.scrollHeight <= e.clientHeight + 1 && e.scrollWidth <= e.clientWidth + 1"
    assert page.eval_on_selector("#rules-status-text", whole), "the sentence is cut"
    assert not slow["tick"]
    assert held, "the snapshot was never asked for"
    for route in held:
        route.continue_()
    page.wait_for_function(READY, timeout=WAIT_MS)
    ready = page.evaluate(HEADER)
    assert (ready["header"], ready["board"]) == (first["header"], first["board"]), (first, ready)
    assert ready["tick"], ready
    if lang == "en":
        assert page.evaluate(STATUS) == "Rules ready."  # said to screen readers
    assert booted.problems() == []
