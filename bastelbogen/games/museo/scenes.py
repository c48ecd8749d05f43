"""Paintings with a world in them: hills, waves, stars; and two made of many small marks."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from reportlab.lib import colors
from reportlab.pdfgen.canvas import FILL_EVEN_ODD

from bastelbogen.games.museo.palettes import by_light, palette, rng, varnish
from bastelbogen.render.art.draw import ground
from bastelbogen.render.art.wash import washed
from bastelbogen.render.motifs import BLEED_ROOM
from bastelbogen.render.style import mix, shade, tint

if TYPE_CHECKING:
    from bastelbogen.core.geometry import Rect
    from bastelbogen.layout.layouts import Box
    from bastelbogen.render.paint import PaintContext
    from bastelbogen.render.style import Canvas


SUN = tuple(colors.HexColor(v) for v in ("#fff3b0", "#ffd166", "#f4a261"))


def _ridge(
    c: Canvas,
    rect: Rect,
    base: float,
    amp: float,
    waves: Sequence[tuple[float, float, float]],
    colour: colors.Color,
) -> None:
    """A filled band below a sum of sine waves, from the bottom up to `base` ± `amp`."""
    x, y, w, h = rect
    path = c.beginPath()
    path.moveTo(x - BLEED_ROOM, y - BLEED_ROOM)
    steps = 60
    for k in range(steps + 1):
        u = k / steps
        v = base + amp * sum(a * math.sin(f * u * 2 * math.pi + ph) for a, f, ph in waves)
        path.lineTo(x - BLEED_ROOM + u * (w + 2 * BLEED_ROOM), y + v * h)
    path.lineTo(x + w + BLEED_ROOM, y - BLEED_ROOM)
    path.close()
    c.setFillColor(colour)
    c.drawPath(path, stroke=0, fill=1)


@washed("hills")
def hills(c: Canvas, rect: Rect, box: Box, ctx: PaintContext) -> None:
    """Layered hills fading into the distance under a low sun."""
    r = rng("hills", box)
    p = by_light(palette(r))
    x, y, w, h = rect
    # The palette's second lightest colour for the sky, its second darkest for the ridges, paler
    # with distance; how many ridges and how high they reach is the picture's own.
    sky = tint(p[-2], 0.2)
    near = shade(p[1], 0.2)
    ground(c, rect, sky)
    c.setFillColor(r.choice(SUN))
    c.circle(
        x + w * r.uniform(0.25, 0.75), y + h * r.uniform(0.84, 0.9), w * 0.14, stroke=0, fill=1
    )
    ridges = r.randint(4, 7)
    top = r.uniform(0.72, 0.84)
    for k in range(ridges):
        depth = k / (ridges - 1)  # 0: far, 1: near
        colour = tint(near, 0.45 * (1 - depth))
        waves = [
            (1.0, r.uniform(0.6, 1.6), r.uniform(0, 6)),
            (0.4, r.uniform(2, 4), r.uniform(0, 6)),
        ]
        _ridge(c, rect, top - (top - 0.1) * depth, 0.05, waves, colour)
    varnish(c, rect, r)


@washed("waves")
def waves(c: Canvas, rect: Rect, box: Box, ctx: PaintContext) -> None:
    """Rows of curling waves, one colour after the other (after the Japanese prints)."""
    r = rng("waves", box)
    p = palette(r)
    x, y, w, h = rect
    ground(c, rect, tint(p[0], 0.6))
    rows = 9
    for k in range(rows, -1, -1):
        colour = p[k % 5]
        freq = r.uniform(1.5, 3.0)
        _ridge(
            c,
            rect,
            (k + 0.5) / rows,
            0.045,
            [(1.0, freq, r.uniform(0, 6)), (0.3, freq * 3, r.uniform(0, 6))],
            colour,
        )
        _ridge(c, rect, (k + 0.5) / rows - 0.012, 0.045, [(1.0, freq, 0.3)], tint(colour, 0.4))
    varnish(c, rect, r)


@washed("constellations")
def constellations(c: Canvas, rect: Rect, box: Box, ctx: PaintContext) -> None:
    """A night sky with stars joined into figures, and a moon."""
    r = rng("constellations", box)
    p = palette(r)
    dark, mid = by_light(p)[0], by_light(p)[2]
    x, y, w, h = rect
    night = shade(dark, 0.2)
    ground(c, rect, night)
    # The glow of the sky, in the palette's own middle colour, where and how wide is the
    # picture's own: night skies of the style differ in colour, not by a tint.
    for k, reach in enumerate((0.75, 0.55, 0.35)):
        c.setFillColor(mix(night, mid, 0.2 + 0.15 * k))
        c.circle(
            x + w * r.uniform(0.3, 0.7), y + h * r.uniform(0.3, 0.7), w * reach, stroke=0, fill=1
        )
    for _ in range(160):  # the faint ones
        c.setFillColor(mix(night, colors.white, r.uniform(0.3, 0.9)))
        c.circle(
            x + r.uniform(-5, w + 5),
            y + r.uniform(-5, h + 5),
            r.uniform(0.2, 0.7),
            stroke=0,
            fill=1,
        )
    for _ in range(5):  # figures: a walk of bright stars joined by thin lines
        px, py = x + r.uniform(0.1, 0.9) * w, y + r.uniform(0.1, 0.9) * h
        pts = [(px, py)]
        for _ in range(r.randint(3, 6)):
            a = r.uniform(0, 2 * math.pi)
            px, py = px + math.cos(a) * w * 0.12, py + math.sin(a) * w * 0.12
            pts.append((px, py))
        c.setStrokeColor(mix(night, colors.white, 0.5))
        c.setLineWidth(0.5)
        for start, end in zip(pts, pts[1:], strict=False):
            c.line(*start, *end)
        c.setFillColor(tint(p[r.choice((3, 4))], 0.5))
        for sx, sy in pts:
            c.circle(sx, sy, r.uniform(1.0, 2.0), stroke=0, fill=1)
    mx, my = x + w * r.uniform(0.2, 0.8), y + h * r.uniform(0.6, 0.9)
    c.saveState()  # a crescent: the moon less a disc beside it, whatever lies behind
    moon = c.beginPath()
    moon.circle(mx, my, w * 0.09)
    c.clipPath(moon, stroke=0, fill=0)
    crescent = c.beginPath()
    crescent.circle(mx, my, w * 0.09)
    crescent.circle(mx + w * 0.04, my + w * 0.02, w * 0.085)
    c.setFillColor(colors.HexColor("#f4ecd0"))
    c.drawPath(crescent, stroke=0, fill=1, fillMode=FILL_EVEN_ODD)
    c.restoreState()
    varnish(c, rect, r)


@washed("pointillist")
def pointillist(c: Canvas, rect: Rect, box: Box, ctx: PaintContext) -> None:
    """A sunlit scene painted in dots of pure colour (after Seurat and Signac)."""
    r = rng("pointillist", box)
    p = palette(r)
    x, y, w, h = rect
    horizon = r.uniform(0.4, 0.6)
    ground(c, rect, tint(p[1], 0.75))
    step = min(w, h) / 34
    sun = (r.uniform(0.2, 0.8), r.uniform(horizon + 0.1, 0.9))
    j = -2
    while y + j * step < y + h + step * 2:
        i = -2
        while x + i * step < x + w + step * 2:
            u, v = i * step / w, j * step / h
            near_sun = math.hypot(u - sun[0], (v - sun[1]) * h / w) < 0.14
            if near_sun:
                colour = r.choice(SUN)
            elif v > horizon:
                colour = r.choice((p[0], p[1], tint(p[1], 0.4), tint(p[2], 0.5)))
            else:
                colour = r.choice((p[2], p[3], shade(p[2], 0.2), p[4]))
            c.setFillColor(colour)
            c.circle(
                x + (i + r.uniform(-0.3, 0.3)) * step,
                y + (j + r.uniform(-0.3, 0.3)) * step,
                step * 0.48,
                stroke=0,
                fill=1,
            )
            i += 1
        j += 1
    varnish(c, rect, r)


@washed("mosaic")
def mosaic(c: Canvas, rect: Rect, box: Box, ctx: PaintContext) -> None:
    """Small stones laid in rings around a centre, with grout between them."""
    r = rng("mosaic", box)
    p = palette(r)
    x, y, w, h = rect
    ground(c, rect, colors.HexColor("#e9e4d8"))
    step = min(w, h) / 16  # a stone's middle on every cut, never a joint along it
    shift = step / 2
    cx, cy = x + w * r.uniform(0.3, 0.7), y + h * r.uniform(0.3, 0.7)
    ring = r.uniform(0.6, 1.4)
    for i in range(-2, int(w / step) + 3):
        for j in range(-2, int(h / step) + 3):
            px, py = x + i * step - shift, y + j * step - shift
            band = int(math.hypot(px - cx, py - cy) / (step * ring * 2))
            colour = p[band % 5]
            c.setFillColor(
                tint(colour, r.uniform(0, 0.2))
                if r.random() < 0.5
                else shade(colour, r.uniform(0, 0.15))
            )
            c.rect(px + step * 0.08, py + step * 0.08, step * 0.84, step * 0.84, stroke=0, fill=1)
    varnish(c, rect, r)


@washed("orbits")
def orbits(c: Canvas, rect: Rect, box: Box, ctx: PaintContext) -> None:
    """Discs and rings cut into quarters of contrasting colour (after Sonia Delaunay)."""
    r = rng("orbits", box)
    p = palette(r)
    x, y, w, h = rect
    ground(c, rect, p[0])
    for _ in range(4):
        cx, cy = x + r.uniform(0, w), y + r.uniform(0, h)
        outer = min(w, h) * r.uniform(0.35, 0.6)
        for k in range(5):
            rad = outer * (1 - k * 0.19)
            for q in range(4):
                c.setFillColor(p[(k + q + r.randrange(2)) % 5])
                c.wedge(cx - rad, cy - rad, cx + rad, cy + rad, q * 90, 90, stroke=0, fill=1)
    varnish(c, rect, r)
