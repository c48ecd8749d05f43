"""Figures for standees, drawn in a 100 x 150 unit frame scaled to their box."""

from __future__ import annotations

from typing import TYPE_CHECKING

from reportlab.lib import colors

from bastelbogen.content.painters import motif
from bastelbogen.core.params import COLOUR, BoxKeys, Key
from bastelbogen.render.art.draw import poly
from bastelbogen.render.style import mix, shade, tint

if TYPE_CHECKING:
    from bastelbogen.core.geometry import Rect
    from bastelbogen.layout.layouts import Box
    from bastelbogen.render.paint import PaintContext
    from bastelbogen.render.style import Canvas


def _frame(c: Canvas, rect: Rect) -> None:
    """Scale the 100 x 150 frame evenly into the box, centred: figures never stretch."""
    x, y, w, h = rect
    k = min(w / 100, h / 150)
    c.translate(x + (w - 100 * k) / 2, y + (h - 150 * k) / 2)
    c.scale(k, k)


class Baron(BoxKeys):
    colour = Key(COLOUR, "#D55E00", help="his coat's colour")
    sky = Key(COLOUR, "#56B4E9", help="the evening sky he rides across")


@motif("baron", Baron)
def baron(c: Canvas, rect: Rect, box: Box, ctx: PaintContext) -> None:
    """Baron Münchhausen riding his cannonball across an evening sky."""
    _frame(c, rect)
    coat = ctx.ink(box, "colour")
    sky = ctx.ink(box, "sky")
    ink = colors.HexColor("#1b1b1b")
    skin = colors.HexColor("#f1c7a1")
    gold = colors.HexColor("#d9b45a")
    _sky_and_ball(c, sky)
    _rider(c, coat, ink, skin, gold)
    _head(c, ink, skin, gold)


def _sky_and_ball(c: Canvas, sky: colors.Color) -> None:
    """An evening sky with clouds, the cannonball and its smoke trail."""
    c.setFillColor(tint(sky, 0.55))
    c.rect(-100, -100, 300, 350, stroke=0, fill=1)  # the box's clip trims the sky
    c.setFillColor(colors.white)
    for cx, cy, rx, ry in (
        (22, 128, 16, 6),
        (34, 132, 12, 7),
        (78, 112, 18, 6),
        (88, 116, 10, 6),
        (70, 40, 16, 5),
    ):
        c.ellipse(cx - rx, cy - ry, cx + rx, cy + ry, stroke=0, fill=1)
    # Smoke trail behind the ball.
    c.setFillColor(mix(tint(sky, 0.55), colors.white, 0.9))  # white smoke, the sky through it
    for i, r in enumerate((3, 4.5, 6, 7.5)):
        c.circle(20 - i * 5, 22 + i * 3, r, stroke=0, fill=1)
    # Cannonball.
    c.setFillColor(colors.HexColor("#3a3a3a"))
    c.circle(50, 30, 22, stroke=0, fill=1)
    c.setFillColor(colors.HexColor("#5c5c5c"))
    c.circle(43, 37, 9, stroke=0, fill=1)
    c.setFillColor(colors.HexColor("#8a8a8a"))
    c.circle(40, 40, 3, stroke=0, fill=1)


def _rider(
    c: Canvas, coat: colors.Color, ink: colors.Color, skin: colors.Color, gold: colors.Color
) -> None:
    """Boots, coat and arms: the baron astride the ball."""
    # Boots either side of the ball.
    for side in (-1, 1):
        bx = 50 + side * 20
        poly(
            c,
            [
                (bx - 5, 48),
                (bx + 5, 48),
                (bx + 6, 26),
                (bx + 6 + 6 * side, 24),
                (bx + 6 + 6 * side, 19),
                (bx - 5, 19),
            ],
            ink,
        )
        c.setFillColor(shade(coat, 0.45))
        c.rect(bx - 6, 46, 12, 8, stroke=0, fill=1)
    # Coat with its skirts over the ball.
    poly(c, [(34, 56), (66, 56), (63, 92), (37, 92)], coat)
    poly(c, [(30, 50), (50, 56), (70, 50), (66, 60), (34, 60)], shade(coat, 0.2))
    c.setFillColor(gold)
    for by in (64, 72, 80, 88):
        c.circle(50, by, 1.6, stroke=0, fill=1)
    c.setStrokeColor(gold)
    c.setLineWidth(1.2)
    c.line(37, 60, 63, 60)
    # Arm raised in greeting, the other holding the fuse side.
    poly(c, [(62, 88), (80, 106), (84, 102), (66, 82)], coat)
    c.setFillColor(skin)
    c.circle(83, 106, 4, stroke=0, fill=1)
    poly(c, [(38, 86), (28, 70), (32, 67), (42, 80)], coat)
    c.circle(29, 67, 3.5, stroke=0, fill=1)


def _head(c: Canvas, ink: colors.Color, skin: colors.Color, gold: colors.Color) -> None:
    # Head, wig, face.
    c.setFillColor(colors.HexColor("#ece6da"))
    c.circle(50, 103, 12.5, stroke=0, fill=1)
    c.setFillColor(skin)
    c.circle(50, 102, 10, stroke=0, fill=1)
    c.setFillColor(ink)
    c.circle(46, 104, 1.2, stroke=0, fill=1)
    c.circle(54, 104, 1.2, stroke=0, fill=1)
    c.setFillColor(shade(skin, 0.15))
    c.circle(50, 100.5, 1.8, stroke=0, fill=1)
    # The famous moustache, curled at both ends.
    poly(
        c,
        [
            (50, 98),
            (44, 97, 40, 95, 38, 99),
            (37, 96, 41, 93, 45, 95.5),
            (48, 96.5, 50, 97, 50, 97),
            (50, 97, 52, 96.5, 55, 95.5),
            (59, 93, 63, 96, 62, 99),
            (60, 95, 56, 97, 50, 98),
        ],
        ink,
    )
    # Tricorn hat with gold braid.
    poly(c, [(32, 111), (50, 126), (68, 111), (60, 115), (50, 112), (40, 115)], ink)
    c.setStrokeColor(gold)
    c.setLineWidth(1.0)
    p = c.beginPath()
    p.moveTo(32, 111)
    p.lineTo(40, 115)
    p.lineTo(50, 112)
    p.lineTo(60, 115)
    p.lineTo(68, 111)
    c.drawPath(p, stroke=1, fill=0)
    c.setFillColor(gold)
    c.circle(50, 119, 1.8, stroke=0, fill=1)
