"""What players look up, set under the cheat sheet's columns in the room they leave: panels
side by side, each a heading with a table (a scoring table), a cycle (the turn as boxes
and arrows) or symbols drawn with their names.

The template writes them as blocks after the rules: `@panel heading`, then `@row a | b`
(the first row is the table's head), `@cycle step | step | …` or `@symbol motif colour
name` lines."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth

from bastelbogen.content.painters import MOTIFS, completed
from bastelbogen.core.errors import ContentError, Loc, Problem
from bastelbogen.core.units import mm
from bastelbogen.layout.layouts import Box
from bastelbogen.render.paint import PaintContext
from bastelbogen.render.paragraphs import paragraph, unbroken_tail
from bastelbogen.render.rules import marks
from bastelbogen.render.rules.page import Block, RulesPage
from bastelbogen.render.rules.typesetting import Flowable, Paragraph, Table, TableStyle

if TYPE_CHECKING:
    from bastelbogen.render.style import Canvas

KINDS = ("panel", "row", "cycle", "symbol")  # the blocks of the look-up band
LINE = colors.HexColor("#cfc8b8")
TINT = colors.HexColor("#f3efe4")
ARROW = mm(4)  # between two steps of a cycle
_PLAIN = re.compile(r"<[^>]*>")  # a step's markup, not its words
SYMBOL = mm(7)
PAD = 6  # a table cell's padding left and right, reportlab's default


def band(
    blocks: Sequence[Block], styles: Mapping[str, ParagraphStyle], width: float, sheet: RulesPage
) -> Flowable | None:
    """The panels of the blocks, side by side in one row across `width` (None if none)."""
    panels: list[tuple[Paragraph, list[Block]]] = []  # each panel's heading, its blocks
    for kind, text in blocks:
        if kind == "panel":
            text, mark = marks.parted(text)
            head = _text(unbroken_tail(text) + marks.markup(mark, styles["h"]), styles["h"], sheet)
            panels.append((marks.linked(head, mark, sheet.book), []))
        elif panels:
            panels[-1][1].append((kind, text))
    if not panels:
        return None
    gap = mm(5)
    col = (width - gap * (len(panels) - 1)) / len(panels)
    cells = [[head, *_body(rest, styles, col, sheet)] for head, rest in panels]
    table = Table(
        [cells], colWidths=[col + (gap if n < len(panels) - 1 else 0) for n in range(len(panels))]
    )
    table.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                _font(styles),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), gap),
            ]
        )
    )
    return table


def _body(
    lines: Sequence[Block], styles: Mapping[str, ParagraphStyle], width: float, sheet: RulesPage
) -> list[Flowable]:
    rows = [
        [_text(cell.strip(), styles["p"], sheet) for cell in text.split("|")]
        for kind, text in lines
        if kind == "row"
    ]
    out: list[Flowable] = []
    if rows:
        table = Table(rows, colWidths=_widths(rows, width))
        table.setStyle(
            TableStyle(
                [
                    ("LINEBELOW", (0, 0), (-1, -1), 0.4, LINE),
                    _font(styles),
                    ("BACKGROUND", (0, 0), (-1, 0), TINT),
                    ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                    ("TOPPADDING", (0, 0), (-1, -1), 1.5),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
                ]
            )
        )
        out.append(table)
    for kind, text in lines:
        if kind == "cycle":
            centred = ParagraphStyle("cycle", parent=styles["p"], alignment=TA_CENTER)
            steps = [s.strip() for s in text.split("|")]
            out.append(Cycle(steps, centred, width, lambda t, style: _text(t, style, sheet)))
    symbols = [text.split(None, 2) for kind, text in lines if kind == "symbol"]
    if symbols:
        ctx = PaintContext(sheet.fonts, sheet.folder, lang=sheet.lang)
        symbol_rows: list[list[Flowable]] = []
        for parts in symbols:
            motif, colour, name = (parts + ["", ""])[:3]
            symbol_rows.append(
                [Symbol(motif, colour, ctx, sheet.where(name)), _text(name, styles["p"], sheet)]
            )
        table = Table(symbol_rows, colWidths=[SYMBOL + mm(2), width - SYMBOL - mm(2)])
        table.setStyle(
            TableStyle(
                [
                    ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                    _font(styles),
                    ("LEFTPADDING", (0, 0), (-1, -1), 0),
                    ("TOPPADDING", (0, 0), (-1, -1), 1),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
                ]
            )
        )
        out.append(table)
    return out


def _text(text: str, style: ParagraphStyle, sheet: RulesPage) -> Paragraph:
    """A look-up text as every text of the sheet is set: its markup and pictures checked,
    told at its place in the rules file."""
    return paragraph(text, style, sheet.where(text), folder=sheet.folder, fonts=sheet.fonts)


def _font(
    styles: Mapping[str, ParagraphStyle],
) -> tuple[str, tuple[int, int], tuple[int, int], str]:
    """A table sets a font of its own before its cells: ours, so no other is referenced."""
    return ("FONTNAME", (0, 0), (-1, -1), styles["p"].fontName)


def _widths(rows: list[list[Paragraph]], width: float) -> list[float]:
    """Every column but the first as wide as its widest cell (numbers stay narrow), at most
    its even share; the first takes the rest."""
    n = max(len(r) for r in rows)
    if n == 1:
        return [width]
    share = width / n
    others = []
    for j in range(1, n):
        cells = [r[j] for r in rows if len(r) > j]
        need = (
            max(stringWidth(p.getPlainText(), p.style.fontName, p.style.fontSize) for p in cells)
            + 2 * PAD
            + 1
        )
        others.append(min(need, share))
    return [width - sum(others), *others]


class Cycle(Flowable):  # type: ignore[misc]  # reportlab ships no types
    """The steps of a turn in boxes left to right, arrows between, and an arrow back from
    the last to the first underneath: the turn goes round."""

    def __init__(
        self,
        texts: list[str],
        style: ParagraphStyle,
        width: float,
        text: Callable[[str, ParagraphStyle], Paragraph],
    ) -> None:
        super().__init__()
        self.texts, self.style, self.width = texts, style, width
        self.text = text  # a step's text and style to its paragraph (lookup._text)
        self.steps = [text(t, style) for t in texts]  # checked now, set again at their size

    def wrap(self, avail_w: float, avail_h: float) -> tuple[float, float]:
        n = len(self.texts)
        self.box_w = (self.width - ARROW * (n - 1)) / n
        self.steps = [self.text(t, self._fitted(self.box_w - 6)) for t in self.texts]
        self.box_h = max(p.wrap(self.box_w - 4, avail_h)[1] for p in self.steps) + 6
        self.height = self.box_h + mm(5)
        return self.width, self.height

    def _fitted(self, room: float) -> ParagraphStyle:
        """The style at a size where the longest word of any step fits its box: a box
        narrower than a word would otherwise break it between two letters ("Mitspiel|er").
        One size for every box, so the turn reads evenly."""
        style = self.style
        words = [w for t in self.texts for w in re.split(r"\s+", _PLAIN.sub("", t)) if w]
        widest = max((stringWidth(w, style.fontName, style.fontSize) for w in words), default=0)
        if widest <= room:
            return style
        k = room / widest
        return ParagraphStyle(
            "cycle-fitted", parent=style, fontSize=style.fontSize * k, leading=style.leading * k
        )

    def draw(self) -> None:
        c = self.canv
        c.setStrokeColor(colors.HexColor("#7a705c"))
        c.setLineWidth(0.8)
        top = self.height
        for n, step in enumerate(self.steps):
            x = n * (self.box_w + ARROW)
            c.setFillColor(TINT)
            c.roundRect(x, top - self.box_h, self.box_w, self.box_h, 3, stroke=1, fill=1)
            _, h = step.wrap(self.box_w - 4, self.box_h)
            step.drawOn(c, x + 2, top - self.box_h + (self.box_h - h) / 2)
            if n:
                _arrow(c, x - ARROW + 1.5, top - self.box_h / 2, x - 1.5, top - self.box_h / 2)
        low, last = mm(2), (len(self.steps) - 0.5) * (self.box_w + ARROW) - ARROW / 2
        first = self.box_w / 2
        path = c.beginPath()
        path.moveTo(last, top - self.box_h)
        path.lineTo(last, low)
        path.lineTo(first, low)
        c.drawPath(path, stroke=1, fill=0)
        _arrow(c, first, low, first, top - self.box_h - 1)


def _arrow(c: Canvas, x1: float, y1: float, x2: float, y2: float) -> None:
    c.line(x1, y1, x2, y2)
    head = c.beginPath()
    if x1 == x2:  # upward
        head.moveTo(x2, y2)
        head.lineTo(x2 - 2.2, y2 - 3.5)
        head.lineTo(x2 + 2.2, y2 - 3.5)
    else:
        head.moveTo(x2, y2)
        head.lineTo(x2 - 3.5, y2 - 2.2)
        head.lineTo(x2 - 3.5, y2 + 2.2)
    head.close()
    c.setFillColor(colors.HexColor("#7a705c"))
    c.drawPath(head, stroke=0, fill=1)


class Symbol(Flowable):  # type: ignore[misc]  # reportlab ships no types
    """A motif of the game's art (an icon, a sign) drawn small, beside its name."""

    def __init__(self, motif: str, colour: str, ctx: PaintContext, loc: Loc) -> None:
        super().__init__()
        self.motif, self.colour, self.ctx, self.loc = motif, colour, ctx, loc

    def wrap(self, avail_w: float, avail_h: float) -> tuple[float, float]:
        if self.motif not in MOTIFS:  # told while laying out, before anything is drawn
            raise ContentError(
                Problem(
                    self.loc,
                    f"cheat sheet: unknown motif '{self.motif}';"
                    f" known motifs: {', '.join(sorted(MOTIFS))}",
                )
            )
        return SYMBOL, SYMBOL

    def draw(self) -> None:
        # Drawn in place, not as a shared form: the page is laid out many times over.
        box = Box(
            "symbol",
            "art",
            (0.0, 0.0, SYMBOL, SYMBOL),
            # what the motif takes by default too: drawn here, not through the art painter
            tuple(sorted(completed({"colour": self.colour, "motif": self.motif}, {}).items())),
            self.loc,
        )
        self.canv.saveState()
        MOTIFS[self.motif].draw(self.canv, box.rect, box, self.ctx)
        self.canv.restoreState()
