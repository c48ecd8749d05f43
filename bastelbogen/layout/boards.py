"""A board larger than a sheet, tiled over several sheets, as geometry.

The board is cut into equal cells, one per sheet. Each sheet prints its cell and, where a
neighbour follows to the right or below, a glue margin that continues the picture: the
neighbour, cut at its trim, is laid over that margin with its edge on the marked line. All
sheets place the same board drawing, each under its own window, so the pieces line up by
construction. The board may be turned a quarter if that takes fewer sheets.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from bastelbogen.core.geometry import Rect, compose, rotate_quarter, translate
from bastelbogen.core.units import mm
from bastelbogen.layout.imposition import MARK_LENGTH, Page, Placement, PrintSettings, crop_marks

GLUE = mm(10)
ROOM = MARK_LENGTH + mm(1)  # around the window, for crop marks


@dataclass(frozen=True)
class Tiling:
    cols: int
    rows: int
    turns: int  # quarter turns of the board on the sheets
    size: tuple[float, float]  # the board as laid on the sheets (turned if turns)

    @property
    def sheets(self) -> int:
        return self.cols * self.rows


def plan(size: tuple[float, float], settings: PrintSettings) -> Tiling:
    """The fewest sheets that hold the board, upright or turned."""
    page_w, page_h = settings.page_size
    room_w = page_w - 2 * settings.keep_clear - 2 * ROOM
    room_h = page_h - 2 * settings.keep_clear - 2 * ROOM
    best = None
    for turns in (0, 1):
        w, h = size if turns == 0 else (size[1], size[0])
        cols = _count(w, room_w)
        rows = _count(h, room_h)
        if cols and rows and (best is None or cols * rows < best.sheets):
            best = Tiling(cols, rows, turns, (w, h))
    if best is None:
        raise ValueError("the board is too large for these sheets")
    return best


def _count(length: float, room: float) -> int:
    """Cells along one side: each cell, with a glue margin if it has a neighbour, fits."""
    if length <= room:
        return 1
    if room <= GLUE:
        return 0
    return math.ceil(length / (room - GLUE) - 1e-9)


def tile(item, size: tuple[float, float], settings: PrintSettings) -> list[Page]:
    """An assembly plan, then one page per sheet, row by row from the top left."""
    t = plan(size, settings)
    page_w, page_h = settings.page_size
    w, h = t.size
    cw, ch = w / t.cols, h / t.rows
    turn = rotate_quarter(t.turns, *size)
    pages = [_overview(item, t, turn, settings)]
    for row in range(t.rows):
        for col in range(t.cols):
            x0, y0 = col * cw, h - (row + 1) * ch  # the cell, on the laid board
            right = GLUE if col < t.cols - 1 else 0.0
            below = GLUE if row < t.rows - 1 else 0.0
            window = (x0, y0 - below, cw + right, ch + below)
            shift = (
                page_w / 2 - (window[0] + window[2] / 2),
                page_h / 2 - (window[1] + window[3] / 2),
            )
            matrix = compose(translate(*shift), turn)
            cell = _moved((x0, y0, cw, ch), shift)
            clip = _moved(window, shift)
            placement = Placement(item, "front", matrix, cell, clip)
            glue, align = [], []
            cx, cy, _, _ = cell
            if right:
                glue.append((cx + cw, clip[1], right, clip[3]))
                align.append((cx + cw, cy, cx + cw, cy + ch))
            if below:
                glue.append((clip[0], cy - below, clip[2], below))
                align.append((cx, cy, cx + cw, cy))
            # Cut along the window's outer edges; the glue margins stay on.
            marks = crop_marks([Placement(item, "front", matrix, clip)], clip)
            number = row * t.cols + col + 1
            pages.append(
                Page(
                    (page_w, page_h),
                    (placement,),
                    marks,
                    (),
                    cell,
                    clip,
                    tuple(glue),
                    tuple(align),
                    f"{number}/{t.sheets}: {row + 1}.{col + 1}",
                )
            )
    return pages


def _moved(rect: Rect, shift) -> Rect:
    x, y, w, h = rect
    return x + shift[0], y + shift[1], w, h


def _overview(item, t: Tiling, turn, settings: PrintSettings) -> Page:
    """The whole board, small, with the sheets drawn on it and numbered: how to lay them."""
    page_w, page_h = settings.page_size
    w, h = t.size
    k = min((page_w - 2 * settings.keep_clear - mm(20)) / w, page_h * 0.5 / h)
    left, bottom = (page_w - w * k) / 2, page_h * 0.3
    matrix = compose(translate(left, bottom), compose((k, 0, 0, k, 0, 0), turn))
    cells = tuple(
        (
            left + col * w / t.cols * k,
            bottom + (t.rows - 1 - row) * h / t.rows * k,
            w / t.cols * k,
            h / t.rows * k,
        )
        for row in range(t.rows)
        for col in range(t.cols)
    )
    area = (left, bottom, w * k, h * k)
    return Page((page_w, page_h), (), (), (), area, area, overview=(item, matrix, cells))
