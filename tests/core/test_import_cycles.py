"""pyapp's modules import one another without a circle, counting every import: at the top,
under `if TYPE_CHECKING:` and inside functions (tests/core/import_graph.py)."""

from __future__ import annotations

from tests.core.import_graph import import_cycles, import_graph


def test_pyapp_has_no_import_cycle() -> None:
    """A piece two modules share lives in the module of its one concept, so no module
    imports one that imports it back."""
    cycles = import_cycles(import_graph())
    assert not cycles, "import cycles: " + "; ".join(" -> ".join(c) for c in cycles)


def test_the_graph_sees_every_kind_of_import() -> None:
    """Imports under TYPE_CHECKING, inside functions and of a package's modules by name
    (`from . import demands`) are edges like any other."""
    graph = import_graph()
    assert "pyapp.rules.work" in graph["pyapp.rules.verdict"]  # under TYPE_CHECKING
    assert "pyapp.service" in graph["pyapp.bridge"]  # inside install()
    assert "pyapp.rules.demands" in graph["pyapp.rules.judge"]  # from . import demands as d
    assert "pyapp.rules" in graph["pyapp.api"]  # from .rules import Request, ...


def test_a_cycle_is_named_module_by_module() -> None:
    """The walk names each circle it closes, from a module back to itself."""
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"d", "a"}}
    assert import_cycles(graph) == [("a", "b", "c", "a"), ("d", "d")]
    assert import_cycles({"a": {"b"}, "b": set(), "c": {"a", "b"}}) == []
