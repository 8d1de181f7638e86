"""A warm start reads Python's files (Pyodide's WebAssembly, the snapshot, the libraries, the
standard library, the wheels' files) straight from this build's cache, not through a fetch
the service worker answers; a cache of another build, newer or older, is never read from
(tools/pyodide-snapshot.mjs, `ownCache`)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from tools.local import served

from .harness import rule_envelope
from .test_browser import SCENARIOS, cpython_envelope

WAIT_MS = 120_000
MARKS = """() => Object.keys(performance.getEntriesByName("rules-ready")[0].detail.timings)"""
# The files the loader reads, by the end of their names.
PYTHONS_FILES = (
    "pyodide.asm.wasm",
    "snapshot.bin",
    "emscripten.wasm",  # pydantic-core's library
    "python_stdlib.zip",
    "site-packages.tar",
    "pyodide-lock.json",
)
# Another build's files at this build's paths: a snapshot whose id is not this loader's,
# and bytes that are no WebAssembly, no zip, no tar and no JSON.
ANOTHER_BUILD = """async ([names]) => {
  const cache = await caches.open("castaway-referee-0123456789abcdef");
  const base = new URL("static/vendor/", location.href);
  const held = await caches.open((await caches.keys())[0]);
  for (const request of await held.keys()) {
    if (!names.some((name) => request.url.endsWith(name))) continue;
    const bytes = new Uint8Array(64 * 1024).fill(0x2a);
    if (request.url.endsWith("snapshot.bin")) {
      new Uint32Array(bytes.buffer, 0, 4).set([0x50535243, 2, 1 << 24, 0]);
      bytes.set(new TextEncoder().encode("another-build-id"), 16);
    }
    await cache.put(request.url, new Response(bytes));
  }
  return (await cache.keys()).map((request) => request.url.slice(base.href.length));
}"""


@pytest.fixture
def warm(browser: Browser) -> Iterator[Page]:
    """The site visited once, its build held by the service worker: the next load is warm."""
    with served() as (_, url):
        context = browser.new_context()
        try:
            page = context.new_page()
            page.goto(url)
            page.wait_for_selector(
                'html[data-offline-ready="true"]', state="attached", timeout=WAIT_MS
            )
            yield page
        finally:
            context.close()


def start_again(page: Page) -> None:
    page.reload()
    page.wait_for_selector(
        'html[data-rules-ready]:not([data-rules-ready="false"])', state="attached",
        timeout=WAIT_MS,
    )  # fmt: skip
    assert page.get_attribute("html", "data-rules-ready") == "true"
    assert "pyodide-restored" in page.evaluate(MARKS), "Python did not start from its snapshot"
    name, request = SCENARIOS[0]
    assert rule_envelope(page, request) == cpython_envelope(request), name


def fetched_by_python(page: Page) -> list[str]:
    """The files of PYTHONS_FILES that Python's worker fetched (its Resource Timing)."""
    assert page.workers, "no worker runs Python"
    fetched: list[str] = []
    for worker in page.workers:
        fetched += worker.evaluate(
            """(names) => performance.getEntriesByType("resource").map((e) => e.name)
                 .filter((url) => names.some((name) => url.endsWith(name)))""",
            list(PYTHONS_FILES),
        )
    return fetched


def test_a_warm_start_reads_pythons_files_from_its_own_cache(warm: Page) -> None:
    start_again(warm)
    assert fetched_by_python(warm) == []


def test_another_builds_cache_is_never_read_from(warm: Page) -> None:
    """A cache made after this build's (as a deploy waiting to take over makes one) that
    holds other bytes at the same paths: the start passes it over, restores its own snapshot
    and rules as CPython does."""
    planted = warm.evaluate(ANOTHER_BUILD, [list(PYTHONS_FILES)])
    assert any(path.endswith("snapshot.bin") for path in planted), planted
    assert any(path.endswith("pyodide.asm.wasm") for path in planted), planted
    start_again(warm)
    assert fetched_by_python(warm) == []
