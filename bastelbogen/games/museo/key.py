"""Museo's sorting key: every sorting code to its picture and place, for putting the set away.

The backs of the picture cards carry codes with no pattern (pictures.yaml), so a piece picked
up in play tells nothing; this sheet, printed once, is where the codes mean something. Each
picture is shown small beside its six codes in their places, and below, every code from A to
Z with its picture's number and place."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, cast

from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth

from bastelbogen.content.painters import MOTIFS, motif
from bastelbogen.core.params import TEXT, BoxKeys, Key
from bastelbogen.core.source import YMap
from bastelbogen.core.units import mm

if TYPE_CHECKING:
    from bastelbogen.core.geometry import Rect
    from bastelbogen.layout.layouts import Box
    from bastelbogen.render.paint import PaintContext
    from bastelbogen.render.style import Canvas


INK = colors.HexColor("#2b2b2b")
LINE = colors.HexColor("#b08d3c")
SIZE = 7.5  # the smallest text on the sheet, in points: read at arm's length
COLS, ROWS = 5, 6  # the 30 pictures' blocks
INDEX_COLS = 10  # the codes from A to Z


# A picture of the table: its number, its row, its sorting codes.
Picture = tuple[int, YMap, list[str]]


def pictures(ctx: PaintContext) -> list[Picture]:
    """(number, row, codes) of every picture with its codes, in the table's order."""
    table = ctx.tables.get("pictures")
    rows = table.rows if table is not None else ()
    return [(n, row, list(row.get("codes") or ())) for n, row in enumerate(rows, 1)]


def _text(value: object, lang: str) -> str:
    """A cell in the language drawn (a title is {de: …, en: …})."""
    if hasattr(value, "get") and not isinstance(value, str):
        table = cast("Mapping[str, object]", value)  # a mapping of languages
        return str(table.get(lang) or next(iter(table.values()), ""))
    return str(value or "")


class Sorting(BoxKeys):
    index = Key(TEXT, "A–Z", help="the heading of the index of every code, below the pictures")


@motif("sorting-key", Sorting)
def sorting_key(c: Canvas, rect: Rect, box: Box, ctx: PaintContext) -> None:
    x, y, w, h = rect
    rows = pictures(ctx)
    if not rows:  # drawn without a game (the motif reference): the blocks' frames only
        _frames(c, rect)
        return
    block_h = mm(28.5)
    top = y + h
    for k, row in enumerate(rows):
        col, line = k % COLS, k // COLS
        _block(c, box, ctx, (x + col * w / COLS, top - (line + 1) * block_h, w / COLS), row)
    below = top - ((len(rows) + COLS - 1) // COLS) * block_h - mm(4)
    c.setFont(ctx.fonts["bold"], 9)
    c.setFillColor(INK)
    c.drawString(x, below - 9, str(Sorting(box).index))
    _index(c, ctx, (x, below - mm(6), w, below - mm(6) - y), rows)


def _block(
    c: Canvas, box: Box, ctx: PaintContext, at: tuple[float, float, float], picture: Picture
) -> None:
    """One picture: its number and title, the painting small, its six codes in their places."""
    bx, by, bw = at
    number, row, codes = picture
    title = _text(row.get("title"), ctx.lang)
    size = SIZE
    room = bw - mm(6.5)  # after the number
    while stringWidth(title, ctx.fonts["regular"], size) > room and size > 7:
        size -= 0.25
    c.setFillColor(INK)
    c.setFont(ctx.fonts["bold"], SIZE)
    c.drawString(bx, by + mm(24.6), str(number))
    c.setFont(ctx.fonts["regular"], size)
    c.drawString(bx + mm(5), by + mm(24.6), title)
    tw, th = mm(15), mm(22.5)  # 2 : 3, like the picture
    _thumbnail(c, box, ctx, row, (bx, by + mm(1.5), tw, th))
    cw, ch = mm(10), th / 3
    gx = bx + tw + mm(1.5)
    c.setFont(ctx.fonts["regular"], SIZE + 1)
    for piece, code in enumerate(codes):
        cx, cy = gx + (piece % 2) * cw, by + mm(1.5) + th - (piece // 2 + 1) * ch
        c.setStrokeColor(LINE)
        c.setLineWidth(0.5)
        c.rect(cx, cy, cw, ch, stroke=1, fill=0)
        c.drawCentredString(cx + cw / 2, cy + ch / 2 - 3, code)


def _thumbnail(c: Canvas, box: Box, ctx: PaintContext, row: YMap, at: Rect) -> None:
    """The painting, drawn whole at the size given, from its style and seed; a user's own
    picture file is left as a frame (its pieces show it)."""
    x, y, w, h = at
    style = row.get("style")
    if isinstance(style, str) and style in MOTIFS and "seed" in row:
        c.saveState()
        clip = c.beginPath()
        clip.rect(x, y, w, h)
        c.clipPath(clip, stroke=0, fill=0)
        painting = replace(box, params=(("seed", int(row["seed"])),))
        MOTIFS[style].draw(c, (x, y, w, h), painting, ctx)
        c.restoreState()
    c.setStrokeColor(INK)
    c.setLineWidth(0.5)
    c.rect(x, y, w, h, stroke=1, fill=0)


def _index(c: Canvas, ctx: PaintContext, at: Rect, rows: list[Picture]) -> None:
    """Every code from A to Z with its picture's number and its place (1 top left, 6 bottom
    right), column by column."""
    x, top, w, h = at
    entries = sorted(
        (code, number, piece) for number, _row, codes in rows for piece, code in enumerate(codes, 1)
    )
    per_col = -(-len(entries) // INDEX_COLS)
    step = min(h / per_col, SIZE * 2)
    # The picture · place after the widest code and a space's gap: read as one word, a
    # code would run into its number (MWW4·4).
    after = max((stringWidth(e[0], ctx.fonts["bold"], SIZE) for e in entries), default=0)
    after += SIZE * 0.6
    for k, (code, number, piece) in enumerate(entries):
        ex, ey = x + (k // per_col) * w / INDEX_COLS, top - (k % per_col) * step
        c.setFont(ctx.fonts["bold"], SIZE)
        c.drawString(ex, ey, code)
        c.setFont(ctx.fonts["regular"], SIZE)
        c.drawString(ex + after, ey, f"{number}·{piece}")


def _frames(c: Canvas, rect: Rect) -> None:
    """The key's layout without its content: a thumbnail and six code cells a block."""
    x, y, w, h = rect
    bw, bh = w / COLS, h / 2
    c.setStrokeColor(LINE)
    c.setLineWidth(0.8)
    for k in range(2 * COLS):
        bx, by = x + (k % COLS) * bw, y + (k // COLS) * bh
        c.rect(bx + bw * 0.05, by + bh * 0.1, bw * 0.35, bh * 0.8, stroke=1, fill=0)
        for cell in range(6):
            cx = bx + bw * (0.45 + (cell % 2) * 0.25)
            cy = by + bh * (0.1 + (cell // 2) * 0.8 / 3)
            c.rect(cx, cy, bw * 0.25, bh * 0.8 / 3, stroke=1, fill=0)
