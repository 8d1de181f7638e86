"""Who imports whom in pyapp, read from the source with `ast` (nothing is imported).

Every `import` and `from ... import` counts, wherever it stands: at the top, under
`if TYPE_CHECKING:`, or inside a function. An import of `pyapp.rules.demands` is an edge
to that module only, not to the package `pyapp.rules` that Python runs first (that edge
would put every package in a circle with its own modules)."""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping, Set
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "pyapp"


def module_name(path: Path) -> str:
    """`pyapp/rules/work.py` -> "pyapp.rules.work"; a package's `__init__.py` -> its name."""
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    """Every module of pyapp, by its dotted name."""
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def imported_names(path: Path, known: Set[str]) -> set[str]:
    """The absolute names a module's imports refer to: `from . import demands` in pyapp.rules
    is "pyapp.rules.demands" (a module of `known`), `from .rules import rule` is "pyapp.rules",
    `import js` is "js"."""
    here = module_name(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            found |= set(_from_names(node, package, known))
    return found


def _from_names(node: ast.ImportFrom, package: str, known: Set[str]) -> Iterator[str]:
    """`from base import a, b`: "base.a" where that is a module of `known`, else "base"."""
    if node.level:
        kept = package.split(".")[: len(package.split(".")) - node.level + 1]
        base = ".".join([*kept, *([node.module] if node.module else [])])
    else:
        base = node.module or ""
    for alias in node.names:
        yield f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base


def import_graph() -> dict[str, set[str]]:
    """Each module of pyapp and the modules of pyapp it imports (itself left out)."""
    found = modules()
    return {name: (imported_names(path, found.keys()) & found.keys()) - {name}
            for name, path in found.items()}


def import_cycles(graph: Mapping[str, Set[str]]) -> list[tuple[str, ...]]:
    """The circles a depth-first walk of `graph` closes, each from a module back to itself
    (`("a", "b", "a")`): none exactly when the graph has no cycle."""
    cycles: list[tuple[str, ...]] = []
    path: list[str] = []
    done: set[str] = set()

    def visit(node: str) -> None:
        path.append(node)
        for target in sorted(graph.get(node, ())):
            if target in path:
                cycles.append((*path[path.index(target):], target))
            elif target not in done:
                visit(target)
        path.pop()
        done.add(node)

    for node in sorted(graph):
        if node not in done:
            visit(node)
    return cycles
