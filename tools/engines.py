"""The three engines behind one small interface, for the cross-engine smoke suite
(tests/engines/) and the per-engine load benchmark (bench/load_bench.py): Firefox
(Debian's firefox-esr, over WebDriver BiDi, through puppeteer-core:
tools/firefox-driver.mjs), WebKit (Debian's WebKitGTK MiniBrowser, through WebKitWebDriver
and Selenium, on a virtual display) and Chromium (Debian's, through Playwright).

Each engine opens one window with a fresh profile and answers:
  open(url) / reload()    load, and wait for the load event
  run(body, *args)        the body of an async JavaScript function of `args`, run in the
                          page; returns its JSON value, raises EngineError on a throw
  wait(condition, ms)     until the JavaScript expression is true in the page
  click(selector)         a real click by the driver at the element's centre
  errors()                console errors and uncaught errors since the last call
"""

from __future__ import annotations

import glob
import json
import os
import select
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any, Protocol

ROOT = Path(__file__).resolve().parent.parent
FIREFOX = os.environ.get("FIREFOX", "/usr/bin/firefox-esr")
WEBKIT_DRIVER = os.environ.get("WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver")
# Debian puts it under the architecture's library directory (libwebkit2gtk-4.1-0).
MINIBROWSER = os.environ.get("MINIBROWSER") or next(
    iter(sorted(glob.glob("/usr/lib/*/webkit2gtk-4.1/MiniBrowser"))),
    "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser",
)
# Safari on an iPad (iPadOS 18): what Pyodide's own engine checks see on the real device.
IPAD_UA = (
    "Mozilla/5.0 (iPad; CPU OS 18_1 like Mac OS X) AppleWebKit/605.1.15 "
    "(KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1"
)
COMMAND_SECONDS = 240

# Wraps a body as an async function of `args`; the result travels as {ok, value | error}.
ASYNC_CALL = """
const done = arguments[arguments.length - 1];
const args = Array.prototype.slice.call(arguments, 0, -1);
(async (...args) => { %s })(...args).then(
  (value) => done({ ok: true, value: value === undefined ? null : value }),
  (error) => done({ ok: false,
    error: error instanceof Error ? `${error.message} (${error.stack})` : String(error) }),
);
"""
# WebKitWebDriver gives no console log: the page's errors are recorded by a hook put in
# after each load (what happened before it is seen through the checks themselves).
ERROR_HOOK = """
if (!window.__engineErrors) {
  const errors = (window.__engineErrors = []);
  const consoleError = console.error.bind(console);
  console.error = (...parts) => {
    errors.push("console: " + parts.join(" "));
    consoleError(...parts);
  };
  addEventListener("error", (e) => errors.push("pageerror: " + e.message));
  addEventListener("unhandledrejection", (e) => errors.push("unhandled: " + e.reason));
}
"""
# A wait is one call that polls in the page: the condition is written into the body (the
# CSP allows no eval), and each driver's call runs for as long as it takes.
WAIT = """
const until = Date.now() + args[0];
for (;;) {
  if (%s) return true;
  if (Date.now() > until) throw new Error("timed out waiting for: " + args[1]);
  await new Promise((resolve) => setTimeout(resolve, 50));
}
"""


class EngineError(RuntimeError):
    """The page threw, or the driver failed."""


class Engine(Protocol):
    name: str

    def open(self, url: str) -> None: ...
    def reload(self) -> None: ...
    def run(self, body: str, *args: Any) -> Any: ...
    def click(self, selector: str) -> None: ...
    def errors(self) -> list[str]: ...
    def close(self) -> None: ...


def wait(engine: Engine, condition: str, ms: int = 180_000) -> None:
    """Until `condition` (a JavaScript expression) is true in the page."""
    engine.run(WAIT % condition, ms, condition)


class Firefox:
    """firefox-esr through tools/firefox-driver.mjs (puppeteer-core, WebDriver BiDi)."""

    name = "firefox"

    def __init__(self, width: int, height: int, user_agent: str | None = None) -> None:
        self._profile = tempfile.mkdtemp(prefix="engines-firefox-")
        self._proc = subprocess.Popen(
            ["node", str(ROOT / "tools" / "firefox-driver.mjs")],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
            cwd=ROOT,
            env={**os.environ, "FIREFOX": FIREFOX},
        )
        self._send(
            "launch", profile=self._profile, width=width, height=height, userAgent=user_agent
        )

    def _send(self, op: str, **fields: Any) -> Any:
        assert self._proc.stdin is not None and self._proc.stdout is not None
        self._proc.stdin.write(json.dumps({"op": op, **fields}) + "\n")
        self._proc.stdin.flush()
        ready, _, _ = select.select([self._proc.stdout], [], [], COMMAND_SECONDS)
        line = self._proc.stdout.readline() if ready else ""
        if not line:
            raise EngineError(f"firefox: no answer to {op!r} (the driver stopped or hung)")
        answer = json.loads(line)
        if not answer["ok"]:
            raise EngineError(f"firefox: {answer['error']}")
        return answer["value"]

    def open(self, url: str) -> None:
        self._send("goto", url=url)

    def reload(self) -> None:
        self._send("reload")

    def run(self, body: str, *args: Any) -> Any:
        return self._send("run", body=body, args=list(args))

    def click(self, selector: str) -> None:
        self._send("click", selector=selector)

    def errors(self) -> list[str]:
        found: list[str] = self._send("errors")
        return found

    def close(self) -> None:
        try:
            self._send("close")
        except EngineError:
            pass
        finally:
            self._proc.kill()
            self._proc.wait(timeout=10)
            shutil.rmtree(self._profile, ignore_errors=True)


class VirtualDisplay:
    """Xvfb on a free display number (WebKitGTK's MiniBrowser needs a display)."""

    def __init__(self) -> None:
        read, write = os.pipe()
        self._proc = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", "1920x1400x24", "-nolisten", "tcp"],
            pass_fds=(write,),
            stderr=subprocess.DEVNULL,
        )
        os.close(write)
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()
        if not number:
            self._proc.kill()
            raise EngineError("Xvfb did not start")
        self.display = f":{number}"

    def close(self) -> None:
        self._proc.terminate()
        self._proc.wait(timeout=10)


class WebKit:
    """WebKitGTK's MiniBrowser through WebKitWebDriver (Selenium's WebKitGTK driver)."""

    name = "webkit"

    def __init__(self, width: int, height: int, user_agent: str | None = None) -> None:
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        self._display = None if os.environ.get("DISPLAY") else VirtualDisplay()
        env = {**os.environ}
        if self._display:
            env["DISPLAY"] = self._display.display
        options = Options()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")
        if user_agent:
            options.add_argument(f"--user-agent={user_agent}")
        try:
            self._driver = webdriver.WebKitGTK(
                options=options, service=Service(executable_path=WEBKIT_DRIVER, env=env)
            )
        except Exception:
            if self._display:
                self._display.close()
            raise
        self._driver.set_script_timeout(COMMAND_SECONDS)
        self._driver.set_window_size(width, height)

    def _hook(self) -> None:
        self._driver.execute_script(ERROR_HOOK)

    def open(self, url: str) -> None:
        self._driver.get(url)
        self._hook()

    def reload(self) -> None:
        self._driver.refresh()
        self._hook()

    def run(self, body: str, *args: Any) -> Any:
        answer = self._driver.execute_async_script(ASYNC_CALL % body, *args)
        if not answer["ok"]:
            raise EngineError(f"webkit: {answer['error']}")
        return answer["value"]

    def click(self, selector: str) -> None:
        from selenium.webdriver.common.by import By

        self._driver.find_element(By.CSS_SELECTOR, selector).click()

    def errors(self) -> list[str]:
        found: list[str] = self._driver.execute_script(
            "const e = window.__engineErrors || []; window.__engineErrors = []; return e;"
        )
        # Reassigning the array detaches the hook's closure: put a fresh hook in.
        self._driver.execute_script("delete window.__engineErrors;" + ERROR_HOOK)
        return found

    def close(self) -> None:
        try:
            self._driver.quit()
        finally:
            if self._display:
                self._display.close()


class Chromium:
    """Debian's Chromium through Playwright (a fresh profile per launch)."""

    name = "chromium"

    def __init__(self, width: int, height: int) -> None:
        from playwright.sync_api import sync_playwright

        from tools.local import CHROMIUM, CHROMIUM_ARGS

        self._pw = sync_playwright().start()
        self._browser = self._pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        self._page = self._browser.new_page(viewport={"width": width, "height": height})
        self._errors: list[str] = []
        self._page.on(
            "console",
            lambda m: self._errors.append(f"console: {m.text}") if m.type == "error" else None,
        )
        self._page.on("pageerror", lambda e: self._errors.append(f"pageerror: {e}"))

    def open(self, url: str) -> None:
        self._page.goto(url)

    def reload(self) -> None:
        self._page.reload()

    def run(self, body: str, *args: Any) -> Any:
        try:
            return self._page.evaluate(f"async (args) => {{ {body} }}", list(args))
        except Exception as error:
            raise EngineError(f"chromium: {error}") from error

    def click(self, selector: str) -> None:
        self._page.click(selector)

    def errors(self) -> list[str]:
        found, self._errors = self._errors, []
        return found

    def close(self) -> None:
        try:
            self._browser.close()
        finally:
            self._pw.stop()


def launch(kind: str, width: int = 1280, height: int = 800) -> Engine:
    """`chromium`, `firefox`, `webkit` (WebKitGTK's own user agent) or `webkit-ipad`."""
    if kind == "chromium":
        return Chromium(width, height)
    if kind == "firefox":
        return Firefox(width, height)
    if kind == "webkit":
        return WebKit(width, height)
    if kind == "webkit-ipad":
        return WebKit(width, height, user_agent=IPAD_UA)
    raise ValueError(f"unknown engine {kind!r}")
