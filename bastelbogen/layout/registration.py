"""Registration marks for print-then-cut, as geometry: a cutting machine's optical eye finds
them on the printed sheet and lines its cuts up with the print (`--registration`).

The common style of hobby cutters: a filled square top-left and an L-shaped corner
top-right and bottom-left, each `inset` from the paper's edges (10 mm unless
`--registration-inset` says otherwise). Each mark keeps a zone around it free of other
print (`zones`, the one definition of that room); the sheet's printable area starts inside
the band that holds every zone (`clear_margin`), and the kit's proof (proof.py) checks
every piece against the zones themselves.
"""

from __future__ import annotations

from bastelbogen.core.geometry import Rect, grow
from bastelbogen.core.units import mm

SQUARE = mm(5)  # the top-left mark's side
ARM = mm(20)  # each arm of an L, from its corner
LINE = mm(0.5)  # an L's stroke
CLEAR = mm(2)  # kept free of print between the marks' band and the art


def zones(page: tuple[float, float], inset: float) -> tuple[Rect, ...]:
    """Where nothing but the marks may be printed on a sheet that carries them: each mark
    (the square, each bar of the L's) with CLEAR around it, page coordinates."""
    return tuple(grow(rect, CLEAR) for rect in (square(page, inset), *bars(page, inset)))


def clear_margin(page: tuple[float, float], inset: float) -> float:
    """How far from every edge printing must stay when the marks are on: as deep as the
    deepest zone reaches in from the edges it stands at, so a wider zone widens the band."""
    w, h = page
    return max(min(x + zw, y + zh, w - x, h - y) for x, y, zw, zh in zones(page, inset))


def square(page: tuple[float, float], inset: float) -> Rect:
    """The filled square, page coordinates with y up."""
    return inset, page[1] - inset - SQUARE, SQUARE, SQUARE


def bars(page: tuple[float, float], inset: float) -> tuple[Rect, ...]:
    """The L's as filled bars (two per L), so a PDF and a cut file draw the same ink."""
    w, h = page
    right, top = w - inset, h - inset
    return (
        (right - ARM, top - LINE, ARM, LINE),
        (right - LINE, top - ARM, LINE, ARM),
        (inset, inset, LINE, ARM),
        (inset, inset, ARM, LINE),
    )


def registration_marks(page) -> tuple[Rect, ...]:
    """The marks of a page (none unless it carries them): the square, then the L's bars."""
    if page.registration is None:
        return ()
    return (square(page.size, page.registration), *bars(page.size, page.registration))
