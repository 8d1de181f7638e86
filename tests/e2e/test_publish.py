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
vendor = load_tool("vendor")


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


# ------------------------------------------------------- the first paint's inline style


def pages_copy(tmp_path: Path) -> Path:
    """The published pages and netlify.toml, copied where a test may edit them."""
    for page in [p for p in publish.PUBLISH if p.endswith(".html")] + ["netlify.toml"]:
        (tmp_path / page).write_text((ROOT / page).read_text())
    return tmp_path


def test_the_first_paint_style_is_allowed_by_its_hash() -> None:
    html = (ROOT / "index.html").read_text()
    assert 'href="./static/board/shell.css"' not in html  # no request before the first paint
    [style] = vendor.InlineCode(html).styles
    csp = serve.headers_for("/", serve.load_header_rules(ROOT / "netlify.toml"))
    assert vendor.csp_hash(style) in csp["Content-Security-Policy"]
    assert "'unsafe-inline'" not in csp["Content-Security-Policy"]
    assert vendor.check_inline_code() == []


def test_an_edited_inline_style_names_the_hash_to_allow(tmp_path: Path) -> None:
    root = pages_copy(tmp_path)
    html = (root / "index.html").read_text()
    [old] = vendor.InlineCode(html).styles
    edited = old.replace(":root {", ":root {\n  accent-color: teal;", 1)
    (root / "index.html").write_text(html.replace(old, edited, 1))
    [problem] = vendor.check_inline_code(root)
    assert problem.startswith("index.html: its inline <style> changed")
    hashes = f"{vendor.csp_hash(edited)} in style-src in place of {vendor.csp_hash(old)}"
    assert f"put {hashes}" in problem


def test_an_inline_script_is_refused(tmp_path: Path) -> None:
    root = pages_copy(tmp_path)
    faq = (root / "faq.html").read_text()
    (root / "faq.html").write_text(faq.replace("</body>", "<script>alert(1)</script></body>", 1))
    assert vendor.check_inline_code(root) == [
        "faq.html has an inline script (<script>): scripts come from files"
    ]
