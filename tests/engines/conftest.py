"""The cross-engine smoke suite: the site, served as in production (tools/serve.py with
netlify.toml's headers and CSP), in Firefox and in WebKit with an iPad's user agent.

One browser per engine for the whole module, on a server of its own, so that the last
test can stop the server and reload offline. Every test then checks that the page logged
no error."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from tools.engines import FIREFOX, MINIBROWSER, WEBKIT_DRIVER, Engine, launch
from tools.local import served

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
    """The engine, the site's URL and the server serving it (stopped by the offline test),
    with the server's request log (tools/serve.py --log)."""

    engine: Engine
    url: str
    server: subprocess.Popen[str]
    log: Path

    def unanswered(self) -> list[str]:
        """The requests the server was asked for and has not answered (nor seen dropped)."""
        held: dict[str, str] = {}
        for line in self.log.read_text(encoding="utf-8").splitlines():
            _, outcome, asked = line.split(maxsplit=2)
            if outcome == "asked":
                held[asked] = line.strip()
            else:
                held.pop(asked, None)
        return list(held.values())


@contextmanager
def fresh(kind: str, *serve: str, size: tuple[int, int] = (1280, 800)) -> Iterator[Site]:
    """A browser of `kind` with a fresh profile, on a server of its own (tools/serve.py
    with `serve`'s options), for the length of a `with` block."""
    if not (ROOT / "static" / "vendor" / "vendor.json").is_file():
        pytest.fail("static/vendor/ is missing: run `make vendor`")
    if lacking := missing(kind):
        pytest.fail(f"{kind}: not installed: {', '.join(lacking)} (run `make browsers`)")
    with tempfile.TemporaryDirectory(prefix="engines-log-") as logs:
        log = Path(logs) / "requests.log"
        log.touch()
        with served("--log", str(log), *serve) as (server, url):
            engine = launch(kind, *size)
            try:
                yield Site(engine, url, server, log)
            finally:
                engine.close()


@pytest.fixture(scope="module", params=ENGINES)
def site(request: pytest.FixtureRequest) -> Iterator[Site]:
    with fresh(request.param, size=(1280, 1200)) as opened:
        yield opened


@pytest.fixture(autouse=True)
def _no_errors(request: pytest.FixtureRequest) -> Iterator[None]:
    """After every test: the page logged no error and threw nothing uncaught."""
    yield
    if "site" in request.fixturenames:
        site: Site = request.getfixturevalue("site")
        assert site.engine.errors() == []
