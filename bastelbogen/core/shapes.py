"""The shape of a piece as geometry: its cut outline (closed loops of points, item-local,
in points, y up), that outline grown by the bleed (what the art is clipped to) and shrunk by
the safe width (where text must stay). Offsets are true offsets of the shape, made with
shapely, not of its bounding box.

    shape: rect                      (the default)
    shape: {rounded: 3mm}            corners rounded
    shape: hex                       pointy top; {hex: flat} for a flat top
    shape: circle                    (an ellipse when the size is not square)
    shape: {polygon: [[0, 0], [40, 0], [20, 35]]}   mm from the top-left corner
    shape: {path: "M 0 0 H 40 V 30 Z"}     SVG path data in mm, or a die-line SVG file
                                           (dielines.py makes either a polygon's corners)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from bastelbogen.core.geometry import Rect
from bastelbogen.core.units import mm

KINDS = ("rect", "rounded", "hex", "circle", "polygon", "path")
ARC_STEPS = 96  # points on a circle: within 0.005 mm of the true curve at 60 mm across
CORNER_STEPS = 12  # points on a rounded corner's quarter circle

Loop = tuple[tuple[float, float], ...]


@dataclass(frozen=True)
class Shape:
    """The outline a piece is cut along: a rectangle (rounded), a circle, a hex or a polygon."""

    kind: str = "rect"
    radius: float = 0.0  # a rounded rectangle's corners, points
    orient: str = "pointy"  # a hex: pointy or flat top
    points: tuple[tuple[float, float], ...] = ()  # a polygon's (a path's) corners, mm from top-left

    @property
    def nests(self) -> bool:
        """Whether pieces of this shape interlock on a sheet (hexes, circles)."""
        return self.kind in ("hex", "circle")


RECT = Shape()


def outline(shape: Shape, w: float, h: float) -> tuple[Loop, ...]:
    """The cut outline of a piece of trim w x h (its bounding box), counter-clockwise."""
    if shape.kind == "hex":
        if shape.orient == "flat":
            pts = [(w / 4, 0), (3 * w / 4, 0), (w, h / 2), (3 * w / 4, h), (w / 4, h), (0, h / 2)]
        else:
            pts = [(w / 2, 0), (w, h / 4), (w, 3 * h / 4), (w / 2, h), (0, 3 * h / 4), (0, h / 4)]
    elif shape.kind == "circle":
        pts = [
            (
                w / 2 + w / 2 * math.cos(2 * math.pi * k / ARC_STEPS),
                h / 2 + h / 2 * math.sin(2 * math.pi * k / ARC_STEPS),
            )
            for k in range(ARC_STEPS)
        ]
    elif shape.kind == "rounded":
        pts = _rounded(w, h, min(shape.radius, w / 2, h / 2))
    elif shape.kind in ("polygon", "path"):
        pts = [(mm(x), h - mm(y)) for x, y in shape.points]
        if _area(pts) < 0:
            pts.reverse()
    else:
        pts = [(0.0, 0.0), (w, 0.0), (w, h), (0.0, h)]
    return (tuple((round(x, 6), round(y, 6)) for x, y in pts),)


def seen_from_behind(loops: tuple[Loop, ...], w: float) -> tuple[Loop, ...]:
    """The outline in a back's own coordinates: the piece turned over about its upright
    axis, so an asymmetric shape's back is its mirror image."""
    return tuple(tuple((round(w - x, 6), y) for x, y in reversed(loop)) for loop in loops)


def _rounded(w: float, h: float, r: float) -> list[tuple[float, float]]:
    if r <= 0:
        return [(0.0, 0.0), (w, 0.0), (w, h), (0.0, h)]
    pts = []
    for cx, cy, start in ((w - r, r, -90), (w - r, h - r, 0), (r, h - r, 90), (r, r, 180)):
        for k in range(CORNER_STEPS + 1):
            a = math.radians(start + 90 * k / CORNER_STEPS)
            pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def _area(pts: list[tuple[float, float]]) -> float:
    return (
        sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1], strict=True))
        / 2
    )


def polygon_problem(points: Sequence[tuple[float, float]]) -> str | None:
    """Why corners (mm) make no piece: no area, or edges that cross each other."""
    from shapely.geometry import Polygon

    if not Polygon(points).is_valid or abs(_area(list(points))) < 1.0:  # under 1 mm²
        return (
            "a polygon's edges cross each other or its corners enclose no area; list"
            " them in order round it"
        )
    return None


def offset(loops: tuple[Loop, ...], distance: float) -> tuple[Loop, ...]:
    """The outline grown (distance > 0) or shrunk (< 0) by a true offset: straight edges
    stay straight with mitred corners, curves stay curves."""
    if not distance:
        return loops
    from shapely.geometry import Polygon  # geometry of shapes only where shapes are used

    grown = Polygon(loops[0]).buffer(distance, join_style="mitre", mitre_limit=4.0)
    if grown.is_empty:
        return ()
    parts = getattr(grown, "geoms", [grown])
    return tuple(
        tuple((round(x, 6), round(y, 6)) for x, y in p.exterior.coords[:-1]) for p in parts
    )


def holds(loops: tuple[Loop, ...], rect: Rect) -> bool:
    """Whether the rectangle (x, y, w, h) lies inside the loops."""
    from shapely.geometry import Polygon, box

    x, y, w, h = rect
    return any(bool(Polygon(loop).buffer(1e-6).contains(box(x, y, x + w, y + h))) for loop in loops)


def safe_area(loops: tuple[Loop, ...], width: float) -> tuple[Loop, ...]:
    """Where text must stay: the outline shrunk by the safe width. The one definition of
    the safe zone, for every shape (rect, rounded, hex, circle, polygon, path), the layout
    check, a shaped piece's and a print shop's."""
    box = _upright(loops)
    if box is not None:  # a plain rectangle, the commonest case, without shapely
        x0, y0, x1, y1 = box
        if x1 - x0 <= 2 * width or y1 - y0 <= 2 * width:
            return ()
        return (
            (
                (x0 + width, y0 + width),
                (x1 - width, y0 + width),
                (x1 - width, y1 - width),
                (x0 + width, y1 - width),
            ),
        )
    return offset(loops, -width)


def keeps_safe(loops: tuple[Loop, ...], width: float, rect: Rect) -> bool:
    """Whether the rectangle (x, y, w, h) lies inside the outline's safe area."""
    safe = safe_area(loops, width)
    box = _upright(safe)
    if box is not None:
        x, y, w, h = rect
        eps = 1e-6
        return (
            x >= box[0] - eps
            and y >= box[1] - eps
            and x + w <= box[2] + eps
            and y + h <= box[3] + eps
        )
    return holds(safe, rect)


def clearance(loops: tuple[Loop, ...], rect: Rect) -> float:
    """How far the rectangle keeps from the cut: its least distance to the outline, less
    than 0 when it reaches past it (by how far its farthest corner does)."""
    box = _upright(loops)
    x, y, w, h = rect
    if box is not None:
        return min(x - box[0], y - box[1], box[2] - x - w, box[3] - y - h)
    from shapely.geometry import Point, Polygon
    from shapely.geometry import box as shapely_box

    piece = Polygon(loops[0])
    corners = [Point(p) for p in ((x, y), (x + w, y), (x + w, y + h), (x, y + h))]
    outside = [piece.exterior.distance(p) for p in corners if not piece.contains(p)]
    if outside:
        return -float(max(outside))
    return float(piece.exterior.distance(shapely_box(x, y, x + w, y + h)))


def _upright(loops: tuple[Loop, ...]) -> tuple[float, float, float, float] | None:
    """(x0, y0, x1, y1) when the outline is one rectangle with upright edges, else None."""
    if len(loops) != 1 or len(loops[0]) != 4:
        return None
    xs = sorted({x for x, _ in loops[0]})
    ys = sorted({y for _, y in loops[0]})
    if len(xs) != 2 or len(ys) != 2:
        return None
    return xs[0], ys[0], xs[1], ys[1]
