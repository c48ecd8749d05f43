"""MiniPilo's board (a hexagon with a race track and a three-coloured star), its runners and
the owl."""

from __future__ import annotations

import math

from reportlab.lib import colors

from bastelbogen.content.painters import Key, motif
from bastelbogen.core.errors import ContentError, Problem
from bastelbogen.core.params import COLOUR, choice
from bastelbogen.render.art.draw import BLEED_ROOM, poly
from bastelbogen.render.style import shade, tint

INK = colors.HexColor("#2b2b2b")
SHAPES = {"red": "triangle", "green": "circle", "yellow": "square"}


MARKS = ("circle", "square", "triangle", "diamond", "star", "cross")  # a runner's sign


def _shape(c, kind: str, x: float, y: float, r: float, colour) -> None:
    c.setFillColor(colour)
    if kind == "circle":
        c.circle(x, y, r, stroke=0, fill=1)
    elif kind == "square":
        c.rect(x - r * 0.85, y - r * 0.85, r * 1.7, r * 1.7, stroke=0, fill=1)
    elif kind == "diamond":
        poly(c, [(x, y + r * 1.1), (x + r * 0.85, y), (x, y - r * 1.1), (x - r * 0.85, y)], colour)
    elif kind == "star":
        poly(
            c,
            [
                (
                    x + (r if k % 2 == 0 else r * 0.45) * math.cos(math.pi / 2 + k * math.pi / 5),
                    y + (r if k % 2 == 0 else r * 0.45) * math.sin(math.pi / 2 + k * math.pi / 5),
                )
                for k in range(10)
            ],
            colour,
        )
    elif kind == "cross":
        c.rect(x - r, y - r * 0.3, 2 * r, r * 0.6, stroke=0, fill=1)
        c.rect(x - r * 0.3, y - r, r * 0.6, 2 * r, stroke=0, fill=1)
    else:
        poly(c, [(x - r, y - r * 0.8), (x + r, y - r * 0.8), (x, y + r * 0.95)], colour)


def star_fields(n: int, cx: float, cy: float, outer: float, inner: float):
    """Field centres round a six-pointed star: points and notches in turn."""
    return [
        (
            cx + (outer if k % 2 == 0 else inner) * math.cos(math.pi / 2 + k * math.pi / 6),
            cy + (outer if k % 2 == 0 else inner) * math.sin(math.pi / 2 + k * math.pi / 6),
        )
        for k in range(n)
    ]


@motif("minipilo-board", None)  # takes the game's tables whole
def board(c, rect, box, ctx) -> None:
    x, y, w, h = rect
    # `with: tables` brings every table, each as (id, row) pairs in file order.
    track = [dict(row) for _, row in box.get("track") or ()]
    star = [dict(row) for _, row in box.get("star") or ()]
    sides = [str(dict(row).get("id")) for _, row in box.get("sides") or ()] or [
        str(k) for k in range(1, 7)
    ]
    cx, cy = x + w / 2, y + h / 2
    radius = min(w / 2, h / math.sqrt(3)) * 0.97
    c.setFillColor(colors.HexColor("#e9f2e4"))
    c.rect(x - BLEED_ROOM, y - BLEED_ROOM, w + 2 * BLEED_ROOM, h + 2 * BLEED_ROOM, stroke=0, fill=1)
    corners = [
        (cx + radius * math.cos(k * math.pi / 3), cy + radius * math.sin(k * math.pi / 3))
        for k in range(6)
    ]
    poly(c, corners, colors.HexColor("#fbf6e6"), INK, 2)
    font = ctx.fonts["bold"]
    centre = (cx, cy)
    _sides(c, corners, centre, radius, sides, font)
    _track(c, track, centre, radius, font)
    # The middle star: a loop the owl walks either way.
    if len(star) < 2:
        raise ContentError(
            Problem(
                box.loc,
                f"{ctx.item_label}: the board's star needs the"
                f" table 'star' with at least 2 fields, got {len(star)}",
            )
        )
    _star(c, star, centre, radius, font)


def _sides(c, corners, centre, radius, sides, font) -> None:
    """Sides 1-6, counted round from the bottom edge, each with its die face number."""
    cx, cy = centre
    for k in range(6):
        (x1, y1), (x2, y2) = corners[k], corners[(k + 1) % 6]
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        ix, iy = cx + (mx - cx) * 0.91, cy + (my - cy) * 0.91
        c.setFillColor(colors.HexColor("#1f2a44"))
        c.circle(ix, iy, radius * 0.055, stroke=0, fill=1)
        c.setFillColor(colors.white)
        c.setFont(font, radius * 0.07)
        c.drawCentredString(ix, iy - radius * 0.025, sides[(k + 3) % len(sides)])


def _track(c, track, centre, radius, font) -> None:
    """The race track: Start, 1-12, Ziel round most of a circle."""
    cx, cy = centre
    n = len(track)
    for k, row in enumerate(track):
        a = math.radians(240 - k * 300 / max(n - 1, 1))
        fx, fy = cx + radius * 0.64 * math.cos(a), cy + radius * 0.64 * math.sin(a)
        end = k in (0, n - 1)
        size = radius * (0.11 if end else 0.065)
        c.setFillColor(colors.HexColor("#f0e0b0") if end else colors.white)
        c.setStrokeColor(INK)
        c.setLineWidth(1.2)
        c.circle(fx, fy, size, stroke=1, fill=1)
        label = str(row.get("label") or row.get("id"))
        c.setFillColor(INK)
        c.setFont(font, radius * (0.035 if end else 0.05))
        c.drawCentredString(fx, fy - radius * 0.017, label)


def _star(c, star, centre, radius, font) -> None:
    """The middle star: a loop the owl walks either way, a field per row of 'star'."""
    cx, cy = centre
    points = star_fields(len(star), cx, cy, radius * 0.4, radius * 0.24)
    c.setStrokeColor(shade(colors.HexColor("#fbf6e6"), 0.35))
    c.setLineWidth(radius * 0.03)
    c.setLineJoin(1)
    path = c.beginPath()
    path.moveTo(*points[0])
    for p in points[1:]:
        path.lineTo(*p)
    path.close()
    c.drawPath(path, stroke=1, fill=0)
    for (px, py), row in zip(points, star, strict=True):
        ink = colors.toColor(str(row.get("ink")))  # checked before: see checks/minipilo.py
        c.setFillColor(ink)
        c.setStrokeColor(INK)
        c.setLineWidth(1)
        c.circle(px, py, radius * 0.07, stroke=1, fill=1)
        _shape(
            c,
            SHAPES.get(str(row.get("colour")), "circle"),
            px,
            py,
            radius * 0.035,
            colors.white if row.get("colour") != "yellow" else INK,
        )
    c.setFillColor(INK)
    c.setFont(font, radius * 0.06)
    c.drawCentredString(cx, cy - radius * 0.02, "MiniPilo")


@motif(
    "runner",
    {
        "colour": Key(COLOUR, "#d55e00"),
        "mark": choice(*MARKS),
    },
)
def runner(c, rect, box, ctx) -> None:
    """A Mümvattel: a round little creature in its player's colour, with its sign on its
    belly, so runners differ by more than colour."""
    x, y, w, h = rect
    body = ctx.ink(box, "colour")
    c.setFillColor(colors.HexColor("#eef6ea"))
    c.rect(x - BLEED_ROOM, y, w + 2 * BLEED_ROOM, h, stroke=0, fill=1)
    cx = x + w / 2
    c.setFillColor(body)
    c.ellipse(cx - w * 0.38, y + h * 0.08, cx + w * 0.38, y + h * 0.7, stroke=0, fill=1)
    c.setFillColor(tint(body, 0.4))
    c.ellipse(cx - w * 0.22, y + h * 0.14, cx + w * 0.22, y + h * 0.42, stroke=0, fill=1)
    if box.get("mark"):
        _shape(c, str(box.get("mark")), cx, y + h * 0.27, w * 0.12, INK)
    for side in (-1, 1):  # ears
        poly(
            c,
            [
                (cx + side * w * 0.18, y + h * 0.62),
                (cx + side * w * 0.32, y + h * 0.84),
                (cx + side * w * 0.34, y + h * 0.58),
            ],
            body,
        )
        c.setFillColor(colors.white)
        c.circle(cx + side * w * 0.13, y + h * 0.52, w * 0.09, stroke=0, fill=1)
        c.setFillColor(INK)
        c.circle(cx + side * w * 0.12, y + h * 0.52, w * 0.045, stroke=0, fill=1)
    c.setStrokeColor(INK)
    c.setLineWidth(w * 0.03)
    c.arc(cx - w * 0.1, y + h * 0.38, cx + w * 0.1, y + h * 0.48, 200, 140)


@motif(
    "owl",
    {
        "colour": Key(COLOUR, "#8a5a2b"),
    },
)
def owl(c, rect, box, ctx) -> None:
    """The owl that walks the star."""
    x, y, w, h = rect
    feathers = ctx.ink(box, "colour")
    c.setFillColor(colors.HexColor("#23304f"))
    c.rect(x - BLEED_ROOM, y, w + 2 * BLEED_ROOM, h, stroke=0, fill=1)
    c.setFillColor(colors.HexColor("#f4ecd0"))
    c.circle(x + w * 0.8, y + h * 0.88, w * 0.08, stroke=0, fill=1)
    cx = x + w / 2
    c.setFillColor(feathers)
    c.ellipse(cx - w * 0.36, y + h * 0.08, cx + w * 0.36, y + h * 0.72, stroke=0, fill=1)
    for side in (-1, 1):
        poly(
            c,
            [
                (cx + side * w * 0.2, y + h * 0.66),
                (cx + side * w * 0.34, y + h * 0.82),
                (cx + side * w * 0.34, y + h * 0.6),
            ],
            feathers,
        )
        c.setFillColor(colors.white)
        c.circle(cx + side * w * 0.14, y + h * 0.54, w * 0.13, stroke=0, fill=1)
        c.setFillColor(colors.HexColor("#f0b429"))
        c.circle(cx + side * w * 0.14, y + h * 0.54, w * 0.07, stroke=0, fill=1)
        c.setFillColor(INK)
        c.circle(cx + side * w * 0.14, y + h * 0.54, w * 0.035, stroke=0, fill=1)
    poly(
        c,
        [(cx - w * 0.05, y + h * 0.46), (cx + w * 0.05, y + h * 0.46), (cx, y + h * 0.39)],
        colors.HexColor("#f0b429"),
    )
    c.setFillColor(tint(feathers, 0.45))
    c.ellipse(cx - w * 0.2, y + h * 0.12, cx + w * 0.2, y + h * 0.38, stroke=0, fill=1)
