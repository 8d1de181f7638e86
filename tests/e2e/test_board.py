"""The table board: every region drawn from the core's state; moves by mouse, touch, tap and
keyboard, each through the core; the demand panel's rulings for each victim rule; undo/redo;
accessibility."""

from __future__ import annotations

import copy
import json
import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from .board_harness import (
    DEMO,
    apply_cook_wood,
    axe_violations,
    bring,
    check_clean,
    cook_discards_wood,
    discard,
    open_board,
    open_more,
    set_table,
    settle,
    settles,
    small_targets,
    table,
    touch_drag,
    wait_live,
)


@pytest.fixture()
def page(board_page: Page) -> Page:
    """The board page on the demo table (conftest.board_page)."""
    return board_page


def pile(state: dict[str, Any], place: str) -> dict[str, int]:
    if place in ("available", "future"):
        result: dict[str, int] = state[place]
        return result
    action = next(a for a in state["planned_actions"] if a["id"] == place)
    assigned: dict[str, int] = action["assigned"]
    return assigned


def pick_card(page: Page, words: str, card_id: str) -> None:
    page.fill("[data-testid=demand-search]", words)
    page.click(f"[data-testid=card-{card_id}]")


def reduce(page: Page, track: str, n: int) -> None:
    """The "Roof / Palisade / Weapon −" chip, then which track and by how much."""
    i = page.locator("[data-testid=demand-chosen] li[data-testid^=demand-]").count()
    page.click("[data-testid=chip-track]")
    settle(page)
    if track != "roof":
        page.click(f"[data-testid=d{i}-track-{track}]")
    for _ in range(n - 1):
        settle(page)
        page.click(f"[data-testid=d{i}-amount-plus]")
    settle(page)


def preview(page: Page) -> None:
    page.click("[data-testid=preview]")
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")


def wounded(page: Page) -> dict[str, tuple[int, int]]:
    """The ruling's Wounds table: figure -> (unfulfilled, other)."""
    rows = page.locator("[data-testid=wounds] tbody tr")
    found = {}
    for i in range(rows.count()):
        row = rows.nth(i)
        cells = row.locator("td")
        found[row.get_attribute("data-figure") or ""] = (
            int(cells.nth(0).inner_text()),
            int(cells.nth(1).inner_text()),
        )
    return found


# ------------------------------------------------------------------------- regions


def test_every_region_shows_its_part_of_the_table(page: Page) -> None:
    for region in (
        "game",
        "camp",
        "resources",
        "actions",
        "characters",
        "helpers",
        "island",
        "spaces",
        "finds",
    ):
        expect(page.locator(f"[data-testid=region-{region}]")).to_be_visible()
    expect(page.locator("[data-testid=available-wood]")).to_have_text("3")
    expect(page.locator("[data-testid=future-food]")).to_have_text("1")
    expect(page.locator("[data-testid=res-build-1-wood]")).to_contain_text("2")
    expect(page.locator("[data-testid=action-build-1] .leads")).to_have_count(1)
    expect(page.locator("[data-testid=char-cook]")).to_contain_text("Cook (Ana)")
    expect(page.locator("[data-testid=wounds-carpenter]")).to_have_attribute("data-value", "5")
    expect(page.locator("[data-testid=char-carpenter] [data-testid=fp-token]")).to_have_count(1)
    expect(page.locator("[data-testid=camp-explorer]")).not_to_be_checked()
    expect(page.locator("[data-testid=char-friday]")).to_be_visible()
    expect(page.locator("[data-testid=dog]")).to_be_checked()
    expect(page.locator("[data-testid=morale]")).to_have_attribute("data-value", "-1")
    expect(page.locator("[data-testid=track-palisade]")).to_have_attribute("data-value", "2")
    expect(page.locator("[data-testid=black-1-1]")).to_have_count(1)
    expect(page.locator("[data-testid=bspace-hunting]")).to_contain_text("+1 beast")
    # The table's "Nourishing larvae" is the game's Discovery token: said as the catalogue
    # names it.
    for text in ("Nourishing Larvae", "Rope", "Knife", "Saber"):
        expect(page.locator("[data-testid=region-finds]")).to_contain_text(text)


def test_player_text_is_text_never_markup(page: Page) -> None:
    hostile = '<img src=x onerror="window.__pwned=1">'
    open_more(page, "cook")
    with settles(page):
        page.fill("[data-testid=name-cook]", hostile)
        page.press("[data-testid=name-cook]", "Enter")
    expect(page.locator("#ch-cook")).to_have_text(f"Cook ({hostile})")
    assert page.locator("#board img").count() == 0
    assert page.evaluate("window.__pwned") is None


# ------------------------------------------------------------------------- moves


def test_drag_by_mouse(page: Page) -> None:
    source = page.locator("[data-testid=res-available-wood]")
    target = page.locator("[data-testid=action-build-1] h4")
    bring(page, "[data-testid=res-available-wood]", "[data-testid=action-build-1] h4")
    a, b = source.bounding_box(), target.bounding_box()
    assert a and b
    with settles(page):
        page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
        page.mouse.down()
        page.mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2, steps=8)
        page.mouse.up()
    state = table(page)
    assert pile(state, "available")["wood"] == 2 and pile(state, "build-1")["wood"] == 3
    expect(page.locator("[data-testid=live]")).to_contain_text(
        "1 wood from Available resources to Build: Roof"
    )


def test_drag_by_touch(page: Page) -> None:
    with settles(page):
        touch_drag(page, "[data-testid=res-build-1-wood]", "[data-testid=pile-future] h3")
    state = table(page)
    assert pile(state, "build-1")["wood"] == 1 and pile(state, "future")["wood"] == 2


FINGER = """([type, x, y]) => document.elementFromPoint(x, y).dispatchEvent(new PointerEvent(type, {
  bubbles: true, cancelable: true, composed: true, pointerId: 9, pointerType: "touch",
  isPrimary: true, clientX: x, clientY: y, button: 0, buttons: type === "pointerup" ? 0 : 1 }))"""


def test_the_dragged_piece_follows_the_finger(page: Page) -> None:
    """Mid-drag, a copy of the piece (one cube) sits under the finger, the place under it is
    marked, and the piece itself stays faded where it was; letting go moves it and the copy
    goes. With reduced motion the copy only follows (no lift)."""
    source, target = "[data-testid=res-available-wood]", "[data-testid=action-build-1] h4"
    bring(page, source, target)
    a, b = page.locator(source).bounding_box(), page.locator(target).bounding_box()
    assert a and b
    x0, y0 = a["x"] + a["width"] / 2, a["y"] + a["height"] / 2
    x1, y1 = b["x"] + b["width"] / 2, b["y"] + b["height"] / 2
    page.evaluate(FINGER, ["pointerdown", x0, y0])
    page.evaluate(FINGER, ["pointermove", (x0 + x1) / 2, (y0 + y1) / 2])
    page.evaluate(FINGER, ["pointermove", x1, y1])
    ghost = page.locator("[data-testid=drag-ghost]")
    expect(ghost).to_have_count(1)
    expect(ghost).to_have_attribute("aria-hidden", "true")
    expect(ghost.locator(".cube-wood")).to_have_count(1)
    hovered = "(sel) => document.querySelector(sel).closest('[data-drop]').matches('.drop-hover')"
    page.wait_for_function(hovered, arg=target)
    box = ghost.bounding_box()
    assert box and box["x"] <= x1 <= box["x"] + box["width"] + 8
    assert box["y"] <= y1 <= box["y"] + box["height"] + 8
    expect(page.locator(source)).to_have_class(re.compile(r"\bis-dragging\b"))
    with settles(page):
        page.evaluate(FINGER, ["pointerup", x1, y1])
    expect(ghost).to_have_count(0)
    assert pile(table(page), "build-1")["wood"] == 3

    page.emulate_media(reduced_motion="reduce")
    try:
        src = "[data-testid=res-build-1-wood]"
        c = page.locator(src).bounding_box()
        assert c
        page.evaluate(FINGER, ["pointerdown", c["x"] + 10, c["y"] + 10])
        page.evaluate(FINGER, ["pointermove", c["x"] + 60, c["y"] + 60])
        transform = ghost.evaluate("(el) => el.style.transform")
        assert "translate(" in transform and "scale" not in transform
        page.evaluate(FINGER, ["pointercancel", c["x"] + 60, c["y"] + 60])
        expect(ghost).to_have_count(0)
    finally:
        page.emulate_media(reduced_motion="no-preference")


def test_drag_a_pawn_by_touch_onto_an_empty_space_plans_an_action(page: Page) -> None:
    with settles(page):
        touch_drag(page, "[data-testid=pawn-card-cook-0]", "[data-testid=space-hunt] h3")
    hunt = [a for a in table(page)["planned_actions"] if a["action"] == "hunt"]
    assert hunt == [
        {
            "id": "hunt-1",
            "action": "hunt",
            "label": "",
            "pawns": ["cook"],
            "assigned": {"food": 0, "nonperishable_food": 0, "wood": 0, "fur": 0},
            "resolved": False,
        }
    ]
    build = next(a for a in table(page)["planned_actions"] if a["id"] == "build-1")
    assert build["pawns"] == ["carpenter", "cook"]  # the probe left its order as it was


def test_tap_to_place(page: Page) -> None:
    page.tap("[data-testid=res-available-food]")
    expect(page.locator("[data-testid=res-available-food]")).to_have_attribute(
        "aria-pressed", "true"
    )
    # A tap on the planned Action itself, beside its pawn (its name lies under its own "Put
    # here" while a piece is held).
    row = page.locator("[data-testid=action-gather-1] .planned-pawns")
    box = row.bounding_box()
    assert box
    with settles(page):
        row.tap(position={"x": box["width"] - 10, "y": box["height"] / 2})
    state = table(page)
    assert pile(state, "available")["food"] == 1 and pile(state, "gather-1")["food"] == 1


def test_keyboard_pick_up_and_put(page: Page) -> None:
    page.focus("[data-testid=res-available-fur]")
    page.keyboard.press("Enter")
    expect(page.locator("[data-testid=live]")).to_contain_text("Holding 1 fur")
    assert page.evaluate("document.activeElement.dataset.put") == "1"
    for _ in range(12):
        if page.evaluate("document.activeElement.dataset.key") == "put-action-build-1":
            break
        page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.dataset.key") == "put-action-build-1"
    with settles(page):
        page.keyboard.press("Enter")
    assert pile(table(page), "build-1")["fur"] == 1
    expect(page.locator("[data-testid=live]")).to_contain_text(
        "fur from Available resources to Build"
    )
    assert page.evaluate("document.activeElement.dataset.key") == "action-build-1"


def test_escape_puts_the_piece_back(page: Page) -> None:
    page.focus("[data-testid=res-available-wood]")
    page.keyboard.press("Space")
    expect(page.locator("[data-put]").first).to_be_focused()
    page.keyboard.press("Escape")
    expect(page.locator("[data-put]")).to_have_count(0)
    expect(page.locator("[data-testid=res-available-wood]")).to_be_focused()
    assert pile(table(page), "available")["wood"] == 3


def test_black_marker_covers_a_source(page: Page) -> None:
    with settles(page):
        touch_drag(page, "[data-testid=black-supply-piece]", "[data-testid=source-2-1]")
    assert table(page)["tiles"][1]["sources"][1]["exhausted"] is True


def test_tap_a_track_to_set_its_level(page: Page) -> None:
    with settles(page):
        page.click("[data-testid=track-roof] [data-level='3']")
    for _ in range(5):
        with settles(page):
            page.click("[data-testid=wounds-cook-plus]")
    with settles(page):
        page.click("[data-testid=morale] [data-level='2']")
    state = table(page)
    assert (state["roof"], state["characters"][0]["wounds"], state["morale"]) == (3, 7, 2)
    expect(page.locator("[data-testid=track-roof] [data-level='3']")).to_have_attribute(
        "aria-pressed", "true"
    )


def test_a_refused_move_shows_its_reason_and_changes_nothing(page: Page) -> None:
    before = table(page)
    with settles(page):
        page.click("[data-testid=shelter-none]")
    expect(page.locator("[data-testid=message]")).to_contain_text(
        "Roof and Palisade need a Shelter"
    )
    assert table(page) == before
    expect(page.locator("[data-testid=shelter-built]")).to_have_attribute("aria-pressed", "true")


def test_a_pawn_with_none_left_is_refused_by_the_core(page: Page) -> None:
    with settles(page):
        touch_drag(page, "[data-testid=pawn-card-cook-0]", "[data-testid=action-gather-1] h4")
    expect(page.locator("[data-testid=pawn-card-cook-0]")).to_have_count(0)
    before = table(page)
    with settles(page):  # the cook's last free pawn is gone: a pawn from Build to a new space
        page.evaluate("""async () => {
          const board = window.castawayBoard;
          const move = { op: "move_pawn", figure: "cook", source: null, target: "gather-1" };
          await board.edit([move], "Cook's third pawn");
        }""")
    expect(page.locator("[data-testid=message]")).to_contain_text(
        "Cook has no Action pawn left to place"
    )
    assert table(page) == before


def test_undo_and_redo(page: Page) -> None:
    with settles(page):
        page.click("[data-testid=available-wood-plus]")
    assert pile(table(page), "available")["wood"] == 4
    with settles(page):
        page.click("[data-testid=undo]")
    assert pile(table(page), "available")["wood"] == 3
    expect(page.locator("[data-testid=log] .is-undone")).to_have_count(1)
    with settles(page):
        page.click("[data-testid=redo]")
    assert pile(table(page), "available")["wood"] == 4
    expect(page.locator("[data-testid=log] .is-undone")).to_have_count(0)
    expect(page.locator("[data-testid=log-0]")).to_contain_text("Available resources, wood: 4")


# ------------------------------------------------------------------------- rulings


def test_action_phase_only_the_resolving_character_suffers(page: Page) -> None:
    page.select_option("[data-testid=ctx-resolver]", "cook")
    discard(page, "wood", 5)
    preview(page)
    assert wounded(page) == {"cook": (2, 0)}
    expect(page.locator("[data-testid=steps]")).to_contain_text("C6")
    with settles(page):
        page.click("[data-testid=apply]")
    state = table(page)
    assert [c["wounds"] for c in state["characters"]] == [4, 5, 1]
    expect(page.locator("[data-testid=log-0]")).to_contain_text("Cook: 2 Wounds")


def test_resources_tied_up_in_planned_actions_are_not_used(page: Page) -> None:
    page.select_option("[data-testid=ctx-resolver]", "cook")
    discard(page, "wood", 5)
    preview(page)
    expect(page.locator("[data-testid=payments]")).to_contain_text("Wood: 3 of 5 paid — 2 short")
    expect(page.locator("[data-testid=steps]")).to_contain_text("C2")
    with settles(page):
        page.click("[data-testid=apply]")
    state = table(page)
    assert pile(state, "available")["wood"] == 0 and pile(state, "build-1")["wood"] == 2


def test_event_phase_combat_only_the_first_player_suffers(page: Page) -> None:
    with settles(page):
        page.click("[data-testid=phase-event]")
    pick_card(page, "tiger", "beast-tiger")
    preview(page)
    assert list(wounded(page)) == ["carpenter"]
    expect(page.locator("[data-testid=steps]")).to_contain_text("C7")
    with settles(page):
        page.click("[data-testid=apply]")
    state = table(page)
    assert [c["wounds"] for c in state["characters"]] == [2, 5 + sum(wounded(page)["carpenter"]), 1]


def test_otherwise_all_characters_suffer(page: Page) -> None:
    with settles(page):
        page.click("[data-testid=phase-night]")
    discard(page, "wood", 4)
    preview(page)
    assert wounded(page) == {"carpenter": (1, 0), "explorer": (1, 0), "cook": (1, 0)}
    expect(page.locator("[data-testid=steps]")).to_contain_text("C5")
    with settles(page):
        page.click("[data-testid=apply]")
    assert [c["wounds"] for c in table(page)["characters"]] == [3, 6, 2]


def test_the_panel_asks_the_players_and_rules_again(page: Page) -> None:
    with settles(page):
        page.click("[data-testid=phase-night]")
    discard(page, "food", 1)
    preview(page)
    question = page.locator("[data-decision=food_order]")
    expect(question.locator("input:checked")).to_have_value("perishable_first")
    question.locator("input[value=nonperishable_first]").check()  # ruled again at once
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")
    expect(page.locator("[data-decision=food_order] input:checked")).to_have_value(
        "nonperishable_first")
    with settles(page):
        page.click("[data-testid=apply]")
    state = table(page)
    assert (pile(state, "available")["food"], pile(state, "available")["nonperishable_food"]) == (
        2,
        0,
    )


def test_house_rulings_say_so_and_name_their_switch(page: Page) -> None:
    with settles(page):
        page.click("[data-testid=shelter-none]")  # refused: Roof 1
    # The refusal stays by the Shelter, over the Roof track under it, until read (OK).
    page.click("[data-testid=message-ok]")
    for level in ("track-roof", "track-palisade"):
        with settles(page):
            page.click(f"[data-testid={level}] [data-level='0']")
    with settles(page):
        page.click("[data-testid=shelter-none]")
    with settles(page):
        page.click("[data-testid=phase-event]")
    reduce(page, "roof", 1)
    preview(page)
    expect(page.locator("[data-testid=steps]")).to_contain_text(
        "No official ruling; this app's default (switch: "
        "“Reducing Roof/Palisade without a Shelter is ignored” in Settings)"
    )
    # The ruling as a whole is as sure as that step, and says which switch reads it otherwise.
    sure = page.locator("[data-testid=ruling] [data-testid=ruling-certainty]")
    expect(sure).to_have_attribute("data-grade", "switch")
    expect(sure).to_contain_text("No official ruling: house rule")
    expect(sure).to_contain_text("Reducing Roof/Palisade without a Shelter is ignored")
    expect(page.locator("[data-testid=bar-certainty]")).to_have_text(
        "No official ruling: house rule"
    )


# ------------------------------------------------------------------------- accessibility


def test_axe_board_and_demand_panel(page: Page, site_url: str) -> None:
    pick_card(page, "tiger", "beast-tiger")
    page.select_option("[data-testid=ctx-resolver]", "cook")
    preview(page)
    assert axe_violations(page, site_url, "#board") == []
    assert axe_violations(page, site_url, "#demand") == []
    page.focus("[data-testid=res-available-wood]")
    page.keyboard.press("Enter")  # with a piece in hand: the "Put here" buttons too
    found = axe_violations(page, site_url, "body")
    assert found == [], json.dumps(found, indent=1)
    page.keyboard.press("Escape")


def test_touch_targets_are_at_least_44_px(page: Page) -> None:
    open_more(page, "cook")
    assert small_targets(page) == []


# ------------------------------------------------------------------------- files and games


def test_export_then_import_and_bad_files_say_why(page: Page) -> None:
    with page.expect_download() as download:
        page.click("[data-testid=export]")
    path = download.value.path()
    assert path is not None
    exported = json.loads(path.read_text())
    assert exported["initial"]["characters"][0]["name"] == "Ana"
    files = page.locator("[data-testid=import-file]")
    files.set_input_files({"name": "x.json", "mimeType": "application/json", "buffer": b"{nope"})
    expect(page.locator("[data-testid=message]")).to_contain_text(
        "This file is not a table saved by Castaway Referee")
    files.set_input_files({"name": "x.json", "mimeType": "application/json", "buffer": b"[1]"})
    expect(page.locator("[data-testid=message]")).to_contain_text(
        "This file is neither a table nor a request exported by Castaway Referee."
    )
    request = {
        "format": "castaway-referee/request",
        "version": 1,
        "state": {**DEMO, "roof": 0, "shelter": "none", "palisade": 0},
        "effect": {"demands": [{"kind": "discard", "wood": 9}]},
        "context": {},
    }
    files.set_input_files(
        {"name": "r.json", "mimeType": "application/json", "buffer": json.dumps(request).encode()}
    )
    with settles(page):
        page.click("[data-testid=confirm-ok]")
    assert table(page)["shelter"] == "none"
    expect(page.locator("[data-testid=demand-chosen]")).to_contain_text("Discard 9 wood")
    bad = {**request, "state": {**request["state"], "roof": 2}}
    files.set_input_files(
        {"name": "r.json", "mimeType": "application/json", "buffer": json.dumps(bad).encode()}
    )
    page.click("[data-testid=confirm-ok]")
    expect(page.locator("[data-testid=message]")).to_contain_text(
        "Roof and Palisade need a Shelter"
    )
    assert table(page)["roof"] == 0


def test_new_game(page: Page) -> None:
    """New game from the demo table, the Soldier in and the Cook out: the Carpenter stays
    First Player, and the new table has no planned Action and no history."""
    page.click("[data-testid=new-game]")
    page.check("[name=new-soldier]")
    page.uncheck("[name=new-cook]")
    with settles(page):
        page.click("[data-testid=new-start]")
    state = table(page)
    assert [c["role"] for c in state["characters"]] == ["carpenter", "explorer", "soldier"]
    assert state["first_player"] == "carpenter" and state["planned_actions"] == []
    expect(page.locator("[data-testid=log]")).to_contain_text("Nothing yet")


# ------------------------------------------------------------------------- the ruling in view


def test_a_change_rules_again_and_an_applied_ruling_goes_out_of_date(page: Page) -> None:
    """Before Apply, a change to the table rules again; after it, a later change marks the
    ruling out of date and Apply cannot apply it a second time."""
    page.select_option("[data-testid=ctx-resolver]", "cook")
    discard(page, "wood", 4)
    expect(page.locator("[data-testid=headline]")).to_contain_text("Cook (Ana) suffers 1 Wound;")
    expect(page.locator("[data-testid=ruling-live]")).to_contain_text("Cook (Ana) suffers 1 Wound;")
    with settles(page):
        page.click("[data-testid=available-wood-minus]")
    settle(page)
    expect(page.locator("[data-testid=headline]")).to_contain_text("Cook (Ana) suffers 2 Wounds;")
    with settles(page):
        page.click("[data-testid=apply]")
    expect(page.locator("[data-testid=apply]")).to_be_disabled()
    expect(page.locator("[data-testid=bar-status]")).to_have_text("Applied to the table")
    with settles(page):
        page.click("[data-testid=available-food-plus]")
    expect(page.locator("[data-testid=ruling]")).to_have_attribute("data-state", "stale")
    status = page.locator("[data-testid=bar-status]")
    expect(status).to_have_text("Applied. The table has changed since.")
    expect(page.locator("[data-testid=bar-rule-again]")).to_be_visible()
    for testid in ("headline", "verdict"):  # applied, not cancelled: nothing is struck through
        line = page.locator(f"[data-testid={testid}]").evaluate(
            "(el) => getComputedStyle(el).textDecorationLine"
        )
        assert line == "none", (testid, line)
    expect(page.locator("[data-testid=apply]")).to_be_disabled()
    page.click("[data-testid=preview]")
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")
    expect(page.locator("[data-testid=apply]")).to_be_enabled()


def test_resolve_on_a_planned_action_makes_its_lead_the_resolver(page: Page) -> None:
    """With two planned Actions the panel asks who resolves, in plain words; "Resolve" on the
    Build makes its lead pawn's Carpenter the resolver."""
    discard(page, "wood", 5)
    expect(page.locator("[data-testid=headline]")).to_have_text("Who resolves this Action?")
    expect(page.locator("[data-testid=demand-panel]")).not_to_contain_text("context.")
    with settles(page):
        page.click("[data-testid=resolve-build-1]")
    settle(page)
    expect(page.locator("[data-testid=resolve-build-1]")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("[data-testid=context-line]")).to_contain_text("Carpenter (Ben) resolves")
    assert wounded(page) == {"carpenter": (2, 0)}
    expect(page.locator("[data-testid=action-build-1]")).not_to_contain_text("build-1")


def test_a_refusal_shows_where_the_player_is_until_read(page: Page) -> None:
    """A refused move, made far down the page, shows on screen and stays until dismissed."""
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    with settles(page):
        page.locator("[data-testid=shelter-none]").dispatch_event("click")
    message = page.locator("[data-testid=message]")
    expect(message).to_contain_text("Roof and Palisade need a Shelter")
    box = message.bounding_box()
    view = page.viewport_size
    assert box and view and box["y"] >= 0 and box["y"] + box["height"] <= view["height"]
    page.click("[data-testid=message-ok]")
    expect(message).to_be_empty()


def test_a_refusal_is_put_away_by_the_next_tap_elsewhere(page: Page) -> None:
    """Read and passed by: the next tap anywhere else (here, the card search) puts a refusal
    away, so that it no longer covers the ruling or the table the player turned to."""
    with settles(page):
        page.click("[data-testid=shelter-none]")  # refused: the Roof is up
    message = page.locator("[data-testid=message]")
    expect(message).to_contain_text("Roof and Palisade need a Shelter")
    page.click("[data-testid=demand-search]")
    expect(message).to_be_empty()


def test_rule_codes_link_to_their_faq_entry(page: Page) -> None:
    page.select_option("[data-testid=ctx-resolver]", "cook")
    discard(page, "wood", 5)
    link = page.locator("[data-testid=steps] a.clause[data-clause=C6]").first
    expect(link).to_have_attribute("href", "./faq.html#resolving-character")
    expect(page.locator("[data-testid=faq-link]")).to_have_attribute("href", "./faq.html")


def test_at_night_the_board_asks_how_each_open_action_ended(page: Page) -> None:
    """In the Night Phase a planned Action still open would keep its wood tied up: the board
    says so and asks how it ended; "Failed" brings its resources back (R6), by the core."""
    with settles(page):
        page.click("[data-testid=phase-night]")
    expect(page.locator("[data-testid=actions-over]")).to_contain_text("2 planned Actions")
    expect(page.locator("[data-testid=resolve-build-1]")).to_have_count(0)
    with settles(page):
        page.click("[data-testid=failure-build-1]")
    state = table(page)
    assert pile(state, "available")["wood"] == 5
    assert [a["id"] for a in state["planned_actions"]] == ["gather-1"]
    expect(page.locator("[data-testid=actions-over]")).to_contain_text("1 planned Action is")
    with settles(page):
        page.click("[data-testid=success-gather-1]")
    expect(page.locator("[data-testid=actions-over]")).to_have_count(0)


def test_a_rule_code_opens_its_rule_beside_the_table(page: Page) -> None:
    """Tapping a rule code shows the rule and how sure it is in a drawer beside the table (no
    new tab: an installed app would leave itself; the drawer's FAQ entry and worked example
    are tests/e2e/test_rule_drawer.py's); closing it goes back to the same table and ruling."""
    page.select_option("[data-testid=ctx-resolver]", "cook")
    discard(page, "wood", 5)
    page.locator("[data-testid=steps] a.clause[data-clause=C6]").first.click()
    sheet = page.locator("[data-testid=rule-dialog]")
    expect(sheet).to_be_visible()
    expect(sheet).to_contain_text("C6")
    expect(sheet.locator("[data-testid=rule-certainty]")).to_contain_text("Stated by the rules")
    expect(sheet.locator("[data-testid=rule-faq]")).to_have_attribute(
        "href", "./faq.html#resolving-character"
    )
    assert len(page.context.pages) == 1
    page.click("[data-testid=rule-close]")
    expect(sheet).to_be_hidden()
    expect(page.locator("[data-testid=ruling]")).to_have_attribute("data-state", "preview")


def test_the_demand_is_kept_across_a_reload(browser: Browser, site_url: str, page: Page) -> None:
    """The card's demand, who resolves it and the players' choices are saved with the table:
    a reload (or a trip to the FAQ and back) shows them again, ruled on the saved table."""
    page.select_option("[data-testid=ctx-resolver]", "cook")
    discard(page, "wood", 5)
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")
    headline = page.text_content("[data-testid=headline]")
    storage = page.evaluate(
        "() => Object.fromEntries(Object.keys(localStorage)"
        ".filter((k) => k.startsWith('castaway-referee.')).map((k) => [k, localStorage[k]]))"
    )
    again, _ = open_board(browser, site_url, storage=storage)
    try:
        wait_live(again.page)
        again.page.wait_for_selector("[data-testid=ruling][data-state=preview]")
        expect(again.page.locator("[data-testid=demand-chosen]")).to_contain_text("Discard 5 wood")
        expect(again.page.locator("[data-testid=ctx-resolver]")).to_have_value("cook")
        expect(again.page.locator("[data-testid=headline]")).to_have_text(headline or "")
        check_clean(again)
    finally:
        again.page.context.close()


# ------------------------------------------------------------------------- usability fixes


def test_the_same_card_applied_twice_is_asked_about_first(page: Page) -> None:
    """Applying the same demand and choices again (after an unrelated change) asks in place,
    applies nothing on Cancel, and applies a second time only on confirm."""
    apply_cook_wood(page)
    with settles(page):
        page.click("[data-testid=available-food-plus]")
    page.click("[data-testid=bar-rule-again]")
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")
    rulings = page.locator("[data-testid=log] .log-ruling")
    expect(rulings).to_have_count(1)
    page.click("[data-testid=apply]")
    question = page.locator("[data-testid=apply-again-question]")
    expect(question).to_have_text("This card was already applied. Apply it again?")
    expect(question).to_have_attribute("role", "alert")
    for testid in ("apply-again-confirm", "apply-again-cancel"):
        box = page.locator(f"[data-testid={testid}]").bounding_box()
        assert box and box["width"] >= 44 and box["height"] >= 44, (testid, box)
    page.click("[data-testid=apply-again-cancel]")
    expect(question).to_have_count(0)
    expect(page.locator("[data-testid=apply]")).to_be_enabled()
    expect(rulings).to_have_count(1)
    page.click("[data-testid=apply]")
    with settles(page):
        page.click("[data-testid=apply-again-confirm]")
    expect(page.locator("[data-testid=bar-status]")).to_have_text("Applied to the table")
    expect(rulings).to_have_count(2)


def test_a_different_demand_applies_without_asking(page: Page) -> None:
    """Only the same demand and choices are asked about: another demand applies at once."""
    apply_cook_wood(page)
    page.click("[data-testid=d0-n-minus]")
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")
    with settles(page):
        page.click("[data-testid=apply]")
    expect(page.locator("[data-testid=apply-again-question]")).to_have_count(0)
    expect(page.locator("[data-testid=log] .log-ruling")).to_have_count(2)


def test_undo_of_an_apply_previews_again_and_redo_shows_it_applied(page: Page) -> None:
    """Undoing the Apply itself brings the preview back (Apply enabled); Redo shows it applied;
    each says what it did in a toast at the buttons."""
    apply_cook_wood(page)
    with settles(page):
        page.click("[data-testid=undo]")
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")
    settle(page)
    expect(page.locator("[data-testid=bar-status]")).to_have_text("Preview: not applied yet")
    expect(page.locator("[data-testid=apply]")).to_be_enabled()
    toast = page.locator("[data-testid=undo-toast]")
    expect(toast).to_be_visible()
    expect(toast).to_contain_text("Undone: Cook: 1 Wound")
    with settles(page):
        page.click("[data-testid=redo]")
    expect(page.locator("[data-testid=bar-status]")).to_have_text("Applied to the table")
    expect(page.locator("[data-testid=apply]")).to_be_disabled()
    expect(toast).to_contain_text("Redone: Cook: 1 Wound")
    expect(page.locator("[data-testid=log] .log-ruling")).to_have_count(1)


def test_a_refusal_says_why_in_plain_words_next_to_the_tapped_control(page: Page) -> None:
    """Roof 2 with no Shelter: refused in plain words (no field, no internal values), shown
    next to the tapped level, on screen, announced, dismissable."""
    for level in ("track-roof", "track-palisade"):
        with settles(page):
            page.click(f"[data-testid={level}] [data-level='0']")
    with settles(page):
        page.click("[data-testid=shelter-none]")
    assert table(page)["shelter"] == "none"
    target = page.locator("[data-testid=track-roof] [data-level='2']")
    with settles(page):
        target.click()
    message = page.locator("[data-testid=message]")
    expect(message).to_have_text("Not done: Roof and Palisade need a Shelter.OK")
    expect(message).to_have_attribute("role", "alert")
    assert table(page)["roof"] == 0
    box, near = message.locator("span").bounding_box(), target.bounding_box()
    view = page.viewport_size
    assert box and near and view
    assert box["y"] >= 0 and box["y"] + box["height"] <= view["height"]
    assert box["x"] >= 0 and box["x"] + box["width"] <= view["width"]
    assert abs(box["y"] - (near["y"] + near["height"])) < 80, (box, near)
    assert abs(box["x"] - near["x"]) < 200, (box, near)
    ok = page.locator("[data-testid=message-ok]").bounding_box()
    assert ok and ok["width"] >= 44 and ok["height"] >= 44
    page.click("[data-testid=message-ok]")
    expect(message).to_be_empty()


def test_why_scrolls_only_the_panel(page: Page) -> None:
    """ "Why?" brings the ruling into view in the panel; the page (the board) does not move."""
    page.select_option("[data-testid=ctx-resolver]", "cook")
    discard(page, "wood", 4)
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")
    before = page.evaluate("window.scrollY")
    page.click("[data-testid=why]")
    expect(page.locator("#ruling-title")).to_be_focused()
    assert page.evaluate("window.scrollY") == before
    top, room, end = page.evaluate("""() => {
      const body = document.getElementById("panel-body");
      const top = document.getElementById("ruling-title").getBoundingClientRect().top
        - body.getBoundingClientRect().top;
      return [top, body.clientHeight, body.scrollTop >= body.scrollHeight - body.clientHeight - 1];
    }""")
    assert 0 <= top < (room - 40 if end else 40), (top, room, end)


def test_new_game_clears_the_card_and_its_demand(page: Page) -> None:
    """ "New game" puts the last game's demand away: nothing is ruled on the new table."""
    discard(page, "wood", 2)
    expect(page.locator("[data-testid=demand-0]")).to_be_visible()
    page.click("[data-testid=new-game]")
    with settles(page):
        page.click("[data-testid=new-start]")
    settle(page)
    expect(page.locator("[data-testid=demand-chosen]")).to_contain_text("No demand yet")
    expect(page.locator("[data-testid=bar-status]")).to_have_text(
        "Find the card, or tap what it asks for."
    )
    expect(page.locator("[data-testid=headline]")).to_have_text("No demand yet")
    expect(page.locator("[data-testid=ruling]")).to_be_empty()
    expect(page.locator("[data-testid=log]")).to_contain_text("Nothing yet")


def test_a_tap_on_an_action_space_with_nothing_in_hand_says_how_to_plan_there(
    page: Page,
) -> None:
    """At the table a player puts a pawn on the space: here the pawn comes first. The tap is
    answered by the finger (and to screen readers), not with nothing; nothing changes."""
    before = table(page)
    page.click("[data-testid=space-build] .space-title")
    message = page.locator("#board-message")
    expect(message).to_have_attribute("data-kind", "hint")
    expect(message).to_contain_text("first tap a pawn on a character's card")
    expect(message).to_have_class("is-anchored")
    box = message.bounding_box()
    space = page.locator("[data-testid=space-build]").bounding_box()
    assert box and space
    assert abs(box["y"] - (space["y"] + space["height"] / 2)) < 200  # by the finger
    expect(page.locator("#board-live")).to_contain_text("first tap a pawn")
    assert table(page) == before
    page.click("[data-testid=message-ok]")


def night_table(**changes: Any) -> dict[str, Any]:
    state = copy.deepcopy(DEMO)
    state.update(phase="night", planned_actions=[], **changes)
    return state


def test_picking_up_one_pawn_marks_only_that_pawn(page: Page) -> None:
    """Tapping one of the Cook's two pawns shows that one held, not both."""
    set_table(page, night_table())
    page.locator("[data-testid=pawn-card-cook-1]").tap()
    expect(page.locator("[data-testid=pawn-card-cook-1]")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("[data-testid=pawn-card-cook-0]")).to_have_attribute(
        "aria-pressed", "false"
    )
    page.keyboard.press("Escape")


def test_with_no_demand_the_panel_says_to_set_the_table_first(page: Page) -> None:
    """A first visit opens on a ready-made table: the panel says it must be made the players'
    own before a ruling means anything for them."""
    expect(page.locator("[data-testid=no-demand]")).to_contain_text(
        "First set the table as it is at yours"
    )


def test_an_alternative_that_must_apply_is_not_offered_as_a_choice(page: Page) -> None:
    """Unusually Cold Night with 1 wood: the Wounds apply, said under "What follows"; no
    choice preset to "Pay the demand" beside it. With 3 wood the players may choose."""
    state = copy.deepcopy(DEMO)
    state.update(phase="event", planned_actions=[], available={"wood": 1})
    set_table(page, state)
    page.fill("[data-testid=demand-search]", "unusually cold night")
    page.click("[data-testid=card-unusually-cold-night]")
    settle(page)
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")
    expect(page.locator("[data-testid=follows]")).to_contain_text(
        "the card's alternative applies instead"
    )
    expect(page.locator("[data-testid=decisions]")).to_have_count(0)
    expect(page.locator("[data-testid=ruling]")).not_to_contain_text("Pay the demand")
    expect(page.locator("[data-testid=headline]")).to_contain_text("Each character suffers 1 Wound")
    with settles(page):
        page.click("[data-testid=available-wood-plus]")
    with settles(page):
        page.click("[data-testid=available-wood-plus]")
    page.wait_for_selector("[data-testid=ruling][data-state=preview] [data-testid=decisions]")
    expect(page.locator("[data-testid=decisions] input:checked")).to_have_value("false")


def test_new_game_starts_the_panel_at_its_top(page: Page) -> None:
    """After a New game the side panel shows its top (the card search), not the old scroll."""
    page.select_option("[data-testid=ctx-resolver]", "cook")
    discard(page, "wood", 4)
    size = page.viewport_size
    page.set_viewport_size({"width": 1180, "height": 820})  # the tablet, landscape
    try:
        body = page.locator("#panel-body")
        body.evaluate("(el) => { el.scrollTop = el.scrollHeight; }")
        assert body.evaluate("(el) => el.scrollTop") > 0
        page.click("[data-testid=new-game]")
        with settles(page):
            page.click("[data-testid=new-start]")
        assert body.evaluate("(el) => el.scrollTop") == 0
    finally:
        if size:
            page.set_viewport_size(size)


def chip_style(page: Page, selector: str) -> dict[str, Any]:
    found: dict[str, Any] = page.locator(selector).first.evaluate(
        """(el) => { const s = getComputedStyle(el); const r = el.getBoundingClientRect();
          return { decoration: s.textDecorationLine, color: s.color, image: s.backgroundImage,
                   width: r.width, height: r.height }; }"""
    )
    return found


def test_rule_codes_are_chips_in_the_boards_colours(page: Page, site_url: str) -> None:
    """A ruling's codes, Settings' R1, R5, R9 and the finds' C4 are small ink chips (not blue
    underlined links), 44 px targets, with a visible focus ring from the keyboard."""
    page.set_viewport_size({"width": 1280, "height": 800})
    try:
        cook_discards_wood(page, 4)
        page.click("[data-testid=why]")
        page.click("details.house-rules > summary")
        codes = [t.strip() for t in page.locator(".rule-code-link").all_text_contents()]
        assert codes == ["R1", "R5", "R9", "C4"]
        for selector in ("[data-testid=steps] a.clause", ".rule-code-link"):
            style = chip_style(page, selector)
            assert style["decoration"] == "none", (selector, style)
            assert style["color"] == "rgb(245, 234, 208)", (selector, style)  # the parchment
            assert "gradient" in style["image"], (selector, style)  # the ink chip
            assert style["width"] >= 44 and style["height"] >= 44, (selector, style)
        # From the keyboard: the last code before the FAQ link shows the focus ring.
        page.focus("[data-testid=faq-from-ruling]")
        page.keyboard.press("Shift+Tab")
        focused = page.evaluate(
            """() => { const el = document.activeElement;
              return [el.matches("a.clause"), el.matches(":focus-visible"),
                      getComputedStyle(el).outlineStyle]; }"""
        )
        assert focused == [True, True, "solid"], focused
        assert small_targets(page) == []
        assert axe_violations(page, site_url, "[data-testid=panel]") == []
        assert axe_violations(page, site_url, ".house-rules") == []
        page.click("details.house-rules > summary")
    finally:
        page.set_viewport_size({"width": 1280, "height": 1800})
