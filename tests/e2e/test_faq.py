"""The rules FAQ page: every entry of pyapp/data/faq.json, ruled live by the core in the page;
every rule code an anchor (faq.html#C6), the sources explained and linked, contents and a
search that work on a tablet either way up."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import Page

from pyapp.api import rule_json
from pyapp.links import decode
from pyapp.rules.clauses import CLAUSES, PARTS
from pyapp.rules.faq import cited_sources, faq

from .board_harness import unobscured
from .harness import ROOT, App
from .test_widget import SIZE_IDS, SIZES, axe_violations, small_targets

ENTRIES = faq().entries
SOURCES = {s.key: s for s in faq().sources}
READY = 'html[data-faq-ready="true"]'
WIDE = 1024  # from this width on, the contents are a sidebar
# The rule's clauses all have a question; our rulings too, but R15 (the core cites the wound
# track's G-wound-track for it).
WITHOUT_EXAMPLE = {"R15"}


def cpython_ruling(entry_example: Any) -> dict[str, Any]:
    ruling: dict[str, Any] = json.loads(rule_json(entry_example.model_dump_json()))["ruling"]
    return ruling


def test_every_clause_and_ruling_has_a_question() -> None:
    asked = {e.clause for e in ENTRIES}
    wanted = {c for c in CLAUSES if c.startswith(("C", "R"))} - WITHOUT_EXAMPLE
    assert wanted <= asked, sorted(wanted - asked)


def test_rulings_are_never_written_down() -> None:
    """The FAQ data holds examples and each question's one-line answer (said through the
    catalogue), never a ruling: the page's files hold no ruling text."""
    data = json.loads((ROOT / "pyapp" / "data" / "faq.json").read_text())
    keys = {"id", "clause", "question", "answer", "setup", "example"}
    assert all(set(e) == keys for e in data["entries"])
    sources = "".join(
        (ROOT / p).read_text() for p in ("faq.html", "static/faq/faq.js", "static/shared/view.js")
    )
    for entry in ENTRIES:
        for step in cpython_ruling(entry.example)["steps"]:
            assert step["text"] not in sources, step["text"]


@pytest.fixture(scope="module")
def faq_page(open_page: Callable[..., App], site_url: str) -> App:
    booted = open_page(site_url + "faq.html")
    booted.page.wait_for_selector(READY, state="attached", timeout=120_000)
    return booted


def shown_steps(faq_page: App, entry_id: str) -> list[dict[str, str]]:
    steps: list[dict[str, str]] = faq_page.page.eval_on_selector_all(
        f"#{entry_id} [data-testid=steps] li",
        """els => els.map(e => ({clause: e.dataset.clause, certainty: e.dataset.certainty,
                               text: e.querySelector('.step-text').textContent,
                               says: e.querySelector('.certainty').textContent}))""",
    )
    return steps


def switch_words(faq_page: App, key: str) -> str:
    """A house-rule switch as the page says it (Settings' words, static/shared/labels.js)."""
    words: str = faq_page.page.evaluate(
        "async (key) => (await import('./static/shared/view.js')).switchWords(key)", key
    )
    assert words.startswith("“") and key not in words
    return words


def test_every_entry_is_ruled_live_and_cites_its_clause(faq_page: App) -> None:
    page = faq_page.page
    shown = page.eval_on_selector_all("[data-testid=faq-entry]", "els => els.map((e) => e.id)")
    assert shown == [e.id for e in ENTRIES]  # in the data's order
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
    """A step that rests on a house ruling says so and names its switch; and each question
    about a ruling that is ours (the clause, or one of its parts, a house ruling) shows at
    least one such step. Rulings that restate or combine stated rules are not "house"."""
    for entry in ENTRIES:
        house = 0
        for step in shown_steps(faq_page, entry.id):
            if step["certainty"] != "house":
                continue
            house += 1
            switch = CLAUSES[step["clause"]].switch
            assert step["says"].startswith("No official ruling"), entry.id
            assert (f"(switch: {switch_words(faq_page, switch)} in Settings)" if switch
                    else "with no switch") in step["says"], entry.id
            assert not switch or switch not in step["says"], entry.id  # its words, not its key
        expected = cpython_ruling(entry.example)["steps"]
        assert house == sum(s["certainty"] == "house" for s in expected), entry.id
    assert any(CLAUSES[e.clause].certainty == "house" for e in ENTRIES)


def test_each_ruling_says_how_sure_it_is(faq_page: App) -> None:
    """Every example's ruling says how sure it is as a whole (its weakest deciding step, as
    the core computes it): official, follows from the rules, or no official ruling, naming
    the house-rule switch when there is one."""
    grades = set()
    for entry in ENTRIES:
        expected = cpython_ruling(entry.example)
        sure = faq_page.page.locator(f"#{entry.id} [data-testid=ruling-certainty]")
        grade = sure.get_attribute("data-grade")
        switches = {CLAUSES[c.split(".")[0]].switch for c in expected["rests_on"]} - {None}
        want = {"stated": "official", "derived": "derived"}.get(
            expected["certainty"], "switch" if switches else "house"
        )
        assert grade == want, entry.id
        said = sure.text_content() or ""
        for rest in expected["rests_on"]:
            # A part of a ruling is named in words ("R8: Halving 0"), never by its id.
            if rest in PARTS:
                assert f"{PARTS[rest][0].id}: {PARTS[rest][1].title}" in said, entry.id
                assert rest not in said, entry.id
            else:
                assert rest in said, entry.id
        grades.add(grade)
    assert {"official", "derived", "switch"} <= grades


def test_a_rule_with_several_questions_shows_each_under_its_code(faq_page: App) -> None:
    """A rule asked about more than once (C1: a shortfall, wood-or-food, perishable food only)
    keeps every question under its code, in the data's order, each ruled."""
    by_clause: dict[str, list[str]] = {}
    for entry in ENTRIES:
        by_clause.setdefault(entry.clause, []).append(entry.id)
    several = {c: ids for c, ids in by_clause.items() if len(ids) > 1}
    assert {"C1", "C3", "C14", "G-use", "R8"} <= set(several)
    for clause, ids in several.items():
        shown = faq_page.page.eval_on_selector_all(
            f"[id='{clause}'] > .faq-entry", "els => els.map((e) => [e.id, e.dataset.state])"
        )
        assert shown == [[i, "ruled"] for i in ids], clause


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
    assert partial.locator(".figure[data-figure=cook] .wd-new").count() == 2
    assert partial.locator("[data-testid=demands] li").all_text_contents() == ["Discard 3 wood"]
    assert faq_page.problems() == []


def test_the_faq_is_accessible(faq_page: App, site_url: str) -> None:
    assert axe_violations(faq_page.page, site_url) == []
    assert small_targets(faq_page.page) == []


# ------------------------------------------------------------------ anchors


def test_every_rule_code_has_an_anchor(faq_page: App) -> None:
    """faq.html#<code> reaches every code of the catalogue: the code's element holds its
    question (which keeps its own id, for older links) or, without one, the rule's card."""
    found = faq_page.page.evaluate(
        """(codes) => codes.map((code) => {
          const anchor = document.getElementById(code);
          const item = anchor && anchor.querySelector(":scope > .faq-entry, :scope > .faq-clause");
          return [code, item ? item.dataset.clause : null];
        })""",
        list(CLAUSES),
    )
    assert found == [[code, code] for code in CLAUSES]
    for entry in ENTRIES:
        assert faq_page.page.locator(f"[id='{entry.clause}'] > #{entry.id}").count() == 1



@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_a_link_to_a_rule_code_shows_that_rule(
    open_page: Callable[..., App], site_url: str, size: tuple[int, int]
) -> None:
    """faq.html#C6, as the board links it: once the examples are ruled, C6's question is at
    the top of the screen, in view and marked."""
    booted = open_page(site_url + "faq.html#C6")
    page = booted.page
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.wait_for_selector(READY, state="attached", timeout=120_000)
    marked = page.eval_on_selector_all(".is-target", "els => els.map((e) => e.id)")
    assert marked == ["resolving-character"]
    assert unobscured(page, "#C6 .question")
    top = page.eval_on_selector("#C6 .question", "(e) => e.getBoundingClientRect().top")
    assert 0 <= top < 160
    assert axe_violations(page, site_url) == []
    assert small_targets(page) == []
    assert booted.problems() == []


def test_codes_in_any_case_and_the_steps_lead_to_their_rule(faq_page: App) -> None:
    """A code in lower case still finds its rule, and the keyboard goes there; a step's code
    in an example is a link to its rule."""
    page = faq_page.page
    page.evaluate("() => { location.hash = 'g-wound-track'; }")
    page.wait_for_function("() => document.activeElement.dataset.clause === 'G-wound-track'")
    assert page.eval_on_selector_all(".is-target", "els => els.map((e) => e.dataset.clause)") == [
        "G-wound-track"
    ]
    assert unobscured(page, "#G-wound-track .question")
    chip = page.locator("#tied-up [data-testid=steps] li[data-clause=C2] a.clause-link")
    assert chip.get_attribute("href") == "#C2"
    chip.click()
    page.wait_for_function("() => document.activeElement.id === 'tied-up'")
    assert page.eval_on_selector_all(".is-target", "els => els.map((e) => e.id)") == ["tied-up"]
    assert unobscured(page, "#C2 .question")
    assert faq_page.problems() == []


# Fragments that are not valid percent-encoding: decodeURIComponent throws "URI malformed" on
# each of them.
MALFORMED_FRAGMENTS = ["%E0%A4%A", "%", "%ZZ", "C6%", "%C0%80", "%ED%A0%80"]


@pytest.mark.parametrize("fragment", MALFORMED_FRAGMENTS[:2])
def test_a_malformed_fragment_opens_the_whole_faq(
    open_page: Callable[..., App], site_url: str, fragment: str
) -> None:
    """faq.html#%E0%A4%A (not valid percent-encoding) is a link to nothing: the FAQ opens
    whole, at the top, with no error shown or logged."""
    booted = open_page(f"{site_url}faq.html#{fragment}")
    page = booted.page
    page.wait_for_selector(READY, state="attached", timeout=120_000)
    assert page.get_attribute("#faq-list", "data-state") == "ready"
    assert page.locator("[data-testid=faq-entry]").count() == len(ENTRIES)
    assert page.locator("#faq-list [role=alert]").count() == 0
    assert page.locator(".is-target").count() == 0
    assert booted.problems() == []


def test_malformed_fragments_after_loading_change_nothing(faq_page: App) -> None:
    """Every malformed fragment, reached by hashchange, leaves the FAQ as it is; a good one
    after them still goes to its rule."""
    page = faq_page.page
    for fragment in MALFORMED_FRAGMENTS:
        page.evaluate("(f) => { location.hash = f; }", fragment)
        page.wait_for_function("(f) => location.hash === '#' + f", arg=fragment)
        assert page.get_attribute("#faq-list", "data-state") == "ready", fragment
        assert page.locator("[data-testid=faq-entry]").count() == len(ENTRIES), fragment
    page.evaluate("() => { location.hash = 'C6'; }")
    page.wait_for_function("() => document.activeElement.id === 'resolving-character'")
    assert faq_page.problems() == []


# ------------------------------------------------------------------ sources


def test_sources_are_explained_and_linked(faq_page: App) -> None:
    """No bare source code ("DZ-UD") stands for a source: each rule links to the public pages
    it comes from, or says it is our own ruling; the sources section explains each one."""
    page = faq_page.page
    for code, clause in CLAUSES.items():
        quote = page.locator(f"[id='{code}'] .clause-quote").first
        keys = cited_sources(clause.source)
        expected = [SOURCES[k].url for k in keys if SOURCES[k].url]
        if any(SOURCES[k].url is None for k in keys):
            expected.append("#source-rulings.md")
        hrefs = quote.locator("a.source-link").evaluate_all(
            "els => els.map((e) => e.getAttribute('href'))"
        )
        assert hrefs == expected, code
        assert not any(k in (quote.text_content() or "") for k in keys), code
    for key, source in SOURCES.items():
        item = page.locator(f"[id='source-{key}']")
        assert source.about in (item.text_content() or ""), key
        if source.url:
            link = item.locator("a.source-link")
            assert link.get_attribute("href") == source.url
            assert link.get_attribute("target") == "_blank"
            assert "noopener" in (link.get_attribute("rel") or "")
    assert faq_page.problems() == []


# ------------------------------------------------------------------ contents and search


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_contents_and_search_at_every_size(
    faq_page: App, site_url: str, size: tuple[int, int]
) -> None:
    """Wide, the contents are a sidebar; upright, a "Contents" button opens them and a tap on
    a question closes them. The search narrows the questions and the contents. No axe-core
    violation and no target under 44 px in any of these states."""
    page = faq_page.page
    page.set_viewport_size({"width": size[0], "height": size[1]})
    toc, toggle = page.locator("[data-testid=faq-toc]"), page.locator("[data-testid=toc-toggle]")
    try:
        page.evaluate("() => window.scrollTo(0, 0)")
        if size[0] >= WIDE:
            assert toc.is_visible() and toggle.is_hidden()
        else:
            assert toc.is_hidden()
            toggle.click()
            assert toc.is_visible() and toggle.get_attribute("aria-expanded") == "true"
            assert axe_violations(page, site_url) == []
            assert small_targets(page) == []
            page.keyboard.press("Escape")
            assert toc.is_hidden() and page.evaluate("document.activeElement.id") == "toc-toggle"
            toggle.click()
            page.click("h1")  # a tap elsewhere closes them
            assert toc.is_hidden()
            toggle.click()
        toc.locator("a[href='#C7']").click()
        # "hashchange" comes a task after the address changes: wait for what it draws.
        page.wait_for_function(
            "() => location.hash === '#C7'"
            " && document.querySelector('.is-target')?.id === 'event-combat'"
        )
        assert page.eval_on_selector_all(".is-target", "els => els.map((e) => e.id)") == [
            "event-combat"
        ]
        assert unobscured(page, "#C7 .question")
        assert toc.locator("a[aria-current]").get_attribute("href") == "#C7"
        if size[0] < WIDE:
            assert toc.is_hidden()
        assert axe_violations(page, site_url) == []
        assert small_targets(page) == []

        page.fill("[data-testid=faq-filter]", "Friday")
        count = page.text_content("[data-testid=filter-count]") or ""
        assert re.fullmatch(r"Found: \d+ rules?( and \d+ sources?)?\.", count), count
        shown = page.eval_on_selector_all(
            "[data-testid=faq-entry]",
            "els => els.filter((e) => e.checkVisibility()).map((e) => e.id)",
        )
        assert "friday-alone" in shown and "partial" not in shown
        if size[0] < WIDE:
            toggle.click()
        codes = toc.locator(".toc-link:visible").evaluate_all(
            "els => els.map((e) => e.dataset.code)"
        )
        assert "R2" in codes and "C1" not in codes, codes
        assert axe_violations(page, site_url) == []
        assert small_targets(page) == []
        if size[0] < WIDE:
            toggle.click()
        page.fill("[data-testid=faq-filter]", "c1")  # a rule code alone: that rule only
        assert page.text_content("[data-testid=filter-count]") == "Found: 1 rule."
        assert page.eval_on_selector_all(
            ".code-anchor", "els => els.filter((e) => !e.hidden).map((e) => e.id)"
        ) == ["C1"]
        page.fill("[data-testid=faq-filter]", "no such words")  # the core is asked first
        page.wait_for_function(
            "() => document.querySelector('[data-testid=filter-count]').textContent !== ''"
        )
        assert page.text_content("[data-testid=filter-count]") == "Nothing matches “no such words”."
        assert page.locator("[data-testid=faq-entry]:visible").count() == 0
        page.click("[data-testid=filter-clear]")
        assert page.locator("[data-testid=faq-entry]:visible").count() == len(ENTRIES)
        assert page.text_content("[data-testid=filter-count]") == ""
    finally:
        page.fill("[data-testid=faq-filter]", "")
        page.set_viewport_size({"width": 1280, "height": 720})
    assert faq_page.problems() == []


# ------------------------------------------------------------------ on a phone

PHONE = (390, 844)


@pytest.fixture(scope="module")
def phone_faq(open_page: Callable[..., App], site_url: str) -> Iterator[Page]:
    booted = open_page(site_url + "faq.html#q=not-spent")
    booted.page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    booted.page.wait_for_selector("html[data-faq-ready=true]", state="attached", timeout=120_000)
    yield booted.page
    assert booted.problems() == []


def bar_height(page: Page) -> float:
    height: float = page.eval_on_selector(".faq-side", "(e) => e.getBoundingClientRect().height")
    return height


def test_on_a_phone_a_linked_question_opens_below_a_slim_search_bar(phone_faq: Page) -> None:
    """faq.html#q=not-spent on a phone: the question and its answer are in view, not under the
    sticky bar, which keeps to a tenth of the screen; its contents button keeps its name."""
    assert bar_height(phone_faq) <= PHONE[1] / 10
    assert unobscured(phone_faq, "#not-spent .question")
    assert unobscured(phone_faq, "#not-spent [data-testid=faq-answer]")
    assert phone_faq.get_by_role("button", name="Contents").count() == 1


@pytest.mark.parametrize(("typed", "found"), [
    ("can I refuse to use my Discovry token to avoid a Wound?", "not-spent"),
    ("discovry token wound", "not-spent"),
    ("does fridy eat when alone", "friday-alone"),
])
def test_a_question_in_ones_own_words_with_a_typo_finds_its_answer(
    phone_faq: Page, typed: str, found: str
) -> None:
    """Nothing holds every word typed: the core's typo-tolerant search shows the nearest
    questions' rules, the answer on screen, the bar still slim with its count."""
    try:
        phone_faq.fill("[data-testid=faq-filter]", typed)
        phone_faq.wait_for_function(
            "() => /^Found: /"
            ".test(document.querySelector('[data-testid=filter-count]').textContent)"
        )
        assert phone_faq.locator(f"#{found}").is_visible()
        assert unobscured(phone_faq, f"#{found} [data-testid=faq-answer]")
        assert bar_height(phone_faq) <= PHONE[1] / 8
    finally:
        phone_faq.fill("[data-testid=faq-filter]", "")
