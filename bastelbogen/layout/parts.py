"""Small parts on shared sheets, as numbers: what would fill a sheet of its own only in part
goes, with the small parts of other components, onto shared "parts" sheets.

A one-sided component offers all its sheets when they leave room (a die net, the Baron, a
pair of benches); any other offers its last sheet when that is its only one or holds no
more than half of what a full one does (two tiles left over on Letter). The items of each
offered sheet stay together as one block, a small grid with its own crop marks (or none,
for pieces that carry their own cut lines), and the blocks are packed by packing.py. The
parts sheets are made only when they save paper; otherwise every component keeps its own.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from bastelbogen.content.models import Item
from bastelbogen.core.geometry import Rect, bounds, grow, union
from bastelbogen.layout.cells import Grid
from bastelbogen.layout.cutmarks import crop_marks
from bastelbogen.layout.imposition import (
    Page,
    Placement,
    PrintSettings,
    back_matrix,
    front_matrix,
    outer_room,
    page_flip,
    printable_area,
    with_blank_backs,
)
from bastelbogen.layout.packing import fits_alone, pack

# A one-sided component whose fullest sheet is inked on less than this shares them all: a
# fifth of a sheet left free holds another part's leftovers (two tiles beside two benches).
SPARSE = 0.8


@dataclass(frozen=True)
class Tail:
    """A component's items offered to the shared sheets."""

    key: int  # the component's number, handed back with its placements
    items: tuple[Item, ...]
    size: tuple[float, float]  # trim
    bleed: float
    marks: bool
    backs: bool  # printed with their backs behind them
    nest: Callable[[Rect, tuple[float, float], float], Grid] | None = None  # interlocking shapes


def tails_of(
    pages: list[Page], two_sided: bool, settings: PrintSettings, bleed: float
) -> tuple[int, list[list[Item]]]:
    """How many of a component's pages it keeps, and the items it offers to the shared
    sheets, sheet by sheet: all of them when it is one-sided and even its fullest sheet
    leaves room (a pair of benches, a die net), else those of its last sheet when that is
    its only one or at most half full (a deck keeps its full sheets). A two-sided part keeps a
    fold sheet of its own (its backs are on the same page)."""
    fronts = [n for n, page in enumerate(pages) if _fronts(page)]
    if not fronts or (two_sided and settings.duplex == "fold"):
        return len(pages), []
    sheets = [[p.item for p in _fronts(pages[n])] for n in fronts]
    room = printable_area(settings)
    inked = sum(w * h for _x, _y, w, h in (grow(p.trim, bleed) for p in _fronts(pages[fronts[0]])))
    if not two_sided and inked < SPARSE * room[2] * room[3]:  # a small part: room to spare
        return 0, sheets
    if len(fronts) > 1 and 2 * len(sheets[-1]) > len(sheets[0]):
        return len(pages), []
    return fronts[-1], sheets[-1:]


def _fronts(page: Page) -> list[Placement]:
    """The placements of a page's fronts."""
    return [p for p in page.placements if p.side == "front"]


def shared_sheets(tails: list[Tail], settings: PrintSettings) -> list[Page] | None:
    """The pages of the shared sheets, or None when they would take as many sheets as the
    tails take on their own (each came from a sheet of its own)."""
    if len(tails) < 2:
        return None
    x0, y0, room_w, room_h = printable_area(settings)
    shapes = [_shapes(t, (room_w, room_h)) for t in tails]
    packed = pack(
        [[s.size for s in options] for options in shapes], (room_w, room_h), _zones(settings)
    )
    if len(packed) >= len(tails):
        return None
    sheets = []
    for placed in packed:
        blocks = [
            (tails[p.block], _cells(shapes[p.block][p.shape], x0 + p.x, y0 + p.y)) for p in placed
        ]
        sheets.append(_sheet(blocks, settings))
    # Two-sided parts and one-sided ones share the file: it is printed double-sided.
    return with_blank_backs(sheets, settings)


def packable(tail: Tail, settings: PrintSettings) -> bool:
    """Whether one of the block's shapes goes onto a shared sheet clear of the registration
    marks' zones (a block as large as its own sheet may not: it keeps that sheet)."""
    _, _, room_w, room_h = printable_area(settings)
    try:
        shapes = _shapes(tail, (room_w, room_h))
    except ValueError:
        return False
    return any(fits_alone(s.size, (room_w, room_h), _zones(settings)) for s in shapes)


def _zones(settings: PrintSettings) -> tuple[Rect, ...]:
    """The registration marks' zones in the room's coordinates: no block goes into one."""
    x0, y0, _, _ = printable_area(settings)
    return tuple((x - x0, y - y0, w, h) for x, y, w, h in settings.keep_out)


@dataclass(frozen=True)
class _Shape:
    """A grid of pieces in one orientation."""

    cols: int
    rows: int
    turns: int
    size: tuple[float, float]  # the block's footprint, bleed and crop marks included
    item: tuple[float, float]  # one item's size as laid (turned or not)
    outer: float
    gap: float
    # A nest's cells from the block's lower-left corner (else a grid's).
    cells: tuple[tuple[float, float], ...] = ()


def _shapes(tail: Tail, room: tuple[float, float]) -> list[_Shape]:
    """Every grid the block can take in the room, upright or turned, without an empty row."""
    if tail.nest is not None:
        return _nests(tail, room)
    n, b = len(tail.items), tail.bleed
    outer = outer_room(b, tail.marks)
    found = []
    for turns in (0, 1):
        w, h = tail.size if turns == 0 else tail.size[::-1]
        for cols in range(1, n + 1):
            rows = math.ceil(n / cols)
            if cols * rows - n >= cols:
                continue
            size = (
                cols * w + (cols - 1) * 2 * b + 2 * outer,
                rows * h + (rows - 1) * 2 * b + 2 * outer,
            )
            if size[0] <= room[0] and size[1] <= room[1]:
                found.append(_Shape(cols, rows, turns, size, (w, h), outer, 2 * b))
    if not found:
        raise ValueError("a part does not fit the page")  # a sheet of its own held it
    return found


def _nests(tail: Tail, room: tuple[float, float]) -> list[_Shape]:
    """Blocks of interlocking pieces (hexes, circles), from one piece a row to as many as
    the room's width holds: the first pieces of a nest as wide as that, in reading order."""
    found: dict[tuple[float, float], _Shape] = {}
    for across in range(1, len(tail.items) + 1):
        for w in tail.size:  # a row as wide as `across` pieces, upright or turned
            shape = _nest(tail, room, across, w)
            if shape is not None:
                found.setdefault((round(shape.size[0], 3), round(shape.size[1], 3)), shape)
    if not found:
        raise ValueError("a part does not fit the page")  # a sheet of its own held it
    return list(found.values())


def _nest(tail: Tail, room: tuple[float, float], across: int, w: float) -> _Shape | None:
    """The block of a nest whose rows are `across` pieces of width `w`, if it fits the room."""
    assert tail.nest is not None  # only interlocking tails are nested
    n, b = len(tail.items), tail.bleed
    outer = outer_room(b, tail.marks)
    width = (across + 0.5) * (w + 2 * b)
    if width > room[0] + (w + 2 * b) / 2:
        return None
    grid = tail.nest((0.0, 0.0, min(width, room[0]), room[1]), tail.size, b)
    if grid.capacity < n:
        return None
    laid = tail.size if grid.turns == 0 else tail.size[::-1]
    cells = grid.cells[:n]
    x0, y0 = min(x for x, _ in cells), min(y for _, y in cells)
    size = (
        max(x for x, _ in cells) - x0 + laid[0] + 2 * outer,
        max(y for _, y in cells) - y0 + laid[1] + 2 * outer,
    )
    if not (size[0] <= room[0] and size[1] <= room[1]):
        return None
    cells_from_corner = tuple((x - x0 + outer, y - y0 + outer) for x, y in cells)
    return _Shape(0, 0, grid.turns, size, laid, outer, 2 * b, cells_from_corner)


def _cells(shape: _Shape, x: float, y: float) -> Grid:
    """The block's cells, row by row from the top, its lower-left corner at (x, y)."""
    if shape.cells:
        return Grid(tuple((x + cx, y + cy) for cx, cy in shape.cells), shape.turns)
    w, h = shape.item
    top = y + shape.size[1] - shape.outer
    cells = tuple(
        (x + shape.outer + c * (w + shape.gap), top - h - r * (h + shape.gap))
        for r in range(shape.rows)
        for c in range(shape.cols)
    )
    return Grid(cells, shape.turns)


def _sheet(blocks: list[tuple[Tail, Grid]], settings: PrintSettings) -> list[Page]:
    """One shared sheet: its front page, and a back page for the blocks printed with backs."""
    fronts: list[tuple[Tail, Placement]] = []
    backs: list[tuple[Tail, Placement]] = []
    marks: list[tuple[float, float, float, float]] = []
    back_marks: list[tuple[float, float, float, float]] = []
    flip = page_flip(settings)
    for tail, grid in blocks:
        local = (0.0, 0.0, *tail.size)
        mine = []
        for i, item in enumerate(tail.items):
            matrix = front_matrix(grid, i, tail.size)
            mine.append(Placement(item, "front", matrix, bounds(matrix, local)))
        if tail.marks:
            bleed_box = union(grow(p.trim, tail.bleed) for p in mine)
            marks += crop_marks(mine, bleed_box, settings.keep_out)
        fronts += [(tail, p) for p in mine]
        if tail.backs and settings.duplex != "none":
            behind = []
            for p in mine:
                matrix = back_matrix(p.matrix, flip, tail.size, settings.back_offset)
                behind.append(Placement(p.item, "back", matrix, bounds(matrix, local)))
            if tail.marks:
                back_marks += crop_marks(behind, union(grow(p.trim, tail.bleed) for p in behind))
            backs += [(tail, p) for p in behind]
    pages = [_page(fronts, settings, tuple(marks))]
    if backs:
        pages.append(_page(backs, settings, tuple(back_marks)))
    return pages


def _page(
    placed: list[tuple[Tail, Placement]],
    settings: PrintSettings,
    marks: tuple[tuple[float, float, float, float], ...],
) -> Page:
    return Page(
        settings.page_size,
        tuple(p for _, p in placed),
        marks,
        (),
        union(p.trim for _, p in placed),
        union(grow(p.trim, t.bleed) for t, p in placed),
    )
