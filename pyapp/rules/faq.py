"""The rules FAQ: each clause of the rule and each of our rulings as a question with a live
example. The example is a request; its answer is always computed by the core, never written."""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Literal

from pydantic import Field, field_validator

from .base import Value
from .clauses import CLAUSES
from .formats import Request


class FaqEntry(Value):
    id: str = Field(pattern=r"^[a-z0-9-]+$", max_length=60)
    clause: str
    question: str = Field(max_length=300)
    setup: str = Field(max_length=400)  # the situation in words, for people
    example: Request

    @field_validator("clause")
    @classmethod
    def _known_clause(cls, clause: str) -> str:
        if clause not in CLAUSES:
            raise ValueError(f"{clause!r} is not a clause of the rule catalogue")
        return clause


class Faq(Value):
    format: Literal["castaway-referee/faq"] = "castaway-referee/faq"
    version: Literal[1] = 1
    entries: tuple[FaqEntry, ...]


@cache
def faq() -> Faq:
    text = resources.files("pyapp.data").joinpath("faq.json").read_text(encoding="utf-8")
    return Faq.model_validate_json(text)
