"""Coins, medallions and patterns."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from bastelbogen.content.painters import Coloured, Patterned, motif
from bastelbogen.core.params import STEP, Key
from bastelbogen.render.style import shade, tint

if TYPE_CHECKING:
    from bastelbogen.core.geometry import Rect
    from bastelbogen.layout.layouts import Box
    from bastelbogen.render.paint import PaintContext
    from bastelbogen.render.style import Canvas


@motif(
    "coin",
    Coloured.having(colour="#E69F00"),
)
def coin(c: Canvas, rect: Rect, box: Box, ctx: PaintContext) -> None:
    """A minted coin: milled rim, a ring of pearls, a flat field for the value."""
    x, y, w, h = rect
    base = ctx.ink(box, "colour")
    cx, cy, r = x + w / 2, y + h / 2, min(w, h) / 2
    c.setFillColor(shade(base, 0.25))
    c.circle(cx, cy, r, stroke=0, fill=1)
    c.setStrokeColor(tint(base, 0.35))
    c.setLineWidth(r * 0.035)
    for k in range(72):  # the milled edge
        a = 2 * math.pi * k / 72
        c.line(
            cx + r * 0.9 * math.cos(a),
            cy + r * 0.9 * math.sin(a),
            cx + r * 0.99 * math.cos(a),
            cy + r * 0.99 * math.sin(a),
        )
    c.setFillColor(base)
    c.circle(cx, cy, r * 0.86, stroke=0, fill=1)
    c.setFillColor(tint(base, 0.55))
    c.circle(cx, cy, r * 0.74, stroke=0, fill=1)
    c.setFillColor(tint(base, 0.85))
    c.circle(cx, cy, r * 0.66, stroke=0, fill=1)
    c.setFillColor(shade(base, 0.1))
    for k in range(24):  # pearls between rim and field
        a = 2 * math.pi * (k + 0.5) / 24
        c.circle(
            cx + r * 0.8 * math.cos(a), cy + r * 0.8 * math.sin(a), r * 0.025, stroke=0, fill=1
        )


@motif(
    "medallion",
    Patterned.having(fill="#1f2a44", colour="#d9b45a"),
)
def medallion(c: Canvas, rect: Rect, box: Box, ctx: PaintContext) -> None:
    """An oval cartouche with a double border, for titles on backs and sheets."""
    x, y, w, h = rect
    fill = ctx.ink(box, "fill")
    ink = ctx.ink(box, "colour")
    c.setFillColor(fill)
    c.setStrokeColor(ink)
    c.setLineWidth(1.6)
    c.ellipse(x, y, x + w, y + h, stroke=1, fill=1)
    c.setLineWidth(0.5)
    inset = min(w, h) * 0.06
    c.ellipse(x + inset, y + inset, x + w - inset, y + h - inset, stroke=1, fill=0)


class Lattice(Patterned):
    step = Key(STEP, 24, help="how far apart the lines are, pt")


@motif("lattice", Lattice.having(fill="#1f2a44", colour="#d9b45a"))
def lattice(c: Canvas, rect: Rect, box: Box, ctx: PaintContext) -> None:
    """A diamond trellis with small rosettes at the crossings; the same turned by 180°,
    so a back shows nothing of how the card lies."""
    x, y, w, h = rect
    ground = ctx.ink(box, "fill")
    ink = ctx.ink(box, "colour")
    step = float(Lattice(box).step)  # its default a whole number
    c.setFillColor(ground)
    c.rect(x, y, w, h, stroke=0, fill=1)
    cx, cy = x + w / 2, y + h / 2
    n = int(max(w, h) / step) + 3
    c.setStrokeColor(ink)
    c.setLineWidth(0.6)
    for k in range(-2 * n, 2 * n + 1):
        # Lines through the centre's lattice, so the pattern is symmetric about it.
        off = k * step
        c.line(cx + off - n * step, cy - n * step, cx + off + n * step, cy + n * step)
        c.line(cx + off - n * step, cy + n * step, cx + off + n * step, cy - n * step)
    c.setFillColor(ink)
    for i in range(-n, n + 1):
        for j in range(-n, n + 1):
            px, py = cx + i * step, cy + j * step
            if x - 2 <= px <= x + w + 2 and y - 2 <= py <= y + h + 2:
                c.circle(px, py, 1.3, stroke=0, fill=1)
    c.setFillColor(tint(ground, 0.12))
    for i in range(-n, n + 1):
        for j in range(-n, n + 1):
            px, py = cx + (i + 0.5) * step, cy + j * step
            if x <= px <= x + w and y <= py <= y + h:
                c.circle(px, py, 0.8, stroke=0, fill=1)
