"""The table's layout. Held landscape, at 1280x800 and 1440x900, with three characters and
Friday, a Build planned with 2 wood and a demand ruled, everything a ruling needs is in view
without scrolling; at every size the piles stay whole, no label is cut and nothing spills out
of the panel."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .board_harness import (
    DEMO,
    discard,
    set_table,
    settle,
    small_targets,
)

ONE_SCREEN = {"tablet-landscape": (1280, 800), "desktop": (1440, 900)}
ALL_SIZES = {**ONE_SCREEN, "tablet-1180": (1180, 820), "tablet-1024": (1024, 768),
             "tablet-portrait": (800, 1280)}  # fmt: skip

# What a typical ruling needs, by data-testid: the piles, the planned Build and its 2 wood,
# the camp tracks, Morale, each figure's wound track and the ruling's headline.
NEEDED = [
    "pile-available", "pile-future", "space-build", "action-build-1", "res-build-1-wood",
    "shelter", "track-roof", "track-palisade", "track-weapon", "morale",
    "wounds-cook", "wounds-carpenter", "wounds-explorer", "wounds-friday", "headline",
]  # fmt: skip

# Text that must show whole: pile kinds, row labels, names, action spaces, levels, buttons.
LABELS = (
    ".kind-name, .row-label, .char-head h3, .space-title span, .planned h4, .pile-title, "
    ".level, .seg, .step, .stepper-value, .resolve, .toggle span, .char-more summary, .headline"
)


@pytest.fixture()
def page(board_page: Page) -> Page:
    """The board page on the demo table (conftest.board_page)."""
    return board_page


def rule_a_demand(page: Page) -> None:
    """An Event demanding 1 wood, ruled: the 2 wood tied up on the Build stay there."""
    page.select_option("[data-testid=ctx-resolver]", "cook")
    settle(page)
    discard(page, "wood", 1)
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")


def boxes(page: Page, testids: list[str]) -> dict[str, dict[str, float]]:
    found: dict[str, dict[str, float]] = page.evaluate(
        """(ids) => Object.fromEntries(ids.map((id) => {
          const r = document.querySelector(`[data-testid="${id}"]`).getBoundingClientRect();
          return [id, { left: r.left, top: r.top, right: r.right, bottom: r.bottom }];
        }))""",
        testids,
    )
    return found


def cut_labels(page: Page) -> list[str]:
    """Visible labels whose text does not fit their box (cut, or spilling out of it)."""
    found: list[str] = page.evaluate(
        """(selector) => [...document.querySelectorAll(selector)]
          .filter((el) => el.checkVisibility() && el.closest("#board, #panel"))
          .filter((el) => getComputedStyle(el).clipPath === "none")  // not a visually hidden label
          .filter((el) => el.scrollWidth > el.clientWidth + 1
            || el.scrollHeight > el.clientHeight + 1)
          .map((el) => `${el.className}: ${el.textContent.trim()}`)""",
        LABELS,
    )
    return found


def spilled(page: Page) -> list[str]:
    """Controls of a pile, a card or a planned Action that lie outside their own box."""
    found: list[str] = page.evaluate(
        """() => [...document.querySelectorAll(".pile button, .char-card button, "
            + ".char-card input, .char-card summary, .planned button, .planned input")]
          .filter((el) => el.checkVisibility())
          .filter((el) => {
            const box = el.closest(".pile, .char-card, .planned").getBoundingClientRect();
            const r = (el.closest("label") || el).getBoundingClientRect();
            return r.left < box.left - 1 || r.right > box.right + 1
              || r.top < box.top - 1 || r.bottom > box.bottom + 1;
          })
          .map((el) => el.dataset.testid || el.textContent.trim())"""
    )
    return found


def overlaps(page: Page) -> list[list[str]]:
    """Pairs of the board's regions (and the side panel beside them) that overlap on screen."""
    found: list[list[str]] = page.evaluate(
        """() => {
          const panel = document.getElementById("panel");  // upright, a sheet over the table
          const els = [...document.querySelectorAll("#board .region"), panel]
            .filter((el) => el.offsetParent !== null && getComputedStyle(el).position !== "fixed");
          const pairs = [];
          els.forEach((a, i) => els.slice(i + 1).forEach((b) => {
            const r = a.getBoundingClientRect(), s = b.getBoundingClientRect();
            const apart = r.right <= s.left + 1 || s.right <= r.left + 1
              || r.bottom <= s.top + 1 || s.bottom <= r.top + 1;
            if (!apart) pairs.push([a.dataset.testid || a.id, b.dataset.testid || b.id]);
          }));
          return pairs;
        }"""
    )
    return found


@pytest.mark.e2e
@pytest.mark.parametrize("size", list(ONE_SCREEN), ids=list(ONE_SCREEN))
def test_a_ruling_and_the_table_it_needs_fit_one_screen(page: Page, size: str) -> None:
    """In landscape, with 3 characters and Friday, a Build planned with 2 wood and a demand
    ruled: the page is not scrolled and the piles, the Build and its planned Action, the camp
    tracks, Morale, every wound track and the ruling's headline are all inside the window."""
    width, height = ONE_SCREEN[size]
    page.set_viewport_size({"width": width, "height": height})
    page.evaluate("window.scrollTo(0, 0)")
    rule_a_demand(page)
    scrolled = page.evaluate(
        "() => [window.scrollY, document.getElementById('board').scrollTop, "
        "document.getElementById('panel').getBoundingClientRect().top >= 0]"
    )
    assert scrolled == [0, 0, True], scrolled
    outside = {
        testid: box
        for testid, box in boxes(page, NEEDED).items()
        if box["left"] < 0 or box["top"] < 0 or box["right"] > width or box["bottom"] > height
    }
    assert outside == {}, outside
    assert small_targets(page) == []


@pytest.mark.e2e
@pytest.mark.parametrize("size", list(ALL_SIZES), ids=list(ALL_SIZES))
def test_nothing_is_cut_or_spills_at_any_size(page: Page, size: str) -> None:
    """At every size, with big piles (6 and more of a kind), a long player's name and four
    characters: no label is cut, no control lies outside its pile, card or planned Action,
    and no two regions of the board overlap."""
    state: dict[str, Any] = copy.deepcopy(DEMO)
    state["available"] = {"food": 9, "nonperishable_food": 6, "wood": 12, "fur": 5}
    state["future"] = {"food": 4, "nonperishable_food": 2, "wood": 7, "fur": 3}
    state["characters"][1]["name"] = "Bartholomew"
    state["characters"][0]["determination"] = 7
    state["characters"].append({"role": "soldier", "name": "Dee", "wounds": 3})
    set_table(page, state)
    page.set_viewport_size({"width": ALL_SIZES[size][0], "height": ALL_SIZES[size][1]})
    rule_a_demand(page)
    assert cut_labels(page) == []
    assert spilled(page) == []
    assert overlaps(page) == []
    assert small_targets(page) == []
    for more in page.locator("details.char-more > summary").all():  # each card's "More" open
        more.click()
    assert page.locator("details.char-more[open]").count() == len(state["characters"])
    assert cut_labels(page) == []
    assert spilled(page) == []


def test_the_inferred_resolver_fits_the_panel(page: Page) -> None:
    """At 1180 px, "Carpenter (Ben) (leads the only open Action)" stays inside the panel."""
    state = copy.deepcopy(DEMO)
    state["planned_actions"] = state["planned_actions"][:1]
    state["characters"][2]["in_camp"] = True
    set_table(page, state)
    size = page.viewport_size
    page.set_viewport_size({"width": 1180, "height": 820})
    try:
        select = page.locator("[data-testid=ctx-resolver]")
        expect(select).to_contain_text("leads the only open Action")
        box = select.bounding_box()
        panel = page.locator("#panel-body").bounding_box()
        assert box and panel and box["x"] + box["width"] <= panel["x"] + panel["width"] + 0.5, (
            box,
            panel,
        )
    finally:
        if size:
            page.set_viewport_size(size)


@pytest.mark.parametrize("size", [(1180, 820), (820, 1180), (1280, 800)])
def test_resource_piles_fit_their_boxes(page: Page, size: tuple[int, int]) -> None:
    """On a tablet, each pile's − count + stays inside its own box and no resource name is
    clipped ("N-P F", "WOOD" cut off)."""
    before = page.viewport_size
    page.set_viewport_size({"width": size[0], "height": size[1]})
    try:
        faults = page.evaluate(
            """() => {
              const bad = [];
              for (const pile of document.querySelectorAll(".pile")) {
                const box = pile.getBoundingClientRect();
                for (const b of pile.querySelectorAll("button.step, .stepper button")) {
                  const r = b.getBoundingClientRect();
                  const out = r.left < box.left - 0.5 || r.right > box.right + 0.5;
                  if (out) bad.push(b.dataset.testid || b.textContent);
                }
                for (const n of pile.querySelectorAll(".kind-name")) {
                  if (n.scrollWidth > n.clientWidth + 1) bad.push(n.textContent);
                }
              }
              return bad;
            }"""
        )
        assert faults == []
    finally:
        if before:
            page.set_viewport_size(before)
