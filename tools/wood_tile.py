"""Write static/board/wood.png: the table's wood grain as one seamless tile, drawn at twice
CSS pixel size (for the tablets' 2x screens) by Chromium from the SVG below.

    python tools/wood_tile.py

The grain was two repeating-linear-gradients at 92 and 88 degrees over the whole page; a tilted
repeating gradient is redrawn at every paint and cost more raster time than all the rest of
the page's first frame (a Chromium trace: about 165 ms of raster CPU against 95 for the plain
wood; with this tile, 105). The tile keeps the look: fine light lines every 9 px and dark lines
every 23 px, each leaning about 2 degrees, which wrap around the tile's edges.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.local import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

WIDTH, HEIGHT = 207, 600  # 207 = 9 x 23, so both grains wrap left to right
# (period, lean over the tile's height, colour, opacity, width): the lean is a whole number of
# periods, so the lines wrap top to bottom too.
GRAINS = ((9, 18, "#fff", 0.035, 2), (23, -23, "#000", 0.06, 1))


def svg() -> str:
    paths = []
    for period, lean, colour, opacity, width in GRAINS:
        lines = " ".join(
            f"M{x + width / 2:g} 0 L{x + lean + width / 2:g} {HEIGHT}"
            for x in range(-2 * period + min(0, -lean), WIDTH + 2 * period + max(0, -lean), period)
        )
        stroke = f'stroke="{colour}" stroke-opacity="{opacity}" stroke-width="{width}"'
        paths.append(f'<path d="{lines}" {stroke}/>')
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" fill="none">{"".join(paths)}</svg>'
    )


def main() -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": WIDTH, "height": HEIGHT}, device_scale_factor=2)
        page.set_content(f'<body style="margin:0">{svg()}</body>')
        page.locator("svg").screenshot(
            path=str(ROOT / "static" / "board" / "wood.png"), omit_background=True
        )
        browser.close()


if __name__ == "__main__":
    main()
