"""Helpers for the board's end-to-end tests: a page of our own (touch-capable, guarded and
watched like `app`), a demo table, and waits on the board's readiness signals."""

from __future__ import annotations

import copy
import json
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from typing import Any, Literal

from playwright.sync_api import Browser, ConsoleMessage, Locator, Page, Request, Route, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from .conftest import BOOT_TIMEOUT_MS, WATCH_SCRIPT
from .harness import ROOT, App

AXE = "static/vendor/axe-core-4.14.1/axe.min.js"
SETTLED = "() => document.documentElement.dataset.busy === '0'"
# The same, after a tap that may have left the board (a link to the FAQ): a page with no
# busy count has nothing of the board's to settle.
SETTLED_OR_LEFT = "() => (document.documentElement.dataset.busy ?? '0') === '0'"
# Seeds localStorage once per tab (a reload keeps what the app wrote since).
SEED_SCRIPT = """
if (location.protocol.startsWith("http") && !sessionStorage.getItem("e2e-seeded")) {
  for (const [key, value] of Object.entries(%s)) localStorage.setItem(key, value);
  sessionStorage.setItem("e2e-seeded", "1");
}
"""

# Tablets held as players hold them: an iPad landscape and upright (where the panel is a
# bottom sheet) and a 10-inch tablet landscape.
TABLETS_AS_HELD = {"ipad": (1180, 820), "ipad-upright": (820, 1180), "tablet-1280": (1280, 800)}

# A table with something in every region: three characters (one away), Friday and the Dog,
# resources in both piles, two planned Actions (2 wood tied up on Build), tiles with sources
# (one covered), a space with a token, and things the players could spend.
DEMO: dict[str, Any] = {
    "round": 4, "phase": "action", "scenario": 1,
    "characters": [
        {"role": "cook", "name": "Ana", "wounds": 2, "determination": 2},
        {"role": "carpenter", "name": "Ben", "wounds": 5, "determination": 1},
        {"role": "explorer", "name": "Chloé", "wounds": 1, "in_camp": False},
    ],
    "first_player": "carpenter",
    "friday": {"wounds": 1}, "dog": True,
    "available": {"food": 2, "nonperishable_food": 1, "wood": 3, "fur": 1},
    "future": {"food": 1, "wood": 1},
    "planned_actions": [
        {"id": "build-1", "action": "build", "label": "Roof", "pawns": ["carpenter", "cook"],
         "assigned": {"wood": 2}},
        {"id": "gather-1", "action": "gather", "pawns": ["explorer"]},
    ],
    "shelter": "built", "roof": 1, "palisade": 2, "weapon": 2, "morale": -1,
    "tiles": [
        {"id": 1, "terrain": "Beach", "camp": True,
         "sources": [{"kind": "food"}, {"kind": "wood", "exhausted": True}]},
        {"id": 2, "terrain": "Hills", "distance": 1,
         "sources": [{"kind": "food"}, {"kind": "wood"}]},
    ],
    "spaces": [{"id": "hunting", "tokens": ["+1 beast"], "markers": []}],
    "discovery_tokens": ["Nourishing larvae"],
    "equipment": [{"name": "Rope", "uses_left": 1}],
    "inventions": [{"name": "Knife", "built": True}],
    "treasures": ["Saber"],
}  # fmt: skip

# The demo table with a Build planned by the Cook alone, and no other Action.
BUILD_PLANNED = {
    **DEMO,
    "planned_actions": [{"id": "build-1", "action": "build", "label": "", "pawns": ["cook"]}],
}

# The boxes of the table's regions, on the page (a scroll is no move).
REGIONS = """() => [...document.querySelectorAll("#board .region")].map((el) => {
  const r = el.getBoundingClientRect();
  return [r.left, r.top + scrollY, r.width, r.height].map(Math.round);
})"""


def at(page: Page, size: tuple[int, int]) -> None:
    """The window at `size`, scrolled to its top, the card's sheet open where there is one."""
    if page.locator("html[data-sheet=closed]").count():  # (upright: opened before turning)
        page.tap("[data-testid=sheet-toggle]")
    expect(page.locator("html")).not_to_have_attribute("data-sheet", "closed")
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.evaluate("window.scrollTo(0, 0)")


def demo(**table: Any) -> dict[str, Any]:
    """The demo table, with `table`'s fields changed."""
    state: dict[str, Any] = copy.deepcopy(DEMO)
    state.update(**table)
    return state


def at_event(**changes: Any) -> dict[str, Any]:
    """The demo table (a Build planned with 2 wood on it, a Gather) still at the Event Phase,
    as a fresh table starts."""
    state = copy.deepcopy(DEMO)
    state.update({"phase": "event", **changes})
    return state


class Held(list[Route]):
    """Requests held back by `open_board(hold=...)`; once released, no more are held."""

    released = False


def open_board(
    browser: Browser,
    site_url: str,
    *,
    hold: str | None = None,
    storage: dict[str, str] | None = None,
    url: str = "",
    viewport: tuple[int, int] = (1280, 1800),
    wait: bool = True,
    locale: str | None = None,
    mobile: bool = False,
    until: Literal["commit", "domcontentloaded", "load"] = "load",
) -> tuple[App, Held]:
    """A fresh context with touch, the same route guard and watchers as `app`. With `hold`,
    requests whose URL ends so are held (returned) until the test continues them; `storage`
    is put in localStorage before the first load; `url` is appended to the site's. Without
    `wait` (another page than the board), nothing is awaited once it is loaded. `locale`:
    the browser's language (navigator.languages), English when not given. `mobile`: a
    phone's browser (is_mobile: its meta viewport honoured, as on the device). `until`: what
    of the page's load the navigation waits for ("commit" when a held file keeps the load
    event from ever coming)."""
    context = browser.new_context(
        has_touch=True,
        is_mobile=mobile,
        viewport={"width": viewport[0], "height": viewport[1]},
        **({"locale": locale} if locale else {}),
    )
    origin = site_url.rstrip("/")
    page = context.new_page()
    booted = App(page, site_url, None)  # type: ignore[arg-type]
    held = Held()

    def guard(route: Route, request: Request) -> None:
        if not (request.url == origin or request.url.startswith(origin + "/")):
            booted.off_origin.append(request.url)
            route.abort("blockedbyclient")
        elif hold and request.url.endswith(hold) and not held.released:
            held.append(route)
        else:
            route.continue_()

    context.route("**/*", guard)
    context.add_init_script(WATCH_SCRIPT)
    if storage:
        context.add_init_script(SEED_SCRIPT % json.dumps(storage))

    def on_console(msg: ConsoleMessage) -> None:
        if msg.type == "error":
            booted.console_errors.append(f"{msg.text} @ {msg.location.get('url')}")

    page.on("console", on_console)
    page.on("pageerror", lambda exc: booted.console_errors.append(f"pageerror: {exc}"))
    document = page.goto(site_url + url, wait_until=until)
    assert document is not None
    booted.document = document
    if hold is None and wait:
        wait_live(page)
    return booted, held


def release(page: Page, held: Held, hold: str) -> None:
    """Let the held requests through (waiting for the first one if it has not come yet)."""
    # The route handler that fills `held` runs just after the request event. Waiting for that
    # event once would miss one that fired just before the wait began, so wait in short turns
    # until the handler has run. Playwright runs the handlers during each wait.
    deadline = time.monotonic() + 30
    while not held:
        if time.monotonic() > deadline:
            raise AssertionError(f"no request for {hold} came within 30 s")
        with suppress(PlaywrightTimeoutError):
            page.context.wait_for_event("request", lambda r: r.url.endswith(hold), timeout=250)
    held.released = True
    for route in held:
        route.continue_()
    held.clear()


def wait_live(page: Page) -> None:
    page.wait_for_selector('html[data-board="live"]', state="attached", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_function(SETTLED)


def check_clean(booted: App) -> None:
    """No request left the site, no CSP violation, no console error, no unhandled rejection."""
    watched = booted.watched()
    assert booted.off_origin == [], booted.off_origin
    assert watched["csp"] == [], watched["csp"]
    assert booted.console_errors == [], booted.console_errors
    assert watched["rejections"] == [], watched["rejections"]


ASIDE = "castaway-referee.v2.aside."  # a key per table kept aside: this + its key (store.js)


def saved(page: Page) -> dict[str, str]:
    """Every key of the autosave in localStorage, as it stands."""
    found: dict[str, str] = page.evaluate(
        "() => Object.fromEntries(Object.keys(localStorage)"
        ".filter((k) => k.startsWith('castaway-referee.'))"
        ".map((k) => [k, localStorage.getItem(k)]))"
    )
    return found


def autosave_of(page: Page) -> dict[str, str]:
    """The autosave's keys as they stand, to seed another tab or a reload (the tables kept
    aside left out)."""
    return {k: v for k, v in saved(page).items() if not k.startswith(ASIDE)}


def kept_aside(page: Page) -> list[dict[str, Any]]:
    """The tables kept aside as storage lists them (a key each, store.js), oldest first."""
    found: list[dict[str, Any]] = page.evaluate(
        """(prefix) => Object.keys(localStorage).filter((k) => k.startsWith(prefix))
            .map((k) => JSON.parse(localStorage.getItem(k)))
            .sort((a, b) => a.at.localeCompare(b.at))""",
        ASIDE,
    )
    return found


def board_call(page: Page, name: str, *args: Any) -> Any:
    """Call the board's test door (static/board/main.js `board`: `window.castawayBoard` in
    the page, which runs the board as a classic script, static/vendor/board.js)."""
    return page.evaluate(
        """async ([name, args]) => {
          const board = window.castawayBoard;
          return board[name](...args);
        }""",
        [name, list(args)],
    )


def set_table(page: Page, state: dict[str, Any]) -> None:
    """Start a new game on `state` and wait until the board has drawn it."""
    board_call(page, "command", {"cmd": "new", "state": state})
    page.wait_for_function(SETTLED)


def table(page: Page) -> dict[str, Any]:
    result: dict[str, Any] = board_call(page, "state")
    return result


def next_round(page: Page) -> None:
    """One tap on the round track's square after the current round: a change to the table."""
    now = int(page.get_attribute("[data-testid=round]", "data-value") or "0")
    page.click(f"[data-testid=round-{now + 1}]")


def history_of(state: dict[str, Any], entries: int) -> dict[str, Any]:
    """A game's history with `entries` board edits (Morale up and down) on `state`."""
    edits = [
        {
            "kind": "edit",
            "summary": f"Morale: {v}",
            "edits": [{"op": "set", "path": "morale", "value": v}],
        }
        for v in (i % 3 - 1 for i in range(entries))
    ]
    return {"initial": state, "entries": edits, "cursor": entries}


def rev(page: Page) -> int:
    return int(page.evaluate("document.documentElement.dataset.boardRev || '0'"))


@contextmanager
def settles(page: Page) -> Iterator[None]:
    """Wait, after the block, until the board has redrawn and no command is in flight."""
    before = rev(page)
    yield
    page.wait_for_function(
        f"() => Number(document.documentElement.dataset.boardRev) > {before} && ({SETTLED})()"
    )


def bring(page: Page, *selectors: str) -> None:
    """Scroll so that the higher of `selectors` is near the top of the (tall) viewport: both
    ends of a drag are then on screen, as for a player who scrolled to see both."""
    page.evaluate(
        """(selectors) => {
          const tops = selectors.map((s) => document.querySelector(s).getBoundingClientRect().top);
          window.scrollBy(0, Math.min(...tops) - 80);
        }""",
        list(selectors),
    )


def center(page: Page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def touch_drag(page: Page, source: str, target: str, steps: int = 6) -> None:
    """A drag by finger: pointer events with pointerType "touch" (Playwright has no touch
    drag), each dispatched on the element under the point, as a browser would."""
    bring(page, source, target)
    (x0, y0), (x1, y1) = center(page, source), center(page, target)
    page.evaluate(
        """([x0, y0, x1, y1, steps]) => {
          const fire = (type, x, y) => {
            const el = document.elementFromPoint(x, y);
            el.dispatchEvent(new PointerEvent(type, {
              bubbles: true, cancelable: true, composed: true, pointerId: 7,
              pointerType: "touch", isPrimary: true, clientX: x, clientY: y, button: 0,
              buttons: type === "pointerup" ? 0 : 1, width: 20, height: 20, pressure: 0.5,
            }));
          };
          fire("pointerdown", x0, y0);
          for (let i = 1; i <= steps; i++) {
            fire("pointermove", x0 + ((x1 - x0) * i) / steps, y0 + ((y1 - y0) * i) / steps);
          }
          fire("pointerup", x1, y1);
        }""",
        [x0, y0, x1, y1, steps],
    )


def bring_into_view(page: Page, testid: str) -> None:
    """Scroll the piece to the upper third of the screen, as a player would to reach it."""
    page.eval_on_selector(
        f"[data-testid={testid}]",
        "(el) => window.scrollBy(0, el.getBoundingClientRect().top - innerHeight / 3)",
    )


def whole_in_view(*locators: Locator) -> None:
    """Each is entirely inside the window (and not scrolled out of its panel)."""
    for locator in locators:
        expect(locator).to_be_visible()
        expect(locator).to_be_in_viewport(ratio=1)


def axe_violations(page: Page, site_url: str, selector: str) -> list[dict[str, Any]]:
    """axe-core violations of any impact inside `selector` (axe served by the site)."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(url=site_url + AXE)
    found: list[dict[str, Any]] = page.evaluate(
        """async (selector) => {
          const result = await window.axe.run(selector, { resultTypes: ["violations"] });
          return result.violations
            .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5)
              .map((n) => n.target.join(" ") + " :: " + n.failureSummary) }));
        }""",
        selector,
    )
    return found


def unfold_sheet(page: Page) -> None:
    """The card's sheet unfolded, where it is folded to its verdict bar (upright, a phone)."""
    toggle = page.locator("[data-testid=sheet-toggle]")
    if page.locator("html[data-sheet=closed]").count() and toggle.is_visible():
        toggle.click()


def clear_demand(page: Page) -> None:
    """Put the card away and remove every composed demand, as a player would (the card's
    sheet unfolded first, where it is folded)."""
    unfold_sheet(page)
    resolver = page.locator("[data-testid=ctx-resolver]")  # shown only where it is needed
    if resolver.count() and resolver.input_value():
        resolver.select_option("")
        page.wait_for_function(SETTLED)
    for testid in ("clear-card", "d0-remove"):
        while page.locator(f"[data-testid={testid}]").count():
            page.click(f"[data-testid={testid}]")
            page.wait_for_function(SETTLED)


def fresh_demo(page: Page) -> None:
    """The demo table with no demand and the rule drawer closed: where tests share one page."""
    if page.locator("[data-testid=rule-dialog]").is_visible():
        page.click("[data-testid=rule-close]")
    set_table(page, copy.deepcopy(DEMO))
    clear_demand(page)


def small_targets(page: Page) -> list[list[Any]]:
    """Visible controls of the board, the panel and the toolbar under 44 x 44 px."""
    found: list[list[Any]] = page.evaluate("""() => [...document.querySelectorAll(
        "#board button, #board input[type=checkbox], #board select, #panel button, #panel select, "
        + "#panel a, #panel input[type=checkbox], .toolbar button, .toolbar a")]
      .filter((el) => el.offsetParent !== null)
      .map((el) => {
        const r = (el.closest("label") || el).getBoundingClientRect();
        const name = el.dataset.testid || el.textContent.trim();
        return [name, Math.round(r.width), Math.round(r.height)];
      })
      .filter(([, w, h]) => w < 44 || h < 44)""")
    return found


def open_more(page: Page, role: str) -> None:
    """Open a character card's "More" (name, food on sheet, Action pawns)."""
    more = page.locator(f"[data-testid=char-{role}] details.char-more")
    if more.get_attribute("open") is None:
        more.locator("summary").click()


def dumps(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


__all__ = ["AXE", "DEMO", "ROOT", "App"]


def settle(page: Page) -> None:
    page.wait_for_function("() => document.documentElement.dataset.busy === '0'")


def discard(page: Page, resource: str, n: int) -> None:
    """The "Discard" chip (the card's sheet unfolded), then which resource and how many, with
    the stepper."""
    unfold_sheet(page)
    i = page.locator("[data-testid=demand-chosen] li[data-testid^=demand-]").count()
    page.click("[data-testid=chip-discard]")
    settle(page)
    page.click(f"[data-testid=d{i}-res-{resource}]")
    for _ in range(n - 1):
        settle(page)
        page.click(f"[data-testid=d{i}-n-plus]")
    settle(page)


def apply_cook_wood(page: Page) -> str:
    """The Cook resolves "Discard 4 wood" (one short): preview, then Apply; the headline it
    applied."""
    page.select_option("[data-testid=ctx-resolver]", "cook")
    discard(page, "wood", 4)
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")
    with settles(page):
        page.click("[data-testid=apply]")
    expect(page.locator("[data-testid=bar-status]")).to_have_text("Applied to the table")
    return page.text_content("[data-testid=headline]") or ""


def cook_discards_wood(page: Page, n: int) -> str:
    """The Cook resolves "Discard n wood", ruled (not applied): the headline shown."""
    page.select_option("[data-testid=ctx-resolver]", "cook")
    settle(page)
    discard(page, "wood", n)
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")
    settle(page)  # the ruling's headline is saved with the demand
    return page.text_content("[data-testid=headline]") or ""


def apply_then_undo(page: Page) -> None:
    """A fresh table: 1 wood, "Discard 2 wood" ruled and applied by taps, then Undo tapped."""
    page.tap("[data-testid=available-wood-plus]")
    discard(page, "wood", 2)
    page.wait_for_selector("[data-testid=ruling][data-state=preview]")
    with settles(page):
        page.tap("[data-testid=apply]")
    expect(page.locator("[data-testid=bar-status]")).to_have_text("Applied to the table")
    with settles(page):
        page.tap("[data-testid=undo]")


def new_game_keeping(page: Page, press: Callable[[str], None]) -> None:
    """A change worth keeping, then "New game": the table it replaces is kept aside. `press`
    is page.tap or page.click."""
    with settles(page):
        press("[data-testid=available-wood-plus]")
    press("[data-testid=new-game]")
    with settles(page):
        press("[data-testid=new-start]")


# ------------------------------------------------------------------ a player's interactions

MOST_INTERACTIONS = 8  # taps, drags and keys a table situation may take, to its ruling


class Player:
    """Taps and drags as a player would, counting each one, the taps that only reach a
    control among them: unfolding the card's sheet (upright and on a phone it opens folded)
    and opening the phone's Menu (where the toolbar folds)."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.count = 0
        self.unfolds = 0  # taps that unfolded the card's sheet
        self.menus = 0  # taps that opened the phone's Menu

    def tap(self, testid: str) -> None:
        self.reach(testid)
        self.page.tap(f"[data-testid={testid}]")
        self._settle()

    def tap_at(self, selector: str) -> None:
        """A tap on what has no test id of its own (a link in a list the page draws)."""
        self.page.locator(selector).first.tap()
        self._settle()

    def reach(self, testid: str) -> None:
        """The taps a player needs before `testid` can be tapped: the sheet unfolded if it is
        folded over it, the Menu opened if the toolbar is folded behind it."""
        target = self.page.locator(f"[data-testid={testid}]")
        folded = self.page.locator("html[data-sheet=closed]").count()
        if folded and target.locator("xpath=ancestor::*[@id='panel']").count():
            self.page.tap("[data-testid=sheet-toggle]")
            self.unfolds += 1
            self._settle()
        menu = self.page.locator("[data-testid=toolbar-menu]")
        in_menu = target.locator("xpath=ancestor::*[@id='toolbar-items']").count()
        if in_menu and menu.is_visible() and menu.get_attribute("aria-expanded") != "true":
            self.page.tap("[data-testid=toolbar-menu]")
            self.menus += 1
            self._settle()

    def drag(self, source: str, target: str) -> None:
        touch_drag(self.page, f"[data-testid={source}]", f"[data-testid={target}]")
        self._settle()

    def _settle(self) -> None:
        self.count += 1
        if self.page.locator("html[data-busy]").count():  # (the board's; the FAQ has none)
            self.page.wait_for_function(SETTLED_OR_LEFT)  # the tap may have opened the FAQ


def headline_in_view(page: Page) -> str:
    """The ruling's headline, asserted to be inside the viewport."""
    expect(page.locator("[data-testid=ruling]")).to_have_attribute("data-state", "preview")
    headline = page.locator("[data-testid=headline]")
    box = headline.bounding_box()
    view = page.viewport_size
    assert box and view
    assert box["y"] >= 0 and box["y"] + box["height"] <= view["height"], box
    assert box["x"] >= 0 and box["x"] + box["width"] <= view["width"], box
    return headline.inner_text()


def no_problems(page: Page, site_url: str) -> None:
    """axe-core finds nothing, no target is under 44 px, no "null" or raw message id shown."""
    found = axe_violations(page, site_url, "body")
    assert found == [], json.dumps(found, indent=1)
    small = small_targets(page)
    assert small == [], small
    text = page.inner_text("body")
    assert "null" not in text.split() and "context." not in text


def unobscured(page: Page, selector: str) -> bool:
    """The element's top left is on screen and not under anything (a sticky bar)."""
    seen: bool = page.eval_on_selector(
        selector,
        """(el) => {
          const r = el.getBoundingClientRect();
          const x = r.left + 8, y = r.top + 8;
          if (y < 0 || y > innerHeight) return false;
          const hit = document.elementFromPoint(x, y);
          return Boolean(hit && (el.contains(hit) || hit.contains(el)));
        }""",
    )
    return seen
