"""The rule drawer: a rule code in a ruling opens its FAQ entry beside the
table, as the FAQ page shows it (question, the rule's text, its sources, and the worked
example ruled by the core in the page), on a tablet held either way, with touch; the table's
own ruling stays in view in landscape; Esc and Close give the keyboard back to the code."""

from __future__ import annotations

import copy
import json
import subprocess
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tools.local import served

from .board_harness import (
    DEMO,
    App,
    axe_violations,
    check_clean,
    discard,
    fresh_demo,
    open_board,
    set_table,
    wait_live,
)
from .test_widget import PARSE_EMBED

SIZES = {"landscape": (1280, 800), "portrait": (800, 1280)}
DRAWER = "[data-testid=rule-dialog]"


@pytest.fixture(scope="module", params=list(SIZES), ids=list(SIZES))
def sized(request: pytest.FixtureRequest, browser: Browser, site_url: str) -> Iterator[App]:
    """The board on a 10-inch tablet (touch), landscape or portrait."""
    booted, _ = open_board(browser, site_url, viewport=SIZES[request.param])
    yield booted
    booted.page.context.close()


@pytest.fixture()
def page(sized: App) -> Iterator[Page]:
    """The demo table, the drawer closed, and the Cook resolving "Discard 5 wood" (ruled)."""
    p = sized.page
    fresh_demo(p)
    p.select_option("[data-testid=ctx-resolver]", "cook")
    discard(p, "wood", 5)
    p.wait_for_selector("[data-testid=ruling][data-state=preview]")
    yield p
    check_clean(sized)


def faq_data(page: Page) -> dict[str, Any]:
    """The core's FAQ (entries with their example requests, and the sources)."""
    found: dict[str, Any] = page.evaluate("async () => (await referee.call('faq', '')).faq")
    return found


def clauses(page: Page) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate("async () => (await referee.call('clauses', '')).clauses")
    return found


def core_ruling(page: Page, request: dict[str, Any]) -> dict[str, Any]:
    """What the core rules on `request`, asked here, in the page, apart from the drawer."""
    found: dict[str, Any] = page.evaluate("(r) => referee.rule(r)", request)
    return found


def ruling_codes(page: Page) -> list[str]:
    """The rule codes of the table's own ruling, in order."""
    codes: list[str] = page.eval_on_selector_all(
        "[data-testid=steps] a.clause", "(links) => links.map((a) => a.dataset.clause)"
    )
    return codes


def tap_code(page: Page, code: str) -> None:
    link = page.locator(f"[data-testid=steps] a.clause[data-clause='{code}']").first
    link.scroll_into_view_if_needed()
    link.tap()
    expect(page.locator(DRAWER)).to_be_visible()
    expect(page.locator(f"{DRAWER}[data-code='{code}']")).to_have_count(1)


def focused_code(page: Page) -> str | None:
    found: str | None = page.evaluate(
        "() => document.activeElement && document.activeElement.closest('#panel') "
        "? document.activeElement.dataset.clause || null : null"
    )
    return found


def test_a_code_shows_its_faq_entry_with_the_example_ruled_by_the_core(page: Page) -> None:
    """C6 (who resolves) opens its FAQ entry: the question, the rule's text, its sources
    explained with their public links, and the example's ruling as the core gives it now:
    the headline names the Wounds the core computed, what is paid, and the same steps."""
    faq = faq_data(page)
    entry = next(e for e in faq["entries"] if e["clause"] == "C6")
    clause = clauses(page)["C6"]
    assert "C6" in ruling_codes(page)
    tap_code(page, "C6")
    drawer = page.locator(DRAWER)
    section = drawer.locator(f"[data-testid=rule-entry][data-entry='{entry['id']}']")
    expect(section.locator("[data-testid=rule-question]")).to_contain_text(entry["question"])
    expect(drawer.locator("[data-testid=clause-text]")).to_contain_text(clause["text"])
    sources = {s["key"]: s for s in faq["sources"]}
    cited = [k.strip() for k in clause["source"].split(",") if k.strip()]
    notes = drawer.locator("[data-testid=rule-sources] li")
    expect(notes).to_have_count(len(cited))
    for key in cited:
        note = drawer.locator(f"[data-testid=rule-sources] li[data-source='{key}']")
        expect(note).to_contain_text(sources[key]["about"])
        expect(note).to_contain_text(f"Cited as {key}")
        if sources[key].get("url"):
            expect(note.locator("a.source-link")).to_have_attribute("href", sources[key]["url"])

    expect(section).to_have_attribute("data-state", "ruled")
    ruling = core_ruling(page, entry["example"])
    shown_steps = section.locator("[data-testid=rule-example-steps] li").evaluate_all(
        "(items) => items.map((li) => li.dataset.clause)"
    )
    assert shown_steps == [s["clause"] for s in ruling["steps"]]
    headline = section.locator("[data-testid=rule-example-headline]").inner_text()
    hurt = [w for w in ruling["wounds"] if w["unfulfilled"] + w["other"] > 0]
    assert hurt, "the C6 example wounds the one resolving"
    for w in hurt:
        n = w["unfulfilled"] + w["other"]
        assert f"suffers {n} Wound" in headline, (headline, w)
    paid = section.locator("[data-testid=rule-example-paid] li")
    expect(paid).to_have_count(len(ruling["payments"]))
    for i, p in enumerate(ruling["payments"]):
        expect(paid.nth(i)).to_contain_text(f"{p['paid']} of {p['wanted']} paid")
    expect(drawer.locator("[data-testid=rule-faq]")).to_have_attribute(
        "href", f"./faq.html#{entry['id']}"
    )
    text = drawer.inner_text()
    assert "null" not in text.split() and "undefined" not in text and "context." not in text
    assert len(page.context.pages) == 1


def test_a_code_without_an_faq_entry_shows_its_rule(page: Page) -> None:
    """A code the FAQ has no question for shows the rule's text and how sure it is, as before,
    with a link to its place in the FAQ and no example."""
    with_entry = {e["clause"] for e in faq_data(page)["entries"]}
    known = clauses(page)
    bare = [c for c in ruling_codes(page) if c not in with_entry and c in known]
    assert bare, "the ruling cites a rule with no FAQ question"
    code = bare[0]
    tap_code(page, code)
    drawer = page.locator(DRAWER)
    expect(drawer.locator("#rule-title")).to_contain_text(known[code]["title"])
    expect(drawer.locator("[data-testid=clause-text]")).to_contain_text(known[code]["text"])
    expect(drawer.locator("[data-testid=rule-certainty]")).not_to_be_empty()
    expect(drawer.locator("[data-testid=rule-entry]")).to_have_count(0)
    expect(drawer.locator("[data-testid=rule-faq]")).to_have_attribute("href", f"./faq.html#{code}")


def test_a_code_in_the_example_switches_the_drawer_and_back_returns(page: Page) -> None:
    """A rule code in the example's steps shows that rule in the drawer (announced), with a
    Back to the rule before; Close then gives the keyboard back to the table's code."""
    tap_code(page, "C6")
    drawer = page.locator(DRAWER)
    section = drawer.locator("[data-testid=rule-entry]").first
    expect(section).to_have_attribute("data-state", "ruled")
    other = section.locator(
        "[data-testid=rule-example-steps] li:not([data-clause='C6']) a.clause-link"
    ).first
    code = other.evaluate("(a) => a.closest('[data-clause]').dataset.clause")
    target = code.split(".")[0]
    other.tap()
    expect(drawer).to_have_attribute("data-code", target)
    expect(page.locator("[data-testid=live]")).to_contain_text(f"Rule {target}")
    back = drawer.locator("[data-testid=rule-back]")
    expect(back).to_have_text(f"Back to C6: {clauses(page)['C6']['title']}")
    back.tap()
    expect(drawer).to_have_attribute("data-code", "C6")
    expect(back).to_be_hidden()
    drawer.locator("[data-testid=rule-close]").tap()
    expect(drawer).to_be_hidden()
    assert focused_code(page) == "C6"


def test_esc_and_close_give_the_keyboard_back_to_the_code(page: Page) -> None:
    """Opened from the keyboard, the drawer takes the focus; Esc closes it and the focus is
    back on the code; Close (44 px) does the same."""
    link = page.locator("[data-testid=steps] a.clause[data-clause=C6]").first
    link.focus()
    page.keyboard.press("Enter")
    drawer = page.locator(DRAWER)
    expect(drawer).to_be_visible()
    assert page.evaluate("() => document.activeElement.id") == "rule-title"
    page.keyboard.press("Escape")
    expect(drawer).to_be_hidden()
    assert focused_code(page) == "C6"
    page.keyboard.press("Enter")
    expect(drawer).to_be_visible()
    close = drawer.locator("[data-testid=rule-close]")
    box = close.bounding_box()
    assert box and box["width"] >= 44 and box["height"] >= 44, box
    close.click()
    expect(drawer).to_be_hidden()
    assert focused_code(page) == "C6"


def test_a_question_in_the_drawer_answers_in_one_line_and_embeds(page: Page, site_url: str) -> None:
    """Each question in the drawer opens with its one-line answer, and its Embed… writes the
    widget's embed code for it: one iframe, the valid origins only."""
    entry = next(e for e in faq_data(page)["entries"] if e["clause"] == "C6")
    tap_code(page, "C6")
    section = page.locator(f"{DRAWER} [data-testid=rule-entry][data-entry='{entry['id']}']")
    expect(section.locator("[data-testid=rule-answer]")).to_have_text(entry["answer"])
    section.locator("[data-testid=embed-question]").click()
    panel = section.locator("[data-testid=embed-question-panel]")
    panel.locator("[data-testid=embed-origins]").fill("https://ok.example\njavascript:alert(1)")
    code = panel.locator("[data-testid=embed-code]").input_value()
    parsed = page.evaluate(PARSE_EMBED, code)
    assert parsed["elements"] == ["iframe"]
    assert parsed["page"] == site_url + "widget.html"
    assert parsed["origins"] == ["https://ok.example"]
    assert parsed["keys"] == ["q", "origin"]
    assert f"#q={entry['id']}&amp;" in code
    expect(panel.locator("[data-testid=embed-invalid]")).to_contain_text("javascript:")
    page.click("[data-testid=rule-close]")


def test_the_open_drawer_is_accessible(page: Page, site_url: str) -> None:
    """With the drawer open on a rule with an example, axe-core finds nothing of any impact,
    and every control in the drawer is at least 44 x 44 px."""
    tap_code(page, "C6")
    expect(page.locator(f"{DRAWER} [data-testid=rule-entry]").first).to_have_attribute(
        "data-state", "ruled"
    )
    found = axe_violations(page, site_url, "body")
    assert found == [], json.dumps(found, indent=1)
    small = page.eval_on_selector_all(
        f"{DRAWER} a, {DRAWER} button",
        """(els) => els.filter((el) => el.offsetParent !== null).map((el) => {
             const r = el.getBoundingClientRect();
             return [el.textContent.trim(), Math.round(r.width), Math.round(r.height)];
           }).filter(([, w, h]) => w < 44 || h < 44)""",
    )
    assert small == [], small
    page.click("[data-testid=rule-close]")


def test_the_ruling_stays_in_view_beside_the_drawer(page: Page, sized: App) -> None:
    """The drawer never covers the ruling it explains: in landscape a side sheet over the
    table's side, the side panel's headline and Apply clear of it; upright a sheet from the
    top, the verdict bar at the bottom clear of it. Not a modal: nothing is made inert."""
    view = page.viewport_size
    assert view
    tap_code(page, "C6")
    sheet = page.locator(DRAWER).bounding_box()
    assert sheet
    if view["width"] >= view["height"]:
        assert sheet["height"] >= view["height"] - 2 and sheet["x"] <= 0
        assert sheet["width"] < view["width"] / 2, sheet
    else:
        assert sheet["y"] <= 0 and sheet["height"] <= view["height"] * 0.7, sheet
    for testid in ("headline", "apply"):
        box = page.locator(f"[data-testid={testid}]").bounding_box()
        assert box, testid
        clear = (
            box["x"] >= sheet["x"] + sheet["width"] - 1
            if view["width"] >= view["height"]
            else box["y"] >= sheet["y"] + sheet["height"] - 1
        )
        assert clear, (testid, box, sheet)
        assert box["x"] >= 0 and box["x"] + box["width"] <= view["width"], (testid, box)
        assert box["y"] >= 0 and box["y"] + box["height"] <= view["height"], (testid, box)
    # Not a modal: nothing of the page is made inert while it is open.
    assert page.evaluate(
        "() => !document.querySelector('[inert]') && !document.querySelector(':modal')"
    )
    page.click("[data-testid=rule-close]")


@pytest.fixture
def own_server() -> Iterator[tuple[subprocess.Popen[str], str]]:
    """A server of our own, so that the offline test can stop it."""
    with served() as running:
        yield running


def test_the_drawer_works_offline(
    browser: Browser, own_server: tuple[subprocess.Popen[str], str]
) -> None:
    """After one visit, with the server stopped and the tablet offline, a rule code still
    opens its FAQ entry with the example ruled: all of it comes from the page and its core
    (the drawer's module, loaded on the first tap, from the service worker's cache)."""
    server, url = own_server
    context = browser.new_context(has_touch=True, viewport={"width": 1280, "height": 800})
    try:
        p = context.new_page()
        p.goto(url)
        p.wait_for_selector('html[data-offline-ready="true"]', state="attached", timeout=120_000)
        server.terminate()
        server.wait(timeout=10)
        context.set_offline(True)
        p.reload()
        wait_live(p)
        set_table(p, copy.deepcopy(DEMO))
        p.select_option("[data-testid=ctx-resolver]", "cook")
        discard(p, "wood", 5)
        p.wait_for_selector("[data-testid=ruling][data-state=preview]")
        tap_code(p, "C6")
        entry = p.locator(f"{DRAWER} [data-testid=rule-entry]").first
        expect(entry).to_have_attribute("data-state", "ruled")
        expect(entry.locator("[data-testid=rule-example-headline]")).to_contain_text("Wound")
    finally:
        context.close()
