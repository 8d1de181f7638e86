"""Injection: hostile text through every way in is shown as text and never runs.

Each payload goes into every string of a table and a card effect, then through each input:
an imported file and a share link on the board, the board's own text fields, and a share link
in the widget and the FAQ's "open" links. Nothing may run: no dialog, no CSP violation, no
`window.__pwned`, no node with an event-handler attribute, inline script or javascript: URL."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Dialog, Page, expect

from pyapp.links import encode
from pyapp.rules import Request

from .board_harness import App, check_clean, open_board, open_more, settles, wait_live

PAYLOADS = [
    '<script>window.__pwned="script"</script>',
    "<img src=x onerror=\"window.__pwned='img'\">",
    "javascript:window.__pwned='url'",
    "<svg onload=window.__pwned=4><script>alert(5)</script></svg>",
    '"><iframe srcdoc="<script>parent.__pwned=6</script>">',
    "<a href=\"javascript:alert('a')\">tap me</a>",
    "{{constructor.constructor('window.__pwned=7')()}}",
]

# Anything that could run: what a payload would leave behind if it had been parsed as markup.
INJECTED = """() => document.querySelectorAll(
  'script:not([src]), iframe, [onerror], [onload], [onclick], [onmouseover], '
  + 'a[href^="javascript:" i], [src^="javascript:" i], svg script'
).length"""


def hostile_request(text: str) -> dict[str, Any]:
    """A valid request whose every string the players can set holds `text`."""
    state = {
        "phase": "action", "first_player": "cook", "shelter": "built", "roof": 1,
        "characters": [{"role": "cook", "name": text}, {"role": "explorer", "name": text}],
        "planned_actions": [{"id": text, "action": "build", "label": text, "pawns": ["cook"],
                             "assigned": {"wood": 1}}],
        "tiles": [{"id": 1, "terrain": text, "camp": True, "sources": [{"kind": "food"}]}],
        "spaces": [{"id": text, "tokens": [text], "markers": [text]}],
        "discovery_tokens": [text], "treasures": [text],
        "equipment": [{"name": text, "uses_left": 1}],
        "inventions": [{"name": text, "built": True,
                        "benefits": [{"kind": "ability", "text": text}]}],
    }
    effect = {"label": text, "demands": [
        {"kind": "place_token", "space": text, "token": text},
        {"kind": "combat", "strength": 3, "weapon_loss": 2, "beast": text},
        {"kind": "lose_item", "item": text}]}
    return {"format": "castaway-referee/request", "version": 1, "card": text, "state": state,
            "effect": effect, "context": {"resolver": "cook"}}


def assert_inert(page: Page, dialogs: list[Dialog], text: str) -> None:
    assert dialogs == [], [d.message for d in dialogs]
    assert page.evaluate("window.__pwned") is None
    assert page.evaluate(INJECTED) == 0
    assert text in page.evaluate("document.body.innerText"), "the payload is shown, as text"


@pytest.fixture(scope="module")
def board(browser: Browser, site_url: str) -> Iterator[tuple[App, list[Dialog]]]:
    booted, _ = open_board(browser, site_url)
    dialogs: list[Dialog] = []
    booted.page.on("dialog", lambda d: (dialogs.append(d), d.dismiss()))
    yield booted, dialogs
    booted.page.context.close()


@pytest.mark.parametrize("text", PAYLOADS)
def test_an_imported_file_is_shown_as_text(board: tuple[App, list[Dialog]], text: str) -> None:
    booted, dialogs = board
    page = booted.page
    files = page.locator("[data-testid=import-file]")
    files.set_input_files({"name": "hostile.json", "mimeType": "application/json",
                           "buffer": json.dumps(hostile_request(text)).encode()})
    with settles(page):
        page.click("[data-testid=confirm-ok]")
    page.click("[data-testid=preview]")
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")
    assert_inert(page, dialogs, text)
    check_clean(booted)


@pytest.mark.parametrize("text", PAYLOADS)
def test_the_boards_own_fields_take_text(board: tuple[App, list[Dialog]], text: str) -> None:
    booted, dialogs = board
    page = booted.page
    open_more(page, "cook")
    with settles(page):
        page.fill("[data-testid=name-cook]", text[:60])
        page.press("[data-testid=name-cook]", "Enter")
    page.fill("[data-testid=demand-search]", text)
    assert_inert(page, dialogs, text[:60])
    check_clean(booted)


@pytest.mark.parametrize("text", PAYLOADS[:4])
def test_a_share_link_on_the_board_is_shown_as_text(browser: Browser, site_url: str,
                                                    text: str) -> None:
    link = encode(Request.model_validate(hostile_request(text)))
    friend, _ = open_board(browser, site_url, url=f"#r={link}")
    try:
        page = friend.page
        dialogs: list[Dialog] = []
        page.on("dialog", lambda d: (dialogs.append(d), d.dismiss()))
        expect(page.locator("[data-testid=shared-banner]")).to_be_visible()
        page.wait_for_selector("[data-testid=ruling][data-state=preview]")
        assert_inert(page, dialogs, text)
        check_clean(friend)
    finally:
        friend.page.context.close()


@pytest.mark.parametrize("text", PAYLOADS[:4])
def test_a_share_link_in_the_widget_is_shown_as_text(open_page: Callable[..., App],
                                                     site_url: str, text: str) -> None:
    link = encode(Request.model_validate(hostile_request(text)))
    booted = open_page(f"{site_url}widget.html#r={link}")
    page = booted.page
    dialogs: list[Dialog] = []
    page.on("dialog", lambda d: (dialogs.append(d), d.dismiss()))
    page.wait_for_selector('html[data-ruling-shown="true"]', state="attached", timeout=120_000)
    assert_inert(page, dialogs, text)
    assert booted.problems() == []


def test_hostile_links_never_reach_the_page_as_markup(board: tuple[App, list[Dialog]]) -> None:
    """Fragments that are not links at all: a message, and the saved table untouched."""
    booted, dialogs = board
    page = booted.page
    before = page.evaluate("JSON.stringify(localStorage)")
    for fragment in ['#r=<img src=x onerror=alert(1)>', "#r=javascript:alert(1)",
                     '#r=1.%3Csvg%20onload%3Dalert(1)%3E']:
        page.evaluate("(f) => { location.hash = f; }", fragment)
        expect(page.locator("[data-testid=message]")).to_contain_text("cannot be opened")
        assert dialogs == [] and page.evaluate(INJECTED) == 0
    assert page.evaluate("JSON.stringify(localStorage)") == before
    page.evaluate("() => history.replaceState(null, '', location.pathname)")
    wait_live(page)
    check_clean(booted)
