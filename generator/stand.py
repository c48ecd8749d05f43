"""A fold-up stand (a bench) that holds a row of upright tiles, as geometry.

Seen from the side it is a triangle with a ledge and a low lip in front: the tiles stand on
the ledge, lean back against the rest, and the lip keeps their feet from sliding. The strip
is printed flat; from the bottom edge: the glue tab, the base, the back, the rest, the ledge
and the lip. Every size follows from the tile it holds.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .units import mm

LEAN = math.radians(75)  # the rest's angle to the table: tiles lean back a little, stable
TILE_THICKNESS = mm(2)  # a tile glued on card; the ledge leaves room for it and to slide


@dataclass(frozen=True)
class StandPlan:
    size: tuple[float, float]  # the strip: length along the row, height across the panels
    panels: tuple[tuple[str, float, float], ...]  # name, y from, y to (strip-local)
    folds: tuple[tuple[float, str], ...]  # y, "valley" or "mountain"
    row: float  # length of the row the stand holds, clearances included
    ledge: float  # depth the tiles stand in


def plan(tile: tuple[float, float], count: int, clearance: float) -> StandPlan:
    w, h = tile
    row = count * w + (count + 1) * clearance
    lip = min(mm(4), 0.08 * h)  # low, so the labels at the tiles' feet stay in view
    ledge = TILE_THICKNESS + 2 * clearance
    rest = 0.55 * h  # supports the tile above its middle
    base = 0.5 * h
    # The back closes the triangle from the top of the rest to the back of the base.
    top_x, top_y = rest * math.cos(LEAN), rest * math.sin(LEAN)
    back = math.hypot(base - top_x, top_y)
    glue = min(mm(12), base * 0.5)
    names = (("glue", glue), ("base", base), ("back", back), ("rest", rest),
             ("ledge", ledge), ("lip", lip))
    panels, y = [], 0.0
    for name, depth in names:
        panels.append((name, y, y + depth))
        y += depth
    # Printed side out. The triangle's corners fold away from the printed side (mountain),
    # and so does the glue tab, which goes up inside the rest; the ledge and the lip fold
    # toward it (valley), so the tiles stand on printed card.
    kinds = ("mountain", "mountain", "mountain", "valley", "valley")
    folds = tuple((panels[i][2], kinds[i]) for i in range(len(panels) - 1))
    return StandPlan((row, y), tuple(panels), folds, row, ledge)
