"""The rules FAQ in the widget: one question embedded (`widget.html#q=<id>`), the whole FAQ
with its search (`widget.html#faq`), both framed by another site (where the widget's storage
is denied), the `castaway-referee:faq` message, an unknown id, and the embed code of a
question with hostile origins typed in."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from playwright.sync_api import Frame, Page

from pyapp.rules.faq import faq

from .harness import App
from .test_widget import (  # noqa: F401 (host_origin is a fixture)
    HOSTILE_ORIGINS,
    PARSE_EMBED,
    WAIT_MS,
    axe_violations,
    cpython_ruling,
    host_origin,
    host_page,
    small_targets,
    widget_frame,
)

ENTRIES = {e.id: e for e in faq().entries}
QUESTION_SHOWN = 'html[data-question-shown="true"]'
FAQ_SHOWN = 'html[data-faq-shown="true"]'
QUESTIONS, ERROR = "castaway-referee:questions", "castaway-referee:error"


def question_ids(page: Page | Frame, testid: str = "faq-questions") -> list[str]:
    found: list[str] = page.eval_on_selector_all(
        f"[data-testid={testid}] [data-question]", "els => els.map(e => e.dataset.question)"
    )
    return found


def search(page: Page | Frame, typed: str) -> list[str]:
    """Type into the FAQ's search box and wait until the widget shows what it found."""
    page.fill("[data-testid=faq-search]", typed)
    page.wait_for_function(
        "(q) => document.getElementById('widget-view').dataset.searched === q", arg=typed.strip()
    )
    return question_ids(page)


@pytest.fixture(scope="module")
def framed_question(
    open_page: Callable[..., App], site_url: str, host_origin: str  # noqa: F811
) -> App:
    """A forum post on another site embedding the question "Must you trade in a Discovery
    token to avoid a Wound?"."""
    booted = host_page(open_page, site_url, host_origin, "&q=not-spent")
    booted.page.wait_for_selector("body[data-widget-ready]", state="attached", timeout=WAIT_MS)
    return booted


def test_an_embedded_question_answers_then_rules_its_example_live(framed_question: App) -> None:
    """The answer opens with a plain yes or no; the clause it rests on and how sure it is
    follow, then its example ruled by the core in the frame, with the board's picture."""
    frame = widget_frame(framed_question.page)
    frame.wait_for_selector(QUESTION_SHOWN, state="attached", timeout=WAIT_MS)
    entry = ENTRIES["not-spent"]
    assert frame.text_content("[data-testid=faq-answer]") == entry.answer
    assert (frame.text_content("[data-testid=faq-answer]") or "").startswith("No:")
    assert frame.locator("[data-testid=clause-text]").count() == 1
    ruling = json.loads(frame.text_content("#ruling-json") or "null")
    assert ruling == cpython_ruling(entry.example.model_dump(mode="json"))["ruling"]
    assert frame.locator("[data-testid=faq-question] [data-testid=board]").count() == 1
    assert frame.locator("[data-testid=faq-question] [data-testid=ruling-certainty]").count() == 1
    href = frame.get_attribute("[data-testid=faq-page-link]", "href") or ""
    assert href.endswith("faq.html#q=not-spent")
    # Framed by another site, the widget's storage is denied: it shows all the same.
    assert frame.evaluate("() => { try { localStorage.length; return 'allowed'; }"
                          " catch { return 'denied'; } }") == "denied"
    assert framed_question.problems() == []


def test_the_host_asks_the_faq_by_message(framed_question: App) -> None:
    """A question id, a search with typos, an id the FAQ has not got, and a malformed FAQ
    message: each answered once, under its id, for the host's origin."""
    ask = "(asked) => castawayReferee.askFaq(asked)"
    page = framed_question.page
    answer = page.evaluate(ask, {"question": "dog"})
    assert answer["type"] == QUESTIONS and answer["id"].startswith("f")
    dog = ENTRIES["dog"]
    assert answer["questions"] == [
        {"id": "dog", "clause": "R3", "question": dog.question, "answer": dog.answer}
    ]
    typed = "can I refuse to use my Discovery tokn to avoid a Wound?"
    answer = page.evaluate(ask, {"search": typed})
    assert answer["questions"][0]["id"] == "not-spent" and answer["unknown"] is False
    answer = page.evaluate(ask, {"question": "must-discrad"})
    assert answer["unknown"] is True
    assert answer["miss"] == "There is no question “must-discrad”. The nearest questions:"
    assert "must-discard" in [q["id"] for q in answer["questions"]]
    for asked, kind in [({}, "bad_message"), ({"question": 7}, "bad_message"),
                        ({"search": "x" * 201}, "bad_request")]:
        answer = page.evaluate(ask, asked)
        assert answer["type"] == ERROR and answer["error"]["type"] == kind, asked
        assert answer["error"]["message"]
    assert framed_question.problems() == []


def test_the_whole_faq_embedded_is_searched_with_a_typo(
    open_page: Callable[..., App], site_url: str, host_origin: str  # noqa: F811
) -> None:
    """`#faq` in a narrow sidebar: every question with its answer; a search in the reader's
    own words, typos and all, finds the question; a tap opens it, "All the questions" comes
    back."""
    host = host_page(open_page, site_url, host_origin, "&faq")
    host.page.set_viewport_size({"width": 360, "height": 740})
    frame = widget_frame(host.page)
    frame.wait_for_selector(FAQ_SHOWN, state="attached", timeout=WAIT_MS)
    assert question_ids(frame) == list(ENTRIES)
    found = search(frame, "perishible food")
    assert found[0] == "perishable-only"
    assert "question" in (frame.text_content("[data-testid=faq-search-count]") or "")
    assert search(frame, "xyzzy") == []
    assert frame.text_content("[data-testid=faq-search-count]") == "No question matches “xyzzy”."
    search(frame, "dicsovery tokn")
    frame.click("[data-testid=faq-questions] [data-question=not-spent] a")
    frame.wait_for_selector(QUESTION_SHOWN, state="attached", timeout=WAIT_MS)
    assert frame.text_content("[data-testid=faq-answer]") == ENTRIES["not-spent"].answer
    frame.click("[data-testid=all-questions]")
    frame.wait_for_selector("[data-testid=faq-search]")
    assert host.problems() == []


@pytest.fixture(scope="module")
def question_page(open_page: Callable[..., App], site_url: str) -> App:
    booted = open_page(f"{site_url}widget.html#q=must-discard")
    booted.page.wait_for_selector(QUESTION_SHOWN, state="attached", timeout=WAIT_MS)
    return booted


def test_an_unknown_question_says_so_with_the_nearest(question_page: App) -> None:
    page = question_page.page
    page.evaluate("() => { location.hash = 'q=must-discrad'; }")
    page.wait_for_selector('html[data-question-shown="unknown"]', state="attached")
    said = page.text_content("[data-testid=unknown-question] .notice-title")
    assert said == "There is no question “must-discrad”. The nearest questions:"
    assert "must-discard" in question_ids(page, "nearest-questions")
    page.click("[data-testid=nearest-questions] [data-question=must-discard] a")
    page.wait_for_selector(QUESTION_SHOWN, state="attached", timeout=WAIT_MS)
    assert question_page.problems() == []


def test_the_embed_code_of_a_question_leaves_hostile_origins_out(
    question_page: App, site_url: str
) -> None:
    """As for a ruling: the code is one iframe, every attribute escaped, its fragment the
    question's id and the valid origins only; each refusal named in one plain line."""
    page = question_page.page
    page.evaluate("() => { location.hash = 'q=must-discard'; }")
    page.wait_for_selector(QUESTION_SHOWN, state="attached", timeout=WAIT_MS)
    page.click("#embed-toggle")
    assert page.text_content("#embed-title") == "Embed this question"
    page.fill("#embed-origins", "\n".join(["https://ok.example", *HOSTILE_ORIGINS]))
    code = page.input_value("#embed-code")
    parsed = page.evaluate(PARSE_EMBED, code)
    assert parsed["elements"] == ["iframe"]
    assert parsed["page"] == site_url + "widget.html"
    assert parsed["origins"] == ["https://ok.example"]
    assert parsed["keys"] == ["q", "origin"]
    assert "#q=must-discard&" in code
    said = page.text_content("#embed-invalid") or ""
    assert said.startswith("Left out, not an origin:") and "\n" not in said
    assert page.evaluate("document.querySelectorAll('script:not([src]), iframe').length") == 0
    page.click("#embed-toggle")
    assert question_page.problems() == []


@pytest.mark.parametrize(("fragment", "drawn"), [
    ("q=dog", "[data-testid=faq-question][data-question=dog] [data-testid=ruling]"),
    ("faq", "[data-testid=faq-search]"),
    ("q=must-discrad", "[data-testid=unknown-question]"),
])
def test_the_faq_in_the_widget_is_accessible(
    question_page: App, site_url: str, fragment: str, drawn: str
) -> None:
    """No axe-core violation and no target under 44 px, on a phone: a question ruled, the
    FAQ searched, an unknown question."""
    page = question_page.page
    page.set_viewport_size({"width": 360, "height": 740})
    try:
        page.evaluate("(f) => { location.hash = f; }", fragment)
        page.wait_for_selector(drawn, timeout=WAIT_MS)
        if fragment == "faq":
            search(page, "wood")
        assert axe_violations(page, site_url) == []
        assert small_targets(page) == []
    finally:
        page.set_viewport_size({"width": 1280, "height": 720})
    assert question_page.problems() == []
