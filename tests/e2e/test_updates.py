"""Updates are atomic: a page runs one build; "Update available → Reload" lands on the build
it offered, also in a tab that was the site's first visit, and twice in a row; a deploy that
landed half-way (files changed, the build list not regenerated) never installs, keeps the
working build, and the visitor is told.

Each test deploys builds into a published copy of the site (tools/publish.py) served by
tools/serve.py --root: a build marks index.html and static/app.js with its name and gets its
own build list (static/vendor/build.js, tools/vendor.py); a half deploy changes a file and
leaves the list as it was.
"""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page

from tools.local import served

from .conftest import WATCH_SCRIPT
from .harness import rule_envelope
from .test_browser import SCENARIOS, cpython_envelope
from .test_publish import load_tool

publish = load_tool("publish")
vendor = load_tool("vendor")

READY = 'html[data-rules-ready]:not([data-rules-ready="false"])'
WAIT_MS = 120_000
MARK = re.compile(r'\n?<meta name="castaway-test-build" content="[^"]*">')
JS_MARK = re.compile(r"\n// castaway-test-build: .*\n")


def mark(site: Path, name: str) -> None:
    """Change the pages' and app.js's bytes as a new build would: both say `name`."""
    index = site / "index.html"
    html = MARK.sub("", index.read_text())
    index.write_text(
        html.replace("<head>", f'<head>\n<meta name="castaway-test-build" content="{name}">', 1)
    )
    app = site / "static" / "app.js"
    app.write_text(JS_MARK.sub("", app.read_text()) + f"\n// castaway-test-build: {name}\n")


def write_build_list(site: Path) -> str:
    """Regenerate the build list (static/vendor/build.js) for what `site` holds now; return
    the build's cache name."""
    (site / "static" / "vendor" / "build.js").write_bytes(
        vendor.build_js(vendor.precache_list(site))
    )
    return cache_name(site)


def cache_name(site: Path) -> str:
    text = (site / "static" / "vendor" / "build.js").read_text()
    found = re.search(r'id: "([0-9a-f]+)"', text)
    assert found, "no build id in build.js"
    return f"castaway-referee-{found.group(1)}"


def deploy(site: Path, name: str) -> str:
    """A whole deploy of build `name`; returns its cache name."""
    mark(site, name)
    return write_build_list(site)


@pytest.fixture
def site(tmp_path: Path) -> Path:
    """A published copy of the site, as build "A"."""
    root = tmp_path / "site"
    publish.build_dist(root)
    deploy(root, "A")
    return root


@pytest.fixture
def server(site: Path) -> Iterator[tuple[subprocess.Popen[str], str]]:
    with served("--root", str(site)) as running:
        yield running


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    """A fresh profile (the site's first visit), watched for console errors."""
    opened = browser.new_context()
    opened.add_init_script(WATCH_SCRIPT)
    errors: list[str] = []

    def on_console(msg: ConsoleMessage) -> None:
        if msg.type == "error":
            errors.append(f"{msg.text} @ {msg.location.get('url')}")

    opened.on("console", on_console)
    opened.errors = errors  # type: ignore[attr-defined]
    yield opened
    opened.close()


def build_of(page: Page) -> dict[str, str]:
    """Which build the page runs: its document's mark, and app.js's as the page fetches it
    now (through the service worker, from the cache of the build that controls it)."""
    found: dict[str, str] = page.evaluate(
        """async () => {
          const meta = document.querySelector('meta[name="castaway-test-build"]');
          const app = await (await fetch("static/app.js")).text();
          const js = /castaway-test-build: (\\S+)/.exec(app);
          return { page: meta ? meta.content : "", appJs: js ? js[1] : "" };
        }"""
    )
    return found


def caches_held(page: Page) -> list[str]:
    names: list[str] = page.evaluate("caches.keys()")
    return sorted(names)


def check_update(page: Page) -> None:
    """What a browser does by itself on navigations and about once a day."""
    page.evaluate(
        """async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          await registration.update().catch(() => {});
        }"""
    )


def wait_ready(page: Page) -> None:
    page.wait_for_selector(READY, state="attached", timeout=WAIT_MS)
    assert page.get_attribute("html", "data-rules-ready") == "true"


def reload_from_offer(page: Page) -> None:
    page.wait_for_selector("[data-testid=update-available] button", timeout=WAIT_MS)
    with page.expect_navigation(timeout=WAIT_MS):
        page.click("[data-testid=update-available] button")
    wait_ready(page)


def rules_work(page: Page) -> None:
    name, request = SCENARIOS[0]
    assert rule_envelope(page, request) == cpython_envelope(request), name


def page_problems(page: Page, context: BrowserContext) -> list[str]:
    watched = page.evaluate("window.__e2e")
    return [*context.errors, *watched["csp"], *watched["rejections"]]  # type: ignore[attr-defined]


def test_reload_lands_on_the_offered_build_from_a_first_visit_tab_twice(
    site: Path, server: tuple[subprocess.Popen[str], str], context: BrowserContext
) -> None:
    """The site's first visit (build A, no service worker yet); B is deployed: "Reload"
    lands on B, every file of B; then C: "Reload" lands on C. Each time one build's cache
    only, and the rules work."""
    _, url = server
    page = context.new_page()
    page.goto(url)
    wait_ready(page)
    page.wait_for_selector('html[data-offline-ready="true"]', state="attached", timeout=WAIT_MS)
    assert build_of(page) == {"page": "A", "appJs": "A"}

    for name in ("B", "C"):
        cache = deploy(site, name)
        check_update(page)
        reload_from_offer(page)
        assert build_of(page) == {"page": name, "appJs": name}, name
        page.wait_for_function(
            "(name) => caches.keys().then((k) => k.length === 1 && k[0] === name)", arg=cache
        )
        statics = page.evaluate(
            """() => performance.getEntriesByType('resource')
                 .filter((e) => new URL(e.name).pathname.startsWith('/static/'))
                 .map((e) => e.workerMatchedSourceType)"""
        )
        assert statics and set(statics) == {"cache"}, statics  # all from that build's cache
        rules_work(page)
    assert page_problems(page, context) == []


def test_a_half_deploy_is_not_installed_and_a_new_visitor_is_told(
    site: Path, server: tuple[subprocess.Popen[str], str], context: BrowserContext
) -> None:
    """Files changed, build list not regenerated: a new visitor's page works online, is told
    that offline use is not available, and no half-filled cache is left; once the deploy is
    finished, their next visit installs it."""
    _, url = server
    mark(site, "half")  # the build list still says A's files
    page = context.new_page()
    page.goto(url)
    wait_ready(page)
    page.wait_for_selector('html[data-offline-ready="failed"]', state="attached", timeout=WAIT_MS)
    said = page.text_content("[data-testid=offline-problem]") or ""
    assert "could not be saved on this device for offline use" in said
    assert "works while you are online" in said
    assert caches_held(page) == []
    rules_work(page)

    assert page.evaluate("navigator.serviceWorker.getRegistration()") is None  # nothing kept

    cache = write_build_list(site)  # the deploy finishes
    page.reload()
    wait_ready(page)
    page.wait_for_selector('html[data-offline-ready="true"]', state="attached", timeout=WAIT_MS)
    assert page.locator("[data-testid=offline-problem]").count() == 0
    assert caches_held(page) == [cache]
    assert page_problems(page, context) == []


def test_a_half_deployed_update_keeps_the_working_build_offline(
    site: Path, server: tuple[subprocess.Popen[str], str], context: BrowserContext
) -> None:
    """A visitor with build A offline; B's deploy lands half-way (its list, then a file
    changed again): B does not install, the visitor is told they keep their version, A's
    cache stays whole, and with the server gone the page still starts on A and rules."""
    proc, url = server
    page = context.new_page()
    page.goto(url)
    wait_ready(page)
    page.wait_for_selector('html[data-offline-ready="true"]', state="attached", timeout=WAIT_MS)
    kept = caches_held(page)

    deploy(site, "B")
    mark(site, "B-changed-again")
    check_update(page)
    page.wait_for_selector('html[data-offline-update="failed"]', state="attached", timeout=WAIT_MS)
    said = page.text_content("[data-testid=offline-problem]") or ""
    assert "could not be saved" in said and "You keep the version you have" in said
    assert page.get_attribute("html", "data-offline-ready") == "true"
    assert page.locator("[data-testid=update-available]").count() == 0
    assert caches_held(page) == kept

    proc.terminate()
    proc.wait(timeout=10)
    context.set_offline(True)
    page.reload()
    wait_ready(page)
    assert build_of(page) == {"page": "A", "appJs": "A"}
    rules_work(page)
    assert page_problems(page, context) == []
