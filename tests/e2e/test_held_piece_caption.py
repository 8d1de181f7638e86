"""A piece picked up by a tap says, by it, how to put it back ("Tap it again to put it back";
from the keyboard, "Press Esc"): the caption lies whole on the screen, on top, over nothing
the player needs (no "Put here", no note by the finger, not the pile's count and its −), moves
nothing, and goes with the piece."""

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
    bring_into_view,
    set_table,
    settles,
)

VIEWPORT = (1180, 820)  # an iPad held landscape, with touch (conftest.board_app)

TABLETS = TABLETS_AS_HELD

# A cube from a pile, a cube from a planned Action's heap (which clips what overflows it),
# and a pawn from a character's card.
PIECES = {
    "a wood cube": "res-available-wood",
    "a cube on the Build": "res-build-1-wood",
    "a pawn": "pawn-card-cook-0",
}

CAPTION = "[data-testid=held-caption]"


@pytest.fixture()
def page(board_page: Page) -> Page:
    """The demo table, no demand, nothing held (conftest.board_page), at VIEWPORT."""
    return board_page


@pytest.fixture(autouse=True)
def _back_to_the_ipad(board_page: Page) -> Any:
    yield
    board_page.set_viewport_size({"width": VIEWPORT[0], "height": VIEWPORT[1]})


def at(page: Page, size: tuple[int, int]) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.evaluate("window.scrollTo(0, 0)")


# Where the caption stands: its box, whether it is whole in the screen, what clips it (an
# ancestor that hides its overflow and cuts into it), whether it is on top at its corners and
# middle (hit-tested with taps let in for the look: it takes none), which "Put here" it
# covers, and how far it lies from the held piece.
CAPTION_PLACE = """() => {
  const box = document.querySelector("[data-testid=held-caption]");
  const r = box.getBoundingClientRect();
  const vw = document.documentElement.clientWidth, vh = document.documentElement.clientHeight;
  const inView = r.left >= 0 && r.top >= 0 && r.right <= vw && r.bottom <= vh;
  const clippedBy = [];
  for (let el = box.parentElement; el; el = el.parentElement) {
    const s = getComputedStyle(el);
    if (s.overflow === "visible" && s.clipPath === "none") continue;
    const c = el.getBoundingClientRect();
    if (el !== document.documentElement && el !== document.body
        && (r.left < c.left || r.top < c.top || r.right > c.right || r.bottom > c.bottom)) {
      clippedBy.push(el.className || el.tagName);
    }
  }
  box.style.pointerEvents = "auto";
  // Its corners, 3 px in (they are rounded: a hit test follows the rounding), and its middle.
  const points = [[r.left + 3, r.top + 3], [r.right - 3, r.top + 3], [r.left + 3, r.bottom - 3],
    [r.right - 3, r.bottom - 3], [r.left + r.width / 2, r.top + r.height / 2]];
  const onTop = points.every(([x, y]) => box.contains(document.elementFromPoint(x, y)));
  box.style.pointerEvents = "";
  const meets = (a, b) => a.left < b.right && b.left < a.right
    && a.top < b.bottom && b.top < a.bottom;
  const covers = [...document.querySelectorAll("[data-put]")]
    .filter((el) => meets(r, el.getBoundingClientRect())).map((el) => el.dataset.testid);
  const p = document.querySelector("#board .piece.is-held").getBoundingClientRect();
  const apart = Math.hypot(Math.max(0, p.left - r.right, r.left - p.right),
    Math.max(0, p.top - r.bottom, r.top - p.bottom));
  return { inView, clippedBy, onTop, covers, apart, height: r.height };
}"""


def expect_caption_by_the_piece(page: Page, text: str) -> None:
    caption = page.locator(CAPTION)
    expect(caption).to_be_visible()
    expect(caption).to_have_text(text)
    expect(caption).to_have_attribute("aria-hidden", "true")  # the announcement says it
    place = page.evaluate(CAPTION_PLACE)
    assert place["inView"], place
    assert place["clippedBy"] == [], place
    assert place["onTop"], place
    assert place["covers"] == [], place
    assert place["apart"] <= 16, place  # by the piece, its arrow between them


@pytest.mark.parametrize("piece", list(PIECES), ids=["pile-cube", "action-cube", "pawn"])
@pytest.mark.parametrize("size", list(TABLETS), ids=list(TABLETS))
def test_a_piece_picked_up_by_a_tap_says_by_it_how_to_put_it_back(
    page: Page, size: str, piece: str
) -> None:
    """A tap on a piece picks it up, and a caption by it says "Tap it again to put it back":
    whole on the screen, clipped by nothing (not by the heap it came from), on top of the
    table, over no "Put here", and moving nothing. Tapped again, the piece is put back and
    the caption goes."""
    at(page, TABLETS[size])
    testid = PIECES[piece]
    bring_into_view(page, testid)
    before = page.evaluate(REGIONS)
    expect(page.locator(CAPTION)).to_be_hidden()
    page.tap(f"[data-testid={testid}]")
    expect(page.locator(f"[data-testid={testid}]")).to_have_attribute("aria-pressed", "true")
    expect_caption_by_the_piece(page, "Tap it again to put it back")
    assert page.evaluate(REGIONS) == before  # nothing moved
    expect(page.locator("[data-testid=live]")).to_contain_text("Escape to cancel")
    page.tap(f"[data-testid={testid}]")
    expect(page.locator("[data-testid=live]")).to_have_text("Put back: nothing moved.")
    expect(page.locator(CAPTION)).to_be_hidden()
    expect(page.locator("[data-put]")).to_have_count(0)


@pytest.mark.parametrize("size", list(TABLETS), ids=list(TABLETS))
def test_the_caption_goes_when_the_piece_is_put_down(page: Page, size: str) -> None:
    """The wood cube picked up, then put on the Future pile by its "Put here": the caption
    goes with the piece in hand, and the cube is there."""
    at(page, TABLETS[size])
    page.tap("[data-testid=res-available-wood]")
    expect_caption_by_the_piece(page, "Tap it again to put it back")
    with settles(page):
        page.tap("[data-testid=put-pile-future]")
    expect(page.locator(CAPTION)).to_be_hidden()
    expect(page.locator("[data-testid=future-wood]")).to_have_text("2")


def test_the_caption_keeps_clear_of_the_note_by_the_finger(page: Page) -> None:
    """A cube picked up with no Action planned brings a note by the finger (how to tie it to
    an Action): the caption lies beside the piece, not over the note."""
    no_action = copy.deepcopy(DEMO)
    no_action["planned_actions"] = []
    set_table(page, no_action)
    page.evaluate("window.scrollTo(0, 0)")
    page.tap("[data-testid=res-available-food]")
    expect(page.locator("[data-testid=message]")).to_contain_text("To tie it to an Action")
    expect_caption_by_the_piece(page, "Tap it again to put it back")
    apart = page.evaluate(
        """() => {
          const a = document.querySelector("[data-testid=held-caption]").getBoundingClientRect();
          const b = document.querySelector("[data-testid=message]").getBoundingClientRect();
          return a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
        }"""
    )
    assert apart
    page.tap("[data-testid=res-available-food]")
    expect(page.locator(CAPTION)).to_be_hidden()


def test_from_the_keyboard_the_caption_says_escape(page: Page) -> None:
    """Picked up with Enter, the piece's caption names the key that puts it back; Escape
    puts it back, and the caption goes."""
    page.focus("[data-testid=res-available-wood]")
    page.keyboard.press("Enter")
    expect_caption_by_the_piece(page, "Press Esc to put it back")
    page.keyboard.press("Escape")
    expect(page.locator(CAPTION)).to_be_hidden()
    expect(page.locator("[data-testid=res-available-wood]")).to_be_focused()


def test_the_caption_by_a_held_wood_cube_leaves_its_count_and_minus_in_view(page: Page) -> None:
    """The wood cube picked up from the Available pile: the caption would lie over the wood's
    − and count, so it takes two shorter lines where that covers less: the count and its − stay
    in view."""
    state = copy.deepcopy(BUILD_PLANNED)
    state.update(phase="event", available={"wood": 2}, future={})
    state.update(characters=[{"role": "cook"}, {"role": "explorer"}], first_player="cook")
    set_table(page, state)
    page.evaluate("window.scrollTo(0, 0)")
    page.tap("[data-testid=res-available-wood]")
    expect_caption_by_the_piece(page, "Tap it again to put it back")
    clear = page.evaluate(
        """() => {
          const a = document.querySelector("[data-testid=held-caption]").getBoundingClientRect();
          return ["available-wood", "available-wood-minus"].map((id) => {
            const b = document.querySelector(`[data-testid=${id}]`).getBoundingClientRect();
            return a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
          });
        }"""
    )
    assert clear == [True, True]
