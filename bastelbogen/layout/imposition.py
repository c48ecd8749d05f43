"""Sheets and slots: where every front and back goes, as numbers; nothing is drawn here.

Cards sit in a centred grid inside the printable area. With bleed, neighbours keep a gutter
of twice the bleed so each keeps its own; with no bleed they share their cuts. Crop marks
stand outside the grid's bleed, one pair per cut line. With registration marks the grid
keeps to the marks' frame and leaves out the cells (and crop marks) in their zones. A back
is its front's placement seen through the paper: the page flip (long edge mirrors columns,
short edge rows, a fold mirrors about the fold line) composed with the card's own
left-right turn.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, fields, replace
from typing import Any

from bastelbogen.content.models import Item
from bastelbogen.content.options import PAPERS_MM, KitOptions, PrintOptions, unaliased
from bastelbogen.core.errors import OptionError, Problem
from bastelbogen.core.geometry import (
    Matrix,
    Rect,
    bounds,
    compose,
    grow,
    mirror_x,
    mirror_y,
    rotate_quarter,
    translate,
    union,
)
from bastelbogen.core.units import mm
from bastelbogen.layout.cells import Grid, clear_cells, kept_runs, score, usable
from bastelbogen.layout.cutmarks import MARK_LENGTH, crop_marks
from bastelbogen.layout.registration import Line, zones

PAPERS = {name: (mm(w), mm(h)) for name, (w, h) in PAPERS_MM.items()}
PRINTED = tuple(f.name for f in fields(PrintOptions))  # the options PrintSettings holds
EPS = 1e-6

# The room (left, bottom, right, top) a grid keeps beyond its outer trims: bleed and marks.
Room = tuple[float, float, float, float]
# Lays items of a size (with their bleed and room) in an area: a nest of shapes (kit.py).
Fit = Callable[[Rect, tuple[float, float], float, Room], Grid]


class PrintSettings(PrintOptions):
    """What the layout needs of a build's options: paper, duplex, bleed, margin, the back
    offset and the registration marks (each declared once, as a field of PrintOptions in
    content/options.py), and what it works out of them."""

    @property
    def keep_clear(self) -> float:
        """How far from the paper's edges the pieces stay: the printer's margin, and with
        registration marks their frame (the machine cuts inside it; Silhouette Studio
        hatches the paper beyond the marks). A grid's crop marks and bleed may come nearer,
        to the margin (impose)."""
        if self.registration:
            return max(self.margin, self.registration_inset)
        return self.margin

    @property
    def keep_out(self) -> tuple[Rect, ...]:
        """The registration marks' zones (registration.zones) on a sheet that may carry
        them: no piece is laid, no crop mark drawn in one."""
        return zones(self.page_size, self.registration_inset) if self.registration else ()

    @property
    def page_size(self) -> tuple[float, float]:
        return PAPERS[self.paper]


# Here, below the writers and the pipeline, so that each reads the one real type.
@dataclass(frozen=True, kw_only=True)
class BuildOptions(KitOptions):
    """A build's options as the layout, the writers and the pipeline read them: the print
    settings, every other option (declared in content/options.py as KitOptions' fields)
    and validating's `dry`, no option. A theme or langs left empty are the game's first
    theme and all its languages once settled (pipeline/build.py)."""

    settings: PrintSettings = PrintSettings()
    dry: bool = False  # validating: every face drawn, nothing written
    # The options the command line gave, over the game's own `print:` (content/printing.py)
    # keyed like the fields; None: those not at their defaults.
    given: frozenset[str] | None = None

    @classmethod
    def of(cls, **values: Any) -> BuildOptions:
        """Options from parsed values keyed like the fields (back_offset, langs), an alias
        (svg) as what it stands for; what is not given takes its declared default."""
        try:
            values = unaliased(values)
        except ValueError as exc:
            raise OptionError(str(exc)) from None
        values = {k: tuple(x) if isinstance(x, list) else x for k, x in values.items()}
        printed = {k: values.pop(k) for k in PRINTED if k in values}
        return cls(settings=PrintSettings(**printed), **values)

    def but(self, values: Mapping[str, Any]) -> BuildOptions:
        """These options with other values, keyed like the fields (`values()`)."""
        kit = {k: v for k, v in values.items() if k not in PRINTED}
        return replace(self, settings=PrintSettings(**{k: values[k] for k in PRINTED}), **kit)

    def values(self) -> dict[str, object]:
        """Every option's value, keyed like the fields, in the declaration's order."""
        held = [(self.settings, PrintOptions), (self, KitOptions)]
        return {f.name: getattr(holder, f.name) for holder, group in held for f in fields(group)}


@dataclass(frozen=True, slots=True)  # slots: a big deck places tens of thousands
class Placement:
    """A side of an item on a page: where its trim lies there."""

    item: Item
    side: str  # "front" or "back"
    matrix: Matrix  # item-local trim coordinates -> page
    trim: Rect  # on the page, axis-aligned
    clip: Rect | None = None  # on the page: only this part shows (a board's sheet)
    cut: Rect | None = None  # on the page: where a board's sheet is cut (clip less bleed)


@dataclass(frozen=True)
class Page:
    """A sheet to print: its size, the sides placed on it and its crop marks."""

    size: tuple[float, float]
    placements: tuple[Placement, ...]
    marks: tuple[tuple[float, float, float, float], ...]
    folds: tuple[tuple[float, float, float, float], ...]
    trim_box: Rect
    bleed_box: Rect
    glue: tuple[Rect, ...] = ()  # margins a neighbouring sheet is glued over
    align: tuple[tuple[float, float, float, float], ...] = ()  # lay the neighbour's edge here
    label: str = ""  # which sheet this is, printed in the margin
    number: int = 0  # a board's sheet: its number, also printed inside the cut
    # (item, matrix, sheet rects): a board's assembly plan
    overview: tuple[Item, Matrix, tuple[Rect, ...]] | None = None
    registration: float | None = None  # print-then-cut marks, this far in from the edges
    cuts: tuple[tuple[float, float, float, float], ...] = ()  # dashed guides between sheets
    badge: Rect | None = None  # a board's sheet: the square its number's disc fills
    told: tuple[Problem, ...] = ()  # a board's plan: the seams that cut what they should not


def outer_room(bleed: float, marks: bool) -> float:
    """What a grid keeps beyond its outer trims: its bleed, and its crop marks."""
    return bleed + (MARK_LENGTH if marks else 0.0)


def printable_area(settings: PrintSettings) -> Rect:
    w, h = settings.page_size
    m = settings.keep_clear
    return (m, m, w - 2 * m, h - 2 * m)


def page_flip(settings: PrintSettings) -> Matrix:
    """Where a point of the front lands on the back when the sheet is turned over."""
    w, h = settings.page_size
    return mirror_x(w / 2) if settings.duplex == "long" else mirror_y(h / 2)


def turned_over(settings: PrintSettings) -> Matrix:
    """Where a point of a sheet's front lies on its back page as drawn: the page flip, and
    the back offset that undoes the printer's shift of that side."""
    return compose(translate(*settings.back_offset), page_flip(settings))


DOUBLE_SIDED = ("long", "short")  # the duplex modes that print a file's backs as its even pages


def printed_as(sides: Collection[str], duplex: str) -> str:
    """How a file whose pages show these sides goes through the printer: "one-sided", or
    the build's duplex mode (long, short: double-sided, each even page the back of the
    page before; fold: one-sided, then folded). The print guide says it, the proof checks
    that the pages agree."""
    return duplex if "back" in sides else "one-sided"


def with_blank_backs(sheets: list[list[Page]], settings: PrintSettings) -> list[Page]:
    """A file's pages from its sheets (each a front page and, maybe, its back page): in a
    double-sided file a sheet without a back gets a blank one, else the duplex printer
    would put the next sheet's front on its back (the last sheet needs none)."""
    if not any(len(sheet) > 1 for sheet in sheets) or settings.duplex not in DOUBLE_SIDED:
        return [page for sheet in sheets for page in sheet]
    pages = []
    for n, sheet in enumerate(sheets):
        pages += sheet
        if len(sheet) == 1 and n < len(sheets) - 1:
            pages.append(_blank_back(sheet[0], settings))
    return pages


def _blank_back(front: Page, settings: PrintSettings) -> Page:
    """Nothing printed: its boxes are the front's seen through the paper, as a back's are."""
    behind = turned_over(settings)
    return Page(
        front.size, (), (), (), bounds(behind, front.trim_box), bounds(behind, front.bleed_box)
    )


def fit_grid(
    area: Rect,
    size: tuple[float, float],
    bleed: float,
    pad: Room,
    keep_out: tuple[Rect, ...] = (),
    block: tuple[int, int] | None = None,
) -> Grid:
    """Most items of `size` that fit in `area`, upright or turned, counting only the cells
    that take items clear of `keep_out` (cells.usable); `pad` is the room (left, bottom,
    right, top) kept beyond the outer trims for bleed and marks. The grid is centred, or
    with zones to keep out of, pushed to a side or corner where that keeps more cells."""
    best, most = None, (-1, -1)
    for align in ALIGNS if keep_out else ALIGNS[:1]:
        for turns in (0, 1):
            w, h = size if turns == 0 else (size[1], size[0])
            grid = _grid(area, w, h, bleed, pad, turns, align)
            kept = score(kept_runs(grid, block, clear_cells(grid, size, bleed, keep_out)))
            if not keep_out:  # as ever: the most cells, blocks or not
                kept = (0, kept[1])
            if kept > most:
                best, most = grid, kept
    assert best is not None  # the loops ran
    return best


# Where a grid sits in its room's slack, across and up: centred first, so it wins a tie.
ALIGNS = (
    (0.5, 0.5),
    *((x, y) for x in (0.0, 0.5, 1.0) for y in (0.0, 0.5, 1.0) if (x, y) != (0.5, 0.5)),
)


def _grid(
    area: Rect,
    w: float,
    h: float,
    bleed: float,
    pad: Room,
    turns: int,
    align: tuple[float, float] = (0.5, 0.5),
) -> Grid:
    x, y, aw, ah = area
    gap = 2 * bleed
    room_w = aw - pad[0] - pad[2]
    room_h = ah - pad[1] - pad[3]
    cols = max(0, math.floor((room_w + gap + EPS) / (w + gap)))
    rows = max(0, math.floor((room_h + gap + EPS) / (h + gap)))
    grid_w = cols * w + (cols - 1) * gap
    grid_h = rows * h + (rows - 1) * gap
    left = x + pad[0] + (room_w - grid_w) * align[0]
    top = y + pad[1] + grid_h + (room_h - grid_h) * align[1]
    cells = tuple(
        (left + c * (w + gap), top - h - r * (h + gap)) for r in range(rows) for c in range(cols)
    )
    return Grid(cells, turns)


def front_matrix(grid: Grid, index: int, size: tuple[float, float]) -> Matrix:
    cx, cy = grid.cells[index]
    return compose(translate(cx, cy), rotate_quarter(grid.turns, *size))


def back_matrix(
    front: Matrix, flip: Matrix, size: tuple[float, float], offset: tuple[float, float]
) -> Matrix:
    turn_card = mirror_x(size[0] / 2)  # the card turned over about its own upright axis
    return compose(translate(*offset), compose(flip, compose(front, turn_card)))


def impose(
    items: Sequence[Item],
    size: tuple[float, float],
    settings: PrintSettings,
    has_back: bool,
    marks: bool = True,
    block: tuple[int, int] | None = None,
    fit: Fit | None = None,
) -> list[Page]:
    """Pages for one component: fronts and, for duplex, their backs; or fold sheets.
    With `block` (columns, rows), each run of that many items is laid as one block, so the
    pieces of a picture lie together as the picture."""
    page_w, page_h = settings.page_size
    m, b = settings.keep_clear, settings.bleed
    outer = outer_room(b, marks)
    printable = printable_area(settings)

    fold = settings.duplex == "fold" and has_back
    keep_out = () if fold else settings.keep_out  # a fold sheet carries no marks
    fold_line: Line | None = None
    if fold:
        grid, flip, fold_line = _fold_grid(printable, size, b, outer, page_w, page_h)
    elif fit is None:
        # Ink may come to the printer's margin, the cuts only to the marks' frame: crop
        # marks and bleed may lie beyond the frame where they keep out of the zones.
        inked = printable_area(replace(settings, registration=False))
        pad = max(outer, settings.keep_clear - settings.margin)
        grid = fit_grid(inked, size, b, (pad,) * 4, keep_out, block)
        flip = page_flip(settings)
    else:
        grid = fit(printable, size, b, (outer,) * 4)  # a nest of shapes
        flip = page_flip(settings)
    order = usable(grid, block, clear_cells(grid, size, b, keep_out))
    if not order:
        raise ValueError(
            f"an item of {size[0] / mm(1):.1f} x {size[1] / mm(1):.1f} mm does not"
            f" fit on {settings.paper} inside a {m / mm(1):.1f} mm margin"
            f" with {b / mm(1):.1f} mm bleed"
            + (" and crop marks" if marks else "")
            + (" clear of the registration marks" if keep_out else "")
        )

    return _laid(
        items, grid, order, flip, size, settings, has_back, marks, fold_line if fold else None
    )


def _laid(
    items: Sequence[Item],
    grid: Grid,
    order: list[int],
    flip: Matrix,
    size: tuple[float, float],
    settings: PrintSettings,
    has_back: bool,
    marks: bool,
    fold_line: Line | None,
) -> list[Page]:
    """The pages of the items in the grid's `order` of slots: fronts, and their backs
    behind them (on the page after, or beside them across `fold_line` on a fold sheet)."""
    page_w, page_h = settings.page_size
    b, local, fold = settings.bleed, (0.0, 0.0, *size), fold_line is not None
    keep_out = () if fold else settings.keep_out  # a fold sheet carries no marks
    pages = []
    # Every page places its items in the same few slots: one matrix and trim per slot,
    # shared by the pages (a deck of 30,000 cards holds a few dozen, not 60,000).
    slots: dict[Matrix, tuple[Matrix, Rect]] = {}

    def placed(item: Item, side: str, mat: Matrix) -> Placement:
        if mat not in slots:
            slots[mat] = (mat, bounds(mat, local))
        return Placement(item, side, *slots[mat])

    for start in range(0, len(items), len(order)):
        chunk = items[start : start + len(order)]
        fronts = [
            placed(item, "front", front_matrix(grid, order[i], size))
            for i, item in enumerate(chunk)
        ]
        backs = []
        if has_back and settings.duplex != "none":
            offset = (0.0, 0.0) if fold else settings.back_offset
            for p in fronts:
                backs.append(placed(p.item, "back", back_matrix(p.matrix, flip, size, offset)))
        if fold_line is not None:  # a fold sheet (`fold`, said so mypy knows the line)
            pages.append(_page((page_w, page_h), fronts + backs, b, marks, (fold_line,)))
        else:
            pages.append(_page((page_w, page_h), fronts, b, marks, keep_out=keep_out))
            if backs:
                pages.append(_page((page_w, page_h), backs, b, marks))
    return pages


def _fold_grid(
    printable: Rect,
    size: tuple[float, float],
    b: float,
    outer: float,
    page_w: float,
    page_h: float,
) -> tuple[Grid, Matrix, Line]:
    """Fronts on one half, backs mirrored on the other; the fold between them. Of the two
    fold directions the one that holds more pairs wins."""
    x, y, w, h = printable
    top_half = (x, page_h / 2, w, y + h - page_h / 2)
    across = fit_grid(top_half, size, b, (outer, b, outer, outer))
    left_half = (x, y, page_w / 2 - x, h)
    along = fit_grid(left_half, size, b, (outer, outer, b, outer))
    if across.capacity >= along.capacity:
        line = (x, page_h / 2, x + w, page_h / 2)
        return across, mirror_y(page_h / 2), line
    line = (page_w / 2, y, page_w / 2, y + h)
    return along, mirror_x(page_w / 2), line


def _page(
    page_size: tuple[float, float],
    placements: list[Placement],
    bleed: float,
    marks: bool,
    folds: tuple[Line, ...] = (),
    keep_out: tuple[Rect, ...] = (),
) -> Page:
    trim_box = union(p.trim for p in placements)
    bleed_box = union(grow(p.trim, bleed) for p in placements)
    lines = crop_marks(placements, bleed_box, keep_out) if marks else ()
    return Page(page_size, tuple(placements), lines, folds, trim_box, bleed_box)
