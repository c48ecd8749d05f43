"""Affine maps and rectangles in points; PDF's convention (a, b, c, d, e, f)."""

from __future__ import annotations

from collections.abc import Iterable

Matrix = tuple[float, float, float, float, float, float]
Rect = tuple[float, float, float, float]  # x, y, width, height

IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def compose(outer: Matrix, inner: Matrix) -> Matrix:
    """The map that applies `inner` first, then `outer`."""
    a1, b1, c1, d1, e1, f1 = outer
    a2, b2, c2, d2, e2, f2 = inner
    return (
        a1 * a2 + c1 * b2,
        b1 * a2 + d1 * b2,
        a1 * c2 + c1 * d2,
        b1 * c2 + d1 * d2,
        a1 * e2 + c1 * f2 + e1,
        b1 * e2 + d1 * f2 + f1,
    )


def inverse(m: Matrix) -> Matrix:
    """The map that undoes `m` (which must not flatten the plane)."""
    a, b, c, d, e, f = m
    det = a * d - b * c
    return (d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det)


def apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def translate(dx: float, dy: float) -> Matrix:
    return (1.0, 0.0, 0.0, 1.0, dx, dy)


def mirror_x(axis: float) -> Matrix:
    """Mirror left-right about the vertical line x = axis."""
    return (-1.0, 0.0, 0.0, 1.0, 2 * axis, 0.0)


def mirror_y(axis: float) -> Matrix:
    return (1.0, 0.0, 0.0, -1.0, 0.0, 2 * axis)


def rotate_quarter(turns: int, w: float, h: float) -> Matrix:
    """Rotate a w x h rectangle counter-clockwise by `turns` quarter turns, keeping it in the
    first quadrant with its bounding box at the origin."""
    turns %= 4
    return [
        (1.0, 0.0, 0.0, 1.0, 0.0, 0.0),
        (0.0, 1.0, -1.0, 0.0, h, 0.0),
        (-1.0, 0.0, 0.0, -1.0, w, h),
        (0.0, -1.0, 1.0, 0.0, 0.0, w),
    ][turns]


def bounds(m: Matrix, rect: Rect) -> Rect:
    """Axis-aligned bounding box of `rect` mapped by `m`."""
    x, y, w, h = rect
    pts = [apply(m, px, py) for px, py in ((x, y), (x + w, y), (x, y + h), (x + w, y + h))]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)


def grow(rect: Rect, by: float) -> Rect:
    x, y, w, h = rect
    return x - by, y - by, w + 2 * by, h + 2 * by


def union(rects: Iterable[Rect]) -> Rect:
    rects = list(rects)
    x0 = min(r[0] for r in rects)
    y0 = min(r[1] for r in rects)
    x1 = max(r[0] + r[2] for r in rects)
    y1 = max(r[1] + r[3] for r in rects)
    return x0, y0, x1 - x0, y1 - y0


def whole_picture(piece: Rect, cell: tuple[int, int, int, int]) -> Rect:
    """The rectangle of a whole picture cut into a grid, given where one piece of it lies.
    `cell` is (column, row, columns, rows), rows counted from the top as people read."""
    x, y, w, h = piece
    col, row, cols, rows = cell
    top = y + h + row * h
    return x - col * w, top - rows * h, cols * w, rows * h
