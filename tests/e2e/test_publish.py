"""Production and the dev server publish the same files with the same header rules
(no browser needed)."""

from __future__ import annotations

import importlib.util
import sys
import tomllib
from pathlib import Path
from types import ModuleType

import pytest

from .harness import ROOT


def load_tool(name: str) -> ModuleType:
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        spec = importlib.util.spec_from_file_location(
            f"tools_{name}", ROOT / "tools" / f"{name}.py"
        )
        assert spec and spec.loader
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(ROOT / "tools"))


publish = load_tool("publish")
serve = load_tool("serve")


def test_dist_holds_exactly_what_the_dev_server_serves(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    publish.build_dist(dist)
    in_dist = {p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file()}
    served = {
        p.relative_to(ROOT).as_posix()
        for entry in publish.PUBLISH
        for p in ([ROOT / entry] if (ROOT / entry).is_file() else (ROOT / entry).rglob("*"))
        if p.is_file() and publish.is_published(p.relative_to(ROOT).as_posix())
    }
    assert in_dist == served
    assert "index.html" in in_dist
    assert any(f.endswith("/pyodide.asm.wasm") for f in in_dist)
    assert not any(f.startswith(("pyapp/", "tests/", "tools/", ".")) for f in in_dist)


def test_netlify_publishes_dist_built_by_vendor() -> None:
    build = tomllib.loads((ROOT / "netlify.toml").read_text())["build"]
    assert build["publish"] == "dist"
    assert "tools/vendor.py --dist dist" in build["command"]


@pytest.mark.parametrize(
    ("pattern", "path", "matches"),
    [
        ("/*", "/", True),
        ("/*", "/static/app.js", True),
        ("/static/vendor/*", "/static/vendor/wheels/x.whl", True),
        ("/static/vendor/*", "/static/app.js", False),
        ("/static/vendor/:dir/pyodide-lock.json", "/static/vendor/p/pyodide-lock.json", True),
        ("/static/vendor/:dir/pyodide-lock.json", "/static/vendor/a/b/pyodide-lock.json", False),
        ("/index.html", "/INDEX.html", True),
    ],
)
def test_header_paths_match_like_netlify(pattern: str, path: str, matches: bool) -> None:
    assert bool(serve.for_regexp(pattern).match(path)) is matches


def test_later_header_blocks_override_earlier_ones() -> None:
    rules = serve.load_header_rules(ROOT / "netlify.toml")
    lock = next((ROOT / "static/vendor").glob("pyodide-*/pyodide-lock.json"))
    path = "/" + lock.relative_to(ROOT).as_posix()
    headers = {k.lower(): v for k, v in serve.headers_for(path, rules).items()}
    assert headers["cache-control"] == "no-cache"
    assert "content-security-policy" in headers
