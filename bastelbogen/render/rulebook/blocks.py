"""A rulebook's blocks (content/rulebook.py) as platypus flowables for an A5 page: headings
kept with what follows, paragraphs hyphenated in the book's language with no widow or
orphan line, lists, tables and boxed notes and examples kept whole, figures of real faces.
A block that cannot be set (a table wider or a note taller than a page) is told at its
line in the Markdown."""

from __future__ import annotations

import html
import re
from collections.abc import Mapping
from copy import copy
from dataclasses import dataclass

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle

from bastelbogen.content.rulebook import Block, Rulebook
from bastelbogen.core.errors import ContentError, Loc, Problem
from bastelbogen.core.units import mm
from bastelbogen.layout.booklet import A5_MM
from bastelbogen.render import icons
from bastelbogen.render.paint import PaintContext
from bastelbogen.render.rulebook.floats import Float
from bastelbogen.render.rulebook.pictures import Face, FacePicture, Kit
from bastelbogen.render.rules.hyphens import Hyphenating, hyphenated, overrun
from bastelbogen.render.rules.typesetting import (
    Flowable,
    PageBreak,
    Table,
    TableStyle,
)
from bastelbogen.render.style import Fonts
from bastelbogen.render.text import check_glyphs

PAGE = (mm(A5_MM[0]), mm(A5_MM[1]))
MARGIN = (mm(16), mm(18), mm(16), mm(20))  # left, top, right, bottom of the text
FRAME_W = PAGE[0] - MARGIN[0] - MARGIN[2]
FRAME_H = PAGE[1] - MARGIN[1] - MARGIN[3]
INK = colors.HexColor("#1d1d1d")
TINT = colors.HexColor("#f3efe4")  # the cheat sheet's paper colour for asides
EDGE = colors.HexColor("#b9ae94")
SIZES = {"title": 22.0, "h2": 14.0, "h3": 11.5, "p": 9.5, "small": 8.0}
LEADING = 1.3
FIGURE_H = mm(40)  # the tallest a figure's faces are set
PIECE_W, PIECE_H = mm(18), mm(16)  # the most a piece's picture takes in the component list
GAP = mm(3)
_REF = re.compile(r'<a href="#([^"]*)">(.*?)</a>', re.S)


def styles(fonts: Mapping[str, str], lang: str, accent: colors.Color) -> dict[str, ParagraphStyle]:
    """The book's paragraph styles: body justified and hyphenated everywhere (its spaces
    would gape otherwise), no widows or orphans; headings kept with what follows."""
    faces = [fonts[role] for role in ("regular", "bold", "italic")]
    body = {**hyphenated(lang, faces, everywhere=True), "allowWidows": 0, "allowOrphans": 0}

    def style(name: str, size: str, font: str = "regular", **kw: object) -> ParagraphStyle:
        points = SIZES[size]
        return ParagraphStyle(
            name,
            fontName=fonts[font],
            fontSize=points,
            leading=points * LEADING,
            textColor=kw.pop("textColor", INK),
            bulletFontName=fonts["regular"],
            **{**body, **kw},
        )

    return {
        "title": style("title", "title", "bold", textColor=accent, spaceAfter=mm(6)),
        "h2": style(
            "h2",
            "h2",
            "bold",
            textColor=accent,
            spaceBefore=mm(5),
            spaceAfter=mm(2),
            keepWithNext=1,
            alignment=TA_LEFT,
        ),
        "h3": style(
            "h3",
            "h3",
            "bold",
            spaceBefore=mm(3),
            spaceAfter=mm(1),
            keepWithNext=1,
            alignment=TA_LEFT,
        ),
        "p": style("p", "p", spaceAfter=mm(2), alignment=TA_JUSTIFY),
        "li": style("li", "p", spaceAfter=mm(1), alignment=TA_LEFT),
        "cell": style("cell", "small", alignment=TA_LEFT),
        "head": style("head", "small", "bold", alignment=TA_LEFT),
        "caption": style("caption", "small", "italic", alignment=TA_CENTER, spaceBefore=mm(1)),
        "toc": style("toc", "p", alignment=TA_LEFT),
        "tocpage": style("tocpage", "p", alignment=TA_RIGHT),
    }


@dataclass
class Setter:
    """One book's blocks set in one pass; `pages` is where each section landed in the pass
    before (slug -> page), which references print ("see Scoring, page 4")."""

    book: Rulebook
    kit: Kit
    styles: dict[str, ParagraphStyle]
    ctx: PaintContext
    words: Mapping[str, object]
    pages: Mapping[str, int]
    accent: colors.Color

    def para(self, text: str, style: str | ParagraphStyle, loc: Loc, **kw: object) -> Flowable:
        text = _REF.sub(self.reference, self.counted(text, loc))
        chosen = self.styles[style] if isinstance(style, str) else style
        return _paragraph(text, chosen, loc, self.ctx.fonts, **kw)

    def table_style(self, commands: list[tuple[object, ...]]) -> TableStyle:
        """A table's look, its strings in the book's font (reportlab's is Helvetica, which
        no PDF of ours names unembedded)."""
        return TableStyle([("FONTNAME", (0, 0), (-1, -1), self.styles["p"].fontName), *commands])

    def counted(self, text: str, loc: Loc) -> str:
        """The text with each {{count:ID}}, {{name:ID}} and {{term:NAME}} the kit's own."""
        return self.kit.counted(text, loc)

    def reference(self, m: re.Match[str]) -> str:
        page = self.pages.get(m.group(1))
        number = f", {self.words['page']} {page}" if page else ""
        return f'<a href="#{m.group(1)}" color="{self.accent.hexval()}">{m.group(2)}</a>{number}'

    def flowables(self, block: Block) -> list[Flowable]:
        """The block's flowables: each kind set by its method."""
        if block.kind == "list":
            return self.listed(block)
        if block.kind == "break":
            return [PageBreak()]
        setter = {
            "heading": self.heading,
            "p": lambda b: self.para(b.text, "p", b.loc),
            "table": self.table,
            "note": self.boxed,
            "example": self.boxed,
            "figure": self.figure,
            "components": self.components,
            "setup": self.setup,
            "scoring": self.scoring,
        }.get(block.kind)
        if setter is None:
            raise ContentError(Problem(block.loc, f"a {block.kind} block is not set here"))
        made = [setter(block)]
        if block.text and block.kind in ("components", "scoring"):  # figure, setup: their own
            made.append(self.para(block.text, "caption", block.loc))
        return made

    def scoring(self, block: Block) -> Flowable:
        from bastelbogen.render.rulebook.scoring import scoring

        return _whole(scoring(self, block), block.loc, "scoring table")

    def heading(self, block: Block) -> Flowable:
        style = "title" if block.level == 1 else "h2" if block.level == 2 else "h3"
        para = self.para(block.text, style, block.loc)
        plain = html.unescape(re.sub(r"<[^>]*>", "", self.counted(block.text, block.loc)))
        para.rulebook_heading = (block.level, block.slug, plain)  # read by book.py
        return para

    def listed(self, block: Block) -> list[Flowable]:
        out = []
        for n, (depth, text) in enumerate(block.items, start=1):
            bullet = f"{n}." if block.ordered and depth == 0 else "•" if depth == 0 else "–"
            style = copy(self.styles["li"])
            style.leftIndent = mm(5) * (depth + 1)
            style.bulletIndent = style.leftIndent - mm(4)
            out.append(self.para(text, style, block.loc, bulletText=bullet))
        return out

    def table(self, block: Block) -> Flowable:
        rows = [list(r) for r in block.items]
        cols = max(len(r) for r in rows)
        cells = [
            [self.para(t, "head" if n == 0 else "cell", block.loc) for t in r]
            + [""] * (cols - len(r))
            for n, r in enumerate(rows)
        ]
        table = Table(cells, colWidths=[FRAME_W / cols] * cols, repeatRows=1)
        table.setStyle(
            self.table_style(
                [
                    ("BACKGROUND", (0, 0), (-1, 0), TINT),
                    ("LINEBELOW", (0, 0), (-1, -1), 0.4, EDGE),
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ]
            )
        )
        kept = _whole(table, block.loc, "table")  # wrapped: each cell's lines are known
        for n, cell in ((n, c) for row in cells for n, c in enumerate(row) if c != ""):
            if word := overrun(cell):
                raise ContentError(
                    Problem(
                        block.loc,
                        f"the table's column {n + 1} is {FRAME_W / cols / mm(1):.0f} mm wide,"
                        f" too narrow for '{word[:40]}' ({cols} columns share the page's"
                        f" {FRAME_W / mm(1):.0f} mm): fewer columns or shorter words",
                    )
                )
        return kept

    def boxed(self, block: Block) -> Flowable:
        inner: list[Flowable] = []
        if block.kind == "example":
            label = str(self.words["example"])
            inner.append(self.para(f"<b>{html.escape(label)}</b>", "li", block.loc))
        for b in block.inner:
            inner += self.flowables(b)
        box = Table([[inner]], colWidths=[FRAME_W])
        style: list[tuple[object, ...]] = [
            ("BACKGROUND", (0, 0), (-1, -1), TINT),
            ("LEFTPADDING", (0, 0), (-1, -1), 8),
            ("RIGHTPADDING", (0, 0), (-1, -1), 8),
        ]
        if block.kind == "example":
            style += [("BOX", (0, 0), (-1, -1), 0.8, self.accent)]
        box.setStyle(self.table_style(style))
        return _whole(box, block.loc, block.kind)

    def picture(self, face: Face | None, width: float, height: float) -> Flowable | str:
        """A face as large as fits `width` x `height` (a bench's long strip, a tall card)."""
        if face is None:
            return ""
        w, h = face.trim
        return FacePicture(face, self.ctx, min(height, h * width / w))

    def figure(self, block: Block) -> Flowable:
        data = block.data
        side = str(data.get("side") or "front")
        refs = data.get("faces") or []
        faces = [self.kit.face(str(r), side, data.value_loc("faces")) for r in refs]
        shown = [f for f in faces if f is not None]
        if not shown:
            raise ContentError(
                Problem(block.loc, f"the figure shows no face: its faces have no {side} printed")
            )
        # as tall as FIGURE_H, or less where the row would be wider than the page
        width = sum(f.trim[0] / f.trim[1] for f in shown)
        height = min(FIGURE_H, (FRAME_W - GAP * len(shown)) / width)  # a gap a column
        row = [FacePicture(f, self.ctx, height) for f in shown]
        cells: list[list[object]] = [list(row)]
        if block.text:
            cells.append([self.para(block.text, "caption", block.loc)] + [""] * (len(row) - 1))
        table = Table(cells, colWidths=[p.width + GAP for p in row])
        table.setStyle(
            self.table_style(
                [
                    ("SPAN", (0, 1), (-1, 1)),
                    ("ALIGN", (0, 0), (-1, -1), "CENTER"),
                    ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ]
            )
        )
        return _whole(table, block.loc, "figure")

    def components(self, block: Block) -> Flowable:
        head = [self.para(str(self.words[k]), "head", block.loc) for k in ("pieces", "count")]
        rows: list[list[object]] = [["", "", *head]]
        for component in self.kit.game.components:
            first = self.kit.first(component)
            if first is None:
                continue
            pictures = [
                self.picture(self.kit.drawn(first, s), PIECE_W, PIECE_H) for s in ("front", "back")
            ]
            name = html.escape(component.name.get(self.kit.lang))
            rows.append(
                [
                    *pictures,
                    self.para(name, "cell", block.loc),
                    self.para(str(self.kit.count(component.id)), "cell", block.loc),
                ]
            )
        widths = [mm(20), mm(20), FRAME_W - mm(56), mm(16)]
        table = Table(rows, colWidths=widths, repeatRows=1)
        table.setStyle(
            self.table_style(
                [("VALIGN", (0, 0), (-1, -1), "MIDDLE"), ("LINEBELOW", (0, 0), (-1, -1), 0.4, EDGE)]
            )
        )
        # kept whole as a float where a page holds it; a longer one goes on overleaf
        if table.wrap(FRAME_W, FRAME_H)[1] > FRAME_H - 2 * GAP:
            return table
        return _whole(table, block.loc, "component list")

    def setup(self, block: Block) -> Flowable:
        from bastelbogen.render.rulebook.setup import SetUp

        return _whole(SetUp.of(self, block), block.loc, "set-up")


def _paragraph(text: str, style: ParagraphStyle, loc: Loc, fonts: Fonts, **kw: object) -> Flowable:
    """A paragraph of the book's markup: made by content/rulebook.py from the Markdown, its
    text escaped, so its only tags are ours (b, i, br, a to a section or the web); a
    glyph the font lacks and an unknown icon are the designer's, told at the line."""
    check_glyphs(re.sub(r"<[^>]*>", "", text), style.fontName, loc, "rulebook")
    text = icons.markup(text, fonts.icons, loc, "rulebook")  # `:name:`
    return icons.sized(Hyphenating(text, style, **kw), fonts)


def _whole(flowable: Flowable, loc: Loc, what: str) -> Flowable:
    """Kept whole on one page, a float (floats.py), with room above and below; one taller
    or wider than a page is told at its place."""
    w, h = flowable.wrap(FRAME_W, FRAME_H)
    if h > FRAME_H - 2 * GAP or w > FRAME_W + 0.5:
        raise ContentError(
            Problem(
                loc,
                f"the {what} is {w / mm(1):.0f} x {h / mm(1):.0f} mm; a page holds"
                f" {FRAME_W / mm(1):.0f} x {(FRAME_H - 2 * GAP) / mm(1):.0f} mm: make it smaller",
            )
        )
    flowable.spaceBefore = flowable.spaceAfter = GAP  # dropped at a page's top and foot
    return Float([flowable])
