"""The rules core imports only the standard library and pydantic: no browser modules, and
none of the shells around it (the API, the service, the session, the bridge, links)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

from tests.core.import_graph import imported_names, modules

CORE = Path(__file__).resolve().parents[2] / "pyapp"
BROWSER_ONLY = {"bridge.py"}  # the thin browser glue is the one place allowed to use `js`
BROWSER = {"js", "pyscript", "pyodide", "pyodide_js"}
SHELLS = {"pyapp.api", "pyapp.service", "pyapp.session", "pyapp.bridge", "pyapp.links"}


def imported_roots(path: Path) -> set[str]:
    roots = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            roots |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


def test_core_imports_only_stdlib_and_pydantic() -> None:
    allowed = set(sys.stdlib_module_names) | {"pydantic", "pyapp"}
    for path in CORE.rglob("*.py"):
        if path.name in BROWSER_ONLY:
            continue
        roots = imported_roots(path)
        assert not roots & BROWSER, path
        assert roots <= allowed, (path, roots - allowed)


def test_the_rules_never_import_the_shells() -> None:
    """pyapp/rules imports nothing of pyapp outside pyapp.rules (so none of SHELLS) and no
    browser module, relative imports and imports inside functions included."""
    found = modules()
    for name, path in found.items():
        if not in_rules(name):
            continue
        imported = imported_names(path, found.keys())
        outside = {m for m in imported if m.split(".")[0] == "pyapp" and not in_rules(m)}
        assert not outside, f"{name} imports {sorted(outside)}"
        assert not {m.split(".")[0] for m in imported} & BROWSER, name
    assert found.keys() >= SHELLS  # the shells named above are real modules


def in_rules(module: str) -> bool:
    return module == "pyapp.rules" or module.startswith("pyapp.rules.")
