"""The rules core in the browser: boots offline, under the production CSP, and rules
exactly as CPython does."""

from __future__ import annotations

import json
import tomllib
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Browser, Route

from tests.scenarios import scenario_requests

from .harness import ROOT, App

SCENARIOS = scenario_requests()  # the core's scenario table: the parity set


def cpython_envelope(request: Any) -> dict[str, Any]:
    from pyapp.api import rule_json

    text = request if isinstance(request, str) else json.dumps(request)
    result: dict[str, Any] = json.loads(rule_json(text))
    return result


def netlify_headers_for_root() -> dict[str, str]:
    config = tomllib.loads((ROOT / "netlify.toml").read_text())
    block = next(b for b in config["headers"] if b["for"] == "/*")
    return {k.lower(): " ".join(str(v).split()) for k, v in block["values"].items()}


# ------------------------------------------------------------------------- boot


def test_page_boots_and_says_so(app: App) -> None:
    page = app.page
    assert page.get_attribute("html", "data-rules-ready") == "true"
    assert page.text_content("#rules-status-text") == "Rules ready."
    assert page.evaluate("typeof window.referee.rule") == "function"
    assert page.evaluate("window.referee.ready") is True
    marks = page.evaluate("performance.getEntriesByName('rules-ready').length")
    assert marks == 1


def test_python_starts_from_the_build_time_snapshot(app: App) -> None:
    """The worker's start-up stages, as the rules-ready mark reports them: the snapshot
    arrived, then Python was restored from it (a snapshot that cannot be used falls back
    to the core snapshot, then to starting Python from scratch: marked
    pyodide-restored-core and pyodide-started instead), the wheels' files
    were written, static/main.py ran and the core was imported, in that order."""
    timings = app.page.evaluate("performance.getEntriesByName('rules-ready')[0].detail.timings")
    stages = ["worker", "pyodide-snapshot", "pyodide-restored", "packages-loaded",
              "python-main", "imported"]  # fmt: skip
    assert all(stage in timings for stage in stages), timings
    assert "pyodide-started" not in timings and "pyodide-restored-core" not in timings, timings
    times = [timings[stage] for stage in stages]
    assert times == sorted(times), timings


def test_python_runs_the_shipped_versions(app: App) -> None:
    """Pyodide imported our wheels, not something else: pydantic as pinned, pyapp from
    the app wheel named in static/vendor/vendor.json."""
    manifest = json.loads((ROOT / "static" / "vendor" / "vendor.json").read_text())
    lock_url = f"./static/vendor/pyodide-{manifest['versions']['pyodide']}/pyodide-lock.json"
    versions = app.page.evaluate(
        "async (url) => (await (await fetch(url)).json()).packages", lock_url
    )
    assert set(versions) == {
        "pydantic",
        "pydantic-core",
        "typing-extensions",
        "annotated-types",
        "typing-inspection",
        "castaway-referee",
    }
    assert versions["castaway-referee"]["file_name"].endswith(manifest["app_wheel"])
    import pydantic

    assert versions["pydantic"]["version"] == pydantic.VERSION


# -------------------------------------------------------------- headers and CSP


def test_csp_header_is_netlify_toml_s(app: App) -> None:
    headers = app.document.all_headers()
    expected = netlify_headers_for_root()
    csp = headers.get("content-security-policy")
    assert csp, "no Content-Security-Policy header"
    assert csp == expected["content-security-policy"]
    assert "frame-ancestors 'none'" in csp
    assert "'unsafe-inline'" not in csp and "'unsafe-eval'" not in csp
    assert headers.get("x-content-type-options") == "nosniff"
    assert headers.get("referrer-policy") == expected["referrer-policy"]


def test_nothing_violates_the_csp(app: App) -> None:
    assert app.watched()["csp"] == []


def test_no_request_leaves_the_origin(app: App) -> None:
    assert app.off_origin == []
    urls = app.requested
    assert urls, "no requests recorded"
    assert all(u.startswith(app.url) for u in urls), urls
    # The runtime really came from the site (fetched by the rules worker): wasm, stdlib,
    # the snapshot of Python with the wheels imported, pydantic-core's library and the
    # wheels' files.
    for name in (
        "pyodide.asm.wasm",
        "python_stdlib.zip",
        "snapshot.bin",
        "site-packages.tar",
        "pydantic_core._pydantic_core.cpython-314-wasm32-emscripten.wasm",
    ):
        assert any(u.endswith(f"/{name}") for u in urls), name


def test_python_runs_in_pyscript_s_worker_not_on_the_page(app: App) -> None:
    """PyScript loads the runtime, from its worker: the page itself (its Resource Timing)
    fetched PyScript but none of Pyodide, which the route guard saw the worker fetch,
    through the snapshot-restoring loader named in static/app.js's PyScript config."""
    page_urls = app.page.evaluate("performance.getEntriesByType('resource').map((e) => e.name)")
    runtime = (
        "pyodide-snapshot.mjs",
        "pyodide.mjs",
        "snapshot.bin",
        "pyodide.asm.wasm",
        "pyodide-restore.mjs",
        "site-packages.tar",
    )
    assert any("/static/vendor/pyscript-" in u and u.endswith("/core.js") for u in page_urls)
    assert not any(u.endswith(runtime) for u in page_urls), page_urls
    assert not any("/static/vendor/wheels/" in u for u in page_urls), page_urls
    for name in runtime:
        assert any(u.endswith(f"/{name}") for u in app.requested), name
    assert app.page.evaluate("typeof globalThis.loadPyodide") == "undefined"


def test_csp_allows_blob_workers_and_nothing_more(app: App) -> None:
    """PyScript's worker starts from a blob: URL: the one addition to 'self' (netlify.toml)."""
    csp = app.document.all_headers()["content-security-policy"]
    directives = {d.split()[0]: d.split()[1:] for d in csp.split(";") if d.strip()}
    assert directives["worker-src"] == ["'self'", "blob:"]
    assert directives["script-src"] == ["'self'", "'wasm-unsafe-eval'"]
    assert all("blob:" not in v for k, v in directives.items() if k != "worker-src")


def test_no_console_errors(app: App) -> None:
    assert app.console_errors == []


@pytest.mark.parametrize(
    ("path", "content_type", "cache"),
    [
        ("pyodide-{pyodide}/pyodide.asm.wasm", "application/wasm", "immutable"),
        ("pyodide-{pyodide}/pyodide.mjs", "text/javascript", "immutable"),
        ("pyodide-{pyodide}/pyodide.asm.mjs", "text/javascript", "immutable"),
        ("pyodide-{pyodide}/pyodide-lock.json", "application/json", "no-cache"),
        ("pyodide-{pyodide}/pyodide-restore.mjs", "text/javascript", "no-cache"),
        ("pyodide-{pyodide}/snapshot.bin", "application/octet-stream", "no-cache"),
        ("pyodide-{pyodide}/site-packages.tar", "application/octet-stream", "no-cache"),
        (
            "pyodide-{pyodide}/pydantic_core._pydantic_core.cpython-314-wasm32-emscripten.wasm",
            "application/wasm",
            "no-cache",
        ),
        ("wheels/{app_wheel}", "application/zip", "immutable"),
    ],
)
def test_vendor_files_are_typed_and_cached(
    app: App, path: str, content_type: str, cache: str
) -> None:
    manifest = json.loads((ROOT / "static" / "vendor" / "vendor.json").read_text())
    v = manifest["versions"]
    url = (
        app.url
        + "static/vendor/"
        + path.format(
            pyodide=v["pyodide"], pyscript=v["@pyscript/core"], app_wheel=manifest["app_wheel"]
        )
    )
    response = app.page.request.head(url)
    assert response.status == 200, url
    assert response.headers["content-type"].startswith(content_type)
    assert cache in response.headers["cache-control"]
    assert response.headers["x-content-type-options"] == "nosniff"


@pytest.mark.parametrize(
    ("path", "compressed"),
    [("pyodide-{pyodide}/pyodide.asm.wasm", True), ("pyodide-{pyodide}/snapshot.bin", True),
     ("pyodide-{pyodide}/site-packages.tar", True),
     ("pyodide-{pyodide}/python_stdlib.zip", False), ("wheels/{app_wheel}", False)],
)  # fmt: skip
def test_the_server_gzips_what_gains_from_it(site_url: str, path: str, compressed: bool) -> None:
    """Like Netlify: gzip when the client accepts it, never for zip files."""
    import gzip
    import urllib.request

    manifest = json.loads((ROOT / "static" / "vendor" / "vendor.json").read_text())
    url = (
        site_url
        + "static/vendor/"
        + path.format(pyodide=manifest["versions"]["pyodide"], app_wheel=manifest["app_wheel"])
    )
    request = urllib.request.Request(url, headers={"Accept-Encoding": "br, gzip;q=0.8"})
    with urllib.request.urlopen(request) as response:
        body = response.read()
        encoding = response.headers.get("Content-Encoding")
    local = (ROOT / urllib.parse.urlsplit(url).path.lstrip("/")).read_bytes()
    assert (encoding == "gzip") is compressed
    assert (gzip.decompress(body) if compressed else body) == local
    with urllib.request.urlopen(url) as response:  # no Accept-Encoding: the file as it is
        assert response.headers.get("Content-Encoding") is None


@pytest.mark.parametrize(
    "path", [".git/HEAD", "Makefile", "pyapp/api.py", "tests/e2e/conftest.py", "netlify.toml",
             "node_modules/pyodide/package.json", "static/vendor/.stamp", "static/"],
)  # fmt: skip
def test_only_the_site_is_served(app: App, path: str) -> None:
    assert app.page.request.get(app.url + path).status == 404


# --------------------------------------------------------------------- rulings


@pytest.mark.parametrize(("name", "request_"), SCENARIOS, ids=[n for n, _ in SCENARIOS])
def test_browser_rules_like_cpython(app: App, name: str, request_: Any) -> None:
    expected = cpython_envelope(request_)
    got = app.rule(request_)
    if not expected["ok"]:
        assert got.pop("structured") is True
    assert got == expected, name


def test_malformed_json_rejects_with_a_structured_error(app: App) -> None:
    got = app.rule("{this is not json")
    assert got["ok"] is False and got["structured"] is True
    error = got["error"]
    assert error == cpython_envelope("{this is not json")["error"]
    assert isinstance(error["type"], str) and error["type"]
    assert error["message"]
    assert error["details"] and all({"loc", "msg"} <= set(d) for d in error["details"])


def test_invalid_request_rejects_with_validation_details(app: App) -> None:
    request = {"no such field": True}
    got = app.rule(request)
    assert got["ok"] is False and got["structured"] is True
    assert got["error"] == cpython_envelope(request)["error"]
    assert got["error"]["details"]


def test_unserialisable_request_rejects_in_js(app: App) -> None:
    got = app.page.evaluate(
        """async () => {
          const cyclic = {}; cyclic.self = cyclic;
          try { await window.referee.rule(cyclic); return null; }
          catch (e) { return { name: e.name, type: e.type, details: e.details,
                               structured: e instanceof window.referee.RefereeError }; }
        }"""
    )
    assert got == {
        "name": "RefereeError",
        "type": "bad_request",
        "details": [{"loc": "", "msg": got["details"][0]["msg"]}],
        "structured": True,
    }


def test_rejections_are_handled_not_unhandled(app: App) -> None:
    """A rejected ruling is an ordinary, catchable rejection: firing several without
    awaiting them all still leaves no unhandled rejection behind."""
    app.page.evaluate(
        """async () => {
          const { rule, RefereeError } = window.referee;
          const bad = ["{", "[]", "null", "42"].map((t) => rule(t).catch((e) => e));
          const errors = await Promise.all(bad);
          if (!errors.every((e) => e instanceof RefereeError)) throw new Error("unstructured");
        }"""
    )
    assert app.watched()["rejections"] == []


@pytest.mark.parametrize(
    ("missing", "marks"),
    [
        # No snapshot: Python is restored from the core snapshot (Pyodide just started),
        # then the wheels' files are written and the compiled library loaded.
        (("snapshot.bin",), {"pyodide-snapshot": False, "pyodide-restored": False,
                             "pyodide-restored-core": True, "pyodide-started": False,
                             "packages-loaded": True}),
        # pydantic-core's library cannot be placed where the snapshot expects it: the
        # snapshot arrives but is refused; from the core snapshot, Pyodide installs the wheels.
        (("pydantic_core._pydantic_core*.wasm",), {"pyodide-snapshot": True,
                                                   "pyodide-restored": False,
                                                   "pyodide-restored-core": True,
                                                   "pyodide-started": False}),
        # Neither snapshot: Python starts from scratch and installs the wheels.
        (("snapshot.bin", "snapshot-core.bin"), {"pyodide-restored": False,
                                                 "pyodide-restored-core": False,
                                                 "pyodide-started": True,
                                                 "packages-loaded": True}),
        # The wheels' files as one tar: after the restore, Pyodide installs the wheels.
        (("site-packages.tar",), {"pyodide-restored": True, "pyodide-started": False,
                                  "packages-loaded": True}),
    ],
)  # fmt: skip
def test_without_a_part_of_the_snapshot_python_still_starts(
    browser: Browser, site_url: str, missing: tuple[str, ...], marks: dict[str, bool]
) -> None:
    """The snapshots are an optimisation: whichever of their files is missing, the rules
    come up (more slowly) and rule as usual."""
    context = browser.new_context()
    try:
        for name in missing:
            context.route(f"**/pyodide-*/{name}", lambda route: route.fulfill(status=404))
        page = context.new_page()
        page.goto(site_url)
        page.wait_for_selector('html[data-rules-ready="true"]', state="attached", timeout=90_000)
        timings = page.evaluate("performance.getEntriesByName('rules-ready')[0].detail.timings")
        assert {mark: mark in timings for mark in marks} == marks, timings
        example = json.loads((ROOT / "docs/examples/partial-payment.request.json").read_text())
        ruling = page.evaluate("(request) => window.referee.rule(request)", example)
        assert ruling == cpython_envelope(example)["ruling"]
    finally:
        context.close()


def serving(body: bytes) -> Callable[[Route], None]:
    return lambda route: route.fulfill(status=200, body=body)


def shipped(name: str) -> bytes:
    """A file of the build's Pyodide directory, as shipped."""
    manifest = json.loads((ROOT / "static" / "vendor" / "vendor.json").read_text())
    return (
        ROOT / "static" / "vendor" / f"pyodide-{manifest['versions']['pyodide']}" / name
    ).read_bytes()


def with_other_id(name: str) -> bytes:
    """A snapshot file of this build with another build's id."""
    other = bytearray(shipped(name))
    other[16:32] = b"0123456789abcdef"  # the id, after "CRSP" and three u32s
    return bytes(other)


def cut_short(name: str) -> bytes:
    """A snapshot file of this build that stops half-way, as a download cut off would."""
    whole = shipped(name)
    return whole[: len(whole) // 2]


def started_with(
    browser: Browser, site_url: str, files: dict[str, bytes]
) -> tuple[dict[str, float], list[str]]:
    """A first visit whose Pyodide files named in `files` are answered with those bytes: the
    start's marks once the rules are ready, and the warnings it gave on the way."""
    context = browser.new_context()
    try:
        for name, body in files.items():
            context.route(f"**/pyodide-*/{name}", serving(body))
        page = context.new_page()
        warnings: list[str] = []
        page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
        page.goto(site_url)
        page.wait_for_selector('html[data-rules-ready="true"]', state="attached", timeout=90_000)
        timings = page.evaluate("performance.getEntriesByName('rules-ready')[0].detail.timings")
        return timings, warnings
    finally:
        context.close()


@pytest.mark.parametrize(
    ("others", "start"),
    [(("snapshot.bin",), "pyodide-restored-core"),
     (("snapshot.bin", "snapshot-core.bin"), "pyodide-started")],
)  # fmt: skip
def test_a_snapshot_from_another_build_is_not_restored(
    browser: Browser, site_url: str, others: tuple[str, ...], start: str
) -> None:
    """Each snapshot file carries its build's id, and the loader restores only its own
    build's (a page loaded across a deploy): another id, and the next way in is taken,
    saying why."""
    timings, warnings = started_with(
        browser, site_url, {name: with_other_id(name) for name in others}
    )
    assert start in timings and "pyodide-restored" not in timings, timings
    for name in others:
        assert any(f"{name} is build 0123456789abcdef" in w for w in warnings), warnings


def test_a_snapshot_cut_short_is_not_restored(browser: Browser, site_url: str) -> None:
    """Half of snapshot.bin: refused before a byte of Python's memory is written, saying
    why, and Python is restored from the core snapshot instead."""
    timings, warnings = started_with(browser, site_url, {"snapshot.bin": cut_short("snapshot.bin")})
    assert "pyodide-restored-core" in timings and "pyodide-restored" not in timings, timings
    assert any("snapshot.bin is truncated or malformed" in w for w in warnings), warnings


def test_a_broken_runtime_says_so_instead_of_loading_forever(
    browser: Browser, site_url: str
) -> None:
    """If the runtime cannot load (here: pydantic-core is missing, both its library
    beside the snapshot, so that the snapshot cannot be used, and its wheel, so that
    Python started from scratch cannot install it), the page leaves the loading state
    and rulings reject with rules_unavailable."""
    context = browser.new_context()
    try:
        for pattern in ("**/pydantic_core-*.whl", "**/pydantic_core._pydantic_core*.wasm"):
            context.route(pattern, lambda route: route.fulfill(status=404))
        page = context.new_page()
        page.goto(site_url)
        page.wait_for_selector('html[data-rules-ready="error"]', state="attached", timeout=60_000)
        assert "could not be loaded" in (page.text_content("#rules-status-text") or "")
        got = page.evaluate(
            "() => window.referee.rule({}).then(() => null, (e) => [e.name, e.type])"
        )
        assert got == ["RefereeError", "rules_unavailable"]
        assert page.evaluate("window.referee.ready") is False
    finally:
        context.close()


@pytest.mark.parametrize("path", ["index.html", "widget.html", "faq.html"])
def test_nothing_animates_in_a_starts_first_two_seconds(
    browser: Browser, site_url: str, path: str
) -> None:
    """While the rules load, the status dot pulses only once the start has taken 2 s: every
    frame of an animation is composited beside the start's own work (in WebKit here, the
    pulse from the first frame took most of a warm start's CPU). The start is held (its
    runtime never answers) so that the page stays in its loading state."""
    context = browser.new_context()
    try:
        context.route("**/pyodide-*/**", lambda route: None)  # never answered
        page = context.new_page()
        page.goto(f"{site_url}/{path}")
        page.wait_for_selector('#rules-status[data-state="loading"]')
        timings = page.evaluate(
            """() => document.getAnimations().map((a) => {
              const { delay, iterations } = a.effect.getTiming();
              return [a.animationName, delay, iterations === Infinity];
            })"""
        )
        assert timings, "no animation says the rules are loading"
        assert all(delay >= 2000 for _, delay, endless in timings if endless), timings
    finally:
        context.close()
