"""Offline on a tablet: after one visit the app starts and rules with the server gone."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser

from tools.local import served

from .harness import rule_envelope
from .test_browser import SCENARIOS, cpython_envelope

READY = 'html[data-rules-ready]:not([data-rules-ready="false"])'


@pytest.fixture
def own_server() -> Iterator[tuple[subprocess.Popen[str], str]]:
    """A server of our own, so that this test can stop it."""
    with served() as running:
        yield running


def test_installable(browser: Browser, own_server: tuple[subprocess.Popen[str], str]) -> None:
    """A manifest with a start URL, standalone display and 192/512 px icons that load."""
    _, url = own_server
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(url)
        href = page.get_attribute('link[rel="manifest"]', "href")
        assert href
        manifest = page.evaluate("async (h) => (await fetch(h)).json()", href)
        assert manifest["display"] == "standalone" and manifest["name"]
        assert {"192x192", "512x512"} <= {icon["sizes"] for icon in manifest["icons"]}
        base = url + "static/"
        for icon in manifest["icons"]:
            response = page.request.get(base + icon["src"])
            assert response.status == 200 and response.headers["content-type"] == icon["type"]
    finally:
        context.close()


def test_loads_and_rules_offline(
    browser: Browser, own_server: tuple[subprocess.Popen[str], str]
) -> None:
    """Load once, wait for the service worker to hold this build, then go offline and
    stop the server: the reloaded page still gets its rules ready and rules."""
    server, url = own_server
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector('html[data-rules-ready="true"]', state="attached", timeout=120_000)
        page.wait_for_selector('html[data-offline-ready="true"]', state="attached", timeout=120_000)

        server.terminate()
        server.wait(timeout=10)
        context.set_offline(True)
        page.reload()
        page.wait_for_selector(READY, state="attached", timeout=120_000)
        status = page.text_content("#rules-status-text")
        assert page.get_attribute("html", "data-rules-ready") == "true", status

        name, request = SCENARIOS[0]
        assert rule_envelope(page, request) == cpython_envelope(request), name

        # The site's files came from this build's cache through the service worker's static
        # routes (the browser answers them without running its fetch handler).
        sources = page.evaluate(
            """() => performance.getEntriesByType('resource')
                 .filter((e) => new URL(e.name).pathname.startsWith('/static/'))
                 .map((e) => [e.name, e.workerMatchedSourceType])"""
        )
        assert sources, "no static files were loaded"
        assert all(source == "cache" for _, source in sources), sources

        # The rules FAQ (which the board's rule codes open), the widget on a share link, on a
        # FAQ question and on the whole FAQ work offline too: the board's modules they import
        # are in the build's cache.
        link = page.evaluate("(r) => window.referee.links.encode(r)", request)
        for path, done in [
            ("faq.html", READY),
            (f"widget.html#r={link}", 'html[data-ruling-shown="true"]'),
            ("widget.html#q=not-spent", 'html[data-question-shown="true"]'),
            ("widget.html#faq", 'html[data-faq-shown="true"]'),
        ]:
            other = context.new_page()
            failed: list[str] = []
            other.on("pageerror", lambda error, into=failed: into.append(str(error)))
            other.on("requestfailed", lambda r, into=failed: into.append(r.url))
            other.goto(url + path)
            other.wait_for_selector(done, state="attached", timeout=120_000)
            assert other.get_attribute("html", "data-rules-ready") == "true", path
            assert failed == [], (path, failed)
            other.close()
    finally:
        context.close()
