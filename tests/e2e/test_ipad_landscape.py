"""The commonest tablet at the table: an iPad in landscape (1180x820, iPad Air and iPad 10th
gen; 1194x834, iPad Pro 11") gets the one-screen table with the ruling beside it; picking a
piece up or putting it down moves nothing on the board; the character cards' words are read
at 12 px, each word whole."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .board_harness import clear_demand, discard, settles, small_targets, table
from .test_table_layout import NEEDED, boxes, cut_labels, overlaps, rule_a_demand, spilled

IPADS = {"ipad-air": (1180, 820), "ipad-pro-11": (1194, 834)}
# Where the player's finger and eyes are when a piece is picked up: the Build space and its
# planned Action, the piles, the regions of the table, and every card.
STILL = [
    "pile-available", "pile-future", "space-build", "action-build-1", "space-gather",
    "region-resources", "region-camp", "region-actions", "region-characters",
    "char-cook", "char-carpenter", "char-explorer", "char-friday",
]  # fmt: skip
TABLETS = {**IPADS, "tablet-1280": (1280, 800), "tablet-1024": (1024, 768)}
CARDS = ["char-cook", "char-carpenter", "char-explorer", "char-friday"]
# The wound track's name and count on a line over its dots on the landscape card (the dots
# bigger than they were): a few px over the 44 px row.
DOTS = 4


@pytest.fixture()
def page(board_page: Page) -> Page:
    """The board page on the demo table (conftest.board_page): three characters and Friday,
    a Build planned with 2 wood on it."""
    return board_page


def at(page: Page, size: tuple[int, int]) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.evaluate("window.scrollTo(0, 0)")


def on_page(page: Page, testids: list[str]) -> dict[str, dict[str, float]]:
    """`boxes` in the page's own coordinates (so that a scroll counts as a move too)."""
    y = page.evaluate("window.scrollY")
    return {
        k: {**b, "top": b["top"] + y, "bottom": b["bottom"] + y}
        for k, b in boxes(page, testids).items()
    }


def moved(before: dict[str, dict[str, float]], after: dict[str, dict[str, float]]) -> list[str]:
    """The boxes that moved or changed size by more than 1 px."""
    return [
        f"{k}: {before[k]} -> {after[k]}"
        for k in before
        if any(abs(before[k][side] - after[k][side]) > 1 for side in before[k])
    ]


@pytest.mark.parametrize("size", list(IPADS), ids=list(IPADS))
def test_an_ipad_in_landscape_has_the_ruling_and_its_table_on_one_screen(
    page: Page, size: str
) -> None:
    """At 1180x820 and 1194x834, three characters and Friday, a Build planned with 2 wood and
    a demand ruled: the page is not scrolled; the piles, the Build and its wood, the camp
    tracks, Morale, every wound track and the ruling's headline are inside the window, and
    the ruling's panel is beside the table, not under it, and whole on screen."""
    width, height = IPADS[size]
    at(page, IPADS[size])
    rule_a_demand(page)
    assert page.evaluate("[window.scrollY, document.getElementById('board').scrollTop]") == [0, 0]
    outside = {
        testid: box
        for testid, box in boxes(page, NEEDED).items()
        if box["left"] < 0 or box["top"] < 0 or box["right"] > width or box["bottom"] > height
    }
    assert outside == {}, outside
    board, panel = page.evaluate(
        """() => ["board", "panel"].map((id) => {
          const r = document.getElementById(id).getBoundingClientRect();
          return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
        })"""
    )
    assert panel["left"] >= board["right"] and panel["right"] <= width, (board, panel)
    assert panel["top"] >= 0 and panel["bottom"] <= height, panel  # the whole panel in view
    for card in CARDS:  # four 44 px rows and the dots, as at 1280x800: nothing wrapped to a fifth
        box = page.locator(f"[data-testid={card}]").bounding_box()
        assert box and box["height"] <= 4 * 44 + DOTS + 20, (card, box)
    assert small_targets(page) == []


@pytest.mark.parametrize("width", [1170, 1239], ids=["narrowest", "widest"])
def test_the_ipad_layout_fits_from_one_end_of_its_range_to_the_other(
    page: Page, width: int
) -> None:
    """At both ends of the widths that get the slim panel (1170-1239 px), a ruled demand
    on one screen, no label cut ("N-P FOOD", "Determination"), no control outside its pile,
    card or planned Action, no two regions overlapping."""
    at(page, (width, 800))
    rule_a_demand(page)
    outside = {
        testid: box
        for testid, box in boxes(page, NEEDED).items()
        if box["left"] < 0 or box["top"] < 0 or box["right"] > width or box["bottom"] > 800
    }
    assert outside == {}, outside
    assert cut_labels(page) == []
    cut = page.evaluate(
        """() => [...document.querySelectorAll(".count-label")]
          .filter((el) => el.getBoundingClientRect().width > el.parentElement.clientWidth + 0.5)
          .map((el) => el.textContent)"""
    )
    assert cut == []
    assert spilled(page) == []
    assert overlaps(page) == []


@pytest.mark.parametrize("size", list(TABLETS), ids=list(TABLETS))
def test_picking_up_a_cube_and_putting_it_down_moves_nothing(page: Page, size: str) -> None:
    """A wood cube picked up by a tap: the Build space, its planned Action, the piles, the
    regions and every card stay where they were (the "Put here" targets lie over their
    places, each at least 44 px); put down on the Build, only the counts change."""
    at(page, TABLETS[size])
    before = on_page(page, STILL)
    page.tap("[data-testid=res-available-wood]")
    expect(page.locator("[data-testid=res-available-wood]")).to_have_attribute(
        "aria-pressed", "true"
    )
    expect(page.locator("[data-testid=put-action-build-1]")).to_be_visible()
    assert moved(before, on_page(page, STILL)) == []
    assert small_targets(page) == []
    with settles(page):
        page.tap("[data-testid=put-action-build-1]")
    expect(page.locator("[data-put]")).to_have_count(0)
    state = table(page)
    assert state["available"]["wood"] == 2
    assert (
        next(a for a in state["planned_actions"] if a["id"] == "build-1")["assigned"]["wood"] == 3
    )
    assert moved(before, on_page(page, STILL)) == []


def test_picking_up_a_pawn_by_the_keyboard_moves_nothing(page: Page) -> None:
    """Enter on a pawn: every action space, the planned Actions and the card offer "Put
    here" over themselves; the focus is on the first, arrows go through them, Escape puts
    the pawn back; nothing moved meanwhile."""
    at(page, IPADS["ipad-air"])
    before = on_page(page, STILL)
    page.focus("[data-testid=pawn-build-1-cook-1]")
    page.keyboard.press("Enter")
    expect(page.locator("[data-testid=live]")).to_contain_text("Holding")
    targets = page.locator("[data-put]")
    assert targets.count() >= 8  # seven spaces, the Gather, the Cook's card
    assert page.evaluate("document.activeElement.dataset.put") == "1"
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.dataset.put") == "1"
    assert moved(before, on_page(page, STILL)) == []
    assert small_targets(page) == []
    page.keyboard.press("Escape")
    expect(targets).to_have_count(0)
    expect(page.locator("[data-testid=pawn-build-1-cook-1]")).to_be_focused()
    assert moved(before, on_page(page, STILL)) == []


def test_put_here_targets_never_overlap_one_another(page: Page) -> None:
    """With a pawn in hand, the Build space (a new Build) and its planned Action (join it)
    both take it: their two targets lie apart, as do the sources' with a black marker."""
    at(page, IPADS["ipad-air"])
    for piece in ("pawn-card-cook-0", "black-supply-piece"):
        page.focus(f"[data-testid={piece}]")
        page.keyboard.press("Enter")
        found: list[list[str]] = page.evaluate(
            """() => {
              const els = [...document.querySelectorAll("[data-put]")];
              const pairs = [];
              els.forEach((a, i) => els.slice(i + 1).forEach((b) => {
                const r = a.getBoundingClientRect(), s = b.getBoundingClientRect();
                if (r.right > s.left && s.right > r.left && r.bottom > s.top && s.bottom > r.top)
                  pairs.push([a.dataset.key, b.dataset.key]);
              }));
              return pairs;
            }"""
        )
        assert found == [], (piece, found)
        page.keyboard.press("Escape")
        expect(page.locator("[data-put]")).to_have_count(0)


@pytest.mark.parametrize(
    "size", [(1180, 820), (1280, 800), (800, 1280)], ids=["ipad-air", "tablet-1280", "portrait"]
)
def test_card_words_are_at_least_12_px_and_never_hyphenated(
    page: Page, size: tuple[int, int]
) -> None:
    """Every word on a character card is at least 11 px (the names of the wound track and of
    Determination 12 px), none is hyphenated or cut: "Determination" is one word on one line."""
    at(page, size)
    found: list[dict[str, object]] = page.evaluate(
        """(cards) => cards.flatMap((card) => {
          const root = document.querySelector(`[data-testid=${card}]`);
          const texts = [...root.querySelectorAll("*")].filter((el) => el.checkVisibility()
            && [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()));
          return texts.map((el) => {
            const css = getComputedStyle(el);
            const box = el.getBoundingClientRect();
            return { card, text: el.textContent.trim(), cls: el.className,
              size: parseFloat(css.fontSize), hyphens: css.hyphens, height: box.height,
              cut: el.scrollWidth > el.clientWidth + 1 };
          });
        })""",
        CARDS,
    )
    assert found, "no words found on the cards"
    small = [f for f in found if f["size"] < 11]  # type: ignore[operator]
    assert small == [], small
    assert [f for f in found if f["hyphens"] == "auto"] == []
    assert [f for f in found if "\u00ad" in str(f["text"])] == []
    labels = [f for f in found if f["cls"] == "count-label"]
    assert sorted({str(f["text"]) for f in labels}) == ["Determination", "Wounds"]
    for label in labels:
        assert label["size"] >= 12, label  # type: ignore[operator]
        assert label["height"] <= 1.5 * label["size"], label  # type: ignore[operator]
        assert not label["cut"], label


def test_cards_are_no_taller_at_1280x800(page: Page) -> None:
    """At 1280x800 each card is its four 44 px rows: the name, the wound track (its dots
    under its − and +), Determination, and the pawns with In camp and More, as before the
    words grew to 12 px."""
    at(page, (1280, 800))
    for card in CARDS:
        rows = page.locator(f"[data-testid={card}] > *").all()
        assert len(rows) == 4, card
        for row in rows:
            box = row.bounding_box()
            tall = 45 + DOTS if "wound-row" in (row.get_attribute("class") or "") else 45
            assert box and box["height"] <= tall, (card, box)
        box = page.locator(f"[data-testid={card}]").bounding_box()
        assert box and box["height"] <= 4 * 44 + DOTS + 20, (card, box)


def test_a_tap_pick_up_never_scrolls_the_page_to_the_first_put_here(page: Page) -> None:
    """An iPad upright (768x1024), a character's pawn picked up by a tap: the first "Put here"
    (an action space, above the screen) takes the focus without scrolling the page from under
    the finger; picked up with Enter, the page brings that focused target into view, for the
    keyboard."""
    at(page, (768, 1024))
    pawn = "[data-testid=pawn-card-explorer-0]"
    page.eval_on_selector(pawn, "(el) => el.scrollIntoView({ block: 'start' })")
    y = page.evaluate("window.scrollY")
    spaces = page.locator("[data-testid=space-threat]")  # where the first "Put here" goes
    assert spaces.evaluate("(el) => el.getBoundingClientRect().bottom") < 0
    page.tap(pawn)
    expect(page.locator("[data-testid=live]")).to_contain_text("Holding")
    assert page.evaluate("document.activeElement.dataset.put") == "1"
    assert page.evaluate("window.scrollY") == y
    page.keyboard.press("Escape")
    expect(page.locator("[data-put]")).to_have_count(0)
    page.focus(pawn)
    page.keyboard.press("Enter")
    expect(page.locator("[data-testid=live]")).to_contain_text("Holding")
    box = page.evaluate("document.activeElement.getBoundingClientRect().top")
    assert 0 <= box < 1024
    page.keyboard.press("Escape")
    expect(page.locator("[data-put]")).to_have_count(0)


def test_the_players_choice_and_the_rulings_words_fit_and_read_at_arms_length(page: Page) -> None:
    """At 1180x820, Unusually Cold Night ruled: "The players choose" ends inside the window;
    the Wounds table's headers and names, the piles' FOOD/WOOD labels are at least 13 px; an
    "In camp" box is a 44 px target each way."""
    at(page, IPADS["ipad-air"])
    page.fill("[data-testid=demand-search]", "unusually cold night")
    page.click("[data-testid=card-unusually-cold-night]")
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")
    box = page.locator("[data-testid=decisions]").bounding_box()
    assert box and box["x"] + box["width"] <= 1180, box
    clear_demand(page)
    page.select_option("[data-testid=ctx-resolver]", "cook")  # 9 wood asked: a shortfall wounds
    discard(page, "wood", 9)
    expect(page.locator("[data-testid=wounds]")).to_be_visible()
    sizes = page.evaluate("""() => Object.fromEntries(
      [".wounds-table thead th", ".wounds-table tbody th",
       ".kind-food .kind-name", ".kind-wood .kind-name"].map((sel) =>
        [sel, Math.min(...[...document.querySelectorAll(sel)].map(
          (el) => parseFloat(getComputedStyle(el).fontSize)))]))""")
    assert all(13 <= size < 100 for size in sizes.values()), sizes  # (each one found)
    for toggle in page.locator("[data-testid=char-cook] label.toggle").all():
        target = toggle.bounding_box()
        assert target and target["width"] >= 44 and target["height"] >= 44, target
