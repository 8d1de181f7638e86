"""The frozen value base shared by every model, and the one way to change a value."""

from __future__ import annotations

from typing import Any, Self

from pydantic import BaseModel, ConfigDict


class Value(BaseModel):
    """An immutable, validated value: unknown fields are errors, tuples hold sequences."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=False)

    def evolve(self, **changes: Any) -> Self:
        """Return a copy with `changes`, validated like any input.

        `model_copy(update=...)` skips validation, so every transition goes through here.
        Nested values that are already models are reused, not revalidated.
        """
        data = dict(self.__dict__)
        data.update(changes)
        validated: Self = type(self).__pydantic_validator__.validate_python(data)
        return validated
