"""Turn a pure-Python wheel into a bytecode-only wheel, inside Pyodide.

Run by tools/pycompile.mjs in Pyodide under Node, so that the bytecode is made by the very
CPython that will load it in the page (the .pyc magic number is per CPython version).

Wheels from PyPI hold only .py sources: Pyodide would compile every module on each page
load, the largest part of `import pydantic`. Here each module's source becomes its .pyc,
in place (`pkg/mod.py` -> `pkg/mod.pyc`, loaded by CPython's sourceless loader, as Pyodide
does with its own packages and standard library). The wheel's tag says so
(`py3-none-any` -> `cp314-none-any`), RECORD is rewritten, and the zip is reproducible
(entries in their original order, 1980 timestamps).
"""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import io
import sys
import sysconfig
import zipfile

ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)
SITE = sysconfig.get_paths()["purelib"]


def python_tag() -> str:
    return f"cp{sys.version_info.major}{sys.version_info.minor}"


def compiled_name(wheel_name: str) -> str:
    """`pkg-1.0-py3-none-any.whl` -> `pkg-1.0-cp314-none-any.whl`. A wheel built for this
    CPython already (`*-cp314-cp314-<platform>.whl`, such as pydantic-core's) keeps its name:
    its compiled extension ties it to this interpreter anyway."""
    stem, ext = wheel_name.rsplit(".", 1)
    parts = stem.split("-")
    if ext != "whl" or len(parts) < 5:
        raise ValueError(f"{wheel_name}: not a wheel file name")
    if parts[-3] == python_tag():
        return wheel_name
    if parts[-2:] != ["none", "any"]:
        raise ValueError(f"{wheel_name}: neither pure Python nor built for {python_tag()}")
    return "-".join([*parts[:-3], python_tag(), "none", "any"]) + ".whl"


def _pyc(name: str, source: bytes) -> bytes:
    """Unchecked-hash .pyc for a module found at SITE/name."""
    code = compile(source, f"{SITE}/{name}", "exec", dont_inherit=True)
    from importlib._bootstrap_external import _code_to_hash_pyc  # type: ignore[attr-defined]

    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))


def cached_pyc(path: str, text: str) -> tuple[str, bytes]:
    """Where CPython looks for the bytecode of the module whose source is at `path` (its
    __pycache__), and an unchecked-hash .pyc of `text` (written there as UTF-8) for it:
    CPython then runs it without compiling the source, nor reading it again."""
    source = text.encode()
    code = compile(source, path, "exec", dont_inherit=True)
    from importlib._bootstrap_external import _code_to_hash_pyc  # type: ignore[attr-defined]

    data = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))
    return importlib.util.cache_from_source(path), data


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}\n"


def pack_wheel(entries: list[tuple[str, bytes]], dist_info: str) -> bytes:
    """A reproducible wheel (zip) of `entries`, in their order, with its RECORD added.
    tools/vendor.py packs the app's source wheel with it too."""
    record = "".join(_record_line(n, d) for n, d in entries) + f"{dist_info}/RECORD,,\n"
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zout:
        for name, data in [*entries, (f"{dist_info}/RECORD", record.encode())]:
            info = zipfile.ZipInfo(name, date_time=ZIP_EPOCH)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            zout.writestr(info, data, compresslevel=9)
    return buffer.getvalue()


def compile_wheel(src: str, dest: str) -> int:
    """Write the bytecode-only form of wheel `src` to `dest`; return the modules compiled."""
    with zipfile.ZipFile(src) as zin:
        entries = [(info.filename, zin.read(info)) for info in zin.infolist() if not info.is_dir()]
    dist_info = next(
        n.split("/", 1)[0] for n, _ in entries if n.count("/") == 1 and n.endswith("/WHEEL")
    )
    out: list[tuple[str, bytes]] = []
    compiled = 0
    for name, data in entries:
        top = name.split("/", 1)[0]
        if name == f"{dist_info}/RECORD":
            continue
        if name == f"{dist_info}/WHEEL" and b"-none-any" in data:
            data = b"".join(
                f"Tag: {python_tag()}-none-any\n".encode() if line.startswith(b"Tag:") else line
                for line in data.splitlines(keepends=True)
            )
        elif name.endswith(".py") and not top.endswith((".dist-info", ".data")):
            try:
                data = _pyc(name, data)
            except SyntaxError as exc:
                raise ValueError(f"{src}: {name} does not compile: {exc}") from exc
            name += "c"
            compiled += 1
        out.append((name, data))
    with open(dest, "wb") as f:
        f.write(pack_wheel(out, dist_info))
    return compiled
