"""Shape, table and braille painters."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bastelbogen.content.icons import spoken
from bastelbogen.content.painters import Mark, painter
from bastelbogen.core.errors import ContentError, Problem
from bastelbogen.core.params import (
    ALIGNMENT,
    COLOUR,
    FONT_SIZE,
    LENGTHS,
    LINE,
    NON_NEGATIVE,
    POSITIVE,
    TEXT,
    TEXTS,
    BoxKeys,
    Key,
    at_least,
    choice,
)
from bastelbogen.core.remembered import recorded, replayed
from bastelbogen.core.shapes import offset
from bastelbogen.core.units import mm
from bastelbogen.layout import braille
from bastelbogen.layout.layouts import Box
from bastelbogen.render import icons
from bastelbogen.render.blame import quoted
from bastelbogen.render.icons import Line
from bastelbogen.render.style import colour, loops_path, shade
from bastelbogen.render.text import check_glyphs, fit_line

if TYPE_CHECKING:
    from reportlab.lib import colors

    from bastelbogen.checks.preflight import Preflight
    from bastelbogen.render.paint import PaintContext
    from bastelbogen.render.style import Canvas


class Shape(BoxKeys):
    shape = Key(
        choice("rect", "ellipse", "line", "outline"),
        "rect",
        help="rect, ellipse, line, or `outline`: the piece's own cut outline (a hex's, a"
        " circle's), wherever the box lies",
    )
    fill = Key(COLOUR, help="the colour inside (none: not filled)")
    stroke = Key(COLOUR, help="the outline's colour (none: no outline)")
    line = Key(LINE, 0.5, help="how thick the outline is, in points")
    dash = Key(LENGTHS, help="the outline dashed: lengths drawn and left, in points ([3, 2])")
    radius = Key(NON_NEGATIVE, help="a rectangle's corners rounded by this much, mm")
    inset = Key(NON_NEGATIVE, 0, help="how far inside the piece's cut an `outline` is, mm")


@painter(
    "shape",
    "a rectangle (its corners maybe rounded), ellipse, line, or the piece's own outline",
    Shape,
    puts=(Mark.FILL, Mark.LINE),
    fills_when="fill",
)
def paint_shape(c: Canvas, box: Box, ctx: PaintContext) -> None:
    k = Shape(box)
    x, y, w, h = box.rect
    fill = ctx.ink(box, "fill", None)
    stroke = ctx.ink(box, "stroke", None)
    if fill is None and stroke is None:
        return
    # What it draws depends on the box alone (and on swell paper, which lightens its ink),
    # but for the piece's own outline: drawn again as it was, where the box is drawn again.
    key = ("shape", box, ctx.swell, ctx.outline if k.shape == "outline" else ())
    if replayed(c, key):
        return
    with recorded(c, key):
        c.saveState()
        if fill is not None:
            c.setFillColor(fill)
        if stroke is not None:
            c.setStrokeColor(stroke)
            c.setLineWidth(k.line)
            if k.dash:
                c.setDash(list(k.dash))
        kind = k.shape
        args = {"fill": int(fill is not None), "stroke": int(stroke is not None)}
        if kind == "outline":
            loops = offset(ctx.outline, -mm(k.inset)) if ctx.outline else ()
            c.drawPath(loops_path(c, loops), **args)
        elif kind == "ellipse":
            c.ellipse(x, y, x + w, y + h, **args)
        elif kind == "line":
            c.line(x, y + h / 2, x + w, y + h / 2)
        elif k.radius:
            c.roundRect(x, y, w, h, mm(k.radius), **args)
        else:
            c.rect(x, y, w, h, **args)
        c.restoreState()


class Table(BoxKeys):
    header = Key(
        TEXTS, required=True, help="the column titles, the label column's first (icons: `:name:`)"
    )
    rows = Key(
        TEXTS,
        help="the row labels: a label `left\\|right` puts `right` (a symbol such as +, −, =)"
        " flush right in the label column, and a label starting with `#` heads its group",
    )
    group = Key(at_least(1), 1, help="how many rows are shaded alike")
    first = Key(POSITIVE, 30, help="the label column's width, mm")
    header_height = Key(POSITIVE, 10, help="the header row's height, mm")
    colour = Key(COLOUR, "#222222", help="the labels' colour")
    line_colour = Key(COLOUR, "#555555", help="the rules' colour")
    stripe = Key(COLOUR, "#f1efe8", help="the shading of every other group of rows")
    size = Key(FONT_SIZE, 9, help="the labels' font size, pt (shrinking to 70 % to fit)")


@painter(
    "table",
    "a score grid: a header row, then a row per label",
    Table,
    puts=(Mark.TEXT, Mark.LINE, Mark.FILL),
)
def paint_table(c: Canvas, box: Box, ctx: PaintContext) -> None:
    """A score grid: a header row, then one row per label; rows come in groups of `group`
    (a round's +, −, =), shaded alternately. A label `left|right` puts `right` flush right;
    a label starting with `#` heads its group (bold, on a darker band)."""
    k = Table(box)
    header = list(k.header or ())
    if not header:
        return
    grid = _Grid(box, header, list(k.rows or ()))
    ink = ctx.ink(box, "colour")
    line = ctx.ink(box, "line-colour")
    stripe = ctx.ink(box, "stripe")
    if ctx.preflight:
        _judged(box, grid, ctx.preflight, ctx)
    c.saveState()
    c.setFillColor(stripe)
    _bands(c, grid, stripe)
    c.setStrokeColor(line)
    _rules(c, grid)
    c.setFillColor(ink)
    _labels(c, grid, box, ctx)
    c.restoreState()


def _judged(box: Box, grid: _Grid, preflight: Preflight, ctx: PaintContext) -> None:
    """The preflight's contrast for the labels: on the ground beneath the table, on its
    stripe and on a heading's darker band (each as a fill under the whole table)."""
    stripe = colour(Table(box).stripe, box.loc_of("stripe"))
    bands: dict[str, colors.Color | None] = {"": None}
    if stripe is not None:
        bands |= {" stripe": stripe, " heading band": shade(stripe, 0.12)}
    for name, fill in bands.items():
        under = () if fill is None else (_filled(f"{box.name}{name}", box, fill),)
        lettering = (grid.x, grid.y, grid.x + grid.w, grid.y + grid.h)
        preflight.contrast(
            box,
            Table(box).colour,
            lettering,
            (*ctx.beneath, *under),
            ctx.item_label,
            ctx.component,
        )


def _filled(name: str, box: Box, fill: colors.Color) -> Box:
    """A plain fill over the box's rectangle, as the contrast check reads a shape."""
    return Box(name, "shape", box.rect, (("fill", "#" + fill.hexval()[2:8].lower()),), box.loc)


class _Grid:
    """A table box's geometry: the label column `first` wide, a column per further header,
    the header row on top and the rows sharing what is left of the height."""

    def __init__(self, box: Box, header: list[str], rows: list[str]) -> None:
        self.x, self.y, self.w, self.h = box.rect
        self.header, self.rows = header, rows
        k = Table(box)
        self.group = k.group
        self.first = mm(k.first)
        self.col_w = (self.w - self.first) / max(1, len(header) - 1)
        self.head_h = mm(k.header_height)
        self.row_h = (self.h - self.head_h) / max(1, len(rows))
        self.size = k.size

    def row_top(self, r: float) -> float:
        """Where row r begins, from the top (r may be a fraction: a row's middle)."""
        return self.y + self.h - self.head_h - r * self.row_h

    def column(self, k: int) -> tuple[float, float]:
        """Column k's left edge and width; column 0 holds the labels."""
        if k == 0:
            return self.x, self.first
        return self.x + (self.first + (k - 1) * self.col_w), self.col_w


def _bands(c: Canvas, grid: _Grid, stripe: colors.Color) -> None:
    """Every other group of rows shaded; a heading's row darker."""
    for r, label in enumerate(grid.rows):
        if label.startswith("#"):
            c.setFillColor(shade(stripe, 0.12))
        elif (r // grid.group) % 2 == 1:
            c.setFillColor(stripe)
        else:
            continue
        c.rect(grid.x, grid.row_top(r + 1), grid.w, grid.row_h, stroke=0, fill=1)


def _rules(c: Canvas, grid: _Grid) -> None:
    """The lines between rows (heavier between groups) and between columns."""
    x, y, w, h = grid.x, grid.y, grid.w, grid.h
    for r in range(len(grid.rows) + 1):
        c.setLineWidth(1.0 if r % grid.group == 0 else 0.3)
        c.line(x, grid.row_top(r), x + w, grid.row_top(r))
    c.setLineWidth(1.0)
    c.line(x, y + h, x + w, y + h)
    for k in range(len(grid.header) + 1):
        xx = x + (grid.first + (k - 1) * grid.col_w if k else 0)
        c.setLineWidth(1.0 if k in (0, 1, len(grid.header)) else 0.4)
        c.line(xx, y, xx, y + h)


def _labels(c: Canvas, grid: _Grid, box: Box, ctx: PaintContext) -> None:
    """The header's titles and the rows' labels, their icons (`:name:`) among their words."""
    bold, regular = ctx.fonts["bold"], ctx.fonts["regular"]
    size, head_h, ink = grid.size, grid.head_h, ctx.ink(box, "colour")
    for k, label in enumerate(grid.header):
        left, width = grid.column(k)
        line = _line(label, box, ctx, "header")
        at = _fit(line, bold, size, width - mm(2), head_h, box, ctx)
        c.setFont(bold, at)
        base = grid.y + grid.h - head_h / 2 - size * 0.36
        line.place(c, left + width / 2, base, bold, at, ink, "centre")
    for r, label in enumerate(grid.rows):
        heading = label.startswith("#")
        left_text, _, right_text = (part.strip() for part in label.lstrip("#").partition("|"))
        base = grid.row_top(r + 0.5) - size * 0.36
        font = bold if heading or right_text == "=" or left_text.startswith("=") else regular
        symbol = _line(right_text, box, ctx, "rows")
        symbol_w = symbol.width(bold, size * 1.2) + mm(4.5) if right_text else 0
        room = grid.first - mm(3) - symbol_w
        line = _line(left_text, box, ctx, "rows")
        at = _fit(line, font, size, room, grid.row_h, box, ctx)
        c.setFont(font, at)
        line.place(c, grid.x + mm(2), base, font, at, ink)
        c.setFont(bold, size * 1.2)
        symbol.place(c, grid.x + grid.first - mm(2.5), base, bold, size * 1.2, ink, "right")


def _line(text: str, box: Box, ctx: PaintContext, key: str) -> Line:
    icons.checked(box, ctx, text, key)
    return icons.line(text, ctx.fonts, box.loc_of(key), ctx.item_label)


def _fit(
    line: Line, font: str, size: float, width: float, height: float, box: Box, ctx: PaintContext
) -> float:
    """Labels shrink to their cell down to 70 %; past that the build names the label."""
    text = line.text
    check_glyphs(text, font, box.loc_of("rows"), ctx.item_label)
    fitted = fit_line(line, font, size, size * 0.7, width, height)
    if fitted is None:
        raise ContentError(
            Problem(
                box.loc_of("rows"),
                f"{ctx.item_label}: table label '{quoted(text)}' in box '{box.name}'"
                " does not fit its cell",
            )
        )
    if ctx.preflight:
        ctx.preflight.text(box, fitted, ctx.item_label, ctx.component)
    return fitted


class Braille(BoxKeys):
    text = Key(TEXT, help="the digits and letters")
    colour = Key(COLOUR, "#000000", help="the dots' colour")
    align = Key(ALIGNMENT, "left", help="where in the box the cells stand")
    rotate = Key(choice(0, 180), 0, help="turned by 180° to read from the other side")


@painter(
    "braille",
    "digits and letters in paper braille, at standard dot size",
    Braille,
    puts=(Mark.TEXT, Mark.RAISED),
)
def paint_braille(c: Canvas, box: Box, ctx: PaintContext) -> None:
    """Dots at standard paper-braille size, black: on swell paper they rise when heated."""
    k = Braille(box)
    text = str(k.text) if k.text is not None else ""
    icons.checked(box, ctx, text)
    text = spoken(text)  # an icon is read as its name
    try:
        n = len(braille.cells(text))
    except ValueError as exc:
        raise ContentError(Problem(box.loc, f"{ctx.item_label}: {exc}")) from None
    x, y, w, h = box.rect
    bw, bh = braille.size(n)
    if bw > w + 1e-6 or bh > h + 1e-6:
        raise ContentError(
            Problem(
                box.loc,
                f"{ctx.item_label}: braille '{text}' needs"
                f" {bw / mm(1):.1f} x {bh / mm(1):.1f} mm, box '{box.name}'"
                " is smaller",
            )
        )
    align = k.align
    left = x + {"left": 0.0, "right": w - bw}.get(align, (w - bw) / 2)
    top = y + h - (h - bh) / 2
    c.saveState()
    rotate = k.rotate % 360
    if rotate == 180:
        c.translate(2 * x + w, 2 * y + h)
        c.rotate(180)
    c.setFillColor(colour(k.colour, box.loc))
    for cx, cy in braille.dot_centres(text, left, top):
        c.circle(cx, cy, braille.DOT_DIAMETER / 2, stroke=0, fill=1)
    c.restoreState()
