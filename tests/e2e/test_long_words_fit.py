"""Long words stay clear of the controls beside them.

German runs long: "Entschlossenheit" (Determination) on a character's card held landscape,
between its − and + buttons, and "Hinzufügen" (Add) beside the "More kinds…" list in the
card's panel. On an iPad held landscape (1180x820) each word ends before the next control
begins, and each control lies inside the panel: nothing is drawn under a button, nothing is
cut at the panel's edge. The toolbar's words ("Rückgängig", "Exportieren"...) keep the header
to one line in every language, so the table starts as high as in English."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from .board_harness import check_clean, discard, open_board

pytestmark = pytest.mark.e2e

IPAD = (1180, 820)

# Each character's Determination: its word's box and its + button's box.
DETERMINATION = """() => [...document.querySelectorAll("#board .det-row")].map((row) => {
  const word = row.querySelector(".count-label").getBoundingClientRect();
  const plus = row.querySelector("button:last-of-type").getBoundingClientRect();
  const minus = row.querySelector("button").getBoundingClientRect();
  return {word: [word.left, word.right], minus: minus.right, plus: plus.left,
          text: row.querySelector(".count-label").textContent};
})"""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_long_words_end_before_the_next_control(browser: Browser, site_url: str,
                                                lang: str) -> None:
    booted, _ = open_board(browser, site_url, url=f"?lang={lang}", viewport=IPAD)
    page = booted.page
    try:
        rows = page.evaluate(DETERMINATION)
        assert rows, "no character's Determination on the board"
        for row in rows:
            left, right = row["word"]
            assert row["minus"] <= left + 0.5 and right <= row["plus"] + 0.5, row
        panel = page.locator("[data-testid=panel]").bounding_box()
        add = page.locator("[data-testid=compose-add]").bounding_box()
        kinds = page.locator("[data-testid=compose-kind]").bounding_box()
        assert panel and add and kinds
        assert add["x"] + add["width"] <= panel["x"] + panel["width"], (add, panel)
        assert kinds["x"] + kinds["width"] <= add["x"], (kinds, add)
        assert add["width"] >= 44 and kinds["width"] >= 44  # both still a finger's size
        check_clean(booted)
    finally:
        page.context.close()


# The header's height, and each toolbar item's top: one line when they all share one top.
HEADER = """() => ({height: document.querySelector(".site-header").getBoundingClientRect().height,
  tops: [...document.querySelectorAll("#toolbar-items > *")].map(
    (el) => Math.round(el.getBoundingClientRect().top))})"""


@pytest.mark.parametrize("lang", ["en", "de", "fr", "pl", "es"])
def test_the_header_keeps_to_one_line(browser: Browser, site_url: str, lang: str) -> None:
    """Landscape, the rules ready: the title, the green dot and the whole toolbar on one
    line, the header no taller than its buttons' row (44 px) and its padding."""
    booted, _ = open_board(browser, site_url, url=f"?lang={lang}", viewport=IPAD)
    page = booted.page
    try:
        page.wait_for_selector("#rules-status[data-state=ready]", state="attached")
        header = page.evaluate(HEADER)
        assert len(set(header["tops"])) == 1, header
        assert header["height"] <= 60, header
        check_clean(booted)
    finally:
        page.context.close()


def test_choosing_the_shelter_moves_nothing_in_german(browser: Browser, site_url: str) -> None:
    """Landscape, in German: a tap on "Natürlich" marks it chosen without widening it (a bold
    "Natürlich" pushed "Unterschlupf" onto a line of its own and the camp's rows below it
    down, under the finger)."""
    booted, _ = open_board(browser, site_url, url="?lang=de", viewport=IPAD)
    page = booted.page
    try:
        rows = ("() => [...document.querySelectorAll('#board .camp-row')]"
                ".map((r) => r.getBoundingClientRect().top)")
        natural = page.locator("[data-key=shelter-natural]")
        before, width = page.evaluate(rows), natural.bounding_box()
        natural.click()
        page.wait_for_selector('[data-key=shelter-natural][aria-pressed="true"]')
        after = natural.bounding_box()
        assert page.evaluate(rows) == before
        assert width and after and after["width"] == width["width"], (width, after)
        check_clean(booted)
    finally:
        page.context.close()


def test_on_a_small_phone_every_level_of_the_camp_is_on_screen(browser: Browser,
                                                              site_url: str) -> None:
    """A 360 px phone: the Roof's, the Palisade's and the Weapon's 5 (a row of 44 px squares)
    wrap under their name instead of running off the screen, where nobody could reach them."""
    booted, _ = open_board(browser, site_url, viewport=(360, 780), mobile=True)
    page = booted.page
    try:
        rights = page.evaluate(
            "() => [...document.querySelectorAll('#board .camp-row .level')]"
            ".map((b) => b.getBoundingClientRect().right)")
        assert rights and max(rights) <= 360, max(rights)
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        check_clean(booted)
    finally:
        page.context.close()


# Each header of the Wounds table: its words, and whether they overflow their column.
WOUNDS_HEADERS = """() => [...document.querySelectorAll('[data-testid=wounds] thead th')].map(
  (th) => [th.textContent, th.scrollWidth, th.clientWidth])"""
# Each resource's name in the piles: its words, and the lines they take.
KIND_NAMES = """() => [...document.querySelectorAll('#board .pile .kind-name')].map((e) => {
  const range = document.createRange();
  range.selectNodeContents(e);
  const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  return [e.textContent, lines, e.textContent.trim().split(/\\s+/).length, e.scrollWidth,
          e.clientWidth];
})"""


def test_the_wounds_tables_headers_keep_to_their_columns_on_a_phone_in_german(
        browser: Browser, site_url: str) -> None:
    """"Unerfüllbarer Bedarf", "Moralpfeile": on a 390 px phone a German header longer than
    its column breaks (hyphenated where the browser can) instead of running into the next
    header ("UnerfüllbAndere")."""
    booted, _ = open_board(browser, site_url, url="?lang=de", viewport=(390, 844), mobile=True)
    page = booted.page
    try:
        discard(page, "wood", 2)  # none on the table: 2 short, Wounds for each character
        page.wait_for_selector("[data-testid=ruling][data-state=preview]")
        headers = page.evaluate(WOUNDS_HEADERS)
        assert len(headers) >= 4, headers
        for text, needs, has in headers:
            assert needs <= has + 1, (text, needs, has)
        check_clean(booted)
    finally:
        page.context.close()


@pytest.mark.parametrize("lang", ["en", "de", "es"])
def test_each_resources_name_keeps_to_its_pile_held_landscape(browser: Browser, site_url: str,
                                                               lang: str) -> None:
    """An iPad held landscape, where the piles are narrowest: each resource's name keeps its
    13 px and one line for each of its words ("NAHRUNG", not "NAHRUN / G"), inside its pile."""
    booted, _ = open_board(browser, site_url, url=f"?lang={lang}", viewport=IPAD)
    page = booted.page
    try:
        names = page.evaluate(KIND_NAMES)
        assert len(names) == 8, names
        for text, lines, words, needs, has in names:
            assert lines <= words and needs <= has + 1, (text, lines, words)
        sizes = page.evaluate("() => [...document.querySelectorAll('#board .pile .kind-name')]"
                              ".map((e) => parseFloat(getComputedStyle(e).fontSize))")
        assert min(sizes) >= 12, sizes
        check_clean(booted)
    finally:
        page.context.close()
