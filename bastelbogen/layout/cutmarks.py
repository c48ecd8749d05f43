"""The lines that show scissors where to cut: crop marks outside a grid's bleed, a pair for
every cut line (the part of one outside a registration mark's zone), and the guides that
part sheets sharing a page. As numbers; render/pdf.py draws them."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from bastelbogen.core.geometry import Rect, union
from bastelbogen.core.units import mm
from bastelbogen.layout.registration import Line, outside

if TYPE_CHECKING:
    from bastelbogen.layout.imposition import Placement  # which imposes with these marks

MARK_LENGTH = mm(5)
MARK_WIDTH = 0.25  # pt


def inked(line: Line) -> Rect:
    """What a crop mark inks: its line stroked MARK_WIDTH wide with butt ends, a band half
    that width either side (the proof checks this, not the line, against margins and zones)."""
    x1, y1, x2, y2 = line
    half = MARK_WIDTH / 2
    x, y = min(x1, x2) - (half if x1 == x2 else 0), min(y1, y2) - (half if y1 == y2 else 0)
    return (
        x,
        y,
        abs(x2 - x1) + (2 * half if x1 == x2 else 0),
        abs(y2 - y1) + (2 * half if y1 == y2 else 0),
    )


def cut_guides(placements: Sequence[Placement]) -> tuple[Line, ...]:
    """Where sheets to write on that share a page are cut apart: every distinct cut line
    of their grid drawn across it, so each sheet comes out at its size with scissors; a
    page holding one sheet needs none (it is used as printed)."""
    if len(placements) < 2:
        return ()
    x0, y0, w, h = union(p.trim for p in placements)
    xs = sorted({round(v, 6) for p in placements for v in (p.trim[0], p.trim[0] + p.trim[2])})
    ys = sorted({round(v, 6) for p in placements for v in (p.trim[1], p.trim[1] + p.trim[3])})
    return tuple((x, y0, x, y0 + h) for x in xs) + tuple((x0, y, x0 + w, y) for y in ys)


def crop_marks(
    placements: Sequence[Placement], bleed_box: Rect, keep_out: tuple[Rect, ...] = ()
) -> tuple[Line, ...]:
    """A mark on each side of the grid for every distinct cut line, outside the bleed; of a
    mark that runs into a registration mark's zone (`keep_out`) the part outside it."""
    xs = sorted({round(v, 6) for p in placements for v in (p.trim[0], p.trim[0] + p.trim[2])})
    ys = sorted({round(v, 6) for p in placements for v in (p.trim[1], p.trim[1] + p.trim[3])})
    return _marks(tuple(xs), tuple(ys), tuple(bleed_box), tuple(keep_out))


@lru_cache(maxsize=64)
def _marks(
    xs: tuple[float, ...], ys: tuple[float, ...], bleed_box: Rect, keep_out: tuple[Rect, ...]
) -> tuple[Line, ...]:
    """The marks of one grid's cut lines: made once for all its full pages, shared."""
    x0, y0, w, h = bleed_box
    x1, y1 = x0 + w, y0 + h
    lines = []
    for x in xs:
        lines += [(x, y1, x, y1 + MARK_LENGTH), (x, y0 - MARK_LENGTH, x, y0)]
    for y in ys:
        lines += [(x0 - MARK_LENGTH, y, x0, y), (x1, y, x1 + MARK_LENGTH, y)]
    return tuple(part for line in lines for part in outside(line, keep_out, MARK_WIDTH / 2))
