"""Each language speaks whole, and fits.

For every language with a catalogue (locale/<lang>.po), the board with a ruling and its rule
sheet, the FAQ and the widget are opened in it (`?lang=`) and read: no visible text is an
English message whose translation differs (a word the catalogue translates, shown in English:
untranslated). At 1180x820 (an iPad held landscape) and 390x844 (a phone) nothing is cut:
no text wider than its box where the box hides what overflows, and no page wider than the
window. x-pseudo (every message a third longer, as German runs) stands in for the longest
language. One page load per language and page, read at both sizes."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from babel.messages.pofile import read_po
from playwright.sync_api import Browser, Page

from pyapp.links import encode
from pyapp.rules import Request

from .board_harness import SETTLED, at, check_clean, open_board
from .harness import ROOT
from .test_pseudo_locale import SHORT_OF_WOOD

LANGUAGES = sorted(p.stem for p in (ROOT / "locale").glob("*.po"))
PSEUDO = "x-pseudo"  # a third longer than English: German's stand-in until de.po is merged
SIZES = {"ipad": (1180, 820), "phone": (390, 844)}
STORAGE_KEY = "castaway-referee.language"  # static/shared/i18n.js

# What a reader sees, as test_pseudo_locale.py reads it: each visible text node, and the
# accessible labels and titles of visible elements; what the players typed (data-typed) and
# names the same in every language (translate="no") are passed over.
SHOWN = """(root) => {
  const NOT_OURS = "[data-typed], [translate=no]";
  const shown = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || !node.textContent.trim()) continue;
    if (el.closest(`script, style, template, ${NOT_OURS}`)) continue;
    if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
    shown.push(node.textContent);
  }
  for (const el of root.querySelectorAll("[aria-label], [title], [placeholder]")) {
    if (!el.checkVisibility({ checkVisibilityCSS: true }) || el.closest(NOT_OURS)) continue;
    for (const name of ["aria-label", "title", "placeholder"]) {
      if (el.hasAttribute(name)) shown.push(el.getAttribute(name));
    }
  }
  return [...new Set(shown.map((t) => t.split(/\\s+/).filter(Boolean).join(" ")))];
}"""

# Text that does not fit: an element that holds text and hides what overflows it (overflow
# hidden or clip, or an ellipsis) while its text is wider or taller than its box; and the page
# itself wider than the window. Boxes that scroll on purpose (overflow auto or scroll) and
# what is visually hidden for screen readers are not cut.
CUT = """(root) => {
  const cut = [];
  const hasText = (el) => [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())
    || el.matches("button, input:not([type=checkbox]):not([type=radio]), select, summary, label");
  for (const el of root.querySelectorAll("*")) {
    if (!hasText(el) || el.closest(".visually-hidden, .sr-only, [data-typed], svg")) continue;
    if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
    const style = getComputedStyle(el);
    if (style.display === "inline" || style.display === "contents") continue;
    if (el.clientWidth <= 2 || el.clientHeight <= 2) continue; // visually hidden (screen readers)
    const hides = (v) => v === "hidden" || v === "clip";
    const wide = el.scrollWidth > el.clientWidth + 1;
    const tall = el.scrollHeight > el.clientHeight + 1;
    const hidesWide = hides(style.overflowX) || style.textOverflow === "ellipsis";
    if ((wide && hidesWide) || (tall && hides(style.overflowY))) {
      const where = el.closest("[data-testid]")?.dataset.testid ?? el.tagName.toLowerCase();
      const text = (el.textContent || el.value || "").trim().slice(0, 60);
      const box = `${el.scrollWidth}x${el.scrollHeight} in ${el.clientWidth}x${el.clientHeight}`;
      cut.push(`[${where}] "${text}" ${box}`);
    }
  }
  const page = document.documentElement;
  const width = page.scrollWidth;
  if (width > innerWidth + 1) cut.push(`the page is ${width} px wide in ${innerWidth}`);
  return cut;
}"""



def pattern_of(text: str) -> str:
    """A message as a regular expression: each {placeholder} any text."""
    parts = re.split(r"\{\w*\}", text.replace("{{", "{").replace("}}", "}"))
    return ".+?".join(map(re.escape, parts))


def compiled(patterns: list[str]) -> list[re.Pattern[str]]:
    return [re.compile(f"(?:{'|'.join(patterns[i:i + 200])})")
            for i in range(0, len(patterns), 200)]


class English:
    """The messages a language says otherwise than English: a text shown that is one of them
    (or one of them with its {placeholders} filled) is untranslated, unless it is also what
    the language says for another message (French says "Construction" too)."""

    def __init__(self, lang: str) -> None:
        with (ROOT / "locale" / f"{lang}.po").open("rb") as f:
            catalog = read_po(f, locale=lang)
        self.whole: set[str] = set()
        self.said: set[str] = set()
        templates: list[str] = []
        translated: list[str] = []
        for m in catalog:
            ids = tuple(m.id) if isinstance(m.id, tuple | list) else (m.id,)
            said = tuple(m.string) if isinstance(m.string, tuple | list) else (m.string,)
            if not ids[0] or not all(said):
                continue
            for text in (" ".join(str(s).split()) for s in said):
                self.said.add(text)
                if "{" in text and len(re.findall(r"\w", re.sub(r"\{\w*\}", "", text))) >= 3:
                    translated.append(pattern_of(text))  # not "{what}": it says anything
            if set(said) <= set(ids):
                continue
            for msgid in ids:
                text = " ".join(str(msgid).split())
                literal = re.sub(r"\{\w*\}", "", text)
                if not re.search(r"[A-Za-z]{2}", literal):
                    continue  # "{who}: {n}", "{sentence}.": nothing English of its own
                if "{" in text:
                    if len(re.findall(r"[A-Za-z]", literal)) < 8:
                        continue  # "{a} to {b}": too little English of its own to tell
                    templates.append(pattern_of(text))
                else:
                    self.whole.add(text)
        self.filled = compiled(templates)
        self.filled_said = compiled(translated)

    def untranslated(self, shown: list[str]) -> list[str]:
        english = [text for text in shown
                   if text in self.whole or any(p.fullmatch(text) for p in self.filled)]
        return [text for text in english if text not in self.said
                and not any(p.fullmatch(text) for p in self.filled_said)]


def read(page: Page, selector: str, english: English | None) -> list[str]:
    """What the reader sees there in English (nothing when the language is x-pseudo, whose
    bare words test_pseudo_locale.py finds)."""
    if english is None:
        return []
    shown: list[str] = page.locator(selector).first.evaluate(SHOWN)
    return english.untranslated(shown)


def cut(page: Page, selector: str = "body") -> list[str]:
    found: list[str] = page.locator(selector).first.evaluate(CUT)
    return found


def each_language() -> Iterator[Any]:
    yield from LANGUAGES
    yield pytest.param(PSEUDO, id=PSEUDO)


def english_of(lang: str) -> English | None:
    return None if lang == PSEUDO else English(lang)


@pytest.mark.parametrize("lang", each_language())
def test_the_board_a_ruling_and_its_rule_sheet_speak_the_language_and_fit(
        browser: Browser, site_url: str, lang: str) -> None:
    """A demand ruled (the ruling's steps open), Settings open with its language control,
    then the rule sheet: read at both sizes."""
    english = english_of(lang)
    booted, _ = open_board(browser, site_url, url=f"index.html?lang={lang}",
                           viewport=SIZES["ipad"])
    page = booted.page
    try:
        assert page.evaluate("document.documentElement.lang") == lang
        page.click("[data-testid=chip-discard]")
        page.click("[data-testid=d0-res-wood]")
        page.wait_for_selector("[data-testid=ruling][data-state=preview]")
        page.locator("[data-testid=region-game] details.house-rules > summary").click()
        page.wait_for_selector("[data-testid=language-picker][data-ready]")
        assert page.locator("[data-testid=language-picker]").input_value() == lang
        problems: dict[str, list[str]] = {}
        for size_name, size in SIZES.items():
            at(page, size)
            problems[f"{size_name}: English"] = read(page, "body", english)
            problems[f"{size_name}: cut"] = cut(page)
        page.locator("#panel [data-clause]").first.click()
        page.wait_for_selector("[data-testid=rule-entry][data-state=ruled]")
        for size_name, size in reversed(SIZES.items()):
            at(page, size)
            problems[f"{size_name}, rule sheet: English"] = read(page, "#rule-dialog", english)
            problems[f"{size_name}, rule sheet: cut"] = cut(page, "#rule-dialog")
        assert {k: v for k, v in problems.items() if v} == {}
        check_clean(booted)
    finally:
        page.context.close()


@pytest.mark.parametrize("lang", each_language())
def test_the_faq_speaks_the_language_and_fits(browser: Browser, site_url: str,
                                              lang: str) -> None:
    """Every question, with its worked example ruled; the FAQ links itself in each language."""
    english = english_of(lang)
    booted, _ = open_board(browser, site_url, url=f"faq.html?lang={lang}",
                           viewport=SIZES["phone"], wait=False)
    page = booted.page
    try:
        page.wait_for_selector('html[data-faq-ready="true"]', state="attached",
                               timeout=120_000)
        page.wait_for_function("() => !document.querySelector('[data-state=pending]')")
        if lang != PSEUDO:
            page.wait_for_selector(f"[data-testid=faq-language-{lang}][aria-current]")
        problems = {}
        for size_name, size in SIZES.items():
            page.set_viewport_size({"width": size[0], "height": size[1]})
            problems[f"{size_name}: English"] = read(page, "body", english)
            problems[f"{size_name}: cut"] = cut(page)
        assert {k: v for k, v in problems.items() if v} == {}
        check_clean(booted)
    finally:
        page.context.close()


@pytest.mark.parametrize("lang", each_language())
def test_the_widget_speaks_the_language_of_its_fragment_and_fits(
        browser: Browser, site_url: str, lang: str) -> None:
    """The embed code's `lang=`: the situation and its ruling in that language."""
    english = english_of(lang)
    link = encode(Request.model_validate(SHORT_OF_WOOD))
    booted, _ = open_board(browser, site_url, url=f"widget.html#r={link}&lang={lang}",
                           viewport=SIZES["phone"], wait=False)
    page = booted.page
    try:
        page.wait_for_selector('html[data-ruling-shown="true"]', state="attached",
                               timeout=120_000)
        assert page.evaluate("document.documentElement.lang") == lang
        problems = {}
        for size_name, size in SIZES.items():
            page.set_viewport_size({"width": size[0], "height": size[1]})
            problems[f"{size_name}: English"] = read(page, "body", english)
            problems[f"{size_name}: cut"] = cut(page)
        assert {k: v for k, v in problems.items() if v} == {}
        check_clean(booted)
    finally:
        page.context.close()


def test_the_languages_offered_are_those_the_build_has() -> None:
    """Settings and the FAQ offer English and each language with a catalogue, by its own
    name, from the build's list (never a copy kept by hand in the page)."""
    import json

    offered = json.loads((ROOT / "static" / "locale" / "languages.json").read_text("utf-8"))
    assert [o["code"] for o in offered] == ["en", *LANGUAGES]
    names = {"en": "English", "pl": "Polski", "de": "Deutsch", "fr": "Français", "es": "Español"}
    assert all(o["name"] == names[o["code"]] for o in offered if o["code"] in names)
    quoted = re.compile(r"['\"`](?:Polski|Deutsch|Français|Español)['\"`]")
    by_hand = [p.name for p in (ROOT / "static").rglob("*.js")
               if "vendor" not in p.parts and quoted.search(p.read_text("utf-8"))]
    assert by_hand == []


FIRST = LANGUAGES[0] if LANGUAGES else None


@pytest.mark.skipif(FIRST is None, reason="no locale/<lang>.po yet: English alone is offered")
def test_the_browsers_language_is_first_and_settings_change_it_at_once(
        browser: Browser, site_url: str) -> None:
    """Nothing remembered, the browser's language is spoken (and not remembered); Settings'
    control switches the board, its ruling and the core to English at once, and keeps it."""
    assert FIRST is not None
    booted, _ = open_board(browser, site_url, url="index.html", viewport=SIZES["ipad"],
                           locale=f"{FIRST}-XX")
    page = booted.page
    try:
        assert page.evaluate("document.documentElement.lang") == FIRST
        assert page.evaluate(f"localStorage.getItem('{STORAGE_KEY}')") is None
        page.click("[data-testid=chip-discard]")
        page.click("[data-testid=d0-res-wood]")
        page.wait_for_selector("[data-testid=ruling][data-state=preview]")
        before = page.locator("[data-testid=headline]").inner_text()
        page.locator("[data-testid=region-game] details.house-rules > summary").click()
        page.wait_for_selector("[data-testid=language-picker][data-ready]")
        page.select_option("[data-testid=language-picker]", "en")
        page.wait_for_selector("html[lang=en]", state="attached")
        page.wait_for_function(SETTLED)
        page.wait_for_function("(before) => { const h = document.querySelector("
                               "'[data-testid=headline]'); return h && h.innerText !== before"
                               " && /suffers/.test(h.innerText); }", arg=before)
        assert page.locator("[data-testid=region-game] details.house-rules > summary"
                            ).inner_text().strip() == "Settings"
        assert page.evaluate(f"localStorage.getItem('{STORAGE_KEY}')") == "en"
        check_clean(booted)
    finally:
        page.context.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_first_player_token_reads_in_the_language(browser: Browser, site_url: str,
                                                      lang: str) -> None:
    """The First Player token's face is the catalogue's word for "1st" in the board's
    language, drawn by the stylesheet from the token's data (read by this test as the
    players see it), so the token's name stays what it says it does."""
    with (ROOT / "locale" / f"{lang}.po").open("rb") as f:
        face = read_po(f, locale=lang)["1st"].string
    booted, _ = open_board(browser, site_url, url=f"index.html?lang={lang}",
                           viewport=SIZES["ipad"])
    page = booted.page
    try:
        token = page.locator("[data-testid=fp-token] .fp-token")
        drawn = token.evaluate("(e) => getComputedStyle(e, '::after').content")
        assert drawn == f'"{face}"' and face != "1st"
        assert cut(page, "[data-testid=fp-token]") == []
        check_clean(booted)
    finally:
        page.context.close()
