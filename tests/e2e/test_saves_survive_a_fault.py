"""Saves that survive any single fault: two tabs of one profile moving at the same moment
never lose a move (one that cannot stay on the table is kept aside, and the page says so
above the table); a log chunk whose text does not give its name (its content hash) is never
drawn; one chunk missing or damaged costs at most the last save, never the one before it
too, and the player is told what was recovered and what was lost; and what is kept aside
downloads as a file that Import opens again."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from .board_harness import board_call, history_of, settles, wait_live
from .board_harness import table as board_table
from .test_board_hardening import FULL_DEMO, asides, opened, second_tab, stored, two_slots, v1_doc

POINTER = "castaway-referee.v2.current"
SETTLED = "() => document.documentElement.dataset.busy === '0'"
ROUNDS = 8


def current_key(page: Page) -> str:
    key: str = json.loads(stored(page, POINTER) or "{}")["current"]
    return key


def head(page: Page, key: str | None = None) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(stored(page, key or current_key(page)) or "null")
    return found


def long_game(page: Page, entries: int) -> None:
    """A game of `entries` board edits (Morale up and down), loaded and saved."""
    board_call(page, "command", {"cmd": "load", "history": history_of(FULL_DEMO, entries)})
    page.wait_for_function(SETTLED)


def journal(page: Page) -> dict[str, Any]:
    result: dict[str, Any] = page.evaluate("""() => {
      const j = window.castawayBoard.journal;
      return { length: j.entries.length, cursor: j.cursor, first: j.entries[0] };
    }""")
    return result


def move_roof(page: Page, level: int) -> None:
    with settles(page):
        page.click(f"[data-testid=track-roof] [data-level='{level}']")


# ------------------------------------------------------------- chunks checked against their names


def test_a_chunk_whose_text_does_not_give_its_name_is_never_drawn(
    browser: Browser, site_url: str
) -> None:
    """A chunk altered in storage (still JSON, still a good log) is damaged: the page reads
    its copy in the other slot instead, and says so; the altered entries are never drawn."""
    with opened(browser, site_url, clean=False) as app:
        page = app.page
        long_game(page, 130)
        move_roof(page, 3)
        saved = head(page)
        tampered = saved["chunks"][0]
        original = stored(page, tampered) or ""
        chunk = json.loads(original)
        assert chunk["entries"][0]["edits"][0]["value"] == -1
        chunk["entries"][0]["edits"][0]["value"] = 1  # a good entry, not the one saved
        page.evaluate(
            "([key, text]) => localStorage.setItem(key, text)", [tampered, json.dumps(chunk)]
        )
        page.reload()
        wait_live(page)
        assert journal(page)["first"]["edits"][0]["value"] == -1  # the altered entry was not used
        assert board_table(page) == saved["state"]  # drawn as saved, and still so once ruled
        expect(page.locator("[data-testid=notice-repaired]")).to_be_visible()
        assert stored(page, tampered) == original  # written back whole from its copy
        assert asides(page) == []


def test_one_missing_chunk_takes_neither_save(browser: Browser, site_url: str) -> None:
    """The chunk a save shares with the one before it is gone: the save opens all the same,
    whole, from the other save's copy."""
    with opened(browser, site_url, clean=False) as app:
        page = app.page
        long_game(page, 130)
        move_roof(page, 3)
        saved = head(page)
        page.evaluate("(key) => localStorage.removeItem(key)", saved["chunks"][0])
        page.reload()
        wait_live(page)
        assert board_table(page)["roof"] == 3
        assert journal(page)["length"] == 131
        expect(page.locator("[data-testid=notice-repaired]")).to_contain_text("nothing was lost")


def test_a_lost_newest_chunk_opens_the_save_before_says_what_was_lost_and_imports_again(
    browser: Browser, site_url: str
) -> None:
    """The move that sealed a chunk is the only save holding it: with it gone, the save
    before opens, the notice says what was kept and what was lost, and the damaged save
    downloads as a file that Import opens (the table as it stood)."""
    with opened(browser, site_url, clean=False) as app:
        page = app.page
        long_game(page, 127)
        before = board_table(page)
        move_roof(page, 3)
        damaged_key = current_key(page)
        newest = head(page)["chunks"][-1]
        page.evaluate("(key) => localStorage.removeItem(key)", newest)
        page.reload()
        wait_live(page)
        notice = page.locator("[data-testid=notice-recovered]")
        expect(notice).to_be_visible()
        expect(notice).to_contain_text("127 moves in its log")
        expect(notice).to_contain_text("The last move made before could not be recovered.")
        assert board_table(page) == before and journal(page)["length"] == 127
        assert [(a["key"], a["why"]) for a in asides(page)] == [(damaged_key, "unreadable")]
        with page.expect_download() as download:
            notice.locator("[data-testid=download-aside]").click()
        path = download.value.path()
        assert path is not None
        kept = path.read_bytes()
        page.locator("[data-testid=import-file]").set_input_files(
            {"name": "kept.json", "mimeType": "application/json", "buffer": kept}
        )
        with settles(page):
            page.click("[data-testid=confirm-ok]")
        assert board_table(page)["roof"] == 3  # the table as it stood when it was saved
        expect(page.locator("[data-testid=message]")).to_contain_text("Part of this save's log")


# ------------------------------------------------------------- two tabs at the same moment

# Each tab, when the channel says "go", makes its own move and saves it at once: both saves
# are written within a few milliseconds of each other (`urgent`: as on closing the page,
# without waiting for the lock; else as an ordinary save, under it).
RACE = """([who, round, urgent]) => {
  const board = window.castawayBoard;
  const channel = new BroadcastChannel("castaway-test.race");
  channel.onmessage = async () => {
    channel.close();
    const path = who === "A" ? "roof" : "palisade";
    await board.edit([{ op: "set", path, value: 1 + (round % 2) }], `${who} move ${round}`);
    board.autosave.now(urgent);
    document.documentElement.dataset.raced = String(round);
  };
}"""
GO = """(round) => new BroadcastChannel("castaway-test.race").postMessage(round)"""
WHERE = """() => {
  const board = window.castawayBoard;
  const pointer = JSON.parse(localStorage.getItem("castaway-referee.v2.current") || "{}");
  return { pointer: pointer.current, base: board.store.base,
           asides: board.store.asides().map((a) => a.key),
           busy: document.documentElement.dataset.busy };
}"""
# Every move this tab knows of: on its table (the log) and in the saves kept aside.
MOVES = """() => {
  const board = window.castawayBoard;
  const onTable = board.journal.entries.map((e) => e.summary);
  const kept = board.store.asides().map((a) => (board.store.asideFile(a.key) || { text: "" }).text);
  return { onTable, kept };
}"""


def agreed(tabs: list[Page]) -> None:
    """Until both tabs are settled on the one save the pointer names, and see the same saves
    kept aside (each has heard of the other's save and looked for one lost to it: a write to
    storage takes a moment from one tab to the other, so a save one tab kept aside is not yet
    listed in the other's view of storage)."""
    where: list[dict[str, Any]] = []
    for _ in range(500):
        for tab in tabs:
            tab.wait_for_function(SETTLED)
        where = [tab.evaluate(WHERE) for tab in tabs]
        key, kept = where[0]["pointer"], where[0]["asides"]
        if all(w["busy"] == "0" and w["base"] == w["pointer"] == key for w in where) and all(
            w["asides"] == kept for w in where
        ):
            return
    raise AssertionError(f"the tabs never agreed: {where}")


@pytest.mark.parametrize(
    "urgent", [pytest.param(True, id="closing"), pytest.param(False, id="ordinary")]
)
def test_two_tabs_moving_at_the_same_moment_lose_no_move(
    browser: Browser, site_url: str, urgent: bool
) -> None:
    with opened(browser, site_url, two_slots(v1_doc(FULL_DEMO))) as a:
        move_roof(a.page, 3)  # both tabs start from one save
        b = second_tab(a, site_url)
        tabs = {"A": a.page, "B": b}
        for round in range(ROUNDS):
            for who, tab in tabs.items():
                tab.evaluate(RACE, [who, round, urgent])
            a.page.evaluate(GO, round)
            for tab in tabs.values():
                tab.wait_for_function(
                    "(r) => document.documentElement.dataset.raced === String(r)", arg=round
                )
            agreed(list(tabs.values()))
            for tab in tabs.values():
                moves = tab.evaluate(MOVES)
                for who in tabs:
                    move = f"{who} move {round}"
                    assert move in moves["onTable"] or any(move in k for k in moves["kept"]), (
                        f"{move} was lost",
                        moves["onTable"][-4:],
                    )
            # Whatever was kept aside is said above the table, not only to screen readers.
            if asides(a.page):
                shown = [
                    tab.locator("[data-testid=notice-fork], [data-testid=notice-conflict]")
                    for tab in tabs.values()
                ]
                assert any(s.count() and s.first.is_visible() for s in shown)
        b.close()


# Tab B's save, written at the same moment as A's and lost to it: a head that goes on from
# the save both tabs opened, with B's own move, whose pointer write A's overwrote before A
# saw it; then B's word that it saved (its channel message).
LOST_WRITE = """([base]) => {
  const head = JSON.parse(localStorage.getItem(base));
  const move = { kind: "edit", summary: "B's lost move",
                 edits: [{ op: "set", path: "morale", value: 1 }] };
  const tail = [...head.tail, move];
  const line = [base, ...(head.line || [])];
  const sibling = { ...head, state: { ...head.state, morale: 1 }, tail, line,
                    cursor: head.chunks.length * 64 + tail.length };
  localStorage.setItem("castaway-referee.v2.head.lost", JSON.stringify(sibling));
  new BroadcastChannel("castaway-referee.table").postMessage({ type: "saved", tab: "B" });
}"""


def test_a_save_the_pointer_lost_to_another_tabs_is_kept_aside_and_said(
    browser: Browser, site_url: str
) -> None:
    """The interleaving the race above leaves to chance, played in order: A saves; B's save,
    made from the same table at the same moment, had its pointer write overwritten by A's.
    A hears of it (B's message) and keeps B's save aside, with a notice and a
    Download; the table keeps A's move."""
    with opened(browser, site_url, two_slots(v1_doc(FULL_DEMO))) as a:
        move_roof(a.page, 3)
        b = second_tab(a, site_url)
        base = current_key(a.page)
        b.evaluate("() => window.castawayBoard.autosave.setFollowing(false)")
        move_roof(a.page, 4)
        b.evaluate(LOST_WRITE, [base])
        a.page.wait_for_function("() => document.documentElement.dataset.forks === '1'")
        notice = a.page.locator("[data-testid=notice-fork]")
        expect(notice).to_be_visible()
        assert [(k["key"], k["why"]) for k in asides(a.page)] == [
            ("castaway-referee.v2.head.lost", "other-tab")
        ]
        with a.page.expect_download() as download:
            notice.locator("[data-testid=download-aside]").click()
        path = download.value.path()
        assert path is not None
        assert json.loads(path.read_text())["entries"][-1]["summary"] == "B's lost move"
        assert board_table(a.page)["roof"] == 4
        b.close()


# At the signal, a tab lists `n` saves of its own as kept aside, one after the other.
KEEP_ASIDE = """([who, n]) => {
  const channel = new BroadcastChannel("castaway-test.aside");
  channel.onmessage = () => {
    channel.close();
    const store = window.castawayBoard.store;
    for (let i = 0; i < n; i++) store.setAside(`castaway-referee.v2.head.${who}-${i}`, "other-tab");
    document.documentElement.dataset.keptAside = "done";
  };
}"""
KEPT = "() => window.castawayBoard.store.asides().map((a) => a.key).sort()"


def test_two_tabs_keeping_saves_aside_at_the_same_moment_keep_every_one(
    browser: Browser, site_url: str
) -> None:
    """Each save kept aside is listed under a key of its own (store.js): two tabs listing
    saves at the same moment (each tab's view of storage lags the other's writes) never drop
    each other's entries, which would leave a save that nothing keeps from being cleared."""
    per_tab = 6
    with opened(browser, site_url, two_slots(v1_doc(FULL_DEMO))) as a:
        move_roof(a.page, 3)
        b = second_tab(a, site_url)
        tabs = {"A": a.page, "B": b}
        for who, tab in tabs.items():
            tab.evaluate(KEEP_ASIDE, [who, per_tab])
        a.page.evaluate("() => new BroadcastChannel('castaway-test.aside').postMessage('go')")
        expected = sorted(
            f"castaway-referee.v2.head.{who}-{i}" for who in tabs for i in range(per_tab)
        )
        for tab in tabs.values():
            tab.wait_for_function("() => document.documentElement.dataset.keptAside === 'done'")
            tab.wait_for_function(f"() => ({KEPT})().length >= {len(expected)}", timeout=10_000)
            assert tab.evaluate(KEPT) == expected
        assert sorted(k["key"] for k in asides(a.page)) == expected
        b.close()
