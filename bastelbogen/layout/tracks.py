"""Places along a path for a repeated box (layout/repeat.py): a score track round a board,
spaces along a line. The path is a polyline in mm from the face's top-left; a cell goes on
every corner (where the path turns by CORNER degrees or more), so that spaces on either
side of a corner do not run into each other, and the rest are spread over the stretches
between, each stretch as evenly spaced as the others allow. Where there are fewer cells
than corners, they are spaced evenly along the whole path instead.

Pure geometry on floats: the cost is linear in the cells and the path's points (a heap
gives each remaining cell to the widest stretch), so a count at the limit stays quick."""

from __future__ import annotations

import bisect
import heapq
import math
from collections.abc import Sequence

Point = tuple[float, float]
# The path's direction at a cell, in degrees anticlockwise from rightwards on the page.
Placed = tuple[Point, float]
# A vertex where the path turns by this many degrees or more holds a cell of its own: a
# rectangle's corners (90°) do, the points of a smoothly written curve (a few degrees) not.
CORNER = 30.0
SAME = 0.01  # mm: two points this close are one (a path written closed ends on its start)


def around(first: Point, size: tuple[float, float]) -> list[Point]:
    """The closed rectangle through the first cell's centre, as far from every edge of a
    face of `size` (mm) as that centre is from its top-left corner, run clockwise on the
    page from there; ValueError when the centre is not in the face's top-left quarter."""
    x, y = first
    width, height = size
    if not (0 <= x < width / 2 and 0 <= y < height / 2):
        raise ValueError(
            f"the first cell's centre ({x:g}, {y:g}) mm must lie in the face's top-left"
            f" quarter for the track to run round it ({width:g} x {height:g} mm)"
        )
    return [(x, y), (width - x, y), (width - x, height - y), (x, height - y), (x, y)]


def spaced(points: Sequence[Point], count: int) -> list[Placed]:
    """`count` places along the polyline through `points` (closed when it ends on its
    start), the first on its first point: one on every corner, the rest spread between."""
    path = _cleaned(points)
    closed = len(path) > 2 and _near(path[0], path[-1])
    if closed:
        path = path[:-1]
    ring = path + [path[0]] if closed else path
    at = [0.0]  # the arc length at each point of `ring`
    for a, b in zip(ring, ring[1:], strict=False):
        at.append(at[-1] + math.dist(a, b))
    total = at[-1]
    if count <= 0:
        return []
    if total <= 0:
        return [(path[0], 0.0)] * count
    anchors = _corners(path, closed, at)
    if count < len(anchors):
        step = total / count if closed else total / max(count - 1, 1)
        arcs = [i * step for i in range(count)]
    else:
        arcs = _spread(anchors, count - len(anchors), total, closed)
    return [_point(ring, at, s) for s in arcs]


def _cleaned(points: Sequence[Point]) -> list[Point]:
    """The points without one repeated right after itself (a stretch of no length)."""
    out: list[Point] = []
    for p in points:
        if not out or not _near(out[-1], p):
            out.append((float(p[0]), float(p[1])))
    return out


def _near(a: Point, b: Point) -> bool:
    return math.dist(a, b) < SAME


def _corners(path: list[Point], closed: bool, at: list[float]) -> list[float]:
    """The arc lengths holding a cell of their own: the start, every corner and, on an
    open path, the end."""
    n = len(path)
    found = [0.0]
    inner = range(n) if closed else range(1, n - 1)
    for i in inner:
        if i and _turn(path[i - 1], path[i], path[(i + 1) % n]) >= CORNER:
            found.append(at[i])
    if not closed and n > 1:
        found.append(at[n - 1])
    return found


def _turn(a: Point, b: Point, c: Point) -> float:
    """How many degrees the path a -> b -> c turns at b (0 straight on, 180 back)."""
    d1 = math.atan2(b[1] - a[1], b[0] - a[0])
    d2 = math.atan2(c[1] - b[1], c[0] - b[0])
    return abs(math.degrees((d2 - d1 + math.pi) % (2 * math.pi) - math.pi))


def _spread(anchors: list[float], rest: int, total: float, closed: bool) -> list[float]:
    """The arcs of the anchors and of `rest` more cells, each given in turn to the stretch
    whose cells stand furthest apart (ties: the earlier stretch), in order along the path."""
    ends = anchors[1:] + ([total] if closed else [])
    lengths = [end - start for start, end in zip(anchors, ends, strict=False)]
    given = [0] * len(lengths)
    heap = [(-length, j) for j, length in enumerate(lengths)]
    heapq.heapify(heap)
    for _ in range(rest if heap else 0):
        _, j = heapq.heappop(heap)
        given[j] += 1
        heapq.heappush(heap, (-lengths[j] / (given[j] + 1), j))
    arcs: list[float] = []
    for j, start in enumerate(anchors):
        arcs.append(start)
        if j < len(lengths):
            step = lengths[j] / (given[j] + 1)
            arcs += [start + step * (m + 1) for m in range(given[j])]
    return arcs


def _point(ring: list[Point], at: list[float], s: float) -> Placed:
    """The point at arc length `s`, and the direction of the stretch it starts (or, at the
    very end of an open path, of the one it ends)."""
    i = min(max(bisect.bisect_right(at, s + 1e-9) - 1, 0), len(ring) - 2)
    a, b = ring[i], ring[i + 1]
    length = at[i + 1] - at[i]
    t = 0.0 if length <= 0 else min(max((s - at[i]) / length, 0.0), 1.0)
    point = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
    # y runs down the page: anticlockwise on paper is towards smaller y
    angle = math.degrees(math.atan2(a[1] - b[1], b[0] - a[0])) % 360.0
    return point, angle


def overlapping(rects: Sequence[tuple[float, float, float, float]]) -> tuple[int, int] | None:
    """The first two rectangles (x, y, w, h) that overlap by more than touching, by their
    indices (the later one as early as can be), or None: each compared only with those in
    the neighbouring squares of a grid as wide and tall as the largest, so the cost stays
    linear for cells along a path."""
    if not rects:
        return None
    across = max(r[2] for r in rects) or 1.0
    down = max(r[3] for r in rects) or 1.0
    grid: dict[tuple[int, int], list[int]] = {}
    for j, rect in enumerate(rects):
        cx, cy = math.floor(rect[0] / across), math.floor(rect[1] / down)
        near = [
            i
            for gx in (cx - 1, cx, cx + 1)
            for gy in (cy - 1, cy, cy + 1)
            for i in grid.get((gx, gy), ())
            if _overlap(rects[i], rect)
        ]
        if near:
            return min(near), j
        grid.setdefault((cx, cy), []).append(j)
    return None


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    across = min(ax + aw, bx + bw) - max(ax, bx)
    down = min(ay + ah, by + bh) - max(ay, by)
    return across > 1e-6 and down > 1e-6
