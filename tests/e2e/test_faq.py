"""The rules FAQ page: every entry of pyapp/data/faq.json, ruled live by the core in the page."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from pyapp.api import rule_json
from pyapp.links import decode
from pyapp.rules.clauses import CLAUSES
from pyapp.rules.faq import faq

from .harness import ROOT, App
from .test_widget import axe_violations

ENTRIES = faq().entries
# The rule's clauses all have a question; our rulings too, but R6 (a failed Action's
# resources: a board command, not a ruling) and R15 (the core cites the wound track's
# G-wound-track for it).
WITHOUT_EXAMPLE = {"R6", "R15"}


def cpython_ruling(entry_example: Any) -> dict[str, Any]:
    ruling: dict[str, Any] = json.loads(rule_json(entry_example.model_dump_json()))["ruling"]
    return ruling


def test_every_clause_and_ruling_has_a_question() -> None:
    asked = {e.clause for e in ENTRIES}
    wanted = {c for c in CLAUSES if c.startswith(("C", "R"))} - WITHOUT_EXAMPLE
    assert wanted <= asked, sorted(wanted - asked)


def test_answers_are_never_written_down() -> None:
    """The FAQ data holds examples, not answers; the page's files hold no ruling text."""
    data = json.loads((ROOT / "pyapp" / "data" / "faq.json").read_text())
    assert all(set(e) == {"id", "clause", "question", "setup", "example"} for e in data["entries"])
    sources = "".join(
        (ROOT / p).read_text() for p in ("faq.html", "static/faq/faq.js", "static/widget/view.js")
    )
    for entry in ENTRIES:
        for step in cpython_ruling(entry.example)["steps"]:
            assert step["text"] not in sources, step["text"]


@pytest.fixture(scope="module")
def faq_page(open_page: Callable[..., App], site_url: str) -> App:
    booted = open_page(site_url + "faq.html")
    booted.page.wait_for_selector('html[data-faq-ready="true"]', state="attached", timeout=120_000)
    return booted


def shown_steps(faq_page: App, entry_id: str) -> list[dict[str, str]]:
    steps: list[dict[str, str]] = faq_page.page.eval_on_selector_all(
        f"#{entry_id} [data-testid=steps] li",
        """els => els.map(e => ({clause: e.dataset.clause, certainty: e.dataset.certainty,
                               text: e.querySelector('.step-text').textContent,
                               says: e.querySelector('.certainty').textContent}))""",
    )
    return steps


def test_every_entry_is_ruled_live_and_cites_its_clause(faq_page: App) -> None:
    page = faq_page.page
    assert page.locator("[data-testid=faq-entry]").count() == len(ENTRIES)
    for entry in ENTRIES:
        article = page.locator(f"#{entry.id}")
        assert article.get_attribute("data-state") == "ruled", entry.id
        assert article.get_attribute("data-clause") == entry.clause
        assert entry.question in (article.locator(".question").text_content() or "")
        expected = cpython_ruling(entry.example)
        steps = shown_steps(faq_page, entry.id)
        assert [(s["clause"], s["certainty"], s["text"]) for s in steps] == [
            (s["clause"], s["certainty"], s["text"]) for s in expected["steps"]
        ], entry.id
        assert entry.clause in {s["clause"] for s in steps}, entry.id
    assert faq_page.problems() == []


def test_house_steps_say_there_is_no_official_ruling(faq_page: App) -> None:
    seen = 0
    for entry in ENTRIES:
        for step in shown_steps(faq_page, entry.id):
            if step["certainty"] != "house":
                continue
            seen += 1
            switch = CLAUSES[step["clause"]].switch
            assert step["says"] == (
                f"no official ruling; this app's default (switch: {switch})"
                if switch
                else "no official ruling; this app's default (no switch)"
            ), entry.id
    assert seen >= len([e for e in ENTRIES if e.clause.startswith("R")])


def test_open_on_the_board_carries_the_example(faq_page: App, site_url: str) -> None:
    page = faq_page.page
    for entry in ENTRIES:
        board = page.get_attribute(f"#{entry.id} [data-testid=open-board]", "href") or ""
        embed = page.get_attribute(f"#{entry.id} [data-testid=embed]", "href") or ""
        assert board.startswith("./index.html#r=") and embed.startswith("./widget.html#r=")
        payload = board.split("#r=", 1)[1]
        assert embed.endswith("#r=" + payload)
        assert decode(payload) == entry.example, entry.id


def test_the_board_drawing_shows_the_situation(faq_page: App) -> None:
    """Figures with their wound tracks, resources as cubes, what the ruling changes marked."""
    page = faq_page.page
    partial = page.locator("#partial")  # C1: 1 wood, the card asks for 3
    assert partial.locator("[data-testid=board] .figure").count() == 2
    assert partial.locator("[data-testid=available] .cube-wood").count() == 1
    assert partial.locator("[data-testid=available] .cube-wood.cube-spent").count() == 1
    assert partial.locator(".figure[data-figure=cook] .pip-new").count() == 2
    assert partial.locator("[data-testid=demands] li").all_text_contents() == ["Discard 3 wood"]
    assert faq_page.problems() == []


def test_the_faq_is_accessible(faq_page: App, site_url: str) -> None:
    assert axe_violations(faq_page.page, site_url) == []
