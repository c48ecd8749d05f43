"""What a painting drew, kept to be drawn again: its calls recorded instead of drawn, and
the graphics state followed while they are drawn (the colours chosen, the line width, where
the drawing's space lies in the picture's), so that wash.py can mix every colour."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from reportlab.lib import colors
from reportlab.pdfgen.pathobject import PDFPathObject

from bastelbogen.core.geometry import IDENTITY, Matrix, apply, compose

if TYPE_CHECKING:
    from bastelbogen.render.art.wash import Wash  # wash.py replays recordings: it imports this
    from bastelbogen.render.style import Canvas

STATE = {
    "saveState",
    "restoreState",
    "setLineWidth",
    "setLineCap",
    "setLineJoin",
    "setDash",
    "setMiterLimit",
    "clipPath",
}
MOVES = {"translate", "rotate", "scale", "transform"}
PAINTS = {"rect", "roundRect", "circle", "ellipse", "wedge", "line", "drawPath"}

# A canvas call's arguments, as reportlab (which ships no types) takes them: numbers, a
# path, a colour.
Args = tuple[Any, ...]
Call = tuple[str, Args, dict[str, Any]]  # a recorded call: its name, arguments, keywords
RGB = tuple[float, float, float]


class Recording:
    """A canvas stand-in that keeps a painting's drawing calls instead of drawing them; the
    painting's varnish, told last, is kept as `wash`."""

    def __init__(self) -> None:
        self.calls: list[Call] = []
        self.wash: Wash | None = None  # told last, by the painting's varnish

    def beginPath(self) -> PDFPathObject:  # noqa: N802 - reportlab's name
        return PDFPathObject()

    def __getattr__(self, name: str) -> Callable[..., None]:
        if name not in STATE | MOVES | PAINTS | {"setFillColor", "setStrokeColor"}:
            raise AttributeError(f"a washed painting cannot call canvas.{name}")

        def record(*args: Any, **kwargs: Any) -> None:
            self.calls.append((name, args, kwargs))

        return record


def transform(c: Canvas, m: Matrix) -> None:
    if m != IDENTITY:
        c.transform(*m)


class Pen:
    """What the replay follows of the graphics state: the colours as the painting chose
    them, the line width, and the matrix from the drawing's space to the picture's."""

    def __init__(self) -> None:
        self.fill: RGB | None = None
        self.stroke: RGB | None = None
        self.width = 1.0
        self.matrix = IDENTITY
        self.shown: tuple[RGB | None, RGB | None] = (None, None)  # the colours set on the page now

    def copy(self) -> Pen:
        pen = Pen()
        pen.__dict__.update(self.__dict__)
        return pen

    def show(self, c: Canvas, fill: RGB | None, stroke: RGB | None) -> None:
        """Set the mixed colours on the page, those that change."""
        if fill is not None and fill != self.shown[0]:
            c.setFillColorRGB(*fill)
        if stroke is not None and stroke != self.shown[1]:
            c.setStrokeColorRGB(*stroke)
        self.shown = (fill or self.shown[0], stroke or self.shown[1])

    def set(self, name: str, value: colors.Color | str | None) -> None:
        value = colors.toColor(value) if isinstance(value, str) else value
        if value is not None and getattr(value, "alpha", 1) < 1:
            # Translucent paint is what this module exists to keep off the page.
            raise ValueError("a painting may not use translucent colour; mix it instead")
        rgb = None if value is None else (value.red, value.green, value.blue)
        if name == "setFillColor":
            self.fill = rgb
        else:
            self.stroke = rgb

    def follow(self, name: str, args: Args, stack: list[Pen]) -> Pen:
        """The pen after a call that is not a shape (a new one after restoreState)."""
        if name in MOVES:
            self.move(name, args)
        elif name == "saveState":
            stack.append(self.copy())
        elif name == "restoreState":
            return stack.pop()
        elif name == "setLineWidth":
            self.width = args[0]
        elif name in ("setFillColor", "setStrokeColor"):
            self.set(name, args[0])
        return self

    def move(self, name: str, args: Args) -> None:
        m: Matrix
        if name == "translate":
            m = (1, 0, 0, 1, args[0], args[1])
        elif name == "rotate":
            a = math.radians(args[0])
            m = (math.cos(a), math.sin(a), -math.sin(a), math.cos(a), 0, 0)
        elif name == "scale":
            m = (args[0], 0, 0, args[1], 0, 0)
        else:
            m = tuple(args)
        self.matrix = compose(self.matrix, m)

    def scale(self) -> float:
        """How much the drawing's space is larger than the picture's, at most."""
        a, b, c, d, _, _ = self.matrix
        return max(abs(a) + abs(c), abs(b) + abs(d))

    def to_picture(self, x: float, y: float) -> tuple[float, float]:
        return apply(self.matrix, x, y)


def extent(
    name: str, args: Args, kwargs: Mapping[str, object], width: float
) -> tuple[list[tuple[float, float]], float]:
    """Corners of a box round the shape, in the drawing's space, and the margin a stroke
    adds (a curve lies inside its control points)."""
    if name == "drawPath":
        numbers: list[float] = []
        points: list[tuple[float, float]] = []
        for token in args[0].getCode().split():
            if token == "re":
                x, y, w, h = numbers[-4:]
                points += [(x, y), (x + w, y + h)]
                numbers = []
            elif token.isalpha() or token == "h":
                points += list(zip(numbers[::2], numbers[1::2], strict=False))
                numbers = []
            else:
                numbers.append(float(token))
        xs, ys = [p[0] for p in points], [p[1] for p in points]
    elif name in ("rect", "roundRect"):
        x, y, w, h = args[:4]
        xs, ys = [x, x + w], [y, y + h]
    elif name == "circle":
        x, y, r = args[:3]
        xs, ys = [x - r, x + r], [y - r, y + r]
    else:  # ellipse, wedge (its whole ellipse), line: two corners
        xs, ys = [args[0], args[2]], [args[1], args[3]]
    stroked = kwargs.get("stroke", 1)  # reportlab strokes unless told not to
    corners = [(x, y) for x in (min(xs), max(xs)) for y in (min(ys), max(ys))]
    # A stroke reaches half its width past the shape, a square corner's mitre √2 times that:
    # a whole width covers both.
    return corners, (width if stroked else 0.0)
