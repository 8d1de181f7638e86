"""Where a held piece may go, on a tablet held either way: each "Put here" lies over its place
and hides no name or control of a planned Action, shows a long planned Action's name whole,
keeps 8 px from targets of another purpose, and a tap in the gap between two of them puts
nothing; while a piece is held, a planned Action's Cancel takes no tap, and upright the card's
sheet folds down so the table is in view. A cube with no Action planned says how to tie it to
one."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .board_harness import (
    BUILD_PLANNED,
    DEMO,
    REGIONS,
    TABLETS_AS_HELD,
    axe_violations,
    bring_into_view,
    discard,
    set_table,
    settles,
    table,
)

VIEWPORT = (1180, 820)  # an iPad held landscape, with touch (conftest.board_app)

TABLETS = TABLETS_AS_HELD

# The two spaces of the demo table that hold a planned Action (board_harness.DEMO).
PLANNED = {"space-build": "action-build-1", "space-gather": "action-gather-1"}

PIECES = {"a pawn": "pawn-card-cook-0", "a wood cube": "res-available-wood"}

# The longest names a planned Action can have: the longest Action's name and a label of 60
# characters (pyapp/rules/state.py, Label), in words or as one word that never breaks.
WORDS = "Shelter against the storm before the night falls on the camp"

UNBROKEN = "W" * 60


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
    // A control put away while a piece is held (Cancel) is not hidden by anything.
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
# put away while a piece is held (Cancel, which "Put here" may lie over) takes no tap, so it
# is no target.
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


def demo(**table: Any) -> dict[str, Any]:
    state: dict[str, Any] = copy.deepcopy(DEMO)
    state.update(**table)
    return state


def test_a_cube_with_no_action_planned_says_how_to_tie_it(page: Page) -> None:
    """Picking up a wood cube with no Action planned offers only the other pile; a note by the
    finger says to put a pawn on the Action's space first. Put back, the note goes."""
    set_table(page, demo(phase="action", planned_actions=[], available={"wood": 2}))
    page.tap("[data-testid=res-available-wood]")
    hint = page.locator("[data-testid=message]")
    expect(hint).to_contain_text("first put a character's pawn on that Action's space")
    expect(page.locator("[data-testid=live]")).to_contain_text("first put a character's pawn")
    page.keyboard.press("Escape")
    expect(page.locator("[data-put]")).to_have_count(0)
    expect(hint).not_to_contain_text("first put a character's pawn")


def test_a_held_piece_puts_the_planned_actions_cancel_away(page: Page) -> None:
    """While a piece is held, a planned Action's Cancel (x) keeps its place but takes no tap: a
    finger that just missed "Put here" beside it cancelled the whole Action."""
    cancel = page.locator("[data-testid=cancel-build-1]")
    expect(cancel).to_be_visible()
    page.tap("[data-testid=res-available-wood]")
    expect(page.locator("[data-testid=put-action-build-1]")).to_be_visible()
    expect(cancel).to_be_hidden()
    box = page.locator("[data-testid=action-build-1]").bounding_box()
    page.tap("[data-testid=res-available-wood]")  # tapped again: put back
    expect(cancel).to_be_visible()
    assert page.locator("[data-testid=action-build-1]").bounding_box() == box  # nothing moved


def test_upright_a_held_cube_shows_the_table_under_the_sheet(page: Page) -> None:
    """Upright, the card's panel is a sheet over the screen's lower half: picking a cube up
    folds it down to its verdict bar, so the planned Build it may go to is in view, and
    tappable; the headline stays in view."""
    page.set_viewport_size({"width": 820, "height": 1180})
    page.evaluate("window.scrollTo(0, 0)")
    discard(page, "wood", 1)
    expect(page.locator("html")).not_to_have_attribute("data-sheet", "closed")
    page.tap("[data-testid=res-available-wood]")
    expect(page.locator("html")).to_have_attribute("data-sheet", "closed")
    put = page.locator("[data-testid=put-action-build-1]")
    put.scroll_into_view_if_needed()
    box = put.bounding_box()
    assert box
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    on_top = "([x, y]) => document.elementFromPoint(x, y).closest('[data-put]')?.dataset.testid"
    assert page.evaluate(on_top, [x, y]) == "put-action-build-1"
    expect(page.locator("[data-testid=headline]")).to_be_in_viewport()
    with settles(page):
        put.tap()
    expect(page.locator("[data-testid=action-build-1]")).to_contain_text("3")
    page.set_viewport_size({"width": VIEWPORT[0], "height": VIEWPORT[1]})


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


# Each "Put here" on a planned Action: its height, whether its text overflows it either way,
# and whether it shows the whole name it covers.
PUT_ON_ACTIONS = """() => [...document.querySelectorAll(".planned-head > [data-put]")]
.map((el) => ({
  testid: el.dataset.testid, height: el.getBoundingClientRect().height,
  wide: el.scrollWidth - el.clientWidth, tall: el.scrollHeight - el.clientHeight,
  whole: el.textContent.includes(el.closest(".planned").querySelector("h4").textContent),
}))"""


def longest_labels(spread: bool) -> dict[str, Any]:
    """The demo table with the longest planned Action names; `spread`: four planned Actions
    on four spaces, each the narrower for it."""
    state = copy.deepcopy(DEMO)
    if not spread:
        state["planned_actions"][0]["label"] = WORDS
        state["planned_actions"][1]["label"] = UNBROKEN
        return state
    state["characters"][2]["in_camp"] = True
    state["planned_actions"] = [
        {"id": "build-1", "action": "build", "label": WORDS, "pawns": ["carpenter"]},
        {"id": "gather-1", "action": "gather", "label": UNBROKEN, "pawns": ["explorer"]},
        {"id": "arrange_camp-1", "action": "arrange_camp", "label": WORDS, "pawns": ["cook"]},
        {"id": "explore-1", "action": "explore", "label": UNBROKEN, "pawns": ["friday"]},
    ]
    return state


@pytest.mark.parametrize("spread", [False, True], ids=["two-actions", "four-actions"])
@pytest.mark.parametrize("size", list(TABLETS), ids=list(TABLETS))
def test_put_here_shows_a_long_planned_action_name_whole(
    page: Page, size: str, spread: bool
) -> None:
    """Planned Actions named as long as a name can be ("Gather resources: " and 60 characters,
    in words or one unbroken word): with a cube in hand, each "Put here" over a planned
    Action shows the whole name, nothing of it cut off either way, at 44 px or more, and
    nothing on the table moved."""
    at(page, TABLETS[size])
    set_table(page, longest_labels(spread))
    page.evaluate("window.scrollTo(0, 0)")
    expect(page.locator("[data-testid=action-gather-1] h4")).to_have_text(
        f"Gather resources: {UNBROKEN}"
    )
    before = page.evaluate(REGIONS)
    page.tap("[data-testid=res-available-wood]")
    expect(page.locator(".planned-head > [data-put]")).to_have_count(4 if spread else 2)
    for put in page.evaluate(PUT_ON_ACTIONS):
        assert put["wide"] <= 0 and put["tall"] <= 0, put
        assert put["height"] >= 44, put
        assert put["whole"], put
    assert page.evaluate(REGIONS) == before
    page.tap("[data-testid=res-available-wood]")
    expect(page.locator("[data-put]")).to_have_count(0)


# Each action space's name while a piece is held: cut off either way, or under a "Put here"
# (its box meets one), or not whole in its space; and the height of each "Put here".
SPACE_NAMES = """() => {
  const meets = (a, b) => a.left < b.right && b.left < a.right
    && a.top < b.bottom && b.top < a.bottom;
  const puts = [...document.querySelectorAll("[data-put]")]
    .map((el) => el.getBoundingClientRect());
  return [...document.querySelectorAll(".action-space > .space-title > span")].map((el) => {
    const r = el.getBoundingClientRect();
    const space = el.closest(".action-space").getBoundingClientRect();
    return {
      name: el.textContent, shown: el.innerText,
      cut: el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight,
      under: puts.some((p) => meets(r, p)),
      inside: r.left >= space.left && r.right <= space.right
        && r.top >= space.top && r.bottom <= space.bottom,
    };
  });
}"""

NO_ACTION = {**DEMO, "planned_actions": []}


@pytest.mark.parametrize("planned", [False, True], ids=["no-action", "two-actions"])
@pytest.mark.parametrize("size", list(TABLETS), ids=list(TABLETS))
def test_the_spaces_names_stay_in_view_while_a_pawn_is_held(
    page: Page, size: str, planned: bool
) -> None:
    """A pawn picked up by a tap, upright too: every action space still shows its whole name
    ("Gather resources", "Arrange camp"), under no "Put here", each "Put here" 44 px or more,
    and nothing on the table moved."""
    at(page, TABLETS[size])
    set_table(page, copy.deepcopy(DEMO if planned else NO_ACTION))
    page.evaluate("window.scrollTo(0, 0)")
    before = page.evaluate(REGIONS)
    bring_into_view(page, "pawn-card-cook-0")
    page.tap("[data-testid=pawn-card-cook-0]")
    expect(page.locator("[data-testid=put-space-rest]")).to_be_visible()
    names = page.evaluate(SPACE_NAMES)
    assert [n["name"] for n in names] == [
        "Threat", "Hunt", "Build", "Gather resources", "Explore", "Arrange camp", "Rest",
    ]  # fmt: skip
    for n in names:
        assert n["shown"].split() == n["name"].split(), n
        assert not n["cut"] and not n["under"] and n["inside"], n
    assert [put for put in page.evaluate(PUT_SIZES) if min(put[1:]) < 44] == []
    assert page.evaluate(REGIONS) == before


PUT_SIZES = """() => [...document.querySelectorAll("[data-put]")].map((el) => {
  const r = el.getBoundingClientRect();
  return [el.dataset.testid, r.width, r.height];
})"""

GAP = """() => {
  const a = document.querySelector("[data-testid=put-space-build]").getBoundingClientRect();
  const b = document.querySelector("[data-testid=put-action-build-1]").getBoundingClientRect();
  return { top: a.bottom, bottom: b.top,
    x: (Math.max(a.left, b.left) + Math.min(a.right, b.right)) / 2 };
}"""


@pytest.mark.parametrize("where", ["under the new one", "between"])
@pytest.mark.parametrize("size", list(TABLETS), ids=list(TABLETS))
def test_a_tap_between_a_new_build_and_the_planned_one_puts_nothing(
    page: Page, size: str, where: str
) -> None:
    """A Build planned with the Cook on it, the Explorer's pawn picked up: the Build space's
    "Put here" says it starts a new one, the planned Build's says it joins it. A tap in the
    gap between them (in its middle, or just under the new one) does neither:
    it says by the finger which is which, and the pawn stays in hand. Then the one on the
    planned Build puts the pawn there."""
    at(page, TABLETS[size])
    set_table(page, copy.deepcopy(BUILD_PLANNED))
    if page.locator("[data-testid=sheet-toggle]").is_visible():  # upright: the table in view,
        page.tap("[data-testid=sheet-toggle]")  # the sheet folded (as it opens)
    bring_into_view(page, "space-build")
    page.tap("[data-testid=pawn-card-explorer-0]")
    new = page.locator("[data-testid=put-space-build]")
    join = page.locator("[data-testid=put-action-build-1]")
    expect(new).to_have_text("Put here a new one")
    expect(new).to_have_accessible_name("Put here: a new Build (Explorer (Chloé)'s pawn)")
    expect(join).to_have_text("Put here on Build")
    gap = page.evaluate(GAP)
    assert gap["bottom"] - gap["top"] >= 8, gap  # targets of different purpose, 8 px apart
    # (A tap 1 px over the planned one is carried onto it by Chrome's touch adjustment: it
    # joins the planned Build, as its label says.)
    y = {"under the new one": gap["top"] + 1, "between": (gap["top"] + gap["bottom"]) / 2}[where]
    page.touchscreen.tap(gap["x"], y)
    expect(page.locator("[data-testid=message]")).to_contain_text("to join the planned Action")
    expect(page.locator("[data-testid=pawn-card-explorer-0]")).to_have_attribute(
        "aria-pressed", "true"
    )
    assert [a["pawns"] for a in table(page)["planned_actions"]] == [["cook"]]
    with settles(page):
        join.tap()
    assert [a["pawns"] for a in table(page)["planned_actions"]] == [["cook", "explorer"]]
