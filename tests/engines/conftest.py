"""The cross-engine smoke suite: the site, served as in production (tools/serve.py with
netlify.toml's headers and CSP), in Firefox and in WebKit with an iPad's user agent.

One browser per engine for the whole module, on a server of its own, so that the last
test can stop the server and reload offline. Every test then checks that the page logged
no error."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tools.engines import FIREFOX, MINIBROWSER, WEBKIT_DRIVER, Engine, launch
from tools.local import start_server

ROOT = Path(__file__).resolve().parents[2]
ENGINES = ["firefox", "webkit-ipad"]
NEEDS = {
    "firefox": [FIREFOX, "node"],
    "webkit-ipad": [WEBKIT_DRIVER, MINIBROWSER, "Xvfb"],
    "webkit": [WEBKIT_DRIVER, MINIBROWSER, "Xvfb"],
}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if Path(str(item.fspath)).is_relative_to(here):
            item.add_marker(pytest.mark.engines)


def missing(kind: str) -> list[str]:
    return [p for p in NEEDS[kind] if not (Path(p).exists() or shutil.which(p))]


@dataclass
class Site:
    """The engine, the site's URL and the server serving it (stopped by the offline test)."""

    engine: Engine
    url: str
    server: subprocess.Popen[str]


@pytest.fixture(scope="module", params=ENGINES)
def site(request: pytest.FixtureRequest) -> Iterator[Site]:
    kind: str = request.param
    if not (ROOT / "static" / "vendor" / "vendor.json").is_file():
        pytest.fail("static/vendor/ is missing: run `make vendor`")
    if lacking := missing(kind):
        pytest.fail(f"{kind}: not installed: {', '.join(lacking)} (run `make browsers`)")
    server, url = start_server()
    try:
        engine = launch(kind, 1280, 1200)
        try:
            yield Site(engine, url, server)
        finally:
            engine.close()
    finally:
        server.terminate()
        server.wait(timeout=10)


@pytest.fixture(autouse=True)
def _no_errors(request: pytest.FixtureRequest) -> Iterator[None]:
    """After every test: the page logged no error and threw nothing uncaught."""
    yield
    if "site" in request.fixturenames:
        site: Site = request.getfixturevalue("site")
        assert site.engine.errors() == []
