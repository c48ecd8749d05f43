"""The pictures on Museo's event cards: one drawn sign per event, in one ink, so an event
turned up is known at a glance before its text is read."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from reportlab.lib import colors
from reportlab.pdfgen.canvas import FILL_EVEN_ODD

from bastelbogen.content.painters import motif
from bastelbogen.core.params import COLOUR, BoxKeys, Key, choice
from bastelbogen.render.art.draw import poly

if TYPE_CHECKING:
    from bastelbogen.core.geometry import Rect
    from bastelbogen.layout.layouts import Box
    from bastelbogen.render.paint import PaintContext
    from bastelbogen.render.style import Canvas


def _die(c: Canvas, s: float, ink: colors.Color) -> None:
    c.roundRect(s * 0.18, s * 0.18, s * 0.64, s * 0.64, s * 0.1, stroke=1, fill=0)
    for dx, dy in ((-1, -1), (0, 0), (1, 1)):
        c.circle(s * (0.5 + dx * 0.17), s * (0.5 + dy * 0.17), s * 0.055, stroke=0, fill=1)


def _hands(c: Canvas, s: float, ink: colors.Color) -> None:  # two cards taken at once
    for k, lean in ((0, -12), (1, 12)):
        c.saveState()
        c.translate(s * (0.38 + k * 0.24), s * 0.45)
        c.rotate(lean)
        c.rect(-s * 0.14, -s * 0.2, s * 0.28, s * 0.4, stroke=1, fill=0)
        c.restoreState()
    c.line(s * 0.5, s * 0.1, s * 0.5, s * 0.2)


def _mask(c: Canvas, s: float, ink: colors.Color) -> None:  # a thief's mask
    poly(
        c,
        [(s * 0.1, s * 0.55), (s * 0.9, s * 0.55), (s * 0.8, s * 0.38), (s * 0.2, s * 0.38)],
        ink,
    )
    c.setFillColor(colors.white)
    c.circle(s * 0.34, s * 0.47, s * 0.06, stroke=0, fill=1)
    c.circle(s * 0.66, s * 0.47, s * 0.06, stroke=0, fill=1)


def _awning(c: Canvas, s: float, ink: colors.Color) -> None:  # the flea market's awning over a card
    for k in range(4):
        c.rect(s * (0.15 + k * 0.175), s * 0.62, s * 0.175, s * 0.16, stroke=1, fill=k % 2)
    c.rect(s * 0.35, s * 0.2, s * 0.3, s * 0.34, stroke=1, fill=0)


def _bell(c: Canvas, s: float, ink: colors.Color) -> None:
    p = c.beginPath()
    p.moveTo(s * 0.22, s * 0.3)
    p.curveTo(s * 0.3, s * 0.45, s * 0.28, s * 0.8, s * 0.5, s * 0.8)
    p.curveTo(s * 0.72, s * 0.8, s * 0.7, s * 0.45, s * 0.78, s * 0.3)
    p.close()
    c.drawPath(p, stroke=0, fill=1)
    c.circle(s * 0.5, s * 0.24, s * 0.06, stroke=0, fill=1)
    for side in (-1, 1):  # it rings
        c.arc(
            s * 0.5 + side * s * 0.3 - s * 0.1,
            s * 0.45,
            s * 0.5 + side * s * 0.3 + s * 0.1,
            s * 0.65,
            90 - side * 90 - 40,
            80,
        )


def _ring(c: Canvas, s: float, ink: colors.Color) -> None:  # cards passed round to the left
    c.circle(s * 0.5, s * 0.5, s * 0.3, stroke=1, fill=0)
    for k in range(3):
        a = math.radians(90 + k * 120)
        x, y = s * 0.5 + s * 0.3 * math.cos(a), s * 0.5 + s * 0.3 * math.sin(a)
        t = a + math.pi / 2  # anticlockwise: to the left
        poly(
            c,
            [
                (x + s * 0.1 * math.cos(t), y + s * 0.1 * math.sin(t)),
                (x - s * 0.07 * math.cos(t - 1.2), y - s * 0.07 * math.sin(t - 1.2)),
                (x - s * 0.07 * math.cos(t + 1.2), y - s * 0.07 * math.sin(t + 1.2)),
            ],
            ink,
        )


def _brush(c: Canvas, s: float, ink: colors.Color) -> None:
    c.saveState()
    c.translate(s * 0.5, s * 0.5)
    c.rotate(-40)
    c.rect(-s * 0.04, -s * 0.05, s * 0.08, s * 0.42, stroke=0, fill=1)
    poly(
        c,
        [
            (-s * 0.08, -s * 0.05),
            (s * 0.08, -s * 0.05),
            (s * 0.03, -s * 0.35),
            (-s * 0.03, -s * 0.35),
        ],
        ink,
    )
    c.restoreState()


def _flag(c: Canvas, s: float, ink: colors.Color) -> None:  # a guide's flag
    c.line(s * 0.3, s * 0.12, s * 0.3, s * 0.88)
    poly(c, [(s * 0.3, s * 0.88), (s * 0.78, s * 0.74), (s * 0.3, s * 0.6)], ink)


def _moon(c: Canvas, s: float, ink: colors.Color) -> None:  # closed for the day
    p = c.beginPath()
    p.circle(s * 0.5, s * 0.5, s * 0.3)
    p.circle(s * 0.62, s * 0.6, s * 0.26)
    c.drawPath(p, stroke=0, fill=1, fillMode=FILL_EVEN_ODD)  # a crescent


def _eye(c: Canvas, s: float, ink: colors.Color) -> None:  # the connoisseur's eye
    p = c.beginPath()
    p.moveTo(s * 0.1, s * 0.5)
    p.curveTo(s * 0.3, s * 0.8, s * 0.7, s * 0.8, s * 0.9, s * 0.5)
    p.curveTo(s * 0.7, s * 0.2, s * 0.3, s * 0.2, s * 0.1, s * 0.5)
    c.drawPath(p, stroke=1, fill=0)
    c.circle(s * 0.5, s * 0.5, s * 0.13, stroke=0, fill=1)


def _split(c: Canvas, s: float, ink: colors.Color) -> None:  # one stack becomes two
    for k in range(3):
        c.rect(s * 0.1, s * (0.2 + k * 0.1), s * 0.3, s * 0.08, stroke=1, fill=0)
    for k in range(2):
        c.rect(s * 0.6, s * (0.2 + k * 0.1), s * 0.3, s * 0.08, stroke=1, fill=0)
    c.line(s * 0.4, s * 0.65, s * 0.62, s * 0.65)
    poly(c, [(s * 0.7, s * 0.65), (s * 0.6, s * 0.72), (s * 0.6, s * 0.58)], ink)


def _swap(c: Canvas, s: float, ink: colors.Color) -> None:  # a card out, a card in
    for y, (a, b) in ((0.62, (0.2, 0.8)), (0.38, (0.8, 0.2))):
        c.line(s * a, s * y, s * b, s * y)
        d = 1 if b > a else -1
        tip = s * b
        poly(
            c,
            [
                (tip + d * s * 0.06, s * y),
                (tip - d * s * 0.06, s * (y + 0.08)),
                (tip - d * s * 0.06, s * (y - 0.08)),
            ],
            ink,
        )


ICONS = {
    "die": _die,
    "hands": _hands,
    "mask": _mask,
    "awning": _awning,
    "bell": _bell,
    "ring": _ring,
    "brush": _brush,
    "flag": _flag,
    "moon": _moon,
    "eye": _eye,
    "split": _split,
    "swap": _swap,
}


class Icon(BoxKeys):
    icon = Key(choice(*ICONS), "die", help="which event's sign")
    colour = Key(COLOUR, "#6d1f2f", help="its colour")


@motif("event-icon", Icon)
def event_icon(c: Canvas, rect: Rect, box: Box, ctx: PaintContext) -> None:
    """The event's sign, drawn in a square of the box's height at its left."""
    x, y, _w, h = rect
    ink = ctx.ink(box, "colour")
    c.saveState()
    c.translate(x, y)
    c.setFillColor(ink)
    c.setStrokeColor(ink)
    c.setLineWidth(h * 0.06)
    c.setLineCap(1)
    c.setLineJoin(1)
    ICONS[Icon(box).icon](c, h, ink)
    c.restoreState()
