"""Shapes that interlock, nested on a sheet: hexes in offset rows (sharing their edges when
there is no bleed), circles in hexagonal packing. With bleed, neighbours keep twice the bleed
between their outlines, measured across the edges they face, so each keeps its own bleed.

A nest is a Grid like any other (each piece's bounding box by its lower-left corner, and a
quarter turn for all), so backs, placements and the manifest treat it as they treat cards.
"""

from __future__ import annotations

import math

from bastelbogen.core.geometry import Rect
from bastelbogen.core.shapes import Shape
from bastelbogen.layout.cells import Grid

SQRT3_2 = math.sqrt(3) / 2


def nest_grid(area: Rect, size: tuple[float, float], bleed: float, shape: Shape) -> Grid:
    """The nest that holds the most pieces in `area` (x, y, w, h), the pieces upright or
    turned a quarter (a pointy hex turned is a flat one)."""
    best = Grid((), 0)
    for turns in (0, 1):
        w, h = size if turns == 0 else size[::-1]
        pointy = shape.kind == "circle" or (shape.orient == "pointy") == (turns == 0)
        if pointy:
            cells = _rows(area, w, h, bleed, shape)
        else:  # columns of flat hexes: rows of pointy ones, with x and y exchanged
            x, y, aw, ah = area
            cells = tuple(
                (x + cy - y, y + cx - x) for cx, cy in _rows((x, y, ah, aw), h, w, bleed, shape)
            )
        if len(cells) > best.capacity:
            best = Grid(_reading_order(cells), turns)
    return best


def _rows(
    area: Rect, w: float, h: float, bleed: float, shape: Shape
) -> tuple[tuple[float, float], ...]:
    """Offset rows in the area, kept `bleed` inside its edges, centred in it."""
    x0, y0, aw, ah = area
    px = w + 2 * bleed
    # Rows overlap by the hex's slanted quarter, circles by the hexagonal lattice's height.
    py = px * SQRT3_2 * h / w if shape.kind == "circle" else 0.75 * h * px / w
    best: tuple[tuple[float, float], ...] = ()
    for first in (0, 1):  # which rows are pushed half a piece to the right
        cells = []
        r = 0
        while ah - 2 * bleed - h - r * py >= -1e-6:
            shift = px / 2 if (r + first) % 2 else 0.0
            c = 0
            while shift + c * px + w <= aw - 2 * bleed + 1e-6:
                cells.append((shift + c * px, ah - 2 * bleed - h - r * py))
                c += 1
            r += 1
        if len(cells) > len(best):
            best = tuple(cells)
    if not best:
        return ()
    used_w = max(cx for cx, _ in best) + w
    used_h = ah - 2 * bleed - min(cy for _, cy in best)
    dx = x0 + bleed + (aw - 2 * bleed - used_w) / 2
    dy = y0 + bleed + (ah - 2 * bleed - used_h) / 2 - min(cy for _, cy in best)
    return tuple((cx + dx, cy + dy) for cx, cy in best)


def _reading_order(cells: tuple[tuple[float, float], ...]) -> tuple[tuple[float, float], ...]:
    """Row by row from the top, left to right, as cards are laid."""
    return tuple(sorted(cells, key=lambda c: (-round(c[1], 3), round(c[0], 3))))
