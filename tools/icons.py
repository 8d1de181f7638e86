#!/usr/bin/env python3
"""Draw the app icons (static/icons/) with the standard library only.

    python tools/icons.py   # rewrites static/icons/icon-192.png, icon-512.png, icon.svg

The favicon's design (a sun over a wave on green) drawn full-bleed, with the motif inside
the central 60 %, so the PNGs also serve as "maskable" icons (Android crops them to a
circle or squircle). The PNGs are committed; this script documents how they were made.
"""

from __future__ import annotations

import math
import struct
import zlib
from pathlib import Path

ICONS = Path(__file__).resolve().parent.parent / "static" / "icons"
GREEN, CREAM, SUN = (0x2F, 0x6B, 0x5A), (0xF6, 0xF4, 0xEF), (0xE0, 0xA4, 0x58)

SVG = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
<rect width="512" height="512" fill="#2f6b5a"/>
<circle cx="256" cy="206" r="56" fill="#e0a458"/>
<path d="M148 316c36-24 72-24 108 0s72 24 108 0" stroke="#f6f4ef" stroke-width="28"
 fill="none" stroke-linecap="round"/>
</svg>
"""


def wave_distance(x: float, y: float) -> float:
    """Distance (in 512-units) from (x, y) to the wave: two arcs of a sine, 148..364."""
    if x < 148 or x > 364:
        ex = 148 if x < 148 else 364
        return math.hypot(x - ex, y - 316)
    wy = 316 - 24 * math.sin((x - 148) / 216 * 2 * math.pi)
    return abs(y - wy)


def pixel(x: float, y: float) -> tuple[int, int, int]:
    if math.hypot(x - 256, y - 206) <= 56:
        return SUN
    if wave_distance(x, y) <= 14:
        return CREAM
    return GREEN


def png(size: int) -> bytes:
    scale = 512 / size
    rows = bytearray()
    for j in range(size):
        rows.append(0)  # filter: none
        for i in range(size):
            # 2x2 supersampling for smooth edges
            samples = [pixel((i + dx) * scale, (j + dy) * scale)
                       for dx in (0.25, 0.75) for dy in (0.25, 0.75)]  # fmt: skip
            rows += bytes(sum(s[c] for s in samples) // 4 for c in range(3))

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)  # 8-bit RGB
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(bytes(rows), 9)) + chunk(b"IEND", b""))  # fmt: skip


def main() -> int:
    ICONS.mkdir(parents=True, exist_ok=True)
    (ICONS / "icon.svg").write_text(SVG)
    for size in (192, 512):
        (ICONS / f"icon-{size}.png").write_bytes(png(size))
    print(f"icons: wrote {ICONS}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
