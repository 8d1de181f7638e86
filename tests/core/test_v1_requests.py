"""Stored version-1 requests and share links open and are ruled as docs/format.md's version
section says: the same as before, save the three rules fixes it lists."""

from __future__ import annotations

import json
from pathlib import Path

from pyapp.api import request_from
from pyapp.links import decode
from pyapp.rules import Request, Ruling, rule

# Share links as the page wrote them (`#r=` fragments), each a version-1 request.
HUNGRY_ANIMALS = ("1.eNo9js0KwzAMg99F517GbnmVUYqXOktomgTH7IeSd2_aQW8y0mdpQ1VShtlQPNUu8GFSz4IB1pOQVZ"
                  "YK89ggOR6-zXlBG66bvyVmOYGQJktrgXEUK7dxgAtSdSqRfj1wsWDn2OrROvNKaf4XLCHNZ2h9kvZ3VY"
                  "XTSz3MvY2devclISeYW9sB66U_VA")
BLACK_MARKER = ("1.eNo9jkEKAyEMRe_y186iXXqVMgxWIxUdI1FKi8zdm9Iyy7y8PDLRhxsEO-EfTpwfJB32NiFcFMMzZx"
                "zmnOnVCgsJjtUgJulja8W9FZwuKEby49sMtLsafsGcalBJbU_b7iTrjUFvOioeqdByXSJzUPpfW9zV1u"
                "aq1ad-lrjCXo4Phag-Rg")
COMBAT = ("1.eNpFjUsOgzAMRO_idTat1A1XqRBygykRIY4cq6VCuXsN9LPzeGberFAUlaBZIY9Y7AD0GjiBAz-imC"
          "Ap0FxXEI6b7ZknqO6nacmRhQRq62AIUrTLEV_2-GQdPAmzEZtTdUDDQF63vZ5mTP3BnkLq9_x8Q7VGUa"
          "F01xGay7feRS4WPtfWKJ6T0rJjhArHx3_OXFMlHINvruBMyg")
EXAMPLES = Path(__file__).parents[2] / "docs" / "examples"


def hurt(r: Ruling) -> dict[str, int]:
    return {w.figure: w.unfulfilled + w.other for w in r.wounds}


def test_a_v1_combat_link_rules_as_before() -> None:
    """The FAQ's 4 + 1 (the docs' example), from a stored link: unchanged."""
    r = rule(decode(COMBAT))
    assert decode(COMBAT).version == 1
    assert hurt(r) == {"cook": 5} and r.unfulfilled_units == 1 and r.state.weapon == 0


def test_every_stored_v1_example_opens() -> None:
    """Every v1 request kept in docs/examples is read and ruled."""
    for path in sorted(EXAMPLES.glob("*.request.json")):
        data = json.loads(path.read_text())
        assert data["version"] == 1
        assert isinstance(rule(request_from(data)), Ruling)


def test_v1_hungry_animals_hurt_only_those_in_camp() -> None:
    """R10: characters outside the camp are not affected by the weather, the Hungry Animals'
    fight included (docs/rules/reference.md §2): only those in camp fight, as the v1 referee
    ruled (an intermediate version wounded the one outside too)."""
    r = rule(decode(HUNGRY_ANIMALS))
    assert hurt(r) == {"cook": 3}


def test_v1_hungry_animals_in_camp_only_when_asked() -> None:
    """The old answer is still one field away: victims "in_camp"."""
    request = decode(HUNGRY_ANIMALS)
    demand = request.effect.demands[0].evolve(victims="in_camp")
    r = rule(request.evolve(effect=request.effect.evolve(demands=(demand,))))
    assert hurt(r) == {"cook": 3}


def test_v1_black_marker_on_a_missing_tile_is_unfulfilled() -> None:
    """Rules fix (C14, R16): a black marker for tile 2's food source, with tile 2 not on the
    table, is a source that cannot be covered: 1 unit; before, a marker on a free space."""
    r = rule(decode(BLACK_MARKER))
    assert r.unfulfilled_units == 1 and hurt(r) == {"cook": 1, "explorer": 1}
    assert any(s.part == "R16.one" for s in r.steps)


def test_v1_black_marker_on_an_open_source_covers_it() -> None:
    """Rules fix: on an open source the marker covers it (the tile's source is exhausted),
    no Wounds, as before; the space no longer holds a marker apart from the tile."""
    request = decode(BLACK_MARKER)
    table = request.state.evolve(tiles=({"id": 2, "distance": 1,
                                         "sources": [{"kind": "food"}]},))
    r = rule(request.evolve(state=table))
    assert r.unfulfilled_units == 0 and not r.wounds
    assert r.state.tiles[0].sources[0].exhausted and r.state.spaces == ()


def test_v1_table_with_a_black_marker_on_a_space_opens() -> None:
    """An old table that kept a black marker on "tile-2-food" opens, with the marker on the
    tile: a second black marker there is a marker already there (C14), 1 unit."""
    data = {"format": "castaway-referee/request", "version": 1, "state": {
        "characters": [{"role": "cook"}], "first_player": "cook",
        "spaces": [{"id": "tile-2-food", "markers": ["black"]}]},
        "effect": {"demands": [{"kind": "place_marker", "space": "tile-2-food",
                                "marker": "black"}]}}
    request: Request = request_from(data)
    assert request.state.tiles[0].sources[0].exhausted and request.state.spaces == ()
    assert rule(request).unfulfilled_units == 1
