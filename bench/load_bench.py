"""Load benchmark: our page against a baseline that only loads PyScript + Pyodide and
imports pydantic (bench/baseline/), both served by tools/serve.py with production
headers, in Debian's Chromium.

    python bench/load_bench.py [--runs 7]

For each page, `--runs` cold loads (a fresh browser profile each time), `--runs` first
visits (the same, in a browser that has started and gone quiet first, as a player's has) and
`--runs` warm loads (one persistent profile, primed once, browser restarted before each load
so only the disk cache carries over; no request interception, which would bypass the cache).
The pages' loads are interleaved, one of each page per round (the order turned round each
round), so that a ratio compares loads made close together. Measured from navigation start:
first contentful paint, rules ready (the "rules-ready" performance mark, set when <html
data-rules-ready="true">), bytes transferred (Resource Timing transferSize: 0 for disk-cache
hits), the board interactive (the board's "board-interactive" mark, else first contentful
paint), the board's first frame (when the board's region titles were painted, by Element
Timing: the first paint that shows the real board, not the page's shell; checked against
the baseline's first paint; beside it the start of the first frame after the board's
"board-drawn" mark), the longest main-thread task before rules ready (a 'longtask'
PerformanceObserver added before any script), the page's JS heap (CDP
Performance.getMetrics) and Python's WebAssembly memory (the rules-ready mark's detail).
Warm loads of our page are served by its service worker: the priming load waits until it
holds the build. Prints medians and our/baseline ratios; writes bench/out/load.json and
bench/out/load.md. The widget page (widget.html on a share link) is measured the same way,
up to "ruling shown", and so is an embedded FAQ question (widget.html#q=…), up to its
answer on screen and its example ruled. `--only question` measures the question alone
(cold and warm), with no baseline nor engines; `--only board` measures our page and the
baseline to the board on screen (the baseline's first paint), not waiting for the rules, and
reports the first paint and the board's first frame, each as a ratio to the baseline's first
paint.

What one language costs (`--languages`, on by default; `--only-languages` measures nothing
else): each language's files in bytes (the page's JSON and the core's .mo, as stored and
gzipped, as served), then cold loads of the board in English and with `?lang=<lang>`,
interleaved (first paint, board interactive, rules ready, and the bytes fetched from
static/locale/: none for English), and the switch from English in Settings (ms from the
choice to the board drawn again in it, the core told and the ruling asked for again).
Written to bench/out/languages.json and at the end of load.md. A build without
locale/<lang>.po measures x-pseudo, a third longer than English, as its stand-in.

Then, per engine (`--engines`, default Chromium, Firefox and WebKit with an iPad's user
agent, all driven through tools/engines.py): rules ready, cold (a fresh browser each
load) and warm (one browser, the build cached by the service worker, then loaded again),
for our page and the same baseline page in the same engine and run; which start path our
page took (the snapshot, the core snapshot or Python from scratch); and the two
fallbacks, cold: our page served without snapshot.bin (tools/serve.py --hide: the core
snapshot is restored) and without either snapshot (Python from scratch). Medians of
`--engine-runs` loads; written to bench/out/engines.json and at the end of load.md. Warm
loads follow each other at once, as a reload does; `--settle SECONDS` waits that long
before each, as a player opening the app again later does (WebKit's loads right after one
another are bimodal: the page before is still being torn down).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Playwright, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools import local  # noqa: E402
from tools.local import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

OUT = ROOT / "bench" / "out"
PAGES = {"ours": "", "baseline": "bench/baseline/"}
READY = 'html[data-rules-ready]:not([data-rules-ready="false"])'
OFFLINE = 'html[data-offline-ready="true"]'
HAS_SW_JS = "!!document.querySelector('link[rel=manifest]')"
# The embeddable widget opened on a share link (the official FAQ's combat question): timed
# to "ruling shown", the "ruling-shown" mark it sets once the ruling is on screen.
WIDGET_EXAMPLE = ROOT / "docs" / "examples" / "combat-weapon-loss.request.json"
SHOWN = 'html[data-ruling-shown="true"]'
# An embedded FAQ question (the same combat question): timed to its one-line answer on screen
# (the "answer-shown" mark) and to its example ruled and drawn ("question-ruled").
QUESTION = "widget.html#q=combat-weapon-loss"
QUESTION_SHOWN = 'html[data-question-shown="true"]'

# Before any page script: record main-thread long tasks from the first byte on.
LONGTASKS_JS = """
window.__longtasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longtasks.push([e.startTime, e.duration]);
}).observe({ type: "longtask", buffered: true });
// The board on screen: when the frame showing its region titles was painted (Element Timing:
// they carry elementtiming="board", static/board/widgets.js), the same kind of time as the
// first contentful paint. Also the start of the first frame after the board's "board-drawn"
// mark (its animation-frame callbacks, before that frame's style, layout and paint).
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    if (e.identifier !== "board" || window.__boardPainted <= e.renderTime) continue;
    window.__boardPainted = e.renderTime;
  }
}).observe({ type: "element", buffered: true });
new PerformanceObserver((list) => {
  if (list.getEntriesByName("board-drawn").length) {
    requestAnimationFrame(() => { window.__boardFrame = performance.now(); });
  }
}).observe({ type: "mark" });
"""

METRICS_JS = """() => {
  const nav = performance.getEntriesByType("navigation")[0];
  const paint = performance.getEntriesByName("first-contentful-paint")[0]
             || performance.getEntriesByName("first-paint")[0];
  const ready = performance.getEntriesByName("rules-ready")[0];
  const board = performance.getEntriesByName("board-interactive")[0];
  const until = ready ? ready.startTime : Infinity;
  const tasks = (window.__longtasks || []).filter(([start]) => start < until);
  const shown = performance.getEntriesByName("ruling-shown")[0];
  const answer = performance.getEntriesByName("answer-shown")[0];
  const ruled = performance.getEntriesByName("question-ruled")[0];
  const resources = performance.getEntriesByType("resource");
  const all = [nav, ...resources];
  return {
    fcp_ms: paint ? paint.startTime : null,
    ready_ms: ready ? ready.startTime : null,
    interactive_ms: board ? board.startTime : paint ? paint.startTime : null,
    interactive_mark: board ? "board-interactive" : "first-contentful-paint",
    board_shown_ms: window.__boardPainted ?? (paint ? paint.startTime : null),
    board_frame_ms: window.__boardFrame ?? (paint ? paint.startTime : null),
    longest_task_ms: tasks.reduce((m, [, d]) => Math.max(m, d), 0),
    long_tasks: tasks.length,
    wasm_bytes: ready && ready.detail ? ready.detail.wasmBytes || 0 : 0,
    stages: ready && ready.detail ? ready.detail.timings || {} : {},
    shown_ms: shown ? shown.startTime : null,
    answer_ms: answer ? answer.startTime : null,
    ruled_ms: ruled ? ruled.startTime : null,
    bytes: all.reduce((n, e) => n + e.transferSize, 0),
    body_bytes: all.reduce((n, e) => n + e.decodedBodySize, 0),
    requests: all.length,
    from_cache: all.filter((e) => e.transferSize === 0 && e.decodedBodySize > 0).length,
    off_origin: all.map((e) => e.name).filter((u) => !u.startsWith(location.origin + "/")),
  };
}"""


def start_server(*extra: str) -> tuple[subprocess.Popen[str], str]:
    """tools/serve.py with the baseline published; it answers once it has compressed the
    runtime (about 4 s of one core per server), which would otherwise run beside the first
    loads measured and slow them down."""
    return local.start_server("--also", "bench/baseline", "--warm-first", *extra)


def widget_link() -> str:
    """The share-link payload of the widget's example, as the app writes it."""
    sys.path.insert(0, str(ROOT))
    from pyapp.api import parse_request
    from pyapp.links import encode

    return encode(parse_request(WIDGET_EXAMPLE.read_text()))


def launch(pw: Playwright, profile: Path) -> BrowserContext:
    return pw.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
    )


# `--only board`: a load ends once the board is on screen (the baseline's: once it has
# painted), without waiting for the rules.
PAINTED_JS = ("() => window.__boardPainted !== undefined || "
              "(!document.querySelector('#board') && "
              "performance.getEntriesByName('first-contentful-paint').length > 0)")


def load_once(
    pw: Playwright, profile: Path, url: str, prime: bool = False, settle_s: float = 0,
    until_board: bool = False,
) -> dict[str, Any]:
    context = launch(pw, profile)
    try:
        context.add_init_script(LONGTASKS_JS)
        page = context.pages[0] if context.pages else context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        if settle_s:  # the browser has started and gone quiet before the page is asked for
            page.goto("about:blank")
            time.sleep(settle_s)
        page.goto(url)
        if until_board and not prime:
            page.wait_for_function(PAINTED_JS, timeout=60_000)
            return dict(page.evaluate(METRICS_JS))
        page.wait_for_selector(READY, state="attached", timeout=180_000)
        if page.get_attribute("html", "data-rules-ready") != "true":
            raise SystemExit(f"{url}: rules failed to load: {errors}")
        if "widget.html#r=" in url:
            page.wait_for_selector(SHOWN, state="attached", timeout=60_000)
        if "widget.html#q=" in url:
            page.wait_for_selector(QUESTION_SHOWN, state="attached", timeout=60_000)
        if prime and page.evaluate(HAS_SW_JS):  # our page: wait until the build is cached
            page.wait_for_selector(OFFLINE, state="attached", timeout=180_000)
        result: dict[str, Any] = page.evaluate(METRICS_JS)
        cdp = context.new_cdp_session(page)
        cdp.send("Performance.enable")
        metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
        result["js_heap_bytes"] = metrics.get("JSHeapUsedSize", 0)
        if result["off_origin"]:
            raise SystemExit(f"{url}: requests left the origin: {result['off_origin']}")
        return result
    finally:
        context.close()


# "first visit": a cold load (a fresh profile: no cache, no service worker) in a browser that
# has already started, as a player's browser has when they open the link; plain "cold" also
# starts the browser, whose own start-up (its profile, its UI) shares the cores with the page.
SETTLE_S = 1.5


def measure(
    pw: Playwright, urls: dict[str, str], runs: int, work: Path, until_board: bool = False
) -> dict[str, dict[str, list[dict[str, Any]]]]:
    """Every page's loads, interleaved: round i loads each page once (the order turned
    round each round), cold, then first visits, then warm. A ratio against the baseline
    thus compares loads made minutes apart at most, not a block of ours against a block of
    the baseline's made after it, on a machine whose speed drifts (the cold first paint's
    ratio moved from 1.27 to 1.81 between two runs of blocks, with our median unchanged)."""
    results: dict[str, dict[str, list[dict[str, Any]]]] = {}
    for name in urls:
        embedded = name in ("widget", "question")
        modes = ("cold", "warm") if embedded else ("cold", "first visit", "warm")
        results[name] = {mode: [] for mode in modes}

    def rounds(mode: str) -> Iterator[tuple[int, str]]:
        names = [name for name in urls if mode in results[name]]
        for i in range(runs):
            for name in names if i % 2 == 0 else names[::-1]:
                yield i, name

    for mode, settle_s in (("cold", 0.0), ("first visit", SETTLE_S)):
        for i, name in rounds(mode):
            with tempfile.TemporaryDirectory(dir=work) as profile:
                load = load_once(pw, Path(profile), urls[name], settle_s=settle_s,
                                 until_board=until_board)
            results[name][mode].append(load)
            print(f"  {mode} {i + 1}/{runs} {name}: first paint {load['fcp_ms']:.0f}, "
                  f"board {load['board_shown_ms'] or 0:.0f}, "
                  f"ready {load['ready_ms'] or 0:.0f} ms", flush=True)  # fmt: skip
    with contextlib.ExitStack() as stack:
        profiles = {name: Path(stack.enter_context(tempfile.TemporaryDirectory(dir=work)))
                    for name in urls}  # fmt: skip
        for name, url in urls.items():  # prime the disk cache / the service worker
            load_once(pw, profiles[name], url, prime=True)
        for i, name in rounds("warm"):
            load = load_once(pw, profiles[name], urls[name], until_board=until_board)
            results[name]["warm"].append(load)
            print(f"  warm {i + 1}/{runs} {name}: first paint {load['fcp_ms']:.0f}, "
                  f"board {load['board_shown_ms'] or 0:.0f}, "
                  f"ready {load['ready_ms'] or 0:.0f} ms", flush=True)  # fmt: skip
    return results


# The worker's marks, in the order they happen (tools/pyodide-snapshot.mjs, pyapp/bridge.py).
STAGES = ["worker", "pyodide-compiled", "dynlibs-compiled", "pyodide-snapshot", "dynlibs-placed",
          "pyodide-restored", "packages-loaded", "pyscript-written", "pyscript-imported",
          "python-main", "imported"]  # fmt: skip
ENGINES = ("chromium", "firefox", "webkit-ipad")
ENGINE_NAMES = {
    "chromium": "Chromium",
    "firefox": "Firefox ESR",
    "webkit-ipad": "WebKitGTK, iPad UA",
}
# What a load tells in any engine: the rules-ready mark, first paint and the start path
# (only a restored interpreter leaves `pyodide-restored` among the worker's marks).
ENGINE_METRICS = """
const ready = performance.getEntriesByName("rules-ready")[0];
const paint = performance.getEntriesByName("first-contentful-paint")[0]
           || performance.getEntriesByName("first-paint")[0];
const stages = (ready && ready.detail && ready.detail.timings) || {};
return {
  state: document.documentElement.dataset.rulesReady,
  ready_ms: ready ? ready.startTime : null,
  fcp_ms: paint ? paint.startTime : null,
  path: "pyodide-restored" in stages ? "snapshot"
      : "pyodide-restored-core" in stages ? "core snapshot"
      : "pyodide-started" in stages ? "from scratch" : "baseline",
  stages,
};
"""
ENGINE_SETTLED = (
    "document.documentElement.dataset.rulesReady === 'true' || "
    "document.documentElement.dataset.rulesReady === 'error'"
)


def engine_load(engine: Any, url: str, prime: bool = False) -> dict[str, Any]:
    from tools.engines import wait

    engine.open(url)
    wait(engine, ENGINE_SETTLED, 300_000)
    result: dict[str, Any] = engine.run(ENGINE_METRICS)
    if result["state"] != "true":
        raise SystemExit(f"{engine.name} {url}: rules failed to load")
    if prime and "baseline" not in url:
        wait(engine, "document.documentElement.dataset.offlineReady === 'true'", 300_000)
    return result


def measure_engine(
    kind: str, urls: dict[str, str], runs: int, fallbacks: bool = True, settle: float = 0
) -> dict[str, Any]:
    """Cold and warm loads of `ours` and `baseline`, cold loads of `core` and `scratch`;
    `settle` seconds before each warm load."""
    from tools.engines import launch

    def cold(url: str) -> list[dict[str, Any]]:
        loads = []
        for _ in range(runs):
            engine = launch(kind)
            try:
                loads.append(engine_load(engine, url))
            finally:
                engine.close()
        return loads

    out: dict[str, Any] = {}
    for name in ("ours", "baseline"):
        out[name] = {"cold": cold(urls[name])}
        engine = launch(kind)
        try:
            engine_load(engine, urls[name], prime=True)
            out[name]["warm"] = []
            for _ in range(runs):
                time.sleep(settle)
                out[name]["warm"].append(engine_load(engine, urls[name]))
        finally:
            engine.close()
        for mode in ("cold", "warm"):
            print(f"  {kind} {name} {mode}: ready "
                  f"{[round(r['ready_ms']) for r in out[name][mode]]} ms", flush=True)  # fmt: skip
    for name in ("core", "scratch") if fallbacks else ():
        out[name] = {"cold": cold(urls[name])}
        print(f"  {kind} {name}: {[round(r['ready_ms']) for r in out[name]['cold']]} ms")
    return out


def engines_table(results: dict[str, Any], runs: int, settle: float = 0) -> str:
    kinds = list(results)
    head = "| | " + " | ".join(ENGINE_NAMES.get(k, k) for k in kinds) + " |"
    apart = f"{settle:g} s apart" if settle else "one right after the other"
    rows = [
        f"Per engine (tools/engines.py): median of {runs} loads, ms from navigation start "
        f"to rules ready (warm loads {apart}); our page's start path in brackets.",
        "",
        head,
        "|---|" + "---:|" * len(kinds),
    ]

    def cell(kind: str, name: str, mode: str) -> str:
        loads = results[kind][name][mode]
        paths = sorted({r["path"] for r in loads})
        value = f"{median(loads, 'ready_ms'):,.0f}"
        return value if name == "baseline" else f"{value} ({', '.join(paths)})"

    for mode in ("cold", "warm"):
        for name, label in (("ours", "ours"), ("baseline", "baseline")):
            rows.append(
                f"| {label}, {mode} | " + " | ".join(cell(k, name, mode) for k in kinds) + " |"
            )
        ratios = [
            median(results[k]["ours"][mode], "ready_ms")
            / median(results[k]["baseline"][mode], "ready_ms")
            for k in kinds
        ]
        rows.append(f"| ours / baseline, {mode} | " + " | ".join(f"{r:.2f}" for r in ratios) + " |")
    if all("core" in results[k] for k in kinds):
        rows.append("| ours without snapshot.bin (core snapshot), cold | "
                    + " | ".join(cell(k, "core", "cold") for k in kinds) + " |")  # fmt: skip
        rows.append("| ours without either snapshot (from scratch), cold | "
                    + " | ".join(cell(k, "scratch", "cold") for k in kinds) + " |")  # fmt: skip
    if "chromium" in results:
        for mode in ("cold", "warm"):
            base = median(results["chromium"]["ours"][mode], "ready_ms")
            rows.append(f"| ours / Chromium's, {mode} | " + " | ".join(
                f"{median(results[k]['ours'][mode], 'ready_ms') / base:.2f}" for k in kinds
            ) + " |")  # fmt: skip
    warm = {k: median(results[k]["ours"]["warm"], "ready_ms") for k in kinds}
    rows.append("")
    verdicts = [
        f"{ENGINE_NAMES.get(k, k)} {v:,.0f} ({'met' if v <= 1000 else 'not met'})"
        for k, v in warm.items()
    ]
    rows.append(
        "Targets: rules ready warm at most 1,000 ms in every engine (on a quiet machine): "
        + ", ".join(verdicts)
        + "."
    )
    if "chromium" in warm and "webkit-ipad" in warm:
        ratio = warm["webkit-ipad"] / warm["chromium"]
        rows.append(f"WebKit's warm at most 1.5x Chromium's: {ratio:.2f}x "
                    f"({'met' if ratio <= 1.5 else 'not met'}).")  # fmt: skip
    rows += [
        "",
        "Our worker's stages per engine, cold / warm, ms from navigation start (medians), "
        "and the last one, rules ready:",
        "",
        "| stage | " + " | ".join(ENGINE_NAMES.get(k, k) for k in kinds) + " |",
        "|---|" + "---:|" * len(kinds),
    ]

    def stage_median(kind: str, mode: str, stage: str) -> str:
        loads = results[kind]["ours"][mode]
        values = [r["ready_ms"] if stage == "ready" else r["stages"].get(stage) for r in loads]
        present = [v for v in values if v is not None]
        return f"{statistics.median(present):,.0f}" if present else "n/a"

    for stage in [*STAGES, "ready"]:
        cells = [
            " / ".join(stage_median(kind, mode, stage) for mode in ("cold", "warm"))
            for kind in kinds
        ]
        rows.append(f"| {stage} | " + " | ".join(cells) + " |")
    return "\n".join(rows) + "\n"


def median(runs: list[dict[str, Any]], key: str) -> float:
    return float(statistics.median(r[key] for r in runs))


LOCALE = ROOT / "static" / "locale"
# What a load fetched of the languages' files (static/locale/).
LOCALE_BYTES_JS = """() => performance.getEntriesByType("resource")
  .filter((e) => new URL(e.name).pathname.includes("/static/locale/"))
  .reduce((n, e) => n + e.transferSize, 0)"""
SETTLED_JS = "() => document.documentElement.dataset.busy === '0'"


def measured_languages() -> list[str]:
    """The build's languages, else x-pseudo as their stand-in."""
    real = sorted(p.stem for p in LOCALE.glob("*.json")
                  if p.stem not in ("languages", "x-pseudo"))
    return real or ["x-pseudo"]


def file_sizes(lang: str) -> dict[str, int]:
    import gzip

    out = {}
    for kind in ("json", "mo"):
        data = (LOCALE / f"{lang}.{kind}").read_bytes()
        out[f"{kind}_bytes"] = len(data)
        out[f"{kind}_gzip_bytes"] = len(gzip.compress(data, 9))
    return out


def cold_board(pw: Playwright, profile: Path, url: str) -> dict[str, Any]:
    context = launch(pw, profile)
    try:
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(url)
        page.wait_for_selector('html[data-board="live"]', state="attached", timeout=180_000)
        result: dict[str, Any] = page.evaluate(METRICS_JS)
        result["locale_bytes"] = page.evaluate(LOCALE_BYTES_JS)
        return result
    finally:
        context.close()


def switch_ms(pw: Playwright, profile: Path, url: str, lang: str) -> float:
    """From the choice in Settings to the board drawn again in `lang`, settled."""
    context = launch(pw, profile)
    try:
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(url)
        page.wait_for_selector('html[data-board="live"]', state="attached", timeout=180_000)
        page.wait_for_function(SETTLED_JS)
        page.locator("[data-testid=region-game] details.house-rules > summary").click()
        page.wait_for_selector("[data-testid=language-picker][data-ready]")
        page.evaluate("() => { window.__switch = performance.now(); }")
        page.select_option("[data-testid=language-picker]", lang)
        page.wait_for_selector(f'html[lang="{lang}"]', state="attached")
        page.wait_for_function(SETTLED_JS)
        took: float = page.evaluate("() => performance.now() - window.__switch")
        return took
    finally:
        context.close()


def language_costs(pw: Playwright, base_url: str, runs: int, work: Path) -> dict[str, Any]:
    """Each language's bytes, its cold loads beside English's (interleaved) and the switch."""
    out: dict[str, Any] = {}
    english: list[dict[str, Any]] = []
    for lang in measured_languages():
        loads: list[dict[str, Any]] = []
        switches: list[float] = []
        for i in range(runs):
            for url, into in ([(base_url, english), (f"{base_url}?lang={lang}", loads)]
                              [:: 1 if i % 2 == 0 else -1]):
                with tempfile.TemporaryDirectory(dir=work) as profile:
                    into.append(cold_board(pw, Path(profile), url))
            offered = lang != "x-pseudo"  # x-pseudo is not offered in Settings
            if offered:
                with tempfile.TemporaryDirectory(dir=work) as profile:
                    switches.append(switch_ms(pw, Path(profile), base_url, lang))
            print(f"  {lang} {i + 1}/{runs}: ready {loads[-1]['ready_ms']:.0f} ms "
                  f"(English {english[-1]['ready_ms']:.0f})", flush=True)
        out[lang] = {**file_sizes(lang), "loads": loads, "switch_ms": switches}
    out["en"] = {"loads": english}
    return out


def languages_table(costs: dict[str, Any], runs: int) -> str:
    english = costs["en"]["loads"]
    rows = [
        "",
        f"## What one language costs (median of {runs} cold loads each, interleaved with "
        f"English's; {len(english)} English loads in all)",
        "",
        "| language | page JSON (gzip) | core .mo (gzip) | fetched of static/locale/ | "
        "first paint (ms) | board interactive (ms) | rules ready (ms) | switch in Settings (ms) |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
        f"| English | — | — | {median(english, 'locale_bytes'):,.0f} B | "
        f"{median(english, 'fcp_ms'):,.0f} | {median(english, 'interactive_ms'):,.0f} | "
        f"{median(english, 'ready_ms'):,.0f} | — |",
    ]
    for lang, c in costs.items():
        if lang == "en":
            continue
        switch = f"{statistics.median(c['switch_ms']):,.0f}" if c["switch_ms"] else "—"
        loads = c["loads"]
        rows.append(
            f"| {lang} | {c['json_bytes']:,} ({c['json_gzip_bytes']:,}) B | "
            f"{c['mo_bytes']:,} ({c['mo_gzip_bytes']:,}) B | "
            f"{median(loads, 'locale_bytes'):,.0f} B | {median(loads, 'fcp_ms'):,.0f} | "
            f"{median(loads, 'interactive_ms'):,.0f} | {median(loads, 'ready_ms'):,.0f} | "
            f"{switch} |")
    return "\n".join(rows) + "\n"


def table(results: dict[str, dict[str, list[dict[str, Any]]]], runs: int) -> str:
    rows = [
        f"Median of {runs} loads; ms from navigation start; bytes = transferSize "
        "(0 for disk-cache hits).",
        "",
        "| load | metric | ours | baseline | ours/baseline |",
        "|---|---|---:|---:|---:|",
    ]
    for mode in ("cold", "first visit", "warm"):
        for key, label in (
            ("fcp_ms", "first contentful paint (ms)"),
            ("interactive_ms", "board interactive (ms)"),
            ("board_shown_ms", "the board's first frame (ms; the baseline's: its first paint)"),
            ("ready_ms", "rules ready (ms)"),
            ("longest_task_ms", "longest main-thread task before ready (ms)"),
            ("js_heap_bytes", "page JS heap (bytes)"),
            ("wasm_bytes", "Python wasm memory (bytes)"),
            ("bytes", "bytes transferred by the page (not its workers)"),
            ("requests", "requests"),
        ):
            ours = median(results["ours"][mode], key)
            base = median(results["baseline"][mode], key)
            ratio = f"{ours / base:.2f}" if base else "n/a"
            fmt = "{:,.0f}"
            rows.append(f"| {mode} | {label} | {fmt.format(ours)} | {fmt.format(base)} | {ratio} |")
    stages = STAGES
    rows += [
        "",
        "Our worker's stages (the rules-ready mark's detail; ms from navigation start): the "
        "worker starts, the snapshot has arrived, Python is restored from it, the wheels' "
        "files are written, PyScript has set up and runs static/main.py, the rules core is "
        "imported (from the snapshot: already).",
        "",
        "| load | " + " | ".join(stages) + " |",
        "|---|" + "---:|" * len(stages),
    ]
    for mode in ("cold", "warm"):
        cells = []
        for stage in stages:
            values = [r["stages"][stage] for r in results["ours"][mode] if stage in r["stages"]]
            cells.append(f"{statistics.median(values):,.0f}" if values else "n/a")
        rows.append(f"| {mode} | " + " | ".join(cells) + " |")
    cold_ratio = median(results["ours"]["cold"], "ready_ms") / median(
        results["baseline"]["cold"], "ready_ms"
    )
    warm_ready = median(results["ours"]["warm"], "ready_ms")
    checks = [
        (f"rules ready cold at most 0.5 x the baseline's: {cold_ratio:.2f}", cold_ratio <= 0.5),
        (f"rules ready warm at most 1,500 ms: {warm_ready:,.0f}", warm_ready <= 1500),
    ]
    for mode in ("cold", "warm"):
        interactive = median(results["ours"][mode], "interactive_ms")
        longest = max(r["longest_task_ms"] for r in results["ours"][mode])
        checks += [
            (f"board interactive within 300 ms, {mode}: {interactive:,.0f}", interactive <= 300),
            (f"no main-thread task over 200 ms, {mode} (longest of all runs): {longest:,.0f}",
             longest <= 200),
        ]  # fmt: skip
    visit = median(results["ours"]["first visit"], "interactive_ms")
    checks.append(
        (f"board interactive within 300 ms, first visit (cold, the browser already running): "
         f"{visit:,.0f}", visit <= 300)
    )  # fmt: skip
    paint = {
        mode: (median(results["ours"][mode], "fcp_ms"), median(results["baseline"][mode], "fcp_ms"))
        for mode in ("cold", "warm")
    }
    for mode, (ours, base) in paint.items():
        checks.append(
            (f"first contentful paint at most 1.5 x the baseline's, {mode}: {ours:,.0f} against "
             f"{base:,.0f} ({ours / base:.2f} x)", ours <= 1.5 * base)
        )  # fmt: skip
    for mode in ("cold", "warm"):
        ours, base = median(results["ours"][mode], "board_shown_ms"), paint[mode][1]
        checks.append(
            (f"the board's first frame at most 1.5 x the baseline's first paint, {mode}: "
             f"{ours:,.0f} against {base:,.0f} ({ours / base:.2f} x)", ours <= 1.5 * base)
        )  # fmt: skip
    checks.append(
        (f"first contentful paint warm no later than cold: {paint['warm'][0]:,.0f} against "
         f"{paint['cold'][0]:,.0f}", paint["warm"][0] <= paint["cold"][0])
    )  # fmt: skip
    rows += ["", "Targets:", ""]
    rows += [f"- {'met' if ok else 'NOT met'}: {text}" for text, ok in checks]
    rows += [
        "",
        "The widget (`widget.html#r=…`, a share link): from navigation start to the ruling "
        "on screen.",
        "",
        "| load | ruling shown (ms) | rules ready (ms) | bytes transferred |",
        "|---|---:|---:|---:|",
    ]
    for mode in ("cold", "warm"):
        runs_ = results["widget"][mode]
        rows.append(
            f"| {mode} | {median(runs_, 'shown_ms'):,.0f} | {median(runs_, 'ready_ms'):,.0f} "
            f"| {median(runs_, 'bytes'):,.0f} |"
        )
    return "\n".join(rows) + "\n" + question_table(results, runs)


def board_table(results: dict[str, dict[str, list[dict[str, Any]]]], runs: int,
                load: tuple[float, float]) -> str:
    """`--only board`: the first paint and the board's first frame, each against the baseline's
    first paint in the same run (medians)."""
    rows = [
        f"The board's first frame (`--only board`): median of {runs} loads of each page, "
        f"interleaved; ms from navigation start; load average {load[0]:.1f} before, "
        f"{load[1]:.1f} after.",
        "",
        "| load | first paint: ours / baseline's (ratio) | the board painted (ratio to the "
        "baseline's first paint) | the first frame begun after the board was drawn (ratio) |",
        "|---|---:|---:|---:|",
    ]  # fmt: skip
    for mode in ("cold", "first visit", "warm"):
        base = median(results["baseline"][mode], "fcp_ms")
        fcp = median(results["ours"][mode], "fcp_ms")
        shown = median(results["ours"][mode], "board_shown_ms")
        frame = median(results["ours"][mode], "board_frame_ms")
        rows.append(f"| {mode} | {fcp:,.0f} / {base:,.0f} ({fcp / base:.2f}x) | {shown:,.0f} "
                    f"({shown / base:.2f}x) | {frame:,.0f} ({frame / base:.2f}x) |")  # fmt: skip
    return "\n".join(rows) + "\n"


def question_table(results: dict[str, dict[str, list[dict[str, Any]]]], runs: int) -> str:
    """An embedded FAQ question: its answer on screen, its example ruled, medians."""
    rows = [
        "",
        f"An embedded FAQ question (`{QUESTION}`): from navigation start to its one-line "
        f"answer on screen, and to its example ruled and drawn (medians of {runs}).",
        "",
        "| load | answer on screen (ms) | example ruled (ms) | rules ready (ms) | bytes |",
        "|---|---:|---:|---:|---:|",
    ]  # fmt: skip
    for mode in ("cold", "warm"):
        runs_ = results["question"][mode]
        rows.append(
            f"| {mode} | {median(runs_, 'answer_ms'):,.0f} | {median(runs_, 'ruled_ms'):,.0f} "
            f"| {median(runs_, 'ready_ms'):,.0f} | {median(runs_, 'bytes'):,.0f} |"
        )
    return "\n".join(rows) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--engines", default=",".join(ENGINES),
                        help="comma-separated, of " + ", ".join(ENGINES) + "; or none")  # fmt: skip
    parser.add_argument("--engine-runs", type=int, default=3)
    parser.add_argument("--settle", type=float, default=0.0, metavar="SECONDS",
                        help="per engine: wait this long before each warm load")  # fmt: skip
    parser.add_argument("--no-fallbacks", dest="fallbacks", action="store_false",
                        help="per engine: no core-snapshot nor from-scratch loads")  # fmt: skip
    parser.add_argument("--skip-chromium-detail", action="store_true",
                        help="only the per-engine part")  # fmt: skip
    parser.add_argument("--only", choices=["question", "board"],
                        help="question: only the FAQ question, cold and warm, in Chromium; "
                        "board: only our page against the baseline, to the board on screen "
                        "(not waiting for the rules)")  # fmt: skip
    parser.add_argument("--no-languages", dest="languages", action="store_false",
                        help="no language costs")  # fmt: skip
    parser.add_argument("--only-languages", action="store_true",
                        help="only the language costs (Chromium, cold)")  # fmt: skip
    args = parser.parse_args(argv)
    if args.only_languages:
        args.skip_chromium_detail, args.engines, args.languages = True, "none", True
    kinds = [k for k in args.engines.split(",") if k and k != "none"]
    if unknown := set(kinds) - set(ENGINES) - {"webkit"}:
        parser.error(f"--engines: unknown {', '.join(sorted(unknown))}")
    if not (ROOT / "static/vendor/vendor.json").is_file():
        raise SystemExit("static/vendor/ is missing: run `make vendor`")
    OUT.mkdir(parents=True, exist_ok=True)
    server, base_url = start_server()
    pages = {**PAGES, "widget": "widget.html#r=" + widget_link(), "question": QUESTION}
    if args.only:
        pages = PAGES if args.only == "board" else {args.only: pages[args.only]}
        kinds = []
        args.languages = False
    started = time.time()
    results: dict[str, dict[str, list[dict[str, Any]]]] = {}
    engines: dict[str, Any] = {}
    costs: dict[str, Any] = {}
    core_server, core_url = start_server("--hide", "snapshot.bin")
    scratch_server, scratch_url = start_server(
        "--hide", "snapshot.bin", "--hide", "snapshot-core.bin"
    )
    try:
        if not args.skip_chromium_detail:
            with sync_playwright() as pw, tempfile.TemporaryDirectory() as work:
                urls_ = {name: base_url + path for name, path in pages.items()}
                for name, url in urls_.items():
                    print(f"{name}: {url}", flush=True)
                load_before = os.getloadavg()[0]
                results = measure(pw, urls_, args.runs, Path(work), args.only == "board")
                load_after = os.getloadavg()[0]
        if args.languages:
            with sync_playwright() as pw, tempfile.TemporaryDirectory() as work:
                costs = language_costs(pw, base_url, args.runs, Path(work))
            (OUT / "languages.json").write_text(json.dumps(costs, indent=1))
        urls = {
            "ours": base_url,
            "baseline": base_url + PAGES["baseline"],
            "core": core_url,
            "scratch": scratch_url,
        }
        for kind in kinds:
            print(f"{kind}:", flush=True)
            engines[kind] = measure_engine(
                kind, urls, args.engine_runs, args.fallbacks, args.settle
            )
    finally:
        for running in (server, core_server, scratch_server):
            running.terminate()
            running.wait(timeout=10)
    if args.only == "board":
        report = board_table(results, args.runs, (load_before, load_after))
    elif args.only:
        report = question_table(results, args.runs)
    else:
        report = table(results, args.runs) if results else ""
    if args.languages and costs:
        report += languages_table(costs, args.runs)
    if engines:
        report += "\n" + engines_table(engines, args.engine_runs, args.settle)
        (OUT / "engines.json").write_text(json.dumps(engines, indent=1))
    manifest = json.loads((ROOT / "static/vendor/vendor.json").read_text())
    meta = {
        "runs": args.runs,
        "seconds": round(time.time() - started, 1),
        "cpus": os.cpu_count(),
        "machine": platform.machine(),
        "versions": manifest["versions"],
        "app_wheel": manifest["app_wheel"],
    }
    (OUT / "load.json").write_text(json.dumps({"meta": meta, "results": results}, indent=1))
    (OUT / "load.md").write_text(report)
    print()
    print(report)
    print(f"({meta['seconds']} s; raw runs in bench/out/load.json)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
