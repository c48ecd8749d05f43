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


def turned(rect: Rect, turn: int, flip: str | None = None) -> tuple[tuple[float, float], Matrix]:
    """A picture that lands on `rect` turned `turn` degrees clockwise (0, 90, 180 or 270)
    and then flipped as it stands (`horizontal`: its left and right swapped; `vertical`:
    its top and bottom): the size it is drawn for (the rectangle's, turned back: a quarter
    turn swaps width and height, so the turned picture fits the rectangle as written), and
    the map from that drawing's coordinates (its bottom-left at the origin) to the page."""
    x, y, w, h = rect
    quarters = (turn // 90) % 4
    drawn = (h, w) if quarters % 2 else (w, h)
    m = rotate_quarter(-quarters, *drawn)  # a quarter turn back (anticlockwise) is clockwise
    if flip == "horizontal":
        m = compose(mirror_x(w / 2), m)
    elif flip == "vertical":
        m = compose(mirror_y(h / 2), m)
    return drawn, compose(translate(x, y), m)


def meet(a: Rect, b: Rect) -> Rect | None:
    """Where two rectangles overlap, or None where they do not."""
    x0, y0 = max(a[0], b[0]), max(a[1], b[1])
    x1, y1 = min(a[0] + a[2], b[0] + b[2]), min(a[1] + a[3], b[1] + b[3])
    return (x0, y0, x1 - x0, y1 - y0) if x1 > x0 and y1 > y0 else None


def bled(rect: Rect, trim: tuple[float, float], by: float, near: float = 0.01) -> Rect:
    """`rect` (face points) cut back to the trim (0, 0, width, height) and grown by `by`
    on each side where it reached the trim (within `near`): what a picture drawn for the
    trim and `by` beyond it covers, whatever bleed its box runs into. A rectangle with
    nothing of it on the trim stays as it is."""
    inside = meet(rect, (0.0, 0.0, *trim))
    if inside is None:
        return rect
    x, y, w, h = rect
    width, height = trim
    x0, y0, ww, hh = inside
    x1, y1 = x0 + ww, y0 + hh
    x0 -= by if x <= near else 0.0
    y0 -= by if y <= near else 0.0
    x1 += by if x + w >= width - near else 0.0
    y1 += by if y + h >= height - near else 0.0
    return x0, y0, x1 - x0, y1 - y0
