"""Museo's board, its visitors (the pawns) and the die."""

from __future__ import annotations

import math

from reportlab.lib import colors

from bastelbogen.content.kinds.die import net
from bastelbogen.content.painters import Key, motif
from bastelbogen.core.errors import ContentError, Problem
from bastelbogen.core.params import COLOUR, POSITIVE, TEXT, choice, whole
from bastelbogen.core.units import mm
from bastelbogen.render.art.draw import BLEED_ROOM, poly
from bastelbogen.render.style import shade, tint

WOOD = colors.HexColor("#c89b6d")
PAPER = colors.HexColor("#fbf8f0")
GOLD = colors.HexColor("#b08d3c")
INK = colors.HexColor("#2b2b2b")


def board_fields(cols: int, rows: int):
    """Which grid cell is what, rows counted from the top. The stacks run round the edge;
    inside them the path runs round the middle, where the flea market lies between two more
    columns of stacks, so only some fields border the market (rule 6). Start points: the
    path's four corners and the middle of both long sides."""
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


@motif(
    "museum-board",
    {
        "cols": Key(whole(5, 30), 9),
        "rows": Key(whole(5, 30), 6),
        "field": Key(POSITIVE, 48),
        "market": Key(TEXT, "Flohmarkt"),
    },
    sample={"field": 12},  # small enough for the README's picture
)
def board(c, rect, box, ctx) -> None:
    x, y, w, h = rect
    cols, rows = int(box.get("cols")), int(box.get("rows"))
    f = mm(float(box.get("field")))
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

    def cell(col, row):
        return gx + col * f, gy + (rows - 1 - row) * f

    _parquet(c, rect)
    stacks, path, starts, market = board_fields(cols, rows)
    _path(c, path, starts, cell, f)
    _stacks(c, stacks, cell, f)
    _market(c, market, cell, f, ctx, box)


def _parquet(c, rect) -> None:
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


def _path(c, path, starts, cell, f) -> None:
    """The path: a dotted loop through the middles of its fields, then the fields."""
    c.setStrokeColor(shade(WOOD, 0.45))
    c.setLineWidth(2)
    c.setDash(1, 5)
    c.setLineCap(1)
    loop = [(cell(*p)[0] + f / 2, cell(*p)[1] + f / 2) for p in path]
    for a, b in zip(loop, loop[1:] + loop[:1], strict=True):
        c.line(*a, *b)
    c.setDash()
    for p in path:
        cx, cy = cell(*p)
        start = p in starts
        c.setFillColor(colors.HexColor("#f3e6c4") if start else PAPER)
        c.setStrokeColor(INK)
        c.setLineWidth(1.4 if start else 0.8)
        c.circle(cx + f / 2, cy + f / 2, f * (0.34 if start else 0.28), stroke=1, fill=1)
        if start:
            _star(c, cx + f / 2, cy + f / 2, f * 0.16, GOLD)


def _stacks(c, stacks, cell, f) -> None:
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


def _market(c, market, cell, f, ctx, box) -> None:
    """The flea market, under an awning."""
    mc, mr, mcols, mrows = market
    mx, _ = cell(mc, mr + mrows - 1)
    _, my_top = cell(mc, mr)
    my = my_top + f - mrows * f
    inset = mm(3)
    mw, mh = mcols * f - 2 * inset, mrows * f - 2 * inset
    c.setFillColor(colors.HexColor("#f6efe0"))
    c.setStrokeColor(INK)
    c.setLineWidth(1.2)
    c.roundRect(mx + inset, my + inset, mw, mh, mm(3), stroke=1, fill=1)
    stripes = 14
    sw = mw / stripes
    top = my + inset + mh
    for k in range(stripes):
        colour = colors.HexColor("#c0392b") if k % 2 else colors.white
        poly(
            c,
            [
                (mx + inset + k * sw, top),
                (mx + inset + (k + 1) * sw, top),
                (mx + inset + (k + 1) * sw, top - mm(10)),
                (mx + inset + (k + 0.5) * sw, top - mm(13)),
                (mx + inset + k * sw, top - mm(10)),
            ],
            colour,
            INK,
            0.5,
        )
    c.setFillColor(INK)
    c.setFont(ctx.fonts["bold"], 26)
    # The label in the players' language, on the awning's shadow line.
    c.drawCentredString(mx + inset + mw / 2, my + inset + mh * 0.42, str(box.get("market")))


def _star(c, cx, cy, r, colour) -> None:
    pts = []
    for k in range(10):
        a = math.pi / 2 + k * math.pi / 5
        rad = r if k % 2 == 0 else r * 0.45
        pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
    poly(c, pts, colour)


SYMBOLS = ("circle", "square", "triangle", "star", "diamond", "cross")


def symbol(c, name: str, cx: float, cy: float, r: float, colour) -> None:
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
    {
        "colour": Key(COLOUR, "#d55e00"),
        "symbol": Key(choice(*SYMBOLS), "circle"),
    },
)
def visitor(c, rect, box, ctx) -> None:
    """A museum visitor in the player's colour, the player's symbol on the coat."""
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
    symbol(c, str(box.get("symbol")), cx, y + h * 0.38, w * 0.16, colors.white)


PIPS = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}


@motif("die-net", {})
def die_net(c, rect, box, ctx) -> None:
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
