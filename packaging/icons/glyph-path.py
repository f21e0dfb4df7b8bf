#!/usr/bin/env python3
"""Prints the SVG path of one character of the bundled Noto Sans SC font (OFL-1.1),
scaled into a box of the icon. Used once to draw bianpai.svg's 编; kept so that the
glyph can be redrawn the same way.

    python3 packaging/icons/glyph-path.py 编 256 256 250   # char, centre x, centre y, size
"""

import sys

from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.pens.transformPen import TransformPen
from fontTools.pens.boundsPen import BoundsPen
from fontTools.ttLib import TTFont

FONT = "assets/fonts/NotoSansSC-GBK.ttf"


def main() -> None:
    char, cx, cy, size = sys.argv[1], *map(float, sys.argv[2:5])
    font = TTFont(FONT)
    glyphs = font.getGlyphSet()
    name = font.getBestCmap()[ord(char)]
    bounds = BoundsPen(glyphs)
    glyphs[name].draw(bounds)
    x0, y0, x1, y1 = bounds.bounds
    scale = size / max(x1 - x0, y1 - y0)
    # Font units grow upwards, SVG downwards: flip y about the glyph's centre.
    dx = cx - scale * (x0 + x1) / 2
    dy = cy + scale * (y0 + y1) / 2
    svg = SVGPathPen(glyphs, ntos=lambda v: f"{v:.1f}".rstrip("0").rstrip("."))
    glyphs[name].draw(TransformPen(svg, (scale, 0, 0, -scale, dx, dy)))
    print(svg.getCommands())


if __name__ == "__main__":
    main()
