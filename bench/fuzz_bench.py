"""The long fuzz run: at least 10,000 cases per way in (requests, session commands, links).

`make fuzz` (also part of `make bench`). Prints the outcome counts; fails on any outcome other
than a ruling or a typed error, or on a refused command that changed the table."""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.fuzz import fuzz_links, fuzz_requests, fuzz_session  # noqa: E402

CASES = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000


def main() -> None:
    for name, run in (("requests", fuzz_requests), ("session commands", fuzz_session),
                      ("share links", fuzz_links)):
        start = time.perf_counter()
        outcomes = run(CASES, seed=2026)
        seconds = time.perf_counter() - start
        summary = ", ".join(f"{kind} {n}" for kind, n in outcomes.most_common())
        print(f"{name}: {CASES} cases in {seconds:.1f} s, no failures: {summary}")


if __name__ == "__main__":
    main()
