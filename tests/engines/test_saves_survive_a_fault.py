"""Saves that survive any single fault, in Firefox and in WebKit (as Safari on an iPad): a
save is written under a Web Lock; a log chunk whose text does not give its name is never
drawn, and its copy is read instead; a lost chunk that has no copy costs the last save only,
says what was lost, and the save kept aside imports again; a save written beside another
tab's at the same moment is kept aside and said above the table. (Chromium runs the same in
tests/e2e/test_saves_survive_a_fault.py, with two real tabs.)"""

from __future__ import annotations

import json
from typing import Any

from tests.e2e.board_harness import DEMO, history_of
from tools.engines import wait

from .conftest import Site
from .test_smoke import SETTLED, assert_restored, board, boot

POINTER = "castaway-referee.v2.current"
LIVE = "document.documentElement.dataset.board === 'live' && " + SETTLED
# Another tab's save written beside this tab's at the same moment: a head that goes on from
# the save the pointer names now, with a move of its own, that the pointer never names.
SIBLING = """
const base = JSON.parse(localStorage.getItem("castaway-referee.v2.current")).current;
const head = JSON.parse(localStorage.getItem(base));
const move = { kind: "edit", summary: "The other tab's move",
               edits: [{ op: "set", path: "morale", value: 1 }] };
const tail = [...head.tail, move];
const line = [base, ...(head.line || [])];
const cursor = head.chunks.length * 64 + tail.length;
const sibling = { ...head, state: { ...head.state, morale: 1 }, tail, cursor, line };
localStorage.setItem("castaway-referee.v2.head.sibling", JSON.stringify(sibling));
"""


def fresh_start(site: Site) -> None:
    """The board, started again with nothing saved."""
    assert_restored(boot(site))
    site.engine.run("localStorage.clear();")
    assert_restored(boot(site))
    wait(site.engine, LIVE)


def stored(site: Site, key: str) -> Any:
    return site.engine.run("return localStorage.getItem(args[0]);", key)


def head(site: Site) -> dict[str, Any]:
    pointer = json.loads(stored(site, POINTER))
    found: dict[str, Any] = json.loads(stored(site, pointer["current"]))
    found["key"] = pointer["current"]
    return found


def long_game_with_a_move(site: Site, entries: int) -> None:
    board(site, "command", {"cmd": "load", "history": history_of(DEMO, entries)})
    wait(site.engine, SETTLED)
    board(site, "edit", [{"op": "set", "path": "roof", "value": 3}], "Roof: 3")
    wait(site.engine, SETTLED)


def reload(site: Site) -> None:
    site.engine.reload()
    wait(site.engine, LIVE)


def shown(site: Site, testid: str) -> str:
    text: str = site.engine.run(
        "const el = document.querySelector(`[data-testid=${args[0]}]`);"
        "return el && el.getClientRects().length ? el.textContent : '';",
        testid,
    )
    return text


def test_a_save_waits_for_the_web_lock(site: Site) -> None:
    fresh_start(site)
    board(site, "command", {"cmd": "new", "state": DEMO})
    wait(site.engine, SETTLED)
    before = stored(site, POINTER)
    site.engine.run(
        "navigator.locks.request('castaway-referee.save',"
        " () => new Promise((release) => { window.__releaseSave = release; }));"
    )
    board(site, "edit", [{"op": "set", "path": "roof", "value": 3}], "Roof: 3")
    wait(
        site.engine,
        "(await navigator.locks.query()).pending.some((l) => l.name === 'castaway-referee.save')",
    )
    assert stored(site, POINTER) == before  # not written while another holds the lock
    site.engine.run("window.__releaseSave();")
    wait(site.engine, SETTLED)
    assert head(site)["state"]["roof"] == 3


def test_a_chunk_whose_text_does_not_give_its_name_is_never_drawn(site: Site) -> None:
    fresh_start(site)
    long_game_with_a_move(site, 130)
    saved = head(site)
    key = saved["chunks"][0]
    chunk = json.loads(stored(site, key))
    chunk["entries"][0]["edits"][0]["value"] = 1  # a good entry, not the one saved
    site.engine.run("localStorage.setItem(args[0], args[1]);", key, json.dumps(chunk))
    reload(site)
    first = site.engine.run("return window.castawayBoard.journal.entries[0].edits[0].value;")
    assert first == -1
    assert board(site, "state") == saved["state"]
    assert "nothing was lost" in shown(site, "notice-repaired")


def test_a_lost_chunk_costs_the_last_save_only_and_what_is_kept_aside_imports(
    site: Site,
) -> None:
    fresh_start(site)
    long_game_with_a_move(site, 127)
    damaged = head(site)
    site.engine.run("localStorage.removeItem(args[0]);", damaged["chunks"][-1])
    reload(site)
    said = shown(site, "notice-recovered")
    assert "127 moves in its log" in said and "The last move made before" in said, said
    assert board(site, "state")["roof"] != 3
    kept = site.engine.run(
        "return window.castawayBoard.store.asideFile(args[0]).text;", damaged["key"]
    )
    site.engine.run("window.castawayBoard.importText(args[0]);", kept)  # asks first
    wait(site.engine, "document.querySelector('[data-testid=confirm-ok]') !== null")
    site.engine.click("[data-testid=confirm-ok]")
    wait(site.engine, "window.castawayBoard.state().roof === 3 && " + SETTLED)


def test_a_save_written_beside_another_tabs_is_kept_aside_and_said(site: Site) -> None:
    fresh_start(site)
    board(site, "command", {"cmd": "new", "state": DEMO})
    wait(site.engine, SETTLED)
    site.engine.run(SIBLING)
    board(site, "edit", [{"op": "set", "path": "palisade", "value": 1}], "Palisade: 1")
    wait(site.engine, SETTLED)
    site.engine.run(  # the other tab says it saved (its channel message)
        "new BroadcastChannel('castaway-referee.table')"
        ".postMessage({ type: 'saved', tab: 'other' });"
    )
    wait(site.engine, "document.documentElement.dataset.forks === '1'")
    assert "Two tabs changed this table" in shown(site, "notice-fork")
    kept = site.engine.run(
        "const s = window.castawayBoard.store;"
        "return s.asides().map((a) => [a.key, a.why, s.asideFile(a.key).text]);"
    )
    assert [(k, why) for k, why, _ in kept] == [("castaway-referee.v2.head.sibling", "other-tab")]
    assert "The other tab's move" in kept[0][2]
    assert board(site, "state")["palisade"] == 1  # this tab's own move stays on the table
