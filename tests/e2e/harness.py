"""Shared helpers for the end-to-end tests."""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, Response

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # pyapp and tests.core.scenarios, as in CPython


# window.referee.rule(request) in the page, as an envelope like pyapp.api.rule_json's.
RULE_ENVELOPE = """async (request) => {
  try { return { ok: true, ruling: await window.referee.rule(request) }; }
  catch (e) { return { ok: false, error: { type: e.type, message: e.message,
                                           details: e.details } }; }
}"""


def rule_envelope(page: Page, request: Any) -> dict[str, Any]:
    """Rule `request` in `page` (window.referee.rule) and give the answer as an envelope like
    pyapp.api.rule_json's, to compare with CPython's."""
    result: dict[str, Any] = page.evaluate(RULE_ENVELOPE, request)
    return result


@dataclass
class App:
    """The booted page and everything observed while it ran."""

    page: Page
    url: str
    document: Response
    off_origin: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    # Every URL requested by the page and its workers (resource timing sees the page's only).
    requested: list[str] = field(default_factory=list)

    def watched(self) -> dict[str, list[Any]]:
        result: dict[str, list[Any]] = self.page.evaluate("window.__e2e")
        return result

    def problems(self) -> list[str]:
        """What should not have happened, in every frame of the page (an embedded widget
        too): requests refused by the route guard, CSP violations, console errors and
        unhandled rejections."""
        found = [f"request left the allowed origins: {u}" for u in self.off_origin]
        found += [f"console: {e}" for e in self.console_errors]
        for frame in self.page.frames:
            watched = frame.evaluate("window.__e2e || {csp: [], rejections: []}")
            found += [f"CSP violation in {frame.url}: {v}" for v in watched["csp"]]
            found += [f"unhandled rejection in {frame.url}: {r}" for r in watched["rejections"]]
        return found

    def rule(self, request: Any) -> dict[str, Any]:
        """window.referee.rule(request) as an envelope like pyapp.api.rule_json's."""
        result: dict[str, Any] = self.page.evaluate(
            """async (request) => {
              try {
                return { ok: true, ruling: await window.referee.rule(request) };
              } catch (e) {
                return {
                  ok: false,
                  structured: e instanceof window.referee.RefereeError,
                  error: { type: e.type, message: e.message, details: e.details },
                };
              }
            }""",
            request,
        )
        return result
