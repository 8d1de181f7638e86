"""With the pseudo-locale on, every word of a ruling comes from the catalogue: each sentence
the core says is bracketed ⟦…⟧, so a sentence built outside the catalogue shows up as one
that is not. Values the players typed (names of Items, Treasures, markers) may sit inside a
bracketed sentence, never stand alone as one."""

from __future__ import annotations

from collections.abc import Iterator

from hypothesis import given, settings

from pyapp.rules import Request, rule
from pyapp.rules.i18n import language
from pyapp.rules.ruling import Choice, Ruling, RulingWords, Sure
from tests.core.strategies import requests, wide_requests


def said(words: RulingWords) -> Iterator[tuple[str, str]]:
    """(field, sentence) for every sentence of a ruling's words the core composed."""
    for name in ("headline", "summary", "lost", "not_spent"):
        yield name, getattr(words, name)
    for name in ("demands", "alternative", "context", "paid", "gains", "wounds", "names",
                 "follows", "steps", "titles"):
        for text in getattr(words, name):
            yield name, text
    sure: Sure = words.sure
    yield "sure.label", sure.label
    yield "sure.text", sure.text
    for choice in words.choices:
        assert isinstance(choice, Choice)
        yield "choice.question", choice.question


def unbracketed(ruling: Ruling) -> list[tuple[str, str]]:
    assert ruling.words is not None
    texts = [*said(ruling.words), *(("step", s.text) for s in ruling.steps)]
    return [(field, text) for field, text in texts
            if text and not (text.startswith("⟦") and text.endswith("⟧"))]


def pseudo_ruling(request: Request) -> Ruling | None:
    with language("x-pseudo"):
        try:
            return rule(request)
        except ValueError:
            return None  # a refusal: its words are checked by the error envelope's tests


@settings(max_examples=150, deadline=None)
@given(requests())
def test_every_word_of_a_ruling_comes_from_the_catalogue(request: Request) -> None:
    """Headline, payments, Wounds, certainty, demands, steps: each one bracketed sentence."""
    ruling = pseudo_ruling(request)
    if ruling is not None:
        assert unbracketed(ruling) == []


@settings(max_examples=150, deadline=None)
@given(wide_requests())
def test_every_word_of_any_ruling_comes_from_the_catalogue(request: Request) -> None:
    """The same in every phase, scenario 6 and 7 and with named victims."""
    ruling = pseudo_ruling(request)
    if ruling is not None:
        assert unbracketed(ruling) == []


def test_english_words_are_unchanged_by_a_pseudo_ruling_before() -> None:
    """Switching back to English after a pseudo ruling leaves no pseudo word behind."""
    request = Request.model_validate({
        "state": {"characters": [{"role": "cook"}], "first_player": "cook"},
        "effect": {"demands": [{"kind": "discard", "wood": 2}]}})
    with language("x-pseudo"):
        assert rule(request).words is not None
    words = rule(request).words
    assert words is not None
    assert words.headline == "Each character suffers 2 Wounds." or "⟦" not in words.headline
