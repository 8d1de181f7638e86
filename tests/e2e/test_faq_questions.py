"""The FAQ page's questions: each at its own stable address (`faq.html#q=<id>`), its answer
opening in one line before the reasoning, an unknown id said plainly with the nearest
questions, an Embed… button writing the question's embed code, and, on a phone, a filter that
folds the intro away and brings the first hit to the top."""

from __future__ import annotations

from collections.abc import Callable

from pyapp.rules.faq import faq

from .harness import App
from .test_faq import READY, unobscured
from .test_widget import HOSTILE_ORIGINS, PARSE_EMBED, axe_violations, small_targets

ENTRIES = {e.id: e for e in faq().entries}
PHONE = {"width": 390, "height": 844}


def test_a_question_s_own_address_shows_it_answer_first(
    open_page: Callable[..., App], site_url: str
) -> None:
    booted = open_page(site_url + "faq.html#q=not-spent")
    page = booted.page
    page.wait_for_selector(READY, state="attached", timeout=120_000)
    assert page.eval_on_selector_all(".is-target", "els => els.map((e) => e.id)") == ["not-spent"]
    assert unobscured(page, "#not-spent .question")
    first = page.eval_on_selector(
        "#not-spent", "(e) => e.querySelector('.question').nextElementSibling.dataset.testid"
    )
    assert first == "faq-answer"
    assert page.text_content("#not-spent [data-testid=faq-answer]") == ENTRIES["not-spent"].answer
    link = page.get_attribute("#not-spent [data-testid=question-link]", "href")
    assert link == "#q=not-spent"
    assert booted.problems() == []


def test_an_unknown_question_is_said_with_the_nearest(
    open_page: Callable[..., App], site_url: str
) -> None:
    booted = open_page(site_url + "faq.html#q=must-discrad")
    page = booted.page
    page.wait_for_selector(READY, state="attached", timeout=120_000)
    notice = page.locator("[data-testid=unknown-question]")
    assert notice.locator(".notice-title").text_content() == (
        "There is no question “must-discrad”. The nearest questions:"
    )
    notice.locator("[data-question=must-discard]").click()
    page.wait_for_function("() => document.activeElement.id === 'must-discard'")
    assert page.locator("[data-testid=unknown-question]").count() == 0
    assert booted.problems() == []


def test_embed_a_question_from_the_faq(open_page: Callable[..., App], site_url: str) -> None:
    """Each question's Embed… writes the widget's embed code for it: one iframe, the valid
    origins only, each refusal named in one line."""
    booted = open_page(site_url + "faq.html#q=dog")
    page = booted.page
    page.wait_for_selector(READY, state="attached", timeout=120_000)
    page.click("#dog [data-testid=embed-question]")
    panel = page.locator("#dog [data-testid=embed-question-panel]")
    panel.locator("[data-testid=embed-origins]").fill(
        "\n".join(["https://ok.example", *HOSTILE_ORIGINS])
    )
    code = panel.locator("[data-testid=embed-code]").input_value()
    parsed = page.evaluate(PARSE_EMBED, code)
    assert parsed["elements"] == ["iframe"]
    assert parsed["page"] == site_url + "widget.html"
    assert parsed["origins"] == ["https://ok.example"]
    assert parsed["keys"] == ["q", "origin"]
    said = panel.locator("[data-testid=embed-invalid]").text_content() or ""
    assert said.startswith("Left out, not an origin:") and "\n" not in said
    assert axe_violations(page, site_url) == []
    assert small_targets(page) == []
    assert booted.problems() == []


def test_filtering_on_a_phone_folds_the_intro_and_shows_the_first_hit(
    open_page: Callable[..., App], site_url: str
) -> None:
    booted = open_page(site_url + "faq.html")
    page = booted.page
    page.set_viewport_size(PHONE)
    page.wait_for_selector(READY, state="attached", timeout=120_000)
    assert page.is_visible(".faq .hint")
    page.fill("[data-testid=faq-filter]", "Jenny")
    first = page.eval_on_selector("#faq-list [data-search]:not([hidden])", "(e) => e.id")
    assert not page.is_visible(".faq .hint")
    where = page.evaluate(
        """(id) => [document.getElementById(id).getBoundingClientRect().top,
                   document.querySelector('.faq-side').getBoundingClientRect().bottom, scrollY]""",
        first,
    )
    assert unobscured(page, f"[id='{first}'] .question"), where
    page.fill("[data-testid=faq-filter]", "")
    assert page.is_visible(".faq .hint")
    assert booted.problems() == []
