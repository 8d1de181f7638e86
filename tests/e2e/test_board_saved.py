"""The board across reloads and links: autosave (write-then-swap), drawn before the rules are
ready with changes queued, unreadable saves kept aside, storage that refuses, share links.
(More about damaged saves, two tabs and long games: test_board_hardening.py.)"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from .board_harness import (
    DEMO,
    App,
    autosave_of,
    check_clean,
    kept_aside,
    open_board,
    release,
    saved,
    set_table,
    settles,
    wait_live,
)
from .board_harness import table as board_table

# The first autosave layout (two slots): still read, and moved on to the second at a save.
KEYS = {
    "pointer": "castaway-referee.v1.current",
    "a": "castaway-referee.v1.save.a",
    "b": "castaway-referee.v1.save.b",
    "corrupt": "castaway-referee.v1.corrupt",
}
POINTER = "castaway-referee.v2.current"


@pytest.fixture()
def page(board_app: App) -> Iterator[Page]:
    page = board_app.page
    set_table(page, copy.deepcopy(DEMO))
    yield page
    check_clean(board_app)


def v1_save(page: Page) -> str:
    """The table as the first autosave layout wrote it (one document with the whole game)."""
    result: str = page.evaluate("""async () => {
      const board = window.castawayBoard;
      const j = board.journal;
      return JSON.stringify({ format: "castaway-referee/autosave", saved_at: "2026-11-30T10:00:00Z",
        snapshot: { state: board.state(), log: [],
          history: { initial: j.initial, entries: j.entries, cursor: j.cursor } } });
    }""")
    return result


def test_autosave_writes_a_new_head_then_swaps(page: Page) -> None:
    before = saved(page)
    old = json.loads(before[POINTER])["current"]
    with settles(page):
        page.click("[data-testid=track-roof] [data-level='3']")
    after = saved(page)
    pointer = json.loads(after[POINTER])
    assert pointer["current"] != old and pointer["previous"] == old
    assert after[old] == before[old]  # the previous save stays whole
    current = json.loads(after[pointer["current"]])
    assert current["version"] == 2 and current["state"]["roof"] == 3
    assert current["tail"][-1]["edits"] == [{"op": "set", "path": "roof", "value": 3}]


def test_reload_draws_the_save_at_once_and_queues_moves_until_the_rules_are_ready(
    browser: Browser, site_url: str, page: Page
) -> None:
    with settles(page):
        page.click("[data-testid=track-roof] [data-level='3']")
    slow, held = open_board(browser, site_url, hold="static/main.py", storage=autosave_of(page))
    try:
        slow.page.wait_for_selector('html[data-board="saved"]', state="attached")
        assert slow.page.get_attribute("html", "data-rules-ready") == "false"
        expect(slow.page.locator("[data-testid=track-roof]")).to_have_attribute("data-value", "3")
        expect(slow.page.locator("#ch-cook")).to_have_text("Cook (Ana)")
        slow.page.click("[data-testid=track-roof] [data-level='4']")
        expect(slow.page.locator("[data-testid=pending]")).to_contain_text(
            "Waiting for the rules: your changes are kept")
        assert slow.page.get_attribute("html", "data-pending") == "1"
        release(slow.page, held, "static/main.py")
        wait_live(slow.page)
        expect(slow.page.locator("[data-testid=pending]")).to_be_hidden()
        assert board_table(slow.page)["roof"] == 4
        expect(slow.page.locator("[data-testid=log]")).to_contain_text("Roof: 4")
        slow.page.reload()  # and the change itself was saved
        wait_live(slow.page)
        assert board_table(slow.page)["roof"] == 4
        check_clean(slow)
    finally:
        slow.page.context.close()


def test_each_tap_on_a_counter_counts_while_the_rules_load(
    browser: Browser, site_url: str, page: Page
) -> None:
    """Taps on the table's counters before the rules are ready: each shows at once and each
    counts. Three taps on Available wood's + and one on its − (which the taps enabled) show
    1, 2, 3, 2 more; two on the Cook's Wounds + and one on his Determination + show 2 and 1
    more; two on the Rope's "use" spend both its uses. The changes are queued, each one on from
    the last, and once the rules are ready the table has them all (it kept 1 wood more before:
    each tap sent the same value)."""
    table = copy.deepcopy(DEMO)
    table["equipment"] = [{"name": "Rope", "uses_left": 2}]
    set_table(page, table)
    before = board_table(page)
    wood = before["available"]["wood"]
    cook = next(c for c in before["characters"] if c["role"] == "cook")
    slow, held = open_board(browser, site_url, hold="static/main.py", storage=autosave_of(page))
    try:
        tab = slow.page
        tab.wait_for_selector('html[data-board="saved"]', state="attached")
        shown = tab.locator("[data-testid=available-wood]")
        for n in (1, 2, 3):
            tab.click("[data-testid=available-wood-plus]")
            expect(shown).to_have_text(str(wood + n))
        tab.click("[data-testid=available-wood-minus]")
        expect(shown).to_have_text(str(wood + 2))
        tab.click("[data-testid=use-eq-0]")
        tab.click("[data-testid=use-eq-0]")  # the Rope's two uses, both spent
        wounds = tab.locator("[data-testid=wounds-cook]")
        for n in (1, 2):
            tab.click("[data-testid=wounds-cook-plus]")
            expect(wounds).to_have_attribute("data-value", str(cook["wounds"] + n))
        tab.click("[data-testid=det-cook-plus]")
        determination = tab.locator("[data-testid=det-cook]")
        expect(determination).to_have_attribute("data-value", str(cook["determination"] + 1))
        pending = tab.locator("[data-testid=pending]")
        # Nine taps: one short line (the table shows each change), the latest for screen readers.
        expect(pending).to_have_text("Waiting for the rules: your changes are kept"
                                     f" Cook's Determination: {cook['determination'] + 1}.")
        assert tab.get_attribute("html", "data-pending") == "9"
        box = pending.bounding_box()
        assert box is not None and box["height"] < 48, box
        assert tab.evaluate(
            "getComputedStyle(document.querySelector('[data-testid=pending]')).pointerEvents"
        ) == "none"  # read, not tapped: taps go through it to the table
        release(tab, held, "static/main.py")
        wait_live(tab)
        expect(pending).to_be_hidden()
        after = board_table(tab)
        assert after["available"]["wood"] == wood + 2
        got = next(c for c in after["characters"] if c["role"] == "cook")
        assert got["wounds"] == cook["wounds"] + 2
        assert got["determination"] == cook["determination"] + 1
        assert after["equipment"] == [{"name": "Rope", "uses_left": 0}]
        expect(shown).to_have_text(str(wood + 2))
        check_clean(slow)
    finally:
        slow.page.context.close()


def test_a_choice_a_switch_and_a_square_show_a_tap_made_while_the_rules_load(
    browser: Browser, site_url: str, page: Page
) -> None:
    """Taps before the rules are ready on the Shelter's choice, the Dog's switch, the Explorer's
    "In camp" and the round's squares: each shows at once, not only once the rules answer, and
    a second tap on the Dog's switch puts it back. Once the rules are ready the table has them
    all."""
    set_table(page, copy.deepcopy(DEMO))
    before = board_table(page)
    assert (before["shelter"], before["dog"], before["round"]) == ("built", True, 4)
    slow, held = open_board(browser, site_url, hold="static/main.py", storage=autosave_of(page))
    try:
        tab = slow.page
        tab.wait_for_selector('html[data-board="saved"]', state="attached")
        natural = tab.locator("[data-key=shelter-natural]")
        natural.click()
        expect(natural).to_have_attribute("aria-pressed", "true")
        expect(tab.locator("[data-key=shelter-built]")).to_have_attribute("aria-pressed", "false")
        dog = tab.locator("[data-testid=dog]")
        dog.click()
        expect(dog).not_to_be_checked()
        dog.click()  # and back: on from what it shows, not from the table before
        expect(dog).to_be_checked()
        dog.click()
        expect(dog).not_to_be_checked()
        camp = tab.locator("[data-testid=camp-explorer]")
        camp.click()
        expect(camp).to_be_checked()
        tab.click("[data-testid=round-6]")
        expect(tab.locator("[data-testid=round-6]")).to_be_checked()
        expect(tab.locator("[data-testid=round]")).to_have_attribute("data-value", "6")
        expect(tab.locator("[data-testid=pending]")).to_contain_text("your changes are kept")
        release(tab, held, "static/main.py")
        wait_live(tab)
        after = board_table(tab)
        assert (after["shelter"], after["dog"], after["round"]) == ("natural", False, 6)
        assert next(c for c in after["characters"] if c["role"] == "explorer")["in_camp"]
        expect(dog).not_to_be_checked()
        check_clean(slow)
    finally:
        slow.page.context.close()


def test_a_table_an_earlier_version_kept_aside_is_still_listed_and_may_be_discarded(
    browser: Browser, site_url: str, page: Page
) -> None:
    """Earlier versions listed the tables kept aside in one list (`castaway-referee.v2.aside`);
    now each has a key of its own. A table that one list names is still kept, listed and
    offered, and Discard lets it go from that list too."""
    old = "castaway-referee.v2.head.replaced"
    listed = {"key": old, "why": "new-game", "reason": "", "at": "2026-11-30T10:00:00.000Z"}
    seeded = {
        KEYS["b"]: v1_save(page),
        KEYS["pointer"]: "b",
        old: v1_save(page),
        "castaway-referee.v2.aside": json.dumps([listed]),
    }
    earlier, _ = open_board(browser, site_url, storage=seeded)
    try:
        tab = earlier.page
        assert [a["key"] for a in tab.evaluate("window.castawayBoard.store.asides()")] == [old]
        summary = tab.locator("[data-testid=asides-summary]")
        expect(summary).to_have_text("Earlier tables (1)")
        summary.click()
        tab.click("[data-testid=aside-discard-0]")
        expect(tab.locator("[data-testid=asides]")).to_have_count(0)
        assert kept_aside(tab) == []
        left = saved(tab)
        assert "castaway-referee.v2.aside" not in left and old not in left, sorted(left)
        check_clean(earlier)
    finally:
        earlier.page.context.close()


def test_an_unreadable_save_is_kept_aside_and_the_one_before_restored(
    browser: Browser, site_url: str, page: Page
) -> None:
    seeded = {  # the first layout: slot "a" is current and torn, "b" the good save before it
        KEYS["b"]: v1_save(page),
        KEYS["a"]: '{"format": "castaway-referee/au',
        KEYS["pointer"]: "a",
    }
    broken, _ = open_board(browser, site_url, storage=seeded)
    try:
        expect(broken.page.locator("[data-testid=notice-older]")).to_contain_text("kept aside")
        assert board_table(broken.page)["characters"][0]["name"] == "Ana"
        kept = kept_aside(broken.page)
        assert [a["key"] for a in kept] == [KEYS["a"]]  # kept where it lies: nothing copied
        with broken.page.expect_download() as download:
            broken.page.click("[data-testid=notice-older] [data-testid=download-aside]")
        path = download.value.path()
        assert path is not None and path.read_text() == '{"format": "castaway-referee/au'
        with settles(broken.page):  # a save moves the table on to the second layout
            broken.page.click("[data-testid=track-roof] [data-level='3']")
        after = saved(broken.page)
        assert (
            KEYS["pointer"] not in after and after[KEYS["a"]] == '{"format": "castaway-referee/au'
        )
        check_clean(broken)
    finally:
        broken.page.context.close()


def test_full_or_missing_storage_keeps_the_table_working_and_says_so(page: Page) -> None:
    page.evaluate("""() => {
      window.__setItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function () {
        throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      };
    }""")
    try:
        with settles(page):
            page.click("[data-testid=track-roof] [data-level='2']")
        expect(page.locator("[data-testid=notice-full]")).to_contain_text("not being saved")
        assert board_table(page)["roof"] == 2
        assert page.get_attribute("html", "data-saved") == "no"
    finally:
        page.evaluate("() => { Storage.prototype.setItem = window.__setItem; }")
    with settles(page):
        page.click("[data-testid=track-roof] [data-level='3']")
    expect(page.locator("[data-testid=notice-full]")).to_have_count(0)
    assert page.get_attribute("html", "data-saved") == "yes"


# ------------------------------------------------------------------------- share links


def ruling_shown(page: Page) -> dict[str, Any]:
    return {
        "verdict": page.inner_text("[data-testid=verdict]"),
        "wounds": page.inner_text("[data-testid=wounds]"),
        "steps": page.inner_text("[data-testid=steps]"),
        "payments": page.locator("[data-testid=payments]").all_inner_texts(),
    }


def test_share_link_round_trip_opens_the_same_table_and_ruling(
    browser: Browser, site_url: str, page: Page
) -> None:
    page.fill("[data-testid=demand-search]", "tiger")
    page.click("[data-testid=card-beast-tiger]")
    page.select_option("[data-testid=ctx-resolver]", "cook")
    page.click("[data-testid=preview]")
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")
    expected_ruling = ruling_shown(page)
    expected_table = board_table(page)
    page.click("[data-testid=share]")
    link = page.locator("[data-testid=share-url]").input_value()
    assert "#r=1." in link and link.startswith(site_url)
    mine = {
        KEYS["pointer"]: "a",
        KEYS["a"]: json.dumps(
            {
                "format": "castaway-referee/autosave",
                "snapshot": {
                    "state": {
                        **expected_table,
                        "roof": 0,
                        "characters": expected_table["characters"],
                    },
                    "history": {"initial": {**expected_table, "roof": 0}},
                    "log": [],
                },
            }
        ),
    }
    friend, _ = open_board(browser, site_url, storage=mine, url=link.removeprefix(site_url))
    try:
        fp = friend.page
        expect(fp.locator("[data-testid=shared-banner]")).to_be_visible()
        fp.wait_for_selector("[data-testid=ruling][data-state=preview]")
        assert board_table(fp) == expected_table
        assert ruling_shown(fp) == expected_ruling
        expect(fp.locator("[data-testid=track-roof] [data-level='0']")).to_be_disabled()
        assert saved(fp) == mine  # only looking: nothing of the friend's saves is rewritten
        with settles(fp):
            fp.click("[data-testid=shared-back]")
        assert board_table(fp)["roof"] == 0  # the friend's own table, untouched
        assert "#r=" not in fp.url
        check_clean(friend)
    finally:
        friend.page.context.close()


def test_a_link_with_broken_percent_escapes_says_so_in_words(page: Page) -> None:
    """`#r=%E0%A4%A` (a link cut short): plain words, never the browser's "URI malformed"."""
    before = saved(page)
    page.evaluate("() => { location.hash = '#r=%E0%A4%A'; }")
    message = page.locator("[data-testid=message]")
    expect(message).to_contain_text("This share link cannot be opened")
    expect(message).to_contain_text("cut off or changed")
    assert "malformed" not in (message.text_content() or "")
    assert saved(page) == before
    page.evaluate("() => history.replaceState(null, '', location.pathname)")


def test_a_broken_link_says_why_and_leaves_the_saved_table_alone(page: Page) -> None:
    before = saved(page)
    page.evaluate("() => { location.hash = '#r=1.not!a*link'; }")
    expect(page.locator("[data-testid=message]")).to_contain_text(
        "This share link cannot be opened"
    )
    expect(page.locator("[data-testid=message]")).to_contain_text("damaged")
    expect(page.locator("[data-testid=shared-banner]")).to_be_hidden()
    assert saved(page) == before
    assert board_table(page)["roof"] == DEMO["roof"]
    page.evaluate("() => history.replaceState(null, '', location.pathname)")
