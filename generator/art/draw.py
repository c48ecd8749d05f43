"""Small drawing helpers shared by the motifs."""

from __future__ import annotations

from reportlab.lib import colors

from ..render.style import shade, tint

BLEED_ROOM = 30  # points a background runs past its picture, so bleed never shows white


def poly(c, points, fill, stroke=None, width=1.0, close=True) -> None:
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


def backdrop(c, rect, sky, ground, ground_share: float) -> float:
    """Sky with a soft lighter band toward the horizon and the ground below; returns the
    height of the horizon. Both run past the picture into any bleed."""
    x, y, w, h = rect
    horizon = y + h * ground_share
    c.setFillColor(sky)
    c.rect(x - BLEED_ROOM, horizon, w + 2 * BLEED_ROOM, h * (1 - ground_share) + BLEED_ROOM,
           stroke=0, fill=1)
    c.setFillColor(tint(sky, 0.35))
    c.rect(x - BLEED_ROOM, horizon, w + 2 * BLEED_ROOM, h * 0.12, stroke=0, fill=1)
    c.setFillColor(ground)
    c.rect(x - BLEED_ROOM, y - BLEED_ROOM, w + 2 * BLEED_ROOM, horizon - y + BLEED_ROOM,
           stroke=0, fill=1)
    c.setFillColor(shade(ground, 0.15))
    c.rect(x - BLEED_ROOM, horizon - 1.2, w + 2 * BLEED_ROOM, 1.2, stroke=0, fill=1)
    return horizon


def cloud(c, cx, cy, size) -> None:
    c.setFillColor(colors.white)
    for dx, dy, r in ((0, 0, 1.0), (0.9, 0.2, 0.8), (-0.9, 0.15, 0.75), (0.35, 0.55, 0.7)):
        c.circle(cx + dx * size, cy + dy * size, r * size, stroke=0, fill=1)


def param(box, key, default):
    value = box.get(key)
    return default if value is None else value
