"""Feedback where the player looks: what Undo did is said under the Undo button, never over
the ruling it changed, and lets a tap through to the control under it; the Wounds table keeps
its words whole; a big pile's name says what it shows."""

from __future__ import annotations

import copy

from playwright.sync_api import Page, expect

from .board_harness import (
    DEMO,
    App,
    apply_then_undo,
    axe_violations,
    discard,
    set_table,
)


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["x"] < b["x"] + b["width"]
        and b["x"] < a["x"] + a["width"]
        and a["y"] < b["y"] + b["height"]
        and b["y"] < a["y"] + a["height"]
    )


def test_what_undo_did_shows_under_undo_not_over_the_ruling(fresh: App) -> None:
    """Undo's notice must not sit over "Each character suffers 1 Wound": after Apply, then
    Undo in the toolbar, the notice is inside the screen and clear of the verdict bar."""
    page: Page = fresh.page
    apply_then_undo(page)
    toast = page.locator("[data-testid=undo-toast]")
    expect(toast).to_be_visible()
    expect(toast).to_contain_text("Undone")
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")
    box = toast.bounding_box()
    view = page.viewport_size
    assert box and view
    assert box["x"] >= 0 and box["x"] + box["width"] <= view["width"], box
    for part in ("headline", "apply"):
        other = page.locator(f"[data-testid={part}]").bounding_box()
        assert other and not overlap(box, other), (part, box, other)


# Every word of the Wounds table on one line: a word split over two lines gives its text range
# two client rects.
SPLIT_WORDS = """() => {
  const split = [];
  const cells = document.querySelectorAll('[data-testid=wounds] :is(th, td)');
  for (const cell of cells) {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const m of node.data.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (lines.size > 1) split.push(m[0]);
      }
    }
  }
  return split;
}"""


def test_the_wounds_table_keeps_names_and_headers_whole(fresh: App) -> None:
    """Not "Carpe/nter", "Explor/er" or "Die/s?" in the Wounds table at 1280x800: with three
    characters wounded, no word of the table is broken over two lines."""
    page: Page = fresh.page
    page.tap("[data-testid=add-char-carpenter]")
    page.tap("[data-testid=available-wood-plus]")
    discard(page, "wood", 2)
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")
    expect(page.locator("[data-testid=wounds] tbody tr")).to_have_count(3)
    assert page.evaluate(SPLIT_WORDS) == []


def test_big_piles_and_many_tokens_name_what_they_show(board_page: Page, site_url: str) -> None:
    """axe's label-in-name rule fails on a pile of 10 wood if the "+4" beyond the six cubes
    drawn is text that the pile's name does not say. Piles and
    Determination past what is drawn stay clean, and the count is still seen."""
    page = board_page
    table = copy.deepcopy(DEMO)
    table["available"]["wood"] = 10
    table["characters"][0]["determination"] = 8
    set_table(page, table)
    more = page.locator("[data-testid=res-available-wood] .more")
    expect(more).to_have_attribute("data-more", "+4")
    assert more.evaluate("(el) => getComputedStyle(el, '::after').content") == '"+4"'
    found = axe_violations(page, site_url, "#board")
    assert found == [], found


def test_a_tap_on_a_control_under_undo_s_notice_reaches_it(fresh: App) -> None:
    """After Undo, its notice stays a few seconds under the toolbar, over the phase buttons.
    It is words only, and takes no tap: a tap on it goes through to the control under it."""
    page: Page = fresh.page
    apply_then_undo(page)
    toast = page.locator("[data-testid=undo-toast]")
    expect(toast).to_be_visible()
    under = page.evaluate(
        """() => {
          const r = document.getElementById("undo-toast").getBoundingClientRect();
          const el = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return el ? (el.closest("#undo-toast") ? "the notice" : "below it") : "nothing";
        }"""
    )
    assert under == "below it"
