"""What a finished Weltkreis project shows once it is turned over: the place that opened,
drawn, each project its own scene (a garden, a circus tent, a bridge of books, an
observatory, a festival), so the opened side says what was built before anyone reads it.

A scene fills its whole picture (sky above, ground below, both into the bleed); what
matters is drawn in the stage, the band between the title panel at the top and the
qualities at the foot of the mat (STAGE, as shares of the picture's height)."""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING

from reportlab.lib import colors

from bastelbogen.content.painters import motif
from bastelbogen.core.params import BoxKeys, Key, choice
from bastelbogen.render.art.draw import poly
from bastelbogen.render.motifs import BLEED_ROOM
from bastelbogen.render.style import shade, tint

if TYPE_CHECKING:
    from bastelbogen.core.geometry import Rect
    from bastelbogen.layout.layouts import Box
    from bastelbogen.render.paint import PaintContext
    from bastelbogen.render.style import Canvas


STAGE = (0.2, 0.78)  # the band the panels leave free, bottom and top, shares of the height
HORIZON = 0.3  # where the ground meets the sky, a share of the stage from its foot
WHITE = colors.white
INK = colors.HexColor("#2b2b2b")


class Stage:
    """The stage in units: u 0..1 across the picture, v 0..1 up the stage."""

    def __init__(self, rect: Rect) -> None:
        x, y, w, h = rect
        self.x, self.w = x, w
        self.y, self.h = y + h * STAGE[0], h * (STAGE[1] - STAGE[0])
        self.rect = rect

    def __call__(self, u: float, v: float) -> tuple[float, float]:
        return self.x + u * self.w, self.y + v * self.h


def _ground(c: Canvas, st: Stage, sky: str, ground: str) -> None:
    """Sky above the horizon, ground below it, both past the picture into the bleed."""
    x, y, w, h = st.rect
    horizon = st(0, HORIZON)[1]
    c.setFillColor(colors.HexColor(sky))
    c.rect(x - BLEED_ROOM, horizon, w + 2 * BLEED_ROOM, y + h + BLEED_ROOM - horizon, 0, 1)
    c.setFillColor(colors.HexColor(ground))
    c.rect(x - BLEED_ROOM, y - BLEED_ROOM, w + 2 * BLEED_ROOM, horizon - y + BLEED_ROOM, 0, 1)


def _disc(c: Canvas, st: Stage, u: float, v: float, r: float, colour: colors.Color) -> None:
    c.setFillColor(colour)
    c.circle(*st(u, v), r * st.w, stroke=0, fill=1)


def _box(
    c: Canvas, st: Stage, u: float, v: float, du: float, dv: float, colour: colors.Color
) -> None:
    poly(c, [st(u, v), st(u + du, v), st(u + du, v + dv), st(u, v + dv)], colour)


def _star(c: Canvas, x: float, y: float, r: float, colour: colors.Color) -> None:
    points = [
        (
            x + (r if k % 2 == 0 else r * 0.42) * math.cos(math.pi / 2 + k * math.pi / 5),
            y + (r if k % 2 == 0 else r * 0.42) * math.sin(math.pi / 2 + k * math.pi / 5),
        )
        for k in range(10)
    ]
    poly(c, points, colour)


def _bunting(c: Canvas, st: Stage, v: float, sag: float, inks: list[str]) -> None:
    """A line of little flags across the picture, sagging in the middle."""
    c.setStrokeColor(INK)
    c.setLineWidth(st.w * 0.004)
    n = 11
    tops = [(k / (n - 1), v - sag * math.sin(math.pi * k / (n - 1))) for k in range(n)]
    for (u0, v0), (u1, v1) in zip(tops, tops[1:], strict=False):
        c.line(*st(u0, v0), *st(u1, v1))
    for k, (u0, v0) in enumerate(tops[:-1]):
        u1, v1 = tops[k + 1]
        mid = ((u0 + u1) / 2, (v0 + v1) / 2 - 0.09)
        poly(c, [st(u0 + 0.012, v0), st(u1 - 0.012, v1), st(*mid)], colors.HexColor(inks[k % 4]))


def _pennants(
    c: Canvas, st: Stage, start: tuple[float, float], end: tuple[float, float], inks: list[str]
) -> None:
    """Little flags hanging along a straight line from `start` to `end` (stage units)."""
    c.setStrokeColor(INK)
    c.setLineWidth(st.w * 0.004)
    c.line(*st(*start), *st(*end))
    n = 6
    for k in range(n):
        u0, v0 = (start[i] + (end[i] - start[i]) * (k + 0.15) / n for i in (0, 1))
        u1, v1 = (start[i] + (end[i] - start[i]) * (k + 0.85) / n for i in (0, 1))
        tip = ((u0 + u1) / 2, (v0 + v1) / 2 - 0.08)
        poly(c, [st(u0, v0), st(u1, v1), st(*tip)], colors.HexColor(inks[k % len(inks)]))


def garden(c: Canvas, st: Stage) -> None:
    """The community garden: sun, a shed, raised beds in rows and three sunflowers."""
    _ground(c, st, "#a8daf3", "#7dbb5a")
    _disc(c, st, 0.82, 0.82, 0.08, colors.HexColor("#f6c344"))
    _box(c, st, 0.06, 0.3, 0.26, 0.26, colors.HexColor("#b5651d"))  # the shed and its roof
    poly(c, [st(0.03, 0.56), st(0.35, 0.56), st(0.19, 0.72)], colors.HexColor("#8e2b20"))
    _box(c, st, 0.15, 0.3, 0.08, 0.15, colors.HexColor("#6b3a12"))
    for row in range(3):  # raised beds, each with its plants
        v = 0.04 + row * 0.09
        _box(c, st, 0.38 - row * 0.04, v, 0.56 + row * 0.04, 0.05, colors.HexColor("#7a4b2a"))
        for k in range(7):
            _disc(
                c, st, 0.42 + k * 0.075 - row * 0.03, v + 0.065, 0.022, colors.HexColor("#2e7d32")
            )
    for u, top in ((0.46, 0.7), (0.6, 0.78), (0.74, 0.66)):  # sunflowers
        c.setStrokeColor(colors.HexColor("#2e7d32"))
        c.setLineWidth(st.w * 0.012)
        c.line(*st(u, 0.32), *st(u, top))
        for k in range(10):
            a = k * math.pi / 5
            x, y = st(u, top)
            _petal(c, x, y, a, st.w * 0.08, colors.HexColor("#f6c344"))
        _disc(c, st, u, top, 0.03, colors.HexColor("#6b3a12"))


def _petal(c: Canvas, x: float, y: float, angle: float, r: float, colour: colors.Color) -> None:
    px, py = x + math.cos(angle) * r * 0.6, y + math.sin(angle) * r * 0.6
    c.setFillColor(colour)
    c.circle(px, py, r * 0.32, stroke=0, fill=1)


def circus(c: Canvas, st: Stage) -> None:
    """The children's circus: a striped big top under bunting, a flag, stars at dusk."""
    _ground(c, st, "#3d3a78", "#c9a66b")
    for u, v in ((0.1, 0.9), (0.3, 0.96), (0.86, 0.88), (0.7, 0.97), (0.93, 0.7)):
        _star(c, *st(u, v), st.w * 0.02, colors.HexColor("#f6e08a"))
    top, stripes = st(0.5, 0.86), 8
    for k in range(stripes):  # the tent's wall and roof, in stripes
        u0, u1 = 0.14 + 0.72 * k / stripes, 0.14 + 0.72 * (k + 1) / stripes
        ink = colors.HexColor("#c0392b" if k % 2 == 0 else "#fdf6e3")
        poly(c, [st(u0, 0.3), st(u1, 0.3), st(u1, 0.56), st(u0, 0.56)], ink)
        poly(c, [st(u0, 0.56), st(u1, 0.56), top], ink)
    poly(c, [st(0.42, 0.3), st(0.58, 0.3), st(0.5, 0.48)], colors.HexColor("#2b1d3a"))  # door
    c.setStrokeColor(INK)
    c.setLineWidth(st.w * 0.008)
    c.line(*top, *st(0.5, 0.97))
    poly(c, [st(0.5, 0.97), st(0.6, 0.94), st(0.5, 0.91)], colors.HexColor("#f6c344"))
    for end in (0.0, 1.0):  # pennants on lines from the pole to either side
        _pennants(c, st, (0.5, 0.86), (end, 0.5), ["#f6c344", "#56b4e9", "#009e73", "#cc79a7"])
    _disc(c, st, 0.08, 0.36, 0.05, colors.HexColor("#0072b2"))  # a ball to juggle
    _disc(c, st, 0.92, 0.36, 0.05, colors.HexColor("#f6c344"))


def bridge(c: Canvas, st: Stage) -> None:
    """The book bridge: an arch of books over a river, a tree on either bank."""
    _ground(c, st, "#bfe6f7", "#7dbb5a")
    poly(
        c,
        [st(0.3, 0.3), st(0.7, 0.3), st(0.78, -0.4), st(0.22, -0.4)],
        colors.HexColor("#2f6fa8"),
    )
    c.setStrokeColor(colors.HexColor("#9fd3f0"))
    c.setLineWidth(st.w * 0.008)
    for k in range(4):
        u, v = 0.36 + 0.08 * (k % 2), 0.22 - 0.08 * k
        c.line(*st(u, v), *st(u + 0.14, v))
    inks = ["#c0392b", "#f6c344", "#0072b2", "#009e73", "#cc79a7", "#e69f00", "#8f3f6c"]
    n = 15
    for k in range(n):  # the books, standing along an arch
        a = math.pi * (k + 0.5) / n
        cx, cy = st(0.5 - 0.38 * math.cos(a), 0.3 + 0.5 * math.sin(a))
        _book(c, cx, cy, a - math.pi / 2, st.w * 0.045, st.w * 0.11, colors.HexColor(inks[k % 7]))
    for u in (0.08, 0.92):
        c.setFillColor(colors.HexColor("#7a4b2a"))
        c.rect(*st(u - 0.015, 0.3), st.w * 0.03, st.h * 0.16, stroke=0, fill=1)
        _disc(c, st, u, 0.5, 0.07, colors.HexColor("#3f8f3a"))


def _book(
    c: Canvas, x: float, y: float, turn: float, w: float, h: float, colour: colors.Color
) -> None:
    c.saveState()
    c.translate(x, y)
    c.rotate(math.degrees(turn))
    c.setFillColor(colour)
    c.setStrokeColor(shade(colour, 0.35))
    c.setLineWidth(w * 0.08)
    c.rect(-w / 2, -h / 2, w, h, stroke=1, fill=1)
    c.setFillColor(tint(colour, 0.6))
    c.rect(-w / 2, h * 0.18, w, h * 0.08, stroke=0, fill=1)
    c.restoreState()


def observatory(c: Canvas, st: Stage) -> None:
    """The observatory: a domed tower on a hill, its telescope out at a night of stars."""
    _ground(c, st, "#1d2a55", "#2f5e3a")
    sky = random.Random(4)  # the same night every time
    for k in range(22):
        u, v = sky.uniform(0.02, 0.98), sky.uniform(0.5, 1.0)
        _star(c, *st(u, v), st.w * (0.012 + 0.008 * (k % 3)), colors.HexColor("#f6e08a"))
    _disc(c, st, 0.15, 0.86, 0.07, colors.HexColor("#f4ecd0"))
    _disc(c, st, 0.19, 0.89, 0.06, colors.HexColor("#1d2a55"))  # the moon's shadow
    hill = shade(colors.HexColor("#2f5e3a"), 0.1)
    poly(c, [st(-0.1, 0.3), (*st(0.25, 0.46), *st(0.75, 0.46), *st(1.1, 0.3))], hill)
    _box(c, st, 0.36, 0.4, 0.28, 0.2, colors.HexColor("#d9d4c7"))
    x, y = st(0.5, 0.6)
    c.setFillColor(colors.HexColor("#b8c4d6"))
    c.wedge(x - st.w * 0.16, y - st.w * 0.16, x + st.w * 0.16, y + st.w * 0.16, 0, 180, 0, 1)
    c.saveState()
    c.translate(x, y + st.w * 0.04)
    c.rotate(35)
    c.setFillColor(colors.HexColor("#4a4a4a"))
    c.rect(0, -st.w * 0.025, st.w * 0.24, st.w * 0.05, stroke=0, fill=1)
    c.restoreState()
    _box(c, st, 0.46, 0.4, 0.08, 0.11, colors.HexColor("#6b3a12"))  # the door
    for u in (0.4, 0.56):
        _box(c, st, u, 0.53, 0.04, 0.04, colors.HexColor("#f6c344"))


def festival(c: Canvas, st: Stage) -> None:
    """The peace festival: a rainbow, a white dove, balloons and bunting over a meadow."""
    _ground(c, st, "#bfe6f7", "#8cc66d")
    x, y = st(0.5, 0.3)
    for k, ink in enumerate(["#c0392b", "#e69f00", "#f6c344", "#009e73", "#0072b2", "#8f3f6c"]):
        r = st.w * (0.46 - 0.04 * k)
        c.setFillColor(colors.HexColor(ink))
        c.wedge(x - r, y - r, x + r, y + r, 0, 180, stroke=0, fill=1)
    r = st.w * 0.22
    c.setFillColor(colors.HexColor("#bfe6f7"))
    c.wedge(x - r, y - r, x + r, y + r, 0, 180, stroke=0, fill=1)
    _bunting(c, st, 0.98, 0.08, ["#c0392b", "#f6c344", "#009e73", "#0072b2"])
    _dove(c, st)
    for u, v, ink in ((0.12, 0.6, "#c0392b"), (0.2, 0.68, "#f6c344"), (0.86, 0.62, "#cc79a7")):
        c.setStrokeColor(INK)
        c.setLineWidth(st.w * 0.004)
        c.line(*st(u, v), *st(u + 0.02, v - 0.3))
        c.setFillColor(colors.HexColor(ink))
        bx, by = st(u, v)
        c.ellipse(bx - st.w * 0.05, by, bx + st.w * 0.05, by + st.w * 0.13, stroke=0, fill=1)
    for k in range(9):  # flowers in the meadow
        _disc(c, st, 0.06 + k * 0.11, 0.08 + 0.08 * (k % 3), 0.018, colors.HexColor("#fdf6e3"))


def _dove(c: Canvas, st: Stage) -> None:
    """A white dove with an olive twig in its beak, flying to the right over the rainbow."""
    grey = colors.HexColor("#7d8a99")
    line = st.w * 0.005
    x, y = st(0.5, 0.5)
    r = st.w * 0.1
    poly(
        c,
        [(x - r * 1.6, y + r * 0.1), (x - r * 0.6, y + r * 0.3), (x - r * 0.6, y - r * 0.25)],
        WHITE,
        grey,
        line,
    )  # tail
    c.setFillColor(WHITE)
    c.setStrokeColor(grey)
    c.setLineWidth(line)
    c.ellipse(x - r, y - r * 0.4, x + r * 0.9, y + r * 0.4, stroke=1, fill=1)
    c.circle(x + r * 0.95, y + r * 0.3, r * 0.32, stroke=1, fill=1)
    wing = [(x - r * 0.3, y + r * 0.2), (x - r * 0.2, y + r * 1.6), (x + r * 0.5, y + r * 0.25)]
    poly(c, wing, WHITE, grey, line)
    poly(
        c,
        [(x + r * 1.22, y + r * 0.36), (x + r * 1.55, y + r * 0.26), (x + r * 1.22, y + r * 0.18)],
        colors.HexColor("#f0b429"),
    )
    c.setFillColor(INK)
    c.circle(x + r * 1.02, y + r * 0.38, r * 0.06, stroke=0, fill=1)
    c.setStrokeColor(colors.HexColor("#3f8f3a"))
    c.setLineWidth(line * 1.4)
    c.line(x + r * 1.45, y + r * 0.24, x + r * 2.1, y - r * 0.05)
    c.setFillColor(colors.HexColor("#3f8f3a"))
    for k in range(3):
        c.ellipse(
            x + r * (1.6 + 0.18 * k),
            y + r * (0.02 - 0.07 * k),
            x + r * (1.75 + 0.18 * k),
            y + r * (0.32 - 0.07 * k),
            stroke=0,
            fill=1,
        )


SCENES = {f.__name__: f for f in (garden, circus, bridge, observatory, festival)}


class Opened(BoxKeys):
    scene = Key(choice(*SCENES), "garden", help="the project that opened")


@motif("project-opened", Opened)
def opened(c: Canvas, rect: Rect, box: Box, ctx: PaintContext) -> None:
    """The project that opened, drawn: its scene (`scene`, one of SCENES)."""
    SCENES[Opened(box).scene](c, Stage(rect))
