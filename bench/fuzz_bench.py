"""The long fuzz run: at least 10,000 cases per way in (requests, session commands, links,
hostile texts through every method of the service: deep nesting, huge numbers and lists,
control characters, broken demand lists).

`make fuzz` (also part of `make bench`). Prints the outcome counts of each way in, then the
totals that matter: cases tried, crashes (internal_error, an exception, a refusal that
changed the table, an error of several lines) and freezes (a case over FREEZE_SECONDS).
Exits 1 if there is any crash or freeze."""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.fuzz import (  # noqa: E402
    CRASH,
    FREEZE,
    FREEZE_SECONDS,
    fuzz_hostile,
    fuzz_links,
    fuzz_requests,
    fuzz_session,
)

CASES = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000


def main() -> int:
    tried = crashes = freezes = 0
    for name, run in (("requests", fuzz_requests), ("session commands", fuzz_session),
                      ("share links", fuzz_links), ("hostile texts", fuzz_hostile)):
        start = time.perf_counter()
        outcomes = run(CASES, seed=2026)
        seconds = time.perf_counter() - start
        tried += sum(outcomes.values())
        crashes += outcomes[CRASH]
        freezes += outcomes[FREEZE]
        summary = ", ".join(f"{kind} {n}" for kind, n in outcomes.most_common())
        print(f"{name}: {CASES} cases in {seconds:.1f} s: {summary}")
    print(f"fuzz: {tried} cases tried, {crashes} crashes, {freezes} freezes "
          f"(a freeze: one case over {FREEZE_SECONDS:g} s)")
    return 1 if crashes or freezes else 0


if __name__ == "__main__":
    sys.exit(main())
