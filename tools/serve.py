#!/usr/bin/env python3
"""Serve the site locally exactly as production does.

    python tools/serve.py [--port 8000] [--host 127.0.0.1] [--also bench/baseline]

* Only the published paths (tools/publish.py) are served; anything else is a 404,
  so .git, .venv, tests/ ... are never reachable.
* Every response carries the headers of netlify.toml's [[headers]] blocks, matched
  the way Netlify matches them (path segments, `*` = the rest, `:name` = one
  segment, case-insensitive, later blocks override earlier ones per header).
* Text, JavaScript, JSON, WebAssembly, the Pyodide snapshot and its tar are sent gzipped to
  clients that accept it (Content-Encoding negotiation, `Vary: Accept-Encoding`), as
  Netlify does on its own (Netlify also offers brotli; Python's standard library has no
  brotli, and gzip is within a few percent of it here). Each file is compressed once and
  kept in memory until it changes.
* `--also DIR` publishes one more directory (the load benchmark's baseline page).
* `--hide NAME` answers 404 for every path whose file name is NAME (the load benchmark
  hides `snapshot.bin` to time the start from scratch in each engine).
* `--stall NAME` never answers a request for a path whose file name is NAME: the connection
  is held open, silent, for up to ten minutes, then closed (the cross-engine tests stall
  `snapshot.bin` to see the page give that start up and take the next one). SIGUSR1 ends
  every stall: the requests held are answered, and later ones at once (a file that comes at
  last, for the tests of a stalled offline install).
* `--log FILE` writes one line per request when it is asked for and one when its answer is
  sent ("answered") or the client went away first ("dropped"), with seconds since the start:
  what a test that failed was waiting for, as the server saw it.
* `--root DIR` serves a published copy of the site (the layout of `dist/`, tools/publish.py)
  instead of the repository, with the repository's netlify.toml headers: the update tests
  deploy builds there, one after the other.
* Prints "serving http://HOST:PORT/" on stdout once listening (port 0 = any free).
"""

from __future__ import annotations

import argparse
import gzip
import http.server
import io
import os
import re
import signal
import sys
import threading
import time
import tomllib
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import ClassVar, TextIO
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import publish  # noqa: E402  (tools/publish.py)

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json; charset=utf-8",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".py": "text/x-python; charset=utf-8",
    ".toml": "application/toml; charset=utf-8",
    ".map": "application/json; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".bin": "application/octet-stream",
    ".ico": "image/x-icon",
    ".txt": "text/plain; charset=utf-8",
}


# Already-compressed formats (.zip, .whl, .png) gain nothing from gzip.
COMPRESSIBLE = frozenset(
    {".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".wasm", ".svg", ".map", ".py",
     ".txt", ".toml", ".bin", ".tar"}
)  # fmt: skip


class GzipCache:
    """gzip bodies by (path, mtime, size): each file is compressed once per version, by one
    thread (a request for a file being compressed waits for it)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._bodies: dict[str, tuple[tuple[int, int], bytes]] = {}
        self._compressing: dict[str, threading.Lock] = {}

    def get(self, path: str) -> bytes | None:
        try:
            st = os.stat(path)
        except OSError:
            return None
        key = (st.st_mtime_ns, st.st_size)
        with self._lock:
            cached = self._bodies.get(path)
            one = self._compressing.setdefault(path, threading.Lock())
        if cached and cached[0] == key:
            return cached[1]
        with one:
            with self._lock:
                cached = self._bodies.get(path)
            if cached and cached[0] == key:
                return cached[1]
            with open(path, "rb") as f:
                body = gzip.compress(f.read(), compresslevel=6, mtime=0)
            with self._lock:
                self._bodies[path] = (key, body)
        return body

    def warm(self, root: Path, wait: bool = False) -> None:
        """Compress the runtime's files ahead, largest first, in a thread of its own: the
        first page load then gets them at once, as from Netlify's edge, instead of waiting
        seconds for the snapshot and the WebAssembly to be compressed. With `wait`, before
        returning: a benchmark's first loads then do not share the machine's cores with
        seconds of compression (Netlify's files are compressed ahead)."""

        def run() -> None:
            files = [p for p in root.rglob("*") if p.suffix.lower() in COMPRESSIBLE]
            for path in sorted(files, key=lambda p: -p.stat().st_size):
                self.get(str(path))

        if wait:
            run()
        else:
            threading.Thread(target=run, name="gzip-warm", daemon=True).start()


def accepts_gzip(accept_encoding: str) -> bool:
    for item in accept_encoding.split(","):
        coding, _, params = item.strip().partition(";")
        if coding.strip().lower() in ("gzip", "*"):
            q = params.strip().removeprefix("q=")
            try:
                return float(q) > 0 if params.strip().startswith("q=") else True
            except ValueError:
                return False
    return False


def for_regexp(pattern: str) -> re.Pattern[str]:
    """Netlify's `for` path pattern as a regular expression."""
    parts = [p for p in pattern.split("/") if p]
    out = []
    for part in parts:
        if part == "*":
            out.append(".*")
        elif part.startswith(":"):
            out.append("[^/]+")
        else:
            out.append(re.escape(part))
    return re.compile("^/" + "/".join(out) + "/?$", re.IGNORECASE)


def load_header_rules(netlify_toml: Path) -> list[tuple[re.Pattern[str], dict[str, str]]]:
    config = tomllib.loads(netlify_toml.read_text())
    rules = []
    for block in config.get("headers", []):
        values = {str(k): " ".join(str(v).split()) for k, v in block.get("values", {}).items()}
        rules.append((for_regexp(block["for"]), values))
    return rules


def headers_for(path: str, rules: list[tuple[re.Pattern[str], dict[str, str]]]) -> dict[str, str]:
    merged: dict[str, tuple[str, str]] = {}  # lower-case name -> (name, value)
    for regexp, values in rules:
        if regexp.match(path):
            for name, value in values.items():
                merged[name.lower()] = (name, value)
    return dict(merged.values())


STALL_SECONDS = 600  # how long a stalled request is held (--stall)


class RequestLog:
    """`--log`: one line per request asked for and one per answer, for a failing test to quote."""

    def __init__(self, out: TextIO | None) -> None:
        self._out = out
        self._lock = threading.Lock()
        self._start = time.monotonic()

    def write(self, line: str) -> None:
        if self._out is None:
            return
        with self._lock:
            self._out.write(f"{time.monotonic() - self._start:9.3f} {line}\n")
            self._out.flush()


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        **MIME_TYPES,
    }
    rules: ClassVar[list[tuple[re.Pattern[str], dict[str, str]]]] = []
    also: ClassVar[tuple[str, ...]] = ()
    hidden: ClassVar[frozenset[str]] = frozenset()
    stalled: ClassVar[frozenset[str]] = frozenset()
    released: ClassVar[threading.Event]
    request_log: ClassVar[RequestLog]
    gzip_cache: ClassVar[GzipCache]
    protocol_version = "HTTP/1.1"
    # TCP_NODELAY: a response is written as its headers, then its body. With Nagle's algorithm
    # the body waits for the client to acknowledge the headers, which a client delays by up to
    # 40 ms (delayed ACK): every request on a kept-alive connection took 44 ms here, against
    # 0.7 ms without it. A production host sends no such pause.
    disable_nagle_algorithm = True
    _gzip_body: bytes | None = None
    _compressible = False

    def _published(self) -> bool:
        rel = unquote(urlsplit(self.path).path).lstrip("/")
        if ".." in rel.split("/") or rel.rsplit("/", 1)[-1] in self.hidden:
            return False
        if publish.is_published(rel):
            return True
        return any(rel == a or rel.startswith(a + "/") for a in self.also)

    def do_GET(self) -> None:
        self._logged(super().do_GET)

    def do_HEAD(self) -> None:
        self._logged(super().do_HEAD)

    def _logged(self, answer: Callable[[], None]) -> None:
        asked = f"{self.command} {self.path} [{self.client_address[1]}]"
        self.request_log.write(f"asked    {asked}")
        outcome = "dropped"
        try:
            answer()
            outcome = "answered"
        finally:
            self.request_log.write(f"{outcome} {asked}")

    def send_head(self):  # type: ignore[no-untyped-def]
        stalled = unquote(urlsplit(self.path).path).rsplit("/", 1)[-1] in self.stalled
        # A request that is never answered (until SIGUSR1, or for STALL_SECONDS).
        if stalled and not self.released.wait(STALL_SECONDS):
            self.close_connection = True
            return None
        if not self._published():
            self.send_error(404, "Not published")
            return None
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            path = os.path.join(path, "index.html")
        self._compressible = os.path.splitext(path)[1].lower() in COMPRESSIBLE
        self._gzip_body = None
        if self._compressible and accepts_gzip(self.headers.get("Accept-Encoding", "")):
            self._gzip_body = self.gzip_cache.get(path)
        f = super().send_head()
        if f is not None and self._gzip_body is not None:
            f.close()
            return io.BytesIO(self._gzip_body)
        return f

    def send_header(self, keyword: str, value: str) -> None:
        # The base class announces the file's own length; a gzipped body has another.
        if self._gzip_body is not None and keyword.lower() == "content-length":
            value = str(len(self._gzip_body))
            super().send_header("Content-Encoding", "gzip")
        super().send_header(keyword, value)

    def list_directory(self, path):  # type: ignore[no-untyped-def]
        self.send_error(404, "No directory listings")
        return None

    def do_POST(self) -> None:
        self.send_error(405)

    def _site_headers(self) -> dict[str, str]:
        """netlify.toml's headers for this request's path (worked out once per request)."""
        if getattr(self, "_for_path", None) != self.path:
            path = urlsplit(self.path).path
            if path.endswith("/"):
                path += "index.html"
            self._for_path, self._headers = self.path, headers_for(path, self.rules)
        headers: dict[str, str] = self._headers
        return headers

    def end_headers(self) -> None:
        for name, value in self._site_headers().items():
            if name.lower() == "content-type":
                continue  # sent by guess_type below, which applies the same override
            self.send_header(name, value)
        if self._compressible:
            self.send_header("Vary", "Accept-Encoding")
        super().end_headers()

    def guess_type(self, path):  # type: ignore[no-untyped-def]
        for name, value in self._site_headers().items():
            if name.lower() == "content-type":
                return value
        return super().guess_type(path)

    def log_message(self, format: str, *args: object) -> None:
        if self.server.quiet:  # type: ignore[attr-defined]
            return
        super().log_message(format, *args)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    quiet = False
    released: threading.Event  # set: stalled requests are answered (--stall, SIGUSR1)

    def handle_error(self, request, client_address):  # type: ignore[no-untyped-def]
        # A browser that goes away mid-download (a closed tab, a stopped benchmark) is
        # not a server error.
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


def make_server(
    host: str,
    port: int,
    also: tuple[str, ...] = (),
    quiet: bool = False,
    hidden: frozenset[str] = frozenset(),
    root: Path = ROOT,
    warm_first: bool = False,
    stalled: frozenset[str] = frozenset(),
    log: TextIO | None = None,
) -> Server:
    handler = type(
        "BoundSiteHandler",
        (SiteHandler,),
        {
            "rules": load_header_rules(ROOT / "netlify.toml"),
            "also": also,
            "hidden": hidden,
            "stalled": stalled,
            "released": threading.Event(),
            "request_log": RequestLog(log),
            "gzip_cache": GzipCache(),
        },
    )
    handler.gzip_cache.warm(root / "static" / "vendor", wait=warm_first)
    server = Server((host, port), partial(handler, directory=str(root)))
    server.quiet = quiet
    server.released = handler.released
    return server


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--also", action="append", default=[], help="publish one more directory")
    parser.add_argument("--quiet", action="store_true", help="no request log")
    parser.add_argument("--hide", action="append", default=[], help="404 for this file name")
    parser.add_argument("--stall", action="append", default=[], help="never answer this file name")
    parser.add_argument("--log", type=Path, help="write each request and its answer here")
    parser.add_argument("--root", type=Path, default=ROOT, help="serve this copy of the site")
    parser.add_argument(
        "--warm-first",
        action="store_true",
        help="compress the runtime before serving (for benchmarks)",
    )
    args = parser.parse_args(argv)
    root = args.root.resolve()
    also = tuple(a.strip("/") for a in args.also)
    for a in also:
        if not (root / a).is_dir():
            parser.error(f"--also {a}: not a directory")
    if not (root / "static" / "vendor").is_dir():
        print(f"warning: {root}/static/vendor/ is missing; run `make vendor`", file=sys.stderr)
    log = args.log.open("a", encoding="utf-8") if args.log else None
    server = make_server(
        args.host,
        args.port,
        also,
        args.quiet,
        frozenset(args.hide),
        root,
        args.warm_first,
        frozenset(args.stall),
        log,
    )
    signal.signal(signal.SIGUSR1, lambda _signum, _frame: server.released.set())
    host, port = server.server_address[:2]
    print(f"serving http://{host}:{port}/", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
