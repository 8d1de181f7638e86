"""The Morale track: seven spaces, −3 to +3, whose Morale-Phase effects are data (R7)."""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Literal

from pydantic import Field

from .base import Value


class MoraleSpace(Value):
    level: int = Field(ge=-3, le=3)
    determination: int = Field(ge=-5, le=5)  # tokens the First Player gains (or discards)
    or_heal: int = Field(default=0, ge=0, le=3)  # Wounds healed instead of taking the tokens


class MoraleTrack(Value):
    format: Literal["castaway-referee/morale-track"] = "castaway-referee/morale-track"
    version: Literal[1] = 1
    note: str = ""
    spaces: tuple[MoraleSpace, ...] = Field(min_length=7, max_length=7)

    def space(self, level: int) -> MoraleSpace:
        return next(s for s in self.spaces if s.level == level)


@cache
def morale_track() -> MoraleTrack:
    text = resources.files("pyapp.data").joinpath("morale_track.json").read_text("utf-8")
    return MoraleTrack.model_validate_json(text)
