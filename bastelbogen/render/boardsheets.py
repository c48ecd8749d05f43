"""What a board's sheets carry besides the board: glue margins, the line to lay the
neighbour on, the sheet's number, and the assembly plan."""

from __future__ import annotations

from typing import TYPE_CHECKING

from reportlab.lib import colors

from bastelbogen.core.units import mm
from bastelbogen.layout.imposition import Page
from bastelbogen.layout.registration import page_zones
from bastelbogen.render.style import LINE_STYLES, glue_area, rect_loops, stroke_line

if TYPE_CHECKING:
    from bastelbogen.content.words import Table
    from bastelbogen.core.geometry import Rect
    from bastelbogen.render.style import Canvas

ALIGN = LINE_STYLES["align"][2]


def draw_sheet_guides(c: Canvas, page: Page, font: str, words: Table, bold: str = "") -> None:
    c.saveState()
    for x, y, w, h in page.glue:
        # The first millimetres beside the line stay clear: a cut a little wide then shows
        # board, not hatching. Opaque, as all our print: the strip is glued under the
        # neighbour, so it need not show the board.
        x, y, w, h = _away_from_line(page, (x, y, w, h))
        glue_area(c, rect_loops(x, y, w, h))
        c.setFillColor(colors.HexColor("#555555"))
        c.setFont(font, 7)
        c.saveState()
        c.translate(x + w / 2, y + h / 2)
        if h > w:
            c.rotate(90)
        c.drawCentredString(0, -2.5, words["glue"])
        c.restoreState()
    for x1, y1, x2, y2 in page.align:
        stroke_line(c, x1, y1, x2, y2, "align")
    c.restoreState()
    if page.label:
        x, y, w, h = page.bleed_box
        c.setFont(font, 7)
        c.setFillColor(colors.HexColor("#555555"))
        word = words["board-sheet"]
        # Above the marks if there is room, else below them; never in the printer's margin.
        top = y + h + mm(6.5)
        if top > page.size[1] - mm(8):
            top = y - mm(9)
        text = f"{word} {page.label}"
        # Nor in a registration mark's zone: past it, along the line.
        width = c.stringWidth(text, font, 7)
        for zx, zy, zw, zh in page_zones(page):
            if zy < top + mm(3) and top - mm(1) < zy + zh and zx < x + width and x < zx + zw:
                x = zx + zw + mm(1)
        c.drawString(x, top, text)
    if page.number and page.badge is not None:
        _number(c, page.number, page.badge, bold or font)


def _number(c: Canvas, number: int, badge: Rect, font: str) -> None:
    """The sheet's number in a disc where the layout put it (boards.py): in the glue
    margin, which survives the cut, so the sheets can be laid after cutting, and is glued
    under the neighbour; never over what a player reads or plays on."""
    x, y, w, _ = badge
    r = w / 2
    cx, cy = x + r, y + r
    c.saveState()
    c.setStrokeColor(ALIGN)
    c.setFillColor(colors.white)
    c.setLineWidth(0.8)
    c.circle(cx, cy, r, stroke=1, fill=1)
    c.setFillColor(ALIGN)
    c.setFont(font, 8)
    c.drawCentredString(cx, cy - 2.8, str(number))
    c.restoreState()


def _away_from_line(page: Page, rect: Rect) -> Rect:
    x, y, w, h = rect
    clear = mm(2)
    for x1, y1, x2, y2 in page.align:
        if x1 == x2 and abs(x - x1) < 1e-6:  # a right margin starts at a vertical line
            return x + clear, y, w - clear, h
        if y1 == y2 and abs(y + h - y1) < 1e-6:  # a bottom margin ends at a horizontal one
            return x, y, w, h - clear
    return rect


def draw_overview(c: Canvas, page: Page, font: str, bold: str, words: Table) -> None:
    """Sheet outlines and numbers over the small board, and how to put it together."""
    assert page.overview is not None  # drawn for the overview page only
    _, _, cells = page.overview
    c.saveState()
    c.setStrokeColor(ALIGN)
    c.setLineWidth(1.2)
    for n, (x, y, w, h) in enumerate(cells, start=1):
        c.rect(x, y, w, h, stroke=1, fill=0)
        # The number sits in the sheet's corner, over the board's border, not its fields.
        bx, by = x + mm(6), y + h - mm(6)
        c.setFillColor(colors.white)
        c.circle(bx, by, mm(4.5), stroke=1, fill=1)
        c.setFillColor(ALIGN)
        c.setFont(bold, 12)
        c.drawCentredString(bx, by - 4, str(n))
    c.setFillColor(colors.HexColor("#1d1d1d"))
    c.setFont(bold, 16)
    width, height = page.size
    c.drawCentredString(width / 2, height - mm(25), words["board-assembly"])
    lines = words["board-steps"]
    c.setFont(font, 10)
    for i, text in enumerate(lines):
        c.drawString(mm(20), page.trim_box[1] - mm(14) - i * 14, text)
    c.restoreState()
