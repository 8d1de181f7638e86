"""The board's autosave check reads the table's schema from static/shared/table-schema.js."""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import board_schema  # noqa: E402  (tools/board_schema.py)

from pyapp.rules.state import TableState  # noqa: E402


def test_the_boards_table_schema_is_fresh() -> None:
    """The schema the page checks saves with is the model's (run `make schema` after a change)."""
    assert board_schema.TARGET.read_text(encoding="utf-8") == board_schema.module_text()


def test_the_boards_table_schema_keeps_every_constraint_of_the_model() -> None:
    """Only titles and descriptions are dropped: every field, limit and default is there."""
    text = board_schema.TARGET.read_text(encoding="utf-8")
    page = json.loads(text.split("= ", 1)[1].rstrip().removesuffix(";"))
    model = TableState.model_json_schema()
    assert set(page["properties"]) == set(model["properties"])
    assert set(page["$defs"]) == set(model["$defs"])
    assert page["$defs"]["WoundTrack"]["properties"]["death_at"]["maximum"] == 30


def test_the_boards_demand_kinds_are_fresh() -> None:
    """The composer's kinds are the core's (run `make schema` after a change)."""
    assert board_schema.KINDS_TARGET.read_text(encoding="utf-8") == board_schema.kinds_text()


def test_the_boards_core_facts_are_fresh() -> None:
    """Wound tracks, link bounds, the starting table and the switches are the models' own."""
    assert board_schema.FACTS_TARGET.read_text(encoding="utf-8") == board_schema.facts_text()
