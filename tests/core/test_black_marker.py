"""One fact, one place: a black marker on a tile's source. The table keeps it once (the
tile's source `exhausted`), and the two ways of asking for one, `place_marker` on
"tile-2-food" and `cover_source` on tile 2, rule identically in every case."""

from __future__ import annotations

from typing import Any

import pytest

from pyapp.rules import Request, Ruling, rule
from pyapp.rules.state import TableState

OPEN = {"id": 2, "distance": 1, "sources": [{"kind": "food"}]}
COVERED = {"id": 2, "distance": 1, "sources": [{"kind": "food", "exhausted": True}]}
WOOD_ONLY = {"id": 2, "distance": 1, "sources": [{"kind": "wood"}]}
ON_SPACE = {"id": "tile-2-food", "markers": ["black"]}  # the old way of writing it down

# (case, tiles, spaces, demand's extra fields, expected units, tile 2's food covered after)
CASES: list[tuple[str, list[Any], list[Any], dict[str, Any], int, bool | None]] = [
    ("tile not on the table", [], [], {}, 1, None),
    ("source open: it is covered", [OPEN], [], {}, 0, True),
    ("source already covered", [COVERED], [], {}, 1, True),
    ("tile shows no source of that kind", [WOOD_ONLY], [], {}, 1, False),
    ("covered, written on the space, tile absent", [], [ON_SPACE], {}, 1, True),
    ("covered, written on the space and open on the tile", [OPEN], [ON_SPACE], {}, 1, True),
    ("covered twice: on the space and on the tile", [COVERED], [ON_SPACE], {}, 1, True),
    ("'if possible', already covered", [COVERED], [], {"if_possible": True}, 0, True),
    ("the card names its victim", [COVERED], [], {"victims": "explorer"}, 1, True),
]
SPELLINGS = ({"kind": "place_marker", "space": "tile-2-food", "marker": "black"},
             {"kind": "cover_source", "source": "food", "tile": 2})


def ruled(tiles: list[Any], spaces: list[Any], demand: dict[str, Any]) -> Ruling:
    state = {"characters": [{"role": "cook"}, {"role": "explorer"}], "first_player": "cook",
             "tiles": tiles, "spaces": spaces}
    return rule(Request.model_validate({"state": state, "effect": {"demands": [demand]}}))


def food_covered(state: TableState) -> bool | None:
    tile = next((t for t in state.tiles if t.id == 2), None)
    if tile is None:
        return None
    return any(s.kind == "food" and s.exhausted for s in tile.sources)


@pytest.mark.parametrize(("case", "tiles", "spaces", "extra", "units", "covered"), CASES,
                         ids=[c[0] for c in CASES])
def test_both_spellings_rule_alike(case: str, tiles: list[Any], spaces: list[Any],
                                   extra: dict[str, Any], units: int,
                                   covered: bool | None) -> None:
    """Same steps, certainty, Wounds and table for both spellings; the expected outcome."""
    as_marker, as_cover = (ruled(tiles, spaces, {**d, **extra}) for d in SPELLINGS)
    assert as_marker.steps == as_cover.steps
    assert as_marker.state == as_cover.state
    assert as_marker.wounds == as_cover.wounds
    assert (as_marker.certainty, as_marker.rests_on) == (as_cover.certainty, as_cover.rests_on)
    assert as_marker.unfulfilled_units == units
    assert food_covered(as_marker.state) is covered
    assert not any("black" in s.markers for s in as_marker.state.spaces)


def test_the_table_keeps_it_once() -> None:
    """A black marker written on a source's space moves onto the tile, once; other markers and
    tokens on that space stay; reading the table again changes nothing."""
    state = TableState.model_validate({
        "characters": [{"role": "cook"}], "first_player": "cook", "tiles": [OPEN],
        "spaces": [{"id": "tile-2-food", "markers": ["black", "fog", "black"]},
                   {"id": "tile-3-wood", "markers": ["black"]},
                   {"id": "build", "markers": ["black"]}]})
    assert [(t.id, [(s.kind, s.exhausted) for s in t.sources]) for t in state.tiles] == [
        (2, [("food", True)]), (3, [("wood", True)])]
    assert [(s.id, s.markers) for s in state.spaces] == [("tile-2-food", ("fog",)),
                                                        ("build", ("black",))]
    assert TableState.model_validate(state.model_dump()) == state


def test_the_first_eligible_source_not_covered() -> None:
    """A black marker on the first of several sources' spaces skips the covered ones."""
    r = ruled([COVERED, {"id": 3, "distance": 2, "sources": [{"kind": "food"}]}], [],
              {"kind": "place_marker", "spaces": ["tile-2-food", "tile-3-food"],
               "marker": "black"})
    assert r.unfulfilled_units == 0
    assert [s.exhausted for t in r.state.tiles for s in t.sources] == [True, True]


def test_no_eligible_source_left() -> None:
    """Every eligible source covered, or not on the table: 1 unit of unfulfilled demand."""
    r = ruled([COVERED], [], {"kind": "place_marker", "spaces": ["tile-2-food", "tile-3-food"],
                              "marker": "black"})
    assert r.unfulfilled_units == 1
