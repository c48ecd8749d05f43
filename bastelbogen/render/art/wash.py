"""A painting's varnish as opaque colour steps: no transparency reaches the page.

Stacked translucent veils are drawn three ways by the engines that bring a PDF to paper
(PDFium, poppler and Ghostscript disagree on how they add up), and print shops whose
PDF/X profiles forbid transparency refuse them. So a painting is first recorded — its
drawing calls kept, not drawn — and then drawn once with the wash mixed into its colours:
every shape is cut into the wash's bands it crosses, each band filled with the shape's
colour as the veils would have left it. A band overlaps the one before it by a point, so
its anti-aliased edge lies on that band's colour and never on the paper."""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from bastelbogen.content.painters import Seeded, motif
from bastelbogen.core.geometry import Matrix, compose, inverse
from bastelbogen.core.params import COLOUR, Key
from bastelbogen.render.art.recording import (
    PAINTS,
    RGB,
    Args,
    Call,
    Pen,
    Recording,
    extent,
    transform,
)

if TYPE_CHECKING:
    from reportlab.pdfgen.pathobject import PDFPathObject

    from bastelbogen.core.geometry import Rect
    from bastelbogen.layout.layouts import Box
    from bastelbogen.render.paint import PaintContext
    from bastelbogen.render.style import Canvas

    Painting = Callable[[Canvas, Rect, Box, PaintContext], None]  # a motif's drawing

# How far along the wash a shape reaches, from and to, and how far across it.
Span = tuple[float, float, tuple[float, float]]
# A run of the wash's bands a shape takes one colour in: from, to (None: the shape's own
# end), the colour.
Run = tuple[float | None, float | None, RGB | None]


BANDS = 48  # steps of the wash across the picture: each a shade under two grey levels
OVERLAP = 1.0  # points a band reaches back over its neighbour, beyond any device pixel
SMALL = 2  # bands a shape must cross to be cut into them: a smaller one, a step, is one


class Wash:
    """A light or dark wash across the picture `rect` at `angle` (radians), deepening from
    nothing at the far corner behind it to `strength` at the corner ahead."""

    def __init__(self, rect: Rect, angle: float, tone: RGB, strength: float):
        self.rect, self.angle, self.tone, self.strength = rect, angle, tone, strength
        x, y, w, h = rect
        self.middle = (x + w / 2, y + h / 2)
        self.cos, self.sin = math.cos(angle), math.sin(angle)
        self.reach = abs(self.cos) * w + abs(self.sin) * h  # the picture's depth along it
        # From the wash's frame (along, across; from the picture's middle) to the picture.
        self.frame: Matrix = (self.cos, self.sin, -self.sin, self.cos, *self.middle)
        self._mixed: dict[tuple[RGB, int], RGB] = {}  # (colour, band) -> the colour mixed

    def along(self, x: float, y: float) -> float:
        """How far a point of the picture lies along the wash, from the picture's middle."""
        return (x - self.middle[0]) * self.cos + (y - self.middle[1]) * self.sin

    def across(self, x: float, y: float) -> float:
        """How far a point lies across the wash, from the picture's middle."""
        return (y - self.middle[1]) * self.cos - (x - self.middle[0]) * self.sin

    def edge(self, k: int) -> float:
        """Where band k begins, along the wash."""
        return self.reach * (k / BANDS - 0.5)

    def band(self, u: float) -> int:
        return min(max(math.floor((u / self.reach + 0.5) * BANDS), 0), BANDS - 1)

    def mixed(self, colour: RGB | None, k: int) -> RGB | None:
        """The colour (r, g, b) under k of the old veils, each strength / BANDS * 1.1
        strong, rounded to the 256 levels a page has (equal neighbours then share a band)."""
        if colour is None:
            return None
        found = self._mixed.get((colour, k))
        if found is None:
            veil = 1 - (1 - self.strength / BANDS * 1.1) ** k
            r, g, b = (
                round(round((v + (t - v) * veil) * 255) / 255, 3)
                for v, t in zip(colour, self.tone, strict=True)
            )
            found = (r, g, b)
            self._mixed[(colour, k)] = found
        return found


class Painted(Seeded):
    """A painting's keys: its seed, and a colour to build its palette from instead of the
    one the seed chooses (a designer's own colour, honoured like every motif's `colour`)."""

    colour = Key(COLOUR, help="builds the palette from this colour instead of the seed's")


def washed(name: str) -> Callable[[Painting], Painting]:
    """Register a painting motif that ends with `varnish`: recorded, then drawn washed."""

    def register(draw: Painting) -> Painting:
        @functools.wraps(draw)
        def paint(c: Canvas, rect: Rect, box: Box, ctx: PaintContext) -> None:
            recording = Recording()
            draw(recording, rect, box, ctx)
            replay(c, recording.calls, recording.wash)

        motif(name, Painted, painting=True)(paint)
        return draw

    return register


def replay(c: Canvas, calls: list[Call], wash: Wash | None) -> None:
    """Draw the recorded calls on `c` with the wash mixed into every shape."""
    pen = Pen()
    stack: list[Pen] = []  # the pens saved by saveState, for restoreState
    for name, args, kwargs in calls:
        if name in PAINTS:
            corners, margin = extent(name, args, kwargs, pen.width)
            points = [pen.to_picture(x, y) for x, y in corners]
            span = _span(wash, points, margin * pen.scale())
            _paint(c, pen, wash, (name, args, kwargs), span)
        elif name in ("setFillColor", "setStrokeColor"):
            pen.set(name, args[0])  # set on the page when a shape is painted, mixed
        else:
            pen = pen.follow(name, args, stack)
            getattr(c, name)(*args, **kwargs)


def _paint(c: Canvas, pen: Pen, wash: Wash | None, call: Call, span: Span) -> None:
    """One shape: filled in the wash's bands it crosses, each band a rectangle inside the
    shape as a clip (the shape is traced once, however many bands it crosses); its outline
    stroked band by band, each band a clip."""
    name, args, kwargs = call
    fill = kwargs.get("fill", 0) and name != "line"
    stroke = kwargs.get("stroke", 1) or name == "line"
    none: list[Run] = [(None, None, None)]
    fills = _runs(wash, pen.fill, span) if fill else none
    strokes = _runs(wash, pen.stroke, span) if stroke else none
    draw = getattr(c, name)
    if len(fills) == 1 and len(strokes) == 1:
        pen.show(c, fills[0][2], strokes[0][2])
        draw(*args, **kwargs)
        return
    assert wash is not None  # without a wash each shape is one run, drawn above
    shown = pen.shown
    if fill and len(fills) == 1:
        pen.show(c, fills[0][2], None)
        draw(*args, **{**kwargs, "stroke": 0})
    elif fill:
        c.saveState()
        path, mode = _outline(c, name, args, kwargs)
        c.clipPath(path, stroke=0, fill=0, fillMode=mode)
        # The bands are upright in the wash's own frame: each a rectangle, the shortest
        # drawing (a painting fills hundreds).
        transform(c, compose(inverse(pen.matrix), wash.frame))
        for low, high, colour in fills:
            pen.show(c, colour, None)
            c.rect(*_band(low, high, span), stroke=0, fill=1)
        c.restoreState()
        pen.shown = shown  # the page's colours went back with its state
    if stroke:
        for low, high, colour in strokes:
            c.saveState()
            transform(c, compose(inverse(pen.matrix), wash.frame))
            band = c.beginPath()
            band.rect(*_band(low, high, span))
            c.clipPath(band, stroke=0, fill=0)
            transform(c, compose(inverse(wash.frame), pen.matrix))
            pen.show(c, None, colour)
            if name == "line":
                draw(*args)
            else:
                draw(*args, **{**kwargs, "fill": 0, "stroke": 1})
            c.restoreState()
            pen.shown = shown


def _runs(wash: Wash | None, colour: RGB | None, span: Span) -> list[Run]:
    """(low, high, colour) for each run of the wash's bands where the colour is one, from
    one end of the shape's span to the other; a run reaches OVERLAP back over the last."""
    if wash is None:
        return [(None, None, colour)]
    runs: list[Run] = []
    for k in range(wash.band(span[0]), wash.band(span[1]) + 1):
        mixed = wash.mixed(colour, k)
        if runs and runs[-1][2] == mixed:
            continue
        if runs:
            runs[-1] = (runs[-1][0], wash.edge(k), runs[-1][2])
        runs.append((wash.edge(k) - OVERLAP if runs else None, None, mixed))
    return runs


def _outline(
    c: Canvas, name: str, args: Args, kwargs: Mapping[str, Any]
) -> tuple[PDFPathObject, int | None]:
    """The shape a paint call draws, as a path, and its fill rule."""
    if name == "drawPath":
        return args[0], kwargs.get("fillMode")
    path = c.beginPath()
    if name == "wedge":  # as reportlab's canvas draws one
        x1, y1, x2, y2, start, sweep = args[:6]
        path.moveTo((x1 + x2) / 2, (y1 + y2) / 2)
        path.arcTo(x1, y1, x2, y2, start, sweep)
        path.close()
    elif name == "ellipse":
        x1, y1, x2, y2 = args[:4]
        path.ellipse(x1, y1, x2 - x1, y2 - y1)
    else:  # rect, roundRect and circle take the same numbers as the canvas's
        getattr(path, name)(*args[: {"rect": 4, "roundRect": 5, "circle": 3}[name]])
    return path, None


def _span(wash: Wash | None, points: list[tuple[float, float]], margin: float) -> Span:
    """How far along the wash a shape reaches (one too small to cross SMALL bands as a
    point, its middle), and how far across it (for the bands' length)."""
    if wash is None:
        return 0.0, 0.0, (0.0, 0.0)
    along = [wash.along(x, y) for x, y in points]
    across = [wash.across(x, y) for x, y in points]
    side = (min(across) - margin - OVERLAP, max(across) + margin + OVERLAP)
    low, high = min(along) - margin, max(along) + margin
    if high - low < SMALL * wash.reach / BANDS:  # a dot, a stone: one colour
        return (low + high) / 2, (low + high) / 2, side
    return low, high, side


def _band(low: float | None, high: float | None, span: Span) -> Rect:
    """The rectangle (in the wash's frame) of the band from `low` to `high` along the wash
    (None: the shape's own end) across the shape, to a hundredth of a point: finer than any
    printer, and shorter numbers make smaller files."""
    low = span[0] - OVERLAP if low is None else low
    high = span[1] + OVERLAP if high is None else high
    v0, v1 = span[2]
    return round(low, 2), round(v0, 2), round(high - low, 2), round(v1 - v0, 2)
