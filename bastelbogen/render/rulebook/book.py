"""The rulebook as an A5 PDF: its title and table of contents, then its sections, with
running heads (the game's title, the section) and page numbers, a PDF bookmark and a link
destination for every section. References print the page they lead to, which is known only
once the book is laid out: it is laid out again with the pages found until they hold
(two passes, a third where the page numbers moved a break)."""

from __future__ import annotations

import html
import io
import re
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from reportlab.lib import colors

from bastelbogen.content.rulebook import Block, all_blocks
from bastelbogen.core.errors import ContentError, Loc, Problem
from bastelbogen.core.units import mm
from bastelbogen.render.pdf import DISCARD, Canvas, Meta, new_canvas, set_boxes
from bastelbogen.render.rulebook.blocks import (
    EDGE,
    FRAME_H,
    FRAME_W,
    MARGIN,
    PAGE,
    Setter,
    styles,
)
from bastelbogen.render.rulebook.floats import End, Placer, sectioned
from bastelbogen.render.rules.typesetting import (
    BaseDocTemplate,
    Flowable,
    Frame,
    LayoutError,
    PageBreak,
    PageTemplate,
    Table,
)

if TYPE_CHECKING:
    from bastelbogen.content.rulebook import Rulebook
    from bastelbogen.render.paint import PaintContext
    from bastelbogen.render.pdf import Discard
    from bastelbogen.render.rulebook.pictures import Kit

PASSES = 4  # the page numbers settle in two; a third where printing them moved a break
HEAD_SIZE = 7.5  # points: the running head's and the page number's


class _Book(BaseDocTemplate):  # type: ignore[misc]  # reportlab ships no types
    """Notes where each section lands, makes it a destination and a bookmark, and sets
    each page's running head and number."""

    def __init__(self, target: object, title: str, fonts: Mapping[str, str]) -> None:
        super().__init__(target, pagesize=PAGE, invariant=1, allowSplitting=1)
        self.book_title, self.fonts = title, fonts
        self.found: dict[str, int] = {}  # slug -> page
        self.headings: list[tuple[int, str, str, int]] = []  # level, slug, text, page
        self.sections: dict[int, str] = {}  # page -> the section it begins with
        self.running = ""  # the section a page goes on with, from the page before
        self.current = ""  # the last section begun
        self.outline_level = -1
        self.placer = Placer()  # figures, tables and boxes that wait for the next page
        frame = Frame(MARGIN[0], MARGIN[3], FRAME_W, FRAME_H, 0, 0, 0, 0, id="text")
        self.addPageTemplates([PageTemplate("page", [frame], onPageEnd=self._furnish)])

    def filterFlowables(self, flowables: list[Flowable]) -> None:  # noqa: N802
        if hasattr(self, "frame"):  # none before the first page begins: nothing to place
            self.placer.filter(flowables, self.frame, self.page, self.canv)

    def afterFlowable(self, flowable: Flowable) -> None:  # noqa: N802
        self.placer.done(flowable, self.page)
        found = getattr(flowable, "rulebook_heading", None)
        if found is None:
            return
        level, slug, text = found
        if level == 1:
            return
        c = self.canv
        c.bookmarkPage(slug)
        # an outline never steps more than one level down (a ### before any ##)
        depth = min(level - 2, self.outline_level + 1)
        self.outline_level = depth
        c.addOutlineEntry(text, slug, depth, closed=False)
        self.found.setdefault(slug, self.page)
        self.headings.append((level, slug, text, self.page))
        if level == 2:  # a running head names a section (##), not its parts
            self.sections.setdefault(self.page, text)
            self.current = text

    def _furnish(self, c: Canvas, doc: BaseDocTemplate) -> None:
        """The page's boxes, its running head (not on the first page) and its number."""
        page = self.page
        set_boxes(c, (0, 0, *PAGE), (0, 0, *PAGE))
        # the first section begun on the page, else the one it goes on with
        head, self.running = self.sections.get(page, self.running), self.current
        if page == 1:
            return
        c.saveState()
        c.setFont(self.fonts["regular"], HEAD_SIZE)
        c.setFillColor(colors.HexColor("#555555"))
        top = PAGE[1] - MARGIN[1] + mm(6)
        left, right = MARGIN[0], PAGE[0] - MARGIN[2]
        outer = right if page % 2 else left  # the number on the outer edge, recto right
        c.drawString(left, top, self.book_title)
        c.drawRightString(right, top, head)
        c.setStrokeColor(EDGE)
        c.setLineWidth(0.4)
        c.line(left, top - mm(1.5), right, top - mm(1.5))
        number = str(page)
        (c.drawRightString if outer == right else c.drawString)(outer, MARGIN[3] - mm(9), number)
        c.restoreState()


def _contents(setter: Setter, headings: list[tuple[int, str, str, int]]) -> list[Flowable]:
    """The table of contents: each section linked to its page (in the pass before)."""
    loc = setter.book.blocks[0].loc if setter.book.blocks else Loc(str(setter.book.path), 1, 1)
    ink = "#1d1d1d"  # a link of the contents is not a reference: no page printed after it
    rows = []
    for level, slug, text, page in headings:
        indent = "&nbsp;" * 4 * (level - 2)
        link = f'{indent}<a href="#{slug}" color="{ink}">{html.escape(text)}</a>'
        number = f'<a href="#{slug}" color="{ink}">{page or ""}</a>'
        rows.append([setter.para(link, "toc", loc), setter.para(number, "tocpage", loc)])
    if not rows:
        return []
    head = setter.para(html.escape(str(setter.words["contents"])), "h2", loc)
    table = Table(rows, colWidths=[FRAME_W - mm(14), mm(14)])
    table.setStyle(setter.table_style([("VALIGN", (0, 0), (-1, -1), "BOTTOM")]))
    return [head, table]


def _headings(book: Rulebook) -> list[Block]:
    return [b for b in all_blocks(book.blocks) if b.kind == "heading"]


def _story(setter: Setter, headings: list[tuple[int, str, str, int]]) -> list[Flowable]:
    blocks = list(setter.book.blocks)
    story: list[Flowable] = []
    if blocks and blocks[0].kind == "heading" and blocks[0].level == 1:
        story += setter.flowables(blocks.pop(0))
    story += _contents(setter, headings)
    if story:
        story.append(PageBreak())
    body: list[Flowable] = []
    for block in blocks:
        body += setter.flowables(block)
    return story + sectioned(body) + [End()]


def write_book(
    target: Path | Discard,
    book: Rulebook,
    kit: Kit,
    ctx: PaintContext,
    words: Mapping[str, object],
    accent: colors.Color,
    meta: Meta,
    records: dict[str, object] | None = None,
    settle: bool = True,
) -> tuple[int, dict[str, int]]:
    """The book written to `target`: its number of pages and each section's page;
    `records` given: each float's source page and page (`placed`) and the pages whose foot
    was left empty, for a section's floats or a page break (`ends`), as the tests read them.

    Set until the pages its references print are the pages it has (`settle`): the first
    pass only finds where its blocks land (a sketch: faces take their room undrawn, nothing
    saved), the next print what it found. Without `settle` (validating, which prints no
    page), one pass, drawn and saved into nothing: what no page holds is found there."""
    fonts = ctx.fonts
    roles = {role: fonts[role] for role in ("regular", "bold", "italic")}
    found: dict[str, int] = {}
    headings = [(b.level, b.slug, plain(b.text), 0) for b in _headings(book) if b.level > 1]
    style = styles(roles, book.lang, accent)
    title = book.title or meta.title
    passes = PASSES if settle else 1
    for n in range(passes):
        last, sketch = n == passes - 1, settle and n == 0
        setter = Setter(book, kit, style, ctx, words, found, accent)
        doc = _Book(io.BytesIO(), plain(title), roles)
        doc.title, doc.author, doc.subject = meta.title, meta.author, meta.subject
        out = _pass(doc, setter, headings, DISCARD if sketch else target, meta, sketch)
        settled = doc.found == found and [h[3] for h in doc.headings] == [h[3] for h in headings]
        found, headings = doc.found, doc.headings
        if (settled and not sketch) or last:
            _kept(doc, out, target, records)
            return int(doc.page), found
    raise AssertionError("unreachable")


def _kept(
    doc: _Book, out: io.BytesIO | Discard, target: Path | Discard, records: dict[str, object] | None
) -> None:
    """The last pass's book written to its file, and its floats recorded where asked."""
    if isinstance(out, io.BytesIO) and isinstance(target, Path):
        target.write_bytes(out.getvalue())
    if records is not None:
        records.update(placed=doc.placer.placed, ends=doc.placer.ends)


def _pass(
    doc: _Book,
    setter: Setter,
    headings: list[tuple[int, str, str, int]],
    target: Path | Discard,
    meta: Meta,
    sketch: bool,
) -> io.BytesIO | Discard:
    """One pass of the book, its pictures drawn anew (once per document) or, a sketch,
    not at all."""
    ctx = setter.ctx
    ctx.pictures, ctx.sketch = {}, sketch
    try:
        return _built(doc, _story(setter, headings), target, meta, setter.book, sketch)
    finally:
        ctx.sketch = False


def _built(
    doc: _Book,
    story: list[Flowable],
    target: Path | Discard,
    meta: Meta,
    book: Rulebook,
    sketch: bool,
) -> io.BytesIO | Discard:
    """One pass of the book laid out and drawn: into memory, or validating into nothing
    (the pages are still drawn and saved, and nothing is kept); a sketch is not saved."""
    out: io.BytesIO | Discard = io.BytesIO() if isinstance(target, Path) else target
    font = doc.fonts["regular"]
    kind = _Unsaved if sketch else Canvas

    def canvas(*_a: object, **_k: object) -> Canvas:
        return new_canvas(out, meta, PAGE, font, kind=kind)

    try:
        doc.build(story, canvasmaker=canvas)
    except LayoutError as exc:  # a flowable no page holds (each block is measured first)
        where = book.blocks[0].loc if book.blocks else Loc(str(book.path), 1, 1)
        raise ContentError(Problem(where, f"the rulebook cannot be laid out: {exc}")) from None
    return out


class _Unsaved(Canvas):
    """A sketch pass's canvas: its pages are laid out and thrown away, never formatted."""

    def save(self) -> None:
        pass


def plain(markup: str) -> str:
    """Paragraph markup as the text it shows (a bookmark's, a running head's)."""
    return html.unescape(re.sub(r"<[^>]*>", "", markup))
