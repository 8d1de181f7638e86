"""The rules core imports only the standard library and pydantic: no browser modules."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

CORE = Path(__file__).resolve().parents[2] / "pyapp"
BROWSER_ONLY = {"bridge.py"}  # the thin browser glue is the one place allowed to use `js`


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
        assert not roots & {"js", "pyscript", "pyodide"}, path
        assert roots <= allowed, (path, roots - allowed)
