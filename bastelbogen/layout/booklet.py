"""A saddle-stitched booklet of A5 pages, as numbers: how many pages it has (a multiple of
four), which page is where on which side of which sheet, where each page lies on an A4 or
US Letter sheet turned landscape, and the fold and trim marks. render/booklet.py draws it.

The sheets are printed double-sided, flipped on the short edge, stacked in the order they
come out (sheet 1 first, outermost), folded together and stapled through the fold. Sheet k
(from 0) carries pages N-2k and 2k+1 on its front (left, right) and 2k+2 and N-2k-1 on its
back: turned over its short edge, what was right is left, so page 2 backs page 1.

Scale. Two A5 pages (296 x 210 mm) fill an A4 sheet (297 x 210) to its edges and do not fit
across a Letter sheet (279.4 mm). A printer leaves a few millimetres at each edge unprinted,
and the marks must lie outside the pages, so the pages are scaled uniformly until a band of
MARK_BAND_MM is left on every side: A4 prints them at 93 %, Letter at 90 %; PRINT.txt says
so. The folded booklet, trimmed at the marks, is then that fraction of A5 in each direction.

Creep. Folded sheets nest: each sheet's fold wraps round the ones inside it, so an inner
sheet's fore-edge sticks out beyond the outer ones by about a paper thickness per sheet
outside it. Each sheet's pages are therefore drawn nearer the spine by (sheets outside it) x
the paper's thickness; the trim marks move with them, so that trimming at them cuts every
sheet at the same place and the type stays the same distance from the fore-edge throughout.
A page moved towards the spine is clipped at the spine (its gutter margin, blank).
"""

from __future__ import annotations

from dataclasses import dataclass

from bastelbogen.content.options import PAPERS_MM
from bastelbogen.core.geometry import Rect
from bastelbogen.core.limits import MAX_BOOKLET_PAGES, MAX_PAPER_THICKNESS_MM
from bastelbogen.core.units import mm
from bastelbogen.layout.registration import Line

A5_MM = (148.0, 210.0)
DEFAULT_THICKNESS_MM = 0.1  # 80-90 g/m² office paper
# Around the pages on every side of the sheet: 3 mm a printer may not reach at the edge,
# 3 mm of mark, 1 mm between a mark and the page it marks.
EDGE_MM, MARK_MM, GAP_MM = 3.0, 3.0, 1.0
MARK_BAND_MM = EDGE_MM + MARK_MM + GAP_MM


def padded(count: int) -> int:
    """The pages of a booklet holding `count`: the next multiple of four (a sheet folded
    once is four pages), at least four."""
    if not 1 <= count <= MAX_BOOKLET_PAGES:
        raise ValueError(
            f"a booklet has 1 to {MAX_BOOKLET_PAGES} pages (MAX_BOOKLET_PAGES), not {count}"
        )
    return max(4, -(-count // 4) * 4)


def reading_order(count: int, back_cover: bool = True) -> list[int | None]:
    """The booklet's pages in reading order: each the index (from 0) of the source page
    it shows, or None for a notes page added to reach a multiple of four. The added pages
    go before the back cover, which stays last (when there is one: a book of one page has
    none); at the end otherwise."""
    total = padded(count)
    added: list[int | None] = [None] * (total - count)
    if back_cover and count >= 2:
        return [*range(count - 1), *added, count - 1]
    return [*range(count), *added]


@dataclass(frozen=True)
class Side:
    """One side of a sheet: the booklet's page numbers (from 1) on its left and right half."""

    left: int
    right: int


@dataclass(frozen=True)
class Sheet:
    number: int  # from 1, the outermost first: the order they are printed and stacked
    front: Side
    back: Side


def sheets(total: int) -> list[Sheet]:
    """The sheets of a booklet of `total` pages (a multiple of four), outermost first."""
    if total < 4 or total % 4:
        raise ValueError(f"a saddle-stitched booklet has a multiple of four pages, not {total}")
    return [
        Sheet(
            k + 1,
            Side(total - 2 * k, 2 * k + 1),
            Side(2 * k + 2, total - 2 * k - 1),
        )
        for k in range(total // 4)
    ]


@dataclass(frozen=True)
class Slot:
    """Where one page lies on a side of a sheet: `box` the whole A5 page at its scale,
    `clip` what of it is drawn (cut at the spine), in points from the sheet's lower left."""

    page: int  # the booklet's page number, from 1
    box: Rect
    clip: Rect


@dataclass(frozen=True)
class PrintedSide:
    """A side of a sheet as printed: its two pages, its trim marks and its fold marks."""

    sheet: int  # from 1
    face: str  # "front" or "back"
    slots: tuple[Slot, Slot]
    trims: tuple[Line, ...]
    folds: tuple[Line, ...]


@dataclass(frozen=True)
class Booklet:
    paper: str
    size: tuple[float, float]  # the sheet, landscape, in points
    scale: float  # of the A5 pages
    thickness_mm: float
    order: list[int | None]  # reading_order
    sides: list[PrintedSide]  # in print order: sheet 1 front, sheet 1 back, sheet 2 ...

    @property
    def pages(self) -> int:
        return len(self.order)


def sheet_size(paper: str) -> tuple[float, float]:
    """The paper turned landscape, in points."""
    if paper not in PAPERS_MM:
        raise ValueError(f"paper '{paper}' is not one of {', '.join(PAPERS_MM)}")
    short, long = sorted(PAPERS_MM[paper])
    return mm(long), mm(short)


def scale_for(paper: str) -> float:
    """How much the A5 pages are scaled so that two fit side by side with a band for the
    marks on every side: never enlarged."""
    width, height = sheet_size(paper)
    band = mm(MARK_BAND_MM)
    across = (width - 2 * band) / (2 * mm(A5_MM[0]))
    down = (height - 2 * band) / mm(A5_MM[1])
    return min(1.0, across, down)


def creep(sheet_index: int, thickness_mm: float) -> float:
    """How far (points) the pages of a sheet move towards the spine: one paper thickness
    per sheet outside it (`sheet_index` from 0, the outermost)."""
    return sheet_index * mm(thickness_mm)


def booklet(
    count: int,
    paper: str,
    thickness_mm: float = DEFAULT_THICKNESS_MM,
    back_cover: bool = True,
) -> Booklet:
    """The booklet of `count` A5 pages on `paper` (a4 or letter), for paper
    `thickness_mm` thick."""
    if not 0 <= thickness_mm <= MAX_PAPER_THICKNESS_MM:
        raise ValueError(
            f"paper thickness {thickness_mm:g} mm is outside 0 to"
            f" {MAX_PAPER_THICKNESS_MM:g} mm (MAX_PAPER_THICKNESS_MM)"
        )
    order = reading_order(count, back_cover)
    size, scale = sheet_size(paper), scale_for(paper)
    sides = []
    for k, sheet in enumerate(sheets(len(order))):
        shift = creep(k, thickness_mm)
        for face, side in (("front", sheet.front), ("back", sheet.back)):
            sides.append(_printed(sheet.number, face, side, size, scale, shift))
    return Booklet(paper, size, scale, thickness_mm, order, sides)


def _printed(
    number: int, face: str, side: Side, size: tuple[float, float], scale: float, shift: float
) -> PrintedSide:
    """A side's two pages either side of the spine, each `shift` nearer to it."""
    width, height = size
    spine = width / 2
    w, h = mm(A5_MM[0]) * scale, mm(A5_MM[1]) * scale
    y = (height - h) / 2
    left = (spine - w + shift, y, w, h)
    right = (spine - shift, y, w, h)
    slots = (
        Slot(side.left, left, (spine - w + shift, y, w - shift, h)),
        Slot(side.right, right, (spine, y, w - shift, h)),
    )
    return PrintedSide(number, face, slots, _trims(left, right), _folds(spine, y, h))


def _trims(left: Rect, right: Rect) -> tuple[Line, ...]:
    """Corner marks at the four outer corners, outside the pages: at each fore-edge a
    short line above and below the page, at head and foot a short line beyond the
    fore-edge. The spine is folded, not cut: it has fold marks instead."""
    gap, length = mm(GAP_MM), mm(MARK_MM)
    lines: list[Line] = []
    for (x, y, w, h), outward in ((left, -1), (right, 1)):
        edge = x if outward < 0 else x + w
        top = y + h
        lines += [
            (edge, top + gap, edge, top + gap + length),
            (edge, y - gap, edge, y - gap - length),
            (edge + outward * gap, top, edge + outward * (gap + length), top),
            (edge + outward * gap, y, edge + outward * (gap + length), y),
        ]
    return tuple(lines)


def _folds(spine: float, y: float, h: float) -> tuple[Line, ...]:
    """The fold at the spine, marked above and below the pages."""
    gap, length = mm(GAP_MM), mm(MARK_MM)
    return (
        (spine, y + h + gap, spine, y + h + gap + length),
        (spine, y - gap, spine, y - gap - length),
    )


def single_box(paper: str) -> tuple[tuple[float, float], Rect]:
    """The single-page file: the paper upright, one A5 page at its full size centred on it
    (points), to read as it is or trim to A5 at its marks."""
    height, width = sheet_size(paper)  # upright
    w, h = mm(A5_MM[0]), mm(A5_MM[1])
    return (width, height), ((width - w) / 2, (height - h) / 2, w, h)


def corner_marks(box: Rect) -> tuple[Line, ...]:
    """Trim marks at all four corners of a page, outside it (the single-page file)."""
    x, y, w, h = box
    gap, length = mm(GAP_MM), mm(MARK_MM)
    lines: list[Line] = []
    for cx, dx in ((x, -1), (x + w, 1)):
        for cy, dy in ((y, -1), (y + h, 1)):
            lines += [
                (cx, cy + dy * gap, cx, cy + dy * (gap + length)),
                (cx + dx * gap, cy, cx + dx * (gap + length), cy),
            ]
    return tuple(lines)
