"""Reopen benchmark: how long the board takes to open a saved table, with 3 and 3,000 entries
in its history, in Debian's Chromium against the site served by tools/serve.py.

    python bench/reopen_bench.py [--runs 5] [--history 3,3000]

For each history length, a fresh browser context saves a game of that length (the board's
own autosave), then the page is reloaded `--runs` times. Each reload is timed from navigation
start to the board being live with the saved table (`<html data-board="live">`: the rules
have checked the whole history, replayed window by window, see static/board/journal.js), and
the part of that spent after the rules were ready (the "rules-ready" mark): the replay's own
cost. Prints medians per length and the difference of the medians (long - short) measured in
the same run; writes bench/out/reopen.json. Target: a 3,000-entry save opens at most 1 s later
than a 3-entry one.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.e2e.board_harness import DEMO, SETTLED, history_of  # noqa: E402
from tools.local import CHROMIUM, CHROMIUM_ARGS, served  # noqa: E402

OUT = ROOT / "bench" / "out"
LIVE = 'html[data-board="live"]'
WAIT_MS = 180_000

# From the first byte: when the board turned live (ms from navigation start).
WATCH_LIVE = """
new MutationObserver((_, observer) => {
  if (document.documentElement.dataset.board === "live") {
    window.__liveAt = performance.now();
    observer.disconnect();
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-board"] });
"""

TIMES = """() => {
  const ready = performance.getEntriesByName("rules-ready")[0];
  return { live: window.__liveAt, rulesReady: ready ? ready.startTime : null,
           entries: document.getElementById("log-list").dataset.size };
}"""


def reopen(browser: Browser, url: str, entries: int, runs: int) -> dict[str, Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 1800})
    try:
        context.add_init_script(WATCH_LIVE)
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector(LIVE, state="attached", timeout=WAIT_MS)
        page.wait_for_function(SETTLED)
        page.evaluate(
            """async (history) => {
              const board = window.castawayBoard;
              await board.command({ cmd: "load", history });
              board.autosave.now();
            }""",
            history_of(DEMO, entries),
        )
        page.wait_for_function(SETTLED)
        live: list[float] = []
        replay: list[float] = []
        for _ in range(runs):
            page.reload()
            page.wait_for_selector(LIVE, state="attached", timeout=WAIT_MS)
            page.wait_for_function("() => window.__liveAt !== undefined")
            got = page.evaluate(TIMES)
            assert got["entries"] == str(entries), (
                f"{got['entries']} entries reopened, not {entries}"
            )
            live.append(got["live"])
            replay.append(got["live"] - got["rulesReady"])
    finally:
        context.close()
    return {
        "runs": runs,
        "to_live_median_ms": round(statistics.median(live), 1),
        "after_rules_ready_median_ms": round(statistics.median(replay), 1),
        "after_rules_ready_max_ms": round(max(replay), 1),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--history", default="3,3000", help="history lengths, comma-separated")
    args = parser.parse_args()
    lengths = [int(n) for n in args.history.split(",")]
    with served() as (_, url), sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            result = {str(n): reopen(browser, url, n, args.runs) for n in lengths}
        finally:
            browser.close()
    short, long = result[str(min(lengths))], result[str(max(lengths))]
    extra = long["after_rules_ready_median_ms"] - short["after_rules_ready_median_ms"]
    OUT.mkdir(parents=True, exist_ok=True)
    summary = {"by_history": result, "extra_median_ms_long_minus_short": round(extra, 1)}
    (OUT / "reopen.json").write_text(json.dumps(summary, indent=2) + "\n")
    for n, r in result.items():
        print(
            f"history {n:>5}  {r['runs']} reloads  navigation -> board live: median "
            f"{r['to_live_median_ms']:8.1f} ms;  after rules ready: median "
            f"{r['after_rules_ready_median_ms']:7.1f} ms, "
            f"max {r['after_rules_ready_max_ms']:7.1f} ms"
        )
    print(
        f"reopening {max(lengths):,} entries costs {extra:.0f} ms more than {min(lengths):,} "
        f"(after rules ready, medians); target <= 1000 ms:",
        "met" if extra <= 1000 else "NOT met",
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
