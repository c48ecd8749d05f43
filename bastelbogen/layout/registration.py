"""Registration marks for print-then-cut, as geometry: a cutting machine's optical eye finds
them on the printed sheet and lines its cuts up with the print (`--registration`).

The common style of hobby cutters: a filled square top-left and an L-shaped corner
top-right and bottom-left, each `inset` from the paper's edges (10 mm unless
`--registration-inset` says otherwise). Nothing may be printed in the band the marks stand
in, so the sheet's printable area starts a little inside their inner edges.
"""

from __future__ import annotations

from bastelbogen.core.geometry import Rect
from bastelbogen.core.units import mm

SQUARE = mm(5)  # the top-left mark's side
ARM = mm(20)  # each arm of an L, from its corner
LINE = mm(0.5)  # an L's stroke
CLEAR = mm(2)  # kept free of print between the marks' band and the art


def clear_margin(inset: float) -> float:
    """How far from every edge printing must stay when the marks are on."""
    return inset + SQUARE + CLEAR


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
