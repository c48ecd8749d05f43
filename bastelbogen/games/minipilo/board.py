"""MiniPilo's board: a hexagon with a race track round a three-coloured star, and outside
each of its six sides the place for a project mat."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, cast

from reportlab.lib import colors

from bastelbogen.content.painters import motif
from bastelbogen.core.errors import ContentError, Problem
from bastelbogen.core.params import BoxKeys, Key
from bastelbogen.core.units import mm
from bastelbogen.games.minipilo.figures import INK, shape
from bastelbogen.render.art.draw import poly
from bastelbogen.render.motifs import BLEED_ROOM
from bastelbogen.render.style import shade, tint

if TYPE_CHECKING:
    from bastelbogen.content.models import Table
    from bastelbogen.core.geometry import Rect
    from bastelbogen.layout.layouts import Box
    from bastelbogen.render.paint import PaintContext
    from bastelbogen.render.style import Canvas


SHAPES = {"red": "triangle", "green": "circle", "yellow": "square"}


# The board's plan, in mm of the board it is composed for (drawn scaled to the trim): a
# hexagon holding the star and the track, and outside each of its six sides the place a
# project mat is laid on, as large as the mat the kit prints (checks.py holds the two
# together). The seams of the sheets fall near a third across and half down; the track's
# angles leave them room between its numbers (readable(), the areas no seam crosses).
PLAN_SIZE = (520.0, 510.0)
MAT = (110.0, 160.0)  # a project mat's trim, as game.yaml prints it: across, along the side
ISLAND = 136.0  # the hexagon's inradius
RIM = 26.0  # the band inside its edge that carries the sides' die faces
MAT_GAP = 4.0  # from the hexagon's edge to a mat's place
DIE = 20.0  # a side's die face
TRACK = 94.0  # the track's circle
# A field's radius (a runner's 16 mm base stands on it), and Start's and the goal's, where
# the runners gather.
FIELD, END = 12.5, 19.0
ROAD = 11.0  # the road the fields lie on
TRACK_FROM, TRACK_SPAN = 245.0, 310.0  # degrees: Start, then clockwise round to the goal
STAR = (56.0, 34.0, 10.5)  # the star's points, its notches, a field's radius

ISLAND_FILL = colors.HexColor("#fbf6e6")
RIM_FILL = colors.HexColor("#efe2bd")
MEADOW = colors.HexColor("#e9f2e4")
PLACE = colors.HexColor("#dcebd5")  # where a mat goes: the meadow, trodden
PLACE_INK = colors.HexColor("#1f6f5e")  # the mats' own green
ROAD_FILL, ROAD_EDGE = colors.HexColor("#e6cf98"), colors.HexColor("#b08d4f")
START_FILL = colors.HexColor("#cfe3f3")


def side_angle(k: int) -> float:
    """The outward normal of side k (0-based) in degrees: side 1 at the bottom, the others
    clockwise, the way the track runs."""
    return 270.0 - 60.0 * k


def track_angles(n: int) -> list[float]:
    return [TRACK_FROM - k * TRACK_SPAN / max(n - 1, 1) for k in range(n)]


def star_fields(
    n: int, cx: float, cy: float, outer: float, inner: float
) -> list[tuple[float, float]]:
    """Field centres round a six-pointed star: points and notches in turn."""
    return [
        (
            cx + (outer if k % 2 == 0 else inner) * math.cos(math.pi / 2 + k * math.pi / 6),
            cy + (outer if k % 2 == 0 else inner) * math.sin(math.pi / 2 + k * math.pi / 6),
        )
        for k in range(n)
    ]


def _at(centre: tuple[float, float], u: float, r: float, degrees: float) -> tuple[float, float]:
    a = math.radians(degrees)
    return centre[0] + r * u * math.cos(a), centre[1] + r * u * math.sin(a)


TITLE = (0.0, 0.0, 36.0, 8.0)  # the title in the star's middle: centre, width, height
LABEL = (41.5, 44.0, 11.0)  # a mat place's label: from the place's middle, width, height


def scale(width: float, height: float) -> float:
    """The board's length per length of the plan: the plan as large as the trim allows."""
    return min(width / PLAN_SIZE[0], height / PLAN_SIZE[1])


def readable(
    size: tuple[float, float], track: int, sides: int = 6
) -> list[tuple[float, float, float, float]]:
    """What a player reads on a board of `size` (mm), as areas [x, y, w, h] in mm from its
    top-left: the title, the die faces, the places' labels, Start and the goal, each
    field's number (a seam may cross a field's disc, never its number). No glue seam
    crosses one (the motif's `keeps`)."""
    w, h = size
    f = scale(w, h)

    def box(
        x: float, y: float, bw: float, bh: float, degrees: float = 0.0
    ) -> tuple[float, float, float, float]:
        a = math.radians(degrees)
        cw = abs(bw * math.cos(a)) + abs(bh * math.sin(a))
        ch = abs(bw * math.sin(a)) + abs(bh * math.cos(a))
        return (w / 2 + f * (x - cw / 2), h / 2 - f * (y + ch / 2), f * cw, f * ch)

    out = [box(*TITLE)]
    for side in range(min(sides, 6)):
        a = side_angle(side)
        die = _at((0.0, 0.0), 1.0, ISLAND - RIM / 2, a)
        out.append(box(*die, DIE + 1, DIE + 1, a + 90))
        up, label_w, label_h = LABEL
        middle = _at((0.0, 0.0), 1.0, ISLAND + MAT_GAP + MAT[0] / 2, a)
        # The label stands `up` from the place's middle towards the island.
        lx, ly = _at(middle, 1.0, up, a + 180)
        out.append(box(lx, ly, label_w, label_h, a + 90))
    for k, a in enumerate(track_angles(track)):
        x, y = _at((0.0, 0.0), 1.0, TRACK, a)
        if k in (0, track - 1):
            out.append(box(x, y, 24.0, 16.0))  # their labels
        else:
            out.append(box(x, y, 5.5 * len(str(k)), 7.0))
    return out


def _keeps(
    width: float, height: float, tables: Mapping[str, Table]
) -> list[tuple[float, float, float, float]]:
    """The board's readable areas for the game's tables, as the drawing lays them out."""
    track = tables.get("track")
    sides = tables.get("sides")
    return readable(
        (width, height), len(track.rows) if track else 0, len(sides.rows) if sides else 6
    )


Rows = tuple[tuple[str, Mapping[str, object]], ...]  # a table's rows by id, in file order
Fields = list[dict[str, object]]  # a table's rows as the drawing reads them


def _rows(value: object) -> Rows:
    return cast(Rows, value)  # a table as `with` hands it over, not written in a layout


class Tables(BoxKeys):
    """What the board reads of the tables `with: tables` hands it: it takes them whole
    (registered without keys), so these are read, not checked where written."""

    track = Key(_rows, help="the track's fields")
    star = Key(_rows, help="the star's fields")
    sides = Key(_rows, help="the die's sides")


@motif("minipilo-board", None, keeps=_keeps)  # takes the game's tables whole
def board(c: Canvas, rect: Rect, box: Box, ctx: PaintContext) -> None:
    x, y, w, h = rect
    k = Tables(box)
    track = [dict(row) for _, row in k.track or ()]
    star = [dict(row) for _, row in k.star or ()]
    sides = [dict(row) for _, row in k.sides or ()] or [{"id": str(k)} for k in range(1, 7)]
    if len(star) < 2:
        raise ContentError(
            Problem(
                box.loc,
                f"{ctx.item_label}: the board's star needs the"
                f" table 'star' with at least 2 fields, got {len(star)}",
            )
        )
    # The picture is the trim and the 3 mm round it (templates/minipilo/board.yaml); u is
    # points per mm of the plan.
    u = scale(w - mm(6), h - mm(6))
    centre = (x + w / 2, y + h / 2)
    c.setFillColor(MEADOW)
    c.rect(x - BLEED_ROOM, y - BLEED_ROOM, w + 2 * BLEED_ROOM, h + 2 * BLEED_ROOM, stroke=0, fill=1)
    font, bold = ctx.fonts["regular"], ctx.fonts["bold"]
    _places(c, centre, u, sides, bold)
    _island(c, centre, u)
    _sides(c, centre, u, len(sides))
    _star(c, star, centre, u, bold)
    _track(c, track, centre, u, font, bold)


def _hexagon(centre: tuple[float, float], u: float, inradius: float) -> list[tuple[float, float]]:
    return [_at(centre, u, inradius / math.cos(math.pi / 6), 60.0 * k) for k in range(6)]


def _island(c: Canvas, centre: tuple[float, float], u: float) -> None:
    """The hexagon: a rim that carries the die faces, and the ground of star and track,
    lifted off the meadow by a soft shadow."""
    shadow = [(px + 1.5 * u, py - 2.5 * u) for px, py in _hexagon(centre, u, ISLAND)]
    poly(c, shadow, shade(MEADOW, 0.12))
    poly(c, _hexagon(centre, u, ISLAND), RIM_FILL, INK, 0.9 * u)
    poly(c, _hexagon(centre, u, ISLAND - RIM), ISLAND_FILL, shade(RIM_FILL, 0.2), 0.3 * u)


def mat_place(centre: tuple[float, float], u: float, k: int) -> list[tuple[float, float]]:
    """The corners of side k's mat place: MAT[1] along the side, MAT[0] away from it."""
    a = math.radians(side_angle(k))
    out, along = (math.cos(a), math.sin(a)), (-math.sin(a), math.cos(a))
    near, far, half = ISLAND + MAT_GAP, ISLAND + MAT_GAP + MAT[0], MAT[1] / 2
    return [
        (
            centre[0] + (d * out[0] + s * along[0]) * u,
            centre[1] + (d * out[1] + s * along[1]) * u,
        )
        for d, s in ((near, -half), (far, -half), (far, half), (near, half))
    ]


def _places(c: Canvas, centre: tuple[float, float], u: float, sides: Fields, bold: str) -> None:
    """Outside each side, the place its projects are laid: the mat's size, its outline
    solid (a dashed line is a fold in this kit), with the side's name read from that side
    and a ghost of the mat's four slots."""
    for k, row in enumerate(sides[:6]):
        corners = mat_place(centre, u, k)
        poly(c, corners, PLACE, PLACE_INK, 0.5 * u)
        c.saveState()
        c.translate(*_at(centre, u, ISLAND + MAT_GAP + MAT[0] / 2, side_angle(k)))
        c.rotate(side_angle(k) + 90)  # the text's foot towards the side's player
        ghost = tint(PLACE_INK, 0.55)
        c.setStrokeColor(ghost)
        c.setLineWidth(0.35 * u)
        for gx, gy in ((-47, -3), (3, -3), (-47, -48), (3, -48)):
            c.roundRect(gx * u, gy * u, 44 * u, 38 * u, 2 * u, stroke=1, fill=0)
        c.setFillColor(PLACE_INK)
        c.setFont(bold, 9 * u)
        label = str(row.get("label") or row.get("id"))
        c.drawCentredString(0, (LABEL[0] - 3.2) * u, label)
        c.restoreState()


PIPS = {
    1: [(0, 0)],
    2: [(-1, 1), (1, -1)],
    3: [(-1, 1), (0, 0), (1, -1)],
    4: [(-1, 1), (1, 1), (-1, -1), (1, -1)],
    5: [(-1, 1), (1, 1), (0, 0), (-1, -1), (1, -1)],
    6: [(-1, 1), (1, 1), (-1, 0), (1, 0), (-1, -1), (1, -1)],
}


def _sides(c: Canvas, centre: tuple[float, float], u: float, n: int) -> None:
    """Each side's number as the die shows it: a white die face with pips on the rim, so
    it reads as "roll this", never as a field of the track."""
    for k in range(min(n, 6)):
        c.saveState()
        c.translate(*_at(centre, u, ISLAND - RIM / 2, side_angle(k)))
        c.rotate(side_angle(k) + 90)
        s = DIE * u
        c.setFillColor(colors.white)
        c.setStrokeColor(INK)
        c.setLineWidth(0.35 * u)
        c.roundRect(-s / 2, -s / 2, s, s, s * 0.18, stroke=1, fill=1)
        c.setFillColor(INK)
        for px, py in PIPS[k + 1]:
            c.circle(px * s * 0.27, py * s * 0.27, s * 0.09, stroke=0, fill=1)
        c.restoreState()


def _track(
    c: Canvas, track: Fields, centre: tuple[float, float], u: float, font: str, bold: str
) -> None:
    """The race track: a road from Start clockwise round the star to the goal, its fields
    on it, an arrow between each two showing the way."""
    angles = track_angles(len(track))
    points = [_at(centre, u, TRACK, a) for a in angles]
    for width, ink in ((ROAD + 1.6, ROAD_EDGE), (ROAD, ROAD_FILL)):
        path = c.beginPath()
        path.moveTo(*points[0])
        for a, b in zip(angles, angles[1:], strict=False):
            r = TRACK * u
            path.arcTo(centre[0] - r, centre[1] - r, centre[0] + r, centre[1] + r, a, b - a)
        c.setStrokeColor(ink)
        c.setLineWidth(width * u)
        c.setLineCap(1)
        c.drawPath(path, stroke=1, fill=0)
    last = len(track) - 1
    radii = [END if k in (0, last) else FIELD for k in range(len(track))]
    for k, (a, b) in enumerate(zip(angles, angles[1:], strict=False)):
        # In the middle of the road that shows between the two fields' rims.
        _chevron(c, centre, u, (a + b) / 2 - math.degrees((radii[k] - radii[k + 1]) / TRACK) / 2)
    for k, (row, (fx, fy)) in enumerate(zip(track, points, strict=True)):
        label = str(row.get("label") or row.get("id"))
        if k == 0:
            _start(c, fx, fy, u, label, bold)
        elif k == last:
            _goal(c, fx, fy, u, label, font, bold)
        else:
            c.setFillColor(colors.white)
            c.setStrokeColor(INK)
            c.setLineWidth(0.45 * u)
            c.circle(fx, fy, FIELD * u, stroke=1, fill=1)
            c.setFillColor(INK)
            c.setFont(bold, 8 * u)
            c.drawCentredString(fx, fy - 2.9 * u, label)


def _chevron(c: Canvas, centre: tuple[float, float], u: float, degrees: float) -> None:
    """An arrowhead on the road, pointing the way the runners walk (clockwise)."""
    x, y = _at(centre, u, TRACK, degrees)
    c.saveState()
    c.translate(x, y)
    c.rotate(degrees - 90)  # clockwise: the radius turned back a quarter
    c.setLineCap(1)
    c.setLineJoin(1)
    arrow = [(-2.4 * u, -3.4 * u), (2.4 * u, 0), (-2.4 * u, 3.4 * u)]
    poly(c, arrow, None, shade(ROAD_EDGE, 0.15), 1.4 * u, close=False)
    c.restoreState()


def _start(c: Canvas, x: float, y: float, u: float, label: str, bold: str) -> None:
    c.setFillColor(START_FILL)
    c.setStrokeColor(INK)
    c.setLineWidth(0.6 * u)
    c.circle(x, y, END * u, stroke=1, fill=1)
    c.setFillColor(INK)
    c.setFont(bold, 6.5 * u)
    c.drawCentredString(x, y - 2.3 * u, label)


def _goal(c: Canvas, x: float, y: float, u: float, label: str, font: str, bold: str) -> None:
    """The goal: a chequered ring round its name and number, as a finish line is."""
    n = 16
    for k in range(n):
        c.setFillColor(INK if k % 2 == 0 else colors.white)
        p = c.beginPath()
        p.moveTo(x, y)
        p.arcTo(x - END * u, y - END * u, x + END * u, y + END * u, k * 360 / n, 360 / n)
        p.close()
        c.drawPath(p, stroke=0, fill=1)
    c.setFillColor(colors.white)
    c.setStrokeColor(INK)
    c.setLineWidth(0.6 * u)
    c.circle(x, y, (END - 3.2) * u, stroke=1, fill=1)
    c.circle(x, y, END * u, stroke=1, fill=0)
    words = label.rsplit(" ", 1)
    c.setFillColor(INK)
    if len(words) == 2:  # "Ziel 12": the word small above, the number large
        c.setFont(font, 4 * u)
        c.drawCentredString(x, y + 2.2 * u, words[0])
        c.setFont(bold, 7.5 * u)
        c.drawCentredString(x, y - 5.6 * u, words[1])
    else:
        c.setFont(bold, 5.5 * u)
        c.drawCentredString(x, y - 2 * u, label)


def _star(c: Canvas, star: Fields, centre: tuple[float, float], u: float, bold: str) -> None:
    """The middle star: a loop the owl walks either way, a field per row of 'star'."""
    cx, cy = centre
    outer, inner, r = STAR
    points = star_fields(len(star), cx, cy, outer * u, inner * u)
    c.setStrokeColor(shade(ISLAND_FILL, 0.35))
    c.setLineWidth(3.2 * u)
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
        c.setLineWidth(0.35 * u)
        c.circle(px, py, r * u, stroke=1, fill=1)
        shape(
            c,
            SHAPES.get(str(row.get("colour")), "circle"),
            px,
            py,
            r * 0.5 * u,
            colors.white if row.get("colour") != "yellow" else INK,
        )
    c.setFillColor(RIM_FILL)
    c.setStrokeColor(shade(RIM_FILL, 0.2))
    c.setLineWidth(0.3 * u)
    c.circle(cx, cy, (inner - r - 2.5) * u, stroke=1, fill=1)
    c.setFillColor(INK)
    c.setFont(bold, 6.5 * u)
    c.drawCentredString(cx + TITLE[0] * u, cy + (TITLE[1] - 2.4) * u, "MiniPilo")
