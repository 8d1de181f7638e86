"""Screenshots of the board for the README: desktop 1440x900, 10-inch tablet landscape
1280x800 and portrait 800x1280, an iPad landscape 1180x820, on the demo table with a ruling
previewed.

    .venv/bin/python docs/screenshots/take.py
"""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.e2e.board_harness import DEMO  # noqa: E402
from tools.local import CHROMIUM, CHROMIUM_ARGS, start_server  # noqa: E402

OUT = Path(__file__).resolve().parent
SIZES = {"desktop-1440x900": (1440, 900), "tablet-landscape-1280x800": (1280, 800),
         "tablet-portrait-800x1280": (800, 1280), "ipad-landscape-1180x820": (1180, 820)}
SETTLED = "() => document.documentElement.dataset.busy === '0'"


def main() -> None:
    proc, url = start_server()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for name, (w, h) in SIZES.items():
                page = browser.new_page(viewport={"width": w, "height": h}, device_scale_factor=1)
                page.goto(url)
                page.wait_for_selector('html[data-board="live"]', state="attached", timeout=120_000)
                page.wait_for_function(SETTLED)
                page.evaluate("""async (state) => {
                  const board = window.castawayBoard;
                  await board.command({ cmd: "new", state });
                }""", DEMO)
                page.wait_for_function(SETTLED)
                page.fill("[data-testid=demand-search]", "tiger")
                page.click("[data-testid=card-beast-tiger]")
                page.select_option("[data-testid=ctx-resolver]", "cook")
                page.click("[data-testid=preview]")
                page.wait_for_selector("[data-testid=ruling][data-state=preview]")
                page.evaluate("window.scrollTo(0, 0)")
                page.screenshot(path=str(OUT / f"board-{name}.png"))
                if name.startswith("desktop"):
                    page.locator("[data-testid=res-available-wood]").focus()
                    page.keyboard.press("Enter")  # a cube in hand: the places that take it
                    page.locator("[data-testid=region-resources]").evaluate(
                        "(el) => window.scrollBy(0, el.getBoundingClientRect().top - 90)")
                    page.screenshot(path=str(OUT / "board-holding-a-cube-1440x900.png"))
                page.close()
            browser.close()
    finally:
        proc.terminate()
        proc.wait(timeout=10)


if __name__ == "__main__":
    main()
