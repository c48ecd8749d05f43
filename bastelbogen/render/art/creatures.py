"""What the animals share: a unit-square frame, a scene, eyes and legs."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from reportlab.lib import colors

from bastelbogen.render.art.draw import backdrop, cloud, poly

if TYPE_CHECKING:
    from bastelbogen.core.geometry import Rect
    from bastelbogen.layout.layouts import Box
    from bastelbogen.render.paint import PaintContext
    from bastelbogen.render.style import Canvas


INK = colors.HexColor("#222222")


class Frame:
    """Maps the unit square onto the picture."""

    def __init__(self, rect: Rect) -> None:
        self.x, self.y, self.w, self.h = rect

    def __call__(self, u: float, v: float) -> tuple[float, float]:
        return self.x + u * self.w, self.y + v * self.h

    def ellipse(
        self, c: Canvas, u0: float, v0: float, u1: float, v1: float, fill: colors.Color
    ) -> None:
        c.setFillColor(fill)
        (x0, y0), (x1, y1) = self(u0, v0), self(u1, v1)
        c.ellipse(x0, y0, x1, y1, stroke=0, fill=1)

    def circle(self, c: Canvas, u: float, v: float, r: float, fill: colors.Color) -> None:
        """A circle of radius r in units of the picture's height, so it stays round."""
        c.setFillColor(fill)
        c.circle(*self(u, v), r * self.h, stroke=0, fill=1)

    def poly(self, c: Canvas, pts: Iterable[Sequence[float]], fill: colors.Color) -> None:
        poly(
            c,
            [
                self(*p)
                if len(p) == 2
                else tuple(v for k in range(3) for v in self(p[2 * k], p[2 * k + 1]))
                for p in pts
            ],
            fill,
        )


def scene(c: Canvas, rect: Rect, box: Box, ctx: PaintContext, share: float = 0.2) -> Frame:
    """The motif's sky over its ground (its own `sky` and `ground`, declared with it)."""
    backdrop(c, rect, ctx.ink(box, "sky"), ctx.ink(box, "ground"), share)
    f = Frame(rect)
    cloud(c, *f(0.2, 0.88), rect[3] * 0.035)
    return f


def eye(f: Frame, c: Canvas, u: float, v: float, r: float = 0.022) -> None:
    f.circle(c, u, v, r, colors.white)
    f.circle(c, u + r * 0.25 * f.h / f.w, v, r * 0.55, INK)


def legs(
    f: Frame,
    c: Canvas,
    us: Iterable[float],
    top: float,
    bottom: float,
    width: float,
    fill: colors.Color,
) -> None:
    for u in us:
        f.poly(
            c, [(u - width, top), (u + width, top), (u + width, bottom), (u - width, bottom)], fill
        )
