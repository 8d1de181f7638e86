"""With the pseudo-locale on, every word of a ruling comes from the catalogue: each sentence
the core says is bracketed ⟦…⟧, so a sentence built outside the catalogue shows up as one
that is not. Values the players typed (names of Items, Treasures, markers) may sit inside a
bracketed sentence, never stand alone as one."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from hypothesis import given, settings

from pyapp.rules import Request, rule
from pyapp.rules.i18n import language, set_language
from pyapp.rules.ruling import Choice, Ruling, RulingWords, Sure
from pyapp.service import Service
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


def test_english_after_the_pseudo_locale_keeps_no_pseudo_word() -> None:
    """Words kept per language (certainty, clause titles, names) never leak into another."""
    request = Request.model_validate({
        "state": {"characters": [{"role": "cook", "name": "Ana"}], "first_player": "cook"},
        "effect": {"demands": [{"kind": "discard", "wood": 2}]}})
    with language("x-pseudo"):
        assert unbracketed(rule(request)) == []
    ruling = rule(request)
    assert ruling.words is not None
    assert not [text for _field, text in said(ruling.words) if "⟦" in text]
    assert ruling.words.headline == "Cook (Ana) suffers 2 Wounds."


TABLE = {"characters": [{"role": "cook"}], "first_player": "cook"}
REFUSED = [
    ("rule", "{}"),
    ("rule", "[" * 100 + "]" * 100),
    ("rule", json.dumps({"format": "elsewhere"})),
    ("rule", json.dumps({"state": {**TABLE, "characters": [{"role": "cook", "name": "x" * 80}]},
                         "effect": {"demands": [{"kind": "discard", "wood": 1}]}})),
    ("rule", json.dumps({"state": {**TABLE, "phase": "action"},
                         "effect": {"demands": [{"kind": "discard", "wood": 1}]}})),
    ("rule", json.dumps({"state": TABLE, "effect": {"demands": [{"kind": "zap"}]}})),
    ("rule", json.dumps({"state": {**TABLE, "bogus": 1},
                         "effect": {"demands": [{"kind": "discard", "wood": 1}]}})),
    ("link_decode", "!"),
    ("link_decode", "1.abc"),
    ("card_search", "[]"),
    ("nothing", ""),
    ("session", '{"cmd": "edit", "edits": [{"op": "set", "path": "nowhere"}]}'),
    ("session", json.dumps({"cmd": "edit", "edits": [
        {"op": "move_pawn", "figure": "cook", "target": "nowhere"}]})),
]


@pytest.mark.parametrize(("method", "text"), REFUSED)
def test_every_refusal_is_said_in_the_catalogues_words(method: str, text: str) -> None:
    """A refusal's one line for players is one bracketed sentence in the pseudo-locale."""
    service = Service()
    service.call("language", '{"language": "x-pseudo"}')
    try:
        answer = json.loads(service.call(method, text))
    finally:
        set_language("en")
    message = answer["error"]["message"]
    assert message.startswith("⟦") and message.endswith("⟧"), message
