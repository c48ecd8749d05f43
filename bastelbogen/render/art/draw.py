"""Small drawing helpers shared by the motifs."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from reportlab.lib import colors

from bastelbogen.render.motifs import BLEED_ROOM
from bastelbogen.render.style import mix, shade, tint

if TYPE_CHECKING:
    from bastelbogen.core.geometry import Rect
    from bastelbogen.render.style import Canvas


LIGHT_BANDS = 48


def poly(
    c: Canvas,
    points: Sequence[Sequence[float]],
    fill: colors.Color | None,
    stroke: colors.Color | None = None,
    width: float = 1.0,
    close: bool = True,
) -> None:
    """A path through points; a 6-tuple is a Bézier curve to its last two numbers."""
    p = c.beginPath()
    p.moveTo(*points[0])
    for pt in points[1:]:
        if len(pt) == 6:
            p.curveTo(*pt)
        else:
            p.lineTo(*pt)
    if close:
        p.close()
    if fill is not None:
        c.setFillColor(fill)
    if stroke is not None:
        c.setStrokeColor(stroke)
        c.setLineWidth(width)
    c.drawPath(p, stroke=int(stroke is not None), fill=int(fill is not None))


def light(
    c: Canvas,
    rect: Rect,
    colour: colors.Color,
    y0: float,
    y1: float,
    depth: float = 1.0,
    over: tuple[colors.Color, float] | None = None,
) -> None:
    """Fill from y0 to y1 across the picture (and into the bleed), lit from the right: the
    colour lightens from left to right across the whole picture. Pieces of one picture so
    meet in the same shade, while a piece beside the wrong neighbour, even of the same
    building, shows a step. Narrow bands, not a PDF shading: shadings inside forms are not
    drawn by every viewer. `over` (a colour and how strong) is a glow laid over the light,
    mixed into each band rather than laid over it translucent."""
    x, _, w, _ = rect
    for k in range(-1, LIGHT_BANDS + 1):
        share = min(max(k / (LIGHT_BANDS - 1), 0.0), 1.0)
        band = tint(shade(colour, 0.1 * depth * (1 - share)), 0.45 * depth * share)
        c.setFillColor(mix(band, *over) if over else band)
        left, width = x + w * k / LIGHT_BANDS, w / LIGHT_BANDS + 0.3
        if k == -1:
            left, width = x - BLEED_ROOM, BLEED_ROOM + 0.3
        elif k == LIGHT_BANDS:
            width = BLEED_ROOM
        c.rect(left, y0, width, y1 - y0, stroke=0, fill=1)


def backdrop(
    c: Canvas, rect: Rect, sky: colors.Color, ground: colors.Color, ground_share: float
) -> float:
    """Sky and ground, running past the picture into any bleed; returns the horizon."""
    x, y, w, h = rect
    horizon = y + h * ground_share
    light(c, rect, sky, horizon, y + h + BLEED_ROOM)
    c.setFillColor(tint(sky, 0.35))
    c.rect(x - BLEED_ROOM, horizon, w + 2 * BLEED_ROOM, h * 0.04, stroke=0, fill=1)
    light(c, rect, ground, y - BLEED_ROOM, horizon, 0.6)
    c.setFillColor(shade(ground, 0.15))
    c.rect(x - BLEED_ROOM, horizon - 1.2, w + 2 * BLEED_ROOM, 1.2, stroke=0, fill=1)
    return horizon


def cloud(c: Canvas, cx: float, cy: float, size: float) -> None:
    c.setFillColor(colors.white)
    for dx, dy, r in ((0, 0, 1.0), (0.9, 0.2, 0.8), (-0.9, 0.15, 0.75), (0.35, 0.55, 0.7)):
        c.circle(cx + dx * size, cy + dy * size, r * size, stroke=0, fill=1)


def tiling(rect: Rect, step: float) -> Iterator[tuple[float, float]]:
    """Positions of a pattern repeated every `step`, rows offset by half, over the picture
    and a step beyond it on every side."""
    x, y, w, h = rect
    for row in range(-1, int(h / step) + 2):
        for col in range(-1, int(w / step) + 2):
            yield x + col * step + (step / 2 if row % 2 else 0), y + row * step


def ground(c: Canvas, rect: Rect, colour: colors.Color) -> None:
    """A picture's ground, reaching into any bleed."""
    x, y, w, h = rect
    c.setFillColor(colour)
    c.rect(x - BLEED_ROOM, y - BLEED_ROOM, w + 2 * BLEED_ROOM, h + 2 * BLEED_ROOM, stroke=0, fill=1)
