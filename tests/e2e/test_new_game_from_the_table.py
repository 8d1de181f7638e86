"""New game starts from the table on the board: its characters, First Player, Friday and the
Dog, scenario and round are already picked, and each change is one tap (the round too, not a
tap per round). The "1st" token says it can be moved, and moves by tap and by keyboard."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .board_harness import axe_violations, settles, table, touch_drag

SIZES = {"ipad": (1180, 820), "ipad-upright": (820, 1180), "phone": (390, 844)}

VIEWPORT = SIZES["ipad"]


@pytest.fixture(params=list(SIZES.values()), ids=list(SIZES))
def page(request: pytest.FixtureRequest, board_page: Page) -> Page:
    """The demo table (the Cook, the Carpenter as First Player, the Explorer; Friday and the
    Dog; scenario 1, round 4) at each size."""
    width, height = request.param
    board_page.set_viewport_size({"width": width, "height": height})
    board_page.evaluate("window.scrollTo(0, 0)")
    return board_page


def open_new_game(page: Page) -> None:
    """New game, from the Menu on a phone."""
    if page.locator("[data-testid=toolbar-menu]").is_visible():
        page.tap("[data-testid=toolbar-menu]")
    page.tap("[data-testid=new-game]")
    expect(page.locator("[data-testid=new-dialog]")).to_be_visible()


def checked(page: Page, testid: str) -> bool:
    return page.is_checked(f"[data-testid={testid}]")


def test_new_game_starts_from_the_table_on_the_board(page: Page, site_url: str) -> None:
    """Opened: the table's characters and First Player, Friday, the Dog, its scenario and
    round are the dialog's; nothing axe-core finds."""
    open_new_game(page)
    roles = ("cook", "carpenter", "explorer", "soldier")
    assert [r for r in roles if checked(page, f"new-{r}")] == ["cook", "carpenter", "explorer"]
    assert checked(page, "new-first-carpenter")
    assert checked(page, "new-friday") and checked(page, "new-dog")
    assert checked(page, "new-scenario-1") and checked(page, "new-round-4")
    assert axe_violations(page, site_url, "[data-testid=new-dialog]") == []
    page.keyboard.press("Escape")


def test_each_choice_is_one_tap(page: Page) -> None:
    """The Soldier in, the Cook out, the Soldier First Player, scenario 3 and round 9: five
    taps, then Start. The players' names stay with the characters still in."""
    open_new_game(page)
    for testid in ("new-soldier", "new-cook", "new-first-soldier", "new-scenario-3", "new-round-9"):
        page.tap(f"[data-testid={testid}]")
    with settles(page):
        page.tap("[data-testid=new-start]")
    state = table(page)
    assert [(c["role"], c["name"]) for c in state["characters"]] == [
        ("carpenter", "Ben"), ("explorer", "Chloé"), ("soldier", "")]
    assert (state["first_player"], state["scenario"], state["round"]) == ("soldier", 3, 9)
    assert state["friday"] is not None and state["dog"] is True
    assert state["planned_actions"] == [] and state["phase"] == "event"


def test_leaving_out_the_first_player_hands_the_token_on(page: Page) -> None:
    """The Carpenter (First Player) left out: the first character still in is First Player,
    and the Carpenter cannot be."""
    open_new_game(page)
    page.tap("[data-testid=new-carpenter]")
    assert checked(page, "new-first-cook")
    expect(page.locator("[data-testid=new-first-carpenter]")).to_be_disabled()
    page.keyboard.press("Escape")


def test_no_character_is_refused_in_words(page: Page) -> None:
    """Every character left out: Start says to choose one, and the table is unchanged."""
    before = table(page)
    open_new_game(page)
    for role in ("cook", "carpenter", "explorer"):
        page.tap(f"[data-testid=new-{role}]")
    page.tap("[data-testid=new-start]")
    expect(page.locator("#new-error")).to_have_text("Choose at least one character.")
    page.keyboard.press("Escape")
    assert table(page) == before


def test_the_first_player_token_says_it_moves(page: Page) -> None:
    """The token shows "Move" and its name says how; a tap then a tap on the Cook's card
    gives it to the Cook; Enter, then Enter on the Explorer's "Put here", to the Explorer; a
    drag by finger, to the Carpenter."""
    token = page.locator("[data-testid=fp-token]")
    expect(token).to_contain_text("Move")
    expect(token).to_have_attribute(
        "aria-label",
        "Move the First Player token to another character: drag it, or tap it and then the"
        " character",
    )
    token.scroll_into_view_if_needed()
    token.tap()
    with settles(page):
        page.tap("[data-testid=put-card-cook]")
    assert table(page)["first_player"] == "cook"
    page.focus("[data-testid=fp-token]")
    page.keyboard.press("Enter")
    page.focus("[data-testid=put-card-explorer]")
    with settles(page):
        page.keyboard.press("Enter")
    assert table(page)["first_player"] == "explorer"
    with settles(page):
        touch_drag(page, "[data-testid=fp-token]", "[data-drop-key=card-carpenter]")
    assert table(page)["first_player"] == "carpenter"
