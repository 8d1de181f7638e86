"""The FAQ's questions: their ids are published (`faq.html#q=<id>`, `widget.html#q=<id>`) and
never change; each answer opens with a plain yes or no, or the number asked for; and a reader
finds a question in their own words, typos and all (the card finder's search), or by its id."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyapp.api import rule_json
from pyapp.rules.faq import faq
from pyapp.rules.faqsearch import question, search_questions
from pyapp.service import Service

# Every id ever published. An id is never renamed nor taken away: a page that embeds it keeps
# working. New questions are added to this list when they are published.
PUBLISHED = [
    "partial", "discard-wood-or-food", "perishable-only", "discard-cards", "card-alternative",
    "tied-up", "must-discard", "cover-any-source", "cover-adjacent-source", "not-spent",
    "all-characters", "resolving-character", "event-combat", "morale-bottom", "if-possible",
    "last-pawn", "lose-item", "raise-without-shelter", "identical-token", "same-marker",
    "no-space-for-marker", "night-hunger", "halve", "children", "combat-weapon-loss",
    "beast-gains", "adventure-friday", "threat-requirement", "move-camp", "s7-palisade",
    "large-leaves", "saber-weapon", "night-outside-camp", "named-victim", "choose-demand",
    "no-resolver-needed", "each-determination", "friday-alone", "dog", "jenny",
    "same-action-gain", "failed-action", "morale-phase", "halve-round-up", "halved-gain",
    "reduce-without-shelter", "weather-in-camp", "hungry-animals", "whole-weather",
    "children-first", "which-food", "choose-alternative", "part-alternative", "weapon-bonus",
    "cover-sources",
]

ENTRIES = faq().entries


def test_every_published_id_is_still_a_question() -> None:
    ids = [e.id for e in ENTRIES]
    assert sorted(set(PUBLISHED) - set(ids)) == []
    assert len(ids) == len(set(ids)), "two questions share an id"


def test_every_question_is_published() -> None:
    assert sorted({e.id for e in ENTRIES} - set(PUBLISHED)) == [], "add the new ids to PUBLISHED"


# The question's last sentence asks for yes or no, or for a number.
YES_OR_NO = re.compile(r"^(?:.*, )?(is|are|does|do|can|may|must|anything|ignored)\b(?!.* or \d)",
                       re.IGNORECASE)
HOW_MANY = re.compile(r"\b(how many|how much|keep \d or \d)\b", re.IGNORECASE)


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.id)
def test_the_answer_opens_with_yes_or_no_or_the_number(entry) -> None:  # type: ignore[no-untyped-def]
    asked = re.split(r"(?<=[.!:?])\s+", entry.question)[-1]
    opening = re.split(r"[:,;]", entry.answer)[0]
    if HOW_MANY.search(asked):
        assert re.match(r"\d", opening), (asked, entry.answer)
    elif YES_OR_NO.match(asked):
        assert opening.split()[0] in {"Yes", "No"}, (asked, entry.answer)
    assert "\n" not in entry.answer and entry.answer.endswith(".")


# Wounds the answer says someone suffers: "2 Wounds for each character", "suffers 4 Wounds".
SUFFERED = re.compile(r"(?:^|suffers? )(\d+) Wounds?\b")


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.id)
def test_the_answer_agrees_with_the_live_ruling(entry) -> None:  # type: ignore[no-untyped-def]
    """The one-line answer is checked against the core's ruling of the question's example:
    the Wounds it says someone suffers are a figure's Wounds there, and "no one is wounded"
    only where no one is."""
    ruling = json.loads(rule_json(entry.example.model_dump_json()))["ruling"]
    suffered = {w["unfulfilled"] + w["other"] for w in ruling["wounds"]} - {0}
    if "no one is wounded" in entry.answer:
        assert suffered == set(), entry.answer
    said = {int(n) for n in SUFFERED.findall(entry.answer)}
    assert said <= suffered, (entry.answer, suffered)


@pytest.mark.parametrize(("typed", "found"), [
    ("can I refuse to use my Discovery token to avoid a Wound?", "not-spent"),
    ("dicsovery tokn", "not-spent"),            # two typos
    ("perishible food", "perishable-only"),     # a typo in a question's word
    ("C6", "resolving-character"),              # a rule code alone
    ("c17", "children"),
    ("Jenny", "jenny"),
    ("the dog is wounded?", "dog"),
    ("Unusually Cold Night alternative", "card-alternative"),
    ("last action pawn", "last-pawn"),           # the clause's title
    ("no penalty token simply not placed", "identical-token"),  # the clause's text
])
def test_a_reader_finds_the_question_in_their_own_words(typed: str, found: str) -> None:
    assert found in [e.id for e in search_questions(typed).entries[:3]]


@pytest.mark.parametrize(("asked", "nearest"), [
    ("must-discrad", "must-discard"),
    ("jeny", "jenny"),
    ("night-outside", "night-outside-camp"),
])
def test_an_unknown_id_says_so_with_the_nearest_questions(asked: str, nearest: str) -> None:
    found = question(asked)
    assert found.unknown
    assert nearest in [e.id for e in found.entries]


def test_a_known_id_is_its_question_in_any_case() -> None:
    assert [e.id for e in question("Must-Discard ").entries] == ["must-discard"]
    assert not question("must-discard").unknown


@pytest.mark.parametrize(("asked", "said"), [
    ({"id": "zzzz"}, "There is no question “zzzz”."),
    ({"id": "must-discrad"}, "There is no question “must-discrad”. The nearest questions:"),
    ({"query": "xyzzy"}, "No question matches “xyzzy”."),
])
def test_the_service_says_a_miss_in_plain_words(asked: dict[str, str], said: str) -> None:
    answer = json.loads(Service().call("faq_search", json.dumps(asked)))
    assert answer["ok"] is True
    assert answer["miss"] == said


@pytest.mark.parametrize(("text", "said"), [
    ("[]", "Ask for a question by its id, or search the questions in words."),
    ('{"id": "a", "query": "b"}',
     "Ask for a question by its id, or search the questions in words."),
    ('{"id": 3}', "A question's id is a word such as must-discard."),
    ('{"query": null}', "The search needs a query in words."),
    (json.dumps({"query": "x" * 201}), "The search is too long (201 characters; at most 200)."),
    ("not json", "The search is not JSON text."),
])
def test_a_search_that_cannot_be_read_is_refused_by_name(text: str, said: str) -> None:
    answer = json.loads(Service().call("faq_search", text))
    assert answer["ok"] is False
    assert answer["error"]["message"] == said


def test_each_question_found_carries_its_answer_and_rule() -> None:
    answer = json.loads(Service().call("faq_search", '{"id": "dog"}'))
    entry = next(e for e in ENTRIES if e.id == "dog")
    assert answer["questions"] == [{"id": "dog", "clause": "R3", "question": entry.question,
                                    "answer": entry.answer}]


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=200))
def test_any_text_searched_is_answered(typed: str) -> None:
    answer = json.loads(Service().call("faq_search", json.dumps({"query": typed})))
    assert answer["ok"] is True
    assert len(answer["questions"]) <= 8
