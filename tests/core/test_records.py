"""The quick constructors of a ruling's records make the very values their dataclasses make."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import pytest

from pyapp.rules.ruling import Payment, Step, WoundReport, new_payment, new_report, new_step

CASES = [
    (new_step, Step, ("C1", "Cook suffers 1 Wound.", "stated", None, 2, None, False, ("cook",),
                      1, True)),
    (new_step, Step, ("R1", "House rule.", "house", "shortfall_hurts_all", None, None, False,
                      (), 0, True)),
    (new_step, Step, ("R8", "Halving 0.", "house", None, 0, "R8.zero", False, (), 0, False)),
    (new_step, Step, ("G-named-victim", "The card names each character.", "stated", None, 0,
                      None, True, ("cook", "explorer"), 0, True)),
    (new_payment, Payment, (0, "wood", 3, 1, "resource")),
    (new_report, WoundReport, ("soldier", 1, 2, 1, True)),
]


@pytest.mark.parametrize(("quick", "cls", "values"), CASES)
def test_quick_records_equal_their_dataclass(quick: Callable[..., Any], cls: type,
                                             values: tuple[Any, ...]) -> None:
    """Every field set, equal and hashed alike, and as frozen as the dataclass's own."""
    made = quick(*values)
    assert type(made) is cls
    assert made == cls(*values)
    assert hash(made) == hash(cls(*values))
    assert dataclasses.astuple(made) == values
    for field in dataclasses.fields(cls):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(made, field.name, None)
