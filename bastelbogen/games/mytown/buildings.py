"""The town theme: buildings drawn across their tiles, and small single motifs.

A building is one picture over all its parts. Windows sit inside each part, never on a
seam, so a cut runs through wall or, on a two-part house, through the door; different
buildings differ in sky, wall and roof, and the light falls across each picture, so parts
that do not belong together visibly do not fit.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from reportlab.lib import colors

from bastelbogen.content.painters import Sliced, motif
from bastelbogen.core.errors import ContentError, Problem
from bastelbogen.core.params import COLOUR, TEXT, BoxKeys, Key, choice, choices, fraction, whole
from bastelbogen.games.mytown.roofs import ROOFS, draw_roof
from bastelbogen.render.art.draw import backdrop, cloud, light, poly
from bastelbogen.render.art.town import GROUND_SHARE
from bastelbogen.render.blame import quoted
from bastelbogen.render.style import shade, tint
from bastelbogen.render.text import check_glyphs, fit_line

if TYPE_CHECKING:
    from bastelbogen.core.geometry import Rect
    from bastelbogen.layout.layouts import Box
    from bastelbogen.render.paint import PaintContext
    from bastelbogen.render.style import Canvas


FEATURES = ("timber", "chimney", "awning", "sign", "garage", "columns", "arched")


def _parts(box: Box) -> int:
    piece = Sliced(box).slice
    return int(piece[2]) if piece else 1


class Building(BoxKeys):
    sky = Key(COLOUR, "#9fd3f0", help="the sky behind it")
    ground = Key(COLOUR, "#b9b4aa", help="the street it stands on")
    wall = Key(COLOUR, "#e8d3b0", help="the walls' colour")
    roof = Key(choice(*ROOFS), "gable", help="the roof's shape")
    roof_colour = Key(COLOUR, "#b5523b", help="the roof's colour")
    floors = Key(whole(1, 12), 2, help="how many floors of windows")
    bays = Key(whole(1, 4), 2, help="how many windows side by side on each tile")
    height = Key(fraction, 0.55, help="how far up the sky the walls reach")
    windows = Key(COLOUR, "#fdf3c4", help="the windows' glass")
    door = Key(COLOUR, "#6b3e26", help="the door's colour")
    features = Key(choices(*FEATURES), (), help="what it has besides walls, windows and a door")
    sign = Key(TEXT, help="the words on its sign (with the feature `sign`)")
    sign_colour = Key(COLOUR, "#1f2a44", help="the sign's colour")
    awning = Key(COLOUR, "#d55e00", help="the awning's colour (with the feature `awning`)")
    flag = Key(COLOUR, "#d55e00", help="the flag's colour, on a roof that flies one")


@motif("building", Building)
def building(c: Canvas, rect: Rect, box: Box, ctx: PaintContext) -> None:
    k = Building(box)
    x, y, w, h = rect
    parts = _parts(box)
    sky = ctx.ink(box, "sky")
    wall = ctx.ink(box, "wall")
    roof_colour = ctx.ink(box, "roof-colour")
    glass = ctx.ink(box, "windows")
    ground = ctx.ink(box, "ground")
    features = k.features
    horizon = backdrop(c, rect, sky, ground, GROUND_SHARE)
    if k.height < 0.7:  # tall houses leave no sky for clouds
        cloud(c, x + w * 0.12, y + h * 0.93, h * 0.03)
    # The body: most of the width, as tall as the theme says.
    margin = w * 0.05 / parts * 2
    bx0, bx1 = x + margin, x + w - margin
    top = horizon + (y + h - horizon) * k.height
    roof = k.roof
    draw_roof(c, roof, bx0, bx1, top, y + h, roof_colour, wall, box, ctx)
    _body(c, rect, wall, bx0, bx1, horizon, top)
    if "timber" in features:
        _timber(c, bx0, bx1, horizon, top, parts, shade(wall, 0.6))
    floors = k.floors
    floor_h = (top - horizon) / (floors + 0.4)
    front = _Front(bx0, bx1, horizon, floor_h, parts, x, w)
    _windows(c, front, floors, k.bays, features, glass, wall)
    _ground_floor(c, front, top, features, wall, box, ctx)
    if "chimney" in features:
        cx = bx0 + (bx1 - bx0) * 0.72
        c.setFillColor(shade(roof_colour, 0.25))
        c.rect(cx, top + (y + h - top) * 0.15, w * 0.04, (y + h - top) * 0.35, stroke=0, fill=1)


@dataclass(frozen=True)
class _Front:
    """Where a building's front stands: its wall's edges, its foot, a floor's height, and
    the tiles it spans (their count, the picture's left edge and width)."""

    x0: float
    x1: float
    bottom: float
    floor_h: float
    parts: int
    x: float
    w: float


def _body(
    c: Canvas, rect: Rect, wall: colors.Color, x0: float, x1: float, bottom: float, top: float
) -> None:
    """The wall, lit across the picture, with a darker plinth."""
    c.saveState()
    body = c.beginPath()
    body.rect(x0, bottom, x1 - x0, top - bottom)
    c.clipPath(body, stroke=0, fill=0)
    light(c, rect, wall, bottom, top, 0.8)
    c.restoreState()
    c.setFillColor(shade(wall, 0.12))
    c.rect(x0, bottom, x1 - x0, (top - bottom) * 0.06, stroke=0, fill=1)


def _windows(
    c: Canvas,
    front: _Front,
    floors: int,
    per_part: int,
    features: tuple[str, ...],
    glass: colors.Color,
    wall: colors.Color,
) -> None:
    """Each part's bays of windows, floor by floor, leaving the door's place free."""
    door_floor = "awning" in features or "garage" in features or "columns" in features
    mid = (front.x0 + front.x1) / 2
    floor_h = front.floor_h
    for part in range(front.parts):
        px0, px1 = _span(part, front.parts, front.x, front.w, front.x0, front.x1)
        for bay in range(per_part):
            cx = px0 + (px1 - px0) * (bay + 0.5) / per_part
            for fl in range(floors):
                if fl == 0 and (door_floor or abs(cx - mid) < (px1 - px0) / per_part * 0.7):
                    continue  # the door's place
                wy = front.bottom + floor_h * (fl + 0.45)
                _window(
                    c,
                    cx,
                    wy,
                    min((px1 - px0) / per_part * 0.5, floor_h * 0.55),
                    floor_h * 0.6,
                    glass,
                    shade(wall, 0.45),
                    "arched" in features,
                )


def _span(part: int, parts: int, x: float, w: float, x0: float, x1: float) -> tuple[float, float]:
    """Where one part's tile lies across the building's front."""
    return max(x + part * w / parts, x0), min(x + (part + 1) * w / parts, x1)


def _window(
    c: Canvas,
    cx: float,
    wy: float,
    ww: float,
    wh: float,
    glass: colors.Color,
    frame: colors.Color,
    arched: bool,
) -> None:
    c.setFillColor(frame)
    c.rect(cx - ww / 2 - 0.8, wy - 0.8, ww + 1.6, wh + 1.6, stroke=0, fill=1)
    c.setFillColor(glass)
    if arched:
        c.rect(cx - ww / 2, wy, ww, wh - ww / 2, stroke=0, fill=1)
        c.circle(cx, wy + wh - ww / 2, ww / 2, stroke=0, fill=1)
    else:
        c.rect(cx - ww / 2, wy, ww, wh, stroke=0, fill=1)
    c.setStrokeColor(frame)
    c.setLineWidth(0.6)
    c.line(cx, wy, cx, wy + wh)
    c.line(cx - ww / 2, wy + wh * 0.55, cx + ww / 2, wy + wh * 0.55)


def _timber(
    c: Canvas, x0: float, x1: float, bottom: float, top: float, parts: int, beam: colors.Color
) -> None:
    """Half-timbering: posts at each part's edges and a cross in every field."""
    c.setStrokeColor(beam)
    c.setLineWidth(1.6)
    c.line(x0, top, x1, top)
    mid_y = (bottom + top) / 2
    c.line(x0, mid_y, x1, mid_y)
    fields = parts * 2
    for i in range(fields + 1):
        fx = x0 + (x1 - x0) * i / fields
        c.line(fx, bottom, fx, top)
    for i in range(fields):
        fx0, fx1 = x0 + (x1 - x0) * i / fields, x0 + (x1 - x0) * (i + 1) / fields
        c.line(fx0, mid_y, (fx0 + fx1) / 2, top)
        c.line(fx1, mid_y, (fx0 + fx1) / 2, top)


def _ground_floor(
    c: Canvas,
    front: _Front,
    top: float,
    features: tuple[str, ...],
    wall: colors.Color,
    box: Box,
    ctx: PaintContext,
) -> None:
    """The street front: an awning over shop windows, garage doors or a portico, then the
    door (where no garage has one) and a sign."""
    x0, x1, bottom, floor_h, parts = front.x0, front.x1, front.bottom, front.floor_h, front.parts
    mid = (x0 + x1) / 2
    door = ctx.ink(box, "door")
    if "awning" in features:
        _awning(c, front, box, ctx)
    elif "garage" in features:
        _garages(c, front, door)
    elif "columns" in features:
        _portico(c, front, wall)
    if "garage" not in features:
        _door(c, mid, x0, x1, bottom, floor_h, parts, door)
    sign = Building(box).sign
    if "sign" in features and sign:
        _sign(c, str(sign), mid, x0, x1, bottom, top, floor_h, features, box, ctx)


def _awning(c: Canvas, front: _Front, box: Box, ctx: PaintContext) -> None:
    """A striped awning across the front, shop windows under it in every part."""
    x0, x1, bottom, floor_h, parts = front.x0, front.x1, front.bottom, front.floor_h, front.parts
    stripe_a = ctx.ink(box, "awning", "#d55e00")
    stripe_b = colors.white
    ay = bottom + floor_h * 0.95
    n = parts * 6 + 1  # no stripe edge on a seam
    sw = (x1 - x0) / n
    for i in range(n):
        poly(
            c,
            [
                (x0 + i * sw, ay),
                (x0 + (i + 1) * sw, ay),
                (x0 + (i + 1) * sw, ay - floor_h * 0.22),
                (x0 + (i + 0.5) * sw, ay - floor_h * 0.3),
                (x0 + i * sw, ay - floor_h * 0.22),
            ],
            stripe_a if i % 2 else stripe_b,
        )
    c.setFillColor(ctx.ink(box, "windows", "#fdf3c4"))
    for p in range(parts):
        px0, px1 = _span(p, parts, front.x, front.w, x0, x1)
        c.rect(
            px0 + (px1 - px0) * 0.15,
            bottom + floor_h * 0.12,
            (px1 - px0) * 0.7,
            floor_h * 0.5,
            stroke=0,
            fill=1,
        )


def _garages(c: Canvas, front: _Front, door: colors.Color) -> None:
    """A ribbed garage door in every part."""
    bottom, floor_h = front.bottom, front.floor_h
    c.setFillColor(door)
    for p in range(front.parts):
        px0, px1 = _span(p, front.parts, front.x, front.w, front.x0, front.x1)
        gx0, gx1 = px0 + (px1 - px0) * 0.14, px1 - (px1 - px0) * 0.14
        c.rect(gx0, bottom, gx1 - gx0, floor_h * 0.78, stroke=0, fill=1)
        c.setStrokeColor(tint(door, 0.35))
        c.setLineWidth(0.6)
        for k in range(1, 5):
            c.line(gx0, bottom + floor_h * 0.78 * k / 5, gx1, bottom + floor_h * 0.78 * k / 5)


def _portico(c: Canvas, front: _Front, wall: colors.Color) -> None:
    """A shaded portico with pale columns in front, no column on a seam."""
    x0, x1, bottom, floor_h = front.x0, front.x1, front.bottom, front.floor_h
    c.setFillColor(shade(wall, 0.3))  # the portico's shade, with pale columns in front
    c.rect(x0, bottom, x1 - x0, floor_h * 0.95, stroke=0, fill=1)
    n = front.parts * 3 + 1
    for i in range(n):
        cx = x0 + (x1 - x0) * (i + 0.5) / n
        c.setFillColor(tint(wall, 0.6))
        c.rect(cx - 1.8, bottom, 3.6, floor_h * 0.95, stroke=0, fill=1)
        c.setFillColor(shade(wall, 0.15))
        c.rect(cx + 0.9, bottom, 0.9, floor_h * 0.95, stroke=0, fill=1)
    c.setFillColor(shade(wall, 0.1))
    c.rect(x0, bottom + floor_h * 0.95, x1 - x0, floor_h * 0.1, stroke=0, fill=1)


def _door(
    c: Canvas,
    mid: float,
    x0: float,
    x1: float,
    bottom: float,
    floor_h: float,
    parts: int,
    door: colors.Color,
) -> None:
    dw = min((x1 - x0) * 0.12 / max(parts - 1, 1) * 1.6, floor_h * 0.5)
    c.setFillColor(door)
    c.rect(mid - dw / 2, bottom, dw, floor_h * 0.72, stroke=0, fill=1)
    c.setFillColor(tint(door, 0.5))
    c.circle(mid + dw * 0.28, bottom + floor_h * 0.36, 0.7, stroke=0, fill=1)


def _sign(
    c: Canvas,
    text: str,
    mid: float,
    x0: float,
    x1: float,
    bottom: float,
    top: float,
    floor_h: float,
    features: tuple[str, ...],
    box: Box,
    ctx: PaintContext,
) -> None:
    """A name board: its lettering shrinks to the board; a sign that cannot fit or that the
    font cannot write is the theme's mistake, named."""
    font = ctx.fonts["bold"]
    check_glyphs(text, font, box.loc_of("with"), ctx.item_label)
    board = (x1 - x0) * 0.6
    # As large as the floor allows, up to what stays readable on a shop front.
    size = fit_line(
        text, font, max(floor_h * 0.22, 6.5), floor_h * 0.1, board * 0.9, max(floor_h * 0.3, 8.0)
    )
    if size is None:
        raise ContentError(
            Problem(
                box.loc_of("with"),
                f"{ctx.item_label}: the sign '{quoted(text)}' is too long for its building",
            )
        )
    if ctx.preflight:  # lettering a theme asks for is text like any other
        sign = replace(box, name="sign", loc=box.loc_of("with"))
        ctx.preflight.text(sign, size, ctx.item_label, ctx.component)
    # Over the awning, or else astride the eaves, clear of the windows.
    sy = bottom + floor_h * 1.05 if "awning" in features else top - size * 0.8
    c.setFillColor(ctx.ink(box, "sign-colour"))
    c.roundRect(mid - board / 2, sy, board, size * 1.6, 1.5, stroke=0, fill=1)
    c.setFillColor(colors.white)
    c.setFont(font, size)
    c.drawCentredString(mid, sy + size * 0.45, text)
