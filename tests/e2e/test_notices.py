"""The update and offline notices look the same on the FAQ and the widget as on the board: a
parchment bar floating at the foot of the screen, its button 44 px or more, read as a status.
Shown for real: a half deploy (files changed, build list not) tells a new visitor that offline
use is not available, on whichever page they open."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from .board_harness import App, axe_violations, check_clean, new_game_keeping
from .test_updates import WAIT_MS, context, mark, server, site, wait_ready

__all__ = ["context", "server", "site"]  # the fixtures this module uses, from test_updates

PARCH = "rgb(245, 234, 208)"


def look(page: Page) -> dict[str, Any]:
    """How the notice is drawn: its place, colours and its button's size."""
    found: dict[str, Any] = page.evaluate(
        """() => {
          const bar = document.querySelector("[data-testid=offline-problem]");
          const button = bar.querySelector("button");
          const css = getComputedStyle(bar);
          const box = bar.getBoundingClientRect();
          const b = button.getBoundingClientRect();
          return {
            role: bar.getAttribute("role"), position: css.position, background: css.backgroundColor,
            shadow: css.boxShadow !== "none", font: css.fontFamily,
            inView: box.top >= 0 && box.bottom <= innerHeight
              && box.left >= 0 && box.right <= innerWidth,
            button: [Math.round(b.width), Math.round(b.height)],
            buttonBackground: getComputedStyle(button).backgroundColor,
          };
        }"""
    )
    return found


@pytest.mark.parametrize("path", ["faq.html", "widget.html"])
def test_the_offline_notice_has_the_boards_look(
    site: Path,
    server: tuple[subprocess.Popen[str], str],
    context: BrowserContext,
    path: str,
) -> None:
    _, url = server
    mark(site, "half")  # the build list still names the old files: the install fails
    page = context.new_page()
    page.set_viewport_size({"width": 800, "height": 1280})
    page.goto(url + path)
    wait_ready(page)
    page.wait_for_selector('html[data-offline-ready="failed"]', state="attached", timeout=WAIT_MS)
    drawn = look(page)
    assert drawn["role"] == "status"
    assert drawn["position"] == "fixed" and drawn["inView"] and drawn["shadow"]
    assert drawn["background"] == PARCH
    assert "Georgia" in drawn["font"]
    assert drawn["buttonBackground"] == "rgb(31, 95, 99)"  # the sea green of the board's button
    assert min(drawn["button"]) >= 44, drawn["button"]
    page.click("[data-testid=offline-problem] button")  # "OK": read, and gone
    assert page.locator("[data-testid=offline-problem]").count() == 0


def test_the_saves_kept_aside_look_like_the_board(board_app: App, site_url: str) -> None:
    """ "New game" keeps the table it replaces aside: the list is the board's parchment, not
    a bulleted form; Download and Discard are 44 px or more; axe finds nothing."""
    page = board_app.page
    new_game_keeping(page, page.click)
    sheet = page.locator("[data-testid=asides]")
    # A game the player replaced on purpose folds to one line (it must not eat the board)
    expect(sheet).not_to_have_attribute("open", "")
    assert sheet.locator("summary").bounding_box()["height"] >= 44  # type: ignore[index]
    page.click("[data-testid=asides-summary]")
    row = page.locator("[data-testid=aside-0]")
    expect(row).to_be_visible()
    drawn = row.evaluate(
        """(li) => {
          const css = getComputedStyle(li);
          const size = (b) => [b.textContent, b.offsetWidth, b.offsetHeight];
          return { bullet: css.listStyleType, radius: css.borderTopLeftRadius,
                   buttons: [...li.querySelectorAll("button")].map(size) };
        }"""
    )
    assert drawn["bullet"] == "none" and drawn["radius"] == "8px"
    assert [name for name, *_ in drawn["buttons"]] == ["Download", "Discard"]
    assert all(w >= 44 and h >= 44 for _, w, h in drawn["buttons"]), drawn["buttons"]
    assert axe_violations(page, site_url, "[data-testid=asides]") == []
    page.click("[data-testid=aside-discard-0]")  # the table is not changed by it
    expect(page.locator("[data-testid=asides]")).to_have_count(0)
    check_clean(board_app)
