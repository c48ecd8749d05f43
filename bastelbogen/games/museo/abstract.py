"""Abstract paintings: each style a few lines of rules, each picture a seed."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from reportlab.lib import colors

from bastelbogen.games.museo.palettes import by_light, palette, rng, varnish
from bastelbogen.render.art.draw import ground, poly
from bastelbogen.render.art.wash import washed
from bastelbogen.render.motifs import BLEED_ROOM
from bastelbogen.render.style import mix, shade, tint

if TYPE_CHECKING:
    from bastelbogen.core.geometry import Rect
    from bastelbogen.layout.layouts import Box
    from bastelbogen.render.paint import PaintContext
    from bastelbogen.render.style import Canvas


@washed("colourfield")
def colourfield(c: Canvas, rect: Rect, box: Box, ctx: PaintContext) -> None:
    """Soft-edged fields of colour floating on a ground (after Rothko)."""
    r = rng("colourfield", box)
    p = by_light(palette(r))
    x, y, w, h = rect
    # The ground is the palette's darkest colour, the fields the others: two or three,
    # of heights of the picture's own.
    field = shade(p[0], 0.15)
    ground(c, rect, field)
    n = r.choice((2, 3))
    gap = h * 0.05
    shares = [r.uniform(0.6, 1.6) for _ in range(n)]
    colours = r.sample(p[1:], n)
    by = y + gap
    for share, colour in zip(shares, colours, strict=True):
        band = (h - gap * (n + 1)) * share / sum(shares)
        bx = x + w * 0.08
        # The edge breathes: six veils of 25 %, each a little larger than the last, seen as
        # rings, the outer one under one veil, the middle under all six; drawn from the
        # outside in, each ring mixed to the colour its veils made.
        for k in range(6):
            c.setFillColor(mix(field, colour, 1 - 0.75 ** (k + 1)))
            inset = k * 1.4
            c.roundRect(
                bx + inset, by + inset, w * 0.84 - 2 * inset, band - 2 * inset, 6, stroke=0, fill=1
            )
        by += band + gap
    varnish(c, rect, r)


@washed("grid")
def grid(c: Canvas, rect: Rect, box: Box, ctx: PaintContext) -> None:
    """Rectangles split by dark bars, a few filled with colour (after Mondrian). The ground
    is the palette's lightest colour, the bars its darkest, the fills the three between;
    how often the picture is split, how many cells are filled and how heavy the bars are
    is the picture's own, so the three of the style differ in layout as well as colour."""
    r = rng("grid", box)
    x, y, w, h = rect
    dark, *fills, light = by_light(palette(r))
    ground(c, rect, tint(light, 0.55))
    cells = [(x - BLEED_ROOM, y - BLEED_ROOM, w + 2 * BLEED_ROOM, h + 2 * BLEED_ROOM)]
    for _ in range(r.randint(8, 13)):  # split the largest cell, across its longer side
        cells.sort(key=lambda q: q[2] * q[3])
        cx, cy, cw, ch = cells.pop()
        k = r.uniform(0.3, 0.7)
        if cw > ch:
            cells += [(cx, cy, cw * k, ch), (cx + cw * k, cy, cw * (1 - k), ch)]
        else:
            cells += [(cx, cy, cw, ch * k), (cx, cy + ch * k, cw, ch * (1 - k))]
    for cell in r.sample(cells, r.randint(4, 6)):
        c.setFillColor(r.choice(fills))
        c.rect(*cell, stroke=0, fill=1)
    c.setStrokeColor(shade(dark, 0.4))
    c.setLineWidth(min(w, h) * r.uniform(0.015, 0.035))
    for cx, cy, cw, ch in cells:
        c.rect(cx, cy, cw, ch, stroke=1, fill=0)
    varnish(c, rect, r)


@washed("stripes")
def stripes(c: Canvas, rect: Rect, box: Box, ctx: PaintContext) -> None:
    """Bands of colour in a slow rhythm, on a slant (after Bridget Riley's colour works)."""
    r = rng("stripes", box)
    p = palette(r)
    x, y, w, h = rect
    ground(c, rect, p[0])
    angle = math.radians(r.choice((0, 12, -12, 30, -30)))
    c.saveState()
    c.translate(x + w / 2, y + h / 2)
    c.rotate(math.degrees(angle))
    span = math.hypot(w, h) / 2 + BLEED_ROOM
    pos = -span
    i = 0
    while pos < span:
        width = min(w, h) * r.choice((0.03, 0.05, 0.08, 0.12))
        c.setFillColor(p[(i * 3 + r.randrange(2)) % 5])
        c.rect(pos, -span, width, 2 * span, stroke=0, fill=1)
        pos += width
        i += 1
    c.restoreState()
    varnish(c, rect, r)


@washed("concentric")
def concentric(c: Canvas, rect: Rect, box: Box, ctx: PaintContext) -> None:
    """A grid of squares, each holding rings of colour (after Kandinsky's study)."""
    r = rng("concentric", box)
    p = palette(r) + [colors.HexColor("#f2e8cf"), colors.HexColor("#1b1b1b")]
    x, y, w, h = rect
    cols, rows = 3, 4  # not the 2 x 3 of the cut: rings cross the seams
    cw, ch = w / cols, h / rows
    ground(c, rect, p[-1])
    for i in range(-1, cols + 1):
        for j in range(-1, rows + 1):
            cx, cy = x + (i + 0.5) * cw, y + (j + 0.5) * ch
            c.setFillColor(r.choice(p))
            c.rect(cx - cw / 2, cy - ch / 2, cw, ch, stroke=0, fill=1)
            radius = min(cw, ch) * 0.46
            for k in range(r.randint(3, 6)):
                c.setFillColor(r.choice(p))
                c.circle(
                    cx + r.uniform(-1, 1),
                    cy + r.uniform(-1, 1),
                    radius * (1 - k * 0.17),
                    stroke=0,
                    fill=1,
                )
    varnish(c, rect, r)


@washed("facets")
def facets(c: Canvas, rect: Rect, box: Box, ctx: PaintContext) -> None:
    """Broken planes in a narrow range of colour (after the cubists)."""
    r = rng("facets", box)
    p = palette(r)
    x, y, w, h = rect
    ground(c, rect, p[0])
    n, m = 6, 9
    points = [
        [
            (
                x - BLEED_ROOM + (w + 2 * BLEED_ROOM) * i / n + r.uniform(-4, 4) * (0 < i < n),
                y - BLEED_ROOM + (h + 2 * BLEED_ROOM) * j / m + r.uniform(-4, 4) * (0 < j < m),
            )
            for j in range(m + 1)
        ]
        for i in range(n + 1)
    ]
    for i in range(n):
        for j in range(m):
            a, b = points[i][j], points[i + 1][j]
            d, e = points[i][j + 1], points[i + 1][j + 1]
            base = p[(i + j + r.randrange(3)) % 5]
            poly(c, [a, b, e], tint(base, r.uniform(0, 0.25)))
            poly(c, [a, e, d], shade(base, r.uniform(0, 0.3)))
    c.setStrokeColor(shade(p[0], 0.5))
    c.setLineWidth(0.8)
    for _ in range(7):  # a few strong contours across the planes
        i, j = r.randrange(n), r.randrange(m)
        c.line(*points[i][j], *points[i + 1][j + 1])
    varnish(c, rect, r)


@washed("blobs")
def blobs(c: Canvas, rect: Rect, box: Box, ctx: PaintContext) -> None:
    """Cut-out shapes, leaf and wave, on a flat ground (after Matisse's cut-outs)."""
    r = rng("blobs", box)
    p = palette(r)
    x, y, w, h = rect
    ground(c, rect, p[3])
    spots = [(i, j) for i in range(3) for j in range(4)]
    for i, j in r.sample(spots, 9):  # spread over the picture, no piece left empty
        cx = x + (i + r.uniform(0.25, 0.75)) * w / 3
        cy = y + (j + r.uniform(0.25, 0.75)) * h / 4
        size = min(w, h) * r.uniform(0.16, 0.26)
        lobes = r.randint(4, 7)
        pts = []
        for k in range(lobes * 2):
            a = k * math.pi / lobes + r.uniform(-0.1, 0.1)
            rad = size * (1.0 if k % 2 == 0 else r.uniform(0.35, 0.6))
            pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
        path = c.beginPath()
        path.moveTo(*pts[0])
        for k in range(len(pts)):
            p1, p2 = pts[k], pts[(k + 1) % len(pts)]
            mid = ((p1[0] + p2[0]) / 2, (p1[1] + p2[1]) / 2)
            path.curveTo(p1[0], p1[1], p1[0], p1[1], *mid)
        path.close()
        c.setFillColor(r.choice(p[:3] + p[4:]))
        c.drawPath(path, stroke=0, fill=1)
    varnish(c, rect, r)
