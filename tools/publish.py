"""What the site publishes: one list shared by the dev server and the deploy build.

Production (netlify.toml) publishes `dist/`, which `tools/vendor.py --dist dist`
assembles by copying exactly these paths. `tools/serve.py` serves the repository
root but refuses anything outside these paths, so local and production serve the
same files under the same URLs.
"""

from __future__ import annotations

import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Paths relative to the repository root. A directory publishes its whole tree.
PUBLISH: tuple[str, ...] = ("index.html", "static", "faq.html", "widget.html")

# Never published, even inside a published directory.
EXCLUDE_NAMES = frozenset({"__pycache__", ".DS_Store", ".stamp"})


def is_published(rel: str) -> bool:
    """True if `rel` (a URL path without the leading slash) is part of the site."""
    parts = [p for p in rel.split("/") if p]
    if not parts:
        return True  # "/" -> index.html
    if any(p.startswith(".") or p in EXCLUDE_NAMES for p in parts):
        return False
    joined = "/".join(parts)
    return any(joined == p or joined.startswith(p + "/") for p in PUBLISH)


def build_dist(dest: Path, root: Path = ROOT) -> int:
    """Copy the published files into `dest` (emptied first). Returns the file count."""
    dest = dest.resolve()
    if dest == root or root.is_relative_to(dest):
        raise SystemExit(f"refusing to use {dest} as the publish directory")
    if dest.exists():
        shutil.rmtree(dest)
    count = 0
    for entry in PUBLISH:
        src = root / entry
        if src.is_dir():
            for path in sorted(src.rglob("*")):
                rel = path.relative_to(root).as_posix()
                if path.is_file() and is_published(rel):
                    target = dest / rel
                    target.parent.mkdir(parents=True, exist_ok=True)
                    shutil.copy2(path, target)
                    count += 1
        elif src.is_file():
            (dest / entry).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / entry)
            count += 1
        else:
            raise SystemExit(f"published path missing: {entry}")
    return count
