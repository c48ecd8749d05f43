"""Assembly sketches drawn from the same plans as the parts themselves."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from reportlab.lib import colors

from bastelbogen.content.kinds.stand import LEAN, plan
from bastelbogen.content.painters import motif
from bastelbogen.core.params import COLOUR, BoxKeys, Key, typed, whole
from bastelbogen.core.units import mm
from bastelbogen.render.art.draw import poly

if TYPE_CHECKING:
    from bastelbogen.core.geometry import Rect
    from bastelbogen.layout.layouts import Box
    from bastelbogen.render.paint import PaintContext
    from bastelbogen.render.style import Canvas


PANELS = ("glue", "base", "back", "rest", "ledge", "lip")  # the strip drawn, tab first
Point = tuple[float, float]
Panels = tuple[tuple[str, float, float], ...]  # name, from mm, to mm


def _panels(value: object) -> Panels:
    """A stand's panels as its kind gives them: (name, from mm, to mm) for each, every one
    the drawing folds among them (told here, not as a missing key while drawing)."""
    if not isinstance(value, tuple) or not all(isinstance(p, tuple) for p in value):
        raise ValueError("must be a stand's panels, as the stand kind gives them")
    missing = [name for name in PANELS if name not in {p[0] for p in value}]
    if missing:
        told = ", ".join(missing)
        raise ValueError(f"must be a stand's panels, as the stand kind gives them: no {told}")
    return value


# The sample is a shipped bench's strip (20 x 50 mm tiles, ten, 1 mm apart), taken from the
# kind, so the picture shows the panels the kind gives now.
SAMPLE = tuple(
    (name, round(y0 / mm(1), 2), round(y1 / mm(1), 2))
    for name, y0, y1 in plan((mm(20), mm(50)), 10, mm(1)).panels
)


# A stand's fold steps, as the kind's `plan` numbers them: how far each fold is made (the
# share of its final turn), tab first, then base|back, back|rest, rest|ledge, ledge|lip.
STEPS = {
    1: (0.5, 0.55, 0.5, 0.6, 0.6),  # every line creased, nothing closed yet
    2: (1.0, 1.0, 0.72, 1.0, 1.0),  # the tab up, the rest coming down over it
    3: (1.0, 1.0, 1.0, 1.0, 1.0),  # closed, a tile leaning in place
}
GLUE_INK = colors.HexColor("#b08d3c")  # the tab: the ochre of the sheet's glue area
INK = colors.HexColor("#555555")


class Profile(BoxKeys):
    panels = Key(
        typed(_panels, "a stand's panels (the `stand` kind gives them)"),
        required=True,
        help="the strip's panels, as the stand kind gives them",
    )
    colour = Key(COLOUR, "#d55e00", help="the tile's colour")
    step = Key(
        whole(1, 3),
        3,
        help="1 every line creased, 2 the glue tab up and the rest brought down, 3 folded",
    )


@motif("stand-profile", Profile, sample={"panels": SAMPLE})
def stand_profile(c: Canvas, rect: Rect, box: Box, ctx: PaintContext) -> None:
    """The stand seen from its end at one step of its folding (`step`): 1 every line
    creased, 2 the glue tab up and the rest brought down over it, 3 folded, a tile leaning
    in place."""
    given = Profile(box)
    depth = {name: y1 - y0 for name, y0, y1 in given.panels}
    step = given.step
    points = _strip(depth, STEPS[step])
    tile = _tile(depth) if step == 3 else []
    # Steps 2 and 3 at one scale, so the closed triangle reads as the same from one to the
    # next; the creased strip of step 1 is larger, and fills its own drawing. The tile may
    # run out of the drawing's top.
    alike = (_strip(depth, STEPS[n]) for n in (2, 3)) if step > 1 else (points,)
    k = min(_scale(rect, p) for p in alike)
    at = _placed(rect, points, k)
    c.saveState()
    clip = c.beginPath()
    clip.rect(*rect)
    c.clipPath(clip, stroke=0, fill=0)
    c.setLineJoin(1)
    c.setLineCap(1)
    if step == 3:
        poly(c, [at(*p) for p in points[1:5]], colors.HexColor("#dcd6c8"))
    c.setStrokeColor(INK)
    c.setLineWidth(0.9)
    path = c.beginPath()
    path.moveTo(*at(*points[1]))
    for p in points[2:]:
        path.lineTo(*at(*p))
    c.drawPath(path, stroke=1, fill=0)
    # The tab, thick and in the glue's colour; closed, it shows just inside the rest.
    inside = 1.6 / k if step > 1 else 0.0
    c.setStrokeColor(GLUE_INK)
    c.setLineWidth(2.2)
    c.line(*at(points[0][0] + inside, points[0][1]), *at(points[1][0] + inside, points[1][1]))
    if step == 2:
        _arrow(c, at(*points[4]), at(*_along(points[1], points[0], 0.5)), INK)
    if tile:
        c.setStrokeColor(ctx.ink(box, "colour"))
        c.setLineWidth(1.6)
        c.line(*at(*tile[0]), *at(*tile[1]))
    c.restoreState()


def _strip(depth: Mapping[str, float], shares: Sequence[float]) -> list[Point]:
    """The strip's edge as a path from the tab's free end to the lip's, with each fold made
    by its share of its final turn; the base lies on the table from the front corner (0, 0)
    backward (+x)."""
    base, rest = depth["base"], depth["rest"]
    top = (rest * math.cos(LEAN), rest * math.sin(LEAN))
    # Folded, the tab rises inside the rest, the back closes the triangle from the base's
    # end to the rest's top, the ledge reaches forward and the lip stands up.
    heading = {
        "glue": LEAN + math.pi,
        "base": 0.0,
        "back": math.atan2(top[1], top[0] - base),
        "rest": LEAN + math.pi,
        "ledge": math.pi,
        "lip": math.pi / 2,
    }
    names = PANELS
    turns = [_wrapped(heading[b] - heading[a]) for a, b in zip(names, names[1:], strict=False)]
    made = [share * turn for share, turn in zip(shares, turns, strict=True)]
    angle = -made[0]
    start = (-depth["glue"] * math.cos(angle), -depth["glue"] * math.sin(angle))
    points, here, angle = [start, (0.0, 0.0)], (0.0, 0.0), 0.0
    for n, name in enumerate(names[1:]):
        angle += made[n] if n else 0.0
        here = (here[0] + depth[name] * math.cos(angle), here[1] + depth[name] * math.sin(angle))
        points.append(here)
    return points


def _wrapped(angle: float) -> float:
    return (angle + math.pi) % (2 * math.pi) - math.pi


def _tile(depth: Mapping[str, float]) -> list[Point]:
    """A tile standing on the ledge, leaning on the rest: its foot and its head."""
    tile_h = depth["rest"] / 0.55
    foot = (-depth["ledge"] * 0.55, 0.0)
    return [foot, (foot[0] + tile_h * math.cos(LEAN), foot[1] + tile_h * math.sin(LEAN))]


def _scale(rect: Rect, points: Sequence[Point]) -> float:
    """The largest scale at which these points fit into `rect`, with a little room."""
    _, _, w, h = rect
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(w / (max(xs) - min(xs) or 1.0), h / (max(ys) - min(ys) or 1.0)) * 0.92


def _placed(rect: Rect, points: Sequence[Point], k: float) -> Callable[[float, float], Point]:
    """The map that sets these points, at scale `k`, in the middle of `rect`."""
    x, y, w, h = rect
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    ox = x + (w - (max(xs) - min(xs)) * k) / 2 - min(xs) * k
    oy = y + (h - (max(ys) - min(ys)) * k) / 2 - min(ys) * k
    return lambda px, py: (ox + px * k, oy + py * k)


def _along(a: Point, b: Point, share: float) -> Point:
    return a[0] + (b[0] - a[0]) * share, a[1] + (b[1] - a[1]) * share


def _arrow(c: Canvas, start: Point, end: Point, ink: colors.Color) -> None:
    """A short arrow from `start` toward `end`, stopping short of it."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    tip = (end[0] - ux * 1.5, end[1] - uy * 1.5)
    c.setStrokeColor(ink)
    c.setLineWidth(0.7)
    c.line(start[0] + ux * 1.5, start[1] + uy * 1.5, *tip)
    head = 3.0
    poly(
        c,
        [
            tip,
            (tip[0] - ux * head - uy * head * 0.6, tip[1] - uy * head + ux * head * 0.6),
            (tip[0] - ux * head + uy * head * 0.6, tip[1] - uy * head - ux * head * 0.6),
        ],
        ink,
    )
