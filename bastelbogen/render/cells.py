"""The cells painter: a grid of `cols` × `rows` cells ruled over its box, every other cell
tinted if asked: a wargame's or a chess board's squares, a roll-and-write's boxes, a track.
Where the lines and the tinted cells lie is worked out apart from drawing them (`ruling`),
so a test reads the geometry as numbers."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bastelbogen.content.painters import Mark, painter
from bastelbogen.core import limits
from bastelbogen.core.geometry import Rect
from bastelbogen.core.params import COLOUR, LINE, BoxKeys, Key, choice, whole

if TYPE_CHECKING:
    from bastelbogen.layout.layouts import Box
    from bastelbogen.render.paint import PaintContext
    from bastelbogen.render.style import Canvas


class Cells(BoxKeys):
    cols = Key(whole(1, limits.MAX_GRID_CELLS), required=True, help="how many cells across")
    rows = Key(whole(1, limits.MAX_GRID_CELLS), required=True, help="how many cells down")
    line = Key(LINE, 0.5, help="how thick the rules are, in points")
    colour = Key(COLOUR, "#222222", help="the rules' colour")
    fill = Key(COLOUR, help="tints every other cell (a chequer, the top-left one tinted)")
    frame = Key(choice(True, False), True, help="`false` leaves the outer edge undrawn")


@painter(
    "cells",
    "a grid of `cols` × `rows` equal cells over the box, ruled, a chequer if filled",
    Cells,
    puts=(Mark.LINE, Mark.FILL),
)
def paint_cells(c: Canvas, box: Box, ctx: PaintContext) -> None:
    k = Cells(box)
    lines, tinted = ruling(box.rect, k.cols, k.rows, k.frame)
    c.saveState()
    if k.fill is not None and tinted:
        c.setFillColor(ctx.ink(box, "fill"))
        path = c.beginPath()
        for x, y, w, h in tinted:
            path.rect(x, y, w, h)
        c.drawPath(path, stroke=0, fill=1)
    c.setStrokeColor(ctx.ink(box, "colour"))
    c.setLineWidth(k.line)
    path = c.beginPath()
    for x1, y1, x2, y2 in lines:
        path.moveTo(x1, y1)
        path.lineTo(x2, y2)
    c.drawPath(path, stroke=1, fill=0)
    c.restoreState()


def ruling(
    rect: Rect, cols: int, rows: int, frame: bool = True
) -> tuple[list[tuple[float, float, float, float]], list[Rect]]:
    """The grid's lines (x1, y1, x2, y2; each inner line once, the frame's four with
    `frame`) and the cells a chequer tints (every other, the top-left one first), in the
    box's points: its rectangle from the bottom-left, as PDF draws."""
    x, y, w, h = rect
    cw, ch = w / cols, h / rows
    inner_x = [x + i * cw for i in range(1, cols)]
    inner_y = [y + j * ch for j in range(1, rows)]
    lines = [(lx, y, lx, y + h) for lx in inner_x] + [(x, ly, x + w, ly) for ly in inner_y]
    if frame:
        lines += [(x, y, x + w, y), (x + w, y, x + w, y + h), (x + w, y + h, x, y + h)]
        lines += [(x, y + h, x, y)]
    tinted = [
        (x + i * cw, y + h - (j + 1) * ch, cw, ch)
        for j in range(rows)
        for i in range(cols)
        if (i + j) % 2 == 0
    ]
    return lines, tinted
