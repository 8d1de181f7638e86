"""The frozen value base shared by every model, and the one way to change a value."""

from __future__ import annotations

from typing import Any, Self, TypeVar

from pydantic import BaseModel, ConfigDict


class Value(BaseModel):
    """An immutable, validated value: unknown fields are errors, tuples hold sequences."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=False)

    def evolve(self, **changes: Any) -> Self:
        """Return a copy with `changes`, validated like any input.

        `model_copy(update=...)` skips validation, so every transition goes through here.
        Nested values that are already models are reused, not revalidated.
        """
        return revalidate(self, changes)


V = TypeVar("V", bound=Value)


def revalidate(value: V, changes: dict[str, Any]) -> V:
    """`value.evolve(**changes)`, for callers that already hold the changes as a dict."""
    validated: V = type(value).__pydantic_validator__.validate_python(
        {**value.__dict__, **changes})
    return validated
