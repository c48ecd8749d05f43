"""My Town's roofs: each shape drawn over a building's wall, in the room the sky leaves."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from reportlab.lib import colors

from bastelbogen.render.art.draw import poly
from bastelbogen.render.style import shade

if TYPE_CHECKING:
    from bastelbogen.layout.layouts import Box
    from bastelbogen.render.paint import PaintContext
    from bastelbogen.render.style import Canvas


ROOFS = ("gable", "hip", "flat", "stepped", "sawtooth", "dome", "spire", "clocktower", "towers")


def draw_roof(
    c: Canvas,
    roof: str,
    x0: float,
    x1: float,
    top: float,
    sky_top: float,
    colour: colors.Color,
    wall: colors.Color,
    box: Box,
    ctx: PaintContext,
) -> None:
    """The named roof over a wall from x0 to x1 whose top is at `top`, the sky reaching
    up to `sky_top`."""
    eaves = _Eaves(x0, x1, top, sky_top - top)
    if roof in ("clocktower", "towers"):
        _towers(c, eaves, roof == "clocktower", colour, wall, box, ctx)
    else:
        _ROOF_SHAPES.get(roof, _flat)(c, eaves, colour, wall)


@dataclass(frozen=True)
class _Eaves:
    """Where a roof sits: the wall's edges, its top, and the sky's room above it."""

    x0: float
    x1: float
    top: float
    room: float

    @property
    def over(self) -> float:  # how far a pitched roof reaches beyond the wall
        return (self.x1 - self.x0) * 0.04

    @property
    def mid(self) -> float:
        return (self.x0 + self.x1) / 2


def _gable(c: Canvas, e: _Eaves, colour: colors.Color, wall: colors.Color) -> None:
    poly(c, [(e.x0 - e.over, e.top), (e.mid, e.top + e.room * 0.5), (e.x1 + e.over, e.top)], colour)


def _hip(c: Canvas, e: _Eaves, colour: colors.Color, wall: colors.Color) -> None:
    x0, x1, top, room = e.x0, e.x1, e.top, e.room
    poly(
        c,
        [
            (x0 - e.over, top),
            (x0 + (x1 - x0) * 0.2, top + room * 0.32),
            (x1 - (x1 - x0) * 0.2, top + room * 0.32),
            (x1 + e.over, top),
        ],
        colour,
    )


def _stepped(c: Canvas, e: _Eaves, colour: colors.Color, wall: colors.Color) -> None:
    x0, x1, top, room = e.x0, e.x1, e.top, e.room
    steps = 4
    pts = [(x0, top)]
    for i in range(steps):
        sx = x0 + (x1 - x0) * i / (2 * steps)
        sy = top + room * 0.45 * (i + 1) / steps
        pts += [(sx, sy), (sx + (x1 - x0) / (2 * steps), sy)]
    pts += [(x1 - p[0] + x0, p[1]) for p in reversed(pts[1:])]
    poly(c, pts + [(x1, top)], colour)


def _sawtooth(c: Canvas, e: _Eaves, colour: colors.Color, wall: colors.Color) -> None:
    x0, top, room = e.x0, e.top, e.room
    teeth = 6
    tw = (e.x1 - x0) / teeth
    for i in range(teeth):
        poly(
            c,
            [(x0 + i * tw, top), (x0 + i * tw, top + room * 0.3), (x0 + (i + 1) * tw, top)],
            colour,
        )


def _dome(c: Canvas, e: _Eaves, colour: colors.Color, wall: colors.Color) -> None:
    mid, top, room = e.mid, e.top, e.room
    c.setFillColor(colour)
    r = (e.x1 - e.x0) * 0.16
    c.rect(mid - r * 1.1, top, r * 2.2, room * 0.12, stroke=0, fill=1)
    c.wedge(
        mid - r, top + room * 0.12 - r, mid + r, top + room * 0.12 + r, 0, 180, stroke=0, fill=1
    )
    _flat(c, e, colour, wall)


def _spire(c: Canvas, e: _Eaves, colour: colors.Color, wall: colors.Color) -> None:
    mid, top, room = e.mid, e.top, e.room
    tw = (e.x1 - e.x0) * 0.16
    c.setFillColor(shade(wall, 0.12))  # the tower stands out from the nave
    c.rect(mid - tw / 2, top, tw, room * 0.35, stroke=0, fill=1)
    poly(c, [(e.x0 - e.over, top), (mid, top + room * 0.28), (e.x1 + e.over, top)], colour)
    poly(
        c,
        [
            (mid - tw * 0.6, top + room * 0.35),
            (mid, top + room * 0.92),
            (mid + tw * 0.6, top + room * 0.35),
        ],
        colour,
    )
    _clock(c, mid, top + room * 0.2, tw * 0.32, wall)


def _towers(
    c: Canvas,
    e: _Eaves,
    clock: bool,
    colour: colors.Color,
    wall: colors.Color,
    box: Box,
    ctx: PaintContext,
) -> None:
    """A clock tower in the middle, or two towers with flags at the ends."""
    x0, x1, top, room = e.x0, e.x1, e.top, e.room
    _flat(c, e, colour, wall)
    centres = [e.mid] if clock else [x0 + (x1 - x0) * 0.12, x1 - (x1 - x0) * 0.12]
    for tx in centres:
        tw = (x1 - x0) * (0.14 if clock else 0.12)
        c.setFillColor(wall)
        c.rect(tx - tw / 2, top, tw, room * 0.45, stroke=0, fill=1)
        poly(
            c,
            [
                (tx - tw * 0.62, top + room * 0.45),
                (tx, top + room * 0.72),
                (tx + tw * 0.62, top + room * 0.45),
            ],
            colour,
        )
        if clock:
            _clock(c, tx, top + room * 0.26, tw * 0.3, wall)
        else:
            _flag(c, tx, top + room * 0.72, room * 0.16, ctx.ink(box, "flag", "#d55e00"))


def _flat(c: Canvas, e: _Eaves, colour: colors.Color, wall: colors.Color) -> None:
    _parapet(c, e.x0, e.x1, e.top, e.room, shade(wall, 0.2))


_ROOF_SHAPES = {
    "gable": _gable,
    "hip": _hip,
    "stepped": _stepped,
    "sawtooth": _sawtooth,
    "dome": _dome,
    "spire": _spire,
    "flat": _flat,
}


def _parapet(
    c: Canvas, x0: float, x1: float, top: float, room: float, colour: colors.Color
) -> None:
    c.setFillColor(colour)
    c.rect(x0 - 1, top, x1 - x0 + 2, room * 0.05, stroke=0, fill=1)


def _clock(c: Canvas, cx: float, cy: float, r: float, wall: colors.Color) -> None:
    c.setFillColor(colors.white)
    c.setStrokeColor(shade(wall, 0.6))
    c.setLineWidth(0.8)
    c.circle(cx, cy, r, stroke=1, fill=1)
    c.setStrokeColor(colors.HexColor("#333333"))
    c.line(cx, cy, cx, cy + r * 0.75)
    c.line(cx, cy, cx + r * 0.5, cy)


def _flag(c: Canvas, x: float, y: float, size: float, colour: colors.Color) -> None:
    c.setStrokeColor(colors.HexColor("#555555"))
    c.setLineWidth(0.6)
    c.line(x, y, x, y + size)
    poly(c, [(x, y + size), (x + size * 0.8, y + size * 0.8), (x, y + size * 0.6)], colour)
