"""A board larger than a sheet, tiled over several sheets, as geometry.

The board is cut into cells, one per sheet. Each sheet prints its cell and, where a
neighbour follows to the right or below, a glue margin that continues the picture: the
neighbour, cut at its trim, is laid over that margin with its edge on the marked line. All
sheets place the same board drawing, each under its own window, so the pieces line up by
construction. The board may be turned a quarter if that takes fewer sheets. At the board's
own outer edges the drawing runs on into the bleed, as on any piece cut at crop marks.

The seams fall where the board's `keep-whole` areas (what a player reads: a label, a
title, a numbered disc; written, or told by the board's motif) are not: each seam moves
off the even split as little as it must, as far as the sheets allow.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from bastelbogen.content.models import Item
from bastelbogen.core.geometry import Matrix, Rect, apply, compose, rotate_quarter, translate
from bastelbogen.core.units import mm
from bastelbogen.layout.cutmarks import MARK_LENGTH, crop_marks
from bastelbogen.layout.imposition import Page, Placement, PrintSettings

GLUE = mm(10)
ROOM = MARK_LENGTH + mm(1)  # around the bleed, for crop marks
CLEAR = mm(2)  # a seam keeps this far from a keep-whole area: a cut a hair off still misses
STEP = mm(0.5)  # how finely a seam's place is searched


@dataclass(frozen=True)
class Tiling:
    """How a board is cut into sheets: columns, rows and how it is turned."""

    cols: int
    rows: int
    turns: int  # quarter turns of the board on the sheets
    size: tuple[float, float]  # the board as laid on the sheets (turned if turns)
    xs: tuple[float, ...] = ()  # the cells' edges across, laid board, 0 .. width
    ys: tuple[float, ...] = ()  # the cells' edges down from the top, 0 .. height

    @property
    def sheets(self) -> int:
        return self.cols * self.rows


def plan(size: tuple[float, float], settings: PrintSettings, keep: tuple[Rect, ...] = ()) -> Tiling:
    """The fewest sheets that hold the board, upright or turned; `keep` are board-local
    areas no seam may cross."""
    b = settings.bleed
    best, room = None, (0.0, 0.0)
    for room_w, room_h in _rooms(settings):
        for turns in (0, 1):
            w, h = size if turns == 0 else (size[1], size[0])
            cols = _count(w, room_w, b)
            rows = _count(h, room_h, b)
            if cols and rows and (best is None or cols * rows < best.sheets):
                best, room = Tiling(cols, rows, turns, (w, h)), (room_w, room_h)
    if best is None:
        raise ValueError("the board is too large for these sheets")
    laid = [_laid(rotate_quarter(best.turns, *size), best.size[1], r) for r in keep]
    xs = _edges(best.size[0], _caps(best.cols, room[0], b), [(x, x + w) for x, _, w, _ in laid])
    ys = _edges(best.size[1], _caps(best.rows, room[1], b), [(y, y + h) for _, y, _, h in laid])
    return Tiling(best.cols, best.rows, best.turns, best.size, xs, ys)


def _rooms(settings: PrintSettings) -> list[tuple[float, float]]:
    """The room a sheet's window (bleed and glue included) may fill, centred on the page:
    inside the margin with its crop marks; with registration marks also clear of their
    zones (settings.keep_out), by keeping off the top and bottom or off the sides."""
    page_w, page_h = settings.page_size
    room_w = page_w - 2 * settings.keep_clear - 2 * ROOM
    room_h = page_h - 2 * settings.keep_clear - 2 * ROOM
    if not settings.keep_out:
        return [(room_w, room_h)]
    # How far in from the edges a zone reaches, across and down.
    reach_x = max(min(x + w, page_w - x) for x, _, w, _ in settings.keep_out)
    reach_y = max(min(y + h, page_h - y) for _, y, _, h in settings.keep_out)
    return [
        (room_w, min(room_h, page_h - 2 * reach_y)),
        (min(room_w, page_w - 2 * reach_x), room_h),
    ]


def _laid(turn: Matrix, height: float, rect: Rect) -> Rect:
    """A board-local rect on the laid board, y counted down from its top as the rows are."""
    x, y, w, h = rect
    corners = [apply(turn, x + a, y + b) for a in (0, w) for b in (0, h)]
    left, right = min(p[0] for p in corners), max(p[0] for p in corners)
    low, high = min(p[1] for p in corners), max(p[1] for p in corners)
    return left, height - high, right - left, high - low


def _caps(cells: int, room: float, bleed: float) -> list[float]:
    """How long each cell along one side may be: a sheet holds the cell, its glue margin
    if a neighbour follows, and the bleed where the cell lies at the board's edge."""
    return [
        room - (GLUE if k < cells - 1 else 0.0) - bleed * ((k == 0) + (k == cells - 1))
        for k in range(cells)
    ]


def _count(length: float, room: float, bleed: float) -> int:
    """Cells along one side: the fewest whose sheets hold the side."""
    for cells in range(1, 1000):
        caps = _caps(cells, room, bleed)
        if min(caps) <= 0:
            return 0
        if sum(caps) >= length - 1e-9:
            return cells
    return 0


def _edges(length: float, caps: list[float], keep: list[tuple[float, float]]) -> tuple[float, ...]:
    """The cells' edges along one side: the even split, each seam moved to the nearest
    place clear of every kept span that leaves every cell fitting its sheet. A seam that
    finds no such place stays nearest the even split: the board still goes together."""
    cells = len(caps)
    edges = [length * k / cells for k in range(cells + 1)]
    for k in range(1, cells):
        low = max(edges[k - 1], length - sum(caps[k:])) + 1e-6
        high = min(edges[k - 1] + caps[k - 1], length) - 1e-6
        # The even split, or the nearest place to it the sheets allow (the cells at the
        # board's edges hold less: they carry the bleed).
        wanted = min(max(length * k / cells, low), high)
        edges[k] = wanted
        for d in _offsets(max(wanted - low, high - wanted)):
            s = wanted + d
            if low <= s <= high and not any(a - CLEAR < s < b + CLEAR for a, b in keep):
                edges[k] = s
                break
    return tuple(edges)


def _offsets(reach: float) -> Iterator[float]:
    yield 0.0
    n = 1
    while n * STEP <= reach:
        yield n * STEP
        yield -n * STEP
        n += 1


def tile(
    item: Item, size: tuple[float, float], settings: PrintSettings, keep: tuple[Rect, ...] = ()
) -> list[Page]:
    """An assembly plan, then one page per sheet, row by row from the top left."""
    t = plan(size, settings, keep)
    turn = rotate_quarter(t.turns, *size)
    pages = [_overview(item, t, turn, settings)]
    for row in range(t.rows):
        for col in range(t.cols):
            pages.append(_sheet(item, t, turn, settings, row, col))
    return pages


def _sheet(
    item: Item, t: Tiling, turn: Matrix, settings: PrintSettings, row: int, col: int
) -> Page:
    page_w, page_h = settings.page_size
    h = t.size[1]
    x0, cw = t.xs[col], t.xs[col + 1] - t.xs[col]
    ch = t.ys[row + 1] - t.ys[row]
    y0 = h - t.ys[row + 1]  # the cell, on the laid board (y up)
    right = GLUE if col < t.cols - 1 else 0.0
    below = GLUE if row < t.rows - 1 else 0.0
    window = (x0, y0 - below, cw + right, ch + below)  # where the sheet is cut
    # The board's own edges run on into the bleed; the glue margins' far edges do not.
    b = settings.bleed
    left_b, top_b = (b if col == 0 else 0.0), (b if row == 0 else 0.0)
    right_b, below_b = (b if not right else 0.0), (b if not below else 0.0)
    drawn = (
        window[0] - left_b,
        window[1] - below_b,
        window[2] + left_b + right_b,
        window[3] + below_b + top_b,
    )
    shift = (  # what is printed, bleed included, sits in the middle of the sheet
        page_w / 2 - (drawn[0] + drawn[2] / 2),
        page_h / 2 - (drawn[1] + drawn[3] / 2),
    )
    matrix = compose(translate(*shift), turn)
    cell = _moved((x0, y0, cw, ch), shift)
    cut = _moved(window, shift)
    clip = _moved(drawn, shift)
    placement = Placement(item, "front", matrix, cell, clip, cut)
    glue, align = [], []
    cx, cy, _, _ = cell
    if right:
        glue.append((cx + cw, cut[1], right, cut[3]))
        align.append((cx + cw, cy, cx + cw, cy + ch))
    if below:
        glue.append((cut[0], cy - below, cut[2], below))
        align.append((cx, cy, cx + cw, cy))
    # Cut along the window's outer edges (the glue margins stay on); the marks stand
    # outside the bleed.
    marks = crop_marks([Placement(item, "front", matrix, cut)], clip, settings.keep_out)
    number = row * t.cols + col + 1
    return Page(
        (page_w, page_h),
        (placement,),
        marks,
        (),
        cell,
        clip,
        tuple(glue),
        tuple(align),
        f"{number}/{t.sheets}: {row + 1}.{col + 1}",
        number=number,
    )


def _moved(rect: Rect, shift: tuple[float, float]) -> Rect:
    x, y, w, h = rect
    return x + shift[0], y + shift[1], w, h


def _overview(item: Item, t: Tiling, turn: Matrix, settings: PrintSettings) -> Page:
    """The whole board, small, with the sheets drawn on it and numbered: how to lay them."""
    page_w, page_h = settings.page_size
    w, h = t.size
    k = min((page_w - 2 * settings.keep_clear - mm(20)) / w, page_h * 0.5 / h)
    left, bottom = (page_w - w * k) / 2, page_h * 0.3
    matrix = compose(translate(left, bottom), compose((k, 0, 0, k, 0, 0), turn))
    cells = tuple(
        (
            left + t.xs[col] * k,
            bottom + (h - t.ys[row + 1]) * k,
            (t.xs[col + 1] - t.xs[col]) * k,
            (t.ys[row + 1] - t.ys[row]) * k,
        )
        for row in range(t.rows)
        for col in range(t.cols)
    )
    area = (left, bottom, w * k, h * k)
    return Page((page_w, page_h), (), (), (), area, area, overview=(item, matrix, cells))
