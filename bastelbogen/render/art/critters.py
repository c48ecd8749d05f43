"""The animal theme's singles, small animals alone on a tile, and the tiles' back."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from reportlab.lib import colors

from bastelbogen.content.painters import Patterned, motif, scene_keys
from bastelbogen.render.art.creatures import INK, eye, scene
from bastelbogen.render.art.draw import ground, tiling
from bastelbogen.render.style import shade, tint

if TYPE_CHECKING:
    from bastelbogen.core.geometry import Rect
    from bastelbogen.layout.layouts import Box
    from bastelbogen.render.paint import PaintContext
    from bastelbogen.render.style import Canvas


@motif(
    "mouse",
    scene_keys("#bfe6f7", "#c9b37e", "#9a948a"),
)
def mouse(c: Canvas, rect: Rect, box: Box, ctx: PaintContext) -> None:
    f = scene(c, rect, box, ctx)
    fur = ctx.ink(box, "colour")
    c.setStrokeColor(colors.HexColor("#cc79a7"))
    c.setLineWidth(1.0)
    p = c.beginPath()
    p.moveTo(*f(0.3, 0.22))
    p.curveTo(*f(0.0, 0.2), *f(0.1, 0.45), *f(0.05, 0.5))
    c.drawPath(p, stroke=1, fill=0)
    f.ellipse(c, 0.2, 0.18, 0.8, 0.45, fur)
    f.circle(c, 0.55, 0.52, 0.12, fur)
    for u in (0.33, 0.77):
        f.circle(c, u, 0.63, 0.08, fur)
        f.circle(c, u, 0.63, 0.05, colors.HexColor("#f2b8c6"))
    eye(f, c, 0.48, 0.53, 0.022)
    eye(f, c, 0.62, 0.53, 0.022)
    f.circle(c, 0.55, 0.47, 0.02, colors.HexColor("#cc79a7"))
    f.poly(c, [(0.72, 0.14), (0.98, 0.14), (0.98, 0.26)], colors.HexColor("#f0e442"))  # cheese
    f.circle(c, 0.9, 0.18, 0.012, colors.HexColor("#c9b037"))


@motif(
    "snail",
    scene_keys("#bfe6f7", "#7dbb5a", "#e69f00"),
)
def snail(c: Canvas, rect: Rect, box: Box, ctx: PaintContext) -> None:
    f = scene(c, rect, box, ctx)
    shell = ctx.ink(box, "colour")
    body = colors.HexColor("#d9c7a7")
    f.ellipse(c, 0.1, 0.18, 0.95, 0.3, body)
    f.ellipse(c, 0.7, 0.2, 0.92, 0.42, body)
    c.setStrokeColor(body)
    c.setLineWidth(1.0)
    c.line(*f(0.78, 0.4), *f(0.74, 0.52))
    c.line(*f(0.86, 0.4), *f(0.9, 0.52))
    f.circle(c, 0.74, 0.52, 0.015, INK)
    f.circle(c, 0.9, 0.52, 0.015, INK)
    f.circle(c, 0.42, 0.4, 0.16, shell)
    c.setStrokeColor(shade(shell, 0.4))
    c.setLineWidth(1.2)
    p = c.beginPath()
    cx, cy = f(0.42, 0.4)
    p.moveTo(cx, cy)
    for k in range(1, 40):  # the spiral
        a = k * 0.45
        r = k / 40 * 0.15 * f.h
        p.lineTo(cx + r * math.cos(a), cy + r * math.sin(a))
    c.drawPath(p, stroke=1, fill=0)


@motif(
    "bird",
    scene_keys("#bfe6f7", "#a6d27a", "#d55e00"),
)
def bird(c: Canvas, rect: Rect, box: Box, ctx: PaintContext) -> None:
    f = scene(c, rect, box, ctx)
    feathers = ctx.ink(box, "colour")
    c.setStrokeColor(colors.HexColor("#7a4b2a"))
    c.setLineWidth(f.h * 0.025)
    c.line(*f(0.0, 0.4), *f(1.0, 0.46))
    f.ellipse(c, 0.2, 0.44, 0.75, 0.68, feathers)
    f.poly(c, [(0.28, 0.6), (0.02, 0.66), (0.06, 0.54), (0.28, 0.52)], shade(feathers, 0.2))
    c.setStrokeColor(colors.HexColor("#7a4b2a"))
    c.setLineWidth(0.8)
    for u in (0.42, 0.52):  # feet on the branch
        c.line(*f(u, 0.46), *f(u + 0.02, 0.42))
    f.circle(c, 0.7, 0.7, 0.09, feathers)
    f.ellipse(c, 0.35, 0.5, 0.6, 0.62, tint(feathers, 0.4))
    f.poly(c, [(0.78, 0.72), (0.92, 0.69), (0.78, 0.66)], colors.HexColor("#f0e442"))
    eye(f, c, 0.73, 0.72, 0.02)


@motif(
    "ladybug",
    scene_keys("#bfe6f7", "#7dbb5a", "#d55e00"),
)
def ladybug(c: Canvas, rect: Rect, box: Box, ctx: PaintContext) -> None:
    f = scene(c, rect, box, ctx)
    f.ellipse(c, 0.0, 0.22, 1.0, 0.5, colors.HexColor("#3f8f3a"))  # the leaf
    wing = ctx.ink(box, "colour")
    f.circle(c, 0.5, 0.62, 0.08, INK)
    f.circle(c, 0.5, 0.45, 0.17, wing)
    c.setStrokeColor(INK)
    c.setLineWidth(0.9)
    c.line(*f(0.5, 0.3), *f(0.5, 0.62))
    for u, v in ((0.35, 0.5), (0.65, 0.5), (0.38, 0.38), (0.62, 0.38), (0.5, 0.54)):
        f.circle(c, u, v, 0.03, INK)
    c.line(*f(0.46, 0.68), *f(0.38, 0.76))
    c.line(*f(0.54, 0.68), *f(0.62, 0.76))


@motif(
    "pawprints",
    Patterned.having(fill="#2d5a3d", colour="#a6d27a"),
)
def pawprints(c: Canvas, rect: Rect, box: Box, ctx: PaintContext) -> None:
    """The animal tiles' common back: rows of paw prints."""
    x, y, w, h = rect
    ground(c, rect, ctx.ink(box, "fill"))
    ink = ctx.ink(box, "colour")
    step = min(w, h) / 4  # small beside a tile: a back the duplex shifts 3 mm looks the same
    c.setFillColor(ink)
    for px, py in tiling(rect, step):
        c.ellipse(
            px - step * 0.16, py - step * 0.14, px + step * 0.16, py + step * 0.12, stroke=0, fill=1
        )
        for dx, dy in ((-0.17, 0.16), (-0.06, 0.24), (0.06, 0.24), (0.17, 0.16)):
            c.circle(px + dx * step, py + dy * step, step * 0.06, stroke=0, fill=1)
