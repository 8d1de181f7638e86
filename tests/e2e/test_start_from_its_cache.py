"""A warm start reads Python's files (Pyodide's WebAssembly, the snapshot, the libraries, the
standard library, the wheels' files) straight from this build's cache, not through a fetch
the service worker answers; a cache of another build, newer or older, is never read from
(tools/pyodide-snapshot.mjs, `ownCache`: the cache whose loader carries this build's
snapshot id)."""

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
# Another build's files at this build's paths, as a deploy waiting to take over holds them:
# its loaders name another snapshot (their id is not this build's), and its other files are
# bytes that are no WebAssembly, no zip, no tar, no JSON and no snapshot this loader reads.
LOADERS = ("pyodide-snapshot.mjs", "pyodide-snapshot-core.mjs", "pyodide-scratch.mjs")
ANOTHER_BUILD = r"""async ([names, loaders]) => {
  const cache = await caches.open("castaway-referee-0123456789abcdef");
  const base = new URL("static/vendor/", location.href);
  const held = await caches.open((await caches.keys())[0]);
  for (const request of await held.keys()) {
    if (loaders.some((name) => request.url.endsWith("/" + name))) {
      const text = await (await held.match(request)).text();
      const other = text.replace(/\{"id":"[^"]+"/, '{"id":"0123456789abcdef"');
      if (other === text) throw new Error(`no snapshot id in ${request.url}`);
      const headers = { "Content-Type": "text/javascript" };
      await cache.put(request.url, new Response(other, { headers }));
    } else if (names.some((name) => request.url.endsWith(name))) {
      await cache.put(request.url, new Response(new Uint8Array(64 * 1024).fill(0x2a)));
    }
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
    planted = warm.evaluate(ANOTHER_BUILD, [list(PYTHONS_FILES), list(LOADERS)])
    assert any(path.endswith("snapshot.bin") for path in planted), planted
    assert any(path.endswith("pyodide.asm.wasm") for path in planted), planted
    assert any(path.endswith("pyodide-snapshot.mjs") for path in planted), planted
    start_again(warm)
    assert fetched_by_python(warm) == []
