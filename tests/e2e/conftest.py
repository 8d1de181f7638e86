"""End-to-end fixtures: the real site served by tools/serve.py, in Debian's Chromium.

Pyodide boots once per session (the `app` fixture); every test then checks, on the
way out, that nothing left the origin, nothing violated the CSP and nothing was
logged as an error (the `_page_stays_clean` fixture).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, Request, Route

from tools.local import CHROMIUM, CHROMIUM_ARGS, served

from .harness import ROOT, App

BOOT_TIMEOUT_MS = 120_000

# Records CSP violations and unhandled promise rejections from the first byte on.
WATCH_SCRIPT = """
window.__e2e = { csp: [], rejections: [] };
document.addEventListener("securitypolicyviolation", (e) => {
  window.__e2e.csp.push({
    directive: e.violatedDirective, blocked: e.blockedURI,
    source: e.sourceFile, line: e.lineNumber, column: e.columnNumber,
  });
});
window.addEventListener("unhandledrejection", (e) => {
  window.__e2e.rejections.push(String((e.reason && e.reason.stack) || e.reason));
});
"""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if Path(str(item.fspath)).is_relative_to(here):
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} not found: apt-get install -y chromium (or set CHROMIUM)")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    """tools/serve.py on a free port, serving the site with netlify.toml's headers."""
    if not (ROOT / "static" / "vendor" / "vendor.json").is_file():
        pytest.fail("static/vendor/ is missing: run `make vendor`")
    with served() as (_, url):
        yield url


@pytest.fixture(scope="session")
def app(browser: Browser, site_url: str) -> Iterator[App]:
    context = browser.new_context()
    origin = site_url.rstrip("/")
    off_origin: list[str] = []
    requested: list[str] = []

    def guard(route: Route, request: Request) -> None:
        requested.append(request.url)
        if request.url == origin or request.url.startswith(origin + "/"):
            route.continue_()
        else:
            off_origin.append(request.url)
            route.abort("blockedbyclient")

    context.route("**/*", guard)
    context.add_init_script(WATCH_SCRIPT)
    page = context.new_page()
    console_errors: list[str] = []

    def on_console(msg: ConsoleMessage) -> None:
        if msg.type == "error":
            console_errors.append(f"{msg.text} @ {msg.location.get('url')}")

    page.on("console", on_console)
    page.on("pageerror", lambda exc: console_errors.append(f"pageerror: {exc}"))

    document = page.goto(site_url)
    assert document is not None
    page.wait_for_selector(
        'html[data-rules-ready]:not([data-rules-ready="false"])',
        state="attached",
        timeout=BOOT_TIMEOUT_MS,
    )
    state = page.evaluate("document.documentElement.dataset.rulesReady")
    status = page.text_content("#rules-status-text")
    assert state == "true", f"rules did not load: {status!r}; console errors: {console_errors}"
    booted = App(page, site_url, document, off_origin, console_errors, requested)
    yield booted
    context.close()


@pytest.fixture(autouse=True)
def _page_stays_clean(request: pytest.FixtureRequest) -> Iterator[None]:
    """After every test that used the page: no off-origin request, no CSP violation,
    no console error, no unhandled rejection."""
    yield
    if "app" not in request.fixturenames:
        return
    booted: App = request.getfixturevalue("app")
    watched = booted.watched()
    assert booted.off_origin == [], f"requests left the origin: {booted.off_origin}"
    assert watched["csp"] == [], f"CSP violations: {watched['csp']}"
    assert booted.console_errors == [], f"console errors: {booted.console_errors}"
    assert watched["rejections"] == [], f"unhandled rejections: {watched['rejections']}"


def open_watched(
    browser: Browser,
    origins: Sequence[str],
    url: str,
    setup: Callable[[BrowserContext], None] | None = None,
) -> App:
    """Open `url` in a fresh context (a private window), guarded and watched like `app`:
    requests to anything but `origins` are refused and recorded; console errors, page
    errors, CSP violations and unhandled rejections are recorded. `setup(context)` adds
    routes (run before the guard) and init scripts before the page opens. The caller closes
    `app.page.context`."""
    allowed = [o.rstrip("/") for o in origins]
    off_origin: list[str] = []
    console_errors: list[str] = []

    def guard(route: Route, request: Request) -> None:
        if any(request.url == o or request.url.startswith(o + "/") for o in allowed):
            route.continue_()
        else:
            off_origin.append(request.url)
            route.abort("blockedbyclient")

    def on_console(msg: ConsoleMessage) -> None:
        if msg.type == "error":
            console_errors.append(f"{msg.text} @ {msg.location.get('url')}")

    context = browser.new_context()
    context.route("**/*", guard)
    context.add_init_script(WATCH_SCRIPT)
    if setup is not None:
        setup(context)
    page = context.new_page()
    page.on("console", on_console)
    page.on("pageerror", lambda exc: console_errors.append(f"pageerror: {exc}"))
    try:
        document = page.goto(url)
        assert document is not None
    except BaseException:
        context.close()
        raise
    return App(page, url, document, off_origin, console_errors)


@pytest.fixture(scope="module")
def open_page(browser: Browser, site_url: str) -> Iterator[Callable[..., App]]:
    """Open another page in its own context, guarded and watched like `app`. `also_allow`
    names more origins it may request (the second local server that hosts the widget in the
    cross-origin tests); everything else off the site is still refused. Tests check their
    pages with `App.problems()`; at the end of the module every page must be clean."""
    opened: list[App] = []

    def open_(url: str, also_allow: Sequence[str] = ()) -> App:
        opened.append(open_watched(browser, [site_url, *also_allow], url))
        return opened[-1]

    yield open_
    try:
        for booted in opened:
            assert booted.problems() == [], booted.url
    finally:
        for booted in opened:
            booted.page.context.close()


# The three sizes the board is made for: a 10-inch tablet held either way, and a desktop.
TABLE_SIZES = {
    "tablet-landscape": (1280, 800),
    "tablet-portrait": (800, 1280),
    "desktop": (1440, 900),
}


@pytest.fixture(params=list(TABLE_SIZES), ids=list(TABLE_SIZES))
def fresh(request: pytest.FixtureRequest, browser: Browser, site_url: str) -> Iterator[App]:
    """A first visit (nothing saved) at one of the three sizes, with touch."""
    from .board_harness import check_clean, open_board  # it imports this module's constants

    booted, _ = open_board(browser, site_url, viewport=TABLE_SIZES[request.param])
    yield booted
    check_clean(booted)
    booted.page.context.close()


@pytest.fixture(scope="module")
def board_app(request: pytest.FixtureRequest, browser: Browser, site_url: str) -> Iterator[App]:
    """The board in a touch-capable page of its own, one per test module, at the module's
    `VIEWPORT` (a tablet's, say) if it names one."""
    from .board_harness import open_board  # it imports this module's constants

    size = getattr(request.module, "VIEWPORT", None)
    booted, _ = open_board(browser, site_url, **({"viewport": size} if size else {}))
    yield booted
    booted.page.context.close()


@pytest.fixture()
def board_page(board_app: App) -> Iterator[Page]:
    """The board page on the demo table, nothing held, no demand, no message; clean after
    the test."""
    from .board_harness import DEMO, check_clean, clear_demand, set_table

    page = board_app.page
    page.keyboard.press("Escape")
    if page.locator("[data-testid=rule-dialog]").is_visible():
        page.click("[data-testid=rule-close]")
    set_table(page, copy.deepcopy(DEMO))
    clear_demand(page)
    page.evaluate("document.getElementById('board-message').replaceChildren()")
    yield page
    check_clean(board_app)
