"""The rules FAQ: each clause of the rule and each of our rulings as a question with a live
example. The example is a request; its answer is always computed by the core, never written.
Beside them, the sources the clauses cite (a clause's `source` names them by key), each in
plain words and with its public address."""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Literal

from pydantic import Field, field_validator, model_validator

from .base import Value
from .clauses import CLAUSES
from .formats import Request
from .i18n import _


class FaqEntry(Value):
    id: str = Field(pattern=r"^[a-z0-9-]+$", max_length=60)
    clause: str
    question: str = Field(max_length=300)
    # The answer in one line, opening with a plain yes or no, or the number asked for; the
    # live ruling of the example follows it with the reasoning.
    answer: str = Field(min_length=1, max_length=200)
    setup: str = Field(max_length=400)  # the situation in words, for people
    example: Request

    @field_validator("clause")
    @classmethod
    def _known_clause(cls, clause: str) -> str:
        if clause not in CLAUSES:
            raise ValueError(f"{clause!r} is not a clause of the rule catalogue")
        return clause


class Source(Value):
    """A source a clause cites: what it is, in words a player understands, and where to read it."""

    key: str = Field(pattern=r"^[A-Za-z0-9.-]+$", max_length=40)
    name: str = Field(max_length=200)
    about: str = Field(max_length=400)
    url: str | None = Field(default=None, pattern=r"^https://", max_length=300)


def cited_sources(source: str) -> tuple[str, ...]:
    """The keys a clause's `source` names ("DZ-UD, DZ-Q-partial")."""
    return tuple(key.strip() for key in source.split(",") if key.strip())


class Faq(Value):
    format: Literal["castaway-referee/faq"] = "castaway-referee/faq"
    version: Literal[1] = 1
    entries: tuple[FaqEntry, ...]
    sources: tuple[Source, ...] = ()

    @model_validator(mode="after")
    def _every_cited_source_is_explained(self) -> Faq:
        explained = {s.key for s in self.sources}
        cited = {key for c in CLAUSES.values() for key in cited_sources(c.source)}
        if missing := sorted(cited - explained):
            raise ValueError(f"sources cited by clauses but not explained: {missing}")
        return self


@cache
def faq() -> Faq:
    text = resources.files("pyapp.data").joinpath("faq.json").read_text(encoding="utf-8")
    return Faq.model_validate_json(text)


@cache
def faq_in(language: str) -> Faq:
    """The FAQ with its questions, setups and sources' words in `language` (the active one:
    the argument keys the cache)."""
    found = faq()  # model_copy: a translation may be longer than the limits on what is read in
    return found.model_copy(update={
        "entries": tuple(e.model_copy(update={"question": _(e.question), "answer": _(e.answer),
                                             "setup": _(e.setup)})
                         for e in found.entries),
        "sources": tuple(s.model_copy(update={"name": _(s.name), "about": _(s.about)})
                         for s in found.sources)})
