#!/usr/bin/env python3
"""Assemble static/vendor/: everything the page needs, served by the site itself.

    python tools/vendor.py              # build or refresh static/vendor/
    python tools/vendor.py --dist dist  # ... then copy the published site into dist/

Inputs, all pinned:
  * node_modules/ (from `npm ci` on package-lock.json): @pyscript/core, pyodide, axe-core;
  * tools/wheels.lock.json: the Python wheels for Pyodide, by version and sha256,
    fetched with `pip download --require-hashes` and checked again here;
  * pyapp/: packed into a pure-Python wheel whose local version is a hash of its
    sources, so its URL changes whenever its content does.
  * node, running Pyodide itself: tools/pycompile.mjs turns each wheel's .py sources into
    the .pyc files of Pyodide's CPython (PyPI wheels hold only sources, which Pyodide would
    compile at every page load), and tools/snapshot.mjs makes the memory snapshot. Both
    are cached in .cache/ under a hash of their inputs, so they run only when those change.

Output layout (directory names carry versions, so the files can be cached forever):
  static/vendor/pyscript-<v>/       PyScript dist
  static/vendor/pyodide-<v>/        Pyodide core + a generated pyodide-lock.json that
                                    lists only the wheels we ship (upstream `info` kept)
                                    + snapshot.bin, a memory snapshot of the started
                                    interpreter (tools/snapshot.mjs, run by Node)
                                    + pyodide-snapshot.mjs (tools/pyodide-snapshot.mjs with
                                    Pyodide's version written in),
                                    the `interpreter` PyScript loads (static/app.js):
                                    Pyodide's loadPyodide with the snapshot added; and
                                    pyodide-snapshot-core.mjs, pyodide-scratch.mjs, the
                                    same for the start's slower ways (static/referee/start.js)
  static/vendor/axe-core-<v>/       axe.min.js (accessibility tests)
  static/vendor/wheels/             the wheels listed in the lock, bytecode-only
                                    (pure ones retagged cp3XX-none-any)
  static/vendor/vendor.json         every vendored file with size and sha256
  static/vendor/build.js            this build's id and the files the service worker
                                    (static/sw.js) precaches, with their SHA-256

Re-running with nothing changed only hashes files and rewrites nothing.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import io
import json
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import tomllib
import zipfile
from collections.abc import Sequence
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import publish  # noqa: E402  (tools/publish.py)
import pycompile  # noqa: E402  (tools/pycompile.py: also run inside Pyodide)
import serve  # noqa: E402  (tools/serve.py: netlify.toml's headers, matched as Netlify does)

NODE = ROOT / "node_modules"
VENDOR = ROOT / "static" / "vendor"
WHEELS_LOCK = ROOT / "tools" / "wheels.lock.json"
# Build inputs and intermediate products, never published: the wheels as pinned (PyPI's and
# our source wheel), the compiled wheels and snapshots, each under a hash of its inputs.
CACHE = ROOT / ".cache"
SOURCE_WHEELS = CACHE / "wheels"
PYAPP = ROOT / "pyapp"

PYODIDE_CORE_FILES = (
    "pyodide.mjs",
    "pyodide.mjs.map",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
)
SNAPSHOT = "snapshot.bin"
# Pyodide just started (no wheels, nothing of ours): the loader's second chance, restored
# when snapshot.bin cannot be (see tools/pyodide-snapshot.mjs).
CORE_SNAPSHOT = "snapshot-core.bin"
# The wheels' files, installed (minus the compiled libraries), for a restored snapshot.
SITE_FILES = "site-packages.tar"
# PyScript writes its own Python package (`pyscript`, from this build artifact of its npm
# package) into its worker's working directory, Pyodide's home, and imports it before
# static/main.py: site-packages.tar also holds that package's bytecode, where CPython looks
# for it (pyscript_bytecode).
PYSCRIPT_PACKAGE = "@pyscript/core/src/stdlib/pyscript.js"
PYSCRIPT_HOME = "/home/pyodide"
# Next to pyodide.mjs, so that PyScript takes this directory as Pyodide's indexURL.
SNAPSHOT_LOADER = "pyodide-snapshot.mjs"
# The loader is written once per way Python may start (tools/pyodide-snapshot.mjs, START),
# each under its own name: static/app.js names them to static/referee/start.js.
LOADERS = {
    "snapshot": SNAPSHOT_LOADER,
    "core": "pyodide-snapshot-core.mjs",
    "scratch": "pyodide-scratch.mjs",
}
LOADER_START = "__START__"  # likewise: which way this copy starts Python
LOADER_VERSION = "__PYODIDE_VERSION__"  # in tools/pyodide-snapshot.mjs, replaced when copied
LOADER_SNAPSHOT = "__SNAPSHOT__"  # likewise: what tools/snapshot.mjs recorded (JSON)
# Shared by tools/snapshot.mjs and the loader: where compiled extensions are loaded.
RESTORE_MODULE = "pyodide-restore.mjs"
APP_DIST_NAME = "castaway_referee"
APP_NAME = "castaway-referee"
# What the snapshot imports (`module`) and calls (`module:function`) before it is saved:
# what the page's worker imports (static/main.py), and the service's warm-up, which
# answers one call of each kind so that what those load lazily is in the snapshot too.
# `html` is for PyScript's own `pyscript` package (its display module), which PyScript
# writes and imports in the worker before static/main.py.
SNAPSHOT_IMPORTS = ("pyapp.bridge", "pyapp.service:warm_up", "html")
# What the core snapshot imports: the standard library that pydantic and the rules core
# import (python -X importtime), so that a start from it imports only the wheels' own
# modules. Standard library only: the core snapshot must not change with our code.
CORE_SNAPSHOT_IMPORTS = (
    "typing", "re", "json", "dataclasses", "inspect", "enum", "datetime", "decimal", "uuid",
    "ipaddress", "pathlib", "fractions", "functools", "collections.abc", "email.message",
    "importlib.metadata", "zoneinfo", "base64", "hashlib", "random", "copy", "warnings",
    "contextlib", "textwrap", "zipfile", "struct", "numbers", "operator", "weakref", "string",
    "urllib.parse", "html", "gettext",
)  # fmt: skip


class VendorError(SystemExit):
    def __init__(self, message: str) -> None:
        super().__init__(f"vendor: {message}")


def log(message: str) -> None:
    print(f"vendor: {message}", flush=True)


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


# --------------------------------------------------------------------------- npm


def npm_version(package: str) -> str:
    """Version installed in node_modules, checked against the exact pin in package.json."""
    pins = json.loads((ROOT / "package.json").read_text())["dependencies"]
    pin = pins.get(package)
    if pin is None or not re.fullmatch(r"\d+(\.\d+)*", pin):
        raise VendorError(f"package.json must pin {package} to an exact version, got {pin!r}")
    meta = NODE / package / "package.json"
    if not meta.is_file():
        raise VendorError(f"{meta.relative_to(ROOT)} missing: run `npm ci` first")
    installed = json.loads(meta.read_text())["version"]
    if installed != pin:
        raise VendorError(
            f"node_modules has {package} {installed}, package.json pins {pin}: run `npm ci`"
        )
    return str(installed)


def sync_file(src: Path, dest: Path, produced: set[Path]) -> bool:
    """Copy src to dest unless dest already holds the same bytes. Returns True if copied."""
    produced.add(dest)
    if (
        dest.is_file()
        and dest.stat().st_size == src.stat().st_size
        and sha256_file(dest) == sha256_file(src)
    ):
        return False
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = dest.with_name(dest.name + ".tmp")
    shutil.copyfile(src, tmp)
    tmp.replace(dest)
    return True


def write_if_changed(dest: Path, data: bytes, produced: set[Path]) -> bool:
    produced.add(dest)
    if dest.is_file() and dest.read_bytes() == data:
        return False
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = dest.with_name(dest.name + ".tmp")
    tmp.write_bytes(data)
    tmp.replace(dest)
    return True


# ------------------------------------------------------------------------ wheels


def wheel_metadata(path: Path) -> tuple[list[str], list[str]]:
    """(imports, requirement names without extras markers) read from a wheel."""
    with zipfile.ZipFile(path) as zf:
        names = zf.namelist()
        meta_name = next(
            n for n in names if n.count("/") == 1 and n.endswith(".dist-info/METADATA")
        )
        metadata = zf.read(meta_name).decode()
        top_level = sorted(
            {
                n.split("/", 1)[0].removesuffix(".py")
                for n in names
                if not n.split("/", 1)[0].endswith((".dist-info", ".data"))
                and (("/" in n) or n.endswith(".py"))
            }
        )
    requires = []
    for line in metadata.splitlines():
        if not line.startswith("Requires-Dist:"):
            continue
        spec, _, marker = line.removeprefix("Requires-Dist:").strip().partition(";")
        if "extra" in marker:
            continue
        if marker.strip():
            raise VendorError(f"{path.name}: unhandled environment marker {marker.strip()!r}")
        requires.append(canonical(re.split(r"[ <>=!~\[(]", spec.strip(), maxsplit=1)[0]))
    return top_level, requires


def fetch_wheels(lock: dict, wheels_dir: Path) -> list[dict]:
    """The pinned wheels, downloaded into wheels_dir (a cache) unless already there."""
    target = lock["target"]
    entries = lock["wheels"]
    missing = []
    for w in entries:
        dest = wheels_dir / w["file"]
        if not (dest.is_file() and sha256_file(dest) == w["sha256"]):
            missing.append(w)
    if missing:
        log(f"downloading {len(missing)} wheel(s) with pip --require-hashes")
        with tempfile.TemporaryDirectory() as tmp:
            req = Path(tmp) / "requirements.txt"
            req.write_text(
                "".join(
                    f"{w['name']}=={w['version']} --hash=sha256:{w['sha256']}\n" for w in missing
                )
            )
            cmd = [
                sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check",
                "--no-deps", "--only-binary=:all:", "--require-hashes",
                "--platform", target["platform"],
                "--python-version", target["python_version"],
                "--implementation", target["implementation"],
                "-r", str(req), "-d", str(Path(tmp) / "out"),
            ]  # fmt: skip
            subprocess.run(cmd, check=True)
            wheels_dir.mkdir(parents=True, exist_ok=True)
            for w in missing:
                got = Path(tmp) / "out" / w["file"]
                if not got.is_file():
                    raise VendorError(f"pip did not produce {w['file']}")
                digest = sha256_file(got)
                if digest != w["sha256"]:
                    raise VendorError(f"{w['file']}: sha256 {digest} != pinned {w['sha256']}")
                shutil.move(str(got), wheels_dir / w["file"])
    return entries


def app_sources() -> list[Path]:
    files = [
        p
        for p in sorted(PYAPP.rglob("*"))
        if p.is_file()
        and "__pycache__" not in p.parts
        and (
            p.suffix == ".py"
            or (p.suffix == ".json" and p.parent.name == "data")
            or p.name == "py.typed"
        )
    ]
    if not files:
        raise VendorError("pyapp/ has no sources")
    return files


def build_app_wheel(wheels_dir: Path) -> tuple[str, str, Path]:
    """Pack pyapp/ into a reproducible pure wheel in wheels_dir (a cache; earlier builds of
    it are removed). Returns (name, version, path)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    sources = app_sources()
    h = hashlib.sha256()
    for p in sources:
        rel = p.relative_to(ROOT).as_posix()
        h.update(rel.encode() + b"\0" + p.read_bytes() + b"\0")
    version = f"{project['version']}+src.{h.hexdigest()[:12]}"
    dist_info = f"{APP_DIST_NAME}-{version}.dist-info"
    path = wheels_dir / f"{APP_DIST_NAME}-{version}-py3-none-any.whl"
    for old in wheels_dir.glob(f"{APP_DIST_NAME}-*.whl"):
        if old != path:
            old.unlink()
    if path.is_file():
        return APP_NAME, version, path

    requires = "".join(f"Requires-Dist: {d}\n" for d in project.get("dependencies", []))
    files: list[tuple[str, bytes]] = [
        (p.relative_to(ROOT).as_posix(), p.read_bytes()) for p in sources
    ]
    files += [
        (
            f"{dist_info}/METADATA",
            (
                "Metadata-Version: 2.1\n"
                f"Name: {APP_NAME}\nVersion: {version}\n"
                f"Summary: {project.get('description', '')}\n"
                f"Requires-Python: {project.get('requires-python', '>=3.11')}\n{requires}"
            ).encode(),
        ),
        (
            f"{dist_info}/WHEEL",
            b"Wheel-Version: 1.0\nGenerator: castaway tools/vendor.py\nRoot-Is-Purelib: true\n"
            b"Tag: py3-none-any\n",
        ),
        (f"{dist_info}/top_level.txt", b"pyapp\n"),
    ]
    wheels_dir.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(pycompile.pack_wheel(files, dist_info))
    tmp.replace(path)
    log(f"built {path.name} ({len(sources)} source files)")
    return APP_NAME, version, path


def run_node(script: str, *args: str) -> str:
    """Run tools/<script> with Node; its stdout, or a VendorError with the end of stderr."""
    run = subprocess.run(
        ["node", str(ROOT / "tools" / script), *args], check=False, capture_output=True, text=True
    )
    if run.returncode != 0:
        raise VendorError(f"tools/{script} failed: {run.stderr.strip()[-2000:]}")
    return run.stdout.strip()


def node_version() -> str:
    run = subprocess.run(["node", "--version"], check=False, capture_output=True, text=True)
    if run.returncode != 0:
        raise VendorError(f"node --version failed: {run.stderr.strip()}")
    return run.stdout.strip()


def _inputs_key(*parts: bytes) -> str:
    h = hashlib.sha256()
    for part in parts:
        h.update(hashlib.sha256(part).digest())
    return h.hexdigest()[:16]


def compile_wheels(sources: list[Path], wheels_dir: Path, produced: set[Path]) -> list[Path]:
    """The bytecode-only form of each source wheel (tools/pycompile.py, run in Pyodide by
    tools/pycompile.mjs), copied into wheels_dir. Each is cached in .cache/pyc/<key>/, the
    key hashing the source wheel, the two tools and the Pyodide version."""
    pyodide = NODE / "pyodide"  # the npm package: Pyodide with its upstream lock
    tools = [(ROOT / "tools" / n).read_bytes() for n in ("pycompile.py", "pycompile.mjs")]
    version = npm_version("pyodide").encode()
    keyed = {src: CACHE / "pyc" / _inputs_key(*tools, version, src.read_bytes()) for src in sources}
    pending = [src for src, d in keyed.items() if not (d.is_dir() and any(d.glob("*.whl")))]
    if pending:
        log(f"compiling {len(pending)} wheel(s) to bytecode (node tools/pycompile.mjs)")
        with tempfile.TemporaryDirectory() as tmp:
            out = run_node("pycompile.mjs", str(pyodide), tmp, *map(str, pending))
            names = json.loads(out.splitlines()[-1])
            for src in pending:
                dest = keyed[src]
                shutil.rmtree(dest, ignore_errors=True)
                dest.mkdir(parents=True)
                shutil.move(str(Path(tmp) / names[src.name]), dest / names[src.name])
    for stale in (CACHE / "pyc").iterdir():
        if stale not in keyed.values():
            shutil.rmtree(stale)
    out = []
    for src in sources:
        (compiled,) = keyed[src].glob("*.whl")
        sync_file(compiled, wheels_dir / compiled.name, produced)
        out.append(wheels_dir / compiled.name)
    return out


def extract_dynlibs(wheels: list[Path], pyodide_dir: Path, python: str, produced: set[Path]
                    ) -> tuple[int, list[tuple[str, Path]]]:
    """The compiled extensions (.so, WebAssembly libraries) inside the shipped wheels, each
    also as a file of its own beside Pyodide, named `<dotted module>.wasm` so that it is
    served as WebAssembly and compiled while it downloads. Returns how many files were
    written, and for each library (the path Python will find it at once its wheel is
    installed, the file)."""
    site = f"/lib/python{'.'.join(python.split('.')[:2])}/site-packages/"
    out, written = [], 0
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as zf:
            for name in sorted(n for n in zf.namelist() if n.endswith(".so")):
                dest = pyodide_dir / (name.removesuffix(".so").replace("/", ".") + ".wasm")
                written += write_if_changed(dest, zf.read(name), produced)
                out.append((site + name, dest))
    return written, out


def pyscript_bytecode() -> list[tuple[str, bytes]]:
    """PyScript's own package compiled by the page's CPython (tools/pycompile.mjs): for each
    module, the path of its .pyc in __pycache__ beside where PyScript writes its source, and
    an unchecked-hash .pyc, which CPython runs without compiling the source (~0.1 s of a
    warm start in Chromium and WebKit, where that compile runs on the engine's first,
    slower code). Each source is checked to be, word for word, one that the PyScript we
    ship writes. Cached in .cache/pyscript-pyc/ under a hash of its inputs."""
    artifact = NODE / PYSCRIPT_PACKAGE
    tools = [(ROOT / "tools" / n).read_bytes() for n in ("pycompile.py", "pycompile.mjs")]
    key = _inputs_key(*tools, npm_version("pyodide").encode(), artifact.read_bytes(),
                      PYSCRIPT_HOME.encode())  # fmt: skip
    cached = CACHE / "pyscript-pyc" / f"{key}.json"
    if not cached.is_file():
        log("compiling PyScript's package to bytecode (node tools/pycompile.mjs)")
        cached.parent.mkdir(parents=True, exist_ok=True)
        run_node("pycompile.mjs", str(NODE / "pyodide"), "--pyscript", str(artifact),
                 PYSCRIPT_HOME, str(cached))  # fmt: skip
    for stale in cached.parent.iterdir():
        if stale != cached:
            stale.unlink()
    made = json.loads(cached.read_text())
    shipped = "\n".join(p.read_text() for p in sorted((NODE / "@pyscript/core/dist").glob("*.js")))
    for path, source in made["sources"].items():
        if json.dumps(source, ensure_ascii=False) not in shipped:
            raise VendorError(f"{PYSCRIPT_PACKAGE}: {path} is not in the PyScript we ship")
    if not made["pycs"]:
        raise VendorError(f"{PYSCRIPT_PACKAGE}: no Python module found")
    return [(path, base64.b64decode(data)) for path, data in sorted(made["pycs"].items())]


def site_files(wheels: list[Path], python: str, more: Sequence[tuple[str, bytes]] = ()) -> bytes:
    """Every file of the shipped wheels but their compiled libraries, as installed (under
    lib/python3.XX/site-packages/), and `more` files (absolute paths), in one plain tar: a
    page restored from the snapshot has every module imported already and writes these
    into Python's file system itself, for whatever is read or imported later
    (tools/pyodide-snapshot.mjs), instead of having Pyodide unpack the wheels.
    Reproducible: sorted, fixed times and owners."""
    site = f"lib/python{'.'.join(python.split('.')[:2])}/site-packages/"
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode="w", format=tarfile.USTAR_FORMAT) as tar:
        for path, data in more:
            info = tarfile.TarInfo(path.lstrip("/"))
            info.size, info.mode, info.mtime = len(data), 0o644, 315532800
            tar.addfile(info, io.BytesIO(data))
        for wheel in wheels:
            with zipfile.ZipFile(wheel) as zf:
                for name in sorted(zf.namelist()):
                    if name.endswith("/") or name.endswith(".so"):
                        continue
                    if name.split("/")[0].endswith(".data"):  # would go elsewhere than site
                        raise VendorError(f"{wheel.name}: {name} is not for site-packages")
                    data = zf.read(name)
                    info = tarfile.TarInfo(site + name)
                    info.size, info.mode, info.mtime = len(data), 0o644, 315532800
                    tar.addfile(info, io.BytesIO(data))
    return out.getvalue()


def make_snapshot(pyodide_dir: Path, dynlibs: list[tuple[str, Path]], produced: set[Path]
                  ) -> tuple[bool, dict]:
    """snapshot.bin beside Pyodide (tools/snapshot.mjs), after the lock and the wheels: the
    interpreter with every wheel installed, the app imported and warmed up, and the
    compiled extensions placed by tools/pyodide-restore.mjs. Returns (whether the file
    changed, what snapshot.mjs recorded for the loader). Cached in .cache/snapshot/ under
    a hash of its inputs (the lock names every wheel by its SHA-256)."""
    key = _inputs_key(
        (ROOT / "tools" / "snapshot.mjs").read_bytes(),
        (ROOT / "tools" / RESTORE_MODULE).read_bytes(),
        (pyodide_dir / "pyodide-lock.json").read_bytes(),
        npm_version("pyodide").encode(),
        " ".join(SNAPSHOT_IMPORTS).encode(),
        " ".join(path for path, _ in dynlibs).encode(),
        (pyodide_dir / SITE_FILES).read_bytes(),
        # Node runs the build's interpreter: what its engine supports shows in the memory
        # (the page rewrites the one known case, CPython's call trampoline; see
        # tools/pyodide-restore.mjs), so another Node makes another snapshot.
        node_version().encode(),
    )
    dynlib_args = [a for path, file in dynlibs for a in ("--dynlib", f"{path}={file}")]
    changed, recorded = _snapshot(pyodide_dir / SNAPSHOT, key, produced, "--site",
                                  str(pyodide_dir / SITE_FILES), *dynlib_args, *SNAPSHOT_IMPORTS)
    recorded["libraries"] = [{"path": path, "file": file.name} for path, file in dynlibs]
    # The second chance: Pyodide just started, none of our files in it, so it only changes
    # with Pyodide and the tools (and Node, as above).
    core_key = _inputs_key(
        (ROOT / "tools" / "snapshot.mjs").read_bytes(),
        (ROOT / "tools" / RESTORE_MODULE).read_bytes(),
        npm_version("pyodide").encode(),
        node_version().encode(),
        " ".join(CORE_SNAPSHOT_IMPORTS).encode(),
    )
    core_changed, core = _snapshot(pyodide_dir / CORE_SNAPSHOT, core_key, produced,
                                   *CORE_SNAPSHOT_IMPORTS)
    recorded["core"] = {"file": CORE_SNAPSHOT, "id": core["id"], "memoryLength": core["memoryLength"]}
    return changed or core_changed, recorded


def _snapshot(target: Path, key: str, produced: set[Path], *args: str) -> tuple[bool, dict]:
    """node tools/snapshot.mjs into target, cached in .cache/<its stem>/ under `key`."""
    cache_dir = CACHE / target.stem
    cached, meta = cache_dir / f"{key}.bin", cache_dir / f"{key}.json"
    if not (cached.is_file() and meta.is_file()):
        log(f"making {target.name} (node tools/snapshot.mjs)")
        cache_dir.mkdir(parents=True, exist_ok=True)
        log(run_node("snapshot.mjs", str(target.parent), str(cached), str(meta), "--id", key,
                     *args))
    for stale in cache_dir.iterdir():
        if stale not in (cached, meta):
            stale.unlink()
    return sync_file(cached, target, produced), json.loads(meta.read_text())


# ------------------------------------------------------------------ pyodide lock


def pyodide_lock(upstream: dict, shipped: list[dict], target: dict) -> bytes:
    info = upstream["info"]
    if info.get("abi_version") != target["abi_version"]:
        abi = info.get("abi_version")
        raise VendorError(f"pyodide ABI {abi} != wheels.lock.json target {target['abi_version']}")
    names = {w["key"] for w in shipped}
    packages = {}
    for w in sorted(shipped, key=lambda w: w["key"]):
        missing = [d for d in w["depends"] if d not in names]
        if missing:
            raise VendorError(f"{w['key']} needs {missing}, which we do not ship")
        packages[w["key"]] = {
            "name": w["key"],
            "version": w["version"],
            "file_name": f"../wheels/{w['file']}",
            "install_dir": "site",
            "sha256": w["sha256"],
            "package_type": "package",
            "imports": w["imports"],
            "depends": w["depends"],
            "unvendored_tests": False,
        }
    return (
        json.dumps({"info": info, "packages": packages}, indent=1, sort_keys=True) + "\n"
    ).encode()


# ------------------------------------------------------------------- the board's bundle

# The board's own modules (static/board/), bundled into one file by esbuild: one request and
# one script to compile instead of sixteen, so that the first paint does not wait behind them
# (as separate modules, their fetch and parse competed with the page's first frame). The
# sources stay the modules that the tests and the node tests import one by one. Not content-
# hashed: netlify.toml has it revalidated (no-cache), like the page's other own files.
#
# The bundle is a classic script (index.html runs it with `defer`, in order before app.js), not
# a module: Chromium compiles the classic scripts a service worker stores when it installs
# and keeps their code beside them, and a later load takes that code instead of compiling the
# file again. It does not for module scripts: as a module, board.js was compiled afresh on
# every load from the service worker (a trace of a warm load: 122 ms of parsing on a loaded
# machine, against 7 ms to read the kept code as a classic script). The board has no exports:
# its test door is `window.castawayBoard` (static/board/main.js).
BOARD_ENTRY = ROOT / "static" / "board" / "main.js"
BOARD_BUNDLE = VENDOR / "board.js"
COMPILE_HINT = "//# allFunctionsCalledOnLoad"
STRICT = '"use strict";'  # the sources are modules, always strict: so is their bundle


def bundle_board(produced: set[Path]) -> int:
    """Write static/vendor/board.js (and its source map) from static/board/main.js."""
    netlify = (ROOT / "netlify.toml").read_text()
    for name in (BOARD_BUNDLE.name, BOARD_BUNDLE.name + ".map"):
        if f'for = "/static/vendor/{name}"' not in netlify:
            raise VendorError(f"netlify.toml must have /static/vendor/{name} revalidated")
    esbuild = NODE / ".bin" / "esbuild"
    if not esbuild.is_file():
        raise VendorError("esbuild is missing from node_modules: run npm ci")
    outputs = (BOARD_BUNDLE, BOARD_BUNDLE.with_name(BOARD_BUNDLE.name + ".map"))
    before = [path.read_bytes() if path.is_file() else b"" for path in outputs]
    meta = CACHE / "board-bundle.meta.json"
    meta.parent.mkdir(parents=True, exist_ok=True)
    run = subprocess.run(
        [str(esbuild), str(BOARD_ENTRY.relative_to(ROOT)), "--bundle", "--format=iife", "--minify",
         "--sourcemap=linked", "--legal-comments=none", "--log-level=warning",
         # V8's explicit compile hint (Chromium 136+): the whole file is compiled eagerly on
         # the background thread that streams it, so drawing the board (which calls most of
         # it) does not compile function after function on the main thread. Other engines
         # read it as a comment.
         f"--banner:js={COMPILE_HINT}\n{STRICT}",
         # A module-only feature in the sources fails the build rather than a classic script.
         "--log-override:empty-import-meta=error",
         f"--metafile={meta}", f"--outfile={BOARD_BUNDLE.relative_to(ROOT)}"],
        check=False, capture_output=True, text=True, cwd=ROOT,
    )  # fmt: skip
    if run.returncode != 0:
        raise VendorError(f"esbuild failed on the board: {run.stderr.strip()[-2000:]}")
    # app.js is its own module on every page (window.referee, the one Python worker): a copy
    # inside the bundle, imported statically or not, would start a second one.
    if "static/app.js" in json.loads(meta.read_text())["inputs"]:
        raise VendorError("static/board/ must not import static/app.js (it uses window.referee)")
    produced.update(outputs)
    written = sum(path.read_bytes() != old for path, old in zip(outputs, before, strict=True))
    return written


# ------------------------------------------------------------------ consistency


def check_references(versions: dict[str, str]) -> None:
    """The page, its PyScript config, the baseline page and netlify.toml name the versioned
    vendor paths."""
    expect = {
        "static/app.js": [
            f"./vendor/pyscript-{versions['@pyscript/core']}/core.js",
            *(f"./vendor/pyodide-{versions['pyodide']}/{name}" for name in LOADERS.values()),
        ],
        "bench/baseline/baseline.js": [f"static/vendor/pyscript-{versions['@pyscript/core']}/"],
        "netlify.toml": [f"/static/vendor/pyodide-{versions['pyodide']}/"],
    }
    problems = []
    for rel, needles in expect.items():
        path = ROOT / rel
        text = path.read_text() if path.is_file() else ""
        problems += [f"{rel} does not mention {n!r}" for n in needles if n not in text]
    problems += check_preloads()
    problems += check_inline_code()
    if problems:
        raise VendorError(
            "the pages are out of step with the build or netlify.toml:\n  " + "\n  ".join(problems)
        )


class InlineCode(HTMLParser):
    """A page's inline <style> texts and its <script> tags without a src (HTML comments and
    text that only mentions a tag are not elements)."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=False)
        self.styles: list[str] = []
        self.scripts: list[str] = []
        self._style: list[str] | None = None
        self.feed(html)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "style":
            self._style = []
        elif tag == "script" and not any(name == "src" for name, _ in attrs):
            self.scripts.append(self.get_starttag_text() or "<script>")

    def handle_data(self, data: str) -> None:
        if self._style is not None:
            self._style.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "style" and self._style is not None:
            self.styles.append("".join(self._style))
            self._style = None


def csp_hash(text: str) -> str:
    """A CSP source expression allowing the inline element whose content is `text`."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def check_inline_code(root: Path = ROOT) -> list[str]:
    """Inline <style> is allowed only by its hash in the page's Content-Security-Policy
    (netlify.toml; index.html's first-paint styles), and inline script not at all: a style
    edited without its hash would be dropped by the browser, and the page painted bare."""
    rules = serve.load_header_rules(root / "netlify.toml")
    problems = []
    for page in publish.PUBLISH:
        if not page.endswith(".html"):
            continue
        found = InlineCode((root / page).read_text())
        problems += [f"{page} has an inline script ({tag}): scripts come from files"
                     for tag in found.scripts]  # fmt: skip
        styles = found.styles
        if not styles:
            continue
        csp = serve.headers_for("/" + page, rules).get("Content-Security-Policy", "")
        directives = [d.split() for d in csp.split(";")]
        allowed = next((d[1:] for d in directives if d[:1] == ["style-src"]), [])
        stale = [s for s in allowed if s.startswith("'sha256-")]
        for text in styles:
            want = csp_hash(text)
            if want not in allowed:
                instead = f" in place of {' '.join(stale)}" if stale else ""
                problems.append(
                    f"{page}: its inline <style> changed; netlify.toml's Content-Security-Policy "
                    f"for /{page} must allow it: put {want} in style-src{instead}")
    return problems


MODULE_SCRIPT = re.compile(r'<script type="module" src="\./([^"]+)"')
MODULE_PRELOAD = re.compile(r'<link rel="modulepreload" href="\./([^"]+)"')
RELATIVE_IMPORT = re.compile(r'(?:\bfrom|^import)\s*"(\.{1,2}/[^"]+)"', re.MULTILINE)


def module_graph(entry: Path) -> set[Path]:
    """Every module `entry` imports statically, directly or not (relative imports only)."""
    seen: set[Path] = set()
    todo = [entry]
    while todo:
        module = todo.pop()
        for spec in RELATIVE_IMPORT.findall(module.read_text()):
            found = (module.parent / spec).resolve()
            if found not in seen:
                seen.add(found)
                todo.append(found)
    return seen


def page_scripts(root: Path, page: str) -> tuple[set[Path], set[Path]]:
    """A page's module scripts, and every module they import (directly or not)."""
    scripts = {(root / src).resolve() for src in MODULE_SCRIPT.findall((root / page).read_text())}
    return scripts, set().union(*(module_graph(script) for script in scripts))


def check_preloads() -> list[str]:
    """Each page preloads (<link rel="modulepreload">) its own modules' whole static import
    graph, so that they are fetched at once rather than level by level, and nothing else.
    (PyScript's start-up chunks are not preloaded: with the rules core in the snapshot the
    worker waits on the snapshot, not on PyScript, and preloading them only delayed the
    board; A/B: board interactive 261 -> 225 ms, rules ready 1,498 -> 1,460 ms cold.)"""
    problems = []
    for page in publish.PUBLISH:
        if not page.endswith(".html"):
            continue
        scripts, graph = page_scripts(ROOT, page)
        preloads = MODULE_PRELOAD.findall((ROOT / page).read_text())
        preloaded = {(ROOT / href).resolve() for href in preloads}
        for href in preloads:
            if not (ROOT / href).is_file():
                problems.append(f"{page} preloads {href}, which does not exist")
            elif (ROOT / href).resolve() not in graph | scripts:
                problems.append(f"{page} preloads {href}, which none of its modules imports")
        for module in sorted(graph - scripts - preloaded):
            problems.append(f"{page} does not preload {module.relative_to(ROOT).as_posix()}")
    return problems


# ----------------------------------------------------------------- offline build


# Published but not needed by the app offline: source maps, the accessibility tests'
# axe-core, PyScript's editor and terminal (CodeMirror and xterm.js chunks, loaded only
# for <script type="py-editor"> or a terminal, which no page has), the service worker's
# own files, the vendoring record and the board's modules (the page runs their bundle,
# static/vendor/board.js), but for those the FAQ and the widget import as modules. The rest
# of PyScript is precached: its core, the plugins it imports at every start and the chunks
# its worker imports.
NOT_PRECACHED = re.compile(
    r"(\.map$|^static/vendor/axe-core-|^static/vendor/pyscript-[^/]+/(codemirror|xterm)"
    r"|^static/sw\.js$|^static/vendor/build\.js$|^static/vendor/vendor\.json$)"
)
BOARD_MODULE = re.compile(r"^static/board/.+\.js$")  # and its folders (panel/)


def page_modules(root: Path = ROOT) -> set[str]:
    """The modules the published pages import (paths from the site's root)."""
    found: set[str] = set()
    for page in publish.PUBLISH:
        if page.endswith(".html") and (root / page).is_file():
            scripts, graph = page_scripts(root, page)
            found |= {module.relative_to(root.resolve()).as_posix() for module in scripts | graph}
    return found


def precache_list(root: Path = ROOT) -> list[tuple[str, str]]:
    """(URL path relative to the site root, base64 SHA-256) of every file to precache."""
    files = []
    imported = page_modules(root)
    for entry in publish.PUBLISH:
        src = root / entry
        for path in sorted(src.rglob("*")) if src.is_dir() else [src]:
            rel = path.relative_to(root).as_posix()
            if (path.is_file() and publish.is_published(rel) and not NOT_PRECACHED.search(rel)
                    and (not BOARD_MODULE.match(rel) or rel in imported)):
                digest = hashlib.sha256(path.read_bytes()).digest()
                files.append((rel, base64.b64encode(digest).decode()))
    index = dict(files).get("index.html")
    if index:
        files.append(("", index))  # the site root is index.html
    return sorted(files)


def build_js(files: list[tuple[str, str]]) -> bytes:
    build_id = hashlib.sha256(json.dumps(files).encode()).hexdigest()[:16]
    rows = ",\n".join(f"  {json.dumps(list(f))}" for f in files)
    return (
        "// Generated by tools/vendor.py: this build's id and the files static/sw.js\n"
        "// precaches, with their SHA-256 (base64, as subresource integrity wants it).\n"
        f'self.BUILD = {{\n id: "{build_id}",\n files: [\n{rows}\n ],\n}};\n'
    ).encode()


# ------------------------------------------------------------------------- main


def build() -> None:
    versions = {p: npm_version(p) for p in ("@pyscript/core", "pyodide", "axe-core")}
    produced: set[Path] = set()
    copied = bundle_board(produced)  # first: the checks below read it
    check_references(versions)

    pyscript_dir = VENDOR / f"pyscript-{versions['@pyscript/core']}"
    for src in sorted((NODE / "@pyscript/core/dist").rglob("*")):
        if src.is_file():
            copied += sync_file(
                src, pyscript_dir / src.relative_to(NODE / "@pyscript/core/dist"), produced
            )
    copied += sync_file(NODE / "@pyscript/core/LICENSE", pyscript_dir / "LICENSE", produced)

    pyodide_dir = VENDOR / f"pyodide-{versions['pyodide']}"
    for name in PYODIDE_CORE_FILES:
        copied += sync_file(NODE / "pyodide" / name, pyodide_dir / name, produced)

    axe_dir = VENDOR / f"axe-core-{versions['axe-core']}"
    for name in ("axe.min.js", "LICENSE"):
        copied += sync_file(NODE / "axe-core" / name, axe_dir / name, produced)

    wheels_dir = VENDOR / "wheels"
    lock = json.loads(WHEELS_LOCK.read_text())
    sources = []
    for w in fetch_wheels(lock, SOURCE_WHEELS):
        imports, depends = wheel_metadata(SOURCE_WHEELS / w["file"])
        sources.append(
            ({**w, "key": canonical(w["name"]), "imports": imports, "depends": depends},
             SOURCE_WHEELS / w["file"])
        )  # fmt: skip
    app_name, app_version, app_source = build_app_wheel(SOURCE_WHEELS)
    app_imports, _ = wheel_metadata(app_source)
    project_deps = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    app_depends = sorted(
        canonical(re.split(r"[ <>=!~\[;]", d, maxsplit=1)[0]) for d in project_deps
    )
    sources.append(
        ({"key": app_name, "version": app_version, "imports": app_imports,
          "depends": app_depends}, app_source)
    )  # fmt: skip
    compiled = compile_wheels([src for _, src in sources], wheels_dir, produced)
    shipped = [
        {**entry, "file": path.name, "sha256": sha256_file(path)}
        for (entry, _), path in zip(sources, compiled, strict=True)
    ]
    app_wheel = compiled[-1]

    upstream = json.loads((NODE / "pyodide" / "pyodide-lock.json").read_text())
    copied += write_if_changed(
        pyodide_dir / "pyodide-lock.json", pyodide_lock(upstream, shipped, lock["target"]), produced
    )

    # After the lock and the wheels: the snapshot loads them (see make_snapshot), and the
    # loader is written with what it recorded.
    python = upstream["info"]["python"]
    written, dynlibs = extract_dynlibs(compiled, pyodide_dir, python, produced)
    copied += written
    site = site_files(compiled, python, pyscript_bytecode())
    copied += write_if_changed(pyodide_dir / SITE_FILES, site, produced)
    netlify = (ROOT / "netlify.toml").read_text()
    for name in (SNAPSHOT, CORE_SNAPSHOT, SITE_FILES, RESTORE_MODULE, *LOADERS.values(),
                 *(file.name for _, file in dynlibs)):
        if f'for = "/static/vendor/{pyodide_dir.name}/{name}"' not in netlify:
            raise VendorError(f"netlify.toml has no [[headers]] for {name} (its type, its caching)")
    changed, recorded = make_snapshot(pyodide_dir, dynlibs, produced)
    copied += changed
    loader = (ROOT / "tools" / SNAPSHOT_LOADER).read_text()
    for placeholder in (LOADER_VERSION, LOADER_SNAPSHOT, LOADER_START):
        if loader.count(f'"{placeholder}"') != 1:
            raise VendorError(f"tools/{SNAPSHOT_LOADER} must hold {placeholder!r} once")
    loader = loader.replace(f'"{LOADER_VERSION}"', json.dumps(versions["pyodide"]))
    loader = loader.replace(f'"{LOADER_SNAPSHOT}"', json.dumps(recorded, separators=(",", ":")))
    for way, name in LOADERS.items():
        written_loader = loader.replace(f'"{LOADER_START}"', json.dumps(way))
        copied += write_if_changed(pyodide_dir / name, written_loader.encode(), produced)
    copied += sync_file(ROOT / "tools" / RESTORE_MODULE, pyodide_dir / RESTORE_MODULE, produced)

    # Remove anything we did not produce this time (old versions, old app wheels).
    removed = 0
    keep = produced | {VENDOR / "vendor.json", VENDOR / "build.js", VENDOR / ".stamp"}
    for path in sorted(VENDOR.rglob("*"), reverse=True):
        if path.is_file() and path not in keep:
            path.unlink()
            removed += 1
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()

    manifest = {
        "versions": versions,
        "app_wheel": app_wheel.name,
        "files": {
            p.relative_to(ROOT).as_posix(): {"size": p.stat().st_size, "sha256": sha256_file(p)}
            for p in sorted(produced)
        },
    }
    copied += write_if_changed(
        VENDOR / "vendor.json", (json.dumps(manifest, indent=1) + "\n").encode(), produced
    )
    copied += write_if_changed(VENDOR / "build.js", build_js(precache_list()), produced)
    total = sum(p.stat().st_size for p in produced)
    log(
        f"static/vendor ready: {len(produced)} files, {total / 1e6:.1f} MB "
        f"({copied} written, {removed} removed); app wheel {app_wheel.name}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--dist", type=Path, help="also copy the published site into this directory"
    )
    args = parser.parse_args(argv)
    build()
    if args.dist:
        dest = args.dist if args.dist.is_absolute() else ROOT / args.dist
        n = publish.build_dist(dest)
        shown = dest.relative_to(ROOT) if dest.is_relative_to(ROOT) else dest
        log(f"published {n} files into {shown}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
