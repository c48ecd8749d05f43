"""The town theme's single tiles, small self-contained scenes, and the tiles' back."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from reportlab.lib import colors

from bastelbogen.content.painters import Colours, Patterned, motif, scene_keys
from bastelbogen.core.params import COLOUR, Key
from bastelbogen.render.art.draw import backdrop, ground, light, poly, tiling
from bastelbogen.render.motifs import BLEED_ROOM
from bastelbogen.render.style import shade, tint

if TYPE_CHECKING:
    from bastelbogen.core.geometry import Rect
    from bastelbogen.layout.layouts import Box
    from bastelbogen.render.paint import PaintContext
    from bastelbogen.render.style import Canvas


GROUND_SHARE = 0.13  # the share of a town scene below its horizon (the buildings' too)


class Tree(Colours):
    trunk = Key(COLOUR, "#7a4b2a", help="the trunk's colour")
    fruit = Key(COLOUR, "#d55e00", help="the fruit's colour")


@motif("tree", scene_keys("#a8daf3", "#7dbb5a", "#3f8f3a", Tree))
def tree(c: Canvas, rect: Rect, box: Box, ctx: PaintContext) -> None:
    x, y, w, h = rect
    horizon = backdrop(
        c,
        rect,
        ctx.ink(box, "sky"),
        ctx.ink(box, "ground"),
        GROUND_SHARE + 0.04,
    )
    cx = x + w / 2
    trunk = ctx.ink(box, "trunk")
    leaves = ctx.ink(box, "colour")
    c.setFillColor(trunk)
    c.rect(cx - w * 0.06, horizon - h * 0.02, w * 0.12, h * 0.36, stroke=0, fill=1)
    for dx, dy, r, k in (
        (0, 0.62, 0.34, 0.0),
        (-0.2, 0.5, 0.24, 0.12),
        (0.2, 0.52, 0.25, 0.08),
        (0.02, 0.76, 0.26, -0.1),
    ):
        c.setFillColor(tint(leaves, k) if k >= 0 else shade(leaves, -k))
        c.circle(cx + dx * w, y + dy * h, r * w, stroke=0, fill=1)
    c.setFillColor(ctx.ink(box, "fruit"))
    for dx, dy in ((-0.15, 0.6), (0.12, 0.68), (0.05, 0.52), (-0.05, 0.78)):
        c.circle(cx + dx * w, y + dy * h, w * 0.035, stroke=0, fill=1)


@motif(
    "lantern",
    scene_keys("#2c3e6b", "#8d8a84", "#ffd866"),
)
def lantern(c: Canvas, rect: Rect, box: Box, ctx: PaintContext) -> None:
    x, y, w, h = rect
    sky = ctx.ink(box, "sky")
    horizon = backdrop(c, rect, sky, ctx.ink(box, "ground"), GROUND_SHARE)
    cx = x + w / 2
    glow = ctx.ink(box, "colour")
    # The glow: two discs of light over the evening sky, the inner one where both lie
    # (15 %, then 25 % over that), mixed into the sky's own bands.
    for r, a in ((0.22, 0.15), (0.14, 1 - 0.85 * 0.75)):
        c.saveState()
        disc = c.beginPath()
        disc.circle(cx, y + h * 0.72, r * w)
        c.clipPath(disc, stroke=0, fill=0)
        light(c, rect, sky, horizon, y + h + BLEED_ROOM, over=(glow, a))
        c.restoreState()
    for sx, sy in ((0.2, 0.9), (0.75, 0.82), (0.35, 0.7), (0.85, 0.95), (0.15, 0.6)):
        c.setFillColor(colors.white)
        c.circle(x + sx * w, y + sy * h, 0.9, stroke=0, fill=1)
    post = colors.HexColor("#2b2b2b")
    c.setFillColor(post)
    c.rect(cx - w * 0.035, horizon, w * 0.07, h * 0.6, stroke=0, fill=1)
    c.rect(cx - w * 0.12, horizon, w * 0.24, h * 0.04, stroke=0, fill=1)
    poly(
        c,
        [
            (cx - w * 0.16, y + h * 0.66),
            (cx + w * 0.16, y + h * 0.66),
            (cx + w * 0.1, y + h * 0.8),
            (cx - w * 0.1, y + h * 0.8),
        ],
        glow,
    )
    poly(c, [(cx - w * 0.2, y + h * 0.8), (cx + w * 0.2, y + h * 0.8), (cx, y + h * 0.86)], post)


@motif(
    "fountain",
    scene_keys("#bfe3f5", "#c9b99a", "#56b4e9"),
)
def fountain(c: Canvas, rect: Rect, box: Box, ctx: PaintContext) -> None:
    x, y, w, h = rect
    horizon = backdrop(
        c,
        rect,
        ctx.ink(box, "sky"),
        ctx.ink(box, "ground"),
        GROUND_SHARE + 0.05,
    )
    water = ctx.ink(box, "colour")
    stone = colors.HexColor("#9a948a")
    cx = x + w / 2
    c.setStrokeColor(water)
    c.setLineWidth(1.4)
    for k in (-1, 1):
        for spread in (0.22, 0.34):
            p = c.beginPath()
            p.moveTo(cx, y + h * 0.52)
            p.curveTo(
                cx + k * w * spread * 0.4,
                y + h * 0.7,
                cx + k * w * spread,
                y + h * 0.66,
                cx + k * w * spread,
                horizon + h * 0.1,
            )
            c.drawPath(p, stroke=1, fill=0)
    c.setFillColor(stone)
    c.rect(cx - w * 0.05, horizon + h * 0.1, w * 0.1, h * 0.42, stroke=0, fill=1)
    c.ellipse(cx - w * 0.16, y + h * 0.5, cx + w * 0.16, y + h * 0.55, stroke=0, fill=1)
    c.setFillColor(shade(stone, 0.1))
    c.rect(x + w * 0.08, horizon - h * 0.02, w * 0.84, h * 0.12, stroke=0, fill=1)
    c.setFillColor(water)
    c.rect(x + w * 0.12, horizon + h * 0.07, w * 0.76, h * 0.03, stroke=0, fill=1)


@motif(
    "flowers",
    scene_keys("#c7e8f7", "#6b4a2f", "#cc79a7"),
)
def flowers(c: Canvas, rect: Rect, box: Box, ctx: PaintContext) -> None:
    x, y, w, h = rect
    horizon = backdrop(
        c,
        rect,
        ctx.ink(box, "sky"),
        ctx.ink(box, "ground"),
        GROUND_SHARE + 0.06,
    )
    petals = [
        ctx.ink(box, "colour"),
        colors.HexColor("#f0e442"),
        colors.HexColor("#d55e00"),
    ]
    stem = colors.HexColor("#3f8f3a")
    for i, (fx, fh) in enumerate(
        ((0.2, 0.42), (0.5, 0.58), (0.8, 0.46), (0.35, 0.3), (0.66, 0.34))
    ):
        cx, top = x + fx * w, horizon + fh * h * 0.8
        c.setStrokeColor(stem)
        c.setLineWidth(1.2)
        c.line(cx, horizon, cx, top)
        poly(
            c,
            [
                (cx, horizon + (top - horizon) * 0.4),
                (cx + w * 0.12, horizon + (top - horizon) * 0.55),
                (cx, horizon + (top - horizon) * 0.5),
            ],
            stem,
        )
        r = w * (0.09 if i < 3 else 0.07)
        c.setFillColor(petals[i % 3])
        for k in range(6):
            a = k * math.pi / 3
            c.circle(cx + r * math.cos(a), top + r * math.sin(a), r * 0.62, stroke=0, fill=1)
        c.setFillColor(colors.HexColor("#f7d046") if i % 3 != 1 else colors.HexColor("#7a4b2a"))
        c.circle(cx, top, r * 0.5, stroke=0, fill=1)


@motif(
    "rooftops",
    Patterned.having(fill="#1f2a44", colour="#d9b45a"),
)
def rooftops(c: Canvas, rect: Rect, box: Box, ctx: PaintContext) -> None:
    """The tiles' common back: a night skyline repeated in rows, the same on every tile."""
    x, y, w, h = rect
    night = ctx.ink(box, "fill")
    ground(c, rect, night)
    ink = ctx.ink(box, "colour")
    step = min(w, h) / 4  # small beside a tile: a back the duplex shifts 3 mm looks the same
    for bx, by in tiling(rect, step):
        poly(
            c,
            [
                (bx + step * 0.15, by),
                (bx + step * 0.15, by + step * 0.45),
                (bx + step * 0.5, by + step * 0.75),
                (bx + step * 0.85, by + step * 0.45),
                (bx + step * 0.85, by),
            ],
            tint(night, 0.12),
        )
        c.setFillColor(ink)
        c.rect(bx + step * 0.44, by + step * 0.22, step * 0.12, step * 0.14, stroke=0, fill=1)
