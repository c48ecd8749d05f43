"""Registration marks for print-then-cut, as geometry: a cutting machine's optical eye finds
them on the printed sheet and lines its cuts up with the print (`--registration`).

The marks are Silhouette Studio's "Type 1" (Cameo, Portrait), drawn as the
inkscape-silhouette plugin draws them (render_silhouette_regmarks.py): a filled 5 mm square
top-left, its corner at the inset; L-corners top-right and bottom-left, each arm 20 mm, a
0.3 mm line centred on the inset (the corner of the L is the point the machine measures).
Each mark has a 20 x 20 mm zone free of other ink, its outer corner at the mark's corner
(the plugin's safe area leaves these squares out; Studio hatches them): `zones`, the one
definition, read by the layout (no piece placed, no crop mark drawn in one) and by the
kit's proof (proof.py). Studio sets the marks no nearer than 10 mm to the paper's edges:
the least --registration-inset (its entry in content/options.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bastelbogen.core.geometry import Rect
from bastelbogen.core.units import mm

if TYPE_CHECKING:
    from bastelbogen.layout.imposition import Page

SQUARE = mm(5)  # the top-left mark's side
ARM = mm(20)  # each arm of an L, from its corner
LINE = mm(0.3)  # an L's line, centred on the inset
ZONE = mm(20)  # the side of the square kept free of ink at each mark

Polyline = tuple[tuple[float, float], ...]
Line = tuple[float, float, float, float]  # x1, y1, x2, y2


def zones(page: tuple[float, float], inset: float) -> tuple[Rect, ...]:
    """Where nothing but the marks may be printed on a sheet that carries them, page
    coordinates with y up: top-left, top-right, bottom-left."""
    w, h = page
    return (
        (inset, h - inset - ZONE, ZONE, ZONE),
        (w - inset - ZONE, h - inset - ZONE, ZONE, ZONE),
        (inset, inset, ZONE, ZONE),
    )


def touches_zone(rect: Rect, keep_out: tuple[Rect, ...], near: float = 1e-6) -> bool:
    """Whether `rect` (x, y, w, h) overlaps any of the zones by more than `near`."""
    x, y, w, h = rect
    return any(
        x < zx + zw - near and zx < x + w - near and y < zy + zh - near and zy < y + h - near
        for zx, zy, zw, zh in keep_out
    )


def outside(line: Line, keep_out: tuple[Rect, ...], half: float = 0.0) -> list[Line]:
    """The parts of an upright or level line outside every zone (none shorter than 1e-6 pt).
    `half` is half the width it is stroked with (butt ends): a line that runs along a zone's
    edge inks half its width inside, so one nearer than that is cut too."""
    parts = [line]
    for zx, zy, zw, zh in keep_out:
        kept: list[Line] = []
        for x1, y1, x2, y2 in parts:
            level = y1 == y2
            across, low, high = (y1, *sorted((x1, x2))) if level else (x1, *sorted((y1, y2)))
            z_low, z_high = (zx, zx + zw) if level else (zy, zy + zh)
            z_across = (zy, zy + zh) if level else (zx, zx + zw)
            if (
                not z_across[0] - half < across < z_across[1] + half
                or z_high <= low
                or high <= z_low
            ):
                kept.append((x1, y1, x2, y2))
                continue
            for a, b in ((low, min(high, z_low)), (max(low, z_high), high)):
                if b - a > 1e-6:
                    kept.append((a, across, b, across) if level else (across, a, across, b))
        parts = kept
    return parts


def square(page: tuple[float, float], inset: float) -> Rect:
    """The filled square, page coordinates with y up."""
    return inset, page[1] - inset - SQUARE, SQUARE, SQUARE


def corners(page: tuple[float, float], inset: float) -> tuple[Polyline, Polyline]:
    """The L's as the lines the machine's software strokes (LINE wide, butt ends, mitred
    corner): arm end, corner, arm end; top-right, then bottom-left."""
    w, h = page
    right, top = w - inset, h - inset
    return (
        ((right - ARM, top), (right, top), (right, top - ARM)),
        ((inset, inset + ARM), (inset, inset), (inset + ARM, inset)),
    )


def bars(page: tuple[float, float], inset: float) -> tuple[Rect, ...]:
    """The ink of the L's as filled bars (two per L), what their stroked lines cover: each
    arm from its end (butt: no further) to half the line beyond the corner (the mitre)."""
    half = LINE / 2
    found = []
    for end_a, corner, end_b in corners(page, inset):
        for end in (end_a, end_b):
            along = 0 if end[1] == corner[1] else 1  # the axis the arm runs on
            tip = corner[along] + (half if corner[along] > end[along] else -half)
            low, high = sorted((end[along], tip))
            side = corner[1 - along] - half
            found.append(
                (low, side, high - low, LINE) if along == 0 else (side, low, LINE, high - low)
            )
    return tuple(found)


def registration_marks(page: Page) -> tuple[Rect, ...]:
    """The ink of a page's marks (none unless it carries them): the square, the L's bars."""
    if page.registration is None:
        return ()
    return (square(page.size, page.registration), *bars(page.size, page.registration))


def mark_lines(page: Page) -> tuple[Polyline, ...]:
    """The L's of a page that carries marks, as lines to stroke LINE wide."""
    return () if page.registration is None else corners(page.size, page.registration)


def page_zones(page: Page) -> tuple[Rect, ...]:
    """The zones of a page that carries marks; none of one that does not."""
    return () if page.registration is None else zones(page.size, page.registration)
