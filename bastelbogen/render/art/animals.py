"""The animal theme: long animals that stretch across their tiles, head on the last part.

Every animal is drawn in the picture's own unit square (u across, v up), so the same
animal fits a building of two tiles or of three.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from reportlab.lib import colors

from bastelbogen.content.painters import motif, scene_keys
from bastelbogen.render.art.creatures import INK, eye, legs, scene
from bastelbogen.render.style import shade, tint

if TYPE_CHECKING:
    from bastelbogen.core.geometry import Rect
    from bastelbogen.layout.layouts import Box
    from bastelbogen.render.paint import PaintContext
    from bastelbogen.render.style import Canvas


@motif(
    "cat",
    scene_keys("#bfe6f7", "#8cc66b", "#e69f00"),
)
def cat(c: Canvas, rect: Rect, box: Box, ctx: PaintContext) -> None:
    f = scene(c, rect, box, ctx)
    fur = ctx.ink(box, "colour")
    c.setStrokeColor(shade(fur, 0.1))
    c.setLineWidth(f.h * 0.05)
    p = c.beginPath()
    p.moveTo(*f(0.18, 0.4))
    p.curveTo(*f(0.02, 0.45), *f(0.02, 0.75), *f(0.12, 0.78))
    c.drawPath(p, stroke=1, fill=0)
    legs(f, c, (0.26, 0.36, 0.6, 0.7), 0.35, 0.17, 0.035, shade(fur, 0.1))
    f.ellipse(c, 0.14, 0.26, 0.76, 0.52, fur)
    for u in (0.3, 0.4, 0.5, 0.6):  # stripes
        f.poly(c, [(u, 0.52), (u + 0.04, 0.5), (u + 0.02, 0.38)], shade(fur, 0.3))
    f.circle(c, 0.8, 0.55, 0.15, fur)
    f.poly(c, [(0.7, 0.64), (0.72, 0.8), (0.78, 0.68)], fur)
    f.poly(c, [(0.82, 0.68), (0.88, 0.8), (0.9, 0.64)], fur)
    eye(f, c, 0.77, 0.58)
    eye(f, c, 0.86, 0.58)
    f.circle(c, 0.82, 0.5, 0.018, colors.HexColor("#cc79a7"))
    c.setStrokeColor(INK)
    c.setLineWidth(0.4)
    for dv in (-0.02, 0.02):
        c.line(*f(0.84, 0.5), *f(0.95, 0.5 + dv))
        c.line(*f(0.8, 0.5), *f(0.69, 0.5 + dv))


@motif(
    "dog",
    scene_keys("#bfe6f7", "#9fcf6e", "#a0682f"),
)
def dog(c: Canvas, rect: Rect, box: Box, ctx: PaintContext) -> None:
    f = scene(c, rect, box, ctx)
    fur = ctx.ink(box, "colour")
    legs(f, c, (0.24, 0.34, 0.58, 0.68), 0.35, 0.16, 0.04, shade(fur, 0.15))
    f.poly(c, [(0.17, 0.38), (0.05, 0.6), (0.09, 0.62), (0.23, 0.44)], fur)
    f.ellipse(c, 0.14, 0.28, 0.74, 0.54, fur)
    f.ellipse(c, 0.36, 0.34, 0.5, 0.5, tint(fur, 0.5))  # a patch
    f.circle(c, 0.78, 0.6, 0.15, fur)
    f.ellipse(c, 0.8, 0.5, 0.98, 0.62, tint(fur, 0.35))
    f.circle(c, 0.96, 0.59, 0.03, INK)
    f.poly(c, [(0.7, 0.7), (0.66, 0.48), (0.74, 0.5)], shade(fur, 0.35))
    eye(f, c, 0.8, 0.65)
    f.ellipse(c, 0.64, 0.44, 0.69, 0.66, colors.HexColor("#d55e00"))  # collar


@motif(
    "rabbit",
    scene_keys("#bfe6f7", "#a6d27a", "#cfc6bb"),
)
def rabbit(c: Canvas, rect: Rect, box: Box, ctx: PaintContext) -> None:
    f = scene(c, rect, box, ctx)
    fur = ctx.ink(box, "colour")
    f.ellipse(c, 0.2, 0.18, 0.72, 0.52, fur)
    f.circle(c, 0.2, 0.4, 0.07, colors.white)
    f.ellipse(c, 0.52, 0.16, 0.72, 0.24, shade(fur, 0.1))
    f.circle(c, 0.76, 0.55, 0.14, fur)
    for du in (0.0, 0.07):
        f.ellipse(c, 0.68 + du, 0.62, 0.76 + du, 0.95, fur)
        f.ellipse(c, 0.7 + du, 0.66, 0.74 + du, 0.9, colors.HexColor("#f2b8c6"))
    eye(f, c, 0.8, 0.58)
    f.circle(c, 0.88, 0.52, 0.02, colors.HexColor("#cc79a7"))


@motif(
    "fish",
    scene_keys("#2f7fb8", "#e8d9a8", "#f0e442"),
)
def fish(c: Canvas, rect: Rect, box: Box, ctx: PaintContext) -> None:
    f = scene(c, rect, box, ctx, share=0.12)
    body = ctx.ink(box, "colour")
    for u, v in ((0.1, 0.7), (0.88, 0.82), (0.93, 0.72)):
        f.circle(c, u, v, 0.03, tint(colors.HexColor("#2f7fb8"), 0.5))
    f.poly(c, [(0.08, 0.3), (0.26, 0.5), (0.08, 0.72)], shade(body, 0.2))
    f.ellipse(c, 0.18, 0.26, 0.92, 0.76, body)
    f.poly(c, [(0.45, 0.72), (0.6, 0.88), (0.66, 0.72)], shade(body, 0.2))
    c.setStrokeColor(shade(body, 0.3))
    c.setLineWidth(0.6)
    for u in (0.38, 0.48, 0.58):
        p = c.beginPath()
        p.moveTo(*f(u, 0.32))
        p.curveTo(*f(u + 0.06, 0.42), *f(u + 0.06, 0.58), *f(u, 0.68))
        c.drawPath(p, stroke=1, fill=0)
    eye(f, c, 0.8, 0.56, 0.04)
    f.poly(c, [(0.9, 0.48), (0.94, 0.5), (0.9, 0.52)], INK)
    f.poly(c, [(0.0, 0.12), (0.05, 0.3), (0.1, 0.12)], colors.HexColor("#009e73"))  # weed


@motif(
    "turtle",
    scene_keys("#bfe6f7", "#c9b37e", "#009e73"),
)
def turtle(c: Canvas, rect: Rect, box: Box, ctx: PaintContext) -> None:
    f = scene(c, rect, box, ctx)
    shell = ctx.ink(box, "colour")
    skin = colors.HexColor("#9ccf70")
    legs(f, c, (0.3, 0.66), 0.44, 0.16, 0.05, skin)
    f.poly(c, [(0.16, 0.44), (0.04, 0.4), (0.16, 0.36)], skin)
    f.poly(c, [(0.8, 0.44), (0.86, 0.5), (0.9, 0.42), (0.84, 0.36)], skin)
    f.ellipse(c, 0.8, 0.42, 0.97, 0.6, skin)
    eye(f, c, 0.91, 0.53)
    c.setFillColor(shell)
    (x0, y0), (x1, y1) = f(0.12, 0.12), f(0.86, 0.78)
    c.wedge(x0, y0, x1, y1, 0, 180, stroke=0, fill=1)
    c.setStrokeColor(shade(shell, 0.35))
    c.setLineWidth(0.9)
    for k in range(6):  # plates
        u = 0.2 + k * 0.11
        c.line(*f(u, 0.45), *f(u + 0.05, 0.62))
        c.line(*f(u + 0.05, 0.62), *f(u + 0.11, 0.45))
    c.line(*f(0.13, 0.45), *f(0.85, 0.45))
    f.poly(c, [(0.12, 0.45), (0.86, 0.45), (0.86, 0.42), (0.12, 0.42)], shade(shell, 0.3))


@motif(
    "crocodile",
    scene_keys("#bfe6f7", "#4f8fb0", "#3f8f3a"),
)
def crocodile(c: Canvas, rect: Rect, box: Box, ctx: PaintContext) -> None:
    f = scene(c, rect, box, ctx, share=0.22)
    skin = ctx.ink(box, "colour")
    f.poly(c, [(0.0, 0.3), (0.3, 0.44), (0.3, 0.3)], skin)  # tail
    f.ellipse(c, 0.18, 0.24, 0.74, 0.5, skin)
    f.poly(c, [(0.66, 0.32), (0.95, 0.33), (0.96, 0.42), (0.7, 0.48)], skin)  # snout
    f.poly(c, [(0.72, 0.36), (0.94, 0.36), (0.94, 0.34), (0.72, 0.33)], colors.white)
    for u in [0.74 + 0.035 * k for k in range(6)]:
        f.poly(c, [(u, 0.36), (u + 0.015, 0.39), (u + 0.03, 0.36)], colors.white)
    for u in [0.22 + 0.06 * k for k in range(8)]:  # ridge
        f.poly(c, [(u, 0.47), (u + 0.025, 0.53), (u + 0.05, 0.47)], shade(skin, 0.3))
    legs(f, c, (0.3, 0.42, 0.56, 0.66), 0.3, 0.2, 0.025, shade(skin, 0.15))
    eye(f, c, 0.72, 0.5, 0.035)


@motif(
    "snake",
    scene_keys("#bfe6f7", "#d8c48a", "#cc79a7"),
)
def snake(c: Canvas, rect: Rect, box: Box, ctx: PaintContext) -> None:
    f = scene(c, rect, box, ctx)
    skin = ctx.ink(box, "colour")
    c.setStrokeColor(skin)
    c.setLineWidth(f.h * 0.13)
    c.setLineCap(1)
    p = c.beginPath()
    p.moveTo(*f(0.04, 0.3))
    p.curveTo(*f(0.2, 0.7), *f(0.32, 0.12), *f(0.5, 0.4))
    p.curveTo(*f(0.62, 0.6), *f(0.72, 0.2), *f(0.86, 0.45))
    c.drawPath(p, stroke=1, fill=0)
    c.setStrokeColor(tint(skin, 0.5))
    c.setLineWidth(f.h * 0.03)
    c.setDash(3, 5)
    c.drawPath(p, stroke=1, fill=0)
    c.setDash()
    f.ellipse(c, 0.82, 0.4, 0.98, 0.6, skin)
    eye(f, c, 0.92, 0.53)
    c.setStrokeColor(colors.HexColor("#d55e00"))
    c.setLineWidth(0.8)
    c.line(*f(0.98, 0.48), *f(1.0, 0.46))


@motif(
    "dachshund",
    scene_keys("#bfe6f7", "#a6d27a", "#7a4b2a"),
)
def dachshund(c: Canvas, rect: Rect, box: Box, ctx: PaintContext) -> None:
    f = scene(c, rect, box, ctx)
    fur = ctx.ink(box, "colour")
    f.poly(c, [(0.14, 0.4), (0.03, 0.54), (0.05, 0.56), (0.18, 0.45)], fur)
    legs(f, c, (0.18, 0.26, 0.7, 0.78), 0.32, 0.16, 0.025, shade(fur, 0.2))
    f.ellipse(c, 0.12, 0.28, 0.84, 0.5, fur)
    c.saveState()  # a sweater for a long dog, following the body's outline
    (x0, y0), (x1, y1) = f(0.12, 0.28), f(0.84, 0.5)
    body = c.beginPath()
    body.ellipse(x0, y0, x1 - x0, y1 - y0)
    c.clipPath(body, stroke=0, fill=0)
    c.setFillColor(colors.HexColor("#56b4e9"))
    (x0, y0), (x1, y1) = f(0.36, 0.2), f(0.6, 0.6)
    c.rect(x0, y0, x1 - x0, y1 - y0, stroke=0, fill=1)
    c.restoreState()
    f.circle(c, 0.82, 0.55, 0.13, fur)
    f.ellipse(c, 0.84, 0.46, 0.95, 0.56, fur)
    f.circle(c, 0.945, 0.53, 0.025, INK)
    f.ellipse(c, 0.72, 0.38, 0.8, 0.64, shade(fur, 0.35))  # ear
    eye(f, c, 0.85, 0.6)


@motif(
    "caterpillar",
    scene_keys("#bfe6f7", "#7dbb5a", "#8fd14f"),
)
def caterpillar(c: Canvas, rect: Rect, box: Box, ctx: PaintContext) -> None:
    f = scene(c, rect, box, ctx)
    f.ellipse(c, -0.05, 0.12, 1.05, 0.32, colors.HexColor("#3f8f3a"))  # the leaf
    body = ctx.ink(box, "colour")
    n = 9
    for k in range(n):
        u = 0.08 + k * 0.09
        v = 0.38 + 0.04 * math.sin(k * 1.3)
        f.circle(c, u, v, 0.1, body if k % 2 else shade(body, 0.12))
        f.circle(c, u, v - 0.1, 0.02, INK)
    f.circle(c, 0.88, 0.48, 0.13, colors.HexColor("#d55e00"))
    eye(f, c, 0.9, 0.52)
    c.setStrokeColor(INK)
    c.setLineWidth(0.7)
    c.line(*f(0.86, 0.6), *f(0.83, 0.74))
    c.line(*f(0.9, 0.6), *f(0.93, 0.74))


@motif(
    "whale",
    scene_keys("#9fd3f0", "#2f6fa8", "#0072b2"),
)
def whale(c: Canvas, rect: Rect, box: Box, ctx: PaintContext) -> None:
    f = scene(c, rect, box, ctx, share=0.45)
    body = ctx.ink(box, "colour")
    f.poly(c, [(0.06, 0.47), (0.22, 0.44), (0.22, 0.56), (0.06, 0.53)], body)  # the stalk
    f.poly(c, [(0.0, 0.66), (0.1, 0.5), (0.0, 0.36), (0.04, 0.5)], body)
    f.ellipse(c, 0.1, 0.28, 0.95, 0.72, body)
    f.ellipse(c, 0.4, 0.28, 0.92, 0.46, tint(body, 0.55))
    eye(f, c, 0.8, 0.56, 0.03)
    c.setStrokeColor(colors.white)
    c.setLineWidth(1.2)
    for du in (-0.03, 0.0, 0.03):
        p = c.beginPath()
        p.moveTo(*f(0.6, 0.72))
        p.curveTo(*f(0.6 + du, 0.82), *f(0.6 + du * 2, 0.86), *f(0.6 + du * 3, 0.9))
        c.drawPath(p, stroke=1, fill=0)


@motif(
    "ducks",
    scene_keys("#bfe6f7", "#56b4e9", "#f0e442"),
)
def ducks(c: Canvas, rect: Rect, box: Box, ctx: PaintContext) -> None:
    f = scene(c, rect, box, ctx, share=0.3)
    plumage = ctx.ink(box, "colour")
    for u, s in ((0.14, 0.55), (0.33, 0.55), (0.52, 0.55), (0.76, 1.0)):
        colour = plumage if s < 1 else colors.HexColor("#ffffff")
        f.ellipse(c, u - 0.12 * s, 0.24, u + 0.1 * s, 0.24 + 0.22 * s, colour)
        f.circle(c, u + 0.08 * s, 0.24 + 0.3 * s, 0.1 * s, colour)
        f.poly(
            c,
            [
                (u + 0.13 * s, 0.24 + 0.3 * s),
                (u + 0.2 * s, 0.24 + 0.27 * s),
                (u + 0.13 * s, 0.24 + 0.24 * s),
            ],
            colors.HexColor("#e69f00"),
        )
        eye(f, c, u + 0.1 * s, 0.24 + 0.32 * s, 0.02)
