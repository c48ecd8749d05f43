"""The cheat sheet's page as platypus lays it out: a header band in the game's colour over
two columns, one page template per language (the band's height follows its text). Blocks
move to the next column whole (KeepTogether), a heading with the block after it; where
the columns are made to end level, the break between them is set in the story (level.py)."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas

from bastelbogen.core.units import mm
from bastelbogen.render.pdf import Meta, new_canvas, set_boxes
from bastelbogen.render.rules.page import SHEET

if TYPE_CHECKING:
    from bastelbogen.render.pdf import Discard  # where a validation's PDFs go: nowhere
from bastelbogen.render.rules.typesetting import (
    BaseDocTemplate,
    Flowable,
    Frame,
    FrameBreak,
    KeepTogether,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
)

RULE = colors.HexColor("#cfc8b8")
FOOT_GAP = mm(7)  # between the columns and what is set under them


def room(head_h: float) -> float:
    """The height the two columns may take under a header band of `head_h`."""
    return SHEET[1] - head_h - mm(10)


COLUMN_W = (SHEET[0] - mm(8) * 2 - mm(8)) / 2


def page_template(
    name: str,
    origin: tuple[float, float],
    head_h: float,
    accent: colors.Color | None,
    depth: float | None = None,
    foot: Flowable | None = None,
) -> PageTemplate:
    """The page; `depth` shortens both columns alike (from the bottom), to balance them;
    `foot`, a flowable as wide as the sheet's text, is set right under the columns."""
    x0, y0 = origin
    w, h = SHEET
    foot_h = foot.wrap(w - mm(16), h)[1] + FOOT_GAP if foot is not None else 0.0
    most = room(head_h) - foot_h
    col_h = most if depth is None else min(depth, most)
    bottom = y0 + mm(6) + room(head_h) - col_h
    frames = [
        Frame(x0 + mm(8), y0 + h - head_h, w - mm(16), head_h - mm(6), 0, 0, 0, 0, id="head"),
        Frame(x0 + mm(8), bottom, COLUMN_W, col_h, 0, 0, 0, 0, id="left"),
        Frame(x0 + mm(16) + COLUMN_W, bottom, COLUMN_W, col_h, 0, 0, 0, 0, id="right"),
    ]

    def band(c: Canvas, doc: BaseDocTemplate) -> None:
        set_boxes(c, (x0, y0, *SHEET), (x0, y0, *SHEET))
        c.setFillColor(accent)
        c.roundRect(x0, y0 + h - head_h, w, head_h, mm(3), stroke=0, fill=1)
        if foot is not None:
            c.setStrokeColor(RULE)
            c.setLineWidth(0.5)
            c.line(x0 + mm(8), bottom - FOOT_GAP / 2, x0 + w - mm(8), bottom - FOOT_GAP / 2)
            foot.drawOn(c, x0 + mm(8), bottom - foot_h)

    def rule(
        c: Canvas, doc: BaseDocTemplate
    ) -> None:  # between the columns, only when the second one has text
        if doc.frame.id == "right":
            c.setStrokeColor(RULE)
            c.setLineWidth(0.5)
            c.line(x0 + w / 2, bottom, x0 + w / 2, y0 + h - head_h - mm(6))

    return PageTemplate(id=name, frames=frames, onPage=band, onPageEnd=rule)


def story(head: list[Flowable], body: list[Flowable]) -> list[Flowable]:
    """The header's flowables, then the columns'; each block kept whole (a column break
    among them, where the columns are made to part, left as it is)."""
    kept = [
        b if isinstance(b, KeepTogether | type(FrameBreak)) else KeepTogether([b]) for b in body
    ]
    return [*head, FrameBreak(), *kept]


class _Document(BaseDocTemplate):  # type: ignore[misc]  # reportlab ships no types
    """Notes the page every flowable lands on, to name what no longer fits."""

    def __init__(
        self,
        target: str | io.BytesIO,
        size: tuple[float, float],
        canvasmaker: Callable[..., Canvas] | None = None,
    ) -> None:
        super().__init__(target, pagesize=size, allowSplitting=1, invariant=1)
        self.landed: list[tuple[int, Flowable]] = []
        self.canvasmaker = canvasmaker

    def afterFlowable(self, flowable: Flowable) -> None:
        self.landed.append((self.page, flowable))


class _Measuring(Canvas):  # type: ignore[misc]  # reportlab ships no types
    """A canvas for trial layouts: platypus must draw to place text, but a trial's pages are
    thrown away, so they are never assembled or written (a third of a kit's build time went
    to serialising trial pages nobody read)."""

    def showPage(self) -> None:
        self._pageNumber += 1
        self._code: list[str] = []

    def save(self) -> None:
        pass


def overflow(
    template: PageTemplate, size: tuple[float, float], flowables: list[Flowable]
) -> Flowable | None:
    """None when the flowables fit one page; else the first one that does not."""
    doc = _Document(io.BytesIO(), size)
    doc.addPageTemplates([template])
    doc.build(flowables, canvasmaker=_Measuring)
    late = [f for page, f in doc.landed if page > 1]
    return next((f for f in late if hasattr(f, "getPlainText")), late[0] if late else None)


def write(
    path: Path | Discard,
    size: tuple[float, float],
    meta: Meta,
    font: str,
    pages: list[tuple[PageTemplate, list[Flowable]]],
) -> int:
    """One page per (template, flowables), in one PDF with our metadata and boxes; the
    number of pages written (more than asked for: a page's text ran over)."""
    doc = _Document(str(path), size)
    doc.title, doc.author, doc.subject = meta.title, meta.author, meta.subject
    doc.creator, doc.producer = "Bastelbogen", "Bastelbogen (reportlab)"
    doc.addPageTemplates([template for template, _ in pages])
    flow = []
    for n, (template, flowables) in enumerate(pages):
        if n:
            flow += [NextPageTemplate(template.id), PageBreak()]
        flow += flowables
    doc.build(flow, canvasmaker=lambda *_a, **_k: new_canvas(path, meta, size, font))
    return int(doc.page)
