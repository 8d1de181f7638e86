"""Typed errors: a request the referee cannot rule on, naming the field that is wrong."""

from __future__ import annotations


class RulingError(ValueError):
    """The request is well formed but cannot be ruled on as it stands."""

    def __init__(self, loc: str, msg: str) -> None:
        super().__init__(f"{loc}: {msg}")
        self.loc = loc
        self.msg = msg
