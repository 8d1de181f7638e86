"""A share link carries its ruling's words as the core said them when it was shared, so that
a page can show them at once; the rules rule the link again and say whether they still hold.
Words that are too long, not text or malformed are dropped, never an error; older links open
as before; a link stays within its bounds (the words are dropped rather than pass them)."""

from __future__ import annotations

import base64
import json
import zlib
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pyapp import links
from pyapp.links import MAX_LINK, MAX_SAID_LINE, MAX_SAID_LINES, LinkWords, encode, holds, open_link
from pyapp.rules import Request, rule
from pyapp.rules.faq import faq
from pyapp.service import Service
from tests.core.test_v1_requests import BLACK_MARKER, COMBAT, HUNGRY_ANIMALS

NIGHT_SHORT_OF_WOOD = Request.model_validate({
    "state": {"characters": [{"role": "cook"}, {"role": "explorer"}], "first_player": "cook",
              "phase": "night"},
    "effect": {"demands": [{"kind": "discard", "wood": 2}]}})


def said_now(request: Request) -> LinkWords:
    words = links.ruled_words(request)
    assert words is not None
    return words


def packed(data: dict[str, Any]) -> str:
    """A link written by hand (as a forger or an older page would): any JSON at all."""
    text = json.dumps(data, ensure_ascii=False).encode()
    return "1." + base64.urlsafe_b64encode(zlib.compress(text)).decode().rstrip("=")


def with_said(said: object) -> str:
    data = NIGHT_SHORT_OF_WOOD.model_dump(mode="json", exclude_defaults=True)
    return packed({**data, "said": said})


def test_a_link_carries_the_headline_and_outcome_lines_as_the_core_said_them() -> None:
    opened = open_link(encode(NIGHT_SHORT_OF_WOOD, said_now(NIGHT_SHORT_OF_WOOD)))
    words = rule(NIGHT_SHORT_OF_WOOD).words
    assert words is not None and opened.said is not None
    assert opened.request == NIGHT_SHORT_OF_WOOD
    assert (opened.said.lang, opened.said.headline, opened.said.outcome) == (
        "en", words.headline, words.outcome)
    assert holds(opened.said, opened.request) is True


@pytest.mark.parametrize("link", [HUNGRY_ANIMALS, BLACK_MARKER, COMBAT,
                                  encode(NIGHT_SHORT_OF_WOOD)], ids=["hungry", "marker",
                                                                     "combat", "no-words"])
def test_older_links_without_words_open_as_before(link: str) -> None:
    opened = open_link(link)
    assert opened.said is None and opened.request == links.decode(link)


GOOD = {"lang": "en", "headline": "Each character suffers 2 Wounds.",
        "outcome": ["Cook: 2 Wounds — rules"]}


@pytest.mark.parametrize(("said", "why"), [
    ("Each character suffers 2 Wounds.", "words that are not an object"),
    ([GOOD], "a list"),
    ({**GOOD, "headline": 2}, "a headline that is a number"),
    ({**GOOD, "headline": ""}, "an empty headline"),
    ({**GOOD, "headline": "W" * (MAX_SAID_LINE + 1)}, "a headline too long"),
    ({**GOOD, "headline": "Each\u202e character"}, "a mark that turns text around"),
    ({**GOOD, "headline": "Each\ncharacter"}, "a line break"),
    ({**GOOD, "outcome": "Cook: 2 Wounds"}, "outcome lines that are not a list"),
    ({**GOOD, "outcome": [1, 2]}, "outcome lines that are numbers"),
    ({**GOOD, "outcome": ["Cook"] * (MAX_SAID_LINES + 1)}, "too many outcome lines"),
    ({**GOOD, "outcome": ["x" * (MAX_SAID_LINE + 1)]}, "an outcome line too long"),
    ({**GOOD, "lang": "<script>"}, "a language that is no language code"),
    ({"headline": GOOD["headline"]}, "no language"),
    ({**GOOD, "html": "<b>x</b>"}, "a field a link never holds"),
])
def test_words_a_link_cannot_carry_are_dropped_and_the_link_opens(said: object, why: str) -> None:
    opened = open_link(with_said(said))
    assert opened.said is None, why
    assert opened.request == NIGHT_SHORT_OF_WOOD


@given(st.one_of(st.text(max_size=400), st.integers(), st.none(),
                 st.dictionaries(st.sampled_from(["lang", "headline", "outcome", "x"]),
                                 st.one_of(st.text(max_size=400), st.lists(st.text()),
                                           st.integers()))))
def test_any_words_leave_the_request_as_it_is(said: object) -> None:
    opened = open_link(with_said(said))
    assert opened.request == NIGHT_SHORT_OF_WOOD
    assert opened.said is None or len(opened.said.headline) <= MAX_SAID_LINE


def test_a_link_that_would_pass_its_bound_with_words_is_written_without_them(
        monkeypatch: pytest.MonkeyPatch) -> None:
    plain = encode(NIGHT_SHORT_OF_WOOD)
    monkeypatch.setattr(links, "MAX_LINK", len(plain))
    link = encode(NIGHT_SHORT_OF_WOOD, said_now(NIGHT_SHORT_OF_WOOD))
    assert link == plain and open_link(link).said is None


def test_words_that_no_longer_hold_are_told() -> None:
    """A hand-edited link (or one shared before a rule changed): the rules say otherwise."""
    forged = with_said({**GOOD, "headline": "No one is wounded.", "outcome": []})
    answer = json.loads(Service().call("link_decode", forged))
    assert answer["said"]["headline"] == "No one is wounded."
    assert answer["holds"] is False and answer["differs"]


def test_words_in_a_language_this_referee_has_not_are_not_judged() -> None:
    said = LinkWords(lang="xx", headline="Something.")
    assert holds(said, NIGHT_SHORT_OF_WOOD) is None


@pytest.mark.parametrize(("link", "held"), [
    (encode(NIGHT_SHORT_OF_WOOD), None), (with_said(GOOD), False)])
def test_the_service_answers_the_words_and_whether_they_hold(link: str, held: bool | None) -> None:
    answer = json.loads(Service().call("link_decode", link))
    assert answer["ok"] is True and answer["holds"] is held
    assert (answer["said"] is None) == (held is None) and bool(answer["differs"]) == (held is False)


def test_the_service_writes_links_with_words() -> None:
    answer = json.loads(Service().call("link_encode", NIGHT_SHORT_OF_WOOD.model_dump_json()))
    assert open_link(answer["link"]).said == said_now(NIGHT_SHORT_OF_WOOD)


@pytest.mark.parametrize("entry", faq().entries, ids=[e.id for e in faq().entries])
def test_every_faq_example_shares_with_its_words_within_the_bound(entry: Any) -> None:
    said = said_now(entry.example)
    link = encode(entry.example, said)
    assert len(link) <= MAX_LINK and open_link(link).said == said
