"""What was left of the fifth new-player trial (an iPad by touch, 1180x820 and upright, and a
10-inch tablet at 1280x800): "Put here" over a planned Action hid its "Done"; a pawn on a
planned Action touched its "Resolve"; a share link's heading showed a focus ring nobody asked
for; and the ruling said "Unfulfilled demand: 1 unit." and "the demand as JSON"."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from pyapp.links import encode
from pyapp.rules.formats import Request

from .board_harness import (
    DEMO,
    TRIAL_TABLETS,
    axe_violations,
    check_clean,
    discard,
    open_board,
    set_table,
    settles,
    table,
)

VIEWPORT = (1180, 820)  # an iPad held landscape, with touch (conftest.board_app)
TABLETS = TRIAL_TABLETS
# The two spaces of the demo table that hold a planned Action (board_harness.DEMO).
PLANNED = {"space-build": "action-build-1", "space-gather": "action-gather-1"}
PIECES = {"a pawn": "pawn-card-cook-0", "a wood cube": "res-available-wood"}


@pytest.fixture()
def page(board_page: Page) -> Page:
    """The demo table, no demand, nothing held (conftest.board_page), at VIEWPORT."""
    return board_page


def at(page: Page, size: tuple[int, int]) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.evaluate("window.scrollTo(0, 0)")


def pick_up(page: Page, testid: str) -> None:
    """A tap on a piece: it is held, and the places that take it offer "Put here"."""
    page.tap(f"[data-testid={testid}]")
    expect(page.locator(f"[data-testid={testid}]")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("[data-put]").first).to_be_visible()


def look_at(page: Page, testid: str) -> None:
    """Scroll the space near the top of the screen (upright, the panel is a sheet over the
    screen's lower half), as a player would to read it."""
    page.eval_on_selector(
        f"[data-testid={testid}]",
        "(el) => window.scrollBy(0, el.getBoundingClientRect().top - 16)",
    )


# What a player reads or taps on an action space, by kind: each planned Action's name, its
# pieces, Cancel, Resolve and Done, and each line of the space's own name. `hidden` lists those
# that something else lies over (tested by hit, at several points of each); a planned
# Action's name may lie under a "Put here" only if that button shows the name itself.
HIDDEN = """(space) => {
  const root = document.querySelector(`[data-testid=${space}]`);
  const on = (el, r, why) => [r.left + 3, r.left + r.width / 2, r.right - 3].every((x) => {
    const top = document.elementFromPoint(x, r.top + r.height / 2);
    return top && (el.contains(top) || (why && why(top)));
  });
  const lines = (el) => { const range = document.createRange(); range.selectNodeContents(el);
    return [...range.getClientRects()].filter((r) => r.width > 2); };
  const hidden = [];
  const title = root.querySelector(".space-title span");
  lines(title).forEach((r, i) => {
    if (!on(title, r)) hidden.push(`the space's name, line ${i + 1}`);
  });
  for (const card of root.querySelectorAll(".planned")) {
    const name = card.querySelector("h4");
    const says = (top) => { const put = top.closest(".put-here");
      return put && put.textContent.includes(name.textContent); };
    lines(name).forEach((r, i) => {
      if (!on(name, r, says)) hidden.push(`${name.textContent}, line ${i + 1}`);
    });
    // A control put away while a piece is held (Cancel, the sixth trial) is not hidden by anything.
    const shown = [...card.querySelectorAll(".piece, .cancel, .resolve, .toggle, .outcome")]
      .filter((el) => el.checkVisibility({ visibilityProperty: true }));
    for (const el of shown) {
      const what = el.dataset.testid || el.textContent.trim();
      if (!on(el, el.getBoundingClientRect())) hidden.push(`${name.textContent}: ${what}`);
    }
  }
  return hidden;
}"""

# The boxes of a space's name and of its planned Actions' parts, on the page (a scroll is no
# move).
PLACES = """(space) => {
  const root = document.querySelector(`[data-testid=${space}]`);
  const els = [root, root.querySelector(".space-title"), ...root.querySelectorAll(
    ".planned, .planned h4, .piece, .cancel, .resolve, .toggle")];
  return els.map((el) => { const r = el.getBoundingClientRect();
    return [r.left, r.top + scrollY, r.width, r.height].map(Math.round); });
}"""

# Targets of different purpose on an action space closer than `gap` px (edge to edge): a
# piece to pick up, Cancel, Resolve, Done, Succeeded or Failed, and each "Put here". A control
# put away while a piece is held (Cancel, the sixth trial: "Put here" lies over it since the
# seventh) takes no tap, so it is no target.
CROWDED = """([space, gap]) => {
  const root = document.querySelector(`[data-testid=${space}]`);
  const kinds = [[".piece", "piece"], [".cancel", "cancel"], [".resolve", "resolve"],
    [".toggle", "done"], [".outcome-success", "succeeded"], [".outcome-failure", "failed"]];
  const targets = kinds.flatMap(([sel, kind]) => [...root.querySelectorAll(sel)]
    .filter((el) => el.checkVisibility({ visibilityProperty: true })).map((el) => [kind, el]));
  root.querySelectorAll(".put-here").forEach((el) => targets.push([`put-${el.dataset.key}`, el]));
  const close = [];
  targets.forEach(([ka, a], i) => targets.slice(i + 1).forEach(([kb, b]) => {
    if (ka === kb) return;
    const r = a.getBoundingClientRect(), s = b.getBoundingClientRect();
    const dx = Math.max(0, s.left - r.right, r.left - s.right);
    const dy = Math.max(0, s.top - r.bottom, r.top - s.bottom);
    const apart = Math.hypot(dx, dy);
    if (apart < gap) close.push(`${a.dataset.testid || ka} / ${b.dataset.testid || kb}: ${apart}`);
  }));
  return close;
}"""


# ------------------------------------------------------------------ 1. "Put here" hides nothing


@pytest.mark.parametrize("piece", list(PIECES), ids=["pawn", "cube"])
@pytest.mark.parametrize("size", list(TABLETS), ids=list(TABLETS))
def test_put_here_hides_no_name_and_no_control_of_a_planned_action(
    page: Page, size: str, piece: str
) -> None:
    """A pawn or a wood cube picked up by a tap: on the Build and the Gather, each "Put here"
    lies where it hides neither the space's name nor anything of its planned Action (its
    name, its pawns and cubes, Cancel, Resolve, Done): each can still be read and tapped; and
    nothing of them moved."""
    at(page, TABLETS[size])
    before = {space: page.evaluate(PLACES, space) for space in PLANNED}
    pick_up(page, PIECES[piece])
    for space, action in PLANNED.items():
        look_at(page, space)
        expect(page.locator(f"[data-testid=put-{action}]")).to_be_visible()
        assert page.evaluate(HIDDEN, space) == [], (space, page.evaluate(HIDDEN, space))
        assert page.evaluate(PLACES, space) == before[space], space
    page.keyboard.press("Escape")
    expect(page.locator("[data-put]")).to_have_count(0)


def test_put_here_on_a_planned_action_still_puts_the_piece_there(page: Page, site_url: str) -> None:
    """The wood cube held, the Build's "Put here" says "on Build: Roof" and is named so for a
    screen reader too; tapped, the Build has 3 wood and 2 are left."""
    pick_up(page, PIECES["a wood cube"])
    put = page.locator("[data-testid=put-action-build-1]")
    expect(put).to_have_text("Put here on Build: Roof")
    expect(put).to_have_attribute(
        "aria-label", "Put here on Build: Roof (1 wood from Available resources)"
    )
    assert axe_violations(page, site_url, "[data-testid=region-actions]") == []
    with settles(page):
        page.tap("[data-testid=put-action-build-1]")
    expect(page.locator("[data-put]")).to_have_count(0)
    state = table(page)
    assert state["available"]["wood"] == 2
    assert state["planned_actions"][0]["assigned"]["wood"] == 3


# ------------------------------------------------------------------ 2. room for a thumb


@pytest.mark.parametrize("size", list(TABLETS), ids=list(TABLETS))
def test_targets_of_different_purpose_on_a_planned_action_are_8_px_apart(
    page: Page, size: str
) -> None:
    """On a planned Action, a pawn and Resolve (and Cancel, Done; after the Action Phase,
    Succeeded and Failed) lie at least 8 px apart, so a thumb aimed at one does not take the
    other; so do the "Put here" targets while a pawn is held."""
    at(page, TABLETS[size])
    for space in PLANNED:
        assert page.evaluate(CROWDED, [space, 8]) == [], space
    pick_up(page, PIECES["a pawn"])
    for space in PLANNED:
        assert page.evaluate(CROWDED, [space, 8]) == [], space
    page.keyboard.press("Escape")
    set_table(page, {**copy.deepcopy(DEMO), "phase": "night"})
    expect(page.locator("[data-testid=actions-over]")).to_be_visible()
    for space in PLANNED:
        assert page.evaluate(CROWDED, [space, 8]) == [], space


@pytest.mark.parametrize("size", [(1180, 820), (1280, 800)], ids=["ipad", "tablet-1280"])
def test_the_roomier_planned_actions_keep_the_characters_pawns_on_screen(
    page: Page, size: tuple[int, int]
) -> None:
    """In landscape the action spaces grew by the room above: every character's card, with
    the pawns a player picks up from it, is still whole on the one screen, unscrolled."""
    at(page, size)
    for testid in ("char-cook", "char-carpenter", "char-explorer", "char-friday"):
        box = page.locator(f"[data-testid={testid}]").bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= size[1], (testid, box)
    assert page.evaluate("window.scrollY") == 0


# ------------------------------------------------------------------ 3. no ring on the heading


def share_link() -> str:
    state = copy.deepcopy(DEMO)
    state.update(phase="event", planned_actions=[], available={"wood": 1})
    request = {"state": state, "effect": {"demands": [{"kind": "discard", "wood": 2}]}}
    return encode(Request.model_validate(request))


def outline(page: Page) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate(
        """() => { const el = document.activeElement; const s = getComputedStyle(el);
          return { id: el.id, testid: el.dataset.testid || "", style: s.outlineStyle,
                   width: parseFloat(s.outlineWidth) }; }"""
    )
    return found


def test_a_share_link_focuses_its_heading_with_no_ring_and_keys_still_show_one(
    browser: Browser, site_url: str
) -> None:
    """A share link opened on an iPad: its banner's heading has the focus (a screen reader
    starts there) but shows no focus ring, as nobody pressed a key; Tab then reaches the
    banner's first button, which shows its ring."""
    friend, _ = open_board(browser, site_url, url=f"#r={share_link()}", viewport=VIEWPORT)
    fp = friend.page
    try:
        fp.wait_for_selector("html[data-link=shared]", state="attached")
        expect(fp.locator("[data-testid=shared-load]")).to_be_enabled()
        ring = outline(fp)
        assert ring["id"] == "shared-title"
        assert ring["style"] == "none" or ring["width"] == 0, ring
        fp.keyboard.press("Tab")
        ring = outline(fp)
        assert ring["testid"] == "shared-load", ring
        assert ring["style"] != "none" and ring["width"] >= 2, ring
        check_clean(friend)
    finally:
        fp.context.close()


# ------------------------------------------------------------------ 4. words players use


def test_the_ruling_says_what_could_not_be_paid_in_players_words(page: Page) -> None:
    """1 wood, a demand for 2: "What follows" says 1 of what was demanded could not be paid,
    naming the rule's term after it, and never "unit"."""
    set_table(page, {**copy.deepcopy(DEMO), "phase": "event", "planned_actions": [],
                     "available": {"wood": 1}})  # fmt: skip
    discard(page, "wood", 2)
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")
    follows = page.locator("[data-testid=follows]")
    expect(follows).to_contain_text(
        "1 of what was demanded could not be paid (the rule's unfulfilled demand)."
    )
    expect(follows).not_to_contain_text("unit")


def test_the_json_area_says_what_it_is_for(page: Page) -> None:
    """The Advanced area's summary says it is there to copy or paste a demand as text, and
    still says JSON, for those who look for it."""
    summary = page.locator("[data-testid=advanced] > summary")
    expect(summary).to_have_text("Advanced: copy or paste the demand as text (JSON)")
