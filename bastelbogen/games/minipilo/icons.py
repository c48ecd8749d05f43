"""MiniPilo's symbols: five qualities and six joys of life, as simple, bold pictures that a
child can tell apart. Each draws in a unit square mapped onto its box."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from reportlab.lib import colors

from bastelbogen.content.painters import Coloured, motif
from bastelbogen.render.art.draw import poly

if TYPE_CHECKING:
    from bastelbogen.core.geometry import Rect
    from bastelbogen.layout.layouts import Box
    from bastelbogen.render.art.wash import Painting
    from bastelbogen.render.paint import PaintContext
    from bastelbogen.render.style import Canvas


WHITE = colors.white


class Square:
    """The box's largest centred square, in units 0..1."""

    def __init__(self, rect: Rect) -> None:
        x, y, w, h = rect
        self.s = min(w, h)
        self.x, self.y = x + (w - self.s) / 2, y + (h - self.s) / 2

    def __call__(self, u: float, v: float) -> tuple[float, float]:
        return self.x + u * self.s, self.y + v * self.s


def _disc(c: Canvas, q: Square, colour: colors.Color) -> None:
    c.setFillColor(colour)
    c.circle(*q(0.5, 0.5), 0.48 * q.s, stroke=0, fill=1)


def _heart(c: Canvas, q: Square, cx: float, cy: float, r: float, colour: colors.Color) -> None:
    x, y = q(cx, cy)
    k = r * q.s
    poly(
        c,
        [
            (x, y - k),
            (x - k * 1.3, y + k * 0.1, x - k * 0.6, y + k * 1.1, x, y + k * 0.45),
            (x + k * 0.6, y + k * 1.1, x + k * 1.3, y + k * 0.1, x, y - k),
        ],
        colour,
    )


def wissen(c: Canvas, q: Square, ink: colors.Color) -> None:  # an open book
    for side in (-1, 1):
        poly(
            c,
            [q(0.5, 0.3), q(0.5 + side * 0.3, 0.36), q(0.5 + side * 0.3, 0.72), q(0.5, 0.66)],
            WHITE,
        )
    c.setStrokeColor(ink)
    c.setLineWidth(q.s * 0.02)
    for k in range(3):
        for side in (-1, 1):
            c.line(*q(0.5 + side * 0.06, 0.48 + k * 0.06), *q(0.5 + side * 0.24, 0.52 + k * 0.06))


def humor(c: Canvas, q: Square, ink: colors.Color) -> None:  # a laughing face
    c.setFillColor(WHITE)
    c.circle(*q(0.5, 0.5), 0.3 * q.s, stroke=0, fill=1)
    c.setFillColor(ink)
    for u in (0.41, 0.59):
        c.circle(*q(u, 0.57), 0.035 * q.s, stroke=0, fill=1)
    x0, y0 = q(0.35, 0.3)
    x1, y1 = q(0.65, 0.58)
    c.wedge(x0, y0, x1, y1, 180, 180, stroke=0, fill=1)


def geduld(c: Canvas, q: Square, ink: colors.Color) -> None:  # an hourglass
    poly(
        c,
        [q(0.33, 0.76), q(0.67, 0.76), q(0.5, 0.5), q(0.67, 0.24), q(0.33, 0.24), q(0.5, 0.5)],
        WHITE,
    )
    poly(c, [q(0.42, 0.28), q(0.58, 0.28), q(0.5, 0.4)], ink)
    c.setFillColor(WHITE)
    for v in (0.2, 0.76):
        c.rect(*q(0.29, v), 0.42 * q.s, 0.04 * q.s, stroke=0, fill=1)


def bewusstsein(c: Canvas, q: Square, ink: colors.Color) -> None:  # an open eye
    poly(
        c,
        [
            q(0.18, 0.5),
            (*q(0.35, 0.72), *q(0.65, 0.72), *q(0.82, 0.5)),
            (*q(0.65, 0.28), *q(0.35, 0.28), *q(0.18, 0.5)),
        ],
        WHITE,
    )
    c.setFillColor(ink)
    c.circle(*q(0.5, 0.5), 0.12 * q.s, stroke=0, fill=1)
    c.setFillColor(WHITE)
    c.circle(*q(0.54, 0.54), 0.035 * q.s, stroke=0, fill=1)


def fantasie(c: Canvas, q: Square, ink: colors.Color) -> None:  # a shooting star
    pts = []
    for k in range(10):
        a = math.pi / 2 + k * math.pi / 5
        r = 0.24 if k % 2 == 0 else 0.1
        pts.append(q(0.56 + r * math.cos(a), 0.56 + r * math.sin(a)))
    poly(c, pts, WHITE)
    c.setStrokeColor(WHITE)
    c.setLineWidth(q.s * 0.04)
    c.setLineCap(1)
    for k, dv in enumerate((-0.08, 0.0, 0.08)):
        c.line(*q(0.2 + k * 0.03, 0.3 + dv), *q(0.38, 0.44 + dv * 0.5))


def kommunikation(c: Canvas, q: Square, ink: colors.Color) -> None:  # two speech bubbles
    for (u, v, r), tail in (((0.4, 0.58, 0.2), -1), ((0.64, 0.4, 0.16), 1)):
        c.setFillColor(WHITE)
        c.ellipse(*q(u - r, v - r * 0.7), *q(u + r, v + r * 0.7), stroke=0, fill=1)
        poly(
            c,
            [
                q(u + tail * r * 0.3, v - r * 0.5),
                q(u + tail * r * 0.9, v - r * 1.1),
                q(u + tail * r * 0.7, v - r * 0.4),
            ],
            WHITE,
        )
    c.setFillColor(ink)
    for k in range(3):
        c.circle(*q(0.32 + k * 0.08, 0.58), 0.025 * q.s, stroke=0, fill=1)


def tatkraft(c: Canvas, q: Square, ink: colors.Color) -> None:  # a lightning bolt
    poly(
        c,
        [q(0.56, 0.82), q(0.3, 0.46), q(0.48, 0.46), q(0.4, 0.18), q(0.7, 0.56), q(0.52, 0.56)],
        WHITE,
    )


def bildung(c: Canvas, q: Square, ink: colors.Color) -> None:  # a mortarboard
    poly(c, [q(0.16, 0.56), q(0.5, 0.72), q(0.84, 0.56), q(0.5, 0.4)], WHITE)
    poly(c, [q(0.3, 0.5), q(0.3, 0.32), q(0.7, 0.32), q(0.7, 0.5), q(0.5, 0.42)], WHITE)
    c.setStrokeColor(WHITE)
    c.setLineWidth(q.s * 0.02)
    c.line(*q(0.78, 0.58), *q(0.78, 0.36))
    c.setFillColor(WHITE)
    c.circle(*q(0.78, 0.34), 0.03 * q.s, stroke=0, fill=1)


def verantwortung(
    c: Canvas, q: Square, ink: colors.Color
) -> None:  # a sheltering hand over a small heart
    poly(
        c,
        [
            q(0.2, 0.42),
            (*q(0.3, 0.3), *q(0.7, 0.3), *q(0.8, 0.42)),
            q(0.8, 0.36),
            (*q(0.7, 0.22), *q(0.3, 0.22), *q(0.2, 0.36)),
        ],
        WHITE,
    )
    _heart(c, q, 0.5, 0.54, 0.14, WHITE)


def gesundheit(c: Canvas, q: Square, ink: colors.Color) -> None:  # an apple with a leaf
    c.setFillColor(WHITE)
    c.circle(*q(0.42, 0.46), 0.2 * q.s, stroke=0, fill=1)
    c.circle(*q(0.58, 0.46), 0.2 * q.s, stroke=0, fill=1)
    poly(
        c,
        [
            q(0.52, 0.66),
            (*q(0.6, 0.8), *q(0.74, 0.8), *q(0.72, 0.72)),
            (*q(0.64, 0.66), *q(0.56, 0.66), *q(0.52, 0.66)),
        ],
        WHITE,
    )


def liebe(c: Canvas, q: Square, ink: colors.Color) -> None:  # a heart
    _heart(c, q, 0.5, 0.44, 0.26, WHITE)


ICONS = {
    f.__name__: f
    for f in (
        wissen,
        humor,
        geduld,
        bewusstsein,
        fantasie,
        kommunikation,
        tatkraft,
        bildung,
        verantwortung,
        gesundheit,
        liebe,
    )
}


def icon(name: str) -> Painting:
    """A motif drawing the named symbol: white on a disc of the box's colour."""

    def draw(c: Canvas, rect: Rect, box: Box, ctx: PaintContext) -> None:
        ink = ctx.ink(box, "colour")
        q = Square(rect)
        _disc(c, q, ink)
        ICONS[name](c, q, ink)

    return draw


DISC = Coloured.having(colour="#0072b2")  # the disc's colour
for _name in ICONS:
    # Its colour and nothing else: an icon has no sky or ground to be given.
    motif(f"icon-{_name}", DISC)(icon(_name))
