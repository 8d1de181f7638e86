"""The board against hostile and worn-out saves, two tabs, long games and huge tables:
a save is checked before it is drawn and set aside (never dropped) when it fails; the page's
check agrees with the models; drawing never throws on what the models allow and never builds
more than a table needs; two tabs never silently drop each other's edits; a move costs no more
with a 3,000-entry history."""

from __future__ import annotations

import copy
import json
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from hypothesis import strategies as st
from playwright.sync_api import Browser, Page, expect
from pydantic import ValidationError

from pyapp.rules.state import TableState
from tests.core.strategies import tables

from .board_harness import (
    DEMO,
    App,
    board_call,
    check_clean,
    history_of,
    kept_aside,
    next_round,
    open_board,
    set_table,
    settles,
    wait_live,
)
from .board_harness import table as board_table

V1 = {"pointer": "castaway-referee.v1.current", "a": "castaway-referee.v1.save.a",
      "b": "castaway-referee.v1.save.b"}  # fmt: skip
POINTER = "castaway-referee.v2.current"
FULL_DEMO = TableState.model_validate(DEMO).model_dump(mode="json")


def v1_doc(state: dict[str, Any], entries: list[Any] | None = None, **snapshot: Any) -> str:
    """A save in the first layout: one document with the whole game."""
    history = {"initial": state, "entries": entries or [], "cursor": len(entries or [])}
    return json.dumps(
        {
            "format": "castaway-referee/autosave",
            "snapshot": {"state": state, "history": history, "log": [], **snapshot},
        }
    )


def two_slots(current: str, before: str | None = None) -> dict[str, str]:
    seeded = {V1["a"]: current, V1["pointer"]: "a"}
    if before is not None:
        seeded[V1["b"]] = before
    return seeded


@contextmanager
def opened(
    browser: Browser, site_url: str, storage: dict[str, str] | None = None, clean: bool = True
) -> Iterator[App]:
    booted, _ = open_board(browser, site_url, storage=storage)
    try:
        yield booted
        if clean:
            check_clean(booted)
    finally:
        booted.page.context.close()


def second_tab(a: App, site_url: str, follows: bool = True) -> Page:
    """A second tab on the same table as `a` (same context), live. `follows=False`: it does
    not follow the other tab's saves (as if their news came late)."""
    page = a.page.context.new_page()
    page.goto(site_url)
    wait_live(page)
    if not follows:
        page.evaluate("""async () => {
          const board = window.castawayBoard;
          board.autosave.setFollowing(false);
        }""")
    return page


def asides(page: Page) -> list[dict[str, Any]]:
    return kept_aside(page)


def stored(page: Page, key: str) -> str | None:
    result: str | None = page.evaluate(f"localStorage.getItem({json.dumps(key)})")
    return result


def damaged(change: Any) -> dict[str, Any]:
    state = copy.deepcopy(FULL_DEMO)
    change(state)
    return state


def drop_key(state: dict[str, Any], key: str) -> None:
    del state[key]


# ------------------------------------------------------------- the page's check and the models


def mutations(table: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Tables one step away from `table`: each number past its limits or of the wrong type,
    each text too long or empty, each choice unknown, each list too long, each group missing
    a field or holding an unknown one, and the whole-table rules broken one by one."""
    schema = TableState.model_json_schema()
    defs = schema["$defs"]

    def resolve(node: dict[str, Any], value: Any) -> dict[str, Any]:
        if "$ref" in node:
            return resolve(defs[node["$ref"].split("/")[-1]], value)
        if "anyOf" in node:
            for option in node["anyOf"]:
                if option.get("type") != "null" or value is None:
                    return resolve(option, value)
        return node

    def walk(node: dict[str, Any], value: Any, at: list[Any]) -> Iterator[tuple[list[Any], Any]]:
        node = resolve(node, value)
        kind = node.get("type")
        yield at, None
        if kind == "integer":
            yield at, "x"
            yield at, 1.5
            if "minimum" in node:
                yield at, node["minimum"] - 1
            if "maximum" in node:
                yield at, node["maximum"] + 1
            yield at, 5e9
        elif kind == "string":
            yield at, 7
            yield at, "é" * (node.get("maxLength", 60) + 1)
            if "enum" in node:
                yield at, ""
            if node.get("minLength"):
                yield at, " "
        elif kind == "boolean":
            yield at, [True]
        elif kind == "array":
            yield at, "x"
            if "maxItems" in node:
                yield at, [value[0] if value else 1] * (node["maxItems"] + 1)
            for i, item in enumerate(value):
                yield from walk(node["items"], item, [*at, i])
        elif kind == "object" and isinstance(value, dict):
            yield at, [value]
            yield [*at, "unknown_field"], 1
            for key in node.get("required", []):
                yield [*at, key], KeyError
            for key, item in value.items():
                yield from walk(node["properties"][key], item, [*at, key])

    for at, new in walk(schema, table, []):
        changed = copy.deepcopy(table)
        if not at:
            continue
        parent = changed
        for step in at[:-1]:
            parent = parent[step]
        if new is KeyError:
            del parent[at[-1]]
        else:
            parent[at[-1]] = new
        yield changed


def whole_table_breaks(table: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Each rule of TableState._consistent and of the wound tracks, broken once."""

    def broken(change: Any) -> dict[str, Any]:
        changed = copy.deepcopy(table)
        change(changed)
        return changed

    yield broken(lambda s: s["characters"].append(copy.deepcopy(s["characters"][0])))
    yield broken(lambda s: s.update(first_player="soldier"))
    yield broken(lambda s: s.update(jenny={"wounds": 0}, scenario=1))
    yield broken(lambda s: s.update(shelter="none", roof=2))
    yield broken(lambda s: s["planned_actions"][0]["pawns"].append("jenny"))
    yield broken(lambda s: s["planned_actions"].append(copy.deepcopy(s["planned_actions"][0])))
    yield broken(lambda s: s["tiles"].append(copy.deepcopy(s["tiles"][0])))
    yield broken(lambda s: s["characters"][0].update(wounds=14))
    yield broken(lambda s: s["characters"][0]["track"].update(morale_arrows=[3, 3]))
    yield broken(lambda s: s["characters"][0]["track"].update(death_at=3))
    yield broken(lambda s: s["inventions"].append({"name": "Pot", "benefits": [{"kind": "track"}]}))


def model_accepts(table: Any) -> bool:
    try:
        TableState.model_validate(table)
    except ValidationError:
        return False
    return True


def good_tables() -> list[dict[str, Any]]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        drawn = [st.lists(tables(), min_size=25, max_size=25).example()]
    return [FULL_DEMO, *(TableState.model_validate(t).model_dump(mode="json") for t in drawn[0])]


def test_the_pages_check_agrees_with_the_models(board_app: App) -> None:
    """Generated tables, good and one step bad: the page refuses every table the models refuse,
    accepts every table the models write, and says what is wrong in words, not field paths."""
    page = board_app.page
    good = good_tables()
    bad = [*mutations(FULL_DEMO), *whole_table_breaks(FULL_DEMO)]
    verdicts = page.evaluate(
        """async (tables) => {
      const { tableProblem } = await import("./static/shared/savecheck.js");
      return tables.map((t) => tableProblem(t));
    }""",
        good + bad,
    )
    assert len(bad) > 150
    for table, verdict in zip(good, verdicts[: len(good)], strict=True):
        assert verdict is None, (verdict, table)
    for table, verdict in zip(bad, verdicts[len(good) :], strict=True):
        if not model_accepts(table):
            assert verdict is not None, table
            assert not any(c in verdict for c in "[]_{}") and "null" not in verdict, verdict
        elif TableState.model_validate(table).model_dump(mode="json") == table:
            assert verdict is None, (verdict, table)  # a table the models write as it is
    check_clean(board_app)


# ------------------------------------------------------------- damaged saves


DAMAGED = {
    "a character's role is empty": lambda s: s["characters"][0].update(role=""),
    "the settings are null": lambda s: s.update(house_rules=None),
    "the roof is 5e9": lambda s: s.update(roof=5e9),
    "a wound track is 3e7 long": lambda s: s["characters"][0]["track"].update(death_at=3e7),
    "the planned Actions are not a list": lambda s: s.update(planned_actions={"id": 1}),
    "a character is a string": lambda s: s["characters"].insert(0, "cook"),
}


@pytest.mark.parametrize("case", list(DAMAGED))
def test_a_damaged_save_is_never_drawn_and_the_good_one_before_is_opened(
    browser: Browser, site_url: str, case: str
) -> None:
    bad = v1_doc(damaged(DAMAGED[case]))
    before = v1_doc({**FULL_DEMO, "roof": 2})
    with opened(browser, site_url, two_slots(bad, before)) as app:
        page = app.page
        expect(page.locator("[data-testid=notice-older]")).to_contain_text("kept aside")
        table = board_table(page)
        assert table["roof"] == 2 and table["characters"][0]["name"] == "Ana"
        kept = asides(page)
        assert [(a["key"], a["why"]) for a in kept] == [(V1["a"], "unreadable")]
        assert stored(page, V1["a"]) == bad
        with settles(page):
            page.click("[data-testid=track-roof] [data-level='3']")
        assert stored(page, V1["a"]) == bad  # still kept after a save


def test_an_unreadable_save_with_nothing_before_says_what_is_wrong_in_words(
    browser: Browser, site_url: str
) -> None:
    bad = v1_doc(damaged(DAMAGED["the roof is 5e9"]))
    with opened(browser, site_url, two_slots(bad)) as app:
        notice = app.page.locator("[data-testid=notice-corrupt]")
        expect(notice).to_contain_text("could not be read")
        expect(notice).to_contain_text("the roof is too large")
        assert board_table(app.page)["characters"][0]["role"] == "cook"  # a fresh table
        with app.page.expect_download() as download:
            notice.locator("[data-testid=download-aside]").click()
        path = download.value.path()
        assert path is not None and path.read_text() == bad


def test_what_the_models_fill_in_or_ignore_does_not_stop_a_save(
    browser: Browser, site_url: str
) -> None:
    """No planned Actions field (the models default it) and a log that is not a list (the
    board draws the log from the history): the save opens as it is."""
    state = damaged(lambda s: drop_key(s, "planned_actions"))
    with opened(browser, site_url, two_slots(v1_doc(state, log="not a list"))) as app:
        table = board_table(app.page)
        assert table["planned_actions"] == [] and table["characters"][0]["name"] == "Ana"
        assert asides(app.page) == []


def test_both_unreadable_saves_are_kept_not_one(browser: Browser, site_url: str) -> None:
    first, second = '{"format": "castaway-referee/au', v1_doc(damaged(DAMAGED["the roof is 5e9"]))
    with opened(browser, site_url, two_slots(first, second)) as app:
        page = app.page
        expect(page.locator("[data-testid=notice-corrupt]")).to_be_visible()
        assert sorted(a["key"] for a in asides(page)) == [V1["a"], V1["b"]]
        expect(page.locator("[data-testid=asides] li")).to_have_count(2)
        for i, text in enumerate([first, second]):
            with page.expect_download() as download:
                page.click(f"[data-testid=aside-download-{i}]")
            path = download.value.path()
            assert path is not None and path.read_text() == text
        with settles(page):
            next_round(page)
        assert stored(page, V1["a"]) == first and stored(page, V1["b"]) == second
        page.click("[data-testid=aside-discard-0]")
        expect(page.locator("[data-testid=asides] li")).to_have_count(1)
        assert stored(page, V1["a"]) is None and stored(page, V1["b"]) == second


def test_a_large_unreadable_save_is_kept_across_reloads(browser: Browser, site_url: str) -> None:
    with opened(browser, site_url) as app:
        page = app.page
        page.evaluate(
            """([a, pointer]) => {
          localStorage.clear();
          const head = '{"format": "castaway-referee/autosave", "junk": "';
          localStorage.setItem(a, head + "x".repeat(4_000_000));
          localStorage.setItem(pointer, "a");
        }""",
            [V1["a"], V1["pointer"]],
        )
        for _ in range(2):
            page.reload()
            wait_live(page)
            assert [a["key"] for a in asides(page)] == [V1["a"]]
            assert len(stored(page, V1["a"]) or "") > 4_000_000
            with settles(page):
                next_round(page)
            assert page.get_attribute("html", "data-saved") == "yes"


def test_a_save_the_rules_refuse_opens_the_older_one_and_keeps_it(
    browser: Browser, site_url: str
) -> None:
    """The light check passes, the rules refuse: set aside, the save before is opened, and it
    is still there after further moves and a reload (it was thrown away two moves later)."""
    refused = v1_doc(
        FULL_DEMO, [{"kind": "edit", "edits": [{"op": "set", "path": "nowhere", "value": 1}]}]
    )
    before = v1_doc({**FULL_DEMO, "roof": 2})
    with opened(browser, site_url, two_slots(refused, before)) as app:
        page = app.page
        expect(page.locator("[data-testid=notice-older]")).to_be_visible()
        assert board_table(page)["roof"] == 2
        assert [(a["key"], a["why"]) for a in asides(page)] == [(V1["a"], "refused")]
        for level in ("3", "4", "1"):
            with settles(page):
                page.click(f"[data-testid=track-roof] [data-level='{level}']")
        page.reload()
        wait_live(page)
        assert board_table(page)["roof"] == 1
        assert stored(page, V1["a"]) == refused


def test_new_game_sets_the_last_game_aside(browser: Browser, site_url: str) -> None:
    with opened(browser, site_url, two_slots(v1_doc({**FULL_DEMO, "roof": 2}))) as app:
        page = app.page
        with settles(page):
            page.click("[data-testid=track-roof] [data-level='3']")
        page.click("#new-game")
        with settles(page):
            page.click("#new-form [type=submit]")
        for _ in range(3):
            with settles(page):
                next_round(page)
        assert board_table(page)["roof"] == 0
        kept = asides(page)
        assert [a["why"] for a in kept] == ["new-game"]
        page.click("[data-testid=asides-summary]")  # folded: a game replaced on purpose
        with page.expect_download() as download:
            page.click("[data-testid=aside-download-0]")
        path = download.value.path()
        assert path is not None
        history = json.loads(path.read_text())
        assert history["initial"]["roof"] == 2 and history["cursor"] == 1  # importable, whole


# ------------------------------------------------------------- two tabs


def test_two_tabs_follow_each_others_changes(browser: Browser, site_url: str) -> None:
    with opened(browser, site_url, two_slots(v1_doc(FULL_DEMO))) as a:
        b_page = second_tab(a, site_url)
        expect(a.page.locator("[data-testid=notice-elsewhere]")).to_be_visible()
        with settles(a.page):
            a.page.click("[data-testid=track-roof] [data-level='3']")
        b_page.wait_for_function("() => document.documentElement.dataset.followed === '1'")
        b_page.wait_for_function("() => document.documentElement.dataset.busy === '0'")
        assert board_table(b_page)["roof"] == 3
        with settles(b_page):
            b_page.click("[data-testid=track-palisade] [data-level='4']")
        a.page.wait_for_function("() => document.documentElement.dataset.followed === '1'")
        a.page.wait_for_function("() => document.documentElement.dataset.busy === '0'")
        assert board_table(a.page)["roof"] == 3 and board_table(a.page)["palisade"] == 4
        b_page.reload()
        wait_live(b_page)
        table = board_table(b_page)
        assert (table["roof"], table["palisade"]) == (3, 4)  # both tabs' edits, in order
        b_page.close()


def test_a_change_made_in_two_tabs_at_once_is_kept_aside_not_dropped(
    browser: Browser, site_url: str
) -> None:
    with opened(browser, site_url, two_slots(v1_doc(FULL_DEMO))) as a:
        b_page = second_tab(a, site_url, follows=False)  # B hears of A's save too late
        with settles(a.page):
            a.page.click("[data-testid=track-roof] [data-level='3']")
        b_page.click("[data-testid=track-palisade] [data-level='4']")
        expect(b_page.locator("[data-testid=notice-conflict]")).to_be_visible()
        # B keeps its own game aside, then opens A's save (counted once opened).
        b_page.wait_for_function("() => document.documentElement.dataset.followed === '1'")
        b_page.wait_for_function("() => document.documentElement.dataset.busy === '0'")
        table = board_table(b_page)
        assert (table["roof"], table["palisade"]) == (3, 2)  # A's change is shown in B
        kept = asides(b_page)
        assert [k["why"] for k in kept] == ["other-tab"]
        with b_page.expect_download() as download:
            b_page.click("[data-testid=notice-conflict] [data-testid=download-aside]")
        path = download.value.path()
        assert path is not None
        mine = json.loads(path.read_text())
        assert mine["entries"][-1]["edits"][0] == {"op": "set", "path": "palisade", "value": 4}
        b_page.close()


def test_the_same_change_made_in_two_tabs_at_once_keeps_nothing_aside(
    browser: Browser, site_url: str
) -> None:
    """Both tabs make the very same change before hearing of the other's: B's save finds
    A's, which is the same game, so B opens it and keeps no redundant copy aside."""
    with opened(browser, site_url, two_slots(v1_doc(FULL_DEMO))) as a:
        b_page = second_tab(a, site_url, follows=False)  # B hears of A's save too late
        with settles(a.page):
            a.page.click("[data-testid=track-roof] [data-level='3']")
        b_page.click("[data-testid=track-roof] [data-level='3']")
        b_page.wait_for_function("() => document.documentElement.dataset.followed === '1'")
        b_page.wait_for_function("() => document.documentElement.dataset.busy === '0'")
        assert board_table(b_page)["roof"] == 3
        assert asides(b_page) == [] and asides(a.page) == []
        expect(b_page.locator("[data-testid=notice-conflict]")).to_have_count(0)
        b_page.close()


def test_an_unreadable_save_from_another_tab_is_kept_aside_and_ours_saved(
    browser: Browser, site_url: str
) -> None:
    with opened(browser, site_url, two_slots(v1_doc(FULL_DEMO))) as a:
        b_page = second_tab(a, site_url)
        with settles(a.page):
            a.page.click("[data-testid=track-roof] [data-level='3']")
        b_page.wait_for_function("() => document.documentElement.dataset.followed === '1'")
        torn = "castaway-referee.v2.head.torn"
        b_page.evaluate(
            """([pointer, torn]) => {  // "another tab" (this one) writes a torn save
              const p = JSON.parse(localStorage.getItem(pointer));
              localStorage.setItem(torn, '{"format": "castaway-referee/autosave", "vers');
              localStorage.setItem(pointer, JSON.stringify({ current: torn, previous: p.current }));
            }""",
            [POINTER, torn],
        )
        a.page.wait_for_function("() => document.documentElement.dataset.asides === '1'")
        a.page.wait_for_function(
            "([pointer, torn]) => JSON.parse(localStorage.getItem(pointer)).current !== torn",
            arg=[POINTER, torn],
        )
        kept = asides(a.page)
        # The torn save is kept aside as unreadable, and nothing else: when both tabs save
        # the same table in the same moment, neither keeps a copy of it aside.
        assert [(k["key"], k["why"]) for k in kept] == [(torn, "unreadable")], kept
        head = json.loads(
            stored(a.page, json.loads(stored(a.page, POINTER) or "")["current"]) or ""
        )
        assert head["state"]["roof"] == 3  # A's table is saved again, the torn one kept
        b_page.close()


# ------------------------------------------------------------- long games, huge tables


def journal_of(page: Page) -> list[int]:
    """The page's whole game (entries, cursor) and the window of it in the rules' session."""
    result: list[int] = page.evaluate("""async () => {
      const board = window.castawayBoard;
      const j = board.journal;
      return [j.entries.length, j.cursor, j.windowSize];
    }""")
    return result


def test_a_3000_entry_history_saves_a_small_head_and_undoes_across_windows(
    browser: Browser, site_url: str
) -> None:
    with opened(browser, site_url) as app:
        page = app.page
        board_call(page, "command", {"cmd": "load", "history": history_of(FULL_DEMO, 3000)})
        page.wait_for_function("() => document.documentElement.dataset.busy === '0'")
        with settles(page):
            page.click("[data-testid=track-roof] [data-level='3']")
        pointer = json.loads(stored(page, POINTER) or "{}")
        head = stored(page, pointer["current"]) or ""
        assert len(head) < 20_000, len(head)  # the move wrote the head, not 3,000 entries
        assert json.loads(head)["cursor"] == 3001
        expect(page.locator("[data-testid=log] li.log-entry")).to_have_count(100)
        expect(page.locator("[data-testid=log-earlier]")).to_contain_text("2,901 earlier")
        window = journal_of(page)[2]
        assert window <= 65
        for _ in range(40):  # back past the window's start
            with settles(page):
                page.click("#undo")
        assert board_table(page)["morale"] == 2960 % 3 - 1  # entries 0..2960 in effect
        with settles(page):
            page.click("#redo")
        assert board_table(page)["morale"] == 2961 % 3 - 1
        page.reload()
        wait_live(page)
        journal = journal_of(page)
        assert journal[:2] == [3001, 2962] and journal[2] <= 65
        assert board_table(page)["morale"] == 2961 % 3 - 1


def test_a_huge_table_is_drawn_as_a_table_needs(board_app: App) -> None:
    """The most Discovery tokens the models allow (60) are drawn as 40 and a count, not one by
    one; 62,000 (a link of 578 characters) are refused in words with the table unchanged;
    and the largest values the models allow are drawn without an error."""
    page = board_app.page
    set_table(page, copy.deepcopy(DEMO))
    refused = page.evaluate(
        """async (state) => {
      const board = window.castawayBoard;
      try { await board.command({ cmd: "new", state }); return ""; }
      catch (error) { return error.message; }
    }""",
        {**FULL_DEMO, "discovery_tokens": [f"Token {i}" for i in range(62_000)]},
    )
    assert "too many" in refused and "60" in refused, refused
    assert board_table(page)["discovery_tokens"] == DEMO.get("discovery_tokens", [])
    huge = {
        **FULL_DEMO,
        "discovery_tokens": [f"Token {i}" for i in range(60)],
        "roof": 99,
        "palisade": 99,
        "weapon": 99,
        "characters": [
            {
                **FULL_DEMO["characters"][0],
                "determination": 99,
                "track": {"death_at": 30, "morale_arrows": list(range(1, 30))},
                "wounds": 30,
            },
            *FULL_DEMO["characters"][1:],
        ],
    }
    set_table(page, huge)
    expect(page.locator("[data-testid=discovery] li.chip")).to_have_count(41)
    expect(page.locator("[data-testid=discovery-more]")).to_contain_text("20 more")
    nodes = page.evaluate("document.querySelectorAll('#board *').length")
    assert nodes < 20_000, nodes
    expect(page.locator("[data-testid=track-roof] [data-level='99']")).to_be_visible()
    with settles(page):
        page.click("[data-testid=discovery-rm-0]")
    assert len(board_table(page)["discovery_tokens"]) == 59
    set_table(page, copy.deepcopy(DEMO))
    check_clean(board_app)


# ------------------------------------------------------------- imported requests


@pytest.mark.parametrize("demands", ["x", [None], [], [{"kind": 5}]])
def test_a_request_with_a_broken_demand_is_refused_and_later_moves_say_done(
    board_app: App, demands: Any
) -> None:
    page = board_app.page
    set_table(page, copy.deepcopy(DEMO))
    request = {
        "format": "castaway-referee/request",
        "state": {**FULL_DEMO, "roof": 0},
        "effect": {"demands": demands},
    }
    done = page.evaluate(
        """async (text) => {
      const board = window.castawayBoard;
      return board.importText(text);
    }""",
        json.dumps(request),
    )
    assert done is False
    expect(page.locator("[data-testid=message]")).to_contain_text("cannot be imported")
    page.click("[data-testid=message-ok]")
    assert board_table(page)["roof"] == DEMO["roof"]
    with settles(page):
        page.click("[data-testid=track-roof] [data-level='3']")
    expect(page.locator("[data-testid=live]")).to_have_text("Roof: 3.")
    expect(page.locator("[data-testid=message]")).not_to_contain_text("Not done")
    check_clean(board_app)


# ------------------------------------------------------------- imported files


def import_file(page: Page, data: bytes) -> None:
    page.locator("[data-testid=import-file]").set_input_files(
        {"name": "table.json", "mimeType": "application/json", "buffer": data}
    )


def test_an_import_the_rules_refuse_is_said_in_the_cores_plain_words(board_app: App) -> None:
    """A request whose table holds 62,000 Discovery tokens: the message is the core's plain
    line, not pydantic's "Tuple should have at most 60 items after validation"."""
    page = board_app.page
    set_table(page, copy.deepcopy(DEMO))
    request = {
        "format": "castaway-referee/request",
        "version": 1,
        "state": {**FULL_DEMO, "discovery_tokens": ["a"] * 62_000},
        "effect": {"demands": [{"kind": "discard", "wood": 1}]},
    }
    import_file(page, json.dumps(request).encode())
    page.click("[data-testid=confirm-ok]")
    message = page.locator("[data-testid=message]")
    expect(message).to_contain_text(
        "The Discovery tokens have too many items: 62,000 (at most 60)."
    )
    expect(message).not_to_contain_text("Tuple")
    expect(message).not_to_contain_text("validation")
    page.click("[data-testid=message-ok]")
    assert board_table(page)["discovery_tokens"] == DEMO.get("discovery_tokens", [])
    check_clean(board_app)


def test_a_file_saved_with_a_byte_order_mark_is_imported(board_app: App) -> None:
    """UTF-8 with a BOM, as Windows editors save it: imported like the same file without."""
    page = board_app.page
    set_table(page, copy.deepcopy(DEMO))
    request = {
        "format": "castaway-referee/request",
        "version": 1,
        "state": {**FULL_DEMO, "roof": 0, "shelter": "none", "palisade": 0, "round": 7},
        "effect": {"demands": [{"kind": "discard", "wood": 3}]},
    }
    text = "\ufeff" + json.dumps(request)
    page.evaluate("(text) => { window.castawayBoard.importText(text); }", text)  # as pasted
    with settles(page):
        page.click("[data-testid=confirm-ok]")
    assert board_table(page)["round"] == 7
    set_table(page, copy.deepcopy(DEMO))
    import_file(page, text.encode("utf-8"))
    with settles(page):
        page.click("[data-testid=confirm-ok]")
    assert board_table(page)["round"] == 7
    expect(page.locator("[data-testid=live]")).to_have_text("Table imported.")
    check_clean(board_app)


@pytest.mark.parametrize("data", [b"lorem ipsum\x00\x01 dolor", b'{"format": '])
def test_a_file_that_is_not_a_table_is_refused_in_plain_words(board_app: App, data: bytes) -> None:
    """No parser's words, no control characters: what it is not, and what to do."""
    page = board_app.page
    set_table(page, copy.deepcopy(DEMO))
    import_file(page, data)
    message = page.locator("[data-testid=message]")
    expect(message).to_contain_text(
        "This file is not a table saved by Castaway Referee, so it cannot be imported. Choose a "
        "file made with “Export”. Your table is unchanged."
    )
    expect(message).not_to_contain_text("JSON")
    page.click("[data-testid=message-ok]")
    check_clean(board_app)


def test_a_file_nested_past_the_limit_is_refused_before_it_is_read(board_app: App) -> None:
    """A table nested thousands deep: refused in words before it is parsed; nothing changes."""
    page = board_app.page
    set_table(page, copy.deepcopy(DEMO))
    deep = "[" * 20_000 + "]" * 20_000
    import_file(page, ('{"format": "castaway-referee/request", "state": ' + deep + "}").encode())
    expect(page.locator("[data-testid=message]")).to_contain_text(
        "This file cannot be imported: it is nested 20,001 deep; at most 64 levels are allowed. "
        "Your table is unchanged."
    )
    page.click("[data-testid=message-ok]")
    assert board_table(page)["round"] == DEMO.get("round", 1)
    check_clean(board_app)
