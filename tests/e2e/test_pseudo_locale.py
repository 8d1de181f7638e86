"""Every word a player reads comes from the message catalogue.

The pseudo-locale `x-pseudo` (built from the catalogue by tools/i18n.py) wraps each message
in ⟦ ⟧. Opened with `?lang=x-pseudo`, the board, its rule sheet, the widget and the FAQ must
show no visible text outside those brackets: a word the page or the core wrote without the
catalogue would stand bare. Numbers, signs and punctuation between messages are not words;
what the players typed (`data-typed`) and names that are the same in every language, such as
a rule's code (`translate="no"`), are not the catalogue's."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from pyapp.links import encode
from pyapp.rules import Request

from .board_harness import check_clean, open_board

# The visible text nodes (and the visible controls' accessible labels) that hold a word
# outside ⟦ ⟧: nested messages are taken out innermost first.
BARE_WORDS = """(root) => {
  const NOT_OURS = "[data-typed], [translate=no]";
  const bare = [];
  const outside = (text) => {
    let rest = text, before;
    do { before = rest; rest = rest.replace(/⟦[^⟦⟧]*⟧/g, " "); } while (rest !== before);
    return /\\p{L}/u.test(rest) ? text.trim().slice(0, 120) : null;
  };
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || !node.textContent.trim()) continue;
    if (el.closest(`script, style, template, ${NOT_OURS}`)) continue;
    if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
    const found = outside(node.textContent);
    if (found) bare.push(found);
  }
  for (const el of root.querySelectorAll("[aria-label], [title], [placeholder]")) {
    if (!el.checkVisibility({ checkVisibilityCSS: true }) || el.closest(NOT_OURS)) continue;
    for (const name of ["aria-label", "title", "placeholder"]) {
      const found = el.hasAttribute(name) ? outside(el.getAttribute(name)) : null;
      if (found) bare.push(`${name}: ${found}`);
    }
  }
  return [...new Set(bare)];
}"""

SHORT_OF_WOOD: dict[str, Any] = {
    "state": {"characters": [{"role": "cook"}, {"role": "explorer"}], "first_player": "cook",
              "shelter": "built", "roof": 0, "available": {"wood": 1}},
    "effect": {"demands": [{"kind": "discard", "wood": 2},
                           {"kind": "reduce", "track": "roof", "amount": 1}]},
}


def bare_words(page: Page, selector: str = "body") -> list[str]:
    found: list[str] = page.locator(selector).first.evaluate(BARE_WORDS)
    return found


def test_the_board_and_its_ruling_speak_only_the_catalogue(browser: Browser, site_url: str) -> None:
    """The board with a demand ruled, the ruling's details open, then the rule sheet."""
    booted, _ = open_board(browser, site_url, url="index.html?lang=x-pseudo",
                           viewport=(1280, 800))
    page = booted.page
    try:
        page.click("[data-testid=chip-discard]")
        page.click("[data-testid=d0-res-wood]")
        page.wait_for_selector("[data-testid=ruling][data-state=preview]")
        expect(page.locator("[data-testid=headline]")).to_contain_text("⟦")
        assert bare_words(page) == []
        page.locator("#panel [data-clause]").first.click()
        page.wait_for_selector("[data-testid=rule-entry][data-state=ruled]")
        assert bare_words(page, "#rule-dialog") == []
        check_clean(booted)
    finally:
        page.context.close()


def test_the_widget_speaks_only_the_catalogue(browser: Browser, site_url: str) -> None:
    link = encode(Request.model_validate(SHORT_OF_WOOD))
    booted, _ = open_board(browser, site_url, url=f"widget.html?lang=x-pseudo#r={link}",
                           viewport=(800, 900), wait=False)
    page = booted.page
    try:
        page.wait_for_selector('html[data-ruling-shown="true"]', state="attached",
                               timeout=120_000)
        assert bare_words(page) == []
        check_clean(booted)
    finally:
        page.context.close()


@pytest.mark.parametrize(("fragment", "shown"), [
    ("q=not-spent", 'html[data-question-shown="true"]'),
    ("faq", 'html[data-faq-shown="true"]'),
])
def test_the_widget_s_faq_speaks_only_the_catalogue(
    browser: Browser, site_url: str, fragment: str, shown: str
) -> None:
    """A FAQ question in the widget (its answer, rule and ruled example, its embed panel
    open), and the FAQ with its search."""
    booted, _ = open_board(browser, site_url, url=f"widget.html?lang=x-pseudo#{fragment}",
                           viewport=(800, 900), wait=False)
    page = booted.page
    try:
        page.wait_for_selector(shown, state="attached", timeout=120_000)
        page.click("#embed-toggle")
        assert bare_words(page) == []
        check_clean(booted)
    finally:
        page.context.close()


def test_the_faq_speaks_only_the_catalogue(browser: Browser, site_url: str) -> None:
    booted, _ = open_board(browser, site_url, url="faq.html?lang=x-pseudo",
                           viewport=(1280, 900), wait=False)
    page = booted.page
    try:
        page.wait_for_selector('html[data-faq-ready="true"]', state="attached",
                               timeout=120_000)
        page.wait_for_function("() => !document.querySelector('[data-state=pending]')")
        assert bare_words(page) == []
        check_clean(booted)
    finally:
        page.context.close()
