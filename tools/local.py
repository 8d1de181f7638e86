"""The site on this machine, for the end-to-end tests, the benchmarks and the screenshots:
tools/serve.py on a free port, and Debian's Chromium with the flags it needs here."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
# Root in a container, no display, and no network but the registries: without the
# background-networking flags Chromium keeps trying (and failing) to reach Google's hosts.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def start_server(*extra: str) -> tuple[subprocess.Popen[str], str]:
    """Start tools/serve.py on a free port; return the process and the site's URL."""
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "tools" / "serve.py"), "--port", "0", "--quiet", *extra],
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if not line.startswith("serving "):
        proc.kill()
        raise RuntimeError(f"tools/serve.py did not start: {line!r}")
    return proc, line.split()[1]


@contextmanager
def served(*extra: str) -> Iterator[tuple[subprocess.Popen[str], str]]:
    """The site served for the length of a `with` block."""
    proc, url = start_server(*extra)
    try:
        yield proc, url
    finally:
        proc.terminate()
        proc.wait(timeout=10)
