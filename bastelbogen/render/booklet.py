"""A book of A5 pages (a PDF, from any writer) printed as a saddle-stitched booklet on A4 or
US Letter (`impose`), and as one page per sheet (`single_pages`). layout/booklet.py says
where everything goes; here it is drawn.

Each source page is carried into the new file as a form (render/pdfimport.py), with its own
fonts, pictures and colours as they were: nothing is drawn again, nothing is rasterised,
and a font the pages share is carried once. The pages added to reach a multiple of four are
notes pages, ruled to write on, set in a font the file embeds like every other.

The rulebook's writer calls, with the book's PDF and the kit's paper:

    style = Style(words["notes"], job.fonts["regular"], job.meta(words["rules"]))
    imposed = impose(book_pdf, "a4", thickness_mm=0.1, style=style)  # the booklet
    single = single_pages(book_pdf, "a4", style)  # one A5 page per sheet
    lines = guide_lines(words, "a4")  # its part of PRINT.txt

Both return the PDF's bytes; a paper, thickness or page count outside what
layout/booklet.py allows, or a source naming a font it does not embed, is a ValueError.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from reportlab.lib import colors
from reportlab.pdfbase.pdfdoc import PDFName

from bastelbogen.content.words import Table
from bastelbogen.core.geometry import Rect
from bastelbogen.core.units import mm
from bastelbogen.layout.booklet import (
    A5_MM,
    DEFAULT_THICKNESS_MM,
    booklet,
    corner_marks,
    scale_for,
    single_box,
)
from bastelbogen.layout.cutmarks import MARK_WIDTH
from bastelbogen.layout.registration import Line
from bastelbogen.render.pdf import Canvas, Meta, new_canvas
from bastelbogen.render.pdfimport import page_forms, unembedded
from bastelbogen.render.style import stroke_line

FORM = "BookPage"  # the source pages' forms: BookPage0, BookPage1 ...
MARK_INK = colors.black
RULE_INK = colors.HexColor("#b4b4b4")  # a notes page's lines: there to write on, not to read
# A notes page, in mm of the A5 page: its heading's baseline and size, the first and last
# line and the distance between lines, the margins left and right.
NOTES_HEADING_MM, NOTES_HEADING_PT = 22.0, 14.0
NOTES_FIRST_MM, NOTES_LAST_MM, NOTES_PITCH_MM = 34.0, 192.0, 8.0
NOTES_MARGIN_MM = 16.0
A5_TOLERANCE = 0.5  # pt: how far a page may be from A5 by rounding (reportlab's, ours)


@dataclass(frozen=True)
class Style:
    """What a book's own pages are set in: the notes pages' heading and its font (a
    registered name; embedded), and the document information."""

    notes: str = "Notes"
    font: str | None = None  # None: the Liberation Sans shipped (render/standardfonts.py)
    meta: Meta = Meta("Booklet", "", "")

    def font_name(self) -> str:
        if self.font is not None:
            return self.font
        from bastelbogen.render.standardfonts import registered

        return registered("Sans", False, False)


def impose(
    source: bytes,
    paper: str,
    thickness_mm: float = DEFAULT_THICKNESS_MM,
    style: Style | None = None,
    back_cover: bool = True,
) -> bytes:
    """The booklet of `source` (a PDF of A5 pages, in reading order, its last the back
    cover when `back_cover`) on `paper` ("a4" or "letter"), for paper `thickness_mm` thick:
    the sheets' sides in print order, to print double-sided flipped on the short edge (the
    file asks print dialogs for that). Raises ValueError for a paper, thickness or page
    count outside what layout/booklet.py allows."""
    style = style or Style()
    count = _count(source)
    book = booklet(count, paper, thickness_mm, back_cover)
    buffer = io.BytesIO()
    font = style.font_name()
    c = new_canvas(buffer, style.meta, book.size, font)
    c.setViewerPreference("Duplex", PDFName("DuplexFlipShortEdge"))
    boxes = page_forms(c._doc, FORM, source)
    for side in book.sides:
        for slot in side.slots:
            shown = book.order[slot.page - 1]
            c.saveState()
            _clip(c, slot.clip)
            if shown is None:
                _notes(c, slot.box, style.notes, font)
            else:
                _place(c, shown, boxes[shown], slot.box)
            c.restoreState()
        _marks(c, side.trims)
        for x1, y1, x2, y2 in side.folds:
            stroke_line(c, x1, y1, x2, y2, "valley")
        c.showPage()
    c.save()
    return buffer.getvalue()


def single_pages(source: bytes, paper: str, style: Style | None = None) -> bytes:
    """`source`'s A5 pages each at its full size centred on an upright A4 or Letter page,
    with trim marks at its corners: to print one-sided and read, or trim to A5."""
    style = style or Style()
    _count(source)
    size, box = single_box(paper)
    buffer = io.BytesIO()
    c = new_canvas(buffer, style.meta, size, style.font_name())
    c.setViewerPreference("Duplex", PDFName("Simplex"))
    for n, page in enumerate(page_forms(c._doc, FORM, source)):
        c.saveState()
        _clip(c, box)
        _place(c, n, page, box)
        c.restoreState()
        _marks(c, corner_marks(box))
        c.showPage()
    c.save()
    return buffer.getvalue()


def _count(source: bytes) -> int:
    """The source's pages, each A5 (a page of another size would be scaled, which nothing
    here should do unasked); a font it draws with but does not carry is refused, as every
    file we write carries its fonts."""
    from pypdf import PdfReader

    pages = PdfReader(io.BytesIO(source)).pages
    a5 = (mm(A5_MM[0]), mm(A5_MM[1]))
    for n, page in enumerate(pages, start=1):
        size = (float(page.mediabox.width), float(page.mediabox.height))
        if any(abs(got - want) > A5_TOLERANCE for got, want in zip(size, a5, strict=True)):
            raise ValueError(
                f"page {n} of the book is {size[0] / mm(1):.1f} x {size[1] / mm(1):.1f} mm,"
                " not A5 (148 x 210 mm)"
            )
    bare = unembedded(source, every_page=True)
    if bare:
        raise ValueError(f"the book's pages name fonts they do not embed: {', '.join(bare)}")
    return len(pages)


def _clip(c: Canvas, rect: Rect) -> None:
    path = c.beginPath()
    path.rect(*rect)
    c.clipPath(path, stroke=0, fill=0)


def _place(c: Canvas, n: int, page: Rect, box: Rect) -> None:
    """Source page `n` (its media box `page`, as x0 y0 x1 y1) in `box`: scaled to fit
    whole, centred (an A5 page fills it exactly)."""
    x0, y0, x1, y1 = page
    x, y, w, h = box
    scale = min(w / (x1 - x0), h / (y1 - y0))
    c.translate(x + (w - (x1 - x0) * scale) / 2, y + (h - (y1 - y0) * scale) / 2)
    c.scale(scale, scale)
    c.translate(-x0, -y0)
    c.doForm(f"{FORM}{n}")


def _notes(c: Canvas, box: Rect, heading: str, font: str) -> None:
    """A page to write on, drawn in the A5 page's own millimetres scaled into `box`."""
    x, y, w, _ = box
    c.translate(x, y)
    c.scale(w / mm(A5_MM[0]), w / mm(A5_MM[0]))
    top = mm(A5_MM[1])
    left, right = mm(NOTES_MARGIN_MM), mm(A5_MM[0] - NOTES_MARGIN_MM)
    c.setFillColor(colors.black)
    c.setFont(font, NOTES_HEADING_PT)
    c.drawString(left, top - mm(NOTES_HEADING_MM), heading)
    c.setStrokeColor(RULE_INK)
    c.setLineWidth(0.5)
    at = NOTES_FIRST_MM
    while at <= NOTES_LAST_MM:
        c.line(left, top - mm(at), right, top - mm(at))
        at += NOTES_PITCH_MM


def _marks(c: Canvas, lines: tuple[Line, ...]) -> None:
    c.setDash()
    c.setStrokeColor(MARK_INK)
    c.setLineWidth(MARK_WIDTH)
    for x1, y1, x2, y2 in lines:
        c.line(x1, y1, x2, y2)


def guide_lines(words: Table, paper: str) -> list[str]:
    """What PRINT.txt says of a booklet on `paper` and its single pages, in one language:
    how to print, fold, staple and trim, and how far the pages are scaled ({scale} in the
    words' first line)."""
    scale = f"{round(scale_for(paper) * 100)}"
    steps = [line.replace("{scale}", scale) for line in words["booklet-steps"]]
    return [*steps, "", words["single-pages"]]
