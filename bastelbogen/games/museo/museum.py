"""Museo's board, its visitors (the pawns) and the die."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

from reportlab.lib import colors

from bastelbogen.content.kinds.die import net
from bastelbogen.content.painters import motif
from bastelbogen.core.errors import ContentError, Problem
from bastelbogen.core.params import COLOUR, POSITIVE, TEXT, BoxKeys, Key, choice, whole
from bastelbogen.core.units import mm
from bastelbogen.render.art.draw import poly
from bastelbogen.render.motifs import BLEED_ROOM
from bastelbogen.render.style import shade, tint

if TYPE_CHECKING:
    from bastelbogen.core.geometry import Rect
    from bastelbogen.layout.layouts import Box
    from bastelbogen.render.paint import PaintContext
    from bastelbogen.render.style import Canvas


WOOD = colors.HexColor("#c89b6d")
PAPER = colors.HexColor("#fbf8f0")
GOLD = colors.HexColor("#b08d3c")
INK = colors.HexColor("#2b2b2b")

Field = tuple[int, int]  # column, row: 0, 0 top left
Fields = list[Field]
Market = tuple[int, int, int, int]  # first column, first row, columns, rows
Cell = Callable[[int, int], tuple[float, float]]  # a field's bottom-left corner, in points


def board_fields(cols: int, rows: int) -> tuple[Fields, Fields, Fields, Market]:
    """Which grid cell is what, rows counted from the top. The stacks run round the edge;
    inside them the path runs round the middle, where the flea market lies between two more
    columns of stacks, so only some fields border the market (rule 6). Start points: the
    path's four corners and the middle of both long sides. The path is listed in the order
    pawns move: clockwise, along the top from the left."""
    stacks = [
        (c, r) for r in range(rows) for c in range(cols) if r in (0, rows - 1) or c in (0, cols - 1)
    ]
    stacks += [(c, r) for c in (2, cols - 3) for r in range(2, rows - 2)]
    path = (
        [(c, 1) for c in range(1, cols - 1)]
        + [(cols - 2, r) for r in range(2, rows - 1)]
        + [(c, rows - 2) for c in range(cols - 3, 0, -1)]
        + [(1, r) for r in range(rows - 3, 1, -1)]
    )
    starts = [
        (1, 1),
        (cols - 2, 1),
        (1, rows - 2),
        (cols - 2, rows - 2),
        (cols // 2, 1),
        (cols // 2, rows - 2),
    ]
    market = (3, 2, cols - 6, rows - 4)  # first column, first row, columns, rows
    return stacks, path, starts, market


AROUND = [(dc, dr) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dc, dr) != (0, 0)]


def around(field: Field, stacks: Fields) -> list[tuple[int, int]]:
    """The stacks around a movement field, as directions (columns right, rows down): every
    stack that touches it, along a side or at a corner. The cheat sheet says the same, and
    the board points at each of them from the field."""
    c, r = field
    return [(dc, dr) for dc, dr in AROUND if (c + dc, r + dr) in stacks]


def borders_market(field: Field, market: Market) -> list[tuple[int, int]]:
    """The sides (as directions) along which a movement field borders the flea market."""
    mc, mr, mw, mh = market
    c, r = field
    return [
        (dc, dr)
        for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1))
        if mc <= c + dc < mc + mw and mr <= r + dr < mr + mh
    ]


class Museum(BoxKeys):
    cols = Key(whole(5, 30), 11, help="how many fields across")
    rows = Key(whole(5, 30), 7, help="how many fields down")
    field = Key(POSITIVE, 48, help="a field's width and height, mm")
    market = Key(TEXT, "Flohmarkt", help="the flea market's name, over its stall")


@motif("museum-board", Museum, sample={"field": 10})  # small enough for the README's picture
def board(c: Canvas, rect: Rect, box: Box, ctx: PaintContext) -> None:
    x, y, w, h = rect
    k = Museum(box)
    cols, rows = k.cols, k.rows
    f = mm(float(k.field))  # its default a whole number
    if cols * f > w or rows * f > h:
        raise ContentError(
            Problem(
                box.loc_of("with"),
                f"{ctx.item_label}: {cols} x {rows}"
                f" fields of {f / mm(1):g} mm do not fit the board's"
                f" {w / mm(1):.0f} x {h / mm(1):.0f} mm",
            )
        )
    gx, gy = x + (w - cols * f) / 2, y + (h - rows * f) / 2

    def cell(col: int, row: int) -> tuple[float, float]:
        return gx + col * f, gy + (rows - 1 - row) * f

    _parquet(c, rect)
    stacks, path, starts, market = board_fields(cols, rows)
    _stacks(c, stacks, cell, f)
    _market(c, market, cell, f, ctx, box)
    _pointers(c, path, stacks, market, cell, f)
    _path(c, path, starts, cell, f)


def _parquet(c: Canvas, rect: Rect) -> None:
    """A parquet floor, planks in rows, out into the bleed."""
    x, y, w, h = rect
    c.setFillColor(WOOD)
    c.rect(x - BLEED_ROOM, y - BLEED_ROOM, w + 2 * BLEED_ROOM, h + 2 * BLEED_ROOM, stroke=0, fill=1)
    plank = mm(12)
    for k in range(int((h + 2 * BLEED_ROOM) / plank) + 1):
        py = y - BLEED_ROOM + k * plank
        offset = (k * 37) % 90
        c.setFillColor(tint(WOOD, 0.08) if k % 2 else shade(WOOD, 0.06))
        c.rect(x - BLEED_ROOM, py, w + 2 * BLEED_ROOM, plank - 0.6, stroke=0, fill=1)
        c.setStrokeColor(shade(WOOD, 0.25))
        c.setLineWidth(0.4)
        px = x - BLEED_ROOM + mm(offset)
        while px < x + w + BLEED_ROOM:
            c.line(px, py, px, py + plank - 0.6)
            px += mm(90)


POINTER = (0.3, 0.42, 0.075)  # a pointer's base and tip from a field's middle, its half-width
MARKET_RED = colors.HexColor("#c0392b")


def _pointers(
    c: Canvas, path: Fields, stacks: Fields, market: Market, cell: Cell, f: float
) -> None:
    """Round each movement field, a dark wedge points at every stack around it (rule 4's
    "umgeben"), and a red one at the flea market where the field borders it (rule 6)."""
    base, tip, half = (f * k for k in POINTER)
    for field in path:
        fx, fy = cell(*field)
        cx, cy = fx + f / 2, fy + f / 2
        marks = [(d, INK) for d in around(field, stacks)]
        marks += [(d, MARKET_RED) for d in borders_market(field, market)]
        for (dc, dr), colour in marks:
            ux, uy = dc / math.hypot(dc, dr), -dr / math.hypot(dc, dr)  # rows run down
            poly(
                c,
                [
                    (cx + ux * base - uy * half, cy + uy * base + ux * half),
                    (cx + ux * tip, cy + uy * tip),
                    (cx + ux * base + uy * half, cy + uy * base - ux * half),
                ],
                colour,
            )


def _path(c: Canvas, path: Fields, starts: Fields, cell: Cell, f: float) -> None:
    """The movement fields, and between each and the next an arrow the way pawns move."""
    for p in path:
        cx, cy = cell(*p)
        start = p in starts
        c.setFillColor(colors.HexColor("#f3e6c4") if start else PAPER)
        c.setStrokeColor(INK)
        c.setLineWidth(1.4 if start else 0.8)
        c.circle(cx + f / 2, cy + f / 2, f * (0.28 if start else 0.26), stroke=1, fill=1)
        if start:
            _star(c, cx + f / 2, cy + f / 2, f * 0.16, GOLD)
    for a, b in zip(path, path[1:] + path[:1], strict=True):
        (ax, ay), (bx, by) = cell(*a), cell(*b)
        mx, my = (ax + bx) / 2 + f / 2, (ay + by) / 2 + f / 2
        ux, uy = (bx - ax) / f, (by - ay) / f
        s = f * 0.07
        poly(
            c,
            [
                (mx + ux * s * 1.4, my + uy * s * 1.4),
                (mx - ux * s - uy * s * 1.3, my - uy * s + ux * s * 1.3),
                (mx - ux * s * 0.3, my - uy * s * 0.3),
                (mx - ux * s + uy * s * 1.3, my - uy * s - ux * s * 1.3),
            ],
            GOLD,
            INK,
            0.6,
        )


def _stacks(c: Canvas, stacks: Fields, cell: Cell, f: float) -> None:
    """Stack fields: white, framed like pictures on a wall."""
    for s in stacks:
        cx, cy = cell(*s)
        inset = mm(2)
        c.setFillColor(shade(WOOD, 0.3))
        c.rect(cx + inset + 1.2, cy + inset - 1.2, f - 2 * inset, f - 2 * inset, stroke=0, fill=1)
        c.setFillColor(colors.white)
        c.setStrokeColor(GOLD)
        c.setLineWidth(1.6)
        c.rect(cx + inset, cy + inset, f - 2 * inset, f - 2 * inset, stroke=1, fill=1)


MARKET = colors.HexColor("#f6efe0")
VALANCE = mm(4)  # the awning's scalloped edge along the top: cards may lie over it


def _market(c: Canvas, market: Market, cell: Cell, f: float, ctx: PaintContext, box: Box) -> None:
    """The flea market: a clear floor for the cards laid out face up, under an awning's edge,
    its name in the middle."""
    mc, mr, mcols, mrows = market
    mx, _ = cell(mc, mr + mrows - 1)
    _, my_top = cell(mc, mr)
    my = my_top + f - mrows * f
    inset = mm(3)
    mw, mh = mcols * f - 2 * inset, mrows * f - 2 * inset
    c.setFillColor(MARKET)
    c.setStrokeColor(INK)
    c.setLineWidth(1.2)
    c.roundRect(mx + inset, my + inset, mw, mh, mm(3), stroke=1, fill=1)
    stripes = 4 * mcols
    sw = mw / stripes
    top = my + inset + mh
    for k in range(stripes):
        left = mx + inset + k * sw
        poly(
            c,
            [
                (left, top),
                (left + sw, top),
                (left + sw, top - VALANCE * 0.6),
                (left + sw / 2, top - VALANCE),
                (left, top - VALANCE * 0.6),
            ],
            MARKET_RED if k % 2 else colors.white,
            INK,
            0.5,
        )
    c.setFillColor(shade(MARKET, 0.3))
    c.setFont(ctx.fonts["bold"], 30)
    # The name in the players' language under the awning, pale: cards laid out may hide it.
    c.drawCentredString(mx + inset + mw / 2, top - VALANCE - mm(11), str(Museum(box).market))


def _star(c: Canvas, cx: float, cy: float, r: float, colour: colors.Color) -> None:
    pts = []
    for k in range(10):
        a = math.pi / 2 + k * math.pi / 5
        rad = r if k % 2 == 0 else r * 0.45
        pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
    poly(c, pts, colour)


SYMBOLS = ("circle", "square", "triangle", "star", "diamond", "cross")


class Visitor(BoxKeys):
    colour = Key(COLOUR, "#d55e00", help="its player's colour")
    symbol = Key(choice(*SYMBOLS), "circle", help="its player's symbol, a badge on its coat")


def symbol(c: Canvas, name: str, cx: float, cy: float, r: float, colour: colors.Color) -> None:
    """A shape that names a player without colour."""
    c.setFillColor(colour)
    if name == "circle":
        c.circle(cx, cy, r, stroke=0, fill=1)
    elif name == "square":
        c.rect(cx - r * 0.85, cy - r * 0.85, r * 1.7, r * 1.7, stroke=0, fill=1)
    elif name == "triangle":
        poly(c, [(cx - r, cy - r * 0.8), (cx + r, cy - r * 0.8), (cx, cy + r)], colour)
    elif name == "star":
        _star(c, cx, cy, r * 1.15, colour)
    elif name == "diamond":
        poly(
            c,
            [(cx, cy - r * 1.1), (cx + r * 0.85, cy), (cx, cy + r * 1.1), (cx - r * 0.85, cy)],
            colour,
        )
    else:  # cross
        c.rect(cx - r * 0.3, cy - r, r * 0.6, r * 2, stroke=0, fill=1)
        c.rect(cx - r, cy - r * 0.3, r * 2, r * 0.6, stroke=0, fill=1)


@motif(
    "visitor",
    Visitor,
)
def visitor(c: Canvas, rect: Rect, box: Box, ctx: PaintContext) -> None:
    """A museum visitor in the player's colour, the player's symbol as a large badge on the
    coat (drawn on both faces of the standee)."""
    x, y, w, h = rect
    coat = ctx.ink(box, "colour")
    c.setFillColor(colors.HexColor("#efe7d6"))
    c.rect(x - BLEED_ROOM, y, w + 2 * BLEED_ROOM, h, stroke=0, fill=1)
    c.setFillColor(colors.HexColor("#d8ccb4"))
    c.rect(x - BLEED_ROOM, y, w + 2 * BLEED_ROOM, h * 0.12, stroke=0, fill=1)
    cx = x + w / 2
    poly(
        c,
        [
            (cx - w * 0.36, y + h * 0.1),
            (cx + w * 0.36, y + h * 0.1),
            (cx + w * 0.26, y + h * 0.62),
            (cx - w * 0.26, y + h * 0.62),
        ],
        coat,
    )
    c.setFillColor(shade(coat, 0.25))
    c.circle(cx, y + h * 0.64, w * 0.2, stroke=0, fill=1)  # the collar
    c.setFillColor(colors.HexColor("#f1c7a1"))
    c.circle(cx, y + h * 0.76, w * 0.2, stroke=0, fill=1)
    c.setFillColor(shade(coat, 0.45))  # a beret
    c.ellipse(cx - w * 0.24, y + h * 0.84, cx + w * 0.2, y + h * 0.93, stroke=0, fill=1)
    emblem(c, Visitor(box).symbol, cx, y + h * 0.36, w)


EMBLEM_INK = colors.HexColor("#111111")


def emblem(c: Canvas, name: str, cx: float, cy: float, w: float) -> None:
    """The player's symbol as a badge on the coat: black on a white disc, the sign about
    14 mm across on a 24 mm figure (`w` is the drawn width, bleed included). Pawns are told
    apart across the table (2 m) and without colour vision by this shape alone, so it is as
    large as the coat holds and in the strongest contrast; the white ring keeps it off the
    coat whatever the coat's colour."""
    c.setFillColor(colors.white)
    c.circle(cx, cy, w * 0.33, stroke=0, fill=1)
    symbol(c, name, cx, cy, w * 0.235, EMBLEM_INK)


PIPS = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}


@motif("die-net", BoxKeys)
def die_net(c: Canvas, rect: Rect, box: Box, ctx: PaintContext) -> None:
    """A d6's faces with their pips, on the net of the `die` kind (kinds/die.py), which
    also gives the cut outline, the folds and the glue tabs (hatched under this art, so
    the tabs are left unpainted here)."""
    x, y, w, h = rect
    s = h / 3  # the picture is the net's trim: three faces high
    c.saveState()
    c.translate(x, y)
    the_net = net(s)
    for x0, y0, value in the_net.faces:
        c.setFillColor(colors.white)
        c.rect(x0, y0, s, s, stroke=0, fill=1)
        c.setFillColor(colors.HexColor("#c0392b") if value == 1 else INK)
        for dx, dy in PIPS[value]:
            c.circle(
                x0 + s / 2 + dx * s * 0.26,
                y0 + s / 2 + dy * s * 0.26,
                s * (0.11 if value == 1 else 0.075),
                stroke=0,
                fill=1,
            )
    c.restoreState()
