"""MiniPilo's runners and the owl, and the signs that tell runners and star fields apart
without colour."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from reportlab.lib import colors

from bastelbogen.content.painters import Coloured, motif
from bastelbogen.core.params import COLOUR, BoxKeys, Key, choice
from bastelbogen.render.art.draw import poly
from bastelbogen.render.motifs import BLEED_ROOM
from bastelbogen.render.style import tint

if TYPE_CHECKING:
    from bastelbogen.core.geometry import Rect
    from bastelbogen.layout.layouts import Box
    from bastelbogen.render.paint import PaintContext
    from bastelbogen.render.style import Canvas


INK = colors.HexColor("#2b2b2b")
MARKS = ("circle", "square", "triangle", "diamond", "star", "cross")  # a runner's sign


def shape(c: Canvas, kind: str, x: float, y: float, r: float, colour: colors.Color) -> None:
    c.setFillColor(colour)
    if kind == "circle":
        c.circle(x, y, r, stroke=0, fill=1)
    elif kind == "square":
        c.rect(x - r * 0.85, y - r * 0.85, r * 1.7, r * 1.7, stroke=0, fill=1)
    elif kind == "diamond":
        poly(c, [(x, y + r * 1.1), (x + r * 0.85, y), (x, y - r * 1.1), (x - r * 0.85, y)], colour)
    elif kind == "star":
        poly(
            c,
            [
                (
                    x + (r if k % 2 == 0 else r * 0.45) * math.cos(math.pi / 2 + k * math.pi / 5),
                    y + (r if k % 2 == 0 else r * 0.45) * math.sin(math.pi / 2 + k * math.pi / 5),
                )
                for k in range(10)
            ],
            colour,
        )
    elif kind == "cross":
        c.rect(x - r, y - r * 0.3, 2 * r, r * 0.6, stroke=0, fill=1)
        c.rect(x - r * 0.3, y - r, r * 0.6, 2 * r, stroke=0, fill=1)
    else:
        poly(c, [(x - r, y - r * 0.8), (x + r, y - r * 0.8), (x, y + r * 0.95)], colour)


class Runner(BoxKeys):
    colour = Key(COLOUR, "#d55e00", help="its player's colour")
    mark = Key(choice(*MARKS), help="the sign on its badge, its player's")


@motif("runner", Runner)
def runner(c: Canvas, rect: Rect, box: Box, ctx: PaintContext) -> None:
    """A Mümvattel: a round little creature in its player's colour, its sign large and
    black on a white badge across its belly (8 mm and more: read across a table, 2 m off),
    so runners differ by more than colour."""
    x, y, w, h = rect
    body = ctx.ink(box, "colour")
    c.setFillColor(colors.HexColor("#eef6ea"))
    c.rect(x - BLEED_ROOM, y, w + 2 * BLEED_ROOM, h, stroke=0, fill=1)
    cx = x + w / 2
    for side in (-1, 1):  # ears
        poly(
            c,
            [
                (cx + side * w * 0.16, y + h * 0.66),
                (cx + side * w * 0.36, y + h * 0.9),
                (cx + side * w * 0.4, y + h * 0.6),
            ],
            body,
        )
    c.setFillColor(body)
    c.ellipse(cx - w * 0.46, y + h * 0.04, cx + w * 0.46, y + h * 0.76, stroke=0, fill=1)
    c.setFillColor(colors.white)
    c.setStrokeColor(INK)
    c.setLineWidth(w * 0.02)
    c.circle(cx, y + h * 0.31, w * 0.36, stroke=1, fill=1)
    mark = Runner(box).mark or ""
    if mark:
        shape(c, mark, cx, y + h * 0.31, w * 0.26, INK)
    if mark == "circle":  # a ring: as large as a square, and never read as one from afar
        c.setFillColor(colors.white)
        c.circle(cx, y + h * 0.31, w * 0.26 * 0.5, stroke=0, fill=1)
    for side in (-1, 1):  # eyes
        c.setFillColor(colors.white)
        c.circle(cx + side * w * 0.15, y + h * 0.655, w * 0.1, stroke=0, fill=1)
        c.setFillColor(INK)
        c.circle(cx + side * w * 0.14, y + h * 0.655, w * 0.05, stroke=0, fill=1)
    c.setStrokeColor(INK)
    c.setLineWidth(w * 0.03)
    c.arc(cx - w * 0.09, y + h * 0.535, cx + w * 0.09, y + h * 0.59, 200, 140)


@motif(
    "owl",
    Coloured.having(colour="#8a5a2b"),
)
def owl(c: Canvas, rect: Rect, box: Box, ctx: PaintContext) -> None:
    """The owl that walks the star."""
    x, y, w, h = rect
    feathers = ctx.ink(box, "colour")
    c.setFillColor(colors.HexColor("#23304f"))
    c.rect(x - BLEED_ROOM, y, w + 2 * BLEED_ROOM, h, stroke=0, fill=1)
    c.setFillColor(colors.HexColor("#f4ecd0"))
    c.circle(x + w * 0.8, y + h * 0.88, w * 0.08, stroke=0, fill=1)
    cx = x + w / 2
    c.setFillColor(feathers)
    c.ellipse(cx - w * 0.36, y + h * 0.08, cx + w * 0.36, y + h * 0.72, stroke=0, fill=1)
    for side in (-1, 1):
        poly(
            c,
            [
                (cx + side * w * 0.2, y + h * 0.66),
                (cx + side * w * 0.34, y + h * 0.82),
                (cx + side * w * 0.34, y + h * 0.6),
            ],
            feathers,
        )
        c.setFillColor(colors.white)
        c.circle(cx + side * w * 0.14, y + h * 0.54, w * 0.13, stroke=0, fill=1)
        c.setFillColor(colors.HexColor("#f0b429"))
        c.circle(cx + side * w * 0.14, y + h * 0.54, w * 0.07, stroke=0, fill=1)
        c.setFillColor(INK)
        c.circle(cx + side * w * 0.14, y + h * 0.54, w * 0.035, stroke=0, fill=1)
    poly(
        c,
        [(cx - w * 0.05, y + h * 0.46), (cx + w * 0.05, y + h * 0.46), (cx, y + h * 0.39)],
        colors.HexColor("#f0b429"),
    )
    c.setFillColor(tint(feathers, 0.45))
    c.ellipse(cx - w * 0.2, y + h * 0.12, cx + w * 0.2, y + h * 0.38, stroke=0, fill=1)
